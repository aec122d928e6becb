"""The questions of each lesson's exit ticket, computed for a seed.

:mod:`xactika_edu.outputs.exit_tickets` prints them; this module makes them. Each
lesson's maker takes a seed and returns :class:`TicketQuestions`: three (question,
answer, one line of working) and, when the questions need one, a small table printed
above them (Lesson 1: the deck's cards per face value; Lesson 6: the tricks a hand took
on 20 deals, played by the computer for two bids on the same deals; Lesson 8: a
Blackout hand's chances of taking 0, 1 or 2 tricks). Every number is
computed by the library (:mod:`xactika_edu.core`, :mod:`xactika_edu.engines`), and no
answer calls the chance that nobody can beat a lead "the chance it wins": it wins *at
least* that often.

>>> worked = ticket_questions("1", seed=3)
>>> worked.table.rows[0][:4], worked.table.rows[1][:4]
(('Face value', '4', '5', '6'), ('Cards', '1', '4', '10'))
>>> len(worked.questions)
3
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.formatting import (
    about_percent,
    and_list,
    fraction,
    fraction_steps,
    label_number,
    percent,
    percent_tail,
    two_decimals,
)
from ..base.language import N_, language, ngettext
from ..base.language import gettext as _
from ..core.cards import (
    COMBINATIONS,
    DECK,
    draw_cards,
    make_rng,
)
from ..core.face_values import face_value_mad, face_value_mean
from ..core.probability import FACE_VALUES
from .exit_questions_games import lesson_8_questions
from .exit_questions_leads import lesson_4_questions, lesson_4b_questions
from .exit_questions_play import (
    LESSON_6_CHECK,
    lesson_5_questions,
    lesson_6_questions,
    lesson_7_questions,
)
from .ticket_parts import (
    TicketQuestions,
    TicketTable,
    about_number,
    count_cards,
    deck_table,
    with_rounding,
)
from .worksheets.pie_chart import PIE_CARDS

if TYPE_CHECKING:
    from ..core.notation import Combination

__all__ = [
    "LESSON_6_CHECK",
    "QUESTIONS",
    "TicketQuestions",
    "TicketTable",
    "forget_ticket_questions",
    "ticket_questions",
]

#: Lesson 1: how many cards a class draws (putting each back) in the expected-count question.
_CLASS_DRAWS = (100, 120, 200)
_PLAYERS = 4


def _valuecount(value: int) -> int:
    """How many cards of the deck have face value ``value``."""
    return count_cards(DECK, lambda card: card.value == value)


#: Lesson 1's part (b): face values from ``low`` to ``high``, and the question in words;
#: seven parts of the deck, all different. Not "10 or more" or any part of 15 cards (the
#: lesson's self-check 2, answered in its fold) nor "7 to 9" (the lesson's page gives
#: its percent).
_OR_MORE = N_("What part of the deck has a face value of {low} or more?")
_FROM_TO = N_(
    "What part of the deck has a face value from {low} to {high} ({low} and {high} count)?"
)
_RANGES = (
    (9, 12, _OR_MORE),
    (7, 8, N_("What part of the deck has a face value of {either}?")),
    (11, 12, _OR_MORE),
    (6, 8, _FROM_TO),
    (8, 12, _OR_MORE),
    (5, 7, _FROM_TO),
    (4, 9, N_("What part of the deck has a face value of {high} or less?")),
)
#: Part (a)'s face values (4 and 12 have one card: too easy), in an order that puts
#: the pairs with the same count (5 and 11, 6 and 10, 7 and 9) four tickets apart.
_VALUES = (5, 6, 7, 8, 11, 10, 9)


def _lesson_1(seed: int) -> TicketQuestions:
    # each part steps through its pool, so neighbouring tickets (seeds n and n + 1, as
    # the class pack numbers them) never share a question: neighbours cannot copy
    value = _VALUES[seed % len(_VALUES)]
    low, high_value, words = _RANGES[seed % len(_RANGES)]
    expect_value = _VALUES[(seed + 3) % len(_VALUES)]  # never part (a)'s face value
    draws = _CLASS_DRAWS[seed % len(_CLASS_DRAWS)]
    if (expect_value, draws) == (8, 120):  # the lesson's self-check 4: another class size
        draws = _CLASS_DRAWS[0]
    n = _valuecount(value)
    k = count_cards(DECK, lambda c: low <= c.value <= high_value)
    high = Fraction(k, len(DECK))
    chance = Fraction(_valuecount(expect_value), len(DECK))
    expected = draws * chance
    nearest = math.floor(expected + Fraction(1, 2))  # the nearest whole number, a half up
    values = (
        _("{terms} = {count} cards (face values {low} and {high})")
        if high_value == low + 1
        else _("{terms} = {count} cards (face values {low} to {high})")
    )
    questions = (
        (
            _("What fraction of the deck has face value {value}? Simplify if you can.").format(
                value=value
            ),
            fraction(Fraction(n, len(DECK))),
            _("The table: {count} cards of {deck}; {count}/{deck}").format(count=n, deck=len(DECK))
            + (f" = {fraction(Fraction(n, len(DECK)))}." if math.gcd(n, len(DECK)) > 1 else "."),
        ),
        (
            with_rounding(
                _(words).format(
                    low=low, high=high_value, either=and_list((low, high_value), last="or")
                )
            ),
            f"{fraction(high)}, {about_percent(high)}",
            values.format(
                terms=" + ".join(str(_valuecount(v)) for v in range(low, high_value + 1)),
                count=k,
                low=low,
                high=high_value,
            )
            + f"; {k}/{len(DECK)}"
            + (f" = {fraction(high)}" if math.gcd(k, len(DECK)) > 1 else "")
            + f", {about_percent(high)}.",
        ),
        (
            _(
                "A class draws {draws} cards, one at a time, putting each card back and "
                "shuffling. About how many of them do you expect to have face value "
                "{value}? Give a whole number."
            ).format(draws=draws, value=expect_value),
            about_number(nearest),
            _(
                "The chance of {value} is {chance}; {chance} of {draws} = {draws} × "
                "{numerator} ÷ {denominator} = {product}: about {nearest}."
            ).format(
                value=expect_value,
                chance=fraction(chance),
                draws=draws,
                numerator=chance.numerator,
                denominator=chance.denominator,
                product=expected
                if expected.denominator == 1
                else about_number(two_decimals(expected)),
                nearest=nearest,
            ),
        ),
    )
    return TicketQuestions(questions, deck_table())


def _pile(seed: int) -> tuple[int, Combination, int]:
    """A pile of cards that divides 360 degrees, a combination, how many show it."""
    rng = make_rng(seed)
    size = int(rng.choice(PIE_CARDS[:8]))
    pile = draw_cards(size, seed=rng)
    for _attempt in range(50):
        combination = COMBINATIONS[int(rng.integers(len(COMBINATIONS)))]
        shows = sum(1 for card in pile if card.has(combination))
        if 0 < shows < size:
            return size, combination, shows
    return size, combination, shows


#: Lesson 2's part (c): (cards in Sam's pile, the percent of it that shows a
#: combination); the count is computed (30 cards, 10%: 3 cards). Each percent makes 100%
#: in whole groups (10, 20, 25 or 50%), the one method Lesson 2's Part 4 teaches.
#: Neighbouring tickets differ; none is the lesson's check 4 (20 cards, 20%).
_WHOLES = ((30, 10), (40, 25), (15, 20), (16, 50), (40, 10), (24, 25), (35, 20))


def _lesson_2(seed: int) -> TicketQuestions:
    size, combination, shows = _pile(seed)
    part = Fraction(shows, size)
    degrees = part * 360
    whole, share = _WHOLES[seed % len(_WHOLES)]
    some = Fraction(whole * share, 100)
    if some.denominator != 1 or not 0 < some < whole or 100 % share:
        raise XactikaError(
            _("{share}% of {whole} cards is not a whole number of cards in whole groups").format(
                share=share, whole=whole
            )
        )
    groups = 100 // share
    sams = COMBINATIONS[(seed * 5 + 3) % len(COMBINATIONS)]
    return TicketQuestions(
        (
            (
                ngettext(  # the same English for one card and more; not in Spanish
                    "Maya drew {size} cards. {shows} of them show {combination}. "
                    "What fraction of her cards show {combination}? Simplify.",
                    "Maya drew {size} cards. {shows} of them show {combination}. "
                    "What fraction of her cards show {combination}? Simplify.",
                    shows,
                ).format(size=size, shows=shows, combination=combination),
                fraction(part),
                f"{fraction_steps(shows, size)}."
                if part.denominator != size
                else _(
                    "{shows}/{size}: {shows} and {size} share no factor but 1, so it is "
                    "already simplest."
                ).format(shows=shows, size=size),
            ),
            (
                with_rounding(
                    _("What percent of her cards show {combination}?").format(
                        combination=combination
                    )
                )
                + " "
                + _("In a pie chart of her cards, how many degrees is their slice?"),
                _("{percent}; {degrees} degrees").format(
                    percent=percent(part), degrees=fraction(degrees)
                ),
                _("{part}{tail}; {part} of 360 degrees = {degrees} degrees.").format(
                    part=fraction(part), tail=percent_tail(part), degrees=fraction(degrees)
                ),
            ),
            (
                _(
                    "In Sam's pile, {some} cards show {combination}. They are {share}% of his "
                    "pile. How many cards are in Sam's pile?"
                ).format(some=some, combination=sams, share=share),
                _("{count} cards").format(count=whole),
                _(
                    "{groups} groups of {share}% make 100%, so the pile has {groups} × {some} = "
                    "{whole} cards (check: {share}% of {whole} = {some})."
                ).format(groups=groups, share=share, some=some, whole=whole),
            ),
        )
    )


@cache
def _near_the_mean(size: int) -> Fraction:
    """The exact chance that the mean face value of ``size`` cards, each put back, is
    within 1 of the deck's mean (7 to 9): the ways to reach each total of ``size``
    face values, counted card by card from the deck (81**size ways in all)."""
    middle = face_value_mean()
    ways = {0: 1}  # total face value -> ways to draw it
    for _draw in range(size):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for card in DECK:
                step[total + card.value] = step.get(total + card.value, 0) + n
        ways = step
    near = sum(n for total, n in ways.items() if abs(Fraction(total, size) - middle) <= 1)
    return Fraction(near, len(DECK) ** size)


def _lesson_3(seed: int) -> TicketQuestions:
    rng = make_rng(seed)
    middle = face_value_mean()
    while True:
        # 4 cards with a whole-number mean, as Ana's in the lesson, that is not the deck's
        # mean, and whose distances from the deck's mean give another MAD (so a student
        # who measures from the deck's mean gets it wrong)
        cards = draw_cards(4, seed=rng)
        values = [card.value for card in cards]
        mean = face_value_mean(cards)
        from_middle = Fraction(sum(abs(v - middle) for v in values), len(values))
        if mean.denominator == 1 and mean != middle and face_value_mad(cards) != from_middle:
            break
    mad = face_value_mad(cards)
    distances = [abs(v - mean) for v in values]
    size = int(rng.choice([4, 9, 16]))
    near = [_near_the_mean(n) for n in (1, size)]
    # "more" on even seeds, "less" on odd: neighbours' answers differ (no copying)
    spread = (
        _(
            "Which is less spread out: the face values of single cards, or the means of "
            "{size} cards (each put back)? Say why."
        )
        if seed % 2
        else _(
            "Which is more spread out: the face values of single cards, or the means of "
            "{size} cards (each put back)? Say why."
        )
    )
    answer = (
        _("The means of {size} cards.").format(size=size)
        if seed % 2
        else _("The face values of single cards.")
    )
    return TicketQuestions(
        (
            (
                _(
                    "Ana turned over {cards}: face values {values}. What is the mean face "
                    "value of her 4 cards?"
                ).format(cards=" ".join(map(str, cards)), values=and_list(values)),
                fraction(mean),
                f"{' + '.join(map(str, values))} = {sum(values)}; {sum(values)} / 4 "
                f"= {fraction(mean)}.",
            ),
            (
                _("What is the mean absolute deviation (MAD) of her 4 face values?"),
                fraction(mad) + (f" = {label_number(mad)}" if mad.denominator > 1 else ""),
                _(
                    "Distances from {mean} (her mean, not {middle}): {distances}; they add up "
                    "to {total}, and {total} / 4 = {mad}."
                ).format(
                    mean=fraction(mean),
                    middle=fraction(middle),
                    distances=and_list(fraction(d) for d in distances),
                    total=fraction(sum(distances)),
                    mad=fraction(mad),
                ),
            ),
            (
                spread.format(size=size),
                answer,
                # a reason a 12-year-old can write first; the exact chances for the teacher
                _(
                    "In a sample, high and low cards often balance out, so the mean is rarely "
                    "far from {middle}. One card alone can be {lowest} or {highest}. The exact "
                    "chance of a value from {low} to {high}: one card, {count}/{deck} = "
                    "{chance}, {about}; the mean of {size} cards, {about_mean}. These are exact "
                    "chances; a class's samples, like the lesson's 100, can come out several "
                    "percent different."
                ).format(
                    middle=fraction(middle),
                    lowest=min(FACE_VALUES),
                    highest=max(FACE_VALUES),
                    low=fraction(middle - 1),
                    high=fraction(middle + 1),
                    count=near[0] * len(DECK),
                    deck=len(DECK),
                    chance=fraction(near[0]),
                    about=about_percent(near[0]),
                    size=size,
                    about_mean=about_percent(near[1]),
                ),
            ),
        )
    )


#: Each lesson with an exit ticket, and the function that makes its questions for a seed.
QUESTIONS: dict[str, Callable[[int], TicketQuestions]] = {
    "1": _lesson_1,
    "2": _lesson_2,
    "3": _lesson_3,
    "4": lesson_4_questions,
    "4b": lesson_4b_questions,
    "5": lesson_5_questions,
    "6": lesson_6_questions,
    "7": lesson_7_questions,
    "8": lesson_8_questions,
}


def ticket_questions(lesson: str, seed: int) -> TicketQuestions:
    """The questions of ``lesson``'s exit ticket for ``seed``, in the current language
    (the same every time, so they are kept: a class set's tickets and its key are made
    from one computation; the numbers are the same in every language).

    Raises:
        XactikaError: for a lesson without an exit ticket.
    """
    if lesson not in QUESTIONS:
        raise XactikaError(
            _("no exit ticket for lesson {lesson}; lessons are {lessons}").format(
                lesson=shown(lesson), lessons=", ".join(QUESTIONS)
            )
        )
    return _ticket_questions(lesson, seed, language())


@lru_cache(maxsize=512)
def _ticket_questions(lesson: str, seed: int, written_in: str) -> TicketQuestions:
    """:func:`ticket_questions` kept per language (``written_in``, the current one)."""
    return QUESTIONS[lesson](seed)


def forget_ticket_questions() -> None:
    """Forget the questions :func:`ticket_questions` keeps (for a test that changes how
    they are made)."""
    _ticket_questions.cache_clear()
