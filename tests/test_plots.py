"""Classroom plots: bars and slices match the exact tables, the curve is the normal
density scaled to the deck, labels are readable, and nothing global changes."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle, Wedge
from matplotlib.text import Annotation, Text
from scipy import stats

from xactika_edu import DECK, Card, Hand, deal, value_distribution
from xactika_edu.errors import NotationError, XactikaError
from xactika_edu.palette import OKABE_ITO, SERIES
from xactika_edu.plots import (
    bell_curve,
    shape_count_pie_chart,
    value_bar_graph,
    value_pie_chart,
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


def test_bar_graph_has_title_labels_and_palette_colour():
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


def test_value_pie_has_nine_labelled_wedges_in_value_order():
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


def test_neighbouring_slices_never_share_a_colour():
    for cards in (None, HAND, DECK[:8], DECK[::9]):
        ax = value_pie_chart(cards, ax=new_axes())
        colours = [matplotlib.colors.to_hex(w.get_facecolor()) for w in wedges(ax)]
        if len(colours) > 1:
            pairs = zip(colours, colours[1:] + colours[:1], strict=True)
            assert all(a != b for a, b in pairs), colours


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
    assert slice_labels(ax) == ["1 cube: 1 card (25%)", "2 cubes: 1 card (25%)",
                                "3 cubes: 2 cards (50%)"]
    ax = shape_count_pie_chart("st", ["1111", "1112"], ax=new_axes())
    assert len(wedges(ax)) == 2  # nobody shows 3 stars: no empty slice


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


@pytest.mark.parametrize(
    "draw",
    [value_bar_graph, value_pie_chart, shape_count_pie_chart, bell_curve],
    ids=lambda f: f.__name__,
)
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
import xactika_edu, xactika_edu.plots
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
from xactika_edu.plots import value_bar_graph, value_pie_chart, bell_curve
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
