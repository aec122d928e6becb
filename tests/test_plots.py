"""Classroom plots: bars and slices match the exact tables, the curve is the normal
density scaled to the deck, labels are readable, and nothing global changes."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from fractions import Fraction
from itertools import pairwise

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle, Wedge
from matplotlib.text import Annotation, Text
from scipy import stats

from xactika_edu import DECK, Card, Hand, deal, face_value_mad, value_distribution
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.base.palette import OKABE_ITO, SERIES
from xactika_edu.teaching.plots import (
    bell_curve,
    distance_bar_graph,
    shape_count_pie_chart,
    value_bar_graph,
    value_pie_chart,
    ways_bar_graph,
    whole_percent,
)

HAND = deal(players=4, seed=7)[0]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def new_axes():
    """Axes on a bare Figure: no pyplot state involved."""
    return Figure().subplots()


def bars(ax) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def bar_label_texts(ax) -> list[str]:
    """The non-empty bar labels, left to right (some sit inside bars, some above)."""
    labels = [t for t in ax.texts if isinstance(t, Annotation) and t.get_text()]
    return [t.get_text() for t in sorted(labels, key=lambda t: t.xy[0])]


def wedges(ax) -> list[Wedge]:
    return [p for p in ax.patches if isinstance(p, Wedge)]


def slice_labels(ax) -> list[str]:
    return [t.get_text() for t in ax.texts if isinstance(t, Annotation)]


# --- bar graph ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards", [None, HAND, [str(c) for c in HAND]], ids=["deck", "hand", "notation"]
)
def test_bar_heights_equal_value_distribution(cards):
    ax = value_bar_graph(cards, ax=new_axes())
    table = value_distribution(cards)
    assert [b.get_x() + b.get_width() / 2 for b in bars(ax)] == pytest.approx(list(range(4, 13)))
    assert [b.get_height() for b in bars(ax)] == table["frequency"].tolist()
    # every bar, even an empty one, carries its count as text
    assert bar_label_texts(ax) == [str(n) for n in table["frequency"]]


def test_relative_bar_heights_and_labels():
    ax = value_bar_graph(relative=True, ax=new_axes())
    table = value_distribution()
    assert [b.get_height() for b in bars(ax)] == pytest.approx(table["relative frequency"].tolist())
    # the label is the count over the total: the exact relative frequency
    assert bar_label_texts(ax) == [f"{n}/81" for n in table["frequency"]]
    assert [Fraction(text) for text in bar_label_texts(ax)] == table["fraction"].tolist()
    assert "relative frequency" in ax.get_ylabel()


def test_bar_graph_has_title_labels_and_palette_color():
    ax = value_bar_graph(ax=new_axes())
    assert ax.get_title() == "Face values of the 81 cards in the deck"
    assert "face value" in ax.get_xlabel()
    assert "number of cards" in ax.get_ylabel()
    assert matplotlib.colors.to_hex(bars(ax)[0].get_facecolor()).upper() == SERIES[0]
    ax = value_bar_graph(HAND, ax=new_axes())
    assert ax.get_title() == f"Face values of {len(HAND)} cards"


def test_count_axis_has_whole_number_ticks():
    fig, ax = plt.subplots()
    value_bar_graph(ax=ax)
    fig.canvas.draw()
    assert all(float(tick).is_integer() for tick in ax.get_yticks())


def test_a_single_card_is_one_card():
    ax = value_bar_graph(["1111"], ax=new_axes())
    assert ax.get_title() == "Face values of 1 card"
    assert [b.get_height() for b in bars(ax)] == [1, 0, 0, 0, 0, 0, 0, 0, 0]


# --- pie charts -----------------------------------------------------------------------


def test_value_pie_has_nine_labeled_wedges_in_value_order():
    ax = value_pie_chart(ax=new_axes())
    table = value_distribution()
    assert len(wedges(ax)) == 9
    expected = []
    for value, n in table["frequency"].items():
        # whole percent, halves rounded up; 19/81 = 23.46...% -> 23%
        percent = math.floor(Fraction(100 * int(n), 81) + Fraction(1, 2))
        expected.append(f"{value}: {n} card{'s' if n != 1 else ''} ({percent}%)")
    assert slice_labels(ax) == expected
    assert "8: 19 cards (23%)" in slice_labels(ax)
    assert "4: 1 card (1%)" in slice_labels(ax)
    # wedge angles are proportional to the counts
    spans = [(w.theta2 - w.theta1) % 360 for w in wedges(ax)]
    assert spans == pytest.approx([360 * n / 81 for n in table["frequency"]])


def test_pie_slices_of_a_hand_skip_missing_values():
    ax = value_pie_chart(HAND, ax=new_axes())
    present = [v for v, n in value_distribution(HAND)["frequency"].items() if n]
    assert len(wedges(ax)) == len(present)
    assert [label.split(":")[0] for label in slice_labels(ax)] == [str(v) for v in present]


def test_half_percent_rounds_up():
    # 1 of 8 cards is 12.5%: shown as 13%, as a student rounds, not Python's 12%
    hand = Hand(["1111", "1112", "2222", "2223", "3333", "3332", "1333", "2333"])
    ax = value_pie_chart(hand, ax=new_axes())
    assert "4: 1 card (13%)" in slice_labels(ax)


def test_neighboring_slices_never_share_a_color():
    for cards in (None, HAND, DECK[:8], DECK[::9]):
        ax = value_pie_chart(cards, ax=new_axes())
        colors = [matplotlib.colors.to_hex(w.get_facecolor()) for w in wedges(ax)]
        if len(colors) > 1:
            pairs = zip(colors, colors[1:] + colors[:1], strict=True)
            assert all(a != b for a, b in pairs), colors


def test_tiny_slice_labels_do_not_overlap():
    fig, ax = plt.subplots(figsize=(7.5, 5.6))  # the size value_pie_chart uses itself
    value_pie_chart(ax=ax)
    fig.canvas.draw()  # places the annotations' texts
    renderer = fig.canvas.get_renderer()
    # Text.get_window_extent: the text alone (an Annotation's own extent adds its line)
    boxes = [Text.get_window_extent(t, renderer) for t in ax.texts if isinstance(t, Annotation)]
    assert len(boxes) == 9
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)


def test_shape_count_pie():
    ax = shape_count_pie_chart("cubes", ax=new_axes())
    assert len(wedges(ax)) == 3
    # each combination is on 27 cards: the other three shapes have 3^3 = 27 choices
    assert slice_labels(ax) == [
        "1 cube: 27 cards (33%)",
        "2 cubes: 27 cards (33%)",
        "3 cubes: 27 cards (33%)",
    ]
    assert "cubes" in ax.get_title()
    hand = ["1111", "1211", "1311", "2311"]
    ax = shape_count_pie_chart("Cube", hand, ax=new_axes())
    assert slice_labels(ax) == [
        "1 cube: 1 card (25%)",
        "2 cubes: 1 card (25%)",
        "3 cubes: 2 cards (50%)",
    ]
    ax = shape_count_pie_chart("st", ["1111", "1112"], ax=new_axes())
    assert len(wedges(ax)) == 2  # nobody shows 3 stars: no empty slice


@pytest.mark.parametrize(
    ("part", "percent"),
    [
        (Fraction(19, 81), 23),  # 23.46...%
        (Fraction(16, 81), 20),  # 19.75...%
        (Fraction(1, 8), 13),  # exactly 12.5%: halves round up, as students round
        (Fraction(3, 8), 38),  # 37.5% -> 38 (Python's round() would give 38 here too)
        (Fraction(5, 8), 63),  # 62.5% -> 63 (round() would give 62: to even)
        (Fraction(1, 1), 100),
        (0, 0),
        (1, 100),
        (0.5, 50),
    ],
)
def test_whole_percent(part, percent):
    assert whole_percent(part) == percent


def test_pie_labels_use_whole_percent():
    table = value_distribution()
    labels = slice_labels(value_pie_chart(ax=new_axes()))
    for label, part in zip(labels, table["fraction"], strict=True):
        assert label.endswith(f"({whole_percent(part)}%)")
    # the rounded percents add up to 99, not 100 (the lesson says so)
    assert sum(whole_percent(part) for part in table["fraction"]) == 99


@pytest.mark.parametrize("bad", ["23%", None, True, float("nan"), float("inf")], ids=repr)
def test_whole_percent_rejects_non_numbers(bad):
    with pytest.raises(XactikaError) as caught:
        whole_percent(bad)
    assert repr(bad) in str(caught.value)


# --- ways and distances ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shapes", "ways", "title"),
    [
        # 1, 2 or 3 of one shape: each total one way (flat)
        (1, [1, 1, 1], "balls"),
        # two shapes: 2 = 1+1; 3 = 1+2, 2+1; 4 = 1+3, 2+2, 3+1; ... (a triangle)
        (2, [1, 2, 3, 2, 1], "balls + cubes"),
        # three shapes: the coefficients of (x + x^2 + x^3)^3
        (3, [1, 3, 6, 7, 6, 3, 1], "balls + cubes + cones"),
        (4, [1, 4, 10, 16, 19, 16, 10, 4, 1], "all 4 shapes: the whole deck"),
    ],
)
def test_ways_bar_graph(shapes, ways, title):
    ax = ways_bar_graph(shapes, ax=new_axes())
    totals = list(range(shapes, 3 * shapes + 1))
    assert [b.get_x() + b.get_width() / 2 for b in bars(ax)] == pytest.approx(totals)
    assert [b.get_height() for b in bars(ax)] == ways
    assert bar_label_texts(ax) == [str(n) for n in ways]
    assert sum(ways) == 3**shapes
    assert ax.get_title() == title
    assert ax.get_ylabel() == "number of ways"


def test_four_shapes_are_the_deck():
    ax = ways_bar_graph(ax=new_axes())
    assert [b.get_height() for b in bars(ax)] == value_distribution()["frequency"].tolist()


def test_distance_bar_graph_of_the_deck():
    ax = distance_bar_graph(ax=new_axes())
    # mean 8; distance 0: the 19 eights; 1: 16 sevens + 16 nines; 2: 10 + 10;
    # 3: 4 + 4; 4: the 1111 and the 3333
    assert [b.get_x() + b.get_width() / 2 for b in bars(ax)] == pytest.approx([0, 1, 2, 3, 4])
    heights = [int(b.get_height()) for b in bars(ax)]
    assert heights == [19, 32, 20, 8, 2]
    assert bar_label_texts(ax) == ["19", "32", "20", "8", "2"]
    ticks = [label.get_text() for label in ax.get_xticklabels()]
    assert ticks == ["0\n(8)", "1\n(7 or 9)", "2\n(6 or 10)", "3\n(5 or 11)", "4\n(4 or 12)"]
    assert ax.get_title() == "How far the 81 cards in the deck are from the mean, 8"
    # the count-weighted mean of the distances is the MAD: 104/81
    assert Fraction(sum(d * n for d, n in enumerate(heights)), 81) == face_value_mad()
    assert face_value_mad() == Fraction(104, 81)


def test_distance_bar_graph_of_a_hand():
    # face values 4, 6, 8, 9, 12: mean 39/5 = 7.8; distances 3.8, 1.8, 0.2, 1.2, 4.2
    hand = ["1111", "1212", "2222", "3213", "3333"]
    ax = distance_bar_graph(hand, ax=new_axes())
    centers = [b.get_x() + b.get_width() / 2 for b in bars(ax)]
    assert centers == pytest.approx([0.2, 1.2, 1.8, 3.8, 4.2])
    ticks = [label.get_text() for label in ax.get_xticklabels()]
    assert ticks == ["0.2\n(8)", "1.2\n(9)", "1.8\n(6)", "3.8\n(4)", "4.2\n(12)"]
    assert ax.get_title() == "How far 5 cards are from the mean, 7.8"
    # neighboring bars (0.4 apart at the closest) do not overlap
    edges = sorted((b.get_x(), b.get_x() + b.get_width()) for b in bars(ax))
    assert all(right <= left for (_, right), (left, _) in pairwise(edges))
    # one card at each distance: MAD = (0.2 + 1.2 + 1.8 + 3.8 + 4.2) / 5 = 11.2 / 5
    assert face_value_mad(hand) == Fraction(112, 50)


def test_distance_labels_round_halves_up_and_say_so():
    # face values 4, 5, 6, 7, 8, 9, 10, 12: mean 61/8 = 7.625; 4 is 3.625 away -> "≈ 3.63"
    hand = ["1111", "1112", "1113", "1123", "2222", "3213", "3331", "3333"]
    ax = distance_bar_graph(hand, ax=new_axes())
    ticks = [label.get_text() for label in ax.get_xticklabels()]
    assert "≈ 3.63\n(4)" in ticks
    assert ax.get_title().endswith("from the mean, ≈ 7.63")


# --- bell curve ----------------------------------------------------------------------


def test_bell_curve_is_81_times_the_normal_density():
    ax = bell_curve(ax=new_axes())
    (line,) = ax.get_lines()
    x, y = line.get_xdata(), line.get_ydata()
    # independent derivation: one shape's count is uniform on {1, 2, 3}: mean 2, variance
    # ((1-2)^2 + 0 + (3-2)^2)/3 = 2/3; four independent shapes: mean 8, variance 8/3.
    expected = 81 * stats.norm(loc=8, scale=math.sqrt(8 / 3)).pdf(x)
    np.testing.assert_allclose(y, expected, rtol=1e-12)
    assert x.min() <= 4 and x.max() >= 12
    assert [b.get_height() for b in bars(ax)] == value_distribution()["frequency"].tolist()
    assert bar_label_texts(ax) == [str(n) for n in value_distribution()["frequency"]]


def test_bell_curve_relative_is_the_density():
    ax = bell_curve(ax=new_axes(), relative=True)
    (line,) = ax.get_lines()
    expected = stats.norm(loc=8, scale=math.sqrt(8 / 3)).pdf(line.get_xdata())
    np.testing.assert_allclose(line.get_ydata(), expected, rtol=1e-12)
    assert [b.get_height() for b in bars(ax)] == pytest.approx(
        value_distribution()["relative frequency"].tolist()
    )


def test_bell_curve_legend_states_mean_and_variance():
    ax = bell_curve(ax=new_axes())
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("mean 8," in t and "variance 8/3" in t for t in texts), texts
    assert "cards in the deck" in texts
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert ax.get_ylim()[1] > max(ax.get_lines()[0].get_ydata())  # the peak is not cut off
    assert matplotlib.colors.to_hex(ax.get_lines()[0].get_color()).upper() == OKABE_ITO["orange"]


# --- axes handling, errors, global state ------------------------------------------------


ALL_PLOTS = [
    value_bar_graph,
    value_pie_chart,
    shape_count_pie_chart,
    bell_curve,
    ways_bar_graph,
    distance_bar_graph,
]
CARD_PLOTS = [value_bar_graph, value_pie_chart, distance_bar_graph]


@pytest.mark.parametrize("draw", ALL_PLOTS, ids=lambda f: f.__name__)
def test_ax_passthrough_and_new_figure(draw):
    fig, ax = plt.subplots()
    assert draw(ax=ax) is ax
    assert ax.figure is fig
    made = draw()
    assert made is not ax and made.figure is not fig
    assert made.get_title()


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: value_bar_graph([]), XactikaError),
        (lambda: value_bar_graph(["9999"]), NotationError),
        (lambda: value_bar_graph(["3213", "3213"]), XactikaError),
        (lambda: value_bar_graph("3213"), XactikaError),
        (lambda: value_bar_graph(relative="yes"), XactikaError),
        (lambda: value_bar_graph(ax="left"), XactikaError),
        (lambda: value_pie_chart([]), XactikaError),
        (lambda: value_pie_chart(ax=42), XactikaError),
        (lambda: shape_count_pie_chart("hexagons"), NotationError),
        (lambda: shape_count_pie_chart("cubes", []), XactikaError),
        (lambda: shape_count_pie_chart("cubes", ["4111"]), NotationError),
        (lambda: bell_curve(relative=1), XactikaError),
        (lambda: bell_curve(ax=plt), XactikaError),
    ],
)
def test_bad_input_raises_xactika_error(call, error):
    with pytest.raises(error):
        call()
    assert issubclass(error, ValueError)


@pytest.mark.parametrize("draw", ALL_PLOTS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", ["left", 42, None.__class__, Figure()], ids=repr)
def test_every_plot_rejects_a_bad_ax_naming_it(draw, bad):
    with pytest.raises(XactikaError, match=r"ax must be a matplotlib Axes.*got "):
        draw(ax=bad)
    with pytest.raises(XactikaError) as caught:
        draw(ax=bad)
    assert repr(bad) in str(caught.value)


def shape_pie_of(cards, ax=None):
    return shape_count_pie_chart("cubes", cards, ax=ax)


# Not a list of cards: a number, a single card or card text, bytes, an object.
BAD_CARDS = [5, 3.5, True, "3213", "3213 1111", b"3213", Card.parse("3213"), object()]


@pytest.mark.parametrize("draw", [*CARD_PLOTS, shape_pie_of], ids=lambda f: f.__name__)
# an object()'s repr holds its address: the same name on every test worker, please
@pytest.mark.parametrize(
    "bad", BAD_CARDS, ids=lambda bad: "object()" if type(bad) is object else repr(bad)
)
def test_every_plot_rejects_bad_cards_naming_them(draw, bad):
    # value_bar_graph(5) used to raise a bare TypeError from deep inside Hand
    with pytest.raises(XactikaError, match="cards must be a list of cards") as caught:
        draw(bad, ax=new_axes())
    assert repr(bad) in str(caught.value)


def test_card_text_error_points_to_hand_parse():
    with pytest.raises(XactikaError, match=r"Hand\.parse\('3213 1111'\)"):
        value_bar_graph("3213 1111")


@pytest.mark.parametrize("draw", [*CARD_PLOTS, shape_pie_of], ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    ("bad", "quoted"), [([5], "5"), (["3213", None], "None"), (["4111"], "'4111'")]
)
def test_unreadable_cards_in_a_list_raise_notation_error_naming_them(draw, bad, quoted):
    with pytest.raises(NotationError, match=f"cannot read card {quoted}"):
        draw(bad, ax=new_axes())


@pytest.mark.parametrize("bad", [5, None, "hexagons", ["cubes"], 2.5], ids=repr)
def test_bad_shape_raises_notation_error_naming_it(bad):
    with pytest.raises(NotationError, match="unknown shape") as caught:
        shape_count_pie_chart(bad, ax=new_axes())
    assert str(bad) in str(caught.value)


@pytest.mark.parametrize("bad", [0, 5, -1, 2.0, "2", True, None], ids=repr)
def test_ways_bar_graph_rejects_a_bad_number_of_shapes(bad):
    with pytest.raises(XactikaError, match="shapes must be") as caught:
        ways_bar_graph(bad, ax=new_axes())
    assert str(bad) in str(caught.value)


def test_error_messages_quote_the_input():
    with pytest.raises(XactikaError, match="'left'"):
        value_bar_graph(ax="left")
    with pytest.raises(XactikaError, match="hexagons"):
        shape_count_pie_chart("hexagons")


def test_importing_plots_changes_no_global_matplotlib_state():
    # A fresh interpreter, so the import really happens here. MPLBACKEND makes the
    # backend explicit so that reading rcParams cannot itself pick one.
    script = """
import json, sys
import matplotlib
before = {k: repr(v) for k, v in matplotlib.rcParams.items()}
backend = matplotlib.get_backend()
import xactika_edu, xactika_edu.teaching.plots
after = {k: repr(v) for k, v in matplotlib.rcParams.items()}
print(json.dumps({
    "changed": sorted(k for k in before if before[k] != after.get(k)),
    "backend_same": matplotlib.get_backend() == backend,
    "pyplot": "matplotlib.pyplot" in sys.modules,
}))
"""
    env = {**os.environ, "MPLBACKEND": "svg"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    report = json.loads(result.stdout)
    assert report == {"changed": [], "backend_same": True, "pyplot": False}


def test_drawing_on_a_given_axes_does_not_import_pyplot():
    script = """
import sys
from matplotlib.figure import Figure
from xactika_edu.teaching.plots import value_bar_graph, value_pie_chart, bell_curve
for draw in (value_bar_graph, value_pie_chart, bell_curve):
    draw(ax=Figure().subplots())
print("matplotlib.pyplot" in sys.modules)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_card_type_accepted():
    ax = value_bar_graph([Card.parse("3213")], ax=new_axes())
    assert sum(b.get_height() for b in bars(ax)) == 1
