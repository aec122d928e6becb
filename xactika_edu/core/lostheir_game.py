"""A whole game of Lost Heir: hands until a partnership reaches 40, the deal passing left.

>>> game = LostHeirGame(seed=5)
>>> game.first_dealer, game.current_hand.dealer, game.totals
(2, 2, (0, 0))
>>> for action in ("pass", "pass", "pass", "pass"):
...     game.current_hand.apply(action)
>>> game.current_hand.passed_out, game.next_hand().dealer      # thrown in: the deal moves on
(True, 3)

Source: seed 004, Lost Heir ("Setup": the first dealer and the rotation; "Winning":
"The first team to reach 40 points wins"). docs/other-games.md, "Lost Heir", says
what happens when both sides pass 40 in the same hand. Core layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..base.checks import check_record, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import Seed, make_rng
from .lostheir import LostHeirHand
from .lostheir_cards import PLAYERS, first_dealer, seat_name, team_name
from .round_text import require_keys

__all__ = ["TARGET", "LostHeirGame"]

#: The score that wins (seed 004: "The first team to reach 40 points wins").
TARGET = 40


class LostHeirGame:
    """A game of Lost Heir: hands dealt from one seed until a side reaches ``target``.

    The first dealer is found as the seed says (cards dealt face up until a boy turns
    up: :func:`~xactika_edu.core.lostheir_cards.first_dealer`), from a generator seeded
    by ``numpy.random.SeedSequence(seed, spawn_key=(0,))``; hand ``i`` (from 0) is dealt
    by seat ``(first_dealer + i) % 4`` from ``spawn_key=(1, i)``. Play each hand through
    :attr:`current_hand`, then call :meth:`next_hand`.

    Args:
        seed: a whole number, a generator or None (then a whole-number seed is drawn
            and kept in :attr:`seed` and the record, so the game can be replayed).
        target: the winning score, 1 to 1000 (40 by the rules; less for a short lesson).
    """

    def __init__(self, seed: Seed = None, target: int = TARGET):
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            make_rng(seed)  # checks the seed
            self._seed = int(seed)
        else:
            self._seed = int(make_rng(seed).integers(0, 2**63))
        self._target = check_whole(target, "target", 1, 1000)
        self._first, self._shown = first_dealer(self._rng(0))
        self._hands = [self._deal(0)]

    def _rng(self, *key: int) -> np.random.Generator:
        return np.random.default_rng(np.random.SeedSequence(self._seed, spawn_key=key))

    def _deal(self, index: int) -> LostHeirHand:
        return LostHeirHand.deal((self._first + index) % PLAYERS, self._rng(1, index))

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
        """The first hand's dealer (the seat dealt the first boy, face up)."""
        return self._first

    @property
    def hands(self) -> tuple[LostHeirHand, ...]:
        """Every hand dealt so far, in order."""
        return tuple(self._hands)

    @property
    def current_hand(self) -> LostHeirHand:
        """The hand being played (the last one dealt)."""
        return self._hands[-1]

    @property
    def totals(self) -> tuple[int, int]:
        """Each side's total over the finished hands (North/South, East/West)."""
        done = [hand.scores() for hand in self._hands if hand.phase == "over"]
        return sum(s[0] for s in done), sum(s[1] for s in done)

    @property
    def is_over(self) -> bool:
        """True once a finished hand has brought a side to the target."""
        return self.current_hand.phase == "over" and max(self.totals) >= self._target

    @property
    def winner(self) -> int | None:
        """The winning side (0 North/South, 1 East/West), None while the game goes on.

        If both sides reach the target in the same hand, the declaring side wins (its
        score is counted first: docs/other-games.md).
        """
        if not self.is_over:
            return None
        reached = [team for team, total in enumerate(self.totals) if total >= self._target]
        if len(reached) == 1:
            return reached[0]
        return (self.current_hand.declarer or 0) % 2

    def next_hand(self) -> LostHeirHand:
        """Deal the next hand (the deal passes left) and return it.

        Raises :class:`XactikaError` if the current hand is not over or the game is.
        """
        if self.current_hand.phase != "over":
            raise XactikaError(_("finish this hand before dealing the next one"))
        if self.is_over:
            raise XactikaError(_("the game is over: no more hands"))
        self._hands.append(self._deal(len(self._hands)))
        return self.current_hand

    def record(self) -> dict[str, Any]:
        """A JSON-ready record: ``seed``, ``target`` and ``hands`` (one hand record each)."""
        return {
            "seed": self._seed,
            "target": self._target,
            "hands": [hand.record() for hand in self._hands],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> LostHeirGame:
        """Replay a record made by :meth:`record`, checking each deal and every action.

        >>> game = LostHeirGame(seed=2)
        >>> game.current_hand.apply("bid 6")
        >>> LostHeirGame.from_record(game.record()) == game
        True
        """
        check_record(record, _("Lost Heir game record"), max_depth=3)
        require_keys(record, ("seed", "target", "hands"), _("Lost Heir game record"))
        if not isinstance(record["seed"], int):
            raise XactikaError(
                _("game record seed must be a whole number, got {seed}").format(
                    seed=shown(record["seed"])
                )
            )
        game = cls(record["seed"], record["target"])
        hands = record["hands"]
        if not isinstance(hands, Sequence) or isinstance(hands, str) or not hands:
            raise XactikaError(
                _("Lost Heir game record hands must be a list of hands, got {hands}").format(
                    hands=shown(hands)
                )
            )
        for index, hand_record in enumerate(hands):
            hand = game.current_hand if index == 0 else game.next_hand()
            replayed = LostHeirHand.from_record(hand_record)
            if replayed.start_hands != hand.start_hands or replayed.dealer != hand.dealer:
                raise XactikaError(
                    _("Lost Heir game record hand {number} is not the deal of seed {seed}").format(
                        number=index + 1, seed=game.seed
                    )
                )
            game._hands[-1] = replayed
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LostHeirGame) and self.record() == other.record()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LostHeirGame.from_record({self.record()!r})"

    def __str__(self) -> str:
        lines = [
            _("Lost Heir game, seed {seed}: first dealer {seat} (cards turned up: {cards})").format(
                seed=self._seed,
                seat=seat_name(self._first),
                cards=" ".join(str(card) for card in self._shown),
            )
        ]
        ns = ew = 0
        for number, hand in enumerate(self._hands, start=1):
            lines += ["", _("Hand {number}").format(number=number), str(hand)]
            if hand.phase == "over":
                ns, ew = ns + hand.scores()[0], ew + hand.scores()[1]
                lines.append(
                    _("Totals: {ns} {ns_total}, {ew} {ew_total}").format(
                        ns=team_name(0), ns_total=ns, ew=team_name(1), ew_total=ew
                    )
                )
        if self.winner is not None:
            lines.append(_("{team} win the game.").format(team=team_name(self.winner)))
        return "\n".join(lines)
