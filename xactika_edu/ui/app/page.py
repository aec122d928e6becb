"""The student app's one page, as a Solara component: a title, a line of help, then
the hand explorer, the play table and the deck explorer (the ipywidgets of
:mod:`xactika_edu.ui.widgets`, unchanged).

Solara renders :func:`Page` once for each visitor, in that visitor's own virtual
kernel of the one server process (:mod:`xactika_edu.ui.app`), so each student gets
widgets of their own. The page never runs code that the browser sends.

The link may set the deal up (``?seed=12&players=5&faces=8-12``:
:mod:`~xactika_edu.ui.app.linksetup`). When the server serves a class
(``xactika-edu app --class NAME``: :mod:`~xactika_edu.ui.app.classsetup`), a student
first joins it (:mod:`~xactika_edu.ui.app.studentpage`) and the page adds the class
experiment and the class tables (:mod:`~xactika_edu.ui.app.tablepage`); the
teacher's link (``?token=...``) opens the teacher page
(:mod:`~xactika_edu.ui.app.teacherpage`) instead, and ``?class=CODE&view=projector``
the projector view (:mod:`~xactika_edu.ui.app.projectorpage`).

The pictures every usual page shows alike are drawn once per server, as it starts
(:func:`warm_up`), and kept by :mod:`~xactika_edu.teaching.views.deckview`.

>>> page = build_page()
>>> [type(part).__name__ for part in page.children]
['HTML', 'HTML', 'HTML', 'HandWidget', 'HTML', 'PlayTable', 'HTML', 'DeckExplorer']
>>> page.children[0].value
'<h1>Xactika student app</h1>'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import cast

import ipywidgets as widgets
import solara

from ...base.language import N_
from ...base.language import gettext as _
from ...teaching.views.deckview import cards_html, filter_deck, plot_html
from ..widgets import DeckExplorer, HandWidget, PlayTable
from .classroom import NAME_HOLDERS, StudentDesk
from .classsetup import ServedClass, served_class
from .linksetup import LinkSetup, link_language, read_link
from .pagelanguage import HtmlLang, LanguageSwitch, use_language_of_page, use_page_language
from .projectorpage import PROJECTOR_TITLE, ProjectorPage
from .studentpage import ClassExperiment, JoinForm, page_and_browser
from .tablepage import ClassTables
from .teacherpage import TEACHER_TITLE, NotValid, TeacherPage

__all__ = ["INTRO", "SECTIONS", "TITLE", "Page", "build_page", "deck_explorer", "warm_up"]

#: The page's title (the browser tab and the heading).
TITLE = N_("Xactika student app")
#: The line under the title.
INTRO = N_(
    "Explore a hand of Xactika, see the exact chance that each lead wins for sure, "
    "then play a game against the computer."
)


def deck_explorer(setup: LinkSetup) -> DeckExplorer:
    """The deck explorer, showing the link's face values (all if it names none)."""
    explorer = DeckExplorer()
    if setup.faces is not None:
        explorer.values.value = setup.faces
    return explorer


#: The button that unfolds the practice sections on a class student's page.
SHOW_PRACTICE = N_("Show the practice sections (Your hand, Play a game, The whole deck)")
#: The button that folds them again.
HIDE_PRACTICE = N_("Hide the practice sections")

#: Each part of the page: its heading, its help (HTML) and how to make its widget
#: for the link's set-up.
SECTIONS: tuple[tuple[str, str, Callable[[LinkSetup], widgets.DOMWidget]], ...] = (
    (
        N_("1. Your hand"),
        N_(
            "Press the button under a card to see the chance that each of its four "
            "combinations is unbeatable if you lead it now. Tick <strong>played</strong> when "
            "a card is played: watch the chances change. Type the same <strong>Seed</strong> "
            "as your classmates to get the same hand."
        ),
        lambda setup: HandWidget(players=setup.players, seed=setup.seed),
    ),
    (
        N_("2. Play a game"),
        N_(
            "Bid how many tricks you will take, then lead or follow. Only legal choices "
            "are offered. Tick <strong>Coach</strong> for help."
        ),
        lambda setup: PlayTable(players=setup.players, seed=setup.seed),
    ),
    (
        N_("3. The whole deck"),
        N_("Filter the 81 cards by face value and shapes, and see how often they occur."),
        deck_explorer,
    ),
)


def build_page(setup: LinkSetup | None = None, *, title: bool = True) -> widgets.VBox:
    """The whole page as one ipywidget: headings and help as HTML, then each widget.

    Args:
        setup: the link's set-up (seed, players, face values); None for the usual one.
        title: start with the title and the line of help.

    Returns:
        a new :class:`ipywidgets.VBox` (new widgets each call: one per visitor).
    """
    setup = LinkSetup() if setup is None else setup
    parts: list[widgets.DOMWidget] = []
    if title:
        parts += [widgets.HTML(f"<h1>{_(TITLE)}</h1>"), widgets.HTML(f"<p>{_(INTRO)}</p>")]
    if setup.problems:
        notice = widgets.HTML(
            "<p role='status'>" + "<br>".join(escape(line) for line in setup.problems) + "</p>"
        )
        notice.add_class("xe-link-problems")
        parts.append(notice)
    for heading, help_html, make in SECTIONS:
        parts.append(widgets.HTML(f"<h2>{_(heading)}</h2><p>{_(help_html)}</p>"))
        parts.append(make(setup))
    page = widgets.VBox(parts)
    page.add_class("xe-app")
    return page


def warm_up() -> None:
    """Draw what every usual page shows alike before the first student opens one: the
    deck explorer's first graph and cards, kept by
    :mod:`~xactika_edu.teaching.views.deckview` (and Matplotlib imported on the way).

    The server runs it once as it starts, on a thread of its own (``xactika-edu
    app``), so the first pages of a class arriving at the bell do not pay for it; a
    page that opens meanwhile waits for the same drawing instead of making another.
    """
    first = filter_deck()  # the deck explorer's first view: every card, a bar graph
    plot_html(first, "bar")
    cards_html(first)


@solara.component
def Sections(setup: LinkSetup, title: bool = True, folded: bool = False) -> None:
    """The usual sections (:func:`build_page`), built once per visitor; ``folded`` (a
    class student's page) hides them behind :data:`SHOW_PRACTICE`, so the class's own
    experiment and table are the only ones in sight (a practice game against the
    computer is not mistaken for the class table)."""
    lang = use_language_of_page()  # a switch builds the sections again in the new one
    page = solara.use_memo(lambda: build_page(setup, title=title), dependencies=[setup, lang])
    shown, set_shown = solara.use_state(False)
    page.layout.display = "none" if folded and not shown else None
    if folded:
        solara.Button(
            _(HIDE_PRACTICE) if shown else _(SHOW_PRACTICE),
            on_click=lambda: set_shown(not shown),
            classes=["xe-practice-toggle"],
            text=True,
        )
    solara.display(page)


@solara.component
def ClassStudent(served: ServedClass, setup: LinkSetup) -> None:
    """A student's page in a class: the join form, then the class experiment, the class
    tables and the usual sections."""
    use_language_of_page()
    desk, set_desk = solara.use_state(cast(StudentDesk | None, None))
    seated, set_seated = solara.use_state(False)
    page, browser = solara.use_memo(page_and_browser, dependencies=[])

    def release_when_closed() -> Callable[[], None]:
        return lambda: NAME_HOLDERS.release(page)

    solara.use_effect(release_when_closed, [page])
    solara.HTML(tag="h1", unsafe_innerHTML=_(TITLE))
    if desk is None:
        JoinForm(served, setup, on_join=set_desk, page=page, browser=browser)
        return
    solara.HTML(
        tag="p",
        unsafe_innerHTML=escape(
            _("You joined {name} as {student}.").format(
                name=desk.store.class_name(desk.code), student=desk.name.rstrip(".")
            )
        ),
        classes=["xe-joined"],
    )
    ClassExperiment(desk, compact=seated)
    ClassTables(desk, on_seated=set_seated)
    Sections(setup, title=False, folded=True)


@solara.component
def Page() -> None:
    """The page Solara shows each visitor: the language switch, then the projector
    view for a projector link, the teacher page for a teacher link, the join form
    first in a class, else :func:`build_page`; all in the page's language
    (:mod:`~xactika_edu.ui.app.pagelanguage`: the link's ``?lang=``, else the
    server's, until the visitor switches). The link's set-up is read once (again in a
    new language, for its sentences)."""
    search = solara.use_router().search
    lang, choose = use_page_language(solara.use_memo(lambda: link_language(search), [search]))
    setup = solara.use_memo(lambda: read_link(search), dependencies=[search, lang])
    served = solara.use_memo(served_class, dependencies=[])
    HtmlLang(lang)
    LanguageSwitch(lang, choose)
    if setup.projector:  # never a control, whatever else the link holds
        solara.Title(_(PROJECTOR_TITLE))
        ProjectorPage(served, setup.class_code)
        return
    teacher = bool(setup.token) or "token=" in (search or "")
    solara.Title(_(TEACHER_TITLE) if teacher else _(TITLE))
    if teacher:
        if served is None:
            NotValid()
        else:
            TeacherPage(served, setup.token, seed=setup.seed)
    elif served is not None:
        ClassStudent(served, setup)
    else:
        Sections(setup)
