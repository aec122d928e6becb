"""Text for the PDFs drawn with fpdf2's built-in Helvetica, as the worksheets are.

Helvetica in a PDF knows only the Latin-1 characters; the library's text (the
standards' wording, lesson metadata typed in Jupyter) may hold typographic quotes,
dashes and symbols. :func:`pdf_text` writes each as its plain Latin-1 form, so a
lesson plan, an exit ticket or the rules card never fails on a curly quote.

>>> pdf_text("“rolling double sixes” – 3 ≤ 4 − 1")
'"rolling double sixes" - 3 <= 4 - 1'
"""

from __future__ import annotations

__all__ = ["pdf_text"]

_PLAIN = str.maketrans(
    {
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
    }
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
