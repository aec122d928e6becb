"""Reading a score-sheet file as spreadsheets write it: the bytes to text, the header
found, the lines split into records, a stray quote named.

:func:`read_records` is the whole of it; :mod:`xactika_edu.teaching.classdata.scoresheet` turns the
records into rows and :mod:`xactika_edu.teaching.classdata.scorechecks` checks them. Every way
a file can
fail to be a score sheet (not found, a workbook, an unknown encoding, far too big, no
header on the first line) is one :class:`~xactika_edu.base.errors.ScoreSheetError`.
"""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from pathlib import Path
from typing import BinaryIO, NamedTuple, TextIO

from ...base.checks import shown
from ...base.csvtext import decode_sheet, reason_of, unescape_cell
from ...base.errors import XactikaError
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from .scorechecks import (
    HEADER_NAMES,
    LISTED_COLUMNS,
    SHEET_COLUMNS,
    Problems,
    ScoreSheetError,
)

__all__ = ["MAX_SHEET_BYTES", "SheetRecords", "clean_cell", "normal_text", "read_records"]

#: The largest file :func:`load_scores` reads: a class of 30 playing every day for a
#: year writes about 1 MB, so a bigger file is some other file (and would need
#: gigabytes of memory to check).
MAX_SHEET_BYTES = 5_000_000


class SheetRecords(NamedTuple):
    """A score-sheet file read into records."""

    #: The file's name, for messages (None for an open file without one).
    source: str | None
    #: Each non-empty record from the header on: its first line (the file's first
    #: line is 1) and its cells, cleaned (:func:`clean_cell`). The first is the header.
    records: list[tuple[int, list[str]]]


def read_records(
    source: str | os.PathLike[str] | TextIO | BinaryIO, problems: Problems
) -> SheetRecords:
    """Read a score-sheet file into records, adding a problem for each stray ``"``.

    Args:
        source: a file name or an open file (text or binary), at most
            :data:`MAX_SHEET_BYTES`.
        problems: where a stray quote is reported (the sheet is then refused, but
            its other lines are still read and checked).

    Returns:
        the file's name and its records (:class:`SheetRecords`).

    Raises:
        ScoreSheetError: with one problem, if the file cannot be read as a score
            sheet (as listed in ``docs/class-data.md``).
        XactikaError: if ``source`` is neither a file name nor an open file.
    """
    text, name = _read_text(source)
    lines = _LINE_BREAK.split(text)
    try:
        header_index, delimiter = _find_header(lines)
    except ScoreSheetError as error:
        raise ScoreSheetError(error.problems, name) from None
    records = []
    for start, record in _records(text, lines, header_index, delimiter, problems):
        cells = [clean_cell(cell) for cell in record]
        if any(cells):
            records.append((start, cells))
    return SheetRecords(name, records)


# --- reading the file ---------------------------------------------------------------------

#: How spreadsheet files (not CSV) begin: a zip archive (.xlsx, .ods, .numbers) or an
#: old Office file (.xls).
_SPREADSHEET_SIGNATURES = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
#: The spreadsheet program that writes each kind of file.
_SPREADSHEET_KINDS = {
    ".xlsx": "Excel",
    ".xlsm": "Excel",
    ".xls": "Excel",
    ".ods": "LibreOffice",
    ".numbers": "Numbers",
}
#: What to say of a spreadsheet file, by its program and whether the file has a name.
_LOOKS_LIKE = {
    ("Excel", True): N_(
        "{name} looks like an Excel file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file"
    ),
    ("LibreOffice", True): N_(
        "{name} looks like a LibreOffice file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file"
    ),
    ("Numbers", True): N_(
        "{name} looks like a Numbers file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file"
    ),
    ("Excel", False): N_(
        "the file looks like an Excel file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file"
    ),
}


def _not_text_message(data: bytes | None, name: str | None) -> str:
    """One message for a file that is not CSV text: a spreadsheet file (told by its
    first bytes or its name), or text in an encoding that cannot be read.

    >>> print(_not_text_message(b"PK\\x03\\x04...", "scores.xlsx"))  # doctest: +ELLIPSIS
    'scores.xlsx' looks like an Excel file, not CSV: save it from the spreadsheet as 'CSV UTF-8 ...
    >>> print(_not_text_message(b"game,player\\n1,\\xc8\\xe2", "scores.csv"))  # doctest: +ELLIPSIS
    the file is not UTF-8 text: save it from the spreadsheet as 'CSV UTF-8 (comma delimited)' ...
    """
    suffix = Path(name).suffix.lower() if name else ""
    kind = _SPREADSHEET_KINDS.get(suffix)
    if kind is None and data is not None and data.startswith(_SPREADSHEET_SIGNATURES):
        kind = "Excel"  # a zip or an old Office file: almost always a workbook
    if kind is None:
        return _(
            "the file is not UTF-8 text: save it from the spreadsheet as "
            "'CSV UTF-8 (comma delimited)' and load that file"
        )
    return _(_LOOKS_LIKE[kind, bool(name)]).format(name=shown(name, 80) if name else "")


def _too_big(size: int | None, name: str | None) -> ScoreSheetError:
    """The file is ``size`` bytes (None: more than the most read)."""
    most = f"{MAX_SHEET_BYTES / 1e6:.0f}"
    if size is None:
        problem = _(
            "the file is over {most} MB, far bigger than any class's score sheet (at most "
            "{most} MB): is it the right file? If it is, split it into smaller sheets"
        ).format(most=most)
    else:
        problem = _(
            "the file is {size} MB, far bigger than any class's score sheet (at most {most} "
            "MB): is it the right file? If it is, split it into smaller sheets"
        ).format(size=f"{size / 1e6:.1f}", most=most)
    return ScoreSheetError([problem], name)


def _text_of(data: bytes, name: str | None) -> str:
    # A file named like a workbook is read only if it is Unicode text: other bytes there
    # are far more likely a workbook than Windows-1252 CSV.
    workbook = Path(name or "").suffix.lower() in _SPREADSHEET_KINDS
    text = None if data.startswith(_SPREADSHEET_SIGNATURES) else decode_sheet(data, not workbook)
    if text is None:
        raise ScoreSheetError([_not_text_message(data, name)], name)
    return text


def _read_text(source: str | os.PathLike[str] | TextIO | BinaryIO) -> tuple[str, str | None]:
    """The file's text and a name for messages; at most :data:`MAX_SHEET_BYTES`."""
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else None
        try:
            data = source.read(MAX_SHEET_BYTES + 1)
        except UnicodeDecodeError:
            raise ScoreSheetError([_not_text_message(None, name)], name) from None
        except (OSError, ValueError) as error:  # a closed file, a file not open to read
            problem = _("cannot read the file: {reason}").format(reason=reason_of(error))
            raise ScoreSheetError([problem], name) from None
        if len(data) > MAX_SHEET_BYTES:
            raise _too_big(None, name)
        if isinstance(data, (bytes, bytearray)):
            return _text_of(bytes(data), name), name
        if not isinstance(data, str):
            raise XactikaError(
                _("load_scores needs a CSV file, but reading it gave {value}").format(
                    value=shown(data)
                )
            )
        if data.startswith(("PK\x03\x04", "\ufeffPK\x03\x04")):
            raise ScoreSheetError([_not_text_message(b"PK\x03\x04", name)], name)
        return data.removeprefix("\ufeff"), name
    if not isinstance(source, (str, os.PathLike)):
        raise XactikaError(
            _("load_scores needs a file name or an open file, got {value}").format(
                value=shown(source)
            )
        )
    path = Path(source)
    name = str(path)
    try:
        if not path.exists():
            problem = _("file not found: {name} does not exist").format(name=shown(name, 80))
            raise ScoreSheetError([problem], name)
        if path.is_dir():
            problem = _("{name} is a folder, not a CSV file").format(name=shown(name, 80))
            raise ScoreSheetError([problem], name)
        size = path.stat().st_size
        if size > MAX_SHEET_BYTES:
            raise _too_big(size, name)
        with path.open("rb") as file:
            data = file.read(MAX_SHEET_BYTES + 1)
    except ScoreSheetError:
        raise
    except (OSError, ValueError) as error:  # a name too long, a NUL in it, no permission
        problem = _("cannot read {name}: {reason}").format(
            name=shown(name, 80), reason=reason_of(error)
        )
        raise ScoreSheetError([problem], name) from None
    if len(data) > MAX_SHEET_BYTES:  # it grew, or is a device
        raise _too_big(None, name)
    return _text_of(data, name), name


# --- the header ----------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BLANK_LINE = re.compile(r'[\s,;|"\ufeff\u200b]*')
_SEP_LINE = re.compile(r'\s*"?sep=(.)"?[\s,;\t]*', re.IGNORECASE)
_DELIMITERS = (",", ";", "\t")
#: How many lines are searched for a header that is not on the first line.
_HEADER_SEARCH = 20


def normal_text(text: str) -> str:
    """Text as a name is compared: Unicode NFC (so a typed and a pasted "José" are one
    name), spaces and zero-width characters off both ends.

    >>> normal_text(" Jose\u0301\u200b ") == "Jos\u00e9"
    True
    """
    if text.isascii():  # most cells: already NFC, no zero-width characters
        return text.strip()
    text = unicodedata.normalize("NFC", text).strip()
    return text.strip("\u200b\u200c\u200d\u2060\ufeff").strip()


def clean_cell(cell: str) -> str:
    """A cell as read: :func:`normal_text`, then
    :func:`~xactika_edu.base.csvtext.safe_cell`'s escapes undone."""
    return unescape_cell(normal_text(cell))


def _cells(line: str, delimiter: str) -> list[str]:
    return [clean_cell(cell).lower() for cell in next(csv.reader([line], delimiter=delimiter), [])]


def _delimiter(line: str) -> tuple[str, int]:
    """The separator that makes most known column names of ``line``, and how many."""
    counts = {d: len(HEADER_NAMES & set(_cells(line, d))) if d in line else -1 for d in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda d: counts[d])  # the first of equals: "," ";" tab
    if counts[best] < 0:  # no separator at all: one column
        return ",", len(HEADER_NAMES & {clean_cell(line).lower()})
    return best, counts[best]


def _find_header(lines: list[str]) -> tuple[int, str]:
    """The header's index in ``lines`` and the separator, or raise the one problem."""
    filled = [i for i, line in enumerate(lines) if not _BLANK_LINE.fullmatch(line)]
    columns = ",".join(SHEET_COLUMNS)
    if not filled:
        if any(line.strip() for line in lines):
            problem = _(
                "the file holds no names or numbers, only separators and quote marks: it needs "
                "a header line '{columns}' and one row per player per hand"
            )
        else:
            problem = _(
                "the file is empty: it needs a header line '{columns}' and one row per player "
                "per hand"
            )
        raise ScoreSheetError([problem.format(columns=columns)])
    first = filled[0]
    forced = _SEP_LINE.fullmatch(lines[first])
    if forced:
        delimiter = forced.group(1)
        filled = filled[1:]
        if not filled:  # the sep= line is the file's only filled line
            problem = _(
                "line {line} says {text} and nothing follows: the file holds no names or "
                "numbers, only separators and quote marks: it needs a header line '{columns}' "
                "and one row per player per hand"
            ).format(line=first + 1, text=shown(lines[first].strip()), columns=columns)
            raise ScoreSheetError([problem])
        known = len(HEADER_NAMES & set(_cells(lines[filled[0]], delimiter)))
    else:
        delimiter, known = _delimiter(lines[first])
    top = filled[0]
    if known:
        return top, delimiter
    for index in filled[1:_HEADER_SEARCH]:
        if _delimiter(lines[index])[1] >= 2:
            above = index - top
            problem = ngettext(
                "line {line}: {text} is above the header (line {header}); the header must be "
                "line 1: delete the line above it",
                "line {line}: {text} is above the header (line {header}); the header must be "
                "line 1: delete the lines above it",
                above,
            ).format(line=top + 1, text=shown(lines[top].strip()), header=index + 1)
            raise ScoreSheetError([problem])
    problem = _(
        "line {line}: {text} is not a header; the first line must name the columns {columns}"
    ).format(line=top + 1, text=shown(lines[top].strip()), columns=_(LISTED_COLUMNS))
    raise ScoreSheetError([problem])


# --- the rows ------------------------------------------------------------------------------


def _records(
    text: str, lines: list[str], header_index: int, delimiter: str, problems: Problems
) -> list[tuple[int, list[str]]]:
    """Each record from the header on, with its first line (1 = the file's first).

    A ``"`` that opens a quoted cell which then swallows whole rows (or runs to the
    end of the file) is reported on its line, and those lines are read on their own,
    the ``"`` as a plain character, so no row disappears into one cell.
    """
    records: list[tuple[int, list[str]]] = []
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, MAX_SHEET_BYTES + 1))  # a stray " may take the rest
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        end = 0
        while True:
            try:
                record = next(reader)
            except StopIteration:
                break
            except csv.Error as error:  # Python 3.10: "line contains NUL"
                start, end = end + 1, reader.line_num
                problems.append(
                    _("line {line}: cannot read the line ({error})").format(line=start, error=error)
                )
                continue
            start, end = end + 1, reader.line_num
            if start <= header_index:
                continue
            if end > start and _swallowed(record, lines[start - 1 : end], delimiter):
                for number in range(start, end + 1):
                    line = lines[number - 1]
                    if '"' in line:
                        problems.append(
                            _(
                                'line {line}: the " in {text} starts or ends a quoted cell '
                                'that runs over lines {start}-{end}; delete that " (or the '
                                "cell's other \")"
                            ).format(line=number, text=shown(line), start=start, end=end)
                        )
                    plain = csv.reader([line], delimiter=delimiter, quoting=csv.QUOTE_NONE)
                    records.append((number, next(plain, [])))
                continue
            records.append((start, record))
    finally:
        csv.field_size_limit(limit)
    return records


def _swallowed(record: list[str], raw: list[str], delimiter: str) -> bool:
    """Whether a record over several lines never closes its quote, or has a cell with a
    line break and two separators (a piece of a row, which a name typed on two lines
    hardly holds): a stray ``"``."""
    if sum(line.count('"') for line in raw) % 2:
        return True
    return any(("\n" in cell or "\r" in cell) and cell.count(delimiter) >= 2 for cell in record)
