"""The figure helpers every classroom plot shares: sizes, axes, count bars, pies.

The plots of the deck (:mod:`xactika_edu.teaching.plots`) and of the class's scores
(:mod:`xactika_edu.teaching.classdata.classroom`) draw through these, so they look alike: the same
figure sizes and label size, count bars in the first palette color labeled with
their counts, pies labeled outside with leader lines. Nothing here imports
matplotlib at import time; ``matplotlib.pyplot`` is imported only by
:func:`use_axes` when it has to make a new figure.

>>> from matplotlib.figure import Figure
>>> ax = use_axes(Figure().subplots(), BAR_FIGSIZE)
>>> draw_count_bars(ax, [1, 2, 3], [4, 0, 2])
>>> [text.get_text() for text in ax.texts]
['4', '0', '2']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, cast

import numpy as np

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import INK, PAPER, SERIES
from ...core.cards import DECK, Card, Hand

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.patches import Wedge

__all__ = [
    "BAR_FIGSIZE",
    "GRID_COLOR",
    "LABEL_SIZE",
    "PIE_FIGSIZE",
    "cards_phrase",
    "cards_to_plot",
    "check_flag",
    "draw_count_bars",
    "draw_pie",
    "light_grid",
    "slice_colors",
    "use_axes",
]

#: Size in inches (width, height) of a new figure for a bar or line graph.
BAR_FIGSIZE = (7.0, 4.2)
#: Size in inches of a new figure for a pie chart (room for labels on both sides).
PIE_FIGSIZE = (7.5, 5.6)
#: Font size in points of the labels on bars, slices, points and legends.
LABEL_SIZE = 9.5
#: The light grey of the grid lines behind bars.
GRID_COLOR = "#DDDDDD"


def use_axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    """``ax`` itself (checked), or the axes of a new pyplot figure of ``figsize`` inches.

    >>> use_axes("left", BAR_FIGSIZE)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: ax must be a matplotlib Axes or None, got 'left'

    Raises:
        XactikaError: if ``ax`` is neither None nor a matplotlib Axes, quoting it.
    """
    from matplotlib.axes import Axes

    if ax is None:
        import matplotlib.pyplot as plt

        _figure, ax = plt.subplots(figsize=figsize, layout="constrained")
        return ax
    if not isinstance(ax, Axes):
        raise XactikaError(
            _("ax must be a matplotlib Axes or None, got {value}").format(value=shown(ax))
        )
    return ax


def check_flag(value: object, name: str) -> bool:
    """``value`` as a bool if it is True or False (a NumPy bool too).

    >>> check_flag("yes", "relative")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: relative must be True or False, got 'yes'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise XactikaError(
            _("{name} must be True or False, got {value}").format(name=name, value=shown(value))
        )
    return bool(value)


def cards_to_plot(cards: Iterable[Card | str] | None) -> Hand:
    """The cards to plot: the whole deck for ``None``.

    Raises:
        XactikaError: on no cards, or on anything that is not a list of cards or
            card notation (quoting it); as :class:`~xactika_edu.core.cards.Hand` for an
            unreadable or repeated card.
    """
    if cards is None:
        return Hand(DECK)
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        message = _(
            "cards must be a list of cards, like a hand or ['3213', '1111'], or None for "
            "the whole deck; got {value}"
        ).format(value=shown(cards))
        if isinstance(cards, str):
            message += " " + _("(for text, use Hand.parse({value}))").format(value=shown(cards))
        raise XactikaError(message)
    pile = Hand(cards)
    if not pile:
        raise XactikaError(_("a plot needs at least one card, got none"))
    return pile


def cards_phrase(pile: Sequence[Card]) -> str:
    """``'the 81 cards in the deck'`` for the whole deck, else ``'8 cards'``.

    >>> cards_phrase(DECK), cards_phrase(DECK[:1])
    ('the 81 cards in the deck', '1 card')
    """
    if len(pile) == len(DECK):  # distinct cards (a Hand), so this is the whole deck
        return _("the {count} cards in the deck").format(count=len(pile))
    return ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile))


def light_grid(ax: Axes, axis: Literal["both", "x", "y"] = "y") -> None:
    """Light grey grid lines across ``axis`` ("x", "y" or "both"), behind the bars."""
    ax.grid(axis=axis, color=GRID_COLOR, linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)


def draw_count_bars(
    ax: Axes, xs: Sequence[float], counts: Sequence[int], *, width: float = 0.8
) -> None:
    """Plain count bars in the first palette color, each labeled with its count,
    on a whole-number count axis."""
    from matplotlib.ticker import MaxNLocator

    bars = ax.bar(
        list(xs),
        list(counts),
        width=width,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
    )
    ax.bar_label(bars, padding=2, fontsize=LABEL_SIZE, color=INK)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.margins(y=0.15)
    light_grid(ax)


def slice_colors(n: int) -> list[str]:
    """Palette colors for ``n`` pie slices, in slice order, no two neighbors alike (first
    and last are neighbors too): the colors :func:`draw_pie` gives by default.

    >>> slice_colors(3) == list(SERIES[:3])
    True
    """
    colors = [SERIES[i % len(SERIES)] for i in range(n)]
    if n > 2 and colors[-1] == colors[0]:
        colors[-1] = next(c for c in SERIES if c not in (colors[0], colors[-2]))
    return colors


def _spread(positions: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move sorted label heights apart so neighbors are at least ``gap`` apart,
    staying within [low, high] where there is room."""
    ys = list(positions)
    for i in range(1, len(ys)):
        ys[i] = max(ys[i], ys[i - 1] + gap)
    if ys and ys[-1] > high:
        ys[-1] = high
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - gap)
    if ys and ys[0] < low:
        ys[0] = low
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + gap)
    return ys


def draw_pie(
    ax: Axes,
    counts: Sequence[int],
    labels: Sequence[str],
    title: str,
    caption: str,
    colors: Sequence[str] | None = None,
) -> None:
    """A pie with one wedge per nonzero count, clockwise from the top, each labeled
    outside the pie with a leader line; labels on each side are spread apart so tiny
    slices stay readable. ``caption`` goes under the pie (what a label says).
    ``colors``, one per count, keeps a group's color from another pie; ``None`` gives
    :func:`slice_colors`."""
    kept = [i for i, n in enumerate(counts) if n > 0]
    shown = [(counts[i], labels[i]) for i in kept]
    fills = slice_colors(len(shown)) if colors is None else [colors[i] for i in kept]
    before = len(ax.patches)
    # Wedges are read back from ax.patches: pie() returns a tuple before matplotlib
    # 3.11 and a PieContainer from 3.11 on.
    ax.pie(
        [n for n, _ in shown],
        colors=fills,
        startangle=90,
        counterclock=False,
        wedgeprops={"edgecolor": PAPER, "linewidth": 1.5},
    )
    # every patch pie() added is a Wedge; Axes.patches is typed as plain Patches
    wedges = cast("list[Wedge]", ax.patches[before:])
    for i, wedge in enumerate(wedges):  # more slices than colours: the repeats are hatched
        if colors is None and i >= len(SERIES):
            wedge.set_hatch("//")
    _label_wedges(ax, wedges, [text for _, text in shown])
    ax.set_aspect("equal")
    ax.set_xlim(-1.75, 1.75)
    ax.set_ylim(-1.42, 1.6)
    ax.set_title(title)
    ax.set_xlabel(caption)


def _label_wedges(ax: Axes, wedges: Sequence[Wedge], labels: Sequence[str]) -> None:
    """Label each wedge outside the pie, in wedge order, with a leader line."""
    text_radius, gap = 1.25, 0.16
    anchors = []
    for wedge, text in zip(wedges, labels, strict=True):
        middle = math.radians((wedge.theta1 + wedge.theta2) / 2)
        x, y = math.cos(middle), math.sin(middle)
        anchors.append((1 if x > 1e-9 else -1, x, y, text))
    heights = [0.0] * len(anchors)
    for side in (1, -1):
        group = sorted(
            (i for i, anchor in enumerate(anchors) if anchor[0] == side),
            key=lambda i: anchors[i][2],
        )
        spread = _spread([anchors[i][2] * text_radius for i in group], gap, low=-1.4, high=1.5)
        for i, height in zip(group, spread, strict=True):
            heights[i] = height
    for (side, x, y, text), height in zip(anchors, heights, strict=True):
        across = math.sqrt(max(0.0, (text_radius + 0.05) ** 2 - height**2))
        ax.annotate(
            text,
            xy=(x, y),
            xytext=(side * max(0.3, across), height),
            ha="left" if side > 0 else "right",
            va="center",
            fontsize=LABEL_SIZE,
            color=INK,
            arrowprops={"arrowstyle": "-", "color": INK, "linewidth": 0.7},
        )
