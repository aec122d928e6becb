"""One way to print a number: percents, fractions, decimals, plurals and lists.

Base layer (imports errors, checks and language; :func:`and_list` lives in language).
Plots, worksheets, widgets, lessons and the app print every number through these
functions, so the same value prints the same way everywhere, or differently under a
name that says why:

* :func:`percent` is the lessons' rule: a whole percent, halves rounded up, never
  rounded to a certainty it is not (``"< 1%"``, ``"> 99%"``).
* :func:`decimal_not_rounded_to_certainty` is :func:`two_decimals` with the rule of
  :func:`percent`: a part that is neither 0 nor 1 never prints as ``0.00`` or ``1.00``
  (1/700 is ``"0.0014"`` where :func:`percent` says ``"< 1%"``); :func:`is_false_certainty`
  is that rule as a test, for code that reads a rounded number a student typed.
* :func:`exact_percent` is for answer keys, where a student works the percent out by
  hand: exact when it has at most two decimals (3/16 is ``"18.75%"``), else
  ``"about 33.3%"``.

>>> percent(Fraction(3, 16)), exact_percent(Fraction(3, 16))
('19%', '18.75%')
>>> fraction(Fraction(6, 16)), fraction_steps(6, 16), plural(1, "trick"), plural(3, "trick")
('3/8', '6/16 = 3/8', '1 trick', '3 tricks')
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from .checks import shown
from .errors import XactikaError
from .language import and_list

__all__ = [
    "about_one_decimal",
    "about_percent",
    "about_two_decimals",
    "and_list",
    "decimal_not_rounded_to_certainty",
    "exact_decimal",
    "exact_percent",
    "expected_points",
    "fraction",
    "fraction_steps",
    "is_false_certainty",
    "key_percent",
    "label_number",
    "one_decimal",
    "one_in",
    "out_of",
    "percent",
    "percent_tail",
    "plural",
    "short_fraction",
    "signed",
    "simulated_frequency",
    "simulated_percent",
    "two_decimals",
    "whole_percent",
]


def _exact(value: object, name: str) -> Fraction:
    """``value`` as an exact Fraction; a float as it is written (its shortest ``repr``:
    0.145 is 145/1000, not the binary number a hair below it), so a half written as a
    decimal rounds up as the same half written as a fraction does. A clear error for
    anything that is not a finite real number."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise XactikaError(
            f"{name} must be a number like Fraction(19, 81) or 0.25, got {shown(value)}"
        )
    if not isinstance(value, numbers.Rational) and not math.isfinite(value):
        raise XactikaError(f"{name} must be a finite number, got {shown(value)}")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    return Fraction(repr(float(value)))


def _scaled(value: Fraction, places: int) -> int:
    """``value`` times ``10**places``, rounded to a whole number, halves away from zero
    (the rule students use: 1/8 is 0.13, -1/8 is -0.13)."""
    magnitude = math.floor(abs(value) * 10**places + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


def _fixed(value: Fraction, places: int) -> str:
    """``value`` rounded to ``places`` decimals (:func:`_scaled`), every place written,
    never ``-0``.

    >>> _fixed(Fraction(1, 8), 2), _fixed(Fraction(-1, 8), 2), _fixed(Fraction(-1, 1000), 2)
    ('0.13', '-0.13', '0.00')
    >>> _fixed(Fraction(5, 2), 0), _fixed(Fraction(-5, 2), 0), _fixed(Fraction(3), 1)
    ('3', '-3', '3.0')
    """
    scaled = _scaled(value, places)
    whole, rest = divmod(abs(scaled), 10**places)
    return f"{'-' if scaled < 0 else ''}{whole}" + (f".{rest:0{places}d}" if places else "")


def whole_percent(part: Fraction | float) -> int:
    """A part of the whole as a whole percent, halves rounded up.

    The one rounding rule for every percent a student reads: plot labels, lessons,
    self-check answers.

    >>> whole_percent(Fraction(19, 81)), whole_percent(Fraction(1, 8)), whole_percent(0.5)
    (23, 13, 50)

    Args:
        part: a part of the whole, usually in [0, 1] (19/81 of the deck): a
            ``Fraction``, an int or a float.

    Returns:
        the nearest whole percent, an int. Exactly half-way rounds up, as students
        round (1/8 = 12.5% -> 13%), not to the even neighbor as Python's ``round``.

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    return _scaled(100 * _exact(part, "part"), 0)


def percent(part: Fraction | float) -> str:
    """A part of the whole as the lessons print it: a whole percent (:func:`whole_percent`),
    never rounded to a certainty it is not.

    >>> percent(Fraction(805, 1027)), percent(Fraction(1, 8)), percent(Fraction(999, 1000))
    ('78%', '13%', '> 99%')
    >>> percent(1), percent(0.001), percent(0)
    ('100%', '< 1%', '0%')

    Args:
        part: a part of the whole, usually in [0, 1].

    Returns:
        ``"N%"``; ``"< 1%"`` for a part above 0 that rounds to 0%, ``"> 99%"`` for a
        part below 1 that rounds to 100%.

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    exact = _exact(part, "part")
    rounded = whole_percent(exact)
    if rounded >= 100 and 0 < exact < 1:
        return "> 99%"
    if rounded <= 0 and 0 < exact < 1:
        return "< 1%"
    return f"{rounded}%"


def expected_points(value: float) -> str:
    """An expected score (a mean of points over many simulated hands) with its sign and
    two decimals: an average is rarely whole, unlike a score sheet's points
    (:func:`signed`); a mean that rounds to zero is ``"0.00"``, never ``"-0.00"``.

    Halves round up (away from zero), as everywhere here: 0.125 is ``"+0.13"``.

    >>> expected_points(1.2345), expected_points(-0.5), expected_points(-0.001)
    ('+1.23', '-0.50', '0.00')
    >>> expected_points(0.125), expected_points(-0.125)
    ('+0.13', '-0.13')

    Raises:
        XactikaError: if ``value`` is not a finite number.
    """
    text = _fixed(_exact(value, "value"), 2)
    return text if text.startswith("-") or text == "0.00" else f"+{text}"


def about_percent(part: Fraction | float, about: str = "about") -> str:
    """A part as the :func:`percent` a student rounds to, with ``"about"`` when the
    rounding changed it: for an answer key where the student writes a whole percent
    and should see that the key's is rounded too.

    >>> about_percent(Fraction(49, 73)), about_percent(Fraction(1, 4)), about_percent(1)
    ('about 67%', '25%', '100%')
    >>> about_percent(Fraction(1, 1000)), about_percent(Fraction(999, 1000))
    ('< 1%', '> 99%')

    A lesson that writes a rounded number as ``≈ 0.67`` marks a rounded percent the same
    way:

    >>> about_percent(Fraction(2, 3), about="≈"), about_percent(Fraction(1, 4), about="≈")
    ('≈ 67%', '25%')

    Args:
        part: a part of the whole, usually in [0, 1].
        about: the word (or sign) put in front of a rounded percent.

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    exact = _exact(part, "part")
    text = percent(exact)
    if (100 * exact).denominator == 1 or not text[0].isdigit():
        return text
    return f"{about} {text}"


def percent_tail(part: Fraction | float) -> str:
    """What follows a fraction (or its steps) on a page: ``" = 50%"`` when the percent
    is exact, ``", about 62%"`` when :func:`percent` rounded it (``", < 1%"`` near 0):
    an exact percent is never called "about". Write ``f"{fraction(p)}{percent_tail(p)}"``.

    >>> fraction_steps(27, 54) + percent_tail(Fraction(27, 54))
    '27/54 = 1/2 = 50%'
    >>> fraction(Fraction(50, 81)) + percent_tail(Fraction(50, 81))
    '50/81, about 62%'
    >>> percent_tail(Fraction(29, 50)), percent_tail(Fraction(1, 700))
    (' = 58%', ', < 1%')

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    text = about_percent(part)
    return f" = {text}" if text[0].isdigit() else f", {text}"


def exact_decimal(value: Fraction | int, places: int = 4) -> str | None:
    """``value`` as an exact decimal if it needs at most ``places`` decimals, else None.

    >>> exact_decimal(Fraction(1, 8)), exact_decimal(Fraction(-5, 4)), exact_decimal(100)
    ('0.125', '-1.25', '100')
    >>> exact_decimal(Fraction(1, 3)) is None
    True
    """
    scaled = Fraction(value) * 10**places
    if scaled.denominator != 1:
        return None
    return f"{Decimal(scaled.numerator).scaleb(-places).normalize():f}"


def exact_percent(part: Fraction | int, places: int = 1) -> str:
    """A part as a percent for an answer key, where a student works it out by hand:
    exact if it has at most two decimals, else ``"about"`` and ``places`` decimals
    (halves up), never rounded to a certainty it is not (``"< 0.1%"``, ``"> 99.9%"``).

    >>> exact_percent(Fraction(3, 16)), exact_percent(Fraction(1, 4)), exact_percent(Fraction(1, 3))
    ('18.75%', '25%', 'about 33.3%')
    >>> exact_percent(Fraction(24, 81), places=2), exact_percent(Fraction(3, 16), places=2)
    ('about 29.63%', '18.75%')
    >>> exact_percent(Fraction(1, 3000)), exact_percent(Fraction(2999, 3000))
    ('< 0.1%', '> 99.9%')

    Args:
        part: a part of the whole, usually in [0, 1].
        places: decimals of a percent that is not exact (1 on answer keys; 2 where a
            lesson shows why whole percents do not add up to 100).

    Raises:
        XactikaError: if ``part`` is not a number, or ``places`` is not a whole number
            from 0 up.
    """
    if isinstance(places, bool) or not isinstance(places, int) or places < 0:
        raise XactikaError(f"places must be a whole number from 0 up, got {shown(places)}")
    value = _exact(part, "part")
    exact = exact_decimal(value * 100, places=2)
    if exact is not None:
        return f"{exact}%"
    rounded = _fixed(100 * value, places)
    smallest = Fraction(1, 10**places)
    if Fraction(rounded) == 0 and 0 < value < 1:
        return f"< {_fixed(smallest, places)}%"
    if Fraction(rounded) == 100 and 0 < value < 1:
        return f"> {_fixed(100 - smallest, places)}%"
    return f"about {rounded}%"


def key_percent(part: Fraction) -> str:
    """A part as an answer key prints it: :func:`exact_percent` to whole percents, and
    next to a percent with decimals the whole percent it is about (the lessons' rule).

    >>> key_percent(Fraction(3, 8)), key_percent(Fraction(1, 4)), key_percent(Fraction(24, 81))
    ('37.5%, about 38%', '25%', 'about 30%')
    """
    text = exact_percent(part, places=0)
    if "." in text and not text.startswith(("about", "<", ">")):
        return f"{text}, about {percent(part)}"
    return text


def fraction(value: Fraction | int) -> str:
    """An exact fraction in lowest terms as a student writes it, a whole number
    without ``/1``.

    >>> fraction(Fraction(6, 16)), fraction(Fraction(27 * 27, 81)), fraction(Fraction(0))
    ('3/8', '9', '0')
    """
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


#: The most digits the top or the bottom of a fraction may have to be shown as it is.
SHORT_FRACTION_DIGITS = 6


def short_fraction(value: Fraction | int, digits: int = SHORT_FRACTION_DIGITS) -> str | None:
    """:func:`fraction` when its top and its bottom have at most ``digits`` digits,
    else ``None``: a 17-digit fraction tells a student nothing the percent does not,
    so a table shows the percent (and "about 1 in N") and keeps a long fraction as a
    detail.

    >>> short_fraction(Fraction(805, 1027)), short_fraction(Fraction(999999, 1000000))
    ('805/1027', None)
    >>> short_fraction(Fraction(161068268761727, 49050185428688073500)) is None
    True
    """
    text = fraction(value)
    return text if all(len(part) <= digits for part in text.split("/")) else None


def fraction_steps(count: int, total: int) -> str:
    """``count`` out of ``total`` as a fraction, then in lowest terms if that differs.

    >>> fraction_steps(6, 16), fraction_steps(3, 16), fraction_steps(8, 8)
    ('6/16 = 3/8', '3/16', '8/8 = 1')
    """
    simple = Fraction(count, total)
    text = f"{count}/{total}"
    if simple.denominator != total:
        text += f" = {fraction(simple)}"
    return text


def one_decimal(value: Fraction | int) -> str:
    """``value`` rounded to one decimal place, halves up.

    >>> one_decimal(Fraction(304, 81)), one_decimal(Fraction(1, 4)), one_decimal(3)
    ('3.8', '0.3', '3.0')
    """
    return _fixed(_exact(value, "value"), 1)


def two_decimals(value: Fraction | float) -> str:
    """``value`` to exactly 2 decimal places, halves rounded up, as a student writes a
    relative frequency read off a graph (``0.40``, not ``0.4``).

    A float is rounded as it is written (its shortest ``repr``), so 0.485 gives
    ``0.49`` although the stored binary number is a hair below 0.485; a Fraction is
    rounded exactly.

    >>> two_decimals(0.485), two_decimals(0.4849), two_decimals(1.0), two_decimals(Fraction(1, 3))
    ('0.49', '0.48', '1.00', '0.33')
    >>> two_decimals(Fraction(-1, 8)), two_decimals(-0.001), two_decimals(Fraction(7))
    ('-0.13', '0.00', '7.00')

    Raises:
        XactikaError: if ``value`` is not a finite number.
    """
    return _fixed(_exact(value, "value"), 2)


def is_false_certainty(rounded: Fraction | float, part: Fraction | float) -> bool:
    """Whether ``rounded``, a rounding of ``part``, says 0 ("none", "never") or 1 ("all",
    "always") of a part that is neither: the rounding :func:`percent` and
    :func:`decimal_not_rounded_to_certainty` never print.

    >>> is_false_certainty(0, Fraction(1, 700)), is_false_certainty(1, Fraction(699, 700))
    (True, True)
    >>> is_false_certainty(Fraction(1, 1000), Fraction(1, 700)), is_false_certainty(0, 0)
    (False, False)
    >>> is_false_certainty(0, Fraction(-1, 700))  # not a part of a whole: no certainty
    False

    Args:
        rounded: a rounded number, such as a student's ``"0%"`` read as 0.
        part: the exact value it stands for, a part of the whole in [0, 1].

    Returns:
        True if ``rounded`` is 0 or 1 and ``part`` is strictly between 0 and 1.

    Raises:
        XactikaError: if either is not a finite number.
    """
    shown_value = _exact(rounded, "rounded")
    exact = _exact(part, "part")
    return shown_value in (0, 1) and 0 < exact < 1


def decimal_not_rounded_to_certainty(part: Fraction | float) -> str:
    """A part of the whole as :func:`two_decimals`, but never rounded to 0 or 1 when it
    is neither: a part so near 0 or 1 that two decimals would print ``0.00`` or
    ``1.00`` gets the decimals it takes to show its first digit that is not 0 (or not
    9), and one more, halves rounded up.

    The decimal partner of :func:`percent`: it needs more than two decimals exactly
    when :func:`percent` says ``"< 1%"`` or ``"> 99%"``, so a line such as "1/700
    (about 0.0014, or < 1%)" never says zero and not zero at once.

    >>> decimal_not_rounded_to_certainty(Fraction(1, 700)), percent(Fraction(1, 700))
    ('0.0014', '< 1%')
    >>> decimal_not_rounded_to_certainty(Fraction(699, 700)), percent(Fraction(699, 700))
    ('0.9986', '> 99%')
    >>> decimal_not_rounded_to_certainty(Fraction(1, 3)), decimal_not_rounded_to_certainty(0)
    ('0.33', '0.00')
    >>> decimal_not_rounded_to_certainty(Fraction(1, 201)), decimal_not_rounded_to_certainty(1)
    ('0.0050', '1.00')

    Args:
        part: a part of the whole, usually in [0, 1]: a ``Fraction`` (exact), an int or
            a float (rounded as it is written, as in :func:`two_decimals`). A number
            outside (0, 1) prints as :func:`two_decimals` prints it.

    Returns:
        a decimal with at least 2 decimal places, ``"0.00"`` and ``"1.00"`` only for
        exactly 0 and 1.

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    exact = _exact(part, "part")  # checks it, naming it "part"
    text = two_decimals(part)
    if isinstance(part, float):
        exact = Fraction(Decimal(repr(float(part))))  # as written, like two_decimals

    def rounded(places: int) -> Fraction:  # halves up; exact is positive here
        return Fraction(math.floor(exact * 10**places + Fraction(1, 2)), 10**places)

    if not is_false_certainty(Fraction(text), exact):
        return text
    places = 3
    while is_false_certainty(rounded(places), exact):
        places += 1
    places += 1  # the first digit that tells it from 0 or 1, and one more
    return f"{Decimal(int(rounded(places) * 10**places)).scaleb(-places):f}"


def simulated_percent(part: Fraction | float) -> str:
    """A relative frequency from a simulation as a percent with one decimal, halves up.

    One place finer than the lessons' whole :func:`percent` on purpose: a simulation's
    estimate is compared with the exact chance, and a student should see it settle
    toward that chance as trials are added (1,001 of 4,000 and 1,019 of 4,000 are
    both "25%" but "25.0%" and "25.5%"). Halves round up, as in every other rule here.

    >>> simulated_percent(Fraction(4489, 10000)), simulated_percent(Fraction(1, 16))
    ('44.9%', '6.3%')
    >>> simulated_percent(0.75), simulated_percent(0), simulated_percent(1)
    ('75.0%', '0.0%', '100.0%')

    Args:
        part: successes out of trials, in [0, 1]: a ``Fraction`` (exact), an int
            or a float.

    Returns:
        ``"N.N%"``.

    Raises:
        XactikaError: if ``part`` is not a finite number.
    """
    return f"{_fixed(100 * _exact(part, 'part'), 1)}%"


def about_one_decimal(value: Fraction | int) -> str:
    """A whole number as it is, anything else as ``"about"`` and :func:`one_decimal`:
    an expected count or an angle a student works out and rounds.

    >>> about_one_decimal(Fraction(9)), about_one_decimal(Fraction(304, 81))
    ('9', 'about 3.8')
    """
    value = Fraction(value)
    return fraction(value) if value.denominator == 1 else f"about {one_decimal(value)}"


def about_two_decimals(value: Fraction | int) -> str:
    """``value`` to two decimals (halves up, a trailing zero kept), ``"about"`` in front
    unless that is exact: a relative frequency as a student writes it in hundredths.

    >>> about_two_decimals(Fraction(1, 2)), about_two_decimals(Fraction(5, 8))
    ('0.50', 'about 0.63')
    >>> about_two_decimals(Fraction(-1, 3)), about_two_decimals(1)
    ('about -0.33', '1.00')
    """
    value = _exact(value, "value")
    text = _fixed(value, 2)
    return text if (100 * value).denominator == 1 else f"about {text}"


def label_number(value: Fraction | int) -> str:
    """A number for a graph label: exact as a decimal when it has at most 2 decimal
    places, else rounded to 2 places (halves up) and marked with ``≈``.

    >>> label_number(Fraction(8)), label_number(Fraction(39, 5)), label_number(Fraction(61, 7))
    ('8', '7.8', '≈ 8.71')
    """
    value = _exact(value, "value")
    if value.denominator == 1:
        return str(value.numerator)
    text = _fixed(value, 2)
    return text.rstrip("0") if (100 * value).denominator == 1 else f"≈ {text}"


def one_in(chance: Fraction) -> str:
    """A small chance as "about 1 in N" (``N`` rounded, with thousands commas); empty
    for a chance of 1% or more, or 0.

    >>> one_in(Fraction(1, 548)), one_in(Fraction(1, 4)), one_in(Fraction(0))
    ('about 1 in 548', '', '')
    >>> one_in(Fraction(2, 201))              # 1 in 100.5: halves round up
    'about 1 in 101'
    """
    if not 0 < chance < Fraction(1, 100):
        return ""
    return f"about 1 in {_scaled(1 / _exact(chance, 'chance'), 0):,}"


def plural(count: int, word: str, *, commas: bool = False) -> str:
    """A count and a word, with an ``s`` unless the count is 1.

    >>> plural(1, "card"), plural(0, "card"), plural(19, "threat")
    ('1 card', '0 cards', '19 threats')

    ``commas=True`` writes a big count with thousands commas, as a lesson does for
    simulated deals or draws:

    >>> plural(10_000, "deal", commas=True), plural(1, "draw", commas=True)
    ('10,000 deals', '1 draw')
    """
    number = f"{count:,}" if commas else f"{count}"
    return f"{number} {word}" if count == 1 else f"{number} {word}s"


def signed(points: int) -> str:
    """Points with their sign, as on a score sheet: ``'+3'``, ``'-1'``, ``'0'``.

    >>> signed(3), signed(-1), signed(0)
    ('+3', '-1', '0')

    Raises:
        XactikaError: if ``points`` is not a whole number.
    """
    if isinstance(points, bool) or not isinstance(points, numbers.Integral):
        raise XactikaError(f"points must be a whole number, got {shown(points)}")
    return f"{int(points):+d}" if points else "0"


def out_of(part: Fraction | float, trials: int) -> str:
    """A relative frequency from ``trials`` simulated deals as the count it came from,
    with thousands commas: the same way for every row of a column, 0 and all included.

    >>> out_of(0.73, 500), out_of(0.0, 2000), out_of(1.0, 500)
    ('365 of 500', '0 of 2,000', '500 of 500')

    Args:
        part: successes / ``trials``, in [0, 1]; trials: the number of simulated deals.
    """
    return f"{round(part * trials):,} of {trials:,}"


def simulated_frequency(
    part: Fraction | float,
    trials: int,
    as_percent: Callable[[Fraction | float], str] = simulated_percent,
) -> str:
    """A relative frequency from ``trials`` simulated deals as a student reads it: a
    count when it is none or all of the deals, else ``as_percent(part)``.

    "0.0%" (or "0%") beside an exact "< 1%" reads as impossible; "0 of 2,000 deals"
    says what the simulation saw. Every other frequency is printed by ``as_percent``,
    a function of this module (default
    :func:`simulated_percent`).

    >>> simulated_frequency(0.0, 2000), simulated_frequency(1.0, 500)
    ('0 of 2,000 deals', '500 of 500 deals')
    >>> simulated_frequency(0.25, 2000), simulated_frequency(0.25, 2000, as_percent=percent)
    ('25.0%', '25%')

    Args:
        part: successes / ``trials``, in [0, 1]; trials: the number of simulated deals.
        as_percent: how any other frequency is printed.
    """
    if part in (0, 1):
        return f"{out_of(part, trials)} {'deal' if trials == 1 else 'deals'}"
    return as_percent(part)
