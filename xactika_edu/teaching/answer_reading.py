"""Reading a student's answer: numbers written as on paper, words, and the one rounding
rule the lessons use.

:func:`read_number` reads ``"19"``, ``"19/81"``, ``"2 2/3"``, ``"0.23"``, ``".23"``,
``"23%"`` and ``"nineteen"``; :func:`lone_number` finds the one number in ``"7 ways"``;
:func:`rounds_to` is the rounding rule: a decimal or percent is right when it is the
exact value, or the value rounded to the nearest hundredth (whole percent), a half
rounding up, or to more places if they are typed (12.5% for 1/8). Truncating is not
rounding: 66% is not 2/3 rounded; 67% is.

>>> read_number("23%")
Number(value=Fraction(23, 100), rounded=True, places=2, percent=True)
>>> rounds_to(read_number("67%"), Fraction(2, 3)), rounds_to(read_number("66%"), Fraction(2, 3))
(True, False)
>>> rounds_to(read_number("12.5%"), Fraction(1, 8)), rounds_to(read_number("12%"), Fraction(1, 8))
(True, False)
>>> rounds_to(read_number("0.3"), Fraction(296, 1000))  # 0.3 is 0.30: the rule's places
True
>>> read_number("minus 2").value, read_number("15 out of 81").value
(Fraction(-2, 1), Fraction(5, 27))
>>> read_number("lose 2").value, read_number("18º").value, read_number("66 2/3%").value
(Fraction(-2, 1), Fraction(18, 1), Fraction(2, 3))
>>> read_expression("33/73 × 32/72").value, read_expression("1/2 x 1/3 = 1/6").value
(Fraction(44, 219), Fraction(1, 6))
>>> read_expression("1 − 98/219").value, read_expression("49/219 + 49/219 + 23/219").value
(Fraction(121, 219), Fraction(121, 219))
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NamedTuple

from ..base.language import language
from .spanish_answers import spanish_for_reading

__all__ = [
    "NUMBER_WORDS",
    "RULE_PLACES",
    "Number",
    "answer_after_working",
    "answer_before_reason",
    "card_name_count",
    "cut_off",
    "cuts_off",
    "is_calculation",
    "is_inequality",
    "is_number",
    "lone_number",
    "near_fraction",
    "normal_text",
    "part_of_whole",
    "read_expression",
    "read_number",
    "readable_text",
    "round_half_up",
    "rounds_to",
    "to_fraction",
]

#: The rounding rule's decimal places for a part of a whole: the nearest hundredth,
#: which is the nearest whole percent.
RULE_PLACES = 2

_WORDS_0_TO_20 = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
)
NUMBER_WORDS = {word: value for value, word in enumerate(_WORDS_0_TO_20.split())}
NUMBER_WORDS["none"] = 0  # "How many hands ...?" "None."
# 21 to 99 as said: "twenty seven" (and "twenty-seven": a hyphen between words is a space)
for _tens, _name in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2
):
    NUMBER_WORDS[_name] = 10 * _tens
    for _unit in range(1, 10):
        NUMBER_WORDS[f"{_name} {_WORDS_0_TO_20.split()[_unit]}"] = 10 * _tens + _unit
# a fraction in words: "one third", "two thirds", "a half", "three quarters"
_PARTS = {"half": 2, "halve": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6}
_PARTS.update({"seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10})
_PART_WORDS_RE = re.compile(
    rf"^(a|an|{'|'.join(list(NUMBER_WORDS)[1:11])}) ({'|'.join(_PARTS)})s?$"
)
_DECIMAL = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_FRACTION_RE = re.compile(rf"^({_DECIMAL})\s*/\s*({_DECIMAL})$")
_MIXED_RE = re.compile(r"^([+-]?\d+)\s+(\d+)\s*/\s*(\d+)$")
_PERCENT_RE = re.compile(rf"^({_DECIMAL})\s*(?:%|percent|per cent)$")
# a percent written with a fraction: "66 2/3%", "33 1/3 percent"
_MIXED_PERCENT_RE = re.compile(r"^([+-]?\d+)\s+(\d+)\s*/\s*(\d+)\s*(?:%|percent|per cent)$")
# an angle's unit, read as plain degrees: "18°", "18º" (the ordinal sign many keyboards
# give), "18˚", "18 deg", "18 degrees"
_DEGREES_RE = re.compile(r"(?<=[\d.])\s*(?:°|º|˚|degrees?|degs?)$")
# a sign said in words, as on paper: "negative 2", "minus 2", "- 2"; a score: "lose 2"
_SIGN_WORDS_RE = re.compile(r"(?:^|(?<=\s))(?:negative|minus|lose|loses|lost|losing|-)\s*(?=[\d.])")
_VULGAR = {
    "½": " 1/2",
    "⅓": " 1/3",
    "⅔": " 2/3",
    "¼": " 1/4",
    "¾": " 3/4",
    "⅕": " 1/5",
    "⅙": " 1/6",
    "⅛": " 1/8",
}
_NUMBER_RE = re.compile(rf"^{_DECIMAL}$")
# words before the answer that say nothing about it: "it's 9", "it is 9", "= 9"
_LEAD_RE = re.compile(
    r"^(?:(?:it's|it is|its|that's|that is|the answer is|answer:?"
    r"|(?:so )?(?:the )?(?:chance|probability) is)\s+|=\s*)"
)
# "≈ 28", "~28", "about 44%": the number a student rounded to, read as that number
_ABOUT_RE = re.compile(r"^(?:≈|~|about|around|approximately|approx\.?|roughly)\s*(?=[\d.+-])")
# number words (not "none") as whole words, the longest first ("twenty seven" before "twenty")
_NUMBER_WORDS_RE = re.compile(
    r"\b(?:"
    + "|".join(sorted((w for w in NUMBER_WORDS if w != "none"), key=len, reverse=True))
    + r")\b"
)
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


def is_number(value: object) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def to_fraction(value: object) -> Fraction | None:
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


def _decimal(text: str) -> Fraction:
    return Fraction(Decimal(text))


class Number(NamedTuple):
    """A number read from an answer or a response. ``rounded`` marks decimals and
    percents (and floats), which may be rounded; whole numbers and fractions are
    exact. ``places``: the decimal places of ``value`` as written (``"67%"`` is 0.67:
    2 places; ``"0.3"``: 1; exact numbers: 0). ``percent``: written as a percent (a
    part of a whole)."""

    value: Fraction
    rounded: bool
    places: int = 0
    percent: bool = False


def read_number(response: object) -> Number | None:
    """A response (or an answer) as a number, or None if it is not one.

    Reads numbers, and text such as ``"19"``, ``"19/81"``, ``"2 2/3"``, ``"0.23"``,
    ``".23"``, ``"23%"``, ``"66 2/3%"``, ``"nineteen"``, ``"two thirds"``,
    ``"15 out of 81"`` (also ``"18 of the 54 cards"``, ``"1 in 28"``); an angle
    (``"18°"``, ``"18º"``, ``"18˚"``, ``"18 deg"``, ``"18 degrees"``) as its number of
    degrees; a sign in words (``"minus 2"``, ``"negative 2"``) and a score's loss
    (``"lose 2"``, ``"lost 2 points"``, ``"a loss of 2"``) as below 0. Spaces and a final
    full stop are ignored.
    """
    if not isinstance(response, str):
        value = to_fraction(response)
        if value is None:
            return None
        if isinstance(response, numbers.Rational):
            return Number(value, rounded=False)
        if isinstance(response, Decimal):
            return Number(value, True, max(0, -int(response.as_tuple().exponent)))
        written = repr(float(value))  # a float as the shortest decimal that gives it
        if "e" in written:
            return Number(value, True, 17)
        return Number(_decimal(written), True, _places(written))
    # "it's 9", "= 9", "62%?" (an unsure student's question mark)
    text = _LEAD_RE.sub("", _decimal_comma(_plain(response)).rstrip(".?! "))
    about = _ABOUT_RE.match(text)
    if about:  # "≈ 28", "about 44%": the number a student rounded to
        number = read_number(text[about.end() :])
        return None if number is None else number._replace(rounded=True)
    text = text.replace(",", "")
    text = re.sub(r"^(?:a )?loss of\s*(?=[\d.])", "-", text)
    text = _SIGN_WORDS_RE.sub("-", text, count=1) if _SIGN_WORDS_RE.match(text) else text
    # "15 out of 81", "18 of the 54 cards", "1 in 28": a part of a whole
    text = re.sub(
        r"^([\d.]+)(?: [a-z]+)? (?:out of|of|in)(?: the)? ([\d.]+)(?: [a-z]+)?$", r"\1/\2", text
    )  # also "15 cards of 81"
    text = re.sub(r"^([\d.]+)(?: points?)? lost$", r"-\1", text)  # "2 points lost"
    text = re.sub(r"\s+points?$", "", text)  # "-2 points", "lose 2 points"
    text = _DEGREES_RE.sub("", text).strip()
    try:
        if text in NUMBER_WORDS:
            return Number(Fraction(NUMBER_WORDS[text]), rounded=False)
        match = _PART_WORDS_RE.match(text)
        if match:
            count = 1 if match.group(1) in ("a", "an") else NUMBER_WORDS[match.group(1)]
            return Number(Fraction(count, _PARTS[match.group(2)]), rounded=False)
        if _NUMBER_RE.match(text):
            return Number(_decimal(text), rounded="." in text, places=_places(text))
        match = _PERCENT_RE.match(text)
        if match:
            return Number(_decimal(match.group(1)) / 100, True, _places(match.group(1)) + 2, True)
        match = _FRACTION_RE.match(text)
        if match:
            top, bottom = (_decimal(part) for part in match.groups())
            return None if bottom == 0 else Number(top / bottom, rounded="." in text)
        match = _MIXED_PERCENT_RE.match(text)
        if match:
            value = _mixed(match)
            return None if value is None else Number(value / 100, False, 2, True)
        match = _MIXED_RE.match(text)
        if match:
            value = _mixed(match)
            return None if value is None else Number(value, rounded=False)
    except (ValueError, ArithmeticError, InvalidOperation):
        return None
    digits = _with_digits(text)  # "one in 28", "minus two": words among the words
    return read_number(digits) if digits != text else None


def _plain(text: str) -> str:
    """``text`` in lower case with single spaces, one kind of minus sign, and
    fractions such as "⅔" written out (" 2/3")."""
    if language() == "es":  # Spanish words in the forms read here (spanish_answers)
        text = spanish_for_reading(text)
    text = text.strip().lower().replace("−", "-").replace("–", "-").replace("’", "'")
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)  # "twenty-seven", "two-thirds"
    for sign, written in _VULGAR.items():
        text = text.replace(sign, written)
    text = re.sub(r"(?<=[\d.])\s*(?:percent|per cent)\b", "%", text)  # "44 percent": 44%
    return re.sub(r"\s+", " ", text).strip()


def _decimal_comma(text: str) -> str:
    """``text`` with a decimal comma written as a point ("0,19" -> "0.19", "18,5%" ->
    "18.5%"); a comma before exactly three digits stays a thousands comma ("1,058")."""

    def point(match: re.Match[str]) -> str:
        whole, part = match.groups()
        return f"{whole}.{part}" if whole == "0" or len(part) != 3 else match.group(0)

    return re.sub(r"(?<![\d.,])(\d+),(\d+)(?![\d,])", point, text)


def _with_digits(text: str) -> str:
    """``text`` with number words among other words written as digits ("one in 28" ->
    "1 in 28", "minus two" -> "minus 2", "bid two" -> "bid 2")."""
    return _NUMBER_WORDS_RE.sub(lambda match: str(NUMBER_WORDS[match.group(0)]), text)


# a product typed as on paper: "33/73 × 32/72", "1/2 x 1/3", "0.5 * 0.4"
_TIMES_RE = re.compile(r"(?<=[\d%.])\s*(×|\*|·|⋅|x|times|÷|divided by|of)\s*(?=[\d.])")
_DIVIDE = ("÷", "divided by")
# a sum or difference: "1 - 98/219", "49/219 + 23/219", "1 minus 98/219" (a leading
# "-2" is a sign, not a difference)
_PLUS_MINUS_RE = re.compile(r"(?<=[\d%.])\s*(\+|-|plus\b|minus\b)\s*(?=[\d.])")
# any calculation, worked out or not: two numbers with an operation between them
_CALCULATION_RE = re.compile(r"[\d%.]\s*(?:[-+×x*·⋅÷:]|plus|minus|times|divided by)\s*[\d.]")


def read_expression(response: object) -> Number | None:
    """A response written as a calculation, as on paper: sums, differences and products
    of numbers (``"33/73 × 32/72"``, with ×, x, * or ·; ``"1 − 98/219"``, ``"49/219 +
    23/219"``, products first) are their value, and a worked line (``"1/2 × 1/3 = 1/6"``,
    ``"... ≈ 20%"``) is its last side. None if it is not one (a single number is
    :func:`read_number`'s).
    """
    if not isinstance(response, str):
        return None
    sides = re.split(r"=|≈", _decimal_comma(_plain(response)))
    if len(sides) > 1 and not re.search(r"\d", sides[0]):  # a label: "MAD = 1", "= 9"
        sides = sides[1:]
        if len(sides) == 1:
            return read_number(sides[0]) or read_expression(sides[0])
    if len(sides) > 1:
        numbers = [read_number(side) or read_expression(side) for side in sides]
        return numbers[-1] if all(n is not None for n in numbers) else None
    parts = _PLUS_MINUS_RE.split(sides[0])  # term, sign, term, sign, term...
    if len(parts) == 1 and len(_TIMES_RE.split(parts[0])) < 2:
        return None
    value = Fraction(0)
    rounded = False
    for index in range(0, len(parts), 2):
        term = Fraction(1)
        factors = _TIMES_RE.split(parts[index])  # factor, operation, factor, ...
        for at in range(0, len(factors), 2):
            number = read_number(factors[at])
            if number is None or (at and factors[at - 1] in _DIVIDE and number.value == 0):
                return None
            term = term / number.value if at and factors[at - 1] in _DIVIDE else term * number.value
            rounded = rounded or number.rounded
        value += -term if index and parts[index - 1] in ("-", "minus") else term
    return Number(value, rounded=rounded, places=0)


def readable_text(response: object) -> bool:
    """Whether ``response`` is text (or a number) with at least one letter or digit."""
    return (isinstance(response, str) or is_number(response)) and bool(
        re.search(r"\w", normal_text(response))
    )


def is_calculation(response: object) -> bool:
    """Whether ``response`` is text with a calculation in it (``"1 - 98/219"``,
    ``"3 times 5"``), worked out or not."""
    return isinstance(response, str) and bool(_CALCULATION_RE.search(_plain(response)))


_NUMBER_TOKEN = re.compile(r"-?(?:\d+(?:[.,]\d+)*|\.\d+)(?:\s*/\s*\d+)?\s*%?")


def _mixed(match: re.Match[str]) -> Fraction | None:
    """The mixed number ``-2 1/2`` matched as (whole, numerator, denominator); None for
    a zero denominator."""
    whole, numerator, denominator = (int(part) for part in match.groups())
    if denominator == 0:
        return None
    return whole + (-1 if match.group(1).startswith("-") else 1) * Fraction(numerator, denominator)


def lone_number(text: str) -> str:
    """The one number in ``text`` among words ("7 ways" -> "7", "18°" -> "18"), or ""
    if there is none or more than one ("3 or 9")."""
    text = _SIGN_WORDS_RE.sub("-", _with_digits(_plain(text)))  # "minus 2 points": -2
    tokens = _NUMBER_TOKEN.findall(text)
    rest = _NUMBER_TOKEN.sub(" ", text)
    # words around the number may have an apostrophe or end with "!" ("I'd bid 2", "27 ways!")
    if len(tokens) != 1 or re.search(r"[^\w\s°.'!]", rest) or re.search(r"\d", rest):
        return ""
    return tokens[0].strip()


# a count said as a part of a whole: "185 out of 300", "about 185 of the 300 cards"
_PART_OF_WHOLE_RE = re.compile(
    r"^(\D*?[\d.,]*\d)(?: [a-z]+)? (?:out of|of) (?:the )?[\d,]*\d(?: [a-z]+)?$"
)


def part_of_whole(text: object) -> str:
    """The count of a count said as a part of a whole ("185 out of 300" -> "185",
    "about 185 of the 300 cards" -> "about 185"), or "" if ``text`` is not one.

    >>> part_of_whole("about 185 cards out of 300"), part_of_whole("185")
    ('about 185', '')
    """
    if not isinstance(text, str):
        return ""
    match = _PART_OF_WHOLE_RE.match(_plain(text).rstrip(".?!"))
    return match.group(1).strip() if match else ""


_REASON_RE = re.compile(
    r"\s*(?:,\s|;|:\s|\(|\bbecause\b|\bsince\b|\.\s|\bwhich\b|\bso\b|\bthat is\b|\bvs\.?\s"
    r"|\bporque\b|\bya que\b|\bas[ií] que\b|\bo sea\b|\blo cual\b|\bentonces\b)"
)


def answer_after_working(text: str) -> str:
    """The last part of ``text`` after its working ("50 cards, so the chance is 50/81" ->
    "the chance is 50/81"); "" when there is no break (see :func:`answer_before_reason`).

    >>> answer_after_working("50 cards, so the chance is 50/81")
    'the chance is 50/81'
    """
    parts = _REASON_RE.split(text)
    return parts[-1].strip() if len(parts) > 1 else ""


def answer_before_reason(text: str) -> str:
    """``text`` up to a reason after the answer: a comma and space, ";", "(",
    "because", "since", "which", "so", "that is", "vs" or a full stop and space
    (``"Bid 2 because +1.14 is highest"``, ``"58% which is 4 less than 62%"``
    -> ``"Bid 2"``); all of ``text`` when there is none. A comma inside a number
    ("1,058") is no break.

    >>> answer_before_reason("bid 2, +1.14"), answer_before_reason("1,058 points")
    ('bid 2', '1,058 points')
    """
    return _REASON_RE.split(text, maxsplit=1)[0].strip()


def card_name_count(response: object) -> int:
    """How many 4-digit card names (digits 1 to 3) a response lists, if it is nothing
    but such names ("and" and commas between them); else 0.

    >>> card_name_count("2233, 3223 and 3233"), card_name_count("3"), card_name_count("1234, 2233")
    (3, 0, 0)
    """
    words = re.findall(r"[^\s,;]+", response) if isinstance(response, str) else []
    names = [word for word in words if word.lower() not in ("and", "y", "e")]
    return len(names) if names and all(re.fullmatch(r"[123]{4}", w) for w in names) else 0


def normal_text(value: object) -> str:
    """Text for comparing words: lower case, single spaces, no surrounding quotes
    or final punctuation."""
    try:
        text = str(value)
    except ValueError:  # a whole number too long to write out: it is no word
        return ""
    text = re.sub(r"\s+", " ", text).strip().lower()
    text = text.strip("\"'").rstrip(".!?").strip()
    return re.sub(r"^(?:a|an|the) ", "", text)


def is_inequality(response: object) -> bool:
    """Whether ``response`` is text that bounds a number instead of giving one: ``"< 1%"``,
    ``"less than 1%"``, ``"at most 3"``, ``"99% or more"``."""
    if not isinstance(response, str):
        return False
    text = re.sub(r"\s+", " ", response).strip().lower().rstrip(".")
    if language() == "es":
        text = spanish_for_reading(text)
    for pattern in _INEQUALITY_RES:
        match = pattern.match(text)
        if match and read_number(match.group("bound").strip()) is not None:
            return True
    return False


def _places(text: str) -> int:
    """Decimal places written in ``text`` (``"12.50"``: 2)."""
    return len(text.split(".", 1)[1]) if "." in text else 0


def round_half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, a half rounding away from 0.

    >>> round_half_up(Fraction(1, 8), 2), round_half_up(Fraction(-1, 8), 2)
    (Fraction(13, 100), Fraction(-13, 100))
    """
    scale = 10**places
    size = (abs(value) * scale + Fraction(1, 2)).__floor__()
    return Fraction(size if value >= 0 else -size, scale)


def rounds_to(number: Number, exact: Fraction, places: int = RULE_PLACES) -> bool:
    """Whether ``number`` is ``exact`` by the rounding rule: equal to it, or, for a
    decimal or percent, equal to it rounded half up to ``places`` decimal places or
    to the places typed, whichever is more."""
    if number.value == exact:
        return True
    if not number.rounded:
        return False
    return number.value == round_half_up(exact, max(places, number.places))


def cuts_off(number: Number, exact: Fraction, places: int = RULE_PLACES) -> bool:
    """Whether ``number`` is ``exact`` cut off (truncated) where the rounding rule would
    round up: a decimal or percent equal to ``exact`` with the digits past ``places``
    (or the places typed, whichever is more) dropped, when rounding half up changes the
    last digit.

    >>> cuts_off(Number(Fraction(18, 100), True, 2, True), Fraction(15, 81))  # 18.5...%
    True
    >>> cuts_off(Number(Fraction(19, 100), True, 2, True), Fraction(15, 81))  # rounded
    False
    >>> cuts_off(Number(Fraction(33, 100), True, 2, True), Fraction(1, 3))  # both 33%
    False
    """
    if not number.rounded or number.value == exact:
        return False
    keep = max(places, number.places)
    scale = 10**keep
    cut = Fraction(math.trunc(exact * scale), scale)
    return number.value == cut and cut != round_half_up(exact, keep)


def cut_off(number: Number, answers: Sequence[object], places: int = RULE_PLACES) -> bool:
    """Whether ``number`` is one of the exact ``answers`` cut off instead of rounded (18%
    for 15/81), under the rounding rule (:func:`cuts_off`)."""
    exacts = [read_number(answer) for answer in answers]
    return any(
        exact is not None and not exact.rounded and cuts_off(number, exact.value, places)
        for exact in exacts
    )


def near_fraction(number: Number, answers: Sequence[object], places: int = RULE_PLACES) -> bool:
    """Whether ``number`` is a fraction (not a whole number) that is not an answer but
    rounds to the same whole percent as one of ``answers`` (1/5 for 44/219)."""
    if number.rounded or number.value.denominator == 1:
        return False
    near = round_half_up(number.value, places)
    exacts = [read_number(answer) for answer in answers]
    return any(exact is not None and round_half_up(exact.value, places) == near for exact in exacts)
