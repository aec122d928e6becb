"""Plots of sums (Lesson 3): the ways to make each total of several shapes or dice,
with the normal curve, and the deck table's columns for one shape as three bells.

>>> from matplotlib.figure import Figure
>>> ax = sum_bar_graph(3, ax=Figure().subplots())
>>> [int(bar.get_height()) for bar in ax.patches]
[1, 3, 6, 7, 6, 3, 1]
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...base.formatting import and_list, label_number, percent
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import INK, PAPER, SERIES
from ...core.cards import COUNTS, Shape
from ...core.probability import FACE_VALUES
from .figures import BAR_FIGSIZE, LABEL_SIZE, check_flag, light_grid, use_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["shape_columns_graph", "sum_bar_graph"]

_MOST_LABELED_BARS = 16  # more bars than this get no count labels (they would overlap)


def _sum_title(terms: int, values: tuple[int, ...]) -> str:
    """``'4 shapes (1, 2 or 3 of each)'``, ``'3 dice'``, or ``'2 picks from 0 or 1'``."""
    if values == COUNTS:
        return ngettext(
            "{count} shape (1, 2 or 3 of each)", "{count} shapes (1, 2 or 3 of each)", terms
        ).format(count=terms)
    if values == tuple(range(1, 7)):
        return ngettext("{count} die", "{count} dice", terms).format(count=terms)
    return ngettext("{count} pick from {values}", "{count} picks from {values}", terms).format(
        count=terms, values=and_list(values, "or")
    )


def sum_bar_graph(
    terms: int = 4,
    counts: Iterable[int] = COUNTS,
    *,
    relative: bool = False,
    normal: bool = False,
    ax: Axes | None = None,
) -> Axes:
    """Bar graph of the number of ways to make each total of ``terms`` equally likely
    counts, optionally with the normal curve on top.

    Like :func:`ways_bar_graph` but for any number of shapes (a deck with 10 shapes),
    or for dice (``counts=range(1, 7)``). With ``normal=True`` the normal curve with
    the total's mean and variance is drawn over the bars: the more terms, the closer
    it fits (the central limit theorem).

    >>> from matplotlib.figure import Figure
    >>> ax = sum_bar_graph(2, counts=range(1, 7), ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches], ax.get_title()
    ([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], 'Totals of 2 dice')
    >>> ax = sum_bar_graph(10, relative=True, normal=True, ax=Figure().subplots())
    >>> ax.get_legend().get_texts()[0].get_text()
    'normal curve: mean 20, variance 20/3'

    Args:
        terms: how many counts are added, as for
            :func:`~xactika_edu.core.probability.sum_distribution` (at most 39 shapes).
        counts: the equally likely values of one term: ``(1, 2, 3)`` for a shape
            (the default), ``range(1, 7)`` for a die.
        relative: bar heights are relative frequencies (part of all the ways, in
            [0, 1]) instead of numbers of ways; the labels are then whole percents.
        normal: draw the normal curve (scaled to the number of ways, or the density
            itself when ``relative``; each bar is 1 wide).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per total in increasing order (totals that cannot
        happen get a bar of height 0). Bars are labeled with their number of ways
        (or percent) when there are at most 16 of them; with more, the labels
        would overlap and the count axis gives the heights. With ``normal``, one
        line (the curve) and a legend stating its mean and variance.

    Raises:
        XactikaError: as :func:`~xactika_edu.core.probability.sum_distribution`, or if
            ``relative`` or ``normal`` is not True/False, the counts are all equal
            and ``normal`` is True, or ``ax`` is not an Axes.

    Source: :func:`~xactika_edu.core.probability.sum_distribution` and
    :func:`~xactika_edu.core.probability.sum_normal_approximation` (exact counts; the
    curve from scipy.stats).
    """
    from matplotlib.ticker import MaxNLocator

    from ...core.probability import (
        sum_distribution,
        sum_mean_and_variance,
        sum_normal_approximation,
    )

    relative = check_flag(relative, "relative")
    normal = check_flag(normal, "normal")
    if isinstance(counts, Iterable) and not isinstance(counts, (str, bytes)):
        counts = tuple(counts)  # read once: it may be an iterator
    table = sum_distribution(terms, counts)  # checks terms and counts, naming a bad one
    values = tuple(int(v) for v in counts)
    curve = sum_normal_approximation(terms, values) if normal else None
    ax = use_axes(ax, BAR_FIGSIZE)
    totals = [int(t) for t in table.index]
    heights = table["relative frequency" if relative else "frequency"].tolist()
    bars = ax.bar(
        totals,
        heights,
        width=0.8,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        label=_("ways to make each total") if normal else None,
        zorder=2,
    )
    if len(totals) <= _MOST_LABELED_BARS:
        texts = (
            [percent(f) for f in table["fraction"]]
            if relative
            else [str(int(n)) for n in table["frequency"]]
        )
        # With the curve on top, tall bars carry their label inside, in white.
        inside = [normal and h >= 0.25 * max(heights) for h in heights]
        ax.bar_label(
            bars,
            labels=[t if not i else "" for t, i in zip(texts, inside, strict=True)],
            padding=2,
            fontsize=LABEL_SIZE,
            color=INK,
        )
        if any(inside):
            ax.bar_label(
                bars,
                labels=[t if i else "" for t, i in zip(texts, inside, strict=True)],
                padding=-14,
                fontsize=LABEL_SIZE,
                color=PAPER,
                fontweight="bold",
                zorder=4,
            )
        ax.set_xticks(totals)
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if relative:  # in percent, as the bars' labels are
        from matplotlib.ticker import PercentFormatter

        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=None))
    else:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if curve is not None:
        mean, variance = sum_mean_and_variance(terms, values)
        x = np.linspace(totals[0] - 1, totals[-1] + 1, 400)
        scale = 1 if relative else int(table["frequency"].sum())
        y = curve.pdf(x) * scale
        ax.plot(
            x,
            y,
            color=SERIES[1],
            linewidth=2.5,
            zorder=3,
            label=_("normal curve: mean {mean}, variance {variance}").format(
                mean=label_number(mean), variance=variance
            ),
        )
        ax.set_xlim(totals[0] - 1, totals[-1] + 1)
        ax.set_ylim(0, max(float(y.max()), float(max(heights))) * 1.3)
        ax.legend(loc="upper right", fontsize=LABEL_SIZE, framealpha=0.95)
    else:
        ax.margins(y=0.15)
    light_grid(ax)
    ax.set_title(_("Totals of {what}").format(what=_sum_title(terms, values)))
    ax.set_xlabel(_("total"))
    ax.set_ylabel(
        _("relative frequency (part of all the ways)") if relative else _("number of ways")
    )
    return ax


_SERIES_MARKERS = ("o", "s", "^")
_SERIES_LINES = ("-", "--", ":")
_SERIES_LABEL_SIDES = (("right", -5), ("center", 0), ("left", 5))


def shape_columns_graph(
    shape: Shape | str = Shape.CUBES, *, deck: bool = False, ax: Axes | None = None
) -> Axes:
    """The deck table's columns for one shape as three bell curves, each moved one
    face value to the right of the one before.

    One curve per count of ``shape``: how many cards of each face value show 1, 2
    or 3 of it (the columns of :func:`~xactika_edu.core.probability.shape_count_table`,
    the publisher's graphing activity). The other three shapes make the rest of the
    face value, so every curve has the same bell shape (the ways three shapes add
    up), and each is centered one higher than the last: 7, 8 and 9.

    >>> from matplotlib.figure import Figure
    >>> ax = shape_columns_graph("stars", ax=Figure().subplots())
    >>> [[int(y) for y in line.get_ydata()] for line in ax.get_lines()]
    [[1, 3, 6, 7, 6, 3, 1], [1, 3, 6, 7, 6, 3, 1], [1, 3, 6, 7, 6, 3, 1]]
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['1 star (center 7)', '2 stars (center 8)', '3 stars (center 9)']

    Args:
        shape: a :class:`~xactika_edu.core.cards.Shape` or its name ("cubes", "cube",
            "cu", any letter case). Every shape gives the same numbers.
        deck: also draw the deck's bars (the ``cards`` column) behind the curves:
            at every face value the three curves add up to the bar.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with three lines (1, 2 and 3 of ``shape``, in order; each with
        its own marker and dash pattern, and a point for every face value where
        some card has that count), a legend naming each curve and its center (the
        mean face value of those cards). Without ``deck`` every point is labeled
        with its number of cards; with ``deck``, 9 bars labeled with their counts
        instead.

    Raises:
        XactikaError: (:class:`~xactika_edu.base.errors.NotationError`) for an unknown
            shape; also if ``deck`` is not True/False or ``ax`` is not an Axes.

    Source: :func:`~xactika_edu.core.probability.shape_count_table` (the deck table of
    seed 000, counted from the deck); RULES.md ("cards showing that shape k times =
    number of ways the other three shapes sum to v - k").
    """
    from matplotlib.ticker import MaxNLocator

    from ...core.probability import shape_count_table

    shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
    deck = check_flag(deck, "deck")
    ax = use_axes(ax, BAR_FIGSIZE)
    table = shape_count_table(shape)
    if deck:
        bars = ax.bar(
            list(FACE_VALUES),
            table["cards"].tolist(),
            width=0.8,
            color="#E8E8E8",
            edgecolor=INK,
            linewidth=0.6,
            label=_("all cards (the three curves added up)"),
            zorder=1,
        )
        ax.bar_label(bars, padding=2, fontsize=LABEL_SIZE, color=INK)
    for i, count in enumerate(COUNTS):
        column = table.iloc[:, 1 + i]  # after "cards": one column per count, in order
        shown = column[column > 0]
        center = Fraction(sum(int(v) * int(n) for v, n in shown.items()), int(shown.sum()))
        xs = [int(v) for v in shown.index]
        ys = [int(n) for n in shown]
        ax.plot(
            xs,
            ys,
            color=SERIES[i],
            linestyle=_SERIES_LINES[i],
            marker=_SERIES_MARKERS[i],
            markersize=6,
            markeredgecolor=INK,
            linewidth=2,
            zorder=3,
            label=_("{shapes} (center {center})").format(
                shapes=f"{count} {shape.name_for(count)}", center=label_number(center)
            ),
        )
        if not deck:  # with the deck's bars, the bars carry the labels
            # Labels left of, above and right of the points, so that the three
            # curves' labels at one face value never sit on each other.
            side, dx = _SERIES_LABEL_SIDES[i]
            for x, y in zip(xs, ys, strict=True):
                ax.annotate(
                    str(y),
                    (x, y),
                    xytext=(dx, 6),
                    textcoords="offset points",
                    ha=side,
                    fontsize=LABEL_SIZE,
                    color=INK,
                    zorder=4,
                )
    ax.set_xticks(list(FACE_VALUES))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    tallest = int(table["cards"].max()) if deck else int(table.iloc[:, 1:].max().max())
    ax.set_ylim(0, tallest * 1.5)  # room for the legend above the curves
    light_grid(ax)
    ax.legend(loc="upper left", fontsize=LABEL_SIZE, framealpha=0.95)
    ax.set_title(_("Cards by face value and number of {shapes}").format(shapes=shape.plural))
    ax.set_xlabel(_("face value"))
    ax.set_ylabel(_("frequency (number of cards)"))
    return ax
