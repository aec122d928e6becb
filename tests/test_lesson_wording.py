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


@pytest.mark.parametrize("path", [LESSON_4, LESSON_6], ids=lambda p: p.stem)
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


def test_lesson_6_says_what_a_bid_changes_and_how_sure():
    text = _text(LESSON_6)
    # T1: the dealer rule makes the dealer's bid depend on yours
    assert "Only your aim changed." not in text
    assert "the dealer rule may change the dealer's bid too" in text
    # K2: how the computer players bid
    assert "The computer players bid with a quick rule of thumb" in text
    assert "The computer's best bid is" not in text
    # K3: a sure trick is sure only when you lead it
    assert "nobody can beat it. But it\nis sure only if you lead it." in text
    # T15, T9, T10
    assert "take risks" not in text and "keep trying to win with cards" in text
    assert "**95% interval**" in text and "stats.norm.interval(0.95" in text
    assert "(+) HSS-MD.B.5a/b" in text and "mode" not in text.split("6.SP.B.5c")[1][:200]


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


# --- Lessons 3 and 5 (issue 12: one period each, claims and standards as the teacher read them)

LESSON_3 = NOTEBOOKS / "03_bell_curves.ipynb"
LESSON_5 = NOTEBOOKS / "05_simulation.ipynb"


def _core_and_further(path: Path) -> tuple[str, str]:
    """The text of the cells before the `going-further` cell, and of the rest."""
    cells = _cells(path)
    starts = [i for i, c in enumerate(cells) if "going-further" in c["metadata"].get("tags", [])]
    cut = starts[0] if starts else len(cells)
    return (
        "\n".join(_source(c) for c in cells[:cut]),
        "\n".join(_source(c) for c in cells[cut:]),
    )


def _standards(path: Path) -> dict[str, str]:
    meta = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("xactika_lesson", {})
    return {s["code"]: s["activity"] for s in meta.get("standards", [])}


@pytest.mark.parametrize("path", [LESSON_3, LESSON_5], ids=lambda p: p.stem)
def test_lessons_3_and_5_check_answers_in_boxes(path):
    core, _ = _core_and_further(path)
    assert "my_answer" not in core and ".check(my_answer)" not in core
    assert core.count("answer_box(") <= 4
    assert "TEACHER" in core and "CLASS_FILE" in core  # the class's pooled results
    assert "simulated class" in core  # says so when the class has no data yet


def test_lesson_3_claims_are_true_and_it_owns_the_mean():
    core, further = _core_and_further(LESSON_3)
    text = core + further
    # issue 12: "more shapes make the bell taller" was called a misconception, but the
    # count bars DO get taller; relative frequencies get lower and the bell wider
    assert "More shapes make the bell taller" not in text
    assert "count bars get\n**taller**" in further and "the bars get **lower**" in further
    # Lesson 1's "flat, triangle, bell" is not repeated in the core
    assert "triangle" not in core
    # the mean, the MAD and the normal curve as a model (not the cards)
    assert "face_value_mean" in core and "face_value_mad" in core
    assert "It is a **model** of the " in core and "not by cards" in core
    # the sampling view: means of n = 1, 4, 16 cards; bars taller is not narrower
    assert "SamplingView(" in core
    joined = re.sub(r'"\s*\n\s*f?"', "", core)  # the cell's strings, joined as printed
    assert "More samples make the bars taller (more samples at each mean), but not narrower" in (
        joined
    )
    standards = _standards(LESSON_3)
    assert "shape" in standards["6.SP.B.5d"] and "choice" in standards["6.SP.B.5d"]
    assert "7.SP.C.8b" not in standards  # no sample space is represented any more


def test_lesson_5_cites_what_it_does_and_keeps_high_school_further():
    core, further = _core_and_further(LESSON_5)
    standards = _standards(LESSON_5)
    # 7b is developing a model from data, 8c a simulation of a compound event
    assert "7.SP.C.7b" not in standards and "7.SP.C.8c" not in standards
    assert "7.SP.C.7" in standards and "7.SP.C.6" in standards
    for high_school in ("standard error", "95%", "log scale", "margin of error", "√n"):
        assert high_school not in core, high_school
        assert high_school in further, high_school
    assert "just like the MAD" not in core + further
    assert "the MAD\nmeasures distances from the data's own mean" in further
    # the four-dice experiment and the draw histogram
    assert "roll_dice_cards(" in core and "card_chance(" in core
    assert "DrawHistogram(" in core
