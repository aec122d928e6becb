"""The class server's gate: an ASGI layer in front of Solara that lets in only the
requests a classroom needs, and answers everything else with a short plain page.

* **Hosts.** Only the ``Host`` names the server was started for are served (this
  stops DNS rebinding: a web page on another site that makes its own name point at
  this computer still sends its own name): any other gets ``400``. A websocket must
  also come from a page of this server (its ``Origin``), and so must a ``POST``.
* **Cap.** At most ``max_pages`` student pages (Solara virtual kernels) live at
  once; past it a new page gets "The class is full" (``503``) and a new websocket
  is refused. A page that only reconnects to its own kernel is always let in.
* **Plain errors.** An error inside the server is a short plain page (``500``)
  with no traceback or server path, and one line in the log.
* **Nothing from outside.** ``local_only`` paths are served only when the file is
  on this computer (Solara would otherwise fetch a missing asset from its CDN), and
  Solara's diagnostics page (``/resourcez``) is not served.
* **The teacher's terminal.** Each student page that opens, closes or reconnects
  is one line with the number of pages open (``say``).

>>> allowed_hosts("127.0.0.1", 8866)
('127.0.0.1:8866', 'localhost:8866')
>>> host_allowed("LOCALHOST:8866", allowed_hosts("127.0.0.1", 8866))
True
>>> host_allowed("attacker.example:8866", allowed_hosts("127.0.0.1", 8866))
False
"""

from __future__ import annotations

import html
import logging
import re
import socket
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...base.language import N_, language
from ...base.language import gettext as _

__all__ = [
    "FULL_MESSAGE",
    "Gate",
    "PageCount",
    "allowed_hosts",
    "host_allowed",
    "plain_page",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: What a student sees when the class is full.
FULL_MESSAGE = N_(
    "This app already has as many pages open as it can serve. "
    "Ask your teacher, then try again in a few minutes."
)
#: Solara's websocket to a page's virtual kernel: /jupyter/api/kernels/KERNEL/channels.
_KERNEL_SOCKET = re.compile(r"^/jupyter/api/kernels/([^/]+)/[^/]+$")
#: Paths that never hold a page (files, Solara's own calls): not refused when full.
_NOT_PAGES = ("/static/", "/_solara/", "/jupyter/", "/favicon.ico")
#: Paths that are never served.
_HIDDEN = ("/resourcez",)
#: A websocket refused because the class is full (RFC 6455: try again later).
_TRY_AGAIN_LATER = 1013
_POLICY_VIOLATION = 1008

log = logging.getLogger("xactika_edu.app")


def allowed_hosts(ip: str, port: int) -> tuple[str, ...]:
    """The ``Host`` header values a server listening on ``ip:port`` accepts.

    Loopback addresses accept their number and ``localhost``; ``0.0.0.0`` (or ``::``)
    adds this computer's name, its full name and its network address; any other
    address accepts itself.

    >>> allowed_hosts("::1", 80)
    ('[::1]:80', 'localhost:80', '[::1]', 'localhost')

    Returns:
        lower-case ``name:port`` strings (and bare names when ``port`` is 80).
    """
    names: list[str] = []

    def add(name: str) -> None:
        name = name.lower().strip()
        if not name:
            return
        name = f"[{name}]" if ":" in name else name
        if name not in names:
            names.append(name)

    if ip in ("0.0.0.0", "::"):
        add("127.0.0.1")
        add("localhost")
        add(socket.gethostname())
        add(socket.getfqdn())
        for address in network_addresses():
            add(address)
    else:
        add(ip)
        if ip in ("127.0.0.1", "::1"):
            add("localhost")
    hosts = [f"{name}:{port}" for name in names]
    if port == 80:
        hosts.extend(names)
    return tuple(hosts)


def network_addresses() -> list[str]:
    """This computer's address on its network (none if it has no network).

    No packet is sent: connecting a UDP socket only picks the outgoing address.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
    except OSError:
        return []
    return [] if address.startswith("127.") else [address]


def host_allowed(host: str | None, hosts: Collection[str]) -> bool:
    """Whether a request's ``Host`` header is one of ``hosts`` (case does not matter)."""
    return host is not None and host.strip().lower() in hosts


def origin_allowed(origin: str | None, hosts: Collection[str]) -> bool:
    """Whether an ``Origin`` header is a page of this server: ``http://`` + an allowed host.

    >>> origin_allowed("http://localhost:8866", ("localhost:8866",))
    True
    >>> origin_allowed("https://attacker.example", ("localhost:8866",))
    False
    """
    if origin is None:
        return False
    scheme, _, host = origin.strip().lower().partition("://")
    return scheme in ("http", "https") and host in hosts


def plain_page(title: str, text: str) -> bytes:
    """A tiny HTML page with a heading and one paragraph, for errors and refusals.

    >>> b"<h1>Not found</h1>" in plain_page("Not found", "No page here.")
    True
    """
    title, text = html.escape(title), html.escape(text)
    return (
        f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body><main><h1>{title}</h1><p>{text}</p>"
        "</main></body></html>"
    ).encode()


async def _send_page(send: Send, status: int, title: str, text: str) -> None:
    body = plain_page(title, text)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/html; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


@dataclass
class PageCount:
    """Pages with a live connection (the students' and the teacher's: the log never
    calls a teacher page a student page), by kernel; one line per change.

    >>> said = []
    >>> count = PageCount(said.append)
    >>> count.connect("k1"); count.disconnect("k1"); count.connect("k1")
    >>> said
    ['A page opened (1 open).', 'A page closed (0 open).', \
'A page reconnected (1 open).']
    """

    say: Callable[[str], None]
    sockets: dict[str, int] = field(default_factory=dict)  # kernel -> live websockets
    seen: set[str] = field(default_factory=set)

    @property
    def open(self) -> int:
        """Pages open now (students' and the teacher's)."""
        return len(self.sockets)

    def connect(self, kernel: str) -> None:
        """A websocket of ``kernel``'s page opened."""
        self.sockets[kernel] = self.sockets.get(kernel, 0) + 1
        if self.sockets[kernel] == 1:
            again = kernel in self.seen
            self.seen.add(kernel)
            line = (
                _("A page reconnected ({count} open).")
                if again
                else _("A page opened ({count} open).")
            )
            self.say(line.format(count=self.open))

    def disconnect(self, kernel: str) -> None:
        """A websocket of ``kernel``'s page closed."""
        left = self.sockets.get(kernel, 0) - 1
        if left > 0:
            self.sockets[kernel] = left
        elif kernel in self.sockets:
            del self.sockets[kernel]
            self.say(_("A page closed ({count} open).").format(count=self.open))


@dataclass
class Gate:
    """The ASGI layer in front of ``app`` (see the module's description).

    Args:
        app: the ASGI application behind the gate (Solara's Starlette app).
        hosts: the allowed ``Host`` values (:func:`allowed_hosts`).
        max_pages: the most student pages (kernels) alive at once.
        kernels: the ids of the kernels alive now (a live view, e.g. Solara's
            ``kernel_context.contexts``).
        pages: counts the pages open and says so in the terminal.
        local_only: ``(path prefix, folder)`` pairs: a request under the prefix is
            served only if the file exists in the folder, else ``404``.
    """

    app: ASGIApp
    hosts: Collection[str]
    max_pages: int
    kernels: Collection[str]
    pages: PageCount
    local_only: tuple[tuple[str, Path], ...] = ()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            await self._http(scope, receive, send)
        elif kind == "websocket":
            await self._websocket(scope, receive, send)
        else:  # lifespan: startup and shutdown
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if not host_allowed(_header(scope, b"host"), self.hosts):
            log.warning("refused a request for another host name")
            await _send_page(send, 400, _("Bad request"), _("This address is not served here."))
            return
        origin = _header(scope, b"origin")
        if scope.get("method") not in ("GET", "HEAD") and not origin_allowed(origin, self.hosts):
            await _send_page(send, 403, _("Forbidden"), _("Only this app's own pages may do that."))
            return
        if path.startswith(_HIDDEN) or not self._local(path):
            await _send_page(send, 404, _("Not found"), _("There is no page at this address."))
            return
        if self._full() and not path.startswith(_NOT_PAGES):
            log.warning("the class is full (%d pages): refused a new page", self.max_pages)
            await _send_page(send, 503, _("The class is full"), _(FULL_MESSAGE))
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as error:  # the page gets a plain message, the log one line
            log.error("error serving a page: %s", type(error).__name__)
            if not started:
                await _send_page(send, 500, _("Something went wrong"), _("Reload the page."))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        allowed = host_allowed(_header(scope, b"host"), self.hosts) and origin_allowed(
            _header(scope, b"origin"), self.hosts
        )
        if not allowed:
            log.warning("refused a websocket from another site")
            await send({"type": "websocket.close", "code": _POLICY_VIOLATION})
            return
        match = _KERNEL_SOCKET.match(path)
        kernel = match.group(1) if match else None
        known = kernel in self.kernels or kernel in self.pages.sockets
        if kernel is not None and not known and self._full():
            log.warning("the class is full (%d pages): refused a new page", self.max_pages)
            await send({"type": "websocket.close", "code": _TRY_AGAIN_LATER})
            return
        accepted = False

        async def tracked(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and kernel is not None and not accepted:
                accepted = True
                self.pages.connect(kernel)
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as error:
            log.error("error on a page's connection: %s", type(error).__name__)
        finally:
            if accepted and kernel is not None:
                self.pages.disconnect(kernel)

    def _full(self) -> bool:
        # a page counts from its connection on, before Solara has made its kernel
        return len(self.pages.sockets.keys() | set(self.kernels)) >= self.max_pages

    def _local(self, path: str) -> bool:
        for prefix, folder in self.local_only:
            if path.startswith(prefix):
                relative = path[len(prefix) :].lstrip("/")
                target = (folder / relative).resolve()
                inside = target == folder.resolve() or folder.resolve() in target.parents
                return inside and target.is_file()
        return True
