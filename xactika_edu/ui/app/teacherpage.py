"""The teacher's page (the teacher link, ``/?token=...``): start and stop a class
experiment, watch the pool live, open class tables, download the data, reset the class.

Every action goes through :class:`~xactika_edu.ui.app.classroom.TeacherDesk`, which
checks the token on the server before doing anything; a wrong or missing token gets
:data:`NOT_VALID` and no controls at all. The page asks the store for changes every
:data:`LIVE_SECONDS` seconds and redraws its graphs only when the pool changed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from html import escape
from typing import TypeVar

import ipywidgets as widgets
import solara

from ...base.errors import TeacherLinkError, XactikaError
from ...base.formatting import fraction, percent
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS
from ...core.experiments import Event
from ...teaching.alt_text import figure_html
from ...teaching.classdata.class_results import class_vs_deck_plot
from ...teaching.classdata.livepool import CLASS_EVENTS, class_frequency_graph
from ...teaching.plots.figures import BAR_FIGSIZE
from .classroom import ClassPool, TeacherDesk
from .classsetup import ServedClass, shared_store
from .linksetup import projector_link, student_link, use_page_url
from .pagelanguage import use_language_of_page
from .studentpage import attempt
from .tableroom import DEFAULT_SEATS, TableListing

__all__ = [
    "DRAWS_NOTE",
    "LIVE_SECONDS",
    "NOT_VALID",
    "NO_EXPERIMENT",
    "PROJECTOR_HINT",
    "PROJECTOR_LINK",
    "TEACHER_TITLE",
    "NotValid",
    "StudentsAddress",
    "TeacherPage",
    "counts_html",
    "pool_html",
    "projector_html",
    "reset_question",
    "tables_html",
    "teacher_link_valid",
]

#: What a page with a wrong or missing teacher token says (and nothing else).
NOT_VALID = N_(
    "This teacher link is not valid. Use the teacher link that xactika-edu app printed "
    "when it started (each start prints a new one)."
)
#: The teacher page's heading.
TEACHER_TITLE = N_("Xactika teacher page")
#: Said above the downloads: the draws file's format has no experiment column.
DRAWS_NOTE = N_(
    "The draws file holds the draws of every experiment of this class together, in "
    "the order they were made (its columns are student, activity and card)."
)
#: What the pool says while the class has had no experiment.
NO_EXPERIMENT = N_("No experiment yet. Choose an event and start one.")
#: The teacher page's link to the projector view (:mod:`.projectorpage`), and its hint.
PROJECTOR_LINK = N_("Projector view (safe to show the class)")
PROJECTOR_HINT = N_(
    "Project the projector view, never this page: its address holds your secret teacher link."
)
#: How often the teacher's page looks for new draws (seconds).
LIVE_SECONDS = 1.5

log = logging.getLogger("xactika_edu.app")
T = TypeVar("T")


def teacher_link_valid(desk: TeacherDesk) -> bool:
    """Whether the desk's token is the class's teacher token (checked by the store)."""
    try:
        desk.check()
    except XactikaError:
        return False
    return True


def counts_html(pool: ClassPool) -> str:
    """Each student's own count as an HTML table (every student, those with no draws too)."""
    event = pool.experiment.event.label if pool.experiment is not None else _("the event")
    rows = "".join(
        f"<tr><th scope='row'>{escape(str(student))}</th><td>{int(row['draws'])}</td>"
        f"<td>{int(row['successes'])}</td></tr>"
        for student, row in pool.counts.iterrows()
    )
    if not rows:
        rows = "<tr><td colspan='3'>" + _("No student has joined yet.") + "</td></tr>"
    caption, student, draws = _("Each student's draws"), _("Student"), _("Draws")
    with_event = _("With {event}").format(event=escape(event))
    return (
        f"<table class='xe-counts'><caption>{caption}</caption>"
        f"<thead><tr><th scope='col'>{student}</th><th scope='col'>{draws}</th>"
        f"<th scope='col'>{with_event}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def pool_html(
    pool: ClassPool, *, waiting: str = NO_EXPERIMENT, size: tuple[float, float] = BAR_FIGSIZE
) -> str:
    """The pool in words and graphs: the class's relative frequency against the exact
    probability (a line graph), every draw's face value against the deck (bars);
    ``waiting`` (plain text) while the class has had no experiment. ``size``: each
    graph's size in inches (a smaller graph shown as wide has larger text)."""
    if pool.experiment is None:
        return f"<p class='xe-pool'>{escape(_(waiting))}</p>"
    event = pool.experiment.event
    exact = event.probability
    if pool.experiment.running:
        state = _("Experiment: {event} (running). Exact probability: {fraction} ≈ {percent}.")
    else:
        state = _("Experiment: {event} (stopped). Exact probability: {fraction} ≈ {percent}.")
    head = "<p class='xe-pool'>" + state.format(
        event=f"<strong>{escape(event.label)}</strong>",
        fraction=fraction(exact),
        percent=percent(exact),
    )
    if pool.frequency is None or pool.frequency.empty or pool.draws is None:
        return head + " " + _("No draws yet.") + "</p>"
    hits = int(pool.frequency["frequency"].iloc[-1])
    total = len(pool.frequency)
    so_far = ngettext(
        "The class so far: {hits} of {count} draw ({percent}).",
        "The class so far: {hits} of {count} draws ({percent}).",
        total,
    ).format(hits=hits, count=total, percent=percent(hits / total))
    head += f" {so_far}</p>"
    frequency, draws = pool.frequency, pool.draws
    line = figure_html(lambda ax: class_frequency_graph(frequency, ax=ax), size=size)
    bars = figure_html(lambda ax: class_vs_deck_plot(draws, ax=ax), size=size)
    return (
        f"{head}<div class='xe-live-frequency'>{line}</div><div class='xe-live-values'>{bars}</div>"
    )


def tables_html(listing: TableListing) -> str:
    """The class's tables for the teacher: one line each (a game still played at a
    closed table too), or that none is open."""
    lines = "".join(f"<li>{escape(info.words())}</li>" for info in listing.tables)
    if not listing.open:
        none = (
            _("Tables are closed to newcomers; still playing:")
            if lines
            else _("No tables are open.")
        )
        state = f"<p class='xe-tables-state'>{none}</p>"
        return state + (f"<ul class='xe-tables-state'>{lines}</ul>" if lines else "")
    return f"<ul class='xe-tables-state'>{lines}</ul>"


def reset_question(desk: TeacherDesk) -> str:
    """The confirm step's question, with the counts that would be deleted."""
    desk.check()
    room = next(r for r in desk.store.classes() if r.code == desk.store.open_class(desk.code))
    draws = ngettext("{count} draw", "{count} draws", room.draws).format(count=room.draws)
    hands = ngettext("{count} finished hand", "{count} finished hands", room.hands).format(
        count=room.hands
    )
    return _(
        "Delete {draws} and {hands} of {name}? The students and their names stay. "
        "This cannot be undone."
    ).format(draws=draws, hands=hands, name=room.name)


def _or_none(read: Callable[[], T]) -> T | None:
    """``read()``, or None if the store refuses (a teacher link replaced meanwhile, a
    busy file): the page then says the link is not valid rather than break."""
    try:
        return read()
    except XactikaError:
        return None
    except Exception as error:
        log.error("the teacher page could not read the class: %s", type(error).__name__)
        return None


def _file_name(name: str, what: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "class"
    return f"{slug}-{what}.csv"


def _download(data: Callable[[], bytes], name: str, what: str) -> None:
    """A button that downloads the class ``name``'s ``what`` (``"draws"`` or
    ``"scores"``) as a CSV file, made by ``data`` when it is pressed."""
    solara.FileDownload(
        data,
        filename=_file_name(name, what),
        label=_("Download the draws (CSV)") if what == "draws" else _("Download the scores (CSV)"),
        icon_name=None,
        mime_type="text/csv",
    )


def _choice(
    label: str,
    options: Iterable[T],
    value: T,
    on_value: Callable[[T], None],
    *,
    css: str,
    shown: Callable[[T], str] = str,
) -> None:
    """A drop-down list named ``label`` (the name in full, never cut), with the CSS
    class ``css``, in the teacher page's current row; each option shown as
    ``shown(option)``, in the page's language."""
    widgets.Dropdown.element(
        description=label,
        options=[(shown(option), option) for option in options],
        value=value,
        on_value=on_value,
        style={"description_width": "initial"},
        _dom_classes=[css],
    )


@solara.component
def StudentsAddress(code: str) -> None:
    """The line "Students open: ADDRESS" on the teacher page: the app's address as the
    teacher's browser reached it (:func:`.linksetup.use_page_url`) with the class code;
    never the token. Nothing if the address is not known."""
    lang = use_language_of_page()
    url = use_page_url()
    if url is None:
        return
    address = f"<strong>{escape(student_link(url, code, lang))}</strong>"
    solara.HTML(
        tag="p",
        unsafe_innerHTML=_("Students open: {address}").format(address=address),
        classes=["xe-students-address"],
    )


@solara.component
def NotValid() -> None:
    """What a wrong or missing teacher token gets: a heading and :data:`NOT_VALID`."""
    use_language_of_page()
    solara.HTML(tag="h1", unsafe_innerHTML=_(TEACHER_TITLE))
    solara.Error(_(NOT_VALID), icon=False, classes=["xe-error", "xe-not-teacher"])


def projector_html(code: str) -> str:
    """The link to the class's projector view (a new tab; no token in it) and
    :data:`PROJECTOR_HINT`.

    >>> projector_html("7NX6HJ")[:62]
    '<p><a href="?class=7NX6HJ&amp;view=projector" target="_blank" '
    """
    href = escape(projector_link(code))
    new_tab = _("(opens in a new tab)")
    return (
        f'<p><a href="{href}" target="_blank" rel="noopener" class="xe-projector-link">'
        f"{escape(_(PROJECTOR_LINK))}</a> {new_tab}</p><p>{escape(_(PROJECTOR_HINT))}</p>"
    )


@solara.component
def TeacherTables(desk: TeacherDesk, seed: int | None, version: object) -> None:
    """The class tables: players per table, Open a table, Close tables, and the tables
    now (redrawn with the page, every :data:`LIVE_SECONDS` seconds). ``seed``: the
    teacher link's ``?seed=``, which seeds the tables' deals."""
    use_language_of_page()
    seats, set_seats = solara.use_state(DEFAULT_SEATS)
    message, set_message = solara.use_state("")
    changed, set_changed = solara.use_state(0)
    listing = solara.use_memo(lambda: _or_none(desk.tables), [version, changed])

    def act(action: Callable[[], object]) -> Callable[[], None]:
        def click() -> None:
            attempt(action, set_message)
            set_changed(lambda n: n + 1)

        return click

    solara.HTML(tag="h2", unsafe_innerHTML=_("Tables"))
    solara.HTML(
        tag="p",
        unsafe_innerHTML=_(
            "Open a table and your students can sit down and play Xactika "
            "with each other. A new table opens by itself when every seat is taken. Computer "
            "players take the empty seats."
        ),
    )
    with solara.Row(classes=["xe-table-controls"]):
        players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
        _choice(_("Players per table"), players, seats, set_seats, css="xe-seats-choice")
        solara.Button(
            _("Open a table"),
            on_click=act(lambda: desk.open_table(seats, seed)),
            color="primary",
            classes=["xe-open-tables"],
        )
        solara.Button(
            _("Close tables"),
            on_click=act(desk.close_tables),
            classes=["xe-close-tables"],
            disabled=listing is None or not listing.open,
        )
    if message:
        solara.Error(message, icon=False, classes=["xe-error"])
    if listing is not None:
        solara.HTML(unsafe_innerHTML=tables_html(listing), classes=["xe-tables-box"])


@solara.component
def TeacherPage(served: ServedClass, token: str, seed: int | None = None) -> None:
    """The teacher's page for the served class; :data:`NOT_VALID` for a wrong token.
    ``seed`` (the link's ``?seed=``) seeds the class tables' deals."""
    desk = solara.use_memo(
        lambda: TeacherDesk(shared_store(served.data), served.code, token), [served, token]
    )
    first_valid = solara.use_memo(lambda: teacher_link_valid(desk), [desk])
    valid, set_valid = solara.use_state(first_valid)
    first_version = solara.use_memo(lambda: _or_none(desk.version) if first_valid else None, [desk])
    version, set_version = solara.use_state(first_version)
    chosen, set_chosen = solara.use_state(CLASS_EVENTS[0])
    message, set_message = solara.use_state("")
    confirming, set_confirming = solara.use_state(False)

    def watch(cancel: object) -> None:
        while not cancel.wait(LIVE_SECONDS):  # type: ignore[attr-defined]
            try:
                set_version(desk.version())
            except TeacherLinkError:  # a new teacher link was made: this one stops
                set_valid(False)
                return
            except Exception as error:
                log.warning("could not read the class's pool: %s", type(error).__name__)

    solara.use_thread(watch, dependencies=[desk, valid], intrusive_cancel=False)
    pool = solara.use_memo(lambda: _or_none(desk.pool) if valid else None, [version, valid])
    name = solara.use_memo(lambda: _or_none(desk.class_name) if valid else None, [desk, valid])
    lang = use_language_of_page()  # its graphs are drawn again in a new one
    graphs = solara.use_memo(lambda: pool_html(pool) if pool is not None else "", [pool, lang])
    draws_file = solara.use_memo(lambda: desk.draws_file, [desk])
    scores_file = solara.use_memo(lambda: desk.scores_file, [desk])
    if not valid or pool is None or name is None or version is None:
        NotValid()
        return

    def act(action: object) -> None:
        def run() -> None:
            action()  # type: ignore[operator]
            set_version(desk.version())

        if not attempt(run, set_message) and not teacher_link_valid(desk):
            set_valid(False)

    def reset() -> None:
        set_confirming(False)
        act(desk.reset)

    room_draws, room_hands = version[3], version[4]
    with solara.Column(classes=["xe-teacher"]):
        solara.HTML(tag="h1", unsafe_innerHTML=escape(f"{_(TEACHER_TITLE)}: {name}"))
        solara.HTML(
            tag="p",
            unsafe_innerHTML=escape(
                ngettext(
                    "Class code for the students: {code}. {count} student joined.",
                    "Class code for the students: {code}. {count} students joined.",
                    len(pool.counts),
                ).format(code=desk.code, count=len(pool.counts))
            ),
            classes=["xe-class-info"],
        )
        StudentsAddress(desk.code)
        with solara.Row(classes=["xe-experiment-controls"]):
            _choice(
                _("Event to count"),
                CLASS_EVENTS,
                chosen,
                set_chosen,
                css="xe-event-choice",
                shown=lambda event: Event.parse(event).name,
            )
            solara.Button(
                _("Start experiment"),
                on_click=lambda: act(lambda: desk.start(chosen)),
                color="primary",
                classes=["xe-start"],
            )
            solara.Button(
                _("Stop experiment"),
                on_click=lambda: act(desk.stop),
                classes=["xe-stop"],
                disabled=version[0] is None,
            )
        solara.HTML(unsafe_innerHTML=projector_html(desk.code), classes=["xe-projector-box"])
        if message:
            solara.Error(message, icon=False, classes=["xe-error"])
        solara.HTML(unsafe_innerHTML=graphs, classes=["xe-live"])
        solara.HTML(unsafe_innerHTML=counts_html(pool), classes=["xe-counts-box"])
        TeacherTables(desk, seed, version)
        solara.HTML(tag="h2", unsafe_innerHTML=_("The class's data"))
        if room_draws:
            solara.HTML(tag="p", unsafe_innerHTML=_(DRAWS_NOTE), classes=["xe-draws-note"])
        with solara.Row(classes=["xe-exports"]):
            if room_draws:
                _download(draws_file, name, "draws")
            if room_hands:
                _download(scores_file, name, "scores")
            solara.Button(
                _("Reset the class's data"),
                on_click=lambda: set_confirming(True),
                classes=["xe-reset"],
                disabled=not (room_draws or room_hands),
            )
        if confirming:
            with solara.Column(classes=["xe-confirm"]):
                solara.HTML(
                    tag="p",
                    unsafe_innerHTML=escape(_or_none(lambda: reset_question(desk)) or ""),
                    classes=["xe-reset-question"],
                )
                with solara.Row():
                    solara.Button(
                        _("Yes, delete them"),
                        on_click=reset,
                        color="error",
                        classes=["xe-confirm-reset"],
                    )
                    solara.Button(
                        _("Cancel"),
                        on_click=lambda: set_confirming(False),
                        classes=["xe-cancel-reset"],
                    )
