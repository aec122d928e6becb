"""Interactive widgets for Jupyter and the student app (served by Solara): a hand
explorer, a deck explorer and a table to play at against computer players.

The widgets are thin: they only wire controls (``ipywidgets`` 8) to pure functions of
the teaching layer and render the results as HTML with the library's card pictures
(:mod:`xactika_edu.core.svg`). Every number they show comes from those functions, which
are tested directly:

* :mod:`xactika_edu.teaching.views.leadtable`: the chance that each lead is unbeatable
  (:func:`lead_table`, :func:`render_lead_table`);
* :mod:`xactika_edu.teaching.views.handview` and :mod:`xactika_edu.teaching.views.seenbox`: the
hand explorer's
  words and its box of others' cards (:func:`parse_seen`);
* :mod:`xactika_edu.teaching.views.draws`: the draw histogram and the sampling view
  (:class:`DrawHistogram`, :class:`SamplingView`: drawn cards' counts, sample means);
* :mod:`xactika_edu.teaching.views.deckview`: the deck explorer (:func:`filter_deck`,
  :func:`selection_summary`);
* :mod:`xactika_edu.teaching.views.tableview`, :mod:`xactika_edu.teaching.views.playlog` and
  :mod:`xactika_edu.teaching.views.scoreboard`: the play table's turns, log, tricks and scores
  (:func:`play_bots`, :func:`trick_lines`, :func:`score_table`);
* :mod:`xactika_edu.base.formatting`: every number as text (:func:`describe_chance` and
  :func:`format_fraction` are its ``percent`` and ``fraction``).

>>> table = lead_table(["3133", "1111"], players=4, card="3133")
>>> table.loc[table["best"], ["combination", "chance", "percent"]].values.tolist()
[[Combination.parse('1 cube'), Fraction(1, 1), '100%']]
>>> len(filter_deck(values=(10, 12), cubes=1))
1

Errors a student can cause (bad notation, an impossible situation, a number out of
range) are shown in the widget as a one-line message (class ``xe-error``,
``role="alert"``), never as a traceback. Colour never carries meaning alone: the best
lead says "best lead", a selected card's button shows "✓" (its tooltip and the
chances' caption name it), a played card's picture is dashed and faded and its
"played" box is ticked. Every control has a name a screen reader says (its label,
text or tooltip; no slider, whose handles have none) and a button's text keeps a
4.5:1 contrast: :mod:`~xactika_edu.ui.widgets.a11y` checks both.

Root widgets carry the CSS classes ``xe-hand``, ``xe-deck`` and ``xe-table``; key
parts carry ``xe-card``, ``xe-select``, ``xe-played``, ``xe-chances``, ``xe-error``,
``xe-graph``, ``xe-range``, ``xe-bid``, ``xe-play``, ``xe-next``, ``xe-score-sheet`` and the like,
for browser tests.

Sources: RULES.md (the rules; "Chance a lead is unbeatable"); the chances are
:func:`~xactika_edu.core.probability.chance_unbeatable`.
"""

from __future__ import annotations

from ...base.formatting import fraction as format_fraction
from ...base.formatting import percent as describe_chance
from ...teaching.views.deckview import filter_deck, selection_summary
from ...teaching.views.handview import card_label
from ...teaching.views.leadtable import (
    MAX_TRIALS,
    SIMULATION_LEVEL,
    UNLIKELY,
    lead_table,
    render_lead_table,
)
from ...teaching.views.playlog import play_bots, trick_lines
from ...teaching.views.scoreboard import score_table
from ...teaching.views.seenbox import parse_seen
from .answerbox import AnswerBox, answer_box
from .deck import DeckExplorer
from .draws import DrawHistogram, SamplingView
from .hand import HandWidget
from .table import PlayTable

__all__ = [
    "MAX_TRIALS",
    "SIMULATION_LEVEL",
    "UNLIKELY",
    "AnswerBox",
    "DeckExplorer",
    "DrawHistogram",
    "HandWidget",
    "PlayTable",
    "SamplingView",
    "answer_box",
    "card_label",
    "describe_chance",
    "filter_deck",
    "format_fraction",
    "lead_table",
    "parse_seen",
    "play_bots",
    "render_lead_table",
    "score_table",
    "selection_summary",
    "trick_lines",
]
