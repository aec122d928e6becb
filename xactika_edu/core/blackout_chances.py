"""Chances for Blackout lessons (seed 004): an unbeatable lead with trump in play, and
the expected score of each bid under Blackout's all-or-nothing scoring and Xactika's.

Exact answers are :class:`fractions.Fraction`; each has a seeded simulation that
should agree with it (the tests state the tolerance).

>>> from xactika_edu.core.playing_cards import parse_cards
>>> p = chance_lead_unbeatable(parse_cards("AH 4S"), "AH", trump="2S", players=4)
>>> p, round(float(p), 3)       # an ace of a plain suit: a void opponent may trump it
(Fraction(146173, 423752), 0.345)
>>> chance_lead_unbeatable(parse_cards("KS 4H"), "KS", trump="2S", players=4)  # trump king
Fraction(43, 49)

(The trump king loses only to A♠: 49 cards unseen, the three opponents hold 6 of them,
so A♠ is outside their hands with chance C(48, 6) / C(49, 6) = 43/49.)

Source: seed 004, Blackout ("Gameplay": "If you cannot follow suit, you may play a trump
or discard. Highest trump wins."; "Scoring"); RULES.md for Xactika's score. Core layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .blackout_parts import blackout_deck, check_players
from .cards import Seed, make_rng
from .playing_cards import PlayingCard, as_playing_cards
from .rules import BLACKOUT, XACTIKA, legal_follows, score, trick_winner

__all__ = [
    "bid_expectations",
    "can_beat_lead",
    "chance_lead_unbeatable",
    "simulate_bid_scores",
    "simulate_lead_unbeatable",
]


def _setting(
    hand: Iterable[PlayingCard | str] | str,
    lead: PlayingCard | str,
    trump: PlayingCard | str | None,
    players: int,
    seen: Iterable[PlayingCard | str] | str,
) -> tuple[tuple[PlayingCard, ...], PlayingCard, int | None, int, list[PlayingCard]]:
    """The hand, the lead, the trump suit, the opponents and the unseen cards, checked."""
    cards = as_playing_cards(hand)
    led = as_playing_cards([lead])[0]
    count = check_players(players)
    if led not in cards:
        raise XactikaError(
            _("the lead {card} must be a card of the hand").format(card=shown(str(led)))
        )
    turned = None if trump is None else as_playing_cards([trump])[0]
    others = as_playing_cards(seen)
    known = set(others) | set(cards) | ({turned} if turned else set())
    if len(known) != len(others) + len(cards) + (turned is not None):
        raise XactikaError(_("a card is given twice (hand, trump card, seen cards)"))
    deck = blackout_deck(count)
    outside = sorted(str(card) for card in known if card not in deck)
    if outside:
        raise XactikaError(
            _("not in the {players}-player Blackout deck: {cards}").format(
                players=count, cards=", ".join(outside)
            )
        )
    unseen = [card for card in deck if card not in known]
    if (count - 1) * len(cards) > len(unseen):
        raise XactikaError(
            _(
                "{opponents} opponents cannot hold {each} cards each: only {unseen} cards unseen"
            ).format(opponents=count - 1, each=len(cards), unseen=len(unseen))
        )
    return cards, led, None if turned is None else turned.suit, count - 1, unseen


def chance_lead_unbeatable(
    hand: Iterable[PlayingCard | str] | str,
    lead: PlayingCard | str,
    trump: PlayingCard | str | None,
    players: int,
    seen: Iterable[PlayingCard | str] | str = (),
) -> Fraction:
    """The exact chance that no opponent can beat ``lead`` (an opponent that follows
    suit with a higher card, or that is void in the led suit and holds a trump).

    Each opponent holds as many cards as ``hand`` (everyone does at a lead), dealt
    uniformly at random from the unseen cards: the Blackout deck for ``players``
    without ``hand``, the turned-up ``trump`` card and the cards in ``seen``.
    Counted exactly, opponent by opponent: the higher cards of the led suit must all
    be outside the opponents' hands, and each opponent holds a lower card of the led
    suit (it must follow) or neither a card of the led suit nor a trump.

    >>> chance_lead_unbeatable("AS", "AS", trump=None, players=4)  # no trump: an ace wins
    Fraction(1, 1)

    Args:
        hand: your cards (notation or cards), ``lead`` among them.
        lead: the card you lead.
        trump: the turned-up card (its suit is trump), or ``None`` for no trump.
        players: 2 to 8 (you and ``players - 1`` opponents).
        seen: other cards you have seen (played earlier): not in any hand.

    Returns:
        a probability in [0, 1] as a Fraction.

    Raises:
        XactikaError: the lead not in the hand, too few unseen cards, or a bad card.
    """
    cards, led, trump_suit, opponents, unseen = _setting(hand, lead, trump, players, seen)
    above = sum(c.suit == led.suit and c.rank > led.rank for c in unseen)
    below = sum(c.suit == led.suit and c.rank < led.rank for c in unseen)
    trumps = 0 if trump_suit in (None, led.suit) else sum(c.suit == trump_suit for c in unseen)
    others = len(unseen) - above - below - trumps
    if led.suit == trump_suit:  # a trump lead: only a higher trump beats it
        trumps = 0
    size = len(cards)
    ways = _ways(opponents, size, below, trumps, others)  # deals with no higher card
    total = 1
    left = len(unseen)
    for _seat in range(opponents):
        total *= comb(left, size)
        left -= size
    return Fraction(ways, total)


@cache
def _ways(opponents: int, size: int, below: int, trumps: int, others: int) -> int:
    """Deals of ``size`` cards to each opponent from ``below`` lower cards of the led
    suit, ``trumps`` and ``others`` (the higher cards stay out) in which each opponent
    holds a lower card of the led suit, or none of it and no trump."""
    if opponents == 0:
        return 1
    count = 0
    for low in range(min(size, below) + 1):
        for trump in range(min(size - low, trumps) + 1):
            other = size - low - trump
            if other > others or (low == 0 and trump > 0):
                continue
            count += (
                comb(below, low)
                * comb(trumps, trump)
                * comb(others, other)
                * _ways(opponents - 1, size, below - low, trumps - trump, others - other)
            )
    return count


def simulate_lead_unbeatable(
    hand: Iterable[PlayingCard | str] | str,
    lead: PlayingCard | str,
    trump: PlayingCard | str | None,
    players: int,
    trials: int = 10_000,
    seen: Iterable[PlayingCard | str] | str = (),
    seed: Seed = None,
) -> float:
    """The fraction of ``trials`` random deals of the opponents' hands in which none of
    them has a legal card that beats ``lead``: :func:`chance_lead_unbeatable`, simulated
    with the shared rules (:func:`~xactika_edu.core.rules.legal_follows` and
    :func:`~xactika_edu.core.rules.trick_winner`). The same seed gives the same answer.

    >>> simulate_lead_unbeatable("AS", "AS", trump=None, players=4, trials=100, seed=1)
    1.0

    Raises:
        XactikaError: as :func:`chance_lead_unbeatable`, or trials not 1 to 10,000,000.
    """
    cards, led, trump_suit, opponents, unseen = _setting(hand, lead, trump, players, seen)
    trials = check_whole(trials, "trials", 1, 10_000_000)
    rng = make_rng(seed)
    size, safe = len(cards), 0
    for _trial in range(trials):
        order = rng.permutation(len(unseen))[: opponents * size]
        dealt = [unseen[int(i)] for i in order]
        hands = [dealt[k * size : (k + 1) * size] for k in range(opponents)]
        safe += not any(_can_beat(other, led, trump_suit) for other in hands)
    return safe / trials


def can_beat_lead(
    hand: Iterable[PlayingCard | str] | str,
    lead: PlayingCard | str,
    trump: PlayingCard | str | None,
) -> bool:
    """Whether a player holding ``hand`` has a legal card that beats ``lead`` (led alone
    so far) when ``trump``'s suit is trump (``None``: no trump). The player must follow
    suit if able (then only a higher card of the suit beats the lead), else may trump:
    any trump beats a lead that is not a trump. Source: seed 004, Blackout, "Playing".

    >>> can_beat_lead("7H KC", "AH", trump="2S"), can_beat_lead("9S 3D", "AH", trump="2S")
    (False, True)
    >>> can_beat_lead("9S 3D", "AH", trump=None), can_beat_lead("QD 5C", "AH", trump="2S")
    (False, False)

    Raises:
        NotationError: for a card that cannot be read.
    """
    led = as_playing_cards([lead])[0]
    trump_suit = None if trump is None else as_playing_cards([trump])[0].suit
    return _can_beat(as_playing_cards(hand), led, trump_suit)


def _can_beat(hand: Sequence[PlayingCard], led: PlayingCard, trump_suit: int | None) -> bool:
    """:func:`can_beat_lead` on read cards (the simulation's inner loop)."""
    for card in legal_follows(hand, led.suit, BLACKOUT):
        pair = (led, card)
        trumps = None if trump_suit is None else [c.suit == trump_suit for c in pair]
        shows = [c.suit == led.suit for c in pair]
        if trick_winner([c.rank for c in pair], shows, BLACKOUT, trumps) == 1:
            return True
    return False


def _chances(
    trick_chances: Mapping[int, Fraction | int] | Sequence[Fraction | int],
) -> dict[int, Fraction]:
    items = (
        trick_chances.items() if isinstance(trick_chances, Mapping) else enumerate(trick_chances)
    )
    chances = {check_whole(t, "tricks", 0, 52): Fraction(p) for t, p in items}
    if any(p < 0 for p in chances.values()) or sum(chances.values()) != 1:
        raise XactikaError(
            _("trick chances must be 0 or more and add up to 1, got {chances}").format(
                chances=shown({t: str(p) for t, p in chances.items()})
            )
        )
    return chances


def bid_expectations(
    trick_chances: Mapping[int, Fraction | int] | Sequence[Fraction | int],
) -> list[tuple[int, Fraction, Fraction, Fraction]]:
    """For each bid, the chance it is exact and its expected score in Blackout and in Xactika.

    ``trick_chances``: the chance of taking each number of tricks (a list from 0 tricks
    up, or a mapping). Blackout: E = P(T = b) x (the 1 written in front of b);
    Xactika: E = sum over t of P(T = t) x score(b, t) (exact: b; else minus the
    difference). Blackout pays only the exact count, so its best bid is the count with
    the largest P(T = b) x score; Xactika charges each trick of difference, so its best
    bid sits near the middle of the distribution.

    >>> for row in bid_expectations([Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]):
    ...     print(row[0], row[1], row[2], row[3])
    0 1/2 5 -7/10
    1 3/10 33/10 -2/5
    2 1/5 12/5 -9/10

    Here Blackout's best bid is 0 (expected 5 points) and Xactika's is 1 (-2/5).

    Returns:
        a list of ``(bid, P(exact), E[Blackout score], E[Xactika score])``, bids 0
        to the most tricks with a chance, each a Fraction.

    Raises:
        XactikaError: for chances that are negative or do not add up to 1.
    """
    chances = _chances(trick_chances)
    top = max(chances)
    rows = []
    for bid in range(top + 1):
        exact = chances.get(bid, Fraction(0))
        blackout = sum((p * score(bid, t, BLACKOUT) for t, p in chances.items()), Fraction(0))
        xactika = sum((p * score(bid, t, XACTIKA) for t, p in chances.items()), Fraction(0))
        rows.append((bid, exact, blackout, xactika))
    return rows


def simulate_bid_scores(
    trick_chances: Mapping[int, Fraction | int] | Sequence[Fraction | int],
    trials: int = 10_000,
    seed: Seed = None,
) -> list[tuple[int, float, float]]:
    """:func:`bid_expectations` by simulation: draw ``trials`` trick counts from
    ``trick_chances`` and average each bid's score under both scorings.

    >>> rows = simulate_bid_scores([Fraction(1, 2), Fraction(1, 2)], trials=1000, seed=1)
    >>> [row[0] for row in rows], all(5 < row[1] < 6 for row in rows)
    ([0, 1], True)

    Returns:
        a list of ``(bid, mean Blackout score, mean Xactika score)``. Same seed, same list.
    """
    chances = _chances(trick_chances)
    trials = check_whole(trials, "trials", 1, 10_000_000)
    counts = sorted(chances)
    draws = make_rng(seed).choice(
        np.array(counts), size=trials, p=[float(chances[t]) for t in counts]
    )
    out = []
    for bid in range(max(counts) + 1):
        bids = np.full(trials, bid)
        blackout = float(score(bids, draws, BLACKOUT).mean())
        xactika = float(score(bids, draws, XACTIKA).mean())
        out.append((bid, blackout, xactika))
    return out
