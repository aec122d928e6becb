"""A class server under JupyterHub: the class page reached through the hub, and its memory.

Starts JupyterHub on 127.0.0.1 with the dummy authenticator (one user, a fixed
password), ``SimpleLocalProcessSpawner`` (every user's server runs as the hub's own
account, in a home folder under a temporary folder) and ``configurable-http-proxy``.
Then, in Chromium (Playwright), it:

1. logs the teacher in on the hub's login page, which starts the teacher's Jupyter
   server (JupyterLab), and finds the **Xactika class** card in JupyterLab's launcher
   (the ``xactika-class`` jupyter-server-proxy entry point);
2. clicks the card, as a teacher would: it opens ``/user/NAME/xactika-class-teacher``
   in a new tab, which sends the server's owner to the teacher page (jupyter-server-proxy
   starts ``xactika-edu app --class "Class of NAME"`` on a private Unix socket); it reads
   the class code and the students' address the page shows, and starts an experiment;
3. logs a student in (a second hub user, whom a hub role gives access to the teacher's
   server: ``access:servers!user=teacher``); the first time, the hub asks the student
   to authorize the teacher's server, and the student clicks Authorize; then, up to
   each count of ``--pages`` (the teacher's page counts too), it opens the students'
   address, joins with a first name (the code comes filled in), waits for the app's
   sections and draws one card; the teacher's page must count every draw;
4. checks who reaches what: a third hub user outside the class gets no class page
   (the hub answers 403); the student reaches the class page but not the teacher's
   files or kernels (403: the teacher's server runs with
   ``xactika_edu.ui.app.hubauth.OwnerOnlyAuthorizer``, as the teacher guide says) nor
   the card's address (403), while jupyter-server-proxy's ``/proxy/PORT/`` still reaches
   another port of the computer (recorded, not refused); the teacher still reaches
   their own files (200) and the card's address (302 to the teacher page);
5. reads the class's draws as a lesson in the teacher's server would
   (``class_results_from("Class of teacher")``, the teacher's usual data folder).

It records the resident memory (``VmRSS``, ``/proc/PID/status``) of the class app, the
user's Jupyter server, the hub and the proxy, and stops everything by PID (the user's
server through the hub's API, then the hub, then anything left of the processes it
started). It installs nothing: run it with the project's Python (Playwright) and point
``--hub-env`` at a virtual environment holding JupyterHub and the class app::

    python3 -m venv /tmp/hubvenv
    /tmp/hubvenv/bin/pip install jupyterhub notebook -e ".[hub]"
    npm install -g --prefix /tmp/hubnpm configurable-http-proxy
    python benchmarks/bench_hub.py --hub-env /tmp/hubvenv \\
        --proxy /tmp/hubnpm/bin/configurable-http-proxy [--pages 1,10] [--json FILE]

Run as root (as on the project's machines), the user's server gets ``--allow-root``:
``SimpleLocalProcessSpawner`` needs no system account for the user.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from browserbench import CHROMIUM, CHROMIUM_ARGS, CLICK, free_port, rss_mb

USER = "teacher"
#: The teacher's Jupyter server's configuration, as the teacher guide gives it.
SERVER_CONFIG = """\
c.ServerApp.authorizer_class = "xactika_edu.ui.app.hubauth.OwnerOnlyAuthorizer"
"""
#: A student of the class: the hub's role gives them the teacher's server (the class).
STUDENT = "student"
#: Someone else with an account on the hub, not in the class.
OUTSIDER = "visitor"
#: What JupyterLab showed, if the launcher entry did not appear.
SCREENSHOT = Path(tempfile.gettempdir()) / "bench_hub_lab.png"
#: The hub's log of the last run, kept after its temporary folder is gone.
HUB_LOG = Path(tempfile.gettempdir()) / "bench_hub.log"
#: A student's page is usable once the hand's card buttons are on it.
USABLE = ".xe-hand .xe-select"
#: A class page first shows the join form.
JOIN = ".xe-join-button"
#: The launcher card (jupyter-server-proxy's entry point ``xactika-class``).
LAUNCHER = '.jp-LauncherCard[title^="Xactika class"]'


def processes() -> dict[int, tuple[int, str]]:
    """Every process now: pid -> (parent pid, command line)."""
    found: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        found[int(entry.name)] = (parent, command.strip())
    return found


def descendants(pid: int) -> dict[int, str]:
    """The processes started (directly or not) by ``pid``: pid -> command line."""
    table = processes()
    found: dict[int, str] = {}
    parents = {pid}
    while True:
        new = {p: c for p, (parent, c) in table.items() if parent in parents and p not in found}
        if not new:
            return found
        found.update(new)
        parents = set(new)


def find(tree: dict[int, str], *words: str) -> int:
    """The one process of ``tree`` whose command line has all ``words``."""
    hits = [pid for pid, command in tree.items() if all(w in command for w in words)]
    if len(hits) != 1:
        raise RuntimeError(f"expected one process with {words}, found {len(hits)}: {tree}")
    return hits[0]


def write_config(folder: Path, hub_env: Path, proxy: str, port: int, password: str) -> Path:
    home = folder / "home"
    home.mkdir()
    jupyter = folder / "jupyter"
    jupyter.mkdir()
    # The teacher's server lets the class in to the class app only (docs/teacher-guide.md).
    (jupyter / "config").mkdir()
    (jupyter / "config" / "jupyter_server_config.py").write_text(SERVER_CONFIG)
    environment = {
        "PATH": f"{hub_env / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}",
        "VIRTUAL_ENV": str(hub_env),
        "JUPYTER_CONFIG_DIR": str(jupyter / "config"),
        "JUPYTER_DATA_DIR": str(jupyter / "data"),
        "JUPYTER_RUNTIME_DIR": str(jupyter / "runtime"),
        "IPYTHONDIR": str(jupyter / "ipython"),
        "MPLCONFIGDIR": str(jupyter / "mpl"),
    }
    args = ["--allow-root"] if os.geteuid() == 0 else []
    config = f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {free_port()}
c.JupyterHub.db_url = "sqlite:///{folder / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = "{folder / "cookie_secret"}"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {{{USER!r}, {STUDENT!r}, {OUTSIDER!r}}}
c.JupyterHub.load_roles = [
    {{"name": "class-of-{USER}", "scopes": ["access:servers!user={USER}"], "users": [{STUDENT!r}]}}
]
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{home}/{{username}}"
c.Spawner.cmd = [{str(hub_env / "bin" / "jupyterhub-singleuser")!r}]
c.Spawner.args = {args!r}
c.Spawner.default_url = "/lab"
c.Spawner.environment = {environment!r}
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.pid_file = "{folder / "proxy.pid"}"
"""
    path = folder / "jupyterhub_config.py"
    path.write_text(config)
    return path


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterHub stopped (exit {process.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"JupyterHub did not answer at {url} in {seconds:.0f} s")


def stop(pid: int, seconds: float = 15) -> None:
    """Stop process ``pid`` (SIGTERM, then SIGKILL after ``seconds``)."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid):
            return
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)


def _state(pid: int) -> str:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return line.lower()
    except OSError:
        return "gone"
    return ""


def memory(hub_pid: int) -> dict[str, float]:
    """RSS in MB of the class app, the user's server, the hub and the proxy."""
    tree = descendants(hub_pid)
    return {
        "class_app_mb": rss_mb(find(tree, "xactika_edu.outputs.cli", "--unix-socket")),
        "user_server_mb": rss_mb(find(tree, "jupyterhub-singleuser")),
        "hub_mb": rss_mb(hub_pid),
        "proxy_mb": rss_mb(find(tree, "configurable-http-proxy")),
    }


def run(hub_env: Path, proxy: str, targets: list[int]) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    password = secrets.token_urlsafe(12)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    result: dict[str, object] = {"user": USER, "rows": []}
    with tempfile.TemporaryDirectory(prefix="xe-hub-") as tmp:
        folder = Path(tmp)
        config = write_config(folder, hub_env, proxy, port, password)
        log = (folder / "hub.log").open("wb")
        # The hub and the user's server run in the hub's environment alone: another
        # environment's packages (VIRTUAL_ENV, PYTHONPATH) must not come first.
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["VIRTUAL_ENV"] = str(hub_env)
        hub = subprocess.Popen(
            [str(hub_env / "bin" / "jupyterhub"), "-f", str(config)],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        started: dict[int, str] = {}
        try:
            started_at = time.monotonic()
            wait_for(f"{base}/hub/login", hub, 120)
            print(f"hub up in {time.monotonic() - started_at:.1f} s", flush=True)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context()
                lab = context.new_page()
                result.update(teacher_in(lab, base, password))
                started.update(descendants(hub.pid))
                result["memory_lab_only"] = {
                    "user_server_mb": rss_mb(find(started, "jupyterhub-singleuser")),
                }
                # the teacher clicks the card: the teacher page (it starts the app)
                teacher, found = teacher_page(context, lab, base)
                result.update(found)
                code, address = str(found["class_code"]), str(found["students_address"])
                teacher.locator(".xe-start").click()  # start an experiment: students draw
                pupils = browser.new_context()
                class_path = f"/user/{USER}/xactika-class/"
                result["student_authorizes"] = student_in(
                    pupils.new_page(), base, password, class_path
                )
                pages: list[tuple[object, float]] = [(teacher, float(found["teacher_page_s"]))]
                for target in targets:
                    while len(pages) < target:
                        started_at = time.monotonic()
                        student = pupils.new_page()
                        join_and_draw(student, address, code, f"Student {len(pages)}")
                        pages.append((student, time.monotonic() - started_at))
                    draws = len(pages) - 1  # each student drew one card
                    counted = teacher_counts(teacher, draws)
                    started.update(descendants(hub.pid))
                    last = pages[-1][0] if len(pages) > 1 else teacher
                    click_ms = float(last.evaluate(CLICK, 0)) if len(pages) > 1 else None  # type: ignore[attr-defined]
                    row = {
                        "pages": len(pages),
                        **memory(hub.pid),
                        "click_ms": None if click_ms is None else round(click_ms),
                        "teacher_counts_draws": counted,
                        "first_page_s": round(pages[0][1], 1),
                        "last_page_s": round(pages[-1][1], 1),
                    }
                    result["rows"].append(row)  # type: ignore[union-attr]
                    print(
                        f"{row['pages']:>3} pages through the hub (the teacher's and "
                        f"{draws} students'): class app {row['class_app_mb']:.0f} MB, user "
                        f"server {row['user_server_mb']:.0f} MB, hub {row['hub_mb']:.0f} MB, "
                        f"proxy {row['proxy_mb']:.0f} MB; teacher page "
                        f"{row['first_page_s']} s (starts the app), last page joined and "
                        f"drew in {row['last_page_s']} s; click {row['click_ms']} ms; the "
                        f"teacher's page counts {counted} of {draws} draws",
                        flush=True,
                    )
                result.update(access(browser, context, pupils, base, password, class_path))
                browser.close()
            if max(targets) > 1:  # a class with no draws yet: a lesson has nothing to read
                result["lesson_reads_draws"] = lesson_reads(hub_env, folder / "home" / USER)
                print(
                    f"a lesson in the teacher's server reads {result['lesson_reads_draws']} draws"
                )
        finally:
            _stop_all(hub, started)
            log.close()
            shutil.copyfile(folder / "hub.log", HUB_LOG)
            print(f"the hub's log (its user server's too): {HUB_LOG}")
    return result


def teacher_in(page: object, base: str, password: str) -> dict[str, object]:
    """Log the teacher in (the hub starts their JupyterLab) and find the launcher card."""
    started_at = time.monotonic()
    log_in(page, base, USER, password, "/hub/spawn")
    page.wait_for_url(f"**/user/{USER}/lab**", timeout=240_000)  # type: ignore[attr-defined]
    launcher = page.locator(LAUNCHER)  # type: ignore[attr-defined]
    try:
        launcher.wait_for(timeout=90_000)
    except Exception:
        page.screenshot(path=str(SCREENSHOT))  # type: ignore[attr-defined]
        info = page.request.get(f"{base}/user/{USER}/server-proxy/servers-info")  # type: ignore[attr-defined]
        print(
            f"no launcher entry: the page is in {SCREENSHOT}; the server proxy's servers: "
            f"{info.text()}",
            flush=True,
        )
        raise
    found = {
        "launcher_entry": " ".join(launcher.inner_text().split()),
        "user_server_s": round(time.monotonic() - started_at, 1),
    }
    print(f"user server and JupyterLab up in {found['user_server_s']} s", flush=True)
    return found


def teacher_page(context: object, lab: object, base: str) -> tuple[object, dict[str, object]]:
    """The teacher clicks the launcher card (it opens a new tab): the teacher page, its
    class code and the students' address it shows."""
    started_at = time.monotonic()
    with context.expect_page(timeout=60_000) as opened:  # type: ignore[attr-defined]
        lab.locator(LAUNCHER).click()  # type: ignore[attr-defined]
    page = opened.value
    page.locator(".xe-start").wait_for(timeout=240_000)
    seconds = time.monotonic() - started_at
    info = page.locator(".xe-class-info").inner_text()
    match = re.search(r"Class code for the students: (\w+)", info)
    if match is None:
        raise RuntimeError(f"no class code on the teacher page: {info!r}")
    code = match.group(1)
    shown = page.locator(".xe-students-address").inner_text()
    address = shown.removeprefix("Students open:").strip()
    expected = f"{base}/user/{USER}/xactika-class/?class={code}"
    path = urllib.parse.urlsplit(page.url)
    found = {
        "teacher_page_s": round(seconds, 1),
        "teacher_page_path": path.path,
        "teacher_link_has_token": "token=" in path.query,
        "class_name": page.locator("h1").first.inner_text().split(": ", 1)[-1],
        "class_code": code,
        "students_address": address,
        "students_address_as_expected": address == expected,
    }
    print(
        f"the card opened the teacher page ({found['class_name']}, code {code}) in "
        f"{found['teacher_page_s']} s; it shows the students' address {address}"
        f"{'' if address == expected else f' (expected {expected})'}",
        flush=True,
    )
    return page, found


def join_and_draw(page: object, address: str, code: str, name: str) -> None:
    """A student's page: open the students' address, join with ``name`` (the code is
    filled in from the address), wait for the app's sections, then draw one card."""
    page.goto(address, timeout=180_000)  # type: ignore[attr-defined]
    page.locator(".xe-join-button").wait_for(timeout=180_000)  # type: ignore[attr-defined]
    filled = page.locator(".xe-class-code input").input_value()  # type: ignore[attr-defined]
    if filled != code:
        raise RuntimeError(f"the join form has the code {filled!r}, not {code!r}")
    page.locator(".xe-first-name input").fill(name)  # type: ignore[attr-defined]
    page.locator(".xe-join-button").click()  # type: ignore[attr-defined]
    page.locator(USABLE).first.wait_for(timeout=180_000)  # type: ignore[attr-defined]
    page.locator(".xe-draw-1").click(timeout=180_000)  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => /You drew 1 card/.test(document.querySelector('.xe-tally').innerText)",
        timeout=180_000,
    )


def teacher_counts(page: object, draws: int) -> int:
    """The draws the teacher's page counts, once it counts ``draws`` (or after 60 s)."""
    if draws:
        with contextlib.suppress(Exception):  # a timeout: the count is what the page says
            page.wait_for_function(  # type: ignore[attr-defined]
                "n => document.querySelector('.xe-pool') && "
                "document.querySelector('.xe-pool').innerText.includes(' of ' + n + ' draw')",
                arg=str(draws),
                timeout=60_000,
            )
    text = page.locator(".xe-pool").inner_text()  # type: ignore[attr-defined]
    match = re.search(r"of (\d+) draws?", text)
    return int(match.group(1)) if match else 0


def lesson_reads(hub_env: Path, home: Path) -> int:
    """How many draws a lesson in the teacher's own Jupyter server reads from the class
    by its name (``class_results_from``, the usual data folder under the teacher's home)."""
    code = (
        "from xactika_edu.teaching.classdata.classsource import class_results_from; "
        f"print(len(class_results_from({'Class of ' + USER!r})))"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.pop("XDG_DATA_HOME", None)
    env["HOME"] = str(home)
    out = subprocess.run(
        [str(hub_env / "bin" / "python"), "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return int(out.stdout.strip().splitlines()[-1])


def log_in(page: object, base: str, user: str, password: str, then: str) -> None:
    """Log ``user`` in on the hub's login page, then go to the path ``then``."""
    page.goto(f"{base}/hub/login?next={urllib.parse.quote(then)}")  # type: ignore[attr-defined]
    page.fill("#username_input", user)  # type: ignore[attr-defined]
    page.fill("#password_input", password)  # type: ignore[attr-defined]
    page.click("#login_submit")  # type: ignore[attr-defined]


def student_in(page: object, base: str, password: str, path: str) -> bool:
    """Log the student in and open the class page once. The first time, the hub asks
    whether the teacher's server may know who they are: the student clicks Authorize.
    Returns whether the hub asked."""
    log_in(page, base, STUDENT, password, path)
    authorize = page.locator("form button[type=submit]:has-text('Authorize')")  # type: ignore[attr-defined]
    page.wait_for_selector(
        f"{JOIN}, form button[type=submit]:has-text('Authorize')", timeout=180_000
    )  # type: ignore[attr-defined]
    asked = authorize.count() > 0
    if asked:
        authorize.first.click()
        page.locator(JOIN).first.wait_for(timeout=180_000)  # type: ignore[attr-defined]
    page.close()  # type: ignore[attr-defined]
    return asked


def access(
    browser: object, context: object, pupils: object, base: str, password: str, path: str
) -> dict:
    """Who reaches what: someone outside the class gets no class page; a student of the
    class reaches the class page but not the teacher's files or kernels (``hubauth``),
    though ``/proxy/PORT/`` still reaches another port; the teacher reaches their own
    files."""
    outsider = browser.new_context()  # type: ignore[attr-defined]
    page = outsider.new_page()
    log_in(page, base, OUTSIDER, password, "/hub/home")
    page.wait_for_url("**/hub/home**", timeout=60_000)
    answer = page.goto(f"{base}{path}", timeout=60_000)
    refused = page.locator(f"{JOIN}, {USABLE}").count() == 0
    outsider.close()
    server = f"{base}/user/{USER}"
    found = {
        "outsider_status": answer.status if answer else None,
        "outsider_refused": refused,
        "student_teacher_files_status": pupils.request.get(f"{server}/api/contents").status,  # type: ignore[attr-defined]
        "student_teacher_kernels_status": pupils.request.get(f"{server}/api/kernels").status,  # type: ignore[attr-defined]
        "student_other_port_status": pupils.request.get(
            f"{server}/proxy/{urllib.parse.urlsplit(base).port}/hub/login"
        ).status,  # type: ignore[attr-defined]
        "teacher_files_status": context.request.get(f"{server}/api/contents").status,  # type: ignore[attr-defined]
        "student_teacher_link_status": pupils.request.get(  # type: ignore[attr-defined]
            f"{server}/xactika-class-teacher", max_redirects=0
        ).status,
        "teacher_teacher_link_status": context.request.get(  # type: ignore[attr-defined]
            f"{server}/xactika-class-teacher", max_redirects=0
        ).status,
    }
    print(
        f"{OUTSIDER} (not in the class): HTTP {found['outsider_status']}, "
        f"{'no class page' if refused else 'THE CLASS PAGE'}; {STUDENT}: the teacher's "
        f"files {found['student_teacher_files_status']}, kernels "
        f"{found['student_teacher_kernels_status']}, another port "
        f"{found['student_other_port_status']}; {USER}: own files "
        f"{found['teacher_files_status']}; the card's address (xactika-class-teacher): "
        f"{STUDENT} {found['student_teacher_link_status']}, {USER} "
        f"{found['teacher_teacher_link_status']}",
        flush=True,
    )
    return found


def _stop_all(hub: subprocess.Popen[bytes], started: dict[int, str]) -> None:
    """The hub by its PID (it stops the user's server, which stops the class app, and
    its proxy), then whatever it started that is still running, by PID."""
    started.update(descendants(hub.pid))
    stop(hub.pid)
    hub.wait(timeout=30)
    running = [pid for pid in started if _alive(pid)]
    for pid in sorted(running, reverse=True):
        stop(pid, seconds=5)
    left = [pid for pid in started if _alive(pid)]
    print(
        f"stopped the hub; of the {len(started)} processes it started, {len(running)} were "
        f"still running after it ({len(left)} left after stopping those by PID)"
    )


def _alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hub-env", type=Path, required=True, help="venv with jupyterhub")
    parser.add_argument(
        "--proxy",
        default=shutil.which("configurable-http-proxy"),
        help="the configurable-http-proxy command (default: on PATH)",
    )
    parser.add_argument("--pages", default="1", help="page counts to reach, e.g. 1,10")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args()
    if not args.proxy:
        sys.exit("configurable-http-proxy not found: npm install -g configurable-http-proxy")
    for tool in ("jupyterhub", "jupyterhub-singleuser"):
        if not (args.hub_env / "bin" / tool).exists():
            sys.exit(f"{args.hub_env / 'bin' / tool} not found: pip install jupyterhub there")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} not found")
    targets = sorted({int(n) for n in args.pages.split(",")})
    result = run(args.hub_env.resolve(), args.proxy, targets)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
