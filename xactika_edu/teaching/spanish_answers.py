"""Answers as Spanish-speaking students type them: numbers in words and phrases, and
the Spanish words of the self-checks' word answers.

When the language is Spanish (:func:`~xactika_edu.base.language.language`),
:mod:`~xactika_edu.teaching.answer_reading` passes a response through
:func:`spanish_for_reading` first: it writes a Spanish number phrase in the forms the
reader already reads, so the rules for numbers stay in one place. Accents are
optional ("más" or "mas"), and so are ``¿ ¡``.

>>> spanish_for_reading("Diecinueve de ochenta y uno")
'19 of 81'
>>> spanish_for_reading("dos tercios"), spanish_for_reading("es el 25 por ciento")
('2/3', 'it is 25 %')
>>> spanish_for_reading("menos de 1%"), spanish_for_reading("pierdo 2 puntos")
('less than 1%', 'lose 2 points')

Decimals: Mexico and the US write ``0.5`` (a decimal point, as the toolkit prints
numbers), but many students from elsewhere write ``0,5``. A comma is read as a decimal
comma where that cannot be a thousands comma: after a lone ``0`` (``0,5``, ``0,125``) or
before other than exactly three digits (``18,5%``, ``2,75``); ``1,058`` stays one
thousand and fifty-eight (answer_reading's ``_decimal_comma``, in both languages).

Word answers (:mod:`~xactika_edu.teaching.word_answers`): each English answer word of
:data:`SPANISH_WORDS` is also right in Spanish ("same": "igual", "la misma", "lo
mismo"), so a lesson's question accepts Spanish without new code; a lesson may also give
its own Spanish words. The rule is the same in both languages; its Spanish framing
words (:data:`SPANISH_HEDGES`, :data:`SPANISH_UNSURE`) and negation ("no", "nunca")
are here.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "SPANISH_HEDGES",
    "SPANISH_NUMBERS",
    "SPANISH_UNSURE",
    "SPANISH_WORDS",
    "spanish_for_reading",
    "spanish_word",
    "strip_accents",
]

_UNITS = [
    "cero",
    "uno",
    "dos",
    "tres",
    "cuatro",
    "cinco",
    "seis",
    "siete",
    "ocho",
    "nueve",
    "diez",
    "once",
    "doce",
    "trece",
    "catorce",
    "quince",
    "dieciseis",
    "diecisiete",
    "dieciocho",
    "diecinueve",
    "veinte",
]
_TENS = ["veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]
#: Spanish number words (accents removed) and their values, 0 to 100.
SPANISH_NUMBERS: dict[str, int] = {word: value for value, word in enumerate(_UNITS)}
SPANISH_NUMBERS.update({"un": 1, "una": 1, "veintiun": 21, "veintiuna": 21, "cien": 100})
for _unit in range(1, 10):
    SPANISH_NUMBERS[f"veinti{_UNITS[_unit]}"] = 20 + _unit
for _k, _ten in enumerate(_TENS[1:], start=3):
    SPANISH_NUMBERS[_ten] = 10 * _k
    for _unit in range(1, 10):
        SPANISH_NUMBERS[f"{_ten} y {_UNITS[_unit]}"] = 10 * _k + _unit
    SPANISH_NUMBERS[f"{_ten} y un"] = SPANISH_NUMBERS[f"{_ten} y una"] = 10 * _k + 1
_NUMBER_RE = re.compile(
    r"\b(?:" + "|".join(sorted(SPANISH_NUMBERS, key=len, reverse=True)) + r")\b"
)
# a fraction's denominator in words: "dos tercios", "un cuarto", "tres octavos"
_PARTS = {
    "medio": 2,
    "tercio": 3,
    "cuarto": 4,
    "quinto": 5,
    "sexto": 6,
    "septimo": 7,
    "octavo": 8,
    "noveno": 9,
    "decimo": 10,
}
_PART_RE = re.compile(r"\b(\d+) (" + "|".join(_PARTS) + r")s?\b")

# Phrases written in the English forms answer_reading reads, in this order (accents
# already removed, lower case).
_PHRASES = (
    (r"[¿¡]", " "),
    (r"\bpor ?ciento\b", " %"),
    (r"\b(?:la )?mitad\b", "1/2"),
    # bounds first: "menos de 1%" is "less than", "menos 2" is "minus 2"
    (r"\b(?:menos|menor) (?:de|que)\b", "less than"),
    (r"\b(?:mas|mayor) (?:de|que)\b", "more than"),
    (r"\b(?:como maximo|a lo mas|cuando mucho)\b", "at most"),
    (r"\b(?:al menos|por lo menos|como minimo|cuando menos)\b", "at least"),
    (r"\bo mas\b", "or more"),
    (r"\bo menos\b", "or less"),
    (
        r"\b(?:aproximadamente|aprox\.?|alrededor de|cerca de|unos|unas|casi)\s*(?=[\d.+-])",
        "about ",
    ),
    (
        r"^(?:(?:entonces |asi que )?(?:la )?(?:respuesta|probabilidad|posibilidad) es|es|son)\s+",
        "it is ",
    ),
    (r"^respuesta:?\s+", "answer "),
    (r"\b(?:el|la|los|las|un|una)\s+(?=[\d.+-])", ""),  # "es el 25%", "un 25%"
    (r"^ningun[oa]?$", "none"),
    (r"\b(?:una )?perdida de\b", "a loss of"),
    (r"\b(?:negativo|negativa)\b", "negative"),
    (r"\b(?:pierdo|pierde|pierdes|perder|perdemos|pierden|perdi|perdio)\b", "lose"),
    (r"\bpuntos?\b", "points"),
    (r"\bgrados?\b", "degrees"),
    (r"\bde cada\b", "in"),
    (r"\bde (?:las|los)\b", "of the"),
)
_DIGIT_PHRASES = (  # once the number words are digits
    (r"(?<=[\d%.])\s*\bde\b\s*(?=[\d.])", " of "),
    (r"(?<=[a-z\d])\s+de\s+(?=[\d.])", " of "),  # "15 cartas de 81"
    (r"(?<=[\d%.])\s*\b(?:dividido (?:entre|por)|entre)\b\s*(?=[\d.])", " divided by "),
    (r"(?<=[\d%.])\s*\b(?:por|veces)\b\s*(?=[\d.])", " times "),
    (r"(?<=[\d%.])\s*\bmas\b\s*(?=[\d.])", " plus "),
    (r"\bmenos\b", "minus"),
    (r"\b(\d+) y (\d+/\d+)", r"\1 \2"),  # "dos y medio": 2 1/2
)


def strip_accents(text: str) -> str:
    """``text`` without accents and with ``ñ`` as ``n``: how a student's Spanish is
    compared ("más" and "mas" are one word).

    >>> strip_accents("Sí, más pequeña")
    'Si, mas pequena'
    """
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    )


def spanish_for_reading(text: str) -> str:
    """``text`` (a student's answer in Spanish) in lower case, with its Spanish number
    words, fractions in words, bounds, signs and units in the English forms
    :func:`~xactika_edu.teaching.answer_reading.read_number` reads (see the module's
    text). Other words are kept, without accents."""
    text = strip_accents(str(text)).lower()
    for pattern, written in _PHRASES:
        text = re.sub(pattern, written, text)
    text = _NUMBER_RE.sub(lambda found: str(SPANISH_NUMBERS[found.group(0)]), text)
    text = _PART_RE.sub(lambda found: f"{found.group(1)}/{_PARTS[found.group(2)]}", text)
    text = re.sub(r"\bmedio\b", "1/2", text)
    for pattern, written in _DIGIT_PHRASES:
        text = re.sub(pattern, written, text)
    return re.sub(r"\s+", " ", text).strip()


# --- word answers -------------------------------------------------------------------

#: Spanish words that say what an English answer word says (accents optional when a
#: student types them): a word answer or key word in English is right in Spanish too, and
#: is shown in Spanish by the first of them (:func:`spanish_word`).
SPANISH_WORDS: dict[str, tuple[str, ...]] = {
    "yes": ("sí", "sip", "claro", "claro que sí"),
    "no": ("no", "nel", "nop"),
    "same": ("igual", "la misma", "lo mismo", "el mismo", "misma", "mismo", "iguales"),
    "the same": ("igual", "la misma", "lo mismo", "el mismo"),
    "equal": ("igual", "iguales"),
    "as likely": ("igual de probable", "tan probable"),
    "just as likely": ("igual de probable", "igualmente probable", "tan probable"),
    "equally likely": ("igualmente probable", "igual de probable"),
    "less": ("menos", "menor"),
    "fewer": ("menos",),
    "more": ("más", "mayor"),
    "less likely": ("menos probable",),
    "more likely": ("más probable",),
    "higher": ("más alta", "más alto", "mayor"),
    "lower": ("más baja", "más bajo", "menor"),
    "narrower": ("más estrecha", "más angosta", "más delgada", "más estrecho"),
    "narrow": ("estrecha", "angosta"),
    "wider": ("más ancha", "más ancho", "más amplia"),
    "more spread": ("más dispersa", "más dispersas", "más extendida", "más separadas"),
    "less spread": ("menos dispersa", "menos dispersas", "menos extendida"),
    "closer": ("más cerca", "más juntas", "más cercanas"),
    "no change": ("no cambia", "sin cambio"),
    "independent": ("independiente", "independientes"),
}


def spanish_word(word: str) -> str:
    """How an English answer word of :data:`SPANISH_WORDS` is shown in Spanish ("same":
    "igual"); another word as it is.

    >>> spanish_word("More likely"), spanish_word("bell")
    ('más probable', 'bell')
    """
    return SPANISH_WORDS.get(" ".join(word.lower().split()), (word,))[0]


#: Words before an answer that only frame it ("creo que no", "la respuesta es igual").
SPANISH_HEDGES = (
    ("creo", "que"),
    ("pienso", "que"),
    ("yo", "diria", "que"),
    ("yo", "diria"),
    ("diria", "que"),
    ("mi", "respuesta", "es"),
    ("la", "respuesta", "es"),
    ("probablemente",),
    ("tal", "vez"),
    ("quizas",),
    ("quiza",),
)
#: Phrases that say the student does not know; the first :data:`SPANISH_UNKNOWING` say
#: it anywhere, the others only before a choice (as the English list).
SPANISH_UNSURE = (
    "no se",
    "nose",
    "ni idea",
    "no estoy seguro",
    "no estoy segura",
    "quien sabe",
    "nadie sabe",
    "se me olvido",
    "puede ser",
    "podria",
    "depende",
    "tal vez",
    "quizas",
)
SPANISH_UNKNOWING = 8
