"""Many rounds of Blackout (seed 004) at once, on the batch engine.

The engine is the one Xactika runs on (:mod:`xactika_edu.engines.batch_engine`), given
the ruleset :data:`~xactika_edu.core.rules.BLACKOUT`: the standard deck's tables
(:func:`~xactika_edu.core.rules.deck_tables`), follow suit, trumps and the dealer's
trap, all from :mod:`xactika_edu.core.rules`. Cards are numbered by
:attr:`PlayingCard.index <xactika_edu.core.playing_cards.PlayingCard.index>` (``suit * 13
+ rank - 2``); a trump is a suit number (0-3, ♣ ♦ ♥ ♠) or -1 (no trump: the max round).

>>> rounds = play_blackout_rounds(1000, players=4, cards_per_hand=3, seed=1)
>>> set(rounds["tricks"].sum(axis=1).tolist())        # 3 tricks in every round
{3}
>>> sorted(set(rounds["scores"].ravel().tolist()))
[0, 10, 11, 12, 13]
>>> blackout_round(rounds, 0).tricks_won == tuple(rounds["tricks"][0].tolist())
True

The players: random (:class:`~xactika_edu.engines.batch_policies.RandomPolicy`), the
rule of thumb (:class:`~xactika_edu.engines.blackout_policy.BlackoutHeuristicPolicy`)
and recorded play (:func:`replay_blackout_rounds`). Source: seed 004, Blackout.
Engines layer.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.blackout import BlackoutRound, blackout_deck, max_round
from ..core.blackout_parts import check_players
from ..core.cards import Seed, make_rng
from ..core.playing_cards import STANDARD_DECK, STANDARD_SUITS
from ..core.rules import BLACKOUT, score
from .batch_deal import BATCH, MAX_ROUNDS, shuffled_prefix
from .batch_engine import run
from .batch_policies import Policy, RandomPolicy, ReplayPolicy
from .batch_state import BatchState
from .blackout_policy import BlackoutHeuristicPolicy

#: The heuristic policy (it keeps no state, so one serves every batch).
HEURISTIC = BlackoutHeuristicPolicy()

__all__ = [
    "HEURISTIC",
    "blackout_round",
    "deal_blackout_rounds",
    "play_blackout_deals",
    "play_blackout_rounds",
    "replay_blackout_rounds",
]


def _deal(
    rng: np.random.Generator, n: int, players: int, cards: int
) -> tuple[np.ndarray, np.ndarray]:
    pool = np.array([card.index for card in blackout_deck(players)], dtype=np.int8)
    dealt = players * cards
    turned = dealt < len(pool)  # a card is left to turn up for trump
    deck = shuffled_prefix(rng, n, pool, dealt + turned)
    hands = deck[:, :dealt].reshape(n, players, cards)  # blocks, as the reference deal
    if not turned:
        return np.ascontiguousarray(hands), np.full(n, -1, dtype=np.int8)
    return np.ascontiguousarray(hands), deck[:, dealt].copy()


def _suits(trump_cards: np.ndarray) -> np.ndarray:
    """The trump suit of each round (-1: no trump) from its turned-up card (-1: none)."""
    return np.where(trump_cards >= 0, STANDARD_SUITS[np.maximum(trump_cards, 0)], -1).astype(
        np.int8
    )


def _check(n: int, players: int, cards_per_hand: int) -> tuple[int, int, int]:
    n = check_whole(n, "n (rounds)", 1, MAX_ROUNDS)
    players = check_players(players)
    cards = check_whole(cards_per_hand, "cards_per_hand", 1, max_round(players))
    return n, players, cards


def deal_blackout_rounds(
    n: int, players: int, cards_per_hand: int, seed: Seed = None
) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``n`` Blackout rounds at once from :func:`~xactika_edu.core.blackout.blackout_deck`.

    Each round is an independent, uniformly random deal; the card after the dealt
    ones is turned up for trump, unless every card is dealt (the max round: no trump).

    >>> hands, turned = deal_blackout_rounds(2, players=5, cards_per_hand=10, seed=1)
    >>> hands.shape, turned.tolist()
    ((2, 5, 10), [-1, -1])
    >>> hands, turned = deal_blackout_rounds(3, players=4, cards_per_hand=2, seed=1)
    >>> bool((turned >= 0).all()) and not bool((hands == turned[:, None, None]).any())
    True

    Returns:
        ``(hands, turned)``: int8 card numbers of shape (n, players, cards_per_hand),
        no card twice in a round, and the turned-up card of each round, shape (n,)
        (-1: none, no trump).

    Raises:
        XactikaError: n not 1 to 10,000,000, players not 2 to 8, or cards_per_hand
            not 1 to the max round.
    """
    n, players, cards = _check(n, players, cards_per_hand)
    rng = make_rng(seed)
    parts = [_deal(rng, min(BATCH, n - start), players, cards) for start in range(0, n, BATCH)]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def _play(
    hands: np.ndarray,
    turned: np.ndarray,
    dealers: np.ndarray,
    policies: Sequence[Policy],
    forced: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    trumps = _suits(turned)
    state = BatchState.deal(hands, dealers, track=False, rules=BLACKOUT, trumps=trumps)
    run(state, policies, forced)
    return {
        "hands": state.hands,
        "turned": turned.astype(np.int8),
        "trumps": trumps,
        "dealer": dealers.astype(np.int8),
        "bids": state.bids,
        "tricks": state.won,
        "scores": score(state.bids, state.won, BLACKOUT),
        "plays": state.plays,
        "leaders": state.leaders,
        "winners": state.winners,
    }


def play_blackout_rounds(
    n: int,
    players: int,
    cards_per_hand: int,
    *,
    bots: str | Sequence[str] = "random",
    dealer: int | None = None,
    seed: Seed = None,
) -> dict[str, np.ndarray]:
    """Deal and play ``n`` Blackout rounds, all at once on the batch engine.

    The players: ``"random"`` (uniformly random legal bids and plays) or
    ``"heuristic"`` (:class:`~xactika_edu.engines.blackout_policy.BlackoutHeuristicPolicy`,
    the rule :class:`~xactika_edu.engines.blackout_bots.HeuristicBlackoutBot` plays).

    >>> one = play_blackout_rounds(50, 3, 4, seed=2)
    >>> bool((one["bids"].sum(axis=1) != 4).all())   # the dealer's trap, every round
    True
    >>> all((one[k] == play_blackout_rounds(50, 3, 4, seed=2)[k]).all() for k in one)
    True

    Args:
        n: rounds, 1 to 10,000,000.
        players: 2 to 8.
        cards_per_hand: 1 to the max round (52 // players).
        bots: one name for every seat, or one per seat.
        dealer: the dealer's seat in every round; ``None`` rotates it (round i: i % players).
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; the same seed
            gives the same arrays.

    Returns:
        a dict of arrays: ``hands`` (n, players, cards: card numbers, each hand sorted),
        ``turned`` (n,: the turned-up card, -1 for none), ``trumps`` (n,: its suit, -1
        for no trump), ``dealer`` (n,), ``bids``, ``tricks`` and ``scores`` (n,
        players; scores by :func:`~xactika_edu.core.rules.blackout_score`), ``plays``
        (n, cards, players: the cards of each trick in the order played), ``leaders``
        and ``winners`` (n, cards).

    Raises:
        XactikaError: for a number out of range or a bot name not known.
    """
    n, players, cards = _check(n, players, cards_per_hand)
    names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(names) != players or not set(names) <= {"random", "heuristic"}:
        raise XactikaError(
            _("bots must be 'random' or 'heuristic', one name or one per seat, got {bots}").format(
                bots=shown(bots)
            )
        )
    if dealer is not None:
        dealer = check_whole(dealer, "dealer", 0, players - 1)
    rng = make_rng(seed)
    parts = []
    for start in range(0, n, BATCH):
        size = min(BATCH, n - start)
        hands, turned = _deal(rng, size, players, cards)
        seats = (
            np.arange(start, start + size) % players if dealer is None else np.full(size, dealer)
        )
        made: dict[str, Policy] = {"random": RandomPolicy(rng), "heuristic": HEURISTIC}
        parts.append(_play(hands, turned, seats, [made[name] for name in names]))
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def play_blackout_deals(
    hands: np.ndarray,
    turned: np.ndarray,
    *,
    dealer: int,
    bids: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """Play given Blackout deals with the rule of thumb in every seat, some bids forced.

    The deals can come from :func:`deal_blackout_rounds` or be built with one hand
    fixed (:func:`~xactika_edu.engines.blackout_advice.deal_blackout_hand`); the same
    deals played with different forced bids give common random numbers.

    >>> hands, turned = deal_blackout_rounds(200, players=4, cards_per_hand=5, seed=3)
    >>> forced = np.full((200, 4), -1)
    >>> forced[:, 0] = 0                                  # seat 0 bids 0 in every round
    >>> rounds = play_blackout_deals(hands, turned, dealer=3, bids=forced)
    >>> set(rounds["bids"][:, 0].tolist()), rounds["tricks"].shape
    ({0}, (200, 4))

    Args:
        hands: (n, players, cards) card numbers (``suit * 13 + rank - 2``) of the
            ``players``-player Blackout deck, no card twice in a round.
        turned: (n,) the turned-up card of each round (not in a hand), or -1 for none
            (no trump: allowed only when every card of the deck is dealt).
        dealer: the dealer's seat in every round.
        bids: (n, players) bids the seats must make, -1 where the rule of thumb bids;
            ``None``: the rule of thumb bids everywhere.

    Returns:
        the dict of arrays of :func:`play_blackout_rounds`.

    Raises:
        XactikaError: for arrays of the wrong shape, a card outside the deck or dealt
            twice, a turned-up card missing or where none can be, or a bid out of range.
        IllegalBidError: if a forced bid is the dealer's trap.
    """
    array = np.asarray(hands)
    up = np.asarray(turned)
    if array.ndim != 3 or up.shape != array.shape[:1] or len(up) < 1:
        raise XactikaError(
            _(
                "hands must have shape (rounds, players, cards) and turned (rounds,), got "
                "{hands} and {turned}"
            ).format(hands=array.shape, turned=up.shape)
        )
    n, players, cards = array.shape
    players = check_players(players)
    check_whole(cards, "cards per hand (hands.shape[2])", 1, max_round(players))
    dealer = check_whole(dealer, "dealer", 0, players - 1)
    deck = np.array([card.index for card in blackout_deck(players)])
    shown_up = np.where(up >= 0, up, array[:, 0, 0])  # no card turned: repeat one, then drop
    full = np.concatenate([array.reshape(n, players * cards), shown_up[:, None]], axis=1)
    ordered = np.sort(full[:, :-1], axis=1)
    twice = (ordered[:, 1:] == ordered[:, :-1]).any() or (
        (up >= 0) & (array.reshape(n, -1) == up[:, None]).any(axis=1)
    ).any()
    wants_trump = players * cards < len(deck)
    misturned = (up < 0).any() if wants_trump else (up >= 0).any()
    if not np.isin(full, deck).all() or twice or misturned:
        raise XactikaError(
            _(
                "each round needs distinct cards of the {players}-player Blackout deck and a "
                "turned-up card exactly when cards are left"
            ).format(players=players)
        )
    forced = None
    if bids is not None:
        forced = np.asarray(bids)
        if forced.shape != (n, players) or ((forced < -1) | (forced > cards)).any():
            raise XactikaError(
                _("bids must have shape {shape} with bids -1 to {cards}, got {bids}").format(
                    shape=(n, players), cards=cards, bids=shown(bids)
                )
            )
    heuristic = [HEURISTIC] * players
    return _play(array.astype(np.int8), up.astype(np.int8), np.full(n, dealer), heuristic, forced)


def blackout_round(rounds: dict[str, np.ndarray], index: int) -> BlackoutRound:
    """Round ``index`` of :func:`play_blackout_rounds`' arrays as a reference
    :class:`~xactika_edu.core.blackout.BlackoutRound`, every bid and play replayed
    (and so checked) by the reference engine.

    Raises:
        XactikaError: for an index out of range; IllegalBidError or IllegalPlayError
            if the arrays hold an illegal action.
    """
    count = len(rounds["bids"])
    index = check_whole(index, "index", 0, count - 1)
    players = rounds["bids"].shape[1]
    hands = [[STANDARD_DECK[int(c)] for c in hand] for hand in rounds["hands"][index]]
    turned = int(rounds["turned"][index])
    trump = None if turned < 0 else STANDARD_DECK[turned]
    dealer = int(rounds["dealer"][index])
    rnd = BlackoutRound(hands, trump, dealer)
    for k in range(players):
        rnd.apply(int(rounds["bids"][index, (dealer + 1 + k) % players]))
    for trick in rounds["plays"][index]:
        for card in trick:
            rnd.apply(STANDARD_DECK[int(card)])
    return rnd


def replay_blackout_rounds(rounds: Sequence[BlackoutRound]) -> dict[str, np.ndarray]:
    """Play finished reference rounds again on the batch engine, every action checked.

    The rounds must share their player count and round size. Returns the arrays of
    :func:`play_blackout_rounds` (trick winners, tricks and scores computed by the
    batch engine), so the two engines can be compared.

    >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    >>> for action in (1, 0, "AS", "KS", "2H", "3H"):
    ...     rnd.apply(action)
    >>> replay_blackout_rounds([rnd])["scores"].tolist()
    [[11, 0]]

    Raises:
        XactikaError: for no rounds, an unfinished round or rounds of different shapes.
        IllegalBidError, IllegalPlayError: if the batch engine refuses an action.
    """
    if not rounds or not all(isinstance(r, BlackoutRound) and r.is_over for r in rounds):
        raise XactikaError(
            _("give finished Blackout rounds to replay, got {rounds}").format(
                rounds=shown(list(rounds))
            )
        )
    shapes = {(r.players, r.cards_per_hand) for r in rounds}
    if len(shapes) != 1:
        raise XactikaError(
            _("the rounds to replay must share players and cards, got {shapes}").format(
                shapes=sorted(shapes)
            )
        )
    players, cards = shapes.pop()
    hands = np.array(
        [[[c.index for c in hand] for hand in r.starting_hands] for r in rounds], dtype=np.int8
    )
    turned = np.array([-1 if r.trump_card is None else r.trump_card.index for r in rounds], np.int8)
    dealers = np.array([r.dealer for r in rounds])
    bids = np.array([r.bids for r in rounds], dtype=np.int8)
    plays = np.zeros((len(rounds), cards, players), dtype=np.int8)
    calls = np.zeros((len(rounds), cards), dtype=np.int8)
    for i, rnd in enumerate(rounds):
        for t, trick in enumerate(rnd.tricks):
            plays[i, t] = [card.index for _seat, card in trick.plays]
            calls[i, t] = trick.plays[0][1].suit
    return _play(hands, turned, dealers, [ReplayPolicy(bids, plays, calls)] * players)
