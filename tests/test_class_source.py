"""A lesson's TEACHER line names a CSV file or a class of the class server
(xactika_edu.teaching.classdata.classsource; issue 13, "Lessons 1, 3 and 5 can read the
pool")."""

from __future__ import annotations

from pathlib import Path

import pytest

from xactika_edu import DECK
from xactika_edu.base.errors import ClassCodeError, ClassError, ClassResultsError, XactikaError
from xactika_edu.teaching.classdata.class_results import load_class_results
from xactika_edu.teaching.classdata.classsource import class_results_from, class_scores_from
from xactika_edu.teaching.classdata.scoresheet import export_scores, load_scores
from xactika_edu.teaching.classdata.store import ClassStore


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    with ClassStore(data) as store:
        code, _ = store.create_class("Period 3")
        store.create_class("Period 5")
        for name in ("Ana", "Ben"):
            store.join(code, name)
        store.start_experiment(code, "face value 8 or more")
        store.record_draws(code, "Ana", ["3213", "1111", "3333"])
        store.record_draws(code, "Ben", ["2222"])
        game = store.new_game(code)
        store.record_hand(code, game, 1, ["Ana", "Ben"], [3, 4], [3, 5], dealer=1)
    return data


def test_a_class_name_or_code_reads_the_live_draws_in_the_file_format(folder: Path) -> None:
    results = class_results_from("period 3", data=folder)
    assert results["student"].tolist() == ["Ana", "Ana", "Ana", "Ben"]
    assert results["face value"].tolist() == [9, 4, 12, 8]
    assert results.attrs["source"] == "Period 3"
    with ClassStore(folder) as store:
        code = store.open_class("Period 3")
        store.record_draw(code, "Ben", "1112")
    # read again: the newest draws are there, by code too
    assert len(class_results_from(code, data=folder)) == 5


def test_a_file_is_read_first_with_all_its_checks(folder: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "our-draws.csv"
    sheet.write_text("student,activity,card\nZoe,draw,3213\n", encoding="utf-8")
    assert class_results_from(str(sheet), data=folder).equals(load_class_results(sheet))
    sheet.write_text("student,activity,card\nZoe,draw,3214\n", encoding="utf-8")
    with pytest.raises(ClassResultsError, match="line 2, column 'card'"):
        class_results_from(sheet, data=folder)


def test_no_file_and_no_class_names_the_classes_and_creates_nothing(
    folder: Path, tmp_path: Path
) -> None:
    with pytest.raises(ClassCodeError, match=r"no class called 'Period 4'.*Period 3, Period 5"):
        class_results_from("Period 4", data=folder)
    empty = tmp_path / "nothing-here"
    with pytest.raises(ClassCodeError, match=r"no class data in .*nothing-here\. .*--data DIR"):
        class_scores_from("Period 3", data=empty)
    assert not empty.exists()
    with pytest.raises(ClassError, match="Period 5 has no draws yet"):
        class_results_from("Period 5", data=folder)
    with pytest.raises(ClassError, match="Period 5 has no finished hand yet"):
        class_scores_from("Period 5", data=folder)
    for bad in ("", "   ", None, 3):
        with pytest.raises(XactikaError, match="file name or a class name"):
            class_results_from(bad, data=folder)  # type: ignore[arg-type]


def test_a_class_s_finished_hands_read_as_the_score_sheet(folder: Path, tmp_path: Path) -> None:
    scores = class_scores_from("Period 3", data=folder)
    assert scores["player"].tolist() == ["Ana", "Ben"]
    assert scores["score"].tolist() == [3, -1]
    sheet = tmp_path / "scores.csv"
    export_scores(scores, sheet)
    assert class_scores_from(sheet, data=folder)["score"].tolist() == [3, -1]
    assert load_scores(sheet)["player"].tolist() == ["Ana", "Ben"]


def _run_core(lesson: str, class_file: str) -> str:
    """Every code cell of a lesson's core run with the TEACHER line set to ``class_file``;
    returns the Markdown it showed (a cell that raises fails the test)."""
    import json

    import matplotlib

    matplotlib.use("Agg")
    notebook = Path(__file__).resolve().parent.parent / "notebooks" / f"{lesson}.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    shown: list[str] = []
    names: dict[str, object] = {}
    for cell in cells:
        if "going-further" in cell["metadata"].get("tags", []):
            break
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        if source.startswith("CLASS_FILE = "):  # the TEACHER line, and what follows it
            source = f"CLASS_FILE = {class_file!r}\n" + source.partition("\n")[2]
        names["Markdown"] = lambda text: shown.append(str(text)) or text
        exec(compile(source, lesson, "exec"), names)
    import matplotlib.pyplot as plt

    plt.close("all")
    return "\n".join(shown)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lesson", "said"),
    [
        ("01_meet_the_deck", "**Our class:** 2 students drew 40 cards in all."),
        ("03_bell_curves", "**Our class:** 2 students drew 4 cards each (their first 4)."),
        ("05_simulation", "**Our class:** 2 students drew 40 cards in all."),
    ],
)
def test_a_lesson_runs_on_its_class_from_the_app_by_name(
    lesson: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TEACHER line may name a class of the app (issue 13): the whole core runs on
    the class's live draws ("Our class"), not the pretend class."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    from xactika_edu.teaching.classdata.storedb import default_data_dir

    with ClassStore(default_data_dir()) as store:
        code, _ = store.create_class("Period 3")
        store.start_experiment(code, "face value 8 or more")
        for name, first in (("Ana", 0), ("Ben", 20)):
            store.join(code, name)
            store.record_draws(code, name, list(DECK)[first : first + 20])
    assert said in _run_core(lesson, "period 3")


@pytest.mark.slow
def test_lesson_5_runs_on_a_class_file_of_dice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 17 (a teacher): with a real class file of dice rows the class graph raised
    KeyError 'activity' and Run All stopped before check 3."""
    sheet = tmp_path / "our-rolls.csv"
    rows = [
        f"{name},dice,{card}"
        for i, card in enumerate(list(DECK)[:40])
        for name in ["Ana" if i % 2 else "Ben"]
    ]
    sheet.write_text("student,activity,card\n" + "\n".join(rows) + "\n", encoding="utf-8")
    shown = _run_core("05_simulation", str(sheet))
    assert "**Our class:** 2 students rolled 40 cards in all." in shown
    assert "The law of large numbers" in shown or "After 10 rolls" in shown


@pytest.mark.slow
def test_lesson_7_runs_on_its_class_s_hands_from_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lesson 7's CLASS_FILE may name the app's class: the hands students played at
    class tables are the class's results."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    from xactika_edu.teaching.classdata.storedb import default_data_dir

    with ClassStore(default_data_dir()) as store:
        code, _ = store.create_class("Period 3")
        for name in ("Ana", "Ben", "Cy", "Dee"):
            store.join(code, name)
        game = store.new_game(code)
        for hand, (bids, tricks) in enumerate(
            [([2, 3, 1, 1], [2, 3, 2, 1]), ([1, 2, 2, 2], [1, 2, 4, 1])], start=1
        ):
            store.record_hand(code, game, hand, ["Ana", "Ben", "Cy", "Dee"], bids, tricks, 3)
    shown = _run_core("07_play_and_reflect", "Period 3")
    assert "These are our class's results." in shown


@pytest.mark.slow
def test_lesson_3_takes_each_students_first_4_draws_from_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review r1 (a teacher, issue 13): Lesson 3 stopped with "size must be from 1 to
    100, got 110" once students had drawn 110 cards each in the app. A sample is 4 cards,
    as in Lesson 1: each student's first 4."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    from xactika_edu.teaching.classdata.storedb import default_data_dir

    with ClassStore(default_data_dir()) as store:
        code, _ = store.create_class("Period 3")
        store.start_experiment(code, "face value 8 or more")
        for name, first in (("Ana", 0), ("Ben", 30)):
            store.join(code, name)
            store.record_draws(code, name, (list(DECK) * 3)[first : first + 110])
    shown = _run_core("03_bell_curves", "Period 3")
    assert "**Our class:** 2 students drew 4 cards each (their first 4)." in shown
