"""Cards drawn one at a time, and the means of samples of cards: the pure logic of the
draw and sampling widgets (:mod:`xactika_edu.ui.widgets.draws`).

Two classroom pictures, both seeded:

* **Draw 1 / 10 / 100 cards** (like PhET's *Plinko Probability*): cards are drawn from
  the full deck and put back; their relative frequencies of face values grow toward
  the deck's bars (:func:`drawn_values`, :func:`draw_table`, :func:`draw_summary`).
* **The mean of n cards, repeated** (the sampling view): each sample is ``n`` cards
  drawn and put back; the means pile up in a bell around the deck's mean, 8, narrower
  for bigger ``n``: the central limit theorem seen, not computed
  (:func:`sample_means`, :func:`means_table`, :func:`sampling_summary`).

A draw is a uniformly random card of the 81 (the card is put back), the same chance as
four dice (:mod:`xactika_edu.core.dice_cards`). The seeded stream has no memory of how
it was asked for: the first 10 draws of a seed are the same whether a student pressed
"Draw 10" once or "Draw 1" ten times.

>>> drawn_values(5, seed=1).tolist()
[8, 9, 9, 10, 6]
>>> drawn_values(3, seed=1).tolist()  # the first 3 of the same stream
[8, 9, 9]
>>> table = draw_table(drawn_values(100, seed=1))
>>> int(table["drawn frequency"].sum()), table.columns.tolist()
(100, ['drawn frequency', 'drawn relative frequency', 'deck frequency', 'deck relative frequency'])
>>> means = sample_means(3, 4, seed=2)
>>> [str(m) for m in means]
['8', '29/4', '31/4']

Teaching layer: NumPy and pandas only, no widgets, no plotting.

Source: issue 12, item 5 (the draw histogram and the sampling view); RULES.md (the deck).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import numpy as np
import pandas as pd

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import and_list, percent, whole_percent
from ...base.language import gettext as _
from ...base.language import ngettext
from ...core.cards import DECK, Seed, make_rng
from ...core.face_values import FACE_VALUES, face_value_mean

__all__ = [
    "DRAW_STEPS",
    "MAX_DRAWS",
    "MAX_SAMPLES",
    "SAMPLE_SIZES",
    "Gap",
    "draw_summary",
    "draw_table",
    "drawn_values",
    "means_table",
    "sample_means",
    "sampling_summary",
    "sizes_summary",
    "widest_gap",
]

#: The draw buttons: Draw 1, Draw 10, Draw 100.
DRAW_STEPS: tuple[int, ...] = (1, 10, 100)
#: The sample sizes the sampling view offers: n = 1, 4 or 16 cards.
SAMPLE_SIZES: tuple[int, ...] = (1, 4, 16)
#: The most cards drawn (a class pressing "Draw 100" for a whole period draws far less).
MAX_DRAWS = 100_000
#: The most samples in the sampling view.
MAX_SAMPLES = 100_000

_VALUES = np.array([card.value for card in DECK], dtype=np.int64)


def drawn_values(draws: int, seed: Seed = 1) -> np.ndarray:
    """The face values of the first ``draws`` cards drawn (each put back) from the seeded
    stream: the same seed gives the same cards, and a longer draw begins with a shorter one.

    Returns:
        an int array of length ``draws``, each face value 4..12.

    Raises:
        XactikaError: if ``draws`` is not a whole number from 0 to :data:`MAX_DRAWS`,
            or the seed is not a seed.
    """
    check_whole(draws, "draws", 0, MAX_DRAWS)
    picks = make_rng(seed).integers(0, len(DECK), size=draws)
    return _VALUES[picks]


def draw_table(values: np.ndarray | list[int]) -> pd.DataFrame:
    """Drawn cards counted by face value, next to the deck's.

    Returns:
        a 9-row DataFrame indexed by ``face value`` 4..12: ``drawn frequency`` (int),
        ``drawn relative frequency`` (float; 0 for no draws), ``deck frequency`` (int, of
        81) and ``deck relative frequency`` (float).

    Raises:
        XactikaError: if a value is not a face value 4..12.
    """
    values = np.asarray(values, dtype=np.int64)
    for value in values.tolist():
        check_whole(value, "face value", FACE_VALUES[0], FACE_VALUES[-1])
    top = FACE_VALUES[-1] + 1
    counts = np.bincount(values, minlength=top)[FACE_VALUES[0] :].astype(np.int64)
    deck = np.bincount(_VALUES, minlength=top)[FACE_VALUES[0] :].astype(np.int64)
    total = len(values)
    return pd.DataFrame(
        {
            "drawn frequency": counts,
            "drawn relative frequency": counts / total if total else np.zeros(len(counts)),
            "deck frequency": deck,
            "deck relative frequency": deck / len(DECK),
        },
        index=pd.Index(FACE_VALUES, name="face value"),
    )


class Gap(NamedTuple):
    """The biggest gap between the drawn bars and the deck's, as a student reads it off
    the bars: the difference of the two whole percents (25% − 23% = 2)."""

    #: the gap in percentage points (a whole number).
    points: int
    #: the face values with that gap, smallest first.
    values: tuple[int, ...]
    #: the first of them: its percent of the drawn cards, and of the deck.
    drawn: int
    deck: int


def widest_gap(values: np.ndarray | list[int]) -> Gap:
    """The biggest gap between the drawn cards' bars and the deck's, in whole percentage
    points: each bar's relative frequency rounded to a whole percent (a half up), as the
    pictures and the lessons show it, then subtracted.

    >>> widest_gap([8, 8, 9, 12])
    Gap(points=27, values=(8,), drawn=50, deck=23)

    Raises:
        XactikaError: if no card was drawn, or a value is not a face value 4..12.
    """
    table = draw_table(values)
    drawn = int(table["drawn frequency"].sum())
    if drawn == 0:
        raise XactikaError(_("no cards drawn yet: the gap needs at least one card"))
    shown = [
        (whole_percent(Fraction(int(n), drawn)), whole_percent(Fraction(int(d), len(DECK))))
        for n, d in zip(table["drawn frequency"], table["deck frequency"], strict=True)
    ]
    gaps = [abs(mine - deck) for mine, deck in shown]
    widest = max(gaps)
    where = tuple(int(v) for v, gap in zip(FACE_VALUES, gaps, strict=True) if gap == widest)
    first = shown[FACE_VALUES.index(where[0])]
    return Gap(widest, where, *first)


def draw_summary(values: np.ndarray | list[int]) -> str:
    """One sentence about the cards drawn so far: how many, and how far their bars are
    from the deck's at most (:func:`widest_gap`, in percentage points).

    >>> draw_summary([])
    'No cards drawn yet. Press a Draw button.'
    >>> draw_summary([8])[-48:]
    "the deck's: 77 percentage points (face value 8)."
    """
    drawn = len(np.asarray(values))
    if drawn == 0:
        return _("No cards drawn yet. Press a Draw button.")
    gap = widest_gap(values)
    head = ngettext(
        "{count} card drawn (each put back).", "{count} cards drawn (each put back).", drawn
    ).format(count=f"{drawn:,}")
    if not gap.points:
        return head + " " + _("The drawn bars match the deck's, to the nearest whole percent.")
    return (
        head
        + " "
        + ngettext(
            "The biggest gap between the drawn bars and the deck's: {count} percentage point "
            "(face value {values}).",
            "The biggest gap between the drawn bars and the deck's: {count} percentage points "
            "(face value {values}).",
            gap.points,
        ).format(count=gap.points, values=and_list(list(gap.values), "or"))
    )


def sample_means(samples: int, size: int, seed: Seed = 1) -> list[Fraction]:
    """The mean face value of each of ``samples`` samples of ``size`` cards (each card
    drawn and put back), exact fractions, from the seeded stream (sample k uses draws
    k*size to (k+1)*size - 1 of :func:`drawn_values`).

    Raises:
        XactikaError: if ``samples`` is not 0 to :data:`MAX_SAMPLES`, ``size`` is not
            1 to 100, or ``samples * size`` is over :data:`MAX_DRAWS` x 16.
    """
    check_whole(samples, "samples", 0, MAX_SAMPLES)
    check_whole(size, "size", 1, 100)
    check_whole(samples * size, "cards drawn", 0, MAX_DRAWS * 16)
    picks = make_rng(seed).integers(0, len(DECK), size=samples * size)
    totals = _VALUES[picks].reshape(samples, size).sum(axis=1)
    return [Fraction(int(total), size) for total in totals]


def means_table(means: list[Fraction], size: int) -> pd.DataFrame:
    """How many samples had each possible mean of ``size`` cards (4, 4 + 1/size, ..., 12).

    Returns:
        a DataFrame of ``8 * size + 1`` rows indexed by ``mean`` (Fraction): ``samples``
        (int).

    Raises:
        XactikaError: if ``size`` is not 1 to 100 or a mean is not one of the possible
            means of ``size`` cards.
    """
    check_whole(size, "size", 1, 100)
    possible = [Fraction(k, size) for k in range(FACE_VALUES[0] * size, FACE_VALUES[-1] * size + 1)]
    counts = dict.fromkeys(possible, 0)
    for mean in means:
        if mean not in counts:
            raise XactikaError(
                ngettext(
                    "{mean} is not a mean of {count} card",
                    "{mean} is not a mean of {count} cards",
                    size,
                ).format(mean=mean, count=size)
            )
        counts[mean] += 1
    return pd.DataFrame({"samples": list(counts.values())}, index=pd.Index(possible, name="mean"))


def sampling_summary(means: list[Fraction], size: int) -> str:
    """One sentence about the sample means so far: how many, their range, and the part
    within 1 of the deck's mean (from 7 to 9).

    >>> sampling_summary([], 4)
    'No samples yet. Press an Add button.'
    >>> sampling_summary([Fraction(8), Fraction(35, 4), Fraction(9)], 4)
    '3 samples of 4 cards. Their means go from 8 to 9; 100% of them are from 7 to 9.'
    """
    if not means:
        return _("No samples yet. Press an Add button.")
    center = face_value_mean()
    near = sum(1 for mean in means if abs(mean - center) <= 1)
    samples = ngettext(
        "{count} sample of {cards}.", "{count} samples of {cards}.", len(means)
    ).format(count=f"{len(means):,}", cards=_cards(size))
    return (
        samples
        + " "
        + _(
            "Their means go from {low} to {high}; {percent} of them are from {start} to {end}."
        ).format(
            low=_mean_text(min(means)),
            high=_mean_text(max(means)),
            percent=percent(Fraction(near, len(means))),
            start=center - 1,
            end=center + 1,
        )
    )


def _cards(count: int) -> str:
    """``count`` cards, in words ("1 card", "4 cards")."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def sizes_summary(samples: int, seed: Seed = 1, sizes: tuple[int, ...] = SAMPLE_SIZES) -> str:
    """One sentence comparing the means of ``samples`` samples of each size n (the same
    seed): the part of the means within 1 of the deck's mean (from 7 to 9) for each n.

    >>> sizes_summary(0)
    'No samples yet. Press an Add button.'
    >>> print(sizes_summary(100, seed=1))  # doctest: +NORMALIZE_WHITESPACE
    100 samples each of 1, 4 and 16 cards. 62% of the 1-card means are from 7 to 9;
    for 4 cards, 76%; for 16 cards, 100%.

    Raises:
        XactikaError: as :func:`sample_means`.
    """
    if not samples:
        return _("No samples yet. Press an Add button.")
    center = face_value_mean()
    parts = []
    for size in sizes:
        means = sample_means(samples, size, seed)
        near = sum(1 for mean in means if abs(mean - center) <= 1)
        parts.append(percent(Fraction(near, samples)))
    first = _("{percent} of the {size}-card means are from {start} to {end}").format(
        percent=parts[0], size=sizes[0], start=center - 1, end=center + 1
    )
    rest = [
        _("for {size} cards, {percent}").format(size=s, percent=p)
        for s, p in zip(sizes[1:], parts[1:], strict=True)
    ]
    head = ngettext(
        "{count} sample each of {sizes} cards.", "{count} samples each of {sizes} cards.", samples
    ).format(count=f"{samples:,}", sizes=and_list(sizes))
    # no conclusion here: Lesson 3 asks it right after this caption (check 3)
    return head + " " + "; ".join([first, *rest]) + "."


def _mean_text(mean: Fraction) -> str:
    """A mean as a student writes it: 8, 8.25, 7.0625."""
    text = f"{float(mean):.4f}".rstrip("0").rstrip(".")
    return text
