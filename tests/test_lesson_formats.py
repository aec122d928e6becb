"""The lessons print numbers through xactika_edu.base.formatting, never their own format.

Reads the code of the 7 lesson notebooks with ``ast`` (without running them): no lesson
defines its own percent, plural, list or signed-points helper, and no f-string writes a
percent or a signed decimal with a format spec of its own (``{p:.1%}``, ``{x:+.2f}``,
``{whole_percent(p)}%``). Issue #10, item 4: one way to print a number.
"""

from __future__ import annotations

import ast
import json
from itertools import pairwise
from pathlib import Path

import pytest

from xactika_edu.base import formatting

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("0*.ipynb"))
# Helpers the lessons once defined for themselves, each a copy of a formatting function
# (joined = and_list, points = expected_points, cards / draws_word = plural).
OLD_COPIES = {"joined", "points", "cards", "draws_word"}


def _cells(path: Path) -> list[tuple[int, str, str]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        (number, cell["cell_type"], "".join(cell["source"]))
        for number, cell in enumerate(notebook["cells"])
    ]


def _problems(source: str) -> list[str]:
    """What in one code cell prints a number its own way."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and (
            node.name in formatting.__all__ or node.name in OLD_COPIES
        ):
            problems.append(f"defines {node.name}(): use xactika_edu.base.formatting")
        if isinstance(node, ast.FormattedValue) and isinstance(node.format_spec, ast.JoinedStr):
            spec = "".join(
                str(part.value)
                for part in node.format_spec.values
                if isinstance(part, ast.Constant)
            )
            if spec.endswith("%") or spec.startswith("+"):
                problems.append(f"writes {ast.unparse(node.value)} with its own format :{spec}")
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for value, after in pairwise(parts):
                if (
                    isinstance(value, ast.FormattedValue)
                    and isinstance(value.value, ast.Call)
                    and ast.unparse(value.value.func) == "whole_percent"
                    and isinstance(after, ast.Constant)
                    and str(after.value).startswith("%")
                ):
                    problems.append("writes {whole_percent(...)}%: use percent(...)")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_lesson_prints_numbers_through_formatting(path: Path) -> None:
    found = [
        f"cell {number}: {problem}"
        for number, kind, source in _cells(path)
        if kind == "code"
        for problem in _problems(source)
    ]
    assert not found, f"{path.name}:\n" + "\n".join(found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_lesson_never_says_none_for_no_card(path: Path) -> None:
    # Lesson 4 answered "Which cards could beat it?" with "**None!**" right under a
    # printed chance: a student reads Python's None. Say it in words.
    found = [number for number, _, source in _cells(path) if "None!" in source]
    assert not found, f"{path.name}: 'None!' in cells {found}"


def test_the_checks_catch_each_old_format() -> None:
    old = (
        'def joined(items, last="and"):\n    return ""\n'
        'a = f"{estimate.probability:.1%} and {value:+.2f}"\n'
        'b = f"about {whole_percent(part)}% of the deck"\n'
    )
    assert len(_problems(old)) == 4
    new = 'a = f"{simulated_percent(p)} {expected_points(x)} about {percent(part)} {x:.2f}"'
    assert _problems(new) == []


LESSONS_3_AND_5 = [path for path in NOTEBOOKS if path.stem in ("03_bell_curves", "05_simulation")]


@pytest.mark.parametrize("path", LESSONS_3_AND_5, ids=lambda path: path.stem)
def test_each_student_cell_says_what_to_change(path: Path) -> None:
    # Issue 12: a student cell is short and says what to change ("Change the seed to 12
    # and run it again"), in the cell or the text just above it; the class file line
    # says TEACHER. Cells whose code is not the point hide it.
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        tags = cell["metadata"].get("tags", [])
        if "going-further" in tags:
            break
        if cell["cell_type"] != "code" or "hide-input" in tags:
            continue
        source = "".join(cell["source"])
        before = (
            "".join(cells[number - 1]["source"])
            if cells[number - 1]["cell_type"] == "markdown"
            else ""
        )
        assert "TEACHER" in source or "Change " in before, f"{path.name}: cell {number}"
        assert len(source.splitlines()) <= 4, f"{path.name}: cell {number} is long"
