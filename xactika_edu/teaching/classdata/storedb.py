"""The class store's SQLite file: where it lives, its tables, and safe transactions.

One file, :data:`STORE_FILE`, in a data folder (:func:`default_data_dir` unless the
teacher gives ``--data DIR``). It is opened with:

* ``PRAGMA journal_mode=WAL``: a write appends to the write-ahead log, so readers
  (the teacher's live page) never wait for writers, and a process killed mid-write
  (``kill -9``, a crash) leaves the file as of its last commit.
* ``PRAGMA synchronous=FULL``: each commit waits until the log is on the drive, so a
  committed draw or hand survives even a power cut or an operating-system crash (a
  teacher laptop's battery running out). ``NORMAL`` is safe against a crashed or
  killed *program* too, but a power cut may undo its last commits. Draws and hands
  come at classroom speed, at most tens a second, and FULL still commits about 200
  draws a second on a 2-core virtual machine (NORMAL: about 4,000;
  ``benchmarks/bench_class_store.py``), so the stronger promise costs nothing a class
  can notice.
* ``PRAGMA foreign_keys=ON`` and a ``busy_timeout``: another process writing the same
  file (``xactika-edu class reset`` while the class server runs) is waited for.

**Threads.** One :class:`StoreDB` holds one connection, shared by every thread of the
server process, and a lock: each read and each transaction holds the lock from start
to end, so sessions never interleave inside a transaction. SQLite serializes writers
anyway, and every transaction here is a few rows, so one connection is as fast as
one per thread and never leaks connections of threads that ended.

The schema has a version (:data:`SCHEMA_VERSION`, in the one-row table
``schema_version``); a file written by a newer version is refused, not changed.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from ...base.checks import shown
from ...base.csvtext import reason_of
from ...base.errors import ClassCodeError, ClassError, XactikaError
from ...base.language import gettext as _
from .classkeys import normal_code

__all__ = [
    "BUSY_TIMEOUT_MS",
    "SCHEMA_VERSION",
    "STORE_FILE",
    "ClassRow",
    "StoreBase",
    "StoreDB",
    "default_data_dir",
    "now",
]

#: The store's file name in the data folder.
STORE_FILE = "classes.sqlite3"
#: The version of the tables below; a newer file is refused.
SCHEMA_VERSION = 1
#: How long a write waits for another process's write, in milliseconds.
BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE classes (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE students (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    joined TEXT NOT NULL,
    UNIQUE (class_id, name_key)
);
CREATE TABLE experiments (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    activity TEXT NOT NULL,
    started TEXT NOT NULL,
    stopped TEXT
);
CREATE TABLE draws (
    id INTEGER PRIMARY KEY,
    experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    card TEXT NOT NULL CHECK (length(card) = 4),
    drawn TEXT NOT NULL
);
CREATE INDEX draws_by_experiment ON draws(experiment_id);
CREATE INDEX draws_by_student ON draws(student_id);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    started TEXT NOT NULL,
    UNIQUE (class_id, number)
);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    recorded TEXT NOT NULL,
    UNIQUE (game_id, number)
);
CREATE TABLE seats (
    hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    player TEXT NOT NULL,
    dealer INTEGER NOT NULL CHECK (dealer IN (0, 1)),
    bid INTEGER NOT NULL CHECK (bid BETWEEN 0 AND 8),
    tricks INTEGER NOT NULL CHECK (tricks BETWEEN 0 AND 8),
    PRIMARY KEY (hand_id, position)
);
"""


def default_data_dir() -> Path:
    """The folder class data lives in unless ``--data DIR`` says otherwise: the user's
    data folder from :func:`platformdirs.user_data_dir` (``~/.local/share/xactika-edu``
    on Linux, ``~/Library/Application Support/xactika-edu`` on macOS,
    ``%LOCALAPPDATA%\\xactika-edu`` on Windows). Nothing is created here."""
    import platformdirs

    return Path(platformdirs.user_data_dir("xactika-edu", appauthor=False))


def now() -> str:
    """The time now, UTC, as ISO 8601 text to the millisecond (sorts as it reads)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class StoreDB:
    """The open store file: one connection, a lock, transactions.

    Args:
        data_dir: the data folder; created (readable by its owner only: it holds
            children's first names) if missing. ``None``: :func:`default_data_dir`.

    Raises:
        ClassError: naming the file if it cannot be opened, is not a store, or was
            written by a newer xactika-edu.
    """

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        if data_dir is not None and not isinstance(data_dir, (str, os.PathLike)):
            raise XactikaError(
                _("the data folder must be a folder name, got {value}").format(
                    value=shown(data_dir)
                )
            )
        folder = default_data_dir() if data_dir is None else Path(data_dir)
        self.path = folder / STORE_FILE
        self.lock = threading.RLock()
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not self.path.exists():  # a new file, readable by its owner only
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
            self.connection = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
        except (OSError, sqlite3.Error) as error:
            raise ClassError(
                _("cannot open the class data {path}: {reason}").format(
                    path=shown(str(self.path)), reason=_reason(error)
                )
            ) from None
        try:
            self._configure()
        except sqlite3.DatabaseError as error:
            self.connection.close()
            raise ClassError(
                _("{path} is not class data of xactika-edu ({reason})").format(
                    path=shown(str(self.path)), reason=_reason(error)
                )
            ) from None

    def _configure(self) -> None:
        run = self.connection.execute
        run(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = run("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise sqlite3.DatabaseError(
                _("the folder does not allow write-ahead logging ({mode})").format(mode=mode)
            )
        run("PRAGMA synchronous = FULL")
        run("PRAGMA foreign_keys = ON")
        with self.write() as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if "schema_version" not in tables:
                if tables:
                    raise sqlite3.DatabaseError(_("it holds other tables"))
                db.executescript_in_transaction(_SCHEMA)
                db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
                return
            version = db.execute("SELECT version FROM schema_version").fetchone()
            if version is None or version[0] > SCHEMA_VERSION:
                raise ClassError(
                    _(
                        "{path} was written by a newer xactika-edu (data version {version}); "
                        "update xactika-edu to open it"
                    ).format(path=shown(str(self.path)), version=version[0] if version else "?")
                )

    @contextlib.contextmanager
    def write(self) -> Iterator[Cursor]:
        """A write transaction (``BEGIN IMMEDIATE``): committed when the block ends,
        rolled back if it raises. Holds the lock throughout."""
        with self.lock:
            cursor = Cursor(self.connection)
            cursor.execute("BEGIN IMMEDIATE")
            try:
                yield cursor
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    cursor.execute("ROLLBACK")
                raise
            cursor.execute("COMMIT")

    @contextlib.contextmanager
    def read(self) -> Iterator[Cursor]:
        """A read transaction: every query in the block sees one moment of the file."""
        with self.lock:
            cursor = Cursor(self.connection)
            cursor.execute("BEGIN")
            try:
                yield cursor
            finally:
                with contextlib.suppress(sqlite3.Error):
                    cursor.execute("COMMIT")

    def close(self) -> None:
        """Close the connection (the file stays whole: every commit is already in it)."""
        with self.lock:
            self.connection.close()


class Cursor:
    """A thin cursor used inside :meth:`StoreDB.write` and :meth:`StoreDB.read`."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, parameters: tuple[object, ...] = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, parameters)

    def executescript_in_transaction(self, script: str) -> None:
        """Run ``;``-separated statements one by one (``executescript`` would commit)."""
        for statement in script.split(";"):
            if statement.strip():
                self.connection.execute(statement)


class ClassRow(NamedTuple):
    """A class as stored: its row id, code and name."""

    id: int
    code: str
    name: str


class StoreBase:
    """What the parts of :class:`~xactika_edu.teaching.classdata.store.ClassStore` share:
    the open file (:attr:`db`) and finding a class by its code."""

    db: StoreDB

    def class_row(self, db: Cursor, code: object) -> ClassRow:
        """The class with this code (typed in any case, with spaces or dashes).

        Raises:
            ClassCodeError: "There is no class with the code ..." if there is none.
        """
        typed = normal_code(code)
        row = db.execute("SELECT id, code, name FROM classes WHERE code = ?", (typed,)).fetchone()
        if row is None:
            raise ClassCodeError(
                _(
                    "There is no class with the code {code}. Check the code on the board and "
                    "type it again."
                ).format(code=shown(typed, 20))
            )
        return ClassRow(*row)


def _reason(error: Exception) -> str:
    return reason_of(error) if isinstance(error, OSError) else str(error)
