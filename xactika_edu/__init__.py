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

from .version import __version__ as __version__

# The public names, each with the module that defines it. They are imported on first
# use (PEP 562), so ``import xactika_edu`` and the ``xactika-edu`` command start in a
# blink and a Ctrl-C during start-up is handled by the command, not shown as a
# traceback; ``from xactika_edu import deal`` works as usual.
_EXPORTS: dict[str, str] = {
    "COMBINATIONS": "cards",
    "Card": "cards",
    "Combination": "cards",
    "DECK": "cards",
    "Deal": "cards",
    "Estimate": "probability",
    "Event": "experiments",
    "Game": "game",
    "Hand": "cards",
    "HeuristicBot": "bots",
    "IllegalBidError": "errors",
    "IllegalPlayError": "errors",
    "MonteCarloBot": "bots",
    "NotationError": "errors",
    "Play": "game",
    "PlayerView": "game",
    "Question": "selfcheck",
    "RandomBot": "bots",
    "Round": "game",
    "ScoreSheetError": "errors",
    "Shape": "cards",
    "Trick": "game",
    "XactikaError": "errors",
    "bell_curve": "plots",
    "bid_total_bar_graph": "plots",
    "bid_trick_table": "classroom",
    "bids_vs_tricks": "classroom",
    "chance_unbeatable": "probability",
    "compare_value_bar_graph": "plots",
    "compare_with_simulation": "classroom",
    "deal": "cards",
    "difference_distribution": "classroom",
    "difference_histogram": "classroom",
    "distance_bar_graph": "plots",
    "draw_cards": "cards",
    "draw_experiment": "experiments",
    "error_by_trials": "experiments",
    "error_graph": "plots",
    "exact_probability": "experiments",
    "example_scores": "classroom",
    "expected_score_bar_graph": "plots",
    "expected_score_table": "simulate",
    "export_scores": "scoresheet",
    "export_worksheets": "worksheets",
    "face_value_mad": "probability",
    "face_value_mean": "probability",
    "face_value_variance": "probability",
    "group_bar_graph": "plots",
    "group_pie_chart": "plots",
    "lead_kind": "probability",
    "load_scores": "scoresheet",
    "made_missed_counts": "classroom",
    "made_missed_pie": "classroom",
    "margin_of_error": "experiments",
    "normal_approximation": "probability",
    "normal_comparison": "probability",
    "running_frequency_graph": "plots",
    "score": "game",
    "score_sheet_pdf": "worksheets",
    "scores_by_player": "classroom",
    "shape_columns_graph": "plots",
    "shape_count_pie_chart": "plots",
    "shape_count_table": "probability",
    "simulate_chance_unbeatable": "probability",
    "simulate_rounds": "simulate",
    "simulated_comparison": "classroom",
    "strength_table": "simulate",
    "suggest_bid": "simulate",
    "sum_bar_graph": "plots",
    "sum_distribution": "probability",
    "sum_mean_and_variance": "probability",
    "sum_normal_approximation": "probability",
    "sum_normal_comparison": "probability",
    "sum_normal_fit": "probability",
    "summary_by_player": "classroom",
    "template_csv": "scoresheet",
    "trials_needed": "experiments",
    "trick_bar_graph": "plots",
    "trick_distribution": "simulate",
    "trick_winner": "game",
    "value_bar_graph": "plots",
    "value_distribution": "probability",
    "value_pie_chart": "plots",
    "ways_bar_graph": "plots",
    "whole_percent": "formatting",
    "write_score_sheet": "worksheets",
    "write_template": "scoresheet",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .bots import HeuristicBot, MonteCarloBot, RandomBot
    from .cards import COMBINATIONS, DECK, Card, Combination, Deal, Hand, Shape, deal, draw_cards
    from .classroom import (
        bid_trick_table,
        bids_vs_tricks,
        compare_with_simulation,
        difference_distribution,
        difference_histogram,
        example_scores,
        made_missed_counts,
        made_missed_pie,
        scores_by_player,
        simulated_comparison,
        summary_by_player,
    )
    from .errors import (
        IllegalBidError,
        IllegalPlayError,
        NotationError,
        ScoreSheetError,
        XactikaError,
    )
    from .experiments import (
        Event,
        draw_experiment,
        error_by_trials,
        exact_probability,
        margin_of_error,
        trials_needed,
    )
    from .formatting import whole_percent
    from .game import Game, Play, PlayerView, Round, Trick, score, trick_winner
    from .plots import (
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
    from .probability import (
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
    from .scoresheet import (
        export_scores,
        load_scores,
        template_csv,
        write_template,
    )
    from .selfcheck import Question
    from .simulate import (
        expected_score_table,
        simulate_rounds,
        strength_table,
        suggest_bid,
        trick_distribution,
    )
    from .worksheets import export_worksheets, score_sheet_pdf, write_score_sheet


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
    "Card",
    "Combination",
    "Deal",
    "Estimate",
    "Event",
    "Game",
    "Hand",
    "HeuristicBot",
    "IllegalBidError",
    "IllegalPlayError",
    "MonteCarloBot",
    "NotationError",
    "Play",
    "PlayerView",
    "Question",
    "RandomBot",
    "Round",
    "ScoreSheetError",
    "Shape",
    "Trick",
    "XactikaError",
    "bell_curve",
    "bid_total_bar_graph",
    "bid_trick_table",
    "bids_vs_tricks",
    "chance_unbeatable",
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
    "example_scores",
    "expected_score_bar_graph",
    "expected_score_table",
    "export_scores",
    "export_worksheets",
    "face_value_mad",
    "face_value_mean",
    "face_value_variance",
    "group_bar_graph",
    "group_pie_chart",
    "lead_kind",
    "load_scores",
    "made_missed_counts",
    "made_missed_pie",
    "margin_of_error",
    "normal_approximation",
    "normal_comparison",
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
