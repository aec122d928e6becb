"""Plane geometry for the layout checks: boxes and stroke segments, in mm.

>>> overlap((0, 0, 2, 2), (1, 1, 3, 3)), overlap((0, 0, 1, 1), (1.5, 0, 2, 1))
(True, False)
"""

from __future__ import annotations

import math

__all__ = [
    "Box",
    "Segment",
    "overlap",
    "point_segment_distance",
    "segment_crosses_box",
    "segments_distance",
    "shrink",
]

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, y downwards
Segment = tuple[float, float, float, float]  # x1, y1, x2, y2


def overlap(a: Box, b: Box, clearance: float = 0.0) -> bool:
    """Whether boxes ``a`` and ``b`` come closer than ``clearance`` mm (or overlap)."""
    return (
        a[0] < b[2] + clearance
        and b[0] < a[2] + clearance
        and a[1] < b[3] + clearance
        and b[1] < a[3] + clearance
    )


def shrink(box: Box, by: float) -> Box:
    """``box`` made ``by`` mm smaller on every side (larger for a negative ``by``)."""
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def segment_crosses_box(s: Segment, box: Box) -> bool:
    """Whether segment ``s`` (x1, y1, x2, y2) passes through ``box`` (x0, y0, x1, y1),
    all in mm (Liang-Barsky clipping).

    >>> segment_crosses_box((0, 5, 10, 5), (2, 2, 4, 8))
    True
    >>> segment_crosses_box((0, 0, 1, 1), (2, 2, 4, 8))
    False
    """
    x1, y1, x2, y2 = s
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def point_segment_distance(px: float, py: float, s: Segment) -> float:
    """The distance in mm from the point (px, py) to segment ``s``."""
    x1, y1, x2, y2 = s
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def segments_distance(a: Segment, b: Segment) -> float:
    """The least distance in mm between segments ``a`` and ``b`` (0 if they cross)."""

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    a1, a2, b1, b2 = (a[0], a[1]), (a[2], a[3]), (b[0], b[1]), (b[2], b[3])
    if side(a1, a2, b1) * side(a1, a2, b2) < 0 and side(b1, b2, a1) * side(b1, b2, a2) < 0:
        return 0.0
    return min(
        point_segment_distance(*a1, b),
        point_segment_distance(*a2, b),
        point_segment_distance(*b1, a),
        point_segment_distance(*b2, a),
    )
