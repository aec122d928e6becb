"""Every worksheet page is clean: laid out for many seeds, both papers, the fewest and
most cards, student sheet and key, nothing leaves the printable area, nothing prints
through anything else and no text (card digits included) is below 7 pt.

The pages are drawn through :class:`xactika_edu.outputs.worksheets.layout.Recorder`, which
records each element's box and font size as fpdf2 is asked to print it; the checks
are :func:`~xactika_edu.outputs.worksheets.layout.layout_problems`.
"""

from __future__ import annotations

import io

import pytest
from fpdf import FPDF

from xactika_edu.core.cards import MIN_PLAYERS
from xactika_edu.outputs.worksheets import _BUILDERS, KINDS
from xactika_edu.outputs.worksheets.bell_curve import MAX_BELL_CARDS, MIN_BELL_CARDS
from xactika_edu.outputs.worksheets.layout import MIN_TEXT_PT, Recorder, layout_problems
from xactika_edu.outputs.worksheets.levels import LEVELS
from xactika_edu.outputs.worksheets.page import PAPERS
from xactika_edu.outputs.worksheets.pie_chart import PIE_CARDS
from xactika_edu.outputs.worksheets.score_sheet import MAX_SCORE_SHEET_PLAYERS, score_sheet_layout
from xactika_edu.outputs.worksheets.sheet import MAX_CARDS, MIN_CARDS, page_layout
from xactika_edu.outputs.worksheets.simulation import MAX_DRAWS, MIN_DRAWS

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


def _problems(kind: str, seeds: tuple[int, ...], level: str = "core") -> list[str]:
    found = []
    # each level's default cards; the --cards range is laid out at core
    for cards in CARD_CHOICES[kind] if level == "core" else (None,):
        options = {"level": level} if cards is None else {"cards": cards, "level": level}
        for seed in seeds:
            sheet = _BUILDERS[kind](seed, **options)
            for paper in PAPERS:
                for key in (False, True):
                    page = page_layout(sheet, key=key, paper=paper)
                    which = "key" if key else "student sheet"
                    where = (
                        f"{kind} --level {level} --cards {cards or 'default'}, seed {seed}, "
                        f"{paper} {which}"
                    )
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


@pytest.mark.parametrize("level", ["support", "extension"])
@pytest.mark.parametrize("kind", KINDS)
def test_support_and_extension_pages_are_clean(kind: str, level: str) -> None:
    found = _problems(kind, FAST_SEEDS, level)
    assert not found, _report(found)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", KINDS)
def test_pages_are_clean_for_a_whole_class(kind: str, level: str) -> None:
    found = _problems(kind, SLOW_SEEDS, level)
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


# --- the spacing checks added after a teacher read the printed pages ----------------


def test_an_answer_line_on_a_box_border_is_caught() -> None:
    # the simulation's "Class total" box: its last writing line sat 0.5 mm above the border
    page = _page()
    page.set_line_width(0.6)
    page.rect(20, 40, 60, 20)
    page.set_line_width(0.3)
    page.line(50, 59.5, 77, 59.5)
    (problem,) = _check(page)
    assert "runs along" in problem
    clear = _page()
    clear.set_line_width(0.6)
    clear.rect(20, 40, 60, 22.5)
    clear.set_line_width(0.3)
    clear.line(50, 60.3, 77, 60.3)
    assert _check(clear) == []


def test_a_symbol_crowding_its_label_or_a_rule_is_caught() -> None:
    # the bell-curve table's markers sat just under the row name and over the row rule
    page = _page()
    page.set_xy(15, 20)
    page.cell(20, 5, "2 stars")
    page.line(13, 30, 60, 30)
    with page.symbol("2 stars marker"):
        page.line(16, 24.9, 19, 29.5)
    problems = _check(page)
    assert "symbol '2 stars marker' is within 0.8 mm of text '2 stars'" in problems
    assert "symbol '2 stars marker' is within 0.8 mm of line of 'page'" in problems


def test_text_crowding_the_footer_is_caught() -> None:
    # the bar-graph key's last working line ended 2 pt above the footer
    page = _page()
    page.set_font("helvetica", "", 7.5)
    with page.group("footer"):
        page.set_xy(13, page.h - 13.5)
        page.cell(page.w - 26, 4, "footer", align="C")
    page.set_font("helvetica", "", 8.5)
    page.set_xy(110, page.h - 17.2)
    page.cell(60, 4, "Frequency of 8 in the table: 9.")
    (problem,) = _check(page)
    assert "above the footer" in problem


def test_a_rule_touching_the_side_of_a_heading_is_caught() -> None:
    # the 8-player score sheet's "Tricks" filled its cell to 0.4 mm of each rule
    page = _page()
    page.set_font("helvetica", "B", 7)
    width = page.get_string_width("Tricks") + 0.8
    page.set_xy(40, 30)
    page.cell(width, 6, "Tricks", align="C")
    page.set_line_width(0.2)
    page.line(40, 28, 40, 38)
    page.line(40 + width, 28, 40 + width, 38)
    assert len(_check(page)) == 2
    assert all("is within 0.4 mm of text 'Tricks'" in p for p in _check(page))


def _texts(kind: str, seed: int, key: bool) -> list[str]:
    page = page_layout(_BUILDERS[kind](seed), key=key)
    return [e.text for e in page.elements if e.kind == "text"]


def test_bell_curve_markers_are_symbols_beside_their_names() -> None:
    page = page_layout(_BUILDERS["bell-curve"](7))
    marks = {e.group for e in page.elements if e.symbol}
    assert marks == {"1 star marker", "2 stars marker", "3 stars marker"}
    assert layout_problems(page.elements, page.area) == []


@pytest.mark.parametrize("seed", [6, 7])
def test_pie_chart_sorted_by_a_shape_prints_face_values(seed: int) -> None:
    # the sheet asks to count a shape, never for a face value: no "?" on sheet or key
    sheet = _BUILDERS["pie-chart"](seed)
    assert sheet.shape is not None
    for key in (False, True):
        page = page_layout(sheet, key=key)
        cards = [e.text for e in page.elements if e.group == "card" and e.kind == "text"]
        assert "?" not in cards
        values = [str(card.value) for card in sheet.cards]
        assert all(value in cards for value in values)


def test_pie_chart_sorted_by_face_value_asks_for_them() -> None:
    sheet = _BUILDERS["pie-chart"](5)
    assert sheet.shape is None
    student = [e.text for e in page_layout(sheet).elements if e.group == "card"]
    assert student.count("?") == len(sheet.cards)
    key = [e.text for e in page_layout(sheet, key=True).elements if e.group == "card"]
    assert "?" not in key


@pytest.mark.parametrize("paper", PAPERS)
def test_score_sheet_uses_the_page(paper: str) -> None:
    # 8 players on letter left 2.5 cm blank under the rules reminder
    for players in range(MIN_PLAYERS, MAX_SCORE_SHEET_PLAYERS + 1):
        page = score_sheet_layout(players, paper)
        texts = [e for e in page.elements if e.kind == "text"]
        footer = max(texts, key=lambda e: e.box[1])
        last = max(e.box[3] for e in texts if e is not footer)
        assert footer.box[1] - last < 12.0, (players, paper, footer.box[1] - last)
