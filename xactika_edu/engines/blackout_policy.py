"""Blackout's rule-of-thumb player as a batch policy: one rule for one round or millions.

:class:`BlackoutHeuristicPolicy` answers for many Blackout rounds at once on the batch
engine (:mod:`xactika_edu.engines.batch_engine`); the computer player
:class:`~xactika_edu.engines.blackout_bots.HeuristicBlackoutBot` runs it on a
one-round batch built from its view (:func:`state_for_view`), as Xactika's
HeuristicBot runs :class:`~xactika_edu.engines.batch_policies.HeuristicPolicy`.

The rule (seed 004's Blackout: bid the tricks you expect, then make the bid exactly):

* **Bid** the hand's likely winners, rounded (halves to even, as Python's ``round``)
  and kept in 0 to the cards held: each ace 1; a trump king or queen 1; a trump jack
  or ten 1 when holding at least three trumps; any other king 1/2. When that is the
  dealer's trap, the nearest legal bid, the lower one first.
* **Lead**, while the bid still needs tricks: the strongest ace of a plain suit if it
  holds one, else its strongest card; once the bid is made: its weakest card.
* **Follow**, while the bid still needs tricks: the weakest card that would hold the
  trick so far, or its weakest card if none would; once the bid is made: the strongest
  card that would not take the trick, or its weakest card if every card would.

"Strongest" orders trumps above other cards, then by rank; ties go to the first card
in deck order.

>>> from xactika_edu.core.blackout import BlackoutRound
>>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
>>> state = state_for_view(rnd.view(0))
>>> choose(state, BlackoutHeuristicPolicy()).tolist()   # A♠ is a likely winner, 2♥ is not
[1]

Source: seed 004, Blackout. Engines layer.
"""

from __future__ import annotations

import numpy as np

from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.blackout import PLAY, BlackoutView
from ..core.playing_cards import PlayingCard
from ..core.rules import BLACKOUT, beats, forbidden_bid, trick_winner
from .batch_engine import choose
from .batch_policies import Policy
from .batch_state import BatchState

__all__ = ["BlackoutHeuristicPolicy", "choose", "state_for_view"]

_BITS = np.arange(32)


def _slots(legal: np.ndarray, cards: int) -> np.ndarray:
    """The legal slots of each row as booleans, shape (rows, cards)."""
    return ((legal.astype(np.int64)[:, None] >> _BITS[:cards]) & 1).astype(bool)


def _first(key: np.ndarray, allowed: np.ndarray, largest: bool) -> np.ndarray:
    """Per row, the first column with the largest (or smallest) key among ``allowed``."""
    if largest:
        return np.where(allowed, key, -1).argmax(axis=1)
    return np.where(allowed, key, 1 << 20).argmin(axis=1)


class BlackoutHeuristicPolicy(Policy):
    """The rule of the module notes, for a batch of Blackout rounds (deterministic)."""

    def _cards(self, state: BatchState, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """The seat to act's cards by slot: rank, whether a trump, and strength."""
        hand = state.hand[state.base[rows] + state.seat[rows]]
        tables = state.tables
        suits = tables.suits if tables.suits is not None else np.zeros(52, np.int8)
        rank = tables.values[hand].astype(np.int64)
        trump = np.full((len(rows), 1), -1) if state.trump is None else state.trump[rows][:, None]
        is_trump = suits[hand] == trump
        return hand, rank, is_trump, is_trump * 16 + rank

    def _need(self, state: BatchState, rows: np.ndarray) -> np.ndarray:
        seat = state.seat[rows]
        return state.won[rows, seat] < state.bids[rows, seat]

    def bid(self, state: BatchState, rows: np.ndarray, total: np.ndarray | None) -> np.ndarray:
        cards = state.cards
        _hand, rank, is_trump, _strength = self._cards(state, rows)
        long = is_trump.sum(axis=1) >= 3
        lowest = np.where(is_trump, np.where(long[:, None], 10, 12), 14)
        sure = rank >= lowest
        count = sure.sum(axis=1) + 0.5 * (~sure & (rank == 13)).sum(axis=1)
        wanted = np.clip(np.round(count), 0, cards)  # halves to even, as round()
        cost = np.abs(np.arange(cards + 1)[None, :] - wanted[:, None])
        if total is not None:  # the dealer: never the trap
            forbidden = forbidden_bid(total, cards, state.rules)
            dealer = np.flatnonzero(forbidden >= 0)
            cost[dealer, forbidden[dealer]] = np.inf
        return cost.argmin(axis=1).astype(np.int8)  # first minimum: the lower bid

    def lead(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        _hand, rank, is_trump, strength = self._cards(state, rows)
        allowed = _slots(legal, state.cards)
        aces = allowed & (rank == 14) & ~is_trump
        pool = np.where(aces.any(axis=1)[:, None], aces, allowed)
        need = self._need(state, rows)
        return np.where(
            need, _first(strength, pool, largest=True), _first(strength, allowed, largest=False)
        )

    def follow(self, state: BatchState, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        hand, rank, is_trump, strength = self._cards(state, rows)
        allowed = _slots(legal, state.cards)
        shows = state.tables.shows[hand, state.call[rows][:, None]]
        wins = np.asarray(
            beats(
                rank,
                shows,
                state.best[rows][:, None].astype(np.int64),
                state.rules,
                is_trump,
                np.broadcast_to(state.best_trump[rows][:, None], rank.shape),
            ),
            dtype=bool,
        )
        winning, losing = allowed & wins, allowed & ~wins
        weakest = _first(strength, allowed, largest=False)
        take = np.where(winning.any(axis=1), _first(strength, winning, largest=False), weakest)
        duck = np.where(losing.any(axis=1), _first(strength, losing, largest=True), weakest)
        return np.where(self._need(state, rows), take, duck)


def state_for_view(view: BlackoutView) -> BatchState:
    """A one-round batch holding what ``view``'s seat knows, for that seat to choose.

    The seat's cards as dealt (held now and played) sit in its slots; the other hands
    are unknown and left as placeholders: enough for a policy to choose
    (:func:`~xactika_edu.engines.batch_engine.choose`), not to play the round on.

    Raises:
        XactikaError: if it is not ``view``'s seat's turn.
    """
    if view.current_player != view.seat:
        raise XactikaError(
            _("it is not player {seat}'s turn: no legal action in the view").format(seat=view.seat)
        )
    players, cards, seat = view.players, view.cards_per_hand, view.seat
    mine = [card.index for card in view.hand]
    played = [card.index for s, card in _plays(view) if s == seat]
    dealt = sorted(mine + played)
    hands = np.zeros((1, players, cards), dtype=np.int8)
    hands[0, seat] = dealt
    trump = -1 if view.trump_suit is None else view.trump_suit
    state = BatchState.deal(
        hands, np.array([view.dealer]), track=False, rules=BLACKOUT, trumps=np.array([trump])
    )
    holding = set(mine)
    state.held[seat] = sum(1 << slot for slot, card in enumerate(dealt) if card in holding)
    state.bids[0] = [-1 if bid is None else bid for bid in view.bids]
    state.bidding = sum(bid is not None for bid in view.bids)
    state.won[0] = view.tricks_won
    state.trick, state.position = len(view.tricks), len(view.current_trick)
    if view.phase == PLAY:
        leader = view.current_trick[0][0] if view.current_trick else _next_leader(view)
        state.leader = np.array([leader])
        if view.current_trick:
            trick = [card for _seat, card in view.current_trick]
            led = trick[0].suit
            trumps = None if view.trump_suit is None else [c.suit == view.trump_suit for c in trick]
            best = int(
                trick_winner(
                    [c.rank for c in trick], [c.suit == led for c in trick], BLACKOUT, trumps
                )
            )
            state.call = np.array([led])
            state.best[0] = trick[best].rank
            state.best_trump[0] = trick[best].suit == view.trump_suit
            state.winner[0] = view.current_trick[best][0]
    return state


def _next_leader(view: BlackoutView) -> int:
    if view.tricks:
        return view.tricks[-1].winner
    return (view.dealer + 1) % view.players


def _plays(view: BlackoutView) -> list[tuple[int, PlayingCard]]:
    """Every ``(seat, card)`` played so far, in order."""
    return [*(play for trick in view.tricks for play in trick.plays), *view.current_trick]
