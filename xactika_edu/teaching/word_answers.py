"""Word answers: one rule for "more or less?", "yes or no?" and "fewer or more?" checks.

A word answer is right when

* it is an answer word alone, then a reason with a count, starting with "because" or
  "since", or after ":" or "." starting with the count ("Fewer, because 39 took fewer and 11
  took more", "Fewer: 39 took fewer ..."): the reason may use any words; not for yes or
  no;
* or its first answer word (before any reason: after ``. , ; : ! ?`` or "because", or
  simply the first word of a longer sentence) is an accepted word, or it contains one of
  the question's key words or phrases ("narrower", "closer", "the same");
* and it contains none of the question's contrary words ("more spread out", "wider",
  "more likely"), and no key word said with "not" or "never" up to three words before
  it ("not narrower", "not the same", "did not take fewer"). A contrary word said with
  "not" ("not less likely") counts as neither.

Numbers: a word comparing two numbers ("39 is more than 11") is neither; words with
counts on both sides ("39 fewer, 11 more") say the side with the bigger count.

In Spanish the rule is the same (``spanish_answers``): accents are optional ("más",
"mas"); "porque" is "because", "pero" and "y" end a clause, "que" is "than"; "no" is a
negation ("no es igual") unless a stop follows it ("no, es igual" answers "no"); and
the English answer words of a lesson are right in Spanish too ("same": "igual", "la
misma", "lo mismo"; "yes": "sí"; "more likely": "más probable").

Words are compared as whole words, ignoring case, spaces, hyphens and quotes; "isn't"
(or "isnt") is read as "is not". Where phrases overlap, the longest one counts: with the key phrase
"more narrow", "more narrow" is right even though "more" is a contrary word. "more
often" (as in "more often fewer") is neither, and so is a question's own ``neutral``
phrase (the event's name, "8 or more", is not the contrary word "more").

A "more or less than X?" question may name both things compared: ``subject`` (n = 16)
and ``other`` (n = 1). A response is read clause by clause (clauses end at the stops
above and at "because", "but", "and", "while", "whereas"); a clause is about the first
thing it names that does not follow "than" (or "then"), "as", "to", "from", "vs" or "compared", else
about what the clause before it in the sentence was about, else the subject. In a clause
about the other thing, key and contrary words swap: "less, n = 1 is wider" is right and
"n = 1 is narrower" is not (words that say both are alike, "the same", do not swap).

>>> rule = WordRule(("less",), key_words=("narrower", "closer"), contrary=("more spread", "wider"))
>>> [rule.accepts(said) for said in ("Less, because n is bigger", "the bell is narrower",
...                                  "more", "less, not wider", "wider", "not narrower")]
[True, True, False, True, False, False]
>>> two = WordRule(("less",), ("narrower",), ("wider",), subject=("n = 16",), other=("n = 1",))
>>> [two.accepts(said) for said in ("less. the n=1 graph is wider", "n = 1 is narrower",
...                                 "narrower than n = 1", "n = 16 is wider, n = 1 is narrower")]
[True, False, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..base.errors import XactikaError
from ..base.language import language
from .spanish_answers import (
    SPANISH_HEDGES,
    SPANISH_UNKNOWING,
    SPANISH_UNSURE,
    SPANISH_WORDS,
    strip_accents,
)

__all__ = ["NEUTRAL_PHRASES", "WordRule", "offered_words", "word_list", "word_tokens"]

#: Phrases that are neither right nor contrary wherever they stand ("more often fewer").
NEUTRAL_PHRASES = (
    "more often",
    "most often",
    "more of the time",
    "most of the time",
    "mas seguido",
    "mas a menudo",
    "con mas frecuencia",
    "la mayoria de las veces",
    "casi siempre",
)
# "no" is a negation too in Spanish, unless a stop follows it ("no, es igual")
_NEGATIONS = frozenset({"not", "never", "nothing", "nunca", "nada", "tampoco"})
_YES_NO = frozenset({"yes", "no", "yeah", "yep", "nope", "nah", "si", "sip", "nel"})
# words that only repeat a "no" ("no, it's not", "no it doesn't"): no reason
_ECHO = frozenset({"it", "its", "it's", "is", "not", "does", "do", "no", "way", "s", "really"})
#: Phrases that say the student does not know: a response with one is never right
#: ("idk, it's random", "maybe the same"), whatever else it says.
UNSURE_PHRASES = (
    "i do not know",
    "idk",
    "dunno",
    "not sure",
    "not really sure",
    "no idea",
    "no clue",
    "i forgot",
    "who knows",
    "no one knows",
    "nobody knows",
    "might",
    "could be anything",
    "can be anything",
    "kinda",
    "sort of",
    "depends",
)
_UNKNOWING_EN = 8
_UNSURE = tuple(
    tuple(phrase.split())
    for phrase in (
        *UNSURE_PHRASES[:_UNKNOWING_EN],
        *SPANISH_UNSURE[:SPANISH_UNKNOWING],
        *UNSURE_PHRASES[_UNKNOWING_EN:],
        *SPANISH_UNSURE[SPANISH_UNKNOWING:],
    )
)
# the first of them say "I don't know" anywhere; the others only before a choice
_UNKNOWING = _UNKNOWING_EN + SPANISH_UNKNOWING
# words before an answer that only frame it: "i think no", "the answer is no"
_HEDGES = (
    ("i", "think"),
    ("i", "guess"),
    ("i", "would", "say"),
    ("i", "say"),
    ("my", "answer", "is"),
    ("the", "answer", "is"),
    ("probably",),
    ("prob",),
    ("maybe",),
    *SPANISH_HEDGES,
)
# a "no" as students type it: "noooo", "naw", "nop", "nay"
_NO_FORMS = {"naw": "no", "nop": "no", "nay": "no", "nuh": "no", "uh": "", "nel": "no"}
_LINKS = frozenset({"is", "are", "was", "were", "es", "son", "era", "eran", "fue"})
_SPANISH_ARTICLES = frozenset({"el", "la", "los", "las", "lo", "un", "una"})
_ARTICLES = frozenset({"a", "an", "the"}) | _SPANISH_ARTICLES
_BECAUSE = frozenset({"because", "porque"})
_BREAKS = frozenset({".", ",", ";", ":", "!", "?"}) | _BECAUSE
_CLAUSE_BREAKS = _BREAKS | {"but", "and", "while", "whereas", "pero", "mientras", "aunque"}
_OR = (("or",), ("o",), ("u",))
_SENTENCE_ENDS = frozenset({".", ";", "!", "?"})
# a thing named after one of these is what the clause compares with, not its topic
# words that say the two things are alike: "n = 1 is the same" does not swap
_ALIKE = frozenset(
    {"same", "equal", "equally", "alike", "tie", "igual", "iguales", "igualmente"}
    | {"mismo", "misma", "mismos", "mismas", "empate"}
)
_BASES = frozenset({"than", "then", "as", "to", "from", "vs", "versus", "compared"})
# the same in Spanish: "más estrecha que n = 1", "comparada con n = 1"
_SPANISH_BASES = frozenset({"que", "como", "de", "a", "contra", "comparado", "comparada"})


def _spanish() -> bool:
    return language() == "es"


# the words a prompt offers: "Type less, same or more.", "Answer yes or no."; in Spanish
# "Escribe menos, igual o más.", "Responde sí o no."
_OFFERED = re.compile(
    r"\b(?:Type|Answer) ([a-z]+(?:, [a-z]+)* or [a-z]+)\."
    r"|\b(?:Escribe|Responde|Contesta) ([a-záéíóúñü]+(?:, [a-záéíóúñü]+)* [ou] [a-záéíóúñü]+)\."
)


def offered_words(prompt: str) -> str:
    """The words a prompt offers, as it writes them, or "" if it offers none.

    >>> offered_words("Type less, same or more."), offered_words("Escribe sí o no.")
    ('less, same or more', 'sí o no')
    """
    found = _OFFERED.search(prompt)
    return (found.group(1) or found.group(2)) if found else ""


def word_tokens(text: object) -> tuple[str, ...]:
    """``text`` as lower-case words and marks: ``"Isn't it less-spread?"`` is
    ``('is', 'not', 'it', 'less', 'spread', '?')``."""
    value = strip_accents(str(text).replace("´", "'")).lower()  # "más" is "mas"
    value = re.sub(r"[’‘`´]", "'", value)
    value = re.sub(r"\bcan't\b|\bcannot\b|\bcant\b", "can not", value)
    value = re.sub(r"\bwon't\b", "will not", value)
    value = re.sub(r"(\w)n't\b", r"\1 not", value)
    # the same without the apostrophe, as students type: "doesnt", "dont", "isnt"
    value = re.sub(
        r"\b(do|does|did|is|are|was|were|has|have|had|would|could|should)nt\b", r"\1 not", value
    )
    value = re.sub(r"\bwont\b", "will not", value)
    value = re.sub(r"\bno+\b|^n o\b", "no", value)  # "noooo", "n o"
    return tuple(re.findall(r"[a-z0-9]+(?:'[a-z]+)?|[.,;:!?=<>%/]", value))


def word_list(name: str, given: Iterable[str]) -> tuple[str, ...]:
    """``given`` as a tuple of words or phrases; XactikaError naming ``name`` if it is
    one text ("narrower"), not a list of them."""
    if isinstance(given, str):
        raise XactikaError(f"{name} must be a list of words, got the text {given!r}")
    return tuple(given)


def _bases() -> frozenset[str]:
    """The words after which a thing named is what a clause compares with."""
    return _BASES | _SPANISH_BASES if _spanish() else _BASES


def _negated(tokens: tuple[str, ...], start: int, end: int) -> bool:
    """Whether ``tokens[start:end]`` (the words before a phrase) say "not": "not",
    "never", "nunca" ...; in Spanish also "no", unless a stop follows it ("no, es igual"
    answers "no", then says "the same")."""
    before = tokens[start:end]
    if _NEGATIONS.intersection(before):
        return True
    return _spanish() and any(
        word == "no" and tokens[start + k + 1] not in _BREAKS for k, word in enumerate(before)
    )


Phrases = tuple[tuple[str, ...], ...]


def _with_spanish(words: Phrases, keys: Phrases, contrary: Phrases) -> tuple[Phrases, ...]:
    """The answer words, key words and contrary words with the Spanish words that say
    the same (:data:`~xactika_edu.teaching.spanish_answers.SPANISH_WORDS`), except a
    Spanish word that would be both right and contrary; an answer word's leading Spanish article is
    dropped, as a response's is ("la misma" is "misma")."""
    roles = [list(words), list(keys), list(contrary)]
    added: list[list[tuple[str, ...]]] = [[], [], []]
    for role, phrases in enumerate((words, keys, contrary)):
        for phrase in phrases:
            for spanish in SPANISH_WORDS.get(" ".join(phrase), ()):
                added[role].append(word_tokens(spanish))
    for role in range(3):  # answer and key words may share a word; contrary ones not
        against = (2,) if role < 2 else (0, 1)
        others = {p for k in against for p in (*roles[k], *added[k])}
        roles[role] += [
            p for p in dict.fromkeys(added[role]) if p not in others and p not in roles[role]
        ]
    roles[0] += [phrase[1:] for phrase in roles[0] if phrase[0] in _SPANISH_ARTICLES and phrase[1:]]
    return tuple(tuple(dict.fromkeys(role)) for role in roles)


def _phrases(name: str, given: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    phrases = []
    for phrase in word_list(name, given):
        if not isinstance(phrase, str) or not word_tokens(phrase):
            raise XactikaError(f"each of {name} must be a word or phrase, got {phrase!r}")
        phrases.append(word_tokens(phrase))
    return tuple(phrases)


@dataclass(frozen=True)
class WordRule:
    """The rule above for one question.

    Args:
        words: the accepted answer words or phrases ("less"; "no", "nope").
        key_words: words or phrases that say the answer anywhere in a response.
        contrary: words or phrases that say something else: a response with one of them
            is never right.
        neutral: phrases that are neither ("8 or more", the event the question names).
        subject, other: the names of the two things a "more or less than X?" question
            compares ("n = 16"; "n = 1", "one card"): key and contrary words swap in a
            clause about the other thing.
        choice: for a question that offers its words ("Type less, same or more."): a
            response whose first word is an accepted word is right whatever reason
            follows ("same, the dice reset"); the explanation the student then sees
            gives the lesson's reason. A first phrase that is contrary ("same thing
            again") is not an accepted word.

    Raises:
        XactikaError: if a word is empty or not text, or a phrase has two roles (a key
            word and a contrary one, a name and a neutral phrase...).
    """

    words: tuple[str, ...]
    key_words: tuple[str, ...] = ()
    contrary: tuple[str, ...] = ()
    neutral: tuple[str, ...] = ()
    subject: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    choice: bool = field(default=False, kw_only=True)
    _words: tuple[tuple[str, ...], ...] = field(init=False, repr=False, compare=False)
    _kinds: dict[tuple[str, ...], str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = _phrases("the answer words", self.words)
        keys = _phrases("key_words", self.key_words)
        contrary = _phrases("contrary", self.contrary)
        words, keys, contrary = _with_spanish(words, keys, contrary)
        both = sorted(" ".join(p) for p in set(keys) & set(contrary))
        both += sorted(" ".join(p) for p in set(words) & set(contrary))
        if both:
            raise XactikaError(f"a word cannot be both right and contrary: {', '.join(both)}")
        kinds = {tuple(p.split()): "neutral" for p in NEUTRAL_PHRASES}
        kinds.update({p: "key" for p in keys})
        kinds.update({p: "contrary" for p in contrary})
        for kind in ("neutral", "subject", "other"):
            for phrase in _phrases(kind, getattr(self, kind)):
                if kinds.get(phrase, kind) != kind and kinds[phrase] != "neutral":
                    raise XactikaError(
                        f"{' '.join(phrase)!r} cannot be both {kind} and {kinds[phrase]}"
                    )
                kinds[phrase] = kind
        object.__setattr__(self, "_words", words)
        object.__setattr__(self, "_kinds", kinds)

    def _matches(self, tokens: tuple[str, ...]) -> list[tuple[int, str, bool, bool, int | None]]:
        """The phrases in ``tokens``, longest match first, as (position, kind, negated,
        alike, count): a phrase with "not" or "never" at most three words before it and
        no phrase between ("not the same", "did not take fewer") is negated; an alike one
        ("same") says the two things compared are alike; ``count`` is the number just
        before it ("39 fewer"), else None. A phrase that compares two numbers ("39 is
        more than 11") is neutral."""
        kinds = self._kinds
        longest = max((len(p) for p in kinds), default=0)
        found: list[tuple[int, str, bool, bool, int | None]] = []
        i = 0
        after_last = 0  # where the last phrase found ended
        while i < len(tokens):
            for size in range(min(longest, len(tokens) - i), 0, -1):
                kind = kinds.get(tokens[i : i + size])
                if kind is not None:
                    if _compares_numbers(tokens, i, i + size):
                        kind = "neutral"
                    negated = _negated(tokens, max(after_last, i - 3), i)
                    count = int(tokens[i - 1]) if i and tokens[i - 1].isdigit() else None
                    alike = bool(_ALIKE.intersection(tokens[i : i + size]))
                    found.append((i, kind, negated, alike, count))
                    i += size
                    after_last = i
                    break
            else:
                i += 1
        return found

    def _scan(self, tokens: tuple[str, ...]) -> tuple[int, int]:
        """How many key and contrary phrases ``tokens`` hold, clause by clause (see the
        module's docstring): a negated key phrase counts as contrary ("not the same"), a
        negated contrary one as neither ("not less likely"); in a clause about the other
        thing compared, key and contrary swap. When both a key and a contrary phrase
        come with a count ("39 fewer, 11 more"), they say one thing: the side with the
        bigger count."""
        keys = contrary = 0
        counted: dict[str, list[int]] = {"key": [], "contrary": []}
        topic = "subject"
        for clause, sentence_start in _clauses(tokens):
            if sentence_start:
                topic = "subject"
            matches = self._matches(clause)
            named = [
                kind
                for i, kind, *_ in matches
                if kind in ("subject", "other") and not _bases().intersection(clause[:i])
            ]
            topic = named[0] if named else topic
            for _, kind, negated, alike, count in matches:
                if topic == "other" and kind in ("key", "contrary") and not alike:
                    kind = "contrary" if kind == "key" else "key"
                if kind in counted and count is not None and not negated:
                    counted[kind].append(count)
                if (kind == "contrary" and not negated) or (kind == "key" and negated):
                    contrary += 1
                elif kind == "key":
                    keys += 1
        if counted["key"] and counted["contrary"]:  # the counts say which side is bigger
            keys -= len(counted["key"])
            contrary -= len(counted["contrary"])
            if max(counted["key"]) > max(counted["contrary"]):
                keys += 1
            else:
                contrary += 1
        return keys, contrary

    def _answer_tokens(self, tokens: tuple[str, ...]) -> tuple[str, ...]:
        """``tokens`` from the answer word on: leading stops, articles and framing words
        ("i think", "the answer is", "probably") dropped, a "no" as typed ("naw", "nuh
        uh") read as "no", and, when "no" is an answer word, a plain "it's not" or
        "probably not" read as "no"."""
        tokens = tuple(word for word in (_NO_FORMS.get(t, t) for t in tokens) if word)
        while tokens:
            hedge = next((h for h in _HEDGES if tokens[: len(h)] == h), ())
            if hedge:
                tokens = tokens[len(hedge) :]
            elif tokens[0] in _BREAKS - _BECAUSE or tokens[0] in _ARTICLES:
                tokens = tokens[1:]  # a leading stop, or "a", "the" ("the bell curve")
            else:
                break
        words = [token for token in tokens if token not in _BREAKS]
        if ("no",) in self._words and "not" in words and _ECHO.issuperset(words):
            return ("no",)
        return tokens

    def starts_with_word(self, response: object) -> bool:
        """Whether the response's first answer word is an accepted word."""
        tokens = self._answer_tokens(word_tokens(response))
        return any(tokens[: len(word)] == word for word in self._words)

    def says_both(self, response: object) -> bool:
        """Whether a response to a question comparing two things has both a key and a
        contrary word ("less, because the bell is wider": which bell?)."""
        keys, contrary = self._scan(word_tokens(response))
        return bool(self.other) and keys > 0 and contrary > 0

    def accepts(self, response: object) -> bool:
        """Whether ``response`` is right by the rule above."""
        if self.unsure(response):
            return False  # "idk, it's random": not an answer
        tokens = word_tokens(response)
        if self.choice and self._chose_word(tokens):
            return True  # "same, because ...": the chosen word is the answer
        if not self.choice and self._answer_then_reason(tokens):
            return True
        keys, contrary = self._scan(tokens)
        return not contrary and (keys > 0 or self.starts_with_word(response))

    def unsure(self, response: object) -> bool:
        """Whether ``response`` says the student does not know ("idk same"), or, for a
        choice, names two words ("same or more")."""
        tokens = word_tokens(response)
        first = self._answer_tokens(tokens)
        two = self.choice and first[1:2] in _OR and self._kinds.get(first[:3]) != "neutral"
        if self.choice and not two and self._chose_word(tokens):  # "same because it might ..."
            return any(_has_phrase(tokens, phrase) for phrase in _UNSURE[:_UNKNOWING])
        return two or any(_has_phrase(tokens, phrase) for phrase in _UNSURE)

    def scan(self, response: object) -> tuple[int, int]:
        """How many key and contrary phrases ``response`` says (see the rule above)."""
        return self._scan(word_tokens(response))

    def _chose_word(self, tokens: tuple[str, ...]) -> bool:
        """Whether the first words are an accepted word and not a longer contrary phrase
        ("same thing again")."""
        first = self._answer_tokens(tokens)
        if not any(first[: len(word)] == word for word in self._words):
            return False
        found = self._matches(first)
        return not (found and found[0][0] == 0 and found[0][1] == "contrary")

    def mentions(self, response: object) -> bool:
        """Whether ``response`` says any of the rule's words: an answer word first, a key
        word or a contrary one ("no" to "less, same or more?" says none)."""
        keys, contrary = self._scan(word_tokens(response))
        return bool(keys or contrary) or self.starts_with_word(response)

    def _answer_then_reason(self, tokens: tuple[str, ...]) -> bool:
        """Whether the response is an accepted word alone, then a reason that starts with
        "because" or "since", or a count after ":" or "." ("Fewer, because 39 took fewer
        and 11 took more", "Fewer. 39 took fewer ..."): the word is the
        answer, whatever words the reason uses. Not for yes or no, whose reason says
        what the student means."""
        end = next((i for i, token in enumerate(tokens) if token in _BREAKS), None)
        after = [token for token in tokens[end or 0 :] if token not in _BREAKS - _BECAUSE]
        counted = (  # "Fewer: 39 took fewer ...", "Fewer. 39 took ...": a count is a reason
            end is not None and tokens[end] in (":", ".") and after[:1] != [] and after[0].isdigit()
        )
        if (
            end is None
            or len(after) < 2
            or not (counted or after[0] in ("because", "since", "porque"))
        ):
            return False  # "less, more spread" says both: only a reason is a reason
        if not any(token.isdigit() for token in after):
            return False  # a reason without a count ("less because more spread") is read whole
        first = tokens[:end]
        while first and first[0] in _ARTICLES:
            first = first[1:]
        return first in self._words and not _YES_NO.intersection(first)


def _has_phrase(tokens: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` is in ``tokens`` as whole words."""
    return any(tokens[i : i + len(phrase)] == phrase for i in range(len(tokens)))


def _compares_numbers(tokens: tuple[str, ...], start: int, end: int) -> bool:
    """Whether the phrase ``tokens[start:end]`` compares two numbers: a number (and
    perhaps "is", "are", "was", "were") before it, "than" and a number after it."""
    before = start - 1
    if before >= 0 and tokens[before] in _LINKS:
        before -= 1
    return (
        before >= 0
        and tokens[before].isdigit()
        and tokens[end : end + 1] in (("than",), ("que",))
        and tokens[end + 1 : end + 2] != ()
        and tokens[end + 1].isdigit()
    )


def _clauses(tokens: tuple[str, ...]) -> list[tuple[tuple[str, ...], bool]]:
    """``tokens`` cut at the clause breaks, each clause with whether it starts a
    sentence ("y" and "e", Spanish "and", are breaks in Spanish)."""
    breaks = _CLAUSE_BREAKS | {"y", "e"} if _spanish() else _CLAUSE_BREAKS
    clauses: list[tuple[tuple[str, ...], bool]] = []
    current: list[str] = []
    starts = True
    for token in (*tokens, "."):
        if token in breaks:
            if current:
                clauses.append((tuple(current), starts))
                starts = False
            current = []
            starts = starts or token in _SENTENCE_ENDS
        else:
            current.append(token)
    return clauses
