"""The class score sheet: read and checked (:func:`load_scores`), written out safely for
spreadsheets (:func:`export_scores`), and its blank template (:func:`template_csv`).

The score sheet is a CSV file with one row per player per hand and the columns
``game, hand, player, bid, tricks`` (and, if you like, ``dealer``); the format is
described in ``docs/class-data.md``. :func:`load_scores` checks a filled-in sheet
against the rules (:mod:`xactika_edu.teaching.classdata.scorechecks`) and lists *every* problem
with its
line number; nothing is dropped or changed quietly. It reads what spreadsheets
write: "CSV UTF-8" (with a byte-order mark), plain "CSV" from Excel on Windows,
"Unicode text" (UTF-16, tab-separated), commas, semicolons or tabs, a ``sep=;``
first line, any line ends.

**Who dealt.** The rows of a hand are written in bidding order, starting with the
player to the dealer's left, so the *last row of each hand is the dealer* (the dealer
bids last). A sheet may instead have a ``dealer`` column, marked ``yes`` (or ``x``)
for the dealer and left empty or ``no`` for everyone else; then the rows may be in
any order.

>>> import io
>>> sheet = io.StringIO(
...     "game,hand,player,bid,tricks\\n"
...     "1,1,Ben,3,2\\n"
...     "1,1,Cat,2,2\\n"
...     "1,1,Ana,2,4\\n"
... )
>>> scores = load_scores(sheet)
>>> scores[["player", "dealer", "bid", "tricks", "score", "made", "difference"]]
  player  dealer  bid  tricks  score   made  difference
0    Ben   False    3       2     -1  False          -1
1    Cat   False    2       2      2   True           0
2    Ana    True    2       4     -2  False           2
>>> load_scores(io.StringIO("game,hand,player,bid,tricks\\n1,1,Ben,9,8\\n1,1,Ana,2,\\n"))
Traceback (most recent call last):
...
xactika_edu.ScoreSheetError: the score sheet has 2 problems:
- line 2, column 'bid': 9 is not a bid (bids are 0 to 8)
- line 3, column 'tricks': missing value (every row needs the tricks taken)

Exported sheets are safe to open in a spreadsheet whatever separator it splits the
lines on (:mod:`xactika_edu.base.csvtext`), and :func:`load_scores` reads them back to the
same table.

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks, the score).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import BinaryIO, TextIO

import pandas as pd

from ...base.checks import check_whole, shown
from ...base.csvtext import FORMULA_STARTS, csv_text, write_text_file
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import ngettext
from ...core.cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS
from ...core.game import HANDS_PER_GAME, score
from .scorechecks import (
    DEALER_COLUMN,
    SHEET_COLUMNS,
    Problems,
    ScoreSheetError,
    SheetRow,
    check_cells,
    check_hands,
    header_problems,
)
from .scorefile import MAX_SHEET_BYTES, normal_text, read_records

__all__ = [
    "ADDED_COLUMNS",
    "DANGEROUS_STARTS",
    "DEALER_COLUMN",
    "EXPORT_COLUMNS",
    "MAX_SHEET_BYTES",
    "SHEET_COLUMNS",
    "ScoreSheetError",
    "export_scores",
    "load_scores",
    "template_csv",
    "with_scores",
    "write_template",
]

#: The columns :func:`export_scores` writes by default: the sheet, with the dealer marked.
EXPORT_COLUMNS: tuple[str, ...] = ("game", "hand", "player", "dealer", "bid", "tricks")
#: The columns :func:`load_scores` adds.
ADDED_COLUMNS: tuple[str, ...] = ("score", "made", "difference", "total")
#: A text cell starting with one of these could run as a formula in a spreadsheet
#: (OWASP, "CSV Injection"): :func:`~xactika_edu.base.csvtext.safe_cell` escapes them.
DANGEROUS_STARTS: tuple[str, ...] = tuple(sorted(FORMULA_STARTS - {"'"}))
_TEMPLATE = "score-sheet-template.csv"


# --- the template --------------------------------------------------------------------


def _bidding_order(names: Sequence[str], dealer: int) -> list[str]:
    return [names[(dealer + 1 + k) % len(names)] for k in range(len(names))]


def template_csv(players: int = 4, games: int = 1, names: Sequence[str] | None = None) -> str:
    """A blank score sheet as CSV text: the rows filled in, bids and tricks empty.

    Player 1 deals hand 1 and the deal passes to the left, so each hand's rows are
    in bidding order and the dealer is last. Replace ``Player 1`` ... by the
    players' names (or pass ``names``) and fill in the bids and the tricks.

    >>> print("\\n".join(template_csv(players=2, games=1).splitlines()[:5]))
    game,hand,player,bid,tricks
    1,1,Player 2,,
    1,1,Player 1,,
    1,2,Player 1,,
    1,2,Player 2,,

    Args:
        players: 2 to 10 players per game.
        games: 1 to 100 games.
        names: the players' names, in seat order (default ``Player 1``, ...);
            the same players in every game.

    Returns:
        CSV text with a header and ``games x 8 x players`` rows; the package's
        ``data/score-sheet-template.csv`` is ``template_csv()``.

    Raises:
        XactikaError: if a number is out of range or the names are not ``players``
            different names.
    """
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    games = check_whole(games, "games", 1, 100)
    if names is None:
        names = [f"Player {seat}" for seat in range(1, players + 1)]
    elif isinstance(names, str) or not isinstance(names, Sequence) or len(names) != players:
        raise XactikaError(
            _("give {count} names, one per player, got {names}").format(
                count=players, names=shown(names)
            )
        )
    elif not all(isinstance(name, str) for name in names):
        raise XactikaError(
            _("each player's name must be text, got {names}").format(names=shown(names))
        )
    names = [normal_text(name) for name in names]
    if len(set(names)) != len(names) or not all(names):
        raise XactikaError(
            _("the players' names must be different and not empty, got {names}").format(
                names=shown(names)
            )
        )
    rows = [
        [game, hand, name, "", ""]
        for game in range(1, games + 1)
        for hand in range(1, HANDS_PER_GAME + 1)
        for name in _bidding_order(names, (hand - 1) % players)
    ]
    return csv_text(SHEET_COLUMNS, rows)


def write_template(
    path: str | os.PathLike[str],
    players: int = 4,
    games: int = 1,
    names: Sequence[str] | None = None,
    *,
    overwrite: bool = False,
) -> Path:
    """Write :func:`template_csv` to ``path`` (safely, as :func:`export_scores` does).

    Returns:
        the path written.

    Raises:
        XactikaError: as :func:`template_csv`; or if ``path`` exists and not
            ``overwrite``, or its folder does not exist.
    """
    text = template_csv(players, games, names)
    return write_text_file(path, text, overwrite=overwrite, encoding="utf-8")


def _template_file() -> str:
    """The packaged template's text (``xactika_edu/data/score-sheet-template.csv``)."""
    return (
        resources.files("xactika_edu")
        .joinpath("data")
        .joinpath(_TEMPLATE)
        .read_bytes()
        .decode("utf-8")
    )


def load_scores(
    path: str | os.PathLike[str] | TextIO | BinaryIO, *, cards_per_hand: int = CARDS_PER_HAND
) -> pd.DataFrame:
    """Read a class's score sheet (CSV), check it, and add the scores.

    Every problem in the file is found and reported together, each with its line
    number (the header is line 1) and column: missing values, numbers that are not
    whole (or not written with the digits 0-9), bids and tricks outside 0 to 8,
    hand numbers outside 1 to 8, a player twice in a hand, a hand with fewer than 2
    or more than 10 players, tricks that do not add up to the number of cards, a
    dealer's bid that makes the bids total the number of cards, players who change
    within a game, unknown or missing columns, damaged cells (NUL or other control
    characters) and a stray ``"``. Nothing is dropped quietly; only rows with every
    cell empty (as spreadsheets leave at the end) are skipped. Names are read in
    Unicode NFC form, so the same name typed two ways is one player.

    >>> import io
    >>> sheet = "game,hand,player,bid,tricks\\n1,1,Ben,3,3\\n1,1,Ana,4,4\\n1,1,Cy,1,1\\n"
    >>> load_scores(io.StringIO(sheet))
    Traceback (most recent call last):
    ...
    xactika_edu.ScoreSheetError: the score sheet has 1 problem:
    - line 4, column 'bid': the dealer (Cy) may not bid 1: the bids would total 8, ...

    Args:
        path: the CSV file's name (``str`` or :class:`~pathlib.Path`) or an open
            file (text or binary). UTF-8 (with or without a byte-order mark),
            UTF-16 with a byte-order mark, or Windows-1252 with western European
            letters (:func:`~xactika_edu.base.csvtext.decode_sheet`); commas, or
            semicolons or tabs (whichever makes the header), or the separator a
            first line ``sep=;`` names. Headers are read ignoring letter case and
            spaces around them. At most :data:`MAX_SHEET_BYTES` (5 MB).
        cards_per_hand: cards dealt to each player (8 by the rules; fewer for short
            hands): the most a player may bid or take, and the tricks in a hand.

    Returns:
        a DataFrame with one row per player per hand, in file order, and columns
        ``game``, ``hand``, ``player`` (str), ``dealer`` (bool), ``bid``,
        ``tricks``, ``score`` (points, RULES.md step 4), ``made`` (bool: tricks
        == bid), ``difference`` (tricks - bid) and ``total`` (running total of the
        player's score in that game). ``attrs`` holds ``cards_per_hand``,
        ``source`` and ``simulated`` (False).

    Raises:
        ScoreSheetError: listing the problems (:attr:`~ScoreSheetError.problems`);
            also for a file that cannot be read, is a spreadsheet's own file, is
            over 5 MB, or whose first line is not the header.
        XactikaError: if ``path`` is neither a file name nor an open file, or
            ``cards_per_hand`` is not 1 to 8.
    """
    cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    problems = Problems()
    source, records = read_records(path, problems)
    header: list[str] = []
    header_line = 0
    rows: list[SheetRow] = []
    for start, cells in records:
        if not header:
            header, header_line = [cell.lower() for cell in cells], start
            problems += header_problems(header, start)
            continue
        row_cells: dict[str, str] = {}
        for index, cell in enumerate(cells):
            if index >= len(header) or not header[index]:
                if cell:
                    problems.append(
                        _(
                            "line {line}: {text} is in column {column}, which has no name in "
                            "the header"
                        ).format(line=start, text=shown(cell), column=index + 1)
                    )
                continue
            row_cells.setdefault(header[index], cell)
        for column in header:
            row_cells.setdefault(column, "")
        rows.append(SheetRow(start, row_cells))
    if not rows:
        problems.append(
            _(
                "the file has a header (line {line}) but no rows: add one row per player per hand"
            ).format(line=header_line)
        )
    has_dealer = DEALER_COLUMN in header
    for row in rows:
        check_cells(row, cards_per_hand, has_dealer, problems)
    if all(column in header for column in SHEET_COLUMNS):
        check_hands(rows, cards_per_hand, has_dealer, problems)
    if problems:
        raise ScoreSheetError(problems.kept, source, count=problems.count)
    table = pd.DataFrame(
        {
            "game": [row.game for row in rows],
            "hand": [row.hand for row in rows],
            "player": [row.player for row in rows],
            "dealer": [bool(row.dealer) for row in rows],
            "bid": [row.bid for row in rows],
            "tricks": [row.tricks for row in rows],
        }
    )
    return with_scores(table, cards_per_hand, source=source, simulated=False)


def with_scores(
    table: pd.DataFrame, cards_per_hand: int, *, source: str | None, simulated: bool
) -> pd.DataFrame:
    """The sheet's table with ``score``, ``made``, ``difference`` and the running
    ``total`` added (:data:`ADDED_COLUMNS`), dtypes set and ``attrs`` filled in.

    Args:
        table: columns ``game, hand, player, dealer, bid, tricks``, rows in play order.
        cards_per_hand: recorded in ``attrs``.
        source: the file's name for ``attrs`` (or a description).
        simulated: whether computer players made the table.

    Returns:
        a new DataFrame, as :func:`load_scores` returns.
    """
    table = table.astype(
        {
            "game": "int64",
            "hand": "int64",
            "player": "object",
            "dealer": "bool",
            "bid": "int64",
            "tricks": "int64",
        }
    )
    table["score"] = [score(b, t) for b, t in zip(table["bid"], table["tricks"], strict=True)]
    table["score"] = table["score"].astype("int64")
    table["made"] = table["bid"] == table["tricks"]
    table["difference"] = table["tricks"] - table["bid"]
    order = table.sort_values(["game", "hand"], kind="stable")
    table["total"] = order.groupby(["game", "player"])["score"].cumsum().reindex(table.index)
    table["total"] = table["total"].astype("int64")
    table.attrs = {"cards_per_hand": cards_per_hand, "source": source, "simulated": simulated}
    return table


# --- export ----------------------------------------------------------------------------------

# A spreadsheet program's own file types: CSV text under these names will not open.
_SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")


def export_scores(
    scores: pd.DataFrame,
    path: str | os.PathLike[str],
    *,
    columns: Sequence[str] | None = None,
    overwrite: bool = False,
) -> Path:
    """Write the scores as a CSV file that is safe to open in a spreadsheet.

    By default only the score sheet's columns are written (:data:`EXPORT_COLUMNS`:
    ``game, hand, player, dealer, bid, tricks``), so :func:`load_scores` reads the
    file back to the same table, names exactly as they were. Numbers are written
    as numbers (negative scores and totals too, so a spreadsheet sums them); the
    dealer as ``yes``/``no``; text through :func:`~xactika_edu.base.csvtext.safe_cell`,
    so no spreadsheet runs any part of it as a formula, whether it splits the lines
    on commas, semicolons or tabs. The file is UTF-8 with a byte-order mark (so
    spreadsheets read accented names right), written to a temporary file in the
    same folder and then moved into place: it is never half-written. It gets the
    user's usual permissions (the umask), or those of the file it replaces.

    >>> import tempfile, pathlib
    >>> from xactika_edu.teaching.classdata.classroom import example_scores
    >>> scores = example_scores(players=2, games=1, seed=3)
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = export_scores(scores, folder / "class.csv")
    >>> load_scores(path).equals(scores)
    True
    >>> export_scores(scores, folder / "class.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: '.../class.csv' already exists; pass overwrite=True ...

    Args:
        scores: a table from :func:`load_scores` or
            :func:`~xactika_edu.teaching.classdata.classroom.example_scores` (or any DataFrame with
            the columns asked for).
        path: the file to write.
        columns: the columns to write, in order; ``None`` for :data:`EXPORT_COLUMNS`.
        overwrite: replace the file if it exists (otherwise refuse).

    Returns:
        the path written.

    Raises:
        XactikaError: naming the path if it exists and ``overwrite`` is not given,
            its folder does not exist, it cannot be written or its name is a
            spreadsheet's own type (``.xlsx`` ...); naming a column the table does
            not have.
    """
    if not isinstance(scores, pd.DataFrame):
        raise XactikaError(
            _("export_scores needs a DataFrame of scores, got {value}").format(
                value=shown(repr(scores))
            )
        )
    chosen = list(EXPORT_COLUMNS if columns is None else columns)
    if isinstance(columns, str) or not chosen:
        raise XactikaError(
            _("columns must be a list of column names, got {value}").format(value=shown(columns))
        )
    missing = [column for column in chosen if column not in scores.columns]
    if missing:
        raise XactikaError(
            ngettext(
                "the scores have no column {columns}",
                "the scores have no column {columns}",
                len(missing[:5]),
            ).format(columns=", ".join(map(shown, missing[:5])))
        )
    if not isinstance(path, (str, os.PathLike)):
        raise XactikaError(
            _("export_scores needs a file name, got {value}").format(value=shown(repr(path)))
        )
    target = Path(path)
    if target.suffix.lower() in _SPREADSHEET_SUFFIXES:
        raise XactikaError(
            _(
                "{name}: export_scores writes CSV, which a spreadsheet program will not open "
                "under a {suffix} name; name the file with .csv, like 'class.csv'"
            ).format(name=shown(str(target), 80), suffix=target.suffix)
        )
    text = csv_text(chosen, scores[chosen].itertuples(index=False, name=None))
    return write_text_file(target, text, overwrite=overwrite, encoding="utf-8-sig")
