"""The base layer's argument checks and :func:`shown`, the one way a value a user gave
is put into a message (issue #9, items 13, 14 and 19)."""

from __future__ import annotations

import math
import sys
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from xactika_edu.base.checks import (
    SHOWN_LENGTH,
    as_items,
    check_number,
    check_record,
    check_whole,
    is_whole,
    shown,
)
from xactika_edu.base.errors import XactikaError


def _deep(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


SHOWN = [
    ("3213", "'3213'"),
    (11, "11"),
    (None, "None"),
    ([5, 6], "[5, 6]"),
    (Fraction(19, 81), "Fraction(19, 81)"),
    (10**5000, "<a whole number of 5,001 digits>"),
    (-(10**5000), "<a negative whole number of 5,001 digits>"),
    (Fraction(10**5000, 3), "Fraction(<a whole number of 5,001 digits>, 3)"),
    (_deep(3000), "[[[[...]]]]"),
    (pd.DataFrame({"bid": [1]}), "<DataFrame of 1 rows, columns ['bid']>"),
]


@pytest.mark.parametrize(("value", "expected"), SHOWN, ids=[text for _, text in SHOWN])
def test_shown_gives_one_short_line_for_any_value(value, expected):
    assert shown(value) == expected


def test_shown_cuts_long_values_to_one_line():
    for value in ("x" * 5000, list(range(5000)), {i: "y" * 100 for i in range(50)}, "a\nb" * 99):
        text = shown(value)
        assert len(text) <= SHOWN_LENGTH
        assert "\n" not in text


def test_shown_does_not_depend_on_the_int_digit_limit():
    # 10**5000 has more digits than sys.get_int_max_str_digits() lets str() print.
    assert sys.get_int_max_str_digits() < 5000
    assert "5,001 digits" in shown([1, 10**5000])
    assert shown(10**900).startswith("1000") and "..." in shown(10**900)
    assert shown(_BrokenRepr()).startswith("<_BrokenRepr")


def test_check_whole_names_the_value_also_when_huge():
    assert check_whole(np.int64(3), "players", 2, 10) == 3
    with pytest.raises(XactikaError, match=r"^players must be from 2 to 10, got <a whole number"):
        check_whole(10**5000, "players", 2, 10)
    for bad in (True, 3.0, "3", None, [3]):
        with pytest.raises(XactikaError, match="players must be a whole number from 2 to 10"):
            check_whole(bad, "players", 2, 10)


def test_is_whole_never_raises_and_agrees_with_check_whole():
    assert is_whole(3) and is_whole(np.int64(3), 0, 3) and is_whole(-(10**5000))
    assert not is_whole(10**5000, 0, 3) and not is_whole(-1, 0) and not is_whole(4, high=3)
    # an array or a data frame would raise if compared with ==; is_whole says False
    for bad in (True, 3.0, "3", None, [3], np.array([[1, 2], [3, 4]]), pd.DataFrame()):
        assert not is_whole(bad, 0, 3)
        with pytest.raises(XactikaError, match="must be a whole number"):
            check_whole(bad, "seat", 0, 3)


@pytest.mark.parametrize(
    "bad", [math.nan, math.inf, -math.inf, True, "0.5", None, 10**400, 2], ids=repr
)
def test_check_number_refuses_non_finite_and_out_of_range(bad):
    with pytest.raises(XactikaError, match=r"^level must be a number between 0 and 1, got "):
        check_number(bad, "level", 0, 1, low_open=True, high_open=True)


def test_check_number_reads_fractions_and_numpy():
    assert check_number(Fraction(1, 4), "p", 0, 1) == 0.25
    assert check_number(np.float32(0.5), "p", 0, 1) == 0.5


@pytest.mark.parametrize("bad", [5, None, "3213 1111", b"3213", {"a": 1}])
def test_as_items_refuses_what_is_not_a_list(bad):
    with pytest.raises(XactikaError, match=r"^hand must be a list like"):
        as_items(bad, "hand")


def test_check_record_names_the_place_and_the_fault():
    good = {"players": 2, "hands": ["1111", "2222"], "bids": [None, 0], "plays": []}
    assert check_record(good, "round record", max_depth=1) is good
    cases = [
        ({**good, "hands": ["1111", _deep(3000)]}, r"round record \['hands'\]\[1\] is nested"),
        ({**good, "bids": [0.5, 0]}, r"round record \['bids'\]\[0\] must be a whole number"),
        ({**good, "players": 10**5000}, r"round record \['players'\] is a whole number too"),
        ({**good, 5: 1}, "round record has a key that is not text: 5"),
        ({**good, "plays": ["1111"] * 100_001}, "round record is too big"),
        ({**good, "hands": ["1" * 10_001, "2222"]}, r"\['hands'\]\[0\] is text of 10,001"),
        (_deep(5), r"round record must be a mapping"),
    ]
    for record, message in cases:
        with pytest.raises(XactikaError, match=message):
            check_record(record, "round record", max_depth=1)
