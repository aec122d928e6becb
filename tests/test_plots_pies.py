"""Plots of groups of cards (Lesson 2): slice angles are 360 x part, one tick per card,
bar heights and labels match the counts, side-by-side bars match each pile's table,
and bad input gets an error naming it."""

from __future__ import annotations

import math
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import pytest
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle, Wedge

from xactika_edu import DECK, deal, value_distribution
from xactika_edu.base.errors import XactikaError
from xactika_edu.base.palette import SERIES
from xactika_edu.teaching.plots import compare_value_bar_graph, group_bar_graph, group_pie_chart

# The deck grouped by face value: 1 + 4 + 10 cards are 4-6, 16 + 19 + 16 are 7-9,
# 10 + 4 + 1 are 10-12 (RULES.md, the deck table).
GROUPS = {"low (4-6)": 15, "middle (7-9)": 51, "high (10-12)": 15}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def new_axes():
    return Figure().subplots()


def wedges(ax) -> list[Wedge]:
    return [p for p in ax.patches if isinstance(p, Wedge)]


def texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts if t.get_text()]


def test_slice_angles_are_360_times_the_part_clockwise_from_the_top():
    ax = group_pie_chart(GROUPS, ax=new_axes())
    total = sum(GROUPS.values())
    slices = wedges(ax)
    assert len(slices) == len(GROUPS)
    for wedge, n in zip(slices, GROUPS.values(), strict=True):
        assert math.isclose(wedge.theta2 - wedge.theta1, 360 * n / total)
    assert math.isclose(slices[0].theta2 % 360, 90)  # the first slice ends at the top


def test_labels_give_count_percent_and_degrees():
    ax = group_pie_chart(GROUPS, degrees=True, ax=new_axes())
    # 15/81 = 18.5% -> 19%, 360 x 15/81 = 66.7° -> ≈ 67°; 51/81 = 63.0% -> 63%, 226.7° -> ≈ 227°
    assert texts(ax) == [
        "low (4-6): 15 cards (19%, ≈ 67°)",
        "middle (7-9): 51 cards (63%, ≈ 227°)",
        "high (10-12): 15 cards (19%, ≈ 67°)",
    ]
    assert "(percent, degrees)" in ax.get_xlabel()
    plain = group_pie_chart(GROUPS, ax=new_axes())
    assert texts(plain)[0] == "low (4-6): 15 cards (19%)"
    assert plain.get_title() == "Parts of 81 cards"


def test_whole_degrees_are_exact_and_a_single_card_is_singular():
    ax = group_pie_chart({"8": 1, "not 8": 19}, degrees=True, title="a pile", ax=new_axes())
    assert texts(ax) == ["8: 1 card (5%, 18°)", "not 8: 19 cards (95%, 342°)"]
    assert ax.get_title() == "a pile"


def test_ticks_one_per_card_on_the_rim_and_on_the_slice_edges():
    counts = {"a": 3, "b": 5, "c": 12}
    ax = group_pie_chart(counts, ticks=True, ax=new_axes())
    ticks = [line for line in ax.lines if isinstance(line, Line2D)]
    assert len(ticks) == sum(counts.values())
    angles = sorted(
        round(math.degrees(math.atan2(line.get_ydata()[0], line.get_xdata()[0])) % 360, 6)
        for line in ticks
    )
    assert angles == sorted(round((90 - 18 * i) % 360, 6) for i in range(20))
    for wedge in wedges(ax):  # every slice starts and ends on a tick
        assert round(wedge.theta1 % 360, 6) in angles
    assert all(
        math.isclose(math.hypot(line.get_xdata()[0], line.get_ydata()[0]), 1) for line in ticks
    )


def test_groups_with_no_cards_get_no_slice():
    ax = group_pie_chart({"a": 2, "none": 0, "b": 2}, ax=new_axes())
    assert len(wedges(ax)) == 2
    assert texts(ax) == ["a: 2 cards (50%)", "b: 2 cards (50%)"]


def test_pie_plot_on_a_new_figure_when_no_ax():
    ax = group_pie_chart({"a": 1})
    assert ax.figure is not None and len(wedges(ax)) == 1


@pytest.mark.parametrize(
    ("groups", "options", "message"),
    [
        ([15, 51], {}, "groups must be a dict"),
        ({}, {}, "groups must be a dict"),
        ({"a": 0}, {}, "at least one card"),
        ({"a": -1}, {}, "'a' must be from 0"),
        ({"a": 1.5}, {}, "1.5"),
        ({"": 1}, {}, "needs a name"),
        ({3: 1}, {}, "needs a name"),
        ({"a": 101}, {"ticks": True}, "at most 100; got 101"),
        ({"a": 1}, {"degrees": "yes"}, "degrees must be True or False"),
        ({"a": 1}, {"ax": "axes"}, "ax must be a matplotlib Axes"),
    ],
)
def test_pie_bad_input_is_named(groups, options, message):
    with pytest.raises(XactikaError, match=message):
        group_pie_chart(groups, **options)


def test_group_bars_counts_and_relative_frequencies():
    threes = {f"3 {shape}": 27 for shape in ("balls", "cubes", "cones", "stars")}
    ax = group_bar_graph(threes, xlabel="combination", ax=new_axes())
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [int(bar.get_height()) for bar in bars] == [27] * 4
    assert [label.get_text() for label in ax.get_xticklabels()] == list(threes)
    assert ax.get_xlabel() == "combination"
    relative = group_bar_graph(threes, of=len(DECK), ax=new_axes())
    heights = [bar.get_height() for bar in relative.patches]
    assert all(math.isclose(h, 1 / 3) for h in heights)
    assert sum(heights) > 1  # overlapping groups: not parts of one whole
    assert texts(relative) == ["27/81"] * 4
    assert "81 cards" in relative.get_ylabel()


@pytest.mark.parametrize(
    ("groups", "of", "message"),
    [
        ({"a": 5}, 4, r"at least the largest group \(5\), got 4"),
        ({"a": 5}, 5.0, "got 5.0"),
        ({"a": 5}, True, "got True"),
        (None, None, "groups must be a dict"),
    ],
)
def test_group_bars_bad_input_is_named(groups, of, message):
    with pytest.raises(XactikaError, match=message):
        group_bar_graph(groups, of=of)


def test_side_by_side_bars_match_each_piles_table():
    first, second = deal(players=2, seed=3)[:2]
    ax = compare_value_bar_graph({"hand 1": first, "hand 2": second}, ax=new_axes())
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bars) == 18
    for pile, group in ((first, bars[:9]), (second, bars[9:])):
        assert [int(b.get_height()) for b in group] == value_distribution(pile)[
            "frequency"
        ].tolist()
    assert bars[0].get_facecolor()[:3] == matplotlib.colors.to_rgb(SERIES[0])
    assert bars[9].get_facecolor()[:3] == matplotlib.colors.to_rgb(SERIES[1])
    assert bars[9].get_hatch()  # the second pile differs by more than color
    for face_value, left, right in zip(range(4, 13), bars[:9], bars[9:], strict=True):
        assert left.get_x() + left.get_width() <= right.get_x() + 1e-9  # side by side
        assert left.get_x() < face_value < right.get_x() + right.get_width()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["hand 1 (8 cards)", "hand 2 (8 cards)"]


def test_side_by_side_relative_bars_add_up_to_one_per_pile():
    hand = deal(players=4, seed=7)[0]
    ax = compare_value_bar_graph({"hand": hand, "deck": None}, relative=True, ax=new_axes())
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert math.isclose(sum(b.get_height() for b in bars[:9]), 1)
    assert math.isclose(sum(b.get_height() for b in bars[9:]), 1)
    assert f"{value_distribution()['frequency'][8]}/81" in texts(ax)
    deck_eight = value_distribution().loc[8, "fraction"]
    assert math.isclose(bars[9 + 4].get_height(), float(deck_eight))
    assert deck_eight == Fraction(19, 81)


@pytest.mark.parametrize(
    ("piles", "message"),
    [
        ({"one": None}, "2 to 4 named piles"),
        ({str(i): None for i in range(5)}, "2 to 4 named piles"),
        ([None, None], "2 to 4 named piles"),
        ({"a": None, "b": []}, "at least one card"),
        ({"a": None, 2: None}, "needs a name"),
        ({"a": None, "b": "3213"}, "Hand.parse"),
    ],
)
def test_side_by_side_bad_input_is_named(piles, message):
    with pytest.raises(XactikaError, match=message):
        compare_value_bar_graph(piles)


def test_no_global_matplotlib_state_changes():
    before = dict(matplotlib.rcParams)
    group_pie_chart(GROUPS, ticks=False, degrees=True, ax=new_axes())
    group_bar_graph(GROUPS, of=81, ax=new_axes())
    compare_value_bar_graph({"a": None, "b": None}, ax=new_axes())
    assert dict(matplotlib.rcParams) == before


def test_review_7_a_group_keeps_its_colour_from_another_pie_and_bad_colours_are_named():
    """Review 7 (a 7th grader, Lesson 2): face value 8 was blue in one pie and green in
    the next; a pie can take one colour per group, and a wrong list is named."""
    from matplotlib.colors import to_hex
    from matplotlib.figure import Figure

    from xactika_edu.base.errors import XactikaError
    from xactika_edu.plots import group_pie_chart

    ax = group_pie_chart(
        {"a": 2, "b": 0, "c": 3}, colors=["#0072B2", "red", "#D9D9D9"], ax=Figure().subplots()
    )
    assert [to_hex(w.get_facecolor()) for w in ax.patches[:2]] == ["#0072b2", "#d9d9d9"]
    with pytest.raises(XactikaError, match="list of 1 color, one per group"):
        group_pie_chart({"a": 1}, colors=["red", "blue"])
    with pytest.raises(XactikaError, match="'nope' is not a color"):
        group_pie_chart({"a": 1}, colors=["nope"])
