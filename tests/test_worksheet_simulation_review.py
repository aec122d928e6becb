"""The simulation worksheet after review 16 (issue 12): nothing prints over the footer,
the key's class answer says what it is and is computed, c) has its lines (the
prediction before the class total), the lesson's word "success", words for a tie and
a hint in b), and percents as the lesson writes them.

Every expected number is recomputed here from the draws (a face value is the sum of a
card's four counts; 50 of the 81 cards have 8 or more), not read from the library.
"""

from __future__ import annotations

import html
import re
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from test_worksheets import PDFTOTEXT, collapse, pdf_text

from xactika_edu.outputs.worksheets.levels import LEVELS
from xactika_edu.outputs.worksheets.page import PAPERS
from xactika_edu.outputs.worksheets.sheet import page_layout
from xactika_edu.outputs.worksheets.simulation import simulation_worksheet

needs_pdftotext = pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)

# (seed, number, of): the review's class of 3 (seeds 1-3) and a sheet of a class of 30
RUNS = ((1, 1, 3), (2, 2, 3), (3, 3, 3), (1006, 7, 30))
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def _success(card) -> bool:
    return sum(card.counts) >= 8


def _whole_percent(top: int, bottom: int) -> int:
    """top/bottom as a whole percent, a half up, in integers only."""
    return (200 * top + bottom) // (2 * bottom)


def _as_lesson(top: int, bottom: int) -> str:
    """A relative frequency as the lesson writes it: '8/10 = 80%', '27/40, about 68%'."""
    if (100 * top) % bottom == 0:
        return f"{top}/{bottom} = {100 * top // bottom}%"
    return f"{top}/{bottom}, about {_whole_percent(top, bottom)}%"


def _words(data: bytes, tmp_path: Path) -> list[tuple[float, float, float, float, str]]:
    path = tmp_path / "page.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        [PDFTOTEXT, "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [
        (float(a), float(b), float(c), float(d), html.unescape(text))
        for a, b, c, d, text in WORD.findall(out)
    ]


# --- 1. nothing prints over the footer ------------------------------------------------


@needs_pdftotext
@pytest.mark.parametrize("level", LEVELS)
def test_no_text_reaches_the_footer(level, tmp_path):
    # the teacher's report: on the extension key, d)'s answer printed over the footer
    found = []
    for seed, number, of in RUNS:
        sheet = simulation_worksheet(seed, number=number, of=of, level=level)
        for paper in PAPERS:
            for key in (False, True):
                which = "answer key" if key else "student sheet"
                footer = (
                    f"xactika-edu · simulation worksheet · {which} · {sheet.label} · the same "
                    "seed always gives the same draws"
                ).split()
                data = sheet.key_pdf(paper) if key else sheet.student_pdf(paper)
                words = _words(data, tmp_path)
                start = max(
                    (w for w in words if w[4] == "xactika-edu"), key=lambda w: w[1]
                )  # the footer's first word: the lowest "xactika-edu"
                height = start[3] - start[1]
                line = [
                    w
                    for w in words
                    if abs(w[1] - start[1]) < 0.5 and abs((w[3] - w[1]) - height) < 0.3
                ]
                assert [w[4] for w in line] == footer, (paper, which)
                top = start[1] - 1.0  # 1 pt clear of the footer's top
                over = [w[4] for w in words if w not in line and w[3] > top]
                if over:
                    found.append(f"seed {seed}, {paper} {which}: {' '.join(over)}")
    assert not found, found


# --- 2. the key's class answer ------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_key_class_answer_says_what_it_is_and_is_computed(level):
    sheets = [simulation_worksheet(s, number=n, of=of, level=level) for s, n, of in RUNS[:3]]
    draws = sum(len(sheet.draws) for sheet in sheets)
    total = sum(_success(card) for sheet in sheets for card in sheet.draws)
    tenths = (draws * 50 * 10 * 2 + 81) // (2 * 81)  # draws x 50/81 to tenths, a half up
    nearest = (draws * 50 * 2 + 81) // (2 * 81)
    for sheet in sheets:
        answer = sheet.questions()[2][1]
        assert answer.startswith(
            f"Your class: (the class's draws) × 50/81. For these 3 sheets: {draws} draws × "
            f"50/81 = about {tenths // 10}.{tenths % 10}: expect about {nearest} successes."
        )
        own = sum(_success(card) for card in sheet.draws)
        n = len(sheet.draws)
        p = Fraction(50, 81)
        closer = abs(Fraction(total, draws) - p) < abs(Fraction(own, n) - p)
        assert answer.endswith(
            f"Class total of these 3 sheets: {total} successes in {draws} draws, "
            f"{_as_lesson(total, draws)}. Closer to 50/81 than this sheet's "
            f"{_as_lesson(own, n)}? {'Yes' if closer else 'No'}."
        )


@needs_pdftotext
def test_support_key_prints_the_class_answer_not_our_class(tmp_path):
    sheet = simulation_worksheet(1, number=1, of=3, level="support")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    assert "Our class:" not in key
    assert collapse(sheet.questions()[2][1]) in key


# --- 3. c) has lines; the prediction comes before the class total ----------------------


def _texts(sheet, group: str = "questions"):
    page = page_layout(sheet, key=False)
    return page, [e for e in page.elements if e.group.startswith(group)]


@pytest.mark.parametrize("level", LEVELS)
def test_c_predicts_first_and_has_a_line_after_the_class_total(level):
    sheet = simulation_worksheet(3, number=3, of=3, level=level)
    _, items = _texts(sheet)
    texts = {e.text: e.box for e in items if e.kind == "text"}
    prediction = "Prediction:" if level != "support" else "Our class: ____ draws ×"
    first = min(box[1] for text, box in texts.items() if text.startswith(prediction))
    assert first < texts["Class total"][1]
    below_box = texts["Relative frequency:"][3] + 3.0  # under the box's last line
    lines = [
        e for e in items if e.kind == "line" and e.box[1] > below_box and e.box[3] - e.box[1] < 0.5
    ]
    if level == "support":
        assert any(text.startswith("Closer than mine: ____") for text in texts)
        assert all(box[1] < below_box for text, box in texts.items() if "Our class" in text)
    else:
        assert lines, "no line to answer c) on"


# --- 4. the lesson's word: success ---------------------------------------------------


@needs_pdftotext
@pytest.mark.parametrize("level", LEVELS)
def test_sheet_counts_successes(level, tmp_path):
    sheet = simulation_worksheet(2, number=2, of=3, level=level)
    student = pdf_text(sheet.student_pdf(), tmp_path, "student.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    for text in (student, key):
        assert "that draw is a success" in text
        assert not re.search(r"\b[Yy]es (so far|in this row|in \d+ draws|in all)", text)
    assert "Successes:" in student  # the class total box
    assert "expect about" in key and not re.search(r"expect about \d+ yes", key)
    _, heads = _texts(sheet, "draws")
    head = " ".join(e.text for e in heads if e.kind == "text")
    assert "Successes in this row" in head and "Successes so far" in head
    assert "Yes" not in head


# --- 5. a tie has words; b) says either can happen ------------------------------------


def test_support_tie_frame_and_key():
    # seed 3's support sheet: 6/10 = 60% and 12/20 = 60%, a tie
    sheet = simulation_worksheet(3, number=3, of=3, level="support")
    hits = [_success(card) for card in sheet.draws]
    assert (sum(hits[:10]), sum(hits)) == (6, 12)
    frame = sheet.frames()[1]
    assert frame.blank().endswith("Closer: ____ (or: the same).")
    assert frame.filled().endswith("Closer: the same.")
    _, items = _texts(sheet)
    assert "(or: the same)." in " ".join(e.text for e in items if e.kind == "text")


def test_core_b_says_either_can_happen_and_asks_the_law():
    # seed 3's core sheet: after 10 draws (60%) is closer to 50/81 than after 40 (70%)
    sheet = simulation_worksheet(3, number=3, of=3)
    hits = [_success(card) for card in sheet.draws]
    first, last = Fraction(sum(hits[:10]), 10), Fraction(sum(hits), 40)
    assert abs(first - Fraction(50, 81)) < abs(last - Fraction(50, 81))
    question, answer = sheet.questions()[1]
    assert question.endswith(
        "Either can happen with so few draws. Which does the law of large numbers say is "
        "usually closer?"
    )
    assert answer == (
        "After 10 draws (it can happen). Usually: after 40 draws (the law of large numbers)."
    )


# --- 6. percents as the lesson writes them ---------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_graph_axis_in_percents(level):
    sheet = simulation_worksheet(1, level=level)
    _, items = _texts(sheet, "graph")
    labels = [e.text for e in items if e.kind == "text" and e.text.endswith("%")]
    # every 10% (every 20% on a short graph), 0% to 100%
    assert labels in ([f"{j}%" for j in range(0, 101, 10)], [f"{j}%" for j in range(0, 101, 20)])
    assert not [e.text for e in items if re.fullmatch(r"[01]\.\d", e.text)]


@needs_pdftotext
@pytest.mark.parametrize("level", LEVELS)
def test_key_writes_relative_frequencies_in_percents(level, tmp_path):
    sheet = simulation_worksheet(1, number=1, of=3, level=level)
    key = pdf_text(sheet.key_pdf(), tmp_path, "key.pdf")
    hits = [_success(card) for card in sheet.draws]
    first, last = sum(hits[:10]), sum(hits)
    assert _as_lesson(first, 10) in key and _as_lesson(last, len(hits)) in key
    assert not re.search(r"\b0\.\d\d\b", key)  # no 0.80-style relative frequency
