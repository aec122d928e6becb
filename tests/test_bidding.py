"""Estimation and bidding (Lesson 6): the distribution of tricks for one hand, the
expected score of each bid, the dealer rule, and their plots."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from xactika_edu import XactikaError, deal, score, simulate_rounds, suggest_bid
from xactika_edu.engines.advice import bid_advice, fixed_play_advice
from xactika_edu.engines.simulate import expected_score_table, trick_distribution
from xactika_edu.teaching.plots import (
    bid_total_bar_graph,
    expected_score_bar_graph,
    trick_bar_graph,
)

HAND = "2111 1123 1312 2122 1223 2331 3133 3333"  # Lesson 6's hand: deal(4, seed=46)[0]


def _axes():
    return Figure().subplots()


# --- trick_distribution ------------------------------------------------------------------


def test_lesson_hand_is_the_seeded_deal():
    assert str(deal(players=4, seed=46)[0]) == HAND


def test_trick_distribution_is_fixed_play_advices_simulation():
    table = trick_distribution(HAND, players=4, seat=0, trials=500, seed=3)
    advice = fixed_play_advice(HAND, players=4, seat=0, trials=500, seed=3)
    assert list(table.index) == list(range(9))
    assert table.index.name == "tricks"
    assert table["frequency"].dtype == np.int64
    assert int(table["frequency"].sum()) == 500
    assert table["relative frequency"].tolist() == advice["probability"].tolist()
    assert table.attrs == {
        "trials": 500,
        "played as": advice.attrs["played as"],
        "dealer": advice.attrs["dealer"],
    }


@pytest.mark.parametrize(
    ("seat", "dealer", "before"), [(0, 3, []), (0, 0, [2, 1, 2]), (2, 0, [3])], ids=str
)
def test_trick_distribution_playing_for_a_bid_is_that_row_of_bid_advice(seat, dealer, before):
    # Issue 11, item 5: a lesson shows the distribution of tricks when playing for each
    # bid; on the same deals (same seed) it is bid_advice's row for that bid, exactly.
    advice = bid_advice(
        HAND, players=4, seat=seat, dealer=dealer, bids_so_far=before, trials=300, seed=7
    )
    for bid in advice.index:
        table = trick_distribution(
            HAND, 4, seat, 300, 7, dealer=dealer, bids_so_far=before, playing_for=int(bid)
        )
        assert table.attrs["played as"] == bid
        assert table["relative frequency"].tolist() == advice.loc[bid, list(range(9))].tolist()
        steps = expected_score_table(table, int(bid))
        assert steps.attrs["expected score"] == pytest.approx(
            advice.loc[bid, "expected score"], abs=1e-12
        )
    # the dealer after 2, 1, 2 may not play for 3 (2 + 1 + 2 + 3 = 8)
    if seat == dealer:
        with pytest.raises(XactikaError, match="playing_for 3 is not a legal bid"):
            trick_distribution(
                HAND, 4, seat, 10, 7, dealer=dealer, bids_so_far=before, playing_for=3
            )


def test_trick_distribution_same_seed_same_table():
    first = trick_distribution(HAND, players=4, seat=0, trials=300, seed=8)
    again = trick_distribution(HAND, players=4, seat=0, trials=300, seed=8)
    pd.testing.assert_frame_equal(first, again)


def test_two_sure_cards_always_take_two_tricks():
    # 3333 is the only 12 and 3133 the only 10 with 1 cube: led, each wins for certain,
    # and the bot needing tricks leads them, so this hand never takes fewer than 2.
    table = trick_distribution(HAND, players=4, seat=0, trials=400, seed=1)
    assert table.loc[0, "frequency"] == table.loc[1, "frequency"] == 0


def test_the_only_twelve_led_always_wins():
    # One card each; seat 1 is left of dealer 0, so it leads its 3333 and wins.
    table = trick_distribution("3333", players=4, seat=1, trials=200, seed=1)
    assert table["frequency"].tolist() == [0, 200]


def test_trick_distribution_rejects_bad_input():
    with pytest.raises(XactikaError, match="'9999'"):
        trick_distribution("9999", players=4, seat=0)
    with pytest.raises(XactikaError, match="players must be from 2 to 10, got 11"):
        trick_distribution(HAND, players=11, seat=0)
    with pytest.raises(XactikaError, match="seat"):
        trick_distribution(HAND, players=4, seat=4)


# --- expected_score_table ----------------------------------------------------------------


def test_expected_score_table_worked_example():
    # Half the time 1 trick, half the time 2. Bid 1: 1/2 x 1 + 1/2 x (-1) = 0.
    # Bid 2: 1/2 x (-1) + 1/2 x 2 = 1/2. Bid 0: 1/2 x (-1) + 1/2 x (-2) = -3/2.
    table = pd.DataFrame(
        {"relative frequency": [0.0, 0.5, 0.5]}, index=pd.Index([0, 1, 2], name="tricks")
    )
    expected = [expected_score_table(table, bid).attrs["expected score"] for bid in (0, 1, 2)]
    assert expected == [-1.5, 0.0, 0.5]
    result = expected_score_table(table, 1)
    weighted = result["relative frequency × score"].to_numpy()
    assert not np.signbit(weighted[weighted == 0]).any()  # 0 x -1 shows as 0.0, not -0.0
    assert list(result.columns) == ["relative frequency", "score", "relative frequency × score"]
    assert result["score"].tolist() == [score(1, k) for k in range(3)]
    assert result.attrs["bid"] == 1


def test_expected_score_table_agrees_with_fixed_play_advice_for_the_bid_played():
    distribution = trick_distribution(HAND, players=4, seat=0, trials=400, seed=2)
    advice = fixed_play_advice(HAND, players=4, seat=0, trials=400, seed=2)
    bid = advice.attrs["played as"]
    from_table = expected_score_table(distribution, bid).attrs["expected score"]
    from_advice = expected_score_table(advice, bid).attrs["expected score"]
    assert from_table == pytest.approx(advice.loc[bid, "expected score"], abs=1e-12)
    assert from_advice == pytest.approx(from_table, abs=1e-12)


def test_expected_score_table_refuses_a_distribution_played_for_another_bid():
    # Issue 11: a distribution played for 3 says nothing true about bidding 2 (a player
    # who bids 2 plays differently). Before, it gave Lesson 6's "+0.55 for bid 2".
    distribution = trick_distribution(HAND, players=4, seat=0, trials=200, seed=1)
    assert distribution.attrs["played as"] == 3
    with pytest.raises(
        XactikaError,
        match=r"playing for 3.*trick_distribution\(\.\.\., "
        r"playing_for=2\)",
    ):
        expected_score_table(distribution, 2)
    with pytest.raises(XactikaError, match="playing for 3"):
        expected_score_table(fixed_play_advice(HAND, 4, 0, trials=50, seed=1), 2)


def test_bidding_zero_scores_minus_the_mean():
    # score(0, k) = -k for k > 0 and 0 for k = 0, so E[score of bid 0] = -E[tricks]
    # (for the distribution played for 0).
    distribution = trick_distribution(HAND, players=4, seat=0, trials=400, seed=4, playing_for=0)
    mean = float((distribution.index * distribution["relative frequency"]).sum())
    assert expected_score_table(distribution, 0).attrs["expected score"] == pytest.approx(-mean)


def test_expected_score_table_rejects_bad_input():
    table = pd.DataFrame({"relative frequency": [0.5, 0.5]}, index=pd.Index([0, 1]))
    with pytest.raises(XactikaError, match="bid must be from 0 to 1, got 2"):
        expected_score_table(table, 2)
    with pytest.raises(XactikaError, match="got 'a table'"):
        expected_score_table("a table", 1)  # type: ignore[arg-type]
    with pytest.raises(XactikaError, match="'frequency'"):
        expected_score_table(pd.DataFrame({"frequency": [1, 1]}), 1)
    with pytest.raises(XactikaError, match=r"index \[1, 2\]"):
        expected_score_table(pd.DataFrame({"relative frequency": [0.5, 0.5]}, index=[1, 2]), 1)


# --- the dealer rule ---------------------------------------------------------------------


def test_dealer_rule_means_someone_misses_every_hand():
    results = simulate_rounds(2000, players=4, bots="heuristic", seed=5)
    per_hand = results.groupby("round").agg(
        bids=("bid", "sum"), tricks=("tricks", "sum"), made=("made", "all")
    )
    assert (per_hand["tricks"] == 8).all()
    assert (per_hand["bids"] != 8).all()
    assert not per_hand["made"].any()  # in no hand did everyone make their bid


# --- plots -------------------------------------------------------------------------------


def test_trick_bar_graph_bars_and_mean():
    distribution = trick_distribution(HAND, players=4, seat=0, trials=400, seed=1)
    ax = trick_bar_graph(distribution, ax=_axes())
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == pytest.approx(distribution["relative frequency"].tolist())
    mean = float((distribution.index * distribution["relative frequency"]).sum())
    (line,) = ax.get_lines()
    assert line.get_xdata()[0] == pytest.approx(mean)
    assert ax.get_legend().get_texts()[0].get_text().startswith("mean ")
    assert "400 simulated deals" in ax.get_title()


def test_trick_bar_graph_marks_rare_outcomes():
    table = pd.DataFrame({"frequency": [0, 999, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
    ax = trick_bar_graph(table, ax=_axes())
    assert [text.get_text() for text in ax.texts] == ["0%", "> 99%", "< 1%"]


def test_trick_bar_graph_rejects_bad_input():
    with pytest.raises(XactikaError, match="no column 'frequency'"):
        trick_bar_graph(pd.DataFrame({"count": [1]}), ax=_axes())
    with pytest.raises(XactikaError, match="every frequency is 0"):
        trick_bar_graph(pd.DataFrame({"frequency": [0, 0]}), ax=_axes())
    with pytest.raises(XactikaError, match="ax must be a matplotlib Axes"):
        trick_bar_graph(pd.DataFrame({"frequency": [1]}), ax="axes")  # type: ignore[arg-type]


def test_expected_score_bar_graph_marks_best_and_forbidden_bids():
    # The dealer after bids 2, 1, 2 may not bid 3 (2 + 1 + 2 + 3 = 8).
    advice = fixed_play_advice(
        HAND, players=4, seat=0, dealer=0, bids_so_far=[2, 1, 2], trials=300, seed=1
    )
    ax = expected_score_bar_graph(advice, ax=_axes())
    labels = [text.get_text() for text in ax.texts]
    assert len(labels) == 9
    assert labels[3].endswith("\nnot allowed")
    best = advice.attrs["recommended"]
    assert [i for i, label in enumerate(labels) if label.endswith("\nbest")] == [best]
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == pytest.approx(advice["expected score"].tolist())


def test_expected_score_bar_graph_of_the_advice_that_plays_each_bid():
    # suggest_bid is bid_advice: only the legal bids, so the forbidden 3 has no bar
    advice = suggest_bid(
        HAND, players=4, seat=0, dealer=0, bids_so_far=[2, 1, 2], trials=300, seed=1
    )
    ax = expected_score_bar_graph(advice, ax=_axes())
    centers = [round(bar.get_x() + bar.get_width() / 2) for bar in ax.patches]
    assert centers == [0, 1, 2, 4, 5, 6, 7, 8]
    labels = [text.get_text() for text in ax.texts]
    best = centers.index(advice.attrs["recommended"])
    assert [i for i, label in enumerate(labels) if label.endswith("\nbest")] == [best]


def test_trick_bar_graph_title_says_the_bid_played_for():
    table = trick_distribution(HAND, players=4, seat=0, trials=100, seed=1, playing_for=2)
    ax = trick_bar_graph(table, ax=_axes())
    assert ax.get_title() == ("Tricks taken by one hand in 100 simulated deals\nwhen playing for 2")


def test_expected_score_bar_graph_rejects_bad_input():
    with pytest.raises(XactikaError, match="no column 'expected score'"):
        expected_score_bar_graph(pd.DataFrame({"probability": [1.0]}), ax=_axes())


def test_bid_total_bar_graph_has_no_bar_at_eight():
    results = simulate_rounds(300, players=4, bots="heuristic", seed=2)
    ax = bid_total_bar_graph(results, ax=_axes())
    bars = {round(bar.get_x() + bar.get_width() / 2): int(bar.get_height()) for bar in ax.patches}
    assert bars[8] == 0
    assert sum(bars.values()) == 300
    assert ax.texts[-1].get_text() == "never 8"


def test_bid_total_bar_graph_rejects_bad_input():
    with pytest.raises(XactikaError, match="no column 'tricks'"):
        bid_total_bar_graph(pd.DataFrame({"round": [1], "bid": [2]}), ax=_axes())
