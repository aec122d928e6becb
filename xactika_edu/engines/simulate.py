"""Simulate many hands with computer players and summarise how strong each bot is.

The bid advice (:func:`suggest_bid`, :func:`trick_distribution`,
:func:`expected_score_table`) lives in :mod:`xactika_edu.engines.advice` and is also
importable from here.

This is the *reference* simulator: every hand is a real
:class:`~xactika_edu.core.game.Round` and every bot sees only its
:class:`~xactika_edu.core.game.PlayerView`. It is exact but not fast (about 6 ms
per 4-player 8-card hand of HeuristicBots, so 10,000 hands take about a minute);
:mod:`xactika_edu.engines.fastsim` plays the random and heuristic policies hundreds of
times faster, and ``simulate_rounds`` uses it whenever every bot is named
``"random"`` or ``"heuristic"``.

>>> table = simulate_rounds(20, players=4, bots=("heuristic", "random") * 2, seed=1)
>>> table.shape
(80, 8)
>>> strength = strength_table(table)
>>> list(strength.index)
['heuristic', 'random']

Sources: the rules are RULES.md; the bots are :mod:`xactika_edu.engines.bots`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import numpy as np
import pandas as pd

from ..base.checks import as_items, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..base.language import pgettext
from ..core.cards import (
    CARDS_PER_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Seed,
    make_rng,
)
from ..core.game import BID, Round
from .advice import (
    bid_advice,
    expected_score_table,
    fixed_play_advice,
    play_each_bid,
    suggest_bid,
    trick_distribution,
)
from .bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, SupportsBot
from .search import SearchBot

__all__ = [
    "BOTS",
    "bid_advice",
    "expected_score_table",
    "fixed_play_advice",
    "play_each_bid",
    "play_round",
    "simulate_rounds",
    "strength_table",
    "suggest_bid",
    "trick_distribution",
]

#: The bots known by name: ``simulate_rounds(bots=("heuristic", "random", ...))``.
BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "montecarlo": MonteCarloBot,
    "search": SearchBot,
}

#: A bot given to :func:`simulate_rounds`: a name, a bot, or a factory ``f(seed=...)``.
BotSpec = str | SupportsBot | Callable[..., SupportsBot]


def play_round(
    rnd: Round,
    bots: Sequence[SupportsBot | None],
    *,
    until: int | Iterable[int] | None = None,
) -> Round:
    """Play ``rnd`` to the end, or until it is the turn of seat ``until`` (or of one of
    the seats ``until``): each seat's bot bids and plays from its own view only.

    >>> from xactika_edu.engines.bots import HeuristicBot
    >>> rnd = play_round(Round.deal(players=3, seed=2), [HeuristicBot()] * 3)
    >>> rnd.is_over, sum(rnd.tricks_won)
    (True, 8)
    >>> bots = [None, HeuristicBot(), HeuristicBot()]   # a person sits in seat 0
    >>> rnd = play_round(Round.deal(players=3, seed=2), bots, until=0)
    >>> rnd.current_player, rnd.bids       # seat 1 (left of dealer 0) and seat 2 have bid
    (0, (None, 3, 2))
    >>> rnd = play_round(Round.deal(players=3, seed=2), [HeuristicBot()] * 3, until={0, 2})
    >>> rnd.current_player, rnd.bids       # seat 1 bid; seat 2 is a person's too
    (2, (None, 3, None))

    Args:
        rnd: a round in any phase; it is changed in place and returned.
        bots: one bot per seat (seat 0's first); ``None`` for a seat no bot plays
            (a person's), which ``until`` must then stop at.
        until: a seat, or a set of seats: stop when it is that seat's turn (or one of
            theirs: a person plays it); ``None`` plays to the end.

    Returns:
        ``rnd``, over or waiting for a seat in ``until``.

    Raises:
        XactikaError: if the number of bots is not the number of players, ``until``
            is not a seat (or a list of seats), or a seat without a bot has to move.
        IllegalBidError, IllegalPlayError: if a bot makes an illegal move.
    """
    if not isinstance(rnd, Round):
        raise XactikaError(_("play_round needs a Round, got {rnd}").format(rnd=shown(rnd)))
    bots = as_items(bots, "bots", example="[HeuristicBot(), RandomBot()]")
    if len(bots) != rnd.players:
        raise XactikaError(
            _("give one bot per player ({players}), got {count}").format(
                players=rnd.players, count=len(bots)
            )
        )
    if until is None:
        stops: set[int] = set()
    elif isinstance(until, Iterable):
        seats = as_items(until, "until", example="{0, 2}")
        stops = {check_whole(seat, "a seat in until", 0, rnd.players - 1) for seat in seats}
    else:
        stops = {check_whole(until, "until", 0, rnd.players - 1)}
    while not rnd.is_over and rnd.current_player not in stops:
        seat = rnd.current_player
        assert seat is not None  # the round is not over
        bot = bots[seat]
        if bot is None:
            raise XactikaError(_("no computer player for seat {seat}").format(seat=seat))
        view = rnd.view(seat)
        if view.phase == BID:
            rnd.bid(bot.bid(view), player=seat)
        else:
            rnd.play(bot.play(view), player=seat)
    return rnd


def _root_seed(seed: Seed) -> np.random.SeedSequence:
    if isinstance(seed, np.random.Generator):
        return np.random.SeedSequence(int(seed.integers(0, 2**63)))
    make_rng(seed)  # checks it
    return np.random.SeedSequence(seed)


def _bot_label(bot: object) -> str:
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def _make_bots(
    bots: BotSpec | Sequence[BotSpec] | None, players: int, seeds: Sequence[int]
) -> list[SupportsBot]:
    if bots is None:
        specs: list[Any] = ["heuristic"] * players
    elif isinstance(bots, str) or not isinstance(bots, Sequence):
        specs = [bots] * players
    else:
        specs = list(bots)
    if len(specs) != players:
        raise XactikaError(
            _("give one bot per player ({players}), got {count}: {specs}").format(
                players=players, count=len(specs), specs=shown(list(specs))
            )
        )
    made: list[SupportsBot] = []
    for seat, spec in enumerate(specs):
        if isinstance(spec, str):
            key = spec.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
            if key not in BOTS:
                known = ", ".join(repr(name) for name in BOTS)
                raise XactikaError(
                    _("unknown bot {spec} for seat {seat}; the bots are {known}").format(
                        spec=shown(spec), seat=seat, known=known
                    )
                )
            made.append(BOTS[key](seed=seeds[seat]))
        elif isinstance(spec, type) or (callable(spec) and not isinstance(spec, SupportsBot)):
            bot = spec(seed=seeds[seat])
            if not isinstance(bot, SupportsBot):
                raise XactikaError(
                    _("bot factory {spec} for seat {seat} made {bot}, not a bot").format(
                        spec=shown(spec), seat=seat, bot=shown(bot)
                    )
                )
            made.append(bot)
        elif isinstance(spec, SupportsBot):
            made.append(spec)
        else:
            raise XactikaError(
                _("bot {spec} for seat {seat} is not a bot name, a bot or a bot factory").format(
                    spec=shown(spec), seat=seat
                )
            )
    return made


def simulate_rounds(
    n: int,
    players: int = 4,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: Seed = None,
    cards_per_hand: int = CARDS_PER_HAND,
    progress: bool = False,
    engine: str = "auto",
) -> pd.DataFrame:
    """Play ``n`` hands with computer players and list every player's bid, tricks and score.

    Each hand is a fresh deal; the dealer rotates (hand ``r``, from 1, is dealt by seat
    ``(r - 1) % players``), and each seat keeps its bot. The same seed gives the same
    table: the deals and every bot's seed come from ``numpy.random.SeedSequence(seed)``.

    >>> table = simulate_rounds(3, players=2, bots=["heuristic", "random"], seed=7,
    ...                         cards_per_hand=3)
    >>> list(table.columns)
    ['round', 'seat', 'bot', 'dealer', 'bid', 'tricks', 'score', 'made']
    >>> table.groupby("round")["tricks"].sum().tolist()
    [3, 3, 3]
    >>> simulate_rounds(1, bots=["heuristic", "chess"])
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: give one bot per player (4), got 2: ['heuristic', 'chess']

    Args:
        n: number of hands, 1 to 10,000,000.
        players: 2 to 10.
        bots: one per seat, each a name (``"random"``, ``"heuristic"``,
            ``"montecarlo"``, ``"search"``; see :data:`BOTS`), a bot instance (used as it is, so
            reproducible only if fresh), or a factory called as ``factory(seed=...)``
            (a bot class, or e.g. ``functools.partial(MonteCarloBot, samples=32)``).
            A single name or factory is used for every seat; ``None`` means
            HeuristicBot everywhere.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.
        cards_per_hand: 1 to 8.
        progress: show a progress bar (``tqdm.auto``: a widget in Jupyter, text
            in a terminal); silent by default.
        engine: ``"reference"`` plays every hand as a :class:`~xactika_edu.core.game.Round`
            with bot objects; ``"fast"`` uses the vectorized engine
            (:func:`xactika_edu.engines.fastsim.simulate_rounds`, random and heuristic bots
            only, the same rules and the same decisions, about 200 to 500 times
            faster); ``"auto"`` (default) picks ``"fast"`` when every bot is given as
            the name ``"random"`` or ``"heuristic"``. The two engines draw random
            numbers differently, so one seed gives one table per engine.

    Returns:
        a DataFrame with ``n x players`` rows (one per hand and seat, in that order)
        and columns ``round`` (1..n), ``seat``, ``bot`` (its name), ``dealer``
        (bool), ``bid``, ``tricks``, ``score`` (points, RULES.md step 4) and
        ``made`` (bool: tricks == bid).

    Raises:
        XactikaError: for a number out of range, an unknown bot name or the wrong
            number of bots.
        IllegalBidError, IllegalPlayError: if a bot makes an illegal move.
    """
    n = check_whole(n, "n", 1, 10_000_000)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    if engine not in ("auto", "fast", "reference"):
        raise XactikaError(
            _("engine must be 'auto', 'fast' or 'reference', got {engine}").format(
                engine=shown(engine)
            )
        )
    # one spec for every seat, or one per seat, read as _make_bots reads them
    names: list[BotSpec | None]
    if bots is None or isinstance(bots, str) or not isinstance(bots, Sequence):
        names = [bots]
    else:
        names = list(bots)
    fast_ok = all(b is None or b in ("random", "heuristic") for b in names)
    if engine == "fast" and not fast_ok:
        raise XactikaError(
            _("the fast engine plays only the 'random' and 'heuristic' bots, got {bots}").format(
                bots=shown(bots)
            )
        )
    if engine == "fast" or (engine == "auto" and fast_ok):
        from . import fastsim

        # fast_ok or the fast engine's own check: bots is None, a name or names
        names_only = cast("str | Sequence[str] | None", bots)
        return fastsim.simulate_rounds(
            n, players, names_only, seed=seed, cards_per_hand=cards_per_hand, progress=progress
        )
    root = _root_seed(seed)
    deal_seq, *seat_seqs = root.spawn(players + 1)
    seeds = [int(s.generate_state(1, np.uint64)[0] >> np.uint64(1)) for s in seat_seqs]
    made_bots = _make_bots(bots, players, seeds)
    labels = [_bot_label(bot) for bot in made_bots]
    deal_rng = np.random.default_rng(deal_seq)
    rounds: Iterable[int] = range(n)
    if progress:
        try:
            from tqdm.auto import tqdm
        except ImportError as error:  # pragma: no cover - tqdm is a dependency
            raise XactikaError(_("progress=True needs tqdm: pip install tqdm")) from error
        rounds = tqdm(
            rounds, total=n, desc=pgettext("progress", "hands"), unit=pgettext("progress", "hand")
        )
    columns: dict[str, list[Any]] = {
        key: [] for key in ("round", "seat", "bot", "dealer", "bid", "tricks", "score", "made")
    }
    for r in rounds:
        dealer = r % players
        rnd = Round.deal(players, dealer=dealer, seed=deal_rng, cards_per_hand=cards_per_hand)
        play_round(rnd, made_bots)
        scores = rnd.scores()
        for seat in range(players):
            bid, won = rnd.bids[seat], rnd.tricks_won[seat]
            columns["round"].append(r + 1)
            columns["seat"].append(seat)
            columns["bot"].append(labels[seat])
            columns["dealer"].append(seat == dealer)
            columns["bid"].append(bid)
            columns["tricks"].append(won)
            columns["score"].append(scores[seat])
            columns["made"].append(bid == won)
    table = pd.DataFrame(columns)
    ints = {key: "int64" for key in ("round", "seat", "bid", "tricks", "score")}
    return table.astype({**ints, "dealer": "bool", "made": "bool", "bot": "object"})


def strength_table(results: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """How well each bot did: exact-bid rate and mean score per hand, with confidence
    intervals.

    The hands a bot played in one round share a deal (and several seats may hold
    the same bot), so they are not independent: each bot's results are first
    averaged within each round, and the intervals are Student-t intervals over
    rounds (``scipy.stats.t``). With one seat per bot they are the usual intervals
    for a mean.

    >>> table = simulate_rounds(40, players=4, bots=["heuristic"] + ["random"] * 3, seed=3)
    >>> strength = strength_table(table)
    >>> strength.loc["heuristic", "rounds"], strength.loc["random", "hands"]
    (np.int64(40), np.int64(120))
    >>> bool(strength.loc["heuristic", "score low"] < strength.loc["heuristic", "mean score"])
    True

    Args:
        results: a table from :func:`simulate_rounds` (columns ``round``, ``bot``,
            ``score`` and ``made`` are used).
        level: confidence level, between 0 and 1 (0.95 for 95% intervals).

    Returns:
        a DataFrame indexed by ``bot`` (in order of first appearance) with columns
        ``rounds`` (rounds it played), ``hands`` (rounds x its seats),
        ``exact bid rate`` (fraction of hands with tricks == bid, in [0, 1]),
        ``exact low``/``exact high`` (its interval), ``mean score`` (points per
        hand) and ``score low``/``score high`` (its interval). Intervals are NaN
        for a bot seen in fewer than 2 rounds.

    Raises:
        XactikaError: if a column is missing, the table is empty or ``level`` is
            not between 0 and 1.
    """
    from scipy import stats

    if not isinstance(results, pd.DataFrame):
        raise XactikaError(
            _("strength_table needs the DataFrame from simulate_rounds, got {results}").format(
                results=shown(results)
            )
        )
    missing = [c for c in ("round", "bot", "score", "made") if c not in results.columns]
    if missing:
        raise XactikaError(
            _("strength_table: the table has no column {repr}").format(
                repr=", ".join(map(repr, missing))
            )
        )
    if results.empty:
        raise XactikaError(_("strength_table: the table is empty"))
    if not 0 < level < 1:
        raise XactikaError(
            _("confidence level must be between 0 and 1, got {level}").format(level=shown(level))
        )
    rows = {}
    for bot, games in results.groupby("bot", sort=False):
        per_round = games.groupby("round")[["made", "score"]].mean()
        count = len(per_round)
        row: dict[str, Any] = {"rounds": count, "hands": len(games)}
        for column, label, low, high in (
            ("made", "exact bid rate", "exact low", "exact high"),
            ("score", "mean score", "score low", "score high"),
        ):
            values = per_round[column].to_numpy(dtype=float)
            mean = float(games[column].astype(float).mean())
            row[label] = mean
            if count >= 2:
                sem = float(values.std(ddof=1) / np.sqrt(count))
                if sem > 0:
                    lo, hi = stats.t.interval(level, df=count - 1, loc=values.mean(), scale=sem)
                else:
                    lo = hi = values.mean()
                row[low], row[high] = float(lo), float(hi)
            else:
                row[low] = row[high] = float("nan")
        rows[bot] = row
    columns = [
        "rounds",
        "hands",
        "exact bid rate",
        "exact low",
        "exact high",
        "mean score",
        "score low",
        "score high",
    ]
    table = pd.DataFrame.from_dict(rows, orient="index", columns=columns)
    table.index.name = "bot"
    return table.astype({"rounds": "int64", "hands": "int64"})
