"""The batch engine: bid and play many rounds of a ruleset at once, from any point.

:func:`run` takes a :class:`~xactika_edu.engines.batch_state.BatchState` (at the deal or in
the middle of a hand) and plays every round to the end, one step at a time for the
whole batch, asking each seat's policy (:mod:`xactika_edu.engines.batch_policies`) for its
choices. :func:`choose` asks one policy for the next choice only (what a computer
player does at its turn). The rules themselves (the dealer's forbidden bid, legal
follows, the trick winner, voids) are :mod:`xactika_edu.core.rules`' functions, and
the deck is the ruleset's (:func:`~xactika_edu.core.rules.deck_tables`): Xactika's 81
cards, or the standard deck with trumps for Blackout (:mod:`xactika_edu.engines.blackout_batch`).

>>> import numpy as np
>>> from xactika_edu.engines.batch_policies import HeuristicPolicy
>>> from xactika_edu.engines.batch_state import BatchState
>>> state = BatchState.deal(np.array([[[0, 80], [1, 79]]]), np.array([1]))
>>> run(state, [HeuristicPolicy()] * 2)
>>> state.bids.tolist(), state.won.tolist()
([[1, 2]], [[1, 1]])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import overload

import numpy as np

from ..base.errors import IllegalBidError
from ..base.language import gettext as _
from ..core.rules import (
    CARD_CALLS,
    SHOWS,
    beats,
    forbidden_bid,
    legal_follow_slots,
    reveals_void,
)
from .batch_policies import Policy
from .batch_state import GE_STEP, BatchState

__all__ = ["choose", "run"]

_SHOWS_FLAT = SHOWS.reshape(-1)
_CALLS_FLAT = CARD_CALLS.reshape(-1)
#: A (12, 13) int8 table as one opaque item, to copy whole rows of tables at once.
_TABLE = np.dtype((np.void, GE_STEP[0].nbytes))
_STEPS = np.ascontiguousarray(GE_STEP).reshape(len(GE_STEP), -1).view(_TABLE)[:, 0]


def _tables(array: np.ndarray) -> np.ndarray:
    """A view of a C-contiguous (rows, 12, 13) int8 array as (rows,) opaque items."""
    if not array.flags.c_contiguous:
        raise ValueError("the table array must be C-contiguous")
    return array.reshape(len(array), -1).view(_TABLE)[:, 0]


def _groups(policies: Sequence[Policy]) -> list[tuple[Policy, np.ndarray]]:
    """The distinct policies and, for each, a boolean array over seats that use it."""
    return [
        (policy, np.array([p is policy for p in policies])) for policy in dict.fromkeys(policies)
    ]


def _dispatch(
    groups: list[tuple[Policy, np.ndarray]],
    seat: np.ndarray,
    ask: Callable[[Policy, np.ndarray], np.ndarray],
) -> np.ndarray:
    """Ask each policy for the rounds where the seat to act uses it; merge the answers."""
    if len(groups) == 1:
        return ask(groups[0][0], np.arange(len(seat)))
    out = np.empty(len(seat), dtype=np.intp)
    for policy, uses in groups:
        rows = np.flatnonzero(uses[seat])
        if len(rows):
            out[rows] = ask(policy, rows)
    return out


@overload
def _sub(array: np.ndarray, rows: np.ndarray) -> np.ndarray: ...
@overload
def _sub(array: None, rows: np.ndarray) -> None: ...
@overload
def _sub(array: np.ndarray | None, rows: np.ndarray) -> np.ndarray | None: ...
def _sub(array: np.ndarray | None, rows: np.ndarray) -> np.ndarray | None:
    """``array[rows]``, without a copy when ``rows`` is every row."""
    if array is None or len(rows) == len(array):
        return array
    return array[rows]


def _bid_total(state: BatchState) -> np.ndarray:
    """The bids made so far in each round (bids not yet made are -1)."""
    return np.where(state.bids >= 0, state.bids, 0).sum(axis=1, dtype=np.intp)


def _bid_seat(state: BatchState) -> np.ndarray:
    return (state.dealers + 1 + state.bidding) % state.players


def _play_seat(state: BatchState) -> np.ndarray:
    seat = state.leader + state.position
    seat[seat >= state.players] -= state.players
    return seat


def _legal(state: BatchState, rows: np.ndarray) -> np.ndarray:
    """The slots the seat to act may play (``rows``: its rows of ``state.hand``)."""
    held = state.held[rows]
    if state.position == 0:
        return held
    showing = state.showing.reshape(-1).take(rows * state.showing.shape[1] + state.call)
    return legal_follow_slots(held, showing, state.rules)


def choose(state: BatchState, policy: Policy) -> np.ndarray:
    """The next choice in every round, by ``policy``: a bid, a lead (``slot * 4 +
    shape``) or a follow (a slot of :attr:`BatchState.hand`); the state is unchanged."""
    everyone = np.arange(state.n)
    if state.bidding < state.players:
        state.seat = _bid_seat(state)
        last = state.bidding == state.players - 1
        return policy.bid(state, everyone, _bid_total(state) if last else None)
    state.seat = _play_seat(state)
    legal = _legal(state, state.base + state.seat)
    if state.position == 0:
        return policy.lead(state, everyone, legal)
    return policy.follow(state, everyone, legal)


def _bid_all(
    state: BatchState, groups: list[tuple[Policy, np.ndarray]], forced: np.ndarray | None
) -> None:
    """Bids from ``state.bidding`` to the dealer's; ``forced[r, s] >= 0`` is a bid seat s
    must make in round r (checked against the dealer rule), -1 lets its policy bid."""
    n, players, cards = state.n, state.players, state.cards
    everyone = np.arange(n)
    total = _bid_total(state)
    while state.bidding < players:
        state.seat = _bid_seat(state)
        last = total if state.bidding == players - 1 else None

        def ask_bid(p: Policy, r: np.ndarray, t: np.ndarray | None = last) -> np.ndarray:
            return p.bid(state, r, _sub(t, r))

        bids = _dispatch(groups, state.seat, ask_bid)
        if forced is not None:
            given = forced[everyone, state.seat]
            if last is not None:
                bad = (given >= 0) & (given == forbidden_bid(last, cards, state.rules))
                if bad.any():
                    i = int(np.argmax(bad))
                    raise IllegalBidError(
                        _(
                            "round {number}: the dealer (player {seat}) may not bid {given}: "
                            "the bids would total {cards}"
                        ).format(
                            number=state.first + i,
                            seat=int(state.seat[i]),
                            given=int(given[i]),
                            cards=cards,
                        )
                    )
            bids = np.where(given >= 0, given, bids)
        state.bids[everyone, state.seat] = bids
        total += bids
        state.bidding += 1


def _play_all(
    state: BatchState, groups: list[tuple[Policy, np.ndarray]], first: np.ndarray | None
) -> None:
    """Plays from where ``state`` stands to the end; ``first``: the first choice, given."""
    n, players, cards, track, rules = state.n, state.players, state.cards, state.track, state.rules
    everyone = np.arange(n)
    hand = state.hand.reshape(-1)
    tables, trump = state.tables, state.trump
    values, suits = tables.values, tables.suits
    per, calls_count = tables.calls.shape[1], tables.shows.shape[1]  # calls per card; all calls
    calls_flat = _CALLS_FLAT if tables.calls is CARD_CALLS else tables.calls.reshape(-1)
    shows_flat = _SHOWS_FLAT if tables.shows is SHOWS else tables.shows.reshape(-1)
    one = state.held.dtype.type(1)
    if track:  # whole tables are copied as single items (memcpy), added as int8
        state.private_ge = np.ascontiguousarray(state.private_ge)
        private_tables = _tables(state.private_ge)
    while state.trick < cards:
        trick = state.trick
        if state.position == 0:
            state.leaders[:, trick] = state.leader
        while state.position < players:
            position = state.position
            seat = state.seat = _play_seat(state)
            rows = state.base + seat
            held = state.held[rows]
            legal = _legal(state, rows)
            if position == 0:

                def ask_lead(p: Policy, r: np.ndarray, g: np.ndarray = legal) -> np.ndarray:
                    return p.lead(state, r, _sub(g, r))

                choice = _dispatch(groups, seat, ask_lead) if first is None else first
                slot, shape = choice // per, choice % per  # a lead is slot * per + shape
                card = hand.take(rows * cards + slot).astype(np.intp)
                call = state.call = calls_flat.take(card * per + shape)
                state.calls[:, trick] = call
                state.best = values[card]
                state.winner = seat.copy()
                if trump is not None and suits is not None:
                    state.best_trump = suits.take(card) == trump
            else:

                def ask_follow(p: Policy, r: np.ndarray, g: np.ndarray = legal) -> np.ndarray:
                    return p.follow(state, r, _sub(g, r))

                slot = _dispatch(groups, seat, ask_follow) if first is None else first
                card = hand.take(rows * cards + slot).astype(np.intp)
                value: np.ndarray = values.take(card)
                call = state.call
                shown = shows_flat.take(card * calls_count + call)
                if trump is None or suits is None:
                    wins = beats(value, shown, state.best, rules)
                else:
                    now: np.ndarray = suits.take(card) == trump
                    trumped = beats(value, shown, state.best, rules, now, state.best_trump)
                    wins = trumped
                    state.best_trump = np.where(wins, now, state.best_trump)
                state.best = np.where(wins, value, state.best)
                state.winner = np.where(wins, seat, state.winner)
                if track:
                    void = np.flatnonzero(reveals_void(shown, rules))
                    new = ~state.voids[void, seat[void], call[void]]
                    state.voids[void, seat[void], call[void]] = True
                    state.void_count[void[new], call[void[new]]] += 1
            first = None
            state.held[rows] = held ^ (one << slot.astype(state.held.dtype))
            state.plays[:, trick, position] = card
            if track:
                step = _STEPS[card].view(np.int8).reshape(state.played_ge.shape)
                state.played_ge += step
                private = private_tables[rows]
                private.view(np.int8).reshape(step.shape)[:] += step
                private_tables[rows] = private
            state.position += 1
        state.winners[:, trick] = state.winner
        state.won[everyone, state.winner] += 1
        state.leader = state.winner
        state.trick += 1
        state.position = 0


def run(
    state: BatchState,
    policies: Sequence[Policy],
    forced: np.ndarray | None = None,
    first: np.ndarray | None = None,
) -> None:
    """Bid and play every round of ``state`` to the end, in place.

    Args:
        state: rounds at the deal or at any point of a hand.
        policies: one per seat (the same object for seats that share a policy).
        forced: (rounds, players) bids the seats must make, -1 where the policy
            bids; checked against the dealer rule.
        first: the first play, given for every round (a lead as ``slot * 4 +
            shape``, a follow as a slot), instead of asking the seat's policy.

    Raises:
        IllegalBidError: if a forced bid is the dealer's forbidden bid.
    """
    groups = _groups(policies)
    if state.bidding < state.players:
        _bid_all(state, groups, forced)
    _play_all(state, groups, first)
