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
from ..base.formatting import plural, signed
from ..base.palette import SHAPE_COLORS
from ..core.cards import CARDS_PER_HAND, COMBINATIONS, DECK, Card, Shape
from ..core.rules import forbidden_bid, score
from .pdftext import pdf_text
from .worksheets.card_pictures import draw_card, draw_glyph
from .worksheets.layout import Recorder
from .worksheets.page import MUTED, SHADE, new_pdf, rgb

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
        raise XactikaError("the dealer rule forbids a bid after more than a round: fix the card")
    return [
        (
            "The deck",
            f"{len(DECK)} cards. Each card shows balls, cubes, cones and stars, each 1, 2 or 3 "
            f"times. Its face value is the total: {min(values)} to {max(values)}. A "
            f"combination is one shape with its count, like {combination}: it is on "
            f"{on} cards.",
        ),
        (
            "A trick",
            "Each player plays one card, and the winning card (step 5) takes them all. Your "
            f"hand is the {CARDS_PER_HAND} cards you hold. A round is the deal, the bids and "
            f"{plural(CARDS_PER_HAND, 'trick')} (the publisher calls it a hand).",
        ),
        (
            "1. Deal",
            f"Deal {CARDS_PER_HAND} cards to each player (2 to 10 players). The rest are set "
            "aside face down. Nobody sees them this round.",
        ),
        (
            "2. Bid",
            "Start left of the dealer and go "
            "clockwise. Each player bids how many tricks "
            f"they will take, 0 to {CARDS_PER_HAND}. The dealer bids last and may not make "
            f"the bids add up to exactly {CARDS_PER_HAND}. If the other players' bids add up "
            f"to {others}, the dealer may not bid {banned}, because {others} + {banned} = "
            f"{others + banned}. If the others' bids already add up to more than "
            f"{CARDS_PER_HAND}, the dealer may bid any number.",
        ),
        (
            "3. Lead and call",
            "The player left of the dealer leads the first trick: play any card and call "
            f"one combination on it, like {COMBINATIONS[1]}.",
        ),
        (
            "4. Follow",
            "Clockwise, each player must play a card that shows the called combination, if "
            "they have one. If not, play any card.",
        ),
        (
            "5. Win the trick",
            "The highest face value among the cards that show the call wins. Cards without "
            "it cannot win. A tie goes to the card played later. The winner leads next.",
        ),
        (
            "6. Score",
            f"Take exactly your bid: 1 point per trick (bid 3, took 3: {signed(score(3, 3))}; "
            f"bid 0, took 0: {score(0, 0)}). Miss it: lose 1 point for each trick you are "
            f"off (bid 3, took 5: {signed(score(3, 5))}; bid 3, took 1: "
            f"{signed(score(3, 1))}). Play {plural(CARDS_PER_HAND, 'round')}; the deal moves "
            "left. The highest total wins; equal totals share the win.",
        ),
    ]


def _reading(card: Card) -> list[str]:
    names = [
        f"{count} {shape.name.lower()}" for shape, count in zip(Shape, card.counts, strict=True)
    ]
    singular = [n.rstrip("s") if n.startswith("1 ") else n for n in names]
    total = " + ".join(str(n) for n in card.counts)
    return [
        "A card's name is four digits, always in this order: balls, cubes, cones, stars.",
        f"{card} means {', '.join(singular[:3])} and {singular[3]}.",
        f"Its face value is {total} = {card.value}.",
        f"It has four combinations: {', '.join(str(c) for c in card.combinations)}.",
    ]


def rules_card_layout(paper: str = "letter") -> Recorder:
    """Draw the rules card on one page, recording every element (for layout checks).

    Raises:
        XactikaError: for an unknown ``paper``, or if the card runs off its page.
    """
    pdf = Recorder(new_pdf(paper, title="Xactika rules card"))
    pdf.add_page()
    left, width = _MARGIN, pdf.w - 2 * _MARGIN
    bottom = pdf.h - 10.0
    with pdf.group("title"):
        pdf.set_font("helvetica", "B", 18)
        pdf.set_text_color(0, 0, 0)
        pdf.set_xy(left, 11)
        pdf.cell(width, 9, "Xactika: the rules")
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
        pdf.set_font("helvetica", "B", 12.5)
        pdf.set_xy(text_x, y + 3)
        pdf.cell(width - card_w - 12, 6, "How to read a card")
        pdf.set_font("helvetica", "", 10.5)
        pdf.set_xy(text_x, y + 10)
        for line in _reading(EXAMPLE_CARD):
            pdf.multi_cell(width - card_w - 14, 5.0, pdf_text(line), new_x="LEFT", new_y="NEXT")
    shapes_y = y + box_h - 9
    step = (width - card_w - 14) / 4
    for i, shape in enumerate(Shape):
        x = text_x + i * step
        with pdf.symbol(f"glyph {shape.name.lower()}"):
            pdf.set_draw_color(0, 0, 0)
            pdf.set_line_width(0.3)
            draw_glyph(pdf, shape, x + 3, shapes_y + 3, 5.0, SHAPE_COLORS[shape])
        with pdf.group(f"glyph name {shape.name.lower()}"):
            pdf.set_font("helvetica", "B", 10.5)
            pdf.set_text_color(0, 0, 0)
            pdf.set_xy(x + 8, shapes_y)
            pdf.cell(step - 9, 6, f"digit {i + 1}: {shape.name.lower()}")
    y += box_h + 5
    for heading, text in rules_text():
        with pdf.group(heading):
            pdf.set_font("helvetica", "B", 12)
            pdf.set_text_color(0, 0, 0)
            pdf.set_xy(left, y)
            pdf.cell(width, 6, pdf_text(heading))
            pdf.set_font("helvetica", "", 11)
            pdf.set_xy(left, y + 6.5)
            pdf.multi_cell(width, 5.4, pdf_text(text), new_x="LEFT", new_y="NEXT")
            y = pdf.get_y() + 3.5
    with pdf.group("footer"):
        pdf.set_font("helvetica", "", 7.5)
        pdf.set_text_color(*rgb(MUTED))
        pdf.set_xy(left, bottom - 4)
        pdf.cell(
            width, 4, "xactika-edu · rules card · from the publisher's instructions", align="C"
        )
    if y > bottom - 5 or pdf.page != 1:
        raise XactikaError(f"the rules card runs {y - bottom + 5:.1f} mm into its footer")
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
        raise XactikaError(f"{str(path)!r} already exists; nothing was written") from None
    except OSError as error:
        raise XactikaError(f"cannot write {str(path)!r}: {error.strerror or error}") from None
