"""A whole game of Xactika: :class:`Game`, eight hands with the deal passing left.

Re-exported by :mod:`xactika_edu.core.game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..base.checks import check_record, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS, Seed, whole_seed
from .plays import seat_namer
from .round_text import GAME_RECORD_DEPTH, replay_actions, require_keys
from .rounds import Round
from .trick_parts import best_seats, round_totals, totals_text

__all__ = ["HANDS_PER_GAME", "Game"]

#: Hands in a game; the deal passes to the left after each one.
HANDS_PER_GAME = 8


class Game:
    """A game of Xactika: ``hands`` rounds (8 by the rules), the deal passing left.

    Hand ``i`` (from 0) is dealt by seat ``(first_dealer + i) % players`` from a
    generator seeded by ``numpy.random.SeedSequence(seed, spawn_key=(i,))``, so the
    same seed gives the same deals. Play each round through :attr:`current_round`,
    then call :meth:`next_round`. ``Game.new(...)`` and ``Game(...)`` are the same.

    >>> game = Game.new(players=3, seed=5, hands=2, cards_per_hand=1)
    >>> game.current_round.dealer, game.current_round.current_player
    (0, 1)

    Args:
        players: 2 to 10.
        seed: a whole number, a :class:`numpy.random.Generator` or ``None``; a
            generator or ``None`` is turned into a whole-number seed (kept in
            :attr:`seed` and the record) so the game can be replayed.
        first_dealer: the first hand's dealer.
        hands: hands in the game, 1 to 8 (:data:`HANDS_PER_GAME`; fewer for lessons).
        cards_per_hand: 1 to 8.

    Raises:
        XactikaError: if a number is out of range.
    """

    def __init__(
        self,
        players: int,
        seed: Seed = None,
        first_dealer: int = 0,
        hands: int = HANDS_PER_GAME,
        cards_per_hand: int = CARDS_PER_HAND,
    ):
        self._players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        self._first_dealer = check_whole(first_dealer, "first_dealer", 0, self._players - 1)
        self._hands = check_whole(hands, "hands", 1, HANDS_PER_GAME)
        self._cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
        self._seed = whole_seed(seed)
        self._rounds: list[Round] = [self._deal(0)]

    @classmethod
    def new(
        cls,
        players: int,
        seed: Seed = None,
        first_dealer: int = 0,
        hands: int = HANDS_PER_GAME,
        cards_per_hand: int = CARDS_PER_HAND,
    ) -> Game:
        """A new game with its first hand dealt (arguments as for :class:`Game`).

        >>> Game.new(players=4, seed=1).current_round.hand(0)
        Hand.parse('1131 1123 2221 2132 2321 3212 1323 3332')
        """
        return cls(players, seed, first_dealer, hands, cards_per_hand)

    def _deal(self, index: int) -> Round:
        rng = np.random.default_rng(np.random.SeedSequence(self._seed, spawn_key=(index,)))
        return Round.deal(
            self._players,
            dealer=(self._first_dealer + index) % self._players,
            seed=rng,
            cards_per_hand=self._cards_per_hand,
        )

    @property
    def players(self) -> int:
        """Number of players."""
        return self._players

    @property
    def seed(self) -> int:
        """The whole-number seed the deals come from."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The dealer of the first hand."""
        return self._first_dealer

    @property
    def hands(self) -> int:
        """Number of hands (rounds) in the game."""
        return self._hands

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player each hand."""
        return self._cards_per_hand

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The rounds dealt so far, the current one last."""
        return tuple(self._rounds)

    @property
    def current_round(self) -> Round:
        """The round being played (or the last one, when the game is over)."""
        return self._rounds[-1]

    @property
    def is_over(self) -> bool:
        """Whether every hand has been played."""
        return len(self._rounds) == self._hands and self._rounds[-1].is_over

    def next_round(self) -> Round:
        """Deal the next hand, the deal passing to the left, and return it.

        Raises:
            XactikaError: if the current round is not over or the game is over.
        """
        number = len(self._rounds)
        if not self._rounds[-1].is_over:
            raise XactikaError(
                _("hand {number} of {hands} is not over yet").format(
                    number=number, hands=self._hands
                )
            )
        if number == self._hands:
            raise XactikaError(
                _("the game is over: all {hands} hands are played").format(hands=self._hands)
            )
        self._rounds.append(self._deal(number))
        return self._rounds[-1]

    def totals(self) -> tuple[int, ...]:
        """Each seat's total score over the finished hands."""
        return round_totals(self._rounds, self._players)

    def score_sheet(self) -> pd.DataFrame:
        """The score sheet: one row per finished hand and player.

        Returns:
            a DataFrame with (finished hands x players) rows and columns ``hand``
            (1-based), ``player`` (seat), ``dealer`` (bool), ``bid``, ``tricks``,
            ``score`` (points this hand) and ``total`` (cumulative points).
        """
        rows = []
        totals = [0] * self._players
        for number, rnd in enumerate(self._rounds, start=1):
            if not rnd.is_over:
                continue
            scores = rnd.scores()
            for seat in range(self._players):
                totals[seat] += scores[seat]
                rows.append(
                    {
                        "hand": number,
                        "player": seat,
                        "dealer": seat == rnd.dealer,
                        "bid": rnd.bids[seat],
                        "tricks": rnd.tricks_won[seat],
                        "score": scores[seat],
                        "total": totals[seat],
                    }
                )
        columns = ["hand", "player", "dealer", "bid", "tricks", "score", "total"]
        sheet = pd.DataFrame(rows, columns=columns)
        dtypes = {column: "int64" for column in columns}
        dtypes["dealer"] = "bool"
        return sheet.astype(dtypes)

    def winners(self) -> tuple[int, ...]:
        """The seat(s) with the highest total: equal totals share the win.

        Raises:
            XactikaError: if the game is not over.
        """
        if not self.is_over:
            raise XactikaError(
                (
                    _("the game is not over: hand {count} of {hands} is finished")
                    if self.current_round.is_over
                    else _("the game is not over: hand {count} of {hands} is being played")
                ).format(count=len(self._rounds), hands=self._hands)
            )
        return best_seats(self.totals())

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of the game so far; :meth:`from_record` replays it.

        Returns:
            a dict: ``players``, ``seed``, ``first_dealer``, ``hands``,
            ``cards_per_hand`` and ``rounds`` (one :meth:`Round.to_record` per hand
            dealt).
        """
        return {
            "players": self._players,
            "seed": self._seed,
            "first_dealer": self._first_dealer,
            "hands": self._hands,
            "cards_per_hand": self._cards_per_hand,
            "rounds": [rnd.to_record() for rnd in self._rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record made by :meth:`to_record`, checking every deal and action.

        >>> game = Game.new(players=2, seed=9, hands=1, cards_per_hand=1)
        >>> Game.from_record(game.to_record()) == game
        True

        Raises:
            XactikaError: if the record is malformed (as for
                :meth:`Round.from_record`), or a round's hands or dealer differ from
                the deal the seed gives.
            IllegalBidError, IllegalPlayError: if a recorded action breaks the rules.
        """
        check_record(record, _("game record"), max_depth=GAME_RECORD_DEPTH)
        keys = ("players", "seed", "first_dealer", "hands", "cards_per_hand", "rounds")
        require_keys(record, keys, _("game record"))
        if isinstance(record["seed"], np.random.Generator) or record["seed"] is None:
            raise XactikaError(
                _("game record seed must be a whole number, got {seed}").format(
                    seed=shown(record["seed"])
                )
            )
        game = cls(
            record["players"],
            record["seed"],
            record["first_dealer"],
            record["hands"],
            record["cards_per_hand"],
        )
        rounds = record["rounds"]
        if not isinstance(rounds, Sequence) or isinstance(rounds, str):
            raise XactikaError(
                _("game record rounds must be a list, got {rounds}").format(rounds=shown(rounds))
            )
        if len(rounds) > game.hands:
            raise XactikaError(
                _("game record has {count} rounds, more than {hands}").format(
                    count=len(rounds), hands=game.hands
                )
            )
        for index, round_record in enumerate(rounds):
            rnd = game.current_round if index == 0 else game.next_round()
            round_keys = ("players", "dealer", "hands", "bids", "plays")
            require_keys(round_record, round_keys, _("round record"))
            dealt = rnd.to_record()
            for key in ("players", "dealer", "hands"):
                if round_record[key] != dealt[key]:
                    raise XactikaError(
                        _(
                            "game record hand {number}: {key} {round_record} differ from the "
                            "deal by seed {seed} ({dealt})"
                        ).format(
                            number=index + 1,
                            key=key,
                            round_record=shown(round_record[key]),
                            seed=game.seed,
                            dealt=shown(dealt[key]),
                        )
                    )
            replay_actions(rnd, round_record["bids"], round_record["plays"])
        return game

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The game in words: each hand's transcript, then the totals.

        Raises :class:`XactikaError` unless ``names`` is ``None`` or one name per player.
        """
        name = seat_namer(names, self._players)
        blocks = [
            _("hand {number} of {hands}").format(number=number, hands=self._hands)
            + f"\n{rnd.transcript(names)}"
            for number, rnd in enumerate(self._rounds, start=1)
        ]
        winners = self.winners() if self.is_over else ()
        blocks.append(totals_text(self.totals(), winners, name))
        return "\n\n".join(blocks)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"Game.from_record({self.to_record()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_record() == other.to_record()

    # A game changes as it is played. None is Python's way to say "unhashable";
    # mypy types object.__hash__ as a method, so the assignment needs this ignore.
    __hash__ = None  # type: ignore[assignment]
