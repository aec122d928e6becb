"""Leading a card: its threats, the exact chance it wins the trick, and a
simulation to check that chance.

The chance is hypergeometric and exact (:class:`fractions.Fraction`); the simulation
takes a ``seed`` and reports its own uncertainty (:class:`~xactika_edu.core.estimate.Estimate`).
Part of :mod:`xactika_edu.core.probability`, which offers every name here too. Core
layer: imports :mod:`~xactika_edu.core.cards`, :mod:`~xactika_edu.core.chances` (the formula),
:mod:`~xactika_edu.core.estimate` and the base layer.
Source: RULES.md ("Chance a lead is unbeatable").

>>> chance_unbeatable("3333", "3 cubes", hand=["3333"], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from ..base.checks import as_items, check_whole
from ..base.errors import XactikaError
from .cards import (
    CARDS_PER_HAND,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Combination,
    Hand,
    Seed,
    as_card,
    as_combination,
    make_rng,
)
from .chances import chance_no_threat
from .estimate import Estimate

__all__ = [
    "MAYBE_MAX_THREATS",
    "chance_unbeatable",
    "lead_chances",
    "lead_kind",
    "simulate_chance_unbeatable",
    "threats",
    "unseen_cards",
]


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
        return beaten_by, chance_no_threat(len(unseen), beaten_by, held)


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
