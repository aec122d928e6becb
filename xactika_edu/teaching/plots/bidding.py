"""Plots of estimation and bidding (Lesson 6): how many tricks a hand takes, the
expected score of each bid, and the total of the bids (the dealer rule at work).

>>> import pandas as pd
>>> from matplotlib.figure import Figure
>>> table = pd.DataFrame({"frequency": [0, 999, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
>>> [text.get_text() for text in trick_bar_graph(table, ax=Figure().subplots()).texts]
['0%', '> 99%', '< 1%']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.formatting import expected_points, percent, two_decimals
from ...base.language import gettext as _
from ...base.palette import INK, PAPER, SERIES
from .figures import BAR_FIGSIZE, LABEL_SIZE, check_flag, draw_count_bars, light_grid, use_axes

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["bid_total_bar_graph", "expected_score_bar_graph", "trick_bar_graph"]


def _table_with(table: object, columns: Sequence[str], what: str, made_by: str) -> pd.DataFrame:
    """``table`` checked: a DataFrame with ``columns`` and at least one row."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame) or table.empty:
        raise XactikaError(f"{what} must be the DataFrame from {made_by}, got {shown(table)}")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise XactikaError(
            f"{what} has no column {', '.join(map(repr, missing))}; use the table from {made_by}"
        )
    return table


def trick_bar_graph(
    distribution: pd.DataFrame, *, ax: Axes | None = None, percent_axis: bool = False
) -> Axes:
    """Bar graph of how often a hand took each number of tricks, with its mean marked.

    Each bar is a relative frequency (the part of the simulated deals), labeled as
    a whole percent by the lessons' rule, :func:`~xactika_edu.base.formatting.percent`
    (``"< 1%"`` for a number that happened but rounds to 0%, ``"> 99%"`` for one
    that did not always happen but rounds to 100%). A
    dashed line stands at the mean number of tricks, and the legend gives it, always with
    two decimals (:func:`~xactika_edu.base.formatting.two_decimals`: one format whether
    the mean is exact or rounded, so two graphs side by side read alike). If the
    table says which bid the hand was played for (``.attrs["played as"]``, as
    :func:`~xactika_edu.engines.simulate.trick_distribution`'s), the title says it.

    >>> import pandas as pd
    >>> from matplotlib.figure import Figure
    >>> table = pd.DataFrame({"frequency": [0, 3, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
    >>> ax = trick_bar_graph(table, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts], ax.get_legend().get_texts()[0].get_text()
    (['0%', '75%', '25%'], 'mean 1.25 tricks')

    Args:
        distribution: a table indexed by tricks with a ``frequency`` column, as
            from :func:`~xactika_edu.engines.simulate.trick_distribution`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        percent_axis: label the y axis in percent, like the bars' labels (off by default).

    Returns:
        the Axes, with one bar per number of tricks (in order, placed at it), a
        vertical line at the mean and a legend.

    Raises:
        XactikaError: if ``distribution`` is not such a table (no rows, no
            ``frequency`` column, negative or no counts) or ``ax`` is not an Axes.

    Source: the mean is the frequency-weighted mean, sum of tricks x frequency
    divided by the number of deals.
    """
    table = _table_with(distribution, ["frequency"], "distribution", "trick_distribution")
    tricks = [int(k) for k in table.index]
    counts = [check_whole(n, "a frequency", 0, 10**9) for n in table["frequency"]]
    total = sum(counts)
    if total == 0:
        raise XactikaError("distribution has no deals: every frequency is 0")
    ax = use_axes(ax, BAR_FIGSIZE)
    shares = [n / total for n in counts]
    bars = ax.bar(
        tricks, shares, width=0.8, color=SERIES[0], edgecolor=INK, linewidth=0.8, zorder=2
    )
    labels = [percent(Fraction(n, total)) for n in counts]
    written = ax.bar_label(bars, labels=labels, padding=2, fontsize=LABEL_SIZE, color=INK)
    for text in written:  # over the dashed mean line, which would cross "73%": a white
        text.set_zorder(4)  # patch behind each label hides the line where they meet
        text.set_bbox({"facecolor": "white", "edgecolor": "none", "pad": 1.0})
        text.set_bbox({"facecolor": "white", "edgecolor": "none", "pad": 1.0})
    mean = Fraction(sum(k * n for k, n in zip(tricks, counts, strict=True)), total)
    ax.axvline(
        float(mean),
        color=SERIES[1],
        linewidth=2.5,
        linestyle="--",
        zorder=3,
        label=_("mean {mean} tricks").format(mean=two_decimals(mean)),
    )
    ax.set_xticks(tricks)
    ax.set_xlabel(_("tricks taken in the hand"))
    ax.set_ylabel(_("relative frequency (part of the deals)"))
    ax.set_ylim(0, max(shares) * 1.2)
    if check_flag(percent_axis, "percent_axis"):
        from matplotlib.ticker import PercentFormatter

        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
        ax.set_ylabel(_("relative frequency (% of the deals)"))
    light_grid(ax)
    ax.legend(loc="upper right", fontsize=LABEL_SIZE, framealpha=0.95)
    played = table.attrs.get("played as")
    title = _("Tricks taken by one hand in {deals} simulated deals").format(deals=f"{total:,}")
    if played is not None:
        title += "\n" + _("when playing for {bid}").format(bid=int(played))
    ax.set_title(title)
    return ax


def expected_score_bar_graph(
    advice: pd.DataFrame,
    *,
    ax: Axes | None = None,
    deals: int | None = None,
    mark_best: bool = True,
) -> Axes:
    """Bar graph of the expected score of each bid, the best one marked.

    Bars above the line gain points on average, bars below it lose points. Each bar
    is labeled with its expected score (2 decimal places). The recommended bid is
    orange, striped and labeled "best"; a bid the dealer may not make is white,
    crossed and labeled "not allowed" (color never carries the meaning alone).

    >>> import pandas as pd
    >>> from matplotlib.figure import Figure
    >>> advice = pd.DataFrame({"expected score": [-1.5, 0.25, -0.5],
    ...                        "legal": [True, True, False],
    ...                        "recommended": [False, True, False]})
    >>> ax = expected_score_bar_graph(advice, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts]
    ['-1.50', '+0.25\\nbest', '-0.50\\nnot allowed']

    Args:
        advice: a table indexed by bid with an ``expected score`` column (and
            optionally ``legal`` and ``recommended``), as from
            :func:`~xactika_edu.engines.advice.bid_advice` (only the legal bids: a
            forbidden bid has no bar).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        deals: the number of simulated deals behind the table: the title and the y axis
            then call the bars what they are, averages of that many deals (estimates of
            the expected score).
        mark_best: mark the recommended bid (orange, striped, "best"); ``False`` for a
            lesson that asks for the best bid after the graph.

    Returns:
        the Axes, with one bar per bid (in order, placed at the bid) and a line at 0.

    Raises:
        XactikaError: if ``advice`` is not such a table or ``ax`` is not an Axes.

    Source: the expected score of bid b is the sum over tricks k of
    P(k) x score(b, k), P the distribution of tricks when playing for b (RULES.md,
    step 4, for the points).
    """
    table = _table_with(advice, ["expected score"], "advice", "bid_advice")
    bids = [int(b) for b in table.index]
    scores = [float(v) for v in table["expected score"]]
    legal = [bool(v) for v in table.get("legal", [True] * len(bids))]
    best = [bool(v) for v in table.get("recommended", [False] * len(bids))]
    ax = use_axes(ax, BAR_FIGSIZE)
    bars = ax.bar(bids, scores, width=0.8, color=SERIES[0], edgecolor=INK, linewidth=0.8, zorder=2)
    labels = []
    for bar, value, is_legal, is_best in zip(bars, scores, legal, best, strict=True):
        text = expected_points(value)
        if not is_legal:
            bar.set_facecolor(PAPER)
            bar.set_hatch("xx")
            text += "\n" + _("not allowed")
        elif is_best and check_flag(mark_best, "mark_best"):
            bar.set_facecolor(SERIES[1])
            bar.set_hatch("//")
            text += "\n" + _("best")
        labels.append(text)
    ax.bar_label(bars, labels=labels, padding=2, fontsize=LABEL_SIZE, color=INK)
    ax.axhline(0, color=INK, linewidth=0.9, zorder=3)
    ax.set_xticks(bids)
    ax.set_xlabel(_("bid"))
    ax.set_ylabel(_("expected score (points per hand)"))
    low, high = min(0.0, *scores), max(0.0, *scores)
    pad = 0.25 * (high - low or 1.0)
    ax.set_ylim(low - pad, high + pad)
    light_grid(ax)
    if deals is None:
        ax.set_title(_("Expected score of each bid"))
    else:
        deals = check_whole(deals, "deals", 1, 10**9)
        ax.set_ylabel(_("average score (points per hand)"))
        ax.set_title(
            _("Average score of each bid in {deals} simulated deals").format(deals=f"{deals:,}")
            + "\n"
            + _("(estimates of the expected score)")
        )
    return ax


def bid_total_bar_graph(results: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of the total of all players' bids in each hand: the dealer rule at work.

    The bids may never add up to the number of cards per hand (RULES.md, step 2),
    so that total has no bar; an arrow points at the gap.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.engines.simulate import simulate_rounds
    >>> results = simulate_rounds(200, players=4, bots="heuristic", seed=1)
    >>> ax = bid_total_bar_graph(results, ax=Figure().subplots())
    >>> sum(int(bar.get_height()) for bar in ax.patches), ax.texts[-1].get_text()
    (200, 'never 8')

    Args:
        results: the table from :func:`~xactika_edu.engines.simulate.simulate_rounds`
            (columns ``round``, ``bid`` and ``tricks`` are used).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per total from the smallest to the largest seen (and
        the forbidden total), each labeled with its number of hands.

    Raises:
        XactikaError: if ``results`` is not such a table or ``ax`` is not an Axes.
    """
    table = _table_with(results, ["round", "bid", "tricks"], "results", "simulate_rounds")
    per_hand = table.groupby("round")[["bid", "tricks"]].sum()
    cards = int(per_hand["tricks"].iloc[0])  # every trick is won: tricks add up to the cards
    totals = Counter(int(t) for t in per_hand["bid"])
    xs = list(range(min(*totals, cards), max(*totals, cards) + 1))
    ax = use_axes(ax, BAR_FIGSIZE)
    draw_count_bars(ax, xs, [totals[x] for x in xs])
    ax.set_xticks(xs)
    tallest = max(totals.values())
    ax.annotate(
        _("never {cards}").format(cards=cards),
        xy=(cards, tallest * 0.05),
        xytext=(cards, tallest * 0.6),
        ha="center",
        fontsize=LABEL_SIZE + 1,
        fontweight="bold",
        color=INK,
        arrowprops={"arrowstyle": "->", "color": INK, "linewidth": 1.2},
    )
    ax.set_xlabel(_("total of all the players' bids in a hand"))
    ax.set_ylabel(_("frequency (number of hands)"))
    ax.set_title(
        _("Total of the bids in {hands} hands of {cards} tricks").format(
            hands=f"{len(per_hand):,}", cards=cards
        )
    )
    return ax
