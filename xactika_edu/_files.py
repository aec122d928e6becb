"""Safe output: write a whole folder in a staging area, then move it into place.

Nothing is half-written (a failure leaves the target as it was) and nothing is lost:
a folder that is not empty is replaced only with ``force``, and only if xactika-edu
made it and it holds nothing else (the marker file :data:`MARKER` lists what was
written). The current folder, its parents, the home folder and links are never
replaced.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from . import __version__
from .errors import XactikaError

__all__ = ["MARKER", "atomic_directory", "check_output_directory"]

#: Every output folder holds this file, so ``--force`` knows the folder is ours.
MARKER = ".xactika-edu.json"


def _protected(target: Path) -> str | None:
    """Why ``target`` must never be replaced, or None."""
    resolved = target.resolve()
    cwd = Path.cwd().resolve()
    if resolved == cwd:
        return "it is the current folder"
    if resolved in cwd.parents:
        return "it holds the current folder"
    if resolved == Path.home().resolve() or resolved == Path(resolved.anchor):
        return "it is a home or root folder"
    return None


def check_output_directory(target: Path | str, *, force: bool = False) -> Path:
    """Check that ``target`` may be written: missing, empty, or ours and ``force`` given.

    Raises:
        XactikaError: naming the folder, if it is a file, or is not empty and either
            ``force`` is not given, or xactika-edu did not make it, or it is the
            current folder, one of its parents, or a home or root folder.
    """
    target = Path(target)
    shown = str(target)
    if target.exists() and not target.is_dir():
        raise XactikaError(f"{shown!r} is a file, not a folder; choose another --out")
    if not target.is_dir() or not any(target.iterdir()):
        return target
    if target.is_symlink():
        raise XactikaError(f"{shown!r} is a link, not a folder; choose another --out")
    ours = (target / MARKER).is_file()
    if not force:
        hint = (
            "or add --force to replace the earlier xactika-edu output there"
            if ours
            else "xactika-edu only writes into a new or empty folder"
        )
        raise XactikaError(f"folder {shown!r} is not empty; choose a new folder, {hint}")
    if not ours:
        raise XactikaError(
            f"folder {shown!r} holds files that xactika-edu did not make, so even --force "
            "will not replace it; choose a new folder"
        )
    reason = _protected(target)
    if reason:
        raise XactikaError(f"will not replace folder {shown!r}: {reason}; choose another --out")
    extra = sorted(set(_files_in(target)) - set(_recorded_files(target)))
    if extra:
        raise XactikaError(
            f"folder {shown!r} holds {extra[0]!r}, which xactika-edu did not write, so even "
            "--force will not replace it; move that file out or choose a new folder"
        )
    return target


def _files_in(folder: Path) -> list[str]:
    """Every file and link below ``folder`` (not the marker), as POSIX relative paths."""
    return [
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if (path.is_file() or path.is_symlink()) and path.name != MARKER
    ]


def _recorded_files(folder: Path) -> list[str]:
    """The files the marker says xactika-edu wrote (empty if unreadable)."""
    try:
        info = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    files = info.get("files") if isinstance(info, dict) else None
    return [f for f in files if isinstance(f, str)] if isinstance(files, list) else []


def _write_marker(folder: Path, command: str) -> None:
    info = {
        "made by": "xactika-edu",
        "version": __version__,
        "command": command,
        "files": sorted(_files_in(folder)),
    }
    (folder / MARKER).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


def _move_into_place(staging: Path, target: Path) -> None:
    if target.is_dir() and not any(target.iterdir()):
        # An empty folder (maybe the one the teacher is in, or an empty USB stick, on
        # another drive than its parent): fill it, keep it. shutil.move renames when it
        # can and copies across drives.
        for entry in staging.iterdir():
            shutil.move(entry, target / entry.name)
        return
    if not target.exists():
        os.replace(staging, target)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    try:
        os.replace(target, retired / target.name)
        try:
            os.replace(staging, target)
        except OSError:
            os.replace(retired / target.name, target)  # put the old folder back
            raise
    finally:
        shutil.rmtree(retired, ignore_errors=True)


@contextlib.contextmanager
def atomic_directory(
    target: Path | str, *, force: bool = False, command: str = "xactika-edu"
) -> Iterator[Path]:
    """Yield an empty staging folder; on success it becomes ``target`` in one step.

    The staging folder sits beside ``target`` (same file system, so the final move is
    a rename). If the block raises, the staging folder is removed and ``target`` is
    untouched. A marker file records that xactika-edu made the folder.

    Raises:
        XactikaError: as :func:`check_output_directory`, or if the folder cannot be
            written (the message names ``target``, not the staging folder).
    """
    shown = str(target)
    target = check_output_directory(target, force=force).absolute()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(
            tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
        )
    except OSError as error:
        raise XactikaError(f"cannot write folder {shown!r}: {error.strerror or error}") from None
    try:
        try:
            yield staging
        except OSError as error:
            raise XactikaError(
                f"cannot write folder {shown!r}: {error.strerror or error}"
            ) from None
        check_output_directory(target, force=force)  # nothing appeared meanwhile
        _write_marker(staging, command)
        os.chmod(staging, 0o755)
        try:
            _move_into_place(staging, target)
        except OSError as error:
            raise XactikaError(
                f"cannot write folder {shown!r}: {error.strerror or error}"
            ) from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
