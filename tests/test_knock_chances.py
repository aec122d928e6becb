"""Exact chances of a knock-game deal (core/chances/knock.py), checked by brute force."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from test_knock import brute_value

from xactika_edu.core.chances import chance_no_threat
from xactika_edu.core.chances.knock import (
    chance_deal_holds_group,
    chance_deal_worth_zero,
    count_deals,
    rank_patterns,
    simulate_deal_chances,
)
from xactika_edu.core.knock import hand_value, holds_group
from xactika_edu.core.playing_cards import STANDARD_DECK


def test_exact_values_and_hand_counts() -> None:
    # By hand (docstring): 48 + 288 + 288 + 48 deals are worth 0.
    assert chance_deal_worth_zero() == Fraction(672, math.comb(52, 5)) == Fraction(2, 7735)
    # By hand: 2,598,960 - (811,008 + 760,320 + 95,040 + 506,880) deals hold a group.
    assert chance_deal_holds_group() == Fraction(2598960 - 2173248, 2598960)
    assert chance_deal_holds_group() == Fraction(181, 1105)


def test_patterns_cover_every_deal() -> None:
    assert sum(ways for _counts, ways in rank_patterns(5)) == math.comb(52, 5)
    assert sum(1 for _pattern in rank_patterns(5)) == 6175
    assert count_deals(lambda hand: True, cards=3) == math.comb(52, 3)


def brute_group(ranks: tuple[int, ...]) -> bool:
    counts = Counter(rank for rank in ranks if rank != 2)
    wilds = ranks.count(2)
    return wilds >= 3 or any(count + wilds >= 3 for count in counts.values())


@pytest.mark.slow
def test_against_every_deal() -> None:
    # All C(52, 5) = 2,598,960 deals, each judged by the test's own brute force
    # (once per multiset of ranks, which is all either rule reads). About 18 s.
    rank_of = [card.rank for card in STANDARD_DECK]
    seen: Counter[tuple[int, ...]] = Counter()
    for deal in itertools.combinations(range(52), 5):
        seen[tuple(sorted(rank_of[i] for i in deal))] += 1
    assert seen.total() == 2598960
    zero = group = 0
    for ranks, times in seen.items():
        hand = tuple(STANDARD_DECK[13 * k + rank - 2] for k, rank in _suits_for(ranks))
        zero += times * (brute_value(hand) == 0)
        group += times * brute_group(ranks)
        assert (hand_value(hand) == 0) == (brute_value(hand) == 0)
        assert holds_group(hand) == brute_group(ranks)
    assert Fraction(zero, 2598960) == chance_deal_worth_zero()
    assert Fraction(group, 2598960) == chance_deal_holds_group()


def _suits_for(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """(suit, rank) pairs making a hand with these ranks (the k-th card of a rank gets suit k)."""
    return [(ranks[:i].count(rank), rank) for i, rank in enumerate(ranks)]


def test_simulation_agrees_within_four_standard_errors() -> None:
    trials = 200_000
    zero, group = simulate_deal_chances(trials, seed=2026)
    for share, exact in ((zero, chance_deal_worth_zero()), (group, chance_deal_holds_group())):
        p = float(exact)
        assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / trials)


def test_simulation_seeds() -> None:
    assert simulate_deal_chances(2_000, seed=1) == simulate_deal_chances(2_000, seed=1)
    assert simulate_deal_chances(2_000, seed=1) != simulate_deal_chances(2_000, seed=2)


def test_count_agrees_with_the_hypergeometric_formula() -> None:
    # No 2 among the 5 cards: none of the 4 "threats" among 52 is in the 5 held.
    no_wild = Fraction(count_deals(lambda hand: all(card.rank != 2 for card in hand)))
    assert no_wild / math.comb(52, 5) == chance_no_threat(52, 4, 5)
