"""Tests for how the worksheet modules are built, not what they print: they share
public names only, stay small, and print numbers through :mod:`xactika_edu.formatting`."""

from __future__ import annotations

import ast
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

import xactika_edu
from xactika_edu.formatting import percent
from xactika_edu.worksheets import estimation_worksheet

PACKAGE = Path(xactika_edu.__file__).parent
# The outputs layer this test covers: every worksheet module, the class pack, the
# teacher's documents as pages.
MODULES = sorted(
    [*(PACKAGE / "worksheets").glob("*.py"), PACKAGE / "classpack.py", PACKAGE / "docpages.py"]
)
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 300
PDFTOTEXT = shutil.which("pdftotext")


def _package_imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) for each name ``path`` imports from xactika_edu."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level or module.split(".")[0] == "xactika_edu":
                found.extend(("." * node.level + module, alias.name) for alias in node.names)
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_private_name_is_imported_from_another_module(path):
    # A private name used in another module wants to be public in the lower module
    # (issue 10: bar_graph imported 24 underscore names from _common).
    private = [
        f"{name} from {module}"
        for module, name in _package_imports(path)
        if name.startswith("_") and name != "__version__"
    ]
    assert private == []


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_modules_and_classes_stay_small(path):
    lines = path.read_text("utf-8").count("\n")
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines"
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= MAX_CLASS_LINES, f"{path.name}: class {node.name} has {size} lines"


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("seed", [0, 2])
def test_estimation_key_prints_a_tiny_chance_as_the_lessons_do(tmp_path, seed):
    # A chance that rounds to 0% prints "< 1%", as in the plots and widgets
    # (formatting.percent), not in a worksheet's own words ("under 1%").
    sheet = estimation_worksheet(seed)
    tiny = [row for row in sheet.card_table() if 0 < row["chance"] < Fraction(1, 200)]
    assert tiny, "the seed should deal a card with a chance under 0.5%"
    assert {percent(row["chance"]) for row in tiny} == {"< 1%"}
    path = tmp_path / "key.pdf"
    path.write_bytes(sheet.key_pdf())
    text = subprocess.run(
        [PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "under 1%" not in text
    assert text.count("< 1%") == len(tiny)
