"""Tests for xactika_edu.base.csvtext: formula-safe cells both ways, the encodings a
spreadsheet saves, and one-step writes."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xactika_edu.base.csvtext import (
    FORMULA_STARTS,
    SEPARATORS,
    csv_text,
    decode_sheet,
    safe_cell,
    unescape_cell,
    write_text_file,
)
from xactika_edu.base.errors import XactikaError

# Text made of the characters that matter here, and any others.
_TEXT = st.lists(
    st.sampled_from(sorted(FORMULA_STARTS | SEPARATORS | set(" \u00a0\u200b\u200e\"'a1")))
    | st.characters(blacklist_categories=("Cs",))
).map("".join)


@given(_TEXT)
def test_unescape_undoes_safe_cell_for_every_text(text: str) -> None:
    escaped = safe_cell(text)
    assert isinstance(escaped, str)
    assert unescape_cell(escaped) == text
    assert escaped.replace("'", "") == text.replace("'", "")  # only "'" are added


@given(_TEXT)
def test_no_cell_start_is_a_formula_start_after_escaping(text: str) -> None:
    escaped = safe_cell(text)
    # every place a cell may start: the text's start, after each separator or space
    starts = [0] + [i + 1 for i, c in enumerate(escaped) if c in SEPARATORS or c.isspace()]
    for start in starts:
        rest = escaped[start:].lstrip(' \u00a0\u200b\u200e\t"\n\r')
        assert rest[:1] not in FORMULA_STARTS - {"'"}, (text, escaped, start)


def test_numbers_stay_numbers() -> None:
    assert [safe_cell(v) for v in (-2, np.int64(-3), 2.5, float("nan"), True, None)] == [
        -2,
        -3,
        2.5,
        "",
        "yes",
        "",
    ]
    assert csv_text(["a", "b"], [[-1, "=x"]]) == "a,b\r\n-1,'=x\r\n"


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (b"\xef\xbb\xbfa;b", "a;b"),
        ("\ufeffa\tb".encode("utf-16"), "a\tb"),
        ("a\tb\u00e9".encode("utf-16-le"), "a\tb\u00e9"),
        ("\ufeffa".encode("utf-32"), "a"),
        ("Zo\u00eb,N\u00fa\u00f1ez,\u00c5sa".encode("cp1252"), "Zo\u00eb,N\u00fa\u00f1ez,\u00c5sa"),
        ("\u0418\u0432\u0430\u043d".encode("cp1251"), None),  # Cyrillic, own code page
        ("\u039c\u03b1\u03c1\u03af\u03b1".encode("cp1253"), None),  # Greek, own code page
        ("Jos\u00e9".encode("mac_roman"), None),  # old Mac: 0x8e is no Latin-1 letter
        (b"\x81\x8d", None),
    ],
)
def test_decode_sheet(data: bytes, text: str | None) -> None:
    assert decode_sheet(data) == text


def test_write_text_file(tmp_path: Path) -> None:
    path = write_text_file(tmp_path / "a.csv", "x")
    assert path.read_text() == "x"
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()
    with pytest.raises(XactikaError, match=r"a\.csv' already exists; pass overwrite=True"):
        write_text_file(path, "y")
    with pytest.raises(XactikaError, match="is a folder"):
        write_text_file(tmp_path, "y")
    with pytest.raises(XactikaError, match=r"cannot write '.*': embedded null byte"):
        write_text_file(tmp_path / "a\x00b.csv", "y")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_write_text_file_without_permission(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(XactikaError, match=r"cannot write .*: permission denied"):
            write_text_file(tmp_path / "a.csv", "x")
    finally:
        tmp_path.chmod(0o700)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_windows_csv_with_curly_apostrophes_and_dashes_is_read():
    # Excel on Windows saves "CSV" in Windows-1252; Word and Excel turn O'Brien into
    # O’Brien (byte 0x92) and "-" into an en dash (0x96).
    for name in ("O’Brien", "Ana – Luisa", "“Ben”", "Zoë…"):
        assert decode_sheet(f"player\n{name}\n".encode("cp1252")) == f"player\n{name}\n"
    assert decode_sheet("Иван Петров".encode("cp1251")) is None
