"""What one player may know at a moment of a round: a :class:`PlayerView`.

Computer players receive a view, never the round (:meth:`xactika_edu.core.game.Round.view`).
Re-exported by :mod:`xactika_edu.core.game`. :func:`view_voids` reads the opponents' cards
held and voids from a view, checked against its plays (the chances of a lead and the
computer players' deals start from it).

>>> from xactika_edu.core.game import Round
>>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
>>> rnd.view(0).legal_bids()
[0, 1, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import XactikaError
from ..base.language import gettext as _
from .cards import DECK, Combination, Hand
from .plays import PLAY, Play, Trick, legal_plays, seat_namer
from .rules import XACTIKA, Ruleset
from .trick_parts import TrickView

__all__ = ["PlayerView", "view_voids"]


@dataclass(frozen=True, slots=True)
class PlayerView(TrickView[Hand, Play, Trick]):
    """What one seat may know at a moment of a round: never the other hands.

    Computer players receive a view, not the round. ``voids[s]`` lists the
    combinations seat ``s`` has shown it does not hold (it did not follow them when
    they were called). Made by :meth:`Round.view`.

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1)
    >>> for play in ["2332:2ba", "2233", "1212:2cu", "1312"]:
    ...     rnd.play(play)
    >>> view = rnd.view(1)
    >>> view.hand, view.voids[0], view.cards_held
    (Hand.parse('1112'), (Combination.parse('2 cubes'),), (1, 1))
    >>> len(view.unseen_cards())        # 81 cards - 1 held - 4 played
    76

    The fields every game's view shares (seat, players, dealer, cards_per_hand, hand,
    bids, tricks, current_trick as ``(seat, Play)`` pairs, tricks_won, current_player,
    phase) and :meth:`legal_bids`, :meth:`legal_actions` and :attr:`cards_held` are
    :class:`~xactika_edu.core.trick_parts.TrickView`'s.

    >>> view.legal_actions()    # seat 1 leads trick 3: its card, with any of its calls
    [Play.parse('1112:1ba'), Play.parse('1112:1cu'), Play.parse('1112:1co'), Play.parse('1112:2st')]
    >>> rnd.view(0).legal_actions()     # not seat 0's turn
    []

    Attributes:
        voids: per seat, the combinations (sorted) it has shown it does not hold.
        rules: the :class:`~xactika_edu.core.rules.Ruleset` of the round.
    """

    voids: tuple[tuple[Combination, ...], ...]
    rules: Ruleset = field(default=XACTIKA, compare=False, repr=False)

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

    def unseen_cards(self) -> Hand:
        """The cards this seat has not seen: not in its hand and not played (deck order).

        They are the other hands and the cards set aside, which this seat cannot
        tell apart. Source: RULES.md, "Unseen cards".
        """
        known = set(self.hand)
        known.update(self.played_cards)
        return Hand(card for card in DECK if card not in known)

    def legal_plays(self) -> list[Play]:
        """The plays this seat may make now; empty unless it is playing now."""
        if self.phase != PLAY or not self.is_my_turn:
            return []
        return legal_plays(self.hand, self.call, self.rules)

    def __str__(self) -> str:
        bids = ", ".join("-" if bid is None else str(bid) for bid in self.bids)
        player = seat_namer(None, self.players)
        trick = "; ".join(
            _("{name} {play}").format(name=player(s), play=p) for s, p in self.current_trick
        ) or _("none yet")
        turn = _("over") if self.current_player is None else player(self.current_player)
        holds = (
            _("{name} (dealer) holds {hand}")
            if self.seat == self.dealer
            else _("{name} holds {hand}")
        )
        return "\n".join(
            [
                holds.format(name=player(self.seat), hand=self.hand),
                _("bids (by seat): {bids}").format(bids=bids),
                _("tricks won (by seat): {tricks}").format(
                    tricks=", ".join(map(str, self.tricks_won))
                ),
                _("trick {number} so far: {trick}").format(
                    number=len(self.tricks) + 1, trick=trick
                ),
                _("turn: {turn}").format(turn=turn),
            ]
        )


def view_voids(view: PlayerView) -> tuple[tuple[int, ...], tuple[tuple[Combination, ...], ...]]:
    """Each opponent's cards held and voids, by offset from ``view.seat``, checked
    against the plays the view shows.

    A seat's void in a combination contradicts the plays if the seat played a card
    showing it in a trick after the one where it did not follow it (or at all, if
    the view shows no such trick).

    Returns:
        ``(held, voids)``: ``players - 1`` hand sizes and void tuples, offsets 1 up.

    Raises:
        XactikaError: if a void contradicts a play (the message names the seat, the
            combination and the card), the view lists voids for more or fewer seats
            than it has players, a card is played twice or both played and in the
            hand, or the hand's size differs from the cards the seat holds.
    """
    _check_view_cards(view)
    plays = [trick.plays for trick in view.tricks]
    if view.current_trick:
        plays.append(view.current_trick)
    for seat, combos in enumerate(view.voids):
        for combo in combos:
            shown_at = next(
                (
                    t
                    for t, trick in enumerate(plays)
                    for s, play in trick[1:]
                    if s == seat and trick[0][1].call == combo and not play.card.has(combo)
                ),
                -1,
            )
            for t, trick in enumerate(plays):
                for s, play in trick:
                    if s == seat and t > shown_at and play.card.has(combo):
                        raise XactikaError(
                            _(
                                "seat {seat} is void in {combo}, but played {card} showing it in "
                                "trick {number}: the voids contradict the plays"
                            ).format(seat=seat, combo=combo, card=play.card, number=t + 1)
                        )
    offsets = [(view.seat + offset) % view.players for offset in range(1, view.players)]
    return (
        tuple(view.cards_held[seat] for seat in offsets),
        tuple(tuple(view.voids[seat]) for seat in offsets),
    )


def _check_view_cards(view: PlayerView) -> None:
    """A view's voids and cards fit its players (see :func:`view_voids`)."""
    if len(view.voids) != view.players:
        extra = [seat for seat in range(view.players, len(view.voids)) if view.voids[seat]]
        named = (
            _(" (seat {seat}: {voids})").format(
                seat=extra[0], voids=", ".join(map(str, view.voids[extra[0]]))
            )
            if extra
            else ""
        )
        raise XactikaError(
            _(
                "the view lists voids for {count} seat(s){named}, but it has "
                "{players} players (seats 0 to {number})"
            ).format(
                count=len(view.voids), named=named, players=view.players, number=view.players - 1
            )
        )
    played = list(view.played_cards)
    twice = sorted({card for card in played if played.count(card) > 1})
    if twice:
        raise XactikaError(_("card {twice} is played twice in the view").format(twice=twice[0]))
    both = sorted(set(played) & set(view.hand))
    if both:
        raise XactikaError(
            _("card {both} is both in the view's hand and played").format(both=both[0])
        )
    holds = view.cards_held[view.seat]
    if len(view.hand) != holds:
        raise XactikaError(
            _(
                "the view's hand {hand} has {count} cards, but seat {seat} holds "
                "{holds} after the plays it shows"
            ).format(hand=view.hand, count=len(view.hand), seat=view.seat, holds=holds)
        )
