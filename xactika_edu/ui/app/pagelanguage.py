"""Each page of the app in its own language, in one server: the link's ``?lang=es``
(else the server's ``xactika-edu app --lang``), until the visitor switches with the
"English | Español" control at the top of the page.

A page's language belongs to its Solara virtual kernel (its *context*), so every line
of the page's code writes in it, whichever thread runs that code: a render, a click
(the browser's widget messages), the page's own threads (``solara.use_thread``: Solara
gives a thread the context of the page that started it) and a redraw another student's
move sends it (:func:`~xactika_edu.ui.app.tablepage.page_deliver` enters the page's
context). :func:`install` adds :func:`page_language` as the page source of
:mod:`xactika_edu.base.language`; a ``with use_language(...)`` block still wins inside
it. Outside a page (a test's render, a notebook) nothing changes.

>>> page_language() is None   # no page of a server runs this
True
>>> set_page_language("ES-mx")   # checked; outside a page it sets nothing
'es'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipyvue  # type: ignore[import-untyped]
import solara
import traitlets

from ...base.language import (
    LANGUAGE_NAMES,
    LANGUAGES,
    add_page_source,
    check_language,
    language,
)

__all__ = [
    "HtmlLang",
    "LanguageSwitch",
    "install",
    "page_language",
    "set_page_language",
    "use_language_of_page",
    "use_page_language",
]

#: Where a page keeps its language: its context's ``user_dicts`` (dropped with it).
_KEY = "xactika_edu.language"
#: How many times the page switched language (Solara keeps a value per page): each part
#: of the page reads it (:func:`use_language_of_page`), so a switch draws them all again,
#: also a part whose arguments did not change (Solara would skip it).
_switches = solara.reactive(0)


def _page() -> Any | None:
    """The Solara context (virtual kernel) whose code runs now, or None."""
    try:
        from solara.server import kernel_context

        return kernel_context.current_context.get(kernel_context.get_current_thread_key())
    except Exception:  # no server, or a thread with no page
        return None


def page_language() -> str | None:
    """The language of the page whose code runs now, or None (no page, or its language
    not set yet)."""
    page = _page()
    if page is None:
        return None
    held: str | None = page.user_dicts.get(_KEY)
    return held


def set_page_language(code: str) -> str:
    """Make ``code`` the language of the page whose code runs now (nothing outside a
    page) and return it, checked.

    Raises:
        XactikaError: if ``code`` is not one of :data:`~xactika_edu.base.language.LANGUAGES`.
    """
    checked = check_language(code)
    page = _page()
    if page is not None:
        page.user_dicts[_KEY] = checked
    return checked


def install() -> None:
    """Let :mod:`xactika_edu.base.language` ask each page its language (once per
    process; again does nothing)."""
    add_page_source(page_language)


def use_page_language(link: str | None) -> tuple[str, Callable[[str], None]]:
    """The page's language and the function that switches it: a hook for the page's
    top component. First the link's language (``link``), else the one the server
    writes in; set as the page's own language (:func:`set_page_language`) before its
    parts render, so they and every later click write in it."""
    install()
    first = solara.use_memo(lambda: link or language(), dependencies=[])
    chosen, set_chosen = solara.use_state(first)
    set_page_language(chosen)

    def choose(code: str) -> None:
        set_chosen(set_page_language(code))  # the rest of this click writes in it too
        _switches.value += 1

    return chosen, choose


def use_language_of_page() -> str:
    """The page's language, for a part of the page (a Solara component): the part is
    drawn again when the visitor switches language, its state kept."""
    _switches.value  # noqa: B018  (read: Solara draws this part again when it changes)
    return language()


#: The language switch: small, at the top right, out of the way of the page.
SWITCH_CSS = """
.xe-language-switch { justify-content: flex-end; align-items: center; gap: 0.25em;
  margin: 0 0 -0.5em; }
.xe-language-switch .v-btn { text-transform: none; letter-spacing: normal; }
/* the page's language: shown chosen (bold, underlined), not greyed out as if it were off */
.xe-language-switch .v-btn.v-btn--disabled { color: inherit !important; font-weight: 700;
  text-decoration: underline; }
"""


@solara.component
def LanguageSwitch(current: str, on_change: Callable[[str], None]) -> None:
    """The switch "English | Español": one button per language, each named in itself;
    the current one is pressed (and disabled)."""
    solara.Style(SWITCH_CSS)
    with solara.Row(classes=["xe-language-switch"]):
        for number, code in enumerate(LANGUAGES):
            if number:
                solara.Text("|")
            solara.Button(
                LANGUAGE_NAMES[code],
                on_click=lambda code=code: on_change(code),
                disabled=code == current,
                text=True,
                classes=["xe-language", f"xe-language-{code}"],
            )


class _HtmlLangWidget(ipyvue.VueTemplate):
    """An invisible widget that keeps the page's ``<html lang>`` at :attr:`lang`."""

    template = traitlets.Unicode(
        """<template><span style="display: none"></span></template>
<script>
module.exports = {
  mounted() { document.documentElement.lang = this.lang; },
  watch: { lang(value) { document.documentElement.lang = value; } },
};
</script>"""
    ).tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)


@solara.component
def HtmlLang(code: str) -> None:
    """Keeps the page's ``<html lang>`` at ``code`` (a screen reader then reads the
    page in that language)."""
    _HtmlLangWidget.element(lang=code)
