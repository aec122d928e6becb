"""Counting the deals of classes of cards to void groups, exactly and fast.

The count of :func:`count_class_deals` (used by
:class:`~xactika_edu.core.chances.ConsistentDeals`) is the coefficient of
``prod x_g^needs[g]`` in ``prod over classes M of (1 + sum_{g in M} x_g)^n_M``.
A dynamic program over the classes finds it; its state ``A[d]`` counts the ways the
classes so far give ``d_g`` cards to each group ``g``.

Speed without losing exactness: the numbers reach about 2^100 with 3 void groups,
too big for machine words, and Python ints in NumPy object arrays are slow (about
2 ms a count). So the program runs modulo a few primes below 2^20 at once, in
float64 arrays whose sums stay below 2^53 (so every step is exact), and each class
is one matrix product (the class's kernel as a Toeplitz matrix over its groups'
axes; a class open to three or more groups is split on one of them). The residues
give the count by the Chinese remainder theorem; enough primes are taken for their
product to exceed a bound on the count (``prod_g C(cards group g may hold,
needs[g])``), so the result is exact, not probably right.

The chance a lead wins sets its threats aside: the same count with cards taken out
of some classes. :class:`DealCounter` builds the product once and takes ``t`` cards
out of a class by multiplying by the series of ``(1 + sum_{g in M} x_g)^-t``; the
32 leads of a hand are counted together, one matrix product per class and per
number of cards taken out of it. Matrix products are cut into blocks small enough
for BLAS to run each on one thread (threads stall these small products on a busy
machine). Measured (benchmarks/bench_voids.py): 32 leads with 3 opponents each
showing a different void, about 4-7 ms; 4 void groups at 10 players, about 40 ms.
A little above :data:`FAST_STATES` counts (five void groups of 5 cards) the counts run
in Python ints, class by class (about 1-2 s for a hand's 32 leads); above
:data:`MOST_STATES` they are refused (:class:`~xactika_edu.base.errors.TooManyToCount`):
five groups of 6 to 8 cards took 6 to 10 s, six groups of 5 cards 27 s.

tests/test_voids.py checks the counts against brute-force enumeration and against
the Python-int program of :func:`add_class` (the sampler's tables).

>>> count_class_deals([(0b11, 4)], [1, 2])           # 4! / (1! 2! 1!)
12

Core layer: NumPy and the standard library only.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence

import numpy as np

from ...base.errors import TooManyToCount, XactikaError
from ...base.language import N_
from ...base.language import gettext as _

__all__ = [
    "FAST_STATES",
    "MOST_STATES",
    "TOO_MANY",
    "DealCounter",
    "add_class",
    "class_kernel",
    "count_by_python_ints",
    "count_class_deals",
    "members",
]

#: The largest dynamic-program state (cells: prod over void groups of needs + 1) that
#: :func:`count_class_deals` builds (6^5 = 7,776: five void groups of 5 cards, about
#: 2 s for the 32 leads of a hand); above it the count is refused with
#: :class:`~xactika_edu.base.errors.TooManyToCount`, never guessed (measured: 7^5 took
#: 6 s, 9^5 9 s, 6^6 27 s, too long for a widget or a computer player's turn).
MOST_STATES = 8_000
#: Up to this state (9^4: four void groups of 8 cards) the counts run modulo primes in
#: matrix products; above it, in Python ints class by class (:func:`count_by_python_ints`).
FAST_STATES = 9**4

#: The words that end the error of a count refused for its size (callers may look for them).
TOO_MANY = N_("too many to count exactly")

_PRIME_BITS = 20  # signed residues about p / 2 < 2^19 in size: products below 2^39,
# so a matrix product of side 81 (sums below 2^46) and a split's 9 terms stay exact in
# float64, and the last class's sum of MOST_STATES products (below 2^53) in int64
_MATRIX_SIDE = 81  # classes open to more cells than this are added entry by entry


@functools.cache
def _primes() -> tuple[int, ...]:
    """The 64 largest primes below 2^20, largest first (product about 2^1280)."""
    sieve = np.ones(1 << (_PRIME_BITS // 2 + 1), dtype=bool)  # up to sqrt(2^20), doubled
    sieve[:2] = False
    for p in range(2, int(len(sieve) ** 0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = False
    small = np.flatnonzero(sieve).tolist()
    found: list[int] = []
    candidate = (1 << _PRIME_BITS) - 1
    while len(found) < 64:
        if all(candidate % q for q in small if q * q <= candidate):
            found.append(candidate)
        candidate -= 2
    return tuple(found)


def _primes_above(bound: int) -> tuple[int, ...]:
    """The fewest of :func:`_primes` whose product exceeds ``bound``."""
    chosen: list[int] = []
    product = 1
    for prime in _primes():
        chosen.append(prime)
        product *= prime
        if product > bound:
            return tuple(chosen)
    raise XactikaError(_("a count up to {bound} is too big to count exactly").format(bound=bound))


@functools.cache
def _crt(primes: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The modulus and the weights w_i (w_i = 1 mod p_i, 0 mod the others)."""
    modulus = math.prod(primes)
    weights = tuple((modulus // p) * pow(modulus // p, -1, p) % modulus for p in primes)
    return modulus, weights


@functools.cache
def class_kernel(n: int, caps: tuple[int, ...]) -> np.ndarray:
    """``K[k] = n! / ((n - sum k)! prod k_g!)`` for ``k_g <= caps[g]`` (0 where
    ``sum k > n``): the ways a class of ``n`` cards gives ``k_g`` to each member group
    and the rest to the free holder; the coefficients of ``(1 + sum_g x_g)^n``.

    A negative ``n`` gives the series of ``(1 + sum_g x_g)^n`` (the same formula with
    the falling factorial ``n (n - 1) ... (n - sum k + 1)``): multiplying by it takes
    ``-n`` cards out of a class.

    >>> class_kernel(2, (2,)).tolist(), class_kernel(-1, (3,)).tolist()
    ([1, 2, 1], [1, -1, 1, -1])

    Returns:
        an object array of Python ints, shape ``caps + 1``, read-only.
    """
    kernel = np.zeros(tuple(cap + 1 for cap in caps), dtype=object)
    for k in itertools.product(*(range(_reach(n, cap) + 1) for cap in caps)):
        total = sum(k)
        falling = math.prod(range(n - total + 1, n + 1)) if total else 1
        kernel[k] = falling // math.prod(math.factorial(part) for part in k)
    kernel.setflags(write=False)
    return kernel


def _reach(n: int, cap: int) -> int:
    """The largest part of a kernel that can be non-zero: ``min(cap, n)``, or ``cap``
    for a series (negative ``n``)."""
    return cap if n < 0 else min(cap, n)


def members(mask: int, groups: int) -> list[int]:
    """The groups whose bit is set in ``mask``, in order.

    >>> members(0b101, 3)
    [0, 2]
    """
    return [g for g in range(groups) if mask >> g & 1]


def add_class(
    state: np.ndarray,
    mask: int,
    n: int,
    needs: tuple[int, ...],
    reach: list[int] | None = None,
) -> np.ndarray:
    """``state`` times ``(1 + sum_{g in mask} x_g)^n``, truncated at ``needs``, in
    Python ints (an object array of shape ``needs + 1``): the exact tables the
    sampler walks, and the count of many void groups (:func:`count_by_python_ints`).

    ``reach`` (updated in place) bounds where ``state`` is non-zero; None: anywhere.
    """
    groups = len(needs)
    group_list = members(mask, groups)
    bound = list(needs) if reach is None else reach
    kernel = class_kernel(n, tuple(needs[g] for g in group_list))
    new = np.zeros_like(state)
    for k in zip(*np.nonzero(kernel), strict=True):
        shift = [slice(0, top + 1) for top in bound]
        keep = [slice(0, top + 1) for top in bound]
        for g, part in zip(group_list, k, strict=True):
            top = min(bound[g], needs[g] - part)
            shift[g] = slice(part, part + top + 1)
            keep[g] = slice(0, top + 1)
        new[tuple(shift)] += kernel[k] * state[tuple(keep)]
    if reach is not None:
        for g in group_list:
            reach[g] = min(needs[g], reach[g] + n)
    return new


def count_by_python_ints(classes: Mapping[int, int], needs: tuple[int, ...]) -> int:
    """:func:`count_class_deals` by the dynamic program in Python ints, class by class
    (``classes``: mask to cards, masks and cards > 0; at least one group). Slower for
    a few void groups; for many (over :data:`FAST_STATES` counts kept) it is the faster
    one, because each class adds only the splits its few cards allow.
    """
    if not classes:
        return int(not any(needs))
    order = sorted(classes.items(), key=lambda item: (bin(item[0]).count("1"), item[0]))
    state = np.zeros(tuple(need + 1 for need in needs), dtype=object)
    state[(0,) * len(needs)] = 1
    reach = [0] * len(needs)  # the state is zero beyond d_g > reach[g]
    for mask, n in order[:-1]:
        state = add_class(state, mask, n, needs, reach)
    mask, n = order[-1]
    group_list = members(mask, len(needs))
    # the last class gives each member needs[g] - d_g; others must be complete
    index = tuple(slice(None, None, -1) if g in group_list else needs[g] for g in range(len(needs)))
    kernel = class_kernel(n, tuple(needs[g] for g in group_list))
    return int((state[index] * kernel).sum())


@functools.lru_cache(maxsize=64)
def _toeplitz_index(caps: tuple[int, ...]) -> np.ndarray:
    """``index[d, e]``: the flat kernel index of ``d - e`` (flat indices over
    ``caps + 1``), or the size (a zero pad) where some ``d_g < e_g``."""
    dims = tuple(cap + 1 for cap in caps)
    size = math.prod(dims)
    points = np.array(list(itertools.product(*(range(dim) for dim in dims)))).reshape(size, -1)
    diff = points[:, None, :] - points[None, :, :]
    flat = np.ravel_multi_index(tuple(np.clip(diff, 0, None).T), dims).T
    return np.where((diff >= 0).all(axis=2), flat, size)


@functools.lru_cache(maxsize=512)
def _residues(n: int, caps: tuple[int, ...], primes: tuple[int, ...]) -> np.ndarray:
    """The kernel modulo each prime, flat, with a zero pad: float64 (primes, size + 1)."""
    flat = class_kernel(n, caps).ravel()
    table = np.zeros((len(primes), flat.size + 1))
    for i, prime in enumerate(primes):
        table[i, :-1] = [int(value) % prime for value in flat]
    return table


def count_class_deals(classes: Sequence[tuple[int, int]], needs: Sequence[int]) -> int:
    """The number of ways to deal cards of masked classes to groups and a free holder.

    Each class ``(mask, n)`` has ``n`` distinct cards; each card goes to the free
    holder (which takes any number) or to one group ``g`` with bit ``g`` set in
    ``mask``; group ``g`` must get exactly ``needs[g]`` cards. The answer is the
    coefficient of ``prod x_g^needs[g]`` in ``prod (1 + sum_{g in mask} x_g)^n``
    (see the module: a dynamic program over the classes, modulo primes, exact;
    :class:`DealCounter` counts again with cards taken out, faster).

    >>> count_class_deals([(0b1, 4)], [2])               # C(4, 2)
    6
    >>> count_class_deals([(0b11, 4)], [1, 2])           # 4! / (1! 2! 1!)
    12
    >>> count_class_deals([(0b01, 1), (0b10, 1)], [1, 1]), count_class_deals([], [1])
    (1, 0)

    Args:
        classes: ``(mask, n)`` pairs; mask a bit set over ``range(len(needs))``,
            ``n >= 0`` cards.
        needs: cards each group must receive, whole numbers >= 0.

    Returns:
        the number of deals, a whole number >= 0.

    Raises:
        XactikaError: as :class:`DealCounter`.
    """
    return DealCounter(classes, needs).count()


class DealCounter:
    """:func:`count_class_deals` for some classes, and again with cards taken out of
    them (:meth:`count`, :meth:`count_each`). The product over every class but the one
    open to the most groups (the *last* class) is built once (one matrix product per
    class, modulo primes); taking ``t`` cards out of class ``M`` multiplies it by the
    series of ``(1 + sum_{g in M} x_g)^-t``; the last class is then summed against it
    for the one coefficient wanted. :meth:`count_each` does this for many removals
    at once: one matrix product per class and per number of cards taken out of it.

    >>> counter = DealCounter([(0b11, 4)], [1, 2])
    >>> counter.count(), counter.count({0b11: 1}), count_class_deals([(0b11, 3)], [1, 2])
    (12, 3, 3)

    Args:
        classes, needs: as for :func:`count_class_deals`.

    Raises:
        XactikaError: if the state, ``prod (needs[g] + 1)`` cells, exceeds
            :data:`MOST_STATES` (too many void groups to count exactly in time);
            the message names the groups and their cards.
    """

    def __init__(self, classes: Sequence[tuple[int, int]], needs: Sequence[int]) -> None:
        self.needs = tuple(needs)
        self.classes: dict[int, int] = {}
        for mask, n in classes:
            if mask and n:
                self.classes[mask] = self.classes.get(mask, 0) + n
        groups = len(self.needs)
        reachable = [
            sum(n for mask, n in self.classes.items() if mask >> g & 1) for g in range(groups)
        ]
        # every count with cards out is at most the count without: at most this bound
        self.bound = math.prod(
            math.comb(cards, need) for cards, need in zip(reachable, self.needs, strict=True)
        )
        cells = math.prod(need + 1 for need in self.needs)
        if self.bound and groups and cells > MOST_STATES:
            raise TooManyToCount(
                _(
                    "{groups} opponents (or groups of them) show different voids, "
                    "holding {needs} cards: {cells:,} counts to keep, more than "
                    "{MOST_STATES:,}; {TOO_MANY}"
                ).format(
                    groups=groups,
                    needs=list(self.needs),
                    cells=cells,
                    MOST_STATES=MOST_STATES,
                    TOO_MANY=_(TOO_MANY),
                )
            )
        self._last = max(self.classes, key=lambda m: (bin(m).count("1"), m), default=None)
        self._state: np.ndarray | None = None
        self._counts: dict[tuple[tuple[int, int], ...], int] = {}

    def count(self, removed: Mapping[int, int] | None = None) -> int:
        """The count with ``removed[mask]`` cards taken out of each class.

        Args:
            removed: cards out per class mask (each at most the class's cards);
                masks not among the classes, and mask 0, are ignored.

        Returns:
            a whole number >= 0.
        """
        return self.count_each([removed or {}])[0]

    def count_each(self, removals: Sequence[Mapping[int, int]]) -> list[int]:
        """:meth:`count` for each of ``removals``, computed together.

        >>> DealCounter([(0b1, 4)], [2]).count_each([{}, {0b1: 1}, {0b1: 2}])
        [6, 3, 1]
        """
        keys = [
            tuple(sorted((m, t) for m, t in removed.items() if t and m in self.classes))
            for removed in removals
        ]
        if not self.needs:
            return [1] * len(keys)  # no group: every card goes to the free holder
        if not self.bound:
            return [0] * len(keys)  # a group cannot get its cards even with all cards in
        todo = sorted({key for key in keys if key not in self._counts})
        if todo and math.prod(need + 1 for need in self.needs) > FAST_STATES:
            for key in todo:
                cut = dict(key)
                left = {m: n - cut.get(m, 0) for m, n in self.classes.items()}
                self._counts[key] = count_by_python_ints(
                    {m: n for m, n in left.items() if n}, self.needs
                )
        elif todo:
            self._counts.update(zip(todo, self._count_batch([dict(k) for k in todo]), strict=True))
        return [self._counts[key] for key in keys]

    def _count_batch(self, cuts: list[dict[int, int]]) -> list[int]:
        primes = _primes_above(self.bound)
        states = np.repeat(self._full(primes), len(cuts), axis=0)
        for mask in sorted({m for cut in cuts for m in cut} - {self._last}):
            for t, rows in _rows_by(cuts, mask).items():
                if t:
                    states[rows] = _times_class(states[rows], mask, -t, self.needs, primes)
        residues = np.zeros((len(cuts), len(primes)), dtype=np.int64)
        if self._last is None:  # no class: every group must need nothing
            corner: tuple[slice | int, ...] = (slice(None), slice(None), *self.needs)
            residues[:] = states[corner]
        else:
            last, size = self._last, self.classes[self._last]
            for t, rows in _rows_by(cuts, last).items():
                residues[rows] = _coefficient(states[rows], last, size - t, self.needs, primes)
        modulus, weights = _crt(primes)
        return [
            sum(int(r) % p * w for r, p, w in zip(row, primes, weights, strict=True)) % modulus
            for row in residues.tolist()
        ]

    def _full(self, primes: tuple[int, ...]) -> np.ndarray:
        """Residues of the product over every class but the last, truncated at
        ``needs``: shape (1, primes, needs + 1)."""
        if self._state is None:
            state = np.zeros((1, len(primes), *(need + 1 for need in self.needs)))
            state[(0, slice(None)) + (0,) * len(self.needs)] = 1
            for mask, n in sorted(self.classes.items()):
                if mask != self._last:
                    state = _times_class(state, mask, n, self.needs, primes)
            self._state = state
        return self._state


def _rows_by(cuts: list[dict[int, int]], mask: int) -> dict[int, list[int]]:
    """The places of ``cuts``, grouped by the cards each takes out of class ``mask``."""
    rows: dict[int, list[int]] = {}
    for i, cut in enumerate(cuts):
        rows.setdefault(cut.get(mask, 0), []).append(i)
    return rows


def _coefficient(
    states: np.ndarray, mask: int, n: int, needs: tuple[int, ...], primes: tuple[int, ...]
) -> np.ndarray:
    """Residues of the coefficient at ``needs`` of each state (shape (batch, primes,
    needs + 1)) times the class polynomial of ``(mask, n)``: int64 (batch, primes), a
    sum of products, no matrix."""
    groups = len(needs)
    group_list = members(mask, groups)
    caps = tuple(needs[g] for g in group_list)
    # the class gives each member needs[g] - d_g; the others must be complete already
    index: tuple[slice | int, ...] = (
        slice(None),
        slice(None),
        *(slice(None, None, -1) if g in group_list else needs[g] for g in range(groups)),
    )
    rest = states[index].astype(np.int64).reshape(len(states), len(primes), -1)
    kernel = _residues(n, caps, primes)[:, :-1].astype(np.int64)
    # products below 2^39 in size, at most MOST_STATES (< 2^14) of them: below 2^53
    return (rest * kernel).sum(axis=2) % np.array(primes, dtype=np.int64)


def _times_class(
    states: np.ndarray,
    mask: int,
    n: int,
    needs: tuple[int, ...],
    primes: tuple[int, ...],
) -> np.ndarray:
    """``states`` (signed residues at most p / 2 and a little in size, shape (batch,
    primes, needs + 1)) times the polynomial of the class ``(mask, n)``, reduced again.

    A class of at most ``_MATRIX_SIDE`` cells is one matrix product; a bigger one is
    split on its last group ``g``: ``(1 + s + x_g)^n = sum_j C(n, j) x_g^j (1 + s)^(n - j)``,
    each ``(1 + s)^(n - j)`` the one before times ``(1 + s)^-1``.
    """
    group_list = members(mask, len(needs))
    caps = tuple(needs[g] for g in group_list)
    size = math.prod(cap + 1 for cap in caps)
    if size > _MATRIX_SIDE:
        return _times_split_class(states, group_list, n, needs, primes)
    order, back = _axis_order(tuple(group_list), len(needs))
    moved = states.transpose(order)
    product = _small_products(_matrix(n, caps, primes), moved.reshape(len(primes), size, -1))
    column = np.array(primes, dtype=float).reshape(-1, 1, 1)
    return _reduce(product, column).reshape(moved.shape).transpose(back)


#: Most multiply-adds in one matrix product: BLAS libraries run smaller ones on one
#: thread (OpenBLAS below 4 x 65536); threads only slow these small products down, and
#: on a busy machine they stall (measured: 25 ms became 5 s with 4 void groups).
_BLOCK = 2**18 - 1


def _small_products(matrix: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``matrix @ columns`` (shapes (primes, size, size) and (primes, size, width)),
    computed in blocks of columns of at most :data:`_BLOCK` multiply-adds each."""
    primes, size, width = columns.shape
    block = max(1, _BLOCK // (size * size))
    if width <= block:
        return np.matmul(matrix, columns)
    blocks = -(-width // block)
    padded = np.zeros((primes, size, blocks * block))
    padded[:, :, :width] = columns
    parts = padded.reshape(primes, size, blocks, block).transpose(0, 2, 1, 3)
    product = np.matmul(matrix[:, None], parts)  # one small product per block
    return product.transpose(0, 2, 1, 3).reshape(primes, size, -1)[:, :, :width]


def _times_split_class(
    states: np.ndarray,
    group_list: list[int],
    n: int,
    needs: tuple[int, ...],
    primes: tuple[int, ...],
) -> np.ndarray:
    """:func:`_times_class` for a class of many cells, split on its last group."""
    g, rest = group_list[-1], group_list[:-1]
    mask = sum(1 << h for h in rest)
    new = np.zeros_like(states)
    axis = 2 + g
    part = _times_class(states, mask, n, needs, primes)
    for j in range(_reach(n, needs[g]) + 1):
        if j:  # (1 + s)^(n - j) from (1 + s)^(n - j + 1): one matrix, the same each time
            part = _times_class(part, mask, -1, needs, primes)
        binomial = class_kernel(n, (j,))[j]  # C(n, j), n may be negative
        weight = np.array([int(binomial) % p for p in primes], dtype=float)
        shift = [slice(None)] * states.ndim
        keep = [slice(None)] * states.ndim
        shift[axis] = slice(j, needs[g] + 1)
        keep[axis] = slice(0, needs[g] + 1 - j)
        new[tuple(shift)] += weight.reshape(1, -1, *([1] * len(needs))) * part[tuple(keep)]
    # at most 9 terms, each below 2^40 and a little in size: exact
    column = np.array(primes, dtype=float).reshape(1, -1, *([1] * len(needs)))
    return _reduce(new, column)


@functools.lru_cache(maxsize=1024)
def _axis_order(group_list: tuple[int, ...], groups: int) -> tuple[list[int], list[int]]:
    """The axes of a state (batch, primes, groups...) with the primes first, then the
    class's groups, then the batch and the other groups; and the way back."""
    order = [1, *(2 + g for g in group_list), 0]
    order += [axis for axis in range(2, 2 + groups) if axis not in order]
    return order, np.argsort(order).tolist()


def _reduce(values: np.ndarray, column: np.ndarray) -> np.ndarray:
    """Signed residues: ``values - round(values / p) p``, exact for integers below
    2^53 in size; at most p / 2 and a little in size."""
    return values - np.rint(values * (1.0 / column)) * column


@functools.lru_cache(maxsize=128)
def _matrix(n: int, caps: tuple[int, ...], primes: tuple[int, ...]) -> np.ndarray:
    """The class kernel as a Toeplitz matrix per prime: (primes, size, size), read-only
    (for classes of at most ``_MATRIX_SIDE`` cells: 81 x 81 per prime)."""
    matrix = _residues(n, caps, primes)[:, _toeplitz_index(caps)]
    matrix.setflags(write=False)
    return matrix
