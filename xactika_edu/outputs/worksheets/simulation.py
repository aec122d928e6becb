"""The simulation worksheet: a tally sheet for a class experiment on one event.

The sheet lists random draws from a full deck (each card put back and the deck
shuffled before the next draw), so no deck is needed. A student marks each draw
where the event happens ("the card's face value is 8 or more"), fills in the
relative frequency after every 10 draws, plots it against the exact probability
(counted from the deck) and adds their results to a class total: the law of large
numbers, one class at a time. Every number in a question or an answer is computed
by the library, never typed in.

>>> sheet = simulation_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.event, sheet.probability
('Worksheet 7 of 30 · seed 1006', 'face value 8 or more', Fraction(50, 81))
>>> len(sheet.draws), sheet.running()[-1][0] <= 40
(40, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.formatting import (
    about_one_decimal,
    fraction_steps,
    key_percent,
    one_decimal,
    percent_tail,
    two_decimals,
)
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import DECK, Card, as_card, make_rng
from .levels import BLANK, CORE, SUPPORT, Frame, Worked, at_level, check_level
from .levels import default_cards as level_cards
from .sheet import QuestionSheet, check_seed
from .simulation_page import DRAWS_PER_ROW, SimulationPage

__all__ = [
    "DEFAULT_EVENT",
    "EVENTS",
    "ClassAnswer",
    "SimulationWorksheet",
    "TieFrame",
    "class_answer",
    "share_text",
    "simulation_worksheet",
]


def _value_at_least(value: int) -> Callable[[Card], bool]:
    return lambda card: card.value >= value


def _shows(combination: str) -> Callable[[Card], bool]:
    return lambda card: card.has(combination)


# The events a class can simulate: the test each draw gets, the words that finish
# "the card ..." and "... of the 81 cards ..." (the plural), and the event's name in a
# sentence (translated where shown; the event itself, a key, stays English).
_EVENT_WORDS: dict[str, str] = {
    "face value 8 or more": N_("has a face value of 8 or more"),
    "face value 10 or more": N_("has a face value of 10 or more"),
    "face value exactly 8": N_("has a face value of exactly 8"),
    "an even face value": N_("has an even face value"),
    "3 cubes": N_("shows 3 cubes"),
    "1 star": N_("shows 1 star"),
}
_EVENT_PLURAL_WORDS: dict[str, str] = {
    "face value 8 or more": N_("have a face value of 8 or more"),
    "face value 10 or more": N_("have a face value of 10 or more"),
    "face value exactly 8": N_("have a face value of exactly 8"),
    "an even face value": N_("have an even face value"),
    "3 cubes": N_("show 3 cubes"),
    "1 star": N_("show 1 star"),
}
_EVENT_NAMES: dict[str, str] = {
    "face value 8 or more": N_("face value 8 or more"),
    "face value 10 or more": N_("face value 10 or more"),
    "face value exactly 8": N_("face value exactly 8"),
    "an even face value": N_("an even face value"),
    "3 cubes": N_("3 cubes"),
    "1 star": N_("1 star"),
}
_EVENT_TESTS: dict[str, Callable[[Card], bool]] = {
    "face value 8 or more": _value_at_least(8),
    "face value 10 or more": _value_at_least(10),
    "face value exactly 8": lambda card: card.value == 8,
    "an even face value": lambda card: card.value % 2 == 0,
    "3 cubes": _shows("3 cubes"),
    "1 star": _shows("1 star"),
}

#: The events a simulation worksheet can be about.
EVENTS: tuple[str, ...] = tuple(_EVENT_TESTS)
#: The event unless another is asked for: Lesson 5's experiment.
DEFAULT_EVENT = "face value 8 or more"

MIN_DRAWS = 20  # question b compares the first 10 draws with all of them
MAX_DRAWS = 50


def share_text(successes: int, draws: int) -> str:
    """A relative frequency as the lesson writes it: the fraction, then the percent
    (nearest whole percent, a half up, "about" when rounded).

    >>> share_text(8, 10), share_text(27, 40)
    ('8/10 = 80%', '27/40, about 68%')
    """
    return f"{successes}/{draws}{percent_tail(Fraction(successes, draws))}"


@dataclass(frozen=True)
class TieFrame(Frame):
    """A sentence frame whose last blank may be "the same": the student sheet says so
    (``"Closer: ____ (or: the same)."``); the key fills it in as a :class:`Frame` does.

    >>> TieFrame("Closer: {}.", ("the same",)).blank()
    'Closer: ____ (or: the same).'
    """

    def blank(self) -> str:
        blanks = [BLANK] * (len(self.answers) - 1) + [
            _("{blank} (or: the same)").format(blank=BLANK)
        ]
        return self.text.format(*blanks)


@dataclass(frozen=True)
class ClassAnswer:
    """The key's answer to question c, in the order the sheet asks it.

    Attributes:
        prediction: the class's expected successes (the rule, then the printed sheets').
        box: what the "Class total" box holds for the printed sheets (successes,
            draws, relative frequency), or None when they are not known.
        comparison: is the class's relative frequency closer than this sheet's?
        working: the distances from the exact probability, in percentage points.
    """

    prediction: str
    box: tuple[str, str, str] | None
    comparison: str
    working: str


@dataclass(frozen=True)
class SimulationWorksheet(QuestionSheet):
    """One student's simulation worksheet: the event, the draws and the answers.

    Build it with :func:`simulation_worksheet` (which draws the cards from the
    seed and picks the class's event); the constructor takes any draws.

    >>> sheet = SimulationWorksheet(1, 1, 0, "3 cubes", "1311 2122 1111 3333 " * 5)
    >>> sheet.hits[:4], sheet.probability
    ((True, False, False, True), Fraction(1, 3))
    >>> sheet.running()
    [(5, 10), (10, 20)]
    >>> str(sheet)
    'Worksheet 1 of 1 · seed 0: 20 draws, event 3 cubes, 10 successes'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the draws were made with (printed on the sheet).
        event: one of :data:`EVENTS`.
        draws: 20 to 50 cards (a multiple of 10), each a draw from the full deck,
            so a card can come up more than once; notation is accepted.
        level: ``"support"`` (the first row worked as an example, sentence frames),
            ``"core"`` (the default) or ``"extension"`` (a question d: the expected
            number of successes).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, ``event`` is unknown, or the number of draws is not 10,
            20, 30, 40 or 50.
    """

    number: int
    of: int
    seed: int
    event: str
    draws: tuple[Card, ...]
    level: str = CORE

    kind: ClassVar[str] = "simulation"
    title: ClassVar[str] = N_("Xactika class experiment: simulation")

    def __post_init__(self) -> None:
        self.check_numbering()
        if self.event not in _EVENT_TESTS:
            raise XactikaError(
                f"unknown event {shown(self.event)}; use one of {', '.join(map(repr, EVENTS))}"
            )
        items: Iterable[Card | str] = (
            self.draws.split() if isinstance(self.draws, str) else self.draws
        )
        draws = tuple(as_card(card) for card in items)
        if len(draws) % DRAWS_PER_ROW or not MIN_DRAWS <= len(draws) <= MAX_DRAWS:
            raise XactikaError(
                f"a simulation worksheet needs 20, 30, 40 or 50 draws, got {len(draws)}"
            )
        self.set_checked(draws=draws, level=check_level(self.level))

    def __str__(self) -> str:
        successes = sum(self.hits)
        return f"{self.label}: {len(self.draws)} draws, event {self.event}, {successes} successes"

    # ---- the data ----------------------------------------------------------------

    @property
    def phrase(self) -> str:
        """The event as the end of a sentence about the card: ``'shows 3 cubes'`` (in
        the current language)."""
        return _(_EVENT_WORDS[self.event])

    @property
    def plural_phrase(self) -> str:
        """The event after a plural subject: ``'have a face value of 8 or more'`` (in the
        current language)."""
        return _(_EVENT_PLURAL_WORDS[self.event])

    @property
    def hits(self) -> tuple[bool, ...]:
        """Whether the event happens on each draw, in order."""
        test = _EVENT_TESTS[self.event]
        return tuple(test(card) for card in self.draws)

    @property
    def probability(self) -> Fraction:
        """The event's exact probability for one draw: its cards in the deck / 81."""
        return Fraction(self.deck_count, len(DECK))

    @property
    def deck_count(self) -> int:
        """How many of the 81 cards have the event (counted over the deck)."""
        test = _EVENT_TESTS[self.event]
        return sum(1 for card in DECK if test(card))

    def class_total(self) -> int | None:
        """The real number of successes on all ``of`` sheets of this run.

        The run's sheets are numbered 1 to ``of`` with consecutive seeds (as
        :func:`~xactika_edu.outputs.worksheets.export_worksheets` makes them), so sheet 1 has
        seed ``seed - number + 1``. None when this sheet's draws are not its seed's
        (made with the constructor) or that first seed would be below 0.

        >>> simulation_worksheet(6, number=1, of=30).class_total()
        754
        """
        first = self.seed - self.number + 1
        if first < 0 or self.draws != seeded_draws(self.seed, len(self.draws)):
            return None
        return _run_total(first, self.of, len(self.draws), self.event)

    def running(self) -> list[tuple[int, int]]:
        """(successes so far, draws so far) after every 10 draws."""
        hits = self.hits
        return [
            (sum(hits[:end]), end)
            for end in range(DRAWS_PER_ROW, len(self.draws) + 1, DRAWS_PER_ROW)
        ]

    @property
    def example_rows(self) -> int:
        """Rows of 10 draws the sheet works out as an example: 1 on a support sheet."""
        return 1 if self.level == SUPPORT else 0

    @property
    def examples(self) -> int:
        """Draws the sheet works out as examples (ticked, the row's table filled in)."""
        return self.example_rows * DRAWS_PER_ROW

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each question the sheet's level
        asks: the three of :meth:`_worked`; on a support sheet the answers to a) and b)
        are their filled frames (c's is the class answer at every level); an extension
        sheet adds d) (:meth:`extra_question`).

        >>> simulation_worksheet(6, level="extension").questions()[3][1]
        '40 × 50/81 = about 24.7; you got 23, about 1.7 off.'
        """
        worked = self._worked()
        items = at_level(self.level, worked, self.extra_question())
        question_c, answer_c, working_c, _frame = worked[2]
        items[2] = (question_c, answer_c, working_c)
        return items

    def class_answer(self) -> ClassAnswer:
        """The key's answer to c): the rule for the class's expected successes and its
        value for the printed sheets, their pooled results (when known, see
        :meth:`class_total`) and whether their relative frequency is closer to the
        exact probability than this sheet's.

        >>> answer = simulation_worksheet(1, number=1, of=3).class_answer()
        >>> print(answer.prediction)
        Your class: (the class's draws) × 50/81. For these 3 sheets: 120 draws × 50/81 = about
        74.1: expect about 74 successes.
        >>> answer.box
        ('77', '120', '77/120, about 64%')
        >>> print(answer.comparison)
        Class total of these 3 sheets: 77 successes in 120 draws, 77/120, about 64%. Closer to
        50/81 than this sheet's 27/40, about 68%? Yes.
        """
        return class_answer(self)

    def frames(self) -> list[Frame]:
        """The support sheet's sentence frame for each question (filled on the key)."""
        return [frame for *_, frame in self._worked()]

    def extra_question(self) -> tuple[str, str, str]:
        """The extension sheet's question d): the expected successes in the sheet's
        draws (draws x probability, one decimal) against the successes the student got."""
        n, p, count = len(self.draws), self.probability, self.deck_count
        expected = n * p
        got = sum(self.hits)
        off = about_one_decimal(abs(got - expected))
        question = _(
            "Expected successes in {n} draws = {n} × the exact probability. Find it. "
            "How far off is your count of successes?"
        ).format(n=n)
        answer = _("{n} × {count}/81 = {expected}; you got {got}, {off} off.").format(
            n=n, count=count, expected=about_one_decimal(expected), got=got, off=off
        )
        working = ""  # the answer shows it
        return question, answer, working

    def _worked(self) -> list[Worked]:
        """(question, answer, one-line working, sentence frame) for each of the three
        questions.

        a) the exact probability (deck count / 81, and a percent), b) whether the
        relative frequency after the first 10 draws or after all of them was closer
        to it, c) the class's prediction and pooled result (:meth:`class_answer`).

        >>> for question, answer, *_ in simulation_worksheet(6, number=1, of=30)._worked():
        ...     print(answer)  # doctest: +ELLIPSIS
        50/81, about 62%
        After 40 draws. Usually: after 40 draws (the law of large numbers).
        Your class: ... about 741 successes. Class total of these 30 sheets: ... Yes.
        """
        p = self.probability
        count = self.deck_count
        if "face value" in self.event:
            how = _("Use the deck table.")
            working_a = _("{count} of the 81 cards in the deck table have {event}.").format(
                count=count, event=_(_EVENT_NAMES[self.event])
            )
        else:
            how = _("Hint: the deck has every mix of 1, 2 or 3 of each shape exactly once.")
            working_a = _(
                "The other three shapes can be anything: 3 × 3 × 3 = {count} cards."
            ).format(count=count)
        question_a = _(
            "What is the exact probability that a drawn card {event}? "
            "Write it as a fraction of the 81 cards and as a percent. {how}"
        ).format(event=self.phrase, how=how)
        answer_a = f"{fraction_steps(count, 81)}, {key_percent(p)}"
        frame_a = Frame(
            _("{{}} of the 81 cards {event}. The probability is {{}}, or {{}}.").format(
                event=self.plural_phrase
            ),
            (str(count), fraction_steps(count, 81), key_percent(p)),
        )

        first, last = self.running()[0], self.running()[-1]
        near_first = abs(Fraction(*first) - p)
        near_last = abs(Fraction(*last) - p)
        question_b = _(
            "Which was closer to the exact probability: your relative frequency after "
            "{first} draws or after {last} draws?"
        ).format(first=first[1], last=last[1])
        if self.level != SUPPORT:
            question_b += _(
                " Either can happen with so few draws. Which does the law of large numbers "
                "say is usually closer?"
            )
        if near_first == near_last:
            closer = _("The same: both were the same distance")
            blank_b = _("the same")
        elif near_last < near_first:
            closer = _("After {draws} draws").format(draws=last[1])
            blank_b = _("after {draws} draws").format(draws=last[1])
        else:
            closer = _("After {draws} draws (it can happen)").format(draws=first[1])
            blank_b = _("after {draws} draws").format(draws=first[1])
        answer_b = closer + "."
        if self.level != SUPPORT:
            answer_b += _(" Usually: after {draws} draws (the law of large numbers).").format(
                draws=last[1]
            )
        shares = [share_text(*first), share_text(*last)]
        working_b = _("{first} and {last}, against {exact}.").format(
            first=shares[0], last=shares[1], exact=key_percent(p)
        )
        frame_b = TieFrame(
            _("After {first} draws: {{}}. After {last} draws: {{}}. Closer: {{}}.").format(
                first=first[1], last=last[1]
            ),
            (shares[0], shares[1], blank_b),
        )

        question_c = _(
            "Predict the class's successes first. Then fill in the class total. Is the "
            "class's relative frequency closer to the exact probability than yours?"
        )
        c = self.class_answer()
        answer_c = f"{c.prediction} {c.comparison}"
        draws = self.of * len(self.draws)
        # the student's words: the class's draws, not the print run (the key gives
        # the rule and the printed set's numbers, which are the class's when every
        # student has a sheet)
        frame_c = Frame(
            _("Our class: {} draws × {}/81: expect about {} successes."),
            (str(draws), str(count), str(_nearest(p * draws))),
        )
        return [
            (question_a, answer_a, working_a, frame_a),
            (question_b, answer_b, working_b, frame_b),
            (question_c, answer_c, c.working, frame_c),
        ]


def class_answer(sheet: SimulationWorksheet) -> ClassAnswer:
    """:meth:`SimulationWorksheet.class_answer` (the key's answer to c)."""
    p, count, n = sheet.probability, sheet.deck_count, len(sheet.draws)
    draws = sheet.of * n
    expected = p * draws
    nearest = _nearest(expected)
    if expected.denominator == 1:
        value = ngettext(
            "= {value}: expect {nearest} success",
            "= {value}: expect {nearest} successes",
            nearest,
        )
    else:
        value = ngettext(
            "= {value}: expect about {nearest} success",
            "= {value}: expect about {nearest} successes",
            nearest,
        )
    value = value.format(value=about_one_decimal(expected), nearest=nearest)
    if sheet.of > 1:
        prediction = _(
            "Your class: (the class's draws) × {count}/81. For these {sheets} sheets: "
            "{draws} draws × {count}/81 {value}."
        ).format(count=count, sheets=sheet.of, draws=draws, value=value)
    else:
        prediction = _(
            "Your class: (the class's draws) × {count}/81. For this sheet: "
            "{draws} draws × {count}/81 {value}."
        ).format(count=count, draws=draws, value=value)
    last = sheet.running()[-1]
    own = share_text(*last)
    total = sheet.class_total()
    if total is None or sheet.of == 1:
        comparison = _(
            "Yes if the class's relative frequency is closer to {count}/81{percent} than "
            "this sheet's {own}."
        ).format(count=count, percent=percent_tail(p), own=own)
        return ClassAnswer(prediction, None, comparison, "")
    near_class = abs(Fraction(total, draws) - p)
    near_own = abs(Fraction(*last) - p)
    verdict = _("Yes") if near_class < near_own else _("No")
    if near_class == near_own:
        verdict = _("The same")
    pooled = share_text(total, draws)
    comparison = _(
        "Class total of these {sheets} sheets: {total} successes in {draws} draws, "
        "{pooled}. Closer to {count}/81 than this sheet's {own}? {verdict}."
    ).format(
        sheets=sheet.of,
        total=total,
        draws=draws,
        pooled=pooled,
        count=count,
        own=own,
        verdict=verdict,
    )
    gaps = [one_decimal(100 * near) for near in (near_class, near_own)]
    if gaps[0] == gaps[1] and near_class != near_own:
        gaps = [two_decimals(100 * near) for near in (near_class, near_own)]
    working = _(
        "From {count}/81: the {sheets} sheets are {gap} percentage points off, "
        "this sheet {own_gap}."
    ).format(count=count, sheets=sheet.of, gap=gaps[0], own_gap=gaps[1])
    return ClassAnswer(prediction, (str(total), str(draws), pooled), comparison, working)


def simulation_worksheet(
    seed: int,
    *,
    number: int = 1,
    of: int = 1,
    cards: int | None = None,
    event: str = DEFAULT_EVENT,
    level: str = CORE,
) -> SimulationWorksheet:
    """A simulation worksheet: ``cards`` draws (with the card put back) made with ``seed``.

    The event is the same for the whole class, so results can be pooled; by default
    it is Lesson 5's, "face value 8 or more". The draws are
    ``make_rng(seed).integers(81, size=cards)``, positions in
    :data:`~xactika_edu.core.cards.DECK`, so every student's draws differ and a lost
    sheet can be printed again alone.

    >>> sheet = simulation_worksheet(5, number=2, of=3)
    >>> sheet.event, simulation_worksheet(4, event="3 cubes").event
    ('face value 8 or more', '3 cubes')
    >>> simulation_worksheet(5, cards=45)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards (draws) must be 20, 30, 40 or 50, got 45

    Args:
        seed: a whole number >= 0.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many draws, 20, 30, 40 or 50 (a row of 10 per block); None for
            the level's: 40 on a core sheet, 20 on a support sheet, 50 on an extension
            sheet.
        event: one of :data:`EVENTS`.
        level: ``"support"``, ``"core"`` or ``"extension"``.

    Returns:
        a :class:`SimulationWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of``, ``seed``, ``event`` or ``level``
            is out of range (naming it).
    """
    seed = check_seed(seed)
    level = check_level(level)
    if cards is None:
        cards = level_cards("simulation", level)
    if (
        isinstance(cards, bool)
        or not isinstance(cards, int)
        or cards % DRAWS_PER_ROW
        or not MIN_DRAWS <= cards <= MAX_DRAWS
    ):
        raise XactikaError(f"cards (draws) must be 20, 30, 40 or 50, got {shown(cards)}")
    return SimulationWorksheet(number, of, seed, event, seeded_draws(seed, cards), level=level)


def _nearest(value: Fraction) -> int:
    """``value`` (>= 0) rounded to a whole number, a half up."""
    return math.floor(value + Fraction(1, 2))


def seeded_draws(seed: int, cards: int) -> tuple[Card, ...]:
    """The draws :func:`simulation_worksheet` makes: ``cards`` positions in the deck
    from ``make_rng(seed)``, with the card put back each time.

    >>> seeded_draws(5, 20) == simulation_worksheet(5, cards=20).draws
    True
    """
    positions = make_rng(seed).integers(len(DECK), size=cards)
    return tuple(DECK[int(i)] for i in positions)


@functools.lru_cache(maxsize=64)
def _run_total(first: int, of: int, cards: int, event: str) -> int:
    """Yes answers on the ``of`` seeded sheets with seeds ``first`` onwards."""
    test = _EVENT_TESTS[event]
    return sum(
        test(card) for seed in range(first, first + of) for card in seeded_draws(seed, cards)
    )


SimulationWorksheet.page = SimulationPage
