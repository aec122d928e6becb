"""The exit-ticket questions of Lessons 4 and 4b (the chance that nobody can beat a
lead), computed for a seed; :mod:`.exit_questions` holds every lesson's makers together.

Every number is computed by the library (:mod:`xactika_edu.core`), and no answer calls
the chance that nobody can beat a lead "the chance it wins": it wins *at least* that
often.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ..base.errors import XactikaError
from ..base.formatting import about_percent, and_list, fraction
from ..base.language import gettext as _
from ..core.cards import CARDS_PER_HAND, COMBINATIONS, DECK, Card, Shape, deal, make_rng
from ..core.leads import chance_unbeatable, threats
from .ticket_parts import TicketQuestions, count_cards, with_rounding

if TYPE_CHECKING:
    from numpy.random import Generator

    from ..core.notation import Combination

__all__ = ["LESSON_4B_PLAYERS", "LESSON_4_PLAYERS", "lesson_4_questions", "lesson_4b_questions"]

_PLAYERS = 4


def _two_threat_lead(rng: Generator) -> tuple[list[Card], Card, Combination, list[Card]]:
    """A hand of 8 cards dealt from ``rng``, and a card of it with a call that has
    exactly two threats (the unseen cards that could beat it)."""
    while True:
        hand = deal(_PLAYERS, seed=rng)[0]
        leads = [
            (card, call, list(threats(card, call, hand=hand)))
            for card in hand
            for call in card.combinations
        ]
        two = [lead for lead in leads if len(lead[2]) == 2]
        if two:
            card, call, found = two[int(rng.integers(len(two)))]
            return list(hand), card, call, found


def _both_set_aside(players: int, unseen: int) -> tuple[int, str]:
    """The cards set aside at a table of ``players``, and the tree's product
    ``S/U x (S-1)/(U-1)`` as the key writes it."""
    aside = len(DECK) - players * CARDS_PER_HAND
    return aside, f"{aside}/{unseen} x {aside - 1}/{unseen - 1}"


def _any_equal(chance: Fraction) -> str:
    """The key's sentence on what else is right for a chance asked as a fraction."""
    return _("Any equal fraction, or {about}, is right.").format(about=about_percent(chance))


#: Lesson 4's tables, one per seed in turn, so neighbours differ: not the lesson's own
#: 4 players (98/219) nor its Going-further 3 players (133/219) (review 5).
LESSON_4_PLAYERS = (2, 5, 7)
#: Lesson 4b's tables, one per seed in turn (the same table later in the hand): not Lesson 4's
#: 3 or 4 players nor 4b's own 6-player check.
LESSON_4B_PLAYERS = (2, 5, 7, 8)


def lesson_4_questions(seed: int) -> TicketQuestions:
    # a stream of its own (seed and lesson number): another hand than 4b's for the seed
    rng = np.random.default_rng([seed, 4])
    players = LESSON_4_PLAYERS[seed % len(LESSON_4_PLAYERS)]
    hand, card, call, two = _two_threat_lead(rng)
    chance = chance_unbeatable(card, call, hand=hand, players=players)
    unseen = len(DECK) - len(hand)
    aside, product = _both_set_aside(players, unseen)
    first, second = sorted(two, key=lambda c: (c.value, str(c)))
    return TicketQuestions(
        (
            (
                _(
                    "You hold {hand}. You lead {card} (face value {value}) and call {call}. "
                    "Which unseen cards could beat it (the threats)? Name them."
                ).format(hand=" ".join(map(str, hand)), card=card, value=card.value, call=call),
                and_list([first, second]),
                _(
                    "Unseen cards with {call} and face value {value} or more: {first} (face "
                    "value {first_value}) and {second} (face value {second_value})."
                ).format(
                    call=call,
                    value=card.value,
                    first=first,
                    first_value=first.value,
                    second=second,
                    second_value=second.value,
                ),
            ),
            (
                with_rounding(
                    _(
                        "There are {players} players. What is the chance nobody can beat your "
                        "lead? Work on the back."
                    ).format(players=players)
                ),
                f"{about_percent(chance)} ({fraction(chance)})",  # the percent it asks for
                _(
                    "{deck} − 8 × {players} = {aside} of the {unseen} unseen cards are set "
                    "aside; nobody can beat it when both threats are: {product} = {chance}."
                ).format(
                    deck=len(DECK),
                    players=players,
                    aside=aside,
                    unseen=unseen,
                    product=product,
                    chance=fraction(chance),
                )
                + " "
                + _any_equal(chance),
            ),
            (
                _("Is that the chance your lead wins? Say why."),
                _("No: it wins at least this often."),
                _(
                    "A player who holds a threat may play a lower card with {call}, so you "
                    "can win even then."
                ).format(call=call),
            )
            if seed % 2 == 0
            else (
                _(
                    "Player 2 holds {first} and also a lower card with {call}. Must Player 2 "
                    "play {first}? Can your lead still win? Say why."
                ).format(first=first, call=call),
                _(
                    "No, Player 2 may play the lower card. Yes, your lead can win: if Player 2 "
                    "plays the lower card and nobody plays {second}."
                ).format(second=second),
                _(
                    "A player must follow with a card that shows {call}, but may pick a lower "
                    "one. So the lead wins at least as often as nobody can beat it."
                ).format(call=call),
            ),
        )
    )


def _one_threat_left(
    hand: list[Card], card: Card, call: Combination, two: list[Card], players: int, trick: int
) -> tuple[int, int, int, Fraction]:
    """Lesson 4b's cards-played question: before ``trick`` at a table of ``players``, the
    first threat of ``two`` has been played (with your ``trick - 1`` first cards and other
    cards), the second is still unseen. Returns (cards played, cards you hold, cards set
    aside, the chance that nobody can beat the lead), the chance counted by
    :func:`~xactika_edu.core.leads.chance_unbeatable`."""
    mine = [c for c in hand if c != card][: trick - 1]
    others = [c for c in DECK if c not in hand and c not in two]
    played = [*mine, two[0], *others[: (trick - 1) * players - len(mine) - 1]]
    holding = [c for c in hand if c not in mine]
    chance = chance_unbeatable(card, call, hand=holding, players=players, seen=played)
    return len(played), len(holding), len(DECK) - players * CARDS_PER_HAND, chance


#: Lesson 4b's own void (its check): part (c) never asks about the cards without it.
_LESSON_4B_VOID = (Shape.BALLS, 2)


def lesson_4b_questions(seed: int) -> TicketQuestions:
    rng = make_rng(seed)
    hand, card, call, two = _two_threat_lead(rng)
    players = LESSON_4B_PLAYERS[seed % len(LESSON_4B_PLAYERS)]
    unseen = len(DECK) - len(hand)
    chance = chance_unbeatable(card, call, hand=hand, players=players)
    aside, product = _both_set_aside(players, unseen)
    # b) cards played (as the lesson's check 2): the first threat played, one left unseen
    trick = 2 + seed % 5
    played, held, _aside, late = _one_threat_left(hand, card, call, two, players, trick)
    left = len(DECK) - played - held
    if late != Fraction(aside, left):  # the count the key shows is the library's count
        raise XactikaError(f"lesson 4b ticket {seed}: {late} is not {aside}/{left}")
    # c) alternates: another shape (a third) on even seeds, the same shape (a half) on odd
    # ones, so neighbours differ; never the lesson's own "without 2 balls" (compared by
    # shape and count, the same in every language)
    voids = [c for c in COMBINATIONS if (c.shape, c.count) != _LESSON_4B_VOID]
    void = voids[int(rng.integers(len(voids)))]
    shows = [
        c
        for c in COMBINATIONS
        if c != void and (c.shape == void.shape) == (seed % 2 == 1) and c.count != void.count
    ][int(rng.integers(2 if seed % 2 else 6))]
    without = [c for c in DECK if not c.has(void)]
    count = count_cards(without, lambda c: c.has(shows))
    return TicketQuestions(
        (
            (
                _(
                    "{players} players. You hold {hand}. You lead {card} and call {call}. Only "
                    "{first} and {second} could beat it. What is the chance that nobody can "
                    "beat it? Show your multiplication, then write the fraction."
                ).format(
                    players=players,
                    hand=" ".join(map(str, hand)),
                    card=card,
                    call=call,
                    first=two[0],
                    second=two[1],
                ),
                fraction(chance),
                _(
                    "{aside} of the {unseen} unseen cards are set aside; both threats must be: "
                    "{product} = {chance}."
                ).format(aside=aside, unseen=unseen, product=product, chance=fraction(chance))
                + " "
                + _any_equal(chance)
                + " "
                + _("So is the product left as {product}.").format(product=product),
            ),
            (
                _(
                    "Later, before trick {trick}, {played} cards are played ({first} is one of "
                    "them), you hold {held} cards and {second} is still unseen. If you lead "
                    "{card} now, nobody can beat it only if {second} is set aside. What is the "
                    "chance of that?"
                ).format(
                    trick=trick, played=played, first=two[0], held=held, second=two[1], card=card
                ),
                fraction(late),
                _(
                    "{deck} − {played} − {held} = {left} cards are unseen and {aside} of them "
                    "are set aside: {aside}/{left}{simpler}."
                ).format(
                    deck=len(DECK),
                    played=played,
                    held=held,
                    left=left,
                    aside=aside,
                    simpler="" if fraction(late) == f"{aside}/{left}" else f" = {fraction(late)}",
                )
                + " "
                + _any_equal(late),
            ),
            (
                _(
                    "Of the cards without {void}, what part show {shows}? Think of the deck as "
                    "in the lesson: for each shape, a third of the {deck} cards show 1, a third "
                    "2 and a third 3."
                ).format(void=void, shows=shows, deck=len(DECK)),
                fraction(Fraction(count, len(without))),
                _("{count} of the {total} cards without {void}: {count}/{total} = {part}.").format(
                    count=count,
                    total=len(without),
                    void=void,
                    part=fraction(Fraction(count, len(without))),
                ),
            ),
        )
    )
