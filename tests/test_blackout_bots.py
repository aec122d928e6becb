"""Tests of the Blackout computer players (xactika_edu.engines.blackout_bots)."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.blackout import BlackoutRound, BlackoutView
from xactika_edu.core.playing_cards import PlayingCard, parse_cards
from xactika_edu.core.rules import BLACKOUT, trick_winner
from xactika_edu.engines.blackout_batch import blackout_round, play_blackout_rounds
from xactika_edu.engines.blackout_bots import (
    HeuristicBlackoutBot,
    RandomBlackoutBot,
    play_blackout_game,
)

# --- the rule of blackout_policy's notes, written again one view at a time (the oracle) --


def likely_winners(hand: tuple[PlayingCard, ...], trump_suit: int | None) -> float:
    """Each ace 1; a trump king or queen 1; a trump jack or ten 1 with three or more
    trumps; any other king 1/2."""
    long_trumps = sum(card.suit == trump_suit for card in hand) >= 3
    count = 0.0
    for card in hand:
        if card.rank == 14 or (
            card.suit == trump_suit and card.rank >= (10 if long_trumps else 12)
        ):
            count += 1
        elif card.rank == 13:
            count += 0.5
    return count


def wins_so_far(view: BlackoutView, card: PlayingCard) -> bool:
    cards = [c for _seat, c in view.current_trick] + [card]
    trumps = None if view.trump_suit is None else [c.suit == view.trump_suit for c in cards]
    shows = [c.suit == cards[0].suit for c in cards]
    return trick_winner([c.rank for c in cards], shows, BLACKOUT, trumps) == len(cards) - 1


def oracle(view: BlackoutView) -> int | PlayingCard:
    legal = view.legal_actions()
    if view.phase == "bid":
        wanted = min(max(round(likely_winners(view.hand, view.trump_suit)), 0), len(view.hand))
        return min((b for b in legal if isinstance(b, int)), key=lambda b: (abs(b - wanted), b))
    cards = [c for c in legal if isinstance(c, PlayingCard)]
    bid = view.bids[view.seat]
    need = (0 if bid is None else bid) - view.tricks_won[view.seat]

    def strength(card: PlayingCard) -> tuple[bool, int]:
        return (card.suit == view.trump_suit, card.rank)

    if not view.current_trick:
        if need > 0:
            aces = [c for c in cards if c.rank == 14 and c.suit != view.trump_suit]
            return max(aces or cards, key=strength)
        return min(cards, key=strength)
    winning = [c for c in cards if wins_so_far(view, c)]
    losing = [c for c in cards if c not in winning]
    if need > 0:
        return min(winning, key=strength) if winning else min(cards, key=strength)
    return max(losing, key=strength) if losing else min(cards, key=strength)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_heuristic_player_follows_the_written_rule(players: int) -> None:
    bot = HeuristicBlackoutBot()
    decisions = 0
    for seed in range(8):
        size = 1 + (seed * 5) % (52 // players)
        rnd = BlackoutRound.deal(players, size, dealer=seed % players, seed=seed)
        while not rnd.is_over:
            seat = rnd.current_player
            assert seat is not None
            view = rnd.view(seat)
            action = bot.act(view)
            assert action == oracle(view)
            rnd.apply(action)
            decisions += 1
    assert decisions > 20


@pytest.mark.parametrize(("players", "cards"), [(2, 26), (4, 13), (4, 4), (5, 7), (8, 1)])
def test_the_batch_heuristic_plays_as_the_player(players: int, cards: int) -> None:
    rounds = play_blackout_rounds(12, players, cards, bots="heuristic", seed=cards)
    bot = HeuristicBlackoutBot()
    for index in range(12):
        played = blackout_round(rounds, index)  # the batch's choices, replayed
        fresh = BlackoutRound(played.starting_hands, played.trump_card, played.dealer)
        while not fresh.is_over:  # the same deal, the one-view player choosing
            seat = fresh.current_player
            assert seat is not None
            fresh.apply(bot.act(fresh.view(seat)))
        assert fresh == played


def _play_round(rnd: BlackoutRound, bots: list) -> None:  # type: ignore[type-arg]
    while not rnd.is_over:
        seat = rnd.current_player
        assert seat is not None
        action = bots[seat].act(rnd.view(seat))
        assert action in rnd.legal_actions()
        rnd.apply(action)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_bots_always_choose_legal_actions(players: int) -> None:
    for seed in range(6):
        bots = [
            HeuristicBlackoutBot() if seat % 2 else RandomBlackoutBot(seed=seed + seat)
            for seat in range(players)
        ]
        size = 1 + seed % (52 // players)
        _play_round(BlackoutRound.deal(players, size, dealer=seed % players, seed=seed), bots)


def test_random_player_seeds() -> None:
    def game(seed: int) -> dict:  # type: ignore[type-arg]
        bots = [RandomBlackoutBot(seed=seed), RandomBlackoutBot(seed=seed + 1)]
        return play_blackout_game(bots, seed=0).to_record()

    assert game(1) == game(1)
    assert game(1) != game(2)


def test_heuristic_decides_from_the_view_only() -> None:
    # same hand for seat 0, different opponents' hands: the same view, the same choice
    one = BlackoutRound(["AS KH 2D", "QS 3H 4D", "5C 6C 7C"], trump="9H", dealer=2)
    two = BlackoutRound(["AS KH 2D", "5C 6C 7C", "QS 3H 4D"], trump="9H", dealer=2)
    bot = HeuristicBlackoutBot()
    assert one.view(0) == two.view(0)
    assert bot.act(one.view(0)) == bot.act(two.view(0)) == 2  # A♠ and the trump K♥


def test_heuristic_bid_avoids_the_trap() -> None:
    # dealer holds A♠ (1 likely winner); the others bid 1 in a 2-card round: 1 is the trap
    rnd = BlackoutRound(["AS 2D", "3D 4D", "5D 6D"], trump="9C", dealer=0)
    rnd.apply(1)
    rnd.apply(0)
    assert rnd.legal_actions() == [0, 2]
    assert HeuristicBlackoutBot().act(rnd.view(0)) == 0  # the nearer, lower first


def test_heuristic_play_makes_the_bid_or_ducks() -> None:
    rnd = BlackoutRound(["AS 2S", "KS 3S"], trump="4H", dealer=1)
    rnd.apply(1)  # player 0 wants one trick
    rnd.apply(0)
    bot = HeuristicBlackoutBot()
    assert bot.act(rnd.view(0)) == PlayingCard.parse("AS")  # leads its ace
    rnd.apply("AS")
    # player 1 bid 0: plays the highest card that does not take the trick
    assert bot.act(rnd.view(1)) == PlayingCard.parse("KS")
    rnd.apply("KS")
    # player 0 has its trick: leads its lowest card
    assert bot.act(rnd.view(0)) == PlayingCard.parse("2S")


def test_likely_winners_examples() -> None:
    assert likely_winners(parse_cards("AS KH QH 3H KC 2D"), trump_suit=2) == 3.5
    assert likely_winners(parse_cards("10H JH 3H"), trump_suit=2) == 2  # long trumps
    assert likely_winners(parse_cards("10H JH"), trump_suit=2) == 0
    assert likely_winners(parse_cards("AS KS"), trump_suit=None) == 1.5
    rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    rnd.apply(0)
    rnd.apply(0)
    rnd.apply("AS")
    view = rnd.view(1)
    assert not wins_so_far(view, PlayingCard.parse("KS"))
    assert wins_so_far(view, PlayingCard.parse("3H"))  # a trump takes the ace


def test_heuristic_beats_random() -> None:
    # measured: 20 four-player games, heuristic seats 0 and 2 against random seats 1 and 3
    totals = np.zeros(4)
    for seed in range(20):
        bots = [
            HeuristicBlackoutBot(),
            RandomBlackoutBot(seed=seed),
            HeuristicBlackoutBot(),
            RandomBlackoutBot(seed=seed + 100),
        ]
        totals += play_blackout_game(bots, seed=seed).totals()
    heuristic, random = (totals[0] + totals[2]) / 40, (totals[1] + totals[3]) / 40
    assert heuristic > 1.5 * random


def test_play_blackout_refuses_non_players() -> None:
    with pytest.raises(XactikaError, match="act"):
        play_blackout_game([HeuristicBlackoutBot(), "bot"])  # type: ignore[list-item]
    for bots in (None, 3, "bots"):  # found by tests/test_fuzz.py: None raised TypeError
        with pytest.raises(XactikaError, match=r"^bots must be a list like \[RandomBlackoutBot"):
            play_blackout_game(bots)  # type: ignore[arg-type]
    with pytest.raises(XactikaError, match="players must be"):
        play_blackout_game([])
    # any list-like of players is read: a tuple or a generator plays as the list does
    listed = play_blackout_game([RandomBlackoutBot(seed=s) for s in (1, 2)], seed=4)
    generated = play_blackout_game((RandomBlackoutBot(seed=s) for s in (1, 2)), seed=4)
    assert generated == listed
    with pytest.raises(XactikaError, match="turn"):
        rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        RandomBlackoutBot(seed=1).act(rnd.view(1))
