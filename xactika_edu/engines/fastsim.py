"""A fast simulator: many rounds of Xactika at once, as NumPy arrays.

The reference rules engine (:class:`~xactika_edu.core.game.Round`) plays one hand at a
time with card objects, which is right for lessons and slow for "simulate 100,000
hands". This module plays the *same rules* on arrays of card numbers, every round of
a batch moving one play at a time together: array shapes are (rounds, players,
cards). Two players are built in (:data:`POLICIES`): ``"random"`` (uniformly random
legal bids and plays, like :class:`~xactika_edu.engines.bots.RandomBot`) and ``"heuristic"``
(the policy :class:`~xactika_edu.engines.bots.HeuristicBot` itself runs, on one round at a
time); MonteCarloBot, which runs its look-ahead on this engine, sits only at the
reference simulator's table, :mod:`xactika_edu.engines.simulate`.

This module is the engine's front door. The parts: :mod:`xactika_edu.engines.batch_deal`
(dealing, card numbers), :mod:`xactika_edu.engines.batch_state` (the arrays, at the deal
or mid-hand), :mod:`xactika_edu.engines.batch_policies` (random, heuristic, replay),
:mod:`xactika_edu.engines.batch_engine` (the loop), all on the rules of
:mod:`xactika_edu.core.rules`.

:func:`simulate_rounds` is a drop-in for the reference simulator's table, tens
(heuristic) to hundreds (random) of times faster (``benchmarks/README.md``);
:func:`play_rounds` gives every bid, play and trick as arrays, and
:meth:`FastRounds.round` turns any simulated round back into a reference
:class:`~xactika_edu.core.game.Round` to print or inspect. It is checked against the
reference engine (``tests/test_fastsim.py``): replaying the same choices gives the
same trick winners, tricks and scores in both directions, both engines offer the
same legal plays, a whole hand of the heuristic equals HeuristicBot's decisions
made one view at a time, and with random players the statistics agree within a
stated tolerance.

Cards are numbered 0-80 in :data:`~xactika_edu.core.cards.DECK` order (``"1111"`` is 0,
``"3333"`` is 80); combinations 0-11 in
:data:`~xactika_edu.core.cards.COMBINATIONS` order (``shape * 3 + count - 1``).

>>> table = simulate_rounds(1000, players=4, bots="random", seed=1)
>>> list(table.columns)
['round', 'seat', 'bot', 'dealer', 'bid', 'tricks', 'score', 'made']
>>> len(table), int(table.groupby("round")["tricks"].sum().min())
(4000, 8)
>>> table.equals(simulate_rounds(1000, players=4, bots="random", seed=1))
True

Source of the rules: RULES.md ("A hand (round)"); dealer rotation as in "A game".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pandas as pd

from ..base.checks import as_items, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..base.language import pgettext
from ..core.cards import (
    CARDS_PER_HAND,
    COMBINATIONS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Seed,
    make_rng,
)
from ..core.rules import CARD_INDEX, score
from .batch_deal import (
    BATCH,
    MAX_ROUNDS,
    card_ids,
    cards_from_ids,
    check_hands,
    deal,
    deal_rounds,
)
from .batch_engine import run
from .batch_policies import HeuristicPolicy, Policy, RandomPolicy, ReplayPolicy
from .batch_state import BatchState

if TYPE_CHECKING:
    from ..core.game import Round

__all__ = [
    "COLUMNS",
    "POLICIES",
    "FastRounds",
    "card_ids",
    "cards_from_ids",
    "deal_rounds",
    "play_rounds",
    "replay_rounds",
    "simulate_rounds",
]

#: Columns of :func:`simulate_rounds`' table (the reference simulator's columns).
COLUMNS: tuple[str, ...] = ("round", "seat", "bot", "dealer", "bid", "tricks", "score", "made")

#: The policies the fast engine plays, by name.
POLICIES: tuple[str, ...] = ("random", "heuristic")


# --- checking input --------------------------------------------------------------------


def _check_bots(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    if bots is None:
        names: tuple[object, ...] = ("heuristic",) * players
    elif isinstance(bots, str):
        names = (bots,) * players
    elif isinstance(bots, Sequence):
        names = tuple(bots)
        if len(names) != players:
            raise XactikaError(
                _("give one bot per player ({players}), got {count}: {bots}").format(
                    players=players, count=len(names), bots=shown(list(bots))
                )
            )
    else:
        raise XactikaError(
            _("bots must be a policy name or a list of them, got {bots}").format(bots=shown(bots))
        )
    out = []
    for seat, name in enumerate(names):
        key = name
        if isinstance(name, str):  # as the reference simulator reads names
            key = name.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
        if key not in POLICIES:
            known = ", ".join(map(repr, POLICIES))
            raise XactikaError(
                _(
                    "unknown bot {name} for seat {seat}: the fast engine plays {known} "
                    "(xactika_edu.engines.simulate plays any bot, more slowly)"
                ).format(name=shown(name), seat=seat, known=known)
            )
        out.append(str(key))
    return tuple(out)


def _check_dealer(dealer: int | None, players: int) -> int | None:
    if dealer is None:
        return None
    return check_whole(dealer, "dealer", 0, players - 1)


def _dealers(start: int, n: int, players: int, fixed: int | None) -> np.ndarray:
    """Dealer of rounds start .. start + n - 1: seat i % players, or ``fixed``."""
    if fixed is not None:
        return np.full(n, fixed, dtype=np.int8)
    return ((start + np.arange(n)) % players).astype(np.int8)


# --- results ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class FastRounds:
    """Many finished rounds, as arrays; made by :func:`play_rounds` or :func:`replay_rounds`.

    >>> rounds = play_rounds(3, players=2, cards_per_hand=3, seed=4)
    >>> rounds.bids.shape, rounds.plays.shape
    ((3, 2), (3, 3, 2))
    >>> rounds.round(0).tricks_won == tuple(rounds.tricks[0])   # the reference engine agrees
    True

    Attributes:
        players, cards_per_hand: the rounds' shape; ``bots``: policy name per seat.
        hands: (rounds, players, cards) int8, the hands dealt (card numbers), each
            sorted by face value then counts (the order the bots break ties in).
        dealer: (rounds,) int8, the dealer's seat.
        bids, tricks, scores: (rounds, players) int8, per seat.
        plays: (rounds, cards, players) int8, the cards of trick t in the order played
            (position 0 is the lead).
        calls: (rounds, cards) int8, the combination called in each trick (0-11).
        leaders, winners: (rounds, cards) int8, the seat that led and won each trick.
    """

    players: int
    cards_per_hand: int
    bots: tuple[str, ...]
    hands: np.ndarray
    dealer: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    plays: np.ndarray
    calls: np.ndarray
    leaders: np.ndarray
    winners: np.ndarray

    def __len__(self) -> int:
        return len(self.dealer)

    @property
    def made(self) -> np.ndarray:
        """(rounds, players) bool: whether each seat's bid was exact."""
        return self.bids == self.tricks

    def to_frame(self) -> pd.DataFrame:
        """The tidy table: one row per round and seat (see :func:`simulate_rounds`);
        round ``i`` of the arrays is ``round`` i + 1 of the table."""
        n, players = self.bids.shape
        seat = np.tile(np.arange(players, dtype=np.int64), n)
        bots = np.tile(np.array(self.bots, dtype=object), n)
        return pd.DataFrame(
            {
                "round": np.repeat(np.arange(1, n + 1, dtype=np.int64), players),
                "seat": seat,
                "bot": bots,
                "dealer": seat == np.repeat(self.dealer.astype(np.int64), players),
                "bid": self.bids.ravel().astype(np.int64),
                "tricks": self.tricks.ravel().astype(np.int64),
                "score": self.scores.ravel().astype(np.int64),
                "made": self.made.ravel(),
            },
            columns=list(COLUMNS),
        ).astype({"bot": "object"})  # as the reference simulator's table

    def round(self, index: int) -> Round:
        """Round ``index`` replayed by the reference engine (:class:`~xactika_edu.core.game.Round`).

        Every bid and play goes through the reference engine's checks, so this is
        also a check of the fast engine; print the result for a transcript.

        Raises:
            XactikaError: if ``index`` is not 0 to rounds - 1.
        """
        from ..core.game import Play, Round

        index = check_whole(index, "round index", 0, len(self) - 1)
        hands = [cards_from_ids(hand) for hand in self.hands[index]]
        rnd = Round.from_hands(hands, dealer=int(self.dealer[index]))
        for seat in rnd.bidding_order:
            rnd.bid(int(self.bids[index, seat]))
        for trick in range(self.cards_per_hand):
            for position in range(self.players):
                card = DECK[int(self.plays[index, trick, position])]
                call = COMBINATIONS[int(self.calls[index, trick])] if position == 0 else None
                rnd.play(Play(card, call))
        return rnd


def _play(
    hands: np.ndarray,
    dealers: np.ndarray,
    policies: Sequence[Policy],
    forced: np.ndarray | None = None,
    first: int = 0,
) -> dict[str, np.ndarray]:
    state = BatchState.deal(hands, dealers, track=any(policy.track for policy in policies))
    state.first = first
    run(state, policies, forced)
    return {
        "hands": state.hands,
        "dealer": dealers.astype(np.int8),
        "bids": state.bids,
        "tricks": state.won,
        "scores": score(state.bids, state.won),
        "plays": state.plays,
        "calls": state.calls,
        "leaders": state.leaders,
        "winners": state.winners,
    }


def _check_forced(bids: object, rounds: int, players: int, cards: int) -> np.ndarray:
    array = np.asarray(bids)
    if array.shape != (rounds, players):
        raise XactikaError(
            _("bids must have shape (rounds, players) = {value}, got {shape}").format(
                value=(rounds, players), shape=array.shape
            )
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise XactikaError(
            _("bids must be whole numbers, got dtype {dtype}").format(dtype=array.dtype)
        )
    bad = (array < -1) | (array > cards)
    if bad.any():
        r, s = (int(i) for i in np.argwhere(bad)[0])
        raise XactikaError(
            _(
                "bids must be -1 (the bot bids) or 0 to {cards}, got {array} for "
                "round {r}, seat {s}"
            ).format(cards=cards, array=int(array[r, s]), r=r, s=s)
        )
    return array.astype(np.intp)


def _progress_bar(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise XactikaError(_("progress=True needs tqdm: pip install tqdm")) from error
    return tqdm(total=total, desc=pgettext("progress", "hands"), unit=pgettext("progress", "hand"))


def _make_policy(name: str, rng: np.random.Generator) -> Policy:
    if name == "random":
        return RandomPolicy(rng)
    if name == "heuristic":
        return HeuristicPolicy()
    raise XactikaError(
        _("unknown bot {name}").format(name=shown(name))
    )  # pragma: no cover - checked before


def play_rounds(
    n: int | None = None,
    players: int = 4,
    bots: str | Sequence[str] | None = None,
    seed: Seed = None,
    cards_per_hand: int = CARDS_PER_HAND,
    progress: bool = False,
    *,
    dealer: int | None = None,
    hands: np.ndarray | None = None,
    bids: np.ndarray | None = None,
) -> FastRounds:
    """Deal and play ``n`` rounds at once; every bid, play and trick as arrays.

    Round i (from 0) is dealt by seat ``i % players`` (the deal passes left), unless
    ``dealer`` fixes one seat. The same seed gives the same rounds.

    >>> rounds = play_rounds(10_000, players=4, bots="random", seed=2)
    >>> rounds.tricks.sum(axis=1).tolist() == [8] * 10_000      # every trick is won
    True
    >>> bool((rounds.bids.sum(axis=1) != 8).all())              # the dealer rule
    True

    Args:
        n: rounds, 1 to 10,000,000 (or ``None`` with ``hands``).
        players: 2 to 10.
        bots: a policy name for every seat, or one per seat (see :data:`POLICIES`);
            ``None`` means ``"heuristic"`` everywhere, as in the reference simulator.
            ``"random"`` bids and plays uniformly at random among the legal choices
            (as :class:`~xactika_edu.engines.bots.RandomBot`); ``"heuristic"`` makes exactly
            the choices of :class:`~xactika_edu.engines.bots.HeuristicBot`.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.
        cards_per_hand: 1 to 8.
        progress: show a progress bar (``tqdm.auto``), advanced once per batch of
            :data:`BATCH` rounds; silent by default.
        dealer: a fixed dealer seat for every round, or ``None`` to rotate.
        hands: play these deals instead of dealing: card numbers of shape
            (rounds, players, cards) (as from :func:`deal_rounds`); ``players`` and
            ``cards_per_hand`` are then read from it.
        bids: bids the seats must make instead of their bot's: whole numbers of
            shape (rounds, players), -1 where the bot bids (later bots see these
            bids). "What if seat 0 always bids 2?", or the bids already made when
            advising on a bid.

    Returns:
        a :class:`FastRounds` with ``n`` rounds.

    Raises:
        XactikaError: if a number is out of range, a bot name is unknown (quoting it),
            ``hands`` is not a valid deal or ``bids`` is not -1 or 0 to cards.
        IllegalBidError: if a forced bid is the dealer's forbidden bid.
    """
    rng = make_rng(seed)
    if hands is not None:
        deals = check_hands(hands)
        total, players, cards_per_hand = deals.shape
        if n is not None and check_whole(n, "n (rounds)", 1, MAX_ROUNDS) != total:
            raise XactikaError(_("n is {n} but hands hold {total} rounds").format(n=n, total=total))
    else:
        if n is None:
            raise XactikaError(_("give n (the number of rounds) or hands"))
        total = check_whole(n, "n (rounds)", 1, MAX_ROUNDS)
        players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
        deals = None
    names = _check_bots(bots, players)
    fixed = _check_dealer(dealer, players)
    forced = None if bids is None else _check_forced(bids, total, players, cards_per_hand)
    shared = {name: _make_policy(name, rng) for name in dict.fromkeys(names)}
    policies = [shared[name] for name in names]
    parts = []
    bar = _progress_bar(total) if progress else None
    for start in range(0, total, BATCH):
        size = min(BATCH, total - start)
        batch = (
            deal(rng, size, players, cards_per_hand)
            if deals is None
            else deals[start : start + size]
        )
        parts.append(
            _play(
                batch,
                _dealers(start, size, players, fixed),
                policies,
                None if forced is None else forced[start : start + size],
                start,
            )
        )
        if bar is not None:
            bar.update(size)
    if bar is not None:
        bar.close()
    arrays = {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}
    return FastRounds(players=players, cards_per_hand=cards_per_hand, bots=names, **arrays)


def simulate_rounds(
    n: int,
    players: int = 4,
    bots: str | Sequence[str] | None = None,
    seed: Seed = None,
    cards_per_hand: int = CARDS_PER_HAND,
    progress: bool = False,
    *,
    dealer: int | None = None,
) -> pd.DataFrame:
    """Simulate ``n`` rounds with the fast engine: a tidy table, one row per round and seat.

    A drop-in for the reference simulator, :func:`xactika_edu.engines.simulate.simulate_rounds`
    (same arguments, same columns), for the policies in :data:`POLICIES`, about 30
    (heuristic) to 1,000 (random) times faster. The same seed gives the same table;
    it is not the reference simulator's table for that seed (the engines draw their
    random numbers differently), but it follows the same rules and the heuristic
    makes the same choices on the same deal.

    >>> table = simulate_rounds(10_000, players=4, bots=["heuristic", "random", "random", "random"],
    ...                         seed=3)
    >>> by_bot = table.groupby("bot", observed=True)
    >>> by_bot["made"].mean().round(2).to_dict()          # how often each bid is exact
    {'heuristic': 0.54, 'random': 0.11}
    >>> by_bot["score"].mean().round(2).to_dict()         # mean points per hand
    {'heuristic': 0.57, 'random': -2.72}

    Args:
        n: rounds, 1 to 10,000,000.
        players, bots, seed, cards_per_hand, progress, dealer: as for
            :func:`play_rounds`.

    Returns:
        a DataFrame with n x players rows (one per round and seat, in that order)
        and columns ``round`` (1..n), ``seat``, ``bot`` (policy name),
        ``dealer`` (bool: this seat dealt),
        ``bid``, ``tricks``, ``score`` (points, RULES.md step 4) and ``made`` (bool:
        bid exact).

    Raises:
        XactikaError: as :func:`play_rounds`.
    """
    return play_rounds(n, players, bots, seed, cards_per_hand, progress, dealer=dealer).to_frame()


def replay_rounds(rounds: Sequence[Round]) -> FastRounds:
    """Replay finished reference rounds through the fast engine, all at once.

    Every bid and play is checked by the fast engine's own rules, and its trick
    winners, tricks and scores are computed afresh: comparing them with the
    reference round's is the engines' equivalence test.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1)
    >>> for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
    ...     rnd.play(play)
    >>> fast = replay_rounds([rnd])
    >>> fast.winners[0].tolist(), fast.scores[0].tolist()     # seed 002's worked example
    ([1, 1, 0], [1, -1])

    Args:
        rounds: finished :class:`~xactika_edu.core.game.Round` objects, all with the same
            number of players and cards per hand.

    Returns:
        a :class:`FastRounds` (``bots`` are ``"replay"``).

    Raises:
        XactikaError: if a round is not over or the rounds differ in shape.
        IllegalBidError, IllegalPlayError: if the fast engine finds a recorded action
            illegal (naming the round, player and card).
    """
    from ..core.game import Round

    rounds = list(as_items(rounds, "rounds", example="[round, round]"))
    if not rounds:
        raise XactikaError(_("replay_rounds needs at least one round, got none"))
    for rnd in rounds:
        if not isinstance(rnd, Round):
            raise XactikaError(
                _("replay_rounds needs Round objects, got {rnd}").format(rnd=shown(rnd))
            )
    shapes = {(rnd.players, rnd.cards_per_hand) for rnd in rounds}
    if len(shapes) > 1:
        raise XactikaError(
            _("rounds must all have the same shape, got {shapes}").format(shapes=sorted(shapes))
        )
    players, cards = shapes.pop()
    n = len(rounds)
    hands = np.empty((n, players, cards), dtype=np.int8)
    dealers = np.empty(n, dtype=np.int8)
    bids = np.empty((n, players), dtype=np.int8)
    plays = np.empty((n, cards, players), dtype=np.int8)
    calls = np.empty((n, cards), dtype=np.int8)
    combination_id = {combination: i for i, combination in enumerate(COMBINATIONS)}
    for i, rnd in enumerate(rounds):
        if not rnd.is_over:
            raise XactikaError(
                _("round {i} is not over ({phase} phase): replay needs it whole").format(
                    i=i, phase=rnd.phase
                )
            )
        hands[i] = [[CARD_INDEX[card] for card in hand] for hand in rnd.starting_hands]
        dealers[i] = rnd.dealer
        bids[i] = cast(tuple[int, ...], rnd.bids)  # the round is over, so every seat has bid
        for t, trick in enumerate(rnd.tricks):
            plays[i, t] = [CARD_INDEX[play.card] for _, play in trick.plays]
            calls[i, t] = combination_id[trick.call]
    arrays = _play(hands, dealers, [ReplayPolicy(bids, plays, calls)] * players)
    return FastRounds(players=players, cards_per_hand=cards, bots=("replay",) * players, **arrays)
