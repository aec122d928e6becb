"""A lesson notebook's plan and size: its ``xactika_lesson`` metadata, its vocabulary
box, and how much a student reads, runs and answers in its core.

The lesson plan (:mod:`xactika_edu.outputs.lessonplans`) is built from the metadata, so
it is the one source of truth for a lesson's objective, standards, timing and
materials. Its shape (issue 12 plan, "Lesson metadata")::

    {"lesson": "4", "title": "Will my lead win?",
     "objective": "Students find the chance that nobody can beat a lead ...",
     "standards": [{"code": "7.SP.C.5", "activity": "a sure trick has probability 1"}],
     "going_further_standards": [{"code": "HSS-CP.B.6", "activity": "..."}],
     "timing": [{"minutes": 5, "activity": "Warm-up: ..."}, ...],
     "materials": ["projector", ...],
     "exit_ticket": "Two questions on ...",
     "worksheet": "probability"}

``worksheet`` (optional) names the class pack's paper that goes with the lesson: a
worksheet kind (``"bar-graph"``, ...) or ``"score-sheet"``.

The **core** of a lesson is every cell before the first cell tagged ``going-further``.
Its limits (issue 12, "One period per lesson") are :data:`MAX_WORDS` words of student
text, :data:`MAX_CELLS` code cells a student runs, :data:`MAX_CHECKS` self-checks, and
a timing table of :data:`MIN_MINUTES` to :data:`MAX_MINUTES` minutes.

>>> meta = check_lesson_meta({"lesson": "1", "title": "Meet the deck",
...     "objective": "Count the deck.", "standards": [{"code": "6.SP.B.4", "activity": "bars"}],
...     "timing": [{"minutes": 45, "activity": "all"}], "materials": [], "exit_ticket": "1"})
>>> meta.minutes, meta.standards[0].code
(45, '6.SP.B.4')
>>> count_words("The **chance** nobody can beat it: 3/4.")
7
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .standards import STANDARDS, check_code

__all__ = [
    "GOING_FURTHER",
    "MAX_CELLS",
    "MAX_CHECKS",
    "MAX_MINUTES",
    "MAX_WORDS",
    "METADATA_KEY",
    "MIN_MINUTES",
    "Citation",
    "LessonMeta",
    "LessonMetrics",
    "Step",
    "VocabularyRow",
    "check_lesson_meta",
    "count_words",
    "lesson_meta",
    "lesson_metrics",
    "lesson_notebooks",
    "lesson_titles",
    "load_notebook",
    "vocabulary",
]

#: The notebook metadata key that holds a lesson's plan.
METADATA_KEY = "xactika_lesson"
#: The tag of the cell where a lesson's optional part begins.
GOING_FURTHER = "going-further"
#: Limits of a lesson's core (issue 12, "One period per lesson").
MAX_WORDS = 900
MAX_CELLS = 8
MAX_CHECKS = 4
MIN_MINUTES = 45
MAX_MINUTES = 50

_FIELDS = (
    "lesson",
    "title",
    "objective",
    "standards",
    "going_further_standards",
    "timing",
    "materials",
    "exit_ticket",
    "worksheet",
)
_REQUIRED = ("lesson", "title", "objective", "standards", "timing", "materials", "exit_ticket")


@dataclass(frozen=True)
class Citation:
    """A standard a lesson cites and the activity that meets it."""

    code: str
    activity: str


@dataclass(frozen=True)
class Step:
    """One row of a lesson's timing table."""

    minutes: int
    activity: str


@dataclass(frozen=True)
class LessonMeta:
    """A lesson's ``xactika_lesson`` metadata, checked (see the module docstring)."""

    lesson: str
    title: str
    objective: str
    standards: tuple[Citation, ...]
    going_further_standards: tuple[Citation, ...]
    timing: tuple[Step, ...]
    materials: tuple[str, ...]
    exit_ticket: str
    worksheet: str | None = None

    @property
    def minutes(self) -> int:
        """The timing table's total, in minutes."""
        return sum(step.minutes for step in self.timing)


@dataclass(frozen=True)
class LessonMetrics:
    """How big a lesson's core is.

    Attributes:
        words: words of student text (see :func:`lesson_metrics`).
        cells: code cells a student runs or edits (no ``hide-input`` tag).
        checks: self-checks.
    """

    words: int
    cells: int
    checks: int

    def problems(self) -> list[str]:
        """What is over the limits, one sentence each (empty if none)."""
        found = []
        if self.words > MAX_WORDS:
            found.append(
                _("{count} words of student text (at most {most})").format(
                    count=self.words, most=MAX_WORDS
                )
            )
        if self.cells > MAX_CELLS:
            found.append(
                _("{count} code cells a student runs (at most {most})").format(
                    count=self.cells, most=MAX_CELLS
                )
            )
        if self.checks > MAX_CHECKS:
            found.append(
                _("{count} self-checks (at most {most})").format(count=self.checks, most=MAX_CHECKS)
            )
        return found


@dataclass(frozen=True)
class VocabularyRow:
    """One row of a lesson's vocabulary box: the word, what it means, an example."""

    word: str
    meaning: str
    example: str


# --- reading a notebook -------------------------------------------------------------


def load_notebook(notebook: Path | str | Mapping[str, Any]) -> Mapping[str, Any]:
    """A notebook as a dict (nbformat 4 JSON): read from a path, or given as one.

    Raises:
        XactikaError: if the file cannot be read or is not a notebook, naming it.
    """
    if isinstance(notebook, Mapping):
        if not isinstance(notebook.get("cells"), list):
            raise XactikaError("a notebook must have a list of cells")
        return notebook
    path = Path(notebook)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise XactikaError(f"cannot read notebook {str(path)!r}: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise XactikaError(f"{str(path)!r} is not a Jupyter notebook (no list of cells)")
    return data


def _where(notebook: Path | str | Mapping[str, Any]) -> str:
    return f"{Path(notebook).name}: " if isinstance(notebook, (str, Path)) else ""


def _source(cell: Mapping[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _tags(cell: Mapping[str, Any]) -> set[str]:
    tags = cell.get("metadata", {}).get("tags", [])
    return set(tags) if isinstance(tags, list) else set()


def _core(cells: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    core = []
    for cell in cells:
        if GOING_FURTHER in _tags(cell):
            break
        core.append(cell)
    return core


# --- the metadata -------------------------------------------------------------------


def _text(raw: Mapping[str, Any], name: str, where: str) -> str:
    value = raw.get(name)
    if not isinstance(value, str) or not value.strip():
        raise XactikaError(f"{where}{METADATA_KEY} field {name!r} must be text, got {shown(value)}")
    return value.strip()


def _list(raw: Mapping[str, Any], name: str, where: str) -> list[Any]:
    value = raw.get(name, [])
    if not isinstance(value, list):
        raise XactikaError(
            f"{where}{METADATA_KEY} field {name!r} must be a list, got {shown(value)}"
        )
    return value


def _citations(raw: Mapping[str, Any], name: str, where: str) -> tuple[Citation, ...]:
    citations = []
    for i, item in enumerate(_list(raw, name, where)):
        at = f"{where}{METADATA_KEY} {name}[{i}]"
        if not isinstance(item, Mapping):
            raise XactikaError(f"{at} must be {{'code': ..., 'activity': ...}}, got {shown(item)}")
        try:
            standard = check_code(item.get("code"))
        except XactikaError as error:
            raise XactikaError(f"{at}: {error}") from None
        activity = item.get("activity")
        if not isinstance(activity, str) or not activity.strip():
            raise XactikaError(
                f"{at} ({standard.code}): 'activity' must say what meets the standard, "
                f"got {shown(activity)}"
            )
        citations.append(Citation(standard.code, activity.strip()))
    return tuple(citations)


def check_lesson_meta(raw: object, where: str = "") -> LessonMeta:
    """Check a notebook's ``xactika_lesson`` metadata and return it as a :class:`LessonMeta`.

    Core ``standards`` must be grade 6-7 standards; high-school and (+) standards
    belong in ``going_further_standards`` (issue 12, "One period per lesson").

    Args:
        raw: the metadata (a dict as in the module docstring).
        where: put in front of every message (e.g. the notebook's name and ": ").

    Raises:
        XactikaError: naming the bad field and value: a missing or unknown field, a
            field of the wrong type, a code not in
            :data:`~xactika_edu.teaching.standards.STANDARDS`, a high-school code among
            the core standards, a step whose minutes are not a whole number from 1 to
            50, or a material that is not text.
    """
    if not isinstance(raw, Mapping):
        raise XactikaError(f"{where}{METADATA_KEY} must be a dict of fields, got {shown(raw)}")
    unknown = sorted(set(raw) - set(_FIELDS))
    if unknown:
        raise XactikaError(
            f"{where}{METADATA_KEY} has unknown field {unknown[0]!r}; "
            f"the fields are {', '.join(_FIELDS)}"
        )
    for name in _REQUIRED:
        if name not in raw:
            raise XactikaError(f"{where}{METADATA_KEY} lacks the field {name!r}")
    standards = _citations(raw, "standards", where)
    for citation in standards:
        if STANDARDS[citation.code].grade == "HS":
            raise XactikaError(
                f"{where}{METADATA_KEY} standards: {citation.code} is a high-school standard; "
                "cite it in going_further_standards (the core is grades 6-7)"
            )
    timing = []
    for i, item in enumerate(_list(raw, "timing", where)):
        at = f"{where}{METADATA_KEY} timing[{i}]"
        minutes = item.get("minutes") if isinstance(item, Mapping) else None
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 50:
            raise XactikaError(
                f"{at}: 'minutes' must be a whole number 1 to 50, got {shown(minutes)}"
            )
        activity = item.get("activity")
        if not isinstance(activity, str) or not activity.strip():
            raise XactikaError(f"{at}: 'activity' must be text, got {shown(activity)}")
        timing.append(Step(minutes, activity.strip()))
    if not timing:
        raise XactikaError(f"{where}{METADATA_KEY} timing is empty")
    materials = []
    for i, item in enumerate(_list(raw, "materials", where)):
        if not isinstance(item, str) or not item.strip():
            raise XactikaError(
                f"{where}{METADATA_KEY} materials[{i}] must be text, got {shown(item)}"
            )
        materials.append(item.strip())
    return LessonMeta(
        lesson=_text(raw, "lesson", where),
        title=_text(raw, "title", where),
        objective=_text(raw, "objective", where),
        standards=standards,
        going_further_standards=_citations(raw, "going_further_standards", where),
        timing=tuple(timing),
        materials=tuple(materials),
        exit_ticket=_text(raw, "exit_ticket", where),
        worksheet=_text(raw, "worksheet", where) if "worksheet" in raw else None,
    )


def lesson_meta(notebook: Path | str | Mapping[str, Any]) -> LessonMeta | None:
    """The notebook's checked ``xactika_lesson`` metadata, or None if it has none yet.

    Raises:
        XactikaError: as :func:`check_lesson_meta` (the message names the notebook).
    """
    data = load_notebook(notebook)
    raw = data.get("metadata", {}).get(METADATA_KEY)
    if raw is None:
        return None
    return check_lesson_meta(raw, _where(notebook))


# --- finding the lessons -----------------------------------------------------------

#: A lesson notebook's file name: two digits, maybe a letter, an underscore.
_LESSON_GLOB = "[0-9][0-9]*_*.ipynb"


def lesson_notebooks() -> list[Path]:
    """The lesson notebooks, in lesson order (``01_...``, ``02_...``, ``04b_...``).

    Looks in the installed package (``xactika_edu/lessons``, where a normal install
    puts them) and then in the source checkout's ``notebooks/`` folder.

    Raises:
        XactikaError: if no lesson notebooks are found.
    """
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "lessons", here.parent / "notebooks"):
        found = sorted(folder.glob(_LESSON_GLOB))
        if found:
            return found
    raise XactikaError(
        f"no lesson notebooks found in {str(here / 'lessons')!r} or "
        f"{str(here.parent / 'notebooks')!r}; reinstall the package"
    )


def lesson_titles(notebooks: Iterable[Path | str] | None = None) -> dict[str, str]:
    """Each lesson's title from its notebook's metadata: ``{"1": "Meet the deck", ...}``.

    Args:
        notebooks: the notebooks to read; by default :func:`lesson_notebooks`.
            Notebooks without ``xactika_lesson`` metadata are skipped.

    Raises:
        XactikaError: as :func:`lesson_notebooks` and :func:`lesson_meta`.
    """
    titles = {}
    for notebook in lesson_notebooks() if notebooks is None else notebooks:
        meta = lesson_meta(notebook)
        if meta is not None:
            titles[meta.lesson] = meta.title
    return titles


# --- the vocabulary box -------------------------------------------------------------


def _row(line: str) -> list[str]:
    line = line.strip().removeprefix("|").removesuffix("|")
    return [part.strip() for part in re.split(r"(?<!\\)\|", line)]


def vocabulary(notebook: Path | str | Mapping[str, Any]) -> list[VocabularyRow]:
    """The rows of the lesson's vocabulary box (the markdown cell tagged ``vocabulary``).

    The cell holds a 3-column table ``| Word | What it means | Example |``; the header
    row and the ``|---|`` line are skipped. Text around the table is ignored.

    >>> cell = {"cell_type": "markdown", "metadata": {"tags": ["vocabulary"]},
    ...         "source": "| Word | What it means | Example |\\n|---|---|---|\\n"
    ...                   "| face value | the sum of the counts | 2213 has face value 8 |"}
    >>> row = vocabulary({"cells": [cell]})[0]
    >>> row.word, row.example
    ('face value', '2213 has face value 8')

    Returns:
        the rows in order; an empty list if the notebook has no vocabulary cell.

    Raises:
        XactikaError: if the cell has no table, or a row has not 3 columns (naming it).
    """
    where = _where(notebook)
    cells = [c for c in load_notebook(notebook)["cells"] if "vocabulary" in _tags(c)]
    if not cells:
        return []
    lines = [line for line in _source(cells[0]).splitlines() if line.strip().startswith("|")]
    if len(lines) < 3:
        raise XactikaError(
            f"{where}the vocabulary cell has no table with a header, a |---| line and a row"
        )
    rows = []
    for line in lines[2:]:
        parts = _row(line)
        if len(parts) != 3:
            raise XactikaError(
                f"{where}vocabulary row {line.strip()!r} has {len(parts)} columns, not 3 "
                "(word, what it means, example)"
            )
        rows.append(VocabularyRow(*(part.replace("\\|", "|") for part in parts)))
    return rows


# --- the size of the core -----------------------------------------------------------

# letters of any language ("está", "niño" are one word each), digits
_WORD_RE = re.compile(r"[^\W_]+(?:['’.,/:-][^\W_]+)*%?")
_IMAGE_RE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK_RE = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TAG_RE = re.compile(r"<[^>]*>")
#: A message's ``{placeholder}`` (``{first_drawn}`` too): one word on the page.
_PLACEHOLDER_RE = re.compile(r"\{[^{}\s]*\}")


def count_words(text: str) -> int:
    """Words in markdown text as a reader sees them: pictures, HTML tags, link targets
    and markup are dropped; a number such as 3/4, 8,000 or 75% is one word."""
    text = _LINK_RE.sub(r"\1", _IMAGE_RE.sub(" ", text))
    text = _TAG_RE.sub(" ", text)
    return len(_WORD_RE.findall(text))


def _string_words(node: ast.AST) -> int:
    """Words in the string literals under ``node`` that one run can print at most:
    an f-string's literal parts, each placeholder one word (a message's ``{name}``
    too); of alternatives (``a if ... else b``, an ``if``/``else`` statement, a
    ``try``'s ``else`` and handlers) the longest; of an ``ngettext`` its plural (one
    run shows one form); never a ``pgettext`` context; a ``.format`` argument as the
    words it puts in place of its placeholder."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return count_words(_PLACEHOLDER_RE.sub(" x ", node.value))
    if isinstance(node, ast.JoinedStr):
        total = 0
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                total += 1
            else:
                total += _string_words(part)
        return total
    if isinstance(node, ast.IfExp):
        return _string_words(node.test) + max(_string_words(node.body), _string_words(node.orelse))
    if isinstance(node, ast.If):
        return _string_words(node.test) + max(
            sum(_string_words(child) for child in node.body),
            sum(_string_words(child) for child in node.orelse),
        )
    if isinstance(node, ast.Try):  # the else or one handler runs, never two
        ways = [node.orelse, *(handler.body for handler in node.handlers)]
        return sum(_string_words(child) for child in [*node.body, *node.finalbody]) + max(
            sum(_string_words(child) for child in way) for way in ways
        )
    if isinstance(node, ast.Call) and _name(node.func) == "format":
        # each argument fills a placeholder the message already counts as one word
        values = [*node.args, *(keyword.value for keyword in node.keywords)]
        return _string_words(node.func) + sum(max(0, _string_words(value) - 1) for value in values)
    if isinstance(node, ast.Call) and _name(node.func) in _SKIPS_FIRST:
        rest = [node.func, *node.args[1:], *node.keywords]
        return sum(_string_words(child) for child in rest)
    return sum(_string_words(child) for child in ast.iter_child_nodes(node))


#: Calls whose first argument a run never prints: ``ngettext``'s singular (the
#: plural is as long or longer) and ``pgettext``'s context.
_SKIPS_FIRST = frozenset({"ngettext", "pgettext"})


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return "." + func.attr
    return ""


def _calls(tree: ast.AST, names: Iterable[str]) -> list[ast.Call]:
    wanted = set(names)
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _call_name(n) in wanted]


def _parse(code: str) -> ast.AST | None:
    # IPython magics and shell lines are not Python: leave them out.
    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        return ast.parse("\n".join(lines))
    except SyntaxError:
        return None


def _name(function: ast.expr) -> str:
    return function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")


def _page_words(tree: ast.AST) -> int:
    """Words a hidden cell puts on the page: the strings of its ``Markdown(...)``
    calls (variables it builds them from included: every string literal of a cell
    that calls ``Markdown``) and each ``Question``'s question text."""
    if _calls(tree, ["Markdown"]):
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.Module))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        words = _string_words(tree)
        for node in ast.walk(tree):
            if id(node) in docstrings:
                words -= _string_words(node)
        return words
    words = 0
    for call in _calls(tree, ["Question"]):
        question = call.args[0] if call.args else None
        for keyword in call.keywords:
            if keyword.arg in ("prompt", "question", "text"):
                question = keyword.value
        if question is not None:
            words += _string_words(question)
    return words


def lesson_metrics(notebook: Path | str | Mapping[str, Any]) -> LessonMetrics:
    """How much a student reads, runs and answers in the lesson's core.

    The core is every cell before the first cell tagged ``going-further``.

    - **words**: words (:func:`count_words`) of markdown cells not tagged ``teacher``
      or ``remove-cell`` (a line only for Jupyter, such as how to run the lesson),
      plus the words hidden code cells (tag ``hide-input``) put on the page: the
      string literals of a cell that calls ``Markdown(...)`` and each ``Question``'s
      question text, as much as one run can print (:func:`_string_words`: each
      ``{placeholder}`` one word, the longest of alternative messages, an
      ``ngettext``'s plural).
    - **cells**: code cells without the ``hide-input`` tag (a student runs or edits them).
    - **checks**: self-checks: ``answer_box(...)`` and ``.check(...)`` calls, or the
      ``Question(...)`` made, whichever is more.

    >>> md = {"cell_type": "markdown", "metadata": {}, "source": "Count the cards."}
    >>> code = {"cell_type": "code", "metadata": {"tags": ["hide-input"]},
    ...         "source": 'q = Question(f"How many {n} cards?", answer=1)\\nanswer_box(q)'}
    >>> lesson_metrics({"cells": [md, code]})
    LessonMetrics(words=7, cells=0, checks=1)

    Raises:
        XactikaError: if the notebook cannot be read.
    """
    words = cells = boxes = questions = 0
    for cell in _core(load_notebook(notebook)["cells"]):
        tags = _tags(cell)
        source = _source(cell)
        if cell.get("cell_type") == "markdown":
            if not {"teacher", "remove-cell"} & set(tags):  # not on the projected page
                words += count_words(source)
            continue
        if cell.get("cell_type") != "code":
            continue
        tree = _parse(source)
        if "hide-input" not in tags:
            cells += 1
        if tree is None:
            continue
        if "hide-input" in tags:
            words += _page_words(tree)
        boxes += len(_calls(tree, ["answer_box", ".check"]))
        questions += len(_calls(tree, ["Question"]))
    return LessonMetrics(words=words, cells=cells, checks=max(boxes, questions))
