"""Every public entry point, called with junk, raises the library's own error or works.

The promise (README, errors.py): bad input to any public function gets an
:class:`~xactika_edu.base.errors.XactikaError` (or a subclass) that names the bad value;
never a raw ``TypeError``, ``ValueError``, ``OverflowError``, ``RecursionError`` or
``decimal`` error, and never a message that is itself unreadably long.

The entry points are derived from the package's export table
(``xactika_edu.__all__``), so a newly exported function is fuzzed without editing
this file: every exported function, every exported class's constructor and public
class/static methods, and the public methods of one valid instance of each exported
class (built by :data:`SAMPLES`; a new class must be added there, which
``test_every_class_has_a_sample`` checks). Arguments are drawn by hypothesis from
junk (None, huge and negative whole numbers, floats, NaN, text, bytes, nested and
deeply nested lists, dicts, data frames) mixed with valid-looking values (card and
combination notation, small numbers, hands, records, views) so that checks deep in a
function are reached too.

Set ``XACTIKA_FUZZ_EXAMPLES`` for a longer run (default 12 examples per entry).
"""

from __future__ import annotations

import inspect
import math
import os
import warnings
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

import matplotlib

matplotlib.use("Agg")  # headless; set here in the test, never by the package

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xactika_edu
from xactika_edu import XactikaError

LONG_RUN = os.environ.get("XACTIKA_FUZZ_EXAMPLES")
EXAMPLES = int(LONG_RUN or "12")

#: A message quoting a value is cut to a readable length; anything longer than this
#: is a message that pasted a huge value in whole.
MAX_MESSAGE = 2_000

#: Exported names not called, each with the reason.
SKIPPED: dict[str, str] = {
    "export_worksheets": "writes PDF files into the folder it is given",
    "write_score_sheet": "writes a PDF file at the path it is given",
    "write_template": "writes a CSV file at the path it is given",
    "export_scores": "writes a CSV file at the path it is given",
}


def _deep(depth: int) -> list[Any]:
    """A list nested ``depth`` levels deep: ``[[[...[]...]]]``."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _game_record() -> dict[str, Any]:
    game = xactika_edu.Game(players=3, seed=5, hands=2, cards_per_hand=2)
    rnd = game.current_round
    while not rnd.is_over:
        rnd.bid(rnd.legal_bids()[0]) if rnd.phase == "bid" else rnd.play(rnd.legal_plays()[0])
    return game.to_record()


def _round_record() -> dict[str, Any]:
    rnd = xactika_edu.Round.deal(players=3, seed=7, cards_per_hand=2)
    rnd.bid(rnd.legal_bids()[0])
    return rnd.to_record()


def _view() -> Any:
    return xactika_edu.Round.deal(players=3, seed=2, cards_per_hand=3).view(0)


class Special:
    """A junk value built only when the call is made, shown by a short label: a
    10**5000 or a list nested 3,000 deep cannot be printed by hypothesis itself."""

    def __init__(self, label: str, make: Callable[[], Any]) -> None:
        self.label = label
        self.make = make

    def __repr__(self) -> str:
        return self.label


def realize(value: Any) -> Any:
    """``value`` with every :class:`Special` inside replaced by a fresh real value."""
    if isinstance(value, Special):
        return value.make()
    if type(value) is list:
        return [realize(item) for item in value]
    if type(value) is tuple:
        return tuple(realize(item) for item in value)
    if type(value) is dict:
        return {key: realize(item) for key, item in value.items()}
    return value


def _specials(values: dict[str, Callable[[], Any]]) -> st.SearchStrategy[Special]:
    return st.sampled_from([Special(label, make) for label, make in values.items()])


_SPECIAL_NUMBERS = {
    "10**5000": lambda: 10**5000,
    "-10**5000": lambda: -(10**5000),
    "2**63": lambda: 2**63,
    "-2**63-1": lambda: -(2**63) - 1,
    "10**20": lambda: 10**20,
    "np.int64(3)": lambda: np.int64(3),
    "np.float64(nan)": lambda: np.float64("nan"),
    "nan": lambda: math.nan,
    "inf": lambda: math.inf,
    "-inf": lambda: -math.inf,
    "1e-300": lambda: 1e-300,
    "1e308": lambda: 1e308,
    "-0.0": lambda: -0.0,
    "Fraction(10**5000, 3)": lambda: Fraction(10**5000, 3),
    "Fraction(-1, 3)": lambda: Fraction(-1, 3),
    "Fraction(1, 10**5000)": lambda: Fraction(1, 10**5000),
    "Decimal('NaN')": lambda: Decimal("NaN"),
    "Decimal('1e999999')": lambda: Decimal("1e999999"),
    "1+2j": lambda: 1 + 2j,
}
_SPECIAL_TEXT = [
    "",
    " ",
    "3213",
    "1111 3213",
    "3213:3ba",
    "3 cubes",
    "cubes",
    "3cu",
    "1/3",
    "25%",
    "NaN",
    "inf",
    "1e999999",
    "\x00",
    "=1+1",
]
_SPECIAL_OTHER = {
    "'9' * 5000": lambda: "9" * 5000,
    "'x' * 5000": lambda: "x" * 5000,
    "b'3213'": lambda: b"3213",
    "object()": object,
    "[[[...]]] 3,000 deep": lambda: _deep(3000),
    "{'players': [[[...]]] 3,000 deep}": lambda: {"players": _deep(3000)},
    "[None] * 100": lambda: [None] * 100,
    "pd.DataFrame()": pd.DataFrame,
    "pd.DataFrame({'x': [1, None]})": lambda: pd.DataFrame({"x": [1, None]}),
    "np.array([[1, 2], [3, 4]])": lambda: np.array([[1, 2], [3, 4]]),
    "np.random.default_rng(0)": lambda: np.random.default_rng(0),
    "range(-2, 2)": lambda: range(-2, 2),
    "iter([1, 2])": lambda: iter([1, 2]),
}

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    _specials(_SPECIAL_NUMBERS),
    st.sampled_from(_SPECIAL_TEXT),
    _specials(_SPECIAL_OTHER),
    st.just(["3213", "3213"]),
    st.just([5, 6]),
)
#: Junk of any shape: scalars, and lists, tuples and dicts of them.
junk = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-3, 12)), inner, max_size=3),
    ),
    max_leaves=8,
)

_card_text = st.sampled_from([str(card) for card in xactika_edu.DECK])
_cards = st.lists(_card_text, max_size=9)
#: Seed 004's decks: playing cards (Blackout, the knock game) and Lost Heir cards, as
#: notation or as cards.
_playing_card = st.one_of(
    st.sampled_from([str(card) for card in xactika_edu.STANDARD_DECK]),
    st.sampled_from(xactika_edu.STANDARD_DECK),
)
_playing_cards = st.one_of(
    st.lists(_playing_card, max_size=7),
    st.lists(_playing_card, max_size=7).map(lambda cards: " ".join(map(str, cards))),
    st.just("AS 2H 3D"),
)
_heir_card = st.sampled_from(
    [f"{rank}{city}" for city in "TMHW" for rank in range(8)] + ["Mayor of Winnipeg", "8W"]
)
_heir_cards = st.one_of(st.lists(_heir_card, max_size=9), st.just("0T 1T 2T 3T 4T 5T 6T 7T"))
_HEIR_DEAL = [
    "0T 1T 2T 3T 4T 5T 6T 7T",
    "0M 1M 2M 3M 4M 5M 6M 7M",
    "0H 1H 2H 3H 4H 5H 6H 7H",
    "0W 1W 2W 3W 4W 5W 6W 7W",
]


@st.composite
def _mutated(draw: st.DrawFn, make: Callable[[], dict[str, Any]]) -> Any:
    """A valid record with one value somewhere inside replaced by junk."""
    record = make()
    node: Any = record
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return record
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and draw(st.booleans()):
            node = child
            continue
        node[key] = draw(junk)
        return record


def _blackout_round() -> Any:
    return xactika_edu.BlackoutRound.deal(players=3, cards_per_hand=2, dealer=0, seed=1)


def _knock_round() -> Any:
    return xactika_edu.KnockRound.deal(players=2, seed=1)


def _heir_round() -> Any:
    return xactika_edu.LostHeirRound.deal(dealer=0, seed=3)


def _turn_view(rnd: Any) -> Any:
    """The view of the seat to act in ``rnd`` (a bot can act on it)."""
    return rnd.view(rnd.current_player)


def _record_of(make: Callable[[], Any]) -> Callable[[], dict[str, Any]]:
    """A function that makes ``make()``'s record after its first legal action."""

    def record() -> dict[str, Any]:
        value = make()
        value.apply(value.legal_actions()[0])
        return dict(value.to_record())

    return record


#: Small games of seed 004 (samples, and records for ``from_record``).
SAMPLES_OF_GAMES: dict[str, Callable[[], Any]] = {
    "BlackoutGame": lambda: xactika_edu.BlackoutGame(players=8, seed=1, first_dealer=0),
    "KnockGame": lambda: xactika_edu.KnockGame.new(players=2, seed=1),
    "LostHeirGame": lambda: xactika_edu.LostHeirGame(seed=1, target=5),
}


#: Computer players of each game of seed 004, built fresh for every call (they hold a
#: seeded generator).
_BOT_KINDS: dict[str, tuple[Callable[[int], Any], ...]] = {
    "Blackout": (
        lambda seed: xactika_edu.RandomBlackoutBot(seed=seed),
        lambda seed: xactika_edu.HeuristicBlackoutBot(),
    ),
    "knock": (
        lambda seed: xactika_edu.RandomKnockBot(seed=seed),
        lambda seed: xactika_edu.HeuristicKnockBot(),
    ),
    "Lost Heir": (
        lambda seed: xactika_edu.RandomLostHeirBot(seed=seed),
        lambda seed: xactika_edu.HeuristicLostHeirBot(),
    ),
}


@st.composite
def _bots(draw: st.DrawFn) -> list[Any]:
    """A list of 0 to 9 computer players, mostly of one game (sometimes of a wrong one,
    sometimes with junk in a seat)."""
    kinds = list(_BOT_KINDS.values())
    game = draw(st.sampled_from(kinds))
    count = draw(st.sampled_from([0, 1, 2, 3, 4, 5, 9]))
    bots: list[Any] = []
    for seat in range(count):
        makers = game if draw(st.integers(0, 9)) else draw(st.sampled_from(kinds))
        bots.append(draw(st.sampled_from(makers))(seat))
    if bots and not draw(st.integers(0, 4)):
        bots[draw(st.integers(0, len(bots) - 1))] = draw(junk)
    return bots


#: Extra values for parameters with these names, so that valid-looking input reaches
#: the checks deeper inside.
HINTS: dict[str, st.SearchStrategy[Any]] = {
    "record": st.one_of(
        _mutated(_game_record),
        _mutated(_round_record),
        _mutated(_record_of(_blackout_round)),
        _mutated(_record_of(_knock_round)),
        _mutated(_record_of(_heir_round)),
        _mutated(_record_of(SAMPLES_OF_GAMES["BlackoutGame"])),
        _mutated(_record_of(SAMPLES_OF_GAMES["KnockGame"])),
        _mutated(_record_of(SAMPLES_OF_GAMES["LostHeirGame"])),
    ),
    "hand": st.one_of(_cards, _playing_cards, _heir_cards),
    "hands": st.one_of(
        st.lists(_cards, max_size=4),
        st.integers(1, 8),
        st.lists(_playing_cards, max_size=4),
        st.just(["AS 2H", "KS 3H"]),
        st.just(_HEIR_DEAL),
    ),
    "blackout_hand": _playing_cards,
    "xactika_hand": _cards,
    "stock": _playing_cards,
    "pile": _playing_cards,
    "cards": _cards,
    "seen": st.one_of(_cards, _playing_cards),
    "card": st.one_of(_card_text, _playing_card, _heir_card),
    "lead": _playing_card,
    "trump": st.one_of(_playing_card, st.none()),
    "action": st.one_of(
        st.sampled_from(["draw stock", "draw pile", "knock", "discard 7S", "pass", "bid 5"]),
        st.sampled_from(["take a lead", "refuse", "7W", "AS", "2H"]),
        st.integers(0, 3),
        _playing_card,
    ),
    "bots": _bots(),
    "view": st.one_of(
        st.builds(_view),
        st.builds(lambda: _turn_view(_blackout_round())),
        st.builds(lambda: _turn_view(_knock_round())),
        st.builds(lambda: _turn_view(_heir_round())),
    ),
    "combination": st.sampled_from([str(c) for c in xactika_edu.COMBINATIONS]),
    "call": st.sampled_from([str(c) for c in xactika_edu.COMBINATIONS]),
    "players": st.integers(2, 10),
    "seed": st.integers(0, 5),
    "event": st.sampled_from(["3 cubes", "1 ball"]),
    "scores": st.builds(lambda: xactika_edu.example_scores(players=3, games=1, seed=1)),
}

#: One fresh, valid instance of every exported class (the methods may change it).
SAMPLES: dict[str, Callable[[], object]] = {
    "Card": lambda: xactika_edu.Card.parse("3213"),
    "Combination": lambda: xactika_edu.Combination.parse("3 cubes"),
    "Deal": lambda: xactika_edu.deal(players=3, seed=1),
    "Estimate": lambda: xactika_edu.Estimate(3, 10),
    "Event": lambda: xactika_edu.Event.parse("3 cubes"),
    "Game": lambda: xactika_edu.Game(players=3, seed=1, hands=2, cards_per_hand=2),
    "Hand": lambda: xactika_edu.deal(players=3, seed=1)[0],
    "HeuristicBot": lambda: xactika_edu.HeuristicBot(seed=1),
    "MonteCarloBot": lambda: xactika_edu.MonteCarloBot(seed=1, samples=4),
    "Play": lambda: xactika_edu.Play.parse("3213:3ba"),
    "PlayerView": _view,
    "Question": lambda: xactika_edu.Question("What part?", Fraction(19, 81), hint="Count."),
    "RandomBot": lambda: xactika_edu.RandomBot(seed=1),
    "Round": lambda: xactika_edu.Round.deal(players=3, seed=1, cards_per_hand=3),
    "SearchBot": lambda: xactika_edu.SearchBot(
        seed=1, samples=4, endgame_samples=4, bid_trials=20, bid_pool=16
    ),
    "Shape": lambda: xactika_edu.Shape.CUBES,
    "Trick": lambda: _finished_trick(),
    # seed 004's games
    "BlackoutRound": _blackout_round,
    **SAMPLES_OF_GAMES,
    "BlackoutView": lambda: _turn_view(_blackout_round()),
    "RandomBlackoutBot": lambda: xactika_edu.RandomBlackoutBot(seed=1),
    "HeuristicBlackoutBot": xactika_edu.HeuristicBlackoutBot,
    "KnockRound": _knock_round,
    "KnockView": lambda: _turn_view(_knock_round()),
    "RandomKnockBot": lambda: xactika_edu.RandomKnockBot(seed=1),
    "HeuristicKnockBot": lambda: xactika_edu.HeuristicKnockBot(knock_at=5),
    "LostHeirRound": _heir_round,
    "LostHeirView": lambda: _turn_view(_heir_round()),
    "RandomLostHeirBot": lambda: xactika_edu.RandomLostHeirBot(seed=1),
    "HeuristicLostHeirBot": xactika_edu.HeuristicLostHeirBot,
    "PlayingCard": lambda: xactika_edu.PlayingCard.parse("Q♠"),
    "LostHeirCard": lambda: xactika_edu.LostHeirCard.parse("7W"),
}


def _finished_trick() -> Any:
    rnd = xactika_edu.Round.deal(players=2, seed=1, cards_per_hand=1)
    rnd.bid(rnd.legal_bids()[0])
    rnd.bid(rnd.legal_bids()[0])
    rnd.play(rnd.legal_plays()[0])
    rnd.play(rnd.legal_plays()[0])
    return rnd.tricks[0]


def _public_methods(cls: type, *, bound: bool) -> Iterator[str]:
    """Names of ``cls``'s public methods defined in this package: class/static
    methods if not ``bound``, else plain (instance) methods."""
    for klass in cls.__mro__:
        if not klass.__module__.startswith("xactika_edu"):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_"):
                continue
            is_class_level = isinstance(value, (classmethod, staticmethod))
            if (bound and inspect.isfunction(value)) or (not bound and is_class_level):
                yield name


def entry_points() -> dict[str, Callable[[], Callable[..., Any]]]:
    """``{id: a function that returns the callable}`` for every public entry point."""
    found: dict[str, Callable[[], Callable[..., Any]]] = {}
    for name in xactika_edu.__all__:
        value = getattr(xactika_edu, name)
        if name in SKIPPED or not callable(value):
            continue
        if isinstance(value, type) and issubclass(value, BaseException):
            continue  # the errors themselves: raised by the library, not called
        found[name] = lambda value=value: value
        if not isinstance(value, type):
            continue
        for method in dict.fromkeys(_public_methods(value, bound=False)):
            found[f"{name}.{method}"] = lambda v=value, m=method: getattr(v, m)
        if name in SAMPLES:
            for method in dict.fromkeys(_public_methods(value, bound=True)):
                found[f"{name}().{method}"] = lambda n=name, m=method: getattr(SAMPLES[n](), m)
    return found


ENTRY_POINTS = entry_points()


def _parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return []
    return [
        p
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in ("ax", "progress")
    ]


def _value_for(parameter: inspect.Parameter) -> st.SearchStrategy[Any]:
    hint = HINTS.get(parameter.name)
    return junk if hint is None else st.one_of(junk, hint)


@st.composite
def _call(draw: st.DrawFn, function: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``function``: every required one, and some optional ones."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in _parameters(function):
        required = parameter.default is inspect.Parameter.empty
        if not required and not draw(st.booleans()):
            continue
        value = draw(_value_for(parameter))
        if parameter.kind is parameter.POSITIONAL_ONLY:
            args.append(value)
        else:
            kwargs[parameter.name] = value
    return args, kwargs


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception as error:  # only for the failure message
        return f"<unprintable {type(value).__name__}: {type(error).__name__}>"
    return text if len(text) <= 300 else text[:300] + "..."


def check_call(entry: str, args: list[Any], kwargs: dict[str, Any]) -> None:
    """Call ``entry``; pass on success or an XactikaError with a readable message."""
    function = ENTRY_POINTS[entry]()
    args = realize(args)
    kwargs = realize(kwargs)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            function(*args, **kwargs)
    except XactikaError as error:
        message = str(error)
        assert message, f"{entry}: an XactikaError without a message"
        assert len(message) <= MAX_MESSAGE, (
            f"{entry}({_short(args)}, {_short(kwargs)}) raised a {len(message)}-character "
            f"message: {message[:200]}..."
        )
    except Exception as error:  # anything else is the fault under test
        raise AssertionError(
            f"{entry}(*{_short(args)}, **{_short(kwargs)}) raised "
            f"{type(error).__name__}: {_short(str(error))}"
        ) from error
    finally:
        plt.close("all")


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_junk_gets_library_errors_only(entry: str) -> None:
    function = ENTRY_POINTS[entry]()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        # The default run is the same every time (CI cannot fail by chance); a longer
        # run with XACTIKA_FUZZ_EXAMPLES explores new examples each time.
        derandomize=LONG_RUN is None,
    )
    @given(call=_call(function))
    def fuzz(call: tuple[list[Any], dict[str, Any]]) -> None:
        check_call(entry, *call)

    fuzz()


def test_every_class_has_a_sample() -> None:
    """A new exported class needs a sample instance here, so its methods are fuzzed."""
    classes = {
        name
        for name in xactika_edu.__all__
        if isinstance(getattr(xactika_edu, name), type)
        and not issubclass(getattr(xactika_edu, name), BaseException)
    }
    assert classes - set(SAMPLES) == set()


def test_entry_points_come_from_the_export_table() -> None:
    """Every exported function is fuzzed, or skipped with a reason."""
    functions = {
        name
        for name in xactika_edu.__all__
        if callable(getattr(xactika_edu, name)) and not isinstance(getattr(xactika_edu, name), type)
    }
    assert functions - set(SKIPPED) <= set(ENTRY_POINTS)
    assert set(SKIPPED) <= set(xactika_edu.__all__)
    assert len(ENTRY_POINTS) > 100
