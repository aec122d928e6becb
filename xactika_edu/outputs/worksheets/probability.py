"""The probability worksheet: can anyone beat my lead? Exact chances for a dealt hand.

A student sees their 8 cards from a 4-player deal and works out, for three leads
(a card and the combination called), the threats (unseen cards that would beat it),
the unseen cards and the exact chance that nobody can beat the lead, as a simplified
fraction and a percent. That is how often the lead wins *at least*: a player holding a
threat may still follow with a lower card that shows the call, so a lead can win even
when someone could have beaten it. The three leads are chosen by computation: a sure trick (no
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
from ...base.formatting import about_percent, fraction
from ...base.language import N_
from ...base.language import gettext as _
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
from .levels import CORE, SUPPORT, Frame, check_level
from .probability_page import LEAD_NAMES, PLAYERS, ProbabilityPage
from .sheet import Sheet, check_no_cards, check_seed

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ProbabilityWorksheet", "probability_worksheet"]

#: Players at the table in the extension sheet's step 6.
EXTENSION_PLAYERS = 5
#: The most deals drawn from one seed while looking for a hand with all three leads.
_MAX_DEALS = 2000


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
    hand: Hand, rng: np.random.Generator, most: int = 3
) -> tuple[tuple[Card, Combination], ...] | None:
    """A sure lead, a one-threat lead and a lead with 2 to ``most`` threats (2 or 3), on
    three different cards."""
    groups = _leads_by_threats(hand)
    sure, one = groups.get(0, []), groups.get(1, [])
    harder = [lead for count in range(2, most + 1) for lead in groups.get(count, [])]
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
        level: ``"support"`` (step 1 and lead A are worked examples, a sentence frame
            for step 5), ``"core"`` (the default) or ``"extension"`` (a step 6: lead B
            at a table of :data:`EXTENSION_PLAYERS`).

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
    level: str = CORE

    kind: ClassVar[str] = "probability"
    title: ClassVar[str] = N_("Xactika probability: can anyone beat my lead?")

    def __post_init__(self) -> None:
        self.check_numbering()
        seat = check_whole(self.seat, "seat", 0, PLAYERS - 1)
        hand = Hand.parse(self.hand) if isinstance(self.hand, str) else Hand(self.hand)
        if len(hand) != CARDS_PER_HAND:
            raise XactikaError(
                _("a probability worksheet needs a hand of {size} cards, got {count}").format(
                    size=CARDS_PER_HAND, count=len(hand)
                )
            )
        try:
            leads = tuple((as_card(card), as_combination(call)) for card, call in self.leads)
        except (TypeError, ValueError) as error:
            raise XactikaError(
                _("leads must be three (card, combination) pairs, got {value}").format(
                    value=shown(self.leads)
                )
            ) from error
        if len(leads) != len(LEAD_NAMES):
            raise XactikaError(
                _("a probability worksheet has 3 leads, got {count}").format(count=len(leads))
            )
        for card, call in leads:
            if card not in hand:
                raise XactikaError(
                    _("lead card {card} is not in the hand {hand}").format(card=card, hand=hand)
                )
            if not card.has(call):
                raise XactikaError(
                    _("lead card {card} does not show {call}").format(card=card, call=call)
                )
        self.set_checked(seat=seat, hand=hand, leads=leads, level=check_level(self.level))

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
                working = _("No unseen card can beat it: a sure trick.")
            elif len(pairs) == 1:
                a, b = pairs[0]
                working = _("Set-aside cards / unseen cards = {a}/{b}.").format(a=a, b=b)
            else:
                top = math.prod(a for a, _b in pairs)
                bottom = math.prod(b for _a, b in pairs)
                product = " × ".join(f"{a}/{b}" for a, b in pairs)
                working = f"{product} = {top}/{bottom} = {chance}."
            out.append(
                {
                    "threats": str(found) if found else _("none"),
                    "count": str(len(found)),
                    "chance": text,
                    "working": working,
                }
            )
        return out

    @property
    def examples(self) -> int:
        """How many leads the sheet works out as examples: lead A on a support sheet."""
        return 1 if self.level == SUPPORT else 0

    def explanation(self) -> str:
        """The answer to step 5: why nobody can beat a one-threat lead most of the time.

        >>> probability_worksheet(1).explanation()[:70]
        'Most unseen cards are set aside: the threat is set aside with chance 4'
        """
        if self.level == SUPPORT:
            return self.frame().filled()
        return _(
            "Most unseen cards are set aside: the threat is set aside with chance "
            "{aside}/{unseen} and in another player's hand with chance "
            "{held}/{unseen}. So nobody can beat lead B more often than "
            "not, and it wins at least that often."
        ).format(aside=self.set_aside, unseen=self.unseen, held=self.held_by_others)

    def frame(self) -> Frame:
        """The support sheet's sentence frame for step 5 (filled in on its key)."""
        return Frame(
            _(
                "The threat is set aside with chance {} and in another player's hand with "
                "chance {}. The first is bigger, so nobody can beat lead B {} of the time."
            ),
            (
                f"{self.set_aside}/{self.unseen}",
                f"{self.held_by_others}/{self.unseen}",
                _("more than half"),
            ),
        )

    def extension(self) -> tuple[str, str, str]:
        """The extension sheet's step 6: lead B's chance at a table of
        :data:`EXTENSION_PLAYERS` (question, answer, working), from
        :func:`~xactika_edu.core.probability.chance_unbeatable`.

        >>> probability_worksheet(1, level="extension").extension()[1]
        '41/73 = about 56%: smaller than 49/73 = about 67% with 4 players.'
        """
        card, call = self.leads[1]
        others = (EXTENSION_PLAYERS - 1) * len(self.hand)
        more = chance_unbeatable(card, call, hand=self.hand, players=EXTENSION_PLAYERS)
        now = self.chance(1)
        question = _(
            "With {players} players the others hold {others} cards. What is the "
            "chance nobody can beat lead B then? Is it bigger or smaller?"
        ).format(players=EXTENSION_PLAYERS, others=others)
        compare = _("smaller") if more < now else _("bigger") if more > now else _("the same")
        answer = _(
            "{more} = {more_percent}: {compare} than {now} = {now_percent} with {players} players."
        ).format(
            more=fraction(more),
            more_percent=about_percent(more),
            compare=compare,
            now=fraction(now),
            now_percent=about_percent(now),
            players=PLAYERS,
        )
        working = _(
            "Set aside: {unseen} - {others} = {aside}, so the chance is "
            "{aside}/{unseen}: more cards in other hands, so the threat "
            "is set aside less often."
        ).format(unseen=self.unseen, others=others, aside=self.unseen - others)
        return question, answer, working


def probability_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None, level: str = CORE
) -> ProbabilityWorksheet:
    """A probability worksheet for the first seeded deal with the three kinds of lead.

    Deals for 4 players from a generator seeded with ``seed``, again and again, until
    some hand (seats checked 0 to 3) has a sure lead, a one-threat lead and a lead
    with 2 or 3 threats (exactly 2 at support level) on three different cards; the
    generator then picks one such
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
        level: ``"support"``, ``"core"`` or ``"extension"``; the same seed deals the
            same hand and leads at core and extension level; a support sheet's lead C
            has exactly 2 threats (so its deal may differ).

    Returns:
        a :class:`ProbabilityWorksheet`.

    Raises:
        XactikaError: if ``cards`` is given, ``level`` is unknown (naming it), or
            ``number``, ``of`` or ``seed`` is out of range.
    """
    check_no_cards(cards, "probability")
    level = check_level(level)
    seed = check_seed(seed)
    rng = make_rng(seed)
    for _attempt in range(_MAX_DEALS):
        hands = deal(PLAYERS, seed=rng)
        for seat, hand in enumerate(hands):
            # support: lead C has exactly 2 threats, like the lesson's tree (review 10)
            leads = _pick_leads(hand, rng, 2 if level == SUPPORT else 3)
            if leads is not None:
                return ProbabilityWorksheet(
                    number=number,
                    of=of,
                    seed=seed,
                    seat=seat,
                    hand=hand,
                    leads=leads,
                    level=level,
                )
    raise XactikaError(  # pragma: no cover - about (11/12)^2000 unlikely
        _("no deal from seed {seed} had the three kinds of lead in {tries} tries").format(
            seed=seed, tries=_MAX_DEALS
        )
    )


ProbabilityWorksheet.page = ProbabilityPage
