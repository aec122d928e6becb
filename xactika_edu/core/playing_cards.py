"""The standard 52-card deck of seed 004's Blackout and ZXT knock game.

A :class:`PlayingCard` is a rank (2 to 14: jack 11, queen 12, king 13, ace 14, so aces
are high, as Blackout plays them) and a suit. Each game reads the ranks its own way
(the knock game counts an ace as 1 point: :mod:`xactika_edu.core.knock`).

Notation, both ways (``PlayingCard.parse(str(card)) == card`` for all 52 cards): the
rank (``2``-``10``, ``J``, ``Q``, ``K``, ``A``) then the suit's symbol (``♣ ♦ ♥ ♠``);
the suit's letter (``C D H S``) and ``T`` for ten are read too, in any letter case.

>>> card = PlayingCard.parse("QS")
>>> card, str(card), card.rank
(PlayingCard.parse('Q♠'), 'Q♠', 12)
>>> len(STANDARD_DECK), STANDARD_DECK[0], STANDARD_DECK[-1]
(52, PlayingCard.parse('2♣'), PlayingCard.parse('A♠'))
>>> parse_cards("10h 2c AS")
(PlayingCard.parse('10♥'), PlayingCard.parse('2♣'), PlayingCard.parse('A♠'))
>>> PlayingCard.parse("1S")
Traceback (most recent call last):
...
xactika_edu.NotationError: cannot read card '1S': the rank is 2-10, J, Q, K or A, then the suit ...

Cards are numbered by their position in :data:`STANDARD_DECK` (suit by suit, clubs
first, each suit from 2 up): ``suit * 13 + rank - 2``. Core layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..base.checks import check_whole, is_whole, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from .cards import Seed, make_rng

__all__ = [
    "RANKS",
    "STANDARD_DECK",
    "STANDARD_RANKS",
    "STANDARD_SUITS",
    "SUITS",
    "SUIT_SYMBOLS",
    "PlayingCard",
    "as_playing_cards",
    "deal_playing_cards",
    "first_dealer_by_cut",
    "parse_cards",
]

#: The suits in deck order (also the order hands are sorted in).
SUITS = ("clubs", "diamonds", "hearts", "spades")
#: Each suit's symbol, in :data:`SUITS` order.
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
_SUIT_LETTERS = "CDHS"
#: The ranks, low to high: 2-10, then jack 11, queen 12, king 13, ace 14 (aces high).
RANKS = tuple(range(2, 15))
_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_READ = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_DIGIT_RANKS = {str(rank) for rank in range(2, 11)}


@dataclass(frozen=True, order=True, slots=True)
class PlayingCard:
    """One card of the standard deck: ``suit`` (0-3, :data:`SUITS`) and ``rank`` (2-14).

    Ordered by suit then rank (the deck's order). ``str`` is the notation (``"Q♠"``),
    ``repr`` rebuilds the card, :meth:`parse` reads the notation back.
    """

    suit: int
    rank: int

    def __post_init__(self) -> None:
        if not (is_whole(self.suit, 0, 3) and is_whole(self.rank, RANKS[0], RANKS[-1])):
            raise XactikaError(
                _("a playing card has suit 0-3 and rank 2-14, got suit {suit}, rank {rank}").format(
                    suit=shown(self.suit), rank=shown(self.rank)
                )
            )

    @classmethod
    def parse(cls, text: str) -> PlayingCard:
        """The card written ``text`` (``"Q♠"``, ``"qs"``, ``"10H"``, ``"TH"``).

        Raises :class:`~xactika_edu.NotationError` naming the text if it is no card.
        """
        if not isinstance(text, str):
            raise NotationError(_("cannot read card {text}: not text").format(text=shown(text)))
        word = text.strip().upper()
        rank_text, suit_text = word[:-1], word[-1:]
        suit = _suit_of(suit_text)
        rank = _RANK_READ.get(rank_text) or (int(rank_text) if rank_text in _DIGIT_RANKS else 0)
        if suit < 0 or rank not in RANKS:
            raise NotationError(
                _(
                    "cannot read card {text}: the rank is 2-10, J, Q, K or A, "
                    "then the suit ♣ ♦ ♥ ♠ (or C D H S)"
                ).format(text=shown(text))
            )
        return cls(suit, rank)

    @property
    def index(self) -> int:
        """The card's number: its position in :data:`STANDARD_DECK` (0-51)."""
        return self.suit * len(RANKS) + self.rank - RANKS[0]

    @property
    def suit_name(self) -> str:
        """The suit's English name (``"spades"``)."""
        return SUITS[self.suit]

    def __str__(self) -> str:
        return f"{_RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"

    def __repr__(self) -> str:
        return f"PlayingCard.parse('{self}')"


def _suit_of(text: str) -> int:
    if text and text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(text)
    if text and text in _SUIT_LETTERS:
        return _SUIT_LETTERS.index(text)
    return -1


#: The 52 cards in deck order (clubs 2 to ace, then diamonds, hearts, spades).
STANDARD_DECK = tuple(PlayingCard(suit, rank) for suit in range(4) for rank in RANKS)


def parse_cards(text: str) -> tuple[PlayingCard, ...]:
    """The cards written in ``text``, separated by spaces or commas (``"10h 2c AS"``).

    Raises :class:`~xactika_edu.NotationError` for a card that cannot be read and
    :class:`~xactika_edu.XactikaError` for a card written twice.
    """
    if not isinstance(text, str):
        raise NotationError(_("cannot read cards {text}: not text").format(text=shown(text)))
    return as_playing_cards(text.replace(",", " ").split())


def as_playing_cards(cards: Iterable[PlayingCard | str] | str) -> tuple[PlayingCard, ...]:
    """Cards given as :class:`PlayingCard` values or notation, checked: no card twice.

    >>> as_playing_cards(["AS", PlayingCard.parse("2c")])
    (PlayingCard.parse('A♠'), PlayingCard.parse('2♣'))
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Iterable):
        raise XactikaError(
            _("cards must be a list of cards, got {cards}").format(cards=shown(cards))
        )
    read = tuple(
        card if isinstance(card, PlayingCard) else PlayingCard.parse(card) for card in cards
    )
    if len(set(read)) != len(read):
        twice = sorted({str(card) for card in read if read.count(card) > 1})
        raise XactikaError(_("a card is given twice: {cards}").format(cards=", ".join(twice)))
    return read


def deal_playing_cards(
    players: int,
    cards_each: int,
    deck: Iterable[PlayingCard] = STANDARD_DECK,
    seed: Seed = None,
) -> tuple[tuple[tuple[PlayingCard, ...], ...], tuple[PlayingCard, ...]]:
    """Shuffle ``deck`` and deal ``cards_each`` cards to each of ``players``.

    Returns ``(hands, rest)``: one tuple of cards per player (each sorted in deck
    order) and the undealt cards in their shuffled order (the stock; its first card is
    the top). The same seed gives the same deal.

    >>> hands, rest = deal_playing_cards(2, 3, seed=1)
    >>> [len(hand) for hand in hands], len(rest)
    ([3, 3], 46)
    >>> deal_playing_cards(2, 3, seed=1) == (hands, rest)
    True
    >>> deal_playing_cards(9, 6)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cannot deal 9 players 6 cards each from 52 cards
    """
    cards = tuple(deck)
    if (
        not isinstance(players, int)
        or not isinstance(cards_each, int)
        or players < 1
        or cards_each < 0
        or players * cards_each > len(cards)
    ):
        raise XactikaError(
            _("cannot deal {players} players {each} cards each from {count} cards").format(
                players=shown(players, quoted=False),
                each=shown(cards_each, quoted=False),
                count=len(cards),
            )
        )
    order = make_rng(seed).permutation(len(cards))
    shuffled = [cards[i] for i in order]
    hands = tuple(
        tuple(sorted(shuffled[seat * cards_each : (seat + 1) * cards_each]))
        for seat in range(players)
    )
    return hands, tuple(shuffled[players * cards_each :])


def first_dealer_by_cut(players: int, seed: Seed = None, *, aces_high: bool = True) -> int:
    """The first dealer, by the cut: each player draws a card, the highest card deals.

    Highest by rank, aces high (Blackout) or, with ``aces_high=False``, aces low (the
    knock game, where an ace is worth 1 point); between equal ranks, by suit in the
    order ♣ < ♦ < ♥ < ♠ (a tie-break the seed does not give: see docs/other-games.md).
    The cards are drawn from the standard deck shuffled by ``seed``; the same seed gives
    the same dealer.

    >>> first_dealer_by_cut(4, seed=1) == first_dealer_by_cut(4, seed=1)
    True
    >>> 0 <= first_dealer_by_cut(8, seed=2) < 8
    True
    >>> first_dealer_by_cut(1, seed=2)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: players must be from 2 to 52, got 1

    Returns the dealer's seat, 0 to ``players - 1``. Source: seed 004, Blackout,
    "Dealing & Trump" ("Players cut the deck; highest card deals first") and ZXT Games,
    "Setup" ("Cut the deck. Highest card deals first").
    """
    count = check_whole(players, "players", 2, len(STANDARD_DECK))
    drawn = make_rng(seed).choice(len(STANDARD_DECK), size=count, replace=False)
    cards = [STANDARD_DECK[int(i)] for i in drawn]

    def height(card: PlayingCard) -> tuple[int, int]:
        low_ace = not aces_high and card.rank == RANKS[-1]
        return (1 if low_ace else card.rank, card.suit)

    return max(range(count), key=lambda seat: height(cards[seat]))


#: Rank of card i of :data:`STANDARD_DECK` (int8, shape (52,)), for array engines.
STANDARD_RANKS = np.array([card.rank for card in STANDARD_DECK], dtype=np.int8)
#: Suit of card i of :data:`STANDARD_DECK` (int8, shape (52,)).
STANDARD_SUITS = np.array([card.suit for card in STANDARD_DECK], dtype=np.int8)
STANDARD_RANKS.setflags(write=False)
STANDARD_SUITS.setflags(write=False)
