"""Classroom plots of the deck: bar graphs, pie charts and the bell curve.

Every function draws on the matplotlib ``ax`` you pass (or on a new figure when
``ax`` is ``None``) and returns the :class:`~matplotlib.axes.Axes`. Importing this
module changes no global matplotlib state: no backend switch, no ``rcParams``;
``matplotlib.pyplot`` is imported only when a function has to make its own figure.

Colors come from :mod:`xactika_edu.palette` (Okabe & Ito, color-blind safe), and
color never carries meaning alone: every bar is labeled with its count and every
pie slice with its value, count and percent. Every percent is rounded by one rule,
:func:`whole_percent` (nearest whole percent, halves up).

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
from typing import TYPE_CHECKING, cast

import numpy as np

from .cards import COUNTS, DECK, Card, Hand, Shape
from .checks import check_whole, shown
from .errors import XactikaError
from .palette import INK, PAPER, SERIES
from .probability import (
    FACE_VALUES,
    face_value_mean,
    face_value_variance,
    normal_approximation,
    value_distribution,
    whole_percent,
)

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.patches import Wedge

__all__ = [
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
    "value_bar_graph",
    "value_pie_chart",
    "ways_bar_graph",
    "whole_percent",
]

_BAR_FIGSIZE = (7.0, 4.2)
_PIE_FIGSIZE = (7.5, 5.6)
_LABEL_SIZE = 9.5


# --- helpers ----------------------------------------------------------------------


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    """``ax`` itself (checked), or the axes of a new pyplot figure."""
    from matplotlib.axes import Axes

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=figsize, layout="constrained")
        return ax
    if not isinstance(ax, Axes):
        raise XactikaError(f"ax must be a matplotlib Axes or None, got {shown(ax)}")
    return ax


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise XactikaError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def _pile(cards: Iterable[Card | str] | None) -> Hand:
    """The cards to plot: the whole deck for ``None``; raises on no cards, or on
    anything that is not a list of cards or card notation (quoting it)."""
    if cards is None:
        return Hand(DECK)
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        hint = f" (for text, use Hand.parse({shown(cards)}))" if isinstance(cards, str) else ""
        raise XactikaError(
            "cards must be a list of cards, like a hand or ['3213', '1111'], or None for "
            f"the whole deck; got {shown(cards)}{hint}"
        )
    pile = Hand(cards)
    if not pile:
        raise XactikaError("a plot needs at least one card, got none")
    return pile


def _cards_phrase(pile: Sequence[Card]) -> str:
    """``'the 81 cards in the deck'`` for the whole deck, else ``'8 cards'``."""
    if len(pile) == len(DECK):  # distinct cards (a Hand), so this is the whole deck
        return f"the {len(pile)} cards in the deck"
    return _plural(len(pile), "card")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _number(value: Fraction) -> str:
    """A number for a label: exact as a decimal when it has at most 2 decimal places
    (``8``, ``7.8``), else rounded to 2 places and marked (``≈ 8.13``)."""
    if value.denominator == 1:
        return str(value.numerator)
    hundredths = math.floor(100 * abs(value) + Fraction(1, 2))  # halves up, as whole_percent
    text = f"{'-' if value < 0 else ''}{hundredths // 100}.{hundredths % 100:02d}"
    return text.rstrip("0") if (100 * value).denominator == 1 else f"≈ {text}"


def _draw_count_bars(
    ax: Axes, xs: Sequence[float], counts: Sequence[int], *, width: float = 0.8
) -> None:
    """Plain count bars in the first palette color, each labeled with its count,
    on a whole-number count axis."""
    from matplotlib.ticker import MaxNLocator

    bars = ax.bar(
        list(xs),
        list(counts),
        width=width,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
    )
    ax.bar_label(bars, padding=2, fontsize=_LABEL_SIZE, color=INK)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.margins(y=0.15)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)


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
    ax.bar_label(bars, labels=outside_texts, padding=2, fontsize=_LABEL_SIZE, color=INK)
    if any(inside):
        inside_texts = [t if i else "" for t, i in zip(texts, inside, strict=True)]
        ax.bar_label(
            bars,
            labels=inside_texts,
            padding=-14,
            fontsize=_LABEL_SIZE,
            color=PAPER,
            fontweight="bold",
            zorder=4,
        )
    ax.set_xticks(list(FACE_VALUES))
    if not relative:
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no 2.5 cards
    ax.set_xlabel("face value (total number of shapes on the card)")
    ax.set_ylabel(
        "relative frequency (part of the cards)" if relative else "frequency (number of cards)"
    )
    ax.margins(y=0.12)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)


def _percent(n: int, total: int) -> str:
    """``n`` out of ``total`` as a whole percent, halves rounded up (1/8 -> 13%)."""
    return f"{whole_percent(Fraction(n, total))}%"


def _slice_colors(n: int) -> list[str]:
    """Palette colors for ``n`` pie slices, no two neighbors alike (first and
    last are neighbors too)."""
    colors = [SERIES[i % len(SERIES)] for i in range(n)]
    if n > 2 and colors[-1] == colors[0]:
        colors[-1] = next(c for c in SERIES if c not in (colors[0], colors[-2]))
    return colors


def _spread(positions: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move sorted label heights apart so neighbors are at least ``gap`` apart,
    staying within [low, high] where there is room."""
    ys = list(positions)
    for i in range(1, len(ys)):
        ys[i] = max(ys[i], ys[i - 1] + gap)
    if ys and ys[-1] > high:
        ys[-1] = high
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - gap)
    if ys and ys[0] < low:
        ys[0] = low
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + gap)
    return ys


def _pie(ax: Axes, counts: Sequence[int], labels: Sequence[str], title: str, caption: str) -> None:
    """A pie with one wedge per nonzero count, each labeled outside the pie with a
    leader line; labels on each side are spread apart so tiny slices stay readable."""
    shown = [(n, text) for n, text in zip(counts, labels, strict=True) if n > 0]
    before = len(ax.patches)
    # Wedges are read back from ax.patches: pie() returns a tuple before matplotlib
    # 3.11 and a PieContainer from 3.11 on.
    ax.pie(
        [n for n, _ in shown],
        colors=_slice_colors(len(shown)),
        startangle=90,
        counterclock=False,
        wedgeprops={"edgecolor": PAPER, "linewidth": 1.5},
    )
    # every patch pie() added is a Wedge; Axes.patches is typed as plain Patches
    wedges = cast("list[Wedge]", ax.patches[before:])
    _label_wedges(ax, wedges, [text for _, text in shown])
    ax.set_aspect("equal")
    ax.set_xlim(-1.75, 1.75)
    ax.set_ylim(-1.42, 1.6)
    ax.set_title(title)
    ax.set_xlabel(caption)


def _label_wedges(ax: Axes, wedges: Sequence[Wedge], labels: Sequence[str]) -> None:
    """Label each wedge outside the pie, in wedge order, with a leader line."""
    text_radius, gap = 1.25, 0.16
    anchors = []
    for wedge, text in zip(wedges, labels, strict=True):
        middle = math.radians((wedge.theta1 + wedge.theta2) / 2)
        x, y = math.cos(middle), math.sin(middle)
        anchors.append((1 if x > 1e-9 else -1, x, y, text))
    heights = [0.0] * len(anchors)
    for side in (1, -1):
        group = sorted(
            (i for i, anchor in enumerate(anchors) if anchor[0] == side),
            key=lambda i: anchors[i][2],
        )
        spread = _spread([anchors[i][2] * text_radius for i in group], gap, low=-1.4, high=1.5)
        for i, height in zip(group, spread, strict=True):
            heights[i] = height
    for (side, x, y, text), height in zip(anchors, heights, strict=True):
        across = math.sqrt(max(0.0, (text_radius + 0.05) ** 2 - height**2))
        ax.annotate(
            text,
            xy=(x, y),
            xytext=(side * max(0.3, across), height),
            ha="left" if side > 0 else "right",
            va="center",
            fontsize=_LABEL_SIZE,
            color=INK,
            arrowprops={"arrowstyle": "-", "color": INK, "linewidth": 0.7},
        )


# --- public functions ---------------------------------------------------------------


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
    xactika_edu.errors.XactikaError: a plot needs at least one card, got none
    >>> value_bar_graph(5)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: cards must be a list of cards, like a hand or ['3213', ...

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

    Source: the counts are :func:`~xactika_edu.probability.value_distribution`
    (for the deck, the table of seed 000).
    """
    relative = _check_flag(relative, "relative")
    pile = _pile(cards)
    ax = _axes(ax, _BAR_FIGSIZE)
    table = value_distribution(pile)
    _draw_value_bars(ax, table, len(pile), relative=relative, label=None)
    ax.set_title(f"Face values of {_cards_phrase(pile)}")
    return ax


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

    Source: :func:`~xactika_edu.probability.value_distribution`.
    """
    pile = _pile(cards)
    ax = _axes(ax, _PIE_FIGSIZE)
    table = value_distribution(pile)
    counts = [int(n) for n in table["frequency"]]
    labels = [
        f"{value}: {_plural(n, 'card')} ({_percent(n, len(pile))})"
        for value, n in zip(table.index, counts, strict=True)
    ]
    _pie(
        ax,
        counts,
        labels,
        title=f"Face values of {_cards_phrase(pile)}",
        caption="each label: face value: how many cards (what percent of the cards)",
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
        shape: a :class:`~xactika_edu.cards.Shape` or its name ("cubes", "cube",
            "cu", any letter case).
        cards: the cards to count; ``None`` for the whole deck (27 cards each: every
            combination is on a third of the deck). Counts with no cards get no slice.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one wedge and one label per count (1, 2, 3) that occurs.

    Raises:
        XactikaError: (:class:`~xactika_edu.errors.NotationError`) for an unknown
            shape; also if there are no cards, ``cards`` is not a list of cards, a
            card is unreadable or repeated, or ``ax`` is not an Axes.

    Source: counted from the cards; for the deck see RULES.md ("each combination
    is on 27 cards").
    """
    shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
    pile = _pile(cards)
    ax = _axes(ax, _PIE_FIGSIZE)
    counts = [sum(1 for card in pile if card.count(shape) == k) for k in (1, 2, 3)]
    labels = [
        f"{k} {shape.name_for(k)}: {_plural(n, 'card')} ({_percent(n, len(pile))})"
        for k, n in zip((1, 2, 3), counts, strict=True)
    ]
    _pie(
        ax,
        counts,
        labels,
        title=f"Cards by number of {shape.plural}: {_cards_phrase(pile)}",
        caption=(
            f"each label: {shape.plural} on the card: how many cards (what percent of the cards)"
        ),
    )
    return ax


def bell_curve(*, ax: Axes | None = None, relative: bool = False) -> Axes:
    """The deck's face-value bar graph with the normal curve drawn over it.

    The curve is :func:`~xactika_edu.probability.normal_approximation` (mean and
    variance computed from the deck: 8 and 8/3). Scaled to counts it is
    81 x the normal density; with ``relative=True`` the bars are relative
    frequencies and the curve is the density itself (each bar is 1 wide, so bar
    areas and areas under the curve compare directly). The legend states the mean,
    the variance and the standard deviation.

    >>> from matplotlib.figure import Figure
    >>> ax = bell_curve(ax=Figure().subplots())
    >>> ax.get_legend().get_texts()[0].get_text()
    'normal curve: mean 8, variance 8/3 (standard deviation ≈ 1.63)'

    Args:
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.
        relative: relative frequencies and density instead of counts.

    Returns:
        the Axes: 9 bars (face values 4..12), one line (the curve, 400 points from
        3 to 13) and a legend.

    Raises:
        XactikaError: if ``relative`` is not True/False or ``ax`` is not an Axes.

    Source: RULES.md, "Value distribution ... mean 8, variance 8/3"; seed 000 (the
    deck's bell curve as a classroom use).
    """
    relative = _check_flag(relative, "relative")
    ax = _axes(ax, _BAR_FIGSIZE)
    table = value_distribution()
    _draw_value_bars(
        ax, table, len(DECK), relative=relative, label="cards in the deck", inside_labels=True
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
            f"normal curve: mean {mean}, variance {variance} "
            f"(standard deviation ≈ {math.sqrt(variance):.2f})"
        ),
    )
    ax.set_xlim(3, 13)
    tallest = table["relative frequency" if relative else "frequency"].max()
    ax.set_ylim(0, max(float(y.max()), float(tallest)) * 1.3)
    ax.legend(loc="upper right", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title(f"Face values of the {len(DECK)} cards and the normal curve")
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
    ax = _axes(ax, _BAR_FIGSIZE)
    ways = Counter(sum(choice) for choice in product(COUNTS, repeat=shapes))
    totals = sorted(ways)
    _draw_count_bars(ax, totals, [ways[t] for t in totals])
    ax.set_xticks(totals)
    if shapes == len(Shape):
        ax.set_title(f"all {len(Shape)} shapes: the whole deck")
        ax.set_xlabel("total (face value)")
    else:
        ax.set_title(" + ".join(shape.plural for shape in list(Shape)[:shapes]))
        ax.set_xlabel("total")
    ax.set_ylabel("number of ways")
    return ax


def distance_bar_graph(
    cards: Iterable[Card | str] | None = None, *, ax: Axes | None = None
) -> Axes:
    """Bar graph of how far the cards' face values are from their mean.

    A card's distance from the mean is its face value minus the mean, without the
    minus sign: a card below the mean and one above it can be equally far away.
    Each bar counts the cards at one distance, and its tick names the face values
    that far away (``"1 (7 or 9)"``). The mean of these distances is the mean
    absolute deviation, :func:`~xactika_edu.probability.face_value_mad`: this is
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

    Source: the mean is :func:`~xactika_edu.probability.face_value_mean`; the
    count-weighted mean of the bars' distances equals
    :func:`~xactika_edu.probability.face_value_mad` (104/81 for the deck).
    """
    pile = _pile(cards)
    ax = _axes(ax, _BAR_FIGSIZE)
    mean = face_value_mean(pile)
    far = Counter(abs(card.value - mean) for card in pile)
    distances = sorted(far)
    gaps = [float(b - a) for a, b in pairwise(distances)]
    width = 0.8 * min([1.0, *gaps])  # bars never overlap, even for a hand's odd mean
    _draw_count_bars(ax, [float(d) for d in distances], [far[d] for d in distances], width=width)
    values = sorted({card.value for card in pile})
    ax.set_xticks(
        [float(d) for d in distances],
        labels=[
            f"{_number(d)}\n({' or '.join(str(v) for v in values if abs(v - mean) == d)})"
            for d in distances
        ],
    )
    ax.set_xlabel("distance from the mean (the face values that far away are in parentheses)")
    ax.set_ylabel("frequency (number of cards)")
    verb = "is" if len(pile) == 1 else "are"
    ax.set_title(f"How far {_cards_phrase(pile)} {verb} from the mean, {_number(mean)}")
    return ax


# --- groups of cards (Lesson 2: pie charts and proportions) -------------------------------

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
    xactika_edu.errors.XactikaError: the number of cards in 'low' must be ...

    Args:
        groups: a dict of group name -> number of cards (whole numbers >= 0, not
            all 0). Groups with no cards get no slice.
        degrees: add each slice's angle in degrees (the nearest whole degree,
            marked "≈" when not exact) to its label.
        ticks: draw one tick mark per card around the rim (at most 100 cards).
        title: the title; ``None`` for "Parts of N cards".
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one wedge and one label per group with cards, in the order
        given, plus (with ``ticks``) one tick line per card.

    Raises:
        XactikaError: if ``groups`` is not a dict of names and whole numbers >= 0,
            has no cards, ``degrees``/``ticks`` is not True/False, ``ticks`` is
            asked for more than 100 cards, or ``ax`` is not an Axes. The message
            quotes the bad value.

    Source: a slice's angle is 360 x count / total (a circle is 360 degrees).
    """
    groups = _groups(groups)
    degrees = _check_flag(degrees, "degrees")
    ticks = _check_flag(ticks, "ticks")
    total = sum(groups.values())
    if ticks and total > _MAX_TICKS:
        raise XactikaError(
            f"ticks=True draws one tick per card, at most {_MAX_TICKS}; got {total} cards"
        )
    ax = _axes(ax, _PIE_FIGSIZE)
    labels = [
        f"{name}: {_plural(n, 'card')} ({_percent(n, total)}"
        + (f", {_degrees(n, total)})" if degrees else ")")
        for name, n in groups.items()
    ]
    _pie(
        ax,
        list(groups.values()),
        labels,
        title=f"Parts of {_plural(total, 'card')}" if title is None else title,
        caption=(
            f"each label: group: how many cards (what percent of all {total} cards"
            + (", degrees of the circle)" if degrees else ")")
        ),
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
    xactika_edu.errors.XactikaError: of must be at least the largest group (27), got 20

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
    ax = _axes(ax, _BAR_FIGSIZE)
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
    ax.bar_label(bars, labels=texts, padding=2, fontsize=_LABEL_SIZE, color=INK)
    ax.set_xticks(range(len(names)), labels=names)
    if of is None:
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("frequency (number of cards)")
    else:
        ax.set_ylim(0, 1.08)
        ax.set_ylabel(f"relative frequency (part of the {of} cards)")
    ax.margins(y=0.15)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_xlabel(xlabel)
    ax.set_title(title if title is not None else "Groups of cards")
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

    Source: each pile's counts are :func:`~xactika_edu.probability.value_distribution`.
    """
    from collections.abc import Mapping

    from matplotlib.ticker import MaxNLocator

    if not isinstance(piles, Mapping) or not 2 <= len(piles) <= 4:
        raise XactikaError(
            f"piles must be a dict of 2 to 4 named piles, like {{'hand 1': ..., 'hand 2': ...}}; "
            f"got {shown(piles)}"
        )
    relative = _check_flag(relative, "relative")
    checked = {}
    for name, cards in piles.items():
        if not isinstance(name, str) or not name.strip():
            raise XactikaError(f"each pile needs a name (text), got {shown(name)}")
        checked[name] = _pile(cards)
    ax = _axes(ax, _BAR_FIGSIZE)
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
            label=f"{name} ({_plural(len(pile), 'card')})",
            zorder=2,
        )
        texts = [f"{n}/{len(pile)}" if relative else str(n) for n in counts]
        ax.bar_label(bars, labels=texts, padding=2, fontsize=_LABEL_SIZE - 1.5, color=INK)
    ax.set_xticks(list(FACE_VALUES))
    if not relative:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("face value (total number of shapes on the card)")
    ax.set_ylabel(
        "relative frequency (part of the pile)" if relative else "frequency (number of cards)"
    )
    ax.margins(y=0.15)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.legend(fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title("Face values, side by side")
    return ax


# --- sums and the deck table's columns (Lesson 3) ----------------------------------------

_MOST_LABELED_BARS = 16  # more bars than this get no count labels (they would overlap)


def _small_percent(part: Fraction) -> str:
    """A bar's part as a whole percent (:func:`whole_percent`), but ``'< 1%'`` for a
    part that is not 0 and rounds to 0%."""
    percent = whole_percent(part)
    return "< 1%" if percent == 0 and part > 0 else f"{percent}%"


def _sum_title(terms: int, values: tuple[int, ...]) -> str:
    """``'4 shapes (1, 2 or 3 of each)'``, ``'3 dice'``, or ``'2 picks from 0 or 1'``."""
    if values == COUNTS:
        return f"{_plural(terms, 'shape')} (1, 2 or 3 of each)"
    if values == tuple(range(1, 7)):
        return "1 die" if terms == 1 else f"{terms} dice"
    shown = ", ".join(str(v) for v in values[:-1]) + f" or {values[-1]}"
    return f"{_plural(terms, 'pick')} from {shown if len(values) > 1 else values[0]}"


def sum_bar_graph(
    terms: int = 4,
    counts: Iterable[int] = COUNTS,
    *,
    relative: bool = False,
    normal: bool = False,
    ax: Axes | None = None,
) -> Axes:
    """Bar graph of the number of ways to make each total of ``terms`` equally likely
    counts, optionally with the normal curve on top.

    Like :func:`ways_bar_graph` but for any number of shapes (a deck with 10 shapes),
    or for dice (``counts=range(1, 7)``). With ``normal=True`` the normal curve with
    the total's mean and variance is drawn over the bars: the more terms, the closer
    it fits (the central limit theorem).

    >>> from matplotlib.figure import Figure
    >>> ax = sum_bar_graph(2, counts=range(1, 7), ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches], ax.get_title()
    ([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], 'Totals of 2 dice')
    >>> ax = sum_bar_graph(10, relative=True, normal=True, ax=Figure().subplots())
    >>> ax.get_legend().get_texts()[0].get_text()
    'normal curve: mean 20, variance 20/3'

    Args:
        terms: how many counts are added, as for
            :func:`~xactika_edu.probability.sum_distribution` (at most 39 shapes).
        counts: the equally likely values of one term: ``(1, 2, 3)`` for a shape
            (the default), ``range(1, 7)`` for a die.
        relative: bar heights are relative frequencies (part of all the ways, in
            [0, 1]) instead of numbers of ways; the labels are then whole percents.
        normal: draw the normal curve (scaled to the number of ways, or the density
            itself when ``relative``; each bar is 1 wide).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per total in increasing order (totals that cannot
        happen get a bar of height 0). Bars are labeled with their number of ways
        (or percent) when there are at most 16 of them; with more, the labels
        would overlap and the count axis gives the heights. With ``normal``, one
        line (the curve) and a legend stating its mean and variance.

    Raises:
        XactikaError: as :func:`~xactika_edu.probability.sum_distribution`, or if
            ``relative`` or ``normal`` is not True/False, the counts are all equal
            and ``normal`` is True, or ``ax`` is not an Axes.

    Source: :func:`~xactika_edu.probability.sum_distribution` and
    :func:`~xactika_edu.probability.sum_normal_approximation` (exact counts; the
    curve from scipy.stats).
    """
    from matplotlib.ticker import MaxNLocator

    from .probability import sum_distribution, sum_mean_and_variance, sum_normal_approximation

    relative = _check_flag(relative, "relative")
    normal = _check_flag(normal, "normal")
    if isinstance(counts, Iterable) and not isinstance(counts, (str, bytes)):
        counts = tuple(counts)  # read once: it may be an iterator
    table = sum_distribution(terms, counts)  # checks terms and counts, naming a bad one
    values = tuple(int(v) for v in counts)
    curve = sum_normal_approximation(terms, values) if normal else None
    ax = _axes(ax, _BAR_FIGSIZE)
    totals = [int(t) for t in table.index]
    heights = table["relative frequency" if relative else "frequency"].tolist()
    bars = ax.bar(
        totals,
        heights,
        width=0.8,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        label="ways to make each total" if normal else None,
        zorder=2,
    )
    if len(totals) <= _MOST_LABELED_BARS:
        texts = (
            [_small_percent(f) for f in table["fraction"]]
            if relative
            else [str(int(n)) for n in table["frequency"]]
        )
        # With the curve on top, tall bars carry their label inside, in white.
        inside = [normal and h >= 0.25 * max(heights) for h in heights]
        ax.bar_label(
            bars,
            labels=[t if not i else "" for t, i in zip(texts, inside, strict=True)],
            padding=2,
            fontsize=_LABEL_SIZE,
            color=INK,
        )
        if any(inside):
            ax.bar_label(
                bars,
                labels=[t if i else "" for t, i in zip(texts, inside, strict=True)],
                padding=-14,
                fontsize=_LABEL_SIZE,
                color=PAPER,
                fontweight="bold",
                zorder=4,
            )
        ax.set_xticks(totals)
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if not relative:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if curve is not None:
        mean, variance = sum_mean_and_variance(terms, values)
        x = np.linspace(totals[0] - 1, totals[-1] + 1, 400)
        scale = 1 if relative else int(table["frequency"].sum())
        y = curve.pdf(x) * scale
        ax.plot(
            x,
            y,
            color=SERIES[1],
            linewidth=2.5,
            zorder=3,
            label=f"normal curve: mean {_number(mean)}, variance {variance}",
        )
        ax.set_xlim(totals[0] - 1, totals[-1] + 1)
        ax.set_ylim(0, max(float(y.max()), float(max(heights))) * 1.3)
        ax.legend(loc="upper right", fontsize=_LABEL_SIZE, framealpha=0.95)
    else:
        ax.margins(y=0.15)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_title(f"Totals of {_sum_title(terms, values)}")
    ax.set_xlabel("total")
    ax.set_ylabel("relative frequency (part of all the ways)" if relative else "number of ways")
    return ax


_SERIES_MARKERS = ("o", "s", "^")
_SERIES_LINES = ("-", "--", ":")
_SERIES_LABEL_SIDES = (("right", -5), ("center", 0), ("left", 5))


def shape_columns_graph(
    shape: Shape | str = Shape.CUBES, *, deck: bool = False, ax: Axes | None = None
) -> Axes:
    """The deck table's columns for one shape as three bell curves, each moved one
    face value to the right of the one before.

    One curve per count of ``shape``: how many cards of each face value show 1, 2
    or 3 of it (the columns of :func:`~xactika_edu.probability.shape_count_table`,
    the publisher's graphing activity). The other three shapes make the rest of the
    face value, so every curve has the same bell shape (the ways three shapes add
    up), and each is centered one higher than the last: 7, 8 and 9.

    >>> from matplotlib.figure import Figure
    >>> ax = shape_columns_graph("stars", ax=Figure().subplots())
    >>> [[int(y) for y in line.get_ydata()] for line in ax.get_lines()]
    [[1, 3, 6, 7, 6, 3, 1], [1, 3, 6, 7, 6, 3, 1], [1, 3, 6, 7, 6, 3, 1]]
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['1 star (center 7)', '2 stars (center 8)', '3 stars (center 9)']

    Args:
        shape: a :class:`~xactika_edu.cards.Shape` or its name ("cubes", "cube",
            "cu", any letter case). Every shape gives the same numbers.
        deck: also draw the deck's bars (the ``cards`` column) behind the curves:
            at every face value the three curves add up to the bar.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with three lines (1, 2 and 3 of ``shape``, in order; each with
        its own marker and dash pattern, and a point for every face value where
        some card has that count), a legend naming each curve and its center (the
        mean face value of those cards). Without ``deck`` every point is labeled
        with its number of cards; with ``deck``, 9 bars labeled with their counts
        instead.

    Raises:
        XactikaError: (:class:`~xactika_edu.errors.NotationError`) for an unknown
            shape; also if ``deck`` is not True/False or ``ax`` is not an Axes.

    Source: :func:`~xactika_edu.probability.shape_count_table` (the deck table of
    seed 000, counted from the deck); RULES.md ("cards showing that shape k times =
    number of ways the other three shapes sum to v - k").
    """
    from matplotlib.ticker import MaxNLocator

    from .probability import shape_count_table

    shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
    deck = _check_flag(deck, "deck")
    ax = _axes(ax, _BAR_FIGSIZE)
    table = shape_count_table(shape)
    if deck:
        bars = ax.bar(
            list(FACE_VALUES),
            table["cards"].tolist(),
            width=0.8,
            color="#E8E8E8",
            edgecolor=INK,
            linewidth=0.6,
            label="all cards (the three curves added up)",
            zorder=1,
        )
        ax.bar_label(bars, padding=2, fontsize=_LABEL_SIZE, color=INK)
    for i, count in enumerate(COUNTS):
        column = table[f"{count} {shape.name_for(count)}"]
        shown = column[column > 0]
        center = Fraction(sum(int(v) * int(n) for v, n in shown.items()), int(shown.sum()))
        xs = [int(v) for v in shown.index]
        ys = [int(n) for n in shown]
        ax.plot(
            xs,
            ys,
            color=SERIES[i],
            linestyle=_SERIES_LINES[i],
            marker=_SERIES_MARKERS[i],
            markersize=6,
            markeredgecolor=INK,
            linewidth=2,
            zorder=3,
            label=f"{count} {shape.name_for(count)} (center {_number(center)})",
        )
        if not deck:  # with the deck's bars, the bars carry the labels
            # Labels left of, above and right of the points, so that the three
            # curves' labels at one face value never sit on each other.
            side, dx = _SERIES_LABEL_SIDES[i]
            for x, y in zip(xs, ys, strict=True):
                ax.annotate(
                    str(y),
                    (x, y),
                    xytext=(dx, 6),
                    textcoords="offset points",
                    ha=side,
                    fontsize=_LABEL_SIZE,
                    color=INK,
                    zorder=4,
                )
    ax.set_xticks(list(FACE_VALUES))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    tallest = int(table["cards"].max()) if deck else int(table.iloc[:, 1:].max().max())
    ax.set_ylim(0, tallest * 1.5)  # room for the legend above the curves
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.legend(loc="upper left", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title(f"Cards by face value and number of {shape.plural}")
    ax.set_xlabel("face value")
    ax.set_ylabel("frequency (number of cards)")
    return ax


# --- estimation and bidding (Lesson 6) ----------------------------------------------------


def _table_with(table: object, columns: Sequence[str], what: str, made_by: str) -> pd.DataFrame:
    """``table`` checked: a DataFrame with ``columns`` and at least one row."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame) or table.empty:
        raise XactikaError(f"{what} must be the DataFrame from {made_by}, got {shown(table)}")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise XactikaError(
            f"{what} has no column {', '.join(map(repr, missing))}; use the table from {made_by}"
        )
    return table


def trick_bar_graph(distribution: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of how often a hand took each number of tricks, with its mean marked.

    Each bar is a relative frequency (the part of the simulated deals), labeled as
    a whole percent (``"<1%"`` for a number that happened but rounds to 0%). A
    dashed line stands at the mean number of tricks, and the legend gives it.

    >>> import pandas as pd
    >>> from matplotlib.figure import Figure
    >>> table = pd.DataFrame({"frequency": [0, 3, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
    >>> ax = trick_bar_graph(table, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts], ax.get_legend().get_texts()[0].get_text()
    (['0%', '75%', '25%'], 'mean = 1.25 tricks')

    Args:
        distribution: a table indexed by tricks with a ``frequency`` column, as
            from :func:`~xactika_edu.simulate.trick_distribution`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per number of tricks (in order, placed at it), a
        vertical line at the mean and a legend.

    Raises:
        XactikaError: if ``distribution`` is not such a table (no rows, no
            ``frequency`` column, negative or no counts) or ``ax`` is not an Axes.

    Source: the mean is the frequency-weighted mean, sum of tricks x frequency
    divided by the number of deals.
    """
    table = _table_with(distribution, ["frequency"], "distribution", "trick_distribution")
    tricks = [int(k) for k in table.index]
    counts = [check_whole(n, "a frequency", 0, 10**9) for n in table["frequency"]]
    total = sum(counts)
    if total == 0:
        raise XactikaError("distribution has no deals: every frequency is 0")
    ax = _axes(ax, _BAR_FIGSIZE)
    shares = [n / total for n in counts]
    bars = ax.bar(
        tricks, shares, width=0.8, color=SERIES[0], edgecolor=INK, linewidth=0.8, zorder=2
    )
    labels = [
        "<1%" if n and whole_percent(Fraction(n, total)) == 0 else _percent(n, total)
        for n in counts
    ]
    ax.bar_label(bars, labels=labels, padding=2, fontsize=_LABEL_SIZE, color=INK)
    mean = Fraction(sum(k * n for k, n in zip(tricks, counts, strict=True)), total)
    shown = _number(mean)  # "1.25", or "≈ 2.51" when rounded
    ax.axvline(
        float(mean),
        color=SERIES[1],
        linewidth=2.5,
        linestyle="--",
        zorder=3,
        label=f"mean {shown if shown.startswith('≈') else '= ' + shown} tricks",
    )
    ax.set_xticks(tricks)
    ax.set_xlabel("tricks taken in the hand")
    ax.set_ylabel("relative frequency (part of the deals)")
    ax.set_ylim(0, max(shares) * 1.2)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.legend(loc="upper right", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title(f"Tricks taken by one hand in {total:,} simulated deals")
    return ax


def expected_score_bar_graph(advice: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of the expected score of each bid, the best one marked.

    Bars above the line gain points on average, bars below it lose points. Each bar
    is labeled with its expected score (2 decimal places). The recommended bid is
    orange, striped and labeled "best"; a bid the dealer may not make is white,
    crossed and labeled "not allowed" (color never carries the meaning alone).

    >>> import pandas as pd
    >>> from matplotlib.figure import Figure
    >>> advice = pd.DataFrame({"expected score": [-1.5, 0.25, -0.5],
    ...                        "legal": [True, True, False],
    ...                        "recommended": [False, True, False]})
    >>> ax = expected_score_bar_graph(advice, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.texts]
    ['-1.50', '+0.25\\nbest', '-0.50\\nnot allowed']

    Args:
        advice: a table indexed by bid with an ``expected score`` column (and
            optionally ``legal`` and ``recommended``), as from
            :func:`~xactika_edu.simulate.suggest_bid`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per bid (in order, placed at the bid) and a line at 0.

    Raises:
        XactikaError: if ``advice`` is not such a table or ``ax`` is not an Axes.

    Source: the expected score of bid b is the sum over tricks k of
    P(k) x score(b, k) (RULES.md, step 4, for the points).
    """
    table = _table_with(advice, ["expected score"], "advice", "suggest_bid")
    bids = [int(b) for b in table.index]
    scores = [float(v) for v in table["expected score"]]
    legal = [bool(v) for v in table.get("legal", [True] * len(bids))]
    best = [bool(v) for v in table.get("recommended", [False] * len(bids))]
    ax = _axes(ax, _BAR_FIGSIZE)
    bars = ax.bar(bids, scores, width=0.8, color=SERIES[0], edgecolor=INK, linewidth=0.8, zorder=2)
    labels = []
    for bar, value, is_legal, is_best in zip(bars, scores, legal, best, strict=True):
        text = f"{value:+.2f}" if round(value, 2) else "0.00"
        if not is_legal:
            bar.set_facecolor(PAPER)
            bar.set_hatch("xx")
            text += "\nnot allowed"
        elif is_best:
            bar.set_facecolor(SERIES[1])
            bar.set_hatch("//")
            text += "\nbest"
        labels.append(text)
    ax.bar_label(bars, labels=labels, padding=2, fontsize=_LABEL_SIZE, color=INK)
    ax.axhline(0, color=INK, linewidth=0.9, zorder=3)
    ax.set_xticks(bids)
    ax.set_xlabel("bid")
    ax.set_ylabel("expected score (points per hand)")
    low, high = min(0.0, *scores), max(0.0, *scores)
    pad = 0.25 * (high - low or 1.0)
    ax.set_ylim(low - pad, high + pad)
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_title("Expected score of each bid")
    return ax


def bid_total_bar_graph(results: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of the total of all players' bids in each hand: the dealer rule at work.

    The bids may never add up to the number of cards per hand (RULES.md, step 2),
    so that total has no bar; an arrow points at the gap.

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.simulate import simulate_rounds
    >>> results = simulate_rounds(200, players=4, bots="heuristic", seed=1)
    >>> ax = bid_total_bar_graph(results, ax=Figure().subplots())
    >>> sum(int(bar.get_height()) for bar in ax.patches), ax.texts[-1].get_text()
    (200, 'never 8')

    Args:
        results: the table from :func:`~xactika_edu.simulate.simulate_rounds`
            (columns ``round``, ``bid`` and ``tricks`` are used).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, with one bar per total from the smallest to the largest seen (and
        the forbidden total), each labeled with its number of hands.

    Raises:
        XactikaError: if ``results`` is not such a table or ``ax`` is not an Axes.
    """
    table = _table_with(results, ["round", "bid", "tricks"], "results", "simulate_rounds")
    per_hand = table.groupby("round")[["bid", "tricks"]].sum()
    cards = int(per_hand["tricks"].iloc[0])  # every trick is won: tricks add up to the cards
    totals = Counter(int(t) for t in per_hand["bid"])
    xs = list(range(min(*totals, cards), max(*totals, cards) + 1))
    ax = _axes(ax, _BAR_FIGSIZE)
    _draw_count_bars(ax, xs, [totals[x] for x in xs])
    ax.set_xticks(xs)
    tallest = max(totals.values())
    ax.annotate(
        f"never {cards}",
        xy=(cards, tallest * 0.05),
        xytext=(cards, tallest * 0.6),
        ha="center",
        fontsize=_LABEL_SIZE + 1,
        fontweight="bold",
        color=INK,
        arrowprops={"arrowstyle": "->", "color": INK, "linewidth": 1.2},
    )
    ax.set_xlabel("total of all the players' bids in a hand")
    ax.set_ylabel("frequency (number of hands)")
    ax.set_title(f"Total of the bids in {len(per_hand):,} hands of {cards} tricks")
    return ax


# --- chance experiments (Lesson 5) ------------------------------------------------------


def _experiment_probability(table: object, probability: object, what: str) -> Fraction:
    """The exact probability for a plot of ``table``: ``probability`` if given, else the
    one :mod:`xactika_edu.experiments` stored in ``table.attrs``."""
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
    """``'50/81 ≈ 62%'``; exact fractions with small denominators stay fractions."""
    if p.denominator > 1000:
        return f"≈ {float(p):.3f}"
    return f"{p} ≈ {whole_percent(p)}%" if p.denominator > 1 else str(p)


def running_frequency_graph(
    experiment: pd.DataFrame,
    *,
    band: bool = False,
    probability: Fraction | float | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Line graph of the running relative frequency of each run of an experiment, with
    the exact probability as a dashed horizontal line.

    The lines wobble at first and settle near the exact probability as the trials add
    up: the law of large numbers. With ``band=True`` a grey funnel shows where 95% of
    runs are after each number of trials, p ± 1.96 sqrt(p (1 - p) / n) (normal
    approximation, :func:`~xactika_edu.experiments.margin_of_error`).

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.experiments import draw_experiment
    >>> runs = draw_experiment("face value 8 or more", trials=200, runs=3, seed=1)
    >>> ax = running_frequency_graph(runs, ax=Figure().subplots())
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['run 1', 'run 2', 'run 3', 'exact probability: 50/81 ≈ 62%']

    Args:
        experiment: a table from :func:`~xactika_edu.experiments.draw_experiment`
            (columns ``run``, ``trial`` and ``relative frequency``).
        band: also shade where 95% of runs are after each number of trials.
        probability: the exact probability to draw; by default the one in
            ``experiment.attrs`` (set by ``draw_experiment``).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one line per run (palette colours, in run order; "run k" in the
        legend for up to 7 runs), the dashed exact-probability line, and the band if
        asked for. The y axis goes from 0 to 1.

    Raises:
        XactikaError: if ``experiment`` is not such a table, the probability is
            missing or not in [0, 1], ``band`` is not True/False, or ``ax`` is not an
            Axes.
    """
    band = _check_flag(band, "band")
    p = _experiment_probability(experiment, probability, "draw_experiment")
    needed = {"run", "trial", "relative frequency"}
    if not needed.issubset(experiment.columns) or experiment.empty:
        raise XactikaError(
            "experiment must be a table from draw_experiment with columns run, trial and "
            f"relative frequency; got columns {list(experiment.columns)!r}"
        )
    ax = _axes(ax, _BAR_FIGSIZE)
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
            label=f"run {run}" if legend_runs else ("each line: one run" if i == 0 else None),
            zorder=3,
        )
    trials = int(experiment["trial"].max())
    if band:
        from .experiments import margin_of_error

        n = np.arange(1, trials + 1)
        half = margin_of_error(p, 1) / np.sqrt(n)
        ax.fill_between(
            n,
            np.clip(float(p) - half, 0, 1),
            np.clip(float(p) + half, 0, 1),
            color="#DDDDDD",
            zorder=1,
            label="95% of runs are in the grey band",
        )
    ax.axhline(
        float(p),
        color=INK,
        linestyle="--",
        linewidth=1.5,
        zorder=4,
        label=f"exact probability: {_probability_text(p)}",
    )
    ax.set_xlim(1, max(trials, 2))
    ax.set_ylim(0, 1)
    ax.set_xlabel("number of draws so far (trials)")
    ax.set_ylabel("relative frequency of success so far")
    event = experiment.attrs.get("event")
    ax.set_title(f"Running relative frequency: {event}" if event else "Running relative frequency")
    ax.grid(color="#EEEEEE", linewidth=0.6, zorder=0)
    ax.legend(loc="lower right", fontsize=_LABEL_SIZE, framealpha=0.95)
    return ax


def error_graph(
    table: pd.DataFrame, *, probability: Fraction | float | None = None, ax: Axes | None = None
) -> Axes:
    """Graph of the typical error against the number of trials, on log-log axes, with
    the 1/sqrt(n) rule as a line.

    The points are the ``mean absolute error`` column of
    :func:`~xactika_edu.experiments.error_by_trials`, each labeled with its value.
    The line is the normal approximation sqrt(2 / pi) x sqrt(p (1 - p) / n): on
    log-log axes a 1/sqrt(n) rule is a straight line going down one step for every
    two steps across (100 times the trials, a tenth of the error).

    >>> from matplotlib.figure import Figure
    >>> from xactika_edu.experiments import error_by_trials
    >>> table = error_by_trials("3 cubes", (10, 100, 1000), repeats=200, seed=1)
    >>> ax = error_graph(table, ax=Figure().subplots())
    >>> ax.get_xscale(), ax.get_yscale(), len(ax.lines)
    ('log', 'log', 2)

    Args:
        table: a table from :func:`~xactika_edu.experiments.error_by_trials`.
        probability: the exact probability for the line; by default the one in
            ``table.attrs``.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: the points (first line) and the 1/sqrt(n) rule (second line), with
        the trial counts as x ticks and a legend.

    Raises:
        XactikaError: if ``table`` is not such a table, the probability is missing or
            not in [0, 1], or ``ax`` is not an Axes.
    """
    p = _experiment_probability(table, probability, "error_by_trials")
    if "mean absolute error" not in table.columns or table.empty:
        raise XactikaError(
            "table must come from error_by_trials, with a 'mean absolute error' column; "
            f"got columns {list(table.columns)!r}"
        )
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax = _axes(ax, _BAR_FIGSIZE)
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
            f"mean absolute error of {repeats} experiments"
            if repeats
            else "mean absolute error of the experiments"
        ),
    )
    for n, error in zip(trials, errors, strict=True):
        ax.annotate(
            f"{error:.3f}",
            xy=(n, error),
            xytext=(7, 7),
            textcoords="offset points",
            fontsize=_LABEL_SIZE,
            color=INK,
        )
    constant = math.sqrt(2 / math.pi * float(p) * (1 - float(p)))
    line = np.geomspace(trials.min() / 1.5, trials.max() * 1.5, 100)
    ax.plot(
        line,
        constant / np.sqrt(line),
        color=SERIES[1],
        linewidth=2,
        zorder=2,
        label=f"the 1/√n rule: error ≈ {constant:.2f} ÷ √(trials)",
    )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(trials, labels=[f"{int(n):,}" for n in trials])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("number of trials in one experiment (log scale)")
    ax.set_ylabel("typical error (log scale)")
    event = table.attrs.get("event")
    ax.set_title(
        f"The error shrinks like 1/√n: {event}" if event else "The error shrinks like 1/√n"
    )
    ax.grid(color="#EEEEEE", linewidth=0.6, zorder=0)
    ax.legend(loc="upper right", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.margins(x=0.1, y=0.15)
    return ax
