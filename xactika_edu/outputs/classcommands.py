"""``xactika-edu class ACTION``: the class store's classes made, listed, exported, reset.

:func:`run_class_command` does the work of each action the command line
(:mod:`xactika_edu.outputs.cli`) parsed; it prints short lines and returns the exit
status. A refusal is a :class:`~xactika_edu.base.errors.XactikaError` (the command line
prints it on one line, exit status 2).

* ``create --class NAME``: makes the class; prints its code and, once, the teacher token.
* ``list``: each class's code, name and counts.
* ``export --class NAME --what draws|scores --out FILE.csv [--force]``: the draws
  (``student,activity,card``, read back by
  :func:`~xactika_edu.teaching.classdata.class_results.load_class_results`) or the
  finished hands (the score sheet, read back by
  :func:`~xactika_edu.teaching.classdata.scoresheet.load_scores`), formula-safe
  (:func:`~xactika_edu.base.csvtext.csv_text`) and written in one step; an existing
  file is replaced only with ``--force``.
* ``reset --class NAME [--yes]``: asks "Delete N draws and M finished hands of
  Period 3? Type yes", then deletes them (the class and its students stay).
* ``new-link --class NAME``: a new teacher token; the old one stops working.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..base.errors import ClassCodeError, ClassError
from ..base.files import write_file
from ..base.formatting import plural
from ..teaching.classdata.livepool import draws_csv
from ..teaching.classdata.scoresheet import export_scores
from ..teaching.classdata.store import ClassStore, default_data_dir
from ..teaching.classdata.storedb import STORE_FILE

__all__ = ["ACTIONS", "run_class_command"]

#: The actions of ``xactika-edu class``.
ACTIONS = ("create", "list", "export", "reset", "new-link")
_MAKE_ONE = 'Make one: xactika-edu class create --class "Period 3"'


def run_class_command(
    action: str,
    *,
    data: Path | None = None,
    name: str | None = None,
    what: str | None = None,
    out: Path | None = None,
    force: bool = False,
    yes: bool = False,
    say: Callable[[str], None] = print,
) -> int:
    """Run one action of ``xactika-edu class``; returns the exit status (0 done).

    Args:
        action: one of :data:`ACTIONS`.
        data: the data folder (``None``: the default,
            :func:`~xactika_edu.teaching.classdata.storedb.default_data_dir`).
        name: the class's name or code (every action but ``list``).
        what: ``"draws"`` or ``"scores"`` (``export``).
        out: the CSV file to write (``export``).
        force: replace ``out`` if it exists (``export``).
        yes: do not ask before deleting (``reset``).
        say: where the lines go.

    Raises:
        XactikaError: a refusal, in one sentence (no such class, a class of that name
            already there, nothing to export, ``out`` exists without ``force``).
    """
    folder = default_data_dir() if data is None else Path(data)
    if action != "create" and not (folder / STORE_FILE).exists():
        if action == "list":
            say(f"No classes yet in {folder}. {_MAKE_ONE}")
            return 0
        raise ClassCodeError(f"there are no classes in {folder} yet. {_MAKE_ONE}")
    with ClassStore(folder) as store:
        if action == "create":
            return _create(store, str(name), say)
        if action == "list":
            return _list(store, say)
        code = _find(store, str(name))
        if action == "export":
            if out is None or what not in ("draws", "scores"):
                raise ClassError("export needs --what draws|scores and --out FILE.csv")
            return _export(store, code, what, out, force, say)
        if action == "reset":
            return _reset(store, code, yes, say)
        token = store.new_teacher_token(code)
        say(f"New teacher token for {store.class_name(code)} (the old one stops working):")
        say(f"  {token}")
        return 0


def _find(store: ClassStore, name: str) -> str:
    try:
        return store.open_class(name)
    except ClassCodeError:
        names = ", ".join(repr(room.name) for room in store.classes()[:10]) or "none yet"
        raise ClassCodeError(f"there is no class called {name!r} (the classes: {names})") from None


def _create(store: ClassStore, name: str, say: Callable[[str], None]) -> int:
    try:
        code = store.open_class(name)
    except ClassCodeError:
        code = None
    if code is not None:
        raise ClassError(
            f"there is already a class called {store.class_name(code)!r}: its class code is "
            f"{code}. For a new teacher token: xactika-edu class new-link --class {name!r}"
        )
    code, token = store.create_class(name)
    say(f"Made the class {store.class_name(code)!r}.")
    say(f"  Class code for the students: {code}")
    say(f"  Teacher token (secret; shown only now): {token}")
    say(f"  Kept in {store.path}")
    return 0


def _list(store: ClassStore, say: Callable[[str], None]) -> int:
    rooms = store.classes()
    if not rooms:
        say(f"No classes yet in {store.path}. {_MAKE_ONE}")
    for room in rooms:
        say(
            f"{room.code}  {room.name}: {plural(room.students, 'student')}, "
            f"{plural(room.draws, 'draw')}, {plural(room.hands, 'finished hand')} "
            f"(made {room.created[:10]})"
        )
    return 0


def _export(
    store: ClassStore, code: str, what: str, out: Path, force: bool, say: Callable[[str], None]
) -> int:
    name = store.class_name(code)
    if out.suffix.lower() != ".csv":
        raise ClassError(f"--out must name a .csv file, like 'period-3.csv'; got {str(out)!r}")
    if out.exists() and not force:
        raise ClassError(
            f"{str(out)!r} already exists: nothing was written. Add --force to replace it."
        )
    if what == "draws":
        table = store.draws(code)
        if table.empty:
            raise ClassError(f"{name} has no draws yet: nothing to export")
        write_file(out, draws_csv(table), overwrite=force)  # the teacher page's file too
        say(f"Wrote {plural(len(table), 'draw')} of {name} to {out}")
        return 0
    scores = store.scores(code)
    if scores.empty:
        raise ClassError(f"{name} has no finished hands yet: nothing to export")
    export_scores(scores, out, overwrite=force)
    hands = scores.groupby(["game", "hand"]).ngroups
    say(f"Wrote {plural(hands, 'finished hand')} of {name} ({len(scores)} rows) to {out}")
    return 0


def _reset(store: ClassStore, code: str, yes: bool, say: Callable[[str], None]) -> int:
    room = next(room for room in store.classes() if room.code == code)
    if room.draws == 0 and room.hands == 0:
        say(f"{room.name} has no draws and no finished hands: nothing to delete.")
        return 0
    what = f"{plural(room.draws, 'draw')} and {plural(room.hands, 'finished hand')} of {room.name}"
    if not yes:
        try:
            answer = input(f"Delete {what}? Type yes: ")
        except EOFError:  # no one to answer (a script): the line ends here
            say("")
            answer = ""
        if answer.strip().lower() != "yes":
            say("Nothing was deleted." + ("" if answer else " (In a script, add --yes.)"))
            return 0
    draws, hands = store.reset_class(code)
    say(f"Deleted {plural(draws, 'draw')} and {plural(hands, 'finished hand')} of {room.name}.")
    return 0
