"""The package's shape (issue #10), read from the source with ``ast``: small modules,
errors defined in one place, numbers printed one way, base modules that import
nothing above them, and the core's names still where the lessons import them.

Each ``..._WAITING`` set names what other parts of issue #10 are still changing (the
engine, plots, widgets, worksheets, class pack); it only shrinks. A new module or
class must meet the rule from the start.
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

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 300

#: Modules still over the size limit, split by the engine, plots, widgets and
#: worksheets parts of issue #10.
SIZE_WAITING = {
    "bots.py",
    "classroom.py",
    "fastsim.py",
    "game.py",
    "plots.py",
    "simulate.py",
    "widgets.py",
    "worksheets/pie_chart.py",
    "worksheets/simulation.py",
}
CLASS_WAITING = {
    "game.py:Round",
    "widgets.py:HandWidget",
    "widgets.py:PlayTable",
    "worksheets/simulation.py:_SimulationPage",
}
#: Error classes still defined outside errors.py.
ERROR_WAITING = {"classpack.py:LessonError"}
#: Module-level copies of a formatting function (same name but for a leading "_").
COPY_WAITING = {
    "game.py:_signed",
    "plots.py:_percent",
    "plots.py:_plural",
    "widgets.py:_one_in",
    "worksheets/_common.py:_and_list",
    "worksheets/_common.py:_one_decimal",
    "worksheets/_common.py:_percent",
    "worksheets/_common.py:_plural",
}
#: Modules that still print a percent with a format spec (``f"{x:.1%}"``).
PERCENT_WAITING = {"widgets.py"}

#: The layers (RULES-FOR-HELPERS.md, "Target layers"), lowest first.
BASE = {
    "errors",
    "checks",
    "formatting",
    "palette",
    "axis_text",
    "_files",
    "_staging",
    "csvtext",
    "version",
}
CORE = {
    "cards",
    "notation",
    "svg",
    "rules",
    "game",
    "probability",
    "face_values",
    "sums",
    "leads",
    "estimate",
    "experiments",
}


def _modules() -> Iterator[tuple[str, str, ast.Module]]:
    """Every module of the package: its path from the package folder, text and tree."""
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        yield path.relative_to(PACKAGE).as_posix(), text, ast.parse(text)


def _dotted(relative: str) -> str:
    """``'worksheets/_common.py'`` -> ``'worksheets._common'``; ``'__init__.py'`` -> ``''``."""
    parts = relative.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_module(dotted: str) -> bool:
    path = PACKAGE.joinpath(*dotted.split(".")) if dotted else PACKAGE
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _imports(relative: str, tree: ast.Module) -> set[str]:
    """The package modules ``tree`` imports anywhere (also inside functions and
    ``TYPE_CHECKING``), dotted from the package: ``''`` is the package top."""
    here = _dotted(relative).split(".") if _dotted(relative) else []
    package = here if relative.endswith("__init__.py") else here[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "xactika_edu" or alias.name.startswith("xactika_edu."):
                    found.add(alias.name.removeprefix("xactika_edu").lstrip("."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            elif node.module and (
                node.module == "xactika_edu" or node.module.startswith("xactika_edu.")
            ):
                target = node.module.removeprefix("xactika_edu").lstrip(".")
            else:
                continue
            for alias in node.names:
                submodule = f"{target}.{alias.name}".lstrip(".")
                found.add(submodule if _is_module(submodule) else target)
    return found


def test_the_import_reader_resolves_relative_imports() -> None:
    tree = ast.parse("from . import __version__\nfrom ..cards import Card\nfrom . import _common")
    assert _imports("worksheets/x.py", tree) == {"worksheets", "cards", "worksheets._common"}
    assert _imports("_files.py", ast.parse("from . import __version__, svg")) == {"", "svg"}


def test_modules_and_classes_stay_small() -> None:
    too_long = []
    for relative, text, tree in _modules():
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES and relative not in SIZE_WAITING:
            too_long.append(f"{relative}: {lines} lines")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_CLASS_LINES and f"{relative}:{node.name}" not in CLASS_WAITING:
                    too_long.append(f"{relative}: class {node.name}, {size} lines")
    assert not too_long, f"over {MAX_MODULE_LINES} lines a module, {MAX_CLASS_LINES} a class"


def test_every_error_class_is_defined_in_errors() -> None:
    from xactika_edu import errors

    error_names = {name for name in errors.__all__ if name.endswith("Error")} | {
        "ValueError",
        "Exception",
    }
    outside = []
    for relative, _, tree in _modules():
        if relative == "errors.py":
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
            is_error = bases & error_names or any(b.endswith(("Error", "Exception")) for b in bases)
            # a private exception raised and caught inside one module is a signal, not
            # an error anyone sees (playlog stops a round at the student's turn with one)
            private = node.name.startswith("_")
            if is_error and not private and f"{relative}:{node.name}" not in ERROR_WAITING:
                outside.append(f"{relative}: {node.name}")
    assert not outside, "define error classes in errors.py (and import them where used)"


def test_a_moved_error_is_one_class_wherever_it_is_imported() -> None:
    from xactika_edu import _staging, classroom, errors, scorechecks, scoresheet

    assert errors.ScoreSheetError.__module__ == "xactika_edu.errors"
    for module in (xactika_edu, scorechecks, scoresheet, classroom):
        assert module.ScoreSheetError is errors.ScoreSheetError
    assert _staging.BrokenSwap is errors.BrokenSwap
    assert issubclass(errors.ScoreSheetError, errors.XactikaError)
    assert issubclass(errors.BrokenSwap, errors.XactikaError)


def test_no_module_keeps_its_own_copy_of_a_formatting_function() -> None:
    from xactika_edu import formatting

    names = set(formatting.__all__)
    copies = [
        f"{relative}:{node.name}"
        for relative, _, tree in _modules()
        if relative != "formatting.py"
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in names
    ]
    assert not set(copies) - COPY_WAITING, "call xactika_edu.formatting instead"


def test_percents_are_printed_through_formatting() -> None:
    found = [
        f"{relative}, line {node.lineno}"
        for relative, _, tree in _modules()
        if relative != "formatting.py" and relative not in PERCENT_WAITING
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue)
        and node.format_spec is not None
        and "%" in ast.unparse(node.format_spec)
    ]
    assert not found, (
        "print a percent with xactika_edu.formatting (percent, simulated_percent, ...)"
    )


def _layer_breaks(members: set[str], allowed: set[str]) -> list[str]:
    breaks = []
    for relative, _, tree in _modules():
        name = _dotted(relative)
        if name not in members:
            continue
        for imported in sorted(_imports(relative, tree)):
            if imported.split(".")[0] not in allowed or imported == "":
                breaks.append(f"{name} imports xactika_edu{'.' if imported else ''}{imported}")
    return breaks


def test_base_modules_import_only_the_base_layer() -> None:
    # Before: _files imported __version__ from the package top, which names every layer.
    assert not _layer_breaks(BASE, BASE)


def test_core_modules_import_only_core_and_base() -> None:
    assert not _layer_breaks(CORE, BASE | CORE)


def test_the_version_has_one_base_home_and_matches_the_project() -> None:
    from xactika_edu import version

    assert xactika_edu.__version__ == version.__version__
    project = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "(.+)"$', project, re.M)[1] == version.__version__


PARTS = {
    "probability": ("face_values", "sums", "leads", "estimate"),
    "cards": ("notation",),
}


@pytest.mark.parametrize(("whole", "part"), [(w, p) for w, ps in PARTS.items() for p in ps])
def test_the_documented_module_offers_every_name_of_its_parts(whole: str, part: str) -> None:
    whole_module = importlib.import_module(f"xactika_edu.{whole}")
    part_module = importlib.import_module(f"xactika_edu.{part}")
    for name in part_module.__all__:
        assert getattr(whole_module, name) is getattr(part_module, name), name


def _documented_imports() -> Iterator[tuple[str, str, str]]:
    """``(where, module, name)`` for every ``from xactika_edu.X import ...`` in the
    lessons, the app, the README and the docs."""
    pattern = re.compile(r"from (xactika_edu(?:\.\w+)*) import (\([^)]*\)|[^\n]*)")
    sources = [*sorted((REPO / "notebooks").glob("*.ipynb"))]
    sources += sorted((PACKAGE / "app").glob("*.ipynb"))
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
