"""The controls a play table and a class seat share: the HTML panes and the row that
plays a card (the card, the call when leading, the Play button).

UI layer: controls only; which plays are legal is the rules engine's
(:meth:`Round.legal_plays <xactika_edu.core.game.Round.legal_plays>`).

>>> from xactika_edu.core.game import Round
>>> row = PlayRow()
>>> rnd = Round.deal(players=3, seed=2)
>>> row.show_plays(rnd.legal_plays())    # bidding: nothing to play
>>> row.layout.display, row.play_button.disabled
('none', True)
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from ...core.game import Play
from .controls import set_options

__all__ = ["PlayRow", "html_pane"]


def html_pane(css_class: str) -> widgets.HTML:
    """An empty HTML pane with the CSS class ``css_class`` (for example ``"xe-trick"``)."""
    pane = widgets.HTML()
    pane.add_class(css_class)
    return pane


class PlayRow(widgets.HBox):
    """The row that plays a card: ``card_box`` lists only the cards that may be played,
    ``call_box`` the four combinations on the card when leading, then ``play_button``.

    The owner wires ``play_button`` and ``card_box`` to its own actions and calls
    :meth:`show_plays` and :meth:`fill_calls` when the hand changes.
    """

    def __init__(self) -> None:
        super().__init__()
        self.card_box = widgets.Dropdown(
            description="Card",
            tooltip="The card to play (only cards you may play are listed)",
            layout=widgets.Layout(width="28em"),
        )
        self.call_box = widgets.Dropdown(
            description="Call", tooltip="The combination you call when you lead"
        )
        self.play_button = widgets.Button(description="Play", tooltip="Play the card chosen")
        self.play_button.add_class("xe-play")
        self.children = [self.card_box, self.call_box, self.play_button]

    def show_plays(self, plays: Iterable[Play]) -> None:
        """Offer the cards of ``plays`` (the legal plays now; none hides the row)."""
        cards = list(dict.fromkeys(play.card for play in plays))
        set_options(self.card_box, [(c.title, c) for c in cards])
        self.card_box.disabled = self.play_button.disabled = not cards
        self.layout.display = None if cards else "none"

    def fill_calls(self, leading: bool) -> None:
        """Offer the combinations on the chosen card if ``leading``; else none."""
        card = self.card_box.value
        if card is None or not leading:
            set_options(self.call_box, [])
            self.call_box.disabled = True
            return
        set_options(self.call_box, [(str(c), c) for c in card.combinations])
        self.call_box.disabled = False
