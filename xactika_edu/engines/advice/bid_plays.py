"""Play one seat's hand for each of its bids on the same deals, fast: shared beginnings.

:func:`tricks_for_each_bid` gives, for a batch of deals and a list of bids of one
seat, the tricks that seat takes when it bids ``b`` and every seat plays as the
heuristic (:class:`~xactika_edu.engines.batch_policies.HeuristicPolicy`), for every
deal and every bid: what :func:`~xactika_edu.engines.fastsim.play_rounds` gives with
the bid forced, deal by deal (``method="direct"`` does exactly that).

``method="shared"`` gets the same numbers with less play. The heuristic reads the
bids only through each seat's *need* (it has taken fewer tricks than it bid), so
the games for two bids are the same until some seat's need differs. It first plays
every deal once with the seat needing every trick (its bid set above the cards per
hand; the dealer then bids freely). The game for (deal, bid) is that record up to
the first trick before which a seat's need differs (the trick after the seat took
its ``bid``-th trick; the first trick for bid 0): before each trick, the record
keeps a copy of the deals whose game for some bid leaves it there, and the
heuristic plays those games on from the copies. A game whose needs never differ
before the last trick is the record itself.
Where the real bids make the dealer's recorded bid the forbidden one, the dealer
bids again, by the heuristic, with the total it then sees (the other seats' bids do
not change: the heuristic reads the bids before its own only as the dealer); that
game too is the record until some seat's need differs under the new bids.
Games of the same deal start from copies of the same
record, so the bids still share their deals (common random numbers).
``tests/test_advice.py`` compares both methods deal by deal.

A follower with one legal card plays it without asking the heuristic (any player
would); the direct method asks it, as `play_rounds` does.

Source: RULES.md (the dealer rule, step 2); the heuristic in
:class:`~xactika_edu.engines.bots.HeuristicBot`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...core.rules import forbidden_bid
from ..batch_engine import run
from ..batch_policies import HeuristicPolicy, Policy
from ..batch_state import NTH_BIT, POPCOUNT, BatchState

__all__ = ["METHODS", "tricks_for_each_bid"]

#: The ways :func:`tricks_for_each_bid` can play (the same numbers either way).
METHODS: tuple[str, ...] = ("shared", "direct")

#: Trials played together: bounds the memory of the replayed games.
CHUNK = 4096


class _Heuristic(Policy):
    """The heuristic, except that a follower with one legal card plays it without
    asking (any player would): the same choices, fewer questions."""

    track = True

    def __init__(self, heuristic: HeuristicPolicy) -> None:
        self.heuristic = heuristic

    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        return self.heuristic.bid(state, rows, total)

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return self.heuristic.lead(state, rows, legal)

    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        out = np.empty(len(rows), dtype=np.intp)
        forced = POPCOUNT[legal] == 1
        out[forced] = NTH_BIT[legal[forced], 0]
        if not forced.all():
            out[~forced] = self.heuristic.follow(state, rows[~forced], legal[~forced])
        return out


class _Recorder(_Heuristic):
    """The heuristic, keeping before each trick a copy of the rounds whose game for
    some bid leaves the record there (its fork): the first trick before which some
    seat's need differs between the record's bids and that game's bids."""

    def __init__(self, heuristic: HeuristicPolicy, seat: int, dealer: int, bids: np.ndarray):
        super().__init__(heuristic)
        self.seat, self.dealer, self.bids = seat, dealer, bids
        #: per fork: (bid index, round) pairs and the copy of those rounds, their bids set
        self.forks: list[tuple[np.ndarray, np.ndarray, BatchState]] = []
        self.predicted = np.zeros((0, 0, 0), dtype=np.int64)
        self.parted = np.zeros((0, 0), dtype=bool)

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        if len(rows) == state.n:  # one policy for every seat: asked for every round
            recorded = state.bids.astype(np.int64)
            if state.trick == 0:  # the bids are made: every game's bids
                self.predicted = _dealer_bids(
                    self.heuristic, state, self.seat, self.dealer, self.bids
                )
                self.parted = np.zeros(self.predicted.shape[:2], dtype=bool)
            won = state.won[None]  # tricks taken before this one
            changed = (won < self.predicted) != (won < recorded[None])  # (bids, n, players)
            differ = changed[..., 0].copy()  # any(axis=2), faster over a short axis
            for other in range(1, state.players):
                differ |= changed[..., other]
            which, forked = np.nonzero(differ & ~self.parted)  # (bids, n): forks here
            self.parted |= differ
            if len(forked):
                copy = state.take(forked)
                copy.bids[:] = self.predicted[which, forked]
                self.forks.append((which, forked, copy))
        return super().lead(state, rows, legal)


def _direct(
    hands: np.ndarray, seat: int, dealer: int, forced: np.ndarray, bids: Sequence[int]
) -> np.ndarray:
    n, players, _ = hands.shape
    heuristic = HeuristicPolicy()
    out = np.empty((len(bids), n), dtype=np.int64)
    for i, bid in enumerate(bids):
        mine = forced.copy()
        mine[:, seat] = bid
        state = BatchState.deal(hands, np.full(n, dealer))
        run(state, [heuristic] * players, mine)
        out[i] = state.won[:, seat]
    return out


def _dealer_bids(
    heuristic: HeuristicPolicy, start: BatchState, seat: int, dealer: int, bids: np.ndarray
) -> np.ndarray:
    """Every seat's bids in the game where ``seat`` bids each of ``bids``: (bids, n,
    players), from ``start`` (the record with its bids made, no card played yet).
    The seats other than the dealer bid as in the record (the heuristic's bid
    reads the bids before it only for the dealer); the dealer bids again, by the
    heuristic, where its recorded bid would make the total the cards per hand."""
    recorded = start.bids.astype(np.int64)
    n, players = recorded.shape
    out = np.broadcast_to(recorded, (len(bids), n, players)).copy()
    out[:, :, seat] = bids[:, None]
    if seat == dealer:
        return out
    others = recorded.sum(axis=1) - recorded[:, seat] - recorded[:, dealer]
    start = start.take(np.arange(n))  # a copy: its seat to act is set to the dealer
    start.seat[:] = dealer
    for i, bid in enumerate(bids.tolist()):
        total = others + bid
        rows = np.flatnonzero(forbidden_bid(total, start.cards) == recorded[:, dealer])
        if len(rows):
            out[i, rows, dealer] = heuristic.bid(start, rows, total[rows])
    return out


def _shared(
    hands: np.ndarray, seat: int, dealer: int, forced: np.ndarray, bids: Sequence[int]
) -> np.ndarray:
    """The shared-beginnings method (see the module notes)."""
    n, players, cards = hands.shape
    # the record: the seat needs every trick (bid cards + 1); the dealer bids freely
    record = forced.copy()
    record[:, seat] = cards + 1
    main = BatchState.deal(hands, np.full(n, dealer))
    recorder = _Recorder(HeuristicPolicy(), seat, dealer, np.asarray(bids, dtype=np.int64))
    run(main, [recorder] * players, record)
    # a game is the record's until some seat's need differs before the last trick;
    # from that trick on it is played from the copy kept before it
    out = np.broadcast_to(main.won[:, seat].astype(np.int64), (len(bids), n)).copy()
    plain = _Heuristic(recorder.heuristic)
    for which, rows, state in recorder.forks:
        run(state, [plain] * players)
        out[which, rows] = state.won[:, seat]
    return out


def tricks_for_each_bid(
    hands: np.ndarray,
    seat: int,
    dealer: int,
    forced: np.ndarray,
    bids: Sequence[int],
    method: str = "shared",
) -> np.ndarray:
    """Tricks ``seat`` takes on each deal when it bids each of ``bids`` and every seat
    plays as the heuristic.

    Args:
        hands: (n, players, cards) card numbers (as from
            :func:`~xactika_edu.engines.fastsim.deal_rounds`), checked by the caller.
        seat, dealer: seats, 0 to players - 1.
        forced: (n, players) bids made before ``seat``'s (-1 where the heuristic
            bids; the column of ``seat`` is ignored).
        bids: the seat's bids to play for; each must be legal (the caller leaves
            out the dealer's forbidden bid).
        method: ``"shared"`` (replays shared beginnings, see the module notes) or
            ``"direct"`` (plays every bid from the deal); the same numbers.

    Returns:
        an int64 array of shape (len(bids), n): tricks taken, 0 to cards.

    Raises:
        XactikaError: if ``method`` is not one of :data:`METHODS`.
    """
    if method not in METHODS:
        raise XactikaError(
            _("method must be one of {METHODS}, got {method}").format(
                METHODS=", ".join(METHODS), method=shown(method)
            )
        )
    parts = []
    for start in range(0, len(hands), CHUNK):
        part, given = hands[start : start + CHUNK], forced[start : start + CHUNK]
        play = _shared if method == "shared" else _direct
        parts.append(play(part, seat, dealer, given, bids))
    return np.concatenate(parts, axis=1)
