"""Worksheets in Spanish and with the students' names (issue 14, item 4).

The PDFs print in DejaVu Sans, embedded: Spanish sheets read without English (the PDF
text, as pdftotext extracts it, scanned by tests/spanish_leaks.py), with á é í ó ú ñ ¿
extracted as themselves; a roster's names (Zoë, José, Nguyễn Văn An) print on each
sheet and its key in both languages; a name the font cannot draw (王小明) or a bad
roster file is refused with a clear error naming it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from spanish_leaks import english_leaks
from test_worksheets import pdf_text

from xactika_edu.base.errors import XactikaError
from xactika_edu.base.language import use_language
from xactika_edu.outputs.cli import main
from xactika_edu.outputs.pdftext import undrawable
from xactika_edu.outputs.worksheets import (
    bar_graph_worksheet,
    export_worksheets,
    pie_chart_worksheet,
    read_roster,
    score_sheet_pdf,
)
from xactika_edu.outputs.worksheets.levels import LEVELS
from xactika_edu.outputs.worksheets.roster import check_names, repeated_names
from xactika_edu.outputs.worksheets.sheet import sheet_pdf

PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext is not installed")

NAMES = ("Zoë", "José", "Nguyễn Văn An")
# What may stay as it is in a Spanish sheet: the game's and the program's names.
ALLOWED = ("Xactika", "xactika-edu")


def _spanish_pages(tmp_path: Path) -> dict[str, str]:
    """Each translated kind at each level, sheet and key, in Spanish (seed 5 groups the
    pie chart by face value, seed 6 by a shape)."""
    pages = {}
    with use_language("es"):
        for level in LEVELS:
            for name, sheet in (
                ("bar-graph", bar_graph_worksheet(5, level=level)),
                ("pie-chart", pie_chart_worksheet(5, level=level)),
                ("pie-chart by balls", pie_chart_worksheet(6, level=level)),
            ):
                for key in (False, True):
                    where = f"{name} {level} {'key' if key else 'sheet'}"
                    data = sheet_pdf(sheet, key=key, paper="letter", name="José")
                    pages[where] = pdf_text(data, tmp_path, "page.pdf")
        pages["score sheet"] = pdf_text(score_sheet_pdf(players=6), tmp_path, "page.pdf")
    return pages


@needs_pdftotext
def test_spanish_sheets_have_no_english_and_print_spanish_letters(tmp_path: Path) -> None:
    pages = _spanish_pages(tmp_path)
    leaks = {
        where: found for where, text in pages.items() if (found := english_leaks(text, ALLOWED))
    }
    assert leaks == {}
    everything = " ".join(pages.values())
    for letter in "áéíóúñ¿":
        assert letter in everything, letter
    assert "¿Qué valor aparece más veces en tus cartas?" in pages["bar-graph core sheet"]
    assert "CLAVE DE RESPUESTAS" in pages["pie-chart core key"]
    assert "Hoja 1 de 1 · semilla 5" in pages["pie-chart core sheet"]
    assert "Hoja de puntuación de Xactika" in pages["score sheet"]


@needs_pdftotext
def test_english_sheets_still_read_as_before(tmp_path: Path) -> None:
    # Drawn in English the sheets say what they said in Helvetica (tests pin more).
    text = pdf_text(pie_chart_worksheet(1006, number=7, of=30).student_pdf(), tmp_path, "page.pdf")
    assert "Xactika graphing page: pie chart Worksheet 7 of 30 · seed 1006" in text
    assert "These 20 cards were drawn from a shuffled Xactika deck." in text
    assert "Name Date Class" in text
    key = pdf_text(pie_chart_worksheet(1006, number=7, of=30).key_pdf(), tmp_path, "page.pdf")
    assert "ANSWER KEY" in key
    assert "For the teacher: compare each student's table, pie chart and answers" in key
    assert english_leaks(text) != []  # the scan finds English where there is some


def test_pdf_embeds_dejavu_and_states_its_language() -> None:
    english = pie_chart_worksheet(5).student_pdf()
    with use_language("es"):
        spanish = pie_chart_worksheet(5).student_pdf()
    for data in (english, spanish):
        assert b"/FontFile2" in data and b"DejaVuSans" in data
        assert b"/Helvetica" not in data
    assert b"/Lang (en-US)" in english
    assert b"/Lang (es-MX)" in spanish


@needs_pdftotext
@pytest.mark.parametrize("language", ["en", "es"])
def test_roster_names_print_on_each_sheet_and_key(tmp_path: Path, language: str) -> None:
    paths = export_worksheets(
        tmp_path, kind="pie-chart", students=3, seed=5, names=NAMES, language=language
    )
    folder = tmp_path / "pie-chart"
    assert paths[0] == folder / "student-01.pdf"
    for number, name in enumerate(NAMES, start=1):
        sheet = pdf_text((folder / f"student-0{number}.pdf").read_bytes(), tmp_path, "page.pdf")
        key = pdf_text((folder / f"student-0{number}-key.pdf").read_bytes(), tmp_path, "page.pdf")
        label = "Nombre" if language == "es" else "Name"
        assert f"{label} {name}" in sheet
        assert name in key
    every_key = pdf_text((folder / "all-keys.pdf").read_bytes(), tmp_path, "page.pdf")
    assert all(name in every_key for name in NAMES)


def test_the_same_seed_and_roster_give_the_same_bytes() -> None:
    first = sheet_pdf(pie_chart_worksheet(5), key=True, paper="letter", name="Zoë")
    again = sheet_pdf(pie_chart_worksheet(5), key=True, paper="letter", name="Zoë")
    assert first == again


def test_a_name_the_font_cannot_draw_is_refused_naming_it(tmp_path: Path) -> None:
    assert undrawable("王小明") == "王小明"  # DejaVu Sans has no Chinese characters
    assert undrawable("".join(NAMES)) == ""
    roster = tmp_path / "names.txt"
    roster.write_text("Ana\n王小明\n", encoding="utf-8")
    with pytest.raises(XactikaError, match=r"'王小明' \(line 2\) has '王' \(U\+738B\)"):
        read_roster(roster)
    with use_language("es"), pytest.raises(XactikaError, match="no puede dibujar"):
        read_roster(roster)


def test_roster_lines_spaces_and_repeats() -> None:
    names = check_names(["  Zoë ", "", "José", "Zoe\u0308", "   "])
    assert names == ("Zoë", "José", "Zoë")  # stripped, blanks dropped, NFC
    assert repeated_names(names) == {"Zoë": (1, 3)}
    with pytest.raises(XactikaError, match="at most 40"):
        check_names(["A" * 41])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        (b"", "no names"),
        (b"\n  \n", "no names"),
        ("Zoë\nJosé\n".encode("latin-1"), r"is not UTF-8 text \(line 1\)"),
    ],
)
def test_a_bad_roster_file_is_named(tmp_path: Path, content: bytes | None, message: str) -> None:
    roster = tmp_path / "names.txt"
    if content is not None:
        roster.write_bytes(content)
    with pytest.raises(XactikaError, match=message) as error:
        read_roster(roster)
    assert str(roster) in str(error.value)


@needs_pdftotext
def test_cli_spanish_sheets_with_a_roster(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    roster = tmp_path / "names.txt"
    roster.write_text("Zoë\n\n  José \nZoë\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(
        [
            *("worksheet", "--kind", "pie-chart", "--lang", "es", "--roster", str(roster)),
            *("--seed", "5", "--out", str(out)),
        ]
    )
    said = capsys.readouterr()
    assert code == 0, said.err
    assert "Nota: 'Zoë' aparece 2 veces en la lista: hojas 1, 3." in said.out
    assert "Se escribieron 8 archivos PDF" in said.out
    text = pdf_text((out / "pie-chart" / "student-02.pdf").read_bytes(), tmp_path, "page.pdf")
    assert "Nombre José" in text and "Hoja 2 de 3" in text


@pytest.mark.parametrize(
    ("lines", "args", "message"),
    [
        ("Ana\n王小明\n", [], "'王小明' (line 2) has '王' (U+738B)"),
        ("Ana\nLuis\n", ["--students", "3"], "--students 3 does not match the 2 names"),
    ],
)
def test_cli_roster_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture, lines: str, args: list[str], message: str
) -> None:
    roster = tmp_path / "names.txt"
    roster.write_text(lines, encoding="utf-8")
    out = tmp_path / "out"
    code = main(["worksheet", "--roster", str(roster), "--out", str(out), *args])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
    assert re.match(r"xactika-edu: error: ", err)
