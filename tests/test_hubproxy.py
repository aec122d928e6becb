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


def test_the_entry_point_starts_the_app_on_a_private_socket_with_no_browser(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    monkeypatch.delenv(hubproxy.CLASS_VARIABLE, raising=False)
    config = hubproxy.setup_xactika_class()
    assert config["unix_socket"] is True  # the proxy makes a folder only this account opens
    # the card opens the teacher's way in (hubteacher), under the user's server's URL
    assert config["launcher_entry"] == {
        "enabled": True,
        "title": "Xactika class",
        "path_info": "xactika-class-teacher",
    }
    assert config["timeout"] >= 30 and config["new_browser_tab"] is True
    command = config["command"](base_url="/user/ana/")
    assert command[:4] == [sys.executable, "-m", "xactika_edu.outputs.cli", "app"]
    assert "--no-browser" in command
    assert command[command.index("--unix-socket") + 1] == "{unix_socket}"
    assert command[command.index("--root-path") + 1] == "/user/ana/xactika-class"
    # class mode, the class named after the teacher
    assert command[command.index("--class") + 1] == "Class of ana"
    # a base URL without its trailing slash gives the same prefix
    assert config["command"](base_url="/user/ana") == command


def test_the_administrator_names_the_class():
    named = {"JUPYTERHUB_USER": "ana", hubproxy.CLASS_VARIABLE: "  Period 3 "}
    assert hubproxy.hub_class_name(named) == "Period 3"
    assert hubproxy.hub_class_name({hubproxy.CLASS_VARIABLE: "   "}) == "My class"
    # a long user name is cut to the longest class name the store takes (60 characters)
    long_name = hubproxy.hub_class_name({"JUPYTERHUB_USER": "a" * 80})
    assert long_name == "Class of " + "a" * 51 and len(long_name) == 60


def test_the_token_goes_in_the_environment_never_on_the_command_line(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    config = hubproxy.setup_xactika_class()
    environment = config["environment"]()
    token = environment[hubproxy.TOKEN_VARIABLE]
    assert set(environment) == {hubproxy.TOKEN_VARIABLE}
    assert len(token) >= 43 and token == hubproxy.teacher_token()
    # one token for the life of the Jupyter server: a restarted app gets the same
    assert hubproxy.setup_xactika_class()["environment"]() == environment
    command = config["command"](base_url="/user/ana/")
    assert not any(token in part for part in command)
    assert not any("token" in part.lower() for part in command)


def test_the_app_takes_the_token_from_its_environment_and_removes_it():
    environment = {hubproxy.TOKEN_VARIABLE: "t" * 43, "OTHER": "1"}
    assert hubproxy.take_teacher_token(environment) == "t" * 43
    assert environment == {"OTHER": "1"}
    assert hubproxy.take_teacher_token(environment) is None
    assert hubproxy.take_teacher_token({hubproxy.TOKEN_VARIABLE: ""}) is None


def test_the_class_takes_the_given_teacher_token(tmp_path):
    from xactika_edu.base.errors import ClassError
    from xactika_edu.teaching.classdata.store import ClassStore
    from xactika_edu.ui.app import open_class

    token = hubproxy.teacher_token()
    links = open_class("Class of ana", tmp_path, token)
    assert links.token == token and links.name == "Class of ana"
    store = ClassStore(tmp_path)
    try:
        store.check_teacher(links.code, token)  # the hub's token is the class's
        # the same class again (the app restarted) with the same token: still the class's
        assert open_class("Class of ana", tmp_path, token).code == links.code
        store.check_teacher(links.code, token)
        # without a given token, a new random one replaces it
        fresh = open_class("Class of ana", tmp_path)
        assert fresh.token != token
        with pytest.raises(XactikaError, match="teacher link is not right"):
            store.check_teacher(links.code, token)
        with pytest.raises(ClassError, match="not a teacher token: 5 characters") as error:
            store.new_teacher_token(links.code, "short")
        assert "short" not in str(error.value)  # the message never shows a token
    finally:
        store.close()


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
def test_the_app_serves_the_hub_on_its_socket_under_the_prefix(tmp_path, short_folder, monkeypatch):
    """What jupyter-server-proxy starts and asks: the app on the socket, in class mode
    with the token from its environment, answers the hub's own host name (the hub
    checked it), with every address under the prefix; the token is in no log and on
    no command line."""
    from xactika_edu.teaching.classdata.store import ClassStore
    from xactika_edu.ui.app import HUB_TEACHER_LINE

    sock = short_folder / "app.sock"
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    monkeypatch.delenv(hubproxy.CLASS_VARIABLE, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)  # the data folder is under HOME
    config = hubproxy.setup_xactika_class()
    # as jupyter-server-proxy does: its own environment and the entry's environment
    for name, value in config["environment"]().items():
        monkeypatch.setenv(name, value)
    token = hubproxy.teacher_token()
    command = [
        part.replace("{unix_socket}", str(sock))
        for part in config["command"](base_url="/user/ana/")
    ]
    log = tmp_path / "app.log"
    with app_process(command, tmp_path, seconds=90) as process:
        output = log.read_text()
        assert "Class: Class of ana" in output and HUB_TEACHER_LINE in output
        assert "Students open: /user/ana/xactika-class/?class=" in output
        assert token not in Path(f"/proc/{process.pid}/cmdline").read_text(errors="replace")
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
    assert token not in output
    # the class is in the teacher's usual data folder, and its teacher token is the hub's
    store = ClassStore(tmp_path / "home" / ".local" / "share" / "xactika-edu")
    try:
        store.check_teacher(store.open_class("Class of ana"), token)
    finally:
        store.close()


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
