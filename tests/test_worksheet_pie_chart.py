"""Tests for the pie-chart worksheet: groups and answers recomputed independently from
the cards, slice geometry, one-page deterministic PDFs and the export."""

from __future__ import annotations

import itertools
import math
import random
import re
from fractions import Fraction

import pytest
from test_worksheets import PDFINFO, PDFTOTEXT, collapse, pdf_pages, pdf_text, quoted

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import Hand, draw_cards
from xactika_edu.outputs.worksheets import (
    KINDS,
    PieChartWorksheet,
    export_worksheets,
    pie_chart_worksheet,
)
from xactika_edu.outputs.worksheets.pie_chart import GROUPINGS, PIE_CARDS
from xactika_edu.outputs.worksheets.pie_slices import hatch_segments

# The deck written out independently: every mix of 1-3 balls, cubes, cones, stars.
DECK_COUNTS = list(itertools.product((1, 2, 3), repeat=4))
SHAPES = ("balls", "cubes", "cones", "stars")


def group_index(counts: tuple[int, ...], grouping: str) -> int:
    """0, 1, 2: face value 4-6 / 7-9 / 10-12, or 1 / 2 / 3 of the shape."""
    if grouping == "face value":
        return (sum(counts) - 4) // 3
    return counts[SHAPES.index(grouping)] - 1


def half_up(value: Fraction) -> str:
    """One decimal, halves up, computed a second way (integer arithmetic); a whole
    number of degrees is written without a decimal (60°, not 60.0°)."""
    if value.denominator == 1:
        return str(value.numerator)
    tenths = (value.numerator * 10 * 2 + value.denominator) // (2 * value.denominator)
    return f"{tenths // 10}.{tenths % 10}"


# --- variants and seeds -------------------------------------------------------------


def test_same_seed_same_cards_grouping_and_bytes():
    first = pie_chart_worksheet(1006, number=7, of=30)
    again = pie_chart_worksheet(1006, number=7, of=30)
    assert first == again
    assert first.cards == draw_cards(20, 1006)
    assert first.grouping == GROUPINGS[1006 % 5]
    assert first.student_pdf() == again.student_pdf()
    assert first.key_pdf("a4") == again.key_pdf("a4")
    assert first.label == "Worksheet 7 of 30 · seed 1006"


def test_neighbours_get_every_grouping():
    sheets = [pie_chart_worksheet(40 + k, number=k + 1, of=5) for k in range(5)]
    assert sorted(sheet.grouping for sheet in sheets) == sorted(GROUPINGS)
    assert len({sheet.cards for sheet in sheets}) == 5


def test_repr_rebuilds_and_str_lists_the_cards():
    sheet = pie_chart_worksheet(3, number=2, of=4, cards=12)
    assert eval(repr(sheet), {"PieChartWorksheet": PieChartWorksheet, "Hand": Hand}) == sheet
    assert str(sheet) == f"Worksheet 2 of 4 · seed 3: 12 cards by {sheet.grouping} {sheet.cards}"


def test_pie_card_counts_divide_the_circle():
    assert PIE_CARDS == (8, 9, 10, 12, 15, 18, 20, 24, 30, 36, 40)
    assert all(360 % n == 0 for n in PIE_CARDS)


# --- answers, recomputed independently ----------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 17, 1006])
@pytest.mark.parametrize("n", [10, 20, 40])
def test_answers_match_an_independent_count(seed, n):
    sheet = pie_chart_worksheet(seed, cards=n)
    grouping = GROUPINGS[seed % 5]
    cards = [card.counts for card in draw_cards(n, seed)]
    counts = [0, 0, 0]
    for card in cards:
        counts[group_index(card, grouping)] += 1
    assert sheet.counts == tuple(counts)
    assert sheet.degrees == tuple(c * 360 // n for c in counts)
    assert sum(sheet.degrees) == 360

    names = [f"face value {g}" for g in sheet.groups] if grouping == "face value" else sheet.groups
    (_, biggest), (_, smallest), (question_c, compare) = sheet.questions()

    top = max(counts)
    winners = [names[i] for i in range(3) if counts[i] == top]
    for name in winners:
        assert name in biggest
    assert f"({top} card" in biggest
    assert re.search(r"([\d.]+)%", biggest).group(1) == f"{100 * top / n:g}"

    low = min(counts)
    losers = [names[i] for i in range(3) if counts[i] == low]
    for name in losers:
        assert name in smallest
    assert f"{low * 360 // n}°" in smallest

    group = counts.index(top)
    in_deck = sum(1 for card in DECK_COUNTS if group_index(card, grouping) == group)
    assert f"{in_deck} of the 81" in question_c
    deck_degrees = Fraction(360 * in_deck, 81)
    mine = counts[group] * 360 // n
    assert f"yours {mine}°" in compare or compare == f"The same: {mine}° in both."
    if mine != deck_degrees:
        assert compare.startswith("Bigger" if mine > deck_degrees else "Smaller")
        assert half_up(abs(mine - deck_degrees)) in compare
        assert half_up(deck_degrees) in compare


def test_deck_counts_match_the_deck_table():
    # face value 4-6: 1 + 4 + 10 = 15 cards, 7-9: 16 + 19 + 16 = 51, 10-12: 15 (RULES.md);
    # each count of a shape is on 27 cards
    assert PieChartWorksheet(1, 1, 0, draw_cards(20, 0), "face value").deck_counts == (15, 51, 15)
    for shape in SHAPES:
        assert PieChartWorksheet(1, 1, 0, draw_cards(20, 0), shape).deck_counts == (27, 27, 27)


def test_ties_list_every_group():
    # 4 cards with 1 cube, 2 with 2 cubes, 2 with 3 cubes
    sheet = PieChartWorksheet(1, 1, 0, "1111 2222 3333 1233 2331 1123 3121 2113", "cubes")
    assert sheet.counts == (4, 2, 2)
    assert sheet.questions()[0][1] == "1 cube (4 cards, 50%)"
    assert sheet.questions()[1][1] == "2 cubes and 3 cubes (2 cards, 90° each)"


def test_an_empty_group_is_the_smallest_slice():
    cards = "1111 1112 1121 1211 2111 1113 1131 1311 3111 1122"  # face values 4 to 6
    sheet = PieChartWorksheet(1, 1, 0, cards, "face value")
    assert sheet.counts == (10, 0, 0)
    assert sheet.questions()[1][1] == "face value 7 to 9 and face value 10 to 12 (0 cards, 0° each)"


# --- slice geometry -------------------------------------------------------------------


def test_hatching_stays_inside_its_slice():
    rng = random.Random(5)
    for _ in range(40):
        start = rng.uniform(0, 300)
        end = start + rng.uniform(10, 359 - start + 59)
        end = min(end, start + 359)
        segments = hatch_segments(50, 60, 30, start, end, rng.choice([45, -45]), 1.8)
        assert segments
        for x1, y1, x2, y2 in segments:
            for t in (0.0, 0.25, 0.5, 0.75, 1.0):
                x, y = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
                assert math.hypot(x - 50, y - 60) <= 30 + 1e-6
                angle = math.degrees(math.atan2(x - 50, -(y - 60))) % 360
                inside = start - 1e-6 <= angle <= end + 1e-6 or start <= angle + 360 <= end + 1e-6
                assert inside or math.hypot(x - 50, y - 60) < 1e-6


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [16, 7, 41, 0, 20.0, True, "20"])
def test_bad_card_counts_are_rejected(tmp_path, cards):
    with pytest.raises(XactikaError, match=quoted(cards)):
        pie_chart_worksheet(1, cards=cards)
    with pytest.raises(XactikaError, match=quoted(cards)):
        export_worksheets(tmp_path, kind="pie-chart", students=1, cards=cards)
    assert list(tmp_path.iterdir()) == []


def test_constructor_checks_its_values():
    with pytest.raises(XactikaError, match="'hearts'"):
        PieChartWorksheet(1, 1, 0, draw_cards(20, 0), "hearts")
    with pytest.raises(XactikaError, match="got 11"):
        PieChartWorksheet(1, 1, 0, draw_cards(11, 0))
    with pytest.raises(XactikaError, match="twice"):
        PieChartWorksheet(1, 1, 0, "1111 1111 2222 3333 1233 2331 1123 3121")
    with pytest.raises(XactikaError, match="got 3"):
        PieChartWorksheet(3, 2, 0, draw_cards(20, 0))
    with pytest.raises(XactikaError, match=quoted(-1)):
        pie_chart_worksheet(-1)


# --- the PDFs -------------------------------------------------------------------------


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_text_has_seed_table_questions_and_answers(tmp_path):
    sheet = pie_chart_worksheet(1006, number=7, of=30)
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    for text in (student, key):
        assert "Worksheet 7 of 30 · seed 1006" in text
        assert "pie chart" in text
        for question, _ in sheet.questions():
            assert collapse(question) in text
    assert "ANSWER KEY" in key and "ANSWER KEY" not in student
    for _, answer in sheet.questions():
        assert answer in key
        assert answer not in student
    for count, degrees in zip(sheet.counts, sheet.degrees, strict=True):
        assert f"{degrees}°" in key
        assert f"{count}/20" in key
    assert "360°" in key and "360°" not in student.replace("360 ÷", "")


def test_rendering_logs_no_fpdf_warnings(caplog):
    with caplog.at_level("WARNING"):
        pie_chart_worksheet(2).key_pdf()
    assert [record.getMessage() for record in caplog.records] == []


# --- export ---------------------------------------------------------------------------


def test_export_writes_pie_chart_sheets(tmp_path):
    assert "pie-chart" in KINDS
    paths = export_worksheets(tmp_path, kind="pie-chart", students=2, seed=50, cards=10)
    names = [path.relative_to(tmp_path).as_posix() for path in paths]
    assert names == [
        "pie-chart/student-01.pdf",
        "pie-chart/student-01-key.pdf",
        "pie-chart/student-02.pdf",
        "pie-chart/student-02-key.pdf",
        "pie-chart/all-students.pdf",
        "pie-chart/all-keys.pdf",
    ]
    second = pie_chart_worksheet(51, number=2, of=2, cards=10)
    assert paths[2].read_bytes() == second.student_pdf()
    assert paths[3].read_bytes() == second.key_pdf()
    if PDFINFO is not None:
        assert pdf_pages(paths[-1]) == 2
