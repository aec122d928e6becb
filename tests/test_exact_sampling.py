"""Exact sampling of the hidden hands (issue 11, item 3): every deal consistent with
what a player has seen, voids included, equally likely."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from scipy import stats

from xactika_edu.core.cards import DECK, Combination, Hand
from xactika_edu.core.chances import ConsistentDeals
from xactika_edu.core.game import Round
from xactika_edu.engines.sampling import sample_consistent_hands


def _all_deals(unseen, held, voids):
    """Every consistent deal, as a tuple of sorted hands (by enumeration)."""
    deals = []

    def deal(i, left, hands):
        if i == len(held):
            deals.append(tuple(hands))
            return
        allowed = [c for c in left if not set(c.combinations) & set(voids[i])]
        for hand in itertools.combinations(allowed, held[i]):
            rest = [c for c in left if c not in hand]
            deal(i + 1, rest, [*hands, Hand(hand).sorted()])

    deal(0, list(unseen), [])
    return deals


@pytest.mark.parametrize(
    ("held", "voids"),
    [
        ((2, 2), (("1 star",), ())),
        ((2, 2, 1), (("1 star",), ("1 cone", "2 balls"), ())),
        ((3, 2), (("2 cones",), ("3 stars", "1 cube"))),
    ],
)
def test_every_consistent_deal_is_equally_likely(held, voids):
    # chi-square goodness of fit against the uniform distribution over every
    # consistent deal (enumerated), 40 draws per deal on average; the seed is fixed,
    # so the test is deterministic (and its p-value was well above the 0.001 used).
    rng = random.Random(7)
    unseen = Hand(rng.sample(list(DECK[:27]), 9))  # 9 cards of 1 ball: voids bite
    void_lists = tuple(tuple(Combination.parse(c) for c in combos) for combos in voids)
    deals = ConsistentDeals(unseen, held, void_lists)
    every = _all_deals(unseen, held, void_lists)
    assert len(every) == deals.count() >= 10
    generator = np.random.default_rng(2026)
    draws = 40 * len(every)
    seen: dict[tuple[Hand, ...], int] = dict.fromkeys(every, 0)
    for _ in range(draws):
        sample = deals.sample(generator)
        assert sample in seen, sample  # consistent: sizes, voids, no card twice
        seen[sample] += 1
    result = stats.chisquare(list(seen.values()))
    assert result.pvalue > 0.001, result


def _view_with_voids():
    """Seat 0's view, its turn to play, after another seat could not follow."""
    from xactika_edu.core.game import BID
    from xactika_edu.engines.bots import HeuristicBot
    from xactika_edu.engines.simulate import play_round

    bots = [HeuristicBot()] * 4
    for seed in range(200):
        rnd = Round.deal(players=4, seed=seed)
        while not rnd.is_over:
            play_round(rnd, [None, *bots[1:]], until=0)
            if rnd.is_over:
                break
            view = rnd.view(0)
            if rnd.phase != BID and any(view.voids[1:]) and len(view.legal_plays()) > 1:
                return view
            rnd.bid(bots[0].bid(view)) if rnd.phase == BID else rnd.play(bots[0].play(view))
    raise AssertionError("no hand with a void in 200 deals")


def test_when_the_deals_are_too_many_to_count_the_players_still_play(monkeypatch):
    """A count refused for its size (TooManyToCount) never stops a game: the guesses
    come from the approximate sampler, still consistent with the voids and sizes."""
    from xactika_edu.base.errors import TooManyToCount
    from xactika_edu.core.chances import dealcount
    from xactika_edu.engines.bots import MonteCarloBot
    from xactika_edu.engines.sampling import sample_hidden_hands
    from xactika_edu.engines.search import SearchBot

    view = _view_with_voids()
    monkeypatch.setattr(dealcount, "MOST_STATES", 1)  # every count with voids refused
    with pytest.raises(TooManyToCount, match="too many to count exactly"):
        sample_consistent_hands(view, seed=1)
    guesses = sample_hidden_hands(view, 20, np.random.default_rng(1))
    unseen = {DECK.index(c) for c in view.unseen_cards()}
    voids = {o: view.voids[o] for o in range(4) if o != view.seat}
    for hands in guesses:
        assert sorted(map(len, hands)) == sorted(view.cards_held)
        assert set().union(*(set(h) for s, h in enumerate(hands) if s != view.seat)) <= unseen
        for seat, combos in voids.items():
            assert not any(DECK[c].has(k) for c in hands[seat] for k in combos)
    assert MonteCarloBot(seed=1, samples=8).play(view) in view.legal_plays()
    assert SearchBot(seed=1, samples=8).play(view) in view.legal_plays()
