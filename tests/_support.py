"""Helpers shared by several test modules."""

from __future__ import annotations

import gc
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

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
