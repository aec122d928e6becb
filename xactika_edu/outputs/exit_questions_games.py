"""The exit-ticket questions of Lesson 8 ("Same question, different deck"), computed for
a seed; :mod:`.exit_questions` holds every lesson's makers together.

The lesson asks three questions students know from Xactika in the other games of seed
004; its ticket asks one of each, with other numbers than the lesson's own checks:

* a) *where is that card?* In Xactika with 3, 5 or 6 players (4 is the lesson's own
  example), the chance that one card you have not seen is in another player's hand, or
  set aside (:func:`~xactika_edu.core.chances.chance_no_threat` with one "threat");
* b) *what does a bid score?* One bid and the tricks taken, scored with Blackout's
  scoring and with Xactika's (:func:`~xactika_edu.core.rules.blackout_score`,
  :func:`~xactika_edu.core.rules.score`);
* c) *which bid is best?* A table of the chances of taking exactly 0, 1 or 2 tricks in
  a 2-card round of Blackout, and the bid with the highest expected Blackout score,
  P(exactly b) x (the 1 in front of b)
  (:func:`~xactika_edu.core.blackout_chances.bid_expectations`). Some tables are made so
  that the likeliest count is *not* the best bid (a higher bid pays more), so a student
  must work the products out.

Neighbouring tickets (seeds n and n + 1, as a class set numbers them) never share an
answer: each part steps through its own cycle.

>>> worked = lesson_8_questions(1)
>>> [answer for _, answer, _ in worked.questions]
['41/73, about 56%', 'Blackout: 0; Xactika: -2', 'Bid 2']
>>> worked.table.rows[0]
('Tricks taken', '0', '1', '2')

Source: seed 004, Blackout ("Scoring (The 'Blackout')"); RULES.md ("A hand (round)"
steps 1 and 4, "Probability vocabulary the helpers use").
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..base.errors import XactikaError
from ..base.formatting import and_list, fraction, label_number, percent, percent_tail, signed
from ..base.language import gettext as _
from ..base.language import ngettext, pgettext
from ..core.blackout_chances import bid_expectations
from ..core.cards import CARDS_PER_HAND, DECK, deal, make_rng
from ..core.chances import chance_no_threat
from ..core.probability import unseen_cards
from ..core.rules import BLACKOUT, score
from .ticket_parts import TicketQuestions, TicketTable, with_rounding

if TYPE_CHECKING:
    from numpy.random import Generator

__all__ = ["lesson_8_questions"]

_HANDS, _ASIDE = "hands", "aside"
#: Part (a): (players, where the card is asked to be), one a ticket in this order; the
#: six answers differ (16/73, 41/73, 40/73, 57/73, 32/73, 33/73), and none is the
#: lesson's own 4-player example (24/73, 49/73).
_WHERE = ((3, _HANDS), (5, _ASIDE), (6, _HANDS), (3, _ASIDE), (5, _HANDS), (6, _ASIDE))
#: Part (b): even seeds ask an exact bid, in this order; odd seeds a missed one. Never
#: bid 2 taking 2 (the lesson's check: 12 points).
_EXACT_BIDS = (0, 3, 1, 0, 4)
_MOST_BID, _MOST_OFF = 4, 3
#: Part (c): the cards each player holds, and each ticket's (best bid, is the likeliest
#: count a lower one?) in this order: neighbours never share the best bid.
_ROUND_CARDS = 2
_BEST = ((0, False), (2, True), (1, False), (0, False), (1, True), (2, False))
#: Part (c): each chance a whole percent from :data:`_LOWEST` to :data:`_HIGHEST` (no
#: count near-certain or near-impossible), and the best expected score at least
#: :data:`_MARGIN` points above the next (no near-tie).
_LOWEST, _HIGHEST = 10, 70
_MARGIN = Fraction(1, 10)


def _where_is_a_card(seed: int, rng: Generator) -> tuple[str, str, str]:
    """Part (a): Xactika with 3, 5 or 6 players; a card you have not seen (dealt from
    ``rng``) is in another hand, or set aside, with what chance?"""
    players, where = _WHERE[seed % len(_WHERE)]
    hand = deal(players, seed=rng)[0]
    unseen = unseen_cards(hand)
    card = unseen[int(rng.integers(len(unseen)))]
    others = (players - 1) * CARDS_PER_HAND
    aside = len(DECK) - players * CARDS_PER_HAND
    # one card, one "threat": it is in nobody else's hand with C(U - 1, H) / C(U, H)
    nowhere_else = chance_no_threat(len(unseen), 1, others)
    chance, count = (1 - nowhere_else, others) if where == _HANDS else (nowhere_else, aside)
    if chance != Fraction(count, len(unseen)):  # the count the key shows is the library's
        raise XactikaError(
            _("lesson 8 ticket {seed}: {chance} is not {count}/{unseen}").format(
                seed=seed, chance=fraction(chance), count=count, unseen=len(unseen)
            )
        )
    asked = (
        _("What is the chance that the card {card} is in another player's hand?")
        if where == _HANDS
        else _("What is the chance that the card {card} is set aside (in nobody's hand)?")
    )
    question = with_rounding(
        _(
            "Xactika with {players} players: you hold your {per} cards and have seen no other "
            "card. The card {card} is not one of yours."
        ).format(players=players, per=CARDS_PER_HAND, card=card)
        + " "
        + asked.format(card=card)
        + " "
        + _("Write it as a fraction and as a percent.")
    )
    unseen_line = _(
        "Every unseen card is equally likely to be in any unseen place: {deck} − {per} = "
        "{unseen} unseen cards."
    ).format(deck=len(DECK), per=CARDS_PER_HAND, unseen=len(unseen))
    place = (
        _("The other {others} players hold {others} × {per} = {held} of them")
        if where == _HANDS
        else _("{deck} − {players} × {per} = {held} of them are set aside")
    ).format(
        others=players - 1,
        per=CARDS_PER_HAND,
        held=count,
        deck=len(DECK),
        players=players,
    )
    answer = f"{fraction(chance)}{percent_tail(chance)}"
    working = f"{unseen_line} {place}: {count}/{len(unseen)}{percent_tail(chance)}."
    return question, answer, working


def _bid_and_tricks(seed: int, rng: Generator) -> tuple[int, int]:
    """Part (b)'s bid and tricks taken: exact on even seeds (:data:`_EXACT_BIDS`), a
    miss by 1 to 3 tricks on odd ones (drawn from ``rng``)."""
    if seed % 2 == 0:
        bid = _EXACT_BIDS[seed // 2 % len(_EXACT_BIDS)]
        return bid, bid
    bid = int(rng.integers(0, _MOST_BID + 1))
    took = [t for t in range(bid - _MOST_OFF, bid + _MOST_OFF + 1) if t >= 0 and t != bid]
    return bid, int(rng.choice(took))


def _two_scorings(seed: int, rng: Generator) -> tuple[str, str, str]:
    """Part (b): a bid and the tricks taken, scored both ways."""
    bid, took = _bid_and_tricks(seed, rng)
    blackout, xactika = score(bid, took, BLACKOUT), score(bid, took)
    question = ngettext(
        "You bid {bid} and take {count} trick. What is your score with Blackout's "
        "scoring? And with Xactika's?",
        "You bid {bid} and take {count} tricks. What is your score with Blackout's "
        "scoring? And with Xactika's?",
        took,
    ).format(bid=bid, count=took)
    answer = _("Blackout: {blackout}; Xactika: {xactika}").format(
        blackout=blackout, xactika=signed(xactika)
    )
    if took == bid:
        working = _(
            "An exact bid. Blackout writes a 1 in front of the bid: {blackout}. Xactika gives "
            "1 point for each trick taken: {xactika}."
        ).format(blackout=blackout, xactika=signed(xactika))
    else:
        off = abs(took - bid)
        working = ngettext(
            "Missed by {count} trick. Blackout: a missed bid scores {blackout}. Xactika: "
            "lose 1 point for each trick off, {xactika}.",
            "Missed by {count} tricks. Blackout: a missed bid scores {blackout}. Xactika: "
            "lose 1 point for each trick off, {xactika}.",
            off,
        ).format(count=off, blackout=blackout, xactika=signed(xactika))
    return question, answer, working


def _trick_chances(seed: int, rng: Generator) -> tuple[int, ...]:
    """Part (c)'s chances of taking exactly 0, 1, 2 tricks, whole percents adding up to
    100, each from :data:`_LOWEST` to :data:`_HIGHEST`, drawn from ``rng`` until the
    best Blackout bid (:func:`bid_expectations`) is this ticket's of :data:`_BEST`, at
    least :data:`_MARGIN` points above the next bid, and the likeliest count is that
    bid (or, on a "trap" ticket, a lower count)."""
    best, trap = _BEST[seed % len(_BEST)]
    for _attempt in range(10_000):
        first = int(rng.integers(_LOWEST, _HIGHEST + 1))
        second = int(rng.integers(_LOWEST, _HIGHEST + 1))
        percents = (first, second, 100 - first - second)
        if not _LOWEST <= percents[2] <= _HIGHEST or len(set(percents)) < 3:
            continue
        expected = sorted(
            ((row[2], row[0]) for row in bid_expectations([Fraction(p, 100) for p in percents])),
            reverse=True,
        )
        likeliest = percents.index(max(percents))
        if (
            expected[0][1] == best
            and expected[0][0] - expected[1][0] >= _MARGIN
            and (likeliest < best if trap else likeliest == best)
        ):
            return percents
    raise XactikaError(
        _("lesson 8 ticket {seed}: no trick chances with best bid {bid}").format(
            seed=seed, bid=best
        )
    )


def _best_bid(seed: int, rng: Generator) -> tuple[tuple[str, str, str], TicketTable]:
    """Part (c) and its table: which bid, 0, 1 or 2, has the highest expected Blackout
    score for the table's chances?"""
    percents = _trick_chances(seed, rng)
    rows = bid_expectations([Fraction(p, 100) for p in percents])
    best = max(rows, key=lambda row: row[2])[0]
    table = TicketTable(
        _(
            "For c): in a round of Blackout with {cards} cards each, your chance of taking "
            "exactly each number of tricks."
        ).format(cards=_ROUND_CARDS),
        (
            (pgettext("exit ticket table", "Tricks taken"), *(str(row[0]) for row in rows)),
            (pgettext("exit ticket table", "Chance"), *(percent(row[1]) for row in rows)),
        ),
    )
    question = _(
        "Blackout pays only an exact bid. Which bid, {bids}, has the highest expected score "
        "(points on average)? Show each chance × the points of an exact bid."
    ).format(bids=and_list((row[0] for row in rows), last="or"))
    products = "; ".join(
        _("bid {bid}: {chance} × {points} = {expected}").format(
            bid=bid,
            chance=percent(exact),
            points=score(bid, bid, BLACKOUT),
            expected=label_number(expected),
        )
        for bid, exact, expected, _xactika in rows
    )
    working = _("{products}. The highest is bid {best}.").format(products=products, best=best)
    return (question, _("Bid {bid}").format(bid=best), working), table


def lesson_8_questions(seed: int) -> TicketQuestions:
    """Lesson 8's exit ticket for ``seed``: where a card is, a bid scored two ways, and
    the best Blackout bid from a table of trick chances (printed above the questions).

    >>> worked = lesson_8_questions(2)
    >>> for question, answer, working in worked.questions:
    ...     print(answer)
    40/73, about 55%
    Blackout: 13; Xactika: +3
    Bid 1
    >>> worked.table.rows[1][0], lesson_8_questions(2) == worked
    ('Chance', True)

    Returns:
        three (question, answer, one line of working) and the table of part (c), in
        the current language; the same for the same seed.

    Raises:
        XactikaError: never for a seed :func:`~xactika_edu.core.cards.make_rng` takes
            (a layout or a rule that no longer gives the ticket's numbers is a bug).

    Source: seed 004, Blackout ("Scoring (The 'Blackout')"); RULES.md.
    """
    rng = make_rng(seed)
    where, scorings = _where_is_a_card(seed, rng), _two_scorings(seed, rng)
    worked, table = _best_bid(seed, rng)
    return TicketQuestions((where, scorings, worked), table)
