"""A class in a real browser (Debian's Chromium, Playwright; see ../shared/BROWSER.md):
``xactika-edu app --class "Period 3"``; the teacher starts an experiment, four students
join with the code and their first names (each in a browser context of their own)
and draw; the teacher's pooled count is the sum of their draws, and the projector
view (opened from the teacher page) shows it live; a student's page cannot reach the
teacher's actions; no page asks another host for anything.

Marked slow; skipped, with the reason, where /usr/bin/chromium or Playwright is
missing. The server is stopped by its PID.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from _support import (
    PAGE_TIMEOUT_MS,
    browser_tests_or_skip,
    chromium_browser,
    class_server,
    open_page,
    other_hosts,
)

sync_api = browser_tests_or_skip()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("solara-class")]

TIMEOUT_MS = PAGE_TIMEOUT_MS
#: Each student's name and how many times they press "Draw 10" (then "Draw 1" once).
STUDENTS = {"Ann": 1, "Ben": 2, "Chloé": 1, "Dev": 3}


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from chromium_browser(sync_api)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[object, str, str]]:
    """The class server: (server, student address, teacher link)."""
    folder = tmp_path_factory.mktemp("solara-class")
    with class_server(folder, folder / "data") as found:
        yield found


def _tally(page) -> int:
    text = page.locator(".xe-tally").inner_text()
    return int(re.match(r"You drew (\d+) cards?\.", text).group(1))


def test_a_class_pools_its_draws_live_and_students_cannot_act_as_teacher(browser, server):
    app, student_url, teacher_url = server
    code = student_url.rsplit("=", 1)[1]
    seen: list[str] = []
    pages = []
    try:
        teacher = open_page(browser, teacher_url, ".xe-start", seen=seen)
        pages.append(teacher)
        assert code in teacher.locator(".xe-class-info").inner_text()
        # the address students open, as the teacher's browser reached the app; no token
        address = teacher.locator(".xe-students-address").inner_text()
        assert address == f"Students open: {student_url}" and "token" not in address
        # the projector view, from the teacher page's link (a new tab): no token, no control
        with teacher.context.expect_page() as opened:
            teacher.locator(".xe-projector-link").click()
        projector = opened.value
        projector.wait_for_selector(".xe-projector-code", timeout=TIMEOUT_MS)
        assert "view=projector" in projector.url and "token" not in projector.url
        assert projector.locator(".xe-projector-code").inner_text() == code
        assert student_url in projector.locator(".xe-join-info").inner_text()
        students = {}
        for name in STUDENTS:
            page = open_page(browser, student_url, ".xe-join-button", seen=seen)
            pages.append(page)
            assert page.locator(".xe-class-code input").input_value() == code
            if name == "Ann":  # a wrong code first: a plain message, then the right one
                page.locator(".xe-class-code input").fill("WRONG1")
                page.locator(".xe-first-name input").fill(name)
                page.locator(".xe-join-button").click()
                alert = page.get_by_role("alert")
                alert.wait_for()
                assert "There is no class with the code 'WRONG1'" in alert.inner_text()
                page.locator(".xe-class-code input").fill(code)
            page.locator(".xe-first-name input").fill(name)
            page.locator(".xe-join-button").click()
            page.wait_for_selector(".xe-waiting")
            students[name] = page
        # a second "Ann" is told the name is taken
        twin = open_page(browser, student_url, ".xe-join-button", seen=seen)
        pages.append(twin)
        twin.locator(".xe-first-name input").fill("ann")
        twin.locator(".xe-join-button").click()
        twin.get_by_role("alert").wait_for()
        assert "on another computer right now" in twin.get_by_role("alert").inner_text()
        # no student page has a teacher's control
        for page in [*students.values(), twin]:
            assert page.locator(".xe-start, .xe-stop, .xe-reset, .xe-exports").count() == 0
        teacher.locator(".xe-start").click()
        for name, tens in STUDENTS.items():
            page = students[name]
            page.wait_for_selector(".xe-draw-10")  # the page noticed the experiment
            for clicks in range(1, tens + 1):
                page.locator(".xe-draw-10").click()
                page.wait_for_function(
                    "n => /You drew (\\d+)/.exec(document.querySelector('.xe-tally')"
                    ".innerText)[1] == n",
                    arg=str(10 * clicks),
                )
            page.locator(".xe-draw-1").click()
            page.wait_for_function(
                "n => /You drew (\\d+)/.exec(document.querySelector('.xe-tally')"
                ".innerText)[1] == n",
                arg=str(10 * tens + 1),
            )
        total = sum(_tally(page) for page in students.values())
        assert total == sum(10 * tens + 1 for tens in STUDENTS.values())
        # the teacher's page pools them live: the total and each student's own count
        teacher.wait_for_function(
            "n => document.querySelector('.xe-pool') && "
            "document.querySelector('.xe-pool').innerText.includes(' of ' + n + ' draws')",
            arg=str(total),
            timeout=TIMEOUT_MS,
        )
        rows = teacher.locator(".xe-counts tbody tr")
        counts = {
            rows.nth(i).locator("th").inner_text(): int(
                rows.nth(i).locator("td").first.inner_text()
            )
            for i in range(rows.count())
        }
        assert counts == {name: _tally(page) for name, page in students.items()}
        assert teacher.locator(".xe-live-frequency svg").count() == 1
        assert teacher.locator(".xe-live-values svg").count() == 1
        # the projector view shows them live too, and still holds no control nor token
        projector.wait_for_function(
            "n => document.querySelector('.xe-pool') && "
            "document.querySelector('.xe-pool').innerText.includes(' of ' + n + ' draws')",
            arg=str(total),
            timeout=TIMEOUT_MS,
        )
        assert projector.locator(".xe-live-values svg").count() == 1
        assert projector.locator(".xe-counts tbody tr").count() == len(STUDENTS)
        # no control but its language switch (issue 14)
        controls = "button:visible:not(.xe-language), input:visible, select:visible"
        assert projector.locator(controls).count() == 0
        assert projector.locator(".xe-language").count() == 2
        assert teacher_url.rsplit("=", 1)[1] not in projector.content()
        # the download is the class's draws, one row each
        with teacher.expect_download(timeout=TIMEOUT_MS) as download:
            teacher.get_by_text("Download the draws (CSV)").click()
        assert download.value.suggested_filename == "period-3-draws.csv"
        rows = download.value.path().read_text(encoding="utf-8-sig").splitlines()
        assert rows[0] == "student,activity,card" and len(rows) == total + 1
        # a student who tries the teacher page with a wrong or no token gets nothing
        for bad in ("?token=wrong", "?token="):
            page = students["Ben"]
            page.goto(student_url.split("?")[0] + bad)
            page.get_by_text("This teacher link is not valid").wait_for()
            assert page.locator(".xe-start, .xe-stop, .xe-reset, .xe-exports").count() == 0
    finally:
        for page in pages:
            page.context.close()
    assert seen and other_hosts(student_url, seen) == []
    assert "Traceback" not in app.output()
