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

from ..base.language import N_, ngettext
from ..base.language import gettext as _
from .axis_text import axis_name, resolution, roundest, say_place, say_value, text_point

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["MAX_ITEMS", "describe_dots", "describe_lines"]

#: Slices, points or labels listed one by one; beyond this a description summarises.
MAX_ITEMS = 24


#: Plain names for the palette's colours, as a classmate would say them.
_PLAIN_COLOURS = {"bluish green": "green", "vermillion": "red", "reddish purple": "pink"}
#: The colours' names, translated where they are said.
_COLOUR_NAMES = (
    N_("orange"),
    N_("sky blue"),
    N_("green"),
    N_("yellow"),
    N_("blue"),
    N_("red"),
    N_("pink"),
    N_("black"),
)


def _colour(color: Any) -> str:
    """The palette name of a colour ("blue", "green"), or "" for another colour."""
    from matplotlib.colors import to_hex

    from ..base.palette import OKABE_ITO

    try:
        code = to_hex(color).upper()
    except (TypeError, ValueError):
        return ""
    name = next((n for n, c in OKABE_ITO.items() if c.upper() == code), "")
    name = _PLAIN_COLOURS.get(name, name)
    return _(name) if name else ""


def _line_look(ax: Axes, line: Any) -> str:
    """``"blue"``, ``"black dashed"``: how to tell the line from the graph's other
    lines and dots (the legend's colours), if it has any; else ``""``."""
    named = [ln for ln in ax.get_lines() if not str(ln.get_label() or "_").startswith("_")]
    if len(named) + len(_dot_groups(ax)) < 2:
        return ""
    dashed = line.get_linestyle() in ("--", "-.", ":", "dashed", "dashdot", "dotted")
    colour = _colour(line.get_color())
    if dashed:
        return _("{colour} dashed").format(colour=colour).strip() if colour else _("dashed")
    return colour


def _what(look: str, dots: bool, name: str) -> str:
    """A line or set of points said by its look and legend name: "Blue line run 1"."""
    if look:
        what = (_("{look} points {name}") if dots else _("{look} line {name}")).format(
            look=look, name=name
        )
    else:
        what = (_("points {name}") if dots else _("line {name}")).format(name=name)
    return what[0].upper() + what[1:]


def _trend(ax: Axes, points: list[tuple[float, float]]) -> str:
    """Where a line starts, its highest or lowest point if that is somewhere else,
    and where it ends, in the axes' own numbers and words:
    ``"starts at 100% (1 draw), lowest 38% (13 draws), ends at 61% (300 draws)"``."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    if len(points) == 2 and math.isclose(x0, y0) and math.isclose(x1, y1):
        across, up = axis_name(ax, "x") or _("across"), axis_name(ax, "y") or _("up")
        return _("the diagonal, where {across} and {up} are equal").format(across=across, up=up)

    def at(point: tuple[float, float], step: float | None = None) -> str:
        place = say_place(ax, "x", point[0], step)
        bare = place == say_value(ax, "x", point[0], parts=10, step=step)  # no axis words
        value = say_value(ax, "y", point[1])
        return (_("{value} at {place}") if bare else "{value} ({place})").format(
            value=value, place=place
        )

    middle = []
    for word, k in (
        (_("highest {point}"), max(range(len(points)), key=lambda k: points[k][1])),
        (_("lowest {point}"), min(range(len(points)), key=lambda k: points[k][1])),
    ):
        x, y = points[k]
        if all(abs(y - end) > (resolution(ax, "y", y) or 0.0) for end in (y0, y1)):
            step = None
            if len(points) > MAX_ITEMS:  # a curve: its peak lies between two samples
                half = max(abs(points[j][0] - x) for j in (k - 1, k + 1)) / 2
                x, step = roundest(x - half, x + half, x)  # "40", not the sample 39.9
            middle.append((x, word.format(point=at((x, y), step))))
    start, end = at(points[0]), at(points[-1])
    if middle:
        inside = ", ".join(text for _x, text in sorted(middle))
        return _("starts at {start}, {middle}, ends at {end}").format(
            start=start, middle=inside, end=end
        )
    if y1 > y0:
        return _("rises from {start} to {end}").format(start=start, end=end)
    if y1 < y0:
        return _("falls from {start} to {end}").format(start=start, end=end)
    return _("goes from {start} to {end}").format(start=start, end=end)


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
        what = _what(_line_look(ax, line), dots, name)

        def across(x: float) -> str:
            return say_value(ax, "x", x, parts=10)

        if marked and len(points) <= MAX_ITEMS:
            listed = ", ".join(
                f"{across(x)}: {marked.get((x, y), say_value(ax, 'y', y))}" for x, y in points
            )
            phrases.append(f"{what}: {listed}.")
        elif len({x for x, _ in points}) == 1 and not dots:
            place = say_place(ax, "x", points[0][0])
            phrases.append(_("{what}: straight up at {place}.").format(what=what, place=place))
        elif len({y for _x, y in points}) == 1:
            value = say_value(ax, "y", points[0][1])
            phrases.append(_("{what}: flat at {value}.").format(what=what, value=value))
        elif dots and len(points) <= MAX_ITEMS:
            listed = ", ".join(f"({across(x)}, {say_value(ax, 'y', y)})" for x, y in points)
            phrases.append(f"{what}: {listed}.")
        else:
            phrases.append(f"{what}: {_trend(ax, points)}.")
    if unnamed and not phrases and line_graph:
        phrases.append(
            ngettext("{count} line without names.", "{count} lines without names.", unnamed).format(
                count=unnamed
            )
        )
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
    for x, y, _size in dots:
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
    for x, y, _size in dots:
        columns.setdefault(x, []).append(y)
    if is_dot_plot(ax) and len(columns) <= MAX_ITEMS:
        listed = ", ".join(
            f"{say_value(ax, 'x', x, parts=10)}: {len(columns[x])}" for x in sorted(columns)
        )
        return [
            _("{count} dots, stacked; dots over each place across: {dots}.").format(
                count=len(dots), dots=listed
            )
        ]
    marked = {}
    points = {(x, y) for x, y, _ in dots}
    for label in ax.texts:
        at = text_point(ax, label)
        if at in points and id(label) not in used and label.get_text().strip():
            marked[at] = " ".join(label.get_text().split())
            used.add(id(label))
    bubbles = len({size for *_rest, size in dots}) > 1
    across, up = axis_name(ax, "x") or _("across"), axis_name(ax, "y") or _("up")

    def spot(x: float, y: float) -> str:
        where = f"({say_value(ax, 'x', x, parts=10)}, {say_value(ax, 'y', y, parts=10)})"
        return where + (f": {marked[x, y]}" if (x, y) in marked else "")

    if len(dots) > MAX_ITEMS and len(marked) < len(dots):
        xs, ys = [x for x, _y, _s in dots], [y for _x, y, _s in dots]
        spread = (
            _("{count} bubbles, {across} from {left} to {right} and {up} from {low} to {high}.")
            if bubbles
            else _("{count} dots, {across} from {left} to {right} and {up} from {low} to {high}.")
        )
        return [
            spread.format(
                count=len(dots),
                across=across,
                up=up,
                left=say_value(ax, "x", min(xs)),
                right=say_value(ax, "x", max(xs)),
                low=say_value(ax, "y", min(ys)),
                high=say_value(ax, "y", max(ys)),
            )
        ]
    where = {"count": len(dots), "across": across, "up": up}
    if len(groups) == 1:
        listed = "; ".join(spot(x, y) for x, y, _s in sorted(dots))
        said = _("{count} bubbles at ({across}, {up}): {dots}.") if bubbles else None
        said = said or _("{count} dots at ({across}, {up}): {dots}.")
        return [said.format(dots=listed, **where)]
    said = _("{count} bubbles at ({across}, {up}).") if bubbles else None
    phrases = [(said or _("{count} dots at ({across}, {up}).")).format(**where)]
    lines = {colour: _on_line(ax, group) for colour, group in groups.items()}
    line = next((found for found in lines.values() if found), None)

    def count(group: list[Dot], colour: str) -> str:
        return ngettext("{count} {colour} one", "{count} {colour} ones", len(group)).format(
            count=len(group), colour=colour or _("other")
        )

    for colour, group in sorted(groups.items(), key=lambda item: (not lines[item[0]], item[0])):
        found = lines[colour]
        if found or line is None:
            on = _(", on the line {name}").format(name=found[0]) if found else ""
            listed = "; ".join(spot(x, y) for x, y, _s in sorted(group))
            phrases.append(f"{count(group, colour)}{on}: {listed}.")
            continue
        _name, xs, ys = line  # off the line: say which side of it each dot is on
        sides: dict[str, list[Dot]] = {}
        for dot in sorted(group):
            x, y, _size = dot
            side = (
                "" if not xs[0] <= x <= xs[-1] else "above" if y > np.interp(x, xs, ys) else "below"
            )
            sides.setdefault(side, []).append(dot)
        beside = {"above": _("{count} above it: {dots}"), "below": _("{count} below it: {dots}")}
        parts = [
            beside.get(side, _("{count} beside it: {dots}")).format(
                count=len(part), dots="; ".join(spot(x, y) for x, y, _s in part)
            )
            for side, part in sides.items()
        ]
        phrases.append(
            _("{dots}, off the line: {sides}.").format(
                dots=count(group, colour), sides=". ".join(parts)
            )
        )
    return phrases
