"""Text descriptions of figures (alt text), read from what is drawn.

A reader who cannot see a graph needs its words and numbers: the title, what the axes
measure (a key written under an axis said apart from it), each bar with its label,
each pie slice with its label, each line (by its legend name and colour) with where it
starts, peaks or dips and ends, and dots by colour. :func:`describe_figure` reads them
from the figure's artists, so a description is always true to the picture and no plot
has to keep a second copy of its numbers. Numbers are said as the axes show them
(:mod:`xactika_edu.teaching.axis_text`): percents on a percent axis, no more digits than the
ticks justify, places in the axis label's words ("63% (300 draws)"); lines and dots
are said by :mod:`xactika_edu.teaching.alt_marks`. :func:`describe_shown_figures` makes IPython
attach the description to every figure it shows, as output metadata
(``{"image/png": {"alt": ...}}``), which the class pack's lesson pages use as the
image's ``alt`` text.

>>> from matplotlib.figure import Figure
>>> ax = Figure().subplots()
>>> bars = ax.bar([1, 2, 3], [5, 12, 3])
>>> _ = ax.set_title("Votes"), ax.set_xlabel("choice"), ax.set_ylabel("votes")
>>> describe_figure(ax.figure)
'Bar graph: Votes. Across: choice. Up: votes. Bars: 1: 5, 2: 12, 3: 3.'

matplotlib is imported only by the functions that need it.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..base.checks import shown as shown_value
from ..base.errors import XactikaError
from ..base.language import N_
from ..base.language import gettext as _
from .alt_marks import MAX_ITEMS, describe_dots, describe_lines, is_dot_plot
from .axis_text import axis_name, axis_notes, say_number, say_value, text_point

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Annotation

__all__ = [
    "MAX_BARS",
    "MAX_ITEMS",
    "describe_axes",
    "describe_figure",
    "describe_shown_figures",
    "figure_html",
]

#: Bars in one series listed one by one; beyond this a description summarises.
MAX_BARS = 16
_CLOSE = 1e-9


def _number(value: float) -> str:
    """A number read off a drawing, said aloud: ``19``, ``1,000``, ``0.0275``.

    Whole numbers exactly, others to 3 significant figures
    (:func:`~xactika_edu.teaching.axis_text.say_number`, never ``1.23e+03``), and ``"less than
    0.001"`` for tiny numbers (no ``1e-05`` for a student). Not
    :func:`~xactika_edu.base.formatting.percent` or
    :func:`~xactika_edu.base.formatting.label_number`: those write exact values the plots
    computed; this one says a float read back from a figure's artists (a bar's place,
    a slice's angle), where a percent or an "≈" would claim more than is known.

    >>> _number(1000.0), _number(0.02754), _number(0.0000169), _number(-0.0004)
    ('1,000', '0.0275', 'less than 0.001', 'just below 0')
    >>> _number(1234.5), _number(33.3333)
    ('1,230', '33.3')
    """
    if not math.isfinite(value):
        return str(value)
    if abs(value - round(value)) < _CLOSE * max(1.0, abs(value)):
        return f"{round(value):,}"
    if abs(value) < 0.001:
        return _("less than 0.001") if value > 0 else _("just below 0")
    return say_number(value)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text.endswith((".", "!", "?")) else f"{text}."


def _tick_names(ax: Axes, axis: str) -> dict[float, str]:
    """Tick position -> its label text, for the ticks that have a label."""
    ticks = ax.get_xticks() if axis == "x" else ax.get_yticks()
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    return {
        float(t): label.get_text().replace("\n", " ")
        for t, label in zip(ticks, labels, strict=False)
        if label.get_text().strip()
    }


def _name_at(names: dict[float, str], position: float, reach: float) -> str:
    """The label of the tick nearest ``position`` if it is within ``reach`` (a bar's
    own slot), else the position itself."""
    nearest = min(names, key=lambda tick: abs(tick - position), default=None)
    if nearest is None or abs(nearest - position) > reach + _CLOSE:
        return _number(position)
    name = names[nearest]
    try:  # a plain number ("1.0" on a half-step axis) is said as a number: "1"
        same = "." in name and float(name.replace("\N{MINUS SIGN}", "-")) == nearest
    except ValueError:
        same = False
    return _number(nearest) if same else name


def _annotations(ax: Axes) -> list[Annotation]:
    from matplotlib.text import Annotation

    return [t for t in ax.texts if isinstance(t, Annotation) and t.get_visible()]


def _drawn_along(ax: Axes, label: Annotation, horizontal: bool) -> float | None:
    """Where a label's text stands along the category axis, in data numbers: the middle of
    its drawn box (an offset label beside a shared edge is said with the bar it stands
    over), else the point it names (:func:`text_point`); None if neither can be read."""
    point = text_point(ax, label)
    if point is None:
        return None
    try:
        box = label.get_window_extent()
        x, y = ax.transData.inverted().transform(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
    except (AttributeError, RuntimeError, TypeError, ValueError):
        return point[1] if horizontal else point[0]
    along = float(y if horizontal else x)
    return along if math.isfinite(along) else (point[1] if horizontal else point[0])


def _bar_labels(ax: Axes, bars: list[tuple[float, float]], horizontal: list[bool]) -> dict:
    """Bar number -> its labels: each label goes to the ONE bar (``bars``: middle and half
    width along the category axis) it stands over, the nearest when bars touch."""
    owned: dict[int, list[Annotation]] = {}
    for label in _annotations(ax):
        best = None
        for k, (middle, half) in enumerate(bars):
            along = _drawn_along(ax, label, horizontal[k])
            if along is None or abs(along - middle) > half + _CLOSE:
                continue
            if best is None or abs(along - middle) < best[0]:
                best = (abs(along - middle), k)
        if best is not None:
            owned.setdefault(best[1], []).append(label)
    return owned


def _bars(ax: Axes, used: set[int]) -> list[str]:
    """One phrase per bar series: ``'Bars: 4: 1, 5: 4, ...'``."""
    from matplotlib.container import BarContainer

    phrases = []
    containers = [c for c in ax.containers if isinstance(c, BarContainer)]
    flat = [
        (c, p, getattr(c, "orientation", "vertical") == "horizontal")
        for c in containers
        for p in c.patches
    ]
    along_bars = [
        (p.get_y() + p.get_height() / 2, p.get_height() / 2)
        if flat_h
        else (p.get_x() + p.get_width() / 2, p.get_width() / 2)
        for _container, p, flat_h in flat
    ]
    owned = _bar_labels(ax, along_bars, [h for *_, h in flat])
    number = {id(p): k for k, (_c, p, _h) in enumerate(flat)}
    for container in containers:
        horizontal = getattr(container, "orientation", "vertical") == "horizontal"
        names = _tick_names(ax, "y" if horizontal else "x")
        items = []
        centers = sorted(
            (p.get_y() + p.get_height() / 2) if horizontal else (p.get_x() + p.get_width() / 2)
            for p in container.patches
        )
        slot = min((b - a for a, b in pairwise(centers) if b > a), default=0.0) / 2
        for patch in container.patches:
            # along the category axis: the bar's middle and half width; across: its size
            start, width, size = (
                (patch.get_y(), patch.get_height(), patch.get_width())
                if horizontal
                else (patch.get_x(), patch.get_width(), patch.get_height())
            )
            middle, half = start + width / 2, width / 2
            shown = say_value(ax, "x" if horizontal else "y", size)
            for label in owned.get(number[id(patch)], []):  # its own labels, empty or not
                if id(label) in used:
                    continue
                used.add(id(label))
                if label.get_text().strip():
                    shown = " ".join(label.get_text().split())
            items.append((_name_at(names, middle, max(half, slot)), shown, size))
        title = container.get_label()
        named = title and not title.startswith("_")
        prefix = _("Bars for {name}").format(name=title) if named else _("Bars")
        if len(items) <= MAX_BARS:
            listed = ", ".join(f"{name}: {shown}" for name, shown in _runs(items))
            phrases.append(f"{prefix}: {listed}.")
        else:
            top = max(range(len(items)), key=lambda k: items[k][2])
            sizes = [size for *_, size in items]
            hill = (
                0 < top < len(items) - 1
                and all(a <= b for a, b in pairwise(sizes[: top + 1]))
                and all(a >= b for a, b in pairwise(sizes[top:]))
            )
            summary = _(
                "{bars}: {count} bars from {first} to {last}; the tallest is {top}: {height}"
            ).format(
                bars=prefix,
                count=len(items),
                first=items[0][0],
                last=items[-1][0],
                top=items[top][0],
                height=items[top][1],
            )
            phrases.append(summary + (_("; they rise to it and fall again.") if hill else "."))
    return phrases


def _is_number(text: str) -> bool:
    try:
        float(text.replace("\N{MINUS SIGN}", "-").replace(",", ""))
    except ValueError:
        return False
    return True


def _runs(items: list[tuple[str, str, float]]) -> list[tuple[str, str]]:
    """Bars as (name, shown) pairs, 3 or more neighbours with numbers for names and
    the same height said once: ``("-8 to -5", "0")``."""
    runs: list[list[tuple[str, str, float]]] = []
    for item in items:
        last = runs[-1][-1] if runs else None
        if last and last[1] == item[1] and _is_number(last[0]) and _is_number(item[0]):
            runs[-1].append(item)
            continue
        runs.append([item])
    pairs = []
    for run in runs:
        if len(run) >= 3:
            pairs.append(
                (
                    _("{first} to {last}").format(first=run[0][0], last=run[-1][0]),
                    _("{value} each").format(value=run[0][1]),
                )
            )
        else:
            pairs += [(name, shown) for name, shown, _size in run]
    return pairs


def _wedges(ax: Axes, used: set[int]) -> list[str]:
    """The pie's slices, clockwise as drawn, by their labels (or their percents)."""
    from matplotlib.patches import Wedge

    wedges = [p for p in ax.patches if isinstance(p, Wedge)]
    if not wedges:
        return []
    labels = [t for t in ax.texts if t.get_visible()]
    items = []
    for wedge in wedges:
        cx, cy = wedge.center
        text = ""
        for label in labels:
            point = text_point(ax, label)
            if point is None or id(label) in used:
                continue
            x, y = point
            angle = math.degrees(math.atan2(y - cy, x - cx)) % 360
            start = wedge.theta1 % 360
            if (angle - start) % 360 <= (wedge.theta2 - wedge.theta1) and label.get_text():
                text = label.get_text().strip()
                used.add(id(label))
                break
        if not text:
            share = _number(100 * (wedge.theta2 - wedge.theta1) / 360)
            text = _("{percent}% of the pie").format(percent=share)
        items.append(text.replace("\n", " "))
    if len(items) > MAX_ITEMS:
        items = [*items[:MAX_ITEMS], _("and {count} more").format(count=len(items) - MAX_ITEMS)]
    return [_("{count} slices: {slices}.").format(count=len(wedges), slices="; ".join(items))]


#: The kinds of graph (:func:`_kind`), one and several, translated where they are said.
_KINDS = {
    "Diagram": (N_("Diagram"), N_("diagrams")),
    "Pie chart": (N_("Pie chart"), N_("pie charts")),
    "Bar graph": (N_("Bar graph"), N_("bar graphs")),
    "Dot plot": (N_("Dot plot"), N_("dot plots")),
    "Scatter plot": (N_("Scatter plot"), N_("scatter plots")),
    "Line graph": (N_("Line graph"), N_("line graphs")),
    "Graph": (N_("Graph"), N_("graphs")),
}


def _kind(ax: Axes) -> str:
    from matplotlib.collections import PathCollection
    from matplotlib.container import BarContainer
    from matplotlib.patches import Wedge

    if not ax.axison and ax.texts and not ax.containers:
        return "Diagram"  # no axes: lines join labels (a tree diagram)
    if any(isinstance(p, Wedge) for p in ax.patches):
        return "Pie chart"
    if any(isinstance(c, BarContainer) for c in ax.containers):
        return "Bar graph"
    if any(isinstance(c, PathCollection) for c in ax.collections):
        return "Dot plot" if is_dot_plot(ax) else "Scatter plot"
    if ax.get_lines():
        return "Line graph"
    return "Graph"


def describe_axes(ax: Axes, *, axis_names: bool = True, kind_name: bool = True) -> str:
    """One paragraph describing one graph: its kind, title, axes, bars, slices, lines,
    legend and any other labels on it.

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().subplots()
    >>> _ = ax.plot([1, 2, 3], [2, 5, 4], label="run 1"), ax.set_title("Runs")
    >>> describe_axes(ax)
    'Line graph: Runs. Line run 1: starts at 2 at 1, highest 5 at 2, ends at 4 at 3.'

    Args:
        ax: a matplotlib Axes, drawn or not (tick labels are read as last drawn).
        axis_names: say what the axes measure ("Across: ... Up: ..."); False when
            a figure of several graphs with the same axes has said it once.
        kind_name: start with the kind of graph ("Bar graph: ..."); False when a
            figure of several graphs of one kind has said it once.

    Returns:
        plain sentences; numbers as shown on the graph (bar and slice labels) or as
        drawn (whole numbers exactly, others to 3 significant figures).

    Raises:
        XactikaError: if ``ax`` is not a matplotlib Axes.
    """
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise XactikaError(f"ax must be a matplotlib Axes, got {shown_value(ax)}")
    kind = _kind(ax)
    titles = [ax.get_title(where) for where in ("left", "center", "right")]
    title = ": ".join(t.strip() for t in titles if t.strip())
    said_kind = _(_KINDS[kind][0])
    head = (f"{said_kind}: {title}" if title else said_kind) if kind_name else title
    parts = [_sentence(head)] if head else []
    pie = kind == "Pie chart"
    xlabel, ylabel = axis_name(ax, "x"), axis_name(ax, "y")
    if xlabel and (axis_names or pie):
        across = _("Across: {label}").format(label=xlabel)
        parts.append(_sentence(xlabel[0].upper() + xlabel[1:] if pie else across))
    if ylabel and not pie and axis_names:
        parts.append(_sentence(_("Up: {label}").format(label=ylabel)))
    written = (
        ("x", _("Written under the graph: {notes}")),
        ("y", _("Written beside the graph: {notes}")),
    )
    for which, where in written:  # a key written by an axis
        notes = axis_notes(ax, which)
        if notes and not pie:
            parts.append(_sentence(where.format(notes=notes)))
    used: set[int] = set()
    parts += _wedges(ax, used) if pie else _bars(ax, used)
    parts += describe_dots(ax, used)
    # a diagram's lines only join its labels, which are said below
    lines = [] if kind == "Diagram" else describe_lines(ax, used, line_graph=kind == "Line graph")
    if lines and kind != "Line graph":
        parts.append(_("Over it: {lines}").format(lines=" ".join(lines)))
    elif lines:
        parts += lines
    legend = ax.get_legend()
    if legend is not None:  # the entries not named yet (a shaded band, say)
        said = " ".join(parts)
        names = [t.get_text() for t in legend.get_texts() if t.get_text() not in said]
        if names:
            parts.append(_sentence(_("Legend: {names}").format(names="; ".join(names))))
    others = [
        " ".join(t.get_text().split())
        for t in ax.texts
        if id(t) not in used and t.get_visible() and t.get_text().strip()
    ]
    if others:
        more = len(others) - MAX_ITEMS
        shown = others[:MAX_ITEMS] + (
            [_("and {count} more").format(count=more)] if more > 0 else []
        )
        parts.append(_sentence(_("Labels: {labels}").format(labels="; ".join(shown))))
    return " ".join(parts)


def _shown_axes(figure: Figure) -> list[Axes]:
    """The figure's graphs: visible axes with something drawn in them."""
    return [
        ax
        for ax in figure.axes
        if ax.get_visible()
        and (ax.patches or ax.lines or ax.collections or ax.texts or ax.images or ax.get_title())
    ]


def describe_figure(figure: Figure) -> str:
    """A description of a whole figure: its title and each of its graphs in turn.

    Args:
        figure: a matplotlib Figure (pyplot's or not). It is drawn once, without
            rendering, so tick labels are as they will be shown.

    Returns:
        plain sentences, as :func:`describe_axes`; ``"An empty figure."`` if nothing
        is drawn.

    Raises:
        XactikaError: if ``figure`` is not a matplotlib Figure.
    """
    from matplotlib.figure import Figure

    if not isinstance(figure, Figure):
        raise XactikaError(f"figure must be a matplotlib Figure, got {shown_value(figure)}")
    figure.draw_without_rendering()
    graphs = _shown_axes(figure)
    suptitle = figure.get_suptitle().strip() if hasattr(figure, "get_suptitle") else ""
    head = [_sentence(suptitle)] if suptitle else []
    if not graphs:
        return " ".join([*head, _("An empty figure.")])
    if len(graphs) == 1:
        return " ".join([*head, describe_axes(graphs[0])])
    names = {(axis_name(ax, "x"), axis_name(ax, "y")) for ax in graphs}
    (across, up), *others = names
    shared = not others and bool(across and up) and _kind(graphs[0]) != "Pie chart"
    kinds = {_kind(ax) for ax in graphs}
    one_kind = len(kinds) == 1 and all(ax.get_title().strip() for ax in graphs)
    what = _(_KINDS[next(iter(kinds)) if one_kind else "Graph"][1])
    if shared:
        side = _("{count} {kinds} side by side, each with across: {across}; up: {up}.")
    else:
        side = _("{count} {kinds} side by side.")
    head.append(side.format(count=len(graphs), kinds=what, across=across, up=up))
    return " ".join(
        [
            *head,
            *(
                _("Graph {number}: {description}").format(
                    number=k,
                    description=describe_axes(ax, axis_names=not shared, kind_name=not one_kind),
                )
                for k, ax in enumerate(graphs, start=1)
            ),
        ]
    )


def _alt_metadata(figure: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A mime bundle with no data and the figure's description as PNG metadata.

    A figure this module cannot read is still shown: without a description, and with
    one line on stderr saying why (the class pack reports it as a warning).
    """
    try:
        return {}, {"image/png": {"alt": describe_figure(figure)}}
    except Exception as error:
        print(f"no description for a figure: {type(error).__name__}: {error}", file=sys.stderr)
        return {}, {}


def describe_shown_figures(shell: Any = None) -> None:
    """Make IPython attach :func:`describe_figure` to every figure it shows.

    Each shown figure's output gets its description in its metadata,
    ``output.metadata["image/png"]["alt"]``; the picture itself is made as before (by
    the inline backend). The class pack runs this in a hidden first cell of every
    lesson and writes the description as the image's ``alt`` text. Calling it again
    changes nothing.

    Args:
        shell: the IPython shell; ``None`` for the running one.

    Raises:
        XactikaError: outside IPython.
    """
    from matplotlib.figure import Figure

    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is None:
        raise XactikaError("describe_shown_figures needs IPython (a notebook or a kernel)")
    # The mime-bundle formatter runs before the per-format ones (the inline backend's
    # PNG printer, which it sets when the first figure is made): its metadata stays.
    shell.display_formatter.mimebundle_formatter.for_type(Figure, _alt_metadata)


def figure_html(
    draw: Callable[..., object], *, size: tuple[float, float] = (6.4, 3.6), panels: int = 1
) -> str:
    """A graph drawn by ``draw(ax)`` (``draw(axes)``, a list, for ``panels`` > 1 side by
    side) as inline SVG in a ``<figure role="img">`` whose label describes it in words
    (:func:`describe_figure`), for a page without files: the student app's live graphs.

    >>> html = figure_html(lambda ax: ax.bar([1, 2], [3, 4]))
    >>> html.startswith("<figure class='xe-plot' role='img' aria-label=")
    True

    Returns:
        HTML text (no script, no outside file).
    """
    import io
    from html import escape

    from matplotlib.figure import Figure

    figure = Figure(figsize=size, layout="constrained")
    axes = figure.subplots(1, panels)
    draw(axes if panels == 1 else list(axes))
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    picture = buffer.getvalue()
    words = escape(describe_figure(figure), quote=True)
    return (
        f"<figure class='xe-plot' role='img' aria-label=\"{words}\" style='margin:0'>"
        f"{picture[picture.find('<svg') :]}</figure>"
    )
