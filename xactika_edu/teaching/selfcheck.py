"""Self-check questions for lessons: students type an answer and get a friendly verdict.

A :class:`Question` holds a prompt, the answer (computed by the library in the
lesson, never typed in), a hint and an explanation. ``question.check(response)``
says "✔ Right!" or "✘ Not yet. Hint: ..." and never reveals the answer when the
response is wrong. It never raises on a student's response: anything it cannot read
gets a message saying what form to use. In a rendered (HTML) lesson the question shows
its prompt and a collapsed "Show the answer" box, for readers without a kernel.

>>> from fractions import Fraction
>>> q = Question("What part of the deck are 8s?", Fraction(19, 81), hint="Count the 8s.")
>>> print(q.check("19/81"))
✔ Right!
>>> print(q.check("23%"))
✔ Right!
>>> print(q.check(0.5))
✘ Not yet. Hint: Count the 8s.
>>> print(q.check("abc"))  # doctest: +ELLIPSIS
? I could not read 'abc' as a number. Type a whole number like 7, a fraction like 3/4, ...
>>> [q.check(typed).status for typed in ("24%", "23%", "23.5%", "23.4%")]  # 19/81 = 23.46...%
['not yet', 'right', 'right', 'not yet']

What counts as right: a word answer by the one rule of
:class:`~xactika_edu.teaching.word_answers.WordRule` (its first word is an answer word,
or it has a key word, and it has no contrary word). A number written as on paper ("18º",
"66 2/3%", "lose 2", "33/73 × 32/72", "bid 2 because ...": see
:mod:`~xactika_edu.teaching.answer_reading`):
a whole number or a fraction equal to the answer; a decimal or a percent equal to it or
rounded by the lessons' one rule (the nearest whole percent, or 2 decimal places, a half
rounding up; more places if typed; truncating is not rounding), or, for a question about
an estimate, within its ``tolerance``. But 0 or 1 in any form (``"0"``, ``"0%"``,
``"0.00"``, ``"100%"``) is never right for an answer strictly between 0 and 1: it says
"none" or "all" of a part that is neither, a rounding the lessons never print (``"< 1%"``,
``"0.0014"``: :func:`~xactika_edu.base.formatting.is_false_certainty`). The "Not yet" asks
for the exact answer, as does an answer written as an inequality (``"< 1%"``).

>>> tiny = Question("What part?", Fraction(1, 700), hint="Count.")
>>> print(tiny.check("0%"))  # doctest: +ELLIPSIS
✘ Not yet. Hint: Count. ("0%" would mean none at all, and the answer is a little more than 0...
>>> print(tiny.check("< 1%"))  # doctest: +ELLIPSIS
? '< 1%' says how big the answer is, not what it is. Type the exact answer: a whole number ...
>>> tiny.check("0.14%").correct, tiny.check("1/700").correct, tiny.answer_text
(True, True, '1/700 (about 0.0014, or < 1%)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..base.checks import check_number, check_whole, shown
from ..base.errors import XactikaError
from ..base.formatting import (
    is_false_certainty,
)
from ..base.language import N_
from ..base.language import gettext as _
from .answer_list import MAX_ANSWER, Answer, answers_of
from .answer_reading import (
    RULE_PLACES,
    Number,
    answer_after_working,
    answer_before_reason,
    card_name_count,
    cut_off,
    is_calculation,
    is_inequality,
    lone_number,
    near_fraction,
    normal_text,
    part_of_whole,
    read_expression,
    read_number,
    readable_text,
    rounds_to,
)
from .question_html import answer_text, question_html
from .word_answers import WordRule, offered_words, word_list

__all__ = ["MAX_ANSWER", "RULE_PLACES", "Answer", "Question", "Verdict"]

# Example forms for the "could not read" message; one set is chosen that does not
# match the question's answer, so the message never gives the answer away.
_NUMBER_EXAMPLES = (
    (7, "3/4", "0.75", "75%"),
    (5, "2/5", "0.4", "40%"),
    (9, "1/3", "0.2", "20%"),
)
_WORD_EXAMPLES = (N_("square"), N_("circle"), N_("triangle"))
# a range typed for an estimate: "180-190"
_RANGE = re.compile(r"\s*(\d+)\s*[-–]\s*(\d+)\s*")
#: Two numbers joined by a word ("185 or 186", Spanish "185 o 186", "7 to 9", "7 a 9").
_EITHER_NUMBER = re.compile(r"\d\s*\b(?:or|to|o|a)\b\s*\d")
# "or" between two ways of writing one answer, or between two numbers: "2/3 or 67%",
# "185 or 186" ("o", "u" in Spanish)
_OR = r"(?:or|o|u)"
# a prompt that asks for a whole number
_WHOLE_NUMBER = re.compile(r"whole number|número entero|numero entero")


def _quoted(response: object) -> str:
    """A response as the messages quote it, cut to 40 characters."""
    return text[:37] + "..." if len(text := shown(response)) > 40 else text


@dataclass(frozen=True)
class Verdict:
    """The result of :meth:`Question.check`: whether it was right, and what to say.

    ``bool(verdict)`` is ``verdict.correct``. In a notebook it displays as its
    message; ``status`` is ``"right"``, ``"not yet"`` or ``"unreadable"``.
    """

    status: str
    message: str

    @property
    def correct(self) -> bool:
        """True only for a right answer."""
        return self.status == "right"

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return self.message

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.message)


@dataclass(frozen=True)
class Question:
    """A self-check question: a prompt, the answer, a hint and an explanation.

    >>> q = Question("Which shape does the bar graph make?", {"bell", "bell curve"},
    ...              hint="Think of something that rings.")
    >>> print(q.check("  A Bell Curve "))
    ✔ Right!
    >>> q.check("").status
    'unreadable'
    >>> Question("How many cards?", None, hint="Count them.")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: a question needs an answer: a number, a word, or a set ...

    Args:
        prompt: the question, as plain text.
        answer: the right answer, computed in the lesson: an int, float,
            :class:`~fractions.Fraction` or :class:`~decimal.Decimal`, a word or
            phrase (right as a response's first word, ignoring letter case, spaces and
            a reason after it: "no, it is the same"), or a set, list
            or tuple of acceptable answers. Stored as a tuple of answers.
        hint: what to say when the response is wrong. It should not give the
            answer away.
        explanation: shown after a right answer and in the "Show the answer" box.
        tolerance: ``None`` (the default) for the lessons' one rounding rule: a
            decimal or percent is right when it is the answer rounded half up to
            ``places`` decimal places (a whole percent) or to more places if typed;
            truncating is not right (66% for 2/3); whole numbers and fractions such
            as "19/81" must be exactly right (when the answer is itself exact). A
            number for questions about an estimate: how far an answer in any form
            (28 for 2280/81) may be from the answer. A rounding to 0 or 1 (``"0%"``, ``"0.00"``,
            ``"100%"``) of an answer strictly between 0 and 1 is never right (see
            :meth:`check`).
        form: how to type the answer, when the question asks for one form ("a
            decimal to 3 decimal places, like 0.123"); said when there is no answer
            or it cannot be read, instead of the list of forms a number may take.
        places: the rounding rule's decimal places (default 2: the nearest whole
            percent; 1 for "round to one decimal place").
        key_words, contrary, neutral, subject, other: for a word answer, words that say
            the answer ("narrower"), words that say otherwise ("wider"), phrases that
            are neither ("8 or more"), and the names of the two things a "more or less
            than X?" question compares ("n = 16"; "n = 1"): the one rule of
            :class:`~xactika_edu.teaching.word_answers.WordRule`.
        meaning: what any right answer says ("the means are less spread out"): the
            "Show the answer" box says "or any answer that says ...".
        choice: the prompt offers its words ("Type less, same or more."): a response
            that starts with an accepted word is right whatever reason follows (see
            WordRule); one that says none of the words asks for one of them.

    Raises:
        XactikaError: if the prompt or hint is not text, there is no answer, an
            answer is not a number or text, the tolerance is negative, a word is both
            a key word and a contrary one, or the hint gives the answer away (it
            would be marked right, or holds a number, or "54 of 81", that would).
    """

    prompt: str
    answer: Any
    hint: str
    explanation: str = ""
    tolerance: float | None = None
    form: str = ""
    places: int = RULE_PLACES
    key_words: tuple[str, ...] = ()
    contrary: tuple[str, ...] = ()
    neutral: tuple[str, ...] = ()
    subject: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    meaning: str = ""
    choice: bool = False
    answers: tuple[Answer, ...] = field(init=False, repr=False, compare=False)
    words: WordRule = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("prompt", "hint", "explanation", "form", "meaning"):
            if not isinstance(getattr(self, name), str):
                raise XactikaError(f"{name} must be text, got {shown(getattr(self, name))}")
        if not self.prompt.strip():
            raise XactikaError("a question needs a prompt, got empty text")
        if self.tolerance is not None:
            check_number(self.tolerance, "tolerance", 0)
        check_whole(self.places, "places", 0, 12)
        answers = answers_of(self.answer)
        object.__setattr__(self, "answers", answers)
        if isinstance(self.answer, (list, set, frozenset)):
            object.__setattr__(self, "answer", answers)
        object.__setattr__(self, "words", _word_rule(self))
        if given_away := _given_away(self, self.hint):
            raise XactikaError(
                f"the hint gives the answer away: {given_away!r} in {self.hint!r} would "
                "be marked right"
            )

    @property
    def numeric(self) -> bool:
        """Whether every acceptable answer is a number (or text that reads as one,
        like ``"19/81"``)."""
        return all(
            read_number(a) is not None or read_expression(a) is not None for a in self.answers
        )

    def _close(self, number: Number, exact: Number) -> bool:
        """Whether ``number`` is ``exact`` as the question reads numbers: by the rounding
        rule (:func:`~xactika_edu.teaching.answer_reading.rounds_to`, to ``places``), or
        within ``tolerance`` when one is given and either side may be rounded."""
        if self.tolerance is not None:  # an estimate: any form within the tolerance
            return abs(number.value - exact.value) <= Fraction(self.tolerance) + Fraction(1, 10**9)
        if exact.rounded and not number.rounded:  # a rounded answer: 2/3 for 0.6667
            return rounds_to(exact, number.value, self.places)
        return rounds_to(number, exact.value, self.places)

    def _matches_number(self, number: Number) -> bool:
        """Whether ``number`` equals an answer (see :meth:`_close`), unless it is 0 or 1
        and the answer is neither (:func:`~xactika_edu.base.formatting.is_false_certainty`)."""
        for answer in self.answers:
            exact = read_number(answer) or read_expression(answer)  # "120 × 19 ÷ 81" too
            if (
                exact is not None
                and self._close(number, exact)
                and not is_false_certainty(number.value, exact.value)
                and (not number.percent or exact.percent or 0 <= exact.value <= 1)
            ):  # a percent is a part of a whole: "150%" is not the mean 1.5
                return True
        return False

    def _rounded_to_certainty(self, number: Number) -> bool:
        """Whether ``number`` is 0 or 1 and a rounding of an answer that is neither:
        what would be right but for the rule in :meth:`check` ("0" too, read as a
        rounding)."""
        number = number._replace(rounded=True)
        for answer in self.answers:
            exact = read_number(answer)
            if (
                exact is not None
                and is_false_certainty(number.value, exact.value)
                and self._close(number, exact)
            ):
                return True
        return False

    def _matches_text(self, response: object) -> bool:
        """Whether a word response is right by the one rule for word answers
        (:class:`~xactika_edu.teaching.word_answers.WordRule`): it starts with an answer
        word or has a key word, and has no contrary word ("no, it is the same")."""
        if not self.words.words and not self.words.key_words:
            return False
        return self.words.accepts(response)

    def _read(self, response: object) -> Number | None:
        """The response as a number: as written, as a calculation ("1/2 × 1/3"), or, for
        a number answer, the one number among words ("7 ways") or before a reason ("bid
        2 because +1.14 is highest")."""
        if choices := self._either(response):  # "2/3 or 67%": one number, two ways
            return self._read(choices[0])
        number = read_number(response)
        if number is None and isinstance(response, str):
            number = read_expression(response)
            before = answer_before_reason(response)
            if number is None and self.numeric:
                number = read_number(lone_number(response))
                if number is None and before and before != response.strip():
                    number = self._read(before)
                events = "|".join(re.findall(r"\d+ (?:or|o) (?:more|less|más|menos)", self.prompt))
                if number is None and events:  # "62% chance of 8 or more": the prompt's event
                    shorter = re.sub(rf"(?:face value |valor )?\b(?:{events})(?!\w)", " ", response)
                    number = self._read(shorter) if shorter != response else None
        return number

    def _either(self, response: object) -> list[str]:
        """The two ways a response to a number question writes one number ("2/3 or 67%":
        within 1/100 of each other), or [] ("3 or 9" is two answers, not one)."""
        if not self.numeric or not isinstance(response, str):
            return []
        parts = re.split(rf"\s+{_OR}\s+", response.strip())
        if len(parts) != 2 or re.search(rf"\s+{_OR}\s+", parts[1]):
            return []
        first, second = (self._read(part) for part in parts)
        if first is None or second is None:
            return []
        return parts if abs(first.value - second.value) <= Fraction(1, 100) else []

    def _is_right(self, response: object) -> bool:
        if choices := self._either(response):  # "2/3 or 67%": both must be right
            return all(self._is_right(choice) for choice in choices)
        number = self._read(response)
        if number is not None and self._matches_number(number):
            return True
        if (part := part_of_whole(response)) and self._counts and self._is_right(part):
            return True  # "185 out of 300" for a count of the 300 cards
        if self.numeric and isinstance(response, str) and (last := answer_after_working(response)):
            return self._is_right(last)  # "50 cards, so the chance is 50/81"
        return readable_text(response) and self._matches_text(response)

    @property
    def _counts(self) -> bool:
        """Whether every answer is a count: a whole number over 1."""
        numbers = [read_number(answer) for answer in self.answers]
        return all(n is not None and n.value.denominator == 1 and n.value > 1 for n in numbers)

    def check(self, response: object) -> Verdict:
        """Check a student's response; never reveals the answer when it is wrong.

        What counts as right (and why 0% is not right for 1/700) is in the module's
        docstring.

        >>> q = Question("What is 3 x 3?", 9, hint="Count the squares.")
        >>> q.check(9.0).correct, q.check("nine").correct, q.check(8).status
        (True, True, 'not yet')
        >>> print(q.check(None))  # doctest: +ELLIPSIS
        ? There is no answer yet. Type a whole number like 7, ...

        Args:
            response: anything: a number, text such as ``"19/81"``, ``"0.23"`` or
                ``"23%"`` (for number answers), or a word (for text answers).

        Returns:
            a :class:`Verdict` that displays as "✔ Right!" (plus the explanation),
            "✘ Not yet. Hint: ..." or "? I could not read ..." with the form to use.
            Never raises.
        """
        choices = self._either(response)
        if choices:  # "2/3 or 66%": right when both are; else what the first wrong one gets
            wrong = [choice for choice in choices if not self._is_right(choice)]
            return self.check(wrong[0]) if wrong else self._right()
        if read_number(response) is None and self.numeric and is_inequality(response):
            return self._inequality(response)
        if self.numeric and card_name_count(response) > 1:  # a list of cards, not a count
            return _unreadable(self, response)
        number = self._read(response)
        if self._is_right(response):  # a choice whose reason says otherwise: a note
            return self._right(self.choice and self.words.scan(response)[1] > 0)
        if number is None and (self.numeric or not readable_text(response)):
            return _unreadable(self, response)
        offered = not self.numeric and offered_words(self.prompt)
        if offered and (not self.words.mentions(response) or self.words.unsure(response)):
            return _unreadable(self, response)  # "no", "idk same" to "Type less, same or more."
        if self.tolerance is not None and _RANGE.fullmatch(str(response)[:40]):
            return _unreadable(self, response)  # "180-190": one number, please
        return _not_yet(self, response, number)

    def _right(self, doubt: bool = False) -> Verdict:
        message = _("✔ Right, but check your reason against this one:") if doubt else _("✔ Right!")
        if self.explanation:
            message += f" {self.explanation}"
        return Verdict("right", message)

    def _examples(self) -> tuple[int, str, str, str]:
        """Example forms of a number (whole, fraction, decimal, percent), none of them
        a right answer."""
        return next(
            (
                forms
                for forms in _NUMBER_EXAMPLES
                if not any(self._is_right(form) for form in forms)
            ),
            _NUMBER_EXAMPLES[-1],
        )

    def _inequality(self, response: object) -> Verdict:
        opening = _("? {response} says how big the answer is, not what it is.").format(
            response=_quoted(response)
        )
        return Verdict("unreadable", f"{opening} {_exact_advice(self, whole=True)}")

    # --- display --------------------------------------------------------------------

    @property
    def answer_text(self) -> str:
        """The answer as shown in the "Show the answer" box: ``'19/81 (about 0.23, or
        23%)'``, ``'1/8 (about 0.13, or 13%)'``, ``'1/4 (0.25, or 25%)'``. With several
        acceptable answers, the first is the answer and the others are listed after it:
        ``'bell (also accepted: "bell curve", "hill")'``; words are quoted. A word
        answer with key words says what any right answer says: ``'less (or any answer
        that says the means are less spread out)'``."""
        return answer_text(self)

    def __str__(self) -> str:
        return f"{self.prompt}\n" + _("(Type your answer and check it with .check(your_answer).)")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, number: int | None = None) -> str:
        """The question as a page without a kernel shows it: its title ("Check 2" with a
        ``number``), the prompt and a collapsed "Show the answer" box with the answer and
        the explanation (HTML)."""
        return question_html(self, number)


def _exact_advice(question: Question, whole: bool) -> str:
    """How to type an exact answer: the question's form, else a fraction or a
    decimal (and a whole number if ``whole``)."""
    if question.form:
        return _("Type {form}.").format(form=question.form)
    number, fraction, decimal, _percent = question._examples()
    if whole:
        return _(
            "Type the exact answer: a whole number like {number}, a fraction like "
            "{fraction} or a decimal like {decimal}."
        ).format(number=number, fraction=fraction, decimal=decimal)
    return _(
        "Type the exact answer: a fraction like {fraction} or a decimal like {decimal}."
    ).format(fraction=fraction, decimal=decimal)


def _not_yet(question: Question, response: object, number: Number | None) -> Verdict:
    """The "Not yet" of :meth:`Question.check`: the hint, and a note on what the student's
    own answer shows (a missing % sign, both sides, cut off, a close fraction, 0 or 1)."""
    message = (
        _("✘ Not yet. Hint: {hint}").format(hint=question.hint)
        if question.hint.strip()
        else _("✘ Not yet. Try again.")
    )
    if (
        number is not None
        and number.value > 1
        and not (isinstance(response, str) and "%" in response)
        and question._matches_number(
            Number(number.value / 100, True, number.places + 2, percent=True)
        )
    ):
        # Only the student's own number is echoed back, so nothing is given away.
        typed = response.strip() if isinstance(response, str) else normal_text(response)
        message += " " + _('(If you meant a percent, add a % sign: "{typed}%".)').format(
            typed=typed
        )
    elif number is None and question.words.says_both(response):  # "which bell is wider?"
        message += " " + _(
            '(Your answer says both. Say what each part is about, like "{other} is ...".)'
        ).format(other=question.other[0])
    elif (
        question._counts
        and isinstance(response, str)
        and (part := re.fullmatch(r"\s*(\d+)\s*/\s*\d+\s*", response[:40]))
        and question._is_right(part.group(1))
    ):  # "185/300" for "how many of the 300 cards?"
        whole = question._examples()[0]
        message += " " + _(
            "(That is a part of all the cards. Type just how many, like {whole}.)"
        ).format(whole=whole)
    elif (
        number is not None
        and question.tolerance is None
        and cut_off(number, question.answers, question.places)
    ):
        # the lessons' one rounding rule, which the student can apply to their own number
        message += " " + _(
            "(Your number looks cut off. Round it instead: when the next digit is 5 or "
            "more, the last digit you keep goes up.)"
        )
    elif (
        number is not None
        and question.tolerance is None
        and near_fraction(number, question.answers, question.places)
    ):
        typed = response.strip() if isinstance(response, str) else normal_text(response)
        message += " " + _(
            '("{typed}" is close, but a fraction must be exact. Type the exact '
            "fraction, or round your answer to a percent or a decimal.)"
        ).format(typed=typed)
    elif number is not None and question._rounded_to_certainty(number):
        # Only the student's own number is echoed back, and which side of it the
        # answer is: nothing a student who typed it does not nearly know.
        typed = response.strip() if isinstance(response, str) else normal_text(response)
        if number.value == 0:
            note = _('("{typed}" would mean none at all, and the answer is a little more than 0.')
        else:
            note = _('("{typed}" would mean all of it, and the answer is a little less than 1.')
        message += f" {note.format(typed=typed)} {_exact_advice(question, whole=False)})"
    return Verdict("not yet", message)


def _word_rule(question: Question) -> WordRule:
    """The question's rule for word answers; every answer word must pass it."""
    texts = tuple(a for a in question.answers if isinstance(a, str) and read_number(a) is None)
    names = ("key_words", "contrary", "neutral", "subject", "other")
    lists = (word_list(name, getattr(question, name)) for name in names)
    rule = WordRule(texts, *lists, choice=question.choice is True)
    for text in texts:
        if not rule.accepts(text):
            raise XactikaError(f"the answer {text!r} has one of the contrary words")
    return rule


def _unreadable(question: Question, response: object) -> Verdict:
    """What :meth:`Question.check` says to a response it cannot read."""
    empty = (
        response is None
        or response is Ellipsis
        or (isinstance(response, str) and not response.strip())
    )
    quoted_response = _quoted(response)
    if empty:
        opening = _("? There is no answer yet.")
    elif not question.numeric and readable_text(response) and offered_words(question.prompt):
        if question.words.unsure(response):
            opening = _("? {response} is not sure: pick one.").format(response=quoted_response)
        else:
            opening = _("? {response} is not one of the choices.").format(response=quoted_response)
    elif question.numeric:
        opening = _("? I could not read {response} as a number.").format(response=quoted_response)
    else:
        opening = _("? I could not read {response} as an answer.").format(response=quoted_response)
    if question.form:
        advice = _("Type {form}.").format(form=question.form)
    elif question.numeric and card_name_count(response) > 1:  # "2233, 3223, 3233"
        advice = _("You named the cards: count them and type how many there are.")
    elif question.numeric and (
        isinstance(response, str)
        and (_EITHER_NUMBER.search(response) or _RANGE.fullmatch(response[:40]))
    ):  # "185 or 186", "185 o 186" (never the "6a0" of "<object at 0x7f...6a0>")
        advice = _("Type one number, like {example}.").format(example=question._examples()[0])
    elif question.numeric and is_calculation(response):  # "1 - 98/219 ≈ 0.55 ..."
        advice = _("Work it out and type one number, like {example}.").format(
            example=question._examples()[1]
        )
    elif question.numeric and _WHOLE_NUMBER.search(question.prompt):  # "Give a whole number."
        advice = _("Type a whole number, like {example}.").format(example=question._examples()[0])
    elif question.numeric:
        whole, fraction, decimal, percent = question._examples()
        advice = _(
            "Type a whole number like {whole}, a fraction like {fraction}, "
            "a decimal like {decimal} or a percent like {percent}."
        ).format(whole=whole, fraction=fraction, decimal=decimal, percent=percent)
    elif offered := offered_words(question.prompt):
        advice = _("Type {form}.").format(form=offered)  # the prompt's own choice: "yes or no"
    elif {normal_text(answer) for answer in question.answers} <= {"yes", "no", "sí", "si"}:
        advice = _("Type yes or no.")
    else:
        # A word the prompt offers in quotes ('Type "fewer", "more" or "same"') makes
        # the best example, as long as it is not the answer.
        quoted: list[str] = re.findall(r'"([^"\d]{1,20})"', question.prompt)
        examples = [_(example) for example in _WORD_EXAMPLES]
        word = next(
            (w for w in [*quoted, *examples] if not question._matches_text(w)),
            examples[-1],
        )
        advice = _("Type a word, like {word}.").format(word=word)
    return Verdict("unreadable", f"{opening} {advice}")


def _given_away(question: Question, text: str) -> str:
    """The part of ``text`` that would be marked right ("" if none): the whole text,
    a clause of it, a number in it or a count such as "54 of 81"."""
    if not text.strip():
        return ""
    parts = [text, *re.split(r"(?<=[.!?:;,])\s+", text)]
    parts += [
        f"{m.group(1).strip()}/{m.group(2)}" if m.group(2) else m.group(1)
        for m in re.finditer(
            r"(-?\d[\d,]*(?:\.\d+)?\s*%?)(?:\s*(?:/|out of|of|de cada|de)\s*"
            r"(?:(?:the|las|los)\s+)?(\d[\d,]*(?:\.\d+)?)\b)?",
            text,
        )
    ]
    parts += [m.group(1) for m in re.finditer(r"(\d[\d,]*(?:\.\d+)?)\s*(?:/|out of|of|de\b)", text)]
    for part in parts:
        if question._is_right(part.strip().rstrip(".,;:!?")):
            return part.strip()
    return ""
