"""The unit's vocabulary: each word of the lessons with what it means, in any language.

The words and their meanings are written once, in English, below; their Spanish is in
this module's catalogue (``xactika_edu.teaching.glossary.po``), in the words of the
project's Spanish glossary (``GLOSARIO``: the publisher's words for the game). So the
class pack's bilingual glossary (:func:`xactika_edu.outputs.docpages.glossary_page`)
is computed from this one list: :func:`glossary` in English, then in Spanish.

>>> first = glossary()[0]
>>> first.term, first.meaning
('card', 'One of the 81 cards of the deck. It shows 1, 2 or 3 of each of the four shapes, written as four digits: 3213.')
>>> len(glossary()) == len(glossary("es"))
True
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass

from ..base.language import gettext as _
from ..base.language import language as _current_language
from ..base.language import pgettext, use_language

__all__ = ["GlossaryTerm", "glossary"]


@dataclass(frozen=True)
class GlossaryTerm:
    """One word of the unit in one language: the ``term`` (lower case, as in a
    sentence) and its ``meaning`` (one or two short sentences)."""

    term: str
    meaning: str


def _terms() -> list[tuple[str, str]]:
    """(term, meaning) of every word, in the current language, in the lessons' order:
    the game first, then the statistics and probability."""
    return [
        (
            pgettext("glossary term", "card"),
            _(
                "One of the 81 cards of the deck. It shows 1, 2 or 3 of each of the four "
                "shapes, written as four digits: 3213."
            ),
        ),
        (
            pgettext("glossary term", "deck"),
            _("All 81 cards of the game. No two cards are the same."),
        ),
        (
            pgettext("glossary term", "shape"),
            _("What a card shows: balls, cubes, cones and stars, 1, 2 or 3 of each."),
        ),
        (pgettext("glossary term", "ball"), _("One of the four shapes: a small round ball.")),
        (pgettext("glossary term", "cube"), _("One of the four shapes.")),
        (pgettext("glossary term", "cone"), _("One of the four shapes.")),
        (pgettext("glossary term", "star"), _("One of the four shapes.")),
        (
            pgettext("glossary term", "combination"),
            _("A number and a shape, such as 3 cubes: every card with exactly 3 cubes has it."),
        ),
        (
            pgettext("glossary term", "face value"),
            _("The sum of a card's four digits, from 4 to 12: 3213 has face value 9."),
        ),
        (
            pgettext("glossary term", "dealer"),
            _("The player who deals the cards. The dealer bids last."),
        ),
        (
            pgettext("glossary term", "hand"),
            _("The 8 cards a player holds; also one deal played out."),
        ),
        (pgettext("glossary term", "game"), _("8 hands, with each player's points added up.")),
        (
            pgettext("glossary term", "bid"),
            _("How many tricks you say you will win in a hand, before the play."),
        ),
        (
            pgettext("glossary term", "trick"),
            _("Each player plays one card, and one player wins all of them."),
        ),
        (
            pgettext("glossary term", "lead"),
            _("The first card of a trick. Its player calls one of its combinations."),
        ),
        (pgettext("glossary term", "call"), _("The combination the lead names, such as 2 balls.")),
        (
            pgettext("glossary term", "follow"),
            _("Play a card with the combination that was called. You must, if you can."),
        ),
        (
            pgettext("glossary term", "void"),
            _("A player is void in a combination when no card in the hand has it."),
        ),
        (pgettext("glossary term", "unbeatable"), _("A lead that no other card can beat.")),
        (
            pgettext("glossary term", "sure trick"),
            _("A lead nobody can beat, whatever cards the others hold: chance 1."),
        ),
        (
            pgettext("glossary term", "threat"),
            _(
                "An unseen card that could beat your lead: it shows the call, with an equal "
                "or higher face value."
            ),
        ),
        (
            pgettext("glossary term", "unseen"),
            _("Not seen by you: in another player's hand or set aside."),
        ),
        (
            pgettext("glossary term", "set aside"),
            _("Dealt to nobody."),
        ),
        (
            pgettext("glossary term", "points"),
            _("What a player scores in a hand: an exact bid earns points, a missed one loses."),
        ),
        (
            pgettext("glossary term", "frequency"),
            _("How many times a value or an outcome appears."),
        ),
        (
            pgettext("glossary term", "relative frequency"),
            _("A frequency divided by the total: a fraction, a decimal or a percent."),
        ),
        (
            pgettext("glossary term", "distribution"),
            _("All the values, and how often each one appears."),
        ),
        (
            pgettext("glossary term", "symmetric"),
            _("The same on both sides of the middle."),
        ),
        (
            pgettext("glossary term", "mean"),
            _("Add the values, then divide by how many there are."),
        ),
        (pgettext("glossary term", "median"), _("The middle value, when the values are in order.")),
        (pgettext("glossary term", "mode"), _("The value that appears most often.")),
        (pgettext("glossary term", "range"), _("The highest value minus the lowest value.")),
        (
            pgettext("glossary term", "MAD (mean absolute deviation)"),
            _("The mean of the distances from each value to the mean."),
        ),
        (
            pgettext("glossary term", "probability"),
            _("A number from 0 to 1 that says how likely an event is."),
        ),
        (
            pgettext("glossary term", "outcome"),
            _("One possible result, such as the card you draw."),
        ),
        (
            pgettext("glossary term", "event"),
            _("A group of outcomes, such as drawing a card with face value 8."),
        ),
        (
            pgettext("glossary term", "success"),
            _("A trial where the event happens."),
        ),
        (
            pgettext("glossary term", "probability model"),
            _("A chance for every outcome a trial can give, found by counting or by reasoning."),
        ),
        (
            pgettext("glossary term", "expected value"),
            _("The mean in the long run: each value times its probability, all added up."),
        ),
        (pgettext("glossary term", "sample"), _("A few cards or results picked from all of them.")),
        (pgettext("glossary term", "sample size"), _("How many cards or results are in a sample.")),
        (
            pgettext("glossary term", "simulation"),
            _(
                "A chance process that behaves like another, such as four dice for one card, "
                "repeated many times to estimate a probability."
            ),
        ),
        (
            pgettext("glossary term", "trial"),
            _("One run of a random experiment, such as one draw."),
        ),
        (
            pgettext("glossary term", "law of large numbers"),
            _("With more trials, the relative frequency usually gets closer to the probability."),
        ),
        (
            pgettext("glossary term", "estimate"),
            _("A careful guess, made from data or from a few facts."),
        ),
        (
            pgettext("glossary term", "seed"),
            _("A number that picks the shuffle. The same seed gives the same cards."),
        ),
        (
            pgettext("glossary term", "bar graph"),
            _("A graph with one bar for each value; its height is the count."),
        ),
        (
            pgettext("glossary term", "pie chart"),
            _("A circle cut into slices; the whole circle is all the cards."),
        ),
        (
            pgettext("glossary term", "slice"),
            _("One part of a pie chart. Its angle is its part of 360°."),
        ),
        (
            pgettext("glossary term", "slice angle"),
            _("The slice's part of 360°."),
        ),
        (
            pgettext("glossary term", "tick mark"),
            _("A mark on the rim of the worksheet's circle, one for each card."),
        ),
        (
            pgettext("glossary term", "histogram"),
            _("A bar graph of numbers on a number line, with no gaps."),
        ),
        (
            pgettext("glossary term", "bell curve"),
            _("A smooth curve shaped like a bell: most values in the middle, few at the ends."),
        ),
        (
            pgettext("glossary term", "tree diagram"),
            _("A drawing with one branch for each outcome; multiply along a path."),
        ),
        (pgettext("glossary term", "tally mark"), _("A short line drawn for each thing counted.")),
        (
            pgettext("glossary term", "fraction"),
            _("A part of a whole written as a/b, such as 19/81."),
        ),
        (pgettext("glossary term", "percent"), _("A part out of 100, such as 25%.")),
        (
            pgettext("glossary term", "percentage point"),
            _("A difference of two percents: 62% - 58% = 4 percentage points."),
        ),
        (
            pgettext("glossary term", "proportion"),
            _("An equation that says two fractions are equal."),
        ),
        # Lesson 8: two other card games, with a standard deck
        (
            pgettext("glossary term", "suit"),
            _("One of the four kinds of a standard deck: clubs, diamonds, hearts, spades."),
        ),
        (
            pgettext("glossary term", "follow suit"),
            _("Play a card of the suit that was led. You must, if you can."),
        ),
        (
            pgettext("glossary term", "trump"),
            _("A suit that beats every other suit in a round."),
        ),
        (pgettext("glossary term", "partner"), _("The player on your team.")),
        (pgettext("glossary term", "wild card"), _("A card that can stand for any number.")),
        (
            pgettext("glossary term", "equally likely"),
            _("Having the same chance, like each place an unseen card can be."),
        ),
        (
            pgettext("glossary term", "independent events"),
            _("Knowing that one happened does not change the chance of the other."),
        ),
    ]


def glossary(code: str | None = None) -> tuple[GlossaryTerm, ...]:
    """The unit's words with their meanings in language ``code`` (None: the current
    language), in the same order in every language, so ``glossary("en")[i]`` and
    ``glossary("es")[i]`` are the same word.

    Raises:
        XactikaError: if ``code`` is not a language the toolkit writes.
    """
    with use_language(_current_language() if code is None else code):
        return tuple(GlossaryTerm(term, meaning) for term, meaning in _terms())
