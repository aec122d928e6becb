"""The student app's one page, as a Solara component: a title, a line of help, then
the hand explorer, the play table and the deck explorer (the ipywidgets of
:mod:`xactika_edu.ui.widgets`, unchanged).

Solara renders :func:`Page` once for each visitor, in that visitor's own virtual
kernel of the one server process (:mod:`xactika_edu.ui.app`), so each student gets
widgets of their own. The page never runs code that the browser sends.

>>> page = build_page()
>>> [type(part).__name__ for part in page.children]
['HTML', 'HTML', 'HTML', 'HandWidget', 'HTML', 'PlayTable', 'HTML', 'DeckExplorer']
>>> page.children[0].value
'<h1>Xactika student app</h1>'
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import solara

from ..widgets import DeckExplorer, HandWidget, PlayTable

__all__ = ["INTRO", "SECTIONS", "TITLE", "Page", "build_page"]

#: The page's title (the browser tab and the heading).
TITLE = "Xactika student app"
#: The line under the title.
INTRO = (
    "Explore a hand of Xactika, see the exact chance that each lead wins for sure, "
    "then play a game against the computer."
)
#: Each part of the page: its heading, its help (HTML) and how to make its widget.
SECTIONS: tuple[tuple[str, str, Callable[[], widgets.DOMWidget]], ...] = (
    (
        "1. Your hand",
        "Press the button under a card to see the chance that each of its four "
        "combinations is unbeatable if you lead it now. Tick <strong>played</strong> when "
        "a card is played: watch the chances change. Type the same <strong>Seed</strong> "
        "as your classmates to get the same hand.",
        lambda: HandWidget(players=4),
    ),
    (
        "2. Play a game",
        "Bid how many tricks you will take, then lead or follow. Only legal choices are "
        "offered. Tick <strong>Coach</strong> for help.",
        lambda: PlayTable(players=4),
    ),
    (
        "3. The whole deck",
        "Filter the 81 cards by face value and shapes, and see how often they occur.",
        DeckExplorer,
    ),
)


def build_page() -> widgets.VBox:
    """The whole page as one ipywidget: headings and help as HTML, then each widget.

    Returns:
        a new :class:`ipywidgets.VBox` (new widgets each call: one per visitor).
    """
    parts: list[widgets.DOMWidget] = [
        widgets.HTML(f"<h1>{TITLE}</h1>"),
        widgets.HTML(f"<p>{INTRO}</p>"),
    ]
    for heading, help_html, make in SECTIONS:
        parts.append(widgets.HTML(f"<h2>{heading}</h2><p>{help_html}</p>"))
        parts.append(make())
    page = widgets.VBox(parts)
    page.add_class("xe-app")
    return page


@solara.component
def Page() -> None:
    """The page Solara shows each visitor: :func:`build_page`, built once per visitor."""
    solara.Title(TITLE)
    page = solara.use_memo(build_page, dependencies=[])
    solara.display(page)
