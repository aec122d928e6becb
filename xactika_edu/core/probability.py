"""Exact probabilities about the deck and about leading a card, with simulations
to check them: every name from one place.

Everything a student reads is exact (:class:`fractions.Fraction`) where exact is
cheap; every simulation takes a ``seed`` and reports its own uncertainty. The
functions live in four modules by topic, and this module offers them all (the
lessons write ``from xactika_edu.core.probability import ...``):

* :mod:`xactika_edu.core.face_values`: the deck's face values, their distribution, mean,
  spread and normal curve;
* :mod:`xactika_edu.core.sums`: sums of equally likely counts, the bell curve step by step;
* :mod:`xactika_edu.core.leads`: a lead's threats and its exact chance to win the trick,
  and the simulation that checks it;
* :mod:`xactika_edu.core.estimate`: :class:`Estimate`, a simulation's successes out of
  trials.

:func:`~xactika_edu.base.formatting.whole_percent` (the lessons' rounding rule) is in
:mod:`xactika_edu.base.formatting` and offered here too. Core layer.

>>> value_distribution().loc[8, "frequency"]
np.int64(19)
>>> chance_unbeatable("3333", "3 cubes", hand=["3333"], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

from ..base.formatting import whole_percent
from .estimate import Estimate
from .face_values import (
    FACE_VALUES,
    face_value_mad,
    face_value_mean,
    face_value_variance,
    normal_approximation,
    normal_comparison,
    shape_count_table,
    value_distribution,
)
from .leads import (
    MAYBE_MAX_THREATS,
    chance_unbeatable,
    lead_chances,
    lead_kind,
    simulate_chance_unbeatable,
    threats,
    unseen_cards,
)
from .sums import (
    sum_distribution,
    sum_mean_and_variance,
    sum_normal_approximation,
    sum_normal_comparison,
    sum_normal_fit,
)

__all__ = [
    "FACE_VALUES",
    "MAYBE_MAX_THREATS",
    "Estimate",
    "chance_unbeatable",
    "face_value_mad",
    "face_value_mean",
    "face_value_variance",
    "lead_chances",
    "lead_kind",
    "normal_approximation",
    "normal_comparison",
    "shape_count_table",
    "simulate_chance_unbeatable",
    "sum_distribution",
    "sum_mean_and_variance",
    "sum_normal_approximation",
    "sum_normal_comparison",
    "sum_normal_fit",
    "threats",
    "unseen_cards",
    "value_distribution",
    "whole_percent",
]
