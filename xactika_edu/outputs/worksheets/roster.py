"""A class roster: the students' names, one a line, each printed on its own worksheet.

``xactika-edu worksheet --roster names.txt`` reads a UTF-8 text file with one student's
name a line; blank lines and the spaces around a name are ignored. Student k of the
roster gets worksheet k (seed ``seed + k - 1``, so the same roster and seed give the
same sheets), with the name written on the sheet's Name line and beside the ANSWER
KEY badge of its key.

A name is printed as written, in DejaVu Sans (:mod:`xactika_edu.outputs.pdftext`):
Zoë, José and Nguyễn Văn An print in both languages. A name with a character the font
cannot draw (Chinese, Japanese or Korean characters, emoji) is refused with the name,
its line and the character, never printed as an empty box. Names are normalized to
Unicode NFC first, so a letter typed as a letter and a combining accent prints as one.

The same name twice is allowed (two students can share a name): each gets their own
sheet, told apart by the sheet number printed on the sheet and its key, and
:func:`repeated_names` lists them so the command line can say so.

>>> check_names(["  Zoë ", "José", "Nguyễn Văn An"])
('Zoë', 'José', 'Nguyễn Văn An')
>>> check_names(["Ana", "王小明"])
Traceback (most recent call last):
...
xactika_edu.XactikaError: the name '王小明' (line 2) has '王' (U+738B), which the ...
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from ...base.errors import XactikaError
from ...base.language import gettext as _
from ..pdftext import undrawable
from .sheet import MAX_STUDENTS

__all__ = ["MAX_NAME", "check_names", "read_roster", "repeated_names"]

#: The longest name, in characters, a sheet prints.
MAX_NAME = 40


def check_names(names: Iterable[str], *, where: str = "") -> tuple[str, ...]:
    """``names`` as the sheets print them: stripped, NFC-normalized, blank ones dropped.

    Args:
        names: one name per student, in order (a roster file's lines).
        where: the roster file, named in errors (``""``: none).

    Returns:
        the names, 1 to :data:`~.sheet.MAX_STUDENTS` of them.

    Raises:
        XactikaError: for no names, more than :data:`~.sheet.MAX_STUDENTS`, a name
            longer than :data:`MAX_NAME` characters, or a name with a character the
            font cannot draw (naming the name, its line and the character).
    """
    found: list[str] = []
    for line, raw in enumerate(names, start=1):
        name = unicodedata.normalize("NFC", raw.replace("\ufeff", "")).strip()
        if not name:
            continue
        lost = undrawable(name) or "".join(ch for ch in name if unicodedata.category(ch) == "Cc")
        if lost:
            raise XactikaError(
                _(
                    "the name {name!r} (line {line}) has {char!r} (U+{code:04X}), which the "
                    "worksheets' font (DejaVu Sans) cannot draw; write the name in letters "
                    "it can draw (Latin, Greek or Cyrillic)"
                ).format(name=name, line=line, char=lost[0], code=ord(lost[0]))
                + _where(where)
            )
        if len(name) > MAX_NAME:
            raise XactikaError(
                _(
                    "the name {name!r} (line {line}) is {length} characters long; a "
                    "worksheet prints at most {most}"
                ).format(name=name, line=line, length=len(name), most=MAX_NAME)
                + _where(where)
            )
        found.append(name)
    if not found:
        raise XactikaError(_("the roster has no names") + _where(where))
    if len(found) > MAX_STUDENTS:
        raise XactikaError(
            _("the roster has {count} names; a class set has at most {most}").format(
                count=len(found), most=MAX_STUDENTS
            )
            + _where(where)
        )
    return tuple(found)


def _where(path: str) -> str:
    return _(" (roster file {path!r})").format(path=path) if path else ""


def read_roster(path: str | Path) -> tuple[str, ...]:
    """The names in the roster file ``path`` (UTF-8, one name a line), checked by
    :func:`check_names`.

    Raises:
        XactikaError: naming the file if it is missing, not a file, unreadable, not
            UTF-8 text (with the line), or as :func:`check_names`.
    """
    file = Path(path)
    shown_path = str(file)
    if not file.is_file():
        missing = _("the roster file {path!r} does not exist") if not file.exists() else None
        raise XactikaError(
            (missing or _("the roster {path!r} is not a file")).format(path=shown_path)
        )
    try:
        data = file.read_bytes()
    except OSError as error:
        raise XactikaError(
            _("cannot read the roster file {path!r}: {reason}").format(
                path=shown_path, reason=error.strerror or error
            )
        ) from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise XactikaError(
            _(
                "the roster file {path!r} is not UTF-8 text (line {line}); save it as "
                "UTF-8 (plain text) and try again"
            ).format(path=shown_path, line=line)
        ) from None
    return check_names(text.splitlines(), where=shown_path)


def repeated_names(names: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """Each name that is on the roster more than once, with its sheet numbers (from 1).

    >>> repeated_names(["Ana", "José", "Ana"])
    {'Ana': (1, 3)}
    """
    sheets: dict[str, list[int]] = {}
    for number, name in enumerate(names, start=1):
        sheets.setdefault(name, []).append(number)
    return {name: tuple(numbers) for name, numbers in sheets.items() if len(numbers) > 1}
