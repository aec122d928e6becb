"""Worksheet levels (differentiation): the same kind of sheet for three groups.

``"core"`` is the sheet as it always was. ``"support"`` is scaffolded: fewer cards,
part of the work done as a worked example, and a sentence frame under each question
("The tallest bar is at ____, so the most common face value is ____."). ``"extension"``
has more cards and one more question that goes further (a relative frequency or an
expected count). Each kind's builder takes ``level=`` and its answer key matches the
level: on a support key each frame is filled in.

>>> check_level("support"), default_cards("bar-graph", "extension")
('support', 24)
>>> Frame("{} of my {} cards", ("3", "16")).blank()
'____ of my ____ cards'
>>> Frame("{} of my {} cards", ("3", "16")).filled()
'3 of my 16 cards'
>>> check_level("hard")
Traceback (most recent call last):
...
xactika_edu.XactikaError: unknown worksheet level 'hard'; the levels are 'support', ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from .page import ANSWER

if TYPE_CHECKING:
    from ...core.cards import Card
    from .page import Page

__all__ = [
    "BLANK",
    "CORE",
    "EXTENSION",
    "LEVELS",
    "SUPPORT",
    "Frame",
    "Worked",
    "at_level",
    "check_level",
    "default_cards",
    "draw_frame",
    "frame_height",
    "level_note",
    "sheet_folder",
    "worked_examples",
]

SUPPORT = "support"
CORE = "core"
EXTENSION = "extension"
#: The levels, easiest first; ``"core"`` is the default everywhere.
LEVELS: tuple[str, ...] = (SUPPORT, CORE, EXTENSION)

#: Where a student writes in a sentence frame.
BLANK = "____"

# Cards (or draws) per sheet for each kind that draws cards, by level: support has
# fewer, extension more; core is the kind's default as it always was. The pie chart's
# counts divide 360 (a whole number of degrees per card); the simulation's are tens.
_CARDS: dict[str, dict[str, int]] = {
    "bar-graph": {SUPPORT: 10, CORE: 16, EXTENSION: 24},
    "pie-chart": {SUPPORT: 10, CORE: 20, EXTENSION: 24},
    "bell-curve": {SUPPORT: 18, CORE: 27, EXTENSION: 27},
    "simulation": {SUPPORT: 20, CORE: 40, EXTENSION: 40},
}


def check_level(level: object) -> str:
    """A worksheet level: one of :data:`LEVELS`.

    Raises:
        XactikaError: naming the bad ``level`` and the levels.
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise XactikaError(
            _("unknown worksheet level {level}; the levels are {levels}").format(
                level=shown(level), levels=", ".join(map(repr, LEVELS))
            )
        )
    return level


def default_cards(kind: str, level: str) -> int:
    """The number of cards (or draws) a ``kind`` sheet at ``level`` has unless told.

    Raises:
        XactikaError: for an unknown ``level``, or a kind that does not draw cards.
    """
    level = check_level(level)
    if kind not in _CARDS:
        raise XactikaError(f"the {kind} worksheet does not draw cards")
    return _CARDS[kind][level]


def sheet_folder(kind: str, level: str) -> str:
    """The folder a class set of ``kind`` sheets at ``level`` goes into: the kind for
    core (as always), ``<kind>-<level>`` for the others, so the levels sit side by side.

    >>> sheet_folder("bar-graph", "core"), sheet_folder("bar-graph", "support")
    ('bar-graph', 'bar-graph-support')
    """
    return kind if check_level(level) == CORE else f"{kind}-{level}"


def level_note(level: str) -> str:
    """What a sheet at ``level`` prints at the start of its first instructions, so a
    lost sheet is printed again at the same level ("" for core).

    >>> level_note("support"), level_note("core")
    ('**Support sheet.** ', '')
    """
    if check_level(level) == CORE:
        return ""
    return _("**Support sheet.** ") if level == SUPPORT else _("**Extension sheet.** ")


@dataclass(frozen=True)
class Frame:
    """A sentence frame: ``text`` with a ``{}`` for each blank, and the answers.

    The student sheet prints :meth:`blank`, the answer key :meth:`filled`.

    Attributes:
        text: the sentence, a ``{}`` where the student writes.
        answers: what goes in each blank, in order (computed by the kind).
    """

    text: str
    answers: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.text.count("{}") != len(self.answers):
            raise XactikaError(
                f"the frame {self.text!r} has {self.text.count('{}')} blanks but "
                f"{len(self.answers)} answers"
            )

    def blank(self) -> str:
        """The frame as the student sheet prints it, ``____`` in each blank."""
        return self.text.format(*[BLANK] * len(self.answers))

    def filled(self) -> str:
        """The frame as the answer key prints it, every blank filled in."""
        return self.text.format(*self.answers)


#: A question as a kind works it out: (question, answer, one line of working, the
#: support sheet's sentence frame for it).
Worked = tuple[str, str, str, Frame]


def at_level(
    level: str, worked: list[Worked], extra: tuple[str, str, str] | None = None
) -> list[tuple[str, str, str]]:
    """The (question, answer, working) a sheet at ``level`` asks and its key gives.

    Core: the questions as worked. Support: the same questions, each answer its filled
    frame (the key matches what the student writes in the frame). Extension: the
    questions and ``extra``, the question that goes further.

    >>> worked = [("Mode?", "8", "The tallest bar.", Frame("It is {}.", ("8",)))]
    >>> at_level("support", worked)
    [('Mode?', 'It is 8.', 'The tallest bar.')]
    >>> len(at_level("extension", worked, ("More?", "Yes.", "Because.")))
    2
    """
    level = check_level(level)
    if level == SUPPORT:
        return [(q, frame.filled(), how) for q, _, how, frame in worked]
    items = [(q, answer, how) for q, answer, how, _ in worked]
    if level == EXTENSION:
        if extra is None:
            raise XactikaError("an extension sheet needs its extra question")
        items.append(extra)
    return items


def worked_examples(cards: Sequence[Card], extra: Callable[[Card], str] | None = None) -> str:
    """The support sheet's worked examples: each card's shapes added up, in words.

    >>> from xactika_edu.core.cards import Hand
    >>> worked_examples(Hand.parse("3213 1111"))[:60]
    'Worked examples: card #1 is 3 + 2 + 1 + 3 = 9; card #2 is 1 '
    """
    sums = [
        _("card #{number} is {sum} = {value}").format(
            number=i, sum=" + ".join(str(c) for c in card.counts), value=card.value
        )
        + (extra(card) if extra is not None else "")
        for i, card in enumerate(cards, start=1)
    ]
    return _("Worked examples: {examples}. Copy them into their boxes.").format(
        examples="; ".join(sums)
    )


def draw_frame(page: Page[Any], x: float, y: float, w: float, frame: Frame) -> float:
    """Draw ``frame`` at (x, y) in a column ``w`` mm wide: blank on a student sheet,
    filled in (as an answer) on a key. Returns the y below it."""
    if page.key:
        page.font(10, "B", ANSWER)
        return page.paragraph(x, y, w, frame.filled(), 5.0)
    page.font(10)
    return page.paragraph(x, y, w, frame.blank(), 5.6)


def frame_height(page: Page[Any], w: float, frame: Frame) -> float:
    """How tall :func:`draw_frame` makes ``frame`` on a student sheet, in mm."""
    page.font(10)
    return page.paragraph_height(w, frame.blank(), 5.6)
