"""The class store's games: each finished hand's bids and tricks, for every seat, in one
transaction; read back as the score sheet
:func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` returns, so Lesson 7
analyses the class's real games.

A table asks for a game number (:meth:`HandRecords.new_game`: each table's game has
its own, so tables playing at once never mix), then records each hand when it ends:

>>> import tempfile
>>> from xactika_edu.teaching.classdata.store import ClassStore
>>> store = ClassStore(tempfile.mkdtemp())
>>> code, token = store.create_class("Period 3")
>>> game = store.new_game(code)
>>> store.record_hand(code, game, 1, ["Ana", "Ben", "Cy"], bids=[2, 3, 2],
...                   tricks=[2, 4, 2], dealer=0)
>>> store.scores(code)[["game", "hand", "player", "dealer", "bid", "tricks", "score"]]
   game  hand player  dealer  bid  tricks  score
0     1     1    Ben   False    3       4     -1
1     1     1     Cy   False    2       2      2
2     1     1    Ana    True    2       2      2
>>> store.close()

A hand is checked before it is written, with the rules engine's own functions
(:func:`xactika_edu.core.game.score` for each seat's bid and tricks,
:func:`xactika_edu.core.rules.forbidden_bid` for the dealer's rule) and the score
sheet's rules (2 to 10 different players, the same players in every hand of a game,
tricks adding up to 8, hands 1 to 8), so everything stored loads as a score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from ...base.checks import check_whole, shown
from ...base.errors import ClassError, IllegalBidError, XactikaError
from ...base.language import N_
from ...base.language import gettext as _
from ...core.cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS
from ...core.game import HANDS_PER_GAME, score
from ...core.rules import forbidden_bid
from .classkeys import check_name, name_key
from .scoresheet import with_scores
from .storedb import StoreBase, now

__all__ = ["HandRecords", "check_hand"]

#: A list of bids or tricks that is not one per player (``count``: players).
_GIVE_BIDS = N_("give {count} bids, one per player, got {values}")
_GIVE_TRICKS = N_("give {count} tricks, one per player, got {values}")


def check_hand(
    players: Sequence[str], bids: Sequence[int], tricks: Sequence[int], dealer: int
) -> list[tuple[str, bool, int, int]]:
    """One finished hand checked against the rules; its rows in bidding order.

    >>> check_hand(["Ana", "Ben"], [1, 6], [2, 6], dealer=1)
    [('Ana', False, 1, 2), ('Ben', True, 6, 6)]
    >>> check_hand(["Ana", "Ben"], [1, 7], [2, 6], dealer=1)
    Traceback (most recent call last):
    ...
    xactika_edu.IllegalBidError: the dealer (Ben) may not bid 7: the bids would total 8, ...

    Args:
        players: each seat's name, in seat order (2 to 10 different names).
        bids: each seat's bid, 0 to 8, in seat order.
        tricks: each seat's tricks taken, 0 to 8, adding up to 8.
        dealer: the dealer's seat (0 to players - 1).

    Returns:
        ``(player, dealer, bid, tricks)`` for each seat, the seat left of the dealer
        first and the dealer last (the score sheet's order).

    Raises:
        XactikaError: naming the bad value (a bid or tricks out of range, lists of
            different lengths, tricks not adding up to 8); IllegalBidError for a
            dealer's bid the dealer rule forbids; StudentNameError for a bad name.
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise XactikaError(
            _("players must be a list of names, got {value}").format(value=shown(players))
        )
    names = [check_name(player) for player in players]
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise XactikaError(
            _("a hand has {low} to {high} players, got {count}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=count
            )
        )
    if len({name_key(name) for name in names}) != count:
        raise XactikaError(
            _("each player of a hand needs a different name, got {names}").format(
                names=shown(names)
            )
        )
    for wanted, values in ((_GIVE_BIDS, bids), (_GIVE_TRICKS, tricks)):
        if not isinstance(values, Sequence) or len(values) != count:
            raise XactikaError(_(wanted).format(count=count, values=shown(values)))
    for bid, took in zip(bids, tricks, strict=True):
        score(bid, took)  # the rules engine's score checks each bid and tricks (0 to 8)
    if sum(tricks) != CARDS_PER_HAND:
        raise XactikaError(
            _("the tricks add up to {total}, but a hand has {cards} tricks").format(
                total=sum(tricks), cards=CARDS_PER_HAND
            )
        )
    seat = check_whole(dealer, "dealer", 0, count - 1)
    others = sum(bids) - bids[seat]
    if bids[seat] == forbidden_bid(others, CARDS_PER_HAND):
        raise IllegalBidError(
            _(
                "the dealer ({name}) may not bid {bid}: the bids would total {cards}, the number "
                "of tricks"
            ).format(name=names[seat], bid=bids[seat], cards=CARDS_PER_HAND)
        )
    order = [(seat + 1 + k) % count for k in range(count)]
    return [(names[k], k == seat, int(bids[k]), int(tricks[k])) for k in order]


class HandRecords(StoreBase):
    """Games and hands: a part of :class:`~xactika_edu.teaching.classdata.store.ClassStore`."""

    def new_game(self, code: str) -> int:
        """A new game number for a table of the class (1, 2, ...: one more than the last).

        Raises:
            ClassCodeError: for a code that is no class.
        """
        with self.db.write() as db:
            room = self.class_row(db, code)
            last = db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM games WHERE class_id = ?", (room.id,)
            ).fetchone()[0]
            db.execute(
                "INSERT INTO games (class_id, number, started) VALUES (?, ?, ?)",
                (room.id, last + 1, now()),
            )
        return int(last) + 1

    def record_hand(
        self,
        code: str,
        game: int,
        hand: int,
        players: Sequence[str],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
    ) -> None:
        """Write one finished hand, every seat, in one transaction (all or nothing).

        For a finished :class:`~xactika_edu.core.game.Round` ``rnd`` with seat names
        ``names``: ``record_hand(code, game, n, names, rnd.bids, rnd.tricks_won,
        rnd.dealer)``. Computer players are named like students (``"Computer 2"``).

        Args:
            code: the class code.
            game: a game number from :meth:`new_game`.
            hand: the hand's number in the game, 1 to 8.
            players, bids, tricks, dealer: as :func:`check_hand` takes them.

        Raises:
            ClassCodeError: for a code that is no class.
            ClassError: if the game is not this class's, the hand is already recorded,
                or the players differ from the game's other hands.
            XactikaError, IllegalBidError: as :func:`check_hand`.
        """
        rows = check_hand(players, bids, tricks, dealer)
        number = check_whole(hand, "hand", 1, HANDS_PER_GAME)
        with self.db.write() as db:
            room = self.class_row(db, code)
            found = None
            if not isinstance(game, bool) and isinstance(game, int):
                found = db.execute(
                    "SELECT id FROM games WHERE class_id = ? AND number = ?", (room.id, game)
                ).fetchone()
            if found is None:
                raise ClassError(
                    _("{name} has no game {game}: start one with new_game").format(
                        name=room.name, game=shown(game)
                    )
                )
            game_id = int(found[0])
            if db.execute(
                "SELECT 1 FROM hands WHERE game_id = ? AND number = ?", (game_id, number)
            ).fetchone():
                raise ClassError(
                    _("game {game}, hand {hand} of {name} is already recorded").format(
                        game=game, hand=number, name=room.name
                    )
                )
            earlier = db.execute(
                "SELECT hands.number, seats.player FROM seats JOIN hands ON seats.hand_id = "
                "hands.id WHERE hands.game_id = ? ORDER BY hands.number LIMIT ?",
                (game_id, MAX_PLAYERS + 1),
            ).fetchall()
            if earlier:
                first = earlier[0][0]
                before = {
                    name_key(player) for hand_number, player in earlier if hand_number == first
                }
                if before != {name_key(row[0]) for row in rows}:
                    raise ClassError(
                        _(
                            "game {game} of {name}: hand {hand} has other players than hand "
                            "{first}; a new table starts a new game"
                        ).format(game=game, name=room.name, hand=number, first=first)
                    )
            cursor = db.execute(
                "INSERT INTO hands (game_id, number, recorded) VALUES (?, ?, ?)",
                (game_id, number, now()),
            )
            hand_id = int(cursor.lastrowid or 0)
            for position, (player, is_dealer, bid, took) in enumerate(rows):
                db.execute(
                    "INSERT INTO seats (hand_id, position, player, dealer, bid, tricks) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (hand_id, position, player, int(is_dealer), bid, took),
                )

    def scores(self, code: str) -> pd.DataFrame:
        """The class's finished hands as the score sheet
        :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` returns.

        Returns:
            a DataFrame with one row per player per hand (games and hands in order,
            each hand in bidding order, the dealer last) and the columns, dtypes and
            ``attrs`` of :func:`load_scores`: ``game``, ``hand``, ``player``,
            ``dealer``, ``bid``, ``tricks``, ``score``, ``made``, ``difference``,
            ``total``; ``attrs["source"]`` is the class's name, ``cards_per_hand`` 8
            and ``simulated`` False. No rows if no hand is finished yet.

        Raises:
            ClassCodeError: for a code that is no class.
        """
        with self.db.read() as db:
            room = self.class_row(db, code)
            rows = db.execute(
                "SELECT games.number, hands.number, seats.player, seats.dealer, seats.bid, "
                "seats.tricks FROM seats JOIN hands ON seats.hand_id = hands.id "
                "JOIN games ON hands.game_id = games.id WHERE games.class_id = ? "
                "ORDER BY games.number, hands.number, seats.position",
                (room.id,),
            ).fetchall()
        columns = ["game", "hand", "player", "dealer", "bid", "tricks"]
        table = pd.DataFrame(rows, columns=columns)
        table["dealer"] = table["dealer"].astype(bool)
        return with_scores(table, CARDS_PER_HAND, source=room.name, simulated=False)
