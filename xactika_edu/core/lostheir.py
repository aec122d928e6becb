"""One round of seed 004's "Lost Heir" (the seed calls it a hand): bidding with the
dealer's refusal, trump named by the first lead, tricks with "take a lead", and the score
with the bidder's risk.

Four seats, 0 North, 1 East, 2 South, 3 West; "left" is the next seat; North/South
(team 0) play against East/West (team 1). A :class:`LostHeirRound` lists its
:meth:`~LostHeirRound.legal_actions` and changes by :meth:`~LostHeirRound.apply`; an
illegal action raises :class:`~xactika_edu.IllegalBidError` or
:class:`~xactika_edu.IllegalPlayError` naming the rule and leaves the round unchanged.

>>> rnd = LostHeirRound.deal(dealer=0, seed=3)
>>> rnd.phase, rnd.current_player, [str(a) for a in rnd.legal_actions()][:3]
('bid', 1, ['pass', 'bid 4', 'bid 5'])
>>> for action in ("bid 5", "pass", "pass", "refuse", "raise", "accept"):
...     rnd.apply(action)
>>> rnd.phase, rnd.declarer, rnd.contract, rnd.current_player
('play', 1, 6, 1)
>>> rnd.apply("take a lead")
Traceback (most recent call last):
...
xactika_edu.IllegalPlayError: East may not say 'take a lead': the lead of the first trick ...

The rules (seed 004, Lost Heir; docs/other-games.md, "Lost Heir", says how each
unclear point was settled): each seat speaks once, from the dealer's left, the
dealer last; a bid is 4 to 12 (:data:`MIN_BID`, :data:`MAX_BID`) and beats the bid
before it; the dealer may refuse another seat's high bid ("I won't take your bid"),
then that bidder raises by one or gives the bid to the dealer, and after a raise the
dealer accepts or refuses again. If all four pass, the round is thrown in. The high
bidder (the *declarer*) leads the first card, whose city is trump. Players follow
the led city if able, otherwise play any card. From the second trick on, the
winner of the last trick may say "take a lead" and the partner leads instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base.checks import check_record, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import Seed
from .lostheir_cards import (
    CARDS_EACH,
    PLAYERS,
    LostHeirCard,
    deal_lost_heir,
    parse_lost_heir_cards,
)
from .lostheir_rules import (
    ACCEPT,
    GIVE,
    HEIR_POINTS,
    MAX_BID,
    MIN_BID,
    PASS,
    RAISE,
    REFUSE,
    TAKE,
    WRONG_BOY_POINTS,
    Action,
    LostHeirTrick,
    LostHeirView,
    bidder_score,
    hand_points,
    hand_scores,
    team_points,
)
from .lostheir_text import round_transcript, why_illegal
from .round_text import require_keys
from .rules import trick_winner

__all__ = [
    "HEIR_POINTS",
    "MAX_BID",
    "MIN_BID",
    "WRONG_BOY_POINTS",
    "Action",
    "LostHeirRound",
    "LostHeirRoundState",
    "LostHeirTrick",
    "LostHeirView",
    "bidder_score",
    "hand_points",
    "hand_scores",
    "team_points",
]


class LostHeirRoundState:
    """The state of a Lost Heir round and what can be read from it: the base of
    :class:`LostHeirRound`, which adds the rules, the view and the record."""

    def __init__(self, hands: Iterable[Iterable[LostHeirCard | str] | str], dealer: int = 0):
        read = tuple(tuple(sorted(parse_lost_heir_cards(hand))) for hand in _as_list(hands))
        everything = [card for hand in read for card in hand]
        if len(read) != PLAYERS or any(len(hand) != CARDS_EACH for hand in read):
            raise XactikaError(
                _("a Lost Heir deal is 4 hands of 8 cards, got {hands}").format(
                    hands=shown([len(hand) for hand in read])
                )
            )
        if len(set(everything)) != len(everything):
            raise XactikaError(_("a Lost Heir deal holds every card once"))
        self._dealer = check_whole(dealer, "dealer", 0, PLAYERS - 1)
        self._start = read
        self._held = [list(hand) for hand in read]
        self._actions: list[tuple[int, Action]] = []
        self._phase = "bid"
        self._turn = (self._dealer + 1) % PLAYERS
        self._high_bid: int | None = None
        self._high_bidder: int | None = None
        self._refusal = ""  # "" no refusal; "refused": the bidder answers; "raised": the dealer
        self._declarer: int | None = None
        self._trump: int | None = None
        self._trick: list[tuple[int, LostHeirCard]] = []
        self._tricks: list[LostHeirTrick] = []
        self._passed = False

    # reading the state -----------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer's seat (bids last)."""
        return self._dealer

    @property
    def phase(self) -> str:
        """ "bid", "play" or "over"."""
        return self._phase

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far (None before any bid)."""
        return self._high_bid

    @property
    def high_bidder(self) -> int | None:
        """Who holds the high bid (after "give": the dealer)."""
        return self._high_bidder

    @property
    def declarer(self) -> int | None:
        """Who won the bidding and leads first (None before, or if all passed)."""
        return self._declarer

    @property
    def trump(self) -> int | None:
        """The trump city 0-3: the first card's city (None before the first lead)."""
        return self._trump

    @property
    def refusal(self) -> str:
        """The refusal exchange: "" (none), "refused" (the bidder answers) or "raised"
        (the dealer answers)."""
        return self._refusal

    @property
    def trick(self) -> tuple[tuple[int, LostHeirCard], ...]:
        """The trick being played, as ``(seat, card)`` in the order played."""
        return tuple(self._trick)

    @property
    def current_player(self) -> int | None:
        """The seat to act; ``None`` when the round is over."""
        return None if self._phase == "over" else self._turn

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (all tricks played, or thrown in)."""
        return self._phase == "over"

    @property
    def contract(self) -> int | None:
        """The declarer's bid once the bidding is over (None before, or if all passed)."""
        return self._high_bid if self._declarer is not None else None

    @property
    def passed_out(self) -> bool:
        """True if all four passed: the round is thrown in and not played."""
        return self._phase == "over" and self._declarer is None

    @property
    def start_hands(self) -> tuple[tuple[LostHeirCard, ...], ...]:
        """The four hands as dealt."""
        return self._start

    @property
    def hands(self) -> tuple[tuple[LostHeirCard, ...], ...]:
        """The cards each seat still holds."""
        return tuple(tuple(hand) for hand in self._held)

    @property
    def tricks(self) -> tuple[LostHeirTrick, ...]:
        """The finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``, in order."""
        return tuple(self._actions)

    def captured(self, team: int) -> tuple[LostHeirCard, ...]:
        """The cards in the tricks ``team`` (0 North/South, 1 East/West) has won."""
        return tuple(c for t in self._tricks if t.winner % 2 == team for c in t.cards)

    def points(self) -> tuple[int, int]:
        """Each team's points so far (:func:`team_points`), before the bidder's risk."""
        return team_points(self._tricks)

    def scores(self) -> tuple[int, int]:
        """Each team's score for the round (:func:`hand_scores`), once it is over."""
        if self._phase != "over":
            raise XactikaError(_("the hand is not over: no scores yet"))
        return hand_scores(self._tricks, self._declarer, self._high_bid)


class LostHeirRound(LostHeirRoundState):
    """One round (one deal, "a hand" in the seed) of Lost Heir as it stands (see the
    module's description for the rules).

    ``hands`` are the four seats' 8 cards each (cards or notation), ``dealer`` 0-3.
    Build a seeded one with :meth:`deal`; :meth:`apply` plays an action of
    :attr:`current_player`; :meth:`view` is what one seat may know.

    >>> rnd = LostHeirRound(["0T 1T 2T 3T 4T 5T 6T 7T", "0M 1M 2M 3M 4M 5M 6M 7M",
    ...                      "0H 1H 2H 3H 4H 5H 6H 7H", "0W 1W 2W 3W 4W 5W 6W 7W"], dealer=2)
    >>> rnd.apply("pass"); rnd.apply("pass"); rnd.apply("bid 4"); rnd.apply("pass")
    >>> rnd.declarer, rnd.current_player
    (1, 1)

    Raises :class:`~xactika_edu.XactikaError` unless the deal is 4 hands of 8 different
    cards, and :class:`~xactika_edu.NotationError` for a card that cannot be read.
    Source: seed 004, Lost Heir.
    """

    @classmethod
    def deal(cls, dealer: int = 0, seed: Seed = None) -> LostHeirRound:
        """A round dealt from a shuffled deck (:func:`deal_lost_heir`); same seed, same deal."""
        return cls(deal_lost_heir(seed), dealer)

    # the rules -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now (empty when the round is over).

        Bids come in order (pass first); plays in the order the cards are held.
        """
        if self._phase == "bid":
            return self._legal_bids()
        if self._phase == "over":
            return []
        held = self._held[self._turn]
        if self._trick:
            led = self._trick[0][1].city
            following = [card for card in held if card.city == led]
            return [Action("play", card=card) for card in following or held]
        plays = [Action("play", card=card) for card in held]
        return ([TAKE] if self._may_pass_lead() else []) + plays

    def _legal_bids(self) -> list[Action]:
        if self._refusal == "refused":
            return ([RAISE] if (self._high_bid or 0) < MAX_BID else []) + [GIVE]
        if self._refusal == "raised":
            return [ACCEPT, REFUSE]
        low = MIN_BID if self._high_bid is None else self._high_bid + 1
        bids = [PASS] + [Action("bid", bid=n) for n in range(low, MAX_BID + 1)]
        return bids + ([REFUSE] if self._turn == self._dealer and self._high_bid else [])

    def _may_pass_lead(self) -> bool:
        return bool(self._tricks) and not self._passed and not self._trick

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an :class:`Action` or its notation) for the seat to act.

        Raises:
            NotationError: if the text is no action.
            IllegalBidError: for a bidding action (a bid, pass or a word of the
                refusal) the rules do not allow now, also once the bidding is over.
            IllegalPlayError: for a play or "take a lead" they do not allow now (also
                a play during the bidding is an IllegalBidError: it is the bidding's
                turn). The round is unchanged after an error.
        """
        act = action if isinstance(action, Action) else Action.parse(action)
        if act not in self.legal_actions():
            raise why_illegal(self, act)
        seat = self._turn
        self._actions.append((seat, act))
        if act.kind == "play":
            self._play(seat, act.card)  # type: ignore[arg-type]
        elif act.kind == "take":
            self._passed, self._turn = True, (seat + 2) % PLAYERS
        else:
            self._bid(seat, act)

    def _bid(self, seat: int, act: Action) -> None:
        dealer = self._dealer
        if act.kind == "bid":
            self._high_bid, self._high_bidder = act.bid, seat
        if act.kind == "refuse":
            self._refusal, self._turn = "refused", self._high_bidder  # type: ignore[assignment]
        elif act.kind == "raise":
            self._high_bid = (self._high_bid or 0) + 1
            self._refusal, self._turn = "raised", dealer
        elif act.kind == "give":
            self._high_bidder = dealer
            self._start_play()
        elif act.kind == "accept" or seat == dealer:
            self._start_play()
        else:
            self._turn = (seat + 1) % PLAYERS

    def _start_play(self) -> None:
        self._refusal = ""
        if self._high_bidder is None:
            self._phase = "over"
            return
        self._declarer = self._turn = self._high_bidder
        self._phase = "play"

    def _play(self, seat: int, card: LostHeirCard) -> None:
        if self._trump is None:
            self._trump = card.city
        self._held[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < PLAYERS:
            self._turn = (seat + 1) % PLAYERS
            return
        cards = [played for _seat, played in self._trick]
        led = cards[0].city
        position = int(
            trick_winner(
                [c.rank for c in cards],
                [c.city == led for c in cards],
                trumps=[c.city == self._trump for c in cards],
            )
        )
        leader = self._trick[0][0]
        winner = self._trick[position][0]
        self._tricks.append(LostHeirTrick(leader, tuple(cards), winner, self._passed))
        self._trick, self._passed, self._turn = [], False, winner
        if len(self._tricks) == CARDS_EACH:
            self._phase = "over"

    # views, copies and records ---------------------------------------------------------

    def view(self, seat: int) -> LostHeirView:
        """What ``seat`` may know now (its own cards, not the others')."""
        seat = check_whole(seat, "seat", 0, PLAYERS - 1)
        mine = self._phase != "over" and seat == self._turn
        return LostHeirView(
            seat=seat,
            dealer=self._dealer,
            hand=tuple(self._held[seat]),
            phase=self._phase,
            current_player=self.current_player,
            actions=self.actions,
            high_bid=self._high_bid,
            high_bidder=self._high_bidder,
            declarer=self._declarer,
            trump=self._trump,
            trick=tuple(self._trick),
            tricks=self.tricks,
            cards_held=tuple(len(hand) for hand in self._held),
            _legal=tuple(self.legal_actions()) if mine else (),
        )

    def copy(self) -> LostHeirRound:
        """An independent copy (replayed from the record)."""
        return LostHeirRound.from_record(self.to_record())

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: ``dealer``, ``hands`` (short notation) and ``actions``."""
        return {
            "dealer": self._dealer,
            "hands": [" ".join(str(card) for card in hand) for hand in self._start],
            "actions": [str(action) for _seat, action in self._actions],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> LostHeirRound:
        """Replay a record made by :meth:`to_record`, checking every action: raises
        XactikaError for a malformed record, IllegalBidError or IllegalPlayError for an
        action that breaks the rules.

        >>> rnd = LostHeirRound.deal(seed=5)
        >>> rnd.apply("bid 7")
        >>> LostHeirRound.from_record(rnd.to_record()) == rnd
        True
        """
        check_record(record, _("Lost Heir hand record"), max_depth=1)
        require_keys(record, ("dealer", "hands", "actions"), _("Lost Heir hand record"))
        rnd = cls(record["hands"], record["dealer"])
        for action in _as_list(record["actions"]):
            rnd.apply(action)
        return rnd

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The round in words: the deal, the bidding, each trick, the points and the score.

        ``names`` (one per seat, North first) replace the seat names; the sides keep
        theirs. Raises :class:`~xactika_edu.XactikaError` unless ``names`` is ``None``
        or 4 names.

        >>> print(LostHeirRound.deal(dealer=2, seed=1).transcript(["Ana", "Ben", "Cy", "Di"]))
        ... # doctest: +ELLIPSIS
        Lost Heir hand: Cy deals
        Ana: ...
        """
        return round_transcript(self, names)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LostHeirRound) and self.to_record() == other.to_record()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LostHeirRound.from_record({self.to_record()!r})"

    def __str__(self) -> str:
        return round_transcript(self)


def _as_list(value: object) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise XactikaError(_("expected a list, got {value}").format(value=shown(value)))
    return list(value)
