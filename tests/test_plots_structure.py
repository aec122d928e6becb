"""The plots and the class graphs: one set of figure helpers, small modules, public
names only, and every percent on a graph written by formatting.percent."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import pandas as pd
from matplotlib.figure import Figure

from xactika_edu.base.formatting import percent, plural, two_decimals
from xactika_edu.core.experiments import draw_experiment

# Layers, private names and sizes: tests/test_layers.py, for the whole package.


def test_every_public_name_keeps_its_import_path():
    import xactika_edu.classroom as classroom  # the documented paths
    import xactika_edu.plots as plots

    expected_plots = {
        "bell_curve",
        "bid_total_bar_graph",
        "compare_value_bar_graph",
        "distance_bar_graph",
        "error_graph",
        "expected_score_bar_graph",
        "group_bar_graph",
        "group_pie_chart",
        "running_frequency_graph",
        "shape_columns_graph",
        "shape_count_pie_chart",
        "sum_bar_graph",
        "trick_bar_graph",
        "two_threat_tree",
        "value_bar_graph",
        "value_pie_chart",
        "ways_bar_graph",
        "whole_percent",
    }
    assert set(plots.__all__) == expected_plots
    assert all(callable(getattr(plots, name)) for name in expected_plots)
    for name in classroom.__all__:
        assert getattr(classroom, name) is not None
    assert {"load_scores", "made_missed_pie", "summary_by_player", "safe_cell"} <= set(
        classroom.__all__
    )


def test_class_graphs_and_deck_plots_share_the_figure_helpers():
    import xactika_edu.teaching.classdata.class_plots as class_plots
    import xactika_edu.teaching.plots.deck as deck
    from xactika_edu.teaching.plots import figures

    for module in (class_plots, deck):
        assert module.use_axes is figures.use_axes
        assert module.LABEL_SIZE == figures.LABEL_SIZE
    assert class_plots.draw_pie is deck.draw_pie is figures.draw_pie


# --- one way to print a number -----------------------------------------------------------


def _texts(ax):
    return [text.get_text() for text in ax.texts if text.get_text()]


def test_rare_trick_counts_use_the_lessons_percent():
    from xactika_edu.teaching.plots import trick_bar_graph

    # 999 of 1000 deals is not "100%" and 1 of 1000 is "< 1%", as everywhere else
    # (before: '100%' and '<1%', unlike the sum bar graph's '< 1%').
    table = pd.DataFrame({"frequency": [0, 999, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
    ax = trick_bar_graph(table, ax=Figure().subplots())
    assert _texts(ax) == ["0%", "> 99%", "< 1%"]
    assert _texts(ax) == [percent(Fraction(n, 1000)) for n in (0, 999, 1)]


def test_pie_slices_use_the_lessons_percent():
    from xactika_edu.teaching.plots import group_pie_chart

    ax = group_pie_chart({"rare": 1, "usual": 999}, ax=Figure().subplots())
    # before: 'rare: 1 card (0%)' and 'usual: 999 cards (100%)'
    assert _texts(ax) == ["rare: 1 card (< 1%)", "usual: 999 cards (> 99%)"]


def test_sum_bars_and_trick_bars_write_a_rare_part_alike():
    from xactika_edu.teaching.plots import sum_bar_graph, trick_bar_graph

    sums = _texts(sum_bar_graph(6, relative=True, ax=Figure().subplots()))
    table = pd.DataFrame({"frequency": [1, 728]}, index=pd.Index([0, 1], name="tricks"))
    tricks = _texts(trick_bar_graph(table, ax=Figure().subplots()))
    assert sums[0] == tricks[0] == percent(Fraction(1, 729)) == "< 1%"


def test_a_tiny_exact_probability_is_not_said_as_0_percent():
    from xactika_edu.teaching.plots import running_frequency_graph

    runs = draw_experiment("face value 8 or more", trials=20, runs=1, seed=1)
    ax = running_frequency_graph(runs, probability=Fraction(1, 500), ax=Figure().subplots())
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend[-1] == "exact probability: 1/500 (< 1%)"  # before: '1/500 ≈ 0%'
    ax = running_frequency_graph(runs, ax=Figure().subplots())
    assert [text.get_text() for text in ax.get_legend().get_texts()][-1] == (
        "exact probability: 50/81 ≈ 62%"
    )


def test_class_graph_labels_use_formatting():
    from xactika_edu.teaching.classdata.classroom import (
        example_scores,
        made_missed_pie,
        scores_by_player,
    )

    scores = example_scores(players=3, games=1, seed=1)
    ax = made_missed_pie(scores, ax=Figure().subplots())
    total = len(scores)
    counts = scores["difference"]
    expected = [
        f"{outcome}: {plural(n, 'player-hand')} ({percent(Fraction(n, total))})"
        for outcome, n in (
            ("exact bid", int((counts == 0).sum())),
            ("took fewer than bid", int((counts < 0).sum())),
            ("took more than bid", int((counts > 0).sum())),
        )
        if n
    ]
    assert _texts(ax) == expected
    ax = scores_by_player(scores, ax=Figure().subplots())
    assert all(t == "0" or t[0] in "+-" for t in _texts(ax))


def test_two_decimals_is_the_class_graphs_old_rounding():
    # compare_with_simulation wrote a bar's height with Decimal(repr(x)), halves up.
    rng = random.Random(1)
    for _ in range(20_000):
        value = rng.choice([rng.random(), rng.randint(0, 2000) / 2000])
        old = str(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
        assert two_decimals(value) == old
