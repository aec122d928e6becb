"""The hand explorer's voids, in words a student reads: which player could not follow
which call, what is wrong with a list of voids, and how the voids change a chance.

A *void*: a player who could not follow a call has no card with that combination
(RULES.md, "Information from play"). Players are named as everywhere a student reads:
you, then "Player 1" plays right after you, "Player 2" after them, and so on
clockwise. Player ``k`` is seat offset ``k`` of
:func:`~xactika_edu.core.probability.chance_unbeatable`'s ``voids``.

Teaching layer: pure functions, no widgets (:class:`~xactika_edu.ui.widgets.HandWidget`
shows their text).

>>> voids_text({1: ["2 balls"], 2: ["1 cube", "3 stars"]})
'Player 1 could not follow: 2 balls. Player 2 could not follow: 1 cube, 3 stars.'
>>> player_name(1)
'Player 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations as subsets

import pandas as pd

from ...base.errors import TooManyToCount, XactikaError
from ...base.formatting import and_list, one_in
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import DECK, Card, Combination, Hand, Shape, as_combination
from .leadtable import VOIDS_EFFECT, lead_table

__all__ = [
    "SEATS_HINT",
    "already_known",
    "chances_with_voids",
    "no_deal_reason",
    "player_name",
    "seats_hint",
    "voids_effect_text",
    "voids_problem",
    "voids_text",
]

#: Who is who, said once beside the voids' controls (translated where shown:
#: ``_(SEATS_HINT)``).
SEATS_HINT = N_("Player 1 plays right after you, then Player 2, and so on.")

Voids = Mapping[int, Iterable[Combination | str]]


def _buttons() -> dict[str, str]:
    """The names of the two buttons that undo voids, as the voids' controls show them:
    the fields ``{remove}`` and ``{clear}`` of the messages that say what to press."""
    return {"remove": _("Remove last void"), "clear": _("Clear voids")}


def player_name(offset: int) -> str:
    """The name of the player ``offset`` seats after you: ``"Player 1"`` plays right
    after you (offset 1), as the ``voids=`` mapping's keys and the play table's
    ``"Bot 1"``."""
    return _("Player {number}").format(number=offset)


def seats_hint(players: int) -> str:
    """Who is who at a table of ``players`` (you included), in one sentence.

    >>> seats_hint(2), seats_hint(3)
    ('Player 1 plays right after you.', 'Player 1 plays right after you, then Player 2.')
    >>> seats_hint(6)
    'Player 1 plays right after you, then Player 2, and so on to Player 5.'
    """
    first, second, last = player_name(1), player_name(2), player_name(players - 1)
    if players <= 2:
        return _("{first} plays right after you.").format(first=first)
    if players == 3:
        return _("{first} plays right after you, then {second}.").format(first=first, second=second)
    return _("{first} plays right after you, then {second}, and so on to {last}.").format(
        first=first, second=second, last=last
    )


def already_known(offset: int, combination: Combination | str) -> str:
    """What *Add void* says when that void is already in the list.

    >>> already_known(2, "1 cube")
    'Player 2 is already known to have no 1 cube.'
    """
    return _("{player} is already known to have no {call}.").format(
        player=player_name(offset), call=as_combination(combination)
    )


def _combos(combos: Iterable[Combination | str]) -> list[Combination]:
    return sorted({as_combination(combo) for combo in combos})


def voids_text(voids: Voids) -> str:
    """The voids in words, one short sentence per player ("" for none).

    >>> voids_text({})
    ''
    """
    return " ".join(
        _("{player} could not follow: {calls}.").format(
            player=player_name(offset), calls=", ".join(map(str, _combos(combos)))
        )
        for offset, combos in sorted(voids.items())
        if _combos(combos)
    )


def voids_problem(
    players: int,
    voids: Voids,
    error: XactikaError | None = None,
    *,
    held: Iterable[Card | str] | None = None,
    seen: Iterable[Card | str] = (),
) -> str | None:
    """What is wrong with ``voids`` at a table of ``players``, in one or two short
    sentences, or ``None`` if nothing is known to be wrong.

    ``error`` is what computing the chances with these voids raised, if anything:
    it is said in plain words (too many different voids to count, or no deal fits).

    >>> print(voids_problem(4, {4: ["2 balls"]}))  # doctest: +NORMALIZE_WHITESPACE
    Player 4 is not at this table of 4 players. Press Remove last void or Clear voids,
    or add players.
    >>> print(voids_problem(4, {1: ["1 ball", "2 balls", "3 balls"]}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Player 1 cannot lack 1, 2 and 3 balls: every card shows balls. Press Remove last
    void or Clear voids.

    Args:
        players: at the table, you included; voids: ``{seat offset: combinations}``.
        error: what counting the deals with these voids raised, or ``None``.
        held, seen: your cards and the cards played, to say why no deal fits
            (:func:`no_deal_reason`); without ``held`` the reason is left out.
    """
    for offset in sorted(voids):
        if offset >= players:
            return _(
                "{player} is not at this table of {players} players. Press {remove} or "
                "{clear}, or add players."
            ).format(player=player_name(offset), players=players, **_buttons())
    for offset, combos in sorted(voids.items()):
        chosen = _combos(combos)
        for shape in Shape:
            counts = [combo.count for combo in chosen if combo.shape == shape]
            if len(counts) == 3:
                return _(
                    "{player} cannot lack {counts} {shape}: every card shows {shape}. "
                    "Press {remove} or {clear}."
                ).format(
                    player=player_name(offset), counts=and_list(counts), shape=shape, **_buttons()
                )
    if error is None:
        return None
    if isinstance(error, TooManyToCount):
        return _(
            "Too many players have different voids to count every deal. Press {remove} or "
            "{clear} and add fewer."
        ).format(**_buttons())
    reason = "" if held is None else no_deal_reason(held, players, seen, voids)
    return (
        _("No way to deal the unseen cards fits these voids.")
        + " "
        + (f"{reason} " if reason else "")
        + _("Press {remove} or {clear} and check them.").format(**_buttons())
    )


def no_deal_reason(
    held: Iterable[Card | str], players: int, seen: Iterable[Card | str], voids: Voids
) -> str:
    """Why no deal of the unseen cards fits ``voids``, in one sentence, or "" if a
    deal fits as far as this check can tell.

    Each opponent holds as many cards as you. A group of players with voids can
    only hold unseen cards that at least one of them may hold (a card without their
    void combinations); if those are fewer than their cards, no deal fits. When no
    group is short, a deal fits (Hall's marriage theorem, with the cards set aside
    free to take any card), so this names the smallest group that is short.

    >>> from xactika_edu.core.cards import deal
    >>> hand = deal(2, seed=1)[0]  # it holds 3332: 3331 and 3333 are unseen
    >>> no_deal_reason(hand, 2, [], {1: ["1 ball", "2 balls"]})
    ''
    >>> print(no_deal_reason(hand, 2, [], {1: ["1 ball", "2 balls", "1 cube", "2 cubes",
    ...     "1 cone", "2 cones"]}))  # doctest: +NORMALIZE_WHITESPACE
    There aren't enough unseen cards without those combinations for Player 1 to hold
    8 cards: only 2 fit.

    Args:
        held: your cards; players: at the table, you included; seen: cards played.
        voids: ``{seat offset: combinations}``.
    """
    cards = Hand(held)
    gone = set(cards) | set(Hand(seen))
    unseen = [card for card in DECK if card not in gone]
    lacking = {k: _combos(v) for k, v in voids.items() if 0 < k < players and _combos(v)}
    allowed = {
        k: {card for card in unseen if not any(card.has(c) for c in combos)}
        for k, combos in lacking.items()
    }
    each = len(cards)
    for size in range(1, len(allowed) + 1):
        for group in subsets(sorted(allowed), size):
            fit = set().union(*(allowed[k] for k in group))
            if len(fit) < each * size:
                names = and_list(player_name(k) for k in group)
                cards = ngettext("{count} card", "{count} cards", each).format(count=each)
                if size > 1:
                    reason = _(
                        "There aren't enough unseen cards without those combinations for "
                        "{players} to hold {cards} each: only {fit} fit."
                    )
                else:
                    reason = _(
                        "There aren't enough unseen cards without those combinations for "
                        "{players} to hold {cards}: only {fit} fit."
                    )
                return reason.format(players=names, cards=cards, fit=len(fit))
    return ""


def voids_effect_text(with_voids: pd.DataFrame, without_voids: pd.DataFrame) -> str:
    """How the voids change the chances of the same leads, in two short sentences:
    the rule (:data:`~xactika_edu.teaching.views.leadtable.VOIDS_EFFECT`), then each
    chance that changes, as it would be without the voids (with "about 1 in N" when
    the percent alone would not show the change).

    Args:
        with_voids, without_voids: two :func:`~xactika_edu.teaching.views.leadtable.lead_table`
            results for the same leads, with and without the voids.
    """
    changed = []
    for combination, new_chance, old_chance, new, old in zip(
        with_voids["combination"],
        with_voids["chance"],
        without_voids["chance"],
        with_voids["percent"],
        without_voids["percent"],
        strict=True,
    ):
        if new_chance != old_chance:
            small = one_in(old_chance) if new == old else ""
            changed.append(f"{combination} {old}" + (f" ({small})" if small else ""))
    if not changed:
        return _(VOIDS_EFFECT) + " " + _("Here they change none of these chances.")
    return (
        _(VOIDS_EFFECT)
        + " "
        + _("Without the voids: {chances}.").format(chances=", ".join(changed))
    )


def chances_with_voids(
    held: Hand,
    players: int,
    seen: Hand,
    card: Card,
    voids: Voids | None,
    trials: int = 0,
    seed: int = 0,
) -> tuple[pd.DataFrame | None, str, str | None]:
    """The hand explorer's chances for ``card``: its
    :func:`~xactika_edu.teaching.views.leadtable.lead_table` with the voids, how the
    voids change it (:func:`voids_effect_text`, "" without voids), and what is wrong
    with the voids (:func:`voids_problem`; then no table).

    >>> table, effect, problem = chances_with_voids(
    ...     Hand.parse("1111 2213"), 2, Hand(), Card.parse("2213"), {1: ["1 cone"]})
    >>> table["percent"].tolist()[2], "1 cone 78%" in effect, problem
    ('100%', True, None)

    Args:
        held, players, seen, card, trials, seed: as for
            :func:`~xactika_edu.teaching.views.leadtable.lead_table`.
        voids: ``{seat offset: combinations}`` or ``None`` for none.

    Returns:
        ``(table or None, effect, problem or None)``.

    Raises:
        XactikaError: as :func:`~xactika_edu.teaching.views.leadtable.lead_table`,
            for a problem that is not the voids'.
    """
    problem = voids_problem(players, voids or {})
    if problem is not None:
        return None, "", problem
    options = {"card": card, "trials": trials, "seed": seed}
    try:
        table = lead_table(held, players, seen, voids=voids or None, **options)  # type: ignore[arg-type]
    except XactikaError as error:
        if not voids:
            raise
        return None, "", voids_problem(players, voids, error, held=held, seen=seen)
    if not voids:
        return table, "", None
    plain = lead_table(held, players, seen, card=card)
    return table, voids_effect_text(table, plain), None
