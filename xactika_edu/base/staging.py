"""Staging folders: where xactika-edu writes before renaming into place.

A staging folder is a hidden ``.<name>.<random>.partial`` folder on the target's drive,
holding ``owner.json`` (process id, its start time, host name, time) and ``new/``, the
output being written. A run removes the staging folders of runs that have ended (e.g.
after ``kill -9``): only folders with that name and owner record, only when the owner
process has ended on this computer, or after a day for another computer's.
:func:`swap` renames finished output into an existing folder, all or none, and
:class:`HeldSignals` holds Ctrl-C back while it does.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import BrokenSwap
from .language import gettext as _

if TYPE_CHECKING:
    from types import FrameType

__all__ = [
    "SUFFIX",
    "BrokenSwap",
    "HeldSignals",
    "is_stale_staging",
    "new_staging",
    "owner_gone",
    "remove_stale_staging",
    "staging_owner",
    "swap",
]

OWNER = "owner.json"  # inside a staging folder: who is writing it
JOURNAL = "swap.json"  # inside a staging folder: the renames a swap is making
SUFFIX = ".partial"  # every staging folder's name ends so (and starts with ".")
_FOREIGN_STALE = 24 * 3600  # seconds: staging from another computer is stale after a day
_STOPS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


# --- staging folders and their owners ----------------------------------------------


def _process_state(pid: int) -> tuple[str, int] | None:
    """(state letter, start time in clock ticks) of a Linux process, or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        fields = stat.rsplit(")", 1)[1].split()
        return fields[0], int(fields[19])  # fields 3 and 22 of proc(5)
    except (OSError, IndexError, ValueError):
        return None


def _owner_record() -> dict[str, object]:
    state = _process_state(os.getpid())
    return {
        "made by": "xactika-edu",
        "pid": os.getpid(),
        "started": state[1] if state else None,
        "host": socket.gethostname(),
        "time": time.time(),
    }


def owner_gone(info: dict[str, object]) -> bool:
    """Whether the process that made a staging folder has ended (unsure: False)."""
    pid, when, started = info.get("pid"), info.get("time"), info.get("started")
    if info.get("host") != socket.gethostname() or os.name == "nt":
        # Another computer's process ids mean nothing here (and on Windows os.kill
        # would end the process): wait a day.
        return isinstance(when, (int, float)) and time.time() - when > _FOREIGN_STALE
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        pass  # it exists (perhaps another user's)
    state = _process_state(pid)
    if state is None:
        return False
    # A zombie has ended; a different start time means the id was reused.
    return state[0] == "Z" or (isinstance(started, int) and state[1] != started)


def staging_owner(path: Path) -> dict[str, object] | None:
    """The owner record if ``path`` is a staging folder xactika-edu made, else None."""
    if not (path.name.startswith(".") and path.name.endswith(SUFFIX)):
        return None
    if path.is_symlink() or not path.is_dir():
        return None
    try:
        info = json.loads((path / OWNER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or info.get("made by") != "xactika-edu":
        return None
    return info


def is_stale_staging(path: Path) -> bool:
    """Whether ``path`` is xactika-edu's staging folder and its writer has ended."""
    info = staging_owner(path)
    return info is not None and owner_gone(info)


def remove_stale_staging(folder: Path | str) -> list[str]:
    """Remove xactika-edu's staging folders in ``folder`` whose writer has ended.

    Only folders named ``.<name>.partial`` holding xactika-edu's owner record are
    touched, and only when that process has ended (same computer) or the record is a
    day old (another computer). A swap the process was killed in is undone first
    (the earlier output goes back); if that cannot be done the folder is kept.
    Returns the names removed.
    """
    removed: list[str] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if is_stale_staging(entry) and _undo_swap(entry):
            shutil.rmtree(entry, ignore_errors=True)
            if not entry.exists():
                removed.append(entry.name)
    return removed


def _undo_swap(root: Path) -> bool:
    """Undo the renames of a :func:`swap` that was killed part way (its journal says
    which); True if ``root`` may now be removed (nothing of the output is only there)."""
    try:
        journal = json.loads((root / JOURNAL).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return True  # no swap had started
    except (OSError, ValueError):
        return False
    target, new, old = root.parent, root / "new", root / "old"
    incoming, outgoing = journal.get("incoming", []), journal.get("outgoing", [])
    if not any(os.path.lexists(new / name) for name in incoming):
        return True  # it had finished: the new output is whole, the old may go
    try:
        for name in reversed(incoming):
            if not os.path.lexists(new / name) and os.path.lexists(target / name):
                os.rename(target / name, new / name)
        for name in outgoing:
            if os.path.lexists(old / name):
                if os.path.lexists(target / name):
                    return False
                os.rename(old / name, target / name)
    except OSError:
        return False
    return True


def new_staging(place: Path, name: str) -> Path:
    """A new hidden staging folder in ``place`` holding its owner record and ``new/``."""
    root = Path(tempfile.mkdtemp(prefix=f".{name[:60]}.", suffix=SUFFIX, dir=place))
    try:
        (root / OWNER).write_text(json.dumps(_owner_record()) + "\n", encoding="utf-8")
        (root / "new").mkdir()  # the user's usual permissions, unlike mkdtemp's 0700
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return root


class HeldSignals:
    """Hold Ctrl-C and stop signals back during a few renames, then act on them.

    Only the main thread can change signal handlers; elsewhere nothing is held.
    """

    def __init__(self) -> None:
        self._previous: dict[int, Callable[[int, FrameType | None], Any] | int] = {}
        self._caught: list[int] = []

    def hold(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in _STOPS:
            current = signal.getsignal(sig)
            if current is None:  # set outside Python: it could not be restored
                continue
            signal.signal(sig, self._catch)
            self._previous[sig] = current

    def _catch(self, signum: int, frame: object) -> None:
        self._caught.append(signum)

    def release(self) -> None:
        previous, self._previous = self._previous, {}
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        caught, self._caught = list(dict.fromkeys(self._caught)), []
        for signum in caught:
            earlier = previous.get(signum)
            if callable(earlier):
                earlier(signum, None)
            elif earlier == signal.SIG_DFL:
                if signum == signal.SIGINT:
                    raise KeyboardInterrupt
                signal.raise_signal(signum)


def swap(new: Path, target: Path, old: Path | None, *, last: str = "") -> None:
    """Rename every entry of ``new`` into ``target`` (all on one drive): all or none.

    With ``old``, first rename every entry of ``target`` except the staging folder
    holding ``new`` into ``old``. The entry named ``last`` (a completeness marker)
    goes out first and comes in last, so it never stands beside partial output. On
    any failure, or a KeyboardInterrupt, every rename is undone; if the process is
    killed, the next :func:`remove_stale_staging` undoes them from a journal.

    Raises:
        OSError: if a rename fails (all are undone), e.g. FileExistsError if an entry
            of ``new`` exists in ``target``.
        BrokenSwap: if undoing failed too; the message says where the output is.
    """
    outgoing: list[str] = []
    if old is not None:
        skip = {new.parent.name}
        outgoing = sorted(e.name for e in target.iterdir() if e.name not in skip)
        outgoing.sort(key=lambda name: name != last)
        old.mkdir()
    incoming = sorted(e.name for e in new.iterdir())
    incoming.sort(key=lambda name: name == last)
    # If the process is killed part way, the next run undoes the renames from this.
    journal = {"outgoing": outgoing, "incoming": incoming}
    (new.parent / JOURNAL).write_text(json.dumps(journal) + "\n", encoding="utf-8")
    done: list[tuple[Path, Path]] = []
    try:
        for name in outgoing:
            assert old is not None  # outgoing is empty without old
            os.rename(target / name, old / name)
            done.append((target / name, old / name))
        for name in incoming:
            if os.path.lexists(target / name):
                raise FileExistsError(errno.EEXIST, "File exists", str(target / name))
            os.rename(new / name, target / name)
            done.append((new / name, target / name))
    except BaseException:
        stuck = []
        for source, moved in reversed(done):
            try:
                os.rename(moved, source)
            except OSError:
                stuck.append(source)
        if stuck:
            raise BrokenSwap(
                _("could not put {stuck!r} back; the earlier output is in {parent!r}").format(
                    stuck=str(stuck[0]), parent=str(new.parent)
                )
            ) from None
        raise
