"""The standards table (xactika_edu.teaching.standards): every code a lesson cites is
in it, with its exact wording, and it renders as the teacher guide's table.

Issue 12, item 6: "a test fails when a lesson cites a code that is not in the table".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.teaching.lessonmeta import METADATA_KEY, check_lesson_meta
from xactika_edu.teaching.standards import (
    SOURCES,
    STANDARDS,
    check_code,
    full_wording,
    standards_markdown,
    standards_rows,
)

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
#: The codes issue 12 names (Lessons 1-7 and their Going further parts).
NAMED = [
    "6.RP.A.1",
    "6.RP.A.3c",
    "6.SP.A.1",
    "6.SP.A.2",
    "6.SP.A.3",
    "6.SP.B.4",
    "6.SP.B.5a",
    "6.SP.B.5b",
    "6.SP.B.5c",
    "6.SP.B.5d",
    "7.RP.A.3",
    "7.SP.A.1",
    "7.SP.A.2",
    "7.SP.C.5",
    "7.SP.C.6",
    "7.SP.C.7a",
    "7.SP.C.7b",
    "7.SP.C.8a",
    "7.SP.C.8b",
    "7.SP.C.8c",
    "HSS-ID.A.1",
    "HSS-ID.A.2",
    "HSS-ID.A.3",
    "HSS-ID.A.4",
    "HSS-IC.A.1",
    "HSS-IC.A.2",
    "HSS-IC.B.6",
    "HSS-CP.A.1",
    "HSS-CP.A.2",
    "HSS-CP.B.6",
    "HSS-CP.B.9",
    "HSS-MD.A.1",
    "HSS-MD.A.2",
    "HSS-MD.A.3",
    "HSS-MD.A.4",
    "HSS-MD.B.5a",
    "HSS-MD.B.5b",
    "HSS-MD.B.6",
    "HSS-MD.B.7",
]


def test_table_holds_every_named_code_with_two_sources() -> None:
    assert set(NAMED) <= set(STANDARDS)
    for code, standard in STANDARDS.items():
        assert standard.code == code
        assert standard.wording.strip() == standard.wording and standard.wording.endswith(
            (".", ":", "?", '"')
        )
        assert len(SOURCES[code]) >= 2, code
    assert set(SOURCES) == set(STANDARDS)


def test_every_s_md_standard_is_plus_and_only_they_and_cp_b_9() -> None:
    # Issue 12: "Every S-MD standard is a (+) standard"; S-CP.B.9 is (+) too.
    plus = {code for code, s in STANDARDS.items() if s.plus}
    assert plus == {c for c in STANDARDS if c.startswith("HSS-MD")} | {"HSS-CP.B.9"}
    assert standards_rows([("HSS-MD.B.5a", "x")])[0][0] == "(+) HSS-MD.B.5a"


def test_grades_follow_the_codes() -> None:
    for code, standard in STANDARDS.items():
        expected = "HS" if code.startswith("HSS") else code[0]
        assert standard.grade == expected


def test_wording_spot_checks() -> None:
    # The distinctions issue 12 turns on, in the official words.
    assert STANDARDS["7.SP.C.7b"].wording.startswith(
        "Develop a probability model (which may not be uniform) by observing frequencies"
    )
    assert "Compare probabilities from a model to observed frequencies" in full_wording("7.SP.C.7b")
    assert STANDARDS["7.SP.C.8c"].wording.startswith("Design and use a simulation")
    assert "two or more different data sets" in STANDARDS["HSS-ID.A.2"].wording
    assert full_wording("6.SP.B.5d").startswith("Summarize numerical data sets")
    assert full_wording("7.SP.C.5") == STANDARDS["7.SP.C.5"].wording


def test_unknown_codes_are_refused_by_name() -> None:
    with pytest.raises(XactikaError, match=r"unknown standard code '7\.SP\.7b'"):
        check_code("7.SP.7b")
    with pytest.raises(XactikaError, match="unknown standard code None"):
        check_code(None)
    assert check_code(" (+) HSS-MD.A.3 ").code == "HSS-MD.A.3"


def test_markdown_table() -> None:
    table = standards_markdown(
        [("6.SP.B.4", "the bar graph | of the deck"), ("HSS-MD.A.2", "the mean")]
    )
    lines = table.splitlines()
    assert lines[0] == "| Code | Standard | Activity |"
    assert lines[2].startswith("| 6.SP.B.4 | Display numerical data in plots on a number line")
    assert lines[2].endswith("| the bar graph \\| of the deck |")
    assert lines[3].startswith("| (+) HSS-MD.A.2 | Calculate the expected value")
    assert standards_markdown([]) == ""
    with pytest.raises(XactikaError, match="unknown standard code 'X'"):
        standards_markdown([("X", "y")])


def _metadata(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get(METADATA_KEY)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_lesson_cites_only_codes_in_the_table(path: Path) -> None:
    """Every code in a lesson's metadata (core and Going further) is in STANDARDS."""
    raw = _metadata(path)
    assert raw is not None, f"{path.name} has no xactika_lesson metadata"
    meta = check_lesson_meta(raw, f"{path.name}: ")  # raises on an unknown code
    for citation in meta.standards + meta.going_further_standards:
        assert citation.code in STANDARDS


def test_an_unknown_code_in_a_lesson_fails(tmp_path: Path) -> None:
    raw = {
        "lesson": "5",
        "title": "Simulation",
        "objective": "Compare.",
        "standards": [{"code": "7.SP.C.7c", "activity": "compare"}],
        "timing": [{"minutes": 45, "activity": "all"}],
        "materials": [],
        "exit_ticket": "simulation",
    }
    with pytest.raises(XactikaError, match=r"standards\[0\]: unknown standard code '7\.SP\.C\.7c'"):
        check_lesson_meta(raw)
