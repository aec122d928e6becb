"""Helpers shared by the tests that start servers (the student app, JupyterLab), the
one whole class pack the slow tests inspect, and the order of the run.

Servers run with HOME and the Jupyter, IPython and Matplotlib folders in a temporary
folder, on a free port of 127.0.0.1, and are stopped by their process id (and that
of any child still running) when the test ends, also on failure.

The README's ``python -m pytest`` runs on every core (pytest-xdist;
``--numprocesses=auto --dist=loadgroup`` in pyproject.toml); ``-n 0`` or
``-p no:xdist`` runs it in one process. Tests that share an expensive fixture carry
the same ``xdist_group`` mark, so that one worker builds it once for all of them.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from xactika_edu.ui.app import _answers


def start_cli(*args: object, **popen: object) -> subprocess.Popen[str]:
    """Start ``xactika-edu ARGS`` (this Python's copy) with its output piped as text;
    ``popen`` adds keyword arguments for :class:`subprocess.Popen` (env, a session)."""
    command = [sys.executable, "-m", "xactika_edu.outputs.cli", *map(str, args)]
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen
    )


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now (bind port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def quiet_env(folder: Path) -> dict[str, str]:
    """The environment for a server: every per-user folder inside ``folder``."""
    env = dict(os.environ)
    for name, sub in {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "jupyter-config",
        "JUPYTER_DATA_DIR": "jupyter-data",
        "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
        "IPYTHONDIR": "ipython",
        "MPLCONFIGDIR": "mpl",
    }.items():
        path = folder / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    return env


def answers(port: int) -> bool:
    """Whether a web server answers on 127.0.0.1:``port`` (any HTTP reply)."""
    return _answers("127.0.0.1", port)


def _children(pid: int) -> list[int]:
    """Process ids of ``pid``'s children and their children (Linux /proc)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                for child in (task / "children").read_text().split():
                    found.append(int(child))
                    found.extend(_children(int(child)))
    return found


@dataclass
class Server:
    """A server process started by a test."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"server stopped with status {self.process.returncode}:\n{self.output()}"
                )
            if answers(self.port):
                return
            time.sleep(0.2)
        raise TimeoutError(f"server did not answer in {timeout} s:\n{self.output()}")

    def stop(self, first: signal.Signals = signal.SIGINT, grace: float = 20) -> int:
        """Stop the server by its PID (``first``, then SIGKILL), then any child left;
        returns its exit status."""
        children = _children(self.process.pid)
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(first)
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        for pid in children:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        return self.process.returncode


@contextlib.contextmanager
def running(
    command: Sequence[str], port: int, folder: Path, *, stop_signal=signal.SIGINT
) -> Iterator[Server]:
    """Start ``command`` (a server on ``port``), wait until it answers, yield it, and
    stop it by PID at the end, also on failure."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            list(command),
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=quiet_env(folder),
            cwd=folder,
        )
    server = Server(process, port, log)
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop(stop_signal)


@pytest.fixture
def server_folder(tmp_path: Path) -> Path:
    """A fresh folder for a server's HOME, settings and log."""
    folder = tmp_path / "server"
    folder.mkdir()
    return folder


def built_once(
    factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None], timeout: float = 900
) -> Path:
    """The folder ``name`` that ``build(folder)`` fills once per test run.

    pytest-xdist runs a session fixture once per worker: the first worker to ask
    builds the folder (in the temporary folder all workers share), the others wait
    for it and read it. A failed build fails them too, naming the error.
    """
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, with one folder per worker in it
    folder, done, failed = root / name, root / f"{name}.done", root / f"{name}.failed"
    try:
        os.close(os.open(root / f"{name}.claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:  # another worker builds it
        deadline = time.monotonic() + timeout
        while not done.exists():
            if failed.exists():
                pytest.fail(f"building {name} failed on another worker: {failed.read_text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"{name} was not built within {timeout} s")
            time.sleep(0.5)
        return folder
    try:
        folder.mkdir()
        build(folder)
    except BaseException as error:
        failed.write_text(f"{type(error).__name__}: {error}")
        raise
    done.touch()
    return folder


@dataclass(frozen=True)
class ClassPack:
    """A whole class pack: every lesson, 2 students from seed 3. ``out`` is the folder
    it was asked to write, ``index`` what ``build_class_pack`` returned and ``progress``
    the lines it reported."""

    out: Path
    index: Path
    progress: tuple[str, ...]


@pytest.fixture(scope="session")
def class_pack(tmp_path_factory: pytest.TempPathFactory) -> ClassPack:
    """The whole class pack (half a minute: every lesson on a kernel, then the
    worksheets), built once per run (:func:`built_once`) and only read by the tests."""
    from xactika_edu.outputs import classpack

    def build(folder: Path) -> None:
        lines: list[str] = []
        out = folder / "class-pack"
        index = classpack.build_class_pack(out, students=2, seed=3, progress=lines.append)
        record = {"out": str(out), "index": str(index), "progress": lines}
        (folder / "built.json").write_text(json.dumps(record), encoding="utf-8")

    folder = built_once(tmp_path_factory, "whole-class-pack", build)
    record = json.loads((folder / "built.json").read_text(encoding="utf-8"))
    return ClassPack(Path(record["out"]), Path(record["index"]), tuple(record["progress"]))


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """With ``-p no:xdist`` the options pyproject.toml gives xdist (``--numprocesses``,
    ``--dist``) are accepted and ignored, so one process runs everything."""
    if not pluginmanager.has_plugin("xdist"):
        group = parser.getgroup("xdist", "pytest-xdist is off: one process runs the tests")
        group.addoption("--numprocesses", default="0", help="ignored without pytest-xdist")
        group.addoption("--dist", default="no", help="ignored without pytest-xdist")


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark the slow part: ``python -m pytest`` (the README's command, and CI) runs
    everything; ``python -m pytest -m "not slow"`` leaves out whole lessons run on a
    kernel (nbmake, collected from notebooks/ too), the class pack, the real-browser
    tests and the heavier seeded statistics."""
    if item.path.suffix == ".ipynb" or item.path.name == "test_browser.py":
        item.add_marker(pytest.mark.slow)


@pytest.hookimpl(trylast=True)  # after -m and -k have left out what they leave out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out nbmake's run of a notebook that a selected test runs whole on a fresh
    kernel anyway (``@pytest.mark.runs_notebooks(path, ...)``, e.g. the class pack
    runs every lesson and checks its page for errors); ``pytest notebooks/NAME.ipynb``
    alone still runs it.

    On xdist workers (which all sort the same way) the slow tests go first, so the
    long ones start early and the short ones fill the gaps at the end; of the tests
    that read the whole class pack, one starts first and builds it, the others come
    after the other slow tests, when it is ready (rather than waiting for it)."""
    covered = {
        Path(path).resolve()
        for item in items
        for mark in item.iter_markers("runs_notebooks")
        for path in mark.args
    }
    again = [i for i in items if i.path.suffix == ".ipynb" and i.path.resolve() in covered]
    if again:
        config.hook.pytest_deselected(items=again)
        items[:] = [item for item in items if item not in again]
    if hasattr(config, "workerinput"):
        slow = [item for item in items if item.get_closest_marker("slow")]
        fast = [item for item in items if not item.get_closest_marker("slow")]
        pack = [item for item in slow if "class_pack" in getattr(item, "fixturenames", ())]
        rest = [item for item in slow if item not in pack]
        items[:] = pack[:1] + rest + pack[1:] + fast
