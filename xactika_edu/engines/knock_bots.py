"""Computer players for the ZXT knock game, deciding from a
:class:`~xactika_edu.core.knock.KnockView` only (never the other hands or the stock).

:class:`RandomKnockBot` picks a legal action at random (seeded);
:class:`HeuristicKnockBot` keeps pairs, 2s and low cards, takes the discard when it
lowers its hand, and knocks when its hand is low. :func:`play_knock_round` plays one
round and :func:`play_knock_game` a whole game, with one bot per seat. Engines layer.

>>> game = play_knock_game([HeuristicKnockBot(), RandomKnockBot(seed=1)], seed=3)
>>> game.is_over, game.winners() in ((0,), (1,), ())
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.language import N_
from ..base.language import gettext as _
from ..core.cards import Seed
from ..core.knock import (
    DISCARD,
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    WILD_RANK,
    KnockAction,
    KnockView,
    card_points,
    hand_value,
)
from ..core.knock_game import KnockGame
from ..core.knock_round import KnockRound
from ..core.playing_cards import PlayingCard
from .family_bots import RandomActionBot, check_bots, play_out, turn_actions

__all__ = ["HeuristicKnockBot", "KnockBot", "RandomKnockBot", "play_knock_game", "play_knock_round"]


@runtime_checkable
class KnockBot(Protocol):
    """A computer player of the knock game: anything with ``act(view) -> KnockAction``
    (one of ``view.legal_actions()``, for the view of the seat to act)."""

    def act(self, view: KnockView) -> KnockAction: ...


def _legal_actions(view: KnockView) -> list[KnockAction]:
    """The view's legal actions; raises XactikaError for no view, or not its turn."""
    return turn_actions(view, KnockView, _("knock game"))


class RandomKnockBot(RandomActionBot):
    """Picks each action uniformly at random among the legal ones; seeded.

    >>> from xactika_edu.core.knock_round import KnockRound
    >>> view = KnockRound.deal(players=2, seed=1).view(1)
    >>> RandomKnockBot(seed=5).act(view) == RandomKnockBot(seed=5).act(view)
    True

    Raises :class:`~xactika_edu.XactikaError` (from :meth:`act`) if ``view`` is no knock
    view or it is not the viewing seat's turn.
    """

    view_type = KnockView
    game = N_("knock game")


def _best_discard(hand: Sequence[PlayingCard], taken: PlayingCard | None) -> PlayingCard:
    """The card to discard: the one leaving the lowest hand value; among equals, keep
    2s and cards with partners of their rank, and throw the highest points."""

    def key(card: PlayingCard) -> tuple[int, int, int, PlayingCard]:
        rest = [other for other in hand if other != card]
        same = 3 if card.rank == WILD_RANK else sum(1 for other in hand if other.rank == card.rank)
        return (hand_value(rest), same, -card_points(card), card)

    return min((card for card in hand if card != taken), key=key)


class HeuristicKnockBot:
    """Keeps pairs, 2s and low cards; draws the discard pile's top card when it lowers
    the hand (after the best discard); knocks when the hand is worth ``knock_at`` or less.

    >>> from xactika_edu.core.knock_round import KnockRound
    >>> rnd = KnockRound(["7C 7D 7H 5S 4S", "KC KD QH QS JS"], "9C 9D", "2H", dealer=1)
    >>> str(HeuristicKnockBot().act(rnd.view(0)))   # the 2 makes four 7s: 5 + 4 -> 4
    'draw pile'
    >>> rnd.apply("draw pile"); str(HeuristicKnockBot().act(rnd.view(0)))
    'discard 5♠'
    """

    def __init__(self, knock_at: int = 5) -> None:
        if not isinstance(knock_at, int) or isinstance(knock_at, bool) or knock_at < 0:
            raise XactikaError(
                _("knock_at must be a whole number of points, got {value}").format(
                    value=shown(knock_at)
                )
            )
        self.knock_at = knock_at

    def act(self, view: KnockView) -> KnockAction:
        """The rule of thumb's action for ``view`` (one of ``view.legal_actions()``)."""
        actions = _legal_actions(view)
        if view.phase == "discard":
            return KnockAction(DISCARD, _best_discard(view.hand, view.taken))
        value = hand_value(view.hand)
        if KnockAction(KNOCK) in actions and value <= self.knock_at:
            return KnockAction(KNOCK)
        top = view.top
        if top is not None and KnockAction(DRAW_PILE) in actions:
            taken = [*view.hand, top]
            after = hand_value([card for card in taken if card != _best_discard(taken, top)])
            if after < value or KnockAction(DRAW_STOCK) not in actions:
                return KnockAction(DRAW_PILE)
        return KnockAction(DRAW_STOCK) if KnockAction(DRAW_STOCK) in actions else actions[0]

    def __repr__(self) -> str:
        return f"HeuristicKnockBot(knock_at={self.knock_at})"


def _check_bots(bots: object, players: int | None = None) -> tuple[KnockBot, ...]:
    """``bots`` as a tuple: knock players, ``players`` of them if given."""
    return check_bots(
        bots, KnockBot, _("knock game"), "[RandomKnockBot(seed=1), HeuristicKnockBot()]", players
    )


def play_knock_round(rnd: KnockRound, bots: Sequence[KnockBot]) -> KnockRound:
    """Play ``rnd`` to its end with ``bots[seat]`` acting for each seat (from its view).

    Returns the same round, now over.

    >>> from xactika_edu.core.knock_round import KnockRound
    >>> rnd = play_knock_round(KnockRound.deal(players=3, seed=4), [HeuristicKnockBot()] * 3)
    >>> rnd.is_over, len(rnd.scores())
    (True, 3)

    Raises :class:`~xactika_edu.XactikaError` for ``rnd`` not a knock round or ``bots``
    not one knock player per seat.
    """
    if not isinstance(rnd, KnockRound):
        raise XactikaError(_("not a knock round: {round}").format(round=shown(rnd)))
    bots = _check_bots(bots, rnd.players)
    play_out(rnd, bots)
    return rnd


def play_knock_game(
    bots: Sequence[KnockBot], seed: Seed = None, first_dealer: int | None = None
) -> KnockGame:
    """A whole knock game with ``bots[seat]`` playing each seat (2-5 bots).

    Returns the finished :class:`~xactika_edu.core.knock_game.KnockGame`; the same seed
    (and bots built with the same seeds) gives the same game.

    >>> game = play_knock_game([HeuristicKnockBot()] * 3, seed=7)
    >>> game.is_over, play_knock_game([HeuristicKnockBot()] * 3, seed=7) == game
    (True, True)

    Raises :class:`~xactika_edu.XactikaError` if ``bots`` is not a list of knock players.
    """
    bots = _check_bots(bots)
    game = KnockGame.new(len(bots), seed, first_dealer)
    play_out(game, bots)
    return game
