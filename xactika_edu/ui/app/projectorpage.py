"""The projector view (``/?class=CODE&view=projector``): the class's live results in
large type, safe to show the class. It holds no secret and no control: the class's
name, its code and the address students open, then the same live graphs and counts
as the teacher page (:func:`~xactika_edu.ui.app.teacherpage.pool_html` and
:func:`~xactika_edu.ui.app.teacherpage.counts_html`), redrawn when the pool changes.

Anyone who has the class code may open it (students have it: it is on the board); it
reads the class through :class:`~xactika_edu.ui.app.classroom.ClassWatch`, which can
change nothing. A wrong or missing code gets one plain sentence.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from html import escape
from typing import TypeVar

import solara

from ...base.errors import XactikaError
from ...base.language import N_, language, ngettext
from ...base.language import gettext as _
from .classroom import ClassPool, ClassWatch, watch_class
from .classsetup import ServedClass, shared_store
from .linksetup import student_link, use_page_url
from .pagelanguage import use_language_of_page
from .teacherpage import LIVE_SECONDS, counts_html, pool_html

__all__ = [
    "GRAPHS",
    "NO_CLASS",
    "NO_CODE",
    "PROJECTOR_CSS",
    "PROJECTOR_FIGSIZE",
    "PROJECTOR_TITLE",
    "PROJECTOR_WAITING",
    "UNREADABLE",
    "ProjectorPage",
    "SharedGraphs",
    "join_html",
    "open_watch",
]

#: The projector view's title (the browser tab; the heading is the class's name).
PROJECTOR_TITLE = N_("Xactika class results")
#: What the view says while the class has had no experiment.
PROJECTOR_WAITING = N_("No experiment yet. The graphs appear here when the teacher starts one.")
#: What a projector link says when the app serves no class.
NO_CLASS = N_(
    "This app serves no class now, so there is nothing to show. The teacher starts one "
    "with xactika-edu app --class NAME."
)
#: What a projector link without a class code says.
NO_CODE = N_(
    "This projector link has no class code. Open the projector view from the teacher "
    "page (Projector view)."
)
#: Large type for a projector: text read from the back of the room, graphs as wide as
#: the screen (side by side on a wide one), the class code largest.
PROJECTOR_CSS = """
.xe-projector { font-size: 1.5rem; line-height: 1.4; max-width: 1600px; width: 100%;
  align-self: center; margin: 0 auto; padding: 0 1rem; }
.xe-projector strong { font-weight: 700; }
.xe-projector h1 { font-size: 2.8rem; line-height: 1.2; margin: 0.4em 0 0.2em; }
.xe-projector h2 { font-size: 2rem; margin: 0.6em 0 0.2em; }
.xe-projector .xe-projector-join { font-size: 1.8rem; }
.xe-projector .xe-projector-code { font-size: 4rem; font-weight: bold; letter-spacing: 0.15em;
  font-family: monospace; }
.xe-projector .xe-live { display: flex; flex-wrap: wrap; gap: 1rem; }
.xe-projector .xe-live .xe-pool { flex-basis: 100%; margin: 0; }
.xe-projector .xe-live > div { flex: 1 1 600px; }
.xe-projector .xe-plot svg { width: 100%; height: auto; }
.xe-projector .xe-counts { font-size: 1.4rem; border-collapse: collapse; }
.xe-projector .xe-counts th, .xe-projector .xe-counts td { padding: 0.1em 0.8em;
  text-align: left; }
"""

#: What the view says when the store cannot be read (the log gets one line).
UNREADABLE = N_("The class cannot be read now. Reload this page.")

log = logging.getLogger("xactika_edu.app")
T = TypeVar("T")


def open_watch(served: ServedClass | None, code: str) -> ClassWatch:
    """The served class to watch, for a projector link with the class code ``code``.

    Raises:
        XactikaError: :data:`NO_CLASS`, :data:`NO_CODE`, or the store's plain
            sentence for a wrong code
            (:func:`~xactika_edu.ui.app.classroom.watch_class`).
    """
    if served is None:
        raise XactikaError(_(NO_CLASS))
    if not code.strip():
        raise XactikaError(_(NO_CODE))
    return watch_class(shared_store(served.data), served.code, code)


def join_html(code: str, address: str | None) -> str:
    """How students join, in large type: the address they open (if known) and the
    class code.

    >>> join_html("7NX6HJ", "http://laptop:8866/?class=7NX6HJ")
    "<p class='xe-projector-join'>Students open <strong>http://laptop:8866/?class=7NX6HJ</strong> \
and join with the class code</p><p class='xe-projector-code'>7NX6HJ</p>"
    """
    if address:
        join = _("Students open {address} and join with the class code").format(
            address=f"<strong>{escape(address)}</strong>"
        )
    else:
        join = _("Students open the app and join with the class code")
    return f"<p class='xe-projector-join'>{join}</p><p class='xe-projector-code'>{escape(code)}</p>"


class SharedGraphs:
    """The projector views' graphs of each class, drawn once per change of the class
    for every projector page of this process: many may be open (every student has the
    code), and drawing the two graphs costs the one server process far more than
    reading the pool. Holds the latest graphs of each class; thread-safe.
    """

    def __init__(self, draw: Callable[[ClassPool], str]) -> None:
        self._draw = draw
        self._lock = threading.Lock()
        self._drawing: dict[tuple[str, str, str], threading.Lock] = {}
        self._latest: dict[tuple[str, str, str], tuple[object, str]] = {}

    def html(self, watch: ClassWatch, version: object, pool: ClassPool) -> str:
        """The graphs of ``pool``, read at ``version`` (:meth:`ClassWatch.version`):
        drawn by the first page that asks for this version in the current language, the
        others wait for them."""
        if version is None:  # not known: nothing to share
            return self._draw(pool)
        key = (watch.store.path, watch.code, language())
        with self._lock:
            lock = self._drawing.setdefault(key, threading.Lock())
        with lock:
            held = self._latest.get(key)
            if held is not None and held[0] == version:
                return held[1]
            drawn = self._draw(pool)
            self._latest[key] = (version, drawn)
            return drawn


#: Each projector graph's size in inches: smaller than the teacher page's, shown as
#: wide, so its words and numbers are about half as large again (read from the back row).
PROJECTOR_FIGSIZE = (4.8, 3.2)
#: The graphs every projector page of this process shows.
GRAPHS = SharedGraphs(
    lambda pool: pool_html(pool, waiting=PROJECTOR_WAITING, size=PROJECTOR_FIGSIZE)
)


@solara.component
def ProjectorPage(served: ServedClass | None, code: str) -> None:
    """The projector view of the served class for the class code ``code``; one plain
    sentence (and no graph) for a wrong or missing code, or when no class is served."""
    lang = use_language_of_page()  # its sentences and graphs are drawn in it
    watch, problem = solara.use_memo(lambda: _opened(served, code), [served, code, lang])
    first = solara.use_memo(lambda: _read(watch.version) if watch else None, [watch])
    version, set_version = solara.use_state(first)
    lost, set_lost = solara.use_state("")
    url = use_page_url()

    def follow(cancel: object) -> None:
        while watch is not None and not cancel.wait(LIVE_SECONDS):  # type: ignore[attr-defined]
            try:
                set_version(watch.version())
            except XactikaError as error:  # the class was deleted meanwhile
                set_lost(str(error))
                return
            except Exception as error:  # a busy file: try again next time
                log.warning("the projector could not read the class: %s", type(error).__name__)

    solara.use_thread(follow, dependencies=[watch], intrusive_cancel=False)
    pool = solara.use_memo(lambda: _read(watch.pool) if watch else None, [watch, version])
    name = solara.use_memo(lambda: _read(watch.class_name) if watch else None, [watch])
    graphs = solara.use_memo(
        lambda: GRAPHS.html(watch, version, pool) if watch and pool else "", [pool, lang]
    )
    solara.Style(PROJECTOR_CSS)
    with solara.Column(classes=["xe-projector"]):
        if watch is None or pool is None or name is None or lost:
            solara.HTML(tag="h1", unsafe_innerHTML=_(PROJECTOR_TITLE))
            message = problem or lost or _(UNREADABLE)
            solara.Error(message, icon=False, classes=["xe-error", "xe-not-projector"])
            return
        solara.HTML(tag="h1", unsafe_innerHTML=escape(name))
        address = student_link(url, watch.code, lang) if url else None
        solara.HTML(unsafe_innerHTML=join_html(watch.code, address), classes=["xe-join-info"])
        solara.HTML(
            tag="h2",
            unsafe_innerHTML=escape(
                ngettext(
                    "The class's results ({count} student)",
                    "The class's results ({count} students)",
                    len(pool.counts),
                ).format(count=len(pool.counts))
            ),
        )
        solara.HTML(unsafe_innerHTML=graphs, classes=["xe-live"])
        solara.HTML(unsafe_innerHTML=counts_html(pool), classes=["xe-counts-box"])


def _opened(served: ServedClass | None, code: str) -> tuple[ClassWatch | None, str]:
    """(the class to watch, "") or (None, the plain sentence why not)."""
    try:
        return open_watch(served, code), ""
    except XactikaError as error:
        return None, str(error)
    except Exception as error:  # a store that cannot be opened: one line, no traceback
        log.error("the projector could not open the class: %s", type(error).__name__)
        return None, _(UNREADABLE)


def _read(read: Callable[[], T]) -> T | None:
    """``read()``, or None if the store refuses or is busy (logged in one line)."""
    try:
        return read()
    except Exception as error:
        log.warning("the projector could not read the class: %s", type(error).__name__)
        return None
