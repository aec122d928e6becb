"""Issue 13 review r1 (class mode): fast checks of what the reviewers found."""

from __future__ import annotations

import test_app_class

from xactika_edu.ui.app import ClassLinks, student_lines

room = test_app_class.room  # the served class fixture

LOCAL_ONLY = (
    "Only this computer can open these addresses; for students' computers, start with --ip 0.0.0.0."
)


def test_a_class_on_this_computer_only_says_how_to_reach_students_computers() -> None:
    links = ClassLinks("Period 3", "ABC123", "secret")
    url = "http://127.0.0.1:8866/"
    lines = student_lines(url, "127.0.0.1", (), links)
    assert lines == [f"Students open: {url}?class=ABC123", LOCAL_ONLY]
    shared = student_lines("http://vm:8866/", "0.0.0.0", ("http://192.0.2.2:8866/",), links)
    assert LOCAL_ONLY not in shared and len(shared) == 2
    assert LOCAL_ONLY not in student_lines(url, "127.0.0.1")  # the solo app
    assert LOCAL_ONLY not in student_lines(url, "127.0.0.1", (), links, behind=True)


def test_the_deck_pies_say_what_their_percents_are_of() -> None:
    from matplotlib.figure import Figure

    from xactika_edu.core.cards import DECK
    from xactika_edu.teaching.plots.deck import shape_count_pie_chart, value_pie_chart

    some = [card for card in DECK if card.value >= 8 and card.count("cubes") == 3]
    ax = value_pie_chart(some, ax=Figure().subplots())
    assert ax.get_xlabel().endswith(f"(percent of these {len(some)} cards).")
    label = next(t.get_text() for t in ax.texts if t.get_text().startswith("8:"))
    eights = sum(card.value == 8 for card in some)
    assert label.endswith(f"({round(100 * eights / len(some))}%)")  # of these, not of 81
    assert (
        value_pie_chart(ax=Figure().subplots()).get_xlabel().endswith("(percent of all 81 cards).")
    )
    ax = shape_count_pie_chart("cubes", some[:5], ax=Figure().subplots())
    assert ax.get_xlabel().endswith("(percent of these 5 cards).")


ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def _section(path: str, title: str) -> str:
    """The section ``title`` of a Markdown file, up to the next heading of its level or
    above, with its lines joined by single spaces."""
    import re

    text = (ROOT / path).read_text(encoding="utf-8")
    start = text.index(title)
    level = len(title) - len(title.lstrip("#"))
    found = re.compile(rf"\n#{{1,{level}}} ").search(text, start + len(title))
    return " ".join(text[start : found.start() if found else None].split(" ")).replace("\n", " ")


def test_running_a_class_starts_with_ip_for_students_computers() -> None:
    for path, title in [
        ("README.md", "### Running a class"),
        ("docs/teacher-guide.md", "## Running a class"),
    ]:
        section = _section(path, title)
        assert 'xactika-edu app --class "Period 3" --ip 0.0.0.0' in section, path
        assert "network you trust" in section and LOCAL_ONLY in section, path
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "source .venv" not in readme
    for title in ("### Print worksheets", "### The class store", "## Student app"):
        before = _section("README.md", title).split("```")[0]
        assert ". .venv/bin/activate" in before and ".venv\\Scripts\\activate" in before, title


def test_the_seed_sentence_says_each_table_deals_its_own_hands() -> None:
    from xactika_edu.ui.app.tableroom import table_seed

    assert table_seed(12, 1) != table_seed(12, 2)  # so the guide must not say "the same deals"
    guide = _section("docs/teacher-guide.md", "### Students play each other")
    assert "every table to get the same deals" not in guide
    assert "each table its" in guide and "every time" in guide


def test_lesson_7_marks_its_class_line_for_the_teacher_and_the_guide_says_so() -> None:
    import json

    cells = json.loads((ROOT / "notebooks/07_play_and_reflect.ipynb").read_text())["cells"]
    line = "".join(cells[16]["source"]).splitlines()[0]
    assert line.startswith("CLASS_FILE = ") and "# TEACHER: your class's file" in line
    collecting = _section("docs/teacher-guide.md", "## Collecting class data")
    assert '"Period 3"' in collecting
    ready = _section("docs/teacher-guide.md", "## Getting ready")
    assert "with no code on it" not in ready and "a few one-line examples" in ready


def test_the_readme_no_longer_says_hands_are_not_collected() -> None:
    assert "finished hands are not collected" not in (ROOT / "README.md").read_text()


# --- joining: Enter, and a name held by a closed page -----------------------------------


def test_enter_in_the_name_field_joins(room) -> None:
    import ipyvue as vue
    from test_app_class import html, render

    _, code, _ = room
    page = render(f"?class={code}")
    field = page.find(vue.VueWidget, label="Your first name").widget
    field.v_model = "Ann"
    field.fire_event("keyup.enter", "Ann")
    assert html(page, "xe-joined") == ["You joined Period 3 as Ann."]
    page.close()


def test_a_name_held_only_by_a_closed_page_is_free_at_once() -> None:
    from xactika_edu.ui.app.classroom import NameHolders

    holders = NameHolders()
    tabs = ["connected"]
    assert holders.claim("7NX6HJ", "Sam", page="k1", browser="b1", statuses=lambda: tabs)
    assert not holders.claim("7NX6HJ", "Sam", page="k2", browser="b2")  # open elsewhere
    tabs[:] = ["closed"]  # Sam closed his browser: seen at once, not after 10 minutes
    assert holders.claim("7NX6HJ", "Sam", page="k2", browser="b2")


def test_a_name_open_on_another_computer_says_so_and_never_to_add_a_letter(room) -> None:
    from xactika_edu.base.errors import StudentNameError
    from xactika_edu.ui.app.classroom import NameHolders, join_class

    store, code, _ = room
    holders = NameHolders()
    join_class(store, code, code, "Sam", page="k1", browser="b1", holders=holders)
    try:
        join_class(store, code, code, "sam", page="k2", browser="b2", holders=holders)
    except StudentNameError as error:
        assert str(error) == (
            "Someone with this name is on another computer right now. "
            "If this is you, close that page first."
        )
    else:
        raise AssertionError("the name was taken while its page is open")


def test_the_teacher_page_says_the_draws_file_holds_every_experiment(room) -> None:
    import io

    from test_app_class import html, render

    from xactika_edu.teaching.classdata.class_results import load_class_results
    from xactika_edu.ui.app.classroom import TeacherDesk, join_class

    store, code, token = room
    desk = TeacherDesk(store, code, token)
    ann = join_class(store, code, code, "Ann")
    desk.start()
    ann.draw(3)
    desk.start("3 cubes")
    ann.draw(2)
    teacher = render(f"?token={token}")
    (note,) = html(teacher, "xe-draws-note")
    assert "every experiment" in note
    assert len(load_class_results(io.StringIO(desk.draws_file().decode()))) == 5
    teacher.close()


def test_the_server_log_never_counts_a_teacher_page_as_a_student_page() -> None:
    from xactika_edu.ui.app.guard import PageCount

    said: list[str] = []
    count = PageCount(said.append)
    count.connect("teacher"), count.connect("ann"), count.disconnect("teacher")
    assert said == ["A page opened (1 open).", "A page opened (2 open).", "A page closed (1 open)."]
    assert not any("student" in line for line in said)
