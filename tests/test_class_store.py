"""The class store (xactika_edu/teaching/classdata/store.py): classes, students, draws and
finished hands in SQLite; every bad input refused with a clear message; round trips
through the CSV readers; threads at once; nothing lost when the writer is killed."""

from __future__ import annotations

import io
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from xactika_edu.base.csvtext import csv_text
from xactika_edu.base.errors import (
    ClassCodeError,
    ClassError,
    IllegalBidError,
    StudentNameError,
    TeacherLinkError,
    XactikaError,
)
from xactika_edu.core.cards import DECK
from xactika_edu.core.experiments import Event
from xactika_edu.teaching.classdata.class_results import load_class_results
from xactika_edu.teaching.classdata.class_summaries import example_scores
from xactika_edu.teaching.classdata.classkeys import CODE_ALPHABET, CODE_LENGTH, new_class_code
from xactika_edu.teaching.classdata.scoresheet import export_scores, load_scores
from xactika_edu.teaching.classdata.store import ClassStore, default_data_dir
from xactika_edu.teaching.classdata.storedb import SCHEMA_VERSION, STORE_FILE


@pytest.fixture
def store(tmp_path: Path):
    with ClassStore(tmp_path / "data", rng=random.Random(7)) as opened:
        yield opened


@pytest.fixture
def code(store: ClassStore) -> str:
    return store.create_class("Period 3")[0]


# --- the file ---------------------------------------------------------------------------


def test_the_file_is_wal_full_sync_with_foreign_keys_and_a_schema_version(store, tmp_path):
    run = store.db.connection.execute
    assert run("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert run("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert run("PRAGMA foreign_keys").fetchone()[0] == 1
    assert run("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    path = tmp_path / "data" / STORE_FILE
    assert store.path == str(path)
    assert (path.stat().st_mode & 0o777) == 0o600  # children's names: the owner only
    assert ((tmp_path / "data").stat().st_mode & 0o777) == 0o700


def test_a_newer_or_foreign_file_is_refused_not_changed(tmp_path):
    with ClassStore(tmp_path / "new") as store:
        store.db.connection.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(ClassError, match="newer xactika-edu"):
        ClassStore(tmp_path / "new")
    (tmp_path / "other").mkdir()
    other = sqlite3.connect(tmp_path / "other" / STORE_FILE)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    with pytest.raises(ClassError, match="is not class data"):
        ClassStore(tmp_path / "other")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / STORE_FILE).write_bytes(b"not a database at all" * 100)
    with pytest.raises(ClassError, match="is not class data"):
        ClassStore(tmp_path / "junk")
    with pytest.raises(XactikaError, match="folder name"):
        ClassStore(42)  # type: ignore[arg-type]


def test_the_default_data_folder_comes_from_platformdirs():
    import platformdirs

    assert default_data_dir() == Path(platformdirs.user_data_dir("xactika-edu", appauthor=False))
    assert default_data_dir().name == "xactika-edu"


# --- classes and teacher links ---------------------------------------------------------------


def test_class_codes_are_six_characters_without_look_alikes():
    assert CODE_LENGTH == 6
    for pair in ("0O", "1IL", "2Z", "5S", "8B", "UV", "Q"):
        assert not set(pair) & set(CODE_ALPHABET), pair
    code = new_class_code()
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)


def test_the_same_seed_gives_the_same_codes_and_another_seed_others():
    first = [new_class_code(random.Random(3)) for _ in range(2)]
    assert first[0] == first[1]
    assert new_class_code(random.Random(3)) != new_class_code(random.Random(4))


def test_codes_stay_unique_over_many_classes_even_when_the_source_repeats(tmp_path):
    with ClassStore(tmp_path, rng=random.Random(1)) as one:
        codes = [one.create_class(f"Class {n}")[0] for n in range(60)]
    assert len(set(codes)) == 60
    # a second store drawing the very same codes skips each one already taken
    with ClassStore(tmp_path, rng=random.Random(1)) as two:
        again = two.create_class("Class 60")[0]
    assert again not in codes
    assert again == [new_class_code(rng) for rng in [random.Random(1)] for _ in range(61)][-1]


def test_opening_a_class_by_name_or_code_gives_its_code(store, code):
    assert store.open_class("Period 3") == code
    assert store.open_class("  PERIOD   3 ") == code
    assert store.open_class(code.lower()) == code
    assert store.class_name(code) == "Period 3"
    with pytest.raises(ClassCodeError, match="There is no class with the code"):
        store.open_class("Period 4")


def test_a_class_name_is_unique_in_any_letter_case(store, code):
    with pytest.raises(ClassError, match=f"already a class called 'Period 3' \\(class code {code}"):
        store.create_class("PERIOD 3")
    for bad, message in [
        ("", "Type a class name"),
        ("x" * 61, "too long: 61"),
        ("P\x003", "cannot be typed"),
        (3, "is text"),
    ]:
        with pytest.raises(ClassError, match=message):
            store.create_class(bad)


def test_the_teacher_token_is_checked_and_never_stored(store, tmp_path):
    code, token = store.create_class("Period 5")
    store.check_teacher(code, token)
    store.check_teacher(code.lower(), token)
    wrong = "This teacher link is not right."
    for bad_code, bad_token in [
        (code, token + "x"),
        (code, ""),
        (code, None),
        (code, token.upper()),
        ("ZZZZZZ", token),
        (None, token),
        (code, "x" * 10_000),
    ]:
        with pytest.raises(TeacherLinkError) as caught:
            store.check_teacher(bad_code, bad_token)
        assert str(caught.value).startswith(wrong)  # the same words, whatever was wrong
    store.close()
    data = b"".join(p.read_bytes() for p in (tmp_path / "data").iterdir())
    assert token.encode() not in data


def test_a_new_teacher_token_replaces_the_old_one(store, code):
    old_code, old = store.create_class("Period 6")
    new = store.new_teacher_token(old_code)
    store.check_teacher(old_code, new)
    with pytest.raises(TeacherLinkError):
        store.check_teacher(old_code, old)


# --- students ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Zoë", "José", "Nguyễn", "Mary-Jane", "O'Brien", "李雷", "Ана"])
def test_names_from_many_languages_join(store, code, name):
    assert store.join(code, name) == name
    assert store.students(code) == [name]


def test_bad_names_get_a_message_a_student_understands(store, code):
    cases = [
        ("", "Type your first name to join."),
        ("   \u200b ", "Type your first name to join."),
        ("x" * 31, "That name is too long: 31 characters. Use at most 30."),
        ("x" * 200, "That name is too long: 200 characters. Use at most 30."),
        ("Ana\nBen", "cannot be typed"),
        ("Ana\x00", "cannot be typed"),
        ("Ana\tBen", "cannot be typed"),
        ("Ana\u202eneB", "cannot be typed"),  # a direction mark shows it as another name
        (None, "is text"),
    ]
    for name, message in cases:
        with pytest.raises(StudentNameError) as caught:
            store.join(code, name)
        assert message in str(caught.value), name
        assert "Traceback" not in str(caught.value)
    assert store.students(code) == []


def test_a_name_already_taken_is_refused_in_any_case_or_form(store, code):
    store.join(code, "Zoë")
    for same in ["zoë", "ZOË", "Zoe\u0308", " Zoë ", "zOË"]:
        with pytest.raises(StudentNameError, match="already called 'Zoë'"):
            store.join(code, same)
    assert store.join(code, "Zoe") == "Zoe"  # without the dots: another name
    assert store.join(code, "Zoë  B") == "Zoë B"
    other = store.create_class("Period 4")[0]
    assert store.join(other, "ZOË") == "ZOË"  # another class: free


def test_a_wrong_code_is_a_clear_message(store, code):
    with pytest.raises(ClassCodeError) as caught:
        store.join("ABC", "Ana")
    assert str(caught.value) == (
        "There is no class with the code 'ABC'. Check the code on the board and type it again."
    )
    with pytest.raises(XactikaError, match="class code is text"):
        store.join(None, "Ana")  # type: ignore[arg-type]


# --- experiments and draws ----------------------------------------------------------------

NAMES = ("Zoë", "José", "Nguyễn", "Mary-Jane")


def _class_with_draws(
    store: ClassStore, code: str, draws: int = 40, names: tuple[str, ...] = NAMES
) -> list[tuple[str, str]]:
    for name in names:
        store.join(code, name)
    store.start_experiment(code, "face value 8 or more")
    made = []
    for n in range(draws):
        student, card = names[n % 4], str(DECK[(n * 17) % 81])
        store.record_draw(code, student, card)
        made.append((student, card))
    return made


def test_draws_read_back_as_load_class_results_reads_their_csv(store, code, tmp_path):
    made = _class_with_draws(store, code)
    pooled = store.draws(code)
    path = tmp_path / "draws.csv"
    path.write_text(
        csv_text(["student", "activity", "card"], [(s, "draw", c) for s, c in made]),
        encoding="utf-8",
    )
    loaded = load_class_results(path)
    pd.testing.assert_frame_equal(pooled, loaded)
    assert list(pooled.columns) == ["student", "activity", "card", "face value"]
    assert store.draws(store.create_class("Empty")[0]).dtypes.equals(loaded.dtypes)
    assert pooled.attrs["source"] == "Period 3"


def test_each_students_count_and_the_running_frequency(store, code):
    made = _class_with_draws(store, code, draws=41)
    counts = store.student_counts(code)
    assert counts["draws"].tolist() == [11, 10, 10, 10]
    event = Event.parse("face value 8 or more")
    expected = {name: sum(event(c) for s, c in made if s == name) for name in counts.index}
    assert counts["successes"].to_dict() == expected
    running = store.running_frequency(code)
    assert running.attrs["probability"] == Fraction(50, 81)
    assert running["trial"].tolist() == list(range(1, 42))
    assert running["frequency"].iloc[-1] == counts["successes"].sum()
    assert running["relative frequency"].iloc[-1] == pytest.approx(counts["successes"].sum() / 41)
    store.join(code, "Late")  # a student with no draws is counted too
    assert store.student_counts(code).loc["Late"].tolist() == [0, 0]


def test_starting_an_experiment_stops_the_one_before(store, code):
    first = store.start_experiment(code, "3 cubes")
    second = store.start_experiment(code, Event.parse("face value 6 or less"), activity="dice")
    assert store.current_experiment(code) == second
    assert [e.running for e in store.experiments(code)] == [False, True]
    store.join(code, "Ana")
    store.record_draw(code, "ana", "1111")
    assert store.draws(code)["activity"].tolist() == ["dice"]
    with pytest.raises(ClassError, match="has stopped"):
        store.record_draw(code, "Ana", "1111", experiment=first.id)
    assert store.stop_experiment(code).id == second.id
    assert store.current_experiment(code) is None
    assert store.running_frequency(code).attrs["experiment"] == second.id  # the latest


def test_bad_experiments_and_draws_are_refused(store, code):
    store.join(code, "Ana")
    with pytest.raises(ClassError, match="No experiment is running in Period 3"):
        store.record_draw(code, "Ana", "1111")
    with pytest.raises(XactikaError, match="cannot read event 'big cards'"):
        store.start_experiment(code, "big cards")
    with pytest.raises(ClassError, match="written in words"):
        store.start_experiment(code, Event.where(lambda card: card.value == 8, "eights"))
    with pytest.raises(XactikaError, match="activity must be one of draw, dice"):
        store.start_experiment(code, "3 cubes", activity="spin")
    store.start_experiment(code)
    with pytest.raises(XactikaError, match="cannot read card '4111'"):
        store.record_draw(code, "Ana", "4111")
    with pytest.raises(StudentNameError, match="There is no student named 'Ben'"):
        store.record_draw(code, "Ben", "1111")
    other = store.create_class("Period 4")[0]
    foreign = store.start_experiment(other)
    with pytest.raises(ClassError, match="has no experiment"):
        store.record_draw(code, "Ana", "1111", experiment=foreign.id)
    assert store.draws(code).empty


def test_cards_drawn_at_one_click_are_written_all_or_none(store, code):
    store.join(code, "Ana")
    store.start_experiment(code)
    numbers = store.record_draws(code, "\u200bANA ", ["1111", "2222", "3333"])
    assert numbers == sorted(numbers) and len(set(numbers)) == 3
    with pytest.raises(XactikaError, match="cannot read card '4444'"):
        store.record_draws(code, "Ana", ["1111", "4444"])
    for bad in ([], "1111", ["1111"] * 1001):
        with pytest.raises(XactikaError, match="list of 1 to 1,000 cards"):
            store.record_draws(code, "Ana", bad)
    assert store.draws(code)["card"].map(str).tolist() == ["1111", "2222", "3333"]


# --- finished hands -----------------------------------------------------------------------


def _record_sheet(store: ClassStore, code: str, sheet: pd.DataFrame) -> None:
    """Write each hand of a score sheet (rows in bidding order, dealer last)."""
    games = {}
    for (game, hand), rows in sheet.groupby(["game", "hand"], sort=True):
        if game not in games:
            games[game] = store.new_game(code)
        dealer = rows["dealer"].tolist().index(True)
        store.record_hand(
            code,
            games[game],
            hand,
            rows["player"].tolist(),
            rows["bid"].tolist(),
            rows["tricks"].tolist(),
            dealer,
        )


def test_scores_are_what_load_scores_reads_from_the_export(store, code, tmp_path):
    sheet = example_scores(players=4, games=2, seed=5)
    _record_sheet(store, code, sheet)
    scores = store.scores(code)
    pd.testing.assert_frame_equal(scores, sheet.assign(), check_like=False)
    path = export_scores(scores, tmp_path / "scores.csv")
    loaded = load_scores(path)
    pd.testing.assert_frame_equal(scores, loaded)
    assert {k: v for k, v in scores.attrs.items() if k != "source"} == {
        k: v for k, v in loaded.attrs.items() if k != "source"
    }
    assert scores.attrs["source"] == "Period 3"


def test_no_hands_yet_is_an_empty_sheet_with_the_same_columns(store, code):
    empty = store.scores(code)
    sheet = example_scores(players=2, games=1, seed=1)
    assert empty.empty and list(empty.columns) == list(sheet.columns)
    assert dict(empty.dtypes) == dict(sheet.dtypes)


def test_a_hand_that_breaks_the_rules_is_refused_and_nothing_written(store, code):
    game = store.new_game(code)
    players = ["Ana", "Ben", "Cy"]
    cases = [
        (dict(bids=[2, 3, 9], tricks=[2, 4, 2]), XactikaError, "bid must be from 0 to 8, got 9"),
        (dict(bids=[2, 3, 2], tricks=[2, 4, 3]), XactikaError, "the tricks add up to 9"),
        (
            dict(bids=[2, 3, 3], tricks=[2, 4, 2], dealer=2),
            IllegalBidError,
            r"the dealer \(Cy\) may not bid 3",
        ),
        (dict(bids=[2, 3], tricks=[2, 4, 2]), XactikaError, "give 3 bids"),
        (dict(bids=[2, 3, 2], tricks=[2, 4, 2], dealer=3), XactikaError, "dealer must be from 0"),
        (dict(players=["Ana", "ana", "Cy"]), XactikaError, "different name"),
        (dict(players=["Ana"], bids=[8], tricks=[8]), XactikaError, "2 to 10 players, got 1"),
        (
            dict(players=[f"P{n}" for n in range(11)], bids=[0] * 11, tricks=[8] + [0] * 10),
            XactikaError,
            "got 11",
        ),
        (dict(players=["Ana", "Ben", ""]), StudentNameError, "Type your first name"),
        (dict(hand=9), XactikaError, "hand must be from 1 to 8"),
        (dict(game=game + 1), ClassError, "has no game 2"),
    ]
    for change, error, message in cases:
        arguments = (
            dict(game=game, hand=1, players=players, bids=[2, 3, 2], tricks=[2, 4, 2], dealer=0)
            | change
        )
        with pytest.raises(error, match=message):
            store.record_hand(code, **arguments)
    assert store.scores(code).empty
    store.record_hand(code, game, 1, players, [2, 3, 2], [2, 4, 2], 0)
    with pytest.raises(ClassError, match="game 1, hand 1 of Period 3 is already recorded"):
        store.record_hand(code, game, 1, players, [2, 3, 2], [2, 4, 2], 0)
    with pytest.raises(ClassError, match="other players than hand 1"):
        store.record_hand(code, game, 2, ["Ana", "Ben", "Dee"], [2, 3, 2], [2, 4, 2], 1)
    other = store.create_class("Period 4")[0]
    with pytest.raises(ClassError, match="Period 4 has no game 1"):
        store.record_hand(other, game, 2, players, [2, 3, 2], [2, 4, 2], 1)
    assert len(store.scores(code)) == 3


# --- reset and delete ---------------------------------------------------------------------


def test_reset_deletes_that_class_draws_and_hands_only(store, code):
    _class_with_draws(store, code, draws=12)
    _record_sheet(store, code, example_scores(players=3, games=1, seed=2))
    other = store.create_class("Period 4")[0]
    store.join(other, "Ana")
    store.start_experiment(other)
    store.record_draw(other, "Ana", "1111")
    assert store.reset_class(code) == (12, 8)
    assert store.draws(code).empty and store.scores(code).empty
    assert len(store.students(code)) == 4  # the students stay
    assert len(store.draws(other)) == 1
    summary = {room.name: (room.students, room.draws, room.hands) for room in store.classes()}
    assert summary == {"Period 3": (4, 0, 0), "Period 4": (1, 1, 0)}
    store.delete_class(other)
    with pytest.raises(ClassCodeError):
        store.draws(other)
    left = store.db.connection.execute("SELECT COUNT(*) FROM draws").fetchone()[0]
    assert left == 0


# --- at once, and killed ------------------------------------------------------------------


def test_threads_writing_at_once_lose_nothing(store, code):
    names = [f"Student {n}" for n in range(6)]
    for name in names:
        store.join(code, name)
    store.start_experiment(code)
    errors: list[BaseException] = []

    def draw(name: str) -> None:
        try:
            for n in range(25):
                store.record_draw(code, name, DECK[n % 81])
                store.student_counts(code)  # reads mixed in with the writes
        except BaseException as error:  # pragma: no cover - shown by the assert
            errors.append(error)

    def play() -> None:
        try:
            sheet = example_scores(players=3, games=1, seed=9)
            _record_sheet(store, code, sheet)
        except BaseException as error:  # pragma: no cover
            errors.append(error)

    threads = [threading.Thread(target=draw, args=(name,)) for name in names]
    threads.append(threading.Thread(target=play))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.student_counts(code)["draws"].tolist() == [25] * 6
    assert len(store.scores(code)) == 24


_WRITER = textwrap.dedent(
    """
    import sys
    from xactika_edu.core.cards import DECK
    from xactika_edu.teaching.classdata.store import ClassStore

    store = ClassStore(sys.argv[1])
    code = sys.argv[2]
    players = ["Ana", "Ben", "Cy", "Zoë"]
    game, hand, n = store.new_game(code), 0, 0
    print("ready", flush=True)
    while True:
        n += 1
        student, card = players[n % 4], DECK[(n * 7) % 81]
        number = store.record_draw(code, student, card)
        print(f"draw {number} {student} {card}", flush=True)
        if n % 3 == 0:
            hand += 1
            if hand > 8:
                game, hand = store.new_game(code), 1
            store.record_hand(code, game, hand, players, [2, 2, 2, 3], [2, 2, 2, 2],
                              dealer=(hand - 1) % 4)
            print(f"hand {game} {hand}", flush=True)
    """
)


@pytest.mark.slow  # a fresh Python that imports pandas: 1-5 s, by the machine's load
def test_a_writer_killed_with_sigkill_loses_no_reported_draw_or_hand(tmp_path):
    """A server process writes draws and hands, printing a line after each commit, while
    this process (a teacher's ``xactika-edu class`` command, say) writes to the same
    file; the server is killed with SIGKILL mid-way. Every row it reported is there,
    and so is every row of the other process."""
    folder = tmp_path / "data"
    store = ClassStore(folder)
    code = store.create_class("Period 3")[0]
    for name in ("Ana", "Ben", "Cy", "Zoë", "Teacher"):
        store.join(code, name)
    store.start_experiment(code)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(folder), code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: list[str] = []
    mine: list[int] = []
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready", writer.stderr.read()  # type: ignore[union-attr]
        deadline = time.monotonic() + 60
        while sum(line.startswith("hand") for line in lines) < 12:
            lines.append(writer.stdout.readline().strip())
            if len(mine) < 20:  # both processes write the one file at once
                mine.append(store.record_draw(code, "Teacher", DECK[len(mine)]))
            assert time.monotonic() < deadline
        os.kill(writer.pid, signal.SIGKILL)  # mid-way through whatever it was writing
        lines += writer.stdout.read().splitlines()  # reported before the kill
    finally:
        if writer.poll() is None:
            os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        store.close()
    assert writer.returncode == -signal.SIGKILL
    draws = [line.split()[1:] for line in lines if line.startswith("draw")]
    hands = {tuple(map(int, line.split()[1:])) for line in lines if line.startswith("hand")}
    with ClassStore(folder) as store:
        assert store.db.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = store.db.connection.execute("SELECT id, card FROM draws ORDER BY id").fetchall()
        found = {str(number): card for number, card in rows}
        for number, _student, card in draws:
            assert found.get(number) == card
        assert len(rows) - len(draws) - len(mine) in (0, 1)  # at most one not yet reported
        assert store.student_counts(code).loc["Teacher", "draws"] == len(mine) == 20
        stored = set(store.scores(code).groupby(["game", "hand"]).groups)
        assert hands <= stored and len(stored - hands) <= 1
        store.record_draw(code, "Ana", "1111")  # and the class goes on


def test_a_name_that_looks_like_a_formula_round_trips_through_the_csv(store, code):
    _class_with_draws(store, code, draws=8, names=("=cmd|' /C calc'!A0", "Ana", "Ben", "Cy"))
    pooled = store.draws(code)
    rows = zip(pooled["student"], pooled["activity"], map(str, pooled["card"]), strict=True)
    text = csv_text(["student", "activity", "card"], rows)
    assert "'=cmd" in text  # safe in a spreadsheet
    pd.testing.assert_frame_equal(load_class_results(io.StringIO(text)), pooled)


def test_a_reset_stops_the_experiment_so_the_next_draws_are_new_cards(tmp_path):
    """Review r1 (a teacher, issue 13): after a reset a student's next Draw 10 gave the same
    10 cards as before, because the experiment and the count of draws started again."""
    from xactika_edu.teaching.classdata.livepool import student_cards

    with ClassStore(tmp_path) as store:
        code, _ = store.create_class("Period 3")
        store.join(code, "Ann")
        first = store.start_experiment(code, "face value 8 or more")
        store.record_draws(
            code, "Ann", student_cards(code, "Ann", experiment=first.id, already=0, count=10)
        )
        store.reset_class(code)
        assert store.current_experiment(code) is None
        second = store.start_experiment(code, "face value 8 or more")
        assert second.id != first.id
        assert student_cards(
            code, "Ann", experiment=second.id, already=0, count=10
        ) != student_cards(code, "Ann", experiment=first.id, already=0, count=10)
