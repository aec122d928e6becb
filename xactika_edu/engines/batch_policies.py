"""How the computer players choose, for many rounds at once: the batch policies.

A policy answers for the rounds (``rows``) whose seat to act uses it: a bid, a lead
(``slot * 4 + shape``: the hand slot played and the shape of the combination
called) or a follow (a hand slot), reading a :class:`~xactika_edu.engines.batch_state.BatchState`.

* :class:`RandomPolicy`: uniformly random legal bids and plays (RandomBot).
* :class:`HeuristicPolicy`: the rule-of-thumb player. This is *the* heuristic:
  :class:`~xactika_edu.engines.bots.HeuristicBot` runs it on a one-round batch, and the
  batch engine on millions of rounds. The rule is written out in HeuristicBot's
  docstring.
* :class:`ReplayPolicy`: recorded choices, each checked against the rules.

Source: RULES.md; the chances are :func:`xactika_edu.core.chances.chance_table`.
"""

from __future__ import annotations

import abc
import functools

import numpy as np

from ..base.errors import IllegalBidError, IllegalPlayError
from ..base.language import gettext as _
from ..core.cards import COMBINATIONS, DECK
from ..core.chances import chance_table
from ..core.rules import CARD_CALLS, CARD_VALUES, SHOWS, beats, forbidden_bid
from .batch_state import CELL_OF, CELLS, NTH_BIT, POPCOUNT, BatchState, count_bits, nth_bit

__all__ = [
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "ReplayPolicy",
    "bid_allowance",
    "chance_ranks",
]


class Policy(abc.ABC):
    """Base of the batch policies: ``rows`` are the rounds (indices into the batch)
    whose seat to act uses this policy; ``legal`` is the bit mask of hand slots that
    seat may play. ``track`` says whether the policy reads what has been seen."""

    track: bool = False

    @abc.abstractmethod
    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        """Bids; ``total`` is the bids so far when the dealer bids, else ``None``."""

    @abc.abstractmethod
    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The hand slot led and the shape called, as ``slot * 4 + shape``."""

    @abc.abstractmethod
    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The hand slot a follower plays."""


class RandomPolicy(Policy):
    """Uniformly random legal bids and plays (as :class:`~xactika_edu.engines.bots.RandomBot`).

    A lead is a uniformly random card and one of its four combinations, uniformly
    (the same as a uniformly random choice among the 4 x cards legal leads); in a
    suited game (Blackout) a card makes one call, its suit.
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        top = state.cards + 1
        if total is None:  # not the dealer: 0 .. cards
            return self.rng.integers(0, top, size=len(rows)).astype(np.int8)
        forbidden = forbidden_bid(total, state.cards, state.rules)
        restricted = forbidden >= 0
        bids = self.rng.integers(0, top - restricted)
        bids += restricted & (bids >= forbidden)  # skip the forbidden number
        return bids.astype(np.int8)

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        held = state.cards - state.trick  # every leader holds this many cards
        per = state.tables.calls.shape[1]  # calls a lead may make with one card
        choice = self.rng.integers(0, per * held, size=len(rows))
        return nth_bit(legal, choice // per) * per + (choice % per)

    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return nth_bit(legal, self.rng.integers(0, count_bits(legal)))


class ReplayPolicy(Policy):
    """Plays recorded choices, checking each one against the rules.

    ``bids`` (rounds, players), ``plays`` (rounds, cards, players: deck numbers in
    the order played) and ``calls`` (rounds, cards: combination numbers).
    """

    def __init__(self, bids: np.ndarray, plays: np.ndarray, calls: np.ndarray) -> None:
        self.bids, self.plays, self.calls = bids, plays, calls

    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        seat = state.seat[rows]
        bids = self.bids[rows, seat]
        bad = (bids < 0) | (bids > state.cards)
        if total is not None:
            bad |= bids == forbidden_bid(total, state.cards, state.rules)
        if bad.any():
            i = int(np.argmax(bad))
            message = (
                _("round {round}: player {seat} may not bid {bid} (the dealer's forbidden bid)")
                if total is not None
                else _("round {round}: player {seat} may not bid {bid}")
            )
            raise IllegalBidError(
                message.format(round=int(rows[i]), seat=int(seat[i]), bid=int(bids[i]))
            )
        return bids.astype(np.int8)

    def _slot(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        card = self.plays[rows, state.trick, state.position]
        here = state.hand[state.base[rows] + state.seat[rows]] == card[:, None]
        slot = here.argmax(axis=1)
        ok = here.any(axis=1) & (legal >> slot & 1).astype(bool)
        if not ok.all():
            i = int(np.argmax(~ok))
            raise IllegalPlayError(
                _("round {rows}, trick {number}: player {seat} may not play {DECK}").format(
                    rows=int(rows[i]),
                    number=state.trick + 1,
                    seat=int(state.seat[rows[i]]),
                    DECK=state.rules.deck[int(card[i])],
                )
            )
        return slot

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        slot = self._slot(state, rows, legal)
        card = self.plays[rows, state.trick, 0]
        call = self.calls[rows, state.trick].astype(np.intp)
        shows = state.tables.shows
        bad = (call < 0) | (call >= shows.shape[1])
        bad[~bad] = ~shows[card[~bad], call[~bad]]
        if bad.any():
            i = int(np.argmax(bad))
            raise IllegalPlayError(
                _(
                    "round {rows}, trick {number}: card {DECK} does not show "
                    "combination number {call}"
                ).format(
                    rows=int(rows[i]),
                    number=state.trick + 1,
                    DECK=state.rules.deck[int(card[i])],
                    call=int(call[i]),
                )
            )
        calls = state.tables.calls  # the lead's choice: slot * calls per card + which call
        if calls is CARD_CALLS:
            return slot * 4 + call // 3  # Xactika: a card's combinations are in shape order
        return slot * calls.shape[1] + (calls[card] == call[:, None]).argmax(axis=1)

    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return self._slot(state, rows, legal)


def bid_allowance(cards: int, players: int) -> float:
    """The heuristic's allowance for tricks won by following or by later leads:
    ``max(0, cards - 4) / (2 x players)`` (see :class:`~xactika_edu.engines.bots.HeuristicBot`).

    >>> bid_allowance(8, 4), bid_allowance(3, 4)
    (0.5, 0.0)
    """
    return max(0, cards - 4) / (2 * players)


@functools.cache
def chance_ranks() -> np.ndarray:
    """:func:`chance_table` as ranks: each entry's position among the table's distinct
    values (0.0 is rank 0), times 16; the same order and the same ties as the floats.

    The heuristic compares chances only with each other, so it may compare ranks
    (integers) instead: exactly the same choices, fewer array operations.

    Returns:
        an int32 array of the shape of :func:`chance_table`, read-only.
    """
    _, rank = np.unique(chance_table(), return_inverse=True)
    ranks = (rank.reshape(chance_table().shape) * 16).astype(np.int32)
    ranks.setflags(write=False)
    return ranks


def _pick_key(rank16: np.ndarray, value: np.ndarray, need: np.ndarray) -> np.ndarray:
    """The first column with the largest key (p, -value) where ``need``, else the first
    with the smallest: Python's ``max``/``min`` over tuples, row by row.

    ``rank16`` is the chance p as :func:`chance_ranks` (rank x 16) and ``value`` a face
    value (0 to 15), so ``rank16 - value`` orders (p, -value) as the tuples do; its
    negative orders them the other way.
    """
    key = rank16 - value
    key *= np.where(need, 1, -1).astype(key.dtype)[:, None]
    return key.argmax(axis=1)  # the first maximum


class HeuristicPolicy(Policy):
    """The rule-of-thumb player of :class:`~xactika_edu.engines.bots.HeuristicBot` (the rule
    is written out there), for a batch: deterministic given what the seat knows.

    Chances are looked up in :func:`~xactika_edu.core.chances.chance_table` (for the
    bid) or as their ranks in :func:`chance_ranks` (to compare plays: the same order);
    a hand's sure tricks are added card by card in sorted order; ties go to the first play in
    sorted card order, then shape order.
    """

    track = True

    def __init__(self) -> None:
        self.chance = chance_table()
        self.ranks = chance_ranks()

    def _threats(self, state: BatchState, rows: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """For the seat to act in rounds ``rows``: its unseen cards (not in its hand, not
        played) in table cell ``cell`` (combination k, face value >= v: k * 13 + v);
        ``cell`` has shape (rows, ...), and so has the result."""
        at = (slice(None),) + (None,) * (cell.ndim - 1)
        seat_row = (state.base[rows] + state.seat[rows])[at]
        private = state.private_ge.reshape(-1).take(seat_row * CELLS + cell)
        return private - state.played_ge.reshape(-1).take(rows[at] * CELLS + cell)

    def _chance(self, unseen: int, threats: np.ndarray, held: np.ndarray | int) -> np.ndarray:
        """:func:`chance_table` at [unseen, threats, held] (arrays broadcast together)."""
        table = self.chance[unseen]
        return table.reshape(-1).take(threats.astype(np.intp) * table.shape[1] + held)

    def sure_tricks(self, state: BatchState, rows: np.ndarray) -> np.ndarray:
        """Before any play: for the seat to act, the sum over its cards (in sorted order)
        of the card's best chance to be unbeatable if led (float64, one per row)."""
        cards, players = state.cards, state.players
        hand = state.hand[state.base[rows] + state.seat[rows]]
        threats = self._threats(state, rows, CELL_OF[hand])  # (rows, cards, 4)
        each = self._chance(len(DECK) - cards, threats, (players - 1) * cards)
        # the best of the 4 shapes, as max(axis=2) (exact), without numpy's slow
        # reduction over a short last axis
        best = np.maximum(
            np.maximum(each[..., 0], each[..., 1]), np.maximum(each[..., 2], each[..., 3])
        )
        sure = np.zeros(len(rows))
        for slot in range(cards):  # added in sorted order
            sure += best[:, slot]
        return sure

    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        cards = state.cards
        target = self.sure_tricks(state, rows) + bid_allowance(cards, state.players)
        cost = np.abs(np.arange(cards + 1)[None, :] - target[:, None])
        if total is not None:  # the dealer: never the forbidden bid
            forbidden = forbidden_bid(total, cards, state.rules)
            dealer = np.flatnonzero(forbidden >= 0)
            cost[dealer, forbidden[dealer]] = np.inf
        return cost.argmin(axis=1).astype(np.int8)  # first minimum: ties to the lower bid

    def _need(self, state: BatchState, rows: np.ndarray) -> np.ndarray:
        seat = state.seat[rows]
        return state.won[rows, seat] < state.bids[rows, seat]

    def _rank(self, unseen: int, threats: np.ndarray, held: np.ndarray | int) -> np.ndarray:
        """:func:`chance_ranks` at [unseen, threats, held] (arrays broadcast together)."""
        table = self.ranks[unseen]
        return table.reshape(-1).take(threats.astype(np.intp) * table.shape[1] + held)

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        players, n = state.players, len(rows)
        seat = state.seat[rows]
        slots = _legal_slots(legal)  # the legal cards, in slot order
        hand = _cards(state, state.base[rows] + seat, slots)
        threats = self._threats(state, rows, CELL_OF[hand]).reshape(n, -1)
        # opponents known void in each combination (the leader's own voids aside)
        void = state.void_count[rows] - state.voids[rows, seat]
        each = state.cards - state.trick  # every seat holds this many cards at a lead
        reach = each * (players - 1 - void)  # cards held by opponents not void in k
        combo = CARD_CALLS[hand].reshape(n, -1)  # candidates: slot * 4 + shape
        held = reach.reshape(-1).take(np.arange(n)[:, None] * len(COMBINATIONS) + combo)
        rank = self._rank(len(DECK) - each - state.played, threats, held)
        value = np.repeat(CARD_VALUES[hand], 4, axis=1)
        pick = _pick_key(rank, value, self._need(state, rows))
        return slots.reshape(-1).take(np.arange(n) * slots.shape[1] + (pick >> 2)) * 4 + (pick & 3)

    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        players = state.players
        slots = _legal_slots(legal)  # the legal cards, in slot order
        hand = _cards(state, state.base[rows] + state.seat[rows], slots)
        call = state.call[rows]
        value = CARD_VALUES[hand]  # (rows, legal cards)
        threats = self._threats(state, rows, call[:, None] * 13 + value)
        # cards held by the seats still to play this trick, not known void in the call
        each = state.cards - state.trick
        known = np.zeros(len(rows), dtype=np.intp)
        voids = state.voids.reshape(-1)
        leader = state.leader[rows]
        for later in range(state.position + 1, players):
            other = (leader + later) % players
            known += ~voids.take((rows * players + other) * len(COMBINATIONS) + call)
        unseen = len(DECK) - each - state.played
        can_win = beats(value, SHOWS[hand, call[:, None]], state.best[rows, None], state.rules)
        rank = self._rank(unseen, threats, (each * known)[:, None])
        rank *= can_win  # rank 0: chance 0.0
        pick = _pick_key(rank, value, self._need(state, rows))
        return slots.reshape(-1).take(np.arange(len(rows)) * slots.shape[1] + pick)


def _cards(state: BatchState, hand_rows: np.ndarray, slots: np.ndarray) -> np.ndarray:
    """The cards in ``slots`` (rows, k) of the hands ``hand_rows`` (rows,) of ``state.hand``."""
    return state.hand.reshape(-1).take((hand_rows * state.cards)[:, None] + slots)


#: _FILLED[mask, i]: the i-th set bit of mask, or its first set bit after the last.
_FILLED = np.where(np.arange(8) < POPCOUNT[:, None], NTH_BIT, NTH_BIT[:, :1]).astype(np.intp)
_FILLED.setflags(write=False)


def _legal_slots(legal: np.ndarray) -> np.ndarray:
    """The legal slots of each row in slot order, (rows, most legal slots); a row with
    fewer repeats its first legal slot to fill up. A repeat comes after the slot it
    repeats, and ties go to the first column: a repeat is never chosen."""
    most = int(POPCOUNT[legal].max()) if len(legal) else 1
    return _FILLED[legal, :most]
