"""The exit-ticket questions of Lessons 5, 6 and 7 (simulation, bidding, play),
computed for a seed; :mod:`.exit_questions` holds every lesson's makers together.

Every number is computed by the library (:mod:`xactika_edu.core`,
:mod:`xactika_edu.engines`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..base.formatting import (
    about_percent,
    and_list,
    fraction,
    label_number,
    one_decimal,
    percent,
    percent_tail,
    signed,
    whole_percent,
)
from ..base.language import N_, ngettext, pgettext
from ..base.language import gettext as _
from ..core.cards import (
    DECK,
    Card,
    deal,
    draw_cards,
    make_rng,
)
from ..core.rules import score
from ..engines.advice import play_each_bid
from .ticket_parts import (
    TicketQuestions,
    TicketTable,
    about_number,
    count_cards,
    deck_table,
    with_rounding,
)

if TYPE_CHECKING:
    from numpy.random import Generator


__all__ = ["LESSON_6_CHECK", "lesson_5_questions", "lesson_6_questions", "lesson_7_questions"]

_PLAYERS = 4
#: Deals in Lesson 6's exit ticket: small enough to add up by hand.
_DEALS = 20


def _fraction_and_percent(count: int, total: int) -> str:
    """``count/total`` and its whole percent: ``"31/81, about 38%"`` when the percent is
    rounded (never ``=`` for a rounded number), ``"5/20 = 25%"`` when it is exact."""
    return f"{count}/{total}{percent_tail(Fraction(count, total))}"


_OR_MORE = N_("{value} or more")
_OR_LESS = N_("{value} or less")
#: Lesson 5's events, as (lowest, highest) face value and words: never the lesson's own
#: "8 or more" (its check 1), in an order where neighbouring tickets (seeds n and n + 1)
#: never share an event or an answer (9 or more and 7 or less both have 31 cards).
_EVENTS_5 = (
    (9, 12, _OR_MORE),
    (10, 12, _OR_MORE),
    (4, 7, _OR_LESS),
    (11, 12, _OR_MORE),
    (4, 6, _OR_LESS),
)
#: How many times four dice are rolled in part (c)'s prediction.
_ROLLS_5 = (200, 300, 150, 120)


def _rounded_prediction(rolls: int, exact: Fraction, nearest: int) -> str:
    """The key's line on a prediction made with the rounded percent (38% of 300 = 114)."""
    value = rolls * Fraction(whole_percent(exact), 100)
    count = int(value + Fraction(1, 2))
    if value.denominator == 1:
        said = f"= {value}"
    elif (10 * value).denominator == 1:  # 19% of 150 = 28.5 exactly
        said = f"= {one_decimal(value)}: " + about_number(count)
    else:
        said = "= " + about_number(one_decimal(value)) + f": {count}"
    end = (
        _("With the rounded chance, {percent}% of {rolls} {said}, the same.")
        if count == nearest
        else _("With the rounded chance, {percent}% of {rolls} {said}, also right.")
    )
    return end.format(percent=whole_percent(exact), rolls=rolls, said=said)


def lesson_5_questions(seed: int) -> TicketQuestions:
    rng = make_rng(seed)
    drawn = int(rng.choice([10, 20, 25]))
    low, high, words = _EVENTS_5[seed % len(_EVENTS_5)]
    event = _(words).format(value=high if words == _OR_LESS else low)
    rolls = _ROLLS_5[seed % len(_ROLLS_5)]
    cards = draw_cards(drawn, seed=rng)
    hits = count_cards(cards, lambda c: low <= c.value <= high)
    exact_hits = count_cards(DECK, lambda c: low <= c.value <= high)
    observed, exact = Fraction(hits, drawn), Fraction(exact_hits, len(DECK))
    expected = rolls * exact
    nearest = int(expected + Fraction(1, 2))  # the nearest whole number, a half up
    return TicketQuestions(
        (
            (
                with_rounding(
                    ngettext(
                        "Sam turned over the top {drawn} cards of a shuffled deck. {hits} had "
                        "face value {event}. What is the relative frequency?",
                        "Sam turned over the top {drawn} cards of a shuffled deck. {hits} had "
                        "face value {event}. What is the relative frequency?",
                        hits,
                    ).format(drawn=drawn, hits=hits, event=event)
                ),
                percent(observed),
                f"{hits}/{drawn}{percent_tail(observed)}.",
            ),
            (
                with_rounding(
                    _(
                        "What is the chance that a card drawn at random from the deck has face "
                        "value {event}? Write it as a fraction and as a percent."
                    ).format(event=event)
                ),
                _fraction_and_percent(exact_hits, len(DECK)),
                _("{count} of the {deck} cards: {count}/{deck}; as a percent, {about}.").format(
                    count=exact_hits, deck=len(DECK), about=about_percent(exact)
                ),
            ),
            (
                _(
                    "You roll four dice {rolls} times. About how many of the cards do you "
                    "predict to have face value {event}? Give a whole number."
                ).format(rolls=rolls, event=event),
                about_number(nearest),
                _(
                    "{count}/{deck} of {rolls} = {rolls} × {count} ÷ {deck} = {product}: "
                    "about {nearest}."
                ).format(
                    count=exact_hits,
                    deck=len(DECK),
                    rolls=rolls,
                    product=about_number(one_decimal(expected)),
                    nearest=nearest,
                )
                + " "
                + _rounded_prediction(rolls, exact, nearest),
            ),
        ),
        deck_table(),
    )


def _played_deals(rng: Generator) -> tuple[list[Card], int, list[int], list[int]]:
    """A 4-player hand dealt from ``rng``, a bid ``b`` (``b`` or ``b + 1`` is the bid
    that earns the most on these deals), and the tricks the hand
    took on each of :data:`_DEALS` deals when the computer played it for ``b`` and, on
    the same deals, for ``b + 1`` (:func:`~xactika_edu.engines.advice.play_each_bid`,
    as in Lesson 6)."""
    hand = list(deal(_PLAYERS, seed=rng)[0])
    plays = play_each_bid(hand, players=_PLAYERS, seat=0, trials=_DEALS, seed=rng)
    # one of the two bids is the best on these deals (as Lesson 6 compares bid 2 with
    # its neighbour 3), the other its neighbour below or above
    totals = {
        b: sum(score(b, int(t)) for t in tricks)
        for b, tricks in zip(plays.bids, plays.tricks, strict=True)
    }
    best = max(totals, key=lambda b: (totals[b], -b))
    pairs = [b for b in (best - 1, best) if b in totals and b + 1 in totals]
    bid = pairs[int(rng.integers(0, len(pairs)))]
    low, high = (plays.tricks[plays.bids.index(b)] for b in (bid, bid + 1))
    return hand, bid, [int(t) for t in low], [int(t) for t in high]


def _counts(tricks: list[int], width: int) -> list[int]:
    """How many deals took 0, 1, ..., ``width - 1`` tricks."""
    return [tricks.count(k) for k in range(width)]


def _points(bid: int, counts: list[int]) -> tuple[int, str]:
    """All the points of ``bid`` over the deals of ``counts`` and the sum as the key
    writes it (``"3 x (-1) + 12 x (+2)"``)."""
    total = sum(n * score(bid, k) for k, n in enumerate(counts))
    terms = " + ".join(f"{n} x ({signed(score(bid, k))})" for k, n in enumerate(counts) if n)
    return total, terms


def lesson_6_questions(seed: int) -> TicketQuestions:
    rng = make_rng(seed)
    while True:
        hand, bid, low_tricks, high_tricks = _played_deals(rng)
        width = max(low_tricks + high_tricks) + 1
        low, high = _counts(low_tricks, width), _counts(high_tricks, width)
        points_low, terms_low = _points(bid, low)
        points_high, terms_high = _points(bid + 1, high)
        if points_low != points_high:
            break
    made = Fraction(low[bid], _DEALS)
    average_low, average_high = Fraction(points_low, _DEALS), Fraction(points_high, _DEALS)
    better = bid if average_low > average_high else bid + 1
    playing_for = pgettext("exit ticket table", "Playing for {bid}")
    table = TicketTable(
        _(
            "You hold {hand}. The computer played your hand on {deals} deals playing for "
            "{bid}, then on the same deals playing for {next}. How many deals took each "
            "number of tricks:"
        ).format(hand=" ".join(map(str, hand)), deals=_DEALS, bid=bid, next=bid + 1),
        (
            (pgettext("exit ticket table", "Tricks taken"), *map(str, range(width))),
            (playing_for.format(bid=bid), *map(str, low)),
            (playing_for.format(bid=bid + 1), *map(str, high)),
        ),
    )
    return TicketQuestions(
        (
            (
                with_rounding(
                    _(
                        "Playing for {bid}, in what part of the {deals} deals did you make "
                        "your bid?"
                    ).format(bid=bid, deals=_DEALS)
                ),
                f"{low[bid]}/{_DEALS}{percent_tail(made)}",
                ngettext(
                    "The bid is made when you take exactly {count} trick: {made} of {deals} deals.",
                    "The bid is made when you take exactly {count} tricks: {made} of {deals} "
                    "deals.",
                    bid,
                ).format(count=bid, made=low[bid], deals=_DEALS),
            ),
            (
                _("How many points does bid {bid} earn on average?").format(bid=bid),
                label_number(average_low),
                _("Points in all: {terms} = {total}; {total} / {deals} = {average}.").format(
                    terms=terms_low,
                    total=signed(points_low),
                    deals=_DEALS,
                    average=label_number(average_low),
                ),
            ),
            (
                _("Which bid earns more points on average: {bids}?").format(
                    bids=and_list((bid, bid + 1), last="or")
                ),
                _("Bid {bid}").format(bid=better),
                _(
                    "Bid {next}: {terms} = {total}; {total} / {deals} = {average} a deal, "
                    "against {low_average} for bid {bid}."
                ).format(
                    next=bid + 1,
                    terms=terms_high,
                    total=signed(points_high),
                    deals=_DEALS,
                    average=label_number(average_high),
                    low_average=label_number(average_low),
                    bid=bid,
                ),
            ),
        ),
        table,
    )


#: Lesson 6's self-check 3 (bid 2, take 4): Lesson 7's ticket never asks it again.
LESSON_6_CHECK = (2, 4)


def lesson_7_questions(seed: int) -> TicketQuestions:
    """One rule of the game (a missed bid's points), then the lesson's data: the part of
    a class's player-hands that were exact bids, and the mean of tricks taken - bid."""
    rng = make_rng(seed)
    bid = int(rng.integers(0, 5))
    # a miss, and not Lesson 6's self-check "bid 2, take 4" (Lesson 7's own check avoids it too)
    missed = int(rng.choice([t for t in range(0, 7) if t != bid and (bid, t) != LESSON_6_CHECK]))
    sizes = (24, 32, 40, 48)  # player-hands: 4 players x 6 to 12 hands
    rng.choice(sizes)  # (kept: the draws after it, and so the tickets' other numbers, stay)
    hands = sizes[seed % len(sizes)]  # neighbours in a class set never share question b)
    exact = int(rng.integers(hands // 4, 3 * hands // 4 + 1))
    part = Fraction(exact, hands)
    simpler = f" = {fraction(part)}" if part.denominator != hands else ""
    while True:  # five differences whose mean is not 0 (a mean of 0 looks like a trick)
        differences = [int(d) for d in rng.integers(-3, 3, size=5)]
        if sum(differences):
            break
    mean = Fraction(sum(differences), len(differences))
    terms = " + ".join(f"({signed(d)})" for d in differences)
    off = abs(missed - bid)
    return TicketQuestions(
        (
            (
                ngettext(
                    "You bid {bid} and took {count} trick. What is your score?",
                    "You bid {bid} and took {count} tricks. What is your score?",
                    missed,
                ).format(bid=bid, count=missed),
                signed(score(bid, missed)),
                ngettext(
                    "Missed by {count} trick: lose 1 point for each trick off, {score}.",
                    "Missed by {count} tricks: lose 1 point for each trick off, {score}.",
                    off,
                ).format(count=off, score=signed(score(bid, missed))),
            ),
            (
                _(
                    "A class wrote {hands} player-hands on its score sheets; {exact} of them "
                    "were exact bids. What part of the player-hands were exact bids?"
                ).format(hands=hands, exact=exact)
                + " "
                + _("Round to the nearest whole percent (a half rounds up)."),
                _fraction_and_percent(exact, hands),
                _("Exact bids ÷ player-hands: {exact}/{hands}{simpler}.").format(
                    exact=exact, hands=hands, simpler=simpler
                ),
            ),
            (
                _(
                    "For {count} player-hands, tricks taken - bid was {values}. What is the mean?"
                ).format(count=len(differences), values=and_list(signed(d) for d in differences)),
                label_number(mean),
                ngettext(
                    "{terms} = {total}; {total} / {count} = {mean} trick.",
                    "{terms} = {total}; {total} / {count} = {mean} tricks.",
                    1 if abs(mean) == 1 else 2,
                ).format(
                    terms=terms,
                    total=signed(sum(differences)),
                    count=len(differences),
                    mean=label_number(mean),
                ),
            ),
        )
    )
