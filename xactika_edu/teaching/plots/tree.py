"""A tree diagram for two threats: each one is set aside or in another player's hand.

Lesson 4 draws it before any formula. The first threat lands in one of the ``unseen``
places, ``set_aside`` of which are set aside, so it is set aside with chance
``set_aside/unseen``. The second threat then lands in one of the ``unseen - 1`` places
left, and how many of those are set aside depends on the first branch. Each leaf's
chance is the product of the two branches on its path; the four leaves add up to 1.
Source: RULES.md, "Chance a lead is unbeatable" (every place of the unseen cards is
equally likely to hold a given card).

>>> leaves = two_threat_leaves(set_aside=49, unseen=73)
>>> [str(leaf.chance) for leaf in leaves]
['98/219', '49/219', '49/219', '23/219']
>>> sum(leaf.chance for leaf in leaves)
Fraction(1, 1)
>>> leaves[0].unbeatable, leaves[1].unbeatable
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import fraction
from ...base.language import gettext as _
from ...base.palette import INK, OKABE_ITO
from .figures import use_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["TREE_FIGSIZE", "TreeLeaf", "two_threat_leaves", "two_threat_tree"]

#: Size of the tree diagram's own figure, in inches.
TREE_FIGSIZE = (10.5, 4.8)

#: Where the leaves' products and their meaning start (data x; the leaf boxes are
#: centred at x = 2): far enough right that a leaf box never runs into its product.
_PRODUCT_X, _MEANING_X = 3.1, 4.85


@dataclass(frozen=True)
class TreeLeaf:
    """One path of the tree: where each threat is, each branch's chance, and their product.

    A branch's chance is kept as a count of places out of a total (``48/72``, not
    reduced to ``2/3``), as a student writes it from the picture.

    Attributes:
        first_aside, second_aside: whether the first (second) threat is set aside.
        first_places, unseen: the first branch's chance is ``first_places/unseen``.
        second_places: the second branch's chance is ``second_places/(unseen - 1)``.
    """

    first_aside: bool
    second_aside: bool
    first_places: int
    second_places: int
    unseen: int

    @property
    def first_step(self) -> Fraction:
        """The first branch's chance, in [0, 1]."""
        return Fraction(self.first_places, self.unseen)

    @property
    def second_step(self) -> Fraction:
        """The second branch's chance, given the first branch, in [0, 1]."""
        return Fraction(self.second_places, self.unseen - 1)

    @property
    def chance(self) -> Fraction:
        """The chance of the whole path: the two branches multiplied."""
        return self.first_step * self.second_step

    @property
    def steps_text(self) -> tuple[str, str]:
        """The two branches as written on the tree, not reduced: ``('49/73', '48/72')``."""
        return f"{self.first_places}/{self.unseen}", f"{self.second_places}/{self.unseen - 1}"

    @property
    def unbeatable(self) -> bool:
        """Whether nobody can beat the lead on this path: both threats set aside."""
        return self.first_aside and self.second_aside


def two_threat_leaves(set_aside: int, unseen: int) -> tuple[TreeLeaf, ...]:
    """The four leaves of the two-threat tree, in drawing order (top to bottom).

    Order: both set aside; first set aside and second in another player's hand; first in
    another player's hand and second set aside; both in other players' hands. With
    ``set_aside`` 0 or ``unseen`` a branch has chance 0 and its leaves too (they are still
    listed).

    >>> [leaf.steps_text[1] for leaf in two_threat_leaves(set_aside=1, unseen=3)]
    ['0/2', '2/2', '1/2', '1/2']
    >>> two_threat_leaves(set_aside=5, unseen=4)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: set_aside must be from 0 to 4, got 5

    Args:
        set_aside: how many of the unseen cards are set aside (0 to ``unseen``).
        unseen: how many cards the leader has not seen (2 or more: two threats).

    Returns:
        4 :class:`TreeLeaf` values whose chances add up to exactly 1.

    Raises:
        XactikaError: if a count is not a whole number or out of range.
    """
    unseen = check_whole(unseen, "unseen", 2, 10**6)
    set_aside = check_whole(set_aside, "set_aside", 0, unseen)
    in_hands = unseen - set_aside
    leaves = []
    for first_aside in (True, False):
        first = set_aside if first_aside else in_hands
        aside_left = set_aside - first_aside
        hands_left = in_hands - (not first_aside)
        for second_aside in (True, False):
            second = aside_left if second_aside else hands_left
            leaves.append(TreeLeaf(first_aside, second_aside, first, second, unseen))
    return tuple(leaves)


def _where(name: str, aside: bool) -> str:
    """A node of the tree: where the threat ``name`` is."""
    if aside:
        return _("{threat} set aside").format(threat=name)
    return _("{threat} in another player's hand").format(threat=name)


def two_threat_tree(
    set_aside: int,
    unseen: int,
    names: tuple[str, str] = ("A", "B"),
    ax: Axes | None = None,
) -> Axes:
    """Draw the two-threat tree: branches labelled with their chances, leaves with products.

    The root is at the left; the first threat's two branches, then the second's; at
    each leaf the product of its two branches and what it means for the lead ("nobody
    can beat it" on the one leaf where both threats are set aside). A line under the
    leaves adds them up to 1. Every number comes from :func:`two_threat_leaves` and is
    written by :func:`~xactika_edu.base.formatting.fraction`.

    >>> from matplotlib.figure import Figure
    >>> ax = two_threat_tree(49, 73, ax=Figure().subplots())
    >>> "49/73 × 48/72 = 98/219" in [t.get_text() for t in ax.texts]
    True

    Args:
        set_aside, unseen: as for :func:`two_threat_leaves`.
        names: what to call the two threats (short text, like card names).
        ax: the matplotlib Axes to draw on, or None for a new figure.

    Returns:
        the Axes.

    Raises:
        XactikaError: as :func:`two_threat_leaves`; if ``names`` is not two texts; if
            ``ax`` is not an Axes.
    """
    leaves = two_threat_leaves(set_aside, unseen)
    if (
        not isinstance(names, tuple)
        or len(names) != 2
        or not all(isinstance(name, str) and name for name in names)
    ):
        raise XactikaError(f"names must be two texts, like ('A', 'B'), got {names!r:.80}")
    ax = use_axes(ax, TREE_FIGSIZE)
    first_name, second_name = names
    root = (0.0, 0.5)
    middles = {True: (1.0, 0.75), False: (1.0, 0.25)}
    ends = [(2.0, y) for y in (0.875, 0.625, 0.375, 0.125)]
    box = {"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": INK}
    label_box = {"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"}

    def branch(start: tuple[float, float], end: tuple[float, float], text: str) -> None:
        ax.plot([start[0], end[0]], [start[1], end[1]], color=OKABE_ITO["blue"], lw=1.6)
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        ax.text(*mid, text, ha="center", va="center", fontsize=11, bbox=label_box)

    ax.text(*root, _("start"), ha="center", va="center", fontsize=10, bbox=box)
    for first_aside in (True, False):
        first = next(leaf for leaf in leaves if leaf.first_aside == first_aside)
        branch(root, middles[first_aside], first.steps_text[0])
        ax.text(
            *middles[first_aside],
            _where(first_name, first_aside),
            ha="center",
            va="center",
            fontsize=10,
            bbox=box,
        )
    for leaf, end in zip(leaves, ends, strict=True):
        branch(middles[leaf.first_aside], end, leaf.steps_text[1])
        ax.text(
            *end,
            _where(second_name, leaf.second_aside),
            ha="center",
            va="center",
            fontsize=10,
            bbox=box,
        )
        ax.text(
            _PRODUCT_X,
            end[1],
            " × ".join(leaf.steps_text) + f" = {fraction(leaf.chance)}",
            ha="left",
            va="center",
            fontsize=11,
        )
        ax.text(
            _MEANING_X,
            end[1],
            _("nobody can beat it") if leaf.unbeatable else _("someone can beat it"),
            ha="left",
            va="center",
            fontsize=10,
            fontweight="bold" if leaf.unbeatable else "normal",
            color=OKABE_ITO["bluish green"] if leaf.unbeatable else INK,
        )
    total = sum((leaf.chance for leaf in leaves), Fraction(0))
    ax.text(
        _PRODUCT_X,
        -0.02,
        _("the four paths add up to {sum} = {total}").format(
            sum=" + ".join(fraction(leaf.chance) for leaf in leaves), total=fraction(total)
        ),
        ha="left",
        va="center",
        fontsize=10,
    )
    ax.set_xlim(-0.2, 6.2)
    ax.set_ylim(-0.08, 1.0)
    ax.set_axis_off()
    ax.set_title(
        _("Where are the two threats? {aside} of the {unseen} unseen cards are set aside").format(
            aside=set_aside, unseen=unseen
        ),
        fontsize=11,
    )
    return ax
