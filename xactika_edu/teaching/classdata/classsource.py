"""Where a lesson finds its class's data: a CSV file, or a class of the class server.

A lesson's ``TEACHER`` line holds one name. :func:`class_results_from` and
:func:`class_scores_from` read it the same way:

* a file of that name (relative to the notebook's folder) is read as a CSV file:
  :func:`~xactika_edu.teaching.classdata.class_results.load_class_results` (draws and
  rolls) or :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores` (a score
  sheet), with all their checks;
* otherwise, a class of that name or code in the class store (the data the student app
  writes live: ``xactika-edu app --class "Period 3"``) gives its draws or finished
  hands, in the same table format.

Nothing is created: a data folder with no store file means "no such class". Running a
lesson again shows the class's newest draws: the store is read at that moment.

>>> import tempfile
>>> from xactika_edu.teaching.classdata.store import ClassStore
>>> folder = tempfile.mkdtemp()
>>> with ClassStore(folder) as store:
...     code, _ = store.create_class("Period 3")
...     _ = store.join(code, "Ana")
...     _ = store.start_experiment(code, "face value 8 or more")
...     _ = store.record_draws(code, "Ana", ["3213", "1111"])
>>> class_results_from("period 3", data=folder)[["student", "face value"]]
  student  face value
0     Ana          9
1     Ana          4
>>> class_results_from("Period 4", data=folder)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
xactika_edu.base.errors.ClassCodeError: There is no file ... The classes there: Period 3. ...

Source: issue 13 ("Lessons 1, 3 and 5 can read the pool"; "Lesson 7 analyses the
class's real games").
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from ...base.checks import shown
from ...base.errors import ClassCodeError, ClassError, XactikaError
from ...base.language import gettext as _
from .class_results import load_class_results
from .scoresheet import load_scores
from .store import ClassStore, default_data_dir
from .storedb import STORE_FILE

__all__ = ["class_results_from", "class_scores_from"]

Folder = str | os.PathLike[str] | None


def _name(source: object) -> str:
    if not isinstance(source, (str, os.PathLike)) or not str(source).strip():
        raise XactikaError(
            f"expected a file name or a class name, got {shown(source)}: write it between "
            'the quotes, like "our-draws.csv" or "Period 3"'
        )
    return str(source).strip()


def _open_store(data: Folder) -> ClassStore | None:
    """The store in ``data`` (default: the user's data folder), or None if it has none."""
    folder = default_data_dir() if data is None else Path(data)
    if not (folder / STORE_FILE).is_file():
        return None
    return ClassStore(folder)


def _from_store(name: str, data: Folder) -> tuple[ClassStore, str]:
    """The open store and the code of the class ``name`` (the caller closes the store).

    Raises:
        ClassCodeError: naming the classes there, if there is no such class.
    """
    store = _open_store(data)
    folder = default_data_dir() if data is None else Path(data)
    elsewhere = _(
        "A class the app kept with --data DIR is not read from here: run {command}, and type "
        "the file's name."
    ).format(
        command=f'xactika-edu class export --class "{name}" --data DIR --what draws '
        + _("(or scores)")
        + " --out class.csv"
    )
    if store is None:
        raise ClassCodeError(
            _(
                "There is no file called {name} next to the lesson, and no class called {name}: "
                "there is no class data in {folder}. {elsewhere}"
            ).format(name=shown(name), folder=folder, elsewhere=elsewhere)
        )
    try:
        return store, store.open_class(name)
    except ClassCodeError:
        names = ", ".join(summary.name for summary in store.classes()) or _("none yet")
        store.close()
        raise ClassCodeError(
            _(
                "There is no file called {name} next to the lesson, and no class called {name} "
                "in the class data in {folder}. The classes there: {names}. {elsewhere}"
            ).format(name=shown(name), folder=folder, names=names, elsewhere=elsewhere)
        ) from None


def _file_or_class(
    source: object,
    data: Folder,
    from_file: Callable[[str], pd.DataFrame],
    from_class: Callable[[ClassStore, str], pd.DataFrame],
    nothing: str,
) -> pd.DataFrame:
    """The table read from the file ``source`` if there is one, else the class
    ``source``'s table from the store; a class whose table is empty has ``nothing`` yet."""
    name = _name(source)
    if Path(name).is_file():
        return from_file(name)
    store, code = _from_store(name, data)
    with store:
        table = from_class(store, code)
    if table.empty:
        message = (
            _("The class {name} has no finished hand yet.")
            if nothing == "finished hand"
            else _("The class {name} has no draws yet.")
        )
        raise ClassError(message.format(name=table.attrs["source"]))
    return table


def class_results_from(source: str | os.PathLike[str], *, data: Folder = None) -> pd.DataFrame:
    """The class's cards (drawn or rolled) from a CSV file or from a class of the class
    store.

    Args:
        source: a file name (read if the file exists) or a class's name or code.
        data: the class data folder (default: the user's data folder, as the app uses).

    Returns:
        the table :func:`load_class_results` returns: one row per card, columns
        ``student``, ``activity``, ``card``, ``face value``; ``attrs["source"]`` the
        file's or the class's name.

    Raises:
        ClassResultsError: for a file with mistakes (every problem listed).
        ClassCodeError: if there is no such file and no such class (naming the classes).
        ClassError: for a class with no draws yet.
        XactikaError: if ``source`` is not a non-empty name.
    """
    return _file_or_class(source, data, load_class_results, ClassStore.draws, "draws")


def class_scores_from(source: str | os.PathLike[str], *, data: Folder = None) -> pd.DataFrame:
    """The class's finished hands from a score sheet (CSV) or from a class of the class
    store (the hands students played at class tables).

    Args:
        source: a file name (read if the file exists) or a class's name or code.
        data: the class data folder (default: the user's data folder).

    Returns:
        the table :func:`load_scores` returns (one row per player per hand).

    Raises:
        ScoreSheetError: for a sheet with mistakes (every problem listed).
        ClassCodeError: if there is no such file and no such class (naming the classes).
        ClassError: for a class with no finished hand yet.
        XactikaError: if ``source`` is not a non-empty name.
    """
    return _file_or_class(source, data, load_scores, ClassStore.scores, "finished hand")
