"""Class data: the class's scores summed up and graphed, and a simulated class to
practise on.

The score sheet itself (its format, :func:`load_scores` with every check,
:func:`export_scores`, the template) lives in :mod:`xactika_edu.scoresheet`; its names
are re-exported here, so ``from xactika_edu.classroom import load_scores`` works.

>>> scores = example_scores(players=3, games=1, seed=1)
>>> summary_by_player(scores).columns.tolist()[:3]
['games', 'hands', 'exact bids']

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks, the
score); the plots follow :mod:`xactika_edu.plots` (palette, labels, ``ax=None``).
The core of this module imports no plotting library; the plot functions import
matplotlib when called.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS, Seed, make_rng
from .checks import check_whole, shown
from .csvtext import safe_cell
from .errors import XactikaError
from .game import HANDS_PER_GAME
from .scoresheet import (
    ADDED_COLUMNS,
    DANGEROUS_STARTS,
    DEALER_COLUMN,
    EXPORT_COLUMNS,
    SHEET_COLUMNS,
    ScoreSheetError,
    export_scores,
    load_scores,
    template_csv,
    with_scores,
    write_template,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "ADDED_COLUMNS",
    "DANGEROUS_STARTS",
    "DEALER_COLUMN",
    "EXPORT_COLUMNS",
    "SHEET_COLUMNS",
    "ScoreSheetError",
    "bid_trick_table",
    "bids_vs_tricks",
    "compare_with_simulation",
    "difference_distribution",
    "difference_histogram",
    "example_scores",
    "export_scores",
    "load_scores",
    "made_missed_counts",
    "made_missed_pie",
    "safe_cell",
    "scores_by_player",
    "simulated_comparison",
    "summary_by_player",
    "template_csv",
    "write_template",
]

_BAR_FIGSIZE = (7.0, 4.2)
_PIE_FIGSIZE = (7.5, 5.6)


# --- an example class ------------------------------------------------------------------


def example_scores(
    players: int = 4,
    games: int = 3,
    seed: Seed = 1,
    *,
    random_share: float = 0.25,
    cards_per_hand: int = CARDS_PER_HAND,
) -> pd.DataFrame:
    """A SIMULATED class's score sheet: computer players' games, in the sheet's format.

    Each game is 8 hands (:data:`~xactika_edu.game.HANDS_PER_GAME`) played by
    ``players`` computer players, each a heuristic bot or (with chance
    ``random_share``) a random bot, on the fast engine
    (:func:`~xactika_edu.simulate.simulate_rounds`). Players are named ``Bot 1``,
    ``Bot 2``, ... across the games, so nobody mistakes them for the class.
    Rows are in bidding order, the dealer last; the first player deals hand 1.

    >>> scores = example_scores(players=3, games=2, seed=1)
    >>> len(scores), scores.attrs["simulated"], sorted(scores["player"].unique())[:3]
    (48, True, ['Bot 1', 'Bot 2', 'Bot 3'])
    >>> scores.groupby(["game", "hand"])["tricks"].sum().unique().tolist()
    [8]

    Args:
        players: 2 to 10 players per game.
        games: 1 to 50 games (each with its own players).
        seed: a whole number or a :class:`numpy.random.Generator`; same seed, same
            class.
        random_share: the chance, in [0, 1], that a player is a random bot
            (bids and plays at random) instead of a heuristic one.
        cards_per_hand: 1 to 8.

    Returns:
        a DataFrame like :func:`load_scores` returns (``games x 8 x players``
        rows); ``attrs["simulated"]`` is True and ``attrs["bots"]`` maps each
        player's name to ``"heuristic"`` or ``"random"``.

    Raises:
        XactikaError: if a number is out of range.
    """
    from .simulate import simulate_rounds

    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    games = check_whole(games, "games", 1, 50)
    cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    if isinstance(random_share, bool) or not isinstance(random_share, (int, float)):
        raise XactikaError(f"random_share must be a number from 0 to 1, got {shown(random_share)}")
    if not 0 <= random_share <= 1:
        raise XactikaError(f"random_share must be from 0 to 1, got {shown(random_share)}")
    rng = make_rng(seed)
    parts = []
    kinds: dict[str, str] = {}
    for game in range(1, games + 1):
        bots = ["random" if rng.random() < random_share else "heuristic" for _ in range(players)]
        names = [f"Bot {(game - 1) * players + seat + 1}" for seat in range(players)]
        kinds.update(zip(names, bots, strict=True))
        played = simulate_rounds(
            HANDS_PER_GAME,
            players=players,
            bots=bots,
            seed=int(rng.integers(0, 2**63)),
            cards_per_hand=cards_per_hand,
            engine="auto",
        )
        # bidding order: the seat left of the dealer first, the dealer last
        played["order"] = (played["seat"] - (played["round"] - 1) - 1) % players
        played = played.sort_values(["round", "order"], kind="stable")
        parts.append(
            pd.DataFrame(
                {
                    "game": game,
                    "hand": played["round"].to_numpy(),
                    "player": [names[seat] for seat in played["seat"]],
                    "dealer": played["dealer"].to_numpy(),
                    "bid": played["bid"].to_numpy(),
                    "tricks": played["tricks"].to_numpy(),
                }
            )
        )
    table = pd.concat(parts, ignore_index=True)
    table = with_scores(table, cards_per_hand, source="simulated example", simulated=True)
    table.attrs["bots"] = kinds
    return table


# --- summaries --------------------------------------------------------------------------


def _check_scores(scores: object, needed: Sequence[str] = ("player", "bid", "tricks")) -> None:
    if not isinstance(scores, pd.DataFrame):
        raise XactikaError(
            f"give the scores from load_scores or example_scores (a DataFrame), got {shown(scores)}"
        )
    missing = [column for column in (*needed, *ADDED_COLUMNS) if column not in scores.columns]
    if missing:
        raise XactikaError(
            f"the scores have no column {', '.join(map(repr, missing))}: use the table "
            "from load_scores or example_scores"
        )
    if scores.empty:
        raise XactikaError("the scores are empty: there are no hands to sum up")


def summary_by_player(scores: pd.DataFrame) -> pd.DataFrame:
    """Each player's hands, exact bids and total score.

    >>> summary = summary_by_player(example_scores(players=3, games=1, seed=1))
    >>> summary.columns.tolist()
    ['games', 'hands', 'exact bids', 'made rate', 'took fewer', 'took more', 'total score']
    >>> int(summary["hands"].sum())
    24

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a DataFrame indexed by ``player`` (in order of first appearance) with
        ``games``, ``hands``, ``exact bids`` (hands with tricks == bid),
        ``made rate`` (exact bids / hands, in [0, 1]), ``took fewer`` (hands with
        fewer tricks than the bid: over-bids), ``took more`` (under-bids) and
        ``total score`` (points over all the player's games).

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores, ("game", "player", "bid", "tricks"))
    groups = scores.groupby("player", sort=False)
    table = pd.DataFrame(
        {
            "games": groups["game"].nunique(),
            "hands": groups.size(),
            "exact bids": groups["made"].sum(),
            "took fewer": groups["difference"].apply(lambda d: int((d < 0).sum())),
            "took more": groups["difference"].apply(lambda d: int((d > 0).sum())),
            "total score": groups["score"].sum(),
        }
    )
    table.insert(3, "made rate", table["exact bids"] / table["hands"])
    table.index.name = "player"
    ints = ["games", "hands", "exact bids", "took fewer", "took more", "total score"]
    return table.astype({column: "int64" for column in ints})


def made_missed_counts(scores: pd.DataFrame) -> pd.DataFrame:
    """How many hands were exact bids, and how many missed (too few or too many tricks).

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> made_missed_counts(scores)
                          frequency  relative frequency fraction
    outcome
    exact bid                     1            0.333333      1/3
    took fewer than bid           1            0.333333      1/3
    took more than bid            1            0.333333      1/3

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a 3-row DataFrame indexed by ``outcome`` (``exact bid``, ``took fewer than
        bid``, ``took more than bid``) with ``frequency`` (hands), ``relative
        frequency`` (in [0, 1]) and ``fraction`` (exact); the fractions sum to 1.

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    difference = scores["difference"]
    counts = [int((difference == 0).sum()), int((difference < 0).sum())]
    counts.append(int((difference > 0).sum()))
    total = sum(counts)
    table = pd.DataFrame(
        {
            "frequency": counts,
            "relative frequency": [n / total for n in counts],
            "fraction": [Fraction(n, total) for n in counts],
        },
        index=pd.Index(["exact bid", "took fewer than bid", "took more than bid"], name="outcome"),
    )
    return table


def difference_distribution(scores: pd.DataFrame) -> pd.DataFrame:
    """How often each difference tricks - bid happened, every whole number in between.

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> difference_distribution(scores)["frequency"].tolist()
    [1, 1, 0, 1]

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a DataFrame indexed by ``difference`` (tricks - bid; negative: took fewer
        than the bid), every whole number from the smallest to the largest seen
        (and always 0), with ``frequency``, ``relative frequency`` (in [0, 1])
        and ``fraction`` (exact).

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    counts = scores["difference"].value_counts()
    low, high = min(0, int(counts.index.min())), max(0, int(counts.index.max()))
    index = pd.RangeIndex(low, high + 1, name="difference")
    frequency = counts.reindex(index, fill_value=0).astype("int64")
    total = int(frequency.sum())
    return pd.DataFrame(
        {
            "frequency": frequency,
            "relative frequency": frequency / total,
            "fraction": [Fraction(int(n), total) for n in frequency],
        },
        index=index,
    )


def bid_trick_table(scores: pd.DataFrame) -> pd.DataFrame:
    """A count table: how many hands had each bid (rows) and tricks taken (columns).

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> bid_trick_table(scores).loc[2].tolist()[:5]
    [0, 0, 1, 0, 1]

    Returns:
        a DataFrame indexed by ``bid`` 0..cards_per_hand with columns ``tricks``
        0..cards_per_hand; the diagonal is the exact bids.

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    size = _cards_per_hand(scores)
    table = pd.crosstab(scores["bid"], scores["tricks"])
    full = range(size + 1)
    table = table.reindex(index=full, columns=full, fill_value=0).astype("int64")
    table.index.name, table.columns.name = "bid", "tricks"
    return table


def _cards_per_hand(scores: pd.DataFrame) -> int:
    size = scores.attrs.get("cards_per_hand")
    if isinstance(size, int):
        return size
    return max(int(scores["bid"].max()), int(scores["tricks"].max()), 1)


def simulated_comparison(scores: pd.DataFrame, seed: Seed = 1, rounds: int = 2000) -> pd.DataFrame:
    """The class's differences (tricks - bid) next to computer players' for the same tables.

    For each number of players in the class's games, ``rounds`` hands are simulated
    with heuristic bots (:func:`~xactika_edu.simulate.simulate_rounds`, fast
    engine, the same cards per hand). If the class played at tables of different
    sizes, the simulated distributions are mixed in the class's proportions.

    >>> table = simulated_comparison(example_scores(seed=1), seed=1, rounds=200)
    >>> table.columns.tolist()
    ['class frequency', 'class', 'simulated']
    >>> round(float(table["class"].sum()), 6), round(float(table["simulated"].sum()), 6)
    (1.0, 1.0)

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        seed: a whole number or a Generator for the simulation.
        rounds: hands simulated per table size, 10 to 1,000,000.

    Returns:
        a DataFrame indexed by ``difference`` (every whole number seen by either),
        with ``class frequency`` (hands), ``class`` and ``simulated`` (relative
        frequencies in [0, 1], each summing to 1). ``attrs`` holds ``players``
        (the table sizes) and ``rounds``.

    Raises:
        XactikaError: if ``scores`` is not such a table, or a number is out of range.
    """
    from .simulate import simulate_rounds

    _check_scores(scores, SHEET_COLUMNS)
    rounds = check_whole(rounds, "rounds", 10, 1_000_000)
    size = _cards_per_hand(scores)
    table_sizes = scores.groupby(["game", "hand"])["player"].transform("size")
    weights = table_sizes.value_counts(normalize=True).sort_index()
    root = np.random.SeedSequence(int(make_rng(seed).integers(0, 2**63)))
    simulated = pd.Series(dtype=float)
    for (players, weight), child in zip(weights.items(), root.spawn(len(weights)), strict=True):
        results = simulate_rounds(
            rounds,
            players=int(players),
            bots="heuristic",
            seed=int(child.generate_state(1, np.uint64)[0] >> np.uint64(1)),
            cards_per_hand=size,
            engine="auto",
        )
        share = (results["tricks"] - results["bid"]).value_counts(normalize=True) * weight
        simulated = simulated.add(share, fill_value=0)
    counts = scores["difference"].value_counts()
    low = min(0, int(counts.index.min()), int(simulated.index.min()))
    high = max(0, int(counts.index.max()), int(simulated.index.max()))
    index = pd.RangeIndex(low, high + 1, name="difference")
    frequency = counts.reindex(index, fill_value=0).astype("int64")
    table = pd.DataFrame(
        {
            "class frequency": frequency,
            "class": frequency / frequency.sum(),
            "simulated": simulated.reindex(index, fill_value=0.0).astype(float),
        },
        index=index,
    )
    table.attrs = {"players": sorted(int(p) for p in weights.index), "rounds": rounds}
    return table


# --- graphs -------------------------------------------------------------------------------


def _class_phrase(scores: pd.DataFrame) -> str:
    hands = len(scores)
    word = "simulated" if scores.attrs.get("simulated") else "class"
    return f"{hands} {word} player-hand{'' if hands == 1 else 's'}"


def made_missed_pie(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Pie chart of exact bids and missed bids (too few or too many tricks).

    >>> from matplotlib.figure import Figure
    >>> ax = made_missed_pie(example_scores(seed=1), ax=Figure().subplots())
    >>> [t.get_text().split(":")[0] for t in ax.texts if t.get_text()]
    ['exact bid', 'took fewer than bid', 'took more than bid']

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, one labeled wedge per outcome that happened (label: outcome,
        hands, whole percent).

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .plots import _axes, _percent, _pie, _plural

    counts = made_missed_counts(scores)
    ax = _axes(ax, _PIE_FIGSIZE)
    total = int(counts["frequency"].sum())
    frequencies = [int(n) for n in counts["frequency"]]
    labels = [
        f"{outcome}: {_plural(n, 'hand')} ({_percent(n, total)})"
        for outcome, n in zip(counts.index, frequencies, strict=True)
    ]
    _pie(
        ax,
        frequencies,
        labels,
        title=f"Bids made and missed: {_class_phrase(scores)}",
        caption="each label: what happened: how many player-hands (what percent)",
    )
    return ax


def bids_vs_tricks(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bubble chart: each bid (across) and tricks taken (up); bubble area = hands.

    Every bubble is labeled with its count, so many hands at one point are never
    hidden behind each other. The dashed diagonal is "tricks = bid": bubbles on it
    are exact bids, above it the player took more than the bid, below it fewer.

    >>> from matplotlib.figure import Figure
    >>> ax = bids_vs_tricks(example_scores(seed=1), ax=Figure().subplots())
    >>> sum(int(t.get_text()) for t in ax.texts if t.get_text().isdigit())
    96

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bubble and one count label per (bid, tricks) pair that
        happened, the diagonal and labeled axes.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from matplotlib.ticker import MultipleLocator

    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    table = bid_trick_table(scores)
    ax = _axes(ax, (6.4, 6.0))
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
        label="tricks = bid (exact)",
    )
    for bid, tricks, n in points:
        exact = bid == tricks
        ax.scatter(
            [bid],
            [tricks],
            s=120 + 1400 * n / biggest,
            color=SERIES[2] if exact else SERIES[0],
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
            fontsize=_LABEL_SIZE,
            color=INK,
            fontweight="bold",
            zorder=3,
        )
    ax.set_xlim(-0.6, size + 0.6)
    ax.set_ylim(-0.6, size + 0.6)
    ax.set_aspect("equal")
    ax.xaxis.set_major_locator(MultipleLocator(1))
    ax.yaxis.set_major_locator(MultipleLocator(1))
    ax.grid(color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_xlabel(
        "bid\nnumber in a bubble: how many player-hands\n"
        "above the line: took more tricks than the bid; below: took fewer",
        fontsize=_LABEL_SIZE,
    )
    ax.set_ylabel("tricks taken")
    ax.set_title(f"Bids and tricks: {_class_phrase(scores)}")
    ax.legend(loc="upper left", fontsize=_LABEL_SIZE, framealpha=0.95)
    return ax


def difference_histogram(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of tricks taken - bid: one bar per whole number, 0 is an exact bid.

    >>> from matplotlib.figure import Figure
    >>> scores = example_scores(seed=1)
    >>> ax = difference_histogram(scores, ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches] == (
    ...     difference_distribution(scores)["frequency"].tolist())
    True

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per difference from :func:`difference_distribution`, each
        labeled with its count; the bar at 0 has its own color and its tick says
        "exact bid" (no hatching: in these graphs hatching means "below 0").

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .palette import SERIES
    from .plots import _axes, _draw_count_bars

    table = difference_distribution(scores)
    ax = _axes(ax, _BAR_FIGSIZE)
    xs = [int(d) for d in table.index]
    _draw_count_bars(ax, xs, [int(n) for n in table["frequency"]])
    ax.patches[xs.index(0)].set_facecolor(SERIES[2])  # the exact-bid color of bids_vs_tricks
    ax.set_xticks(xs, labels=[f"{x}\n(exact bid)" if x == 0 else f"{x:+d}" for x in xs])
    ax.set_xlabel("tricks taken - bid (below 0: took fewer than the bid; above 0: took more)")
    ax.set_ylabel("frequency (player-hands)")
    ax.set_title(f"How far from the bid: {_class_phrase(scores)}")
    return ax


def scores_by_player(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Horizontal bar graph of each player's total score, highest at the top.

    >>> from matplotlib.figure import Figure
    >>> scores = example_scores(players=3, games=1, seed=1)
    >>> ax = scores_by_player(scores, ax=Figure().subplots())
    >>> len(ax.patches), ax.get_yticklabels()[-1].get_text() in set(scores["player"])
    (3, True)

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per player (from :func:`summary_by_player`), labeled
        with the total score (``+12``, ``-3``); negative totals are hatched.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    summary = summary_by_player(scores).sort_values("total score", kind="stable")
    ax = _axes(ax, (7.0, max(2.5, 0.35 * len(summary) + 1.2)))
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
    ax.bar_label(
        bars, labels=[f"{t:+d}" if t else "0" for t in totals], padding=3, fontsize=_LABEL_SIZE
    )
    ax.axvline(0, color=INK, linewidth=0.8)
    ax.margins(x=0.15)
    ax.grid(axis="x", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_xlabel("total score (points); hatched bars are below 0")
    ax.set_title(f"Total score per player: {_class_phrase(scores)}")
    return ax


def _two_places(value: float) -> str:
    """A relative frequency as a decimal with 2 places, halves rounded up: 0.485 -> '0.49'.

    >>> _two_places(0.485), _two_places(0.4849), _two_places(1.0)
    ('0.49', '0.48', '1.00')
    """
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def compare_with_simulation(
    scores: pd.DataFrame, seed: Seed = 1, rounds: int = 2000, *, ax: Axes | None = None
) -> Axes:
    """Side-by-side bars: the class's tricks - bid next to computer players' (relative
    frequencies), from :func:`simulated_comparison`.

    >>> from matplotlib.figure import Figure
    >>> ax = compare_with_simulation(example_scores(seed=1), rounds=200,
    ...                              ax=Figure().subplots())
    >>> for text in ax.get_legend().get_texts():
    ...     print(text.get_text())
    simulated class (96 player-hands)
    computer players (800 player-hands: 200 hands of 4 players)
    >>> [t.get_text() for t in ax.texts]  # the two bars at 0 (exact bids) show their heights
    ['0.40', '0.47']

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        seed: the simulation's seed (whole number or Generator).
        rounds: hands simulated per table size.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: two bars per difference (class first, then the simulation's,
        dotted), a legend, and the heights of the two bars at 0 (exact bids) written
        on them, rounded to 2 decimal places (halves up).

    Raises:
        XactikaError: as :func:`simulated_comparison`, or if ``ax`` is not an Axes.
    """
    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    table = simulated_comparison(scores, seed=seed, rounds=rounds)
    ax = _axes(ax, _BAR_FIGSIZE)
    xs = np.array([int(d) for d in table.index], dtype=float)
    who = "simulated class" if scores.attrs.get("simulated") else "class"
    sizes = table.attrs["players"]
    rounds = table.attrs["rounds"]
    players = " or ".join(map(str, sizes))
    class_bars = ax.bar(
        xs - 0.2,
        table["class"],
        width=0.4,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
        label=f"{who} ({len(scores)} player-hands)",
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
        label=f"computer players ({rounds * sum(sizes):,} player-hands: {rounds:,} hands of "
        f"{players} players)",
    )
    exact = int(np.flatnonzero(xs == 0)[0])
    for bars in (class_bars, simulated_bars):
        height = float(bars[exact].get_height())
        ax.annotate(
            _two_places(height),
            (float(xs[exact]) + (0.2 if bars is simulated_bars else -0.2), height),
            xytext=(0, 2),
            textcoords="offset points",
            ha="center",
            va="bottom",
            rotation=90,  # upright text would cover the other bar's label
            fontsize=_LABEL_SIZE,
            color=INK,
        )
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{int(x)}" for x in xs])
    ax.set_xlabel("tricks taken - bid (0: exact bid)")
    ax.set_ylabel("relative frequency (part of the hands)")
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    tallest = float(max(table["class"].max(), table["simulated"].max()))
    ax.set_ylim(0, tallest * 1.5)  # room above the bars for the legend and the labels
    ax.legend(loc="upper left", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title("How far from the bid: the class and the computer")
    return ax
