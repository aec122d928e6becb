"""Worksheet paragraphs (outputs/worksheets/wrap.py): broken where fpdf2's multi_cell
breaks them, printed inside their cell, each word measured once."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

import pytest
from fpdf import FPDF
from fpdf.fonts import CoreFont
from hypothesis import given, settings
from hypothesis import strategies as st

from xactika_edu.outputs.worksheets.layout import Recorder
from xactika_edu.outputs.worksheets.wrap import break_lines, draw_paragraph, line_count

WORD = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;()?!'%+=/#",
    min_size=1,
    max_size=14,
)


def _pdf(style: str = "", size: float = 10.0) -> FPDF:
    pdf = FPDF(unit="mm", format="letter")
    pdf.add_page()
    pdf.set_font("helvetica", style, size)
    return pdf


@st.composite
def paragraphs(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORD, min_size=0, max_size=40))
    bold = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    parts, inside = [], False
    for word, toggle in zip(words, bold, strict=True):
        if toggle:  # a bold span starts or ends before this word
            word = "**" + word
            inside = not inside
        parts.append(word)
    text = " ".join(parts) + ("**" if inside else "")
    breaks = draw(st.lists(st.integers(0, max(0, len(text) - 1)), max_size=2))
    for at in sorted(set(breaks), reverse=True):
        if text[at : at + 1] == " ":
            text = text[:at] + "\n" + text[at + 1 :]
    return text


@settings(max_examples=300, deadline=None)
@given(
    paragraphs(),
    st.floats(8, 190),
    st.sampled_from(["", "B", "I"]),
    st.sampled_from([7.0, 8.5, 10.0, 10.5, 12.0]),
)
def test_lines_break_where_multi_cell_breaks(
    text: str, width: float, style: str, size: float
) -> None:
    pdf = _pdf(style, size)
    theirs = cast(
        "list[str]",
        pdf.multi_cell(width, 5, text, markdown=True, dry_run=True, output="LINES"),
    )
    ours = ["".join(run for run, _ in line) for line in break_lines(pdf, width, text)]
    assert [line.replace("**", "").replace("__", "").rstrip() for line in theirs] == [
        line.rstrip() for line in ours
    ]


def test_bold_runs_and_the_space_between_styles() -> None:
    pdf = _pdf()
    (line,) = break_lines(pdf, 190, "You bid **second**, after Ana.")
    assert line == (("You bid ", ""), ("second", "B"), (", after Ana.", ""))
    (line,) = break_lines(_pdf("I"), 190, "an **italic** key")
    assert line == (("an ", "I"), ("italic", "BI"), (" key", "I"))


def test_blanks_are_printed_not_read_as_markup() -> None:
    (line,) = break_lines(_pdf(), 190, "The tallest bar is at ____, with ____ cards.")
    assert "".join(run for run, _ in line) == "The tallest bar is at ____, with ____ cards."


def test_drawn_lines_stay_in_the_cell_and_the_position_moves_below() -> None:
    pdf = FPDF(unit="mm", format="letter")
    pdf.set_margins(13, 11, 13)
    page = Recorder(pdf)
    page.add_page()
    page.set_font("helvetica", "", 10.5)
    text = (
        "Find each card's **face value**: add up its shapes, then write the total in its box. " * 3
    )
    below = draw_paragraph(page, 20, 30, 80, 5.2, text)
    count = line_count(page, 80, text)
    assert count > 2
    assert below == 30 + count * 5.2 and (page.get_x(), page.get_y()) == (20, below)
    texts = [e for e in page.elements if e.kind == "text"]
    assert texts and all(e.box[0] >= 20 and e.box[2] <= 100 for e in texts)
    assert all(e.box[1] >= 30 and e.box[3] <= below for e in texts)
    assert pdf.font_style == ""  # the bold runs put the font back


def test_each_word_is_measured_once(monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[str] = []
    width = CoreFont.get_text_width

    def counting(font: CoreFont, text: str, size: float, params: object) -> tuple[int, float]:
        measured.append(text)
        return width(font, text, size, params)  # type: ignore[arg-type]

    monkeypatch.setattr(CoreFont, "get_text_width", counting)
    text = "zq words zq words zq words zq words"
    first = break_lines(_pdf(), 30, text)
    assert 0 < len(measured) <= len(set(text.split())) + 3  # the words, a space, runs
    count = len(measured)
    assert break_lines(_pdf(), 30, text) == first  # another document, the same font
    assert break_lines(_pdf(), 31.5, text + " zq") is not None
    assert len(measured) - count <= 2  # only what is new is measured


@pytest.mark.parametrize("align", ["L", "C", "R"])
def test_cell_text_prints_where_cell_prints(align: str) -> None:
    """Text a worksheet puts in a box starts on the same point as fpdf2's cell puts it."""

    def start(draw: Callable[[FPDF], None]) -> bytes:
        pdf = FPDF(unit="mm", format="letter")
        pdf.set_compression(False)
        pdf.add_page()
        pdf.set_font("helvetica", "B", 9.5)
        draw(pdf)
        return re.findall(rb"BT [0-9. ]+Td", bytes(pdf.output()))[0]

    def by_cell(pdf: FPDF) -> None:
        pdf.set_xy(20, 30)
        pdf.cell(40, 6, "Face value 12", align=align)

    assert start(lambda pdf: Recorder(pdf).cell_text(20, 30, 40, 6, "Face value 12", align)) == (
        start(by_cell)
    )
