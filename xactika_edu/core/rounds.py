"""One hand of Xactika: :class:`Round`, the reference rules engine.

Documented, with examples, in :mod:`xactika_edu.core.game`, which re-exports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalPlayError, XactikaError
from ..base.language import gettext as _
from ..base.language import pgettext
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
from .plays import FOLLOWS, LEADS, Play, Trick, legal_plays, winner_index
from .round_text import (
    ROUND_RECORD_DEPTH,
    RoundText,
    replay_actions,
    require_keys,
)
from .rules import legal_follows

__all__ = ["Round"]


class Round(RoundText):
    """One hand of Xactika: the deal, the bids, the tricks and the scores.

    Build one with :meth:`deal` (a seeded random deal) or :meth:`from_hands`
    (given hands); ``Round(hands, dealer)`` is the same as :meth:`from_hands`.
    The round changes as actions are applied (:meth:`bid`, :meth:`play`, or either
    through :meth:`apply`, from :meth:`legal_actions`); use :meth:`copy` to explore
    without changing it. The turns, tricks, scores, views and transcript are the shared
    engine's (:class:`~xactika_edu.core.trick_round.TrickRound`); this class adds
    Xactika's deal and plays (a lead calls a combination, followers follow it).

    >>> rnd = Round.deal(players=4, seed=1)
    >>> rnd.phase, rnd.current_player, rnd.cards_per_hand
    ('bid', 1, 8)
    >>> rnd == Round.deal(players=4, seed=1)
    True
    >>> rnd.apply(rnd.legal_actions()[0]); rnd.bids
    (None, 0, None, None)

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

    # actions (bids, legal_actions and apply: the shared engine's) ------------------

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
        turn = self._turn_to_play(card, player)
        chosen = _read_play(card, call)
        played = chosen.card
        hand = self._held(turn, played)
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
        self._add_play(turn, hand, played, chosen)

    def _finish_trick(self, trick: list[tuple[int, Play]]) -> Trick:
        # the trick's first play is its lead, and a lead always calls (play, above)
        call = cast(Combination, trick[0][1].call)
        index = winner_index([p.card for _, p in trick], call, self.rules)
        return Trick(self._leader, call, tuple(trick), trick[index][0])


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
