"""Lesson plans, exit tickets (questions, tables, keys), the rules card and the
``xactika-edu class`` messages in Spanish (issue 14, item 3): no English left in what
these modules write, every number the same as in English for the same seed, English
unchanged after a Spanish run, and every message of theirs translated.

Words that other modules write (a combination's name, the "about" of a rounded
percent, a lesson's vocabulary box, the standards' official English wording, a CSV's
English column names) are taken out before the search, each as that module writes it
in Spanish now, so the test checks these modules' own words.
"""

from __future__ import annotations

import html
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from spanish_leaks import english_leaks

from xactika_edu.base.formatting import about_percent
from xactika_edu.base.language import use_language
from xactika_edu.core.cards import COMBINATIONS, DECK, Shape
from xactika_edu.outputs import lessonplans
from xactika_edu.outputs.classcommands import run_class_command
from xactika_edu.outputs.exit_questions import ticket_questions
from xactika_edu.outputs.exit_tickets import LESSONS, class_tickets, exit_ticket, tickets_pdf
from xactika_edu.outputs.lessonplans import lesson_plan, plan_html, plan_pdf
from xactika_edu.outputs.rules_card import rules_card_layout, rules_card_pdf, rules_text
from xactika_edu.outputs.worksheets.layout import layout_problems
from xactika_edu.teaching.classdata.store import ClassStore
from xactika_edu.teaching.lessonmeta import lesson_notebooks

ROOT = Path(__file__).resolve().parent.parent
PDFTOTEXT = shutil.which("pdftotext")
SEEDS = (1, 2, 3, 4)
#: The class's CSV files' columns and Lesson 7's file name: names a program reads,
#: English in every language.
CSV_COLUMNS = ("student,activity,card", "game, hand, player, bid, tricks", "our-class-scores.csv")
_NUMBER = re.compile(r"\d+(?:[.,/]\d+)*")


def _outside_words() -> tuple[str, ...]:
    """What other modules write into these texts, as they write it in Spanish now."""
    with use_language("es"):
        names = sorted({str(c) for c in COMBINATIONS}, key=len, reverse=True)
        names += [shape.plural for shape in Shape]
        about = about_percent(Fraction(1, 3)).rsplit(" ", 1)[0] + " "
    return (*names, about, *CSV_COLUMNS)


def _numbers(text: str) -> Counter[str]:
    return Counter(_NUMBER.findall(text))


def _ticket_text(lesson: str, seed: int) -> tuple[str, list[str]]:
    """A ticket's title, label, table, questions and key (all but the answers), and its
    answers."""
    ticket, worked = exit_ticket(lesson, seed), ticket_questions(lesson, seed)
    parts = [ticket.title, ticket.label]
    if worked.table is not None:
        parts += [worked.table.caption, *(cell for row in worked.table.rows for cell in row)]
    parts += [text for question, _, working in worked.questions for text in (question, working)]
    return "\n".join(parts), [answer for _, answer, _ in worked.questions]


@pytest.mark.parametrize("lesson", LESSONS)
def test_exit_tickets_in_spanish_have_no_english_and_the_same_numbers(lesson: str) -> None:
    outside = _outside_words()
    for seed in SEEDS:
        english, english_answers = _ticket_text(lesson, seed)
        with use_language("es"):
            spanish, spanish_answers = _ticket_text(lesson, seed)
        assert english_leaks(spanish + "\n" + "\n".join(spanish_answers), outside) == []
        assert "Boleto de salida · Lección" in spanish and "semilla" in spanish
        # every number of the ticket, its table and its key, and each answer's numbers
        assert _numbers(spanish) == _numbers(english), (lesson, seed)
        for ours, theirs in zip(spanish_answers, english_answers, strict=True):
            assert _NUMBER.findall(ours) == _NUMBER.findall(theirs), (lesson, seed)
        # and English stays English after a Spanish ticket (kept per language)
        assert _ticket_text(lesson, seed) == (english, english_answers)


def test_spanish_ticket_words_follow_the_glossary() -> None:
    with use_language("es"):
        lesson_4 = _ticket_text("4", 2)[0]
        lesson_6 = _ticket_text("6", 1)[0]
        lesson_1_answer = _ticket_text("1", 1)[1][2]
        rounding = ticket_questions("5", 1).questions[0][0]
        table = ticket_questions("1", 1).table
    assert "Sales con" in lesson_4 and "anuncias" in lesson_4 and "amenazas" in lesson_4
    assert "Apostando" in lesson_6 and "Bazas ganadas" in lesson_6
    assert lesson_1_answer.startswith("aproximadamente ")
    assert rounding.endswith("Redondea al porcentaje entero más cercano.")
    assert table is not None and table.rows[0][0] == "Valor" and table.rows[1][0] == "Cartas"


def test_lesson_1_asks_7_u_8_in_spanish() -> None:
    # "o" is "u" before "ocho" (and_list): the part (b) of the (7, 8) range
    seed = next(s for s in range(7) if "{either}" in _range_words(s))
    with use_language("es"):
        assert "valor 7 u 8?" in ticket_questions("1", seed).questions[1][0]
    assert "face value of 7 or 8?" in ticket_questions("1", seed).questions[1][0]


def _range_words(seed: int) -> str:
    from xactika_edu.outputs import exit_questions

    return exit_questions._RANGES[seed % len(exit_questions._RANGES)][2]


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("key", [False, True])
def test_ticket_pdfs_in_spanish(key: bool, tmp_path: Path) -> None:
    outside = _outside_words()
    for lesson in ("2", "6"):
        with use_language("es"):
            data = tickets_pdf(class_tickets(lesson, 2, 5), key=key)
        path = tmp_path / f"{lesson}.pdf"
        path.write_bytes(data)
        text = subprocess.run(
            [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert ("CLAVE DE RESPUESTAS" in text) == key and ("Nombre" in text) != key
        assert "Lección" in text and "¿" in text
        assert english_leaks(text, outside) == []


def _plan_text(page: str, plan: lessonplans.LessonPlan) -> str:
    """A plan page's text without its standards' official English wording and its
    vocabulary box (the lesson's translators' words)."""
    page = page.split("<h2>Vocabulario</h2>")[0] + page.split("</table>", 3)[-1]
    text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page))
    text = " ".join(text.split())
    wordings = [" ".join(wording.split()) for _code, wording, _activity in plan.standard_rows()]
    for wording in sorted(wordings, key=len, reverse=True):  # 7.SP.C.8a before 7.SP.C.8
        text = text.replace(wording, " ")
    return text


@pytest.mark.parametrize("notebook", lesson_notebooks(), ids=lambda p: p.stem[:3])
def test_lesson_plans_in_spanish(notebook: Path) -> None:
    english = lesson_plan(notebook, seed=2, students=3)
    with use_language("es"):
        plan = lesson_plan(notebook, seed=2, students=3)
    page = plan_html(plan)
    assert plan.language == "es" and '<html lang="es">' in page
    assert "Plan de clase · Lección" in page and "Estándar (texto oficial, en inglés)" in page
    text = _plan_text(page, plan)
    assert english_leaks(text, _outside_words()) == []
    # the same numbers: the ticket's answers, the timing, the standards' codes
    assert plan.ticket_answers and len(plan.ticket_answers) == len(english.ticket_answers)
    for (_, ours), (_, theirs) in zip(plan.ticket_answers, english.ticket_answers, strict=True):
        assert _NUMBER.findall(ours) == _NUMBER.findall(theirs)
    assert [s.minutes for s in plan.meta.timing] == [s.minutes for s in english.meta.timing]
    assert [row[:2] for row in plan.standard_rows()] == [row[:2] for row in english.standard_rows()]
    # English is unchanged by the Spanish plan
    assert plan_html(english) == plan_html(lesson_plan(notebook, seed=2, students=3))
    assert '<html lang="en">' in plan_html(english)


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
def test_a_spanish_plan_pdf_reads_in_spanish(tmp_path: Path) -> None:
    notebook = lesson_notebooks()[3]  # Lesson 4
    with use_language("es"):
        plan = lesson_plan(notebook, seed=1, students=2)
    path = tmp_path / "plan.pdf"
    path.write_bytes(plan_pdf(plan))  # written in the plan's language, whatever is current
    text = subprocess.run(
        [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    for words in ("Plan de clase", "Objetivo.", "Estándares", "Tiempos", "Materiales"):
        assert words in text
    assert "Lesson plan" not in text and "Objective." not in text


def test_the_vocabulary_box_comes_from_the_lessons_catalogue(monkeypatch) -> None:
    """The plan reads the vocabulary cell as the lesson's catalogue translates it whole."""
    cell = "| Word | What it means | Example |\n|---|---|---|\n| threat | beats you | 3213 |"
    spanish = "| Palabra | Qué significa | Ejemplo |\n|---|---|---|\n| amenaza | te gana | 3213 |"
    notebook = {
        "cells": [{"cell_type": "markdown", "metadata": {"tags": ["vocabulary"]}, "source": cell}]
    }
    monkeypatch.setattr(lessonplans, "lesson_text", lambda text: {cell: spanish}.get(text, text))
    with use_language("es"):
        rows = lessonplans.vocabulary(lessonplans._translated_notebook(notebook))
    assert [(r.word, r.meaning) for r in rows] == [("amenaza", "te gana")]
    assert lessonplans.vocabulary(lessonplans._translated_notebook(notebook))[0].word == "threat"


def test_rules_card_in_spanish() -> None:
    english = rules_text()
    with use_language("es"):
        spanish = rules_text()
        pages = [rules_card_layout(paper) for paper in ("letter", "a4")]
    assert [h for h, _ in spanish][:3] == ["La baraja", "Una baza", "1. Reparto"]
    text = "\n".join(f"{h}\n{t}" for h, t in spanish)
    assert english_leaks(text, _outside_words()) == []
    for (_, ours), (_, theirs) in zip(spanish, english, strict=True):
        assert _numbers(ours) == _numbers(theirs)
    for page in pages:  # one page, nothing over its footer or out of its cell
        assert page.page == 1 and layout_problems(page.elements, page.area) == []
    assert rules_text() == english


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
def test_rules_card_pdf_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "rules.pdf"
    with use_language("es"):
        path.write_bytes(rules_card_pdf())
    text = subprocess.run(
        [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Xactika: las reglas" in text and "Cómo leer una carta" in text
    assert english_leaks(text, _outside_words()) == []


def test_class_commands_in_spanish(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "data"
    lines: list[str] = []
    with use_language("es"):
        assert run_class_command("list", data=folder, say=lines.append) == 0
        run_class_command("create", data=folder, name="Grupo 3", say=lines.append)
        with ClassStore(folder, rng=random.Random(1)) as store:
            code = store.open_class("Grupo 3")
            store.join(code, "José")
            store.start_experiment(code)
            store.record_draw(code, "José", DECK[5])
        run_class_command("list", data=folder, say=lines.append)
        monkeypatch.setattr("builtins.input", lambda prompt: lines.append(prompt) or "no")
        run_class_command("reset", data=folder, name="Grupo 3", say=lines.append)
        monkeypatch.setattr("builtins.input", lambda prompt: "Sí")
        run_class_command("reset", data=folder, name="Grupo 3", say=lines.append)
        with pytest.raises(Exception, match="no hay ninguna clase llamada 'Grupo 9'"):
            run_class_command("reset", data=folder, name="Grupo 9", say=lines.append)
    text = "\n".join(lines)
    assert "Se creó la clase 'Grupo 3'." in text and "1 estudiante, 1 carta sacada" in text
    assert "¿Borrar 1 carta sacada y 0 manos terminadas de Grupo 3? Escribe sí: " in text
    assert "No se borró nada." in text and "Se borraron 1 carta sacada" in text
    commands = ("xactika-edu class create --class", "--yes")
    assert english_leaks(text.replace(str(folder), " "), commands) == []


def test_every_message_of_these_modules_is_translated() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import translations
    finally:
        sys.path.remove(str(ROOT / "tools"))
    ours = (
        "lessons.plans",
        "xactika_edu.outputs.lessonplans",
        "xactika_edu.outputs.exit_tickets",
        "xactika_edu.outputs.exit_questions",
        "xactika_edu.outputs.exit_questions_leads",
        "xactika_edu.outputs.exit_questions_play",
        "xactika_edu.outputs.ticket_parts",
        "xactika_edu.outputs.rules_card",
        "xactika_edu.outputs.classcommands",
    )
    problems = [line for line in translations.check() if any(f"{d}:" in line for d in ours)]
    assert problems == []


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
def test_every_spanish_plan_title_prints_whole(tmp_path: Path) -> None:
    # A reviewer saw Lesson 4b's Spanish title cut at the right margin ("... compr"):
    # a title longer than the line wraps, and all of it is on the page.
    for notebook in lesson_notebooks():
        with use_language("es"):
            plan = lesson_plan(notebook, seed=1, students=2)
            title = f"Lección {plan.meta.lesson}: {plan.meta.title}"
        path = tmp_path / "plan.pdf"
        path.write_bytes(plan_pdf(plan))
        text = subprocess.run(
            [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert " ".join(title.split()) in " ".join(text.split()), notebook.stem
