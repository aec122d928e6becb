"""The answer box: a self-check answered as on paper, with no code (issue 12, item 2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.teaching.selfcheck import Question
from xactika_edu.widgets import AnswerBox, answer_box


def box_for(answer, **kwargs) -> AnswerBox:
    return answer_box(Question("What part of the deck?", answer, hint="Count.", **kwargs))


@pytest.mark.parametrize("typed", ["75%", "3/4", "0.75", ".75", "  75 % ", "three quarters?"])
def test_typed_as_on_paper(typed):
    box = box_for(Fraction(3, 4))
    box.entry.value = typed
    # "three quarters?": an unsure student's question mark is read too (review 16)
    assert "✔ Right!" in box.verdict.value, (typed, box.verdict.value)


def test_a_count_with_its_unit_and_a_word():
    box = box_for(7)
    box.entry.value = "7 ways"
    assert "✔" in box.verdict.value
    words = answer_box(Question("What shape?", {"bell", "bell curve"}, hint="It rings."))
    words.entry.value = "Bell curve"
    assert "✔" in words.verdict.value


def test_wrong_gives_the_hint_never_the_answer_and_the_answer_waits_for_a_try():
    box = box_for(Fraction(2, 3), explanation="2 of every 3.")
    assert box.reveal.disabled
    box.entry.value = "66%"  # truncated, not rounded: the one rounding rule
    assert "Not yet" in box.verdict.value and "Count." in box.verdict.value
    assert "67" not in box.verdict.value and "2/3" not in box.verdict.value
    assert not box.reveal.disabled and box.answer.value == ""
    box.reveal.click()
    assert "2/3" in box.answer.value and "2 of every 3." in box.answer.value
    box.entry.value = "67%"
    assert "✔ Right!" in box.verdict.value and box.tries == 2


def test_the_check_button_checks_what_is_typed():
    box = box_for(Fraction(1, 8))
    box.entry.value = "12%"
    box.check.click()
    assert "Not yet" in box.verdict.value and box.tries == 2
    box.entry.value = "13%"
    assert "✔" in box.verdict.value


def test_rendered_page_shows_the_question_and_its_fold_not_code():
    box = box_for(Fraction(19, 81))
    bundle = box._repr_mimebundle_()
    page = bundle["text/html"]
    assert "What part of the deck?" in page and "Show the answer" in page
    assert "answer_box" not in page and "Question(" not in page
    assert bundle["text/plain"] == "Question: What part of the deck?"


def test_not_a_question_is_named():
    with pytest.raises(XactikaError, match="needs a Question, got str"):
        answer_box("What?")


# Review 4 (r4a): what the fourth readers typed into the boxes.
@pytest.mark.parametrize(
    ("typed", "right"),
    [("18º", True), ("18˚", True), ("18 deg", True), ("19º", False)],
)
def test_degrees_typed_with_any_keyboard_sign(typed, right):
    box = answer_box(Question("Degrees?", ["18°", 18, "18 degrees"], hint="Share 360°."))
    box.entry.value = typed
    assert ("✔ Right!" in box.verdict.value) is right, (typed, box.verdict.value)


def test_a_word_answer_with_a_reason_and_its_fold():
    box = answer_box(
        Question(
            "Is the next roll less likely? Answer yes or no.",
            ("no", "nope"),
            hint="Do the dice remember?",
            key_words=("same", "independent"),
            contrary=("yes", "less", "more"),
            meaning="the chance stays the same",
        )
    )
    box.entry.value = "No. Each roll is independent"
    assert "✔ Right!" in box.verdict.value
    box.entry.value = "no, it is more likely"
    assert "Not yet" in box.verdict.value
    box.reveal.click()
    assert "any answer that says the chance stays the same" in box.answer.value
    assert "&quot;nope&quot;" in box.answer.value


def test_a_product_typed_from_the_tree():
    box = box_for(Fraction(44, 219))
    box.entry.value = "33/73 × 32/72"
    assert "✔ Right!" in box.verdict.value


def test_review_10_a_box_has_the_lessons_check_number_and_an_empty_check_is_no_try():
    """Review 10 (two 7th graders): the projected page and the plan say "Check 4", but in
    Jupyter every box said "Question:"; and pressing Check on an empty box counted as a
    try, so "Show the answer" opened without one."""
    from xactika_edu.teaching.selfcheck import Question

    question = Question("What part of the deck?", Fraction(19, 81), hint="Count.")
    box = answer_box(question, number=4)
    assert "<b>Check 4:</b>" in box.children[0].value
    assert "<b>Check 4:</b>" in box._repr_mimebundle_()["text/html"]
    assert str(box).startswith("Check 4: ")
    box.entry.value = "   "
    box.check.click()
    assert box.tries == 0 and box.reveal.disabled and "no answer yet" in box.verdict.value
    box.entry.value = "50%"
    assert box.tries == 1 and not box.reveal.disabled
    with pytest.raises(XactikaError, match="number"):
        answer_box(question, number=0)
