"""Figure descriptions (xactika_edu.alt_text) read the numbers a figure draws."""

from __future__ import annotations

import pytest
from matplotlib.figure import Figure

from xactika_edu.alt_text import MAX_ITEMS, describe_axes, describe_figure
from xactika_edu.classroom import example_scores, scores_by_player, summary_by_player
from xactika_edu.errors import XactikaError
from xactika_edu.plots import bell_curve, value_pie_chart


def test_a_pie_reads_its_slice_labels_in_order():
    ax = value_pie_chart(["1111", "2222", "2223", "3333"], ax=Figure().subplots())
    text = describe_axes(ax)
    assert text.startswith("Pie chart: Face values of 4 cards.")
    assert "4 slices: 4: 1 card (25%); 8: 1 card (25%); 9: 1 card (25%); 12: 1 card (25%)." in text


def test_a_pie_without_labels_gives_each_slice_its_percent():
    ax = Figure().subplots()
    ax.pie([1, 3])
    assert "2 slices: 25% of the pie; 75% of the pie." in describe_axes(ax)


def test_horizontal_bars_are_named_by_their_labels():
    scores = example_scores(players=3, games=1, seed=2)
    ax = scores_by_player(scores, ax=Figure().subplots())
    text = describe_figure(ax.figure)
    totals = summary_by_player(scores)["total score"]
    for player, total in totals.items():
        assert f"{player}: {total:+d}" in text or f"{player}: {total}" in text, (player, text)


def test_a_curve_over_bars_gives_its_peak():
    ax = bell_curve(ax=Figure().subplots())
    text = describe_figure(ax.figure)
    assert "Bars for cards in the deck: 4: 1, 5: 4, 6: 10, 7: 16, 8: 19," in text
    assert "Over it: Line normal curve: mean 8, variance 8/3" in text
    # 81 x the normal density at its mean, 8, in the axis's own words and precision
    assert "highest 19.8 (face value 8)" in text


def test_stacked_dots_are_counted_over_each_place():
    ax = Figure().subplots()
    for x, count in [(3, 2), (5, 4), (6, 1)]:
        ax.scatter([x] * count, range(1, count + 1))
    assert "7 dots, stacked; dots over each place across: 3: 2, 5: 4, 6: 1." in describe_axes(ax)


def test_many_bars_are_summarised():
    ax = Figure().subplots()
    ax.bar(range(MAX_ITEMS + 6), [1] * 10 + [9] + [1] * (MAX_ITEMS - 5))
    assert f"Bars: {MAX_ITEMS + 6} bars from 0 to {MAX_ITEMS + 5}; the tallest is 10: 9." in (
        describe_axes(ax)
    )


def test_an_empty_figure_says_so():
    assert describe_figure(Figure()) == "An empty figure."


@pytest.mark.parametrize("bad", [None, "graph", 3])
def test_not_a_figure_is_refused_by_name(bad):
    with pytest.raises(XactikaError, match=repr(bad)):
        describe_figure(bad)
    with pytest.raises(XactikaError, match=repr(bad)):
        describe_axes(bad)
