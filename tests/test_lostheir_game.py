"""A whole game of Lost Heir (xactika_edu.core.lostheir_game): rotation, the end, records."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu import XactikaError
from xactika_edu.core.lostheir_cards import first_dealer
from xactika_edu.core.lostheir_game import TARGET, LostHeirGame
from xactika_edu.engines.lostheir_bots import HeuristicPlayer, play_game, play_hand


def _finish(game: LostHeirGame) -> None:
    play_hand(game.current_hand, [HeuristicPlayer()] * 4)


def test_the_first_dealer_is_found_face_up_and_the_deal_passes_left():
    game = LostHeirGame(seed=21)
    spawned = np.random.default_rng(np.random.SeedSequence(21, spawn_key=(0,)))
    assert game.first_dealer == first_dealer(spawned)[0] == game.current_hand.dealer
    for number in range(1, 5):
        _finish(game)
        if game.is_over:
            break
        assert game.next_hand().dealer == (game.first_dealer + number) % 4


def test_a_thrown_in_hand_scores_nothing_and_the_deal_moves_on():
    game = LostHeirGame(seed=3)
    for _ in range(4):
        game.current_hand.apply("pass")
    assert game.totals == (0, 0) and not game.is_over
    assert game.next_hand().dealer == (game.first_dealer + 1) % 4


def test_a_game_ends_when_a_side_reaches_40_and_totals_add_the_hands():
    game = play_game([HeuristicPlayer()] * 4, seed=8)
    assert game.target == TARGET == 40 and game.is_over
    totals = game.totals
    assert totals == tuple(sum(hand.scores()[t] for hand in game.hands) for t in (0, 1))
    assert max(totals) >= 40 and game.winner in (0, 1)
    before = [hand.scores() for hand in game.hands[:-1]]
    running = np.cumsum(before, axis=0) if before else np.zeros((1, 2))
    assert running.max() < 40  # nobody had reached 40 before the last hand
    with pytest.raises(XactikaError, match="game is over"):
        game.next_hand()
    assert "win the game" in str(game)


def test_when_both_sides_reach_the_target_in_one_hand_the_declaring_side_wins():
    found = 0
    for seed in range(60):
        game = LostHeirGame(seed=seed, target=3)
        _finish(game)
        scores = game.current_hand.scores()
        if min(scores) >= 3:
            found += 1
            assert game.winner == game.current_hand.declarer % 2
        elif max(scores) >= 3:
            assert game.winner == scores.index(max(scores))
    assert found >= 1


def test_the_next_hand_waits_for_this_one():
    with pytest.raises(XactikaError, match="finish this hand"):
        LostHeirGame(seed=1).next_hand()


def test_records_replay_and_seeds_repeat():
    game = play_game([HeuristicPlayer()] * 4, seed=30)
    assert LostHeirGame.from_record(game.record()) == game
    assert play_game([HeuristicPlayer()] * 4, seed=30) == game
    assert play_game([HeuristicPlayer()] * 4, seed=31) != game
    assert eval(repr(LostHeirGame(seed=2)), {"LostHeirGame": LostHeirGame}) == LostHeirGame(seed=2)
    record = game.record()
    swapped = {**record, "hands": [record["hands"][1], *record["hands"][1:]]}
    with pytest.raises(XactikaError):
        LostHeirGame.from_record(swapped)
    with pytest.raises(XactikaError, match="seed must be a whole number"):
        LostHeirGame.from_record({**record, "seed": "7"})
    assert isinstance(LostHeirGame(seed=None).seed, int)
