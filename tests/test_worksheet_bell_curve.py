"""Tests for the bell-curve worksheet: the student's table, peaks, means and the deck
comparison recomputed independently, one-page deterministic PDFs and the export."""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from test_worksheets import PDFTOTEXT, collapse, pdf_text, quoted

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import Hand, Shape, draw_cards
from xactika_edu.outputs.worksheets import (
    KINDS,
    BellCurveWorksheet,
    bell_curve_worksheet,
    export_worksheets,
)

# The deck written out independently: every mix of 1-3 balls, cubes, cones, stars.
DECK_COUNTS = list(itertools.product((1, 2, 3), repeat=4))
NAMES = {0: ("ball", "balls"), 1: ("cube", "cubes"), 2: ("cone", "cones"), 3: ("star", "stars")}


def one_decimal(value: Fraction) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def line_names(shape: int) -> list[str]:
    singular, plural = NAMES[shape]
    return [f"1 {singular}", f"2 {plural}", f"3 {plural}"]


# --- variants and seeds -------------------------------------------------------------


def test_same_seed_same_cards_shape_and_bytes():
    first = bell_curve_worksheet(1006, number=7, of=30)
    again = bell_curve_worksheet(1006, number=7, of=30)
    assert first == again
    assert first.cards == draw_cards(27, 1006)
    assert first.shape == Shape(1006 % 4)
    assert first.student_pdf() == again.student_pdf()
    assert first.key_pdf("a4") == again.key_pdf("a4")
    assert first.label == "Worksheet 7 of 30 · seed 1006"


def test_neighbours_get_every_shape():
    sheets = [bell_curve_worksheet(60 + k, number=k + 1, of=4) for k in range(4)]
    assert {sheet.shape for sheet in sheets} == set(Shape)


def test_repr_rebuilds_and_str_lists_the_cards():
    sheet = bell_curve_worksheet(3, number=2, of=4, cards=18)
    namespace = {"BellCurveWorksheet": BellCurveWorksheet, "Hand": Hand, "Shape": Shape}
    assert eval(repr(sheet), namespace) == sheet
    assert str(sheet) == f"Worksheet 2 of 4 · seed 3: 18 cards by {sheet.shape} {sheet.cards}"


# --- answers, recomputed independently ----------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 9, 1006])
@pytest.mark.parametrize("n", [18, 27, 30])
def test_answers_match_an_independent_count(seed, n):
    sheet = bell_curve_worksheet(seed, cards=n)
    shape = seed % 4
    cards = [card.counts for card in draw_cards(n, seed)]
    table = Counter((card[shape], sum(card)) for card in cards)
    for k in (1, 2, 3):
        assert sheet.columns[k - 1] == {v: table[(k, v)] for v in range(4, 13)}
    assert sum(sum(column.values()) for column in sheet.columns) == n
    names = line_names(shape)
    assert sheet.combinations == tuple(names)

    (_, peaks), (question_b, means), (question_c, compare) = sheet.questions()
    for k in (1, 2, 3):
        top = max(table[(k, v)] for v in range(4, 13))
        tops = [v for v in range(4, 13) if table[(k, v)] == top]
        shown = peaks.split("; ")[k - 1]
        assert shown.startswith(f"{names[k - 1]}: ")
        assert [int(d) for d in shown.split(": ")[1].replace(" and", ",").split(", ")] == tops

    # b) the mean and the MAD of cards #1 to #4 (Lesson 3's sample of 4), exact
    sample = [sum(card) for card in cards[:4]]
    mean = Fraction(sum(sample), 4)
    mad = Fraction(sum(abs(v - mean) for v in sample), 4)
    assert "cards #1 to #4" in question_b and "MAD" in question_b
    assert means.startswith(f"Mean {float(mean):g}; MAD {float(mad):g}")
    assert ("Yes" if abs(mean - 8) <= 1 else "No") in means

    in_deck = sum(1 for card in DECK_COUNTS if card[shape] == 2)
    assert in_deck == 27
    assert f"{in_deck} of its 81 cards" in question_c
    expected = Fraction(n * in_deck, 81)
    text = (
        str(expected.numerator) if expected.denominator == 1 else f"About {one_decimal(expected)}"
    )
    got = sum(1 for card in cards if card[shape] == 2)
    assert compare == f"{text} expected; you have {got}."


@pytest.mark.parametrize("level", ["support", "core", "extension"])
def test_every_level_asks_for_a_sample_mean_and_its_mad(level):
    # review 8: the homework practises Lesson 3's core (a sample's mean and its MAD
    # from its own mean), not the group means of its optional Going further
    for seed in range(12):
        sheet = bell_curve_worksheet(seed, level=level)
        questions = [question for question, _ in sheet.questions()]
        assert "MAD" in questions[1] and "from that mean" in questions[1]
        assert not any("mean face value of your cards with" in q for q in questions)
    # seed 6: face values 6, 7, 6, 6: mean 6.25, distances 0.25, 0.75, 0.25, 0.25
    sheet = bell_curve_worksheet(6, level=level)
    answer = sheet.questions()[1][1]
    if level == "support":  # the filled frame, with a row of distances to fill in
        assert answer == (
            "Mean: 25 ÷ 4 = 6.25. Distances from it: 0.25, 0.75, 0.25, 0.25. MAD: 0.375. "
            "Within 1 of 8? No"
        )
        assert sheet.frames()[1].blank().count("Distances from it: ") == 1
    else:
        assert answer == "Mean 6.25; MAD 0.375 (about 0.38). No: 6.25 is more than 1 from 8."


@pytest.mark.parametrize("n", [27, 30, 18])
def test_whole_fractions_have_no_denominator_one(n):
    # "27 × 27/81 = 9/1" was printed; a whole number is written without "/1"
    for seed in range(4):
        for _, answer, working in bell_curve_worksheet(seed, cards=n).worked_questions():
            assert "/1." not in working and "/1 " not in working and "/1," not in working
            assert "/1." not in answer
    if n == 27:
        assert "27 × 27/81 = 9." in bell_curve_worksheet(0).workings()[2]


def test_deck_peaks_are_counted_from_the_deck():
    # With k of the shape, the other three shapes are sums of three 1-3 counts, most
    # often 6; so the columns peak at 6 + k: 7, 8 and 9.
    for shape in Shape:
        peaks = []
        for k in (1, 2, 3):
            column = Counter(sum(card) for card in DECK_COUNTS if card[shape] == k)
            peaks.append(max(column, key=lambda v, c=column: (c[v], -v)))
        assert BellCurveWorksheet.deck_peaks(shape) == tuple(peaks) == (7, 8, 9)
    question = bell_curve_worksheet(2).questions()[2][0]
    assert "peak at 7, 8 and 9" in question


def test_a_missing_line_has_no_mean():
    # 18 cards, none of them with 3 balls
    cards = [card for card in draw_cards(81, 0) if card.balls != 3][:18]
    sheet = BellCurveWorksheet(1, 1, 0, cards, "balls")
    assert sheet.peaks()[2] == ()
    assert sheet.means()[2] is None
    (_, peaks), _, _ = sheet.questions()
    assert peaks.endswith("3 balls: no cards")


def test_graph_axis_fits_every_point():
    for seed in range(30):
        sheet = bell_curve_worksheet(seed, cards=30)
        top = max(max(column.values()) for column in sheet.columns)
        assert sheet.ymax >= max(6, top + 1)


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [17, 31, 0, 27.0, True])
def test_bad_card_counts_are_rejected(tmp_path, cards):
    with pytest.raises(XactikaError, match=quoted(cards)):
        bell_curve_worksheet(1, cards=cards)
    with pytest.raises(XactikaError, match=quoted(cards)):
        export_worksheets(tmp_path, kind="bell-curve", students=1, cards=cards)
    assert list(tmp_path.iterdir()) == []


def test_constructor_checks_its_values():
    with pytest.raises(XactikaError, match="'hearts'"):
        BellCurveWorksheet(1, 1, 0, draw_cards(27, 0), "hearts")
    with pytest.raises(XactikaError, match="got 31"):
        BellCurveWorksheet(1, 1, 0, draw_cards(31, 0))
    with pytest.raises(XactikaError, match="got 3"):
        BellCurveWorksheet(3, 2, 0, draw_cards(27, 0))
    with pytest.raises(XactikaError, match=quoted(None)):
        bell_curve_worksheet(None)


# --- the PDFs -------------------------------------------------------------------------


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_text_has_seed_questions_and_answers(tmp_path):
    sheet = bell_curve_worksheet(1006, number=7, of=30)
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    for text in (student, key):
        assert "Worksheet 7 of 30 · seed 1006" in text
        assert "bell curves" in text
        for name in sheet.combinations:
            assert name in text
        for question, _ in sheet.questions():
            assert collapse(question) in text
    assert "ANSWER KEY" in key and "ANSWER KEY" not in student
    for _, answer in sheet.questions():
        assert answer in key
        assert answer not in student
    assert "Dashed: the deck scaled to 27 cards" in key


def test_rendering_logs_no_fpdf_warnings(caplog):
    with caplog.at_level("WARNING"):
        bell_curve_worksheet(2).key_pdf()
    assert [record.getMessage() for record in caplog.records] == []


# --- export ---------------------------------------------------------------------------


def test_export_writes_bell_curve_sheets(tmp_path):
    assert "bell-curve" in KINDS
    paths = export_worksheets(tmp_path, kind="bell-curve", students=2, seed=8)
    assert [p.name for p in paths] == [
        "student-01.pdf",
        "student-01-key.pdf",
        "student-02.pdf",
        "student-02-key.pdf",
        "all-students.pdf",
        "all-keys.pdf",
    ]
    assert {p.parent.name for p in paths} == {"bell-curve"}
    second = bell_curve_worksheet(9, number=2, of=2)
    assert paths[2].read_bytes() == second.student_pdf()
    assert paths[3].read_bytes() == second.key_pdf()


@pytest.mark.parametrize("level", ["support", "core", "extension"])
def test_step_2_works_one_tally_from_card_1(tmp_path, level):
    # review 8: the two-way tally is not taught in the core: one worked mark on the sheet
    sheet = bell_curve_worksheet(1006, level=level)
    card = sheet.cards[0]
    k = card.count(sheet.shape)
    name = line_names(sheet.shape.value)[k - 1]
    text = collapse(pdf_text(sheet.student_pdf(), tmp_path, "student.pdf"))
    assert (
        f"For example, card #1 (face value {card.value}, {name}) is a mark in the row "
        f"{name}, column {card.value}." in text
    )
