"""The language of the toolkit (xactika_edu.base.language) and its catalogues."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from _support import translations_tool
from babel.numbers import format_decimal, format_percent

from xactika_edu import XactikaError
from xactika_edu.base import formatting
from xactika_edu.base.language import (
    LANGUAGES,
    NUMBER_LOCALES,
    check_language,
    gettext,
    language,
    ngettext,
    pgettext,
    set_language,
    translations,
    use_language,
)

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    return translations_tool()


def test_every_message_is_translated_and_every_catalogue_compiled():
    problems = _tool().check()
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} problems)"


def test_check_language_forgives_case_and_region_and_names_a_bad_code():
    assert check_language("es-MX") == "es" == check_language("ES_us")
    for bad in ("fr", "", None, 3):
        with pytest.raises(XactikaError, match=r"language .* is not one of en, es"):
            check_language(bad)


def test_use_language_is_per_thread_and_restored(monkeypatch):
    monkeypatch.delenv("XACTIKA_EDU_LANG", raising=False)
    seen: list[str] = []
    with use_language("es"):
        worker = threading.Thread(target=lambda: seen.append(language()))
        worker.start()
        worker.join()
        assert language() == "es"
        with use_language("en"):
            assert language() == "en"
        assert language() == "es"
    assert language() == "en"
    assert seen == ["en"]  # another thread keeps its own language


def test_the_environment_then_set_language_choose_the_process_language(monkeypatch):
    monkeypatch.setenv("XACTIKA_EDU_LANG", "es")
    assert language() == "es"
    monkeypatch.setenv("XACTIKA_EDU_LANG", "klingon")
    with pytest.raises(XactikaError, match="klingon"):
        language()
    monkeypatch.delenv("XACTIKA_EDU_LANG")
    try:
        assert set_language("es") == "es" == language()
        with use_language("en"):
            assert language() == "en"
    finally:
        set_language("en")


def test_spanish_has_its_words_and_two_plural_forms():
    with use_language("es"):
        assert pgettext("list", "and") == "y"
        assert ngettext("{n} card", "{n} cards", 1) == "{n} card"  # no message: itself
        assert gettext("not a message") == "not a message"
    spanish = translations("es")
    assert spanish.ngettext("a", "b", 1) == "a"  # untranslated: the English forms
    assert translations("en").gettext("and") == "and"


@pytest.mark.parametrize("code", LANGUAGES)
def test_numbers_are_written_as_cldr_writes_them_for_the_language(code):
    # The module's promise: one way to write numbers, which is CLDR's for en_US and
    # es_MX (decimal point, thousands commas, percent sign right after the number).
    where = NUMBER_LOCALES[code]
    with use_language(code):
        assert formatting.out_of(0.5, 2000).split()[-1] == format_decimal(2000, locale=where)
        assert formatting.percent(0.25) == format_percent(0.25, locale=where)
        assert formatting.one_decimal(1234) == format_decimal(1234.0, "0.0", locale=where)
        assert formatting.two_decimals(0.5) == format_decimal(0.5, "0.00", locale=where)


def test_spanish_lists_use_e_and_u_before_the_sounds_i_and_o():
    with use_language("es"):
        assert formatting.and_list(["cubos", "iglesias"]) == "cubos e iglesias"
        assert formatting.and_list(["cubos", "hielo"]) == "cubos y hielo"
        assert formatting.and_list([7, 8], last="or") == "7 u 8"
        assert formatting.and_list([10, 11], last="or") == "10 u 11"
        assert formatting.and_list([10, 110], last="or") == "10 o 110"
        assert formatting.and_list(["bolas", "conos"], last="or") == "bolas o conos"
    with pytest.raises(XactikaError, match="'but'"):
        formatting.and_list([1, 2], last="but")


def test_messages_inside_f_strings_are_extracted():
    """Babel's extractor reads an f-string as one token before Python 3.12: a call
    written inside one (``f"<h2>{_('Lessons')}</h2>"``) is found all the same, or the
    Spanish pack's index said "Lessons"."""
    source = (
        "x = 1\n"
        "page = f\"<h2>{esc(_('Lessons'))}</h2>{ngettext('{n} card', '{n} cards', n)}\"\n"
        "row = f\"{pgettext('lead kind', 'sure')} {_('Print')}\"\n"
    )
    found = {(message, context) for _line, message, context in _tool()._python_messages(source)}
    assert found == {
        ("Lessons", None),
        (("{n} card", "{n} cards"), None),
        ("sure", "lead kind"),
        ("Print", None),
    }
