"""Cards, combinations, hands, the deal: invariants, notation round-trips, bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xactika_edu import COMBINATIONS, DECK, Card, Combination, Hand, Shape, deal, draw_cards
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.core.cards import LARGEST_SEED, check_seed


def test_deck_has_81_distinct_cards_with_counts_1_to_3():
    assert len(DECK) == 81 == 3**4
    assert len(set(DECK)) == 81
    assert all(set(card.counts) <= {1, 2, 3} for card in DECK)
    assert {card.counts for card in DECK} == set(itertools.product((1, 2, 3), repeat=4))


def test_face_value_is_sum_of_counts():
    card = Card.parse("3213")
    assert (card.balls, card.cubes, card.cones, card.stars) == (3, 2, 1, 3)
    assert card.value == 9
    assert {c.value for c in DECK} == set(range(4, 13))


def test_each_combination_is_on_27_cards_and_each_card_has_four():
    assert len(COMBINATIONS) == 12
    for combination in COMBINATIONS:
        assert sum(card.has(combination) for card in DECK) == 27
    for card in DECK:
        assert len(card.combinations) == 4
        assert all(card.has(c) for c in card.combinations)
        assert sum(card.has(c) for c in COMBINATIONS) == 4


def test_shapes_are_in_rule_order():
    assert [str(s) for s in Shape] == ["balls", "cubes", "cones", "stars"]


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_notation_round_trips(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.describe()) == card
    assert eval(repr(card)) == card  # repr rebuilds the card


@pytest.mark.parametrize("combination", COMBINATIONS, ids=str)
def test_combination_notation_round_trips(combination):
    assert Combination.parse(str(combination)) == combination
    assert Combination.parse(combination.short) == combination
    assert eval(repr(combination)) == combination


@pytest.mark.parametrize(
    "text",
    ["3 cubes", "3 cube", "three cubes", "Three Cubes", "3cu", " 3  CUBES ", "3cubes"],
)
def test_combination_accepted_forms(text):
    assert Combination.parse(text) == Combination(Shape.CUBES, 3)


def test_singular_for_one():
    assert str(Combination.parse("1 cones")) == "1 cone"
    assert Card.parse("1111").describe() == "1 ball, 1 cube, 1 cone, 1 star"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("3214x", "'3214x'"),
        ("4111", "balls count 4 is not 1, 2 or 3"),
        ("", "cannot read card ''"),
        ("0111", "balls count 0"),
        ("321", "'321'"),
        ("3 balls, 2 cubes, 1 cone", "no count for stars"),
        ("3 balls, 2 balls, 1 cone, 3 stars", "balls are given twice"),
        ("3 pyramids, 2 cubes, 1 cone, 3 stars", "unknown shape 'pyramids'"),
    ],
)
def test_bad_card_notation_is_quoted(text, fragment):
    with pytest.raises(NotationError) as error:
        Card.parse(text)
    assert fragment in str(error.value)
    assert repr(text) in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "cannot read combination ''"),
        ("5 balls", "count '5' is not 1, 2 or 3"),
        ("3 pyramids", "unknown shape 'pyramids'"),
        ("cubes", "cannot read combination 'cubes': expected a count and a shape"),
        ("threecubes", "expected a count and a shape"),
        ("four stars", "count 'four'"),
    ],
)
def test_bad_combination_notation_is_quoted(text, fragment):
    with pytest.raises(NotationError) as error:
        Combination.parse(text)
    assert fragment in str(error.value)
    assert repr(text) in str(error.value)


def test_card_constructor_rejects_bad_counts():
    with pytest.raises(XactikaError, match="cubes count 4 is not 1, 2 or 3"):
        Card(1, 4, 1, 1)
    with pytest.raises(XactikaError, match="must be 1, 2 or 3"):
        Card(1, 2.5, 1, 1)  # type: ignore[arg-type]


def test_cards_are_frozen_and_hashable():
    card = Card.parse("1111")
    with pytest.raises(AttributeError):
        card.balls = 2  # type: ignore[misc]
    assert {card: 1}[Card(1, 1, 1, 1)] == 1


def test_cards_sort_by_face_value():
    assert sorted(DECK)[0] == Card.parse("1111")
    assert sorted(DECK)[-1] == Card.parse("3333")
    values = [c.value for c in sorted(DECK)]
    assert values == sorted(values)


def test_hand_parse_round_trip_and_duplicates():
    hand = Hand.parse("3213 1111, 2222")
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand)) == hand
    with pytest.raises(XactikaError, match="card 1111 is in the hand twice"):
        Hand(["1111", "1111"])
    with pytest.raises(XactikaError, match="not in the hand"):
        hand.without(["3333"])
    assert hand.without(["1111"]) == Hand.parse("3213 2222")


def test_membership_accepts_notation():
    assert "3213" in DECK
    assert Card.parse("3213") in DECK
    hand = Hand.parse("1111 2222")
    assert "2222" in hand and "3333" not in hand
    with pytest.raises(NotationError):
        "32x3" in hand  # noqa: B015


def test_hand_rejects_a_bare_string():
    with pytest.raises(XactikaError, match=r"Hand\.parse"):
        Hand("3213")  # type: ignore[arg-type]


@given(players=st.integers(2, 10), cards=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_deal_gives_disjoint_hands_covering_the_deck(players, cards, seed):
    dealt = deal(players, seed=seed, cards_per_hand=cards)
    assert len(dealt) == players
    assert all(len(hand) == cards for hand in dealt)
    everything = [card for hand in dealt for card in hand] + list(dealt.set_aside)
    assert len(everything) == 81
    assert set(everything) == set(DECK)


def test_same_seed_same_deal_and_different_seed_differs():
    assert deal(4, seed=7) == deal(4, seed=7)
    assert deal(4, seed=7).set_aside == deal(4, seed=7).set_aside
    assert deal(4, seed=7) != deal(4, seed=8)
    assert deal(4, seed=np.random.default_rng(3)) == deal(4, seed=np.random.default_rng(3))


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"players": 1}, "players must be from 2 to 10, got 1"),
        ({"players": 11}, "players must be from 2 to 10, got 11"),
        ({"players": "4"}, "players must be a whole number from 2 to 10, got '4'"),
        ({"players": True}, "got True"),
        ({"players": 4, "cards_per_hand": 9}, "cards_per_hand must be from 1 to 8, got 9"),
        # plain words (issue 10): "0 or more, like 7" for a negative seed, and the
        # largest seed with thousands commas, never "2**64 - 1"
        ({"players": 4, "seed": -1}, "seed must be a whole number 0 or more, like 7; got -1"),
        (
            {"players": 4, "seed": 2**64},
            "seed must be a whole number from 0 to 18,446,744,073,709,551,615; "
            "got 18446744073709551616",
        ),
        ({"players": 4, "seed": "7"}, "seed must be a whole number 0 or more, like 7; got '7'"),
        # a seed too large to print: refused (a deal made from it could not be shown)
        ({"players": 4, "seed": 10**5000}, "got <a whole number of 5,001 digits>"),
        ({"players": 4, "seed": 1.5}, "got 1.5"),
    ],
)
def test_bad_deal_arguments(kwargs, fragment):
    with pytest.raises(XactikaError) as error:
        deal(**kwargs)
    assert fragment in str(error.value)


def test_no_seed_message_is_code_talk():
    for bad in (-3, 2**64, 10**5000, 1.5, "7", True):
        with pytest.raises(XactikaError) as error:
            check_seed(bad)
        assert "**" not in str(error.value) and "None" not in str(error.value)
    assert check_seed(LARGEST_SEED) == 18_446_744_073_709_551_615


def test_draw_cards():
    drawn = draw_cards(16, seed=5)
    assert len(drawn) == 16 == len(set(drawn))
    assert drawn == draw_cards(16, seed=5)
    with pytest.raises(XactikaError, match="number of cards must be from 1 to 81, got 82"):
        draw_cards(82)


def test_deal_text_forms():
    dealt = deal(3, seed=2)
    assert str(dealt).startswith("player 0: ")
    assert "set aside: 57 cards" in str(dealt)
    assert "Player 2" in dealt._repr_html_()


# --- bad input gets one library error naming it (issue #9, item 19) -----------------


@pytest.mark.parametrize(
    ("cards", "shown"), [(5, "got 5"), (None, "got None"), (3.5, "got 3.5"), (b"3213", "b'3213'")]
)
def test_a_hand_of_something_that_is_not_a_list_is_refused(cards, shown):
    # Before: TypeError: 'int' object is not iterable.
    with pytest.raises(XactikaError, match=f"a hand must be a list like .*{shown}"):
        Hand(cards)
    with pytest.raises(XactikaError, match="cards to take out must be a list"):
        DECK.without(cards)


@pytest.mark.parametrize("players", [10**5000, -(10**5000)], ids=["10**5000", "-10**5000"])
def test_a_huge_number_is_named_by_its_size(players):
    # Before: the message could not be built (ValueError: Exceeds the limit (4300 digits)).
    with pytest.raises(XactikaError, match=r"players must be from 2 to 10, got <a .*5,001 digits>"):
        deal(players)
    with pytest.raises(XactikaError, match="5,001 digits"):
        draw_cards(3, seed=[players])
    with pytest.raises(XactikaError, match="5,001 digits"):
        Card(players, 1, 1, 1)
    with pytest.raises(XactikaError, match="5,001 digits"):
        Combination(Shape.BALLS, players)


def test_shape_looks_up_numbers_and_names_and_refuses_the_rest():
    assert Shape(1) is Shape.CUBES and Shape(np.int64(3)) is Shape.STARS
    assert Shape("cone") is Shape.CONES
    # Before: ValueError "... is not a valid Shape", or TypeError for the enum's
    # functional form; a huge number or a deep list failed while printing it.
    for bad in (7, None, 1.5, True, [1], 10**5000):
        with pytest.raises(NotationError, match="there is no shape"):
            Shape(bad)
    with pytest.raises(NotationError, match="unknown shape"):
        Shape.parse(10**5000)
