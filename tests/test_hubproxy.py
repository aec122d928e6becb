"""The class app under JupyterHub: the ``xactika-class`` jupyter-server-proxy entry
point, and the app on a private Unix socket under a path prefix, as the proxy runs it.

The whole chain (JupyterHub, configurable-http-proxy, JupyterLab's launcher, the class
page through the hub) is benchmarks/bench_hub.py: it needs packages the test run does
not install."""

from __future__ import annotations

import http.client
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from _support import app_process, stop_with_ctrl_c

from xactika_edu.base.errors import XactikaError
from xactika_edu.outputs.cli import main
from xactika_edu.ui.app import hubproxy

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A new folder with a short path (a Unix socket's path must stay under 108 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="xe-sock-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_entry_point_and_the_hub_extra_are_declared():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    servers = project["entry-points"]["jupyter_serverproxy_servers"]
    assert servers == {"xactika-class": "xactika_edu.ui.app.hubproxy:setup_xactika_class"}
    assert any(
        r.startswith("jupyter-server-proxy") for r in project["optional-dependencies"]["hub"]
    )
    # an extra, not a core dependency
    assert not any("server-proxy" in r for r in project["dependencies"])


def test_the_entry_point_starts_the_app_on_a_private_socket_with_no_browser():
    config = hubproxy.setup_xactika_class()
    assert config["unix_socket"] is True  # the proxy makes a folder only this account opens
    assert config["launcher_entry"] == {"enabled": True, "title": "Xactika class"}
    assert config["timeout"] >= 30 and config["new_browser_tab"] is True
    command = config["command"](base_url="/user/ana/")
    assert command[:4] == [sys.executable, "-m", "xactika_edu.outputs.cli", "app"]
    assert "--no-browser" in command
    assert command[command.index("--unix-socket") + 1] == "{unix_socket}"
    assert command[command.index("--root-path") + 1] == "/user/ana/xactika-class"
    # a base URL without its trailing slash gives the same prefix
    assert config["command"](base_url="/user/ana") == command


@pytest.mark.parametrize("root", ["user/ana", "/user/../etc", "/user/ana x", "/a//b"])
def test_a_bad_root_path_is_a_clear_error(root):
    with pytest.raises(XactikaError, match="not a root path"):
        hubproxy.behind_proxy(None, root)


def test_a_bad_root_path_is_a_one_line_error_of_the_command(capsys):
    assert main(["app", "--no-browser", "--root-path", "/user/../etc"]) == 2
    err = capsys.readouterr().err
    assert "not a root path: '/user/../etc'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def _get_on_socket(path: Path, url: str, host: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("localhost", timeout=30)
    connection.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.sock.settimeout(30)
    connection.sock.connect(str(path))
    try:
        connection.putrequest("GET", url, skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read().decode(errors="replace")
    finally:
        connection.close()


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
def test_the_app_serves_the_hub_on_its_socket_under_the_prefix(tmp_path, short_folder):
    """What jupyter-server-proxy starts and asks: the app on the socket answers the
    hub's own host name (the hub checked it), with every address under the prefix."""
    sock = short_folder / "app.sock"
    command = [
        part.replace("{unix_socket}", str(sock))
        for part in hubproxy.setup_xactika_class()["command"](base_url="/user/ana/")
    ]
    log = tmp_path / "app.log"
    with app_process(command, tmp_path, seconds=90) as process:
        assert "Students open: /user/ana/xactika-class/" in log.read_text()
        assert sock.is_socket()
        status, html = _get_on_socket(sock, "/", "hub.school.example")
        assert status == 200 and "<title>Xactika student app</title>" in html
        assert 'src="/user/ana/xactika-class/static/' in html
        assert 'src="/static/' not in html and 'src="/_solara/' not in html
        # plain answers still, no traceback
        status, text = _get_on_socket(sock, "/nope", "hub.school.example")
        assert status == 404 and "Traceback" not in text
        stop_with_ctrl_c(process)
    output = log.read_text()
    assert "Traceback" not in output and "site-packages" not in output


# --- the teacher's server lets the class in to the class app only ---------------------


class _User:
    def __init__(self, username: str) -> None:
        self.username = username


def test_only_the_owner_may_use_the_teachers_files_kernels_and_terminals(monkeypatch):
    from xactika_edu.ui.app.hubauth import OwnerOnlyAuthorizer

    monkeypatch.setenv("JUPYTERHUB_USER", "ms-lee")
    authorizer = OwnerOnlyAuthorizer()
    for action, resource in [
        ("read", "contents"),
        ("execute", "kernels"),
        ("execute", "terminals"),
    ]:
        assert authorizer.is_authorized(None, _User("ms-lee"), action, resource)
        assert not authorizer.is_authorized(None, _User("sam"), action, resource)
    # outside a hub nobody is the owner: nothing is allowed rather than everything
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert not authorizer.is_authorized(None, _User(""), "read", "contents")
