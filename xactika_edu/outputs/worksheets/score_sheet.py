"""A printable blank score sheet for one game of Xactika: 8 hands, 2 to 8 players.

One landscape page: a row per hand (the dealer's player number in its own column),
a block per player with bid / tricks / score / total cells, a "bids total" column
(the dealer's bid may not make it 8) and the scoring rule. Its labels match the
class-data columns ``game, hand, player, bid, tricks``, so a finished sheet can be
typed in line by line.

>>> data = score_sheet_pdf(players=4)
>>> data[:5]
b'%PDF-'
"""

from __future__ import annotations

from pathlib import Path

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.files import write_file
from ...base.language import N_, language
from ...base.language import gettext as _
from ...base.palette import INK
from ...core.cards import CARDS_PER_HAND, MIN_PLAYERS
from ...core.game import HANDS_PER_GAME
from ..pdftext import use_pdf_font
from .layout import MIN_TEXT_PT, Recorder
from .page import CREATED, MUTED, PDF_LANGUAGES, SHADE, check_paper, rgb
from .wrap import line_count

__all__ = ["MAX_SCORE_SHEET_PLAYERS", "score_sheet_pdf", "write_score_sheet"]

#: The most players one score sheet has room for.
MAX_SCORE_SHEET_PLAYERS = 8
#: Columns for each player, in order; bid and tricks are the class-data columns.
CELLS = (N_("Bid"), N_("Tricks"), N_("Score"), N_("Total"))

_MARGIN = 10.0


def score_sheet_pdf(players: int = 6, paper: str = "letter") -> bytes:
    """A blank Xactika score sheet as a one-page landscape PDF.

    >>> score_sheet_pdf(players=8, paper="a4")[:5]
    b'%PDF-'
    >>> score_sheet_pdf(players=9)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: players must be from 2 to 8, got 9

    Args:
        players: player columns, 2 to 8.
        paper: ``"letter"`` or ``"a4"``.

    Returns:
        the PDF file's bytes; the same arguments always give the same bytes.

    Raises:
        XactikaError: for ``players`` out of range or an unknown ``paper``.
    """
    return bytes(score_sheet_layout(players, paper).output())


def score_sheet_layout(players: int = 6, paper: str = "letter") -> Recorder:
    """Draw the score sheet of :func:`score_sheet_pdf`, recording what it printed where.

    Returns:
        a :class:`~xactika_edu.outputs.worksheets.layout.Recorder` (``.elements``, ``.area``,
        ``.output()``) for :func:`~xactika_edu.outputs.worksheets.layout.layout_problems`.

    Raises:
        XactikaError: for ``players`` out of range or an unknown ``paper``.
    """
    from fpdf import FPDF

    players = check_whole(players, "players", MIN_PLAYERS, MAX_SCORE_SHEET_PLAYERS)
    paper = check_paper(paper)
    pdf = FPDF(orientation="landscape", unit="mm", format=paper)
    pdf.set_creation_date(CREATED)
    pdf.set_auto_page_break(False, margin=_MARGIN)
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_title(_("Xactika score sheet ({players} players)").format(players=players))
    pdf.set_author("xactika-edu")
    pdf.set_creator("xactika-edu worksheets")
    pdf.set_lang(PDF_LANGUAGES[language()])
    use_pdf_font(pdf)
    page = Recorder(pdf)
    page.add_page()
    _draw(page, players)
    return page


def write_score_sheet(path: str | Path, players: int = 6, paper: str = "letter") -> Path:
    """Write :func:`score_sheet_pdf` to ``path``; an existing file is never overwritten.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = write_score_sheet(Path(folder) / "score-sheet.pdf", players=4)
    ...     print(written.name, written.read_bytes()[:5])
    score-sheet.pdf b'%PDF-'

    Args:
        path: the file to create (its folder must exist).
        players, paper: as for :func:`score_sheet_pdf`.

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        XactikaError: if ``path`` already exists or its folder does not, for a bad
            ``players`` or ``paper``, or if the file cannot be written (e.g. a full
            drive; then no partial file is left).
    """
    target = Path(path)
    data = score_sheet_pdf(players=players, paper=paper)
    if not target.parent.is_dir():
        raise XactikaError(f"folder {str(target.parent)!r} does not exist")
    try:
        write_file(target, data)  # whole or not at all, even on a full drive
    except FileExistsError:
        raise XactikaError(
            f"{str(target)!r} already exists; a score sheet never overwrites a file"
        ) from None
    except OSError as error:
        raise XactikaError(
            f"cannot write {str(target)!r}: {error.strerror or error}; nothing was written"
        ) from error
    return target


def _font(pdf: Recorder, size: float, style: str = "", colour: str = INK) -> None:
    pdf.set_font(use_pdf_font(pdf), style, size)
    pdf.set_text_color(*rgb(colour))


def _text(
    pdf: Recorder, x: float, y: float, w: float, h: float, text: str, align: str = "L"
) -> None:
    pdf.set_xy(x, y)
    pdf.cell(w, h, text, align=align)


_LABEL_PT = (8.0, MIN_TEXT_PT)  # the cell labels' font size: largest, smallest
_LABEL_ROOM = 1.0  # mm kept clear on each side of a cell label


def _label_widths(p: Recorder, size: float) -> list[float]:
    _font(p, size, "B")
    return [p.get_string_width(_(label)) + 0.8 for label in CELLS]


def _cell_edges(p: Recorder, block: float) -> list[float]:
    """Where a player's bid / tricks / score / total cells start and end, in mm from
    the block's left: equal cells, or, when the labels would not fit them at
    7 pt, cells as wide as their labels with the rest shared out."""
    even = block / len(CELLS)
    widths = _label_widths(p, _LABEL_PT[1])
    if max(widths) <= even:
        sizes = [even] * len(CELLS)
    else:
        spare = (block - sum(widths)) / len(CELLS)
        sizes = [w + spare for w in widths]
    edges = [0.0]
    for size in sizes:
        edges.append(edges[-1] + size)
    return edges


def _label_size(p: Recorder, edges: list[float]) -> float:
    """The largest size, 8 pt down to 7 pt in half points, at which every label fits."""
    size = _LABEL_PT[0]
    while size > _LABEL_PT[1] and any(
        w > edges[j + 1] - edges[j] for j, w in enumerate(_label_widths(p, size))
    ):
        size -= 0.5
    return size


def _heading_width(p: Recorder, heading: str, note: str) -> float:
    """The width in mm of a column heading (9.5 pt bold) over its note (7.5 pt)."""
    _font(p, 9.5, "B")
    wide = p.get_string_width(heading)
    _font(p, 7.5)
    return max(wide, p.get_string_width(note))


def _draw(p: Recorder, players: int) -> None:
    left, width = _MARGIN, p.w - 2 * _MARGIN
    height = p.h - 2 * _MARGIN
    y = _MARGIN
    _font(p, 16, "B")
    _text(p, left, y, width, 8, _("Xactika score sheet"))
    _font(p, 10)
    fields = ((_("Game no."), 18.0), (_("Date"), 32.0), (_("Table / group"), 34.0))
    x = left + width
    for label, w in reversed(fields):
        x -= w
        label_w = p.get_string_width(label) + 2
        x -= label_w
        _text(p, x, y + 1.5, label_w, 6, label)
        p.set_line_width(0.3)
        p.set_draw_color(*rgb(INK))
        p.line(x + label_w, y + 6.8, x + label_w + w - 3, y + 6.8)
    y += 10.5
    p.set_line_width(0.6)
    p.line(left, y, left + width, y)
    y += 2.5

    # column widths: at least as wide as their headings, with 1.5 mm either side
    hand_w = 13.0
    dealer_w = max(16.0, _heading_width(p, _("Dealer"), _("(player no.)")) + 3.0)
    never = _("(never {cards})").format(cards=CARDS_PER_HAND)
    total_w = max(19.0, _heading_width(p, _("Bids total"), never) + 3.0)
    block = (width - hand_w - dealer_w - total_w) / players
    # cell labels across when they fit with room to spare, else turned to read upwards
    # in a taller heading row (many players: narrow cells)
    turned = max(_label_widths(p, _LABEL_PT[0])) + 2 * _LABEL_ROOM > block / len(CELLS)
    if turned:
        edges = [block * j / len(CELLS) for j in range(len(CELLS) + 1)]
        label_size = _LABEL_PT[0]
        sub_h = max(_label_widths(p, label_size)) + 2 * _LABEL_ROOM
    else:
        edges = _cell_edges(p, block)
        label_size = _label_size(p, edges)
        sub_h = 6.0
    name_h = 11.0
    # the rules reminder under the table (3 mm above it, 0.8 mm after each paragraph)
    # and the footer below it (5.6 mm)
    lines = _reminder()
    _font(p, 9.5)
    reminder_h = 3.0 + sum(line_count(p, width, line) * 4.6 + 0.8 for line in lines) + 5.6
    # rows share the page down to the reminder (at most 18 mm: a hand's line stays a line)
    row_h = min(18.0, (height - (y - _MARGIN) - name_h - sub_h - reminder_h) / HANDS_PER_GAME)
    top = y
    table_bottom = top + name_h + sub_h + HANDS_PER_GAME * row_h

    # shading: header rows, and every player's running total
    p.set_fill_color(*rgb(SHADE))
    p.rect(left, top, width, name_h + sub_h, style="F")
    for k in range(players):
        x = left + hand_w + dealer_w + k * block + edges[3]
        p.rect(x, top + name_h + sub_h, edges[4] - edges[3], HANDS_PER_GAME * row_h, style="F")

    # headers
    _font(p, 9.5, "B")
    _text(p, left, top, hand_w, name_h + sub_h, _("Hand"), align="C")
    _text(p, left + hand_w, top + 2.5, dealer_w, 5, _("Dealer"), align="C")
    _font(p, 7.5, "", MUTED)
    _text(p, left + hand_w, top + 7.5, dealer_w, 4, _("(player no.)"), align="C")
    bids_x = left + width - total_w
    _font(p, 9.5, "B")
    _text(p, bids_x, top + 2.5, total_w, 5, _("Bids total"), align="C")
    _font(p, 7.5, "", MUTED)
    _text(p, bids_x, top + 7.5, total_w, 4, never, align="C")
    for k in range(players):
        x = left + hand_w + dealer_w + k * block
        _font(p, 9.5, "B")
        player = _("Player {number}").format(number=k + 1)
        _text(p, x + 1, top + 0.8, block - 2, 5, player, align="C")
        p.set_line_width(0.25)
        p.line(x + 3, top + 9.6, x + block - 3, top + 9.6)
        _font(p, label_size, "B")
        for j, label in enumerate(map(_, CELLS)):
            w = edges[j + 1] - edges[j]
            if not turned:
                _text(p, x + edges[j], top + name_h, w, sub_h, label, align="C")
                continue
            # read upwards, centred in the cell: the ink spans 0.72 of the font size
            # left of the baseline and 0.21 right of it
            size_mm = label_size * 25.4 / 72
            bx = x + edges[j] + w / 2 + 0.255 * size_mm
            by = top + name_h + (sub_h + p.get_string_width(label)) / 2
            with p.rotation(90, bx, by):
                p.text(bx, by, label)

    # rows
    _font(p, 11, "B")
    for r in range(HANDS_PER_GAME):
        ry = top + name_h + sub_h + r * row_h
        _text(p, left, ry, hand_w, row_h, str(r + 1), align="C")

    # rules of the grid
    p.set_draw_color(*rgb(INK))
    p.set_line_width(0.2)
    body = top + name_h + sub_h
    for k in range(players):
        x = left + hand_w + dealer_w + k * block
        for j in range(1, len(CELLS)):
            p.line(x + edges[j], top + name_h, x + edges[j], table_bottom)
        p.line(x, top + name_h, x + block, top + name_h)
    for r in range(1, HANDS_PER_GAME):
        p.line(left, body + r * row_h, left + width, body + r * row_h)
    p.set_line_width(0.5)
    p.line(left, body, left + width, body)
    edges = [left, left + hand_w, left + hand_w + dealer_w]
    edges += [left + hand_w + dealer_w + k * block for k in range(1, players + 1)]
    edges.append(left + width)
    for x in edges:
        p.line(x, top, x, table_bottom)
    p.rect(left, top, width, table_bottom - top)

    # the rules, as a reminder
    y = table_bottom + 3.0
    _font(p, 9.5)
    for line in lines:
        p.set_xy(left, y)
        p.multi_cell(width, 4.6, line, align="L", markdown=True, new_x="LEFT", new_y="NEXT")
        y = p.get_y() + 0.8
    _font(p, 7.5, "", MUTED)
    _text(
        p,
        left,
        p.h - _MARGIN - 3.5,
        width,
        4,
        _("xactika-edu · score sheet · {players} players · {hands} hands").format(
            players=players, hands=HANDS_PER_GAME
        ),
        align="C",
    )
    if y > p.h - _MARGIN - 4:  # pragma: no cover - the layout leaves room
        raise XactikaError(f"the score sheet for {players} players does not fit the page")


def _reminder() -> tuple[str, str, str]:
    """The rules reminder under the table: three paragraphs, ``**`` marking bold."""
    return (
        _(
            "**Bids:** starting at the dealer's left, clockwise, each player bids 0 to "
            "{cards} tricks. The dealer bids last and may not make the bids total "
            "exactly {cards}. The deal passes to the left each hand."
        ).format(cards=CARDS_PER_HAND),
        _(
            "**Score:** exact bid: + the tricks taken (bid 0, took 0: 0). Missed bid: minus the "
            "difference, -|tricks - bid| (bid 3, took 5: -2). **Total** = last total + score. "
            "After hand {hands}, the highest total wins; equal totals share the win."
        ).format(hands=HANDS_PER_GAME),
        _(
            "**Class data:** type one line per hand and player: game, hand, player, dealer, "
            "bid, tricks. Dealer: yes for the player in the Dealer column, no for the others."
        ),
    )
