"""English left in a Spanish page: the one list of words that betray it.

Every test that reads Spanish output (lessons, sheets, the app, messages) calls
:func:`english_leaks`; a word here is an English function word or a word of the game
that is never Spanish (``a``, ``as``, ``he``, ``has``, ``me``, ``no``, ``son`` and the
like are Spanish too, so they are not here).
"""

from __future__ import annotations

import re

__all__ = ["ENGLISH_WORDS", "english_leaks"]

_WORDS = """
    the and of you your is are was with not to this that what which when where each from
    for have it its be will can if in on at by an or than there their they we our how
    many one two three card cards trick tricks bid bids player players dealer lead hand
    hands shape shapes balls cubes cones stars chance answer draw drew deck value values
    show check about out
"""
ENGLISH_WORDS = tuple(_WORDS.split())
_PATTERN = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)


def english_leaks(text: str, allow: tuple[str, ...] = ()) -> list[str]:
    """Each English word in ``text`` with 30 characters around it (none: ``[]``).

    ``allow``: phrases that may stay English (a menu item of English Jupyter, a name),
    removed before the search.
    """
    for phrase in allow:
        text = text.replace(phrase, " ")
    return [
        text[max(0, found.start() - 30) : found.end() + 30].replace("\n", " ")
        for found in _PATTERN.finditer(text)
    ]
