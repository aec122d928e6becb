"""The play table's log: what happened in a round, one line of words per event, and
the computer players' turns up to the student's.

Teaching layer: pure functions of a :class:`~xactika_edu.core.game.Round` (the record of
bids and tricks) or a :class:`~xactika_edu.core.game.Game`, no widgets. The computer
players move through :func:`~xactika_edu.engines.simulate.play_round`, the one loop that lets
bots bid and play from their own view.

>>> from xactika_edu.core.game import Round
>>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
>>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
>>> round_events(rnd)  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
['player 0 bids 1', 'player 1 bids 1', 'player 0 leads 2332 (10), calling 2 balls',
 'player 1 plays 2233 (10)', 'trick 1: player 1 wins with 2233 (10); the call was 2 balls. ...']

Sources: RULES.md (bidding order; a trick; a tie goes to the card played last).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import N_, pgettext
from ...base.language import gettext as _
from ...core.game import Game, Play, Round, Trick
from ...engines.bots import SupportsBot
from ...engines.simulate import play_round

__all__ = [
    "check_kind",
    "game_log",
    "play_bots",
    "play_line",
    "round_events",
    "seat_word",
    "trick_lines",
    "trick_result",
]


def seat_word(seat: int) -> str:
    """How a line of the log names a seat before the seats' names are put in:
    ``"player 0"`` (in the current language), the text that
    :func:`~xactika_edu.teaching.views.tableview.named` replaces.

    >>> seat_word(2)
    'player 2'
    """
    return _("player {seat}").format(seat=seat)


def check_kind(value: object, kind: type, what: str) -> None:
    """Refuse ``value`` unless it is a ``kind``, naming ``what`` it should be (in English,
    marked with ``N_``: it is translated here).

    >>> check_kind("game", Game, "the game")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: the game must be a Game, got 'game'
    """
    if not isinstance(value, kind):
        raise XactikaError(
            _("{what} must be a {kind}, got {value}").format(
                what=_(what), kind=kind.__name__, value=shown(value)
            )
        )


def play_line(seat: int, play: Play) -> str:
    """One play in words, with the card's face value; a lead also says its call.

    >>> play_line(1, Play.parse("3331:1st")), play_line(2, Play.parse("1231"))
    ('player 1 leads 3331 (10), calling 1 star', 'player 2 plays 1231 (7)')
    """
    check_kind(play, Play, N_("the play"))
    card = f"{play.card} ({play.card.value})"
    if play.call is None:
        return _("{player} plays {card}").format(player=seat_word(seat), card=card)
    return _("{player} leads {card}, calling {call}").format(
        player=seat_word(seat), card=card, call=play.call
    )


def trick_result(trick: Trick, name: str) -> str:
    """Who took a trick, with what, and the call, in words; ``name`` is the winner's.

    >>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
    >>> print(trick_result(rnd.tricks[0], "Bot 1"))  # doctest: +NORMALIZE_WHITESPACE
    Bot 1 wins with 2233 (10); the call was 2 balls. It tied with 2332 (10), and a tie
    goes to the card played last
    >>> rnd = Round.from_hands(["3213", "3113"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1); rnd.play("3213:3st"); rnd.play("3113")
    >>> trick_result(rnd.tricks[0], "Ana")
    'Ana wins with 3213 (9); the call was 3 stars'
    """
    check_kind(trick, Trick, N_("the trick"))
    card = trick.winning_card
    text = _("{player} wins with {card} ({value}); the call was {call}").format(
        player=name, card=card, value=card.value, call=trick.call
    )
    tied = [
        other
        for other in trick.cards
        if other != card and other.has(trick.call) and other.value == card.value
    ]
    if tied:
        joint = " " + pgettext("list", "and") + " "  # "a and b and c", as it always was
        cards = joint.join(f"{other} ({other.value})" for other in tied)
        text += _(". It tied with {cards}, and a tie goes to the card played last").format(
            cards=cards
        )
    return text


def trick_lines(rnd: Round, before: int = 0) -> list[str]:
    """One line per trick finished after the first ``before``: who won, with what.

    >>> rnd = Round.from_hands(["2332", "2233"], dealer=1)
    >>> rnd.bid(1); rnd.bid(1); rnd.play("2332:2ba"); rnd.play("2233")
    >>> trick_lines(rnd)  # doctest: +ELLIPSIS
    ['trick 1: player 1 wins with 2233 (10); the call was 2 balls. It tied with 2332 (10)...']
    """
    check_kind(rnd, Round, N_("the round"))
    if isinstance(before, bool) or not isinstance(before, int) or before < 0:
        raise XactikaError(
            _("before must be a whole number of tricks >= 0, got {before}").format(
                before=repr(before)
            )
        )
    return [
        _("trick {number}: {result}").format(
            number=number, result=trick_result(trick, seat_word(trick.winner))
        )
        for number, trick in enumerate(rnd.tricks[before:], start=before + 1)
    ]


def round_events(rnd: Round) -> list[str]:
    """Everything done in a round so far, one line each, in the order it happened: the
    bids (in bidding order), then every play (:func:`play_line`), each finished trick
    followed by who won it (:func:`trick_lines`). Seats are ``"player 0"`` and so on.

    The events after the first ``n`` are ``round_events(rnd)[n:]``: how the play table
    adds what a move (or the computer players' turns) did to its log.

    Raises:
        XactikaError: if ``rnd`` is not a Round.
    """
    check_kind(rnd, Round, N_("the round"))
    lines = [
        _("{player} bids {bid}").format(player=seat_word(s), bid=b)
        for s in rnd.bidding_order
        if (b := rnd.bids[s]) is not None
    ]
    for trick, result in zip(rnd.tricks, trick_lines(rnd), strict=True):
        lines += [play_line(seat, play) for seat, play in trick.plays]
        lines.append(result)
    lines += [play_line(seat, play) for seat, play in rnd.current_trick]
    return lines


def game_log(game: Game) -> list[tuple[str, list[str]]]:
    """Every hand of a game so far: a heading (``"Hand 2 of 8: player 1 deals."``) and
    its :func:`round_events`, for :func:`~xactika_edu.teaching.views.scoreboard.log_html`.

    >>> game = Game.new(players=2, seed=1, hands=2, cards_per_hand=1)
    >>> game_log(game)
    [('Hand 1 of 2: player 0 deals.', [])]
    """
    check_kind(game, Game, N_("the game"))
    return [
        (
            _("Hand {number} of {hands}: {player} deals.").format(
                number=number, hands=game.hands, player=seat_word(rnd.dealer)
            ),
            round_events(rnd),
        )
        for number, rnd in enumerate(game.rounds, start=1)
    ]


def play_bots(rnd: Round, bots: Sequence[SupportsBot | None], human: int = 0) -> list[str]:
    """Let the computer players bid and play until it is ``human``'s turn or the
    round is over; return what they did, one line each (:func:`round_events`).

    >>> from xactika_edu.engines.bots import HeuristicBot
    >>> rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> play_bots(rnd, [None, HeuristicBot()], human=0)   # player 0 bids first
    []
    >>> rnd.bid(1)
    >>> play_bots(rnd, [None, HeuristicBot()], human=0)
    ['player 1 bids 1']

    Args:
        rnd: the round; changed in place.
        bots: one bot per seat; the human's entry is ignored (may be ``None``).
        human: the human's seat; a number that is no seat (``-1``) plays to the end.

    Raises:
        XactikaError: if a bot is missing or makes an illegal move.
    """
    check_kind(rnd, Round, N_("the round"))
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise XactikaError(
            _("bots must be a list with one entry per seat, got {bots}").format(bots=shown(bots))
        )
    if len(bots) != rnd.players:
        raise XactikaError(
            _("give one bot (or None) per seat ({seats}), got {count}").format(
                seats=rnd.players, count=len(bots)
            )
        )
    seats = [None if seat == human else bot for seat, bot in enumerate(bots)]
    before = len(round_events(rnd))
    play_round(rnd, seats, until=human if 0 <= human < rnd.players else None)
    return round_events(rnd)[before:]
