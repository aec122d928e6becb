"""An estimate from a simulation: successes out of trials, with its uncertainty.

Part of :mod:`xactika_edu.core.probability`, which offers :class:`Estimate` too. Core
layer: imports only the base layer.

>>> print(Estimate(successes=4489, trials=10_000))
4489 of 10000 trials (44.9%)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..base.checks import check_number, check_whole
from ..base.formatting import simulated_percent

__all__ = ["Estimate"]

#: The most trials an :class:`Estimate` may count: more than any simulation here runs
#: (they stop at 10 million).
_MAX_ESTIMATE_TRIALS = 10**12


@dataclass(frozen=True)
class Estimate:
    """A probability estimated by simulation: ``successes`` out of ``trials``.

    >>> estimate = Estimate(successes=30, trials=40)
    >>> estimate.probability, round(estimate.standard_error, 4)
    (0.75, 0.0685)
    >>> float(estimate)
    0.75

    Raises :class:`XactikaError` unless ``trials`` is a whole number >= 1 and
    ``successes`` one from 0 to ``trials``.
    """

    successes: int
    trials: int

    def __post_init__(self) -> None:
        trials = check_whole(self.trials, "trials", 1, _MAX_ESTIMATE_TRIALS)
        successes = check_whole(self.successes, "successes", 0, trials)
        object.__setattr__(self, "trials", trials)
        object.__setattr__(self, "successes", successes)

    @property
    def probability(self) -> float:
        """The relative frequency of success, in [0, 1]."""
        return self.successes / self.trials

    @property
    def standard_error(self) -> float:
        """Standard error of the estimate, sqrt(p (1 - p) / n)."""
        p = self.probability
        return math.sqrt(p * (1 - p) / self.trials)

    def confidence_interval(self, level: float = 0.95) -> tuple[float, float]:
        """Wilson score interval for the true probability (``scipy.stats.binomtest``).

        Raises :class:`XactikaError` unless 0 < ``level`` < 1.
        """
        level = check_number(level, "confidence level", 0, 1, low_open=True, high_open=True)
        from scipy import stats

        interval = stats.binomtest(self.successes, self.trials).proportion_ci(
            confidence_level=level, method="wilson"
        )
        return (float(interval.low), float(interval.high))

    def __float__(self) -> float:
        return self.probability

    def __str__(self) -> str:
        """``'30 of 40 trials (75.0%)'``: the count, and the relative frequency as a
        simulation's percent (:func:`~xactika_edu.base.formatting.simulated_percent`)."""
        share = simulated_percent(Fraction(self.successes, self.trials))
        return f"{self.successes} of {self.trials} trials ({share})"
