"""The class server under JupyterHub: one per teacher, started by jupyter-server-proxy.

A school that outgrows one laptop runs JupyterHub; each teacher's own Jupyter server
gets an **Xactika class** entry in its launcher (the ``xactika-class`` entry point,
``pip install "xactika-edu[hub]"``). Opening it starts ``xactika-edu app`` inside the
teacher's server, and the students' pages are
``https://HUB/user/TEACHER/xactika-class/``: JupyterHub lets in only people who have
logged in, and jupyter-server-proxy hands their requests on to the app.

Behind the proxy the app listens on a Unix socket in a folder only the teacher's
account can open (not on a port another account of the same computer could reach),
so the only way in is through the hub. It then serves whatever host name the hub
has (the hub checks it, and the origin of each websocket), and its pages live under
the path prefix ``/user/TEACHER/xactika-class`` (Solara's root path).

>>> config = setup_xactika_class()
>>> config["launcher_entry"]["title"]
'Xactika class'
>>> command = config["command"](base_url="/user/ana/")
>>> command[command.index("--root-path") + 1]
'/user/ana/xactika-class'
>>> "{unix_socket}" in command and "--no-browser" in command
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from ...base.errors import XactikaError

__all__ = [
    "NAME",
    "START_SECONDS",
    "TITLE",
    "AnyHost",
    "BehindProxy",
    "behind_proxy",
    "root_path_for",
    "setup_xactika_class",
]

#: The entry point's name: the path under the teacher's server (``.../xactika-class/``).
NAME = "xactika-class"
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


def setup_xactika_class() -> dict[str, Any]:
    """jupyter-server-proxy's server settings for the class app (the entry point).

    Returns:
        a server process dictionary (jupyter-server-proxy's "Server Process options"):
        ``command`` (a callable taking ``base_url``; jupyter-server-proxy fills in
        ``{unix_socket}``), ``unix_socket`` (True: a private folder made by the proxy),
        ``timeout`` (:data:`START_SECONDS`), ``launcher_entry`` (title :data:`TITLE`)
        and ``new_browser_tab`` (the app opens in its own tab, with its own address to
        give students).
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
        ]

    return {
        "command": command,
        "unix_socket": True,
        "timeout": START_SECONDS,
        "absolute_url": False,
        "new_browser_tab": True,
        "launcher_entry": {"enabled": True, "title": TITLE},
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
