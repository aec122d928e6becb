"""The state of many hands of Xactika at once, as NumPy arrays (the batch engine's data).

A :class:`BatchState` holds ``n`` rounds of the same shape (players, cards per
hand) at the same point of play: every round bids and plays one step at a time
together (:mod:`xactika_edu.engines.batch_engine`). It starts at the deal
(:meth:`BatchState.deal`) or at any point of a hand (:meth:`BatchState.at`, from a
:class:`Position`: the bids, tricks and trick in progress, shared by every row,
while the hands may differ: the sampled deals of a look-ahead).

Cards are deck numbers (positions in the ruleset's deck: Xactika's
:data:`~xactika_edu.core.cards.DECK`, or the standard 52 cards of a suited ruleset such
as :data:`~xactika_edu.core.rules.BLACKOUT`; see :func:`~xactika_edu.core.rules.deck_tables`).
Within a hand, cards sit in *slots* in sorted order (Xactika: face value, then
counts; playing cards: deck order): the order in which the computer players break
ties. Which slots a seat still holds is a bit mask (bit i: slot i), one byte per hand
of up to 8 cards (uint8), four bytes for longer hands (uint32, up to 26 cards:
Blackout with two players). With trumps (a suited ruleset), ``trump`` holds each
round's trump suit (-1: no trump).

>>> import numpy as np
>>> state = BatchState.deal(np.array([[[0, 80], [1, 79]]]), np.array([1]))
>>> state.n, state.players, state.cards, state.held.tolist()
(1, 2, 2, [3, 3])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import COMBINATIONS, DECK
from ..core.rules import (
    CARD_CALLS,
    CARD_VALUES,
    SHOWS,
    XACTIKA,
    Ruleset,
    deck_tables,
    trick_winner,
)

__all__ = [
    "BY_RANK",
    "CELLS",
    "CELL_OF",
    "GE_STEP",
    "NTH_BIT",
    "POPCOUNT",
    "RANK_OF",
    "TOTAL_GE",
    "UNPACK",
    "BatchState",
    "Position",
    "count_bits",
    "nth_bit",
]

# --- lookup tables over deck numbers ----------------------------------------------------

#: The card of each rank in sorted order (face value, then counts), and each card's rank.
BY_RANK = deck_tables(XACTIKA).sorted_cards
RANK_OF = np.argsort(BY_RANK).astype(np.int8)
#: TOTAL_GE[k, v]: cards of the deck showing combination k with face value >= v.
TOTAL_GE = (
    (SHOWS.T[:, None, :] & (CARD_VALUES[None, None, :] >= np.arange(13)[None, :, None]))
    .sum(axis=2)
    .astype(np.int8)
)
#: Cells of a (12, 13) table indexed by combination k and face value v (k * 13 + v).
CELLS = len(COMBINATIONS) * 13
#: CELL_OF[i, s]: the cell of card i's combination for shape s and its face value.
CELL_OF = CARD_CALLS * 13 + CARD_VALUES.astype(np.intp)[:, None]
#: GE_STEP[i]: what card i adds to a (12, 13) table of "cards showing k with value >= v".
GE_STEP = (SHOWS[:, :, None] & (np.arange(13) <= CARD_VALUES[:, None, None])).astype(np.int8)
#: Bit masks of up to 8 slots: set bits, the n-th set bit, and the bits as booleans.
POPCOUNT = np.array([bin(mask).count("1") for mask in range(256)], dtype=np.int8)
NTH_BIT = np.zeros((256, 8), dtype=np.int8)
for _mask in range(256):
    _set = [bit for bit in range(8) if _mask >> bit & 1]
    NTH_BIT[_mask, : len(_set)] = _set
del _mask, _set
UNPACK = ((np.arange(256)[:, None] >> np.arange(8)) & 1).astype(bool)
_SHOWS_BYTE = SHOWS.astype(np.uint8)
for _table in (BY_RANK, RANK_OF, TOTAL_GE, CELL_OF, GE_STEP, POPCOUNT, NTH_BIT, UNPACK):
    _table.setflags(write=False)
del _table
_WIDE_BITS = np.arange(32, dtype=np.uint32)


def count_bits(masks: np.ndarray) -> np.ndarray:
    """How many bits each mask has set (uint8 masks by table, wider ones by NumPy).

    >>> count_bits(np.array([0b1011], np.uint8)).tolist()
    [3]
    >>> count_bits(np.array([2**20 + 1], np.uint32)).tolist()
    [2]
    """
    if masks.dtype == np.uint8:
        return POPCOUNT[masks]
    return np.bitwise_count(masks).astype(np.int8)


def nth_bit(masks: np.ndarray, k: np.ndarray | int) -> np.ndarray:
    """The position of the ``k``-th set bit (from 0) of each mask (``k`` below its count).

    >>> nth_bit(np.array([0b1010], np.uint8), 1).tolist()
    [3]
    >>> nth_bit(np.array([2**20 + 1], np.uint32), 1).tolist()
    [20]
    """
    if masks.dtype == np.uint8:
        return NTH_BIT[masks, k]
    bits = (masks[:, None] >> _WIDE_BITS) & 1
    return (bits.cumsum(axis=1) > np.asarray(k).reshape(-1, 1)).argmax(axis=1).astype(np.int8)


@dataclass(frozen=True)
class Position:
    """A point in a hand, as every player knows it: bids, finished tricks, the trick
    in progress and the voids shown. The hands themselves are not part of it.

    Attributes:
        players, cards, dealer: the hand's shape and dealer.
        bids: per seat, -1 where not yet made.
        tricks: the finished tricks, each ``(leader, call, cards in order, winner)``
            with deck numbers and a combination number.
        current: ``(seat, card)`` pairs of the trick in progress.
        call: the combination called in it, or -1 before the lead.
        leader: the seat that leads (or led) the trick in progress.
        voids: per seat, the combination numbers it has shown it does not hold.
    """

    players: int
    cards: int
    dealer: int
    bids: tuple[int, ...]
    tricks: tuple[tuple[int, int, tuple[int, ...], int], ...] = ()
    current: tuple[tuple[int, int], ...] = ()
    call: int = -1
    leader: int = -1
    voids: tuple[tuple[int, ...], ...] = ()

    @functools.cached_property
    def played(self) -> list[int]:
        """Every card played so far, in order."""
        cards = [card for trick in self.tricks for card in trick[2]]
        return cards + [card for _seat, card in self.current]

    @functools.cached_property
    def played_by(self) -> list[list[int]]:
        """The cards each seat has played so far."""
        played: list[list[int]] = [[] for _seat in range(self.players)]
        for leader, _call, cards, _winner in self.tricks:
            for offset, card in enumerate(cards):
                played[(leader + offset) % self.players].append(card)
        for seat, card in self.current:
            played[seat].append(card)
        return played

    @functools.cached_property
    def won(self) -> list[int]:
        """Tricks taken by each seat."""
        won = [0] * self.players
        for trick in self.tricks:
            won[trick[3]] += 1
        return won

    @functools.cached_property
    def held(self) -> list[int]:
        """How many cards each seat holds now."""
        held = [self.cards - len(self.tricks)] * self.players
        for seat, _card in self.current:
            held[seat] -= 1
        return held

    @functools.cached_property
    def to_act(self) -> int:
        """The seat to bid or play now."""
        if min(self.bids) < 0:
            order = [(self.dealer + 1 + k) % self.players for k in range(self.players)]
            return next(seat for seat in order if self.bids[seat] < 0)
        return (self.leader + len(self.current)) % self.players


class BatchState:
    """``n`` rounds in progress, as arrays (see the module notes).

    Made by :meth:`deal` (before the bids) or :meth:`at` (any point); changed in
    place by :func:`xactika_edu.engines.batch_engine.run`. Rows ``r * players + s`` of
    ``hand`` and ``held`` are seat s of round r. With ``track``, the state also keeps
    what the players have seen (cards played, voids), which the heuristic reads
    (Xactika's deck only). ``trumps`` (rounds,): each round's trump suit, -1 for none
    (a suited ruleset only; ``None``: no trumps in any round).
    """

    def __init__(
        self,
        hands: np.ndarray,
        dealers: np.ndarray,
        track: bool,
        rules: Ruleset = XACTIKA,
        trumps: np.ndarray | None = None,
    ) -> None:
        n, players, cards = hands.shape
        tables = deck_tables(rules)
        if rules.suited and track:
            raise XactikaError(
                _("the batch engine tracks cards seen for Xactika's deck only, not {name}").format(
                    name=rules.name
                )
            )
        if trumps is not None and tables.suits is None:
            raise XactikaError(_("{name} has no trumps").format(name=rules.name))
        self.rules, self.tables = rules, tables
        self.n, self.players, self.cards = n, players, cards
        self.first = 0  # number of the batch's first round, for messages
        if rules.suited:  # deck order is the sorted order
            hands = np.sort(hands, axis=2).astype(np.int8)
        else:
            hands = BY_RANK[np.sort(RANK_OF[hands], axis=2)]  # slots in sorted order
        self.hands = hands
        self.hand = hands.reshape(n * players, cards)
        mask = np.uint8 if cards <= 8 else np.uint32
        self.held = np.full(n * players, (1 << cards) - 1, dtype=mask)
        # showing[row, k]: the slots whose card shows call k (bit i: slot i)
        shows = tables.shows
        if cards <= 8 and n * players <= 256:  # small batches: one step
            self.showing = np.packbits(shows[self.hand], axis=1, bitorder="little")[:, 0]
        else:  # slot by slot, without a (rows, cards, calls) temporary
            self.showing = np.zeros((n * players, shows.shape[1]), dtype=mask)
            step = _SHOWS_BYTE if shows is SHOWS else shows.astype(mask)
            for slot in range(cards):
                self.showing |= step[self.hand[:, slot]] << mask(slot)
        # the trump suit of each round (-1: none), and whether the best card so far is one
        self.trump = None if trumps is None else np.asarray(trumps, dtype=np.int8).copy()
        self.best_trump = np.zeros(n, dtype=bool)
        self.base = np.arange(n) * players
        self.dealers = dealers.astype(np.intp)
        self.bids = np.zeros((n, players), dtype=np.int8)
        self.won = np.zeros((n, players), dtype=np.int8)
        self.plays = np.zeros((n, cards, players), dtype=np.int8)
        self.calls = np.zeros((n, cards), dtype=np.int8)
        self.leaders = np.zeros((n, cards), dtype=np.int8)
        self.winners = np.zeros((n, cards), dtype=np.int8)
        # where play stands: bids made, trick and position in it (the same in every row)
        self.bidding = 0
        self.trick = 0
        self.position = 0
        # the trick in progress, per row
        self.seat = np.zeros(n, dtype=np.intp)
        self.call = np.zeros(n, dtype=np.intp)
        self.leader = (self.dealers + 1) % players
        self.best = np.zeros(n, dtype=np.int8)
        self.winner = np.zeros(n, dtype=np.intp)
        self.track = track
        if track:
            # played_ge[r, k, v]: cards played in round r showing k with face value >= v
            self.played_ge = np.zeros((n, len(COMBINATIONS), 13), dtype=np.int8)
            # private_ge[row, k, v]: the same count over the cards not in the seat's
            # hand now; minus played_ge, it counts the cards the seat has not seen
            if n * players <= 256:  # small batches: one step (its temporary is small)
                self.private_ge = TOTAL_GE - GE_STEP[self.hand].sum(axis=1, dtype=np.int8)
            else:  # slot by slot, without a (rows, cards, 12, 13) temporary
                self.private_ge = np.broadcast_to(TOTAL_GE, (n * players, *TOTAL_GE.shape)).copy()
                for slot in range(cards):
                    self.private_ge -= GE_STEP[self.hand[:, slot]]
            # voids[r, s, k]: seat s failed to follow k; void_count[r, k]: how many did
            self.voids = np.zeros((n, players, len(COMBINATIONS)), dtype=bool)
            self.void_count = np.zeros((n, len(COMBINATIONS)), dtype=np.intp)

    @classmethod
    def deal(
        cls,
        hands: np.ndarray,
        dealers: np.ndarray,
        track: bool = True,
        rules: Ruleset = XACTIKA,
        trumps: np.ndarray | None = None,
    ) -> BatchState:
        """Rounds before the first bid: ``hands`` (rounds, players, cards) of deck
        numbers, ``dealers`` (rounds,) seats, ``trumps`` (rounds,) suits or -1."""
        return cls(hands, dealers, track, rules, trumps)

    @classmethod
    def at(
        cls,
        position: Position,
        hands: np.ndarray,
        track: bool = True,
        rules: Ruleset = XACTIKA,
        record: bool = True,
    ) -> BatchState:
        """Rounds at ``position``, one per deal in ``hands``.

        ``hands`` (rounds, players, cards): each seat's cards *as dealt* (its cards
        now and those it has played), deck numbers; the rounds differ only there.
        Nothing is checked: the caller gives a position reached by legal play.
        With ``record=False`` the record of the tricks so far (``plays``, ``calls``,
        ``leaders``, ``winners``) is left empty: the players never read it.
        Xactika's deck only (a position carries voids in combinations).
        """
        _xactika_only(rules)
        n, players = len(hands), position.players
        state = cls(hands, np.full(n, position.dealer), track, rules)
        played = position.played
        if played:
            gone = np.zeros(len(DECK), dtype=bool)
            gone[played] = True
            state.held = np.packbits(~gone[state.hand], axis=1, bitorder="little")[:, 0]
            if track:  # a seat's played cards left its hand: back among the cards not in it
                owner = np.zeros((players, len(played)), dtype=np.int8)
                at = 0
                for seat, cards_of_seat in enumerate(position.played_by):
                    owner[seat, at : at + len(cards_of_seat)] = 1
                    at += len(cards_of_seat)
                order = [card for cards_of_seat in position.played_by for card in cards_of_seat]
                back = owner @ GE_STEP[order].reshape(len(played), -1)  # per seat
                state.private_ge.reshape(n, players, -1)[:] += back
        state._set_position(position, record)
        return state

    @classmethod
    def for_seat(
        cls, position: Position, hand: Sequence[int], rules: Ruleset = XACTIKA
    ) -> BatchState:
        """One round at ``position`` as the seat to act knows it: its own cards now
        (``hand``, deck numbers); the other hands are unknown and left empty.

        Enough for that seat's policy to choose (:func:`xactika_edu.engines.batch_engine.choose`),
        not to play the hand on. Quicker than :meth:`at` for one decision.
        Xactika's deck only.
        """
        _xactika_only(rules)
        players, cards, seat = position.players, position.cards, position.to_act
        state = cls.__new__(cls)
        state.rules, state.n, state.players, state.cards, state.first = rules, 1, players, cards, 0
        state.tables, state.trump, state.best_trump = deck_tables(rules), None, np.zeros(1, bool)
        dealt = np.array([*hand, *position.played_by[seat]], dtype=np.int8)
        dealt = BY_RANK[np.sort(RANK_OF[dealt])]  # slots in sorted order
        state.hand = np.zeros((players, cards), dtype=np.int8)
        state.hand[seat] = dealt
        state.hands = state.hand.reshape(1, players, cards)
        holding = set(hand)
        now = np.array([card in holding for card in dealt.tolist()], dtype=bool)
        state.held = np.zeros(players, dtype=np.uint8)
        state.held[seat] = np.packbits(now, bitorder="little")[0]
        state.showing = np.zeros((players, len(COMBINATIONS)), dtype=np.uint8)
        state.showing[seat] = np.packbits(SHOWS[dealt], axis=0, bitorder="little")[0]
        state.base = np.zeros(1, dtype=np.intp)
        state.dealers = np.full(1, position.dealer, dtype=np.intp)
        state.bids = np.zeros((1, players), dtype=np.int8)
        state.won = np.zeros((1, players), dtype=np.int8)
        state.plays = np.zeros((1, cards, players), dtype=np.int8)
        state.calls = np.zeros((1, cards), dtype=np.int8)
        state.leaders = np.zeros((1, cards), dtype=np.int8)
        state.winners = np.zeros((1, cards), dtype=np.int8)
        state.seat = np.zeros(1, dtype=np.intp)
        state.call = np.zeros(1, dtype=np.intp)
        state.leader = (state.dealers + 1) % players
        state.best = np.zeros(1, dtype=np.int8)
        state.winner = np.zeros(1, dtype=np.intp)
        state.track = True
        state.played_ge = np.zeros((1, len(COMBINATIONS), 13), dtype=np.int8)
        state.private_ge = np.zeros((players, *TOTAL_GE.shape), dtype=np.int8)
        state.private_ge[seat] = TOTAL_GE - GE_STEP[hand].sum(axis=0, dtype=np.int8)
        state.voids = np.zeros((1, players, len(COMBINATIONS)), dtype=bool)
        state.void_count = np.zeros((1, len(COMBINATIONS)), dtype=np.intp)
        state._set_position(position, record=False)
        return state

    def _set_position(self, position: Position, record: bool) -> None:
        """What every player knows at ``position``, the same in every round."""
        n, players = self.n, self.players
        self.bids[:] = position.bids
        self.bidding = sum(bid >= 0 for bid in position.bids)
        played = position.played
        trick = self.trick = len(position.tricks)
        self.position = len(position.current)
        if trick:
            self.won[:] = position.won
        if trick and record:  # the record of the finished tricks
            leaders, calls, cards, winners = zip(*position.tricks, strict=True)
            self.plays[:, :trick] = cards
            self.calls[:, :trick], self.leaders[:, :trick] = calls, leaders
            self.winners[:, :trick] = winners
        if self.bidding == players:
            self.leader = np.full(n, position.leader, dtype=np.intp)
            self.seat = (self.leader + self.position) % players
            if trick < self.cards and record:
                self.leaders[:, trick] = position.leader
        if position.current:
            if record:
                so_far = [card for _seat, card in position.current]
                self.plays[:, trick, : len(so_far)] = so_far
                self.calls[:, trick] = position.call
            self.call = np.full(n, position.call, dtype=np.intp)
            best, winner = _trick_so_far(position.current, position.call, self.rules)
            self.best[:] = best
            self.winner[:] = winner
        if self.track:
            if played:
                self.played_ge += GE_STEP[played].sum(axis=0, dtype=np.int8)
            if any(position.voids):
                voids = np.zeros((players, len(COMBINATIONS)), dtype=bool)
                for seat, combos in enumerate(position.voids):
                    voids[seat, list(combos)] = True
                self.voids[:] = voids
                self.void_count[:] = voids.sum(axis=0)

    @property
    def played(self) -> int:
        """Cards played so far in every round."""
        return self.trick * self.players + self.position

    def take(self, rows: np.ndarray) -> BatchState:
        """A copy of rounds ``rows`` of this batch, at the same point of play.

        Copies every array with one entry per round (leading axis ``n``) or per round
        and seat (leading axis ``n * players``); other attributes are shared.

        Args:
            rows: round indices (int array), in the order the copy keeps them.
        """
        n, players = self.n, self.players
        new = BatchState.__new__(BatchState)
        for name, value in vars(self).items():
            if isinstance(value, np.ndarray) and value.ndim and value.shape[0] == n:
                value = value[rows]
            elif isinstance(value, np.ndarray) and value.ndim and value.shape[0] == n * players:
                rest = value.shape[1:]
                value = value.reshape(n, players, *rest)[rows].reshape(len(rows) * players, *rest)
            setattr(new, name, value)
        new.n = len(rows)
        new.base = np.arange(len(rows)) * players
        return new

    def rows_of(self, seat: np.ndarray) -> np.ndarray:
        """Rows of ``hand``/``held`` of ``seat`` (one seat per round)."""
        return self.base + seat


def _xactika_only(rules: Ruleset) -> None:
    if rules.suited:
        raise XactikaError(
            _("a batch from a position works for Xactika's deck only, not {name}").format(
                name=rules.name
            )
        )


def _trick_so_far(current: Sequence[tuple[int, int]], call: int, rules: Ruleset) -> tuple[int, int]:
    """Face value of the best card so far and the seat that played it."""
    cards = [card for _seat, card in current]
    values = [int(CARD_VALUES[card]) for card in cards]
    index = int(trick_winner(values, [bool(SHOWS[card, call]) for card in cards], rules))
    return values[index], current[index][0]
