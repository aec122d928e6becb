"""The class's live pool, drawn and written out: the running relative frequency of the
class experiment, the class's draws next to the deck, each student's draws predicted
from a seed, and the pool as CSV text for a download.

The class server's teacher page (:mod:`xactika_edu.ui.app`) shows these; a lesson can
call them on :meth:`~xactika_edu.teaching.classdata.store.ClassStore.running_frequency`
and :meth:`~xactika_edu.teaching.classdata.store.ClassStore.draws` too.

>>> [event for event in CLASS_EVENTS][:2]
['face value 8 or more', '3 cubes']
>>> [str(card) for card in student_cards("7NX6HJ", "Zoë", experiment=1, already=0, count=3)]
['3221', '2112', '1333']
>>> student_cards("7NX6HJ", "ZOË", experiment=1, already=2, count=1) == student_cards(
...     "7NX6HJ", "zoë", experiment=1, already=0, count=3)[2:]
True

Source: issue 13 ("Live pooled experiments").
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...base.checks import check_whole, shown
from ...base.csvtext import csv_text
from ...base.errors import XactikaError
from ...base.language import ngettext
from ...core.cards import DECK, Card
from ..plots.figures import BAR_FIGSIZE, LABEL_SIZE, use_axes
from ..plots.frequency import running_frequency_graph
from .class_results import CLASS_RESULT_COLUMNS
from .classkeys import name_key, normal_code
from .scoresheet import export_scores

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "CLASS_EVENTS",
    "CSV_ENCODING",
    "class_frequency_graph",
    "draws_csv",
    "scores_csv",
    "student_cards",
    "student_seed",
]

#: The events a teacher may start from the teacher page: Lesson 5's first (the
#: default), then events the lessons count (Lesson 5's "3 cubes", Lesson 1's and 3's
#: face values).
CLASS_EVENTS = (
    "face value 8 or more",
    "3 cubes",
    "face value 12",
    "face value 6 or less",
    "2 stars",
)
#: The CSV files' encoding: UTF-8 with a byte-order mark, so a spreadsheet reads
#: "Zoë" right (as ``xactika-edu class export`` writes them).
CSV_ENCODING = "utf-8-sig"
#: Draws one click may ask for.
MAX_CLICK_DRAWS = 100


def student_seed(code: str, student: str) -> int:
    """The seed of one student's draws in one class: from the class code and the
    student's name (any letter case), so it is the same on every page and every run.

    >>> student_seed("7nx-6hj", "ZOË") == student_seed("7NX6HJ", "zoë")
    True

    Returns:
        a whole number in [0, 2**63).
    """
    text = f"{normal_code(code)}\n{name_key(student)}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def student_cards(
    code: str, student: str, *, experiment: int, already: int, count: int
) -> list[Card]:
    """The next ``count`` cards a student draws in an experiment, each from the whole
    81-card deck (drawn with replacement: every card equally likely every time).

    The cards depend only on the class code, the student, the experiment and how many
    cards the student had drawn in it before (``already``): a page that reloads goes
    on where it was, and a test can predict every card.

    Args:
        code: the class code.
        student: the student's name as they joined.
        experiment: the experiment's id (whole, from 1).
        already: the student's draws in this experiment so far (whole, from 0).
        count: how many cards to draw now, 1 to :data:`MAX_CLICK_DRAWS`.

    Returns:
        ``count`` cards of :data:`~xactika_edu.core.cards.DECK`, in the order drawn.

    Raises:
        XactikaError: for a number out of range.
    """
    experiment = check_whole(experiment, "experiment", 1, 2**62)
    already = check_whole(already, "already", 0, 2**62)
    count = check_whole(count, "count", 1, MAX_CLICK_DRAWS)
    cards = []
    for index in range(already, already + count):
        rng = np.random.default_rng([student_seed(code, student), experiment, index])
        cards.append(DECK[int(rng.integers(len(DECK)))])
    return cards


def class_frequency_graph(frequency: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """The class's running relative frequency, draw by draw, against the exact
    probability (a dashed line): one line for the whole class.

    Args:
        frequency: :meth:`~xactika_edu.teaching.classdata.store.ClassStore.running_frequency`'s
            table (at least one draw).
        ax: the matplotlib Axes to draw on; ``None`` makes a new figure.

    Returns:
        the Axes (:func:`~xactika_edu.teaching.plots.frequency.running_frequency_graph`'s
        graph, its line named "our class: N draws").

    Raises:
        XactikaError: if ``frequency`` is not such a table or has no draws.
    """
    needed = {"trial", "relative frequency"}
    if not hasattr(frequency, "columns") or not needed.issubset(frequency.columns):
        raise XactikaError(
            f"expected the class's running frequency (ClassStore.running_frequency), got "
            f"{shown(frequency)}"
        )
    if frequency.empty:
        raise XactikaError("the class has no draws yet: nothing to draw")
    table = frequency.assign(run=1)
    table.attrs = dict(frequency.attrs)
    ax = running_frequency_graph(table, ax=use_axes(ax, BAR_FIGSIZE))
    count = len(frequency)
    ax.get_lines()[0].set_label(
        ngettext("our class: {count} draw", "our class: {count} draws", count).format(count=count)
    )
    ax.legend(loc="lower right", fontsize=LABEL_SIZE, framealpha=0.95)
    return ax


def draws_csv(draws: pd.DataFrame) -> bytes:
    """The class's draws as a CSV file's bytes: ``student,activity,card``, formula-safe
    (:func:`~xactika_edu.base.csvtext.csv_text`), in :data:`CSV_ENCODING`;
    :func:`~xactika_edu.teaching.classdata.class_results.load_class_results` reads it.

    Args:
        draws: :meth:`~xactika_edu.teaching.classdata.store.ClassStore.draws`' table.

    Raises:
        XactikaError: if there are no draws.
    """
    if draws.empty:
        raise XactikaError(f"{draws.attrs.get('source', 'The class')} has no draws yet")
    rows = zip(draws["student"], draws["activity"], map(str, draws["card"]), strict=True)
    return csv_text(CLASS_RESULT_COLUMNS, rows).encode(CSV_ENCODING)


def scores_csv(scores: pd.DataFrame) -> bytes:
    """The class's finished hands as a score sheet's bytes, exactly as
    :func:`~xactika_edu.teaching.classdata.scoresheet.export_scores` writes the file
    (:func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` reads it).

    Raises:
        XactikaError: if there are no finished hands.
    """
    if scores.empty:
        raise XactikaError("The class has no finished hands yet")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.csv"
        export_scores(scores, path)
        return path.read_bytes()
