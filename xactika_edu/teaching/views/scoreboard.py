"""The play table's scores and pictures, as data and as HTML: one hand's scores, the
game's score sheet, a trick, and the log of everything that happened (its lines come
from :mod:`xactika_edu.teaching.views.playlog`, whose names are also importable from here).

The data functions (:func:`hand_scores`, :func:`score_table`) return DataFrames a
student can read in a notebook (a :class:`ScoreTable` shows itself as the score sheet,
as the play table does); the ``*_html`` functions lay them out as real HTML
tables (header cells with ``scope``, numbers right-aligned in their own columns) for
the play table in :mod:`xactika_edu.ui.widgets`. Everything here is a pure function of a
:class:`~xactika_edu.core.game.Round` or :class:`~xactika_edu.core.game.Game`: no widgets.

>>> from xactika_edu.core.game import Round
>>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
>>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
>>> hand_scores(rnd, ["You", "Bot 1"])[["player", "bid", "took", "points"]].values.tolist()
[['You', 1, 0, -1], ['Bot 1', 1, 1, 1]]
>>> format_points(-1), format_points(0), format_points(3)   # formatting.signed
('-1', '0', '+3')

Sources: RULES.md ("Scoring"); the points are :meth:`~xactika_edu.core.game.Round.scores`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import pandas as pd

from ...base.checks import shown as shown_value
from ...base.errors import XactikaError
from ...base.formatting import signed
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core import svg
from ...core.game import Game, Play, Round
from .playlog import check_kind, play_bots, play_line, seat_word, trick_lines, trick_result

__all__ = [
    "CELL_STYLE",
    "HAND_SCORES",
    "LOG_HEIGHT",
    "LOG_TITLE",
    "SCORE_SHEET",
    "TRICK_COLUMN_PX",
    "ScoreTable",
    "format_points",
    "hand_scores",
    "hand_scores_html",
    "log_html",
    "play_bots",
    "play_line",
    "score_sheet_html",
    "score_sheet_text",
    "score_table",
    "trick_html",
    "trick_lines",
    "trick_result",
]

#: Room around every table cell the widgets draw (inline: a page may have no style sheet).
CELL_STYLE = "padding:2px 8px"
_LEFT = f"{CELL_STYLE};text-align:left"
_NUMBER = f"{CELL_STYLE};text-align:right;font-variant-numeric:tabular-nums"
_TABLE = "border-collapse:collapse;margin:4px 0 8px 0"
_CAPTION = "text-align:left;font-weight:bold;padding:2px 0"
_RULE = "border-bottom:1px solid #999"  # under a header row / above the totals
_GROUP = "border-left:1px solid #999"  # between players on the score sheet
#: Width of one seat's column in a trick: a card picture (80 px) and room for its caption.
TRICK_COLUMN_PX = 120
#: The log box scrolls beyond this height (it always opens at the latest event).
LOG_HEIGHT = "22em"


#: Points with their sign, as on a score sheet (the name the play table used first).
format_points = signed

# The tables' default captions, in English (translated where shown: ``_(caption)``).
#: One hand's scores (:func:`hand_scores_html`).
HAND_SCORES = N_("Scores this hand")
#: The game's score sheet (:func:`score_sheet_html`).
SCORE_SHEET = N_("Score sheet")
#: The log's summary line (:func:`log_html`).
LOG_TITLE = N_("What happened")


def _header(label: str) -> str:
    """A score table's column or row label (its English key in the DataFrame) as
    shown, in the current language; a player's name stays as it is."""
    words = {
        "player": _("player"),
        "bid": _("bid"),
        "took": _("took"),
        "points": _("points"),
        "result": _("result"),
        "hand": _("hand"),
        "dealer": _("dealer"),
        "total": _("total"),
    }
    return words.get(label, label)


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    if names is None:
        return [seat_word(seat) for seat in range(players)]
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise XactikaError(
            _("names must be a list of names, one per player, got {names}").format(
                names=repr(names)
            )
        )
    names = [str(name) for name in names]
    if len(names) != players:
        raise XactikaError(
            _("give one name per player ({players}), got {count}").format(
                players=players, count=len(names)
            )
        )
    return names


# --- one hand's scores ------------------------------------------------------------------


def _result(bid: int, took: int) -> str:
    """Why a player scored what they did, in words (the rule: game.score)."""
    if bid == took:
        return _("exact bid: 1 point a trick")
    off = abs(took - bid)
    return ngettext(
        "missed by {count} trick: -1 point for each trick missed",
        "missed by {count} tricks: -1 point for each trick missed",
        off,
    ).format(count=off)


def hand_scores(rnd: Round, names: Sequence[str] | None = None) -> pd.DataFrame:
    """The points of a finished hand: one row per player, in seat order.

    Args:
        rnd: a finished round.
        names: one name per seat (default ``"player 0"``, ``"player 1"``, ...).

    Returns:
        a DataFrame with ``players`` rows and columns ``player`` (str), ``dealer``
        (bool), ``bid``, ``took`` (tricks taken), ``points`` (ints) and ``result``
        (``"exact bid: 1 point a trick"`` or
        ``"missed by 2 tricks: -1 point for each trick missed"``).

    Raises:
        XactikaError: if the hand is not over, or ``names`` has the wrong length.
    """
    check_kind(rnd, Round, N_("the hand"))
    if not rnd.is_over:
        raise XactikaError(_("the hand is not over yet: its scores come after the last trick"))
    names = _names(rnd.players, names)
    scores = rnd.scores()
    rows = []
    for seat in range(rnd.players):
        bid = rnd.bids[seat]
        assert bid is not None  # every seat has bid once the hand is over
        rows.append(
            {
                "player": names[seat],
                "dealer": seat == rnd.dealer,
                "bid": bid,
                "took": rnd.tricks_won[seat],
                "points": scores[seat],
                "result": _result(bid, rnd.tricks_won[seat]),
            }
        )
    return pd.DataFrame(rows, columns=["player", "dealer", "bid", "took", "points", "result"])


def hand_scores_html(table: pd.DataFrame, *, caption: str = HAND_SCORES) -> str:
    """A :func:`hand_scores` table as HTML: a row per player, a column each for the
    bid, the tricks taken, the points and the result (why, in words, from the bid and
    the tricks taken, in the current language); ``caption`` is translated if it is a
    message (:data:`HAND_SCORES`).

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
    >>> html = hand_scores_html(hand_scores(rnd, ["You", "Bot 1"]))
    >>> "<th scope='row' style='padding:2px 8px;text-align:left'>Bot 1 (dealer)</th>" in html
    True
    """
    head = "".join(
        f"<th scope='col' style='{_LEFT if i == 0 else _NUMBER};{_RULE}'>{_header(label)}</th>"
        for i, label in enumerate(["player", "bid", "took", "points"])
    )
    head += f"<th scope='col' style='{_LEFT};{_RULE}'>{_header('result')}</th>"
    rows = []
    for row in table.to_dict("records"):
        name = row["player"]
        if row["dealer"]:
            name = _("{player} (dealer)").format(player=name)
        rows.append(
            f"<tr><th scope='row' style='{_LEFT}'>{escape(name)}</th>"
            f"<td style='{_NUMBER}'>{row['bid']}</td><td style='{_NUMBER}'>{row['took']}</td>"
            f"<td style='{_NUMBER}'>{signed(row['points'])}</td>"
            f"<td style='{_LEFT}'>{_result(int(row['bid']), int(row['took']))}</td></tr>"
        )
    return (
        f"<table class='xe-hand-scores' style='{_TABLE}'>"
        f"<caption style='{_CAPTION}'>{escape(_(caption))}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


# --- the score sheet --------------------------------------------------------------------


class ScoreTable(pd.DataFrame):
    """A :func:`score_table`: a plain DataFrame for code, that shows itself as the score
    sheet (:func:`score_sheet_html` in a notebook, :func:`score_sheet_text` as text):
    blank cells where a number is missing, points with their sign (:func:`format_points`).

    Slicing or computing with it gives a plain :class:`pandas.DataFrame`.
    """

    @property
    def _constructor(self) -> type[pd.DataFrame]:
        return pd.DataFrame

    def _repr_html_(self) -> str:
        return score_sheet_html(self)

    def __repr__(self) -> str:
        return score_sheet_text(self)


def score_table(game: Game, names: Sequence[str] | None = None) -> ScoreTable:
    """The score sheet as a student reads it: a row per finished hand with its dealer,
    and for each player the bid, the tricks taken and the points; a last row with the
    total points.

    >>> from xactika_edu.engines.bots import HeuristicBot
    >>> from xactika_edu.engines.simulate import play_round
    >>> game = Game.new(players=2, seed=1, hands=2, cards_per_hand=1)
    >>> _ = play_round(game.current_round, [HeuristicBot()] * 2)
    >>> sheet = score_table(game, names=["You", "Bot 1"])
    >>> sheet.columns.tolist()[:4]
    [('dealer', ''), ('You', 'bid'), ('You', 'took'), ('You', 'points')]
    >>> sheet.index.tolist()
    ['1', 'total']
    >>> int(sheet.loc["total", ("You", "points")]) == game.totals()[0]
    True

    Args:
        game: the game; only finished hands are on the sheet.
        names: one name per seat (default ``"player 0"``, ...).

    Returns:
        a :class:`ScoreTable` (a DataFrame) with one row per finished hand and a last
        row, indexed by ``hand`` (``"1"``, ``"2"``, ... and ``"total"``), and
        ``1 + 3 x players`` two-level columns: ``("dealer", "")`` (the dealer's name;
        ``""`` on the total row), then ``(name, "bid")``, ``(name, "took")`` and
        ``(name, "points")`` for each player (nullable ``Int64``; bid and took are
        ``<NA>`` on the total row, shown blank). Built from
        :meth:`~xactika_edu.core.game.Game.score_sheet`.

    Raises:
        XactikaError: if ``names`` has the wrong length.
    """
    check_kind(game, Game, N_("the game"))
    names = _names(game.players, names)
    sheet = game.score_sheet()
    columns = pd.MultiIndex.from_tuples(
        [("dealer", ""), *((name, part) for name in names for part in ("bid", "took", "points"))]
    )
    rows: dict[str, list[Any]] = {}
    for hand_number, part in sheet.groupby("hand"):
        part = part.sort_values("player")
        dealer = names[int(part.loc[part["dealer"], "player"].iloc[0])]
        cells: list[Any] = [dealer]
        for r in part.itertuples():
            cells += [r.bid, r.tricks, r.score]
        rows[str(hand_number)] = cells
    totals: list[Any] = [""]
    for total in game.totals():
        totals += [pd.NA, pd.NA, total]
    rows["total"] = totals
    table = pd.DataFrame.from_dict(rows, orient="index", columns=columns)
    table = table.astype({c: "Int64" for c in columns if c[0] != "dealer"})
    table.index.name = "hand"
    return ScoreTable(table)


def _sheet_cell(value: Any, part: str) -> str:
    """One cell of a score sheet as shown: blank if missing, points signed."""
    if pd.isna(value):
        return ""
    return signed(int(value)) if part == "points" else str(value)


def score_sheet_text(table: pd.DataFrame) -> str:
    """A :func:`score_table` as plain text: the same cells as :func:`score_sheet_html`,
    its labels in the current language.

    >>> from xactika_edu.engines.bots import HeuristicBot
    >>> from xactika_edu.engines.simulate import play_round
    >>> game = Game.new(players=2, seed=1, hands=2, cards_per_hand=1)
    >>> _ = play_round(game.current_round, [HeuristicBot()] * 2)
    >>> "<NA>" in score_sheet_text(score_table(game, ["You", "Bot 1"]))
    False
    """
    shown = pd.DataFrame(
        {
            (_header("hand"), ""): [_header(str(label)) for label in table.index],
            **{
                (_header(name) if name == "dealer" else name, _header(part)): (
                    [_sheet_cell(v, part) for v in table[(name, part)]]
                    if name != "dealer"
                    else [str(v) for v in table[(name, part)]]
                )
                for name, part in table.columns
            },
        }
    )
    return shown.to_string(index=False)


def score_sheet_html(table: pd.DataFrame, *, caption: str = SCORE_SHEET) -> str:
    """A :func:`score_table` as HTML: a column group per player (bid, took, points),
    the totals in the points columns, under a rule; the labels in the current language
    (``caption`` too, if it is a message: :data:`SCORE_SHEET`).

    >>> from xactika_edu.engines.bots import HeuristicBot
    >>> from xactika_edu.engines.simulate import play_round
    >>> game = Game.new(players=2, seed=1, hands=2, cards_per_hand=1)
    >>> _ = play_round(game.current_round, [HeuristicBot()] * 2)
    >>> html = score_sheet_html(score_table(game, ["You", "Bot 1"]))
    >>> html.count("scope='colgroup'"), html.count("<tr")
    (2, 4)
    """
    players = list(dict.fromkeys(name for name, _part in table.columns[1:]))
    caption = _(caption)
    top = (
        f"<th scope='col' rowspan='2' style='{_LEFT};{_RULE}'>{_header('hand')}</th>"
        f"<th scope='col' rowspan='2' style='{_LEFT};{_RULE}'>{_header('dealer')}</th>"
    )
    top += "".join(
        f"<th scope='colgroup' colspan='3' style='{CELL_STYLE};text-align:center;{_GROUP}'>"
        f"{escape(name)}</th>"
        for name in players
    )
    sub = "".join(
        f"<th scope='col' style='{_NUMBER};{_RULE}{';' + _GROUP if part == 'bid' else ''}'>"
        f"{_header(part)}</th>"
        for _name in players
        for part in ("bid", "took", "points")
    )
    body = []
    for label, row in table.iterrows():
        total = label == "total"
        rule = ";border-top:1px solid #999;font-weight:bold" if total else ""
        cells = [
            f"<th scope='row' style='{_LEFT}{rule}'>{escape(_header(str(label)))}</th>",
            f"<td style='{_LEFT}{rule}'>{escape(str(row[('dealer', '')]))}</td>",
        ]
        for name in players:
            for part in ("bid", "took", "points"):
                text = _sheet_cell(row[(name, part)], part)
                group = f";{_GROUP}" if part == "bid" else ""
                cells.append(f"<td style='{_NUMBER}{group}{rule}'>{text}</td>")
        body.append(f"<tr class='xe-{'total' if total else 'hand'}-row'>{''.join(cells)}</tr>")
    # a box that scrolls sideways on a narrow screen: a keyboard reaches it (tabindex)
    # to scroll it, and a screen reader names it (WCAG 2.1.1; axe-core's
    # "scrollable-region-focusable")
    return (
        f"<div role='region' aria-label='{escape(caption)}' tabindex='0' "
        "style='overflow-x:auto'>"
        f"<table class='xe-score-sheet' style='{_TABLE}'>"
        f"<caption style='{_CAPTION}'>{escape(caption)}</caption>"
        f"<thead><tr>{top}</tr><tr>{sub}</tr></thead><tbody>{''.join(body)}</tbody>"
        "</table></div>"
    )


# --- a trick ------------------------------------------------------------------------------


def trick_html(
    plays: Sequence[tuple[int, Play]],
    names: Sequence[str],
    *,
    caption: str,
    winner: int | None = None,
) -> str:
    """A trick as a table: a column per card played, in order, with the player's name
    above the card's picture and what they did below (led and called, played, won).
    Every column has the same width, so the cards are evenly spaced.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
    >>> html = trick_html(rnd.tricks[0].plays, ["You", "Bot 1"], caption="Trick 1", winner=1)
    >>> "led, calling 2 balls" in html and "played (won)" in html
    True

    Args:
        plays: ``(seat, play)`` pairs in the order played; the first is the lead.
        names: one name per seat.
        caption: the line above the trick.
        winner: the seat that took the trick, if it is finished.

    Returns:
        an HTML ``<table class="xe-trick-table">``.
    """
    names = list(names)
    for item in plays:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Play)):
            raise XactikaError(
                _("each play must be a (seat, Play) pair, got {item}").format(item=repr(item))
            )
        if not (isinstance(item[0], int) and 0 <= item[0] < len(names)):
            raise XactikaError(
                _("seat {seat} has no name in {names}").format(
                    seat=repr(item[0]), names=repr(names)
                )
            )
    call = plays[0][1].call if plays else None
    width = f"width:{TRICK_COLUMN_PX}px;{CELL_STYLE};text-align:center;vertical-align:top"
    heads, pictures, notes = [], [], []
    for seat, play in plays:
        if play.is_lead:
            what = _("led, calling {call} (won)") if seat == winner else _("led, calling {call}")
            what = what.format(call=play.call)
        else:
            what = _("played (won)") if seat == winner else _("played")
        mark = call if call is not None and play.card.has(call) else None
        heads.append(f"<th scope='col' style='{width}'>{escape(names[seat])}</th>")
        pictures.append(f"<td style='{width}'>{svg.card(play.card, highlight=mark)}</td>")
        notes.append(f"<td style='{width}'>{escape(what)}</td>")
    return (
        f"<table class='xe-trick-table' style='{_TABLE};table-layout:fixed'>"
        f"<caption style='{_CAPTION}'>{escape(caption)}</caption>"
        f"<thead><tr>{''.join(heads)}</tr></thead>"
        f"<tbody><tr>{''.join(pictures)}</tr><tr>{''.join(notes)}</tr></tbody></table>"
    )


# --- the log ------------------------------------------------------------------------------


def log_html(hands: Sequence[tuple[str, Sequence[str]]], *, title: str = LOG_TITLE) -> str:
    """Every event of a game, a heading per hand, numbered from 1 through the whole
    game (hand 2's first event follows hand 1's last); the box scrolls when long and
    opens at the latest event. Each hand's heading is an ``<h3>`` (the log sits under
    a page's or a notebook's ``<h2>`` section); the box is a named region that a
    keyboard can reach and scroll (``tabindex``).

    >>> html = log_html([("Hand 1 of 8: You deal.", ["Bot 1 bids 2"]),
    ...                  ("Hand 2 of 8: Bot 1 deals.", ["Bot 2 bids 1", "You bid 0"])])
    >>> html.count("<h3"), html.count("<li>"), "<ol start='2'" in html
    (2, 3, True)

    Args:
        hands: ``(heading, events)`` per hand, in order; events are lines of text.
        title: the summary line of the box (translated if it is a message: :data:`LOG_TITLE`).

    Returns:
        an HTML ``<details>`` box (open).
    """
    parts = []
    number = 1
    for item in hands:
        if not (
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], Sequence)
            and all(isinstance(line, str) for line in item[1])
        ):
            raise XactikaError(
                _("each hand must be (heading, [events]) in text, got {item}").format(
                    item=shown_value(item)
                )
            )
        heading, events = item
        items = "".join(f"<li>{escape(line)}</li>" for line in events)
        parts.append(
            f"<h3 style='margin:6px 0 2px 0;font-size:1em'>{escape(heading)}</h3>"
            + (f"<ol start='{number}' style='margin:0'>{items}</ol>" if events else "")
        )
        number += len(events)
    count = number - 1
    title = _(title)
    summary = ngettext("{title} ({count} event)", "{title} ({count} events)", count).format(
        title=title, count=count
    )
    # column-reverse keeps the box scrolled to its end (the latest event) when redrawn
    return (
        f"<details open><summary>{escape(summary)}"
        f"</summary><div class='xe-log-box' role='region' aria-label='{escape(title)}' "
        f"tabindex='0' style='max-height:{LOG_HEIGHT};overflow-y:auto;"
        "display:flex;flex-direction:column-reverse;border:1px solid #ccc;padding:0 8px'>"
        f"<div>{''.join(parts)}</div></div></details>"
    )
