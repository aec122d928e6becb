"""Computer players: a random bot, a rule-of-thumb bot that uses exact chances, and
a Monte Carlo bot that looks ahead by simulation.

A bot answers two questions, :meth:`Bot.bid` and :meth:`Bot.play`, from a
:class:`~xactika_edu.core.game.PlayerView` only: what its seat may know, never the other
hands. Every random choice comes from the bot's own :class:`numpy.random.Generator`,
made from its ``seed``, so the same seed gives the same choices.

>>> from xactika_edu.core.game import Round
>>> rnd = Round.deal(players=4, seed=1)
>>> bots = [HeuristicBot(), RandomBot(seed=1), MonteCarloBot(seed=2, samples=16), HeuristicBot()]
>>> while not rnd.is_over:
...     seat = rnd.current_player
...     view = rnd.view(seat)          # the bot sees its view, never the round
...     if rnd.phase == "bid":
...         rnd.bid(bots[seat].bid(view))
...     else:
...         rnd.play(bots[seat].play(view))
>>> sum(rnd.tricks_won)
8

HeuristicBot and MonteCarloBot decide on the batch engine: the heuristic is
:class:`~xactika_edu.engines.batch_policies.HeuristicPolicy`, run on a one-round batch built
from the view (:mod:`xactika_edu.engines.batch_views`), and MonteCarloBot's look-ahead is
one batch of sampled deals x candidate moves (:mod:`xactika_edu.engines.rollouts`),
the deals drawn exactly uniformly (:mod:`xactika_edu.engines.sampling`).

Sources: the rules are RULES.md; the chance that a lead is unbeatable is the
hypergeometric formula of :mod:`xactika_edu.core.chances` (as in
:func:`xactika_edu.core.probability.chance_unbeatable`).
"""

from __future__ import annotations

import abc
import warnings
from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import DECK, Card, Hand, Seed, as_hand, make_rng
from ..core.game import BID, PLAY, Play, PlayerView
from ..core.rules import CARD_INDEX
from .batch_engine import choose
from .batch_state import BatchState, Position
from .batch_views import one_row, play_of
from .rollouts import HEURISTIC, rollout_bid_points, rollout_play_points
from .sampling import sample_hands, sample_hidden_hands

__all__ = [
    "Bot",
    "HeuristicBot",
    "MonteCarloBot",
    "RandomBot",
    "SupportsBot",
    "check_turn",
    "expected_sure_tricks",
    "sample_hands",
]


@runtime_checkable
class SupportsBot(Protocol):
    """Anything that can sit at the table: ``bid(view) -> int``, ``play(view) -> Play``.

    A protocol (checked at run time), so a bot need not subclass :class:`Bot`.

    >>> isinstance(RandomBot(), SupportsBot), isinstance("random", SupportsBot)
    (True, False)
    """

    def bid(self, view: PlayerView) -> int: ...

    def play(self, view: PlayerView) -> Play: ...


class Bot(abc.ABC):
    """Base class of the computer players.

    Subclasses define :meth:`bid` and :meth:`play`; both receive a
    :class:`~xactika_edu.core.game.PlayerView` (the seat's own knowledge) and must return
    a legal action; :meth:`act` calls the one the view's phase asks for (as every
    game's bots do). ``rng`` is the bot's own generator, made from ``seed``.

    >>> class AlwaysFirst(Bot):
    ...     name = "first"
    ...     def bid(self, view): return view.legal_bids()[0]
    ...     def play(self, view): return view.legal_plays()[0]
    >>> AlwaysFirst(seed=3)
    AlwaysFirst(seed=3)

    Args:
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Raises:
        XactikaError: if ``seed`` is not a whole number >= 0, a generator or ``None``.
    """

    #: Short name used in simulation tables (``"random"``, ``"heuristic"``, ...).
    name: ClassVar[str] = "bot"

    def __init__(self, seed: Seed = None) -> None:
        self.seed = seed
        self.rng: np.random.Generator = make_rng(seed)

    def act(self, view: PlayerView) -> int | Play:
        """The bot's action for ``view``: :meth:`bid` while bidding, :meth:`play` while
        playing; one of ``view.legal_actions()``, for ``Round.apply``.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.deal(players=3, seed=2, cards_per_hand=2)
        >>> while not rnd.is_over:
        ...     rnd.apply(RandomBot(seed=1).act(rnd.view(rnd.current_player)))
        >>> sum(rnd.tricks_won)
        2

        Raises:
            XactikaError: as :meth:`bid` or :meth:`play` (not the view's turn).
        """
        if isinstance(view, PlayerView) and view.phase == BID:
            return self.bid(view)
        return self.play(view)

    @abc.abstractmethod
    def bid(self, view: PlayerView) -> int:
        """The number of tricks to bid; one of ``view.legal_bids()``."""

    @abc.abstractmethod
    def play(self, view: PlayerView) -> Play:
        """The play to make; one of ``view.legal_plays()``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def check_turn(view: object, phase: str) -> PlayerView:
    """``view`` if it is a :class:`~xactika_edu.core.game.PlayerView` at its seat's turn
    in ``phase`` (:data:`~xactika_edu.core.game.BID` or ``PLAY``): what every bot checks.

    Raises:
        XactikaError: naming what was given, or the phase and the player to act.
    """
    if not isinstance(view, PlayerView):
        raise XactikaError(
            _("a bot needs a PlayerView (from Round.view(seat)), got {view}").format(
                view=shown(view)
            )
        )
    if view.phase != phase or not view.is_my_turn:
        message = (
            _("player {seat} cannot bid now: phase {phase}, current player {current_player}")
            if phase == BID
            else _("player {seat} cannot play now: phase {phase}, current player {current_player}")
        )
        raise XactikaError(
            message.format(
                seat=view.seat,
                phase=shown(view.phase),
                current_player=view.current_player,
            )
        )
    return view


class RandomBot(Bot):
    """Bids and plays uniformly at random among the legal choices.

    The anchor for strength tables: the only public Xactika program plays like this.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> RandomBot(seed=1).bid(rnd.view(0)) in rnd.legal_bids()
    True

    Args:
        seed: as for :class:`Bot`; the same seed gives the same choices.
    """

    name = "random"

    def bid(self, view: PlayerView) -> int:
        """A legal bid, each equally likely."""
        legal = check_turn(view, BID).legal_bids()
        return int(legal[self.rng.integers(len(legal))])

    def play(self, view: PlayerView) -> Play:
        """A legal play (a lead's card and call, or a follow), each equally likely."""
        legal = check_turn(view, PLAY).legal_plays()
        return legal[self.rng.integers(len(legal))]


# --- the heuristic, run on one row of the batch engine ------------------------------

_HEURISTIC = HEURISTIC


def _sure_tricks(hand: Hand, players: int) -> float:
    """The heuristic's sure tricks for ``hand`` before any bid (seat 0 of ``players``)."""
    position = Position(players=players, cards=len(hand), dealer=players - 1, bids=(-1,) * players)
    state = BatchState.for_seat(position, [CARD_INDEX[card] for card in hand])
    return float(_HEURISTIC.sure_tricks(state, np.arange(1))[0])


def _check_bid_turn(view: PlayerView) -> tuple[list[int], int]:
    legal = check_turn(view, BID).legal_bids()
    total = sum(b for b in view.bids if b is not None)
    return legal, total


def expected_sure_tricks(hand: Sequence[Card | str] | Hand, players: int) -> float:
    """The sum, over the cards in ``hand``, of the card's best chance to be unbeatable.

    For each card, the highest :func:`~xactika_edu.core.probability.chance_unbeatable`
    over its four combinations, as a float; added up over the hand. It is the
    expected number of cards that would win if each were led first (linearity of
    expectation). :class:`HeuristicBot` bids from it.

    >>> round(expected_sure_tricks(["3133", "1111"], players=4), 3)
    1.093

    (3133 calling 1 cube is sure: 1. 1111 calling 1 cube is beaten by any of the 25
    unseen cards that show 1 cube (27 cards do; you hold 1111 and 3133), so it wins
    only if none is among the opponents' 6 cards: C(54, 6) / C(79, 6) = 0.093.)

    Args:
        hand: the cards (1-8), as cards or notation.
        players: 2 to 10.

    Returns:
        a float in [0, len(hand)].

    Raises:
        XactikaError: if a card cannot be read or appears twice, or a count is out of range.
    """
    from ..core.cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS

    hand = as_hand(hand)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    check_whole(len(hand), "cards in the hand", 1, CARDS_PER_HAND)
    if players * len(hand) > len(DECK):
        raise XactikaError(
            _("{players} hands of {count} cards need more than 81 cards").format(
                players=players, count=len(hand)
            )
        )
    return _sure_tricks(hand, players)


class HeuristicBot(Bot):
    """Bids from exact chances and plays to hit its bid; deterministic given the view.

    **Bid.** ``sure`` = :func:`expected_sure_tricks` (for each card, the best
    :func:`~xactika_edu.core.probability.chance_unbeatable` over its four combinations,
    added up). The target is ``sure + max(0, n - 4) / (2 x players)`` for ``n``
    cards per hand: an allowance for tricks won by following or by later leads,
    which ``sure`` leaves out (it matters with big hands and few players; the form
    was chosen by simulation: with 4 players and 8 cards, one bot using it at a
    table of bots bidding ``sure`` alone scored 0.42 points per hand instead of
    0.14 on the same deals). ``sure`` adds the cards' chances in card sort order.
    The bot bids the legal bid nearest the target (ties: the lower bid), so a
    dealer forbidden the nearest takes the next nearest.

    **Play.** The bot *needs* tricks while ``tricks_won < bid``; otherwise it *sheds*.
    Each legal play gets a score ``p``, the chance that nobody can beat it (the play
    may still win when beatable: a player holding a threat may follow low):

    * a lead (card ``c`` calling ``k``): ``p = C(U - T, H) / C(U, H)`` with ``U`` the
      bot's unseen cards (:meth:`PlayerView.unseen_cards`), ``T`` the unseen cards
      that show ``k`` with face value >= ``c``'s, and ``H`` the cards held by the
      opponents *not known to be void in k* (an opponent who failed to follow ``k``
      cannot beat it). Without voids this is exactly ``chance_unbeatable``; with
      voids it is an approximation (it ignores that the void players' cards push
      the ``k`` cards toward the others).
    * a follow: ``p = 0`` if the card would not beat the best card so far (it lacks
      the call or has a lower face value); otherwise the same formula with ``T``
      counted against the card's own face value and ``H`` the cards of the players
      still to play this trick who are not void in the call (``p = 1`` when the bot
      plays last).

    The bot picks the play with the largest key ``(p, -face value)`` when it needs
    tricks (the surest winner, the cheapest among equally sure ones: when following
    it wins cheaply, or discards its lowest card if it cannot win), and the smallest
    key when it sheds (the least likely winner, the highest card among equals:
    a follow that cannot win gets rid of the highest such card). Remaining ties go to
    the first play in a fixed order: cards in sort order (face value, then counts),
    then calls in shape order. Chances are floats (the exact fraction, correctly
    rounded: :func:`~xactika_edu.core.chances.chance_table`), so equal exact chances
    compare equal.

    The rule is written once, as the batch policy
    :class:`~xactika_edu.engines.batch_policies.HeuristicPolicy`; this bot runs it on a
    one-round batch built from its view, and the fast engine on many rounds.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["3133 1111", "2222 1112"], dealer=1)
    >>> bot = HeuristicBot()
    >>> bot.bid(rnd.view(0))           # 3133 is sure to win calling 1 cube
    1
    >>> rnd.bid(1); rnd.bid(0)
    >>> bot.play(rnd.view(0))
    Play.parse('3133:1cu')

    Args:
        seed: accepted for a uniform interface; the bot makes no random choice.

    Source: RULES.md (rules, "Chance a lead is unbeatable", "Information from play").
    """

    name = "heuristic"

    def bid(self, view: PlayerView) -> int:
        """The legal bid nearest the target above (ties: the lower bid)."""
        _check_bid_turn(view)
        return int(choose(one_row(view), _HEURISTIC)[0])

    def play(self, view: PlayerView) -> Play:
        """The play the policy above picks."""
        check_turn(view, PLAY)
        state = one_row(view)
        return play_of(state, 0, int(choose(state, _HEURISTIC)[0]))


class MonteCarloBot(Bot):
    """Looks ahead by simulation: deals the hidden cards at random many times and keeps
    the choice with the best average score when everyone then plays like
    :class:`HeuristicBot`.

    **Sampling.** ``samples`` deals drawn exactly uniformly among the deals
    consistent with what the seat has seen, hand sizes and known voids included
    (:func:`~xactika_edu.engines.sampling.sample_hidden_hands`: the counts are built
    once per decision and reused for every deal), the same deals for every candidate
    (common random numbers).

    **Play.** With one legal play, plays it. Otherwise each candidate play is made in
    each deal and the rest of the hand played out with the HeuristicBot policy for
    every seat (the bids are known); the score is the bot's own points for the hand.
    To spend the deals where they matter, candidates are first tried on a quarter
    of the deals; the best quarter of them (at least 2), plus HeuristicBot's own
    choice, are then tried on the rest, and the bot plays the one with the highest
    total. Ties go to HeuristicBot's choice, else to the first in ``legal_plays()``.

    **Bid.** The same, over the legal bids: for each deal, seats that bid later bid
    as HeuristicBot would on their sampled hands, the hand is played out with the
    HeuristicBot policy (the bot aiming at the candidate bid), and the bot's score
    counted. All legal bids are tried on a quarter of the deals, the best 3 plus
    HeuristicBot's bid on the rest. Ties go to HeuristicBot's bid, else the lower.

    Each stage is one batch on the batch engine
    (:mod:`xactika_edu.engines.rollouts`). Cost and strength (4 players, 8 cards,
    one core): ``benchmarks/README.md`` and the README's strength table.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["3133 1111", "2222 1112"], dealer=1)
    >>> bot = MonteCarloBot(samples=8, seed=1)
    >>> bot.bid(rnd.view(0))      # HeuristicBot bids 1; simulation finds 2 pays better
    2

    (After 3133 wins, the 1111 lead wins unless Tim's last card shows its call.)

    Args:
        seed: as for :class:`Bot`; the same seed gives the same choices.
        samples: simulated deals per decision, 1 to 10,000.
        sweeps: deprecated and ignored (it set the rounds of the approximate sampler
            this bot used before it drew deals exactly); giving it warns
            (:class:`DeprecationWarning`). Still checked: a whole number 0 to 100.

    Raises:
        XactikaError: if ``samples`` or ``sweeps`` is out of range, or ``seed`` is bad.
    """

    name = "montecarlo"

    def __init__(self, seed: Seed = None, samples: int = 64, sweeps: int | None = None) -> None:
        super().__init__(seed)
        self.samples = check_whole(samples, "samples", 1, 10_000)
        if sweeps is not None:
            check_whole(sweeps, "sweeps", 0, 100)
            warnings.warn(
                _(
                    "MonteCarloBot's sweeps is ignored: the bot draws deals exactly "
                    "(sample_hidden_hands); leave it out"
                ),
                DeprecationWarning,
                stacklevel=2,
            )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, samples={self.samples})"

    def _deals(self, view: PlayerView) -> list[list[list[int]]]:
        return sample_hidden_hands(view, self.samples, self.rng)

    def bid(self, view: PlayerView) -> int:
        """The legal bid with the best mean simulated score (ties: the lower bid)."""
        legal, _ = _check_bid_turn(view)
        preferred = int(choose(one_row(view), _HEURISTIC)[0])
        deals = self._deals(view)
        totals = dict.fromkeys(legal, 0)

        def evaluate(candidates: list[int], guesses: list[list[list[int]]]) -> None:
            points = rollout_bid_points(view, candidates, guesses).sum(axis=0)
            for b, total in zip(candidates, points.tolist(), strict=True):
                totals[b] += total

        alive = list(legal)
        first = len(deals) if len(legal) <= 2 else max(1, len(deals) // 4)
        evaluate(alive, deals[:first])
        if first < len(deals):
            ranked = sorted(alive, key=lambda b: (-totals[b], b))
            alive = sorted({*ranked[:3], preferred})
            evaluate(alive, deals[first:])
        return max(alive, key=lambda b: (totals[b], b == preferred, -b))

    def play(self, view: PlayerView) -> Play:
        """The legal play with the best mean simulated score (see the class notes)."""
        legal = check_turn(view, PLAY).legal_plays()
        if len(legal) == 1:
            return legal[0]
        row = one_row(view)
        preferred = legal.index(play_of(row, 0, int(choose(row, _HEURISTIC)[0])))
        deals = self._deals(view)
        totals = [0] * len(legal)

        def evaluate(candidates: list[int], guesses: list[list[list[int]]]) -> None:
            points = rollout_play_points(view, [legal[m] for m in candidates], guesses)
            for m, total in zip(candidates, points.sum(axis=0).tolist(), strict=True):
                totals[m] += total

        alive = list(range(len(legal)))
        first = len(deals) if len(legal) <= 2 else max(1, len(deals) // 4)
        evaluate(alive, deals[:first])
        if first < len(deals):
            ranked = sorted(alive, key=lambda m: -totals[m])  # stable: ties keep order
            alive = sorted({*ranked[: max(2, -(-len(legal) // 4))], preferred})
            evaluate(alive, deals[first:])
        best = max(totals[m] for m in alive)
        if totals[preferred] == best and preferred in alive:
            return legal[preferred]
        return legal[next(m for m in alive if totals[m] == best)]
