"""The "Class tables" section of a student's page, once they joined: the open tables
with their free seats, "Sit at table N", then the student's seat
(:class:`~xactika_edu.ui.widgets.classtable.SeatWidget`).

The list learns of new tables and seats by asking the class's
:class:`~xactika_edu.ui.app.tableroom.TableRoom` every
:data:`~xactika_edu.ui.app.studentpage.POLL_SECONDS` seconds. A move at the table is
made in the mover's own page (thread); the other pages at the table are redrawn
through the seat widget's ``deliver`` hook, inside each page's own Solara context
(:func:`page_deliver`). A page that closes leaves the table: a computer player then
holds the seat until the student sits down again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from typing import Any, cast

import solara

from ...teaching.classdata.classtable import SeatHandle
from ..widgets.classtable import SeatWidget
from . import studentpage
from .classroom import StudentDesk
from .studentpage import attempt
from .tableroom import ALL_FULL, NONE_OPEN, TableListing

__all__ = ["ClassTables", "Seat", "page_deliver"]

log = logging.getLogger("xactika_edu.app")

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


@solara.component
def Seat(handle: SeatHandle, on_back: Callable[[], None]) -> None:
    """The student's seat; leaves the table when the page closes."""
    widget = solara.use_memo(lambda: SeatWidget(handle, deliver=page_deliver()), [handle])

    def leave_when_closed() -> Callable[[], None]:
        return widget.leave

    solara.use_effect(leave_when_closed, [widget])
    solara.Column(children=[widget], classes=["xe-seat"])
    solara.Button(
        "Back to the list of tables", on_click=on_back, classes=["xe-back-to-tables"], text=True
    )


@solara.component
def ClassTables(desk: StudentDesk) -> None:
    """The class's tables: a list with "Sit at table N", then the student's seat."""
    first = solara.use_memo(desk.tables, [desk])
    listing, set_listing = solara.use_state(first)
    handle, set_handle = solara.use_state(cast(SeatHandle | None, None))
    message, set_message = solara.use_state("")

    def watch(cancel: object) -> None:
        while not cancel.wait(studentpage.POLL_SECONDS):  # type: ignore[attr-defined]
            try:
                set_listing(desk.tables())
            except Exception as error:  # try again next time
                log.warning("could not list the class tables: %s", type(error).__name__)

    solara.use_thread(watch, dependencies=[desk], intrusive_cancel=False)

    def sit(number: int) -> Redraw:
        def run() -> None:
            set_handle(desk.sit(number))

        def click() -> None:
            attempt(run, set_message)
            set_listing(desk.tables())

        return click

    def back() -> None:
        if handle is not None:
            handle.leave()
        set_handle(None)
        set_listing(desk.tables())

    with solara.Column(classes=["xe-class-tables"]):
        solara.HTML(tag="h2", unsafe_innerHTML="Class tables")
        if handle is not None:
            Seat(handle, on_back=back)
        else:
            _TableList(listing, sit, desk.name)
        if message:
            solara.Error(message, icon=False, classes=["xe-error"])


def _TableList(listing: TableListing, sit: Callable[[int], Redraw], name: str) -> None:
    """The open tables, each with its Sit button (a part of :func:`ClassTables`)."""
    if not listing.open:
        solara.HTML(tag="p", unsafe_innerHTML=NONE_OPEN, classes=["xe-no-tables"])
        return
    solara.HTML(
        tag="p",
        unsafe_innerHTML="Sit at a table to play Xactika with your classmates. Computer "
        "players take the empty seats when the game starts.",
    )
    for info in listing.tables:
        mine = info.holds(name)
        label = (
            f"Back to your seat at table {info.number}" if mine else f"Sit at table {info.number}"
        )
        with solara.Row(classes=["xe-table-row"]):
            solara.HTML(tag="p", unsafe_innerHTML=escape(info.words()), classes=["xe-table-info"])
            solara.Button(
                label,
                on_click=sit(info.number),
                disabled=not (info.free or mine),
                classes=["xe-sit", f"xe-sit-{info.number}"],
            )
    if listing.full:
        solara.HTML(tag="p", unsafe_innerHTML=ALL_FULL, classes=["xe-tables-full"])
