"""Tricks a fixed Blackout hand takes, and each bid's expected score in both scorings
(xactika_edu.engines.blackout_advice)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import make_rng
from xactika_edu.core.playing_cards import PlayingCard, as_playing_cards
from xactika_edu.engines.advice import bid_advice
from xactika_edu.engines.blackout_advice import (
    blackout_trick_distribution,
    compare_bid_scoring,
    deal_blackout_hand,
    play_blackout_hand,
)

HAND = "8C 7D 3S 9H 3H"  # the docs' four-player example: diamonds trump
XACTIKA_HAND = "1212 2231 1133 3233 1213 3111 1323 1333"


def test_the_deals_keep_the_hand_and_deal_the_rest_uniformly() -> None:
    hands, turned = deal_blackout_hand(20_000, HAND, players=4, seat=2, seed=3)
    mine = sorted(card.index for card in as_playing_cards(HAND))
    assert (np.sort(hands[:, 2], axis=1) == mine).all()
    everything = np.concatenate([hands.reshape(20_000, -1), turned[:, None]], axis=1)
    assert (np.diff(np.sort(everything, axis=1), axis=1) > 0).all()  # no card twice
    # the turned card is uniform over the 47 other cards: each has chance 1/47; with
    # 20,000 deals a count's standard deviation is about 20; 6 sd is a safe bound
    counts = np.bincount(turned, minlength=52)
    assert counts[mine].sum() == 0
    others = np.delete(counts, mine)
    assert np.abs(others - 20_000 / 47).max() < 6 * np.sqrt(20_000 / 47)


def test_a_given_trump_card_is_turned_in_every_deal_and_none_in_the_max_round() -> None:
    _hands, turned = deal_blackout_hand(50, HAND, trump="2D", seed=1)
    assert (turned == PlayingCard.parse("2D").index).all()
    full = " ".join(["AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"])
    hands, turned = deal_blackout_hand(10, full, players=4, seed=1)
    assert (turned == -1).all() and hands.shape == (10, 4, 13)


def test_the_distribution_sums_to_one_and_counts_the_deals() -> None:
    table = blackout_trick_distribution(HAND, trump="2D", deals=500, seed=2)
    assert list(table.index) == [0, 1, 2, 3, 4, 5]
    assert sum(table["relative frequency"]) == 1
    assert int(table["frequency"].sum()) == 500 == table.attrs["deals"]
    assert all(isinstance(p, Fraction) for p in table["relative frequency"])
    assert table.attrs["played as"] == 0 and table.attrs["dealer"] == 3  # no ace, no king


@pytest.mark.parametrize("playing_for", [None, 0, 3])
def test_top_trumps_take_every_trick(playing_for: int | None) -> None:
    # A♠ K♠ Q♠ with spades trump: each card beats any card, so 3 tricks in every deal,
    # even when playing for 0 (every card it can play wins)
    table = blackout_trick_distribution(
        "AS KS QS", trump="2S", players=5, seat=1, deals=300, seed=7, playing_for=playing_for
    )
    assert table["relative frequency"].tolist() == [0, 0, 0, 1]


def test_the_same_seed_gives_the_same_table_and_another_seed_another() -> None:
    one = blackout_trick_distribution(HAND, deals=400, seed=11)
    assert one.equals(blackout_trick_distribution(HAND, deals=400, seed=11))
    assert not one.equals(blackout_trick_distribution(HAND, deals=400, seed=12))
    assert one.attrs["played as"] == 0  # no ace, no king, no trump queen: always 0
    # Q♠ is a likely winner only when spades are trump: the bid changes with the card
    queen = blackout_trick_distribution("QS 7D 3C", deals=400, seed=11)
    assert queen.attrs["played as"] is None


def test_playing_for_a_bid_changes_the_distribution() -> None:
    # on the same deals, playing for 0 ducks: more deals with no trick than playing for 2
    ducking = blackout_trick_distribution(HAND, "2D", deals=1000, seed=5, playing_for=0)
    taking = blackout_trick_distribution(HAND, "2D", deals=1000, seed=5, playing_for=2)
    assert ducking.loc[0, "frequency"] > taking.loc[0, "frequency"]
    assert ducking.attrs["played as"] == 0 and taking.attrs["played as"] == 2


def _direct(chances: tuple[Fraction, ...], bid: int) -> tuple[Fraction, Fraction]:
    """Both expected scores from the distribution, written out (seed 004: a 1 in front
    of the bid, bids under 10 here; RULES.md step 4: b if exact, else -|t - b|)."""
    blackout = chances[bid] * (10 + bid)
    xactika = sum(
        (p * (t if t == bid else -abs(t - bid)) for t, p in enumerate(chances)), Fraction(0)
    )
    return blackout, xactika


@pytest.fixture(scope="module")
def compared() -> pd.DataFrame:
    return compare_bid_scoring(HAND, "2D", XACTIKA_HAND, players=4, deals=300, seed=9)


def test_expected_scores_match_a_direct_computation(compared: pd.DataFrame) -> None:
    assert compared["game"].tolist() == ["Blackout"] * 6 + ["Xactika"] * 9
    for row in compared.itertuples(index=False):
        chances = row.tricks
        assert sum(chances) == 1
        assert row[2] == chances[row.bid]  # chance of making it
        assert (row[3], row[4]) == _direct(chances, row.bid)


def test_best_bids_are_the_highest_expected_scores(compared: pd.DataFrame) -> None:
    for game in ("Blackout", "Xactika"):
        part = compared[compared["game"] == game]
        for scoring in ("Blackout", "Xactika"):
            scores = part[f"{scoring} score"].tolist()
            best = scores.index(max(scores))  # the first maximum: the lower bid
            assert part[f"best for {scoring}"].tolist() == [i == best for i in range(len(part))]
            assert compared.attrs["best"][game][scoring] == best


def test_expected_scores_are_the_scores_of_the_same_deals_played_out(
    compared: pd.DataFrame,
) -> None:
    # the same seed: the Blackout deals first, then the Xactika deals from the same stream
    rng = make_rng(9)
    _tricks, scores, made = play_blackout_hand(HAND, range(6), "2D", 4, 0, 300, rng)
    assert (made == np.arange(6)[:, None]).all()
    blackout = compared[compared["game"] == "Blackout"]
    for bid in range(6):  # exact: the mean score over the same 300 deals
        assert blackout["Blackout score"].iloc[bid] == Fraction(int(scores[bid].sum()), 300)
    advice = bid_advice(XACTIKA_HAND, players=4, seat=0, trials=300, seed=rng)
    xactika = compared[compared["game"] == "Xactika"]
    expected = [float(x) for x in xactika["Xactika score"]]
    # the same deals and the same play: equal up to float rounding of a mean of 300 ints
    assert np.allclose(expected, advice["expected score"].to_numpy(), rtol=0, atol=1e-12)


def test_the_distribution_of_a_bid_is_the_comparison_row(compared: pd.DataFrame) -> None:
    for bid in (0, 2):
        table = blackout_trick_distribution(HAND, "2D", deals=300, seed=9, playing_for=bid)
        row = compared[(compared["game"] == "Blackout") & (compared["bid"] == bid)]
        assert tuple(table["relative frequency"]) == row["tricks"].iloc[0]


def test_the_best_bid_moves_between_the_scorings(compared: pd.DataFrame) -> None:
    # the docs' example: the Blackout hand's best bid is 0 for all-or-nothing (10
    # points when exact) and 1 for minus-the-difference (bid 0 exact scores 0)
    assert compared.attrs["best"]["Blackout"] == {"Blackout": 0, "Xactika": 1}


def test_compare_is_seeded() -> None:
    one = compare_bid_scoring("AS 4H", "2S", "3133 1111", players=3, deals=200, seed=1)
    two = compare_bid_scoring("AS 4H", "2S", "3133 1111", players=3, deals=200, seed=1)
    three = compare_bid_scoring("AS 4H", "2S", "3133 1111", players=3, deals=200, seed=2)
    assert one.equals(two) and not one.equals(three)


def test_bad_requests_are_refused() -> None:
    with pytest.raises(XactikaError, match="twice"):
        deal_blackout_hand(5, "AS AS")
    with pytest.raises(XactikaError, match="twice"):
        deal_blackout_hand(5, "AS 4H", trump="4H")
    with pytest.raises(XactikaError, match="not in the 5-player Blackout deck"):
        deal_blackout_hand(5, "2C 4H", players=5)
    full = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    with pytest.raises(XactikaError, match="max round"):
        deal_blackout_hand(5, full, trump="2H")
    with pytest.raises(XactikaError, match="cards in the hand"):
        deal_blackout_hand(5, "AS KS QS JS 10S 9S 8S", players=8)  # 6 cards at most
    with pytest.raises(XactikaError, match="deals"):
        blackout_trick_distribution("AS", deals=0)
    with pytest.raises(XactikaError, match="bid"):
        blackout_trick_distribution("AS 4H", deals=10, playing_for=3)
    with pytest.raises(XactikaError, match="players"):
        compare_bid_scoring("AS", None, "3133", players=9, deals=10)


def test_compare_bid_scoring_without_an_xactika_hand_gives_the_same_blackout_rows():
    """``xactika_hand=None`` (Lesson 8) leaves out the Xactika rows, nothing else: the
    Blackout deals are drawn first from the seed."""
    both = compare_bid_scoring("8C 7D 3S 9H 3H", "2D", "3133 1111", players=4, deals=200, seed=4)
    alone = compare_bid_scoring("8C 7D 3S 9H 3H", "2D", players=4, deals=200, seed=4)
    blackout = both[both["game"] == "Blackout"].reset_index(drop=True)
    pd.testing.assert_frame_equal(alone, blackout)
    assert alone.attrs["best"] == {"Blackout": both.attrs["best"]["Blackout"]}
