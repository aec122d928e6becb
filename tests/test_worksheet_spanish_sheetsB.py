"""The simulation and estimation worksheets in Spanish (issue 14, item 4).

Every level's sheet and key, seeds 1 and 2: the PDF text (pdftotext, as
tests/test_worksheet_spanish.py reads it) has no English (tests/spanish_leaks.py) and
prints á é í ó ú ñ ¿ where the Spanish has them; a key states the same numbers in
Spanish as in English (every number is computed, only the words change); the Spanish
pages lay out clean (layout_problems, one page, letter and A4).
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from spanish_leaks import english_leaks
from test_worksheets import pdf_text

from xactika_edu.base.language import use_language
from xactika_edu.outputs.worksheets import estimation_worksheet, simulation_worksheet
from xactika_edu.outputs.worksheets.layout import layout_problems
from xactika_edu.outputs.worksheets.levels import LEVELS
from xactika_edu.outputs.worksheets.page import PAPERS
from xactika_edu.outputs.worksheets.sheet import page_layout, sheet_pdf

PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext is not installed")

BUILDERS = {"simulation": simulation_worksheet, "estimation": estimation_worksheet}
SEEDS = (1, 2)
# What may stay as it is in a Spanish sheet: the game's and the program's names.
ALLOWED = ("Xactika", "xactika-edu")
# Spanish words each kind's pages print (sheet and key), with their accents.
EXPECTED = {
    "simulation": ("Simulación", "frecuencia relativa", "extracción", "¿", "éxito", "Total de la"),
    "estimation": ("Estimación", "apuesta", "¿", "Puntuación", "Parte 1", "baza"),
}
# The accented letters and marks each kind's Spanish pages print at every level
# (simulation has no ñ, and its support sheet no ú).
LETTERS = {"simulation": "áéíó¿", "estimation": "áéíóúñ¿"}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _pdf_text(kind: str, level: str, seed: int, key: bool, language: str, tmp: Path) -> str:
    with use_language(language):
        sheet = BUILDERS[kind](seed, level=level)
        return pdf_text(sheet_pdf(sheet, key=key, paper="letter", name="José"), tmp, "page.pdf")


@needs_pdftotext
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_spanish_sheets_and_keys_have_no_english(tmp_path: Path, kind: str, level: str) -> None:
    pages = {
        f"{kind} {level} seed {seed} {'key' if key else 'sheet'}": _pdf_text(
            kind, level, seed, key, "es", tmp_path
        )
        for seed in SEEDS
        for key in (False, True)
    }
    leaks = {
        where: found for where, text in pages.items() if (found := english_leaks(text, ALLOWED))
    }
    assert leaks == {}
    everything = " ".join(pages.values())
    for word in EXPECTED[kind]:
        assert word.lower() in everything.lower(), word
    for letter in LETTERS[kind]:
        assert letter in everything, letter


def _key_numbers(kind: str, level: str, seed: int, language: str) -> Counter[str]:
    """Every number the key prints, but the graph's percent axis (a shorter graph, as
    Spanish may leave, labels every 20% instead of every 10%)."""
    with use_language(language):
        page = page_layout(BUILDERS[kind](seed, level=level), key=True)
    texts = [
        element.text
        for element in page.elements
        if not (element.group == "graph" and re.fullmatch(r"\d+%", element.text))
    ]
    return Counter(_NUMBER.findall(" ".join(texts)))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_a_spanish_key_states_the_english_keys_numbers(kind: str, level: str) -> None:
    for seed in SEEDS:
        spanish = _key_numbers(kind, level, seed, "es")
        assert spanish == _key_numbers(kind, level, seed, "en"), seed
        assert len(spanish) > 20


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_spanish_pages_lay_out_clean(kind: str, level: str) -> None:
    found = []
    with use_language("es"):
        for seed in SEEDS:
            sheet = BUILDERS[kind](seed, level=level)
            for paper in PAPERS:
                for key in (False, True):
                    page = page_layout(sheet, key=key, paper=paper, name="José")
                    where = f"{kind} {level} seed {seed} {paper} {'key' if key else 'sheet'}"
                    found += [f"{where}: {p}" for p in layout_problems(page.elements, page.area)]
                    if page.pages_count != 1:
                        found.append(f"{where}: not one page")
    assert found == []


def test_a_fifth_row_of_draws_fits_in_spanish() -> None:
    # 50 draws leave the least room: Spanish takes the two tightest layouts
    with use_language("es"):
        for paper in PAPERS:
            for key in (False, True):
                page = page_layout(simulation_worksheet(12, cards=50), key=key, paper=paper)
                assert layout_problems(page.elements, page.area) == []


def test_english_wording_is_unchanged() -> None:
    sheet = simulation_worksheet(6, number=1, of=30)
    question_a, _answer, working_a = sheet.worked_questions()[0]
    assert question_a == (
        "What is the exact probability that a drawn card has a face value of 8 or more? "
        "Write it as a fraction of the 81 cards and as a percent. Use the deck table."
    )
    assert working_a == "50 of the 81 cards in the deck table have face value 8 or more."
    assert sheet.frames()[0].blank() == (
        "____ of the 81 cards have a face value of 8 or more. The probability is ____, or ____."
    )
    assert sheet.frames()[1].blank().endswith("Closer: ____ (or: the same).")
    assert estimation_worksheet(4).names() == ["You", "Player 1", "Player 2", "Player 3"]
    with use_language("es"):
        spanish = simulation_worksheet(6, number=1, of=30)
        assert spanish.phrase == "tiene valor 8 o más"
        assert spanish.frames()[1].blank().endswith("Más cerca: ____ (o: igual).")
        assert estimation_worksheet(4).names() == ["Tú", "Jugador 1", "Jugador 2", "Jugador 3"]
