"""How many tricks a Blackout hand takes, and which bid is best under each scoring.

:func:`blackout_trick_distribution` plays one fixed Blackout hand out on many random
deals (the other hands and the turned-up card dealt from the rest of the round's
deck, the rule of thumb in every seat) on the batch engine and counts the tricks it
takes: exact relative frequencies, as Fractions of the deals played.
:func:`compare_bid_scoring` puts a Blackout hand and an Xactika hand side by side:
for each bid, the chance of making it and its expected score under Blackout's
all-or-nothing scoring and under Xactika's minus-the-difference scoring, through
:func:`~xactika_edu.core.blackout_chances.bid_expectations` (which scores with
:func:`xactika_edu.core.rules.score`, the one source of both scores).

>>> table = blackout_trick_distribution("AS KS QS 4H 3D", trump="2S", deals=500, seed=1)
>>> table.attrs["played as"], sum(table["relative frequency"])   # three trumps on top
(3, Fraction(1, 1))

Source: seed 004, Blackout ("Dealing & Trump", "Bidding", "Scoring"); RULES.md, step 4
(Xactika's score). Engines layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import numpy as np
import pandas as pd

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.blackout_chances import bid_expectations
from ..core.blackout_parts import blackout_deck, check_players, max_round
from ..core.cards import Card, Seed, make_rng
from ..core.playing_cards import PlayingCard, as_playing_cards
from .advice import play_each_bid
from .batch_deal import BATCH, shuffled_prefix
from .blackout_batch import play_blackout_deals

__all__ = [
    "SCORINGS",
    "blackout_trick_distribution",
    "compare_bid_scoring",
    "deal_blackout_hand",
    "play_blackout_hand",
]

#: Most deals one call plays.
MAX_DEALS = 1_000_000


def _setting(
    hand: Iterable[PlayingCard | str] | str,
    trump: PlayingCard | str | None,
    players: int,
    seat: int,
) -> tuple[np.ndarray, int, int, int, np.ndarray]:
    """The hand's card numbers, the trump card's (-1: dealt at random or none), the
    players, the seat and the pool the rest is dealt from; checked."""
    players = check_players(players)
    seat = check_whole(seat, "seat", 0, players - 1)
    cards = as_playing_cards(hand)
    check_whole(len(cards), "cards in the hand", 1, max_round(players))
    deck = blackout_deck(players)
    turned = None if trump is None else as_playing_cards([trump])[0]
    known = [*cards, *([turned] if turned else [])]
    if len(set(known)) != len(known):
        raise XactikaError(_("a card is given twice (hand, trump card)"))
    outside = sorted(str(card) for card in known if card not in deck)
    if outside:
        raise XactikaError(
            _("not in the {players}-player Blackout deck: {cards}").format(
                players=players, cards=", ".join(outside)
            )
        )
    if turned is not None and players * len(cards) == len(deck):
        raise XactikaError(
            _(
                "every card is dealt in the max round: no card is turned up for trump, got {trump}"
            ).format(trump=shown(str(turned)))
        )
    pool = np.array([card.index for card in deck if card not in known], dtype=np.int8)
    mine = np.array([card.index for card in cards], dtype=np.int8)
    return mine, -1 if turned is None else turned.index, players, seat, pool


def deal_blackout_hand(
    n: int,
    hand: Iterable[PlayingCard | str] | str,
    trump: PlayingCard | str | None = None,
    players: int = 4,
    seat: int = 0,
    seed: Seed = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``n`` Blackout rounds in which ``seat`` holds ``hand``: the other hands (and
    the turned-up card, unless ``trump`` is given) dealt uniformly at random from the
    rest of the ``players``-player deck.

    >>> hands, turned = deal_blackout_hand(3, "AS 4H", trump="2S", players=4, seat=1, seed=1)
    >>> hands.shape, hands[:, 1].tolist(), turned.tolist()      # A♠ is 51, 4♥ is 28
    ((3, 4, 2), [[51, 28], [51, 28], [51, 28]], [39, 39, 39])

    Args:
        n: rounds, 1 to 1,000,000.
        hand: the seat's cards (notation like ``"AS 4H"`` or cards), 1 to the max round.
        trump: the turned-up card, or ``None``: a random card of the rest (none in the
            max round, when every card is dealt).
        players: 2 to 8; ``seat``: 0 to players - 1.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        ``(hands, turned)``: int8 card numbers of shape (n, players, len(hand)) and
        (n,) (-1: no trump), as :func:`~xactika_edu.engines.blackout_batch.deal_blackout_rounds`.

    Raises:
        XactikaError: for a bad card, a card twice or outside the deck, a trump card in
            the max round, or a number out of range.
    """
    n = check_whole(n, "n (rounds)", 1, MAX_DEALS)
    mine, turned, players, seat, pool = _setting(hand, trump, players, seat)
    cards = len(mine)
    others = (players - 1) * cards
    draw = turned < 0 and others < len(pool)  # the turned-up card is dealt too
    rng = make_rng(seed)
    hands, ups = [], []
    for start in range(0, n, BATCH):
        size = min(BATCH, n - start)
        deck = shuffled_prefix(rng, size, pool, others + draw)
        rest = deck[:, :others].reshape(size, players - 1, cards)
        fixed = np.broadcast_to(mine, (size, 1, cards))
        hands.append(np.concatenate([rest[:, :seat], fixed, rest[:, seat:]], axis=1))
        ups.append(deck[:, others] if draw else np.full(size, turned, dtype=np.int8))
    return np.ascontiguousarray(np.concatenate(hands)), np.concatenate(ups).astype(np.int8)


def play_blackout_hand(
    hand: Iterable[PlayingCard | str] | str,
    bids: Iterable[int | None],
    trump: PlayingCard | str | None = None,
    players: int = 4,
    seat: int = 0,
    deals: int = 2000,
    seed: Seed = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``hand`` once for each bid in ``bids`` on the same ``deals`` random deals.

    The seat bids first (the dealer sits on its right, so every bid is legal), bids
    ``b`` and plays for it; ``None`` lets the rule of thumb bid. Every seat plays by
    the rule of thumb (:class:`~xactika_edu.engines.blackout_policy.BlackoutHeuristicPolicy`),
    which plays to make its own bid. The deals are shared by the bids (common
    random numbers), as :func:`~xactika_edu.engines.advice.play_each_bid` does for Xactika.

    >>> tricks, scores, made = play_blackout_hand("AS 4H", [0, None], trump="2S", deals=4, seed=1)
    >>> tricks.shape, scores.shape, made.tolist()      # the rule of thumb bids 1 (A♠)
    ((2, 4), (2, 4), [[0, 0, 0, 0], [1, 1, 1, 1]])

    Returns:
        ``(tricks, scores, bids)``: int64 arrays of shape (len(bids), deals), the
        seat's tricks, Blackout score and bid in each deal for each bid.

    Raises:
        XactikaError: as :func:`deal_blackout_hand`, or a bid not 0 to len(hand).
    """
    deals = check_whole(deals, "deals", 1, MAX_DEALS)
    hands, turned = deal_blackout_hand(deals, hand, trump, players, seat, seed)
    players, size = hands.shape[1], hands.shape[2]
    dealer = (seat - 1) % players
    tricks, scores, made = [], [], []
    for bid in bids:
        forced = np.full((deals, players), -1)
        if bid is not None:
            forced[:, seat] = check_whole(bid, "bid", 0, size)
        rounds = play_blackout_deals(hands, turned, dealer=dealer, bids=forced)
        tricks.append(rounds["tricks"][:, seat])
        scores.append(rounds["scores"][:, seat])
        made.append(rounds["bids"][:, seat])
    return (
        np.array(tricks, dtype=np.int64),
        np.array(scores, dtype=np.int64),
        np.array(made, dtype=np.int64),
    )


def _table(counts: np.ndarray, size: int) -> pd.DataFrame:
    """Tricks 0..size: ``frequency`` and the exact ``relative frequency``."""
    frequency = np.bincount(counts, minlength=size + 1)
    deals = len(counts)
    return pd.DataFrame(
        {
            "frequency": frequency,
            "relative frequency": [Fraction(int(f), deals) for f in frequency],
        },
        index=pd.Index(np.arange(size + 1), name="tricks"),
    )


def blackout_trick_distribution(
    hand: Iterable[PlayingCard | str] | str,
    trump: PlayingCard | str | None = None,
    players: int = 4,
    seat: int = 0,
    deals: int = 2000,
    seed: Seed = None,
    *,
    playing_for: int | None = None,
) -> pd.DataFrame:
    """How many tricks a Blackout hand takes: exact relative frequencies over ``deals``
    random deals played out by the rule of thumb on the batch engine.

    The seat bids first and plays for ``playing_for``, or, by default, for the bid the
    rule of thumb makes for its hand and the trump card: one bid a student can name,
    and the way a player who bids like that plays (a player who bids 0 ducks tricks
    that a player who bids 2 takes, so a distribution belongs to the bid played for).

    >>> table = blackout_trick_distribution("AS KS QS", trump="2S", deals=100, seed=1)
    >>> table["frequency"].tolist(), table["relative frequency"].tolist()[3]  # top trumps
    ([0, 0, 0, 100], Fraction(1, 1))

    Args:
        hand: the seat's cards (notation like ``"AS 4H"``), 1 to the max round.
        trump: the turned-up card (its suit is trump), or ``None``: dealt at random
            from the rest (none in the max round).
        players: 2 to 8; ``seat``: the seat holding ``hand`` (the dealer is on its right).
        deals: random deals played, 1 to 1,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; the same
            seed gives the same table.
        playing_for: the bid to make and play for (0 to len(hand)), or ``None``.

    Returns:
        a DataFrame indexed by ``tricks`` 0..len(hand) with columns ``frequency``
        (int, deals with that many tricks; they add up to ``deals``) and
        ``relative frequency`` (Fraction: frequency / deals; they add up to 1).
        ``.attrs``: ``deals``, ``played as`` (the bid played for; ``None`` if the
        rule of thumb's bid changed with a random trump card) and ``dealer``.

    Raises:
        XactikaError: as :func:`deal_blackout_hand`, or a bid out of range.
    """
    tricks, _scores, made = play_blackout_hand(
        hand, [playing_for], trump, players, seat, deals, seed
    )
    table = _table(tricks[0], len(as_playing_cards(hand)))
    bids = set(made[0].tolist())
    table.attrs.update(
        {
            "deals": len(tricks[0]),
            "played as": bids.pop() if len(bids) == 1 else None,
            "dealer": (seat - 1) % check_players(players),
        }
    )
    return table


#: The two scorings compared, in the columns of :func:`compare_bid_scoring`.
SCORINGS: tuple[str, ...] = ("Blackout", "Xactika")


def _rows(game: str, tricks: np.ndarray, bids: list[int], size: int) -> list[dict[str, object]]:
    """One row per bid: the chance of making it and both expected scores, from the
    distribution of tricks when playing for that bid (``tricks``: (bids, deals))."""
    rows = []
    for bid, counts in zip(bids, tricks, strict=True):
        chances = list(_table(counts, size)["relative frequency"])
        _bid, exact, blackout, xactika = bid_expectations(chances)[bid]
        rows.append(
            {
                "game": game,
                "bid": bid,
                "chance of making it": exact,
                "Blackout score": blackout,
                "Xactika score": xactika,
                "tricks": tuple(chances),
            }
        )
    return rows


def compare_bid_scoring(
    blackout_hand: Iterable[PlayingCard | str] | str,
    trump: PlayingCard | str | None,
    xactika_hand: Iterable[Card | str] | str | None = None,
    players: int = 4,
    deals: int = 2000,
    seed: Seed = None,
) -> pd.DataFrame:
    """Each bid's chance and expected score under Blackout's all-or-nothing scoring and
    Xactika's minus-the-difference scoring, for a Blackout hand and an Xactika hand.

    Each hand sits in seat 0 and bids first (every bid is legal); for each bid ``b``
    it is played out for ``b`` on the same ``deals`` random deals (the rest of its
    game's deck dealt at random, its game's rule of thumb in every seat:
    :func:`play_blackout_hand`, :func:`~xactika_edu.engines.advice.play_each_bid`).
    The tricks taken give the distribution of tricks when playing for ``b`` (exact
    relative frequencies); :func:`~xactika_edu.core.blackout_chances.bid_expectations`
    scores it both ways: Blackout E = P(T = b) x (the 1 written in front of b: 10 + b
    below 10), Xactika E = sum over t of P(T = t) x score(b, t) (b if t = b, else
    -|t - b|), both by :func:`xactika_edu.core.rules.score`.

    Why the best bid moves: all-or-nothing pays only the exact count, so the best
    bid is the count that is likeliest to come out exact, weighted by the 1 in front
    (bid 0 is worth 10 when exact, bid 3 only 13: a small step up for each trick);
    minus-the-difference pays an exact bid only its tricks (bid 0 exact is worth 0)
    and charges each trick of a miss, so its best bid sits near the middle of the
    distribution, not at a likely 0. In this four-player 5-card round (diamonds trump)
    the Blackout hand holds one low trump and no card above a 9: playing for 0 it
    takes no trick in 238 of 400 deals, playing for 1 exactly one in 144. Blackout's
    best bid is 0 (5.95 expected points against 3.96), Xactika's is 1 (-0.285
    against -0.48: bid 0 scores nothing when exact):

    >>> table = compare_bid_scoring("8C 7D 3S 9H 3H", "2D",
    ...     "1212 2231 1133 3233 1213 3111 1323 1333", players=4, deals=400, seed=4)
    >>> rows = table[table["game"] == "Blackout"].set_index("bid")
    >>> rows.loc[[0, 1], ["chance of making it", "Blackout score", "Xactika score"]].map(
    ...     lambda x: round(float(x), 3))
         chance of making it  Blackout score  Xactika score
    bid
    0                  0.595            5.95         -0.482
    1                  0.360            3.96         -0.285
    >>> table.attrs["best"]
    {'Blackout': {'Blackout': 0, 'Xactika': 1}, 'Xactika': {'Blackout': 2, 'Xactika': 3}}

    With 20,000 deals (seed 4) the move stands: bid 0 beats bid 1 by 2.65 points
    (standard error 0.06) under Blackout's scoring, bid 1 beats bid 0 by 0.108 (0.009)
    under Xactika's. The Xactika hand's bid 2 is made 79% of the time and is best
    under all-or-nothing (9.49 points, bid 3: 7.57); under Xactika's scoring bids 2
    and 3 are level (1.332 and 1.325, a difference of 0.007 with standard error
    0.017), so 400 deals can name either.

    Args:
        blackout_hand: 1 to the max round of standard cards (notation like ``"AS 4H"``).
        trump: the Blackout round's turned-up card, or ``None`` (random).
        xactika_hand: 1 to 8 Xactika cards (notation like ``"3133 1111"``), or
            ``None`` for the Blackout hand's rows only (the same rows and numbers as
            with an Xactika hand: the Blackout deals are drawn first).
        players: 2 to 8, both games (each hand plays against ``players - 1`` others).
        deals: random deals per game, 1 to 1,000,000, each played once per bid.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; the same
            seed gives the same table (Blackout's deals first, then Xactika's).

    Returns:
        a DataFrame with one row per game and bid (the Blackout hand's bids 0 to its
        cards, then the Xactika hand's) and columns ``game`` ("Blackout" or
        "Xactika": whose hand and deals), ``bid``, ``chance of making it``,
        ``Blackout score`` and ``Xactika score`` (Fractions: the chance of exactly
        ``bid`` tricks, and the expected points under each scoring, when playing
        for ``bid``), ``best for Blackout`` and ``best for Xactika`` (bool: the bid
        with the highest expected score of its game's rows under that scoring; ties:
        the lower bid) and ``tricks`` (a tuple of Fractions: P(T = 0), P(T = 1), ...
        when playing for ``bid``). ``.attrs``: ``best`` ({game: {scoring: bid}}),
        ``deals``, ``players``.

    Raises:
        XactikaError: for a bad card or a number out of range (as
            :func:`deal_blackout_hand` and :func:`~xactika_edu.engines.advice.bid_advice`).
    """
    players = check_players(players)
    deals = check_whole(deals, "deals", 1, MAX_DEALS)
    rng = make_rng(seed)
    size = len(as_playing_cards(blackout_hand))
    bids = list(range(size + 1))
    tricks, _scores, _made = play_blackout_hand(blackout_hand, bids, trump, players, 0, deals, rng)
    rows = _rows("Blackout", tricks, bids, size)
    if xactika_hand is not None:
        plays = play_each_bid(xactika_hand, players, seat=0, trials=deals, seed=rng)
        rows += _rows("Xactika", plays.tricks, list(plays.bids), plays.hands.shape[2])
    table = pd.DataFrame(rows)
    best: dict[str, dict[str, int]] = {}
    for scoring in SCORINGS:
        table[f"best for {scoring}"] = False
    for game in table["game"].unique():
        part = table[table["game"] == game]
        best[game] = {}
        for scoring in SCORINGS:
            top = max(part.index, key=lambda i: (part.loc[i, f"{scoring} score"], -i))
            table.loc[top, f"best for {scoring}"] = True
            best[game][scoring] = int(part.loc[top, "bid"])
    columns = ["game", "bid", "chance of making it", "Blackout score", "Xactika score"]
    table = table[[*columns, "best for Blackout", "best for Xactika", "tricks"]]
    table.attrs.update({"best": best, "deals": deals, "players": players})
    return table
