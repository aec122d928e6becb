"""A class table: 2 to 10 students of one class play Xactika with each other.

One :class:`ClassTable` lives in the class server and is shared by the sessions of the
students sitting at it (each in its own thread: every method takes the table's lock).
It plays the game with the one rules engine, :class:`~xactika_edu.core.game.Game`, so the
dealer rule and legal plays are the engine's; the table only says who sits where.

* A student sits down by first name (:meth:`ClassTable.sit`) and gets a
  :class:`SeatHandle`: their moves (:meth:`SeatHandle.bid`, :meth:`SeatHandle.play`),
  their :class:`SeatView` (own hand only) and their listener.
* :meth:`ClassTable.start` deals the first hand; computer players take the empty seats.
* A student who leaves mid-game (:meth:`SeatHandle.leave`: the page closed or the
  connection dropped) keeps the seat: a computer player holds it until they sit down
  again with the same name.
* Computer players move as soon as it is their turn (right after a student's move),
  but only while a student is present: a table where every student has left pauses
  (the hand waits for them; stopping the app plays nothing out).
* Every finished hand in which each student's seat was played by its student goes to
  ``on_hand`` as a :class:`HandRecord` (a hand a computer played any part of for a
  student is kept in :attr:`ClassTable.records` only, never in the scores), in the form
  :meth:`ClassStore.record_hand <xactika_edu.teaching.classdata.store.ClassStore.record_hand>`
  takes (:func:`store_hands` makes that callback), so the class's hands join the score
  data :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` reads.

>>> table = ClassTable(seats=3, seed=4, hands=1)
>>> ana = table.sit("Ana")
>>> table.start()
>>> view = ana.view()
>>> view.names, view.computer
(('Ana', 'Computer 2', 'Computer 3'), (False, True, True))
>>> view.your_turn, view.phase, view.player.bids    # the computers have bid; Ana deals
(True, 'bid', (None, 4, 3))
>>> view.legal_bids()                              # the dealer may not make the total 8
[0, 2, 3, 4, 5, 6, 7, 8]
>>> ana.leave()                     # no student is present: the table pauses
>>> table.records, table.view(0).phase
([], 'bid')

Source: issue 13, item 4 ("Students play each other"); RULES.md for the game.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from ...base.checks import check_whole
from ...base.errors import IllegalBidError, IllegalPlayError, XactikaError
from ...base.language import N_
from ...base.language import gettext as _
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS, Card, Combination
from ...core.game import HANDS_PER_GAME, Game, Play, Round
from ...engines.bots import HeuristicBot, SupportsBot
from ...engines.simulate import play_round
from ..views.scoreboard import hand_scores, score_table
from ..views.tableview import named
from .classkeys import check_name, name_key
from .tableseats import HandRecord, Listener, SeatView, computer_name, store_hands

__all__ = [
    "ClassTable",
    "HandRecord",
    "SeatHandle",
    "SeatKeeper",
    "SeatView",
    "computer_name",
    "store_hands",
]

_log = logging.getLogger("xactika_edu.teaching.classdata.classtable")


@dataclass
class _Seat:
    name: str | None = None  # the student sitting here, or whose seat is held
    present: bool = False
    session: int = 0  # one more at every sit: an older handle is stale


@dataclass(frozen=True)
class SeatHandle:
    """One student's place at a :class:`ClassTable`, for one session (one page).

    Sitting down again with the same name (a new page after a lost connection) makes
    a new handle; the old one can then no longer move, and its :meth:`leave` does
    nothing.

    Attributes:
        table: the table; seat: the seat (0 to seats - 1); name: the student's name.
        session: which sitting this is (the table's count for the seat).
    """

    table: ClassTable
    seat: int
    name: str
    session: int

    def bid(self, bid: int) -> None:
        """Bid ``bid`` tricks (:meth:`Round.bid <xactika_edu.core.game.Round.bid>`).

        Raises:
            IllegalBidError: not this seat's turn, or a bid the rules forbid (names,
                not seat numbers, in the message).
            XactikaError: if the handle is stale or no game is running.
        """
        self.table.move(self, bid=bid)

    def play(self, card: Play | Card | str, call: Combination | str | None = None) -> None:
        """Play ``card`` (calling ``call`` when leading), as
        :meth:`Round.play <xactika_edu.core.game.Round.play>` takes them.

        Raises:
            IllegalPlayError: not this seat's turn, or a play the rules forbid.
            NotationError: if the card or call cannot be read.
            XactikaError: if the handle is stale or no game is running.
        """
        self.table.move(self, play=(card, call))

    def view(self) -> SeatView:
        """What this seat may know now (:class:`SeatView`)."""
        return self.table.view(self.seat)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(view)`` with this seat's new :class:`SeatView` after every
        change at the table; returns a function that stops it. Dropped when this handle
        leaves or a new handle sits in the seat."""
        return self.table.subscribe(self, listener)

    def leave(self) -> None:
        """Leave the table (:meth:`ClassTable.leave`)."""
        self.table.leave(self)

    def start(self) -> None:
        """Start a game (:meth:`ClassTable.start`)."""
        self.table.start()

    def next_hand(self, after: int | None = None) -> None:
        """Deal the next hand (:meth:`ClassTable.next_hand`)."""
        self.table.next_hand(after)

    @property
    def is_seated(self) -> bool:
        """Whether this handle still sits at the table (not left, not replaced)."""
        return self.table.holds(self)


class SeatKeeper:
    """Who sits where at a table, and who listens: the seats' part of :class:`ClassTable`.

    Args:
        seats: the number of seats, 2 to 10.
    """

    def __init__(self, seats: int) -> None:
        self._size = check_whole(seats, "seats", MIN_PLAYERS, MAX_PLAYERS)
        self._lock = threading.RLock()
        self._seats = [_Seat() for _ in range(self._size)]
        self._listeners: dict[tuple[int, int], list[Listener]] = {}
        self._version = 0

    @property
    def seats(self) -> int:
        """The number of seats (players)."""
        return self._size

    def holds(self, handle: SeatHandle) -> bool:
        """Whether ``handle`` still sits at this table (see :attr:`SeatHandle.is_seated`)."""
        with self._lock:
            seat = self._seats[handle.seat]
            return handle.table is self and seat.present and seat.session == handle.session

    def subscribe(self, handle: SeatHandle, listener: Listener) -> Callable[[], None]:
        """Call ``listener(view)`` after each change, while ``handle`` sits here
        (:meth:`SeatHandle.subscribe`); returns the function that stops it.

        Raises:
            XactikaError: if ``handle`` no longer sits at this table.
        """
        with self._lock:
            if not self.holds(handle):
                raise XactikaError(
                    _("{name} is not at this table: sit down first.").format(name=handle.name)
                )
            key = (handle.seat, handle.session)
            self._listeners.setdefault(key, []).append(listener)

        def stop() -> None:
            with self._lock:
                listeners = self._listeners.get(key, [])
                if listener in listeners:
                    listeners.remove(listener)

        return stop

    def _view(self, seat: int) -> SeatView:
        raise NotImplementedError  # the table's own: what a seat may know

    def _seat_names(self) -> tuple[str, ...]:
        taken = {name_key(p.name) for p in self._seats if p.name is not None}
        return tuple(
            p.name if p.name is not None else computer_name(s, taken)
            for s, p in enumerate(self._seats)
        )

    def _drop_listeners(self, seat: int, session: int) -> None:
        self._listeners.pop((seat, session), None)

    def _changed(self) -> list[tuple[Listener, SeatView]]:
        """One more version; each listener with its seat's new view (to call unlocked)."""
        self._version += 1
        calls = []
        for (seat, session), listeners in self._listeners.items():
            if listeners and self._seats[seat].session == session:
                view = self._view(seat)
                calls += [(listener, view) for listener in listeners]
        return calls

    @staticmethod
    def _tell(calls: list[tuple[Listener, SeatView]]) -> None:
        for listener, view in calls:
            try:
                listener(view)
            except Exception:  # one broken page must not stop the others
                _log.exception("a class table listener failed for seat %s", view.seat)


# What a student is told at a table (translated where it is shown).
_PLAYING = N_("This table is playing a game. Wait for the next game, or pick another table.")
_FULL = N_("This table is full: all {count} seats are taken.")
_TAKEN = N_("Seat {seat} is taken by {name}. Pick another seat.")
_LEFT = N_("{name} is not at this table: sit down again to play.")


class ClassTable(SeatKeeper):
    """A table for 2 to 10 students of a class; computer players fill the other seats.

    Thread-safe: one lock guards every change; listeners are called after it is let go.

    Args:
        seats: the number of players, 2 to 10.
        seed: the first game's seed (game ``k`` uses ``seed + k - 1``); ``None``: a fresh one.
        hands: hands in a game, 1 to 8 (8 by the rules).
        on_hand: called under the lock with each finished hand every student played
            (:class:`HandRecord`; :func:`store_hands` stores it). An error in it is
            logged and the record kept in :attr:`unsaved`; the game goes on.
        computer: makes one computer player (default ``HeuristicBot``).

    Raises:
        XactikaError: if a number is out of range.
    """

    def __init__(
        self,
        seats: int = 4,
        *,
        seed: int | None = None,
        hands: int = HANDS_PER_GAME,
        on_hand: Callable[[HandRecord], None] | None = None,
        computer: Callable[[], SupportsBot] = HeuristicBot,
    ) -> None:
        super().__init__(seats)
        self._hands = check_whole(hands, "hands", 1, HANDS_PER_GAME)
        self._seed = None if seed is None else check_whole(seed, "seed", 0, 2**63 - 1)
        self._on_hand = on_hand
        self._bots = [computer() for _ in range(self._size)]
        self._game: Game | None = None
        self._games = 0
        self._names: tuple[str, ...] = ()
        self._moved_by_computer: set[int] = set()
        self._recorded = 0  # hands of this game given to on_hand
        self._tables: tuple[tuple[int, ...], pd.DataFrame | None, pd.DataFrame | None] | None = None
        #: every finished hand, also those not given to on_hand; unsaved: those it failed to take
        self.records: list[HandRecord] = []
        self.unsaved: list[HandRecord] = []
        #: (game, hand) of the hands not saved because a computer played for a student.
        self._not_kept: set[tuple[int, int]] = set()

    @property
    def running(self) -> bool:
        """Whether a game is being played (started and not over)."""
        with self._lock:
            return self._game is not None and not self._game.is_over

    @property
    def round(self) -> Round | None:
        """The hand being played; ``None`` before the start. Server side only: it holds
        every hand, so a page gets only :meth:`view`."""
        return None if self._game is None else self._game.current_round

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now. Server side: give a page only its own seat's view.

        Raises:
            XactikaError: if ``seat`` is not 0 to seats - 1.
        """
        seat = check_whole(seat, "seat", 0, self._size - 1)
        with self._lock:
            return self._view(seat)

    # --- seats ------------------------------------------------------------------------

    def sit(self, name: str, seat: int | None = None) -> SeatHandle:
        """Sit ``name`` down: in their own seat if they sat here in this game (a held
        seat comes back), else in ``seat`` or the first free seat.

        Raises:
            StudentNameError: for a name that cannot be a first name.
            XactikaError: the seat is taken, the table is full, or a game is being
                played (new players wait for the next game).
        """
        name = check_name(name)
        key = name_key(name)
        with self._lock:
            mine = [s for s, p in enumerate(self._seats) if p.name and name_key(p.name) == key]
            if mine:
                chosen = mine[0]
            elif self.running:
                raise XactikaError(_(_PLAYING))
            elif seat is None:
                free = [s for s, place in enumerate(self._seats) if place.name is None]
                if not free:
                    raise XactikaError(_(_FULL).format(count=self._size))
                chosen = free[0]
            else:
                chosen = check_whole(seat, "seat", 0, self._size - 1)
                taken = self._seats[chosen].name
                if taken is not None:
                    raise XactikaError(_(_TAKEN).format(seat=chosen + 1, name=taken))
            place = self._seats[chosen]
            self._drop_listeners(chosen, place.session)
            place.name, place.present, place.session = place.name or name, True, place.session + 1
            handle = SeatHandle(self, chosen, place.name, place.session)
            if self.running:  # a paused table plays on up to a student's turn
                self._play_computers()
            calls = self._changed()
        self._tell(calls)
        return handle

    def leave(self, handle: SeatHandle) -> None:
        """``handle``'s student leaves. During a game a computer player holds the seat
        (and moves at once if it is the seat's turn) until they sit down again; else
        the seat is free. A stale handle (one that left or was replaced) does nothing."""
        with self._lock:
            if not self.holds(handle):
                return
            place = self._seats[handle.seat]
            self._drop_listeners(handle.seat, handle.session)
            place.present = False
            if self.running:
                self._play_computers()
            else:
                place.name = None
            calls = self._changed()
        self._tell(calls)

    # --- the game ---------------------------------------------------------------------

    def start(self) -> None:
        """Start a game: deal its first hand; computer players take the empty seats
        (and those held for students who left), and move if it is their turn.

        Raises:
            XactikaError: if a game is being played or no student sits at the table.
        """
        with self._lock:
            if self.running:
                raise XactikaError(_("A game is already being played at this table."))
            for place in self._seats:
                if not place.present:
                    place.name = None
            if not any(place.present for place in self._seats):
                raise XactikaError(_("No one sits at this table yet: sit down first."))
            self._games += 1
            seed = None if self._seed is None else self._seed + self._games - 1
            self._game = Game.new(self._size, seed=seed, hands=self._hands)
            if self._seed is None:
                self._seed = self._game.seed
            self._names = self._seat_names()
            self._recorded = 0
            self._tables = None
            self._moved_by_computer = set()
            self._play_computers()
            calls = self._changed()
        self._tell(calls)

    def next_hand(self, after: int | None = None) -> None:
        """Deal the next hand once the current one is over.

        Args:
            after: the hand number the caller saw end; if the table has already moved
                past it (another student pressed first), nothing happens.

        Raises:
            XactikaError: no game is running, or the hand is not over yet.
        """
        with self._lock:
            game = self._game
            if game is None or game.is_over:
                raise XactikaError(_("No game is being played: press Start for a new game."))
            if after is not None and len(game.rounds) > after:
                return
            if not game.current_round.is_over:
                raise XactikaError(_("This hand is not over yet."))
            game.next_round()
            self._moved_by_computer = set()
            self._play_computers()
            calls = self._changed()
        self._tell(calls)

    def move(
        self,
        handle: SeatHandle,
        *,
        bid: int | None = None,
        play: tuple[Play | Card | str, Combination | str | None] | None = None,
    ) -> None:
        """Make ``handle``'s bid or play with the rules engine, then the computer
        players' turns up to the next student's (:meth:`SeatHandle.bid`,
        :meth:`SeatHandle.play`). The engine's error names the seats by name."""
        with self._lock:
            if not self.holds(handle):
                raise XactikaError(_(_LEFT).format(name=handle.name))
            if self._game is None:
                raise XactikaError(_("The game has not started yet: press Start."))
            rnd = self._game.current_round
            try:
                if play is not None:
                    rnd.play(*play, player=handle.seat)
                elif bid is not None:
                    rnd.bid(bid, player=handle.seat)
                else:
                    raise XactikaError(_("A move is a bid or a play: give one."))
            except (IllegalBidError, IllegalPlayError) as error:
                raise type(error)(named(str(error), self._names)) from None
            self._play_computers()
            calls = self._changed()
        self._tell(calls)

    # --- inside the lock --------------------------------------------------------------

    def _play_computers(self) -> None:
        """The computers' moves until a student is to move or the hand is over (then it
        is recorded); none with no student here (:func:`play_round`)."""
        assert self._game is not None  # called only while a game is dealt
        rnd = self._game.current_round
        students = {seat for seat in range(self._size) if self._seats[seat].present}
        if not students:
            return
        before = _moves(rnd)
        play_round(rnd, self._bots, until=students)
        self._moved_by_computer.update(s for s, m in enumerate(_moves(rnd)) if m != before[s])
        if rnd.is_over and self._recorded < len(self._game.rounds):
            self._record(self._game)

    def _record(self, game: Game) -> None:
        rnd = game.current_round
        self._recorded = len(game.rounds)
        record = HandRecord(
            game=self._games,
            hand=len(game.rounds),
            players=self._names,
            bids=tuple(int(b) for b in rnd.bids if b is not None),
            tricks=rnd.tricks_won,
            dealer=rnd.dealer,
            computer=tuple(s in self._moved_by_computer for s in range(self._size)),
            seed=game.seed,
        )
        self.records.append(record)
        students = [s for s, place in enumerate(self._seats) if place.name is not None]
        if self._on_hand is not None and any(record.computer[s] for s in students):
            self._not_kept.add((record.game, record.hand))
        elif self._on_hand is not None:
            try:
                self._on_hand(record)
            except Exception:  # the game goes on; the hand is kept in unsaved
                _log.exception("a finished hand could not be saved: %s", record)
                self.unsaved.append(record)
        if game.is_over:  # seats held for students who left are free again
            for place in self._seats:
                if not place.present:
                    place.name = None

    def _view(self, seat: int) -> SeatView:
        game = self._game
        places = self._seats
        away = tuple(p.name is not None and not p.present for p in places)
        computer = tuple(not p.present for p in places)
        if game is None:
            names = self._seat_names()
            before = (False, 0, 0, self._hands, self._seed, None)  # no game, no hand, no view
            return SeatView(seat, names[seat], names, computer, away, self._version, *before)
        rnd = game.current_round
        finished = sum(r.is_over for r in game.rounds)
        key = (self._games, len(game.rounds), finished)
        if self._tables is None or self._tables[0] != key:  # made once, copied per view
            sheet = score_table(game, self._names) if finished else None
            self._tables = (key, hand_scores(rnd, self._names) if rnd.is_over else None, sheet)
        _, scores, sheet = self._tables
        over = game.is_over
        return SeatView(
            seat=seat,
            name=places[seat].name or self._names[seat],  # after a game, a newcomer's own
            names=self._names,
            computer=computer,
            away=away,
            version=self._version,
            started=True,
            game=self._games,
            hand_number=len(game.rounds),
            hands=self._hands,
            seed=game.seed,
            player=rnd.view(seat),
            hand_scores=None if scores is None else scores.copy(),
            score_sheet=None if sheet is None else sheet.copy(),
            totals=game.totals(),
            game_over=over,
            winners=game.winners() if over else (),
            not_saved=tuple(h for g, h in sorted(self._not_kept) if g == self._games),
        )

    def __repr__(self) -> str:
        return f"ClassTable(seats={self._size}, seed={self._seed}, hands={self._hands})"


def _moves(rnd: Round) -> list[tuple[int | None, int]]:
    """Each seat's bid and the cards left in its hand: a seat that moved changed one."""
    return [(bid, len(hand)) for bid, hand in zip(rnd.bids, rnd.hands, strict=True)]
