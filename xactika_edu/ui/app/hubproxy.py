"""The class server under JupyterHub: one per teacher, started by jupyter-server-proxy.

A school that outgrows one laptop runs JupyterHub; each teacher's own Jupyter server
gets an **Xactika class** entry in its launcher (the ``xactika-class`` entry point,
``pip install "xactika-edu[hub]"``). Opening it starts ``xactika-edu app`` inside the
teacher's server, and the students' pages are
``https://HUB/user/TEACHER/xactika-class/``: JupyterHub lets in only people who have
logged in, and jupyter-server-proxy hands their requests on to the app.

The card starts **class mode** (``xactika-edu app --class NAME``): the class is
:func:`hub_class_name` (``XACTIKA_EDU_HUB_CLASS`` if the administrator sets it, else
"Class of TEACHER"), in the teacher's usual data folder, so the teacher's lessons read
it by that name. The teacher page's secret token is made once per Jupyter server
(:func:`teacher_token`) and handed to the app in its environment
(:data:`TOKEN_VARIABLE`), never on its command line, where ``ps`` shows it; the
launcher card opens ``.../xactika-class-teacher`` (:mod:`.hubteacher`), which sends
the server's owner, and only them, on to the teacher page.

Behind the proxy the app listens on a Unix socket in a folder only the teacher's
account can open (not on a port another account of the same computer could reach),
so the only way in is through the hub. It then serves whatever host name the hub
has (the hub checks it, and the origin of each websocket), and its pages live under
the path prefix ``/user/TEACHER/xactika-class`` (Solara's root path).

>>> config = setup_xactika_class()
>>> config["launcher_entry"]["title"], config["launcher_entry"]["path_info"]
('Xactika class', 'xactika-class-teacher')
>>> command = config["command"](base_url="/user/ana/")
>>> command[command.index("--root-path") + 1]
'/user/ana/xactika-class'
>>> "{unix_socket}" in command and "--no-browser" in command and "--class" in command
True
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Collection, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ...base.errors import XactikaError
from ...teaching.classdata.classkeys import MAX_CLASS_NAME, new_teacher_token

__all__ = [
    "CLASS_VARIABLE",
    "NAME",
    "START_SECONDS",
    "TEACHER_NAME",
    "TITLE",
    "TOKEN_VARIABLE",
    "AnyHost",
    "BehindProxy",
    "behind_proxy",
    "hub_class_name",
    "root_path_for",
    "setup_xactika_class",
    "take_teacher_token",
    "teacher_token",
]

#: The entry point's name: the path under the teacher's server (``.../xactika-class/``).
NAME = "xactika-class"
#: The teacher's way in (``.../xactika-class-teacher``, :mod:`.hubteacher`): the
#: launcher card opens it; it sends the server's owner on to the teacher page.
TEACHER_NAME = f"{NAME}-teacher"
#: The class the card serves, if the administrator names it (e.g. in
#: ``c.Spawner.environment``); unset: "Class of TEACHER" (:func:`hub_class_name`).
CLASS_VARIABLE = "XACTIKA_EDU_HUB_CLASS"
#: The teacher token, handed from the teacher's Jupyter server to the app it starts in
#: the app's environment (only its own account reads a process's environment).
TOKEN_VARIABLE = "XACTIKA_EDU_TEACHER_TOKEN"
#: The launcher entry's title in JupyterLab and in Notebook's "New" menu.
TITLE = "Xactika class"
#: Seconds the proxy waits for the app to answer (importing Solara takes a while on a
#: busy server; the first page is ready well within this).
START_SECONDS = 60
#: A root path: "/" then path segments of letters, digits and ``-._~%@+`` (no "..").
_ROOT_PATH = re.compile(r"^(?:/[A-Za-z0-9._~%@+-]+)+$")


def root_path_for(base_url: str, name: str = NAME) -> str:
    """The path prefix of the app's pages under a Jupyter server at ``base_url``.

    >>> root_path_for("/user/ana/")
    '/user/ana/xactika-class'
    >>> root_path_for("/")
    '/xactika-class'
    """
    return "/" + "/".join(part for part in f"{base_url}/{name}".split("/") if part)


def hub_class_name(environ: Mapping[str, str] | None = None) -> str:
    """The class the launcher card serves: :data:`CLASS_VARIABLE` if set, else "Class
    of" and the hub user (``JUPYTERHUB_USER``), cut to the longest class name (60
    characters); "My class" outside a hub.

    >>> hub_class_name({"JUPYTERHUB_USER": "ms-lee"})
    'Class of ms-lee'
    >>> hub_class_name({"JUPYTERHUB_USER": "ms-lee", CLASS_VARIABLE: " Period 3 "})
    'Period 3'
    """
    environ = os.environ if environ is None else environ
    named = environ.get(CLASS_VARIABLE, "").strip()
    if named:
        return named
    user = environ.get("JUPYTERHUB_USER", "").strip()
    return f"Class of {user}"[:MAX_CLASS_NAME].rstrip() if user else "My class"


@functools.cache
def teacher_token() -> str:
    """This Jupyter server's teacher token for the class app: made on first use, the
    same for the life of the process (the app it starts, and restarts, takes it from
    :data:`TOKEN_VARIABLE`; :mod:`.hubteacher` sends the owner to it)."""
    return new_teacher_token()


def take_teacher_token(environ: MutableMapping[str, str] | None = None) -> str | None:
    """The teacher token the app was given in :data:`TOKEN_VARIABLE` (None if none),
    removed from ``environ`` (default :data:`os.environ`) so nothing the app starts
    inherits it.

    >>> environ = {TOKEN_VARIABLE: "x" * 43}
    >>> take_teacher_token(environ) == "x" * 43, environ
    (True, {})
    """
    environ = os.environ if environ is None else environ
    return environ.pop(TOKEN_VARIABLE, None) or None


def setup_xactika_class() -> dict[str, Any]:
    """jupyter-server-proxy's server settings for the class app (the entry point).

    Returns:
        a server process dictionary (jupyter-server-proxy's "Server Process options"):
        ``command`` (a callable taking ``base_url``; jupyter-server-proxy fills in
        ``{unix_socket}``; it serves the class :func:`hub_class_name`),
        ``environment`` (a callable: the :func:`teacher_token` in
        :data:`TOKEN_VARIABLE`), ``unix_socket`` (True: a private folder made by the
        proxy), ``timeout`` (:data:`START_SECONDS`), ``launcher_entry`` (title
        :data:`TITLE`, opening :data:`TEACHER_NAME`) and ``new_browser_tab`` (the app
        opens in its own tab, with its own address to give students).
    """

    def command(base_url: str) -> list[str]:
        return [
            sys.executable,  # the teacher's server's Python, where xactika-edu is installed
            "-m",
            "xactika_edu.outputs.cli",
            "app",
            "--no-browser",
            "--unix-socket",
            "{unix_socket}",
            "--root-path",
            root_path_for(base_url),
            "--class",
            hub_class_name(),
        ]

    def environment() -> dict[str, str]:
        return {TOKEN_VARIABLE: teacher_token()}

    return {
        "command": command,
        "environment": environment,
        "unix_socket": True,
        "timeout": START_SECONDS,
        "absolute_url": False,
        "new_browser_tab": True,
        "launcher_entry": {"enabled": True, "title": TITLE, "path_info": TEACHER_NAME},
    }


class AnyHost:
    """Every ``Host`` name: the gate's host list for an app reached only through a
    proxy on a private socket (the proxy in front checks hosts and origins).

    >>> "hub.school.example:443" in AnyHost()
    True
    """

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "AnyHost()"


@dataclass(frozen=True)
class BehindProxy:
    """Where the app serves when a proxy (JupyterHub's) is in front of it.

    Attributes:
        unix_socket: the socket file the app listens on (the proxy's private folder),
            or None for the usual address and port.
        root_path: the path prefix of every page as the browser sees it, e.g.
            ``/user/ana/xactika-class``, or "" for none.
    """

    unix_socket: str | None
    root_path: str

    def hosts(self, usual: Collection[str]) -> Collection[str]:
        """The gate's host list: :class:`AnyHost` on a socket, else ``usual``."""
        return AnyHost() if self.unix_socket else usual

    @property
    def page(self) -> str:
        """The page's path as students open it (through the proxy)."""
        return f"{self.root_path}/"

    def environment(self) -> dict[str, str]:
        """Solara's settings for the prefix (``SOLARA_ROOT_PATH``), set before Solara is
        imported; Solara then writes every address in its pages under the prefix."""
        return {"SOLARA_ROOT_PATH": self.root_path} if self.root_path else {}


def behind_proxy(unix_socket: str | None, root_path: str | None) -> BehindProxy | None:
    """The app's place behind a proxy from ``--unix-socket`` and ``--root-path``
    (None when neither is given).

    >>> behind_proxy(None, "/user/ana/xactika-class/")
    BehindProxy(unix_socket=None, root_path='/user/ana/xactika-class')
    >>> behind_proxy(None, None) is None
    True

    Raises:
        XactikaError: if the root path is not a path such as ``/user/ana/xactika-class``
            or the socket path is empty.
    """
    if unix_socket is None and root_path is None:
        return None
    if unix_socket is not None and not unix_socket.strip():
        raise XactikaError("--unix-socket needs the path of a socket file, e.g. /tmp/x/app.sock")
    root = (root_path or "").rstrip("/")
    if root and (not _ROOT_PATH.match(root) or "/../" in f"{root}/" or "/./" in f"{root}/"):
        raise XactikaError(
            f"not a root path: {root_path!r} (e.g. /user/ana/xactika-class: a path "
            "starting with /, of letters, digits and - . _ ~)"
        )
    return BehindProxy(unix_socket=unix_socket, root_path=root)
