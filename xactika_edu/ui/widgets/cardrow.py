"""A row of cards a student can select and tick: one column per card with its
picture, a select button and a *played* box (the hand explorer's hand).

UI layer: the controls only; each card's words come from
:func:`xactika_edu.teaching.views.handview.card_look`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets

from ...base.language import pgettext
from ...core import svg
from ...core.cards import Card, Combination, Hand
from ...teaching.views.handview import card_look

__all__ = ["CardRow"]


class CardRow(widgets.HBox):
    """``size`` card columns (CSS classes ``xe-card-column``, ``xe-card``, ``xe-select``,
    ``xe-played``), built once; :meth:`draw` shows a hand in them.

    Args:
        size: the number of columns (cards in a hand).
        on_select: called with a card's place (from 0) when its button is clicked.
        on_played: called with a card's place and the new tick when its box is
            ticked or unticked by the student (not by :meth:`draw` or :meth:`tick`).

    Attributes:
        pictures, buttons, boxes: one per card, in hand order.
    """

    def __init__(
        self,
        size: int,
        on_select: Callable[[int], None],
        on_played: Callable[[int, bool], None],
    ) -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("xe-cards")
        self._quiet = False
        self._on_played = on_played
        self.pictures: list[widgets.HTML] = []
        self.buttons: list[widgets.Button] = []
        self.boxes: list[widgets.Checkbox] = []
        columns = []
        for i in range(size):
            picture = widgets.HTML()
            picture.add_class("xe-card")
            button = widgets.Button(description="", layout=widgets.Layout(width="86px"))
            button.add_class("xe-select")
            button.on_click(lambda _b, i=i: on_select(i))
            box = widgets.Checkbox(
                value=False,
                description=pgettext("a card marked", "played"),
                indent=False,
                layout=widgets.Layout(width="86px"),
            )
            box.add_class("xe-played")
            box.observe(lambda change, i=i: self._changed(i, change), names="value")
            self.pictures.append(picture)
            self.buttons.append(button)
            self.boxes.append(box)
            column = widgets.VBox([picture, button, box], layout=widgets.Layout(margin="2px"))
            column.add_class("xe-card-column")
            columns.append(column)
        self.children = columns

    def _changed(self, index: int, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._on_played(index, bool(change["new"]))

    def tick(self, index: int, played: bool) -> None:
        """Set a card's *played* box without calling ``on_played``."""
        self._quiet = True
        try:
            self.boxes[index].value = played
        finally:
            self._quiet = False

    def draw(
        self,
        hand: Hand,
        played: Collection[Card],
        selected: Card | None,
        best: Combination | None,
    ) -> None:
        """Show ``hand``: played cards faded with their box ticked and button off, the
        selected card's button marked and its ``best`` combination highlighted."""
        for i, card in enumerate(hand):
            is_played = card in played
            is_selected = card == selected
            picture = svg.card(card, dimmed=is_played, highlight=best if is_selected else None)
            # the card's 4-digit name under its picture: the lessons call cards by it
            self.pictures[i].value = (
                f'<span class="xe-card-named" style="display:inline-block;text-align:center">'
                f"{picture}<br>{card}</span>"
            )
            look = card_look(i + 1, card, played=is_played, selected=is_selected)
            button = self.buttons[i]
            button.description = look.label
            button.button_style = look.style
            button.disabled = is_played
            button.tooltip = look.tooltip
            self.boxes[i].tooltip = look.played_tooltip
            self.tick(i, is_played)
