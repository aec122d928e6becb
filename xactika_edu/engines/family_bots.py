"""What the computer players of seed 004's games share: the legal actions of the view of
the seat to act, and the player that picks one of them at random.

Blackout, the knock game and Lost Heir each give their players a view of one seat with
``legal_actions()`` (empty when it is not that seat's turn). :func:`turn_actions` reads
them once for every game's players, and :class:`RandomActionBot` is each game's random
player (:class:`~xactika_edu.engines.blackout_bots.RandomBlackoutBot`,
:class:`~xactika_edu.engines.knock_bots.RandomKnockBot`,
:class:`~xactika_edu.engines.lostheir_bots.RandomLostHeirBot`). Engines layer.

>>> from xactika_edu.core.knock_round import KnockRound
>>> from xactika_edu.core.knock import KnockView
>>> view = KnockRound.deal(players=2, seed=1).view(1)
>>> len(turn_actions(view, KnockView, "knock game")) > 0
True
>>> turn_actions(KnockRound.deal(players=2, seed=1).view(0), KnockView, "knock game")
Traceback (most recent call last):
...
xactika_edu.XactikaError: it is not player 0's turn: nothing to do
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, cast

from ..base.checks import as_items, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import Seed, make_rng

__all__ = ["RandomActionBot", "check_bots", "play_out", "turn_actions"]


class _View(Protocol):
    seat: int

    def legal_actions(self) -> Any: ...


def turn_actions(view: object, view_type: type, game: str) -> list[Any]:
    """The legal actions of ``view``, the view of the seat to act (a list, never empty).

    Raises:
        XactikaError: if ``view`` is not a ``view_type`` (the message names ``game`` and
            the value), or it is not the viewing seat's turn.
    """
    if not isinstance(view, view_type):
        raise XactikaError(
            _("a {game} player needs a {kind}, got {view}").format(
                game=game, kind=view_type.__name__, view=shown(view)
            )
        )
    seen = cast(_View, view)
    actions = list(seen.legal_actions())
    if not actions:
        raise XactikaError(
            _("it is not player {seat}'s turn: nothing to do").format(seat=seen.seat)
        )
    return actions


def check_bots(
    bots: object, bot_type: type, game: str, example: str, players: int | None = None
) -> tuple[Any, ...]:
    """``bots`` as a tuple: a list of players of ``game``, each an instance of
    ``bot_type`` (a runtime-checkable protocol: anything with ``act(view)``), and
    ``players`` of them if given (one per seat).

    Raises:
        XactikaError: if ``bots`` is not a list (the message shows ``example``), a seat
            holds no player of the game, or the count is not ``players``.
    """
    seats = as_items(bots, "bots", example=example)
    if not all(isinstance(bot, bot_type) for bot in seats):
        raise XactikaError(
            _("every seat needs a {game} player with an act(view) method, got {bots}").format(
                game=game, bots=shown(bots)
            )
        )
    if players is not None and len(seats) != players:
        raise XactikaError(
            _("{game} needs {players} players, one per seat, got {count}").format(
                game=game, players=players, count=len(seats)
            )
        )
    return seats


class _Table(Protocol):
    """A round or a game of seed 004's games, as :func:`play_out` drives it."""

    @property
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int | None: ...

    def view(self, seat: int) -> Any: ...

    def apply(self, action: Any) -> None: ...


def play_out(table: _Table, bots: Sequence[Any], before: Callable[[], None] | None = None) -> None:
    """Play ``table`` (a round or a game) to its end: the seat to act gets its view and
    its bot's action is applied, again and again (the one loop of every game's
    ``play_*_round`` and ``play_*_game``). ``before`` runs before each action (a game's
    own limit, such as Lost Heir's most rounds). ``bots`` is already checked
    (:func:`check_bots`).

    Raises:
        IllegalBidError, IllegalPlayError: a bot chose an action that is not legal.
    """
    while not table.is_over:
        if before is not None:
            before()
        seat = cast(int, table.current_player)  # not None: the table is not over
        table.apply(bots[seat].act(table.view(seat)))


class RandomActionBot:
    """Picks one of the legal actions of the view, each equally likely, from its own
    seeded generator (the same seed, the same choices). A game's random player sets
    :attr:`view_type` and :attr:`game`.

    Args:
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Raises:
        XactikaError: (from :meth:`act`) as :func:`turn_actions`.
    """

    #: The view class of the game.
    view_type: ClassVar[type] = object
    #: The game's name in messages, marked for translation (``N_("knock game")``).
    game: ClassVar[str] = "card game"

    def __init__(self, seed: Seed = None) -> None:
        self.seed = seed
        self._rng = make_rng(seed)

    def act(self, view: Any) -> Any:
        """A legal action of ``view``, drawn at random."""
        actions = turn_actions(view, self.view_type, _(self.game))
        return actions[int(self._rng.integers(len(actions)))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
