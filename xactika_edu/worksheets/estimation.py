"""The estimation worksheet: bid a dealt hand, play it out, score it.

Part 1: the student sorts their 8 cards into sure / maybe / unlikely tricks (by
counting threats to each card's best call), adds up an estimate and bids the whole
number nearest it (a half rounds down), minding the dealer rule. Part 2: they play
the hand (with a real deck or in class) and record every trick. Part 3: they score
their Part 1 bid and reflect. The answer key gives each card's best call, threats
and exact chance (:func:`~xactika_edu.probability.lead_chances`), the method's bid
(:meth:`EstimationWorksheet.bid`), the expected sure tricks
(:func:`~xactika_edu.bots.expected_sure_tricks`), the computer's suggestion from
:func:`~xactika_edu.simulate.suggest_bid` (seeded, a fixed number of simulated
deals), labelled as such, and a worked example: the same deal played out by four
:class:`~xactika_edu.bots.HeuristicBot` players, the student's seat bidding the
method's bid, with its score (:func:`~xactika_edu.game.score`).

>>> sheet = estimation_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.dealer, sheet.seat
('Worksheet 7 of 30 · seed 1006', 2, 0)
>>> sheet.example().is_over
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import pandas as pd

from .. import svg
from ..bots import HeuristicBot, expected_sure_tricks
from ..cards import CARDS_PER_HAND, Hand
from ..checks import check_whole, shown
from ..errors import XactikaError
from ..game import Round, score
from ..probability import MAYBE_MAX_THREATS, lead_chances, lead_kind, whole_percent
from ..simulate import play_round, suggest_bid
from ._common import (
    _ANSWER,
    _CARD_GAP,
    _MUTED,
    _SHADE,
    MAX_STUDENTS,
    _and_list,
    _card_image,
    _check_seed,
    _one_decimal,
    _Page,
    _plural,
    _rgb,
    _Sheet,
)
from .probability import PLAYERS, _check_cards_option, _check_fits

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["EstimationWorksheet", "estimation_worksheet"]

#: Simulated deals behind the key's bid advice (seeded, so the key is fixed).
TRIALS = 1000
_KINDS = ("sure", "maybe", "unlikely")
_PLACES = ("first", "second", "third", "last")


@dataclass(frozen=True)
class EstimationWorksheet(_Sheet):
    """One student's estimation worksheet: a dealt hand to bid, play and score.

    Build it with :func:`estimation_worksheet`; the constructor takes any 4 hands of
    8 cards and prints ``seed`` as given (the key's simulation uses it too).

    >>> sheet = estimation_worksheet(4)
    >>> sheet.hand
    Hand.parse('1112 1121 1221 1223 2213 2222 3213 1333')
    >>> [row["kind"] for row in sheet.card_table()][-3:]
    ['unlikely', 'maybe', 'sure']

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has.
        seed: the deal's seed (printed on the sheet).
        hands: the 4 hands of the deal, seat 0's first (notation is accepted).
        dealer: the dealer's seat, 0 to 3.
        seat: the student's seat, 0 to 3.

    Raises:
        XactikaError: for numbers out of range or hands that are not 4 hands of 8
            distinct cards.
    """

    number: int
    of: int
    seed: int
    hands: tuple[Hand, ...]
    dealer: int
    seat: int = 0

    kind: ClassVar[str] = "estimation"
    title: ClassVar[str] = "Xactika estimation: bid a hand, then play it"

    def __post_init__(self) -> None:
        of = check_whole(self.of, "of (the number of worksheets)", 1, MAX_STUDENTS)
        number = check_whole(self.number, "worksheet number", 1, of)
        seed = _check_seed(self.seed)
        if isinstance(self.hands, (str, Hand)) or len(self.hands) != PLAYERS:
            raise XactikaError(
                f"an estimation worksheet needs {PLAYERS} hands, got {shown(self.hands)}"
            )
        rnd = Round(self.hands, dealer=check_whole(self.dealer, "dealer", 0, PLAYERS - 1))
        if rnd.cards_per_hand != CARDS_PER_HAND:
            raise XactikaError(
                f"an estimation worksheet needs hands of {CARDS_PER_HAND} cards, "
                f"got {rnd.cards_per_hand}"
            )
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "hands", rnd.starting_hands)
        object.__setattr__(self, "dealer", int(self.dealer))
        object.__setattr__(self, "seat", check_whole(self.seat, "seat", 0, PLAYERS - 1))

    def __str__(self) -> str:
        return (
            f"{self.label}: player {self.seat + 1} holds {self.hand}; "
            f"player {self.dealer + 1} deals"
        )

    # ---- the data ----------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The student's 8 cards."""
        return self.hands[self.seat]

    @property
    def place(self) -> int:
        """The student's place in the bidding order: 0 first ... 3 last (the dealer)."""
        return (self.seat - self.dealer - 1) % PLAYERS

    @property
    def is_dealer(self) -> bool:
        """Whether the student deals (and so bids last, under the dealer rule)."""
        return self.seat == self.dealer

    def card_table(self) -> list[dict[str, Any]]:
        """Each card's best call, threats, exact chance and kind of trick.

        The best call is the combination with the fewest threats (so the highest
        chance; ties: the first in shape order), from
        :func:`~xactika_edu.probability.lead_chances` with 4 players. Kind: no threats
        is ``sure``, 1 to 3 ``maybe`` (a chance from 30% to 67% with 4 players),
        4 or more ``unlikely`` (20% or less).

        Returns:
            8 dicts (hand order) with ``card``, ``call``, ``threats`` (int),
            ``chance`` (exact Fraction, a probability in [0, 1]) and ``kind``.
        """
        return [dict(row) for row in self._card_rows]

    @functools.cached_property
    def _card_rows(self) -> tuple[dict[str, Any], ...]:
        table = lead_chances(self.hand, players=PLAYERS)
        rows = []
        for card, group in table.groupby("card", sort=False):
            best = group.loc[group["threats"].idxmin()]
            rows.append(
                {
                    "card": card,
                    "call": best["combination"],
                    "threats": int(best["threats"]),
                    "chance": best["chance"],
                    "kind": lead_kind(int(best["threats"])),
                }
            )
        return tuple(rows)

    def estimate(self) -> Fraction:
        """The sheet's rule of thumb: sure tricks plus half the maybes.

        >>> estimation_worksheet(4).estimate()
        Fraction(3, 2)
        """
        kinds = [row["kind"] for row in self._card_rows]
        return kinds.count("sure") + Fraction(kinds.count("maybe"), 2)

    def sure_tricks(self) -> float:
        """The library's expected sure tricks: :func:`~xactika_edu.bots.expected_sure_tricks`."""
        return expected_sure_tricks(self.hand, players=PLAYERS)

    @functools.cached_property
    def _bidding(self) -> Round:
        """The deal with the computer players' bids made up to the student's turn."""
        rnd = Round(self.hands, dealer=self.dealer)
        bot = HeuristicBot()
        while (seat := rnd.current_player) is not None and seat != self.seat:
            rnd.bid(bot.bid(rnd.view(seat)), player=seat)
        return rnd

    def bid(self) -> int:
        """The bid the sheet's method gives: the allowed bid nearest :meth:`estimate`.

        A half rounds down (ties go to the lower bid); a dealer whose nearest bid is
        forbidden by the dealer rule (:meth:`~xactika_edu.game.Round.legal_bids`,
        after the computer players' earlier bids :meth:`bids_before`) takes the
        allowed bid nearest the estimate.

        >>> sheet = estimation_worksheet(4)
        >>> sheet.estimate(), sheet.bid()
        (Fraction(3, 2), 1)

        Returns:
            the bid, a whole number of tricks from 0 to 8.
        """
        estimate = self.estimate()
        legal = self._bidding.legal_bids()
        return min(legal, key=lambda b: (abs(b - estimate), b))

    @functools.cached_property
    def _example(self) -> Round:
        rnd = self._bidding.copy()
        rnd.bid(self.bid(), player=self.seat)
        return play_round(rnd, [HeuristicBot()] * PLAYERS)

    def example(self) -> Round:
        """The worked example: this deal played out by four computer players.

        The computer players (:class:`~xactika_edu.bots.HeuristicBot`) bid for the
        other seats; the student's seat bids :meth:`bid` (the sheet's method) and a
        computer player plays its cards aiming at that bid.

        Returns:
            a finished :class:`~xactika_edu.game.Round` (a new copy each call).
        """
        return self._example.copy()

    def example_score(self) -> int:
        """The student's points in the worked example: :func:`~xactika_edu.game.score`
        of :meth:`bid` and the tricks the student's seat took."""
        return score(self.bid(), self._example.tricks_won[self.seat])

    def bids_before(self) -> list[int]:
        """The computer players' bids made before the student's, in bidding order."""
        rnd = self._bidding
        order = rnd.bidding_order
        return [rnd.bids[s] for s in order[: order.index(self.seat)]]  # type: ignore[misc]

    def advice(self) -> pd.DataFrame:
        """:func:`~xactika_edu.simulate.suggest_bid` for the student's hand and seat.

        ``TRIALS`` simulated deals seeded with the sheet's seed, after the worked
        example's earlier bids (they matter to the dealer rule).

        Returns:
            the 9-row DataFrame of :func:`~xactika_edu.simulate.suggest_bid` (a new
            copy each call).
        """
        return self._advice.copy()

    @functools.cached_property
    def _advice(self) -> pd.DataFrame:
        return suggest_bid(
            self.hand,
            players=PLAYERS,
            seat=self.seat,
            trials=TRIALS,
            seed=self.seed,
            dealer=self.dealer,
            bids_so_far=self.bids_before(),
        )

    def expected_tricks(self) -> float:
        """The mean number of tricks in the simulation: sum of k x P(k tricks)."""
        table = self.advice()
        return float((table.index.to_numpy() * table["probability"].to_numpy()).sum())

    def names(self) -> list[str]:
        """How the sheet names each seat: ``You`` for the student, ``P2`` ... for others."""
        return ["You" if s == self.seat else f"P{s + 1}" for s in range(PLAYERS)]

    def example_rows(self) -> list[dict[str, str]]:
        """The worked example trick by trick, as part 2's table.

        Returns:
            8 dicts with ``leader``, ``led`` (card), ``call``, ``mine`` (the
            student's card) and ``won`` (``yes``/``no``).
        """
        names = self.names()
        rows = []
        for trick in self.example().tricks:
            mine = next(play.card for seat, play in trick.plays if seat == self.seat)
            rows.append(
                {
                    "leader": names[trick.leader],
                    "led": str(trick.plays[0][1].card),
                    "call": str(trick.call),
                    "mine": str(mine),
                    "won": "yes" if trick.winner == self.seat else f"no ({names[trick.winner]})",
                }
            )
        return rows


def estimation_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None
) -> EstimationWorksheet:
    """An estimation worksheet: the 4-player deal ``Round.deal(4, seed=seed)``, you in seat 0.

    The dealer is seat ``seed % 4``, so consecutive seeds (one class) take turns
    bidding first, second, third and last. The student's hand is the one the
    student app's *Your hand* tab shows for the same seed and 4 players.

    >>> sheet = estimation_worksheet(3, number=2, of=3)
    >>> sheet.label, sheet.place, sheet.is_dealer
    ('Worksheet 2 of 3 · seed 3', 0, False)
    >>> estimation_worksheet(3, cards=8)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: the estimation worksheet always shows one 8-card hand, ...

    Args:
        seed: a whole number >= 0.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: must be None (the sheet always shows one 8-card hand).

    Returns:
        an :class:`EstimationWorksheet`.

    Raises:
        XactikaError: if ``cards`` is given, or ``number``, ``of`` or ``seed`` is
            out of range.
    """
    _check_cards_option(cards, "estimation")
    seed = _check_seed(seed)
    dealer = seed % PLAYERS
    rnd = Round.deal(PLAYERS, dealer=dealer, seed=seed)
    return EstimationWorksheet(
        number=number, of=of, seed=seed, hands=rnd.starting_hands, dealer=dealer, seat=0
    )


# --- drawing the page -----------------------------------------------------------


class _EstimationPage(_Page):
    """Draws one estimation worksheet page (student sheet or answer key)."""

    key_note = "For the teacher: exact chances, the computer's bid advice and a play-out."
    footer_note = "the same seed always gives the same deal"

    def __init__(self, sheet: EstimationWorksheet, pdf: FPDF, *, key: bool) -> None:
        super().__init__(sheet, pdf, key=key)
        self.sheet: EstimationWorksheet = sheet

    def draw(self) -> None:
        y = self.start()
        with self.group("intro"):
            y = self.intro(y + 2.0)
        with self.group("cards"):
            y = self.cards(y + 1.5)
        with self.group("part1"):
            y = self.part1(y + 2.5)
        with self.group("part2"):
            y = self.part2(y + 3.0)
        with self.group("part3"):
            y = self.part3(y + 3.0)
        _check_fits(y, self.bottom - 4.5, self.sheet)
        self.footer()

    def intro(self, y: float) -> float:
        sheet = self.sheet
        self.font(10.5)
        dealer = (
            "**You are the dealer**: you bid last"
            if sheet.is_dealer
            else f"Player {sheet.dealer + 1} deals, so you bid **{_PLACES[sheet.place]}**"
        )
        first = (sheet.dealer + 1) % PLAYERS
        leader = "you lead" if first == sheet.seat else f"player {first + 1} leads"
        text = (
            f"You are **player {sheet.seat + 1}** of {PLAYERS} (the others are P2 to P4, "
            f"clockwise). {dealer}, and {leader} the first trick. Cards are written as four "
            "digits: balls, cubes, cones, stars."
        )
        return self.paragraph(self.left, y, self.width, text, 4.9)

    def cards(self, y: float) -> float:
        pdf = self.pdf
        n = len(self.sheet.hand)
        w = min(17.0, (self.width - (n - 1) * _CARD_GAP) / n)
        h = w * svg.CARD_HEIGHT / svg.CARD_WIDTH
        x0 = self.left + (self.width - (n * w + (n - 1) * _CARD_GAP)) / 2
        for i, card in enumerate(self.sheet.hand):
            x = x0 + i * (w + _CARD_GAP)
            pdf.image(_card_image(card, show_value=True), x=x, y=y, w=w, h=h)
            self.font(8.5, "B", _MUTED)
            self.text_at(x - 2, y + h + 0.5, w + 4, 4, f"#{i + 1}  {card}", align="C")
        return y + h + 4.5

    def table(
        self,
        y: float,
        headers: list[tuple[str, float]],
        rows: list[list[str]],
        height: float = 5.4,
    ) -> float:
        """A ruled table; ``headers`` are (title, width share); blank cells stay empty."""
        pdf = self.pdf
        total = sum(share for _, share in headers)
        widths = [self.width * share / total for _, share in headers]
        pdf.set_fill_color(*_rgb(_SHADE))
        pdf.rect(self.left, y, self.width, height, style="F")
        self.line_style(0.25)
        x = self.left
        self.font(9, "B")
        for (title, _), w in zip(headers, widths, strict=True):
            self.text_at(x, y, w, height, title, align="C")
            x += w
        for r, row in enumerate(rows):
            ry = y + height * (r + 1)
            x = self.left
            for c, (cell, w) in enumerate(zip(row, widths, strict=True)):
                if c == 0:
                    self.font(9, "B")
                else:
                    self.font(9, "B", _ANSWER)
                self.text_at(x, ry, w, height, cell, align="C")
                x += w
        bottom = y + height * (len(rows) + 1)
        pdf.rect(self.left, y, self.width, bottom - y)
        x = self.left
        for w in widths[:-1]:
            x += w
            pdf.line(x, y, x, bottom)
        for r in range(1, len(rows) + 1):
            pdf.line(self.left, y + height * r, self.left + self.width, y + height * r)
        return bottom

    def blank(self, x: float, y: float, label: str, w: float, answer: str = "") -> float:
        """``label`` then a line to write on (the answer on the key); returns x after."""
        pdf = self.pdf
        self.font(10)
        self.text_at(x, y, pdf.get_string_width(label) + 1, 6, label)
        start = x + pdf.get_string_width(label) + 1.5
        self.line_style(0.3)
        pdf.line(start, y + 5.2, start + w, y + 5.2)
        if self.key and answer:
            self.font(10, "B", _ANSWER)
            self.text_at(start, y - 0.2, w, 5.4, answer, align="C")
        return start + w + 4.0

    def part1(self, y: float) -> float:
        sheet = self.sheet
        text = (
            "**Part 1: estimate.** For each card, pick its best call and count its threats "
            "(unseen cards with that combination and an equal or higher face value). "
            f"0 threats: **sure**. 1 to {MAYBE_MAX_THREATS}: **maybe**. "
            f"{MAYBE_MAX_THREATS + 1} or more: **unlikely**. Tick one box."
        )
        y = self.step(self.left, y, "1", text, self.width) + 1.0
        rows = []
        for i, row in enumerate(sheet.card_table()):
            if self.key:
                mark = ["X" if row["kind"] == kind else "" for kind in _KINDS]
                chance = row["chance"]
                percent = whole_percent(chance)
                shown = "under 1%" if percent == 0 and chance > 0 else f"{percent}%"
                rows.append(
                    [f"#{i + 1} {row['card']}", str(row["call"]), str(row["threats"]), *mark, shown]
                )
            else:
                rows.append([f"#{i + 1} {row['card']}", "", "", "", "", "", ""])
        headers = [
            ("Card", 1.3),
            ("Best call", 1.3),
            ("Threats", 0.9),
            ("Sure", 0.7),
            ("Maybe", 0.7),
            ("Unlikely", 0.8),
            ("Chance (key)" if self.key else "", 1.0),
        ]
        if not self.key:
            headers = headers[:-1]
            rows = [row[:-1] for row in rows]
        y = self.table(y, headers, rows) + 1.8
        x = self.left
        estimate = sheet.estimate()
        kinds = [row["kind"] for row in sheet.card_table()]
        x = self.blank(x, y, "Sure:", 9, str(kinds.count("sure")))
        x = self.blank(x, y, "+ half the maybes:", 12, _half(kinds.count("maybe")))
        x = self.blank(x, y, "= my estimate:", 12, _number(estimate))
        self.blank(x, y, "tricks.  My bid:", 12, str(sheet.bid()))
        y += 7.0
        self.font(9, "", _MUTED)
        rule = (
            "Your bid: the whole number nearest your estimate (a half rounds down: 1.5 gives 1). "
            "Dealer rule: the dealer bids last and may not make all the bids add up to exactly "
            f"{CARDS_PER_HAND}. "
        )
        if sheet.is_dealer:
            rule += (
                "You deal: add up the bids before yours and cross out the bid you may not "
                "make; if it is yours, bid the allowed number nearest your estimate (the lower "
                "if two are equally near)."
            )
        else:
            rule += "You do not deal this time, so you may bid any number from 0 to 8."
        y = self.paragraph(self.left, y, self.width, rule, 4.2)
        if self.key:
            y = self.key_summary(y + 0.5)
        return y

    def key_summary(self, y: float) -> float:
        sheet = self.sheet
        advice = sheet.advice()
        recommended = int(advice.attrs["recommended"])
        chances = ", ".join(
            f"{_plural(int(k), 'trick')} {whole_percent(float(p))}%"
            for k, p in advice["probability"].items()
            if whole_percent(float(p)) > 0
        )
        before = sheet.bids_before()
        earlier = f", earlier bids {_and_list(before)}" if before else ", bidding first"
        text = (
            f"The exact chances (last column) add up to "
            f"{_one_decimal(Fraction(sheet.sure_tricks()))} tricks. The computer's suggestion "
            f"(not the sheet's method; {TRIALS} simulated deals, seed {sheet.seed}, computer "
            f"players in the other seats{earlier}): about "
            f"{_one_decimal(Fraction(sheet.expected_tricks()))} tricks ({chances}); best bid "
            f"for points {recommended} "
            f"({float(advice.loc[recommended, 'expected score']):+.2f} points a hand on average). "
            f"Check: the app's Your hand tab, seed {sheet.seed}, 4 players."
        )
        self.font(8.5, "I", _ANSWER)
        return self.paragraph(self.left, y, self.width, text, 4.0)

    def part2(self, y: float) -> float:
        sheet = self.sheet
        bids = sheet.example().bids
        others = ", ".join(
            f"{name} {bids[seat]}" for seat, name in enumerate(sheet.names()) if seat != sheet.seat
        )
        text = (
            "**Part 2: play it out.** Play this hand: take these 8 cards from a deck, "
            "shuffle the rest and deal 8 each to three classmates. (No deck? Play any hand "
            "in the app's Play a game, `xactika-edu app`: it deals other cards.) Record "
            "every trick."
            if not self.key
            else "**Part 2, worked example:** the same deal played by four computer players; "
            f"the one in your seat bid **{sheet.bid()}** (the Part 1 bid) and played for it. "
            f"Other bids: {others}. A student's play will differ."
        )
        y = self.step(self.left, y, "2", text.replace("`", ""), self.width) + 1.0
        headers = [
            ("Trick", 0.6),
            ("Who led", 0.9),
            ("Card led", 1.1),
            ("Call", 1.2),
            ("My card", 1.1),
            ("Did I win?", 1.1),
        ]
        if self.key:
            rows = [
                [str(i + 1), r["leader"], r["led"], r["call"], r["mine"], r["won"]]
                for i, r in enumerate(sheet.example_rows())
            ]
        else:
            rows = [[str(i + 1), "", "", "", "", ""] for i in range(CARDS_PER_HAND)]
        return self.table(y, headers, rows)

    def part3(self, y: float) -> float:
        sheet = self.sheet
        text = (
            "**Part 3: score.** Exact bid: + the tricks taken (bid 0, took 0: 0 points). "
            "Missed: minus the difference, -|tricks - bid| (bid 3, took 5: -2)."
        )
        y = self.step(self.left, y, "3", text, self.width) + 1.0
        x = self.left + 7.6
        if self.key:
            won = sheet.example().tricks_won[sheet.seat]
            points = sheet.example_score()
            x = self.blank(x, y, "Tricks taken:", 12, str(won))
            x = self.blank(x, y, "My bid (Part 1):", 12, str(sheet.bid()))
            self.blank(x, y, "Score:", 14, f"{points:+d}" if points else "0")
        else:
            x = self.blank(x, y, "Tricks taken:", 12)
            x = self.blank(x, y, "My bid (Part 1):", 12)
            self.blank(x, y, "Score:", 14)
        y += 7.5
        self.font(10)
        question = (
            "Was your estimate too high, too low or just right? Which card surprised you, and why?"
        )
        y = self.paragraph(self.left + 7.6, y, self.width - 7.6, question, 5.0)
        self.line_style(0.3)
        if self.key:
            self.font(9, "I", _MUTED)
            self.text_at(self.left + 7.6, y, self.width - 7.6, 5, "Answers vary.")
            return y + 5.0
        for i in range(2):
            self.pdf.line(
                self.left + 7.6, y + 5.5 + 6.5 * i, self.left + self.width, y + 5.5 + 6.5 * i
            )
        return y + 13.0


def _half(count: int) -> str:
    return _number(Fraction(count, 2))


def _number(value: Fraction) -> str:
    """``5/2`` -> ``'2.5'``, ``3`` -> ``'3'``: the halves the estimate makes."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


EstimationWorksheet.page = _EstimationPage
