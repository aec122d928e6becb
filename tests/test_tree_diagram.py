"""The two-threat tree diagram of Lesson 4 (xactika_edu.teaching.plots.tree).

Issue #12, item 5: a tree diagram before any formula: each threat is set aside or in
another player's hand; the branches multiply; the leaves add up to 1.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
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
    assert "the four paths add up to 98/219 + 49/219 + 49/219 + 23/219 = 1" in texts
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


# review 4, lesson4-tree: the leaf box "3132 in another player's hand" ran into its
# product ("hand49/73 × 24/72 = 49/219" on the projected page)
def test_lesson4_tree_leaf_boxes_leave_a_gap_before_the_products() -> None:
    import matplotlib.pyplot as plt

    from xactika_edu.teaching.plots.tree import TREE_FIGSIZE

    figure = plt.figure(figsize=TREE_FIGSIZE, dpi=100)
    try:
        ax = two_threat_tree(49, 73, names=("3123", "3132"), ax=figure.subplots())
        figure.canvas.draw()
        renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
        by_row: dict[int, list[tuple[str, float, float]]] = {}
        for text in ax.texts:
            patch = text.get_bbox_patch()
            box = (patch or text).get_window_extent(renderer)
            row = by_row.setdefault(round(text.get_position()[1], 3), [])
            row.append((text.get_text(), box.x0, box.x1))
            assert box.x0 >= 0 and box.x1 <= figure.bbox.width, text.get_text()
        rows = [sorted(row, key=lambda part: part[1]) for row in by_row.values()]
        leaf_rows = [row for row in rows if any(" × " in part[0] for part in row)]
        assert len(leaf_rows) == 4
        for row in leaf_rows:
            for (left, _, left_end), (right, right_start, _) in pairwise(row):
                assert right_start - left_end >= 20, (left, right)
    finally:
        plt.close(figure)
