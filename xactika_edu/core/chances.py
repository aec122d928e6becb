"""The hypergeometric chance that none of some "threat" cards is held by the others.

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
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from .cards import CARDS_PER_HAND, DECK, MAX_PLAYERS

__all__ = ["MOST_THREATS", "chance_no_threat", "chance_no_threat_terms", "chance_table"]

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
