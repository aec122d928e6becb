"""A fast simulator: many rounds of Xactika at once, as NumPy arrays.

The reference rules engine (:class:`~xactika_edu.game.Round`) plays one hand at a
time with card objects, which is right for lessons and slow for "simulate 100,000
hands". This module plays the *same rules* on arrays of card numbers, every round of
a batch moving one play at a time together: array shapes are (rounds, players,
cards). Two players are built in (:data:`POLICIES`): ``"random"`` (uniformly random
legal bids and plays, like :class:`~xactika_edu.bots.RandomBot`) and ``"heuristic"``
(exactly the choices of :class:`~xactika_edu.bots.HeuristicBot`); MonteCarloBot is
only in the reference simulator, :mod:`xactika_edu.simulate`.

:func:`simulate_rounds` is a drop-in for the reference simulator's table, tens
(heuristic) to hundreds (random) of times faster (``benchmarks/README.md``);
:func:`play_rounds` gives every bid, play and trick as arrays, and
:meth:`FastRounds.round` turns any simulated round back into a reference
:class:`~xactika_edu.game.Round` to print or inspect. It is checked against the
reference engine (``tests/test_fastsim.py``): replaying the same choices gives the
same trick winners, tricks and scores in both directions, both engines offer the
same legal plays, the heuristic matches HeuristicBot decision for decision, and
with random players the statistics agree within a stated tolerance.

Cards are numbered 0-80 in :data:`~xactika_edu.cards.DECK` order (``"1111"`` is 0,
``"3333"`` is 80); combinations 0-11 in
:data:`~xactika_edu.cards.COMBINATIONS` order (``shape * 3 + count - 1``).

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

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, overload

import numpy as np
import pandas as pd

from .cards import (
    CARDS_PER_HAND,
    COMBINATIONS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Seed,
    as_card,
    as_hand,
    make_rng,
)
from .checks import as_items, check_whole, shown
from .errors import IllegalBidError, IllegalPlayError, XactikaError

if TYPE_CHECKING:
    from .game import Round

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

#: Rounds played together in one batch: bounds memory, keeps arrays in cache.
BATCH = 16_384

#: Most rounds one call will simulate.
MAX_ROUNDS = 10_000_000

# --- the deck as lookup tables -------------------------------------------------------

_CARD_ID: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: Face value of card i (int8, shape (81,)).
_VALUE = np.array([card.value for card in DECK], dtype=np.int8)
#: Count of shape s on card i, 1-3 (int8, shape (81, 4)).
_COUNT = np.array([card.counts for card in DECK], dtype=np.int8)
#: Whether card i shows combination j (bool, shape (81, 12)).
_HAS = np.zeros((len(DECK), len(COMBINATIONS)), dtype=bool)
for _shape in range(4):
    _HAS[np.arange(len(DECK)), _shape * 3 + _COUNT[:, _shape] - 1] = True
del _shape
_HAS.setflags(write=False)
_HAS_BYTE = _HAS.astype(np.uint8)
#: The four combinations card i shows, in shape order (intp, shape (81, 4)).
_COMBOS_OF = np.arange(4) * 3 + _COUNT.astype(np.intp) - 1
#: Rank of card i in sorted order (face value, then counts), and the card of each rank.
_BY_RANK = np.array([_CARD_ID[card] for card in sorted(DECK)], dtype=np.int8)
_RANK_OF = np.argsort(_BY_RANK).astype(np.int8)
#: _TOTAL_GE[k, v]: cards of the deck showing combination k with face value >= v.
_TOTAL_GE = (
    (_HAS.T[:, None, :] & (_VALUE[None, None, :] >= np.arange(13)[None, :, None]))
    .sum(axis=2)
    .astype(np.int8)
)
#: Cells of a (12, 13) table indexed by combination k and face value v (k * 13 + v).
_CELLS = 12 * 13
#: _CELL_OF[i, s]: the cell of card i's combination for shape s and its face value.
_CELL_OF = _COMBOS_OF * 13 + _VALUE.astype(np.intp)[:, None]
#: _GE_STEP[i]: what card i adds to a (12, 13) table of "cards showing k with value >= v".
_GE_STEP = (_HAS[:, :, None] & (np.arange(13) <= _VALUE[:, None, None])).astype(np.int8)
_VALUE.setflags(write=False)
_COUNT.setflags(write=False)


def card_ids(cards: Iterable[Card | str]) -> np.ndarray:
    """Card numbers 0-80 (positions in :data:`~xactika_edu.cards.DECK`) of some cards.

    >>> card_ids(["1111", "3213", "3333"])
    array([ 0, 65, 80], dtype=int8)

    Args:
        cards: cards or card notation.

    Returns:
        an int8 array, one number per card, in the order given.

    Raises:
        NotationError: if a card cannot be read.
    """
    given = as_items(cards, "cards")
    return np.array([_CARD_ID[as_card(card)] for card in given], dtype=np.int8)


def cards_from_ids(ids: Iterable[int] | np.ndarray) -> tuple[Card, ...]:
    """The cards with numbers ``ids`` (0-80): the inverse of :func:`card_ids`.

    >>> cards_from_ids([0, 65])
    (Card.parse('1111'), Card.parse('3213'))

    Raises:
        XactikaError: if a number is not 0 to 80 (quoting it).
    """
    out = []
    try:
        numbers = np.asarray(ids).ravel().tolist()
    except (ValueError, TypeError):  # ragged or nested lists
        raise XactikaError(f"card numbers must be a list of 0 to 80, got {shown(ids)}") from None
    for value in numbers:
        if not isinstance(value, int) or not 0 <= value < len(DECK):
            raise XactikaError(f"card numbers are 0 to {len(DECK) - 1}, got {shown(value)}")
        out.append(DECK[value])
    return tuple(out)


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
                f"give one bot per player ({players}), got {len(names)}: {shown(list(bots))}"
            )
    else:
        raise XactikaError(f"bots must be a policy name or a list of them, got {shown(bots)}")
    out = []
    for seat, name in enumerate(names):
        key = name
        if isinstance(name, str):  # as the reference simulator reads names
            key = name.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
        if key not in POLICIES:
            known = ", ".join(map(repr, POLICIES))
            raise XactikaError(
                f"unknown bot {shown(name)} for seat {seat}: the fast engine plays {known} "
                "(xactika_edu.simulate plays any bot, more slowly)"
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


def _check_hands(hands: object) -> np.ndarray:
    """A (rounds, players, cards) array of card numbers, each card at most once a round."""
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError) as error:
        raise XactikaError(f"hands must be an array of card numbers, got {shown(hands)}") from error
    if array.ndim != 3:
        raise XactikaError(
            f"hands must have shape (rounds, players, cards), got shape {array.shape}"
        )
    rounds, players, cards = array.shape
    if rounds < 1:
        raise XactikaError(f"hands must hold at least one round, got shape {array.shape}")
    check_whole(players, "players (hands.shape[1])", MIN_PLAYERS, MAX_PLAYERS)
    check_whole(cards, "cards per hand (hands.shape[2])", 1, CARDS_PER_HAND)
    if not np.issubdtype(array.dtype, np.integer):
        raise XactikaError(f"hands must hold whole card numbers 0-80, got dtype {array.dtype}")
    bad = (array < 0) | (array >= len(DECK))
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise XactikaError(
            f"card numbers are 0 to {len(DECK) - 1}, got {int(array[where])} at {where}"
        )
    array = array.astype(np.int8)
    flat = np.sort(array.reshape(rounds, players * cards), axis=1)
    twice = (flat[:, 1:] == flat[:, :-1]).any(axis=1)
    if twice.any():
        index = int(np.argmax(twice))
        row = flat[index]
        card = DECK[int(row[1:][row[1:] == row[:-1]][0])]
        raise XactikaError(f"card {card} is dealt twice in round {index}")
    return array


# --- dealing ---------------------------------------------------------------------------


def _deal(
    rng: np.random.Generator,
    n: int,
    players: int,
    cards: int,
    hand: np.ndarray | None = None,
    seat: int = 0,
) -> np.ndarray:
    """A uniformly random deal for each of ``n`` rounds: a partial Fisher-Yates shuffle.

    Step i swaps position i with a uniformly random position i..end, so the first
    positions are a uniformly random ordered sample of the deck; card j goes to
    player j % players, as cards go round a table. With ``hand``, ``seat`` holds
    those cards in every round and the others are dealt from the remaining cards.
    """
    pool = np.arange(len(DECK), dtype=np.int8)
    if hand is not None:
        pool = np.setdiff1d(pool, hand).astype(np.int8)
    others = players if hand is None else players - 1
    dealt = others * cards
    deck = np.empty((n, len(pool)), dtype=np.int8)
    deck[:] = pool
    rows = np.arange(n)
    for i in range(dealt):
        j = rng.integers(i, len(pool), size=n)
        top = deck[:, i].copy()
        deck[:, i] = deck[rows, j]
        deck[rows, j] = top
    hands = deck[:, :dealt].reshape(n, cards, others).transpose(0, 2, 1)
    if hand is not None:
        mine = np.broadcast_to(hand.astype(np.int8), (n, 1, cards))
        hands = np.concatenate([hands[:, :seat], mine, hands[:, seat:]], axis=1)
    return np.ascontiguousarray(hands)


def deal_rounds(
    n: int,
    players: int = 4,
    *,
    cards_per_hand: int | None = None,
    hand: Iterable[Card | str] | None = None,
    seat: int = 0,
    seed: Seed = None,
) -> np.ndarray:
    """Deal ``n`` rounds at once: an array of card numbers, one hand per player.

    Each round is an independent, uniformly random deal; the same seed gives the same
    array. Hands are in the order dealt (not sorted). With ``hand``, seat ``seat``
    holds those cards in every round and the other hands are dealt at random from the
    other cards: the deals to simulate when advising on one hand.

    >>> hands = deal_rounds(2, players=3, cards_per_hand=4, seed=1)
    >>> hands.shape, hands.dtype
    ((2, 3, 4), dtype('int8'))
    >>> [str(card) for card in cards_from_ids(hands[0, 0])]  # round 0, player 0
    ['2213', '3222', '1333', '1231']
    >>> fixed = deal_rounds(1000, players=4, hand=["3133", "1111"], seat=2, seed=1)
    >>> [str(card) for card in cards_from_ids(fixed[999, 2])]
    ['3133', '1111']

    Args:
        n: rounds, 1 to 10,000,000.
        players: 2 to 10.
        cards_per_hand: 1 to 8; by default 8, or the length of ``hand``.
        hand: cards (or notation) that seat ``seat`` holds in every round.
        seat: the seat holding ``hand``, 0 to players - 1.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        an int8 array of shape (n, players, cards_per_hand): card numbers 0-80
        (see :func:`cards_from_ids`), no card twice in a round.

    Raises:
        XactikaError: if a number is out of range, ``hand`` has a card twice or its
            length differs from ``cards_per_hand``, or the seed is not valid.
        NotationError: if a card in ``hand`` cannot be read.
    """
    n = check_whole(n, "n (rounds)", 1, MAX_ROUNDS)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    fixed = None
    if hand is not None:
        from .cards import Hand

        fixed = card_ids(Hand([hand]) if isinstance(hand, Card) else as_hand(hand))
        length = check_whole(len(fixed), "cards in hand", 1, CARDS_PER_HAND)
        if cards_per_hand is not None and cards_per_hand != length:
            raise XactikaError(
                f"cards_per_hand is {shown(cards_per_hand)} but the hand has {length} cards"
            )
        cards_per_hand = length
        seat = check_whole(seat, "seat", 0, players - 1)
    cards_per_hand = check_whole(
        CARDS_PER_HAND if cards_per_hand is None else cards_per_hand,
        "cards_per_hand",
        1,
        CARDS_PER_HAND,
    )
    rng = make_rng(seed)
    return np.concatenate(
        [
            _deal(rng, min(BATCH, n - start), players, cards_per_hand, fixed, seat)
            for start in range(0, n, BATCH)
        ]
    )


# --- the engine ------------------------------------------------------------------------


class _Table:
    """The state of a batch of rounds during play, as arrays (internal).

    Row ``r * players + s`` of ``hand`` is seat s's hand in round r (card numbers, in
    slots 0 .. cards - 1). Which slots a seat still holds is a bitmask (bit i: slot i),
    so a hand of up to 8 cards is one byte: ``held``. ``showing[row, j]`` is the bitmask
    of the slots whose card shows combination j (fixed for the whole round).
    """

    def __init__(self, hands: np.ndarray, dealers: np.ndarray, track: bool) -> None:
        n, players, cards = hands.shape
        self.n, self.players, self.cards = n, players, cards
        self.first = 0  # number of the batch's first round, for messages
        # slots in sorted order (face value, then counts): the bots' tie-break order
        hands = _BY_RANK[np.sort(_RANK_OF[hands], axis=2)]
        self.hands = hands
        self.hand = hands.reshape(n * players, cards)
        self.held = np.full(n * players, (1 << cards) - 1, dtype=np.uint8)
        self.showing = np.zeros((n * players, len(COMBINATIONS)), dtype=np.uint8)
        for slot in range(cards):
            self.showing |= _HAS_BYTE[self.hand[:, slot]] << np.uint8(slot)
        self.base = np.arange(n) * players
        self.dealers = dealers.astype(np.intp)
        self.bids = np.zeros((n, players), dtype=np.int8)
        self.won = np.zeros((n, players), dtype=np.int8)
        self.plays = np.zeros((n, cards, players), dtype=np.int8)
        self.calls = np.zeros((n, cards), dtype=np.int8)
        self.leaders = np.zeros((n, cards), dtype=np.int8)
        self.winners = np.zeros((n, cards), dtype=np.int8)
        # the trick in progress
        self.trick = 0
        self.position = 0
        self.seat = np.zeros(n, dtype=np.intp)
        self.call = np.zeros(n, dtype=np.intp)
        self.leader = np.zeros(n, dtype=np.intp)
        self.best = np.zeros(n, dtype=np.int8)
        # what every seat has seen, for policies that use it (``track``)
        self.track = track
        if track:
            # played_ge[r, k, v]: cards played in round r showing k with face value >= v
            self.played_ge = np.zeros((n, len(COMBINATIONS), 13), dtype=np.int8)
            # private_ge[row, k, v]: the same count over the cards not in the seat's
            # hand now; minus played_ge, it counts the cards the seat has not seen
            self.private_ge = np.broadcast_to(_TOTAL_GE, (n * players, *_TOTAL_GE.shape)).copy()
            for slot in range(cards):
                self.private_ge -= _GE_STEP[self.hand[:, slot]]
            # voids[r, s, k]: seat s failed to follow combination k; void_count[r, k]:
            # how many seats did
            self.voids = np.zeros((n, players, len(COMBINATIONS)), dtype=bool)
            self.void_count = np.zeros((n, len(COMBINATIONS)), dtype=np.intp)

    @property
    def played(self) -> int:
        """Cards played so far in every round of the batch."""
        return self.trick * self.players + self.position


class _Policy(Protocol):
    """How a player chooses (internal): bids and plays for a set of rounds at once.

    ``rows`` are the rounds (indices into the batch) whose seat to act uses this
    policy; ``legal`` is the bitmask of hand slots that seat may play. ``track``
    says whether the policy reads what has been seen (voids, cards played).
    """

    track: bool

    def bid(self, table: _Table, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        """Bids; ``total`` is the bids so far when the dealer bids, else ``None``."""
        ...

    def lead(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The hand slot led and the shape called, as ``slot * 4 + shape``."""
        ...

    def follow(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The hand slot a follower plays."""
        ...


# Bitmask helpers for hands of up to 8 slots: popcount and position of the n-th set bit.
_POPCOUNT = np.array([bin(mask).count("1") for mask in range(256)], dtype=np.int8)
_NTH_BIT = np.zeros((256, 8), dtype=np.int8)
for _mask in range(256):
    _bits = [bit for bit in range(8) if _mask >> bit & 1]
    _NTH_BIT[_mask, : len(_bits)] = _bits
del _mask, _bits


def _forbidden(table: _Table, total: np.ndarray) -> np.ndarray:
    """The dealer's forbidden bid (cards - total), or -1 if it is out of range."""
    forbidden = table.cards - total
    return np.where(forbidden >= 0, forbidden, -1)


class _RandomPolicy:
    """Uniformly random legal bids and plays (as :class:`~xactika_edu.bots.RandomBot`).

    A lead is a uniformly random card and one of its four combinations, uniformly
    (the same as a uniformly random choice among the 4 x cards legal leads).
    """

    track = False

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def bid(self, table: _Table, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        top = table.cards + 1
        if total is None:  # not the dealer: 0 .. cards
            return self.rng.integers(0, top, size=len(rows)).astype(np.int8)
        forbidden = _forbidden(table, total)
        restricted = forbidden >= 0
        bids = self.rng.integers(0, top - restricted)
        bids += restricted & (bids >= forbidden)  # skip the forbidden number
        return bids.astype(np.int8)

    def lead(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        held = table.cards - table.trick  # every leader holds this many cards
        choice = self.rng.integers(0, 4 * held, size=len(rows))
        return _NTH_BIT[legal, choice >> 2] * 4 + (choice & 3)

    def follow(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return _NTH_BIT[legal, self.rng.integers(0, _POPCOUNT[legal])]


class _ReplayPolicy:
    """Plays recorded choices, checking each one against the rules (internal)."""

    track = False

    def __init__(self, bids: np.ndarray, plays: np.ndarray, calls: np.ndarray) -> None:
        self.bids, self.plays, self.calls = bids, plays, calls

    def bid(self, table: _Table, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        seat = table.seat[rows]
        bids = self.bids[rows, seat]
        bad = (bids < 0) | (bids > table.cards)
        if total is not None:
            bad |= bids == _forbidden(table, total)
        if bad.any():
            i = int(np.argmax(bad))
            raise IllegalBidError(
                f"round {int(rows[i])}: player {int(seat[i])} may not bid {int(bids[i])}"
                + (" (the dealer's forbidden bid)" if total is not None else "")
            )
        return bids.astype(np.int8)

    def _slot(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        card = self.plays[rows, table.trick, table.position]
        here = table.hand[table.base[rows] + table.seat[rows]] == card[:, None]
        slot = here.argmax(axis=1)
        ok = here.any(axis=1) & (legal >> slot & 1).astype(bool)
        if not ok.all():
            i = int(np.argmax(~ok))
            raise IllegalPlayError(
                f"round {int(rows[i])}, trick {table.trick + 1}: player {int(table.seat[rows[i]])} "
                f"may not play {DECK[int(card[i])]}"
            )
        return slot

    def lead(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        slot = self._slot(table, rows, legal)
        card = self.plays[rows, table.trick, 0]
        call = self.calls[rows, table.trick].astype(np.intp)
        bad = (call < 0) | (call >= len(COMBINATIONS))
        bad[~bad] = ~_HAS[card[~bad], call[~bad]]
        if bad.any():
            i = int(np.argmax(bad))
            raise IllegalPlayError(
                f"round {int(rows[i])}, trick {table.trick + 1}: card {DECK[int(card[i])]} "
                f"does not show combination number {int(call[i])}"
            )
        return slot * 4 + call // 3

    def follow(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return self._slot(table, rows, legal)


#: _UNPACK[mask]: the 8 bits of a byte as booleans, bit 0 first.
_UNPACK = ((np.arange(256)[:, None] >> np.arange(8)) & 1).astype(bool)


@functools.cache
def _chance_table() -> np.ndarray:
    """_chance_table()[U, T, H] = C(U - T, H) / C(U, H), correctly rounded (float64).

    The chance that none of T "threat" cards among U unseen cards is in H cards held
    by others (RULES.md, "Chance a lead is unbeatable"). Each entry is the exact
    ratio of whole numbers rounded once, as Python's ``int / int`` does, so it equals
    the float :class:`~xactika_edu.bots.HeuristicBot` computes, bit for bit.
    """
    threats = int(_TOTAL_GE.max())
    held = (MAX_PLAYERS - 1) * CARDS_PER_HAND
    table = np.zeros((len(DECK) + 1, threats + 1, held + 1))
    for unseen in range(len(DECK) + 1):
        for hold in range(min(unseen, held) + 1):
            whole = math.comb(unseen, hold)
            for threat in range(min(unseen, threats) + 1):
                table[unseen, threat, hold] = math.comb(unseen - threat, hold) / whole
    table.setflags(write=False)
    return table


def _pick_key(p: np.ndarray, value: np.ndarray, legal: np.ndarray, need: np.ndarray) -> np.ndarray:
    """The first legal column with the largest key (p, -value) where ``need``, else the
    first with the smallest: Python's ``max``/``min`` over tuples, row by row."""
    sign = np.where(need, 1.0, -1.0)[:, None]
    score = np.where(legal, p * sign, -np.inf)
    top = score == score.max(axis=1, keepdims=True)
    tie = np.where(top, -value * sign, -np.inf)
    return (top & (tie == tie.max(axis=1, keepdims=True))).argmax(axis=1)


class _HeuristicPolicy:
    """:class:`~xactika_edu.bots.HeuristicBot`, vectorized: the same bids and plays.

    See HeuristicBot for the rule. Every chance is looked up in
    :func:`_chance_table` (the same correctly rounded floats), the bid estimate is
    added up card by card in sorted order (the same float sums), and ties are broken
    in the same order (cards in sorted order, then calls in shape order), so the two
    agree exactly; ``tests/test_fastsim.py`` checks every decision on hundreds of
    deals of every shape, with and without random players at the table.
    """

    track = True

    def __init__(self) -> None:
        from . import bots

        # HeuristicBot's bid target is its sure-trick estimate plus an offset that
        # depends only on the hand size and players: read the offset from the bot
        # itself (its target for an empty hand, whose estimate is 0.0).
        self.offset = functools.cache(lambda size, players: bots._bid_target(0, size, players))
        self.chance = _chance_table()

    def _threats(self, table: _Table, rows: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """For the seat to act in rounds ``rows``: its unseen cards (not in its hand, not
        played) in table cell ``cell`` (combination k, face value >= v: k * 13 + v);
        ``cell`` has shape (rows, ...), and so has the result."""
        at = (slice(None),) + (None,) * (cell.ndim - 1)
        seat_row = (table.base[rows] + table.seat[rows])[at]
        private = table.private_ge.reshape(-1).take(seat_row * _CELLS + cell)
        return private - table.played_ge.reshape(-1).take(rows[at] * _CELLS + cell)

    def _chance(self, unseen: int, threats: np.ndarray, held: np.ndarray | int) -> np.ndarray:
        """:func:`_chance_table` at [unseen, threats, held] (arrays broadcast together)."""
        table = self.chance[unseen]
        return table.reshape(-1).take(threats.astype(np.intp) * table.shape[1] + held)

    def bid(self, table: _Table, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        cards, players = table.cards, table.players
        hand = table.hand[table.base[rows] + table.seat[rows]]
        threats = self._threats(table, rows, _CELL_OF[hand])  # (rows, cards, 4)
        best = self._chance(len(DECK) - cards, threats, (players - 1) * cards).max(axis=2)
        sure = np.zeros(len(rows))
        for slot in range(cards):  # added in sorted order, as the bot does
            sure += best[:, slot]
        target = sure + self.offset(cards, players)
        cost = np.abs(np.arange(cards + 1)[None, :] - target[:, None])
        if total is not None:  # the dealer: never the forbidden bid
            forbidden = _forbidden(table, total)
            dealer = np.flatnonzero(forbidden >= 0)
            cost[dealer, forbidden[dealer]] = np.inf
        return cost.argmin(axis=1).astype(np.int8)  # first minimum: ties to the lower bid

    def _need(self, table: _Table, rows: np.ndarray) -> np.ndarray:
        seat = table.seat[rows]
        return table.won[rows, seat] < table.bids[rows, seat]

    def lead(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        cards, players, n = table.cards, table.players, len(rows)
        seat = table.seat[rows]
        hand = table.hand[table.base[rows] + seat]
        threats = self._threats(table, rows, _CELL_OF[hand]).reshape(n, -1)
        # opponents known void in each combination (the leader's own voids aside)
        void = table.void_count[rows] - table.voids[rows, seat]
        each = cards - table.trick  # every seat holds this many cards at a lead
        reach = each * (players - 1 - void)  # cards held by opponents not void in k
        combo = _COMBOS_OF[hand].reshape(n, -1)  # candidates: slot * 4 + shape
        held = reach.reshape(-1).take(np.arange(n)[:, None] * len(COMBINATIONS) + combo)
        p = self._chance(len(DECK) - each - table.played, threats, held)
        return _pick_key(
            p,
            np.repeat(_VALUE[hand], 4, axis=1),
            np.repeat(_UNPACK[legal, :cards], 4, axis=1),
            self._need(table, rows),
        )

    def follow(self, table: _Table, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        cards, players = table.cards, table.players
        hand = table.hand[table.base[rows] + table.seat[rows]]
        call = table.call[rows]
        value = _VALUE[hand]  # (rows, cards)
        threats = self._threats(table, rows, call[:, None] * 13 + value)
        # cards held by the seats still to play this trick, not known void in the call
        each = cards - table.trick
        known = np.zeros(len(rows), dtype=np.intp)
        voids = table.voids.reshape(-1)
        leader = table.leader[rows]
        for later in range(table.position + 1, players):
            other = (leader + later) % players
            known += ~voids.take((rows * players + other) * len(COMBINATIONS) + call)
        unseen = len(DECK) - each - table.played
        can_win = _HAS[hand, call[:, None]] & (value >= table.best[rows, None])
        p = np.where(can_win, self._chance(unseen, threats, (each * known)[:, None]), 0.0)
        return _pick_key(p, value, _UNPACK[legal, :cards], self._need(table, rows))


def _groups(policies: Sequence[_Policy]) -> list[tuple[_Policy, np.ndarray]]:
    """The distinct policies and, for each, a boolean array over seats that use it."""
    out: list[tuple[_Policy, np.ndarray]] = []
    for policy in dict.fromkeys(policies):
        out.append((policy, np.array([p is policy for p in policies])))
    return out


def _dispatch(
    groups: list[tuple[_Policy, np.ndarray]],
    seat: np.ndarray,
    ask: Callable[[_Policy, np.ndarray], np.ndarray],
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


def _run(table: _Table, policies: Sequence[_Policy], forced: np.ndarray | None = None) -> None:
    """Bid and play every round of ``table`` to the end, in place.

    ``forced[r, s] >= 0`` is a bid seat s must make in round r (checked against the
    dealer rule); -1 lets its policy bid.
    """
    n, players, cards, track = table.n, table.players, table.cards, table.track
    groups = _groups(policies)
    everyone = np.arange(n)
    # bidding: dealer's left first, dealer last
    total = np.zeros(n, dtype=np.intp)
    for k in range(players):
        table.seat = (table.dealers + 1 + k) % players
        last = total if k == players - 1 else None

        def ask_bid(p: _Policy, r: np.ndarray, t: np.ndarray | None = last) -> np.ndarray:
            return p.bid(table, r, _sub(t, r))

        bids = _dispatch(groups, table.seat, ask_bid)
        if forced is not None:
            given = forced[everyone, table.seat]
            if last is not None:
                bad = (given >= 0) & (given == _forbidden(table, last))
                if bad.any():
                    i = int(np.argmax(bad))
                    raise IllegalBidError(
                        f"round {table.first + i}: the dealer (player {int(table.seat[i])}) "
                        f"may not bid {int(given[i])}: the bids would total {cards}"
                    )
            bids = np.where(given >= 0, given, bids)
        table.bids[everyone, table.seat] = bids
        total += bids
    # play: the dealer's left leads first, each trick's winner leads the next
    leader = (table.dealers + 1) % players
    hand, showing = table.hand.reshape(-1), table.showing.reshape(-1)
    for trick in range(cards):
        table.trick = trick
        table.leader = leader
        table.leaders[:, trick] = leader
        for position in range(players):
            table.position = position
            seat = leader + position
            seat[seat >= players] -= players
            table.seat = seat
            rows = table.base + seat
            held = table.held[rows]
            if position == 0:

                def ask_lead(p: _Policy, r: np.ndarray, h: np.ndarray = held) -> np.ndarray:
                    return p.lead(table, r, _sub(h, r))

                choice = _dispatch(groups, seat, ask_lead)
                slot, shape = choice >> 2, choice & 3
                card = hand.take(rows * cards + slot).astype(np.intp)
                call = _COMBOS_OF.reshape(-1).take(card * 4 + shape)
                table.call = call
                table.calls[:, trick] = call
                best, winner = _VALUE[card], seat.copy()
                table.best = best
            else:
                able = held & showing.take(rows * len(COMBINATIONS) + call)
                legal = np.where(able != 0, able, held)

                def ask_follow(p: _Policy, r: np.ndarray, g: np.ndarray = legal) -> np.ndarray:
                    return p.follow(table, r, _sub(g, r))

                slot = _dispatch(groups, seat, ask_follow)
                card = hand.take(rows * cards + slot).astype(np.intp)
                value = _VALUE.take(card)
                shown = _HAS.reshape(-1).take(card * len(COMBINATIONS) + call)
                wins = shown & (value >= best)  # >=: ties go to the later card
                best = np.where(wins, value, best)
                winner = np.where(wins, seat, winner)
                table.best = best
                if track:
                    void = np.flatnonzero(able == 0)  # the seat shows it holds no call
                    new = ~table.voids[void, seat[void], call[void]]
                    table.voids[void, seat[void], call[void]] = True
                    table.void_count[void[new], call[void[new]]] += 1
            table.held[rows] = held ^ (np.uint8(1) << slot.astype(np.uint8))
            table.plays[:, trick, position] = card
            if track:
                step = _GE_STEP[card]
                table.played_ge += step
                table.private_ge[rows] += step
        table.winners[:, trick] = winner
        table.won[everyone, winner] += 1
        leader = winner


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


def _scores(bids: np.ndarray, tricks: np.ndarray) -> np.ndarray:
    """RULES.md step 4: tricks if exact, else -|tricks - bid| (int8 array)."""
    bids = bids.astype(np.int8)
    tricks = tricks.astype(np.int8)
    return np.where(bids == tricks, tricks, -np.abs(tricks - bids)).astype(np.int8)


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
        """Round ``index`` replayed by the reference engine (:class:`~xactika_edu.game.Round`).

        Every bid and play goes through the reference engine's checks, so this is
        also a check of the fast engine; print the result for a transcript.

        Raises:
            XactikaError: if ``index`` is not 0 to rounds - 1.
        """
        from .game import Play, Round

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
    policies: Sequence[_Policy],
    forced: np.ndarray | None = None,
    first: int = 0,
) -> dict[str, np.ndarray]:
    table = _Table(hands, dealers, track=any(policy.track for policy in policies))
    table.first = first
    _run(table, policies, forced)
    return {
        "hands": table.hands,
        "dealer": dealers.astype(np.int8),
        "bids": table.bids,
        "tricks": table.won,
        "scores": _scores(table.bids, table.won),
        "plays": table.plays,
        "calls": table.calls,
        "leaders": table.leaders,
        "winners": table.winners,
    }


def _check_forced(bids: object, rounds: int, players: int, cards: int) -> np.ndarray:
    array = np.asarray(bids)
    if array.shape != (rounds, players):
        raise XactikaError(
            f"bids must have shape (rounds, players) = {(rounds, players)}, got {array.shape}"
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise XactikaError(f"bids must be whole numbers, got dtype {array.dtype}")
    bad = (array < -1) | (array > cards)
    if bad.any():
        r, s = (int(i) for i in np.argwhere(bad)[0])
        raise XactikaError(
            f"bids must be -1 (the bot bids) or 0 to {cards}, got {int(array[r, s])} "
            f"for round {r}, seat {s}"
        )
    return array.astype(np.intp)


def _progress_bar(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise XactikaError("progress=True needs tqdm: pip install tqdm") from error
    return tqdm(total=total, desc="hands", unit="hand")


def _make_policy(name: str, rng: np.random.Generator) -> _Policy:
    if name == "random":
        return _RandomPolicy(rng)
    if name == "heuristic":
        return _HeuristicPolicy()
    raise XactikaError(f"unknown bot {shown(name)}")  # pragma: no cover - checked before


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
            (as :class:`~xactika_edu.bots.RandomBot`); ``"heuristic"`` makes exactly
            the choices of :class:`~xactika_edu.bots.HeuristicBot`.
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
        deals = _check_hands(hands)
        total, players, cards_per_hand = deals.shape
        if n is not None and check_whole(n, "n (rounds)", 1, MAX_ROUNDS) != total:
            raise XactikaError(f"n is {n} but hands hold {total} rounds")
    else:
        if n is None:
            raise XactikaError("give n (the number of rounds) or hands")
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
            _deal(rng, size, players, cards_per_hand)
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

    A drop-in for the reference simulator, :func:`xactika_edu.simulate.simulate_rounds`
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

    >>> from xactika_edu.game import Round
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1)
    >>> for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
    ...     rnd.play(play)
    >>> fast = replay_rounds([rnd])
    >>> fast.winners[0].tolist(), fast.scores[0].tolist()     # seed 002's worked example
    ([1, 1, 0], [1, -1])

    Args:
        rounds: finished :class:`~xactika_edu.game.Round` objects, all with the same
            number of players and cards per hand.

    Returns:
        a :class:`FastRounds` (``bots`` are ``"replay"``).

    Raises:
        XactikaError: if a round is not over or the rounds differ in shape.
        IllegalBidError, IllegalPlayError: if the fast engine finds a recorded action
            illegal (naming the round, player and card).
    """
    from .game import Round

    rounds = list(as_items(rounds, "rounds", example="[round, round]"))
    if not rounds:
        raise XactikaError("replay_rounds needs at least one round, got none")
    for rnd in rounds:
        if not isinstance(rnd, Round):
            raise XactikaError(f"replay_rounds needs Round objects, got {shown(rnd)}")
    shapes = {(rnd.players, rnd.cards_per_hand) for rnd in rounds}
    if len(shapes) > 1:
        raise XactikaError(f"rounds must all have the same shape, got {sorted(shapes)}")
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
            raise XactikaError(f"round {i} is not over ({rnd.phase} phase): replay needs it whole")
        hands[i] = [[_CARD_ID[card] for card in hand] for hand in rnd.starting_hands]
        dealers[i] = rnd.dealer
        bids[i] = cast(tuple[int, ...], rnd.bids)  # the round is over, so every seat has bid
        for t, trick in enumerate(rnd.tricks):
            plays[i, t] = [_CARD_ID[play.card] for _, play in trick.plays]
            calls[i, t] = combination_id[trick.call]
    arrays = _play(hands, dealers, [_ReplayPolicy(bids, plays, calls)] * players)
    return FastRounds(players=players, cards_per_hand=cards, bots=("replay",) * players, **arrays)
