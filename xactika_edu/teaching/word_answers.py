"""Word answers: one rule for "more or less?", "yes or no?" and "fewer or more?" checks.

A word answer is right when

* its first answer word (before any reason: after ``. , ; : ! ?`` or "because", or
  simply the first word of a longer sentence) is an accepted word, or it contains one of
  the question's key words or phrases ("narrower", "closer", "the same");
* and it contains none of the question's contrary words ("more spread out", "wider",
  "more likely"), and no key word said with "not" before it ("not narrower", "not the
  same"). A contrary word said with "not" ("not less likely") counts as neither.

Words are compared as whole words, ignoring case, spaces, hyphens and quotes; "isn't"
is read as "is not". Where phrases overlap, the longest one counts: with the key phrase
"more narrow", "more narrow" is right even though "more" is a contrary word. "more
often" (as in "more often fewer") is neither.

>>> rule = WordRule(("less",), key_words=("narrower", "closer"), contrary=("more spread", "wider"))
>>> [rule.accepts(said) for said in ("Less, because n is bigger", "the bell is narrower",
...                                  "more", "less, not wider", "wider", "not narrower")]
[True, True, False, True, False, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..base.errors import XactikaError

__all__ = ["NEUTRAL_PHRASES", "WordRule", "word_tokens"]

#: Phrases that are neither right nor contrary wherever they stand ("more often fewer").
NEUTRAL_PHRASES = ("more often", "most often", "more of the time", "most of the time")
_NEGATIONS = frozenset({"not", "never"})
_ARTICLES = frozenset({"a", "an", "the"})
_BREAKS = frozenset({".", ",", ";", ":", "!", "?", "because"})


def word_tokens(text: object) -> tuple[str, ...]:
    """``text`` as lower-case words and marks: ``"Isn't it less-spread?"`` is
    ``('is', 'not', 'it', 'less', 'spread', '?')``."""
    value = str(text).lower()
    value = re.sub(r"[’‘`´]", "'", value)
    value = re.sub(r"\bcan't\b|\bcannot\b", "can not", value)
    value = re.sub(r"\bwon't\b", "will not", value)
    value = re.sub(r"(\w)n't\b", r"\1 not", value)
    return tuple(re.findall(r"[a-z0-9]+(?:'[a-z]+)?|[.,;:!?=<>%/]", value))


def _phrases(name: str, given: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    if isinstance(given, str):
        raise XactikaError(f"{name} must be a list of words, got the text {given!r}")
    phrases = []
    for phrase in given:
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

    Raises:
        XactikaError: if a word is empty or not text, or a phrase is both a key word
            and a contrary one.
    """

    words: tuple[str, ...]
    key_words: tuple[str, ...] = ()
    contrary: tuple[str, ...] = ()
    _words: tuple[tuple[str, ...], ...] = field(init=False, repr=False, compare=False)
    _kinds: dict[tuple[str, ...], str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = _phrases("the answer words", self.words)
        keys = _phrases("key_words", self.key_words)
        contrary = _phrases("contrary", self.contrary)
        both = sorted(" ".join(p) for p in set(keys) & set(contrary))
        both += sorted(" ".join(p) for p in set(words) & set(contrary))
        if both:
            raise XactikaError(f"a word cannot be both right and contrary: {', '.join(both)}")
        object.__setattr__(self, "_words", words)
        object.__setattr__(self, "_kinds", self._kinds_of(keys, contrary))

    @staticmethod
    def _kinds_of(
        keys: tuple[tuple[str, ...], ...], contrary: tuple[tuple[str, ...], ...]
    ) -> dict[tuple[str, ...], str]:
        kinds = {tuple(p.split()): "neutral" for p in NEUTRAL_PHRASES}
        kinds.update({p: "key" for p in keys})
        kinds.update({p: "contrary" for p in contrary})
        return kinds

    def _scan(self, tokens: tuple[str, ...]) -> tuple[int, int]:
        """How many key and contrary phrases ``tokens`` hold, longest match first. A
        phrase after "not" (or "not the") is negated: a negated key phrase counts as
        contrary ("not the same"), a negated contrary one as neither ("not less likely")."""
        kinds = self._kinds
        longest = max((len(p) for p in kinds), default=0)
        keys = contrary = 0
        i = 0
        while i < len(tokens):
            for size in range(min(longest, len(tokens) - i), 0, -1):
                kind = kinds.get(tokens[i : i + size])
                if kind is not None:
                    before = i - 1
                    while before >= 0 and tokens[before] in _ARTICLES:
                        before -= 1
                    negated = before >= 0 and tokens[before] in _NEGATIONS
                    if (kind == "contrary" and not negated) or (kind == "key" and negated):
                        contrary += 1
                    elif kind == "key":
                        keys += 1
                    i += size
                    break
            else:
                i += 1
        return keys, contrary

    def starts_with_word(self, response: object) -> bool:
        """Whether the response's first answer word is an accepted word."""
        tokens = word_tokens(response)
        while tokens and (tokens[0] in _BREAKS - {"because"} or tokens[0] in _ARTICLES):
            tokens = tokens[1:]  # a leading stop, or "a", "the" ("the bell curve")
        return any(tokens[: len(word)] == word for word in self._words)

    def accepts(self, response: object) -> bool:
        """Whether ``response`` is right by the rule above."""
        tokens = word_tokens(response)
        keys, contrary = self._scan(tokens)
        return not contrary and (keys > 0 or self.starts_with_word(response))
