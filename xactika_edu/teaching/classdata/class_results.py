"""The class's own results, pooled: every card the students drew or rolled, in one file.

A class doing the lessons' experiments writes one row per card: ``student`` (a name or
number), ``activity`` (``draw``: a card drawn from the shuffled deck and put back;
``dice``: a card made with four dice, :mod:`xactika_edu.core.dice_cards`) and ``card``
(four digits, ``3213``). A spreadsheet saved as CSV is enough today; the class server
(issue 13) writes the same rows live.

:func:`load_class_results` reads and checks such a file (every problem listed by line);
:func:`example_class_results` makes a SIMULATED class in the same format, for before a
class has data; :func:`class_face_values` pools the cards into a frequency table next
to the deck's; :func:`class_vs_deck_plot` draws them side by side, and
:func:`student_means` gives each student's mean face value (each student's cards are a
sample; their means pile up around the deck's mean, 8).

>>> results = example_class_results(students=30, cards_each=4, seed=1)
>>> results.columns.tolist(), len(results)
(['student', 'activity', 'card', 'face value'], 120)
>>> table = class_face_values(results)
>>> table.columns.tolist()
['class frequency', 'class relative frequency', 'deck frequency', 'deck relative frequency']
>>> int(table["class frequency"].sum()), int(table["deck frequency"].sum())
(120, 81)

Source: issue 12 (the class's pooled results in Lessons 1, 3 and 5); RULES.md (the deck).
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

import numpy as np
import pandas as pd

from ...base.checks import check_whole, shown
from ...base.csvtext import decode_sheet, unescape_cell
from ...base.errors import ClassResultsError, NotationError, XactikaError
from ...base.language import gettext as _
from ...base.language import ngettext
from ...base.palette import SERIES
from ...core.cards import DECK, Card, Seed, make_rng
from ...core.face_values import FACE_VALUES
from ..plots.figures import BAR_FIGSIZE, LABEL_SIZE, light_grid, use_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "ACTIVITIES",
    "CLASS_RESULT_COLUMNS",
    "MAX_RESULT_BYTES",
    "class_face_values",
    "class_vs_deck_plot",
    "example_class_results",
    "load_class_results",
    "student_means",
]

#: The columns of a class results file, in order.
CLASS_RESULT_COLUMNS: tuple[str, ...] = ("student", "activity", "card")
#: The activities a row may record, and what each one is.
ACTIVITIES: dict[str, str] = {
    "draw": "a card drawn from the shuffled deck, then put back",
    "dice": "a card made by rolling four dice",
}
#: The largest results file read: a class drawing every day for a year writes far less.
MAX_RESULT_BYTES = 5_000_000
_SHOWN_PROBLEMS = 10


def _text(source: str | os.PathLike[str] | TextIO | BinaryIO) -> tuple[str, str]:
    """The file's text and its name for messages."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            size = path.stat().st_size
            if size > MAX_RESULT_BYTES:
                raise ClassResultsError(
                    _(
                        "{name} is {size} bytes: too big for a class results file (at most {most})"
                    ).format(name=path.name, size=f"{size:,}", most=f"{MAX_RESULT_BYTES:,}")
                )
            data = path.read_bytes()
        except OSError as error:
            raise ClassResultsError(
                _("cannot read {name}: {reason}").format(
                    name=shown(str(source)), reason=error.strerror
                )
            ) from None
        name = path.name
    else:
        raw = source.read(MAX_RESULT_BYTES + 1)
        if len(raw) > MAX_RESULT_BYTES:
            raise ClassResultsError(
                _("too big for a class results file (over {most})").format(
                    most=f"{MAX_RESULT_BYTES:,}"
                )
            )
        if isinstance(raw, str):
            return raw, getattr(source, "name", _("the file"))
        data, name = raw, getattr(source, "name", _("the file"))
    text = decode_sheet(data)
    if text is None:
        raise ClassResultsError(
            _("{name} is not a text (CSV) file; save it as CSV UTF-8").format(name=name)
        )
    return text, str(name)


def load_class_results(source: str | os.PathLike[str] | TextIO | BinaryIO) -> pd.DataFrame:
    """Read a class results file (CSV: ``student,activity,card``) and check every row.

    Returns:
        a DataFrame with one row per card: ``student`` (text), ``activity``
        (``draw`` or ``dice``), ``card`` (:class:`~xactika_edu.core.cards.Card`) and
        ``face value`` (int, 4 to 12); ``attrs["source"]`` is the file's name.

    Raises:
        ClassResultsError: if the file cannot be read, its header is not
            ``student,activity,card``, it has no rows, or any row is wrong (a blank
            student, an unknown activity, a card that is not four digits 1-3): every
            problem is listed by line.
    """
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        raise ClassResultsError(
            _("expected a file name or an open file, got {value}").format(value=shown(source))
        )
    text, name = _text(source)
    frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False, skip_blank_lines=True)
    header = [str(column).strip().lower() for column in frame.columns]
    if header != list(CLASS_RESULT_COLUMNS):
        raise ClassResultsError(
            _("{name}: the first line must be {columns}, got {header}").format(
                name=name,
                columns=",".join(CLASS_RESULT_COLUMNS),
                header=shown(",".join(map(str, frame.columns))),
            )
        )
    frame.columns = list(CLASS_RESULT_COLUMNS)
    problems: list[str] = []
    cards: list[Card | None] = []
    for row, (student, activity, card_text) in enumerate(frame.itertuples(index=False)):
        line = row + 2
        if not str(student).strip():
            problems.append(
                _("line {line}, column 'student': empty; write a name or a number").format(
                    line=line
                )
            )
        if str(activity).strip().lower() not in ACTIVITIES:
            problems.append(
                _("line {line}, column 'activity': {value} is not one of {choices}").format(
                    line=line, value=shown(activity), choices=", ".join(ACTIVITIES)
                )
            )
        try:
            cards.append(Card.parse(str(card_text).strip()))
        except NotationError as error:
            cards.append(None)
            problems.append(
                _("line {line}, column 'card': {problem}").format(line=line, problem=error)
            )
    if frame.empty:
        problems.append(_("no rows: write one row per card under the first line"))
    if problems:
        shown_lines = "\n".join(f"- {problem}" for problem in problems[:_SHOWN_PROBLEMS])
        more = len(problems) - _SHOWN_PROBLEMS
        extra = (
            "\n"
            + ngettext(
                "... and {count} more problem", "... and {count} more problems", more
            ).format(count=more)
            if more > 0
            else ""
        )
        count = len(problems)
        raise ClassResultsError(
            ngettext("{name} has {count} problem:", "{name} has {count} problems:", count).format(
                name=name, count=count
            )
            + f"\n{shown_lines}{extra}"
        )
    results = pd.DataFrame(
        {
            # a name written formula-safe ("'=Ana") reads back as it was typed
            "student": frame["student"].str.strip().map(unescape_cell),
            "activity": frame["activity"].str.strip().str.lower(),
            "card": cards,
            "face value": [card.value for card in cards if card is not None],
        }
    )
    results.attrs["source"] = name
    return results


def example_class_results(
    students: int = 30, cards_each: int = 4, activity: str = "draw", seed: Seed = 1
) -> pd.DataFrame:
    """A SIMULATED class's results, in the format of :func:`load_class_results`:
    ``students`` students each get ``cards_each`` cards, each card uniformly random
    from the 81 (a draw put back, or four dice: the same chances).

    ``attrs["source"]`` says it is simulated and ``attrs["simulated"]`` is True; the same
    seed gives the same class.

    Raises:
        XactikaError: if ``students`` is not 1 to 1,000, ``cards_each`` not 1 to
            1,000, or ``activity`` is not in :data:`ACTIVITIES`.
    """
    check_whole(students, "students", 1, 1000)
    check_whole(cards_each, "cards_each", 1, 1000)
    _check_activity(activity)
    picks = make_rng(seed).integers(0, len(DECK), size=students * cards_each)
    cards = [DECK[int(i)] for i in picks]
    results = pd.DataFrame(
        {
            "student": [
                _("student {number}").format(number=k // cards_each + 1) for k in range(len(cards))
            ],
            "activity": activity,
            "card": cards,
            "face value": [card.value for card in cards],
        }
    )
    results.attrs["source"] = _("a simulated class of {count} students").format(count=students)
    results.attrs["simulated"] = True  # graphs say "drawn cards", never "our cards"
    return results


def _check_activity(activity: object) -> None:
    if not isinstance(activity, str) or activity not in ACTIVITIES:
        choices = ", ".join(ACTIVITIES)
        raise XactikaError(f"activity must be one of {choices}, got {shown(activity)}")


def _check_results(results: object) -> pd.DataFrame:
    if not isinstance(results, pd.DataFrame) or "face value" not in results.columns:
        raise XactikaError(
            "expected the class's results (from load_class_results or "
            f"example_class_results), got {shown(results)}"
        )
    return results


def _pick(results: pd.DataFrame, activity: str | None) -> pd.DataFrame:
    if activity is None:
        return results
    _check_activity(activity)
    return results[results["activity"] == activity]


def class_face_values(results: pd.DataFrame, activity: str | None = None) -> pd.DataFrame:
    """The class's cards counted by face value, next to the deck's.

    Returns:
        a 9-row DataFrame indexed by ``face value`` 4..12: ``class frequency``,
        ``class relative frequency`` (float; 0 where the class has no cards),
        ``deck frequency`` and ``deck relative frequency`` (of the 81 cards).

    Raises:
        XactikaError: if ``results`` is not a class's results or ``activity`` is unknown.
    """
    picked = _pick(_check_results(results), activity)
    counts = picked["face value"].value_counts().reindex(FACE_VALUES, fill_value=0)
    deck = pd.Series([card.value for card in DECK]).value_counts().reindex(FACE_VALUES)
    total = int(counts.sum())
    table = pd.DataFrame(
        {
            "class frequency": counts.to_numpy(dtype=np.int64),
            "class relative frequency": counts.to_numpy() / total if total else 0.0,
            "deck frequency": deck.to_numpy(dtype=np.int64),
            "deck relative frequency": deck.to_numpy() / len(DECK),
        },
        index=pd.Index(FACE_VALUES, name="face value"),
    )
    return table


def student_means(results: pd.DataFrame, activity: str | None = None) -> pd.Series:
    """Each student's mean face value (a float per student, indexed by ``student``)."""
    picked = _pick(_check_results(results), activity)
    return picked.groupby("student", sort=False)["face value"].mean().rename("mean face value")


def class_vs_deck_plot(
    results: pd.DataFrame, activity: str | None = None, *, ax: Axes | None = None
) -> Axes:
    """The class's relative frequencies of face values next to the deck's, as bars; the
    axis reads in percent, and the legend sits above the bars (upper left).

    Returns:
        the matplotlib axes (a new figure when ``ax`` is None).

    Raises:
        XactikaError: if ``results`` is not a class's results or ``activity`` is unknown.
    """
    from matplotlib.ticker import PercentFormatter

    table = class_face_values(results, activity)
    ax = use_axes(ax, BAR_FIGSIZE)
    x = np.arange(len(table))
    cards = int(table["class frequency"].sum())
    # a simulated class is named in the page's language, not the one it was made in
    source = (
        _("a simulated class of {count} students").format(count=results["student"].nunique())
        if results.attrs.get("simulated")
        else results.attrs.get("source", _("our class"))
    )
    ax.bar(
        x - 0.2,
        table["class relative frequency"],
        width=0.4,
        color=SERIES[0],
        label=ngettext("{source}: {count} card", "{source}: {count} cards", cards).format(
            source=source, count=cards
        ),
    )
    ax.bar(
        x + 0.2,
        table["deck relative frequency"],
        width=0.4,
        color=SERIES[1],
        label=_("the whole deck: {count} cards").format(count=len(DECK)),
        hatch="//",
        edgecolor="white",
    )
    ax.set_xticks(x, [str(value) for value in table.index])
    ax.set_xlabel(_("face value"))
    ax.set_ylabel(_("relative frequency (percent of the cards)"))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    tallest = float(table[["class relative frequency", "deck relative frequency"]].max().max())
    ax.set_ylim(0, tallest * 1.5)  # room above the bars for the legend: it covers none
    # a simulated class is not "ours": its graph says so in the title too
    simulated = bool(results.attrs.get("simulated", False))
    ax.set_title(
        _("Drawn cards and the whole deck") if simulated else _("Our cards and the whole deck")
    )
    ax.legend(fontsize=LABEL_SIZE, frameon=False, loc="upper left")
    light_grid(ax)
    return ax
