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
    with pytest.raises(ClassCodeError, match="no class data on this computer"):
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


@pytest.mark.parametrize(
    ("lesson", "said"),
    [
        ("01_meet_the_deck", "**Our class:** 2 students drew 40 cards in all."),
        ("05_simulation", "**Our class:** 2 students drew 40 cards in all."),
    ],
)
def test_a_lesson_reads_its_class_from_the_app_by_name(
    lesson: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TEACHER line may name a class of the app (issue 13): the lesson shows the
    class's live draws ("Our class"), not the pretend class."""
    import json

    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    from xactika_edu.teaching.classdata.storedb import default_data_dir

    with ClassStore(default_data_dir()) as store:
        code, _ = store.create_class("Period 3")
        store.start_experiment(code, "face value 8 or more")
        for name, first in (("Ana", 0), ("Ben", 20)):
            store.join(code, name)
            store.record_draws(code, name, list(DECK)[first : first + 20])
    notebook = Path(__file__).resolve().parent.parent / "notebooks" / f"{lesson}.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    shown: list[str] = []
    names: dict[str, object] = {}
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        if source.startswith("CLASS_FILE = "):
            source = 'CLASS_FILE = "period 3"'
        names["Markdown"] = lambda text: shown.append(text) or text
        exec(compile(source, lesson, "exec"), names)
        if "**Our class" in "".join(shown) or "simulated class" in "".join(shown).lower():
            break
    assert said in "".join(shown)
