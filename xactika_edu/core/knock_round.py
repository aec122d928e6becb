"""One round of the ZXT knock game: :class:`KnockRound`, a state that lists its legal
actions and applies them.

Source: seed 004, "ZXT Games" ("Gameplay Turn", "Ending the Round", "Invalid Knock &
Penalties"); the choices where the seed is silent are in docs/other-games.md,
"ZXT knock game". Core layer.

>>> rnd = KnockRound.deal(players=3, seed=4)
>>> rnd.current_player, rnd.phase, rnd.stock_size, len(rnd.pile)
(1, 'draw', 36, 1)
>>> [str(action) for action in rnd.legal_actions()]
['draw stock', 'draw pile', 'knock']
>>> rnd.apply("draw stock"); rnd.phase
'discard'
>>> KnockRound.from_record(rnd.to_record()) == rnd
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base.checks import check_record, check_whole, shown
from ..base.errors import IllegalPlayError, XactikaError
from ..base.language import N_
from ..base.language import gettext as _
from .cards import Seed
from .knock import (
    CARDS_EACH,
    DISCARD,
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    KnockAction,
    KnockView,
    card_points,
    hand_value,
    knock_penalty,
    legal_actions_for,
)
from .playing_cards import PlayingCard, as_playing_cards, deal_playing_cards
from .plays import seat_namer
from .round_text import require_keys

__all__ = ["END_KNOCK", "END_STOCK", "END_ZERO", "KnockRound", "KnockRoundState"]

#: Why a round ended: the final turns after a knock, the stock ran out, a hand of 0.
END_KNOCK, END_STOCK, END_ZERO = "knock", "stock", "zero"
_END_TEXT = {
    END_KNOCK: N_("every other player had a final turn after the knock"),
    END_STOCK: N_("the stock ran out"),
    END_ZERO: N_("a hand reached 0"),
}
_KEYS = ("players", "dealer", "hands", "stock", "pile", "stars", "totals", "actions")


def _seat_numbers(values: object, players: int, what: str) -> list[int]:
    if values is None:
        return [0] * players
    if not isinstance(values, Sequence) or isinstance(values, str) or len(values) != players:
        raise XactikaError(
            _("{what} must list one whole number per player ({players}), got {values}").format(
                what=what, players=players, values=shown(values)
            )
        )
    return [check_whole(value, what, 0, 10**9) for value in values]


class KnockRoundState:
    """The state of a knock round and what can be read from it: the base of
    :class:`KnockRound`, which adds the actions, the view and the record."""

    __slots__ = (
        "_actions",
        "_dealer",
        "_end",
        "_final_left",
        "_hands",
        "_knocker",
        "_phase",
        "_pile",
        "_players",
        "_scores",
        "_stars",
        "_stars_after",
        "_start",
        "_stock",
        "_taken",
        "_totals",
        "_turn",
        "_zero_seat",
    )

    def __init__(
        self,
        hands: Iterable[Iterable[PlayingCard | str] | str],
        stock: Iterable[PlayingCard | str] | str,
        pile: Iterable[PlayingCard | str] | str,
        dealer: int = 0,
        stars: Sequence[int] | None = None,
        totals: Sequence[int] | None = None,
    ) -> None:
        if isinstance(hands, str) or not isinstance(hands, Iterable):
            raise XactikaError(
                _("hands must be a list of hands, one per player, got {hands}").format(
                    hands=shown(hands)
                )
            )
        read = [tuple(sorted(as_playing_cards(hand))) for hand in hands]
        if not MIN_PLAYERS <= len(read) <= MAX_PLAYERS or any(
            len(hand) != CARDS_EACH for hand in read
        ):
            raise XactikaError(
                _("a knock round needs 2 to 5 hands of 5 cards, got {sizes}").format(
                    sizes=shown([len(hand) for hand in read])
                )
            )
        stock_cards, pile_cards = as_playing_cards(stock), as_playing_cards(pile)
        as_playing_cards([card for hand in read for card in hand] + [*stock_cards, *pile_cards])
        players = len(read)
        self._players = players
        self._dealer = check_whole(dealer, "dealer", 0, players - 1)
        self._stars = _seat_numbers(stars, players, "stars")
        self._totals = _seat_numbers(totals, players, "totals")
        self._start = (tuple(read), stock_cards, pile_cards)
        self._hands = [list(hand) for hand in read]
        self._stock = list(stock_cards)
        self._pile = list(pile_cards)
        self._turn = (self._dealer + 1) % players
        self._phase = "draw"
        self._knocker: int | None = None
        self._final_left = 0
        self._taken: PlayingCard | None = None
        self._actions: list[tuple[int, KnockAction, PlayingCard | None]] = []
        self._end: str | None = None
        self._zero_seat: int | None = None
        self._scores: tuple[int, ...] | None = None
        self._stars_after = list(self._stars)
        zeros = [seat for seat in self.turn_order if hand_value(self._hands[seat]) == 0]
        if zeros:
            self._finish(END_ZERO, zeros[0])
        elif not self._stock:
            self._finish(END_STOCK)

    # what the round is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players, 2 to 5."""
        return self._players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def turn_order(self) -> tuple[int, ...]:
        """Seats in turn order: the dealer's left first, the dealer last."""
        return tuple((self._dealer + 1 + k) % self._players for k in range(self._players))

    @property
    def hands(self) -> tuple[tuple[PlayingCard, ...], ...]:
        """Each seat's cards now, sorted (hidden information: not in a view)."""
        return tuple(tuple(sorted(hand)) for hand in self._hands)

    @property
    def stock(self) -> tuple[PlayingCard, ...]:
        """The stock, top card first (hidden information)."""
        return tuple(self._stock)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def pile(self) -> tuple[PlayingCard, ...]:
        """The discard pile, bottom first: its last card is face up."""
        return tuple(self._pile)

    @property
    def phase(self) -> str:
        """``"draw"`` (a turn starts), ``"discard"`` (the player holds 6) or ``"over"``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._phase == "over"

    @property
    def current_player(self) -> int | None:
        """The seat to act, ``None`` when the round is over."""
        return None if self.is_over else self._turn

    @property
    def knocker(self) -> int | None:
        """The seat that knocked, if any."""
        return self._knocker

    @property
    def end_reason(self) -> str | None:
        """Why the round ended (:data:`END_KNOCK`, :data:`END_STOCK`, :data:`END_ZERO`)."""
        return self._end

    @property
    def zero_seat(self) -> int | None:
        """The seat whose hand reached 0 and ended the round, if one did."""
        return self._zero_seat

    @property
    def actions(self) -> tuple[tuple[int, KnockAction], ...]:
        """Every action so far: ``(seat, action)`` pairs in order."""
        return tuple((seat, action) for seat, action, _card in self._actions)

    @property
    def stars(self) -> tuple[int, ...]:
        """Each seat's stars: before the round while it runs, after its knock test once over."""
        return tuple(self._stars_after)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total before this round."""
        return tuple(self._totals)

    def values(self) -> tuple[int, ...]:
        """Each hand's value now (:func:`~xactika_edu.core.knock.hand_value`)."""
        return tuple(hand_value(hand) for hand in self._hands)

    def knock_valid(self) -> bool | None:
        """Whether the knock held the lowest value (ties are okay); ``None`` without a
        knock or before the round ends. Source: seed 004, "Invalid Knock"."""
        if self._knocker is None or not self.is_over:
            return None
        values = self.values()
        return values[self._knocker] <= min(values)

    def scores(self) -> tuple[int, ...]:
        """The round's scores once it is over: each hand's value, plus the penalty of an
        invalid knock to the knocker. Raises :class:`~xactika_edu.XactikaError` before.

        >>> rnd = KnockRound(["AC 3C 4C 3D 4D", "QC QD QH 5S 7S"], "2S 9C", "KC", dealer=1,
        ...                  stars=[1, 0])
        >>> for action in ("knock", "draw stock", "discard 7♠"):
        ...     rnd.apply(action)
        >>> rnd.values(), rnd.stars, rnd.scores()   # invalid: a 2nd star, +10
        ((15, 5), (2, 0), (25, 5))

        Source: seed 004, "Ending the Round" and "Invalid Knock & Penalties".
        """
        if self._scores is None:
            raise XactikaError(_("the round is not over: no scores yet"))
        return self._scores

    def next_dealer(self, among: Iterable[int] | None = None) -> int:
        """The seat that deals next: the lowest round score among the seats ``among``
        (every seat by default); in a tie the knocker, else the tied seat whose cards
        score least before groups, else the first tied seat from the dealer's left.

        >>> rnd = KnockRound(["AC 3C 4C 3D 4D", "AD 3H 4H 3S KS"], "4S 9C", "QC", dealer=1)
        >>> for action in ("knock", "draw stock", "discard K♠"):
        ...     rnd.apply(action)
        >>> rnd.scores(), rnd.next_dealer()         # a tie: the knocker deals
        ((15, 15), 0)

        Source: seed 004, "Next Deal" (the last tie-break is our choice).
        """
        scores = self.scores()
        seats = [seat for seat in self.turn_order if among is None or seat in set(among)]
        if not seats:
            raise XactikaError(_("no seat can deal next"))
        low = min(scores[seat] for seat in seats)
        tied = [seat for seat in seats if scores[seat] == low]
        if self._knocker in tied:
            return self._knocker
        return min(tied, key=lambda seat: sum(card_points(card) for card in self._hands[seat]))

    def _finish(self, reason: str, zero_seat: int | None = None) -> None:
        self._phase, self._end, self._zero_seat = "over", reason, zero_seat
        scores = list(self.values())
        if self._knocker is not None and not self.knock_valid():
            self._stars_after[self._knocker] += 1
            scores[self._knocker] += knock_penalty(self._stars_after[self._knocker])
        self._scores = tuple(scores)


class KnockRound(KnockRoundState):
    """One round of the ZXT knock game: the deal, the turns, the reveal and the scores.

    Build one with :meth:`deal` (seeded) or from given cards: ``hands`` (2-5 hands of
    5 cards), the ``stock`` (top card first), the discard ``pile`` (bottom first; its
    last card is face up), the ``dealer``, and each seat's ``stars`` and ``totals``
    before this round (the game carries them). The round changes as :meth:`apply`
    is called; :meth:`copy` explores without changing it.

    Raises:
        XactikaError: hands of the wrong size or number, a card given twice, a seat
            out of range.
        NotationError: a card that cannot be read.
    """

    __slots__ = ()

    @classmethod
    def deal(
        cls,
        players: int,
        dealer: int = 0,
        seed: Seed = None,
        stars: Sequence[int] | None = None,
        totals: Sequence[int] | None = None,
    ) -> KnockRound:
        """A round from a shuffled 52-card deck: 5 cards each, the next card turned to
        start the discard pile, the rest the stock.

        >>> KnockRound.deal(players=2, seed=1).stock_size
        41
        """
        players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        hands, rest = deal_playing_cards(players, CARDS_EACH, seed=seed)
        return cls(hands, rest[1:], rest[:1], dealer, stars, totals)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> KnockRound:
        """Replay a record made by :meth:`to_record`, checking every action.

        >>> rnd = KnockRound.deal(players=2, seed=3)
        >>> rnd.apply("knock")
        >>> KnockRound.from_record(rnd.to_record()).knocker
        1

        Raises :class:`~xactika_edu.XactikaError` for a malformed record and
        :class:`~xactika_edu.IllegalPlayError` for an action the rules refuse.
        """
        check_record(record, _("knock round record"), max_depth=1)
        require_keys(record, _KEYS, _("knock round record"))
        hands = record["hands"]
        if not isinstance(hands, Sequence) or isinstance(hands, str):
            raise XactikaError(
                _("knock round record hands must be a list, got {hands}").format(hands=shown(hands))
            )
        rnd = cls(
            hands, record["stock"], record["pile"], record["dealer"], record["stars"],
            record["totals"],
        )  # fmt: skip
        if rnd.players != record["players"]:
            raise XactikaError(
                _("knock round record has players={players} but {count} hands").format(
                    players=shown(record["players"]), count=rnd.players
                )
            )
        actions = record["actions"]
        if not isinstance(actions, Sequence) or isinstance(actions, str):
            raise XactikaError(
                _("knock round record actions must be a list, got {actions}").format(
                    actions=shown(actions)
                )
            )
        for action in actions:
            rnd.apply(action)
        return rnd

    # actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[KnockAction]:
        """The legal actions of the player to act (none once the round is over)."""
        if self.is_over:
            return []
        return legal_actions_for(
            self._hands[self._turn],
            self._phase,
            can_knock=self._knocker is None,
            pile_size=len(self._pile),
            stock_size=len(self._stock),
            taken=self._taken,
        )

    def apply(self, action: KnockAction | str) -> None:
        """Apply one action of the player to act (:class:`KnockAction` or its notation).

        >>> rnd = KnockRound.deal(players=2, seed=1)
        >>> rnd.apply("discard 7S")
        Traceback (most recent call last):
        ...
        xactika_edu.IllegalPlayError: player 1 must first draw (from the stock or the ...

        Raises :class:`~xactika_edu.NotationError` for text that is no action and
        :class:`~xactika_edu.IllegalPlayError`, naming the rule, for an action the rules
        do not allow now (the round is then unchanged).
        """
        act = action if isinstance(action, KnockAction) else KnockAction.parse(action)
        if act not in self.legal_actions():
            raise IllegalPlayError(self._why_illegal(act))
        seat = self._turn
        hand = self._hands[seat]
        drawn: PlayingCard | None = None
        if act.kind == DRAW_STOCK:
            drawn = self._stock.pop(0)
            hand.append(drawn)
            self._phase, self._taken = "discard", None
        elif act.kind == DRAW_PILE:
            drawn = self._pile.pop()
            hand.append(drawn)
            self._phase, self._taken = "discard", drawn
        self._actions.append((seat, act, drawn))
        if act.kind == KNOCK:
            self._knocker, self._final_left = seat, self._players - 1
            self._next_turn()
        elif act.kind == DISCARD and act.card is not None:
            hand.remove(act.card)
            self._pile.append(act.card)
            self._taken = None
            self._end_turn(seat)

    def _why_illegal(self, act: KnockAction) -> str:
        seat = self._turn
        if self.is_over:
            return _("the round is over: no more actions ({action} refused)").format(action=act)
        if self._phase == "draw" and act.kind == DISCARD:
            return _(
                "player {seat} must first draw (from the stock or the discard pile) or knock, "
                "then discard ({action} refused)"
            ).format(seat=seat, action=act)
        if self._phase == "discard" and act.kind != DISCARD:
            return _("player {seat} has drawn: now discard a card ({action} refused)").format(
                seat=seat, action=act
            )
        if act.kind == KNOCK:
            return _("player {knocker} has already knocked: one knock a round").format(
                knocker=self._knocker
            )
        if act.kind == DRAW_PILE:
            return _("the discard pile is empty: draw from the stock")
        if act.kind == DRAW_STOCK:
            return _("the stock is empty")
        if act.card == self._taken:
            return _(
                "player {seat} may not discard {card}: it was just taken from the discard pile"
            ).format(seat=seat, card=act.card)
        return _("player {seat} does not hold {card}").format(seat=seat, card=act.card)

    def _next_turn(self) -> None:
        self._turn = (self._turn + 1) % self._players
        self._phase = "draw"

    def _end_turn(self, seat: int) -> None:
        if hand_value(self._hands[seat]) == 0:
            self._finish(END_ZERO, seat)
        elif not self._stock:
            self._finish(END_STOCK)
        elif self._knocker is not None and self._final_left <= 1:
            self._finish(END_KNOCK)
        else:
            if self._knocker is not None:
                self._final_left -= 1
            self._next_turn()  # the final turns end before the knocker's turn comes again

    # views and records ---------------------------------------------------------------

    def view(self, seat: int) -> KnockView:
        """What ``seat`` may know now: its hand, the pile, counts, stars and totals;
        every hand and the scores once the round is over.

        >>> view = KnockRound.deal(players=3, seed=4).view(0)
        >>> len(view.hand), view.stock_size, view.revealed, view.is_my_turn
        (5, 36, None, False)
        """
        seat = check_whole(seat, "seat", 0, self._players - 1)
        return KnockView(
            seat=seat,
            players=self._players,
            dealer=self._dealer,
            hand=tuple(sorted(self._hands[seat])),
            pile=self.pile,
            stock_size=len(self._stock),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            current_player=self.current_player,
            phase=self._phase,
            knocker=self._knocker,
            taken=self._taken if seat == self._turn else None,
            stars=self.stars,
            totals=self.totals,
            revealed=self.hands if self.is_over else None,
            scores=self._scores,
        )

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record; :meth:`from_record` replays it."""
        hands, stock, pile = self._start
        return {
            "players": self._players,
            "dealer": self._dealer,
            "hands": [" ".join(str(card) for card in hand) for hand in hands],
            "stock": " ".join(str(card) for card in stock),
            "pile": " ".join(str(card) for card in pile),
            "stars": list(self._stars),
            "totals": list(self._totals),
            "actions": [str(action) for _seat, action, _card in self._actions],
        }

    def copy(self) -> KnockRound:
        """An independent copy: actions on it leave this round unchanged."""
        return KnockRound.from_record(self.to_record())

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The round in words: the deal, every action, the reveal and the scores."""
        name = seat_namer(names, self._players)
        hands, _stock, pile = self._start
        lines = [
            _("dealer: {dealer}; discard pile turned up: {card}").format(
                dealer=name(self._dealer), card=" ".join(str(card) for card in pile)
            )
        ]
        lines += [
            _("{player} is dealt {cards}").format(
                player=name(seat), cards=" ".join(str(card) for card in hand)
            )
            for seat, hand in enumerate(hands)
        ]
        for seat, action, drawn in self._actions:
            text = str(action) if drawn is None else f"{action} ({drawn})"
            lines.append(f"{name(seat)}: {text}")
        if self.is_over and self._end is not None and self._scores is not None:
            lines.append(_("round over: {reason}").format(reason=_(_END_TEXT[self._end])))
            for seat, hand in enumerate(self.hands):
                lines.append(
                    _("{player} shows {cards}: value {value}, scores {score}").format(
                        player=name(seat),
                        cards=" ".join(str(card) for card in hand),
                        value=hand_value(hand),
                        score=self._scores[seat],
                    )
                )
            if self._knocker is not None:
                valid = self.knock_valid()
                lines.append(
                    (
                        _("{player}'s knock is valid")
                        if valid
                        else _("{player}'s knock is invalid: a star ({stars} in all)")
                    ).format(player=name(self._knocker), stars=self._stars_after[self._knocker])
                )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.transcript()

    def __repr__(self) -> str:
        return f"KnockRound.from_record({self.to_record()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KnockRound):
            return NotImplemented
        return self.to_record() == other.to_record()

    __hash__ = None  # type: ignore[assignment]
