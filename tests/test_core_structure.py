"""One source of truth, read from the source with ``ast``: errors defined in one
place, numbers printed one way, one version, and the core's names still where the
lessons import them. (Layers, private names and sizes: tests/test_layers.py.)
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import xactika_edu

PACKAGE = Path(xactika_edu.__file__).parent
REPO = PACKAGE.parent


def _modules() -> Iterator[tuple[str, str, ast.Module]]:
    """Every module of the package: its path from the package folder, text and tree."""
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        yield path.relative_to(PACKAGE).as_posix(), text, ast.parse(text)


def test_every_error_class_is_defined_in_errors() -> None:
    from xactika_edu.base import errors

    error_names = {name for name in errors.__all__ if name.endswith("Error")} | {
        "ValueError",
        "Exception",
    }
    outside = []
    for relative, _, tree in _modules():
        if relative == "base/errors.py":
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
            is_error = bases & error_names or any(b.endswith(("Error", "Exception")) for b in bases)
            # a private exception raised and caught inside one module is a signal, not
            # an error anyone sees (playlog stops a round at the student's turn with one)
            private = node.name.startswith("_")
            if is_error and not private:
                outside.append(f"{relative}: {node.name}")
    assert not outside, "define error classes in errors.py (and import them where used)"


def test_a_moved_error_is_one_class_wherever_it_is_imported() -> None:
    from xactika_edu.base import errors
    from xactika_edu.base import staging as _staging
    from xactika_edu.teaching.classdata import classroom, scorechecks, scoresheet

    assert errors.ScoreSheetError.__module__ == "xactika_edu"  # its public path
    for module in (xactika_edu, scorechecks, scoresheet, classroom):
        assert module.ScoreSheetError is errors.ScoreSheetError
    assert _staging.BrokenSwap is errors.BrokenSwap
    assert issubclass(errors.ScoreSheetError, errors.XactikaError)
    assert issubclass(errors.BrokenSwap, errors.XactikaError)


def test_no_module_keeps_its_own_copy_of_a_formatting_function() -> None:
    from xactika_edu.base import formatting

    # the functions formatting itself defines (it also offers base/wording's, defined there)
    tree = ast.parse(Path(formatting.__file__).read_text(encoding="utf-8"))
    names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    names &= set(formatting.__all__)
    copies = [
        f"{relative}:{node.name}"
        for relative, _, tree in _modules()
        if relative != "base/formatting.py"
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in names
    ]
    assert not copies, "call xactika_edu.base.formatting instead"


def test_percents_are_printed_through_formatting() -> None:
    found = [
        f"{relative}, line {node.lineno}"
        for relative, _, tree in _modules()
        if relative != "base/formatting.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue)
        and node.format_spec is not None
        and "%" in ast.unparse(node.format_spec)
    ]
    assert not found, (
        "print a percent with xactika_edu.base.formatting (percent, simulated_percent, ...)"
    )


def test_the_version_is_written_once() -> None:
    import tomllib

    from xactika_edu.base import version

    assert xactika_edu.__version__ == version.__version__
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "xactika_edu/base/version.py"


PARTS = {
    "probability": ("face_values", "sums", "leads", "estimate"),
    "cards": ("notation",),
}


@pytest.mark.parametrize(("whole", "part"), [(w, p) for w, ps in PARTS.items() for p in ps])
def test_the_documented_module_offers_every_name_of_its_parts(whole: str, part: str) -> None:
    whole_module = importlib.import_module(f"xactika_edu.{whole}")  # the documented path
    part_module = importlib.import_module(f"xactika_edu.core.{part}")
    for name in part_module.__all__:
        assert getattr(whole_module, name) is getattr(part_module, name), name


def _documented_imports() -> Iterator[tuple[str, str, str]]:
    """``(where, module, name)`` for every ``from xactika_edu.X import ...`` in the
    lessons, the app, the README and the docs."""
    pattern = re.compile(r"from (xactika_edu(?:\.\w+)*) import (\([^)]*\)|[^\n]*)")
    sources = [*sorted((REPO / "notebooks").glob("*.ipynb"))]
    sources += sorted((PACKAGE / "ui" / "app").glob("*.ipynb"))
    sources += [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    for path in sources:
        if not path.is_file():
            continue
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        else:
            text = path.read_text(encoding="utf-8")
        text = re.sub(r"^(>>>|\.\.\.) ?", "", text, flags=re.M)
        for module, names in pattern.findall(text):
            for line in names.strip("()").splitlines():
                for name in line.split("#")[0].split(","):
                    name = name.strip().split(" as ")[0].strip()
                    if name.isidentifier():
                        yield path.name, module, name


def test_the_lessons_and_docs_imports_still_resolve() -> None:
    found = list(_documented_imports())
    assert any(module == "xactika_edu.probability" for _, module, _ in found)
    missing = [
        f"{where}: from {module} import {name}"
        for where, module, name in found
        if not hasattr(importlib.import_module(module), name)
    ]
    assert not missing
