"""The class pack's own web pages: one page frame, and the teacher's documents as pages.

:func:`html_page` is the frame (and the one style) of ``index.html`` and of the
documents; :func:`document_page` turns a Markdown document of ``docs/`` (the teacher
guide, the class-data format) into such a page, with links between documents pointing
at their pages. Pages load nothing: no scripts, fonts or pictures from anywhere.
Each page says its language (``<html lang>``); :func:`language_switch` links a page to
itself in the other languages, and :func:`glossary_page` is the unit's bilingual
glossary (:mod:`xactika_edu.teaching.glossary`).

>>> page = html_page("Hello", "<p>Hi & bye</p>")
>>> "<title>Hello</title>" in page and "<p>Hi & bye</p>" in page
True
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from ..base.errors import XactikaError
from ..base.language import LANGUAGE_NAMES, LANGUAGES, use_language
from ..base.language import gettext as _
from ..base.language import language as _current_language
from ..teaching.glossary import GlossaryTerm, glossary

__all__ = [
    "DOCUMENTS",
    "document_page",
    "document_path",
    "document_title",
    "glossary_page",
    "html_link",
    "html_page",
    "language_switch",
    "page_name",
]

#: The documents a class pack carries, in the order the index lists them.
DOCUMENTS = ("teacher-guide.md", "class-data.md")

_STYLE = """\
body { font-family: Helvetica, Arial, sans-serif; max-width: 72rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; color: #000; }
h1 { margin-bottom: 0.2rem; }
table { border-collapse: collapse; margin-bottom: 1.5rem; }
th, td { border: 1px solid #777; padding: 0.2rem 0.6rem; text-align: left;
         vertical-align: top; }
th { background: #eee; }
.wide { overflow-x: auto; }
.wide td { white-space: nowrap; }
.wide td:first-child, .wide th:first-child { position: sticky; left: 0; }
.wide td:first-child { background: #fff; }
tr.print td, tr.print th { background: #f4f4f4; font-weight: bold; }
a { color: #0072B2; }
code { background: #f2f2f2; padding: 0 0.2rem; }
pre { background: #f2f2f2; padding: 0.6rem; overflow-x: auto; }
pre code { padding: 0; }
blockquote { border-left: 4px solid #ccc; margin-left: 0; padding-left: 1rem; color: #333; }
.note { color: #333; font-size: 0.9rem; }
nav.languages { float: right; font-size: 1.1rem; }
"""

_MD_LINK = re.compile(r'href="([^":/#?]+)\.md(#[^"]*)?"')


def html_link(href: str, label: str) -> str:
    """An HTML link, both parts escaped.

    >>> html_link("plans/lesson-plan-1.pdf", "plan & notes")
    '<a href="plans/lesson-plan-1.pdf">plan &amp; notes</a>'
    """
    return f'<a href="{html.escape(href)}">{html.escape(label)}</a>'


def html_page(title: str, body: str, *, lang: str | None = None) -> str:
    """A whole HTML page: ``title`` (plain text, escaped here) and ``body`` (HTML).

    Args:
        title: the page title, as text.
        body: the content of ``<body>``, as HTML.
        lang: the page's language (``<html lang>``); None for the current language.

    Returns:
        the page, as an HTML string, in the class pack's one style.
    """
    return f"""<!DOCTYPE html>
<html lang="{html.escape(lang or _current_language())}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
{_STYLE}</style>
</head>
<body>
{body}
</body>
</html>
"""


def language_switch(pages: Mapping[str, str]) -> str:
    """Links to the same page in other languages: language code -> its address.

    >>> language_switch({"es": "es/index.html"})
    '<nav class="languages"><a href="es/index.html" hreflang="es" lang="es">Español</a></nav>'
    """
    links = " · ".join(
        f'<a href="{html.escape(href)}" hreflang="{code}" lang="{code}">'
        f"{html.escape(LANGUAGE_NAMES[code])}</a>"
        for code, href in pages.items()
    )
    return f'<nav class="languages">{links}</nav>'


def _sort_key(text: str) -> str:
    """``text`` as a dictionary orders it: no accents, no case (á with a, ñ with n)."""
    plain = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def glossary_page() -> str:
    """The unit's vocabulary in English and Spanish, as a whole HTML page: a table in
    English order, then one in Spanish order, each word with its meaning in both
    languages (:func:`xactika_edu.teaching.glossary.glossary`); every text is marked
    with its language (``lang``).

    Returns:
        the page, as an HTML string.
    """
    words = {code: glossary(code) for code in LANGUAGES}
    texts: dict[str, dict[str, str]] = {}
    for code in LANGUAGES:
        with use_language(code):
            texts[code] = {
                "title": _("Glossary"),
                "intro": _(
                    "The words of the unit, each with its meaning in English and in Spanish."
                ),
                "order": _("{language}: in alphabetical order").format(
                    language=LANGUAGE_NAMES[code]
                ),
                "meaning": _("Meaning"),
            }

    def cell(tag: str, code: str, text: str) -> str:
        return f'<{tag} lang="{code}">{html.escape(text)}</{tag}>'

    def table(first: str) -> str:
        second = next(code for code in LANGUAGES if code != first)
        order = sorted(range(len(words[first])), key=lambda i: _sort_key(words[first][i].term))
        head = "".join(
            [cell("th", first, LANGUAGE_NAMES[first]), cell("th", second, LANGUAGE_NAMES[second])]
            + [cell("th", code, texts[code]["meaning"]) for code in (first, second)]
        )

        def row(i: int) -> str:
            pair: list[GlossaryTerm] = [words[first][i], words[second][i]]
            return (
                "<tr>"
                + f'<td lang="{first}"><b>{html.escape(pair[0].term)}</b></td>'
                + cell("td", second, pair[1].term)
                + cell("td", first, pair[0].meaning)
                + cell("td", second, pair[1].meaning)
                + "</tr>"
            )

        rows = "".join(row(i) for i in order)
        return (
            cell("h2", first, texts[first]["order"])
            + f"\n<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        )

    title = " · ".join(texts[code]["title"] for code in LANGUAGES)
    heading = " · ".join(
        f'<span lang="{c}">{html.escape(texts[c]["title"])}</span>' for c in LANGUAGES
    )
    intro = "".join(cell("p", code, texts[code]["intro"]) for code in LANGUAGES)
    tables = "\n".join(table(code) for code in LANGUAGES)
    return html_page(title, f"<h1>{heading}</h1>\n{intro}\n{tables}", lang=LANGUAGES[0])


def page_name(document: str) -> str:
    """The page file of a document: ``'teacher-guide.md'`` -> ``'teacher-guide.html'``.

    >>> page_name("class-data.md")
    'class-data.html'
    """
    return f"{Path(document).stem}.html"


def document_path(document: str) -> Path:
    """The Markdown file of one of :data:`DOCUMENTS`.

    Looks in the installed package (``xactika_edu/docs``, where a normal install puts
    them) and then in the source checkout's ``docs/`` folder.

    Raises:
        XactikaError: for a name not in :data:`DOCUMENTS`, or a document not found.
    """
    if document not in DOCUMENTS:
        raise XactikaError(f"unknown document {document!r}; the documents are {DOCUMENTS}")
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "docs", here.parent / "docs"):
        if (folder / document).is_file():
            return folder / document
    raise XactikaError(
        f"document {document!r} not found in {str(here / 'docs')!r} or "
        f"{str(here.parent / 'docs')!r}; reinstall the package"
    )


def document_page(document: str) -> str:
    """One of :data:`DOCUMENTS` as a whole HTML page.

    The Markdown (with tables) is rendered by mistune, raw HTML in it shown as text;
    the title is the first ``# `` heading; a link to another ``.md`` document points
    at its page (:func:`page_name`), in the same folder.

    Raises:
        XactikaError: as :func:`document_path`.
    """
    import mistune

    text = document_path(document).read_text(encoding="utf-8")
    body = mistune.create_markdown(escape=True, plugins=["table"])(text)
    body = _MD_LINK.sub(lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', str(body))
    return html_page(document_title(document), body)


def document_title(document: str) -> str:
    """The title of one of :data:`DOCUMENTS`: its first ``# `` heading.

    >>> document_title("teacher-guide.md")
    'Teacher guide'

    Raises:
        XactikaError: as :func:`document_path`.
    """
    text = document_path(document).read_text(encoding="utf-8")
    return next(
        (line[2:].strip() for line in text.splitlines() if line.startswith("# ")),
        Path(document).stem,
    )
