"""The teacher guide, its numbers and the class-data format.

The guide is for reading: no Python in it. Every number its lesson sections state is
computed in docs/teacher-guide-numbers.md, by doctests that run here, each under the
guide's sentence it backs. The guide covers every lesson notebook with the notebook's
own title, its standards table is the one the notebooks cite today, and its links
resolve."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDE = DOCS / "teacher-guide.md"
NUMBERS = DOCS / "teacher-guide-numbers.md"
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

#: A number as the guide writes it: an optional sign (not after a digit or a letter, so
#: "6-9" is 6 and 9), digits with optional thousands commas, an optional decimal part,
#: then an optional "/denominator" or "%". "04b" (a notebook) is not a number.
NUMBER = re.compile(
    r"(?<![\w.,/])([-+−]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:/\d+)?%?)(?![\w/]|\.\d|,\d{3})"
)
#: Structural numbers, not results: which lesson, part, check or list item; minutes;
#: a combination's name ("1 cube": card notation, like the card names).
STRUCTURAL = [
    re.compile(r"\bLesson \d+b?\b"),
    re.compile(r"\b[Pp]arts? \d+\b"),
    re.compile(r"\b[Cc]hecks? \d+\b"),
    re.compile(r"^\s*\d+\. ", re.MULTILINE),  # a numbered list item
    re.compile(r"\b\d+(?:-\d+)? minutes\b"),
    re.compile(r"\b[123] (?:balls?|cubes?|cones?|stars?|Balls|Stars)\b"),
]


def numbers_in(text: str) -> set[str]:
    """The numbers a text states, normalised: "−1,058" is "-1058", "2,000" is "2000"."""
    for pattern in STRUCTURAL:
        text = pattern.sub(" ", text)
    text = re.sub(r"`[^`]*`|\]\([^)]*\)", " ", text)  # code (file names) and link targets
    return {(sign.replace("−", "-") + body).replace(",", "") for sign, body in NUMBER.findall(text)}


def sections(text: str, level: str) -> dict[str, str]:
    """{"Lesson 4b": the section's text} for the headings ``level`` ("##" or "###")."""
    parts = re.split(rf"^{level} (Lesson \d+b?): .*$", text, flags=re.MULTILINE)
    return {label: body for label, body in zip(parts[1::2], parts[2::2], strict=True)}


def lesson_part(guide: str) -> str:
    """The guide's "Lesson by lesson" part, up to the next "## " heading."""
    match = re.search(r"^## Lesson by lesson$(.*?)(?=^## )", guide, re.MULTILINE | re.DOTALL)
    assert match, "the guide has no '## Lesson by lesson' part"
    return match.group(1)


def quotes_and_boxes(section: str) -> list[tuple[str, str]]:
    """(quoted sentence, the doctest outputs under it) for each quote of a companion
    section; a quote is a run of "> " lines (not ">>>")."""
    pairs: list[tuple[str, list[str]]] = []
    quote: list[str] = []
    for line in section.splitlines():
        if line.startswith(">") and not line.startswith(">>>"):
            if not quote:
                pairs.append(("", []))
            quote.append(line[1:].strip())
            pairs[-1] = (" ".join(quote), pairs[-1][1])
        else:
            quote = []
            if pairs:
                pairs[-1][1].append(line)
    parser = doctest.DocTestParser()
    return [
        (text, " ".join(e.want for e in parser.get_examples("\n".join(box)))) for text, box in pairs
    ]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", ["teacher-guide-numbers.md", "class-data.md"])
def test_examples_run(name):
    result = doctest.testfile(str(DOCS / name), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


def test_guide_has_no_python():
    guide = GUIDE.read_text(encoding="utf-8")
    assert ">>>" not in guide
    assert not re.search(r"^```(?:python|pycon|py)\b", guide, re.MULTILINE)
    assert len(re.findall(r"^```", guide, re.MULTILINE)) <= 12  # a few commands and a CSV


def test_guide_has_a_section_for_every_lesson():
    headings = re.findall(
        r"^### (Lesson \d+b?: .+)$", lesson_part(GUIDE.read_text(encoding="utf-8")), re.MULTILINE
    )
    titles = [json.loads(p.read_text(encoding="utf-8"))["metadata"]["title"] for p in LESSONS]
    assert any(p.name.startswith("04b_") for p in LESSONS)
    assert headings == titles


def test_each_notebook_is_titled_as_its_lesson():
    # Issue 12, error 1: Lesson 4 was titled "Chance of winning a lead" (it teaches the
    # chance that nobody can beat a lead). A notebook's page title and first heading are
    # "Lesson N: <its xactika_lesson title>", the title its lesson plan uses.
    for path in LESSONS:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        meta = notebook["metadata"]["xactika_lesson"]
        title = f"Lesson {meta['lesson']}: {meta['title']}"
        assert notebook["metadata"]["title"] == title, path.name
        first = "".join(notebook["cells"][0]["source"]).splitlines()[0]
        assert first == f"# {title}", path.name
        assert "winning" not in title.lower(), path.name


def test_companion_has_a_section_for_every_guide_lesson():
    guide = sections(lesson_part(GUIDE.read_text(encoding="utf-8")), "###")
    companion = sections(NUMBERS.read_text(encoding="utf-8"), "##")
    assert list(companion) == list(guide)


def test_every_quote_is_the_guides_and_its_numbers_are_computed():
    guide = sections(lesson_part(GUIDE.read_text(encoding="utf-8")), "###")
    for label, section in sections(NUMBERS.read_text(encoding="utf-8"), "##").items():
        for quote, outputs in quotes_and_boxes(section):
            assert flat(quote) in flat(guide[label]), f"{label}: not in the guide: {quote!r}"
            missing = numbers_in(quote) - numbers_in(outputs)
            assert not missing, f"{label}: {sorted(missing)} not computed under {quote[:60]!r}"


def test_every_number_in_the_lesson_sections_is_computed():
    guide = sections(lesson_part(GUIDE.read_text(encoding="utf-8")), "###")
    companion = sections(NUMBERS.read_text(encoding="utf-8"), "##")
    for label, text in guide.items():
        outputs = " ".join(box for _, box in quotes_and_boxes(companion.get(label, "")))
        missing = numbers_in(text) - numbers_in(outputs)
        assert not missing, f"{label}: the guide states {sorted(missing)}, computed nowhere"


def test_numbers_in_reads_numbers_as_the_guide_writes_them():
    text = "Check 2: **15/81**, about 19% (−1,058 + 2,619; lines 6-9; 0.4365; +1.14; 04b; 1 cube)."
    assert numbers_in(text) == {"15/81", "19%", "-1058", "2619", "6", "9", "0.4365", "+1.14"}


def test_standards_table_is_what_the_lessons_cite():
    from xactika_edu.outputs.lessonplans import standards_section

    guide = GUIDE.read_text(encoding="utf-8")
    match = re.search(r"^## Standards$\n.*?(?=^### )(.*?)(?=^## |\Z)", guide, re.M | re.S)
    assert match, "the guide has no '## Standards' section with a table per lesson"
    expected = standards_section(LESSONS).strip()
    assert match.group(1).strip() == expected, (
        "the guide's standards table differs from the notebooks' metadata; paste the output "
        "of xactika_edu.outputs.lessonplans.standards_section(sorted notebooks/*.ipynb)"
    )


def test_guide_links_resolve():
    guide = GUIDE.read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)#:]+)\)", guide):
        assert (DOCS / link).exists(), link
    # The class pack renders the guide without heading ids: no links to its own parts.
    assert "](#" not in guide


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


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
