"""The font of every PDF the toolkit prints, and the text it can draw.

Worksheets, keys, score sheets (and every PDF that calls :func:`use_pdf_font`) print in
DejaVu Sans, embedded in the file (only the characters used, as fpdf2 subsets it):
regular, bold, oblique and bold oblique, read from matplotlib's own font folder
(``matplotlib.get_data_path()/fonts/ttf``), so nothing is downloaded. DejaVu Sans
draws Spanish (á é í ó ú ü ñ ¿ ¡), names such as Zoë, José or Nguyễn Văn An, Greek and
Cyrillic, typographic quotes and dashes and the math signs the lessons write (≤ ≥ ≈
→ √ ✔); it has no Chinese, Japanese or Korean characters.

:func:`undrawable` lists the characters of a text the font cannot draw (checked
against the character maps of all four styles with fontTools, which fpdf2 depends
on); :func:`pdf_text` writes each of them as its plain form in
:data:`PDF_REPLACEMENTS` or as ``missing``, so a PDF never prints an empty box. PDFs
still drawn in a core font (Helvetica: Latin-1 only) call ``pdf_text(text)``; PDFs in
DejaVu Sans call ``pdf_text(text, unicode=True)``.

>>> pdf_text("“rolling double sixes” – 3 ≤ 4 − 1 → true", unicode=True)
'“rolling double sixes” – 3 ≤ 4 − 1 → true'
>>> pdf_text("“rolling double sixes” – 3 ≤ 4 − 1 → true")
'"rolling double sixes" - 3 <= 4 - 1 -> true'
>>> undrawable("José, Zoë, Nguyễn Văn An, 王小明")
'王小明'
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "FONT_FAMILY",
    "FONT_FILES",
    "PDF_REPLACEMENTS",
    "font_folder",
    "lost_in_pdf",
    "pdf_text",
    "undrawable",
    "use_pdf_font",
]

#: The family name the PDFs set with ``set_font`` once :func:`use_pdf_font` added it.
FONT_FAMILY = "dejavu"
#: The font file of each style fpdf2 knows ("" regular, "B" bold, "I" oblique, "BI").
FONT_FILES: dict[str, str] = {
    "": "DejaVuSans.ttf",
    "B": "DejaVuSans-Bold.ttf",
    "I": "DejaVuSans-Oblique.ttf",
    "BI": "DejaVuSans-BoldOblique.ttf",
}

#: A plain form for characters a PDF font may lack (used only if DejaVu Sans lacks one).
PDF_REPLACEMENTS: dict[str, str] = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": " - ",
    "\u2212": "-",
    "\u2026": "...",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u2260": "!=",
    "\u2248": "~",
    "\u2022": "\u00b7",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "\u2192": "->",
    "\u2190": "<-",
    "\u221a": "sqrt",
    "\u2714": "(right)",
    "\u2718": "(not yet)",
    "\u2044": "/",
}


def font_folder() -> Path:
    """The folder of matplotlib's DejaVu Sans files (``.../mpl-data/fonts/ttf``).

    Raises:
        XactikaError: if a file of :data:`FONT_FILES` is not there (a broken matplotlib).
    """
    import matplotlib

    from ..base.errors import XactikaError

    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for name in FONT_FILES.values():
        if not (folder / name).is_file():
            raise XactikaError(f"the PDF font {str(folder / name)!r} is missing from matplotlib")
    return folder


@functools.cache
def _drawable() -> frozenset[int]:
    """The code points every style of DejaVu Sans draws (read once per process)."""
    from fontTools.ttLib import TTFont

    folder = font_folder()
    common: set[int] | None = None
    for name in FONT_FILES.values():
        with TTFont(folder / name, lazy=True) as font:
            points = set(font.getBestCmap())
        common = points if common is None else common & points
    return frozenset(common or ())


def undrawable(text: str) -> str:
    """The characters of ``text`` that DejaVu Sans cannot draw in all four styles, in
    order of first appearance (line breaks and tabs do not count); ``""`` if none.

    >>> undrawable("Zoë ¿Qué? ✔"), undrawable("명수")
    ('', '명수')
    """
    drawable = _drawable()
    return "".join(
        dict.fromkeys(ch for ch in text if ch not in "\n\r\t" and ord(ch) not in drawable)
    )


def lost_in_pdf(text: str, *, unicode: bool = False) -> str:
    """The characters of ``text`` that :func:`pdf_text` can neither print nor replace, in
    order of first appearance; ``""`` when every character reaches the PDF.

    >>> lost_in_pdf("4 deals → 1.25 a hand, 🂡 明")
    '🂡明'
    >>> lost_in_pdf("4 deals → 1.25 a hand, 🂡 明", unicode=True)
    '明'
    """
    lost = _lost(text, unicode)
    return "".join(ch for ch in lost if ch not in PDF_REPLACEMENTS)


def _lost(text: str, unicode: bool) -> str:
    """The characters of ``text`` the font cannot draw: DejaVu Sans (``unicode``) or a
    core font such as Helvetica (Latin-1 only)."""
    if unicode:
        return undrawable(text)
    return "".join(dict.fromkeys(ch for ch in text if ord(ch) >= 256))


def pdf_text(text: str, missing: str = "?", *, unicode: bool = False) -> str:
    """``text`` with every character the PDF's font cannot draw replaced by its plain
    form in :data:`PDF_REPLACEMENTS`, any other by ``missing``. The font: DejaVu Sans
    if ``unicode`` (added with :func:`use_pdf_font`), else a core font such as Helvetica,
    which draws only Latin-1 (the lesson plans, exit tickets and rules card).

    >>> pdf_text("3 ≤ 4 → true, a 明 card", missing="")
    '3 <= 4 -> true, a  card'
    >>> pdf_text("3 ≤ 4 → true, a 明 card", missing="", unicode=True)
    '3 ≤ 4 → true, a  card'
    """
    lost = _lost(text, unicode)
    if not lost:
        return text
    return "".join(PDF_REPLACEMENTS.get(ch, missing) if ch in lost else ch for ch in text)


def use_pdf_font(pdf: FPDF | Any) -> str:
    """Add DejaVu Sans, all four styles, to ``pdf`` (an ``fpdf.FPDF``, once; again does
    nothing) and return its family name for ``set_font``: :data:`FONT_FAMILY`.

    Each font file is read once a process (:func:`_read_font`); every PDF gets its own
    copy of the widths and its own font tables, which fontTools reads only when the PDF
    is written (writing cuts the tables down to the characters used). So the result is
    what ``pdf.add_font`` gives, byte for byte, at a small part of the time: reading a
    style's tables takes about 0.15 s, and every worksheet page is laid out on a PDF of
    its own.

    Raises:
        XactikaError: if matplotlib's font files are missing.
    """
    from fontTools import ttLib
    from fpdf.fonts import SubsetMap

    for style in FONT_FILES:
        key = FONT_FAMILY + style
        if key in pdf.fonts:
            continue
        read = _read_font(style)
        font = copy.copy(read)
        font.cw = read.cw.copy()  # fpdf2 adds to the widths as it draws
        font.glyph_ids = dict(read.glyph_ids)
        font.i = len(pdf.fonts) + 1
        font.ttfont = ttLib.TTFont(font.ttffile, recalcTimestamp=False, lazy=True)
        font.subset = SubsetMap(font)
        font.missing_glyphs = []
        font.biggest_size_pt = 0
        pdf.fonts[key] = font
    return FONT_FAMILY


@functools.cache
def _read_font(style: str) -> Any:
    """fpdf2's font object for DejaVu Sans in ``style``, read once a process; only
    copied (:func:`use_pdf_font`), never drawn with."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_font(FONT_FAMILY, style, str(font_folder() / FONT_FILES[style]))
    return pdf.fonts[FONT_FAMILY + style]
