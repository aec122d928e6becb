"""A class at the student app: server memory and page speed as pages open.

Starts ``xactika-edu app`` (one Solara process), then opens student pages in
Chromium (Playwright) in batches until each target count is reached, in groups of
``--at-once`` pages opened at the same moment (a class arriving; 0: the whole batch
at once). For each count it records:

* the server's resident memory (``VmRSS`` of its process, ``/proc/PID/status``),
  before the first page and once every page of the batch is usable;
* each page's time to usable: from the start of its navigation to the hand's card
  buttons on the page (``.xe-hand .xe-select``), measured inside the page;
* the server's CPU time per page of the batch (``/proc/PID/stat``): the work a page
  costs the server, whatever else the machine is doing;
* a click's round trip on the batch's last page: from a click on a card's button to
  the first change of the chances panel (the server computes the chances).

Then it stops the server by its PID. Goals (issue 13): 30 pages under 600 MB and 100
under 1.5 GB for the whole server, a page usable in under 3 s on a quiet 2-core
machine, a click answered in under 100 ms. Run from the repository root::

    python benchmarks/bench_class_server.py [--pages 10,30,100] [--at-once 10] [--json FILE]

Chromium itself needs memory for every page (its renderers are capped at
``--renderer-process-limit``); the machine's load average is printed before and
after, since other work on the machine slows the pages.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from browserbench import CHROMIUM, CHROMIUM_ARGS, CLICK, free_port, rss_mb

#: Pages in the background keep their timers: every page of a batch is timed.
ARGS = [
    *CHROMIUM_ARGS,
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
]
GOALS = {"rss_30_mb": 600, "rss_100_mb": 1500, "usable_s": 3.0, "click_ms": 100.0}
#: Runs in every page before its own scripts: the time the hand's buttons appear.
USABLE_PROBE = """
new MutationObserver((_, observer) => {
    if (document.querySelector('.xe-hand .xe-select')) {
        window.__xeUsable = performance.now();
        observer.disconnect();
    }
}).observe(document, {subtree: true, childList: true});
"""
#: True once the page is usable. The observer above times it to the mutation; in the
#: rare page where it saw nothing, the time is taken here (at most 100 ms late).
USABLE = """() => {
    if (window.__xeUsable === undefined && document.querySelector('.xe-hand .xe-select')) {
        window.__xeUsable = performance.now();
    }
    return window.__xeUsable !== undefined;
}"""


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) process ``pid`` has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, HOME=str(folder), MPLCONFIGDIR=str(folder / "mpl"))
    log = (folder / "server.log").open("wb")
    command = [sys.executable, "-m", "xactika_edu.outputs.cli", "app", f"--port={port}"]
    process = subprocess.Popen(
        [*command, "--no-browser"],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((folder / "server.log").read_text())
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2).read()
            return process
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("the server did not answer in 60 s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Ctrl-C by PID, then SIGKILL if it is still running after 20 s."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def open_batch(context, url: str, count: int, wait_s: float = 300) -> tuple[list, list[float]]:
    """Open ``count`` pages at once; returns the pages that became usable within
    ``wait_s`` seconds of the batch's start and each one's seconds to usable. A page
    that never did is reported (with the text it shows) and left out."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    pages = [context.new_page() for _ in range(count)]
    start = time.monotonic()
    for page in pages:
        page.goto(url, wait_until="commit", timeout=120_000)
    usable, seconds = [], []
    for number, page in enumerate(pages):
        left_ms = max(1.0, wait_s - (time.monotonic() - start)) * 1000
        try:
            page.wait_for_function(USABLE, timeout=left_ms, polling=100)
        except PlaywrightTimeout:
            shown = page.evaluate("() => document.body ? document.body.innerText : ''")
            print(
                f"page {number + 1} of the batch not usable after {wait_s:.0f} s: "
                f"{shown.strip()[:200]!r}",
                flush=True,
            )
            continue
        usable.append(page)
        seconds.append(float(page.evaluate("() => window.__xeUsable")) / 1000)
    return usable, seconds


def run(targets: list[int], at_once: int) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    result: dict[str, object] = {
        "load_before": os.getloadavg(),
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "at_once": at_once,
        "rows": [],
    }
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        server = start_server(Path(tmp), port)
        try:
            time.sleep(1)
            result["rss_idle_mb"] = rss_mb(server.pid)
            print(f"server idle: {result['rss_idle_mb']:.0f} MB", flush=True)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.add_init_script(USABLE_PROBE)
                pages: list = []
                for target in targets:
                    cpu = cpu_seconds(server.pid)
                    wanted, batch, seconds = target - len(pages), [], []
                    while len(pages) + len(batch) < target and (batch or not seconds):
                        group = target - len(pages) - len(batch)
                        opened, times = open_batch(context, url, min(group, at_once or group))
                        if not opened:
                            break
                        batch.extend(opened)
                        seconds.extend(times)
                    pages.extend(batch)
                    time.sleep(1)  # let the last messages settle
                    cpu_per_page = (cpu_seconds(server.pid) - cpu) / wanted
                    clicks = [float(batch[-1].evaluate(CLICK, i)) for i in (0, 1, 2, 3)]
                    row = {
                        "pages": len(pages),
                        "rss_mb": rss_mb(server.pid),
                        "usable_median_s": statistics.median(seconds),
                        "usable_max_s": max(seconds),
                        "click_median_ms": statistics.median(clicks),
                        "load": os.getloadavg()[0],
                        "server_cpu_per_page_s": cpu_per_page,
                        "not_usable": wanted - len(batch),
                    }
                    # one more page alone, with the class open: a late student
                    late, alone = open_batch(context, url, 1)
                    for page in late:
                        page.close()
                    row["usable_alone_s"] = alone[0] if alone else None
                    alone_text = f"{alone[0]:.1f} s" if alone else "not usable"
                    result["rows"].append(row)  # type: ignore[attr-defined]
                    print(
                        f"{row['pages']:>4} pages: server {row['rss_mb']:.0f} MB; usable "
                        f"median {row['usable_median_s']:.1f} s, max {row['usable_max_s']:.1f} s"
                        f" ({row['not_usable']} not usable; one late page alone: "
                        f"{alone_text}); click "
                        f"{row['click_median_ms']:.0f} ms; server CPU per page "
                        f"{cpu_per_page:.2f} s; load {row['load']:.2f}",
                        flush=True,
                    )
                browser.close()
        finally:
            stop_server(server)
    result["load_after"] = os.getloadavg()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="10,30", help="page counts, e.g. 10,30,100")
    parser.add_argument(
        "--at-once",
        type=int,
        default=10,
        help="pages opened at the same moment, at most (default 10; 0: a whole batch)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    targets = sorted(int(n) for n in args.pages.split(","))
    print(f"load average before: {os.getloadavg()}; goals: {GOALS}", flush=True)
    result = run(targets, args.at_once)
    print(f"load average after: {result['load_after']}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
