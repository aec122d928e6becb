"""The Solara student app in a real browser (Debian's Chromium, Playwright; see
../shared/BROWSER.md): the page asks no other host for anything, a widget answers a
click, and a page whose connection drops shows Solara's "disconnected" state and
comes back with its state.

Marked slow; skipped, with the reason, where /usr/bin/chromium or Playwright is
missing (CI installs both). The server is ``xactika-edu app``, stopped by its PID.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest
from _support import (
    PAGE_TIMEOUT_MS,
    app_command,
    browser_tests_or_skip,
    chromium_browser,
    open_page,
    other_hosts,
)
from conftest import free_port, running

sync_api = browser_tests_or_skip()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("solara-app")]

TIMEOUT_MS = PAGE_TIMEOUT_MS
#: The chances panel's text changes after a click on a card's button.
CHANCES = ".xe-hand .xe-chances .xe-fraction"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from chromium_browser(sync_api)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[object]:
    folder = tmp_path_factory.mktemp("solara-app")
    port = free_port()
    with running(app_command(port), port, folder) as server:
        yield server


def test_app_page_works_and_asks_no_other_host(browser, server, tmp_path):
    seen: list[str] = []
    page = open_page(browser, server.url, ".xe-hand .xe-select", seen=seen)
    try:
        assert page.title().strip() == "Xactika student app"
        assert page.locator("h1").first.inner_text() == "Xactika student app"
        for root in (".xe-hand", ".xe-table", ".xe-deck"):
            assert page.locator(root).count() == 1, root
        page.locator(".xe-hand .xe-select").first.click()
        page.wait_for_function(f"document.querySelectorAll('{CHANCES}').length == 4")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(tmp_path / "solara-app.png"), full_page=True)
    finally:
        page.context.close()
    assert seen and other_hosts(server.url, seen) == []
    # the front end came from this server (solara-assets), not a CDN
    assert any("/_solara/cdn/" in u for u in seen)


def test_a_page_whose_connection_drops_comes_back_with_its_state(browser, server, tmp_path):
    seen: list[str] = []
    page = open_page(browser, server.url, ".xe-hand .xe-select", seen=seen)
    try:
        page.locator(".xe-hand .xe-select").nth(2).click()
        page.wait_for_function(f"document.querySelectorAll('{CHANCES}').length == 4")
        before = page.locator(".xe-hand .xe-chances").inner_text()
        status = page.locator(".xe-hand .xe-status").inner_text()
        # Close the page's websocket as a network drop would (Solara's own test hook).
        assert page.evaluate("() => solara.debug.dropConnection()") is True
        # While it is down, Solara covers the page with its "disconnected" spinner ...
        page.wait_for_function("() => solara.debug.reconnectCount >= 1", timeout=TIMEOUT_MS)
        # ... and once connected again the page is the same page, with the same state.
        page.wait_for_function("() => solara.debug.connectionStatus === 'connected'")
        assert page.locator(".xe-hand .xe-status").inner_text() == status
        assert page.locator(".xe-hand .xe-chances").inner_text() == before
        assert page.get_by_text("Please refresh the page").count() == 0
        # and it still answers
        page.locator(".xe-hand .xe-select").nth(0).click()
        page.wait_for_function(
            "([sel, before]) => document.querySelector(sel).innerText !== before",
            arg=[".xe-hand .xe-chances", before],
        )
        page.screenshot(path=str(tmp_path / "after-reconnect.png"), full_page=True)
    finally:
        page.context.close()
    # (The terminal says "reconnected" only if the server saw the old connection close
    # before the new one opened; either order is right.)
    assert "Traceback" not in server.output()


def test_a_page_whose_server_restarted_says_so(browser, tmp_path):
    """While the server is down the page shows Solara's "Server disconnected" spinner;
    when the server is back (without the page's state) the page asks to be refreshed,
    never a dead page."""
    port = free_port()
    command = app_command(port)
    seen: list[str] = []
    with running(command, port, tmp_path / "first") as first:
        page = open_page(browser, first.url, ".xe-hand .xe-select", seen=seen)
        first.stop(signal.SIGKILL)  # a crash: nothing said goodbye to the page
    try:
        spinner = page.get_by_text("Server disconnected")
        spinner.wait_for(state="visible", timeout=TIMEOUT_MS)
        page.screenshot(path=str(tmp_path / "server-down.png"))
        with running(command, port, tmp_path / "second"):
            notice = page.get_by_text("Please refresh the page", exact=True)
            notice.wait_for(state="visible", timeout=90_000)
            assert page.get_by_text("App is disconnected").is_visible()
            page.screenshot(path=str(tmp_path / "server-back.png"))
            page.reload()
            page.wait_for_selector(".xe-hand .xe-select", timeout=60_000)
    finally:
        page.context.close()
