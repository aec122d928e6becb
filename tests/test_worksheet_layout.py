"""Every worksheet page is clean: laid out for many seeds, both papers, the fewest and
most cards, student sheet and key, nothing leaves the printable area, nothing prints
through anything else and no text (card digits included) is below 7 pt.

The pages are drawn through :class:`xactika_edu.worksheets.layout.Recorder`, which
records each element's box and font size as fpdf2 is asked to print it; the checks
are :func:`~xactika_edu.worksheets.layout.layout_problems`.
"""

from __future__ import annotations

import io

import pytest
from fpdf import FPDF

from xactika_edu.cards import MIN_PLAYERS
from xactika_edu.worksheets import _BUILDERS, KINDS
from xactika_edu.worksheets._common import MAX_CARDS, MIN_CARDS, PAPERS, page_layout
from xactika_edu.worksheets.bell_curve import MAX_BELL_CARDS, MIN_BELL_CARDS
from xactika_edu.worksheets.layout import MIN_TEXT_PT, Recorder, layout_problems
from xactika_edu.worksheets.pie_chart import PIE_CARDS
from xactika_edu.worksheets.score_sheet import MAX_SCORE_SHEET_PLAYERS, score_sheet_layout
from xactika_edu.worksheets.simulation import MAX_DRAWS, MIN_DRAWS

# The --cards each kind takes: the fewest, the default (None) and the most.
CARD_CHOICES: dict[str, tuple[int | None, ...]] = {
    "bar-graph": (MIN_CARDS, None, MAX_CARDS),
    "pie-chart": (PIE_CARDS[0], None, PIE_CARDS[-1]),
    "bell-curve": (MIN_BELL_CARDS, None, MAX_BELL_CARDS),
    "simulation": (MIN_DRAWS, None, MAX_DRAWS),
    "probability": (None,),
    "estimation": (None,),
}
# Seed 2 is student 2 of the default class set (its pie-chart sheet ran into the
# footer); with seed 12 the simulation key's line ran through its label; 1006 has
# another pie-chart grouping and a four-digit seed in the label.
# The slow run lays out a whole default class set: seeds 1 to 30.
FAST_SEEDS = (2, 12, 1006)
SLOW_SEEDS = tuple(range(1, 31))


def _problems(kind: str, seeds: tuple[int, ...]) -> list[str]:
    found = []
    for cards in CARD_CHOICES[kind]:
        options = {} if cards is None else {"cards": cards}
        for seed in seeds:
            sheet = _BUILDERS[kind](seed, **options)
            for paper in PAPERS:
                for key in (False, True):
                    page = page_layout(sheet, key=key, paper=paper)
                    which = "key" if key else "student sheet"
                    where = f"{kind} --cards {cards or 'default'}, seed {seed}, {paper} {which}"
                    found += [f"{where}: {p}" for p in layout_problems(page.elements, page.area)]
                    if page.pages_count != 1 or {e.page for e in page.elements} != {1}:
                        found.append(f"{where}: the sheet is not one page")
    return found


def _report(found: list[str]) -> str:
    return f"{len(found)} layout problems, e.g.\n" + "\n".join(found[:15])


def test_every_kind_is_covered() -> None:
    assert set(CARD_CHOICES) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_pages_are_clean(kind: str) -> None:
    found = _problems(kind, FAST_SEEDS)
    assert not found, _report(found)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_pages_are_clean_for_a_whole_class(kind: str) -> None:
    found = _problems(kind, SLOW_SEEDS)
    assert not found, _report(found)


def test_score_sheets_are_clean() -> None:
    found = []
    for players in range(MIN_PLAYERS, MAX_SCORE_SHEET_PLAYERS + 1):
        for paper in PAPERS:
            page = score_sheet_layout(players, paper)
            where = f"score sheet, {players} players, {paper}"
            found += [f"{where}: {p}" for p in layout_problems(page.elements, page.area)]
    assert not found, _report(found)


# --- the checks catch what they are for ---------------------------------------------


def _page() -> Recorder:
    pdf = FPDF(unit="mm", format="letter")
    pdf.set_margins(13, 11, 13)
    pdf.set_auto_page_break(False, margin=10)
    page = Recorder(pdf)
    page.add_page()
    page.set_font("helvetica", "", 10)
    return page


def _check(page: Recorder) -> list[str]:
    return layout_problems(page.elements, page.area)


def test_a_clean_page_has_no_problems() -> None:
    page = _page()
    page.set_xy(13, 20)
    page.cell(40, 6, "Percent:")
    page.line(13 + page.get_string_width("Percent:") + 3, 25.2, 100, 25.2)
    with page.group("tally"):
        page.line(30, 40, 30, 44)
    page.rect(20, 38, 20, 8)
    assert _check(page) == []


def test_a_line_through_the_footer_is_caught() -> None:
    page = _page()
    page.set_font("helvetica", "", 7.5)
    page.set_xy(13, page.h - 13.5)
    page.cell(page.w - 26, 4, "footer", align="C")
    with page.group("questions"):
        page.line(100, page.h - 11.5, 200, page.h - 11.5)
    assert _check(page) == ["line of 'questions' crosses text 'footer'"]


def test_text_past_the_margin_is_caught() -> None:
    page = _page()
    page.set_xy(180, 20)
    page.cell(30, 6, "Percent: ____")
    (problem,) = _check(page)
    assert "text 'Percent: ____'" in problem and "leaves the printable area" in problem


def test_small_text_is_caught_also_inside_a_picture() -> None:
    page = _page()
    page.set_font("helvetica", "", MIN_TEXT_PT - 0.5)
    page.text(20, 30, "3")
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="112" '
        'viewBox="0 0 80 112"><text x="10" y="40" font-size="12">3</text></svg>'
    )
    page.image(io.BytesIO(svg.encode()), x=40, y=30, w=10.6, h=14.8)
    assert _check(page) == [
        "text '3' is set in 6.5 pt, below 7 pt",
        "text in image of 'page' is set in 4.51 pt, below 7 pt",
    ]


def test_touching_marks_and_overlapping_text_are_caught() -> None:
    page = _page()
    page.rect(20, 38, 20, 8)
    with page.group("tally"):
        page.line(20.1, 39, 20.1, 45)
    page.set_xy(13, 60)
    page.cell(30, 6, "one")
    page.set_xy(14, 60.5)
    page.cell(30, 6, "two")
    assert _check(page) == [
        "text 'one' overlaps text 'two'",
        "lines of 'page' touch lines of 'tally'",
    ]
