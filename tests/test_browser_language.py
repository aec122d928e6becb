"""The app in Spanish in a real browser (issue 14; Debian's Chromium, Playwright; see
../shared/BROWSER.md): ``?lang=es`` opens a class page in Spanish (``<html lang="es">``),
a student joins, draws cards and switches to English and back without leaving the
class; two pages of one server stay in their own languages at the same time; the
teacher page has the switch too; no English in the Spanish page's visible text; no
traceback in the server's output.

Marked slow; skipped, with the reason, where /usr/bin/chromium or Playwright is
missing. The server is ``xactika-edu app --class``, stopped by its PID.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from _support import (
    browser_tests_or_skip,
    chromium_browser,
    class_server,
    open_page,
)
from spanish_leaks import english_leaks

from xactika_edu.teaching.classdata.livepool import CLASS_EVENTS

sync_api = browser_tests_or_skip()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("solara-app")]

#: English the Spanish pages may still show (report these): the English choice of the
#: language switch, named in itself; the class's name, typed by the teacher; the
#: experiments' event names (the teacher's choice of event, the student's question),
#: which come from core (Event.name) and classdata (CLASS_EVENTS), translated by other
#: helpers of issue 14 (h/core, the classdata
#: helper) and not merged into this branch yet.
ALLOWED = ("English", "Period 3", *(str(event) for event in CLASS_EVENTS))


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from chromium_browser(sync_api)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[object, str, str]]:
    """The class server: (server, student address, teacher link)."""
    folder = tmp_path_factory.mktemp("solara-language")
    with class_server(folder, folder / "data") as found:
        yield found


def visible(page) -> str:
    """The words a student sees on the page."""
    return str(page.locator("body").inner_text()).replace("\xa0", " ")


def join(page, name: str) -> None:
    page.locator(".xe-first-name input").fill(name)
    page.locator(".xe-join-button").click()
    page.wait_for_selector(".xe-joined")


def switch(page, code: str, joined: str) -> None:
    """Press the language switch's ``code`` button and wait until the page follows (its
    line "You joined ..." says ``joined``)."""
    page.locator(f".xe-language-{code}").click()
    page.wait_for_function(f"document.documentElement.lang == '{code}'")
    page.wait_for_selector(f".xe-language-{code}[disabled]")
    page.wait_for_function(
        "text => document.querySelector('.xe-joined').innerText == text", arg=joined
    )


def test_a_student_page_in_spanish_switches_and_keeps_the_class(browser, server):
    app, student_url, teacher_url = server
    pages = []
    try:
        teacher = open_page(browser, teacher_url + "&lang=es", ".xe-start")
        pages.append(teacher)
        assert teacher.evaluate("document.documentElement.lang") == "es"
        assert teacher.locator("h1").first.inner_text().startswith("Página del docente de Xactika")
        assert teacher.title().strip() == "Página del docente de Xactika"
        # the student link shown to a Spanish teacher carries the language
        address = teacher.locator(".xe-students-address").inner_text()
        assert address.startswith("Los estudiantes abren: ") and address.endswith("&lang=es")
        assert english_leaks(visible(teacher), allow=ALLOWED) == []

        page = open_page(browser, student_url + "&lang=es", ".xe-join-button")
        pages.append(page)
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.locator("h1").first.inner_text() == "App de Xactika para estudiantes"
        assert "Entra a tu clase" in visible(page)
        join(page, "Ana")
        assert page.locator(".xe-joined").inner_text() == "Entraste a Period 3 como Ana."
        teacher.locator(".xe-start").click()
        page.wait_for_selector(".xe-draw-1")
        page.locator(".xe-draw-1").click()
        page.wait_for_function(
            "document.querySelector('.xe-tally').innerText.startsWith('Sacaste 1 carta.')"
        )
        assert english_leaks(visible(page), allow=ALLOWED) == []

        switch(page, "en", "You joined Period 3 as Ana.")  # the same class, the same draws
        page.wait_for_function(  # the switch redraws the page's parts one by one
            "document.querySelector('.xe-tally').innerText.startsWith('You drew 1 card.')"
        )
        assert "Class experiment" in visible(page)
        page.locator(".xe-draw-10").click()
        page.wait_for_function(
            "document.querySelector('.xe-tally').innerText.startsWith('You drew 11 cards.')"
        )
        switch(page, "es", "Entraste a Period 3 como Ana.")
        page.wait_for_function(  # the switch redraws the page's parts one by one
            "document.querySelector('.xe-tally').innerText.startsWith('Sacaste 11 cartas.')"
        )
        page.wait_for_function(  # the practice sections are built again last (the slowest;
            # textContent: the button's innerText is in capitals, from its style)
            "document.querySelector('.xe-practice-toggle').textContent.includes('Mostrar')"
        )
        assert english_leaks(visible(page), allow=ALLOWED) == []
        # the practice sections open in Spanish too: a move at the play table
        page.locator(".xe-practice-toggle").click()
        page.locator(".xe-table .xe-bid").first.wait_for()
        assert page.locator(".xe-table .xe-bid").first.inner_text().strip() == "Apostar"
        page.locator(".xe-table .xe-bid").first.click()
        page.locator(".xe-hand .xe-select").first.click()
        page.wait_for_selector(".xe-hand .xe-chances .xe-fraction")
        assert page.locator(".xe-error").filter(has_text=re.compile(r"\S")).count() == 0
    finally:
        for opened in pages:
            opened.context.close()
    assert "Traceback" not in app.output()


def test_two_pages_of_one_server_stay_in_their_own_languages(browser, server):
    app, student_url, teacher_url = server
    pages = []
    try:
        teacher = open_page(browser, teacher_url, ".xe-start")
        pages.append(teacher)
        teacher.locator(".xe-start").click()  # a new experiment (or the same event again)
        spanish = open_page(browser, student_url + "&lang=es", ".xe-join-button")
        english = open_page(browser, student_url, ".xe-join-button")
        pages += [spanish, english]
        join(spanish, "Bea")
        join(english, "Cal")
        for _ in range(3):  # clicks on each page, one after the other
            spanish.locator(".xe-draw-1").click()
            english.locator(".xe-draw-1").click()
        spanish.wait_for_function(
            "document.querySelector('.xe-tally').innerText.startsWith('Sacaste 3 cartas.')"
        )
        english.wait_for_function(
            "document.querySelector('.xe-tally').innerText.startsWith('You drew 3 cards.')"
        )
        assert spanish.evaluate("document.documentElement.lang") == "es"
        assert english.evaluate("document.documentElement.lang") == "en"
        assert "Experimento de la clase" in visible(spanish)
        assert "Class experiment" in visible(english) and "Experimento" not in visible(english)
        assert english_leaks(visible(spanish), allow=ALLOWED) == []
    finally:
        for opened in pages:
            opened.context.close()
    assert "Traceback" not in app.output()
