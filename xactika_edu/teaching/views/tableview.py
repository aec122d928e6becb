"""The play table's words and pictures: seat names, the status line, the tricks on the
table, the scores, the log, and the coach (bid advice and the chances of your leads).

Teaching layer: pure functions of a :class:`~xactika_edu.core.game.Game` and names, no
widgets (:class:`~xactika_edu.ui.widgets.PlayTable` wires its controls to them; the
tables are :mod:`xactika_edu.teaching.views.scoreboard`'s, the log lines
:mod:`xactika_edu.teaching.views.playlog`'s).

>>> names = seat_names(3)
>>> names
['You', 'Bot 1', 'Bot 2']
>>> named("player 0 bids 2; player 2 wins", names)
'You bid 2; Bot 2 wins'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from math import sqrt

import pandas as pd

from ...base.errors import TooManyToCount
from ...base.formatting import expected_points, out_of, percent, simulated_frequency
from ...base.language import N_, ngettext, pgettext
from ...base.language import gettext as _
from ...core import svg
from ...core.cards import Hand
from ...core.game import BID, Game, PlayerView, Round
from ...core.rules import forbidden_bid
from .htmlparts import note_html, padded
from .leadtable import METHOD, METHOD_WITHOUT_VOIDS, lead_table, render_lead_table
from .playlog import game_log, seat_word, trick_result
from .scoreboard import (
    hand_scores,
    hand_scores_html,
    score_sheet_html,
    score_table,
    trick_html,
)

__all__ = [
    "HUMAN",
    "advice_html",
    "advice_reason",
    "bid_advice",
    "bid_status",
    "chances_too_close",
    "coach_html",
    "hand_html",
    "named",
    "named_log",
    "scores_html",
    "seat_names",
    "status_text",
    "tricks_html",
]

#: The student's seat at the play table.
HUMAN = 0
#: Chances of making two bids closer than this (5 points) are not compared in words.
CLOSE = 0.05
#: What the coach calls the lead most likely to win: not "best", since winning a
#: trick is bad once your bid is made (translated where shown).
SUREST = N_("surest winner")


def _verb_forms() -> list[tuple[str, str]]:
    """The log's verbs after a seat's name, and after "You", in the current language
    ("You bid", not "You bids"; "Tú apuestas", not "Tú apuesta")."""
    return [
        (pgettext("he or she", "bids"), pgettext("you", "bid")),
        (pgettext("he or she", "leads"), pgettext("you", "lead")),
        (pgettext("he or she", "plays"), pgettext("you", "play")),
        (pgettext("he or she", "wins"), pgettext("you", "win")),
        (pgettext("he or she", "deals"), pgettext("you", "deal")),
    ]


def seat_names(players: int) -> list[str]:
    """The names at the play table: ``"You"`` in seat 0, then ``"Bot 1"`` and so on
    (in the current language)."""
    return [_("You"), *(_("Bot {seat}").format(seat=seat) for seat in range(1, players))]


def named(line: str, names: Sequence[str]) -> str:
    """A line about ``"player 0"``, ``"player 1"``, ... (in English or in the current
    language, :func:`~xactika_edu.teaching.views.playlog.seat_word`) with the seats'
    names, and the verbs after "You" in the right form."""
    for seat in range(len(names) - 1, -1, -1):  # "player 10" before "player 1"
        line = line.replace(f"player {seat}", names[seat])
        line = line.replace(seat_word(seat), names[seat])
    you = _("You")
    for third, second in _verb_forms():
        line = re.sub(rf"\b{re.escape(you)} {re.escape(third)}\b", f"{you} {second}", line)
    return line


def named_log(game: Game, names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The game's log (:func:`~xactika_edu.teaching.views.playlog.game_log`) with the seats'
    names."""
    return [
        (named(heading, names), [named(line, names) for line in events])
        for heading, events in game_log(game)
    ]


def status_text(game: Game, names: Sequence[str]) -> str:
    """The line above the table: hand, seed, dealer, bids, tricks, and what to do now
    (whose turn, the dealer's forbidden bid, the call to follow)."""
    rnd = game.current_round
    # "Bot 1: 2", not "Bot 1 2": a name may end in a number
    not_yet = _("not yet")
    bids = ", ".join(f"{names[s]}: {not_yet if b is None else b}" for s, b in enumerate(rnd.bids))
    won = ", ".join(f"{names[s]}: {n}" for s, n in enumerate(rnd.tricks_won))
    head = (
        _(
            "Hand {number} of {hands}, seed {seed}. Dealer: {dealer}. "
            "Bids — {bids}. Tricks taken — {won}."
        ).format(
            number=len(game.rounds),
            hands=game.hands,
            seed=game.seed,
            dealer=names[rnd.dealer],
            bids=bids,
            won=won,
        )
        + " "
    )
    if rnd.is_over:
        if game.is_over:
            winners = game.winners()
            joint = " " + pgettext("list", "and") + " "
            return head + ngettext(
                "The game is over: {winners} won.", "The game is over: {winners} won.", len(winners)
            ).format(winners=joint.join(names[s] for s in winners))
        return head + _("The hand is over: see the scores, then press {button}.").format(
            button=_("Next hand")
        )
    if rnd.phase == BID:
        text = head + _("Your turn to bid.")
        if rnd.dealer == HUMAN:
            total = sum(b for b in rnd.bids if b is not None)
            forbidden = forbidden_bid(total, rnd.cards_per_hand)
            if forbidden >= 0:
                text += " " + _(
                    "As dealer you may not bid {forbidden}: the bids would total "
                    "{cards}, the number of tricks."
                ).format(forbidden=forbidden, cards=rnd.cards_per_hand)
        return text
    if rnd.current_trick:
        return head + _("Your turn: follow {call} if you can.").format(call=rnd.call)
    return head + _("Your turn to lead: choose a card and the combination to call.")


def hand_html(hand: Hand) -> str:
    """Your hand: a heading with the number of cards, then the cards' pictures."""
    title = escape(_("Your hand"))
    if not hand:
        empty = escape(_("no cards left"))
        return f"<div><b>{title}</b>: {empty}</div>"
    count = ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand))
    return f"<div><b>{title}</b> ({escape(count)})</div>" + str(svg.hand(hand))


def tricks_html(hand: Round | PlayerView, names: Sequence[str]) -> str:
    """The last finished trick (who won it and why) and the trick being played.

    Args:
        hand: the hand being played: the whole :class:`~xactika_edu.core.game.Round`, or
            one seat's :class:`~xactika_edu.core.views.PlayerView` (only the public parts
            are read: the tricks, the trick in progress and its call).
        names: each seat's name, in seat order.
    """
    parts = []
    if hand.tricks:
        last = hand.tricks[-1]
        caption = named(
            _("Last trick (trick {number}): {result}").format(
                number=len(hand.tricks), result=trick_result(last, names[last.winner])
            ),
            names,
        )
        parts.append(trick_html(last.plays, names, caption=caption, winner=last.winner))
    if hand.current_trick and hand.call is not None:
        parts.append(trick_html(hand.current_trick, names, caption=_("This trick")))
    return "".join(parts)


def scores_html(game: Game, names: Sequence[str]) -> str:
    """This hand's scores once it is over, and the score sheet once a hand is over."""
    parts = []
    if game.current_round.is_over:
        parts.append(hand_scores_html(hand_scores(game.current_round, names)))
    if any(r.is_over for r in game.rounds):
        parts.append(score_sheet_html(score_table(game, names)))
    return "".join(parts)


def bid_advice(game: Game, trials: int) -> pd.DataFrame:
    """Advice for your bid in the current hand: each legal bid played for on the same
    deals (:func:`~xactika_edu.engines.advice.bid_advice`, with the bids made so far),
    seeded by the game's seed and the hand's number."""
    from ...engines.advice import bid_advice as play_each_bid_advice

    rnd = game.current_round
    made = [b for s in rnd.bidding_order if (b := rnd.bids[s]) is not None]
    return play_each_bid_advice(
        rnd.view(HUMAN).hand,
        rnd.players,
        HUMAN,
        trials=trials,
        seed=game.seed + len(game.rounds),
        dealer=rnd.dealer,
        bids_so_far=made,
    )


def _made(advice: pd.DataFrame, bid: int) -> str:
    """How often ``bid`` is made, as the advice table prints it."""
    trials = advice.attrs["trials"]
    return simulated_frequency(advice.loc[bid, "chance of making it"], trials, percent)


def chances_too_close(first: float, second: float, trials: int) -> bool:
    """Whether two chances of making a bid, each from the same ``trials`` simulated
    deals, are too close to compare in words: less than :data:`CLOSE` (5 points)
    apart, or less than two standard errors of their difference apart (the standard
    error of each is ``sqrt(p (1 - p) / trials)``; the deals are shared, so this
    difference is, if anything, more sure than that).

    >>> chances_too_close(0.52, 0.51, 500), chances_too_close(0.73, 0.45, 500)
    (True, False)
    >>> chances_too_close(0.30, 0.22, 100)   # 8 points, but 2 standard errors is 12
    True
    """
    spread = sqrt((first * (1 - first) + second * (1 - second)) / trials)
    return abs(first - second) < max(CLOSE, 2 * spread)


def advice_reason(advice: pd.DataFrame) -> str:
    """Why the recommended bid, in one or two short sentences computed from a
    :func:`bid_advice` table: against the most likely number of tricks (when you play
    for the recommended bid) if it differs, else the bid made most often if it
    differs, else the bid with the next best expected score. The recommendation is
    by expected score; when the chances of making the two bids are within noise
    (:func:`chances_too_close`), the reason compares the expected scores instead.

    >>> advice = pd.DataFrame({"chance of making it": [0.44, 0.73], "expected score":
    ...     [0.78, 1.17], "recommended": [False, True], 0: [0.01, 0.02], 1: [0.15, 0.15],
    ...     2: [0.4, 0.73], 3: [0.44, 0.1]}, index=pd.Index([3, 2], name="bid"))
    >>> advice.attrs.update({"recommended": 2, "trials": 1500})
    >>> advice_reason(advice)
    'Bid 2: you make it 73% of the time when you play for it. Bid 3 makes it only 44%.'
    >>> advice["chance of making it"] = [0.51, 0.52]
    >>> advice_reason(advice)
    'Bid 2 scores +1.17 a hand on average; bid 3 only +0.78.'

    Args:
        advice: a :func:`bid_advice` table (``chance of making it``, ``expected score``,
            one column per number of tricks; ``.attrs``: ``recommended``, ``trials``).
    """
    best = int(advice.attrs["recommended"])
    tricks = [k for k in advice.columns if isinstance(k, int)]
    row = advice.loc[best, tricks]
    likely_tricks = int(max(tricks, key=lambda k: (row[k], -k)))
    share = advice["chance of making it"]
    points = advice["expected score"]
    made_most = int(max(advice.index, key=lambda b: (share[b], -b)))
    others = [b for b in advice.index if b != best]
    runner_up = int(max(others, key=lambda b: (points[b], -b))) if others else best
    candidates = (likely_tricks, made_most, runner_up)
    other = next((b for b in candidates if b != best and b in advice.index), None)
    if other is None:  # the only bid allowed
        return _("Bid {best}: you make it {made} of the time when you play for it.").format(
            best=best, made=_made(advice, best)
        )
    if chances_too_close(share[best], share[other], int(advice.attrs["trials"])):
        return _(
            "Bid {best} scores {points} a hand on average; bid {other} only {other_points}."
        ).format(
            best=best,
            points=expected_points(points[best]),
            other=other,
            other_points=expected_points(points[other]),
        )
    if share[best] > share[other]:
        return _(
            "Bid {best}: you make it {made} of the time when you play for it. "
            "Bid {other} makes it only {other_made}."
        ).format(best=best, made=_made(advice, best), other=other, other_made=_made(advice, other))
    return _(
        "Bid {best}: it scores {points} a hand on average. Bid {other} is made more often "
        "({other_made}), but scores only {other_points}: a made bid of {best} is worth more."
    ).format(
        best=best,
        points=expected_points(points[best]),
        other=other,
        other_made=_made(advice, other),
        other_points=expected_points(points[other]),
    )


def advice_html(advice: pd.DataFrame) -> str:
    """A :func:`bid_advice` table: per bid, 0 to the hand's cards, the chance of making
    it when you play for it and the expected score, the recommended bid marked and a
    bid the dealer may not make said so; then why (:func:`advice_reason`). How often
    each bid is made is a count for every bid ("365 of 500",
    :func:`~xactika_edu.base.formatting.out_of`): one way for the whole column, so
    "0 of 500" never stands beside "< 1%"."""
    trials = advice.attrs["trials"]
    cards = max(k for k in advice.columns if isinstance(k, int))
    rows = []
    not_allowed, recommended = escape(_("not allowed")), escape(_("recommended"))
    for bid in range(cards + 1):
        if bid not in advice.index:
            rows.append(f"<tr><td>{bid}</td><td>—</td><td>—</td><td>{not_allowed}</td></tr>")
            continue
        r = advice.loc[bid]
        rows.append(
            f"<tr><td>{bid}</td><td>{out_of(r['chance of making it'], trials)}</td>"
            f"<td>{expected_points(r['expected score'])}</td><td>"
            + (f"★ {recommended}" if r["recommended"] else "")
            + "</td></tr>"
        )
    caption = _(
        "Coach: bid advice. For each bid, you play for it in the same {trials} random "
        "deals (computer players play the others)"
    ).format(trials=f"{trials:,}")
    columns = [_("bid"), _("deals where you make it"), _("expected score"), _("note")]
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in columns)
    return (
        padded(
            f"<table class='xe-advice'><caption style='text-align:left'>{escape(caption)}"
            f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
        + f"<p class='xe-advice-reason'>{escape(advice_reason(advice))}</p>"
    )


def bid_status(rnd: Round, seat: int = HUMAN) -> str:
    """Where ``seat`` stands against its bid while playing, in one sentence: what
    winning another trick does to the score (RULES.md, "Score": an exact bid scores
    the tricks taken; a miss loses the difference). "" before the bids are made.

    >>> rnd = Round.from_hands(["2332 1312", "2233 1212"], dealer=1)
    >>> rnd.bid(0); rnd.bid(1)
    >>> bid_status(rnd)
    'You bid 0 and have taken 0 tricks: winning a trick loses points.'
    """
    bid = rnd.bids[seat]
    if bid is None or rnd.phase == BID:
        return ""
    taken = rnd.tricks_won[seat]
    left = rnd.cards_per_hand - len(rnd.tricks)
    head = ngettext(
        "You bid {bid} and have taken {count} trick",
        "You bid {bid} and have taken {count} tricks",
        taken,
    ).format(bid=bid, count=taken)
    if taken >= bid:
        if taken == 0:
            return _("{head}: winning a trick loses points.").format(head=head)
        return _("{head}: winning more loses points.").format(head=head)
    need = bid - taken
    if need > left:
        return ngettext(
            "{head}, with {count} trick left: you cannot make your bid now, but each trick "
            "you win loses you one point less.",
            "{head}, with {count} tricks left: you cannot make your bid now, but each trick "
            "you win loses you one point less.",
            left,
        ).format(head=head, count=left)
    return ngettext(
        "{head}: you need {need} more of the {count} trick left.",
        "{head}: you need {need} more of the {count} tricks left.",
        left,
    ).format(head=head, need=need, count=left)


def coach_html(rnd: Round, advice: pd.DataFrame | None = None, *, game_over: bool = False) -> str:
    """What the coach says now: that the hand (or the game) is over; to wait for your
    turn; at your bid the ``advice`` (:func:`advice_html`); when you follow, the call;
    at your lead the chance that each lead is unbeatable, counting the voids the other
    players have shown this hand (named in the caption; left out, and said so, if too
    many players show different voids to count), the surest winner of the whole hand
    marked (:data:`SUREST`), and above them where you stand against your bid
    (:func:`bid_status`).

    >>> game = Game.new(players=2, seed=1, hands=1, cards_per_hand=1)
    >>> coach_html(game.current_round)
    '<div role="status">Coach: waiting for your turn.</div>'

    Args:
        rnd: the current round; advice: :func:`bid_advice` when you are to bid.
        game_over: whether the game is over (``Game.is_over``): then the coach says so
            at the end of the last hand, not that the hand is over.
    """
    if rnd.is_over:
        if game_over:
            return note_html(_("Coach: the game is over; the score sheet shows who won."))
        return note_html(
            _("Coach: this hand is over. Press {button} to play the next one.").format(
                button=_("Next hand")
            )
        )
    if rnd.current_player != HUMAN:
        return note_html(_("Coach: waiting for your turn."))
    if rnd.phase == BID:
        return "" if advice is None else advice_html(advice)
    if rnd.current_trick:
        return note_html(
            _("Coach: you follow {call}. Chances are shown when you lead.").format(call=rnd.call)
        )
    view = rnd.view(HUMAN)
    names = seat_names(rnd.players)
    seen = " ".join(
        _("{player} could not follow: {calls}.").format(
            player=names[seat], calls=", ".join(map(str, combos))
        )
        for seat, combos in enumerate(view.voids)
        if combos and seat != HUMAN
    )
    try:
        table = lead_table(view.hand, rnd.players, view.played_cards, voids=view)
        method = _(METHOD)
    except TooManyToCount:
        table = lead_table(view.hand, rnd.players, view.played_cards)
        method = (
            _("Too many players have different voids to count every deal.")
            + " "
            + _(METHOD_WITHOUT_VOIDS)
        )
    # the lead most likely to win, of the whole hand: called what it is, the surest
    # winner, and never "best", since a won trick is bad once the bid is made
    table["best"] = table["chance"] == table["chance"].max()
    caption = _("Coach: the chance nobody can beat each lead.") + " " + (f"{seen} " if seen else "")
    status = bid_status(rnd)
    said = f"<p class='xe-bid-status'>{escape(status)}</p>" if status else ""
    return said + render_lead_table(table, caption=caption + method, best=SUREST)
