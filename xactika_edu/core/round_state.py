"""The state of one hand and what can be read from it (:class:`RoundState`, the base
of :class:`~xactika_edu.core.game.Round`, which adds the actions).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, cast

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import CARDS_PER_HAND, MAX_PLAYERS, MIN_PLAYERS, Card, Combination, Hand
from .plays import BID, OVER, PLAY, Play, Trick, voids_shown
from .rules import XACTIKA, Ruleset, score
from .views import PlayerView

__all__ = ["RoundState", "read_hands"]

_State = TypeVar("_State", bound="RoundState")


def read_hands(hands: object) -> tuple[Hand, ...]:
    """The hands of a round, checked: 2-10 hands of 1-8 cards each, no card twice."""
    if isinstance(hands, (str, Card, Hand)) or not isinstance(hands, Iterable):
        raise XactikaError(
            _("hands must be a list of hands, one per player, got {hands}").format(
                hands=shown(hands)
            )
        )
    read = tuple(Hand.parse(hand) if isinstance(hand, str) else Hand(hand) for hand in hands)
    if not MIN_PLAYERS <= len(read) <= MAX_PLAYERS:
        raise XactikaError(
            _(
                "a round needs {MIN_PLAYERS} to {MAX_PLAYERS} hands, one per player, got {count}"
            ).format(MIN_PLAYERS=MIN_PLAYERS, MAX_PLAYERS=MAX_PLAYERS, count=len(read))
        )
    sizes = {len(hand) for hand in read}
    if len(sizes) > 1:
        listed = ", ".join(str(len(hand)) for hand in read)
        raise XactikaError(
            _("every hand must have the same number of cards, got {listed}").format(listed=listed)
        )
    size = sizes.pop()
    if not 1 <= size <= CARDS_PER_HAND:
        raise XactikaError(
            _("a hand has 1 to {CARDS_PER_HAND} cards, got {size}").format(
                CARDS_PER_HAND=CARDS_PER_HAND, size=size
            )
        )
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(read):
        for card in hand:
            if card in seen:
                raise XactikaError(
                    _("card {card} is dealt twice: to player {seen} and {seat}").format(
                        card=card, seen=seen[card], seat=seat
                    )
                )
            seen[card] = seat
    return read


class RoundState:
    """One hand of Xactika as it stands: the deal, the bids, the tricks, the scores.

    See :class:`~xactika_edu.core.game.Round` (this class holds its state and its
    read-only side; ``rules`` is the :class:`~xactika_edu.core.rules.Ruleset` it follows).
    """

    #: The rules this round follows.
    rules: Ruleset = XACTIKA

    __slots__ = (
        "_bid_total",
        "_bids",
        "_cards_per_hand",
        "_dealer",
        "_hands",
        "_leader",
        "_players",
        "_start",
        "_trick",
        "_tricks",
        "_turn",
        "_won",
    )

    def __init__(self, hands: Iterable[Hand | Iterable[Card | str] | str], dealer: int = 0):
        start = read_hands(hands)
        players = len(start)
        self._players = players
        self._dealer = check_whole(dealer, "dealer", 0, players - 1)
        self._cards_per_hand = len(start[0])
        self._start = start
        self._hands: list[list[Card]] = [list(hand) for hand in start]
        self._bids: list[int | None] = [None] * players
        self._bid_total = 0
        self._turn = (self._dealer + 1) % players  # next to bid or play; -1 when over
        self._leader = self._turn
        self._trick: list[tuple[int, Play]] = []
        self._tricks: list[Trick] = []
        self._won = [0] * players

    # what a round is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players, 2 to 10."""
        return self._players

    @property
    def dealer(self) -> int:
        """The dealer's seat; the dealer bids last."""
        return self._dealer

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player, 1 to 8: also the number of tricks."""
        return self._cards_per_hand

    @property
    def starting_hands(self) -> tuple[Hand, ...]:
        """The hands as dealt, player 0's first (hidden information: not in a view)."""
        return self._start

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The cards each player holds now, player 0's first."""
        return tuple(Hand(hand) for hand in self._hands)

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` holds now, in the order dealt."""
        return Hand(self._hands[self._seat(seat)])

    @property
    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid: the dealer's left first, the dealer last."""
        return tuple((self._dealer + 1 + k) % self._players for k in range(self._players))

    @property
    def phase(self) -> str:
        """``"bid"``, ``"play"`` or ``"over"`` (see :data:`PHASES`)."""
        if self._turn < 0:
            return OVER
        return BID if self._bids[self._dealer] is None else PLAY

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self._turn < 0

    @property
    def current_player(self) -> int | None:
        """The seat to bid or play next; ``None`` when the round is over."""
        return None if self._turn < 0 else self._turn

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, ``None`` where not yet made."""
        return tuple(self._bids)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress; ``None`` when over."""
        return None if self._turn < 0 else self._leader

    @property
    def call(self) -> Combination | None:
        """The combination called in the trick in progress; ``None`` before the lead."""
        return self._trick[0][1].call if self._trick else None

    @property
    def current_trick(self) -> tuple[tuple[int, Play], ...]:
        """The trick in progress: ``(seat, Play)`` pairs in the order played."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far by each seat."""
        return tuple(self._won)

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every play so far, in order (finished tricks, then the trick in progress)."""
        done = [play for trick in self._tricks for _, play in trick.plays]
        return (*done, *(play for _, play in self._trick))

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for this hand (see :func:`score`).

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["1111", "2222"], dealer=1)
        >>> rnd.bid(0); rnd.bid(0); rnd.play("1111:1ba"); rnd.play("2222")
        >>> rnd.tricks_won, rnd.scores()
        ((1, 0), (-1, 0))

        Raises:
            XactikaError: if the round is not over.
        """
        if self._turn >= 0:
            raise XactikaError(
                _(
                    "the round is not over ({phase} phase, {count} of {cards_per_hand} "
                    "tricks played): there are no scores yet"
                ).format(
                    phase=self.phase, count=len(self._tricks), cards_per_hand=self._cards_per_hand
                )
            )
        return tuple(
            score(cast(int, bid), won, self.rules)  # the round is over, so every seat has bid
            for bid, won in zip(self._bids, self._won, strict=True)
        )

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now: own hand, bids, cards played, voids, the turn.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.view(0).hand
        Hand.parse('2332 1312 3122')

        Raises:
            XactikaError: if ``seat`` is not 0 to players - 1.
        """
        seat = self._seat(seat)
        return PlayerView(
            seat=seat,
            players=self._players,
            dealer=self._dealer,
            cards_per_hand=self._cards_per_hand,
            hand=Hand(self._hands[seat]),
            bids=tuple(self._bids),
            tricks=tuple(self._tricks),
            current_trick=tuple(self._trick),
            tricks_won=tuple(self._won),
            current_player=self.current_player,
            phase=self.phase,
            voids=voids_shown(self._tricks, self._trick, self._players, self.rules),
            rules=self.rules,
        )

    def copy(self: _State) -> _State:
        """An independent copy: actions on it leave this round unchanged."""
        other = type(self).__new__(type(self))
        other._players = self._players
        other._dealer = self._dealer
        other._cards_per_hand = self._cards_per_hand
        other._start = self._start
        other._hands = [list(hand) for hand in self._hands]
        other._bids = list(self._bids)
        other._bid_total = self._bid_total
        other._turn = self._turn
        other._leader = self._leader
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._won = list(self._won)
        return other

    __copy__ = copy

    def _key(self) -> tuple[object, ...]:
        return (
            self._players,
            self._dealer,
            self._start,
            tuple(tuple(hand) for hand in self._hands),
            tuple(self._bids),
            self._bid_total,
            self._turn,
            self._leader,
            tuple(self._trick),
            tuple(self._tricks),
            tuple(self._won),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundState):
            return NotImplemented
        return self._key() == other._key()

    # A round changes as it is played. None is Python's way to say "unhashable";
    # mypy types object.__hash__ as a method, so the assignment needs this ignore.
    __hash__ = None  # type: ignore[assignment]

    def _seat(self, seat: object) -> int:
        return check_whole(seat, "seat", 0, self._players - 1)
