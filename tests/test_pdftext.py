"""No character is lost in a PDF: every character of a plan's, a ticket's or the rules
card's text reaches the PDF as itself or as its stated replacement (review 5, r5d)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xactika_edu.outputs import exit_tickets, lessonplans, rules_card
from xactika_edu.outputs.exit_questions import QUESTIONS
from xactika_edu.outputs.pdftext import PDF_REPLACEMENTS, lost_in_pdf, pdf_text

NOTEBOOKS = sorted(Path(__file__).resolve().parents[1].joinpath("notebooks").glob("*.ipynb"))


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the PDF makers hand to pdf_text while they draw."""
    texts: list[str] = []

    def recording(text: str, missing: str = "?") -> str:
        texts.append(text)
        return pdf_text(text, missing)

    for module in (lessonplans, exit_tickets, rules_card):
        monkeypatch.setattr(module, "pdf_text", recording)
    return texts


def _lost(texts: list[str]) -> dict[str, str]:
    return {text: lost for text in texts if (lost := lost_in_pdf(text))}


def test_pdftext_arrow_is_written_not_dropped() -> None:
    assert pdf_text("+2, +2, -1, +2 → 1.25 a hand", missing="") == "+2, +2, -1, +2 -> 1.25 a hand"
    assert lost_in_pdf("→ √ ≈ − ✔") == ""


def test_pdftext_replacements_are_printable() -> None:
    for plain in PDF_REPLACEMENTS.values():
        assert all(ord(ch) < 256 for ch in plain), plain


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_pdftext_every_plan_keeps_its_characters(notebook: Path, written: list[str]) -> None:
    lessonplans.plan_pdf(lessonplans.lesson_plan(notebook))
    assert written
    assert _lost(written) == {}


@pytest.mark.parametrize("lesson", sorted(QUESTIONS))
def test_pdftext_every_ticket_keeps_its_characters(lesson: str, written: list[str]) -> None:
    tickets = exit_tickets.class_tickets(lesson, students=3, seed=1)
    exit_tickets.tickets_pdf(tickets)
    exit_tickets.tickets_pdf(tickets, key=True)
    assert written
    assert _lost(written) == {}


def test_pdftext_rules_card_keeps_its_characters(written: list[str]) -> None:
    rules_card.rules_card_pdf()
    assert written
    assert _lost(written) == {}


def test_pdftext_in_dejavu_keeps_what_dejavu_draws() -> None:
    # DejaVu Sans (the worksheets' font) draws the arrows, signs and every name below;
    # it has no Chinese characters.
    names = "Zoë José Nguyễn Văn An ¿Qué? ¡Sí! → ≤ ≥ ≈ √ ✔ ✘"
    assert pdf_text(names, unicode=True) == names
    assert lost_in_pdf(names, unicode=True) == ""
    assert pdf_text("王小明 Ana", missing="", unicode=True) == " Ana"
    assert lost_in_pdf("王小明", unicode=True) == "王小明"
    # a core font draws Latin-1 only, Spanish included
    assert pdf_text("¿Qué? ¡Sí! ñ → Nguyễn") == "¿Qué? ¡Sí! ñ -> Nguy?n"
