"""Tests for the simulation worksheet: draws, exact probabilities and running relative
frequencies recomputed independently, one event per class, one-page deterministic PDFs
and the export."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from test_worksheets import PDFTOTEXT, collapse, pdf_text, quoted

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import Card
from xactika_edu.outputs.worksheets import (
    KINDS,
    SimulationWorksheet,
    export_worksheets,
    simulation_worksheet,
)
from xactika_edu.outputs.worksheets.simulation import EVENTS

# The deck written out independently, in notation order: "1111", "1112", ... "3333".
DECK_COUNTS = list(itertools.product((1, 2, 3), repeat=4))

# Each event tested a second way, on (balls, cubes, cones, stars) counts.
TESTS = {
    "face value 8 or more": lambda c: sum(c) >= 8,
    "face value 10 or more": lambda c: sum(c) >= 10,
    "face value exactly 8": lambda c: sum(c) == 8,
    "an even face value": lambda c: sum(c) % 2 == 0,
    "3 cubes": lambda c: c[1] == 3,
    "1 star": lambda c: c[3] == 1,
}

# From the deck table (RULES.md): 8 or more = 19 + 16 + 10 + 4 + 1 = 50; 10 or more
# = 15; exactly 8 = 19; even = 1 + 10 + 19 + 10 + 1 = 41; a combination is on 27 cards.
DECK_TOTALS = {
    "face value 8 or more": 50,
    "face value 10 or more": 15,
    "face value exactly 8": 19,
    "an even face value": 41,
    "3 cubes": 27,
    "1 star": 27,
}


def percent_text(value: Fraction) -> str:
    """The key's percent: exact if it has at most 2 decimals, else rounded to the
    nearest whole percent (halves up), the one rounding rule students use."""
    hundred = value * 100
    if (hundred * 100).denominator == 1:
        return f"{float(hundred):g}%"
    return f"about {(hundred * 2 + 1) // 2}%"


# --- variants and seeds -------------------------------------------------------------


def test_events_are_the_tested_ones():
    assert set(EVENTS) == set(TESTS)


def test_same_seed_same_draws_and_bytes():
    first = simulation_worksheet(1006, number=7, of=30)
    again = simulation_worksheet(1006, number=7, of=30)
    assert first == again
    positions = np.random.default_rng(1006).integers(81, size=40)
    assert [card.counts for card in first.draws] == [DECK_COUNTS[i] for i in positions]
    assert first.student_pdf() == again.student_pdf()
    assert first.key_pdf("a4") == again.key_pdf("a4")
    assert first.label == "Worksheet 7 of 30 · seed 1006"


def test_a_class_shares_one_event_and_gets_different_draws():
    for first in (0, 1, 5, 100):
        sheets = [simulation_worksheet(first + k, number=k + 1, of=6) for k in range(6)]
        assert {sheet.event for sheet in sheets} == {"face value 8 or more"}
        assert len({sheet.draws for sheet in sheets}) == 6
    # a lost sheet printed again alone is the same sheet
    assert simulation_worksheet(3).draws == simulation_worksheet(3, number=3, of=30).draws
    for event in EVENTS:
        assert simulation_worksheet(1, event=event).event == event
    with pytest.raises(XactikaError, match="unknown event 'odd'"):
        simulation_worksheet(1, event="odd")


def test_draws_put_the_card_back():
    # with replacement: 50 draws from 81 cards repeat a card more often than not
    repeats = [len(set(simulation_worksheet(s, cards=50).draws)) < 50 for s in range(20)]
    assert any(repeats)


def test_repr_rebuilds_and_str_counts_the_yes():
    sheet = simulation_worksheet(3, number=2, of=4, cards=20)
    assert eval(repr(sheet), {"SimulationWorksheet": SimulationWorksheet, "Card": Card}) == sheet
    yes = sum(TESTS[sheet.event](card.counts) for card in sheet.draws)
    assert str(sheet) == (
        f"Worksheet 2 of 4 · seed 3: 20 draws, event {sheet.event}, {yes} successes"
    )


# --- answers, recomputed independently ----------------------------------------------


@pytest.mark.parametrize("event", sorted(TESTS))
def test_exact_probability_is_counted_from_the_deck(event):
    count = sum(1 for card in DECK_COUNTS if TESTS[event](card))
    assert count == DECK_TOTALS[event]
    sheet = SimulationWorksheet(1, 1, 0, event, ["1111"] * 20)
    assert sheet.deck_count == count
    assert sheet.probability == Fraction(count, 81)
    answer = sheet.questions()[0][1]
    simple = Fraction(count, 81)
    assert answer.startswith(f"{count}/81")
    if simple.denominator != 81:
        assert f" = {simple}," in answer
    assert answer.endswith(percent_text(simple))


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 77, 1006])
@pytest.mark.parametrize("n", [20, 40, 50])
def test_running_frequencies_and_answers(seed, n):
    of = 25
    sheet = simulation_worksheet(seed, number=1, of=of, cards=n)
    test = TESTS[sheet.event]
    yes = [test(card.counts) for card in sheet.draws]
    assert sheet.hits == tuple(yes)
    running = [(sum(yes[:end]), end) for end in range(10, n + 1, 10)]
    assert sheet.running() == running

    p = Fraction(DECK_TOTALS[sheet.event], 81)
    _, (question_b, closer), (_, class_total) = sheet.questions()
    first, last = Fraction(*running[0]), Fraction(*running[-1])
    assert f"after 10 draws or after {n} draws" in question_b
    if abs(first - p) == abs(last - p):
        assert closer.startswith("The same")
    elif abs(last - p) < abs(first - p):
        assert closer.startswith(f"After {n} draws.")
    else:
        assert closer.startswith("After 10 draws")

    # the rule for the class, then the printed sheets' numbers (review 16)
    expected = p * of * n
    nearest = int(expected + Fraction(1, 2))  # halves up (expected > 0)
    tenths = int(expected * 10 + Fraction(1, 2))
    assert class_total.startswith(
        f"Your class: (the class's draws) × {DECK_TOTALS[sheet.event]}/81. For these {of} "
        f"sheets: {of * n} draws × {DECK_TOTALS[sheet.event]}/81 = about "
        f"{tenths // 10}.{tenths % 10}: expect about {nearest} successes."
    )


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_key_lists_every_row_of_the_running_table(tmp_path):
    sheet = simulation_worksheet(21, number=3, of=30)
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    for so_far, draws in sheet.running():
        # as the lesson writes it: a whole percent, a half up (review 16: not 0.80)
        share = Fraction(so_far, draws)
        whole = (share * 100 * 2 + 1) // 2
        written = f"= {whole}%" if (share * 100).denominator == 1 else f"about {whole}%"
        assert f"{so_far}/{draws} {written}" in key
        assert f"{so_far}/{draws}" not in student
    assert "= 0." not in key


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [45, 0, 10, 60, 5, 40.0, True])
def test_bad_draw_counts_are_rejected(tmp_path, cards):
    with pytest.raises(XactikaError, match=quoted(cards)):
        simulation_worksheet(1, cards=cards)
    with pytest.raises(XactikaError, match=quoted(cards)):
        export_worksheets(tmp_path, kind="simulation", students=1, cards=cards)
    assert list(tmp_path.iterdir()) == []


def test_constructor_checks_its_values():
    with pytest.raises(XactikaError, match="'rain'"):
        SimulationWorksheet(1, 1, 0, "rain", ["1111"] * 20)
    with pytest.raises(XactikaError, match="got 15"):
        SimulationWorksheet(1, 1, 0, "3 cubes", ["1111"] * 15)
    with pytest.raises(XactikaError, match="'1114'"):
        SimulationWorksheet(1, 1, 0, "3 cubes", ["1114"] * 20)
    with pytest.raises(XactikaError, match="got 3"):
        SimulationWorksheet(3, 2, 0, "3 cubes", ["1111"] * 20)
    with pytest.raises(XactikaError, match=quoted(2.5)):
        simulation_worksheet(2.5)


# --- the PDFs -------------------------------------------------------------------------


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_text_has_seed_event_questions_and_answers(tmp_path):
    sheet = simulation_worksheet(1006, number=7, of=30)
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    for text in (student, key):
        assert "Worksheet 7 of 30 · seed 1006" in text
        assert f"The event: the card {sheet.phrase}." in text
        assert "Class total" in text
        for question, _ in sheet.questions():
            assert collapse(question) in text
    assert "ANSWER KEY" in key and "ANSWER KEY" not in student
    for _, answer in sheet.questions():
        assert answer in key
        assert answer not in student


def test_rendering_logs_no_fpdf_warnings(caplog):
    with caplog.at_level("WARNING"):
        simulation_worksheet(2).key_pdf()
    assert [record.getMessage() for record in caplog.records] == []


# --- export ---------------------------------------------------------------------------


def test_export_writes_simulation_sheets(tmp_path):
    assert "simulation" in KINDS
    paths = export_worksheets(tmp_path, kind="simulation", students=2, seed=30, cards=20)
    assert [p.relative_to(tmp_path).as_posix() for p in paths][:2] == [
        "simulation/student-01.pdf",
        "simulation/student-01-key.pdf",
    ]
    second = simulation_worksheet(31, number=2, of=2, cards=20)
    assert paths[2].read_bytes() == second.student_pdf()
    assert paths[3].read_bytes() == second.key_pdf()


@pytest.mark.parametrize(("seed", "of"), [(1, 30), (6, 30), (20, 5)])
def test_key_gives_the_real_class_total_of_the_run(seed, of):
    # the teacher's report: the key gave only the expected class total; the real total
    # of the sheets printed in the same run is known too (student k has seed + k - 1)
    sheets = [simulation_worksheet(seed + k, number=k + 1, of=of) for k in range(of)]
    total = sum(sum(sheet.hits) for sheet in sheets)  # counted sheet by sheet
    for sheet in (sheets[0], sheets[-1]):
        assert sheet.class_total() == total
        answer = sheet.questions()[2][1]
        draws = of * 40
        assert f"Class total of these {of} sheets: {total} successes in {draws} draws" in answer
        assert f"{draws} draws, {total}/{draws}" in answer


def test_class_total_is_unknown_for_draws_made_by_hand():
    sheet = simulation_worksheet(3, number=2, of=4)
    by_hand = SimulationWorksheet(2, 4, 3, sheet.event, tuple(reversed(sheet.draws)))
    assert by_hand.class_total() is None
    assert by_hand.class_answer().box is None
    assert by_hand.questions()[2][1].startswith("Your class: (the class's draws) × 50/81.")
    assert "Yes if the class's relative frequency is closer to 50/81" in (by_hand.questions()[2][1])
    # a run whose first seed would be below 0
    assert simulation_worksheet(0, number=2, of=3).class_total() is None
