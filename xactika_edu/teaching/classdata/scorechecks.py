"""The score sheet's rules, checked row by row and hand by hand.

:func:`check_cells` reads one row's cells (whole numbers in range, a name, the dealer
mark); :func:`check_hands` checks what needs a whole hand (the players, the order of
the rows, the tricks adding up, the dealer's rule). Both add plain-sentence problems,
each naming its line and column, to a :class:`Problems` list; nothing is dropped or
changed quietly. :mod:`xactika_edu.teaching.classdata.scoresheet` reads the file and calls them.

Sources: RULES.md ("A hand (round)": bids 0-8, the dealer's rule, 8 tricks).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...base.checks import shown
from ...base.errors import ScoreSheetError
from ...base.formatting import plural
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS
from ...core.game import HANDS_PER_GAME
from ...core.rules import forbidden_bid

__all__ = [
    "DEALER_COLUMN",
    "HEADER_NAMES",
    "LISTED_COLUMNS",
    "SHEET_COLUMNS",
    "Problems",
    "ScoreSheetError",
    "SheetRow",
    "check_cells",
    "check_hands",
    "header_problems",
]

#: The columns every score sheet has, in this order in the template.
SHEET_COLUMNS: tuple[str, ...] = ("game", "hand", "player", "bid", "tricks")
#: The optional column that marks the dealer (``yes``/``x``; empty or ``no`` otherwise).
DEALER_COLUMN = "dealer"

#: The columns, as messages list them.
LISTED_COLUMNS = ", ".join(SHEET_COLUMNS) + f" (and, if you like, {DEALER_COLUMN})"
#: Every column name a header may hold.
HEADER_NAMES = frozenset((*SHEET_COLUMNS, DEALER_COLUMN))

_YES = frozenset({"yes", "y", "x", "true", "1", "dealer"})
_NO = frozenset({"", "no", "n", "false", "0"})
_WHAT = {
    "game": "the game number",
    "hand": "the hand number",
    "player": "the player's name",
    "bid": "a bid",
    "tricks": "the tricks taken",
}


class Problems:
    """The problems found in a sheet: all counted, the first :attr:`KEPT` kept.

    A sheet with 100,000 bad rows should not need 100 MB of messages.

    >>> found = Problems()
    >>> for line in range(2, 2002):
    ...     found.append(f"line {line}: bad")
    >>> found.count, len(found.kept), found.kept[-1]
    (2000, 1000, 'line 1001: bad')
    """

    #: How many problems are kept with their text.
    KEPT = 1000

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.count = 0

    def append(self, problem: str) -> None:
        self.count += 1
        if len(self.kept) < self.KEPT:
            self.kept.append(problem)

    def __iadd__(self, problems: Sequence[str]) -> Problems:
        for problem in problems:
            self.append(problem)
        return self

    def __bool__(self) -> bool:
        return self.count > 0


@dataclass
class SheetRow:
    """One row of the sheet: its first line, its cells by column, the values read."""

    line: int
    cells: dict[str, str]
    game: int | None = None
    hand: int | None = None
    player: str | None = None
    bid: int | None = None
    tricks: int | None = None
    dealer: bool | None = None


#: No cell of a score sheet needs a bigger number (game numbers included).
_BIGGEST = 1_000_000
# A whole number as spreadsheets write it: digits 0-9, a sign, maybe ".0" (not "1e1",
# "1_0", "\u0663" or full-width digits, which Python's int() would take).
_WHOLE = re.compile(r"([+-]?)([0-9]+)(?:\.0*)?", re.ASCII)
_DECIMAL = re.compile(r"[+-]?[0-9]*[.,][0-9]+", re.ASCII)
# Control characters no cell holds (tab and line breaks may be inside a name).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _whole(text: str, line: int, column: str, problems: Problems) -> int | None:
    where = f"line {line}, column {column!r}"
    match = _WHOLE.fullmatch(text)
    if match is None:
        if _DECIMAL.fullmatch(text):
            problems.append(f"{where}: {shown(text, quoted=False)} is not a whole number")
        elif any(char.isdigit() and not char.isascii() for char in text):
            problems.append(
                f"{where}: {shown(text)} is not a whole number written with the digits 0 to 9"
            )
        else:
            problems.append(
                f"{where}: {shown(text)} is not a whole number (write digits only, like 3)"
            )
        return None
    sign, digits = match.groups()
    if len(digits.lstrip("0")) > len(str(_BIGGEST)):  # int() of 5,000 digits would fail
        big = text if len(text) <= 30 else f"{text[:12]}...{text[-12:]} ({len(text)} characters)"
        problems.append(f"{where}: {big} is far too big")
        return None
    value = int(sign + digits)
    if abs(value) > _BIGGEST:
        problems.append(f"{where}: {text} is far too big")
        return None
    return value


def _control_problem(text: str, line: int, column: str) -> str | None:
    found = _CONTROL.search(text)
    if found is None:
        return None
    char = found.group()
    what = "a NUL character" if char == "\x00" else f"the control character U+{ord(char):04X}"
    return (
        f"line {line}, column {column!r}: {shown(text)} holds {what}, which no score sheet "
        "has (the file may be damaged); type the cell again"
    )


def check_cells(row: SheetRow, cards_per_hand: int, has_dealer: bool, problems: Problems) -> None:
    """Read one row's cells into ``row`` (game, hand, player, bid, tricks, dealer),
    adding a problem for each cell that is missing, damaged, not a whole number or out
    of range (bids and tricks 0 to ``cards_per_hand``, hands 1 to 8, games from 1)."""
    line = row.line
    damaged = set()
    for column, text in row.cells.items():
        problem = _control_problem(text, line, column)
        if problem is not None:
            problems.append(problem)
            damaged.add(column)
    for column in SHEET_COLUMNS:
        if column not in row.cells or column in damaged:
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
    if has_dealer and DEALER_COLUMN not in damaged:
        mark = row.cells.get(DEALER_COLUMN, "").lower()
        if mark in _YES:
            row.dealer = True
        elif mark in _NO:
            row.dealer = False
        else:
            problems.append(
                f"line {line}, column {DEALER_COLUMN!r}: {shown(row.cells[DEALER_COLUMN])} is not "
                "yes or no (mark the dealer yes, leave the others empty)"
            )


def header_problems(header: list[str], line: int) -> list[str]:
    problems = []
    for column in SHEET_COLUMNS:
        if column not in header:
            problems.append(
                f"line {line}: missing column {column!r} (the columns are {LISTED_COLUMNS})"
            )
    for index, column in enumerate(header):
        if column and column not in HEADER_NAMES:
            problems.append(
                f"line {line}: unknown column {shown(column)} (column {index + 1}; the columns "
                f"are {LISTED_COLUMNS})"
            )
        elif column and header.index(column) != index:
            problems.append(f"line {line}: column {column!r} appears twice")
    return problems


def _lines(rows: Sequence[SheetRow]) -> str:
    """The rows' lines, short: ``line 4``, ``lines 2-5``, ``lines 2, 7, 9``; at most
    five numbers then a count (rows are in file order, so lines only increase).

    >>> _lines([SheetRow(line, {}) for line in (2, 7, 9, 11, 13, 15, 17)])
    'lines 2, 7, 9, 11, 13 and 2 more'
    """
    first, last = rows[0].line, rows[-1].line
    if len(rows) == 1:
        return f"line {first}"
    if last - first == len(rows) - 1:
        return f"lines {first}-{last}"
    shown = ", ".join(str(row.line) for row in rows[:5])
    return f"lines {shown}" + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")


def check_hands(
    rows: Sequence[SheetRow], cards_per_hand: int, has_dealer: bool, problems: Problems
) -> None:
    """The checks that need a whole hand: players, order, tricks, the dealer's bid."""
    hands: dict[tuple[int, int], list[SheetRow]] = {}
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
    first_hand: dict[int, tuple[int, list[SheetRow]]] = {}
    for (game, hand), members in sorted(hands.items()):
        name = f"game {game}, hand {hand} ({_lines(members)})"
        seen: dict[str, int] = {}
        for row in members:
            if row.player is None:
                continue
            if row.player in seen:
                problems.append(
                    f"line {row.line}, column 'player': {shown(row.player)} is already in game "
                    f"{game}, hand {hand} (line {seen[row.player]})"
                )
            else:
                seen[row.player] = row.line
        count = len(members)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            problems.append(
                f"{name}: {plural(count, 'player')}; a hand has "
                f"{MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        if all(row.player is not None for row in members):
            if game not in first_hand:
                first_hand[game] = (hand, members)
            else:
                _check_same_players(first_hand[game], hand, members, name, problems)
        tricks = [row.tricks for row in members if row.tricks is not None]
        if len(tricks) == count:
            total = sum(tricks)
            if total != cards_per_hand and count >= MIN_PLAYERS:
                problems.append(
                    f"{name}, column 'tricks': the tricks add up to {total}, but a hand has "
                    f"{cards_per_hand} tricks"
                )
        dealer = _find_dealer(members, has_dealer, name, problems)
        bids = [row.bid for row in members if row.bid is not None]
        if dealer is not None and dealer.bid is not None and len(bids) == count:
            others = sum(bids) - dealer.bid
            if dealer.bid == forbidden_bid(others, cards_per_hand) and count >= MIN_PLAYERS:
                who = shown(dealer.player, quoted=False)
                problems.append(
                    f"line {dealer.line}, column 'bid': the dealer ({who}) may not bid "
                    f"{dealer.bid}: the bids would total {cards_per_hand}, the number of tricks"
                )


def _check_same_players(
    first: tuple[int, list[SheetRow]],
    hand: int,
    members: list[SheetRow],
    name: str,
    problems: Problems,
) -> None:
    first_number, first_rows = first
    before = {row.player for row in first_rows}
    now = {row.player for row in members}
    if before == now:
        return
    parts = [f"{shown(who)} is not in hand {first_number}" for who in sorted(now - before, key=str)]
    parts += [f"{shown(who)} is missing" for who in sorted(before - now, key=str)]
    problems.append(
        f"{name}, column 'player': not the same players as hand {first_number} "
        f"({_lines(first_rows)}): {'; '.join(parts)}"
    )


def _find_dealer(
    members: list[SheetRow], has_dealer: bool, name: str, problems: Problems
) -> SheetRow | None:
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
