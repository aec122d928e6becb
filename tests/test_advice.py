"""Advice that plays each bid (issue 11, item 1): bid_advice and play_each_bid."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xactika_edu
from xactika_edu import XactikaError, deal
from xactika_edu.core.game import score
from xactika_edu.engines import fastsim, simulate
from xactika_edu.engines.advice import (
    BID_ADVICE_METHOD,
    FIXED_PLAY_METHOD,
    bid_advice,
    fixed_play_advice,
    play_each_bid,
    suggest_bid,
)

#: Lesson 6's hand: notebooks/06_estimation_and_bidding.ipynb deals it with
#: ``deal(players=4, seed=46)[0]``; the student sits in seat 0, left of the dealer (seat 3).
LESSON6 = deal(players=4, seed=46)[0]
SMALL = "3133 3333 1111"


def test_lesson6_playing_for_2_beats_playing_for_3():
    # Issue 11 measured, on 1,500 replayed deals: playing for 3 makes it 44.5% (+0.78),
    # playing for 2 makes it 73.6% (+1.17). With seed 1, the same 1,500 deals played for
    # each bid give (tricks taken: counts of 0..5 tricks)
    #   for 3: 776 x 2, 674 x 3, 48 x 4, 2 x 5 tricks: made 674/1500 = 44.93%;
    #          score (674*3 - 776*1 - 48*1 - 2*2) / 1500 = 1194/1500 = +0.796
    #   for 2: 1102 x 2, 341 x 3, 52 x 4, 5 x 5 tricks: made 1102/1500 = 73.47%;
    #          score (1102*2 - 341*1 - 52*2 - 5*3) / 1500 = 1744/1500 = +1.1627
    # so 2 is the better bid by about 0.37 points a hand, as the issue says.
    advice = bid_advice(LESSON6, players=4, seat=0, trials=1500, seed=1, dealer=3)
    assert advice.loc[3, "chance of making it"] == pytest.approx(674 / 1500, abs=1e-12)
    assert advice.loc[3, "expected score"] == pytest.approx(1194 / 1500, abs=1e-12)
    assert advice.loc[2, "chance of making it"] == pytest.approx(1102 / 1500, abs=1e-12)
    assert advice.loc[2, "expected score"] == pytest.approx(1744 / 1500, abs=1e-12)
    assert advice.loc[2, [0, 1, 2, 3, 4, 5]].tolist() == pytest.approx(
        [0, 0, 1102 / 1500, 341 / 1500, 52 / 1500, 5 / 1500]
    )
    assert advice.attrs["recommended"] == 2
    assert advice.index[advice["recommended"]].tolist() == [2]
    # the one-distribution view, on the same deals, recommends 3 (the flaw the issue names)
    old = fixed_play_advice(LESSON6, players=4, seat=0, trials=1500, seed=1, dealer=3)
    assert old.attrs["recommended"] == 3 and old.attrs["method"] == FIXED_PLAY_METHOD
    assert old.loc[3, "expected score"] == pytest.approx(advice.loc[3, "expected score"])
    # the difference is well beyond the noise: 2's interval lies above 3's
    assert advice.loc[2, "95% low"] > advice.loc[3, "95% high"]


def test_suggest_bid_is_the_advice_that_plays_each_bid():
    # Issue 11, item 1: the one-distribution view stays only under a name that says what
    # it is (fixed_play_advice); suggest_bid, the name lessons, the README and the
    # worksheets use, gives the corrected advice. Before, it recommended 3 on Lesson 6's
    # hand (its bid-2 row: made 52.9%, +0.55, because the seat played for 3).
    for name in (suggest_bid, xactika_edu.suggest_bid, simulate.suggest_bid):
        advice = name(LESSON6, players=4, seat=0, trials=400, seed=1, dealer=3)
        pd.testing.assert_frame_equal(
            advice, bid_advice(LESSON6, players=4, seat=0, trials=400, seed=1, dealer=3)
        )
        assert advice.attrs["method"] == BID_ADVICE_METHOD
        assert advice.attrs["recommended"] == 2


def test_every_bid_is_played_on_the_same_deals():
    plays = play_each_bid(LESSON6, players=4, seat=0, trials=300, seed=5, dealer=3)
    assert plays.hands.shape == (300, 4, 8)
    # the seat holds the hand in every trial; the other hands are dealt once per trial
    assert (np.sort(plays.hands[:, 0], axis=1) == np.sort(fastsim.card_ids(LESSON6))).all()
    for i, bid in enumerate(plays.bids):
        forced = np.full((300, 4), -1)
        forced[:, 0] = bid
        # replaying trial t's deal with the bid forced gives the same tricks, trial by trial
        rounds = fastsim.play_rounds(hands=plays.hands, bots="heuristic", dealer=3, bids=forced)
        assert rounds.tricks[:, 0].tolist() == plays.tricks[i].tolist()


def test_later_bidders_and_the_dealer_see_the_bid():
    # seat 1 bids second after the dealer (seat 3) ... seat 0 bid 2; the dealer bids last
    plays = play_each_bid(LESSON6, players=4, seat=1, trials=200, seed=2, dealer=3, bids_so_far=[2])
    for i, bid in enumerate(plays.bids):
        forced = np.full((200, 4), -1)
        forced[:, 0], forced[:, 1] = 2, bid
        rounds = fastsim.play_rounds(hands=plays.hands, bots="heuristic", dealer=3, bids=forced)
        assert rounds.tricks[:, 1].tolist() == plays.tricks[i].tolist()
        assert (rounds.bids.sum(axis=1) != 8).all()


def test_the_dealers_forbidden_bid_is_absent():
    # the seat is the dealer; 1 + 0 + 1 = 2 bid before it, so 3 - 2 = 1 is forbidden
    advice = bid_advice(
        SMALL, players=4, seat=0, dealer=0, bids_so_far=[1, 0, 1], trials=100, seed=1
    )
    assert advice.index.tolist() == [0, 2, 3]
    assert advice.attrs["bids before yours"] == (1, 0, 1)
    assert advice.attrs["dealer"] == 0
    # an 8-card dealer after bids totalling 9: no bid is forbidden
    free = bid_advice(
        LESSON6, players=4, seat=3, dealer=3, bids_so_far=[3, 3, 3], trials=50, seed=1
    )
    assert free.index.tolist() == list(range(9))


@pytest.mark.parametrize("seat, dealer, made", [(0, 3, ()), (2, 0, (1,)), (1, 1, (0, 2, 3))])
def test_table_invariants(seat, dealer, made):
    advice = bid_advice(
        LESSON6, players=4, seat=seat, dealer=dealer, bids_so_far=list(made), trials=150, seed=7
    )
    tricks = list(range(9))
    probabilities = advice[tricks].to_numpy()
    assert probabilities.sum(axis=1) == pytest.approx(np.ones(len(advice)), abs=1e-12)
    for bid, row in advice.iterrows():
        # the expected score is the sum over k of score(bid, k) x P(k tricks)
        expected = sum(score(int(bid), k) * row[k] for k in tricks)
        assert row["expected score"] == pytest.approx(expected, abs=1e-12)
        assert row["chance of making it"] == row[int(bid)]
        assert row["95% low"] <= row["expected score"] <= row["95% high"]
    best = advice["expected score"].idxmax()
    assert advice.attrs["recommended"] == best and advice.loc[best, "recommended"]
    assert advice.attrs["method"] == BID_ADVICE_METHOD
    assert advice.attrs["trials"] == 150 and advice.attrs["seed"] == 7


def test_standard_error_is_the_score_spread_over_root_trials():
    plays = play_each_bid(SMALL, players=3, seat=0, trials=400, seed=3)
    advice = bid_advice(SMALL, players=3, seat=0, trials=400, seed=3)
    for i, bid in enumerate(plays.bids):
        points = [score(bid, int(k)) for k in plays.tricks[i]]
        assert advice.loc[bid, "standard error"] == pytest.approx(
            np.std(points, ddof=1) / np.sqrt(400)
        )


def test_seeded():
    first = bid_advice(SMALL, players=4, seat=1, trials=300, seed=11)
    pd.testing.assert_frame_equal(first, bid_advice(SMALL, players=4, seat=1, trials=300, seed=11))
    other = bid_advice(SMALL, players=4, seat=1, trials=300, seed=12)
    assert not first.equals(other)
    generator = bid_advice(SMALL, players=4, seat=1, trials=300, seed=np.random.default_rng(11))
    assert generator.attrs["seed"] is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"trials": 0}, "trials must be from 1 to 1000000, got 0"),
        ({"players": 11}, "players must be from 2 to 10, got 11"),
        ({"seat": 4}, "seat must be from 0 to 3, got 4"),
        ({"dealer": 7}, "dealer must be from 0 to 3, got 7"),
        ({"bids_so_far": "12"}, "bids_so_far must be a list of bids, got '12'"),
        ({"bids_so_far": [4]}, "a bid so far must be from 0 to 3, got 4"),
        ({"dealer": 1, "bids_so_far": [1]}, "seat 1 bids after 3 players"),
        ({"hand": "3133 3134"}, "3134"),
    ],
)
def test_bad_input_names_the_value(kwargs, message):
    arguments = {"hand": SMALL, "players": 4, "seat": 1, "trials": 10, "seed": 1} | kwargs
    with pytest.raises(XactikaError, match=message):
        bid_advice(**arguments)


@pytest.mark.parametrize(
    "hand, players, seat, dealer, made",
    [
        (" ".join(map(str, LESSON6)), 4, 0, 3, ()),  # first to bid
        (" ".join(map(str, LESSON6)), 4, 2, 0, (2,)),  # bids before the dealer
        (" ".join(map(str, LESSON6)), 4, 3, 3, (0, 1, 2)),  # the dealer itself
        ("3333 3332 3323 3233 2333 3331 3313 3133", 4, 1, 0, ()),  # a strong hand
        ("1111 1112 1121 1211 2111 1113 1131 1311", 3, 1, 2, (0,)),  # a weak hand
        ("2222 2213 3122 1322", 2, 0, 1, ()),  # 2 players, 4 cards
        ("2213 3122", 10, 4, 1, (1, 0)),  # 10 players, 2 cards
        ("3213", 5, 0, 4, ()),  # one card
    ],
)
def test_shared_beginnings_give_the_tricks_of_direct_play(hand, players, seat, dealer, made):
    # "shared" replays one game per deal and plays on from where the bids' needs differ;
    # "direct" plays every bid from the deal: the same tricks, deal by deal
    arguments = {"trials": 300, "seed": 9, "dealer": dealer, "bids_so_far": list(made)}
    shared = play_each_bid(hand, players, seat, **arguments)
    direct = play_each_bid(hand, players, seat, method="direct", **arguments)
    assert shared.bids == direct.bids
    assert (shared.hands == direct.hands).all()
    assert shared.tricks.tolist() == direct.tricks.tolist()


def test_unknown_method_is_named():
    with pytest.raises(XactikaError, match="method must be one of shared, direct, got 'fast'"):
        play_each_bid(SMALL, players=4, seat=1, trials=10, seed=1, method="fast")


@st.composite
def requests(draw):
    """Any table, hand size, seat and dealer; the bids before the seat near the totals
    where the dealer rule bites."""
    players = draw(st.integers(2, 10))
    cards = draw(st.integers(1, 8))
    seat = draw(st.integers(0, players - 1))
    dealer = draw(st.integers(0, players - 1))
    before = (seat - dealer - 1) % players
    made = draw(st.lists(st.integers(0, min(cards, 2)), min_size=before, max_size=before))
    hand = deal(players, seed=draw(st.integers(0, 2**32 - 1)), cards_per_hand=cards)[0]
    return hand, players, seat, dealer, made, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_shared_and_direct_agree_on_any_table(request):
    hand, players, seat, dealer, made, seed = request
    arguments = {"trials": 40, "seed": seed, "dealer": dealer, "bids_so_far": made}
    shared = play_each_bid(hand, players, seat, **arguments)
    direct = play_each_bid(hand, players, seat, method="direct", **arguments)
    assert shared.tricks.tolist() == direct.tricks.tolist()
    legal = set(range(len(hand) + 1))
    if seat == dealer:  # the bid making the total the cards per hand is not played
        legal.discard(len(hand) - sum(made))
    assert set(shared.bids) == legal
