"""Where are the boys? Exact chances, from your own 8 cards of Lost Heir, that your
partnership holds the Lost Heir, that the Wrong Boy is in the opponents' hands, and both.

You see your 8 cards; the other 24 are split 8/8/8 among your partner and the two
opponents, every split equally likely. A card you do not hold is with your partner
with chance 8/24 and with an opponent with chance 16/24; that is the hypergeometric
chance of :func:`~xactika_edu.core.chances.chance_no_threat` with one "threat" card.
Both at once: the Lost Heir with your partner (8 of 24 places), then the Wrong Boy
in one of the 16 opponents' places among the 23 left: 8/24 * 16/23 = 16/69.

>>> chances = boy_chances("7T 6T 5M 4M 3H 2H 1W 7W")       # neither boy in hand
>>> chances.heir_with_us, chances.wrong_boy_with_them, chances.both
(Fraction(1, 3), Fraction(2, 3), Fraction(16, 69))
>>> boy_chances("0W 6T 5M 4M 3H 2H 1W 7W").both             # you hold the Lost Heir
Fraction(2, 3)

Source: seed 004, Lost Heir ("Deck", "Scoring"); RULES.md's hypergeometric formula.
Core layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ..cards import Seed, make_rng
from ..lostheir_cards import (
    CARDS_EACH,
    LOST_HEIR,
    LOST_HEIR_DECK,
    WRONG_BOY,
    LostHeirCard,
    parse_lost_heir_cards,
)
from . import chance_no_threat

__all__ = ["BoyChances", "boy_chances", "simulate_boy_chances"]

_UNSEEN = len(LOST_HEIR_DECK) - CARDS_EACH  # 24 cards in the other three hands
_THEIRS = 2 * CARDS_EACH  # 16 of them with the two opponents
_CHUNK = 100_000  # deals simulated at once


@dataclass(frozen=True, slots=True)
class BoyChances:
    """Three chances (exact, or measured by :func:`simulate_boy_chances`):
    ``heir_with_us`` (you or your partner holds the Lost Heir), ``wrong_boy_with_them``
    (an opponent holds the Wrong Boy) and ``both``."""

    heir_with_us: Fraction
    wrong_boy_with_them: Fraction
    both: Fraction


def _read_hand(hand: Iterable[LostHeirCard | str] | str) -> tuple[LostHeirCard, ...]:
    cards = parse_lost_heir_cards(hand)
    if len(cards) != CARDS_EACH:
        raise XactikaError(
            _("a Lost Heir hand has 8 cards, got {count}: {hand}").format(
                count=len(cards), hand=shown(" ".join(map(str, cards)))
            )
        )
    return cards


def boy_chances(hand: Iterable[LostHeirCard | str] | str) -> BoyChances:
    """The exact chances for the player holding ``hand`` (8 cards, or their notation).

    Returns a :class:`BoyChances` of probabilities in [0, 1] as fractions. Raises
    :class:`~xactika_edu.XactikaError` if ``hand`` is not 8 different cards.

    >>> boy_chances("0T 6T 5M 4M 3H 2H 1W 7W")                  # you hold the Wrong Boy
    BoyChances(heir_with_us=Fraction(1, 3), wrong_boy_with_them=Fraction(0, 1), both=Fraction(0, 1))
    """
    cards = _read_hand(hand)
    has_heir, has_boy = LOST_HEIR in cards, WRONG_BOY in cards
    # the partner holds 8 of the 24 unseen cards: the heir is with us unless it is not there
    heir = Fraction(1) if has_heir else 1 - chance_no_threat(_UNSEEN, 1, CARDS_EACH)
    boy = Fraction(0) if has_boy else 1 - chance_no_threat(_UNSEEN, 1, _THEIRS)
    if has_heir or has_boy:
        both = heir * boy
    else:  # the heir takes one of the partner's 8 places; the boy is among the other 23
        both = heir * (1 - chance_no_threat(_UNSEEN - 1, 1, _THEIRS))
    return BoyChances(heir, boy, both)


def simulate_boy_chances(
    hand: Iterable[LostHeirCard | str] | str, trials: int = 10_000, seed: Seed = None
) -> BoyChances:
    """The three chances measured: deal the 24 unseen cards 8/8/8 ``trials`` times.

    Each result is the fraction of deals where it happened (a :class:`Fraction` with
    denominator ``trials``). The standard error is at most ``0.5 / sqrt(trials)``
    (0.005 for 10,000 deals); tests accept 4 standard errors. Same seed, same result.

    >>> measured = simulate_boy_chances("7T 6T 5M 4M 3H 2H 1W 7W", trials=2000, seed=1)
    >>> abs(float(measured.both) - 16 / 69) < 4 * (16 / 69 * 53 / 69 / 2000) ** 0.5
    True
    """
    cards = _read_hand(hand)
    trials = check_whole(trials, "trials", 1, 10_000_000)
    unseen = [card for card in LOST_HEIR_DECK if card not in cards]
    rng = make_rng(seed)
    heir_at = unseen.index(LOST_HEIR) if LOST_HEIR in unseen else -1
    boy_at = unseen.index(WRONG_BOY) if WRONG_BOY in unseen else -1
    counts = np.zeros(3, dtype=np.int64)  # heir with us, boy with them, both
    for start in range(0, trials, _CHUNK):
        size = min(_CHUNK, trials - start)
        # each row a random order of the 24 unseen cards: places 0-7 are the partner's
        places = rng.permuted(np.tile(np.arange(_UNSEEN), (size, 1)), axis=1)
        ours = np.ones(size, bool) if heir_at < 0 else (places[:, :CARDS_EACH] == heir_at).any(1)
        theirs = np.zeros(size, bool) if boy_at < 0 else (places[:, CARDS_EACH:] == boy_at).any(1)
        counts += [ours.sum(), theirs.sum(), (ours & theirs).sum()]
    heir, boy, both = (Fraction(int(count), trials) for count in counts)
    return BoyChances(heir, boy, both)
