"""One round of a trick-taking game, written once: :class:`TrickState` and :class:`TrickRound`.

Xactika's :class:`~xactika_edu.core.game.Round` and Blackout's
:class:`~xactika_edu.core.blackout.BlackoutRound` are this engine with a
:class:`~xactika_edu.core.rules.Ruleset` (``rules``, a class attribute). The engine owns
the turn machinery: the deal as given, bidding from the dealer's left with the dealer's
rule (:func:`~xactika_edu.core.rules.legal_bids`), the turn passing left, a full trick
decided and its winner leading the next, the tricks won, the phase, the scores (the
ruleset's scoring), :meth:`~TrickRound.legal_actions` and :meth:`~TrickRound.apply`,
copies, equality, the shared part of a view and the transcript. Reading a deal,
a game's totals and the shared view, :class:`~xactika_edu.core.trick_parts.TrickView`,
are in :mod:`xactika_edu.core.trick_parts`.

A game adds only what really differs, as a few methods: how a hand is read and held
(``_as_hand``), which plays are legal and how one is read (``legal_plays``,
``play``: Xactika's lead calls a combination and followers follow it; Blackout's
followers follow the led suit), how a full trick is decided (``_finish_trick``:
Xactika's face values, Blackout's trumps), what its view adds (``view``) and
the words of a trick in progress (``_trick_words``).

>>> from xactika_edu.core.game import Round
>>> from xactika_edu.core.blackout import BlackoutRound
>>> xactika = Round.from_hands(["2332 1312", "2233 1212"], dealer=1)
>>> blackout = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
>>> for rnd in (xactika, blackout):     # one loop drives both games
...     while not rnd.is_over:
...         rnd.apply(rnd.legal_actions()[0])
>>> xactika.tricks_won, blackout.tricks_won, blackout.scores()
((1, 1), (1, 1), (0, 0))

Source: RULES.md ("A hand (round)"); seed 004, Blackout ("Bidding", "Gameplay",
"Scoring"). Core layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

import numpy as np

from ..base.checks import check_whole, is_whole, shown
from ..base.errors import IllegalBidError, IllegalPlayError, XactikaError
from ..base.formatting import signed
from ..base.language import N_, ngettext
from ..base.language import gettext as _
from .plays import BID, OVER, PLAY, seat_namer
from .rules import Ruleset, forbidden_bid, legal_bids, score
from .trick_parts import CardT, EntryT, HandT, TrickT, ViewFields, play_text

__all__ = ["TrickRound", "TrickState"]

_Round = TypeVar("_Round", bound="TrickState[Any, Any, Any, Any]")

# Why a bid is refused after the bidding, by phase.
_NO_MORE_BIDS = {
    PLAY: N_("bidding is over: no more bids (bid {bid} refused)"),
    OVER: N_("the round is over: no more bids (bid {bid} refused)"),
}


class TrickState(Generic[HandT, CardT, EntryT, TrickT]):
    """One round of a trick-taking game of the Xactika family as it stands: the engine's
    state and what can be read from it (the base of :class:`TrickRound`).

    Not used alone: :class:`~xactika_edu.core.game.Round` (Xactika) and
    :class:`~xactika_edu.core.blackout.BlackoutRound` (Blackout) are this engine with
    their ruleset (``rules``) and the few methods in which the games differ (see the
    module notes). Seats are 0 to players - 1; the next seat to the left is the next
    number, wrapping round; bidding and the first lead start at the dealer's left.
    """

    #: The rules this round follows.
    rules: ClassVar[Ruleset]

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

    _bid_total: int
    _bids: list[int | None]
    _cards_per_hand: int
    _dealer: int
    _hands: list[list[CardT]]
    _leader: int
    _players: int
    _start: tuple[HandT, ...]
    _trick: list[tuple[int, EntryT]]
    _tricks: list[TrickT]
    _turn: int  # next to bid or play; -1 when over
    _won: list[int]

    def _setup(self, start: tuple[HandT, ...], dealer: object) -> None:
        """Start the round: ``start`` (checked hands, as sized sequences) dealt, no bid yet."""
        players = len(start)
        self._players = players
        self._dealer = check_whole(dealer, "dealer", 0, players - 1)
        self._cards_per_hand = len(cast(Sequence[CardT], start[0]))
        self._start = start
        self._hands = [list(cast(Sequence[CardT], hand)) for hand in start]
        self._bids = [None] * players
        self._bid_total = 0
        self._turn = (self._dealer + 1) % players
        self._leader = self._turn
        self._trick = []
        self._tricks = []
        self._won = [0] * players

    # what a game adds: how it shows a hand ------------------------------------------

    def _as_hand(self, cards: list[CardT]) -> HandT:
        """Cards held, as the game shows a hand."""
        raise NotImplementedError

    # what a round is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players (Xactika 2 to 10, Blackout 2 to 8)."""
        return self._players

    @property
    def dealer(self) -> int:
        """The dealer's seat; the dealer bids last."""
        return self._dealer

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player: also the number of tricks."""
        return self._cards_per_hand

    @property
    def starting_hands(self) -> tuple[HandT, ...]:
        """The hands as dealt, player 0's first (hidden information: not in a view)."""
        return self._start

    @property
    def hands(self) -> tuple[HandT, ...]:
        """The cards each player holds now, player 0's first."""
        return tuple(self._as_hand(hand) for hand in self._hands)

    def hand(self, seat: int) -> HandT:
        """The cards ``seat`` holds now."""
        return self._as_hand(self._hands[self._seat(seat)])

    @property
    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid: the dealer's left first, the dealer last."""
        return tuple((self._dealer + 1 + k) % self._players for k in range(self._players))

    @property
    def phase(self) -> str:
        """``"bid"``, ``"play"`` or ``"over"`` (see :data:`~xactika_edu.core.game.PHASES`)."""
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
    def current_trick(self) -> tuple[tuple[int, EntryT], ...]:
        """The trick in progress: ``(seat, play)`` pairs in the order played."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[TrickT, ...]:
        """The finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far by each seat."""
        return tuple(self._won)

    def actions(self) -> list[Any]:
        """Every action so far, in the order made: the bids, then the plays.

        Applying them (:meth:`apply`) to the round as dealt gives this round again.
        """
        bids = [self._bids[seat] for seat in self.bidding_order if self._bids[seat] is not None]
        done = [entry for trick in self._tricks for _seat, entry in trick.plays]
        return [*bids, *done, *(entry for _seat, entry in self._trick)]

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for this round: the ruleset's scoring of its bid and tricks.

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

    # views, copies, text --------------------------------------------------------------

    def _view_fields(self, seat: int) -> ViewFields[HandT, TrickT, EntryT]:
        """The values of a :class:`TrickView`'s fields for ``seat`` (checked), in order;
        a game's view adds its own fields after them."""
        seat = self._seat(seat)
        turn = self._turn
        return (
            seat,
            self._players,
            self._dealer,
            self._cards_per_hand,
            self._as_hand(self._hands[seat]),
            tuple(self._bids),
            tuple(self._tricks),
            tuple(self._trick),
            tuple(self._won),
            None if turn < 0 else turn,
            OVER if turn < 0 else BID if self._bids[self._dealer] is None else PLAY,
        )

    def copy(self: _Round) -> _Round:
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

    def __copy__(self: _Round) -> _Round:
        return self.copy()

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
        if not isinstance(other, TrickRound):
            return NotImplemented
        return self._key() == other._key()

    # A round changes as it is played. None is Python's way to say "unhashable";
    # mypy types object.__hash__ as a method, so the assignment needs this ignore.
    __hash__ = None  # type: ignore[assignment]

    def _seat(self, seat: object) -> int:
        return check_whole(seat, "seat", 0, self._players - 1)


class TrickRound(TrickState[HandT, CardT, EntryT, TrickT]):
    """One round of a trick-taking game of the Xactika family, as it is played.

    Not used alone: :class:`~xactika_edu.core.game.Round` (Xactika) and
    :class:`~xactika_edu.core.blackout.BlackoutRound` (Blackout) are this engine with
    their ruleset (``rules``) and the few methods in which the games differ (see the
    module notes). This class holds the actions and the transcript; the state and
    what can be read from it are :class:`TrickState`'s.
    """

    __slots__ = ()

    # what the games add ---------------------------------------------------------------

    def legal_plays(self) -> list[Any]:
        """The plays the current player may make; empty outside the play phase."""
        raise NotImplementedError

    def play(self, card: Any, *, player: int | None = None) -> None:
        """The current player plays ``card``; when the trick is complete its winner leads."""
        raise NotImplementedError

    def _finish_trick(self, trick: list[tuple[int, EntryT]]) -> TrickT:
        """The trick ``trick`` (every seat has played), decided: who takes it."""
        raise NotImplementedError

    def _trick_words(self, name: Callable[[int], str]) -> list[str]:
        """The trick in progress in words: the lead, then each follow."""
        raise NotImplementedError

    def to_record(self) -> dict[str, Any]:
        """The round as a JSON-ready record that ``from_record`` replays."""
        raise NotImplementedError

    # actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[Any]:
        """The current player's legal bids while bidding, else legal plays; empty when over.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.legal_actions()
        [0, 1, 2, 3]
        """
        if self._turn >= 0 and self._bids[self._dealer] is None:
            return self.legal_bids()
        return self.legal_plays()

    def apply(self, action: Any) -> None:
        """Apply one action: a whole number is a bid (:meth:`bid`), anything else a play
        (:meth:`play`), as :meth:`legal_actions` lists them.

        Raises: as :meth:`bid` and :meth:`play` (the round is then unchanged).
        """
        if isinstance(action, (int, np.integer)):
            self.bid(cast(int, action))  # bid() refuses True and False
        else:
            self.play(action)

    def legal_bids(self) -> list[int]:
        """The bids the current player may make; empty outside the bidding phase.

        0 to cards_per_hand, except that the dealer (bidding last) may not make the
        total equal cards_per_hand. Source: RULES.md, step 2; seed 004, Blackout,
        "Bidding" ("The Dealer's Trap").
        """
        if self._turn < 0 or self._bids[self._dealer] is not None:
            return []
        is_dealer = self._turn == self._dealer
        return legal_bids(self._bid_total, is_dealer, self._cards_per_hand, self.rules)

    def bid(self, bid: int, *, player: int | None = None) -> None:
        """The current player bids ``bid`` tricks; the turn passes to the left.

        >>> from xactika_edu.core.game import Round
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
        if player is not None and not is_whole(player, seat, seat):
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

    def _turn_to_play(self, card: object, player: object) -> int:
        """The seat to play now, or an :class:`IllegalPlayError` refusing ``card``:
        the round is over, the bidding is not finished, or ``player`` is not that seat."""
        turn = self._turn
        playing = turn >= 0 and self._bids[self._dealer] is not None
        if playing and (player is None or is_whole(player, turn, turn)):
            return turn
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
        raise IllegalPlayError(
            _("it is player {turn}'s turn to play, not player {player}'s").format(
                turn=turn, player=shown(player)
            )
        )

    def _held(self, turn: int, played: CardT) -> list[CardT]:
        """The hand of ``turn``, if it holds ``played`` (else an IllegalPlayError)."""
        hand = self._hands[turn]
        if played not in hand:
            raise IllegalPlayError(
                _("player {turn} does not hold {played}").format(turn=turn, played=played)
            )
        return hand

    def _add_play(self, turn: int, hand: list[CardT], played: CardT, entry: EntryT) -> None:
        """Make a legal play: ``played`` leaves ``hand`` (the hand of ``turn``), ``entry``
        joins the trick; a complete trick is decided and its winner leads the next (or
        the round ends)."""
        hand.remove(played)
        trick = self._trick
        trick.append((turn, entry))
        players = self._players
        if len(trick) < players:
            self._turn = (turn + 1) % players
            return
        done = self._finish_trick(trick)
        winner = done.winner
        self._tricks.append(done)
        self._won[winner] += 1
        self._trick = []
        if len(self._tricks) == self._cards_per_hand:
            self._turn = -1
        else:
            self._turn = self._leader = winner

    # text -----------------------------------------------------------------------------

    def _heading(self, name: Callable[[int], str]) -> list[str]:
        """The transcript's first lines: the table and the dealer."""
        return [
            ngettext(
                "{players} players, {cards} card each; dealer: {dealer}",
                "{players} players, {cards} cards each; dealer: {dealer}",
                self._cards_per_hand,
            ).format(players=self._players, cards=self._cards_per_hand, dealer=name(self._dealer))
        ]

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The round in words: the table, the bids, one line per trick, then the scores.

        ``names`` (one per seat) replace ``"player 0"`` and so on.

        >>> from xactika_edu.core.game import Round
        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1)
        >>> print(rnd.transcript(names=["Anne", "Tim"]))
        2 players, 3 cards each; dealer: Tim
        bids: Anne bids 1; Tim to bid

        Raises:
            XactikaError: unless ``names`` is ``None`` or one name (text) per player.
        """
        name = seat_namer(names, self._players)
        lines = self._heading(name)
        made = [
            _("{name} bids {bid}").format(name=name(s), bid=self._bids[s])
            for s in self.bidding_order
            if self._bids[s] is not None
        ]
        phase = self.phase
        if phase == BID:
            made.append(_("{name} to bid").format(name=name(self._turn)))
        lines.append(_("bids: {bids}").format(bids="; ".join(made)))
        for number, trick in enumerate(self._tricks, start=1):
            lines.append(
                _("trick {number}: {trick}").format(number=number, trick=trick.describe(names))
            )
        if phase == PLAY:
            parts = self._trick_words(name) if self._trick else []
            parts.append(_("{name} to play").format(name=name(self._turn)))
            lines.append(
                _("trick {number}: {trick}").format(
                    number=len(self._tricks) + 1, trick="; ".join(parts)
                )
            )
        if phase == OVER:
            scores = "; ".join(
                _("{name} {points} (bid {bid}, took {took})").format(
                    name=name(s), points=signed(points), bid=self._bids[s], took=self._won[s]
                )
                for s, points in enumerate(self.scores())
            )
            lines.append(_("scores: {scores}").format(scores=scores))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_record({self.to_record()!r})"
