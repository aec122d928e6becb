"""Set-ups in the app's link: a teacher writes a seed, a player count or a face-value
filter into the address (``?seed=12&players=5&faces=8-12``), so the whole class opens
the same deal. The link may also hold the class code (``?class=7NX6HJ``, filled into
the join form), the teacher's token (``?token=...``, the teacher page), ask for the
projector view (``?class=7NX6HJ&view=projector``, :func:`projector_link`) or for a
language (``?lang=es``, :func:`link_language`). The students' address is made here too
(:func:`student_link`, :func:`page_url`).

A value that cannot be used is left out, with one plain sentence saying so; the page
then uses its usual value. Nothing here raises.

>>> setup = read_link("seed=12&players=5&faces=8-12")
>>> setup.seed, setup.players, setup.faces, setup.problems
(12, 5, (8, 12), ())
>>> read_link("players=11&faces=3").problems
('The link asks for 11 players: use 2 to 10. Using 4 players.', \
"The link's face values '3' are not a range like 8-12 (face values go from 4 to 12). \
Showing all face values.")
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import DEFAULT_LANGUAGE, LANGUAGES, check_language, ngettext
from ...base.language import gettext as _
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS, check_seed
from ...core.face_values import FACE_VALUES

__all__ = [
    "DEFAULT_PLAYERS",
    "PROJECTOR",
    "LinkSetup",
    "link_language",
    "page_url",
    "projector_link",
    "read_link",
    "student_link",
    "use_page_url",
]

#: The players at the table when the link does not say.
DEFAULT_PLAYERS = 4
#: The longest query string read (a link is typed or pasted by a teacher).
_LONGEST = 2000
#: The ``view=`` of the projector view.
PROJECTOR = "projector"
_FACES = re.compile(r"^\s*(\d{1,2})\s*(?:(?:-|to|\.\.)\s*(\d{1,2}))?\s*$")


@dataclass(frozen=True)
class LinkSetup:
    """What a link asks for.

    Attributes:
        seed: the seed of the hand explorer's and the play table's deals, or None
            (a fresh one each page).
        players: the players at the table, you included (:data:`DEFAULT_PLAYERS`
            unless the link says).
        faces: the lowest and highest face value the deck explorer shows, or None (all).
        class_code: the class code to fill in the join form ("" if none).
        token: the teacher's token ("" if none).
        projector: whether the link asks for the projector view (``view=projector``).
        problems: one plain sentence for each value that could not be used.
        language: the language the link asks for (``lang=es``), or None.
    """

    seed: int | None = None
    players: int = DEFAULT_PLAYERS
    faces: tuple[int, int] | None = None
    class_code: str = ""
    token: str = ""
    projector: bool = False
    problems: tuple[str, ...] = ()
    language: str | None = None


def _last(values: dict[str, list[str]], name: str) -> str | None:
    found = values.get(name)
    return found[-1].strip() if found else None


def read_link(search: str | None) -> LinkSetup:
    """The set-up a link's query string asks for (without the ``?``; None or "" for none).

    >>> read_link("seed=banana").problems
    ("The link's seed 'banana' is not a whole number 0 or more, like 12. Using a new deal.",)
    >>> read_link(None)
    LinkSetup(seed=None, players=4, faces=None, class_code='', token='', projector=False, \
problems=(), language=None)
    """
    values = parse_qs((search or "")[:_LONGEST], keep_blank_values=True)
    problems: list[str] = []
    seed = _seed(_last(values, "seed"), problems)
    players = _players(_last(values, "players"), problems)
    faces = _faces(_last(values, "faces"), problems)
    projector = _view(_last(values, "view"), problems)
    chosen = _language(_last(values, "lang"), problems)
    return LinkSetup(
        seed=seed,
        players=players,
        faces=faces,
        class_code=(_last(values, "class") or "")[:40],
        token=(_last(values, "token") or "")[:200],
        projector=projector,
        problems=tuple(problems),
        language=chosen,
    )


def link_language(search: str | None) -> str | None:
    """The language a link's query string asks for (``lang=es``), or None (none, or
    not one the app has: :func:`read_link` says so).

    >>> link_language("class=7NX6HJ&lang=ES"), link_language("lang=fr"), link_language(None)
    ('es', None, None)
    """
    values = parse_qs((search or "")[:_LONGEST], keep_blank_values=True)
    return _language(_last(values, "lang"), [])


def _language(text: str | None, problems: list[str]) -> str | None:
    if text is None:
        return None
    try:
        return check_language(text)
    except XactikaError:
        problems.append(
            _(
                "The link's language {text} is not one the app has ({codes}). Showing the "
                "page in the server's language."
            ).format(text=shown(text, 30), codes=", ".join(LANGUAGES))
        )
        return None


def _seed(text: str | None, problems: list[str]) -> int | None:
    if text is None:
        return None
    try:
        if not text.isdigit() or len(text) > 25:
            raise XactikaError(text)
        return int(check_seed(int(text)))  # type: ignore[arg-type]
    except (XactikaError, ValueError):
        problems.append(
            _(
                "The link's seed {text} is not a whole number 0 or more, like 12. Using a new deal."
            ).format(text=shown(text, 30))
        )
        return None


def _players(text: str | None, problems: list[str]) -> int:
    if text is None:
        return DEFAULT_PLAYERS
    if text.isdigit() and len(text) <= 3 and MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        return int(text)
    if text.isdigit() and len(text) <= 6:
        count = int(text)
        message = ngettext(
            "The link asks for {count} players: use {low} to {high}. Using {usual} players.",
            "The link asks for {count} players: use {low} to {high}. Using {usual} players.",
            count,
        ).format(count=count, low=MIN_PLAYERS, high=MAX_PLAYERS, usual=DEFAULT_PLAYERS)
    else:
        message = _("The link asks for {text}: use {low} to {high}. Using {usual} players.").format(
            text=shown(text, 30), low=MIN_PLAYERS, high=MAX_PLAYERS, usual=DEFAULT_PLAYERS
        )
    problems.append(message)
    return DEFAULT_PLAYERS


def _faces(text: str | None, problems: list[str]) -> tuple[int, int] | None:
    if text is None:
        return None
    match = _FACES.match(text)
    if match:
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if FACE_VALUES[0] <= low <= high <= FACE_VALUES[-1]:
            return low, high
    problems.append(
        _(
            "The link's face values {text} are not a range like 8-12 (face values go "
            "from {low} to {high}). Showing all face values."
        ).format(text=shown(text, 30), low=FACE_VALUES[0], high=FACE_VALUES[-1])
    )
    return None


def _view(text: str | None, problems: list[str]) -> bool:
    if text is None or text.lower() == PROJECTOR:
        return text is not None
    problems.append(
        _(
            "The link's view {text} is not one the app has (view={projector} is). "
            "Showing the usual page."
        ).format(text=shown(text, 30), projector=PROJECTOR)
    )
    return False


def student_link(url: str, code: str, lang: str | None = None) -> str:
    """The address students open: the app's address ``url`` with the class code, and
    the language ``lang`` unless it is English (or None).

    >>> student_link("http://laptop:8866/", "7NX6HJ")
    'http://laptop:8866/?class=7NX6HJ'
    >>> student_link("http://laptop:8866/", "7NX6HJ", "es")
    'http://laptop:8866/?class=7NX6HJ&lang=es'
    """
    query = {"class": code}
    if lang is not None and check_language(lang) != DEFAULT_LANGUAGE:
        query["lang"] = check_language(lang)
    return f"{url}?{urlencode(query)}"


def projector_link(code: str) -> str:
    """The projector view of the class ``code``, relative to the app's page (a link on
    a page of the app keeps its address and path): no token, nothing secret.

    >>> projector_link("7NX6HJ")
    '?class=7NX6HJ&view=projector'
    >>> read_link(projector_link("7NX6HJ")[1:]).projector
    True
    """
    return student_link("", code) + f"&{urlencode({'view': PROJECTOR})}"


#: A host as a browser writes it: a name or an IPv4 address, or an IPv6 one in
#: brackets, then maybe a port.
_HOST = re.compile(r"^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$")
_ORIGIN = re.compile(r"^(https?)://([^/?#]+)$")
#: A root path: path segments of letters, digits and ``-._~%@+``.
_PATH = re.compile(r"^(?:/[A-Za-z0-9._~%@+-]+)*$")


def page_url(headers: Mapping[str, Sequence[str]] | None, root_path: str = "") -> str | None:
    """The app's address as the visitor's browser reached it, from the headers of the
    page's connection: the browser's ``Origin`` (the scheme and host it sees, also
    behind a proxy), else ``X-Forwarded-Proto`` and ``X-Forwarded-Host``, else
    ``Host``; then ``root_path`` (the app's path behind JupyterHub's proxy) and "/".

    >>> page_url({"origin": ["http://laptop:8866"]})
    'http://laptop:8866/'
    >>> hub = {"host": ["hub.example"], "x-forwarded-proto": ["https"]}
    >>> page_url(hub, "/user/ana/xactika-class")
    'https://hub.example/user/ana/xactika-class/'
    >>> page_url({"origin": ["http://a<b>"]}) is None   # not a host: no address
    True

    Args:
        headers: header name (lower case) -> its values (Solara's
            ``solara.lab.headers``); None when they are not known (a test's render).
        root_path: the app's path, "" or like ``/user/ana/xactika-class``.

    Returns:
        the address, ending in "/"; None if the headers name no usable host.
    """
    if not headers:
        return None

    def first(name: str) -> str:
        values = headers.get(name) or [""]
        return str(values[0]).split(",")[0].strip()

    found = _ORIGIN.match(first("origin"))
    if found:
        scheme, host = found.groups()
    else:
        scheme = first("x-forwarded-proto").lower() or "http"
        host = first("x-forwarded-host") or first("host")
    if scheme not in ("http", "https") or not _HOST.match(host):
        return None
    path = root_path.rstrip("/")
    if not _PATH.match(path) or {".", ".."} & set(path.split("/")):
        path = ""
    return f"{scheme}://{host}{path}/"


def use_page_url() -> str | None:
    """The app's address as this page's browser reached it (:func:`page_url` of the
    page's connection headers and Solara's root path), or None if unknown: a hook for
    a Solara component (it imports Solara)."""
    import solara
    from solara.lab.utils.headers import headers as reactive  # the module's own name

    root = solara.use_router().root_path
    headers = reactive.value
    return solara.use_memo(lambda: page_url(headers, root), [root, headers])
