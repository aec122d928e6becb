"""The chance that none of some "threat" cards is held by the others: hypergeometric,
and counted exactly when opponents have shown voids.

With ``unseen`` cards a player has not seen, ``threats`` of them able to beat a
card, and ``held`` of the unseen cards in other players' hands (a uniformly random
subset), the chance that no threat is held is::

    P = C(unseen - threats, held) / C(unseen, held)

This is the formula of RULES.md ("Chance a lead is unbeatable"), written once:
:func:`chance_no_threat` gives it exactly, and :func:`chance_table` is a cached
float view of it for the engines (each entry is the exact ratio rounded once).

>>> chance_no_threat(79, 26, 6)          # 1111 led by one of 4 players with 2 cards
Fraction(50456, 610907)
>>> float(chance_table()[79, 26, 6]) == float(chance_no_threat(79, 26, 6))
True

**Voids** (:class:`ConsistentDeals`): counting the deals of the unseen cards
consistent with what a player has seen, voids included.

A player sees its own hand and the cards played. The other cards (the *unseen*
ones) lie in the opponents' hands (each holds a known number) and in the set-aside
pile (RULES.md: "the rest are set aside ... unseen"). An opponent that did not
follow a called combination is *void* in it: it holds no card showing it. Every
deal of the unseen cards that gives each opponent its number of cards and no card
it is void in is equally likely; :class:`ConsistentDeals` counts them exactly.

The count (source: this module; checked against brute-force enumeration in
tests/test_voids.py). Opponents with the same voids are merged into one *group*
holding the sum of their cards (the ways to split a group's cards among its members
is a multinomial factor, the same for every count). Opponents without voids, and
the set-aside pile, accept every card: they form one *free* holder, split again by
a binomial factor. Each unseen card falls into the *class* of the void groups that
may hold it (its mask). The number of deals is then the coefficient of
``x_1^H_1 ... x_G^H_G`` in ``prod over classes M of (1 + sum_{g in M} x_g)^n_M``,
found by a dynamic program over the classes whose state is each group's cards
still to deal; a class of ``n`` cards giving ``k_g`` cards to group ``g`` and the
rest to the free holder does so in ``n! / ((n - sum k)! prod k_g!)`` ways
(:mod:`~xactika_edu.core.chances.dealcount` runs it, exactly, modulo primes).

The chance that no opponent holds any of some *threat* cards is the number of
deals with every threat set aside over the number of deals. Without voids it is
the hypergeometric ``C(U - T, H) / C(U, H)`` above (tests/test_voids.py checks
both agree). :meth:`ConsistentDeals.sample` draws one deal uniformly by the same counts.

>>> from xactika_edu.core.cards import Combination, Hand
>>> deals = ConsistentDeals(Hand.parse("1111 1112 1113 1121"), (1, 2), ((), ()))
>>> deals.count()                        # 4 cards: 1 to one opponent, 2 to the other
12
>>> void = ConsistentDeals(Hand.parse("1111 1112 1113 1121"), (1, 2),
...                        ((Combination.parse("1 star"),), ()))
>>> void.count(), void.chance_none_held(Hand.parse("1121"))
(6, Fraction(1, 3))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...base.errors import XactikaError
from ...base.language import gettext as _
from ..cards import CARDS_PER_HAND, DECK, MAX_PLAYERS, Card, Combination, Hand
from ..rules import CARD_INDEX, COMBINATION_INDEX, SHOWS
from .dealcount import DealCounter, add_class, class_kernel, count_class_deals, members

__all__ = [
    "MOST_THREATS",
    "ConsistentDeals",
    "chance_no_threat",
    "chance_no_threat_terms",
    "chance_table",
    "count_class_deals",
]

#: Most cards that can beat a card for one call: the 27 cards showing a combination.
MOST_THREATS = 27


def chance_no_threat_terms(unseen: int, threats: int, held: int) -> tuple[int, int]:
    """The numerator and denominator of :func:`chance_no_threat`, not reduced:
    ``(C(unseen - threats, held), C(unseen, held))``.

    >>> chance_no_threat_terms(5, 1, 2)
    (6, 10)
    """
    return math.comb(unseen - threats, held), math.comb(unseen, held)


def chance_no_threat(unseen: int, threats: int, held: int) -> Fraction:
    """The exact chance that none of ``threats`` cards among ``unseen`` is among ``held``.

    >>> chance_no_threat(5, 1, 2), chance_no_threat(10, 0, 3), chance_no_threat(4, 4, 1)
    (Fraction(3, 5), Fraction(1, 1), Fraction(0, 1))

    Args:
        unseen: cards not seen, 0 to 81.
        threats: how many of them beat the card, 0 to ``unseen``.
        held: how many of them the other players hold, 0 to ``unseen``.

    Returns:
        a probability in [0, 1], exact.
    """
    return Fraction(*chance_no_threat_terms(unseen, threats, held))


@functools.cache
def chance_table() -> np.ndarray:
    """Every :func:`chance_no_threat` the engines can need, as floats.

    ``chance_table()[U, T, H]`` is ``C(U - T, H) / C(U, H)`` correctly rounded to a
    float64 (Python's ``int / int``, which equals ``float(chance_no_threat(U, T, H))``),
    for U up to 81, T up to 27 and H up to 72 (9 opponents with 8 cards); entries
    with T or H above U are 0. Built once per process (about 0.05 s); read-only.

    Returns:
        a float64 array of shape (82, 28, 73).
    """
    held_most = (MAX_PLAYERS - 1) * CARDS_PER_HAND
    table = np.zeros((len(DECK) + 1, MOST_THREATS + 1, held_most + 1))
    for unseen in range(len(DECK) + 1):
        for held in range(min(unseen, held_most) + 1):
            for threats in range(min(unseen, MOST_THREATS) + 1):
                numerator, denominator = chance_no_threat_terms(unseen, threats, held)
                table[unseen, threats, held] = numerator / denominator
    table.setflags(write=False)
    return table


@dataclass(frozen=True)
class ConsistentDeals:
    """The deals of ``unseen`` cards to opponents with known sizes and voids: their
    number (:meth:`count`), the chance no opponent holds some cards
    (:meth:`chance_none_held`; for many sets of cards at once, faster,
    :meth:`chance_none_held_each`) and a uniform draw (:meth:`sample`).

    >>> from xactika_edu.core.cards import Hand
    >>> ConsistentDeals(Hand.parse("1111 1112 1113"), (1,), ((),)).count()
    3

    Attributes:
        unseen: the cards the player has not seen (opponents' hands and the
            set-aside pile together).
        held: how many cards each opponent holds, one whole number per opponent.
        voids: per opponent, the combinations it holds none of.

    Raises:
        XactikaError: if ``held`` and ``voids`` differ in length, the opponents hold
            more cards than are unseen, or no deal fits the voids (the voids
            contradict the cards); the message names the values.
    """

    unseen: Hand
    held: tuple[int, ...]
    voids: tuple[tuple[Combination, ...], ...]

    def __post_init__(self) -> None:
        if len(self.held) != len(self.voids):
            raise XactikaError(
                _("{count} opponents' hand sizes but {count2} void lists").format(
                    count=len(self.held), count2=len(self.voids)
                )
            )
        if sum(self.held) > len(self.unseen):
            raise XactikaError(
                _("the opponents hold {held} cards, but only {count} cards are unseen").format(
                    held=sum(self.held), count=len(self.unseen)
                )
            )
        if self.count() == 0:
            raise XactikaError(
                _(
                    "no deal of the unseen cards fits the voids {void_text}: they "
                    "contradict the cards"
                ).format(void_text=self._void_text())
            )

    def _void_text(self) -> str:
        return "; ".join(
            f"opponent {i + 1}: {', '.join(map(str, combos))}"
            for i, combos in enumerate(self.voids)
            if combos
        )

    @functools.cached_property
    def _groups(self) -> tuple[tuple[frozenset[Combination], ...], tuple[int, ...], int]:
        """The void groups, each group's cards, and the voidless opponents' cards."""
        need: dict[frozenset[Combination], int] = {}
        free = 0
        for size, combos in zip(self.held, self.voids, strict=True):
            if combos:
                key = frozenset(combos)
                need[key] = need.get(key, 0) + size
            else:
                free += size
        keys = tuple(sorted(need, key=lambda key: sorted(key)))
        return keys, tuple(need[key] for key in keys), free

    @functools.cached_property
    def _masks(self) -> dict[Card, int]:
        """Each unseen card's class: bit g set if void group g may hold it."""
        masks = np.zeros(len(DECK), dtype=np.int64)
        for g, key in enumerate(self._groups[0]):
            lacks = ~SHOWS[:, [COMBINATION_INDEX[combo] for combo in key]].any(axis=1)
            masks += lacks.astype(np.int64) << g
        return {card: int(masks[CARD_INDEX[card]]) for card in self.unseen}

    @functools.cached_property
    def _counter(self) -> DealCounter:
        """The counts of the void groups' cards, by class (built once per instance)."""
        sizes: dict[int, int] = {}
        for mask in self._masks.values():
            sizes[mask] = sizes.get(mask, 0) + 1
        return DealCounter(sorted(sizes.items()), self._groups[1])

    def count(self, set_aside: Iterable[Card] = ()) -> int:
        """The number of consistent deals, with every card of ``set_aside`` set aside.

        Opponents are told apart, cards too; the set-aside pile is one holder.

        Args:
            set_aside: unseen cards that must lie in the set-aside pile.

        Returns:
            a whole number >= 0 (0 if the pile cannot take them all).
        """
        return self.count_each([set_aside])[0]

    def count_each(self, set_asides: Iterable[Iterable[Card]]) -> list[int]:
        """:meth:`count` for each of ``set_asides``, computed together (faster than
        one by one: the counts share their work)."""
        asides = [frozenset(cards) for cards in set_asides]
        _, needs, free = self._groups
        pile = len(self.unseen) - sum(self.held)
        masks = self._masks
        removals: list[dict[int, int]] = []
        for aside in asides:
            removed: dict[int, int] = {}
            for card in aside:
                if card in masks:
                    removed[masks[card]] = removed.get(masks[card], 0) + 1
            removals.append(removed)
        each = math.prod(
            math.factorial(size) for size, combos in zip(self.held, self.voids, strict=True)
        )
        split = math.factorial(free) * math.prod(math.factorial(need) for need in needs)
        fits = [len(aside) <= pile for aside in asides]  # else the pile cannot take them
        kept = [removed for removed, fit in zip(removals, fits, strict=True) if fit]
        groups = iter(self._counter.count_each(kept))
        return [
            next(groups) * math.comb(pile - len(aside) + free, free) * (split // each) if fit else 0
            for aside, fit in zip(asides, fits, strict=True)
        ]

    def chance_none_held(self, threats: Iterable[Card]) -> Fraction:
        """The exact chance that no opponent holds any of ``threats``.

        Every consistent deal equally likely: (deals with every threat set aside)
        / (deals). Without voids this equals ``C(U - T, H) / C(U, H)``.

        Args:
            threats: unseen cards (others are ignored).

        Returns:
            a probability in [0, 1], an exact :class:`~fractions.Fraction`.
        """
        return self.chance_none_held_each([threats])[0]

    def chance_none_held_each(self, threat_sets: Iterable[Iterable[Card]]) -> list[Fraction]:
        """:meth:`chance_none_held` for each of ``threat_sets``, computed together."""
        masks = self._masks
        asides = [[card for card in threats if card in masks] for threats in threat_sets]
        *counts, total = self.count_each([*asides, ()])
        return [Fraction(count, total) for count in counts]

    @functools.cached_property
    def _tables(self) -> tuple[dict[int, list[Card]], list[int], list[np.ndarray]]:
        """The cards of each class, the classes in order, and ``tables[i][r]``: the
        ways classes ``i, i+1, ...`` give exactly ``r_g`` cards to each group."""
        _, needs, _ = self._groups
        by_class: dict[int, list[Card]] = {}
        for card in self.unseen:
            by_class.setdefault(self._masks[card], []).append(card)
        order = sorted(mask for mask in by_class if mask)
        tables = [np.zeros(tuple(need + 1 for need in needs), dtype=object)]
        tables[0][(0,) * len(needs)] = 1
        for mask in reversed(order):
            tables.insert(0, add_class(tables[0], mask, len(by_class[mask]), needs))
        return by_class, order, tables

    def sample(self, rng: np.random.Generator) -> tuple[Hand, ...]:
        """One deal drawn uniformly among the consistent deals: each opponent's hand.

        Sequential sampling by the counts: the classes of cards are dealt one after
        another; a class gives ``k_g`` cards to each void group with probability
        proportional to its ways times the deals of the later classes that complete
        every group (the dynamic program run backwards), which cards go where is a
        uniform shuffle, and each group's (and the free holder's) cards are split
        among its members by another shuffle. Every consistent deal has probability
        exactly 1 / :meth:`count` (tests/test_voids.py checks it by chi-square).

        The tables are built on the first call and reused by later ones.

        Args:
            rng: the source of randomness (:func:`~xactika_edu.core.cards.make_rng`).

        Returns:
            one sorted :class:`~xactika_edu.core.cards.Hand` per opponent, in order.
        """
        keys, needs, _ = self._groups
        groups = len(needs)
        by_class, order, tables = self._tables
        left = list(needs)
        dealt: list[list[Card]] = [[] for _ in needs]
        free = list(by_class.get(0, []))
        for i, mask in enumerate(order):
            cards = by_class[mask]
            group_list = members(mask, groups)
            kernel = class_kernel(len(cards), tuple(needs[g] for g in group_list))
            choices, weights = [], []
            for k in zip(*np.nonzero(kernel), strict=True):
                rest = list(left)
                for g, part in zip(group_list, k, strict=True):
                    rest[g] -= int(part)
                if min(rest) >= 0 and tables[i + 1][tuple(rest)]:
                    choices.append((k, rest))
                    weights.append(kernel[k] * tables[i + 1][tuple(rest)])
            pick = _uniform_below(sum(weights), rng)
            index = 0
            while pick >= weights[index]:
                pick -= weights[index]
                index += 1
            k, rest = choices[index]
            shuffled = [cards[j] for j in rng.permutation(len(cards)).tolist()]
            start = 0
            for g, part in zip(group_list, k, strict=True):
                dealt[g] += shuffled[start : start + int(part)]
                start += int(part)
            free += shuffled[start:]
            left = rest
        hands: list[Hand] = []
        pools = {key: dealt[g] for g, key in enumerate(keys)}
        pools[frozenset()] = free
        order_in_pool = {
            key: [cards[j] for j in rng.permutation(len(cards)).tolist()]
            for key, cards in pools.items()
        }
        for size, combos in zip(self.held, self.voids, strict=True):
            pool = order_in_pool[frozenset(combos)]
            hands.append(Hand(pool[:size]).sorted())
            del pool[:size]
        return tuple(hands)


def _uniform_below(total: int, rng: np.random.Generator) -> int:
    """A whole number drawn uniformly from 0 to ``total - 1`` (any size; rejection)."""
    bits = max(total - 1, 1).bit_length()
    while True:
        value = int.from_bytes(rng.bytes((bits + 7) // 8), "little") >> (-bits % 8)
        if value < total:
            return value
