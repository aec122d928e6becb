"""Lines and dots on a graph in words, for figure descriptions (alt text).

Part of :mod:`xactika_edu.teaching.alt_text`: a line is said by its legend name, its colour
(when the graph has several lines or dots to tell apart) and where it starts, peaks
or dips and ends; dots by colour, with the line they lie on and which side of it the
others are. Numbers are said as the axes show them (:mod:`xactika_edu.teaching.axis_text`).

>>> from matplotlib.figure import Figure
>>> ax = Figure().subplots()
>>> _ = ax.plot([0, 1, 2, 3], [1, 4, 2, 3], label="run 1"), ax.set_xlabel("number of draws")
>>> ax.figure.draw_without_rendering()
>>> describe_lines(ax, set())
['Line run 1: starts at 1 (0 draws), highest 4 (1 draw), ends at 3 (3 draws).']

matplotlib is imported only by the functions that need it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.formatting import plural
from .axis_text import axis_name, resolution, roundest, say_place, say_value, text_point

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["MAX_ITEMS", "describe_dots", "describe_lines"]

#: Slices, points or labels listed one by one; beyond this a description summarises.
MAX_ITEMS = 24


#: Plain names for the palette's colours, as a classmate would say them.
_PLAIN_COLOURS = {"bluish green": "green", "vermillion": "red", "reddish purple": "pink"}


def _colour(color: Any) -> str:
    """The palette name of a colour ("blue", "green"), or "" for another colour."""
    from matplotlib.colors import to_hex

    from ..base.palette import OKABE_ITO

    try:
        code = to_hex(color).upper()
    except (TypeError, ValueError):
        return ""
    name = next((n for n, c in OKABE_ITO.items() if c.upper() == code), "")
    return _PLAIN_COLOURS.get(name, name)


def _line_look(ax: Axes, line: Any) -> str:
    """``"blue "``, ``"black dashed "``: how to tell the line from the graph's other
    lines and dots (the legend's colours), if it has any; else ``""``."""
    named = [ln for ln in ax.get_lines() if not str(ln.get_label() or "_").startswith("_")]
    if len(named) + len(_dot_groups(ax)) < 2:
        return ""
    dashed = line.get_linestyle() in ("--", "-.", ":", "dashed", "dashdot", "dotted")
    looks = [w for w in (_colour(line.get_color()), "dashed" if dashed else "") if w]
    return "".join(f"{w} " for w in looks)


def _trend(ax: Axes, points: list[tuple[float, float]]) -> str:
    """Where a line starts, its highest or lowest point if that is somewhere else,
    and where it ends, in the axes' own numbers and words:
    ``"starts at 100% (1 draw), lowest 38% (13 draws), ends at 61% (300 draws)"``."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    if len(points) == 2 and math.isclose(x0, y0) and math.isclose(x1, y1):
        across, up = axis_name(ax, "x") or "across", axis_name(ax, "y") or "up"
        return f"the diagonal, where {across} and {up} are equal"

    def at(point: tuple[float, float], step: float | None = None) -> str:
        place = say_place(ax, "x", point[0], step)
        bare = place == say_value(ax, "x", point[0], parts=10, step=step)  # no axis words
        return f"{say_value(ax, 'y', point[1])} {'at ' + place if bare else f'({place})'}"

    middle = []
    for word, k in (
        ("highest", max(range(len(points)), key=lambda k: points[k][1])),
        ("lowest", min(range(len(points)), key=lambda k: points[k][1])),
    ):
        x, y = points[k]
        if all(abs(y - end) > (resolution(ax, "y", y) or 0.0) for end in (y0, y1)):
            step = None
            if len(points) > MAX_ITEMS:  # a curve: its peak lies between two samples
                half = max(abs(points[j][0] - x) for j in (k - 1, k + 1)) / 2
                x, step = roundest(x - half, x + half, x)  # "40", not the sample 39.9
            middle.append((x, f"{word} {at((x, y), step)}"))
    if middle:
        inside = ", ".join(text for _, text in sorted(middle))
        return f"starts at {at(points[0])}, {inside}, ends at {at(points[-1])}"
    verb = "rises" if y1 > y0 else "falls" if y1 < y0 else "goes"
    return f"{verb} from {at(points[0])} to {at(points[-1])}"


def describe_lines(ax: Axes, used: set[int], *, line_graph: bool = True) -> list[str]:
    """One phrase per named line or set of points on ``ax``: its labelled points, or
    where it goes (start, highest or lowest, end), in the axes' own numbers.

    Args:
        ax: a drawn matplotlib Axes.
        used: ids of text labels already said; the labels said here are added.
        line_graph: say how many unnamed lines there are if no line has a name.
    """
    phrases = []
    unnamed = 0
    labels = [t for t in ax.texts if t.get_visible() and t.get_text().strip()]
    for line in ax.get_lines():
        points = _line_points(ax, line)
        if not points or not line.get_visible():
            continue
        name = str(line.get_label() or "")
        if not name or name.startswith("_"):
            unnamed += 1
            continue
        marked = {}  # point -> the label standing at it
        for label in labels:
            at = text_point(ax, label)
            if at is not None and id(label) not in used and at in points:
                marked[at] = " ".join(label.get_text().split())
                used.add(id(label))
        dots = line.get_linestyle() in ("None", "none", " ", "")
        what = f"{_line_look(ax, line)}{'points' if dots else 'line'} {name}"
        what = what[0].upper() + what[1:]

        def across(x: float) -> str:
            return say_value(ax, "x", x, parts=10)

        if marked and len(points) <= MAX_ITEMS:
            listed = ", ".join(
                f"{across(x)}: {marked.get((x, y), say_value(ax, 'y', y))}" for x, y in points
            )
            phrases.append(f"{what}: {listed}.")
        elif len({x for x, _ in points}) == 1 and not dots:
            phrases.append(f"{what}: straight up at {say_place(ax, 'x', points[0][0])}.")
        elif len({y for _, y in points}) == 1:
            phrases.append(f"{what}: flat at {say_value(ax, 'y', points[0][1])}.")
        elif dots and len(points) <= MAX_ITEMS:
            listed = ", ".join(f"({across(x)}, {say_value(ax, 'y', y)})" for x, y in points)
            phrases.append(f"{what}: {listed}.")
        else:
            phrases.append(f"{what}: {_trend(ax, points)}.")
    if unnamed and not phrases and line_graph:
        phrases.append(f"{plural(unnamed, 'line')} without names.")
    return phrases


def _line_points(ax: Axes, line: Any) -> list[tuple[float, float]]:
    """A line's points in data numbers, without gaps (NaN); [] if unreadable."""
    try:
        xs = ax.xaxis.convert_units(line.get_xdata())
        ys = ax.yaxis.convert_units(line.get_ydata())
        points = [(float(x), float(y)) for x, y in zip(xs, ys, strict=False)]
    except (TypeError, ValueError):
        return []
    return [(x, y) for x, y in points if math.isfinite(x) and math.isfinite(y)]


Dot = tuple[float, float, float]  # across, up, size (points squared)


def _dot_groups(ax: Axes) -> dict[str, list[Dot]]:
    """The scatter plots' dots by their colour's name ("" for an unnamed colour)."""
    from matplotlib.collections import PathCollection

    groups: dict[str, list[Dot]] = {}
    for collection in ax.collections:
        if not (isinstance(collection, PathCollection) and collection.get_visible()):
            continue
        colours = collection.get_facecolor()
        sizes = collection.get_sizes()
        for k, (x, y) in enumerate(np.asarray(collection.get_offsets())):
            try:
                point = (float(ax.xaxis.convert_units(x)), float(ax.yaxis.convert_units(y)))
            except (TypeError, ValueError):
                continue
            colour = _colour(colours[k % len(colours)]) if len(colours) else ""
            size = float(sizes[k % len(sizes)]) if len(sizes) else 0.0
            groups.setdefault(colour, []).append((*point, size))
    return groups


def _on_line(ax: Axes, dots: list[Dot]) -> tuple[str, list[float], list[float]] | None:
    """The name and points (across, up; sorted across) of a named line all ``dots``
    lie on, or None."""
    for line in ax.get_lines():
        name = str(line.get_label() or "")
        points = sorted(_line_points(ax, line))
        if name.startswith("_") or len(points) < 2 or not line.get_visible():
            continue
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        span = max(1.0, max(ys) - min(ys))
        if all(
            xs[0] <= x <= xs[-1] and abs(float(np.interp(x, xs, ys)) - y) < 1e-6 * span
            for x, y, _ in dots
        ):
            return name, xs, ys
    return None


def is_dot_plot(ax: Axes) -> bool:
    """Whether the dots on ``ax`` are stacked 1, 2, 3, ... over each place across, as
    in a dot plot (one dot per case), rather than scattered."""
    dots = [dot for group in _dot_groups(ax).values() for dot in group]
    columns: dict[float, list[float]] = {}
    for x, y, _ in dots:
        columns.setdefault(x, []).append(y)
    return bool(dots) and all(sorted(ys) == list(range(1, len(ys) + 1)) for ys in columns.values())


def describe_dots(ax: Axes, used: set[int]) -> list[str]:
    """The dots of all scatter plots on ``ax``: stacked dots counted over each place
    across (a dot plot), or each dot with its label by colour (saying the line the
    dots of one colour lie on, and which side of it the others are), or where they
    spread. ``used`` as for :func:`describe_lines`."""
    groups = _dot_groups(ax)
    dots = [dot for group in groups.values() for dot in group]
    if not dots:
        return []
    columns: dict[float, list[float]] = {}
    for x, y, _ in dots:
        columns.setdefault(x, []).append(y)
    if is_dot_plot(ax) and len(columns) <= MAX_ITEMS:
        listed = ", ".join(
            f"{say_value(ax, 'x', x, parts=10)}: {len(columns[x])}" for x in sorted(columns)
        )
        return [f"{len(dots)} dots, stacked; dots over each place across: {listed}."]
    marked = {}
    points = {(x, y) for x, y, _ in dots}
    for label in ax.texts:
        at = text_point(ax, label)
        if at in points and id(label) not in used and label.get_text().strip():
            marked[at] = " ".join(label.get_text().split())
            used.add(id(label))
    noun = "bubbles" if len({size for *_, size in dots}) > 1 else "dots"
    across, up = axis_name(ax, "x") or "across", axis_name(ax, "y") or "up"

    def spot(x: float, y: float) -> str:
        where = f"({say_value(ax, 'x', x, parts=10)}, {say_value(ax, 'y', y, parts=10)})"
        return where + (f": {marked[x, y]}" if (x, y) in marked else "")

    if len(dots) > MAX_ITEMS and len(marked) < len(dots):
        xs, ys = [x for x, _, _ in dots], [y for _, y, _ in dots]
        return [
            f"{len(dots)} {noun}, {across} from {say_value(ax, 'x', min(xs))} to "
            f"{say_value(ax, 'x', max(xs))} and {up} from {say_value(ax, 'y', min(ys))} to "
            f"{say_value(ax, 'y', max(ys))}."
        ]
    if len(groups) == 1:
        listed = "; ".join(spot(x, y) for x, y, _ in sorted(dots))
        return [f"{len(dots)} {noun} at ({across}, {up}): {listed}."]
    phrases = [f"{len(dots)} {noun} at ({across}, {up})."]
    lines = {colour: _on_line(ax, group) for colour, group in groups.items()}
    line = next((found for found in lines.values() if found), None)

    def count(group: list[Dot], colour: str) -> str:
        return plural(len(group), f"{colour} one")

    for colour, group in sorted(groups.items(), key=lambda item: (not lines[item[0]], item[0])):
        found = lines[colour]
        if found or line is None:
            where = f", on the line {found[0]}" if found else ""
            listed = "; ".join(spot(x, y) for x, y, _ in sorted(group))
            phrases.append(f"{count(group, colour or 'other')}{where}: {listed}.")
            continue
        _, xs, ys = line  # off the line: say which side of it each dot is on
        sides: dict[str, list[Dot]] = {}
        for dot in sorted(group):
            x, y, _ = dot
            side = (
                "" if not xs[0] <= x <= xs[-1] else "above" if y > np.interp(x, xs, ys) else "below"
            )
            sides.setdefault(side, []).append(dot)
        parts = [
            f"{len(part)} {side or 'beside'} it: " + "; ".join(spot(x, y) for x, y, _ in part)
            for side, part in sides.items()
        ]
        phrases.append(
            f"{count(group, colour or 'other')}, off the line: " + ". ".join(parts) + "."
        )
    return phrases
