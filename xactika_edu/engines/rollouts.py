"""Play-outs for the look-ahead players: make each candidate bid or play in each guessed
deal, play the rest of the hand with the heuristic in every seat, and score the seat.

:class:`~xactika_edu.engines.bots.MonteCarloBot` and
:class:`~xactika_edu.engines.search.SearchBot` decide with these. Each call is one
batch on the batch engine (:func:`~xactika_edu.engines.batch_engine.run`): every deal
with every candidate, played out together from the seat's position
(:meth:`~xactika_edu.engines.batch_state.BatchState.at`). Deals are the form of
:func:`~xactika_edu.engines.sampling.sample_hidden_hands` (per deal, per seat, the deck
numbers each seat holds now).

>>> import numpy as np
>>> from xactika_edu.core.game import Round
>>> from xactika_edu.engines.sampling import sample_hidden_hands
>>> rnd = Round.from_hands(["3133 1111", "2222 1112"], dealer=1)
>>> deals = sample_hidden_hands(rnd.view(0), 4, np.random.default_rng(1))
>>> rollout_bid_points(rnd.view(0), [0, 1, 2], deals).shape
(4, 3)

Source: RULES.md (play and score); the heuristic is
:class:`~xactika_edu.engines.batch_policies.HeuristicPolicy`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np

from ..core.game import Play, PlayerView
from ..core.rules import CARD_INDEX, score
from .batch_engine import choose, run
from .batch_policies import HeuristicPolicy
from .batch_state import BatchState
from .batch_views import choice_of, dealt_hands, position_of

__all__ = ["HEURISTIC", "heuristic_bids", "rollout_bid_points", "rollout_play_points"]

#: The heuristic every seat plays in the play-outs (one object, shared).
HEURISTIC = HeuristicPolicy()

Deals = Sequence[Sequence[Collection[int]]]


def _batch(view: PlayerView, deals: Deals, candidates: int) -> BatchState:
    """Rows ``d * candidates + i``: deal ``d``, to be played with candidate ``i``."""
    position = position_of(view)
    hand = [CARD_INDEX[card] for card in view.hand]
    hands = np.repeat(dealt_hands(position, view.seat, hand, deals), candidates, axis=0)
    return BatchState.at(position, hands, rules=view.rules, record=False)


def rollout_play_points(view: PlayerView, plays: Sequence[Play], deals: Deals) -> np.ndarray:
    """The seat's points for the hand when it makes each play in each deal and every seat
    then plays as the heuristic.

    Args:
        view: the seat's view, at its turn to play.
        plays: candidate plays, each one of ``view.legal_plays()`` (not checked).
        deals: guessed deals (see the module notes).

    Returns:
        an int64 array of shape (len(deals), len(plays)): points (RULES.md, step 4).
    """
    state = _batch(view, deals, len(plays))
    rows = np.arange(state.n)
    choices = np.stack([choice_of(state, play) for play in plays], axis=1)
    run(state, [HEURISTIC] * view.players, first=choices[rows, rows % len(plays)])
    bid = int(view.bids[view.seat] or 0)
    points = score(np.full(state.n, bid), state.won[:, view.seat]).astype(np.int64)
    return points.reshape(len(deals), len(plays))


def rollout_bid_points(view: PlayerView, bids: Sequence[int], deals: Deals) -> np.ndarray:
    """The seat's points for the hand when it bids each of ``bids`` in each deal, the later
    seats bid as the heuristic would on their guessed hands, and every seat plays as the
    heuristic (the seat aiming at its bid).

    Args:
        view: the seat's view, at its turn to bid.
        bids: candidate bids, each legal (not checked).
        deals: guessed deals (see the module notes).

    Returns:
        an int64 array of shape (len(deals), len(bids)): points (RULES.md, step 4).
    """
    state = _batch(view, deals, len(bids))
    forced = np.full((state.n, view.players), -1)
    forced[:, view.seat] = np.tile(bids, len(deals))
    run(state, [HEURISTIC] * view.players, forced)
    points = score(state.bids[:, view.seat], state.won[:, view.seat]).astype(np.int64)
    return points.reshape(len(deals), len(bids))


def heuristic_bids(view: PlayerView, deals: Deals) -> np.ndarray:
    """What each seat would have bid as the heuristic on each guessed deal.

    Each deal's hands as dealt (the cards held now plus those played) are bid in
    order from the dealer's left, each seat seeing the *real* bids made before its
    own (so the dealer's rule applies as it did). Comparing these with the real bids
    tells how well a guessed deal explains them when the other players bid like
    :class:`~xactika_edu.engines.bots.HeuristicBot`.

    Args:
        view: a view after the bidding (every bid made).
        deals: guessed deals (see the module notes).

    Returns:
        an int64 array of shape (len(deals), players): bids.
    """
    position = position_of(view)
    hand = [CARD_INDEX[card] for card in view.hand]
    state = BatchState.deal(
        dealt_hands(position, view.seat, hand, deals),
        np.full(len(deals), view.dealer),
        rules=view.rules,
    )
    out = np.zeros((len(deals), view.players), dtype=np.int64)
    for k in range(view.players):
        seat = (view.dealer + 1 + k) % view.players
        out[:, seat] = choose(state, HEURISTIC)
        state.bids[:, seat] = position.bids[seat]
        state.bidding += 1
    return out
