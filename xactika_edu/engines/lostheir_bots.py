"""Computer players for Lost Heir (seed 004): a random one and a heuristic one.

Each bot decides from a :class:`~xactika_edu.core.lostheir.LostHeirView` only (its own
cards and what was said and played): ``act(view)`` returns one of
``view.legal_actions()``. :func:`play_lostheir_round` plays one round and
:func:`play_lostheir_game` a whole game, with one bot per seat.

>>> from xactika_edu.core.lostheir import LostHeirRound
>>> rnd = LostHeirRound.deal(dealer=0, seed=3)
>>> play_lostheir_round(rnd, [HeuristicLostHeirBot()] * 4).is_over
True
>>> game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=4)
>>> game.is_over, game.winners() in ((0,), (1,))
(True, True)

The heuristic (a teaching player, not a strong one): it counts the points it hopes
for (:func:`hand_estimate`: its cards in its best trump city, its top cards in the
other cities, two tricks from its partner, and the boys it holds), bids that when
it is 4 or more and beats the bid, leads the best city's top card to name it trump,
leads trumps while it holds the top one, wins a trick that holds the Lost Heir with
its lowest winning card, gives the Lost Heir to a trick its partner is sure to win,
and drops the Wrong Boy on a trick the opponents are winning. It never says "take a
lead" (it cannot see whether its partner's lead would be better); the random player
says it as often as any other legal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import Seed
from ..core.lostheir import MAX_BID, MIN_BID, Action, LostHeirRound, LostHeirView
from ..core.lostheir_cards import LOST_HEIR, PLAYERS, WRONG_BOY, LostHeirCard
from ..core.lostheir_game import TARGET, LostHeirGame
from ..core.rules import trick_winner
from .family_bots import RandomActionBot, check_bots, play_out, turn_actions

__all__ = [
    "HeuristicLostHeirBot",
    "LostHeirBot",
    "RandomLostHeirBot",
    "best_trump",
    "hand_estimate",
    "play_lostheir_game",
    "play_lostheir_round",
]


@runtime_checkable
class LostHeirBot(Protocol):
    """A computer player of Lost Heir: anything with ``act(view) -> Action`` (one of
    ``view.legal_actions()``)."""

    def act(self, view: LostHeirView) -> Action: ...


def _legal_actions(view: LostHeirView) -> list[Action]:
    """The view's legal actions; raises XactikaError for no view, or not its turn."""
    return turn_actions(view, LostHeirView, "Lost Heir")


class RandomLostHeirBot(RandomActionBot):
    """Chooses uniformly among the legal actions, from its own seeded generator.

    >>> from xactika_edu.core.lostheir import LostHeirRound
    >>> view = LostHeirRound.deal(seed=1).view(1)
    >>> RandomLostHeirBot(seed=5).act(view) == RandomLostHeirBot(seed=5).act(view)
    True

    Raises :class:`~xactika_edu.XactikaError` (from :meth:`act`) for a view whose seat is
    not to act.
    """

    view_type = LostHeirView
    game = "Lost Heir"


def _strength(cards: Sequence[LostHeirCard], city: int) -> float:
    """Tricks hoped for with ``city`` as trump: trumps count 1 (0.5 below the 4), top
    cards of the other cities 1 (the Mayor) or 0.5 (the Chief)."""
    trumps = sum(1.0 if card.rank >= 4 else 0.5 for card in cards if card.city == city)
    side = sum({7: 1.0, 6: 0.5}.get(card.rank, 0.0) for card in cards if card.city != city)
    return trumps + side


def best_trump(cards: Sequence[LostHeirCard]) -> int:
    """The city the heuristic would name trump with ``cards`` (its strongest; ties to
    the lower city number).

    >>> from xactika_edu.core.lostheir_cards import parse_lost_heir_cards
    >>> best_trump(parse_lost_heir_cards("7W 5W 3W 1W 7T 2M 4H 0H"))
    3
    """
    return max(range(4), key=lambda city: (_strength(cards, city), -city))


def hand_estimate(cards: Sequence[LostHeirCard]) -> float:
    """The points the heuristic hopes for with ``cards`` as declarer: the tricks of
    :func:`best_trump`, two from the partner, +2 for holding the Lost Heir (it may be
    caught) and -1 for holding the Wrong Boy (it may be dropped).

    >>> from xactika_edu.core.lostheir_cards import parse_lost_heir_cards
    >>> hand_estimate(parse_lost_heir_cards("7W 5W 3W 1W 7T 2M 4H 0W"))
    8.5
    """
    points = _strength(cards, best_trump(cards)) + 2.0
    return points + 2.0 * (LOST_HEIR in cards) - 1.0 * (WRONG_BOY in cards)


def _winner_if(view: LostHeirView, card: LostHeirCard) -> int:
    """The seat that would hold the trick after ``card`` is added to it."""
    trick = [*view.trick, (view.seat, card)]
    cards = [c for _seat, c in trick]
    led, trump = cards[0].city, card.city if view.trump is None else view.trump
    position = int(
        trick_winner(
            [c.rank for c in cards],
            [c.city == led for c in cards],
            trumps=[c.city == trump for c in cards],
        )
    )
    return trick[position][0]


class HeuristicLostHeirBot:
    """The rule-of-thumb player described in the module; deterministic.

    >>> from xactika_edu.core.lostheir import LostHeirRound
    >>> str(HeuristicLostHeirBot().act(LostHeirRound.deal(dealer=0, seed=3).view(1)))
    'bid 4'

    Raises :class:`~xactika_edu.XactikaError` (from :meth:`act`) for a view whose seat is
    not to act.
    """

    def act(self, view: LostHeirView) -> Action:
        """The heuristic's action for ``view`` (one of ``view.legal_actions()``)."""
        legal = _legal_actions(view)
        if view.phase == "bid":
            return self._bid(view, legal)
        plays = [action for action in legal if action.kind == "play"]
        cards = [action.card for action in plays if action.card is not None]
        card = self._lead(view, cards) if not view.trick else self._follow(view, cards)
        return next(action for action in plays if action.card == card)

    def _bid(self, view: LostHeirView, legal: list[Action]) -> Action:
        kinds = {action.kind: action for action in legal}
        hoped = min(int(hand_estimate(view.hand)), MAX_BID)
        high = view.high_bid or 0
        partner_high = view.high_bidder == view.partner
        # the dealer refuses a bid it would play at that price; the bidder raises while
        # its hand is worth more than the bid
        if "give" in kinds:
            return kinds["raise"] if "raise" in kinds and hoped > high else kinds["give"]
        if "accept" in kinds:  # the dealer after a raise
            return kinds["refuse"] if hoped >= high and not partner_high else kinds["accept"]
        if "refuse" in kinds and hoped >= high and not partner_high and high >= MIN_BID:
            return kinds["refuse"]
        if hoped >= max(MIN_BID, high + 1) and not (partner_high and hoped < high + 2):
            return Action("bid", bid=max(MIN_BID, high + 1))  # the least that beats the bid
        return kinds["pass"]

    def _lead(self, view: LostHeirView, cards: list[LostHeirCard]) -> LostHeirCard:
        if view.trump is None:  # the first lead names trump: the best city's top card
            city = best_trump(view.hand)
            return max(card for card in cards if card.city == city)
        unseen = view.unseen
        trumps = sorted((c for c in cards if c.city == view.trump), reverse=True)
        their_trumps = [c for c in unseen if c.city == view.trump]
        if trumps and their_trumps and trumps[0].rank > max(c.rank for c in their_trumps):
            return trumps[0]
        tops = [
            card
            for card in cards
            if card.city != view.trump
            and all(c.rank < card.rank for c in unseen if c.city == card.city)
        ]
        if tops:
            return max(tops, key=lambda card: card.rank)
        if WRONG_BOY in cards and any(c.city == WRONG_BOY.city for c in unseen):
            return WRONG_BOY  # someone must follow Toronto above it
        safe = [card for card in cards if card != LOST_HEIR] or cards
        return min(safe, key=_low)

    def _follow(self, view: LostHeirView, cards: list[LostHeirCard]) -> LostHeirCard:
        in_trick = [card for _seat, card in view.trick]
        last = len(view.trick) == 3
        winning = [card for card in cards if _winner_if(view, card) == view.seat]
        losing = [card for card in cards if card not in winning]
        ours = [card for card in cards if _winner_if(view, card) % 2 == view.seat % 2]
        if WRONG_BOY in in_trick and losing:  # never take the Wrong Boy: shed a high card
            return max(losing, key=lambda card: card.rank)
        if last and len(ours) == len(cards):  # the trick is ours whatever I play
            if LOST_HEIR in cards:
                return LOST_HEIR
            keep = [card for card in cards if card != WRONG_BOY] or cards
            return min(keep, key=_low)
        if WRONG_BOY in losing and _winner_if(view, WRONG_BOY) % 2 != view.seat % 2:
            return WRONG_BOY  # drop it on the opponents
        if winning and (last or LOST_HEIR in in_trick or max(c.rank for c in winning) >= 6):
            return min(winning, key=_low)
        safe = [card for card in losing or cards if card not in (LOST_HEIR, WRONG_BOY)]
        return min(safe or losing or cards, key=_low)


def _low(card: LostHeirCard) -> tuple[int, int]:
    return card.rank, card.city


def _check_bots(bots: object) -> tuple[LostHeirBot, ...]:
    """``bots`` as a tuple of 4 Lost Heir players (anything with ``act(view)``)."""
    return check_bots(
        bots, LostHeirBot, "Lost Heir", "[HeuristicLostHeirBot()] * 4", players=PLAYERS
    )


def play_lostheir_round(rnd: LostHeirRound, bots: Sequence[LostHeirBot]) -> LostHeirRound:
    """Play ``rnd`` to its end with ``bots[seat]`` acting for each seat (each sees only
    its view).

    Returns the same round, now over. Raises :class:`XactikaError` unless ``bots`` is 4
    bots (anything with ``act``), and IllegalBidError or IllegalPlayError if a bot
    returns an action that is not legal.

    >>> rnd = LostHeirRound.deal(seed=2)
    >>> rnd = play_lostheir_round(rnd, [RandomLostHeirBot(seed=seat) for seat in range(4)])
    >>> rnd.is_over, len(rnd.tricks) in (0, 8)
    (True, True)
    """
    if not isinstance(rnd, LostHeirRound):
        raise XactikaError(_("not a Lost Heir hand: {hand}").format(hand=shown(rnd)))
    bots = _check_bots(bots)
    play_out(rnd, bots)
    return rnd


def play_lostheir_game(
    bots: Sequence[LostHeirBot], seed: Seed = None, target: int = TARGET, max_rounds: int = 500
) -> LostHeirGame:
    """A whole game played by ``bots`` (seats 0-3), dealt from ``seed``.

    Returns the finished :class:`~xactika_edu.core.lostheir_game.LostHeirGame`; the same
    seed (and bots built with the same seeds) gives the same game.

    >>> game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=4, target=20)
    >>> game.is_over, max(game.totals()) >= 20
    (True, True)

    Raises :class:`XactikaError` unless ``bots`` is 4 bots, and if no side reaches
    ``target`` within ``max_rounds`` rounds (four random players bid wildly and fail:
    their games seldom end).
    """
    max_rounds = check_whole(max_rounds, "max_rounds", 1, 100_000)
    bots = _check_bots(bots)
    game = LostHeirGame.new(seed=seed, target=target)

    def within_limit() -> None:
        if len(game.rounds) > max_rounds:
            raise XactikaError(
                _("no side reached {target} in {hands} hands").format(
                    target=target, hands=max_rounds
                )
            )

    play_out(game, bots, within_limit)
    return game
