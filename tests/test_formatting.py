"""The one number format (xactika_edu.base.formatting): rounding rules and bad input."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xactika_edu.base import formatting
from xactika_edu.base.errors import XactikaError


def test_lesson_and_key_percents_differ_only_by_name() -> None:
    # 3/16 = 18.75%: a lesson rounds it (halves up), a key shows it exactly.
    assert formatting.percent(Fraction(3, 16)) == "19%"
    assert formatting.exact_percent(Fraction(3, 16)) == "18.75%"
    assert formatting.percent(Fraction(1, 8)) == "13%"  # 12.5% rounds up, not to even


@given(st.fractions(min_value=0, max_value=1))
def test_percent_never_claims_a_certainty_that_is_not(part: Fraction) -> None:
    text = formatting.percent(part)
    assert (text == "0%") == (part == 0)
    assert (text == "100%") == (part == 1)
    if text not in ("< 1%", "> 99%"):
        assert text == f"{formatting.whole_percent(part)}%"


@given(st.fractions(min_value=-10, max_value=10))
def test_exact_decimal_round_trips(value: Fraction) -> None:
    text = formatting.exact_decimal(value)
    if text is None:
        assert (value * 10**4).denominator != 1
    else:
        assert Fraction(text) == value


@pytest.mark.parametrize("bad", [None, "0.5", True, float("nan"), float("inf")])
def test_bad_part_is_named(bad: object) -> None:
    with pytest.raises(XactikaError, match="part must be"):
        formatting.percent(bad)  # type: ignore[arg-type]


def test_signed_points() -> None:
    assert [formatting.signed(p) for p in (3, -1, 0, np.int64(2))] == ["+3", "-1", "0", "+2"]
    with pytest.raises(XactikaError, match=r"points must be a whole number, got 1\.5"):
        formatting.signed(1.5)  # type: ignore[arg-type]


# --- a decimal never rounded to a certainty it is not (issue #10, item 4) -----------


def test_a_tiny_or_near_whole_part_is_not_printed_as_0_or_1() -> None:
    # Before, the self-check box showed "1/700 (about 0.00, or < 1%)": zero and not zero.
    assert formatting.two_decimals(Fraction(1, 700)) == "0.00"  # unchanged: a plain rounding
    assert formatting.decimal_not_rounded_to_certainty(Fraction(1, 700)) == "0.0014"
    assert formatting.decimal_not_rounded_to_certainty(Fraction(699, 700)) == "0.9986"
    assert formatting.decimal_not_rounded_to_certainty(Fraction(1, 300)) == "0.0033"
    # 0.00049 needs 4 places to show its 4 (0.0005), then one more
    assert formatting.decimal_not_rounded_to_certainty(Fraction(49, 100000)) == "0.00049"
    # exactly 0 and 1, and parts two decimals already tell from them, as two_decimals
    # 199/200 = 0.995 rounds up to 1.00 (and percent() says "> 99%"); 1/200 up to 0.01
    assert formatting.decimal_not_rounded_to_certainty(Fraction(199, 200)) == "0.9950"
    for part in (0, 1, Fraction(1, 3), Fraction(1, 200), Fraction(99, 100), 0.485):
        assert formatting.decimal_not_rounded_to_certainty(part) == formatting.two_decimals(part)
    with pytest.raises(XactikaError, match="part must be a number"):
        formatting.decimal_not_rounded_to_certainty("0.5")  # type: ignore[arg-type]


@given(st.fractions(min_value=0, max_value=1, max_denominator=10**9))
def test_the_decimal_agrees_with_percent_about_certainty(part: Fraction) -> None:
    text = formatting.decimal_not_rounded_to_certainty(part)
    shown = Fraction(text)
    places = len(text.split(".")[1])
    assert (shown == 0) == (part == 0) and (shown == 1) == (part == 1)
    assert abs(shown - part) <= Fraction(1, 2 * 10**places)  # a true rounding
    # more than two decimals exactly when percent() says "< 1%" or "> 99%"
    assert (places > 2) == (formatting.percent(part) in ("< 1%", "> 99%"))
    assert formatting.is_false_certainty(shown, part) is False


def test_false_certainty_is_0_or_1_for_a_part_that_is_neither() -> None:
    assert formatting.is_false_certainty(0, Fraction(1, 700))
    assert formatting.is_false_certainty(1.0, Fraction(699, 700))
    assert not formatting.is_false_certainty(0, 0) and not formatting.is_false_certainty(1, 1)
    assert not formatting.is_false_certainty(Fraction(1, 1000), Fraction(1, 700))
    assert not formatting.is_false_certainty(0, Fraction(-1, 700))  # not a part
    with pytest.raises(XactikaError, match="rounded must be a number"):
        formatting.is_false_certainty(None, Fraction(1, 2))  # type: ignore[arg-type]
