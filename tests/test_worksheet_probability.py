"""Tests for the probability worksheet: the leads are the three kinds promised, every
key answer is recomputed independently (brute-force threats, the hypergeometric
formula) and checked against the library, and the PDFs are single deterministic pages."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from test_worksheets import pdf_text

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import DECK, Card, Combination, Hand
from xactika_edu.core.probability import chance_unbeatable, threats, whole_percent
from xactika_edu.outputs.worksheets import (
    KINDS,
    ProbabilityWorksheet,
    export_worksheets,
    probability_worksheet,
)

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")
SEEDS = [0, 1, 7, 42, 1006, 2024]


def pdf_pages(path: Path) -> int:
    out = subprocess.run([PDFINFO, str(path)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", out.stdout, re.MULTILINE).group(1))


def brute_threats(card: Card, call: Combination, hand: Hand) -> set[Card]:
    # RULES.md: a threat shows the call and has an equal or higher face value (the
    # later card wins ties); it is unseen, so not in the hand.
    return {
        other
        for other in DECK
        if other not in hand and other.has(call) and sum(other.counts) >= sum(card.counts)
    }


def test_registered_in_order():
    assert "probability" in KINDS
    assert KINDS.index("probability") > KINDS.index("bar-graph")


def test_same_seed_same_sheet_and_bytes():
    first = probability_worksheet(1006, number=7, of=30)
    again = probability_worksheet(1006, number=7, of=30)
    assert first == again
    assert first.label == "Worksheet 7 of 30 · seed 1006"
    assert first.student_pdf() == again.student_pdf()
    assert first.key_pdf("a4") == again.key_pdf("a4")


def test_students_get_different_hands():
    sheets = [probability_worksheet(300 + k) for k in range(6)]
    assert len({sheet.hand for sheet in sheets}) == 6


def test_repr_rebuilds_and_str_names_the_leads():
    sheet = probability_worksheet(3, number=2, of=4)
    assert eval(repr(sheet)) == sheet
    text = str(sheet)
    assert text.startswith("Worksheet 2 of 4 · seed 3: player ")
    for card, call in sheet.leads:
        assert f"{card} calling {call}" in text


@pytest.mark.parametrize("seed", range(40))
def test_leads_are_a_sure_trick_one_threat_and_a_harder_case(seed):
    sheet = probability_worksheet(seed)
    assert len(sheet.hand) == 8
    counts = [len(brute_threats(card, call, sheet.hand)) for card, call in sheet.leads]
    assert counts[0] == 0
    assert counts[1] == 1
    assert counts[2] in (2, 3)
    assert len({card for card, _ in sheet.leads}) == 3
    for card, call in sheet.leads:
        assert card in sheet.hand and card.has(call)


@pytest.mark.parametrize("seed", SEEDS)
def test_key_answers_match_the_library_and_an_independent_count(seed):
    sheet = probability_worksheet(seed)
    hand = sheet.hand
    # 81 cards, 8 in the hand: 73 unseen; 3 opponents hold 24; 49 set aside.
    assert (sheet.unseen, sheet.held_by_others, sheet.set_aside) == (73, 24, 49)
    for k, ((card, call), answer) in enumerate(zip(sheet.leads, sheet.answers(), strict=True)):
        expected = brute_threats(card, call, hand)
        assert set(sheet.threats(k)) == expected
        assert sheet.threats(k) == threats(card, call, hand=hand)
        assert answer["count"] == str(len(expected))
        listed = set() if answer["threats"] == "none" else set(Hand.parse(answer["threats"]))
        assert listed == expected
        # hypergeometric: C(U - T, H) / C(U, H), with U = 73 unseen, H = 24 held
        t = len(expected)
        exact = Fraction(math.comb(73 - t, 24), math.comb(73, 24))
        assert sheet.chance(k) == exact
        assert sheet.chance(k) == chance_unbeatable(card, call, hand=hand, players=4)
        # the step-by-step product equals it too
        assert math.prod(sheet.steps(k), start=Fraction(1)) == exact
        assert sheet.step_pairs(k) == [(49 - i, 73 - i) for i in range(t)]
        # the key writes the simplified fraction and the whole percent
        fraction_text, _, percent_text = answer["chance"].rpartition(" = ")
        assert Fraction(fraction_text) == exact
        assert fraction_text == (str(exact) if exact != 1 else "1")
        assert percent_text.endswith(f"{whole_percent(exact)}%")


def test_one_threat_chance_is_set_aside_over_unseen():
    for seed in SEEDS:
        sheet = probability_worksheet(seed)
        assert sheet.chance(1) == Fraction(49, 73)
        assert sheet.answers()[1]["chance"] == "49/73 = about 67%"
        assert sheet.answers()[0]["chance"] == "1 = 100%"


def test_constructor_checks_its_input():
    good = probability_worksheet(1)
    fields = {
        "number": 1,
        "of": 1,
        "seed": 0,
        "seat": good.seat,
        "hand": str(good.hand),
        "leads": tuple((str(c), str(k)) for c, k in good.leads),
    }
    assert ProbabilityWorksheet(**fields).leads == good.leads
    outside = next(card for card in DECK if card not in good.hand)
    with pytest.raises(XactikaError, match=f"{outside} is not in the hand"):
        ProbabilityWorksheet(**{**fields, "leads": ((outside, "1 ball"),) * 3})
    card = good.hand[0]
    missing = next(
        c for c in (Combination.parse(f"{n} balls") for n in (1, 2, 3)) if not card.has(c)
    )
    with pytest.raises(XactikaError, match=f"does not show {missing}"):
        ProbabilityWorksheet(**{**fields, "leads": ((card, missing),) * 3})
    with pytest.raises(XactikaError, match="3 leads, got 2"):
        ProbabilityWorksheet(**{**fields, "leads": fields["leads"][:2]})
    with pytest.raises(XactikaError, match="8 cards, got 3"):
        ProbabilityWorksheet(**{**fields, "hand": "1111 2222 3333"})
    with pytest.raises(XactikaError, match="got 4"):
        ProbabilityWorksheet(**{**fields, "seat": 4})


@pytest.mark.parametrize("cards", [16, 8, 0])
def test_cards_option_is_refused_naming_the_value(tmp_path, cards):
    with pytest.raises(XactikaError, match=f"got {cards}$"):
        probability_worksheet(1, cards=cards)
    with pytest.raises(XactikaError, match=f"got {cards}$"):
        export_worksheets(tmp_path, kind="probability", students=1, cards=cards)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seed", [-1, None, 1.5])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(XactikaError, match=re.escape(repr(seed))):
        probability_worksheet(seed)


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_text_has_label_leads_and_key_answers(tmp_path):
    sheet = probability_worksheet(1006, number=7, of=30)
    student = pdf_text(sheet.student_pdf(), tmp_path, "s.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "k.pdf")
    for text in (student, key):
        assert "Worksheet 7 of 30 · seed 1006" in text
        assert f"player {sheet.seat + 1}" in text
        for card, call in sheet.leads:
            assert f"({card}) and call {call}" in text
    assert "ANSWER KEY" in key and "ANSWER KEY" not in student
    for answer in sheet.answers():
        fraction, _, _ = answer["chance"].rpartition(" = ")
        assert fraction in key
        assert answer["threats"] in key
    for k in (1, 2):
        assert str(sheet.chance(k)) in key
        assert str(sheet.chance(k)) not in student
        for threat in sheet.threats(k):
            assert str(threat) not in student
    assert sheet.answers()[2]["working"] in key


def test_export_two_students(tmp_path):
    paths = export_worksheets(tmp_path, kind="probability", students=2, seed=10)
    names = [p.relative_to(tmp_path).as_posix() for p in paths]
    assert names[0] == "probability/student-01.pdf"
    assert names[-1] == "probability/all-keys.pdf"
    assert paths[2].read_bytes() == probability_worksheet(11, number=2, of=2).student_pdf()


def test_rendering_logs_no_fpdf_warnings(caplog):
    with caplog.at_level("WARNING"):
        probability_worksheet(2).key_pdf()
    assert [record.getMessage() for record in caplog.records] == []


@pytest.mark.parametrize("seed", range(0, 60, 5))
def test_every_page_fits_above_the_footer(seed):
    # the page refuses to draw past the footer, so drawing is the check
    from xactika_edu.outputs.worksheets import new_pdf

    sheet = probability_worksheet(seed)
    for paper in ("letter", "a4"):
        for key in (False, True):
            sheet.add_page(new_pdf(paper), key=key)


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_key_writes_about_not_a_tilde(tmp_path, paper):
    # the teacher's report: this key wrote "~67%" where every other kind writes "about"
    sheet = probability_worksheet(1)
    key = " ".join(pdf_text(sheet.key_pdf(paper), tmp_path, "k.pdf").split())
    assert "~" not in key
    for answer in sheet.answers():
        percent = answer["chance"].rpartition(" = ")[2]
        assert f"Percent: {percent}" in key


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("level", ["support", "core", "extension"])
def test_review10_the_chance_box_agrees_with_simplify_if_you_can(tmp_path, level):
    # review 10: the box asked for the "simplest fraction" while the line under it says
    # "(simplify if you can), or give a percent"
    sheet = probability_worksheet(1006, level=level)
    text = " ".join(pdf_text(sheet.student_pdf(), tmp_path, "s.pdf").split())
    assert "simplest fraction" not in text
    assert "Chance nobody can beat it (a fraction):" in text


@pytest.mark.parametrize("seed", range(12))
def test_review10_support_lead_c_has_two_threats_like_the_lessons_tree(seed):
    # review 10: a support sheet's lead C had 3 threats (49/73 x 48/72 x 47/71), harder
    # than the lesson's tree; it now has exactly 2, counted independently
    sheet = probability_worksheet(seed, level="support")
    counts = [len(brute_threats(card, call, sheet.hand)) for card, call in sheet.leads]
    assert counts == [0, 1, 2]
    core = probability_worksheet(seed)
    assert probability_worksheet(seed, level="extension").leads == core.leads
