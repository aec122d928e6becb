"""The README's examples run as written (doctest)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples():
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted >= 10
    assert result.failed == 0


def test_readme_quick_start_matches_ci():
    text = README.read_text(encoding="utf-8")
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    test_command = 'python -m pip install ".[test]" && python -m pytest'
    assert test_command in text
    assert test_command in ci
    assert "python -m pip install . && xactika-edu class-pack --out class-pack" in text
