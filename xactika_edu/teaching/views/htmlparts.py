"""Small pieces of HTML the widgets show: a problem line, a status line, a bar, and
table cells with room around them. Inline styles only (a page may have no style sheet).

Teaching layer: pure functions of text and numbers, no widgets.

>>> error_html("no such card")  # doctest: +ELLIPSIS
'<div role="alert" ...><b>Problem:</b> no such card</div>'
>>> note_html("3 < 4")
'<div role="status">3 &lt; 4</div>'
>>> padded("<tr><td>1</td></tr>")
"<tr><td style='padding:2px 8px'>1</td></tr>"
"""

from __future__ import annotations

from html import escape

from ...base.language import gettext as _
from ...base.palette import INK, OKABE_ITO, PAPER
from .scoreboard import CELL_STYLE

__all__ = ["BAR_COLOR", "CALL_STYLE", "bar_html", "error_html", "hint_html", "note_html", "padded"]

#: The fill of a chance's bar (:func:`bar_html`).
BAR_COLOR = OKABE_ITO["blue"]


def error_html(message: str) -> str:
    """A problem in words, as the widgets' error line shows it (``role="alert"``)."""
    label = escape(_("Problem:"))
    return (
        f'<div role="alert" style="color:{INK};border-left:4px solid '
        f'{OKABE_ITO["vermillion"]};padding:2px 8px">'
        f"<b>{label}</b> {escape(message)}</div>"
    )


#: How a status line that asks the reader to act stands out (bold, large, a yellow band).
CALL_STYLE = (
    "font-weight:bold;font-size:1.25em;background:#fff3c4;border-left:6px solid #8a6d00;"
    "padding:4px 8px;color:#000"
)


def note_html(message: str, *, call: bool = False) -> str:
    """A line of status text (``role="status"``), escaped; ``call``: it asks the reader
    to act now (their turn), so it stands out (:data:`CALL_STYLE`).

    >>> note_html("Your turn", call=True)[:40]
    '<div role="status" class="xe-call" style'
    """
    if call:
        return f'<div role="status" class="xe-call" style="{CALL_STYLE}">{escape(message)}</div>'
    return f'<div role="status">{escape(message)}</div>'


def hint_html(hint: str) -> str:
    """A hint to check something, after a status line (class ``xe-hint``)."""
    label = escape(_("Check:"))
    return f"<div class='xe-hint' role='status'><b>{label}</b> {escape(hint)}</div>"


def padded(html: str) -> str:
    """Table HTML with room around each cell
    (:data:`~xactika_edu.teaching.views.scoreboard.CELL_STYLE`);
    header cells are also left-aligned."""
    for tag in ("td", "th"):
        style = CELL_STYLE + (";text-align:left" if tag == "th" else "")
        # cells with attributes first, so a bare cell is not styled twice
        html = html.replace(f"<{tag} ", f"<{tag} style='{style}' ")
        html = html.replace(f"<{tag}>", f"<{tag} style='{style}'>")
    return html


def bar_html(part: float, label: str) -> str:
    """A small horizontal bar, ``part`` in [0, 1] of 100 px (clipped to that range);
    hidden from screen readers, as the number is written beside it; ``label`` is its
    tooltip.

    >>> full = "width:100px;height:10px;background"
    >>> "width:50px" in bar_html(0.5, "50%"), full in bar_html(2, ""), full in bar_html(1, "")
    (True, True, True)
    """
    width = round(100 * max(0.0, min(1.0, part)))
    return (
        f'<span class="xe-bar" aria-hidden="true" title="{escape(label)}" '
        f'style="display:inline-block;width:100px;height:10px;border:1px solid {INK};'
        f'background:{PAPER};vertical-align:middle">'
        f'<span style="display:block;width:{width}px;height:10px;background:{BAR_COLOR}">'
        f"</span></span>"
    )
