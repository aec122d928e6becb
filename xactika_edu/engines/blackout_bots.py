"""Computer players for Blackout (seed 004): a random player and a rule-of-thumb player.

Both decide from a :class:`~xactika_edu.core.blackout.BlackoutView` only (their own
hand, the trump card, the bids and the cards played), never from the other hands.
:func:`play_blackout_game` plays a whole game with one computer player (bot) per seat,
:func:`play_blackout_round` one round.

>>> bots = [HeuristicBlackoutBot(), RandomBlackoutBot(seed=1), HeuristicBlackoutBot()]
>>> game = play_blackout_game(bots, seed=3)
>>> game.is_over, len(game.rounds)
(True, 33)

Source: seed 004, Blackout; the rules are :data:`~xactika_edu.core.rules.BLACKOUT`.
Engines layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.blackout import BID, BlackoutRound, BlackoutView
from ..core.blackout_game import BlackoutGame
from ..core.cards import Seed
from ..core.playing_cards import STANDARD_DECK, PlayingCard
from .blackout_policy import BlackoutHeuristicPolicy, choose, state_for_view
from .family_bots import RandomActionBot, check_bots, play_out, turn_actions

__all__ = [
    "BlackoutBot",
    "HeuristicBlackoutBot",
    "RandomBlackoutBot",
    "play_blackout_game",
    "play_blackout_round",
]


@runtime_checkable
class BlackoutBot(Protocol):
    """Anything with ``act(view)``: a legal bid (bidding) or card (playing)."""

    def act(self, view: BlackoutView) -> int | PlayingCard: ...


def _check_turn(view: BlackoutView) -> list[int | PlayingCard]:
    """The legal actions of ``view``; an XactikaError for no view or not its turn."""
    return turn_actions(view, BlackoutView, "Blackout")


class RandomBlackoutBot(RandomActionBot):
    """Picks one of the legal actions, each equally likely, from its seeded generator.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> view = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1).view(0)
    >>> RandomBlackoutBot(seed=2).act(view) in (0, 1, 2)
    True
    """

    view_type = BlackoutView
    game = "Blackout"


class HeuristicBlackoutBot:
    """The rule-of-thumb player: bids its likely winners, then plays to make the bid
    exactly. The rule is :class:`~xactika_edu.engines.blackout_policy.BlackoutHeuristicPolicy`
    (written out in :mod:`xactika_edu.engines.blackout_policy`), run on a one-round
    batch built from the view: the same player as on the batch engine.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> HeuristicBlackoutBot().act(rnd.view(0))
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
        return "HeuristicBlackoutBot()"


def _check_bots(bots: object) -> tuple[BlackoutBot, ...]:
    """``bots`` as a tuple, if it is a list of players (anything with ``act(view)``)."""
    return check_bots(
        bots, BlackoutBot, "Blackout", "[RandomBlackoutBot(seed=1), HeuristicBlackoutBot()]"
    )


def play_blackout_round(rnd: BlackoutRound, bots: Sequence[BlackoutBot]) -> BlackoutRound:
    """Play ``rnd`` to its end with one computer player per seat; returns it (over).

    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> play_blackout_round(rnd, [HeuristicBlackoutBot(), RandomBlackoutBot(seed=1)]).is_over
    True

    Raises:
        XactikaError: for a seat without an ``act`` method, or not one bot per seat.
    """
    seats = _check_bots(bots)
    if len(seats) != rnd.players:
        raise XactikaError(
            _("give one player per seat ({players}), got {count}").format(
                players=rnd.players, count=len(seats)
            )
        )
    play_out(rnd, seats)
    return rnd


def play_blackout_game(
    bots: Sequence[BlackoutBot], seed: Seed = None, first_dealer: int | None = None
) -> BlackoutGame:
    """A whole game of Blackout with one computer player per seat (2 to 8); returns it over.

    >>> game = play_blackout_game([RandomBlackoutBot(seed=1), RandomBlackoutBot(seed=2)], seed=1)
    >>> game.is_over, sum(game.rounds[-1].tricks_won)
    (True, 1)

    >>> play_blackout_game(None)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: bots must be a list like [RandomBlackoutBot(seed=1), ...

    Raises:
        XactikaError: for ``bots`` not a list, a seat without an ``act`` method or a
            player count out of range.
    """
    seats = _check_bots(bots)
    game = BlackoutGame(len(seats), seed=seed, first_dealer=first_dealer)
    play_out(game, seats)
    return game
