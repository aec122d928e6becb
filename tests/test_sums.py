"""Sums of equally likely counts (Lesson 3, bell curves): exact distributions by
convolution checked against brute-force listing, the normal curve's fit improving
with more terms, and the plots of sums and of the deck table's per-shape columns."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.text import Annotation
from scipy import stats

from xactika_edu import (
    DECK,
    Combination,
    Shape,
    face_value_mean,
    face_value_variance,
    normal_approximation,
    normal_comparison,
    shape_count_table,
    value_distribution,
)
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.base.palette import SERIES
from xactika_edu.core.probability import (
    sum_distribution,
    sum_mean_and_variance,
    sum_normal_approximation,
    sum_normal_comparison,
    sum_normal_fit,
)
from xactika_edu.teaching.plots import shape_columns_graph, sum_bar_graph

DIE = range(1, 7)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def new_axes() -> Axes:
    """Axes on a bare Figure: no pyplot state involved."""
    return Figure().subplots()


def listed(counts, terms: int) -> Counter:
    """Ways to make each total, by listing every choice (brute force)."""
    return Counter(sum(choice) for choice in product(counts, repeat=terms))


# --- sum_distribution ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("terms", "ways"),
    [
        # One shape: 1, 2 or 3, one way each (flat). Two: the 3 x 3 addition table's
        # diagonals (a triangle). Three and four: the trinomial coefficients, each the
        # sum of the three above it; four shapes are the deck (RULES.md table).
        (1, [1, 1, 1]),
        (2, [1, 2, 3, 2, 1]),
        (3, [1, 3, 6, 7, 6, 3, 1]),
        (4, [1, 4, 10, 16, 19, 16, 10, 4, 1]),
    ],
)
def test_ways_for_one_to_four_shapes(terms, ways):
    table = sum_distribution(terms)
    assert table["frequency"].tolist() == ways
    assert list(table.index) == list(range(terms, 3 * terms + 1))
    assert table.index.name == "total"


def test_four_shapes_are_the_deck():
    table = sum_distribution(4)
    deck = value_distribution()
    assert table["frequency"].tolist() == deck["frequency"].tolist()
    assert table["fraction"].tolist() == deck["fraction"].tolist()
    assert table["relative frequency"].tolist() == deck["relative frequency"].tolist()


def test_dice():
    # Two dice: 36 ways, 7 in 6 of them. Three dice: 216 ways, 10 and 11 in 27 each.
    two, three = sum_distribution(2, counts=DIE), sum_distribution(3, counts=DIE)
    assert two["frequency"].sum() == 36 and two.loc[7, "fraction"] == Fraction(1, 6)
    assert three["frequency"].sum() == 216
    assert three.loc[10, "frequency"] == three.loc[11, "frequency"] == 27
    assert three["frequency"].idxmax() == 10


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(-3, 6), min_size=1, max_size=5),
    terms=st.integers(1, 4),
)
def test_convolution_matches_listing_every_choice(counts, terms):
    table = sum_distribution(terms, counts)
    ways = listed(counts, terms)
    assert list(table.index) == list(range(terms * min(counts), terms * max(counts) + 1))
    assert table["frequency"].tolist() == [ways[t] for t in table.index]
    assert sum(table["fraction"]) == 1
    assert all(isinstance(f, Fraction) for f in table["fraction"])
    assert np.allclose(table["relative frequency"], [float(f) for f in table["fraction"]])


def test_totals_that_cannot_happen_have_frequency_0():
    assert sum_distribution(2, counts=(0, 2))["frequency"].tolist() == [1, 0, 2, 0, 1]


def test_a_count_listed_twice_is_twice_as_likely():
    table = sum_distribution(1, counts=(1, 1, 2))
    assert table["fraction"].tolist() == [Fraction(2, 3), Fraction(1, 3)]


def test_counts_may_be_any_iterable_of_whole_numbers():
    expected = sum_distribution(3, counts=(1, 2, 3))["frequency"].tolist()
    assert sum_distribution(3, counts=iter([1, 2, 3]))["frequency"].tolist() == expected
    assert sum_distribution(3, counts=np.array([1, 2, 3]))["frequency"].tolist() == expected
    assert sum_distribution(np.int64(3))["frequency"].tolist() == expected


def test_many_terms_are_exact_up_to_the_64_bit_limit():
    table = sum_distribution(39)  # 3**39 ways, just under 2**63
    assert int(table["frequency"].sum()) == 3**39
    assert sum(table["fraction"]) == 1
    # The middle total of 39 shapes (78) by the trinomial recurrence in Python ints
    # (no overflow possible): each entry is the sum of the three above it.
    row = [1]
    for _ in range(39):
        row = [
            sum(row[j - k] for k in range(3) if 0 <= j - k < len(row)) for j in range(len(row) + 2)
        ]
    assert int(table.loc[78, "frequency"]) == row[39]
    with pytest.raises(
        XactikaError, match=r"terms=40 with 3 counts gives 3\*\*40 ways.*at most 39"
    ):
        sum_distribution(40)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sum_distribution(0), "terms must be from 1 to 1000, got 0"),
        (lambda: sum_distribution(2.0), "terms must be a whole number from 1 to 1000, got 2.0"),
        (lambda: sum_distribution(True), "terms must be a whole number"),
        (lambda: sum_distribution(2, counts="123"), "counts must be a list of whole numbers"),
        (lambda: sum_distribution(2, counts=5), "got 5"),
        (lambda: sum_distribution(2, counts=()), "counts needs at least one value, got ()"),
        (lambda: sum_distribution(2, counts=(1, 2.5)), "got 2.5 in (1, 2.5)"),
        (lambda: sum_distribution(2, counts=(1, True)), "got True in (1, True)"),
        (lambda: sum_distribution(2, counts=(0, 10**6)), "more than 10001 totals"),
        (lambda: sum_normal_approximation(4, counts=(2, 2)), "all the same"),
        (lambda: sum_normal_fit([]), "at least one number of terms"),
        (lambda: sum_normal_fit(4), "terms must be a list of whole numbers"),
        (lambda: sum_normal_fit([4, 0]), "terms must be from 1 to 1000, got 0"),
    ],
)
def test_bad_input_raises_an_error_naming_it(call, message):
    with pytest.raises(XactikaError) as error:
        call()
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)


# --- mean, variance and the normal curve ---------------------------------------------------


def test_mean_and_variance_of_the_deck_and_of_one_shape():
    # One shape: mean (1 + 2 + 3) / 3 = 2, variance (1 + 0 + 1) / 3 = 2/3; four
    # independent shapes: 4 x 2 = 8 and 4 x 2/3 = 8/3 (RULES.md).
    assert sum_mean_and_variance(1) == (2, Fraction(2, 3))
    assert (
        sum_mean_and_variance(4)
        == (face_value_mean(), face_value_variance())
        == (
            8,
            Fraction(8, 3),
        )
    )
    assert sum_mean_and_variance(2, counts=DIE) == (7, Fraction(35, 6))  # two dice


@settings(max_examples=40, deadline=None)
@given(counts=st.lists(st.integers(-3, 6), min_size=1, max_size=5), terms=st.integers(1, 6))
def test_mean_and_variance_match_the_exact_distribution(counts, terms):
    table = sum_distribution(terms, counts)
    mean = sum(t * f for t, f in zip(table.index, table["fraction"], strict=True))
    variance = sum((t - mean) ** 2 * f for t, f in zip(table.index, table["fraction"], strict=True))
    assert sum_mean_and_variance(terms, counts) == (mean, variance)


def test_normal_approximation_of_four_shapes_is_the_decks():
    deck, four = normal_approximation(), sum_normal_approximation(4)
    assert four.mean() == deck.mean() == 8
    assert math.isclose(four.std(), deck.std()) and math.isclose(four.var(), 8 / 3)


def test_comparison_for_four_shapes_is_the_decks_per_card():
    table = sum_normal_comparison(4)
    deck = normal_comparison()
    assert np.allclose(table["normal approximation"] * 81, deck["normal approximation"])
    assert np.allclose(table["difference"] * 81, deck["difference"])
    assert np.allclose(table["relative frequency"] * 81, deck["frequency"])


def test_comparison_is_the_area_under_the_curve_across_each_bar():
    table = sum_normal_comparison(10)
    curve = stats.norm(20, math.sqrt(20 / 3))  # 10 shapes: mean 10 x 2, variance 10 x 2/3
    for total, row in table.iterrows():
        area = curve.cdf(total + 0.5) - curve.cdf(total - 0.5)
        assert math.isclose(row["normal approximation"], area)
        assert math.isclose(row["difference"], row["relative frequency"] - area)


def test_the_fit_gets_better_with_more_shapes():
    # The central limit theorem, by computation: the largest gap between a bar and the
    # curve shrinks as shapes are added, and so does the gap next to the tallest bar.
    fit = sum_normal_fit((2, 3, 4, 6, 10, 20, 39))
    assert fit["largest gap"].is_monotonic_decreasing
    assert fit["gap / tallest bar"].is_monotonic_decreasing
    assert fit["largest gap"].iloc[-1] < 0.001
    assert fit["totals"].tolist() == [2 * n + 1 for n in fit.index]
    assert fit.loc[4, "mean"] == 8 and fit.loc[4, "variance"] == Fraction(8, 3)
    deck_gap = normal_comparison()["difference"].abs().max() / 81
    assert math.isclose(fit.loc[4, "largest gap"], deck_gap)
    assert math.isclose(fit.loc[4, "tallest bar"], 19 / 81)


def test_the_fit_for_dice_too_and_counts_read_once():
    fit = sum_normal_fit((1, 2, 3, 6), counts=(v for v in DIE))  # a generator: read once
    assert fit["largest gap"].is_monotonic_decreasing
    assert fit.loc[2, "mean"] == 7


# --- sum_bar_graph ---------------------------------------------------------------------


def bars(ax) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def label_texts(ax) -> list[str]:
    """Non-empty bar labels, left to right."""
    labels = [t for t in ax.texts if isinstance(t, Annotation) and t.get_text()]
    return [t.get_text() for t in sorted(labels, key=lambda t: t.xy[0])]


@pytest.mark.parametrize(("terms", "counts"), [(1, (1, 2, 3)), (3, (1, 2, 3)), (3, DIE)])
def test_sum_bar_heights_and_labels_are_the_ways(terms, counts):
    ax = sum_bar_graph(terms, counts, ax=new_axes())
    table = sum_distribution(terms, counts)
    assert [int(bar.get_height()) for bar in bars(ax)] == table["frequency"].tolist()
    assert [round(bar.get_x() + bar.get_width() / 2) for bar in bars(ax)] == list(table.index)
    assert label_texts(ax) == [str(n) for n in table["frequency"]]
    assert bars(ax)[0].get_facecolor()[:3] == matplotlib.colors.to_rgb(SERIES[0])
    assert ax.get_ylabel() == "number of ways" and ax.get_xlabel() == "total"


def test_sum_bar_graph_titles():
    assert sum_bar_graph(1, DIE, ax=new_axes()).get_title() == "Totals of 1 die"
    assert sum_bar_graph(1, ax=new_axes()).get_title() == "Totals of 1 shape (1, 2 or 3 of each)"
    assert sum_bar_graph(2, (0, 1), ax=new_axes()).get_title() == "Totals of 2 picks from 0 or 1"


def test_relative_bars_with_the_curve():
    ax = sum_bar_graph(6, relative=True, normal=True, ax=new_axes())
    table = sum_distribution(6)
    assert np.allclose([bar.get_height() for bar in bars(ax)], table["relative frequency"])
    # 1 of 729 ways rounds to 0%, but the bar is not empty.
    assert label_texts(ax)[0] == label_texts(ax)[-1] == "< 1%"
    assert "19%" in label_texts(ax)
    (line,) = ax.get_lines()
    x, y = line.get_xdata(), line.get_ydata()
    assert np.allclose(y, stats.norm(12, 2).pdf(x))  # 6 shapes: mean 12, variance 4
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[0] == "normal curve: mean 12, variance 4"


def test_counts_curve_is_the_density_times_the_ways():
    ax = sum_bar_graph(3, DIE, normal=True, ax=new_axes())
    (line,) = ax.get_lines()
    curve = stats.norm(10.5, math.sqrt(35 / 4))  # three dice: 3 x 3.5 and 3 x 35/12
    assert np.allclose(line.get_ydata(), 216 * curve.pdf(line.get_xdata()))
    assert "mean 10.5, variance 35/4" in ax.get_legend().get_texts()[0].get_text()
    assert ax.get_ylim()[1] > max(line.get_ydata())


def test_many_bars_get_no_labels():
    ax = sum_bar_graph(20, relative=True, ax=new_axes())
    assert len(bars(ax)) == 41 and label_texts(ax) == []


# --- shape_columns_graph ------------------------------------------------------------------


@pytest.mark.parametrize("shape", list(Shape))
def test_shape_columns_are_the_deck_table(shape):
    ax = shape_columns_graph(shape, ax=new_axes())
    table = shape_count_table(shape)
    lines = ax.get_lines()
    assert len(lines) == 3
    for count, line in zip((1, 2, 3), lines, strict=True):
        column = table[f"{count} {shape.name_for(count)}"]
        shown = column[column > 0]
        assert list(line.get_xdata()) == list(shown.index)
        assert list(line.get_ydata()) == shown.tolist()
        # The RULES.md fact: with k of the shape, the other three shapes make v - k.
        three = sum_distribution(3)["frequency"]
        assert shown.tolist() == [three[v - count] for v in shown.index]
        assert shown.index[0] == 3 + count
    assert len({line.get_marker() for line in lines}) == 3  # told apart without color
    assert len({line.get_linestyle() for line in lines}) == 3


def test_each_curve_is_centered_one_higher():
    ax = shape_columns_graph("cones", ax=new_axes())
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["1 cone (center 7)", "2 cones (center 8)", "3 cones (center 9)"]
    for count, center in zip((1, 2, 3), (7, 8, 9), strict=True):
        cards = [card for card in DECK if card.has(Combination(Shape.CONES, count))]
        assert face_value_mean(cards) == center


def test_every_point_is_labeled_with_its_count():
    ax = shape_columns_graph(ax=new_axes())
    texts = sorted(int(t.get_text()) for t in ax.texts)
    expected = sorted(n for line in ax.get_lines() for n in line.get_ydata())
    assert texts == expected and len(texts) == 21


def test_with_the_deck_the_curves_add_up_to_the_bars():
    ax = shape_columns_graph("balls", deck=True, ax=new_axes())
    heights = [int(bar.get_height()) for bar in bars(ax)]
    assert heights == value_distribution()["frequency"].tolist()
    added = Counter()
    for line in ax.get_lines():
        for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True):
            added[int(x)] += int(y)
    assert [added[v] for v in range(4, 13)] == heights
    assert label_texts(ax) == [str(n) for n in heights]


# --- plot arguments and global state -------------------------------------------------------------


@pytest.mark.parametrize(
    "draw", [lambda ax: sum_bar_graph(ax=ax), lambda ax: shape_columns_graph(ax=ax)]
)
def test_ax_passthrough_new_figure_and_bad_ax(draw):
    ax = new_axes()
    assert draw(ax) is ax
    assert isinstance(draw(None), Axes)
    with pytest.raises(XactikaError, match="ax must be a matplotlib Axes or None, got 'ax'"):
        draw("ax")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sum_bar_graph(relative="yes"), "relative must be True or False, got 'yes'"),
        (lambda: sum_bar_graph(normal=1), "normal must be True or False, got 1"),
        (lambda: sum_bar_graph(0), "terms must be from 1 to 1000, got 0"),
        (lambda: sum_bar_graph(40), "at most 39 terms"),
        (lambda: sum_bar_graph(2, "abc"), "counts must be a list of whole numbers"),
        (lambda: sum_bar_graph(2, (3, 3), normal=True), "all the same"),
        (lambda: shape_columns_graph(deck="no"), "deck must be True or False, got 'no'"),
    ],
)
def test_plot_bad_input_raises_naming_it(call, message):
    with pytest.raises(XactikaError) as error:
        call()
    assert message in str(error.value)


def test_unknown_shape_raises_notation_error():
    with pytest.raises(NotationError, match="unknown shape 'hearts'"):
        shape_columns_graph("hearts")


def test_drawing_on_a_given_axes_does_not_import_pyplot():
    code = (
        "import sys\n"
        "from matplotlib.figure import Figure\n"
        "from xactika_edu.teaching.plots import shape_columns_graph, sum_bar_graph\n"
        "sum_bar_graph(10, normal=True, ax=Figure().subplots())\n"
        "shape_columns_graph(deck=True, ax=Figure().subplots())\n"
        "print('matplotlib.pyplot' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
