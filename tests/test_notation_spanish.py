"""The notation in Spanish: names from the publisher's Spanish rules, round trips over
the whole deck, both languages read in both, Spanish errors, English unchanged."""

from __future__ import annotations

import re

import pytest

from tests.spanish_leaks import english_leaks
from xactika_edu import COMBINATIONS, DECK, Card, Combination, Hand, Shape
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.base.language import LANGUAGES, use_language
from xactika_edu.core.notation import SHAPE_NAMES

SPANISH = {
    Shape.BALLS: ("bala", "balas", "ba"),
    Shape.CUBES: ("cubo", "cubos", "cu"),
    Shape.CONES: ("cono", "conos", "co"),
    Shape.STARS: ("estrella", "estrellas", "es"),
}


def test_spanish_names_are_the_publishers():
    with use_language("es"):
        for shape, (singular, plural, short) in SPANISH.items():
            assert (shape.singular, shape.plural, shape.short) == (singular, plural, short)
            assert str(shape) == plural
            assert shape.name_for(1) == singular and shape.name_for(2) == plural
        assert str(Combination.parse("3 cubes")) == "3 cubos"
        assert str(Combination.parse("1 star")) == "1 estrella"
        assert Combination.parse("3 stars").short == "3es"


def test_no_short_form_or_name_means_two_shapes():
    # "es" is Spanish stars and nothing in English; ba/cu/co are the same in both.
    seen: dict[str, Shape] = {}
    for code in LANGUAGES:
        for shape in Shape:
            for name in SHAPE_NAMES[code][shape.value]:
                assert seen.setdefault(name, shape) is shape, name


def test_the_key_and_repr_never_change():
    with use_language("es"):
        assert [shape.key for shape in Shape] == ["balls", "cubes", "cones", "stars"]
        assert repr(Combination.parse("tres cubos")) == "Combination.parse('3 cubes')"
        assert repr(Card.parse("3213")) == "Card.parse('3213')"
        assert str(Card.parse("3213")) == "3213"  # the four digits stay
        card = Card(balls=1, cubes=2, cones=3, stars=1)  # keyword fields stay English
        assert card.cubes == 2


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_round_trips_in_spanish(card):
    with use_language("es"):
        assert Card.parse(str(card)) == card
        assert Card.parse(card.describe()) == card
        assert eval(repr(card)) == card
        assert not english_leaks(card.describe())
        assert card.describe() != card.describe("en")
    # the Spanish long form is read in English too
    assert Card.parse(card.describe("es")) == card


@pytest.mark.parametrize("combination", COMBINATIONS, ids=repr)
def test_combination_round_trips_in_spanish(combination):
    with use_language("es"):
        text, short = str(combination), combination.short
        assert Combination.parse(text) == combination
        assert Combination.parse(short) == combination
        assert eval(repr(combination)) == combination
        assert Combination.parse(combination.describe("en")) == combination
    assert Combination.parse(text) == combination  # Spanish read in English mode
    assert Combination.parse(short) == combination
    assert text == combination.describe("es")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 cubos", "3 cubes"),
        ("tres cubos", "3 cubes"),
        ("TRES CUBOS", "3 cubes"),
        ("una estrella", "1 star"),
        ("un cubo", "1 cube"),
        ("uno cono", "1 cone"),
        ("1 bala", "1 ball"),
        ("dos balas", "2 balls"),
        ("3cu", "3 cubes"),
        ("3es", "3 stars"),
        ("3ES", "3 stars"),
        ("3st", "3 stars"),
        ("2 Estrellas", "2 stars"),
        ("2 éstrellas", "2 stars"),  # accents are optional, and forgiven
        ("2 cónos", "2 cones"),
        ("three cubes", "3 cubes"),
    ],
)
@pytest.mark.parametrize("code", LANGUAGES)
def test_both_languages_are_read_in_both(text, expected, code):
    with use_language(code):
        assert Combination.parse(text) == Combination.parse(expected)


def test_long_forms_in_either_language_and_hands():
    card = Card.parse("3213")
    for text in (
        "3 balas, 2 cubos, 1 cono, 3 estrellas",
        "3 balas, 2 cubos, 1 cono y 3 estrellas",
        "tres balas, dos cubos, un cono, tres estrellas",
        "3 balls, 2 cubes, 1 cone and 3 stars",
        "3 bálas, 2 CUBOS, 1 cono, 3 estrellas",
    ):
        assert Card.parse(text) == card
    with use_language("es"):
        assert card.title == "3213 (9): 3 balas, 2 cubos, 1 cono, 3 estrellas"
        assert Hand.parse("3213 1111") == Hand.parse("3213, 1111")
        assert Shape("cubos") is Shape.CUBES and Shape.parse("Cubo") is Shape.CUBES


ENGLISH_WORDS = re.compile(r"\b(cannot|read|card|expected|count|shape|shapes|is|not|or|and)\b")


@pytest.mark.parametrize(
    ("make", "spanish"),
    [
        (lambda: Card.parse("4111"), "no se puede leer la carta '4111': la cantidad de balas"),
        (lambda: Card.parse("3214x"), "se esperaban 4 dígitos del 1 al 3 en el orden balas"),
        (lambda: Card.parse(""), "no se puede leer la carta ''"),
        (lambda: Card.parse("3 balas, 2 cubos, 1 cono"), "falta la cantidad de estrellas"),
        (lambda: Card.parse("3 balas, 2 balas, 1 cono, 1 cubo"), "aparece dos veces"),
        (lambda: Combination.parse("5 balas"), "la cantidad '5' no es 1, 2 ni 3"),
        (lambda: Combination.parse("cubos"), "como '3 cubos' o '1 cono'"),
        (lambda: Combination.parse("3 pelotas"), "las figuras son balas, cubos, conos y estrellas"),
        (lambda: Combination.parse(3), "se esperaba un texto como '3 cubos'"),
        (lambda: Shape(7), "del 0 (balas) al 3 (estrellas)"),
        (lambda: Card(4, 1, 1, 1), "la cantidad de balas, 4, no es 1, 2 ni 3"),
    ],
)
def test_errors_in_spanish(make, spanish):
    with use_language("es"), pytest.raises(XactikaError) as caught:
        make()
    message = str(caught.value)
    assert spanish in message
    assert not ENGLISH_WORDS.search(message), message
    assert isinstance(caught.value, (NotationError, XactikaError))


def test_english_is_unchanged():
    assert [str(shape) for shape in Shape] == ["balls", "cubes", "cones", "stars"]
    assert str(Combination.parse("tres estrellas")) == "3 stars"
    assert Combination.parse("3 estrellas").short == "3st"
    assert Card.parse("1111").describe() == "1 ball, 1 cube, 1 cone, 1 star"
    with pytest.raises(
        NotationError, match=r"^cannot read card '4111': balls count 4 is not 1, 2 or 3$"
    ):
        Card.parse("4111")
    with use_language("es"):
        pass
    assert str(Shape.CUBES) == "cubes"  # the language is back after the block
