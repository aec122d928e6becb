"""The package's layers, read from every module's imports (with ``ast``).

xactika_edu/ holds six layers, lowest first (README, "What is where"):
base < core < engines < teaching < ui < outputs. A module imports only modules of its
own layer and the layers below, and only public names: a private (underscore) name
used by another module is a name that wants to be public in a lower layer. The
package top (``xactika_edu/__init__.py`` and the documented paths such as
``xactika_edu/cards.py``) may import any layer; no layer imports the top.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import xactika_edu

PACKAGE = Path(xactika_edu.__file__).parent
LAYERS = ("base", "core", "engines", "teaching", "ui", "outputs")
#: Third-party libraries a layer may not import (not even lazily): the core computes
#: with NumPy, pandas and SciPy only; only the UI layer talks to Jupyter widgets and
#: the class server; only outputs write PDFs.
FORBIDDEN = {
    "base": {"matplotlib", "ipywidgets", "IPython", "solara", "voila", "fpdf", "nbclient"},
    "core": {"matplotlib", "ipywidgets", "IPython", "solara", "voila", "fpdf", "nbclient"},
    "engines": {"matplotlib", "ipywidgets", "IPython", "solara", "voila", "fpdf", "nbclient"},
    "teaching": {"ipywidgets", "solara", "voila", "fpdf"},
    "ui": {"fpdf"},
    "outputs": set(),
}
#: The documented module paths kept at the package top (the README's list).
DOCUMENTED = (
    "cards",
    "probability",
    "game",
    "bots",
    "simulate",
    "plots",
    "widgets",
    "selfcheck",
    "classroom",
    "experiments",
)


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        yield ".".join(parts), path


MODULES = dict(_modules())


def _layer(module: str) -> str | None:
    """The layer of ``xactika_edu.<layer>.…``; None for the package top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else None


def _imports(module: str, path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line, absolute module, names) for every import in ``path``, also inside
    functions and ``if TYPE_CHECKING`` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target, [alias.name for alias in node.names]


def _violations() -> list[str]:
    found = []
    for module, path in MODULES.items():
        layer = _layer(module)
        where = path.relative_to(PACKAGE.parent) if path.is_relative_to(PACKAGE.parent) else path
        for line, target, names in _imports(module, path):
            top = target.split(".")[0]
            if layer is not None and top in FORBIDDEN[layer]:
                found.append(f"{where}:{line}: the {layer} layer imports {top}")
            if top != "xactika_edu":
                continue
            for name in names:
                full = f"{target}.{name}"
                if name.startswith("_") and not name.startswith("__") and full not in MODULES:
                    found.append(f"{where}:{line}: imports the private name {name} of {target}")
            if layer is None:
                continue
            # a name imported from a package may be a module of it (from . import svg)
            targets = [f"{target}.{n}" if f"{target}.{n}" in MODULES else target for n in names]
            for imported in targets or [target]:
                other = _layer(imported)
                if other is None:
                    found.append(f"{where}:{line}: the {layer} layer imports the package top")
                elif LAYERS.index(other) > LAYERS.index(layer):
                    found.append(f"{where}:{line}: the {layer} layer imports {imported} ({other})")
    return found


def test_every_module_is_in_a_layer_or_is_a_documented_path() -> None:
    top = {m for m in MODULES if _layer(m) is None}
    assert top == {"xactika_edu", *(f"xactika_edu.{name}" for name in DOCUMENTED)}


def test_modules_import_only_their_own_layer_and_below_and_public_names() -> None:
    assert _violations() == []


def test_private_attributes_of_other_modules_are_not_used() -> None:
    """``plots._axes(...)`` after ``from . import plots`` is a private name too."""
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        aliases: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    if f"{target}.{alias.name}" in MODULES:
                        aliases.add(alias.asname or alias.name)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(
                    f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value.id}.{node.attr}"
                )
    assert found == []


def test_the_layer_check_catches_an_upward_and_a_private_import(tmp_path: Path) -> None:
    """The check itself can fail: a core module importing the UI, and a private name."""
    bad = tmp_path / "bad.py"
    bad.write_text("from ..ui.widgets import HandWidget\nfrom .cards import _secret\n")
    lines = list(_imports("xactika_edu.core.bad", bad))
    assert [(t, n) for _, t, n in lines] == [
        ("xactika_edu.ui.widgets", ["HandWidget"]),
        ("xactika_edu.core.cards", ["_secret"]),
    ]
    MODULES["xactika_edu.core.bad"] = bad
    try:
        found = _violations()
    finally:
        del MODULES["xactika_edu.core.bad"]
    assert any("the core layer imports xactika_edu.ui.widgets (ui)" in v for v in found)
    assert any("imports the private name _secret" in v for v in found)


@pytest.mark.parametrize("name", DOCUMENTED)
def test_documented_paths_give_every_public_name(name: str) -> None:
    shim = importlib.import_module(f"xactika_edu.{name}")
    real = next(importlib.import_module(m) for m in MODULES if m.endswith(f".{name}") and _layer(m))
    assert shim.__all__ == real.__all__
    for public in real.__all__:
        assert getattr(shim, public) is getattr(real, public), public


def test_no_module_or_class_is_too_long() -> None:
    """Modules under 600 lines and classes under 300, so each reads in one sitting."""
    long = []
    for path in MODULES.values():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            long.append(f"{path.relative_to(PACKAGE.parent)}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 300:  # type: ignore[operator]
                long.append(f"{path.relative_to(PACKAGE.parent)}: class {node.name}")
    assert long == []


def test_errors_named_by_the_package_top_are_there() -> None:
    """An error whose traceback says ``xactika_edu.XactikaError`` can be imported so."""
    from xactika_edu.base import errors

    for name in errors.__all__:
        error = getattr(errors, name)
        if error.__module__ == "xactika_edu":
            assert getattr(xactika_edu, name) is error, name
        else:
            assert error.__module__ == errors.__name__, name


def test_the_readme_maps_every_module_to_its_layer() -> None:
    """README "What is where": each layer's row names each of its modules and folders."""
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    rows = {
        layer: next(line for line in readme.splitlines() if line.startswith(f"| {layer} |"))
        for layer in LAYERS
    }
    missing = []
    for module, path in MODULES.items():
        layer = _layer(module)
        if layer is None or module == f"xactika_edu.{layer}":
            continue
        parts = module.split(".")[2:]
        # a module in a sub-folder is named by the folder (plots/, views/, widgets/ ...)
        name = f"{parts[0]}/" if len(parts) > 1 or path.name == "__init__.py" else parts[0]
        if f"`{name}`" not in rows[layer] and f"`{name.rstrip('/')}`" not in rows[layer]:
            missing.append(f"{layer}: {name}")
    assert sorted(set(missing)) == []
