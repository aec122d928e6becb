"""The widgets in a real browser: the student app (Solara) and JupyterLab, in Debian's
Chromium driven by Playwright for Python (see ../shared/BROWSER.md).

Skipped, with the reason, where /usr/bin/chromium or Playwright is missing; CI
installs both. Screenshots and the measured click-to-readout times are written to
each test's temporary folder (and printed: run pytest with -s to see them).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from _support import CHROMIUM, chromium_browser
from conftest import free_port, running

from xactika_edu import chance_unbeatable, deal
from xactika_edu.teaching.lessonmeta import lesson_notebooks as classpack_lessons
from xactika_edu.ui.widgets import format_fraction

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is missing (pip install playwright)"
)
pytest.importorskip("solara", reason="Solara is missing (pip install solara solara-assets)")

TIMEOUT_MS = 30_000  # any single wait
PLAYERS = 4  # the app's HandWidget(players=4)

# Resolves with the milliseconds from a click (in the page) to the first change of
# the chances panel's text.
CLICK_TO_READOUT = """([hand, selector, index]) => new Promise((resolve, reject) => {
    const root = document.querySelectorAll(hand)[0];
    const panel = root.querySelector('.xe-chances-panel');
    const before = panel.textContent;
    const target = root.querySelectorAll(selector)[index];
    const timer = setTimeout(() => reject(new Error('no change in 10 s')), 10000);
    const start = performance.now();
    const observer = new MutationObserver(() => {
        if (panel.textContent !== before) {
            const elapsed = performance.now() - start;
            observer.disconnect();
            clearTimeout(timer);
            resolve(elapsed);
        }
    });
    observer.observe(panel, {subtree: true, childList: true, characterData: true});
    target.click();
})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from chromium_browser(sync_api)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory) -> Iterator[object]:
    """``xactika-edu app`` on a free port; stopped with Ctrl-C (SIGINT) by its PID."""
    folder = tmp_path_factory.mktemp("app")
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "xactika_edu.outputs.cli",
        "app",
        f"--port={port}",
        "--no-browser",
    ]
    with running(command, port, folder) as server:
        yield server


@pytest.fixture(scope="module")
def app_page(browser, app_server) -> Iterator[object]:
    """The student app, loaded once: its widgets are drawn."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(app_server.url, timeout=TIMEOUT_MS)
        page.wait_for_selector(".xe-hand .xe-select", timeout=60_000)
        page.wait_for_selector(".xe-table .xe-info", timeout=TIMEOUT_MS)
        yield page
    finally:
        page.close()


#: Each exact-chance cell's fraction: shown as it is when short, else inside a closed
#: <details> under "exact" (the percent leads), whose hidden text is read here.
_FRACTIONS = """els => els.map(e => {
    const d = e.querySelector('details');
    if (!d) return e.innerText.trim();
    return d.textContent.slice(d.querySelector('summary').textContent.length).trim();
})"""


def _readout(page, root: str = ".xe-hand") -> list[str]:
    return page.eval_on_selector_all(f"{root} .xe-chances .xe-fraction", _FRACTIONS)


def _seed(page, root: str = ".xe-hand") -> int:
    status = page.locator(f"{root} .xe-status").inner_text()
    return int(re.search(r"Seed (\d+)", status).group(1))


def _expected(hand, index: int, played: set[int] = frozenset()) -> list[str]:
    """The library's chances for card ``index`` with the cards ``played`` marked."""
    held = [c for i, c in enumerate(hand) if i not in played]
    seen = [c for i, c in enumerate(hand) if i in played]
    card = hand[index]
    return [
        format_fraction(chance_unbeatable(card, c, held, PLAYERS, seen)) for c in card.combinations
    ]


def _click_and_time(page, root: str, selector: str, index: int) -> float:
    return float(page.evaluate(CLICK_TO_READOUT, [root, selector, index]))


def _report(tmp_path: Path, name: str, times: dict[str, float]) -> None:
    lines = [f"{name}: {what}: {ms:.1f} ms" for what, ms in times.items()]
    print("\n" + "\n".join(lines))
    (tmp_path / "latency.txt").write_text("\n".join(lines) + "\n")
    (tmp_path / "latency.json").write_text(json.dumps(times, indent=1))


def _check_hand(page, root: str, hand, tmp_path: Path, name: str) -> dict[str, float]:
    """8 cards; a click shows the library's four chances; marking a card played
    changes them as the library says. Returns the click-to-readout times (ms)."""
    buttons = page.locator(f"{root} .xe-select")
    assert buttons.count() == 8
    assert page.locator(f"{root} .xe-card svg").count() == 8
    times = {}
    times["select a card"] = _click_and_time(page, root, ".xe-select", 0)
    page.wait_for_function(
        f"document.querySelectorAll('{root} .xe-chances .xe-fraction').length == 4"
    )
    shown = _readout(page, root)
    assert shown == _expected(hand, 0)
    assert len(page.locator(f"{root} .xe-chances .xe-percent").all_inner_texts()) == 4
    assert "★ best" in page.locator(f"{root} .xe-chances").inner_text()
    # Mark another card played: the first card whose removal changes card 0's chances.
    other = next(i for i in range(1, 8) if _expected(hand, 0, {i}) != shown)
    times["mark a card played"] = _click_and_time(page, root, ".xe-played input", other)
    page.wait_for_function(
        f"document.querySelector('{root} .xe-status').textContent.includes('1 card played')"
    )
    assert _readout(page, root) == _expected(hand, 0, {other})
    assert page.locator(f"{root} .xe-played input").nth(other).is_checked()
    page.screenshot(path=str(tmp_path / f"{name}-hand.png"), full_page=True)
    for ms in times.values():
        assert 0 < ms < 5000  # a sanity bound only; the figure itself is reported
    return times


def test_student_app(app_page, tmp_path):
    """The student app's one page: its title, the hand, then a whole hand played at the
    table. One test, so that one worker (pytest-xdist) starts the app."""
    assert app_page.title().strip() == "Xactika student app"
    _check_app_hand(app_page, tmp_path)
    _check_app_play_table_full_hand(app_page, tmp_path)


def _check_app_hand(page, tmp_path: Path) -> None:
    assert page.locator(".xe-hand").count() == 1
    # No code on the page: only the widgets and their headings.
    body = page.inner_text("body")
    assert "HandWidget(" not in body and "from xactika_edu" not in body
    assert page.locator(".cm-editor, textarea.jp-InputArea").count() == 0
    assert page.locator("h1").first.inner_text().startswith("Xactika")
    seed = _seed(page)
    hand = deal(PLAYERS, seed=seed)[0]
    titles = page.locator(".xe-hand .xe-select").all_inner_texts()
    assert [t.strip() for t in titles] == [f"#{i + 1}: {c.value}" for i, c in enumerate(hand)]
    page.screenshot(path=str(tmp_path / "app.png"), full_page=True)
    times = _check_hand(page, ".xe-hand", hand, tmp_path, "app")
    _report(tmp_path, "Solara app", times)


def _choose(select, pick) -> int:
    """Choose option ``pick(n)`` of a dropdown offering ``n``; returns ``n``."""
    count = int(select.evaluate("s => s.options.length", timeout=5000))
    if count == 0:
        raise sync_api.TimeoutError("no options yet")
    select.select_option(index=pick(count), timeout=5000)
    return count


def _check_app_play_table_full_hand(page, tmp_path: Path) -> None:
    table = page.locator(".xe-table")
    log, info = table.locator(".xe-log"), table.locator(".xe-info")
    bid, play = table.locator(".xe-bid"), table.locator(".xe-play")
    card_select = table.locator(".widget-dropdown").filter(has_text="Card").locator("select")
    call_select = table.locator(".widget-dropdown").filter(has_text="Call").locator("select")
    bid_select = table.locator(".widget-dropdown").filter(has_text="Your bid").locator("select")
    deadline = time.monotonic() + 60
    moves = 0
    while table.locator(".xe-score-sheet").count() == 0:
        assert time.monotonic() < deadline, f"the hand did not finish:\n{table.inner_text()}"
        before = [log.inner_text(), info.inner_text()]
        try:
            if bid.is_visible() and bid.is_enabled():
                legal = _choose(bid_select, lambda n: n // 2)  # a middle legal bid
                if moves == 0:
                    assert legal >= 8  # 0-8, less the dealer's forbidden bid
                    page.screenshot(path=str(tmp_path / "app-table-bid.png"), full_page=True)
                bid.click(timeout=5000)
            elif play.is_visible() and play.is_enabled():
                _choose(card_select, lambda n: n - 1)  # the last legal card
                if call_select.is_enabled():
                    assert _choose(call_select, lambda n: n - 1) == 4  # a card's 4 calls
                play.click(timeout=5000)
            else:
                raise sync_api.TimeoutError("no bid or play offered yet")
        except sync_api.TimeoutError:  # the page is still drawing the bots' answer
            assert time.monotonic() < deadline, f"no bid or play offered:\n{table.inner_text()}"
            page.wait_for_timeout(100)
            continue
        moves += 1
        # Every move changes the log and the status line (a bid, or the tricks taken);
        # the status is drawn after the buttons, so when it has changed the page shows
        # whose turn it is now (under load the page can lag behind the kernel).
        page.wait_for_function(
            """([selectors, before]) => selectors.every(
                (s, i) => document.querySelector(s).textContent !== before[i])""",
            arg=[[".xe-table .xe-log", ".xe-table .xe-info"], before],
            timeout=TIMEOUT_MS,
        )
        assert table.locator(".xe-error").inner_text().strip() == ""
    # Eight cards played, as the log shows (the bid is not in it). Counting clicks is not
    # enough: under load, the log can still be drawing the bots' last answer when the
    # next turn starts.
    history = log.inner_text()
    assert history.count("You play ") + history.count("You lead ") == 8, history
    assert len(re.findall(r"^trick \d+: ", history, re.MULTILINE)) == 8, history
    assert moves >= 9  # one bid, then eight cards
    sheet = table.locator(".xe-score-sheet").inner_text()
    assert "total" in sheet and "You" in sheet
    assert "The hand is over" in info.inner_text()
    assert "Scores this hand" in table.inner_text()
    # real tables: a row per player with its name as a header cell; the score sheet's
    # total row as wide as a hand's row; the last trick a column per player
    assert table.locator(".xe-hand-scores tbody th[scope=row]").count() == PLAYERS
    rows = table.locator(".xe-score-sheet tbody tr")
    assert rows.count() == 2
    widths = [rows.nth(i).locator("th, td").count() for i in range(2)]
    assert widths == [2 + 3 * PLAYERS] * 2
    assert table.locator(".xe-trick-table thead th").count() == PLAYERS
    assert log.locator("h3").first.inner_text().startswith("Hand 1 of 8")
    table.locator(".xe-scores").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "app-table-scores.png"))


@pytest.fixture
def lab_server(tmp_path) -> Iterator[object]:
    """JupyterLab on a free port, with a notebook that shows a HandWidget."""
    folder = tmp_path / "lab"
    root = folder / "notebooks"
    root.mkdir(parents=True)
    settings = folder / "lab-settings"
    settings.mkdir()
    (settings / "overrides.json").write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:notification": {
                    "checkForUpdates": False,
                    "fetchNews": "false",
                }
            }
        )
    )
    from nbformat.v4 import new_code_cell, new_notebook

    notebook = new_notebook(
        cells=[
            new_code_cell(
                f"from xactika_edu.widgets import HandWidget\nHandWidget(players={PLAYERS}, seed=1)"
            )
        ],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}},
    )
    nbformat.write(notebook, root / "hand.ipynb")
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--port={port}",
        "--ip=127.0.0.1",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        f"--LabApp.app_settings_dir={settings}",
    ]
    with running(command, port, folder) as server:
        yield server


def test_hand_in_jupyterlab(browser, lab_server, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(lab_server.url + "lab/tree/hand.ipynb", timeout=TIMEOUT_MS)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.wait_for_selector(
            ".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000
        )
        prompt = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").first
        for _attempt in range(4):  # a click before the kernel is wired up can be lost
            page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
            page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
            try:
                page.wait_for_function(
                    "e => !e.textContent.includes('[ ]')",
                    arg=prompt.element_handle(),
                    timeout=5000,
                )
                break
            except sync_api.TimeoutError:
                page.keyboard.press("Escape")
        try:
            page.wait_for_selector(".xe-hand .xe-select", timeout=30_000)
        finally:
            page.screenshot(path=str(tmp_path / "jupyterlab-run-all.png"))
        hand = deal(PLAYERS, seed=1)[0]
        assert _seed(page) == 1
        page.screenshot(path=str(tmp_path / "jupyterlab-notebook.png"))
        times = _check_hand(page, ".xe-hand", hand, tmp_path, "jupyterlab")
        _report(tmp_path, "JupyterLab", times)
    finally:
        page.close()


# --- the teacher's terminal: open pages counted as they open and close -----------------


def _wait_for_output(server, text: str, timeout: float) -> float:
    """Seconds until ``text`` is in the server's output (fails after ``timeout``)."""
    start = time.monotonic()
    while text not in server.output():
        assert time.monotonic() - start < timeout, f"no {text!r} in:\n{server.output()}"
        time.sleep(0.2)
    return time.monotonic() - start


def test_app_terminal_counts_open_pages(browser, tmp_path):
    """Three students open the app, two close it: the terminal says "(1 open)" within
    seconds (not when the closed pages' kernels are culled, 10 minutes later)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "xactika_edu.outputs.cli",
        "app",
        f"--port={port}",
        "--no-browser",
    ]
    with running(command, port, tmp_path / "server") as server:
        pages = []
        try:
            for number in range(1, 4):
                page = browser.new_page()
                pages.append(page)
                page.goto(server.url, timeout=TIMEOUT_MS)
                page.wait_for_selector(".xe-hand .xe-select", timeout=90_000)
                _wait_for_output(server, f"A page opened ({number} open).", 30)
            for page in pages[:2]:
                page.close()
            seconds = _wait_for_output(server, "A page closed (1 open).", 15)
            print(f"\nclosing two pages: '(1 open)' after {seconds:.1f} s")
            lines = [line for line in server.output().splitlines() if line.startswith("A page ")]
            assert lines == [
                "A page opened (1 open).",
                "A page opened (2 open).",
                "A page opened (3 open).",
                "A page closed (2 open).",
                "A page closed (1 open).",
            ]
        finally:
            for page in pages:
                if not page.is_closed():
                    page.close()


# --- the class pack, offline ----------------------------------------------------------

NO_DESCRIPTION = "No description has been provided for this image"


@pytest.mark.slow
@pytest.mark.xdist_group("class-pack")
def test_class_pack_pages_ask_nothing_from_outside_the_pack(browser, class_pack, tmp_path):
    # Every page of the pack opened from the disk, as a teacher would: any request to
    # another host (http, https) or to a file outside the pack fails the test. The
    # pages' pictures are described, and they show (loaded, not broken). The whole
    # pack (conftest.py) is built once for this test and test_cli's.
    pack = class_pack.out
    inside = pack.resolve().as_uri() + "/"
    pages = [
        pack / "index.html",
        *sorted((pack / "guide").glob("*.html")),
        *sorted((pack / "lessons").glob("*.html")),
        *sorted((pack / "plans").glob("*.html")),
    ]
    lessons = len(classpack_lessons())
    assert len(pages) == 1 + 2 + lessons + lessons  # index, guide, lessons, their plans
    outside: list[str] = []

    def stop_outside(route) -> None:
        url = route.request.url
        if url.startswith(inside) or url.startswith(("data:", "blob:", "about:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route("**/*", stop_outside)
    context.on(
        "request",
        lambda request: (
            None
            if request.url.startswith(inside) or request.url.startswith(("data:", "blob:"))
            else outside.append(request.url)
        ),
    )
    images = 0
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        for path in pages:
            page.goto(path.resolve().as_uri(), wait_until="load")
            page.wait_for_load_state("networkidle")
            found = page.evaluate(
                """() => Array.from(document.images, img => ({
                    alt: img.getAttribute('alt'),
                    shown: img.complete && img.naturalWidth > 0,
                }))"""
            )
            for image in found:
                assert image["alt"] and image["alt"].strip(), path.name
                assert image["alt"] != NO_DESCRIPTION, path.name
                assert image["shown"], path.name
            images += len(found)
            if path.name == "index.html":
                page.screenshot(path=str(tmp_path / "index.png"), full_page=True)
        # The index's links all open pages and files inside the pack.
        page.goto((pack / "index.html").resolve().as_uri())
        links = page.evaluate("() => Array.from(document.links, a => a.href)")
        assert links and all(link.startswith(inside) for link in links), links
    finally:
        context.close()
    assert outside == []
    assert images >= 2 * lessons  # the lessons' figures and card pictures, described
    print(f"\n{len(pages)} pages, {images} images, no request outside the pack")
