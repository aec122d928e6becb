"""Classroom plots of the deck: bar graphs, pie charts and the bell curve.

Every function draws on the matplotlib ``ax`` you pass (or on a new figure when
``ax`` is ``None``) and returns the :class:`~matplotlib.axes.Axes`. Importing this
package changes no global matplotlib state: no backend switch, no ``rcParams``;
``matplotlib.pyplot`` is imported only when a function has to make its own figure.

Colors come from :mod:`xactika_edu.base.palette` (Okabe & Ito, color-blind safe), and
color never carries meaning alone: every bar is labeled with its count and every
pie slice with its value, count and percent. Every percent is written by one rule,
:func:`~xactika_edu.base.formatting.percent` (nearest whole percent, halves up, ``"< 1%"``
and ``"> 99%"`` rather than a certainty that is not one).

The plots are grouped by lesson; every name is also here, so
``from xactika_edu.teaching.plots import value_bar_graph`` works:

* :mod:`~xactika_edu.teaching.plots.deck`: the deck and piles of cards (Lessons 1 and 3);
* :mod:`~xactika_edu.teaching.plots.groups`: groups of cards, pies and proportions (Lesson 2);
* :mod:`~xactika_edu.teaching.plots.sums`: sums of shapes or dice, the deck table's columns
(Lesson 3);
* :mod:`~xactika_edu.teaching.plots.frequency`: chance experiments (Lesson 5);
* :mod:`~xactika_edu.teaching.plots.bidding`: estimation and bidding (Lesson 6);
* :mod:`~xactika_edu.teaching.plots.figures`: the sizes, axes, count bars and pies they all
  share (and :mod:`xactika_edu.teaching.classdata.classroom`'s plots of the class's scores).

>>> from matplotlib.figure import Figure
>>> ax = value_bar_graph(ax=Figure().subplots())
>>> [int(bar.get_height()) for bar in ax.patches]
[1, 4, 10, 16, 19, 16, 10, 4, 1]
"""

from __future__ import annotations

from ...base.formatting import whole_percent
from .bidding import bid_total_bar_graph, expected_score_bar_graph, trick_bar_graph
from .deck import (
    bell_curve,
    distance_bar_graph,
    shape_count_pie_chart,
    value_bar_graph,
    value_pie_chart,
    ways_bar_graph,
)
from .frequency import error_graph, running_frequency_graph
from .groups import compare_value_bar_graph, group_bar_graph, group_pie_chart
from .sums import shape_columns_graph, sum_bar_graph
from .tree import two_threat_tree

__all__ = [
    "bell_curve",
    "bid_total_bar_graph",
    "compare_value_bar_graph",
    "distance_bar_graph",
    "error_graph",
    "expected_score_bar_graph",
    "group_bar_graph",
    "group_pie_chart",
    "running_frequency_graph",
    "shape_columns_graph",
    "shape_count_pie_chart",
    "sum_bar_graph",
    "trick_bar_graph",
    "two_threat_tree",
    "value_bar_graph",
    "value_pie_chart",
    "ways_bar_graph",
    "whole_percent",
]
