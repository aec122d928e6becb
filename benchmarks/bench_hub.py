"""A class server under JupyterHub: the class page reached through the hub, and its memory.

Starts JupyterHub on 127.0.0.1 with the dummy authenticator (one user, a fixed
password), ``SimpleLocalProcessSpawner`` (every user's server runs as the hub's own
account, in a home folder under a temporary folder) and ``configurable-http-proxy``.
Then, in Chromium (Playwright), it:

1. logs in on the hub's login page, which starts the user's Jupyter server (JupyterLab);
2. checks that JupyterLab's launcher shows the **Xactika class** entry (the
   ``xactika-class`` jupyter-server-proxy entry point);
3. opens ``/user/NAME/xactika-class/``: jupyter-server-proxy starts ``xactika-edu app``
   on a private Unix socket, and the page is usable once the hand's card buttons are on
   it (``.xe-hand .xe-select``); a click on a card must change the chances panel;
4. logs a student in (a second hub user, whom a hub role gives access to the teacher's
   server: ``access:servers!user=teacher``); the first time, the hub asks the student
   to authorize the teacher's server, and the student clicks Authorize; then it opens
   the student's pages of the class through the hub up to each count of ``--pages``
   (the teacher's first page counts too; the student's first page, closed once used,
   keeps its place in the app as a page whose network dropped would);
5. checks who reaches what: a third hub user outside the class gets no class page
   (the hub answers 403); the student reaches the class page but not the teacher's
   files or kernels (403: the teacher's server runs with
   ``xactika_edu.ui.app.hubauth.OwnerOnlyAuthorizer``, as the teacher guide says),
   while jupyter-server-proxy's ``/proxy/PORT/`` still reaches another port of the
   computer (recorded, not refused); the teacher still reaches their own files (200).

It records the resident memory (``VmRSS``, ``/proc/PID/status``) of the class app, the
user's Jupyter server, the hub and the proxy, and stops everything by PID (the user's
server through the hub's API, then the hub, then anything left of the processes it
started). It installs nothing: run it with the project's Python (Playwright) and point
``--hub-env`` at a virtual environment holding JupyterHub and the class app::

    python3 -m venv /tmp/hubvenv
    /tmp/hubvenv/bin/pip install jupyterhub jupyterlab ".[hub]"
    npm install -g --prefix /tmp/hubnpm configurable-http-proxy
    python benchmarks/bench_hub.py --hub-env /tmp/hubvenv \\
        --proxy /tmp/hubnpm/bin/configurable-http-proxy [--pages 1,10] [--json FILE]

Run as root (as on the project's machines), the user's server gets ``--allow-root``:
``SimpleLocalProcessSpawner`` needs no system account for the user.
"""

from __future__ import annotations

import argparse
import json
import os
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
#: The app's page is usable once the hand's card buttons are on it.
USABLE = ".xe-hand .xe-select"


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
                result.update(teacher_in(context.new_page(), base, password))
                started.update(descendants(hub.pid))
                result["memory_lab_only"] = {
                    "user_server_mb": rss_mb(find(started, "jupyterhub-singleuser")),
                }
                class_path = f"/user/{USER}/xactika-class/"
                class_url = f"{base}{class_path}"
                # the class's pages: the teacher's first (it starts the app), then a student's
                pupils = None
                pages = []
                for target in targets:
                    while len(pages) < target:
                        if pages and pupils is None:
                            pupils = browser.new_context()
                            result["student_authorizes"] = student_in(
                                pupils.new_page(), base, password, class_path
                            )
                        started_at = time.monotonic()
                        student = (pupils if pupils else context).new_page()
                        student.goto(class_url, timeout=180_000)
                        student.locator(USABLE).first.wait_for(timeout=180_000)
                        pages.append((student, time.monotonic() - started_at))
                    started.update(descendants(hub.pid))
                    click_ms = float(pages[-1][0].evaluate(CLICK, 0))
                    row = {"pages": len(pages), **memory(hub.pid), "click_ms": round(click_ms)}
                    row["first_page_s"] = round(pages[0][1], 1)
                    row["last_page_s"] = round(pages[-1][1], 1)
                    result["rows"].append(row)  # type: ignore[union-attr]
                    print(
                        f"{row['pages']:>3} pages through the hub: class app "
                        f"{row['class_app_mb']:.0f} MB, user server "
                        f"{row['user_server_mb']:.0f} MB, hub {row['hub_mb']:.0f} MB, proxy "
                        f"{row['proxy_mb']:.0f} MB; first page {row['first_page_s']} s "
                        f"(starts the app), last {row['last_page_s']} s; click {click_ms:.0f} ms",
                        flush=True,
                    )
                result["page_title"] = pages[0][0].title()
                if pupils is None:
                    pupils = browser.new_context()
                    result["student_authorizes"] = student_in(
                        pupils.new_page(), base, password, class_path
                    )
                result.update(access(browser, context, pupils, base, password, class_path))
                browser.close()
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
    launcher = page.locator('.jp-LauncherCard[title^="Xactika class"]')  # type: ignore[attr-defined]
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
        f"{USABLE}, form button[type=submit]:has-text('Authorize')", timeout=180_000
    )  # type: ignore[attr-defined]
    asked = authorize.count() > 0
    if asked:
        authorize.first.click()
        page.locator(USABLE).first.wait_for(timeout=180_000)  # type: ignore[attr-defined]
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
    refused = page.locator(USABLE).count() == 0
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
    }
    print(
        f"{OUTSIDER} (not in the class): HTTP {found['outsider_status']}, "
        f"{'no class page' if refused else 'THE CLASS PAGE'}; {STUDENT}: the teacher's "
        f"files {found['student_teacher_files_status']}, kernels "
        f"{found['student_teacher_kernels_status']}, another port "
        f"{found['student_other_port_status']}; {USER}: own files "
        f"{found['teacher_files_status']}",
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
