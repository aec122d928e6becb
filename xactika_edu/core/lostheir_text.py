"""The text transcript of a Lost Heir round (``str(rnd)``), in the current language.

>>> from xactika_edu.core.lostheir import LostHeirRound
>>> rnd = LostHeirRound.deal(dealer=0, seed=3)
>>> for action in ("bid 5", "pass", "pass", "refuse", "raise", "accept"):
...     rnd.apply(action)
>>> for line in round_transcript(rnd).splitlines()[5:]:
...     print(line)
Bidding: East bids 5, South passes, West passes, North refuses ("I won't take your bid"),
East raises to 6, North accepts.
East (East/West) plays for 6.

Source: seed 004, Lost Heir. Core layer.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..base.checks import shown
from ..base.errors import IllegalBidError, IllegalPlayError, XactikaError
from ..base.language import gettext as _
from .lostheir_cards import CITIES, PLAYERS, seat_name, team_name
from .lostheir_rules import MAX_BID, MIN_BID, Action
from .plays import seat_namer

if TYPE_CHECKING:  # pragma: no cover
    from .lostheir import LostHeirRound

__all__ = ["action_text", "round_transcript", "why_illegal"]


def action_text(action: Action, bid: int | None) -> str:
    """What a seat did, in words; ``bid`` is the high bid after the action.

    >>> from xactika_edu.core.lostheir_rules import Action
    >>> action_text(Action("bid", bid=5), 5), action_text(Action.parse("raise"), 6)
    ('bids 5', 'raises to 6')
    """
    words = {
        "pass": _("passes"),
        "refuse": _('refuses ("I won\'t take your bid")'),
        "take": _('says "take a lead"'),
    }
    if action.kind in words:
        return words[action.kind]
    if action.kind == "bid":
        return _("bids {bid}").format(bid=action.bid)
    if action.kind == "raise":
        return _("raises to {bid}").format(bid=bid)
    if action.kind == "give":
        return _("gives the bid to the dealer at {bid}").format(bid=bid)
    if action.kind == "accept":
        return _("accepts")
    return str(action.card)


def round_transcript(rnd: LostHeirRound, names: Sequence[str] | None = None) -> str:
    """The round as text: the deal, the bidding, each trick, the points and the score
    (``str(rnd)``; the module's example shows it). ``names`` (one per seat, North
    first) replace the seat names North, East, South and West.

    >>> from xactika_edu.core.lostheir import LostHeirRound
    >>> round_transcript(LostHeirRound.deal(dealer=2, seed=1)).splitlines()[0]
    'Lost Heir hand: South deals'

    Raises :class:`~xactika_edu.XactikaError` unless ``names`` is ``None`` or 4 names.
    """
    name = _seat_names(names)
    lines = [_("Lost Heir hand: {dealer} deals").format(dealer=name(rnd.dealer))]
    for seat, cards in enumerate(rnd.start_hands):
        lines.append(_("{seat}: {cards}").format(seat=name(seat), cards=" ".join(map(str, cards))))
    said: list[str] = []
    plays: list[tuple[int, Action]] = []
    high = None
    for seat, action in rnd.actions:
        if action.kind == "bid":
            high = action.bid
        elif action.kind == "raise":
            high = (high or 0) + 1
        if action.kind in ("play", "take"):
            plays.append((seat, action))
        else:
            said.append(f"{name(seat)} {action_text(action, high)}")
    if said:
        lines.append(_("Bidding: {said}.").format(said=_wrap(", ".join(said))))
    if rnd.passed_out:
        lines.append(_("All four passed: the hand is thrown in and the deal moves on."))
        return "\n".join(lines)
    if rnd.declarer is not None:
        lines.append(
            _("{seat} ({team}) plays for {bid}.").format(
                seat=name(rnd.declarer), team=team_name(rnd.declarer % 2), bid=rnd.contract
            )
        )
    lines.extend(_trick_lines(rnd, plays, name))
    if rnd.is_over:
        points, scores = rnd.points(), rnd.scores()
        lines.append(
            _("Points: {ns} {ns_points}, {ew} {ew_points}.").format(
                ns=team_name(0), ns_points=points[0], ew=team_name(1), ew_points=points[1]
            )
        )
        side = (rnd.declarer or 0) % 2
        verdict = (
            _("{team} made the bid of {bid}")
            if points[side] >= (rnd.contract or 0)
            else _("{team} failed the bid of {bid}")
        ).format(team=team_name(side), bid=rnd.contract)
        lines.append(
            _("Score: {ns} {ns_score}, {ew} {ew_score} ({verdict}).").format(
                ns=team_name(0),
                ns_score=scores[0],
                ew=team_name(1),
                ew_score=scores[1],
                verdict=verdict,
            )
        )
    return "\n".join(lines)


def _seat_names(names: Sequence[str] | None) -> Callable[[int], str]:
    """A function from a seat to its name: ``names[seat]``, or North, East, South, West."""
    return seat_name if names is None else seat_namer(names, PLAYERS)


def _trick_lines(
    rnd: LostHeirRound, plays: list[tuple[int, Action]], name: Callable[[int], str]
) -> list[str]:
    lines: list[str] = []
    current: list[str] = []
    number, cards = 1, 0
    for seat, action in plays:
        current.append(f"{name(seat)} {action_text(action, None)}")
        cards += action.kind == "play"
        if cards < PLAYERS:
            continue
        trick, cards = rnd.tricks[number - 1], 0
        text = _("Trick {number}: {plays}; {winner} wins").format(
            number=number, plays=", ".join(current), winner=name(trick.winner)
        )
        if number == 1 and rnd.trump is not None:
            text += " " + _("(trump: {city})").format(city=CITIES[rnd.trump])
        lines.append(text)
        number, current = number + 1, []
    if current:
        lines.append(
            _("Trick {number} so far: {plays}").format(number=number, plays=", ".join(current))
        )
    return lines


def _wrap(text: str, width: int = 90) -> str:
    """Long text broken into lines of at most ``width`` characters, at spaces."""
    return textwrap.fill(text, width=width, break_long_words=False)


def why_illegal(rnd: LostHeirRound, act: Action) -> XactikaError:
    """The error for an action ``rnd`` does not allow now, naming the rule it breaks
    (:class:`~xactika_edu.IllegalBidError` for a bidding word, else
    :class:`~xactika_edu.IllegalPlayError`); :meth:`LostHeirRound.apply` raises it.

    >>> from xactika_edu.core.lostheir import LostHeirRound
    >>> from xactika_edu.core.lostheir_rules import Action
    >>> why_illegal(LostHeirRound.deal(seed=1), Action("bid", bid=3))
    IllegalBidError("East may not 'bid 3': a bid is from 4 to 12")
    """
    seat = rnd.current_player
    who = "" if seat is None else seat_name(seat)
    text = shown(str(act))
    bidding = act.kind not in ("play", "take")
    error = IllegalBidError if bidding else IllegalPlayError
    if seat is None:
        return error(_("the hand is over: no more actions ({action} refused)").format(action=text))
    if rnd.phase == "bid":
        if not bidding:
            return IllegalBidError(
                _("{who} may not play {action}: the bidding is not over").format(
                    who=who, action=text
                )
            )
        return IllegalBidError(_bid_reason(rnd, who, act, text))
    if bidding:
        return IllegalBidError(
            _("{who} may not {action}: the bidding is over").format(who=who, action=text)
        )
    if act.kind == "take":
        if not rnd.tricks:
            reason = _(
                "{who} may not say {action}: the lead of the first trick is never passed"
                " (its card names trump)"
            )
        elif rnd.trick:
            reason = _("{who} may not say {action}: the trick has been led")
        else:
            reason = _("{who} may not say {action}: the lead was passed already")
        return IllegalPlayError(reason.format(who=who, action=text))
    held = rnd.hands[seat]
    if act.card not in held:
        return IllegalPlayError(_("{who} does not hold {action}").format(who=who, action=text))
    led = rnd.trick[0][1]
    return IllegalPlayError(
        _("{who} must follow {city} (led {led}): may not play {action}").format(
            who=who, city=led.city_name, led=str(led), action=text
        )
    )


def _bid_reason(rnd: LostHeirRound, who: str, act: Action, text: str) -> str:
    if rnd.refusal == "refused":
        return _(
            "{who} was refused by the dealer: raise (one more, up to {MAX_BID}) or give"
            " the bid to the dealer, not {action}"
        ).format(who=who, MAX_BID=MAX_BID, action=text)
    if rnd.refusal == "raised":
        return _("the dealer {who} must accept the raised bid or refuse it, not {action}").format(
            who=who, action=text
        )
    if act.kind == "bid":
        low = MIN_BID if rnd.high_bid is None else rnd.high_bid + 1
        return _("{who} may not {action}: a bid is from {low} to {MAX_BID}").format(
            who=who, action=text, low=low, MAX_BID=MAX_BID
        )
    if act.kind == "refuse":
        return _("{who} may not refuse: only the dealer refuses another seat's high bid").format(
            who=who
        )
    return _("{who} may not {action} now: it is the bidding").format(who=who, action=text)
