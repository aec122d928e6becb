"""Drawing the probability worksheet's page (student sheet or answer key).

The numbers come from :class:`~xactika_edu.outputs.worksheets.probability.ProbabilityWorksheet`;
this module only lays them out.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...base.language import N_
from ...base.language import gettext as _
from ...core import svg
from ...core.cards import DECK
from .card_pictures import card_image, draw_hand_row
from .levels import CORE, EXTENSION, SUPPORT, level_note
from .page import ANSWER, MUTED, SHADE, FittedPage, rgb

if TYPE_CHECKING:
    from .probability import ProbabilityWorksheet  # noqa: F401 (named in a string)

__all__ = ["LEAD_NAMES", "PLAYERS", "ProbabilityPage"]

#: Players at the table on a probability worksheet (the student and three others).
PLAYERS = 4
#: The names of the three leads, in the order the sheet asks them.
LEAD_NAMES = ("A", "B", "C")


class ProbabilityPage(FittedPage["ProbabilityWorksheet"]):
    """Draws one probability worksheet page (student sheet or answer key)."""

    key_note = N_("For the teacher: the exact chances, worked out for 4 players.")
    footer_note = N_("the same seed always gives the same hand and leads")

    def draw_parts(self) -> None:
        answers = self.sheet.answers()
        gap = 1.0 if self.tight else 3.0
        leads = [
            ("lead", gap + 0.5 if k == 0 else gap, functools.partial(self.lead, k=k, answer=answer))
            for k, answer in enumerate(answers)
        ]
        y = self.sections(
            ("intro", 2.5, self.intro),
            ("cards", 1.0 if self.tight else 2.0, self.cards),
            ("counts", gap, self.counts),
            *leads,
            ("explain", gap + 0.5, self.explain),
        )
        self.check_fits(y, self.bottom - 4.5)

    def intro(self, y: float) -> float:
        sheet = self.sheet
        self.font(9.5 if self.tight else 10.5)
        text = level_note(sheet.level) + _(
            "You are **player {seat}** of {players}. Everyone has "
            "{size} cards; the rest are set aside face down. We write a card as "
            "four digits, the counts of **balls, cubes, cones, stars**: 3213 is 3 balls, "
            "2 cubes, 1 cone, 3 stars (face value 9). A **threat** to your lead is a card you "
            "have not seen that shows the combination you call, with a face value **equal "
            "to or higher** than yours (a tie goes to the card played last). If every threat "
            "is set aside, **nobody can beat** your lead: it wins. A player with a threat may "
            "still play a lower card, so your lead wins **at least** this often."
        ).format(seat=sheet.seat + 1, players=PLAYERS, size=len(sheet.hand))
        return self.paragraph(self.left, y, self.width, text, 4.4 if self.tight else 4.9)

    def cards(self, y: float) -> float:
        # smaller cards leave room for the worked examples or the extension's question
        widest = 20.0 if self.sheet.level == CORE else 15.0
        if self.tight:
            widest -= {CORE: 4.0, SUPPORT: 5.0, EXTENSION: 2.0}[self.sheet.level]
        return draw_hand_row(self, y, self.sheet.hand, widest=widest)

    def blank(
        self, x: float, y: float, label: str, w: float, answer: str = "", given: bool = False
    ) -> float:
        """``label`` then a line to write on (the answer on the key, or where ``given``:
        a worked example); returns x after."""
        pdf = self.pdf
        self.font(10)
        self.text_at(x, y, pdf.get_string_width(label) + 1, 6, label)
        start = x + pdf.get_string_width(label) + 1.5
        self.line_style(0.3)
        pdf.line(start, y + 5.2, start + w, y + 5.2)
        if (self.key or given) and answer:
            # a long answer ("about 67%") shrinks to fit its line, to 7 pt
            self.font(self.fitting(10.0, "B", answer, w), "B", ANSWER)
            self.text_at(start, y - 0.2, w, 5.4, answer, align="C")
        return start + w + 4.0

    def blanks(
        self, x: float, y: float, fields: list[tuple[str, float, str]], given: bool = False
    ) -> None:
        """A row of :meth:`blank` fields (label, relative width, answer) from ``x`` to the
        right margin: the lines share the room the labels leave."""
        self.font(10)
        labels = sum(self.pdf.get_string_width(label) + 1.5 for label, _w, _answer in fields)
        room = self.left + self.width - x - labels - 4.0 * (len(fields) - 1)
        total = sum(w for _label, w, _answer in fields)
        widths = [room * w / total for _label, w, _answer in fields]
        # an answer wider than its line at 8 pt (a longer language's "about") takes
        # the room it needs from the other lines
        needs = [0.0] * len(fields)
        if self.key or given:
            self.font(8, "B")
            needs = [self.pdf.get_string_width(answer) + 1.0 for _label, _w, answer in fields]
        short = sum(max(0.0, need - w) for need, w in zip(needs, widths, strict=True))
        if short > 0:
            spare = sum(w for need, w in zip(needs, widths, strict=True) if need <= w)
            widths = [
                need if need > w else w - short * w / spare
                for need, w in zip(needs, widths, strict=True)
            ]
        for (label, _w, answer), width in zip(fields, widths, strict=True):
            x = self.blank(x, y, label, width, answer, given)

    def counts(self, y: float) -> float:
        sheet = self.sheet
        text = _("Count the cards. They are the same for every lead at the start of the hand.")
        if sheet.examples:
            text += _(" (Worked example: the counts are filled in.)")
        y = self.step(self.left, y, "1", text, self.width) + 1.0
        self.blanks(
            self.left + 7.6,
            y,
            [
                (
                    _("Unseen cards: {deck} - {hand} =").format(
                        deck=len(DECK), hand=len(sheet.hand)
                    ),
                    1,
                    str(sheet.unseen),
                ),
                (
                    _("In the other players' hands: {others} × {hand} =").format(
                        others=PLAYERS - 1, hand=len(sheet.hand)
                    ),
                    1,
                    str(sheet.held_by_others),
                ),
                (_("Set aside: unseen - others' ="), 1, str(sheet.set_aside)),
            ],
            given=sheet.examples > 0,
        )
        return y + 7.0

    def lead(self, y: float, k: int, answer: dict[str, str]) -> float:
        """Lead ``k`` (0 to 2): step 2 to 4, the card with its call and the blanks."""
        number = str(k + 2)
        pdf, sheet = self.pdf, self.sheet
        card, call = sheet.leads[k]
        index = sheet.hand.index(card) + 1
        kinds = (
            _(" (Worked example: the answers are filled in.)") if k < sheet.examples else "",
            _(" Tip: if that one threat is set aside, nobody can beat it."),
            _(" Tip: every threat must be set aside; go one at a time."),
        )
        text = (
            _("**Lead {name}:** you lead card #{index} ({card}) and call **{call}**.").format(
                name=LEAD_NAMES[k], index=index, card=card, call=call
            )
            + kinds[k]
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
        self.text_at(x, y, right, 5.5, _("Threats (write each card's 4 digits, or none):"))
        self.line_style(0.3)
        pdf.line(x, y + 11.2, x + right, y + 11.2)
        given = k < sheet.examples
        if self.key or given:
            self.font(10, "B", ANSWER)
            self.text_at(x, y + 5.6, right, 5.4, answer["threats"])
        line_y = y + 13.0
        fraction, _equals, percent = answer["chance"].rpartition(" = ")
        fraction = fraction or answer["chance"]
        self.blanks(
            x,
            line_y,
            [
                (_("How many:"), 7, answer["count"]),
                (_("Chance nobody can beat it (a fraction):"), 24, fraction),
                (_("Percent:"), 20, percent),
            ],
            given=given,
        )
        y = max(y + h, line_y + 7.0)
        if sheet.level == EXTENSION and k > 0:
            # no scaffold on an extension sheet: the student sets out the working
            self.font(10)
            label = _("Working:")
            self.text_at(x, y, right, 6, label)
            start = x + self.pdf.get_string_width(label) + 1.5
            if self.key:
                self.font(8.5, "I", ANSWER)
                self.text_at(start, y - 0.2, self.left + self.width - start, 5.4, answer["working"])
            self.line_style(0.3)
            self.pdf.line(start, y + 5.2, self.left + self.width, y + 5.2)
            return max(y + 6.5, top)
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
        text = _(
            "Lead B has a threat, but most of the time nobody can beat it. Why? "
            "Use the numbers from step 1."
        )
        y = self.step(self.left, y, "5", text, self.width) + 1.0
        x = self.left + 7.6
        self.line_style(0.3)
        if sheet.level == SUPPORT:
            self.font(10, "B", ANSWER) if self.key else self.font(10)
            frame = sheet.frame()
            text = frame.filled() if self.key else frame.blank()
            line = 5.0 if self.tight else 5.6
            return self.paragraph(x, y, self.width - 7.6, text, line) + 1.0
        y = self.write_lines(x, y, sheet.explanation())
        if sheet.level == EXTENSION:  # then lead B at a bigger table
            question, answer, working = sheet.extension()
            y = self.step(self.left, y + 1.0, "6", question, self.width) + 1.0
            if not self.key:
                return self.write_lines(x, y, "")
            self.font(10, "B", ANSWER)
            y = self.paragraph(x, y, self.width - 7.6, answer, 5.0)
            self.font(8.5, "I", MUTED)
            return self.paragraph(x, y + 0.3, self.width - 7.6, working, 4.0)
        return y

    def write_lines(self, x: float, y: float, answer: str, lines: int = 2) -> float:
        """Lines to write on from ``x`` to the right margin, ``answer`` on them on the
        key; returns the y below."""
        self.line_style(0.3)
        if self.key and answer:
            self.font(10, "B", ANSWER)
            self.paragraph(x, y, self.left + self.width - x, answer, 5.2)
        for i in range(lines):
            self.pdf.line(x, y + 5.2 + 6.5 * i, self.left + self.width, y + 5.2 + 6.5 * i)
        return y + 6.5 * lines

    def scaffold_box(self, x: float, y: float, w: float, h: float) -> None:
        self.pdf.set_fill_color(*rgb(SHADE))
        self.pdf.rect(x, y, w, h, style="F")

    def one_threat(self, x: float, y: float, w: float, pairs: list[tuple[int, int]]) -> float:
        self.scaffold_box(x, y, w, 8.0)
        a, b = pairs[0] if pairs else ("", "")
        self.font(10)
        label = _("Chance = set-aside cards / unseen cards =")
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
            _("Threat 1 is set aside:"),
            _("Then threat 2 is set aside too:"),
            _("Then threat 3 (if there is one):"),
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
                _("(set-aside cards / unseen cards)")
                if i == 0
                else _("(one set-aside place and one unseen card fewer)")
            )
            self.text_at(end + 3, ry, w - (end + 3 - x), 6, hint)
        ry = y + 1.0 + 6.5 * rows
        self.font(10)
        label = _("Multiply the fractions (simplify if you can), or give a percent: chance =")
        self.text_at(x + 2, ry, w, 6, label)
        start = x + 2 + self.pdf.get_string_width(label) + 2
        self.line_style(0.3)
        self.pdf.line(start, ry + 5.2, start + 40, ry + 5.2)
        if self.key:
            self.font(10, "B", ANSWER)
            fraction = answer["chance"].split(" = ")[0]
            self.text_at(start, ry - 0.2, 40, 5.4, fraction, align="C")
        return y + height
