"""A self-check question's list of acceptable answers: numbers and words, checked.

:func:`answers_of` turns what a lesson gives :class:`~xactika_edu.teaching.selfcheck.
Question` as its ``answer`` (a number, a word, or a set, list or tuple of them) into a
tuple of answers, and refuses what no student could type or the "Show the answer" box
could show.

>>> answers_of({"bell curve", "bell"})
('bell', 'bell curve')
>>> answers_of(None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
xactika_edu.XactikaError: a question needs an answer: a number, a word, or a set of them; got None
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import cast

from ..base.checks import shown
from ..base.errors import XactikaError
from .answer_reading import normal_text, to_fraction

__all__ = ["MAX_ANSWER", "Answer", "answers_of"]

#: One acceptable answer: a number or a word/phrase.
Answer = int | float | Fraction | Decimal | str

#: The largest number answer (a lesson's counts, parts and angles are far below it): a
#: much larger one could not be shown in the "Show the answer" box.
MAX_ANSWER = 10**15
# The most bits in a number answer's denominator: every float fits (2**1074 at most).
_MAX_DENOMINATOR_BITS = 1100


def _showable(value: Fraction) -> bool:
    """Whether an answer is small enough to show (see :data:`MAX_ANSWER`)."""
    return abs(value) <= MAX_ANSWER and value.denominator.bit_length() <= _MAX_DENOMINATOR_BITS


def answers_of(answer: object) -> tuple[Answer, ...]:
    """The acceptable answers as a tuple: a set sorted (numbers first, then words), a
    list or tuple in its order, one answer alone.

    Raises:
        XactikaError: for no answer, empty text, a number that is not finite, or one
            too big to show (over :data:`MAX_ANSWER`, or a fraction with a denominator
            of over 300 digits).
    """
    given: list[object]
    if isinstance(answer, (set, frozenset)):
        given = sorted(answer, key=lambda a: (isinstance(a, str), normal_text(a), shown(a)))
    elif isinstance(answer, (list, tuple)):
        given = list(answer)
    else:
        given = [answer]
    if not given or answer is None:
        raise XactikaError(
            f"a question needs an answer: a number, a word, or a set of them; got {shown(answer)}"
        )
    for item in given:
        if isinstance(item, str):
            if not normal_text(item):
                raise XactikaError(f"an answer cannot be empty text, got {shown(item)}")
        elif (value := to_fraction(item)) is None:
            raise XactikaError(
                f"an answer must be a finite number or text, got {shown(item)} in {shown(answer)}"
            )
        elif not _showable(value):
            raise XactikaError(
                f"a number answer must be at most {MAX_ANSWER:,} in size and not a "
                f"fraction with a denominator of over 300 digits; got {shown(item)}"
            )
    # each item is text or a finite real number (a NumPy one too: not in the union)
    return cast(tuple[Answer, ...], tuple(given))
