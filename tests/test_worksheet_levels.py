"""Differentiation: every worksheet kind at ``level="support"``, ``"core"`` and
``"extension"`` (issue 12, deliver 4). Core is the sheet as it was; support has fewer
cards to work, worked examples and a sentence frame under each question (the key fills
them in); extension has more cards and one more question, with its answer on the key.
Each kind's extension answer is checked against an independent computation here."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest
from test_worksheets import pdf_text

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import DECK
from xactika_edu.outputs.worksheets import _BUILDERS, KINDS
from xactika_edu.outputs.worksheets.estimation_levels import estimate_frame, extension_question
from xactika_edu.outputs.worksheets.levels import BLANK, LEVELS, Frame, check_level

PDFTOTEXT = shutil.which("pdftotext")
SEEDS = (1, 2, 12)

# The kinds whose levels are built (every kind, once each has its levels).
LEVELED = KINDS
# The kinds that draw a number of cards (the others always show one 8-card hand).
DRAWING = ("bar-graph", "pie-chart", "bell-curve", "simulation")


def _work(sheet) -> int:
    """How many cards (or leads, for the probability sheet) the student works out:
    those shown less the worked examples."""
    if sheet.kind == "probability":
        return len(sheet.leads) - sheet.examples
    if sheet.kind == "estimation":
        return len(sheet.hand) - sheet.examples
    return len(_cards(sheet)) - sheet.examples


def _cards(sheet) -> tuple:
    """The cards a sheet shows (the simulation's draws)."""
    return sheet.draws if sheet.kind == "simulation" else sheet.cards


def _frames(sheet) -> list[Frame]:
    if sheet.kind == "estimation":
        return [estimate_frame(sheet)]
    return [sheet.frame()] if sheet.kind == "probability" else sheet.frames()


def _extra(sheet) -> tuple[str, str]:
    """The extension sheet's extra question and its answer."""
    if sheet.kind == "probability":
        question, answer, _ = sheet.extension()
        return question, answer
    if sheet.kind == "estimation":
        return extension_question(sheet)
    return sheet.questions()[3]


def _whole_percent(top: int, bottom: int) -> int:
    """top/bottom as a whole percent, halves up, in integers only (not the library's)."""
    return (200 * top + bottom) // (2 * bottom)


def _key_percent(top: int, bottom: int) -> str:
    """A key's percent: exact when it has at most 2 decimals, else "about" the whole
    percent."""
    exact = Fraction(100 * top, bottom)
    if (exact * 100).denominator == 1:
        return f"{float(exact):g}%"
    return f"about {_whole_percent(top, bottom)}%"


def test_levels_and_a_bad_level_named():
    assert LEVELS == ("support", "core", "extension")
    assert check_level("extension") == "extension"
    for bad in ("hard", "Support", None, 2):
        with pytest.raises(XactikaError, match="unknown worksheet level") as caught:
            check_level(bad)
        assert repr(bad) in str(caught.value)


def test_a_frame_needs_one_answer_per_blank():
    assert Frame("{} and {}", ("1", "2")).blank() == f"{BLANK} and {BLANK}"
    with pytest.raises(XactikaError, match="2 blanks but 1 answers"):
        Frame("{} and {}", ("1",))


@pytest.mark.parametrize("kind", LEVELED)
def test_a_bad_level_is_refused_naming_it(kind):
    with pytest.raises(XactikaError, match="'expert'"):
        _BUILDERS[kind](1, level="expert")


@pytest.mark.parametrize("kind", LEVELED)
def test_core_is_the_default_and_unchanged(kind):
    for seed in SEEDS:
        default, core = _BUILDERS[kind](seed), _BUILDERS[kind](seed, level="core")
        assert default == core
        assert default.student_pdf() == core.student_pdf()
        assert default.key_pdf() == core.key_pdf()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", LEVELED)
def test_each_kind_and_level_builds_with_its_questions(kind, level):
    for seed in SEEDS:
        sheet = _BUILDERS[kind](seed, level=level)
        assert sheet.level == level
        if hasattr(sheet, "questions"):
            asked = sheet.questions()
            assert len(asked) == (4 if level == "extension" else 3)
            assert all(question and answer for question, answer in asked)


@pytest.mark.parametrize("kind", LEVELED)
def test_support_has_fewer_cards_to_work_and_extension_more(kind):
    for seed in SEEDS:
        support, core, extension = (_BUILDERS[kind](seed, level=level) for level in LEVELS)
        assert _work(support) < _work(core) <= _work(extension)
        if kind in DRAWING:
            assert len(_cards(support)) < len(_cards(core)) <= len(_cards(extension))
            # the bell curve's and the simulation's extension keep the core's cards (or
            # draws): their fourth question needs the room
            assert len(_cards(core)) < len(_cards(extension)) or kind in (
                "bell-curve",
                "simulation",
            )


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("kind", LEVELED)
def test_support_sheet_shows_sentence_frames_and_its_key_fills_them(kind, tmp_path):
    sheet = _BUILDERS[kind](2, level="support")
    student = pdf_text(sheet.student_pdf(), tmp_path, "s.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "k.pdf")
    assert "Support sheet." in student and "Support sheet." in key
    frames = _frames(sheet)
    assert len(frames) == (1 if kind in ("probability", "estimation") else 3)
    # (pdftotext may read a wrapped frame's second line after a graph's labels)
    for index, frame in enumerate(frames):
        start = " ".join(frame.text.split("{}")[0].split()[:3])
        assert start in student
        if kind == "simulation" and index == 2:
            # the key answers c) for the class, not the student's frame (review 16)
            assert " ".join(sheet.questions()[2][1].split()) in key
        else:
            assert start in key
        for answer in frame.answers:
            assert " ".join(answer.split()) in key
    assert student.count(BLANK) >= sum(len(frame.answers) for frame in frames)
    assert BLANK not in key
    assert "worked example" in student.lower()


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("kind", LEVELED)
def test_extension_sheet_asks_one_more_question_and_its_key_answers_it(kind, tmp_path):
    sheet = _BUILDERS[kind](12, level="extension")
    question, answer = _extra(sheet)
    student = pdf_text(sheet.student_pdf(), tmp_path, "s.pdf")
    key = pdf_text(sheet.key_pdf(), tmp_path, "k.pdf")
    assert "Extension sheet." in student
    assert " ".join(question.split())[:40] in student
    assert " ".join(answer.split()) in key
    assert " ".join(answer.split()) not in student


# --- each kind's extension answer, computed independently --------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_bar_graph_extension_relative_frequency(seed):
    sheet = _BUILDERS["bar-graph"](seed, level="extension")
    n = len(sheet.cards)
    eights = sum(1 for card in sheet.cards if sum(card.counts) == 8)
    in_deck = sum(1 for card in DECK if sum(card.counts) == 8)  # 19
    assert in_deck == 19 and n == 24
    answer = sheet.questions()[3][1]
    assert f"{_whole_percent(eights, n)}%" in answer.split("The deck")[0]
    assert f"{_whole_percent(19, 81)}%" in answer.split("The deck")[1]  # 23%
    higher = Fraction(eights, n) > Fraction(19, 81)
    assert answer.endswith("higher.") if higher else not answer.endswith("higher.")


@pytest.mark.parametrize("seed", SEEDS)
def test_probability_extension_lead_b_at_a_bigger_table(seed):
    # With 5 players the 4 others hold 32 of the 73 unseen cards; lead B's one threat
    # is set aside with chance (73 - 32)/73 = 41/73, about 56%.
    sheet = _BUILDERS["probability"](seed, level="extension")
    card, call = sheet.leads[1]
    held = set(sheet.hand)
    beaters = [c for c in DECK if c not in held and c.has(call) and c.value >= card.value]
    assert len(beaters) == 1
    unseen = 81 - 8
    chance = Fraction(unseen - 4 * 8, unseen)
    _, answer = _extra(sheet)
    assert answer.startswith(f"{chance.numerator}/{chance.denominator} = about ")
    assert f"{_whole_percent(chance.numerator, chance.denominator)}%" in answer
    assert "smaller" in answer


@pytest.mark.parametrize("seed", SEEDS)
def test_bell_curve_extension_mean_against_the_deck(seed):
    sheet = _BUILDERS["bell-curve"](seed, level="extension")
    values = [sum(card.counts) for card in sheet.cards]
    deck_mean = Fraction(sum(sum(card.counts) for card in DECK), len(DECK))
    assert deck_mean == 8  # every count 1, 2, 3 equally often: 4 x 2
    mean = Fraction(sum(values), len(values))
    tenths = (mean * 20 + 1) // 2  # to one decimal, halves up, in tenths
    _, answer = _extra(sheet)
    # review 10: "=" only when the mean is exactly that decimal, else "is about"
    sign = "=" if (mean * 10).denominator == 1 else "is about"
    assert answer.startswith(f"{sum(values)} ÷ {len(values)} {sign} {tenths // 10}.{tenths % 10}: ")
    side = "above" if mean > 8 else "below" if mean < 8 else "equal to"
    assert f"{side} 8" in answer


@pytest.mark.parametrize("seed", SEEDS)
def test_simulation_extension_expected_yes(seed):
    sheet = _BUILDERS["simulation"](seed, level="extension")
    assert sheet.event == "face value 8 or more"
    n = len(sheet.draws)
    in_deck = sum(1 for card in DECK if sum(card.counts) >= 8)  # 50
    got = sum(1 for card in sheet.draws if sum(card.counts) >= 8)
    expected = Fraction(n * in_deck, 81)
    tenths = (expected * 20 + 1) // 2
    off = (abs(got - expected) * 20 + 1) // 2
    _, answer = _extra(sheet)
    assert f"{n} × {in_deck}/81 = about {tenths // 10}.{tenths % 10}" in answer
    assert f"you got {got}, about {off // 10}.{off % 10} off" in answer


@pytest.mark.parametrize("seed", (*SEEDS, 3, 4))  # seeds 1 to 4: every grouping
def test_pie_chart_extension_probability_of_the_biggest_group(seed):
    sheet = _BUILDERS["pie-chart"](seed, level="extension")
    shapes = ("balls", "cubes", "cones", "stars")

    def group(card) -> int:  # 0, 1, 2: face value 4-6, 7-9, 10-12, or 1, 2, 3 of a shape
        if sheet.grouping == "face value":
            return (sum(card.counts) - 4) // 3
        return card.counts[shapes.index(sheet.grouping)] - 1

    mine = [sum(1 for card in sheet.cards if group(card) == g) for g in range(3)]
    biggest = mine.index(max(mine))
    in_deck = sum(1 for card in DECK if group(card) == biggest)
    n = len(sheet.cards)
    _, answer = _extra(sheet)
    deck_part, mine_part = answer.split("; your slice ")
    assert deck_part.startswith(f"{in_deck}/81")
    assert deck_part.endswith(_key_percent(in_deck, 81))
    assert mine_part.startswith(_key_percent(mine[biggest], n))
    bigger = Fraction(mine[biggest], n) > Fraction(in_deck, 81)
    assert mine_part.endswith("bigger.") == bigger


@pytest.mark.parametrize("seed", SEEDS)
def test_estimation_extension_chance_for_the_best_maybe(seed):
    sheet = _BUILDERS["estimation"](seed, level="extension")
    held = set(sheet.hand)

    def threats(card, call) -> int:
        return sum(1 for c in DECK if c not in held and c.has(call) and c.value >= card.value)

    best = {}  # each card's fewest threats over its calls
    for card in sheet.hand:
        best[card] = min(threats(card, call) for call in card.combinations)
    maybes = [card for card in sheet.hand if 1 <= best[card] <= 3]
    _, answer = _extra(sheet)
    # with no maybe card the question imagines a card with 2 threats
    fewest = min(best[card] for card in maybes) if maybes else 2
    # 73 unseen cards, 24 in the other three hands: every threat set aside
    chance = Fraction(1)
    for i in range(fewest):
        chance *= Fraction(49 - i, 73 - i)
    assert answer.endswith(
        f"= {chance.numerator}/{chance.denominator} = "
        f"{_key_percent(chance.numerator, chance.denominator)}"
    )
    assert answer.count("/") == fewest + 1
