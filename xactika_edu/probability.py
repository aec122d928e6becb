"""Exact probabilities about the deck and about leading a card, with simulations
to check them.

Everything a student reads is exact (:class:`fractions.Fraction`) where exact is
cheap; every simulation takes a ``seed`` and reports its own uncertainty.

>>> value_distribution().loc[8, "frequency"]
np.int64(19)
>>> chance_unbeatable("3333", "3 cubes", hand=["3333"], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .cards import (
    CARDS_PER_HAND,
    COUNTS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Combination,
    Hand,
    Seed,
    Shape,
    as_card,
    as_combination,
    make_rng,
)
from .checks import as_items, check_number, check_whole, shown
from .errors import XactikaError
from .formatting import whole_percent

if TYPE_CHECKING:
    from scipy.stats._distn_infrastructure import rv_continuous_frozen

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
        counted from :data:`~xactika_edu.cards.DECK`; matches the table in seed 000.

    Raises:
        XactikaError: if ``cards`` is empty or holds a card twice.
    """
    pile = _cards(cards)
    if not pile:
        raise XactikaError("value_distribution needs at least one card, got none")
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
        raise XactikaError("face_value_mean needs at least one card, got none")
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


# --- leading a card -------------------------------------------------------------


@dataclass(frozen=True)
class _Lead:
    """A checked lead situation: what the leader knows."""

    card: Card
    combination: Combination
    hand: Hand
    seen: Hand
    players: int

    @property
    def unseen(self) -> tuple[Card, ...]:
        known = set(self.hand) | set(self.seen)
        return tuple(card for card in DECK if card not in known)

    @property
    def opponent_cards(self) -> int:
        """How many cards the opponents hold between them (each holds len(hand))."""
        return (self.players - 1) * len(self.hand)

    def beats(self, other: Card) -> bool:
        """Whether ``other`` beats the lead if an opponent plays it (ties go to later)."""
        return other.has(self.combination) and other.value >= self.card.value

    def chance(self) -> tuple[int, Fraction]:
        """The number of unseen threats T and the exact chance C(U - T, H) / C(U, H)."""
        unseen = self.unseen
        beaten_by = sum(1 for other in unseen if self.beats(other))
        held = self.opponent_cards
        return beaten_by, Fraction(
            math.comb(len(unseen) - beaten_by, held), math.comb(len(unseen), held)
        )


def _lead(
    card: Card | str,
    combination: Combination | str,
    hand: Iterable[Card | str],
    players: int,
    seen: Iterable[Card | str],
) -> _Lead:
    card = as_card(card)
    combination = as_combination(combination)
    hand = Hand(as_items(hand, "hand"))
    seen = Hand(as_items(seen, "seen", example="['1111', '2222'] (cards already played)"))
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    if card not in hand:
        raise XactikaError(f"card {card} is not in the hand {hand}; lead a card you hold")
    if not card.has(combination):
        raise XactikaError(f"card {card} does not show {combination}; it shows {card.describe()}")
    if len(hand) > CARDS_PER_HAND:
        raise XactikaError(f"a hand has at most {CARDS_PER_HAND} cards, got {len(hand)}")
    both = set(hand) & set(seen)
    if both:
        raise XactikaError(f"card {min(both)} is both in the hand and among the seen cards")
    lead = _Lead(card, combination, hand, seen, players)
    if lead.opponent_cards > len(lead.unseen):
        raise XactikaError(
            f"{players - 1} opponents with {len(hand)} cards each need "
            f"{lead.opponent_cards} cards, but only {len(lead.unseen)} are unseen"
        )
    return lead


def unseen_cards(hand: Iterable[Card | str], seen: Iterable[Card | str] = ()) -> Hand:
    """The cards a player has not seen: not in ``hand`` and not in ``seen``.

    >>> len(unseen_cards(["3213"], seen=["1111", "2222"]))
    78
    """
    known = set(Hand(as_items(hand, "hand"))) | set(Hand(as_items(seen, "seen")))
    return Hand(card for card in DECK if card not in known)


def threats(
    card: Card | str,
    combination: Combination | str,
    hand: Iterable[Card | str],
    seen: Iterable[Card | str] = (),
) -> Hand:
    """The unseen cards that would beat ``card`` led calling ``combination``.

    A threat shows the combination and has an equal or higher face value (equal
    wins too: ties go to the card played last).

    >>> threats("2213", "1 cone", hand=["2213"])
    Hand.parse('1313 2312 2313 3113 3212 3213 3311 3312 3313')
    """
    lead = _lead(card, combination, hand, MIN_PLAYERS, seen)
    return Hand(other for other in lead.unseen if lead.beats(other))


def chance_unbeatable(
    card: Card | str,
    combination: Combination | str,
    hand: Iterable[Card | str],
    players: int,
    seen: Iterable[Card | str] = (),
) -> Fraction:
    """The exact chance that leading ``card`` and calling ``combination`` wins the trick.

    The lead is unbeatable when no opponent holds a threat: a card with the
    combination and an equal or higher face value. Opponents' cards are a uniformly
    random subset of the unseen cards, so with U unseen cards, T threats among them
    and H cards in opponents' hands, the chance is hypergeometric::

        P = C(U - T, H) / C(U, H)

    Uses only the leader's hand and the cards seen, not voids shown in play.
    Source: RULES.md ("Chance a lead is unbeatable").

    >>> chance_unbeatable("3133", "1 cube", hand=["3133"], players=10)  # the only 10 with 1 cube
    Fraction(1, 1)
    >>> hand = ["1111", "2213"]
    >>> chance_unbeatable("2213", "1 cone", hand=hand, players=2)
    Fraction(805, 1027)

    Args:
        card: the card led (a :class:`Card` or notation); must be in ``hand``.
        combination: the combination called; must be on ``card``.
        hand: the leader's current hand (1-8 cards, ``card`` included); every
            opponent holds as many cards as the leader.
        players: 2 to 10, the leader included.
        seen: cards already played this hand (not in ``hand``).

    Returns:
        a probability in [0, 1] as an exact :class:`~fractions.Fraction`.

    Raises:
        XactikaError: if a card or combination cannot be read, ``card`` is not in
            ``hand`` or lacks ``combination``, a card is both held and seen, or
            there are too few unseen cards for the opponents' hands.
    """
    _, chance = _lead(card, combination, hand, players, seen).chance()
    return chance


def lead_chances(
    hand: Iterable[Card | str], players: int, seen: Iterable[Card | str] = ()
) -> pd.DataFrame:
    """:func:`chance_unbeatable` for every card in ``hand`` and each of its four
    combinations.

    >>> table = lead_chances(["3133", "1111"], players=4)
    >>> len(table), table["chance"].iloc[1]
    (8, Fraction(1, 1))

    Returns:
        a DataFrame with 4 x len(hand) rows, in hand order then shape order, and
        columns ``card`` (Card), ``combination`` (Combination), ``threats`` (int,
        unseen cards that beat it), ``chance`` (exact Fraction) and ``probability``
        (float in [0, 1]).
    """
    hand = Hand(hand)
    seen = Hand(seen)
    rows = []
    for card in hand:
        for combination in card.combinations:
            beaten_by, chance = _lead(card, combination, hand, players, seen).chance()
            rows.append(
                {
                    "card": card,
                    "combination": combination,
                    "threats": beaten_by,
                    "chance": chance,
                    "probability": float(chance),
                }
            )
    return pd.DataFrame(rows, columns=["card", "combination", "threats", "chance", "probability"])


# More trials than any simulation here runs (they stop at 10 million).
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
        return f"{self.successes} of {self.trials} trials ({self.probability:.1%})"


_BATCH = 20_000  # simulated deals per batch, to bound memory


def simulate_chance_unbeatable(
    card: Card | str,
    combination: Combination | str,
    hand: Iterable[Card | str],
    players: int,
    seen: Iterable[Card | str] = (),
    *,
    trials: int = 10_000,
    seed: Seed = None,
) -> Estimate:
    """Estimate :func:`chance_unbeatable` by dealing the unseen cards at random.

    Each trial shuffles the unseen cards and deals the opponents' hands from them
    (the rest stay set aside), then checks whether any opponent holds a threat.
    The same ``seed`` gives the same estimate.

    >>> estimate = simulate_chance_unbeatable(
    ...     "2213", "1 cone", hand=["1111", "2213"], players=2, trials=4000, seed=1)
    >>> exact = chance_unbeatable("2213", "1 cone", hand=["1111", "2213"], players=2)
    >>> abs(estimate.probability - float(exact)) < 4 * estimate.standard_error
    True

    Args:
        card, combination, hand, players, seen: as for :func:`chance_unbeatable`.
        trials: number of simulated deals, 1 to 10,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        an :class:`Estimate` (successes out of ``trials``).

    Raises:
        XactikaError: as :func:`chance_unbeatable`, or if ``trials`` is out of range.
    """
    lead = _lead(card, combination, hand, players, seen)
    trials = check_whole(trials, "trials", 1, 10_000_000)
    rng = make_rng(seed)
    unseen = lead.unseen
    is_threat = np.array([lead.beats(other) for other in unseen], dtype=bool)
    held = lead.opponent_cards
    successes = 0
    remaining = trials
    while remaining:
        batch = min(remaining, _BATCH)
        order = rng.permuted(np.tile(np.arange(len(unseen)), (batch, 1)), axis=1)
        opponents_hold_threat = is_threat[order[:, :held]].any(axis=1)
        successes += int(batch - opponents_hold_threat.sum())
        remaining -= batch
    return Estimate(successes=successes, trials=trials)


# --- sums of equally likely counts: the bell curve, step by step -----------------------

_MAX_WAYS = 2**63 - 1  # frequencies are int64
_MAX_TOTALS = 10_001


def _sum_terms(counts: Iterable[int], terms: object) -> tuple[tuple[int, ...], int]:
    """``counts`` as a tuple of whole numbers and ``terms`` as an int, both checked."""
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Iterable):
        raise XactikaError(
            "counts must be a list of whole numbers, like (1, 2, 3) or range(1, 7); "
            f"got {shown(counts)}"
        )
    values = tuple(counts)
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, (int, np.integer))]
    if bad:
        raise XactikaError(f"counts must be whole numbers, got {shown(bad[0])} in {shown(counts)}")
    if not values:
        raise XactikaError(f"counts needs at least one value, got {shown(counts)}")
    values = tuple(int(v) for v in values)
    terms = check_whole(terms, "terms", 1, 1000)
    if len(values) ** terms > _MAX_WAYS:
        most = math.floor(math.log(_MAX_WAYS) / math.log(len(values)))
        raise XactikaError(
            f"terms={terms} with {len(values)} counts gives {len(values)}**{terms} ways, too "
            f"many to count here; use at most {most} terms"
        )
    if terms * (max(values) - min(values)) + 1 > _MAX_TOTALS:
        raise XactikaError(
            f"counts from {min(values)} to {max(values)} over {terms} terms give more than "
            f"{_MAX_TOTALS} totals; use counts closer together or fewer terms"
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
    >>> sum_distribution(4)["frequency"].tolist() == value_distribution()["frequency"].tolist()
    True
    >>> dice = sum_distribution(2, counts=range(1, 7))     # two dice
    >>> dice.loc[7, "frequency"], dice.loc[7, "fraction"]
    (np.int64(6), Fraction(1, 6))
    >>> sum_distribution(40)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: terms=40 with 3 counts gives 3**40 ways, too many ...

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
    for _ in range(terms):
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
            f"counts {shown(values)} are all the same: the total never varies, so there is no "
            "normal curve"
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
            f"terms must be a list of whole numbers, like (4, 10, 20); got {shown(terms)}"
        )
    wanted = list(terms)
    if not wanted:
        raise XactikaError(f"terms needs at least one number of terms, got {shown(terms)}")
    values, _ = _sum_terms(counts, 1)
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


#: The most threats a "maybe" lead can have; see :func:`lead_kind`.
MAYBE_MAX_THREATS = 3


def lead_kind(threats: int) -> str:
    """The unit's rule of thumb for estimating tricks from a lead's threats.

    A lead with no threats is a **sure** trick; with 1 to :data:`MAYBE_MAX_THREATS`
    threats a **maybe** (it wins if every threat is set aside); with more, a win is
    **unlikely**. Lesson 6 and the estimation worksheet both use it.

    >>> [lead_kind(n) for n in (0, 1, 3, 4)]
    ['sure', 'maybe', 'maybe', 'unlikely']

    Args:
        threats: how many unseen cards could beat the lead, a whole number >= 0
            (see :func:`threats`).

    Returns:
        ``"sure"``, ``"maybe"`` or ``"unlikely"``.

    Raises:
        XactikaError: if ``threats`` is not a whole number >= 0.
    """
    count = check_whole(threats, "threats", 0, len(DECK))
    if count == 0:
        return "sure"
    return "maybe" if count <= MAYBE_MAX_THREATS else "unlikely"
