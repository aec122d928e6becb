"""The class pack's worksheets and score sheet, in the pack's language.

Two steps of :data:`xactika_edu.outputs.classpack.STEPS`, written like
:mod:`~xactika_edu.outputs.teacherpack`'s: jobs that run side by side (each kind of
worksheet at each level, :data:`SHEETS_PER_JOB` students a job) and a function the class
pack calls in its own process to write their files into the language's folder and its
part of the index (HTML, in the current language):

* ``worksheets/<kind>[-<level>]/student-NN.pdf`` and ``-key.pdf``, ``all-students.pdf``
  and ``all-keys.pdf`` (:mod:`~xactika_edu.outputs.worksheets`);
* ``worksheets/score-sheet.pdf`` (a blank score sheet), ``score-sheet.csv`` and
  ``class-draws.csv`` (the files the class's results are typed into; their columns are
  a file format, the same in every language).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.csvtext import write_text_file
from ..base.language import N_
from ..base.language import gettext as _
from ..teaching.classdata.class_results import CLASS_RESULT_COLUMNS
from ..teaching.classdata.scoresheet import write_template
from ..teaching.lessonmeta import lesson_meta
from .docpages import html_link
from .parallel import Job

if TYPE_CHECKING:
    from .classpack import Pack, PackOptions

__all__ = [
    "CSV_TEMPLATE_PLAYERS",
    "SCORE_SHEET",
    "SCORE_SHEET_PLAYERS",
    "SHEETS_PER_JOB",
    "WORKSHEETS_COLUMN",
    "worksheet_jobs",
    "write_score_sheet",
    "write_worksheets",
]

#: Player columns on the class pack's blank score sheet (worksheets/score-sheet.pdf).
SCORE_SHEET_PLAYERS = 6
#: Players in the class pack's score-sheet CSV (worksheets/score-sheet.csv): a table of 4.
CSV_TEMPLATE_PLAYERS = 4
#: Students' worksheets of one kind drawn by one job.
SHEETS_PER_JOB = 10
#: A lesson's ``worksheet`` metadata naming the blank score sheet, not a worksheet kind.
SCORE_SHEET = "score-sheet"
#: The column of the index's table of each lesson's papers that these steps fill.
WORKSHEETS_COLUMN = N_("Worksheets (homework) or paper")

_STUDENT_FILE = re.compile(r"student-(\d+)(-key)?\.pdf")
#: The index's names of the worksheet kinds and levels (English: the kind, capitalized).
_KIND_TITLES = {
    "bar-graph": N_("Bar graph"),
    "pie-chart": N_("Pie chart"),
    "bell-curve": N_("Bell curve"),
    "probability": N_("Probability"),
    "simulation": N_("Simulation"),
    "estimation": N_("Estimation"),
}
_LEVEL_NAMES = {"support": N_("support"), "core": N_("core"), "extension": N_("extension")}


def _kind_title(folder: str) -> str:
    """A worksheet folder's column title: ``"pie-chart-support"`` -> ``"Pie chart support"``."""
    for kind, title in _KIND_TITLES.items():
        if folder == kind:
            return _(title)
        for level, name in _LEVEL_NAMES.items():
            if folder == f"{kind}-{level}":
                return f"{_(title)} {_(name)}"
    return folder.replace("-", " ").capitalize()


def _worksheet_sets() -> list[tuple[str, str]]:
    """(kind, level) of every class set in the pack: each kind at each level."""
    from .worksheets import KINDS, LEVELS

    return [(kind, level) for kind in KINDS for level in LEVELS]


def worksheet_jobs(options: PackOptions) -> list[Job]:
    """A job per kind, level and :data:`SHEETS_PER_JOB` students."""
    from .worksheets import draw_worksheets

    jobs = []
    for kind, level in _worksheet_sets():
        for first in range(1, options.students + 1, SHEETS_PER_JOB):
            numbers = range(first, min(first + SHEETS_PER_JOB, options.students + 1))
            settings = {"kind": kind, "students": options.students, "seed": options.seed}
            jobs.append(
                Job(
                    f"worksheets {kind} ({level}), students {numbers[0]} to {numbers[-1]}",
                    draw_worksheets,
                    kwargs={**settings, "paper": options.paper, "level": level, "numbers": numbers},
                    weight=len(numbers) / SHEETS_PER_JOB,
                )
            )
    return jobs


def write_worksheets(pack: Pack, drawn: list[Any]) -> None:
    """Write the class sets and keys, and their index section."""
    from .worksheets import write_worksheets as write_set
    from .worksheets.levels import LEVELS, sheet_folder

    options = pack.options
    folder = pack.root / "worksheets"
    folder.mkdir(exist_ok=True)
    per_set = len(range(1, options.students + 1, SHEETS_PER_JOB))
    written: list[Path] = []
    for index, (kind, level) in enumerate(_worksheet_sets()):
        pages = [page for part in drawn[index * per_set : (index + 1) * per_set] for page in part]
        paths = write_set(
            folder,
            pages,
            kind=kind,
            students=options.students,
            seed=options.seed,
            paper=options.paper,
            level=level,
        )
        pack.say(f"      worksheets {kind} ({level}): {len(paths)} PDF files")
        written += paths
    pack.sections["worksheets"] = _(
        "<h2>Worksheets and answer keys</h2>\n<p>One column per kind of worksheet, in the "
        "order of the lessons; one row per student.\nEach student gets a different "
        "worksheet of each kind: print the sheets for the class\n(the <b>Print</b> row has "
        "every sheet of a kind in one file) and keep the answer keys\nfor yourself. Each "
        "kind comes at three levels: <b>support</b> (fewer cards, worked examples and "
        "sentence frames), <b>core</b> and <b>extension</b> (one more question that goes "
        "further); student <i>k</i> has the same seed at every level.</p>\n"
    ) + _worksheet_table(written, pack.root, seed=options.seed)
    pack.made["worksheets"] = written
    for path in pack.options.lessons:
        meta = lesson_meta(path)
        if meta is None or meta.worksheet is None:
            continue
        for level in LEVELS:
            kind_folder = sheet_folder(meta.worksheet, level)
            sheets = folder / kind_folder / "all-students.pdf"
            if sheets.exists():
                pack.paper(
                    meta.lesson,
                    WORKSHEETS_COLUMN,
                    _("{kind} ({level}): ").format(
                        kind=html.escape(_kind_title(meta.worksheet).lower()),
                        level=html.escape(_(_LEVEL_NAMES.get(level, level))),
                    )
                    + html_link(f"worksheets/{kind_folder}/all-students.pdf", _("all sheets"))
                    + " · "
                    + html_link(f"worksheets/{kind_folder}/all-keys.pdf", _("all keys")),
                )
    pack.manifest["worksheets"] = {
        "worksheets": [path.relative_to(pack.root).as_posix() for path in written]
    }


def _worksheet_table(worksheets: Sequence[Path], root: Path, *, seed: int) -> str:
    esc = html.escape
    by_kind: dict[str, list[Path]] = {}  # in the order written: the lessons' order
    for path in worksheets:
        by_kind.setdefault(path.parent.name, []).append(path)

    def link(path: Path | None, label: str) -> str:
        return "" if path is None else html_link(path.relative_to(root).as_posix(), label)

    files: dict[str, dict[str, Path]] = {}
    for kind, paths in by_kind.items():
        for path in paths:
            match = _STUDENT_FILE.fullmatch(path.name)
            role = f"{int(match.group(1))}{match.group(2) or ''}" if match else path.name
            files.setdefault(kind, {})[role] = path
    numbers = sorted({int(role) for roles in files.values() for role in roles if role.isdigit()})
    head = "".join(f"<th>{esc(_kind_title(kind))}</th>" for kind in by_kind)
    all_sheets, all_keys, sheet, key = _("all sheets"), _("all keys"), _("sheet"), _("key")
    print_row = "".join(
        f"<td>{link(files[kind].get('all-students.pdf'), all_sheets)} · "
        f"{link(files[kind].get('all-keys.pdf'), all_keys)}</td>"
        for kind in by_kind
    )
    rows = [f'<tr class="print"><th>{esc(_("Print"))}</th><td></td>{print_row}</tr>']
    for k in numbers:
        cells = "".join(
            f"<td>{link(files[kind].get(str(k)), sheet)} · "
            f"{link(files[kind].get(f'{k}-key'), key)}</td>"
            for kind in by_kind
        )
        rows.append(f"<tr><td>{k}</td><td>{seed + k - 1}</td>{cells}</tr>")
    return (
        f'<div class="wide"><table><thead><tr><th>{esc(_("Student"))}</th>'
        f"<th>{esc(_('Seed'))}</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
        "</table></div>"
    )


def write_score_sheet(pack: Pack, _results: list[Any]) -> None:
    """Write the blank score sheet, the two CSV files, and their index section."""
    from .worksheets import write_score_sheet as write_sheet

    (pack.root / "worksheets").mkdir(exist_ok=True)
    path = write_sheet(
        pack.root / "worksheets" / "score-sheet.pdf",
        players=SCORE_SHEET_PLAYERS,
        paper=pack.options.paper,
    )
    relative = path.relative_to(pack.root).as_posix()
    # the files the class's results are typed into (the guide's "Collecting class data")
    scores = write_template(pack.root / "worksheets" / "score-sheet.csv", CSV_TEMPLATE_PLAYERS)
    draws = write_text_file(
        pack.root / "worksheets" / "class-draws.csv",
        ",".join(CLASS_RESULT_COLUMNS) + "\r\n",
        encoding="utf-8",
    )
    scores_link, draws_link = (f.relative_to(pack.root).as_posix() for f in (scores, draws))
    pack.sections["score sheet"] = _(
        '<h3>Score sheet (Lesson 7)</h3><p>Print: <a href="{sheet}">a blank score sheet</a>'
        " for one game (8 hands, up to {players} players), one per table.</p>"
        "<p>Type the class's results into a copy of these spreadsheet files (CSV): "
        '<a href="{scores}">the scores</a> (one game of '
        "{csv_players} players, rows in bidding order) and "
        '<a href="{draws}">the cards drawn</a> (Lessons 1, 3 and 5). '
        "The teacher guide's <i>Collecting class data</i> says how.</p>"
    ).format(
        sheet=html.escape(relative),
        players=SCORE_SHEET_PLAYERS,
        scores=html.escape(scores_link),
        csv_players=CSV_TEMPLATE_PLAYERS,
        draws=html.escape(draws_link),
    )
    pack.manifest["score sheet"] = {
        "score sheet": relative,
        "scores template": scores_link,
        "draws template": draws_link,
    }
    for notebook in pack.options.lessons:
        meta = lesson_meta(notebook)
        if meta is not None and meta.worksheet == SCORE_SHEET:
            pack.paper(meta.lesson, WORKSHEETS_COLUMN, html_link(relative, _("the score sheet")))
