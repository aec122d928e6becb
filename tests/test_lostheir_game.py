"""A whole game of Lost Heir (xactika_edu.core.lostheir_game): rotation, the end, records."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu import XactikaError
from xactika_edu.core.lostheir_cards import first_dealer
from xactika_edu.core.lostheir_game import TARGET, LostHeirGame
from xactika_edu.engines.lostheir_bots import (
    HeuristicLostHeirBot,
    play_lostheir_game,
    play_lostheir_round,
)


def _finish(game: LostHeirGame) -> None:
    play_lostheir_round(game.current_round, [HeuristicLostHeirBot()] * 4)


def test_the_first_dealer_is_found_face_up_and_the_deal_passes_left():
    game = LostHeirGame(seed=21)
    spawned = np.random.default_rng(np.random.SeedSequence(21, spawn_key=(0,)))
    assert game.first_dealer == first_dealer(spawned)[0] == game.current_round.dealer
    for number in range(1, 5):
        _finish(game)
        if game.is_over:
            break
        assert game.current_player is None  # the round was played directly: deal the next
        assert game.next_round().dealer == (game.first_dealer + number) % 4
    assert game.players == 4 and LostHeirGame.new(4, seed=21) == LostHeirGame(seed=21)
    for players in (3, 5, "4", True, 4.0, np.array([4, 4])):
        with pytest.raises(XactikaError, match="needs 4 players"):
            LostHeirGame.new(players, seed=21)


def test_the_game_deals_the_next_round_itself_when_played_through_apply():
    game = LostHeirGame.new(seed=21)
    bot = HeuristicLostHeirBot()
    while len(game.rounds) < 3 and not game.is_over:
        seat = game.current_player
        assert seat is not None and game.legal_actions() == game.current_round.legal_actions()
        game.apply(bot.act(game.view(seat)))
    assert [rnd.dealer for rnd in game.rounds] == [(game.first_dealer + i) % 4 for i in range(3)]
    assert all(rnd.is_over for rnd in game.rounds[:2]) and not game.current_round.actions


def test_a_thrown_in_hand_scores_nothing_and_the_deal_moves_on():
    game = LostHeirGame(seed=3)
    for _ in range(4):
        game.current_round.apply("pass")
    assert game.totals() == (0, 0) and not game.is_over and game.winners() == ()
    assert game.next_round().dealer == (game.first_dealer + 1) % 4


def test_a_game_ends_when_a_side_reaches_40_and_totals_add_the_hands():
    game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=8)
    assert game.target == TARGET == 40 and game.is_over
    totals = game.totals()
    assert totals == tuple(sum(rnd.scores()[t] for rnd in game.rounds) for t in (0, 1))
    assert max(totals) >= 40 and game.winners() in ((0,), (1,))
    before = [rnd.scores() for rnd in game.rounds[:-1]]
    running = np.cumsum(before, axis=0) if before else np.zeros((1, 2))
    assert running.max() < 40  # nobody had reached 40 before the last hand
    with pytest.raises(XactikaError, match="game is over"):
        game.next_round()
    assert "win the game" in str(game)


def test_when_both_sides_reach_the_target_in_one_hand_the_declaring_side_wins():
    found = 0
    for seed in range(60):
        game = LostHeirGame(seed=seed, target=3)
        _finish(game)
        scores = game.current_round.scores()
        if min(scores) >= 3:
            found += 1
            assert game.winners() == (game.current_round.declarer % 2,)
        elif max(scores) >= 3:
            assert game.winners() == (scores.index(max(scores)),)
    assert found >= 1


def test_the_next_hand_waits_for_this_one():
    with pytest.raises(XactikaError, match="finish this hand"):
        LostHeirGame(seed=1).next_round()


def test_records_replay_and_seeds_repeat():
    game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=30)
    assert LostHeirGame.from_record(game.to_record()) == game
    assert play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=30) == game
    assert play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=31) != game
    assert eval(repr(LostHeirGame(seed=2)), {"LostHeirGame": LostHeirGame}) == LostHeirGame(seed=2)
    record = game.to_record()
    swapped = {**record, "rounds": [record["rounds"][1], *record["rounds"][1:]]}
    with pytest.raises(XactikaError):
        LostHeirGame.from_record(swapped)
    with pytest.raises(XactikaError, match="seed must be a whole number"):
        LostHeirGame.from_record({**record, "seed": "7"})
    assert isinstance(LostHeirGame(seed=None).seed, int)


def test_the_transcript_names_the_seats_as_asked():
    game = play_lostheir_game([HeuristicLostHeirBot()] * 4, seed=8, target=10)
    names = ["Ana", "Ben", "Cy", "Di"]
    text = game.transcript(names)
    dealer = names[game.first_dealer]
    assert text.splitlines()[0].startswith(f"Lost Heir game, seed 8: first dealer {dealer} (")
    assert "North" not in text.replace("North/South", "")  # seats by name, sides as sides
    assert text.count("Lost Heir hand:") == len(game.rounds) and str(game) == game.transcript()
    assert game.rounds[0].transcript(names) in text
    with pytest.raises(XactikaError, match="one name per player"):
        game.transcript(["Ana", "Ben"])
