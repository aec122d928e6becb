"""What a worksheet page puts where: a recording layer over fpdf2, and the checks.

Every page is drawn through a :class:`Recorder`, which passes each call on to the
``fpdf.FPDF`` document unchanged (so the PDF bytes do not depend on it) and keeps
one :class:`Element` for each thing printed: its box in millimetres, its group, and
for text its font size in points. :func:`layout_problems` then checks a page the way
a teacher would look at it: nothing outside the margins, nothing printed through
something else, no text smaller than :data:`MIN_TEXT_PT`.

>>> from fpdf import FPDF
>>> pdf = FPDF(unit="mm", format="a4")
>>> pdf.set_margins(13, 11, 13)
>>> pdf.set_auto_page_break(False, margin=10)
>>> page = Recorder(pdf)
>>> page.add_page()
>>> page.set_font("helvetica", "", 6)
>>> page.set_xy(13, 20)
>>> _ = page.cell(40, 5, "small print")
>>> with page.group("answer line"):
...     page.line(13, 22, 100, 22)
>>> for problem in layout_problems(page.elements):
...     print(problem)
text 'small print' is set in 6 pt, below 7 pt
line of 'answer line' crosses text 'small print'
"""

from __future__ import annotations

import contextlib
import io
import itertools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .geometry import (
    Box,
    Segment,
    overlap,
    segment_crosses_box,
    segments_distance,
    shrink,
)
from .spacing import (
    RUN_ALONG_GAP,
    SYMBOL_CLEARANCE,
    TEXT_SIDE_GAP,
    run_along_problems,
    symbol_problems,
)
from .svg_place import place_svg, smallest_svg_text, svg_picture
from .wrap import baseline, text_start, text_width

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "FOOTER_GAP",
    "MIN_TEXT_PT",
    "RUN_ALONG_GAP",
    "SYMBOL_CLEARANCE",
    "TEXT_SIDE_GAP",
    "Element",
    "Recorder",
    "layout_problems",
    "segment_crosses_box",
]

#: The smallest font size, in points, a worksheet may print (text in card pictures too).
MIN_TEXT_PT = 7.0

# Helvetica's ink around the baseline, in font sizes: capitals and ascenders rise
# 0.72, descenders drop 0.21. fpdf2 puts a cell's baseline 0.3 font sizes below
# the middle of the cell.
_ASCENT = 0.72
_DESCENT = 0.21
# How close two things may come before they count as touching, in mm.
_CLEARANCE = 0.2
#: The space, in mm, kept between the page's last line of text and its footer.
FOOTER_GAP = 1.5


@dataclass(frozen=True)
class Element:
    """One printed thing on one page.

    Attributes:
        page: the page number, from 1.
        kind: ``"text"``, ``"line"`` (the strokes of a line, outline or polygon),
            ``"fill"`` (a filled area) or ``"image"``.
        box: (x0, y0, x1, y1) in mm from the page's top left: the ink of a text,
            the area of a fill or image, the bounding box of the strokes.
        group: what it belongs to (``"page"`` unless drawn inside
            :meth:`Recorder.group`); things in one group may touch each other.
        text: the text printed (``""`` for other kinds).
        size: the font size in points for text; for an image, the smallest font
            size of any text in it (None if it has none).
        segments: the stroked segments of a ``"line"`` element, in mm.
        background: drawn as a background (grid paper, hatching, shading) that
            text and marks may lie on.
        weight: the line width of a ``"line"`` element, in mm.
        part: which :meth:`Recorder.group` block drew it (0: none); lines of one
            block may touch, even if another block has the same group name.
        limit: for text in a cell, the cell's box: the text must fit inside it.
        symbol: drawn as a small symbol (a marker or glyph beside a label), which
            must stand clear of text and of other lines (:data:`SYMBOL_CLEARANCE`).
    """

    page: int
    kind: str
    box: Box
    group: str
    text: str = ""
    size: float | None = None
    segments: tuple[Segment, ...] = ()
    background: bool = False
    limit: Box | None = None
    weight: float = 0.0
    part: int = 0
    symbol: bool = False

    def describe(self) -> str:
        """``"text 'Percent:'"``, ``"line of 'tally'"``: how a problem names it."""
        if self.kind == "text":
            return f"text {self.text!r}"
        return f"{self.kind} of {self.group!r}"


class Recorder:
    """An ``fpdf.FPDF`` document that also records every element it prints.

    Attribute access and every call not listed here go straight to the document.
    ``cell``, ``multi_cell``, ``text``, ``line``, ``rect``, ``circle``, ``ellipse``,
    ``polygon`` and ``image`` are recorded as :class:`Element` values in
    :attr:`elements`, then drawn exactly as asked. The printable area is the
    document's margins (``l_margin``, ``t_margin``, ``r_margin``, ``b_margin``).

    With ``record=False`` nothing is recorded (``elements`` stays empty) and every call
    goes straight to the document: the same PDF, drawn in about half the time (a
    recorded paragraph is laid out twice), for printing a class set.

    An SVG picture placed with :meth:`image` (a card) is read once per process and
    kept (:func:`svg_picture`): a class set places the same cards again and again.
    """

    def __init__(self, pdf: FPDF, *, record: bool = True) -> None:
        self._pdf = pdf
        self._record = record
        self.elements: list[Element] = []
        self._groups: list[tuple[str, int]] = [("page", 0)]
        self._blocks = 0
        self._background = 0
        self._symbol = 0
        self._clip: Box | None = None
        self._rotation: tuple[float, float, float] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pdf, name)

    def __setattr__(self, name: str, value: Any) -> None:
        # the recorder's own state starts with "_" (and ``elements``); the rest,
        # such as ``x`` or ``y``, belongs to the document
        if name.startswith("_") or name == "elements":
            object.__setattr__(self, name, value)
        else:
            setattr(self._pdf, name, value)

    @property
    def area(self) -> Box:
        """The printable area (x0, y0, x1, y1) in mm: the page inside its margins."""
        pdf = self._pdf
        return (pdf.l_margin, pdf.t_margin, pdf.w - pdf.r_margin, pdf.h - pdf.b_margin)

    # -- grouping

    @contextlib.contextmanager
    def group(self, name: str) -> Iterator[None]:
        """Record what is drawn inside as one group (its parts may touch each other)."""
        self._blocks += 1
        self._groups.append((name, self._blocks))
        try:
            yield
        finally:
            self._groups.pop()

    @contextlib.contextmanager
    def background(self) -> Iterator[None]:
        """Record what is drawn inside as background (grid paper, hatching)."""
        self._background += 1
        try:
            yield
        finally:
            self._background -= 1

    @contextlib.contextmanager
    def symbol(self, name: str) -> Iterator[None]:
        """Record what is drawn inside as one symbol named ``name`` (a marker, a glyph)."""
        self._symbol += 1
        try:
            with self.group(name):
                yield
        finally:
            self._symbol -= 1

    def _add(self, kind: str, box: Box, **fields: Any) -> None:
        if not self._record:
            return
        if self._clip is not None:
            box = (
                max(box[0], self._clip[0]),
                max(box[1], self._clip[1]),
                min(box[2], self._clip[2]),
                min(box[3], self._clip[3]),
            )
            if box[0] > box[2] or box[1] > box[3]:
                return
        fields.setdefault("background", self._background > 0)
        fields.setdefault("symbol", self._symbol > 0)
        self.elements.append(
            Element(
                page=self._pdf.page,
                kind=kind,
                box=box,
                group=self._groups[-1][0],
                part=self._groups[-1][1],
                **fields,
            )
        )

    def _strokes(self, segments: Sequence[Segment]) -> None:
        half = self._pdf.line_width / 2
        xs = [x for s in segments for x in (s[0], s[2])]
        ys = [y for s in segments for y in (s[1], s[3])]
        box = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        self._add("line", box, segments=tuple(segments), weight=self._pdf.line_width)

    def _shape(self, points: Sequence[tuple[float, float]], style: object, closed: bool) -> None:
        style = str(getattr(style, "value", style) or "D").upper()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if "F" in style:
            self._add("fill", (min(xs), min(ys), max(xs), max(ys)), background=True)
        if "D" in style:
            ends = list(points) + ([points[0]] if closed else [])
            self._strokes([(*a, *b) for a, b in itertools.pairwise(ends)])

    def _text_box(self, x: float, baseline: float, width: float) -> Box:
        size = self._pdf.font_size
        box = (x, baseline - _ASCENT * size, x + width, baseline + _DESCENT * size)
        if self._rotation is None:
            return box
        angle, cx, cy = self._rotation
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        # fpdf2 turns counter-clockwise on the page (y down)
        turned = [
            (cx + (px - cx) * cos + (py - cy) * sin, cy - (px - cx) * sin + (py - cy) * cos)
            for px, py in corners
        ]
        return (
            min(p[0] for p in turned),
            min(p[1] for p in turned),
            max(p[0] for p in turned),
            max(p[1] for p in turned),
        )

    def _record_line_of_text(
        self, text: str, x: float, y: float, w: float, h: float, align: str, markdown: bool
    ) -> None:
        pdf = self._pdf
        if not self._record or not text.strip():
            return
        width = pdf.get_string_width(text, markdown=markdown) if markdown else text_width(pdf, text)
        align = str(getattr(align, "value", align) or "L")[0].upper()
        start = text_start(pdf, x, w, width, align)
        shown = re.sub(r"\*\*|__|--", "", text) if markdown else text
        self._add(
            "text",
            self._text_box(start, baseline(pdf, y, h), width),
            text=shown,
            size=pdf.font_size_pt,
            limit=(x, y, x + w, y + h),
        )

    # -- drawing calls

    def cell(
        self, w: float | None = None, h: float | None = None, text: str = "", **kw: Any
    ) -> Any:
        pdf = self._pdf
        width = w if w else pdf.w - pdf.r_margin - pdf.x
        height = pdf.font_size if h is None else h
        self._record_line_of_text(
            text, pdf.x, pdf.y, width, height, kw.get("align", "L"), kw.get("markdown", False)
        )
        return pdf.cell(w, h, text, **kw)

    def cell_text(
        self, x: float, y: float, w: float, h: float, text: str, align: str = "L"
    ) -> None:
        """One line of ``text`` in the cell (x, y, w, h) mm, placed as ``cell(w, h, text,
        align=align)`` at (x, y) places it and recorded the same way, but printed with
        ``FPDF.text`` (a fifth of the time). Leaves the position at (x + w, y)."""
        pdf = self._pdf
        self._record_line_of_text(text, x, y, w, h, align, False)
        if text:
            start = text_start(pdf, x, w, text_width(pdf, text), align)
            pdf.text(start, baseline(pdf, y, h), text)
        pdf.set_xy(x + w, y)

    def multi_cell(self, w: float, h: float | None = None, text: str = "", **kw: Any) -> Any:
        pdf = self._pdf
        if kw.get("dry_run") or not self._record:
            return pdf.multi_cell(w, h, text, **kw)
        lines = cast(  # dry_run with output="LINES": the lines it would print
            "list[str]",
            pdf.multi_cell(
                w,
                h,
                text,
                align=kw.get("align", "J"),
                markdown=kw.get("markdown", False),
                dry_run=True,
                output="LINES",
            ),
        )
        height = pdf.font_size if h is None else h
        align = kw.get("align", "J")
        align = "L" if str(getattr(align, "value", align))[0].upper() == "J" else align
        for i, line in enumerate(lines):
            self._record_line_of_text(
                line, pdf.x, pdf.y + i * height, w, height, align, kw.get("markdown", False)
            )
        return pdf.multi_cell(w, h, text, **kw)

    def text(self, x: float, y: float, text: str = "") -> None:
        pdf = self._pdf
        if self._record and text.strip():
            box = self._text_box(x, y, pdf.get_string_width(text))
            self._add("text", box, text=text, size=pdf.font_size_pt)
        pdf.text(x, y, text)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._strokes([(x1, y1, x2, y2)])
        self._pdf.line(x1, y1, x2, y2)

    def rect(self, x: float, y: float, w: float, h: float, style: Any = None, **kw: Any) -> None:
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        self._shape(corners, style, closed=True)
        self._pdf.rect(x, y, w, h, style, **kw)

    def circle(self, x: float, y: float, radius: float, style: Any = None) -> None:
        self._ellipse_shape(x - radius, y - radius, 2 * radius, 2 * radius, style)
        self._pdf.circle(x, y, radius, style)

    def ellipse(self, x: float, y: float, w: float, h: float, style: Any = None) -> None:
        self._ellipse_shape(x, y, w, h, style)
        self._pdf.ellipse(x, y, w, h, style)

    def _ellipse_shape(self, x: float, y: float, w: float, h: float, style: Any) -> None:
        cx, cy = x + w / 2, y + h / 2
        points = [
            (
                cx + w / 2 * math.cos(2 * math.pi * k / 48),
                cy + h / 2 * math.sin(2 * math.pi * k / 48),
            )
            for k in range(48)
        ]
        self._shape(points, style, closed=True)

    def polygon(
        self, point_list: Sequence[tuple[float, float]], fill: bool = False, style: Any = None
    ) -> None:
        self._shape(list(point_list), style or ("DF" if fill else "D"), closed=True)
        self._pdf.polygon(point_list, fill=fill, style=style)

    def image(self, name: Any, x: float, y: float, w: float, h: float, **kw: Any) -> Any:
        if self._record:
            self._add("image", (x, y, x + w, y + h), size=smallest_svg_text(name, w))
        data = name.getvalue() if isinstance(name, io.BytesIO) else None
        if data is None or kw or not data.lstrip().startswith(b"<svg"):
            return self._pdf.image(name, x=x, y=y, w=w, h=h, **kw)
        return place_svg(self._pdf, svg_picture(data), x, y, w, h)

    @contextlib.contextmanager
    def rotation(
        self, angle: float, x: float | None = None, y: float | None = None
    ) -> Iterator[None]:
        pdf = self._pdf
        self._rotation = (angle, pdf.x if x is None else x, pdf.y if y is None else y)
        try:
            with pdf.rotation(angle, x, y):
                yield
        finally:
            self._rotation = None

    @contextlib.contextmanager
    def rect_clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        self._clip = (x, y, x + w, y + h)
        try:
            with self._pdf.rect_clip(x, y, w, h):
                yield
        finally:
            self._clip = None


# --- the checks -------------------------------------------------------------------


def layout_problems(elements: Sequence[Element], area: Box | None = None) -> list[str]:
    """Everything wrong with how ``elements`` are laid out, one sentence each.

    The checks, on each page:

    * every element lies inside ``area`` (the printable area inside the margins;
      skipped when None);
    * text is at least :data:`MIN_TEXT_PT` points, also text inside images (the
      count digits of a card picture), and fits inside its cell;
    * no text overlaps other text or an image, or is crossed by a line that is
      not background, nor comes within :data:`TEXT_SIDE_GAP` mm of one at its side;
    * no image overlaps another image, or is crossed by a line of another group;
    * lines of different groups stay :data:`_CLEARANCE` mm apart (background
      lines excepted);
    * a symbol (drawn inside :meth:`Recorder.symbol`) stands
      :data:`SYMBOL_CLEARANCE` mm clear of text and of lines outside it;
    * no two parallel lines run along each other closer than
      :data:`RUN_ALONG_GAP` mm without meeting (an answer line on a border;
      plots, the ``"graph"`` group, excepted: their data place their lines);
    * text stays :data:`FOOTER_GAP` mm above the footer (the ``"footer"`` group).

    Args:
        elements: what a :class:`Recorder` recorded.
        area: (x0, y0, x1, y1) in mm, usually :attr:`Recorder.area`.

    Returns:
        a list of problems, each naming the elements (empty when the page is clean).
    """
    problems: list[str] = []
    pages: dict[int, list[Element]] = {}
    for element in elements:
        pages.setdefault(element.page, []).append(element)
    for page, items in pages.items():
        where = f" on page {page}" if len(pages) > 1 else ""
        problems.extend(p + where for p in _page_problems(items, area))
    return problems


def _page_problems(items: list[Element], area: Box | None) -> list[str]:
    problems: list[str] = []
    texts = [e for e in items if e.kind == "text"]
    images = [e for e in items if e.kind == "image"]
    lines = [e for e in items if e.kind == "line" and not e.background]
    tolerance = 0.01
    if area is not None:
        for e in items:
            box = e.box
            # a stroke may be centred on the margin: half its width lies outside
            slack = tolerance + e.weight / 2
            if (
                box[0] < area[0] - slack
                or box[1] < area[1] - slack
                or box[2] > area[2] + slack
                or box[3] > area[3] + slack
            ):
                problems.append(
                    f"{e.describe()} at x {box[0]:.1f}-{box[2]:.1f} mm, "
                    f"y {box[1]:.1f}-{box[3]:.1f} mm "
                    f"leaves the printable area x {area[0]:.1f}-{area[2]:.1f}, "
                    f"y {area[1]:.1f}-{area[3]:.1f}"
                )
    for e in texts + images:
        if e.size is not None and e.size < MIN_TEXT_PT - 1e-6:
            what = e.describe() if e.kind == "text" else f"text in image of {e.group!r}"
            problems.append(f"{what} is set in {e.size:.3g} pt, below {MIN_TEXT_PT:g} pt")
    for e in texts:
        if e.limit is not None and e.box[2] - e.box[0] > e.limit[2] - e.limit[0] + tolerance:
            problems.append(
                f"{e.describe()} is {e.box[2] - e.box[0]:.1f} mm wide, wider than its "
                f"{e.limit[2] - e.limit[0]:.1f} mm cell"
            )
    for i, a in enumerate(texts):
        for b in texts[i + 1 :] + images:
            if overlap(shrink(a.box, 0.05), shrink(b.box, 0.05)):
                problems.append(f"{a.describe()} overlaps {b.describe()}")
        for stroke in lines:
            # the stroke's own width counts: a thick stroke near text touches it
            inner = shrink(a.box, 0.1 - stroke.weight / 2)
            if overlap(stroke.box, inner) and any(
                segment_crosses_box(s, inner) for s in stroke.segments
            ):
                problems.append(f"{stroke.describe()} crosses {a.describe()}")
            else:
                # a rule beside a word: keep TEXT_SIDE_GAP clear (a heading in a narrow cell)
                side = TEXT_SIDE_GAP + stroke.weight / 2
                beside = (a.box[0] - side, inner[1], a.box[2] + side, inner[3])
                if overlap(stroke.box, beside) and any(
                    segment_crosses_box(s, beside) for s in stroke.segments
                ):
                    problems.append(
                        f"{stroke.describe()} is within {TEXT_SIDE_GAP:g} mm of {a.describe()}"
                    )
    for i, a in enumerate(images):
        for b in images[i + 1 :]:
            if overlap(a.box, b.box, _CLEARANCE):
                problems.append(f"{a.describe()} overlaps {b.describe()}")
        for stroke in lines:
            if stroke.part != a.part and overlap(stroke.box, a.box, _CLEARANCE):
                grown = shrink(a.box, -_CLEARANCE)
                if any(segment_crosses_box(s, grown) for s in stroke.segments):
                    problems.append(f"{stroke.describe()} crosses {a.describe()}")
    groups: dict[int, list[Element]] = {}
    for stroke in lines:
        groups.setdefault(stroke.part, []).append(stroke)
    boxes = {
        name: (
            min(e.box[0] for e in members),
            min(e.box[1] for e in members),
            max(e.box[2] for e in members),
            max(e.box[3] for e in members),
        )
        for name, members in groups.items()
    }
    names = list(groups)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            if not overlap(boxes[first], boxes[second], _CLEARANCE):
                continue
            if _groups_touch(groups[first], groups[second]):
                one, other = groups[first][0].group, groups[second][0].group
                problems.append(f"lines of {one!r} touch lines of {other!r}")
    problems += symbol_problems(texts, lines)
    problems += run_along_problems(lines)
    footer = [e for e in texts if e.group == "footer"]
    if footer:
        top = min(e.box[1] for e in footer)
        for e in texts:
            if e.group != "footer" and top - FOOTER_GAP < e.box[3] <= top + 1.0:
                problems.append(
                    f"{e.describe()} ends {top - e.box[3]:.1f} mm above the footer, "
                    f"less than {FOOTER_GAP:g} mm"
                )
    return problems


def _groups_touch(first: list[Element], second: list[Element]) -> bool:
    for a in first:
        for b in second:
            if not overlap(a.box, b.box, _CLEARANCE):
                continue
            for s in a.segments:
                for t in b.segments:
                    if segments_distance(s, t) < _CLEARANCE + (a.weight + b.weight) / 2:
                        return True
    return False
