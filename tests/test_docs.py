"""The teacher guide and the class-data format: their examples run, and the guide
covers every lesson with the lesson's own title."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("name", ["teacher-guide.md", "class-data.md"])
def test_examples_run(name):
    # Every number the guide states is followed by the library call that computes it.
    result = doctest.testfile(str(DOCS / name), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


def test_guide_has_a_section_for_every_lesson():
    guide = (DOCS / "teacher-guide.md").read_text(encoding="utf-8")
    sections = re.findall(r"^### (Lesson \d+: .+)$", guide, re.MULTILINE)
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    titles = [json.loads(path.read_text(encoding="utf-8"))["metadata"]["title"] for path in lessons]
    assert sections == titles


def test_guide_links_resolve():
    guide = (DOCS / "teacher-guide.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)#:]+)\)", guide):
        assert (DOCS / link).exists(), link


APP = ROOT / "xactika_edu" / "ui" / "app" / "student_app.ipynb"
NOTEBOOKS = [*sorted((ROOT / "notebooks").glob("*.ipynb")), APP]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebooks_are_valid_and_saved_without_outputs(path):
    import warnings

    import nbformat

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a cell without an id
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]
