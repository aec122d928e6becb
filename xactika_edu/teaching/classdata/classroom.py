"""Class data: the class's scores summed up and graphed, and a simulated class to
practise on.

This module gathers the names a teacher uses, from where each is written:

* :mod:`xactika_edu.teaching.classdata.scoresheet`: the score sheet itself (its format,
  :func:`load_scores` with every check, :func:`export_scores`, the template);
* :mod:`xactika_edu.teaching.classdata.class_summaries`: :func:`example_scores` and the tables
  (:func:`summary_by_player`, :func:`made_missed_counts`, ...);
* :mod:`xactika_edu.teaching.classdata.class_plots`: the graphs of those tables
  (:func:`made_missed_pie`, :func:`bids_vs_tricks`, ...);
* :mod:`xactika_edu.teaching.classdata.class_results`: the cards the class drew or
  rolled, pooled (:func:`load_class_results`, :func:`example_class_results`,
  :func:`class_face_values`, :func:`class_vs_deck_plot`, :func:`student_means`).

So ``from xactika_edu.teaching.classdata.classroom import load_scores, summary_by_player`` works.

>>> scores = example_scores(players=3, games=1, seed=1)
>>> summary_by_player(scores).columns.tolist()[:3]
['games', 'hands', 'exact bids']

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks, the
score); the plots follow :mod:`xactika_edu.teaching.plots` (palette, labels, ``ax=None``).
Importing this module imports no plotting library; the plot functions import
matplotlib when called.
"""

from __future__ import annotations

from ...base.csvtext import safe_cell
from .class_plots import (
    bids_vs_tricks,
    compare_with_simulation,
    difference_histogram,
    made_missed_pie,
    scores_by_player,
)
from .class_results import (
    class_face_values,
    class_vs_deck_plot,
    example_class_results,
    load_class_results,
    student_means,
)
from .class_summaries import (
    bid_trick_table,
    difference_distribution,
    example_scores,
    made_missed_counts,
    simulated_comparison,
    summary_by_player,
)
from .scoresheet import (
    ADDED_COLUMNS,
    DANGEROUS_STARTS,
    DEALER_COLUMN,
    EXPORT_COLUMNS,
    SHEET_COLUMNS,
    ScoreSheetError,
    export_scores,
    load_scores,
    template_csv,
    write_template,
)

__all__ = [
    "ADDED_COLUMNS",
    "DANGEROUS_STARTS",
    "DEALER_COLUMN",
    "EXPORT_COLUMNS",
    "SHEET_COLUMNS",
    "ScoreSheetError",
    "bid_trick_table",
    "bids_vs_tricks",
    "class_face_values",
    "class_vs_deck_plot",
    "compare_with_simulation",
    "difference_distribution",
    "difference_histogram",
    "example_class_results",
    "example_scores",
    "export_scores",
    "load_class_results",
    "load_scores",
    "made_missed_counts",
    "made_missed_pie",
    "safe_cell",
    "scores_by_player",
    "simulated_comparison",
    "student_means",
    "summary_by_player",
    "template_csv",
    "write_template",
]
