"""What the browser benchmarks share (``bench_class_server.py``, ``bench_hub.py``):
Debian's Chromium and its flags, a free port, a process's memory, and the timing of
a click on the student app's hand.

Imported by the benchmark scripts, which run from the repository root
(``python benchmarks/bench_hub.py``), so this folder is on ``sys.path``.
"""

from __future__ import annotations

import socket
from pathlib import Path

#: Debian's Chromium (../shared/BROWSER.md).
CHROMIUM = "/usr/bin/chromium"
#: Its flags: headless as root, no background traffic, at most 12 renderer processes
#: (so many pages share them, as a class's pages would share a school's machines).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--renderer-process-limit=12",
]
#: Milliseconds from a click on the hand's card button number ``index`` to the chances
#: panel's first change (``page.evaluate(CLICK, index)``).
CLICK = """(index) => new Promise((resolve, reject) => {
    const root = document.querySelector('.xe-hand');
    const panel = root.querySelector('.xe-chances-panel');
    const before = panel.textContent;
    const timer = setTimeout(() => reject(new Error('no change in 10 s')), 10000);
    const start = performance.now();
    new MutationObserver((_, observer) => {
        if (panel.textContent !== before) {
            observer.disconnect();
            clearTimeout(timer);
            resolve(performance.now() - start);
        }
    }).observe(panel, {subtree: true, childList: true, characterData: true});
    root.querySelectorAll('.xe-select')[index].click();
})"""


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")
