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
    """The Linux and macOS command lines of the README's '## Quick start' section, in
    order: the teachers' command (the class pack), then the developers' (the tests)."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## Quick start")
    section = text[start : text.index("\n## ", start + 1)]
    blocks = section.split("```")[1::2]
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("python3 ")]


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


def test_the_test_extra_installs_every_plugin_the_test_command_uses():
    """The README's test command installs ``.[test]`` and then runs pytest with
    pyproject.toml's addopts: each plugin option there needs its package in that extra
    (else a fresh clone stops at "unrecognized arguments")."""
    import shlex

    import tomllib
    from packaging.requirements import Requirement

    config = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    options = shlex.split(config["tool"]["pytest"]["ini_options"]["addopts"])
    extra = {Requirement(r).name for r in config["project"]["optional-dependencies"]["test"]}
    plugins = {"--nbmake": "nbmake", "--numprocesses": "pytest-xdist", "--dist": "pytest-xdist"}
    used = {option.split("=")[0] for option in options}
    assert "--numprocesses" in used  # the suite runs on every core
    for option in used & plugins.keys():
        assert plugins[option] in extra, option


def test_the_lesson_table_names_each_lessons_worksheet_as_its_metadata_does():
    """The README's lesson table and the class pack's index (from each notebook's
    ``worksheet`` metadata) pair the same worksheet with each lesson."""
    import re

    from xactika_edu.teaching.lessonmeta import lesson_meta, lesson_notebooks

    text = README.read_text(encoding="utf-8")
    rows = re.findall(r"^\| [0-9]+b?\. .*? \| `notebooks/(\S+?)\.ipynb` \| (.+?) \|$", text, re.M)
    said = {stem: paper.strip("`") for stem, paper in rows}
    for path in lesson_notebooks():
        meta = lesson_meta(path)
        expected = "the score sheet" if meta.worksheet == "score-sheet" else meta.worksheet
        assert said.get(path.stem) == expected, path.stem
