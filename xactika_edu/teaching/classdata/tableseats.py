"""What a :class:`~xactika_edu.teaching.classdata.classtable.ClassTable` gives out: a
seat's view (:class:`SeatView`: its own hand, never another's), a finished hand's
record (:class:`HandRecord`, as the class store takes it), the computer players' names,
and :func:`store_hands`, the callback that writes a table's hands to the class store.

Teaching layer: values and one callback, no lock and no widgets.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pandas as pd

from ...base.errors import XactikaError
from ...base.language import N_
from ...base.language import gettext as _
from ...core.game import Play, PlayerView
from .classkeys import name_key

if TYPE_CHECKING:
    from .store import ClassStore

__all__ = [
    "COMPUTER_NAMES",
    "HandRecord",
    "Listener",
    "SeatView",
    "computer_name",
    "shown_computer_name",
    "store_hands",
]


#: A computer player's name, the first one no student at the table has. It is stored
#: as it is here, in English (the class's records); a page shows it in its language
#: (:func:`shown_computer_name`).
COMPUTER_NAMES = (N_("Computer {number}"), N_("Computer player {number}"), N_("Robot {number}"))


def shown_computer_name(name: str, seat: int) -> str:
    """A computer player's :func:`computer_name` in the current language (Spanish
    ``"Computadora 3"``); any other name as it is.

    >>> shown_computer_name("Computer 3", 2), shown_computer_name("Ana", 2)
    ('Computer 3', 'Ana')
    """
    for pattern in COMPUTER_NAMES:
        if name == pattern.format(number=seat + 1):
            return _(pattern).format(number=seat + 1)
    return name


def computer_name(seat: int, taken: Collection[str] = ()) -> str:
    """The name of the computer player in ``seat`` (from 0): ``"Computer 3"`` for seat 2,
    or ``"Computer player 3"`` if a student at the table is already called so.

    >>> computer_name(2), computer_name(2, {name_key("computer 3")})
    ('Computer 3', 'Computer player 3')

    Args:
        seat: the seat, 0 to 9.
        taken: the :func:`~xactika_edu.teaching.classdata.classkeys.name_key` of every
            student's name at the table.
    """
    for pattern in COMPUTER_NAMES:
        name = pattern.format(number=seat + 1)
        if name_key(name) not in taken:
            return name
    raise XactikaError(
        _("no free name for the computer player in seat {seat}").format(seat=seat + 1)
    )


@dataclass(frozen=True)
class HandRecord:
    """One finished hand of a table, as :meth:`ClassStore.record_hand` takes it.

    Attributes:
        game: the table's game number (1, 2, ...: a new one at each :meth:`ClassTable.start`).
        hand: the hand's number in the game, 1 to 8.
        players: each seat's name (the student's, also while a computer held the seat;
            ``"Computer 3"`` for a computer player's seat).
        bids, tricks: each seat's bid and tricks taken (tricks add up to 8).
        dealer: the dealer's seat.
        computer: per seat, whether a computer player made any of its moves this hand.
        seed: the game's seed (the same seed deals the same hands).
    """

    game: int
    hand: int
    players: tuple[str, ...]
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    dealer: int
    computer: tuple[bool, ...]
    seed: int


@dataclass(frozen=True)
class SeatView:
    """What one seat may know now: its own hand, never another seat's.

    Made by :meth:`SeatHandle.view` (and given to listeners). Everything but
    :attr:`player`'s hand is public at the table: names, bids, cards played, tricks,
    scores.

    Attributes:
        seat: the seat viewing (0 to seats - 1); name: the name of who sits there
            (a computer player's before the start; after a game, a newcomer's own).
        names: each seat's name (a computer player's is ``"Computer 3"``).
        computer: per seat, whether a computer player moves for it now (empty seats
            before the start, and the seats of students who left).
        away: per seat, whether it is held for a student who left.
        version: counts the table's changes; a newer view has a larger number.
        started: whether a game has been dealt; game: the game's number (0 before);
            hand_number: the hand being played (1 to ``hands``); seed: the game's seed.
        player: the engine's :class:`~xactika_edu.core.game.PlayerView` of this seat
            (own hand, bids, tricks, the trick so far, whose turn); ``None`` before the start.
        hand_scores: the hand's points once it is over
            (:func:`~xactika_edu.teaching.views.scoreboard.hand_scores`), else ``None``.
        score_sheet: the game's score sheet once a hand is over
            (:func:`~xactika_edu.teaching.views.scoreboard.score_table`), else ``None``.
        totals: each seat's points so far this game.
        game_over: whether the game's last hand is over; winners: then the seats that won.
        not_saved: the hands of this game left out of the class's scores because a
            computer player played for a student who left (the score sheet still
            counts them).
    """

    seat: int
    name: str
    names: tuple[str, ...]
    computer: tuple[bool, ...]
    away: tuple[bool, ...]
    version: int
    started: bool
    game: int
    hand_number: int
    hands: int
    seed: int | None
    player: PlayerView | None
    hand_scores: pd.DataFrame | None = field(default=None, compare=False, repr=False)
    score_sheet: pd.DataFrame | None = field(default=None, compare=False, repr=False)
    totals: tuple[int, ...] = ()
    game_over: bool = False
    winners: tuple[int, ...] = ()
    not_saved: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        """Seats at the table (the number of players)."""
        return len(self.names)

    @property
    def phase(self) -> str:
        """``"wait"`` before the start, then the hand's phase: ``"bid"``, ``"play"``, ``"over"``."""
        return "wait" if self.player is None else self.player.phase

    @property
    def your_turn(self) -> bool:
        """Whether this seat is to bid or play now."""
        return self.player is not None and self.player.is_my_turn

    @property
    def hand_over(self) -> bool:
        """Whether the hand being shown is over (the next one is not dealt yet)."""
        return self.phase == "over"

    def legal_bids(self) -> list[int]:
        """The bids this seat may make now (the dealer rule left out); empty if not its turn."""
        return [] if self.player is None else self.player.legal_bids()

    def legal_plays(self) -> list[Play]:
        """The plays this seat may make now; empty if not its turn."""
        return [] if self.player is None else self.player.legal_plays()


#: What a listener receives: the seat's new view.
Listener = Callable[[SeatView], None]


def store_hands(store: ClassStore, code: str) -> Callable[[HandRecord], None]:
    """An ``on_hand`` callback that writes a table's finished hands to ``store`` (the
    table gives it only hands its students played themselves): a
    new store game (:meth:`ClassStore.new_game`) for each game of the table, then
    :meth:`ClassStore.record_hand` for each hand, so ``store.scores(code)`` reads them.

    >>> import tempfile
    >>> from xactika_edu.teaching.classdata.classtable import ClassTable
    >>> from xactika_edu.teaching.classdata.store import ClassStore
    >>> store = ClassStore(tempfile.mkdtemp())
    >>> code, _ = store.create_class("Period 3")
    >>> table = ClassTable(seats=2, seed=1, hands=1, on_hand=store_hands(store, code))
    >>> ben = table.sit("Ben"); table.start()
    >>> while not ben.view().hand_over:        # Ben plays his first legal move each turn
    ...     view = ben.view()
    ...     if view.phase == "bid":
    ...         ben.bid(view.legal_bids()[0])
    ...     else:
    ...         ben.play(view.legal_plays()[0].card, view.legal_plays()[0].call)
    >>> sorted(store.scores(code)["player"])
    ['Ben', 'Computer 2']
    >>> store.close()

    Raises:
        ClassCodeError: for a code that is no class (checked at once).
    """
    store.class_name(code)  # a wrong code fails here, not at the end of the first hand
    games: dict[int, int] = {}
    lock = threading.Lock()

    def record(hand: HandRecord) -> None:
        with lock:
            if hand.game not in games:
                games[hand.game] = store.new_game(code)
            store.record_hand(
                code, games[hand.game], hand.hand, hand.players, hand.bids, hand.tricks,
                hand.dealer,
            )  # fmt: skip

    return record
