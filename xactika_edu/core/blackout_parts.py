"""The parts of Blackout (seed 004) around one round: the deck for a player count, the
round schedule, finished tricks and a player's view.

The round itself is :class:`xactika_edu.core.blackout.BlackoutRound`; the rules are
:data:`~xactika_edu.core.rules.BLACKOUT`.

>>> max_round(5), len(blackout_deck(5)), round_schedule(3)[:4]
(10, 50, (1, 2, 3, 4))

Source: seed 004, Blackout ("Setup", "The Scorecard"). Core layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base.checks import check_whole
from ..base.language import gettext as _
from .playing_cards import STANDARD_DECK, PlayingCard
from .rules import BLACKOUT

__all__ = [
    "BID",
    "OVER",
    "PLAY",
    "Action",
    "BlackoutTrick",
    "BlackoutView",
    "blackout_deck",
    "check_players",
    "max_round",
    "round_schedule",
    "trick_text",
]

#: The phases of a round.
BID, PLAY, OVER = "bid", "play", "over"
#: One action: a bid (whole number) or a card played.
Action = int | PlayingCard


def check_players(players: object) -> int:
    """``players`` as an int if it is 2 to 8 (Blackout's table), else an XactikaError.

    >>> check_players(8)
    8
    """
    low, high = BLACKOUT.players
    return check_whole(players, "players", low, high)


def max_round(players: int) -> int:
    """The largest round (cards per player): 52 divided by the players, rounded down.

    >>> max_round(4), max_round(5), [max_round(n) for n in range(2, 9)]
    (13, 10, [26, 17, 13, 10, 8, 7, 6])

    Raises :class:`~xactika_edu.XactikaError` unless ``players`` is 2 to 8.
    Source: seed 004, Blackout, "Setup" ("divide 52 by the number of players").
    """
    return len(STANDARD_DECK) // check_players(players)


def blackout_deck(players: int) -> tuple[PlayingCard, ...]:
    """The cards used by ``players``: players x max round of them, lowest removed first.

    Cards go from the bottom up: the 2s first, in suit order (♣ ♦ ♥ ♠) when fewer
    than four must go, then the 3s. In deck order (a tuple of 48-52 cards).

    >>> len(blackout_deck(4)), len(blackout_deck(5)), len(blackout_deck(7))
    (52, 50, 49)
    >>> [str(card) for card in STANDARD_DECK if card not in blackout_deck(7)]
    ['2♣', '2♦', '2♥']

    Source: seed 004, Blackout, "Setup" ("Remove lowest-value cards (i.e. 2s) first").
    """
    used = players * max_round(players)
    removed = set(sorted(STANDARD_DECK, key=lambda card: (card.rank, card.suit))[: 52 - used])
    return tuple(card for card in STANDARD_DECK if card not in removed)


def round_schedule(players: int) -> tuple[int, ...]:
    """The cards dealt in each round: 1, 2, ... up to the max round, then back down to 1.

    The max round is played once (2 x max - 1 rounds in all).

    >>> round_schedule(8)
    (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    >>> len(round_schedule(4))
    25

    Source: seed 004, Blackout, "The Scorecard".
    """
    top = max_round(players)
    return (*range(1, top + 1), *range(top - 1, 0, -1))


@dataclass(frozen=True)
class BlackoutTrick:
    """A finished trick: the leader, ``(seat, card)`` pairs in the order played, the winner.

    ``str`` is one line of the transcript.

    >>> trick = BlackoutTrick(1, ((1, PlayingCard.parse("QS")), (0, PlayingCard.parse("2S"))), 1)
    >>> print(trick)
    player 1 leads Q♠; player 0 plays 2♠; player 1 wins
    """

    leader: int
    plays: tuple[tuple[int, PlayingCard], ...]
    winner: int

    def __str__(self) -> str:
        return trick_text(self.plays, self.winner)


def trick_text(plays: Sequence[tuple[int, PlayingCard]], winner: int | None) -> str:
    """One trick of the transcript; ``winner`` ``None`` for a trick in progress.

    >>> trick_text([(2, PlayingCard.parse("QS"))], None)
    'player 2 leads Q♠'
    """
    parts = [
        (_("player {seat} leads {card}") if k == 0 else _("player {seat} plays {card}")).format(
            seat=seat, card=card
        )
        for k, (seat, card) in enumerate(plays)
    ]
    if winner is not None:
        parts.append(_("player {seat} wins").format(seat=winner))
    return "; ".join(parts)


@dataclass(frozen=True)
class BlackoutView:
    """What one player may know: own hand, the trump card, bids, tricks, legal actions.

    Other players' hands are not in it. ``legal_actions`` is empty unless it is this
    seat's turn. Made by :meth:`BlackoutRound.view`.
    """

    seat: int
    players: int
    dealer: int
    cards_per_hand: int
    hand: tuple[PlayingCard, ...]
    trump_card: PlayingCard | None
    bids: tuple[int | None, ...]
    tricks: tuple[BlackoutTrick, ...]
    current_trick: tuple[tuple[int, PlayingCard], ...]
    tricks_won: tuple[int, ...]
    current_player: int | None
    phase: str
    legal_actions: tuple[Action, ...]

    @property
    def trump_suit(self) -> int | None:
        """The trump suit's number (0-3), ``None`` in a round without trump."""
        return None if self.trump_card is None else self.trump_card.suit

    @property
    def played(self) -> tuple[PlayingCard, ...]:
        """Every card played so far, in order."""
        done = [card for trick in self.tricks for _seat, card in trick.plays]
        return (*done, *(card for _seat, card in self.current_trick))
