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

import numpy as np

from ..base.checks import check_number, check_whole
from ..core.cards import Seed
from ..core.game import BID, PLAY, Play, PlayerView
from ..core.rules import CARD_INDEX, COMBINATION_INDEX, XACTIKA
from .advice import bid_advice
from .batch_engine import choose
from .batch_views import one_row, play_of, position_of
from .bots import Bot, MonteCarloBot, check_turn
from .endgame import Endgame
from .rollouts import HEURISTIC, heuristic_bids, rollout_play_points
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
    its own score for the hand, knowing every hand). Each legal play gets its
    (weighted, see below) mean score over the deals, and the bot plays the best
    (ties: HeuristicBot's choice, else the first in ``legal_plays()``).

    **What the bids tell** (``bid_pool``, ``bid_inference``). A deal drawn
    uniformly ignores the other players' bids, though a bid says much about a
    hand. Each guessed deal can count ``exp(-bid_inference x d)`` instead of 1, with
    ``d`` the sum over the other seats of the distance between the bid the
    heuristic would have made on the guessed hand and the real bid
    (the weights): deals that explain the bids count more. It assumes the
    others bid roughly as :class:`~xactika_edu.engines.bots.HeuristicBot`. Or, with
    ``bid_pool`` above the deals needed, the bot draws ``bid_pool`` deals and keeps
    the ones whose heuristic bids are nearest the real ones (:meth:`guess_deals`).

    **Defaults, by measurement** (duplicate deals against three HeuristicBots,
    ``benchmarks/duplicate.py``; figures in ``benchmarks/README.md``, "Issue 11").
    Solving exactly from 3 cards scored 0.16 points a hand *less* than from 1 card
    (95% interval 0.06 to 0.26, 600 hands), and from 2 cards 0.15 less than
    play-outs to the end (0.05 to 0.26, 240 hands): max^n assumes opponents who see
    every card and play perfectly for their own bid, while the play-outs play the
    opponents as HeuristicBots really play. So ``endgame_cards`` is 1: only the last
    trick's call is solved, where the solver is exact. ``samples=128`` scored the
    same as 64 (+0.01, -0.13 to +0.15, 600 hands), and ``bid_inference`` 0.7 the
    same as 0 (+0.01, -0.13 to +0.14, 680 hands) while 1.5 and 3 lost 0.20 and
    0.26 (too few deals keep any weight), so it is off. ``bid_pool=512`` (keep the
    64 of 512 deals nearest the bids) scored 0.09 more than no pool (0.05 to 0.13,
    10,000 hands) for about 20 ms more per play, so it is on.

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
            (0: never). The solver's cost grows fast with it (at 4 players about
            0.1 ms a deal with 2 cards each, 1 ms with 3, 20 ms with 4).
        endgame_samples: deals per endgame play, 1 to 10,000.
        bid_trials: deals per bid, 1 to 1,000,000.
        bid_inference: how much a deal's fit to the bids counts, a number 0 to 20.
        bid_pool: draw this many deals and keep those that best explain the bids,
            0 to 100,000 (0, or no more than the deals needed: plain draws).

    Raises:
        XactikaError: if a number is out of range (naming it) or ``seed`` is bad.
    """

    name = "search"

    def __init__(
        self,
        seed: Seed = None,
        samples: int = 64,
        endgame_cards: int = 1,
        endgame_samples: int = 32,
        bid_trials: int = 500,
        bid_inference: float = 0.0,
        bid_pool: int = 512,
    ) -> None:
        super().__init__(seed)
        self.samples = check_whole(samples, "samples", 1, 10_000)
        self.endgame_cards = check_whole(endgame_cards, "endgame_cards", 0, 8)
        self.endgame_samples = check_whole(endgame_samples, "endgame_samples", 1, 10_000)
        self.bid_trials = check_whole(bid_trials, "bid_trials", 1, 1_000_000)
        self.bid_inference = check_number(bid_inference, "bid_inference", 0, 20)
        self.bid_pool = check_whole(bid_pool, "bid_pool", 0, 100_000)
        # bids under another ruleset than Xactika's; draws from this bot's generator
        self._playouts = MonteCarloBot(seed=self.rng, samples=self.samples)

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed!r}, samples={self.samples}, "
            f"endgame_cards={self.endgame_cards}, endgame_samples={self.endgame_samples}, "
            f"bid_trials={self.bid_trials}, bid_inference={self.bid_inference}, "
            f"bid_pool={self.bid_pool})"
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

    def _weights(self, view: PlayerView, deals: list[list[list[int]]]) -> np.ndarray:
        """How much each guessed deal counts: ``exp(-bid_inference x d)``, with ``d``
        the sum over the other seats of |the heuristic's bid on the deal - the real
        bid| (:func:`~xactika_edu.engines.rollouts.heuristic_bids`); all 1 when
        ``bid_inference`` is 0. A float array, one weight per deal."""
        if not self.bid_inference:
            return np.ones(len(deals))
        return np.exp(-self.bid_inference * self._misses(view, deals))

    def _misses(self, view: PlayerView, deals: list[list[list[int]]]) -> np.ndarray:
        """Per deal, the sum over the other seats of |the heuristic's bid on the deal -
        the real bid| (:func:`~xactika_edu.engines.rollouts.heuristic_bids`)."""
        bids = heuristic_bids(view, deals)
        real = np.array([int(b or 0) for b in view.bids])
        others = np.arange(view.players) != view.seat
        return np.abs(bids - real)[:, others].sum(axis=1)

    def guess_deals(self, view: PlayerView, n: int) -> list[list[list[int]]]:
        """``n`` guesses of the hidden hands for ``view``'s decision: drawn exactly
        uniformly (:func:`~xactika_edu.engines.sampling.sample_hidden_hands`), or,
        with ``bid_pool`` larger than ``n``, the ``n`` of ``bid_pool`` such draws whose
        bids as the heuristic would make them are nearest the real bids.

        Args:
            view: the seat's view at its turn to play.
            n: how many deals, 1 to 10,000.

        Returns:
            per deal, per seat, the deck numbers that seat holds now.

        Raises:
            XactikaError: if ``view`` is not a view at its seat's turn to play, or
                ``n`` is out of range.
        """
        check_turn(view, PLAY)
        n = check_whole(n, "n", 1, 10_000)
        if self.bid_pool <= n:
            return sample_hidden_hands(view, n, self.rng)
        pool = sample_hidden_hands(view, self.bid_pool, self.rng)
        keep = np.argsort(self._misses(view, pool), kind="stable")[:n]
        return [pool[i] for i in keep.tolist()]

    def _solved(
        self, view: PlayerView, legal: list[Play], deals: list[list[list[int]]]
    ) -> np.ndarray:
        """Each play's score on each deal, solved exactly: (deals, plays) ints."""
        position = position_of(view)
        keys = [play_key(play) for play in legal]
        out = np.zeros((len(deals), len(legal)), dtype=np.int64)
        for d, deal in enumerate(deals):
            solver = Endgame(view.players, position.bids, view.rules)
            values = solver.move_values(
                tuple(tuple(cards) for cards in deal),
                position.leader,
                position.won,
                position.current,
                position.call,
            )
            out[d] = [values[key] for key in keys]
        return out

    def play(self, view: PlayerView) -> Play:
        """The play with the best mean score over the guessed deals (see the class notes)."""
        legal = check_turn(view, PLAY).legal_plays()
        if len(legal) == 1:
            return legal[0]
        if len(view.hand) > self.endgame_cards:
            deals = self.guess_deals(view, self.samples)
            points = rollout_play_points(view, legal, deals)
        else:
            deals = self.guess_deals(view, self.endgame_samples)
            points = self._solved(view, legal, deals)
        totals = (self._weights(view, deals) @ points).tolist()
        best = max(totals)
        row = one_row(view)
        preferred = play_of(row, 0, int(choose(row, HEURISTIC)[0]))
        if totals[legal.index(preferred)] == best:
            return preferred
        return legal[totals.index(best)]
