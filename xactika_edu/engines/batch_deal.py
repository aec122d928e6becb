"""Dealing many rounds at once, as arrays of deck numbers, and reading them back.

Cards are numbered 0-80 in :data:`~xactika_edu.core.cards.DECK` order (``"1111"`` is 0,
``"3333"`` is 80), as everywhere in the engines (:mod:`xactika_edu.core.rules`). All
names here are also importable from :mod:`xactika_edu.engines.fastsim`.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..base.checks import as_items, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import (
    CARDS_PER_HAND,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Hand,
    Seed,
    as_card,
    as_hand,
    make_rng,
)
from ..core.rules import CARD_INDEX

__all__ = [
    "BATCH",
    "MAX_ROUNDS",
    "card_ids",
    "cards_from_ids",
    "check_hands",
    "deal",
    "deal_rounds",
    "shuffled_prefix",
]

#: Rounds played together in one batch: bounds memory, keeps arrays in cache.
BATCH = 16_384

#: Most rounds one call will simulate.
MAX_ROUNDS = 10_000_000


def card_ids(cards: Iterable[Card | str]) -> np.ndarray:
    """Card numbers 0-80 (positions in :data:`~xactika_edu.core.cards.DECK`) of some cards.

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
    return np.array([CARD_INDEX[as_card(card)] for card in given], dtype=np.int8)


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
        raise XactikaError(
            _("card numbers must be a list of 0 to 80, got {ids}").format(ids=shown(ids))
        ) from None
    for value in numbers:
        if not isinstance(value, int) or not 0 <= value < len(DECK):
            raise XactikaError(
                _("card numbers are 0 to {number}, got {value}").format(
                    number=len(DECK) - 1, value=shown(value)
                )
            )
        out.append(DECK[value])
    return tuple(out)


# --- dealing ---------------------------------------------------------------------------


def check_hands(hands: object) -> np.ndarray:
    """A (rounds, players, cards) array of card numbers, each card at most once a round."""
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError) as error:
        raise XactikaError(
            _("hands must be an array of card numbers, got {hands}").format(hands=shown(hands))
        ) from error
    if array.ndim != 3:
        raise XactikaError(
            _("hands must have shape (rounds, players, cards), got shape {shape}").format(
                shape=array.shape
            )
        )
    rounds, players, cards = array.shape
    if rounds < 1:
        raise XactikaError(
            _("hands must hold at least one round, got shape {shape}").format(shape=array.shape)
        )
    check_whole(players, "players (hands.shape[1])", MIN_PLAYERS, MAX_PLAYERS)
    check_whole(cards, "cards per hand (hands.shape[2])", 1, CARDS_PER_HAND)
    if not np.issubdtype(array.dtype, np.integer):
        raise XactikaError(
            _("hands must hold whole card numbers 0-80, got dtype {dtype}").format(
                dtype=array.dtype
            )
        )
    bad = (array < 0) | (array >= len(DECK))
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise XactikaError(
            _("card numbers are 0 to {number}, got {array} at {where}").format(
                number=len(DECK) - 1, array=int(array[where]), where=where
            )
        )
    array = array.astype(np.int8)
    flat = np.sort(array.reshape(rounds, players * cards), axis=1)
    twice = (flat[:, 1:] == flat[:, :-1]).any(axis=1)
    if twice.any():
        index = int(np.argmax(twice))
        row = flat[index]
        card = DECK[int(row[1:][row[1:] == row[:-1]][0])]
        raise XactikaError(
            _("card {card} is dealt twice in round {index}").format(card=card, index=index)
        )
    return array


# --- dealing ---------------------------------------------------------------------------


def shuffled_prefix(rng: np.random.Generator, n: int, pool: np.ndarray, count: int) -> np.ndarray:
    """``n`` copies of ``pool`` (card numbers), each with its first ``count`` positions a
    uniformly random ordered sample of it: a partial Fisher-Yates shuffle.

    Step i swaps position i with a uniformly random position i..end. Returns an int8
    array of shape (n, len(pool)); the same generator state gives the same array.

    >>> shuffled_prefix(np.random.default_rng(1), 2, np.arange(5, dtype=np.int8), 2).shape
    (2, 5)
    """
    deck = np.empty((n, len(pool)), dtype=np.int8)
    deck[:] = pool
    rows = np.arange(n)
    for i in range(count):
        j = rng.integers(i, len(pool), size=n)
        top = deck[:, i].copy()
        deck[:, i] = deck[rows, j]
        deck[rows, j] = top
    return deck


def deal(
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
    deck = shuffled_prefix(rng, n, pool, dealt)
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
        fixed = card_ids(Hand([hand]) if isinstance(hand, Card) else as_hand(hand))
        length = check_whole(len(fixed), "cards in hand", 1, CARDS_PER_HAND)
        if cards_per_hand is not None and cards_per_hand != length:
            raise XactikaError(
                _("cards_per_hand is {cards_per_hand} but the hand has {length} cards").format(
                    cards_per_hand=shown(cards_per_hand), length=length
                )
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
            deal(rng, min(BATCH, n - start), players, cards_per_hand, fixed, seat)
            for start in range(0, n, BATCH)
        ]
    )
