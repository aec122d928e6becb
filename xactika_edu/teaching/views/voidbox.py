"""The hand explorer's voids, in words a student reads: which player could not follow
which call, what is wrong with a list of voids, and how the voids change a chance.

A *void*: a player who could not follow a call has no card with that combination
(RULES.md, "Information from play"). In the explorer you are Player 1; Player 2 plays
right after you, and so on clockwise. Player ``k`` is seat offset ``k - 1`` of
:func:`~xactika_edu.core.probability.chance_unbeatable`'s ``voids``.

Teaching layer: pure functions, no widgets (:class:`~xactika_edu.ui.widgets.HandWidget`
shows their text).

>>> voids_text({1: ["2 balls"], 2: ["1 cube", "3 stars"]})
'Player 2 could not follow: 2 balls. Player 3 could not follow: 1 cube, 3 stars.'
>>> player_name(1)
'Player 2'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from ...base.errors import XactikaError
from ...base.formatting import and_list, one_in
from ...core.cards import Card, Combination, Hand, Shape, as_combination
from ...core.chances.dealcount import TOO_MANY
from .leadtable import VOIDS_EFFECT, lead_table

__all__ = [
    "SEATS_HINT",
    "chances_with_voids",
    "player_name",
    "voids_effect_text",
    "voids_problem",
    "voids_text",
]

#: Who is who, said once beside the voids' controls.
SEATS_HINT = "You are Player 1; Player 2 plays right after you, and so on."

Voids = Mapping[int, Iterable[Combination | str]]


def player_name(offset: int) -> str:
    """The name of the player ``offset`` seats after you (1: the next player)."""
    return f"Player {offset + 1}"


def _combos(combos: Iterable[Combination | str]) -> list[Combination]:
    return sorted({as_combination(combo) for combo in combos})


def voids_text(voids: Voids) -> str:
    """The voids in words, one short sentence per player ("" for none).

    >>> voids_text({})
    ''
    """
    return " ".join(
        f"{player_name(offset)} could not follow: {', '.join(map(str, _combos(combos)))}."
        for offset, combos in sorted(voids.items())
        if _combos(combos)
    )


def voids_problem(players: int, voids: Voids, error: XactikaError | None = None) -> str | None:
    """What is wrong with ``voids`` at a table of ``players``, in one or two short
    sentences, or ``None`` if nothing is known to be wrong.

    ``error`` is what computing the chances with these voids raised, if anything:
    it is said in plain words (too many different voids to count, or no deal fits).

    >>> voids_problem(4, {4: ["2 balls"]})
    'Player 5 is not at this table of 4 players. Press Clear voids, or add players.'
    >>> voids_problem(4, {1: ["1 ball", "2 balls", "3 balls"]})
    'Player 2 cannot lack 1, 2 and 3 balls: every card shows balls. Press Clear voids.'
    """
    for offset in sorted(voids):
        if offset >= players:
            return (
                f"{player_name(offset)} is not at this table of {players} players. "
                "Press Clear voids, or add players."
            )
    for offset, combos in sorted(voids.items()):
        chosen = _combos(combos)
        for shape in Shape:
            counts = [combo.count for combo in chosen if combo.shape == shape]
            if len(counts) == 3:
                return (
                    f"{player_name(offset)} cannot lack {and_list(counts)} {shape}: "
                    f"every card shows {shape}. Press Clear voids."
                )
    if error is None:
        return None
    if TOO_MANY in str(error):
        return (
            "Too many players have different voids to count every deal. "
            "Press Clear voids and add fewer."
        )
    return (
        "No way to deal the unseen cards fits these voids: the players could not "
        "hold their cards. Press Clear voids and check them."
    )


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
        return VOIDS_EFFECT + " Here they change none of these chances."
    return VOIDS_EFFECT + f" Without the voids: {', '.join(changed)}."


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
        return None, "", voids_problem(players, voids, error)
    if not voids:
        return table, "", None
    plain = lead_table(held, players, seen, card=card)
    return table, voids_effect_text(table, plain), None
