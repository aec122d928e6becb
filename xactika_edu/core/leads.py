"""Leading a card: its threats, the exact chance that nobody can beat it (so it wins
at least this often), and a simulation to check that chance.

The chance is exact (:class:`fractions.Fraction`): hypergeometric, or with the voids
opponents have shown (``voids=``) a count of the consistent deals; the simulation
takes a ``seed`` and reports its own uncertainty (:class:`~xactika_edu.core.estimate.Estimate`).
Part of :mod:`xactika_edu.core.probability`, which offers every name here too. Core
layer: imports :mod:`~xactika_edu.core.cards`, :mod:`~xactika_edu.core.chances` (the formula),
:mod:`~xactika_edu.core.estimate`, :mod:`~xactika_edu.core.views` and the base layer.
Voids shown in play (``voids=``) are read here (:func:`opponent_voids`, a view's with
:func:`~xactika_edu.core.views.view_voids`, and :func:`simulate_lead_chances` for the
widgets: public helpers, kept out of ``__all__`` so the student-facing
:mod:`~xactika_edu.core.probability` need not offer them) and counted
by :class:`~xactika_edu.core.chances.ConsistentDeals`.
Source: RULES.md ("Chance a lead is unbeatable", "Information from play").

>>> chance_unbeatable("3333", "3 cubes", hand=["3333"], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import pandas as pd

from ..base.checks import as_items, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import N_
from ..base.language import gettext as _
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
from .chances import ConsistentDeals, chance_no_threat
from .estimate import Estimate
from .rules import CARD_INDEX, CARD_VALUES, COMBINATION_INDEX, SHOWS
from .views import PlayerView, view_voids

__all__ = [
    "MAYBE_MAX_THREATS",
    "chance_unbeatable",
    "lead_chances",
    "lead_kind",
    "simulate_chance_unbeatable",
    "threats",
    "unseen_cards",
]


#: What ``voids=`` accepts: offsets to combinations, or a view (see the module).
VoidsSeen: TypeAlias = "Mapping[int, Iterable[Combination | str] | Combination | str] | PlayerView"


def opponent_voids(
    voids: Mapping[int, Iterable[Combination | str] | Combination | str] | None, players: int
) -> tuple[tuple[Combination, ...], ...]:
    """Per opponent (offsets 1 to ``players - 1``, in order), its voids, sorted.

    >>> opponent_voids(None, 3)
    ((), ())
    >>> opponent_voids({4: "2 balls"}, players=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: voids: opponent 4 does not exist; with 4 players ...

    Args:
        voids: ``{offset: combinations}``; a single combination may stand alone.
            Notation strings are accepted ("2 balls", "2ba").
        players: 2 to 10, the player asking included.

    Returns:
        ``players - 1`` tuples of :class:`Combination`.

    Raises:
        XactikaError: if ``voids`` is not a mapping, an offset is not a whole number
            from 1 to ``players - 1``, or a combination cannot be read.
    """
    result: list[set[Combination]] = [set() for _ in range(players - 1)]
    if voids is None:
        return tuple(() for _ in result)
    if not isinstance(voids, Mapping):
        raise XactikaError(
            _(
                "voids must be a mapping from seat offset to combinations, or a "
                "PlayerView; got {voids}"
            ).format(voids=shown(voids))
        )
    for offset, combos in voids.items():
        if isinstance(offset, bool) or not isinstance(offset, int) or not 1 <= offset < players:
            raise XactikaError(
                _(
                    "voids: opponent {offset} does not exist; with {players} players "
                    "the opponents are seat offsets 1 to {number} (1 = the next player "
                    "clockwise)"
                ).format(offset=shown(offset, quoted=False), players=players, number=players - 1)
            )
        items = [combos] if isinstance(combos, Combination | str) else list(combos)
        result[offset - 1].update(as_combination(item) for item in items)
    return tuple(tuple(sorted(combos)) for combos in result)


_SEEN_EXAMPLE = N_("['1111', '2222'] (cards already played)")


@dataclass(frozen=True)
class _Lead:
    """A checked lead situation: what the leader knows."""

    card: Card
    combination: Combination
    hand: Hand
    seen: Hand
    players: int
    #: per opponent (seat offsets 1 up): cards held and voids shown
    held: tuple[int, ...]
    voids: tuple[tuple[Combination, ...], ...]

    @property
    def unseen(self) -> tuple[Card, ...]:
        known = set(self.hand) | set(self.seen)
        return tuple(card for card in DECK if card not in known)

    @property
    def opponent_cards(self) -> int:
        """How many cards the opponents hold between them."""
        return sum(self.held)

    def beats(self, other: Card) -> bool:
        """Whether ``other`` beats the lead if an opponent plays it (ties go to later)."""
        return other.has(self.combination) and other.value >= self.card.value

    def deals(self) -> ConsistentDeals | None:
        """The consistent deals when some opponent has shown a void; else None."""
        if not any(self.voids):
            return None
        return ConsistentDeals(Hand(self.unseen), self.held, self.voids)

    def chance(self, deals: ConsistentDeals | None = None) -> tuple[int, Fraction]:
        """The number of unseen threats T and the exact chance: C(U - T, H) / C(U, H)
        without voids, :meth:`ConsistentDeals.chance_none_held` with them."""
        unseen = self.unseen
        beaten_by = [other for other in unseen if self.beats(other)]
        if deals is None:
            held = self.opponent_cards
            return len(beaten_by), chance_no_threat(len(unseen), len(beaten_by), held)
        return len(beaten_by), deals.chance_none_held(beaten_by)


def _seen_cards(seen: Iterable[Card | str]) -> Hand:
    """The cards seen, checked: at most the deck's 81, none twice."""
    cards = [as_card(card) for card in as_items(seen, "seen", example=_(_SEEN_EXAMPLE))]
    if len(cards) > len(DECK):
        raise XactikaError(
            _("{count} cards seen, but the deck holds only {count2}").format(
                count=len(cards), count2=len(DECK)
            )
        )
    if len(set(cards)) < len(cards):
        twice = min(card for card in cards if cards.count(card) > 1)
        raise XactikaError(_("card {twice} is among the seen cards twice").format(twice=twice))
    return Hand(cards)


def _situation(
    hand: Iterable[Card | str] | None,
    players: int | None,
    seen: Iterable[Card | str],
    voids: VoidsSeen | None,
) -> tuple[Hand, int, Hand, tuple[int, ...] | None, tuple[tuple[Combination, ...], ...]]:
    """hand, players, seen, opponents' cards (None: as many as the hand) and voids,
    read from the arguments or from a PlayerView given as ``voids``."""
    if isinstance(voids, PlayerView):
        view_hand, view_seen = voids.hand, voids.played_cards
        seen_given = _seen_cards(seen)
        clashes = [
            ("hand", hand is not None and set(Hand(as_items(hand, "hand"))) != set(view_hand)),
            ("players", players is not None and players != voids.players),
            ("seen", bool(seen_given) and set(seen_given) != set(view_seen)),
        ]
        for name, clash in clashes:
            if clash:
                given = {"hand": hand, "players": players, "seen": seen}[name]
                from_view = {"hand": view_hand, "players": voids.players, "seen": view_seen}
                raise XactikaError(
                    _(
                        "{name} {given} differs from the view's {from_view}; give the view "
                        "alone, or values that agree with it"
                    ).format(name=name, given=shown(given), from_view=from_view[name])
                )
        held, void_lists = view_voids(voids)
        return view_hand, voids.players, view_seen, held, void_lists
    hand = Hand(as_items(hand, "hand"))  # None: "hand must be a list like ..."
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    seen = _seen_cards(seen)
    return hand, players, seen, None, opponent_voids(voids, players)


def _lead(
    card: Card | str,
    combination: Combination | str,
    hand: Iterable[Card | str] | None,
    players: int | None,
    seen: Iterable[Card | str],
    voids: VoidsSeen | None = None,
) -> _Lead:
    card = as_card(card)
    combination = as_combination(combination)
    hand, players, seen, held, void_lists = _situation(hand, players, seen, voids)
    if card not in hand:
        raise XactikaError(
            _("card {card} is not in the hand {hand}; lead a card you hold").format(
                card=card, hand=hand
            )
        )
    if not card.has(combination):
        raise XactikaError(
            _("card {card} does not show {combination}; it shows {describe}").format(
                card=card, combination=combination, describe=card.describe()
            )
        )
    if len(hand) > CARDS_PER_HAND:
        raise XactikaError(
            _("a hand has at most {CARDS_PER_HAND} cards, got {count}").format(
                CARDS_PER_HAND=CARDS_PER_HAND, count=len(hand)
            )
        )
    both = set(hand) & set(seen)
    if both:
        raise XactikaError(
            _("card {both} is both in the hand and among the seen cards").format(both=min(both))
        )
    if held is None:
        held = (len(hand),) * (players - 1)
    lead = _Lead(card, combination, hand, seen, players, held, void_lists)
    if lead.opponent_cards > len(lead.unseen):
        sizes = (
            _("with {count} cards each").format(count=held[0])
            if len(set(held)) == 1
            else _("holding {held} cards").format(held=list(held))
        )
        raise XactikaError(
            _(
                "{number} opponents {sizes} need {opponent_cards} cards, but only "
                "{count} are unseen"
            ).format(
                number=players - 1,
                sizes=sizes,
                opponent_cards=lead.opponent_cards,
                count=len(lead.unseen),
            )
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
    hand: Iterable[Card | str] | None = None,
    players: int | None = None,
    seen: Iterable[Card | str] = (),
    *,
    voids: VoidsSeen | None = None,
) -> Fraction:
    """The exact chance that nobody can beat ``card`` led calling ``combination``.

    The lead is unbeatable when no opponent holds a threat: a card with the
    combination and an equal or higher face value. It can win even when beatable
    (a player holding a threat may follow with a lower card that has the call), so
    this is a lower bound on the chance that the lead wins the trick. Every deal of the unseen cards
    consistent with what the leader knows is equally likely. Without voids the
    opponents' cards are a uniformly random subset of the unseen cards, so with U
    unseen cards, T threats among them and H cards in opponents' hands, the chance
    is hypergeometric::

        P = C(U - T, H) / C(U, H)

    With ``voids`` (an opponent that did not follow a combination holds none of
    it) the deals are counted exactly: (deals with every threat set aside) / (deals),
    by the dynamic program of :mod:`~xactika_edu.core.chances`
    (:func:`~xactika_edu.core.chances.dealcount.count_class_deals`).
    Source: RULES.md ("Chance a lead is unbeatable", "Information from play").

    >>> chance_unbeatable("3133", "1 cube", hand=["3133"], players=10)  # the only 10 with 1 cube
    Fraction(1, 1)
    >>> hand = ["1111", "2213"]
    >>> chance_unbeatable("2213", "1 cone", hand=hand, players=2)
    Fraction(805, 1027)
    >>> chance_unbeatable("2213", "1 cone", hand=hand, players=2, voids={1: "1 cone"})
    Fraction(1, 1)

    Args:
        card: the card led (a :class:`Card` or notation); must be in ``hand``.
        combination: the combination called; must be on ``card``.
        hand: the leader's current hand (1-8 cards, ``card`` included); every
            opponent holds as many cards as the leader. Optional with a view.
        players: 2 to 10, the leader included. Optional with a view.
        seen: cards already played this hand (not in ``hand``).
        voids: the voids opponents have shown: a mapping from **seat offset** (1 =
            the next player clockwise, up to ``players - 1``) to the combinations it
            holds none of (one or a list; notation accepted), or a
            :class:`~xactika_edu.core.views.PlayerView`, which then gives the hand,
            the players, the cards seen (played), each opponent's cards held and the
            voids (``hand``, ``players`` and ``seen``, if given, must agree with it).

    Returns:
        a probability in [0, 1] as an exact :class:`~fractions.Fraction`.

    Raises:
        XactikaError: if a card or combination cannot be read, ``card`` is not in
            ``hand`` or lacks ``combination``, a card is both held and seen, there
            are too few unseen cards for the opponents' hands, a void names an
            opponent that does not exist, a view's void contradicts a play of that
            seat, or no deal fits the voids.
    """
    lead = _lead(card, combination, hand, players, seen, voids)
    _, chance = lead.chance(lead.deals())
    return chance


def lead_chances(
    hand: Iterable[Card | str] | None = None,
    players: int | None = None,
    seen: Iterable[Card | str] = (),
    *,
    voids: VoidsSeen | None = None,
) -> pd.DataFrame:
    """:func:`chance_unbeatable` for every card in ``hand`` and each of its four
    combinations.

    >>> table = lead_chances(["3133", "1111"], players=4)
    >>> len(table), table["chance"].iloc[1]
    (8, Fraction(1, 1))

    Args:
        hand, players, seen, voids: as for :func:`chance_unbeatable`.

    Returns:
        a DataFrame with 4 x len(hand) rows, in hand order then shape order, and
        columns ``card`` (Card), ``combination`` (Combination), ``threats`` (int,
        unseen cards that beat it), ``chance`` (exact Fraction) and ``probability``
        (float in [0, 1]).

    Raises:
        XactikaError: as :func:`chance_unbeatable`.
    """
    hand, players, seen, _, _ = _situation(hand, players, seen, voids)
    rows = []
    if hand:
        # checks the whole situation once; every lead shares it and its deals
        lead = _lead(hand[0], hand[0].combinations[0], hand, players, seen, voids)
        deals = lead.deals()
        unseen = np.zeros(len(DECK), dtype=bool)
        unseen[[CARD_INDEX[card] for card in lead.unseen]] = True
        leads = []
        for card in hand:
            at_least = unseen & (card.value <= CARD_VALUES)
            for combination in card.combinations:
                beats = np.flatnonzero(at_least & SHOWS[:, COMBINATION_INDEX[combination]])
                leads.append((card, combination, beats.tolist()))
        if deals is None:
            held = lead.opponent_cards
            chances = [chance_no_threat(len(lead.unseen), len(b), held) for _, _, b in leads]
        else:  # every lead's count together: they share their work
            chances = deals.chance_none_held_each([DECK[i] for i in b] for _, _, b in leads)
        for (card, combination, beats), chance in zip(leads, chances, strict=True):
            rows.append((card, combination, len(beats), chance, float(chance)))
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
    voids: VoidsSeen | None = None,
) -> Estimate:
    """Estimate :func:`chance_unbeatable` by dealing the unseen cards at random.

    Each trial shuffles the unseen cards and deals the opponents' hands from them
    (the rest stay set aside), then checks whether any opponent holds a threat.
    With ``voids``, each trial is a deal drawn uniformly among those that fit the
    voids (:meth:`~xactika_edu.core.chances.ConsistentDeals.sample`).
    The same ``seed`` gives the same estimate.

    >>> estimate = simulate_chance_unbeatable(
    ...     "2213", "1 cone", hand=["1111", "2213"], players=2, trials=4000, seed=1)
    >>> exact = chance_unbeatable("2213", "1 cone", hand=["1111", "2213"], players=2)
    >>> abs(estimate.probability - float(exact)) < 4 * estimate.standard_error
    True

    Args:
        card, combination, hand, players, seen, voids: as for :func:`chance_unbeatable`.
        trials: number of simulated deals, 1 to 10,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        an :class:`Estimate` (successes out of ``trials``).

    Raises:
        XactikaError: as :func:`chance_unbeatable`, or if ``trials`` is out of range.
    """
    lead = _lead(card, combination, hand, players, seen, voids)
    trials = check_whole(trials, "trials", 1, 10_000_000)
    rng = make_rng(seed)
    deals = lead.deals()
    if deals is not None:
        danger = {other for other in lead.unseen if lead.beats(other)}
        wins = sum(
            not any(danger.intersection(held) for held in deals.sample(rng)) for _ in range(trials)
        )
        return Estimate(successes=wins, trials=trials)
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


def simulate_lead_chances(
    hand: Iterable[Card | str] | None = None,
    players: int | None = None,
    seen: Iterable[Card | str] = (),
    *,
    voids: VoidsSeen | None = None,
    card: Card | str | None = None,
    trials: int = 2000,
    seed: Seed = None,
) -> list[Estimate]:
    """Estimate :func:`lead_chances` from ``trials`` deals drawn uniformly among those
    that fit the hand, the cards seen and the voids, the same deals for every lead.

    >>> estimates = simulate_lead_chances(["2213"], 2, voids={1: "1 cone"}, trials=50, seed=1)
    >>> [e.successes for e in estimates][2]    # 2213 calling 1 cone: the opponent has none
    50

    Args:
        hand, players, seen, voids: as for :func:`lead_chances`.
        card: only this card's four leads; ``None`` for every card.
        trials: deals drawn, 1 to 1,000,000; seed: as for :func:`simulate_chance_unbeatable`.

    Returns:
        one :class:`Estimate` per row of :func:`lead_chances` (of ``card`` only, if given).

    Raises:
        XactikaError: as :func:`lead_chances`, if ``card`` is not in the hand, or
            ``trials`` is out of range.
    """
    hand, players, seen, _, _ = _situation(hand, players, seen, voids)
    trials = check_whole(trials, "trials", 1, 1_000_000)
    chosen = [as_card(card)] if card is not None else list(hand)
    leads = [
        _lead(c, combo, hand, players, seen, voids) for c in chosen for combo in c.combinations
    ]
    if not leads:
        return []
    deals = leads[0].deals() or ConsistentDeals(
        Hand(leads[0].unseen), leads[0].held, leads[0].voids
    )
    dangers = [{other for other in lead.unseen if lead.beats(other)} for lead in leads]
    wins = [0] * len(leads)
    rng = make_rng(seed)
    for _ in range(trials):
        held = set().union(*deals.sample(rng))
        for i, danger in enumerate(dangers):
            wins[i] += held.isdisjoint(danger)
    return [Estimate(successes=won, trials=trials) for won in wins]


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
