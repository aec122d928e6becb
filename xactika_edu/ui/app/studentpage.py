"""A student's page in a class (``xactika-edu app --class NAME``): first the join form
(the class code and a first name), then the class experiment and the usual sections.

The class experiment section learns that the teacher started (or stopped) an
experiment by asking the store every :data:`POLL_SECONDS` seconds, in a thread of the
student's own page (:func:`solara.use_thread`): the store is the one source, so a
page that reconnects, or a teacher who used another window, is seen the same way.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from html import escape
from typing import cast

import solara
from solara.components.input import use_change

from ...base.errors import XactikaError
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import Card
from ...core.experiments import Event
from .classroom import NAME_HOLDERS, StudentDesk, join_class
from .classsetup import ServedClass, shared_store
from .linksetup import LinkSetup
from .pagelanguage import use_language_of_page

__all__ = [
    "DRAW_COUNTS",
    "POLL_SECONDS",
    "ClassExperiment",
    "JoinForm",
    "attempt",
    "experiment_words",
    "page_and_browser",
    "tally_words",
]

#: How often a student's page asks whether an experiment started or stopped (seconds).
POLL_SECONDS = 2.0
#: The draw buttons: how many cards each draws.
DRAW_COUNTS = (1, 10)
#: The most recent cards shown as pictures.
SHOWN_CARDS = 10
#: What a page says when something unexpected broke (the log gets one line).
SOMETHING_WRONG = N_("Something went wrong. Try again, or ask your teacher.")

log = logging.getLogger("xactika_edu.app")


def attempt(action: Callable[[], object], say: Callable[[str], None]) -> bool:
    """Run a page's action; a refusal (:class:`XactikaError`) is said in its own plain
    words, anything else as :data:`SOMETHING_WRONG` (and one line in the server's log).
    Returns whether the action ran through (``say("")`` then clears the message)."""
    try:
        action()
    except XactikaError as error:
        say(str(error))
        return False
    except Exception as error:  # the page shows a plain line, never a traceback
        log.error("a page's action failed: %s", type(error).__name__)
        say(_(SOMETHING_WRONG))
        return False
    say("")
    return True


def experiment_words(event: Event) -> str:
    """What the student does, in words.

    >>> experiment_words(Event.parse("face value 8 or more"))
    'Draw a card from the whole deck, then put it back. Does it have face value 8 or more?'
    """
    return _("Draw a card from the whole deck, then put it back. Does it have {event}?").format(
        event=event.label
    )


def tally_words(cards: list[Card], event: Event) -> str:
    """The student's own count, in words.

    >>> tally_words([Card.parse("3213"), Card.parse("1111")], Event.parse("3 cubes"))
    'You drew 2 cards. 0 of them had 3 cubes.'
    >>> tally_words([Card.parse("3213")], Event.parse("face value 8 or more"))
    'You drew 1 card. It had face value 8 or more.'
    """
    hits = sum(event(card) for card in cards)
    if len(cards) == 1:
        if hits:
            return _("You drew 1 card. It had {event}.").format(event=event.label)
        return _("You drew 1 card. It did not have {event}.").format(event=event.label)
    return ngettext(
        "You drew {count} card. {hits} of them had {event}.",
        "You drew {count} cards. {hits} of them had {event}.",
        len(cards),
    ).format(count=len(cards), hits=hits, event=event.label)


def page_and_browser() -> tuple[str, str]:
    """This page's id (its Solara virtual kernel) and its browser's (Solara's session
    cookie); outside a server (a test's render), a new id for both."""
    try:
        return solara.get_kernel_id(), solara.get_session_id()
    except RuntimeError:  # no server: each page is a browser of its own
        made = uuid.uuid4().hex
        return made, made


@solara.component
def JoinForm(
    served: ServedClass,
    setup: LinkSetup,
    on_join: Callable[[StudentDesk], None],
    page: str = "",
    browser: str = "",
) -> None:
    """The class code (filled in from ``?class=CODE``) and a first name, then Join.

    A name the class already has is joined again when no other browser's open page
    holds it (:class:`~xactika_edu.ui.app.classroom.NameHolders`)."""
    use_language_of_page()
    code, set_code = solara.use_state(setup.class_code)
    name, set_name = solara.use_state("")
    message, set_message = solara.use_state("")

    def join(typed: str | None = None) -> None:
        """Join with the name typed (``typed``: the field's text when Enter is pressed)."""
        from .tablepage import page_statuses  # the table page imports this module

        def run() -> None:
            store = shared_store(served.data)
            on_join(
                join_class(
                    store,
                    served.code,
                    code,
                    name if typed is None else typed,
                    page=page or None,
                    browser=browser,
                    holders=NAME_HOLDERS,
                    statuses=page_statuses(),
                )
            )

        attempt(run, set_message)

    with solara.Column(classes=["xe-join"]):
        solara.HTML(tag="h2", unsafe_innerHTML=_("Join your class"))
        solara.HTML(
            tag="p",
            unsafe_innerHTML=_("Type the class code from the board and your first name."),
        )
        solara.InputText(
            _("Class code"),
            value=code,
            on_value=set_code,
            continuous_update=True,
            classes=["xe-class-code"],
        )
        name_field = solara.InputText(
            _("Your first name"),
            value=name,
            on_value=set_name,
            continuous_update=True,
            classes=["xe-first-name"],
        )
        use_change(name_field, join, update_events=["keyup.enter"])  # Enter joins
        solara.Button(_("Join"), on_click=join, color="primary", classes=["xe-join-button"])
        if message:
            solara.Error(message, icon=False, classes=["xe-error"])


def _cards_html(cards: list[Card]) -> str:
    """The last :data:`SHOWN_CARDS` cards drawn as pictures (each named for a screen
    reader); a card may be there twice, as it was put back."""
    recent = cards[-SHOWN_CARDS:]
    pictures = "".join(
        f"<span style='display:inline-block;margin:2px'>{card.svg()}</span>" for card in recent
    )
    words = ngettext("Your last {count} card:", "Your last {count} cards:", len(recent))
    return f"<p>{words.format(count=len(recent))}</p><div>{pictures}</div>"


@solara.component
def ClassExperiment(desk: StudentDesk, compact: bool = False) -> None:
    """The class experiment: what to do, Draw 1 / Draw 10, and the student's own draws.
    Says so while no experiment runs; checks every :data:`POLL_SECONDS` seconds.
    ``compact`` (while the student sits at a class table): no pictures of the drawn
    cards, so the table's hand is near the top of the page."""
    use_language_of_page()
    first = solara.use_memo(desk.experiment, dependencies=[desk])
    experiment, set_experiment = solara.use_state(first)
    cards, set_cards = solara.use_state(cast("list[Card]", []))
    message, set_message = solara.use_state("")

    def watch(cancel: object) -> None:
        while not cancel.wait(POLL_SECONDS):  # type: ignore[attr-defined]
            try:
                set_experiment(desk.experiment())
            except Exception as error:  # a busy or missing file: try again next time
                log.warning("could not check the class experiment: %s", type(error).__name__)

    solara.use_thread(watch, dependencies=[desk], intrusive_cancel=False)
    shown_for = experiment.id if experiment is not None else None

    def reload_cards() -> None:
        set_cards(desk.my_cards(shown_for) if shown_for is not None else [])

    solara.use_effect(reload_cards, [shown_for])

    def draw(count: int) -> Callable[[], None]:
        def run() -> None:
            drawn = desk.draw(count)
            now = desk.experiment()
            if now is not None and shown_for == now.id:
                set_cards(lambda before: [*before, *drawn])
            else:  # the teacher started another experiment meanwhile: show that one
                set_experiment(now)

        def click() -> None:
            if not attempt(run, set_message):
                set_experiment(desk.experiment())

        return click

    with solara.Column(classes=["xe-class-experiment"]):
        solara.HTML(tag="h2", unsafe_innerHTML=_("Class experiment"))
        if experiment is None:
            solara.HTML(
                tag="p",
                unsafe_innerHTML=_(
                    "No class experiment is running now. When your teacher "
                    "starts one, it appears here."
                ),
                classes=["xe-waiting"],
            )
        else:
            solara.HTML(
                tag="p",
                unsafe_innerHTML=escape(experiment_words(experiment.event)),
                classes=["xe-event"],
            )
            with solara.Row():
                for count in DRAW_COUNTS:
                    solara.Button(
                        _("Draw {count}").format(count=count),
                        on_click=draw(count),
                        classes=[f"xe-draw-{count}"],
                        color="primary",
                    )
            solara.HTML(
                tag="p",
                unsafe_innerHTML=escape(tally_words(cards, experiment.event)),
                classes=["xe-tally"],
                attributes={"aria-live": "polite"},
            )
            if cards and not compact:
                solara.HTML(unsafe_innerHTML=_cards_html(cards), classes=["xe-drawn"])
        if message:
            solara.Error(message, icon=False, classes=["xe-error"])
