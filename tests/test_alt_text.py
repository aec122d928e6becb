"""Figure descriptions (xactika_edu.teaching.alt_text) read the numbers a figure draws."""

from __future__ import annotations

import pytest
from matplotlib.figure import Figure

from xactika_edu.base.errors import XactikaError
from xactika_edu.teaching.alt_text import MAX_BARS, describe_axes, describe_figure
from xactika_edu.teaching.classdata.classroom import (
    example_scores,
    scores_by_player,
    summary_by_player,
)
from xactika_edu.teaching.plots import bell_curve, value_pie_chart


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
    ax.bar(range(MAX_BARS + 6), [1] * 10 + [9] + [1] * (MAX_BARS - 5))
    assert f"Bars: {MAX_BARS + 6} bars from 0 to {MAX_BARS + 5}; the tallest is 10: 9" in (
        describe_axes(ax)
    )
    ax = Figure().subplots()
    ax.bar(range(20), [3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert "; the tallest is 10: 10." in describe_axes(ax)  # not a hill: 3 then 1


def test_an_empty_figure_says_so():
    assert describe_figure(Figure()) == "An empty figure."


@pytest.mark.parametrize("bad", [None, "graph", 3])
def test_not_a_figure_is_refused_by_name(bad):
    with pytest.raises(XactikaError, match=repr(bad)):
        describe_figure(bad)
    with pytest.raises(XactikaError, match=repr(bad)):
        describe_axes(bad)


def _running_lines(formatter=None):
    ax = Figure().subplots()
    ax.plot([1, 13, 150, 300], [1.0, 0.3846, 0.6, 0.6267], label="run 1")
    ax.set_xlabel("number of draws so far (trials)")
    ax.set_ylabel("relative frequency of success so far")
    ax.set_xlim(1, 300)
    ax.set_ylim(0, 1)
    if formatter is not None:
        ax.yaxis.set_major_formatter(formatter)
    return ax


def test_a_percent_axis_is_read_in_percents_with_the_x_axis_words():
    from matplotlib.ticker import PercentFormatter

    text = describe_figure(_running_lines(PercentFormatter(xmax=1)).figure)
    # ticks every 20% -> whole percents; "number of draws" -> "1 draw", "300 draws"
    assert (
        "Line run 1: starts at 100% (1 draw), lowest 38% (13 draws), ends at 63% (300 draws)."
        in text
    )


def test_a_plain_axis_keeps_its_decimals_without_spurious_precision():
    text = describe_figure(_running_lines().figure)  # ticks 0.0, 0.2, ... 1.0
    assert "starts at 1 (1 draw), lowest 0.38 (13 draws), ends at 0.63 (300 draws)." in text


def test_a_log_axis_gives_two_significant_figures():
    import numpy as np

    ax = Figure().subplots()
    trials = np.geomspace(16.7, 9600, 50)
    ax.plot(trials, 0.388 / np.sqrt(trials), label="the 1/√n rule")
    ax.set_xscale("log"), ax.set_yscale("log")
    ax.set_xlabel("number of trials in one experiment (log scale)")
    text = describe_axes(ax)
    assert "Line the 1/√n rule: falls from 0.095 (17 trials) to 0.004 (9,600 trials)." in text
    assert "0.00396" not in text


def test_the_bubble_chart_separates_axis_key_and_colours():
    from xactika_edu.teaching.classdata.classroom import bid_trick_table, bids_vs_tricks

    scores = example_scores(seed=1)
    ax = bids_vs_tricks(scores, ax=Figure().subplots())
    text = describe_figure(ax.figure)
    assert "Across: bid. Up: tricks taken. Written under the graph: number in a bubble:" in text
    table = bid_trick_table(scores)
    exact = [b for b in table.index if b in table.columns and table.loc[b, b] > 0]
    listed = "; ".join(f"({b}, {b}): {int(table.loc[b, b])}" for b in exact)
    dots = int((table > 0).sum().sum())
    assert f"{dots} bubbles at (bid, tricks taken). " in text
    assert f"{len(exact)} green ones, on the line tricks = bid (exact): {listed}." in text
    assert f"{dots - len(exact)} blue ones, off the line: " in text
    above = [(b, t) for b in table.index for t in table.columns if t > b and table.loc[b, t] > 0]
    assert f"{len(above)} above it: ({above[0][0]}, {above[0][1]}): " in text
    assert "the diagonal, where bid and tricks taken are equal" in text


def test_graphs_with_the_same_axes_name_them_once():
    figure = Figure()
    for ax, heights in zip(figure.subplots(1, 2), ([1, 2], [2, 1]), strict=True):
        ax.bar([1, 2], heights)
        ax.set_xlabel("total"), ax.set_ylabel("number of ways")
    text = describe_figure(figure)
    assert text.startswith("2 graphs side by side, each with across: total; up: number of ways.")
    assert "Across:" not in text and "Graph 2: Bar graph. Bars: 1: 2, 2: 1." in text
    for ax, title in zip(figure.axes, ("dice", "shapes"), strict=True):
        ax.set_title(title)
    assert describe_figure(figure) == (
        "2 bar graphs side by side, each with across: total; up: number of ways. "
        "Graph 1: dice. Bars: 1: 1, 2: 2. Graph 2: shapes. Bars: 1: 2, 2: 1."
    )


def test_neighbouring_bars_of_one_height_are_said_once():
    ax = Figure().subplots()
    ax.bar(range(-3, 4), [0, 0, 0, 5, 2, 2, 0])
    minus = "\N{MINUS SIGN}"  # as matplotlib's tick labels write it
    assert f"Bars: {minus}3 to {minus}1: 0 each, 0: 5, 1: 2, 2: 2, 3: 0." in describe_axes(ax)
    ax = Figure().subplots()
    ax.bar(["3 balls", "3 cubes", "3 cones"], [27, 27, 27])  # names, not a number line
    assert "Bars: 3 balls: 27, 3 cubes: 27, 3 cones: 27." in describe_axes(ax)


def test_counts_stay_exact_on_a_coarse_axis():
    ax = Figure().subplots()
    ax.bar([1, 2], [311, 368.4])  # ticks every 50: the count is exact, the 368.4 is not
    assert "Bars: 1: 311, 2: 370." in describe_axes(ax)


def test_stacked_dots_are_called_a_dot_plot():
    # Lesson 5 stacks one dot per student over their number of successes: a dot plot,
    # as the lesson calls it, not a scatter plot.
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    for k, count in {3: 2, 5: 4, 6: 1}.items():
        ax.scatter([k] * count, range(1, count + 1))
    ax.set_ylabel("students")
    assert describe_axes(ax).startswith("Dot plot")
    scattered = Figure().subplots()
    scattered.scatter([1, 2, 3], [2.5, 0.4, 7])
    assert describe_axes(scattered).startswith("Scatter plot")


def test_a_diagram_says_its_labels_not_its_joining_lines():
    """Lesson 4's tree: no axes, lines only join the labels (review 4: it was read as a
    'Line graph' with '6 lines without names')."""
    from xactika_edu.teaching.plots.tree import two_threat_tree

    text = describe_figure(two_threat_tree(49, 73).figure)
    assert text.startswith("Diagram: Where are the two threats?")
    assert "line" not in text.lower().replace("online", "")
    assert "49/73 × 48/72 = 98/219; nobody can beat it" in text


def test_grouped_bars_each_bar_says_its_own_label() -> None:
    """Review 7: two touching bars whose labels point at the same spot (their shared edge),
    each pushed to its own side, as the class-and-computer graph draws them. Each bar must
    be said with its own label, not its neighbour's."""
    ax = Figure().subplots()
    ax.bar([-0.2, 0.8], [0.479, 0.06], width=0.4, label="class")
    ax.bar([0.2, 1.2], [0.488, 0.15], width=0.4, label="computer")
    for x, left, right in [(0.0, "48%", "49%"), (1.0, "6%", "15%")]:
        top = 0.488 if x == 0.0 else 0.15
        ax.annotate(left, (x, top), xytext=(-2, 3), textcoords="offset points", ha="right")
        ax.annotate(right, (x, top), xytext=(2, 3), textcoords="offset points", ha="left")
    text = describe_axes(ax)
    class_part, computer_part = text.split("Bars for class: ")[1].split("Bars for computer: ")
    assert [w for w in class_part.split() if w.endswith("%,") or w.endswith("%.")] == [
        "48%,",
        "6%.",
    ], text
    assert [w for w in computer_part.split() if "%" in w] == ["49%,", "15%."], text
