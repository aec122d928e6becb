"""What Lessons 4 and 6 say, read from the notebooks' source (without running them).

Issue #11 review (a 7th grader and a math teacher): players are named as in
CONVENTION.md ("you", then Player 1 right after you, clockwise); a cell that only
writes text hides its code; Lesson 4 says the voids and the chances in words; Lesson 6
says what else a different bid changes, how the computer bids, and how sure the
difference between two bids is. The numbers themselves are checked by running the
notebooks (nbmake).
"""

from __future__ import annotations

import ast
import json
import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.figure import Figure

from xactika_edu.plots import trick_bar_graph

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LESSON_4 = NOTEBOOKS / "04_chance_of_winning_a_lead.ipynb"
LESSON_6 = NOTEBOOKS / "06_estimation_and_bidding.ipynb"
LESSON_7 = NOTEBOOKS / "07_play_and_reflect.ipynb"


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _text(path: Path) -> str:
    return "\n".join(_source(cell) for cell in _cells(path))


def _writes_text_only(source: str) -> bool:
    """A code cell whose result is Markdown(...) (or display(Markdown(...)) then a table)."""
    body = ast.parse(source).body
    if not body or not isinstance(body[-1], ast.Expr):
        return False
    last = body[-1].value
    return isinstance(last, ast.Call) and ast.unparse(last.func) == "Markdown"


@pytest.mark.parametrize("path", [LESSON_4, LESSON_6], ids=lambda p: p.stem)
def test_players_are_named_as_in_the_convention(path):
    text = _text(path)
    # CONVENTION.md: never "player 0", never "You are player ..."; Player k, capital P
    assert not re.search(r"player 0\b", text, re.IGNORECASE), "player 0"
    assert "You are player" not in text
    assert not re.search(r"f\"player \{|f'player \{|\(player \d\)", text)


@pytest.mark.parametrize("path", [LESSON_4, LESSON_6, LESSON_7], ids=lambda p: p.stem)
def test_cells_that_only_write_text_hide_their_code(path):
    shown = [
        number
        for number, cell in enumerate(_cells(path))
        if cell["cell_type"] == "code"
        and _writes_text_only(_source(cell))
        and "hide-input" not in cell["metadata"].get("tags", [])
    ]
    assert not shown, f"{path.name}: cells {shown} write text but show their code"


def test_lesson_4_says_voids_and_chances_in_words():
    cells = [_source(c) for c in _cells(LESSON_4) if c["cell_type"] == "code"]
    for source in cells:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "print":
                args = [ast.unparse(arg) for arg in node.args]
                assert "voids" not in args, "prints the voids dict raw"
                # the chance with voids, as a raw Fraction ("1") next to a percent
                assert not any("voids=" in a for a in args), "prints a raw Fraction"
    text = _text(LESSON_4)
    assert 'print(f"Player {player}: "' in text
    assert "({percent(with_voids8)})" in text and "{about_percent(plain8)}" in text
    # T11, T12: how the computer counts, and when there is no single short formula
    assert "no short formula this time" not in text
    assert "When several players show voids, there is no single short formula." in text
    assert "without listing them one by one" in text
    # K6: one meaning of "sure trick" in the summary
    assert "A lead with no threats unseen is a **sure trick**" not in text
    assert "had to be in the set-aside pile" in text


def _core_and_further(path: Path) -> tuple[list[dict], list[dict]]:
    """The cells before the first cell tagged ``going-further``, and the rest."""
    cells = _cells(path)
    tags = [cell["metadata"].get("tags", []) for cell in cells]
    start = next((i for i, t in enumerate(tags) if "going-further" in t), len(cells))
    return cells[:start], cells[start:]


def _joined(cells: list[dict]) -> str:
    return "\n".join(_source(cell) for cell in cells)


def test_lesson_6_says_what_a_bid_changes_and_how_sure():
    core, further = _core_and_further(LESSON_6)
    text, extra = _joined(core), _joined(further)
    # T1: the dealer rule makes the dealer's bid depend on yours
    assert "Only your aim changed." not in text
    assert "Your bid can also change the dealer's bid." in text
    # K2: how the computer in your seat bids
    assert "(its rule of thumb for this " in text
    assert "The computer's best bid is" not in text
    # K3: a sure trick is sure only when you lead it
    assert "is a **sure trick**, when you lead it." in text
    # T15, T9, T10: the interval and the (+) standards stay, in Going further (issue 12)
    assert "take risks" not in text and "you play cards that will not win" in text
    assert "**95% interval**" in extra and "stats.norm.interval(0.95" in extra
    assert "(+) HSS-MD.B.5b" in extra


def test_lesson_6_issue_12_errors_are_gone():
    """Issue 12, Lesson 6 (graded C): the unbeatable chance taught as the chance to win,
    6.SP.B.5c cited for the mode, the simulated mean called "the expected value", raw
    Python values on the page, high-school content in the core."""
    core, further = _core_and_further(LESSON_6)
    text = _joined(core)
    assert further, "Lesson 6 has no Going further part"
    # the chance nobody can beat a lead is not the chance it wins
    assert "chance to win" not in text and "of the time" not in text
    assert 'CHANCE = "chance nobody can beat it"' in text
    assert "so it wins at least that often" in text
    # the simulated mean and average points are estimates, not "the expected value"
    assert "expected value" not in text.lower()
    assert "This average estimates the **expected " in text
    # high-school content only in Going further; (+) standards are never in the core
    for word in ("standard error", "95%", "HSS-", "(+)", "stats."):
        assert word not in text, word
    # no reprs: no legal_bids list or None-answer cells; self-checks are answer boxes
    for word in ("legal_bids", "= None", ".check("):
        assert word not in text, word
    standards = json.loads(LESSON_6.read_text(encoding="utf-8"))["metadata"]["xactika_lesson"]
    codes = [s["code"] for s in standards["standards"]]
    assert "6.SP.B.5c" not in codes and all(not c.startswith("HSS") for c in codes)
    # the estimate is written before the computer shows its graph and its mean
    sources = [_source(cell) for cell in core]
    estimate = next(i for i, s in enumerate(sources) if "**Your estimate.**" in s)
    simulation = next(i for i, s in enumerate(sources) if "trick_distribution(hand" in s)
    assert estimate < simulation


def test_lesson_7_issue_12_checks_citations_and_reprs():
    """Issue 12, Lesson 7 (graded B-): self-checks are answer boxes with sensible
    answers, HSS-ID.A.2 only where two data sets are compared, no reprs on the page,
    the class's own CSV or a seeded example class."""
    core, further = _core_and_further(LESSON_7)
    text, extra = _joined(core), _joined(further)
    assert further, "Lesson 7 has no Going further part"
    for word in ("= None", ".check(", "!r}", "HSS-", "(+)", "7.SP.C.7b"):
        assert word not in text, word
    assert text.count("answer_box(q") == 4
    # the class's file, else the example class from a seed, and the page says which
    assert 'CLASS_FILE = "our-class-scores.csv"' in text
    assert "example_scores(players=4, games=3, seed=7)" in text
    assert "The example class is SIMULATED" in text
    # yes/no, never True/False, where a table shows a yes-or-no column
    assert 'yes_no = {True: "yes", False: "no"}' in extra
    meta = json.loads(LESSON_7.read_text(encoding="utf-8"))["metadata"]["xactika_lesson"]
    core_codes = [s["code"] for s in meta["standards"]]
    further_codes = [s["code"] for s in meta["going_further_standards"]]
    assert not any(code.startswith("HSS") for code in core_codes)
    # HSS-ID.A.2 compares two or more data sets: the class's and the computer's
    assert "HSS-ID.A.2" in further_codes
    assert 'summary(index, table_sim["class"])' in extra
    assert 'summary(index, table_sim["simulated"])' in extra
    # 6.SP.B.5c needs a measure of center AND of variability
    assert "6.SP.B.5c" in core_codes and "**MAD**" in text and "**mean**" in text


def test_trick_graph_legends_use_one_format():
    # K14: one legend said "mean ≈ 2.51", the one beside it "mean = 2.32"
    figure = Figure()
    exact = pd.DataFrame({"frequency": [0, 3, 1]}, index=pd.Index([0, 1, 2], name="tricks"))
    rounded = pd.DataFrame({"frequency": [1, 1, 1]}, index=pd.Index([0, 1, 3], name="tricks"))
    labels = [
        trick_bar_graph(table, ax=figure.add_subplot(1, 2, i + 1))
        .get_legend()
        .get_texts()[0]
        .get_text()
        for i, table in enumerate((exact, rounded))
    ]
    assert Fraction(4, 3) != 1.33  # the second mean is rounded, the first exact
    assert labels == ["mean 1.25 tricks", "mean 1.33 tricks"]
