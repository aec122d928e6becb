"""A pie chart's slices on a worksheet page: filled, hatched and cut to the circle.

Angles are in degrees clockwise from 12 o'clock, lengths in mm, as on the page.

>>> x, y = point(0, 0, 10, 90)  # 3 o'clock
>>> round(x, 6), round(abs(y), 6)
(10.0, 0.0)
>>> len(hatch_segments(0, 0, 10, 0, 90, 45.0, 1.8))  # a quarter, lines 1.8 mm apart
7
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from ...base.palette import INK, OKABE_ITO
from .page import rgb

if TYPE_CHECKING:
    from .layout import Recorder

__all__ = ["draw_slice", "hatch_segments", "point"]

# Slice fills (palette colours) and their hatching (angle in degrees, or None for
# cross-hatching), so the slices differ in a grey print too.
_SLICE_FILLS = (OKABE_ITO["sky blue"], OKABE_ITO["orange"], OKABE_ITO["bluish green"])
_SLICE_HATCH: tuple[float | None, ...] = (45.0, -45.0, None)


def point(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    """The point ``r`` from the centre at ``degrees`` clockwise from 12 o'clock."""
    angle = math.radians(degrees)
    return (cx + r * math.sin(angle), cy - r * math.cos(angle))


def _in_slice(dx: float, dy: float, start: float, end: float) -> bool:
    degrees = math.degrees(math.atan2(dx, -dy)) % 360
    return start - 1e-9 <= degrees <= end + 1e-9 or start - 1e-9 <= degrees + 360 <= end + 1e-9


def hatch_segments(
    cx: float, cy: float, r: float, start: float, end: float, angle: float, spacing: float
) -> list[tuple[float, float, float, float]]:
    """Hatching lines at ``angle`` degrees, ``spacing`` mm apart, cut to one slice.

    The slice runs clockwise from ``start`` to ``end`` degrees (from 12 o'clock) in
    the circle of radius ``r`` around (cx, cy). Returns (x1, y1, x2, y2) segments.
    """
    direction = (math.cos(math.radians(angle)), -math.sin(math.radians(angle)))
    normal = (-direction[1], direction[0])
    segments = []
    steps = int(r / spacing)
    for k in range(-steps, steps + 1):
        offset = k * spacing
        half = math.sqrt(max(0.0, r * r - offset * offset))
        if half <= 0:
            continue
        base = (normal[0] * offset, normal[1] * offset)
        # where the line crosses the slice's two edges
        cuts = [-half, half]
        for edge in (start, end):
            ex, ey = math.sin(math.radians(edge)), -math.cos(math.radians(edge))
            det = direction[0] * ey - direction[1] * ex
            if abs(det) < 1e-12:
                continue
            t = -(base[0] * ey - base[1] * ex) / det
            if -half < t < half:
                cuts.append(t)
        cuts.sort()
        for t1, t2 in itertools.pairwise(cuts):
            mid = (t1 + t2) / 2
            mx, my = base[0] + direction[0] * mid, base[1] + direction[1] * mid
            if t2 - t1 > 1e-6 and _in_slice(mx, my, start, end):
                segments.append(
                    (
                        cx + base[0] + direction[0] * t1,
                        cy + base[1] + direction[1] * t1,
                        cx + base[0] + direction[0] * t2,
                        cy + base[1] + direction[1] * t2,
                    )
                )
    return segments


def draw_slice(
    pdf: Recorder, cx: float, cy: float, r: float, start: float, end: float, index: int
) -> None:
    """One slice filled with its palette colour and hatched so it prints in grey."""
    steps = max(2, math.ceil((end - start) / 3))
    points = [(cx, cy)] + [
        point(cx, cy, r, start + (end - start) * k / steps) for k in range(steps + 1)
    ]
    pdf.set_fill_color(*rgb(_SLICE_FILLS[index]))
    pdf.polygon(points, style="F")
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*rgb(INK))
    hatch = _SLICE_HATCH[index]
    with pdf.background():
        for angle in (45.0, -45.0) if hatch is None else (hatch,):
            spacing = 2.6 if hatch is None else 1.8
            for x1, y1, x2, y2 in hatch_segments(cx, cy, r, start, end, angle, spacing):
                pdf.line(x1, y1, x2, y2)
    pdf.set_line_width(0.5)
    if end - start < 360:
        pdf.line(cx, cy, *point(cx, cy, r, start))
        pdf.line(cx, cy, *point(cx, cy, r, end))
