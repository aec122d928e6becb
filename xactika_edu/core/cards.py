"""Cards, combinations, hands and the deal: the Xactika deck and its notation.

The deck has 81 cards: every way of showing 1, 2 or 3 of each of four shapes
(balls, cubes, cones, stars), so 3 x 3 x 3 x 3 = 81. A card's face value is the sum
of its four counts (4 to 12). See ``RULES.md`` (seed 001, the publisher's rules).

Notation, both ways (``parse(str(x)) == x`` for every card and combination):

* a card is four digits in shape order: ``"3213"`` is 3 balls, 2 cubes, 1 cone,
  3 stars; the long form ``"3 balls, 2 cubes, 1 cone, 3 stars"`` is read too;
* a combination is ``"3 cubes"`` (``"1 cube"`` for one); also read are the singular
  or plural of any shape, the words one/two/three, and the short form ``"3cu"``
  (count then ``ba``, ``cu``, ``co`` or ``st``), in any letter case.

>>> card = Card.parse("3213")
>>> card.value
9
>>> card.describe()
'3 balls, 2 cubes, 1 cone, 3 stars'
>>> card.has("2 cubes")
True
>>> len(DECK)
81

Shapes, combinations, cards and their notation are defined in
:mod:`xactika_edu.core.notation` and offered here too; this module adds hands, the deck,
seeds and the deal. Core layer.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from html import escape
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.checks import as_items, check_whole, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from ..base.language import ngettext
from .notation import COMBINATIONS as COMBINATIONS
from .notation import (
    COUNTS,
    SHAPE_NAMES,
    Card,
    Combination,
    Shape,
    as_card,
    as_combination,
)

if TYPE_CHECKING:
    from .svg import SvgImage


__all__ = [
    "CARDS_PER_HAND",
    "COMBINATIONS",
    "COUNTS",
    "DECK",
    "LARGEST_SEED",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SHAPE_NAMES",
    "Card",
    "Combination",
    "Deal",
    "Hand",
    "Seed",
    "Shape",
    "as_card",
    "as_combination",
    "as_hand",
    "check_seed",
    "deal",
    "draw_cards",
    "make_rng",
    "shuffled_deck",
    "whole_seed",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 10
CARDS_PER_HAND = 8

#: A seed for random functions: ``None`` (fresh randomness), an ``int`` (or NumPy integer), or a
#: :class:`numpy.random.Generator` to draw from.
Seed = int | np.integer | np.random.Generator | None


class Hand(tuple[Card, ...]):
    """Some distinct cards, in a fixed order: a player's hand, a pile, a selection.

    A tuple of :class:`Card`; accepts cards or notation. ``str`` is the cards'
    compact forms separated by spaces, and :meth:`parse` reads it back.

    >>> hand = Hand(["3213", "1111"])
    >>> hand
    Hand.parse('3213 1111')
    >>> hand.values
    (9, 4)
    >>> Hand(["3213", "3213"])
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: card 3213 is in the hand twice
    """

    def __new__(cls, cards: Iterable[Card | str] = ()) -> Hand:
        if isinstance(cards, (str, Card)):
            raise XactikaError(
                _("a hand is a list of cards, got {cards}; use Hand.parse for text").format(
                    cards=shown(cards)
                )
            )
        converted = tuple(as_card(card) for card in as_items(cards, "a hand"))
        seen: set[Card] = set()
        for card in converted:
            if card in seen:
                raise XactikaError(_("card {card} is in the hand twice").format(card=card))
            seen.add(card)
        return super().__new__(cls, converted)

    if TYPE_CHECKING:  # pragma: no cover - typing only

        def __iter__(self) -> Iterator[Card]: ...

    def __contains__(self, card: object) -> bool:
        """Whether the hand holds ``card`` (a :class:`Card` or its notation).

        >>> "3213" in DECK
        True
        """
        if isinstance(card, str):
            card = Card.parse(card)
        return super().__contains__(card)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read cards in compact form separated by spaces or commas.

        >>> Hand.parse("3213, 1111")
        Hand.parse('3213 1111')
        """
        if not isinstance(text, str):
            raise NotationError(
                _("cannot read hand {text}: expected text like '3213 1111'").format(
                    text=shown(text)
                )
            )
        parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
        return cls(Card.parse(part) for part in parts)

    @property
    def values(self) -> tuple[int, ...]:
        """Face values of the cards, in hand order."""
        return tuple(card.value for card in self)

    def sorted(self) -> Hand:
        """The same cards sorted by face value (then counts)."""
        return Hand(_sorted(self))

    def without(self, cards: Iterable[Card | str]) -> Hand:
        """A new hand without ``cards``; raises :class:`XactikaError` if one is not here."""
        removed = {as_card(card) for card in as_items(cards, "cards to take out")}
        missing = removed.difference(self)
        if missing:
            raise XactikaError(
                _("card {missing} is not in the hand {self}").format(
                    missing=min(missing), self=self
                )
            )
        return Hand(card for card in self if card not in removed)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def svg(self, **options: Any) -> SvgImage:
        """The hand as one SVG picture; options as for :func:`xactika_edu.core.svg.hand`."""
        from . import svg

        return svg.hand(self, **options)

    def _repr_svg_(self) -> str:
        return str(self.svg())


def as_hand(cards: Iterable[Card | str] | str, what: str = "hand") -> Hand:
    """``cards`` as a :class:`Hand`: a hand itself, notation text (``"3213 1111"``),
    or a list of cards or notation.

    >>> as_hand("3213 1111") == as_hand(["3213", "1111"])
    True

    Raises :class:`XactikaError` naming ``what`` if ``cards`` is none of these,
    :class:`NotationError` if a card cannot be read.
    """
    if isinstance(cards, Hand):
        return cards
    if isinstance(cards, str):
        return Hand.parse(cards)
    return Hand(as_items(cards, what, example="'3213 1111' or ['3213', '1111']"))


#: The 81 cards, each exactly once, in notation order ("1111", "1112", ... "3333").
DECK: Hand = Hand(Card(*counts) for counts in itertools.product(COUNTS, repeat=4))

#: Each card's position in sorted order (face value, then counts), for fast sorting.
_RANK: dict[Card, int] = {card: rank for rank, card in enumerate(sorted(DECK))}


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=_RANK.__getitem__)


class Deal(tuple[Hand, ...]):
    """The result of :func:`deal`: a tuple of hands (player 0 first), plus
    ``set_aside``, the cards nobody sees, and the ``seed`` used."""

    set_aside: Hand
    seed: Seed

    def __new__(cls, hands: Iterable[Hand], set_aside: Hand, seed: Seed = None) -> Deal:
        hands = tuple(Hand(hand) for hand in as_items(hands, "hands", example="[hand, hand]"))
        self = super().__new__(cls, hands)
        self.set_aside = Hand(set_aside)
        self.seed = check_seed(seed)
        return self

    if TYPE_CHECKING:  # pragma: no cover - typing only

        def __iter__(self) -> Iterator[Hand]: ...

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The players' hands, player 0 first."""
        return tuple(self)

    def __repr__(self) -> str:
        hands = ", ".join(repr(hand) for hand in self)
        return f"Deal([{hands}], set_aside={self.set_aside!r}, seed={self.seed!r})"

    def __str__(self) -> str:
        lines = [
            _("player {seat}: {hand}").format(seat=i, hand=hand) for i, hand in enumerate(self)
        ]
        lines.append(
            ngettext(
                "set aside: {count} card", "set aside: {count} cards", len(self.set_aside)
            ).format(count=len(self.set_aside))
        )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            "<div><b>{name}</b><br>{picture}</div>".format(
                name=escape(_("Player {seat}").format(seat=i)), picture=hand.svg()
            )
            for i, hand in enumerate(self)
        )
        unseen = ngettext(
            "{count} card set aside, unseen.",
            "{count} cards set aside, unseen.",
            len(self.set_aside),
        ).format(count=len(self.set_aside))
        note = f"<div>{escape(unseen)}</div>"
        return f"<div>{rows}{note}</div>"


#: The largest seed: 64 bits, more than any class types, and every seed can be shown
#: and typed again (a seed of thousands of digits could not even be printed).
LARGEST_SEED = 2**64 - 1


def check_seed(seed: object) -> Seed:
    """``seed`` itself if it is ``None``, a whole number from 0 to :data:`LARGEST_SEED`
    or a NumPy generator.

    >>> check_seed(-3)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: seed must be a whole number 0 or more, like 7; got -3
    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: seed must be a whole number from 0 to 18,446,744,073,709,551,615; ...

    Raises :class:`XactikaError` naming the seed otherwise, in plain words: the largest
    seed is written with thousands commas (the widgets' seed boxes show the same message).
    """
    if seed is None or isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise XactikaError(
            _("seed must be a whole number 0 or more, like 7; got {seed}").format(seed=shown(seed))
        )
    if seed > LARGEST_SEED:
        raise XactikaError(
            _("seed must be a whole number from 0 to {LARGEST_SEED:,}; got {seed}").format(
                LARGEST_SEED=LARGEST_SEED, seed=shown(seed)
            )
        )
    return seed


def make_rng(seed: Seed) -> np.random.Generator:
    """A NumPy generator from ``seed`` (``None``, an ``int`` >= 0, or a generator)."""
    seed = check_seed(seed)
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


def whole_seed(seed: Seed) -> int:
    """``seed`` as a whole number that replays the same game: a whole number is kept;
    ``None`` or a generator gives one drawn from it (0 to 2**63 - 1).

    >>> whole_seed(7), 0 <= whole_seed(None) < 2**63
    (7, True)

    Raises:
        XactikaError: as :func:`make_rng`, for a seed that is none of those.
    """
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        make_rng(seed)  # checks it is >= 0
        return int(seed)
    return int(make_rng(seed).integers(0, 2**63))


def shuffled_deck(seed: Seed = None) -> tuple[Card, ...]:
    """The 81 cards in a random order; the same seed gives the same order."""
    order = make_rng(seed).permutation(len(DECK))
    return tuple(DECK[i] for i in order)


def deal(players: int, seed: Seed = None, cards_per_hand: int = CARDS_PER_HAND) -> Deal:
    """Shuffle the deck and deal ``cards_per_hand`` cards to each of ``players``.

    Cards go out one at a time, player 0 first, as at a table; each hand is
    returned sorted by face value. The cards not dealt are ``set_aside``.
    The same ``seed`` always gives the same deal.

    >>> hands = deal(players=4, seed=1)
    >>> len(hands), len(hands[0]), len(hands.set_aside)
    (4, 8, 49)
    >>> deal(players=4, seed=1) == hands
    True
    >>> deal(players=11)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: players must be from 2 to 10, got 11

    Args:
        players: number of players, 2 to 10.
        seed: ``None``, a whole number, or a :class:`numpy.random.Generator`.
        cards_per_hand: 1 to 8 (lessons use small hands).

    Returns:
        a :class:`Deal`: ``players`` hands, with ``.set_aside`` (81 - players x
        cards_per_hand cards) and ``.seed``.

    Raises:
        XactikaError: if ``players``, ``cards_per_hand`` or ``seed`` is out of range.
    """
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    deck = shuffled_deck(seed)
    dealt = players * cards_per_hand
    hands = [Hand(_sorted(deck[p:dealt:players])) for p in range(players)]
    return Deal(hands, Hand(_sorted(deck[dealt:])), seed)


def draw_cards(n: int, seed: Seed = None) -> Hand:
    """The top ``n`` cards (1-81) of a deck shuffled with ``seed``, in the order drawn.

    >>> draw_cards(3, seed=2) == draw_cards(3, seed=2)
    True
    >>> len(set(draw_cards(81, seed=2)))
    81
    """
    n = check_whole(n, "number of cards", 1, len(DECK))
    return Hand(shuffled_deck(seed)[:n])
