"""A whole game of Lost Heir: rounds (the seed's "hands") until a partnership reaches 40,
the deal passing left.

>>> game = LostHeirGame.new(seed=5)
>>> game.players, game.first_dealer, game.current_round.dealer, game.totals()
(4, 2, 2, (0, 0))
>>> for action in ("pass", "pass", "pass", "pass"):
...     game.apply(action)
>>> game.rounds[0].passed_out, game.current_round.dealer   # thrown in: the deal moves on
(True, 3)

Source: seed 004, Lost Heir ("Setup": the first dealer and the rotation; "Winning":
"The first team to reach 40 points wins"). docs/other-games.md, "Lost Heir", says
what happens when both sides pass 40 in the same round. Core layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..base.checks import check_record, check_whole, is_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import Seed, make_rng
from .lostheir import Action, LostHeirRound, LostHeirView
from .lostheir_cards import PLAYERS, first_dealer, seat_name, team_name
from .lostheir_text import round_transcript
from .plays import seat_namer
from .round_text import require_keys

__all__ = ["TARGET", "LostHeirGame"]

#: The score that wins (seed 004: "The first team to reach 40 points wins").
TARGET = 40


class LostHeirGame:
    """A game of Lost Heir: rounds dealt from one seed until a side reaches ``target``.

    Four seats, always (:attr:`players` is 4); the two partnerships are side 0
    (North/South, seats 0 and 2) and side 1 (East/West, seats 1 and 3). The first
    dealer is found as the seed says (cards dealt face up until a boy turns up:
    :func:`~xactika_edu.core.lostheir_cards.first_dealer`), from a generator seeded by
    ``numpy.random.SeedSequence(seed, spawn_key=(0,))``; round ``i`` (from 0) is dealt
    by seat ``(first_dealer + i) % 4`` from ``spawn_key=(1, i)``. :meth:`apply` plays an
    action of :attr:`current_player` and deals the next round when one ends.

    Args:
        seed: a whole number, a generator or None (then a whole-number seed is drawn
            and kept in :attr:`seed` and the record, so the game can be replayed).
        target: the winning score, 1 to 1000 (40 by the rules; less for a short lesson).

    Raises :class:`~xactika_edu.XactikaError` for a seed below 0 or a target out of range.
    """

    def __init__(self, seed: Seed = None, target: int = TARGET):
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            make_rng(seed)  # checks the seed
            self._seed = int(seed)
        else:
            self._seed = int(make_rng(seed).integers(0, 2**63))
        self._target = check_whole(target, "target", 1, 1000)
        self._first, self._shown = first_dealer(self._rng(0))
        self._rounds = [self._deal(0)]

    @classmethod
    def new(cls, players: int = PLAYERS, seed: Seed = None, target: int = TARGET) -> LostHeirGame:
        """A new game (``players`` must be 4: Lost Heir is a game for two partnerships).

        >>> LostHeirGame.new(seed=3) == LostHeirGame.new(4, seed=3)
        True
        >>> LostHeirGame.new(3)
        Traceback (most recent call last):
        ...
        xactika_edu.XactikaError: Lost Heir needs 4 players, got 3
        """
        if not is_whole(players, PLAYERS, PLAYERS):
            raise XactikaError(
                _("Lost Heir needs 4 players, got {players}").format(players=shown(players))
            )
        return cls(seed, target)

    def _rng(self, *key: int) -> np.random.Generator:
        return np.random.default_rng(np.random.SeedSequence(self._seed, spawn_key=key))

    def _deal(self, index: int) -> LostHeirRound:
        return LostHeirRound.deal((self._first + index) % PLAYERS, self._rng(1, index))

    # what the game is ------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats: 4."""
        return PLAYERS

    @property
    def seed(self) -> int:
        """The game's whole-number seed."""
        return self._seed

    @property
    def target(self) -> int:
        """The score that wins."""
        return self._target

    @property
    def first_dealer(self) -> int:
        """The first round's dealer (the seat dealt the first boy, face up)."""
        return self._first

    @property
    def rounds(self) -> tuple[LostHeirRound, ...]:
        """Every round dealt so far, in order."""
        return tuple(self._rounds)

    @property
    def current_round(self) -> LostHeirRound:
        """The round being played (the last one dealt)."""
        return self._rounds[-1]

    @property
    def is_over(self) -> bool:
        """True once a finished round has brought a side to the target."""
        return self.current_round.is_over and max(self.totals()) >= self._target

    @property
    def current_player(self) -> int | None:
        """The seat to act; ``None`` when the game is over (or when the current round was
        played to its end directly and :meth:`next_round` has not dealt the next)."""
        return None if self.is_over else self.current_round.current_player

    def totals(self) -> tuple[int, int]:
        """Each side's total over the finished rounds: (North/South, East/West), that is
        side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."""
        done = [rnd.scores() for rnd in self._rounds if rnd.is_over]
        return sum(s[0] for s in done), sum(s[1] for s in done)

    def winners(self) -> tuple[int, ...]:
        """The winning side as a tuple, ``(0,)`` North/South or ``(1,)`` East/West;
        ``()`` while the game goes on.

        If both sides reach the target in the same round, the declaring side wins (its
        score is counted first: docs/other-games.md), so there is never a tie.

        >>> LostHeirGame.new(seed=1).winners()
        ()
        """
        if not self.is_over:
            return ()
        reached = [team for team, total in enumerate(self.totals()) if total >= self._target]
        if len(reached) == 1:
            return (reached[0],)
        return ((self.current_round.declarer or 0) % 2,)

    # playing ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (empty when the game is over)."""
        return [] if self.is_over else self.current_round.legal_actions()

    def view(self, seat: int) -> LostHeirView:
        """What ``seat`` (0-3) may know of the current round."""
        return self.current_round.view(seat)

    def apply(self, action: Action | str) -> None:
        """Apply an action of the seat to act in the current round; when that round ends
        and no side has reached the target, deal the next round (the deal passes left).

        Raises as :meth:`LostHeirRound.apply <xactika_edu.core.lostheir.LostHeirRound.apply>`
        does (the game is then unchanged), also once the game is over (its last round is).
        """
        self.current_round.apply(action)
        if self.current_round.is_over and not self.is_over:
            self._rounds.append(self._deal(len(self._rounds)))

    def next_round(self) -> LostHeirRound:
        """Deal the next round and return it, after the current round was played to its
        end directly (``game.current_round.apply(...)``); :meth:`apply` deals it itself.

        Raises :class:`XactikaError` if the current round is not over or the game is.
        """
        if not self.current_round.is_over:
            raise XactikaError(_("finish this hand before dealing the next one"))
        if self.is_over:
            raise XactikaError(_("the game is over: no more hands"))
        self._rounds.append(self._deal(len(self._rounds)))
        return self.current_round

    # records and text ------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: ``seed``, ``target`` and ``rounds`` (one round record each)."""
        return {
            "seed": self._seed,
            "target": self._target,
            "rounds": [rnd.to_record() for rnd in self._rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> LostHeirGame:
        """Replay a record made by :meth:`to_record`, checking each deal and every action.

        >>> game = LostHeirGame.new(seed=2)
        >>> game.apply("bid 6")
        >>> LostHeirGame.from_record(game.to_record()) == game
        True

        Raises :class:`~xactika_edu.XactikaError` for a malformed record or a round that
        is not the deal of the seed, and :class:`~xactika_edu.IllegalBidError` or
        :class:`~xactika_edu.IllegalPlayError` for an action the rules refuse.
        """
        check_record(record, _("Lost Heir game record"), max_depth=3)
        require_keys(record, ("seed", "target", "rounds"), _("Lost Heir game record"))
        if not isinstance(record["seed"], int):
            raise XactikaError(
                _("game record seed must be a whole number, got {seed}").format(
                    seed=shown(record["seed"])
                )
            )
        game = cls(record["seed"], record["target"])
        rounds = record["rounds"]
        if not isinstance(rounds, Sequence) or isinstance(rounds, str) or not rounds:
            raise XactikaError(
                _("Lost Heir game record rounds must be a list of rounds, got {rounds}").format(
                    rounds=shown(rounds)
                )
            )
        for index, round_record in enumerate(rounds):
            rnd = game.current_round if index == 0 else game.next_round()
            replayed = LostHeirRound.from_record(round_record)
            if replayed.start_hands != rnd.start_hands or replayed.dealer != rnd.dealer:
                raise XactikaError(
                    _("Lost Heir game record hand {number} is not the deal of seed {seed}").format(
                        number=index + 1, seed=game.seed
                    )
                )
            game._rounds[-1] = replayed
        return game

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The game in words: the first dealer, each round's transcript and the totals
        after it, the winning side. ``names`` (one per seat, North first) replace the
        seat names.

        >>> LostHeirGame.new(seed=11).transcript(["Ana", "Ben", "Cy", "Di"]).splitlines()[0]
        'Lost Heir game, seed 11: first dealer Cy (cards turned up: 6T 2T 0T)'

        Raises :class:`~xactika_edu.XactikaError` unless ``names`` is ``None`` or 4 names.
        """
        name = seat_name if names is None else seat_namer(names, PLAYERS)
        lines = [
            _("Lost Heir game, seed {seed}: first dealer {seat} (cards turned up: {cards})").format(
                seed=self._seed,
                seat=name(self._first),
                cards=" ".join(str(card) for card in self._shown),
            )
        ]
        ns = ew = 0
        for number, rnd in enumerate(self._rounds, start=1):
            lines += ["", _("Hand {number}").format(number=number), round_transcript(rnd, names)]
            if rnd.is_over:
                ns, ew = ns + rnd.scores()[0], ew + rnd.scores()[1]
                lines.append(
                    _("Totals: {ns} {ns_total}, {ew} {ew_total}").format(
                        ns=team_name(0), ns_total=ns, ew=team_name(1), ew_total=ew
                    )
                )
        for team in self.winners():
            lines.append(_("{team} win the game.").format(team=team_name(team)))
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LostHeirGame) and self.to_record() == other.to_record()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LostHeirGame.from_record({self.to_record()!r})"

    def __str__(self) -> str:
        return self.transcript()
