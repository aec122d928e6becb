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
)
from ...base.language import N_, ngettext
from ...base.language import gettext as _
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
    title: ClassVar[str] = N_("Xactika graphing page: pie chart")

    def __post_init__(self) -> None:
        self.check_numbering()
        cards = Hand.parse(self.cards) if isinstance(self.cards, str) else Hand(self.cards)
        if len(cards) not in PIE_CARDS:
            raise XactikaError(
                _(
                    "a pie-chart worksheet needs {choices} cards (so each card is a whole "
                    "number of degrees), got {count}"
                ).format(choices=and_list(PIE_CARDS), count=len(cards))
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
            low, middle, high = (
                _("{low} to {high}").format(low=a, high=b) for a, b in _VALUE_GROUPS
            )
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
        return _("face value {values}").format(values=name) if self.shape is None else name

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
        compare = (
            _("bigger") if share > chance else _("smaller") if share < chance else _("the same")
        )
        question = _(
            "What is the probability that a card drawn from the whole deck is {group}? "
            "Is your slice's percent bigger or smaller?"
        ).format(group=name)
        answer = _("{steps} = {chance}; your slice {share}: {compare}.").format(
            steps=fraction_steps(in_deck, 81),
            chance=key_percent(chance),
            share=key_percent(share),
            compare=compare,
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

        def cards(count: int) -> str:
            return ngettext("{count} card", "{count} cards", count).format(count=count)

        biggest = self._extreme(max)
        top = counts[biggest[0]]
        question_a = _(
            "Which slice of your pie is the biggest? What percent of the circle is it? "
            "If there is a tie, write every one."
        )
        percent_a = key_percent(Fraction(top, n))
        answer_a = (
            _("{groups} ({cards}, {percent} each)")
            if len(biggest) > 1
            else _("{groups} ({cards}, {percent})")
        ).format(groups=names(biggest), cards=cards(top), percent=percent_a)
        working_a = _("{steps} of the cards = {percent}.").format(
            steps=fraction_steps(top, n), percent=percent_a
        )
        frame_a = Frame(
            _("The biggest slice is {}. It has {}, so it is {} of the circle."),
            (names(biggest), cards(top), percent_a),
        )

        smallest = self._extreme(min)
        low = counts[smallest[0]]
        question_b = _(
            "Which slice is the smallest? How many degrees is it? Write every one if tied."
        )
        answer_b = (
            _("{groups} ({cards}, {degrees}° each)")
            if len(smallest) > 1
            else _("{groups} ({cards}, {degrees}°)")
        ).format(groups=names(smallest), cards=cards(low), degrees=degrees[smallest[0]])
        working_b = _("Each card is 360 ÷ {n} = {step}°; {low} × {step}° = {total}°.").format(
            n=n, step=step, low=low, total=low * step
        )
        frame_b = Frame(
            _("The smallest slice is {{}}. It has {{}}: {{}} × {step}° = {{}}°.").format(step=step),
            (names(smallest), cards(low), str(low), str(low * step)),
        )

        group = biggest[0]
        in_deck = self.deck_counts[group]
        deck_degrees = Fraction(360 * in_deck, 81)
        mine = degrees[group]
        gap = mine - deck_degrees
        question_c = _(
            "In a pie of the whole deck, {group} is {count} of the 81 cards: 360 × {count}/81 "
            "degrees. Is your slice for it bigger or smaller, and by how many degrees?"
        ).format(group=self._describe(group), count=in_deck)
        deck_text = about_one_decimal(deck_degrees)
        by = about_one_decimal(abs(gap))
        if gap == 0:
            answer_c = _("The same: {mine}° in both.").format(mine=mine)
        else:
            answer_c = (
                _("Bigger, by {by}° (yours {mine}°, deck {deck}°).")
                if gap > 0
                else _("Smaller, by {by}° (yours {mine}°, deck {deck}°).")
            ).format(by=by, mine=mine, deck=deck_text)
        frame_c = Frame(
            _("The deck's slice is {}°. Mine is {}°. Mine is {}."),
            (
                deck_text,
                str(mine),
                _("the same")
                if gap == 0
                else (_("bigger, by {by}°") if gap > 0 else _("smaller, by {by}°")).format(by=by),
            ),
        )
        working_c = (
            _("Deck: 360 × {count}/81 = {degrees}°").format(
                count=in_deck, degrees=fraction(deck_degrees)
            )
            + (f" = {deck_text}°" if deck_degrees.denominator != 1 else "")
            + _(". Yours: {cards} × {step}° = {mine}°.").format(
                cards=counts[group], step=step, mine=mine
            )
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
            _(
                "cards for a pie chart must be one of {choices} (each card a whole number of "
                "degrees), got {value}"
            ).format(choices=and_list(PIE_CARDS), value=shown(cards))
        )
    grouping = GROUPINGS[seed % len(GROUPINGS)]
    return PieChartWorksheet(number, of, seed, draw_cards(cards, seed), grouping, level=level)


PieChartWorksheet.page = PieChartPage
