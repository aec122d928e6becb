"""Plots of chance experiments: the running relative frequency lines are the
experiment's numbers, the exact probability and the 95% band are where they should
be, the error graph is log-log with the 1/sqrt(n) rule, and nothing global changes."""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from scipy import stats

from xactika_edu.base.errors import XactikaError
from xactika_edu.base.palette import INK, SERIES
from xactika_edu.core.experiments import draw_experiment, error_by_trials
from xactika_edu.teaching.plots import error_graph, running_frequency_graph

EVENT = "face value 8 or more"
P = Fraction(50, 81)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def experiment():
    return draw_experiment(EVENT, trials=300, runs=3, seed=1)


@pytest.fixture(scope="module")
def errors():
    return error_by_trials(EVENT, (25, 100, 400, 1600), repeats=300, seed=1)


def new_axes():
    return Figure().subplots()


def legend_texts(ax) -> list[str]:
    return [text.get_text() for text in ax.get_legend().get_texts()]


# --- running relative frequency --------------------------------------------------------


def test_one_line_per_run_with_the_experiments_numbers(experiment):
    ax = running_frequency_graph(experiment, ax=new_axes())
    run_lines = ax.lines[:3]
    for run, line in zip((1, 2, 3), run_lines, strict=True):
        rows = experiment[experiment["run"] == run]
        np.testing.assert_array_equal(line.get_xdata(), rows["trial"])
        np.testing.assert_allclose(line.get_ydata(), rows["relative frequency"])
    assert [to_hex(line.get_color()).upper() for line in run_lines] == list(SERIES[:3])


def test_exact_probability_is_a_dashed_line_at_p(experiment):
    ax = running_frequency_graph(experiment, ax=new_axes())
    exact = ax.lines[-1]
    assert set(exact.get_ydata()) == {float(P)}
    assert exact.get_linestyle() == "--"
    assert to_hex(exact.get_color()) == to_hex(INK)
    assert legend_texts(ax) == ["run 1", "run 2", "run 3", "exact probability: 50/81 ≈ 62%"]
    assert ax.get_ylim() == (0, 1)
    assert ax.get_xlim() == (1, 300)
    assert ax.get_title() == f"Running relative frequency: {EVENT}"
    assert ax.get_xlabel() and ax.get_ylabel()


def test_band_is_p_plus_or_minus_the_95_percent_margin(experiment):
    ax = running_frequency_graph(experiment, band=True, ax=new_axes())
    (band,) = [c for c in ax.collections if isinstance(c, PolyCollection)]
    vertices = band.get_paths()[0].vertices
    z = stats.norm.ppf(0.975)
    p = float(P)
    for n in (20, 100, 300):
        at_n = vertices[np.isclose(vertices[:, 0], n), 1]
        half = z * math.sqrt(p * (1 - p) / n)
        np.testing.assert_allclose(sorted(set(np.round(at_n, 12))), [p - half, p + half])
    assert "95% of runs are in the grey band" in legend_texts(ax)


def test_many_runs_share_one_legend_entry():
    table = draw_experiment("3 cubes", trials=10, runs=30, seed=2)
    ax = running_frequency_graph(table, ax=new_axes())
    assert len(ax.lines) == 31
    assert legend_texts(ax) == ["each line: one run", "exact probability: 1/3 ≈ 33%"]


def test_probability_can_be_given(experiment):
    bare = experiment.copy()
    bare.attrs = {}
    with pytest.raises(XactikaError, match="no exact probability"):
        running_frequency_graph(bare, ax=new_axes())
    ax = running_frequency_graph(bare, probability=0.5, ax=new_axes())
    assert set(ax.lines[-1].get_ydata()) == {0.5}
    assert ax.get_title() == "Running relative frequency"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda e: running_frequency_graph([1, 2]), "DataFrame"),
        (lambda e: running_frequency_graph(e[["run", "trial"]]), "columns run, trial"),
        (lambda e: running_frequency_graph(e, probability=1.5), "from 0 to 1, got 1.5"),
        (lambda e: running_frequency_graph(e, probability="half"), "a number from 0 to 1"),
        (lambda e: running_frequency_graph(e, band="yes"), "band must be True or False"),
        (lambda e: running_frequency_graph(e, ax="axes"), "ax must be a matplotlib Axes"),
    ],
)
def test_running_frequency_graph_rejects_bad_input(experiment, call, message):
    with pytest.raises(XactikaError, match=message):
        call(experiment)


# --- error graph --------------------------------------------------------------------------


def test_error_graph_points_and_the_one_over_root_n_rule(errors):
    ax = error_graph(errors, ax=new_axes())
    assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log")
    points, rule = ax.lines
    np.testing.assert_array_equal(points.get_xdata(), errors.index)
    np.testing.assert_allclose(points.get_ydata(), errors["mean absolute error"])
    constant = math.sqrt(2 / math.pi * float(P * (1 - P)))
    np.testing.assert_allclose(rule.get_ydata(), constant / np.sqrt(rule.get_xdata()))
    assert rule.get_xdata().min() < 25 and rule.get_xdata().max() > 1600
    assert [t.get_text() for t in ax.texts] == [f"{e:.3f}" for e in errors["mean absolute error"]]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["25", "100", "400", "1,600"]
    assert legend_texts(ax) == [
        "mean absolute error of 300 experiments",
        f"the 1/√n rule: error ≈ {constant:.2f} ÷ √(trials)",
    ]
    assert ax.get_title() == f"The error shrinks like 1/√n: {EVENT}"


def test_error_graph_rejects_bad_input(errors):
    with pytest.raises(XactikaError, match="DataFrame"):
        error_graph("errors")
    with pytest.raises(XactikaError, match="mean absolute error"):
        error_graph(errors[["standard error"]])
    bare = errors.copy()
    bare.attrs = {}
    with pytest.raises(XactikaError, match="no exact probability"):
        error_graph(bare, ax=new_axes())
    assert len(error_graph(bare, probability=P, ax=new_axes()).lines) == 2


def test_new_figure_when_no_axes(experiment, errors):
    for ax in (running_frequency_graph(experiment), error_graph(errors)):
        assert ax.figure is not None and ax in ax.figure.axes


def test_drawing_on_a_given_axes_does_not_import_pyplot():
    script = """
import sys
from matplotlib.figure import Figure
from xactika_edu.core.experiments import draw_experiment, error_by_trials
from xactika_edu.teaching.plots import error_graph, running_frequency_graph
running_frequency_graph(draw_experiment("3 cubes", 50, seed=1), band=True,
                        ax=Figure().subplots())
error_graph(error_by_trials("3 cubes", (10, 100), repeats=20, seed=1), ax=Figure().subplots())
print("matplotlib.pyplot" in sys.modules)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
