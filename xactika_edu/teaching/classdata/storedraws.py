"""The class store's experiments and draws: the teacher starts an experiment, each
student's draw is written the moment it happens, the pool is read back live.

An experiment is an event of :mod:`xactika_edu.core.experiments`, written in words
(``"face value 8 or more"``, ``"3 cubes"``: :meth:`~xactika_edu.core.experiments.Event.parse`
reads it, the store keeps its name) and an activity of
:data:`~xactika_edu.teaching.classdata.class_results.ACTIVITIES` (``draw`` or ``dice``).
A class has at most one experiment running: starting one stops the one before.

:meth:`DrawRecords.draws` reads the pool back as the table
:func:`~xactika_edu.teaching.classdata.class_results.load_class_results` returns, so
Lessons 1, 3 and 5 read the class's live draws as they read a CSV file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...base.checks import shown
from ...base.errors import ClassError, StudentNameError, XactikaError
from ...base.language import gettext as _
from ...base.language import use_language
from ...core.cards import DECK, Card
from ...core.experiments import Event, EventLike, as_event
from ...core.notation import as_card
from ...core.rules import CARD_INDEX
from .class_results import ACTIVITIES
from .classkeys import name_key
from .scorefile import normal_text
from .storedb import Cursor, StoreBase, now

__all__ = ["DrawRecords", "Experiment"]

#: The event a class experiment counts unless the teacher names another (Lesson 5's).
DEFAULT_EVENT = "face value 8 or more"


@dataclass(frozen=True)
class Experiment:
    """One class experiment.

    Attributes:
        id: its number in the store (whole, from 1; unique across classes).
        event: what counts as a success, an :class:`~xactika_edu.core.experiments.Event`.
        activity: ``"draw"`` or ``"dice"``.
        started: when the teacher started it (UTC, ISO 8601).
        stopped: when it was stopped, or None while it runs.
    """

    id: int
    event: Event
    activity: str
    started: str
    stopped: str | None

    @property
    def running(self) -> bool:
        """Whether the experiment still takes draws."""
        return self.stopped is None


def _experiment(row: tuple[int, str, str, str, str | None]) -> Experiment:
    number, event, activity, started, stopped = row
    return Experiment(number, Event.parse(event), activity, started, stopped)


_EXPERIMENT_COLUMNS = "id, event, activity, started, stopped"
#: Each card by its four digits: reading back thousands of draws looks cards up here
#: (``Card.parse`` of each would take a quarter of a millisecond a card).
_CARD_OF_TEXT = {str(card): card for card in DECK}


def _card(text: str) -> Card:
    """The card a stored draw names (always one of the deck's: it was written from one)."""
    return _CARD_OF_TEXT.get(text) or Card.parse(text)


class DrawRecords(StoreBase):
    """Experiments and draws: a part of
    :class:`~xactika_edu.teaching.classdata.store.ClassStore`."""

    def start_experiment(
        self, code: str, event: EventLike = DEFAULT_EVENT, activity: str = "draw"
    ) -> Experiment:
        """Start a class experiment; the one running before (if any) stops.

        Args:
            code: the class code.
            event: what counts as a success: an event in words (``"face value 8 or
                more"``, ``"3 cubes"``) or an :class:`~xactika_edu.core.experiments.Event`
                read from words (an event made from a function cannot be stored).
            activity: ``"draw"`` (a card drawn and put back) or ``"dice"``.

        Returns:
            the new :class:`Experiment`.

        Raises:
            ClassCodeError: for a code that is no class.
            XactikaError: for an event that cannot be read or stored, or an unknown
                activity.
        """
        chosen = as_event(event)
        try:
            readable = Event.parse(chosen.name) == chosen
        except XactikaError:
            readable = False
        if not readable:
            raise ClassError(
                f"a class experiment's event must be written in words, like 'face value 8 "
                f"or more' or '3 cubes'; got {shown(chosen.name)}"
            )
        if not isinstance(activity, str) or activity not in ACTIVITIES:
            raise XactikaError(
                f"activity must be one of {', '.join(ACTIVITIES)}, got {shown(activity)}"
            )
        with self.db.write() as db:
            room = self.class_row(db, code)
            started = now()
            db.execute(
                "UPDATE experiments SET stopped = ? WHERE class_id = ? AND stopped IS NULL",
                (started, room.id),
            )
            with use_language("en"):  # the class's data is in one language, English
                stored = Event.parse(chosen.name).name
            cursor = db.execute(
                "INSERT INTO experiments (class_id, event, activity, started) VALUES (?, ?, ?, ?)",
                (room.id, stored, activity, started),
            )
            number = int(cursor.lastrowid or 0)
        return Experiment(number, chosen, activity, started, None)

    def stop_experiment(self, code: str) -> Experiment | None:
        """Stop the class's running experiment; returns it (stopped), or None if none ran."""
        with self.db.write() as db:
            running = _current(db, self.class_row(db, code).id)
            if running is None:
                return None
            stopped = now()
            db.execute("UPDATE experiments SET stopped = ? WHERE id = ?", (stopped, running.id))
        return Experiment(running.id, running.event, running.activity, running.started, stopped)

    def current_experiment(self, code: str) -> Experiment | None:
        """The class's running experiment, or None."""
        with self.db.read() as db:
            return _current(db, self.class_row(db, code).id)

    def experiments(self, code: str) -> list[Experiment]:
        """Every experiment of the class, oldest first."""
        with self.db.read() as db:
            room = self.class_row(db, code)
            rows = db.execute(
                f"SELECT {_EXPERIMENT_COLUMNS} FROM experiments WHERE class_id = ? ORDER BY id",
                (room.id,),
            ).fetchall()
        return [_experiment(row) for row in rows]

    def record_draw(
        self, code: str, student: str, card: Card | str, *, experiment: int | None = None
    ) -> int:
        """Write one draw, in its own transaction: it is on the drive when this returns.

        Args:
            code: the class code.
            student: the student's first name as they joined (any letter case).
            card: the card drawn, a :class:`~xactika_edu.core.cards.Card` or its four
                digits (``"3213"``).
            experiment: the experiment's id; ``None``: the class's running experiment.

        Returns:
            the draw's id (whole, increasing in the order draws were written).

        Raises:
            ClassCodeError: for a code that is no class.
            StudentNameError: if no student of the class has that name.
            ClassError: if no experiment is running (or ``experiment`` is not one of
                this class's, or has stopped).
            NotationError: for a card that cannot be read.
        """
        return self.record_draws(code, student, [card], experiment=experiment)[0]

    def record_draws(
        self,
        code: str,
        student: str,
        cards: Sequence[Card | str],
        *,
        experiment: int | None = None,
    ) -> list[int]:
        """Write the cards one student drew at one click ("draw 10") in one transaction:
        all of them or none. As :meth:`record_draw`; returns the draws' ids in order.

        Raises:
            XactikaError: as :meth:`record_draw`; also if ``cards`` is not a list of 1
                to 1,000 cards.
        """
        if isinstance(cards, str) or not isinstance(cards, Sequence) or not 1 <= len(cards) <= 1000:
            raise XactikaError(f"cards must be a list of 1 to 1,000 cards, got {shown(cards)}")
        drawn = [str(as_card(card)) for card in cards]
        numbers = []
        with self.db.write() as db:
            room = self.class_row(db, code)
            student_id = self.student_id(db, room.id, student)
            running = _chosen(db, room.id, room.name, experiment)
            if not running.running:
                raise ClassError(
                    _("The experiment {event} has stopped: it takes no more draws.").format(
                        event=repr(running.event.name)
                    )
                )
            at = now()
            for card in drawn:
                cursor = db.execute(
                    "INSERT INTO draws (experiment_id, student_id, card, drawn) "
                    "VALUES (?, ?, ?, ?)",
                    (running.id, student_id, card, at),
                )
                numbers.append(int(cursor.lastrowid or 0))
        return numbers

    def draws(self, code: str, experiment: int | None = None) -> pd.DataFrame:
        """The class's draws, pooled: the table
        :func:`~xactika_edu.teaching.classdata.class_results.load_class_results` returns.

        Args:
            code: the class code.
            experiment: one experiment's id, or ``None`` for every draw of the class.

        Returns:
            a DataFrame, one row per draw in the order drawn: ``student`` and
            ``activity`` (text, pandas' ``str`` dtype), ``card``
            (:class:`~xactika_edu.core.cards.Card`) and ``face value`` (int64);
            ``attrs["source"]`` is the class's name and ``attrs["simulated"]`` is
            False. No rows if nobody has drawn yet.

        Raises:
            ClassCodeError: for a code that is no class; ClassError for an experiment
                that is not this class's.
        """
        with self.db.read() as db:
            room = self.class_row(db, code)
            rows = _draw_rows(db, room.id, room.name, experiment)
        cards = [_card(card) for _, _, card, _ in rows]
        table = pd.DataFrame(
            {
                # text columns as load_class_results reads them (pandas' str dtype)
                "student": pd.Series([row[0] for row in rows], dtype=str),
                "activity": pd.Series([row[1] for row in rows], dtype=str),
                "card": pd.Series(cards, dtype=object),
                "face value": np.array([card.value for card in cards], dtype=np.int64),
            }
        )
        table.attrs.update({"source": room.name, "simulated": False})
        return table

    def student_counts(self, code: str, experiment: int | None = None) -> pd.DataFrame:
        """Each student's own count: draws, and how many were a success.

        Returns:
            a DataFrame indexed by ``student`` (every student of the class, in the
            order they joined, those with no draws too) with int64 columns ``draws``
            and ``successes`` (draws in which the event of the draw's experiment
            happened).

        Raises:
            ClassCodeError: for a code that is no class; ClassError for an experiment
                that is not this class's.
        """
        with self.db.read() as db:
            room = self.class_row(db, code)
            names = [
                row[0]
                for row in db.execute(
                    "SELECT name FROM students WHERE class_id = ? ORDER BY id", (room.id,)
                )
            ]
            rows = _draw_rows(db, room.id, room.name, experiment)
            masks = _masks(db, room.id)
        draws = dict.fromkeys(names, 0)
        successes = dict.fromkeys(names, 0)
        for student, _activity, card, experiment_id in rows:
            draws[student] += 1
            successes[student] += int(masks[experiment_id][CARD_INDEX[_card(card)]])
        return pd.DataFrame(
            {"draws": list(draws.values()), "successes": list(successes.values())},
            index=pd.Index(names, name="student", dtype=object),
            dtype=np.int64,
        )

    def running_frequency(self, code: str, experiment: int | None = None) -> pd.DataFrame:
        """The class's running relative frequency of the experiment's event, draw by draw.

        Args:
            code: the class code.
            experiment: an experiment's id; ``None``: the running one, or else the
                latest.

        Returns:
            a DataFrame, one row per draw in the order drawn: ``trial`` (int, from 1),
            ``student``, ``card`` (Card), ``success`` (bool), ``frequency`` (int,
            successes so far) and ``relative frequency`` (float in [0, 1]), as
            :func:`~xactika_edu.core.experiments.draw_experiment` gives them.
            ``attrs`` holds ``event`` (its name), ``probability`` (the exact
            Fraction, what the frequency settles near) and ``experiment`` (the id).

        Raises:
            ClassCodeError: for a code that is no class; ClassError if the class has
                no experiment (or ``experiment`` is not one of its).
        """
        with self.db.read() as db:
            room = self.class_row(db, code)
            chosen = _chosen(db, room.id, room.name, experiment, latest=True)
            rows = _draw_rows(db, room.id, room.name, chosen.id)
        cards = [_card(card) for _, _, card, _ in rows]
        success = (
            chosen.event.mask[[CARD_INDEX[card] for card in cards]]
            if cards
            else (np.zeros(0, dtype=bool))
        )
        frequency = np.cumsum(success, dtype=np.int64)
        trials = np.arange(1, len(cards) + 1, dtype=np.int64)
        table = pd.DataFrame(
            {
                "trial": trials,
                "student": pd.Series([row[0] for row in rows], dtype=object),
                "card": pd.Series(cards, dtype=object),
                "success": np.asarray(success, dtype=bool),
                "frequency": frequency,
                "relative frequency": frequency / np.maximum(trials, 1),
            }
        )
        table.attrs.update(
            {
                "event": chosen.event.name,
                "probability": chosen.event.probability,
                "experiment": chosen.id,
            }
        )
        return table

    # --- shared steps ---------------------------------------------------------------------

    def student_id(self, db: Cursor, class_id: int, student: object) -> int:
        """The id of the student of this class with this name (any letter case).

        Raises:
            StudentNameError: "There is no student named ... in this class."
        """
        if not isinstance(student, str):
            raise StudentNameError(
                _("A first name is text, like 'Zoë'; got {value}.").format(value=shown(student))
            )
        key = name_key(" ".join(normal_text(student).split()))
        row = db.execute(
            "SELECT id FROM students WHERE class_id = ? AND name_key = ?", (class_id, key)
        ).fetchone()
        if row is None:
            raise StudentNameError(
                _("There is no student named {name} in this class: join it first.").format(
                    name=shown(student, 40)
                )
            )
        return int(row[0])


def _current(db: Cursor, class_id: int) -> Experiment | None:
    row = db.execute(
        f"SELECT {_EXPERIMENT_COLUMNS} FROM experiments WHERE class_id = ? AND stopped IS "
        "NULL ORDER BY id DESC LIMIT 1",
        (class_id,),
    ).fetchone()
    return None if row is None else _experiment(row)


def _chosen(
    db: Cursor, class_id: int, name: str, experiment: int | None, latest: bool = False
) -> Experiment:
    if experiment is None:
        found = _current(db, class_id)
        if found is None and latest:
            row = db.execute(
                f"SELECT {_EXPERIMENT_COLUMNS} FROM experiments WHERE class_id = ? "
                "ORDER BY id DESC LIMIT 1",
                (class_id,),
            ).fetchone()
            found = None if row is None else _experiment(row)
        if found is None:
            raise ClassError(
                _("No experiment is running in {name}. The teacher starts one first.").format(
                    name=name
                )
            )
        return found
    row = db.execute(
        f"SELECT {_EXPERIMENT_COLUMNS} FROM experiments WHERE id = ? AND class_id = ?",
        (experiment, class_id),
    ).fetchone()
    if row is None or isinstance(experiment, bool):
        raise ClassError(
            _("{name} has no experiment {number}").format(name=name, number=shown(experiment))
        )
    return _experiment(row)


def _draw_rows(
    db: Cursor, class_id: int, name: str, experiment: int | None
) -> list[tuple[str, str, str, int]]:
    """(student, activity, card, experiment id) of each draw, in the order drawn."""
    sql = (
        "SELECT students.name, experiments.activity, draws.card, experiments.id FROM draws "
        "JOIN experiments ON draws.experiment_id = experiments.id "
        "JOIN students ON draws.student_id = students.id WHERE experiments.class_id = ?"
    )
    parameters: tuple[object, ...] = (class_id,)
    if experiment is not None:
        _chosen(db, class_id, name, experiment)  # it is this class's
        sql += " AND experiments.id = ?"
        parameters += (experiment,)
    return db.execute(sql + " ORDER BY draws.id", parameters).fetchall()


def _masks(db: Cursor, class_id: int) -> dict[int, np.ndarray]:
    """Each experiment's event as an 81-element bool mask (deck order)."""
    rows = db.execute("SELECT id, event FROM experiments WHERE class_id = ?", (class_id,))
    return {int(number): Event.parse(event).mask for number, event in rows}
