"""The Lost Heir deck (seed 004, "Deck"): notation both ways, the deal, the first dealer."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu import NotationError, XactikaError
from xactika_edu.core.lostheir_cards import (
    LOST_HEIR,
    LOST_HEIR_DECK,
    WRONG_BOY,
    LostHeirCard,
    deal_lost_heir,
    first_dealer,
    parse_lost_heir_cards,
)


def test_the_deck_is_32_cards_four_cities_ranks_0_to_7():
    assert len(set(LOST_HEIR_DECK)) == 32
    assert {card.city_name for card in LOST_HEIR_DECK} == {
        "Toronto",
        "Montreal",
        "Halifax",
        "Winnipeg",
    }
    assert sorted({card.rank for card in LOST_HEIR_DECK}) == list(range(8))


@pytest.mark.parametrize("card", LOST_HEIR_DECK, ids=str)
def test_notation_round_trips_short_long_any_case_and_repr(card):
    assert LostHeirCard.parse(str(card)) == card
    assert LostHeirCard.parse(card.name) == card
    assert LostHeirCard.parse(f"  {card.name.lower()} ") == card
    assert LostHeirCard.parse(str(card).lower()) == card
    assert eval(repr(card)) == card


def test_the_names_the_seed_gives():
    names = {str(card): card.name for card in LOST_HEIR_DECK}
    assert names["7W"] == "Mayor of Winnipeg"
    assert names["6T"] == "Chief of Toronto"
    assert names["5M"] == "Commissioner of Montreal"
    assert names["4H"] == "Detective of Halifax"
    assert names["3W"] == "Captain of Winnipeg"
    assert names["2T"] == "Sergeant of Toronto"
    assert names["1M"] == "Policeman of Montreal"
    assert names["0H"] == "Blank of Halifax"
    assert names["0M"] == "Blank of Montreal"
    assert LOST_HEIR.name == names["0W"] == "Lost Heir"
    assert WRONG_BOY.name == names["0T"] == "Wrong Boy"
    assert LostHeirCard.parse("Lost Heir of Winnipeg") == LOST_HEIR
    assert LostHeirCard.parse("wrong boy of toronto") == WRONG_BOY
    assert len(set(names.values())) == 32


@pytest.mark.parametrize("text", ["8W", "7X", "", "W7", "Mayor", "Lost Heir of Toronto", 7, None])
def test_bad_notation_is_refused_quoting_it(text):
    with pytest.raises(NotationError, match="cannot read Lost Heir card"):
        LostHeirCard.parse(text)  # type: ignore[arg-type]


def test_card_values_are_checked_and_lists_refuse_a_card_twice():
    with pytest.raises(XactikaError, match="city 0-3 and rank 0-7"):
        LostHeirCard(4, 1)
    for city, rank in ((np.array([[1, 2], [3, 4]]), 1), (0, np.array([1])), (False, 1), (0, 1.0)):
        with pytest.raises(XactikaError, match="city 0-3 and rank 0-7"):  # not a ValueError
            LostHeirCard(city, rank)
    with pytest.raises(XactikaError, match="given twice: 7W"):
        parse_lost_heir_cards("7W 7w")


def test_the_deal_gives_every_card_once_8_each_and_is_seeded():
    hands = deal_lost_heir(seed=11)
    assert [len(hand) for hand in hands] == [8, 8, 8, 8]
    assert sorted(card for hand in hands for card in hand) == sorted(LOST_HEIR_DECK)
    assert deal_lost_heir(seed=11) == hands
    assert deal_lost_heir(seed=12) != hands


def test_the_first_dealer_is_the_first_seat_dealt_a_boy_face_up():
    seats = set()
    for seed in range(40):
        seat, cards = first_dealer(seed)
        boys = [card in (LOST_HEIR, WRONG_BOY) for card in cards]
        assert boys[-1] and not any(boys[:-1])
        assert seat == (len(cards) - 1) % 4
        assert first_dealer(seed) == (seat, cards)
        seats.add(seat)
    assert seats == {0, 1, 2, 3}
