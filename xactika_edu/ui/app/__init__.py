"""The no-code student app: the hand explorer, the play table and the deck explorer
served as a web page by Solara, in one Python process for the whole class
(``xactika-edu app``).

Each visitor gets a *virtual kernel* of the one server process (Solara's name for
a visitor's own widgets and state), not a Python process of its own: a page costs
a few megabytes instead of a whole kernel. The page is :func:`page.Page`; the
front end comes from the ``solara-assets`` package on this computer, so the app
works without internet and no page asks another host for anything. The gate
(:mod:`.guard`) serves only the host names the app was started for, caps the pages
at :data:`MAX_PAGES` and answers errors with a short plain page.

>>> solara_environment()["SOLARA_APP"]
'xactika_edu.ui.app.page:Page'
>>> url_for("127.0.0.1", 8866)
'http://127.0.0.1:8866/'
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import ipaddress
import logging
import os
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from ...base.errors import ClassCodeError, XactikaError
from ...base.language import N_, language, set_language
from ...base.language import gettext as _
from .guard import Gate, PageCount, allowed_hosts, network_addresses
from .hubproxy import BehindProxy

# The class store (and pandas with it) is imported by open_class() when a class is
# served: importing this package stays light, as the Jupyter server extension
# (.hubteacher) and the jupyter-server-proxy entry point (.hubproxy) import it in every
# Jupyter server.

__all__ = [
    "CULL_IDLE_SECONDS",
    "DEFAULT_PORT",
    "HUB_TEACHER_LINE",
    "LOCALHOST",
    "LOCAL_ONLY",
    "MAX_PAGES",
    "ClassLinks",
    "open_class",
    "serve",
    "solara_environment",
    "student_lines",
    "teacher_url",
    "url_for",
]

#: The app's usual port.
DEFAULT_PORT = 8866
LOCALHOST = "127.0.0.1"
#: A page whose connection is gone keeps its state (its virtual kernel) this many
#: seconds, so a student whose network drops, or whose laptop sleeps, gets it back.
CULL_IDLE_SECONDS = 600
#: The most student pages (virtual kernels) alive at once: a class of 30 five times
#: over (a page whose network dropped keeps its place for :data:`CULL_IDLE_SECONDS`),
#: and about 0.6 GB for the whole server at 2-4 MB a page (benchmarks/README.md);
#: past it a new page says "The class is full".
MAX_PAGES = 150
#: Seconds a stopping server waits for open pages before it closes them.
_GRACE_SECONDS = 3


def solara_environment() -> dict[str, str]:
    """The settings (environment variables) Solara reads when it is imported.

    The page :func:`page.Page`; production mode (no tracebacks on the page);
    front-end files from this computer (``solara-assets``), never from a CDN; no
    usage statistics sent to Solara's makers; a closed page's state kept
    :data:`CULL_IDLE_SECONDS` seconds.

    Returns:
        variable name -> value, to put in :data:`os.environ` before Solara is imported.
    """
    return {
        "SOLARA_APP": "xactika_edu.ui.app.page:Page",
        "SOLARA_MODE": "production",
        "SOLARA_ASSETS_PROXY": "True",
        "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False",
        "SOLARA_KERNEL_CULL_TIMEOUT": f"{CULL_IDLE_SECONDS}s",
        "SOLARA_THEME_SHOW_BANNER": "False",
        "SOLARA_THEME_LOADER": "plain",
        "SOLARA_THEME_TITLE": _("Xactika student app"),
    }


def _check_solara() -> None:
    for name in ("solara", "solara_assets", "uvicorn"):
        if importlib.util.find_spec(name) is None:
            package = name.replace("_", "-")
            raise XactikaError(
                _(
                    "{package} is not installed, so the app cannot run: install it with "
                    "'python -m pip install solara==1.58.2 solara-assets==1.58.2'"
                ).format(package=package)
            )


def _check_ip(ip: str) -> str:
    try:
        return str(ipaddress.ip_address(ip))
    except ValueError:
        raise XactikaError(
            _("not an IP address: {ip!r} (e.g. 127.0.0.1 or 0.0.0.0)").format(ip=ip)
        ) from None


def _check_port_free(ip: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        if os.name == "posix":
            # As the server itself (uvicorn) binds: a port that only holds the closed
            # connections of an app stopped a moment ago (TIME_WAIT) is free to use.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError as error:
            raise XactikaError(
                _("cannot use port {port} on {ip} ({why}): choose another with --port").format(
                    port=port, ip=ip, why=error.strerror or error
                )
            ) from None


def url_for(ip: str, port: int) -> str:
    """The address students open.

    >>> url_for("::1", 8866)
    'http://[::1]:8866/'
    """
    host = f"[{ip}]" if ":" in ip else ip
    if ip in ("0.0.0.0", "::"):
        host = socket.gethostname()
    return f"http://{host}:{port}/"


def _address_urls(ip: str, port: int) -> list[str]:
    """For an app open to the network, the address by number as well as by name: on
    many school networks a computer's bare name does not reach it. Empty otherwise."""
    if ip not in ("0.0.0.0", "::"):
        return []
    return [url_for(address, port) for address in network_addresses()]


def _answers(ip: str, port: int) -> bool:
    """Whether a web server answers on ``ip:port`` (any HTTP reply).

    It asks for the icon, not the app's page, so no student page is counted.
    """
    connection = http.client.HTTPConnection(ip, port, timeout=2)
    try:
        connection.request("GET", "/favicon.ico")
        connection.getresponse().read()
        return True
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


class _OneLine(logging.Formatter):
    """A log record as one short line: no traceback, no server path."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage().strip().splitlines()
        line = text[0] if text else ""
        if record.exc_info and record.exc_info[0] is not None:
            line = f"{line} ({record.exc_info[0].__name__})"
        return f"xactika-edu app: {line[:200]}"


def _configure_logs(verbose: bool) -> None:
    """Our one-line log for Solara and uvicorn; everything (tracebacks too) if
    ``verbose``."""
    handler = logging.StreamHandler(sys.stdout)
    if verbose:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    else:
        handler.setFormatter(_OneLine())
        # Solara's notes about cookies and proxies are for other set-ups than this one.
        warnings.filterwarnings("ignore", module=r"solara\..*")
    for name in ("solara", "reacton", "uvicorn", "xactika_edu.app"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(logging.INFO if verbose else logging.WARNING)
    # uvicorn's "Exception in ASGI application": the gate already said it in one line.
    logging.getLogger("uvicorn.error").setLevel(logging.INFO if verbose else logging.CRITICAL)


def _solara_app(
    say: Callable[[str], None], ip: str, port: int, max_pages: int, behind: BehindProxy | None
) -> Gate:
    """Solara's web app behind the gate (imports Solara, which reads its settings)."""
    os.environ.update(solara_environment())
    os.environ.update(behind.environment() if behind else {})
    from solara.server import kernel_context, settings
    from solara.server import starlette as solara_starlette

    return Gate(
        solara_starlette.app,
        hosts=behind.hosts(allowed_hosts(ip, port)) if behind else allowed_hosts(ip, port),
        max_pages=max_pages,
        kernels=kernel_context.contexts.keys(),
        pages=PageCount(say),
        local_only=(("/_solara/cdn/", settings.assets.proxy_cache_dir),),
    )


def teacher_url(url: str, token: str) -> str:
    """The teacher link: the app's address ``url`` with the secret token."""
    return f"{url}?{urlencode({'token': token})}"


@dataclass(frozen=True)
class ClassLinks:
    """A served class: its name, its code for the students and the teacher's token."""

    name: str
    code: str
    token: str

    def student_url(self, url: str) -> str:
        """The address students open: the app's, with the class code filled in (and
        the language, unless it is English)."""
        from .linksetup import student_link  # here: linksetup loads numpy and pandas

        return student_link(url, self.code, language())

    def teacher_url(self, url: str) -> str:
        """The teacher link: the app's address with the secret token."""
        return teacher_url(url, self.token)


def open_class(
    name: str, data: str | os.PathLike[str] | None = None, token: str | None = None
) -> ClassLinks:
    """Open the class called ``name`` (or with this code) in the data folder ``data``
    (default: the store's), making it if there is none, and give it a new teacher token
    (the old teacher link stops working): ``token`` if given (under JupyterHub, the
    teacher's Jupyter server's, :func:`.hubproxy.teacher_token`), else a random one.
    Sets the environment variables that tell the pages which class they serve
    (:func:`~.classsetup.class_environment`).

    Raises:
        ClassError: for a bad class name, a ``token`` that is no teacher token, or a
            data folder that cannot be used.
    """
    from ...teaching.classdata.store import default_data_dir
    from .classsetup import class_environment, shared_store

    folder = os.fspath(default_data_dir() if data is None else data)
    store = shared_store(folder)
    try:
        code = store.open_class(name)
    except ClassCodeError:
        code, _token = store.create_class(name)
    token = store.new_teacher_token(code, token)
    os.environ.update(class_environment(code, folder))
    return ClassLinks(store.class_name(code), code, token)


def serve(
    *,
    port: int = DEFAULT_PORT,
    ip: str = LOCALHOST,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
    verbose: bool = False,
    max_pages: int = MAX_PAGES,
    class_name: str | None = None,
    data: str | os.PathLike[str] | None = None,
    behind: BehindProxy | None = None,
    teacher_token: str | None = None,
    lang: str | None = None,
) -> int:
    """Serve the app until Ctrl-C; returns the exit status (0).

    Args:
        port: the port, e.g. 8866.
        ip: the address to listen on; 127.0.0.1 (default) is this computer only.
        open_browser: open the page in this computer's browser once it answers.
        say: where our own lines go (the address, how to stop, pages opened).
        verbose: show the server's whole log, tracebacks included.
        max_pages: the most student pages alive at once (:data:`MAX_PAGES`).
        class_name: serve this class (:func:`open_class`: made if new, a new teacher
            token): students join it, the teacher link opens the teacher page. None:
            the solo student app.
        data: the class store's data folder (default: the store's default).
        behind: the socket and path prefix behind JupyterHub's proxy (:mod:`.hubproxy`).
        teacher_token: the class's teacher token (under JupyterHub, given by the
            teacher's Jupyter server, which sends its owner to the teacher page); None:
            a new one, printed in the teacher link.
        lang: the language of this process: its lines, and each page until the link
            (``?lang=``) or the visitor chooses another (None: the process's, English
            unless ``XACTIKA_EDU_LANG`` says).

    Raises:
        XactikaError: if Solara is missing, the address is bad, the port is taken or
            the class cannot be opened.
    """
    if lang is not None:
        set_language(lang)
    _check_solara()
    ip = _check_ip(ip)
    if not (behind and behind.unix_socket):
        _check_port_free(ip, port)
    url = behind.page if behind else url_for(ip, port)
    links = None if class_name is None else open_class(class_name, data, teacher_token)
    say(_("Starting the student app with Solara ..."))
    if not ipaddress.ip_address(ip).is_loopback:
        say(
            _(
                "Warning: listening on {ip}: anyone on this network can open the app "
                "(it runs Python on this computer for each visitor)."
            ).format(ip=ip)
        )
    _configure_logs(verbose)
    import uvicorn

    app = _solara_app(say, ip, port, max_pages, behind)
    config = uvicorn.Config(
        app,
        host=ip,
        port=port,
        uds=behind.unix_socket if behind else None,
        log_config=None,
        access_log=verbose,
        loop="asyncio",
        lifespan="on",
        server_header=False,
        timeout_graceful_shutdown=_GRACE_SECONDS,
    )
    server = uvicorn.Server(config)
    watcher = threading.Thread(
        target=_when_ready,
        args=(
            server,
            url,
            ip,
            port,
            open_browser,
            say,
            links,
            behind is not None,
            teacher_token is None,
        ),
        daemon=True,
    )
    watcher.start()
    warm = threading.Thread(target=_warm_up, name="xactika-edu-warm-up", daemon=True)
    warm.start()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has already stopped
        server.run()
    say(_("Stopping the student app ..."))
    # a Ctrl-C right after the start: let the drawing end first (Python stopping under a
    # thread still inside Matplotlib aborted with "terminate called ...", exit -6)
    warm.join(timeout=_GRACE_SECONDS + 30)
    return 0


def _warm_up() -> None:
    """The pictures every page shares, drawn as the server starts (:func:`.page.warm_up`).
    If that fails, one line in the log: each page then draws them (and shows its own
    error)."""
    try:
        from .page import warm_up

        warm_up()
    except Exception as error:  # one line in the log, never a traceback
        logging.getLogger("xactika_edu.app").warning(
            "could not draw the pages' pictures ahead: %s", type(error).__name__
        )


#: Printed instead of the teacher link when the token came from JupyterHub's side.
HUB_TEACHER_LINE = N_(
    "Teacher page: the Xactika class card in JupyterLab's launcher (only the server's "
    "owner gets it)."
)
#: Printed when a class is served on this computer only (no ``--ip``).
LOCAL_ONLY = N_(
    "Only this computer can open these addresses; for students' computers, start with --ip 0.0.0.0."
)


def student_lines(
    url: str,
    ip: str,
    others: Sequence[str] = (),
    links: ClassLinks | None = None,
    *,
    behind: bool = False,
) -> list[str]:
    """The lines that tell where students open the app: the address, the other
    addresses of this computer, and for a class on 127.0.0.1 (not behind JupyterHub's
    proxy) the :data:`LOCAL_ONLY` line.

    >>> student_lines("http://127.0.0.1:8866/", "127.0.0.1")
    ['Students open: http://127.0.0.1:8866/']

    Args:
        url: the app's address; ip: the address it listens on; others: more
            addresses of this computer; links: the class served, if any.
        behind: whether the app is reached through JupyterHub's proxy.
    """
    address = url if links is None else links.student_url(url)
    lines = [_("Students open: {address}").format(address=address)]
    for other in others:
        other = other if links is None else links.student_url(other)
        lines.append(
            "  "
            + _("(or, if that name does not work on their computers: {address})").format(
                address=other
            )
        )
    if links is not None and not behind and ipaddress.ip_address(ip).is_loopback:
        lines.append(_(LOCAL_ONLY))
    return lines


def _when_ready(
    server: Any,
    url: str,
    ip: str,
    port: int,
    open_browser: bool,
    say: Callable[[str], None],
    links: ClassLinks | None = None,
    behind: bool = False,
    show_token: bool = True,
) -> None:
    """Once the server listens: the address to open (and for a class its code and the
    teacher link, or :data:`HUB_TEACHER_LINE` if ``show_token`` is False: the token is
    then kept out of the log), and the page in a browser (the teacher page for a
    class)."""
    while not server.started:
        if server.should_exit:
            return
        time.sleep(0.1)
    if links is not None:
        say(_("Class: {name}").format(name=links.name))
        say(_("Class code for the students: {code}").format(code=links.code))
    others = _address_urls(ip, port)
    for line in student_lines(url, ip, others, links, behind=behind):
        say(line)
    if links is not None and show_token:
        say(
            _("Teacher link (keep it secret; a new one each start): {address}").format(
                address=links.teacher_url(url)
            )
        )
    elif links is not None:
        say(_(HUB_TEACHER_LINE))
    say(
        _("At most {count} pages at once. Press Ctrl-C to stop the app.").format(
            count=server.config.app.max_pages
        )
    )
    if open_browser:
        import webbrowser

        webbrowser.open(url if links is None else links.teacher_url(url))
