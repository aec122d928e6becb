"""A stronger computer player: determinized search, with the last tricks solved exactly.

:class:`SearchBot` guesses the hidden hands many times, exactly uniformly among the
deals consistent with what its seat has seen (voids included:
:func:`~xactika_edu.engines.sampling.sample_hidden_hands`), and decides as if each
guess were the truth, keeping the choice with the best mean over the guesses (the
same guesses for every candidate: common random numbers). This is what bridge and
skat programs call determinized (or perfect-information Monte Carlo) search.

* **Bid**: the bid with the best expected score when the hand is played *for each
  bid* on the same deals (:func:`~xactika_edu.engines.advice.bid_advice`).
* **Play, early**: play-outs with the heuristic in every seat, as
  :class:`~xactika_edu.engines.bots.MonteCarloBot` does, every candidate on every deal
  (:mod:`xactika_edu.engines.rollouts`).
* **Play, last tricks** (at most ``endgame_cards`` cards in hand): each guessed deal is
  solved exactly, every player maximizing its own score
  (:class:`~xactika_edu.engines.endgame.Endgame`, max^n with a transposition table).

Source: RULES.md; strength and speed in ``benchmarks/README.md`` and the README.
"""

from __future__ import annotations

from ..base.checks import check_whole
from ..core.cards import Seed
from ..core.game import BID, PLAY, Play, PlayerView
from ..core.rules import CARD_INDEX, COMBINATION_INDEX, XACTIKA
from .advice import bid_advice
from .batch_engine import choose
from .batch_views import one_row, play_of, position_of
from .bots import Bot, MonteCarloBot, check_turn
from .endgame import Endgame
from .rollouts import HEURISTIC, rollout_play_points
from .sampling import sample_hidden_hands

__all__ = ["SearchBot", "play_key"]


def play_key(play: Play) -> int:
    """The number :meth:`Endgame.move_values <xactika_edu.engines.endgame.Endgame.move_values>`
    gives a play: ``card * 4 + shape`` for a lead, the card's deck number for a follow.

    >>> play_key(Play.parse("1111:1cu")), play_key(Play.parse("1111"))
    (1, 0)
    """
    card = CARD_INDEX[play.card]
    if play.call is None:
        return card
    return card * 4 + COMBINATION_INDEX[play.call] // 3


class SearchBot(Bot):
    """Bids by playing each bid, plays by play-outs, and solves the last tricks exactly.

    **Bid.** :func:`~xactika_edu.engines.advice.bid_advice` on its hand with
    ``bid_trials`` deals (the bids made so far as given; later seats bid as
    HeuristicBot would), and bids its recommendation: the legal bid with the best
    expected score when the hand is played for that bid (ties: the lower bid).

    **Play.** With one legal play, plays it. With more than ``endgame_cards`` cards in
    hand, draws ``samples`` deals and makes *every* legal play in each of them, the
    rest of the hand played out with the heuristic in every seat
    (:func:`~xactika_edu.engines.rollouts.rollout_play_points`; unlike
    MonteCarloBot, no candidate is dropped after a first look), and the bot scores
    each play by its total. With ``endgame_cards`` cards or fewer, draws
    ``endgame_samples`` deals (exactly uniform, voids included) and solves each
    exactly (:class:`~xactika_edu.engines.endgame.Endgame`: every player maximizes
    its own score for the hand, knowing every hand); each legal play gets its mean
    score over the deals, and the bot plays the best (ties: HeuristicBot's choice,
    else the first in ``legal_plays()``).

    The defaults were chosen by measurement (``benchmarks/README.md``, "Issue 11").

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["3133 1111", "2222 1112"], dealer=1)
    >>> bot = SearchBot(seed=1, bid_trials=200)
    >>> bot.bid(rnd.view(0))
    2
    >>> rnd.bid(2); rnd.bid(1)
    >>> bot.play(rnd.view(0))       # wins now for sure; 1111 may then win the last
    Play.parse('3133:1cu')

    Args:
        seed: as for :class:`~xactika_edu.engines.bots.Bot`; the same seed gives the
            same choices.
        samples: deals per early play (play-outs), 1 to 10,000.
        endgame_cards: solve exactly with this many cards in hand or fewer, 0 to 8
            (0: never). The solver's cost grows fast with it (about 1 ms a deal with
            3 cards each at 4 players, 20 ms with 4).
        endgame_samples: deals per endgame play, 1 to 10,000.
        bid_trials: deals per bid, 1 to 1,000,000.

    Raises:
        XactikaError: if a number is out of range (naming it) or ``seed`` is bad.
    """

    name = "search"

    def __init__(
        self,
        seed: Seed = None,
        samples: int = 64,
        endgame_cards: int = 3,
        endgame_samples: int = 32,
        bid_trials: int = 500,
    ) -> None:
        super().__init__(seed)
        self.samples = check_whole(samples, "samples", 1, 10_000)
        self.endgame_cards = check_whole(endgame_cards, "endgame_cards", 0, 8)
        self.endgame_samples = check_whole(endgame_samples, "endgame_samples", 1, 10_000)
        self.bid_trials = check_whole(bid_trials, "bid_trials", 1, 1_000_000)
        # bids under another ruleset than Xactika's; draws from this bot's generator
        self._playouts = MonteCarloBot(seed=self.rng, samples=self.samples)

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed!r}, samples={self.samples}, "
            f"endgame_cards={self.endgame_cards}, endgame_samples={self.endgame_samples}, "
            f"bid_trials={self.bid_trials})"
        )

    def bid(self, view: PlayerView) -> int:
        """The bid :func:`~xactika_edu.engines.advice.bid_advice` recommends (see the
        class notes); under another ruleset than Xactika's, MonteCarloBot's bid."""
        check_turn(view, BID)
        if view.rules != XACTIKA:  # bid_advice plays the standard rules only
            return self._playouts.bid(view)
        order = [(view.dealer + 1 + k) % view.players for k in range(view.players)]
        made = [bid for bid in (view.bids[seat] for seat in order) if bid is not None]
        advice = bid_advice(
            view.hand,
            view.players,
            view.seat,
            trials=self.bid_trials,
            seed=self.rng,
            dealer=view.dealer,
            bids_so_far=made,
        )
        return int(advice.attrs["recommended"])

    def _solved(self, view: PlayerView, legal: list[Play]) -> list[int]:
        """Each play's total score over ``endgame_samples`` deals, each solved exactly."""
        position = position_of(view)
        keys = [play_key(play) for play in legal]
        totals = [0] * len(legal)
        for deal in sample_hidden_hands(view, self.endgame_samples, self.rng):
            solver = Endgame(view.players, position.bids, view.rules)
            values = solver.move_values(
                tuple(tuple(cards) for cards in deal),
                position.leader,
                position.won,
                position.current,
                position.call,
            )
            for i, key in enumerate(keys):
                totals[i] += values[key]
        return totals

    def play(self, view: PlayerView) -> Play:
        """The play with the best mean score over the guessed deals (see the class notes)."""
        legal = check_turn(view, PLAY).legal_plays()
        if len(legal) == 1:
            return legal[0]
        if len(view.hand) > self.endgame_cards:
            deals = sample_hidden_hands(view, self.samples, self.rng)
            totals = rollout_play_points(view, legal, deals).sum(axis=0).tolist()
        else:
            totals = self._solved(view, legal)
        best = max(totals)
        row = one_row(view)
        preferred = play_of(row, 0, int(choose(row, HEURISTIC)[0]))
        if totals[legal.index(preferred)] == best:
            return preferred
        return legal[totals.index(best)]
