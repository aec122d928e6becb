"""Bid advice by simulation: how many tricks a hand takes, and the expected score of
each bid.

Each trial deals the cards a player has not seen to the others at random and plays
the hand out on the batch engine (:mod:`xactika_edu.engines.fastsim`) with the heuristic
in every seat. :func:`bid_advice` (also named :func:`suggest_bid`) plays the hand *for
each legal bid* on the same deals and recommends the bid with the best expected score.
:func:`trick_distribution` shows the frequencies of tricks when the seat plays for one
bid, and :func:`expected_score_table` that bid's expected score step by step.
:func:`fixed_play_advice` is the older one-distribution view: it assumes your play does
not change with your bid. Also importable from :mod:`xactika_edu.engines.simulate`.

Sources: RULES.md (the dealer rule, step 2; the score, step 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...core.cards import (
    CARDS_PER_HAND,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Hand,
    Seed,
    as_hand,
    make_rng,
)
from ...core.game import score
from ...core.rules import forbidden_bid, legal_bids
from ...core.rules import score as batch_score
from .bid_plays import tricks_for_each_bid

__all__ = [
    "BID_ADVICE_METHOD",
    "FIXED_PLAY_METHOD",
    "BidPlays",
    "bid_advice",
    "expected_score_table",
    "fixed_play_advice",
    "play_each_bid",
    "suggest_bid",
    "trick_distribution",
]


# --- bid advice ------------------------------------------------------------------------

#: How :func:`fixed_play_advice` computes its table (its ``.attrs["method"]``).
FIXED_PLAY_METHOD = "one distribution: play for one bid, score every bid"


def _forced_bids(trials: int, players: int, dealer: int, bids_so_far: Sequence[int]) -> np.ndarray:
    """(trials, players) bids for the engine: the bids so far at their seats, -1 elsewhere."""
    forced = np.full((trials, players), -1)
    for position, bid in enumerate(bids_so_far):
        forced[:, (dealer + 1 + position) % players] = bid
    return forced


def _trick_counts(
    cards: Hand,
    players: int,
    seat: int,
    dealer: int,
    bids_so_far: Sequence[int],
    trials: int,
    rng: np.random.Generator,
    playing_for: int | None = None,
) -> tuple[np.ndarray, int]:
    """Tricks taken by ``seat`` in each trial (HeuristicBot for every seat) and its bid.

    The seat bids ``playing_for`` (``None``: as HeuristicBot) and plays for it. Runs on
    the vectorized engine (:mod:`xactika_edu.engines.fastsim`), whose heuristic policy
    makes HeuristicBot's decisions exactly (tested decision by decision).
    """
    from .. import fastsim

    hands = fastsim.deal_rounds(trials, players, hand=cards, seat=seat, seed=rng)
    forced = _forced_bids(trials, players, dealer, bids_so_far)
    if playing_for is not None:
        forced[:, seat] = playing_for
    # else the seat bids as HeuristicBot: the same bid in every trial (its hand is fixed)
    rounds = fastsim.play_rounds(hands=hands, bots="heuristic", dealer=dealer, bids=forced)
    return np.asarray(rounds.tricks[:, seat], dtype=np.int64), int(rounds.bids[0, seat])


def _check_request(
    hand: Iterable[Card | str] | str,
    players: int,
    seat: int,
    trials: int,
    dealer: int | None,
    bids_so_far: Sequence[int],
) -> tuple[Hand, int, int, int, int, list[int]]:
    """The checked arguments of an advice request: (cards, players, seat, trials,
    dealer, bids so far); see :func:`fixed_play_advice` for their meaning and the errors."""
    cards = as_hand(hand)
    size = check_whole(len(cards), "cards in the hand", 1, CARDS_PER_HAND)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    seat = check_whole(seat, "seat", 0, players - 1)
    trials = check_whole(trials, "trials", 1, 1_000_000)
    if players * size > len(DECK):
        raise XactikaError(
            _(
                "{players} players with {size} cards each need {number} cards; the deck has {count}"
            ).format(players=players, size=size, number=players * size, count=len(DECK))
        )
    if isinstance(bids_so_far, (str, bytes)) or not isinstance(bids_so_far, Sequence):
        raise XactikaError(
            _("bids_so_far must be a list of bids, got {bids_so_far}").format(
                bids_so_far=shown(bids_so_far)
            )
        )
    made = [check_whole(b, "a bid so far", 0, size) for b in bids_so_far]
    if len(made) >= players:
        raise XactikaError(
            _("bids_so_far has {count} bids but only {number} players bid before you").format(
                count=len(made), number=players - 1
            )
        )
    if dealer is None:
        dealer = (seat - 1 - len(made)) % players
    else:
        dealer = check_whole(dealer, "dealer", 0, players - 1)
        place = (seat - dealer - 1) % players
        if place != len(made):
            raise XactikaError(
                _(
                    "with dealer {dealer}, seat {seat} bids after {place} players, but "
                    "bids_so_far has {count} bids: {made}"
                ).format(dealer=dealer, seat=seat, place=place, count=len(made), made=shown(made))
            )
    return cards, players, seat, trials, dealer, made


def fixed_play_advice(
    hand: Iterable[Card | str] | str,
    players: int,
    seat: int,
    trials: int = 2000,
    seed: Seed = None,
    dealer: int | None = None,
    bids_so_far: Sequence[int] = (),
) -> pd.DataFrame:
    """The one-distribution view of bidding: the tricks taken when playing for *one* bid,
    scored as if you had made any bid. It assumes your play does not change with your
    bid; use :func:`bid_advice` to choose a bid.

    Each trial deals the cards you have not seen to the other players at random
    (the rest are set aside), lets the later bidders bid as
    :class:`~xactika_edu.engines.bots.HeuristicBot` would, and plays the hand out with
    HeuristicBot for every seat, yours included (you aim at HeuristicBot's bid for
    your hand, ``.attrs["played as"]``). The tricks you take give the probability of
    taking exactly ``k`` tricks; the "expected score" of bidding ``b`` is then the sum
    over ``k`` of P(k) x score(b, k), with score(b, k) = k if k == b else -|k - b|
    (RULES.md, step 4). Only the row of the bid played for is a real expected score:
    a player who bids 2 throws away high cards instead of taking a third trick, so
    the other rows, and the recommended bid, can be wrong (Lesson 6's hand,
    ``deal(players=4, seed=46)[0]`` in seat 0: 3 here, 2 by :func:`bid_advice`).

    >>> table = fixed_play_advice("3133 3333 1111", players=4, seat=1, trials=200, seed=1)
    >>> list(table.columns)
    ['probability', 'expected score', 'legal', 'recommended']
    >>> round(float(table["probability"].sum()), 6), table.attrs["played as"]
    (1.0, 2)
    >>> fixed_play_advice("3133 3333 1111", players=4, seat=0, dealer=0,
    ...                   bids_so_far=[1, 0, 1], trials=200, seed=1).loc[1, "legal"]  # 1+0+1+1 = 3
    np.False_

    Args:
        hand: your cards (1-8; a :class:`~xactika_edu.core.cards.Hand`, a list of cards
            or notation like ``"3213 1111"``); everyone holds as many.
        players: 2 to 10, you included.
        seat: your seat, 0 to players - 1.
        trials: simulated deals, 1 to 1,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.
        dealer: the dealer's seat. ``None``: the seat that makes ``bids_so_far``
            the bids before yours (with no bids so far you bid first, so the
            dealer is on your right).
        bids_so_far: the bids already made, in bidding order (from the dealer's
            left); ``len(bids_so_far)`` must be your place in the bidding order.

    Returns:
        a DataFrame indexed by ``bid`` 0..len(hand) with columns ``probability``
        (the simulated chance of taking exactly that many tricks when playing for
        ``.attrs["played as"]``; they sum to 1), ``expected score`` (points, float,
        assuming the same play for every bid), ``legal`` (bool) and ``recommended``
        (bool, true for one legal bid). ``.attrs`` holds ``recommended`` (int),
        ``trials``, ``played as`` (the bid you aimed at in the simulation),
        ``dealer`` and ``method`` (``"one distribution: play for one bid, score
        every bid"``).

    Raises:
        XactikaError: for bad cards, a number out of range, too many cards for the
            deck, or ``bids_so_far`` that does not fit ``seat`` and ``dealer``.
    """
    cards, players, seat, trials, dealer, made = _check_request(
        hand, players, seat, trials, dealer, bids_so_far
    )
    size = len(cards)
    rng = make_rng(seed)
    counts, played_as = _trick_counts(cards, players, seat, dealer, made, trials, rng)
    probability = np.bincount(counts, minlength=size + 1) / trials
    bids = np.arange(size + 1)
    expected = np.array(
        [sum(probability[k] * score(int(b), k) for k in range(size + 1)) for b in bids]
    )
    legal = np.ones(size + 1, dtype=bool)
    if seat == dealer:
        forbidden = forbidden_bid(sum(made), size)
        if forbidden >= 0:
            legal[forbidden] = False
    candidates = [int(b) for b in bids if legal[b]]
    best = max(candidates, key=lambda b: (expected[b], -b))
    table = pd.DataFrame(
        {
            "probability": probability,
            "expected score": expected,
            "legal": legal,
            "recommended": bids == best,
        },
        index=pd.Index(bids, name="bid"),
    )
    table.attrs.update(
        {
            "recommended": best,
            "trials": trials,
            "played as": played_as,
            "dealer": dealer,
            "method": FIXED_PLAY_METHOD,
        }
    )
    return table


# --- estimation: the distribution of tricks for one hand -------------------------------


def trick_distribution(
    hand: Iterable[Card | str] | str,
    players: int,
    seat: int,
    trials: int = 2000,
    seed: Seed = None,
    dealer: int | None = None,
    bids_so_far: Sequence[int] = (),
    *,
    playing_for: int | None = None,
) -> pd.DataFrame:
    """How many tricks one hand takes when its seat plays for one bid: the frequency of
    each number of tricks over many simulated deals of the other players' cards.

    Each trial deals the cards you have not seen to the other players at random and
    plays the hand out with :class:`~xactika_edu.engines.bots.HeuristicBot` in every
    seat, yours included; your seat bids ``playing_for`` and tries to take exactly
    that many tricks. With the same arguments and seed, the deals are
    :func:`bid_advice`'s, so ``relative frequency`` equals the row of
    ``bid_advice`` for that bid (its columns ``0, 1, ..., len(hand)``): a lesson can
    show one distribution first and the advice for every bid next, from the same deals.

    >>> table = trick_distribution("3133 3333 1111", players=4, seat=1, trials=200, seed=1)
    >>> list(table.columns), table.index.name, len(table)
    (['frequency', 'relative frequency'], 'tricks', 4)
    >>> int(table["frequency"].sum()), table.attrs["trials"], table.attrs["played as"]
    (200, 200, 2)
    >>> trick_distribution("3133 3333 1111", players=4, seat=1, trials=200, seed=1,
    ...                    playing_for=3).attrs["played as"]
    3
    >>> trick_distribution("3133", players=4, seat=1, trials=0)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: trials must be from 1 to 1000000, got 0

    Args:
        hand, players, seat, dealer, bids_so_far: as for :func:`bid_advice`.
        trials: simulated deals, 1 to 1,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; the
            same seed gives the same table.
        playing_for: the bid your seat makes and plays for, a legal bid from 0 to
            len(hand); ``None`` (the default): the bid HeuristicBot makes for the hand.

    Returns:
        a DataFrame indexed by ``tricks`` 0..len(hand) (every number, even those
        that never happened) with columns ``frequency`` (int: trials in which the
        hand took that many tricks; they add up to ``trials``) and
        ``relative frequency`` (float in [0, 1]: frequency / trials; they add up
        to 1). ``.attrs`` holds ``trials``, ``played as`` (the bid your seat aimed
        at while playing) and ``dealer``.

    Raises:
        XactikaError: as :func:`bid_advice`, or if ``playing_for`` is not a legal bid.
    """
    cards, players, seat, trials, dealer, made = _check_request(
        hand, players, seat, trials, dealer, bids_so_far
    )
    size = len(cards)
    if playing_for is not None:
        playing_for = check_whole(playing_for, "playing_for", 0, size)
        allowed = legal_bids(sum(made), seat == dealer, size)
        if playing_for not in allowed:
            raise XactikaError(
                _(
                    "playing_for {playing_for} is not a legal bid here: the dealer may "
                    "not make the bids add up to {size}"
                ).format(playing_for=playing_for, size=size)
            )
    counts, played_as = _trick_counts(
        cards, players, seat, dealer, made, trials, make_rng(seed), playing_for
    )
    frequency = np.bincount(counts, minlength=size + 1)
    table = pd.DataFrame(
        {"frequency": frequency, "relative frequency": frequency / trials},
        index=pd.Index(np.arange(size + 1), name="tricks"),
    )
    table.attrs.update({"trials": trials, "played as": played_as, "dealer": dealer})
    return table


def expected_score_table(distribution: pd.DataFrame, bid: int) -> pd.DataFrame:
    """The expected score of one bid, step by step: for each number of tricks, its
    relative frequency times the points the bid would score.

    The expected score is the sum of the last column: each outcome's points
    weighted by how often it happens. Points follow RULES.md, step 4 (exact bid:
    +1 per trick; a miss: -1 for each trick off). The distribution must be the one
    of playing *for that bid*: a table that says which bid it was played for
    (``.attrs["played as"]``, as :func:`trick_distribution`'s) is refused for any
    other bid, since a player who bids differently plays differently.

    >>> table = pd.DataFrame({"relative frequency": [0.0, 0.5, 0.5]},
    ...                      index=pd.Index([0, 1, 2], name="tricks"))
    >>> result = expected_score_table(table, bid=2)
    >>> result["score"].tolist(), result.attrs["expected score"]
    ([-2, -1, 2], 0.5)
    >>> expected_score_table(table, bid=3)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: bid must be from 0 to 2, got 3
    >>> table.attrs["played as"] = 1
    >>> expected_score_table(table, bid=2)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: this distribution comes from playing for 1, so it gives the \
expected score of bidding 1 only; for bid 2 use trick_distribution(..., playing_for=2)

    Args:
        distribution: a table indexed by tricks 0..n with a ``relative frequency``
            column, like :func:`trick_distribution`'s (or :func:`fixed_play_advice`'s,
            whose ``probability`` column is used when there is no ``relative
            frequency``).
        bid: the bid, 0 to n; the bid the distribution was played for, if it says.

    Returns:
        a DataFrame indexed by ``tricks`` (as ``distribution``) with columns
        ``relative frequency`` (float in [0, 1]), ``score`` (int, points for taking
        that many tricks after bidding ``bid``) and ``relative frequency × score``
        (float, points). ``.attrs["expected score"]`` is that column's sum (a float)
        and ``.attrs["bid"]`` the bid.

    Raises:
        XactikaError: if ``distribution`` is not such a table, ``bid`` is not a
            whole number from 0 to n, or the table was played for another bid.
    """
    if not isinstance(distribution, pd.DataFrame):
        raise XactikaError(
            _(
                "distribution must be the DataFrame from trick_distribution, got {distribution}"
            ).format(distribution=shown(distribution))
        )
    column = next(
        (c for c in ("relative frequency", "probability") if c in distribution.columns), None
    )
    tricks = list(distribution.index)
    if column is None or not tricks or tricks != list(range(len(tricks))):
        raise XactikaError(
            _(
                "distribution must be indexed by tricks 0, 1, 2, ... with a "
                "'relative frequency' column, like trick_distribution's; got "
                "columns {columns} and index {tricks}"
            ).format(columns=shown(list(distribution.columns)), tricks=shown(tricks))
        )
    bid = check_whole(bid, "bid", 0, len(tricks) - 1)
    played = distribution.attrs.get("played as")
    if played is not None and played != bid:
        raise XactikaError(
            _(
                "this distribution comes from playing for {played}, so it gives the"
                " expected score of bidding {played} only; for bid {bid} use "
                "trick_distribution(..., playing_for={bid})"
            ).format(played=played, bid=bid)
        )
    share = distribution[column].to_numpy(dtype=float)
    points = np.array([score(bid, k) for k in tricks], dtype=np.int64)
    table = pd.DataFrame(
        {
            "relative frequency": share,
            "score": points,
            "relative frequency × score": share * points + 0.0,  # + 0.0: no "-0.0"
        },
        index=pd.Index(tricks, name="tricks"),
    )
    table.attrs.update({"bid": bid, "expected score": float(table.iloc[:, 2].sum())})
    return table


# --- advice that plays each bid --------------------------------------------------------

#: How :func:`bid_advice` computes its table (its ``.attrs["method"]``).
BID_ADVICE_METHOD = "play for each bid, common random numbers"

#: The normal quantile of a two-sided 95% interval.
_Z95 = 1.959963984540054


@dataclass(frozen=True, eq=False)
class BidPlays:
    """The tricks one hand takes when its seat plays for each legal bid, on the same deals.

    Made by :func:`play_each_bid`.

    Attributes:
        bids: the legal bids of the seat, ascending (the dealer's forbidden bid left out).
        hands: (trials, players, cards) int8 card numbers: trial t's deal, the same
            for every bid (common random numbers); the seat holds the given hand.
        tricks: (len(bids), trials) int64: tricks the seat took in trial t when it
            bid ``bids[i]`` and played for it.
        seat, dealer: the seats; ``bids_so_far``: the bids made before the seat's,
            in bidding order.
    """

    bids: tuple[int, ...]
    hands: np.ndarray
    tricks: np.ndarray
    seat: int
    dealer: int
    bids_so_far: tuple[int, ...]


def play_each_bid(
    hand: Iterable[Card | str] | str,
    players: int,
    seat: int,
    trials: int = 2000,
    seed: Seed = None,
    dealer: int | None = None,
    bids_so_far: Sequence[int] = (),
    *,
    method: str = "shared",
) -> BidPlays:
    """Play the hand out once per trial *for each legal bid*, on the same deals.

    Each trial deals the cards the seat has not seen to the other players at random,
    once; the trial is then played again for every legal bid ``b`` of the seat
    (common random numbers): the seat's bid is ``b``, the bids so far are as given,
    the later players bid as :class:`~xactika_edu.engines.bots.HeuristicBot` (seeing
    ``b``), and every seat plays as HeuristicBot, which plays to make its own bid:
    the seat aims at ``b``. Runs on :mod:`xactika_edu.engines.fastsim`.

    >>> plays = play_each_bid("3133 3333 1111", players=4, seat=0, dealer=0,
    ...                       bids_so_far=[1, 0, 1], trials=100, seed=1)
    >>> plays.bids, plays.tricks.shape, plays.hands.shape    # 1 + 0 + 1 + 1 = 3: no 1
    ((0, 2, 3), (3, 100), (100, 4, 3))

    Args:
        hand, players, seat, trials, seed, dealer, bids_so_far: as for
            :func:`fixed_play_advice`.
        method: ``"shared"`` (the default: games replay their shared beginnings,
            fast) or ``"direct"`` (each bid played from the deal); the same tricks
            either way (:func:`~xactika_edu.engines.advice.bid_plays.tricks_for_each_bid`).

    Returns:
        a :class:`BidPlays`.

    Raises:
        XactikaError: as :func:`fixed_play_advice`, or for an unknown ``method``.
    """
    from .. import fastsim

    cards, players, seat, trials, dealer, made = _check_request(
        hand, players, seat, trials, dealer, bids_so_far
    )
    size = len(cards)
    bids = tuple(legal_bids(sum(made), seat == dealer, size))
    hands = fastsim.deal_rounds(trials, players, hand=cards, seat=seat, seed=make_rng(seed))
    forced = _forced_bids(trials, players, dealer, made)
    tricks = tricks_for_each_bid(hands, seat, dealer, forced, bids, method)
    return BidPlays(bids, hands, tricks, seat, dealer, tuple(made))


def bid_advice(
    hand: Iterable[Card | str] | str,
    players: int,
    seat: int,
    trials: int = 2000,
    seed: Seed = None,
    dealer: int | None = None,
    bids_so_far: Sequence[int] = (),
    *,
    method: str = "shared",
) -> pd.DataFrame:
    """Advise a bid by playing for each bid: per legal bid, the chance of making it, the
    distribution of tricks and the expected score, when the seat plays *for that bid*.

    Unlike :func:`fixed_play_advice` (one distribution of tricks, played for one bid
    and reused for every bid), each bid here is simulated on its own, all on the same
    deals (:func:`play_each_bid`): playing for 2 loses tricks that playing for 3
    would take, and the table shows it. The score of each trial follows RULES.md,
    step 4; the expected score is its mean over the trials, with a standard error
    and a 95% interval (normal approximation: mean +- 1.96 standard errors). The
    recommended bid has the best expected score (ties: the lower bid).

    >>> advice = bid_advice("3133 3333 1111", players=4, seat=1, trials=200, seed=1)
    >>> list(advice.columns)[:6]
    ['chance of making it', 'expected score', 'standard error', '95% low', '95% high', \
'recommended']
    >>> list(advice.columns)[6:], advice.index.name, advice.attrs["method"]
    ([0, 1, 2, 3], 'bid', 'play for each bid, common random numbers')
    >>> bid_advice("3133", players=4, seat=1, trials=0)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: trials must be from 1 to 1000000, got 0

    Args:
        hand, players, seat, trials, seed, dealer, bids_so_far: as for
            :func:`fixed_play_advice`; ``trials`` deals are played once per legal bid.
        method: how the games are played, as for :func:`play_each_bid` (the same
            table either way; ``"shared"`` is faster).

    Returns:
        a DataFrame indexed by ``bid``: the legal bids only, ascending (the dealer's
        forbidden bid is absent). Columns: ``chance of making it`` (probability in
        [0, 1]: share of trials with exactly ``bid`` tricks), ``expected score``
        (points per hand, float), ``standard error`` (points), ``95% low`` and
        ``95% high`` (points), ``recommended`` (bool, true on one row), then one
        column per number of tricks ``0, 1, ..., len(hand)`` (int labels): the
        probability of taking that many tricks when playing for the row's bid (each
        row sums to 1). ``.attrs`` holds ``recommended`` (int), ``method``
        (:data:`BID_ADVICE_METHOD`), ``trials`` (deals per bid), ``seed`` (the whole
        number given, else ``None``), ``players``, ``seat``, ``dealer`` and
        ``bids before yours`` (tuple, in bidding order).

    Raises:
        XactikaError: for bad cards, a number out of range, too many cards for the
            deck, or ``bids_so_far`` that does not fit ``seat`` and ``dealer``
            (as :func:`fixed_play_advice`), or an unknown ``method``.
    """
    plays = play_each_bid(hand, players, seat, trials, seed, dealer, bids_so_far, method=method)
    bids = np.array(plays.bids)
    size = plays.hands.shape[2]
    trials = plays.tricks.shape[1]
    points = batch_score(bids[:, None], plays.tricks).astype(np.float64)  # (bids, trials)
    expected = points.mean(axis=1)
    error = points.std(axis=1, ddof=1) / np.sqrt(trials) if trials > 1 else np.zeros(len(bids))
    counts = np.stack([np.bincount(row, minlength=size + 1) for row in plays.tricks])
    distribution = counts / trials
    best = max(plays.bids, key=lambda b: (expected[plays.bids.index(b)], -b))
    table = pd.DataFrame(
        {
            "chance of making it": distribution[np.arange(len(bids)), bids],
            "expected score": expected,
            "standard error": error,
            "95% low": expected - _Z95 * error,
            "95% high": expected + _Z95 * error,
            "recommended": bids == best,
        },
        index=pd.Index(bids, name="bid"),
    )
    for k in range(size + 1):
        table[k] = distribution[:, k]
    table.attrs.update(
        {
            "recommended": int(best),
            "method": BID_ADVICE_METHOD,
            "trials": trials,
            "seed": seed if isinstance(seed, int) else None,
            "players": plays.hands.shape[1],
            "seat": plays.seat,
            "dealer": plays.dealer,
            "bids before yours": plays.bids_so_far,
        }
    )
    return table


#: Advise a bid: :func:`bid_advice` under its older name (the very same function).
#: Until issue 11 this name scored every bid from one distribution of tricks; that
#: view is now :func:`fixed_play_advice`.
suggest_bid = bid_advice
