"""Self-check questions: right answers in every reasonable form pass, wrong ones get
the hint without the answer, and nothing a student types makes check() raise."""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xactika_edu import value_distribution
from xactika_edu.base.errors import XactikaError
from xactika_edu.teaching.selfcheck import RULE_PLACES, Question, Verdict

# 19 of the 81 cards have face value 8: the four shape counts sum to 8 in 19 ways.
EIGHTS = value_distribution().loc[8, "fraction"]


def fraction_question() -> Question:
    return Question(
        "What part of the deck has face value 8?",
        EIGHTS,
        hint="Count the cards with value 8, then divide by the number of cards.",
        explanation="19 of the 81 cards have value 8.",
    )


def test_the_fraction_is_the_deck_fact():
    assert Fraction(19, 81) == EIGHTS


@pytest.mark.parametrize(
    "response",
    [
        "19/81",
        " 19 / 81 ",
        "19/81.",
        EIGHTS,
        Fraction(38, 162),
        float(EIGHTS),
        0.23,  # 2 decimal places: within 0.005 of 0.2346
        "0.23",
        ".23",
        "0.235",
        "23%",
        "23 %",
        "23.5%",
        "23 percent",
        Decimal("0.23"),
        np.float64(0.2346),
    ],
)
def test_numeric_answer_accepts_equivalent_forms(response):
    verdict = fraction_question().check(response)
    assert verdict.correct, (response, verdict)
    assert str(verdict) == "✔ Right! 19 of the 81 cards have value 8."


@pytest.mark.parametrize("response", ["0.24", 0.22, "24%", "1/4", "19/80", 19, 0, -0.23, "2 2/3"])
def test_wrong_numbers_get_the_hint_and_not_the_answer(response):
    question = fraction_question()
    verdict = question.check(response)
    assert verdict.status == "not yet" and not verdict
    assert verdict.message.startswith("✘ Not yet. Hint: Count the cards with value 8")
    assert "19/81" not in verdict.message and "0.23" not in verdict.message
    assert question.explanation not in verdict.message


def test_a_whole_percent_without_the_sign_gets_a_nudge():
    verdict = fraction_question().check(23)
    assert verdict.status == "not yet"
    # the nudge echoes the student's own number, nothing more
    assert 'add a % sign: "23%"' in verdict.message
    assert "% sign" not in fraction_question().check(50).message


def test_one_rounding_rule_nearest_hundredth_half_up():
    assert RULE_PLACES == 2
    question = Question("8/3 as a decimal?", Fraction(8, 3), hint="Divide.")
    assert question.check("2.67")  # 2.6667 rounded to 2 places
    assert question.check(2.667) and question.check("2.6667")
    assert not question.check(2.7)
    assert not question.check("2.66")  # truncated, not rounded
    assert not question.check("2.668")  # more places, rounded wrong
    # the two cases: 1/8 truncated to 12% was right, 2/3 truncated to 66% wrong
    eighth = Question("1/8 as a percent?", Fraction(1, 8), hint="Divide.")
    assert eighth.check("13%") and eighth.check("12.5%") and eighth.check("0.125")
    assert not eighth.check("12%")
    two_thirds = Question("2/3 as a percent?", Fraction(2, 3), hint="Divide.")
    assert two_thirds.check("67%") and not two_thirds.check("66%")
    # fewer places typed are read as the rule's: 0.3 is 0.30
    assert Question("?", Fraction(296, 1000), hint="h").check("0.3")
    # one decimal place, as a question may ask ("round to one decimal place")
    degrees = Question("Degrees?", Fraction(360, 7), hint="h", places=1)
    assert degrees.check("51.4") and not degrees.check("51")
    strict = Question("Exactly?", Fraction(8, 3), hint="Divide.", tolerance=0)
    assert strict.check("8/3") and strict.check("2 2/3")
    assert not strict.check("2.67")
    # fractions and whole numbers are exact: a nearby fraction is not the answer
    assert not question.check("19/7") and not question.check("27/10")
    # a rounded answer (a float) is compared with the tolerance, whatever the form
    rounded = Question("8/3 as a decimal?", 2.67, hint="Divide.")
    assert rounded.check("8/3") and rounded.check(Fraction(8, 3))
    loose = Question("Roughly?", 8, hint="The middle.", tolerance=0.5)
    assert loose.check(7.6) and not loose.check(7.4)
    # an estimate: a whole number near the exact answer is right too (28 for 2280/81)
    estimate = Question("About how many 8s?", Fraction(2280, 81), hint="h", tolerance=0.6)
    assert estimate.check("28") and estimate.check("28.1") and not estimate.check("27")


@pytest.mark.parametrize(
    ("response", "right"),
    [
        (8, True),
        ("8", True),
        (8.0, True),
        ("eight", True),
        ("Eight.", True),
        (np.int64(8), True),
        (7, False),
        ("seven", False),
    ],
)
def test_whole_number_answers(response, right):
    question = Question("Which face value is most common?", np.int64(8), hint="Tallest bar.")
    assert bool(question.check(response)) is right


@pytest.mark.parametrize(
    "response",
    [
        "",
        "   ",
        None,
        ...,
        "abc",
        "1/0",
        "nan",
        float("nan"),
        float("inf"),
        True,
        [8],
        {"a": 1},
        1j,
        "8 cards or 9",
        object(),
        b"8",
        "1e999",
    ],
)
def test_odd_input_is_read_kindly_not_raised(response):
    verdict = Question("Which value?", 8, hint="Tallest bar.").check(response)
    assert verdict.status == "unreadable"
    assert verdict.message.startswith("? ")
    assert "whole number" in verdict.message and "%" in verdict.message


def test_empty_input_says_there_is_no_answer_yet():
    for response in ("", None, ...):
        message = Question("Which value?", 8, hint="Tallest bar.").check(response).message
        assert message.startswith("? There is no answer yet.")
    message = Question("Which value?", 8, hint="Tallest bar.").check("abc").message
    assert message.startswith("? I could not read 'abc' as a number.")


@pytest.mark.parametrize("answer", [Fraction(3, 4), 0.75, 7, {7, 5}, "75%", "3/4"])
def test_the_form_examples_never_give_the_answer_away(answer):
    question = Question("?", answer, hint="h")
    message = question.check("abc").message
    examples = re.findall(r'like "?([^",]+?)"?(?:,| or|\.$)', message)
    assert examples, message
    assert not any(question.check(example) for example in examples), message


def test_text_answers_ignore_case_spaces_articles_and_punctuation():
    question = Question("What shape is the bar graph?", {"bell", "bell curve"}, hint="It rings.")
    right = ("bell", "Bell", " BELL ", "a bell", "The bell curve!", "bell  curve", '"bell"')
    for response in right:
        assert question.check(response), response
    for response in ("square", "bells", "curve", 0):
        verdict = question.check(response)
        assert verdict.status == "not yet"
        assert "bell" not in verdict.message.lower()
    for response in ("", "...", None, [1]):
        verdict = question.check(response)
        assert verdict.status == "unreadable"
        assert "Type a word, like square." in verdict.message


def test_word_example_avoids_the_answer():
    message = Question("Which shape?", "square", hint="h").check("").message
    assert "square" not in message and "like circle." in message


def test_mixed_answers_accept_numbers_and_words():
    question = Question("How many shapes?", [4, "four shapes"], hint="Look at a card.")
    assert question.answer == (4, "four shapes")
    assert question.check(4) and question.check("4") and question.check("Four shapes")
    assert question.check("four")  # number word, read as 4
    assert question.check("five").status == "not yet"
    assert question.check("xyz").status == "not yet"  # text is a readable try here


def test_answer_collections_are_stored_as_tuples_so_questions_stay_hashable():
    question = Question("Shape?", {"hill", "bell"}, hint="h")
    assert question.answer == ("bell", "hill")  # sorted, so the display is stable
    assert hash(question) == hash(Question("Shape?", {"bell", "hill"}, hint="h"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        question.answer = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"prompt": "Q?", "answer": None, "hint": "h"},
        {"prompt": "Q?", "answer": [], "hint": "h"},
        {"prompt": "Q?", "answer": "  ", "hint": "h"},
        {"prompt": "Q?", "answer": float("nan"), "hint": "h"},
        {"prompt": "Q?", "answer": object(), "hint": "h"},
        {"prompt": "", "answer": 1, "hint": "h"},
        {"prompt": 5, "answer": 1, "hint": "h"},
        {"prompt": "Q?", "answer": 1, "hint": None},
        {"prompt": "Q?", "answer": 1, "hint": "h", "tolerance": -1},
        {"prompt": "Q?", "answer": 1, "hint": "h", "tolerance": "big"},
    ],
)
def test_a_badly_written_question_raises(kwargs):
    with pytest.raises(XactikaError):
        Question(**kwargs)


def test_verdict_is_truthy_only_when_right_and_displays_its_message():
    right = fraction_question().check("19/81")
    wrong = fraction_question().check("1/2")
    assert isinstance(right, Verdict) and right and not wrong
    assert right.correct and not wrong.correct

    class Printer:
        def __init__(self):
            self.out = ""

        def text(self, value):
            self.out += value

    printer = Printer()
    wrong._repr_pretty_(printer, False)
    assert printer.out == wrong.message


def test_no_hint_still_says_not_yet():
    assert str(Question("Q?", 1, hint="").check(2)) == "✘ Not yet. Try again."


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text += data


def test_html_shows_prompt_and_hides_answer_in_details():
    question = fraction_question()
    html = question._repr_html_()
    parsed = _Collect()
    parsed.feed(html)
    assert "details" in parsed.tags and "summary" in parsed.tags
    assert html.index(question.prompt) < html.index("<details>")
    details = html[html.index("<details>") :]
    assert "<summary>Show the answer</summary>" in details
    assert "19/81 (about 0.23, or 23%)" in details  # whole percents, as in the lessons
    assert question.explanation in details
    before_details = html[: html.index("<details>")]
    assert "19/81" not in before_details


def test_html_escapes_text():
    question = Question("Is 3 < 5 & 5 > 3?", "yes", hint="h", explanation="<b>yes</b>")
    html = question._repr_html_()
    assert "3 &lt; 5 &amp; 5 &gt; 3" in html and "&lt;b&gt;yes&lt;/b&gt;" in html


def test_plain_text_shows_the_prompt_but_not_the_answer():
    question = fraction_question()
    assert str(question).startswith(question.prompt)
    assert "19/81" not in str(question) and ".check(" in str(question)


def test_answer_text_formats():
    assert Question("Q?", Fraction(8, 1), hint="h").answer_text == "8"
    assert Question("Q?", Fraction(3, 4), hint="h").answer_text == "3/4 (0.75, or 75%)"
    # a decimal and a percent that end are shown exactly; others rounded half up
    assert Question("Q?", Fraction(1, 8), hint="h").answer_text == "1/8 (about 0.13, or 13%)"
    assert Question("Q?", Fraction(1, 3), hint="h").answer_text == "1/3 (about 0.33, or 33%)"
    assert Question("Q?", Fraction(5, 8), hint="h").answer_text == "5/8 (about 0.63, or 63%)"
    assert Question("Q?", Fraction(2, 3), hint="h").answer_text == "2/3 (about 0.67, or 67%)"
    # a number that is not a part of a whole gets no percent: an angle in degrees
    assert Question("Q?", Fraction(360, 7), hint="h").answer_text == "360/7 (about 51.43)"
    # A part near 0 or 1 is not rounded to a certainty it is not, as a percent
    # (formatting.percent, the lessons' rule; before, 1/300 showed as "0%" and 299/300
    # as "100%") nor as a decimal (before, "about 0.00, or < 1%": zero and not zero).
    assert Question("Q?", Fraction(1, 300), hint="h").answer_text == (
        "1/300 (about 0.0033, or < 1%)"
    )
    assert Question("Q?", Fraction(299, 300), hint="h").answer_text == (
        "299/300 (about 0.9967, or > 99%)"
    )
    assert Question("Q?", 2.6666666, hint="h").answer_text == "2.667"
    assert Question("Q?", ["bell", "hill"], hint="h").answer_text == 'bell (also accepted: "hill")'


@given(
    st.one_of(
        st.text(max_size=30),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.fractions(),
        st.none(),
        st.lists(st.integers(), max_size=3),
        st.booleans(),
    )
)
def test_check_never_raises(response):
    for question in (
        fraction_question(),
        Question("Which?", 8, hint="h"),
        Question("Shape?", {"bell", 8}, hint="h"),
    ):
        verdict = question.check(response)
        assert verdict.status in {"right", "not yet", "unreadable"}
        assert verdict.message


@pytest.mark.parametrize(
    ("answer", "response", "status"),
    [
        (7, "7 ways", "right"),
        (18, "18°", "right"),
        (3, "line 3", "right"),
        (1000, "1,000 draws", "right"),
        (Fraction(19, 81), "19/81 of the deck", "right"),
        (8, "7 ways", "not yet"),
        (3, "3 or 9", "unreadable"),  # two numbers: which one is meant?
        (3, "3 - 0", "right"),  # a difference is read as on paper (review 5)
    ],
)
def test_a_number_among_words_is_read(answer, response, status):
    assert Question("Q?", answer, hint="h").check(response).status == status


def test_a_yes_or_no_question_asks_for_yes_or_no():
    question = Question("Is it fair?", "no", hint="h")
    assert question.check(None).message == "? There is no answer yet. Type yes or no."
    assert question.check("No.").correct and not question.check("yes").correct


def test_a_word_question_suggests_a_word_from_its_prompt_but_never_the_answer():
    question = Question('More or fewer? Type "fewer", "more" or "same".', "fewer", hint="h")
    message = question.check(None).message
    assert message.endswith("like more.") and "fewer" not in message


# --- bad input gets one library error naming it (issue #9, item 19) -----------------


@pytest.mark.parametrize("answer", [Fraction(19, 81), 7, "bell", ["bell", 3]], ids=repr)
def test_check_never_raises_on_huge_or_deep_responses(answer):
    # Before: ValueError "Exceeds the limit (4300 digits)" or RecursionError.
    question = Question("What?", answer, hint="Count.")
    deep: list[object] = []
    for _ in range(3000):
        deep = [deep]
    for response in (10**5000, -(10**5000), Fraction(1, 10**5000), "9" * 5000, deep, [10**5000]):
        verdict = question.check(response)
        assert verdict.status in ("not yet", "unreadable")
        assert len(str(verdict)) < 400


def test_a_number_answer_too_large_to_show_is_refused():
    # Before: decimal.InvalidOperation from the "Show the answer" text.
    for answer in (Fraction(10**5000, 3), Fraction(1, 10**5000), 10**16):
        with pytest.raises(XactikaError, match="a number answer must be at most"):
            Question("What?", answer, hint="h")
    assert Question("What?", 10**15, hint="h").answer_text == "1000000000000000"
    assert Question("What?", 1e-300, hint="h").answer_text == "1e-300"
    with pytest.raises(XactikaError, match="tolerance must be a number of at least 0, got inf"):
        Question("What?", 1, hint="h", tolerance=float("inf"))


def test_a_question_that_asks_for_one_form_says_that_form_when_there_is_no_answer():
    # Lesson 5 asks for "3 decimal places, like 0.123": the message for a missing or
    # unreadable answer must not offer "a percent like '75%'" instead.
    q = Question(
        "About how big is the typical error? Give a decimal to 3 decimal places, like 0.123.",
        Fraction(28, 1000),
        hint="Halve it.",
        tolerance=0.0015,
        form="a decimal to 3 decimal places, like 0.123",
    )
    for response in (None, "", "about a bit"):
        message = str(q.check(response))
        assert message.endswith("Type a decimal to 3 decimal places, like 0.123."), message
        assert "%" not in message
    assert q.check("0.028").correct
    with pytest.raises(XactikaError, match="form must be text"):
        Question("How many?", 3, hint="Count.", form=3)  # type: ignore[arg-type]


# --- tiny and near-whole answers, and answers written as inequalities (issue #10) ---

TINY = Fraction(1, 700)  # the reviewer's answer: far below 1%, but not 0
NEAR_ALL = Fraction(699, 700)


def tiny_question(answer: Fraction = TINY, **kwargs) -> Question:
    return Question("What part of the deals?", answer, hint="Read the bar's label.", **kwargs)


def test_a_tiny_answer_is_never_shown_as_0_or_1_next_to_its_percent():
    # Before: "1/700 (about 0.00, or < 1%)" and "699/700 (about 1.00, or > 99%)".
    assert tiny_question().answer_text == "1/700 (about 0.0014, or < 1%)"
    assert tiny_question(NEAR_ALL).answer_text == "699/700 (about 0.9986, or > 99%)"
    # the same fault for a float answer: before, 0.99999 showed as "1"
    assert Question("Q?", 0.99999, hint="h").answer_text == "0.99999"
    assert Question("Q?", 0.999951, hint="h").answer_text == "0.99995"
    assert Question("Q?", 1.0, hint="h").answer_text == "1"
    # the answer as shown is still marked right
    assert tiny_question().check("0.0014") and tiny_question(NEAR_ALL).check("0.9986")


@pytest.mark.parametrize(
    ("answer", "response"),
    [
        (TINY, "< 1%"),  # the text the answer box shows
        (TINY, "<1%"),
        (TINY, "less than 1%"),  # before: read as "1%", "Not yet"
        (TINY, "under 1 percent"),
        (TINY, "1% or less"),
        (TINY, "≤ 0.01"),
        (NEAR_ALL, "> 99%"),
        (NEAR_ALL, "more than 99%"),
        (NEAR_ALL, "99% or more"),
        (Fraction(1, 3), "at least 0.3"),
    ],
)
def test_an_answer_written_as_an_inequality_asks_for_the_exact_answer(answer, response):
    # Before: "? I could not read '< 1%' as a number. Type a whole number like 7, ..."
    verdict = tiny_question(answer).check(response)
    assert verdict.status == "unreadable"
    assert verdict.message == (
        f"? {response!r} says how big the answer is, not what it is. Type the exact answer: "
        "a whole number like 7, a fraction like 3/4 or a decimal like 0.75."
    )


def test_the_inequality_message_keeps_the_answer_and_the_questions_form():
    # a whole-number question: the examples still avoid its answer (7 -> 5)
    message = Question("How many?", 7, hint="Count.").check("at least 3").message
    assert "like 5" in message and "7" not in message
    # a question that asks for one form says that form
    asked = tiny_question(form="a decimal to 4 places, like 0.1234").check("less than 1%")
    assert asked.message.endswith("not what it is. Type a decimal to 4 places, like 0.1234.")
    # a text question is not a number question: the usual "Not yet"
    assert Question("Shape?", "bell", hint="h").check("< 1%").status == "not yet"
    # "about" is not an inequality: the number is read
    assert tiny_question().check("about 0.0014").correct


@pytest.mark.parametrize("response", ["0%", "0", "0.00", "0.0", 0.0, 0, "0 %"])
def test_zero_is_not_right_for_an_answer_that_is_not_zero_in_any_form(response):
    # Before: "0%", "0.00" and 0.0 were "Right!" (within 0.005 of 1/700) but "0" was
    # "Not yet": now all say not yet, and why, without the answer.
    verdict = tiny_question().check(response)
    assert verdict.status == "not yet"
    typed = response.strip() if isinstance(response, str) else str(response)
    assert verdict.message == (
        f'✘ Not yet. Hint: Read the bar\'s label. ("{typed}" would mean none at all, and the '
        "answer is a little more than 0. Type the exact answer: a fraction like 3/4 or a "
        "decimal like 0.75.)"
    )
    assert "700" not in verdict.message and "0.0014" not in verdict.message


@pytest.mark.parametrize("response", ["100%", "1", "1.00", 1.0])
def test_one_is_not_right_for_an_answer_below_one(response):
    verdict = tiny_question(NEAR_ALL).check(response)
    assert verdict.status == "not yet"
    assert "would mean all of it, and the answer is a little less than 1." in verdict.message


@pytest.mark.parametrize("response", ["1/700", "0.14%", "0.1%", "0.001", "0.0014", 0.0014])
def test_a_tiny_answer_in_a_right_form_is_still_right(response):
    assert tiny_question().check(response).correct


def test_the_certainty_rule_only_touches_parts_strictly_between_0_and_1():
    # an answer of exactly 0 or 1 takes 0 and 1 in every form
    for response in ("0", "0%", "0.00"):
        assert tiny_question(Fraction(0)).check(response).correct
    for response in ("1", "100%", "1.00"):
        assert tiny_question(Fraction(1)).check(response).correct
    # a number that is not a part of a whole (a mean score) still rounds to 0.00
    assert Question("Mean?", Fraction(-1, 700), hint="h").check("0.00").correct
    # the note comes only when 0 or 1 would otherwise have been right
    far = tiny_question(Fraction(1, 3)).check("0%")
    assert far.message == "✘ Not yet. Hint: Read the bar's label."
    # and a wrong answer stays wrong: the whole-percent nudge is unchanged
    nudge = fraction_question().check(23)
    assert 'add a % sign: "23%"' in nudge.message and "none at all" not in nudge.message


# --- answers as a 12-year-old writes them (issue 12 reviews) --------------------------


@pytest.mark.parametrize("typed", ["negative 2", "minus 2", "- 2", "−2", "Minus 2."])
def test_a_negative_number_in_words_or_with_a_space(typed):
    assert Question("Your score?", -2, hint="A miss.").check(typed).correct


def test_n_out_of_m_is_a_fraction():
    question = Question("What part?", Fraction(15, 81), hint="Count.")
    assert question.check("15 out of 81").correct and question.check("5 out of 27").correct
    assert not question.check("16 out of 81").correct


@pytest.mark.parametrize("answer, typed", [(Fraction(3, 2), "150%"), (18, "1800%"), (9, "900%")])
def test_a_percent_is_only_right_for_a_part_of_a_whole(answer, typed):
    # before: "150%" was accepted for a mean absolute deviation of 1.5
    assert not Question("How much?", answer, hint="h").check(typed).correct


def test_the_answer_fold_gives_the_rounded_percent_the_lessons_ask_for():
    assert (
        Question("?", Fraction(873, 2000), hint="h").answer_text == "873/2000 (about 0.44, or 44%)"
    )
    assert Question("?", Fraction(1, 4), hint="h").answer_text == "1/4 (0.25, or 25%)"


def test_a_word_answer_with_a_reason_after_a_comma():
    # review 12: "no, it is the same" was "Not yet" for the answer "no"
    question = Question("Does the next roll change?", "no", hint="Do dice remember?")
    assert question.check("no, it is the same").correct and question.check("No; dice forget.")
    assert not question.check("yes, no").correct


def test_a_long_list_of_phrasings_is_not_all_shown():
    question = Question(
        "?", ["less", "narrower", "not as spread out", "thinner", "skinnier"], hint="h"
    )
    assert (
        question.answer_text
        == 'less (also accepted: "narrower", "not as spread out", "thinner" and the like)'
    )
    assert question.check("skinnier").correct


def test_an_en_dash_is_a_minus_sign():
    assert Question("Score?", -2, hint="h").check("–2").correct


# Review 4 (r4a): one rule for word answers, degrees in any keyboard form, "66 2/3%",
# a typed product, a loss said in words, and a hint that never gives the answer.
SPREAD_KEYS = ("less", "narrower", "closer", "tighter", "more narrow", "not as wide")
SPREAD_CONTRARY = ("more spread", "wider", "same", "bigger spread")


def spread_question() -> Question:
    return Question(
        "With n = 16, are the means more spread out or less spread out?",
        "less",
        hint="Compare how wide the bells are.",
        key_words=SPREAD_KEYS,
        contrary=SPREAD_CONTRARY,
        meaning="the means are less spread out",
    )


@pytest.mark.parametrize(
    ("said", "status"),
    [
        ("less", "right"),
        ("Less, because there are more cards", "right"),  # "more" is no contrary word here
        ("the bell is narrower", "right"),
        ("more narrow", "right"),  # the longest phrase counts
        ("it is not as wide", "right"),
        ("they're closer together", "right"),
        ("LESS SPREAD-OUT", "right"),
        ("less. it is tighter", "right"),
        ("more spread out", "not yet"),
        ("wider", "not yet"),
        ("less, no, wider", "not yet"),  # a contrary word anywhere
        ("not narrower", "not yet"),  # a key word said with "not"
        ("isn't closer", "not yet"),
        ("the same", "not yet"),
        ("square", "not yet"),
    ],
)
def test_word_answers_one_rule(said, status):
    assert spread_question().check(said).status == status


_FILLER = st.sampled_from(["it", "is", "the", "bell", "n", "16", "than", "with", "so", "very"])
_KEY = st.sampled_from(["less", "narrower", "closer", "tighter", "less spread out"])


@given(
    before=st.lists(st.one_of(_FILLER, _KEY), max_size=6),
    after=st.lists(st.one_of(_FILLER, _KEY), max_size=6),
    contrary=st.sampled_from(SPREAD_CONTRARY),
    mark=st.sampled_from([", ", ". ", "; ", " because "]),
)
def test_no_response_with_a_contrary_word_passes(before, after, contrary, mark):
    """Whatever key words a response holds, one contrary word (not after "not") makes it
    wrong."""
    said = " ".join(before) + mark + contrary + mark + " ".join(after)
    assert not spread_question().check(said).correct, said


def test_word_rule_refuses_a_word_that_is_both_right_and_contrary():
    with pytest.raises(XactikaError, match="both right and contrary: wider"):
        Question("Q?", "less", hint="h", key_words=("wider",), contrary=("wider",))
    with pytest.raises(XactikaError, match="contrary"):
        Question("Q?", "less wide", hint="h", contrary=("wide",))
    with pytest.raises(XactikaError, match="list of words"):
        Question("Q?", "less", hint="h", key_words="narrower")


def test_yes_no_answer_takes_any_reason_without_a_contrary_word():
    question = Question(
        "Is the next roll less likely? Answer yes or no.",
        ("no", "nope"),
        hint="Do the dice remember?",
        key_words=("same", "independent"),
        contrary=("yes", "less", "more"),
        meaning="the chance stays the same",
    )
    for said in (
        "No. Each roll is independent",
        "no it is the same",
        "same chance",
        "no, it's not less likely",
        "Nope!",
    ):
        assert question.check(said).correct, said
    for said in (
        "no, it is more likely",
        "No, it is less likely",
        "yes",
        "no, not the same",
        "nothing",
    ):
        assert not question.check(said).correct, said
    assert question.answer_text == (
        'no (also accepted: "nope", or any answer that says the chance stays the same)'
    )


def test_the_fold_quotes_words_and_names_key_words_without_a_meaning():
    question = Question("Q?", "less", hint="h", key_words=("narrower", "closer"))
    assert question.answer_text == 'less (or any answer with "narrower" or "closer")'
    assert spread_question().answer_text == (
        "less (or any answer that says the means are less spread out)"
    )


@pytest.mark.parametrize("said", ["18", "18°", "18º", "18˚", "18 deg", "18 degrees", "18 °"])
def test_degrees_in_every_keyboard_form(said):
    question = Question("How many degrees?", ["18°", 18, "18 degrees"], hint="Share 360.")
    assert question.check(said).correct
    assert question.answer_text == "18° (also accepted: 18, 18 degrees)"


def test_a_percent_with_a_fraction_is_read():
    question = Question("What part?", Fraction(2, 3), hint="Count the cards.")
    assert question.check("66 2/3%").correct and question.check("66⅔%").correct
    assert question.check("66 1/3%").status == "not yet"
    assert question.check("66%").status == "not yet"


def test_a_typed_product_is_its_value():
    question = Question("What is the chance?", Fraction(44, 219), hint="Use the tree.")
    for said in (
        "33/73 × 32/72",
        "33/73 x 32/72",
        "33/73*32/72",
        "33/73 · 32/72",
        "33/73 × 32/72 = 44/219",
        "33/73 × 32/72 ≈ 20%",
    ):
        assert question.check(said).correct, said
    assert question.check("33/73 × 31/72").status == "not yet"
    assert question.check("33/73 × 32/72 = 1/2").status == "not yet"  # the last side counts
    assert question.check("33/73 ×").status == "unreadable"


def test_a_loss_said_in_words_is_below_0():
    question = Question("How many points?", -2, hint="A miss scores below 0.")
    for said in ("lose 2", "lost 2", "-2 points", "lose 2 points", "minus 2 points", "a loss of 2"):
        assert question.check(said).correct, said
    # "minus 2 points" was read as 2 (the sign was dropped): not right for 2
    assert not Question("How many points?", 2, hint="h").check("minus 2 points").correct


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (Fraction(2, 3), "The labels are rounded: count the cards, 54 of 81."),
        (Fraction(2, 3), "It is 2/3 of the deck."),
        (Fraction(2, 3), "Count them: 67%."),
        (18, "It is 18 degrees."),
        ("less", "Is it less?"),
    ],
)
def test_a_hint_that_gives_the_answer_away_is_refused(answer, hint):
    with pytest.raises(XactikaError, match="the hint gives the answer away"):
        Question("Q?", answer, hint=hint, key_words=("less",) if answer == "less" else ())


def test_a_hint_that_only_leads_is_fine():
    Question("Q?", Fraction(2, 3), hint="The labels are rounded. How many out of 81?")
    Question("Q?", 25, hint="20% is 5 cards. How many cards make 4%? And 100%?")
    Question("Q?", "less", hint="Compare how wide the bells are.", contrary=("wide",))


def test_an_unreadable_word_answer_is_asked_for_in_the_prompts_own_words():
    question = Question(
        "Is the next roll less likely? Answer yes or no.",
        ("no", "nope"),
        hint="Do the dice remember?",
        key_words=("same",),
    )
    assert question.check("???").message.endswith("Type yes or no.")
    fewer = Question("Fewer or more? Type fewer, more or same.", "fewer", hint="Add the bars.")
    assert fewer.check("").message == "? There is no answer yet. Type fewer, more or same."


# Review 5 (r5a): the other thing compared, the event's own name, sums and differences.
N16 = ("n = 16", "16 cards")
N1 = ("n = 1", "one card", "the first")


def compared_question() -> Question:
    """Lesson 3's check 3 in small: n = 16 against n = 1."""
    return Question(
        "With n = 16, are the means more spread out or less spread out than with n = 1?",
        "less",
        hint="Compare how wide the bells are.",
        key_words=(*SPREAD_KEYS, "clustered", "more clustered"),
        contrary=(*SPREAD_CONTRARY, "less clustered"),
        subject=N16,
        other=N1,
    )


@pytest.mark.parametrize(
    ("said", "status"),
    [
        # the teacher's and the student's phrasings (review 5)
        ("less. the n=1 graph is wider", "right"),
        ("n=1 is wider", "right"),
        ("n = 1 is more spread out", "right"),
        ("more clustered", "right"),
        # the other way round is still wrong
        ("n = 1 is narrower", "not yet"),
        ("n=1 is less spread out", "not yet"),
        ("n = 16 is wider", "not yet"),
        ("less clustered", "not yet"),
        # which clause is about which n
        ("less spread out than n = 1", "right"),  # after "than": what it compares with
        ("less spread out then n = 1", "right"),  # the common misspelling
        ("narrower compared with n = 1", "right"),
        ("n = 16 is narrower than n = 1", "right"),
        ("n = 1 is wider than n = 16", "right"),
        ("wider for n = 1", "right"),
        ("one card is more spread out", "right"),
        ("the first one is wider", "right"),
        ("n = 1 is wider and n = 16 is narrower", "right"),
        ("n = 1 is wider and more spread out", "right"),  # "and more spread": still n = 1
        ("n = 1 is wider. So less.", "right"),  # a new sentence is about n = 16 again
        ("from n = 1 to n = 16 it gets narrower", "right"),
        ("n = 16 is wider, n = 1 is narrower", "not yet"),
        ("less spread out because the bell is wider", "not yet"),  # which bell? n = 16's
    ],
)
def test_a_clause_about_the_other_thing_swaps_the_words(said, status):
    assert compared_question().check(said).status == status, said


_NAMED = st.sampled_from([*N16, *N1, ""])
_WORD = st.sampled_from([*SPREAD_KEYS, *SPREAD_CONTRARY])


@given(
    clauses=st.lists(
        st.tuples(_NAMED, st.sampled_from(["is", "are", "gives"]), _WORD), min_size=1, max_size=4
    ),
    marks=st.lists(
        st.sampled_from([", ", ". ", "; ", " because ", " but ", " and "]), min_size=3, max_size=3
    ),
)
def test_the_swap_never_accepts_a_contrary_clause_about_n_16(clauses, marks):
    """A clause that names n = 16 and says a contrary word (or names n = 1 and says a
    key word) makes a response wrong, whatever the other clauses say."""
    said = "".join(
        f"{name} {verb} {word}" + (marks[i] if i < len(clauses) - 1 else "")
        for i, (name, verb, word) in enumerate(clauses)
    )
    wrong_about = [
        (name in N16 and word in SPREAD_CONTRARY) or (name in N1 and word in SPREAD_KEYS)
        for name, _, word in clauses
    ]
    if any(wrong_about):
        assert not compared_question().check(said).correct, said
    if all(name in N1 and word in SPREAD_CONTRARY and word != "same" for name, _, word in clauses):
        assert compared_question().check(said).correct, said  # all about n = 1, all right
    if any(word == "same" for _, _, word in clauses):  # "n = 1 is the same" says no side
        assert not compared_question().check(said).correct, said


def test_the_events_own_name_is_neither_right_nor_contrary():
    question = Question(
        "Five rolls gave 8 or more. Is the next roll less likely to give 8 or more? "
        "Answer yes or no.",
        ("no", "nope"),
        hint="Do the dice remember?",
        key_words=("same", "stays"),
        contrary=("yes", "less", "more"),
        neutral=("8 or more",),
    )
    for said in ("No, 8 or more is just as likely", "No, the chance of 8 or more stays 62%"):
        assert question.check(said).correct, said
    for said in ("no, 8 or more is more likely", "no, 8 or more is less likely now", "yes"):
        assert not question.check(said).correct, said
    with pytest.raises(XactikaError, match="cannot be both neutral and contrary"):
        Question("Q?", "no", hint="h", contrary=("more",), neutral=("more",))
    with pytest.raises(XactikaError, match="list of words"):
        Question("Q?", "no", hint="h", neutral="8 or more")


@pytest.mark.parametrize(
    "typed",
    [
        "1 − 98/219",
        "1 - 98/219",
        "1-98/219",
        "49/219 + 49/219 + 23/219",
        "1 minus 98/219",
        "1 - 98/219 = 121/219",
        "57/73 x 56/72 - 12/219",
    ],
)
def test_sums_and_differences_are_read_as_on_paper(typed):
    assert Question("Q?", Fraction(121, 219), hint="h").check(typed).correct, typed


def test_a_calculation_it_cannot_read_asks_for_one_number():
    verdict = Question("Q?", Fraction(121, 219), hint="h").check("1 - 98/219 is about .55 i think")
    assert verdict.status == "unreadable"
    assert verdict.message.endswith("Work it out and type one number, like 3/4.")
    assert "121" not in verdict.message


def test_an_answer_that_says_both_is_asked_which_part_is_about_what():
    verdict = compared_question().check("less spread out because the bell is wider")
    assert verdict.status == "not yet"
    assert verdict.message.endswith('Say what each part is about, like "n = 1 is ...".)')
    assert "Say what" not in compared_question().check("wider").message
    assert "Say what" not in spread_question().check("less, but wider").message


def fewer_or_more_question(took: str = "fewer") -> Question:
    """Lesson 7 check 4's shape: each side's words right for it, contrary for the other."""
    sides = {"fewer": ("fewer", "less", "overbid"), "more": ("more", "underbid", "too many")}
    return Question(
        "Did the players more often take fewer tricks than they bid, or more?",
        answer=took,
        key_words=sides[took],
        contrary=tuple(word for side, words in sides.items() if side != took for word in words),
        hint="h",
    )


@pytest.mark.parametrize(
    ("said", "right"),
    [
        ("Fewer. 39 is more than 11", True),  # comparing two numbers says neither side
        ("39 fewer, 11 more", True),  # counts: the bigger side is the answer
        ("11 more, 39 fewer", True),
        ("39 more, 11 fewer", False),
        ("they did not take fewer", False),  # "not" a few words before a key word
        ("they didn't take fewer", False),
        ("they never took fewer", False),
        ("fewer, not more", True),
        ("more", False),
        ("fewer", True),
    ],
)
def test_word_checker_reads_not_and_counts(said, right):
    assert fewer_or_more_question().check(said).correct is right, said


@pytest.mark.parametrize(
    ("typed", "tokens"),
    [
        ("the chance doesnt change", ("the", "chance", "does", "not", "change")),
        ("it isnt less", ("it", "is", "not", "less")),
        ("they dont remember", ("they", "do", "not", "remember")),
        ("want", ("want",)),
    ],
)
def test_a_not_typed_without_its_apostrophe_is_read(typed, tokens):
    from xactika_edu.teaching.word_answers import word_tokens

    assert word_tokens(typed) == tokens


@pytest.mark.parametrize(
    ("typed", "right"),
    [
        ("Bid 2 because +1.14 is highest", True),  # the answer first, then a reason
        ("bid 2, +1.14", True),
        ("bid 2 (1.14 points)", True),
        ("2. It has the highest bar", True),
        ("bid 3 because +1.14 is highest", False),
        ("+1.14", False),
    ],
)
def test_a_number_answer_before_a_reason_is_read(typed, right):
    question = Question("Which bid (0 to 8)?", 2, hint="Type the bid under the bar.")
    assert question.check(typed).correct is right, typed


def test_number_words_with_hyphens_and_lists_of_card_names():
    """Review 6 (a teacher on Lessons 1-4): 'twenty-seven' and 'two-thirds' were not
    read though 'nine' and 'two thirds' were; a list of the threats' names was 'could
    not read' with no word on what to type."""
    from fractions import Fraction

    from xactika_edu.teaching.answer_reading import read_number

    assert read_number("twenty-seven").value == 27 and read_number("twenty seven").value == 27
    assert read_number("two-thirds").value == Fraction(2, 3)
    question = Question("How many threats are there?", 3, hint="Count them.")
    verdict = question.check("2233, 3223, 3233")
    assert verdict.status == "unreadable" and "count them" in verdict.message
    assert question.check("3 threats").correct and not question.check("2233").correct


@pytest.mark.parametrize(
    ("answer", "typed", "cut"),
    [
        (Fraction(15, 81), "18%", True),  # 18.5...%: cut off, rounds to 19%
        (Fraction(15, 81), "0.18", True),
        (Fraction(15, 81), "0.1851", True),  # cut at the places typed
        (Fraction(2, 3), "66%", True),
        (Fraction(15, 81), "17%", False),  # simply wrong
        (Fraction(1, 3), "0.3", False),  # 0.33 rounds down: nothing was cut off
        (Fraction(1, 3), "32%", False),
    ],
)
def test_review_7_a_cut_off_answer_is_told_to_round(answer, typed, cut):
    """Review 7 (a 7th grader, Lessons 1 and 4): "18%" for 15/81 got the question's hint,
    not the lessons' rule, so the student did not learn why their right method failed."""
    question = Question("What part?", answer, hint="Count.")
    verdict = question.check(typed)
    assert verdict.status == "not yet"
    assert ("looks cut off" in verdict.message) is cut, verdict.message
    assert "19%" not in verdict.message and "67%" not in verdict.message


def test_review_7_a_fraction_that_is_only_close_is_told_why():
    """Review 7 (a teacher, Lesson 4b check 1): 1/5 for 44/219 (about 20%) got only the
    generic hint; a fraction must be exact, and the student should be told so."""
    question = Question("What part?", Fraction(44, 219), hint="Count.")
    for typed in ("1/5", "2/10", "one fifth"):
        verdict = question.check(typed)
        assert verdict.status == "not yet" and "a fraction must be exact" in verdict.message
    assert "fraction must be exact" not in question.check("1/4").message
    assert question.check("20%").correct and question.check("44/219").correct
    estimate = Question("About how many?", Fraction(5, 2), hint="Add.", tolerance=1)
    assert "fraction must be exact" not in estimate.check("9/2").message


@pytest.mark.parametrize(
    ("answer", "typed"),
    [
        (Fraction(1, 28), "one in 28"),
        (Fraction(1, 28), "one out of 28"),
        (Fraction(98, 219), "about 45 percent"),
        (Fraction(1, 6), "1/2 of 1/3"),
        (185, "≈185"),
        (185, "~185"),
        (28, "≈ 28"),
        (-2, "minus two"),
        (-2, "negative two"),
        (2, "two sure tricks"),
        (2, "bid two"),
        (9, "36 ÷ 4"),
        (18, "360 divided by 20"),
        (Fraction(15, 81), "15 cards of 81"),
        (Fraction(54, 81), "54 cards of 81"),
        (3, "3 threats: 2233, 3223 and 3233"),
    ],
)
def test_review_8_answers_written_as_the_lessons_write_them(answer, typed):
    """Review 8 (a 7th grader and a teacher): the lessons' own wording ("15 cards of 81",
    "36 ÷ 4", "≈ 28", "1/2 of 1/3", "3 threats: 2233, ...") and number words inside a
    phrase ("one in 28", "minus two", "bid two") were "could not read" or "Not yet"."""
    question = Question("What is it?", answer, hint="Count.")
    assert question.check(typed).correct, (typed, question.check(typed).message)


def test_review_8_wrong_answers_in_those_forms_stay_wrong():
    assert not Question("?", Fraction(1, 28), hint="h").check("one in 27").correct
    assert not Question("?", 9, hint="h").check("36 ÷ 3").correct
    assert Question("?", 9, hint="h").check("36 ÷ 0").status == "unreadable"
    assert not Question("?", -2, hint="h").check("minus three").correct
    assert not Question("?", Fraction(98, 219), hint="h").check("about 44 percent").correct
    # a decimal percent typed without its sign is told to add it (it was only for 73)
    verdict = Question("?", Fraction(11, 15), hint="h").check("73.3")
    assert 'add a % sign: "73.3%"' in verdict.message


@pytest.mark.parametrize(
    ("answer", "typed", "right"),
    [
        (9, "It's 9", True),
        (9, "It’s 9", True),
        (9, "= 9", True),
        (1, "MAD = 1", True),
        (9, "MAD = 1", False),
        (Fraction(2, 3), "2/3 or 67%", True),
        (Fraction(121, 219), "121/219 or about 55%", True),
        (Fraction(2, 3), "0.66 or 2/3", False),  # both ways must be right
        (Fraction(19, 100), "0,19", True),  # a decimal comma
        (Fraction(37, 200), "18,5%", True),
        (1058, "1,058", True),  # a thousands comma stays one
        (72, "1/5 of 360 = 72", True),
    ],
)
def test_review_8_labels_either_forms_and_decimal_commas(answer, typed, right):
    """Review 8 (a teacher and a 7th grader, Lessons 1-4): "It's 9", "= 9", "MAD = 1",
    "2/3 or 67%" were "could not read"; "0,19" (a decimal comma, as Spanish-speaking
    students write it) was told to add a % sign."""
    verdict = Question("What is it?", answer, hint="Count.").check(typed)
    assert verdict.correct is right, (typed, verdict.message)
    assert verdict.status != "unreadable", (typed, verdict.message)


def test_review_8_either_form_gets_the_hint_of_its_wrong_part():
    verdict = Question("What part?", Fraction(2, 3), hint="Count.").check("2/3 or 66%")
    assert verdict.status == "not yet" and "looks cut off" in verdict.message


def test_review_9_a_worked_sum_among_the_answers_keeps_the_question_numeric():
    """Review 9 (a 7th grader and a teacher, Lesson 1 check 4): the answers held the
    page's own sum "120 × 19 ÷ 81", which did not read as a number, so the box stopped
    reading "28 cards" and "about 28 cards" (Not yet)."""
    question = Question(
        "How many?", (28, "28.1", "28.15", "120 × 19 ÷ 81", Fraction(760, 27)), hint="h"
    )
    for typed in ("28 cards", "about 28 cards", "28 of them", "I expect 28", "28.148"):
        assert question.check(typed).correct, typed
    assert not question.check("29 cards").correct
    assert '"120 × 19 ÷ 81"' not in question.answer_text  # a number, not a word in quotes


@pytest.mark.parametrize(
    ("answer", "typed"),
    [
        (2, "I'd bid 2"),
        (2, "I’d bid 2"),
        (2, "there's 2"),
        (27, "27 ways!"),
        (-2, "you'd lose 2"),
        (-2, "2 points lost"),
        (-3, "3 points lost"),
        (Fraction(1, 28), "I'd say 1/28"),
    ],
)
def test_review_9_contractions_and_a_loss_after_the_number(answer, typed):
    """Review 9 (a 7th grader, Lessons 4b-7): "I'd bid 2" and "2 points lost" were
    "could not read" or Not yet, though "bid 2" and "lost 2 points" were right."""
    assert Question("?", answer, hint="h").check(typed).correct, typed


def test_review_9_an_answer_word_then_a_reason_is_the_answer():
    """Review 9 (a teacher, Lesson 7 check 4): "Fewer, because 39 player-hands took fewer
    and 11 took more" was Not yet: the reason's "more" counted against the answer."""
    from xactika_edu.teaching.word_answers import WordRule

    rule = WordRule(("fewer",), key_words=("fewer", "less"), contrary=("more",))
    assert rule.accepts("Fewer, because 39 player-hands took fewer and 11 took more")
    # a reason without a count is read whole: its "more" counts ("less because more spread")
    assert not rule.accepts("fewer because more of them missed low")
    assert not rule.accepts("more, because fewer took more")
    assert not rule.accepts("fewer more")  # no reason: both words, as before
    yes_no = WordRule(("no",), key_words=("same",), contrary=("less likely",))
    assert not yes_no.accepts("No, because it is less likely")  # a yes/no reason counts


def test_review_10_an_answer_word_then_a_count_after_a_colon_or_a_stop():
    """Review 10 (a teacher, Lesson 7 check 4): "Fewer: 39 took fewer, 11 took more" and
    "Fewer. 39 took fewer and 11 took more" were Not yet."""
    from xactika_edu.teaching.word_answers import WordRule

    rule = WordRule(("fewer",), key_words=("fewer", "less"), contrary=("more",))
    assert rule.accepts("Fewer: 39 took fewer, 11 took more")
    assert rule.accepts("Fewer. 39 took fewer and 11 took more")
    assert not rule.accepts("fewer. more")  # no count: both words, as before
    assert not rule.accepts("less, more spread")


def test_r16_a_count_said_as_a_part_of_a_whole_is_the_count():
    """Review 16: "185 out of 300" answered "about how many of the 300 cards?" and was
    read as the fraction 185/300. For a count answer, "N out of T" is the count N."""
    q = Question("About how many of the 300 cards?", 185, tolerance=5, hint="Multiply.")
    for said in (
        "185 out of 300",
        "185 of the 300",
        "about 185 cards out of 300",
        "186 of 300 cards",
    ):
        assert q.check(said).correct, said
    for said in ("185/300", "174 out of 300", "62% of 300 cards out of 300"):
        assert not q.check(said).correct, said
    part = Question("What part of the 81 cards?", Fraction(50, 81), hint="Count.")
    assert part.check("50 out of 81").correct and not part.check("50 of 100").correct


def test_r16_an_unsure_question_mark_is_read_and_two_numbers_ask_for_one():
    q = Question("About how many?", 185, tolerance=5, hint="Multiply.")
    assert q.check("185?").correct and q.check("about 185?").correct
    for said in ("185 or 186", "180 to 190"):
        verdict = q.check(said)
        assert verdict.status == "unreadable" and "Type one number, like" in verdict.message
    assert Question("Part?", Fraction(50, 81), hint="Count.").check("62%?").correct


def test_r16_unsure_words_are_never_right_and_a_no_is_read_as_typed():
    q = Question(
        "Is the next roll less likely? Answer yes or no.",
        ("no", "nope", "nah"),
        hint="Do dice remember?",
        key_words=("same",),
        contrary=("yes", "less", "more"),
    )
    for said in (
        "the answer is no",
        "i think not",
        "probably not",
        "its not",
        "naw",
        "noooo",
        "nuh uh",
        "Not really",
        "no, it's the same",
    ):
        assert q.check(said).correct, said
    for said in (
        "idk, it's the same",
        "no idea",
        "no clue",
        "i don't know",
        "nobody knows",
        "yes",
        "no, less",
    ):
        assert not q.check(said).correct, said


def test_r19_a_choice_question_takes_its_first_word_and_asks_for_one():
    q = Question(
        "Less likely, just as likely or more likely? Type less, same or more.",
        ("same", "just as likely"),
        hint="Do dice remember?",
        key_words=("same",),
        contrary=("less", "more", "due", "same thing"),
        choice=True,
    )
    for said in ("same, no failure is due", "Same!", "maybe the same", "it's the same"):
        assert q.check(said).correct, said
    for said in ("less, it's due", "same thing again", "more", "it's due"):
        assert q.check(said).status == "not yet", said
    assert q.check("no").message == "? 'no' is not one of the choices. Type less, same or more."
    assert q.check("maybe").status == "unreadable"


def test_r19_an_answer_after_its_working_and_a_whole_number_asked_for():
    part = Question("What is the chance of 8 or more?", Fraction(50, 81), hint="Count.")
    assert part.check("50 cards, so the chance is 50/81").correct
    assert not part.check("50 cards, so the chance is 50/100").correct
    count = Question("About how many? Give a whole number.", 185, tolerance=5, hint="Multiply.")
    assert count.check("abc").message.endswith("Type a whole number, like 7.")


def test_r20_an_unsure_choice_asks_to_pick_and_a_range_asks_for_one_number():
    choice = Question(
        "Less likely, just as likely or more likely? Type less, same or more.",
        ("same",),
        hint="Do dice remember?",
        key_words=("same",),
        contrary=("less", "more"),
        choice=True,
    )
    for said in ("idk same", "same idk", "not sure, same"):
        verdict = choice.check(said)
        assert verdict.status == "unreadable", said
        assert "is not sure: pick one. Type less, same or more." in verdict.message
    estimate = Question("About how many? Give a whole number.", 185, tolerance=5, hint="Multiply.")
    for said in ("180-190", "185–186"):
        assert estimate.check(said).message.endswith("Type one number, like 7."), said
    assert estimate.check("185").correct


def test_an_objects_address_is_not_read_as_two_numbers():
    """An object's text such as ``<object object at 0x7f21ebac46a0>`` ("6a0") is not
    "two numbers joined by a" (Spanish "7 a 9"): the advice is the usual one."""

    class Odd:
        def __repr__(self) -> str:
            return "<Odd object at 0x7f21ebac46a0>"

    message = Question("Which value?", 8, hint="Tallest bar.").check(Odd()).message
    assert "whole number" in message and "Type one number" not in message
    assert "Type one number" in Question("Which value?", 8, hint="").check("7 a 9").message
