"""Class data: the score sheet a class fills in, checked, summed up, graphed and exported
safely for spreadsheets.

The score sheet is a CSV file with one row per player per hand and the columns
``game, hand, player, bid, tricks`` (and, if you like, ``dealer``); the format is
described in ``docs/class-data.md`` and :func:`template_csv` makes a blank sheet.
:func:`load_scores` checks a filled-in sheet against the rules and lists *every*
problem with its line number; nothing is dropped or changed quietly.

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
xactika_edu.classroom.ScoreSheetError: the score sheet has 2 problems:
- line 2, column 'bid': 9 is not a bid (bids are 0 to 8)
- line 3, column 'tricks': missing value (every row needs the tricks taken)

Exported sheets (:func:`export_scores`) are safe to open in a spreadsheet: no cell
starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (such a cell gets a
``'`` in front, the usual spreadsheet sign for "this is text"), and
:func:`load_scores` takes that ``'`` off again, so a sheet survives the round trip.

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks, the
score); the plots follow :mod:`xactika_edu.plots` (palette, labels, ``ax=None``).
The core of this module imports no plotting library; the plot functions import
matplotlib when called.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import numpy as np
import pandas as pd

from .cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS, Seed, _check_whole, make_rng
from .errors import XactikaError
from .game import HANDS_PER_GAME, score

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "DANGEROUS_STARTS",
    "EXPORT_COLUMNS",
    "SHEET_COLUMNS",
    "ScoreSheetError",
    "bid_trick_table",
    "bids_vs_tricks",
    "compare_with_simulation",
    "difference_distribution",
    "difference_histogram",
    "example_scores",
    "export_scores",
    "load_scores",
    "made_missed_counts",
    "made_missed_pie",
    "safe_cell",
    "scores_by_player",
    "simulated_comparison",
    "summary_by_player",
    "template_csv",
    "write_template",
]

#: The columns every score sheet has, in this order in the template.
SHEET_COLUMNS: tuple[str, ...] = ("game", "hand", "player", "bid", "tricks")
#: The optional column that marks the dealer (``yes``/``x``; empty or ``no`` otherwise).
DEALER_COLUMN = "dealer"
#: The columns :func:`export_scores` writes by default: the sheet, with the dealer marked.
EXPORT_COLUMNS: tuple[str, ...] = ("game", "hand", "player", "dealer", "bid", "tricks")
#: The columns :func:`load_scores` adds.
ADDED_COLUMNS: tuple[str, ...] = ("score", "made", "difference", "total")
#: A cell starting with one of these could run as a formula in a spreadsheet, so
#: :func:`safe_cell` puts a ``'`` in front of it (OWASP, "CSV Injection").
DANGEROUS_STARTS: tuple[str, ...] = ("=", "+", "-", "@", "\t", "\r")

_YES = frozenset({"yes", "y", "x", "true", "1", "dealer"})
_NO = frozenset({"", "no", "n", "false", "0"})
_WHAT = {
    "game": "the game number",
    "hand": "the hand number",
    "player": "the player's name",
    "bid": "a bid",
    "tricks": "the tricks taken",
}
_TEMPLATE = "score-sheet-template.csv"

_BAR_FIGSIZE = (7.0, 4.2)
_PIE_FIGSIZE = (7.5, 5.6)


class ScoreSheetError(XactikaError):
    """A score sheet that cannot be read or breaks the rules: every problem, listed.

    ``str(error)`` lists the problems one a line, like
    ``line 7, column 'bid': 9 is not a bid (bids are 0 to 8)``; :attr:`problems`
    holds the same lines as a list.

    >>> error = ScoreSheetError(["line 2, column 'bid': missing value"])
    >>> error.problems
    ["line 2, column 'bid': missing value"]
    >>> print(error)
    the score sheet has 1 problem:
    - line 2, column 'bid': missing value
    """

    def __init__(self, problems: Sequence[str], source: str | None = None) -> None:
        self.problems = list(problems)
        self.source = source
        where = f"the score sheet {source!r}" if source else "the score sheet"
        count = len(self.problems)
        head = f"{where} has {count} problem{'' if count == 1 else 's'}:"
        super().__init__("\n".join([head, *(f"- {problem}" for problem in self.problems)]))


# --- safe cells ---------------------------------------------------------------------


def safe_cell(value: object) -> str:
    """A value as text that a spreadsheet shows as text, never runs as a formula.

    Text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
    (:data:`DANGEROUS_STARTS`), or with ``'`` itself, gets a ``'`` in front;
    :func:`load_scores` removes exactly that ``'`` again. Negative numbers start with
    ``-``, so they are escaped too (a spreadsheet then shows ``'-2`` as text).

    >>> safe_cell("=SUM(A1:A9)"), safe_cell("Ana"), safe_cell(-2), safe_cell("'quoted")
    ("'=SUM(A1:A9)", 'Ana', "'-2", "''quoted")

    Args:
        value: anything; ``str(value)`` is written (``True``/``False`` as ``yes``/``no``).

    Returns:
        the text to write in the cell.
    """
    text = ("yes" if value else "no") if isinstance(value, (bool, np.bool_)) else str(value)
    if text.startswith((*DANGEROUS_STARTS, "'")):
        return "'" + text
    return text


def _unescape(text: str) -> str:
    """Undo :func:`safe_cell`: drop one ``'`` put before a dangerous start or a ``'``."""
    if len(text) > 1 and text[0] == "'" and text[1:].startswith((*DANGEROUS_STARTS, "'")):
        return text[1:]
    return text


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
    players = _check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    games = _check_whole(games, "games", 1, 100)
    if names is None:
        names = [f"Player {seat}" for seat in range(1, players + 1)]
    elif isinstance(names, str) or len(names) != players:
        raise XactikaError(f"give {players} names, one per player, got {names!r}")
    names = [str(name).strip() for name in names]
    if len(set(names)) != len(names) or not all(names):
        raise XactikaError(f"the players' names must be different and not empty, got {names!r}")
    rows = [
        [game, hand, name, "", ""]
        for game in range(1, games + 1)
        for hand in range(1, HANDS_PER_GAME + 1)
        for name in _bidding_order(names, (hand - 1) % players)
    ]
    return _csv_text(list(SHEET_COLUMNS), rows)


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
    return _write_atomic(Path(path), text, overwrite=overwrite, encoding="utf-8")


def _template_file() -> str:
    """The packaged template's text (``xactika_edu/data/score-sheet-template.csv``)."""
    return (
        resources.files("xactika_edu")
        .joinpath("data")
        .joinpath(_TEMPLATE)
        .read_bytes()
        .decode("utf-8")
    )


def _csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    buffer = io.StringIO()
    # "\r\n" (RFC 4180): a cell holding "\r" or "\n" is then quoted, never split
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([safe_cell(cell) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return buffer.getvalue()


# --- loading --------------------------------------------------------------------------


@dataclass
class _Row:
    line: int
    cells: dict[str, str]
    game: int | None = None
    hand: int | None = None
    player: str | None = None
    bid: int | None = None
    tricks: int | None = None
    dealer: bool | None = None


def _read_text(source: str | os.PathLike[str] | TextIO) -> tuple[str, str | None]:
    """The file's text and a name for messages."""
    if hasattr(source, "read"):
        shown = getattr(source, "name", None)
        try:
            text = source.read()  # type: ignore[union-attr]
        except UnicodeDecodeError:
            raise ScoreSheetError([_not_text_message(None, shown)], shown) from None
        if not isinstance(text, str):
            raise ScoreSheetError(["the file was opened as bytes; open it as text"])
        if text.startswith(("PK\x03\x04", "\ufeffPK\x03\x04")):
            raise ScoreSheetError([_not_text_message(b"PK\x03\x04", shown)], shown)
        return text, shown
    if not isinstance(source, (str, os.PathLike)):
        raise XactikaError(f"load_scores needs a file name or an open file, got {source!r}")
    path = Path(source)
    shown = str(path)
    if not path.exists():
        raise ScoreSheetError([f"file not found: {shown!r} does not exist"], shown)
    if path.is_dir():
        raise ScoreSheetError([f"{shown!r} is a folder, not a CSV file"], shown)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ScoreSheetError([f"cannot read {shown!r}: {error.strerror}"], shown) from None
    if data.startswith(_SPREADSHEET_SIGNATURES):
        raise ScoreSheetError([_not_text_message(data, shown)], shown)
    try:
        return data.decode("utf-8-sig"), shown
    except UnicodeDecodeError:
        raise ScoreSheetError([_not_text_message(data, shown)], shown) from None


#: How spreadsheet files (not CSV) begin: a zip archive (.xlsx, .ods, .numbers) or an
#: old Office file (.xls).
_SPREADSHEET_SIGNATURES = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
_SAVE_AS_CSV = "save it from the spreadsheet as 'CSV UTF-8 (comma delimited)' and load that file"


def _not_text_message(data: bytes | None, shown: str | None) -> str:
    """One message for a file that is not UTF-8 CSV text: a spreadsheet file (told by
    its first bytes or its name), or text saved in another encoding.

    >>> print(_not_text_message(b"PK\\x03\\x04...", "scores.xlsx"))  # doctest: +ELLIPSIS
    'scores.xlsx' looks like an Excel file, not CSV: save it from the spreadsheet as 'CSV UTF-8 ...
    >>> print(_not_text_message(b"game,player\\n1,Zo\\xeb", "scores.csv"))  # doctest: +ELLIPSIS
    the file is not UTF-8 text: save it from the spreadsheet as 'CSV UTF-8 (comma delimited)' ...
    """
    suffix = Path(shown).suffix.lower() if shown else ""
    kind = _SPREADSHEET_KINDS.get(suffix)
    if kind is None and data is not None and data.startswith(_SPREADSHEET_SIGNATURES):
        kind = "an Excel"  # a zip or an old Office file: almost always a workbook
    if kind is None:
        return f"the file is not UTF-8 text: {_SAVE_AS_CSV}"
    name = repr(shown) if shown else "the file"
    return f"{name} looks like {kind} file, not CSV: {_SAVE_AS_CSV}"


_SPREADSHEET_KINDS = {
    ".xlsx": "an Excel",
    ".xlsm": "an Excel",
    ".xls": "an Excel",
    ".ods": "a LibreOffice",
    ".numbers": "a Numbers",
}


def _delimiter(header_line: str) -> str:
    if "," in header_line:
        return ","
    for candidate in (";", "\t"):
        if candidate in header_line:
            return candidate
    return ","


#: No cell of a score sheet needs a bigger number (game numbers included).
_BIGGEST = 1_000_000


def _whole(text: str, line: int, column: str, problems: list[str]) -> int | None:
    try:
        value = int(text)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            problems.append(f"line {line}, column {column!r}: {text!r} is not a whole number")
            return None
        if not number.is_integer():
            problems.append(f"line {line}, column {column!r}: {text} is not a whole number")
            return None
        value = int(number)
    if abs(value) > _BIGGEST:
        problems.append(f"line {line}, column {column!r}: {text} is far too big")
        return None
    return value


def _check_cells(row: _Row, cards_per_hand: int, has_dealer: bool, problems: list[str]) -> None:
    line = row.line
    for column in SHEET_COLUMNS:
        if column not in row.cells:
            continue
        text = row.cells[column]
        if not text:
            problems.append(
                f"line {line}, column {column!r}: missing value (every row needs {_WHAT[column]})"
            )
            continue
        if column == "player":
            row.player = text
            continue
        number = _whole(text, line, column, problems)
        if number is None:
            continue
        where = f"line {line}, column {column!r}: {number}"
        if column == "game":
            if number < 1:
                problems.append(f"{where} is not a game number (games are numbered from 1)")
            else:
                row.game = number
        elif column == "hand":
            if not 1 <= number <= HANDS_PER_GAME:
                problems.append(
                    f"{where} is not a hand number (a game has hands 1 to {HANDS_PER_GAME})"
                )
            else:
                row.hand = number
        elif column == "bid":
            if not 0 <= number <= cards_per_hand:
                problems.append(f"{where} is not a bid (bids are 0 to {cards_per_hand})")
            else:
                row.bid = number
        elif not 0 <= number <= cards_per_hand:
            problems.append(
                f"{where} is not a number of tricks (a player takes 0 to {cards_per_hand})"
            )
        else:
            row.tricks = number
    if has_dealer:
        mark = row.cells.get(DEALER_COLUMN, "").lower()
        if mark in _YES:
            row.dealer = True
        elif mark in _NO:
            row.dealer = False
        else:
            problems.append(
                f"line {line}, column {DEALER_COLUMN!r}: {row.cells[DEALER_COLUMN]!r} is not "
                "yes or no (mark the dealer yes, leave the others empty)"
            )


def _lines(rows: Sequence[_Row]) -> str:
    numbers = [row.line for row in rows]
    if len(numbers) == 1:
        return f"line {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"lines {numbers[0]}-{numbers[-1]}"
    return "lines " + ", ".join(map(str, numbers))


def _check_hands(
    rows: Sequence[_Row], cards_per_hand: int, has_dealer: bool, problems: list[str]
) -> None:
    """The checks that need a whole hand: players, order, tricks, the dealer's bid."""
    hands: dict[tuple[int, int], list[_Row]] = {}
    last_key: tuple[int, int] | None = None
    for row in rows:
        if row.game is None or row.hand is None:
            last_key = None
            continue
        key = (row.game, row.hand)
        if key in hands and key != last_key and not has_dealer:
            problems.append(
                f"line {row.line}: game {key[0]}, hand {key[1]} started earlier "
                f"({_lines(hands[key])}); keep each hand's rows together, in bidding order "
                "with the dealer last (or add a 'dealer' column)"
            )
        hands.setdefault(key, []).append(row)
        last_key = key
    first_hand: dict[int, tuple[int, list[_Row]]] = {}
    for (game, hand), members in sorted(hands.items()):
        name = f"game {game}, hand {hand} ({_lines(members)})"
        seen: dict[str, int] = {}
        for row in members:
            if row.player is None:
                continue
            if row.player in seen:
                problems.append(
                    f"line {row.line}, column 'player': {row.player!r} is already in game "
                    f"{game}, hand {hand} (line {seen[row.player]})"
                )
            else:
                seen[row.player] = row.line
        count = len(members)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            problems.append(
                f"{name}: {count} player{'' if count == 1 else 's'}; a hand has "
                f"{MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        if all(row.player is not None for row in members):
            if game not in first_hand:
                first_hand[game] = (hand, members)
            else:
                _check_same_players(first_hand[game], hand, members, name, problems)
        if all(row.tricks is not None for row in members):
            total = sum(row.tricks for row in members)  # type: ignore[misc]
            if total != cards_per_hand and count >= MIN_PLAYERS:
                problems.append(
                    f"{name}, column 'tricks': the tricks add up to {total}, but a hand has "
                    f"{cards_per_hand} tricks"
                )
        dealer = _find_dealer(members, has_dealer, name, problems)
        if dealer is not None and all(row.bid is not None for row in members):
            total = sum(row.bid for row in members)  # type: ignore[misc]
            if total == cards_per_hand and count >= MIN_PLAYERS:
                problems.append(
                    f"line {dealer.line}, column 'bid': the dealer ({dealer.player}) may not bid "
                    f"{dealer.bid}: the bids would total {cards_per_hand}, the number of tricks"
                )


def _check_same_players(
    first: tuple[int, list[_Row]], hand: int, members: list[_Row], name: str, problems: list[str]
) -> None:
    first_number, first_rows = first
    before = {row.player for row in first_rows}
    now = {row.player for row in members}
    if before == now:
        return
    parts = [f"{who!r} is not in hand {first_number}" for who in sorted(map(str, now - before))]
    parts += [f"{who!r} is missing" for who in sorted(map(str, before - now))]
    problems.append(
        f"{name}, column 'player': not the same players as hand {first_number} "
        f"({_lines(first_rows)}): {'; '.join(parts)}"
    )


def _find_dealer(
    members: list[_Row], has_dealer: bool, name: str, problems: list[str]
) -> _Row | None:
    if not has_dealer:
        members[-1].dealer = True
        for row in members[:-1]:
            row.dealer = False
        return members[-1]
    if any(row.dealer is None for row in members):
        return None
    marked = [row for row in members if row.dealer]
    if len(marked) == 1:
        return marked[0]
    if not marked:
        problems.append(f"{name}, column 'dealer': no dealer marked; mark exactly one")
    else:
        problems.append(
            f"{name}, column 'dealer': {len(marked)} dealers marked ({_lines(marked)}); "
            "mark exactly one"
        )
    return None


def load_scores(
    path: str | os.PathLike[str] | TextIO, *, cards_per_hand: int = CARDS_PER_HAND
) -> pd.DataFrame:
    """Read a class's score sheet (CSV), check it, and add the scores.

    Every problem in the file is found and reported together, each with its line
    number (the header is line 1) and column: missing values, numbers that are not
    whole, bids and tricks outside 0 to 8, hand numbers outside 1 to 8, a player
    twice in a hand, a hand with fewer than 2 or more than 10 players, tricks that
    do not add up to the number of cards, a dealer's bid that makes the bids total
    the number of cards, players who change within a game, and unknown or missing
    columns. Nothing is dropped quietly; only rows with every cell empty (as
    spreadsheets leave at the end) are skipped.

    >>> import io
    >>> sheet = "game,hand,player,bid,tricks\\n1,1,Ben,3,3\\n1,1,Ana,4,4\\n1,1,Cy,1,1\\n"
    >>> load_scores(io.StringIO(sheet))
    Traceback (most recent call last):
    ...
    xactika_edu.classroom.ScoreSheetError: the score sheet has 1 problem:
    - line 4, column 'bid': the dealer (Cy) may not bid 1: the bids would total 8, ...

    Args:
        path: the CSV file's name (``str`` or :class:`~pathlib.Path`) or an open text
            file. UTF-8 (with or without a byte-order mark); commas, or semicolons
            or tabs if the header has no comma. Headers are read ignoring letter
            case and spaces around them.
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
        ScoreSheetError: listing every problem (its :attr:`~ScoreSheetError.problems`).
        XactikaError: if ``path`` is neither a file name nor an open file, or
            ``cards_per_hand`` is not 1 to 8.
    """
    cards_per_hand = _check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    text, source = _read_text(path)
    text = text.removeprefix("\ufeff")  # a byte-order mark, if the file was opened as text
    lines = text.splitlines()
    if not any(line.strip().strip(",;\t") for line in lines):
        raise ScoreSheetError(
            [
                "the file is empty: it needs a header line "
                f"'{','.join(SHEET_COLUMNS)}' and one row per player per hand"
            ],
            source,
        )
    first = next(i for i, line in enumerate(lines) if line.strip())
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(lines[first]))
    problems: list[str] = []
    header: list[str] | None = None
    header_line = 0
    rows: list[_Row] = []
    previous_end = 0
    for record in reader:
        start, previous_end = previous_end + 1, reader.line_num
        cells = [_unescape(cell.strip()) for cell in record]
        if not any(cells):
            continue
        if header is None:
            header, header_line = [cell.lower() for cell in cells], start
            problems += _header_problems(header, header_line)
            continue
        row_cells: dict[str, str] = {}
        for index, cell in enumerate(cells):
            if index >= len(header) or not header[index]:
                if cell:
                    problems.append(
                        f"line {start}: {cell!r} is in column {index + 1}, which has no name "
                        "in the header"
                    )
                continue
            row_cells.setdefault(header[index], cell)
        for column in header:
            row_cells.setdefault(column, "")
        rows.append(_Row(start, row_cells))
    assert header is not None  # the file is not empty
    has_dealer = DEALER_COLUMN in header
    if not rows:
        problems.append(
            f"the file has a header (line {header_line}) but no rows: add one row per "
            "player per hand"
        )
    for row in rows:
        _check_cells(row, cards_per_hand, has_dealer, problems)
    if all(column in header for column in SHEET_COLUMNS):
        _check_hands(rows, cards_per_hand, has_dealer, problems)
    if problems:
        raise ScoreSheetError(problems, source)
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
    return _with_scores(table, cards_per_hand, source=source, simulated=False)


def _header_problems(header: list[str], line: int) -> list[str]:
    problems = []
    known = (*SHEET_COLUMNS, DEALER_COLUMN)
    listed = ", ".join(SHEET_COLUMNS) + f" (and, if you like, {DEALER_COLUMN})"
    for column in SHEET_COLUMNS:
        if column not in header:
            problems.append(f"line {line}: missing column {column!r} (the columns are {listed})")
    for index, column in enumerate(header):
        if column and column not in known:
            problems.append(
                f"line {line}: unknown column {column!r} (column {index + 1}; the columns "
                f"are {listed})"
            )
        elif column and header.index(column) != index:
            problems.append(f"line {line}: column {column!r} appears twice")
    return problems


def _with_scores(
    table: pd.DataFrame, cards_per_hand: int, *, source: str | None, simulated: bool
) -> pd.DataFrame:
    """Add score, made, difference and the running total; set the dtypes and attrs."""
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


# --- an example class ------------------------------------------------------------------


def example_scores(
    players: int = 4,
    games: int = 3,
    seed: Seed = 1,
    *,
    random_share: float = 0.25,
    cards_per_hand: int = CARDS_PER_HAND,
) -> pd.DataFrame:
    """A SIMULATED class's score sheet: computer players' games, in the sheet's format.

    Each game is 8 hands (:data:`~xactika_edu.game.HANDS_PER_GAME`) played by
    ``players`` computer players, each a heuristic bot or (with chance
    ``random_share``) a random bot, on the fast engine
    (:func:`~xactika_edu.simulate.simulate_rounds`). Players are named ``Bot 1``,
    ``Bot 2``, ... across the games, so nobody mistakes them for the class.
    Rows are in bidding order, the dealer last; the first player deals hand 1.

    >>> scores = example_scores(players=3, games=2, seed=1)
    >>> len(scores), scores.attrs["simulated"], sorted(scores["player"].unique())[:3]
    (48, True, ['Bot 1', 'Bot 2', 'Bot 3'])
    >>> scores.groupby(["game", "hand"])["tricks"].sum().unique().tolist()
    [8]

    Args:
        players: 2 to 10 players per game.
        games: 1 to 50 games (each with its own players).
        seed: a whole number or a :class:`numpy.random.Generator`; same seed, same
            class.
        random_share: the chance, in [0, 1], that a player is a random bot
            (bids and plays at random) instead of a heuristic one.
        cards_per_hand: 1 to 8.

    Returns:
        a DataFrame like :func:`load_scores` returns (``games x 8 x players``
        rows); ``attrs["simulated"]`` is True and ``attrs["bots"]`` maps each
        player's name to ``"heuristic"`` or ``"random"``.

    Raises:
        XactikaError: if a number is out of range.
    """
    from .simulate import simulate_rounds

    players = _check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    games = _check_whole(games, "games", 1, 50)
    cards_per_hand = _check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
    if isinstance(random_share, bool) or not isinstance(random_share, (int, float)):
        raise XactikaError(f"random_share must be a number from 0 to 1, got {random_share!r}")
    if not 0 <= random_share <= 1:
        raise XactikaError(f"random_share must be from 0 to 1, got {random_share!r}")
    rng = make_rng(seed)
    parts = []
    kinds: dict[str, str] = {}
    for game in range(1, games + 1):
        bots = ["random" if rng.random() < random_share else "heuristic" for _ in range(players)]
        names = [f"Bot {(game - 1) * players + seat + 1}" for seat in range(players)]
        kinds.update(zip(names, bots, strict=True))
        played = simulate_rounds(
            HANDS_PER_GAME,
            players=players,
            bots=bots,
            seed=int(rng.integers(0, 2**63)),
            cards_per_hand=cards_per_hand,
            engine="auto",
        )
        # bidding order: the seat left of the dealer first, the dealer last
        played["order"] = (played["seat"] - (played["round"] - 1) - 1) % players
        played = played.sort_values(["round", "order"], kind="stable")
        parts.append(
            pd.DataFrame(
                {
                    "game": game,
                    "hand": played["round"].to_numpy(),
                    "player": [names[seat] for seat in played["seat"]],
                    "dealer": played["dealer"].to_numpy(),
                    "bid": played["bid"].to_numpy(),
                    "tricks": played["tricks"].to_numpy(),
                }
            )
        )
    table = pd.concat(parts, ignore_index=True)
    table = _with_scores(table, cards_per_hand, source="simulated example", simulated=True)
    table.attrs["bots"] = kinds
    return table


# --- summaries --------------------------------------------------------------------------


def _check_scores(scores: object, needed: Sequence[str] = ("player", "bid", "tricks")) -> None:
    if not isinstance(scores, pd.DataFrame):
        raise XactikaError(
            f"give the scores from load_scores or example_scores (a DataFrame), got {scores!r}"
        )
    missing = [column for column in (*needed, *ADDED_COLUMNS) if column not in scores.columns]
    if missing:
        raise XactikaError(
            f"the scores have no column {', '.join(map(repr, missing))}: use the table "
            "from load_scores or example_scores"
        )
    if scores.empty:
        raise XactikaError("the scores are empty: there are no hands to sum up")


def summary_by_player(scores: pd.DataFrame) -> pd.DataFrame:
    """Each player's hands, exact bids and total score.

    >>> summary = summary_by_player(example_scores(players=3, games=1, seed=1))
    >>> summary.columns.tolist()
    ['games', 'hands', 'exact bids', 'made rate', 'took fewer', 'took more', 'total score']
    >>> int(summary["hands"].sum())
    24

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a DataFrame indexed by ``player`` (in order of first appearance) with
        ``games``, ``hands``, ``exact bids`` (hands with tricks == bid),
        ``made rate`` (exact bids / hands, in [0, 1]), ``took fewer`` (hands with
        fewer tricks than the bid: over-bids), ``took more`` (under-bids) and
        ``total score`` (points over all the player's games).

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores, ("game", "player", "bid", "tricks"))
    groups = scores.groupby("player", sort=False)
    table = pd.DataFrame(
        {
            "games": groups["game"].nunique(),
            "hands": groups.size(),
            "exact bids": groups["made"].sum(),
            "took fewer": groups["difference"].apply(lambda d: int((d < 0).sum())),
            "took more": groups["difference"].apply(lambda d: int((d > 0).sum())),
            "total score": groups["score"].sum(),
        }
    )
    table.insert(3, "made rate", table["exact bids"] / table["hands"])
    table.index.name = "player"
    ints = ["games", "hands", "exact bids", "took fewer", "took more", "total score"]
    return table.astype({column: "int64" for column in ints})


def made_missed_counts(scores: pd.DataFrame) -> pd.DataFrame:
    """How many hands were exact bids, and how many missed (too few or too many tricks).

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> made_missed_counts(scores)
                          frequency  relative frequency fraction
    outcome
    exact bid                     1            0.333333      1/3
    took fewer than bid           1            0.333333      1/3
    took more than bid            1            0.333333      1/3

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a 3-row DataFrame indexed by ``outcome`` (``exact bid``, ``took fewer than
        bid``, ``took more than bid``) with ``frequency`` (hands), ``relative
        frequency`` (in [0, 1]) and ``fraction`` (exact); the fractions sum to 1.

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    difference = scores["difference"]
    counts = [int((difference == 0).sum()), int((difference < 0).sum())]
    counts.append(int((difference > 0).sum()))
    total = sum(counts)
    table = pd.DataFrame(
        {
            "frequency": counts,
            "relative frequency": [n / total for n in counts],
            "fraction": [Fraction(n, total) for n in counts],
        },
        index=pd.Index(["exact bid", "took fewer than bid", "took more than bid"], name="outcome"),
    )
    return table


def difference_distribution(scores: pd.DataFrame) -> pd.DataFrame:
    """How often each difference tricks - bid happened, every whole number in between.

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> difference_distribution(scores)["frequency"].tolist()
    [1, 1, 0, 1]

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.

    Returns:
        a DataFrame indexed by ``difference`` (tricks - bid; negative: took fewer
        than the bid), every whole number from the smallest to the largest seen
        (and always 0), with ``frequency``, ``relative frequency`` (in [0, 1])
        and ``fraction`` (exact).

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    counts = scores["difference"].value_counts()
    low, high = min(0, int(counts.index.min())), max(0, int(counts.index.max()))
    index = pd.RangeIndex(low, high + 1, name="difference")
    frequency = counts.reindex(index, fill_value=0).astype("int64")
    total = int(frequency.sum())
    return pd.DataFrame(
        {
            "frequency": frequency,
            "relative frequency": frequency / total,
            "fraction": [Fraction(int(n), total) for n in frequency],
        },
        index=index,
    )


def bid_trick_table(scores: pd.DataFrame) -> pd.DataFrame:
    """A count table: how many hands had each bid (rows) and tricks taken (columns).

    >>> import io
    >>> scores = load_scores(io.StringIO(
    ...     "game,hand,player,bid,tricks\\n1,1,Ben,3,2\\n1,1,Cat,2,2\\n1,1,Ana,2,4\\n"))
    >>> bid_trick_table(scores).loc[2].tolist()[:5]
    [0, 0, 1, 0, 1]

    Returns:
        a DataFrame indexed by ``bid`` 0..cards_per_hand with columns ``tricks``
        0..cards_per_hand; the diagonal is the exact bids.

    Raises:
        XactikaError: if ``scores`` is not such a table or is empty.
    """
    _check_scores(scores)
    size = _cards_per_hand(scores)
    table = pd.crosstab(scores["bid"], scores["tricks"])
    full = range(size + 1)
    table = table.reindex(index=full, columns=full, fill_value=0).astype("int64")
    table.index.name, table.columns.name = "bid", "tricks"
    return table


def _cards_per_hand(scores: pd.DataFrame) -> int:
    size = scores.attrs.get("cards_per_hand")
    if isinstance(size, int):
        return size
    return max(int(scores["bid"].max()), int(scores["tricks"].max()), 1)


def simulated_comparison(scores: pd.DataFrame, seed: Seed = 1, rounds: int = 2000) -> pd.DataFrame:
    """The class's differences (tricks - bid) next to computer players' for the same tables.

    For each number of players in the class's games, ``rounds`` hands are simulated
    with heuristic bots (:func:`~xactika_edu.simulate.simulate_rounds`, fast
    engine, the same cards per hand). If the class played at tables of different
    sizes, the simulated distributions are mixed in the class's proportions.

    >>> table = simulated_comparison(example_scores(seed=1), seed=1, rounds=200)
    >>> table.columns.tolist()
    ['class frequency', 'class', 'simulated']
    >>> round(float(table["class"].sum()), 6), round(float(table["simulated"].sum()), 6)
    (1.0, 1.0)

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        seed: a whole number or a Generator for the simulation.
        rounds: hands simulated per table size, 10 to 1,000,000.

    Returns:
        a DataFrame indexed by ``difference`` (every whole number seen by either),
        with ``class frequency`` (hands), ``class`` and ``simulated`` (relative
        frequencies in [0, 1], each summing to 1). ``attrs`` holds ``players``
        (the table sizes) and ``rounds``.

    Raises:
        XactikaError: if ``scores`` is not such a table, or a number is out of range.
    """
    from .simulate import simulate_rounds

    _check_scores(scores, SHEET_COLUMNS)
    rounds = _check_whole(rounds, "rounds", 10, 1_000_000)
    size = _cards_per_hand(scores)
    table_sizes = scores.groupby(["game", "hand"])["player"].transform("size")
    weights = table_sizes.value_counts(normalize=True).sort_index()
    root = np.random.SeedSequence(int(make_rng(seed).integers(0, 2**63)))
    simulated = pd.Series(dtype=float)
    for (players, weight), child in zip(weights.items(), root.spawn(len(weights)), strict=True):
        results = simulate_rounds(
            rounds,
            players=int(players),
            bots="heuristic",
            seed=int(child.generate_state(1, np.uint64)[0] >> np.uint64(1)),
            cards_per_hand=size,
            engine="auto",
        )
        share = (results["tricks"] - results["bid"]).value_counts(normalize=True) * weight
        simulated = simulated.add(share, fill_value=0)
    counts = scores["difference"].value_counts()
    low = min(0, int(counts.index.min()), int(simulated.index.min()))
    high = max(0, int(counts.index.max()), int(simulated.index.max()))
    index = pd.RangeIndex(low, high + 1, name="difference")
    frequency = counts.reindex(index, fill_value=0).astype("int64")
    table = pd.DataFrame(
        {
            "class frequency": frequency,
            "class": frequency / frequency.sum(),
            "simulated": simulated.reindex(index, fill_value=0.0).astype(float),
        },
        index=index,
    )
    table.attrs = {"players": sorted(int(p) for p in weights.index), "rounds": rounds}
    return table


# --- export -----------------------------------------------------------------------------


def export_scores(
    scores: pd.DataFrame,
    path: str | os.PathLike[str],
    *,
    columns: Sequence[str] | None = None,
    overwrite: bool = False,
) -> Path:
    """Write the scores as a CSV file that is safe to open in a spreadsheet.

    By default only the score sheet's columns are written (:data:`EXPORT_COLUMNS`:
    ``game, hand, player, dealer, bid, tricks``; none of them is ever negative),
    so :func:`load_scores` reads the file back to the same table. Every cell
    goes through :func:`safe_cell`: text starting with ``=``, ``+``, ``-``, ``@``,
    a tab or a carriage return gets a ``'`` in front, so a spreadsheet never runs
    it as a formula. Asking for ``score``, ``difference`` or ``total`` in
    ``columns`` writes their negative numbers escaped too (``'-2``, shown as text
    by a spreadsheet). The file is UTF-8 with a byte-order mark (so spreadsheets
    read accented names right), written to a temporary file in the same folder
    and then moved into place: it is never half-written.

    >>> import tempfile, pathlib
    >>> scores = example_scores(players=2, games=1, seed=3)
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = export_scores(scores, folder / "class.csv")
    >>> load_scores(path).equals(scores)
    True
    >>> export_scores(scores, folder / "class.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: '.../class.csv' already exists; pass overwrite=True ...

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores` (or any
            DataFrame with the columns asked for).
        path: the file to write.
        columns: the columns to write, in order; ``None`` for :data:`EXPORT_COLUMNS`.
        overwrite: replace the file if it exists (otherwise refuse).

    Returns:
        the path written.

    Raises:
        XactikaError: naming the path if it exists and ``overwrite`` is not given,
            its folder does not exist or its name is a spreadsheet's own type
            (``.xlsx`` ...); naming a column the table does not have.
    """
    if not isinstance(scores, pd.DataFrame):
        raise XactikaError(f"export_scores needs a DataFrame of scores, got {scores!r}")
    chosen = list(EXPORT_COLUMNS if columns is None else columns)
    if isinstance(columns, str) or not chosen:
        raise XactikaError(f"columns must be a list of column names, got {columns!r}")
    missing = [column for column in chosen if column not in scores.columns]
    if missing:
        raise XactikaError(f"the scores have no column {', '.join(map(repr, missing))}")
    target = Path(path)
    if target.suffix.lower() in _SPREADSHEET_SUFFIXES:
        raise XactikaError(
            f"{str(target)!r}: export_scores writes CSV, which a spreadsheet program will not "
            f"open under a {target.suffix} name; name the file with .csv, like 'class.csv'"
        )
    text = _csv_text(chosen, scores[chosen].itertuples(index=False, name=None))
    return _write_atomic(target, text, overwrite=overwrite, encoding="utf-8-sig")


# A spreadsheet program's own file types: CSV text under these names will not open.
_SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")


def _write_atomic(path: Path, text: str, *, overwrite: bool, encoding: str) -> Path:
    if not isinstance(overwrite, bool):
        raise XactikaError(f"overwrite must be True or False, got {overwrite!r}")
    if path.is_dir():
        raise XactikaError(f"{str(path)!r} is a folder; give a file name like 'class.csv'")
    if path.exists() and not overwrite:
        raise XactikaError(f"{str(path)!r} already exists; pass overwrite=True to replace it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise XactikaError(f"cannot write {str(path)!r}: the folder {str(folder)!r} does not exist")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


# --- graphs -------------------------------------------------------------------------------


def _class_phrase(scores: pd.DataFrame) -> str:
    hands = len(scores)
    word = "simulated" if scores.attrs.get("simulated") else "class"
    return f"{hands} {word} player-hand{'' if hands == 1 else 's'}"


def made_missed_pie(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Pie chart of exact bids and missed bids (too few or too many tricks).

    >>> from matplotlib.figure import Figure
    >>> ax = made_missed_pie(example_scores(seed=1), ax=Figure().subplots())
    >>> [t.get_text().split(":")[0] for t in ax.texts if t.get_text()]
    ['exact bid', 'took fewer than bid', 'took more than bid']

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes, one labeled wedge per outcome that happened (label: outcome,
        hands, whole percent).

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .plots import _axes, _percent, _pie, _plural

    counts = made_missed_counts(scores)
    ax = _axes(ax, _PIE_FIGSIZE)
    total = int(counts["frequency"].sum())
    frequencies = [int(n) for n in counts["frequency"]]
    labels = [
        f"{outcome}: {_plural(n, 'hand')} ({_percent(n, total)})"
        for outcome, n in zip(counts.index, frequencies, strict=True)
    ]
    _pie(
        ax,
        frequencies,
        labels,
        title=f"Bids made and missed: {_class_phrase(scores)}",
        caption="each label: what happened: how many player-hands (what percent)",
    )
    return ax


def bids_vs_tricks(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bubble chart: each bid (across) and tricks taken (up); bubble area = hands.

    Every bubble is labeled with its count, so many hands at one point are never
    hidden behind each other. The dashed diagonal is "tricks = bid": bubbles on it
    are exact bids, above it the player took more than the bid, below it fewer.

    >>> from matplotlib.figure import Figure
    >>> ax = bids_vs_tricks(example_scores(seed=1), ax=Figure().subplots())
    >>> sum(int(t.get_text()) for t in ax.texts if t.get_text().isdigit())
    96

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bubble and one count label per (bid, tricks) pair that
        happened, the diagonal and labeled axes.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from matplotlib.ticker import MultipleLocator

    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    table = bid_trick_table(scores)
    ax = _axes(ax, (6.4, 6.0))
    size = len(table) - 1
    points = [
        (bid, tricks, int(table.loc[bid, tricks]))
        for bid in table.index
        for tricks in table.columns
        if table.loc[bid, tricks] > 0
    ]
    biggest = max(n for _, _, n in points)
    ax.plot(
        [-0.5, size + 0.5],
        [-0.5, size + 0.5],
        linestyle="--",
        color=INK,
        linewidth=1,
        zorder=1,
        label="tricks = bid (exact)",
    )
    for bid, tricks, n in points:
        exact = bid == tricks
        ax.scatter(
            [bid],
            [tricks],
            s=120 + 1400 * n / biggest,
            color=SERIES[2] if exact else SERIES[0],
            alpha=0.75,
            edgecolors=INK,
            linewidths=0.8,
            zorder=2,
        )
        ax.annotate(
            str(n),
            (bid, tricks),
            ha="center",
            va="center",
            fontsize=_LABEL_SIZE,
            color=INK,
            fontweight="bold",
            zorder=3,
        )
    ax.set_xlim(-0.6, size + 0.6)
    ax.set_ylim(-0.6, size + 0.6)
    ax.set_aspect("equal")
    ax.xaxis.set_major_locator(MultipleLocator(1))
    ax.yaxis.set_major_locator(MultipleLocator(1))
    ax.grid(color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_xlabel(
        "bid\nnumber in a bubble: how many player-hands\n"
        "above the line: took more tricks than the bid; below: took fewer",
        fontsize=_LABEL_SIZE,
    )
    ax.set_ylabel("tricks taken")
    ax.set_title(f"Bids and tricks: {_class_phrase(scores)}")
    ax.legend(loc="upper left", fontsize=_LABEL_SIZE, framealpha=0.95)
    return ax


def difference_histogram(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Bar graph of tricks taken - bid: one bar per whole number, 0 is an exact bid.

    >>> from matplotlib.figure import Figure
    >>> scores = example_scores(seed=1)
    >>> ax = difference_histogram(scores, ax=Figure().subplots())
    >>> [int(bar.get_height()) for bar in ax.patches] == (
    ...     difference_distribution(scores)["frequency"].tolist())
    True

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per difference from :func:`difference_distribution`, each
        labeled with its count; the bar at 0 has its own color and its tick says
        "exact bid" (no hatching: in these graphs hatching means "below 0").

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .palette import SERIES
    from .plots import _axes, _draw_count_bars

    table = difference_distribution(scores)
    ax = _axes(ax, _BAR_FIGSIZE)
    xs = [int(d) for d in table.index]
    _draw_count_bars(ax, xs, [int(n) for n in table["frequency"]])
    ax.patches[xs.index(0)].set_facecolor(SERIES[2])  # the exact-bid color of bids_vs_tricks
    ax.set_xticks(xs, labels=[f"{x}\n(exact bid)" if x == 0 else f"{x:+d}" for x in xs])
    ax.set_xlabel("tricks taken - bid (below 0: took fewer than the bid; above 0: took more)")
    ax.set_ylabel("frequency (player-hands)")
    ax.set_title(f"How far from the bid: {_class_phrase(scores)}")
    return ax


def scores_by_player(scores: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Horizontal bar graph of each player's total score, highest at the top.

    >>> from matplotlib.figure import Figure
    >>> scores = example_scores(players=3, games=1, seed=1)
    >>> ax = scores_by_player(scores, ax=Figure().subplots())
    >>> len(ax.patches), ax.get_yticklabels()[-1].get_text() in set(scores["player"])
    (3, True)

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: one bar per player (from :func:`summary_by_player`), labeled
        with the total score (``+12``, ``-3``); negative totals are hatched.

    Raises:
        XactikaError: if ``scores`` is not such a table or ``ax`` is not an Axes.
    """
    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    summary = summary_by_player(scores).sort_values("total score", kind="stable")
    ax = _axes(ax, (7.0, max(2.5, 0.35 * len(summary) + 1.2)))
    totals = [int(t) for t in summary["total score"]]
    bars = ax.barh(
        list(map(str, summary.index)),
        totals,
        color=[SERIES[0] if t >= 0 else SERIES[1] for t in totals],
        edgecolor=INK,
        linewidth=0.8,
        hatch=None,
        zorder=2,
    )
    for bar, total in zip(bars, totals, strict=True):
        if total < 0:
            bar.set_hatch("//")
    ax.bar_label(
        bars, labels=[f"{t:+d}" if t else "0" for t in totals], padding=3, fontsize=_LABEL_SIZE
    )
    ax.axvline(0, color=INK, linewidth=0.8)
    ax.margins(x=0.15)
    ax.grid(axis="x", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    ax.set_xlabel("total score (points); hatched bars are below 0")
    ax.set_title(f"Total score per player: {_class_phrase(scores)}")
    return ax


def _two_places(value: float) -> str:
    """A relative frequency as a decimal with 2 places, halves rounded up: 0.485 -> '0.49'.

    >>> _two_places(0.485), _two_places(0.4849), _two_places(1.0)
    ('0.49', '0.48', '1.00')
    """
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def compare_with_simulation(
    scores: pd.DataFrame, seed: Seed = 1, rounds: int = 2000, *, ax: Axes | None = None
) -> Axes:
    """Side-by-side bars: the class's tricks - bid next to computer players' (relative
    frequencies), from :func:`simulated_comparison`.

    >>> from matplotlib.figure import Figure
    >>> ax = compare_with_simulation(example_scores(seed=1), rounds=200,
    ...                              ax=Figure().subplots())
    >>> for text in ax.get_legend().get_texts():
    ...     print(text.get_text())
    simulated class (96 player-hands)
    computer players (800 player-hands: 200 hands of 4 players)
    >>> [t.get_text() for t in ax.texts]  # the two bars at 0 (exact bids) show their heights
    ['0.40', '0.47']

    Args:
        scores: a table from :func:`load_scores` or :func:`example_scores`.
        seed: the simulation's seed (whole number or Generator).
        rounds: hands simulated per table size.
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes: two bars per difference (class first, then the simulation's,
        dotted), a legend, and the heights of the two bars at 0 (exact bids) written
        on them, rounded to 2 decimal places (halves up).

    Raises:
        XactikaError: as :func:`simulated_comparison`, or if ``ax`` is not an Axes.
    """
    from .palette import INK, SERIES
    from .plots import _LABEL_SIZE, _axes

    table = simulated_comparison(scores, seed=seed, rounds=rounds)
    ax = _axes(ax, _BAR_FIGSIZE)
    xs = np.array([int(d) for d in table.index], dtype=float)
    who = "simulated class" if scores.attrs.get("simulated") else "class"
    sizes = table.attrs["players"]
    rounds = table.attrs["rounds"]
    players = " or ".join(map(str, sizes))
    class_bars = ax.bar(
        xs - 0.2,
        table["class"],
        width=0.4,
        color=SERIES[0],
        edgecolor=INK,
        linewidth=0.8,
        zorder=2,
        label=f"{who} ({len(scores)} player-hands)",
    )
    simulated_bars = ax.bar(
        xs + 0.2,
        table["simulated"],
        width=0.4,
        color=SERIES[1],
        edgecolor=INK,
        linewidth=0.8,
        hatch="..",  # dotted: hatching ("//") means "below 0" in scores_by_player
        zorder=2,
        label=f"computer players ({rounds * sum(sizes):,} player-hands: {rounds:,} hands of "
        f"{players} players)",
    )
    exact = int(np.flatnonzero(xs == 0)[0])
    for bars in (class_bars, simulated_bars):
        height = float(bars[exact].get_height())
        ax.annotate(
            _two_places(height),
            (float(xs[exact]) + (0.2 if bars is simulated_bars else -0.2), height),
            xytext=(0, 2),
            textcoords="offset points",
            ha="center",
            va="bottom",
            rotation=90,  # upright text would cover the other bar's label
            fontsize=_LABEL_SIZE,
            color=INK,
        )
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{int(x)}" for x in xs])
    ax.set_xlabel("tricks taken - bid (0: exact bid)")
    ax.set_ylabel("relative frequency (part of the hands)")
    ax.grid(axis="y", color="#DDDDDD", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    tallest = float(max(table["class"].max(), table["simulated"].max()))
    ax.set_ylim(0, tallest * 1.5)  # room above the bars for the legend and the labels
    ax.legend(loc="upper left", fontsize=_LABEL_SIZE, framealpha=0.95)
    ax.set_title("How far from the bid: the class and the computer")
    return ax
