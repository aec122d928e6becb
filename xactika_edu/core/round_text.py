"""A round of Xactika as a record and in words: the JSON-ready record that replays it
and the words of a trick in progress for the transcript (:class:`RoundText`, a base of
:class:`~xactika_edu.core.game.Round`; the transcript itself is the shared engine's,
:meth:`~xactika_edu.core.trick_round.TrickRound.transcript`).

Everything here reads the round through its public properties and changes it only
through :meth:`~xactika_edu.core.game.Round.bid` and :meth:`~xactika_edu.core.game.Round.play`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.formatting import signed
from ..base.language import gettext as _
from .round_state import RoundState

if TYPE_CHECKING:
    from .rounds import Round

__all__ = [
    "GAME_RECORD_DEPTH",
    "ROUND_RECORD_DEPTH",
    "RoundText",
    "replay_actions",
    "require_keys",
    "signed",
]


# How many levels of lists a saved record holds below its top mapping: a round's
# "hands", "bids" and "plays" are lists (1); a game's "rounds" is a list (1) of round
# mappings (2) holding those lists (3).
ROUND_RECORD_DEPTH = 1
GAME_RECORD_DEPTH = 3


def require_keys(record: object, keys: Sequence[str], what: str) -> None:
    """Raise :class:`XactikaError` unless ``record`` is a mapping with ``keys``."""
    if not isinstance(record, Mapping):
        raise XactikaError(
            _("a {what} must be a mapping (a dict), got {value}").format(
                what=what, value=shown(record)
            )
        )
    missing = [key for key in keys if key not in record]
    if missing:
        raise XactikaError(
            _("{what} is missing {keys}").format(
                what=what, keys=", ".join(repr(k) for k in missing)
            )
        )


def replay_actions(rnd: Round, bids: object, plays: object) -> None:
    """Make the recorded ``bids`` (seat order, ``None`` where not made) and ``plays``
    on ``rnd``, each checked by the round."""
    if not isinstance(bids, Sequence) or isinstance(bids, str) or len(bids) != rnd.players:
        raise XactikaError(
            _("round record bids must list one bid (or None) per player, got {bids}").format(
                bids=shown(bids)
            )
        )
    if not isinstance(plays, Sequence) or isinstance(plays, str):
        raise XactikaError(
            _("round record plays must be a list of plays, got {plays}").format(plays=shown(plays))
        )
    order = rnd.bidding_order
    for position, seat in enumerate(order):
        if bids[seat] is None:
            later = [s for s in order[position:] if bids[s] is not None]
            if later:
                raise XactikaError(
                    _(
                        "round record bids {bids}: player {later} bids before "
                        "player {seat}, out of turn"
                    ).format(bids=shown(list(bids)), later=later[0], seat=seat)
                )
            break
        rnd.bid(bids[seat])
    for play in plays:
        rnd.play(play)


class RoundText(RoundState):
    """A round's record and transcript: :class:`~xactika_edu.core.game.Round` without its
    actions and constructors."""

    __slots__ = ()

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of the round so far; :meth:`from_record` replays it.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["1111", "2222"])
        >>> rnd.bid(0)
        >>> rnd.to_record()
        {'players': 2, 'dealer': 0, 'hands': ['1111', '2222'], 'bids': [None, 0], 'plays': []}

        Returns:
            a dict: ``players``, ``dealer``, ``hands`` (the hands as dealt, notation),
            ``bids`` (seat order, ``None`` where not yet made) and ``plays`` (play
            notation in the order played).
        """
        return {
            "players": self.players,
            "dealer": self.dealer,
            "hands": [str(hand) for hand in self.starting_hands],
            "bids": list(self.bids),
            "plays": [play.notation("en") for play in self.plays],
        }

    def _trick_words(self, name: Callable[[int], str]) -> list[str]:
        seat, lead = self._trick[0]
        parts = [
            _("{name} leads {card} calling {call}").format(
                name=name(seat), card=lead.card, call=lead.call
            )
        ]
        parts += [
            _("{name} plays {card}").format(name=name(s), card=p.card) for s, p in self._trick[1:]
        ]
        return parts
