"""xactika-edu: a classroom probability toolkit built around the card game Xactika.

>>> from xactika_edu import Card, chance_unbeatable, deal
>>> hand = deal(players=4, seed=1)[0]
>>> card = Card.parse("3133")          # the only 10 with one cube
>>> chance_unbeatable(card, "1 cube", hand=[card], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING

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
    "Shape": "cards",
    "Trick": "game",
    "XactikaError": "errors",
    "bell_curve": "plots",
    "chance_unbeatable": "probability",
    "deal": "cards",
    "distance_bar_graph": "plots",
    "draw_cards": "cards",
    "face_value_mad": "probability",
    "face_value_mean": "probability",
    "face_value_variance": "probability",
    "normal_approximation": "probability",
    "normal_comparison": "probability",
    "score": "game",
    "shape_count_pie_chart": "plots",
    "shape_count_table": "probability",
    "simulate_chance_unbeatable": "probability",
    "simulate_rounds": "simulate",
    "strength_table": "simulate",
    "suggest_bid": "simulate",
    "trick_winner": "game",
    "value_bar_graph": "plots",
    "value_distribution": "probability",
    "value_pie_chart": "plots",
    "ways_bar_graph": "plots",
    "whole_percent": "probability",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .bots import HeuristicBot, MonteCarloBot, RandomBot
    from .cards import COMBINATIONS, DECK, Card, Combination, Deal, Hand, Shape, deal, draw_cards
    from .errors import IllegalBidError, IllegalPlayError, NotationError, XactikaError
    from .game import Game, Play, PlayerView, Round, Trick, score, trick_winner
    from .plots import (
        bell_curve,
        distance_bar_graph,
        shape_count_pie_chart,
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
        value_distribution,
        whole_percent,
    )
    from .selfcheck import Question
    from .simulate import simulate_rounds, strength_table, suggest_bid


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
    "Shape",
    "Trick",
    "XactikaError",
    "bell_curve",
    "chance_unbeatable",
    "deal",
    "distance_bar_graph",
    "draw_cards",
    "face_value_mad",
    "face_value_mean",
    "face_value_variance",
    "normal_approximation",
    "normal_comparison",
    "score",
    "shape_count_pie_chart",
    "shape_count_table",
    "simulate_chance_unbeatable",
    "simulate_rounds",
    "strength_table",
    "suggest_bid",
    "trick_winner",
    "value_bar_graph",
    "value_distribution",
    "value_pie_chart",
    "ways_bar_graph",
    "whole_percent",
]
