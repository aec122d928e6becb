"""What one player may know at a moment of a round: a :class:`PlayerView`.

Computer players receive a view, never the round (:meth:`xactika_edu.core.game.Round.view`).
Re-exported by :mod:`xactika_edu.core.game`.

>>> from xactika_edu.core.game import Round
>>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
>>> rnd.view(0).legal_bids()
[0, 1, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.language import gettext as _
from .cards import DECK, Combination, Hand
from .plays import BID, PLAY, Play, Trick, legal_plays, seat_namer
from .rules import XACTIKA, Ruleset, legal_bids

__all__ = ["PlayerView"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know at a moment of a round: never the other hands.

    Computer players receive a view, not the round. ``voids[s]`` lists the
    combinations seat ``s`` has shown it does not hold (it did not follow them when
    they were called). Made by :meth:`Round.view`.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1)
    >>> for play in ["2332:2ba", "2233", "1212:2cu", "1312"]:
    ...     rnd.play(play)
    >>> view = rnd.view(1)
    >>> view.hand, view.voids[0], view.cards_held
    (Hand.parse('1112'), (Combination.parse('2 cubes'),), (1, 1))
    >>> len(view.unseen_cards())        # 81 cards - 1 held - 4 played
    76

    Attributes:
        seat, players, dealer, cards_per_hand: the seat viewing and the round's shape.
        hand: the seat's own cards now.
        bids: every seat's bid, ``None`` where not yet made.
        tricks: the finished tricks; current_trick: ``(seat, Play)`` pairs so far.
        tricks_won: tricks taken by each seat.
        current_player: whose turn it is (``None`` when over); phase: as
            :attr:`Round.phase`.
        voids: per seat, the combinations (sorted) it has shown it does not hold.
        rules: the :class:`~xactika_edu.core.rules.Ruleset` of the round.
    """

    seat: int
    players: int
    dealer: int
    cards_per_hand: int
    hand: Hand
    bids: tuple[int | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Play], ...]
    tricks_won: tuple[int, ...]
    current_player: int | None
    phase: str
    voids: tuple[tuple[Combination, ...], ...]
    rules: Ruleset = field(default=XACTIKA, compare=False, repr=False)

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing seat is to act."""
        return self.current_player == self.seat

    @property
    def call(self) -> Combination | None:
        """The combination called in the trick in progress, if any."""
        return self.current_trick[0][1].call if self.current_trick else None

    @property
    def played_cards(self) -> Hand:
        """Every card played so far this hand, in the order played."""
        cards = [play.card for trick in self.tricks for _, play in trick.plays]
        cards += [play.card for _, play in self.current_trick]
        return Hand(cards)

    @property
    def cards_held(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        held = [self.cards_per_hand - len(self.tricks)] * self.players
        for seat, _play in self.current_trick:
            held[seat] -= 1
        return tuple(held)

    def unseen_cards(self) -> Hand:
        """The cards this seat has not seen: not in its hand and not played (deck order).

        They are the other hands and the cards set aside, which this seat cannot
        tell apart. Source: RULES.md, "Unseen cards".
        """
        known = set(self.hand)
        known.update(self.played_cards)
        return Hand(card for card in DECK if card not in known)

    def legal_bids(self) -> list[int]:
        """The bids this seat may make now; empty unless it is bidding now."""
        if self.phase != BID or not self.is_my_turn:
            return []
        total = sum(bid for bid in self.bids if bid is not None)
        return legal_bids(total, self.seat == self.dealer, self.cards_per_hand, self.rules)

    def legal_plays(self) -> list[Play]:
        """The plays this seat may make now; empty unless it is playing now."""
        if self.phase != PLAY or not self.is_my_turn:
            return []
        return legal_plays(self.hand, self.call, self.rules)

    def __str__(self) -> str:
        bids = ", ".join("-" if bid is None else str(bid) for bid in self.bids)
        player = seat_namer(None, self.players)
        trick = "; ".join(
            _("{name} {play}").format(name=player(s), play=p) for s, p in self.current_trick
        ) or _("none yet")
        turn = _("over") if self.current_player is None else player(self.current_player)
        holds = (
            _("{name} (dealer) holds {hand}")
            if self.seat == self.dealer
            else _("{name} holds {hand}")
        )
        return "\n".join(
            [
                holds.format(name=player(self.seat), hand=self.hand),
                _("bids (by seat): {bids}").format(bids=bids),
                _("tricks won (by seat): {tricks}").format(
                    tricks=", ".join(map(str, self.tricks_won))
                ),
                _("trick {number} so far: {trick}").format(
                    number=len(self.tricks) + 1, trick=trick
                ),
                _("turn: {turn}").format(turn=turn),
            ]
        )
