"""One family of names for seed 004's games (issue 15): Blackout, the knock game and
Lost Heir.

Each game is imported from the package itself, and driven by the same loop, whatever
the game: ``while not game.is_over: seat = game.current_player;
game.apply(bots[seat].act(game.view(seat)))`` (the game deals its next round itself).
"""

from __future__ import annotations

import importlib

import pytest

import xactika_edu
from xactika_edu import (
    STANDARD_DECK,
    BlackoutGame,
    BlackoutRound,
    BlackoutView,
    HeuristicBlackoutBot,
    HeuristicKnockBot,
    HeuristicLostHeirBot,
    KnockGame,
    KnockRound,
    KnockView,
    LostHeirCard,
    LostHeirGame,
    LostHeirRound,
    LostHeirView,
    PlayingCard,
    RandomBlackoutBot,
    RandomKnockBot,
    RandomLostHeirBot,
    boy_chances,
    chance_deal_holds_group,
    chance_deal_worth_zero,
    chance_lead_unbeatable,
    compare_bid_scoring,
    play_blackout_game,
    play_knock_game,
    play_lostheir_game,
)

#: The public names of the knock game and Lost Heir (issue 15's one family of names), each
#: with the module that defines it.
FAMILY = {
    "BlackoutRound": "core.blackout",
    "BlackoutGame": "core.blackout_game",
    "BlackoutView": "core.blackout_parts",
    "RandomBlackoutBot": "engines.blackout_bots",
    "HeuristicBlackoutBot": "engines.blackout_bots",
    "play_blackout_game": "engines.blackout_bots",
    "KnockRound": "core.knock_round",
    "KnockGame": "core.knock_game",
    "KnockView": "core.knock",
    "RandomKnockBot": "engines.knock_bots",
    "HeuristicKnockBot": "engines.knock_bots",
    "play_knock_game": "engines.knock_bots",
    "LostHeirRound": "core.lostheir",
    "LostHeirGame": "core.lostheir_game",
    "LostHeirView": "core.lostheir_rules",
    "RandomLostHeirBot": "engines.lostheir_bots",
    "HeuristicLostHeirBot": "engines.lostheir_bots",
    "play_lostheir_game": "engines.lostheir_bots",
    "PlayingCard": "core.playing_cards",
    "STANDARD_DECK": "core.playing_cards",
    "LostHeirCard": "core.lostheir_cards",
    "chance_deal_worth_zero": "core.chances.knock",
    "chance_deal_holds_group": "core.chances.knock",
    "boy_chances": "core.chances.lostheir",
    "chance_lead_unbeatable": "core.blackout_chances",
    "compare_bid_scoring": "engines.blackout_advice",
}


@pytest.mark.parametrize("name", sorted(FAMILY))
def test_each_name_comes_from_the_package_and_is_its_modules_own(name):
    module = importlib.import_module(f"xactika_edu.{FAMILY[name]}")
    assert getattr(xactika_edu, name) is getattr(module, name)
    assert name in xactika_edu.__all__ and xactika_edu._EXPORTS[name] == FAMILY[name]


def test_from_xactika_edu_import_gives_each_name():
    imported = {
        "BlackoutRound": BlackoutRound, "BlackoutGame": BlackoutGame,
        "BlackoutView": BlackoutView, "RandomBlackoutBot": RandomBlackoutBot,
        "HeuristicBlackoutBot": HeuristicBlackoutBot, "play_blackout_game": play_blackout_game,
        "KnockRound": KnockRound, "KnockGame": KnockGame, "KnockView": KnockView,
        "RandomKnockBot": RandomKnockBot, "HeuristicKnockBot": HeuristicKnockBot,
        "play_knock_game": play_knock_game, "LostHeirRound": LostHeirRound,
        "LostHeirGame": LostHeirGame, "LostHeirView": LostHeirView,
        "RandomLostHeirBot": RandomLostHeirBot, "HeuristicLostHeirBot": HeuristicLostHeirBot,
        "play_lostheir_game": play_lostheir_game, "PlayingCard": PlayingCard,
        "STANDARD_DECK": STANDARD_DECK, "LostHeirCard": LostHeirCard,
        "chance_deal_worth_zero": chance_deal_worth_zero,
        "chance_deal_holds_group": chance_deal_holds_group, "boy_chances": boy_chances,
        "chance_lead_unbeatable": chance_lead_unbeatable,
        "compare_bid_scoring": compare_bid_scoring,
    }  # fmt: skip
    assert imported.keys() == FAMILY.keys()
    for name, value in imported.items():
        assert value is getattr(importlib.import_module(f"xactika_edu.{FAMILY[name]}"), name)
    assert len(STANDARD_DECK) == 52 and isinstance(STANDARD_DECK[0], PlayingCard)
    assert str(LostHeirCard.parse("0W")) == "0W"


def play(game, bots):
    """The one loop that plays any game of the family to its end."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat)))
    return game


def blackout_bots(seed: int) -> list:
    return [HeuristicBlackoutBot(), RandomBlackoutBot(seed=seed), HeuristicBlackoutBot()]


def knock_bots(seed: int) -> list:
    return [HeuristicKnockBot(), RandomKnockBot(seed=seed), HeuristicKnockBot()]


def lostheir_bots(seed: int) -> list:
    return [HeuristicLostHeirBot(), RandomLostHeirBot(seed=seed)] * 2


#: (game class, players, bots for a seed, the play-a-whole-game function, the view class)
GAMES = {
    "blackout": (BlackoutGame, 3, blackout_bots, play_blackout_game, BlackoutView),
    "knock": (KnockGame, 3, knock_bots, play_knock_game, KnockView),
    "lostheir": (LostHeirGame, 4, lostheir_bots, play_lostheir_game, LostHeirView),
}


@pytest.mark.parametrize("which", sorted(GAMES))
def test_the_same_loop_plays_each_game_and_matches_its_play_function(which):
    game_class, players, bots, play_game, view_class = GAMES[which]
    game = game_class.new(players=players, seed=4)
    assert game.players == players and game.seed == 4 and game.winners() == ()
    assert isinstance(game.view(game.current_player), view_class)
    play(game, bots(1))
    assert game.is_over and game.current_player is None and len(game.rounds) >= 2
    assert game == play_game(bots(1), seed=4)  # the loop is what play_*_game does
    assert game != play_game(bots(1), seed=5)  # another seed, another game
    totals = game.totals()
    assert isinstance(totals, tuple) and all(isinstance(total, int) for total in totals)
    winners = game.winners()
    assert isinstance(winners, tuple) and len(winners) <= 1
    assert game_class.from_record(game.to_record()) == game
    assert str(game) == game.transcript() and game.transcript()


def test_lostheir_totals_and_winners_are_per_partnership():
    game = play(LostHeirGame.new(seed=4), lostheir_bots(1))
    assert len(game.totals()) == 2  # side 0 is seats 0 and 2 (North/South)
    (side,) = game.winners()
    assert game.totals()[side] >= game.target


def test_knock_totals_and_winners_are_per_seat():
    game = play(KnockGame.new(players=3, seed=4), knock_bots(1))
    assert len(game.totals()) == 3
    assert all(game.totals()[seat] <= 100 for seat in game.winners())
    assert all(game.totals()[seat] > 100 for seat in game.eliminated)


@pytest.mark.parametrize(
    ("rnd", "bots"),
    [
        (BlackoutRound.deal(players=3, cards_per_hand=4, seed=2), blackout_bots(3)),
        (KnockRound.deal(players=3, seed=2), knock_bots(3)),
        (LostHeirRound.deal(dealer=1, seed=2), lostheir_bots(3)),
    ],
    ids=["blackout", "knock", "lostheir"],
)
def test_the_same_loop_plays_a_round_and_rounds_share_their_names(rnd, bots):
    first = rnd.copy()
    assert first == rnd and first.view(0).seat == 0
    while not rnd.is_over:
        seat = rnd.current_player
        view = rnd.view(seat)
        assert view.legal_actions() == rnd.legal_actions()
        others = [other for other in range(len(bots)) if other != seat]
        assert all(rnd.view(other).legal_actions() == [] for other in others)
        rnd.apply(bots[seat].act(view))
    assert rnd.current_player is None and rnd.legal_actions() == []
    assert type(rnd).from_record(rnd.to_record()) == rnd != first
    assert str(rnd) == rnd.transcript()
