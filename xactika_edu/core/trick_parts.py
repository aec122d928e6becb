"""The parts of the shared trick-taking engine around a round: reading a deal, a game's
totals and winners, and :class:`TrickView`, what one seat may know.

The round itself is :class:`~xactika_edu.core.trick_round.TrickRound` (Xactika's
:class:`~xactika_edu.core.game.Round` and Blackout's
:class:`~xactika_edu.core.blackout.BlackoutRound` are it with their rulesets).

>>> best_seats((3, 7, 7))
(1, 2)

Source: RULES.md ("A game"); seed 004, Blackout ("Winning the Game"). Core layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.formatting import signed
from ..base.language import gettext as _
from .cards import Card, Hand
from .playing_cards import PlayingCard
from .plays import BID, Play
from .rules import Ruleset, legal_bids

if TYPE_CHECKING:
    from .trick_round import TrickState

__all__ = [
    "CardT",
    "EntryT",
    "FinishedTrick",
    "HandT",
    "SizedHand",
    "TrickT",
    "TrickView",
    "ViewFields",
    "best_seats",
    "play_text",
    "read_hands",
    "round_totals",
    "totals_text",
]


class FinishedTrick(Protocol):
    """What the engine needs of a finished trick (Xactika's
    :class:`~xactika_edu.core.plays.Trick`, Blackout's ``BlackoutTrick``)."""

    @property
    def winner(self) -> int: ...

    @property
    def plays(self) -> Sequence[tuple[int, Any]]: ...

    def describe(self, names: Sequence[str] | None = None) -> str: ...


#: A hand as the game holds it (Xactika's Hand, Blackout's tuple of cards).
HandT = TypeVar("HandT")
#: One card (Xactika's Card, Blackout's PlayingCard).
CardT = TypeVar("CardT")
#: What a trick records of one play (Xactika's Play, with a lead's call; Blackout's card).
EntryT = TypeVar("EntryT")
#: A finished trick.
TrickT = TypeVar("TrickT", bound=FinishedTrick)
#: The values of a TrickView's fields, in order (type arguments: HandT, TrickT, EntryT).
ViewFields = tuple[
    int,
    int,
    int,
    int,
    HandT,
    tuple[int | None, ...],
    tuple[TrickT, ...],
    tuple[tuple[int, EntryT], ...],
    tuple[int, ...],
    int | None,
    str,
]
SizedHand = TypeVar("SizedHand", bound=Sequence[Any])


def play_text(card: object) -> str:
    """A play as given, for a message: ``2332:2ba`` or ``A♠`` as typed, anything else shown."""
    if isinstance(card, (Card, Play, PlayingCard)) or (isinstance(card, str) and len(card) <= 20):
        return str(card)
    return shown(card)


def read_hands(
    hands: object, read_hand: Callable[[Any], SizedHand], rules: Ruleset
) -> tuple[SizedHand, ...]:
    """The hands of a round, checked against ``rules``: ``rules.players`` hands of 1 to
    ``rules.cards_per_hand`` cards each, the same number each, no card twice.

    ``read_hand`` reads one hand (notation or cards). Raises :class:`XactikaError`.

    >>> from xactika_edu.core.cards import Hand
    >>> from xactika_edu.core.rules import XACTIKA
    >>> read_hands(["1111", "1111"], Hand.parse, XACTIKA)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: card 1111 is dealt twice: to player 0 and 1
    """
    if isinstance(hands, (str, Card, Hand, PlayingCard)) or not isinstance(hands, Iterable):
        raise XactikaError(
            _("hands must be a list of hands, one per player, got {hands}").format(
                hands=shown(hands)
            )
        )
    read = tuple(read_hand(hand) for hand in hands)
    low, high = rules.players
    if not low <= len(read) <= high:
        raise XactikaError(
            _(
                "a round needs {MIN_PLAYERS} to {MAX_PLAYERS} hands, one per player, got {count}"
            ).format(MIN_PLAYERS=low, MAX_PLAYERS=high, count=len(read))
        )
    sizes = {len(hand) for hand in read}
    if len(sizes) > 1:
        listed = ", ".join(str(len(hand)) for hand in read)
        raise XactikaError(
            _("every hand must have the same number of cards, got {listed}").format(listed=listed)
        )
    size = sizes.pop()
    if not 1 <= size <= rules.cards_per_hand:
        raise XactikaError(
            _("a hand has 1 to {CARDS_PER_HAND} cards, got {size}").format(
                CARDS_PER_HAND=rules.cards_per_hand, size=size
            )
        )
    seen: dict[object, int] = {}
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


def round_totals(rounds: Iterable[TrickState[Any, Any, Any, Any]], players: int) -> tuple[int, ...]:
    """Each seat's total over the finished rounds of a game (a round in progress adds 0).

    >>> from xactika_edu.core.game import Round
    >>> round_totals([Round.from_hands(["1111", "2222"])], 2)
    (0, 0)
    """
    totals = [0] * players
    for rnd in rounds:
        if rnd.is_over:
            for seat, points in enumerate(rnd.scores()):
                totals[seat] += points
    return tuple(totals)


def best_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total (several on a tie: they share the win).

    >>> best_seats((3, 7, 7)), best_seats((0, -2))
    ((1, 2), (0,))
    """
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def totals_text(totals: Sequence[int], winners: Sequence[int], name: Callable[[int], str]) -> str:
    """A game transcript's last lines: the totals, then the winners (if any yet).

    >>> print(totals_text((13, -2), (0,), lambda seat: f"seat {seat}"))
    totals: seat 0 +13; seat 1 -2
    winner(s): seat 0
    """
    shown_totals = "; ".join(f"{name(seat)} {signed(total)}" for seat, total in enumerate(totals))
    text = _("totals: {totals}").format(totals=shown_totals)
    if winners:
        won = ", ".join(name(seat) for seat in winners)
        text += "\n" + _("winner(s): {winners}").format(winners=won)
    return text


@dataclass(frozen=True, slots=True)
class TrickView(Generic[HandT, EntryT, TrickT]):
    """What one seat may know at a moment of a round: never the other hands.

    The part every game's view shares (Xactika's
    :class:`~xactika_edu.core.views.PlayerView`, Blackout's ``BlackoutView`` add to
    it). Made by the round's ``view(seat)``; computer players receive a view, not
    the round.

    Attributes:
        seat, players, dealer, cards_per_hand: the seat viewing and the round's shape.
        hand: the seat's own cards now.
        bids: every seat's bid, ``None`` where not yet made.
        tricks: the finished tricks; current_trick: ``(seat, play)`` pairs so far.
        tricks_won: tricks taken by each seat.
        current_player: whose turn it is (``None`` when over); phase: ``"bid"``,
            ``"play"`` or ``"over"``.
    """

    seat: int
    players: int
    dealer: int
    cards_per_hand: int
    hand: HandT
    bids: tuple[int | None, ...]
    tricks: tuple[TrickT, ...]
    current_trick: tuple[tuple[int, EntryT], ...]
    tricks_won: tuple[int, ...]
    current_player: int | None
    phase: str

    if TYPE_CHECKING:  # a field of each game's view, with that game's ruleset as default

        @property
        def rules(self) -> Ruleset: ...

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing seat is to act."""
        return self.current_player == self.seat

    @property
    def cards_held(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        held = [self.cards_per_hand - len(self.tricks)] * self.players
        for seat, _play in self.current_trick:
            held[seat] -= 1
        return tuple(held)

    def legal_bids(self) -> list[int]:
        """The bids this seat may make now; empty unless it is bidding now."""
        if self.phase != BID or not self.is_my_turn:
            return []
        total = sum(bid for bid in self.bids if bid is not None)
        return legal_bids(total, self.seat == self.dealer, self.cards_per_hand, self.rules)

    def legal_plays(self) -> list[Any]:
        """The plays this seat may make now; empty unless it is playing now."""
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        """This seat's legal bids while bidding, else its legal plays: empty unless it is
        this seat's turn. What a computer player's ``act(view)`` chooses from."""
        return self.legal_bids() if self.phase == BID else self.legal_plays()
