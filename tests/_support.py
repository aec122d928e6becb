"""Helpers shared by several test modules."""

from __future__ import annotations

import contextlib
import gc
import re
import signal
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import numpy as np
import pytest
from conftest import free_port, quiet_env, running

from xactika_edu.core.game import BID, Round


def reachable_objects(root: object) -> list[object]:
    """Everything reachable from ``root`` by references, not entering classes/modules."""
    seen: set[int] = set()
    found: list[object] = []
    stack = [root]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def play_randomly(rnd: Round, rng: np.random.Generator, stop_after: int | None = None) -> Round:
    """Apply uniformly random legal actions (all of them, or ``stop_after`` of them)."""
    done = 0
    while not rnd.is_over and (stop_after is None or done < stop_after):
        if rnd.phase == BID:
            bids = rnd.legal_bids()
            rnd.bid(bids[rng.integers(len(bids))])
        else:
            plays = rnd.legal_plays()
            rnd.play(plays[rng.integers(len(plays))])
        done += 1
    return rnd


#: Debian's Chromium, which the browser tests drive (../shared/BROWSER.md).
CHROMIUM = Path("/usr/bin/chromium")
#: Its flags here: headless as root, and no background traffic to hosts this machine
#: cannot reach.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)


def chromium_browser(sync_api: Any) -> Iterator[Any]:
    """A Playwright Chromium browser for a module's ``browser`` fixture (``yield from``);
    closed afterwards. ``sync_api`` is ``playwright.sync_api``."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            yield browser
        finally:
            browser.close()


def browser_tests_or_skip(*, solara: bool = True) -> Any:
    """``playwright.sync_api``, for a browser test module to call as it is imported;
    the module is skipped, with the reason, where Chromium, Playwright or (if
    ``solara``) Solara is missing."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is missing (pip install playwright)"
    )
    if solara:
        pytest.importorskip("solara", reason="Solara is missing (pip install solara solara-assets)")
    return sync_api


#: How long a page may take to answer (ms); a page is drawn within a minute.
PAGE_TIMEOUT_MS = 30_000


def start_page(
    browser: Any, url: str, *, seen: list[str] | None = None, wait_until: str = "load"
) -> Any:
    """A page of ``url`` in a browser context of its own (a student's own computer),
    navigated (Playwright's ``wait_until``: "commit" returns once the server answers,
    so many pages can load at the same moment). Requests to any other host are
    stopped, so a test runs the same offline and online; every request is added to
    ``seen`` (if given)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    here = urlsplit(url).netloc

    def only_here(route: Any) -> None:
        if urlsplit(route.request.url).netloc == here:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_here)
    if seen is not None:
        context.on("request", lambda request: seen.append(request.url))
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    # the first page of a server that is still starting, on a busy CI machine: a minute
    page.goto(url, timeout=2 * PAGE_TIMEOUT_MS, wait_until=wait_until)
    return page


def open_page(browser: Any, url: str, ready: str, *, seen: list[str] | None = None) -> Any:
    """:func:`start_page`, then wait until the page is drawn (the CSS selector ``ready``
    is there)."""
    page = start_page(browser, url, seen=seen)
    page.wait_for_selector(ready, timeout=60_000)
    return page


def other_hosts(url: str, seen: list[str]) -> list[str]:
    """The requests in ``seen`` to a host other than ``url``'s (``data:``, ``blob:`` and
    ``about:`` addresses ask no host)."""
    here = urlsplit(url).netloc
    return [
        u
        for u in seen
        if not u.startswith(("data:", "blob:", "about:")) and urlsplit(u).netloc != here
    ]


def app_command(port: int, *options: str) -> list[str]:
    """``xactika-edu app`` on 127.0.0.1:``port`` with ``options``, no browser opened."""
    cli = [sys.executable, "-m", "xactika_edu.outputs.cli", "app"]
    return [*cli, f"--port={port}", *options, "--no-browser"]


@contextlib.contextmanager
def class_server(folder: Path, data: Path) -> Iterator[tuple[Any, str, str]]:
    """A class server of "Period 3" on the data folder ``data`` (its log and settings in
    ``folder``), stopped by its PID at the end: (server, student address, teacher link)."""
    port = free_port()
    with running(
        app_command(port, "--class", "Period 3", "--data", str(data)), port, folder
    ) as server:
        deadline = time.monotonic() + 30
        while "Teacher link" not in server.output():
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.1)
        output = server.output()
        student = re.search(r"Students open: (\S+)", output)
        teacher = re.search(r"Teacher link \(.*\): (\S+)", output)
        assert student and teacher, output
        yield server, student.group(1), teacher.group(1)


@contextlib.contextmanager
def app_process(
    command: list[str], folder: Path, *, seconds: float = 60
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``command`` (its output in ``folder / "app.log"``, its per-user folders in
    ``folder``), wait until it prints "Students open" (at most ``seconds``) and yield
    it; at the end it is killed by its PID if it still runs. A test that checks a clean
    stop calls :func:`stop_with_ctrl_c` first."""
    log = folder / "app.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=quiet_env(folder),
        )
    try:
        deadline = time.monotonic() + seconds
        while "Students open" not in log.read_text():
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def stop_with_ctrl_c(process: subprocess.Popen[bytes]) -> None:
    """Stop ``process`` as Ctrl-C does (SIGINT to its PID); it must end cleanly (exit 0)."""
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=30) == 0


def translations_tool() -> types.ModuleType:
    """tools/translations.py as a module (it is a script, not part of the package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "translations.py"
    spec = importlib.util.spec_from_file_location("translations", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["translations"] = module
    spec.loader.exec_module(module)
    return module
