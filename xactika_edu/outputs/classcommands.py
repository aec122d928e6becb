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
from ..base.language import N_, ngettext, pgettext
from ..base.language import gettext as _
from ..teaching.classdata.livepool import draws_csv
from ..teaching.classdata.scoresheet import export_scores
from ..teaching.classdata.store import ClassStore, default_data_dir
from ..teaching.classdata.storedb import STORE_FILE

__all__ = ["ACTIONS", "run_class_command"]

#: The actions of ``xactika-edu class``.
ACTIONS = ("create", "list", "export", "reset", "new-link")
_MAKE_ONE = N_('Make one: xactika-edu class create --class "Period 3"')


def _students(count: int) -> str:
    return ngettext("{count} student", "{count} students", count).format(count=count)


def _draws(count: int) -> str:
    return ngettext("{count} draw", "{count} draws", count).format(count=count)


def _hands(count: int) -> str:
    return ngettext("{count} finished hand", "{count} finished hands", count).format(count=count)


def _said_yes(answer: str) -> bool:
    """Whether ``answer`` is "yes" (in English, and in the current language: "sí",
    accent or not)."""
    said = answer.strip().lower()
    word = pgettext("the answer to a question", "yes")
    return said in {"yes", word, word.replace("í", "i")}


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
            say(
                _("No classes yet in {folder}. {make_one}").format(
                    folder=folder, make_one=_(_MAKE_ONE)
                )
            )
            return 0
        raise ClassCodeError(
            _("there are no classes in {folder} yet. {make_one}").format(
                folder=folder, make_one=_(_MAKE_ONE)
            )
        )
    with ClassStore(folder) as store:
        if action == "create":
            return _create(store, str(name), say)
        if action == "list":
            return _list(store, say)
        code = _find(store, str(name))
        if action == "export":
            if out is None or what not in ("draws", "scores"):
                raise ClassError(_("export needs --what draws|scores and --out FILE.csv"))
            return _export(store, code, what, out, force, say)
        if action == "reset":
            return _reset(store, code, yes, say)
        token = store.new_teacher_token(code)
        say(
            _("New teacher token for {name} (the old one stops working):").format(
                name=store.class_name(code)
            )
        )
        say(f"  {token}")
        return 0


def _find(store: ClassStore, name: str) -> str:
    try:
        return store.open_class(name)
    except ClassCodeError:
        names = ", ".join(repr(room.name) for room in store.classes()[:10]) or _("none yet")
        raise ClassCodeError(
            _("there is no class called {name} (the classes: {names})").format(
                name=repr(name), names=names
            )
        ) from None


def _create(store: ClassStore, name: str, say: Callable[[str], None]) -> int:
    try:
        code = store.open_class(name)
    except ClassCodeError:
        code = None
    if code is not None:
        raise ClassError(
            _(
                "there is already a class called {name}: its class code is {code}. For a new "
                "teacher token: xactika-edu class new-link --class {asked}"
            ).format(name=repr(store.class_name(code)), code=code, asked=repr(name))
        )
    code, token = store.create_class(name)
    say(_("Made the class {name}.").format(name=repr(store.class_name(code))))
    say("  " + _("Class code for the students: {code}").format(code=code))
    say("  " + _("Teacher token (secret; shown only now): {token}").format(token=token))
    say("  " + _("Kept in {path}").format(path=store.path))
    return 0


def _list(store: ClassStore, say: Callable[[str], None]) -> int:
    rooms = store.classes()
    if not rooms:
        say(
            _("No classes yet in {folder}. {make_one}").format(
                folder=store.path, make_one=_(_MAKE_ONE)
            )
        )
    for room in rooms:
        say(
            _("{code}  {name}: {students}, {draws}, {hands} (made {date})").format(
                code=room.code,
                name=room.name,
                students=_students(room.students),
                draws=_draws(room.draws),
                hands=_hands(room.hands),
                date=room.created[:10],
            )
        )
    return 0


def _export(
    store: ClassStore, code: str, what: str, out: Path, force: bool, say: Callable[[str], None]
) -> int:
    name = store.class_name(code)
    if out.suffix.lower() != ".csv":
        raise ClassError(
            _("--out must name a .csv file, like 'period-3.csv'; got {path}").format(
                path=repr(str(out))
            )
        )
    if out.exists() and not force:
        raise ClassError(
            _("{path} already exists: nothing was written. Add --force to replace it.").format(
                path=repr(str(out))
            )
        )
    if what == "draws":
        table = store.draws(code)
        if table.empty:
            raise ClassError(_("{name} has no draws yet: nothing to export").format(name=name))
        write_file(out, draws_csv(table), overwrite=force)  # the teacher page's file too
        say(
            _("Wrote {draws} of {name} to {path}").format(
                draws=_draws(len(table)), name=name, path=out
            )
        )
        return 0
    scores = store.scores(code)
    if scores.empty:
        raise ClassError(_("{name} has no finished hands yet: nothing to export").format(name=name))
    export_scores(scores, out, overwrite=force)
    hands = scores.groupby(["game", "hand"]).ngroups
    say(
        ngettext(
            "Wrote {hands} of {name} ({rows} row) to {path}",
            "Wrote {hands} of {name} ({rows} rows) to {path}",
            len(scores),
        ).format(hands=_hands(hands), name=name, rows=len(scores), path=out)
    )
    return 0


def _reset(store: ClassStore, code: str, yes: bool, say: Callable[[str], None]) -> int:
    room = next(room for room in store.classes() if room.code == code)
    if room.draws == 0 and room.hands == 0:
        say(
            _("{name} has no draws and no finished hands: nothing to delete.").format(
                name=room.name
            )
        )
        return 0
    if not yes:
        try:
            answer = input(
                _("Delete {draws} and {hands} of {name}? Type yes: ").format(
                    draws=_draws(room.draws), hands=_hands(room.hands), name=room.name
                )
            )
        except EOFError:  # no one to answer (a script): the line ends here
            say("")
            answer = ""
        if not _said_yes(answer):
            say(
                _("Nothing was deleted.")
                if answer
                else _("Nothing was deleted. (In a script, add --yes.)")
            )
            return 0
    draws, hands = store.reset_class(code)
    say(
        _("Deleted {draws} and {hands} of {name}.").format(
            draws=_draws(draws), hands=_hands(hands), name=room.name
        )
    )
    return 0
