"""The rules engine: one hand of Xactika (a :class:`Round`) and a whole :class:`Game`.

A :class:`Round` is a *state* in the style of OpenSpiel's Python games: it lists the
legal actions (:meth:`Round.legal_bids`, :meth:`Round.legal_plays`, or either as
:meth:`Round.legal_actions`), applies one (:meth:`Round.bid`, :meth:`Round.play`, or
either as :meth:`Round.apply`) and refuses an illegal one with an error that names the
rule broken, leaving the round unchanged. The turn machinery is the engine every game
of the family shares (:mod:`xactika_edu.core.trick_round`; Blackout's round is the same
engine with another ruleset). :meth:`Round.view` gives a
:class:`PlayerView`: what one player may know, never the other hands.

Seats are numbered 0 to players - 1; clockwise (to the left) is the next seat number,
wrapping round. Bidding and the first lead start at the dealer's left (dealer + 1).
Source: RULES.md ("A hand (round)", "A game"); the example is seed 002's worked
example (Anne is player 0, Tim is player 1 and deals).

>>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
>>> rnd.bid(1)
>>> rnd.legal_bids()           # the dealer may not bid 2: the bids would total 3
[0, 1, 3]
>>> rnd.bid(1)
>>> for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
...     rnd.play(play)
>>> print(rnd)
2 players, 3 cards each; dealer: player 1
bids: player 0 bids 1; player 1 bids 1
trick 1: player 0 leads 2332 calling 2 balls; player 1 plays 2233; player 1 wins
trick 2: player 1 leads 1212 calling 2 cubes; player 0 plays 1312; player 1 wins
trick 3: player 1 leads 1112 calling 2 stars; player 0 plays 3122; player 0 wins
scores: player 0 +1 (bid 1, took 1); player 1 -1 (bid 1, took 2)
>>> rnd.scores()
(1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base.checks import as_items, check_whole
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import CARDS_PER_HAND, Card, Combination, as_card, as_combination
from .games import HANDS_PER_GAME, Game
from .plays import BID, OVER, PHASES, PLAY, Play, Trick, winner_index
from .rounds import Round
from .rules import score as rule_score
from .views import PlayerView

__all__ = [
    "BID",
    "HANDS_PER_GAME",
    "OVER",
    "PHASES",
    "PLAY",
    "Game",
    "Play",
    "PlayerView",
    "Round",
    "Trick",
    "score",
    "trick_winner",
]

# The game's parts live in their own modules (plays: Play, Trick and the phases;
# views: PlayerView; round_state, round_text, rounds: Round; games: Game) and the
# rules in rules.py; this module is where they are documented and imported from.


def score(bid: int, tricks: int) -> int:
    """Points for one hand: the tricks taken if the bid was exact, else -|tricks - bid|.

    Source: RULES.md, "A hand (round)", step 4.

    >>> score(3, 3), score(0, 0), score(3, 5), score(2, 1)
    (3, 0, -2, -1)
    >>> score(-5, 100)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: bid must be from 0 to 8, got -5

    Args:
        bid: the tricks bid, a whole number from 0 to 8 (the most cards in a hand).
        tricks: the tricks taken, a whole number from 0 to 8.

    Returns:
        the points, an int from -8 to 8.

    Raises:
        XactikaError: if ``bid`` or ``tricks`` is not a whole number from 0 to 8.
    """
    bid = check_whole(bid, "bid", 0, CARDS_PER_HAND)
    tricks = check_whole(tricks, "tricks", 0, CARDS_PER_HAND)
    return rule_score(bid, tricks)


def trick_winner(cards: Sequence[Card | str], call: Combination | str) -> int:
    """Which card wins a trick: its position in the order played (0 = the lead).

    The highest face value among the cards showing ``call`` wins; ties go to the card
    played last. Source: RULES.md, "A hand (round)", step 3.

    >>> trick_winner(["2332", "2233"], "2 balls")    # two 10s: the later one wins
    1
    >>> trick_winner(["1212", "1312"], "2 cubes")    # 1312 does not show 2 cubes
    0

    Args:
        cards: the cards in the order played, the lead first (1-10 cards).
        call: the combination the leader called.

    Returns:
        an index into ``cards``.

    Raises:
        XactikaError: if ``cards`` is empty or the lead does not show ``call``.
    """
    played = [as_card(card) for card in as_items(cards, "cards", example="['2332', '2233']")]
    call = as_combination(call)
    if not played:
        raise XactikaError(_("a trick needs at least one card, got none"))
    if not played[0].has(call):
        raise XactikaError(
            _("the lead {played} does not show {call}").format(played=played[0], call=call)
        )
    return winner_index(played, call)
