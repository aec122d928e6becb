"""``xactika-edu class``: create, list, export (formula-safe, atomic, never over a file
without --force), reset (asks first) and new-link, run through the command line."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from xactika_edu.base.errors import TeacherLinkError
from xactika_edu.core.cards import DECK
from xactika_edu.outputs.cli import main
from xactika_edu.teaching.classdata.class_results import load_class_results
from xactika_edu.teaching.classdata.class_summaries import example_scores
from xactika_edu.teaching.classdata.scoresheet import load_scores
from xactika_edu.teaching.classdata.store import ClassStore

NAMES = ("Zoë", "José", "=cmd|' /C calc'!A0", "@SUM(A1)")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with 'Period 3': 4 students, 10 draws and one game of 8 hands."""
    folder = tmp_path / "data"
    with ClassStore(folder, rng=random.Random(2)) as store:
        code = store.create_class("Period 3")[0]
        for name in NAMES:
            store.join(code, name)
        store.start_experiment(code)
        for n in range(10):
            store.record_draw(code, NAMES[n % 4], DECK[n * 8])
        game = store.new_game(code)
        sheet = example_scores(players=4, games=1, seed=4)
        for hand, rows in sheet.groupby("hand"):
            players = [NAMES[int(name.split()[1]) - 1] for name in rows["player"]]
            store.record_hand(
                code,
                game,
                hand,
                players,
                rows["bid"].tolist(),
                rows["tricks"].tolist(),
                rows["dealer"].tolist().index(True),
            )
    return folder


def _run(capsys, *args: object) -> tuple[int, str, str]:
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_create_prints_the_code_and_the_token_once(tmp_path, capsys):
    folder = tmp_path / "new"
    status, out, err = _run(capsys, "class", "create", "--class", "Period 5", "--data", folder)
    assert status == 0 and err == ""
    code = out.split("Class code for the students: ")[1].split()[0]
    token = out.split("Teacher token (secret; shown only now): ")[1].split()[0]
    with ClassStore(folder) as store:
        store.check_teacher(code, token)
    status, out, err = _run(capsys, "class", "create", "--class", "period 5", "--data", folder)
    assert status == 2 and out == ""
    assert f"already a class called 'Period 5': its class code is {code}" in err
    assert "class new-link" in err and token not in err
    status, _, err = _run(capsys, "class", "create", "--class", "", "--data", folder)
    assert status == 2 and "Type a class name" in err and "Traceback" not in err


def test_list_shows_each_class_with_its_counts(data, tmp_path, capsys):
    status, out, _ = _run(capsys, "class", "list", "--data", data)
    assert status == 0
    assert "Period 3: 4 students, 10 draws, 8 finished hands" in out
    status, out, _ = _run(capsys, "class", "list", "--data", tmp_path / "none")
    assert status == 0 and "No classes yet" in out
    assert not (tmp_path / "none").exists()  # listing creates nothing


def test_export_draws_is_formula_safe_and_loads_back(data, tmp_path, capsys):
    out_file = tmp_path / "draws.csv"
    status, out, err = _run(
        capsys,
        "class",
        "export",
        "--class",
        "period 3",
        "--what",
        "draws",
        "--out",
        out_file,
        "--data",
        data,
    )
    assert (status, err) == (0, "")
    assert "Wrote 10 draws of Period 3" in out
    text = out_file.read_text(encoding="utf-8-sig")
    assert "'=cmd" in text and "'@SUM" in text
    assert "\n=" not in text and "\n@" not in text
    loaded = load_class_results(out_file)
    with ClassStore(data) as store:
        pooled = store.draws(store.open_class("Period 3"))
    assert loaded["card"].tolist() == pooled["card"].tolist()
    assert loaded["student"].tolist()[:2] == ["Zoë", "José"]


def test_export_scores_round_trips_through_load_scores(data, tmp_path, capsys):
    out_file = tmp_path / "scores.csv"
    status, out, _ = _run(
        capsys,
        "class",
        "export",
        "--class",
        "Period 3",
        "--what",
        "scores",
        "--out",
        out_file,
        "--data",
        data,
    )
    assert status == 0 and "Wrote 8 finished hands of Period 3 (32 rows)" in out
    with ClassStore(data) as store:
        scores = store.scores(store.open_class("Period 3"))
    loaded = load_scores(out_file)
    assert loaded.equals(scores)
    assert "=cmd|' /C calc'!A0" in set(loaded["player"])  # read back as typed
    assert "'=cmd" in out_file.read_text(encoding="utf-8-sig")


def test_export_never_replaces_a_file_without_force(data, tmp_path, capsys):
    out_file = tmp_path / "draws.csv"
    out_file.write_text("the teacher's own notes\n")
    args = ["class", "export", "--class", "Period 3", "--what", "draws", "--out", out_file]
    status, _, err = _run(capsys, *args, "--data", data)
    assert status == 2 and "already exists: nothing was written. Add --force" in err
    assert out_file.read_text() == "the teacher's own notes\n"
    status, _, _ = _run(capsys, *args, "--data", data, "--force")
    assert status == 0 and load_class_results(out_file).shape[0] == 10
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no leftovers


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--class", "Period 9", "--what", "draws"], "there is no class called 'Period 9'"),
        (["--class", "Period 3", "--what", "draws", "--xlsx"], "must name a .csv file"),
    ],
)
def test_export_refusals_are_one_line(data, tmp_path, capsys, args, message):
    out_file = tmp_path / ("out.xlsx" if "--xlsx" in args else "out.csv")
    args = [arg for arg in args if arg != "--xlsx"]
    status, _, err = _run(capsys, "class", "export", *args, "--out", out_file, "--data", data)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not out_file.exists()


def test_export_of_an_empty_class_says_so(tmp_path, capsys):
    folder = tmp_path / "data"
    with ClassStore(folder) as store:
        store.create_class("Period 4")
    for what, words in (("draws", "no draws yet"), ("scores", "no finished hands yet")):
        status, _, err = _run(
            capsys,
            "class",
            "export",
            "--class",
            "Period 4",
            "--what",
            what,
            "--out",
            tmp_path / f"{what}.csv",
            "--data",
            folder,
        )
        assert status == 2 and words in err
    status, _, err = _run(
        capsys,
        "class",
        "export",
        "--class",
        "Period 4",
        "--what",
        "draws",
        "--out",
        tmp_path / "x.csv",
        "--data",
        tmp_path / "nothing",
    )
    assert status == 2 and "no classes in" in err


def test_reset_asks_first_and_deletes_only_on_yes(data, capsys, monkeypatch):
    for answer in ("no\n", "", "YES please\n"):
        monkeypatch.setattr("sys.stdin", io.StringIO(answer))
        status, out, _ = _run(capsys, "class", "reset", "--class", "Period 3", "--data", data)
        assert status == 0
        assert "Delete 10 draws and 8 finished hands of Period 3? Type yes" in out
        assert "Nothing was deleted." in out
    monkeypatch.setattr("sys.stdin", io.StringIO("yes\n"))
    status, out, _ = _run(capsys, "class", "reset", "--class", "Period 3", "--data", data)
    assert status == 0 and "Deleted 10 draws and 8 finished hands of Period 3." in out
    with ClassStore(data) as store:
        code = store.open_class("Period 3")
        assert store.draws(code).empty and store.scores(code).empty
        assert len(store.students(code)) == 4
    status, out, _ = _run(capsys, "class", "reset", "--class", "Period 3", "--data", data)
    assert status == 0 and "nothing to delete" in out


def test_reset_with_yes_does_not_ask(data, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, out, _ = _run(capsys, "class", "reset", "--class", "Period 3", "--yes", "--data", data)
    assert status == 0 and "Type yes" not in out and "Deleted 10 draws" in out


def test_new_link_replaces_the_teacher_token(data, capsys):
    with ClassStore(data) as store:
        code = store.open_class("Period 3")
    status, out, _ = _run(capsys, "class", "new-link", "--class", code, "--data", data)
    assert status == 0
    token = out.splitlines()[1].strip()
    with ClassStore(data) as store:
        store.check_teacher(code, token)
        with pytest.raises(TeacherLinkError):
            store.check_teacher(code, token[:-1])


def test_the_class_command_needs_an_action(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["class"])
    assert stop.value.code == 2
    assert "the following arguments are required: ACTION" in capsys.readouterr().err
