"""The 32-card deck of seed 004's "Lost Heir": four cities, ranks 7 (Mayor) down to 0.

A :class:`LostHeirCard` is a city (0-3: Toronto, Montreal, Halifax, Winnipeg) and a
rank (0-7). The ranks are named, high to low: 7 Mayor, 6 Chief, 5 Commissioner,
4 Detective, 3 Captain, 2 Sergeant, 1 Policeman; the 0 cards are the Blank (of
Halifax and of Montreal), the Lost Heir (Winnipeg's 0) and the Wrong Boy (Toronto's 0).

Notation, both ways (``LostHeirCard.parse(str(card)) == card`` for all 32 cards, and
``LostHeirCard.parse(card.name) == card``): the short form is the rank then the city's
letter (``"7W"``; T M H W), the long form is the card's name (``"Mayor of Winnipeg"``,
``"Lost Heir"``, ``"Wrong Boy"``, ``"Blank of Halifax"``). Letter case and extra spaces
are forgiven.

>>> card = LostHeirCard.parse("7w")
>>> card, str(card), card.name
(LostHeirCard.parse('7W'), '7W', 'Mayor of Winnipeg')
>>> LostHeirCard.parse("lost heir"), LostHeirCard.parse("Policeman of Toronto")
(LostHeirCard.parse('0W'), LostHeirCard.parse('1T'))
>>> len(LOST_HEIR_DECK), LOST_HEIR.name, WRONG_BOY.name
(32, 'Lost Heir', 'Wrong Boy')
>>> LostHeirCard.parse("8W")
Traceback (most recent call last):
...
xactika_edu.NotationError: cannot read Lost Heir card '8W': write a rank 0-7 and a city ...

Source: seed 004, Lost Heir, "Deck". Core layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..base.checks import check_whole, is_whole, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import N_
from ..base.language import gettext as _
from .cards import Seed, make_rng

__all__ = [
    "CARDS_EACH",
    "CITIES",
    "CITY_LETTERS",
    "LOST_HEIR",
    "LOST_HEIR_DECK",
    "PLAYERS",
    "RANK_NAMES",
    "SEAT_NAMES",
    "TEAM_NAMES",
    "WRONG_BOY",
    "LostHeirCard",
    "deal_lost_heir",
    "first_dealer",
    "parse_lost_heir_cards",
    "seat_name",
    "team_name",
]

#: The cities (the suits), in deck order.
CITIES = ("Toronto", "Montreal", "Halifax", "Winnipeg")
#: Each city's letter in the short notation, in :data:`CITIES` order.
CITY_LETTERS = "TMHW"
#: The name of ranks 1-7 (index = rank; rank 0 is named by its city: :attr:`LostHeirCard.name`).
RANK_NAMES = ("", "Policeman", "Sergeant", "Captain", "Detective", "Commissioner", "Chief", "Mayor")
#: The seats' names, in seat order (translated when shown: :func:`seat_name`).
SEAT_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"))
#: The teams' names: team 0 is seats 0 and 2, team 1 seats 1 and 3.
TEAM_NAMES = (N_("North/South"), N_("East/West"))

_ZERO_NAMES = ("Wrong Boy", "Blank", "Blank", "Lost Heir")
#: Players at the table (two partnerships).
PLAYERS = 4
#: Cards dealt to each player (the whole deck: seed 004, "Deal entire deck").
CARDS_EACH = 8


@dataclass(frozen=True, order=True, slots=True)
class LostHeirCard:
    """One card: ``city`` (0-3, :data:`CITIES`) and ``rank`` (0-7, 7 the Mayor is high).

    Ordered by city then rank. ``str`` is the short notation (``"7W"``), ``name`` the
    long one (``"Mayor of Winnipeg"``), ``repr`` rebuilds the card.
    """

    city: int
    rank: int

    def __post_init__(self) -> None:
        if not (is_whole(self.city, 0, 3) and is_whole(self.rank, 0, 7)):
            raise XactikaError(
                _(
                    "a Lost Heir card has city 0-3 and rank 0-7, got city {city}, rank {rank}"
                ).format(city=shown(self.city), rank=shown(self.rank))
            )

    @classmethod
    def parse(cls, text: str) -> LostHeirCard:
        """The card written ``text``: short (``"7W"``) or long (``"Mayor of Winnipeg"``).

        Raises :class:`~xactika_edu.NotationError` naming the text if it is no card.
        """
        if isinstance(text, str):
            card = _READ.get(" ".join(text.split()).upper())
            if card is not None:
                return card
        raise NotationError(
            _(
                "cannot read Lost Heir card {text}: write a rank 0-7 and a city letter"
                " T, M, H or W (7W) or the card's name (Mayor of Winnipeg, Lost Heir)"
            ).format(text=shown(text))
        )

    @property
    def city_name(self) -> str:
        """The city's name (``"Winnipeg"``)."""
        return CITIES[self.city]

    @property
    def name(self) -> str:
        """The card's name: ``"Mayor of Winnipeg"``, ``"Blank of Halifax"``, ``"Lost Heir"``."""
        if self.rank:
            return f"{RANK_NAMES[self.rank]} of {CITIES[self.city]}"
        if self.city in (0, 3):
            return _ZERO_NAMES[self.city]
        return f"Blank of {CITIES[self.city]}"

    def __str__(self) -> str:
        return f"{self.rank}{CITY_LETTERS[self.city]}"

    def __repr__(self) -> str:
        return f"LostHeirCard.parse('{self}')"


#: The 32 cards in deck order (Toronto 0 to 7, then Montreal, Halifax, Winnipeg).
LOST_HEIR_DECK = tuple(LostHeirCard(city, rank) for city in range(4) for rank in range(8))
#: The Lost Heir (Winnipeg's 0): +5 points to the side that captures it.
LOST_HEIR = LostHeirCard(3, 0)
#: The Wrong Boy (Toronto's 0): -3 points to the side that captures it.
WRONG_BOY = LostHeirCard(0, 0)
_READ: dict[str, LostHeirCard] = {}
for _card in LOST_HEIR_DECK:
    _READ[str(_card)] = _READ[_card.name.upper()] = _card
    _READ[f"{_card.rank} OF {_card.city_name.upper()}"] = _card
    if not _card.rank:
        _READ[f"{_ZERO_NAMES[_card.city].upper()} OF {_card.city_name.upper()}"] = _card
del _card


def parse_lost_heir_cards(
    cards: Iterable[LostHeirCard | str] | str,
) -> tuple[LostHeirCard, ...]:
    """Cards given as values, short notation in one text (``"7W 0T"``) or a list; no card twice.

    >>> parse_lost_heir_cards("7W, 0t 3H")
    (LostHeirCard.parse('7W'), LostHeirCard.parse('0T'), LostHeirCard.parse('3H'))
    >>> parse_lost_heir_cards(["Lost Heir", LostHeirCard(0, 7)])
    (LostHeirCard.parse('0W'), LostHeirCard.parse('7T'))
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, Iterable):
        raise XactikaError(
            _("cards must be a list of cards, got {cards}").format(cards=shown(cards))
        )
    read = tuple(
        card if isinstance(card, LostHeirCard) else LostHeirCard.parse(card) for card in cards
    )
    if len(set(read)) != len(read):
        twice = sorted({str(card) for card in read if read.count(card) > 1})
        raise XactikaError(_("a card is given twice: {cards}").format(cards=", ".join(twice)))
    return read


def deal_lost_heir(seed: Seed = None) -> tuple[tuple[LostHeirCard, ...], ...]:
    """Shuffle the 32 cards and deal all of them: 8 to each of the 4 seats, each sorted.

    The same seed gives the same deal. Source: seed 004, Lost Heir, "Setup" ("Deal
    entire deck (8 cards per player)").

    >>> hands = deal_lost_heir(seed=1)
    >>> [len(hand) for hand in hands], len(set().union(*hands))
    ([8, 8, 8, 8], 32)
    >>> deal_lost_heir(seed=1) == hands, deal_lost_heir(seed=2) == hands
    (True, False)
    """
    order = make_rng(seed).permutation(len(LOST_HEIR_DECK))
    shuffled = [LOST_HEIR_DECK[i] for i in order]
    return tuple(tuple(sorted(shuffled[seat::PLAYERS])) for seat in range(PLAYERS))


def first_dealer(seed: Seed = None) -> tuple[int, tuple[LostHeirCard, ...]]:
    """Who deals first: cards dealt face up, one at a time from seat 0 (North) to the
    left, until one of the two boys (the Lost Heir or the Wrong Boy) turns up.

    Returns ``(seat, cards)``: the seat that received the boy and the cards turned
    up, in order (the last is the boy). Source: seed 004, Lost Heir, "Setup" ("First
    player to get the Lost Heir or Wrong Boy deals").

    >>> seat, cards = first_dealer(seed=5)
    >>> seat, " ".join(str(card) for card in cards)
    (1, '5W 1M 2T 7T 7H 0W')
    """
    order = make_rng(seed).permutation(len(LOST_HEIR_DECK))
    shown_cards: list[LostHeirCard] = []
    for index in order:
        shown_cards.append(LOST_HEIR_DECK[index])
        if shown_cards[-1] in (LOST_HEIR, WRONG_BOY):
            break
    return (len(shown_cards) - 1) % PLAYERS, tuple(shown_cards)


def seat_name(seat: int) -> str:
    """The seat's name in the current language (0 North, 1 East, 2 South, 3 West).

    >>> seat_name(0), seat_name(3)
    ('North', 'West')
    """
    return _(SEAT_NAMES[check_whole(seat, "seat", 0, PLAYERS - 1)])


def team_name(team: int) -> str:
    """The team's name in the current language (0 North/South, 1 East/West).

    >>> team_name(1)
    'East/West'
    """
    return _(TEAM_NAMES[check_whole(team, "team", 0, 1)])
