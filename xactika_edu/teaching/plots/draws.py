"""Graphs of drawn cards against the deck, and of sample means: the pictures of the
draw and sampling widgets (:mod:`xactika_edu.ui.widgets.draws`) and of Lessons 3 and 5.

>>> from matplotlib.figure import Figure
>>> from xactika_edu.teaching.views.draws import draw_table, drawn_values
>>> ax = draws_graph(draw_table(drawn_values(10, seed=1)), ax=Figure().subplots())
>>> len(ax.patches)  # 9 bars for the deck, 9 for the drawn cards
18
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import INK, SERIES
from ...core.face_values import face_value_mean
from .figures import BAR_FIGSIZE, LABEL_SIZE, check_flag, light_grid, use_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["draws_graph", "sample_means_graph", "sample_means_panels"]

#: The bars of a class's means outside the band from 7 to 9 (light grey, black edge).
PALE = "#D9D9D9"


def _table(table: object, column: str, made_by: str) -> pd.DataFrame:
    if not isinstance(table, pd.DataFrame) or column not in table.columns:
        raise XactikaError(f"expected a table from {made_by}, got {shown(table)}")
    return table


def draws_graph(table: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """The drawn cards' relative frequencies (narrow solid bars) over the deck's (wide
    hatched bars), face values 4 to 12 on one fixed scale, so the drawn bars can be
    seen growing toward the deck's. The y axis is in percent (0% to 55%, higher only when
    a drawn bar needs it; a 50% bar stays clear of the top), as the
    lessons talk about it ("50% of the drawn cards against about 20% of the deck").

    Args:
        table: :func:`~xactika_edu.teaching.views.draws.draw_table`.
        ax: the Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: 9 deck bars, then 9 drawn bars, a legend.

    Raises:
        XactikaError: if ``table`` is not a draw table.
    """
    from matplotlib.ticker import PercentFormatter

    table = _table(table, "drawn relative frequency", "draw_table")
    ax = use_axes(ax, BAR_FIGSIZE)
    x = [int(v) for v in table.index]
    drawn = int(table["drawn frequency"].sum())
    ax.bar(
        x,
        table["deck relative frequency"],
        width=0.85,
        color="white",
        edgecolor=SERIES[1],
        hatch="//",
        linewidth=1.5,
        label=_("the whole deck: {count} cards").format(count=81),
        zorder=2,
    )
    ax.bar(
        x,
        table["drawn relative frequency"],
        width=0.45,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.6,
        label=ngettext("cards drawn: {count} card", "cards drawn: {count} cards", drawn).format(
            count=f"{drawn:,}"
        ),
        zorder=3,
    )
    ax.set_xticks(x, [str(v) for v in x])
    ax.set_xlabel(_("face value"))
    ax.set_ylabel(_("relative frequency (% of the cards)"))
    ax.set_ylim(0, max(0.55, float(table["drawn relative frequency"].max()) * 1.1))
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    ax.set_title(_("The cards drawn and the whole deck"))
    ax.legend(fontsize=LABEL_SIZE, frameon=False, loc="upper right")
    light_grid(ax)
    return ax


def sample_means_graph(
    table: pd.DataFrame,
    size: int,
    *,
    ax: Axes | None = None,
    what: str = "sample",
    counts: bool = False,
    legend: bool = True,
    simulated: bool = False,
    steps: int | None = None,
) -> Axes:
    """How many samples had each mean face value: one thin bar per possible mean of
    ``size`` cards, on the fixed scale 4 to 12, with a line at the deck's mean, 8.

    Args:
        table: :func:`~xactika_edu.teaching.views.draws.means_table`.
        size: the cards in each sample.
        ax: the Axes to draw on; ``None`` makes a new figure.
        what: what one sample is, for the axis label ("sample", "student").
        counts: write each bar's count above it (for a class's few samples), with a
            small tick under every possible mean and a line up from each whole number.
        legend: draw the legend (a small panel of :func:`sample_means_panels` has none).
        simulated: the samples are a simulated class; the key says so ("a simulated
            class: 30 students, ...").
        steps: the possible means per face value, which set the bar width; ``None``
            for ``size`` (a table binned coarser than its sample size, as in
            :func:`sample_means_panels`, gives its own).

    Returns:
        the Axes: one bar per possible mean, one vertical line, a legend.

    Raises:
        XactikaError: if ``table`` is not a means table.
    """
    from matplotlib.ticker import MaxNLocator

    table = _table(table, "samples", "means_table")
    ax = use_axes(ax, BAR_FIGSIZE)
    steps = size if steps is None else steps
    x = [float(Fraction(m)) for m in table.index]
    total = int(table["samples"].sum())
    low, high = face_value_mean() - 1, face_value_mean() + 1
    words = _sample_words(what, total, size)
    label = words["each"]
    if check_flag(simulated, "simulated"):
        label = _("a simulated class: {samples}").format(samples=label)
    # with counts, the bars outside the band from 7 to 9 are pale and drawn apart: a
    # bar at 9.25 or 6.75 is plainly not in the band, however close to its edge. Each
    # side is one run of next-door means (from the band to its farthest student), so
    # the picture's description names every bar's own mean.
    groups = [(SERIES[0], INK if steps == 1 else SERIES[0], label, list(range(len(x))))]
    if check_flag(counts, "counts"):
        means = [Fraction(m) for m in table.index]
        filled = [i for i, n in enumerate(table["samples"]) if n]
        band = [i for i, m in enumerate(means) if low <= m <= high]
        groups = [(SERIES[0], SERIES[0], label, band)]
        left = [i for i in filled if means[i] < low]
        right = [i for i in filled if means[i] > high]
        sides = [
            [i for i, m in enumerate(means) if means[left[0]] <= m < low] if left else [],
            [i for i, m in enumerate(means) if high < m <= means[right[-1]]] if right else [],
        ]
        outside = words["outside"].format(low=low, high=high)
        for side in (side for side in sides if side):
            groups.append((PALE, INK, outside, side))
            outside = "_outside"  # one key for both sides
    for color, edge, name, chosen in groups:
        heights = [int(table["samples"].iloc[i]) for i in chosen]
        bars = ax.bar(
            [x[i] for i in chosen],
            heights,
            width=0.8 / steps,
            color=color,
            edgecolor=edge,
            linewidth=[0.6 if n or color != PALE else 0 for n in heights],
            label=name,
            zorder=2,
        )
        if check_flag(counts, "counts"):
            texts = ax.bar_label(bars, [str(n) if n else "" for n in heights], fontsize=LABEL_SIZE)
            for text in texts:  # a white box: the dashed mean line never crosses a count
                text.set_bbox({"facecolor": "white", "edgecolor": "none", "pad": 0.5})
    if check_flag(counts, "counts"):
        ax.margins(y=0.12)  # room above the tallest bar for its count
        # readable ticks for counting bars: a small tick under every possible mean, and
        # a line up from each whole number (is a bar at 7, or at 7.25?)
        ax.set_xticks(x, minor=True)
        ax.tick_params(axis="x", which="major", length=7, width=1.2, labelsize=12)
        ax.grid(axis="x", which="major", color=INK, alpha=0.25, linewidth=0.8, zorder=0)
        # the band one face value either side of the mean, shaded behind the bars; it
        # reaches half a step past 7 and 9, so the bars at 7 and 9 stand fully inside it
        half_step = Fraction(1, 2 * steps)
        ax.axvspan(
            float(low - half_step),
            float(high + half_step),
            color=SERIES[1],
            alpha=0.12,
            zorder=0,
            label=_("means from {low} to {high}").format(low=low, high=high),
        )
    center = face_value_mean()
    ax.axvline(
        float(center),
        color=SERIES[1],
        linewidth=2,
        linestyle="--",
        label=_("the deck's mean, {mean}").format(mean=center),
        zorder=1,  # behind the bars: it marks 8 without hiding a bar
    )
    ax.set_xlim(3.5, 12.5)
    ax.set_xticks(range(4, 13))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(
        ngettext(
            "mean face value of {count} card", "mean face value of {count} cards", size
        ).format(count=size)
    )
    ax.set_ylabel(words["number"])
    ax.set_title(
        ngettext("Means of {count} card", "Means of {count} cards", size).format(count=size)
    )
    if check_flag(legend, "legend"):
        # below the axes, outside the plot: the key never covers a bar or a count
        ax.legend(
            fontsize=LABEL_SIZE,
            frameon=False,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.16),
            ncol=2,
        )
    light_grid(ax)
    return ax


def _sample_words(what: str, total: int, size: int) -> dict[str, str]:
    """The graph's words for ``total`` samples of ``size`` cards, each one a ``what``
    ("sample" or "student": whole sentences in the current language; another noun is
    written as given, with an English "s", untranslated): the key ("30 students, 4 cards
    each"), the axis label ("number of students") and the name of the pale bars
    ("students outside {low} to {high}", to format)."""
    count = f"{total:,}"
    if what == "student":
        each = ngettext("{count} student, {cards} each", "{count} students, {cards} each", total)
        number, outside = _("number of students"), _("students outside {low} to {high}")
    elif what == "sample":
        each = ngettext("{count} sample, {cards} each", "{count} samples, {cards} each", total)
        number, outside = _("number of samples"), _("samples outside {low} to {high}")
    else:
        noun = what if total == 1 else f"{what}s"
        each = f"{{count}} {noun}, {{cards}} each"
        number, outside = f"number of {what}s", f"{what}s outside {{low}} to {{high}}"
    cards = ngettext("{count} card", "{count} cards", size).format(count=size)
    return {"each": each.format(count=count, cards=cards), "number": number, "outside": outside}


PANEL_STEPS = 4  # the panels count means in bins a quarter of a face value wide


def _binned(table: pd.DataFrame) -> pd.DataFrame:
    """A means table re-counted in bins 1/PANEL_STEPS wide (each mean to the nearest
    quarter, a half up), so every panel's bars are the same width and their heights
    compare: a table with finer steps (n = 16) is merged, n = 1 gets empty bins."""
    quarters = [Fraction(k, PANEL_STEPS) for k in range(4 * PANEL_STEPS, 12 * PANEL_STEPS + 1)]
    counts = dict.fromkeys(quarters, 0)
    for mean, n in table["samples"].items():
        quarter = math.floor(Fraction(mean) * PANEL_STEPS + Fraction(1, 2))
        counts[Fraction(quarter, PANEL_STEPS)] += int(n)
    return pd.DataFrame({"samples": list(counts.values())}, index=pd.Index(quarters, name="mean"))


def sample_means_panels(tables: dict[int, pd.DataFrame], axes: list[Axes]) -> list[Axes]:
    """Small graphs side by side, one per sample size n, on the same scales (face values
    4 to 12; the same number of samples up the side; the same bar width: each bar counts
    the means within 1/8 of a quarter, so bar heights compare too), so the bells' widths
    compare at a glance: the static picture of the sampling widget.

    Args:
        tables: :func:`~xactika_edu.teaching.views.draws.means_table` by sample size n.
        axes: one Axes per table, left to right.

    Returns:
        the Axes, each titled "n = 1", ... with one bar per possible mean, no legend.

    Raises:
        XactikaError: if ``axes`` and ``tables`` differ in number, or a table is not a
            means table.
    """
    if len(axes) != len(tables):
        raise XactikaError(f"need one Axes per table: {len(tables)} tables, {len(axes)} Axes")
    binned = {size: _binned(_table(t, "samples", "means_table")) for size, t in tables.items()}
    top = max(int(t["samples"].max()) for t in binned.values())
    for ax, (size, table) in zip(axes, binned.items(), strict=True):
        sample_means_graph(table, size, ax=ax, legend=False, steps=PANEL_STEPS)
        ax.set_ylim(0, max(top, 1) * 1.1)
        ax.set_title(
            ngettext(
                "n = {n}: means of {count} card", "n = {n}: means of {count} cards", size
            ).format(n=size, count=size)
        )
        ax.set_xlabel(_("mean face value"))
        ax.set_xticks(range(4, 13, 2))
    return axes
