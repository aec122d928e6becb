"""One student's seat at a class table: their hand, bid buttons, lead and follow, the
trick on the table, everyone's bids and tricks, the scores; it updates itself whenever
anyone at the table moves.

UI layer: the controls only. The table (rules, seats, computer players) is
:class:`~xactika_edu.teaching.classdata.classtable.ClassTable`; the words and pictures
come from :mod:`xactika_edu.teaching.views.seatview` and
:mod:`xactika_edu.teaching.views.tableview`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import ipywidgets as widgets

from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import pgettext
from ...core.cards import CARDS_PER_HAND
from ...core.game import Play
from ...teaching.classdata.classtable import SeatHandle, SeatView
from ...teaching.views.htmlparts import note_html
from ...teaching.views.seatview import (
    board_text,
    seat_scores_html,
    seat_status,
    seat_tricks_html,
)
from ...teaching.views.tableview import hand_html
from .controls import ErrorLine, Fallback, PlayRow, guard, html_pane

__all__ = ["SeatWidget"]


class SeatWidget(Fallback, widgets.VBox):
    """A student's seat at a class table, for their page.

    Only legal choices are offered: a button for each bid the rules allow (the
    dealer's forbidden bid has none), the cards a follower may play, and the four
    combinations on a leader's card. Any student at the table may press Start, Next
    hand and (after the game) Start again.

    >>> from xactika_edu.teaching.classdata.classtable import ClassTable
    >>> table = ClassTable(seats=2, seed=3, hands=1)
    >>> ana, ben = SeatWidget(table.sit("Ana")), SeatWidget(table.sit("Ben"))
    >>> ana.start_button.click()                  # Ana deals, so Ben bids first
    >>> [b.description for b in ben.bid_buttons if b.layout.display != "none"][:3]
    ['0', '1', '2']
    >>> ben.bid_buttons[2].click()
    >>> "Your turn to bid" in ana.status.value
    True
    >>> ana.leave()                               # her page closes: a computer plays for her

    Args:
        handle: the student's seat, from
            :meth:`ClassTable.sit <xactika_edu.teaching.classdata.classtable.ClassTable.sit>`.
        deliver: how a change made in another student's session reaches this page:
            called with a function that redraws the widget. ``None`` redraws at once,
            in the thread of whoever moved. A server whose pages each have their own
            context (Solara's virtual kernels) passes a function that runs it inside
            this page's context.

    Raises:
        XactikaError: if ``handle`` no longer sits at its table.

    Attributes:
        handle: the seat; view: the :class:`SeatView` shown now.
        bid_buttons: one button per bid 0-8 (hidden unless legal now); card_box,
            call_box, play_button: a play; start_button, next_button, leave_button.
    """

    def __init__(
        self,
        handle: SeatHandle,
        *,
        deliver: Callable[[Callable[[], None]], None] | None = None,
        on_return: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.on_return = on_return  # after Leave, the button sits the student down again
        self.add_class("xe-class-table")
        self.handle = handle
        self.last_error: BaseException | None = None
        self._lock = threading.Lock()
        self._shown = -1  # the version of the view shown

        self.error = ErrorLine()
        self.status = html_pane("xe-info")
        self.board = html_pane("xe-board")
        self.hand_view = html_pane("xe-your-hand")
        self.trick_view = html_pane("xe-trick")
        self.scores_view = html_pane("xe-scores")

        self.bid_buttons = [
            widgets.Button(description=str(bid), layout={"width": "3em"})
            for bid in range(CARDS_PER_HAND + 1)
        ]
        for bid, button in enumerate(self.bid_buttons):
            button.add_class("xe-bid")
            button.on_click(lambda _button, bid=bid: self._on_bid(bid))
        self.play_row = PlayRow()
        self.card_box = self.play_row.card_box
        self.call_box = self.play_row.call_box
        self.play_button = self.play_row.play_button
        self.start_button = widgets.Button()
        self.next_button = widgets.Button()
        self.next_button.add_class("xe-next")
        self.leave_button = widgets.Button()
        self._left = False

        self.play_button.on_click(self._on_play)
        self.start_button.on_click(self._on_start)
        self.next_button.on_click(self._on_next)
        self.leave_button.on_click(self._on_leave)
        self.card_box.observe(self._on_card, names="value")

        self.bid_label = widgets.HTML()
        self.bid_row = widgets.HBox([self.bid_label, *self.bid_buttons])
        self.children = [
            self.status,
            self.error,
            self.board,
            self.trick_view,  # the trick to beat, above the hand and the Play button
            self.hand_view,
            self.bid_row,
            self.play_row,
            widgets.HBox([self.start_button, self.next_button, self.leave_button]),
            self.scores_view,
        ]
        self.deliver = deliver
        self._stop = handle.subscribe(self._heard)
        self.view = handle.view()
        self._label()
        self.show(self.view)

    # what the app calls ----------------------------------------------------------------

    def leave(self) -> None:
        """The student leaves (the page closed, the connection was lost, or Leave was
        pressed): the widget stops listening and a computer player holds the seat.
        Safe to call more than once."""
        self._left = True
        self._stop()
        self.handle.leave()
        self._show_left()

    def _show_left(self) -> None:
        """The seat once the student left: no controls but the one that comes back."""
        for control in (*self.bid_buttons, self.play_button, self.start_button, self.next_button):
            control.disabled = True
        self._label()  # the Leave button now sits the student down again (with on_return)
        self.leave_button.disabled = self.on_return is None
        for pane in (self.board, self.trick_view, self.hand_view, self.scores_view):
            pane.value = ""  # no longer told: an old hand or trick would mislead
        self.bid_row.layout.display = self.play_row.layout.display = "none"
        self.status.value = note_html(
            _("You left the table. A computer plays your seat until you sit down again.")
        )

    def relabel(self) -> None:
        """Write the controls and the seat again in the current language (the page's
        language switch): the seat, the hand and the game stay as they are."""
        with self._lock:
            self._label()
            if self._left:
                self._show_left()
            else:
                self._draw(self.view)

    def show(self, view: SeatView) -> None:
        """Show ``view`` (the table's listener calls this after every change, through
        ``deliver``), unless a newer view is already shown."""
        with self._lock:
            if view.version < self._shown:
                return
            self._shown = view.version
            self.view = view
            self._draw(view)

    def _heard(self, view: SeatView) -> None:
        if self.deliver is None:
            self.show(view)
        else:
            self.deliver(lambda: self.show(view))

    def static_html(self) -> str:
        """The seat as it looks now, as plain HTML (no controls)."""
        return (
            f"<div class='xe-class-table'>{self.status.value}{self.board.value}"
            f"{self.hand_view.value}{self.trick_view.value}{self.scores_view.value}</div>"
        )

    def __str__(self) -> str:
        return f"SeatWidget({self.handle.name}, seat {self.handle.seat + 1})\n" + seat_status(
            self.view
        )

    # actions --------------------------------------------------------------------------

    @guard
    def _on_bid(self, bid: int) -> None:
        if bid not in self.handle.view().legal_bids():
            return  # a second click, or a click on a page not yet redrawn: it was not offered
        self.handle.bid(bid)

    @guard
    def _on_play(self, _button: object = None) -> None:
        card = self.card_box.value
        if not self.handle.view().your_turn:
            return  # a second click, or a click on a page not yet redrawn: no play offered
        if card is None:
            raise XactikaError(_("Choose a card to play."))
        call = (
            self.call_box.value if self.view.player and not self.view.player.current_trick else None
        )
        self.handle.play(Play(card, call))

    @guard
    def _on_start(self, _button: object = None) -> None:
        self.handle.start()

    @guard
    def _on_next(self, _button: object = None) -> None:
        if self.view.started and not self.view.hand_over:
            return  # a late press: someone else dealt the next hand already
        self.handle.next_hand(after=self.view.hand_number)

    @guard
    def _on_leave(self, _button: object = None) -> None:
        if self.handle.is_seated or self.on_return is None:
            self.leave()
        else:
            self.on_return()

    @guard
    def _on_card(self, _change: object = None) -> None:
        self._fill_calls()

    # drawing --------------------------------------------------------------------------

    def _label(self) -> None:
        """The controls' names and tooltips, in the current language."""
        for bid, button in enumerate(self.bid_buttons):
            button.tooltip = pgettext("button", "Bid {bid}").format(bid=bid)
        self.bid_label.value = "<b>" + _("Your bid:") + "</b>"
        self.play_row.label()
        self.start_button.tooltip = _("Deal the first hand; computers take the empty seats")
        self.next_button.description = _("Next hand")
        self.next_button.tooltip = _("Deal the next hand")
        if self._left and self.on_return is not None:
            self.leave_button.description = _("Sit down again")
        else:
            self.leave_button.description = _("Leave the table")
        self.leave_button.tooltip = _("A computer plays your seat until you come back")

    def _fill_calls(self) -> None:
        player = self.view.player
        leading = self.view.your_turn and player is not None and player.call is None
        self.call_box.layout.display = None if leading else "none"  # no Call when following
        self.play_row.fill_calls(leading)

    def _draw(self, view: SeatView) -> None:
        legal = set(view.legal_bids())
        for bid, button in enumerate(self.bid_buttons):
            button.layout.display = None if bid in legal else "none"
            button.disabled = bid not in legal
        self.bid_row.layout.display = None if legal else "none"
        self.play_row.show_plays(view.legal_plays())
        self._fill_calls()
        running = view.started and not view.game_over
        self.start_button.layout.display = "none" if running else None
        self.start_button.description = _("Start a new game") if view.game_over else _("Start")
        self.next_button.layout.display = None if view.hand_over and running else "none"
        self.status.value = note_html(seat_status(view), call=view.your_turn)
        self.board.value = note_html(board_text(view))
        self.hand_view.value = "" if view.player is None else hand_html(view.player.hand)
        self.trick_view.value = seat_tricks_html(view)
        self.scores_view.value = seat_scores_html(view)
