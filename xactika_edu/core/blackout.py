"""Blackout, the Oh Hell game of seed 004: one round (:class:`BlackoutRound`).

A Blackout round is the shared trick-taking engine of
:mod:`xactika_edu.core.trick_round` (the same one as Xactika's
:class:`~xactika_edu.core.game.Round`) with the ruleset
:data:`~xactika_edu.core.rules.BLACKOUT`: bids with the dealer's trap
(:func:`~xactika_edu.core.rules.legal_bids`), the all-or-nothing score
(:func:`~xactika_edu.core.rules.blackout_score`), the turns, tricks and records of
the engine. This module adds what is Blackout's own: hands from the 52-card deck
(lowest cards removed for the player count), the trump card, follow suit
(:func:`~xactika_edu.core.rules.legal_follows`) and the trick winner with trumps
(:func:`~xactika_edu.core.rules.trick_winner`). The deck for a player count, the
round schedule, tricks and the view are in :mod:`xactika_edu.core.blackout_parts`
(re-exported here); the whole game (rounds up and down, the dealer rotating left) is
:mod:`xactika_edu.core.blackout_game`.

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

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalPlayError, XactikaError
from ..base.language import gettext as _
from .blackout_parts import (
    BID,
    OVER,
    PLAY,
    Action,
    BlackoutTrick,
    BlackoutView,
    blackout_deck,
    blackout_plays,
    max_round,
    round_schedule,
    trick_words,
)
from .cards import Seed
from .playing_cards import SUIT_SYMBOLS, PlayingCard, as_playing_cards, deal_playing_cards
from .rules import BLACKOUT, legal_follows, trick_winner
from .trick_parts import read_hands
from .trick_round import TrickRound

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

BlackoutHand = tuple[PlayingCard, ...]


def _read_hand(hand: Iterable[PlayingCard | str] | str) -> BlackoutHand:
    return tuple(sorted(as_playing_cards(hand)))


class BlackoutRound(TrickRound[BlackoutHand, PlayingCard, PlayingCard, BlackoutTrick]):
    """One round of Blackout: the deal, the trump card, the bids, the tricks, the scores.

    Build one with :meth:`deal` (seeded) or from given hands. Actions: :meth:`apply`
    (a bid while bidding, a card while playing), listed by :meth:`legal_actions`
    (or :meth:`bid` and :meth:`play`, listed by :meth:`legal_bids` and
    :meth:`legal_plays`); an illegal action raises :class:`~xactika_edu.IllegalBidError`
    or :class:`~xactika_edu.IllegalPlayError` naming the rule and leaves the round as
    it was. Everything else (turns, tricks, scores, :meth:`view`, :meth:`copy`,
    :meth:`transcript`) is the shared engine's,
    :class:`~xactika_edu.core.trick_round.TrickRound`.

    >>> rnd = BlackoutRound.deal(players=3, cards_per_hand=2, dealer=2, seed=5)
    >>> rnd.current_player, rnd.phase, rnd.trump_card is not None
    (0, 'bid', True)

    Args:
        hands: one hand per player (2-8), cards or notation (``"AS 10H"``), the same
            number each (at least 1), no card twice; each hand is kept sorted.
        trump: the turned-up card whose suit is trump, or ``None`` (no trump).
        dealer: the dealer's seat; the player to the dealer's left bids and leads first.

    Raises:
        XactikaError: for hands, a trump card or a dealer that break those rules.
        NotationError: for a card that cannot be read.
    """

    rules = BLACKOUT

    __slots__ = ("_trump",)

    _trump: PlayingCard | None

    def __init__(
        self,
        hands: Iterable[Iterable[PlayingCard | str] | str],
        trump: PlayingCard | str | None = None,
        dealer: int = 0,
    ) -> None:
        read = read_hands(hands, _read_hand, self.rules)
        trump_card = None if trump is None else as_playing_cards([trump])[0]
        if trump_card is not None and any(trump_card in hand for hand in read):
            raise XactikaError(_("the trump card {card} is also in a hand").format(card=trump_card))
        deck = blackout_deck(len(read))
        removed = [card for hand in read for card in hand if card not in deck]
        if trump_card is not None and trump_card not in deck:
            removed.append(trump_card)
        if removed:
            raise XactikaError(
                _(
                    "{cards}: removed from the {players}-player deck (the lowest cards go first)"
                ).format(cards=" ".join(str(card) for card in removed), players=len(read))
            )
        self._trump = trump_card
        self._setup(read, dealer)

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

    @property
    def trump_card(self) -> PlayingCard | None:
        """The turned-up card, ``None`` in a round without trump."""
        return self._trump

    @property
    def trump_suit(self) -> int | None:
        """The trump suit's number (0-3, see :data:`~xactika_edu.core.playing_cards.SUITS`)."""
        return None if self._trump is None else self._trump.suit

    # what Blackout adds to the engine -----------------------------------------------

    def _as_hand(self, cards: list[PlayingCard]) -> BlackoutHand:
        return tuple(cards)

    def legal_plays(self) -> list[PlayingCard]:
        """The cards the current player may play; empty outside the play phase.

        Any card to lead; a follower must follow the led suit if able, else may play
        any card (a trump or a discard): :func:`~xactika_edu.core.blackout_parts.blackout_plays`.
        """
        if self._turn < 0 or self._bids[self._dealer] is None:
            return []
        return blackout_plays(self._hands[self._turn], self._trick, self.rules)

    def play(self, card: PlayingCard | str, *, player: int | None = None) -> None:
        """The current player plays ``card`` (a card or its notation); a full trick is decided.

        >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        >>> rnd.apply(1)
        >>> rnd.apply(1)
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalBidError: dealer (player 1) may not bid 1: the bids would total 2, ...
        >>> rnd.apply(0); rnd.apply("2H"); rnd.apply("KS")
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalPlayError: player 1 must follow suit (♥): holds 3♥
        >>> rnd.bids, rnd.current_player
        ((1, 0), 1)

        Args:
            card: the card.
            player: if given, the seat meant to play; checked against the turn.

        Raises:
            IllegalPlayError: while bidding or after the round, out of turn, a card not
                held, or not following suit when able. The round is then unchanged.
            NotationError: for a card that cannot be read.
        """
        turn = self._turn_to_play(card, player)
        chosen = as_playing_cards([card])[0]
        hand = self._held(turn, chosen)
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
        self._add_play(turn, hand, chosen, chosen)

    def _finish_trick(self, trick: list[tuple[int, PlayingCard]]) -> BlackoutTrick:
        cards = [card for _seat, card in trick]
        led = cards[0].suit
        trumps = None if self._trump is None else [c.suit == self._trump.suit for c in cards]
        shows = [card.suit == led for card in cards]
        position = int(trick_winner([card.rank for card in cards], shows, self.rules, trumps))
        return BlackoutTrick(self._leader, tuple(trick), trick[position][0])

    def view(self, seat: int) -> BlackoutView:
        """What ``seat`` may know now (other hands hidden).

        >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        >>> view = rnd.view(0)
        >>> view.hand, view.trump_suit, view.legal_actions()
        ((PlayingCard.parse('2♥'), PlayingCard.parse('A♠')), 2, [0, 1, 2])

        Raises:
            XactikaError: if ``seat`` is not 0 to players - 1.
        """
        return BlackoutView(*self._view_fields(seat), self._trump)

    def _trick_words(self, name: Callable[[int], str]) -> list[str]:
        return trick_words(self._trick, name)

    def _heading(self, name: Callable[[int], str]) -> list[str]:
        trump = (
            _("no trump")
            if self._trump is None
            else _("trump card {card}").format(card=self._trump)
        )
        table = super()._heading(name)[0]
        return [
            _("Blackout: {table}; {trump}").format(table=table, trump=trump),
            *(
                _("{name} holds {hand}").format(
                    name=name(seat), hand=" ".join(str(card) for card in hand)
                )
                for seat, hand in enumerate(self._start)
            ),
        ]

    # records and copies ---------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The round as a plain dict (text and numbers) that :meth:`from_record` replays.

        >>> rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
        >>> rnd.apply(1)
        >>> rnd.to_record()["actions"], BlackoutRound.from_record(rnd.to_record()) == rnd
        ([1], True)

        Returns:
            a dict: ``game`` ("Blackout"), ``players``, ``dealer``, ``trump`` (the
            trump card's notation or ``None``), ``hands`` (notation, as dealt) and
            ``actions`` (the bids from the dealer's left, then the cards played).
        """
        return {
            "game": self.rules.name,
            "players": self._players,
            "dealer": self._dealer,
            "trump": None if self._trump is None else str(self._trump),
            "hands": [" ".join(str(card) for card in hand) for hand in self._start],
            "actions": [a if isinstance(a, int) else str(a) for a in self.actions()],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> BlackoutRound:
        """Rebuild a round from :meth:`to_record`, checking every action again.

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
        other = super().copy()
        other._trump = self._trump
        return other

    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self._trump)
