"""One hand of seed 004's "Lost Heir": bidding with the dealer's refusal, trump named by
the first lead, tricks with "take a lead", and the score with the bidder's risk.

Four seats, 0 North, 1 East, 2 South, 3 West; "left" is the next seat; North/South
(team 0) play against East/West (team 1). A :class:`LostHeirHand` lists its
:meth:`~LostHeirHand.legal_actions` and changes by :meth:`~LostHeirHand.apply`; an
illegal action raises :class:`~xactika_edu.IllegalBidError` or
:class:`~xactika_edu.IllegalPlayError` naming the rule and leaves the hand unchanged.

>>> hand = LostHeirHand.deal(dealer=0, seed=3)
>>> hand.phase, hand.current_player, [str(a) for a in hand.legal_actions()][:3]
('bid', 1, ['pass', 'bid 4', 'bid 5'])
>>> for action in ("bid 5", "pass", "pass", "refuse", "raise", "accept"):
...     hand.apply(action)
>>> hand.phase, hand.declarer, hand.contract, hand.current_player
('play', 1, 6, 1)
>>> hand.apply("take a lead")
Traceback (most recent call last):
...
xactika_edu.IllegalPlayError: East may not say 'take a lead': the lead of the first trick ...

The rules (seed 004, Lost Heir; docs/other-games.md, "Lost Heir", says how each
unclear point was settled): each seat speaks once, from the dealer's left, the
dealer last; a bid is 4 to 12 (:data:`MIN_BID`, :data:`MAX_BID`) and beats the bid
before it; the dealer may refuse another seat's high bid ("I won't take your bid"),
then that bidder raises by one or gives the bid to the dealer, and after a raise the
dealer accepts or refuses again. If all four pass, the hand is thrown in. The high
bidder (the *declarer*) leads the first card, whose city is trump. Players follow
the led city if able, otherwise play any card. From the second trick on, the
winner of the last trick may say "take a lead" and the partner leads instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalBidError, IllegalPlayError, NotationError, XactikaError
from ..base.language import gettext as _
from .cards import Seed
from .lostheir_cards import (
    CARDS_EACH,
    LOST_HEIR,
    LOST_HEIR_DECK,
    PLAYERS,
    WRONG_BOY,
    LostHeirCard,
    deal_lost_heir,
    parse_lost_heir_cards,
    seat_name,
)
from .lostheir_text import hand_transcript
from .round_text import require_keys
from .rules import trick_winner

__all__ = [
    "HEIR_POINTS",
    "MAX_BID",
    "MIN_BID",
    "WRONG_BOY_POINTS",
    "Action",
    "LostHeirHand",
    "LostHeirTrick",
    "LostHeirView",
    "bidder_score",
    "hand_points",
]

#: The lowest bid (seed 004: "Minimum Bid: 4").
MIN_BID = 4
#: The highest bid: the most one hand can score (seed 004: "The max score in one hand is 12").
MAX_BID = 12
#: Points for capturing the Lost Heir.
HEIR_POINTS = 5
#: Points for capturing the Wrong Boy (a penalty).
WRONG_BOY_POINTS = -3
_KINDS = ("bid", "pass", "refuse", "raise", "give", "accept", "take", "play")
_WORDS = {"pass": "pass", "refuse": "refuse", "raise": "raise", "give": "give",
          "accept": "accept", "take": "take a lead"}  # fmt: skip


def hand_points(tricks: int, heir: bool, wrong_boy: bool) -> int:
    """A side's points from one hand: +1 a trick, +5 for the Lost Heir, -3 for the Wrong Boy.

    Source: seed 004, Lost Heir, "Scoring": "The max score in one hand is 12 (7 tricks
    + 5 Lost Heir and did not take the Wrong Boy). If a team takes all 8 tricks and
    both boys, the score is 10".

    >>> hand_points(7, True, False), hand_points(8, True, True), hand_points(1, False, True)
    (12, 10, -2)
    """
    return tricks + HEIR_POINTS * bool(heir) + WRONG_BOY_POINTS * bool(wrong_boy)


def bidder_score(bid: int, points: int) -> int:
    """The declaring side's score: its points if they meet or pass the bid, else minus the bid.

    Source: seed 004, Lost Heir, "The Bidder's Risk".

    >>> bidder_score(6, 6), bidder_score(6, 9), bidder_score(6, 5)
    (6, 9, -6)
    """
    return points if points >= bid else -bid


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a hand: a bid, a pass, a refusal exchange word, "take a lead" or a card.

    ``kind`` is one of ``bid pass refuse raise give accept take play``; a bid carries
    ``bid``, a play carries ``card``. ``str`` is the notation (``"bid 5"``, ``"pass"``,
    ``"refuse"``, ``"raise"``, ``"give"``, ``"accept"``, ``"take a lead"``, ``"7W"``),
    :meth:`parse` reads it back, ``repr`` rebuilds the action.

    >>> Action.parse("Bid 5"), Action.parse("mayor of winnipeg"), str(Action("take"))
    (Action.parse('bid 5'), Action.parse('7W'), 'take a lead')
    """

    kind: str
    bid: int | None = None
    card: LostHeirCard | None = None

    def __post_init__(self) -> None:
        ok = self.kind in _KINDS and (self.bid is not None) == (self.kind == "bid")
        if not ok or (self.card is not None) != (self.kind == "play"):
            raise XactikaError(
                _("not a Lost Heir action: kind {kind}, bid {bid}, card {card}").format(
                    kind=shown(self.kind), bid=shown(self.bid), card=shown(self.card)
                )
            )

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written ``text`` (any letter case); a card in short or long notation."""
        if isinstance(text, str):
            words = " ".join(text.split()).lower()
            for kind, word in _WORDS.items():
                if words == word:
                    return cls(kind)
            number = words.removeprefix("bid ")
            if words.startswith("bid ") and number.isdigit() and len(number) < 4:
                return cls("bid", bid=int(number))
            try:
                return cls("play", card=LostHeirCard.parse(text))
            except NotationError:
                pass
        raise NotationError(
            _(
                "cannot read Lost Heir action {text}: write pass, bid 5, refuse, raise, give,"
                " accept, take a lead or a card (7W)"
            ).format(text=shown(text))
        )

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.bid}"
        return str(self.card) if self.kind == "play" else _WORDS[self.kind]

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"


PASS, REFUSE, RAISE, GIVE, ACCEPT, TAKE = (Action(kind) for kind in _WORDS)


@dataclass(frozen=True, slots=True)
class LostHeirTrick:
    """A finished trick: who led, the cards in the order played, who won, and whether
    the lead was passed to the leader by "take a lead"."""

    leader: int
    cards: tuple[LostHeirCard, ...]
    winner: int
    passed: bool = False

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in the order they played."""
        return tuple((self.leader + i) % PLAYERS for i in range(len(self.cards)))


@dataclass(frozen=True)
class LostHeirView:
    """What one seat may know: its own cards and everything said and played, not the
    other hands. ``legal`` lists the seat's legal actions when it is its turn."""

    seat: int
    dealer: int
    hand: tuple[LostHeirCard, ...]
    phase: str
    current_player: int
    actions: tuple[tuple[int, Action], ...]
    high_bid: int | None
    high_bidder: int | None
    declarer: int | None
    trump: int | None
    trick: tuple[tuple[int, LostHeirCard], ...]
    tricks: tuple[LostHeirTrick, ...]
    cards_held: tuple[int, ...]
    legal: tuple[Action, ...]

    @property
    def partner(self) -> int:
        """The seat across the table."""
        return (self.seat + 2) % PLAYERS

    @property
    def played(self) -> tuple[LostHeirCard, ...]:
        """Every card played so far, in order."""
        done = tuple(card for trick in self.tricks for card in trick.cards)
        return done + tuple(card for _seat, card in self.trick)

    @property
    def unseen(self) -> tuple[LostHeirCard, ...]:
        """The cards in the other three hands (neither held nor played), in deck order."""
        known = set(self.hand) | set(self.played)
        return tuple(card for card in LOST_HEIR_DECK if card not in known)


class LostHeirHand:
    """One hand of Lost Heir as it stands (see the module's description for the rules).

    >>> hand = LostHeirHand(["0T 1T 2T 3T 4T 5T 6T 7T", "0M 1M 2M 3M 4M 5M 6M 7M",
    ...                      "0H 1H 2H 3H 4H 5H 6H 7H", "0W 1W 2W 3W 4W 5W 6W 7W"], dealer=2)
    >>> hand.apply("pass"); hand.apply("pass"); hand.apply("bid 4"); hand.apply("pass")
    >>> hand.declarer, hand.current_player
    (1, 1)
    """

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

    @classmethod
    def deal(cls, dealer: int = 0, seed: Seed = None) -> LostHeirHand:
        """A hand dealt from a shuffled deck (:func:`deal_lost_heir`); same seed, same deal."""
        return cls(deal_lost_heir(seed), dealer)

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
    def current_player(self) -> int:
        """The seat to act; -1 when the hand is over."""
        return -1 if self._phase == "over" else self._turn

    @property
    def contract(self) -> int | None:
        """The declarer's bid once the bidding is over (None before, or if all passed)."""
        return self._high_bid if self._declarer is not None else None

    @property
    def passed_out(self) -> bool:
        """True if all four passed: the hand is thrown in and not played."""
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
        """Each team's points so far (:func:`hand_points`), before the bidder's risk."""
        won = [sum(1 for t in self._tricks if t.winner % 2 == team) for team in (0, 1)]
        north_south, east_west = (
            hand_points(won[t], LOST_HEIR in self.captured(t), WRONG_BOY in self.captured(t))
            for t in (0, 1)
        )
        return north_south, east_west

    def scores(self) -> tuple[int, int]:
        """Each team's score for the hand: the declarer's side by :func:`bidder_score`,
        the other side its points; (0, 0) if thrown in. Only once the hand is over."""
        if self._phase != "over":
            raise XactikaError(_("the hand is not over: no scores yet"))
        if self._declarer is None or self._high_bid is None:
            return (0, 0)
        points = list(self.points())
        side = self._declarer % 2
        points[side] = bidder_score(self._high_bid, points[side])
        return (points[0], points[1])

    # the rules -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now (empty when the hand is over).

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
                turn). The hand is unchanged after an error.
        """
        act = action if isinstance(action, Action) else Action.parse(action)
        if act not in self.legal_actions():
            raise self._why_illegal(act)
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

    def _why_illegal(self, act: Action) -> XactikaError:
        who = seat_name(self._turn) if self._phase != "over" else ""
        text = shown(str(act))
        bidding = act.kind not in ("play", "take")
        error = IllegalBidError if bidding else IllegalPlayError
        if self._phase == "over":
            return error(
                _("the hand is over: no more actions ({action} refused)").format(action=text)
            )
        if self._phase == "bid":
            if not bidding:
                return IllegalBidError(
                    _("{who} may not play {action}: the bidding is not over").format(
                        who=who, action=text
                    )
                )
            return IllegalBidError(self._bid_reason(who, act, text))
        if bidding:
            return IllegalBidError(
                _("{who} may not {action}: the bidding is over").format(who=who, action=text)
            )
        if act.kind == "take":
            if not self._tricks:
                reason = _(
                    "{who} may not say {action}: the lead of the first trick is never passed"
                    " (its card names trump)"
                )
            elif self._trick:
                reason = _("{who} may not say {action}: the trick has been led")
            else:
                reason = _("{who} may not say {action}: the lead was passed already")
            return IllegalPlayError(reason.format(who=who, action=text))
        held = self._held[self._turn]
        if act.card not in held:
            return IllegalPlayError(_("{who} does not hold {action}").format(who=who, action=text))
        led = self._trick[0][1]
        return IllegalPlayError(
            _("{who} must follow {city} (led {led}): may not play {action}").format(
                who=who, city=led.city_name, led=str(led), action=text
            )
        )

    def _bid_reason(self, who: str, act: Action, text: str) -> str:
        if self._refusal == "refused":
            return _(
                "{who} was refused by the dealer: raise (one more, up to {MAX_BID}) or give"
                " the bid to the dealer, not {action}"
            ).format(who=who, MAX_BID=MAX_BID, action=text)
        if self._refusal == "raised":
            return _(
                "the dealer {who} must accept the raised bid or refuse it, not {action}"
            ).format(who=who, action=text)
        if act.kind == "bid":
            low = MIN_BID if self._high_bid is None else self._high_bid + 1
            return _("{who} may not {action}: a bid is from {low} to {MAX_BID}").format(
                who=who, action=text, low=low, MAX_BID=MAX_BID
            )
        if act.kind == "refuse":
            return _(
                "{who} may not refuse: only the dealer refuses another seat's high bid"
            ).format(who=who)
        return _("{who} may not {action} now: it is the bidding").format(who=who, action=text)

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
            legal=tuple(self.legal_actions()) if mine else (),
        )

    def copy(self) -> LostHeirHand:
        """An independent copy (replayed from the record)."""
        return LostHeirHand.from_record(self.record())

    def record(self) -> dict[str, Any]:
        """A JSON-ready record: ``dealer``, ``hands`` (short notation) and ``actions``."""
        return {
            "dealer": self._dealer,
            "hands": [" ".join(str(card) for card in hand) for hand in self._start],
            "actions": [str(action) for _seat, action in self._actions],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> LostHeirHand:
        """Replay a record made by :meth:`record`, checking every action.

        >>> hand = LostHeirHand.deal(seed=5)
        >>> hand.apply("bid 7")
        >>> LostHeirHand.from_record(hand.record()) == hand
        True

        Raises:
            XactikaError: a malformed record; IllegalBidError, IllegalPlayError: an
            action that breaks the rules.
        """
        check_record(record, _("Lost Heir hand record"), max_depth=1)
        require_keys(record, ("dealer", "hands", "actions"), _("Lost Heir hand record"))
        hand = cls(record["hands"], record["dealer"])
        for action in _as_list(record["actions"]):
            hand.apply(action)
        return hand

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LostHeirHand) and self.record() == other.record()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LostHeirHand.from_record({self.record()!r})"

    def __str__(self) -> str:
        return hand_transcript(self)


def _as_list(value: object) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise XactikaError(_("expected a list, got {value}").format(value=shown(value)))
    return list(value)
