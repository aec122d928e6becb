"""Chance experiments with the deck: draw a card, see whether an event happens, repeat.

The classroom experiment is "shuffle the deck, draw one card, note whether it has face
value 8 or more, put it back". Its exact probability comes from counting the deck
(50 of the 81 cards); the running relative frequency of a simulated (or real)
experiment wobbles at first and then settles near it: the law of large numbers. The
typical error shrinks like 1/sqrt(n), so 4 times the trials halve it.

>>> event = Event.parse("face value 8 or more")
>>> event.probability
Fraction(50, 81)
>>> experiment = draw_experiment(event, trials=1000, seed=1)
>>> experiment.columns.tolist()
['run', 'trial', 'card', 'success', 'frequency', 'relative frequency']
>>> bool(abs(experiment["relative frequency"].iloc[-1] - event.probability) < 0.05)
True
>>> trials_needed(event.probability, margin=0.05)
364

Every random function takes a ``seed``; the same seed gives the same experiment.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pandas as pd

from ..base.checks import check_whole, shown
from ..base.errors import NotationError, XactikaError
from ..base.language import gettext as _
from ..base.wording import folded
from .cards import DECK, Card, Combination, Hand, Seed, make_rng
from .face_values import FACE_VALUES

__all__ = [
    "MAX_DRAWS",
    "Event",
    "as_event",
    "draw_experiment",
    "error_by_trials",
    "error_constant",
    "exact_probability",
    "margin_of_error",
    "trials_needed",
]

#: Largest number of draws one call may simulate (rows x trials), to bound memory.
MAX_DRAWS = 2_000_000

# "face value 8 or more" and the Spanish "valor 8 o más", read lower case without
# accents (folded).
_FACE_VALUE_RE = re.compile(
    r"^\s*(?:(?:face\s+)?value|valor)\s+(\d+)"
    r"(?:\s+(?:or|o)\s+(more|higher|less|lower|mas|mayor|menos|menor))?\s*$"
)

#: The deck as a NumPy array of cards, for drawing many cards at once.
_DECK_ARRAY = np.empty(len(DECK), dtype=object)
_DECK_ARRAY[:] = list(DECK)


@dataclass(frozen=True)
class Event:
    """Something that happens or not when one card is drawn, like "3 cubes".

    An event is a set of cards: those for which it happens. Its exact probability
    is the number of those cards over 81, since every card is equally likely.

    >>> event = Event.parse("face value 8 or more")
    >>> event
    Event.parse('face value 8 or more')
    >>> len(event.cards), event.probability
    (50, Fraction(50, 81))
    >>> event("3213"), event("1111")
    (True, False)
    >>> Event.parse("3 cubes").probability
    Fraction(1, 3)
    >>> Event.where(lambda card: card.stars == card.balls, "as many stars as balls")
    Event.where(..., 'as many stars as balls')

    Build one with :meth:`parse` (text) or :meth:`where` (a test on a card).

    Attributes:
        name: what the event is, in words (``'face value 8 or more'``).
        cards: the cards of the deck for which the event happens, a
            :class:`~xactika_edu.core.cards.Hand` in deck order (0 to 81 cards).
    """

    name: str
    cards: Hand

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise XactikaError(
                _("an event needs a name in words, got {name}").format(name=shown(self.name))
            )
        object.__setattr__(self, "cards", Hand(self.cards))

    @property
    def label(self) -> str:
        """The event's name in the current language: a page shows a stored event this
        way (the name was written in the language of the page that started it). An
        event :meth:`parse` reads (in either language) is named anew; any other keeps
        its :attr:`name`.

        >>> from xactika_edu.base.language import use_language
        >>> with use_language("es"):
        ...     event = Event.parse("face value 8 or more")
        >>> event.name, event.label
        ('valor 8 o más', 'face value 8 or more')
        """
        try:
            again = Event.parse(self.name)
        except XactikaError:
            return self.name
        return again.name if again.cards == self.cards else self.name

    @property
    def probability(self) -> Fraction:
        """The exact probability that one card drawn from the shuffled deck is in the
        event: cards in the event over 81 (a Fraction in [0, 1])."""
        return Fraction(len(self.cards), len(DECK))

    @property
    def mask(self) -> np.ndarray:
        """An 81-element bool array: whether each card of the deck, in deck order, is in
        the event."""
        inside = set(self.cards)
        return np.array([card in inside for card in DECK], dtype=bool)

    def __call__(self, card: Card | str) -> bool:
        """Whether the event happens when ``card`` (a Card or notation) is drawn."""
        return card in self.cards

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        try:
            if Event.parse(self.name) == self:
                return f"Event.parse({self.name!r})"
        except XactikaError:
            pass
        return f"Event.where(..., {self.name!r})"

    @classmethod
    def parse(cls, text: str) -> Event:
        """Read an event: a combination (``"3 cubes"``, ``"1 cone"``, ``"3cu"``) or a
        face value (``"face value 8"``, ``"face value 8 or more"``, ``"face value 6 or
        less"``), in English or Spanish (``"3 cubos"``, ``"valor 8 o más"``), in any
        letter case. The event's name is in the current language.

        >>> Event.parse("Face value 10 or less").probability
        Fraction(76, 81)
        >>> Event.parse("face value 13")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read event 'face value 13': face values go ...
        >>> Event.parse("big cards")
        Traceback (most recent call last):
        ...
        xactika_edu.NotationError: cannot read event 'big cards': expected a combination ...

        Raises:
            NotationError: quoting ``text`` if it cannot be read.
        """
        if not isinstance(text, str):
            raise NotationError(
                _("cannot read event {text}: expected text like '3 cubes'").format(text=shown(text))
            )
        match = _FACE_VALUE_RE.match(folded(text))
        if match:
            digits = match.group(1)
            value = int(digits) if len(digits) <= 3 else None  # 5,000 nines are no face value
            if value not in FACE_VALUES:
                raise NotationError(
                    _(
                        "cannot read event {text}: face values go from {FACE_VALUES} to "
                        "{FACE_VALUES2}"
                    ).format(
                        text=shown(text), FACE_VALUES=FACE_VALUES[0], FACE_VALUES2=FACE_VALUES[-1]
                    )
                )
            direction = match.group(2)
            if direction in ("more", "higher", "mas", "mayor"):
                name = _("face value {value} or more").format(value=value)
                return cls(name, _cards(lambda c: c.value >= value))
            if direction in ("less", "lower", "menos", "menor"):
                name = _("face value {value} or less").format(value=value)
                return cls(name, _cards(lambda c: c.value <= value))
            name = _("face value {value}").format(value=value)
            return cls(name, _cards(lambda c: c.value == value))
        try:
            combination = Combination.parse(text)
        except NotationError:
            raise NotationError(
                _(
                    "cannot read event {text}: expected a combination like '3 cubes' or"
                    " a face value like 'face value 8 or more'"
                ).format(text=shown(text))
            ) from None
        return cls(str(combination), _cards(lambda c: c.has(combination)))

    @classmethod
    def where(cls, test: Callable[[Card], bool], name: str | None = None) -> Event:
        """The event that ``test(card)`` is True, tested on every card of the deck.

        >>> Event.where(lambda card: card.value % 2 == 0, "even face value").probability
        Fraction(41, 81)
        >>> Event.where(lambda card: card.value)
        Traceback (most recent call last):
        ...
        xactika_edu.XactikaError: an event's test must answer True or False, got 4 ...

        Args:
            test: a function of one :class:`~xactika_edu.core.cards.Card` that returns
                True or False.
            name: the event in words; by default the function's name.

        Raises:
            XactikaError: if ``test`` is not a function or returns something other
                than True or False (the message quotes it and the card).
        """
        if not callable(test):
            raise XactikaError(
                _("an event's test must be a function of a card, got {test}").format(
                    test=shown(test)
                )
            )
        chosen = []
        for card in DECK:
            result = test(card)
            if not isinstance(result, (bool, np.bool_)):
                raise XactikaError(
                    _(
                        "an event's test must answer True or False, got {result} for card {card}"
                    ).format(result=shown(result), card=card)
                )
            if result:
                chosen.append(card)
        if name is None:
            name = getattr(test, "__name__", "") or "<lambda>"
            name = _("your event") if name == "<lambda>" else name.replace("_", " ")
        return cls(name, Hand(chosen))


def _cards(test: Callable[[Card], bool]) -> Hand:
    return Hand(card for card in DECK if test(card))


EventLike = Event | Combination | str | Callable[[Card], bool]


def as_event(event: EventLike) -> Event:
    """``event`` itself if it is an :class:`Event`; else read text or a combination with
    :meth:`Event.parse`, or wrap a function with :meth:`Event.where`.

    >>> as_event("3 cubes") == Event.parse("3 cubes")
    True
    >>> as_event(5)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: an event is text like 'face value 8 or more' or '3 cubes', ...
    """
    if isinstance(event, Event):
        return event
    if isinstance(event, Combination):
        return Event.parse(str(event))
    if isinstance(event, str):
        return Event.parse(event)
    if callable(event):
        return Event.where(event)
    raise XactikaError(
        _(
            "an event is text like 'face value 8 or more' or '3 cubes', a "
            "combination, or a function of a card that answers True or False; "
            "got {event}"
        ).format(event=shown(event))
    )


def exact_probability(event: EventLike) -> Fraction:
    """The exact probability of ``event`` for one card drawn from the shuffled deck.

    Counted from the deck: cards in the event over 81. For face values this is the
    :func:`~xactika_edu.core.probability.value_distribution` added up.

    >>> exact_probability("face value 8 or more")
    Fraction(50, 81)
    >>> exact_probability("2 stars")
    Fraction(1, 3)

    Returns:
        a probability in [0, 1], an exact :class:`~fractions.Fraction`.

    Raises:
        XactikaError: if ``event`` cannot be read (see :func:`as_event`).
    """
    return as_event(event).probability


def draw_experiment(
    event: EventLike, trials: int, seed: Seed = None, *, runs: int = 1
) -> pd.DataFrame:
    """Simulate drawing one card ``trials`` times, putting it back and shuffling each time.

    Each trial is a fresh draw from the whole 81-card deck (every card equally likely),
    as in a class experiment where the card goes back and the deck is shuffled. The
    running frequency counts successes so far; the running relative frequency divides
    by the number of trials so far. With ``runs`` > 1 the experiment is done several
    times independently (each run can stand for one student).

    >>> table = draw_experiment("face value 8 or more", trials=5, seed=3)
    >>> print(table.drop(columns="run").to_string(index=False))
     trial card  success  frequency  relative frequency
         1 3213     True          1            1.000000
         2 1131    False          1            0.500000
         3 1223     True          2            0.666667
         4 1312    False          2            0.500000
         5 1223     True          3            0.600000
    >>> table.attrs["probability"]
    Fraction(50, 81)
    >>> draw_experiment("3 cubes", trials=10, runs=30, seed=1).groupby("run").size().size
    30

    Args:
        event: what counts as a success: an :class:`Event`, text such as
            ``"face value 8 or more"`` or ``"3 cubes"``, or a function of a card.
        trials: draws per run, 1 to 1,000,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; the same
            seed gives the same draws.
        runs: how many independent runs, 1 to 1,000.

    Returns:
        a DataFrame with ``runs x trials`` rows (run 1 first, trials in order) and
        columns ``run`` and ``trial`` (int, from 1), ``card`` (the
        :class:`~xactika_edu.core.cards.Card` drawn), ``success`` (bool),
        ``frequency`` (int, successes so far in the run) and ``relative frequency``
        (float in [0, 1], frequency / trial). ``.attrs`` holds ``event`` (its name)
        and ``probability`` (the exact Fraction).

    Raises:
        XactikaError: if the event cannot be read, ``trials`` or ``runs`` is out of
            range, ``runs x trials`` is over 2,000,000, or the seed is bad.
    """
    event = as_event(event)
    trials = check_whole(trials, "trials", 1, 1_000_000)
    runs = check_whole(runs, "runs", 1, 1_000)
    if runs * trials > MAX_DRAWS:
        raise XactikaError(
            _(
                "runs x trials must be at most {MAX_DRAWS:,}, got {runs} x "
                "{trials:,}; use fewer runs or trials"
            ).format(MAX_DRAWS=MAX_DRAWS, runs=runs, trials=trials)
        )
    rng = make_rng(seed)
    drawn = rng.integers(len(DECK), size=(runs, trials))
    success = event.mask[drawn]
    frequency = success.cumsum(axis=1)
    relative = frequency / np.arange(1, trials + 1)
    table = pd.DataFrame(
        {
            "run": np.repeat(np.arange(1, runs + 1), trials),
            "trial": np.tile(np.arange(1, trials + 1), runs),
            "card": _DECK_ARRAY[drawn.ravel()],
            "success": success.ravel(),
            "frequency": frequency.ravel(),
            "relative frequency": relative.ravel(),
        }
    )
    table.attrs.update({"event": event.name, "probability": event.probability})
    return table


def _successes(mask: np.ndarray, trials: int, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """Successes in each of ``repeats`` runs of ``trials`` draws, drawn in batches."""
    counts = np.empty(repeats, dtype=np.int64)
    rows = max(1, MAX_DRAWS // trials)
    for start in range(0, repeats, rows):
        stop = min(repeats, start + rows)
        drawn = rng.integers(len(DECK), size=(stop - start, trials))
        counts[start:stop] = mask[drawn].sum(axis=1)
    return counts


def error_by_trials(
    event: EventLike,
    trial_counts: Sequence[int] = (10, 100, 1000, 10_000),
    repeats: int = 500,
    seed: Seed = None,
) -> pd.DataFrame:
    """How far the relative frequency typically lands from the exact probability, for
    experiments of different sizes.

    For each number of trials n, the experiment is repeated ``repeats`` times; each
    time the error is the relative frequency minus the exact probability p. The
    typical error shrinks like 1/sqrt(n): ``mean absolute error x sqrt(n)`` stays
    about the same, so 4 times the trials halve the error and 100 times the trials
    divide it by 10.

    >>> table = error_by_trials("face value 8 or more", (100, 400), repeats=2000, seed=1)
    >>> table.index.tolist(), table.attrs["probability"]
    ([100, 400], Fraction(50, 81))
    >>> ratio = table["mean absolute error"].loc[100] / table["mean absolute error"].loc[400]
    >>> bool(1.8 < ratio < 2.2)
    True

    Args:
        event: as for :func:`draw_experiment`.
        trial_counts: the numbers of trials to compare, each 1 to 1,000,000, in
            increasing order without repeats.
        repeats: how many experiments of each size, 2 to 100,000.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        a DataFrame indexed by ``trials`` (one row per trial count) with float columns
        ``mean absolute error`` (mean of the distances from p, simulated),
        ``root-mean-square error`` (simulated), ``standard error`` (the exact
        root-mean-square error, sqrt(p (1 - p) / n)), ``predicted mean absolute
        error`` (sqrt(2 / pi) x standard error: the normal approximation) and
        ``mean absolute error x sqrt(n)``. ``.attrs`` holds ``event``,
        ``probability`` (Fraction) and ``repeats``.

    Raises:
        XactikaError: if the event cannot be read, a count is out of range or the
            counts are not increasing, or ``repeats`` is out of range.
    """
    event = as_event(event)
    if isinstance(trial_counts, (str, bytes)) or not isinstance(trial_counts, Sequence):
        raise XactikaError(
            _("trial_counts must be a list of whole numbers, got {trial_counts}").format(
                trial_counts=shown(trial_counts)
            )
        )
    counts = [check_whole(n, "each trial count", 1, 1_000_000) for n in trial_counts]
    if not counts or any(a >= b for a, b in pairwise(counts)):
        raise XactikaError(
            _(
                "trial_counts must be increasing whole numbers, like (10, 100, "
                "1000); got {trial_counts}"
            ).format(trial_counts=shown(trial_counts))
        )
    repeats = check_whole(repeats, "repeats", 2, 100_000)
    rng = make_rng(seed)
    p = float(event.probability)
    rows = []
    for n in counts:
        errors = _successes(event.mask, n, repeats, rng) / n - p
        mean_absolute = float(np.abs(errors).mean())
        standard = math.sqrt(p * (1 - p) / n)
        rows.append(
            {
                "mean absolute error": mean_absolute,
                "root-mean-square error": float(np.sqrt((errors**2).mean())),
                "standard error": standard,
                "predicted mean absolute error": error_constant(p) / math.sqrt(n),
                "mean absolute error x sqrt(n)": mean_absolute * math.sqrt(n),
            }
        )
    table = pd.DataFrame(rows, index=pd.Index(counts, name="trials"))
    table.attrs.update({"event": event.name, "probability": event.probability, "repeats": repeats})
    return table


def error_constant(p: Fraction | float) -> float:
    """The typical error (mean absolute error) of the relative frequency of n trials,
    times √n, by the normal approximation: √(2/π) × √(p(1 − p)). So the typical error
    is about ``error_constant(p) / √n``: the 1/√n rule.

    >>> round(error_constant(Fraction(50, 81)), 2)
    0.39

    Raises:
        XactikaError: if ``p`` is not a probability in [0, 1].
    """
    if not isinstance(p, (Fraction, float, int)) or isinstance(p, bool) or not 0 <= p <= 1:
        raise XactikaError(_("p must be a probability from 0 to 1, got {p}").format(p=shown(p)))
    return math.sqrt(2 / math.pi * float(p) * (1 - float(p)))


def _probability(p: Fraction | float | EventLike) -> float:
    """A probability in [0, 1] from a number or an event (its exact probability)."""
    if isinstance(p, numbers.Real) and not isinstance(p, bool):
        if not 0 <= p <= 1:
            raise XactikaError(_("a probability must be from 0 to 1, got {p}").format(p=shown(p)))
        return float(p)
    if isinstance(p, (Event, Combination, str)) or callable(p):
        return float(as_event(p).probability)
    raise XactikaError(
        _("expected a probability from 0 to 1 or an event, got {p}").format(p=shown(p))
    )


def _z(confidence: float) -> float:
    """The normal quantile z with P(-z < Z < z) = ``confidence`` (1.96 for 0.95)."""
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise XactikaError(
            _("confidence must be a number between 0 and 1, got {confidence}").format(
                confidence=shown(confidence)
            )
        )
    if not 0 < confidence < 1:
        raise XactikaError(
            _("confidence must be between 0 and 1, like 0.95, got {confidence}").format(
                confidence=shown(confidence)
            )
        )
    from scipy.stats import norm

    return float(norm.ppf((1 + float(confidence)) / 2))


def margin_of_error(
    p: Fraction | float | EventLike, trials: int, confidence: float = 0.95
) -> float:
    """How close to the exact probability ``p`` the relative frequency of ``trials``
    draws lands in ``confidence`` of experiments: z x sqrt(p (1 - p) / trials).

    Normal approximation (``scipy.stats.norm.ppf`` gives z, 1.96 for 95%); good when
    ``trials x p`` and ``trials x (1 - p)`` are both about 10 or more.

    >>> round(margin_of_error("face value 8 or more", trials=300), 3)   # 30 students x 10
    0.055

    Args:
        p: the exact probability, a number in [0, 1], or an event (its probability).
        trials: number of draws, 1 to 1,000,000,000.
        confidence: the part of experiments that land this close, between 0 and 1.

    Returns:
        the margin, a probability distance (0.055 means 5.5 percentage points).

    Raises:
        XactikaError: if ``p`` is not a probability or an event, ``trials`` is out of
            range, or ``confidence`` is not strictly between 0 and 1.
    """
    probability = _probability(p)
    trials = check_whole(trials, "trials", 1, 1_000_000_000)
    return _z(confidence) * math.sqrt(probability * (1 - probability) / trials)


# Below this a margin's square is too small for a float to divide by reliably.
_SMALLEST_FLOAT_MARGIN = 1e-100


def trials_needed(p: Fraction | float | EventLike, margin: float, confidence: float = 0.95) -> int:
    """How many trials make the relative frequency land within ``margin`` of ``p`` in
    ``confidence`` of experiments.

    Normal approximation: the smallest n with z x sqrt(p (1 - p) / n) <= margin, that
    is n = ceil(z**2 p (1 - p) / margin**2), z from ``scipy.stats.norm.ppf`` (1.96 for
    95%). The inverse of :func:`margin_of_error`.

    >>> trials_needed("face value 8 or more", margin=0.05)
    364
    >>> trials_needed(0.5, margin=0.01)
    9604

    Args:
        p: the exact probability, a number in [0, 1], or an event (its probability).
        margin: how close, a distance between 0 and 1 (0.05 means 5 percentage points).
        confidence: the part of experiments that should land that close, between 0
            and 1.

    Returns:
        the number of trials, an int (at least 1).

    Raises:
        XactikaError: if ``p`` is not a probability or an event, or ``margin`` or
            ``confidence`` is not strictly between 0 and 1.
    """
    probability = _probability(p)
    if isinstance(margin, bool) or not isinstance(margin, numbers.Real) or not 0 < margin < 1:
        raise XactikaError(
            _("margin must be between 0 and 1, like 0.05, got {margin}").format(
                margin=shown(margin)
            )
        )
    spread = _z(confidence) ** 2 * probability * (1 - probability)
    if float(margin) > _SMALLEST_FLOAT_MARGIN:
        return max(1, math.ceil(spread / float(margin) ** 2 - 1e-9))
    # margin**2 would underflow a float (to 0 for 1e-300): work exactly instead.
    exact = margin if isinstance(margin, numbers.Rational) else Fraction(float(margin))
    return max(1, math.ceil(Fraction(spread) / Fraction(exact) ** 2))
