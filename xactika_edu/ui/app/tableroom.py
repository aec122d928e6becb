"""A class's tables in the class server: the teacher opens tables of 2 to 10 seats,
students sit at them by the name they joined with and play each other
(:class:`~xactika_edu.teaching.classdata.classtable.ClassTable`).

One :class:`TableRoom` per class per server process (:func:`class_tables`), shared by
every page of the class; it and each table hold a lock, so pages in their own threads
may sit and play at once. Every table writes its finished hands to the class store
(:func:`~xactika_edu.teaching.classdata.tableseats.store_hands`): a hand is in
``store.scores(code)`` the moment it ends, so a server that is killed loses none.

A new table (as big as the last one the teacher opened) opens by itself when a student
takes the last free seat, up to :data:`MAX_TABLES`; past that a student is told
:data:`ALL_FULL`.

>>> import tempfile
>>> from xactika_edu.teaching.classdata.store import ClassStore
>>> store = ClassStore(tempfile.mkdtemp())
>>> code, _ = store.create_class("Period 3")
>>> room = TableRoom(store, code)
>>> room.open_table(seats=2, seed=12)
1
>>> ana = room.sit("Ana", 1); ben = room.sit("Ben", 1)
>>> [(t.number, t.students, t.free) for t in room.listing().tables]  # table 2 opened
[(1, ('Ana', 'Ben'), 0), (2, (), 2)]
>>> room.sit("Ana", 2).seat == ana.seat  # Ana comes back to her own seat
True
>>> store.close()
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS
from ...teaching.classdata.classkeys import check_name, name_key, normal_code
from ...teaching.classdata.classtable import ClassTable, SeatHandle, store_hands
from ...teaching.classdata.store import ClassStore

__all__ = [
    "ALL_FULL",
    "CLOSED",
    "DEFAULT_SEATS",
    "MAX_TABLES",
    "NONE_OPEN",
    "TableInfo",
    "TableListing",
    "TableRoom",
    "class_tables",
    "table_seed",
]

#: Players at a table unless the teacher chooses another number.
DEFAULT_SEATS = 4
#: The most tables a class has open at once.
MAX_TABLES = 25
#: What a student is told when no table has a free seat and no new one can open.
ALL_FULL = N_("All tables are full: ask your teacher to open more.")
#: What a student sees while no table is open.
NONE_OPEN = N_("No tables are open yet. When your teacher opens them, they appear here.")
#: What a student reads after Close tables while games go on (listed below it).
CLOSED = N_("No new players can sit down now. Games still being played:")
#: How far apart the seeds of two tables' first games are (table 2 deals as seed + 1000).
SEED_STEP = 1000


def table_seed(seed: int | None, number: int) -> int | None:
    """The first game's seed of table ``number`` (from 1) when the teacher's link says
    ``?seed=SEED``: table 1 deals as ``SEED``, table 2 as ``SEED + 1000``, ...; None
    (fresh deals) without a seed.

    >>> table_seed(12, 1), table_seed(12, 3), table_seed(None, 2)
    (12, 2012, None)
    """
    if seed is None:
        return None
    return (seed + SEED_STEP * (number - 1)) % 2**63


@dataclass(frozen=True)
class TableInfo:
    """One table as the lists show it.

    Attributes:
        number: the table's number (from 1); seats: its seats.
        students: the names of the students sitting there now, in seat order.
        free: the seats a newcomer may take now (0 while a game is being played).
        playing: whether a game is being played.
        away: the students who left during the game (a computer holds their seats).
        closed: closed to newcomers by **Close tables** (listed while its game goes on).
    """

    number: int
    seats: int
    students: tuple[str, ...]
    free: int
    playing: bool
    away: tuple[str, ...] = ()
    closed: bool = False

    def holds(self, name: str) -> bool:
        """Whether this table holds a seat for ``name`` (sitting, or away)."""
        return name_key(name) in {name_key(n) for n in (*self.students, *self.away)}

    def words(self) -> str:
        """The table in one sentence.

        >>> TableInfo(2, 4, ("Ana", "Ben"), 2, False).words()
        'Table 2: 2 free seats of 4. Sitting: Ana, Ben.'
        >>> TableInfo(1, 4, ("Ana",), 0, True, away=("Wes",)).words()
        'Table 1: playing a game (4 seats). Sitting: Ana, Wes (away).'
        """
        away = (_("{name} (away)").format(name=name) for name in self.away)
        names = (*self.students, *away)
        who = " " + _("Sitting: {names}.").format(names=", ".join(names)) if names else ""
        if self.closed:
            return (
                _("Table {number}: playing, closed to newcomers.").format(number=self.number) + who
            )
        if self.playing:
            return (
                _("Table {number}: playing a game ({seats} seats).").format(
                    number=self.number, seats=self.seats
                )
                + who
            )
        words = ngettext(
            "Table {number}: {free} free seat of {seats}.",
            "Table {number}: {free} free seats of {seats}.",
            self.free,
        )
        return words.format(number=self.number, free=self.free, seats=self.seats) + who


@dataclass(frozen=True)
class TableListing:
    """The class's tables now: whether they are open, each table, and whether a new
    student can find no seat (:data:`ALL_FULL`)."""

    open: bool
    tables: tuple[TableInfo, ...]

    @property
    def full(self) -> bool:
        """Open, and no table has a free seat."""
        return self.open and not any(table.free for table in self.tables)

    def notice(self, name: str) -> str:
        """What the student ``name`` is told when they can find no seat: ``""`` if a
        table holds a seat for them or one has a free seat; a started table's number
        when that is why (ask for another table); else :data:`ALL_FULL`.

        >>> started = TableInfo(1, 4, ("Ana", "Ben"), 0, True)
        >>> TableListing(True, (started,)).notice("Dan")
        'Table 1 has started: ask your teacher to open another table.'
        >>> TableListing(True, (started,)).notice("Ana")
        ''
        """
        if not self.full or any(table.holds(name) for table in self.tables):
            return ""
        started = [t.number for t in self.tables if t.playing and not t.closed]
        if len(self.tables) < MAX_TABLES and started:
            if len(started) == 1:
                return _(
                    "Table {number} has started: ask your teacher to open another table."
                ).format(number=started[0])
            return _(
                "Tables {numbers} and {last} have started: ask your teacher to open another table."
            ).format(numbers=", ".join(str(n) for n in started[:-1]), last=started[-1])
        return _(ALL_FULL)


def _info(number: int, table: ClassTable, closed: bool = False) -> TableInfo:
    view = table.view(0)
    present = [not computer for computer in view.computer]
    students = tuple(name for name, here in zip(view.names, present, strict=True) if here)
    away = tuple(name for name, gone in zip(view.names, view.away, strict=True) if gone)
    playing = table.running
    free = 0 if playing or closed else table.seats - len(students) - len(away)
    return TableInfo(number, table.seats, students, free, playing, away, closed)


class TableRoom:
    """The tables of one class in this server process.

    Args:
        store: the class store (finished hands are written there).
        code: the class's code.
    """

    def __init__(self, store: ClassStore, code: str) -> None:
        self.store = store
        self.code = normal_code(code)
        self._lock = threading.RLock()
        self._tables: list[ClassTable] = []  # table k is self._tables[k - 1]
        self._closed = 0  # tables 1 to this were closed to newcomers (numbers never reused)
        self._open = False
        self._seats = DEFAULT_SEATS
        self._seed: int | None = None

    # the teacher's (through TeacherDesk, which checks the token) ---------------------

    def open_table(self, seats: int = DEFAULT_SEATS, seed: int | None = None) -> int:
        """Open one more table of ``seats`` seats (and let new tables open by themselves
        at that size); ``seed`` (the teacher link's) seeds the deals. Returns the
        number of tables open.

        Raises:
            XactikaError: for seats not 2 to 10, or when :data:`MAX_TABLES` are open.
        """
        seats = check_whole(seats, _("players per table"), MIN_PLAYERS, MAX_PLAYERS)
        with self._lock:
            if len(self._tables) - self._closed >= MAX_TABLES:
                raise XactikaError(
                    _("{count} tables are open: that is the most.").format(count=MAX_TABLES)
                )
            self._open, self._seats, self._seed = True, seats, seed
            self._add()
            return len(self._tables) - self._closed

    def close_tables(self) -> int:
        """No one may sit down any more; students at a table finish their game (their
        hands are still saved; the lists show it as closed to newcomers while it plays,
        and its students may go back to their seats). The next :meth:`open_table`
        opens new tables, numbered after these. Returns how many tables were open."""
        with self._lock:
            count = len(self._tables) - self._closed if self._open else 0
            self._open, self._closed = False, len(self._tables)
            return count

    # the students' ---------------------------------------------------------------------

    def listing(self) -> TableListing:
        """The tables now, for the pages' lists."""
        with self._lock:
            closed = tuple(
                _info(n, t, closed=True)
                for n, t in enumerate(self._tables[: self._closed], start=1)
                if t.running
            )
            if not self._open:
                return TableListing(False, closed)
            tables = tuple(
                _info(n, t) for n, t in enumerate(self._tables, start=1) if n > self._closed
            )
            return TableListing(True, closed + tables)

    def sit(self, name: str, number: int) -> SeatHandle:
        """Sit the student ``name`` at table ``number``; a student who already has a
        seat at a table (held by a computer player while they were away) gets it back.

        Raises:
            XactikaError: no tables are open, no such table, the table is full or
                playing a game (the table's own message), or :data:`ALL_FULL`.
            StudentNameError: for a name that cannot be a first name.
        """
        key = name_key(check_name(name))
        with self._lock:
            own = [t for t in self._tables if key in _held_names(t)]
            if own:  # back to their seat, also at a table closed to newcomers
                return own[0].sit(name)
            if not self._open:
                raise XactikaError(_(NONE_OPEN))
            if not (self._closed < number <= len(self._tables)):
                raise XactikaError(
                    _("There is no table {number}. Pick a table from the list.").format(
                        number=number
                    )
                )
            handle = self._tables[number - 1].sit(name)
            free = any(
                _info(n, t).free for n, t in enumerate(self._tables, start=1) if n > self._closed
            )
            if not free and len(self._tables) - self._closed < MAX_TABLES:
                self._add()
            return handle

    def _add(self) -> None:
        number = len(self._tables) + 1
        self._tables.append(
            ClassTable(
                self._seats,
                seed=table_seed(self._seed, number),
                on_hand=store_hands(self.store, self.code),
            )
        )


def _held_names(table: ClassTable) -> set[str]:
    """The name keys of the students sitting at ``table`` or whose seats it holds."""
    view = table.view(0)
    return {
        name_key(name)
        for name, computer, away in zip(view.names, view.computer, view.away, strict=True)
        if not computer or away
    }


_rooms: dict[tuple[int, str], TableRoom] = {}
_rooms_lock = threading.Lock()


def class_tables(store: ClassStore, code: str) -> TableRoom:
    """The one :class:`TableRoom` of the class ``code`` (in ``store``) in this process."""
    key = (id(store), normal_code(code))
    with _rooms_lock:
        room = _rooms.get(key)
        if room is None or room.store is not store:
            room = _rooms[key] = TableRoom(store, code)
        return room
