"""Sums of equally likely counts: the bell curve, step by step.

A card's face value is the sum of four counts of 1, 2 or 3; adding more terms (more
shapes, or dice) shows the central limit theorem by exact counting. Part of
:mod:`xactika_edu.core.probability`, which offers every name here too. Core layer:
imports :mod:`~xactika_edu.core.cards` and the base layer.

>>> sum_distribution(2)["frequency"].tolist()        # balls + cubes: a triangle
[1, 2, 3, 2, 1]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import COUNTS

if TYPE_CHECKING:
    from scipy.stats._distn_infrastructure import rv_continuous_frozen

__all__ = [
    "sum_distribution",
    "sum_mean_and_variance",
    "sum_normal_approximation",
    "sum_normal_comparison",
    "sum_normal_fit",
]

_MAX_WAYS = 2**63 - 1  # frequencies are int64
_MAX_TOTALS = 10_001


def _sum_terms(counts: Iterable[int], terms: object) -> tuple[tuple[int, ...], int]:
    """``counts`` as a tuple of whole numbers and ``terms`` as an int, both checked."""
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Iterable):
        raise XactikaError(
            _(
                "counts must be a list of whole numbers, like (1, 2, 3) or range(1,"
                " 7); got {counts}"
            ).format(counts=shown(counts))
        )
    values = tuple(counts)
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, (int, np.integer))]
    if bad:
        raise XactikaError(
            _("counts must be whole numbers, got {bad} in {counts}").format(
                bad=shown(bad[0]), counts=shown(counts)
            )
        )
    if not values:
        raise XactikaError(
            _("counts needs at least one value, got {counts}").format(counts=shown(counts))
        )
    values = tuple(int(v) for v in values)
    terms = check_whole(terms, "terms", 1, 1000)
    if len(values) ** terms > _MAX_WAYS:
        most = math.floor(math.log(_MAX_WAYS) / math.log(len(values)))
        raise XactikaError(
            _(
                "terms={terms} with {count} counts gives {count}**{terms} ways, too"
                " many to count here; use at most {most} terms"
            ).format(terms=terms, count=len(values), most=most)
        )
    if terms * (max(values) - min(values)) + 1 > _MAX_TOTALS:
        raise XactikaError(
            _(
                "counts from {values} to {values2} over {terms} terms give more "
                "than {MAX_TOTALS} totals; use counts closer together or fewer "
                "terms"
            ).format(values=min(values), values2=max(values), terms=terms, MAX_TOTALS=_MAX_TOTALS)
        )
    return values, terms


def sum_distribution(terms: int = 4, counts: Iterable[int] = COUNTS) -> pd.DataFrame:
    """The exact distribution of a total of ``terms`` equally likely counts.

    Each term is one of ``counts``, every one equally likely and independent of the
    others, like a shape shown 1, 2 or 3 times, or a die. With the default four
    shapes of 1, 2 or 3 each the totals are the deck's face values: every way is one
    card. More terms imagine a deck with more shapes (10 shapes: 3**10 cards).

    >>> sum_distribution(2)["frequency"].tolist()        # balls + cubes: a triangle
    [1, 2, 3, 2, 1]
    >>> from xactika_edu.probability import face_value_mean, face_value_variance, value_distribution
    >>> sum_distribution(4)["frequency"].tolist() == value_distribution()["frequency"].tolist()
    True
    >>> dice = sum_distribution(2, counts=range(1, 7))     # two dice
    >>> dice.loc[7, "frequency"], dice.loc[7, "fraction"]
    (np.int64(6), Fraction(1, 6))
    >>> sum_distribution(40)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: terms=40 with 3 counts gives 3**40 ways, too many ...

    Args:
        terms: how many counts are added (shapes on a card, dice rolled), 1 to 1000
            (and few enough that the number of ways, ``len(counts) ** terms``, fits a
            64-bit whole number: at most 39 terms of 1, 2 or 3).
        counts: the equally likely values of one term: ``(1, 2, 3)`` (a shape's
            count on a card, the default), ``range(1, 7)`` (a die). A value listed
            twice is twice as likely.

    Returns:
        a DataFrame indexed by ``total``, every whole number from ``terms`` x the
        smallest count to ``terms`` x the largest (totals that cannot happen have
        frequency 0), with columns ``frequency`` (int: the number of ways, out of
        ``len(counts) ** terms``), ``relative frequency`` (float in [0, 1]) and
        ``fraction`` (the exact relative frequency, a ``Fraction``; they sum to 1).
        Exact: the ways are counted by convolution (``numpy.convolve``): the ways to
        make a total t with one more term are the ways to make t - c, added over
        every count c.

    Raises:
        XactikaError: if ``counts`` is empty or holds something that is not a whole
            number, or ``terms`` is not a whole number in range.
    """
    values, terms = _sum_terms(counts, terms)
    low = min(values)
    one = np.bincount(np.array(values) - low).astype(np.int64)  # ways for one term
    ways = np.ones(1, dtype=np.int64)
    for _term in range(terms):
        ways = np.convolve(ways, one)
    outcomes = len(values) ** terms
    fractions = [Fraction(int(n), outcomes) for n in ways]
    return pd.DataFrame(
        {
            "frequency": ways,
            "relative frequency": [float(f) for f in fractions],
            "fraction": pd.Series(fractions, dtype=object).to_numpy(),
        },
        index=pd.Index(range(terms * low, terms * low + len(ways)), name="total"),
    )


def sum_mean_and_variance(
    terms: int = 4, counts: Iterable[int] = COUNTS
) -> tuple[Fraction, Fraction]:
    """The exact mean and variance of a total of ``terms`` equally likely counts.

    One term has mean m and variance s (of its equally likely counts); the terms
    are independent, so means add and variances add: the total has mean terms x m
    and variance terms x s. For one shape of 1, 2 or 3: 2 and 2/3; for the deck's
    four shapes: 8 and 8/3.

    >>> sum_mean_and_variance(1)
    (Fraction(2, 1), Fraction(2, 3))
    >>> from xactika_edu.core.face_values import face_value_mean, face_value_variance
    >>> sum_mean_and_variance(4) == (face_value_mean(), face_value_variance())
    True
    >>> sum_mean_and_variance(2, counts=range(1, 7))    # two dice
    (Fraction(7, 1), Fraction(35, 6))

    Args:
        terms, counts: as for :func:`sum_distribution`.

    Returns:
        ``(mean, variance)``, two exact ``Fraction`` s; the variance is the
        population variance (mean squared distance from the mean).

    Raises:
        XactikaError: as :func:`sum_distribution`.
    """
    values, terms = _sum_terms(counts, terms)
    return _sum_moments(values, terms)


def _sum_moments(values: tuple[int, ...], terms: int) -> tuple[Fraction, Fraction]:
    mean = Fraction(sum(values), len(values))
    variance = sum(((v - mean) ** 2 for v in values), Fraction(0)) / len(values)
    return terms * mean, terms * variance


def sum_normal_approximation(
    terms: int = 4, counts: Iterable[int] = COUNTS
) -> rv_continuous_frozen:
    """The normal curve for a total of ``terms`` equally likely counts.

    Its mean and variance are the total's, :func:`sum_mean_and_variance`. For the
    deck (the default) it is :func:`normal_approximation`: mean 8, variance 8/3.

    >>> curve = sum_normal_approximation(10)
    >>> float(curve.mean()), round(float(curve.var()), 4)
    (20.0, 6.6667)

    Returns:
        a frozen ``scipy.stats.norm``.

    Raises:
        XactikaError: as :func:`sum_distribution`, or if all the counts are equal
            (no spread, so no curve).
    """
    from scipy import stats

    values, terms = _sum_terms(counts, terms)
    mean, variance = _sum_moments(values, terms)
    if variance == 0:
        raise XactikaError(
            _(
                "counts {values} are all the same: the total never varies, so there"
                " is no normal curve"
            ).format(values=shown(values))
        )
    return stats.norm(loc=float(mean), scale=math.sqrt(variance))


def sum_normal_comparison(terms: int = 4, counts: Iterable[int] = COUNTS) -> pd.DataFrame:
    """The exact relative frequency of every total next to the normal curve's prediction.

    The prediction for a total t is P(t - 0.5 < X < t + 0.5) for X normal with the
    total's mean and variance (:func:`sum_normal_approximation`): the area under the
    curve across the bar's width, as in :func:`normal_comparison` (which gives the
    same for the deck, in cards rather than parts of the deck).

    >>> table = sum_normal_comparison(4)
    >>> round(float(table.loc[8, "normal approximation"] * 81), 1)
    19.5
    >>> round(float(table["difference"].abs().max()), 4)
    0.0072

    Args:
        terms, counts: as for :func:`sum_distribution`.

    Returns:
        a DataFrame indexed by ``total`` (as :func:`sum_distribution`), with float
        columns ``relative frequency`` (exact, in [0, 1]), ``normal approximation``
        (probability in [0, 1]) and ``difference`` (relative frequency minus
        approximation).

    Raises:
        XactikaError: as :func:`sum_normal_approximation`.
    """
    curve = sum_normal_approximation(terms, counts)
    table = sum_distribution(terms, counts)
    totals = table.index.to_numpy(dtype=float)
    expected = curve.cdf(totals + 0.5) - curve.cdf(totals - 0.5)
    exact = table["relative frequency"]
    return pd.DataFrame(
        {
            "relative frequency": exact,
            "normal approximation": expected,
            "difference": exact - expected,
        },
        index=table.index,
    )


def sum_normal_fit(
    terms: Iterable[int] = (1, 2, 3, 4, 6, 10, 20), counts: Iterable[int] = COUNTS
) -> pd.DataFrame:
    """How well the normal curve fits a total of more and more terms: the central
    limit theorem, by computation.

    For each number of terms, the largest gap between an exact relative frequency
    and the normal curve's prediction (:func:`sum_normal_comparison`). The gap
    shrinks as terms are added, also next to the tallest bar (which shrinks too).

    >>> fit = sum_normal_fit((4, 10, 20))
    >>> fit["largest gap"].round(4).tolist()
    [0.0072, 0.0019, 0.0007]
    >>> bool(fit["largest gap"].is_monotonic_decreasing)
    True

    Args:
        terms: the numbers of terms to compare (each as for
            :func:`sum_distribution`), in the order given.
        counts: as for :func:`sum_distribution`.

    Returns:
        a DataFrame indexed by ``terms``, one row per number of terms, with columns
        ``mean`` and ``variance`` (exact ``Fraction`` s), ``totals`` (int, how many
        totals are possible), ``tallest bar`` (the largest relative frequency),
        ``largest gap`` (the largest absolute difference between a relative
        frequency and the normal approximation, in [0, 1]) and ``gap / tallest
        bar`` (the largest gap as a part of the tallest bar). Floats except where
        said.

    Raises:
        XactikaError: if ``terms`` is empty or not a list of whole numbers, or as
            :func:`sum_normal_comparison`.
    """
    if isinstance(terms, (str, bytes)) or not isinstance(terms, Iterable):
        raise XactikaError(
            _("terms must be a list of whole numbers, like (4, 10, 20); got {terms}").format(
                terms=shown(terms)
            )
        )
    wanted = list(terms)
    if not wanted:
        raise XactikaError(
            _("terms needs at least one number of terms, got {terms}").format(terms=shown(terms))
        )
    values, _terms = _sum_terms(counts, 1)
    rows = []
    for n in wanted:
        comparison = sum_normal_comparison(n, values)
        mean, variance = sum_mean_and_variance(n, values)
        tallest = float(comparison["relative frequency"].max())
        gap = float(comparison["difference"].abs().max())
        rows.append(
            {
                "mean": mean,
                "variance": variance,
                "totals": len(comparison),
                "tallest bar": tallest,
                "largest gap": gap,
                "gap / tallest bar": gap / tallest,
            }
        )
    return pd.DataFrame(rows, index=pd.Index([int(n) for n in wanted], name="terms"))
