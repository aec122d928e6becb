"""The student app's accessibility in a real browser: an axe-core audit (WCAG 2 A and
AA rules) of every page of the app finds no critical or serious violation, also
after a student has used the widgets; and a keyboard alone reaches, names and
presses every control of the hand explorer and the play table.

axe-core comes from the ``axe-playwright-python`` package (the test extra), which
ships ``axe.min.js`` (axe-core 4.12, MPL-2.0): it is put into the page by Playwright,
not fetched from any host. Debian's Chromium (../shared/BROWSER.md); marked slow;
skipped, with the reason, where Chromium, Playwright or the package is missing.
The server is ``xactika-edu app``, stopped by its PID.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple
from urllib.parse import urljoin

import pytest
from _support import (
    app_command,
    browser_tests_or_skip,
    chromium_browser,
    open_page,
)
from conftest import free_port, running

sync_api = browser_tests_or_skip()
axe_playwright = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="axe-core is missing (pip install axe-playwright-python)",
)

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("solara-a11y")]

#: The audit: axe-core's rules for WCAG 2.0 and 2.1, levels A and AA.
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
#: What must be fixed: axe-core's two highest impacts.
BLOCKING = ("critical", "serious")
#: The chances panel's rows, shown after a card's button is pressed.
CHANCES = ".xe-hand .xe-chances .xe-fraction"


class AppPage(NamedTuple):
    """A page of the app, audited as it opens.

    ``address``: a path of the app (``"/"``), or a pattern whose group 1 is an
    address the app prints as it starts (``r"Teacher link \\(.*\\): (\\S+)"``);
    ``ready``: a CSS selector that is on the page once it is drawn; ``options``: the
    options of ``xactika-edu app`` that serve the page (``("--class", "Period 3")``;
    one server for each set of options); ``join_as``: a first name the page joins
    the class with before the audit (then ``ready`` is on the joined page);
    ``then``: added to the address (``"&view=projector"``).
    """

    address: str
    ready: str
    options: tuple[str, ...] = ()
    join_as: str = ""
    then: str = ""


#: Every page of the app: one line each. The class mode's pages, for example:
#: ``AppPage(r"Students open: (\S+)", ".xe-join-button", ("--class", "Period 3"))``
#: and ``AppPage(r"Teacher link \(.*\): (\S+)", ".xe-start", ("--class", "Period 3"))``.
CLASS = ("--class", "Period 3")
APP_PAGES = [
    AppPage("/", ".xe-hand .xe-select"),
    AppPage(r"Students open: (\S+)", ".xe-join-button", CLASS),
    AppPage(r"Students open: (\S+)", ".xe-class-tables", CLASS, join_as="Zoë"),
    AppPage(r"Teacher link \(.*\): (\S+)", ".xe-open-tables", CLASS),
    AppPage(r"Students open: (\S+)", ".xe-projector-code", CLASS, then="&view=projector"),
]
#: What each page is called in the test ids.
PAGE_IDS = [
    "student app",
    "join page",
    "student page after joining",
    "teacher page",
    "projector view",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium_browser(sync_api)


@pytest.fixture(scope="module")
def servers(tmp_path_factory) -> Iterator[Callable[[tuple[str, ...]], Any]]:
    """``servers(options)``: the app started with ``options`` (once, then the same
    server); every server is stopped by its PID at the end of the module."""
    started: dict[tuple[str, ...], Any] = {}
    with contextlib.ExitStack() as stack:

        def server(options: tuple[str, ...]) -> Any:
            if options not in started:
                folder = tmp_path_factory.mktemp("solara-a11y")
                port = free_port()
                command = app_command(port, *options)
                started[options] = stack.enter_context(running(command, port, folder))
            return started[options]

        yield server


@pytest.fixture(scope="module")
def server(servers) -> Any:
    """The student app as ``xactika-edu app`` serves it with no option."""
    return servers(())


def _address(server: Any, address: str) -> str:
    """The URL of ``address`` (a path, or a pattern of the server's output)."""
    if address.startswith("/"):
        return urljoin(server.url, address)
    deadline = time.monotonic() + 30
    while (found := re.search(address, server.output())) is None:
        assert time.monotonic() < deadline, f"no {address!r} in:\n{server.output()}"
        time.sleep(0.1)
    return found.group(1)


def _open(browser: Any, url: str, ready: str) -> Any:
    """A new page of ``url``, drawn (``ready`` is there) and quiet; requests to any
    other host are stopped, so the audit runs the same offline and online."""
    page = open_page(browser, url, ready)
    page.wait_for_load_state("networkidle")
    return page


def _blocking(page: Any) -> list[str]:
    """axe-core's critical and serious violations on ``page`` now: one line per rule
    (id, impact, help), then one per element it found (its CSS target)."""
    results = axe_playwright.Axe().run(page, options=AXE_OPTIONS).response
    lines = []
    for violation in results["violations"]:
        if violation["impact"] in BLOCKING:
            lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
            lines.extend(
                f"    at {' '.join(map(str, node['target']))}" for node in violation["nodes"]
            )
    return lines


def _audit(page: Any, when: str) -> None:
    found = _blocking(page)
    assert not found, f"axe-core, {when}:\n" + "\n".join(found)


def _join(page: Any, name: str, ready: str) -> None:
    """Join the class on a join page as ``name``; wait for ``ready``."""
    page.locator(".xe-first-name input").fill(name)
    page.locator(".xe-join-button").click()
    page.wait_for_selector(ready)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("app_page", APP_PAGES, ids=PAGE_IDS)
def test_axe_finds_nothing_serious_on_each_page(browser, servers, app_page: AppPage):
    url = _address(servers(app_page.options), app_page.address) + app_page.then
    page = _open(browser, url, ".xe-join-button" if app_page.join_as else app_page.ready)
    try:
        if app_page.join_as:
            _join(page, app_page.join_as, app_page.ready)
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("h1").count() == 1  # every page has one heading on top
        # Solara's busy bar, hidden until a long computation runs, has a name for then
        assert page.locator(".v-progress-linear").first.get_attribute("aria-label")
        _audit(page, f"on {url} as it opens")
    finally:
        page.context.close()


def test_axe_finds_nothing_serious_at_a_class_table(browser, servers):
    """The class tables: the teacher's list, a student's list of tables, then their
    seat as the game starts and after a bid."""
    server = servers(CLASS)
    teacher = _open(browser, _address(server, APP_PAGES[3].address), ".xe-open-tables")
    student = _open(browser, _address(server, APP_PAGES[1].address), ".xe-join-button")
    try:
        teacher.locator(".xe-open-tables").click()
        teacher.locator(".xe-tables-state li").first.wait_for()
        _audit(teacher, "the teacher page with a table open")
        _join(student, "Yan", ".xe-sit-1:enabled")
        _audit(student, "a student's list of tables")
        student.locator(".xe-sit-1").click()
        student.locator(".xe-class-table button:text-is('Start')").click()
        student.locator(".xe-class-table button.xe-bid:visible").first.wait_for()
        _audit(student, "a student's seat, their turn to bid")
        student.locator(".xe-class-table button.xe-bid:visible").first.click()
        student.locator(".xe-class-table button.xe-play:visible").wait_for()
        _audit(student, "a student's seat, their turn to play")
    finally:
        student.context.close()
        teacher.context.close()


def test_axe_finds_nothing_serious_on_the_projector_with_its_graphs(browser, servers):
    """The projector view once a student has drawn: its large graphs and counts."""
    server = servers(CLASS)
    teacher = _open(browser, _address(server, APP_PAGES[3].address), ".xe-start")
    student = _open(browser, _address(server, APP_PAGES[1].address), ".xe-join-button")
    projector = _open(
        browser, _address(server, APP_PAGES[4].address) + APP_PAGES[4].then, ".xe-projector-code"
    )
    try:
        teacher.locator(".xe-start").click()
        _join(student, "Max", ".xe-draw-10")
        student.locator(".xe-draw-10").click()
        projector.locator(".xe-projector .xe-live-values svg").wait_for()
        assert projector.locator("h1").count() == 1 and projector.locator("h2").count() == 1
        assert projector.locator(".xe-projector figure[role=img][aria-label]").count() == 2
        _audit(projector, "the projector view with a student's draws")
    finally:
        for page in (projector, student, teacher):
            page.context.close()


def _play_to_the_end_of_the_hand(page: Any) -> None:
    """Press Bid, then Play, until the hand is over (the Next hand button is on)."""
    table = page.locator(".xe-table")
    for _ in range(20):
        if table.locator("button.xe-next:enabled").count():
            return
        button = table.locator("button.xe-bid:visible, button.xe-play:visible").first
        button.click()
        page.wait_for_timeout(300)
    raise AssertionError("the hand did not end after 20 presses")


def test_axe_finds_nothing_serious_after_a_student_used_the_page(browser, server, tmp_path):
    """The parts that appear only after a click: a selected card and its chances, an
    error line, the coach and the bid list, a whole hand's log and score sheet, the
    deck explorer's filters and pie chart."""
    page = _open(browser, server.url, ".xe-hand .xe-select")
    try:
        hand = page.locator(".xe-hand")
        hand.locator(".xe-select").first.click()
        page.wait_for_function(f"document.querySelectorAll('{CHANCES}').length == 4")
        hand.locator(".xe-played input").nth(3).check()
        hand.get_by_role("button", name="Add void").click()
        hand.get_by_label("Compare with simulation").check()
        page.wait_for_timeout(1000)
        _audit(page, "a card selected, one played, a void, the simulation")

        seed = hand.get_by_label("Seed", exact=True)
        seed.fill("-5")
        seed.press("Enter")
        hand.locator(".xe-error [role=alert]").wait_for()
        _audit(page, "an error line on the hand explorer")

        table = page.locator(".xe-table")
        table.get_by_label("Coach", exact=True).check()
        table.locator(".xe-advice").first.wait_for()
        assert table.locator("button.xe-bid").is_visible()
        _audit(page, "the play table's bid and the coach")

        _play_to_the_end_of_the_hand(page)
        _audit(page, "a whole hand played: the log and the score sheet")

        deck = page.locator(".xe-deck")
        deck.get_by_label("Lowest face value").select_option("10")
        deck.get_by_role("button", name="pie chart").click()
        page.wait_for_function(
            "() => document.querySelector('.xe-deck .xe-summary').innerText.includes('15')"
        )
        _audit(page, "the deck explorer filtered, with a pie chart")
        page.screenshot(path=str(tmp_path / "a11y-used.png"), full_page=True)
    finally:
        page.context.close()


#: Marks each control a keyboard should reach in ``root`` (visible and not disabled)
#: with ``data-xe-key`` and returns their count.
_MARK_CONTROLS = """
(roots) => {
  const sel = 'button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  let n = 0;
  for (const root of roots) {
    for (const el of document.querySelector(root).querySelectorAll(sel)) {
      if (el.disabled || !el.getClientRects().length) continue;
      el.dataset.xeKey = root + ' #' + n++;
    }
  }
  return n;
}
"""
#: The focused element: its mark, the name a screen reader would start from (its
#: label, aria-label, text or tooltip) and its focus ring's width in pixels.
_FOCUSED = """
() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const label = el.labels && el.labels.length ? el.labels[0].innerText : '';
  const name = (el.getAttribute('aria-label') || label || el.innerText || el.title || '');
  const style = getComputedStyle(el);
  const ring = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
  return {key: el.dataset.xeKey || null, name: name.trim(), tag: el.tagName, ring: ring};
}
"""


def _tab_through(page: Any, presses: int) -> list[dict[str, Any]]:
    """Press Tab from the top of the page ``presses`` times; what had the focus."""
    page.locator("h1").first.click()  # the focus starts at the top
    seen = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED)
        if focused is not None:
            seen.append(focused)
    return seen


def test_the_keyboard_reaches_names_and_presses_every_control(browser, server):
    """Tab reaches every control of the hand explorer, the play table and the deck
    explorer, each with a name and a clear focus ring; Enter and Space press a button
    and tick a box."""
    page = _open(browser, server.url, ".xe-hand .xe-select")
    try:
        roots = [".xe-hand", ".xe-table", ".xe-deck"]
        wanted = page.evaluate(_MARK_CONTROLS, roots)
        assert wanted > 35  # the hand explorer has 26, the table 4 or more, the deck 9
        seen = _tab_through(page, presses=wanted + 40)
        reached = {f["key"] for f in seen if f["key"]}
        missed = page.evaluate(
            "(reached) => [...document.querySelectorAll('[data-xe-key]')]"
            ".filter(el => !reached.includes(el.dataset.xeKey)).map(el => el.outerHTML)",
            sorted(reached),
        )
        assert missed == [], "Tab never reaches:\n" + "\n".join(missed)
        nameless = [f for f in seen if f["key"] and not f["name"]]
        assert nameless == [], f"reached by Tab with no name: {nameless}"
        faint = [f for f in seen if f["key"] and f["ring"] < 2]
        assert faint == [], f"focused with no clear focus ring: {faint}"

        # Enter presses a card's button: its chances appear
        hand_select = page.locator(".xe-hand .xe-select").nth(1)
        hand_select.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('{CHANCES}').length == 4")
        assert "✓" in hand_select.inner_text()

        # Space ticks the coach's box and presses the Bid button
        page.locator(".xe-table").get_by_label("Coach", exact=True).focus()
        page.keyboard.press(" ")
        page.locator(".xe-table .xe-advice").first.wait_for()
        page.locator(".xe-table button.xe-bid").focus()
        page.keyboard.press(" ")
        page.wait_for_function(
            "() => document.querySelector('.xe-table .xe-log').innerText.includes('You bid')"
        )
    finally:
        page.context.close()
