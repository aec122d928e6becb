"""The bell-curve worksheet: the publisher's graphing activity with one shape's columns.

The deck table (seed 000) lists, for each face value, how many cards show a shape
once, twice and three times; each of those columns is a bell curve, and one more of
the shape moves the curve one face value to the right. On this sheet a student
tallies drawn cards by face value and by how many times they show one shape
(chosen by the seed), plots the three columns as three lines and compares them
with the whole deck; it also finds the mean and the MAD of a sample of 4 of the cards
(Lesson 3's core). Every number in a question or an answer is computed from the
cards, never typed in.

>>> sheet = bell_curve_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.shape
('Worksheet 7 of 30 · seed 1006', <Shape.CONES: 2>)
>>> sum(sum(column.values()) for column in sheet.columns), len(sheet.questions())
(27, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import (
    about_one_decimal,
    and_list,
    exact_decimal,
    fraction,
    one_decimal,
    two_decimals,
)
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...base.wording import about_number
from ...core.cards import COUNTS, Combination, Hand, Shape, draw_cards
from ...core.face_values import face_value_mad, face_value_mean
from ...core.probability import FACE_VALUES, shape_count_table
from .bell_curve_page import BellCurvePage
from .levels import (
    CORE,
    SUPPORT,
    Frame,
    Worked,
    at_level,
    check_level,
)
from .levels import default_cards as level_cards
from .sheet import QuestionSheet, check_seed

if TYPE_CHECKING:
    pass

__all__ = ["BellCurveWorksheet", "bell_curve_worksheet"]

MIN_BELL_CARDS = 18
MAX_BELL_CARDS = 30
#: how many cards (#1 to #4) make the sample whose mean and MAD question b) asks for:
#: Lesson 3's sample of n = 4 cards
SAMPLE_CARDS = 4


@dataclass(frozen=True)
class BellCurveWorksheet(QuestionSheet):
    """One student's bell-curve worksheet: the cards, the shape, the questions, the answers.

    Build it with :func:`bell_curve_worksheet` (which draws the cards and picks the
    shape from the seed); the constructor takes any cards and shape.

    >>> from xactika_edu.core.cards import draw_cards
    >>> sheet = BellCurveWorksheet(1, 1, 4, draw_cards(18, 4), "stars")
    >>> sheet.columns[2]
    {4: 0, 5: 0, 6: 1, 7: 1, 8: 3, 9: 1, 10: 0, 11: 0, 12: 0}
    >>> sheet.peaks()
    ((5, 6), (7, 9), (8,))

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: 18 to 30 distinct cards in the order shown (a :class:`Hand`;
            notation is accepted).
        shape: the shape whose count splits the cards into three lines (a
            :class:`Shape` or its name).
        level: ``"support"``, ``"core"`` (the default) or ``"extension"``
            (:mod:`~xactika_edu.outputs.worksheets.levels`).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, there are not 18 to 30 distinct cards or ``shape`` is
            unknown.
    """

    number: int
    of: int
    seed: int
    cards: Hand
    shape: Shape = Shape.CUBES
    level: str = CORE

    kind: ClassVar[str] = "bell-curve"
    title: ClassVar[str] = N_("Xactika graphing page: bell curves")

    def __post_init__(self) -> None:
        self.check_numbering()
        cards = Hand.parse(self.cards) if isinstance(self.cards, str) else Hand(self.cards)
        if not MIN_BELL_CARDS <= len(cards) <= MAX_BELL_CARDS:
            raise XactikaError(
                _("a bell-curve worksheet needs {low} to {high} cards, got {count}").format(
                    low=MIN_BELL_CARDS, high=MAX_BELL_CARDS, count=len(cards)
                )
            )
        shape = self.shape if isinstance(self.shape, Shape) else Shape.parse(self.shape)
        self.set_checked(cards=cards, shape=shape, level=check_level(self.level))

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards by {self.shape} {self.cards}"

    def __repr__(self) -> str:
        return (
            f"BellCurveWorksheet(number={self.number}, of={self.of}, seed={self.seed}, "
            f"cards={self.cards!r}, shape=Shape.{self.shape.name}"
            + (f", level={self.level!r})" if self.level != CORE else ")")
        )

    # ---- the data ----------------------------------------------------------------

    @property
    def combinations(self) -> tuple[str, str, str]:
        """The three lines' names: ``('1 cube', '2 cubes', '3 cubes')``."""
        one, two, three = (str(Combination(self.shape, k)) for k in COUNTS)
        return (one, two, three)

    @property
    def columns(self) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """The student's table: for 1, 2 and 3 of the shape, cards per face value 4 to 12.

        Like the deck's columns in :func:`~xactika_edu.core.probability.shape_count_table`,
        but for these cards only (zeros included; new dicts each time).
        """
        found = [dict.fromkeys(FACE_VALUES, 0) for _count in COUNTS]
        for card in self.cards:
            found[card.count(self.shape) - 1][card.value] += 1
        return (found[0], found[1], found[2])

    @property
    def ymax(self) -> int:
        """Top of the graph's axis: at least 6, and room above the highest point."""
        return max(6, max(max(column.values()) for column in self.columns) + 1)

    def peaks(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Each line's peak: the face value(s) with the most cards (ties kept; () if none)."""
        found = []
        for column in self.columns:
            top = max(column.values())
            found.append(tuple(v for v, n in column.items() if n == top) if top else ())
        return (found[0], found[1], found[2])

    def means(self) -> tuple[Fraction | None, Fraction | None, Fraction | None]:
        """Mean face value of the cards with 1, 2 and 3 of the shape (None: no such cards)."""
        found: list[Fraction | None] = []
        for column in self.columns:
            n = sum(column.values())
            found.append(Fraction(sum(v * k for v, k in column.items()), n) if n else None)
        return (found[0], found[1], found[2])

    @staticmethod
    def deck_peaks(shape: Shape | str = Shape.CUBES) -> tuple[int, int, int]:
        """Where the deck's three columns peak (:func:`shape_count_table`): 7, 8 and 9.

        >>> BellCurveWorksheet.deck_peaks()
        (7, 8, 9)
        """
        table = shape_count_table(shape)
        a, b, c = (int(table[column].idxmax()) for column in table.columns[1:])
        return (a, b, c)

    @property
    def examples(self) -> int:
        """How many cards the sheet works out as examples: 2 on a support sheet, else 0."""
        return 2 if self.level == SUPPORT else 0

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each question the sheet's level
        asks: the three of :meth:`_worked`; on a support sheet each answer is its filled
        frame; an extension sheet adds d) (:meth:`extra_question`).

        >>> bell_curve_worksheet(1, level="support").questions()[0][1]
        'The 1 cube line peaks at 6; the 2 cubes line at 7, 8 and 9; the 3 cubes line at 8.'
        """
        return at_level(self.level, self._worked(), self.extra_question())

    def frames(self) -> list[Frame]:
        """The support sheet's sentence frame for each question (filled on the key)."""
        return [frame for *_parts, frame in self._worked()]

    def extra_question(self) -> tuple[str, str, str]:
        """The extension sheet's question d): the mean face value of all the cards
        against the deck's mean (its expected value, 8), to one decimal.

        >>> bell_curve_worksheet(1, level="extension").extra_question()[1]
        '221 ÷ 27 is about 8.2: above 8 by about 0.2.'
        """
        n = len(self.cards)
        total = sum(card.value for card in self.cards)
        deck_mean = face_value_mean()
        mean = Fraction(total, n)
        target = fraction(deck_mean)
        question = _(
            "The deck's mean face value (a card's expected value) is {target}. How far "
            "above or below {target} is the mean of all your cards?"
        ).format(target=target)
        by = one_decimal(abs(mean - deck_mean))
        by = _("less than 0.05") if by == "0.0" else about_number(by)
        exact = exact_decimal(mean, 1)  # "=" only when it is exact (221 ÷ 27 is not 8.2)
        head = (
            f"{total} ÷ {n} = {exact}"
            if exact is not None
            else _("{total} ÷ {n} is about {mean}").format(total=total, n=n, mean=one_decimal(mean))
        )
        if mean > deck_mean:
            answer = _("{head}: above {target} by {by}.")
        elif mean < deck_mean:
            answer = _("{head}: below {target} by {by}.")
        else:
            answer = _("{head}: equal to {target}.")
        answer = answer.format(head=head, target=target, by=by)
        working = ""  # the answer shows it
        return question, answer, working

    def _worked(self) -> list[Worked]:
        """(question, answer, one-line working, sentence frame) for each of the three
        questions.

        a) each line's peak (ties kept), b) the mean and the MAD of a sample of 4
        cards (:meth:`_sample_question`: Lesson 3's core), c) how many cards would
        show 2 of the shape if the cards matched the deck (n x 27/81) and how many do.

        >>> for question, answer, *_ in bell_curve_worksheet(1)._worked():
        ...     print(answer)
        1 cube: 7; 2 cubes: 8; 3 cubes: 8 and 10
        Mean 8.75; MAD 1.25. Yes: 8.75 is within 1 of 8.
        9 expected; you have 10.
        """
        n = len(self.cards)
        names = self.combinations
        shape = self.shape
        columns = self.columns

        question_a = _(
            "Where is the peak (the highest point) of each line? Write its face value; "
            "if there is a tie, write every one."
        )
        peaks_shown = [and_list(peak) if peak else _("no cards") for peak in self.peaks()]
        answer_a = "; ".join(
            f"{name}: {peak}" for name, peak in zip(names, peaks_shown, strict=True)
        )
        frame_a = Frame(
            _(
                "The {one} line peaks at {{}}; the {two} line at {{}}; the {three} line at {{}}."
            ).format(one=names[0], two=names[1], three=names[2]),
            tuple(peaks_shown),
        )
        tops = [max(column.values()) for column in columns]
        working_a = _("Highest counts: {counts}.").format(
            counts=", ".join(
                ngettext("{count} card ({name})", "{count} cards ({name})", top).format(
                    count=top, name=name
                )
                for top, name in zip(tops, names, strict=True)
            )
        )

        peaks = self.deck_peaks(shape)
        in_deck = int(shape_count_table(shape)[names[1]].sum())
        expected = Fraction(n * in_deck, 81)
        about = about_one_decimal(expected)
        got = sum(columns[1].values())
        question_c = _(
            "The whole deck's lines peak at {peaks}. {in_deck} of its 81 cards show {name}. "
            "If your {n} cards matched the deck, how many would show {name}? How many do?"
        ).format(peaks=and_list(peaks), in_deck=in_deck, name=names[1], n=n)
        answer_c = (
            _("{expected} expected; you have {got}.")
            if expected.denominator == 1
            else _("About {expected} expected; you have {got}.")
        ).format(
            expected=fraction(expected) if expected.denominator == 1 else one_decimal(expected),
            got=got,
        )
        frame_c = Frame(
            _("Expected: {n} × {in_deck}/81 = {{}}. I have {{}}.").format(n=n, in_deck=in_deck),
            (fraction(expected), str(got)),
        )
        product = f"{n} × {in_deck}/81 = {fraction(expected)}" + (
            f", {about}." if expected.denominator != 1 else "."
        )
        working_c = _("{product} Cards in the {name} row: {got}.").format(
            product=product, name=names[1], got=got
        )
        return [
            (question_a, answer_a, working_a, frame_a),
            self._sample_question(),
            (question_c, answer_c, working_c, frame_c),
        ]

    def _sample_question(self) -> Worked:
        """Question b): the mean and the MAD (from their own mean) of cards #1 to #4,
        a sample of 4 like Lesson 3's, and whether the mean is within 1 of the deck's
        mean (8), the mean it estimates.

        >>> question, answer, working, frame = bell_curve_worksheet(1)._sample_question()
        >>> answer
        'Mean 8.75; MAD 1.25. Yes: 8.75 is within 1 of 8.'
        >>> working.split(". ")[1]
        'Distances from 8.75: 0.75, 1.75, 0.25 and 2.25; 5 ÷ 4 = 1.25.'
        """
        sample = self.cards[:SAMPLE_CARDS]
        values = [card.value for card in sample]
        mean, mad = face_value_mean(sample), face_value_mad(sample)
        # a sum of 4 whole numbers ÷ 4, so the distances are quarters and the MAD
        # sixteenths: all exact with at most 4 decimals
        distances = [exact_decimal(abs(v - mean)) or fraction(abs(v - mean)) for v in values]
        deck_mean = face_value_mean()
        target = fraction(deck_mean)
        within = abs(mean - deck_mean) <= 1
        question = _(
            "Find the mean face value of cards #1 to #{last}, then their MAD (the mean "
            "distance from that mean). Is the mean within 1 of {target}?"
        ).format(last=SAMPLE_CARDS, target=target)
        shown_mean = exact_decimal(mean) or fraction(mean)
        shown_mad = exact_decimal(mad) or fraction(mad)
        rounded = two_decimals(mad)
        about = f" ({about_number(rounded)})" if Fraction(rounded) != mad else ""
        verdict = _("Yes") if within else _("No")
        answer = (
            _("Mean {mean}; MAD {mad}{about}. Yes: {mean} is within 1 of {target}.")
            if within
            else _("Mean {mean}; MAD {mad}{about}. No: {mean} is more than 1 from {target}.")
        ).format(mean=shown_mean, mad=shown_mad, about=about, target=target)
        total = sum(values)
        working = _(
            "{added} = {total}; {total} ÷ {size} = {mean}. Distances from {mean}: "
            "{distances}; {sum} ÷ {size} = {mad}."
        ).format(
            added=" + ".join(map(str, values)),
            total=total,
            size=SAMPLE_CARDS,
            mean=shown_mean,
            distances=and_list(distances),
            sum=exact_decimal(mad * SAMPLE_CARDS),
            mad=shown_mad,
        )
        frame = Frame(
            _(
                "Mean: {{}} ÷ {size} = {{}}. Distances from it: {blanks}. MAD: {{}}. "
                "Within 1 of {target}? {{}}"
            ).format(size=SAMPLE_CARDS, blanks=", ".join(["{}"] * SAMPLE_CARDS), target=target),
            (str(total), shown_mean, *distances, shown_mad, verdict),
        )
        return question, answer, working, frame


def bell_curve_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None, level: str = CORE
) -> BellCurveWorksheet:
    """A bell-curve worksheet: ``cards`` cards drawn with ``seed``, one shape picked by it.

    The shape is ``Shape(seed % 4)``, so neighbours in a class get different shapes
    (balls, cubes, cones, stars in turn), and a class can pool its tables by shape.

    >>> sheet = bell_curve_worksheet(5, number=2, of=3)
    >>> sheet.label, len(sheet.cards), sheet.combinations
    ('Worksheet 2 of 3 · seed 5', 27, ('1 cube', '2 cubes', '3 cubes'))
    >>> bell_curve_worksheet(5, cards=40)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards must be from 18 to 30, got 40

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards to draw, 18 to 30; None for the level's: 27 on a core
            sheet (three rows of 9, a third of the deck), 18 on a support sheet, 30 on
            an extension sheet.
        level: ``"support"``, ``"core"`` or ``"extension"``.

    Returns:
        a :class:`BellCurveWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range, or
            ``level`` is unknown (naming it).
    """
    level = check_level(level)
    if cards is None:
        cards = level_cards("bell-curve", level)
    count = check_whole(cards, "cards", MIN_BELL_CARDS, MAX_BELL_CARDS)
    seed = check_seed(seed)
    return BellCurveWorksheet(
        number, of, seed, draw_cards(count, seed), Shape(seed % 4), level=level
    )


BellCurveWorksheet.page = BellCurvePage
