"""Computer players for Lost Heir (xactika_edu.engines.lostheir_bots)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xactika_edu import XactikaError
from xactika_edu.core.lostheir import LostHeirRound
from xactika_edu.core.lostheir_cards import parse_lost_heir_cards
from xactika_edu.engines.lostheir_bots import (
    HeuristicLostHeirBot,
    LostHeirBot,
    RandomLostHeirBot,
    best_trump,
    hand_estimate,
    play_lostheir_game,
    play_lostheir_round,
)


class Checked:
    """Wraps a player: checks it only ever answers with a legal action of its view."""

    def __init__(self, player):
        self.player, self.calls = player, 0

    def act(self, view):
        action = self.player.act(view)
        assert action in view.legal_actions()
        self.calls += 1
        return action


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_both_players_always_choose_a_legal_action(deal_seed, bot_seed):
    players = [Checked(HeuristicLostHeirBot()), Checked(RandomLostHeirBot(bot_seed))]
    players += [Checked(HeuristicLostHeirBot()), Checked(RandomLostHeirBot(bot_seed + 1))]
    rnd = play_lostheir_round(LostHeirRound.deal(dealer=deal_seed % 4, seed=deal_seed), players)
    assert rnd.phase == "over"
    assert sum(p.calls for p in players) == len(rnd.actions)


def test_the_heuristic_decides_from_its_view_only():
    """Two hands that look the same to East (the hidden hands differ) get the same choices."""
    first = ["0W 1W 2W 3W 4W 5W 6W 1M", "7W 1T 2T 3T 4T 5T 6T 7H",
             "0M 2M 3M 4M 5M 6M 7M 7T", "0T 0H 1H 2H 3H 4H 5H 6H"]  # fmt: skip
    # North and West swap 1M and 0H: East sees the same cards and the same bidding
    second = ["0W 1W 2W 3W 4W 5W 6W 0H", first[1], first[2], "0T 1M 1H 2H 3H 4H 5H 6H"]
    one, two = LostHeirRound(first, dealer=0), LostHeirRound(second, dealer=0)
    bot = HeuristicLostHeirBot()
    assert bot.act(one.view(1)) == bot.act(two.view(1))
    for rnd in (one, two):
        for action in ("bid 4", "pass", "pass", "pass"):
            rnd.apply(action)
    assert one.view(1) == two.view(1) and bot.act(one.view(1)) == bot.act(two.view(1))


def test_the_random_player_is_seeded():
    def actions(seed):
        rnd = play_lostheir_round(LostHeirRound.deal(seed=1), [RandomLostHeirBot(seed)] * 4)
        return rnd.to_record()["actions"]

    assert actions(3) == actions(3) and actions(3) != actions(4)


def test_the_heuristic_bids_its_estimate_and_names_its_best_city():
    strong = parse_lost_heir_cards("7W 6W 5W 4W 0W 7T 7M 7H")
    assert best_trump(strong) == 3 and hand_estimate(strong) == 11.5
    rnd = LostHeirRound([strong, "0T 1T 2T 3T 4T 5T 6T 1W", "0M 1M 2M 3M 4M 5M 6M 2W",
                          "0H 1H 2H 3H 4H 5H 6H 3W"], dealer=3)  # fmt: skip
    bot = HeuristicLostHeirBot()
    assert str(bot.act(rnd.view(0))) == "bid 4"  # the least that beats the bid
    for action in ("bid 4", "pass", "pass"):
        rnd.apply(action)
    while rnd.phase == "bid":  # West (dealer) hopes for 7 with its Halifax: it refuses
        rnd.apply(bot.act(rnd.view(rnd.current_player)))  # until North's raises pass 7
    said = [str(action) for _seat, action in rnd.actions[3:]]
    assert said == ["refuse", "raise"] * 4 + ["accept"]
    assert (rnd.declarer, rnd.contract) == (0, 8)
    assert str(bot.act(rnd.view(0))) == "7W"  # leads the top of its best city: trump


def test_the_heuristic_keeps_the_wrong_boy_from_its_partner_and_dodges_it():
    cards = ["0W 1W 2W 3W 4W 5W 6W 1M", "7W 1T 2T 3T 4T 5T 6T 7H",
             "0M 2M 3M 4M 5M 6M 7M 7T", "0T 0H 1H 2H 3H 4H 5H 6H"]  # fmt: skip
    rnd = LostHeirRound(cards, dealer=3)
    for action in ("bid 4", "pass", "pass", "pass", "6W", "7W", "0M"):
        rnd.apply(action)
    # West plays last to a trick its partner East has won: not the Wrong Boy, its lowest
    assert str(HeuristicLostHeirBot().act(rnd.view(3))) == "0H"
    cards = ["7T 1M 5M 6M 7M 5H 6H 7H", "0T 1T 2T 3T 4T 5T 6T 4H",
             "0W 2W 6W 7W 0M 2M 3M 4M", "1W 3W 4W 5W 0H 1H 2H 3H"]  # fmt: skip
    dodge = LostHeirRound(cards, dealer=2)
    for action in ("bid 4", "pass", "pass", "pass", "5W", "5H", "0T"):  # East drops the boy
        dodge.apply(action)
    # South could win with 6W or 7W: it plays under West's 5W, and keeps its Lost Heir
    assert str(HeuristicLostHeirBot().act(dodge.view(2))) == "2W"


def test_the_heuristic_beats_the_random_player():
    """Measured: mean score per hand of a heuristic pair against a random pair, same deals,
    both seatings (400 deals, about 3 s)."""
    gaps = []
    for seed in range(200):
        for heuristic_team in (0, 1):
            players = [RandomLostHeirBot(seed)] * 4
            players = [
                HeuristicLostHeirBot() if s % 2 == heuristic_team else players[s] for s in range(4)
            ]
            scores = play_lostheir_round(
                LostHeirRound.deal(dealer=seed % 4, seed=seed), players
            ).scores()
            gaps.append(scores[heuristic_team] - scores[1 - heuristic_team])
    assert sum(gaps) / len(gaps) > 5  # measured about +14 points a hand


def test_a_game_of_heuristics_ends_and_max_rounds_is_enforced():
    game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=2)
    assert game.is_over and max(game.totals()) >= 40
    with pytest.raises(XactikaError, match="no side reached 40 in 1 hands"):
        play_lostheir_game([RandomLostHeirBot(1)] * 4, seed=2, max_rounds=1)
    with pytest.raises(XactikaError, match="needs 4 players, one per seat, got 3"):
        play_lostheir_round(LostHeirRound.deal(seed=1), [HeuristicLostHeirBot()] * 3)


def test_bots_act_only_on_their_own_turn_and_on_a_view():
    rnd = LostHeirRound.deal(dealer=0, seed=3)  # East (1) bids first
    for bot in (HeuristicLostHeirBot(), RandomLostHeirBot(1)):
        assert isinstance(bot, LostHeirBot)
        assert bot.act(rnd.view(1)) in rnd.legal_actions()
        with pytest.raises(XactikaError, match="not player 2's turn"):
            bot.act(rnd.view(2))
        with pytest.raises(XactikaError, match="needs a LostHeirView"):
            bot.act(rnd)
    with pytest.raises(XactikaError, match="every seat needs a Lost Heir player"):
        play_lostheir_round(rnd, [object()] * 4)
