"""Plots of chance experiments (Lesson 5): the running relative frequency settling
near the exact probability (the law of large numbers), and the typical error
shrinking like 1/sqrt(n).

Both read the exact probability that :mod:`xactika_edu.core.experiments` stores in its
tables' ``attrs``, or take it as ``probability=``.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.formatting import percent
from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import INK, SERIES
from ...core.experiments import error_constant
from .figures import BAR_FIGSIZE, LABEL_SIZE, check_flag, use_axes

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["error_graph", "running_frequency_graph"]


#: The size (points) of the dots ``mark_at`` puts on the runs: seen over the lines.
MARK_SIZE = 10


def _experiment_probability(table: object, probability: object, what: str) -> Fraction:
    """The exact probability for a plot of ``table``: ``probability`` if given, else the
    one :mod:`xactika_edu.core.experiments` stored in ``table.attrs``."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise XactikaError(f"{what} needs the table it made, a DataFrame; got {shown(table)}")
    if probability is None:
        probability = table.attrs.get("probability")
        if probability is None:
            raise XactikaError(
                f"this table has no exact probability in .attrs; pass probability=, "
                f"or use the table {what} returns"
            )
    if isinstance(probability, bool) or not isinstance(probability, (int, float, Fraction)):
        raise XactikaError(f"probability must be a number from 0 to 1, got {shown(probability)}")
    if not 0 <= probability <= 1:
        raise XactikaError(f"probability must be from 0 to 1, got {shown(probability)}")
    return Fraction(probability)


def _probability_text(p: Fraction) -> str:
    """``'50/81 ≈ 62%'``: a fraction with a small denominator stays a fraction, with
    its percent by the lessons' rule (:func:`~xactika_edu.base.formatting.percent`;
    ``'1/500 (< 1%)'`` when that is a guard, not a number to approximate). A fraction
    with a denominator over 1000 means nothing to a student, so it is a decimal to 3
    places instead (``'≈ 0.274'``): the dashed line is read against a 0-to-1 axis.

    >>> _probability_text(Fraction(50, 81)), _probability_text(Fraction(1, 500))
    ('50/81 ≈ 62%', '1/500 (< 1%)')
    >>> _probability_text(Fraction(887, 3240)), _probability_text(Fraction(1))
    ('≈ 0.274', '1')
    """
    if p.denominator > 1000:
        return f"≈ {float(p):.3f}"
    if p.denominator == 1:
        return str(p)
    shown_percent = percent(p)
    return f"{p} ≈ {shown_percent}" if shown_percent[0].isdigit() else f"{p} ({shown_percent})"


#: The words the lessons give for trials and errors, translated where they are shown
#: (another word is shown as given).
_AXIS_WORDS = (
    N_("draws"),
    N_("rolls"),
    N_("trials"),
    N_("typical error"),
    N_("mean absolute error"),
)


def _axis_word(word: object, name: str) -> str:
    """``word`` if it is a non-empty string (a graph's word for its trials or points),
    in the current language if it is one of the words above."""
    if not isinstance(word, str) or not word.strip():
        raise XactikaError(f"{name} must be a non-empty string; got {shown(word)}")
    word = word.strip()
    return _(word) if word in _AXIS_WORDS else word


def running_frequency_graph(
    experiment: pd.DataFrame,
    *,
    band: bool = False,
    probability: Fraction | float | None = None,
    ax: Axes | None = None,
    trials_word: str = "draws",
    percent_axis: bool = False,
    mark_at: Sequence[int] = (),
) -> Axes:
    """Line graph of the running relative frequency of each run of an experiment, with
    the exact probability as a dashed horizontal line.

    The lines wobble at first and settle near the exact probability as the trials add
    up: the law of large numbers. With ``band=True`` a grey funnel shows where 95% of
    runs are after each number of trials, p ± 1.96 sqrt(p (1 - p) / n) (normal
    approximation, :func:`~xactika_edu.core.experiments.margin_of_error`).

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.core.experiments import draw_experiment
    >>> runs = draw_experiment("face value 8 or more", trials=200, runs=3, seed=1)
    >>> ax = running_frequency_graph(runs, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['run 1', 'run 2', 'run 3', 'exact probability: 50/81 ≈ 62%']

    Args:
        experiment: a table from :func:`~xactika_edu.core.experiments.draw_experiment`
            (columns ``run``, ``trial`` and ``relative frequency``).
        band: also shade where 95% of runs are after each number of trials.
        probability: the exact probability to draw; by default the one in
            ``experiment.attrs`` (set by ``draw_experiment``).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        trials_word: what one trial is called on the x axis, as the lesson's text
            calls it ("rolls" for four dice); "draws" by default.
        percent_axis: label the y axis in percent (0% to 100%) instead of 0 to 1, for
            a lesson whose text gives the relative frequencies as percents.
        mark_at: numbers of trials at which each run gets a dot labelled with its
            relative frequency (a percent with ``percent_axis``), and the x axis a tick,
            so a lesson's "after 10 rolls the runs were at ..." can be read off.

    Returns:
        the Axes: one line per run (palette colours, in run order; "run k" in the
        legend for up to 7 runs), the dashed exact-probability line, and the band if
        asked for. The y axis goes from 0 to 1.

    Raises:
        XactikaError: if ``experiment`` is not such a table, the probability is
            missing or not in [0, 1], ``band`` is not True/False, ``ax`` is not an
            Axes, or a ``mark_at`` value is not a number of trials in the experiment.
    """
    band = check_flag(band, "band")
    percent_axis = check_flag(percent_axis, "percent_axis")
    trials_word = _axis_word(trials_word, "trials_word")
    p = _experiment_probability(experiment, probability, "draw_experiment")
    needed = {"run", "trial", "relative frequency"}
    if not needed.issubset(experiment.columns) or experiment.empty:
        raise XactikaError(
            "experiment must be a table from draw_experiment with columns run, trial and "
            f"relative frequency; got columns {list(experiment.columns)!r}"
        )
    ax = use_axes(ax, BAR_FIGSIZE)
    runs = list(dict.fromkeys(experiment["run"]))
    legend_runs = len(runs) <= len(SERIES)
    for i, run in enumerate(runs):
        rows = experiment[experiment["run"] == run]
        ax.plot(
            rows["trial"].to_numpy(),
            rows["relative frequency"].to_numpy(),
            color=SERIES[i % len(SERIES)],
            linewidth=1.8 if legend_runs else 1.0,
            alpha=1.0 if legend_runs else 0.7,
            label=_("run {run}").format(run=run)
            if legend_runs
            else (_("each line: one run") if i == 0 else None),
            zorder=3,
        )
    trials = int(experiment["trial"].max())
    if band:
        from ...core.experiments import margin_of_error

        n = np.arange(1, trials + 1)
        half = margin_of_error(p, 1) / np.sqrt(n)
        ax.fill_between(
            n,
            np.clip(float(p) - half, 0, 1),
            np.clip(float(p) + half, 0, 1),
            color="#DDDDDD",
            zorder=1,
            label=_("95% of runs are in the grey band"),
        )
    ax.axhline(
        float(p),
        color=INK,
        linestyle="--",
        linewidth=1.5,
        zorder=4,
        label=_("exact probability: {p}").format(p=_probability_text(p)),
    )
    ax.set_xlim(1, max(trials, 2))
    ax.set_ylim(0, 1)
    _mark_trials(ax, experiment, runs, mark_at, percent_axis)
    ax.set_xlabel(_("number of {trials} so far (trials)").format(trials=trials_word))
    ax.set_ylabel(_("relative frequency of success so far") + (" (%)" if percent_axis else ""))
    if percent_axis:
        from matplotlib.ticker import PercentFormatter

        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    event = experiment.attrs.get("event")
    ax.set_title(
        _("Running relative frequency: {event}").format(event=event)
        if event
        else _("Running relative frequency")
    )
    ax.grid(color="#EEEEEE", linewidth=0.6, zorder=0)
    ax.legend(loc="lower right", fontsize=LABEL_SIZE, framealpha=0.95)
    return ax


def _mark_trials(
    ax: Axes, experiment: pd.DataFrame, runs: list, mark_at: Sequence[int], percent_axis: bool
) -> None:
    """A labelled dot on each run at each number of trials in ``mark_at``, and an x tick."""
    trials = set(int(t) for t in experiment["trial"])
    marks = list(mark_at)
    for n in marks:
        if isinstance(n, bool) or not isinstance(n, numbers.Integral) or int(n) not in trials:
            raise XactikaError(
                f"mark_at must hold numbers of trials of the experiment; got {shown(n)}"
            )
    for n in marks:
        for i, run in enumerate(runs):
            row = experiment[(experiment["run"] == run) & (experiment["trial"] == n)]
            value = row["relative frequency"].iloc[0]
            colour = SERIES[i % len(SERIES)]
            ax.plot(  # big, with a white ring, so the lines crossing there do not hide it
                [n],
                [float(value)],
                "o",
                color=colour,
                markersize=MARK_SIZE,
                markeredgecolor="white",
                markeredgewidth=1.5,
                zorder=7,
            )
            ax.annotate(
                percent(value) if percent_axis else f"{float(value):.2f}",
                (n, float(value)),
                xytext=(MARK_SIZE + 3, 0),
                textcoords="offset points",
                va="center",
                fontsize=LABEL_SIZE,
                color=colour,
                fontweight="bold",
                bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": colour},
                zorder=6,
            )
        ax.axvline(n, color=INK, linestyle=":", linewidth=0.8, zorder=2)
    if marks:
        ticks = sorted({*(int(t) for t in ax.get_xticks() if 1 <= t <= max(trials)), *marks})
        ax.set_xticks(ticks)


def error_graph(
    table: pd.DataFrame,
    *,
    probability: Fraction | float | None = None,
    ax: Axes | None = None,
    error_name: str = "mean absolute error",
    trials_word: str = "trials",
) -> Axes:
    """Graph of the typical error against the number of trials, on log-log axes, with
    the 1/sqrt(n) rule as a line.

    The points are the ``mean absolute error`` column of
    :func:`~xactika_edu.core.experiments.error_by_trials`, each labeled with its value.
    The line is the normal approximation sqrt(2 / pi) x sqrt(p (1 - p) / n): on
    log-log axes a 1/sqrt(n) rule is a straight line going down one step for every
    two steps across (100 times the trials, a tenth of the error).

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.core.experiments import error_by_trials
    >>> table = error_by_trials("3 cubes", (10, 100, 1000), repeats=200, seed=1)
    >>> ax = error_graph(table, ax=Figure().subplots())
    >>> ax.get_xscale(), ax.get_yscale(), len(ax.lines)
    ('log', 'log', 2)

    Args:
        table: a table from :func:`~xactika_edu.core.experiments.error_by_trials`.
        probability: the exact probability for the line; by default the one in
            ``table.attrs``.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        error_name: what the legend calls the points, as the lesson's text calls
            them ("typical error"); "mean absolute error" by default.
        trials_word: what the x axis calls one trial, as the lesson's text does
            ("rolls", "draws"); "trials" by default.

    Returns:
        the Axes: the points (first line) and the 1/sqrt(n) rule (second line), with
        the trial counts as x ticks and a legend.

    Raises:
        XactikaError: if ``table`` is not such a table, the probability is missing or
            not in [0, 1], ``ax`` is not an Axes, or a word is empty.
    """
    error_name = _axis_word(error_name, "error_name")
    trials_word = _axis_word(trials_word, "trials_word")
    p = _experiment_probability(table, probability, "error_by_trials")
    if "mean absolute error" not in table.columns or table.empty:
        raise XactikaError(
            "table must come from error_by_trials, with a 'mean absolute error' column; "
            f"got columns {list(table.columns)!r}"
        )
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax = use_axes(ax, BAR_FIGSIZE)
    trials = np.array(table.index, dtype=float)
    errors = table["mean absolute error"].to_numpy(dtype=float)
    repeats = table.attrs.get("repeats")
    ax.plot(
        trials,
        errors,
        linestyle="none",
        marker="o",
        markersize=8,
        color=SERIES[0],
        markeredgecolor=INK,
        zorder=3,
        label=(
            _("{error} of {count} experiments").format(error=error_name, count=repeats)
            if repeats
            else _("{error} of the experiments").format(error=error_name)
        ),
    )
    for n, error in zip(trials, errors, strict=True):
        ax.annotate(
            f"{error:.3f}",
            xy=(n, error),
            xytext=(7, 7),
            textcoords="offset points",
            fontsize=LABEL_SIZE,
            color=INK,
        )
    constant = error_constant(p)
    line = np.geomspace(trials.min() / 1.5, trials.max() * 1.5, 100)
    ax.plot(
        line,
        constant / np.sqrt(line),
        color=SERIES[1],
        linewidth=2,
        zorder=2,
        label=_("the 1/√n rule: error ≈ {constant} ÷ √(trials)").format(constant=f"{constant:.2f}"),
    )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(trials, labels=[f"{int(n):,}" for n in trials])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _position: f"{y:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(_("number of {trials} in one experiment (log scale)").format(trials=trials_word))
    ax.set_ylabel(_("typical error (log scale)"))
    event = table.attrs.get("event")
    ax.set_title(
        _("The error shrinks like 1/√n: {event}").format(event=event)
        if event
        else _("The error shrinks like 1/√n")
    )
    ax.grid(color="#EEEEEE", linewidth=0.6, zorder=0)
    ax.legend(loc="upper right", fontsize=LABEL_SIZE, framealpha=0.95)
    ax.margins(x=0.1, y=0.15)
    return ax
