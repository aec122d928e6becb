"""Exact chances of a ZXT knock game deal: already worth 0, or holding three of a kind.

A 5-card deal's value and its groups depend only on its ranks, not its suits. So
the deals are counted by *rank pattern*: how many cards of each of the 13 ranks
(0 to 4 each, 5 in all). A pattern with ``n_r`` cards of rank ``r`` is dealt in
``prod_r C(4, n_r)`` ways (which suits), out of ``C(52, 5) = 2,598,960`` deals; the
rule (:func:`~xactika_edu.core.knock.hand_value`, :func:`~xactika_edu.core.knock.holds_group`)
is asked once per pattern, on one hand of that pattern. tests/test_knock_chances.py
checks the counts against all 2,598,960 deals.

>>> chance_deal_worth_zero()             # 672 deals of 2,598,960
Fraction(2, 7735)
>>> chance_deal_holds_group()
Fraction(181, 1105)

Worked by hand for the first: five cards all in groups need a 2 (no five of a kind
in 4 suits). One 2 with four of a kind: 12 x 4 = 48; two 2s with three of a kind:
12 x 4 x 6 = 288; three 2s with a pair: 12 x 6 x 4 = 288; four 2s and any card: 48.
672 in all. Source of the rule: seed 004, "ZXT Games", "Scoring Zero". Core layer.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from fractions import Fraction

import numpy as np

from ...base.checks import check_whole
from ..cards import Seed, make_rng
from ..knock import CARDS_EACH, hand_value, holds_group
from ..playing_cards import RANKS, STANDARD_DECK, STANDARD_RANKS, PlayingCard

__all__ = [
    "chance_deal_holds_group",
    "chance_deal_worth_zero",
    "count_deals",
    "rank_patterns",
    "simulate_deal_chances",
]

_SUITS = len(STANDARD_DECK) // len(RANKS)


def rank_patterns(cards: int = CARDS_EACH) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every rank pattern of a ``cards``-card deal with the number of deals showing it.

    Yields ``(counts, ways)``: ``counts[i]`` cards of rank ``RANKS[i]`` and the
    ``prod C(4, counts[i])`` deals with those ranks.

    >>> sum(ways for _counts, ways in rank_patterns(5)) == math.comb(52, 5)
    True
    """
    cards = check_whole(cards, "cards", 0, len(STANDARD_DECK))

    def spread(index: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if index == len(RANKS):
            if left == 0:
                yield (), 1
            return
        for take in range(min(left, _SUITS) + 1):
            for rest, ways in spread(index + 1, left - take):
                yield (take, *rest), math.comb(_SUITS, take) * ways

    yield from spread(0, cards)


def _pattern_hand(counts: tuple[int, ...]) -> tuple[PlayingCard, ...]:
    """One hand of the pattern ``counts`` (suits from clubs up)."""
    return tuple(
        PlayingCard(suit, rank)
        for rank, count in zip(RANKS, counts, strict=True)
        for suit in range(count)
    )


def count_deals(test: Callable[[tuple[PlayingCard, ...]], bool], cards: int = CARDS_EACH) -> int:
    """How many ``cards``-card deals of the 52 cards pass ``test``, a rule that reads
    ranks only (its answer must not depend on the suits).

    >>> count_deals(lambda hand: hand_value(hand) == 0)
    672
    """
    return sum(ways for counts, ways in rank_patterns(cards) if test(_pattern_hand(counts)))


@functools.cache
def chance_deal_worth_zero() -> Fraction:
    """The exact chance that a 5-card deal is already worth 0 (every card in a group).

    Returns a probability in [0, 1] (``672 / 2,598,960 = 2/7735``, about 1 in 3,868).
    """
    return Fraction(count_deals(lambda hand: hand_value(hand) == 0), math.comb(52, CARDS_EACH))


@functools.cache
def chance_deal_holds_group() -> Fraction:
    """The exact chance that a 5-card deal holds three or more of a kind, 2s wild.

    Returns a probability in [0, 1] (``425,712 / 2,598,960 = 181/1105``, about 0.164,
    1 deal in 6). By hand, the deals without: no 2 and no three of a kind
    (811,008 all ranks different, 760,320 one pair, 95,040 two pairs) and one 2 with
    four different ranks (4 x C(12, 4) x 4^4 = 506,880): 2,173,248 in all.
    """
    return Fraction(count_deals(holds_group), math.comb(52, CARDS_EACH))


def simulate_deal_chances(trials: int = 200_000, seed: Seed = None) -> tuple[float, float]:
    """Deal ``trials`` 5-card hands at random; the share worth 0 and the share holding
    three of a kind (2s wild), in that order.

    Each share is within 4 standard errors of the exact chance (``4 * sqrt(p(1-p)/n)``)
    but about once in 16,000 runs. Each dealt hand is judged by the same rules as the
    exact count (once per rank pattern seen). The same seed gives the same shares.

    >>> zero, group = simulate_deal_chances(20_000, seed=1)
    >>> abs(group - float(chance_deal_holds_group())) < 4 * (0.164 * 0.836 / 20_000) ** 0.5
    True
    """
    trials = check_whole(trials, "trials", 1, 10**8)
    rng = make_rng(seed)
    patterns: dict[bytes, int] = {}
    chunk = 50_000
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        deals = rng.random((size, len(STANDARD_DECK))).argsort(axis=1)[:, :CARDS_EACH]
        counts = np.zeros((size, len(RANKS)), dtype=np.int8)
        rows = np.repeat(np.arange(size), CARDS_EACH)
        np.add.at(counts, (rows, STANDARD_RANKS[deals].ravel() - RANKS[0]), 1)
        keys, seen = np.unique(counts, axis=0, return_counts=True)
        for key, times in zip(keys, seen, strict=True):
            patterns[key.tobytes()] = patterns.get(key.tobytes(), 0) + int(times)
    zero = group = 0
    for key, times in patterns.items():
        hand = _pattern_hand(tuple(int(count) for count in np.frombuffer(key, dtype=np.int8)))
        zero += times if hand_value(hand) == 0 else 0
        group += times if holds_group(hand) else 0
    return zero / trials, group / trials
