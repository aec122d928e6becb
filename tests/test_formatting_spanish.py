"""The words of base (formatting, wording, checks, errors, memo) in Spanish; English as it was."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.spanish_leaks import english_leaks
from xactika_edu.base import formatting
from xactika_edu.base.checks import as_items, check_number, check_whole
from xactika_edu.base.errors import ScoreSheetError, XactikaError
from xactika_edu.base.language import use_language
from xactika_edu.base.memo import Memo

CASES = [
    (lambda: formatting.about_percent(Fraction(49, 73)), "about 67%", "aproximadamente 67%"),
    (lambda: formatting.percent_tail(Fraction(50, 81)), ", about 62%", ", aproximadamente 62%"),
    (lambda: formatting.exact_percent(Fraction(1, 3)), "about 33.3%", "aproximadamente 33.3%"),
    (
        lambda: formatting.key_percent(Fraction(3, 8)),
        "37.5%, about 38%",
        "37.5%, aproximadamente 38%",
    ),
    (lambda: formatting.key_percent(Fraction(24, 81)), "about 30%", "aproximadamente 30%"),
    (
        lambda: formatting.one_in(Fraction(1, 548)),
        "about 1 in 548",
        "aproximadamente 1 de cada 548",
    ),
    (lambda: formatting.out_of(0.73, 500), "365 of 500", "365 de 500"),
    (lambda: formatting.simulated_frequency(0.0, 2000), "0 of 2,000 deals", "0 de 2,000 repartos"),
    (lambda: formatting.simulated_frequency(1.0, 1), "1 of 1 deal", "1 de 1 reparto"),
    (lambda: formatting.about_one_decimal(Fraction(304, 81)), "about 3.8", "aproximadamente 3.8"),
    (lambda: formatting.about_two_decimals(Fraction(5, 8)), "about 0.63", "aproximadamente 0.63"),
    (lambda: formatting.percent(Fraction(1, 1000)), "< 1%", "< 1%"),
    (lambda: formatting.expected_points(0.125), "+0.13", "+0.13"),
    (
        lambda: formatting.and_list(["cubos", "estrellas"]),
        "cubos and estrellas",
        "cubos y estrellas",
    ),
]


@pytest.mark.parametrize(("make", "english", "spanish"), CASES)
def test_words_follow_the_language(make, english, spanish):
    assert make() == english
    with use_language("es"):
        assert make() == spanish
        assert not english_leaks(spanish)


def test_plural_adds_no_english_s_in_spanish():
    assert formatting.plural(3, "card") == "3 cards"
    with use_language("es"):
        assert formatting.plural(3, "carta") == "3 carta"
        assert formatting.plural(1_000, "x", commas=True) == "1,000 x"


@pytest.mark.parametrize(
    ("make", "spanish"),
    [
        (
            lambda: check_whole("3", "players", 2, 10),
            "players debe ser un número entero del 2 al 10",
        ),
        (lambda: check_number(2, "margin", 0, 1), "margin debe ser un número del 0 al 1"),
        (lambda: check_number(-1, "x", 0, None), "x debe ser un número de al menos 0"),
        (
            lambda: check_number(5, "x", 0, 1, low_open=True, high_open=True),
            "mayor que 0 y menor que 1",
        ),
        (lambda: as_items("3213", "cards"), "cards debe ser una lista como"),
        (lambda: formatting.percent("x"), "part debe ser un número como Fraction(19, 81)"),
        (lambda: formatting.and_list([1, 2], last="but"), "last debe ser 'and' u 'or'"),
    ],
)
def test_check_errors_in_spanish(make, spanish):
    with use_language("es"), pytest.raises(XactikaError) as caught:
        make()
    assert spanish in str(caught.value)
    assert "must" not in str(caught.value) and " got " not in str(caught.value)


def test_check_errors_in_english_unchanged():
    with pytest.raises(XactikaError, match=r"^margin must be a number from 0 to 1, got 2$"):
        check_number(2, "margin", 0, 1)
    with pytest.raises(XactikaError, match=r"^x must be a number of at least 0, got -1$"):
        check_number(-1, "x", 0, None)
    with pytest.raises(XactikaError, match=r"^x must be a number above 0 and at most 1, got 5$"):
        check_number(5, "x", 0, 1, low_open=True)


def test_score_sheet_error_in_spanish():
    with use_language("es"):
        text = str(ScoreSheetError(["a", "b"], source="clase.csv", count=40))
    assert text.startswith("la hoja de puntuación 'clase.csv' tiene 40 problemas:")
    assert "y 38 más: corrige estos" in text
    with use_language("es"):
        assert str(ScoreSheetError(["a"])).startswith("la hoja de puntuación tiene 1 problema:")


def test_memo_keeps_each_language_apart():
    memo: Memo[str] = Memo(size=4)
    from xactika_edu.base.language import gettext as _

    assert memo.get("word", lambda: formatting.about_number("5")) == "about 5"
    with use_language("es"):
        assert memo.get("word", lambda: formatting.about_number("5")) == "aproximadamente 5"
    assert memo.get("word", lambda: _("never called")) == "about 5"
    assert len(memo) == 2
