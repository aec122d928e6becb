"""The student app without a browser: its notebook, and the ``xactika-edu app`` command
(help, errors, starting Voilà and stopping it with Ctrl-C)."""

from __future__ import annotations

import importlib.util
import ipaddress
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import nbformat
import pytest
from conftest import free_port, quiet_env
from nbclient import NotebookClient

from xactika_edu.outputs.cli import main
from xactika_edu.ui import app

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _notebook() -> nbformat.NotebookNode:
    return nbformat.read(app.NOTEBOOK, as_version=4)


def test_app_notebook_is_shipped_clean_and_shows_the_widgets():
    notebook = _notebook()
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None
    source = "\n".join(cell.source for cell in code)
    for widget in ("HandWidget(", "PlayTable(", "DeckExplorer("):
        assert widget in source
    headings = [c.source for c in notebook.cells if c.cell_type == "markdown"]
    assert headings[0].startswith("# ") and sum(h.startswith("## ") for h in headings) == 3
    assert notebook.metadata.kernelspec.name == "python3"


@pytest.mark.runs_notebooks(app.NOTEBOOK)  # so nbmake does not run it again
def test_app_notebook_runs_on_a_fresh_kernel(tmp_path, monkeypatch):
    for name, value in quiet_env(tmp_path).items():
        monkeypatch.setenv(name, value)
    notebook = _notebook()
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.get("name") == "stderr"]
    shown = [o for o in outputs if WIDGET_VIEW in o.get("data", {})]
    assert len(shown) == 3  # the hand, the play table, the deck
    plain = " ".join(o["data"]["text/plain"] for o in shown)
    assert "HandWidget(players=4" in plain and "PlayTable(players=4" in plain


def test_voila_command_is_the_documented_one():
    command = app.voila_command(port=9000)
    assert command[:4] == [sys.executable, "-m", "voila", str(app.NOTEBOOK)]
    assert command[4:7] == ["--no-browser", "--port=9000", "--Voila.ip=127.0.0.1"]
    # pages that were closed give their kernels back (an open page keeps its own)
    assert f"--MappingKernelManager.cull_idle_timeout={app.CULL_IDLE_SECONDS}" in command
    assert "--MappingKernelManager.cull_interval=60" in command


def test_log_filter_keeps_errors_and_drops_chatter():
    log = app._LogFilter()
    shown = []
    for line in [
        "[Voila] Voilà is running at:",
        "[Voila] WARNING | Notebook student_app.ipynb is not trusted",
        "[Voila] Kernel started: a",
        "[Voila] Connecting to kernel a.",
        "403 GET /voila/files/favicon.ico (127.0.0.1): File not allowlisted",
        "Traceback (most recent call last):",
        '  File "handler.py", line 3, in get',
        "    raise KeyError('x')",
        "KeyError: 'x'",
        "[Voila] ERROR | Uncaught exception GET /",
        "Traceback (most recent call last):",
        '  File "websocket.py", line 3, in write_message',
        "tornado.websocket.WebSocketClosedError",
    ]:
        shown.extend(log.feed(line))
    assert shown == [
        "A student page opened (1 open).",
        "Voilà error: KeyError: 'x'",
        "[Voila] ERROR | Uncaught exception GET /",
    ]


# What Voilà 0.5 (jupyter_server 2) logs, in order, when three students open the app and
# two close their pages; ten minutes later the closed pages' kernels are culled.
K1, K2, K3 = (f"{n}d0f1c2e-6c1b-4f0e-9a57-3c2b1e0d9f8{n}" for n in (1, 2, 3))
PAGES_LOG = [
    f"[Voila] Kernel started: {K1}",
    "[IPKernelApp] WARNING | Kernel is running over TCP without encryption.",
    f"[Voila] Adapting from protocol version 5.3 (kernel {K1}) to 5.4 (client).",
    f"[Voila] Connecting to kernel {K1}.",
    "Setting websocket_ping_timeout=30000",
    f"[Voila] Kernel started: {K2}",
    f"[Voila] Connecting to kernel {K2}.",
    f"[Voila] Kernel started: {K3}",
    f"[Voila] Connecting to kernel {K3}.",
    f"[Voila] Starting buffering for {K1}:d843f60c-7f0d-49f9-b8f1-6706043dceb2",
    f"[Voila] Starting buffering for {K3}:4672c15d-0115-4a22-8bcb-4129dabb1aa8",
    f"[Voila] Kernel culled: {K1}",
    f"[Voila] Kernel shutdown: {K1}",
    f"[Voila] Kernel shutdown: {K3}",
]


def test_log_filter_counts_pages_by_their_connections_not_their_kernels():
    log = app._LogFilter()
    closing = PAGES_LOG.index(f"[Voila] Kernel culled: {K1}")
    shown = [text for line in PAGES_LOG[:closing] for text in log.feed(line)]
    assert shown == [
        "A student page opened (1 open).",
        "A student page opened (2 open).",
        "A student page opened (3 open).",
        "A student page closed (2 open).",  # when the page closes, not when culled
        "A student page closed (1 open).",
    ]
    assert log.open == 1
    # the kernels of the closed pages culled ten minutes later: nothing more to say
    assert [text for line in PAGES_LOG[closing:] for text in log.feed(line)] == []
    assert log.open == 1


def test_log_filter_pages_that_reconnect_or_never_connect():
    log = app._LogFilter()
    lines = [
        "[Voila] Kernel started: k1",
        "[Voila] Connecting to kernel k1.",
        "[Voila] Starting buffering for k1:s1",  # the network dropped ...
        "[Voila] Connecting to kernel k1.",  # ... and came back
        "[Voila] Restoring connection for k1:s1",
        "[Voila] Connecting to kernel k1.",  # a second socket of the same page
        "[Voila] Kernel started: k2",  # a page closed while it was still loading
        "[Voila] Kernel shutdown: k2",
        "[Voila] Kernel shutdown: k1",  # the teacher's server stops the kernel
    ]
    assert [text for line in lines for text in log.feed(line)] == [
        "A student page opened (1 open).",
        "A student page closed (0 open).",
        "A student page reconnected (1 open).",
        "A student page closed (0 open).",
    ]


def test_app_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["app", "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert "--port" in text and "--no-browser" in text and "Voilà" in text


def test_app_help_from_the_installed_command():
    done = subprocess.run(
        [sys.executable, "-m", "xactika_edu.outputs.cli", "app", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "127.0.0.1" in done.stdout


def _one_line_error(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    return error


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_app_bad_port_is_a_one_line_error(capsys, port):
    error = _one_line_error(capsys, ["app", f"--port={port}", "--no-browser"])
    assert error.startswith("xactika-edu app: error: argument --port:")
    assert port in error


def test_app_missing_notebook_is_a_one_line_error(capsys, tmp_path):
    missing = tmp_path / "nowhere.ipynb"
    assert main(["app", "--notebook", str(missing), "--no-browser"]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"xactika-edu: error: notebook not found: {str(missing)!r}\n"


def test_app_busy_port_is_a_one_line_error(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["app", f"--port={port}", "--no-browser"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"xactika-edu: error: cannot use port {port} on 127.0.0.1")
    assert error.count("\n") == 1


def test_app_bad_ip_is_a_one_line_error(capsys):
    assert main(["app", "--ip", "classroom", "--no-browser"]) == 2
    assert capsys.readouterr().err == (
        "xactika-edu: error: not an IP address: 'classroom' (e.g. 127.0.0.1 or 0.0.0.0)\n"
    )


def test_app_without_voila_says_how_to_install_it(capsys, monkeypatch):
    find_spec = importlib.util.find_spec

    def without_voila(name, *args, **kwargs):
        return None if name == "voila" else find_spec(name, *args, **kwargs)

    monkeypatch.setattr(app.importlib.util, "find_spec", without_voila)
    assert main(["app", "--no-browser"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("xactika-edu: error: Voilà is not installed")
    assert "pip install voila" in error and error.count("\n") == 1


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed")
def test_app_serves_the_page_and_stops_cleanly_on_ctrl_c(tmp_path):
    port = free_port()
    log = tmp_path / "app.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "xactika_edu.outputs.cli",
                "app",
                f"--port={port}",
                "--no-browser",
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=quiet_env(tmp_path),
        )
    try:
        deadline = time.monotonic() + 60
        while "Students open" not in log.read_text():
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        url = f"http://127.0.0.1:{port}/"
        assert f"Students open: {url}" in log.read_text()
        # The page runs the notebook on a kernel: stopping must also stop that.
        with urllib.request.urlopen(url, timeout=60) as page:
            html = page.read().decode()
        assert "HandWidget(players=4)" not in html  # Voilà leaves out the code
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    output = log.read_text()
    assert "Stopping the student app" in output
    assert "Traceback" not in output and "Error" not in output


def test_an_app_open_to_the_network_also_gives_its_address_by_number():
    assert app._address_urls("127.0.0.1", 8866) == []
    for url in app._address_urls("0.0.0.0", 8866):  # none on a machine without a network
        host = url.removeprefix("http://").removesuffix(":8866/")
        assert not ipaddress.ip_address(host).is_loopback
