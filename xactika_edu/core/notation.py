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

**In Spanish** (:mod:`xactika_edu.base.language`) the shapes are named as in the
publisher's Spanish rules: *balas, cubos, conos, estrellas* (one: *bala, cubo, cono,
estrella*); ``str()`` of a shape, a combination and a card's long form follow the
current language (``"3 cubos"``, ``"3 balas, 2 cubos, 1 cono, 3 estrellas"``). The
Spanish short forms are ``ba``, ``cu``, ``co`` and ``es`` (*estrellas*): the first
three are the English ones, and ``es`` means no other shape in either language, so no
short form ever reads as two different shapes. Reading accepts **both languages
always**, whatever the current one: ``"3 cubos"``, ``"tres cubos"``, ``"una
estrella"``, ``"un cubo"``, ``"1 bala"``, ``"3es"``, ``"3st"``, ``"three cubes"``, in
any letter case, with or without accents; a long form may end with *y* or *and*
(``"3 balas, 2 cubos, 1 cono y 3 estrellas"``). What does not change with the
language: the four digits of a card, ``repr`` (``Combination.parse('3 cubes')``, which
rebuilds the object in any language), and :attr:`Shape.key` (``'balls'``, a card's
field and keyword name).

Core layer: imports only the base layer (:mod:`~xactika_edu.base.checks`,
:mod:`~xactika_edu.base.errors`, :mod:`~xactika_edu.base.language`,
:mod:`~xactika_edu.base.wording`) and, lazily for
pictures, :mod:`xactika_edu.core.svg`.

>>> card = Card.parse("3213")
>>> card.value, card.describe()
(9, '3 balls, 2 cubes, 1 cone, 3 stars')
>>> card.has("2 cubes"), Combination.parse("3cu")
(True, Combination.parse('3 cubes'))
>>> from xactika_edu.base.language import use_language
>>> with use_language("es"):
...     str(Combination.parse("3 cubes")), card.describe(), Combination.parse("una estrella")
('3 cubos', '3 balas, 2 cubos, 1 cono, 3 estrellas', Combination.parse('1 star'))
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
from ..base.language import LANGUAGES, check_language, language
from ..base.language import gettext as _
from ..base.wording import folded

if TYPE_CHECKING:
    from .svg import SvgImage

__all__ = [
    "COMBINATIONS",
    "COUNTS",
    "SHAPE_NAMES",
    "Card",
    "Combination",
    "Shape",
    "as_card",
    "as_combination",
]

#: The counts a shape can show on a card.
COUNTS = (1, 2, 3)

#: Each language's names of the four shapes, in shape order: (singular, plural, short
#: form). Spanish from the publisher's Spanish rules (seed 002). Every name of every
#: language is read by :meth:`Shape.parse`; the current language's are written.
SHAPE_NAMES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "en": (
        ("ball", "balls", "ba"),
        ("cube", "cubes", "cu"),
        ("cone", "cones", "co"),
        ("star", "stars", "st"),
    ),
    "es": (
        ("bala", "balas", "ba"),
        ("cubo", "cubos", "cu"),
        ("cono", "conos", "co"),
        ("estrella", "estrellas", "es"),
    ),
}
#: The count words read in a combination, in either language ("tres cubos", "una bala").
COUNT_WORDS = {
    "1": 1,
    "2": 2,
    "3": 3,
    "one": 1,
    "two": 2,
    "three": 3,
    "uno": 1,
    "una": 1,
    "un": 1,
    "dos": 2,
    "tres": 3,
}


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
            _("there is no shape {value}: shapes are numbered 0 ({first}) to 3 ({last})").format(
                value=shown(value), first=Shape.BALLS.plural, last=Shape.STARS.plural
            )
        )


class Shape(enum.IntEnum, metaclass=_ShapeType):
    """The four shapes, in the order cards list them: balls, cubes, cones, stars.

    ``Shape(1)``, ``Shape("cubes")`` and ``Shape("cubos")`` all give :attr:`CUBES`. Its
    names (``str``, :attr:`plural`, :attr:`singular`, :attr:`short`,
    :meth:`name_for`) are in the current language; :attr:`key` never changes.

    >>> Shape.parse("Cone")
    <Shape.CONES: 2>
    >>> str(Shape.CUBES), Shape.CUBES.singular, Shape.CUBES.short, Shape.CUBES.key
    ('cubes', 'cube', 'cu', 'cubes')
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
        return self.plural

    def names(self, code: str | None = None) -> tuple[str, str, str]:
        """The shape's (singular, plural, short form) in language ``code`` (default: the
        current language): ``('cubo', 'cubos', 'cu')`` in Spanish.

        Raises:
            XactikaError: if ``code`` is not one of the toolkit's languages.
        """
        return SHAPE_NAMES[language() if code is None else check_language(code)][self.value]

    @property
    def key(self) -> str:
        """The shape's name in code, the same in every language: ``'balls'`` (a
        :class:`Card`'s field, a keyword argument, a CSS class)."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The shape's name for two or more, in the current language: ``'balls'``."""
        return self.names()[1]

    @property
    def singular(self) -> str:
        """The shape's name for one, in the current language: ``'ball'``."""
        return self.names()[0]

    @property
    def short(self) -> str:
        """Two-letter short form in the current language: ``'ba'``, ``'cu'``, ``'co'``
        and ``'st'`` (Spanish ``'es'``, *estrellas*)."""
        return self.names()[2]

    def name_for(self, count: int, code: str | None = None) -> str:
        """The singular for a count of 1, the plural otherwise, in language ``code``
        (default: the current one).

        >>> Shape.CUBES.name_for(1), Shape.CUBES.name_for(3), Shape.CUBES.name_for(3, "es")
        ('cube', 'cubes', 'cubos')

        Raises :class:`XactikaError` (naming ``count``) if ``count`` is not a whole
        number of 0 or more, or if ``code`` is not a language of the toolkit.
        """
        count = check_whole(count, "count", 0, 10**9)
        singular, plural, _short = self.names(code)
        return singular if count == 1 else plural

    @classmethod
    def parse(cls, text: str) -> Shape:
        """Read a shape from its plural, singular or short form in English or Spanish,
        any letter case, accents optional.

        >>> Shape.parse("Estrellas"), Shape.parse("es"), Shape.parse("st")
        (<Shape.STARS: 3>, <Shape.STARS: 3>, <Shape.STARS: 3>)

        Raises :class:`NotationError` (quoting ``text``) for an unknown shape.
        """
        if isinstance(text, Shape):
            return text
        if not isinstance(text, str):
            raise NotationError(
                _("unknown shape {text}; give a name like '{example}'").format(
                    text=shown(text), example=Shape.CUBES.plural
                )
            )
        shape = _SHAPES_BY_NAME.get(folded(text.strip()))
        if shape is not None:
            return shape
        raise NotationError(
            _("unknown shape {text}; the shapes are {balls}, {cubes}, {cones} and {stars}").format(
                text=shown(text), **{s.key: s.plural for s in cls}
            )
        )


def _names_to_shapes() -> dict[str, Shape]:
    """Every name of every shape in every language, folded (lower case, no accents), to
    its shape; a name that would mean two shapes is a mistake in :data:`SHAPE_NAMES`."""
    found: dict[str, Shape] = {}
    for code in LANGUAGES:
        for shape in Shape:
            for name in SHAPE_NAMES[code][shape.value]:
                if found.setdefault(folded(name), shape) is not shape:
                    raise RuntimeError(f"the shape name {name!r} means two shapes")
    return found


_SHAPES_BY_NAME = _names_to_shapes()

# A count (digits, or a word followed by a space) then a shape: "3 cubes", "3cu",
# "three cubes", "tres cubos". "cubes" alone has no count and does not match. The text
# is folded first (lower case, no accents).
_COMBINATION_RE = re.compile(r"^\s*(\d+|[a-z]+(?=\s))\s*([a-z]+)\s*$")


def _check_count(count: object, what: str, where: Callable[[], str]) -> int:
    """``count`` as an int if it is 1, 2 or 3; ``where()`` says whose count it is (made
    only for the error: a card is made often, and a right count needs no words)."""
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)):
        raise XactikaError(
            _("{what} count must be 1, 2 or 3, got {count} in {where}").format(
                what=what, count=shown(count), where=where()
            )
        )
    if count not in COUNTS:
        raise XactikaError(
            _("{what} count {count} is not 1, 2 or 3 in {where}").format(
                what=what, count=shown(count), where=where()
            )
        )
    return int(count)


def _examples() -> dict[str, str]:
    """Example combinations for a message, in the current language."""
    return {
        "three": str(Combination(Shape.CUBES, 3)),
        "one": str(Combination(Shape.CONES, 1)),
    }


@dataclass(frozen=True, order=True)
class Combination:
    """One shape with its count, such as "3 cubes": what a leader calls.

    There are 12 combinations; each card carries four of them (one per shape) and
    each combination is on 27 cards. ``str`` and :attr:`short` are in the current
    language; ``repr`` is the same in every language.

    >>> Combination.parse("three cubes")
    Combination.parse('3 cubes')
    >>> str(Combination(Shape.CONES, 1)), Combination.parse("1co").short
    ('1 cone', '1co')
    >>> Combination.parse("tres estrellas").describe("es"), Combination.parse("3st")
    ('3 estrellas', Combination.parse('3 stars'))
    """

    shape: Shape
    count: int

    def __post_init__(self) -> None:
        if not isinstance(self.shape, Shape):
            raise XactikaError(
                _("shape must be a Shape, got {value}").format(value=shown(self.shape))
            )
        _check_count(
            self.count,
            str(self.shape),
            lambda: f"Combination(Shape.{self.shape.name}, {shown(self.count)})",
        )

    def describe(self, code: str | None = None) -> str:
        """The combination in words in language ``code`` (default: the current one):
        ``'3 cubes'``, ``'1 cone'``; Spanish ``'3 cubos'``.

        Raises:
            XactikaError: if ``code`` is not one of the toolkit's languages.
        """
        return f"{self.count} {self.shape.name_for(self.count, code)}"

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"Combination.parse({self.describe('en')!r})"

    @property
    def short(self) -> str:
        """Short form in the current language: count then two letters, e.g. ``'3cu'``
        (``'3st'``, Spanish ``'3es'``)."""
        return f"{self.count}{self.shape.short}"

    @classmethod
    def parse(cls, text: str) -> Combination:
        """Read a combination such as ``"3 cubes"``, ``"3 cube"``, ``"three cubes"``,
        ``"3cu"``, ``"tres cubos"``, ``"una estrella"`` or ``"3es"`` (either language,
        whatever the current one).

        Raises :class:`NotationError` quoting ``text`` if it cannot be read.

        >>> Combination.parse("5 balls")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read combination '5 balls': count '5' is ...
        """
        if not isinstance(text, str):
            raise NotationError(
                _("cannot read combination {text}: expected text like '{three}'").format(
                    text=shown(text), **_examples()
                )
            )
        match = _COMBINATION_RE.match(folded(text))
        if not match:
            raise NotationError(
                _(
                    "cannot read combination {text}: expected a count and a shape, "
                    "like '{three}' or '{one}'"
                ).format(text=shown(text), **_examples())
            )
        count_text, shape_text = match.groups()
        if count_text not in COUNT_WORDS:
            raise NotationError(
                _("cannot read combination {text}: count {count} is not 1, 2 or 3").format(
                    text=shown(text), count=shown(count_text)
                )
            )
        try:
            shape = Shape.parse(shape_text)
        except NotationError as error:
            raise NotationError(
                _("cannot read combination {text}: {problem}").format(
                    text=shown(text), problem=error
                )
            ) from None
        return cls(shape, COUNT_WORDS[count_text])


#: All 12 combinations, in shape order then count.
COMBINATIONS: tuple[Combination, ...] = tuple(
    Combination(shape, count) for shape in Shape for count in COUNTS
)

# The parts of a card's long form: commas, and "y" or "and" before the last one.
_LONG_FORM_PARTS = re.compile(r",|\s(?:y|and)\s", re.IGNORECASE)


@functools.total_ordering
@dataclass(frozen=True, eq=True)
class Card:
    """One card: how many balls, cubes, cones and stars it shows (each 1-3).

    Immutable and hashable. Cards sort by face value, then by their counts. The four
    digits are the same in every language; the long form (:meth:`describe`) is in the
    current language.

    >>> card = Card(balls=3, cubes=2, cones=1, stars=3)
    >>> card
    Card.parse('3213')
    >>> card.value, card.combinations[1]
    (9, Combination.parse('2 cubes'))
    >>> Card.parse("3 balls, 2 cubes, 1 cone, 3 stars") == card
    True
    >>> Card.parse("3 balas, 2 cubos, 1 cono y 3 estrellas") == card
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
            object.__setattr__(self, shape.key, int(count))

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

    def describe(self, code: str | None = None) -> str:
        """Long form in language ``code`` (default: the current one), e.g.
        ``'3 balls, 2 cubes, 1 cone, 3 stars'``; Spanish ``'3 balas, 2 cubos, 1 cono,
        3 estrellas'``.

        Raises:
            XactikaError: if ``code`` is not one of the toolkit's languages.
        """
        return ", ".join(c.describe(code) for c in self.combinations)

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
        """Read a card: four digits in shape order (``"3213"``) or the long form in
        either language (``"3 balls, 2 cubes, 1 cone, 3 stars"``, ``"3 balas, 2 cubos,
        1 cono y 3 estrellas"``).

        Raises :class:`NotationError` quoting ``text`` if it cannot be read.

        >>> Card.parse("3214x")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read card '3214x': expected 4 digits 1-3 ...
        """
        if not isinstance(text, str):
            raise NotationError(
                _("cannot read card {text}: expected text like '3213'").format(text=shown(text))
            )
        compact = text.strip()
        if re.fullmatch(r"\d{4}", compact):
            for shape, digit in zip(Shape, compact, strict=True):
                if int(digit) not in COUNTS:
                    raise NotationError(
                        _("cannot read card {text}: {shape} count {digit} is not 1, 2 or 3").format(
                            text=shown(text), shape=shape, digit=digit
                        )
                    )
            return cls(*(int(d) for d in compact))
        if "," in compact:
            return cls._parse_long(text)
        raise NotationError(
            _(
                "cannot read card {text}: expected 4 digits 1-3 in the order {balls}, {cubes}, "
                "{cones}, {stars} (like '3213') or the long form '{long}'"
            ).format(
                text=shown(text),
                long=Card(3, 2, 1, 3).describe(),
                **{shape.key: shape.plural for shape in Shape},
            )
        )

    @classmethod
    def _parse_long(cls, text: str) -> Card:
        counts: dict[Shape, int] = {}
        for part in _LONG_FORM_PARTS.split(text):
            try:
                combination = Combination.parse(part)
            except XactikaError as error:
                raise NotationError(
                    _("cannot read card {text}: {problem}").format(text=shown(text), problem=error)
                ) from None
            if combination.shape in counts:
                raise NotationError(
                    _("cannot read card {text}: {shape} are given twice").format(
                        text=shown(text), shape=combination.shape
                    )
                )
            counts[combination.shape] = combination.count
        missing = [str(shape) for shape in Shape if shape not in counts]
        if missing:
            raise NotationError(
                _("cannot read card {text}: no count for {shapes}").format(
                    text=shown(text), shapes=", ".join(missing)
                )
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
