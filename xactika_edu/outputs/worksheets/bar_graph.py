"""The bar-graph worksheet: the publisher's graphing page, one variant per student.

A student adds up the shapes on cards drawn from a shuffled deck, tallies the face
values, draws a bar graph on graph paper and answers three questions about it. Every
number in a question or an answer is computed from the cards, never typed in.

>>> sheet = bar_graph_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> sum(sheet.frequencies.values()), len(sheet.questions())
(16, 3)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import (
    and_list,
    exact_decimal,
    fraction,
    fraction_steps,
    key_percent,
    one_decimal,
)
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import Card, Hand, draw_cards
from ...core.probability import FACE_VALUES, value_distribution
from .bar_graph_page import BarGraphPage
from .levels import CORE, SUPPORT, Frame, Worked, at_level, check_level
from .levels import default_cards as level_cards
from .sheet import ESTIMATE_VALUE, MAX_CARDS, MIN_CARDS, QuestionSheet, check_seed

if TYPE_CHECKING:
    pass

__all__ = ["BarGraphWorksheet", "bar_graph_worksheet"]


# --- the bar-graph worksheet ------------------------------------------------------


@dataclass(frozen=True)
class BarGraphWorksheet(QuestionSheet):
    """One student's bar-graph worksheet: the cards, the questions and the answers.

    Build it with :func:`bar_graph_worksheet` (which draws the cards from the seed);
    the constructor takes any cards and prints ``seed`` as given.

    >>> sheet = bar_graph_worksheet(1, cards=8)
    >>> sheet.cards
    Hand.parse('2321 3121 3321 3233 1223 3322 1233 1133')
    >>> sheet.frequencies[8], sheet.mode
    (3, (8,))
    >>> sheet.questions()[0][1]
    '8 (3 cards)'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: the cards, 4 to 40, in the order shown (a :class:`Hand`;
            notation is accepted).
        level: ``"support"``, ``"core"`` (the default) or ``"extension"``
            (:mod:`~xactika_edu.outputs.worksheets.levels`).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, there are not 4 to 40 distinct cards or ``level`` is unknown.
    """

    number: int
    of: int
    seed: int
    cards: Hand
    level: str = CORE

    kind: ClassVar[str] = "bar-graph"
    title: ClassVar[str] = N_("Xactika graphing page: bar graph of face values")

    def __post_init__(self) -> None:
        self.check_numbering()
        if isinstance(self.cards, str):
            cards = Hand.parse(self.cards)
        elif isinstance(self.cards, Card):
            cards = Hand([self.cards])
        else:
            cards = Hand(self.cards)
        if not MIN_CARDS <= len(cards) <= MAX_CARDS:
            raise XactikaError(
                _("a bar-graph worksheet needs {low} to {high} cards, got {count}").format(
                    low=MIN_CARDS, high=MAX_CARDS, count=len(cards)
                )
            )
        self.set_checked(cards=cards, level=check_level(self.level))

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards {self.cards}"

    # ---- the data ----------------------------------------------------------------

    @functools.cached_property
    def _counts(self) -> tuple[tuple[int, int], ...]:
        table = value_distribution(self.cards)
        return tuple((int(value), int(n)) for value, n in table["frequency"].items())

    @property
    def frequencies(self) -> dict[int, int]:
        """How many of the cards have each face value, 4 to 12 (zeros included).

        Counted by :func:`~xactika_edu.core.probability.value_distribution`; a new dict
        each time, so changing it changes nothing here.
        """
        return dict(self._counts)

    @property
    def mode(self) -> tuple[int, ...]:
        """The most common face value(s) among the cards, smallest first (ties kept)."""
        frequencies = self.frequencies
        top = max(frequencies.values())
        return tuple(value for value, n in frequencies.items() if n == top)

    @property
    def ymax(self) -> int:
        """Top of the graph's frequency axis: room for the tallest bar plus one.

        At least 6, and at least half the number of cards, so on almost every sheet
        the axis is the same and does not give the tallest bar away (with 16 cards,
        a bar of 8 or more is rare).
        """
        n = len(self.cards)
        return max(6, math.ceil(n / 2), max(self.frequencies.values()) + 1)

    @property
    def threshold(self) -> tuple[int, str]:
        """The face value V and direction (``"or more"``/``"or less"``) of question b.

        Chosen from the cards: ask about the side of 8 with more cards (high cards
        on a tie), and pick V so the answer is neither none nor all of the cards
        and is as close as possible to a quarter of them (ties: V nearer 8).
        """
        frequencies = self.frequencies
        above = sum(n for value, n in frequencies.items() if value > 8)
        below = sum(n for value, n in frequencies.items() if value < 8)
        n = len(self.cards)
        if above >= below:
            direction, candidates = "or more", (9, 10, 11)
        else:
            direction, candidates = "or less", (7, 6, 5)

        def score(index: int) -> tuple[bool, int, int]:
            count = self._count_beyond(candidates[index], direction)
            return (not 0 < count < n, abs(4 * count - n), index)

        best = min(range(len(candidates)), key=score)
        return candidates[best], direction

    def _count_beyond(self, value: int, direction: str) -> int:
        frequencies = self.frequencies
        if direction == "or more":
            return sum(n for v, n in frequencies.items() if v >= value)
        return sum(n for v, n in frequencies.items() if v <= value)

    @property
    def examples(self) -> int:
        """How many cards the sheet works out as examples (their face values given):
        2 on a support sheet, else 0."""
        return 2 if self.level == SUPPORT else 0

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each question the sheet's level
        asks: the three below; on a support sheet each answer is its filled sentence
        frame (:meth:`frames`); an extension sheet adds d) (:meth:`extra_question`).

        >>> sheet = bar_graph_worksheet(1, level="support")
        >>> sheet.questions()[0][1]
        'The tallest bar is at 8, with 3 cards. So the most common face value is 8.'
        >>> bar_graph_worksheet(1, level="extension").questions()[3][1]
        'Yours: 8/24 = 1/3 = about 33%. The deck: 19/81 = about 23%. Yours is higher.'
        """
        return at_level(self.level, self._worked(), self.extra_question())

    def frames(self) -> list[Frame]:
        """The support sheet's sentence frame for each question (filled on the key)."""
        return [frame for *_, frame in self._worked()]

    def _worked(self) -> list[Worked]:
        """(question, answer, one-line working, sentence frame) for each of the three
        questions.

        a) the mode (every tied value), b) the fraction of the cards at or beyond
        :attr:`threshold`, simplified and as a percent, c) how many 8s to expect
        in n cards drawn from a shuffled deck (n x 19/81, to one decimal) and how
        many they hold.

        >>> sheet = bar_graph_worksheet(1)
        >>> for question, answer, *_ in sheet._worked():
        ...     print(answer)
        8 (5 cards)
        3/16 = 18.75%, about 19%
        About 3.8 expected; you got 5.
        >>> bar_graph_worksheet(1)._worked()[2][2]
        '16 × 19/81 = 304/81, about 3.8. Frequency of 8 in the table: 5.'
        """
        frequencies = self.frequencies
        n = len(self.cards)

        mode = self.mode
        top = frequencies[mode[0]]
        cards = ngettext("{count} card", "{count} cards", top).format(count=top)
        tallest = _("The tallest bar is at {}, with {} cards. So the most common face value is {}.")
        if len(mode) == 1:
            answer_a = _("{value} ({cards})").format(value=mode[0], cards=cards)
            working_a = _("The tallest bar is {value}, with {cards}.").format(
                value=mode[0], cards=cards
            )
            frame_a = Frame(tallest, (str(mode[0]), str(top), str(mode[0])))
        else:
            each = ngettext("{count} card each", "{count} cards each", top).format(count=top)
            answer_a = _("{values} ({each})").format(values=and_list(mode), each=each)
            working_a = _("The tallest bars tie: {values} have {each}.").format(
                values=and_list(mode), each=each
            )
            frame_a = Frame(tallest, (and_list(mode), str(top), and_list(mode)))
        question_a = _(
            "Which face value appears most often in your cards? If there is a tie, write every one."
        )

        value, direction = self.threshold
        values = [v for v in FACE_VALUES if (v >= value if direction == "or more" else v <= value)]
        count = self._count_beyond(value, direction)
        share = Fraction(count, n)
        more = direction == "or more"
        question_b = (
            _(
                "What fraction of your cards have a face value of {value} or more? "
                "Simplify it and write it as a percent."
            )
            if more
            else _(
                "What fraction of your cards have a face value of {value} or less? "
                "Simplify it and write it as a percent."
            )
        ).format(value=value)
        answer_b = f"{fraction_steps(count, n)} = {key_percent(share)}"
        frame_b = Frame(
            (
                _("{{}} of my {{}} cards have a face value of {value} or more.")
                if more
                else _("{{}} of my {{}} cards have a face value of {value} or less.")
            ).format(value=value)
            + _(" That is {} of them, or {}."),
            (str(count), str(n), fraction_steps(count, n), key_percent(share)),
        )
        decimal = exact_decimal(share)
        division = f"{count} ÷ {n} = {decimal}" if decimal is not None else f"{count} ÷ {n}"
        added = " + ".join(str(frequencies[v]) for v in values)
        working_b = _(
            "Face values {values}: {added} = {count} of the {n} cards; {division}."
        ).format(values=and_list(values), added=added, count=count, n=n, division=division)
        if len(values) == 1:
            working_b = _("Face value {value}: {count} of the {n} cards; {division}.").format(
                value=value, count=count, n=n, division=division
            )

        deck = value_distribution()
        in_deck = int(deck.loc[ESTIMATE_VALUE, "frequency"])
        deck_size = int(deck["frequency"].sum())
        expected = Fraction(n * in_deck, deck_size)
        # To one decimal. No tie to break: 10 n x 19/81 = k + 1/2 would need 81 to
        # divide 380 n, so 81 to divide n, and n <= 40.
        about = one_decimal(expected)
        got = frequencies[ESTIMATE_VALUE]
        question_c = _(
            "In the whole deck, {in_deck} of the {deck_size} cards have face value "
            "{value}. You drew {n} cards from a shuffled deck. About how many "
            "{value}s would you expect? How many {value}s did you get?"
        ).format(in_deck=in_deck, deck_size=deck_size, value=ESTIMATE_VALUE, n=n)
        answer_c = _("About {about} expected; you got {got}.").format(about=about, got=got)
        frame_c = Frame(
            _(
                "{n} × {in_deck}/{deck_size} is about {{}}: I expect about that many "
                "{value}s. I got {{}}."
            ).format(n=n, in_deck=in_deck, deck_size=deck_size, value=ESTIMATE_VALUE),
            (about, str(got)),
        )
        working_c = _(
            "{n} × {in_deck}/{deck_size} = {expected}, about {about}. Frequency of {value} "
            "in the table: {got}."
        ).format(
            n=n,
            in_deck=in_deck,
            deck_size=deck_size,
            expected=fraction(expected),
            about=about,
            value=ESTIMATE_VALUE,
            got=got,
        )
        return [
            (question_a, answer_a, working_a, frame_a),
            (question_b, answer_b, working_b, frame_b),
            (question_c, answer_c, working_c, frame_c),
        ]

    def extra_question(self) -> tuple[str, str, str]:
        """The extension sheet's question d): the relative frequency of face value 8 in
        the cards against the deck's, each as a fraction and a whole percent.

        >>> bar_graph_worksheet(1, level="extension").extra_question()[2]
        '8 ÷ 24 = 0.3333...; 19 ÷ 81 = 0.2345...'
        """
        deck = value_distribution()
        in_deck = int(deck.loc[ESTIMATE_VALUE, "frequency"])
        deck_size = int(deck["frequency"].sum())
        n = len(self.cards)
        got = self.frequencies[ESTIMATE_VALUE]
        mine, theirs = Fraction(got, n), Fraction(in_deck, deck_size)
        compare = _("higher") if mine > theirs else _("lower") if mine < theirs else _("the same")
        question = _(
            "Relative frequency of {value}s = {value}s ÷ cards. Find it for your cards and for "
            "the deck ({in_deck} of {deck_size}) as percents (to the nearest whole percent). "
            "Is yours higher or lower?"
        ).format(value=ESTIMATE_VALUE, in_deck=in_deck, deck_size=deck_size)
        answer = _(
            "Yours: {steps} = {mine}. The deck: {deck} = {theirs}. Yours is {compare}."
        ).format(
            steps=fraction_steps(got, n),
            mine=key_percent(mine),
            deck=fraction(theirs),
            theirs=key_percent(theirs),
            compare=compare,
        )
        decimal = exact_decimal(mine)
        shown = decimal if decimal is not None else f"{_four_places(mine)}..."
        working = f"{got} ÷ {n} = {shown}; {in_deck} ÷ {deck_size} = {_four_places(theirs)}..."
        return question, answer, working


def _four_places(value: Fraction) -> str:
    """``value`` cut (not rounded) after four decimals, for a division that goes on."""
    return f"{value.numerator * 10**4 // value.denominator / 10**4:.4f}"


def bar_graph_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None, level: str = CORE
) -> BarGraphWorksheet:
    """A bar-graph worksheet with ``cards`` cards drawn from a deck shuffled with ``seed``.

    >>> sheet = bar_graph_worksheet(5, number=2, of=3, cards=8)
    >>> sheet.label, len(sheet.cards)
    ('Worksheet 2 of 3 · seed 5', 8)
    >>> bar_graph_worksheet(5, cards=41)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards must be from 4 to 40, got 41

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards to draw, 4 to 40; None for the level's: 16 on a core
            sheet (two rows of 8), 10 on a support sheet, 24 on an extension sheet.
        level: ``"support"``, ``"core"`` or ``"extension"``.

    Returns:
        a :class:`BarGraphWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range, or
            ``level`` is unknown (naming it).
    """
    level = check_level(level)
    if cards is None:
        cards = level_cards("bar-graph", level)
    count = check_whole(cards, "cards", MIN_CARDS, MAX_CARDS)
    seed = check_seed(seed)
    return BarGraphWorksheet(
        number=number, of=of, seed=seed, cards=draw_cards(count, seed), level=level
    )


BarGraphWorksheet.page = BarGraphPage
