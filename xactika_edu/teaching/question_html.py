"""A self-check question as a page without a kernel shows it: the prompt and a
collapsed "Show the answer" box (HTML), for :meth:`~.selfcheck.Question.html`."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from ..base.checks import check_whole
from ..base.formatting import (
    and_list,
    decimal_not_rounded_to_certainty,
    exact_decimal,
    exact_percent,
    fraction,
    is_false_certainty,
    percent,
)
from ..base.language import gettext as _
from ..base.language import language
from .answer_reading import read_expression, read_number, to_fraction
from .spanish_answers import spanish_word

if TYPE_CHECKING:
    from .selfcheck import Answer, Question

__all__ = ["answer_text", "question_html", "question_title", "show_answer"]

#: At most this many other accepted answers are listed in the "Show the answer" box.
_SHOWN_ALSO = 3


def question_title(number: int | None) -> str:
    """What a self-check is called on the page and in its box: "Check 2" (the number the
    lesson, its plan and the teacher use), or "Question" when it has no number.

    Raises:
        XactikaError: if ``number`` is not None or a whole number from 1 to 99.
    """
    if number is None:
        return _("Question")
    return _("Check {number}").format(number=check_whole(number, "the check number", 1, 99))


def question_html(question: Question, number: int | None = None) -> str:
    """The title (:func:`question_title`) and prompt, then a collapsed "Show the answer"
    box with the answer text and the explanation, escaped (an HTML ``div``)."""
    explanation = f"<p>{escape(question.explanation)}</p>" if question.explanation else ""
    show, answer = _("Show the answer"), _("Answer:")
    return (
        '<div class="xactika-question" style="border:2px solid #0072B2;'
        'border-radius:8px;padding:0.6em 1em;margin:0.5em 0">'
        f"<p><b>{question_title(number)}:</b> {escape(question.prompt)}</p>"
        f"<details><summary>{show}</summary>"
        f"<p><b>{answer}</b> {escape(question.answer_text)}</p>{explanation}"
        "</details></div>"
    )


def show_answer(answer: Answer) -> str:
    """An answer as a student would write it: 8, 19/81 (about 0.23, or 23%), bell; in
    Spanish, an English answer word with a Spanish equivalent in Spanish ("igual")."""
    if isinstance(answer, str):
        return spanish_word(answer) if language() == "es" else answer
    exact = to_fraction(answer)
    if exact is None:
        return str(answer)
    if exact.denominator == 1:
        return str(exact.numerator)
    if isinstance(answer, Fraction):
        # A part of a whole (0 to 1) also as a percent; other numbers (an angle of
        # 360/7 degrees) only as a decimal.
        part = 0 <= exact <= 1
        decimal = exact_decimal(exact)
        if decimal is not None:  # 1/4: 0.25, or 25%; 1/8: 0.125, about 13%
            if not part:
                return f"{fraction(exact)} ({decimal})"
            if (exact * 100).denominator == 1:  # 1/4: 0.25, or 25%
                return _("{fraction} ({decimal}, or {percent})").format(
                    fraction=fraction(exact), decimal=decimal, percent=exact_percent(exact)
                )
        # 873/2000: about 0.44, or 44%. Rounded half up, as the lessons round: 1/3 is
        # about 0.33, or 33%; and never to 0 or 1 when it is neither: 1/700 is about
        # 0.0014, or < 1%.
        rounded = decimal_not_rounded_to_certainty(exact)
        if part:
            return _("{fraction} (about {decimal}, or {percent})").format(
                fraction=fraction(exact), decimal=rounded, percent=percent(exact)
            )
        return _("{fraction} (about {decimal})").format(fraction=fraction(exact), decimal=rounded)
    digits = 4  # significant digits: more if 4 would round 0.99999 to "1"
    while is_false_certainty(Fraction(text := f"{float(exact):.{digits}g}"), exact):
        digits += 1
    return text


def answer_text(question: Question) -> str:
    """:attr:`~.selfcheck.Question.answer_text` (see there): the answer, then the other
    accepted answers (at most three listed) or what any right answer says."""
    shown_answers = [
        f'"{show_answer(a)}"'
        if isinstance(a, str) and read_number(a) is None and read_expression(a) is None
        else show_answer(a)
        for a in question.answers
    ]
    first = show_answer(question.answers[0])
    others = shown_answers[1:]
    if language() == "es":  # "same" and "the same" are both "igual": said once
        others = [a for a in dict.fromkeys(others) if a != f'"{first}"']
    listed = ", ".join(others[:_SHOWN_ALSO])
    if len(others) > _SHOWN_ALSO:  # a long list of phrasings is clutter on the page
        listed = _("{answers} and the like").format(answers=listed)
    if question.meaning:
        more = _("any answer that says {meaning}").format(meaning=question.meaning)
    elif question.key_words and not question.choice:  # a choice is its words
        keys = [f'"{show_answer(k)}"' for k in question.key_words[:_SHOWN_ALSO]]
        more = _("any answer with {words}").format(words=and_list(keys, "or"))
    else:
        more = ""
    if listed and more:
        return _("{answer} (also accepted: {answers}, or {more})").format(
            answer=first, answers=listed, more=more
        )
    if more:
        return _("{answer} (or {more})").format(answer=first, more=more)
    if listed:
        return _("{answer} (also accepted: {answers})").format(answer=first, answers=listed)
    return first
