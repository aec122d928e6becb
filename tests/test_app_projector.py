"""The projector view (``?class=CODE&view=projector``) without a browser: the class's
name, code and address in large type and the teacher page's live graphs and counts,
with no control and no token; a wrong link gets one plain sentence. Rendered with
Solara's test renderer, as in test_app_class.py."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

solara = pytest.importorskip("solara", reason="Solara is missing")
v = pytest.importorskip("ipyvuetify")

import ipywidgets as widgets  # noqa: E402
import test_app_class  # noqa: E402
from test_app_class import alerts, buttons, html, join, render, wait_until  # noqa: E402

from xactika_edu.ui.app import classsetup, projectorpage, teacherpage  # noqa: E402
from xactika_edu.ui.app.classroom import ClassWatch, TeacherDesk, watch_class  # noqa: E402
from xactika_edu.ui.app.linksetup import page_url, projector_link, read_link  # noqa: E402

solara_widgets = pytest.importorskip("solara.widgets")


room = test_app_class.room  # the served class fixture: (store, code, token)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """The projector looks for changes every 0.05 s, as the teacher page does in tests."""
    monkeypatch.setattr(projectorpage, "LIVE_SECONDS", 0.05)


def everything(context) -> str:
    """All the text and HTML the page holds (its HTML parts, alerts, titles, fields)."""
    parts = [part.unsafe_innerHTML or "" for part in context.find(solara_widgets.HTML).widgets]
    parts += alerts(context) + buttons(context)
    parts += [str(field.v_model) for field in context.find(v.TextField).widgets]
    return "\n".join(parts)


#: The one control a projector page has: its language switch (issue 14).
LANGUAGE_SWITCH = ["English", "Español"]


def no_control(context) -> bool:
    """Whether the page has nothing a visitor could press, choose, type in or download
    but the language switch."""
    others = [
        b for b in context.find(v.Btn).widgets if "xe-language" not in (b.class_ or "").split()
    ]
    return buttons(context) == LANGUAGE_SWITCH and not (
        others
        or context.find(v.TextField).widgets
        or context.find(widgets.Dropdown).widgets
        or context.find(solara.components.file_download.FileDownloadWidget).widgets
    )


# --- the link -------------------------------------------------------------------------------


def test_a_projector_link_asks_for_the_projector_view():
    setup = read_link("class=7NX6HJ&view=Projector")
    assert setup.projector and setup.class_code == "7NX6HJ" and setup.problems == ()
    assert read_link(projector_link("7NX6HJ")[1:]) == setup
    assert not read_link("class=7NX6HJ").projector
    other = read_link("view=slides")
    assert not other.projector
    assert other.problems == (
        "The link's view 'slides' is not one the app has (view=projector is). "
        "Showing the usual page.",
    )


@pytest.mark.parametrize(
    ("headers", "root", "url"),
    [
        ({"origin": ["http://laptop:8866"], "host": ["other:1"]}, "", "http://laptop:8866/"),
        ({"origin": ["http://[::1]:8866"]}, "", "http://[::1]:8866/"),
        ({"host": ["192.0.2.7:8866"]}, "", "http://192.0.2.7:8866/"),
        (
            {"x-forwarded-proto": ["https"], "x-forwarded-host": ["hub.school"], "host": ["x"]},
            "/user/ana/xactika-class/",
            "https://hub.school/user/ana/xactika-class/",
        ),
        ({"origin": ["https://hub.school"]}, "/user/../etc", "https://hub.school/"),
        ({"host": ["evil.example/<script>"]}, "", None),
        ({"origin": ["javascript://x"]}, "", None),
        ({}, "", None),
        (None, "", None),
    ],
)
def test_the_students_address_is_the_one_the_browser_reached(headers, root, url):
    assert page_url(headers, root) == url


# --- the page -------------------------------------------------------------------------------


def test_a_class_watch_can_change_nothing(room):
    store, code, _ = room
    watch = watch_class(store, code, f" {code.lower()} ")
    assert watch == ClassWatch(store, code)
    for action in ("start", "stop", "reset", "draws_file", "scores_file", "open_table"):
        assert not hasattr(watch, action)


@pytest.mark.parametrize("extra", ["", "&token={token}", "&token=wrong&seed=3"])
def test_the_projector_view_shows_the_class_and_holds_no_control_and_no_token(room, extra):
    _, code, token = room
    page = render(f"?class={code.lower()}&view=projector" + extra.format(token=token))
    text = everything(page)
    assert token not in text and "token" not in text
    assert no_control(page)
    assert html(page, "xe-join-info") == [projectorpage.join_html(code, None)]
    assert f"<p class='xe-projector-code'>{code}</p>" in text
    assert "<h1>" not in text  # the heading is its own part
    headings = [
        part.unsafe_innerHTML
        for part in page.find(solara_widgets.HTML).widgets
        if part.tag in ("h1", "h2")
    ]
    assert headings == ["Period 3", "The class&#x27;s results (0 students)"]
    assert html(page, "xe-live") == [f"<p class='xe-pool'>{projectorpage.PROJECTOR_WAITING}</p>"]
    page.close()


def test_the_projector_view_follows_the_class_live(room):
    store, code, token = room
    projector = render(f"?class={code}&view=projector")
    student = render(f"?class={code}")
    join(student, "Ann")
    TeacherDesk(store, code, token).start()
    student.find(v.Btn, children=["Draw 10"]).wait_for(timeout=10)
    student.find(v.Btn, children=["Draw 10"]).widget.click()
    wait_until(lambda: "of 10 draws" in html(projector, "xe-live")[0])
    live = html(projector, "xe-live")[0]
    assert live.count("<svg") == 2 and live.count("role='img' aria-label=") == 2
    successes = store.student_counts(code)["successes"]["Ann"]
    counts = html(projector, "xe-counts-box")[0]
    assert f"<th scope='row'>Ann</th><td>10</td><td>{successes}</td>" in counts
    # the same graphs and counts as the teacher page: one source
    pool = TeacherDesk(store, code, token).pool()
    assert counts == teacherpage.counts_html(pool)
    assert live.split("<figure")[0] == teacherpage.pool_html(pool).split("<figure")[0]
    assert no_control(projector)
    for page in (projector, student):
        page.close()


def test_projector_pages_share_one_drawing_of_the_graphs_per_change(room, monkeypatch):
    store, code, token = room
    drawn: list[int] = []

    def draw(pool) -> str:
        drawn.append(len(pool.draws))
        return f"<p class='xe-pool'>{len(pool.draws)} draws</p>"

    monkeypatch.setattr(projectorpage, "GRAPHS", projectorpage.SharedGraphs(draw))
    TeacherDesk(store, code, token).start()
    store.join(code, "Ann")
    pages = [render(f"?class={code}&view=projector") for _ in range(3)]
    assert drawn == [0]
    store.record_draw(code, "Ann", "3213")
    for page in pages:
        wait_until(lambda page=page: html(page, "xe-live") == ["<p class='xe-pool'>1 draws</p>"])
    assert drawn == [0, 1]
    for page in pages:
        page.close()


@pytest.mark.parametrize(
    ("search", "words"),
    [
        ("?class=WRONG1&view=projector", "There is no class with the code 'WRONG1'."),
        ("?view=projector", projectorpage.NO_CODE),
        ("?class=&view=projector&token=x", projectorpage.NO_CODE),
        ("?class=%00%3Cb%3E&view=projector", "There is no class with the code"),
    ],
)
def test_a_wrong_projector_link_gets_one_plain_sentence(room, search, words):
    page = render(search)
    (said,) = alerts(page)
    assert said.startswith(words) and "Traceback" not in said
    assert no_control(page) and not html(page, "xe-live")
    page.close()


def test_another_class_code_or_no_class_served_is_a_plain_sentence(room, monkeypatch):
    store, _, _ = room
    other, _ = store.create_class("Period 4")
    page = render(f"?class={other}&view=projector")
    assert alerts(page) == [
        f"The code '{other}' is another class's code. Check the code on the board and "
        "type it again."
    ]
    page.close()
    monkeypatch.delenv(classsetup.CLASS_VARIABLE)
    page = render(f"?class={other}&view=projector")
    assert alerts(page) == [projectorpage.NO_CLASS]
    page.close()


def test_a_store_that_breaks_is_a_plain_sentence(room, monkeypatch):
    _, code, _ = room

    def broken(*args: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(projectorpage, "watch_class", broken)
    page = render(f"?class={code}&view=projector")
    assert alerts(page) == [projectorpage.UNREADABLE]
    page.close()


def test_the_teacher_page_links_to_the_projector_view_and_says_not_to_project_itself(room):
    _, code, token = room
    teacher = render(f"?token={token}")
    (box,) = html(teacher, "xe-projector-box")
    assert f'href="?class={code}&amp;view=projector" target="_blank"' in box
    assert escape(teacherpage.PROJECTOR_LINK) in box and escape(teacherpage.PROJECTOR_HINT) in box
    assert token not in box
    teacher.close()


def test_the_guide_and_the_readme_say_to_project_the_projector_view() -> None:
    root = Path(__file__).parent.parent
    guide = (root / "docs/teacher-guide.md").read_text(encoding="utf-8")
    running = " ".join(guide[guide.index("## Running a class") :].split("\n## ")[0].split())
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert "not your teacher link" in running
    for text in (running, readme):
        assert f"**{teacherpage.PROJECTOR_LINK}**" in text
        assert "?class=CODE&view=projector" in text
