"""A worksheet's paragraphs: text broken into lines once, each word measured once.

fpdf2's ``multi_cell`` measures a line again for every character it adds, which made
line breaking most of the time of a class set. A worksheet paragraph is simpler than
what ``multi_cell`` handles: left-aligned words, ``**`` turning bold on and off, and
``\\n`` starting a new line. :func:`break_lines` breaks it where ``multi_cell`` would
(as many words as fit in the cell's width less its two inner margins), measuring
each word once per font and keeping the result, and :func:`draw_paragraph` prints the
lines with ``FPDF.text``, one call per run of one style.

>>> from fpdf import FPDF
>>> pdf = FPDF(unit="mm")
>>> pdf.set_font("helvetica", "", 10)
>>> for line in break_lines(pdf, 40, "A card's **face value** is the number of shapes on it."):
...     print(line)
(("A card's ", ''), ('face value', 'B'), (' is', ''))
(('the number of shapes', ''),)
(('on it.', ''),)
>>> line_count(pdf, 40, "one\\n\\ntwo")
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "BOLD",
    "Line",
    "Run",
    "baseline",
    "break_lines",
    "draw_paragraph",
    "line_count",
    "text_start",
    "text_width",
]

#: The marker that turns bold on and off in a worksheet paragraph.
BOLD = "**"

#: Text in one style: (text, fpdf2 style such as "", "B", "I" or "BI").
Run = tuple[str, str]
#: One printed line: its runs, left to right.
Line = tuple[Run, ...]

# How many measured words and broken paragraphs a process keeps (then it starts again).
_KEEP = 50_000

# A line may be this much wider than its room, in mm (fpdf2's tolerance for a width
# that sums to exactly the room in another order).
_TOLERANCE = 1e-9

# fpdf2 puts a cell's baseline this many font sizes below the middle of the cell.
_BASELINE = 0.3


def _with_bold(style: str, bold: bool) -> str:
    return ("B" if bold else "") + style.replace("B", "")


def _words(text: str, style: str) -> list[tuple[str, list[Run]]]:
    """``text`` as words split at spaces: (the style of the space before the word, the
    word's runs); ``**`` toggles bold."""
    words: list[tuple[str, list[Run]]] = [(style, [])]
    bold = "B" in style
    for i, part in enumerate(text.split(BOLD)):
        if i:
            bold = not bold
        run_style = _with_bold(style, bold)
        for j, piece in enumerate(part.split(" ")):
            if j:
                words.append((run_style, []))
            if piece:
                words[-1][1].append((piece, run_style))
    return words


def _font(pdf: FPDF, style: str) -> Any:
    """The document's font object for its family in ``style``, added if not yet used."""
    key = pdf.font_family + style
    if key not in pdf.fonts:
        family, current, size = pdf.font_family, pdf.font_style, pdf.font_size_pt
        pdf.set_font(family, style, size)
        pdf.set_font(family, current, size)
    return pdf.fonts[key]


def _width(pdf: FPDF, runs: list[Run] | tuple[Run, ...]) -> float:
    """Width of ``runs`` in mm at the document's font size; each word's width at 1 pt is
    kept per font (a family and style name one font file)."""
    total = 0.0
    for text, style in runs:
        font = _font(pdf, style)
        key = (font.fontkey, text)
        width = _EM_WIDTHS.get(key)
        if width is None:
            if len(_EM_WIDTHS) >= _KEEP:
                _EM_WIDTHS.clear()
            width = _EM_WIDTHS[key] = float(font.get_text_width(text, 1.0, None)[1])
        total += width
    return total * pdf.font_size_pt / pdf.k


# width at 1 pt, in points, of a word (or a run) in a font: (font key, text) -> width
_EM_WIDTHS: dict[tuple[str, str], float] = {}


def text_width(pdf: Any, text: str) -> float:
    """Width of ``text`` (no markup) in the current font of ``pdf``, in mm."""
    return _width(pdf, [(text, pdf.font_style)])


def text_start(pdf: Any, x: float, w: float, width: float, align: str = "L") -> float:
    """Where a line ``width`` mm wide starts in a cell from ``x`` ``w`` mm wide, as
    ``FPDF.cell`` places it: after the inner margin (``"L"``), centred (``"C"``) or
    ending at the inner margin (``"R"``)."""
    if align == "C":
        return x + (w - width) / 2
    if align == "R":
        return x + w - pdf.c_margin - width
    return x + pdf.c_margin


def baseline(pdf: Any, y: float, h: float) -> float:
    """The baseline of text in a cell from ``y`` ``h`` mm tall, as ``FPDF.cell`` puts it."""
    return y + h / 2 + _BASELINE * pdf.font_size


def _join(line: list[Run]) -> Line:
    """Runs of one line with neighbours in the same style merged."""
    merged: list[Run] = []
    for text, style in line:
        if merged and merged[-1][1] == style:
            merged[-1] = (merged[-1][0] + text, style)
        else:
            merged.append((text, style))
    return tuple(merged)


def _break_one(pdf: FPDF, room: float, text: str, style: str) -> list[Line]:
    lines: list[Line] = []
    line: list[Run] = []
    used = 0.0  # the width of ``line``, in mm
    for space_style, word in _words(text, style):
        space: list[Run] = [(" ", space_style)] if line else []
        added = _width(pdf, space + word)
        if line and used + added > room + _TOLERANCE:
            lines.append(_join(line))
            line, space, added, used = [], [], _width(pdf, word), 0.0
        line += space + word
        used += added
        while used > room + _TOLERANCE and sum(len(t) for t, _ in line) > 1:
            # a word wider than the line: break it between letters, as multi_cell does
            head, line = _split_word(pdf, room, line)
            lines.append(head)
            used = _width(pdf, line)
    lines.append(_join(line))
    return lines


def _split_word(pdf: FPDF, room: float, line: list[Run]) -> tuple[Line, list[Run]]:
    letters = [(c, style) for text, style in line for c in text]
    cut = 1
    while cut < len(letters) and _width(pdf, letters[: cut + 1]) <= room + _TOLERANCE:
        cut += 1
    return _join(letters[:cut]), letters[cut:]


def break_lines(pdf: Any, w: float, text: str) -> tuple[Line, ...]:
    """``text`` broken into lines for a cell ``w`` mm wide in the current font of ``pdf``
    (an ``fpdf.FPDF``, or the layout recorder that passes calls on to one).

    A line holds as many words as fit in ``w`` less the cell's inner margins
    (``pdf.c_margin`` each side); a word wider than that is broken between letters.
    ``**`` turns bold on and off (it is not printed), ``\\n`` starts a new line, and an
    empty paragraph is one empty line. Returns the lines, each a tuple of (text,
    style) runs.
    """
    style = pdf.font_style
    room = w - 2 * pdf.c_margin
    return _cached_lines(pdf, pdf.font_family, style, pdf.font_size_pt, room, text)


def _cached_lines(
    pdf: FPDF, family: str, style: str, size: float, room: float, text: str
) -> tuple[Line, ...]:
    key = (family, style, size, round(room, 6), text)
    lines = _LINES.get(key)
    if lines is None:
        if len(_LINES) >= _KEEP:
            _LINES.clear()
        broken: list[Line] = []
        for paragraph in text.split("\n"):
            broken += _break_one(pdf, room, paragraph, style)
            if paragraph.count(BOLD) % 2:  # bold goes on over the line break
                style = _with_bold(style, "B" not in style)
        lines = _LINES[key] = tuple(broken)
    return lines


# paragraphs already broken: (family, style, size in pt, room in mm, text) -> lines
_LINES: dict[tuple[str, str, float, float, str], tuple[Line, ...]] = {}


def line_count(pdf: Any, w: float, text: str) -> int:
    """How many lines :func:`draw_paragraph` prints ``text`` on in a cell ``w`` mm wide."""
    return len(break_lines(pdf, w, text))


def draw_paragraph(pdf: Any, x: float, y: float, w: float, h: float, text: str) -> float:
    """Print ``text`` from (x, y) mm in a cell ``w`` mm wide, one line every ``h`` mm,
    left-aligned after the cell's inner margin as ``multi_cell`` prints it. ``pdf`` is
    an ``fpdf.FPDF`` or anything that passes ``text`` and ``set_font`` on to one (the
    layout recorder). Leaves the position at (x, the y below) and returns that y.
    """
    family, style, size = pdf.font_family, pdf.font_style, pdf.font_size_pt
    lines = break_lines(pdf, w, text)
    line_y = baseline(pdf, y, h)
    current = style
    for line in lines:
        left = text_start(pdf, x, w, 0.0)
        for run, run_style in line:
            if run_style != current:
                pdf.set_font(family, run_style, size)
                current = run_style
            if run.strip():
                pdf.text(left, line_y, run)
            left += _width(pdf, [(run, run_style)])
        line_y += h
    if current != style:
        pdf.set_font(family, style, size)
    below = y + len(lines) * h
    pdf.set_xy(x, below)
    return below
