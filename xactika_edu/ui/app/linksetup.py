"""Set-ups in the app's link: a teacher writes a seed, a player count or a face-value
filter into the address (``?seed=12&players=5&faces=8-12``), so the whole class opens
the same deal. The link may also hold the class code (``?class=7NX6HJ``, filled into
the join form) and the teacher's token (``?token=...``, the teacher page).

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
from dataclasses import dataclass
from urllib.parse import parse_qs

from ...base.checks import shown
from ...base.errors import XactikaError
from ...core.cards import MAX_PLAYERS, MIN_PLAYERS, check_seed
from ...core.face_values import FACE_VALUES

__all__ = ["DEFAULT_PLAYERS", "LinkSetup", "read_link"]

#: The players at the table when the link does not say.
DEFAULT_PLAYERS = 4
#: The longest query string read (a link is typed or pasted by a teacher).
_LONGEST = 2000
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
        problems: one plain sentence for each value that could not be used.
    """

    seed: int | None = None
    players: int = DEFAULT_PLAYERS
    faces: tuple[int, int] | None = None
    class_code: str = ""
    token: str = ""
    problems: tuple[str, ...] = ()


def _last(values: dict[str, list[str]], name: str) -> str | None:
    found = values.get(name)
    return found[-1].strip() if found else None


def read_link(search: str | None) -> LinkSetup:
    """The set-up a link's query string asks for (without the ``?``; None or "" for none).

    >>> read_link("seed=banana").problems
    ("The link's seed 'banana' is not a whole number 0 or more, like 12. Using a new deal.",)
    >>> read_link(None)
    LinkSetup(seed=None, players=4, faces=None, class_code='', token='', problems=())
    """
    values = parse_qs((search or "")[:_LONGEST], keep_blank_values=True)
    problems: list[str] = []
    seed = _seed(_last(values, "seed"), problems)
    players = _players(_last(values, "players"), problems)
    faces = _faces(_last(values, "faces"), problems)
    return LinkSetup(
        seed=seed,
        players=players,
        faces=faces,
        class_code=(_last(values, "class") or "")[:40],
        token=(_last(values, "token") or "")[:200],
        problems=tuple(problems),
    )


def _seed(text: str | None, problems: list[str]) -> int | None:
    if text is None:
        return None
    try:
        if not text.isdigit() or len(text) > 25:
            raise XactikaError(text)
        return int(check_seed(int(text)))  # type: ignore[arg-type]
    except (XactikaError, ValueError):
        problems.append(
            f"The link's seed {shown(text, 30)} is not a whole number 0 or more, like 12. "
            "Using a new deal."
        )
        return None


def _players(text: str | None, problems: list[str]) -> int:
    if text is None:
        return DEFAULT_PLAYERS
    if text.isdigit() and len(text) <= 3 and MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        return int(text)
    what = f"{int(text)} players" if text.isdigit() and len(text) <= 6 else shown(text, 30)
    problems.append(
        f"The link asks for {what}: use {MIN_PLAYERS} to {MAX_PLAYERS}. "
        f"Using {DEFAULT_PLAYERS} players."
    )
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
        f"The link's face values {shown(text, 30)} are not a range like 8-12 (face values go "
        f"from {FACE_VALUES[0]} to {FACE_VALUES[-1]}). Showing all face values."
    )
    return None
