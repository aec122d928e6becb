"""The rules engine: one hand of Xactika (a :class:`Round`) and a whole :class:`Game`.

A :class:`Round` is a *state* in the style of OpenSpiel's Python games: it lists the
legal actions (:meth:`Round.legal_bids`, :meth:`Round.legal_plays`), applies one
(:meth:`Round.bid`, :meth:`Round.play`) and refuses an illegal one with an error that
names the rule broken, leaving the round unchanged. :meth:`Round.view` gives a
:class:`PlayerView`: what one player may know, never the other hands.

Seats are numbered 0 to players - 1; clockwise (to the left) is the next seat number,
wrapping round. Bidding and the first lead start at the dealer's left (dealer + 1).
Source: RULES.md ("A hand (round)", "A game"); the example is seed 002's worked
example (Anne is player 0, Tim is player 1 and deals).

>>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
>>> rnd.bid(1)
>>> rnd.legal_bids()           # the dealer may not bid 2: the bids would total 3
[0, 1, 3]
>>> rnd.bid(1)
>>> for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
...     rnd.play(play)
>>> print(rnd)
2 players, 3 cards each; dealer: player 1
bids: player 0 bids 1; player 1 bids 1
trick 1: player 0 leads 2332 calling 2 balls; player 1 plays 2233; player 1 wins
trick 2: player 1 leads 1212 calling 2 cubes; player 0 plays 1312; player 1 wins
trick 3: player 1 leads 1112 calling 2 stars; player 0 plays 3122; player 0 wins
scores: player 0 +1 (bid 1, took 1); player 1 -1 (bid 1, took 2)
>>> rnd.scores()
(1, -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import pandas as pd

from .cards import (
    CARDS_PER_HAND,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Combination,
    Hand,
    Seed,
    as_card,
    as_combination,
    make_rng,
)
from .cards import deal as deal_cards
from .checks import as_items, check_record, check_whole, shown
from .errors import IllegalBidError, IllegalPlayError, NotationError, XactikaError
from .rules import XACTIKA, Ruleset, forbidden_bid, legal_bids, legal_follows, reveals_void
from .rules import score as rule_score
from .rules import trick_winner as winner_position

__all__ = [
    "BID",
    "HANDS_PER_GAME",
    "OVER",
    "PHASES",
    "PLAY",
    "Game",
    "Play",
    "PlayerView",
    "Round",
    "Trick",
    "score",
    "trick_winner",
]

# --- the rules as constants (RULES.md) ------------------------------------------

#: Hands in a game; the deal passes to the left after each one.
HANDS_PER_GAME = 8
#: Phase of a round while players bid.
BID = "bid"
#: Phase of a round while tricks are played.
PLAY = "play"
#: Phase of a round after the last trick.
OVER = "over"
#: The phases of a round, in order.
PHASES: tuple[str, str, str] = (BID, PLAY, OVER)

# Per-card lookups so the hot paths never rebuild combinations or sum counts.
_VALUE: dict[Card, int] = {card: card.value for card in DECK}
_COMBOS: dict[Card, frozenset[Combination]] = {card: frozenset(card.combinations) for card in DECK}


# --- values: a play and a finished trick ------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick; a lead also carries the combination called.

    Notation: ``"3213:2cu"`` is 3213 led calling 2 cubes, ``"3213"`` is 3213 played
    to follow. :meth:`parse` reads it back (the call may also be written in full,
    ``"3213:2 cubes"``). A play is only notation: whether it is legal is for the
    :class:`Round` to say.

    >>> Play.parse("3213:2cu")
    Play.parse('3213:2cu')
    >>> str(Play("3213")), Play("3213", "2 cubes").describe()
    ('3213', '3213 calling 2 cubes')

    Args:
        card: the card (a :class:`~xactika_edu.cards.Card` or notation).
        call: the combination called by a leader (or notation); ``None`` to follow.

    Raises:
        NotationError: if the card or the call cannot be read.
    """

    card: Card
    call: Combination | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", as_card(self.card))
        if self.call is not None and not isinstance(self.call, Combination):
            object.__setattr__(self, "call", as_combination(self.call))

    @property
    def is_lead(self) -> bool:
        """Whether the play calls a combination (as a lead does)."""
        return self.call is not None

    def describe(self) -> str:
        """Words: ``'3213 calling 2 cubes'`` for a lead, ``'3213'`` to follow."""
        return str(self.card) if self.call is None else f"{self.card} calling {self.call}"

    def __str__(self) -> str:
        return str(self.card) if self.call is None else f"{self.card}:{self.call.short}"

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read ``"3213:2cu"`` (a lead and its call) or ``"3213"`` (a follow).

        >>> Play.parse("3213:two cubes").call
        Combination.parse('2 cubes')
        >>> Play.parse("3213:")
        Traceback (most recent call last):
        ...
        xactika_edu.errors.NotationError: cannot read play '3213:': expected a card, or ...

        Raises:
            NotationError: quoting ``text`` if it cannot be read.
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read play {shown(text)}: expected text like '3213:2cu'")
        card_text, colon, call_text = text.partition(":")
        if colon and not call_text.strip():
            raise NotationError(
                f"cannot read play {shown(text)}: expected a card, or a card and a call "
                "like '3213:2cu'"
            )
        try:
            card = Card.parse(card_text)
            call = Combination.parse(call_text) if colon else None
        except NotationError as error:
            raise NotationError(f"cannot read play {shown(text)}: {error}") from None
        return cls(card, call)


# Every play a card allows, built once: four leads (shape order) and one follow.
_LEADS: dict[Card, tuple[Play, ...]] = {
    card: tuple(Play(card, combination) for combination in card.combinations) for card in DECK
}
_FOLLOW: dict[Card, Play] = {card: Play(card) for card in DECK}


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the combination called, the plays in order, the winner.

    >>> trick = Trick(0, Combination.parse("2 balls"),
    ...               ((0, Play.parse("2332:2ba")), (1, Play.parse("2233"))), winner=1)
    >>> print(trick)
    player 0 leads 2332 calling 2 balls; player 1 plays 2233; player 1 wins
    >>> trick.winning_card
    Card.parse('2233')

    Attributes:
        leader: the seat that led.
        call: the combination the leader called.
        plays: ``(seat, Play)`` pairs in the order played, the lead first.
        winner: the seat that took the trick.
    """

    leader: int
    call: Combination
    plays: tuple[tuple[int, Play], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(play.card for _, play in self.plays)

    @property
    def winning_card(self) -> Card:
        """The card that took the trick."""
        return next(play.card for seat, play in self.plays if seat == self.winner)

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One line of words; ``names`` (one per seat) replace ``"player 0"`` etc."""
        name = _namer(names, 1 + max(seat for seat, _ in self.plays), exact=False)
        parts = [f"{name(self.leader)} leads {self.plays[0][1].card} calling {self.call}"]
        parts += [f"{name(seat)} plays {play.card}" for seat, play in self.plays[1:]]
        parts.append(f"{name(self.winner)} wins")
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.describe()


def _namer(names: Sequence[str] | None, players: int, *, exact: bool = True) -> Any:
    """A function from a seat to its name: ``names[seat]``, or ``"player 3"``.

    Raises :class:`XactikaError` unless ``names`` is ``None`` or a list of text, one
    per player (at least ``players`` of them if not ``exact``).
    """
    if names is None:
        return lambda seat: f"player {seat}"
    given = as_items(names, "names", example="['Anne', 'Tim']")
    if len(given) != players if exact else len(given) < players:
        raise XactikaError(f"give one name per player ({players}), got {shown(names)}")
    if not all(isinstance(name, str) for name in given):
        raise XactikaError(f"names must be text, like ['Anne', 'Tim'], got {shown(names)}")
    return lambda seat: given[seat]


# --- the rules as pure functions ------------------------------------------------


def score(bid: int, tricks: int) -> int:
    """Points for one hand: the tricks taken if the bid was exact, else -|tricks - bid|.

    Source: RULES.md, "A hand (round)", step 4.

    >>> score(3, 3), score(0, 0), score(3, 5), score(2, 1)
    (3, 0, -2, -1)
    >>> score(-5, 100)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: bid must be from 0 to 8, got -5

    Args:
        bid: the tricks bid, a whole number from 0 to 8 (the most cards in a hand).
        tricks: the tricks taken, a whole number from 0 to 8.

    Returns:
        the points, an int from -8 to 8.

    Raises:
        XactikaError: if ``bid`` or ``tricks`` is not a whole number from 0 to 8.
    """
    bid = check_whole(bid, "bid", 0, CARDS_PER_HAND)
    tricks = check_whole(tricks, "tricks", 0, CARDS_PER_HAND)
    return rule_score(bid, tricks)


def trick_winner(cards: Sequence[Card | str], call: Combination | str) -> int:
    """Which card wins a trick: its position in the order played (0 = the lead).

    The highest face value among the cards showing ``call`` wins; ties go to the card
    played last. Source: RULES.md, "A hand (round)", step 3.

    >>> trick_winner(["2332", "2233"], "2 balls")    # two 10s: the later one wins
    1
    >>> trick_winner(["1212", "1312"], "2 cubes")    # 1312 does not show 2 cubes
    0

    Args:
        cards: the cards in the order played, the lead first (1-10 cards).
        call: the combination the leader called.

    Returns:
        an index into ``cards``.

    Raises:
        XactikaError: if ``cards`` is empty or the lead does not show ``call``.
    """
    played = [as_card(card) for card in as_items(cards, "cards", example="['2332', '2233']")]
    call = as_combination(call)
    if not played:
        raise XactikaError("a trick needs at least one card, got none")
    if call not in _COMBOS[played[0]]:
        raise XactikaError(f"the lead {played[0]} does not show {call}")
    return _winner_index(played, call)


def _winner_index(cards: Sequence[Card], call: Combination, rules: Ruleset = XACTIKA) -> int:
    values = [_VALUE[card] for card in cards]
    return int(winner_position(values, [call in _COMBOS[card] for card in cards], rules))


def _legal_plays(hand: Sequence[Card], call: Combination | None) -> list[Play]:
    if call is None:
        return [play for card in hand for play in _LEADS[card]]
    return [_FOLLOW[card] for card in legal_follows(hand, call)]


def _voids(
    tricks: Iterable[Trick], current: Sequence[tuple[int, Play]], players: int
) -> tuple[tuple[Combination, ...], ...]:
    voids: list[set[Combination]] = [set() for _ in range(players)]
    plays = [trick.plays for trick in tricks]
    if current:
        plays.append(tuple(current))
    for trick_plays in plays:
        # a trick's first play is its lead, and a lead always calls (Round.play)
        call = cast(Combination, trick_plays[0][1].call)
        for seat, play in trick_plays[1:]:
            if reveals_void(call in _COMBOS[play.card]):
                voids[seat].add(call)
    return tuple(tuple(sorted(combinations)) for combinations in voids)


def _read_hands(hands: object) -> tuple[Hand, ...]:
    if isinstance(hands, (str, Card, Hand)) or not isinstance(hands, Iterable):
        raise XactikaError(f"hands must be a list of hands, one per player, got {shown(hands)}")
    read = tuple(Hand.parse(hand) if isinstance(hand, str) else Hand(hand) for hand in hands)
    if not MIN_PLAYERS <= len(read) <= MAX_PLAYERS:
        raise XactikaError(
            f"a round needs {MIN_PLAYERS} to {MAX_PLAYERS} hands, one per player, got {len(read)}"
        )
    sizes = {len(hand) for hand in read}
    if len(sizes) > 1:
        listed = ", ".join(str(len(hand)) for hand in read)
        raise XactikaError(f"every hand must have the same number of cards, got {listed}")
    size = sizes.pop()
    if not 1 <= size <= CARDS_PER_HAND:
        raise XactikaError(f"a hand has 1 to {CARDS_PER_HAND} cards, got {size}")
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(read):
        for card in hand:
            if card in seen:
                raise XactikaError(f"card {card} is dealt twice: to player {seen[card]} and {seat}")
            seen[card] = seat
    return read


# --- one hand -------------------------------------------------------------------


class Round:
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
        hands: one hand per player (2-10), each a :class:`~xactika_edu.cards.Hand`,
            a list of cards or notation like ``"3213 1111"``; 1-8 cards each, the
            same number for everyone, no card twice.
        dealer: the dealer's seat, 0 to players - 1.

    Raises:
        XactikaError: if the hands or the dealer break those rules.
        NotationError: if a card cannot be read.
    """

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
        start = _read_hands(hands)
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

    # constructors ---------------------------------------------------------------

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
        """A round from a shuffled deck: :func:`~xactika_edu.cards.deal`, then bidding.

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
                :func:`xactika_edu.checks.check_record`) or its hands are not a valid deal.
            IllegalBidError, IllegalPlayError: if a recorded action breaks the rules
                (a tampered record).
        """
        check_record(record, "round record", max_depth=_ROUND_RECORD_DEPTH)
        _require(record, ("players", "dealer", "hands", "bids", "plays"), "round record")
        players = check_whole(record["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
        hands = record["hands"]
        if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != players:
            raise XactikaError(
                f"round record has players={players} but hands={shown(hands)}: "
                "expected one hand per player"
            )
        rnd = cls(hands, record["dealer"])
        rnd._replay(record["bids"], record["plays"])
        return rnd

    def _replay(self, bids: object, plays: object) -> None:
        if not isinstance(bids, Sequence) or isinstance(bids, str) or len(bids) != self._players:
            raise XactikaError(
                f"round record bids must list one bid (or None) per player, got {shown(bids)}"
            )
        if not isinstance(plays, Sequence) or isinstance(plays, str):
            raise XactikaError(f"round record plays must be a list of plays, got {shown(plays)}")
        order = self.bidding_order
        for position, seat in enumerate(order):
            if bids[seat] is None:
                later = [s for s in order[position:] if bids[s] is not None]
                if later:
                    raise XactikaError(
                        f"round record bids {shown(list(bids))}: player {later[0]} bids before "
                        f"player {seat}, out of turn"
                    )
                break
            self.bid(bids[seat])
        for play in plays:
            self.play(play)

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

        >>> rnd = Round.from_hands(["1111", "2222"], dealer=1)
        >>> rnd.bid(0); rnd.bid(0); rnd.play("1111:1ba"); rnd.play("2222")
        >>> rnd.tricks_won, rnd.scores()
        ((1, 0), (-1, 0))

        Raises:
            XactikaError: if the round is not over.
        """
        if self._turn >= 0:
            raise XactikaError(
                f"the round is not over ({self.phase} phase, {len(self._tricks)} of "
                f"{self._cards_per_hand} tricks played): there are no scores yet"
            )
        return tuple(
            score(cast(int, bid), won)  # the round is over, so every seat has bid
            for bid, won in zip(self._bids, self._won, strict=True)
        )

    # actions ------------------------------------------------------------------------

    def legal_bids(self) -> list[int]:
        """The bids the current player may make; empty outside the bidding phase.

        0 to cards_per_hand, except that the dealer (bidding last) may not make the
        total equal cards_per_hand. Source: RULES.md, step 2.
        """
        if self._turn < 0 or self._bids[self._dealer] is not None:
            return []
        return legal_bids(self._bid_total, self._turn == self._dealer, self._cards_per_hand)

    def bid(self, bid: int, *, player: int | None = None) -> None:
        """The current player bids ``bid`` tricks; the turn passes to the left.

        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1, player=1)
        Traceback (most recent call last):
        ...
        xactika_edu.errors.IllegalBidError: it is player 0's turn to bid, not player 1's

        Args:
            bid: tricks the player expects to take, 0 to cards_per_hand.
            player: if given, the seat meant to bid; checked against the turn.

        Raises:
            IllegalBidError: outside the bidding phase, out of turn, out of range, or
                the dealer's forbidden bid. The round is then unchanged.
        """
        phase = self.phase
        if phase != BID:
            why = "the round is over" if phase == OVER else "bidding is over"
            raise IllegalBidError(f"{why}: no more bids (bid {shown(bid)} refused)")
        seat = self._turn
        if player is not None and player != seat:
            raise IllegalBidError(
                f"it is player {seat}'s turn to bid, not player {shown(player)}'s"
            )
        top = self._cards_per_hand
        if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)):
            raise IllegalBidError(
                f"player {seat} must bid a whole number from 0 to {top}, got {shown(bid)}"
            )
        if not 0 <= bid <= top:
            raise IllegalBidError(
                f"player {seat} may not bid {shown(bid)}: bids are 0 to {top}, the number of cards"
            )
        if seat == self._dealer and bid == forbidden_bid(self._bid_total, top):
            raise IllegalBidError(
                f"dealer (player {seat}) may not bid {bid}: the bids would total {top}, "
                "the number of cards"
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
        return _legal_plays(self._hands[self._turn], self.call)

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
        xactika_edu.errors.IllegalPlayError: card 2332 does not show 1 ball; it shows ...

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
                f"the round is over: all {self._cards_per_hand} tricks are played "
                f"(play {_play_text(card)} refused)"
            )
        if self._bids[self._dealer] is None:
            raise IllegalPlayError(
                f"bidding is not finished: it is player {turn}'s turn to bid "
                f"(play {_play_text(card)} refused)"
            )
        if player is not None and player != turn:
            raise IllegalPlayError(
                f"it is player {turn}'s turn to play, not player {shown(player)}'s"
            )
        chosen = self._read_play(card, call)
        hand = self._hands[turn]
        played = chosen.card
        if played not in hand:
            raise IllegalPlayError(f"player {turn} does not hold {played}")
        trick = self._trick
        if not trick:
            lead_call = chosen.call
            if lead_call is None:
                options = " or ".join(str(play) for play in _LEADS[played])
                raise IllegalPlayError(
                    f"player {turn} leads and must call a combination on {played}: play {options}"
                )
            if lead_call not in _COMBOS[played]:
                raise IllegalPlayError(
                    f"card {played} does not show {lead_call}; it shows {played.describe()}"
                )
        else:
            # the trick's first play is its lead, and the lead was refused above unless it called
            lead_call = cast(Combination, trick[0][1].call)
            if chosen.call is not None:
                raise IllegalPlayError(
                    f"player {turn} follows and may not call a combination: "
                    f"{lead_call} was called (play {played}, not {chosen})"
                )
            allowed = legal_follows(hand, lead_call)
            if played not in allowed:
                holds = " ".join(str(c) for c in allowed)
                raise IllegalPlayError(f"player {turn} must follow {lead_call}: holds {holds}")
            chosen = _FOLLOW[played]
        # legal: apply it
        hand.remove(played)
        trick.append((turn, chosen))
        players = self._players
        if len(trick) < players:
            self._turn = (turn + 1) % players
            return
        index = _winner_index([p.card for _, p in trick], lead_call)
        winner = trick[index][0]
        self._tricks.append(Trick(self._leader, lead_call, tuple(trick), winner))
        self._won[winner] += 1
        self._trick = []
        if len(self._tricks) == self._cards_per_hand:
            self._turn = -1
        else:
            self._turn = self._leader = winner

    @staticmethod
    def _read_play(card: Play | Card | str, call: Combination | str | None) -> Play:
        if isinstance(card, Play):
            if call is not None:
                raise XactikaError(f"give the call once: the play {card} and call {shown(call)}")
            return card
        if isinstance(card, str):
            parsed = Play.parse(card)
            if call is None:
                return parsed
            if parsed.call is not None:
                raise XactikaError(
                    f"give the call once: the play {shown(card)} and call {shown(call)}"
                )
            return Play(parsed.card, as_combination(call))
        return Play(card, None if call is None else as_combination(call))

    # views, copies, records ---------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now: own hand, bids, cards played, voids, the turn.

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
            voids=_voids(self._tricks, self._trick, self._players),
        )

    def copy(self) -> Round:
        """An independent copy: actions on it leave this round unchanged."""
        other = Round.__new__(Round)
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

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of the round so far; :meth:`from_record` replays it.

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
            "players": self._players,
            "dealer": self._dealer,
            "hands": [str(hand) for hand in self._start],
            "bids": list(self._bids),
            "plays": [str(play) for play in self.plays],
        }

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The round in words: bids, one line per trick, then the scores.

        ``names`` (one per seat) replace ``"player 0"`` and so on.

        >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
        >>> rnd.bid(1)
        >>> print(rnd.transcript(names=["Anne", "Tim"]))
        2 players, 3 cards each; dealer: Tim
        bids: Anne bids 1; Tim to bid
        """
        name = _namer(names, self._players)
        cards = "card" if self._cards_per_hand == 1 else "cards"
        lines = [
            f"{self._players} players, {self._cards_per_hand} {cards} each; "
            f"dealer: {name(self._dealer)}"
        ]
        made = [
            f"{name(s)} bids {self._bids[s]}"
            for s in self.bidding_order
            if self._bids[s] is not None
        ]
        if self.phase == BID:
            made.append(f"{name(self._turn)} to bid")
        lines.append("bids: " + "; ".join(made))
        for number, trick in enumerate(self._tricks, start=1):
            lines.append(f"trick {number}: {trick.describe(names)}")
        if self.phase == PLAY:
            parts = []
            if self._trick:
                seat, lead = self._trick[0]
                parts.append(f"{name(seat)} leads {lead.card} calling {lead.call}")
                parts += [f"{name(s)} plays {p.card}" for s, p in self._trick[1:]]
            parts.append(f"{name(self._turn)} to play")
            lines.append(f"trick {len(self._tricks) + 1}: " + "; ".join(parts))
        if self.is_over:
            lines.append(
                "scores: "
                + "; ".join(
                    f"{name(s)} {_signed(points)} (bid {self._bids[s]}, took {self._won[s]})"
                    for s, points in enumerate(self.scores())
                )
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"Round.from_record({self.to_record()!r})"

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
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    # A round changes as it is played. None is Python's way to say "unhashable";
    # mypy types object.__hash__ as a method, so the assignment needs this ignore.
    __hash__ = None  # type: ignore[assignment]

    def _seat(self, seat: object) -> int:
        return check_whole(seat, "seat", 0, self._players - 1)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


# How many levels of lists a saved record holds below its top mapping: a round's
# "hands", "bids" and "plays" are lists (1); a game's "rounds" is a list (1) of round
# mappings (2) holding those lists (3).
_ROUND_RECORD_DEPTH = 1
_GAME_RECORD_DEPTH = 3


def _play_text(card: object) -> str:
    """A play as given, for a message: ``2332:2ba`` as typed, anything else shown."""
    if isinstance(card, (Card, Play)) or (isinstance(card, str) and len(card) <= 20):
        return str(card)
    return shown(card)


def _require(record: object, keys: Sequence[str], what: str) -> None:
    if not isinstance(record, Mapping):
        raise XactikaError(f"a {what} must be a mapping (a dict), got {shown(record)}")
    missing = [key for key in keys if key not in record]
    if missing:
        raise XactikaError(f"{what} is missing {', '.join(repr(k) for k in missing)}")


# --- what one player may know -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know at a moment of a round: never the other hands.

    Computer players receive a view, not the round. ``voids[s]`` lists the
    combinations seat ``s`` has shown it does not hold (it did not follow them when
    they were called). Made by :meth:`Round.view`.

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
        for seat, _ in self.current_trick:
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
        return legal_bids(total, self.seat == self.dealer, self.cards_per_hand)

    def legal_plays(self) -> list[Play]:
        """The plays this seat may make now; empty unless it is playing now."""
        if self.phase != PLAY or not self.is_my_turn:
            return []
        return _legal_plays(self.hand, self.call)

    def __str__(self) -> str:
        role = " (dealer)" if self.seat == self.dealer else ""
        bids = ", ".join("-" if bid is None else str(bid) for bid in self.bids)
        trick = "; ".join(f"player {s} {p}" for s, p in self.current_trick) or "none yet"
        turn = "over" if self.current_player is None else f"player {self.current_player}"
        return "\n".join(
            [
                f"player {self.seat}{role} holds {self.hand}",
                f"bids (by seat): {bids}",
                f"tricks won (by seat): {', '.join(map(str, self.tricks_won))}",
                f"trick {len(self.tricks) + 1} so far: {trick}",
                f"turn: {turn}",
            ]
        )


# --- a whole game -------------------------------------------------------------------


def _game_seed(seed: Seed) -> int:
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        make_rng(seed)  # checks it is >= 0
        return int(seed)
    return int(make_rng(seed).integers(0, 2**63))


class Game:
    """A game of Xactika: ``hands`` rounds (8 by the rules), the deal passing left.

    Hand ``i`` (from 0) is dealt by seat ``(first_dealer + i) % players`` from a
    generator seeded by ``numpy.random.SeedSequence(seed, spawn_key=(i,))``, so the
    same seed gives the same deals. Play each round through :attr:`current_round`,
    then call :meth:`next_round`. ``Game.new(...)`` and ``Game(...)`` are the same.

    >>> game = Game.new(players=3, seed=5, hands=2, cards_per_hand=1)
    >>> game.current_round.dealer, game.current_round.current_player
    (0, 1)

    Args:
        players: 2 to 10.
        seed: a whole number, a :class:`numpy.random.Generator` or ``None``; a
            generator or ``None`` is turned into a whole-number seed (kept in
            :attr:`seed` and the record) so the game can be replayed.
        first_dealer: the first hand's dealer.
        hands: hands in the game, 1 to 8 (:data:`HANDS_PER_GAME`; fewer for lessons).
        cards_per_hand: 1 to 8.

    Raises:
        XactikaError: if a number is out of range.
    """

    def __init__(
        self,
        players: int,
        seed: Seed = None,
        first_dealer: int = 0,
        hands: int = HANDS_PER_GAME,
        cards_per_hand: int = CARDS_PER_HAND,
    ):
        self._players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        self._first_dealer = check_whole(first_dealer, "first_dealer", 0, self._players - 1)
        self._hands = check_whole(hands, "hands", 1, HANDS_PER_GAME)
        self._cards_per_hand = check_whole(cards_per_hand, "cards_per_hand", 1, CARDS_PER_HAND)
        self._seed = _game_seed(seed)
        self._rounds: list[Round] = [self._deal(0)]

    @classmethod
    def new(
        cls,
        players: int,
        seed: Seed = None,
        first_dealer: int = 0,
        hands: int = HANDS_PER_GAME,
        cards_per_hand: int = CARDS_PER_HAND,
    ) -> Game:
        """A new game with its first hand dealt (arguments as for :class:`Game`).

        >>> Game.new(players=4, seed=1).current_round.hand(0)
        Hand.parse('1131 1123 2221 2132 2321 3212 1323 3332')
        """
        return cls(players, seed, first_dealer, hands, cards_per_hand)

    def _deal(self, index: int) -> Round:
        rng = np.random.default_rng(np.random.SeedSequence(self._seed, spawn_key=(index,)))
        return Round.deal(
            self._players,
            dealer=(self._first_dealer + index) % self._players,
            seed=rng,
            cards_per_hand=self._cards_per_hand,
        )

    @property
    def players(self) -> int:
        """Number of players."""
        return self._players

    @property
    def seed(self) -> int:
        """The whole-number seed the deals come from."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The dealer of the first hand."""
        return self._first_dealer

    @property
    def hands(self) -> int:
        """Number of hands (rounds) in the game."""
        return self._hands

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each player each hand."""
        return self._cards_per_hand

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The rounds dealt so far, the current one last."""
        return tuple(self._rounds)

    @property
    def current_round(self) -> Round:
        """The round being played (or the last one, when the game is over)."""
        return self._rounds[-1]

    @property
    def is_over(self) -> bool:
        """Whether every hand has been played."""
        return len(self._rounds) == self._hands and self._rounds[-1].is_over

    def next_round(self) -> Round:
        """Deal the next hand, the deal passing to the left, and return it.

        Raises:
            XactikaError: if the current round is not over or the game is over.
        """
        number = len(self._rounds)
        if not self._rounds[-1].is_over:
            raise XactikaError(f"hand {number} of {self._hands} is not over yet")
        if number == self._hands:
            raise XactikaError(f"the game is over: all {self._hands} hands are played")
        self._rounds.append(self._deal(number))
        return self._rounds[-1]

    def totals(self) -> tuple[int, ...]:
        """Each seat's total score over the finished hands."""
        totals = [0] * self._players
        for rnd in self._rounds:
            if rnd.is_over:
                for seat, points in enumerate(rnd.scores()):
                    totals[seat] += points
        return tuple(totals)

    def score_sheet(self) -> pd.DataFrame:
        """The score sheet: one row per finished hand and player.

        Returns:
            a DataFrame with (finished hands x players) rows and columns ``hand``
            (1-based), ``player`` (seat), ``dealer`` (bool), ``bid``, ``tricks``,
            ``score`` (points this hand) and ``total`` (cumulative points).
        """
        rows = []
        totals = [0] * self._players
        for number, rnd in enumerate(self._rounds, start=1):
            if not rnd.is_over:
                continue
            scores = rnd.scores()
            for seat in range(self._players):
                totals[seat] += scores[seat]
                rows.append(
                    {
                        "hand": number,
                        "player": seat,
                        "dealer": seat == rnd.dealer,
                        "bid": rnd.bids[seat],
                        "tricks": rnd.tricks_won[seat],
                        "score": scores[seat],
                        "total": totals[seat],
                    }
                )
        columns = ["hand", "player", "dealer", "bid", "tricks", "score", "total"]
        sheet = pd.DataFrame(rows, columns=columns)
        dtypes = {column: "int64" for column in columns}
        dtypes["dealer"] = "bool"
        return sheet.astype(dtypes)

    def winners(self) -> tuple[int, ...]:
        """The seat(s) with the highest total: equal totals share the win.

        Raises:
            XactikaError: if the game is not over.
        """
        if not self.is_over:
            raise XactikaError(
                f"the game is not over: hand {len(self._rounds)} of {self._hands} "
                f"is {'finished' if self.current_round.is_over else 'being played'}"
            )
        totals = self.totals()
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of the game so far; :meth:`from_record` replays it.

        Returns:
            a dict: ``players``, ``seed``, ``first_dealer``, ``hands``,
            ``cards_per_hand`` and ``rounds`` (one :meth:`Round.to_record` per hand
            dealt).
        """
        return {
            "players": self._players,
            "seed": self._seed,
            "first_dealer": self._first_dealer,
            "hands": self._hands,
            "cards_per_hand": self._cards_per_hand,
            "rounds": [rnd.to_record() for rnd in self._rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record made by :meth:`to_record`, checking every deal and action.

        >>> game = Game.new(players=2, seed=9, hands=1, cards_per_hand=1)
        >>> Game.from_record(game.to_record()) == game
        True

        Raises:
            XactikaError: if the record is malformed (as for
                :meth:`Round.from_record`), or a round's hands or dealer differ from
                the deal the seed gives.
            IllegalBidError, IllegalPlayError: if a recorded action breaks the rules.
        """
        check_record(record, "game record", max_depth=_GAME_RECORD_DEPTH)
        keys = ("players", "seed", "first_dealer", "hands", "cards_per_hand", "rounds")
        _require(record, keys, "game record")
        if isinstance(record["seed"], np.random.Generator) or record["seed"] is None:
            raise XactikaError(
                f"game record seed must be a whole number, got {shown(record['seed'])}"
            )
        game = cls(
            record["players"],
            record["seed"],
            record["first_dealer"],
            record["hands"],
            record["cards_per_hand"],
        )
        rounds = record["rounds"]
        if not isinstance(rounds, Sequence) or isinstance(rounds, str):
            raise XactikaError(f"game record rounds must be a list, got {shown(rounds)}")
        if len(rounds) > game.hands:
            raise XactikaError(f"game record has {len(rounds)} rounds, more than {game.hands}")
        for index, round_record in enumerate(rounds):
            rnd = game.current_round if index == 0 else game.next_round()
            _require(round_record, ("players", "dealer", "hands", "bids", "plays"), "round record")
            dealt = rnd.to_record()
            for key in ("players", "dealer", "hands"):
                if round_record[key] != dealt[key]:
                    raise XactikaError(
                        f"game record hand {index + 1}: {key} {shown(round_record[key])} "
                        f"differ from the deal by seed {game.seed} ({shown(dealt[key])})"
                    )
            rnd._replay(round_record["bids"], round_record["plays"])
        return game

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The game in words: each hand's transcript, then the totals.

        Raises :class:`XactikaError` unless ``names`` is ``None`` or one name per player.
        """
        name = _namer(names, self._players)
        blocks = [
            f"hand {number} of {self._hands}\n{rnd.transcript(names)}"
            for number, rnd in enumerate(self._rounds, start=1)
        ]
        totals = "; ".join(f"{name(s)} {_signed(t)}" for s, t in enumerate(self.totals()))
        blocks.append(f"totals: {totals}")
        if self.is_over:
            blocks[-1] += "\nwinner(s): " + ", ".join(name(s) for s in self.winners())
        return "\n\n".join(blocks)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"Game.from_record({self.to_record()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_record() == other.to_record()

    # A game changes as it is played. None is Python's way to say "unhashable";
    # mypy types object.__hash__ as a method, so the assignment needs this ignore.
    __hash__ = None  # type: ignore[assignment]
