"""The estimation worksheet's words for bids, calls and threats.

Pure text helpers for :mod:`xactika_edu.outputs.worksheets.estimation`: the bid nearest an
estimate among the legal bids (the sheet's method, one place), the dealer's step
written out for the key, the bids a student sees before their turn, and the key's
cells for tied calls and long threat counts.

>>> nearest_bid(Fraction(2), [0, 1, 3, 4, 5, 6, 7, 8])
1
>>> dealer_step([2, 1, 3], Fraction(2), [0, 1, 3, 4, 5, 6, 7, 8])
'2 + 1 + 3 = 6, so 2 is forbidden; 1 and 3 are equally near 2, take the lower: 1.'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...base.errors import XactikaError
from ...base.formatting import and_list, exact_decimal
from ...base.language import gettext as _
from ...core.cards import CARDS_PER_HAND, Combination
from ...core.probability import MAYBE_MAX_THREATS

__all__ = [
    "STOP_COUNTING",
    "bids_before_text",
    "calls_text",
    "dealer_step",
    "half_text",
    "nearest_bid",
    "number_text",
    "threats_text",
]

#: Threat counts from here on all mean "unlikely": the sheet lets the student stop.
STOP_COUNTING = MAYBE_MAX_THREATS + 1


def number_text(value: Fraction) -> str:
    """``5/2`` -> ``'2.5'``, ``3`` -> ``'3'``: the halves the estimate makes.

    >>> number_text(Fraction(5, 2)), number_text(Fraction(3))
    ('2.5', '3')

    Raises:
        XactikaError: for a value that is not a whole number or a half.
    """
    text = exact_decimal(value)
    if text is None:
        raise XactikaError(f"an estimate is a whole number or a half, got {value}")
    return text


def half_text(count: int) -> str:
    """Half of ``count`` as :func:`number_text` writes it: ``3`` -> ``'1.5'``."""
    return number_text(Fraction(count, 2))


def nearest_bid(estimate: Fraction, legal: Sequence[int]) -> int:
    """The legal bid nearest ``estimate``; of two equally near, the lower.

    This is the sheet's method ("a half rounds down"), used for the key's bid.

    >>> nearest_bid(Fraction(5, 2), range(9)), nearest_bid(Fraction(5, 2), [0, 1, 3])
    (2, 3)

    Args:
        estimate: tricks, a whole number or a half, >= 0.
        legal: the bids allowed (:meth:`~xactika_edu.core.game.Round.legal_bids`).

    Returns:
        a bid from ``legal``.
    """
    return min(legal, key=lambda bid: (abs(bid - estimate), bid))


def dealer_step(before: Sequence[int], estimate: Fraction, legal: Sequence[int]) -> str:
    """The dealer rule worked out in words, for the key.

    >>> dealer_step([1, 3, 2], Fraction(5, 2), [0, 1, 3, 4, 5, 6, 7, 8])
    '1 + 3 + 2 = 6, so 2 is forbidden; the nearest allowed bid to 2.5 is 3.'
    >>> dealer_step([3, 3, 4], Fraction(1), list(range(9)))
    '3 + 3 + 4 = 10, so no bid is forbidden; the nearest to 1 is 1.'

    Args:
        before: the other players' bids, in bidding order.
        estimate: the student's estimate in tricks.
        legal: the dealer's legal bids after ``before``.

    Returns:
        one sentence ending in the bid :func:`nearest_bid` gives.
    """
    total = sum(before)
    sum_text = f"{' + '.join(str(b) for b in before)} = {total}"
    bid = nearest_bid(estimate, legal)
    shown = number_text(estimate)
    forbidden = [b for b in range(CARDS_PER_HAND + 1) if b not in legal]
    if not forbidden:
        return _("{sum}, so no bid is forbidden; the nearest to {estimate} is {bid}.").format(
            sum=sum_text, estimate=shown, bid=bid
        )
    start = _("{sum}, so {forbidden} is forbidden").format(
        sum=sum_text, forbidden=and_list(forbidden)
    )
    free = nearest_bid(estimate, range(CARDS_PER_HAND + 1))
    if free not in forbidden:
        return _("{start}; your nearest bid, {bid}, is allowed.").format(start=start, bid=free)
    gap = abs(bid - estimate)
    tied = [b for b in legal if abs(b - estimate) == gap]
    if len(tied) > 1:
        return _("{start}; {tied} are equally near {estimate}, take the lower: {bid}.").format(
            start=start, tied=and_list(tied), estimate=shown, bid=bid
        )
    return _("{start}; the nearest allowed bid to {estimate} is {bid}.").format(
        start=start, estimate=shown, bid=bid
    )


def bids_before_text(bids: Sequence[tuple[str, int]]) -> str:
    """The bids a student sees before their turn, or ``''`` if they bid first.

    >>> bids_before_text([("P2", 2), ("P3", 1), ("P4", 3)])
    'Bids before yours: P2 bid 2, P3 bid 1, P4 bid 3.'

    Args:
        bids: (name, bid) pairs in bidding order.
    """
    if not bids:
        return ""
    listed = ", ".join(_("{name} bid {bid}").format(name=name, bid=bid) for name, bid in bids)
    return _("Bids before yours: {bids}.").format(bids=listed)


def calls_text(calls: Sequence[Combination], of: int) -> str:
    """The key's best-call cell: one call, or the tied calls any of which is right.

    >>> from xactika_edu.core.cards import Combination as C
    >>> calls_text([C.parse("1 cube"), C.parse("1 star")], of=4)
    '1 cube or 1 star'
    >>> calls_text([C.parse(c) for c in ("3 balls", "3 cubes", "3 cones", "3 stars")], of=4)
    'any of the 4'

    Args:
        calls: the tied best calls, in shape order (at least one).
        of: how many calls the card has.
    """
    words = [str(call) for call in calls]
    if len(words) == 1:
        return words[0]
    if len(words) == of:
        return _("any of the {count}").format(count=of)
    return _("{calls} or {last}").format(calls=", ".join(words[:-1]), last=words[-1])


def threats_text(threats: int) -> str:
    """The key's threats cell: the count, marked ``4+`` where counting could stop.

    >>> threats_text(3), threats_text(22)
    ('3', '4+ (22)')
    """
    if threats < STOP_COUNTING:
        return str(threats)
    return f"{STOP_COUNTING}+ ({threats})"
