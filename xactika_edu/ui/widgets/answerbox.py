"""The answer box: a lesson's self-check question, answered as on paper.

A student types ``75%``, ``3/4``, ``0.75``, ``7 ways`` or a word into the box (no
quotes, no code) and presses **Check** (or Enter); the box says "✔ Right!" or
"✘ Not yet" with the hint, never the answer
(:meth:`~xactika_edu.teaching.selfcheck.Question.check`). **Show the answer** opens
the answer and its explanation; it works once an answer has been checked.

In a rendered lesson (no kernel) the box shows as the question's own picture: the
question and a "Show the answer" fold, with no code
(:meth:`~xactika_edu.teaching.selfcheck.Question.html`).

UI layer (``ipywidgets`` 8). Root class ``xe-answer``; parts ``xe-answer-entry``,
``xe-answer-check``, ``xe-answer-verdict``, ``xe-answer-reveal``.

>>> from fractions import Fraction
>>> from xactika_edu.teaching.selfcheck import Question
>>> box = answer_box(Question("What part of the deck are 8s?", Fraction(19, 81), hint="Count."))
>>> box.entry.value = "23%"
>>> box.check.click()
>>> box.verdict.value
'<span class="xe-right">✔ Right!</span>'
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...teaching.question_html import question_title
from ...teaching.selfcheck import Question
from .controls import ErrorLine, Fallback, guard

__all__ = ["AnswerBox", "answer_box"]


class AnswerBox(Fallback, widgets.VBox):
    """A question, a box to type the answer in, a Check button and the verdict.

    Args:
        question: the :class:`~xactika_edu.teaching.selfcheck.Question` to ask.
        number: the check's number in the lesson (the box says "Check 2", as the
            projected page, the plan and the teacher do); ``None`` says "Question".

    Attributes:
        entry, check, verdict, reveal: the text box, the button, the verdict line
            and the "Show the answer" button (for tests and the browser).
        tries: how many answers were checked.

    Raises:
        XactikaError: if ``question`` is not a Question or ``number`` is not a whole
            number from 1 up.
    """

    def __init__(self, question: Question, number: int | None = None) -> None:
        if not isinstance(question, Question):
            raise XactikaError(f"an answer box needs a Question, got {type(question).__name__}")
        if number is not None:
            number = check_whole(number, "the check's number", 1, 99)
        self.question = question
        self.number = number
        self.tries = 0
        self.error = ErrorLine()
        self.last_error: BaseException | None = None
        title = question_title(number)
        prompt = widgets.HTML(f"<p><b>{title}:</b> {escape(question.prompt)}</p>")
        self.entry = widgets.Text(
            placeholder=_("Type your answer"),
            description=_("Your answer"),  # its label: a placeholder is no name
            style={"description_width": "initial"},
            layout=widgets.Layout(width="22em"),
            continuous_update=False,
        )
        self.entry.add_class("xe-answer-entry")
        self.check = widgets.Button(description=_("Check"), button_style="primary")
        self.check.add_class("xe-answer-check")
        self.reveal = widgets.Button(
            description=_("Show the answer"), disabled=True, tooltip=_("First check an answer")
        )
        self.reveal.add_class("xe-answer-reveal")
        self.verdict = widgets.HTML(value="")
        self.verdict.add_class("xe-answer-verdict")
        self.answer = widgets.HTML(value="")
        self.check.on_click(lambda _: self._check())
        self.entry.observe(lambda _: self._check(), names="value")
        self.reveal.on_click(lambda _: self._reveal())
        row = widgets.HBox([self.entry, self.check, self.reveal])
        super().__init__([prompt, row, self.verdict, self.answer, self.error])
        self.add_class("xe-answer")
        self.layout.border = "2px solid #0072B2"
        self.layout.padding = "0.3em 1em"
        self.layout.margin = "0.5em 0"

    @guard
    def _check(self) -> None:
        response = self.entry.value
        verdict = self.question.check(response)
        if response.strip():  # an empty box is no try: the answer opens after a real one
            self.tries += 1
            self.reveal.disabled = False
        kind = {"right": "xe-right", "not yet": "xe-not-yet"}.get(verdict.status, "xe-unread")
        self.verdict.value = f'<span class="{kind}">{escape(verdict.message)}</span>'

    @guard
    def _reveal(self) -> None:
        explanation = self.question.explanation
        more = f" {escape(explanation)}" if explanation else ""
        answer = _("Answer:")
        self.answer.value = f"<p><b>{answer}</b> {escape(self.question.answer_text)}.{more}</p>"

    def static_html(self) -> str:
        """The question as a rendered page shows it: the prompt and a "Show the answer"
        fold (HTML)."""
        return self.question.html(self.number)

    def __str__(self) -> str:
        return f"{question_title(self.number)}: {self.question.prompt}"


def answer_box(question: Question, number: int | None = None) -> AnswerBox:
    """An :class:`AnswerBox` for ``question``: what a lesson cell shows for a self-check,
    titled "Check ``number``" (the number the lesson's plan and the teacher use).

    Raises:
        XactikaError: if ``question`` is not a Question or ``number`` is not a whole
            number from 1 up.
    """
    return AnswerBox(question, number)
