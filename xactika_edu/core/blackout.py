"""Blackout, the Oh Hell game of seed 004: one round (:class:`BlackoutRound`).

The rules are the shared ones of :mod:`xactika_edu.core.rules` with the ruleset
:data:`~xactika_edu.core.rules.BLACKOUT`: bids with the dealer's trap
(:func:`~xactika_edu.core.rules.legal_bids`), follow suit
(:func:`~xactika_edu.core.rules.legal_follows`), the trick winner with trumps
(:func:`~xactika_edu.core.rules.trick_winner`) and the all-or-nothing score
(:func:`~xactika_edu.core.rules.blackout_score`). This module holds a round's actions;
the deck for a player count and the round schedule are in
:mod:`xactika_edu.core.blackout_parts` (re-exported here), the round's state, record
and transcript in :mod:`xactika_edu.core.blackout_state`; the whole game (rounds up
and down, the dealer rotating left) is :mod:`xactika_edu.core.blackout_game`.

>>> from xactika_edu.core.playing_cards import STANDARD_DECK
>>> [str(card) for card in STANDARD_DECK if card not in blackout_deck(5)], max_round(5)
(['2♣', '2♦'], 10)
>>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
>>> rnd.legal_actions()
[0, 1, 2]
>>> for action in (1, 0, "AS", "KS", "2H", "3H"):
...     rnd.apply(action)
>>> rnd.tricks_won, rnd.scores()
((1, 1), (11, 0))

Source: seed 004, Blackout ("Setup", "Dealing & Trump", "Bidding", "Gameplay",
"Scoring"). Core layer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalBidError, IllegalPlayError, XactikaError
from ..base.language import gettext as _
from .blackout_parts import (
    BID,
    OVER,
    PLAY,
    Action,
    BlackoutTrick,
    BlackoutView,
    blackout_deck,
    max_round,
    round_schedule,
)
from .blackout_state import BlackoutState
from .cards import Seed
from .playing_cards import SUIT_SYMBOLS, PlayingCard, as_playing_cards, deal_playing_cards
from .rules import forbidden_bid, legal_bids, legal_follows, trick_winner

__all__ = [
    "BID",
    "OVER",
    "PLAY",
    "Action",
    "BlackoutRound",
    "BlackoutTrick",
    "BlackoutView",
    "blackout_deck",
    "max_round",
    "round_schedule",
]


class BlackoutRound(BlackoutState):
    """One round of Blackout: the deal, the trump card, the bids, the tricks, the scores.

    Build one with :meth:`deal` (seeded) or from given hands. Actions: :meth:`apply`
    (a bid while bidding, a card while playing), listed by :meth:`legal_actions`; an
    illegal action raises :class:`~xactika_edu.IllegalBidError` or
    :class:`~xactika_edu.IllegalPlayError` naming the rule and leaves the round as it was.

    >>> rnd = BlackoutRound.deal(players=3, cards_per_hand=2, dealer=2, seed=5)
    >>> rnd.current_player, rnd.phase, rnd.trump_card is not None
    (0, 'bid', True)

    Args:
        hands: one hand per player (2-8), cards or notation (``"AS 10H"``), the same
            number each (at least 1), no card twice.
        trump: the turned-up card whose suit is trump, or ``None`` (no trump).
        dealer: the dealer's seat; the player to the dealer's left bids and leads first.

    Raises:
        XactikaError: for hands, a trump card or a dealer that break those rules.
        NotationError: for a card that cannot be read.
    """

    @classmethod
    def deal(
        cls, players: int, cards_per_hand: int, dealer: int = 0, seed: Seed = None
    ) -> BlackoutRound:
        """A round dealt from the shuffled :func:`blackout_deck`; the next card is trump.

        The stock's top card (after the deal) sets trump; when every card is dealt
        (the max round) there is no trump. The same seed gives the same round.

        >>> BlackoutRound.deal(4, 13, seed=1).trump_card is None
        True
        >>> BlackoutRound.deal(4, 2, seed=1) == BlackoutRound.deal(4, 2, seed=1)
        True

        Raises:
            XactikaError: unless 2-8 players and 1 to :func:`max_round` cards each.
        """
        top = max_round(players)
        size = check_whole(cards_per_hand, "cards_per_hand", 1, top)
        hands, rest = deal_playing_cards(players, size, blackout_deck(players), seed)
        return cls(hands, rest[0] if rest else None, dealer)

    # actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The bids (bidding) or cards (playing) the current player may choose.

        Bids are 0 to the cards per hand, the dealer's trap left out; a follower
        must follow the led suit if able, else may play any card (trump or discard).
        Empty when the round is over.
        """
        if self._turn < 0:
            return []
        if self._bids[self._dealer] is None:
            total = sum(bid for bid in self._bids if bid is not None)
            return list(
                legal_bids(total, self._turn == self._dealer, self.cards_per_hand, self.rules)
            )
        hand = self._hands[self._turn]
        if not self._trick:
            return list(hand)
        return list(legal_follows(hand, self._trick[0][1].suit, self.rules))

    def apply(self, action: Action | str) -> None:
        """Apply a bid (a whole number) or a play (a card or its notation).

        >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        >>> rnd.apply(1)
        >>> rnd.apply(1)
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalBidError: the dealer's trap: the dealer (player 1) may not bid 1, ...
        >>> rnd.apply(0); rnd.apply("2H"); rnd.apply("KS")
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalPlayError: player 1 must follow suit (♥): holds 3♥
        >>> rnd.bids, rnd.current_player
        ((1, 0), 1)

        Raises:
            IllegalBidError: a bid outside the bidding, out of range, or the dealer's
                trap. IllegalPlayError: a card while bidding or after the round, a card
                not held, or not following suit when able. The round is then unchanged.
            NotationError: for a card that cannot be read.
        """
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            self.bid(int(action))
        elif isinstance(action, (PlayingCard, str)):
            self.play(action)
        else:
            raise XactikaError(
                _("an action is a bid (a whole number) or a card, got {action}").format(
                    action=shown(action)
                )
            )

    def bid(self, bid: int) -> None:
        """The current player bids ``bid`` tricks (see :meth:`apply`)."""
        if self.phase != BID:
            raise IllegalBidError(
                _("bidding is over: no more bids (bid {bid} refused)").format(bid=shown(bid))
            )
        seat, top = self._turn, self.cards_per_hand
        if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)) or not 0 <= bid <= top:
            raise IllegalBidError(
                _("player {seat} must bid a whole number from 0 to {top}, got {bid}").format(
                    seat=seat, top=top, bid=shown(bid)
                )
            )
        total = sum(b for b in self._bids if b is not None)
        if seat == self._dealer and bid == forbidden_bid(total, top, self.rules):
            raise IllegalBidError(
                _(
                    "the dealer's trap: the dealer (player {seat}) may not bid {bid}, the bids "
                    "would total {top}, the tricks available"
                ).format(seat=seat, bid=int(bid), top=top)
            )
        self._bids[seat] = int(bid)
        self._turn = (seat + 1) % self._players

    def play(self, card: PlayingCard | str) -> None:
        """The current player plays ``card`` (see :meth:`apply`); a full trick is scored."""
        chosen = as_playing_cards([card])[0]
        if self.phase != PLAY:
            why = (
                _("bidding is not finished (play {card} refused)")
                if self.phase == BID
                else _("the round is over (play {card} refused)")
            )
            raise IllegalPlayError(why.format(card=chosen))
        turn, hand = self._turn, self._hands[self._turn]
        if chosen not in hand:
            raise IllegalPlayError(
                _("player {seat} does not hold {card}").format(seat=turn, card=chosen)
            )
        if self._trick:
            led = self._trick[0][1].suit
            allowed = legal_follows(hand, led, self.rules)
            if chosen not in allowed:
                raise IllegalPlayError(
                    _("player {seat} must follow suit ({suit}): holds {cards}").format(
                        seat=turn,
                        suit=SUIT_SYMBOLS[led],
                        cards=" ".join(str(c) for c in allowed),
                    )
                )
        hand.remove(chosen)
        self._trick.append((turn, chosen))
        if len(self._trick) < self._players:
            self._turn = (turn + 1) % self._players
            return
        cards = [c for _seat, c in self._trick]
        led = cards[0].suit
        trumps = None if self._trump is None else [c.suit == self._trump.suit for c in cards]
        position = int(
            trick_winner(
                [c.rank for c in cards], [c.suit == led for c in cards], self.rules, trumps
            )
        )
        winner = self._trick[position][0]
        self._tricks.append(BlackoutTrick(self._leader, tuple(self._trick), winner))
        self._won[winner] += 1
        self._trick = []
        if len(self._tricks) == self.cards_per_hand:
            self._turn = -1
        else:
            self._turn = self._leader = winner

    # views, records, text -------------------------------------------------------------

    def view(self, seat: int) -> BlackoutView:
        """What ``seat`` may know now (other hands hidden).

        >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        >>> view = rnd.view(0)
        >>> view.hand, view.trump_suit, view.legal_actions
        ((PlayingCard.parse('2♥'), PlayingCard.parse('A♠')), 2, (0, 1, 2))
        """
        seat = check_whole(seat, "seat", 0, self._players - 1)
        return BlackoutView(
            seat=seat,
            players=self._players,
            dealer=self._dealer,
            cards_per_hand=self.cards_per_hand,
            hand=tuple(self._hands[seat]),
            trump_card=self._trump,
            bids=tuple(self._bids),
            tricks=tuple(self._tricks),
            current_trick=tuple(self._trick),
            tricks_won=tuple(self._won),
            current_player=self.current_player,
            phase=self.phase,
            legal_actions=tuple(self.legal_actions()) if seat == self._turn else (),
        )

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> BlackoutRound:
        """Rebuild a round from :meth:`record`, checking every action again.

        Raises:
            XactikaError: a malformed record (missing keys, wrong game, bad deal).
            IllegalBidError, IllegalPlayError: a recorded action breaks the rules.
        """
        check_record(record, _("Blackout round record"), max_depth=2)
        missing = [k for k in ("players", "dealer", "trump", "hands", "actions") if k not in record]
        if missing or record.get("game", cls.rules.name) != cls.rules.name:
            raise XactikaError(
                _("not a Blackout round record (missing {keys} or another game): {record}").format(
                    keys=", ".join(missing) or "-", record=shown(record)
                )
            )
        rnd = cls(record["hands"], record["trump"], record["dealer"])
        if len(rnd.starting_hands) != record["players"]:
            raise XactikaError(
                _("the record has players={players} but {count} hands").format(
                    players=shown(record["players"]), count=len(rnd.starting_hands)
                )
            )
        actions = record["actions"]
        if not isinstance(actions, list):
            raise XactikaError(
                _("actions must be a list, got {actions}").format(actions=shown(actions))
            )
        for action in actions:
            rnd.apply(action)
        return rnd

    def copy(self) -> BlackoutRound:
        """An independent copy (actions on it leave this round unchanged)."""
        other = BlackoutRound(self._start, self._trump, self._dealer)
        for action in self.actions():
            other.apply(action)
        return other

    def __repr__(self) -> str:
        return f"BlackoutRound.from_record({self.record()!r})"
