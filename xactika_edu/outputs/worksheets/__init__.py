"""Printable worksheets: one variant per student, each with its own answer key, as PDF.

Every kind is a frozen worksheet class plus a builder ``kind_worksheet(seed, *,
number, of, cards=None)``; :func:`export_worksheets` prints a class set of any kind.
Every number in a question or an answer is computed by the library, never typed in.

A variant is a seed: student k (1-based) of a run with base seed S gets seed
S + k - 1, printed on the sheet ("Worksheet 7 of 30 · seed 1006"), so the same seed
always gives the same cards, the same questions and byte-identical PDF files.

>>> sheet = bar_graph_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> sheet.student_pdf()[:5]
b'%PDF-'

Pages are laid out with fpdf2; the cards are the SVG pictures of
:mod:`xactika_edu.core.svg`, so a worksheet shows the same cards as a notebook.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import check_language, use_language
from ...base.language import gettext as _
from ...base.language import language as current_language
from .bar_graph import BarGraphWorksheet, bar_graph_worksheet
from .bell_curve import BellCurveWorksheet, bell_curve_worksheet
from .estimation import EstimationWorksheet, estimation_worksheet
from .levels import CORE, LEVELS, check_level, sheet_folder
from .page import PAPERS, Worksheet, check_paper, new_pdf
from .pie_chart import PieChartWorksheet, pie_chart_worksheet
from .probability import ProbabilityWorksheet, probability_worksheet
from .roster import check_names, read_roster, repeated_names
from .score_sheet import score_sheet_pdf, write_score_sheet
from .sheet import (
    MAX_STUDENTS,
    DrawnSheet,
    check_run_seeds,
    check_seed,
    drawn_sheet,
    sheets_pdf,
)
from .simulation import SimulationWorksheet, simulation_worksheet

__all__ = [
    "KINDS",
    "LEVELS",
    "MAX_STUDENTS",
    "PAPERS",
    "BarGraphWorksheet",
    "BellCurveWorksheet",
    "EstimationWorksheet",
    "PieChartWorksheet",
    "ProbabilityWorksheet",
    "SimulationWorksheet",
    "bar_graph_worksheet",
    "bell_curve_worksheet",
    "check_export_options",
    "draw_worksheets",
    "estimation_worksheet",
    "export_worksheets",
    "new_pdf",
    "pie_chart_worksheet",
    "probability_worksheet",
    "read_roster",
    "repeated_names",
    "score_sheet_pdf",
    "simulation_worksheet",
    "write_score_sheet",
    "write_worksheets",
]

# --- kinds and export -------------------------------------------------------------


# To add a kind: write its module (a worksheet class using ``sheet.Sheet`` and a
# ``page.Page`` subclass, and a builder taking ``(seed, *, number, of, cards=None)``), then
# register the builder here. The order is the order of the class pack.
_BUILDERS: dict[str, Callable[..., Worksheet]] = {
    "bar-graph": bar_graph_worksheet,
    "pie-chart": pie_chart_worksheet,
    "bell-curve": bell_curve_worksheet,
    "probability": probability_worksheet,
    "simulation": simulation_worksheet,
    "estimation": estimation_worksheet,
}

#: The worksheet kinds :func:`export_worksheets` can make.
KINDS: tuple[str, ...] = tuple(_BUILDERS)


def _builder_options(level: str, cards: int | None) -> dict[str, object]:
    """The keyword arguments of a kind's builder: its level, and ``cards`` if given."""
    return {"level": level} if cards is None else {"level": level, "cards": cards}


def _plan(
    kind: object,
    students: object,
    seed: object,
    cards: int | None,
    paper: object,
    *,
    level: object = CORE,
    first_only: bool = False,
    names: Sequence[str] | None = None,
) -> tuple[str, list[Worksheet], str]:
    """Check the options of :func:`export_worksheets`; (kind, sheets, paper).

    Every sheet of a run shares ``cards`` and seeds are checked as a range, so building
    the first sheet (``first_only``) checks them all.
    """
    if not isinstance(kind, str) or kind not in _BUILDERS:
        raise XactikaError(
            _("unknown worksheet kind {kind}; the kinds are {kinds}").format(
                kind=shown(kind), kinds=", ".join(map(repr, KINDS))
            )
        )
    count = check_whole(students, "students", 1, MAX_STUDENTS)
    if names is not None and len(check_names(names)) != count:
        raise XactikaError(
            _("the roster has {names} names for {students} students").format(
                names=len(check_names(names)), students=count
            )
        )
    paper = check_paper(paper)
    builder = _BUILDERS[kind]
    first = check_seed(seed)
    check_run_seeds(first, count)
    options = _builder_options(check_level(level), cards)
    last = 1 if first_only else count
    sheets = [builder(first + k - 1, number=k, of=count, **options) for k in range(1, last + 1)]
    return kind, sheets, paper


def check_export_options(
    *,
    kind: str = "bar-graph",
    students: int = 30,
    seed: int = 1,
    cards: int | None = None,
    paper: str = "letter",
    level: str = CORE,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> None:
    """Raise what :func:`export_worksheets` would raise for these options; write nothing.

    >>> check_export_options(kind="bar-graph", cards=41)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards must be from 4 to 40, got 41

    Raises:
        XactikaError: as :func:`export_worksheets`, for any option.
    """
    with _speaking(language):
        _plan(kind, students, seed, cards, paper, level=level, first_only=True, names=names)


@contextlib.contextmanager
def _speaking(language: str | None) -> Iterator[str]:
    """Inside the block, the worksheets' language: ``language`` (checked), or the
    current one if None."""
    code = current_language() if language is None else check_language(language)
    with use_language(code):
        yield code


def _name(names: Sequence[str] | None, number: int) -> str:
    """Student ``number``'s name (from 1), as printed; ``""`` without a roster."""
    return "" if names is None else check_names(names)[number - 1]


def export_worksheets(
    out_dir: str | Path,
    *,
    kind: str = "bar-graph",
    students: int = 30,
    seed: int = 1,
    cards: int | None = None,
    paper: str = "letter",
    level: str = CORE,
    progress: Callable[[str], None] | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> list[Path]:
    """Write a class set of worksheets and answer keys as PDF files into ``out_dir``.

    Student k (1 to ``students``) gets seed ``seed + k - 1``. Into
    ``out_dir/<kind>/`` go ``student-01.pdf`` and ``student-01-key.pdf`` for each
    student (three digits from 100 students on, so the files sort), then
    ``all-students.pdf`` and ``all-keys.pdf`` with every page in one file for
    printing. Nothing is written unless every file name is free, and the files appear
    all at once or not at all: they are written in a hidden staging folder inside
    ``out_dir`` and renamed into place (see :func:`xactika_edu.base.files.staged_entries`),
    so a full drive, an error or Ctrl-C leaves ``out_dir`` as it was.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     paths = export_worksheets(folder, students=2, seed=7)
    ...     for path in paths:
    ...         print(path.relative_to(folder).as_posix())
    bar-graph/student-01.pdf
    bar-graph/student-01-key.pdf
    bar-graph/student-02.pdf
    bar-graph/student-02-key.pdf
    bar-graph/all-students.pdf
    bar-graph/all-keys.pdf

    Args:
        out_dir: an existing directory (the caller chooses and cleans it up).
        kind: one of :data:`KINDS`.
        students: how many worksheets, 1 to 200.
        seed: the first student's seed, a whole number >= 0.
        cards: cards (or draws) per worksheet for the kinds that draw cards:
            bar-graph 4 to 40, pie-chart one of 8 to 40 that divides 360,
            bell-curve 18 to 30, simulation 20 to 50 in tens; None for each kind's
            default. The probability and estimation kinds take no ``cards``.
        paper: ``"letter"`` or ``"a4"``.
        level: ``"support"``, ``"core"`` (the default) or ``"extension"``
            (:mod:`~xactika_edu.outputs.worksheets.levels`); a level other than core
            goes into ``out_dir/<kind>-<level>/``.
        progress: called with a short line now and then (about every 10 students).
        names: the students' names, one per student (``students`` of them; see
            :mod:`~xactika_edu.outputs.worksheets.roster`): student k's name is
            printed on sheet k and its key. None: no names.
        language: ``"en"`` or ``"es"``; None for the current language
            (:func:`~xactika_edu.base.language.language`).

    Returns:
        the paths written, in the order above.

    Raises:
        XactikaError: for an unknown ``kind`` or ``paper``, ``students``, ``cards``
            or ``seed`` out of range, a missing ``out_dir``, a file that already
            exists (files are never overwritten), or files that cannot be written,
            e.g. on a full drive (then nothing is written; the message says so).
    """
    with _speaking(language) as code:
        kind, sheets, paper = _plan(kind, students, seed, cards, paper, level=level, names=names)
        folder = Path(out_dir)
        if not folder.is_dir():
            raise XactikaError(
                _("output directory {path!r} does not exist").format(path=str(folder))
            )
        _check_free(folder, sheet_folder(kind, level), len(sheets))
        drawn = [
            page for sheet in sheets for page in _draw(sheet, paper, _name(names, sheet.number))
        ]
    return write_worksheets(
        folder,
        drawn,
        kind=kind,
        students=students,
        seed=seed,
        cards=cards,
        paper=paper,
        level=level,
        progress=progress,
        names=names,
        language=code,
    )


def _names(folder: Path, kind: str, students: int) -> list[Path]:
    """The files of a class set, in the order :func:`export_worksheets` lists them."""
    width = max(2, len(str(students)))
    target = folder / kind
    files = []
    for number in range(1, students + 1):
        stem = f"student-{number:0{width}d}"
        files += [target / f"{stem}.pdf", target / f"{stem}-key.pdf"]
    return [*files, target / "all-students.pdf", target / "all-keys.pdf"]


def _check_free(folder: Path, kind: str, students: int) -> None:
    for path in _names(folder, kind, students):
        if path.exists():
            raise XactikaError(
                _("{path!r} already exists; worksheets never overwrite a file").format(
                    path=str(path)
                )
            )
    target = folder / kind
    if target.exists() and not target.is_dir():
        raise XactikaError(
            _("{path!r} already exists and is not a directory").format(path=str(target))
        )


def _draw(sheet: Worksheet, paper: str, name: str) -> list[DrawnSheet]:
    return [drawn_sheet(sheet, key=key, paper=paper, name=name) for key in (False, True)]


def draw_worksheets(
    *,
    kind: str = "bar-graph",
    students: int = 30,
    seed: int = 1,
    cards: int | None = None,
    paper: str = "letter",
    level: str = CORE,
    numbers: range | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> list[DrawnSheet]:
    """Draw some students' worksheets of a class set, each page once: the part of
    :func:`export_worksheets` a worker process can do (its arguments and its result
    travel between processes). Give the drawn pages of every student, in order, to
    :func:`write_worksheets`.

    Args:
        kind, students, seed, cards, paper, level, names, language: as
            :func:`export_worksheets` (a worker process gets the language this way).
        numbers: the students to draw (from 1); None for all.

    Returns:
        for each student in ``numbers``: the student sheet, then the answer key.

    Raises:
        XactikaError: as :func:`export_worksheets`, for any option.
    """
    with _speaking(language):
        kind, first, paper = _plan(
            kind, students, seed, cards, paper, level=level, first_only=True, names=names
        )
        count = first[0].of
        options = _builder_options(level, cards)
        drawn = []
        for number in range(1, count + 1) if numbers is None else numbers:
            number = check_whole(number, "student number", 1, count)
            sheet = _BUILDERS[kind](first[0].seed + number - 1, number=number, of=count, **options)
            drawn += _draw(sheet, paper, _name(names, number))
    return drawn


def write_worksheets(
    out_dir: str | Path,
    drawn: Sequence[DrawnSheet],
    *,
    kind: str = "bar-graph",
    students: int = 30,
    seed: int = 1,
    cards: int | None = None,
    paper: str = "letter",
    level: str = CORE,
    progress: Callable[[str], None] | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> list[Path]:
    """Write a class set drawn by :func:`draw_worksheets` into ``out_dir``, as
    :func:`export_worksheets` does (the same files, the same bytes, written the same
    safe way); the all-in-one files reuse the drawn pages.

    Args:
        out_dir: an existing directory.
        drawn: every student's sheet and key, in order.
        kind, students, seed, cards, paper, level, progress, names, language: as
            :func:`export_worksheets` (the options ``drawn`` was drawn with).

    Returns:
        the paths written, in the order of :func:`export_worksheets`.

    Raises:
        XactikaError: as :func:`export_worksheets`; also if ``drawn`` is not every
            student's sheet and key in order.
    """
    from ...base.files import staged_entries

    with _speaking(language):
        kind, first, paper = _plan(
            kind, students, seed, cards, paper, level=level, first_only=True, names=names
        )
        folder = Path(out_dir)
        if not folder.is_dir():
            raise XactikaError(
                _("output directory {path!r} does not exist").format(path=str(folder))
            )
        count = first[0].of
        expected = [(number, key) for number in range(1, count + 1) for key in (False, True)]
        if [(page.number, page.key) for page in drawn] != expected:
            raise XactikaError(
                _("the drawn {kind} worksheets are not all {count} students' pages").format(
                    kind=kind, count=count
                )
            )
        name = sheet_folder(kind, level)
        _check_free(folder, name, count)
        options = _builder_options(level, cards)

        def redraw(page: DrawnSheet) -> Worksheet:
            return _BUILDERS[kind](page.seed, number=page.number, of=count, **options)

        if names is not None and [page.name for page in drawn] != [
            _name(names, page.number) for page in drawn
        ]:
            raise XactikaError(_("the drawn worksheets do not carry the roster's names"))

        makers = [_page_maker([page], title="", paper=paper, redraw=redraw) for page in drawn]
        for key in (False, True):
            which = _("answer keys") if key else _("student sheets")
            title = _("{title} ({which}, {count} worksheets from seed {seed})").format(
                title=_(first[0].title), which=which, count=count, seed=first[0].seed
            )
            pages = [page for page in drawn if page.key == key]
            makers.append(_page_maker(pages, title=title, paper=paper, redraw=redraw))
        files = list(zip(_names(folder, name, count), makers, strict=True))
        target = folder / name
        # Into an existing kind folder the files are renamed one by one; otherwise the
        # whole kind folder is renamed into out_dir in one step.
        into = target if target.is_dir() else folder
        with staged_entries(into) as staging:
            place = staging if into == target else staging / name
            place.mkdir(exist_ok=True)
            for index, (path, make) in enumerate(files, start=1):
                if progress is not None and index % 20 == 0:
                    progress(_("{index} of {count} files").format(index=index, count=len(files)))
                (place / path.name).write_bytes(make())
        return [path for path, _make in files]


def _page_maker(
    pages: list[DrawnSheet], *, title: str, paper: str, redraw: Callable[[DrawnSheet], Worksheet]
) -> Callable[[], bytes]:
    """A function giving one PDF file's bytes: a page's own file, or ``pages`` in one
    file titled ``title`` (:func:`.sheet.sheets_pdf`)."""

    def make() -> bytes:
        if len(pages) == 1 and not title:
            return pages[0].pdf
        return sheets_pdf(pages, title=title, paper=paper, redraw=redraw)

    return make
