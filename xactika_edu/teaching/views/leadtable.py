"""The chance that each lead of a hand is unbeatable, as a table a student reads: the
percent first, a bar, the threats, the exact fraction, "best lead" in words and,
optionally, a simulation beside each exact chance with its 95% range.

Teaching layer: pure functions, no widgets. The hand explorer
(:class:`~xactika_edu.ui.widgets.HandWidget`) and the play table's coach show these
tables; the chances are :func:`~xactika_edu.core.probability.lead_chances`.

>>> table = lead_table(["3133", "1111"], players=4, card="3133")
>>> table.loc[table["best"], ["combination", "chance", "percent"]].values.tolist()
[[Combination.parse('1 cube'), Fraction(1, 1), '100%']]

Sources: RULES.md ("Chance a lead is unbeatable").
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import Any

import pandas as pd

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import (
    fraction,
    one_in,
    percent,
    short_fraction,
    simulated_frequency,
    simulated_percent,
)
from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import OKABE_ITO
from ...core.cards import DECK, MAX_PLAYERS, MIN_PLAYERS, Card, Hand, Seed, as_card, make_rng
from ...core.leads import VoidsSeen, simulate_lead_chances
from ...core.probability import lead_chances, simulate_chance_unbeatable
from .htmlparts import bar_html, padded

__all__ = [
    "BEST_LEAD",
    "MAX_TRIALS",
    "METHOD",
    "METHOD_WITHOUT_VOIDS",
    "SIMULATION_LEVEL",
    "UNLIKELY",
    "VOIDS_EFFECT",
    "lead_table",
    "render_lead_table",
]

#: Most simulated deals the hand widget offers (keeps a click under a second).
MAX_TRIALS = 100_000
#: How sure the range shown next to a simulated chance is (a Wilson interval).
SIMULATION_LEVEL = 0.95
#: Below this chance a best lead is called "still very unlikely", not "best lead".
UNLIKELY = Fraction(1, 100)
# The texts below are marked for translation (N_) and translated where they are
# shown: ``_(METHOD)``.
#: How the chances are worked out, in plain words (voids included).
METHOD = N_(
    "How it is worked out: the computer counts every way the hidden cards could be "
    "dealt that fits what you saw. Each way is equally likely. A void: a player who "
    "could not follow a call has no card with that combination."
)
#: How the chances are worked out when the voids are left out.
METHOD_WITHOUT_VOIDS = N_(
    "How it is worked out: the opponents' hands are a random choice of the unseen "
    "cards, using only your hand and the cards played. It leaves out the voids (a "
    "player who could not follow a call has no card with that combination)."
)
#: How voids change a chance, in one sentence.
VOIDS_EFFECT = N_(
    "A player with a void cannot beat a lead that calls it. That player's cards must "
    "come from the other cards, so they are more likely to hold those."
)
#: The note beside the lead with the highest chance, unless a caller says otherwise.
BEST_LEAD = N_("best lead")


def lead_table(
    hand: Iterable[Card | str],
    players: int,
    seen: Iterable[Card | str] = (),
    *,
    card: Card | str | None = None,
    trials: int = 0,
    seed: Seed = 0,
    voids: VoidsSeen | None = None,
) -> pd.DataFrame:
    """The chance that each lead from ``hand`` is unbeatable, exact and optionally
    simulated, with the best combination of each card marked.

    >>> table = lead_table(["2213", "1111"], players=2, card="2213")
    >>> table.loc[table["best"], ["combination", "chance", "percent"]].values.tolist()
    [[Combination.parse('1 cone'), Fraction(805, 1027), '78%']]
    >>> lead_table(["2213"], players=2, card="1111")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: card 1111 is not in your hand 2213

    Args:
        hand: the cards you still hold (1-8); every opponent holds as many.
        players: 2 to 10, you included.
        seen: cards already played this hand (yours and others'), not in ``hand``.
        card: only this card's four combinations; ``None`` for every card.
        trials: also estimate each chance from this many random deals of the unseen
            cards (:func:`~xactika_edu.core.probability.simulate_chance_unbeatable`);
            0 for none, at most :data:`MAX_TRIALS`.
        seed: seed of the simulation (one generator for all rows, in row order),
            so the same seed gives the same estimates.
        voids: the voids opponents have shown, as for
            :func:`~xactika_edu.core.probability.chance_unbeatable` (a mapping from
            seat offset to combinations, or a :class:`~xactika_edu.core.views.PlayerView`
            that agrees with ``hand``, ``players`` and ``seen``); the chances are then
            exact counts of the deals that fit them, and the simulation draws from
            those deals, the same deals for every row
            (:func:`~xactika_edu.core.leads.simulate_lead_chances`).

    Returns:
        a DataFrame with 4 rows per card (hand order, then shape order): the columns
        of :func:`~xactika_edu.core.probability.lead_chances` (``card``, ``combination``,
        ``threats``, ``chance``, ``probability``), then ``percent`` (str,
        :func:`~xactika_edu.base.formatting.percent`) and ``best`` (bool: the card's
        highest chance; equal chances are all best). With ``trials`` also
        ``simulated`` (float in [0, 1]), ``standard error``, and ``low`` and
        ``high``: the 95% Wilson interval
        (:meth:`~xactika_edu.core.probability.Estimate.confidence_interval`), before
        ``best``. ``.attrs`` holds ``players``, ``unseen`` (cards not seen),
        ``opponent cards`` (cards the opponents hold), ``trials`` and ``voids``
        (whether voids were given).

    Raises:
        XactikaError: bad notation, ``card`` not in ``hand``, a card both held and
            seen, too few unseen cards for the opponents' hands, ``trials`` out
            of range, or voids that name a missing player or fit no deal.
    """
    held = Hand(hand)
    seen = Hand(seen)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    trials = check_whole(trials, "trials", 0, MAX_TRIALS)
    if not held:
        raise XactikaError(_("you hold no cards: every card is marked played"))
    chosen = None if card is None else as_card(card)
    if chosen is not None and chosen not in held:
        raise XactikaError(
            _("card {card} is not in your hand {hand}").format(card=chosen, hand=held)
        )
    table = lead_chances(held, players, seen, voids=voids)
    if chosen is not None:
        table = table[[lead == chosen for lead in table["card"]]].reset_index(drop=True)
    table["percent"] = [percent(chance) for chance in table["chance"]]
    if trials:
        rng = make_rng(seed)
        if voids is None:
            estimates = [
                simulate_chance_unbeatable(
                    row.card, row.combination, held, players, seen, trials=trials, seed=rng
                )
                for row in table.itertuples()
            ]
        else:
            estimates = simulate_lead_chances(
                held, players, seen, voids=voids, card=chosen, trials=trials, seed=rng
            )
        table["simulated"] = [estimate.probability for estimate in estimates]
        table["standard error"] = [estimate.standard_error for estimate in estimates]
        intervals = [estimate.confidence_interval(SIMULATION_LEVEL) for estimate in estimates]
        table["low"] = [low for low, _high in intervals]
        table["high"] = [high for _low, high in intervals]
    top = table.groupby(table["card"].map(str))["chance"].transform("max")
    table["best"] = (table["chance"] == top).astype(bool)
    table.attrs.update(
        {
            "players": players,
            "unseen": len(DECK) - len(held) - len(seen),
            "opponent cards": (players - 1) * len(held),
            "trials": trials,
            "voids": voids is not None,
        }
    )
    return table


def render_lead_table(
    table: pd.DataFrame, *, caption: str | None = None, best: str = BEST_LEAD
) -> str:
    """HTML for a :func:`lead_table`: one row per lead with the chance as a percent
    first (and "about 1 in N" when it is below 1%), a small bar, the threats, the exact
    fraction when it is short (:func:`~xactika_edu.base.formatting.short_fraction`;
    a long one is folded under "exact"), and ``best`` in words ("best lead"); with a
    simulation, its percent and its 95% range.

    >>> html = render_lead_table(lead_table(["3133", "1111"], players=4, card="3133"))
    >>> "xe-chances" in html and "best lead" in html and "1 cube" in html
    True

    Args:
        table: a DataFrame from :func:`lead_table` (with or without simulation).
        caption: a caption above the table; ``None`` for a default.
        best: the note beside the rows marked ``best`` (the play table's coach says
            "surest winner": a lead that wins is not always best for a bid), in English:
            it is translated here (``_(best)``).

    Returns:
        an HTML ``<table class="xe-chances">`` as a string, then a note on threats
        (and on the simulation, if there is one).
    """
    simulated = "simulated" in table.columns
    trials = table.attrs.get("trials", 0)
    if caption is None:
        caption = _(
            "The chance nobody can beat each lead, with {players} players ({unseen} unseen "
            "cards; at your lead the opponents hold {opponent_cards} of them)"
        ).format(
            players=table.attrs.get("players", "?"),
            unseen=table.attrs.get("unseen", "?"),
            opponent_cards=table.attrs.get("opponent cards", "?"),
        )
    columns = [
        _("lead"),
        _("calling"),
        _("chance nobody can beat it"),
        _("bar"),
        _("threats"),
        _("exact fraction"),
    ]
    if simulated:
        columns.append(_("simulated ({trials} deals) and its range").format(trials=f"{trials:,}"))
    columns.append(_("note"))
    head = "<tr>" + "".join(f"<th scope='col'>{escape(name)}</th>" for name in columns) + "</tr>"
    rows = [_row_html(data, simulated, trials, _(best)) for data in table.to_dict("records")]
    foot = "<p class='xe-threats-note'>{}</p>".format(
        escape(
            _(
                "Threats: unseen cards with the called combination and an equal or higher "
                "face value. Each would beat your lead, because a tie goes to the card "
                "played later."
            )
        )
    )
    if simulated:
        foot += "<p class='xe-sim-note'>{}</p>".format(
            escape(
                _(
                    "Simulated: the unseen cards dealt at random {trials} times. The range in "
                    "brackets is worked out from the simulation alone: in about {inside} of "
                    "20 simulations like this, the exact chance is inside it."
                ).format(trials=f"{trials:,}", inside=round(SIMULATION_LEVEL * 20))
            )
        )
    return padded(
        "<table class='xe-chances' style='border-collapse:collapse'>"
        f"<caption style='text-align:left'>{escape(caption)}</caption>"
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{foot}"
    )


def _row_html(data: dict[str, Any], simulated: bool, trials: int, best_words: str) -> str:
    """One lead's row of :func:`render_lead_table`; ``trials``: the simulated deals;
    ``best_words``: the note of a best row, translated."""
    chance: Fraction = data["chance"]
    lead: Card = data["card"]
    best = bool(data["best"])
    small = one_in(chance)
    cells = [
        f"<td>{lead} ({lead.value})</td>",
        f"<td>{escape(str(data['combination']))}</td>",
        f"<td class='xe-percent'><b>{escape(data['percent'])}</b>"
        f"{f' ({small})' if small else ''}</td>",
        f"<td>{bar_html(float(chance), data['percent'])}</td>",
        f"<td>{data['threats']}</td>",
        f"<td class='xe-fraction'><small>{_exact_html(chance)}</small></td>",
    ]
    if simulated:
        in_range = _("{frequency} ({low} to {high})").format(
            frequency=simulated_frequency(data["simulated"], trials),
            low=simulated_percent(data["low"]),
            high=simulated_percent(data["high"]),
        )
        cells.append(f"<td class='xe-simulated'>{in_range}</td>")
    note = ""
    if best:
        note = (
            f"★ {best_words}"
            if chance >= UNLIKELY
            else "★ " + _("best of these, still very unlikely")
        )
    if chance == 1:
        # "best lead, sure winner"; a sure winner is the surest: said once
        sure = _("sure winner")
        note = (
            f"★ {sure}"
            if best and best_words != _(BEST_LEAD)
            else ((note + ", " if note else "") + sure)
        )
    cells.append(f"<td class='xe-note'>{note}</td>")
    style = f" style='background:{OKABE_ITO['sky blue']}33'" if best else ""
    return f"<tr class='{'xe-best' if best else 'xe-lead'}'{style}>{''.join(cells)}</tr>"


def _exact_html(chance: Fraction) -> str:
    """The exact fraction when it is short; a long one folded under "exact", so the
    percent (and "about 1 in N") leads."""
    short = short_fraction(chance)
    if short is not None:
        return short
    summary = escape(_("exact"))
    return f"<details><summary>{summary}</summary>{fraction(chance)}</details>"
