"""The parts of Blackout (seed 004) around one round: the deck for a player count, the
round schedule, the legal plays, finished tricks and a player's view.

The round itself is :class:`xactika_edu.core.blackout.BlackoutRound` (the shared
engine of :mod:`xactika_edu.core.trick_round` with the rules
:data:`~xactika_edu.core.rules.BLACKOUT`); its view is the engine's
:class:`~xactika_edu.core.trick_round.TrickView` with the trump card added.

>>> max_round(5), len(blackout_deck(5)), round_schedule(3)[:4]
(10, 50, (1, 2, 3, 4))

Source: seed 004, Blackout ("Setup", "The Scorecard"). Core layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..base.checks import check_whole
from ..base.language import gettext as _
from .playing_cards import STANDARD_DECK, PlayingCard
from .plays import BID, OVER, PLAY, seat_namer
from .rules import BLACKOUT, Ruleset, legal_follows
from .trick_parts import TrickView

__all__ = [
    "BID",
    "OVER",
    "PLAY",
    "Action",
    "BlackoutTrick",
    "BlackoutView",
    "blackout_deck",
    "blackout_plays",
    "check_players",
    "max_round",
    "round_schedule",
    "trick_words",
]

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


def blackout_plays(
    hand: Sequence[PlayingCard],
    trick: Sequence[tuple[int, PlayingCard]],
    rules: Ruleset = BLACKOUT,
) -> list[PlayingCard]:
    """The cards a player holding ``hand`` may play to ``trick`` (the trick so far):
    any card to lead; else the led suit if able, otherwise any card (a trump or a discard).

    >>> from xactika_edu.core.playing_cards import parse_cards
    >>> hand = parse_cards("2H 9S KS")
    >>> len(blackout_plays(hand, ())), blackout_plays(hand, [(1, PlayingCard.parse("QS"))])
    (3, [PlayingCard.parse('9♠'), PlayingCard.parse('K♠')])

    Source: seed 004, Blackout, "Gameplay" ("You must follow the leading suit if possible").
    """
    if not trick:
        return list(hand)
    return legal_follows(hand, trick[0][1].suit, rules)


@dataclass(frozen=True, slots=True)
class BlackoutTrick:
    """A finished trick: the leader, ``(seat, card)`` pairs in the order played, the winner.

    ``str`` is one line of the transcript.

    >>> trick = BlackoutTrick(1, ((1, PlayingCard.parse("QS")), (0, PlayingCard.parse("2S"))), 1)
    >>> print(trick)
    player 1 leads Q♠; player 0 plays 2♠; player 1 wins
    >>> trick.describe(["Ana", "Ben"])
    'Ben leads Q♠; Ana plays 2♠; Ben wins'
    """

    leader: int
    plays: tuple[tuple[int, PlayingCard], ...]
    winner: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One line of words; ``names`` (one per seat) replace ``"player 0"`` etc."""
        name = seat_namer(names, 1 + max(seat for seat, _card in self.plays), exact=False)
        words = trick_words(self.plays, name)
        return "; ".join([*words, _("{name} wins").format(name=name(self.winner))])

    def __str__(self) -> str:
        return self.describe()


def trick_words(plays: Sequence[tuple[int, PlayingCard]], name: Callable[[int], str]) -> list[str]:
    """A trick's plays in words, the lead first (``name`` names a seat).

    >>> trick_words([(2, PlayingCard.parse("QS"))], lambda seat: f"seat {seat}")
    ['seat 2 leads Q♠']
    """
    return [
        (_("{name} leads {card}") if k == 0 else _("{name} plays {card}")).format(
            name=name(seat), card=card
        )
        for k, (seat, card) in enumerate(plays)
    ]


@dataclass(frozen=True, slots=True)
class BlackoutView(TrickView[tuple[PlayingCard, ...], PlayingCard, BlackoutTrick]):
    """What one player may know: own hand, the trump card, bids, tricks, the turn.

    Other players' hands are not in it. :meth:`legal_actions` (the bids or cards this
    seat may choose) is empty unless it is this seat's turn. Made by
    :meth:`BlackoutRound.view <xactika_edu.core.blackout.BlackoutRound.view>`; the
    shared fields are :class:`~xactika_edu.core.trick_round.TrickView`'s.

    >>> from xactika_edu.core.blackout import BlackoutRound
    >>> view = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1).view(0)
    >>> view.trump_suit, view.legal_actions(), view.cards_held
    (2, [0, 1, 2], (2, 2))

    Attributes:
        trump_card: the turned-up card, ``None`` in a round without trump.
        rules: :data:`~xactika_edu.core.rules.BLACKOUT`.
    """

    trump_card: PlayingCard | None
    rules: Ruleset = field(default=BLACKOUT, compare=False, repr=False)

    @property
    def trump_suit(self) -> int | None:
        """The trump suit's number (0-3), ``None`` in a round without trump."""
        return None if self.trump_card is None else self.trump_card.suit

    @property
    def played(self) -> tuple[PlayingCard, ...]:
        """Every card played so far, in order."""
        done = [card for trick in self.tricks for _seat, card in trick.plays]
        return (*done, *(card for _seat, card in self.current_trick))

    def legal_plays(self) -> list[PlayingCard]:
        """The cards this seat may play now; empty unless it is playing now."""
        if self.phase != PLAY or not self.is_my_turn:
            return []
        return blackout_plays(self.hand, self.current_trick, self.rules)
