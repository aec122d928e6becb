"""Plots of the deck and of piles of cards (Lessons 1 and 3): face-value bar graphs
and pie charts, shape-count pies, the bell curve, the ways to make each total and the
distances from the mean.

>>> from matplotlib.figure import Figure
>>> ax = value_bar_graph(ax=Figure().subplots())
>>> [int(bar.get_height()) for bar in ax.patches]
[1, 4, 10, 16, 19, 16, 10, 4, 1]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import pairwise, product
from typing import TYPE_CHECKING

import numpy as np

from ...base.checks import check_whole
from ...base.formatting import and_list, label_number, percent
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import INK, PAPER, SERIES
from ...core.cards import COUNTS, DECK, Card, Shape
from ...core.probability import (
    FACE_VALUES,
    face_value_mean,
    face_value_variance,
    normal_approximation,
    value_distribution,
)
from .figures import (
    BAR_FIGSIZE,
    LABEL_SIZE,
    PIE_FIGSIZE,
    cards_phrase,
    cards_to_plot,
    check_flag,
    draw_count_bars,
    draw_pie,
    light_grid,
    use_axes,
)

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "bell_curve",
    "distance_bar_graph",
    "shape_count_pie_chart",
    "value_bar_graph",
    "value_pie_chart",
    "ways_bar_graph",
]


def _draw_value_bars(
    ax: Axes,
    table: pd.DataFrame,
    total: int,
    *,
    relative: bool,
    label: str | None,
    inside_labels: bool = False,
) -> None:
    """Bars of ``table`` (a value_distribution), each labeled with its count.

    With ``inside_labels`` the count sits inside the top of each tall bar (in
    white), leaving the space above the bars free for a curve; short bars keep
    their count above them.
    """
    counts = [int(n) for n in table["frequency"]]
    heights = [float(h) for h in table["relative frequency" if relative else "frequency"]]
    bars = ax.bar(
        list(table.index),
        heights,
        width=0.8,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        label=label,
        zorder=2,
    )
    texts = [f"{n}/{total}" if relative else str(n) for n in counts]
    inside = [inside_labels and h >= 0.25 * max(heights) for h in heights]
    outside_texts = [t if not i else "" for t, i in zip(texts, inside, strict=True)]
    ax.bar_label(bars, labels=outside_texts, padding=2, fontsize=LABEL_SIZE, color=INK)
    if any(inside):
        inside_texts = [t if i else "" for t, i in zip(texts, inside, strict=True)]
        ax.bar_label(
            bars,
            labels=inside_texts,
            padding=-14,
            fontsize=LABEL_SIZE,
            color=PAPER,
            fontweight="bold",
            zorder=4,
        )
    ax.set_xticks(list(FACE_VALUES))
    if not relative:
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no 2.5 cards
    ax.set_xlabel(_("face value (total number of shapes on the card)"))
    ax.set_ylabel(
        _("relative frequency (part of the cards)")
        if relative
        else _("frequency (number of cards)")
    )
    ax.margins(y=0.12)
    light_grid(ax)


def value_bar_graph(
    cards: Iterable[Card | str] | None = None, *, relative: bool = False, ax: Axes | None = None
) -> Axes:
    """Bar graph of how many cards have each face value, 4 to 12.

    >>> from matplotlib.figure import Figure
    >>> ax = value_bar_graph(["3213", "1111", "2222"], ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts]
    ['1', '0', '0', '0', '1', '1', '0', '0', '0']
    >>> value_bar_graph([], ax=Figure().subplots())
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: a plot needs at least one card, got none
    >>> value_bar_graph(5)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards must be a list of cards, like a hand or ['3213', ...

    Args:
        cards: the cards to count (a hand, a pile, notation strings); ``None`` for
            the whole 81-card deck.
        relative: plot relative frequencies (part of the cards, in [0, 1]) instead
            of frequencies (numbers of cards). Bars are labeled with their count
            either way ("19", or "19/81" when relative).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with 9 bars (face values 4..12, in order), a title and labeled axes.

    Raises:
        XactikaError: if there are no cards, ``cards`` is not a list of cards (a
            number, or one card's text), a card is unreadable or repeated,
            ``relative`` is not True/False, or ``ax`` is not an Axes. The message
            quotes the bad value.

    Source: the counts are :func:`~xactika_edu.core.probability.value_distribution`
    (for the deck, the table of seed 000).
    """
    relative = check_flag(relative, "relative")
    pile = cards_to_plot(cards)
    ax = use_axes(ax, BAR_FIGSIZE)
    table = value_distribution(pile)
    _draw_value_bars(ax, table, len(pile), relative=relative, label=None)
    ax.set_title(_("Face values of {cards}").format(cards=cards_phrase(pile)))
    return ax


def _percent_of(pile: Sequence[Card]) -> str:
    """What a pie label's percent is of: ``"percent of all 81 cards"`` for the deck,
    ``"percent of these 23 cards"`` for a filtered pile."""
    if len(pile) == len(DECK):
        return _("percent of all {count} cards").format(count=len(DECK))
    return ngettext(
        "percent of this {count} card", "percent of these {count} cards", len(pile)
    ).format(count=len(pile))


def value_pie_chart(cards: Iterable[Card | str] | None = None, *, ax: Axes | None = None) -> Axes:
    """Pie chart of the face values: one slice per face value that occurs.

    Each slice is labeled outside the pie, like ``"8: 19 cards (23%)"``, with a
    line to its slice; labels are moved apart so the tiny slices (a single card
    each for 4 and 12 in the deck) stay readable. Slices go clockwise from the top
    in increasing face value, so the deck's pie is symmetric, 8 at the bottom.

    >>> from matplotlib.figure import Figure
    >>> ax = value_pie_chart(ax=Figure().subplots())
    >>> labels = [text.get_text() for text in ax.texts if text.get_text()]
    >>> len(ax.patches), labels[4]
    (9, '8: 19 cards (23%)')

    Args:
        cards: the cards to count; ``None`` for the whole deck. Face values with no
            cards get no slice.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one wedge and one label per face value that occurs, in
        increasing face value.

    Raises:
        XactikaError: if there are no cards, ``cards`` is not a list of cards, a
            card is unreadable or repeated, or ``ax`` is not an Axes.

    Source: :func:`~xactika_edu.core.probability.value_distribution`.
    """
    pile = cards_to_plot(cards)
    ax = use_axes(ax, PIE_FIGSIZE)
    table = value_distribution(pile)
    counts = [int(n) for n in table["frequency"]]
    labels = [
        ngettext(
            "{value}: {count} card ({percent})", "{value}: {count} cards ({percent})", n
        ).format(value=value, count=n, percent=percent(Fraction(n, len(pile))))
        for value, n in zip(table.index, counts, strict=True)
    ]
    draw_pie(
        ax,
        counts,
        labels,
        title=_("Face values of {cards}").format(cards=cards_phrase(pile)),
        caption=_("Each label shows the face value, how many cards, then ({of}).").format(
            of=_percent_of(pile)
        ),
    )
    return ax


def shape_count_pie_chart(
    shape: Shape | str = "cubes",
    cards: Iterable[Card | str] | None = None,
    *,
    ax: Axes | None = None,
) -> Axes:
    """Pie chart of how many cards show ``shape`` once, twice and three times.

    >>> from matplotlib.figure import Figure
    >>> ax = shape_count_pie_chart("stars", ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts if text.get_text()]
    ['1 star: 27 cards (33%)', '2 stars: 27 cards (33%)', '3 stars: 27 cards (33%)']

    Args:
        shape: a :class:`~xactika_edu.core.cards.Shape` or its name ("cubes", "cube",
            "cu", any letter case).
        cards: the cards to count; ``None`` for the whole deck (27 cards each: every
            combination is on a third of the deck). Counts with no cards get no slice.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one wedge and one label per count (1, 2, 3) that occurs.

    Raises:
        XactikaError: (:class:`~xactika_edu.base.errors.NotationError`) for an unknown
            shape; also if there are no cards, ``cards`` is not a list of cards, a
            card is unreadable or repeated, or ``ax`` is not an Axes.

    Source: counted from the cards; for the deck see RULES.md ("each combination
    is on 27 cards").
    """
    shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
    pile = cards_to_plot(cards)
    ax = use_axes(ax, PIE_FIGSIZE)
    counts = [sum(1 for card in pile if card.count(shape) == k) for k in (1, 2, 3)]
    labels = [
        ngettext(
            "{shapes}: {count} card ({percent})", "{shapes}: {count} cards ({percent})", n
        ).format(
            shapes=f"{k} {shape.name_for(k)}", count=n, percent=percent(Fraction(n, len(pile)))
        )
        for k, n in zip((1, 2, 3), counts, strict=True)
    ]
    draw_pie(
        ax,
        counts,
        labels,
        title=_("Cards by number of {shapes}: {cards}").format(
            shapes=shape.plural, cards=cards_phrase(pile)
        ),
        caption=_("Each label shows the {shapes} on the card, how many cards, then ({of}).").format(
            shapes=shape.plural, of=_percent_of(pile)
        ),
    )
    return ax


def bell_curve(*, ax: Axes | None = None, relative: bool = False, spread: bool = True) -> Axes:
    """The deck's face-value bar graph with the normal curve drawn over it.

    The curve is :func:`~xactika_edu.core.probability.normal_approximation` (mean and
    variance computed from the deck: 8 and 8/3). Scaled to counts it is
    81 x the normal density; with ``relative=True`` the bars are relative
    frequencies and the curve is the density itself (each bar is 1 wide, so bar
    areas and areas under the curve compare directly). The legend states the mean,
    the variance and the standard deviation; with ``spread=False`` only the mean
    (``'normal curve (a model), mean 8'``: a middle-school key, the spread is high
    school).

    >>> from matplotlib.figure import Figure
    >>> ax = bell_curve(ax=Figure().subplots())
    >>> ax.get_legend().get_texts()[0].get_text()
    'normal curve: mean 8, variance 8/3 (standard deviation ≈ 1.63)'

    Args:
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        relative: relative frequencies and density instead of counts.
        spread: name the variance and the standard deviation in the legend.

    Returns:
        the Axes: 9 bars (face values 4..12), one line (the curve, 400 points from
        3 to 13) and a legend.

    Raises:
        XactikaError: if ``relative`` or ``spread`` is not True/False or ``ax`` is not
            an Axes.

    Source: RULES.md, "Value distribution ... mean 8, variance 8/3"; seed 000 (the
    deck's bell curve as a classroom use).
    """
    relative = check_flag(relative, "relative")
    spread = check_flag(spread, "spread")
    ax = use_axes(ax, BAR_FIGSIZE)
    table = value_distribution()
    _draw_value_bars(
        ax, table, len(DECK), relative=relative, label=_("cards in the deck"), inside_labels=True
    )
    mean, variance = face_value_mean(), face_value_variance()
    curve = normal_approximation()
    x = np.linspace(3, 13, 400)
    y = curve.pdf(x) * (1 if relative else len(DECK))
    ax.plot(
        x,
        y,
        color=SERIES[1],
        linewidth=2.5,
        zorder=3,
        label=(
            _("normal curve: mean {mean}, variance {variance} (standard deviation ≈ {sd})").format(
                mean=mean, variance=variance, sd=f"{math.sqrt(variance):.2f}"
            )
            if spread
            else _("normal curve (a model), mean {mean}").format(mean=mean)
        ),
    )
    ax.set_xlim(3, 13)
    tallest = table["relative frequency" if relative else "frequency"].max()
    ax.set_ylim(0, max(float(y.max()), float(tallest)) * 1.3)
    ax.legend(loc="upper right", fontsize=LABEL_SIZE, framealpha=0.95)
    ax.set_title(_("Face values of the {count} cards and the normal curve").format(count=len(DECK)))
    return ax


def ways_bar_graph(shapes: int = 4, *, ax: Axes | None = None) -> Axes:
    """Bar graph of the number of ways the first ``shapes`` shapes can add up to each total.

    Each shape shows 1, 2 or 3, so one shape gives a flat graph (every total one
    way), two shapes a triangle and more shapes a bell. With all four shapes each
    way is one card of the deck, so the bars are the deck's :func:`value_bar_graph`.

    >>> from matplotlib.figure import Figure
    >>> ax = ways_bar_graph(2, ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches], ax.get_title()
    ([1, 2, 3, 2, 1], 'balls + cubes')

    Args:
        shapes: how many shapes to add up, 1 to 4, in card order (balls, cubes,
            cones, stars).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per total (``shapes`` to 3 x ``shapes``, in order),
        each labeled with its number of ways.

    Raises:
        XactikaError: if ``shapes`` is not a whole number from 1 to 4, or ``ax`` is
            not an Axes.

    Source: counted over every choice of 1, 2 or 3 for each shape; the deck has
    one card per choice for all four shapes (RULES.md).
    """
    shapes = check_whole(shapes, "shapes", 1, len(Shape))
    ax = use_axes(ax, BAR_FIGSIZE)
    ways = Counter(sum(choice) for choice in product(COUNTS, repeat=shapes))
    totals = sorted(ways)
    draw_count_bars(ax, totals, [ways[t] for t in totals])
    ax.set_xticks(totals)
    if shapes == len(Shape):
        ax.set_title(_("all {count} shapes: the whole deck").format(count=len(Shape)))
        ax.set_xlabel(_("total (face value)"))
    else:
        ax.set_title(" + ".join(shape.plural for shape in list(Shape)[:shapes]))
        ax.set_xlabel(_("total"))
    ax.set_ylabel(_("number of ways"))
    return ax


def distance_bar_graph(
    cards: Iterable[Card | str] | None = None, *, ax: Axes | None = None
) -> Axes:
    """Bar graph of how far the cards' face values are from their mean.

    A card's distance from the mean is its face value minus the mean, without the
    minus sign: a card below the mean and one above it can be equally far away.
    Each bar counts the cards at one distance, and its tick names the face values
    that far away (``"1 (7 or 9)"``). The mean of these distances is the mean
    absolute deviation, :func:`~xactika_edu.core.probability.face_value_mad`: this is
    the picture to show before that number.

    >>> from matplotlib.figure import Figure
    >>> ax = distance_bar_graph(ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches]
    [19, 32, 20, 8, 2]
    >>> [label.get_text().replace("\\n", " ") for label in ax.get_xticklabels()][:2]
    ['0 (8)', '1 (7 or 9)']

    Args:
        cards: the cards (a hand, a pile, notation strings); ``None`` for the whole
            81-card deck, whose mean is 8.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per distance that occurs (in increasing distance,
        placed at the distance), each labeled with its count of cards.
        Distances with more than 2 decimal places are rounded in the tick labels
        and marked "≈".

    Raises:
        XactikaError: if there are no cards, ``cards`` is not a list of cards, a
            card is unreadable or repeated, or ``ax`` is not an Axes.

    Source: the mean is :func:`~xactika_edu.core.probability.face_value_mean`; the
    count-weighted mean of the bars' distances equals
    :func:`~xactika_edu.core.probability.face_value_mad` (104/81 for the deck).
    """
    pile = cards_to_plot(cards)
    ax = use_axes(ax, BAR_FIGSIZE)
    mean = face_value_mean(pile)
    far = Counter(abs(card.value - mean) for card in pile)
    distances = sorted(far)
    gaps = [float(b - a) for a, b in pairwise(distances)]
    width = 0.8 * min([1.0, *gaps])  # bars never overlap, even for a hand's odd mean
    draw_count_bars(ax, [float(d) for d in distances], [far[d] for d in distances], width=width)
    values = sorted({card.value for card in pile})
    ax.set_xticks(
        [float(d) for d in distances],
        labels=[
            f"{label_number(d)}\n({and_list([v for v in values if abs(v - mean) == d], 'or')})"
            for d in distances
        ],
    )
    ax.set_xlabel(_("distance from the mean (the face values that far away are in parentheses)"))
    ax.set_ylabel(_("frequency (number of cards)"))
    ax.set_title(
        ngettext(
            "How far {cards} is from the mean, {mean}",
            "How far {cards} are from the mean, {mean}",
            len(pile),
        ).format(cards=cards_phrase(pile), mean=label_number(mean))
    )
    return ax
