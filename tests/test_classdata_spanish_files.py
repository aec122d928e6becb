"""Score-sheet files, exports, the class store's hands and file, and the class summaries:
their messages in Spanish when the language is Spanish, and the same English as before.

Each bad file is loaded twice: under ``use_language("es")`` its problems must be Spanish
(a Spanish word, no English word of :func:`spanish_leaks.english_leaks`; the CSV column
names ``game,hand,player,bid,tricks`` may stay, in quotes, as the file must have them),
and in English the problem must be the text pinned here, byte for byte.
"""

from __future__ import annotations

import io
import re
import sqlite3
import zipfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

from tests.spanish_leaks import english_leaks
from xactika_edu.base.errors import ClassCodeError, ClassError, ScoreSheetError, XactikaError
from xactika_edu.base.language import gettext as _
from xactika_edu.base.language import use_language
from xactika_edu.teaching.classdata.class_summaries import (
    example_scores,
    made_missed_counts,
    summary_by_player,
)
from xactika_edu.teaching.classdata.scorechecks import LISTED_COLUMNS
from xactika_edu.teaching.classdata.scorefile import MAX_SHEET_BYTES
from xactika_edu.teaching.classdata.scoresheet import export_scores, load_scores, template_csv
from xactika_edu.teaching.classdata.store import ClassStore
from xactika_edu.teaching.classdata.storedb import STORE_FILE
from xactika_edu.teaching.classdata.storehands import check_hand
from xactika_edu.teaching.classdata.tableseats import computer_name

HEADER = "game,hand,player,bid,tricks\n"
#: Words every Spanish message here has one of.
SPANISH = re.compile(
    r"\b(archivo|línea|líneas|encabezado|columna|columnas|jugador|jugadores|apuestas?|bazas|"
    r"repartidor|puntuaciones|clase|partida|mano|carpeta|datos|nombres?|debe|necesita)\b"
)
#: The file format's own words, which stay as the file must have them.
FORMAT_WORDS = ("'game,hand,player,bid,tricks'", "'CSV UTF-8 (delimitado por comas)'")


def problems_in(language: str, load: Callable[[], object]) -> list[str]:
    """The problems of the ScoreSheetError that ``load`` raises in ``language``."""
    with use_language(language), pytest.raises(ScoreSheetError) as caught:
        load()
    return caught.value.problems


def assert_spanish(text: str, allow: tuple[str, ...] = ()) -> None:
    assert SPANISH.search(text), text
    assert english_leaks(text, allow=FORMAT_WORDS + allow) == [], text


def write(path: str, text: str) -> Path:
    file = Path(path)
    file.write_text(text, encoding="utf-8")
    return file


# --- files that are not score sheets ---------------------------------------------------------


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a temporary folder, so messages quote short relative names."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def spreadsheet(name: str) -> Path:
    with zipfile.ZipFile(name, "w") as book:  # .xlsx and .ods files are zip archives
        book.writestr("xl/workbook.xml", "<workbook/>")
    return Path(name)


FILES: list[tuple[str, Callable[[], Path], str, str]] = [
    (
        "excel",
        lambda: spreadsheet("puntos.xlsx"),
        "'puntos.xlsx' looks like an Excel file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file",
        "'puntos.xlsx' parece un archivo de Excel, no un CSV: guárdalo desde la hoja de "
        "cálculo como 'CSV UTF-8 (delimitado por comas)' y carga ese archivo",
    ),
    (
        "libreoffice",
        lambda: spreadsheet("puntos.ods"),
        "'puntos.ods' looks like a LibreOffice file, not CSV: save it from the spreadsheet as "
        "'CSV UTF-8 (comma delimited)' and load that file",
        "'puntos.ods' parece un archivo de LibreOffice, no un CSV: guárdalo desde la hoja de "
        "cálculo como 'CSV UTF-8 (delimitado por comas)' y carga ese archivo",
    ),
    (
        "not-utf8",
        lambda: (
            Path("ruso.csv").write_bytes((HEADER + "1,1,Иван,3,2\n").encode("cp1251"))
            and Path("ruso.csv")
        ),
        "the file is not UTF-8 text: save it from the spreadsheet as 'CSV UTF-8 (comma "
        "delimited)' and load that file",
        "el archivo no es texto UTF-8: guárdalo desde la hoja de cálculo como 'CSV UTF-8 "
        "(delimitado por comas)' y carga ese archivo",
    ),
    (
        "empty",
        lambda: write("vacio.csv", "\n\n"),
        "the file is empty: it needs a header line 'game,hand,player,bid,tricks' and one row "
        "per player per hand",
        "el archivo está vacío: necesita una línea de encabezado 'game,hand,player,bid,tricks' "
        "y una fila por cada jugador en cada mano",
    ),
    (
        "separators",
        lambda: write("comas.csv", ',,,\n"";;\n'),
        "the file holds no names or numbers, only separators and quote marks: it needs a "
        "header line 'game,hand,player,bid,tricks' and one row per player per hand",
        "el archivo no tiene nombres ni números, solo separadores y comillas: necesita una "
        "línea de encabezado 'game,hand,player,bid,tricks' y una fila por cada jugador en "
        "cada mano",
    ),
    (
        "sep-only",
        lambda: write("sep.csv", "sep=;\n"),
        "line 1 says 'sep=;' and nothing follows: the file holds no names or numbers, only "
        "separators and quote marks: it needs a header line 'game,hand,player,bid,tricks' and "
        "one row per player per hand",
        "la línea 1 dice 'sep=;' y después no hay nada: el archivo no tiene nombres ni "
        "números, solo separadores y comillas: necesita una línea de encabezado "
        "'game,hand,player,bid,tricks' y una fila por cada jugador en cada mano",
    ),
    (
        "one-line-above",
        lambda: write("titulo.csv", "Periodo 3\n" + HEADER + "1,1,Ben,3,3\n1,1,Ana,4,5\n"),
        "line 1: 'Periodo 3' is above the header (line 2); the header must be line 1: delete "
        "the line above it",
        "línea 1: 'Periodo 3' está arriba del encabezado (línea 2); el encabezado debe ser la "
        "línea 1: borra la línea que está arriba de él",
    ),
    (
        "two-lines-above",
        lambda: write("titulos.csv", "Periodo 3\nLunes\n" + HEADER + "1,1,Ben,3,3\n1,1,Ana,4,5\n"),
        "line 1: 'Periodo 3' is above the header (line 3); the header must be line 1: delete "
        "the lines above it",
        "línea 1: 'Periodo 3' está arriba del encabezado (línea 3); el encabezado debe ser la "
        "línea 1: borra las líneas que están arriba de él",
    ),
    (
        "folder",
        lambda: Path("carpeta.csv").mkdir() or Path("carpeta.csv"),
        "'carpeta.csv' is a folder, not a CSV file",
        "'carpeta.csv' es una carpeta, no un archivo CSV",
    ),
    (
        "missing",
        lambda: Path("falta.csv"),
        "file not found: 'falta.csv' does not exist",
        "archivo no encontrado: 'falta.csv' no existe",
    ),
]


@pytest.mark.parametrize(
    ("make", "english", "spanish"),
    [case[1:] for case in FILES],
    ids=[case[0] for case in FILES],
)
def test_a_file_that_is_no_score_sheet_gets_one_problem_in_each_language(
    here: Path, make: Callable[[], Path], english: str, spanish: str
) -> None:
    path = make()
    assert problems_in("en", lambda: load_scores(path)) == [english]
    problems = problems_in("es", lambda: load_scores(path))
    assert problems == [spanish]
    assert_spanish(problems[0])


def test_a_file_far_too_big(here: Path) -> None:
    path = Path("enorme.csv")
    path.write_bytes(b"x" * (MAX_SHEET_BYTES + 1_000_000))  # 6,000,000 bytes
    english = problems_in("en", lambda: load_scores(path))
    assert english == [
        "the file is 6.0 MB, far bigger than any class's score sheet (at most 5 MB): is it "
        "the right file? If it is, split it into smaller sheets"
    ]
    (spanish,) = problems_in("es", lambda: load_scores(path))
    assert spanish.startswith("el archivo pesa 6.0 MB, mucho más que la hoja de puntuación")
    assert "¿es el archivo correcto?" in spanish
    assert_spanish(spanish)
    opened = io.BytesIO(b"x" * (MAX_SHEET_BYTES + 1))  # an open file: its size unknown
    (spanish,) = problems_in("es", lambda: load_scores(opened))
    assert spanish.startswith("el archivo pesa más de 5 MB")
    assert_spanish(spanish)


def test_a_line_that_is_no_header(here: Path) -> None:
    path = write("notas.csv", "Ana;Ben\n1;2\n")
    (english,) = problems_in("en", lambda: load_scores(path))
    assert english == (
        "line 1: 'Ana;Ben' is not a header; the first line must name the columns game, hand, "
        "player, bid, tricks (and, if you like, dealer)"
    )
    (spanish,) = problems_in("es", lambda: load_scores(path))
    assert spanish.startswith("línea 1: 'Ana;Ben' no es un encabezado; la primera línea debe")
    with use_language("es"):
        columns = _(LISTED_COLUMNS)  # the column list is scorechecks' message
    assert_spanish(spanish, allow=(columns,))


# --- rows ------------------------------------------------------------------------------------


def test_rows_problems_in_spanish() -> None:
    stray = HEADER + '1,1,"Ben,3,3\n1,1,Ana,4,5\n'
    english = problems_in("en", lambda: load_scores(io.StringIO(stray)))
    assert english[0] == (
        "line 2: the \" in '1,1,\"Ben,3,3' starts or ends a quoted cell that runs over lines "
        '2-3; delete that " (or the cell\'s other ")'
    )
    spanish = problems_in("es", lambda: load_scores(io.StringIO(stray)))
    assert spanish[0] == (
        "línea 2: la comilla \" de '1,1,\"Ben,3,3' abre o cierra una celda entre comillas que "
        'ocupa las líneas 2-3; borra esa " (o la otra " de la celda)'
    )
    assert_spanish(spanish[0])

    extra = HEADER + "1,1,Ben,3,3,Ana\n1,1,Ana,4,5\n"
    assert problems_in("en", lambda: load_scores(io.StringIO(extra))) == [
        "line 2: 'Ana' is in column 6, which has no name in the header"
    ]
    (spanish,) = problems_in("es", lambda: load_scores(io.StringIO(extra)))
    assert spanish == "línea 2: 'Ana' está en la columna 6, que no tiene nombre en el encabezado"
    assert_spanish(spanish)

    assert problems_in("en", lambda: load_scores(io.StringIO(HEADER))) == [
        "the file has a header (line 1) but no rows: add one row per player per hand"
    ]
    (spanish,) = problems_in("es", lambda: load_scores(io.StringIO(HEADER)))
    assert spanish.startswith("el archivo tiene un encabezado (línea 1) pero ninguna fila")
    assert_spanish(spanish)


def errors_in(language: str, act: Callable[[], object], error: type = XactikaError) -> str:
    with use_language(language), pytest.raises(error) as caught:
        act()
    return str(caught.value)


def test_export_and_template_errors(here: Path) -> None:
    scores = example_scores(players=2, games=1, seed=3)
    cases: list[tuple[Callable[[], object], str]] = [
        (
            lambda: export_scores(scores, "clase.xlsx"),
            "'clase.xlsx': export_scores writes CSV, which a spreadsheet program will not open "
            "under a .xlsx name; name the file with .csv, like 'class.csv'",
        ),
        (
            lambda: export_scores(scores, "a.csv", columns=["game", "seat"]),
            "the scores have no column 'seat'",
        ),
        (
            lambda: export_scores(scores, "a.csv", columns=["seat", "table"]),
            "the scores have no column 'seat', 'table'",
        ),
        (
            lambda: template_csv(players=2, names=["Ana", "Ana"]),
            "the players' names must be different and not empty, got ['Ana', 'Ana']",
        ),
        (
            lambda: template_csv(players=3, names=["Ana"]),
            "give 3 names, one per player, got ['Ana']",
        ),
    ]
    spanish = []
    for act, english in cases:
        assert errors_in("en", act) == english
        text = errors_in("es", act)
        spanish.append(text)
        assert_spanish(text, allow=("export_scores",))
    assert spanish[1] == "las puntuaciones no tienen la columna 'seat'"
    assert spanish[2] == "las puntuaciones no tienen las columnas 'seat', 'table'"  # plural


# --- the class store and the summaries ----------------------------------------------------------


def test_store_hand_errors_in_spanish(here: Path) -> None:
    with ClassStore("datos") as store:
        code, _token = store.create_class("Grupo 3")
        game = store.new_game(code)
        store.record_hand(code, game, 1, ["Ana", "Ben"], bids=[1, 6], tricks=[2, 6], dealer=1)
        cases: list[tuple[Callable[[], object], type, str]] = [
            (
                lambda: store.record_hand(code, game, 1, ["Ana", "Ben"], [1, 6], [2, 6], 1),
                ClassError,
                "game 1, hand 1 of Grupo 3 is already recorded",
            ),
            (
                lambda: store.record_hand(code, game, 2, ["Ana", "Cy"], [1, 6], [2, 6], 1),
                ClassError,
                "game 1 of Grupo 3: hand 2 has other players than hand 1; a new table starts "
                "a new game",
            ),
            (
                lambda: store.scores("NOPE99"),
                ClassCodeError,
                "There is no class with the code 'NOPE99'. Check the code on the board and "
                "type it again.",
            ),
            (
                lambda: check_hand(["Ana", "Ben"], [1, 7], [2, 6], dealer=1),
                XactikaError,
                "the dealer (Ben) may not bid 7: the bids would total 8, the number of tricks",
            ),
            (
                lambda: check_hand(["Ana", "Ben"], [1, 6], [2, 5], dealer=1),
                XactikaError,
                "the tricks add up to 7, but a hand has 8 tricks",
            ),
            (
                lambda: check_hand(["Ana", "Ben"], [1], [2, 6], dealer=1),
                XactikaError,
                "give 2 bids, one per player, got [1]",
            ),
            (
                lambda: check_hand(["Ana"], [1], [8], dealer=0),
                XactikaError,
                "a hand has 2 to 10 players, got 1",
            ),
        ]
        for act, error, english in cases:
            assert errors_in("en", act, error) == english
            assert_spanish(errors_in("es", act, error))
        assert errors_in("es", cases[2][0], ClassCodeError) == (
            "No hay ninguna clase con el código 'NOPE99'. Revisa el código en el pizarrón y "
            "escríbelo de nuevo."
        )


def test_store_file_errors_in_spanish(here: Path) -> None:
    with ClassStore("nuevo") as store:
        store.db.connection.execute("UPDATE schema_version SET version = 99")
    english = errors_in("en", lambda: ClassStore("nuevo"), ClassError)
    assert english == (
        f"{str(Path('nuevo') / STORE_FILE)!r} was written by a newer xactika-edu (data "
        "version 99); update xactika-edu to open it"
    )
    assert_spanish(errors_in("es", lambda: ClassStore("nuevo"), ClassError), ("xactika-edu",))
    Path("otro").mkdir()
    other = sqlite3.connect(Path("otro") / STORE_FILE)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    assert errors_in("en", lambda: ClassStore("otro"), ClassError).endswith(
        "is not class data of xactika-edu (it holds other tables)"
    )
    spanish = errors_in("es", lambda: ClassStore("otro"), ClassError)
    assert spanish.endswith("no contiene datos de clase de xactika-edu (tiene otras tablas)")
    assert_spanish(spanish, ("xactika-edu",))


def test_summary_errors_in_spanish() -> None:
    cases: list[tuple[Callable[[], object], str]] = [
        (
            lambda: summary_by_player(pd.DataFrame({"player": ["Ana"]})),
            "the scores have no column 'game', 'bid', 'tricks', 'score', 'made', 'difference', "
            "'total': use the table from load_scores or example_scores",
        ),
        (
            lambda: made_missed_counts(example_scores(players=2, games=1).iloc[0:0]),
            "the scores are empty: there are no hands to sum up",
        ),
        (
            lambda: made_missed_counts([1, 2]),  # type: ignore[arg-type]
            "give the scores from load_scores or example_scores (a DataFrame), got [1, 2]",
        ),
        (
            lambda: example_scores(random_share=2),
            "random_share must be from 0 to 1, got 2",
        ),
    ]
    for act, english in cases:
        assert errors_in("en", act) == english
        assert_spanish(
            errors_in("es", act),
            ("load_scores", "example_scores", "random_share", "'bid'", "'tricks'"),
        )


def test_the_computer_players_stored_name_stays_as_it_is() -> None:
    # "Computer 3" is a name stored in the class's scores, the same in every language;
    # a Spanish page may show it translated, but the stored name does not change
    with use_language("es"):
        assert computer_name(2) == "Computer 3"
        assert sorted(example_scores(players=2, games=1)["player"].unique()) == ["Bot 1", "Bot 2"]
