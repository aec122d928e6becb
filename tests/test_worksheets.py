"""Tests for xactika_edu.outputs.worksheets: seeded variants, answers recomputed independently,
one-page deterministic PDFs, and the export's file rules."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import DECK, draw_cards
from xactika_edu.outputs.worksheets import (
    KINDS,
    PAPERS,
    BarGraphWorksheet,
    bar_graph_worksheet,
    export_worksheets,
)

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")


def pdf_pages(path: Path) -> int:
    out = subprocess.run([PDFINFO, str(path)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", out.stdout, re.MULTILINE).group(1))


def pdf_text(data: bytes, tmp_path: Path, name: str) -> str:
    """The PDF's text in the order it is drawn (``-raw``: a column's text is not mixed
    with the next column's), with all whitespace collapsed to single spaces."""
    path = tmp_path / name
    path.write_bytes(data)
    out = subprocess.run(
        [PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True, check=True
    )
    return " ".join(out.stdout.split())


def collapse(text: str) -> str:
    return " ".join(text.split())


def quoted(value: object) -> str:
    """A pattern for an error message that ends by quoting ``value``."""
    return f"got {re.escape(repr(value))}$"


# --- variants and seeds -------------------------------------------------------------


def test_same_seed_same_cards_and_bytes():
    first = bar_graph_worksheet(1006, number=7, of=30)
    again = bar_graph_worksheet(1006, number=7, of=30)
    assert first == again
    assert first.cards == draw_cards(16, 1006)
    assert first.student_pdf() == again.student_pdf()
    assert first.key_pdf() == again.key_pdf()
    assert first.label == "Worksheet 7 of 30 · seed 1006"


def test_different_students_get_different_cards():
    sheets = [bar_graph_worksheet(100 + k, number=k + 1, of=5) for k in range(5)]
    assert len({sheet.cards for sheet in sheets}) == 5


def test_repr_rebuilds_the_worksheet():
    from xactika_edu.core.cards import Hand  # noqa: F401  (used by eval)

    sheet = bar_graph_worksheet(3, number=2, of=4, cards=6)
    assert eval(repr(sheet)) == sheet


def test_constructor_accepts_notation_and_checks_cards():
    sheet = BarGraphWorksheet(number=1, of=1, seed=0, cards="1111 2222 3333 1233")
    assert sheet.frequencies[4] == 1
    with pytest.raises(XactikaError, match="got 3"):
        BarGraphWorksheet(number=1, of=1, seed=0, cards="1111 2222 3333")
    with pytest.raises(XactikaError, match="twice"):
        BarGraphWorksheet(number=1, of=1, seed=0, cards="1111 1111 2222 3333")
    with pytest.raises(XactikaError, match="got 3"):
        BarGraphWorksheet(number=3, of=2, seed=0, cards="1111 2222 3333 1233")


# --- answers, recomputed independently ----------------------------------------------

# The deck table (RULES.md, seed 000): 19 of the 81 cards have face value 8.
DECK_COUNTS = Counter(sum(card.counts) for card in DECK)


@pytest.mark.parametrize("seed", [1, 4, 5, 8, 1006, 2024])
@pytest.mark.parametrize("n", [4, 16, 40])
def test_answers_match_an_independent_count(seed, n):
    sheet = bar_graph_worksheet(seed, cards=n)
    values = [sum(card.counts) for card in draw_cards(n, seed)]
    counts = Counter(values)
    assert sheet.frequencies == {v: counts[v] for v in range(4, 13)}
    assert sum(sheet.frequencies.values()) == n

    (_, mode), (question_b, fraction), (question_c, estimate) = sheet.questions()

    top = max(counts.values())
    modes = sorted(v for v, c in counts.items() if c == top)
    assert re.findall(r"\d+", mode.split("(")[0]) == [str(v) for v in modes]
    assert f"({top} card" in mode

    value, direction = sheet.threshold
    assert f"face value of {value} {direction}?" in question_b
    if direction == "or more":
        hits = sum(1 for v in values if v >= value)
    else:
        hits = sum(1 for v in values if v <= value)
    share = Fraction(hits, n)
    assert fraction.startswith(f"{hits}/{n}")
    if share.denominator != n:
        assert f" = {share} = " in fraction or f" = {share.numerator} = " in fraction
    percent = re.search(r"([\d.]+)%", fraction).group(1)
    assert math.isclose(float(percent), float(share * 100), abs_tol=0.05)

    expected = Fraction(n * DECK_COUNTS[8], 81)
    assert f"{DECK_COUNTS[8]} of the 81 cards" in question_c
    assert f"You drew {n} cards from a shuffled deck" in question_c
    assert estimate == f"About {round(float(expected), 1):.1f} expected; you got {counts[8]}."


def test_question_b_avoids_none_and_all_when_it_can():
    for seed in range(60):
        sheet = bar_graph_worksheet(seed)
        value, direction = sheet.threshold
        values = sheet.cards.values
        side = [v for v in values if (v >= value if direction == "or more" else v <= value)]
        assert 0 < len(side) < len(values), seed


def test_tied_mode_lists_every_value():
    sheet = BarGraphWorksheet(number=1, of=1, seed=0, cards="1111 1112 2222 3333")
    # values 4, 5, 8, 12: a four-way tie with one card each
    assert sheet.mode == (4, 5, 8, 12)
    assert sheet.questions()[0][1] == "4, 5, 8 and 12 (1 card each)"


def test_fraction_is_simplified():
    # values 4, 5, 6, 9, 9, 10, 11, 12: more cards above 8 than below, and "11 or more"
    # (2 of 8) is nearest a quarter of the cards
    cards = "1111 1112 1113 2223 1233 2233 2333 3333"
    sheet = BarGraphWorksheet(number=1, of=1, seed=0, cards=cards)
    assert sheet.threshold == (11, "or more")
    assert sheet.questions()[1][1] == "2/8 = 1/4 = 25%"


def test_graph_axis_fits_every_bar():
    for seed in range(40):
        for n in (4, 16, 40):
            sheet = bar_graph_worksheet(seed, cards=n)
            assert sheet.ymax >= max(6, max(sheet.frequencies.values()) + 1)


def test_workings_restate_the_numbers():
    sheet = bar_graph_worksheet(1)
    assert len(sheet.workings()) == 3
    assert sheet.workings()[2].startswith("16 × 19/81 = 304/81, about 3.8")


# --- the PDFs ---------------------------------------------------------------------


# The extremes of every kind: fewest and most cards, and seeds that make the sheet
# longest (for estimation, 4: the student deals; 7: the student bids first).
ONE_PAGE_CASES = [
    ("bar-graph", 3, 16), ("bar-graph", 3, 4), ("bar-graph", 3, 40),
    ("pie-chart", 0, 20), ("pie-chart", 2, 8), ("pie-chart", 3, 40),
    ("bell-curve", 0, 27), ("bell-curve", 2, 18), ("bell-curve", 3, 30),
    ("probability", 1, None), ("probability", 1006, None),
    ("simulation", 0, 40), ("simulation", 2, 20), ("simulation", 3, 50),
    ("estimation", 4, None), ("estimation", 7, None),
]  # fmt: skip


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("kind", "seed", "cards"), ONE_PAGE_CASES)
def test_pdfs_are_one_page(tmp_path, kind, seed, cards, paper):
    from xactika_edu.outputs.worksheets import _BUILDERS

    sheet = _BUILDERS[kind](seed, **({} if cards is None else {"cards": cards}))
    for name, data in {"s.pdf": sheet.student_pdf(paper), "k.pdf": sheet.key_pdf(paper)}.items():
        assert data.startswith(b"%PDF-")
        if PDFINFO is not None:
            path = tmp_path / name
            path.write_bytes(data)
            assert pdf_pages(path) == 1


def test_pdf_needs_a_known_paper():
    with pytest.raises(XactikaError, match="'legal'"):
        bar_graph_worksheet(1).student_pdf("legal")


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_text_has_seed_questions_and_answers(tmp_path):
    sheet = bar_graph_worksheet(1006, number=7, of=30)
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    for text in (student, key):
        assert "Worksheet 7 of 30 · seed 1006" in text
        assert "bar graph of face values" in text
        for question, _ in sheet.questions():
            assert collapse(question) in text
    assert "ANSWER KEY" in key and "ANSWER KEY" not in student
    for _, answer in sheet.questions():
        assert answer in key
        assert answer not in student


# --- export -------------------------------------------------------------------------


def test_export_writes_sheets_keys_and_combined_files(tmp_path):
    paths = export_worksheets(tmp_path, students=3, seed=50, cards=8)
    names = [path.relative_to(tmp_path).as_posix() for path in paths]
    assert names == [
        "bar-graph/student-01.pdf",
        "bar-graph/student-01-key.pdf",
        "bar-graph/student-02.pdf",
        "bar-graph/student-02-key.pdf",
        "bar-graph/student-03.pdf",
        "bar-graph/student-03-key.pdf",
        "bar-graph/all-students.pdf",
        "bar-graph/all-keys.pdf",
    ]
    # student k gets seed S + k - 1, so each file matches the worksheet built directly
    second = bar_graph_worksheet(51, number=2, of=3, cards=8)
    assert paths[2].read_bytes() == second.student_pdf()
    assert paths[3].read_bytes() == second.key_pdf()
    if PDFINFO is not None:
        assert pdf_pages(paths[-2]) == 3
        assert pdf_pages(paths[-1]) == 3
        assert pdf_pages(paths[0]) == 1


def test_export_refuses_to_overwrite(tmp_path):
    existing = tmp_path / "bar-graph" / "student-02-key.pdf"
    existing.parent.mkdir()
    existing.write_bytes(b"keep me")
    with pytest.raises(XactikaError, match=re.escape(str(existing))):
        export_worksheets(tmp_path, students=2, cards=4)
    assert existing.read_bytes() == b"keep me"
    assert sorted(p.name for p in existing.parent.iterdir()) == ["student-02-key.pdf"]


def test_export_needs_an_existing_directory(tmp_path):
    with pytest.raises(XactikaError, match="does not exist"):
        export_worksheets(tmp_path / "missing", students=1)


@pytest.mark.parametrize("students", [0, 201, -3, 2.5, "30", True])
def test_export_rejects_bad_students(tmp_path, students):
    with pytest.raises(XactikaError, match=quoted(students)):
        export_worksheets(tmp_path, students=students)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("cards", [3, 41, 0, 16.0])
def test_bad_card_counts_are_rejected(tmp_path, cards):
    with pytest.raises(XactikaError, match=quoted(cards)):
        bar_graph_worksheet(1, cards=cards)
    with pytest.raises(XactikaError, match=quoted(cards)):
        export_worksheets(tmp_path, students=1, cards=cards)
    assert list(tmp_path.iterdir()) == []


def test_export_rejects_unknown_kind_listing_the_kinds(tmp_path):
    assert KINDS == (
        "bar-graph",
        "pie-chart",
        "bell-curve",
        "probability",
        "simulation",
        "estimation",
    )
    with pytest.raises(XactikaError, match=r"'pie-charts'.*'bar-graph', 'pie-chart'"):
        export_worksheets(tmp_path, kind="pie-charts")


@pytest.mark.parametrize("seed", [-1, None, 1.5])
def test_bad_seeds_are_rejected(tmp_path, seed):
    with pytest.raises(XactikaError, match=quoted(seed)):
        bar_graph_worksheet(seed)
    with pytest.raises(XactikaError, match=quoted(seed)):
        export_worksheets(tmp_path, students=1, seed=seed)


def test_rendering_logs_no_fpdf_warnings(caplog):
    # fpdf2 warns once per SVG <title> element; the worksheet strips them first
    with caplog.at_level("WARNING"):
        bar_graph_worksheet(2).key_pdf()
    assert [record.getMessage() for record in caplog.records] == []


def test_every_printed_seed_can_be_typed_again(tmp_path):
    # Student k gets seed + k - 1: the run may not go past the largest seed.
    with pytest.raises(XactikaError, match=r"last student seed 2147483648.*up to 2147483646"):
        export_worksheets(tmp_path, students=2, seed=2**31 - 1)
    assert list(tmp_path.iterdir()) == []


def _lowest_text_above_footer(data: bytes, tmp_path: Path) -> tuple[float, float]:
    """(the bottom of the lowest word that is not the footer, the footer's top), in points."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        [PDFTOTEXT, "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = [
        (float(y0), float(y1))
        for y0, y1 in re.findall(
            r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', out
        )
    ]
    footer_top = max(y0 for y0, _ in words)  # the footer is the lowest line of the page
    body = [y1 for y0, y1 in words if y0 < footer_top - 1.0]
    return max(body), footer_top


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("kind", KINDS)
def test_no_text_runs_into_the_footer(tmp_path, kind):
    # The longest variants: the most cards a kind takes, several seeds, both papers.
    from xactika_edu.outputs.worksheets import _BUILDERS

    most = {"bar-graph": 40, "pie-chart": 40, "bell-curve": 30, "simulation": 50}
    options = {"cards": most[kind]} if kind in most else {}
    for seed in range(6):
        sheet = _BUILDERS[kind](seed, **options)
        for data in (sheet.key_pdf(), sheet.student_pdf("a4"), sheet.key_pdf("a4")):
            lowest, footer = _lowest_text_above_footer(data, tmp_path)
            assert lowest <= footer - 1.0, f"{kind} seed {seed}: text at {lowest} > {footer}"


@pytest.mark.parametrize("kind", KINDS)
def test_pages_print_no_code_names(kind):
    # a teacher reads "the exact chance", not chance_unbeatable, suggest_bid or HeuristicBot
    from xactika_edu.outputs.worksheets import _BUILDERS
    from xactika_edu.outputs.worksheets.sheet import page_layout

    code = re.compile(r"\b\w+_\w+\b|\b[A-Z][a-z]+[A-Z]\w*|\w+\(\)")
    for seed in (2, 5):
        for key in (False, True):
            page = page_layout(_BUILDERS[kind](seed), key=key)
            text = " ".join(e.text for e in page.elements if e.kind == "text")
            assert not code.findall(text), (seed, key, code.findall(text))
