"""Shapes, combinations and cards: the values on the Xactika deck and their notation.

A card shows 1, 2 or 3 of each of four shapes (balls, cubes, cones, stars); its face
value is the sum of its four counts (4 to 12). A combination is one shape with its
count, such as "3 cubes": what a leader calls. See ``RULES.md`` (seed 001, the
publisher's rules). The deck, hands and the deal are in :mod:`xactika_edu.core.cards`,
which also offers every name here (``from xactika_edu.core.cards import Card`` works).

Notation, both ways (``parse(str(x)) == x`` for every card and combination):

* a card is four digits in shape order: ``"3213"`` is 3 balls, 2 cubes, 1 cone,
  3 stars; the long form ``"3 balls, 2 cubes, 1 cone, 3 stars"`` is read too;
* a combination is ``"3 cubes"`` (``"1 cube"`` for one); also read are the singular
  or plural of any shape, the words one/two/three, and the short form ``"3cu"``
  (count then ``ba``, ``cu``, ``co`` or ``st``), in any letter case.

Core layer: imports only the base layer (:mod:`~xactika_edu.base.checks`,
:mod:`~xactika_edu.base.errors`) and, lazily for pictures, :mod:`xactika_edu.core.svg`.

>>> card = Card.parse("3213")
>>> card.value, card.describe()
(9, '3 balls, 2 cubes, 1 cone, 3 stars')
>>> card.has("2 cubes"), Combination.parse("3cu")
(True, Combination.parse('3 cubes'))
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.checks import check_whole, shown
from ..base.errors import NotationError, XactikaError

if TYPE_CHECKING:
    from .svg import SvgImage

__all__ = [
    "COMBINATIONS",
    "COUNTS",
    "Card",
    "Combination",
    "Shape",
    "as_card",
    "as_combination",
]

#: The counts a shape can show on a card.
COUNTS = (1, 2, 3)


class _ShapeType(enum.EnumMeta):
    """``Shape(value)`` looks a shape up by number (0-3) or name; the enum's other
    call forms, which make a new enum class, are not offered."""

    # Narrower than EnumMeta.__call__ on purpose (no functional API that makes a new
    # enum class), so the override is incompatible by design.
    def __call__(cls, value: object) -> Shape:  # type: ignore[override]
        if isinstance(value, str):
            return Shape.parse(value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value <= 3:
            return super().__call__(int(value))
        raise NotationError(
            f"there is no shape {shown(value)}: shapes are numbered 0 (balls) to 3 (stars)"
        )


class Shape(enum.IntEnum, metaclass=_ShapeType):
    """The four shapes, in the order cards list them: balls, cubes, cones, stars.

    ``Shape(1)`` and ``Shape("cubes")`` both give :attr:`CUBES`.

    >>> Shape.parse("Cone")
    <Shape.CONES: 2>
    >>> str(Shape.CUBES), Shape.CUBES.singular, Shape.CUBES.short
    ('cubes', 'cube', 'cu')
    >>> Shape(7)
    Traceback (most recent call last):
    ...
    xactika_edu.NotationError: there is no shape 7: shapes are numbered 0 (balls) to ...
    """

    BALLS = 0
    CUBES = 1
    CONES = 2
    STARS = 3

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The shape's name for two or more: ``'balls'``."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """The shape's name for one: ``'ball'``."""
        return self.name.lower()[:-1]

    @property
    def short(self) -> str:
        """Two-letter short form: ``'ba'``, ``'cu'``, ``'co'`` or ``'st'``."""
        return self.name.lower()[:2]

    def name_for(self, count: int) -> str:
        """The singular for a count of 1, the plural otherwise.

        >>> Shape.CUBES.name_for(1), Shape.CUBES.name_for(3)
        ('cube', 'cubes')

        Raises :class:`XactikaError` (naming ``count``) if ``count`` is not a whole
        number of 0 or more.
        """
        count = check_whole(count, "count", 0, 10**9)
        return self.singular if count == 1 else self.plural

    @classmethod
    def parse(cls, text: str) -> Shape:
        """Read a shape from its plural, singular or short form, any letter case.

        Raises :class:`NotationError` (quoting ``text``) for an unknown shape.
        """
        if isinstance(text, Shape):
            return text
        if not isinstance(text, str):
            raise NotationError(f"unknown shape {shown(text)}; give a name like 'cubes'")
        key = text.strip().lower()
        for shape in cls:
            if key in (shape.plural, shape.singular, shape.short):
                return shape
        raise NotationError(
            f"unknown shape {shown(text)}; the shapes are balls, cubes, cones and stars"
        )


_COUNT_WORDS = {"1": 1, "2": 2, "3": 3, "one": 1, "two": 2, "three": 3}
# A count (digits, or a word followed by a space) then a shape: "3 cubes", "3cu",
# "three cubes". "cubes" alone has no count and does not match.
_COMBINATION_RE = re.compile(r"^\s*(\d+|[a-z]+(?=\s))\s*([a-z]+)\s*$")


def _check_count(count: object, what: str, where: Callable[[], str]) -> int:
    """``count`` as an int if it is 1, 2 or 3; ``where()`` says whose count it is (made
    only for the error: a card is made often, and a right count needs no words)."""
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)):
        raise XactikaError(f"{what} count must be 1, 2 or 3, got {shown(count)} in {where()}")
    if count not in COUNTS:
        raise XactikaError(f"{what} count {shown(count)} is not 1, 2 or 3 in {where()}")
    return int(count)


@dataclass(frozen=True, order=True)
class Combination:
    """One shape with its count, such as "3 cubes": what a leader calls.

    There are 12 combinations; each card carries four of them (one per shape) and
    each combination is on 27 cards.

    >>> Combination.parse("three cubes")
    Combination.parse('3 cubes')
    >>> str(Combination(Shape.CONES, 1)), Combination.parse("1co").short
    ('1 cone', '1co')
    """

    shape: Shape
    count: int

    def __post_init__(self) -> None:
        if not isinstance(self.shape, Shape):
            raise XactikaError(f"shape must be a Shape, got {shown(self.shape)}")
        _check_count(
            self.count,
            str(self.shape),
            lambda: f"Combination(Shape.{self.shape.name}, {shown(self.count)})",
        )

    def __str__(self) -> str:
        return f"{self.count} {self.shape.name_for(self.count)}"

    def __repr__(self) -> str:
        return f"Combination.parse({str(self)!r})"

    @property
    def short(self) -> str:
        """Short form: count then two letters, e.g. ``'3cu'``."""
        return f"{self.count}{self.shape.short}"

    @classmethod
    def parse(cls, text: str) -> Combination:
        """Read a combination such as ``"3 cubes"``, ``"3 cube"``, ``"three cubes"``
        or ``"3cu"``.

        Raises :class:`NotationError` quoting ``text`` if it cannot be read.

        >>> Combination.parse("5 balls")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read combination '5 balls': count '5' is ...
        """
        if not isinstance(text, str):
            raise NotationError(
                f"cannot read combination {shown(text)}: expected text like '3 cubes'"
            )
        match = _COMBINATION_RE.match(text.lower())
        if not match:
            raise NotationError(
                f"cannot read combination {shown(text)}: expected a count and a shape, "
                "like '3 cubes' or '1 cone'"
            )
        count_text, shape_text = match.groups()
        if count_text not in _COUNT_WORDS:
            raise NotationError(
                f"cannot read combination {shown(text)}: count {shown(count_text)} is not 1, 2 or 3"
            )
        try:
            shape = Shape.parse(shape_text)
        except NotationError as error:
            raise NotationError(f"cannot read combination {shown(text)}: {error}") from None
        return cls(shape, _COUNT_WORDS[count_text])


#: All 12 combinations, in shape order then count.
COMBINATIONS: tuple[Combination, ...] = tuple(
    Combination(shape, count) for shape in Shape for count in COUNTS
)


@functools.total_ordering
@dataclass(frozen=True, eq=True)
class Card:
    """One card: how many balls, cubes, cones and stars it shows (each 1-3).

    Immutable and hashable. Cards sort by face value, then by their counts.

    >>> card = Card(balls=3, cubes=2, cones=1, stars=3)
    >>> card
    Card.parse('3213')
    >>> card.value, card.combinations[1]
    (9, Combination.parse('2 cubes'))
    >>> Card.parse("3 balls, 2 cubes, 1 cone, 3 stars") == card
    True

    Raises :class:`XactikaError` if a count is not 1, 2 or 3.
    """

    balls: int
    cubes: int
    cones: int
    stars: int

    def __post_init__(self) -> None:
        for shape, count in zip(Shape, self.counts, strict=True):
            _check_count(count, str(shape), lambda: f"Card{shown(self.counts)}")
            object.__setattr__(self, shape.plural, int(count))

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The four counts in shape order: (balls, cubes, cones, stars)."""
        return (self.balls, self.cubes, self.cones, self.stars)

    def count(self, shape: Shape | str) -> int:
        """How many of ``shape`` the card shows (1-3)."""
        shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
        return self.counts[shape]

    @property
    def value(self) -> int:
        """The face value: the sum of the four counts, 4 to 12."""
        return sum(self.counts)

    @property
    def combinations(self) -> tuple[Combination, Combination, Combination, Combination]:
        """The card's four combinations, one per shape, in shape order."""
        b, c, o, s = (Combination(shape, n) for shape, n in zip(Shape, self.counts, strict=True))
        return (b, c, o, s)

    def has(self, combination: Combination | str) -> bool:
        """Whether the card shows ``combination`` (a :class:`Combination` or notation)."""
        combination = as_combination(combination)
        return self.counts[combination.shape] == combination.count

    def describe(self) -> str:
        """Long form, e.g. ``'3 balls, 2 cubes, 1 cone, 3 stars'``."""
        return ", ".join(str(c) for c in self.combinations)

    @property
    def title(self) -> str:
        """Name, face value, long form: ``'3213 (9): 3 balls, 2 cubes, 1 cone, 3 stars'``.

        The words a picture of the card is described by (its alt text and tooltip),
        so a reader who cannot see it hears the name the lessons use.
        """
        return self.caption()

    def caption(self, *, show_value: bool = True, shapes: bool = True) -> str:
        """The card in words, leading with its name: :attr:`title`; without the face
        value (for a worksheet that asks for it); or without the shapes' long form
        (for a picture of many cards).

        >>> card = Card.parse("2213")
        >>> card.caption()
        '2213 (8): 2 balls, 2 cubes, 1 cone, 3 stars'
        >>> card.caption(show_value=False), card.caption(shapes=False)
        ('2213: 2 balls, 2 cubes, 1 cone, 3 stars', '2213 (8)')
        """
        value = f" ({self.value})" if show_value else ""
        return f"{self}{value}: {self.describe()}" if shapes else f"{self}{value}"

    def sort_key(self) -> tuple[int, tuple[int, int, int, int]]:
        """The key cards sort by: face value, then counts."""
        return (self.value, self.counts)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        return "".join(map(str, self.counts))

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def svg(self, **options: Any) -> SvgImage:
        """The card as an SVG picture; options as for :func:`xactika_edu.core.svg.card`."""
        from . import svg

        return svg.card(self, **options)

    def _repr_svg_(self) -> str:
        return str(self.svg())

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: four digits in shape order (``"3213"``) or the long form.

        Raises :class:`NotationError` quoting ``text`` if it cannot be read.

        >>> Card.parse("3214x")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read card '3214x': expected 4 digits 1-3 ...
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read card {shown(text)}: expected text like '3213'")
        compact = text.strip()
        if re.fullmatch(r"\d{4}", compact):
            for shape, digit in zip(Shape, compact, strict=True):
                if int(digit) not in COUNTS:
                    raise NotationError(
                        f"cannot read card {shown(text)}: {shape} count {digit} is not 1, 2 or 3"
                    )
            return cls(*(int(d) for d in compact))
        if "," in compact:
            return cls._parse_long(text)
        raise NotationError(
            f"cannot read card {shown(text)}: expected 4 digits 1-3 in the order balls, cubes, "
            "cones, stars (like '3213') or the long form '3 balls, 2 cubes, 1 cone, 3 stars'"
        )

    @classmethod
    def _parse_long(cls, text: str) -> Card:
        counts: dict[Shape, int] = {}
        for part in text.split(","):
            try:
                combination = Combination.parse(part)
            except XactikaError as error:
                raise NotationError(f"cannot read card {shown(text)}: {error}") from None
            if combination.shape in counts:
                raise NotationError(
                    f"cannot read card {shown(text)}: {combination.shape} are given twice"
                )
            counts[combination.shape] = combination.count
        missing = [str(shape) for shape in Shape if shape not in counts]
        if missing:
            raise NotationError(
                f"cannot read card {shown(text)}: no count for {', '.join(missing)}"
            )
        return cls(*(counts[shape] for shape in Shape))


def as_card(card: Card | str) -> Card:
    """``card`` itself if it is a :class:`Card`, else read it as notation."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def as_combination(combination: Combination | str) -> Combination:
    """``combination`` itself if it is a :class:`Combination`, else read it."""
    if isinstance(combination, Combination):
        return combination
    return Combination.parse(combination)
