"""Exit tickets: per lesson three short questions on half a page, with a key.

Each student gets a variant by seed, as with the worksheets: student k of a class
run with seed s gets seed s + k - 1, printed on the ticket, so a ticket can be made
again. Two tickets share a page of Letter or A4 paper (a dashed line to cut along);
the key prints the same tickets with the answers and a line of working. Every number
is computed by the library (:mod:`xactika_edu.core`), and no answer calls the chance
that nobody can beat a lead "the chance it wins": it wins *at least* that often.

>>> ticket = exit_ticket("7", seed=3)
>>> ticket.label
'Lesson 7 · ticket 1 of 1 · seed 3'
>>> [answer for _, answer, _ in ticket.worked_questions()] == [
...     a for _, a, _ in exit_ticket("7", seed=3).worked_questions()]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.files import staged_entries
from ..base.formatting import and_list, fraction, label_number, percent, plural, signed
from ..core.cards import CARDS_PER_HAND, COMBINATIONS, DECK, Card, deal, draw_cards, make_rng
from ..core.face_values import face_value_mad, face_value_mean
from ..core.leads import chance_unbeatable, threats
from ..core.rules import forbidden_bid, score
from ..teaching.views.draws import sample_means
from .pdftext import pdf_text
from .worksheets.page import ANSWER, MUTED, new_pdf, rgb
from .worksheets.pie_chart import PIE_CARDS
from .worksheets.sheet import MAX_STUDENTS, check_run_seeds, check_seed

if TYPE_CHECKING:
    from fpdf import FPDF
    from numpy.random import Generator

    from ..core.notation import Combination

__all__ = [
    "LESSONS",
    "ExitTicket",
    "class_tickets",
    "draw_ticket",
    "exit_ticket",
    "tickets_pdf",
    "write_exit_tickets",
]

#: The lessons with an exit ticket, and what each ticket is about.
LESSONS: dict[str, str] = {
    "1": "Counting the deck",
    "2": "Pie charts",
    "3": "Bell curves",
    "4": "Can anyone beat my lead?",
    "4b": "More players and a hint",
    "5": "Simulation",
    "6": "Estimation and bidding",
    "7": "Play and reflect",
}

_ROUNDING = "Round to the nearest whole percent."
_PLAYERS = 4
_MARGIN = 13.0


@dataclass(frozen=True)
class ExitTicket:
    """One student's exit ticket for a lesson.

    Attributes:
        lesson: a key of :data:`LESSONS` ("1" to "7", and "4b").
        seed: the seed its numbers come from (printed on the ticket).
        number: which ticket of the class set (1 to ``of``).
        of: how many tickets the class set has.
    """

    lesson: str
    seed: int
    number: int = 1
    of: int = 1

    def __post_init__(self) -> None:
        if self.lesson not in LESSONS:
            raise XactikaError(
                f"no exit ticket for lesson {shown(self.lesson)}; lessons are {', '.join(LESSONS)}"
            )
        of = check_whole(self.of, "of (the number of tickets)", 1, MAX_STUDENTS)
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "number", check_whole(self.number, "ticket number", 1, of))
        object.__setattr__(self, "seed", check_seed(self.seed))

    @property
    def title(self) -> str:
        """``'Exit ticket · Lesson 4: Can anyone beat my lead?'``."""
        return f"Exit ticket · Lesson {self.lesson}: {LESSONS[self.lesson]}"

    @property
    def label(self) -> str:
        """What the ticket prints to identify itself."""
        return f"Lesson {self.lesson} · ticket {self.number} of {self.of} · seed {self.seed}"

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """The three (question, answer, one line of working), computed for this seed."""
        return _MAKERS[self.lesson](self.seed)


def exit_ticket(lesson: str, seed: int, *, number: int = 1, of: int = 1) -> ExitTicket:
    """One exit ticket. Raises XactikaError for an unknown lesson or a bad seed."""
    return ExitTicket(str(lesson).strip(), seed, number, of)


def class_tickets(lesson: str, students: int, seed: int) -> list[ExitTicket]:
    """A class set: student k gets seed ``seed + k - 1``.

    Raises:
        XactikaError: for an unknown lesson, ``students`` not 1 to 200, or a seed
            that would pass the largest printable seed.
    """
    students = check_whole(students, "students", 1, MAX_STUDENTS)
    seed = check_seed(seed)
    check_run_seeds(seed, students)
    return [exit_ticket(lesson, seed + k, number=k + 1, of=students) for k in range(students)]


# --- the questions of each lesson -----------------------------------------------


def _count(cards: Iterable[Card], test: Callable[[Card], bool]) -> int:
    return sum(1 for card in cards if test(card))


def _value_count(value: int) -> int:
    """How many cards of the deck have face value ``value``."""
    return _count(DECK, lambda card: card.value == value)


def _lesson_1(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    value = int(rng.integers(5, 12))
    others = [v for v in range(5, 12) if v != value]
    other = int(rng.choice(others))
    at_least = int(rng.integers(9, 12))
    n = _count(DECK, lambda c: c.value == value)
    m = _count(DECK, lambda c: c.value == other)
    k = _count(DECK, lambda c: c.value >= at_least)
    more = value if n > m else other
    diff = abs(n - m)
    compare = (
        f"Both have {plural(n, 'card')}."
        if n == m
        else f"Face value {more}, by {plural(diff, 'card')}."
    )
    return [
        (
            f"How many cards of the deck have face value {value}?",
            plural(n, "card"),
            f"The bar for {value} in the deck's bar graph is {n} cards tall.",
        ),
        (
            f"Do more cards have face value {value} or face value {other}? How many more?",
            compare,
            f"{value}: {n} cards; {other}: {m} cards; {max(n, m)} - {min(n, m)} = {diff}.",
        ),
        (
            f"How many cards have face value {at_least} or more?",
            plural(k, "card"),
            " + ".join(str(_value_count(v)) for v in range(at_least, 13))
            + f" = {k} (face values {at_least} to 12).",
        ),
    ]


def _pile(seed: int) -> tuple[int, str, int]:
    """A pile of cards that divides 360 degrees, a combination, how many show it."""
    rng = make_rng(seed)
    size = int(rng.choice(PIE_CARDS[:8]))
    pile = draw_cards(size, seed=rng)
    for _ in range(50):
        combination = COMBINATIONS[int(rng.integers(len(COMBINATIONS)))]
        shows = sum(1 for card in pile if card.has(combination))
        if 0 < shows < size:
            return size, str(combination), shows
    return size, str(combination), shows


def _lesson_2(seed: int) -> list[tuple[str, str, str]]:
    size, combination, shows = _pile(seed)
    part = Fraction(shows, size)
    degrees = part * 360
    return [
        (
            f"Maya drew {size} cards. {shows} of them show {combination}. "
            "What fraction of her cards show it? Simplify.",
            fraction(part),
            f"{shows}/{size} = {fraction(part)}.",
        ),
        (
            f"What percent of her cards show {combination}? {_ROUNDING}",
            percent(part),
            f"{fraction(part)} = {percent(part)}.",
        ),
        (
            f"In a pie chart of her {size} cards, how many degrees is the slice for {combination}?",
            f"{fraction(degrees)} degrees",
            f"{fraction(part)} of 360 degrees = {fraction(degrees)} degrees.",
        ),
    ]


def _lesson_3(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    while True:  # 4 cards with a whole-number mean, as Ana's in the lesson
        cards = draw_cards(4, seed=rng)
        values = [card.value for card in cards]
        if sum(values) % len(values) == 0 and len(set(values)) > 1:
            break
    mean, mad = face_value_mean(cards), face_value_mad(cards)
    distances = [abs(v - mean) for v in values]
    size = int(rng.choice([4, 9, 16]))
    middle = face_value_mean()
    near = [
        Fraction(sum(1 for m in sample_means(100, n, seed=seed) if abs(m - middle) <= 1), 100)
        for n in (1, size)
    ]
    return [
        (
            f"Ana turned over {' '.join(map(str, cards))}: face values {and_list(values)}. "
            "What is the mean face value of her 4 cards?",
            fraction(mean),
            f"{' + '.join(map(str, values))} = {sum(values)}; {sum(values)} / 4 "
            f"= {fraction(mean)}.",
        ),
        (
            "What is the mean absolute deviation (MAD) of her 4 face values?",
            fraction(mad) + (f" = {label_number(mad)}" if mad.denominator > 1 else ""),
            f"Distances from {fraction(mean)}: {and_list(fraction(d) for d in distances)}; "
            f"they add up to {fraction(sum(distances))}, and {fraction(sum(distances))} / 4 "
            f"= {fraction(mad)}.",
        ),
        (
            f"Which varies more: the face value of one card, or the mean face value of "
            f"{size} cards (each put back)?",
            "One card's face value.",
            f"Of 100 samples, {percent(near[0])} of single cards and {percent(near[1])} of "
            f"the means of {size} cards were from {fraction(middle - 1)} to "
            f"{fraction(middle + 1)}.",
        ),
    ]


def _lesson_4(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    hand = deal(_PLAYERS, seed=rng)[0]
    choice = None
    for _ in range(60):
        card = hand[int(rng.integers(len(hand)))]
        call = card.combinations[int(rng.integers(4))]
        chance = chance_unbeatable(card, call, hand=hand, players=_PLAYERS)
        choice = (card, call, chance)
        if Fraction(1, 20) <= chance <= Fraction(19, 20):
            break
    assert choice is not None
    card, call, chance = choice
    count = len(threats(card, call, hand=hand))
    unseen = len(DECK) - len(hand)
    held = (_PLAYERS - 1) * CARDS_PER_HAND
    return [
        (
            f"You hold {' '.join(map(str, hand))}. You lead {card} (face value {card.value}) "
            f"and call {call}. How many threats are there?",
            str(count),
            f"Unseen cards with {call} and face value {card.value} or more: {count}.",
        ),
        (
            f"There are {_PLAYERS} players. What is the chance nobody can beat your lead? "
            f"{_ROUNDING}",
            percent(chance),
            f"{held} of the {unseen} unseen cards are in other hands, "
            f"{unseen - held} are set aside; chance no threat is held = {percent(chance)}.",
        ),
        (
            "Is that the chance your lead wins? Say why.",
            "No: it wins at least this often.",
            f"A player who holds a threat may play a lower card with {call}, so you can win "
            "even then.",
        ),
    ]


def _two_threat_lead(rng: Generator) -> tuple[list[Card], Card, Combination, list[Card]]:
    """A 4-player hand dealt from ``rng``, and a card of it with a call that has exactly
    two threats (the unseen cards that could beat it)."""
    while True:
        hand = deal(_PLAYERS, seed=rng)[0]
        leads = [
            (card, call, list(threats(card, call, hand=hand)))
            for card in hand
            for call in card.combinations
        ]
        two = [lead for lead in leads if len(lead[2]) == 2]
        if two:
            card, call, found = two[int(rng.integers(len(two)))]
            return list(hand), card, call, found


def _lesson_4b(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    hand, card, call, two = _two_threat_lead(rng)
    players = int(rng.integers(3, 8))
    unseen = len(DECK) - len(hand)
    chance = chance_unbeatable(card, call, hand=hand, players=players)
    more = chance_unbeatable(card, call, hand=hand, players=players + 1)
    aside = len(DECK) - players * CARDS_PER_HAND  # the cards nobody holds
    fewer = aside - CARDS_PER_HAND
    void, shows = (COMBINATIONS[int(i)] for i in rng.choice(len(COMBINATIONS), 2, replace=False))
    without = [c for c in DECK if not c.has(void)]
    count = _count(without, lambda c: c.has(shows))
    return [
        (
            f"{players} players. You hold {' '.join(map(str, hand))}. You lead {card} and "
            f"call {call}. Only {two[0]} and {two[1]} could beat it. What is the chance that "
            "nobody can beat it? Write a fraction.",
            fraction(chance),
            f"{aside} of the {unseen} unseen cards are set aside; both threats must be: "
            f"{aside}/{unseen} x {aside - 1}/{unseen - 1} = {fraction(chance)} "
            f"(about {percent(chance)}).",
        ),
        (
            f"One more player joins: {players + 1} players. Does that chance go up or down?",
            f"Down, to {fraction(more)}.",
            f"The new player takes {CARDS_PER_HAND} cards: {fewer} are set aside, "
            f"{fewer}/{unseen} x {fewer - 1}/{unseen - 1} = {fraction(more)}.",
        ),
        (
            f"Of the cards without {void}, what part show {shows}? Count with the deck.",
            fraction(Fraction(count, len(without))),
            f"{count} of the {len(without)} cards without {void}: "
            f"{count}/{len(without)} = {fraction(Fraction(count, len(without)))}.",
        ),
    ]


def _lesson_5(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    drawn = int(rng.choice([10, 20, 25]))
    at_least = int(rng.integers(8, 11))
    cards = draw_cards(drawn, seed=rng)
    hits = _count(cards, lambda c: c.value >= at_least)
    exact_hits = _count(DECK, lambda c: c.value >= at_least)
    observed, exact = Fraction(hits, drawn), Fraction(exact_hits, len(DECK))
    return [
        (
            f"Sam turned over the top {drawn} cards of a shuffled deck. {hits} had face value "
            f"{at_least} or more. What is the relative frequency? {_ROUNDING}",
            percent(observed),
            f"{hits}/{drawn} = {percent(observed)}.",
        ),
        (
            f"What is the exact chance that a card of the deck has face value {at_least} "
            f"or more? {_ROUNDING}",
            percent(exact),
            f"{exact_hits} of the 81 cards: {exact_hits}/81 = {percent(exact)}.",
        ),
        (
            "Lee turns over all 81 cards. What relative frequency will Lee get?",
            f"{exact_hits}/81, the exact chance ({percent(exact)})",
            "All 81 cards are the whole deck, so the frequency is the exact chance.",
        ),
    ]


#: Deals in Lesson 6's exit ticket: small enough to add up by hand.
_DEALS = 20


def _deals_table(rng: object, bid: int) -> list[int]:
    """How many of :data:`_DEALS` deals took 0, 1, 2, ... tricks when played for ``bid``:
    most deals near the bid, no count zero at the bid."""
    counts = [0] * (bid + 3)
    for _ in range(_DEALS):
        counts[min(len(counts) - 1, max(0, bid + int(rng.choice([-1, 0, 0, 0, 1, 2]))))] += 1  # type: ignore[attr-defined]
    return counts


def _lesson_6(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    while True:
        bid = int(rng.integers(1, 4))
        low, high = _deals_table(rng, bid), _deals_table(rng, bid + 1)
        points_low = sum(n * score(bid, k) for k, n in enumerate(low))
        points_high = sum(n * score(bid + 1, k) for k, n in enumerate(high))
        if points_low != points_high:
            break
    shown_low = ", ".join(f"{plural(k, 'trick')}: {n}" for k, n in enumerate(low) if n)
    made = Fraction(low[bid], _DEALS)
    average_low, average_high = Fraction(points_low, _DEALS), Fraction(points_high, _DEALS)
    better = bid if average_low > average_high else bid + 1
    terms = " + ".join(f"{n} x ({signed(score(bid, k))})" for k, n in enumerate(low) if n)
    return [
        (
            f"The computer played your hand on {_DEALS} deals, aiming at a bid of {bid}. "
            f"Tricks taken (number of deals): {shown_low}. In what part of the deals did you "
            f"make your bid? {_ROUNDING}",
            f"{low[bid]}/{_DEALS} = {percent(made)}",
            f"The bid is made when you take exactly {plural(bid, 'trick')}: "
            f"{low[bid]} of {_DEALS} deals.",
        ),
        (
            f"On the same deals, what are the points for bid {bid} on average?",
            label_number(average_low),
            f"Points in all: {terms} = {signed(points_low)}; "
            f"{signed(points_low)} / {_DEALS} = {label_number(average_low)}.",
        ),
        (
            f"Aiming at bid {bid + 1} on the same {_DEALS} deals earned {signed(points_high)} "
            "points in all. Which bid earns more points on average?",
            str(better),
            f"Bid {bid + 1}: {signed(points_high)} / {_DEALS} = {label_number(average_high)} "
            f"a deal, against {label_number(average_low)} for bid {bid}.",
        ),
    ]


def _lesson_7(seed: int) -> list[tuple[str, str, str]]:
    rng = make_rng(seed)
    bid = int(rng.integers(0, 5))
    missed = int(rng.choice([t for t in range(0, 7) if t != bid]))
    made = int(rng.integers(1, 5))
    others = [int(rng.integers(0, 4)) for _ in range(_PLAYERS - 1)]
    total = sum(others)
    banned = forbidden_bid(total, CARDS_PER_HAND)
    dealer = f"{banned}" if banned >= 0 else "none: any bid 0 to 8 is allowed"
    why = (
        f"{total} + {banned} = {CARDS_PER_HAND}, the number of tricks."
        if banned >= 0
        else f"The other bids total {total}, more than {CARDS_PER_HAND}."
    )
    return [
        (
            f"You bid {bid} and took {plural(missed, 'trick')}. What is your score?",
            signed(score(bid, missed)),
            f"Missed by {abs(missed - bid)}: minus the difference.",
        ),
        (
            f"You bid {made} and took {plural(made, 'trick')}. What is your score?",
            signed(score(made, made)),
            "Exact bid: one point per trick taken.",
        ),
        (
            f"{_PLAYERS} players. The first three bid {', '.join(map(str, others))}. Which bid "
            "may the dealer not make?",
            dealer,
            why,
        ),
    ]


_MAKERS = {
    "1": _lesson_1,
    "2": _lesson_2,
    "3": _lesson_3,
    "4": _lesson_4,
    "4b": _lesson_4b,
    "5": _lesson_5,
    "6": _lesson_6,
    "7": _lesson_7,
}


# --- drawing --------------------------------------------------------------------


def _paragraph(pdf: FPDF, x: float, y: float, w: float, text: str, line: float) -> float:
    pdf.set_xy(x, y)
    pdf.multi_cell(w, line, pdf_text(text), align="L", new_x="LEFT", new_y="NEXT")
    return pdf.get_y()


def draw_ticket(pdf: FPDF, ticket: ExitTicket, top: float, *, key: bool = False) -> float:
    """Draw ``ticket`` on the current page of ``pdf`` from ``top`` (mm) down; return
    the y below it. The caller checks it fits its half page."""
    left, width = _MARGIN, pdf.w - 2 * _MARGIN
    y = top + 9.0
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", "B", 12.5)
    pdf.set_xy(left, y)
    pdf.cell(width, 6, pdf_text(ticket.title))
    pdf.set_font("helvetica", "", 8.5)
    pdf.set_text_color(*rgb(MUTED))
    pdf.set_xy(left, y + 6)
    pdf.cell(width, 4.5, pdf_text(ticket.label))
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", "B" if key else "", 10.5)
    pdf.set_xy(left + width - 72, y + 0.5)
    if key:
        pdf.set_text_color(*rgb(ANSWER))
        pdf.cell(72, 6, "ANSWER KEY", align="R")
        pdf.set_text_color(0, 0, 0)
    else:
        pdf.cell(14, 6, "Name")
        pdf.set_line_width(0.3)
        pdf.line(left + width - 58, y + 5.5, left + width, y + 5.5)
    y += 13.0
    room = 22.0
    for letter, (question, answer, working) in zip("abc", ticket.worked_questions(), strict=True):
        pdf.set_font("helvetica", "B", 10.5)
        pdf.set_xy(left, y)
        pdf.cell(6, 5, f"{letter})")
        pdf.set_font("helvetica", "", 10.5)
        y = _paragraph(pdf, left + 6, y, width - 6, question, 5.0)
        if key:
            pdf.set_font("helvetica", "B", 10.5)
            pdf.set_text_color(*rgb(ANSWER))
            after = _paragraph(pdf, left + 6, y + 0.5, width - 6, answer, 5.0)
            pdf.set_font("helvetica", "I", 8.5)
            pdf.set_text_color(*rgb(MUTED))
            after = _paragraph(pdf, left + 6, after, width - 6, working, 4.0)
            pdf.set_text_color(0, 0, 0)
            y = max(after, y + room) + 2.0
        else:
            pdf.set_draw_color(*rgb(MUTED))
            pdf.line(left + 6, y + room - 3, left + width, y + room - 3)
            pdf.set_draw_color(0, 0, 0)
            y += room + 2.0
    return y


def tickets_pdf(
    tickets: Sequence[ExitTicket], *, key: bool = False, paper: str = "letter"
) -> bytes:
    """The tickets two to a page (a dashed line between them) as a PDF's bytes.

    Raises:
        XactikaError: for an unknown ``paper``, no tickets, or a ticket too tall for
            half a page (a layout bug, never silent).
    """
    if not tickets:
        raise XactikaError("no exit tickets to print")
    which = "answer key" if key else "student tickets"
    pdf = new_pdf(paper, title=f"Exit tickets, lesson {tickets[0].lesson} ({which})")
    half = pdf.h / 2
    for i, ticket in enumerate(tickets):
        top = 0.0 if i % 2 == 0 else half
        if i % 2 == 0:
            pdf.add_page()
            pdf.set_draw_color(*rgb(MUTED))
            pdf.set_line_width(0.2)
            with pdf.local_context():
                pdf.set_dash_pattern(dash=2, gap=2)
                pdf.line(6, half, pdf.w - 6, half)
        bottom = draw_ticket(pdf, ticket, top, key=key)
        if bottom > top + half - 5.0:
            raise XactikaError(
                f"{ticket.label}: the exit ticket runs {bottom - top - half + 5.0:.1f} mm "
                "past its half page"
            )
    return bytes(pdf.output())


def write_exit_tickets(
    out_dir: Path | str,
    students: int,
    seed: int,
    paper: str = "letter",
    lessons: Iterable[str] = LESSONS,
) -> list[Path]:
    """Write each lesson's class set and its key into the existing folder ``out_dir``:
    ``exit-ticket-lesson-N.pdf`` and ``exit-ticket-lesson-N-key.pdf``, all or none
    (:func:`~xactika_edu.base.files.staged_entries`).

    Returns:
        the paths written, two per lesson.

    Raises:
        XactikaError: as :func:`class_tickets` and :func:`tickets_pdf`, or if
            ``out_dir`` is missing or a file exists already (nothing is written).
    """
    sets = [(lesson, class_tickets(lesson, students, seed)) for lesson in lessons]
    written = []
    with staged_entries(out_dir) as staging:
        for lesson, tickets in sets:
            for key, suffix in ((False, ""), (True, "-key")):
                name = f"exit-ticket-lesson-{lesson}{suffix}.pdf"
                (staging / name).write_bytes(tickets_pdf(tickets, key=key, paper=paper))
                written.append(Path(out_dir) / name)
    return written
