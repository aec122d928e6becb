"""CSV text as spreadsheets read and write it: formula-safe cells, the encodings a
spreadsheet saves, and a file written in one step.

**Formula-safe cells.** A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``
or ``@`` (also their full-width forms) as a formula (OWASP, "CSV Injection"). Which
text *starts* a cell depends on the separator the spreadsheet splits the lines on:
a comma, a semicolon (Excel in much of Europe), a tab, a space, a ``|``, or a line
break inside a quoted cell; and a spreadsheet may trim spaces, even no-break or
zero-width ones. So :func:`safe_cell` puts a ``'`` (the spreadsheet sign for "this
is text") before every such character that could start a cell *whatever the
separator*: at the start of the text and after any separator, space, invisible
character or ``"``.
:func:`unescape_cell` removes exactly those ``'`` again, so
``unescape_cell(safe_cell(text)) == text`` for every text.

>>> safe_cell("Ana;=1+1;"), safe_cell(" =1+1"), safe_cell("Ana"), safe_cell(-2)
("Ana;'=1+1;", " '=1+1", 'Ana', -2)
>>> unescape_cell("Ana;'=1+1;")
'Ana;=1+1;'

The module is the base layer of class data: it knows nothing of score sheets.
"""

from __future__ import annotations

import csv
import io
import math
import os
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from .checks import shown
from .errors import XactikaError
from .files import write_file
from .language import gettext as _

__all__ = [
    "FORMULA_STARTS",
    "SEPARATORS",
    "csv_text",
    "decode_sheet",
    "reason_of",
    "safe_cell",
    "unescape_cell",
    "write_text_file",
]

#: A cell whose text starts with one of these may run as a formula; ``'`` is here so
#: that an escaped cell can be told from one that starts with ``'`` itself.
FORMULA_STARTS = frozenset("=+-@'\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\u2212")
#: Characters a spreadsheet may split a line on (comma, semicolon, tab, ``|``, line
#: breaks): a new cell may start after each of them, and after every space.
SEPARATORS = frozenset(",;\t|\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
# After these too a formula may start: spaces of every kind (a separator, or trimmed),
# invisible format characters (zero-width spaces, direction marks, the byte-order
# mark), control characters and the quote character.
_BLANK_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def _blank(char: str) -> bool:
    return char == '"' or unicodedata.category(char) in _BLANK_CATEGORIES


def safe_cell(value: object) -> object:
    """A value as a CSV cell that no spreadsheet runs as a formula.

    Whole numbers and finite floats stay numbers (so a spreadsheet can sum them,
    negative ones included); ``True``/``False`` become ``yes``/``no``; anything else
    becomes text with a ``'`` put before each formula start (:data:`FORMULA_STARTS`)
    that begins the text or follows a separator (:data:`SEPARATORS`), a space, an
    invisible character (Unicode Zs, Zl, Zp, Cc, Cf) or ``"``.
    :func:`unescape_cell` undoes it.

    >>> safe_cell("=SUM(A1:A9)"), safe_cell("x\\t@y"), safe_cell("'quoted"), safe_cell(3)
    ("'=SUM(A1:A9)", "x\\t'@y", "''quoted", 3)
    >>> safe_cell("Mary-Jane"), safe_cell("Mary - Jane")
    ('Mary-Jane', "Mary '- Jane")

    Args:
        value: the cell's value; ``None`` and NaN become an empty cell.

    Returns:
        an ``int`` or ``float`` for a number, else ``str``.
    """
    if value is None:
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        if math.isnan(value):
            return ""
        if math.isfinite(value):
            return float(value)
    text = str(value)
    out: list[str] = []
    start = True  # at the start of a cell, behind blanks at most
    for char in text:
        if start and char in FORMULA_STARTS:
            out.append("'")
        out.append(char)
        start = char in SEPARATORS or _blank(char)
    return "".join(out)


def unescape_cell(text: str) -> str:
    """Undo :func:`safe_cell` for text: drop each ``'`` it put in, and nothing else.

    >>> unescape_cell("''quoted"), unescape_cell("'Ana"), unescape_cell("a; '-b")
    ("'quoted", "'Ana", 'a; -b')
    """
    if "'" not in text:
        return text
    out: list[str] = []
    start = True
    index = 0
    while index < len(text):
        char = text[index]
        if start and char == "'" and text[index + 1 : index + 2] in FORMULA_STARTS:
            char = text[index + 1]  # an escape: keep the formula start, drop the "'"
            index += 1
        out.append(char)
        start = char in SEPARATORS or _blank(char)
        index += 1
    return "".join(out)


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text (RFC 4180, ``\\r\\n`` line ends) with every cell made safe.

    Numbers are written as numbers, text through :func:`safe_cell`; a cell holding a
    separator, a ``"`` or a line break is quoted, so it is read back whole.

    >>> csv_text(["name", "score"], [["=A1", -2], ["Ben", 3]])
    "name,score\\r\\n'=A1,-2\\r\\nBen,3\\r\\n"
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([safe_cell(str(cell)) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return buffer.getvalue()


# --- reading what a spreadsheet saved ------------------------------------------------------

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")
# Latin letters of Windows-1252 (what Excel on Windows saves as plain "CSV" in western
# Europe and the Americas): Latin-1's letters, without the signs x and /.
# (Not its Š, Œ, Ž: byte 0x8e is é on an old Mac, which must not be read as Ž.)
_LATIN_LETTERS = frozenset(chr(code) for code in range(0xC0, 0x100)) - {"\xd7", "\xf7"}
# Its typographic signs, which Word and Excel put in names and notes: curly quotes and
# apostrophes (O’Brien), dashes, the ellipsis, the bullet and the no-break space.
_CP1252_SIGNS = frozenset("‘’‚“”„–—…•\xa0")


def decode_sheet(data: bytes, western: bool = True) -> str | None:
    """The text of a CSV file as a spreadsheet saves it, or None if it cannot be read.

    Read: UTF-8 with or without a byte-order mark ("CSV UTF-8"); UTF-16 with a
    byte-order mark (Excel's "Unicode text", tab-separated) or without one; and
    Windows-1252 ("CSV" from Excel on Windows) when every letter outside ASCII is a
    western European one (``é``, ``ñ``, ``ü`` ...) inside a mostly plain word (curly
    apostrophes, quotes and dashes are allowed too), so
    text in another code page is refused rather than read as the wrong letters.
    The text keeps its line ends; a byte-order mark is removed.

    Args:
        data: the file's bytes.
        western: whether to try Windows-1252 when the text is not Unicode.

    >>> decode_sheet("Zoë".encode("cp1252")), decode_sheet("\\ufeffZoë".encode("utf-16"))
    ('Zoë', 'Zoë')
    >>> decode_sheet("Иван".encode("cp1251")) is None  # Cyrillic in its own code page
    True
    >>> decode_sheet("O’Brien – Zoë".encode("cp1252"))  # Word's apostrophes and dashes
    'O’Brien – Zoë'
    """
    if data.startswith(_UTF32_BOMS):
        return _decode(data, "utf-32")
    if data.startswith(_UTF16_BOMS):
        return _decode(data, "utf-16")
    if data.count(0) * 3 >= len(data) > 0 and len(data) % 2 == 0:
        # UTF-16 without a byte-order mark: every other byte of plain text is zero
        return _decode(data, "utf-16-be" if data[0] == 0 else "utf-16-le")
    text = _decode(data, "utf-8-sig")
    if text is not None:
        return text
    text = _decode(data, "cp1252") if western else None
    return text if text is not None and _western(text) else None


def _decode(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None


def _western(text: str) -> bool:
    """Whether text read as Windows-1252 looks like western names, not another code page:
    each letter outside ASCII is a Latin-1 letter, and each word has at least as many
    plain letters (``Zoë``, ``Núñez``; not ``Èâàí``, which is Cyrillic read wrongly)."""
    plain = foreign = 0
    for char in text + " ":
        if char.isascii() and char.isalpha():
            plain += 1
        elif char in _LATIN_LETTERS:
            foreign += 1
        elif char in _CP1252_SIGNS:
            plain += 1  # O’Brien is one plain word
        elif not char.isascii():
            return False
        else:
            if foreign > plain:
                return False
            plain = foreign = 0
    return True


# --- writing in one step -------------------------------------------------------------------


def write_text_file(
    path: str | os.PathLike[str], text: str, *, overwrite: bool = False, encoding: str = "utf-8"
) -> Path:
    """Write ``text`` to ``path`` in one step: a temporary file in the same folder, then
    renamed over it, so the file is never half-written.

    The file gets the user's usual permissions (``0o666`` less the umask), or the
    permissions of the file it replaces.

    Returns:
        the path written.

    Raises:
        XactikaError: naming the path, if it exists and not ``overwrite``, is a folder,
            its folder does not exist, or it cannot be written (no space, no
            permission, a name too long).
    """
    if not isinstance(overwrite, bool):
        raise XactikaError(
            _("overwrite must be True or False, got {overwrite}").format(overwrite=shown(overwrite))
        )
    path = Path(path)
    name = shown(str(path), 120)
    try:
        if path.is_dir():
            raise XactikaError(
                _("{name} is a folder; give a file name like 'class.csv'").format(name=name)
            )
        if path.exists() and not overwrite:
            raise XactikaError(
                _("{name} already exists; pass overwrite=True to replace it").format(name=name)
            )
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise XactikaError(
                _("cannot write {name}: the folder {folder} does not exist").format(
                    name=name, folder=shown(str(folder), 120)
                )
            )
        write_file(path, text.encode(encoding), overwrite=overwrite)
    except XactikaError:
        raise
    except FileExistsError:
        raise XactikaError(
            _("{name} already exists; pass overwrite=True to replace it").format(name=name)
        ) from None
    except (OSError, ValueError) as error:  # a name too long or with a NUL, no permission
        raise XactikaError(
            _("cannot write {name}: {error}").format(name=name, error=reason_of(error))
        ) from None
    return path


def reason_of(error: Exception) -> str:
    """Why a file could not be read or written, as a message says it.

    >>> reason_of(OSError(36, "File name too long")), reason_of(ValueError("embedded null byte"))
    ('file name too long', 'embedded null byte')
    """
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error)
