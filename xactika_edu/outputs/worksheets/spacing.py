"""Spacing checks for :func:`~xactika_edu.outputs.worksheets.layout.layout_problems`.

Things that do not overlap can still print as one: a marker just under its label, an
answer line just above a box's border, a word against the rule of its cell. These
checks keep such things apart; the distances are in mm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import overlap, segment_crosses_box, shrink

if TYPE_CHECKING:
    from .layout import Element

__all__ = [
    "RUN_ALONG_GAP",
    "SYMBOL_CLEARANCE",
    "TEXT_SIDE_GAP",
    "run_along_problems",
    "symbol_problems",
]

#: How far, in mm, a symbol (a marker beside a label) stands from text and other lines.
SYMBOL_CLEARANCE = 0.8
#: Two long parallel lines closer than this (mm, stroke edge to stroke edge) print as
#: one smudged double line: an answer line on a box's border, say.
RUN_ALONG_GAP = 0.6
_RUN_ALONG_LENGTH = 8.0  # mm two lines must run side by side to count
_PLOT_GROUPS = frozenset({"graph"})  # data, not layout, places a plot's lines
#: The space, in mm, kept between a word and a rule beside it (left or right).
TEXT_SIDE_GAP = 0.4


def symbol_problems(texts: list[Element], lines: list[Element]) -> list[str]:
    """Symbols (lines drawn in :meth:`~.layout.Recorder.symbol`) closer than
    :data:`SYMBOL_CLEARANCE` mm to a text or to a line outside them, one sentence each."""
    problems: list[str] = []
    symbols: dict[int, list[Element]] = {}
    for e in lines:
        if e.symbol:
            symbols.setdefault(e.part, []).append(e)
    for members in symbols.values():
        box = (
            min(e.box[0] for e in members),
            min(e.box[1] for e in members),
            max(e.box[2] for e in members),
            max(e.box[3] for e in members),
        )
        name = f"symbol {members[0].group!r}"
        for e in texts:
            if overlap(box, e.box, SYMBOL_CLEARANCE):
                problems.append(f"{name} is within {SYMBOL_CLEARANCE:g} mm of {e.describe()}")
        for stroke in lines:
            if stroke.part == members[0].part or stroke.symbol:
                continue
            grown = shrink(box, -(SYMBOL_CLEARANCE + stroke.weight / 2))
            if overlap(stroke.box, grown) and any(
                segment_crosses_box(s, grown) for s in stroke.segments
            ):
                problems.append(f"{name} is within {SYMBOL_CLEARANCE:g} mm of {stroke.describe()}")
    return problems


def run_along_problems(lines: list[Element]) -> list[str]:
    """Parallel horizontal or vertical strokes closer than RUN_ALONG_GAP without meeting."""
    problems: list[str] = []
    for axis in (0, 1):  # 0: horizontal segments (same y), 1: vertical (same x)
        found = []
        for e in lines:
            if e.group in _PLOT_GROUPS:
                continue
            for s in e.segments:
                a, b = (s[1], s[3]) if axis == 0 else (s[0], s[2])
                lo, hi = sorted((s[0], s[2]) if axis == 0 else (s[1], s[3]))
                if abs(a - b) < 1e-6 and hi - lo > _RUN_ALONG_LENGTH:
                    found.append((a, lo, hi, e))
        found.sort(key=lambda item: item[0])
        for i, (at, lo, hi, e) in enumerate(found):
            for at2, lo2, hi2, f in found[i + 1 :]:
                if at2 - at > RUN_ALONG_GAP + 1.0:
                    break
                gap = at2 - at - (e.weight + f.weight) / 2
                if (
                    at2 - at > 0.05
                    and gap < RUN_ALONG_GAP
                    and min(hi, hi2) - max(lo, lo2) > _RUN_ALONG_LENGTH
                ):
                    problems.append(
                        f"{e.describe()} runs along {f.describe()}, {max(gap, 0.0):.2f} mm apart"
                    )
    return problems
