"""The two-threat tree diagram of Lesson 4 (xactika_edu.teaching.plots.tree).

Issue #12, item 5: a tree diagram before any formula: each threat is set aside or in
another player's hand; the branches multiply; the leaves add up to 1.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from matplotlib.figure import Figure

from xactika_edu import XactikaError, chance_unbeatable, deal
from xactika_edu.probability import threats
from xactika_edu.teaching.plots.tree import two_threat_leaves, two_threat_tree


@pytest.mark.parametrize(("aside", "unseen"), [(49, 73), (1, 73), (0, 5), (5, 5), (1, 2)])
def test_leaves_add_up_to_one_and_match_counting(aside: int, unseen: int) -> None:
    leaves = two_threat_leaves(aside, unseen)
    assert sum(leaf.chance for leaf in leaves) == 1
    # both set aside: the pairs of set-aside places among all pairs of places
    both = [leaf for leaf in leaves if leaf.unbeatable]
    assert len(both) == 1 and both[0].chance == Fraction(comb(aside, 2), comb(unseen, 2))
    # one branch each way sums to 1 at every node
    for first in (True, False):
        steps = [leaf.second_step for leaf in leaves if leaf.first_aside == first]
        assert sum(steps) == 1 or aside == first * unseen or aside == 0


def test_the_both_set_aside_leaf_is_the_library_chance() -> None:
    hand = deal(players=4, seed=11)[0]
    card, call = "2133", "1 cube"
    assert len(threats(card, call, hand=hand)) == 2
    leaves = two_threat_leaves(set_aside=81 - 8 - 3 * 8, unseen=81 - 8)
    assert leaves[0].chance == chance_unbeatable(card, call, hand=hand, players=4)


def test_the_picture_shows_each_step_unreduced_and_the_sum() -> None:
    ax = two_threat_tree(49, 73, names=("2333", "3123"), ax=Figure().subplots())
    texts = [text.get_text() for text in ax.texts]
    # the branch 48/72 stays 48/72 (a student counts places), the product is reduced
    assert "49/73 × 48/72 = 98/219" in texts
    assert "24/73 × 23/72 = 23/219" in texts
    assert "the four leaves add up to 98/219 + 49/219 + 49/219 + 23/219 = 1" in texts
    assert texts.count("nobody can beat it") == 1
    assert "2333 set aside" in texts and "3123 in another player's hand" in texts


@pytest.mark.parametrize(
    ("aside", "unseen", "message"),
    [(5, 4, "set_aside must be from 0 to 4, got 5"), (0, 1, "unseen must be from 2")],
)
def test_bad_counts_are_refused(aside: int, unseen: int, message: str) -> None:
    with pytest.raises(XactikaError, match=message):
        two_threat_leaves(aside, unseen)


def test_bad_names_are_refused() -> None:
    with pytest.raises(XactikaError, match="names must be two texts"):
        two_threat_tree(49, 73, names=("A",), ax=Figure().subplots())
