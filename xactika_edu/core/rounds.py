"""One hand of Xactika: :class:`Round`, the reference rules engine.

Documented, with examples, in :mod:`xactika_edu.core.game`, which re-exports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import numpy as np

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalBidError, IllegalPlayError, XactikaError
from ..base.language import N_, pgettext
from ..base.language import gettext as _
from .cards import (
    CARDS_PER_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Combination,
    Hand,
    Seed,
    as_combination,
)
from .cards import deal as deal_cards
from .plays import BID, FOLLOWS, LEADS, OVER, PLAY, Play, Trick, legal_plays, winner_index
from .round_text import (
    ROUND_RECORD_DEPTH,
    RoundText,
    play_text,
    replay_actions,
    require_keys,
)
from .rules import forbidden_bid, legal_bids, legal_follows

__all__ = ["Round"]


# Why a bid is refused after the bidding, by phase.
_NO_MORE_BIDS = {
    PLAY: N_("bidding is over: no more bids (bid {bid} refused)"),
    OVER: N_("the round is over: no more bids (bid {bid} refused)"),
}


class Round(RoundText):
    """One hand of Xactika: the deal, the bids, the tricks and the scores.

    Build one with :meth:`deal` (a seeded random deal) or :meth:`from_hands`
    (given hands); ``Round(hands, dealer)`` is the same as :meth:`from_hands`.
    The round changes as actions are applied (:meth:`bid`, :meth:`play`); use
    :meth:`copy` to explore without changing it.

    >>> rnd = Round.deal(players=4, seed=1)
    >>> rnd.phase, rnd.current_player, rnd.cards_per_hand
    ('bid', 1, 8)
    >>> rnd == Round.deal(players=4, seed=1)
    True

    Args:
        hands: one hand per player (2-10), each a :class:`~xactika_edu.core.cards.Hand`,
            a list of cards or notation like ``"3213 1111"``; 1-8 cards each, the
            same number for everyone, no card twice.
        dealer: the dealer's seat, 0 to players - 1.

    Raises:
        XactikaError: if the hands or the dealer break those rules.
        NotationError: if a card cannot be read.
    """

    __slots__ = ()

    @classmethod
    def from_hands(
        cls, hands: Iterable[Hand | Iterable[Card | str] | str], dealer: int = 0
    ) -> Round:
        """A round from given hands (player 0's first), before any bid.

        >>> Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1).current_player
        0

        Args, Raises: as for :class:`Round`.
        """
        return cls(hands, dealer)

    @classmethod
    def deal(
        cls,
        players: int,
        dealer: int = 0,
        seed: Seed = None,
        cards_per_hand: int = CARDS_PER_HAND,
    ) -> Round:
        """A round from a shuffled deck: :func:`~xactika_edu.core.cards.deal`, then bidding.

        >>> Round.deal(players=3, seed=7, cards_per_hand=2).hand(0)
        Hand.parse('1112 2112')

        Args:
            players: 2 to 10.
            dealer: the dealer's seat, 0 to players - 1.
            seed: ``None``, a whole number or a :class:`numpy.random.Generator`;
                the same seed gives the same deal.
            cards_per_hand: 1 to 8.

        Raises:
            XactikaError: if a number is out of range.
        """
        return cls(deal_cards(players, seed=seed, cards_per_hand=cards_per_hand), dealer)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Round:
        """Replay a record made by :meth:`to_record`, checking every action.

        >>> rnd = Round.deal(players=2, seed=3, cards_per_hand=2)
        >>> rnd.bid(0)
        >>> Round.from_record(rnd.to_record()) == rnd
        True

        Args:
            record: a mapping with ``players``, ``dealer``, ``hands`` (notation, one
                string per player), ``bids`` (seat order, ``None`` where not yet made)
                and ``plays`` (notation, in the order played).

        Raises:
            XactikaError: if the record is malformed (a missing key, lists nested
                deeper than a record's, more than 100,000 values, or a value that is not
                a whole number, text, None or a list: see
                :func:`xactika_edu.base.checks.check_record`) or its hands are not a valid deal.
            IllegalBidError, IllegalPlayError: if a recorded action breaks the rules
                (a tampered record).
        """
        check_record(record, _("round record"), max_depth=ROUND_RECORD_DEPTH)
        require_keys(record, ("players", "dealer", "hands", "bids", "plays"), _("round record"))
        players = check_whole(record["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
        hands = record["hands"]
        if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != players:
            raise XactikaError(
                _(
                    "round record has players={players} but hands={hands}: expected one"
                    " hand per player"
                ).format(players=players, hands=shown(hands))
            )
        rnd = cls(hands, record["dealer"])
        replay_actions(rnd, record["bids"], record["plays"])
        return rnd

    # actions ------------------------------------------------------------------------

    def legal_bids(self) -> list[int]:
        """The bids the current player may make; empty outside the bidding phase.

        0 to cards_per_hand, except that the dealer (bidding last) may not make the
        total equal cards_per_hand. Source: RULES.md, step 2.
        """
        if self._turn < 0 or self._bids[self._dealer] is not None:
            return []
        is_dealer = self._turn == self._dealer
        return legal_bids(self._bid_total, is_dealer, self._cards_per_hand, self.rules)

    def bid(self, bid: int, *, player: int | None = None) -> None:
        """The current player bids ``bid`` tricks; the turn passes to the left.

        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1, player=1)
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalBidError: it is player 0's turn to bid, not player 1's

        Args:
            bid: tricks the player expects to take, 0 to cards_per_hand.
            player: if given, the seat meant to bid; checked against the turn.

        Raises:
            IllegalBidError: outside the bidding phase, out of turn, out of range, or
                the dealer's forbidden bid. The round is then unchanged.
        """
        phase = self.phase
        if phase != BID:
            raise IllegalBidError(_(_NO_MORE_BIDS[phase]).format(bid=shown(bid)))
        seat = self._turn
        if player is not None and player != seat:
            raise IllegalBidError(
                _("it is player {seat}'s turn to bid, not player {player}'s").format(
                    seat=seat, player=shown(player)
                )
            )
        top = self._cards_per_hand
        if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)):
            raise IllegalBidError(
                _("player {seat} must bid a whole number from 0 to {top}, got {bid}").format(
                    seat=seat, top=top, bid=shown(bid)
                )
            )
        if not 0 <= bid <= top:
            raise IllegalBidError(
                _(
                    "player {seat} may not bid {bid}: bids are 0 to {top}, the number of cards"
                ).format(seat=seat, bid=shown(bid), top=top)
            )
        if seat == self._dealer and bid == forbidden_bid(self._bid_total, top, self.rules):
            raise IllegalBidError(
                _(
                    "dealer (player {seat}) may not bid {bid}: the bids would total "
                    "{top}, the number of cards"
                ).format(seat=seat, bid=bid, top=top)
            )
        self._bids[seat] = int(bid)
        self._bid_total += int(bid)
        self._turn = (seat + 1) % self._players

    def legal_plays(self) -> list[Play]:
        """The plays the current player may make; empty outside the play phase.

        The leader may play any card and call any of its four combinations (4 plays
        per card, in hand order then shape order). A follower must play a card
        showing the called combination if they hold one, else any card.
        Source: RULES.md, step 3.

        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1); rnd.bid(1)
        >>> len(rnd.legal_plays())
        12
        >>> rnd.play("2332:2ba"); rnd.legal_plays()
        [Play.parse('2233')]
        """
        if self._turn < 0 or self._bids[self._dealer] is None:
            return []
        return legal_plays(self._hands[self._turn], self.call, self.rules)

    def play(
        self,
        card: Play | Card | str,
        call: Combination | str | None = None,
        *,
        player: int | None = None,
    ) -> None:
        """The current player plays ``card`` (calling ``call`` if they lead).

        Accepts a :class:`Play`, play notation (``"3213:2cu"``, ``"3213"``), or a
        card (or card notation) with ``call``. When the trick is complete its winner
        is decided and leads the next one.

        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1); rnd.bid(1)
        >>> rnd.play("2332", "1 ball")
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalPlayError: card 2332 does not show 1 ball; it shows ...

        Args:
            card: the card or play.
            call: the combination called, for a lead only.
            player: if given, the seat meant to play; checked against the turn.

        Raises:
            IllegalPlayError: outside the play phase, out of turn, a card not held,
                a lead without a call or with a call the card does not show, a call
                on a follow, or not following the called combination when able.
                The round is then unchanged.
            NotationError: if the card or call cannot be read.
        """
        turn = self._turn
        if turn < 0:
            raise IllegalPlayError(
                _(
                    "the round is over: all {cards_per_hand} tricks are played (play "
                    "{card} refused)"
                ).format(cards_per_hand=self._cards_per_hand, card=play_text(card))
            )
        if self._bids[self._dealer] is None:
            raise IllegalPlayError(
                _(
                    "bidding is not finished: it is player {turn}'s turn to bid (play "
                    "{card} refused)"
                ).format(turn=turn, card=play_text(card))
            )
        if player is not None and player != turn:
            raise IllegalPlayError(
                _("it is player {turn}'s turn to play, not player {player}'s").format(
                    turn=turn, player=shown(player)
                )
            )
        chosen = _read_play(card, call)
        hand = self._hands[turn]
        played = chosen.card
        if played not in hand:
            raise IllegalPlayError(
                _("player {turn} does not hold {played}").format(turn=turn, played=played)
            )
        trick = self._trick
        if not trick:
            lead_call = chosen.call
            if lead_call is None:
                joint = pgettext("list", "or")
                options = f" {joint} ".join(str(play) for play in LEADS[played])
                raise IllegalPlayError(
                    _(
                        "player {turn} leads and must call a combination on {played}: play "
                        "{options}"
                    ).format(turn=turn, played=played, options=options)
                )
            if not played.has(lead_call):
                raise IllegalPlayError(
                    _("card {played} does not show {lead_call}; it shows {describe}").format(
                        played=played, lead_call=lead_call, describe=played.describe()
                    )
                )
        else:
            # the trick's first play is its lead, and the lead was refused above unless it called
            lead_call = cast(Combination, trick[0][1].call)
            if chosen.call is not None:
                raise IllegalPlayError(
                    _(
                        "player {turn} follows and may not call a combination: {lead_call} "
                        "was called (play {played}, not {chosen})"
                    ).format(turn=turn, lead_call=lead_call, played=played, chosen=chosen)
                )
            allowed = legal_follows(hand, lead_call, self.rules)
            if played not in allowed:
                holds = " ".join(str(c) for c in allowed)
                raise IllegalPlayError(
                    _("player {turn} must follow {lead_call}: holds {holds}").format(
                        turn=turn, lead_call=lead_call, holds=holds
                    )
                )
            chosen = FOLLOWS[played]
        # legal: apply it
        hand.remove(played)
        trick.append((turn, chosen))
        players = self._players
        if len(trick) < players:
            self._turn = (turn + 1) % players
            return
        index = winner_index([p.card for _, p in trick], lead_call, self.rules)
        winner = trick[index][0]
        self._tricks.append(Trick(self._leader, lead_call, tuple(trick), winner))
        self._won[winner] += 1
        self._trick = []
        if len(self._tricks) == self._cards_per_hand:
            self._turn = -1
        else:
            self._turn = self._leader = winner


def _read_play(card: Play | Card | str, call: Combination | str | None) -> Play:
    """A play given as a :class:`Play`, a card or notation, with its call given once."""
    if isinstance(card, Play):
        if call is not None:
            raise XactikaError(
                _("give the call once: the play {card} and call {call}").format(
                    card=card, call=shown(call)
                )
            )
        return card
    if isinstance(card, str):
        parsed = Play.parse(card)
        if call is None:
            return parsed
        if parsed.call is not None:
            raise XactikaError(
                _("give the call once: the play {card} and call {call}").format(
                    card=shown(card), call=shown(call)
                )
            )
        return Play(parsed.card, as_combination(call))
    return Play(card, None if call is None else as_combination(call))
