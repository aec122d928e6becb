"""Students play each other in a real browser (Debian's Chromium, Playwright; see
../shared/BROWSER.md): ``xactika-edu app --class "Period 3"``; the teacher opens a
table of 4; four students join (each in a browser context of their own) and sit; they
play a whole hand by clicking (only the bid buttons shown, only the cards offered);
every page is redrawn by the others' moves; the hand is in the teacher's scores
download at once; a student closes the tab mid-hand and a computer player takes the
seat, so the others finish; ``kill -9`` of the server and a restart lose no finished
hand. A student's page cannot open tables.

Marked slow (about a minute); skipped, with the reason, where /usr/bin/chromium or
Playwright is missing. The servers are stopped by their PIDs.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest
from _support import (
    PAGE_TIMEOUT_MS,
    browser_tests_or_skip,
    chromium_browser,
    class_server,
    open_page,
)

sync_api = browser_tests_or_skip()

# The class tests share one worker: 31 pages beside another class server starved it in CI.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("solara-class")]

TIMEOUT_MS = PAGE_TIMEOUT_MS
STUDENTS = ("Ann", "Ben", "Chloé", "Dev")
#: A seat widget's parts (:class:`~xactika_edu.ui.widgets.classtable.SeatWidget`).
SEAT = ".xe-class-table"
STATUS = f"{SEAT} .xe-info"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium_browser(sync_api)


def _status(page: Any) -> str:
    return page.locator(STATUS).inner_text()


def _move(page: Any) -> bool:
    """One legal move on ``page`` if it is its turn: the first bid button shown (never
    the dealer's forbidden bid), or Play on the first card offered; whether it moved."""
    status = _status(page)
    if status.startswith("Your turn to bid"):
        shown = page.locator(f"{SEAT} button.xe-bid:visible")
        bids = [int(shown.nth(i).inner_text()) for i in range(shown.count())]
        forbidden = re.search(r"you may not bid (\d+)", status)
        assert bids and (forbidden is None or int(forbidden.group(1)) not in bids), status
        assert all(shown.nth(i).is_enabled() for i in range(shown.count()))
        shown.first.click()
    elif status.startswith("Your turn"):
        cards = page.locator(f"{SEAT} .widget-dropdown select").first.locator("option")
        assert 1 <= cards.count() <= 8
        page.locator(f"{SEAT} button.xe-play").click()
    else:
        return False
    page.wait_for_function(
        "([css, before]) => document.querySelector(css).innerText !== before",
        arg=[STATUS, status],
    )
    assert not page.locator(f"{SEAT} .xe-error [role=alert]").count()
    return True


#: Each click's seconds: to the clicker's own page redrawn, to every page redrawn.
OWN: list[float] = []
ALL: list[float] = []


def _play(pages: list[Any], until: str, moves: int | None = None) -> int:
    """Students' moves until every page's status starts with ``until`` (or ``moves``
    moves were made); returns the number of moves. Each move is timed (:data:`OWN`,
    :data:`ALL`): the other pages must be redrawn by it (the seat widget's ``deliver``)."""
    made = 0
    deadline = time.monotonic() + 60
    while not all(_status(page).startswith(until) for page in pages):
        assert time.monotonic() < deadline, [_status(page) for page in pages]
        if moves is not None and made >= moves:
            break
        for page in pages:
            others = [other for other in pages if other is not page]
            before = [other.locator(SEAT).inner_text() for other in others]
            start = time.perf_counter()
            if _move(page):
                OWN.append(time.perf_counter() - start)
                for other, text in zip(others, before, strict=True):
                    other.wait_for_function(
                        "([css, before]) => document.querySelector(css).innerText !== before",
                        arg=[SEAT, text],
                    )
                ALL.append(time.perf_counter() - start)
                made += 1
                break
        else:
            time.sleep(0.05)  # the next player's page has not heard of the move yet
    return made


def _scores(teacher: Any) -> list[str]:
    """The teacher's scores download, one line each (header first)."""
    button = teacher.get_by_text("Download the scores (CSV)")
    button.wait_for()
    with teacher.expect_download(timeout=TIMEOUT_MS) as download:
        button.click()
    return download.value.path().read_text(encoding="utf-8-sig").splitlines()


def test_four_students_play_a_hand_and_no_finished_hand_is_lost(browser, tmp_path):
    data = tmp_path / "data"
    pages: list[Any] = []
    try:
        with class_server(tmp_path / "first", data) as (app, student_url, teacher_url):
            teacher = open_page(browser, teacher_url, ".xe-open-tables")
            pages.append(teacher)
            assert teacher.get_by_label("Players per table").input_value() == "4"
            teacher.locator(".xe-open-tables").click()
            teacher.get_by_text("Table 1: 4 free seats of 4.").wait_for()
            students = []
            for name in STUDENTS:
                page = open_page(browser, student_url, ".xe-join-button")
                pages.append(page)
                page.locator(".xe-first-name input").fill(name)
                page.locator(".xe-join-button").click()
                assert page.locator(".xe-open-tables, .xe-close-tables").count() == 0
                page.locator(".xe-sit-1:enabled").click()
                page.wait_for_selector(STATUS)
                students.append(page)
            # everyone sat: each page heard the others sit down, the teacher sees them
            for page in students:
                page.get_by_text("4 of 4 seats have players").wait_for()
            teacher.get_by_text("Sitting: Ann, Ben, Chloé, Dev.").wait_for()
            students[0].locator(f"{SEAT} button:text-is('Start')").click()
            made = _play(students, "Hand 1 of 8 is over")
            assert made == 4 + 8 * 4  # every bid and card was a student's click
            lines = _scores(teacher)
            assert lines[0].startswith("game,hand,player") and len(lines) == 1 + 4
            assert {line.split(",")[2] for line in lines[1:]} == set(STUDENTS)
            # the next hand: Dev's tab closes mid-hand, a computer plays his seat
            students[1].locator(f"{SEAT} button.xe-next").click()
            _play(students, "", moves=6)
            students[3].close(run_before_unload=True)
            others = students[:3]
            others[0].get_by_text("Dev (away: a computer plays for now)").first.wait_for()
            _play(others, "Hand 2 of 8 is over")
            teacher.get_by_text("Download the scores (CSV)").wait_for()
            lines = _scores(teacher)  # hand 2 is left out: a computer played for Dev
            assert len(lines) == 1 + 4 and {line.split(",")[1] for line in lines[1:]} == {"1"}
            # a student's page cannot open tables: no control, and no teacher page
            students[0].goto(student_url.split("?")[0] + "?token=wrong")
            students[0].get_by_text("This teacher link is not valid").wait_for()
            assert students[0].locator(".xe-open-tables").count() == 0
            os.kill(app.process.pid, signal.SIGKILL)  # a crash: no goodbye
            app.process.wait(timeout=10)
            assert "Traceback" not in app.output() and "failed" not in app.output()
        print(
            f"\na click at a 4-seat table ({len(OWN)} clicks), median and slowest: to the "
            f"clicker's page redrawn {statistics.median(OWN) * 1000:.0f} and "
            f"{max(OWN) * 1000:.0f} ms; to every page redrawn "
            f"{statistics.median(ALL) * 1000:.0f} and {max(ALL) * 1000:.0f} ms"
        )
        with class_server(tmp_path / "second", data) as (again, _, teacher_url):
            teacher = open_page(browser, teacher_url, ".xe-open-tables")
            pages.append(teacher)
            lines = _scores(teacher)
            assert len(lines) == 1 + 4 and {line.split(",")[1] for line in lines[1:]} == {"1"}
            assert "Traceback" not in again.output()
    finally:
        for page in pages:
            with contextlib.suppress(Exception):
                page.context.close()
