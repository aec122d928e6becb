"""Safe output: write in a hidden staging folder on the same drive, then rename into place.

A failed or interrupted write leaves the target as it was: no half-written folder,
no truncated file, no marker over partial output. The staging folder is on the same
drive as the target (beside a new target, inside an existing one, such as an empty USB
stick), so putting it in place is a few renames that cannot run out of space, and
Ctrl-C is held back for those few renames and acted on once they are done.

Nothing is lost: a folder that is not empty is replaced only with ``force``, only if
xactika-edu wrote it with the *same* command (so ``worksheet`` never replaces a class
pack), and only if it still holds exactly what was written: the marker file
:data:`MARKER` records each file's SHA-256 and each folder, so an edited file or a
folder the teacher added stops ``force``. The current folder, its parents, the home
folder and links are never replaced.

Each staging folder records its owner (process id, its start time, host name); a later
run removes staging folders whose owner is gone, such as after ``kill -9``.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import XactikaError
from .language import gettext as _
from .staging import (
    SUFFIX,
    BrokenSwap,
    HeldSignals,
    is_stale_staging,
    new_staging,
    owner_gone,
    remove_stale_staging,
    staging_owner,
    swap,
)
from .version import __version__

__all__ = [
    "MARKER",
    "InterruptedAfterWriting",
    "atomic_directory",
    "check_output_directory",
    "remove_stale_staging",
    "staged_entries",
    "write_file",
]

#: Every output folder holds this file, so ``--force`` knows what xactika-edu wrote.
MARKER = ".xactika-edu.json"
#: Version of the marker's layout; 2 records a SHA-256 per file and every folder.
MARKER_FORMAT = 2


class InterruptedAfterWriting(KeyboardInterrupt):
    """Ctrl-C (or a stop signal) arrived while the finished output was being put in
    place; it was held back until the output was complete, so ``folder`` is whole."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder


def _commit(new: Path, target: Path, *, replace: bool, shown: str, earlier: bool) -> None:
    """Put the finished ``new`` in place as, or into, ``target``."""
    try:
        if target.is_dir():
            swap(new, target, new.parent / "old" if replace else None, last=MARKER)
        else:
            os.rename(new, target)  # one step: the folder is there whole, or not at all
    except BrokenSwap:
        raise
    except OSError as error:
        raise XactikaError(_cannot_write(shown, error, earlier)) from None


def _cannot_write(shown: str, error: OSError, earlier: bool = False) -> str:
    """One line: what failed, and that nothing was written (the state it leaves)."""
    reason = error.strerror or str(error)
    if earlier:
        return _(
            "cannot write folder {shown!r}: {reason}; nothing was written, and what was "
            "there is as it was"
        ).format(shown=shown, reason=reason)
    return _("cannot write folder {shown!r}: {reason}; nothing was written").format(
        shown=shown, reason=reason
    )


@contextlib.contextmanager
def _staged(
    place: Path, name: str, target: Path, shown: str, earlier: bool
) -> Iterator[tuple[Path, HeldSignals, list[bool]]]:
    """The shared life of a staging folder: make it, yield it, always remove it."""
    remove_stale_staging(place)
    try:
        root = new_staging(place, name)
    except OSError as error:
        raise XactikaError(_cannot_write(shown, error, earlier)) from None
    held = HeldSignals()
    committed = [False]
    keep = False
    try:
        yield root / "new", held, committed
    except BrokenSwap:
        keep = True
        raise
    finally:
        try:
            if not keep:
                shutil.rmtree(root, ignore_errors=True)
        finally:
            try:
                held.release()
            except KeyboardInterrupt as stop:
                if committed[0]:
                    raise InterruptedAfterWriting(target) from stop
                raise


def _reworded(error: XactikaError, shown: str, earlier: bool) -> XactikaError:
    """A write error from below names a staging folder: name the target instead."""
    cause = error.__cause__
    if isinstance(cause, OSError):
        return XactikaError(_cannot_write(shown, cause, earlier))
    return error


# --- the marker: what xactika-edu wrote --------------------------------------------


def _tree(folder: Path, skip: set[str]) -> tuple[list[str], list[str]]:
    """(files and links, folders) below ``folder`` as POSIX relative paths, without
    the top-level names in ``skip``; links are listed, never followed."""
    files: list[str] = []
    folders: list[str] = []

    def fail(error: OSError) -> None:
        raise error

    for top, dirs, names in os.walk(folder, onerror=fail):
        here = Path(top)
        if here == folder:
            names = [n for n in names if n not in skip]
            dirs[:] = [d for d in dirs if d not in skip]
        for d in list(dirs):
            if (here / d).is_symlink():
                dirs.remove(d)
                names.append(d)
        files.extend((here / n).relative_to(folder).as_posix() for n in names)
        folders.extend((here / d).relative_to(folder).as_posix() for d in dirs)
    return sorted(files), sorted(folders)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_marker(folder: Path, command: str) -> None:
    files, folders = _tree(folder, {MARKER})
    info = {
        "made by": "xactika-edu",
        "format": MARKER_FORMAT,
        "version": __version__,
        "command": command,
        "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "files": {name: _sha256(folder / name) for name in files},
        "folders": folders,
    }
    (folder / MARKER).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


def _read_marker(folder: Path) -> dict[str, object] | None:
    try:
        info = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


# --- may this folder be written? ----------------------------------------------------


def _protected(target: Path) -> str | None:
    """Why ``target`` must never be replaced, or None."""
    resolved = target.resolve()
    cwd = Path.cwd().resolve()
    if resolved == cwd:
        return _("it is the current folder")
    if resolved in cwd.parents:
        return _("it holds the current folder")
    if resolved == Path.home().resolve() or resolved == Path(resolved.anchor):
        return _("it is a home or root folder")
    return None


def _live_writer(target: Path, skip: set[str]) -> str | None:
    for entry in target.iterdir():
        if entry.name not in skip:
            info = staging_owner(entry)
            if info is not None and not owner_gone(info):
                return _("another xactika-edu (process {pid}) is writing into it").format(
                    pid=info.get("pid")
                )
    return None


def _not_replaceable(target: Path, command: str, skip: set[str]) -> tuple[str, str] | None:
    """(why, what to do) if ``force`` may not replace ``target``'s contents, else None.

    ``target`` is an existing folder that is not empty.
    """
    info = _read_marker(target)
    if info is None or info.get("made by") != "xactika-edu":
        outer = next(
            (
                folder
                for folder in target.absolute().parents
                if (_read_marker(folder) or {}).get("made by") == "xactika-edu"
            ),
            None,
        )
        if outer is not None:
            outer_command = (_read_marker(outer) or {}).get("command", "xactika-edu")
            return (
                _("it is part of the output of 'xactika-edu {command}' in {folder!r}").format(
                    command=outer_command, folder=str(outer)
                ),
                "",
            )
        return _("it holds files that xactika-edu did not make"), ""
    recorded = info.get("files")
    recorded_folders = info.get("folders")
    if (
        info.get("format") != MARKER_FORMAT
        or not isinstance(recorded, dict)
        or not isinstance(recorded_folders, list)
    ):
        return (
            _(
                "it was written by an older xactika-edu that did not record what each file "
                "held, so a file you changed there could not be told apart"
            ),
            "",
        )
    made_by = info.get("command")
    if made_by != command:
        return (
            _(
                "it holds the output of 'xactika-edu {made_by}', which "
                "'xactika-edu {command}' does not write"
            ).format(made_by=made_by, command=command),
            "",
        )
    reason = _protected(target)
    if reason:
        return reason, ""
    try:
        files, folders = _tree(target, skip | {MARKER})
    except OSError as error:
        unread = error.strerror or error
        return _("xactika-edu cannot read all of it ({reason})").format(reason=unread), ""
    for name in files:
        if name not in recorded:
            return _("it holds {name!r}, which xactika-edu did not write").format(name=name), (
                _(" (or move that file out first)")
            )
    for name in folders:
        if name not in recorded_folders:
            return _("it holds the folder {name!r}, which xactika-edu did not make").format(
                name=name
            ), _(" (or move that folder out first)")
    for name in files:
        if not _unchanged(target / name, recorded[name]):
            return _("{name!r} was changed after xactika-edu wrote it").format(name=name), (
                _(" (or move that file out first)")
            )
    return None


def _unchanged(path: Path, sha256: object) -> bool:
    try:
        return not path.is_symlink() and path.is_file() and _sha256(path) == sha256
    except OSError:
        return False


def _check(target: Path, force: bool, command: str, skip: set[str]) -> None:
    shown = str(target)
    if target.exists() and not target.is_dir():
        raise XactikaError(
            _("{shown!r} is a file, not a folder; choose another --out").format(shown=shown)
        )
    if not target.is_dir():
        return
    entries = [e for e in target.iterdir() if e.name not in skip and not is_stale_staging(e)]
    if not entries:
        return
    if target.is_symlink():
        raise XactikaError(
            _("{shown!r} is a link, not a folder; choose another --out").format(shown=shown)
        )
    busy = _live_writer(target, skip)
    refusal = (busy, "") if busy else _not_replaceable(target, command, skip)
    if refusal is None:
        if not force:
            raise XactikaError(
                _(
                    "folder {shown!r} is not empty: it holds earlier output of "
                    "'xactika-edu {command}'; choose a new folder, or add --force to "
                    "replace that output"
                ).format(shown=shown, command=command)
            )
        return
    why, todo = refusal
    if force:
        raise XactikaError(
            _(
                "even --force will not replace folder {shown!r}: {why}; choose a new folder{todo}"
            ).format(shown=shown, why=why, todo=todo)
        )
    raise XactikaError(
        _(
            "folder {shown!r} is not empty, and xactika-edu will not replace "
            "it: {why}; choose a new folder"
        ).format(shown=shown, why=why)
    )


def check_output_directory(
    target: Path | str, *, force: bool = False, command: str = "xactika-edu"
) -> Path:
    """Check that ``target`` may be written by ``command``.

    It may if it is missing or empty, or, with ``force``, if it holds exactly what the
    same ``command`` wrote there before. Staging folders left inside it by a killed
    xactika-edu are removed first (see :func:`remove_stale_staging`).

    Args:
        target: the output folder.
        force: allow replacing the earlier output of the same command.
        command: what identifies the output, e.g. ``"worksheet --kind bar-graph"``.

    Returns:
        ``target`` as a :class:`~pathlib.Path`.

    Raises:
        XactikaError: naming the folder and why, if it is a file or a link, or is not
            empty and ``force`` is not given, or holds anything else: another
            command's output, a file or folder xactika-edu did not write, a file
            changed since (its SHA-256 differs from the marker's), output of an older
            version without content hashes, or it is the current folder, one of its
            parents, or a home or root folder. The message suggests ``--force`` only
            where ``--force`` would replace nothing but that command's own output.
    """
    target = Path(target)
    if target.is_dir() and not target.is_symlink():
        remove_stale_staging(target)  # and undo a swap a killed run left half done
    _check(target, force, command, set())
    return target


# --- writing ---------------------------------------------------------------------


@contextlib.contextmanager
def atomic_directory(
    target: Path | str, *, force: bool = False, command: str = "xactika-edu"
) -> Iterator[Path]:
    """Yield an empty staging folder; on success its contents become ``target``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as parent:
    ...     out = Path(parent) / "out"
    ...     with atomic_directory(out, command="demo") as staging:
    ...         _ = (staging / "notes.txt").write_text("hello")
    ...     print(sorted(p.name for p in out.iterdir()))
    ...     _ = (out / "notes.txt").write_text("edited")
    ...     try:
    ...         with atomic_directory(out, force=True, command="demo") as staging:
    ...             pass
    ...     except XactikaError as error:
    ...         print(str(error).split(": ", 1)[1].split(";")[0])
    ['.xactika-edu.json', 'notes.txt']
    'notes.txt' was changed after xactika-edu wrote it

    The staging folder is on ``target``'s drive: beside a missing ``target`` (then
    one rename puts the whole folder in place) or inside an existing one (then its
    entries are renamed in, all or none; with ``force`` the earlier output is first
    renamed aside and removed once the new one is in). A marker file records the
    command and a SHA-256 of every file. If the block raises, or the process is
    stopped, ``target`` is left as it was; staging left by a killed run is removed by
    the next.

    Raises:
        XactikaError: as :func:`check_output_directory`, or if the folder cannot be
            written, e.g. the drive is full (one line naming ``target`` and saying
            that nothing was written).
        InterruptedAfterWriting: Ctrl-C or a stop signal came while the finished output
            was being put in place: ``target`` is complete.
    """
    shown = str(target)
    target = Path(target)
    absolute = target.absolute()
    try:
        absolute.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise XactikaError(_cannot_write(shown, error)) from None
    check_output_directory(target, force=force, command=command)  # removes stale staging
    inside = absolute.is_dir()
    earlier = inside and any(not is_stale_staging(e) for e in absolute.iterdir())
    place = absolute if inside else absolute.parent
    with _staged(place, absolute.name, absolute, shown, earlier) as (new, held, committed):
        try:
            yield new
        except OSError as error:
            raise XactikaError(_cannot_write(shown, error, earlier)) from None
        except XactikaError as error:
            raise _reworded(error, shown, earlier) from None
        skip = {new.parent.name} if inside else set()
        _check(absolute, force, command, skip)  # nothing changed meanwhile
        try:
            _write_marker(new, command)
        except OSError as error:
            raise XactikaError(_cannot_write(shown, error, earlier)) from None
        replace = inside and any(e.name not in skip for e in absolute.iterdir())
        held.hold()
        _commit(new, absolute, replace=replace, shown=shown, earlier=earlier)
        committed[0] = True


@contextlib.contextmanager
def staged_entries(folder: Path | str) -> Iterator[Path]:
    """Yield an empty staging folder inside the existing ``folder``; on success every
    entry written there is renamed into ``folder``, all or none (no name may exist).

    For library functions that add files to a folder the caller owns, such as
    :func:`~xactika_edu.outputs.worksheets.export_worksheets`: a full drive, an error or
    Ctrl-C leaves ``folder`` as it was.

    Raises:
        XactikaError: if ``folder`` is missing, an entry exists already, or writing
            fails (one line naming ``folder`` and saying that nothing was written).
    """
    shown = str(folder)
    folder = Path(folder).absolute()
    if not folder.is_dir():
        raise XactikaError(_("folder {shown!r} does not exist").format(shown=shown))
    with _staged(folder, "xactika-edu", folder, shown, False) as (new, held, committed):
        try:
            yield new
        except OSError as error:
            raise XactikaError(_cannot_write(shown, error)) from error
        for entry in new.iterdir():
            if os.path.lexists(folder / entry.name):
                raise XactikaError(
                    _("{number!r} already exists; nothing was written").format(
                        number=str(folder / entry.name)
                    )
                )
        held.hold()
        _commit(new, folder, replace=False, shown=shown, earlier=False)
        committed[0] = True


def write_file(path: Path | str, data: bytes, *, overwrite: bool = False) -> Path:
    """Write the file ``path`` holding ``data``, whole or not at all.

    The bytes go to a hidden temporary file beside ``path`` (with the user's usual
    permissions, not a temporary file's 0600), are flushed to the drive, then linked
    into place, which fails if ``path`` exists (where the drive has no links, as FAT
    and exFAT USB sticks, renamed after a check). With ``overwrite`` an existing file
    is replaced in one rename and keeps its permissions. A full drive or an
    interruption leaves no partial file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_file(Path(folder) / "a.txt", b"first")
    ...     try:
    ...         write_file(path, b"second")
    ...     except FileExistsError:
    ...         print("kept:", path.read_bytes())
    kept: b'first'

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        FileExistsError: if ``path`` exists and ``overwrite`` is not given.
        OSError: if writing fails (the temporary file is removed, ``path`` untouched).
    """
    path = Path(path)
    temporary = path.with_name(f".{path.name[:60]}.{secrets.token_hex(4)}{SUFFIX}")
    replaced = path.stat().st_mode & 0o7777 if overwrite and path.is_file() else None
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if replaced is not None:  # a replaced file keeps its permissions
            os.chmod(temporary, replaced)
        if overwrite:
            os.replace(temporary, path)
            return path
        try:
            os.link(temporary, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links on this drive (FAT, exFAT)
            if os.path.lexists(path):
                raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
            os.rename(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return path
