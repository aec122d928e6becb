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
def written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Every text the PDF makers hand to pdf_text while they draw."""
    texts: list[tuple[str, bool]] = []

    def recording(text: str, missing: str = "?", *, unicode: bool = False) -> str:
        texts.append((text, unicode))
        return pdf_text(text, missing, unicode=unicode)

    for module in (lessonplans, exit_tickets, rules_card):
        monkeypatch.setattr(module, "pdf_text", recording)
    return texts


def _lost(texts: list[tuple[str, bool]]) -> dict[str, str]:
    """Each text that loses characters in its PDF's font (DejaVu Sans when ``unicode``)."""
    return {text: lost for text, unicode in texts if (lost := lost_in_pdf(text, unicode=unicode))}


def test_pdftext_arrow_is_written_not_dropped() -> None:
    assert pdf_text("+2, +2, -1, +2 → 1.25 a hand", missing="") == "+2, +2, -1, +2 -> 1.25 a hand"
    assert lost_in_pdf("→ √ ≈ − ✔") == ""


def test_pdftext_replacements_are_printable() -> None:
    for plain in PDF_REPLACEMENTS.values():
        assert all(ord(ch) < 256 for ch in plain), plain


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_pdftext_every_plan_keeps_its_characters(
    notebook: Path, written: list[tuple[str, bool]]
) -> None:
    lessonplans.plan_pdf(lessonplans.lesson_plan(notebook))
    assert written
    assert _lost(written) == {}


@pytest.mark.parametrize("lesson", sorted(QUESTIONS))
def test_pdftext_every_ticket_keeps_its_characters(
    lesson: str, written: list[tuple[str, bool]]
) -> None:
    tickets = exit_tickets.class_tickets(lesson, students=3, seed=1)
    exit_tickets.tickets_pdf(tickets)
    exit_tickets.tickets_pdf(tickets, key=True)
    assert written
    assert _lost(written) == {}


def test_pdftext_rules_card_keeps_its_characters(written: list[tuple[str, bool]]) -> None:
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


def _dejavu_pdf(fast: bool) -> bytes:
    """A page in all four DejaVu styles, the fonts added by use_pdf_font (``fast``) or
    by fpdf2's own add_font."""
    import datetime

    from fpdf import FPDF

    from xactika_edu.outputs.pdftext import FONT_FAMILY, FONT_FILES, font_folder, use_pdf_font

    pdf = FPDF()
    pdf.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
    if fast:
        assert use_pdf_font(pdf) == FONT_FAMILY
        use_pdf_font(pdf)  # again: nothing changes
    else:
        for style, name in FONT_FILES.items():
            pdf.add_font(FONT_FAMILY, style, str(font_folder() / name))
    pdf.add_page()
    for style in FONT_FILES:
        pdf.set_font(FONT_FAMILY, style, 12)
        pdf.multi_cell(w=120, text=f"Zoë, José, Nguyễn Văn An: ¿3 ≤ 4? ¡Sí! ({style or 'R'})")
    return bytes(pdf.output())


def test_pdftext_font_read_once_gives_the_same_pdf_as_add_font() -> None:
    """use_pdf_font reads each font file once a process and copies it; every PDF it makes
    is byte for byte the one fpdf2's add_font makes, the second and third too (nothing
    of one PDF's subset leaks into the next)."""
    reference = _dejavu_pdf(fast=False)
    assert _dejavu_pdf(fast=True) == reference
    assert _dejavu_pdf(fast=True) == reference
