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


def _quick_start() -> list[str]:
    """The command lines of the README's first code block after '## Quick start'."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Quick start") :]
    block = section.split("```", 2)[1]
    return [line for line in block.splitlines() if line.strip()]


def test_readme_quick_start_matches_ci():
    install_and_pack, install_and_test = _quick_start()
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in ci.splitlines()]
    assert install_and_test in ci_lines
    assert install_and_test.endswith("-m pytest")
    assert install_and_pack.endswith("class-pack --out class-pack")


def test_readme_quick_start_needs_no_bare_python():
    """Each quick-start command makes and uses its own virtual environment.

    Debian and Ubuntu have no `python` command, only `python3`, and refuse `pip install`
    outside a virtual environment ("externally managed"), so a command that starts
    with `python -m pip` fails there before a teacher sees any hint.
    """
    for command in _quick_start():
        steps = [step.strip() for step in command.split("&&")]
        assert steps[0] == "python3 -m venv .venv", command
        for step in steps[1:]:
            assert step.startswith(".venv/bin/"), step
