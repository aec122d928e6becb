"""Where the boys are (xactika_edu.core.chances.lostheir): exact chances against an
enumeration written here, and the seeded simulation against the exact values."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import pytest

from xactika_edu import XactikaError
from xactika_edu.core.chances.lostheir import BoyChances, boy_chances, simulate_boy_chances
from xactika_edu.core.lostheir_cards import LOST_HEIR, LOST_HEIR_DECK, WRONG_BOY, deal_lost_heir

NEITHER = "7T 6T 5M 4M 3H 2H 1W 7W"
HANDS = [NEITHER, "0W 6T 5M 4M 3H 2H 1W 7W", "0T 6T 5M 4M 3H 2H 1W 7W", "0T 0W 5M 4M 3H 2H 1W 7W"]


def _enumerated(hand: str) -> BoyChances:
    """Every deal of the 24 unseen cards is equally likely, so every placement of the
    boys among the 24 places (0-7 partner, 8-23 opponents) is too: count them."""
    mine = set(hand.split())
    boys = [card for card in (LOST_HEIR, WRONG_BOY) if str(card) not in mine]
    counts, total = [0, 0, 0], 0
    for places in permutations(range(24), len(boys)):
        where = dict(zip(boys, places, strict=True))
        heir = LOST_HEIR not in where or where[LOST_HEIR] < 8
        boy = WRONG_BOY in where and where[WRONG_BOY] >= 8
        counts = [counts[0] + heir, counts[1] + boy, counts[2] + (heir and boy)]
        total += 1
    return BoyChances(*(Fraction(count, total) for count in counts))


@pytest.mark.parametrize("hand", HANDS)
def test_exact_chances_match_the_enumeration(hand):
    assert boy_chances(hand) == _enumerated(hand)


def test_the_headline_numbers_for_a_hand_with_neither_boy():
    # partner holds 8 of the 24 unseen: 8/24; opponents 16 of 24; both: 8/24 * 16/23
    assert boy_chances(NEITHER) == BoyChances(Fraction(1, 3), Fraction(2, 3), Fraction(16, 69))


@pytest.mark.parametrize("hand", HANDS)
def test_the_simulation_agrees_within_4_standard_errors(hand):
    trials = 20_000
    exact, measured = boy_chances(hand), simulate_boy_chances(hand, trials=trials, seed=5)
    for field in ("heir_with_us", "wrong_boy_with_them", "both"):
        p = float(getattr(exact, field))
        tolerance = 4 * math.sqrt(p * (1 - p) / trials)  # 0 when the chance is 0 or 1
        assert abs(float(getattr(measured, field)) - p) <= tolerance, field


def test_the_simulation_is_seeded():
    first = simulate_boy_chances(NEITHER, trials=500, seed=1)
    assert simulate_boy_chances(NEITHER, trials=500, seed=1) == first
    assert simulate_boy_chances(NEITHER, trials=500, seed=2) != first


def test_every_dealt_hand_gets_chances_in_range_and_bad_hands_are_refused():
    for seed in range(20):
        for hand in deal_lost_heir(seed):
            chances = boy_chances(hand)
            assert 0 <= chances.both <= min(chances.heir_with_us, chances.wrong_boy_with_them)
    with pytest.raises(XactikaError, match="8 cards, got 7"):
        boy_chances("7T 6T 5M 4M 3H 2H 1W")
    with pytest.raises(XactikaError, match="trials"):
        simulate_boy_chances(NEITHER, trials=0)
    assert len(LOST_HEIR_DECK) == 32
