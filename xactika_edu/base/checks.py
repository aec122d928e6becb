"""Argument checks, and a safe way to show any value in an error message.

Base layer: imports only :mod:`xactika_edu.base.errors`. Every public function checks its
arguments with these helpers, so bad input gets one :class:`XactikaError` that names
the value, never a raw ``TypeError`` from deep inside.

:func:`shown` is the one way to put a value a user gave into a message: it never
raises and never returns more than a line, whatever the value (a whole number of
5,000 digits, a list nested 3,000 deep, a data frame, an object whose ``repr``
fails).

>>> shown("3213")
"'3213'"
>>> shown(10**5000)
'<a whole number of 5,001 digits>'
>>> check_whole(11, "players", 2, 10)
Traceback (most recent call last):
...
xactika_edu.XactikaError: players must be from 2 to 10, got 11
"""

from __future__ import annotations

import math
import numbers
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any, TypeGuard

from .errors import XactikaError

__all__ = [
    "SHOWN_LENGTH",
    "as_items",
    "check_number",
    "check_record",
    "check_whole",
    "is_whole",
    "shown",
]

#: The most characters :func:`shown` returns; the middle of anything longer is cut.
SHOWN_LENGTH = 120

# Whole numbers with more bits than this (about 900 digits) are shown by their size:
# Python refuses to print one of more than 4,300 digits.
_SHOWN_BITS = 3_000


def _(message: str) -> str:
    """``message`` in the current language (:func:`xactika_edu.base.language.gettext`,
    imported here when used: that module imports this one)."""
    from .language import gettext

    return gettext(message)


def _digits(number: int) -> int:
    """The number of decimal digits of ``number``, without printing it."""
    number = abs(number)
    if number == 0:
        return 1
    estimate = int(number.bit_length() * math.log10(2))  # floor(log10) or one less
    return estimate + (1 if number >= 10**estimate else 0)


class _Shower(reprlib.Repr):
    """``reprlib`` with limits for messages, and shields against failing reprs."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxarray = self.maxdeque = 8
        self.maxset = self.maxfrozenset = 8
        self.maxdict = 6
        self.maxstring = 80
        self.maxlong = 60
        self.maxother = SHOWN_LENGTH

    def repr1(self, x: Any, level: int) -> str:
        try:
            return super().repr1(x, level)
        except Exception:  # a repr that fails (too big, too deep, broken) is not shown
            return f"<{type(x).__name__}>"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > _SHOWN_BITS:
            sign = "negative " if x < 0 else ""
            return f"<a {sign}whole number of {_digits(x):,} digits>"
        return super().repr_int(x, level)

    def repr_Fraction(self, x: Any, level: int) -> str:
        parts = (self.repr_int(x.numerator, level), self.repr_int(x.denominator, level))
        return f"Fraction({parts[0]}, {parts[1]})"

    def repr_DataFrame(self, x: Any, level: int) -> str:
        columns = self.repr1([str(c) for c in x.columns], level - 1)
        return f"<DataFrame of {len(x)} rows, columns {columns}>"

    def repr_instance(self, x: Any, level: int) -> str:
        text = super().repr_instance(x, level)
        return f"<{type(x).__name__}>" if "\n" in text else text


_SHOWER = _Shower()


def shown(value: object, limit: int = SHOWN_LENGTH, *, quoted: bool = True) -> str:
    """``value`` as a short ``repr`` for an error message; never raises.

    Short values look exactly as ``repr`` shows them; long text, long or deep lists
    and huge numbers are cut in the middle, so the message stays one readable line of
    at most ``limit`` characters. Cut text says how long it was.

    >>> shown([1, [2, [3, [4, [5]]]]])
    '[1, [2, [3, [...]]]]'
    >>> shown("x" * 500, limit=40)
    "'xxxxxxxxx...xxxxxxxxx' (500 characters)"
    >>> shown("Ana"), shown("Ana", quoted=False)
    ("'Ana'", 'Ana')

    Args:
        value: anything.
        limit: the most characters of the value itself to show (default
            :data:`SHOWN_LENGTH`).
        quoted: if False, text is shown as itself, without quotes.

    Returns:
        one line of text.
    """
    if isinstance(value, str):
        text = repr(value) if quoted else value
        text = text.replace("\n", " ").replace("\r", " ")
        if len(text) <= limit:
            return text
        suffix = f" ({len(value)} characters)"
        return _middle_cut(text, limit - len(suffix)) + suffix
    try:
        text = _SHOWER.repr(value)
    except Exception:  # pragma: no cover - repr1 already shields every value
        text = f"<{type(value).__name__}>"
    text = text.replace("\n", " ")
    return text if len(text) <= limit else _middle_cut(text, limit)


def _middle_cut(text: str, limit: int) -> str:
    """``text`` with its middle replaced by "...", about ``limit`` characters long."""
    half = max(1, (limit - 3) // 2)
    return text[:half] + "..." + text[-half:]


def _is_whole(value: object) -> TypeGuard[numbers.Integral]:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """Whether ``value`` is a whole number from ``low`` to ``high`` (inclusive; ``None``:
    no bound); never raises, whatever the value.

    The test behind :func:`check_whole`, for code that writes its own message.
    ``True``/``False`` and floats (even ``3.0``) are not whole numbers; NumPy whole
    numbers are.

    >>> is_whole(3, 0, 3), is_whole(3.0, 0, 3), is_whole(True), is_whole([[1, 2]], 0, 3)
    (True, False, False, False)
    """
    if not _is_whole(value):
        return False
    number = int(value)
    return (low is None or number >= low) and (high is None or number <= high)


def check_whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high``.

    ``True``/``False``, floats (even ``3.0``) and text are refused: a count is typed
    as a whole number.

    >>> check_whole(3, "players", 2, 10)
    3
    >>> check_whole("3", "players", 2, 10)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: players must be a whole number from 2 to 10, got '3'

    Args:
        value: the argument given.
        name: what it is, as the message should call it (``"players"``).
        low, high: the smallest and largest allowed, inclusive.

    Returns:
        ``int(value)``.

    Raises:
        XactikaError: naming ``name`` and the value, if it is not a whole number in range.
    """
    if not _is_whole(value):
        raise XactikaError(
            _("{name} must be a whole number from {low} to {high}, got {value}").format(
                name=name, low=low, high=high, value=shown(value)
            )
        )
    number = int(value)
    if not low <= number <= high:
        raise XactikaError(
            _("{name} must be from {low} to {high}, got {value}").format(
                name=name, low=low, high=high, value=shown(number)
            )
        )
    return number


def check_number(
    value: object,
    name: str,
    low: float | None = None,
    high: float | None = None,
    *,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """``value`` as a ``float`` if it is a finite real number in the range.

    Whole numbers, floats, fractions and NumPy numbers are read; ``True``/``False``,
    text, NaN and infinities are refused, as is a number too large for a float.

    >>> check_number(0.95, "confidence level", 0, 1, low_open=True, high_open=True)
    0.95
    >>> check_number(float("nan"), "margin", 0, 1)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: margin must be a number from 0 to 1, got nan

    Args:
        value: the argument given.
        name: what it is, as the message should call it.
        low, high: the bounds (``None``: no bound), inclusive unless ``low_open`` /
            ``high_open``.

    Returns:
        ``float(value)``.

    Raises:
        XactikaError: naming ``name`` and the value.
    """
    wanted = _number_wanted(name, value, low, high, low_open, high_open)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise XactikaError(wanted)
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        raise XactikaError(wanted) from None
    if not math.isfinite(number):
        raise XactikaError(wanted)
    too_low = low is not None and (number <= low if low_open else number < low)
    too_high = high is not None and (number >= high if high_open else number > high)
    if too_low or too_high:
        raise XactikaError(wanted)
    return number


def _number_wanted(
    name: str,
    value: object,
    low: float | None,
    high: float | None,
    low_open: bool,
    high_open: bool,
) -> str:
    """The message of :func:`check_number`: one whole sentence per kind of range."""
    if low is not None and high is not None:
        if low_open and high_open:
            message = _("{name} must be a number between {low} and {high}, got {value}")
        elif low_open:
            message = _("{name} must be a number above {low} and at most {high}, got {value}")
        elif high_open:
            message = _("{name} must be a number at least {low} and below {high}, got {value}")
        else:
            message = _("{name} must be a number from {low} to {high}, got {value}")
    elif low is not None:
        message = (
            _("{name} must be a number above {low}, got {value}")
            if low_open
            else _("{name} must be a number of at least {low}, got {value}")
        )
    elif high is not None:
        message = (
            _("{name} must be a number below {high}, got {value}")
            if high_open
            else _("{name} must be a number of at most {high}, got {value}")
        )
    else:
        message = _("{name} must be a number, got {value}")
    return message.format(
        name=name,
        value=shown(value),
        low="" if low is None else f"{low:g}",
        high="" if high is None else f"{high:g}",
    )


def as_items(value: object, what: str, *, example: str = "['3213', '1111']") -> tuple[Any, ...]:
    """The items of a list-like ``value`` as a tuple; text, bytes, mappings and
    non-iterables are refused.

    >>> as_items(["3213"], "hand")
    ('3213',)
    >>> as_items(5, "hand")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: hand must be a list like ['3213', '1111'], got 5

    Args:
        value: the argument given: a list, tuple, generator or other iterable.
        what: what it is, as the message should call it.
        example: a valid value to show in the message.

    Raises:
        XactikaError: naming ``what`` and the value.
    """
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise XactikaError(
            _("{what} must be a list like {example}, got {value}").format(
                what=what, example=example, value=shown(value)
            )
        )
    try:
        return tuple(value)
    except XactikaError:
        raise
    except Exception as error:  # an iterable that fails while it is read
        raise XactikaError(
            _("{what} could not be read as a list: {value}").format(what=what, value=shown(value))
        ) from error


#: Types a record (from ``to_record``, or read from JSON) may hold.
_RECORD_LEAVES = (str, int, type(None))
_RECORD_TEXT = 10_000  # characters in one text value
_RECORD_BITS = 64  # bits in one whole number


def check_record(
    record: object, what: str, *, max_depth: int, max_items: int = 100_000
) -> Mapping[str, Any]:
    """Check the shape of a saved record before it is read, without recursion.

    A record is a mapping of text keys to whole numbers, text, ``None`` and lists
    (or mappings) of those, nested at most ``max_depth`` levels below the record,
    with at most ``max_items`` values in all.

    >>> check_record({"players": [[["3213"]]]}, "round record", max_depth=2)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: round record ['players'][0][0] is nested too deeply: ...

    Args:
        record: the value given as a record.
        what: what it is, as the message should call it (``"game record"``).
        max_depth: how many levels of lists/mappings may sit inside the record.
        max_items: how many values the record may hold in all.

    Returns:
        ``record`` itself.

    Raises:
        XactikaError: naming the place (``['rounds'][0]['hands'][1]``) and what is
        wrong there: too deep, too big, a type a record cannot hold, a key that is
        not text, text too long, or a whole number too large.
    """
    if not isinstance(record, Mapping):
        raise XactikaError(
            _("{what} must be a mapping (a dict), got {value}").format(
                what=what, value=shown(record)
            )
        )
    stack: list[tuple[str, object, int]] = [("", record, 0)]
    seen = 0
    while stack:
        place, value, depth = stack.pop()
        seen += 1
        if seen > max_items:
            raise XactikaError(
                _("{what} is too big: more than {count} values").format(
                    what=what, count=f"{max_items:,}"
                )
            )
        where = f"{what} {place}" if place else what
        if isinstance(value, (Mapping, list, tuple)):
            if depth > max_depth:
                raise XactikaError(
                    _(
                        "{where} is nested too deeply: at most {depth} levels of lists "
                        "fit in a {what}, got {value}"
                    ).format(where=where, depth=max_depth, what=what, value=shown(value))
                )
            if isinstance(value, Mapping):
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise XactikaError(
                            _("{where} has a key that is not text: {value}").format(
                                where=where, value=shown(key)
                            )
                        )
                    stack.append((f"{place}[{shown(key)}]", item, depth + 1))
            else:
                stack.extend((f"{place}[{i}]", item, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, bool) or not isinstance(value, (*_RECORD_LEAVES, numbers.Integral)):
            raise XactikaError(
                _("{where} must be a whole number, text, None or a list, got {value}").format(
                    where=where, value=shown(value)
                )
            )
        elif isinstance(value, str) and len(value) > _RECORD_TEXT:
            raise XactikaError(
                _("{where} is text of {count} characters, too long").format(
                    where=where, count=f"{len(value):,}"
                )
            )
        elif isinstance(value, numbers.Integral) and int(value).bit_length() > _RECORD_BITS:
            raise XactikaError(
                _("{where} is a whole number too large: {value}").format(
                    where=where, value=shown(value)
                )
            )
    return record
