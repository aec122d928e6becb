"""Solving the last tricks of a hand exactly when every hand is known (perfect
information): each player plays to maximize its *own* score for the hand.

The search is max^n (the n-player generalization of minimax, as in bridge and skat
programs that solve sampled deals): at each turn the player to act picks the play
whose outcome gives it the most points, knowing that every later player does the
same. The value of a position is the vector of every seat's final score (RULES.md,
step 4: exact bid = +tricks, a miss = -|tricks - bid|), computed with the rules of
:mod:`xactika_edu.core.rules` (:func:`~xactika_edu.core.rules.beats`,
:func:`~xactika_edu.core.rules.score`).

* **Ties** between plays worth the same to the player to act go to the first in a
  fixed order: cards in sorted card order (face value, then counts), and for a lead
  the calls in shape order. Any other fixed rule would do; this one is the engines'.
* **Transposition table**: positions at the start of a trick are remembered by
  (hands left, leader, tricks won), so a position reached by different plays is
  solved once.
* **Equivalent calls**: two calls of the same lead card are equivalent when the
  same cards of the other hands show them: the follows allowed and the winner are
  then the same for every play, so only the first is searched.

A lead is written ``card * 4 + shape`` (the card's deck number and the shape of the
called combination, as the batch engine writes it), a follow as the card's deck
number.

>>> from xactika_edu.core.cards import Card
>>> from xactika_edu.core.rules import CARD_INDEX
>>> a, b = CARD_INDEX[Card.parse("3133")], CARD_INDEX[Card.parse("1111")]
>>> c, d = CARD_INDEX[Card.parse("2222")], CARD_INDEX[Card.parse("1112")]
>>> solver = Endgame(players=2, bids=(2, 0))      # seat 0 bid 2, seat 1 bid 0
>>> solver.value(((a, b), (c, d)), leader=0, won=(0, 0))
(2, 0)
>>> values = solver.move_values(((a, b), (c, d)), leader=0, won=(0, 0))
>>> values[a * 4 + 1], values[b * 4 + 1]            # 3133 or 1111, calling 1 cube
(2, -2)

(Led first, 3133 calling 1 cube wins: 1112 must follow with 5 against 10; then 1111
wins too, 2222 showing none of its combinations. Led first, 1111 calling 1 cube
loses to 1112, and seat 1 then wins with 2222: seat 0 takes nothing.)

Source: RULES.md (play, ties, score).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..core.cards import COMBINATIONS, DECK
from ..core.rules import CARD_CALLS, CARD_VALUES, SHOWS, XACTIKA, Ruleset, beats, score
from .batch_state import RANK_OF

__all__ = ["Endgame"]

_VALUE: list[int] = CARD_VALUES.tolist()
_CALLS: list[list[int]] = CARD_CALLS.tolist()
_RANK: list[int] = RANK_OF.tolist()
#: _SHOWS[c]: bit k set if card c shows combination k.
_SHOWS: list[int] = [sum(1 << k for k in range(len(COMBINATIONS)) if row[k]) for row in SHOWS]

Hands = tuple[tuple[int, ...], ...]
Scores = tuple[int, ...]


class Endgame:
    """The exact max^n solver for one table: the players, their bids and the rules.

    Positions are given as every seat's cards now (deck numbers), the leader of the
    trick in progress, the tricks won so far and the cards already played in the
    trick (with its call). The transposition table is kept between calls, so the
    positions of one deal are best solved with one solver.

    Args:
        players: 2 to 10.
        bids: every seat's bid, whole numbers 0 to 8.
        rules: the ruleset (:data:`~xactika_edu.core.rules.XACTIKA` by default).

    Raises:
        XactikaError: if ``players`` or a bid is out of range, or ``bids`` has not one
            bid per seat.
    """

    def __init__(self, players: int, bids: Sequence[int], rules: Ruleset = XACTIKA) -> None:
        self.players = check_whole(players, "players", 2, 10)
        if isinstance(bids, (str, bytes)) or len(bids) != self.players:
            raise XactikaError(
                _("bids must give one bid per seat ({players}), got {bids}").format(
                    players=players, bids=shown(bids)
                )
            )
        self.bids = tuple(check_whole(b, "a bid", 0, rules.cards_per_hand) for b in bids)
        self.rules = rules
        # _beats[v][b]: a card of face value v showing the call takes the trick from b
        self._beats = [[bool(beats(v, True, b, rules)) for b in range(13)] for v in range(13)]
        self._memo: dict[tuple[Hands, int, tuple[int, ...]], Scores] = {}
        self._finals: dict[tuple[int, ...], Scores] = {}
        self._winners: dict[tuple[Hands, int], list[int]] = {}
        self._bounds: dict[tuple[int, int, int], int] = {}

    # --- the search -----------------------------------------------------------------

    def _final(self, won: tuple[int, ...]) -> Scores:
        found = self._finals.get(won)
        if found is None:
            found = tuple(score(b, w, self.rules) for b, w in zip(self.bids, won, strict=True))
            self._finals[won] = found
        return found

    def value(self, hands: Hands, leader: int, won: tuple[int, ...]) -> Scores:
        """Every seat's final score from the start of a trick, under max^n play.

        Args:
            hands: per seat, its cards now (deck numbers, every seat as many),
                each in sorted card order (:func:`sorted_hands`).
            leader: the seat to lead.
            won: per seat, the tricks it has taken so far.

        Returns:
            one score per seat (points, RULES.md step 4).
        """
        if not hands[leader]:
            return self._final(won)
        if len(hands[leader]) == 1:
            return self._last_trick(hands, leader, won)
        key = (hands, leader, won)
        found = self._memo.get(key)
        if found is None:
            best: Scores | None = None
            most = self._most(leader, won[leader], len(hands[leader]))
            for lead in self.leads(hands, leader):
                result = self.after_lead(hands, leader, won, lead)
                if best is None or result[leader] > best[leader]:
                    best = result
                    if result[leader] == most:  # nothing later can do better
                        break
            assert best is not None
            found = self._memo[key] = best
        return found

    def _most(self, seat: int, won: int, left: int) -> int:
        """The most points ``seat`` can still score with ``won`` tricks taken and
        ``left`` to play (a play reaching it needs no rival: the search stops there)."""
        key = (seat, won, left)
        found = self._bounds.get(key)
        if found is None:
            bid = self.bids[seat]
            found = max(score(bid, won + extra, self.rules) for extra in range(left + 1))
            self._bounds[key] = found
        return found

    def _last_trick(self, hands: Hands, leader: int, won: tuple[int, ...]) -> Scores:
        """:meth:`value` when every seat holds one card: only the call is chosen."""
        key = (hands, leader)
        winners = self._winners.get(key)
        if winners is None:
            winners = self._winners[key] = self._last_winners(hands, leader)
        best: Scores | None = None
        for winner in winners:
            new_won = list(won)
            new_won[winner] += 1
            result = self._final(tuple(new_won))
            if best is None or result[leader] > best[leader]:
                best = result
        assert best is not None
        return best

    def _last_winners(self, hands: Hands, leader: int) -> list[int]:
        """The seat that wins the last trick for each call of the lead, in shape order."""
        players, beat = self.players, self._beats
        lead = hands[leader][0]
        order = [(seat, hands[seat][0]) for seat in range(leader + 1, players)]
        order += [(seat, hands[seat][0]) for seat in range(leader)]
        winners = []
        for call in _CALLS[lead]:
            top, winner = _VALUE[lead], leader
            for seat, card in order:
                if _SHOWS[card] >> call & 1 and beat[_VALUE[card]][top]:
                    top, winner = _VALUE[card], seat
            winners.append(winner)
        return winners

    def leads(self, hands: Hands, leader: int) -> list[int]:
        """The leads worth searching for ``leader``: ``card * 4 + shape``, its cards in
        the order held (sorted card order), one call of each set of equivalent calls
        (the first in shape order)."""
        showing = _showing(hands, leader)
        out = []
        for card in hands[leader]:
            seen: set[int] = set()
            for shape, call in enumerate(_CALLS[card]):
                if showing[call] not in seen:
                    seen.add(showing[call])
                    out.append(card * 4 + shape)
        return out

    def after_lead(self, hands: Hands, leader: int, won: tuple[int, ...], lead: int) -> Scores:
        """Every seat's final score after ``leader`` leads ``lead`` (``card * 4 + shape``)."""
        card = lead >> 2
        left = _without(hands, leader, card)
        return self.after_play(left, leader, won, 1, _CALLS[card][lead & 3], _VALUE[card], leader)

    def after_play(
        self,
        hands: Hands,
        leader: int,
        won: tuple[int, ...],
        played: int,
        call: int,
        best: int,
        winner: int,
    ) -> Scores:
        """Every seat's final score once ``played`` cards of the trick are down.

        Args:
            hands: per seat, its cards now (those played in the trick removed).
            leader, won: as for :meth:`value`.
            played: cards played in the trick so far, 1 to players.
            call: the combination called (0-11).
            best, winner: face value of the winning card so far and its seat.
        """
        players = self.players
        if played == players:
            new_won = list(won)
            new_won[winner] += 1
            return self.value(hands, winner, tuple(new_won))
        seat = (leader + played) % players
        result: Scores | None = None
        most = self._most(seat, won[seat], len(hands[seat]))
        for card in self.follows(hands[seat], call):
            value = _VALUE[card]
            left = _without(hands, seat, card)
            if _SHOWS[card] >> call & 1 and self._beats[value][best]:
                outcome = self.after_play(left, leader, won, played + 1, call, value, seat)
            else:
                outcome = self.after_play(left, leader, won, played + 1, call, best, winner)
            if result is None or outcome[seat] > result[seat]:
                result = outcome
                if outcome[seat] == most:  # nothing later can do better
                    break
        assert result is not None
        return result

    def follows(self, hand: Sequence[int], call: int) -> Sequence[int]:
        """The cards of ``hand`` a follower may play on ``call``, in the order held."""
        if self.rules.must_follow:
            able = [card for card in hand if _SHOWS[card] >> call & 1]
            if able:
                return able
        return hand

    # --- the player to act ----------------------------------------------------------

    def move_values(
        self,
        hands: Hands,
        leader: int,
        won: Sequence[int],
        trick: Sequence[tuple[int, int]] = (),
        call: int = -1,
    ) -> dict[int, int]:
        """The final score of the seat to act for each of its plays, under max^n play.

        Args:
            hands: per seat, its cards now (deck numbers); the seats that have
                played in ``trick`` hold one card fewer.
            leader: the seat that leads (or led) the trick in progress.
            won: per seat, tricks taken so far (finished tricks).
            trick: ``(seat, card)`` pairs already played in the trick in progress.
            call: its call (0-11), or -1 before the lead.

        Returns:
            for a lead, ``{card * 4 + shape: points}`` over every legal lead
            (equivalent calls share a value); for a follow, ``{card: points}`` over
            the legal follows.

        Raises:
            XactikaError: if the hands do not fit the trick (sizes, a card twice).
        """
        players = self.players
        hands = sorted_hands(hands)
        won = tuple(won)
        seat = (leader + len(trick)) % players
        every = [card for hand in hands for card in hand] + [card for _, card in trick]
        if len(set(every)) != len(every) or not all(0 <= c < len(DECK) for c in every):
            raise XactikaError(
                _("the hands and the trick hold a card twice: {hands}").format(hands=shown(hands))
            )
        done = {s for s, _ in trick}
        sizes = {len(hand) + (s in done) for s, hand in enumerate(hands)}
        if len(hands) != players or len(sizes) != 1 or not hands[seat]:
            raise XactikaError(
                _(
                    "the hands do not fit the trick: sizes {value}, {count} cards played in it"
                ).format(value=[len(h) for h in hands], count=len(trick))
            )
        if not trick:
            values: dict[int, int] = {}
            for lead in self.leads(hands, leader):
                values[lead] = self.after_lead(hands, leader, won, lead)[seat]
            showing = _showing(hands, leader)
            for card in hands[seat]:  # equivalent calls: the searched one's value
                calls = [showing[call] for call in _CALLS[card]]
                for shape in range(4):
                    first = calls.index(calls[shape])
                    values.setdefault(card * 4 + shape, values[card * 4 + first])
            return values
        best, winner = _VALUE[trick[0][1]], trick[0][0]
        for s, card in trick[1:]:
            if _SHOWS[card] >> call & 1 and self._beats[_VALUE[card]][best]:
                best, winner = _VALUE[card], s
        out = {}
        for card in self.follows(hands[seat], call):
            value = _VALUE[card]
            wins = bool(_SHOWS[card] >> call & 1) and self._beats[value][best]
            out[card] = self.after_play(
                _without(hands, seat, card),
                leader,
                won,
                len(trick) + 1,
                call,
                value if wins else best,
                seat if wins else winner,
            )[seat]
        return out


def sorted_hands(hands: Sequence[Sequence[int]]) -> Hands:
    """Each hand's deck numbers in sorted card order (face value, then counts): the
    form :class:`Endgame` works on.

    >>> sorted_hands([[80, 0], [1]])
    ((0, 80), (1,))
    """
    return tuple(tuple(sorted(hand, key=_RANK.__getitem__)) for hand in hands)


def _without(hands: Hands, seat: int, card: int) -> Hands:
    """``hands`` with ``card`` taken from ``seat``'s."""
    return (*hands[:seat], tuple(c for c in hands[seat] if c != card), *hands[seat + 1 :])


def _showing(hands: Hands, leader: int) -> list[int]:
    """Per combination, the bit set of the cards of the other hands that show it."""
    showing = [0] * len(COMBINATIONS)
    for seat, hand in enumerate(hands):
        if seat != leader:
            for card in hand:
                for call in _CALLS[card]:
                    showing[call] |= 1 << card
    return showing
