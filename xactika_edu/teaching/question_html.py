"""A self-check question as a page without a kernel shows it: the prompt and a
collapsed "Show the answer" box (HTML), for :meth:`~.selfcheck.Question.html`."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .selfcheck import Question

__all__ = ["question_html"]


def question_html(question: Question) -> str:
    """The prompt, then a collapsed "Show the answer" box with the answer text and the
    explanation, escaped (an HTML ``div``)."""
    explanation = f"<p>{escape(question.explanation)}</p>" if question.explanation else ""
    return (
        '<div class="xactika-question" style="border:2px solid #0072B2;'
        'border-radius:8px;padding:0.6em 1em;margin:0.5em 0">'
        f"<p><b>Question:</b> {escape(question.prompt)}</p>"
        "<details><summary>Show the answer</summary>"
        f"<p><b>Answer:</b> {escape(question.answer_text)}</p>{explanation}"
        "</details></div>"
    )
