"""The app in class mode without a browser: ``xactika-edu app --class``, the join form,
the class experiment on a student's page, the teacher page and its token, set-ups in
the link. The pages are rendered with Solara's own test renderer (``solara.render``)
and driven by setting values and clicking, as a browser would."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import ipywidgets as widgets
import pytest
from conftest import free_port, quiet_env

solara = pytest.importorskip("solara", reason="Solara is missing")
v = pytest.importorskip("ipyvuetify")

solara_widgets = pytest.importorskip("solara.widgets")

from xactika_edu.base.errors import TeacherLinkError, XactikaError  # noqa: E402
from xactika_edu.outputs.classcommands import run_class_command  # noqa: E402
from xactika_edu.outputs.cli import main  # noqa: E402
from xactika_edu.teaching.classdata.class_results import load_class_results  # noqa: E402
from xactika_edu.teaching.classdata.livepool import (  # noqa: E402
    class_frequency_graph,
    draws_csv,
    student_cards,
)
from xactika_edu.teaching.classdata.store import ClassStore  # noqa: E402
from xactika_edu.ui.app import classsetup, open_class, studentpage, teacherpage  # noqa: E402
from xactika_edu.ui.app.classroom import TeacherDesk, join_class  # noqa: E402
from xactika_edu.ui.app.linksetup import DEFAULT_PLAYERS, LinkSetup, read_link  # noqa: E402
from xactika_edu.ui.app.page import Page, build_page  # noqa: E402

# --- helpers ----------------------------------------------------------------------------


@pytest.fixture
def room(tmp_path, monkeypatch):
    """A served class "Period 3" in a fresh data folder: (store, code, token)."""
    for name in (classsetup.CLASS_VARIABLE, classsetup.DATA_VARIABLE):
        monkeypatch.delenv(name, raising=False)
    links = open_class("Period 3", tmp_path / "data")  # sets the two variables
    store = classsetup.shared_store(str(tmp_path / "data"))
    monkeypatch.setattr(studentpage, "POLL_SECONDS", 0.05)
    monkeypatch.setattr(teacherpage, "LIVE_SECONDS", 0.05)
    yield store, links.code, links.token
    for name in (classsetup.CLASS_VARIABLE, classsetup.DATA_VARIABLE):
        monkeypatch.delenv(name, raising=False)


def render(search: str = ""):
    """The app's page as a visitor with this query string sees it: Solara's render context."""
    page = solara.RoutingProvider(
        children=[Page()], routes=[solara.Route("/")], pathname="/" + search
    )
    _, context = solara.render(page, handle_error=False)
    return context


def html(context, css: str) -> list[str]:
    """The HTML of the page's parts with this CSS class."""
    return [
        part.unsafe_innerHTML
        for part in context.find(solara_widgets.HTML).widgets
        if css in (part.attributes or {}).get("class", "").split()
    ]


def buttons(context) -> list[str]:
    return [str(b.children[0]) for b in context.find(v.Btn).widgets if b.children]


def alerts(context) -> list[str]:
    return [str(a.children[0]) for a in context.find(v.Alert).widgets if a.children]


def join(context, name: str, code: str | None = None) -> None:
    if code is not None:
        context.find(v.TextField, label="Class code").widget.v_model = code
    context.find(v.TextField, label="Your first name").widget.v_model = name
    context.find(v.Btn, children=["Join"]).widget.click()


def wait_until(check, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


TEACHER_ACTIONS = ("Start experiment", "Stop experiment", "Reset the class's data")


# --- set-ups in the link ------------------------------------------------------------------


def test_a_link_sets_the_seed_players_and_face_values():
    page = build_page(read_link("seed=12&players=5&faces=8-12"))
    hand, table, deck = (c for c in page.children if type(c).__name__ != "HTML")
    assert (hand.seed, hand.players) == (12, 5)
    assert len(table.names) == 5
    assert deck.values.value == (8, 12)
    assert all(card.value >= 8 for card in deck.selection)
    # the same link gives every student the same deal
    again = build_page(read_link("seed=12&players=5"))
    assert list(again.children[3].hand) == list(hand.hand)


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("seed=-1", "seed '-1' is not a whole number"),
        ("seed=banana", "seed 'banana'"),
        ("seed=" + "9" * 40, "is not a whole number"),
        ("players=11", "11 players: use 2 to 10"),
        ("players=1", "1 players: use 2 to 10"),
        ("players=five", "'five': use 2 to 10"),
        ("faces=3", "face values '3'"),
        ("faces=12-8", "face values '12-8'"),
        ("faces=<script>", "face values '<script>'"),
    ],
)
def test_a_bad_link_value_gives_a_message_and_the_default(query, words):
    setup = read_link(query)
    assert len(setup.problems) == 1 and words in setup.problems[0]
    assert (setup.seed, setup.players, setup.faces) == (None, DEFAULT_PLAYERS, None)
    page = build_page(setup)
    notice = [c for c in page.children if "xe-link-problems" in c._dom_classes]
    assert len(notice) == 1 and "<script>" not in notice[0].value
    assert page.children[-1].values.value == (4, 12)


def test_the_link_reader_never_raises():
    rng = random.Random(13)
    alphabet = "seedplayrfc=&%-0123456789 <>'\"\u202e\x00"
    for _ in range(500):
        query = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        setup = read_link(query)
        assert isinstance(setup, LinkSetup)
    assert read_link("x" * 100_000).problems == ()


# --- xactika-edu app --class ----------------------------------------------------------------


def _start_and_read(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    log = tmp_path / f"app-{port}.log"
    command = [sys.executable, "-m", "xactika_edu.outputs.cli", "app", f"--port={port}"]
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [*command, "--no-browser", *args],
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=quiet_env(tmp_path),
        )
    deadline = time.monotonic() + 60
    while "Press Ctrl-C" not in log.read_text():
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)
    return process, log.read_text()


def test_app_class_prints_the_code_the_student_address_and_a_new_teacher_link(tmp_path):
    data = tmp_path / "data"
    tokens = []
    for _ in range(2):
        process, output = _start_and_read(tmp_path, "--class", "Period 3", "--data", str(data))
        try:
            code = re.search(r"Class code for the students: (\w+)", output).group(1)
            student = re.search(r"Students open: (\S+)", output).group(1)
            teacher = re.search(r"Teacher link \(keep it secret.*\): (\S+)", output).group(1)
            assert student.endswith(f"/?class={code}")
            tokens.append(teacher.split("?token=")[1])
            assert "Class: Period 3" in output and "Traceback" not in output
            assert "for students' computers, start with --ip 0.0.0.0." in output
        finally:
            process.terminate()
            process.wait(timeout=30)
    with ClassStore(data) as store:
        assert [room.name for room in store.classes()] == ["Period 3"]  # opened, not made twice
        store.check_teacher(code, tokens[1])
        with pytest.raises(TeacherLinkError):  # the old link stopped working
            store.check_teacher(code, tokens[0])


def test_app_help_offers_class_and_data(capsys):
    with pytest.raises(SystemExit):
        main(["app", "--help"])
    text = capsys.readouterr().out
    assert "--class NAME" in text and "--data DATA" in text and "teacher link" in text


def test_app_class_with_a_bad_name_is_a_one_line_error(capsys, tmp_path):
    assert main(["app", "--class", " ", "--data", str(tmp_path), "--no-browser"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("xactika-edu: error: ") and error.count("\n") == 1


def test_the_class_reaches_the_pages_by_two_environment_variables(tmp_path):
    env = classsetup.class_environment("7NX6HJ", tmp_path)
    assert classsetup.served_class(env) == classsetup.ServedClass("7NX6HJ", str(tmp_path))
    assert classsetup.served_class({}) is None


# --- joining --------------------------------------------------------------------------------


def test_bad_joins_get_the_stores_plain_messages(room):
    store, code, _ = room
    other, _ = store.create_class("Period 4")
    cases = {
        "NOPE99": ("Ann", "There is no class with the code 'NOPE99'"),
        other: ("Ann", "is another class's code"),
        code: ("", "Type your first name to join."),
    }
    for typed, (name, words) in cases.items():
        with pytest.raises(XactikaError, match=re.escape(words)):
            join_class(store, code, typed, name)
    with pytest.raises(XactikaError, match="That name is too long: 200 characters"):
        join_class(store, code, code, "x" * 200)
    join_class(store, code, code, "Zoë")
    with pytest.raises(XactikaError, match="already called 'Zoë'"):
        join_class(store, code, code.lower(), "ZOË")


def test_the_join_form_shows_each_problem_on_the_page(room):
    store, code, _ = room
    zoe = render(f"?class={code}")  # Zoë's page stays open
    join(zoe, "Zoë")
    page = render(f"?class={code.lower()}")
    assert page.find(v.TextField, label="Class code").widget.v_model == code.lower()
    for typed, name, words in [
        ("NOPE99", "Ann", "There is no class with the code"),
        (code, "", "Type your first name"),
        (code, "x" * 200, "too long: 200 characters"),
        (code, "zoë", "is on another computer right now"),  # Zoë's page is open
    ]:
        join(page, name, typed)
        assert len(alerts(page)) == 1 and words in alerts(page)[0], alerts(page)
        assert "Traceback" not in alerts(page)[0]
        assert not html(page, "xe-joined")
    join(page, "Ann", code)
    assert html(page, "xe-joined") == ["You joined Period 3 as Ann."]
    assert store.students(code) == ["Zoë", "Ann"]
    assert not set(buttons(page)) & set(TEACHER_ACTIONS)
    page.close()
    zoe.close()


def test_a_student_whose_page_closed_joins_again_and_carries_on(room):
    """A reload, a lost page or an app restarted: the same name again, the same draws
    going on; while the first page is open, another browser cannot take the name."""
    store, code, token = room
    experiment = TeacherDesk(store, code, token).start()
    first = render(f"?class={code}")
    join(first, "Ann")
    first.find(v.Btn, children=["Draw 10"]).widget.click()
    other = render(f"?class={code}")
    join(other, "ANN")
    assert "on another computer right now" in alerts(other)[0] and not html(other, "xe-joined")
    assert "first letter" not in alerts(other)[0]  # never advise a new name for a held one
    first.close()  # the page is gone (its kernel closed)
    join(other, "ann")
    assert html(other, "xe-joined") == ["You joined Period 3 as Ann."]
    assert html(other, "xe-tally")[0].startswith("You drew 10 cards.")
    other.find(v.Btn, children=["Draw 1"]).widget.click()
    expected = student_cards(code, "Ann", experiment=experiment.id, already=0, count=11)
    assert list(store.draws(code)["card"]) == expected
    assert store.students(code) == ["Ann"]
    other.close()


# --- the class experiment on a student's page ----------------------------------------------


def test_a_students_page_sees_the_experiment_start_and_records_predictable_draws(room):
    store, code, token = room
    page = render(f"?class={code}")
    join(page, "Ann")
    assert "No class experiment is running now" in html(page, "xe-waiting")[0]
    assert "Draw 1" not in buttons(page)
    experiment = TeacherDesk(store, code, token).start("3 cubes")  # from another page
    page.find(v.Btn, children=["Draw 10"]).wait_for(timeout=10)
    assert "Does it have 3 cubes?" in html(page, "xe-event")[0]
    page.find(v.Btn, children=["Draw 10"]).widget.click()
    page.find(v.Btn, children=["Draw 1"]).widget.click()
    expected = student_cards(code, "Ann", experiment=experiment.id, already=0, count=11)
    drawn = store.draws(code)
    assert list(drawn["card"]) == expected and set(drawn["student"]) == {"Ann"}
    hits = sum(card.has("3 cubes") for card in expected)
    assert html(page, "xe-tally") == [f"You drew 11 cards. {hits} of them had 3 cubes."]
    # cards go back: after 101 draws some card came twice, and the page still shows them
    for _ in range(9):
        page.find(v.Btn, children=["Draw 10"]).widget.click()
    expected = student_cards(code, "Ann", experiment=experiment.id, already=0, count=100)
    expected += student_cards(code, "Ann", experiment=experiment.id, already=100, count=1)
    assert list(store.draws(code)["card"]) == expected and len(set(expected)) < 101
    assert html(page, "xe-tally")[0].startswith("You drew 101 cards.")
    assert html(page, "xe-drawn")[0].count("<svg") == 10 and not alerts(page)
    TeacherDesk(store, code, token).stop()
    wait_until(lambda: bool(html(page, "xe-waiting")))
    assert "Draw 1" not in buttons(page)
    page.close()


def test_a_draw_after_the_experiment_stopped_is_a_plain_message(room, monkeypatch):
    store, code, token = room
    monkeypatch.setattr(studentpage, "POLL_SECONDS", 60)  # the page has not looked yet
    TeacherDesk(store, code, token).start()
    page = render(f"?class={code}")
    join(page, "Ann")
    TeacherDesk(store, code, token).stop()
    page.find(v.Btn, children=["Draw 1"]).widget.click()
    assert alerts(page) == ["No experiment is running. Wait for your teacher to start one."]
    assert store.draws(code).empty
    page.close()


def test_a_draw_after_the_teacher_started_another_experiment_shows_that_one(room, monkeypatch):
    store, code, token = room
    monkeypatch.setattr(studentpage, "POLL_SECONDS", 60)  # the page has not looked yet
    TeacherDesk(store, code, token).start("face value 8 or more")
    page = render(f"?class={code}")
    join(page, "Ann")
    page.find(v.Btn, children=["Draw 1"]).widget.click()
    second = TeacherDesk(store, code, token).start("3 cubes")
    page.find(v.Btn, children=["Draw 10"]).widget.click()
    assert "Does it have 3 cubes?" in html(page, "xe-event")[0]
    assert html(page, "xe-tally")[0].startswith("You drew 10 cards.")
    expected = student_cards(code, "Ann", experiment=second.id, already=0, count=10)
    assert list(store.draws(code, second.id)["card"]) == expected
    page.close()


# --- the teacher's token --------------------------------------------------------------------


@pytest.mark.parametrize("search", ["", "?token=", "?token=wrong", "?class=X&token=%00"])
def test_a_student_page_has_no_teacher_action(room, search):
    page = render(search)
    assert not set(buttons(page)) & set(TEACHER_ACTIONS)
    assert not page.find(solara.components.file_download.FileDownloadWidget).widgets
    if "token" in search:
        assert alerts(page) == [teacherpage.NOT_VALID]
    page.close()


def test_every_teacher_action_checks_the_token_on_the_server(room):
    store, code, token = room
    _, other_token = store.create_class("Period 4")
    store.join(code, "Ann")
    TeacherDesk(store, code, token).start()
    store.record_draw(code, "Ann", "3213")
    before = (store.classes(), store.current_experiment(code), len(store.draws(code)))
    for wrong in (None, "", "wrong", token.upper(), other_token, 12, token + " "):
        desk = TeacherDesk(store, code, wrong)
        for action in (
            desk.start,
            desk.stop,
            desk.reset,
            desk.pool,
            desk.version,
            desk.draws_file,
            desk.scores_file,
            desk.class_name,
        ):
            with pytest.raises(TeacherLinkError, match="This teacher link is not right"):
                action()
    assert (store.classes(), store.current_experiment(code), len(store.draws(code))) == before
    with pytest.raises(TeacherLinkError):  # another class's own token is not this class's
        TeacherDesk(store, code, other_token).reset()


def test_a_teacher_page_whose_link_was_replaced_stops(room):
    store, code, token = room
    page = render(f"?token={token}")
    assert "Start experiment" in buttons(page)
    store.new_teacher_token(code)
    wait_until(lambda: alerts(page) == [teacherpage.NOT_VALID])
    assert "Start experiment" not in buttons(page)
    page.close()


# --- the teacher page -----------------------------------------------------------------------


def test_the_teacher_page_runs_an_experiment_live_then_exports_and_resets(room):
    store, code, token = room
    teacher = render(f"?token={token}")
    assert html(teacher, "xe-class-info") == [
        f"Class code for the students: {code}. 0 students joined."
    ]
    assert "No experiment yet" in html(teacher, "xe-live")[0]
    assert teacher.find(widgets.Dropdown, description="Event to count").widget.value == (
        "face value 8 or more"
    )
    students = []
    for name in ("Ann", "Ben", "Cy"):
        page = render(f"?class={code}")
        join(page, name)
        students.append(page)
    teacher.find(v.Btn, children=["Start experiment"]).widget.click()
    for clicks, page in enumerate(students, start=1):
        page.find(v.Btn, children=["Draw 10"]).wait_for(timeout=10)
        for _ in range(clicks):
            page.find(v.Btn, children=["Draw 10"]).widget.click()
    wait_until(lambda: "60 draws" in html(teacher, "xe-live")[0])
    live = html(teacher, "xe-live")[0]
    assert "Exact probability: 50/81 ≈ 62%" in live
    assert live.count("<svg") == 2 and "our class: 60 draws" in live
    counts = html(teacher, "xe-counts-box")[0]
    successes = store.student_counts(code)["successes"]
    for name, draws in (("Ann", 10), ("Ben", 20), ("Cy", 30)):
        assert f"<th scope='row'>{name}</th><td>{draws}</td><td>{successes[name]}</td>" in counts
    # the download is the same file `xactika-edu class export --what draws` writes
    download = teacher.find(solara.components.file_download.FileDownloadWidget).widget
    assert download.filename == "period-3-draws.csv"
    out = room[0].path + ".draws.csv"
    run_class_command(
        "export", data=Path(store.path).parent, name=code, what="draws", out=Path(out)
    )
    assert TeacherDesk(store, code, token).draws_file() == Path(out).read_bytes()
    # stop, then reset: it asks first, Cancel keeps everything
    teacher.find(v.Btn, children=["Stop experiment"]).widget.click()
    wait_until(lambda: store.current_experiment(code) is None)

    def asked() -> list[str]:
        """The reset question, pressing Reset again if a live redraw took the click."""
        if not html(teacher, "xe-reset-question"):
            teacher.find(v.Btn, children=["Reset the class's data"]).widget.click()
        return html(teacher, "xe-reset-question")

    wait_until(asked, timeout=30)
    (question,) = html(teacher, "xe-reset-question")
    assert question.startswith("Delete 60 draws and 0 finished hands of Period 3?")
    teacher.find(v.Btn, children=["Cancel"]).widget.click()
    wait_until(lambda: "Yes, delete them" not in buttons(teacher))
    assert len(store.draws(code)) == 60
    wait_until(asked, timeout=30)
    teacher.find(v.Btn, children=["Yes, delete them"]).widget.click()
    wait_until(lambda: store.draws(code).empty)
    assert store.draws(code).empty and store.students(code) == ["Ann", "Ben", "Cy"]
    for page in (teacher, *students):
        page.close()


# --- the pool's graphs and files -----------------------------------------------------------


def test_the_draws_file_is_formula_safe_and_reads_back(room):
    store, code, token = room
    store.join(code, "=HYPERLINK(1)")
    TeacherDesk(store, code, token).start()
    store.record_draws(code, "=HYPERLINK(1)", ["3213", "1111"])
    data = draws_csv(store.draws(code))
    assert b"\n=HYPERLINK" not in data
    path = Path(store.path).parent / "back.csv"
    path.write_bytes(data)
    back = load_class_results(path)
    assert list(back["student"]) == ["=HYPERLINK(1)"] * 2
    assert [str(card) for card in back["card"]] == ["3213", "1111"]


def test_the_class_line_graph_names_the_class_and_the_exact_probability(room):
    from matplotlib.figure import Figure

    store, code, token = room
    store.join(code, "Ann")
    TeacherDesk(store, code, token).start()
    store.record_draws(code, "Ann", ["3213", "1111", "3333"])
    ax = class_frequency_graph(store.running_frequency(code), ax=Figure().subplots())
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["our class: 3 draws", "exact probability: 50/81 ≈ 62%"]
    assert list(ax.get_lines()[0].get_ydata()) == [1.0, 0.5, 2 / 3]


def test_the_scores_download_is_the_file_class_export_writes(room):
    store, code, token = room
    game = store.new_game(code)
    store.record_hand(code, game, 1, ["Ana", "Ben", "Dee"], [2, 3, 2], [2, 4, 2], 0)
    teacher = render(f"?token={token}")
    downloads = teacher.find(solara.components.file_download.FileDownloadWidget).widgets
    assert [d.filename for d in downloads] == ["period-3-scores.csv"]  # no draws yet
    out = Path(store.path).parent / "scores.csv"
    run_class_command("export", data=out.parent, name=code, what="scores", out=out)
    assert TeacherDesk(store, code, token).scores_file() == out.read_bytes()
    with pytest.raises(XactikaError, match="no draws yet"):
        TeacherDesk(store, code, token).draws_file()
    teacher.close()
