"""The student app without a browser: its page, the ``xactika-edu app`` command (help,
errors, starting the Solara server and stopping it with Ctrl-C) and the gate in front
of Solara (host names, origins, the cap on pages, plain error pages)."""

from __future__ import annotations

import asyncio
import http.client
import importlib.util
import ipaddress
import json
import socket
import subprocess
import sys
import urllib.request
import uuid

import pytest
from _support import app_command, app_process, stop_with_ctrl_c
from conftest import free_port, running

from xactika_edu.outputs.cli import main
from xactika_edu.ui import app
from xactika_edu.ui.app import guard

# --- the page ------------------------------------------------------------------------


def test_page_shows_the_three_widgets_with_headings():
    from xactika_edu.ui.app.page import build_page

    page = build_page()
    names = [type(part).__name__ for part in page.children]
    assert [n for n in names if n != "HTML"] == ["HandWidget", "PlayTable", "DeckExplorer"]
    headings = [p.value for p in page.children if type(p).__name__ == "HTML"]
    assert headings[0] == "<h1>Xactika student app</h1>"
    assert sum("<h2>" in h for h in headings) == 3
    # each visitor gets widgets of their own
    assert build_page().children[3] is not page.children[3]


def test_the_warm_up_draws_what_a_first_page_would_draw():
    from xactika_edu.teaching.views import deckview
    from xactika_edu.ui.app.page import build_page, warm_up

    deckview.GRAPHS.clear()
    deckview.CARD_PICTURES.clear()
    warm_up()
    assert len(deckview.GRAPHS) == 1 and len(deckview.CARD_PICTURES) == 1
    drawn = (deckview.GRAPHS.misses, deckview.CARD_PICTURES.misses)
    hits = (deckview.GRAPHS.hits, deckview.CARD_PICTURES.hits)
    page = build_page()
    # the page's deck explorer found both pictures kept: nothing drawn again
    assert (deckview.GRAPHS.misses, deckview.CARD_PICTURES.misses) == drawn
    assert (deckview.GRAPHS.hits, deckview.CARD_PICTURES.hits) == (hits[0] + 1, hits[1] + 1)
    explorer = page.children[-1]
    assert explorer.graph.value == deckview.plot_html(deckview.filter_deck())
    assert explorer.cards_view.value.count("<title>") == 81


def test_a_failed_warm_up_is_one_line_in_the_log(monkeypatch, caplog):
    import logging

    from xactika_edu.ui.app import page

    def broken() -> None:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(page, "warm_up", broken)
    log = logging.getLogger("xactika_edu.app")
    log.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.WARNING, logger="xactika_edu.app"):
            app._warm_up()  # returns: the server goes on
    finally:
        log.removeHandler(caplog.handler)
    # (once or twice: the root logger may see it too)
    assert set(caplog.messages) == {"could not draw the pages' pictures ahead: RuntimeError"}


def test_solara_settings_keep_the_app_offline_and_quiet():
    env = app.solara_environment()
    assert env["SOLARA_APP"] == "xactika_edu.ui.app.page:Page"
    assert env["SOLARA_ASSETS_PROXY"] == "True"  # assets from solara-assets, not a CDN
    assert env["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] == "False"  # no statistics sent out
    assert env["SOLARA_MODE"] == "production"  # no tracebacks on the page
    assert env["SOLARA_KERNEL_CULL_TIMEOUT"] == f"{app.CULL_IDLE_SECONDS}s"


def test_solara_and_its_assets_are_pinned_to_the_same_version():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "pyproject.toml").read_text()
    assert '"solara==1.58.2"' in text and '"solara-assets==1.58.2"' in text
    assert "voila" not in text


# --- the command ---------------------------------------------------------------------


def test_app_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["app", "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert "--port" in text and "--no-browser" in text and "Solara" in text
    assert "--ip" in text and "--debug" in text and "--notebook" not in text


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


def test_app_without_solara_says_how_to_install_it(capsys, monkeypatch):
    find_spec = importlib.util.find_spec

    def without_assets(name, *args, **kwargs):
        return None if name == "solara_assets" else find_spec(name, *args, **kwargs)

    monkeypatch.setattr(app.importlib.util, "find_spec", without_assets)
    assert main(["app", "--no-browser"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("xactika-edu: error: solara-assets is not installed")
    assert "pip install solara==1.58.2 solara-assets==1.58.2" in error
    assert error.count("\n") == 1


def test_an_app_open_to_the_network_also_gives_its_address_by_number():
    assert app._address_urls("127.0.0.1", 8866) == []
    for url in app._address_urls("0.0.0.0", 8866):  # none on a machine without a network
        host = url.removeprefix("http://").removesuffix(":8866/")
        assert not ipaddress.ip_address(host).is_loopback


# --- host names ----------------------------------------------------------------------


def test_allowed_hosts_are_the_addresses_the_server_was_started_for():
    assert guard.allowed_hosts("127.0.0.1", 8866) == ("127.0.0.1:8866", "localhost:8866")
    assert guard.allowed_hosts("192.168.1.20", 8000) == ("192.168.1.20:8000",)
    shared = guard.allowed_hosts("0.0.0.0", 8866)
    assert "127.0.0.1:8866" in shared and f"{socket.gethostname().lower()}:8866" in shared
    for address in guard.network_addresses():
        assert f"{address}:8866" in shared
    assert not guard.host_allowed("attacker.example:8866", shared)
    assert not guard.host_allowed("127.0.0.1:9999", shared)  # another port
    assert not guard.host_allowed(None, shared)
    assert guard.origin_allowed("http://127.0.0.1:8866", shared)
    assert not guard.origin_allowed("http://attacker.example:8866", shared)
    assert not guard.origin_allowed("null", shared)


# --- the gate, around a small stand-in for Solara ------------------------------------

testclient = pytest.importorskip("starlette.testclient", reason="Starlette is missing")
HOST = "127.0.0.1:8866"
ORIGIN = f"http://{HOST}"


def _inner_app():
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route, WebSocketRoute

    async def page(request):
        return PlainTextResponse("the page")

    async def broken(request):
        raise AssertionError("/secret/server/path.py: an assertion")

    async def channels(ws):
        await ws.accept()
        await ws.send_text("hello")
        await ws.close()

    return Starlette(
        routes=[
            Route("/", page),
            Route("/broken", broken),
            Route("/resourcez", page),
            Route("/_solara/cdn/{path:path}", page),
            WebSocketRoute("/jupyter/api/kernels/{kernel}/channels", channels),
        ]
    )


@pytest.fixture
def gate(tmp_path):
    said: list[str] = []
    (tmp_path / "lib.js").write_text("//")
    kernels: set[str] = set()
    gate = guard.Gate(
        _inner_app(),
        hosts=guard.allowed_hosts("127.0.0.1", 8866),
        max_pages=2,
        kernels=kernels,
        pages=guard.PageCount(said.append),
        local_only=(("/_solara/cdn/", tmp_path),),
    )
    client = testclient.TestClient(gate, base_url=f"http://{HOST}", raise_server_exceptions=False)
    return client, kernels, said


def test_gate_refuses_a_foreign_host_name(gate):
    client, _, _ = gate
    assert client.get("/").text == "the page"
    assert client.get("/", headers={"Host": "localhost:8866"}).status_code == 200
    refused = client.get("/", headers={"Host": "attacker.example:8866"})
    assert refused.status_code == 400 and "the page" not in refused.text


def test_gate_refuses_a_websocket_from_another_site(gate):
    client, _, said = gate
    path = f"ws://{HOST}/jupyter/api/kernels/k1/channels"
    with client.websocket_connect(path, headers={"Origin": ORIGIN}) as ws:
        assert ws.receive_text() == "hello"
    assert said == ["A page opened (1 open).", "A page closed (0 open)."]
    for headers in (
        {"Origin": "http://attacker.example:8866"},
        {},  # no Origin: not a page of this server
    ):
        with (
            pytest.raises(testclient.WebSocketDisconnect),
            client.websocket_connect(path, headers=headers) as ws,
        ):
            ws.receive_text()
    # DNS rebinding: a page of attacker.example whose name now points at this computer
    with (
        pytest.raises(testclient.WebSocketDisconnect),
        client.websocket_connect(
            "ws://attacker.example:8866/jupyter/api/kernels/k1/channels",
            headers={"Origin": "http://attacker.example:8866"},
        ) as ws,
    ):
        ws.receive_text()
    assert len(said) == 2  # the refused ones never counted as pages


def test_gate_refuses_a_post_from_another_site(gate):
    client, _, _ = gate
    assert client.post("/", headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post("/").status_code == 403


def test_gate_says_the_class_is_full_past_the_cap(gate):
    client, kernels, _ = gate
    kernels.update({"k1", "k2"})  # two pages alive: the cap
    full = client.get("/")
    assert full.status_code == 503 and "The class is full" in full.text
    assert "<h1>The class is full</h1>" in full.text and "Traceback" not in full.text
    with (
        pytest.raises(testclient.WebSocketDisconnect) as refused,
        client.websocket_connect(
            f"ws://{HOST}/jupyter/api/kernels/k3/channels", headers={"Origin": ORIGIN}
        ) as ws,
    ):
        ws.receive_text()
    assert refused.value.code == 1013  # try again later
    # a page that only reconnects to its own kernel is let in
    with client.websocket_connect(
        f"ws://{HOST}/jupyter/api/kernels/k1/channels", headers={"Origin": ORIGIN}
    ) as ws:
        assert ws.receive_text() == "hello"
    # files the open pages need are still served
    assert client.get("/_solara/cdn/lib.js").status_code == 200
    kernels.discard("k2")
    assert client.get("/").status_code == 200


def test_gate_sends_no_traceback_or_path_to_the_browser(gate, caplog):
    client, _, _ = gate
    with caplog.at_level("WARNING", logger="xactika_edu.app"):
        broken = client.get("/broken")
    assert broken.status_code == 500
    assert "secret" not in broken.text and "Traceback" not in broken.text
    assert len(broken.text) < 400  # a short plain page (Starlette's own, or ours)
    assert [r.getMessage() for r in caplog.records] == ["error serving a page: AssertionError"]


def test_gate_serves_only_local_files_and_hides_diagnostics(gate):
    client, _, _ = gate
    assert client.get("/_solara/cdn/lib.js").status_code == 200
    for path in ("/_solara/cdn/missing.js", "/_solara/cdn/../lib.js", "/resourcez"):
        answer = client.get(path)
        assert answer.status_code == 404 and "the page" not in answer.text, path


def test_page_count_lines():
    said: list[str] = []
    count = guard.PageCount(said.append)
    count.connect("a")
    count.connect("a")  # a second socket of the same page
    count.connect("b")
    count.disconnect("a")
    count.disconnect("a")
    count.disconnect("a")  # a socket that never counted changes nothing
    count.connect("a")
    assert said == [
        "A page opened (1 open).",
        "A page opened (2 open).",
        "A page closed (1 open).",
        "A page reconnected (2 open).",
    ]


def test_one_line_log_drops_the_traceback():
    try:
        raise AssertionError("deep inside")
    except AssertionError:
        record = app.logging.LogRecord(
            "solara", 40, "/srv/x.py", 1, "kernel failed\nmore", None, sys.exc_info()
        )
    assert app._OneLine().format(record) == "xactika-edu app: kernel failed (AssertionError)"


# --- the real server -----------------------------------------------------------------


def _get(port: int, path: str, host: str | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host or f"127.0.0.1:{port}")
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read().decode(errors="replace")
    finally:
        connection.close()


async def _hostile_messages(port: int) -> list[str]:
    """Messages a page would never send, on a page's own websocket: what comes back."""
    import websockets

    kernel, session = uuid.uuid4(), uuid.uuid4()
    url = f"ws://127.0.0.1:{port}/jupyter/api/kernels/{kernel}/channels?session_id={session}"
    header = {"msg_id": "1", "session": str(session), "username": "", "version": "5.3"}
    received: list[str] = []
    for message in (
        "not json",
        json.dumps({"channel": 5}),
        json.dumps(
            {
                "channel": "shell",
                "header": {**header, "msg_type": "execute_request"},
                "parent_header": {},
                "metadata": {},
                "content": {"code": "import os"},
            }
        ),
        json.dumps(
            {
                "channel": "shell",
                "header": {**header, "msg_type": "comm_msg"},
                "parent_header": {},
                "metadata": {},
                "content": {"comm_id": "none", "data": {"method": "update", "state": {}}},
            }
        ),
    ):
        async with websockets.connect(url, origin=f"http://127.0.0.1:{port}") as ws:
            await ws.send(message)
            try:
                while True:
                    received.append(str(await asyncio.wait_for(ws.recv(), 2)))
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                pass
    return received


async def _hold_pages(port: int, count: int) -> list[object]:
    """``count`` bare page connections (each a new Solara virtual kernel), held open."""
    import websockets

    held = []
    for _ in range(count):
        url = (
            f"ws://127.0.0.1:{port}/jupyter/api/kernels/{uuid.uuid4()}/channels"
            f"?session_id={uuid.uuid4()}"
        )
        held.append(await websockets.connect(url, origin=f"http://127.0.0.1:{port}"))
    return held


@pytest.mark.skipif(not importlib.util.find_spec("websockets"), reason="websockets is missing")
def test_the_real_server_says_the_class_is_full_past_its_cap(tmp_path):
    import websockets

    port = free_port()
    code = (
        f"from xactika_edu.ui.app import serve; serve(port={port}, open_browser=False, max_pages=2)"
    )
    with running([sys.executable, "-c", code], port, tmp_path) as server:

        async def fill_then_one_more() -> None:
            held = await _hold_pages(port, 2)
            try:
                with pytest.raises(websockets.InvalidStatus):
                    await _hold_pages(port, 1)
                status, text = await asyncio.to_thread(_get, port, "/")
                assert status == 503 and "<h1>The class is full</h1>" in text
                assert guard.FULL_MESSAGE in text
            finally:
                for ws in held:
                    await ws.close()

        asyncio.run(fill_then_one_more())
        output = server.output()
    assert "At most 2 pages at once." in output
    assert "the class is full (2 pages): refused a new page" in output
    assert "Traceback" not in output


def test_app_serves_only_its_own_host_and_stops_cleanly_on_ctrl_c(tmp_path):
    port = free_port()
    log = tmp_path / "app.log"
    with app_process(app_command(port), tmp_path) as process:
        url = f"http://127.0.0.1:{port}/"
        assert f"Students open: {url}" in log.read_text()
        with urllib.request.urlopen(url, timeout=60) as page:
            html = page.read().decode()
        assert "<title>Xactika student app</title>" in html
        assert "cdn.jsdelivr.net" not in html and "/_solara/cdn/" in html
        # DNS rebinding: another name for this computer is refused
        status, text = _get(port, "/", host=f"attacker.example:{port}")
        assert status == 400 and "Xactika" not in text
        assert _get(port, "/", host=f"localhost:{port}")[0] == 200
        # probing: plain answers, no traceback or server path
        for path in ("/nope", "/../../etc/passwd", "/_solara/cdn/no/such.js", "/resourcez"):
            status, text = _get(port, path)
            assert status == 404, path
            assert "Traceback" not in text and "site-packages" not in text, path
        if importlib.util.find_spec("websockets"):
            for reply in asyncio.run(_hostile_messages(port)):
                assert "Traceback" not in reply and "site-packages" not in reply
        stop_with_ctrl_c(process)
    output = log.read_text()
    assert "Stopping the student app" in output
    assert "Traceback" not in output and "AssertionError" not in output
    assert "site-packages" not in output
    # each refusal or error is one short line
    assert all(len(line) <= 240 for line in output.splitlines())
