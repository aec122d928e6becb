"""Plots of groups of cards (Lesson 2: pie charts and proportions): a pie of the
parts of one whole, bars of groups that may overlap, and piles side by side.

>>> from matplotlib.figure import Figure
>>> ax = group_pie_chart({"low": 15, "middle": 51, "high": 15}, ax=Figure().subplots())
>>> [text.get_text() for text in ax.texts if text.get_text()][0]
'low: 15 cards (19%)'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.formatting import percent, plural
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import INK, SERIES
from ...core.cards import Card
from ...core.probability import FACE_VALUES, value_distribution
from .figures import (
    BAR_FIGSIZE,
    LABEL_SIZE,
    PIE_FIGSIZE,
    cards_to_plot,
    check_flag,
    draw_pie,
    light_grid,
    use_axes,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["compare_value_bar_graph", "group_bar_graph", "group_pie_chart"]

_MAX_TICKS = 100  # more tick marks than this blur into a solid ring


def _groups(groups: object) -> dict[str, int]:
    """``groups`` checked: a dict of name -> whole number of cards (>= 0), not all 0."""
    from collections.abc import Mapping

    if not isinstance(groups, Mapping) or not groups:
        raise XactikaError(
            "groups must be a dict of group name -> number of cards, like "
            f"{{'low': 15, 'middle': 51, 'high': 15}}; got {shown(groups)}"
        )
    checked = {}
    for name, n in groups.items():
        if not isinstance(name, str) or not name.strip():
            raise XactikaError(f"each group needs a name (text), got {shown(name)}")
        checked[name] = check_whole(n, f"the number of cards in {shown(name)}", 0, 10**6)
    if sum(checked.values()) == 0:
        raise XactikaError(f"a plot needs at least one card, got none in {shown(groups)}")
    return checked


def _colors(colors: object, n: int) -> list[str]:
    """``colors`` checked: a list of ``n`` colors matplotlib can draw."""
    from matplotlib.colors import is_color_like

    if isinstance(colors, str) or not isinstance(colors, Sequence) or len(colors) != n:
        raise XactikaError(
            f"colors must be a list of {plural(n, 'color')}, one per group; got {shown(colors)}"
        )
    for color in colors:
        if not is_color_like(color):
            raise XactikaError(f"{shown(color)} is not a color matplotlib knows, like '#0072B2'")
    return list(colors)


def _degrees(n: int, total: int) -> str:
    """The angle of ``n`` of ``total`` cards as a part of 360 degrees: ``'18°'`` when
    whole, else the nearest whole degree marked ``'≈ 67°'`` (halves up)."""
    angle = Fraction(360 * n, total)
    if angle.denominator == 1:
        return f"{angle.numerator}°"
    return f"≈ {math.floor(angle + Fraction(1, 2))}°"


def group_pie_chart(
    groups: dict[str, int],
    *,
    degrees: bool = False,
    ticks: bool = False,
    title: str | None = None,
    colors: Sequence[str] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Pie chart of groups of cards that are parts of one whole: one slice per group.

    Slices go clockwise from the top in the order of ``groups``; each is labeled
    outside the pie like ``"low (4-6): 15 cards (19%)"``. A slice's angle is
    360° x its part of all the cards; ``degrees=True`` adds it to the label. With
    ``ticks=True`` the rim gets one tick mark per card, as on the pie-chart
    worksheet, so each slice spans as many ticks as it has cards.

    The chart treats the groups as parts of one whole: their counts are added up to
    make the whole pie. If a card is in two groups, the pie is wrong (it shows more
    cards than there are): use :func:`group_bar_graph` instead.

    >>> from matplotlib.figure import Figure
    >>> ax = group_pie_chart({"8": 4, "not 8": 16}, degrees=True, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts if text.get_text()]
    ['8: 4 cards (20%, 72°)', 'not 8: 16 cards (80%, 288°)']
    >>> group_pie_chart({"low": -1})
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: the number of cards in 'low' must be ...

    Args:
        groups: a dict of group name -> number of cards (whole numbers >= 0, not
            all 0). Groups with no cards get no slice.
        degrees: add each slice's angle in degrees (the nearest whole degree,
            marked "≈" when not exact) to its label.
        ticks: draw one tick mark per card around the rim (at most 100 cards).
        title: the title; ``None`` for "Parts of N cards".
        colors: one matplotlib color per group, in the order of ``groups`` (so a group
            keeps the color it has in another pie, see
            :func:`~xactika_edu.teaching.plots.figures.slice_colors`); ``None`` for the
            palette's colors, no two neighbors alike.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one wedge and one label per group with cards, in the order
        given, plus (with ``ticks``) one tick line per card.

    Raises:
        XactikaError: if ``groups`` is not a dict of names and whole numbers >= 0,
            has no cards, ``degrees``/``ticks`` is not True/False, ``ticks`` is
            asked for more than 100 cards, ``colors`` is not one color per group,
            or ``ax`` is not an Axes. The message quotes the bad value.

    Source: a slice's angle is 360 x count / total (a circle is 360 degrees).
    """
    groups = _groups(groups)
    degrees = check_flag(degrees, "degrees")
    ticks = check_flag(ticks, "ticks")
    total = sum(groups.values())
    if colors is not None:
        colors = _colors(colors, len(groups))
    if ticks and total > _MAX_TICKS:
        raise XactikaError(
            f"ticks=True draws one tick per card, at most {_MAX_TICKS}; got {total} cards"
        )
    ax = use_axes(ax, PIE_FIGSIZE)
    labels = [
        ngettext(
            "{group}: {count} card ({percent})", "{group}: {count} cards ({percent})", n
        ).format(
            group=name,
            count=n,
            percent=f"{percent(Fraction(n, total))}, {_degrees(n, total)}"
            if degrees
            else percent(Fraction(n, total)),
        )
        for name, n in groups.items()
    ]
    draw_pie(
        ax,
        list(groups.values()),
        labels,
        title=ngettext("Parts of {count} card", "Parts of {count} cards", total).format(count=total)
        if title is None
        else title,
        caption=_("Each label shows the group, how many cards, then (percent, degrees).")
        if degrees
        else _(
            "Each label shows the group, how many cards, then (percent of all {count} cards)."
        ).format(count=total),
        colors=colors,
    )
    if ticks:
        from matplotlib.patches import Circle

        ax.add_patch(Circle((0, 0), 1, fill=False, edgecolor=INK, linewidth=0.8, zorder=3))
        for i in range(total):
            angle = math.radians(90 - 360 * i / total)  # clockwise from the top, as the slices
            x, y = math.cos(angle), math.sin(angle)
            ax.plot([x, 1.07 * x], [y, 1.07 * y], color=INK, linewidth=0.9, zorder=3)
    return ax


def group_bar_graph(
    groups: dict[str, int],
    *,
    of: int | None = None,
    title: str | None = None,
    xlabel: str = "",
    ax: Axes | None = None,
) -> Axes:
    """Bar graph of groups of cards: one bar per group, labeled with its count.

    Unlike a pie, the bars need not be parts of one whole: a card may be in several
    groups (cards with 3 balls, cards with 3 stars, ...). With ``of`` (the number
    of cards the groups are taken from) the bars are relative frequencies, each
    labeled like ``"27/81"``; they need not add up to 1.

    >>> from matplotlib.figure import Figure
    >>> ax = group_bar_graph({"3 balls": 27, "3 stars": 27}, of=81, ax=Figure().subplots())
    >>> [round(float(bar.get_height()), 3) for bar in ax.patches], ax.texts[0].get_text()
    ([0.333, 0.333], '27/81')
    >>> group_bar_graph({"3 balls": 27}, of=20)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: of must be at least the largest group (27), got 20

    Args:
        groups: a dict of group name -> number of cards (whole numbers >= 0, not
            all 0); bars in the order given.
        of: ``None`` for frequencies (numbers of cards); else how many cards the
            groups are taken from, for relative frequencies in [0, 1].
        title: the title; ``None`` for a plain one.
        xlabel: what the groups are, under the bars.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per group (zero-height bars included), in order.

    Raises:
        XactikaError: if ``groups`` is not a dict of names and whole numbers >= 0,
            has no cards, ``of`` is not a whole number at least the largest group,
            or ``ax`` is not an Axes.
    """
    groups = _groups(groups)
    largest = max(groups.values())
    if of is not None:
        if isinstance(of, bool) or not isinstance(of, (int, np.integer)) or of < largest:
            raise XactikaError(
                f"of must be at least the largest group ({largest}), got {shown(of)}"
            )
        of = int(of)
    ax = use_axes(ax, BAR_FIGSIZE)
    names, counts = list(groups), list(groups.values())
    heights = counts if of is None else [n / of for n in counts]
    bars = ax.bar(
        range(len(names)),
        heights,
        width=0.7,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
    )
    texts = [str(n) if of is None else f"{n}/{of}" for n in counts]
    ax.bar_label(bars, labels=texts, padding=2, fontsize=LABEL_SIZE, color=INK)
    ax.set_xticks(range(len(names)), labels=names)
    if of is None:
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel(_("frequency (number of cards)"))
    else:
        ax.set_ylim(0, 1.08)
        ax.set_ylabel(_("relative frequency (part of the {count} cards)").format(count=of))
    ax.margins(y=0.15)
    light_grid(ax)
    ax.set_xlabel(xlabel)
    ax.set_title(title if title is not None else _("Groups of cards"))
    return ax


def compare_value_bar_graph(
    piles: dict[str, Iterable[Card | str]],
    *,
    relative: bool = False,
    ax: Axes | None = None,
) -> Axes:
    """Side-by-side bar graph of the face values of two or more piles of cards.

    The piles' bars for each face value stand next to each other, so they are easy
    to compare (two pie charts are not); a legend names the piles and every bar is
    labeled with its count. With ``relative=True`` each pile's bars are parts of
    that pile, for piles of different sizes.

    >>> from matplotlib.figure import Figure
    >>> ax = compare_value_bar_graph({"A": ["1111", "2222"], "B": ["2222"]},
    ...                              ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches][:9]
    [1, 0, 0, 0, 1, 0, 0, 0, 0]
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['A (2 cards)', 'B (1 card)']

    Args:
        piles: a dict of pile name -> cards (a hand, a pile, notation strings, or
            ``None`` for the whole deck); 2 to 4 piles.
        relative: bar heights are relative frequencies (each pile's bars add up to
            1), labeled like ``"3/8"``, instead of numbers of cards.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with 9 bars per pile (face values 4..12, pile by pile), each
        labeled with its count, and a legend.

    Raises:
        XactikaError: if ``piles`` is not a dict of 2 to 4 named piles, a pile has
            no cards or a card is unreadable or repeated, ``relative`` is not
            True/False, or ``ax`` is not an Axes.

    Source: each pile's counts are :func:`~xactika_edu.core.probability.value_distribution`.
    """
    from collections.abc import Mapping

    from matplotlib.ticker import MaxNLocator

    if not isinstance(piles, Mapping) or not 2 <= len(piles) <= 4:
        raise XactikaError(
            f"piles must be a dict of 2 to 4 named piles, like {{'hand 1': ..., 'hand 2': ...}}; "
            f"got {shown(piles)}"
        )
    relative = check_flag(relative, "relative")
    checked = {}
    for name, cards in piles.items():
        if not isinstance(name, str) or not name.strip():
            raise XactikaError(f"each pile needs a name (text), got {shown(name)}")
        checked[name] = cards_to_plot(cards)
    ax = use_axes(ax, BAR_FIGSIZE)
    width = 0.8 / len(checked)
    for i, (name, pile) in enumerate(checked.items()):
        table = value_distribution(pile)
        counts = [int(n) for n in table["frequency"]]
        heights = table["relative frequency" if relative else "frequency"].tolist()
        xs = [v - 0.4 + width * (i + 0.5) for v in table.index]
        bars = ax.bar(
            xs,
            heights,
            width=width,
            color=SERIES[i],
            edgecolor=INK,
            linewidth=0.8,
            hatch=("", "//", "..", "xx")[i],  # color never carries meaning alone
            label=ngettext("{pile} ({count} card)", "{pile} ({count} cards)", len(pile)).format(
                pile=name, count=len(pile)
            ),
            zorder=2,
        )
        texts = [f"{n}/{len(pile)}" if relative else str(n) for n in counts]
        ax.bar_label(bars, labels=texts, padding=2, fontsize=LABEL_SIZE - 1.5, color=INK)
    ax.set_xticks(list(FACE_VALUES))
    if not relative:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(_("face value (total number of shapes on the card)"))
    ax.set_ylabel(
        _("relative frequency (part of the pile)") if relative else _("frequency (number of cards)")
    )
    ax.margins(y=0.15)
    light_grid(ax)
    ax.legend(fontsize=LABEL_SIZE, framealpha=0.95)
    ax.set_title(_("Face values, side by side"))
    return ax
