"""Computer players for Blackout (seed 004): a random player and a rule-of-thumb player.

Both decide from a :class:`~xactika_edu.core.blackout.BlackoutView` only (their own
hand, the trump card, the bids and the cards played), never from the other hands.
:func:`play_blackout` plays a whole game with one player per seat.

>>> bots = [HeuristicBlackoutPlayer(), RandomBlackoutPlayer(seed=1), HeuristicBlackoutPlayer()]
>>> game = play_blackout(bots, seed=3)
>>> game.is_over, len(game.rounds)
(True, 33)

Source: seed 004, Blackout; the rules are :data:`~xactika_edu.core.rules.BLACKOUT`.
Engines layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.blackout import BID, BlackoutView
from ..core.blackout_game import BlackoutGame
from ..core.cards import Seed, make_rng
from ..core.playing_cards import STANDARD_DECK, PlayingCard
from .blackout_policy import BlackoutHeuristicPolicy, choose, state_for_view

__all__ = [
    "BlackoutPlayer",
    "HeuristicBlackoutPlayer",
    "RandomBlackoutPlayer",
    "play_blackout",
]


@runtime_checkable
class BlackoutPlayer(Protocol):
    """Anything with ``act(view)``: a legal bid (bidding) or card (playing)."""

    def act(self, view: BlackoutView) -> int | PlayingCard: ...


def _check_turn(view: BlackoutView) -> None:
    if not view.legal_actions:
        raise XactikaError(
            _("it is not player {seat}'s turn: no legal action in the view").format(seat=view.seat)
        )


class RandomBlackoutPlayer:
    """Picks one of the legal actions, each equally likely, from its seeded generator.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> view = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1).view(0)
    >>> RandomBlackoutPlayer(seed=2).act(view) in (0, 1, 2)
    True
    """

    def __init__(self, seed: Seed = None) -> None:
        self._rng = make_rng(seed)

    def act(self, view: BlackoutView) -> int | PlayingCard:
        """A legal action of ``view``, chosen at random."""
        _check_turn(view)
        return view.legal_actions[int(self._rng.integers(len(view.legal_actions)))]

    def __repr__(self) -> str:
        return "RandomBlackoutPlayer()"


class HeuristicBlackoutPlayer:
    """The rule-of-thumb player: bids its likely winners, then plays to make the bid
    exactly. The rule is :class:`~xactika_edu.engines.blackout_policy.BlackoutHeuristicPolicy`
    (written out in :mod:`xactika_edu.engines.blackout_policy`), run on a one-round
    batch built from the view: the same player as on the batch engine.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> HeuristicBlackoutPlayer().act(rnd.view(0))
    1
    """

    def __init__(self) -> None:
        self._policy = BlackoutHeuristicPolicy()

    def act(self, view: BlackoutView) -> int | PlayingCard:
        """The chosen bid or card for ``view``."""
        _check_turn(view)
        state = state_for_view(view)
        choice = int(choose(state, self._policy)[0])
        if view.phase == BID:
            return choice
        return STANDARD_DECK[int(state.hand[view.seat, choice])]  # a lead makes one call

    def __repr__(self) -> str:
        return "HeuristicBlackoutPlayer()"


def play_blackout(
    players: Sequence[BlackoutPlayer], seed: Seed = None, first_dealer: int | None = None
) -> BlackoutGame:
    """A whole game of Blackout with one computer player per seat (2 to 8); returns it over.

    >>> game = play_blackout([RandomBlackoutPlayer(seed=1), RandomBlackoutPlayer(seed=2)], seed=1)
    >>> game.is_over, sum(game.rounds[-1].tricks_won)
    (True, 1)

    Raises:
        XactikaError: for a seat without an ``act`` method or a player count out of range.
    """
    if not all(isinstance(player, BlackoutPlayer) for player in players):
        raise XactikaError(
            _("every seat needs a player with an act(view) method, got {players}").format(
                players=shown(list(players))
            )
        )
    game = BlackoutGame(len(players), seed=seed, first_dealer=first_dealer)
    while not game.is_over:
        seat = game.current_player
        if seat is None:  # the game deals the next round after the last action of one
            break
        game.apply(players[seat].act(game.view(seat)))
    return game
