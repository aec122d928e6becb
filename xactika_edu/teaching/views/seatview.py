"""A seat at a class table in words and pictures: what to do now, everyone's bids and
tricks, the trick on the table and the scores, from one seat's
:class:`~xactika_edu.teaching.classdata.tableseats.SeatView` (never another seat's cards).

Teaching layer: pure functions, no widgets
(:class:`~xactika_edu.ui.widgets.classtable.SeatWidget` shows them). The pictures and
tables are the play table's (:mod:`~xactika_edu.teaching.views.scoreboard`,
:mod:`~xactika_edu.teaching.views.tableview`).

>>> from xactika_edu.teaching.classdata.classtable import ClassTable
>>> table = ClassTable(seats=3, seed=4, hands=1)
>>> ana, ben = table.sit("Ana"), table.sit("Ben")
>>> print(seat_status(ana.view()))  # doctest: +NORMALIZE_WHITESPACE
Waiting to start: 2 of 3 seats have players. Press Start when everyone is here.
Computer players take the empty seats.
>>> table.start()
>>> seat_status(ben.view()), seat_status(ana.view())
('Your turn to bid: how many tricks will you take?', 'Waiting for Ben to bid.')
>>> print(board_text(ana.view()))  # doctest: +NORMALIZE_WHITESPACE
Bids: You (dealer): not yet, Ben: not yet, Computer 3: not yet.
Tricks taken: You: 0, Ben: 0, Computer 3: 0.
"""

from __future__ import annotations

from html import escape

from ...base.language import N_, ngettext, pgettext
from ...base.language import gettext as _
from ...core.rules import forbidden_bid
from ..classdata.tableseats import SeatView, shown_computer_name
from .scoreboard import hand_scores_html, score_sheet_html
from .tableview import tricks_html

__all__ = [
    "board_text",
    "not_saved_text",
    "seat_names",
    "seat_scores_html",
    "seat_status",
    "seat_tricks_html",
]

#: What a seat is called on its own page (translated where shown: ``_(YOU)``).
YOU = N_("You")


def _computers(view: SeatView) -> dict[str, str]:
    """The computer players' names as the page shows them, in its language, by the
    names the table keeps (in English: ``"Computer 3"``)."""
    return {
        name: shown_computer_name(name, seat)
        for seat, name in enumerate(view.names)
        if view.computer[seat] and not view.away[seat]
    }


def seat_names(view: SeatView) -> list[str]:
    """Each seat's name as this seat's page shows it: ``"You"`` for its own (unless
    someone else played the finished game shown from this seat), a computer player's
    in the page's language."""
    you, computers = _(YOU), _computers(view)
    return [
        you if seat == view.seat and name == view.name else computers.get(name, name)
        for seat, name in enumerate(view.names)
    ]


def _who(view: SeatView, seat: int) -> str:
    """A seat's name, saying when a computer plays for a student who left."""
    name = seat_names(view)[seat]
    if view.away[seat]:
        return _("{player} (away: a computer plays for now)").format(player=name)
    return name


def seat_status(view: SeatView) -> str:
    """What is happening and what to do now, in one or two short sentences."""
    player = view.player
    if player is None:
        seated = sum(not computer for computer in view.computer)
        return ngettext(
            "Waiting to start: {seated} of {count} seat have players. Press {button} when "
            "everyone is here. Computer players take the empty seats.",
            "Waiting to start: {seated} of {count} seats have players. Press {button} when "
            "everyone is here. Computer players take the empty seats.",
            view.seats,
        ).format(seated=seated, count=view.seats, button=_("Start"))
    if view.game_over:
        winners = [seat_names(view)[seat] for seat in view.winners]
        won = (" " + pgettext("list", "and") + " ").join(winners)
        return ngettext(
            "The game is over: {winners} won. Press {button} for a new game.",
            "The game is over: {winners} won. Press {button} for a new game.",
            len(winners),
        ).format(winners=won, button=_("Start"))
    if view.hand_over:
        return _("Hand {number} of {hands} is over. Press {button} to go on.").format(
            number=view.hand_number, hands=view.hands, button=_("Next hand")
        )
    turn = player.current_player
    assert turn is not None  # the hand is not over
    if not view.your_turn:
        waiting = (
            _("Waiting for {player} to bid.")
            if view.phase == "bid"
            else _("Waiting for {player} to play.")
        )
        return waiting.format(player=_who(view, turn))
    if view.phase == "bid":
        text = _("Your turn to bid: how many tricks will you take?")
        if view.seat == player.dealer:
            total = sum(bid for bid in player.bids if bid is not None)
            forbidden = forbidden_bid(total, player.cards_per_hand)
            if forbidden >= 0:
                text += " " + _(
                    "You deal, so you may not bid {forbidden}: then the bids would add "
                    "up to {cards}."
                ).format(forbidden=forbidden, cards=player.cards_per_hand)
        return text
    if player.call is None:
        return _("Your turn to lead: pick a card and what to call.")
    if not any(card.has(player.call) for card in player.hand):
        return _("Your turn: you have no card with {call}, so play any card.").format(
            call=player.call
        )
    return _("Your turn: play a card with {call}.").format(call=player.call)


def board_text(view: SeatView) -> str:
    """Every seat's bid and tricks taken so far this hand, in seat order; the dealer
    marked "(dealer)" in the bids."""
    names = [_who(view, seat) for seat in range(view.seats)]
    if view.player is None:
        seats = ", ".join(
            _("{player} (free seat)").format(player=name)
            if view.computer[seat] and not view.away[seat]
            else name
            for seat, name in enumerate(names)
        )
        return _("Seats: {seats}.").format(seats=seats)
    dealer = view.player.dealer
    not_yet = _("not yet")
    bids = ", ".join(
        (_("{player} (dealer)").format(player=name) if seat == dealer else name)
        + f": {not_yet if bid is None else bid}"
        for seat, (name, bid) in enumerate(zip(names, view.player.bids, strict=True))
    )
    won = ", ".join(f"{name}: {n}" for name, n in zip(names, view.player.tricks_won, strict=True))
    return _("Bids: {bids}. Tricks taken: {won}.").format(bids=bids, won=won)


def seat_tricks_html(view: SeatView) -> str:
    """The last finished trick (who won it and why) and the trick being played, as
    :func:`~xactika_edu.teaching.views.tableview.tricks_html` shows them at the play table."""
    return "" if view.player is None else tricks_html(view.player, seat_names(view))


def seat_scores_html(view: SeatView) -> str:
    """This hand's scores once it is over, and the game's score sheet once a hand is over."""
    parts, computers = [], _computers(view)
    if view.hand_scores is not None:
        scores = view.hand_scores.assign(player=view.hand_scores["player"].replace(computers))
        parts.append(hand_scores_html(scores))
    if view.score_sheet is not None:
        sheet = view.score_sheet.rename(columns=computers, level=0)
        sheet[("dealer", "")] = sheet[("dealer", "")].replace(computers)
        parts.append(score_sheet_html(sheet))
        if view.not_saved:
            parts.append(f"<p class='xe-not-saved'>{escape(not_saved_text(view.not_saved))}</p>")
    return "".join(parts)


def not_saved_text(hands: tuple[int, ...]) -> str:
    """The note under a class table's score sheet for hands left out of the class's scores.

    >>> not_saved_text((3,))
    "Hand 3 is not in the class's scores: a computer played for a student who left."
    >>> not_saved_text((2, 5))
    "Hands 2 and 5 are not in the class's scores: a computer played for a student who left."
    """
    last = pgettext("list", "and")
    listed = ", ".join(str(h) for h in hands[:-1]) + f" {last} {hands[-1]}"
    return ngettext(
        "Hand {hands} is not in the class's scores: a computer played for a student who left.",
        "Hands {hands} are not in the class's scores: a computer played for a student who left.",
        len(hands),
    ).format(hands=listed if len(hands) > 1 else str(hands[0]))
