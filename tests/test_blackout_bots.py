"""Tests of the Blackout computer players (xactika_edu.engines.blackout_bots)."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.blackout import BlackoutRound
from xactika_edu.core.playing_cards import PlayingCard, parse_cards
from xactika_edu.engines.blackout_bots import (
    HeuristicBlackoutPlayer,
    RandomBlackoutPlayer,
    likely_winners,
    play_blackout,
    wins_so_far,
)


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
            HeuristicBlackoutPlayer() if seat % 2 else RandomBlackoutPlayer(seed=seed + seat)
            for seat in range(players)
        ]
        size = 1 + seed % (52 // players)
        _play_round(BlackoutRound.deal(players, size, dealer=seed % players, seed=seed), bots)


def test_random_player_seeds() -> None:
    def game(seed: int) -> dict:  # type: ignore[type-arg]
        bots = [RandomBlackoutPlayer(seed=seed), RandomBlackoutPlayer(seed=seed + 1)]
        return play_blackout(bots, seed=0).record()

    assert game(1) == game(1)
    assert game(1) != game(2)


def test_heuristic_decides_from_the_view_only() -> None:
    # same hand for seat 0, different opponents' hands: the same view, the same choice
    one = BlackoutRound(["AS KH 2D", "QS 3H 4D", "5C 6C 7C"], trump="9H", dealer=2)
    two = BlackoutRound(["AS KH 2D", "5C 6C 7C", "QS 3H 4D"], trump="9H", dealer=2)
    bot = HeuristicBlackoutPlayer()
    assert one.view(0) == two.view(0)
    assert bot.act(one.view(0)) == bot.act(two.view(0)) == 2  # A♠ and the trump K♥


def test_heuristic_bid_avoids_the_trap() -> None:
    # dealer holds A♠ (1 likely winner); the others bid 1 in a 2-card round: 1 is the trap
    rnd = BlackoutRound(["AS 2D", "3D 4D", "5D 6D"], trump="9C", dealer=0)
    rnd.apply(1)
    rnd.apply(0)
    assert rnd.legal_actions() == [0, 2]
    assert HeuristicBlackoutPlayer().act(rnd.view(0)) == 0  # the nearer, lower first


def test_heuristic_play_makes_the_bid_or_ducks() -> None:
    rnd = BlackoutRound(["AS 2S", "KS 3S"], trump="4H", dealer=1)
    rnd.apply(1)  # player 0 wants one trick
    rnd.apply(0)
    bot = HeuristicBlackoutPlayer()
    assert bot.act(rnd.view(0)) == PlayingCard.parse("AS")  # leads its ace
    rnd.apply("AS")
    # player 1 bid 0: plays the highest card that does not take the trick
    assert bot.act(rnd.view(1)) == PlayingCard.parse("KS")
    rnd.apply("KS")
    # player 0 has its trick: leads its lowest card
    assert bot.act(rnd.view(0)) == PlayingCard.parse("2S")


def test_likely_winners_and_wins_so_far() -> None:
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
            HeuristicBlackoutPlayer(),
            RandomBlackoutPlayer(seed=seed),
            HeuristicBlackoutPlayer(),
            RandomBlackoutPlayer(seed=seed + 100),
        ]
        totals += play_blackout(bots, seed=seed).totals()
    heuristic, random = (totals[0] + totals[2]) / 40, (totals[1] + totals[3]) / 40
    assert heuristic > 1.5 * random


def test_play_blackout_refuses_non_players() -> None:
    with pytest.raises(XactikaError, match="act"):
        play_blackout([HeuristicBlackoutPlayer(), "bot"])  # type: ignore[list-item]
    with pytest.raises(XactikaError, match="turn"):
        rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        RandomBlackoutPlayer(seed=1).act(rnd.view(1))
