"""The app in Spanish without a browser (issue 14): each page in its own language (the
link's ``?lang=es``, the server's ``--lang``, the English | Español switch), two pages
of one server in two languages at once, the widgets and the class pages' words in
Spanish, English unchanged. The browser test is tests/test_browser_language.py."""

from __future__ import annotations

import contextlib
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest
from _support import app_command
from conftest import free_port, running
from spanish_leaks import english_leaks

solara = pytest.importorskip("solara", reason="Solara is missing")
v = pytest.importorskip("ipyvuetify")
solara_widgets = pytest.importorskip("solara.widgets")

import test_app_class  # noqa: E402
from solara.server import kernel, kernel_context  # noqa: E402

from xactika_edu.base.language import language, use_language  # noqa: E402
from xactika_edu.outputs.cli import main  # noqa: E402
from xactika_edu.teaching.classdata.classtable import ClassTable  # noqa: E402
from xactika_edu.ui.app import student_lines, studentpage  # noqa: E402
from xactika_edu.ui.app.classroom import TeacherDesk  # noqa: E402
from xactika_edu.ui.app.linksetup import link_language, read_link, student_link  # noqa: E402
from xactika_edu.ui.app.page import Page, build_page  # noqa: E402
from xactika_edu.ui.app.pagelanguage import page_language, set_page_language  # noqa: E402
from xactika_edu.ui.app.tableroom import TableInfo, TableListing  # noqa: E402
from xactika_edu.ui.widgets import DeckExplorer, HandWidget, PlayTable  # noqa: E402
from xactika_edu.ui.widgets.classtable import SeatWidget  # noqa: E402

# --- helpers ----------------------------------------------------------------------------

room = test_app_class.room  # the served class fixture: (store, code, token)

#: English a Spanish page may show: the other language's name in the switch.
LINK_NAMES = ("English",)


class Visitor:
    """One visitor's page as the server holds it: a Solara context (virtual kernel) of
    its own, and the page rendered in it from the link's query string ``search``."""

    def __init__(self, search: str = "") -> None:
        self.context = kernel_context.VirtualKernelContext(
            id=uuid.uuid4().hex, kernel=kernel.Kernel(), session_id=uuid.uuid4().hex
        )
        page = solara.RoutingProvider(
            children=[Page()], routes=[solara.Route("/")], pathname="/" + search
        )
        with self.context:
            _, self.rc = solara.render(page, handle_error=False)

    def click(self, text: str) -> None:
        """Press the page's button that says ``text``, as the browser's message would:
        inside the page's context."""
        with self.context:
            self.rc.find(v.Btn, children=[text]).widget.click()

    def language(self) -> str | None:
        with self.context:
            return page_language()

    def words(self) -> str:
        """The page's words: its Solara HTML, its widgets' HTML and controls' names."""
        parts = [w.unsafe_innerHTML or "" for w in self.rc.find(solara_widgets.HTML).widgets]
        parts += [str(b.children[0]) for b in self.rc.find(v.Btn).widgets if b.children]
        return " ".join(parts)

    def join(self, name: str) -> None:
        """Join the class with the first name ``name`` (the code is the link's)."""
        with self.context:
            field = self.rc.find(v.TextField, class_="xe-first-name").widget
            field.v_model = name
            self.rc.find(v.Btn, class_="xe-join-button").widget.click()

    def close(self) -> None:
        with self.context:
            self.rc.close()


def headings(page: widgets.VBox) -> str:
    """build_page's own words: its headings and help (the widgets' words are the views')."""
    return " ".join(part.value for part in page.children if type(part) is widgets.HTML)


# --- the page in one language ---------------------------------------------------------


def test_the_page_in_spanish_under_use_language():
    with use_language("es"):
        page = build_page(read_link("seed=3"))
        words = headings(page)
        hand, table, deck = page.children[3], page.children[5], page.children[7]
    assert "<h1>App de Xactika para estudiantes</h1>" in words
    assert "1. Tu mano" in words and "2. Juega una partida" in words
    assert english_leaks(re.sub(r"<[^>]+>", " ", words)) == []
    # the widgets' own controls (ui/widgets); their views' words are the views'
    assert hand.seed_box.description == "Semilla" and hand.new_button.description == "Nuevo reparto"
    assert table.bid_button.description == "Apostar" and table.coach_box.description == "Entrenador"
    assert deck.reset_button.description == "Mostrar todas"
    assert deck.values.low_box.description == "Valor más bajo"


def test_english_stays_as_it_was():
    page = build_page(read_link("seed=3"))
    assert headings(page).startswith("<h1>Xactika student app</h1> <p>Explore a hand of Xactika")
    hand, table = page.children[3], page.children[5]
    assert hand.seed_box.description == "Seed" and table.bid_button.description == "Bid"
    assert table.play_button.description == "Play" and table.card_box.description == "Card"


def test_the_widgets_errors_are_spanish_in_spanish():
    with use_language("es"):
        hand = HandWidget(players=4, seed=1)
        hand.players_box.value = 40  # refused in words; the box goes back
        assert "La casilla volvió a 4." in hand.error.value
        deck = DeckExplorer(plot=False)
        deck.cubes.value = 3
        deck.values.value = (4, 4)
        assert "Ninguna carta cumple estos filtros." in deck.cards_view.value
        table = PlayTable(players=3, seed=2)
        table.play_button.click()  # bidding: no card to play
        assert "no es tu turno de jugar" in table.error.value


# --- the link and the server's language ---------------------------------------------------


def test_the_link_asks_for_a_language():
    assert link_language("lang=es") == "es" and read_link("lang=es-MX").language == "es"
    assert read_link("class=7NX6HJ").language is None
    (problem,) = read_link("lang=fr").problems
    assert problem == (
        "The link's language 'fr' is not one the app has (en, es). Showing the page in "
        "the server's language."
    )
    with use_language("es"):
        (problem,) = read_link("lang=fr&seed=7").problems
    assert problem.startswith("El idioma 'fr' del enlace no es uno que tenga la app")


def test_the_student_link_can_carry_the_language():
    assert student_link("http://laptop:8866/", "7NX6HJ") == "http://laptop:8866/?class=7NX6HJ"
    assert student_link("http://laptop:8866/", "7NX6HJ", "en") == "http://laptop:8866/?class=7NX6HJ"
    assert student_link("http://a/", "7NX6HJ", "es") == "http://a/?class=7NX6HJ&lang=es"


def test_the_servers_lines_in_spanish():
    with use_language("es"):
        lines = student_lines("http://127.0.0.1:8866/", "127.0.0.1", ["http://10.0.0.5:8866/"])
    assert lines == [
        "Los estudiantes abren: http://127.0.0.1:8866/",
        "  (o, si ese nombre no funciona en sus computadoras: http://10.0.0.5:8866/)",
    ]


def test_app_help_offers_lang(capsys):
    with pytest.raises(SystemExit):
        main(["app", "--help"])
    text = capsys.readouterr().out
    assert "--lang {en,es}" in text


@contextlib.contextmanager
def class_server_lines(folder: Path, *options: str) -> Iterator[str]:
    """A class server of "Period 3" started with ``options``: its lines once it printed
    the teacher link (then it is stopped by its PID)."""
    port = free_port()
    command = app_command(port, "--class", "Period 3", "--data", str(folder / "data"), *options)
    with running(command, port, folder) as server:
        deadline = time.monotonic() + 60
        while "docente" not in server.output():
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.2)
        yield server.output()


# --- each page its own language -----------------------------------------------------


@pytest.fixture
def quiet_room(room, monkeypatch):
    """The served class, its pages' own threads asleep: every change here comes from a
    click inside the page's context, as in the server (whose threads carry it)."""
    monkeypatch.setattr(studentpage, "POLL_SECONDS", 1000)
    return room


def test_lang_in_the_link_opens_the_page_in_spanish_and_the_switch_changes_it(quiet_room):
    _, code, _ = quiet_room
    page = Visitor(f"?class={code}&lang=es")
    try:
        assert page.language() == "es"
        words = page.words()
        assert "App de Xactika para estudiantes" in words and "Entra a tu clase" in words
        assert "English" in words and "Español" in words  # the switch, each in itself
        page.click("English")
        assert page.language() == "en" and "Join your class" in page.words()
        page.join("Ana")
        page.click("Español")  # the student stays in the class
        assert page.language() == "es"
        assert "Entraste a Period 3 como Ana." in page.words()
        assert "Experimento de la clase" in page.words()
    finally:
        page.close()
    with use_language("es"):  # outside a page nothing is set
        assert page_language() is None and set_page_language("en") == "en"
        assert language() == "es"


def test_two_pages_of_one_server_keep_their_own_languages(quiet_room):
    store, code, token = quiet_room
    TeacherDesk(store, code, token).start("face value 8 or more")
    spanish, english = Visitor(f"?class={code}&lang=es"), Visitor(f"?class={code}")
    try:
        spanish.join("Ana")
        english.join("Ben")
        assert (spanish.language(), english.language()) == ("es", "en")
        spanish.click("Sacar 1")  # a click: its handler and the redraw in the page's language
        english.click("Draw 1")
        assert "Sacaste 1 carta." in spanish.words() and "You drew 1 card." in english.words()
        TeacherDesk(store, code, token).stop()
        spanish.click("Sacar 10")  # refused: the experiment stopped, said in each language
        english.click("Draw 10")
        assert "Ahora no hay ningún experimento de la clase en curso." in spanish.words()
        assert "No class experiment is running now." in english.words()
        assert english_leaks(spanish.words(), allow=LINK_NAMES) == []
        assert language() == "en"  # nothing outside the pages changed
    finally:
        spanish.close()
        english.close()


# --- the class pages' words ------------------------------------------------------------


def test_the_tables_words_in_spanish():
    with use_language("es"):
        assert TableInfo(2, 4, ("Ana", "Ben"), 2, False).words() == (
            "Mesa 2: 2 asientos libres de 4. Sentados: Ana, Ben."
        )
        assert TableInfo(1, 4, ("Ana",), 0, True, away=("Wes",)).words() == (
            "Mesa 1: jugando una partida (4 asientos). Sentados: Ana, Wes (ausente)."
        )
        started = TableInfo(1, 4, ("Ana", "Ben"), 0, True)
        assert TableListing(True, (started,)).notice("Dan") == (
            "La mesa 1 ya empezó: pídele a tu maestro o maestra que abra otra mesa."
        )
    assert TableInfo(3, 4, (), 1, False).words() == "Table 3: 1 free seat of 4."


def test_a_seat_switches_language_and_keeps_its_seat():
    table = ClassTable(seats=2, seed=3, hands=1)
    with use_language("es"):
        ana = SeatWidget(table.sit("Ana"))
        ben = SeatWidget(table.sit("Ben"))
        ana.start_button.click()
        assert ben.leave_button.description == "Dejar la mesa"
        assert ben.bid_buttons[1].tooltip == "Apostar 1"
    ben.relabel()  # the page switched to English: the same seat, the same game
    assert ben.leave_button.description == "Leave the table"
    assert ben.bid_buttons[1].tooltip == "Bid 1" and ben.handle.is_seated
    assert ben.view.started and [b.description for b in ben.bid_buttons][:2] == ["0", "1"]
    ben.leave()
    with use_language("es"):
        ben.relabel()
        assert "Dejaste la mesa." in ben.status.value
    ana.leave()


def test_app_lang_es_starts_the_class_server_in_spanish(tmp_path):
    """``xactika-edu app --lang es --class``: its lines in Spanish, the students' address
    with ``&lang=es``; stopped by its PID."""
    folder = tmp_path / "server"
    with class_server_lines(folder, "--lang", "es") as output:
        assert "Iniciando la app para estudiantes con Solara ..." in output
        assert "Clase: Period 3" in output and "Traceback" not in output
        student = re.search(r"Los estudiantes abren: (\S+)", output)
        assert student and student.group(1).endswith("&lang=es"), output
        assert "Enlace del docente (manténgalo en secreto" in output
        assert "Solo esta computadora puede abrir estas direcciones" in output


def test_the_teacher_pages_event_menu_is_in_the_pages_language(quiet_room):
    _, _, token = quiet_room
    spanish, english = Visitor(f"?token={token}&lang=es"), Visitor(f"?token={token}")
    try:
        menus = []
        for page, label in ((spanish, "Evento que se cuenta"), (english, "Event to count")):
            with page.context:
                menu = page.rc.find(widgets.Dropdown, description=label).widget
                menus.append((menu.description, [label for label, _ in menu.options], menu.value))
        assert menus[0] == (
            "Evento que se cuenta",
            ["valor 8 o más", "3 cubos", "valor 12", "valor 6 o menos", "2 estrellas"],
            "face value 8 or more",  # the value is the event's code, in English
        )
        assert menus[1][1][0] == "face value 8 or more"
    finally:
        spanish.close()
        english.close()


def test_an_experiment_started_in_spanish_is_stored_in_english_and_shown_in_each_language(
    quiet_room,
):
    store, code, token = quiet_room
    with use_language("es"):  # a Spanish teacher page starts it
        started = TeacherDesk(store, code, token).start("valor 8 o más")
    assert started.event.name == "valor 8 o más"
    spanish, english = Visitor(f"?class={code}&lang=es"), Visitor(f"?class={code}")
    try:
        spanish.join("Ana")
        english.join("Ben")
        spanish.click("Sacar 1")
        english.click("Draw 1")
        assert "valor 8 o más" in spanish.words() and "face value 8 or more" not in spanish.words()
        assert "face value 8 or more" in english.words() and "valor" not in english.words()
    finally:
        spanish.close()
        english.close()
    assert store.current_experiment(code).event.name == "face value 8 or more"  # class data
