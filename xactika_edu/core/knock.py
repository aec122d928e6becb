"""The ZXT knock game of seed 004: card points, the hand value, actions and a player's view.

Source: seed 004, "ZXT Games". Each card scores points: an ace 1, 3-10 their face
value, a jack 11, a queen 12, a king 13 (:func:`card_points`; the deck's
:class:`~xactika_edu.core.playing_cards.PlayingCard` keeps aces as rank 14, this game
reads them as 1). A 2 is wild: it may stand for any rank to complete a group, and three
or more cards of a kind score 0 (:func:`hand_value`). A 2 not used in a group scores 2
(docs/other-games.md, "ZXT knock game", says why).

>>> hand_value("7C 7D 7H 7S 2C")          # seed: four 7s and a 2 are worth zero
0
>>> hand_value("7C 7D 7H AS KS"), hand_value("AS 3C 2D")
(14, 6)
>>> str(KnockAction.parse("discard q♠")), str(KnockAction.parse("KNOCK"))
('discard Q♠', 'knock')

The round is :class:`~xactika_edu.core.knock_round.KnockRound`, the whole game
:class:`~xactika_edu.core.knock_game.KnockGame`. Core layer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..base.checks import shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from .playing_cards import PlayingCard, as_playing_cards

__all__ = [
    "CARDS_EACH",
    "DISCARD",
    "DRAW_PILE",
    "DRAW_STOCK",
    "ELIMINATED_OVER",
    "KNOCK",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SKUNK_BELOW",
    "WILD_RANK",
    "KnockAction",
    "KnockView",
    "card_points",
    "hand_value",
    "holds_group",
    "knock_penalty",
    "legal_actions_for",
]

#: Players in a round: 2 to 5 (seed 004, "Setup").
MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: Cards dealt to each player (seed 004, "The Deal").
CARDS_EACH = 5
#: The wild rank: 2s (seed 004, "Card Values").
WILD_RANK = 2
#: The smallest group of a kind that scores 0 (seed 004, "Scoring Zero").
GROUP = 3
#: A total above this eliminates a player (seed 004, "Winning the Game").
ELIMINATED_OVER = 100
#: A player eliminated while the winner's total was below this is "skunked".
SKUNK_BELOW = 50
#: Points added to an invalid knock per star beyond the first (seed 004, "Penalties").
PENALTY_STEP = 10

#: The four kinds of action.
DRAW_STOCK, DRAW_PILE, KNOCK, DISCARD = "draw stock", "draw pile", "knock", "discard"
_KINDS = (DRAW_STOCK, DRAW_PILE, KNOCK)


def card_points(card: PlayingCard | str) -> int:
    """The points a card scores alone: ace 1, 2-10 face value, J 11, Q 12, K 13.

    >>> [card_points(card) for card in ("AS", "2C", "10H", "JD", "QC", "KS")]
    [1, 2, 10, 11, 12, 13]

    Source: seed 004, "Card Values" (a 2 scores 2 when not used in a group: our choice).
    """
    card = as_playing_cards([card])[0]
    return 1 if card.rank == 14 else card.rank


def hand_value(hand: Iterable[PlayingCard | str] | str) -> int:
    """The least total of a hand over every use of its wild 2s.

    Cards in a group of three or more of a kind score 0; a 2 may join any group (or
    three or more 2s make a group of their own); every other card scores
    :func:`card_points`. Any number of cards (5 between turns, 6 after a draw).

    >>> hand_value("7C 7D 2H KS QS"), hand_value("7C 7D 2H 2S QS"), hand_value("2C 9S KS")
    (25, 12, 24)

    Raises :class:`~xactika_edu.NotationError` for a card that cannot be read and
    :class:`~xactika_edu.XactikaError` for a card given twice.
    Source: seed 004, "Card Values" and "Scoring Zero".
    """
    cards = as_playing_cards(hand)
    wilds = sum(1 for card in cards if card.rank == WILD_RANK)
    counts = Counter(card_points(card) for card in cards if card.rank != WILD_RANK)
    ranks = sorted(counts)
    best = sum(points * count for points, count in counts.items()) + 2 * wilds
    # Choose which ranks to make into groups; leftover 2s join any group made (or
    # form one of their own when there are three or more), else score 2 each.
    for size in range(len(ranks) + 1):
        for chosen in combinations(ranks, size):
            used = sum(max(0, GROUP - counts[points]) for points in chosen)
            if used > wilds:
                continue
            left = sum(points * counts[points] for points in ranks if points not in chosen)
            grouped = bool(chosen) or wilds >= GROUP
            best = min(best, left + (0 if grouped else 2 * (wilds - used)))
    return best


def holds_group(hand: Iterable[PlayingCard | str] | str) -> bool:
    """Whether a hand holds three or more of a kind, counting its wild 2s.

    >>> holds_group("7C 7D 2H KS QS"), holds_group("2C 2D 9S KS QS"), holds_group("7C 7D KS")
    (True, True, False)

    Source: seed 004, "Scoring Zero" (three 2s with any card, or two 2s and any card,
    make three of a kind: the 2s stand for that card's rank).
    """
    cards = as_playing_cards(hand)
    wilds = sum(1 for card in cards if card.rank == WILD_RANK)
    counts = Counter(card.rank for card in cards if card.rank != WILD_RANK)
    return max(counts.values(), default=0) + wilds >= GROUP


def knock_penalty(stars: int) -> int:
    """The points an invalid knock adds when it brings a player's stars to ``stars``.

    >>> [knock_penalty(stars) for stars in (1, 2, 3, 4)]
    [0, 10, 20, 30]

    Source: seed 004, "Invalid Knock & Penalties".
    """
    if not isinstance(stars, int) or isinstance(stars, bool) or stars < 1:
        raise XactikaError(_("stars must be 1 or more, got {stars}").format(stars=shown(stars)))
    return PENALTY_STEP * (stars - 1)


@dataclass(frozen=True, slots=True)
class KnockAction:
    """One action of a turn: ``draw stock``, ``draw pile``, ``knock`` or ``discard <card>``.

    ``str`` is the notation, :meth:`parse` reads it back, ``repr`` rebuilds the action.

    >>> KnockAction(DISCARD, PlayingCard.parse("7S"))
    KnockAction.parse('discard 7♠')
    """

    kind: str
    card: PlayingCard | None = None

    def __post_init__(self) -> None:
        if self.kind not in (*_KINDS, DISCARD) or (self.card is None) != (self.kind != DISCARD):
            raise XactikaError(
                _("an action is draw stock, draw pile, knock or discard a card, got {kind}").format(
                    kind=shown(self.kind)
                )
            )

    @classmethod
    def parse(cls, text: str) -> KnockAction:
        """The action written ``text`` (``"draw stock"``, ``"knock"``, ``"discard 7S"``).

        Raises :class:`~xactika_edu.NotationError` naming the text if it is no action.
        """
        if not isinstance(text, str):
            raise NotationError(_("cannot read action {text}: not text").format(text=shown(text)))
        words = " ".join(text.strip().lower().split())
        if words in _KINDS:
            return cls(words)
        head, _space, card = words.partition(" ")
        if head == DISCARD and card:
            return cls(DISCARD, PlayingCard.parse(card))
        raise NotationError(
            _(
                "cannot read action {text}: write draw stock, draw pile, knock or discard "
                "and a card (discard 7♠)"
            ).format(text=shown(text))
        )

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"

    def __repr__(self) -> str:
        return f"KnockAction.parse('{self}')"


def legal_actions_for(
    hand: Sequence[PlayingCard],
    phase: str,
    *,
    can_knock: bool,
    pile_size: int,
    stock_size: int,
    taken: PlayingCard | None,
) -> list[KnockAction]:
    """The legal actions of the player to act, from what that player may see.

    ``phase`` is ``"draw"`` (a turn starts: draw from the stock or the pile, or knock
    if ``can_knock``) or ``"discard"`` (discard any card but ``taken``, the card just
    taken from the pile); any other phase has none.

    >>> hand = as_playing_cards("7C 7D 7H AS KS 3C")
    >>> len(legal_actions_for(hand, "discard", can_knock=False, pile_size=1, stock_size=9,
    ...                       taken=hand[-1]))
    5

    Source: seed 004, "Gameplay Turn" (the choices on ``taken`` and an empty pile are
    in docs/other-games.md).
    """
    if phase == "draw":
        actions = [KnockAction(DRAW_STOCK)] if stock_size else []
        actions += [KnockAction(DRAW_PILE)] if pile_size else []
        return actions + ([KnockAction(KNOCK)] if can_knock else [])
    if phase == "discard":
        return [KnockAction(DISCARD, card) for card in sorted(hand) if card != taken]
    return []


@dataclass(frozen=True, slots=True)
class KnockView:
    """What one seat may know at a moment of a knock round: its own hand, the discard
    pile, how many cards are in the stock, the stars and totals; never the other hands
    or the stock's order (until the reveal, when ``revealed`` holds every hand).

    Made by :meth:`~xactika_edu.core.knock_round.KnockRound.view`.

    >>> from xactika_edu.core.knock_round import KnockRound
    >>> view = KnockRound(["7C 7D 7H 5S 4S", "KC KD QH QS JS"], "9C 9D", "2H", dealer=1).view(0)
    >>> print(view)
    player 0: hand 7♣ 7♦ 7♥ 4♠ 5♠ (value 9); discard pile top 2♥; 2 cards in the stock; phase draw
    >>> [str(action) for action in view.legal_actions()]
    ['draw stock', 'draw pile', 'knock']

    Attributes:
        seat, players, dealer: the seat viewing and the round's shape.
        hand: the seat's cards now (sorted).
        pile: the discard pile, bottom first (its last card is the top, face up).
        stock_size: cards left in the stock.
        hand_sizes: how many cards each seat holds.
        current_player: whose turn it is (``None`` when over); phase: ``"draw"``,
            ``"discard"`` or ``"over"``.
        knocker: the seat that knocked, if any; taken: the card the player to act
            just took from the pile (it may not be discarded at once), if any.
        stars, totals: each seat's stars and running total before this round.
        revealed: every hand once the round is over, else ``None``.
        scores: the round's scores once it is over, else ``None``.
    """

    seat: int
    players: int
    dealer: int
    hand: tuple[PlayingCard, ...]
    pile: tuple[PlayingCard, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    current_player: int | None
    phase: str
    knocker: int | None
    taken: PlayingCard | None
    stars: tuple[int, ...]
    totals: tuple[int, ...]
    revealed: tuple[tuple[PlayingCard, ...], ...] | None
    scores: tuple[int, ...] | None

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing seat is to act."""
        return self.current_player == self.seat

    @property
    def top(self) -> PlayingCard | None:
        """The top card of the discard pile (face up), if any."""
        return self.pile[-1] if self.pile else None

    def legal_actions(self) -> list[KnockAction]:
        """The viewing seat's legal actions now (none when it is not its turn)."""
        if not self.is_my_turn:
            return []
        return legal_actions_for(
            self.hand,
            self.phase,
            can_knock=self.knocker is None,
            pile_size=len(self.pile),
            stock_size=self.stock_size,
            taken=self.taken,
        )

    def __str__(self) -> str:
        cards = " ".join(str(card) for card in self.hand)
        top = str(self.top) if self.top else "-"
        return _(
            "player {seat}: hand {cards} (value {value}); discard pile top {top}; "
            "{stock} cards in the stock; phase {phase}"
        ).format(
            seat=self.seat,
            cards=cards,
            value=hand_value(self.hand),
            top=top,
            stock=self.stock_size,
            phase=self.phase,
        )
