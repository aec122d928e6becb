"""What the class pages do, as plain Python the tests call without a browser: a
student joins and draws; the teacher starts and stops experiments, watches the pool,
exports and resets; anyone with the class code watches the pool and changes nothing
(:class:`ClassWatch`, the projector view). Every teacher action checks the teacher's
token first, on the server
(:meth:`~xactika_edu.teaching.classdata.store.ClassStore.check_teacher`), so a
student's page, which has no token, can do none of them.

>>> import tempfile
>>> from xactika_edu.teaching.classdata.store import ClassStore
>>> store = ClassStore(tempfile.mkdtemp())
>>> code, token = store.create_class("Period 3")
>>> zoe = join_class(store, code, code.lower(), "Zoë")
>>> TeacherDesk(store, code, "a guess").start()
Traceback (most recent call last):
...
xactika_edu.base.errors.TeacherLinkError: This teacher link is not right. ...
>>> TeacherDesk(store, code, token).start().event.name
'face value 8 or more'
>>> [str(card) for card in zoe.draw(3)] == [str(card) for card in zoe.my_cards()]
True
>>> store.close()
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from ...base.checks import shown
from ...base.errors import ClassCodeError, ClassError, StudentNameError
from ...base.language import N_
from ...base.language import gettext as _
from ...core.cards import Card
from ...core.experiments import EventLike
from ...teaching.classdata.classkeys import check_name, name_key, normal_code
from ...teaching.classdata.classtable import SeatHandle
from ...teaching.classdata.livepool import (
    CLASS_EVENTS,
    draws_csv,
    scores_csv,
    student_cards,
)
from ...teaching.classdata.store import ClassStore, Experiment
from .tableroom import DEFAULT_SEATS, TableListing, class_tables

__all__ = [
    "NAME_HOLDERS",
    "NAME_IN_USE",
    "ClassPool",
    "ClassWatch",
    "NameHolders",
    "StudentDesk",
    "TeacherDesk",
    "join_class",
    "served_code",
    "watch_class",
]


@dataclass(frozen=True)
class StudentDesk:
    """A student who joined: their class and name, and what they may do."""

    store: ClassStore
    code: str
    name: str

    def experiment(self) -> Experiment | None:
        """The class experiment running now, or None."""
        return self.store.current_experiment(self.code)

    def draw(self, count: int = 1) -> list[Card]:
        """Draw ``count`` cards (1 to 100) in the running experiment, each from the
        whole deck, and record them (on the drive when this returns).

        The cards are :func:`~xactika_edu.teaching.classdata.livepool.student_cards`:
        seeded by the class, the student, the experiment and the draws before.

        Raises:
            ClassError: "No experiment is running ..." (or it stopped meanwhile).
        """
        running = self.store.current_experiment(self.code)
        if running is None:
            raise ClassError(_("No experiment is running. Wait for your teacher to start one."))
        already = len(self.my_cards(running.id))
        cards = student_cards(
            self.code, self.name, experiment=running.id, already=already, count=count
        )
        self.store.record_draws(self.code, self.name, cards, experiment=running.id)
        return cards

    def tables(self) -> TableListing:
        """The class's tables now (open or not, and their free seats)."""
        return class_tables(self.store, self.code).listing()

    def sit(self, number: int) -> SeatHandle:
        """Sit at class table ``number`` by the name this student joined with (back
        in their own seat if a table holds one for them).

        Raises:
            XactikaError: the table's or the room's plain message
                (:meth:`~xactika_edu.ui.app.tableroom.TableRoom.sit`).
        """
        return class_tables(self.store, self.code).sit(self.name, number)

    def my_cards(self, experiment: int | None = None) -> list[Card]:
        """The cards this student drew in an experiment (default: the running one,
        else none), in the order drawn."""
        if experiment is None:
            running = self.store.current_experiment(self.code)
            if running is None:
                return []
            experiment = running.id
        table = self.store.draws(self.code, experiment)
        return list(table.loc[table["student"] == self.name, "card"])


#: How a page's browser tabs are connected now (Solara's page statuses).
Statuses = Callable[[], list[str]]

#: Said to a student whose name an open page of another browser holds.
NAME_IN_USE = N_(
    "Someone with this name is on another computer right now. "
    "If this is you, close that page first."
)


class NameHolders:
    """Which open pages hold which students' names, in this server process.

    A name someone already joined with may be used again (the student comes back to
    their own draws) unless an open page of *another* browser holds it: a student who
    reloads the page, or whose page was lost, or who comes back after the app was
    restarted, types the same name and carries on; a classmate cannot take a name
    that is in use.

    >>> holders = NameHolders()
    >>> holders.claim("7NX6HJ", "Zoë", page="k1", browser="b1")
    True
    >>> holders.claim("7NX6HJ", "ZOË", page="k2", browser="b2")  # another browser
    False
    >>> holders.claim("7NX6HJ", "zoë", page="k3", browser="b1")  # the same browser
    True
    >>> holders.release("k1"); holders.release("k3")
    >>> holders.claim("7NX6HJ", "Zoë", page="k2", browser="b2")
    True

    A page seen closed (every tab of it ``"closed"`` or ``"disconnected"``, as the
    table sees a student away) holds no name, even before its session ends:

    >>> holders.claim("7NX6HJ", "Ann", page="k4", browser="b4", statuses=lambda: ["closed"])
    True
    >>> holders.claim("7NX6HJ", "Ann", page="k5", browser="b5")   # another computer
    True
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # page -> ((code, name key), browser, how its tabs are connected or None)
        self._pages: dict[str, tuple[tuple[str, str], str, Statuses | None]] = {}

    def claim(
        self, code: str, name: str, *, page: str, browser: str, statuses: Statuses | None = None
    ) -> bool:
        """Hold ``name`` for ``page`` unless an open page of another browser holds it.

        Args:
            statuses: how ``page``'s tabs are connected now (Solara's ``"connected"``,
                ``"disconnected"``, ``"closed"``); a page with tabs and none connected
                holds nothing. None: the page holds its name until :meth:`release`.
        """
        key = (normal_code(code), name_key(name))
        with self._lock:
            taken = any(
                held == key and other != browser and holder != page and _is_open(tabs)
                for holder, (held, other, tabs) in self._pages.items()
            )
            if not taken:
                self._pages[page] = (key, browser, statuses)
            return not taken

    def release(self, page: str) -> None:
        """The page closed: its name is free again."""
        with self._lock:
            self._pages.pop(page, None)


def _is_open(statuses: Statuses | None) -> bool:
    """Whether a page is open: no statuses known, no tab yet, or a tab connected."""
    if statuses is None:
        return True
    try:
        tabs = statuses()
    except Exception:  # a page whose state cannot be read is taken as open
        return True
    return not tabs or "connected" in tabs


#: The names held by the open pages of this server process.
NAME_HOLDERS = NameHolders()


def served_code(store: ClassStore, served: str, typed_code: str) -> str:
    """The served class's code (``served``) if ``typed_code`` is it (any letter case,
    spaces around), in its usual form.

    Raises:
        ClassCodeError: "There is no class with the code ..." (the store's message), or
            "The code ... is another class's code ..." for another class of the store.
    """
    if normal_code(typed_code) != normal_code(served):
        store.class_name(typed_code)  # no such class: the store's own message
        raise ClassCodeError(
            _(
                "The code {code} is another class's code. "
                "Check the code on the board and type it again."
            ).format(code=shown(normal_code(typed_code), 20))
        )
    return normal_code(served)


def join_class(
    store: ClassStore,
    served: str,
    typed_code: str,
    first_name: str,
    *,
    page: str | None = None,
    browser: str = "",
    holders: NameHolders | None = None,
    statuses: Statuses | None = None,
) -> StudentDesk:
    """A student joins the class this server serves (``served``, its code) with the
    code they typed and their first name.

    Args:
        store: the class store.
        served: the served class's code.
        typed_code: the code the student typed.
        first_name: the name the student typed.
        page: the joining page's id; with ``holders``, a name the class already has
            may be joined again if no other browser's open page holds it
            (:class:`NameHolders`). None: a name the class has is always refused.
        browser: the joining browser's id (Solara's session).
        holders: where the open pages' names are kept (:data:`NAME_HOLDERS`).
        statuses: how the joining page's tabs are connected (:meth:`NameHolders.claim`).

    Raises:
        ClassCodeError: for a code that is no class, or another class's code.
        StudentNameError: for an empty, too long or untypable name, or one already
            taken in the class (the store's message says which and what to do); for a
            name an open page of another browser holds, :data:`NAME_IN_USE`.
    """
    code = served_code(store, served, typed_code)
    try:
        name = store.join(code, first_name)
    except StudentNameError:
        known = {name_key(n): n for n in store.students(code)}
        name = known.get(name_key(check_name(first_name)), "")
        if not name or holders is None or page is None:
            raise
        if not holders.claim(code, name, page=page, browser=browser, statuses=statuses):
            raise StudentNameError(_(NAME_IN_USE)) from None
        return StudentDesk(store, code, name)
    if holders is not None and page is not None:
        holders.claim(code, name, page=page, browser=browser, statuses=statuses)
    return StudentDesk(store, code, name)


@dataclass(frozen=True)
class ClassPool:
    """The class's pool as the teacher page shows it.

    Attributes:
        experiment: the running experiment, else the latest, else None.
        frequency: the running relative frequency of ``experiment`` (one row per draw;
            :meth:`~xactika_edu.teaching.classdata.store.ClassStore.running_frequency`).
        draws: every draw of ``experiment`` (the table ``load_class_results`` returns).
        counts: each student's draws and successes in ``experiment`` (every student).
    """

    experiment: Experiment | None
    frequency: pd.DataFrame | None
    draws: pd.DataFrame | None
    counts: pd.DataFrame


@dataclass(frozen=True)
class ClassWatch:
    """What anyone with the class code may watch, and nothing that changes the class:
    its name, its pool and what changes when the pool does (the projector view). The
    teacher's desk reads them through one of these once the token is checked.

    >>> import tempfile
    >>> from xactika_edu.teaching.classdata.store import ClassStore
    >>> store = ClassStore(tempfile.mkdtemp())
    >>> code, _ = store.create_class("Period 3")
    >>> watch = watch_class(store, code, code.lower())
    >>> watch.class_name(), watch.pool().experiment
    ('Period 3', None)
    >>> store.close()
    """

    store: ClassStore
    code: str

    def class_name(self) -> str:
        """The class's name."""
        return self.store.class_name(self.code)

    def version(self) -> tuple[object, ...]:
        """What changes when the pool changes (the running experiment, the numbers of
        experiments, students, draws and finished hands) or the tables do (who sits
        where): read often, cheaply."""
        room = next(r for r in self.store.classes() if r.code == normal_code(self.code))
        running = self.store.current_experiment(self.code)
        experiments = len(self.store.experiments(self.code))
        tables = class_tables(self.store, self.code).listing()
        return (running, experiments, room.students, room.draws, room.hands, tables)

    def pool(self) -> ClassPool:
        """The pool of the running (else the latest) experiment."""
        running = self.store.current_experiment(self.code)
        chosen = running or next(reversed(self.store.experiments(self.code)), None)
        if chosen is None:
            return ClassPool(None, None, None, self.store.student_counts(self.code))
        return ClassPool(
            chosen,
            self.store.running_frequency(self.code, chosen.id),
            self.store.draws(self.code, chosen.id),
            self.store.student_counts(self.code, chosen.id),
        )


def watch_class(store: ClassStore, served: str, typed_code: str) -> ClassWatch:
    """The served class (code ``served``) to watch, for someone who gives its code.

    Raises:
        ClassCodeError: for a code that is no class, or another class's code
            (:func:`served_code`).
    """
    return ClassWatch(store, served_code(store, served, typed_code))


@dataclass(frozen=True)
class TeacherDesk:
    """The teacher's actions on one class; each checks the token first.

    Every method raises :class:`~xactika_edu.base.errors.TeacherLinkError` ("This
    teacher link is not right ...") for a wrong or missing token, before doing anything.
    """

    store: ClassStore
    code: str
    token: object

    def check(self) -> None:
        """Check the token (raises TeacherLinkError if it is not the class's)."""
        self.store.check_teacher(self.code, self.token)

    def class_name(self) -> str:
        """The class's name."""
        self.check()
        return ClassWatch(self.store, self.code).class_name()

    def start(self, event: EventLike = CLASS_EVENTS[0]) -> Experiment:
        """Start a class experiment counting ``event`` (the one before stops)."""
        self.check()
        return self.store.start_experiment(self.code, event)

    def stop(self) -> Experiment | None:
        """Stop the running experiment; returns it, or None if none ran."""
        self.check()
        return self.store.stop_experiment(self.code)

    def reset(self) -> tuple[int, int]:
        """Delete the class's draws and finished hands; returns how many of each."""
        self.check()
        return self.store.reset_class(self.code)

    def open_table(self, seats: int = DEFAULT_SEATS, seed: int | None = None) -> int:
        """Open one more class table of ``seats`` players (2 to 10; ``seed`` from the
        teacher's link seeds the deals); returns how many are open
        (:meth:`~xactika_edu.ui.app.tableroom.TableRoom.open_table`)."""
        self.check()
        return class_tables(self.store, self.code).open_table(seats, seed)

    def close_tables(self) -> int:
        """Let no one sit down any more (games being played go on); returns how many
        tables were open."""
        self.check()
        return class_tables(self.store, self.code).close_tables()

    def tables(self) -> TableListing:
        """The class's tables now."""
        self.check()
        return class_tables(self.store, self.code).listing()

    def version(self) -> tuple[object, ...]:
        """What changes when the pool or the tables change
        (:meth:`ClassWatch.version`)."""
        self.check()
        return ClassWatch(self.store, self.code).version()

    def pool(self) -> ClassPool:
        """The pool of the running (else the latest) experiment."""
        self.check()
        return ClassWatch(self.store, self.code).pool()

    def draws_file(self) -> bytes:
        """Every draw of the class as CSV bytes (as ``xactika-edu class export
        --what draws`` writes them).

        Raises:
            XactikaError: if the class has no draws.
        """
        self.check()
        return draws_csv(self.store.draws(self.code))

    def scores_file(self) -> bytes:
        """The class's finished hands as a score sheet's CSV bytes.

        Raises:
            XactikaError: if the class has no finished hands.
        """
        self.check()
        return scores_csv(self.store.scores(self.code))
