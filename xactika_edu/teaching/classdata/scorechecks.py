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
from ...base.language import N_, ngettext
from ...base.language import gettext as _
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

#: The columns, as messages list them (translated where it is shown).
LISTED_COLUMNS = N_("game, hand, player, bid, tricks (and, if you like, dealer)")
#: Every column name a header may hold.
HEADER_NAMES = frozenset((*SHEET_COLUMNS, DEALER_COLUMN))

_YES = frozenset({"yes", "y", "x", "true", "1", "dealer"})
_NO = frozenset({"", "no", "n", "false", "0"})
_WHAT = {
    "game": N_("the game number"),
    "hand": N_("the hand number"),
    "player": N_("the player's name"),
    "bid": N_("a bid"),
    "tricks": N_("the tricks taken"),
}


def cell_place(line: int, column: str) -> str:
    """Where a cell is, as a message begins: ``line 3, column 'bid'``."""
    return _("line {line}, column {column}").format(line=line, column=repr(column))


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
    where = cell_place(line, column)
    match = _WHOLE.fullmatch(text)
    if match is None:
        if _DECIMAL.fullmatch(text):
            problem = _("{where}: {text} is not a whole number")
            text = shown(text, quoted=False)
        elif any(char.isdigit() and not char.isascii() for char in text):
            problem = _("{where}: {text} is not a whole number written with the digits 0 to 9")
            text = shown(text)
        else:
            problem = _("{where}: {text} is not a whole number (write digits only, like 3)")
            text = shown(text)
        problems.append(problem.format(where=where, text=text))
        return None
    sign, digits = match.groups()
    if len(digits.lstrip("0")) > len(str(_BIGGEST)):  # int() of 5,000 digits would fail
        big = (
            text
            if len(text) <= 30
            else _("{start}...{end} ({count} characters)").format(
                start=text[:12], end=text[-12:], count=len(text)
            )
        )
        problems.append(_("{where}: {text} is far too big").format(where=where, text=big))
        return None
    value = int(sign + digits)
    if abs(value) > _BIGGEST:
        problems.append(_("{where}: {text} is far too big").format(where=where, text=text))
        return None
    return value


def _control_problem(text: str, line: int, column: str) -> str | None:
    found = _CONTROL.search(text)
    if found is None:
        return None
    char = found.group()
    what = (
        _("a NUL character")
        if char == "\x00"
        else _("the control character {code}").format(code=f"U+{ord(char):04X}")
    )
    return _(
        "{where}: {text} holds {what}, which no score sheet has (the file may be damaged); type "
        "the cell again"
    ).format(where=cell_place(line, column), text=shown(text), what=what)


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
                _("{where}: missing value (every row needs {what})").format(
                    where=cell_place(line, column), what=_(_WHAT[column])
                )
            )
            continue
        if column == "player":
            row.player = text
            continue
        number = _whole(text, line, column, problems)
        if number is None:
            continue
        named = {"where": cell_place(line, column), "number": number}
        if column == "game":
            if number < 1:
                problems.append(
                    _("{where}: {number} is not a game number (games are numbered from 1)").format(
                        **named
                    )
                )
            else:
                row.game = number
        elif column == "hand":
            if not 1 <= number <= HANDS_PER_GAME:
                problems.append(
                    _(
                        "{where}: {number} is not a hand number (a game has hands 1 to {hands})"
                    ).format(hands=HANDS_PER_GAME, **named)
                )
            else:
                row.hand = number
        elif column == "bid":
            if not 0 <= number <= cards_per_hand:
                problems.append(
                    _("{where}: {number} is not a bid (bids are 0 to {cards})").format(
                        cards=cards_per_hand, **named
                    )
                )
            else:
                row.bid = number
        elif not 0 <= number <= cards_per_hand:
            problems.append(
                _(
                    "{where}: {number} is not a number of tricks (a player takes 0 to {cards})"
                ).format(cards=cards_per_hand, **named)
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
                _(
                    "{where}: {text} is not yes or no (mark the dealer yes, leave the others empty)"
                ).format(
                    where=cell_place(line, DEALER_COLUMN), text=shown(row.cells[DEALER_COLUMN])
                )
            )


def header_problems(header: list[str], line: int) -> list[str]:
    problems = []
    listed = _(LISTED_COLUMNS)
    for column in SHEET_COLUMNS:
        if column not in header:
            problems.append(
                _("line {line}: missing column {column} (the columns are {columns})").format(
                    line=line, column=repr(column), columns=listed
                )
            )
    for index, column in enumerate(header):
        if column and column not in HEADER_NAMES:
            problems.append(
                _(
                    "line {line}: unknown column {column} (column {number}; the columns are "
                    "{columns})"
                ).format(line=line, column=shown(column), number=index + 1, columns=listed)
            )
        elif column and header.index(column) != index:
            problems.append(
                _("line {line}: column {column} appears twice").format(
                    line=line, column=repr(column)
                )
            )
    return problems


def _lines(rows: Sequence[SheetRow]) -> str:
    """The rows' lines, short: ``line 4``, ``lines 2-5``, ``lines 2, 7, 9``; at most
    five numbers then a count (rows are in file order, so lines only increase).

    >>> _lines([SheetRow(line, {}) for line in (2, 7, 9, 11, 13, 15, 17)])
    'lines 2, 7, 9, 11, 13 and 2 more'
    """
    first, last = rows[0].line, rows[-1].line
    if len(rows) == 1:
        return _("line {line}").format(line=first)
    if last - first == len(rows) - 1:
        return _("lines {first}-{last}").format(first=first, last=last)
    listed = ", ".join(str(row.line) for row in rows[:5])
    if len(rows) > 5:
        return _("lines {lines} and {more} more").format(lines=listed, more=len(rows) - 5)
    return _("lines {lines}").format(lines=listed)


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
                _(
                    "line {line}: game {game}, hand {hand} started earlier ({lines}); keep each "
                    "hand's rows together, in bidding order with the dealer last (or add a "
                    "'dealer' column)"
                ).format(line=row.line, game=key[0], hand=key[1], lines=_lines(hands[key]))
            )
        hands.setdefault(key, []).append(row)
        last_key = key
    first_hand: dict[int, tuple[int, list[SheetRow]]] = {}
    for (game, hand), members in sorted(hands.items()):
        name = _("game {game}, hand {hand} ({lines})").format(
            game=game, hand=hand, lines=_lines(members)
        )
        seen: dict[str, int] = {}
        for row in members:
            if row.player is None:
                continue
            if row.player in seen:
                problems.append(
                    _(
                        "{where}: {name} is already in game {game}, hand {hand} (line {line})"
                    ).format(
                        where=cell_place(row.line, "player"),
                        name=shown(row.player),
                        game=game,
                        hand=hand,
                        line=seen[row.player],
                    )
                )
            else:
                seen[row.player] = row.line
        count = len(members)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            problems.append(
                ngettext(
                    "{name}: {count} player; a hand has {least} to {most} players",
                    "{name}: {count} players; a hand has {least} to {most} players",
                    count,
                ).format(name=name, count=count, least=MIN_PLAYERS, most=MAX_PLAYERS)
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
                    _(
                        "{name}, column 'tricks': the tricks add up to {total}, but a hand has "
                        "{cards} tricks"
                    ).format(name=name, total=total, cards=cards_per_hand)
                )
        dealer = _find_dealer(members, has_dealer, name, problems)
        bids = [row.bid for row in members if row.bid is not None]
        if dealer is not None and dealer.bid is not None and len(bids) == count:
            others = sum(bids) - dealer.bid
            if dealer.bid == forbidden_bid(others, cards_per_hand) and count >= MIN_PLAYERS:
                who = shown(dealer.player, quoted=False)
                problems.append(
                    _(
                        "{where}: the dealer ({who}) may not bid {bid}: the bids would total "
                        "{cards}, the number of tricks"
                    ).format(
                        where=cell_place(dealer.line, "bid"),
                        who=who,
                        bid=dealer.bid,
                        cards=cards_per_hand,
                    )
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
    parts = [
        _("{name} is not in hand {hand}").format(name=shown(who), hand=first_number)
        for who in sorted(now - before, key=str)
    ]
    parts += [
        _("{name} is missing").format(name=shown(who)) for who in sorted(before - now, key=str)
    ]
    problems.append(
        _("{name}, column 'player': not the same players as hand {hand} ({lines}): {parts}").format(
            name=name, hand=first_number, lines=_lines(first_rows), parts="; ".join(parts)
        )
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
        problems.append(
            _("{name}, column 'dealer': no dealer marked; mark exactly one").format(name=name)
        )
    else:
        problems.append(
            _("{name}, column 'dealer': {count} dealers marked ({lines}); mark exactly one").format(
                name=name, count=len(marked), lines=_lines(marked)
            )
        )
    return None
