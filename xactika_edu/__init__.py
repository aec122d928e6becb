"""xactika-edu: a classroom probability toolkit built around the card game Xactika.

>>> from xactika_edu import Card, chance_unbeatable, deal
>>> hand = deal(players=4, seed=1)[0]
>>> card = Card.parse("3133")          # the only 10 with one cube
>>> chance_unbeatable(card, "1 cube", hand=[card], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .base.version import __version__ as __version__

# The public names, each with the module that defines it. They are imported on first
# use (PEP 562), so ``import xactika_edu`` and the ``xactika-edu`` command start in a
# blink and a Ctrl-C during start-up is handled by the command, not shown as a
# traceback; ``from xactika_edu import deal`` works as usual.
_EXPORTS: dict[str, str] = {
    "card_from_dice": "core.dice_cards",
    "roll_dice_cards": "core.dice_cards",
    "load_class_results": "teaching.classdata.classroom",
    "example_class_results": "teaching.classdata.classroom",
    "class_face_values": "teaching.classdata.classroom",
    "class_vs_deck_plot": "teaching.classdata.classroom",
    "student_means": "teaching.classdata.classroom",
    "ClassResultsError": "base.errors",
    "COMBINATIONS": "core.cards",
    "Card": "core.cards",
    "Combination": "core.cards",
    "DECK": "core.cards",
    "Deal": "core.cards",
    "Estimate": "core.probability",
    "Event": "core.experiments",
    "Game": "core.game",
    "Hand": "core.cards",
    "HeuristicBot": "engines.bots",
    "IllegalBidError": "base.errors",
    "IllegalPlayError": "base.errors",
    "MonteCarloBot": "engines.bots",
    "NotationError": "base.errors",
    "Play": "core.game",
    "PlayerView": "core.game",
    "Question": "teaching.selfcheck",
    "RandomBot": "engines.bots",
    "Round": "core.game",
    "ScoreSheetError": "base.errors",
    "TooManyToCount": "base.errors",
    "SearchBot": "engines.search",
    "Shape": "core.cards",
    "Trick": "core.game",
    "XactikaError": "base.errors",
    "bell_curve": "teaching.plots",
    "bid_total_bar_graph": "teaching.plots",
    "bid_trick_table": "teaching.classdata.classroom",
    "bids_vs_tricks": "teaching.classdata.classroom",
    "chance_unbeatable": "core.probability",
    "compare_value_bar_graph": "teaching.plots",
    "compare_with_simulation": "teaching.classdata.classroom",
    "deal": "core.cards",
    "difference_distribution": "teaching.classdata.classroom",
    "difference_histogram": "teaching.classdata.classroom",
    "distance_bar_graph": "teaching.plots",
    "draw_cards": "core.cards",
    "draw_experiment": "core.experiments",
    "error_by_trials": "core.experiments",
    "error_graph": "teaching.plots",
    "exact_probability": "core.experiments",
    "example_scores": "teaching.classdata.classroom",
    "expected_score_bar_graph": "teaching.plots",
    "expected_score_table": "engines.simulate",
    "export_scores": "teaching.classdata.scoresheet",
    "export_worksheets": "outputs.worksheets",
    "face_value_mad": "core.probability",
    "face_value_mean": "core.probability",
    "face_value_variance": "core.probability",
    "group_bar_graph": "teaching.plots",
    "group_pie_chart": "teaching.plots",
    "lead_kind": "core.probability",
    "load_scores": "teaching.classdata.scoresheet",
    "made_missed_counts": "teaching.classdata.classroom",
    "made_missed_pie": "teaching.classdata.classroom",
    "margin_of_error": "core.experiments",
    "normal_approximation": "core.probability",
    "normal_comparison": "core.probability",
    "running_frequency_graph": "teaching.plots",
    "score": "core.game",
    "score_sheet_pdf": "outputs.worksheets",
    "scores_by_player": "teaching.classdata.classroom",
    "shape_columns_graph": "teaching.plots",
    "shape_count_pie_chart": "teaching.plots",
    "shape_count_table": "core.probability",
    "simulate_chance_unbeatable": "core.probability",
    "simulate_rounds": "engines.simulate",
    "simulated_comparison": "teaching.classdata.classroom",
    "strength_table": "engines.simulate",
    "suggest_bid": "engines.simulate",
    "bid_advice": "engines.simulate",
    "fixed_play_advice": "engines.simulate",
    "play_each_bid": "engines.simulate",
    "sum_bar_graph": "teaching.plots",
    "sum_distribution": "core.probability",
    "sum_mean_and_variance": "core.probability",
    "sum_normal_approximation": "core.probability",
    "sum_normal_comparison": "core.probability",
    "sum_normal_fit": "core.probability",
    "summary_by_player": "teaching.classdata.classroom",
    "template_csv": "teaching.classdata.scoresheet",
    "trials_needed": "core.experiments",
    "trick_bar_graph": "teaching.plots",
    "trick_distribution": "engines.simulate",
    "trick_winner": "core.game",
    "value_bar_graph": "teaching.plots",
    "value_distribution": "core.probability",
    "value_pie_chart": "teaching.plots",
    "ways_bar_graph": "teaching.plots",
    "whole_percent": "base.formatting",
    "write_score_sheet": "outputs.worksheets",
    "write_template": "teaching.classdata.scoresheet",
    # seed 004's other games: Blackout, the knock game and Lost Heir, their deck and activities
    "BlackoutGame": "core.blackout_game",
    "BlackoutRound": "core.blackout",
    "BlackoutView": "core.blackout_parts",
    "HeuristicBlackoutBot": "engines.blackout_bots",
    "RandomBlackoutBot": "engines.blackout_bots",
    "play_blackout_game": "engines.blackout_bots",
    "KnockGame": "core.knock_game",
    "KnockRound": "core.knock_round",
    "KnockView": "core.knock",
    "HeuristicKnockBot": "engines.knock_bots",
    "RandomKnockBot": "engines.knock_bots",
    "play_knock_game": "engines.knock_bots",
    "LostHeirCard": "core.lostheir_cards",
    "LostHeirGame": "core.lostheir_game",
    "LostHeirRound": "core.lostheir",
    "LostHeirView": "core.lostheir_rules",
    "HeuristicLostHeirBot": "engines.lostheir_bots",
    "RandomLostHeirBot": "engines.lostheir_bots",
    "play_lostheir_game": "engines.lostheir_bots",
    "PlayingCard": "core.playing_cards",
    "STANDARD_DECK": "core.playing_cards",
    "boy_chances": "core.chances.lostheir",
    "chance_deal_holds_group": "core.chances.knock",
    "chance_deal_worth_zero": "core.chances.knock",
    "chance_lead_unbeatable": "core.blackout_chances",
    "compare_bid_scoring": "engines.blackout_advice",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .base.errors import (
        ClassResultsError,
        IllegalBidError,
        IllegalPlayError,
        NotationError,
        ScoreSheetError,
        TooManyToCount,
        XactikaError,
    )
    from .base.formatting import whole_percent
    from .core.blackout import BlackoutRound
    from .core.blackout_chances import chance_lead_unbeatable
    from .core.blackout_game import BlackoutGame
    from .core.blackout_parts import BlackoutView
    from .core.cards import (
        COMBINATIONS,
        DECK,
        Card,
        Combination,
        Deal,
        Hand,
        Shape,
        deal,
        draw_cards,
    )
    from .core.chances.knock import chance_deal_holds_group, chance_deal_worth_zero
    from .core.chances.lostheir import boy_chances
    from .core.dice_cards import card_from_dice, roll_dice_cards
    from .core.experiments import (
        Event,
        draw_experiment,
        error_by_trials,
        exact_probability,
        margin_of_error,
        trials_needed,
    )
    from .core.game import Game, Play, PlayerView, Round, Trick, score, trick_winner
    from .core.knock import KnockView
    from .core.knock_game import KnockGame
    from .core.knock_round import KnockRound
    from .core.lostheir import LostHeirRound
    from .core.lostheir_cards import LostHeirCard
    from .core.lostheir_game import LostHeirGame
    from .core.lostheir_rules import LostHeirView
    from .core.playing_cards import STANDARD_DECK, PlayingCard
    from .core.probability import (
        Estimate,
        chance_unbeatable,
        face_value_mad,
        face_value_mean,
        face_value_variance,
        normal_approximation,
        normal_comparison,
        shape_count_table,
        simulate_chance_unbeatable,
        sum_distribution,
        sum_mean_and_variance,
        sum_normal_approximation,
        sum_normal_comparison,
        sum_normal_fit,
        value_distribution,
    )
    from .engines.blackout_advice import compare_bid_scoring
    from .engines.blackout_bots import HeuristicBlackoutBot, RandomBlackoutBot, play_blackout_game
    from .engines.bots import HeuristicBot, MonteCarloBot, RandomBot
    from .engines.knock_bots import HeuristicKnockBot, RandomKnockBot, play_knock_game
    from .engines.lostheir_bots import (
        HeuristicLostHeirBot,
        RandomLostHeirBot,
        play_lostheir_game,
    )
    from .engines.search import SearchBot
    from .engines.simulate import (
        bid_advice,
        expected_score_table,
        fixed_play_advice,
        play_each_bid,
        simulate_rounds,
        strength_table,
        suggest_bid,
        trick_distribution,
    )
    from .outputs.worksheets import export_worksheets, score_sheet_pdf, write_score_sheet
    from .teaching.classdata.classroom import (
        bid_trick_table,
        bids_vs_tricks,
        class_face_values,
        class_vs_deck_plot,
        compare_with_simulation,
        difference_distribution,
        difference_histogram,
        example_class_results,
        example_scores,
        load_class_results,
        made_missed_counts,
        made_missed_pie,
        scores_by_player,
        simulated_comparison,
        student_means,
        summary_by_player,
    )
    from .teaching.classdata.scoresheet import (
        export_scores,
        load_scores,
        template_csv,
        write_template,
    )
    from .teaching.plots import (
        bell_curve,
        bid_total_bar_graph,
        compare_value_bar_graph,
        distance_bar_graph,
        error_graph,
        expected_score_bar_graph,
        group_bar_graph,
        group_pie_chart,
        running_frequency_graph,
        shape_columns_graph,
        shape_count_pie_chart,
        sum_bar_graph,
        trick_bar_graph,
        value_bar_graph,
        value_pie_chart,
        ways_bar_graph,
    )
    from .teaching.selfcheck import Question


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "COMBINATIONS",
    "DECK",
    "STANDARD_DECK",
    "BlackoutGame",
    "BlackoutRound",
    "BlackoutView",
    "Card",
    "ClassResultsError",
    "Combination",
    "Deal",
    "Estimate",
    "Event",
    "Game",
    "Hand",
    "HeuristicBlackoutBot",
    "HeuristicBot",
    "HeuristicKnockBot",
    "HeuristicLostHeirBot",
    "IllegalBidError",
    "IllegalPlayError",
    "KnockGame",
    "KnockRound",
    "KnockView",
    "LostHeirCard",
    "LostHeirGame",
    "LostHeirRound",
    "LostHeirView",
    "MonteCarloBot",
    "NotationError",
    "Play",
    "PlayerView",
    "PlayingCard",
    "Question",
    "RandomBlackoutBot",
    "RandomBot",
    "RandomKnockBot",
    "RandomLostHeirBot",
    "Round",
    "ScoreSheetError",
    "SearchBot",
    "Shape",
    "TooManyToCount",
    "Trick",
    "XactikaError",
    "bell_curve",
    "bid_advice",
    "bid_total_bar_graph",
    "bid_trick_table",
    "bids_vs_tricks",
    "boy_chances",
    "card_from_dice",
    "chance_deal_holds_group",
    "chance_deal_worth_zero",
    "chance_lead_unbeatable",
    "chance_unbeatable",
    "class_face_values",
    "class_vs_deck_plot",
    "compare_bid_scoring",
    "compare_value_bar_graph",
    "compare_with_simulation",
    "deal",
    "difference_distribution",
    "difference_histogram",
    "distance_bar_graph",
    "draw_cards",
    "draw_experiment",
    "error_by_trials",
    "error_graph",
    "exact_probability",
    "example_class_results",
    "example_scores",
    "expected_score_bar_graph",
    "expected_score_table",
    "export_scores",
    "export_worksheets",
    "face_value_mad",
    "face_value_mean",
    "face_value_variance",
    "fixed_play_advice",
    "group_bar_graph",
    "group_pie_chart",
    "lead_kind",
    "load_class_results",
    "load_scores",
    "made_missed_counts",
    "made_missed_pie",
    "margin_of_error",
    "normal_approximation",
    "normal_comparison",
    "play_blackout_game",
    "play_each_bid",
    "play_knock_game",
    "play_lostheir_game",
    "roll_dice_cards",
    "running_frequency_graph",
    "score",
    "score_sheet_pdf",
    "scores_by_player",
    "shape_columns_graph",
    "shape_count_pie_chart",
    "shape_count_table",
    "simulate_chance_unbeatable",
    "simulate_rounds",
    "simulated_comparison",
    "strength_table",
    "student_means",
    "suggest_bid",
    "sum_bar_graph",
    "sum_distribution",
    "sum_mean_and_variance",
    "sum_normal_approximation",
    "sum_normal_comparison",
    "sum_normal_fit",
    "summary_by_player",
    "template_csv",
    "trials_needed",
    "trick_bar_graph",
    "trick_distribution",
    "trick_winner",
    "value_bar_graph",
    "value_distribution",
    "value_pie_chart",
    "ways_bar_graph",
    "whole_percent",
    "write_score_sheet",
    "write_template",
]
