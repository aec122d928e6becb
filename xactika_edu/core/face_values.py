"""The deck's face values: their distribution, mean, spread, and the normal curve.

Exact (:class:`fractions.Fraction`) where a student reads the number; the normal
curve is SciPy's. Part of :mod:`xactika_edu.core.probability`, which offers every name
here too. Core layer: imports :mod:`~xactika_edu.core.cards` and the base layer.

>>> value_distribution().loc[8, "frequency"]
np.int64(19)
>>> face_value_mean(), face_value_variance()
(Fraction(8, 1), Fraction(8, 3))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..base.checks import as_items
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import COUNTS, DECK, Card, Combination, Hand, Shape

if TYPE_CHECKING:
    from scipy.stats._distn_infrastructure import rv_continuous_frozen

__all__ = [
    "FACE_VALUES",
    "face_value_mad",
    "face_value_mean",
    "face_value_variance",
    "normal_approximation",
    "normal_comparison",
    "shape_count_table",
    "value_distribution",
]

#: The face values a card can have, 4 to 12.
FACE_VALUES: tuple[int, ...] = tuple(range(4, 13))


def _cards(cards: Iterable[Card | str] | None) -> tuple[Card, ...]:
    return DECK if cards is None else tuple(Hand(as_items(cards, "cards")))


def value_distribution(cards: Iterable[Card | str] | None = None) -> pd.DataFrame:
    """How many cards have each face value: frequency and relative frequency.

    By default for the whole deck (where the values pile up in the middle: 19 of 81
    cards are 8s); pass ``cards`` for a hand or any other pile.

    >>> table = value_distribution()
    >>> table["frequency"].tolist()
    [1, 4, 10, 16, 19, 16, 10, 4, 1]
    >>> table.loc[8, "fraction"], sum(table["fraction"])
    (Fraction(19, 81), Fraction(1, 1))

    Returns:
        a 9-row DataFrame indexed by ``face value`` 4..12 with columns
        ``frequency`` (int), ``relative frequency`` (float in [0, 1]) and
        ``fraction`` (the exact relative frequency, a ``Fraction``). Exact:
        counted from :data:`~xactika_edu.core.cards.DECK`; matches the table in seed 000.

    Raises:
        XactikaError: if ``cards`` is empty or holds a card twice.
    """
    pile = _cards(cards)
    if not pile:
        raise XactikaError(_("value_distribution needs at least one card, got none"))
    counts = [sum(1 for card in pile if card.value == v) for v in FACE_VALUES]
    fractions = [Fraction(n, len(pile)) for n in counts]
    table = pd.DataFrame(
        {
            "frequency": np.array(counts, dtype=np.int64),
            "relative frequency": [float(f) for f in fractions],
            "fraction": pd.Series(fractions, dtype=object).to_numpy(),
        },
        index=pd.Index(FACE_VALUES, name="face value"),
    )
    return table


def shape_count_table(shape: Shape | str = Shape.CUBES) -> pd.DataFrame:
    """The deck table of seed 000: per face value, the number of cards, and how many
    of them show ``shape`` once, twice and three times.

    The numbers are the same for every shape (the deck is symmetric), so any shape
    gives the seed's table; the columns are named for the shape you choose.

    >>> shape_count_table().loc[10].tolist()
    [10, 1, 3, 6]
    >>> list(shape_count_table("stars").columns)
    ['cards', '1 star', '2 stars', '3 stars']

    Returns:
        a 9-row DataFrame indexed by ``face value`` 4..12 with int columns ``cards``
        and one per combination of ``shape`` (e.g. ``1 cube``, ``2 cubes``,
        ``3 cubes``). Counted from the deck: with k of the shape, the other three
        shapes must add up to value - k.
    """
    shape = shape if isinstance(shape, Shape) else Shape.parse(shape)
    columns: dict[str, list[int]] = {
        "cards": [sum(1 for card in DECK if card.value == v) for v in FACE_VALUES]
    }
    for count in COUNTS:
        combination = Combination(shape, count)
        columns[str(combination)] = [
            sum(1 for card in DECK if card.value == v and card.has(combination))
            for v in FACE_VALUES
        ]
    return pd.DataFrame(columns, index=pd.Index(FACE_VALUES, name="face value"))


def face_value_mean(cards: Iterable[Card | str] | None = None) -> Fraction:
    """Mean face value (the expected value of a random card's face value), exact.

    >>> face_value_mean()
    Fraction(8, 1)
    """
    pile = _cards(cards)
    if not pile:
        raise XactikaError(_("face_value_mean needs at least one card, got none"))
    return Fraction(sum(card.value for card in pile), len(pile))


def face_value_mad(cards: Iterable[Card | str] | None = None) -> Fraction:
    """Mean absolute deviation of the face values: the mean distance from the mean, exact.

    The measure of spread grades 6-7 use (Common Core 6.SP.B.5c). For the deck it
    is 104/81, about 1.28: on average a card's face value is that far from 8.

    >>> face_value_mad()
    Fraction(104, 81)
    >>> face_value_mad(["1111", "3333"])
    Fraction(4, 1)
    """
    pile = _cards(cards)
    mean = face_value_mean(pile)
    return sum((abs(card.value - mean) for card in pile), Fraction(0)) / len(pile)


def face_value_variance(cards: Iterable[Card | str] | None = None) -> Fraction:
    """Variance of the face value over ``cards`` (population variance), exact.

    For the deck it is 8/3: each shape's count is 1, 2 or 3 with variance 2/3, and
    the four counts are independent across the deck, so the variances add.

    >>> face_value_variance()
    Fraction(8, 3)
    """
    pile = _cards(cards)
    mean = face_value_mean(pile)
    return sum(((card.value - mean) ** 2 for card in pile), Fraction(0)) / len(pile)


def normal_approximation() -> rv_continuous_frozen:
    """The normal curve for the deck's face values: mean 8, variance 8/3.

    Both numbers are computed from the deck (:func:`face_value_mean`,
    :func:`face_value_variance`). Returns a frozen ``scipy.stats.norm``.

    >>> curve = normal_approximation()
    >>> float(curve.mean()), round(float(curve.var()), 4)
    (8.0, 2.6667)
    """
    from scipy import stats

    return stats.norm(loc=float(face_value_mean()), scale=math.sqrt(float(face_value_variance())))


def normal_comparison() -> pd.DataFrame:
    """The deck's real counts next to what the normal curve predicts.

    The prediction for value v is 81 x P(v - 0.5 < X < v + 0.5) for X normal with
    the deck's mean and variance (a continuity correction: each whole value
    stands for the half-unit either side).

    >>> table = normal_comparison()
    >>> round(float(table.loc[8, "normal approximation"]), 1)
    19.5

    Returns:
        a 9-row DataFrame indexed by ``face value`` 4..12: ``frequency`` (int),
        ``normal approximation`` (float, expected number of cards) and
        ``difference`` (frequency minus approximation).
    """
    curve = normal_approximation()
    values = np.array(FACE_VALUES, dtype=float)
    expected = len(DECK) * (curve.cdf(values + 0.5) - curve.cdf(values - 0.5))
    frequency = value_distribution()["frequency"]
    return pd.DataFrame(
        {
            "frequency": frequency,
            "normal approximation": expected,
            "difference": frequency - expected,
        },
        index=pd.Index(FACE_VALUES, name="face value"),
    )
