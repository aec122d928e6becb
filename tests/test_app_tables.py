"""Class tables in the app without a browser: the teacher opens tables (the token
checked on the server), students sit by the name they joined with and play each other,
every finished hand is in the class's scores at once, a closed page leaves its seat to
a computer player, the link's seed seeds the deals, a new table opens when every seat
is taken. The pages are rendered with Solara's test renderer, as in test_app_class.py."""

from __future__ import annotations

import pytest

solara = pytest.importorskip("solara", reason="Solara is missing")
v = pytest.importorskip("ipyvuetify")

import ipywidgets as widgets  # noqa: E402
import test_app_class  # noqa: E402
from test_app_class import buttons, html, join, render, wait_until  # noqa: E402

from xactika_edu.base.errors import TeacherLinkError, XactikaError  # noqa: E402
from xactika_edu.teaching.classdata.classtable import ClassTable  # noqa: E402
from xactika_edu.ui.app import tablepage, tableroom  # noqa: E402
from xactika_edu.ui.app.classroom import StudentDesk, TeacherDesk, join_class  # noqa: E402
from xactika_edu.ui.app.tableroom import TableRoom, class_tables  # noqa: E402
from xactika_edu.ui.widgets.classtable import SeatWidget  # noqa: E402

#: A served class "Period 3" in a fresh data folder: (store, code, token).
room = test_app_class.room


def seat_widget(page) -> SeatWidget:
    """The seat widget shown on a student's page."""
    return page.find(SeatWidget).widget


def open_tables(page, seats: int) -> None:
    """The teacher chooses the players per table and presses Open a table."""
    page.find(widgets.Dropdown, description="Players per table").widget.value = seats
    page.find(v.Btn, children=["Open a table"]).widget.click()


def student(code: str, name: str, *, sit: int | None = 1):
    page = render(f"?class={code}")
    join(page, name)
    if sit is not None:
        page.find(v.Btn, children=[f"Sit at table {sit}"]).widget.click()
        page.find(SeatWidget).wait_for(timeout=10)
    return page


def move(seat: SeatWidget) -> bool:
    """One legal move for the seat if it is its turn (the first legal bid button, or
    the first card offered, calling the first combination); whether it moved."""
    view = seat.view
    if not view.your_turn:
        return False
    if view.phase == "bid":
        shown = [b for b in seat.bid_buttons if not b.disabled and b.layout.display != "none"]
        assert [int(b.description) for b in shown] == view.legal_bids()
        shown[0].click()
    else:
        seat.card_box.value = seat.card_box.options[0][1]
        if not seat.call_box.disabled:
            seat.call_box.value = seat.call_box.options[0][1]
        seat.play_button.click()
    assert seat.last_error is None and not seat.error.value, seat.error.value
    return True


def play_hand(seats: list[SeatWidget], stop_after: int | None = None) -> int:
    """Students' moves until the hand is over (or ``stop_after`` moves); the count."""
    moves = 0
    while not seats[0].view.hand_over and moves != stop_after:
        moved = [move(seat) for seat in seats if not seat.view.hand_over]
        assert any(moved), [s.view.phase for s in seats]
        moves += sum(moved)
    return moves


def test_a_student_cannot_open_tables(room):
    store, code, _ = room
    page = student(code, "Ann", sit=None)
    assert "No tables are open yet" in html(page, "xe-no-tables")[0]
    assert not {"Open a table", "Close tables"} & set(buttons(page))
    assert not hasattr(StudentDesk, "open_table")
    for wrong in ("a guess", "", None):
        with pytest.raises(TeacherLinkError):
            TeacherDesk(store, code, wrong).open_table(4)
    assert not class_tables(store, code).listing().open
    with pytest.raises(XactikaError, match="No tables are open yet"):
        join_class(store, code, code, "Ben").sit(1)
    page.close()


def test_students_play_a_hand_at_a_table_the_teacher_opened(room):
    store, code, token = room
    teacher = render(f"?token={token}")
    open_tables(teacher, 3)
    pages = [student(code, name) for name in ("Ann", "Ben")]
    ann, ben = (seat_widget(page) for page in pages)
    assert "Ben" in ann.board.value  # Ann's page was redrawn when Ben sat down
    wait_until(lambda: "Sitting: Ann, Ben." in html(teacher, "xe-tables-box")[0])
    ann.start_button.click()
    assert ann.view.names == ("Ann", "Ben", "Computer 3")
    play_hand([ann, ben])
    scores = store.scores(code)  # in the store the moment the hand ended
    assert dict(zip(scores["player"], scores["bid"], strict=True)) == dict(
        zip(ann.view.names, ann.view.player.bids, strict=True)
    )
    assert scores["tricks"].sum() == 8 and set(scores["hand"]) == {1}
    assert TeacherDesk(store, code, token).scores_file().count(b"\n") == 4
    for page in (teacher, *pages):
        page.close()


def test_a_closed_page_leaves_its_seat_to_a_computer_and_comes_back(room):
    store, code, token = room
    TeacherDesk(store, code, token).open_table(2)
    first, ben_page = student(code, "Ann"), student(code, "Ben")
    ann, ben = seat_widget(first), seat_widget(ben_page)
    ben.start_button.click()
    play_hand([ann, ben], stop_after=3)
    first.close()  # Ann's tab closed mid-hand: the page's cleanup leaves the table
    assert ben.view.computer == (True, False) and ben.view.away == (True, False)
    assert "away: a computer plays for now" in ben.board.value
    play_hand([ben])  # the computer plays Ann's seat: Ben finishes the hand
    assert store.scores(code).empty  # a computer played part of Ann's seat: not stored
    again = student(code, "Ann", sit=None)  # Ann comes back: her seat, not a new one
    back = again.find(v.Btn, children=["Back to your seat at table 1"]).widget
    back.click()
    assert seat_widget(again).handle.seat == 0 and not ben.view.computer[0]
    for page in (again, ben_page):
        page.close()


def test_a_new_table_opens_when_every_seat_is_taken_until_the_most(room, monkeypatch):
    store, code, token = room
    monkeypatch.setattr(tableroom, "MAX_TABLES", 2)
    teacher = TeacherDesk(store, code, token)
    teacher.open_table(2)
    desks = [join_class(store, code, code, name) for name in ("Ann", "Ben", "Cy", "Dee", "Eve")]
    desks[0].sit(1), desks[1].sit(1)
    assert [(t.number, t.free) for t in teacher.tables().tables] == [(1, 0), (2, 2)]
    desks[2].sit(2), desks[3].sit(2)
    listing = teacher.tables()
    assert listing.full and len(listing.tables) == 2
    page = student(code, "Eve", sit=None)
    assert html(page, "xe-tables-full") == [tableroom.ALL_FULL]
    assert all(b.disabled for b in page.find(v.Btn, children=["Table 1: full"]).widgets)
    with pytest.raises(XactikaError, match="This table is full"):
        desks[4].sit(1)
    teacher.close_tables()
    assert not teacher.tables().open
    page.close()


def test_the_teacher_links_seed_seeds_the_tables(room):
    _, code, token = room
    teacher = render(f"?token={token}&seed=12")
    open_tables(teacher, 2)
    open_tables(teacher, 2)
    ann = seat_widget(student(code, "Ann", sit=2))
    ann.start_button.click()
    expected = ClassTable(2, seed=tableroom.table_seed(12, 2))
    expected.sit("Ann")
    expected.start()
    assert ann.view.seed == 1012 and ann.view.player.hand == expected.view(0).player.hand
    teacher.close()


def test_a_table_refuses_bad_sizes_and_a_wrong_table_number(room):
    store, code, _ = room
    room_ = TableRoom(store, code)
    for bad in (1, 11):
        with pytest.raises(XactikaError, match="players per table"):
            room_.open_table(bad)
    room_.open_table(4)
    with pytest.raises(XactikaError, match="There is no table 3"):
        room_.sit("Ann", 3)


def test_a_page_whose_connection_drops_leaves_its_seat_and_comes_back(room, monkeypatch):
    """The network drops: a computer player holds the seat; it comes back: the student
    sits down again in the same seat, by themselves."""
    store, code, token = room
    tabs = {"Ann": ["connected"]}
    monkeypatch.setattr(tablepage, "page_statuses", lambda: lambda: tabs["Ann"])
    TeacherDesk(store, code, token).open_table(2)
    page = student(code, "Ann")
    seat = seat_widget(page)
    tabs["Ann"] = ["disconnected"]
    wait_until(lambda: not seat.handle.is_seated)
    assert class_tables(store, code).listing().tables[0].students == ()
    tabs["Ann"] = ["connected"]
    wait_until(lambda: seat_widget(page) is not seat and seat_widget(page).handle.is_seated)
    assert seat_widget(page).handle.seat == seat.handle.seat
    page.close()
