"""The estimation worksheet's levels: the support sheet's sentence frame for the
estimate and the extension sheet's question (the exact chance nobody can beat the
best maybe card), computed from an
:class:`~xactika_edu.outputs.worksheets.estimation.EstimationWorksheet`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.formatting import about_percent, fraction
from ...base.language import gettext as _
from ...base.language import ngettext
from ...core.cards import CARDS_PER_HAND, DECK
from ...core.chances import chance_no_threat
from .bidding import half_text, number_text
from .levels import Frame
from .probability_page import PLAYERS

if TYPE_CHECKING:
    from .estimation import EstimationWorksheet

__all__ = [
    "HYPOTHETICAL_THREATS",
    "bid_answer",
    "estimate_frame",
    "extension_card",
    "extension_question",
]

#: The threats of the card the extension question imagines when a hand has no maybe card.
HYPOTHETICAL_THREATS = 2


def bid_answer(sheet: EstimationWorksheet) -> str:
    """The key's bid: ``'1 or 2'`` when the estimate ends in .5 (either is right with a
    reason), else the sheet's bid."""
    estimate = sheet.estimate()
    low, high = int(estimate - Fraction(1, 2)), int(estimate + Fraction(1, 2))
    if estimate.denominator == 2 and {low, high} <= set(sheet._bidding.legal_bids()):
        return _("{low} or {high}").format(low=low, high=high)
    return str(sheet.bid())


def estimate_frame(sheet: EstimationWorksheet) -> Frame:
    """A support sheet's sentence frame for the estimate and the bid.

    >>> from xactika_edu.outputs.worksheets import estimation_worksheet
    >>> print(estimate_frame(estimation_worksheet(4, level="support")).filled())
    Sure cards: 1. Maybe cards: 1. My estimate is 1 + 0.5 (half the maybe cards) = 1.5. I bid
    1 or 2.
    """
    kinds = [row["kind"] for row in sheet.card_table()]
    sure, maybe = kinds.count("sure"), kinds.count("maybe")
    return Frame(
        _(
            "Sure cards: {}. Maybe cards: {}. My estimate is {} + {} (half the maybe cards) "
            "= {}. I bid {}."
        ),
        (
            str(sure),
            str(maybe),
            str(sure),
            half_text(maybe),
            number_text(sheet.estimate()),
            bid_answer(sheet),
        ),
    )


def extension_card(sheet: EstimationWorksheet) -> int | None:
    """The extension question's card (an index into the hand): the maybe card with
    the fewest threats (the first if several tie); None if the hand has no maybe."""
    rows = sheet.card_table()
    maybes = [i for i, row in enumerate(rows) if row["kind"] == "maybe"]
    return min(maybes, key=lambda i: rows[i]["threats"]) if maybes else None


def extension_question(sheet: EstimationWorksheet) -> tuple[str, str]:
    """The extension sheet's question and its answer: the exact chance nobody can
    beat :func:`extension_card` if led (with no maybe card, of a card with
    :data:`HYPOTHETICAL_THREATS` threats), from
    :func:`~xactika_edu.core.chances.chance_no_threat` for that case.

    >>> from xactika_edu.outputs.worksheets import estimation_worksheet
    >>> extension_question(estimation_worksheet(4, level="extension"))[1]
    '49/73 × 48/72 × 47/71 = 4606/15549 = about 30%'
    """
    unseen = len(DECK) - CARDS_PER_HAND
    held = (PLAYERS - 1) * CARDS_PER_HAND
    aside = unseen - held
    index = extension_card(sheet)
    if index is None:  # no maybe card: the same step for a card with 2 threats
        threats = HYPOTHETICAL_THREATS
        chance = chance_no_threat(unseen, threats, held)
        question = _(
            "Extension: your hand has no maybe card. If a card had {threats} threats, what "
            "would the exact chance be that nobody can beat it if led (one fraction per "
            "threat, multiplied)?"
        ).format(threats=threats)
    else:
        row = sheet.card_table()[index]
        threats = row["threats"]
        chance = row["chance"]
        question = ngettext(
            "Extension: card #{number} calling {call} has {threats} threat. The exact chance "
            "nobody can beat it if led (one fraction per threat, multiplied):",
            "Extension: card #{number} calling {call} has {threats} threats. The exact chance "
            "nobody can beat it if led (one fraction per threat, multiplied):",
            threats,
        ).format(number=index + 1, call=row["call"], threats=threats)
    steps = " × ".join(f"{aside - i}/{unseen - i}" for i in range(threats))
    answer = f"{steps} = {fraction(chance)} = {about_percent(chance)}"
    return question, answer
