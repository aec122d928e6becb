"""xactika-edu: a classroom probability toolkit built around the card game Xactika.

>>> from xactika_edu import Card, chance_unbeatable, deal
>>> hand = deal(players=4, seed=1)[0]
>>> card = Card.parse("3133")          # the only 10 with one cube
>>> chance_unbeatable(card, "1 cube", hand=[card], players=4)
Fraction(1, 1)
"""

from __future__ import annotations

__version__ = "0.1.0"

from .bots import HeuristicBot, MonteCarloBot, RandomBot
from .cards import (
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
