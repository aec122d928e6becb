"""The probability worksheet: will my lead win? Exact chances for a dealt hand.

A student sees their 8 cards from a 4-player deal and works out, for three leads
(a card and the combination called), the threats (unseen cards that would beat it),
the unseen cards and the exact chance that the lead is unbeatable, as a simplified
fraction and a percent. The three leads are chosen by computation: a sure trick (no
threats), a one-threat lead (the chance is set-aside cards / unseen cards) and a
harder lead with 2 or 3 threats (multiply one step per threat). Every answer comes
from :func:`~xactika_edu.core.probability.chance_unbeatable` and
:func:`~xactika_edu.core.probability.threats`.

>>> sheet = probability_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> [len(sheet.threats(k)) for k in range(3)]
[0, 1, 3]
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.formatting import about_percent
from ...core import svg
from ...core.cards import (
    CARDS_PER_HAND,
    DECK,
    Card,
    Combination,
    Hand,
    as_card,
    as_combination,
    deal,
    make_rng,
)
from ...core.probability import chance_unbeatable, threats
from .card_pictures import card_image, draw_hand_row
from .page import ANSWER, MUTED, SHADE, Page, rgb
from .sheet import Sheet, check_no_cards, check_seed

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ProbabilityWorksheet", "probability_worksheet"]

#: Players at the table on a probability worksheet (the student and three others).
PLAYERS = 4
#: The most deals drawn from one seed while looking for a hand with all three leads.
_MAX_DEALS = 2000
_LEAD_NAMES = ("A", "B", "C")


@functools.cache
def _beaters() -> dict[tuple[Card, Combination], frozenset[Card]]:
    """For every card and each of its combinations: the other cards that beat it."""
    return {
        (card, combination): frozenset(
            other
            for other in DECK
            if other != card and other.has(combination) and other.value >= card.value
        )
        for card in DECK
        for combination in card.combinations
    }


def _leads_by_threats(hand: Hand) -> dict[int, list[tuple[Card, Combination]]]:
    """The hand's leads (card, call), grouped by how many threats each has."""
    held = set(hand)
    table = _beaters()
    groups: dict[int, list[tuple[Card, Combination]]] = {}
    for card in hand:
        for combination in card.combinations:
            count = len(table[card, combination] - held)
            groups.setdefault(count, []).append((card, combination))
    return groups


def _pick_leads(
    hand: Hand, rng: np.random.Generator
) -> tuple[tuple[Card, Combination], ...] | None:
    """A sure lead, a one-threat lead and a 2-or-3-threat lead on three different cards."""
    groups = _leads_by_threats(hand)
    sure, one = groups.get(0, []), groups.get(1, [])
    harder = groups.get(2, []) + groups.get(3, [])
    options = [(a, b, c) for a in sure for b in one for c in harder if len({a[0], b[0], c[0]}) == 3]
    if not options:
        return None
    return options[int(rng.integers(len(options)))]


# --- the probability worksheet ------------------------------------------------------


@dataclass(frozen=True)
class ProbabilityWorksheet(Sheet):
    """One student's probability worksheet: a hand, three leads, their exact chances.

    Build it with :func:`probability_worksheet` (which deals and chooses the leads
    from the seed); the constructor takes any 8-card hand and leads and prints
    ``seed`` as given.

    >>> sheet = ProbabilityWorksheet(number=1, of=1, seed=0, seat=2,
    ...     hand="1211 3112 3121 3231 2333 3233 3323 3333",
    ...     leads=(("3333", "3 cones"), ("3323", "3 balls"), ("3231", "1 star")))
    >>> sheet.chance(0), sheet.chance(1), sheet.threats(1)
    (Fraction(1, 1), Fraction(49, 73), Hand.parse('3332'))

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has.
        seed: the seed the deal came from (printed on the sheet).
        seat: the student's seat at the table of 4, 0 to 3 (printed as player 1-4).
        hand: the student's 8 cards (a :class:`Hand`; notation is accepted).
        leads: three (card, combination) leads from ``hand``; notation is accepted.

    Raises:
        XactikaError: if ``number``, ``of``, ``seed`` or ``seat`` is out of range,
            the hand does not have 8 distinct cards, or a lead's card is not in the
            hand or does not show the combination called.
    """

    number: int
    of: int
    seed: int
    seat: int
    hand: Hand
    leads: tuple[tuple[Card, Combination], ...]

    kind: ClassVar[str] = "probability"
    title: ClassVar[str] = "Xactika probability: will my lead win?"

    def __post_init__(self) -> None:
        self.check_numbering()
        seat = check_whole(self.seat, "seat", 0, PLAYERS - 1)
        hand = Hand.parse(self.hand) if isinstance(self.hand, str) else Hand(self.hand)
        if len(hand) != CARDS_PER_HAND:
            raise XactikaError(
                f"a probability worksheet needs a hand of {CARDS_PER_HAND} cards, got {len(hand)}"
            )
        try:
            leads = tuple((as_card(card), as_combination(call)) for card, call in self.leads)
        except (TypeError, ValueError) as error:
            raise XactikaError(
                f"leads must be three (card, combination) pairs, got {shown(self.leads)}"
            ) from error
        if len(leads) != len(_LEAD_NAMES):
            raise XactikaError(f"a probability worksheet has 3 leads, got {len(leads)}")
        for card, call in leads:
            if card not in hand:
                raise XactikaError(f"lead card {card} is not in the hand {hand}")
            if not card.has(call):
                raise XactikaError(f"lead card {card} does not show {call}")
        self.set_checked(seat=seat, hand=hand, leads=leads)

    def __str__(self) -> str:
        leads = "; ".join(f"{card} calling {call}" for card, call in self.leads)
        return f"{self.label}: player {self.seat + 1} holds {self.hand}; leads {leads}"

    # ---- the numbers -------------------------------------------------------------

    @property
    def unseen(self) -> int:
        """Cards the student has not seen: 81 - 8 = 73."""
        return len(DECK) - len(self.hand)

    @property
    def held_by_others(self) -> int:
        """Cards in the other players' hands: 3 x 8 = 24."""
        return (PLAYERS - 1) * len(self.hand)

    @property
    def set_aside(self) -> int:
        """Cards set aside, unseen by everyone: 73 - 24 = 49."""
        return self.unseen - self.held_by_others

    def threats(self, k: int) -> Hand:
        """The threats to lead ``k`` (0, 1 or 2): :func:`~xactika_edu.core.probability.threats`.

        Returns:
            a :class:`Hand` of the unseen cards showing the call with an equal or
            higher face value, in deck order.
        """
        card, call = self.leads[k]
        return threats(card, call, hand=self.hand)

    def chance(self, k: int) -> Fraction:
        """The exact chance that lead ``k`` is unbeatable (a probability in [0, 1]).

        :func:`~xactika_edu.core.probability.chance_unbeatable` with 4 players,
        hypergeometric: C(U - T, H) / C(U, H).
        """
        card, call = self.leads[k]
        return chance_unbeatable(card, call, hand=self.hand, players=PLAYERS)

    def steps(self, k: int) -> list[Fraction]:
        """One factor per threat, whose product is :meth:`chance`: threat ``i`` (from 0)
        is set aside with chance (set aside - i) / (unseen - i), given the ones before.

        C(U - T, H) / C(U, H) = product over i < T of (U - H - i) / (U - i).
        The fractions are not simplified (``Fraction`` would simplify them), so they
        come as (numerator, denominator) in :meth:`step_pairs`.
        """
        return [Fraction(a, b) for a, b in self.step_pairs(k)]

    def step_pairs(self, k: int) -> list[tuple[int, int]]:
        """:meth:`steps` as (set-aside places left, unseen cards left) pairs."""
        count = len(self.threats(k))
        return [(self.set_aside - i, self.unseen - i) for i in range(count)]

    def answers(self) -> list[dict[str, str]]:
        """Each lead's answers as the key prints them.

        >>> sheet = probability_worksheet(1006)
        >>> [answer["chance"] for answer in sheet.answers()]
        ['1 = 100%', '49/73 = about 67%', '4606/15549 = about 30%']

        Returns:
            3 dicts with ``threats`` (the cards, or ``none``), ``count``,
            ``chance`` (simplified fraction and whole percent) and ``working``.
        """
        out = []
        for k in range(len(self.leads)):
            found = self.threats(k)
            chance = self.chance(k)
            text = f"{chance} = {about_percent(chance)}"
            pairs = self.step_pairs(k)
            if not pairs:
                working = "No unseen card can beat it: a sure trick."
            elif len(pairs) == 1:
                a, b = pairs[0]
                working = f"Set-aside cards / unseen cards = {a}/{b}."
            else:
                top = math.prod(a for a, _ in pairs)
                bottom = math.prod(b for _, b in pairs)
                product = " × ".join(f"{a}/{b}" for a, b in pairs)
                working = f"{product} = {top}/{bottom} = {chance}."
            out.append(
                {
                    "threats": str(found) if found else "none",
                    "count": str(len(found)),
                    "chance": text,
                    "working": working,
                }
            )
        return out

    def explanation(self) -> str:
        """The answer to step 5: why a one-threat lead usually wins.

        >>> probability_worksheet(1).explanation()
        "Most unseen cards are set aside: the threat is set aside with chance 49/73 and ..."
        """
        return (
            f"Most unseen cards are set aside: the threat is set aside with chance "
            f"{self.set_aside}/{self.unseen} and in another player's hand with chance "
            f"{self.held_by_others}/{self.unseen}, so the lead wins more often than it loses."
        )


def probability_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None
) -> ProbabilityWorksheet:
    """A probability worksheet for the first seeded deal with the three kinds of lead.

    Deals for 4 players from a generator seeded with ``seed``, again and again, until
    some hand (seats checked 0 to 3) has a sure lead, a one-threat lead and a lead
    with 2 or 3 threats on three different cards; the generator then picks one such
    trio. About one deal in twelve qualifies (a one-threat lead is rare at the start
    of a hand), so this takes a few milliseconds; the same seed gives the same sheet.

    >>> sheet = probability_worksheet(5, number=2, of=3)
    >>> sheet.label, len(sheet.hand)
    ('Worksheet 2 of 3 · seed 5', 8)
    >>> probability_worksheet(5, cards=16)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: the probability worksheet always shows one 8-card hand, ...

    Args:
        seed: a whole number >= 0.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: must be None (the sheet always shows one 8-card hand).

    Returns:
        a :class:`ProbabilityWorksheet`.

    Raises:
        XactikaError: if ``cards`` is given, or ``number``, ``of`` or ``seed`` is
            out of range.
    """
    check_no_cards(cards, "probability")
    seed = check_seed(seed)
    rng = make_rng(seed)
    for _ in range(_MAX_DEALS):
        hands = deal(PLAYERS, seed=rng)
        for seat, hand in enumerate(hands):
            leads = _pick_leads(hand, rng)
            if leads is not None:
                return ProbabilityWorksheet(
                    number=number, of=of, seed=seed, seat=seat, hand=hand, leads=leads
                )
    raise XactikaError(  # pragma: no cover - about (11/12)^2000 unlikely
        f"no deal from seed {seed} had the three kinds of lead in {_MAX_DEALS} tries"
    )


# --- drawing the page -----------------------------------------------------------


class _ProbabilityPage(Page[ProbabilityWorksheet]):
    """Draws one probability worksheet page (student sheet or answer key)."""

    key_note = "For the teacher: the exact chances, worked out for 4 players."
    footer_note = "the same seed always gives the same hand and leads"

    def draw(self) -> None:
        answers = self.sheet.answers()
        leads = [
            ("lead", 3.5 if k == 0 else 3.0, functools.partial(self.lead, k=k, answer=answer))
            for k, answer in enumerate(answers)
        ]
        y = self.sections(
            ("intro", 2.5, self.intro),
            ("cards", 2.0, self.cards),
            ("counts", 3.0, self.counts),
            *leads,
            ("explain", 3.5, self.explain),
        )
        self.check_fits(y, self.bottom - 4.5)
        self.footer()

    def intro(self, y: float) -> float:
        sheet = self.sheet
        self.font(10.5)
        text = (
            f"You are **player {sheet.seat + 1}** of {PLAYERS}. Everyone has "
            f"{len(sheet.hand)} cards; the rest are set aside face down. We write a card as "
            "four digits, the counts of **balls, cubes, cones, stars**: 3213 is 3 balls, "
            "2 cubes, 1 cone, 3 stars (face value 9). A **threat** to your lead is a card you "
            "have not seen that shows the combination you call, with a face value **equal "
            "to or higher** than yours (a tie goes to the card played last)."
        )
        return self.paragraph(self.left, y, self.width, text, 4.9)

    def cards(self, y: float) -> float:
        return draw_hand_row(self, y, self.sheet.hand, widest=20.0)

    def blank(self, x: float, y: float, label: str, w: float, answer: str = "") -> float:
        """``label`` then a line to write on (the answer on the key); returns x after."""
        pdf = self.pdf
        self.font(10)
        self.text_at(x, y, pdf.get_string_width(label) + 1, 6, label)
        start = x + pdf.get_string_width(label) + 1.5
        self.line_style(0.3)
        pdf.line(start, y + 5.2, start + w, y + 5.2)
        if self.key and answer:
            size = 10.0  # a long answer ("about 67%") shrinks to fit its line, to 8 pt
            self.font(size, "B", ANSWER)
            while size > 8.0 and pdf.get_string_width(answer) > w:
                size -= 0.5
                self.font(size, "B", ANSWER)
            self.text_at(start, y - 0.2, w, 5.4, answer, align="C")
        return start + w + 4.0

    def blanks(self, x: float, y: float, fields: list[tuple[str, float, str]]) -> None:
        """A row of :meth:`blank` fields (label, relative width, answer) from ``x`` to the
        right margin: the lines share the room the labels leave."""
        self.font(10)
        labels = sum(self.pdf.get_string_width(label) + 1.5 for label, _, _ in fields)
        room = self.left + self.width - x - labels - 4.0 * (len(fields) - 1)
        total = sum(w for _, w, _ in fields)
        for label, w, answer in fields:
            x = self.blank(x, y, label, room * w / total, answer)

    def counts(self, y: float) -> float:
        sheet = self.sheet
        text = "Count the cards. They are the same for every lead at the start of the hand."
        y = self.step(self.left, y, "1", text, self.width) + 1.0
        self.blanks(
            self.left + 7.6,
            y,
            [
                (f"Unseen cards: {len(DECK)} - {len(sheet.hand)} =", 1, str(sheet.unseen)),
                (
                    f"In the other players' hands: {PLAYERS - 1} × {len(sheet.hand)} =",
                    1,
                    str(sheet.held_by_others),
                ),
                ("Set aside: unseen - others' =", 1, str(sheet.set_aside)),
            ],
        )
        return y + 7.0

    def lead(self, y: float, k: int, answer: dict[str, str]) -> float:
        """Lead ``k`` (0 to 2): step 2 to 4, the card with its call and the blanks."""
        number = str(k + 2)
        pdf, sheet = self.pdf, self.sheet
        card, call = sheet.leads[k]
        index = sheet.hand.index(card) + 1
        kinds = (
            "",
            " Tip: you win if that one threat is set aside.",
            " Tip: every threat must be set aside; go one at a time.",
        )
        text = (
            f"**Lead {_LEAD_NAMES[k]}:** you lead card #{index} ({card}) and call "
            f"**{call}**.{kinds[k]}"
        )
        top = y
        y = self.step(self.left, y, number, text, self.width) + 1.0
        # the card, with the call marked
        w = 15.0
        h = w * svg.CARD_HEIGHT / svg.CARD_WIDTH
        picture = card_image(card, show_value=True, highlight=call)
        pdf.image(picture, x=self.left + 7.6, y=y, w=w, h=h)
        x = self.left + 7.6 + w + 4.0
        right = self.left + self.width - x
        self.font(10)
        self.text_at(x, y, right, 5.5, "Threats (write each card's 4 digits, or none):")
        self.line_style(0.3)
        pdf.line(x, y + 11.2, x + right, y + 11.2)
        if self.key:
            self.font(10, "B", ANSWER)
            self.text_at(x, y + 5.6, right, 5.4, answer["threats"])
        line_y = y + 13.0
        fraction, _, percent = answer["chance"].rpartition(" = ")
        fraction = fraction or answer["chance"]
        self.blanks(
            x,
            line_y,
            [
                ("Number of threats:", 10, answer["count"]),
                ("Chance unbeatable (simplest fraction):", 24, fraction),
                ("Percent:", 20, percent),
            ],
        )
        y = max(y + h, line_y + 7.0)
        if k == 1:
            y = self.one_threat(x, y + 0.5, right, sheet.step_pairs(k))
        elif k == 2:
            y = self.general(x, y + 0.5, right, sheet.step_pairs(k), answer)
        if self.key and k == 2:  # leads A and B: the scaffold already shows the working
            self.font(8.5, "I", MUTED)
            y = self.paragraph(x, y + 0.5, right, answer["working"], 4.0)
        return max(y, top)

    def explain(self, y: float) -> float:
        sheet = self.sheet
        text = (
            "Lead B has a threat, but it is still more likely to win than to lose. Why? "
            "Use the numbers from step 1."
        )
        y = self.step(self.left, y, "5", text, self.width) + 1.0
        x = self.left + 7.6
        self.line_style(0.3)
        if self.key:
            self.font(10, "B", ANSWER)
            self.paragraph(x, y, self.width - 7.6, sheet.explanation(), 5.2)
        for i in range(2):
            self.pdf.line(x, y + 5.2 + 6.5 * i, self.left + self.width, y + 5.2 + 6.5 * i)
        return y + 13.0

    def scaffold_box(self, x: float, y: float, w: float, h: float) -> None:
        self.pdf.set_fill_color(*rgb(SHADE))
        self.pdf.rect(x, y, w, h, style="F")

    def one_threat(self, x: float, y: float, w: float, pairs: list[tuple[int, int]]) -> float:
        self.scaffold_box(x, y, w, 8.0)
        a, b = pairs[0] if pairs else ("", "")
        self.font(10)
        label = "Chance = set-aside cards / unseen cards ="
        self.text_at(x + 2, y + 1.2, w, 6, label)
        start = x + 2 + self.pdf.get_string_width(label) + 2
        self.fraction_slot(start, y + 1.0, str(a), str(b))
        return y + 8.0

    def fraction_slot(self, x: float, y: float, top: str, bottom: str) -> float:
        """Two short lines with a slash: ``__ / __``; filled on the key."""
        pdf = self.pdf
        self.line_style(0.3)
        pdf.line(x, y + 5.2, x + 9, y + 5.2)
        self.font(10)
        self.text_at(x + 9, y, 4, 6, "/", align="C")
        pdf.line(x + 13, y + 5.2, x + 22, y + 5.2)
        if self.key:
            self.font(10, "B", ANSWER)
            self.text_at(x, y - 0.2, 9, 5.4, top, align="C")
            self.text_at(x + 13, y - 0.2, 9, 5.4, bottom, align="C")
        return x + 22

    def general(
        self, x: float, y: float, w: float, pairs: list[tuple[int, int]], answer: dict[str, str]
    ) -> float:
        rows = 3
        height = 6.5 * rows + 8.5
        self.scaffold_box(x, y, w, height)
        labels = (
            "Threat 1 is set aside:",
            "Then threat 2 is set aside too:",
            "Then threat 3 (if there is one):",
        )
        self.font(10)
        col = x + 2 + max(self.pdf.get_string_width(text) for text in labels) + 2
        for i, label in enumerate(labels):
            ry = y + 1.0 + 6.5 * i
            self.font(10)
            self.text_at(x + 2, ry, w, 6, label)
            top, bottom = pairs[i] if i < len(pairs) else ("", "")
            end = self.fraction_slot(col, ry, str(top), str(bottom))
            self.font(9, "", MUTED)
            hint = (
                "(set-aside cards / unseen cards)"
                if i == 0
                else "(one set-aside place and one unseen card fewer)"
            )
            self.text_at(end + 3, ry, w - (end + 3 - x), 6, hint)
        ry = y + 1.0 + 6.5 * rows
        self.font(10)
        label = "Multiply the fractions and simplify: chance ="
        self.text_at(x + 2, ry, w, 6, label)
        start = x + 2 + self.pdf.get_string_width(label) + 2
        self.line_style(0.3)
        self.pdf.line(start, ry + 5.2, start + 40, ry + 5.2)
        if self.key:
            self.font(10, "B", ANSWER)
            fraction = answer["chance"].split(" = ")[0]
            self.text_at(start, ry - 0.2, 40, 5.4, fraction, align="C")
        return y + height


ProbabilityWorksheet.page = _ProbabilityPage
