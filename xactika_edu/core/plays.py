"""The values of play: a :class:`Play` (a card, and the call of a lead), a finished
:class:`Trick`, and the phases of a round.

Re-exported by :mod:`xactika_edu.core.game`, where they are documented with the
:class:`~xactika_edu.core.game.Round` that uses them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..base.checks import as_items, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from .cards import DECK, Card, Combination, as_card, as_combination
from .rules import XACTIKA, Ruleset, legal_follows, reveals_void
from .rules import trick_winner as winner_position

__all__ = [
    "BID",
    "FOLLOWS",
    "LEADS",
    "OVER",
    "PHASES",
    "PLAY",
    "Play",
    "Trick",
    "legal_plays",
    "seat_namer",
    "voids_shown",
    "winner_index",
]

#: Phase of a round while players bid.
BID = "bid"
#: Phase of a round while tricks are played.
PLAY = "play"
#: Phase of a round after the last trick.
OVER = "over"
#: The phases of a round, in order.
PHASES: tuple[str, str, str] = (BID, PLAY, OVER)

# Per-card lookups so the hot paths never rebuild combinations or sum counts.
_COMBOS: dict[Card, frozenset[Combination]] = {card: frozenset(card.combinations) for card in DECK}
_VALUE: dict[Card, int] = {card: card.value for card in DECK}


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
        card: the card (a :class:`~xactika_edu.core.cards.Card` or notation).
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
        if self.call is None:
            return str(self.card)
        return _("{card} calling {call}").format(card=self.card, call=self.call)

    def notation(self, code: str | None = None) -> str:
        """The play's notation with the call's short form in language ``code`` (default:
        the current one): ``'3213:2cu'``; Spanish stars ``'3213:3es'``. Records and
        ``repr`` use English, so they read the same in every language."""
        if self.call is None:
            return str(self.card)
        return f"{self.card}:{self.call.count}{self.call.shape.names(code)[2]}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Play.parse({self.notation('en')!r})"

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read ``"3213:2cu"`` (a lead and its call) or ``"3213"`` (a follow).

        >>> Play.parse("3213:two cubes").call
        Combination.parse('2 cubes')
        >>> Play.parse("3213:")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read play '3213:': expected a card, or ...

        Raises:
            NotationError: quoting ``text`` if it cannot be read.
        """
        if not isinstance(text, str):
            raise NotationError(
                _("cannot read play {text}: expected text like '3213:2cu'").format(text=shown(text))
            )
        card_text, colon, call_text = text.partition(":")
        if colon and not call_text.strip():
            raise NotationError(
                _(
                    "cannot read play {text}: expected a card, or a card and a call like '3213:2cu'"
                ).format(text=shown(text))
            )
        try:
            card = Card.parse(card_text)
            call = Combination.parse(call_text) if colon else None
        except NotationError as error:
            raise NotationError(
                _("cannot read play {text}: {problem}").format(text=shown(text), problem=error)
            ) from None
        return cls(card, call)


# Every play a card allows, built once: four leads (shape order) and one follow.
LEADS: dict[Card, tuple[Play, ...]] = {
    card: tuple(Play(card, combination) for combination in card.combinations) for card in DECK
}
FOLLOWS: dict[Card, Play] = {card: Play(card) for card in DECK}


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
        name = seat_namer(names, 1 + max(seat for seat, _ in self.plays), exact=False)
        parts = [
            _("{name} leads {card} calling {call}").format(
                name=name(self.leader), card=self.plays[0][1].card, call=self.call
            )
        ]
        parts += [
            _("{name} plays {card}").format(name=name(seat), card=play.card)
            for seat, play in self.plays[1:]
        ]
        parts.append(_("{name} wins").format(name=name(self.winner)))
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.describe()


def seat_namer(names: Sequence[str] | None, players: int, *, exact: bool = True) -> Any:
    """A function from a seat to its name: ``names[seat]``, or ``"player 3"``.

    Raises :class:`XactikaError` unless ``names`` is ``None`` or a list of text, one
    per player (at least ``players`` of them if not ``exact``).
    """
    if names is None:
        return lambda seat: _("player {seat}").format(seat=seat)
    given = as_items(names, "names", example="['Anne', 'Tim']")
    if len(given) != players if exact else len(given) < players:
        raise XactikaError(
            _("give one name per player ({players}), got {names}").format(
                players=players, names=shown(names)
            )
        )
    if not all(isinstance(name, str) for name in given):
        raise XactikaError(
            _("names must be text, like ['Anne', 'Tim'], got {names}").format(names=shown(names))
        )
    return lambda seat: given[seat]


def winner_index(cards: Sequence[Card], call: Combination, rules: Ruleset = XACTIKA) -> int:
    """The position (0 = the lead) of the card that wins a trick (see
    :func:`xactika_edu.core.rules.trick_winner`)."""
    values = [_VALUE[card] for card in cards]
    return int(winner_position(values, [call in _COMBOS[card] for card in cards], rules))


def legal_plays(
    hand: Sequence[Card], call: Combination | None, rules: Ruleset = XACTIKA
) -> list[Play]:
    """The plays a player holding ``hand`` may make: with no call yet, every card with
    each of its four combinations (hand order, then shape order); else the legal
    follows (:func:`xactika_edu.core.rules.legal_follows`)."""
    if call is None:
        return [play for card in hand for play in LEADS[card]]
    return [FOLLOWS[card] for card in legal_follows(hand, call, rules)]


def voids_shown(
    tricks: Iterable[Trick],
    current: Sequence[tuple[int, Play]],
    players: int,
    rules: Ruleset = XACTIKA,
) -> tuple[tuple[Combination, ...], ...]:
    """Per seat, the combinations (sorted) it has shown it does not hold."""
    voids: list[set[Combination]] = [set() for _ in range(players)]
    plays = [trick.plays for trick in tricks]
    if current:
        plays.append(tuple(current))
    for trick_plays in plays:
        # a trick's first play is its lead, and a lead always calls (Round.play)
        call = cast(Combination, trick_plays[0][1].call)
        for seat, play in trick_plays[1:]:
            if reveals_void(call in _COMBOS[play.card], rules):
                voids[seat].add(call)
    return tuple(tuple(sorted(combinations)) for combinations in voids)
