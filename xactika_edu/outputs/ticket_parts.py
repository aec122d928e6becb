"""What an exit ticket holds: its questions (each with its answer and a line of
working) and the table some tickets print above them; shared by the makers of each
lesson's questions (:mod:`.exit_questions`, :mod:`.exit_questions_play`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..base.language import N_, pgettext
from ..base.language import gettext as _
from ..base.wording import about_number
from ..core.cards import DECK, Card

__all__ = [
    "ROUNDING",
    "TicketQuestions",
    "TicketTable",
    "Worked",
    "about_number",
    "count_cards",
    "deck_table",
    "with_rounding",
]

#: The rounding rule every ticket states (the lessons' rule); translated where shown.
ROUNDING = N_("Round to the nearest whole percent.")


def with_rounding(question: str) -> str:
    """A question (in the current language), then the rounding rule every ticket states."""
    return f"{question} {_(ROUNDING)}"


#: (question, answer, one line of working for the key).
Worked = tuple[str, str, str]


@dataclass(frozen=True)
class TicketTable:
    """A table a ticket prints above its questions.

    Attributes:
        caption: one sentence saying what the table counts.
        rows: the rows, each a tuple of cells; the first cell of a row is its label
            and the first row is the heading (``("Face value", "4", ..., "12")``).
    """

    caption: str
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TicketQuestions:
    """What one ticket asks: its questions and, if they need one, a table."""

    questions: tuple[Worked, ...]
    table: TicketTable | None = None


def count_cards(cards: Iterable[Card], test: Callable[[Card], bool]) -> int:
    """How many of ``cards`` pass ``test``."""
    return sum(1 for card in cards if test(card))


def deck_table() -> TicketTable:
    """The deck's cards per face value, counted from :data:`~xactika_edu.core.cards.DECK`:
    a heading row of face values (4 to 12) and a row of card counts (81 in all).
    Lessons 1 and 5 print it on their tickets."""
    values = sorted({card.value for card in DECK})
    counts = Counter(card.value for card in DECK)
    return TicketTable(
        _("The deck: how many of its {count} cards have each face value.").format(count=len(DECK)),
        (
            (pgettext("exit ticket table", "Face value"), *map(str, values)),
            (pgettext("exit ticket table", "Cards"), *(str(counts[v]) for v in values)),
        ),
    )
