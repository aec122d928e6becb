"""Words around numbers, in the current language: "about", plurals and lists.

The part of :mod:`xactika_edu.base.formatting` (which offers every name here too) that
is words, not digits: :func:`about_number` writes "about" (Spanish "aproximadamente"),
:func:`plural` an English count, :func:`and_list` a list with "and" or "or" (Spanish
"y"/"e", "o"/"u"). Base layer: imports :mod:`~xactika_edu.base.language`,
:mod:`~xactika_edu.base.checks` and :mod:`~xactika_edu.base.errors`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .checks import shown
from .errors import XactikaError
from .language import gettext as _
from .language import language, pgettext

__all__ = ["about_number", "and_list", "folded", "plural"]


def folded(text: str) -> str:
    """``text`` in lower case without accents, as a reader that forgives both compares
    it: ``folded("Éstrellas")`` is ``'estrellas'``, ``folded("MÁS")`` is ``'mas'``.
    """
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def about_number(number: str | int) -> str:
    """A rounded number with "about" in front, in the current language: ``"about 62%"``,
    Spanish ``"aproximadamente 62%"`` (the one place the word is written).

    >>> about_number("62%")
    'about 62%'
    """
    return _("about {number}").format(number=number)


def plural(count: int, word: str, *, commas: bool = False) -> str:
    """A count and an English word, with an ``s`` unless the count is 1.

    >>> plural(1, "card"), plural(0, "card"), plural(19, "threat")
    ('1 card', '0 cards', '19 threats')

    ``commas=True`` writes a big count with thousands commas, as a lesson does for
    simulated deals or draws:

    >>> plural(10_000, "deal", commas=True), plural(1, "draw", commas=True)
    ('10,000 deals', '1 draw')

    English only: an "s" is no Spanish plural ("jugador", "jugadores"), and a word
    given here is not translated. Text that is translated counts with
    :func:`~xactika_edu.base.language.ngettext` (``ngettext("{count} card", "{count}
    cards", n).format(count=n)``). In any other language than English no letter is
    added, so an English word left in a translated page shows as it was given:

    >>> from xactika_edu.base.language import use_language
    >>> with use_language("es"):
    ...     plural(3, "card")
    '3 card'
    """
    number = f"{count:,}" if commas else f"{count}"
    if count == 1 or language() != "en":
        return f"{number} {word}"
    return f"{number} {word}s"


def and_list(items: Iterable[object], last: str = "and") -> str:
    """Items joined as in a sentence, ``last`` (``"and"``, or ``"or"`` for choices)
    before the last one.

    >>> and_list([6, 7, 9]), and_list(["cubes", "stars"]), and_list([8]), and_list([])
    ('6, 7 and 9', 'cubes and stars', '8', '')
    >>> and_list([1, 2, 3], last="or")
    '1, 2 or 3'

    In Spanish, "y" and "o", with "e" before the sound "i" and "u" before the sound "o"
    (eight, "ocho", and eleven, "once", too):

    >>> from xactika_edu.base.language import use_language
    >>> with use_language("es"):
    ...     and_list(["cubos", "estrellas"]), and_list([7, 8], last="or")
    ('cubos y estrellas', '7 u 8')

    Raises:
        XactikaError: if ``last`` is not ``"and"`` or ``"or"``.
    """
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    if last not in ("and", "or"):
        raise XactikaError(_("last must be 'and' or 'or', got {value}").format(value=shown(last)))
    joint = pgettext("list", "and") if last == "and" else pgettext("list", "or")
    if language() == "es":
        joint = _spanish_joint(joint, words[-1])
    return f"{', '.join(words[:-1])} {joint} {words[-1]}"


#: Spanish "y" is "e" before a word that starts with the sound "i"; "o" is "u" before
#: the sound "o", numbers read "ocho..." or "once" included (RAE, Ortografía 2010).
_SPANISH_E = re.compile(r"^(?:h?i(?![aeiouáéíóú])|h?í)", re.IGNORECASE)
_SPANISH_U = re.compile(r"^(?:h?[oó]|8|11(?!\d))", re.IGNORECASE)


def _spanish_joint(joint: str, word: str) -> str:
    if joint == "y" and _SPANISH_E.match(word):
        return "e"
    if joint == "o" and _SPANISH_U.match(word):
        return "u"
    return joint
