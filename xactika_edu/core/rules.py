"""The rules of Xactika, written once: bids, follows, the trick winner and the score.

Every engine calls this module: the reference :class:`~xactika_edu.core.game.Round` (one
hand, card objects) and the batch engine (:mod:`xactika_edu.engines.batch_engine`, many
hands as NumPy arrays). Each rule function works on plain Python values and on
NumPy arrays with a leading rounds axis. The rules are a :class:`Ruleset` value;
:data:`XACTIKA` is the game of RULES.md. A game of the same family (the Oh Hell
variant with "Blackout" scoring in seed 004, say) is a new ruleset value, not a
copy of an engine.

Cards in arrays are numbered by their position in :data:`~xactika_edu.core.cards.DECK`
(``"1111"`` is 0, ``"3333"`` is 80); combinations by their position in
:data:`~xactika_edu.core.cards.COMBINATIONS` (``shape * 3 + count - 1``).

>>> score(3, 3), score(3, 5)
(3, -2)
>>> score(np.array([3, 0]), np.array([3, 1])).tolist()     # a batch of two hands
[3, -1]
>>> legal_bids(total=5, is_dealer=True, cards_per_hand=8)   # 3 would make the total 8
[0, 1, 2, 4, 5, 6, 7, 8]
>>> trick_winner([10, 10, 12], [True, True, False])          # ties go to the later card
1
>>> score(3, 3, BLACKOUT), score(11, 11, BLACKOUT), score(2, 1, BLACKOUT)   # seed 004
(13, 111, 0)

Source: RULES.md ("A hand (round)"), seeds 001 and 002; seed 004 (Blackout).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

import numpy as np

from .cards import CARDS_PER_HAND, COMBINATIONS, DECK, MAX_PLAYERS, MIN_PLAYERS, Card, Combination
from .playing_cards import STANDARD_DECK, STANDARD_RANKS, STANDARD_SUITS, PlayingCard

__all__ = [
    "BLACKOUT",
    "CARD_CALLS",
    "CARD_INDEX",
    "CARD_VALUES",
    "COMBINATION_INDEX",
    "SHOWS",
    "XACTIKA",
    "DeckTables",
    "Ruleset",
    "beats",
    "blackout_score",
    "deck_tables",
    "exact_bid_score",
    "forbidden_bid",
    "legal_bids",
    "legal_follow_slots",
    "legal_follows",
    "reveals_void",
    "score",
    "shows_call",
    "trick_winner",
]

# --- the deck as numbers ----------------------------------------------------------------

#: The number of each card: its position in DECK (0-80).
CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: The number of each combination: its position in COMBINATIONS (0-11).
COMBINATION_INDEX: dict[Combination, int] = {c: index for index, c in enumerate(COMBINATIONS)}
#: Face value of card i (int8, shape (81,)).
CARD_VALUES = np.array([card.value for card in DECK], dtype=np.int8)
#: The four combinations card i shows, in shape order (intp, shape (81, 4)).
CARD_CALLS = np.array(
    [[COMBINATION_INDEX[c] for c in card.combinations] for card in DECK], dtype=np.intp
)
#: Whether card i shows combination j (bool, shape (81, 12)).
SHOWS = np.zeros((len(DECK), len(COMBINATIONS)), dtype=bool)
SHOWS[np.arange(len(DECK))[:, None], CARD_CALLS] = True
for _table in (CARD_VALUES, CARD_CALLS, SHOWS):
    _table.setflags(write=False)
del _table

Number = TypeVar("Number", int, np.ndarray)


# --- scoring rules ----------------------------------------------------------------------


@overload
def exact_bid_score(bid: int, tricks: int) -> int: ...
@overload
def exact_bid_score(bid: np.ndarray, tricks: np.ndarray) -> np.ndarray: ...
def exact_bid_score(bid: int | np.ndarray, tricks: int | np.ndarray) -> int | np.ndarray:
    """Xactika's score: the tricks taken if the bid was exact, else -|tricks - bid|.

    Works on whole numbers and, element by element, on arrays (int8 out).
    Source: RULES.md, "A hand (round)", step 4.

    >>> exact_bid_score(0, 0), exact_bid_score(2, 1)
    (0, -1)
    """
    if isinstance(bid, np.ndarray) or isinstance(tricks, np.ndarray):
        bids = np.asarray(bid).astype(np.int8)
        took = np.asarray(tricks).astype(np.int8)
        return np.where(bids == took, took, -np.abs(took - bids)).astype(np.int8)
    return tricks if tricks == bid else -abs(tricks - bid)


@overload
def blackout_score(bid: int, tricks: int) -> int: ...
@overload
def blackout_score(bid: np.ndarray, tricks: np.ndarray) -> np.ndarray: ...
def blackout_score(bid: int | np.ndarray, tricks: int | np.ndarray) -> int | np.ndarray:
    """Blackout's score: an exact bid scores a 1 written in front of the bid, a miss 0.

    So an exact bid ``b`` scores ``10 ** (digits of b) + b``: bid 0 scores 10, bid 3
    scores 13, bid 11 scores 111. Works on whole numbers and, element by element, on
    arrays (int16 out). Source: seed 004, Blackout, 'Scoring (The "Blackout")'.

    >>> blackout_score(0, 0), blackout_score(3, 3), blackout_score(11, 11), blackout_score(3, 2)
    (10, 13, 111, 0)
    >>> blackout_score(np.array([0, 9, 10, 4]), np.array([0, 9, 10, 5])).tolist()
    [10, 19, 110, 0]
    """
    if isinstance(bid, np.ndarray) or isinstance(tricks, np.ndarray):
        bids = np.asarray(bid).astype(np.int16)
        took = np.asarray(tricks).astype(np.int16)
        digits = np.ones(bids.shape, dtype=np.int16)
        for power in (10, 100, 1000):  # a bid is at most 26 (2 players, 52 cards)
            digits += bids >= power
        return np.where(bids == took, 10**digits + bids, 0).astype(np.int16)
    return int(f"1{bid}") if tricks == bid else 0


# --- the ruleset ------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruleset:
    """A game of the Xactika family: the deck, the table and the rules of one hand.

    >>> XACTIKA.cards_per_hand, XACTIKA.players, XACTIKA.dealer_rule
    (8, (2, 10), True)
    >>> import dataclasses
    >>> no_hook = dataclasses.replace(XACTIKA, name="no dealer rule", dealer_rule=False)
    >>> legal_bids(5, True, 8, no_hook)
    [0, 1, 2, 3, 4, 5, 6, 7, 8]

    Attributes:
        name: what to call the game.
        deck (a property): the cards, in the order that numbers them: the 81
            cards of :data:`~xactika_edu.core.cards.DECK` (the Xactika family's deck).
            Not stored, so a :class:`~xactika_edu.core.game.PlayerView` that carries
            its ruleset holds no cards but its own.
        cards_per_hand: the most cards dealt to each player (also the most tricks).
        players: the smallest and largest number of players.
        must_follow: a follower holding a card with the called combination must
            play one (else any card).
        ties_to_later: of two cards with equal face value that show the call, the
            one played later wins (else the earlier one).
        scoring: points for one hand, ``scoring(bid, tricks)``, on whole numbers and
            on arrays (see :func:`exact_bid_score`).
        dealer_rule: the dealer, bidding last, may not bid the number that makes
            the bids total the cards per hand.
        suited: the cards are the standard 52-card deck of
            :mod:`~xactika_edu.core.playing_cards` (suits and ranks; a trick's call
            is the led suit) rather than Xactika's 81 cards.
    """

    name: str
    cards_per_hand: int
    players: tuple[int, int]
    must_follow: bool
    ties_to_later: bool
    scoring: Callable[..., Any]
    dealer_rule: bool
    suited: bool = False

    @property
    def deck(self) -> tuple[Card, ...] | tuple[PlayingCard, ...]:
        """The cards, numbered by position (see :data:`CARD_INDEX`; for a suited
        game :attr:`PlayingCard.index <xactika_edu.core.playing_cards.PlayingCard.index>`)."""
        return STANDARD_DECK if self.suited else tuple(DECK)


#: The standard game, as RULES.md describes it.
XACTIKA = Ruleset(
    name="Xactika",
    cards_per_hand=CARDS_PER_HAND,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    must_follow=True,
    ties_to_later=True,
    scoring=exact_bid_score,
    dealer_rule=True,
)

#: Blackout, the Oh Hell game of seed 004: 2-8 players, the standard deck (at most
#: 26 cards each, with 2 players), follow suit, trumps, the dealer's trap, and
#: all-or-nothing scoring (:func:`blackout_score`). No two cards tie (each rank of a
#: suit is there once), so ``ties_to_later`` never decides a trick.
BLACKOUT = Ruleset(
    name="Blackout",
    cards_per_hand=len(STANDARD_DECK) // 2,
    players=(2, 8),
    must_follow=True,
    ties_to_later=False,
    scoring=blackout_score,
    dealer_rule=True,
    suited=True,
)


@dataclass(frozen=True, eq=False)
class DeckTables:
    """A ruleset's deck as arrays, for engines that play many rounds on arrays.

    Cards are numbered by their position in ``rules.deck``. Read-only arrays:

    Attributes:
        values: (cards,) int8, what decides a trick between cards that show the call
            (Xactika's face value; a playing card's rank, aces 14).
        calls: (cards, calls a lead may make) intp: the calls a card may make when
            led (Xactika: its four combinations, in shape order; a playing card: its suit).
        shows: (cards, calls) bool: whether the card shows each call.
        suits: (cards,) int8, the suit a card belongs to for trumps, or ``None`` (no
            trumps in the game).
        sorted_cards: the card numbers in the order an engine keeps a hand in (Xactika:
            by face value then counts; playing cards: deck order).

    >>> tables = deck_tables(BLACKOUT)
    >>> tables.values.shape, tables.calls.shape, tables.shows.shape
    ((52,), (52, 1), (52, 4))
    >>> deck_tables(XACTIKA).values is CARD_VALUES
    True
    """

    values: np.ndarray
    calls: np.ndarray
    shows: np.ndarray
    suits: np.ndarray | None
    sorted_cards: np.ndarray


@functools.cache
def deck_tables(rules: Ruleset) -> DeckTables:
    """The :class:`DeckTables` of ``rules``' deck (one object per ruleset, made once)."""
    if rules.suited:
        suits = STANDARD_SUITS
        shows = np.zeros((len(STANDARD_DECK), 4), dtype=bool)
        shows[np.arange(len(STANDARD_DECK)), suits] = True
        calls = suits.astype(np.intp)[:, None]
        order = np.arange(len(STANDARD_DECK), dtype=np.int8)
        for table in (shows, calls, order):
            table.setflags(write=False)
        return DeckTables(STANDARD_RANKS, calls, shows, suits, order)
    order = np.array([DECK.index(card) for card in sorted(DECK)], dtype=np.int8)
    order.setflags(write=False)
    return DeckTables(CARD_VALUES, CARD_CALLS, SHOWS, None, order)


# --- the rule functions -----------------------------------------------------------------


@overload
def score(bid: int, tricks: int, rules: Ruleset = XACTIKA) -> int: ...
@overload
def score(bid: np.ndarray, tricks: np.ndarray, rules: Ruleset = XACTIKA) -> np.ndarray: ...
def score(
    bid: int | np.ndarray, tricks: int | np.ndarray, rules: Ruleset = XACTIKA
) -> int | np.ndarray:
    """Points for one hand (whole numbers), or for each hand of a batch (arrays).

    >>> score(2, 2), score(np.array([1, 4]), np.array([0, 4])).tolist()
    (2, [-1, 4])

    No range check: :func:`xactika_edu.core.game.score` checks its arguments.
    """
    return rules.scoring(bid, tricks)


def forbidden_bid(total: Number, cards_per_hand: int, rules: Ruleset = XACTIKA) -> Number:
    """The dealer's forbidden bid: the one making the bids total ``cards_per_hand``.

    ``total`` is the sum of the other players' bids (a whole number, or an array of
    them, one per round). Returns -1 where no bid is forbidden (the number would be
    below 0, or the ruleset has no dealer rule). Source: RULES.md, step 2.

    >>> forbidden_bid(5, 8), forbidden_bid(9, 8), forbidden_bid(np.array([0, 8]), 8).tolist()
    (3, -1, [8, 0])
    """
    missing = cards_per_hand - total
    if isinstance(missing, np.ndarray):
        if not rules.dealer_rule:
            return np.full(missing.shape, -1, dtype=missing.dtype)
        return np.where((missing >= 0) & (missing <= cards_per_hand), missing, -1)
    if rules.dealer_rule and 0 <= missing <= cards_per_hand:
        return missing
    return -1


def legal_bids(
    total: int, is_dealer: bool, cards_per_hand: int, rules: Ruleset = XACTIKA
) -> list[int]:
    """The bids a player may make: 0 to ``cards_per_hand``, the dealer's forbidden bid
    left out (``total``: the bids made so far).

    >>> legal_bids(2, False, 3), legal_bids(2, True, 3)
    ([0, 1, 2, 3], [0, 2, 3])
    """
    bids = list(range(cards_per_hand + 1))
    if is_dealer:
        forbidden = forbidden_bid(total, cards_per_hand, rules)
        if forbidden >= 0:
            bids.remove(forbidden)
    return bids


AnyCard = TypeVar("AnyCard", Card, PlayingCard)


def shows_call(card: Card | PlayingCard, call: Combination | int) -> bool:
    """Whether ``card`` shows the call: an Xactika card one of its combinations, a
    playing card the led suit (``call`` is then the suit's number, 0-3).

    >>> shows_call(Card.parse("2111"), Combination.parse("2 balls")), shows_call(
    ...     PlayingCard.parse("QS"), 3)
    (True, True)
    """
    if isinstance(card, PlayingCard):
        return card.suit == call
    return isinstance(call, Combination) and card.has(call)


def legal_follows(
    hand: Sequence[AnyCard], call: Combination | int, rules: Ruleset = XACTIKA
) -> list[AnyCard]:
    """The cards of ``hand`` a follower may play when ``call`` was led: those showing
    the call if there are any, else every card. For playing cards the call is the led
    suit: follow suit if able, else any card (a trump or a discard). Source: RULES.md,
    step 3; seed 004, Blackout, "Gameplay".

    >>> legal_follows([Card.parse("1111"), Card.parse("2111")], Combination.parse("2 balls"))
    [Card.parse('2111')]
    >>> from xactika_edu.core.playing_cards import parse_cards
    >>> legal_follows(parse_cards("2H 9S KS"), 3, BLACKOUT), legal_follows(parse_cards("2H"), 3)
    ([PlayingCard.parse('9♠'), PlayingCard.parse('K♠')], [PlayingCard.parse('2♥')])
    """
    if rules.must_follow:
        if isinstance(call, Combination):  # Xactika's cards: the combinations they show
            able = [card for card in hand if isinstance(card, Card) and card.has(call)]
        else:  # playing cards: the led suit
            able = [card for card in hand if shows_call(card, call)]
        if able:
            return able
    return list(hand)


def legal_follow_slots(
    held: np.ndarray, showing: np.ndarray, rules: Ruleset = XACTIKA
) -> np.ndarray:
    """:func:`legal_follows` on hands stored as bit masks of slots, for a batch.

    ``held``: the slots each follower still holds; ``showing``: the slots whose card
    shows the call (same shape, unsigned ints). Returns the legal slots as a mask.

    >>> legal_follow_slots(np.array([0b111, 0b011], np.uint8), np.array([0b100, 0b100], np.uint8))
    array([4, 3], dtype=uint8)
    """
    if not rules.must_follow:
        return held
    able = held & showing
    return np.where(able != 0, able, held)


def reveals_void(shows_call: Number | bool, rules: Ruleset = XACTIKA) -> Number | bool:
    """Whether a follow shows the player holds no card with the call: it lacks the call
    (under the follow rule). Whole values or arrays.

    >>> reveals_void(False), reveals_void(np.array([True, False])).tolist()
    (True, [False, True])
    """
    if not rules.must_follow:
        return np.zeros_like(shows_call) if isinstance(shows_call, np.ndarray) else False
    return ~shows_call if isinstance(shows_call, np.ndarray) else not shows_call


def beats(
    value: Number,
    shows_call: Number | bool,
    best: Number,
    rules: Ruleset = XACTIKA,
    trump: np.ndarray | bool = False,
    best_trump: np.ndarray | bool = False,
) -> Number | bool:
    """Whether a card played now takes the trick from the best card so far.

    With no trump in play (Xactika, and every call of the default arguments) it must
    show the call and have a higher face value than ``best``; with ``ties_to_later``
    an equal value also takes it. In a game with a trump suit (Blackout, Lost Heir in
    seed 004: "highest trump wins, otherwise highest of the led suit"), ``trump``
    says the card played now is a trump and ``best_trump`` that the best card so far
    is: a trump takes a trick held by a card that is not, a card that is not a trump
    never takes one held by a trump, and between two trumps the higher one wins.
    Whole values or arrays. Source: RULES.md, step 3 ("Ties ... go to the card played
    last"); seed 004 for trumps.

    >>> beats(10, True, 10), beats(12, False, 4), beats(np.array([9, 11]), True, 10).tolist()
    (True, False, [False, True])
    >>> beats(2, False, 14, trump=True), beats(14, True, 2, best_trump=True)
    (True, False)
    >>> now, held = np.array([False, True, True]), np.array([False, False, True])
    >>> beats(np.array([3, 3, 3]), np.array([True, False, False]), np.array([9, 9, 2]),
    ...       trump=now, best_trump=held).tolist()
    [False, True, True]
    """
    higher = value >= best if rules.ties_to_later else value > best
    if isinstance(trump, np.ndarray) or isinstance(best_trump, np.ndarray) or trump or best_trump:
        now, held = np.asarray(trump, dtype=bool), np.asarray(best_trump, dtype=bool)
        wins = (now & ~held) | (now & held & higher) | (~now & ~held & shows_call & higher)
        return wins if wins.ndim else bool(wins)
    return shows_call & higher


def trick_winner(
    values: Sequence[int] | np.ndarray,
    shows_call: Sequence[bool] | np.ndarray,
    rules: Ruleset = XACTIKA,
    trumps: Sequence[bool] | np.ndarray | None = None,
) -> int | np.ndarray:
    """The position (0 = the lead) of the card that wins a trick.

    ``values`` and ``shows_call`` hold, for the cards in the order played, their face
    values and whether they show the call (the lead always does; in a game with suits
    the call is the led suit). ``trumps`` (same shape, or ``None`` when no trump is in
    play) says which cards are trumps (:func:`beats`). For a batch, give arrays of
    shape (rounds, cards) and get one position per round.

    >>> trick_winner(np.array([[8, 9, 9], [12, 4, 5]]), np.ones((2, 3), bool)).tolist()
    [2, 0]
    >>> trick_winner([10, 14, 2], [True, True, False], trumps=[False, False, True])
    2
    """
    if isinstance(values, np.ndarray) and values.ndim == 2:
        shown = np.asarray(shows_call, dtype=bool)
        trump = np.zeros(values.shape, bool) if trumps is None else np.asarray(trumps, bool)
        best, winner = values[:, 0].copy(), np.zeros(len(values), dtype=np.intp)
        held: np.ndarray = trump[:, 0].copy()
        for position in range(1, values.shape[1]):
            wins = beats(
                values[:, position], shown[:, position], best, rules, trump[:, position], held
            )
            best = np.where(wins, values[:, position], best)
            winner = np.where(wins, position, winner)
            held = held | (wins & trump[:, position])
        return winner
    played_trumps = [False] * len(values) if trumps is None else [bool(t) for t in trumps]
    win, top = 0, values[0]
    for position in range(1, len(values)):
        if beats(
            values[position],
            shows_call[position],
            top,
            rules,
            played_trumps[position],
            played_trumps[win],
        ):
            win, top = position, values[position]
    return win
