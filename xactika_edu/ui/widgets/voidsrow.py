"""The hand explorer's voids: which player could not follow which call.

One row: *Player* (1 plays right after you, up to the table's size), *could not
follow* (one of the 12 combinations), *Add void*, *Remove last void* and *Clear
voids*; under it the voids in words.

UI layer: the controls only; the words come from
:mod:`xactika_edu.teaching.views.voidbox`.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ...base.language import gettext as _
from ...core.cards import COMBINATIONS, Combination, as_combination
from ...teaching.views.htmlparts import note_html
from ...teaching.views.voidbox import already_known, player_name, seats_hint, voids_text

__all__ = ["VoidsRow"]


class VoidsRow(widgets.VBox):
    """Controls to say which player could not follow which call (CSS class
    ``xe-voids``).

    Args:
        players: players at the table, you included (2 to 10).
        on_change: called with no argument after the voids change.

    Attributes:
        voids: ``{seat offset: combinations}`` (offset 1 is Player 1, the next player),
            only players with a void.
        added: the voids in the order they were added, ``(offset, combination)``;
            *Remove last void* takes the last one away.
        notice: what the last click said that is not a void ("" for nothing), e.g.
            that a void was already in the list.
        player_box, combination_box, add_button, remove_button, clear_button, words:
            the controls and the line of words.
    """

    def __init__(self, players: int, on_change: Callable[[], None]) -> None:
        super().__init__()
        self.add_class("xe-voids")
        self._on_change = on_change
        self.voids: dict[int, frozenset[Combination]] = {}
        self.added: list[tuple[int, Combination]] = []
        self.notice = ""
        self._players = players
        self.player_box = widgets.Dropdown(
            description=_("Player"),
            tooltip=_("A player who could not follow a call"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="13em"),
        )
        self.combination_box = widgets.Dropdown(
            options=[(str(combo), combo) for combo in COMBINATIONS],
            description=_("could not follow"),
            tooltip=_("The call that player could not follow: they have no card with it"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="16em"),
        )
        self.add_button = widgets.Button(
            description=_("Add void"), icon="plus", tooltip=_("Add this void to the chances")
        )
        self.remove_button = widgets.Button(
            description=_("Remove last void"),
            icon="undo",
            tooltip=_("Take away the last void added"),
        )
        self.clear_button = widgets.Button(
            description=_("Clear voids"), icon="times", tooltip=_("Forget every void")
        )
        self.words = widgets.HTML()
        self.add_button.on_click(lambda _button: self.add())
        self.remove_button.on_click(lambda _button: self.remove_last())
        self.clear_button.on_click(lambda _button: self.clear())
        self.set_players(players)
        row = widgets.HBox(
            [
                self.player_box,
                self.combination_box,
                self.add_button,
                self.remove_button,
                self.clear_button,
            ]
        )
        self.children = [row, self.words]

    def set_players(self, players: int) -> None:
        """Offer Players 1 to ``players - 1``; voids of players no longer at the table
        stay (the explorer says so, and *Remove last void* or *Clear voids* removes
        them)."""
        self._players = players
        chosen = self.player_box.value
        self.player_box.options = [(player_name(k), k) for k in range(1, players)]
        self.player_box.value = chosen if chosen in range(1, players) else 1
        self._draw()

    def add(self, offset: int | None = None, combination: Combination | str | None = None) -> None:
        """Add a void, as *Add void* does: the chosen player (or seat ``offset``: 1 is
        Player 1) could not follow the chosen call (or ``combination``). A void
        already in the list changes nothing and says so (:attr:`notice`)."""
        offset = self.player_box.value if offset is None else offset
        combo = self.combination_box.value if combination is None else combination
        if offset is None:
            return
        combo = as_combination(combo)
        known = self.voids.get(offset, frozenset())
        if combo in known:
            self.notice = already_known(offset, combo)
            self._draw()
            return
        self.notice = ""
        self.voids[offset] = known | {combo}
        self.added.append((offset, combo))
        self._draw()
        self._on_change()

    def remove_last(self) -> None:
        """Take away the last void added, as *Remove last void* does (nothing if
        there is none)."""
        self.notice = ""
        if not self.added:
            self.notice = _("There is no void to remove.")
            self._draw()
            return
        offset, combo = self.added.pop()
        left = self.voids.get(offset, frozenset()) - {combo}
        if left:
            self.voids[offset] = left
        else:
            self.voids.pop(offset, None)
        self._draw()
        self._on_change()

    def clear(self) -> None:
        """Forget every void, as *Clear voids* does."""
        changed = bool(self.voids)
        self.forget()
        if changed:
            self._on_change()

    def forget(self) -> None:
        """Forget every void without calling ``on_change`` (a new deal does this)."""
        self.voids = {}
        self.added = []
        self.notice = ""
        self._draw()

    def _draw(self) -> None:
        said = voids_text(self.voids)
        self.words.value = note_html(
            (f"{self.notice} " if self.notice else "")
            + (said or _("No voids entered: add one when a player could not follow a call."))
            + " "
            + seats_hint(self._players)
        )
