"""The deck explorer: filter the 81 cards by face value and shape counts; see the
matching cards, how many there are, their relative frequency and a graph.

UI layer: the controls only; the cards, the words and the graph come from
:mod:`xactika_edu.teaching.views.deckview`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...base.language import N_
from ...base.language import gettext as _
from ...core.cards import DECK, Hand, Shape
from ...core.probability import FACE_VALUES
from ...teaching.views.deckview import (
    cards_html,
    deck_filter_text,
    filter_deck,
    plot_html,
    selection_summary,
)
from ...teaching.views.htmlparts import note_html
from .controls import ErrorLine, Fallback, guard
from .valuerange import NumberRange

__all__ = ["DeckExplorer"]

# "any" is 0, not None: an ipywidgets Dropdown whose value is None shows no label.
_ANY = 0
_COUNT_OPTIONS = [(N_("any"), _ANY), ("1", 1), ("2", 2), ("3", 3)]


class DeckExplorer(Fallback, widgets.VBox):
    """Filter the 81 cards by face value and shape counts; see the matching cards,
    how many there are, their relative frequency and a bar graph or pie chart.

    >>> explorer = DeckExplorer(plot=False)
    >>> explorer.cubes.value = 1
    >>> explorer.values.value = (10, 12)
    >>> explorer.selection
    Hand.parse('3133')

    Args:
        plot: draw the graph (``False`` skips matplotlib, for speed in tests).

    Attributes:
        values: the face-value range (:class:`~.valuerange.NumberRange`: *Lowest face
            value* and *Highest face value*); balls, cubes, cones, stars: one
            dropdown per shape (any/1/2/3); chart: bar graph or pie chart.
        selection: the matching cards (:func:`~xactika_edu.teaching.views.deckview.filter_deck`).
    """

    def __init__(self, *, plot: bool = True) -> None:
        super().__init__()
        self.add_class("xe-deck")
        self.last_error: BaseException | None = None
        self.plot = bool(plot)
        self.selection: Hand = Hand(DECK)
        self.error = ErrorLine()
        # two labelled dropdowns, not a range slider: a slider's handles have no name
        # a screen reader can say (.a11y)
        self.values = NumberRange(
            FACE_VALUES,
            _("face value"),
            tooltip=_("Show only cards with face values in this range"),
            lowest=_("Lowest face value"),
            highest=_("Highest face value"),
        )
        self.shape_boxes: dict[Shape, widgets.Dropdown] = {}
        for shape in Shape:
            box = widgets.Dropdown(
                options=[(_(label), count) for label, count in _COUNT_OPTIONS],
                value=_ANY,
                description=shape.plural.capitalize(),
                tooltip=_("Show only cards with this many {shapes} (or any)").format(
                    shapes=shape.plural
                ),
                layout=widgets.Layout(width="11em"),
                style={"description_width": "4em"},
            )
            box.add_class(f"xe-{shape.key}")
            self.shape_boxes[shape] = box
        self.balls, self.cubes, self.cones, self.stars = self.shape_boxes.values()
        self.chart = widgets.ToggleButtons(
            options=[(_("bar graph"), "bar"), (_("pie chart"), "pie")],
            value="bar",
            description=_("Graph"),
            tooltips=[_("Bar graph of face values"), _("Pie chart of face values")],
        )
        self.reset_button = widgets.Button(
            description=_("Show all"), tooltip=_("Clear the filters: all 81 cards")
        )
        self.summary = widgets.HTML()
        self.summary.add_class("xe-summary")
        self.cards_view = widgets.HTML()
        self.cards_view.add_class("xe-cards")
        self.graph = widgets.HTML()
        self.graph.add_class("xe-graph")
        for control in (self.values, *self.shape_boxes.values(), self.chart):
            control.observe(self._on_change, names="value")
        self.reset_button.on_click(self._on_reset)
        self.children = [
            widgets.HBox([self.values, self.reset_button]),
            widgets.HBox(list(self.shape_boxes.values())),
            self.chart,
            self.error,
            self.summary,
            self.graph,
            self.cards_view,
        ]
        self._update()

    @property
    def counts(self) -> dict[Shape, int | None]:
        """The shape counts chosen: shape -> 1, 2, 3 or ``None`` (any)."""
        return {
            shape: (box.value if box.value != _ANY else None)
            for shape, box in self.shape_boxes.items()
        }

    @guard
    def _on_change(self, _change: object = None) -> None:
        self._update()

    @guard
    def _on_reset(self, _button: object = None) -> None:
        self.values.value = (FACE_VALUES[0], FACE_VALUES[-1])
        for box in self.shape_boxes.values():
            box.value = _ANY

    def static_html(self) -> str:
        """The widget as it looks now, as plain HTML (no controls)."""
        return (
            f"<div class='xe-deck'>{self.summary.value}{self.graph.value}"
            f"{self.cards_view.value}</div>"
        )

    def __str__(self) -> str:
        return deck_filter_text(tuple(self.values.value), self.counts)

    def _update(self) -> None:
        counts = {shape.key: count for shape, count in self.counts.items()}
        self.selection = filter_deck(tuple(self.values.value), **counts)
        self.summary.value = note_html(selection_summary(self.selection))
        if not self.selection:
            self.cards_view.value = note_html(_("No card matches these filters."))
            self.graph.value = ""
            return
        self.cards_view.value = cards_html(self.selection)
        if self.plot:
            self.graph.value = plot_html(self.selection, self.chart.value)
