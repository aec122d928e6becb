"""Drawing the estimation worksheet's page (student sheet or answer key).

The data (hand, threats, bids, the worked example) come from
:class:`~xactika_edu.outputs.worksheets.estimation.EstimationWorksheet`; this module only
lays them out, with the words from :mod:`~xactika_edu.outputs.worksheets.bidding`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...base.formatting import expected_points, one_decimal, percent
from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import INK
from ...core.cards import CARDS_PER_HAND
from ...core.probability import MAYBE_MAX_THREATS
from .bidding import (
    STOP_COUNTING,
    bids_before_text,
    calls_text,
    half_text,
    number_text,
    threats_text,
)
from .card_pictures import draw_hand_row
from .estimation_levels import bid_answer, estimate_frame, extension_question
from .levels import EXTENSION, SUPPORT, draw_frame, level_note
from .page import ANSWER, MUTED, PAPER, SHADE, FittedPage, rgb
from .probability_page import PLAYERS

if TYPE_CHECKING:
    from .estimation import EstimationWorksheet

__all__ = ["EstimationPage", "bid_rule_text", "differ_text", "key_summary_text"]

_KINDS = ("sure", "maybe", "unlikely")
#: How to count threats with only the sheet (student sheet only; the key lists them).
NO_DECK_COUNT = N_(
    "; no deck: keep the called digit, try the other three as 1, 2 or 3 for a face value "
    "as high or higher, skip your own cards"
)
# "{dealer} deals, so you bid ..." for each place in the bidding order.
_PLACES = (
    N_("{dealer} deals, so you bid **first**"),
    N_("{dealer} deals, so you bid **second**"),
    N_("{dealer} deals, so you bid **third**"),
    N_("{dealer} deals, so you bid **last**"),
)


def differ_text(estimate: Fraction, bid: int, best: int, advice: Any) -> str:
    """The key's sentence on why the sheet's bid and the best bid for points differ.

    When the estimate was exactly halfway between the two bids (the student may choose
    either), it says so first; it says the higher bid is made more often only when
    the advice shows it.

    >>> import pandas as pd
    >>> advice = pd.DataFrame({"chance of making it": [0.2, 0.5], "expected score": [0.1, 0.9]})
    >>> print(differ_text(Fraction(1, 2), 0, 1, advice))  # doctest: +NORMALIZE_WHITESPACE
    Your estimate, 0.5, was halfway between 0 and 1: either bid is right with a reason.
    The computer prefers 1: it is made more often and is worth more.

    Args:
        estimate: the sheet's estimate (sure + half the maybes), in tricks.
        bid: the sheet's bid; best: the best bid for points (they differ).
        advice: the bid advice table (``chance of making it``, ``expected score`` by bid).
    """
    made = advice["chance of making it"]
    if estimate.denominator == 2 and bid == estimate - Fraction(1, 2) and best == bid + 1:
        start = _(
            "Your estimate, {estimate}, was halfway between {bid} and {best}: "
            "either bid is right with a reason."
        ).format(estimate=number_text(estimate), bid=bid, best=best)
        if made[best] > made[bid]:
            why = _("The computer prefers {best}: it is made more often and is worth more.")
        else:
            why = _("The computer prefers {best}: it is worth more.")
        return f"{start} {why.format(best=best)}"
    return _(
        "They differ: the sheet counts only leads; the computer plays whole hands, for each bid."
    )


def key_summary_text(sheet: EstimationWorksheet) -> str:
    """The key's note under Part 1: the dealer's step, ties, what the last column
    means, and the computer's bid advice (chance of making each bid, expected points)."""
    advice = sheet.advice()
    bid, best = sheet.bid(), int(advice.attrs["recommended"])
    step = _("Your bid: {step} ").format(step=sheet.bid_step()) if sheet.is_dealer else ""
    ties = (
        _("Where several calls are listed, they tie: any of them is right. ")
        if any(len(row["calls"]) > 1 for row in sheet.card_table())
        else ""
    )
    earlier = _(", after the bids above") if sheet.bids_before() else _(", bidding first")

    def made(b: int) -> str:
        chance = percent(float(advice.loc[b, "chance of making it"]))
        return _("made {chance}, {points} points").format(
            chance=chance, points=expected_points(advice.loc[b, "expected score"])
        )

    half = sheet.estimate()
    if best == bid:
        verdict = _("{bid} is also the best bid for points.").format(bid=bid)
        if half.denominator == 2 and bid_answer(sheet) != str(bid):
            verdict = _(
                "Your estimate, {estimate}, was halfway: {bids} is "
                "right with a reason. The computer prefers {bid}, the best bid for points."
            ).format(estimate=number_text(half), bids=bid_answer(sheet), bid=bid)
    else:
        verdict = _("The best bid for points is {best} ({made}). ").format(
            best=best, made=made(best)
        ) + differ_text(half, bid, best, advice)
    return _(
        "{step}{ties}Last column: the exact chance nobody else holds a card that beats "
        "it with that call (if led, it wins at least that often). They add up to "
        "{sure}, a rough guide only: you will "
        "not lead every card. The computer's suggestion (not the sheet's method; "
        "{trials} simulated deals, seed {seed}{earlier}, each deal played for "
        "each bid): playing for {bid}, about "
        "{tricks} tricks, {made} a hand on "
        "average. {verdict}"
    ).format(
        step=step,
        ties=ties,
        sure=one_decimal(Fraction(sheet.sure_tricks())),
        trials=sheet.trials,
        seed=sheet.seed,
        earlier=earlier,
        bid=bid,
        tricks=one_decimal(Fraction(sheet.expected_tricks())),
        made=made(bid),
        verdict=verdict,
    )


def bid_rule_text(sheet: EstimationWorksheet) -> str:
    """Part 1's rule for turning the estimate into a bid, with the dealer rule and
    the bids before the sheet's seat."""
    rule = _(
        "Your bid: the whole number nearest your estimate. If your estimate ends in .5, "
        "choose the bid just below or just above and write why. "
        "Dealer rule: the dealer bids last and may not make all the bids add up to exactly "
        "{cards}. "
    ).format(cards=CARDS_PER_HAND)
    before = bids_before_text(sheet.earlier_bids())
    if sheet.is_dealer:
        rule += _(
            "**{before}** You deal: add up the bids before yours and cross out the bid "
            "you may not make. If the crossed-out number is your bid, pick the allowed "
            "number closest to your estimate (the lower if two are equally close)."
        ).format(before=before)
    else:
        rule += (
            _("{before} You do not deal this time, so you may bid any number from 0 to {cards}.")
            .format(before=before, cards=CARDS_PER_HAND)
            .lstrip()
        )
    return rule


class EstimationPage(FittedPage["EstimationWorksheet"]):
    """Draws one estimation worksheet page (student sheet or answer key)."""

    key_note = N_("For the teacher: exact chances, the computer's bid advice and a play-out.")
    footer_note = N_("the same seed always gives the same deal")
    sheet: EstimationWorksheet

    def draw_parts(self) -> None:
        y = self.sections(
            ("intro", 2.0, self.intro),
            ("cards", 1.5, self.cards),
            ("part1", 2.5, self.part1),
            ("part2", 3.0, self.part2),
            ("part3", 3.0, self.part3),
        )
        self.check_fits(y, self.bottom - 4.5)

    def step(self, x: float, y: float, number: str, text: str, w: float) -> float:
        """:meth:`~.page.Page.step`, its text set smaller when :attr:`tight`."""
        if not self.tight:
            return super().step(x, y, number, text, w)
        size = 5.4
        self.pdf.set_fill_color(*rgb(INK))
        self.pdf.ellipse(x, y, size, size, style="F")
        self.font(10, "B", PAPER)
        self.text_at(x, y + 0.1, size, size, number, align="C")
        self.font(9.5)
        return self.paragraph(x + size + 2.2, y + 0.1, w - size - 2.2, text, 4.5)

    def intro(self, y: float) -> float:
        sheet = self.sheet
        names = sheet.names()
        self.font(10.5)
        dealer = (
            _("**You are the dealer**: you bid last")
            if sheet.is_dealer
            else _(_PLACES[sheet.place]).format(dealer=names[sheet.dealer])
        )
        first = (sheet.dealer + 1) % PLAYERS
        leader = (
            _("you lead") if first == sheet.seat else _("{name} leads").format(name=names[first])
        )
        text = level_note(sheet.level) + _(
            "Player 1 plays right after you, then Player 2, then Player {last} "
            "(clockwise). {dealer}, and {leader} the first trick. Cards are four digits: "
            "balls, cubes, cones, stars."
        ).format(last=PLAYERS - 1, dealer=dealer, leader=leader)
        if self.tight:
            self.font(9.5)
        return self.paragraph(self.left, y, self.width, text, 4.4 if self.tight else 4.9)

    def cards(self, y: float) -> float:
        # smaller cards leave room for the extension's question
        widest = 12.5 if self.sheet.level == EXTENSION else 17.0
        if self.tight and self.sheet.level != EXTENSION:
            widest = 15.0
        return draw_hand_row(
            self, y, self.sheet.hand, widest=widest, label_gap=0.5, label_overhang=2.0, below=4.5
        )

    def table(
        self,
        y: float,
        headers: list[tuple[str, float]],
        rows: list[list[str]],
        height: float = 4.3,
    ) -> float:
        """A ruled table; ``headers`` are (title, width share); blank cells stay empty;
        rows closer when :attr:`tight`."""
        pdf = self.pdf
        if self.tight:
            height -= 0.5
        total = sum(share for _title, share in headers)
        widths = [self.width * share / total for _title, share in headers]
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(self.left, y, self.width, height, style="F")
        self.line_style(0.25)
        x = self.left
        self.font(9, "B")
        for (title, _share), w in zip(headers, widths, strict=True):
            self.font(self.fitting(9, "B", title, w - 1.0), "B")
            self.text_at(x, y, w, height, title, align="C")
            x += w
        for r, row in enumerate(rows):
            ry = y + height * (r + 1)
            x = self.left
            for c, (cell, w) in enumerate(zip(row, widths, strict=True)):
                size = 9.0
                while size > 7.0 and pdf.get_string_width(cell) > w - 1.0:
                    size -= 0.5
                    self.font(size, "B")
                self.font(size, "B", INK if c == 0 else ANSWER)
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
            self.font(10, "B", ANSWER)
            self.text_at(start, y - 0.2, w, 5.4, answer, align="C")
        return start + w + 4.0

    def part1(self, y: float) -> float:
        sheet = self.sheet
        # the student sheet says how to count without a deck (not on an extension sheet)
        hint = "" if self.key or sheet.level == EXTENSION else _(NO_DECK_COUNT)
        text = _(
            "**Part 1: estimate.** For each card, pick its best call (the combination with "
            "the fewest threats; if several tie, any of them) and count its threats (unseen "
            "cards with that combination and an equal or higher face value; you can stop "
            "counting at {stop}{hint}). "
            "0 threats: **sure**. 1 to {maybe}: **maybe**. "
            "{stop} or more: **unlikely**. Tick one box."
        ).format(stop=STOP_COUNTING, hint=hint, maybe=MAYBE_MAX_THREATS) + (
            _(" Cards #1 and #2 are worked examples.") if sheet.examples else ""
        )
        y = self.step(self.left, y, "1", text, self.width) + 1.0
        rows = []
        for i, row in enumerate(sheet.card_table()):
            if self.key or i < sheet.examples:
                mark = ["X" if row["kind"] == kind else "" for kind in _KINDS]
                chance = row["chance"]
                shown = percent(chance)
                calls = calls_text(row["calls"], len(row["card"].combinations))
                threats = threats_text(row["threats"])
                rows.append([f"#{i + 1} {row['card']}", calls, threats, *mark, shown])
            else:
                rows.append([f"#{i + 1} {row['card']}", "", "", "", "", "", ""])
        headers = [
            (_("Card"), 1.2),
            (_("Best call"), 1.6),
            (_("Threats"), 0.9),
            (_("Sure"), 0.6),
            (_("Maybe"), 0.7),
            (_("Unlikely"), 0.8),
            (_("Unbeatable if led"), 1.4),
        ]
        if not self.key:
            headers = headers[:-1]
            rows = [row[:-1] for row in rows]
        y = self.table(y, headers, rows) + 1.8
        x = self.left
        estimate = sheet.estimate()
        kinds = [row["kind"] for row in sheet.card_table()]
        if sheet.level == SUPPORT:
            y = draw_frame(self, x, y, self.width, estimate_frame(sheet)) + 1.4
        else:
            x = self.blank(x, y, _("Sure:"), 9, str(kinds.count("sure")))
            x = self.blank(x, y, _("+ half the maybes:"), 12, half_text(kinds.count("maybe")))
            x = self.blank(x, y, _("= my estimate:"), 12, number_text(estimate))
            self.blank(x, y, _("tricks.  My bid:"), 12, bid_answer(sheet))
            y += 7.0
        rule = bid_rule_text(sheet)
        self.font(8.5 if self.tight else 9, "", MUTED)
        y = self.paragraph(self.left, y, self.width, rule, 3.8 if self.tight else 4.2)
        if sheet.level == EXTENSION:
            question, answer = extension_question(sheet)
            self.font(9, "B")
            y = self.paragraph(self.left, y + 0.3, self.width, question, 4.2) - 0.5
            if self.key:
                self.font(9, "B", ANSWER)
                y = self.paragraph(self.left, y, self.width, answer, 4.2)
            else:
                self.line_style(0.3)
                self.pdf.line(self.left, y + 4.8, self.left + self.width, y + 4.8)
                y += 5.5
        if self.key:
            y = self.key_summary(y + 0.5)
        return y

    def key_summary(self, y: float) -> float:
        text = key_summary_text(self.sheet)
        self.font(7.5 if self.tight else 8, "I", ANSWER)
        return self.paragraph(self.left, y, self.width, text, 3.2 if self.tight else 3.5)

    def part2(self, y: float) -> float:
        sheet = self.sheet
        bids = sheet.example().bids
        others = ", ".join(
            _("{name} bid {bid}").format(name=name, bid=bids[seat])
            for seat, name in enumerate(sheet.names())
            if seat != sheet.seat
        )
        text = (
            _(
                "**Part 2: play it out.** Play this hand: take these 8 cards from a deck, "
                "shuffle the rest and deal 8 each to three classmates. No deck? Use the Play a "
                "game tab of the student app: it deals different cards, so Part 3 scores that "
                "hand. Record every trick."
            )
            if not self.key
            else _(
                "**Part 2, worked example:** the same deal played by four computer players; "
                "the one in your seat bid **{bid}** (the Part 1 bid) and played for it. "
                "Other bids: {others}. A student's play will differ."
            ).format(bid=sheet.bid(), others=others)
        )
        y = self.step(self.left, y, "2", text, self.width) + 1.0
        headers = [
            (_("Trick"), 0.6),
            (_("Who led"), 0.9),
            (_("Card led"), 1.1),
            (_("Call"), 1.2),
            (_("My card"), 1.1),
            (_("Did I win?"), 1.1),
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
        text = _(
            "**Part 3: score.** Exact bid: + the tricks taken (bid 0, took 0: 0 points). "
            "Missed: lose 1 point for each trick you are off, -|tricks - bid| (bid 3, took 5: -2)."
        )
        y = self.step(self.left, y, "3", text, self.width) + 1.0
        x = self.left + 7.6
        if self.key:
            won = sheet.example().tricks_won[sheet.seat]
            points = sheet.example_score()
            x = self.blank(x, y, _("Tricks taken:"), 12, str(won))
            x = self.blank(x, y, _("My bid (Part 1):"), 12, str(sheet.bid()))
            self.blank(x, y, _("Score:"), 14, f"{points:+d}" if points else "0")
        else:
            x = self.blank(x, y, _("Tricks taken:"), 12)
            x = self.blank(x, y, _("My bid (Part 1):"), 12)
            self.blank(x, y, _("Score:"), 14)
        y += 7.5
        self.font(10)
        question = _(
            "Was your estimate too high, too low or just right? Which card surprised you, and why?"
        )
        y = self.paragraph(self.left + 7.6, y, self.width - 7.6, question, 5.0)
        self.line_style(0.3)
        if self.key:
            self.font(9, "I", MUTED)
            self.text_at(self.left + 7.6, y, self.width - 7.6, 5, _("Answers vary."))
            return y + 5.0
        gap = 5.5 if self.tight else 6.5
        for i in range(2):
            self.pdf.line(
                self.left + 7.6, y + 5.5 + gap * i, self.left + self.width, y + 5.5 + gap * i
            )
        return y + 6.5 + gap
