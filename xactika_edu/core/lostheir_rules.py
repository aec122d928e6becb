"""The rules of seed 004's "Lost Heir" as values: the bids' range, the points, the
bidder's risk, the actions and their notation, a finished trick, and a seat's view.

The round that plays by them is :class:`~xactika_edu.core.lostheir.LostHeirRound`.

>>> hand_points(7, heir=True, wrong_boy=False), bidder_score(6, 5)
(12, -6)

Source: seed 004, Lost Heir. Core layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base.checks import check_whole, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from .lostheir_cards import (
    CARDS_EACH,
    LOST_HEIR,
    LOST_HEIR_DECK,
    PLAYERS,
    WRONG_BOY,
    LostHeirCard,
)

__all__ = [
    "ACCEPT",
    "GIVE",
    "HEIR_POINTS",
    "MAX_BID",
    "MIN_BID",
    "PASS",
    "RAISE",
    "REFUSE",
    "TAKE",
    "WRONG_BOY_POINTS",
    "Action",
    "LostHeirTrick",
    "LostHeirView",
    "bidder_score",
    "hand_points",
    "hand_scores",
    "team_points",
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
    tricks = check_whole(tricks, "tricks", 0, CARDS_EACH)
    return tricks + HEIR_POINTS * bool(heir) + WRONG_BOY_POINTS * bool(wrong_boy)


def bidder_score(bid: int, points: int) -> int:
    """The declaring side's score: its points if they meet or pass the bid, else minus the bid.

    Source: seed 004, Lost Heir, "The Bidder's Risk".

    >>> bidder_score(6, 6), bidder_score(6, 9), bidder_score(6, 5)
    (6, 9, -6)
    """
    bid = check_whole(bid, "bid", MIN_BID, MAX_BID)
    points = check_whole(points, "points", -100, 100)
    return points if points >= bid else -bid


def team_points(tricks: Sequence[LostHeirTrick]) -> tuple[int, int]:
    """Each side's points (North/South, East/West) from the tricks it won (:func:`hand_points`).

    >>> from xactika_edu.core.lostheir_cards import parse_lost_heir_cards
    >>> team_points([LostHeirTrick(0, parse_lost_heir_cards("7W 0T 1W 0W"), winner=0)])
    (3, 0)
    """
    won = [[trick for trick in tricks if trick.winner % 2 == team] for team in (0, 1)]
    cards = [{card for trick in won[team] for card in trick.cards} for team in (0, 1)]
    north_south, east_west = (
        hand_points(len(won[t]), LOST_HEIR in cards[t], WRONG_BOY in cards[t]) for t in (0, 1)
    )
    return north_south, east_west


def hand_scores(
    tricks: Sequence[LostHeirTrick], declarer: int | None, bid: int | None
) -> tuple[int, int]:
    """Each side's score for a hand: the declarer's side by :func:`bidder_score`, the
    other side its points (:func:`team_points`); ``(0, 0)`` for a thrown-in hand
    (``declarer`` None). Source: seed 004, Lost Heir, "The Bidder's Risk".

    >>> from xactika_edu.core.lostheir_cards import parse_lost_heir_cards
    >>> hand_scores([LostHeirTrick(0, parse_lost_heir_cards("7W 0T 1W 0W"), winner=0)], 1, 4)
    (3, -4)
    """
    if declarer is None or bid is None:
        return (0, 0)
    points = list(team_points(tricks))
    points[declarer % 2] = bidder_score(bid, points[declarer % 2])
    return points[0], points[1]


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
        whole = isinstance(self.bid, int) and not isinstance(self.bid, bool)
        ok = self.kind in _KINDS and (whole if self.kind == "bid" else self.bid is None)
        card_ok = isinstance(self.card, LostHeirCard) if self.kind == "play" else self.card is None
        if not (ok and card_ok):
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
    other hands. :meth:`legal_actions` lists the seat's legal actions when it is its turn.

    Made by :meth:`~xactika_edu.core.lostheir.LostHeirRound.view`.

    >>> from xactika_edu.core.lostheir import LostHeirRound
    >>> rnd = LostHeirRound.deal(dealer=0, seed=3)
    >>> [str(action) for action in rnd.view(1).legal_actions()][:3], rnd.view(2).legal_actions()
    (['pass', 'bid 4', 'bid 5'], [])
    """

    seat: int
    dealer: int
    hand: tuple[LostHeirCard, ...]
    phase: str
    current_player: int | None
    actions: tuple[tuple[int, Action], ...]
    high_bid: int | None
    high_bidder: int | None
    declarer: int | None
    trump: int | None
    trick: tuple[tuple[int, LostHeirCard], ...]
    tricks: tuple[LostHeirTrick, ...]
    cards_held: tuple[int, ...]
    _legal: tuple[Action, ...]

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now (an empty list when it is not its turn)."""
        return list(self._legal)

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
