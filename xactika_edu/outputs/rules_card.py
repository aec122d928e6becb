"""The student rules card: Xactika's rules and how to read a card's four-digit name,
on one page of Letter or A4 paper.

The rules follow RULES.md (the publisher's instructions): the deal, the bids with
the dealer rule, the lead and the call, following, the winner (ties to the card
played later), the score and the game's winner (equal totals share the win). Every
number on the card (cards in the deck, the example card's face value, the example
scores, the dealer's forbidden bid) is computed by the library. The card picture is
the worksheets' own (:func:`xactika_edu.outputs.worksheets.card_pictures.draw_card`).

>>> steps = rules_text()
>>> steps[0][0], len(steps)
('The deck', 8)
"""

from __future__ import annotations

from pathlib import Path

from ..base.errors import XactikaError
from ..base.files import write_file
from ..base.formatting import and_list, signed
from ..base.language import gettext as _
from ..base.language import ngettext, pgettext
from ..base.palette import SHAPE_COLORS
from ..core.cards import CARDS_PER_HAND, COMBINATIONS, DECK, Card, Shape
from ..core.rules import forbidden_bid, score
from .pdftext import FONT_FAMILY, pdf_text
from .worksheets.card_pictures import draw_card, draw_glyph
from .worksheets.layout import Recorder
from .worksheets.page import MUTED, SHADE, fitted_size, new_pdf, rgb

__all__ = ["EXAMPLE_CARD", "rules_card_layout", "rules_card_pdf", "rules_text", "write_rules_card"]

#: The card the rules card reads aloud.
EXAMPLE_CARD = Card.parse("2213")
_MARGIN = 13.0


def rules_text() -> list[tuple[str, str]]:
    """The rules as (heading, text) steps, every number computed.

    Source: RULES.md, "The deck", "A hand (round)", "A game".
    """
    values = [card.value for card in DECK]
    combination = COMBINATIONS[0]
    on = sum(1 for card in DECK if card.has(combination))
    others = 5  # the other players' bids, added up, in the example
    banned = forbidden_bid(others, CARDS_PER_HAND)
    if forbidden_bid(CARDS_PER_HAND + 1, CARDS_PER_HAND) != -1:  # the card's "any number"
        raise XactikaError(_("the dealer rule forbids a bid after more than a round: fix the card"))
    return [
        (
            pgettext("rules card", "The deck"),
            _(
                "{deck} cards. Each card shows balls, cubes, cones and stars, each 1, 2 or 3 "
                "times. Its face value is the total: {lowest} to {highest}. A combination is "
                "one shape with its count, like {combination}: it is on {count} cards."
            ).format(
                deck=len(DECK),
                lowest=min(values),
                highest=max(values),
                combination=combination,
                count=on,
            ),
        ),
        (
            pgettext("rules card", "A trick"),
            ngettext(
                "Each player plays one card, and the winning card (step 5) takes them all. "
                "Your hand is the {cards} cards you hold. A round is the deal, the bids and "
                "{count} trick (the publisher calls it a hand).",
                "Each player plays one card, and the winning card (step 5) takes them all. "
                "Your hand is the {cards} cards you hold. A round is the deal, the bids and "
                "{count} tricks (the publisher calls it a hand).",
                CARDS_PER_HAND,
            ).format(cards=CARDS_PER_HAND, count=CARDS_PER_HAND),
        ),
        (
            pgettext("rules card", "1. Deal"),
            _(
                "Deal {cards} cards to each player (2 to 10 players). The rest are set aside "
                "face down. Nobody sees them this round."
            ).format(cards=CARDS_PER_HAND),
        ),
        (
            pgettext("rules card", "2. Bid"),
            _(
                "Start left of the dealer and go clockwise. Each player bids how many tricks "
                "they will take, 0 to {cards}. The dealer bids last and may not make the bids "
                "add up to exactly {cards}. If the other players' bids add up to {others}, the "
                "dealer may not bid {banned}, because {others} + {banned} = {total}. If the "
                "others' bids already add up to more than {cards}, the dealer may bid any "
                "number."
            ).format(cards=CARDS_PER_HAND, others=others, banned=banned, total=others + banned),
        ),
        (
            pgettext("rules card", "3. Lead and call"),
            _(
                "The player left of the dealer leads the first trick: play any card and call "
                "one combination on it, like {combination}."
            ).format(combination=COMBINATIONS[1]),
        ),
        (
            pgettext("rules card", "4. Follow"),
            _(
                "Clockwise, each player must play a card that shows the called combination, if "
                "they have one. If not, play any card."
            ),
        ),
        (
            pgettext("rules card", "5. Win the trick"),
            _(
                "The highest face value among the cards that show the call wins. Cards without "
                "it cannot win. A tie goes to the card played later. The winner leads next."
            ),
        ),
        (
            pgettext("rules card", "6. Score"),
            ngettext(
                "Take exactly your bid: 1 point per trick (bid 3, took 3: {exact}; bid 0, took "
                "0: {zero}). Miss it: lose 1 point for each trick you are off (bid 3, took 5: "
                "{over}; bid 3, took 1: {under}). Play {count} round; the deal moves left. The "
                "highest total wins; equal totals share the win.",
                "Take exactly your bid: 1 point per trick (bid 3, took 3: {exact}; bid 0, took "
                "0: {zero}). Miss it: lose 1 point for each trick you are off (bid 3, took 5: "
                "{over}; bid 3, took 1: {under}). Play {count} rounds; the deal moves left. The "
                "highest total wins; equal totals share the win.",
                CARDS_PER_HAND,
            ).format(
                exact=signed(score(3, 3)),
                zero=score(0, 0),
                over=signed(score(3, 5)),
                under=signed(score(3, 1)),
                count=CARDS_PER_HAND,
            ),
        ),
    ]


def _reading(card: Card) -> list[str]:
    combinations = [str(c) for c in card.combinations]  # one per shape, in shape order
    total = " + ".join(str(n) for n in card.counts)
    return [
        _("A card's name is four digits, always in this order: balls, cubes, cones, stars."),
        _("{card} means {combinations}.").format(card=card, combinations=and_list(combinations)),
        _("Its face value is {sum} = {value}.").format(sum=total, value=card.value),
        _("It has four combinations: {combinations}.").format(combinations=", ".join(combinations)),
    ]


#: The rules' text sizes (pt) tried, largest first, until the card fits its page (a
#: language whose words are longer, Spanish on Letter, takes a smaller one).
_RULE_SIZES = (11.0, 10.5, 10.0, 9.5)


def rules_card_layout(paper: str = "letter") -> Recorder:
    """Draw the rules card on one page, recording every element (for layout checks);
    the rules' text is the largest of :data:`_RULE_SIZES` that fits.

    Raises:
        XactikaError: for an unknown ``paper``, or if the card runs off its page even
            at the smallest size.
    """
    for size in _RULE_SIZES[:-1]:
        try:
            return _layout(paper, size)
        except _RunsOver:
            continue
    try:
        return _layout(paper, _RULE_SIZES[-1])
    except _RunsOver as over:
        raise XactikaError(
            _("the rules card runs {overflow} mm into its footer").format(overflow=over.mm)
        ) from None


class _RunsOver(Exception):
    """The card drawn at one size runs ``mm`` (text) into its footer."""

    def __init__(self, mm: str) -> None:
        super().__init__(mm)
        self.mm = mm


def _layout(paper: str, size: float) -> Recorder:
    pdf = Recorder(new_pdf(paper, title=_("Xactika rules card")))
    pdf.add_page()
    left, width = _MARGIN, pdf.w - 2 * _MARGIN
    bottom = pdf.h - 10.0
    with pdf.group("title"):
        pdf.set_font(FONT_FAMILY, "B", fitted_size(18, "B"))
        pdf.set_text_color(0, 0, 0)
        pdf.set_xy(left, 11)
        pdf.cell(width, 9, pdf_text(_("Xactika: the rules")))
    y = 23.0
    # How to read a card: the picture, the four shapes, the reading.
    box_h = 52.0
    with pdf.group("reading box"):
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(left, y, width, box_h, style="F")
    card_w = 30.0
    with pdf.group("card"):
        draw_card(pdf, EXAMPLE_CARD, left + 4, y + 4, card_w, show_value=True)
    text_x = left + card_w + 10
    with pdf.group("reading"):
        pdf.set_font(FONT_FAMILY, "B", fitted_size(12.5, "B"))
        pdf.set_xy(text_x, y + 3)
        pdf.cell(width - card_w - 12, 6, pdf_text(_("How to read a card")))
        pdf.set_font(FONT_FAMILY, "", fitted_size(10.5, ""))
        pdf.set_xy(text_x, y + 10)
        for line in _reading(EXAMPLE_CARD):
            pdf.multi_cell(width - card_w - 14, 5.0, pdf_text(line), new_x="LEFT", new_y="NEXT")
    shapes_y = y + box_h - 9
    step = (width - card_w - 14) / 4
    for i, shape in enumerate(Shape):
        x = text_x + i * step
        with pdf.symbol(f"glyph {shape.key}"):
            pdf.set_draw_color(0, 0, 0)
            pdf.set_line_width(0.3)
            draw_glyph(pdf, shape, x + 3, shapes_y + 3, 5.0, SHAPE_COLORS[shape])
        with pdf.group(f"glyph name {shape.key}"):
            label = pdf_text(_("digit {number}: {shape}").format(number=i + 1, shape=shape.plural))
            label_pt = 10.5  # smaller for a longer name (Spanish), 2 mm clear of the next glyph
            pdf.set_font(FONT_FAMILY, "B", fitted_size(label_pt, "B"))
            while pdf.get_string_width(label) > step - 11 and label_pt > 7.0:  # 2 mm clear
                label_pt -= 0.5
                pdf.set_font(FONT_FAMILY, "B", fitted_size(label_pt, "B"))
            pdf.set_text_color(0, 0, 0)
            pdf.set_xy(x + 8, shapes_y)
            pdf.cell(step - 9, 6, label)
    y += box_h + 5
    for heading, text in rules_text():
        with pdf.group(heading):
            pdf.set_font(FONT_FAMILY, "B", fitted_size(12, "B"))
            pdf.set_text_color(0, 0, 0)
            pdf.set_xy(left, y)
            pdf.cell(width, 6, pdf_text(heading))
            pdf.set_font(FONT_FAMILY, "", fitted_size(size, ""))
            pdf.set_xy(left, y + 6.5)
            pdf.multi_cell(width, 5.4 * size / 11, pdf_text(text), new_x="LEFT", new_y="NEXT")
            y = pdf.get_y() + 3.5
    with pdf.group("footer"):
        pdf.set_font(FONT_FAMILY, "", fitted_size(7.5, ""))
        pdf.set_text_color(*rgb(MUTED))
        pdf.set_xy(left, bottom - 4)
        pdf.cell(
            width,
            4,
            pdf_text(_("xactika-edu · rules card · from the publisher's instructions")),
            align="C",
        )
    if y > bottom - 5 or pdf.page != 1:
        raise _RunsOver(f"{y - bottom + 5:.1f}")
    return pdf


def rules_card_pdf(paper: str = "letter") -> bytes:
    """The rules card as a one-page PDF's bytes (the same bytes every time).

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    return bytes(rules_card_layout(paper).output())


def write_rules_card(path: Path | str, paper: str = "letter") -> Path:
    """Write the rules card PDF to ``path``, whole or not at all; never over a file.

    Raises:
        XactikaError: for an unknown ``paper``, or if ``path`` exists or cannot be
            written (naming it; nothing is written).
    """
    data = rules_card_pdf(paper)
    try:
        return write_file(path, data)
    except FileExistsError:
        raise XactikaError(
            _("{path} already exists; nothing was written").format(path=repr(str(path)))
        ) from None
    except OSError as error:
        raise XactikaError(
            _("cannot write {path}: {reason}").format(
                path=repr(str(path)), reason=error.strerror or error
            )
        ) from None
