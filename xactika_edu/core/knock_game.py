"""A whole ZXT knock game: :class:`KnockGame`, rounds until at most one player is left at
100 or below.

Source: seed 004, "ZXT Games" ("Setup": the first and next deal; "Winning the Game":
elimination, victory, skunking). Choices where the seed is silent are in
docs/other-games.md, "ZXT knock game". Core layer.

>>> game = KnockGame.new(players=3, seed=2)
>>> game.current_player, game.round_number, game.totals(), game.winners()
(2, 1, (0, 0, 0), ())
>>> game.apply("draw stock"); game.apply(game.legal_actions()[0])
>>> KnockGame.from_record(game.to_record()) == game
True

The first dealer is cut for
(:func:`~xactika_edu.core.playing_cards.first_dealer_by_cut`, aces low: an ace is
worth 1 point in this game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..base.checks import check_record, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import Seed, make_rng
from .knock import (
    ELIMINATED_OVER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SKUNK_BELOW,
    KnockAction,
    KnockView,
)
from .knock_round import KnockRound
from .playing_cards import first_dealer_by_cut
from .plays import seat_namer
from .round_text import require_keys

__all__ = ["KnockGame", "first_dealer_by_cut"]


class KnockGame:
    """A ZXT knock game: seats 0 to ``players - 1``, rounds dealt from ``seed`` until at
    most one player has 100 or less; players over 100 are out and sit out later rounds.

    Seats keep their numbers for the game; each round is played by the seats still in
    (:attr:`round_seats` maps the round's seats to the game's). Stars carry from round
    to round. Use :meth:`new`; :meth:`apply` plays an action of the player to act and
    deals the next round when one ends.
    """

    __slots__ = ("_eliminated", "_first_dealer", "_history", "_players", "_rounds", "_seed")

    def __init__(self, players: int, seed: int, first_dealer: int | None = None) -> None:
        self._players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        self._seed = check_whole(seed, "seed", 0, 2**63)
        self._first_dealer = (
            first_dealer_by_cut(
                self._players, np.random.default_rng([self._seed, 0]), aces_high=False
            )
            if first_dealer is None
            else check_whole(first_dealer, "first_dealer", 0, self._players - 1)
        )
        self._rounds: list[tuple[tuple[int, ...], KnockRound]] = []
        #: After each finished round: the totals then, and the seats eliminated by it.
        self._history: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._eliminated: list[int] = []
        self._deal(tuple(range(self._players)), self._first_dealer, (0,) * self._players)

    @classmethod
    def new(cls, players: int, seed: Seed = None, first_dealer: int | None = None) -> KnockGame:
        """A new game; the same whole-number seed gives the same game. ``None`` or a
        generator picks a whole-number seed (kept in the record)."""
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            make_rng(seed)  # checks it is >= 0
            game_seed = int(seed)
        else:
            game_seed = int(make_rng(seed).integers(0, 2**63))
        return cls(players, game_seed, first_dealer)

    def _deal(self, seats: tuple[int, ...], dealer: int, stars: tuple[int, ...]) -> None:
        rng = np.random.default_rng([self._seed, len(self._rounds) + 1])
        totals = self.totals()
        rnd = KnockRound.deal(
            len(seats),
            seats.index(dealer),
            rng,
            stars=[stars[seat] for seat in seats],
            totals=[totals[seat] for seat in seats],
        )
        self._rounds.append((seats, rnd))
        if rnd.is_over:  # a deal already worth 0 ends the round at once
            self._round_over()

    # what the game is ------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats, 2 to 5."""
        return self._players

    @property
    def seed(self) -> int:
        """The whole-number seed the deals come from."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first round."""
        return self._first_dealer

    @property
    def rounds(self) -> tuple[KnockRound, ...]:
        """Every round dealt so far."""
        return tuple(rnd for _seats, rnd in self._rounds)

    @property
    def round_number(self) -> int:
        """The number of the current (last dealt) round, from 1."""
        return len(self._rounds)

    @property
    def round_seats(self) -> tuple[int, ...]:
        """The game seats playing the current round, in round-seat order."""
        return self._rounds[-1][0]

    @property
    def current_round(self) -> KnockRound:
        """The round in play (or the last one, once the game is over)."""
        return self._rounds[-1][1]

    @property
    def is_over(self) -> bool:
        """Whether at most one player is left at 100 or below."""
        return self.current_round.is_over

    @property
    def current_player(self) -> int | None:
        """The game seat to act, ``None`` when the game is over."""
        seat = self.current_round.current_player
        return None if seat is None else self.round_seats[seat]

    def totals(self) -> tuple[int, ...]:
        """Each seat's running total after the finished rounds."""
        return self._history[-1][0] if self._history else (0,) * self._players

    @property
    def stars(self) -> tuple[int, ...]:
        """Each seat's stars (invalid knocks) so far in the game."""
        stars = [0] * self._players
        for seats, rnd in self._rounds:
            for round_seat, seat in enumerate(seats):
                stars[seat] = rnd.stars[round_seat]
        return tuple(stars)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Seats out of the game (over 100), in the order they went out."""
        return tuple(self._eliminated)

    def winners(self) -> tuple[int, ...]:
        """The winner once the game is over, as a tuple: ``(seat,)`` for the one seat left
        at 100 or below; ``()`` if everyone went over 100, or while the game is on.

        >>> KnockGame.new(players=2, seed=1).winners()      # not over yet
        ()

        Source: seed 004, "Winning the Game".
        """
        if not self.is_over:
            return ()
        left = tuple(seat for seat in range(self._players) if seat not in self._eliminated)
        return left if len(left) == 1 else ()

    def circles(self) -> int:
        """The winner's circles: one, plus one for each player who went over 100 while
        the winner's total was below 50 (skunked); 0 without a winner.

        Source: seed 004, "Skunking" (read at the end of the round that eliminated
        the player).
        """
        winners = self.winners()
        if not winners:
            return 0
        winner = winners[0]
        return 1 + sum(
            len(out) for totals, out in self._history if out and totals[winner] < SKUNK_BELOW
        )

    # playing ---------------------------------------------------------------------------

    def legal_actions(self) -> list[KnockAction]:
        """The legal actions of the player to act."""
        return self.current_round.legal_actions()

    def view(self, seat: int) -> KnockView:
        """What game seat ``seat`` may know of the current round (its round seat's view;
        the view's seat numbers are the round's, :attr:`round_seats` maps them)."""
        seat = check_whole(seat, "seat", 0, self._players - 1)
        if seat not in self.round_seats:
            raise XactikaError(
                _("player {seat} is out of the game: no view").format(seat=shown(seat))
            )
        return self.current_round.view(self.round_seats.index(seat))

    def apply(self, action: KnockAction | str) -> None:
        """Apply an action of the player to act; when the round ends, add its scores,
        put out players over 100 and deal the next round unless the game is over.

        Raises :class:`~xactika_edu.IllegalPlayError` as
        :meth:`KnockRound.apply` does (the game is then unchanged).
        """
        self.current_round.apply(action)
        if self.current_round.is_over:
            self._round_over()

    def _round_over(self) -> None:
        seats, rnd = self._rounds[-1]
        totals = list(self.totals())
        for round_seat, score in enumerate(rnd.scores()):
            totals[seats[round_seat]] += score
        out = tuple(seat for seat in seats if totals[seat] > ELIMINATED_OVER)
        self._eliminated += out
        self._history.append((tuple(totals), out))
        left = tuple(seat for seat in seats if seat not in out)
        if len(left) <= 1:
            return
        dealer = seats[rnd.next_dealer(among=[seats.index(seat) for seat in left])]
        self._deal(left, dealer, self.stars)

    # records ---------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: ``players``, ``seed``, ``first_dealer`` and ``rounds``
        (each round's actions, as notation); :meth:`from_record` replays it."""
        return {
            "players": self._players,
            "seed": self._seed,
            "first_dealer": self._first_dealer,
            "rounds": [[str(action) for _seat, action in rnd.actions] for rnd in self.rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> KnockGame:
        """Replay a record made by :meth:`to_record`, checking every action.

        Raises :class:`~xactika_edu.XactikaError` for a malformed record (or one with
        more rounds than the game deals) and :class:`~xactika_edu.IllegalPlayError`
        for an action the rules refuse.
        """
        check_record(record, _("knock game record"), max_depth=2)
        require_keys(record, ("players", "seed", "first_dealer", "rounds"), _("knock game record"))
        game = cls(record["players"], record["seed"], record["first_dealer"])
        rounds = record["rounds"]
        if not isinstance(rounds, Sequence) or isinstance(rounds, str):
            raise XactikaError(
                _("knock game record rounds must be a list, got {rounds}").format(
                    rounds=shown(rounds)
                )
            )
        for number, actions in enumerate(rounds, start=1):
            if number > game.round_number or not isinstance(actions, Sequence):
                raise XactikaError(
                    _("knock game record round {number} was never dealt").format(number=number)
                )
            for action in actions:
                if game.round_number != number:
                    raise XactikaError(
                        _("knock game record round {number} goes on after it ended").format(
                            number=number
                        )
                    )
                game.apply(action)
        return game

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The game in words: each round's transcript, the totals after it, the winner."""
        name = seat_namer(names, self._players)
        blocks = []
        for number, (seats, rnd) in enumerate(self._rounds, start=1):
            round_names = [name(seat) for seat in seats]
            block = _("round {number}").format(number=number) + "\n" + rnd.transcript(round_names)
            if number <= len(self._history):
                totals, out = self._history[number - 1]
                block += "\n" + _("totals: {totals}").format(
                    totals="; ".join(f"{name(seat)} {totals[seat]}" for seat in seats)
                )
                if out:
                    block += "\n" + _("out (over 100): {players}").format(
                        players=", ".join(name(seat) for seat in out)
                    )
            blocks.append(block)
        if self.is_over:
            winners = self.winners()
            blocks.append(
                _("{player} wins with {total} ({circles} circled)").format(
                    player=name(winners[0]), total=self.totals()[winners[0]], circles=self.circles()
                )
                if winners
                else _("nobody wins: everyone went over 100")
            )
        return "\n\n".join(blocks)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"KnockGame.from_record({self.to_record()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KnockGame):
            return NotImplemented
        return self.to_record() == other.to_record()

    __hash__ = None  # type: ignore[assignment]
