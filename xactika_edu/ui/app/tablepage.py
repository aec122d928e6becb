"""The "Class tables" section of a student's page, once they joined: the open tables
with their free seats, "Sit at table N", then the student's seat
(:class:`~xactika_edu.ui.widgets.classtable.SeatWidget`).

The list learns of new tables and seats by asking the class's
:class:`~xactika_edu.ui.app.tableroom.TableRoom` every
:data:`~xactika_edu.ui.app.studentpage.POLL_SECONDS` seconds. A move at the table is
made in the mover's own page (thread); the other pages at the table are redrawn
through the seat widget's ``deliver`` hook, inside each page's own Solara context
(:func:`page_deliver`). A page that closes leaves the table: a computer player then
holds the seat until the student sits down again. A page whose connection drops
leaves it too, and sits down again by itself when the connection is back
(:func:`follow_connection`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from typing import Any, cast

import solara

from ...base.language import N_
from ...base.language import gettext as _
from ...teaching.classdata.classtable import SeatHandle
from ..widgets.classtable import SeatWidget
from . import studentpage
from .classroom import StudentDesk
from .pagelanguage import use_language_of_page
from .studentpage import attempt
from .tableroom import CLOSED, NONE_OPEN, TableInfo, TableListing

__all__ = ["ClassTables", "Seat", "follow_connection", "page_deliver", "page_statuses"]

log = logging.getLogger("xactika_edu.app")

#: The button under a seat that leaves it and shows the list: it says so.
LEAVE_FOR_LIST = N_("Leave the table and see the list (a computer plays for you)")

Redraw = Callable[[], None]


def page_deliver() -> Callable[[Redraw], None] | None:
    """The ``deliver`` hook for a seat widget of this page: it runs a redraw inside this
    page's Solara context (its virtual kernel), from whichever thread made the move; a
    closed page is not redrawn. None outside a server (a test's render): redraw at once.
    """
    try:
        from solara.server import kernel_context

        context: Any = kernel_context.get_current_context()
    except Exception:  # no server: redraw in the mover's thread
        return None

    def deliver(redraw: Redraw) -> None:
        if context.closed_event.is_set():
            return
        with context:
            redraw()

    return deliver


def page_statuses() -> Callable[[], list[str]] | None:
    """A function that says how this page's browser tabs are connected now (Solara's
    ``"connected"``, ``"disconnected"``, ``"closed"``, one per tab); None outside a server."""
    try:
        from solara.server import kernel_context

        context: Any = kernel_context.get_current_context()
    except Exception:
        return None
    return lambda: [str(status.value) for status in list(context.page_status.values())]


def follow_connection(statuses: list[str], away: bool, leave: Redraw, come_back: Redraw) -> bool:
    """Leave the table when the page has tabs and none is connected (the network
    dropped: a computer player holds the seat), come back when one is connected again;
    returns whether the student is away now.

    >>> said = []
    >>> away = follow_connection(["disconnected"], False, lambda: said.append("leave"), None)
    >>> away, follow_connection(["connected"], away, None, lambda: said.append("back")), said
    (True, False, ['leave', 'back'])
    >>> follow_connection([], False, None, None)   # no tab known yet: nothing happens
    False
    """
    connected = "connected" in statuses
    if statuses and not connected and not away:
        leave()
        return True
    if connected and away:
        come_back()
        return False
    return away


@solara.component
def Seat(handle: SeatHandle, on_back: Callable[[], None], on_return: Callable[[], None]) -> None:
    """The student's seat; leaves the table when the page closes or its connection
    drops (``on_return`` sits down again when it is back)."""
    widget = solara.use_memo(
        lambda: SeatWidget(handle, deliver=page_deliver(), on_return=on_return), [handle]
    )
    lang = use_language_of_page()  # a switch writes the same seat again in the new one
    solara.use_effect(widget.relabel, [lang])

    def leave_when_closed() -> Callable[[], None]:
        return widget.leave

    solara.use_effect(leave_when_closed, [widget])

    def watch(cancel: object) -> None:
        statuses = page_statuses()
        away = False
        while statuses is not None and not cancel.wait(studentpage.POLL_SECONDS):  # type: ignore[attr-defined]
            try:
                away = follow_connection(statuses(), away, widget.leave, on_return)
            except Exception as error:  # try again next time
                log.warning("could not follow the page's connection: %s", type(error).__name__)

    solara.use_thread(watch, dependencies=[widget], intrusive_cancel=False)
    solara.Column(children=[widget], classes=["xe-seat"])
    solara.Button(_(LEAVE_FOR_LIST), on_click=on_back, classes=["xe-back-to-tables"], text=True)


@solara.component
def ClassTables(desk: StudentDesk, on_seated: Callable[[bool], None] | None = None) -> None:
    """The class's tables: a list with "Sit at table N", then the student's seat;
    ``on_seated`` hears whether the student is at a table (the page folds the rest)."""
    use_language_of_page()
    first = solara.use_memo(desk.tables, [desk])
    listing, set_listing = solara.use_state(first)
    seated, set_seated = solara.use_state(cast(tuple[int, SeatHandle] | None, None))
    handle = None if seated is None else seated[1]
    message, set_message = solara.use_state("")

    def tell() -> None:
        if on_seated is not None:
            on_seated(handle is not None)

    solara.use_effect(tell, [handle is not None])

    def watch(cancel: object) -> None:
        while not cancel.wait(studentpage.POLL_SECONDS):  # type: ignore[attr-defined]
            try:
                set_listing(desk.tables())
            except Exception as error:  # try again next time
                log.warning("could not list the class tables: %s", type(error).__name__)

    solara.use_thread(watch, dependencies=[desk], intrusive_cancel=False)

    def sit(number: int) -> Redraw:
        def run() -> None:
            set_seated((number, desk.sit(number)))

        def click() -> None:
            attempt(run, set_message)
            set_listing(desk.tables())

        return click

    def back() -> None:
        if handle is not None:
            handle.leave()
        set_seated(None)
        set_listing(desk.tables())

    def come_back() -> None:
        if seated is not None:
            attempt(lambda: set_seated((seated[0], desk.sit(seated[0]))), set_message)

    with solara.Column(classes=["xe-class-tables"]):
        solara.HTML(tag="h2", unsafe_innerHTML=_("Class tables"))
        if handle is not None:
            Seat(handle, on_back=back, on_return=come_back)
        else:
            _TableList(listing, sit, desk.name)
        if message:
            solara.Error(message, icon=False, classes=["xe-error"])


def _TableList(listing: TableListing, sit: Callable[[int], Redraw], name: str) -> None:
    """The open tables, each with its Sit button (a part of :func:`ClassTables`)."""
    if not listing.open:
        closed = CLOSED if listing.tables else NONE_OPEN
        solara.HTML(tag="p", unsafe_innerHTML=_(closed), classes=["xe-no-tables"])
    else:
        solara.HTML(
            tag="p",
            unsafe_innerHTML=_(
                "Sit at a table to play Xactika with your classmates. Computer "
                "players take the empty seats when the game starts."
            ),
        )
    held = next((info.number for info in listing.tables if info.holds(name)), None)
    if held is not None:
        solara.HTML(
            tag="p",
            unsafe_innerHTML=_(
                "You have a seat at table {number}: a computer plays it until you go back to it."
            ).format(number=held),
            classes=["xe-held-seat"],
        )
    for info in listing.tables:  # after Close tables: the games still going on
        mine = info.number == held
        if mine:
            label = _("Back to your seat at table {number}").format(number=info.number)
        elif held is None and info.free:
            label = _("Sit at table {number}").format(number=info.number)
        else:
            label = _why_not(info, held)
        with solara.Row(classes=["xe-table-row"]):
            solara.HTML(tag="p", unsafe_innerHTML=escape(info.words()), classes=["xe-table-info"])
            solara.Button(
                label,
                on_click=sit(info.number),
                disabled=not (mine or (held is None and info.free)),
                classes=["xe-sit", f"xe-sit-{info.number}"],
            )
    notice = listing.notice(name)
    if notice:
        solara.HTML(tag="p", unsafe_innerHTML=escape(notice), classes=["xe-tables-full"])


def _why_not(info: TableInfo, held: int | None) -> str:
    """A table's button that cannot seat the student, saying why: their seat is
    elsewhere, the table has started, or it is full."""
    if held is not None:
        return _("Table {number}: your seat is at another table").format(number=info.number)
    if info.playing:
        return _("Table {number}: playing, no new players").format(number=info.number)
    return _("Table {number}: full").format(number=info.number)
