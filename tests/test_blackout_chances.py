"""Tests of the Blackout chance activities (xactika_edu.core.blackout_chances)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb, sqrt

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.blackout import blackout_deck
from xactika_edu.core.blackout_chances import (
    bid_expectations,
    can_beat_lead,
    chance_lead_unbeatable,
    simulate_bid_scores,
    simulate_lead_unbeatable,
)
from xactika_edu.core.playing_cards import STANDARD_DECK, PlayingCard, parse_cards


def _brute(hand: str, lead: str, trump: str | None, players: int, seen: str) -> Fraction:
    """Every way to deal the opponents' hands, each checked with the seed's sentences:
    "You must follow the leading suit if possible. If you cannot follow suit, you may
    play a trump or discard. Highest trump wins. If no trump, highest card of leading
    suit wins." """
    mine = parse_cards(hand)
    led = PlayingCard.parse(lead)
    turned = None if trump is None else PlayingCard.parse(trump)
    known = set(mine) | set(parse_cards(seen)) | ({turned} if turned else set())
    unseen = [c for c in blackout_deck(players) if c not in known]
    size, opponents = len(mine), players - 1
    trump_suit = None if turned is None else turned.suit

    def beats_lead(card: PlayingCard) -> bool:
        if card.suit == trump_suit and led.suit != trump_suit:
            return True
        return card.suit == led.suit and card.rank > led.rank

    def deals(pool: list[PlayingCard], left: int) -> list[list[tuple[PlayingCard, ...]]]:
        if left == 0:
            return [[]]
        out = []
        for first in itertools.combinations(pool, size):
            rest = [c for c in pool if c not in first]
            out += [[first, *more] for more in deals(rest, left - 1)]
        return out

    safe = total = 0
    for hands in deals(unseen, opponents):
        total += 1
        beaten = False
        for other in hands:
            follows = [c for c in other if c.suit == led.suit]
            playable = follows if follows else list(other)
            beaten |= any(beats_lead(c) for c in playable)
        safe += not beaten
    return Fraction(safe, total)


#: The cards left unseen in the listing tests: everything else is "seen", so that every
#: deal of the opponents' hands can be listed.
_UNSEEN = parse_cards("AS KS 3S 4H 9H QH 5D 6D 7C 8C 10S JS")


@pytest.mark.parametrize(
    ("hand", "lead", "trump", "players"),
    [
        ("Q♥ 5♦", "Q♥", "2♠", 2),  # a plain lead, trumps unseen
        ("Q♥ 5♦", "Q♥", "2♠", 3),
        ("10♠ 6♦", "10♠", "2♠", 3),  # a trump lead: only J♠ K♠ A♠ beat it
        ("9♥ 5♦", "9♥", None, 3),  # no trump: only Q♥ beats it
        ("7♣", "7♣", "2♥", 4),
        ("9♥ 8♣", "8♣", "2♦", 3),
    ],
)
def test_exact_chance_matches_listing_every_deal(
    hand: str, lead: str, trump: str | None, players: int
) -> None:
    out = set(_UNSEEN) | set(parse_cards(hand)) | ({PlayingCard.parse(trump)} if trump else set())
    seen = " ".join(str(c) for c in blackout_deck(players) if c not in out)
    exact = chance_lead_unbeatable(hand, lead, trump, players, seen=seen)
    assert 0 < exact < 1
    assert exact == _brute(hand, lead, trump, players, seen)


def test_the_trump_king_by_the_hypergeometric_formula() -> None:
    # A trump lead loses only to a higher trump: A♠ must be outside the opponents' 6
    # cards of the 49 unseen: C(48, 6) / C(49, 6).
    exact = chance_lead_unbeatable("KS 4H", "KS", "2S", players=4)
    assert exact == Fraction(comb(48, 6), comb(49, 6)) == Fraction(43, 49)
    assert chance_lead_unbeatable("AS", "AS", None, players=4) == 1
    assert chance_lead_unbeatable("AS 3H", "AS", "2S", players=5) == 1  # the top trump


@pytest.mark.parametrize(
    ("hand", "lead", "trump", "players"),
    [("AH 4S", "AH", "2S", 4), ("QD 4H 9C", "QD", "2S", 3), ("10C 3D", "10C", None, 5)],
)
def test_simulation_agrees_with_the_exact_chance(
    hand: str, lead: str, trump: str | None, players: int
) -> None:
    # 4,000 seeded trials: standard error at most 0.5 / sqrt(4000) = 0.0079;
    # tolerance 0.035, over 4 standard errors.
    exact = float(chance_lead_unbeatable(hand, lead, trump, players))
    simulated = simulate_lead_unbeatable(hand, lead, trump, players, trials=4000, seed=3)
    assert abs(simulated - exact) < 4.4 * 0.5 / sqrt(4000)


def test_simulation_seeds() -> None:
    one = simulate_lead_unbeatable("AH 4S", "AH", "2S", 4, trials=500, seed=1)
    assert one == simulate_lead_unbeatable("AH 4S", "AH", "2S", 4, trials=500, seed=1)
    assert one != simulate_lead_unbeatable("AH 4S", "AH", "2S", 4, trials=500, seed=2)


def test_bad_settings() -> None:
    with pytest.raises(XactikaError, match="lead"):
        chance_lead_unbeatable("AH 4S", "KH", "2S", 4)
    with pytest.raises(XactikaError, match="deck"):
        chance_lead_unbeatable("AH", "AH", "2S", 8)  # 8 players: the 2s are removed
    with pytest.raises(XactikaError, match="twice"):
        chance_lead_unbeatable("AH 4S", "AH", "4S", 4)
    with pytest.raises(XactikaError, match="unseen"):
        chance_lead_unbeatable(
            " ".join(str(c) for c in blackout_deck(2)[:26]), "2C", None, 2, seen="AS"
        )


def test_bid_expectations_follow_the_two_scorings() -> None:
    chances = [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8)]
    rows = bid_expectations(chances)
    assert [row[0] for row in rows] == [0, 1, 2, 3]
    for bid, exact, blackout, xactika in rows:
        assert exact == chances[bid]
        assert blackout == chances[bid] * int(f"1{bid}")  # "a '1' in front of your bid"
        assert xactika == sum(p * (t if t == bid else -abs(t - bid)) for t, p in enumerate(chances))
    # the best bid moves: Blackout pays the single likeliest count, Xactika the middle
    skewed = {0: Fraction(1, 2), 1: Fraction(3, 10), 2: Fraction(1, 5)}
    rows = bid_expectations(skewed)
    assert max(rows, key=lambda r: r[2])[0] == 0
    assert max(rows, key=lambda r: r[3])[0] == 1


def test_bid_simulation_agrees() -> None:
    # 20,000 draws; scores are at most 13 apart, so a mean's standard error is below
    # 13 / 2 / sqrt(20000) = 0.046; tolerance 0.2.
    chances = [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8)]
    exact = bid_expectations(chances)
    simulated = simulate_bid_scores(chances, trials=20_000, seed=5)
    for (bid, _p, blackout, xactika), (bid2, mean_b, mean_x) in zip(exact, simulated, strict=True):
        assert bid == bid2
        assert abs(mean_b - float(blackout)) < 0.2
        assert abs(mean_x - float(xactika)) < 0.2
    assert simulated == simulate_bid_scores(chances, trials=20_000, seed=5)
    assert simulated != simulate_bid_scores(chances, trials=20_000, seed=6)


def test_bad_chances() -> None:
    with pytest.raises(XactikaError, match="add up"):
        bid_expectations([Fraction(1, 2), Fraction(1, 3)])
    with pytest.raises(XactikaError, match="add up"):
        bid_expectations({0: Fraction(3, 2), 1: Fraction(-1, 2)})


def test_can_beat_lead_follows_the_seeds_rule_on_every_two_card_hand():
    """A hand beats a lone A♥ with spades trump exactly when it has no heart and a spade
    (listed over every 2-card hand of the 50 other cards, against the rule in words)."""
    others = [c for c in STANDARD_DECK if str(c) not in ("A♥", "2♠")]
    for pair in itertools.combinations(others, 2):
        suits = {card.suit_name for card in pair}
        expected = "hearts" not in suits and "spades" in suits
        assert can_beat_lead(pair, "AH", trump="2S") is expected, pair
        assert can_beat_lead(pair, "AH", trump=None) is False
