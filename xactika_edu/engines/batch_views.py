"""From what one player sees to the batch engine: a :class:`~xactika_edu.core.game.PlayerView`
as a :class:`~xactika_edu.engines.batch_state.Position`, deals around it, and the batch
engine's answer as a :class:`~xactika_edu.core.game.Play`.

A computer player decides by running the batch policy on a batch built from its
view: one row for :class:`~xactika_edu.engines.bots.HeuristicBot`, one row per sampled deal
and candidate move for :class:`~xactika_edu.engines.bots.MonteCarloBot`. The other seats'
hidden cards are either sampled (:mod:`xactika_edu.engines.sampling`) or, when the policy
reads only the acting seat's knowledge, filled in with unseen cards.

>>> from xactika_edu.core.game import Round
>>> rnd = Round.from_hands(["3133 1111", "2222 1112"], dealer=1)
>>> rnd.bid(1); rnd.bid(0)
>>> position_of(rnd.view(0)).to_act, position_of(rnd.view(0)).bids
(0, (1, 0))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np

from ..core.cards import DECK
from ..core.game import Play, PlayerView
from ..core.rules import CARD_INDEX, COMBINATION_INDEX
from .batch_state import BatchState, Position

__all__ = ["choice_of", "dealt_hands", "one_row", "play_of", "position_of"]

_LEADS: dict[tuple[int, int], Play] = {
    (index, shape): Play(card, card.combinations[shape])
    for index, card in enumerate(DECK)
    for shape in range(4)
}
_FOLLOWS: tuple[Play, ...] = tuple(Play(card) for card in DECK)


def position_of(view: PlayerView) -> Position:
    """The public part of ``view``: bids, tricks, the trick in progress and voids."""
    tricks = tuple(
        (
            trick.leader,
            COMBINATION_INDEX[trick.call],
            tuple(CARD_INDEX[card] for card in trick.cards),
            trick.winner,
        )
        for trick in view.tricks
    )
    current = tuple((seat, CARD_INDEX[play.card]) for seat, play in view.current_trick)
    if view.current_trick:
        leader = view.current_trick[0][0]
    elif view.tricks:
        leader = view.tricks[-1].winner
    else:
        leader = (view.dealer + 1) % view.players
    call = view.call
    return Position(
        players=view.players,
        cards=view.cards_per_hand,
        dealer=view.dealer,
        bids=tuple(-1 if bid is None else bid for bid in view.bids),
        tricks=tricks,
        current=current,
        call=-1 if call is None else COMBINATION_INDEX[call],
        leader=leader,
        voids=tuple(tuple(COMBINATION_INDEX[c] for c in combos) for combos in view.voids),
    )


def dealt_hands(
    position: Position,
    seat: int,
    hand: Sequence[int],
    hidden: Sequence[Sequence[Collection[int]]],
) -> np.ndarray:
    """Every seat's cards as dealt, for each guess of the hidden hands.

    Args:
        position: the point of play; seat: the viewer; hand: its cards now.
        hidden: per deal, per seat, the cards that seat holds now (the viewer's
            entry is ignored).

    Returns:
        an int8 array (deals, players, cards): cards held now plus cards played.
    """
    played = position.played_by
    out = np.empty((len(hidden), position.players, position.cards), dtype=np.int8)
    for d, hands in enumerate(hidden):
        for s in range(position.players):
            now = hand if s == seat else hands[s]
            out[d, s] = [*now, *played[s]]
    return out


def one_row(view: PlayerView) -> BatchState:
    """A one-round batch at ``view``'s point of play, holding what the viewer knows:
    enough for its policy to choose (:meth:`BatchState.for_seat`)."""
    hand = [CARD_INDEX[card] for card in view.hand]
    return BatchState.for_seat(position_of(view), hand, rules=view.rules)


def play_of(state: BatchState, row: int, choice: int) -> Play:
    """The :class:`Play` of a batch choice in round ``row`` for the seat to act."""
    slots = state.hand[state.base[row] + state.seat[row]]
    if state.position == 0:
        card = int(slots[choice >> 2])
        return _LEADS[card, choice & 3]
    return _FOLLOWS[int(slots[choice])]


def choice_of(state: BatchState, play: Play) -> np.ndarray:
    """The batch choice (a lead's ``slot * 4 + shape``, a follow's slot) of ``play``
    for the seat to act, in every round of ``state``."""
    card = CARD_INDEX[play.card]
    slots = state.hand[state.base + state.seat]
    slot = (slots == card).argmax(axis=1)
    if play.call is None:
        return slot
    return slot * 4 + COMBINATION_INDEX[play.call] // 3  # the call's shape
