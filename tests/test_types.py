"""The package's type hints are checked: mypy over xactika_edu/ reports no error.

Marked slow (about 10 s cold). The settings are in pyproject.toml ([tool.mypy]).
"""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is missing (pip install '.[test]')")

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_errors(tmp_path: Path) -> None:
    out, err, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            str(ROOT / "xactika_edu"),
        ]
    )
    assert status == 0, out + err


def test_every_type_ignore_names_its_error_code() -> None:
    # A bare "# type: ignore" hides every error on its line; a named one hides one.
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "xactika_edu").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "# type: ignore" in line and "# type: ignore[" not in line
    ]
    assert bare == []
