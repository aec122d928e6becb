"""The state of one hand of Xactika and what can be read from it (:class:`RoundState`, the
base of :class:`~xactika_edu.core.game.Round`, which adds the actions).

The turn machinery (bids, turns, tricks, scores, copies) is the shared engine of
:mod:`xactika_edu.core.trick_round`; this module adds what is Xactika's: its 81-card
hands, the combination called in a trick, and the view with the voids shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Combination, Hand
from .plays import Play, Trick, voids_shown
from .rules import XACTIKA
from .trick_parts import read_hands
from .trick_round import TrickRound
from .views import PlayerView

__all__ = ["RoundState"]


def _read_hand(hand: Hand | Iterable[Card | str] | str) -> Hand:
    return Hand.parse(hand) if isinstance(hand, str) else Hand(hand)


class RoundState(TrickRound[Hand, Card, Play, Trick]):
    """One hand of Xactika as it stands: the deal, the bids, the tricks, the scores.

    See :class:`~xactika_edu.core.game.Round` (this class holds its state and its
    read-only side; ``rules`` is the :class:`~xactika_edu.core.rules.Ruleset` it follows).
    """

    rules = XACTIKA

    __slots__ = ()

    def __init__(self, hands: Iterable[Hand | Iterable[Card | str] | str], dealer: int = 0):
        self._setup(read_hands(hands, _read_hand, self.rules), dealer)

    def _as_hand(self, cards: list[Card]) -> Hand:
        return Hand(cards)

    @property
    def call(self) -> Combination | None:
        """The combination called in the trick in progress; ``None`` before the lead."""
        return self._trick[0][1].call if self._trick else None

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every play so far, in order (finished tricks, then the trick in progress)."""
        done = [play for trick in self._tricks for _, play in trick.plays]
        return (*done, *(play for _, play in self._trick))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now: own hand, bids, cards played, voids, the turn.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.view(0).hand
        Hand.parse('2332 1312 3122')

        Raises:
            XactikaError: if ``seat`` is not 0 to players - 1.
        """
        voids = voids_shown(self._tricks, self._trick, self._players, self.rules)
        return PlayerView(*self._view_fields(seat), voids, self.rules)
