"""The state of one Blackout round and what can be read from it (:class:`BlackoutState`,
the base of :class:`~xactika_edu.core.blackout.BlackoutRound`, which adds the actions).

Source: seed 004, Blackout. Core layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .blackout_parts import (
    BID,
    OVER,
    PLAY,
    Action,
    BlackoutTrick,
    blackout_deck,
    check_players,
    trick_text,
)
from .playing_cards import PlayingCard, as_playing_cards
from .rules import BLACKOUT, score

__all__ = ["BlackoutState"]


class BlackoutState:
    """One round of Blackout as it stands: the deal, the trump card, the bids, the tricks.

    See :class:`~xactika_edu.core.blackout.BlackoutRound` (this class holds its state,
    its record and its transcript; ``rules`` is :data:`~xactika_edu.core.rules.BLACKOUT`).

    Args:
        hands: one hand per player (2-8), cards or notation (``"AS 10H"``), the same
            number each (at least 1), no card twice.
        trump: the turned-up card whose suit is trump, or ``None`` (no trump).
        dealer: the dealer's seat; the player to the dealer's left bids and leads first.

    Raises:
        XactikaError: for hands, a trump card or a dealer that break those rules.
        NotationError: for a card that cannot be read.
    """

    rules = BLACKOUT

    def __init__(
        self,
        hands: Iterable[Iterable[PlayingCard | str] | str],
        trump: PlayingCard | str | None = None,
        dealer: int = 0,
    ) -> None:
        if isinstance(hands, str) or not isinstance(hands, Iterable):
            raise XactikaError(
                _("hands must be a list of hands, one per player, got {hands}").format(
                    hands=shown(hands)
                )
            )
        read = tuple(tuple(sorted(as_playing_cards(hand))) for hand in hands)
        players = check_players(len(read))
        sizes = {len(hand) for hand in read}
        if len(sizes) != 1 or 0 in sizes:
            raise XactikaError(
                _("every hand must have the same number of cards, at least 1, got {sizes}").format(
                    sizes=", ".join(str(len(hand)) for hand in read)
                )
            )
        trump_card = None if trump is None else as_playing_cards([trump])[0]
        as_playing_cards([card for hand in read for card in hand])  # no card twice
        if trump_card is not None and any(trump_card in hand for hand in read):
            raise XactikaError(_("the trump card {card} is also in a hand").format(card=trump_card))
        deck = blackout_deck(players)
        removed = [card for hand in read for card in hand if card not in deck]
        if trump_card is not None and trump_card not in deck:
            removed.append(trump_card)
        if removed:
            raise XactikaError(
                _(
                    "{cards}: removed from the {players}-player deck (the lowest cards go first)"
                ).format(cards=" ".join(str(card) for card in removed), players=players)
            )
        self._players = players
        self._dealer = check_whole(dealer, "dealer", 0, players - 1)
        self._start = read
        self._trump = trump_card
        self._hands = [list(hand) for hand in read]
        self._bids: list[int | None] = [None] * players
        self._turn = (self._dealer + 1) % players  # -1 when the round is over
        self._leader = self._turn
        self._trick: list[tuple[int, PlayingCard]] = []
        self._tricks: list[BlackoutTrick] = []
        self._won = [0] * players

    # what the round is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players, 2 to 8."""
        return self._players

    @property
    def dealer(self) -> int:
        """The dealer's seat; the dealer bids last."""
        return self._dealer

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player: the round number, also the tricks available."""
        return len(self._start[0])

    @property
    def starting_hands(self) -> tuple[tuple[PlayingCard, ...], ...]:
        """The hands as dealt (hidden information: not in a view)."""
        return self._start

    def hand(self, seat: int) -> tuple[PlayingCard, ...]:
        """The cards ``seat`` holds now."""
        return tuple(self._hands[check_whole(seat, "seat", 0, self._players - 1)])

    @property
    def trump_card(self) -> PlayingCard | None:
        """The turned-up card, ``None`` in a round without trump."""
        return self._trump

    @property
    def trump_suit(self) -> int | None:
        """The trump suit's number (0-3, see :data:`~xactika_edu.core.playing_cards.SUITS`)."""
        return None if self._trump is None else self._trump.suit

    @property
    def phase(self) -> str:
        """``"bid"``, ``"play"`` or ``"over"``."""
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
    def tricks(self) -> tuple[BlackoutTrick, ...]:
        """The finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, PlayingCard], ...]:
        """The trick in progress: ``(seat, card)`` pairs in the order played."""
        return tuple(self._trick)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far by each seat."""
        return tuple(self._won)

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for the round (:func:`~xactika_edu.core.rules.blackout_score`).

        Raises :class:`~xactika_edu.XactikaError` if the round is not over.
        """
        if self._turn >= 0:
            raise XactikaError(
                _("the round is not over ({phase} phase): there are no scores yet").format(
                    phase=self.phase
                )
            )
        return tuple(
            int(score(int(bid or 0), won, self.rules))
            for bid, won in zip(self._bids, self._won, strict=True)
        )

    def actions(self) -> list[Action]:
        """Every action so far, in order: the bids (from the dealer's left), then the cards."""
        order = [(self._dealer + 1 + k) % self._players for k in range(self._players)]
        bids: list[Action] = [b for b in (self._bids[s] for s in order) if b is not None]
        played = [card for trick in self._tricks for _seat, card in trick.plays]
        return [*bids, *played, *(card for _seat, card in self._trick)]

    def record(self) -> dict[str, Any]:
        """The round as a plain dict (text and numbers) that :meth:`from_record` replays.

        >>> from xactika_edu.core.blackout import BlackoutRound
        >>> rnd = BlackoutRound.deal(2, 3, seed=2)
        >>> rnd.apply(1)
        >>> BlackoutRound.from_record(rnd.record()) == rnd
        True
        """
        return {
            "game": self.rules.name,
            "players": self._players,
            "dealer": self._dealer,
            "trump": None if self._trump is None else str(self._trump),
            "hands": [" ".join(str(card) for card in hand) for hand in self._start],
            "actions": [a if isinstance(a, int) else str(a) for a in self.actions()],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BlackoutState):
            return NotImplemented
        return self.record() == other.record()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        """The transcript: deal, trump, bids, tricks, scores."""
        trump = (
            _("no trump")
            if self._trump is None
            else _("trump card {card}").format(card=self._trump)
        )
        lines = [
            _(
                "Blackout round of {cards} cards, {players} players, "
                "dealer player {dealer}, {trump}"
            ).format(
                cards=self.cards_per_hand, players=self._players, dealer=self._dealer, trump=trump
            )
        ]
        for seat, hand in enumerate(self._start):
            lines.append(
                _("player {seat} holds {cards}").format(
                    seat=seat, cards=" ".join(str(c) for c in hand)
                )
            )
        order = [(self._dealer + 1 + k) % self._players for k in range(self._players)]
        said = [
            _("player {seat} bids {bid}").format(seat=s, bid=self._bids[s])
            for s in order
            if self._bids[s] is not None
        ]
        if said:
            lines.append(_("bids: {bids}").format(bids="; ".join(said)))
        for number, trick in enumerate(self._tricks, start=1):
            lines.append(_("trick {number}: {trick}").format(number=number, trick=trick))
        if self._trick:
            lines.append(
                _("trick {number}: {trick}").format(
                    number=len(self._tricks) + 1, trick=trick_text(self._trick, None)
                )
            )
        if self.is_over:
            shown_scores = ", ".join(
                _("player {seat} {points}").format(seat=s, points=p)
                for s, p in enumerate(self.scores())
            )
            lines.append(_("scores: {scores}").format(scores=shown_scores))
        return "\n".join(lines)
