"""Tests for xactika_edu.core.playing_cards: the standard 52-card deck of seed 004."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.core.playing_cards import (
    STANDARD_DECK,
    STANDARD_RANKS,
    STANDARD_SUITS,
    PlayingCard,
    as_playing_cards,
    deal_playing_cards,
    first_dealer_by_cut,
    parse_cards,
)


def test_the_deck_is_52_distinct_cards_numbered_by_position():
    assert len(STANDARD_DECK) == len(set(STANDARD_DECK)) == 52
    assert [card.index for card in STANDARD_DECK] == list(range(52))
    assert list(STANDARD_DECK) == sorted(STANDARD_DECK)
    assert STANDARD_RANKS.tolist() == [card.rank for card in STANDARD_DECK]
    assert STANDARD_SUITS.tolist() == [card.suit for card in STANDARD_DECK]


def test_notation_round_trips_over_the_whole_deck():
    for card in STANDARD_DECK:
        assert PlayingCard.parse(str(card)) == card
        assert eval(repr(card), {"PlayingCard": PlayingCard}) == card


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [("as", 3, 14), ("10H", 2, 10), ("th", 2, 10), ("2♣", 0, 2), (" jd ", 1, 11), ("K♠", 3, 13)],
)
def test_letters_symbols_and_ten(text, suit, rank):
    assert PlayingCard.parse(text) == PlayingCard(suit, rank)


@pytest.mark.parametrize("text", ["", "1S", "11H", "QX", "Q", "S", "AAS", "10", 5])
def test_bad_notation_names_the_text(text):
    with pytest.raises(NotationError, match="cannot read card"):
        PlayingCard.parse(text)


def test_bad_values_and_repeats_are_refused():
    with pytest.raises(XactikaError, match="rank 2-14, got suit 0, rank 15"):
        PlayingCard(0, 15)
    # found by tests/test_fuzz.py: an array was compared with range(4) and raised ValueError
    for suit, rank in ((np.array([[1, 2], [3, 4]]), 2), (0, np.array([2])), (True, 2), (1.0, 2)):
        with pytest.raises(XactikaError, match="suit 0-3 and rank 2-14"):
            PlayingCard(suit, rank)
    assert PlayingCard(np.int64(3), np.int64(14)) == PlayingCard.parse("AS")
    with pytest.raises(XactikaError, match="twice: A♠"):
        parse_cards("AS as 2c")
    with pytest.raises(XactikaError, match="must be a list of cards, got 7"):
        as_playing_cards(7)  # type: ignore[arg-type]


def test_the_deal_is_seeded_complete_and_checked():
    hands, rest = deal_playing_cards(4, 13, seed=3)
    dealt = [card for hand in hands for card in hand]
    assert sorted(dealt) == list(STANDARD_DECK) and rest == ()
    assert all(list(hand) == sorted(hand) for hand in hands)
    assert deal_playing_cards(4, 13, seed=3) == (hands, rest)
    assert deal_playing_cards(4, 13, seed=4)[0] != hands  # another seed, another deal
    small = [card for card in STANDARD_DECK if card.rank != 2]  # the 2s taken out
    hands, rest = deal_playing_cards(3, 5, deck=small, seed=1)
    assert len(rest) == 48 - 15 and not any(card.rank == 2 for hand in hands for card in hand)
    for players, each in [(0, 1), (2, -1), (6, 9), ("3", 2)]:
        with pytest.raises(XactikaError, match="cannot deal"):
            deal_playing_cards(players, each)  # type: ignore[arg-type]


def test_the_cut_gives_the_deal_to_the_highest_card_aces_high_or_low():
    # One rule for Blackout (aces high) and the knock game (aces low); equal ranks are
    # broken by suit, clubs < diamonds < hearts < spades. Written out independently here.
    def height(card, aces_high):
        return (1 if card.rank == 14 and not aces_high else card.rank, card.suit)

    seen = set()
    for seed in range(60):
        drawn = np.random.default_rng(seed).choice(52, size=4, replace=False)
        cards = [STANDARD_DECK[int(i)] for i in drawn]
        for aces_high in (True, False):
            best = max(range(4), key=lambda seat: height(cards[seat], aces_high))
            assert first_dealer_by_cut(4, seed=seed, aces_high=aces_high) == best
            seen.add(best)
    assert seen == {0, 1, 2, 3}
    # an ace changes places: seed 0..59 holds a deal where the ace is cut
    differs = [
        s
        for s in range(60)
        if first_dealer_by_cut(4, s) != first_dealer_by_cut(4, s, aces_high=False)
    ]
    assert differs  # some cut holds an ace, which deals only when aces are high
    assert first_dealer_by_cut(5, seed=3) == first_dealer_by_cut(5, seed=3)
    for bad in (1, 53, "4"):
        with pytest.raises(XactikaError, match="players must be"):
            first_dealer_by_cut(bad)  # type: ignore[arg-type]
