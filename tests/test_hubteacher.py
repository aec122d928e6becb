"""The teacher's way in under JupyterHub (``xactika_edu.ui.app.hubteacher``): the
launcher card's address sends the server's owner to the teacher page and refuses
everyone else; the Jupyter Server extension is enabled by installs and does nothing
outside a hub. The whole chain through a real hub is benchmarks/bench_hub.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from jupyter_server.auth import User
from tornado.testing import AsyncHTTPTestCase
from tornado.web import Application

from xactika_edu.ui.app import hubproxy, hubteacher

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "T" * 43


class _Someone:
    def __init__(self, name: str) -> None:
        self.username = name


def test_the_owner_is_sent_to_the_teacher_page_with_the_servers_token():
    status, where = hubteacher.teacher_answer(
        _Someone("ana"), "/user/ana/", owner_name="ana", token=TOKEN
    )
    assert status == 302
    assert where == f"/user/ana/xactika-class/?token={TOKEN}"
    # by default, the token this Jupyter server hands the app it starts
    _, where = hubteacher.teacher_answer(_Someone("ana"), "/user/ana/", owner_name="ana")
    assert parse_qs(urlsplit(where).query) == {"token": [hubproxy.teacher_token()]}


@pytest.mark.parametrize("user", [_Someone("sam"), _Someone(""), None])
def test_anyone_else_gets_403_and_a_plain_message_without_the_token(user):
    status, text = hubteacher.teacher_answer(user, "/user/ana/", owner_name="ana", token=TOKEN)
    assert status == 403
    assert (
        text == "Only ana, whose Jupyter server this is, can open the teacher page of this class."
    )
    assert TOKEN not in text


def test_outside_a_hub_nobody_is_the_owner():
    status, text = hubteacher.teacher_answer(_Someone(""), "/", owner_name="", token=TOKEN)
    assert status == 403 and TOKEN not in text


class _Probe(hubteacher.TeacherLinkHandler):
    """The handler with the hub's login replaced by an ``X-User`` header."""

    async def prepare(self) -> None:  # type: ignore[override]
        name = self.request.headers.get("X-User")
        self.current_user = User(username=name) if name else None


class TestTheHandler(AsyncHTTPTestCase):
    def get_app(self) -> Application:
        return Application(
            [("/user/ana/xactika-class-teacher", _Probe)],
            base_url="/user/ana/",
            login_url="/hub/login",
        )

    def setUp(self) -> None:
        super().setUp()
        self.patch = pytest.MonkeyPatch()
        self.patch.setenv("JUPYTERHUB_USER", "ana")

    def tearDown(self) -> None:
        self.patch.undo()
        super().tearDown()

    def _get(self, user: str | None):
        headers = {"X-User": user} if user else {}
        return self.fetch(
            "/user/ana/xactika-class-teacher", headers=headers, follow_redirects=False
        )

    def test_the_owner_is_redirected_to_the_teacher_link(self) -> None:
        answer = self._get("ana")
        assert answer.code == 302
        token = hubproxy.teacher_token()
        assert answer.headers["Location"] == f"/user/ana/xactika-class/?token={token}"
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.headers["Referrer-Policy"] == "no-referrer"

    def test_a_student_gets_403_in_plain_text(self) -> None:
        answer = self._get("sam")
        assert answer.code == 403
        assert answer.headers["Content-Type"].startswith("text/plain")
        body = answer.body.decode()
        assert "can open the teacher page" in body and hubproxy.teacher_token() not in body
        assert "Traceback" not in body

    def test_someone_not_logged_in_goes_to_the_login_page(self) -> None:
        answer = self._get(None)
        assert answer.code == 302 and answer.headers["Location"].startswith("/hub/login")


class _Server:
    """What the extension needs of Jupyter Server's ``ServerApp``."""

    def __init__(self) -> None:
        import logging

        self.base_url = "/user/ana/"
        self.log = logging.getLogger("test_hubteacher")
        self.added: list[tuple[str, list[tuple[str, type]]]] = []
        self.web_app = self

    def add_handlers(self, host: str, handlers: list[tuple[str, type]]) -> None:
        self.added.append((host, handlers))


def test_the_extension_adds_the_teachers_way_in_under_a_hub_only(monkeypatch):
    points = hubteacher._jupyter_server_extension_points()
    assert points == [{"module": "xactika_edu.ui.app.hubteacher"}]
    server = _Server()
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    hubteacher._load_jupyter_server_extension(server)
    assert server.added == []  # a plain jupyter lab: nothing
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    hubteacher._load_jupyter_server_extension(server)
    assert server.added == [
        (".*$", [("/user/ana/xactika-class-teacher", hubteacher.TeacherLinkHandler)])
    ]


def test_installs_enable_the_extension():
    tomllib = pytest.importorskip("tomllib")
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    shared = build["build"]["targets"]["wheel"]["shared-data"]
    source = "jupyter-config/jupyter_server_config.d/xactika-edu.json"
    assert shared == {source: "etc/jupyter/jupyter_server_config.d/xactika-edu.json"}
    config = json.loads((ROOT / source).read_text(encoding="utf-8"))
    assert config == {"ServerApp": {"jpserver_extensions": {hubteacher.__name__: True}}}
    assert "jupyter-config" in build["build"]["targets"]["sdist"]["include"]


def test_the_extension_and_the_entry_point_load_no_heavy_library():
    # Every Jupyter server of an install imports them (a plain jupyter lab too), and
    # the teacher's makes the token and the class name: no pandas, numpy, matplotlib or
    # Solara for that.
    code = (
        "import sys, xactika_edu.ui.app.hubteacher, xactika_edu.ui.app.hubproxy as h; "
        "h.setup_xactika_class()['environment'](); h.hub_class_name(); "
        "print(sorted({'numpy', 'pandas', 'matplotlib', 'solara'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
