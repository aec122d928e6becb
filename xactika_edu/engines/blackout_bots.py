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
from ..core.playing_cards import PlayingCard
from ..core.rules import BLACKOUT, trick_winner

__all__ = [
    "BlackoutPlayer",
    "HeuristicBlackoutPlayer",
    "RandomBlackoutPlayer",
    "likely_winners",
    "play_blackout",
    "wins_so_far",
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


def likely_winners(hand: Sequence[PlayingCard], trump_suit: int | None) -> float:
    """A rule-of-thumb count of the tricks ``hand`` should take.

    Each ace counts 1; a trump king or queen counts 1; a trump jack or ten counts 1
    when the hand holds at least three trumps (length in trumps wins late tricks); any
    other king counts 1/2.

    >>> from xactika_edu.core.playing_cards import parse_cards
    >>> likely_winners(parse_cards("AS KH QH 3H KC 2D"), trump_suit=2)
    3.5
    """
    long_trumps = sum(card.suit == trump_suit for card in hand) >= 3
    count = 0.0
    for card in hand:
        lowest_sure = (10 if long_trumps else 12) if card.suit == trump_suit else 14
        if card.rank >= lowest_sure:
            count += 1
        elif card.rank == 13:
            count += 0.5
    return count


def wins_so_far(view: BlackoutView, card: PlayingCard) -> bool:
    """Whether ``card``, played now, would hold the trick against the cards already in it
    (the shared :func:`~xactika_edu.core.rules.trick_winner`, with trumps).

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> rnd.apply(0); rnd.apply(0); rnd.apply("AS")
    >>> wins_so_far(rnd.view(1), PlayingCard.parse("KS"))
    False
    """
    cards = [c for _seat, c in view.current_trick] + [card]
    led = cards[0].suit
    trumps = None if view.trump_suit is None else [c.suit == view.trump_suit for c in cards]
    shows = [c.suit == led for c in cards]
    return int(trick_winner([c.rank for c in cards], shows, BLACKOUT, trumps)) == len(cards) - 1


class HeuristicBlackoutPlayer:
    """Bids its :func:`likely_winners`, then plays to make the bid exactly.

    Bidding: the count rounded, kept in 0 to the cards in hand; when that is the
    dealer's trap, the nearest legal bid (the lower one first). Playing, while it still
    needs tricks: lead its strongest card (an ace, else its highest trump, else its
    highest card); follow with the cheapest card that holds the trick, or throw its
    lowest card if none does. Once the bid is made: lead its lowest card (not a trump
    if it can); follow with the highest card that does not take the trick, or its
    lowest card if every card takes it.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> HeuristicBlackoutPlayer().act(rnd.view(0))
    1
    """

    def act(self, view: BlackoutView) -> int | PlayingCard:
        """The chosen bid or card for ``view``."""
        _check_turn(view)
        legal = view.legal_actions
        if view.phase == BID:
            wanted = min(max(round(likely_winners(view.hand, view.trump_suit)), 0), len(view.hand))
            bids = [bid for bid in legal if isinstance(bid, int)]
            return min(bids, key=lambda bid: (abs(bid - wanted), bid))
        cards = [card for card in legal if isinstance(card, PlayingCard)]
        bid = view.bids[view.seat]
        need = (0 if bid is None else bid) - view.tricks_won[view.seat]
        trump = view.trump_suit

        def strength(card: PlayingCard) -> tuple[int, int]:
            return (card.suit == trump, card.rank)

        if not view.current_trick:
            if need > 0:
                aces = [card for card in cards if card.rank == 14 and card.suit != trump]
                return max(aces or cards, key=strength)
            return min(cards, key=strength)
        winning = [card for card in cards if wins_so_far(view, card)]
        losing = [card for card in cards if card not in winning]
        if need > 0:
            return min(winning, key=strength) if winning else min(cards, key=strength)
        return max(losing, key=strength) if losing else min(cards, key=strength)

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
