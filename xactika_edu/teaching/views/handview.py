"""The hand explorer's words: each card's button and tooltips, the status lines, the
caption of the chances and the explorer in one line of text.

Teaching layer: pure functions, no widgets (:class:`~xactika_edu.ui.widgets.HandWidget`
shows their text; the chances are :func:`~xactika_edu.teaching.views.leadtable.lead_table`, the box
of others' cards :mod:`xactika_edu.teaching.views.seenbox`).

>>> card_label(3, "3213")
'#3: 9'
>>> card_index(["3213", "1111"], 2), card_index(["3213", "1111"], "1111")
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

import numpy as np
import pandas as pd

from ...base.errors import XactikaError
from ...base.formatting import fraction
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import Card, Hand, as_card
from .htmlparts import hint_html, note_html
from .leadtable import METHOD, render_lead_table
from .seenbox import situation_hint, situation_text

__all__ = [
    "VOIDS_WAITING",
    "WAITING",
    "CardLook",
    "card_index",
    "card_label",
    "card_look",
    "chances_html",
    "deal_notice",
    "hand_text",
    "players_notice",
    "readout",
    "status_html",
]

#: What the chances panel says while the others' box holds a problem (translate it
#: where it is shown: ``_(WAITING)``).
WAITING = N_("The chances wait for a fix to the Others' played cards box (the problem is above).")
#: What the chances panel says while the voids hold a problem (shown as ``_(VOIDS_WAITING)``).
VOIDS_WAITING = N_("The chances wait for a fix to the voids (the problem is above).")


def card_label(index: int, card: Card | str) -> str:
    """The label of a card's button: its place in the hand (from 1) and face value.

    >>> card_label(3, "3213")
    '#3: 9'
    """
    return f"#{index}: {as_card(card).value}"


def card_index(hand: Sequence[Card | str], card: int | Card | str) -> int:
    """The place in ``hand`` (from 0) of a card given by its number as its button shows
    it (``#1`` to ``#8``) or by the card itself (``"2131"``).

    >>> card_index(["3213"], 0)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: card number must be from 1 to 1 (as on the buttons), got 0

    Raises:
        XactikaError: if there is no such card in the hand.
    """
    cards = Hand(hand)
    if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
        number = int(card)
        if not 1 <= number <= len(cards):
            raise XactikaError(
                _("card number must be from 1 to {count} (as on the buttons), got {number}").format(
                    count=len(cards), number=number
                )
            )
        return number - 1
    if isinstance(card, (Card, str)):
        chosen = as_card(card)
        if chosen not in cards:
            raise XactikaError(
                _("card {card} is not in this hand {hand}").format(card=chosen, hand=cards)
            )
        return cards.index(chosen)
    raise XactikaError(
        _("give a card number 1 to {count} or a card like '3213', got {card}").format(
            count=len(cards), card=repr(card)
        )
    )


@dataclass(frozen=True)
class CardLook:
    """How one card's controls look: its select button and its *played* box."""

    label: str  #: the button's text ("#3: 9", with " ✓" when selected)
    #: the button's style: "primary" when selected, else "". (Not "info": its white on
    #: teal is 3.5:1, under the 4.5:1 contrast that WCAG AA asks of text; "primary",
    #: white on #1976d2, is 4.6:1.)
    style: str
    tooltip: str  #: the button's tooltip
    played_tooltip: str  #: the played box's tooltip


def card_look(index: int, card: Card, *, played: bool, selected: bool) -> CardLook:
    """The look of card ``index`` (from 1): selected, played, or neither.

    >>> card_look(1, Card.parse("1111"), played=False, selected=True).label
    '#1: 4 ✓'
    """
    if played:
        tooltip = _("{card} (played)").format(card=card.title)
    elif selected:
        tooltip = _("{card} (selected)").format(card=card.title)
    else:
        tooltip = _("Show the chances for {card}").format(card=card.title)
    return CardLook(
        label=card_label(index, card) + (" ✓" if selected else ""),
        style="primary" if selected else "",
        tooltip=tooltip,
        played_tooltip=(
            _("Unmark {card}: not played") if played else _("Mark {card} as played")
        ).format(card=card.title),
    )


def deal_notice(seed: int, cleared: bool) -> str:
    """What a new deal says: nothing, unless it cleared the ticks and the typed cards."""
    if not cleared:
        return ""
    return _(
        "New hand from seed {seed}: your ticks, the Others' played cards box and the "
        "voids were cleared, because they were for the old hand."
    ).format(seed=seed)


def players_notice(seed: int, players: int, dealt_for: int) -> str:
    """What a change of *Players* says: the hand is kept (Lesson 4: the same hand at a
    bigger table), and how to get one dealt for the new size.

    >>> players_notice(5, 4, 4)
    ''
    """
    if players == dealt_for:
        return ""
    return _(
        "Same hand, now {players} players: your cards, ticks and typed cards stay. "
        "Seed {seed} dealt it for {dealt_for} players; press {button} "
        "for a hand dealt for {players}."
    ).format(players=players, seed=seed, dealt_for=dealt_for, button=_("New deal"))


def status_html(
    seed: int,
    players: int,
    dealt_for: int,
    notice: str,
    *,
    held: int,
    mine: int,
    others: int | None,
) -> str:
    """The status lines above the chances: the notice, the seed and the table, what the
    chances count (:func:`~xactika_edu.teaching.views.seenbox.situation_text`) and a hint when the
    counts do not fit a lead.

    Args:
        seed: the deal's seed; players: at the table; dealt_for: players it was dealt for.
        notice: the last deal's or change's notice ("" for none).
        held: cards you hold; mine: your cards ticked played; others: the others'
            cards typed, or ``None`` while that box holds a problem.
    """
    if dealt_for != players:
        table = _("Seed {seed} (dealt for {dealt_for} players), {players} players.")
    else:
        table = _("Seed {seed}, {players} players.")
    table = table.format(seed=seed, dealt_for=dealt_for, players=players)
    lines = [notice] if notice else []
    if others is None:
        lines.append(
            table
            + " "
            + ngettext(
                "You hold {count} card. The counts of played and unseen cards wait for a "
                "fix to the Others' played cards box.",
                "You hold {count} cards. The counts of played and unseen cards wait for a "
                "fix to the Others' played cards box.",
                held,
            ).format(count=held)
        )
        return "".join(note_html(line) for line in lines)
    lines.append(table + " " + situation_text(players, held, mine, others))
    hint = situation_hint(players, mine, others)
    return "".join(note_html(line) for line in lines) + (hint_html(hint) if hint else "")


def chances_html(
    table: pd.DataFrame | None,
    card: Card | None,
    players: int,
    *,
    holding: bool,
    effect: str = "",
) -> str:
    """The chances panel: the lead table of the selected card with its caption and how
    it is worked out, or what to do to see one; with voids, how they change the chances.

    Args:
        table: the :func:`~xactika_edu.teaching.views.leadtable.lead_table` of ``card``, or
        ``None``.
        card: the selected card; players: at the table.
        holding: whether you still hold any card (else "All your cards are played.").
        effect: how the voids change these chances
            (:func:`~xactika_edu.teaching.views.voidbox.voids_effect_text`), or "".
    """
    if table is None or card is None:
        return note_html(
            _("Select a card (its button under the picture) to see its four leads.")
            if holding
            else _("All your cards are played.")
        )
    if table.attrs.get("voids"):
        caption = _(
            "If you lead your {value} ({card}) now: the chance nobody can beat each "
            "call ({players} players, with the voids)"
        )
    else:
        caption = _(
            "If you lead your {value} ({card}) now: the chance nobody can beat each "
            "call ({players} players)"
        )
    caption = caption.format(value=card.value, card=card, players=players)
    said = f"<p class='xe-voids-effect'>{escape(effect)}</p>" if effect else ""
    return (
        render_lead_table(table, caption=caption)
        + f"<p class='xe-method'>{escape(_(METHOD))}</p>"
        + said  # after the method, which says what a void is
    )


def hand_text(
    players: int, seed: int, hand: Iterable[Card], played: Iterable[Card], others: str
) -> str:
    """The hand explorer in one line, as ``print`` shows it; ``others`` is the others'
    cards as shown (``"none"``, the cards, or what needs a fix)."""
    gone = set(played)
    shown = " ".join(str(c) for c in hand if c in gone) or _("none")
    return _(
        "HandWidget(players={players}, seed={seed}): hand {hand}; "
        "played {played}; others' played {others}"
    ).format(players=players, seed=seed, hand=Hand(hand), played=shown, others=others)


def readout(table: pd.DataFrame | None) -> list[tuple[str, str, str]]:
    """The chances of a lead table as ``(combination, fraction, percent)`` rows.

    >>> from xactika_edu.teaching.views.leadtable import lead_table
    >>> readout(lead_table(["3133", "1111"], players=4, card="3133"))[1]
    ('1 cube', '1', '100%')
    """
    if table is None:
        return []
    return [(str(r.combination), fraction(r.chance), r.percent) for r in table.itertuples()]
