"""Safe output: write a whole folder in a staging area, then move it into place.

Nothing is half-written (a failure leaves the target as it was) and nothing is
overwritten unless asked.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .errors import XactikaError

__all__ = ["atomic_directory", "check_output_directory"]


def check_output_directory(target: Path | str, *, force: bool = False) -> Path:
    """Check that ``target`` may be written: missing, empty, or ``force`` given.

    Raises :class:`XactikaError` naming the folder otherwise, or if it is a file.
    """
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise XactikaError(f"{str(target)!r} is a file, not a folder; choose another --out")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise XactikaError(
            f"folder {str(target)!r} is not empty; choose a new folder, "
            "or add --force to replace it"
        )
    return target


@contextlib.contextmanager
def atomic_directory(target: Path | str, *, force: bool = False) -> Iterator[Path]:
    """Yield an empty staging folder; on success it replaces ``target`` in one step.

    The staging folder sits beside ``target`` (same file system, so the final move is
    a rename). If the block raises, the staging folder is removed and ``target`` is
    untouched. An existing non-empty ``target`` is replaced only with ``force``.

    Raises:
        XactikaError: if ``target`` is a file, or a non-empty folder without ``force``.
    """
    target = check_output_directory(target, force=force).absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(
        tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    )
    try:
        yield staging
        check_output_directory(target, force=force)  # nothing appeared meanwhile
        os.chmod(staging, 0o755)
        if target.exists():
            retired = Path(
                tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
            )
            os.replace(target, retired / target.name)
            try:
                os.replace(staging, target)
            except OSError:
                os.replace(retired / target.name, target)  # put the old folder back
                raise
            shutil.rmtree(retired, ignore_errors=True)
        else:
            os.replace(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
