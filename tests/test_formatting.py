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


@pytest.mark.parametrize(
    ("written", "exact"),
    [(0.145, Fraction(145, 1000)), (0.995, Fraction(199, 200)), (0.0045, Fraction(9, 2000))],
)
def test_a_half_written_as_a_decimal_rounds_as_the_same_fraction(written, exact) -> None:
    # 0.145 is stored a hair below 0.145; students (and the key) round 14.5% up to 15%
    for show in (formatting.percent, formatting.whole_percent, formatting.simulated_percent):
        assert show(written) == show(exact)
    assert formatting.two_decimals(written) == formatting.two_decimals(exact)
    assert formatting.expected_points(written) == formatting.expected_points(exact)


@given(st.fractions(min_value=-3, max_value=3))
def test_halves_round_away_from_zero_and_zero_has_no_sign(value: Fraction) -> None:
    assert formatting.two_decimals(-value) in (
        formatting.two_decimals(value).lstrip("-"),
        "-" + formatting.two_decimals(value).lstrip("-"),
    )
    for text in (
        formatting.two_decimals(value),
        formatting.one_decimal(value),
        formatting.expected_points(value),
        formatting.about_two_decimals(value),
        formatting.label_number(value),
    ):
        assert "-0.00" not in text and not text.endswith("-0.0")
    assert formatting.expected_points(Fraction(1, 8)) == "+0.13"
    assert formatting.one_decimal(Fraction(-1, 4)) == "-0.3"


def test_and_list_takes_the_last_word_of_a_choice() -> None:
    # Lesson 1: "A card shows each shape 1, 2 or 3 times."
    assert formatting.and_list([1, 2, 3], last="or") == "1, 2 or 3"
    assert formatting.and_list(["1 + 2", "2 + 1"], "or") == "1 + 2 or 2 + 1"
    assert formatting.and_list([6, 10]) == "6 and 10"
    assert formatting.and_list((n for n in [8]), last="or") == "8"


def test_plural_with_thousands_commas() -> None:
    # Lessons 4, 5 and 6 count simulated deals and draws: "10,000 deals", "1 draw".
    assert formatting.plural(10_000, "deal", commas=True) == "10,000 deals"
    assert formatting.plural(1, "draw", commas=True) == "1 draw"
    assert formatting.plural(10_000, "deal") == "10000 deals"  # the default is unchanged


def test_about_percent_with_a_sign_and_exact_percent_with_more_places() -> None:
    # Lesson 2 writes a rounded number as "≈ 0.67", so a rounded percent as "≈ 67%".
    assert formatting.about_percent(Fraction(1, 3), about="≈") == "≈ 33%"
    assert formatting.about_percent(Fraction(1, 20), about="≈") == "5%"
    assert formatting.about_percent(Fraction(1, 1000), about="≈") == "< 1%"
    # Lesson 2: why the grouped pie's whole percents do not add up to 100.
    assert formatting.exact_percent(Fraction(15, 81), places=2) == "about 18.52%"
    assert formatting.exact_percent(Fraction(1, 3)) == "about 33.3%"
    with pytest.raises(XactikaError, match="places must be a whole number from 0 up, got -1"):
        formatting.exact_percent(Fraction(1, 3), places=-1)


def test_expected_points_never_prints_minus_zero() -> None:
    # Lesson 6 printed an expected score as f"{value:+.2f}", which gives "-0.00".
    assert f"{-0.001:+.2f}" == "-0.00"
    assert formatting.expected_points(-0.001) == "0.00"
    assert formatting.expected_points(-0.005001) == "-0.01"
    assert formatting.expected_points(0.74) == "+0.74"


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


def test_a_long_fraction_is_not_shown_and_a_short_one_is() -> None:
    # issue 11, a reviewer: the hand explorer showed 161068268761727/49050185428688073500;
    # a fraction is shown only when its top and bottom have at most 6 digits
    assert formatting.short_fraction(Fraction(161068268761727, 49050185428688073500)) is None
    assert formatting.short_fraction(Fraction(805, 1027)) == "805/1027"
    assert formatting.short_fraction(Fraction(1, 1_000_000)) is None  # 7 digits below
    assert formatting.short_fraction(Fraction(1, 999_999)) == "1/999999"
    assert formatting.short_fraction(1) == "1"


def test_out_of_is_a_count_for_every_frequency() -> None:
    # issue 11, W14: a column of counts, never a count beside a percent
    assert formatting.out_of(0.73, 500) == "365 of 500"
    assert formatting.out_of(0.0, 2000) == "0 of 2,000"
    assert formatting.simulated_frequency(0.0, 2000) == "0 of 2,000 deals"
    assert formatting.simulated_frequency(1.0, 1) == "1 of 1 deal"


@pytest.mark.parametrize(
    ("part", "tail"),
    [
        (Fraction(27, 54), " = 50%"),  # exact: "=", never "about" (review 6, teacher 2)
        (Fraction(174, 300), " = 58%"),
        (Fraction(50, 81), ", about 62%"),
        (Fraction(1, 700), ", < 1%"),
        (Fraction(699, 700), ", > 99%"),
        (1, " = 100%"),
    ],
)
def test_percent_tail_says_about_only_for_a_rounded_percent(part, tail):
    assert formatting.percent_tail(part) == tail
