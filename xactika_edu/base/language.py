"""The language the toolkit writes in: English (the source) or Spanish.

Every sentence a student or a teacher reads goes through :func:`gettext` (imported as
``_``) or :func:`ngettext` and is looked up in the gettext catalogue of the current
language, ``xactika_edu/locale/<language>/LC_MESSAGES/xactika_edu.mo``, compiled with
Babel from one ``.po`` file per module and per lesson in ``xactika_edu/locale/<language>/
po/`` (``python tools/translations.py``; docs/translating.md). English is the source
language: in English a message is its own translation.

>>> from xactika_edu.base.language import gettext as _, use_language
>>> _("Hello")
'Hello'
>>> with use_language("es"):
...     language()
'es'

The language is, in this order: the innermost ``with use_language(...)`` block (each
thread has its own); the language of the app's page whose code is running, in any of
its threads (a source the app adds with :func:`add_page_source`); the process's language, from
:func:`set_language` (a lesson's setup cell, the command line's ``--lang``); the
environment variable ``XACTIKA_EDU_LANG``; English.

Translate when the text is used, never at import: a module constant that is shown to a
reader is marked with :func:`N_` and passed through ``_`` where it is shown.

Numbers are written the same way in both languages: a decimal point and thousands
commas (``1,234.5``), the percent sign right after the number (``25%``). That is the
usage of Spanish in Mexico and the United States (CLDR's ``es_MX`` and ``es_US``; a test
compares against :data:`NUMBER_LOCALES`); Spain writes ``1.234,5`` and ``25 %``.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from .checks import shown
from .errors import XactikaError

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "NUMBER_LOCALES",
    "N_",
    "add_page_source",
    "check_language",
    "gettext",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "translations",
    "use_language",
]

#: The languages the toolkit writes, by their ISO 639-1 codes; English is the source.
LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself, as a language switch shows it.
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
#: The CLDR locale whose number format each language follows (see the module's text).
NUMBER_LOCALES = {"en": "en_US", "es": "es_MX"}
#: Where the compiled catalogues are: ``<language>/LC_MESSAGES/<domain>.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The gettext domain: every catalogue of a language is compiled into ``<DOMAIN>.mo``.
DOMAIN = "xactika_edu"
#: The environment variable that sets the language of a process (a lesson's kernel).
LANGUAGE_VARIABLE = "XACTIKA_EDU_LANG"

_page_language: ContextVar[str | None] = ContextVar("xactika_edu_language", default=None)
_process_language: list[str] = []
_page_sources: list[Callable[[], str | None]] = []
_lock = threading.Lock()


def check_language(code: object) -> str:
    """``code`` as one of :data:`LANGUAGES` (case and a region such as ``es-MX`` or
    ``es_US`` are forgiven).

    >>> check_language("ES-mx")
    'es'
    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: language 'fr' is not one of en, es

    Raises:
        XactikaError: if ``code`` is not the code of a language the toolkit writes.
    """
    if isinstance(code, str):
        base = code.strip().replace("_", "-").split("-")[0].lower()
        if base in LANGUAGES:
            return base
    raise XactikaError(f"language {shown(code)} is not one of {', '.join(LANGUAGES)}")


def language() -> str:
    """The current language's code, one of :data:`LANGUAGES` (see the module's text)."""
    chosen = _page_language.get()
    if chosen is not None:
        return chosen
    for source in _page_sources:
        page = source()
        if page is not None:
            return page
    if _process_language:
        return _process_language[-1]
    from_environment = os.environ.get(LANGUAGE_VARIABLE, "").strip()
    if from_environment:
        return check_language(from_environment)
    return DEFAULT_LANGUAGE


def add_page_source(source: Callable[[], str | None]) -> None:
    """Let ``source`` name the language of the page being served, or None when no page
    of it is (the app: the page of the Solara virtual kernel whose code runs now, in
    whichever thread runs it; :mod:`xactika_edu.ui.app.pagelanguage`). It is asked
    after any :func:`use_language` block, before the process's language; it must return
    one of :data:`LANGUAGES` and be quick. Adding the same source again does nothing."""
    with _lock:
        if source not in _page_sources:
            _page_sources.append(source)


def set_language(code: str) -> str:
    """Make ``code`` the language of this process (outside any :func:`use_language`
    block) and return it, checked: a lesson's setup cell calls ``set_language("es")``.

    Raises:
        XactikaError: if ``code`` is not one of :data:`LANGUAGES`.
    """
    checked = check_language(code)
    with _lock:
        _process_language[:] = [checked]
    return checked


@contextlib.contextmanager
def use_language(code: str) -> Iterator[str]:
    """Write in ``code`` inside the ``with`` block (this thread or task only; the
    language before is back after it).

    Raises:
        XactikaError: if ``code`` is not one of :data:`LANGUAGES`.
    """
    token = _page_language.set(check_language(code))
    try:
        yield _page_language.get() or DEFAULT_LANGUAGE
    finally:
        _page_language.reset(token)


@functools.cache
def translations(code: str) -> _gettext.NullTranslations:
    """The gettext catalogue of language ``code`` (English: none, each message is its
    own translation). Loaded once per process.

    Raises:
        XactikaError: if ``code`` is not one of :data:`LANGUAGES`.
    """
    checked = check_language(code)
    if checked == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[checked], fallback=True)


def gettext(message: str) -> str:
    """``message`` in the current language (itself if it has no translation yet)."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` things, in the current language.

    >>> ngettext("{count} card", "{count} cards", 2).format(count=2)
    '2 cards'
    """
    return translations(language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two English uses of
    the same words apart (``pgettext("verb", "Play")``)."""
    return translations(language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined (a module constant) and
    return it unchanged; translate it with ``_`` where it is shown."""
    return message
