"""The no-code student app: the hand explorer, the play table and the deck explorer
served as a web page by Voilà (``xactika-edu app``).

The page is the notebook :data:`NOTEBOOK` shipped in this folder, saved without
outputs; Voilà runs it on a fresh kernel for each visitor, shows only the widgets and
the headings (never the code), and does not let the page run code of its own.

>>> NOTEBOOK.name
'student_app.ipynb'
>>> voila_command(port=8866)[4:8]
['--no-browser', '--port=8866', '--Voila.ip=127.0.0.1', '--Voila.port_retries=0']

The same page by hand: ``voila PATH --no-browser --port=8866 --Voila.ip=127.0.0.1``
with ``PATH`` from :func:`notebook_path`.
"""

from __future__ import annotations

import http.client
import importlib.util
import ipaddress
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from ...base.errors import XactikaError

__all__ = ["DEFAULT_PORT", "NOTEBOOK", "notebook_path", "serve", "voila_command"]

#: The student app notebook, inside the installed package.
NOTEBOOK = Path(__file__).with_name("student_app.ipynb")
#: Voilà's usual port.
DEFAULT_PORT = 8866
LOCALHOST = "127.0.0.1"
#: A kernel whose page is gone is shut down after this many idle seconds.
CULL_IDLE_SECONDS = 600


def notebook_path(notebook: str | os.PathLike[str] | None = None) -> Path:
    """The notebook to serve: ``notebook`` if given, else the shipped app.

    >>> notebook_path().is_file()
    True
    >>> notebook_path("no/such.ipynb")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: notebook not found: 'no/such.ipynb'

    Raises:
        XactikaError: if the file does not exist or is not a ``.ipynb`` notebook.
    """
    path = NOTEBOOK if notebook is None else Path(notebook)
    if not path.is_file():
        raise XactikaError(f"notebook not found: {str(path)!r}")
    if path.suffix != ".ipynb":
        raise XactikaError(f"not a notebook (.ipynb): {str(path)!r}")
    return path.resolve()


def voila_command(
    notebook: str | os.PathLike[str] | None = None,
    *,
    port: int = DEFAULT_PORT,
    ip: str = LOCALHOST,
) -> list[str]:
    """The Voilà command line that serves ``notebook`` (default: the student app).

    It is the documented ``voila PATH --no-browser --port=PORT --Voila.ip=IP``, run
    with this Python, plus ``--Voila.port_retries=0`` so a busy port is an error
    instead of a silent move to another port, and kernel culling: the kernel of a
    page that was closed is shut down after :data:`CULL_IDLE_SECONDS` idle seconds.

    Returns:
        the arguments, for :func:`subprocess.run`.
    """
    path = NOTEBOOK if notebook is None else Path(notebook)
    return [
        sys.executable,
        "-m",
        "voila",
        str(path),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
        # A closed or reloaded page leaves its kernel behind: shut it down after
        # 10 minutes without a connected page (an open page is never culled).
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        "--MappingKernelManager.cull_interval=60",
    ]


def _check_voila() -> None:
    if importlib.util.find_spec("voila") is None:
        raise XactikaError(
            "Voilà is not installed, so the app cannot run: install it with "
            "'python -m pip install voila'"
        )


def _check_ip(ip: str) -> str:
    try:
        return str(ipaddress.ip_address(ip))
    except ValueError:
        raise XactikaError(f"not an IP address: {ip!r} (e.g. 127.0.0.1 or 0.0.0.0)") from None


def _check_port_free(ip: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((ip, port))
        except OSError as error:
            raise XactikaError(
                f"cannot use port {port} on {ip} ({error.strerror or error}): "
                "choose another with --port"
            ) from None


def url_for(ip: str, port: int) -> str:
    """The address students open.

    >>> url_for("127.0.0.1", 8866)
    'http://127.0.0.1:8866/'
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
    try:
        # No packet is sent: connecting a UDP socket only picks the outgoing address.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
    except OSError:
        return []
    if ipaddress.ip_address(address).is_loopback:
        return []
    return [url_for(address, port)]


def _answers(ip: str, port: int) -> bool:
    """Whether a web server answers on ``ip:port`` (any HTTP reply).

    It asks for the icon, not the app's page: that would start a kernel and run the
    notebook; redirects are not followed, so Voilà logs nothing.
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


class _LogFilter:
    """Turns Voilà's log into the few lines a teacher needs.

    A student page counts as open while its kernel has a live connection to the page:
    from the websocket opening (Voilà logs "Connecting to kernel K.") until the last
    connection to that kernel closes (the server then keeps the kernel's messages for
    a return: "Starting buffering for K:session") or the kernel shuts down. Each
    change is one line with the number of open pages. A page that reconnects (after a
    network hiccup, or a laptop waking up) says so. A kernel without a page (closed
    before it connected, or culled later) changes nothing.

    Errors are kept (a traceback becomes its last line); a traceback about a page that
    closed its connection is dropped, as is routine chatter (trust and encryption
    warnings, protocol and buffering notes, icon requests).

    >>> log = _LogFilter()
    >>> log.feed("[Voila] Kernel started: 1f2e")
    []
    >>> log.feed("[Voila] Connecting to kernel 1f2e.")
    ['A student page opened (1 open).']
    >>> log.feed("[IPKernelApp] WARNING | Kernel is running over TCP without encryption.")
    []
    >>> log.feed("Traceback (most recent call last):")
    []
    >>> log.feed('  File "x.py", line 1, in f')
    []
    >>> log.feed("tornado.websocket.WebSocketClosedError")
    []
    >>> log.feed("[Voila] Starting buffering for 1f2e:9a0b")
    ['A student page closed (0 open).']
    >>> log.feed("[Voila] Kernel shutdown: 1f2e")
    []
    """

    _DROPPED_ERRORS = ("WebSocketClosedError", "StreamClosedError")
    _KERNEL = r"([0-9A-Za-z][0-9A-Za-z-]*)"
    _CONNECTED = re.compile(rf"\bConnecting to kernel {_KERNEL}")
    _DISCONNECTED = re.compile(rf"\bStarting buffering for {_KERNEL}")
    _SHUTDOWN = re.compile(rf"\bKernel shutdown: {_KERNEL}")

    def __init__(self) -> None:
        self.pages: set[str] = set()  # kernels with a page connected now
        self.seen: set[str] = set()  # kernels that ever had a page
        self.in_traceback = False

    @property
    def open(self) -> int:
        """Student pages open now."""
        return len(self.pages)

    def feed(self, line: str) -> list[str]:
        """The lines to show for one line of Voilà's output (often none)."""
        text = line.rstrip()
        if self.in_traceback:
            if text.startswith((" ", "\t")) or not text:
                return []
            self.in_traceback = False
            if any(name in text for name in self._DROPPED_ERRORS):
                return []
            return [f"Voilà error: {text}"]
        if text.startswith("Traceback (most recent call last)"):
            self.in_traceback = True
            return []
        if match := self._CONNECTED.search(text):
            kernel = match.group(1)
            if kernel in self.pages:
                return []
            again = kernel in self.seen
            self.pages.add(kernel)
            self.seen.add(kernel)
            what = "reconnected" if again else "opened"
            return [f"A student page {what} ({self.open} open)."]
        if match := self._DISCONNECTED.search(text) or self._SHUTDOWN.search(text):
            kernel = match.group(1)
            if kernel not in self.pages:
                return []
            self.pages.discard(kernel)
            return [f"A student page closed ({self.open} open)."]
        if "ERROR" in text and not any(name in text for name in self._DROPPED_ERRORS):
            return [text]
        return []


def _forward(stream: IO[str], quiet: threading.Event, verbose: bool) -> None:
    """Copy Voilà's log to our output (filtered unless ``verbose``), except once
    stopping (its shutdown noise)."""
    log = _LogFilter()
    for line in stream:
        shown = [line.rstrip("\n")] if verbose else log.feed(line)
        if shown and not quiet.is_set():
            sys.stdout.write("".join(f"{text}\n" for text in shown))
            sys.stdout.flush()


def serve(
    notebook: str | os.PathLike[str] | None = None,
    *,
    port: int = DEFAULT_PORT,
    ip: str = LOCALHOST,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
    verbose: bool = False,
) -> int:
    """Serve the app with Voilà until Ctrl-C (or until Voilà stops); returns the exit
    status: 0 after Ctrl-C, 1 if Voilà stopped on its own with an error.

    Args:
        notebook: the notebook to serve (default: the student app).
        port: the port, e.g. 8866.
        ip: the address to listen on; 127.0.0.1 (default) is this computer only.
        open_browser: open the page in this computer's browser once it answers.
        say: where our own lines go (the address, how to stop, pages opened).
        verbose: show Voilà's whole log instead of the lines a teacher needs.

    Raises:
        XactikaError: if Voilà is missing, the notebook is missing, the address is
            bad or the port is taken.
    """
    _check_voila()
    path = notebook_path(notebook)
    ip = _check_ip(ip)
    _check_port_free(ip, port)
    url = url_for(ip, port)
    probe = {"0.0.0.0": LOCALHOST, "::": "::1"}.get(ip, ip)  # where we check it answers
    say(f"Starting the student app ({path.name}) with Voilà ...")
    if ip != LOCALHOST and not ipaddress.ip_address(ip).is_loopback:
        say(
            f"Warning: listening on {ip}: anyone on this network can open the app "
            "(it runs Python on this computer for each visitor)."
        )
    # A session of its own: Ctrl-C reaches only this command, which then stops Voilà
    # in order (no traceback from Voilà's own signal handler).
    process = subprocess.Popen(
        voila_command(path, port=port, ip=ip),
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    quiet = threading.Event()
    assert process.stdout is not None  # piped above
    threading.Thread(target=_forward, args=(process.stdout, quiet, verbose), daemon=True).start()
    try:
        ready = False
        while process.poll() is None:
            if not ready and _answers(probe, port):
                ready = True
                say(f"Students open: {url}")
                for other in _address_urls(ip, port):
                    say(f"  (or, if that name does not work on their computers: {other})")
                say("Press Ctrl-C to stop the app.")
                if open_browser:
                    import webbrowser

                    webbrowser.open(url)
            time.sleep(0.25)
        if process.returncode:
            print(
                f"xactika-edu: Voilà stopped with status {process.returncode}; "
                "see its messages above",
                file=sys.stderr,
            )
            return 1
        return 0
    except KeyboardInterrupt:
        say("Stopping the student app ...")
        return 0
    finally:
        quiet.set()
        _stop(process)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            process.send_signal(sig)
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue
        except ProcessLookupError:
            return
