"""Four dice make a card: the classroom's shuffle-free way to draw a random card.

Each die gives one shape's count: a roll of 1 or 2 gives 1, 3 or 4 gives 2, 5 or 6
gives 3 (:data:`DIE_TO_COUNT`). Four dice, in the order balls, cubes, cones, stars,
give a card's four digits. Each count has chance 2/6 = 1/3, and the dice do not
affect each other, so every one of the 81 cards has the same chance,
(1/3)^4 = 1/81: rolling four dice is drawing a card from a full deck and putting it
back.

>>> from xactika_edu.core.cards import DECK
>>> card_from_dice([1, 4, 6, 2])
Card.parse('1231')
>>> rolls = roll_dice_cards(3, seed=1)
>>> rolls.columns.tolist()
['roll', 'dice', 'card', 'face value']
>>> card_chance("3213"), {card_chance(card) for card in DECK}
(Fraction(1, 81), {Fraction(1, 81)})

Source: issue 12 (the four-dice experiment for Lesson 5); RULES.md (the deck).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from fractions import Fraction

import pandas as pd

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import Card, Seed, make_rng

__all__ = ["DICE_PER_CARD", "DIE_TO_COUNT", "card_chance", "card_from_dice", "roll_dice_cards"]

#: A die's roll and the shape count it gives: 1-2 give 1, 3-4 give 2, 5-6 give 3.
DIE_TO_COUNT: dict[int, int] = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
#: One die per shape: balls, cubes, cones, stars.
DICE_PER_CARD = 4


def card_chance(card: Card | str) -> Fraction:
    """The chance that four dice make ``card``: the product of each die's chance of
    its count (2 of the 6 faces give each count), (1/3)^4 = 1/81 for every card.

    Raises:
        NotationError: if ``card`` is not a card.
    """
    card = card if isinstance(card, Card) else Card.parse(card)
    chance = Fraction(1)
    for count in card.counts:
        faces = sum(1 for given in DIE_TO_COUNT.values() if given == count)
        chance *= Fraction(faces, len(DIE_TO_COUNT))
    return chance


def card_from_dice(dice: Sequence[int]) -> Card:
    """The card four dice make (balls, cubes, cones, stars, in that order).

    Raises:
        XactikaError: if there are not four dice, or a die is not 1 to 6.
    """
    try:
        rolls = None if isinstance(dice, (str, bytes)) else list(dice)
    except TypeError:
        rolls = None
    if rolls is None or len(rolls) != DICE_PER_CARD:
        raise XactikaError(
            _("a card needs {DICE_PER_CARD} dice (1 to 6), got {dice}").format(
                DICE_PER_CARD=DICE_PER_CARD, dice=shown(dice)
            )
        )
    for roll in rolls:
        if (
            isinstance(roll, bool)
            or not isinstance(roll, numbers.Integral)
            or roll not in DIE_TO_COUNT
        ):
            raise XactikaError(
                _("a die shows 1 to 6, got {roll} in {dice}").format(
                    roll=shown(roll), dice=shown(dice)
                )
            )
    return Card(*(DIE_TO_COUNT[int(roll)] for roll in rolls))


def roll_dice_cards(rolls: int, seed: Seed = None) -> pd.DataFrame:
    """Roll four dice ``rolls`` times, as a class would: one row per roll.

    Returns:
        a DataFrame with ``rolls`` rows: ``roll`` (1, 2, ...), ``dice`` (the four
        dice as text, "1 4 6 2"), ``card`` (:class:`~xactika_edu.core.cards.Card`) and
        ``face value`` (int). The same seed gives the same rolls.

    Raises:
        XactikaError: if ``rolls`` is not a whole number from 1 to 1,000,000, or the
            seed is not a valid seed.
    """
    check_whole(rolls, "rolls", 1, 1_000_000)
    dice = make_rng(seed).integers(1, 7, size=(rolls, DICE_PER_CARD))
    cards = [card_from_dice(row) for row in dice.tolist()]
    return pd.DataFrame(
        {
            "roll": range(1, rolls + 1),
            "dice": [" ".join(map(str, row)) for row in dice.tolist()],
            "card": cards,
            "face value": [card.value for card in cards],
        }
    )
