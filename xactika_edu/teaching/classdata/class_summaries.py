"""The class's scores summed up, and a simulated class to practise on: the tables
behind :mod:`xactika_edu.teaching.classdata.classroom`'s graphs.

Every function takes the table from
:func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` or
:func:`example_scores` and returns a new DataFrame (exact fractions next to the
relative frequencies). No plotting library is imported.

>>> scores = example_scores(players=3, games=1, seed=1)
>>> summary_by_player(scores).columns.tolist()[:3]
['games', 'hands', 'exact bids']

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks, the
score).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pandas as pd

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import ngettext
from ...core.cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS, Seed, make_rng
from ...core.game import HANDS_PER_GAME
from .scoresheet import ADDED_COLUMNS, SHEET_COLUMNS, with_scores

__all__ = [
    "bid_trick_table",
    "difference_distribution",
    "example_scores",
    "made_missed_counts",
    "simulated_comparison",
    "summary_by_player",
]


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

    Each game is 8 hands (:data:`~xactika_edu.core.game.HANDS_PER_GAME`) played by
    ``players`` computer players, each a heuristic bot or (with chance
    ``random_share``) a random bot, on the fast engine
    (:func:`~xactika_edu.engines.simulate.simulate_rounds`). Players are named ``Bot 1``,
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
    from ...engines.simulate import simulate_rounds

    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    games = check_whole(games, "games", 1, 50)
    cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    if isinstance(random_share, bool) or not isinstance(random_share, (int, float)):
        raise XactikaError(
            _("random_share must be a number from 0 to 1, got {value}").format(
                value=shown(random_share)
            )
        )
    if not 0 <= random_share <= 1:
        raise XactikaError(
            _("random_share must be from 0 to 1, got {value}").format(value=shown(random_share))
        )
    rng = make_rng(seed)
    parts = []
    kinds: dict[str, str] = {}
    for game in range(1, games + 1):
        bots = [
            "random" if rng.random() < random_share else "heuristic" for _seat in range(players)
        ]
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
            _(
                "give the scores from load_scores or example_scores (a DataFrame), got {value}"
            ).format(value=shown(scores))
        )
    missing = [column for column in (*needed, *ADDED_COLUMNS) if column not in scores.columns]
    if missing:
        raise XactikaError(
            ngettext(
                "the scores have no column {columns}: use the table from load_scores or "
                "example_scores",
                "the scores have no column {columns}: use the table from load_scores or "
                "example_scores",
                len(missing),
            ).format(columns=", ".join(map(repr, missing)))
        )
    if scores.empty:
        raise XactikaError(_("the scores are empty: there are no hands to sum up"))


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
    >>> from xactika_edu.teaching.classdata.scoresheet import load_scores
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
    >>> from xactika_edu.teaching.classdata.scoresheet import load_scores
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
    >>> from xactika_edu.teaching.classdata.scoresheet import load_scores
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
    with heuristic bots (:func:`~xactika_edu.engines.simulate.simulate_rounds`, fast
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
    from ...engines.simulate import simulate_rounds

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
