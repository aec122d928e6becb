"""Self-check questions for lessons: students type an answer and get a friendly verdict.

A :class:`Question` holds a prompt, the answer (computed by the library in the
lesson, never typed in), a hint and an explanation. ``question.check(response)``
says "✔ Right!" or "✘ Not yet. Hint: ..." and never reveals the answer when the
response is wrong. It never raises on a student's response: anything it cannot
read gets a message saying what form to use.

In a rendered (HTML) lesson the question shows its prompt and a collapsed
"Show the answer" box, so readers without a running kernel can still check
themselves.

>>> from fractions import Fraction
>>> q = Question("What part of the deck are 8s?", Fraction(19, 81), hint="Count the 8s.")
>>> print(q.check("19/81"))
✔ Right!
>>> print(q.check("23%"))
✔ Right!
>>> print(q.check(0.5))
✘ Not yet. Hint: Count the 8s.
>>> print(q.check("abc"))  # doctest: +ELLIPSIS
? I could not read 'abc' as a number. Type a whole number like 7, a fraction like "3/4", ...

What counts as right: a whole number or a fraction equal to the answer; a decimal or a
percent (which may be rounded) within the question's tolerance of it. But 0 or 1 in any
form (``"0"``, ``"0%"``, ``"0.00"``, ``"100%"``) is never right for an answer strictly
between 0 and 1: it says "none" or "all" of a part that is neither, a rounding the
lessons never print (they print ``"< 1%"`` and ``"0.0014"``: see
:func:`~xactika_edu.base.formatting.is_false_certainty`). The "Not yet" says so and asks
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

import numbers
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from html import escape
from typing import Any, NamedTuple, cast

from ..base.checks import check_number, shown
from ..base.errors import XactikaError
from ..base.formatting import (
    decimal_not_rounded_to_certainty,
    exact_decimal,
    exact_percent,
    fraction,
    is_false_certainty,
    percent,
)

__all__ = ["DEFAULT_TOLERANCE", "MAX_ANSWER", "Answer", "Question", "Verdict"]

#: A decimal counts as right if it is within this of the exact answer: any answer
#: rounded to 2 decimal places (or to a whole percent) passes, except a rounding to 0
#: or 1 of an answer that is neither (see :meth:`Question.check`).
DEFAULT_TOLERANCE = 0.005

#: One acceptable answer: a number or a word/phrase.
Answer = int | float | Fraction | Decimal | str

_WORDS_0_TO_20 = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
)
_NUMBER_WORDS = {word: value for value, word in enumerate(_WORDS_0_TO_20.split())}
_NUMBER_WORDS["none"] = 0  # "How many hands ...?" "None."
_DECIMAL = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_FRACTION_RE = re.compile(rf"^({_DECIMAL})\s*/\s*({_DECIMAL})$")
_MIXED_RE = re.compile(r"^([+-]?\d+)\s+(\d+)\s*/\s*(\d+)$")
_PERCENT_RE = re.compile(rf"^({_DECIMAL})\s*(?:%|percent|per cent)$")
_NUMBER_RE = re.compile(rf"^{_DECIMAL}$")
# An answer written as an inequality ("< 1%", "less than 1%", "99% or more"): the
# bound, to be read as a number, is the named group.
_INEQUALITY_RES = (
    re.compile(
        r"^(?:<=?|>=?|=<|=>|≤|≥|(?:less|fewer|smaller|lower|more|greater|bigger|larger|higher)"
        r"\s+than|under|over|below|above|at\s+(?:most|least)|up\s+to)\s*(?P<bound>.+)$"
    ),
    re.compile(
        r"^(?P<bound>.+?)\s*(?:or|and)\s+(?:less|fewer|smaller|lower|more|greater|bigger|larger"
        r"|higher|under|over|below|above|up)$"
    ),
)

# Example forms for the "could not read" message; one set is chosen that does not
# match the question's answer, so the message never gives the answer away.
_NUMBER_EXAMPLES = (
    (7, "3/4", "0.75", "75%"),
    (5, "2/5", "0.4", "40%"),
    (9, "1/3", "0.2", "20%"),
)
_WORD_EXAMPLES = ("square", "circle", "triangle")


#: The largest size of a number answer: a lesson's answers are counts, parts of a
#: deck and angles, far below this; a much larger number could not be shown in the
#: "Show the answer" box.
MAX_ANSWER = 10**15
# The most bits in a number answer's denominator: every float fits (2**1074 at most).
_MAX_DENOMINATOR_BITS = 1100


def _is_number(value: object) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _to_fraction(value: object) -> Fraction | None:
    """``value`` as an exact Fraction if it is a finite real number, else None."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, Decimal)):
        return None
    if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > 400:
        return None  # 1e999999 would take a long time to write as a fraction, and no
        # response or answer is that large or that small
    try:
        if isinstance(value, numbers.Rational):
            return Fraction(int(value.numerator), int(value.denominator))
        return Fraction(Decimal(value) if isinstance(value, Decimal) else float(value))
    except (ValueError, TypeError, OverflowError, ArithmeticError):
        return None  # NaN or infinity


def _showable(value: Fraction) -> bool:
    """Whether an answer is small enough to show (see :data:`MAX_ANSWER`)."""
    return abs(value) <= MAX_ANSWER and value.denominator.bit_length() <= _MAX_DENOMINATOR_BITS


def _decimal(text: str) -> Fraction:
    return Fraction(Decimal(text))


class _Number(NamedTuple):
    """A number read from an answer or a response. ``rounded`` marks decimals and
    percents (and floats), which may be rounded and so are compared with a tolerance;
    whole numbers and fractions are compared exactly."""

    value: Fraction
    rounded: bool


def _read_number(response: object) -> _Number | None:
    """A response (or an answer) as a number, or None if it is not one.

    Reads numbers, and text such as ``"19"``, ``"19/81"``, ``"2 2/3"``, ``"0.23"``,
    ``".23"``, ``"23%"``, ``"nineteen"``; spaces and a final full stop are ignored.
    """
    if not isinstance(response, str):
        value = _to_fraction(response)
        if value is None:
            return None
        return _Number(value, rounded=not isinstance(response, numbers.Rational))
    text = response.strip().lower().rstrip(".").replace("−", "-").replace(",", "")
    text = re.sub(r"\s+", " ", text)
    try:
        if text in _NUMBER_WORDS:
            return _Number(Fraction(_NUMBER_WORDS[text]), rounded=False)
        if _NUMBER_RE.match(text):
            return _Number(_decimal(text), rounded="." in text)
        match = _PERCENT_RE.match(text)
        if match:
            return _Number(_decimal(match.group(1)) / 100, rounded=True)
        match = _FRACTION_RE.match(text)
        if match:
            top, bottom = (_decimal(part) for part in match.groups())
            return None if bottom == 0 else _Number(top / bottom, rounded="." in text)
        match = _MIXED_RE.match(text)
        if match:
            whole, numerator, denominator = (int(part) for part in match.groups())
            if denominator == 0:
                return None
            sign = -1 if match.group(1).startswith("-") else 1
            return _Number(whole + sign * Fraction(numerator, denominator), rounded=False)
    except (ValueError, ArithmeticError, InvalidOperation):
        return None
    return None


_NUMBER_TOKEN = re.compile(r"-?(?:\d+(?:[.,]\d+)*|\.\d+)(?:\s*/\s*\d+)?\s*%?")


def _lone_number(text: str) -> str:
    """The one number in ``text`` among words ("7 ways" -> "7", "18°" -> "18"), or ""
    if there is none or more than one ("3 or 9")."""
    tokens = _NUMBER_TOKEN.findall(text)
    rest = _NUMBER_TOKEN.sub(" ", text)
    if len(tokens) != 1 or re.search(r"[^\w\s°.]", rest) or re.search(r"\d", rest):
        return ""
    return tokens[0].strip()


def _normal_text(value: object) -> str:
    """Text for comparing words: lower case, single spaces, no surrounding quotes
    or final punctuation."""
    try:
        text = str(value)
    except ValueError:  # a whole number too long to write out: it is no word
        return ""
    text = re.sub(r"\s+", " ", text).strip().lower()
    text = text.strip("\"'").rstrip(".!?").strip()
    return re.sub(r"^(?:a|an|the) ", "", text)


def _is_inequality(response: object) -> bool:
    """Whether ``response`` is text that bounds a number instead of giving one: ``"< 1%"``,
    ``"less than 1%"``, ``"at most 3"``, ``"99% or more"``."""
    if not isinstance(response, str):
        return False
    text = re.sub(r"\s+", " ", response).strip().lower().rstrip(".")
    for pattern in _INEQUALITY_RES:
        match = pattern.match(text)
        if match and _read_number(match.group("bound").strip()) is not None:
            return True
    return False


def _quoted(response: object) -> str:
    """A response as the messages quote it, cut to 40 characters."""
    text = shown(response)
    return text[:37] + "..." if len(text) > 40 else text


def _show(answer: Answer) -> str:
    """An answer as a student would write it: 8, 19/81 (about 0.23, or 23%), bell."""
    if isinstance(answer, str):
        return answer
    exact = _to_fraction(answer)
    if exact is None:
        return str(answer)
    if exact.denominator == 1:
        return str(exact.numerator)
    if isinstance(answer, Fraction):
        # A part of a whole (0 to 1) also as a percent; other numbers (an angle of
        # 360/7 degrees) only as a decimal.
        part = 0 <= exact <= 1
        decimal = exact_decimal(exact)
        if decimal is not None:  # 1/8: 0.125, or 12.5%
            as_percent = f", or {exact_percent(exact)}" if part else ""
            return f"{fraction(exact)} ({decimal}{as_percent})"
        # Rounded half up, as the lessons round: 1/3 is about 0.33, or 33%; and never
        # to 0 or 1 when it is neither: 1/700 is about 0.0014, or < 1%.
        as_percent = f", or {percent(exact)}" if part else ""
        return f"{fraction(exact)} (about {decimal_not_rounded_to_certainty(exact)}{as_percent})"
    digits = 4  # significant digits: more if 4 would round 0.99999 to "1"
    while is_false_certainty(Fraction(text := f"{float(exact):.{digits}g}"), exact):
        digits += 1
    return text


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
            phrase (compared ignoring letter case and extra spaces), or a set, list
            or tuple of acceptable answers. Stored as a tuple of answers.
        hint: what to say when the response is wrong. It should not give the
            answer away.
        explanation: shown after a right answer and in the "Show the answer" box.
        tolerance: how far a decimal or percent may be from a number answer and
            still be right (default 0.005: any answer correctly rounded to 2 decimal
            places or a whole percent passes). Whole numbers and fractions such as
            "19/81" must be exactly right (when the answer is itself exact). A
            rounding to 0 or 1 (``"0%"``, ``"0.00"``, ``"100%"``) of an answer
            strictly between 0 and 1 is never right, whatever the tolerance (see
            :meth:`check`).
        form: how to type the answer, when the question asks for one form ("a
            decimal to 3 decimal places, like 0.123"); said when there is no answer
            or it cannot be read, instead of the list of forms a number may take.

    Raises:
        XactikaError: if the prompt or hint is not text, there is no answer, an
            answer is not a number or text, or the tolerance is negative.
    """

    prompt: str
    answer: Any
    hint: str
    explanation: str = ""
    tolerance: float = DEFAULT_TOLERANCE
    form: str = ""
    answers: tuple[Answer, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("prompt", "hint", "explanation", "form"):
            if not isinstance(getattr(self, name), str):
                raise XactikaError(f"{name} must be text, got {shown(getattr(self, name))}")
        if not self.prompt.strip():
            raise XactikaError("a question needs a prompt, got empty text")
        check_number(self.tolerance, "tolerance", 0)
        answers = self._answers(self.answer)
        object.__setattr__(self, "answers", answers)
        if isinstance(self.answer, (list, set, frozenset)):
            object.__setattr__(self, "answer", answers)

    @staticmethod
    def _answers(answer: object) -> tuple[Answer, ...]:
        given: list[object]
        if isinstance(answer, (set, frozenset)):
            given = sorted(answer, key=lambda a: (isinstance(a, str), _normal_text(a), shown(a)))
        elif isinstance(answer, (list, tuple)):
            given = list(answer)
        else:
            given = [answer]
        if not given or answer is None:
            raise XactikaError(
                "a question needs an answer: a number, a word, or a set of them; "
                f"got {shown(answer)}"
            )
        for item in given:
            if isinstance(item, str):
                if not _normal_text(item):
                    raise XactikaError(f"an answer cannot be empty text, got {shown(item)}")
            elif (value := _to_fraction(item)) is None:
                raise XactikaError(
                    f"an answer must be a finite number or text, got {shown(item)} "
                    f"in {shown(answer)}"
                )
            elif not _showable(value):
                raise XactikaError(
                    f"a number answer must be at most {MAX_ANSWER:,} in size and not a "
                    f"fraction with a denominator of over 300 digits; got {shown(item)}"
                )
        # each item is now known to be text or a finite real number (an Answer); a
        # NumPy number passes as one too, which the Answer union does not spell out
        return cast(tuple[Answer, ...], tuple(given))

    # --- checking -----------------------------------------------------------------

    @property
    def numeric(self) -> bool:
        """Whether every acceptable answer is a number (or text that reads as one,
        like ``"19/81"``)."""
        return all(_read_number(a) is not None for a in self.answers)

    @property
    def _slack(self) -> Fraction:
        return Fraction(self.tolerance) + Fraction(1, 10**9)

    def _matches_number(self, number: _Number) -> bool:
        """Whether ``number`` equals an answer: exactly, or within the tolerance when
        either side is a decimal or percent (which may have been rounded), unless it
        is 0 or 1 and the answer is neither (:func:`~xactika_edu.base.formatting.
        is_false_certainty`)."""
        for answer in self.answers:
            exact = _read_number(answer)
            if exact is None:
                continue
            if number.rounded or exact.rounded:
                if abs(number.value - exact.value) <= self._slack and not is_false_certainty(
                    number.value, exact.value
                ):
                    return True
            elif number.value == exact.value:
                return True
        return False

    def _rounded_to_certainty(self, number: _Number) -> bool:
        """Whether ``number`` is 0 or 1 within the tolerance of an answer that is
        neither: what would be right but for the rule in :meth:`check`."""
        for answer in self.answers:
            exact = _read_number(answer)
            if (
                exact is not None
                and is_false_certainty(number.value, exact.value)
                and abs(number.value - exact.value) <= self._slack
            ):
                return True
        return False

    def _matches_text(self, response: object) -> bool:
        text = _normal_text(response)
        return any(isinstance(a, str) and _normal_text(a) == text for a in self.answers)

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
        number = _read_number(response)
        if number is None and self.numeric and _is_inequality(response):
            return self._inequality(response)
        if number is None and self.numeric and isinstance(response, str):
            number = _read_number(_lone_number(response))  # "7 ways", "18°", "line 3"
        if number is not None and self._matches_number(number):
            return self._right()
        if self._readable_text(response) and self._matches_text(response):
            return self._right()
        if number is None and (self.numeric or not self._readable_text(response)):
            return self._unreadable(response)
        message = f"✘ Not yet. Hint: {self.hint}" if self.hint.strip() else "✘ Not yet. Try again."
        if (
            number is not None
            and number.value > 1
            and not (isinstance(response, str) and "%" in response)
            and self._matches_number(_Number(number.value / 100, rounded=True))
        ):
            # Only the student's own number is echoed back, so nothing is given away.
            typed = response.strip() if isinstance(response, str) else _normal_text(response)
            message += f' (If you meant a percent, add a % sign: "{typed}%".)'
        elif number is not None and self._rounded_to_certainty(number):
            # Only the student's own number is echoed back, and which side of it the
            # answer is: nothing a student who typed it does not nearly know.
            typed = response.strip() if isinstance(response, str) else _normal_text(response)
            if number.value == 0:
                meaning, side = "none at all", "more than 0"
            else:
                meaning, side = "all of it", "less than 1"
            message += (
                f' ("{typed}" would mean {meaning}, and the answer is a little {side}. '
                f"{self._exact_advice(whole=False)})"
            )
        return Verdict("not yet", message)

    def _matches_any(self, forms: Iterable[object]) -> bool:
        """Whether any of ``forms`` (example answers) would be marked right."""
        for form in forms:
            number = _read_number(form)
            if number is not None and self._matches_number(number):
                return True
        return False

    @staticmethod
    def _readable_text(response: object) -> bool:
        return (isinstance(response, str) or _is_number(response)) and bool(
            re.search(r"\w", _normal_text(response))
        )

    def _right(self) -> Verdict:
        message = "✔ Right!"
        if self.explanation:
            message += f" {self.explanation}"
        return Verdict("right", message)

    def _examples(self) -> tuple[int, str, str, str]:
        """Example forms of a number (whole, fraction, decimal, percent), none of them
        a right answer."""
        return next(
            (forms for forms in _NUMBER_EXAMPLES if not self._matches_any(forms)),
            _NUMBER_EXAMPLES[-1],
        )

    def _exact_advice(self, whole: bool) -> str:
        """How to type an exact answer: the question's form, else a fraction or a
        decimal (and a whole number if ``whole``)."""
        if self.form:
            return f"Type {self.form}."
        number, fraction, decimal, _ = self._examples()
        forms = f'a fraction like "{fraction}" or a decimal like {decimal}'
        if whole:
            forms = f"a whole number like {number}, {forms}"
        return f"Type the exact answer: {forms}."

    def _inequality(self, response: object) -> Verdict:
        opening = f"? {_quoted(response)} says how big the answer is, not what it is."
        return Verdict("unreadable", f"{opening} {self._exact_advice(whole=True)}")

    def _unreadable(self, response: object) -> Verdict:
        empty = (
            response is None
            or response is Ellipsis
            or (isinstance(response, str) and not response.strip())
        )
        if empty:
            opening = "? There is no answer yet."
        else:
            kind = "a number" if self.numeric else "an answer"
            opening = f"? I could not read {_quoted(response)} as {kind}."
        if self.form:
            advice = f"Type {self.form}."
        elif self.numeric:
            whole, fraction, decimal, percent = self._examples()
            advice = (
                f'Type a whole number like {whole}, a fraction like "{fraction}", '
                f'a decimal like {decimal} or a percent like "{percent}".'
            )
        elif {_normal_text(answer) for answer in self.answers} <= {"yes", "no"}:
            advice = 'Type "yes" or "no", between quotes.'
        else:
            # A word the prompt offers in quotes ('Type "fewer", "more" or "same"') makes
            # the best example, as long as it is not the answer.
            offered = re.findall(r'"([^"\d]{1,20})"', self.prompt)
            word = next(
                (w for w in [*offered, *_WORD_EXAMPLES] if not self._matches_text(w)),
                _WORD_EXAMPLES[-1],
            )
            advice = f'Type a word between quotes, like "{word}".'
        return Verdict("unreadable", f"{opening} {advice}")

    # --- display --------------------------------------------------------------------

    @property
    def answer_text(self) -> str:
        """The answer as shown in the "Show the answer" box: ``'19/81 (about 0.23, or
        23%)'``, ``'1/8 (0.125, or 12.5%)'``. With several acceptable answers, the
        first is the answer and the others are listed after it:
        ``'bell (also accepted: bell curve, hill)'``."""
        first, *others = (_show(a) for a in self.answers)
        if others:
            return f"{first} (also accepted: {', '.join(others)})"
        return first

    def __str__(self) -> str:
        return f"{self.prompt}\n(Type your answer and check it with .check(your_answer).)"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        explanation = f"<p>{escape(self.explanation)}</p>" if self.explanation else ""
        return (
            '<div class="xactika-question" style="border:2px solid #0072B2;'
            'border-radius:8px;padding:0.6em 1em;margin:0.5em 0">'
            f"<p><b>Question:</b> {escape(self.prompt)}</p>"
            "<details><summary>Show the answer</summary>"
            f"<p><b>Answer:</b> {escape(self.answer_text)}</p>{explanation}"
            "</details></div>"
        )
