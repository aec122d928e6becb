"""The reference simulator, the strength table and bid advice.

Invariants come from RULES.md (tricks per hand sum to the cards per hand; the bids
never total it; the score formula); simulated chances are compared with exact ones
from ``probability.chance_unbeatable`` with the tolerance stated.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import Hand, deal
from xactika_edu.core.game import Round
from xactika_edu.core.probability import chance_unbeatable
from xactika_edu.engines import fastsim
from xactika_edu.engines import simulate as simulate_module
from xactika_edu.engines.advice import fixed_play_advice
from xactika_edu.engines.bots import HeuristicBot, MonteCarloBot, RandomBot
from xactika_edu.engines.simulate import BOTS, play_round, strength_table, suggest_bid

# These tests are about the reference engine (real Rounds and bot objects); the
# fast engine has its own tests (test_fastsim.py), and "auto" is tested below.
simulate_rounds = functools.partial(simulate_module.simulate_rounds, engine="reference")

COLUMNS = ["round", "seat", "bot", "dealer", "bid", "tricks", "score", "made"]


def rules_score(bid: int, tricks: int) -> int:
    return tricks if bid == tricks else -abs(tricks - bid)


# --- simulate_rounds -------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, cards, bots",
    [
        (4, 8, None),
        (2, 3, ("random", "heuristic")),
        (5, 1, "random"),
        (10, 8, ("heuristic", "random") * 5),
        (3, 5, ("random", HeuristicBot, functools.partial(MonteCarloBot, samples=2))),
    ],
)
def test_table_shape_and_rule_invariants(players, cards, bots):
    n = 12
    table = simulate_rounds(n, players=players, bots=bots, seed=4, cards_per_hand=cards)
    assert list(table.columns) == COLUMNS
    assert len(table) == n * players
    assert table["round"].tolist() == [r for r in range(1, n + 1) for _ in range(players)]
    assert table["seat"].tolist() == list(range(players)) * n
    assert str(table["dealer"].dtype) == "bool" and str(table["made"].dtype) == "bool"
    for column in ("round", "seat", "bid", "tricks", "score"):
        assert str(table[column].dtype) == "int64"
    by_round = table.groupby("round")
    assert (by_round["tricks"].sum() == cards).all()  # every trick is won once
    assert (by_round["bid"].sum() != cards).all()  # the dealer rule
    assert (by_round["dealer"].sum() == 1).all()
    dealers = table[table["dealer"]]
    assert dealers["seat"].tolist() == [(r - 1) % players for r in range(1, n + 1)]
    assert table["made"].tolist() == (table["bid"] == table["tricks"]).tolist()
    assert table["score"].tolist() == [
        rules_score(b, t) for b, t in zip(table["bid"], table["tricks"], strict=True)
    ]
    assert table["bid"].between(0, cards).all() and table["tricks"].between(0, cards).all()


def test_bot_names_in_the_table():
    table = simulate_rounds(2, players=3, bots=["random", "Heuristic", RandomBot(seed=1)], seed=1)
    assert table["bot"].tolist()[:3] == ["random", "heuristic", "random"]
    assert set(BOTS) == {"random", "heuristic", "montecarlo", "search"}


def test_same_seed_same_table():
    bots = ["random", "heuristic", "random", "montecarlo"]
    partial = functools.partial(MonteCarloBot, samples=3)
    first = simulate_rounds(6, bots=[*bots[:3], partial], seed=9)
    again = simulate_rounds(6, bots=[*bots[:3], partial], seed=9)
    pd.testing.assert_frame_equal(first, again)
    other = simulate_rounds(6, bots=[*bots[:3], partial], seed=10)
    assert not first.equals(other)
    # a generator seed works too, and draws from the generator
    rng = np.random.default_rng(3)
    a = simulate_rounds(3, seed=rng)
    b = simulate_rounds(3, seed=rng)
    assert len(a) == len(b) == 12


def test_the_deals_do_not_depend_on_the_bots():
    # the same seed deals the same hands whatever sits at the table: the heuristic
    # table's results can be replayed deal by deal
    heuristic = simulate_rounds(5, bots="heuristic", seed=17)
    root = np.random.SeedSequence(17)
    deal_rng = np.random.default_rng(root.spawn(5)[0])
    for r in range(5):
        rnd = Round.deal(4, dealer=r % 4, seed=deal_rng)
        play_round(rnd, [HeuristicBot() for _ in range(4)])
        rows = heuristic[heuristic["round"] == r + 1]
        assert rows["tricks"].tolist() == list(rnd.tricks_won)
        assert rows["bid"].tolist() == list(rnd.bids)


def test_bad_bots_and_numbers():
    with pytest.raises(XactikaError, match="give one bot per player \\(4\\), got 3"):
        simulate_rounds(1, bots=["random"] * 3)
    with pytest.raises(XactikaError, match="unknown bot 'chess' for seat 1; the bots are"):
        simulate_rounds(1, players=2, bots=["random", "chess"])
    with pytest.raises(XactikaError, match="not a bot name, a bot or a bot factory"):
        simulate_rounds(1, players=2, bots=["random", 3])
    with pytest.raises(XactikaError, match="made 'oops', not a bot"):
        simulate_rounds(1, players=2, bots=["random", lambda seed: "oops"])
    with pytest.raises(XactikaError, match="n must be from 1 to"):
        simulate_rounds(0)
    with pytest.raises(XactikaError, match="players must be from 2 to 10, got 11"):
        simulate_rounds(1, players=11)
    with pytest.raises(XactikaError, match="cards_per_hand must be from 1 to 8, got 9"):
        simulate_rounds(1, cards_per_hand=9)
    with pytest.raises(XactikaError, match="seed must be a whole number"):
        simulate_rounds(1, seed=-3)
    with pytest.raises(XactikaError, match="give one bot per player \\(3\\), got 2"):
        play_round(Round.deal(3, seed=1), [RandomBot(), RandomBot()])


def test_progress_bar_is_optional_and_changes_nothing(capsys):
    quiet = simulate_rounds(3, seed=2)
    assert capsys.readouterr() == ("", "")  # silent by default
    shown = simulate_rounds(3, seed=2, progress=True)
    pd.testing.assert_frame_equal(quiet, shown)
    assert "3/3" in capsys.readouterr().err  # tqdm writes to stderr outside Jupyter


# --- strength_table -------------------------------------------------------------------


def test_strength_table_columns_and_intervals():
    table = simulate_rounds(60, bots=["heuristic", "random", "random", "random"], seed=5)
    strength = strength_table(table)
    assert list(strength.index) == ["heuristic", "random"]
    assert list(strength.columns) == [
        "rounds", "hands", "exact bid rate", "exact low", "exact high",
        "mean score", "score low", "score high",
    ]  # fmt: skip
    assert strength.loc["random", "rounds"] == 60 and strength.loc["random", "hands"] == 180
    for bot in strength.index:
        rows = table[table["bot"] == bot]
        assert strength.loc[bot, "exact bid rate"] == pytest.approx(rows["made"].mean())
        assert strength.loc[bot, "mean score"] == pytest.approx(rows["score"].mean())
        row = strength.loc[bot]
        assert row["exact low"] <= row["exact bid rate"] <= row["exact high"]
        assert row["score low"] <= row["mean score"] <= row["score high"]
    # one seat per round: the usual t interval for a mean (scipy-free check)
    heuristic = table[table["bot"] == "heuristic"]["score"].to_numpy(dtype=float)
    half = 2.0010 * heuristic.std(ddof=1) / math.sqrt(60)  # t(0.975, 59) = 2.0010
    assert strength.loc["heuristic", "score high"] - heuristic.mean() == pytest.approx(half, 1e-3)
    wider = strength_table(table, level=0.99)
    assert wider.loc["random", "score low"] < strength.loc["random", "score low"]


def test_strength_table_edge_cases():
    one = simulate_rounds(1, bots=["heuristic", "random", "random", "random"], seed=1)
    strength = strength_table(one)
    assert strength["score low"].isna().all()
    with pytest.raises(XactikaError, match="no column 'made'"):
        strength_table(one.drop(columns="made"))
    with pytest.raises(XactikaError, match="the table is empty"):
        strength_table(one.iloc[0:0])
    with pytest.raises(XactikaError, match="confidence level must be between 0 and 1, got 95"):
        strength_table(one, level=95)
    with pytest.raises(XactikaError, match="needs the DataFrame from simulate_rounds"):
        strength_table([1, 2])  # type: ignore[arg-type]


@pytest.mark.slow
def test_heuristic_beats_random_clearly():
    table = simulate_rounds(400, bots=["heuristic", "random"] * 2, seed=2024)
    strength = strength_table(table)
    assert strength.loc["heuristic", "score low"] > strength.loc["random", "score high"] + 1
    assert strength.loc["heuristic", "exact low"] > strength.loc["random", "exact high"]


# --- fixed_play_advice -------------------------------------------------------------------


@st.composite
def advice_cases(draw):
    players = draw(st.integers(2, 10))
    cards = draw(st.integers(1, 8))
    seat = draw(st.integers(0, players - 1))
    before = draw(st.integers(0, players - 1))
    bids = draw(st.lists(st.integers(0, cards), min_size=before, max_size=before))
    hand_seed = draw(st.integers(0, 2**32 - 1))
    hand = deal(players, seed=hand_seed, cards_per_hand=cards)[0]
    return hand, players, seat, bids, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(advice_cases())
def test_advice_is_a_distribution_with_a_legal_best_bid(case):
    hand, players, seat, bids, seed = case
    advice = fixed_play_advice(hand, players, seat, trials=25, seed=seed, bids_so_far=bids)
    cards = len(hand)
    assert list(advice.index) == list(range(cards + 1)) and advice.index.name == "bid"
    assert advice["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert (advice["probability"] >= 0).all()
    # the expected score is the sum of P(k) x score(bid, k)
    for bid in advice.index:
        expected = sum(
            p * rules_score(bid, k) for k, p in enumerate(advice["probability"].tolist())
        )
        assert advice.loc[bid, "expected score"] == pytest.approx(expected)
    dealer = (seat - 1 - len(bids)) % players
    assert advice.attrs["dealer"] == dealer
    forbidden = cards - sum(bids) if seat == dealer else None
    assert advice["legal"].tolist() == [b != forbidden for b in range(cards + 1)]
    best = advice.attrs["recommended"]
    assert advice["recommended"].sum() == 1 and advice.loc[best, "recommended"]
    assert advice.loc[best, "legal"]
    legal = advice[advice["legal"]]
    assert advice.loc[best, "expected score"] == legal["expected score"].max()


def test_the_dealer_rule_in_advice():
    hand = Hand.parse("3133 3333 1111")
    # seat 0 deals; the others bid 1, 0 and 1, so 1 would make the total 3
    advice = fixed_play_advice(hand, 4, seat=0, dealer=0, bids_so_far=[1, 0, 1], trials=300, seed=1)
    assert not advice.loc[1, "legal"] and not advice.loc[1, "recommended"]
    assert advice.attrs["recommended"] != 1
    # the same hand bidding first is unrestricted
    first = fixed_play_advice(hand, 4, seat=1, dealer=0, trials=300, seed=1)
    assert first["legal"].all()


def test_advice_is_seeded_and_checks_its_input():
    hand = "1131 1123 2221 2132 2321 3212 1323 3332"
    a = fixed_play_advice(hand, 4, 1, trials=100, seed=3)
    pd.testing.assert_frame_equal(a, fixed_play_advice(hand, 4, 1, trials=100, seed=3))
    assert a.attrs["trials"] == 100 and a.attrs["played as"] in range(9)
    with pytest.raises(XactikaError, match="seat 1 bids after 0 players, but bids_so_far has 2"):
        fixed_play_advice(hand, 4, 1, dealer=0, bids_so_far=[1, 2])
    with pytest.raises(XactikaError, match="bids_so_far has 4 bids but only 3 players"):
        fixed_play_advice(hand, 4, 1, bids_so_far=[1, 1, 1, 1])
    with pytest.raises(XactikaError, match="a bid so far must be from 0 to 8, got 9"):
        fixed_play_advice(hand, 4, 1, bids_so_far=[9])
    with pytest.raises(XactikaError, match="bids_so_far must be a list of bids"):
        fixed_play_advice(hand, 4, 1, bids_so_far="12")  # type: ignore[arg-type]
    with pytest.raises(XactikaError, match="seat must be from 0 to 3, got 4"):
        fixed_play_advice(hand, 4, 4)
    with pytest.raises(XactikaError, match=r"10 players with 9 cards|cards in the hand must be"):
        fixed_play_advice(hand + " 3333", 10, 0)
    with pytest.raises(XactikaError, match="cannot read card"):
        fixed_play_advice("1131 9999", 4, 0)


@pytest.mark.parametrize("card", ["2222", "2231", "3213"])
def test_one_card_advice_matches_the_exact_chance(card):
    # Two players, one card each; seat 1 bids first and so leads. HeuristicBot bids 1
    # when its best chance is at least 1/2 and then leads that call, so it takes the
    # trick with exactly the best chance_unbeatable (RULES.md hypergeometric); if it
    # bids 0 it sheds, leading the call with the lowest chance. Tolerance: 4.5
    # standard errors of 4000 trials.
    chances = [
        chance_unbeatable(card, c, hand=[card], players=2) for c in Hand([card])[0].combinations
    ]
    advice = fixed_play_advice([card], players=2, seat=1, dealer=0, trials=4000, seed=8)
    p = float(max(chances)) if advice.attrs["played as"] == 1 else float(min(chances))
    se = math.sqrt(p * (1 - p) / 4000)
    assert abs(advice.loc[1, "probability"] - p) <= 4.5 * se + 1e-9


def test_suggest_bid_for_a_known_strong_hand():
    # three sure winners led in turn (3133: the only 10 with 1 cube; 3333: the only 12)
    advice = fixed_play_advice("3133 3333 1111", players=4, seat=1, trials=400, seed=2)
    assert advice.loc[0, "probability"] == 0 and advice.loc[1, "probability"] == 0
    assert advice.attrs["recommended"] >= 2


def test_auto_engine_uses_the_fast_engine_for_named_random_and_heuristic_bots():
    auto = simulate_module.simulate_rounds(50, bots=["heuristic", "random"] * 2, seed=3)
    fast = fastsim.simulate_rounds(50, 4, ["heuristic", "random"] * 2, seed=3)
    pd.testing.assert_frame_equal(auto, fast)
    reference = simulate_rounds(50, bots=["heuristic", "random"] * 2, seed=3)
    assert list(reference.columns) == list(auto.columns)
    assert (reference.dtypes == auto.dtypes).all()
    # A Monte Carlo bot needs the reference engine; asking for "fast" says so.
    with pytest.raises(XactikaError, match="fast engine plays only"):
        simulate_module.simulate_rounds(1, bots="montecarlo", engine="fast")
    with pytest.raises(XactikaError, match="engine must be 'auto', 'fast' or 'reference'"):
        simulate_module.simulate_rounds(1, engine="quick")


def test_a_single_bot_factory_or_bot_plays_every_seat():
    # The docstring: "A single name or factory is used for every seat". The engine
    # choice once called list() on it (a TypeError); it is one spec, as for a name.
    one = simulate_module.simulate_rounds(2, players=3, bots=HeuristicBot, seed=4)
    each = simulate_module.simulate_rounds(2, players=3, bots=[HeuristicBot] * 3, seed=4)
    pd.testing.assert_frame_equal(one, each)
    table = simulate_module.simulate_rounds(2, players=2, bots=RandomBot(seed=1), seed=4)
    assert table["bot"].tolist() == ["random"] * 4


@pytest.mark.parametrize("hand", [None, 5, 3.5], ids=repr)
def test_suggest_bid_names_a_hand_that_is_not_a_list(hand):
    # Before: TypeError: 'NoneType' object is not iterable (issue #9, item 19).
    with pytest.raises(XactikaError, match="hand must be a list like '3213 1111' or"):
        suggest_bid(hand, players=4, seat=0, trials=10)
    with pytest.raises(XactikaError, match="hand must be a list like"):
        simulate_module.trick_distribution(hand, players=4, seat=0, trials=10)


def test_play_round_names_a_round_or_bots_that_are_not_one():
    with pytest.raises(XactikaError, match=r"play_round needs a Round, got \{\}"):
        simulate_module.play_round({}, [])
    with pytest.raises(XactikaError, match="bots must be a list like"):
        simulate_module.play_round(Round.deal(players=2, seed=1), None)
