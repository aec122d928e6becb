"""The class store: a class's students, live experiments and finished hands, in SQLite.

One SQLite file per data folder (:mod:`xactika_edu.teaching.classdata.storedb`: WAL
mode, ``synchronous=FULL``, foreign keys on, a schema version). Every draw and every
finished hand is its own transaction, on the drive before the call returns: killing
the server (``kill -9``), Ctrl-C or a crash loses none of them. One
:class:`ClassStore` is shared by all the sessions of a server process: it holds one
connection and a lock (thread-safe); other processes may open the same folder.

>>> import tempfile
>>> store = ClassStore(tempfile.mkdtemp())
>>> code, token = store.create_class("Period 3")
>>> len(code), store.open_class("period 3") == code
(6, True)
>>> store.check_teacher(code, token)
>>> store.join(code, "Zoë")
'Zoë'
>>> store.join(code, "ZOË")
Traceback (most recent call last):
...
xactika_edu.base.errors.StudentNameError: Someone in this class is already called 'Zoë'. ...
>>> experiment = store.start_experiment(code, "face value 8 or more")
>>> store.record_draw(code, "zoë", "3213")
1
>>> store.draws(code)
  student activity  card  face value
0     Zoë     draw  3213           9
>>> store.close()

The parts: :mod:`~xactika_edu.teaching.classdata.classkeys` (codes, tokens, names),
:mod:`~xactika_edu.teaching.classdata.storedraws` (experiments and draws),
:mod:`~xactika_edu.teaching.classdata.storehands` (games and hands).

**Teacher links.** :meth:`ClassStore.create_class` returns the teacher token once; the
store keeps only its hash. A teacher who lost it asks for a new one
(:meth:`ClassStore.new_teacher_token`, ``xactika-edu class new-link --class NAME``),
which makes the old one stop working. The store trusts its caller: the class server
calls :meth:`ClassStore.check_teacher` before every teacher action; whoever can read
the data folder (the teacher's own account) is the teacher.

Source: issue 13 ("Classes without accounts", "Live pooled experiments", "Nothing
lost").
"""

from __future__ import annotations

import os
import random
import sqlite3
from dataclasses import dataclass
from types import TracebackType

from ...base.checks import shown
from ...base.errors import ClassError, StudentNameError, TeacherLinkError
from ...base.language import gettext as _
from .classkeys import (
    check_name,
    check_teacher_token,
    name_key,
    new_class_code,
    new_teacher_token,
    normal_code,
    token_hash,
    token_matches,
)
from .storedb import StoreDB, default_data_dir, now
from .storedraws import DrawRecords, Experiment
from .storehands import HandRecords, check_hand

__all__ = [
    "ClassStore",
    "ClassSummary",
    "Experiment",
    "check_hand",
    "default_data_dir",
]

#: How many new codes are drawn before giving up (each is a 1 in 100 million clash).
_CODE_TRIES = 100


@dataclass(frozen=True)
class ClassSummary:
    """One class, counted (:meth:`ClassStore.classes`)."""

    code: str
    name: str
    created: str
    students: int
    draws: int
    hands: int


class ClassStore(DrawRecords, HandRecords):
    """The classes of one data folder: create, join, record, read back, reset.

    Args:
        data_dir: the data folder (created if missing); ``None`` for
            :func:`~xactika_edu.teaching.classdata.storedb.default_data_dir`.
        rng: where class codes come from (default: the operating system's
            randomness); tests pass ``random.Random(seed)``.

    Raises:
        ClassError: if the store file cannot be opened or is not a store.

    Every method taking ``code`` raises
    :class:`~xactika_edu.base.errors.ClassCodeError` for a code that is no class.
    Use as a context manager, or call :meth:`close`.
    """

    def __init__(
        self, data_dir: str | os.PathLike[str] | None = None, *, rng: random.Random | None = None
    ) -> None:
        self.db = StoreDB(data_dir)
        self.rng = rng

    @property
    def path(self) -> str:
        """The store's file."""
        return str(self.db.path)

    def close(self) -> None:
        """Close the file. Everything committed is already on the drive."""
        self.db.close()

    def __enter__(self) -> ClassStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- classes ----------------------------------------------------------------------------

    def create_class(self, name: str) -> tuple[str, str]:
        """Make a class; returns ``(class_code, teacher_token)``.

        The code (6 characters, :data:`~xactika_edu.teaching.classdata.classkeys.CODE_ALPHABET`)
        is for the students; the token is the teacher's secret, shown this once.

        Raises:
            ClassError: for a bad name (empty, over 60 characters, a character that
                cannot be typed) or a name another class has (in any letter case):
                the message gives that class's code.
        """
        cleaned = check_name(name, what="class name")
        token = new_teacher_token()
        with self.db.write() as db:
            existing = db.execute(
                "SELECT code, name FROM classes WHERE name_key = ?", (name_key(cleaned),)
            ).fetchone()
            if existing is not None:
                raise ClassError(
                    _(
                        "There is already a class called {name} (class code {code}). Give the new "
                        "class another name."
                    ).format(name=shown(existing[1]), code=existing[0])
                )
            for _attempt in range(_CODE_TRIES):
                code = new_class_code(self.rng)
                try:
                    db.execute(
                        "INSERT INTO classes (code, name, name_key, token_hash, created) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (code, cleaned, name_key(cleaned), token_hash(token), now()),
                    )
                except sqlite3.IntegrityError:
                    continue  # the code is taken: draw another
                return code, token
        raise ClassError(f"could not find a free class code in {_CODE_TRIES} tries")

    def open_class(self, name_or_code: str) -> str:
        """The code of the class with this name (any letter case) or this code.

        Raises:
            ClassCodeError: "There is no class with the code ..." if neither matches.
        """
        if isinstance(name_or_code, str) and name_or_code.strip():
            with self.db.read() as db:
                row = db.execute(
                    "SELECT code FROM classes WHERE name_key = ?",
                    (name_key(" ".join(name_or_code.split())),),
                ).fetchone()
                if row is not None:
                    return str(row[0])
                return self.class_row(db, name_or_code).code
        with self.db.read() as db:
            return self.class_row(db, name_or_code).code

    def class_name(self, code: str) -> str:
        """The name of the class with this code."""
        with self.db.read() as db:
            return self.class_row(db, code).name

    def classes(self) -> list[ClassSummary]:
        """Every class in the store, oldest first, with its counts."""
        with self.db.read() as db:
            rows = db.execute(
                "SELECT code, name, created, "
                "(SELECT COUNT(*) FROM students WHERE class_id = classes.id), "
                "(SELECT COUNT(*) FROM draws JOIN experiments ON draws.experiment_id = "
                "experiments.id WHERE experiments.class_id = classes.id), "
                "(SELECT COUNT(*) FROM hands JOIN games ON hands.game_id = games.id "
                "WHERE games.class_id = classes.id) FROM classes ORDER BY id"
            ).fetchall()
        return [ClassSummary(*row) for row in rows]

    def new_teacher_token(self, code: str, token: str | None = None) -> str:
        """A new teacher token for the class; the old one stops working. Returns it.

        Args:
            code: the class's code.
            token: the token to use (the class server under JupyterHub is given one by
                the teacher's Jupyter server); None (default): a new random one.

        Raises:
            ClassCodeError: if there is no class with this code.
            ClassError: if ``token`` is not a teacher token (32 to 200 URL-safe
                characters).
        """
        token = new_teacher_token() if token is None else check_teacher_token(token)
        with self.db.write() as db:
            room = self.class_row(db, code)
            db.execute(
                "UPDATE classes SET token_hash = ? WHERE id = ?", (token_hash(token), room.id)
            )
        return token

    def check_teacher(self, code: object, token: object) -> None:
        """Check a teacher link (class code and token); returns None if it is right.

        Raises:
            TeacherLinkError: "This teacher link is not right." for a wrong token, a
                code that is no class, or anything that is not text: the message does
                not say which part was wrong.
        """
        wrong = TeacherLinkError(
            _("This teacher link is not right. Use the link the class server printed.")
        )
        if not isinstance(code, str):
            raise wrong
        with self.db.read() as db:
            row = db.execute(
                "SELECT token_hash FROM classes WHERE code = ?", (normal_code(code),)
            ).fetchone()
        if row is None or not token_matches(token, str(row[0])):
            raise wrong

    def reset_class(self, code: str) -> tuple[int, int]:
        """Delete the class's draws and finished hands; returns how many of each.

        The class, its students, experiments and game numbers stay; a running experiment
        stops (a new one draws new cards: each student's cards follow from the experiment,
        :func:`~xactika_edu.teaching.classdata.livepool.student_cards`).
        """
        with self.db.write() as db:
            room = self.class_row(db, code)
            db.execute(
                "UPDATE experiments SET stopped = ? WHERE class_id = ? AND stopped IS NULL",
                (now(), room.id),
            )
            draws = db.execute(
                "DELETE FROM draws WHERE experiment_id IN "
                "(SELECT id FROM experiments WHERE class_id = ?)",
                (room.id,),
            ).rowcount
            hands = db.execute(
                "DELETE FROM hands WHERE game_id IN (SELECT id FROM games WHERE class_id = ?)",
                (room.id,),
            ).rowcount
        return int(draws), int(hands)

    def delete_class(self, code: str) -> None:
        """Delete the class and everything in it (students, experiments, draws, hands)."""
        with self.db.write() as db:
            room = self.class_row(db, code)
            db.execute("DELETE FROM classes WHERE id = ?", (room.id,))

    # --- students ---------------------------------------------------------------------------

    def join(self, code: str, first_name: str) -> str:
        """A student joins the class with a first name; returns the name as kept.

        Raises:
            ClassCodeError: "There is no class with the code ..." for a wrong code.
            StudentNameError: for an empty name, one over 30 characters, one with a
                character that cannot be typed, or one someone in the class already
                has (in any letter case, typed or pasted).
        """
        name = check_name(first_name)
        with self.db.write() as db:
            room = self.class_row(db, code)
            try:
                db.execute(
                    "INSERT INTO students (class_id, name, name_key, joined) VALUES (?, ?, ?, ?)",
                    (room.id, name, name_key(name), now()),
                )
            except sqlite3.IntegrityError:
                taken = db.execute(
                    "SELECT name FROM students WHERE class_id = ? AND name_key = ?",
                    (room.id, name_key(name)),
                ).fetchone()
                raise StudentNameError(
                    _(
                        "Someone in this class is already called {name}. Add the first letter of "
                        "your last name, like 'Zoë B'."
                    ).format(name=shown(taken[0] if taken else name))
                ) from None
        return name

    def students(self, code: str) -> list[str]:
        """The class's students' names, in the order they joined."""
        with self.db.read() as db:
            room = self.class_row(db, code)
            return [
                str(row[0])
                for row in db.execute(
                    "SELECT name FROM students WHERE class_id = ? ORDER BY id", (room.id,)
                )
            ]
