"""Graphs of the class's scores: bids made and missed, bids against tricks, how far
from the bid, each player's total, and the class next to computer players.

Part of :mod:`xactika_edu.teaching.classdata.classroom` (which offers every name here). Each graph
draws the table of the same name in :mod:`xactika_edu.teaching.classdata.class_summaries` and looks
like the deck's plots (:mod:`xactika_edu.teaching.plots.figures`: sizes, labels, palette,
``ax=None`` for a new figure). matplotlib is imported only when a graph is drawn.

>>> from matplotlib.figure import Figure
>>> from xactika_edu.teaching.classdata.class_summaries import example_scores
>>> ax = scores_by_player(example_scores(players=3, games=1, seed=1), ax=Figure().subplots())
>>> len(ax.patches)
3
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...base.formatting import percent, signed
from ...base.language import gettext as _
from ...base.language import ngettext, pgettext
from ...base.palette import INK, SERIES
from ...core.cards import Seed
from ..plots.figures import (
    BAR_FIGSIZE,
    LABEL_SIZE,
    PIE_FIGSIZE,
    check_flag,
    draw_count_bars,
    draw_pie,
    light_grid,
    use_axes,
)
from .class_summaries import (
    bid_trick_table,
    difference_distribution,
    made_missed_counts,
    simulated_comparison,
    summary_by_player,
)

#: The color of "exact bid" in every class graph (pie, histogram, bubbles); misses are SERIES[0].
EXACT_BID_COLOR = SERIES[2]
_PIE_COLORS = {
    "exact bid": EXACT_BID_COLOR,
    "took fewer than bid": SERIES[0],
    "took more than bid": SERIES[1],
}

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "bids_vs_tricks",
    "compare_with_simulation",
    "difference_histogram",
    "made_missed_pie",
    "scores_by_player",
]


def _class_name(scores: pd.DataFrame) -> str:
    """ "example class" for :func:`~.class_summaries.example_scores` (computer players,
    as Lesson 7 calls them), else "class"."""
    return _("example class") if scores.attrs.get("simulated") else _("class")


def _player_hands(count: int) -> str:
    return ngettext("{count} player-hand", "{count} player-hands", count).format(count=count)


def _class_phrase(scores: pd.DataFrame) -> str:
    """A graph's title ending: "the class's 96 player-hands"."""
    count = len(scores)
    if scores.attrs.get("simulated"):
        text = ngettext(
            "the example class's {count} player-hand",
            "the example class's {count} player-hands",
            count,
        )
    else:
        text = ngettext(
            "the class's {count} player-hand", "the class's {count} player-hands", count
        )
    return text.format(count=count)


def _outcome(outcome: str) -> str:
    """An outcome of :func:`made_missed_counts` in the page's language."""
    words = {
        "exact bid": pgettext("outcome", "exact bid"),
        "took fewer than bid": pgettext("outcome", "took fewer than bid"),
        "took more than bid": pgettext("outcome", "took more than bid"),
    }
    return words.get(outcome, outcome)


def made_missed_pie(scores: pd.DataFrame, *, ax: Axes | None = None, percents: bool = True) -> Axes:
    """Pie chart of exact bids and missed bids (too few or too many tricks).

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.teaching.classdata.class_summaries import example_scores
    >>> ax = made_missed_pie(example_scores(seed=1), ax=Figure().subplots())
    >>> [t.get_text().split(":")[0] for t in ax.texts if t.get_text()]
    ['exact bid', 'took fewer than bid', 'took more than bid']

    Args:
        scores: a table from :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
            :func:`~xactika_edu.teaching.classdata.class_summaries.example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        percents: write each slice's whole percent after its count; ``False`` when
            the students work the part out from the counts (Lesson 7's check 3).

    Returns:
        the Axes, one labeled wedge per outcome that happened (label: outcome,
        player-hands and, with ``percents``, the whole percent).

    Raises:
        XactikaError: if ``scores`` is not such a table, ``ax`` is not an Axes or
            ``percents`` is not True or False.
    """
    percents = check_flag(percents, "percents")
    counts = made_missed_counts(scores)
    ax = use_axes(ax, PIE_FIGSIZE)
    total = int(counts["frequency"].sum())
    frequencies = [int(n) for n in counts["frequency"]]
    labels = [
        f"{_outcome(outcome)}: {_player_hands(n)}"
        + (f" ({percent(Fraction(n, total))})" if percents else "")
        for outcome, n in zip(counts.index, frequencies, strict=True)
    ]
    draw_pie(
        ax,
        frequencies,
        labels,
        title=_("Bids made and missed: {who}").format(who=_class_phrase(scores)),
        caption=_("each label: what happened: how many player-hands (what percent)")
        if percents
        else _("each label: what happened: how many player-hands"),
        colors=[_PIE_COLORS[outcome] for outcome in counts.index],
    )
    return ax


def bids_vs_tricks(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bubble chart: each bid (across) and tricks taken (up); bubble area = hands.

    Every bubble is labeled with its count, so many hands at one point are never
    hidden behind each other. The dashed diagonal is "tricks = bid": bubbles on it
    are exact bids, above it the player took more than the bid, below it fewer.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.teaching.classdata.class_summaries import example_scores
    >>> ax = bids_vs_tricks(example_scores(seed=1), ax=Figure().subplots())
    >>> sum(int(t.get_text()) for t in ax.texts if t.get_text().isdigit())
    96

    Args:
        scores: a table from :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
            :func:`~xactika_edu.teaching.classdata.class_summaries.example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bubble and one count label per (bid, tricks) pair that
        happened, the diagonal and labeled axes.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from matplotlib.ticker import MultipleLocator

    table = bid_trick_table(scores)
    ax = use_axes(ax, (6.4, 6.0))
    size = len(table) - 1
    points = [
        (bid, tricks, int(table.loc[bid, tricks]))
        for bid in table.index
        for tricks in table.columns
        if table.loc[bid, tricks] > 0
    ]
    biggest = max(n for _, _, n in points)
    ax.plot(
        [-0.5, size + 0.5],
        [-0.5, size + 0.5],
        linestyle="--",
        color=INK,
        linewidth=1,
        zorder=1,
        label=_("tricks = bid (exact)"),
    )
    for bid, tricks, n in points:
        exact = bid == tricks
        ax.scatter(
            [bid],
            [tricks],
            s=120 + 1400 * n / biggest,
            color=EXACT_BID_COLOR if exact else SERIES[0],
            alpha=0.75,
            edgecolors=INK,
            linewidths=0.8,
            zorder=2,
        )
        ax.annotate(
            str(n),
            (bid, tricks),
            ha="center",
            va="center",
            fontsize=LABEL_SIZE,
            color=INK,
            fontweight="bold",
            zorder=3,
        )
    ax.set_xlim(-0.6, size + 0.6)
    ax.set_ylim(-0.6, size + 0.6)
    ax.set_aspect("equal")
    ax.xaxis.set_major_locator(MultipleLocator(1))
    ax.yaxis.set_major_locator(MultipleLocator(1))
    light_grid(ax, "both")
    ax.set_xlabel(
        _(
            "bid\nnumber in a bubble: how many player-hands\n"
            "above the line: took more tricks than the bid; below: took fewer"
        ),
        fontsize=LABEL_SIZE,
    )
    ax.set_ylabel(_("tricks taken"))
    ax.set_title(_("Bids and tricks: {who}").format(who=_class_phrase(scores)))
    ax.legend(loc="upper left", fontsize=LABEL_SIZE, framealpha=0.95)
    return ax


def difference_histogram(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of tricks taken - bid: one bar per whole number, 0 is an exact bid.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.teaching.classdata.class_summaries import example_scores
    >>> scores = example_scores(seed=1)
    >>> ax = difference_histogram(scores, ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches] == (
    ...     difference_distribution(scores)["frequency"].tolist())
    True

    Args:
        scores: a table from :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
            :func:`~xactika_edu.teaching.classdata.class_summaries.example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per difference from :func:`difference_distribution`, each
        labeled with its count; the bar at 0 has its own color and its tick says
        "exact bid" (no hatching: in these graphs hatching means "below 0").

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    table = difference_distribution(scores)
    ax = use_axes(ax, BAR_FIGSIZE)
    xs = [int(d) for d in table.index]
    draw_count_bars(ax, xs, [int(n) for n in table["frequency"]])
    ax.patches[xs.index(0)].set_facecolor(EXACT_BID_COLOR)  # as in the pie and the bubbles
    exact = _("{number}\n(exact bid)")
    ax.set_xticks(xs, labels=[exact.format(number=x) if x == 0 else signed(x) for x in xs])
    ax.set_xlabel(_("tricks taken − bid (below 0: took fewer than the bid; above 0: took more)"))
    ax.set_ylabel(_("frequency (player-hands)"))
    ax.set_title(_("How far from the bid: {who}").format(who=_class_phrase(scores)))
    return ax


def scores_by_player(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Horizontal bar graph of each player's total score, highest at the top.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.teaching.classdata.class_summaries import example_scores
    >>> scores = example_scores(players=3, games=1, seed=1)
    >>> ax = scores_by_player(scores, ax=Figure().subplots())
    >>> len(ax.patches), ax.get_yticklabels()[-1].get_text() in set(scores["player"])
    (3, True)

    Args:
        scores: a table from :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
            :func:`~xactika_edu.teaching.classdata.class_summaries.example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per player (from :func:`summary_by_player`), labeled
        with the total score (``+12``, ``-3``); negative totals are hatched.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    summary = summary_by_player(scores).sort_values("total score", kind="stable")
    ax = use_axes(ax, (7.0, max(2.5, 0.35 * len(summary) + 1.2)))
    totals = [int(t) for t in summary["total score"]]
    bars = ax.barh(
        list(map(str, summary.index)),
        totals,
        color=[SERIES[0] if t >= 0 else SERIES[1] for t in totals],
        edgecolor=INK,
        linewidth=0.8,
        hatch=None,
        zorder=2,
    )
    for bar, total in zip(bars, totals, strict=True):
        if total < 0:
            bar.set_hatch("//")
    ax.bar_label(bars, labels=[signed(t) for t in totals], padding=3, fontsize=LABEL_SIZE)
    ax.axvline(0, color=INK, linewidth=0.8)
    ax.margins(x=0.15)
    light_grid(ax, "x")
    ax.set_xlabel(_("total score (points); striped bars are below 0"))
    ax.set_title(_("Total score per player: {who}").format(who=_class_phrase(scores)))
    return ax


def compare_with_simulation(
    scores: pd.DataFrame, seed: Seed = 1, rounds: int = 2000, *, ax: Axes | None = None
) -> Axes:
    """Side-by-side bars: the class's tricks - bid next to computer players' (relative
    frequencies), from :func:`simulated_comparison`.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.teaching.classdata.class_summaries import example_scores
    >>> ax = compare_with_simulation(example_scores(seed=1), rounds=200,
    ...                              ax=Figure().subplots())
    >>> for text in ax.get_legend().get_texts():
    ...     print(text.get_text())
    example class (96 player-hands)
    computer players (800 player-hands: 200 hands of 4 players)
    >>> [t.get_text() for t in ax.texts]  # the two bars at 0 (exact bids) show their heights
    ['40%', '47%']

    Args:
        scores: a table from :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
            :func:`~xactika_edu.teaching.classdata.class_summaries.example_scores`.
        seed: the simulation's seed (whole number or Generator).
        rounds: hands simulated per table size.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: two bars per difference (class first, then the simulation's,
        dotted), a legend, and the heights of the two bars at 0 (exact bids) written
        on them as whole percents (halves up); the y axis is in percent, like the
        labels and the pie before it.

    Raises:
        XactikaError: as :func:`simulated_comparison`, or if ``ax`` is not an Axes.
    """
    from matplotlib.ticker import PercentFormatter

    table = simulated_comparison(scores, seed=seed, rounds=rounds)
    ax = use_axes(ax, BAR_FIGSIZE)
    xs = np.array([int(d) for d in table.index], dtype=float)
    who = _class_name(scores)
    sizes = table.attrs["players"]
    rounds = table.attrs["rounds"]
    players = _(" or ").join(map(str, sizes))
    class_bars = ax.bar(
        xs - 0.2,
        table["class"],
        width=0.4,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
        label=_("{who} ({count} player-hands)").format(who=who, count=len(scores)),
    )
    simulated_bars = ax.bar(
        xs + 0.2,
        table["simulated"],
        width=0.4,
        color=SERIES[1],
        edgecolor=INK,
        linewidth=0.8,
        hatch="..",  # dotted: hatching ("//") means "below 0" in scores_by_player
        zorder=2,
        label=_(
            "computer players ({hands} player-hands: {rounds} hands of {players} players)"
        ).format(hands=f"{rounds * sum(sizes):,}", rounds=f"{rounds:,}", players=players),
    )
    exact = int(np.flatnonzero(xs == 0)[0])
    top = max(float(bars[exact].get_height()) for bars in (class_bars, simulated_bars))
    for bars in (class_bars, simulated_bars):  # level, side by side over the pair: read
        left = bars is class_bars  # when projected, and neither covers the other
        ax.annotate(
            percent(float(bars[exact].get_height())),
            (float(xs[exact]), top),
            xytext=(-2 if left else 2, 3),
            textcoords="offset points",
            ha="right" if left else "left",
            va="bottom",
            fontsize=LABEL_SIZE,
            color=INK,
        )
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{int(x)}" for x in xs])
    ax.set_xlabel(_("tricks taken − bid (0: exact bid)"))
    ax.set_ylabel(_("relative frequency (% of the player-hands)"))
    light_grid(ax)
    tallest = float(max(table["class"].max(), table["simulated"].max()))
    ax.set_ylim(0, tallest * 1.5)  # room above the bars for the legend and the labels
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    ax.legend(loc="upper left", fontsize=LABEL_SIZE, framealpha=0.95)
    ax.set_title(_("How far from the bid: the class and the computer"))
    return ax
