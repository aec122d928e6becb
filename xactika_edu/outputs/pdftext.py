"""Text for the PDFs drawn with fpdf2's built-in Helvetica, as the worksheets are.

Helvetica in a PDF knows only the Latin-1 characters; the library's text (the
standards' wording, lesson metadata typed in Jupyter) may hold typographic quotes,
dashes and symbols. :func:`pdf_text` writes each as its plain Latin-1 form, so a
lesson plan, an exit ticket or the rules card never fails on a curly quote.

>>> pdf_text("“rolling double sixes” – 3 ≤ 4 − 1 → true")
'"rolling double sixes" - 3 <= 4 - 1 -> true'
"""

from __future__ import annotations

__all__ = ["PDF_REPLACEMENTS", "lost_in_pdf", "pdf_text"]

#: Each character Helvetica lacks that the library writes, and its plain Latin-1 form.
PDF_REPLACEMENTS: dict[str, str] = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": " - ",
    "\u2212": "-",
    "\u2026": "...",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u2260": "!=",
    "\u2248": "~",
    "\u2022": "\u00b7",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "\u2192": "->",
    "\u2190": "<-",
    "\u221a": "sqrt",
    "\u2714": "(right)",
    "\u2718": "(not yet)",
    "\u2044": "/",
}
_PLAIN = str.maketrans(PDF_REPLACEMENTS)


def lost_in_pdf(text: str) -> str:
    """The characters of ``text`` that :func:`pdf_text` can neither print nor replace (an
    emoji), in order of first appearance; ``""`` when every character reaches the PDF.

    >>> lost_in_pdf("4 deals → 1.25 a hand, 🂡")
    '🂡'
    """
    return "".join(
        dict.fromkeys(ch for ch in text if ord(ch) >= 256 and ch not in PDF_REPLACEMENTS)
    )


def pdf_text(text: str, missing: str = "?") -> str:
    """``text`` with every character Helvetica cannot print replaced by a plain one
    (typographic quotes and dashes, ``≤``, ``≥``, ...), any other (an emoji) by
    ``missing``.

    >>> pdf_text("a 🂡 card", missing="")
    'a  card'
    """
    plain = text.translate(_PLAIN)
    return "".join(ch if ord(ch) < 256 else missing for ch in plain)
