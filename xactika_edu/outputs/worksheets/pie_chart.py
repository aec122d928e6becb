"""The pie-chart worksheet: sort drawn cards into three groups and draw them as a pie.

Each card is one equal slice of the circle (with 20 cards: 1/20 = 5% = 18 degrees),
so a blank circle with one tick mark per card lets a student shade each group's
slice by counting ticks. The groups are face values (4 to 6, 7 to 9, 10 to 12) or
how many times the card shows one shape (1, 2 or 3 cubes), chosen by the seed.
Every number in a question or an answer is computed from the cards, never typed in.

>>> sheet = pie_chart_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> sum(sheet.counts), len(sheet.questions())
(20, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.formatting import (
    about_one_decimal,
    and_list,
    fraction,
    fraction_steps,
    key_percent,
    plural,
)
from ...core.cards import COUNTS, Card, Combination, Hand, Shape, draw_cards
from ...core.probability import shape_count_table, value_distribution
from .levels import CORE, SUPPORT, Frame, Worked, at_level, check_level
from .levels import default_cards as level_cards
from .pie_chart_page import PieChartPage
from .sheet import QuestionSheet, check_seed

if TYPE_CHECKING:
    pass


__all__ = ["GROUPINGS", "PIE_CARDS", "PieChartWorksheet", "pie_chart_worksheet"]

#: How a pie-chart worksheet can sort its cards: by face value, or by how many
#: times a card shows one shape.
GROUPINGS: tuple[str, ...] = ("face value", *(str(shape) for shape in Shape))

#: The card counts a pie chart can have: each card is a whole number of degrees.
PIE_CARDS: tuple[int, ...] = tuple(n for n in range(8, 41) if 360 % n == 0)

#: The face values in each face-value group: low, middle, high.
_VALUE_GROUPS: tuple[tuple[int, int], ...] = ((4, 6), (7, 9), (10, 12))


# --- the pie-chart worksheet --------------------------------------------------------


@dataclass(frozen=True)
class PieChartWorksheet(QuestionSheet):
    """One student's pie-chart worksheet: the cards, the groups, the questions, the answers.

    Build it with :func:`pie_chart_worksheet` (which draws the cards and picks the
    grouping from the seed); the constructor takes any cards and grouping.

    >>> sheet = PieChartWorksheet(1, 1, 0, "1111 2222 3333 1233 2331 1123 3121 2113", "cubes")
    >>> sheet.groups, sheet.counts, sheet.degrees
    (('1 cube', '2 cubes', '3 cubes'), (4, 2, 2), (180, 90, 90))
    >>> str(sheet)
    'Worksheet 1 of 1 · seed 0: 8 cards by cubes 1111 2222 3333 1233 2331 1123 3121 2113'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: the cards in the order shown, a :class:`Hand` of one of
            :data:`PIE_CARDS` (8 to 40 cards that divide 360 degrees evenly);
            notation is accepted.
        grouping: one of :data:`GROUPINGS`: ``"face value"`` (groups 4 to 6, 7 to
            9, 10 to 12) or a shape (groups 1, 2, 3 of that shape).
        level: ``"support"`` (worked examples: the first cards and the first row of
            the table; sentence frames), ``"core"`` (the default) or ``"extension"``
            (a question d: the probability of the biggest slice's group in the deck).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, the number of cards is not one of :data:`PIE_CARDS`, a
            card is there twice or ``grouping`` is unknown.
    """

    number: int
    of: int
    seed: int
    cards: Hand
    grouping: str = "face value"
    level: str = CORE

    kind: ClassVar[str] = "pie-chart"
    title: ClassVar[str] = "Xactika graphing page: pie chart"

    def __post_init__(self) -> None:
        self.check_numbering()
        cards = Hand.parse(self.cards) if isinstance(self.cards, str) else Hand(self.cards)
        if len(cards) not in PIE_CARDS:
            raise XactikaError(
                f"a pie-chart worksheet needs {and_list(PIE_CARDS)} cards (so each card "
                f"is a whole number of degrees), got {len(cards)}"
            )
        grouping = self.grouping.strip().lower() if isinstance(self.grouping, str) else None
        if grouping not in GROUPINGS:
            raise XactikaError(
                f"unknown grouping {shown(self.grouping)}; "
                f"use one of {', '.join(map(repr, GROUPINGS))}"
            )
        self.set_checked(cards=cards, grouping=grouping, level=check_level(self.level))

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards by {self.grouping} {self.cards}"

    # ---- the data ----------------------------------------------------------------

    @property
    def shape(self) -> Shape | None:
        """The shape the cards are grouped by, or None when grouped by face value."""
        return None if self.grouping == "face value" else Shape.parse(self.grouping)

    @property
    def groups(self) -> tuple[str, str, str]:
        """The three groups' names, as the table lists them: ``('4 to 6', ...)``."""
        if self.shape is None:
            low, middle, high = (f"{a} to {b}" for a, b in _VALUE_GROUPS)
            return (low, middle, high)
        one, two, three = (str(Combination(self.shape, k)) for k in COUNTS)
        return (one, two, three)

    def group_of(self, card: Card) -> int:
        """Which group (0, 1 or 2) ``card`` belongs to."""
        if self.shape is None:
            return next(i for i, (a, b) in enumerate(_VALUE_GROUPS) if a <= card.value <= b)
        return card.count(self.shape) - 1

    def _describe(self, group: int) -> str:
        """A group in a sentence: ``'face value 7 to 9'`` or ``'2 cubes'``."""
        name = self.groups[group]
        return f"face value {name}" if self.shape is None else name

    @property
    def counts(self) -> tuple[int, int, int]:
        """How many of the cards are in each group."""
        found = [0, 0, 0]
        for card in self.cards:
            found[self.group_of(card)] += 1
        return (found[0], found[1], found[2])

    @property
    def degrees(self) -> tuple[int, int, int]:
        """Each group's slice in whole degrees: cards x 360 / number of cards."""
        step = 360 // len(self.cards)
        a, b, c = (count * step for count in self.counts)
        return (a, b, c)

    @property
    def deck_counts(self) -> tuple[int, int, int]:
        """How many of the deck's 81 cards are in each group (the whole deck's pie).

        From :func:`~xactika_edu.core.probability.value_distribution` (face value) or
        :func:`~xactika_edu.core.probability.shape_count_table` (a shape).

        >>> pie_chart_worksheet(0).deck_counts
        (15, 51, 15)
        """
        if self.shape is None:
            frequency = value_distribution()["frequency"]
            a, b, c = (int(frequency.loc[lo:hi].sum()) for lo, hi in _VALUE_GROUPS)
        else:
            table = shape_count_table(self.shape)
            a, b, c = (int(table[name].sum()) for name in self.groups)
        return (a, b, c)

    def _extreme(self, pick: Callable[[tuple[int, ...]], int]) -> tuple[int, ...]:
        counts = self.counts
        best = pick(counts)
        return tuple(i for i, n in enumerate(counts) if n == best)

    @property
    def examples(self) -> int:
        """How many cards the sheet works out as examples: 2 on a support sheet, else 0
        (a support sheet also fills in the table's first row)."""
        return 2 if self.level == SUPPORT else 0

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each question the sheet's level
        asks: the three of :meth:`_worked`; on a support sheet each answer is its filled
        frame; an extension sheet adds d) (:meth:`extra_question`).

        >>> pie_chart_worksheet(0, level="extension").questions()[3][1]
        '51/81 = 17/27 = about 63%; your slice about 67%: bigger.'
        """
        return at_level(self.level, self._worked(), self.extra_question())

    def frames(self) -> list[Frame]:
        """The support sheet's sentence frame for each question (filled on the key)."""
        return [frame for *_, frame in self._worked()]

    def extra_question(self) -> tuple[str, str, str]:
        """The extension sheet's question d): the probability that a card drawn from the
        whole deck is in the biggest slice's group, against that slice's share."""
        n = len(self.cards)
        group = self._extreme(max)[0]
        in_deck = self.deck_counts[group]
        chance, share = Fraction(in_deck, 81), Fraction(self.counts[group], n)
        name = self._describe(group)
        compare = "bigger" if share > chance else "smaller" if share < chance else "the same"
        question = (
            f"What is the probability that a card drawn from the whole deck is {name}? "
            "Is your slice's percent bigger or smaller?"
        )
        answer = (
            f"{fraction_steps(in_deck, 81)} = {key_percent(chance)}; "
            f"your slice {key_percent(share)}: {compare}."
        )
        working = ""  # the answer shows it
        return question, answer, working

    def _worked(self) -> list[Worked]:
        """(question, answer, one-line working, sentence frame) for each of the three
        questions.

        a) the biggest slice(s) and their percent, b) the smallest slice(s) and
        their degrees, c) the biggest slice against the same group's slice in a
        pie of the whole deck (360 x deck count / 81 degrees, to one decimal).

        >>> for question, answer, *_ in pie_chart_worksheet(0)._worked():
        ...     print(answer)
        face value 7 to 9 (13 cards, 65%)
        face value 4 to 6 (2 cards, 36°)
        Bigger, by about 7.3° (yours 234°, deck about 226.7°).
        """
        n = len(self.cards)
        counts, degrees = self.counts, self.degrees
        step = 360 // n

        def names(groups: tuple[int, ...]) -> str:
            return and_list(self._describe(g) for g in groups)

        biggest = self._extreme(max)
        top = counts[biggest[0]]
        each = " each" if len(biggest) > 1 else ""
        question_a = (
            "Which slice of your pie is the biggest? What percent of the circle is it? "
            "If there is a tie, write every one."
        )
        percent_a = key_percent(Fraction(top, n))
        answer_a = f"{names(biggest)} ({plural(top, 'card')}, {percent_a}{each})"
        working_a = f"{fraction_steps(top, n)} of the cards = {percent_a}."
        frame_a = Frame(
            "The biggest slice is {}. It has {}, so it is {} of the circle.",
            (names(biggest), plural(top, "card"), percent_a),
        )

        smallest = self._extreme(min)
        low = counts[smallest[0]]
        each = " each" if len(smallest) > 1 else ""
        question_b = "Which slice is the smallest? How many degrees is it? Write every one if tied."
        answer_b = f"{names(smallest)} ({plural(low, 'card')}, {degrees[smallest[0]]}°{each})"
        working_b = f"Each card is 360 ÷ {n} = {step}°; {low} × {step}° = {low * step}°."
        frame_b = Frame(
            f"The smallest slice is {{}}. It has {{}}: {{}} × {step}° = {{}}°.",
            (names(smallest), plural(low, "card"), str(low), str(low * step)),
        )

        group = biggest[0]
        in_deck = self.deck_counts[group]
        deck_degrees = Fraction(360 * in_deck, 81)
        mine = degrees[group]
        gap = mine - deck_degrees
        question_c = (
            f"In a pie of the whole deck, {self._describe(group)} is {in_deck} of the 81 "
            f"cards: 360 × {in_deck}/81 degrees. Is your slice for it bigger or smaller, "
            "and by how many degrees?"
        )
        deck_text = about_one_decimal(deck_degrees)
        by = about_one_decimal(abs(gap))
        if gap == 0:
            answer_c = f"The same: {mine}° in both."
        else:
            word = "bigger" if gap > 0 else "smaller"
            by = about_one_decimal(abs(gap))
            answer_c = f"{word.capitalize()}, by {by}° (yours {mine}°, deck {deck_text}°)."
        frame_c = Frame(
            "The deck's slice is {}°. Mine is {}°. Mine is {}.",
            (
                deck_text,
                str(mine),
                "the same" if gap == 0 else f"{'bigger' if gap > 0 else 'smaller'}, by {by}°",
            ),
        )
        working_c = (
            f"Deck: 360 × {in_deck}/81 = {fraction(deck_degrees)}°"
            + (f" = {deck_text}°" if deck_degrees.denominator != 1 else "")
            + f". Yours: {counts[group]} × {step}° = {mine}°."
        )
        return [
            (question_a, answer_a, working_a, frame_a),
            (question_b, answer_b, working_b, frame_b),
            (question_c, answer_c, working_c, frame_c),
        ]


def pie_chart_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None, level: str = CORE
) -> PieChartWorksheet:
    """A pie-chart worksheet: ``cards`` cards drawn with ``seed``, grouped as the seed picks.

    The grouping is ``GROUPINGS[seed % 5]``, so neighbours in a class get
    different groupings: face value, then balls, cubes, cones and stars.

    >>> sheet = pie_chart_worksheet(1006, number=7, of=30)
    >>> sheet.grouping, sheet.groups
    ('balls', ('1 ball', '2 balls', '3 balls'))
    >>> pie_chart_worksheet(5, cards=16)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards for a pie chart must be one of 8, 9, ... got 16

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards, one of :data:`PIE_CARDS`; None for the level's: 20 on
            a core sheet (18° each, 5%), 10 on a support sheet (36°, 10%), 24 on an
            extension sheet (15°).
        level: ``"support"``, ``"core"`` or ``"extension"``.

    Returns:
        a :class:`PieChartWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range, or
            ``level`` is unknown (naming it).
    """
    seed = check_seed(seed)
    level = check_level(level)
    if cards is None:
        cards = level_cards("pie-chart", level)
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in PIE_CARDS:
        raise XactikaError(
            f"cards for a pie chart must be one of {and_list(PIE_CARDS)} (each card a "
            f"whole number of degrees), got {shown(cards)}"
        )
    grouping = GROUPINGS[seed % len(GROUPINGS)]
    return PieChartWorksheet(number, of, seed, draw_cards(cards, seed), grouping, level=level)


PieChartWorksheet.page = PieChartPage
