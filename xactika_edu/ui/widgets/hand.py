"""The hand explorer: a dealt hand as card pictures; select a card to see the chance
that each of its four leads is unbeatable, as cards are played.

UI layer: the controls only. The words and numbers come from
:mod:`xactika_edu.teaching.views.handview`, :mod:`xactika_edu.teaching.views.leadtable` and
:mod:`xactika_edu.teaching.views.seenbox`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import ipywidgets as widgets
import numpy as np
import pandas as pd

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...core.cards import (
    CARDS_PER_HAND,
    LARGEST_SEED,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Hand,
    check_seed,
    deal,
)
from ...teaching.views.handview import (
    VOIDS_WAITING,
    WAITING,
    card_index,
    chances_html,
    deal_notice,
    hand_text,
    players_notice,
    readout,
    status_html,
)
from ...teaching.views.htmlparts import note_html
from ...teaching.views.leadtable import MAX_TRIALS
from ...teaching.views.seenbox import read_seen
from ...teaching.views.voidbox import chances_with_voids, voids_problem
from .cardrow import CardRow
from .controls import ErrorLine, Fallback, NumberBox, fresh_seed, guard
from .voidsrow import VoidsRow

__all__ = ["HandWidget"]


def _seed_number(seed: object) -> int:
    """``seed`` for the Seed box: checked by the library's own
    :func:`~xactika_edu.core.cards.check_seed`, and a number (a NumPy generator is not)."""
    checked = check_seed(seed)
    if not isinstance(checked, (int, np.integer)):
        raise XactikaError(
            _("the Seed box needs a whole number 0 or more, like 7; got {seed}").format(
                seed=shown(seed)
            )
        )
    return int(checked)


class _Inputs(NamedTuple):
    """The hand explorer's inputs, labelled, with their tooltips."""

    seed_box: NumberBox
    new_button: widgets.Button
    players_box: NumberBox
    seen_box: widgets.Text
    simulate_box: widgets.Checkbox
    trials_box: NumberBox

    @classmethod
    def make(cls, seed: int, players: int, trials: int) -> _Inputs:
        """The inputs showing ``seed``, ``players`` and ``trials``."""
        seed_box = NumberBox(
            seed,
            0,
            LARGEST_SEED,
            _("Seed"),
            check=check_seed,
            description=_("Seed"),
            tooltip=_("The deal's number: the same seed gives everyone the same hand"),
        )
        new_button = widgets.Button(
            description=_("New deal"),
            icon="random",
            tooltip=_("Deal a new hand with a fresh seed"),
        )
        players_box = NumberBox(
            players,
            MIN_PLAYERS,
            MAX_PLAYERS,
            _("Players"),
            description=_("Players"),
            tooltip=_("Number of players at the table, you included (2 to 10)"),
        )
        seen_box = widgets.Text(
            value="",
            description=_("Others' played cards"),
            continuous_update=False,
            placeholder=_("e.g. 3213 1111 (balls, cubes, cones, stars)"),
            tooltip=_("Cards other players have played, 4 digits each; press Enter"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="32em"),
        )
        simulate_box = widgets.Checkbox(
            value=False,
            description=_("Compare with simulation"),
            indent=False,
            tooltip=_("Also estimate each chance by dealing the unseen cards at random"),
        )
        trials_box = NumberBox(
            trials,
            100,
            MAX_TRIALS,
            _("Deals"),
            step=1000,
            description=_("Deals"),
            tooltip=_("How many random deals to simulate (100 to {most})").format(
                most=f"{MAX_TRIALS:,}"
            ),
        )
        return cls(seed_box, new_button, players_box, seen_box, simulate_box, trials_box)


class _Outputs:
    """The hand explorer as HTML, text and rows (see :class:`HandWidget`)."""

    pictures: list[widgets.HTML]
    status: widgets.HTML
    voids_row: VoidsRow
    error: ErrorLine
    chances: widgets.HTML
    seen_box: widgets.Text
    seen_error: XactikaError | None
    seen: Hand
    hand: Hand
    played: frozenset[Card]
    table: pd.DataFrame | None
    players_box: NumberBox
    seed_box: NumberBox

    def static_html(self) -> str:
        """The widget as it looks now, as plain HTML (no controls)."""
        pictures = "".join(p.value for p in self.pictures)
        return (
            f"<div class='xe-hand'>{self.status.value}<div>{pictures}</div>"
            f"{self.voids_row.words.value}{self.error.value}{self.chances.value}</div>"
        )

    def __str__(self) -> str:
        others = (
            f"needs a fix ({self.seen_box.value!r})"
            if self.seen_error
            else str(self.seen or "none")
        )
        players, seed = int(self.players_box.value), int(self.seed_box.value)
        return hand_text(players, seed, self.hand, self.played, others)

    @property
    def readout(self) -> list[tuple[str, str, str]]:
        """The chances shown now, as ``(combination, fraction, percent)`` rows."""
        return readout(self.table)


class HandWidget(_Outputs, Fallback, widgets.VBox):
    """A dealt hand as card pictures; select a card to see the chance that each of
    its four leads is unbeatable now, as cards are played.

    >>> from xactika_edu.core.probability import chance_unbeatable
    >>> w = HandWidget(players=4, seed=1)
    >>> w.select(1)   # card #1, as its button shows
    >>> w.table["chance"].tolist() == [
    ...     chance_unbeatable(w.hand[0], c, w.hand, 4) for c in w.hand[0].combinations]
    True

    Controls: *Seed* (type a number a class shares to get the same deal), *New deal*
    (a fresh seed), *Players* (2-10: the same hand at a bigger or smaller table, as in
    Lesson 4; a new seed deals for the table's size), one *select* button and one *played* checkbox
    per card, *Others' played cards* (notation such as ``3213 1111``), the voids
    (*Player* ... *could not follow* ..., *Add void*, *Remove last void*, *Clear
    voids*; Player 1 plays right after you, as in the lessons: the chances then
    count only the deals that fit them, and say how the voids change them), and
    *Compare with simulation* with the number of *Deals*. A number out of range in a
    box is refused in words, and the box goes back to the last good number.

    Args:
        players: 2 to 10, you included.
        seed: the deal's seed, 0 to :data:`~xactika_edu.core.cards.LARGEST_SEED` as for
            :func:`~xactika_edu.core.cards.deal`; ``None`` picks one and shows it.
        trials: deals simulated when the comparison is on (100 to
            :data:`~xactika_edu.teaching.views.leadtable.MAX_TRIALS`).

    Raises:
        XactikaError: if a number is out of range.

    Attributes:
        hand: the 8 cards dealt to you (player 0 of :func:`~xactika_edu.core.cards.deal` with
            the seed and the number of players when it was dealt).
        notice: what the last deal or change of *Players* did, in words (or ``""``).
        played: your cards marked played; seen: others' cards typed as played
            (empty while the box holds a problem); seen_error: that problem, or ``None``.
        selected: the selected card, or ``None``.
        voids_row: the voids' controls (:class:`~xactika_edu.ui.widgets.voidsrow.VoidsRow`);
            voids_error: what is wrong with the voids, in words, or ``None``.
        table: the :func:`~xactika_edu.teaching.views.leadtable.lead_table` shown, or ``None``.
        error: the error line; last_error: the last error shown (or ``None``).
    """

    def __init__(self, players: int = 4, seed: int | None = None, *, trials: int = 2000) -> None:
        super().__init__()
        self.add_class("xe-hand")
        players = check_whole(players, _("players"), MIN_PLAYERS, MAX_PLAYERS)
        seed = fresh_seed() if seed is None else _seed_number(seed)
        trials = check_whole(trials, _("trials"), 100, MAX_TRIALS)
        self.last_error: BaseException | None = None
        self.hand: Hand = Hand()
        self.played: frozenset[Card] = frozenset()
        self.seen: Hand = Hand()
        self.seen_error: XactikaError | None = None
        self.voids_error: str | None = None
        self._effect = ""
        self.selected: Card | None = None
        self.table: pd.DataFrame | None = None
        self.notice = ""
        self._dealt_players = players
        self._quiet = False

        self.error = ErrorLine()
        inputs = _Inputs.make(seed, players, trials)
        self.seed_box, self.new_button, self.players_box = inputs[:3]
        self.seen_box, self.simulate_box, self.trials_box = inputs[3:]
        self.cards_box = CardRow(CARDS_PER_HAND, self._on_select, self._set_played)
        self.voids_row = VoidsRow(players, self._on_voids)
        self.status = widgets.HTML()
        self.status.add_class("xe-status")
        self.chances = widgets.HTML()
        self.chances.add_class("xe-chances-panel")
        self.card_buttons = self.cards_box.buttons
        self.played_boxes = self.cards_box.boxes
        self.pictures = self.cards_box.pictures

        self.new_button.on_click(self._on_new)
        self.seed_box.observe(self._on_seed, names="value")
        self.players_box.observe(self._on_players, names="value")
        self.seen_box.observe(self._on_seen, names="value")
        self.simulate_box.observe(self._on_simulate, names="value")
        self.trials_box.observe(self._on_simulate, names="value")

        controls = widgets.HBox([self.seed_box, self.new_button, self.players_box])
        controls.add_class("xe-controls")
        simulation = widgets.HBox([self.simulate_box, self.trials_box])
        self.children = [
            controls,
            self.cards_box,
            self.seen_box,
            self.voids_row,
            simulation,
            self.error,
            self.status,
            self.chances,
        ]
        self._deal()

    # state changes -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players (the *Players* box)."""
        return int(self.players_box.value)

    @property
    def seed(self) -> int:
        """The deal's seed (the *Seed* box)."""
        return int(self.seed_box.value)

    @property
    def current_hand(self) -> Hand:
        """The cards you still hold: the hand without the cards marked played."""
        return Hand(card for card in self.hand if card not in self.played)

    @property
    def all_seen(self) -> Hand:
        """Every card played so far: yours marked played, then others' typed."""
        return Hand([*(c for c in self.hand if c in self.played), *self.seen])

    def _deal(self) -> None:
        cleared = bool(self.played or self.seen_box.value.strip() or self.voids_row.voids)
        self.voids_row.forget()
        self.voids_row.set_players(self.players)
        self.hand = deal(self.players, seed=self.seed)[0]
        self._dealt_players = self.players
        self.notice = deal_notice(self.seed, cleared)
        self.played = frozenset()
        self.seen = Hand()
        self.selected = None
        self._quiet = True
        try:
            self.seen_box.value = ""
        finally:
            self._quiet = False
        self._refresh()

    def select(self, card: int | Card | str) -> None:
        """Select a card and show its four leads, as its button does.

        ``card`` is the card's number as its button shows it (``#1`` to ``#8``, so
        ``select(8)`` is the last card), or the card itself (``"2131"``).

        >>> w = HandWidget(players=4, seed=11)
        >>> w.select(8); w.selected == w.hand[-1]
        True
        >>> w.select(0)
        Traceback (most recent call last):
        ...
        xactika_edu.XactikaError: card number must be from 1 to 8 (as on the buttons), got 0

        Raises:
            XactikaError: if there is no such card in the hand, or it is marked played
                (also shown on the widget's error line).
        """
        try:
            self.error.clear()
            self._select(card_index(self.hand, card))
        except XactikaError as error:
            self.last_error = error
            self.error.show(error)
            raise

    def mark_played(self, card: int | Card | str, played: bool = True) -> None:
        """Tick (or, with ``played=False``, untick) a card's *played* box, as a click
        does; ``card`` as in :meth:`select`.

        >>> w = HandWidget(players=4, seed=11)
        >>> w.mark_played(1); w.played == {w.hand[0]}
        True

        Raises:
            XactikaError: if there is no such card in the hand.
        """
        self.played_boxes[card_index(self.hand, card)].value = bool(played)

    @guard
    def _on_select(self, index: int) -> None:
        self._select(index)

    def _select(self, index: int) -> None:
        card = self.hand[index]
        if card in self.played:
            raise XactikaError(
                _("{card} is marked played; select a card you still hold").format(card=card)
            )
        self.selected = card
        self._refresh()

    @guard
    def _on_new(self, _button: object = None) -> None:
        self.seed_box.value = fresh_seed(avoid=self.seed)  # deals through _on_seed

    @guard
    def _on_seed(self, _change: object = None) -> None:
        if not self.seed_box.putting_back:
            self.seed_box.accept()
            self._deal()

    @guard
    def _on_players(self, _change: object = None) -> None:
        # the same hand at a bigger or smaller table (Lesson 4); deal(players, seed)
        # deals other cards for another number of players, so this hand is kept instead
        if not self.players_box.putting_back:
            self.players_box.accept()
            self.notice = players_notice(self.seed, self.players, self._dealt_players)
            self.voids_row.set_players(self.players)
            self._refresh()

    @guard
    def _set_played(self, index: int, played: bool) -> None:
        card = self.hand[index]
        before = self.played
        fine_before = self.seen_error is None
        self.notice = ""
        self.played = before | {card} if played else before - {card}
        self._refresh()
        problem = self.seen_error
        if fine_before and problem is not None:
            # this box made the situation impossible (the others' cards did not): undo it
            self.played = before
            self.cards_box.tick(index, card in before)
            self._refresh()
            raise problem

    def _on_seen(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._set_seen(change["new"])

    @guard
    def _set_seen(self, _text: str) -> None:
        self.notice = ""
        self._refresh()  # reads the box
        if self.seen_error is not None:
            raise self.seen_error  # also kept as last_error

    @guard
    def _on_voids(self) -> None:
        self.notice = ""
        self._refresh()

    @guard
    def _on_simulate(self, change: Any = None) -> None:
        if not self.trials_box.putting_back:
            self.trials_box.accept()
            self._refresh()

    # drawing --------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Read the others' box and the voids, recompute the table, then redraw. While
        either holds something wrong, no chance is shown (the chances wait for a fix)
        and the problem stays on the error line, whatever else is clicked."""
        held = self.current_hand
        self.seen, self.seen_error = read_seen(
            self.seen_box.value, self.hand, self.played, self.players
        )
        table = None
        voids = {k: tuple(v) for k, v in self.voids_row.voids.items()} or None
        self.voids_error = voids_problem(self.players, voids or {})
        self._effect = ""
        fine = self.seen_error is None and self.voids_error is None
        if fine and self.selected is not None and self.selected in held:
            trials = int(self.trials_box.value) if self.simulate_box.value else 0
            table, self._effect, self.voids_error = chances_with_voids(
                held, self.players, self.all_seen, self.selected, voids, trials, self.seed
            )
        problem = self.seen_error or self.voids_error
        if problem is not None:
            self.error.show(problem)
        if self.selected is not None and self.selected not in held:
            self.selected = None
        self.table = table
        self._draw(held)

    def _draw(self, held: Hand) -> None:
        best = None
        if self.table is not None:
            best = self.table.loc[self.table["best"], "combination"].iloc[0]
        self.cards_box.draw(self.hand, self.played, self.selected, best)
        self.status.value = status_html(
            self.seed,
            self.players,
            self._dealt_players,
            self.notice,
            held=len(held),
            mine=len(self.played),
            others=None if self.seen_error is not None else len(self.seen),
        )
        if self.seen_error is not None or self.voids_error is not None:
            self.chances.value = note_html(_(WAITING if self.seen_error else VOIDS_WAITING))
        else:
            self.chances.value = chances_html(
                self.table, self.selected, self.players, holding=bool(held), effect=self._effect
            )
