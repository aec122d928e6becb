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
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .base.errors import (
        IllegalBidError,
        IllegalPlayError,
        NotationError,
        ScoreSheetError,
        XactikaError,
    )
    from .base.formatting import whole_percent
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
    from .core.experiments import (
        Event,
        draw_experiment,
        error_by_trials,
        exact_probability,
        margin_of_error,
        trials_needed,
    )
    from .core.game import Game, Play, PlayerView, Round, Trick, score, trick_winner
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
    from .engines.bots import HeuristicBot, MonteCarloBot, RandomBot
    from .engines.search import SearchBot
    from .engines.simulate import (
        expected_score_table,
        simulate_rounds,
        strength_table,
        suggest_bid,
        trick_distribution,
    )
    from .outputs.worksheets import export_worksheets, score_sheet_pdf, write_score_sheet
    from .teaching.classdata.classroom import (
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
    "SearchBot",
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
