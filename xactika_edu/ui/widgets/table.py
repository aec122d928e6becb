"""The play table: play a game of Xactika against computer players.

UI layer: the controls only; the words, tables and pictures come from
:mod:`xactika_edu.teaching.views.tableview`, the computer players' turns from
:func:`xactika_edu.teaching.views.playlog.play_bots`.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
import pandas as pd

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import pgettext
from ...core.game import BID, HANDS_PER_GAME, Game, Play, Round
from ...engines.bots import HeuristicBot, SupportsBot
from ...teaching.views.htmlparts import note_html
from ...teaching.views.playlog import play_bots
from ...teaching.views.scoreboard import log_html
from ...teaching.views.tableview import (
    HUMAN,
    bid_advice,
    coach_html,
    hand_html,
    named,
    named_log,
    scores_html,
    seat_names,
    status_text,
    tricks_html,
)
from .controls import ErrorLine, Fallback, PlayRow, fresh_seed, guard, html_pane, set_options

__all__ = ["PlayTable"]


class PlayTable(Fallback, widgets.VBox):
    """Play a game of Xactika against computer players: bid, lead (a card and a call)
    or follow, and watch the tricks, the scores and the score sheet.

    Only legal choices are offered: the bid list leaves out the dealer's forbidden
    bid, a follower's card list holds only the cards that may be played, and a
    leader's call list holds the four combinations on the chosen card.

    >>> table = PlayTable(players=3, seed=2)
    >>> table.round.current_player == 0 and table.round.phase
    'bid'

    Args:
        players: 2 to 10; you are player 0 ("You"), the others computer players.
        seed: the game's seed (``None``: a fresh one, shown); same seed, same deals.
        coach: show the coach panel: the exact chances of your leads, counting the
            voids the others have shown this hand, and bid advice that plays each bid.
        bots: one bot per other seat; default :class:`~xactika_edu.engines.bots.HeuristicBot`.
        hands: hands in the game (8 by the rules).
        coach_trials: random deals for the bid advice, played once per legal bid (the
            same deals for each bid; 500 take about 0.06 s on one core).

    Attributes:
        game: the :class:`~xactika_edu.core.game.Game`; round: its current round.
        names: the seats' names ("You", "Bot 1", ...).
        bid_box, bid_button: your bid; card_box, call_box, play_button: your play;
        next_button: the next hand; coach_box: the coach on/off.
    """

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        coach: bool = False,
        *,
        bots: Sequence[SupportsBot] | None = None,
        hands: int = HANDS_PER_GAME,
        coach_trials: int = 500,
    ) -> None:
        super().__init__()
        self.add_class("xe-table")
        self.last_error: BaseException | None = None
        seed = fresh_seed() if seed is None else seed
        self.game = Game.new(players, seed=seed, hands=hands)
        others = [HeuristicBot() for _ in range(players - 1)] if bots is None else list(bots)
        if len(others) != players - 1:
            raise XactikaError(
                _("give one bot per other player ({wanted}), got {given}").format(
                    wanted=players - 1, given=len(others)
                )
            )
        self.bots: list[SupportsBot | None] = [None, *others]
        self.names = seat_names(players)
        self.coach_trials = check_whole(coach_trials, "coach_trials", 1, 100_000)
        self._advice: dict[int, pd.DataFrame] = {}  # bid advice per hand number

        self.error = ErrorLine()
        self.info = html_pane("xe-info")
        self.hand_view = html_pane("xe-your-hand")
        self.trick_view = html_pane("xe-trick")
        self.log_view = html_pane("xe-log")
        self.scores_view = html_pane("xe-scores")
        self.coach_view = html_pane("xe-coach")

        self.bid_box = widgets.Dropdown(
            description=_("Your bid"), tooltip=_("How many tricks you expect to take")
        )
        self.bid_button = widgets.Button(
            description=pgettext("verb", "Bid"), tooltip=_("Make the bid chosen")
        )
        self.bid_button.add_class("xe-bid")
        self.play_row = PlayRow()
        self.card_box = self.play_row.card_box
        self.call_box = self.play_row.call_box
        self.play_button = self.play_row.play_button
        self.next_button = widgets.Button(
            description=_("Next hand"), tooltip=_("Deal the next hand of the game")
        )
        self.next_button.add_class("xe-next")
        self.coach_box = widgets.Checkbox(
            value=bool(coach),
            description=_("Coach"),
            indent=False,
            tooltip=_("Show the chances of your leads and advice for your bid"),
        )

        self.bid_button.on_click(self._on_bid)
        self.play_button.on_click(self._on_play)
        self.next_button.on_click(self._on_next)
        self.card_box.observe(self._on_card, names="value")
        self.coach_box.observe(self._on_coach, names="value")

        self.bid_row = widgets.HBox([self.bid_box, self.bid_button])
        self.children = [
            self.info,
            self.error,
            self.hand_view,
            self.bid_row,
            self.play_row,
            self.trick_view,
            widgets.HBox([self.next_button, self.coach_box]),
            self.coach_view,
            self.log_view,
            self.scores_view,
        ]
        self._advance()

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.game.current_round

    @property
    def hands_log(self) -> list[tuple[str, list[str]]]:
        """Every hand so far: its heading and its events, in words, with the seats' names
        (:func:`~xactika_edu.teaching.views.tableview.named_log`)."""
        return named_log(self.game, self.names)

    @property
    def history(self) -> list[str]:
        """Every line of the log, in order: each hand's heading, then its events."""
        return [line for heading, events in self.hands_log for line in (heading, *events)]

    def static_html(self) -> str:
        """The table as it looks now, as plain HTML (no controls), with the coach (if
        on) and the whole log."""
        return (
            f"<div class='xe-table'>{self.info.value}{self.hand_view.value}"
            f"{self.trick_view.value}{self.coach_view.value}{self.scores_view.value}"
            f"{self.log_view.value}</div>"
        )

    def __str__(self) -> str:
        transcript = named(self.round.transcript(), self.names)
        return f"PlayTable(players={self.game.players}, seed={self.game.seed})\n{transcript}"

    # actions --------------------------------------------------------------------------

    @guard
    def _advance(self) -> None:
        """Let the computer players move up to your turn, then redraw."""
        play_bots(self.round, self.bots, human=HUMAN)
        self._refresh()

    @guard
    def _on_bid(self, _button: object = None) -> None:
        bid = self.bid_box.value
        if bid is None:
            raise XactikaError(_("it is not your turn to bid"))
        self.round.bid(int(bid), player=HUMAN)
        self._advance()

    @guard
    def _on_play(self, _button: object = None) -> None:
        card = self.card_box.value
        if card is None:
            raise XactikaError(_("it is not your turn to play"))
        call = self.call_box.value if not self.round.current_trick else None
        self.round.play(Play(card, call), player=HUMAN)
        self._advance()

    @guard
    def _on_next(self, _button: object = None) -> None:
        self.game.next_round()
        self._advance()

    @guard
    def _on_card(self, _change: object = None) -> None:
        self._fill_calls()

    @guard
    def _on_coach(self, _change: object = None) -> None:
        self._draw_coach()

    # drawing --------------------------------------------------------------------------

    def _fill_calls(self) -> None:
        rnd = self.round
        leading = rnd.phase == "play" and rnd.current_player == HUMAN and not rnd.current_trick
        self.play_row.fill_calls(leading)

    def _refresh(self) -> None:
        rnd = self.round
        my_turn = rnd.current_player == HUMAN
        # bids
        legal_bids = rnd.legal_bids() if my_turn else []
        set_options(self.bid_box, [(str(b), b) for b in legal_bids])
        self.bid_box.disabled = self.bid_button.disabled = not legal_bids
        self.bid_row.layout.display = None if legal_bids else "none"
        # plays
        self.play_row.show_plays(rnd.legal_plays() if my_turn else [])
        self._fill_calls()
        # texts
        self.hand_view.value = hand_html(rnd.view(HUMAN).hand)
        self.info.value = note_html(status_text(self.game, self.names))
        self.trick_view.value = tricks_html(rnd, self.names)
        self.log_view.value = log_html(self.hands_log)
        self.next_button.disabled = not (rnd.is_over and not self.game.is_over)
        self.scores_view.value = scores_html(self.game, self.names)
        self._draw_coach()

    def _draw_coach(self) -> None:
        if not self.coach_box.value:
            self.coach_view.value = ""
            return
        rnd = self.round
        advice = None
        if rnd.phase == BID and rnd.current_player == HUMAN:
            number = len(self.game.rounds)
            if number not in self._advice:
                self._advice[number] = bid_advice(self.game, self.coach_trials)
            advice = self._advice[number]
        self.coach_view.value = coach_html(rnd, advice, game_over=self.game.is_over)
