"""Interactive widgets for Jupyter and Voilà: a hand explorer, a deck explorer and a
table to play at against computer players.

The widgets are thin: every number they show comes from a pure function of this
module (:func:`lead_table`, :func:`filter_deck`, :func:`selection_summary`, ...), of
:mod:`xactika_edu.seenbox` (the hand explorer's box of others' cards, in words), of
:mod:`xactika_edu.scoreboard` (the play table's turns, score tables, tricks and log)
or of the library, and those are tested directly. The
widgets only wire controls (``ipywidgets`` 8) to them and render the results as HTML
with the library's card pictures (:mod:`xactika_edu.svg`).

>>> table = lead_table(["3133", "1111"], players=4, card="3133")
>>> table.loc[table["best"], ["combination", "chance", "percent"]].values.tolist()
[[Combination.parse('1 cube'), Fraction(1, 1), '100%']]
>>> len(filter_deck(values=(10, 12), cubes=1))
1

Errors a student can cause (bad notation, an impossible situation) are shown in the
widget as a one-line message (class ``xe-error``, ``role="alert"``), never as a
traceback. Colour never carries meaning alone: the best lead says "best lead", a
selected card's button shows "✓" (its tooltip and the chances' caption name it), a
played card's picture is dashed and faded and its "played" box is ticked.

Root widgets carry the CSS classes ``xe-hand``, ``xe-deck`` and ``xe-table``; key
parts carry ``xe-card``, ``xe-select``, ``xe-played``, ``xe-chances``, ``xe-error``,
``xe-graph``, ``xe-bid``, ``xe-play``, ``xe-next``, ``xe-score-sheet`` and the like,
for browser tests.

Sources: RULES.md (the rules; "Chance a lead is unbeatable"); the chances are
:func:`~xactika_edu.probability.chance_unbeatable`.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
import numpy as np
import pandas as pd

from . import svg
from .bots import HeuristicBot, SupportsBot
from .cards import (
    COUNTS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Hand,
    Seed,
    Shape,
    as_card,
    deal,
    make_rng,
)
from .checks import check_whole
from .errors import XactikaError
from .game import BID, HANDS_PER_GAME, Game, Play, Round
from .palette import INK, OKABE_ITO, PAPER
from .probability import (
    FACE_VALUES,
    Estimate,
    chance_unbeatable,
    simulate_chance_unbeatable,
    threats,
    whole_percent,
)
from .scoreboard import (
    CELL_STYLE,
    hand_scores,
    hand_scores_html,
    log_html,
    play_bots,
    play_line,
    score_sheet_html,
    score_table,
    trick_html,
    trick_lines,
    trick_result,
)
from .seenbox import check_room, parse_seen, situation_hint, situation_text

__all__ = [
    "DeckExplorer",
    "HandWidget",
    "PlayTable",
    "card_label",
    "describe_chance",
    "filter_deck",
    "format_fraction",
    "lead_table",
    "parse_seen",
    "play_bots",
    "render_lead_table",
    "score_table",
    "selection_summary",
    "trick_lines",
]

#: Most simulated deals the hand widget offers (keeps a click under a second).
MAX_TRIALS = 100_000
#: How sure the range shown next to a simulated chance is (a Wilson interval).
SIMULATION_LEVEL = 0.95
_BAR = OKABE_ITO["blue"]
_SEED_RANGE = 100_000  # fresh seeds are short numbers a class can read out


# --- pure helpers: text -------------------------------------------------------------


def format_fraction(chance: Fraction) -> str:
    """An exact chance as a student writes it: ``'1'``, ``'0'`` or ``'805/1027'``.

    >>> format_fraction(Fraction(805, 1027)), format_fraction(Fraction(1))
    ('805/1027', '1')
    """
    return str(chance.numerator) if chance.denominator == 1 else f"{chance}"


def describe_chance(chance: Fraction | float) -> str:
    """A chance as a whole percent (:func:`whole_percent`), never rounded to a
    certainty it is not: ``'> 99%'`` just below 1, ``'< 1%'`` just above 0.

    >>> describe_chance(Fraction(805, 1027)), describe_chance(Fraction(999, 1000))
    ('78%', '> 99%')
    >>> describe_chance(Fraction(1)), describe_chance(0.001), describe_chance(0)
    ('100%', '< 1%', '0%')
    """
    percent = whole_percent(chance)
    if percent >= 100 and chance < 1:
        return "> 99%"
    if percent <= 0 and chance > 0:
        return "< 1%"
    return f"{percent}%"


def _one_in(chance: Fraction) -> str:
    """``' (about 1 in 548)'`` for a chance below 1%, else empty."""
    if not 0 < chance < Fraction(1, 100):
        return ""
    return f" (about 1 in {round(1 / chance):,})"


def card_label(index: int, card: Card | str) -> str:
    """The label of a card's button: its place in the hand (from 1) and face value.

    >>> card_label(3, "3213")
    '#3: 9'
    """
    return f"#{index}: {as_card(card).value}"


def _error_html(message: str) -> str:
    return (
        f'<div role="alert" style="color:{INK};border-left:4px solid '
        f'{OKABE_ITO["vermillion"]};padding:2px 8px">'
        f"<b>Problem:</b> {escape(message)}</div>"
    )


def _note_html(message: str) -> str:
    return f'<div role="status">{escape(message)}</div>'


def _padded(html: str) -> str:
    """Table HTML with room around each cell (inline styles: no page style sheet)."""
    for tag in ("td", "th"):
        style = CELL_STYLE + (";text-align:left" if tag == "th" else "")
        # cells with attributes first, so a bare cell is not styled twice
        html = html.replace(f"<{tag} ", f"<{tag} style='{style}' ")
        html = html.replace(f"<{tag}>", f"<{tag} style='{style}'>")
    return html


def _bar_html(part: float, label: str) -> str:
    """A small horizontal bar, ``part`` in [0, 1] of 100 px; the number is beside it."""
    width = round(100 * max(0.0, min(1.0, part)))
    return (
        f'<span class="xe-bar" aria-hidden="true" title="{escape(label)}" '
        f'style="display:inline-block;width:100px;height:10px;border:1px solid {INK};'
        f'background:{PAPER};vertical-align:middle">'
        f'<span style="display:block;width:{width}px;height:10px;background:{_BAR}">'
        f"</span></span>"
    )


# --- pure helpers: the hand explorer -------------------------------------------------


def lead_table(
    hand: Iterable[Card | str],
    players: int,
    seen: Iterable[Card | str] = (),
    *,
    card: Card | str | None = None,
    trials: int = 0,
    seed: Seed = 0,
) -> pd.DataFrame:
    """The chance that each lead from ``hand`` is unbeatable, exact and optionally
    simulated, with the best combination of each card marked.

    >>> table = lead_table(["2213", "1111"], players=2, card="2213")
    >>> table.loc[table["best"], ["combination", "chance", "percent"]].values.tolist()
    [[Combination.parse('1 cone'), Fraction(805, 1027), '78%']]
    >>> lead_table(["2213"], players=2, card="1111")
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: card 1111 is not in your hand 2213

    Args:
        hand: the cards you still hold (1-8); every opponent holds as many.
        players: 2 to 10, you included.
        seen: cards already played this hand (yours and others'), not in ``hand``.
        card: only this card's four combinations; ``None`` for every card.
        trials: also estimate each chance from this many random deals of the unseen
            cards (:func:`~xactika_edu.probability.simulate_chance_unbeatable`);
            0 for none, at most :data:`MAX_TRIALS`.
        seed: seed of the simulation (one generator for all rows, in row order),
            so the same seed gives the same estimates.

    Returns:
        a DataFrame with 4 rows per card (hand order, then shape order) and columns
        ``card`` (Card), ``combination`` (Combination), ``threats`` (int: unseen
        cards that would beat it), ``chance`` (exact Fraction), ``probability``
        (float in [0, 1]), ``percent`` (str, :func:`describe_chance`) and ``best``
        (bool: the card's highest chance; equal chances are all best). With
        ``trials`` also ``simulated`` (float in [0, 1]), ``standard error``, and
        ``low`` and ``high``: the 95% Wilson interval
        (:meth:`~xactika_edu.probability.Estimate.confidence_interval`).
        ``.attrs`` holds ``players``, ``unseen`` (cards not seen),
        ``opponent cards`` (cards the opponents hold) and ``trials``.

    Raises:
        XactikaError: bad notation, ``card`` not in ``hand``, a card both held and
            seen, too few unseen cards for the opponents' hands, or ``trials`` out
            of range.
    """
    held = Hand(hand)
    seen = Hand(seen)
    players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    trials = check_whole(trials, "trials", 0, MAX_TRIALS)
    if not held:
        raise XactikaError("you hold no cards: every card is marked played")
    if card is None:
        cards: Sequence[Card] = held
    else:
        chosen = as_card(card)
        if chosen not in held:
            raise XactikaError(f"card {chosen} is not in your hand {held}")
        cards = (chosen,)
    rng = make_rng(seed) if trials else None
    rows = []
    for lead in cards:
        chances = [chance_unbeatable(lead, c, held, players, seen) for c in lead.combinations]
        for combination, chance in zip(lead.combinations, chances, strict=True):
            row: dict[str, Any] = {
                "card": lead,
                "combination": combination,
                "threats": len(threats(lead, combination, held, seen)),
                "chance": chance,
                "probability": float(chance),
                "percent": describe_chance(chance),
                "best": chance == max(chances),
            }
            if rng is not None:
                estimate = simulate_chance_unbeatable(
                    lead, combination, held, players, seen, trials=trials, seed=rng
                )
                row["simulated"] = estimate.probability
                row["standard error"] = estimate.standard_error
                row["low"], row["high"] = _interval(estimate)
            rows.append(row)
    columns = ["card", "combination", "threats", "chance", "probability", "percent"]
    if trials:
        columns += ["simulated", "standard error", "low", "high"]
    table = pd.DataFrame(rows, columns=[*columns, "best"])
    unseen = len(DECK) - len(held) - len(seen)
    table.attrs.update(
        {
            "players": players,
            "unseen": unseen,
            "opponent cards": (players - 1) * len(held),
            "trials": trials,
        }
    )
    return table


def _interval(estimate: Estimate) -> tuple[float, float]:
    """The 95% Wilson interval of a simulated chance."""
    return estimate.confidence_interval(SIMULATION_LEVEL)


#: Below this chance a best lead is called "still very unlikely", not "best lead".
UNLIKELY = Fraction(1, 100)


def render_lead_table(table: pd.DataFrame, *, caption: str | None = None) -> str:
    """HTML for a :func:`lead_table`: one row per lead with the chance as a percent
    first, a small bar, the threats, the exact fraction (smaller), and "best lead" in
    words; with a simulation, its percent and its 95% range.

    >>> html = render_lead_table(lead_table(["3133", "1111"], players=4, card="3133"))
    >>> "xe-chances" in html and "best lead" in html and "1 cube" in html
    True

    Args:
        table: a DataFrame from :func:`lead_table` (with or without simulation).
        caption: a caption above the table; ``None`` for a default.

    Returns:
        an HTML ``<table class="xe-chances">`` as a string.
    """
    simulated = "simulated" in table.columns
    trials = table.attrs.get("trials", 0)
    if caption is None:
        caption = (
            f"The chance nobody can beat each lead, with {table.attrs.get('players', '?')} "
            f"players ({table.attrs.get('unseen', '?')} unseen cards; at your lead the "
            f"opponents hold {table.attrs.get('opponent cards', '?')} of them)"
        )
    head = (
        "<tr><th scope='col'>lead</th><th scope='col'>calling</th>"
        "<th scope='col'>chance nobody can beat it</th>"
        "<th scope='col'>bar</th><th scope='col'>threats</th>"
        "<th scope='col'>exact fraction</th>"
    )
    if simulated:
        head += f"<th scope='col'>simulated ({trials:,} deals) and its range</th>"
    head += "<th scope='col'>note</th></tr>"
    rows = []
    for data in table.to_dict("records"):
        chance: Fraction = data["chance"]
        best = bool(data["best"])
        cells = [
            f"<td>{data['card']} ({data['card'].value})</td>",
            f"<td>{escape(str(data['combination']))}</td>",
            f"<td class='xe-percent'><b>{escape(data['percent'])}</b>{_one_in(chance)}</td>",
            f"<td>{_bar_html(float(chance), data['percent'])}</td>",
            f"<td>{data['threats']}</td>",
            f"<td class='xe-fraction'><small>{format_fraction(chance)}</small></td>",
        ]
        if simulated:
            cells.append(
                f"<td class='xe-simulated'>{data['simulated']:.1%} "
                f"({data['low']:.1%} to {data['high']:.1%})</td>"
            )
        note = (
            ("★ best lead" if chance >= UNLIKELY else "★ best of these, still very unlikely")
            if best
            else ""
        )
        if chance == 1:
            note = (note + ", " if note else "") + "sure winner"
        cells.append(f"<td class='xe-note'>{note}</td>")
        style = f" style='background:{OKABE_ITO['sky blue']}33'" if best else ""
        rows.append(f"<tr class='{'xe-best' if best else 'xe-lead'}'{style}>{''.join(cells)}</tr>")
    foot = (
        "<p class='xe-threats-note'>Threats: unseen cards with the called combination and "
        "an equal or higher face value. Each would beat your lead, because a tie goes to "
        "the card played later.</p>"
    )
    if simulated:
        foot += (
            "<p class='xe-sim-note'>Simulated: the unseen cards dealt at random "
            f"{trials:,} times. The range in brackets is worked out from the simulation "
            f"alone: in about {round(SIMULATION_LEVEL * 20)} of 20 simulations like this, "
            "the exact chance is inside it.</p>"
        )
    return _padded(
        "<table class='xe-chances' style='border-collapse:collapse'>"
        f"<caption style='text-align:left'>{escape(caption)}</caption>"
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{foot}"
    )


# --- pure helpers: the deck explorer ---------------------------------------------------


def filter_deck(
    values: tuple[int, int] = (4, 12),
    balls: int | None = None,
    cubes: int | None = None,
    cones: int | None = None,
    stars: int | None = None,
) -> Hand:
    """The cards of the deck with a face value in ``values`` and the given shape counts.

    >>> len(filter_deck()), len(filter_deck(values=(8, 8))), len(filter_deck(cubes=3))
    (81, 19, 27)
    >>> filter_deck(values=(10, 10), cubes=1)
    Hand.parse('3133')
    >>> filter_deck(balls=4)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: balls must be from 1 to 3, got 4

    Args:
        values: lowest and highest face value, both included (4 to 12).
        balls, cubes, cones, stars: the count (1, 2 or 3) a card must show of that
            shape; ``None`` for any count.

    Returns:
        the matching cards, sorted by face value (then counts); possibly empty.

    Raises:
        XactikaError: if a value or count is out of range or ``values`` is reversed.
    """
    if isinstance(values, (str, bytes)) or len(values) != 2:
        raise XactikaError(f"values must be (lowest, highest), like (4, 12); got {values!r}")
    low = check_whole(values[0], "lowest face value", FACE_VALUES[0], FACE_VALUES[-1])
    high = check_whole(values[1], "highest face value", FACE_VALUES[0], FACE_VALUES[-1])
    if low > high:
        raise XactikaError(f"the lowest face value {low} is above the highest {high}")
    wanted = {}
    for shape, count in zip(Shape, (balls, cubes, cones, stars), strict=True):
        if count is not None:
            wanted[shape] = check_whole(count, str(shape), COUNTS[0], COUNTS[-1])
    return Hand(
        sorted(
            card
            for card in DECK
            if low <= card.value <= high
            and all(card.counts[shape] == count for shape, count in wanted.items())
        )
    )


def selection_summary(cards: Iterable[Card | str]) -> str:
    """How many cards are selected and what part of the deck that is, in words.

    >>> selection_summary(filter_deck(values=(8, 8)))
    '19 of the 81 cards match: relative frequency 19/81 ≈ 23%'
    >>> selection_summary(filter_deck(cubes=3))
    '27 of the 81 cards match: relative frequency 27/81 = 1/3 ≈ 33%'
    """
    n = len(Hand(cards))
    part = Fraction(n, len(DECK))
    simplified = "" if part.denominator == len(DECK) or n == 0 else f" = {format_fraction(part)}"
    word = "card matches" if n == 1 else "cards match"
    return (
        (
            f"{n} of the {len(DECK)} {word}: relative frequency "
            f"{n}/{len(DECK)}{simplified} ≈ {describe_chance(part)}"
        )
        .replace("≈ 0%", "= 0%")
        .replace("≈ 100%", "= 100%")
    )


def _plot_html(cards: Hand, kind: str) -> str:
    """The selection's bar graph or pie chart as inline SVG, with a text alternative."""
    from matplotlib.figure import Figure

    from .plots import value_bar_graph, value_pie_chart
    from .probability import value_distribution

    figure = Figure(figsize=(6.4, 3.6) if kind == "bar" else (6.8, 4.6), layout="constrained")
    ax = figure.subplots()
    if kind == "bar":
        value_bar_graph(cards, ax=ax)
    else:
        value_pie_chart(cards, ax=ax)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    picture = buffer.getvalue()
    picture = picture[picture.find("<svg") :]
    counts = value_distribution(cards)["frequency"]
    words = ", ".join(f"{value}: {int(n)}" for value, n in counts.items() if n)
    label = f"{'Bar graph' if kind == 'bar' else 'Pie chart'} of face values. Cards per value: "
    return (
        f"<figure class='xe-plot' role='img' aria-label='{escape(label + words)}' "
        f"style='margin:0'>{picture}<figcaption>{escape(label + words)}</figcaption></figure>"
    )


# --- pure helpers: the play table --------------------------------------------------------


# --- widget plumbing ----------------------------------------------------------------------


class _ErrorLine(widgets.HTML):
    """The one-line message area: empty, or a problem in words."""

    def __init__(self) -> None:
        super().__init__(value="")
        self.add_class("xe-error")

    def show(self, error: BaseException | str) -> None:
        if isinstance(error, XactikaError):
            message = str(error)
        elif isinstance(error, str):
            message = error
        else:  # a bug: still shown, in words, never a traceback
            message = f"something went wrong ({type(error).__name__}: {error}); please tell us"
        self.value = _error_html(message)

    def clear(self) -> None:
        self.value = ""


def _guard(method: Callable[..., None]) -> Callable[..., None]:
    """Run a widget callback; show any error on the widget's error line."""

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            self.error.clear()
            method(self, *args, **kwargs)
        except Exception as error:  # shown to the user, never swallowed
            self.last_error = error
            self.error.show(error)

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


class _Fallback:
    """Adds a static picture and a short text to a widget's display, for exported
    notebooks and viewers without a kernel (the live widget is preferred where it runs).

    Each widget using it defines ``static_html() -> str``."""

    static_html: Callable[[], str]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        # the method is the widget's: this mixin is always combined with an
        # ipywidgets class, which mypy cannot see from the mixin itself
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            bundle["text/plain"] = str(self)
            bundle["text/html"] = self.static_html()
        return bundle


def _set_options(box: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give a dropdown new options, keeping its value if still offered, else the first."""
    before = box.value
    box.options = options
    values = [value for _, value in options]
    if options and box.value not in values:
        box.value = values[0]
    elif before in values:
        box.value = before


#: How the chances are worked out, and the one clue they leave out, in plain words.
_METHOD = (
    "How it is worked out: the opponents' hands are a random choice of the unseen "
    "cards, using only your hand and the cards played. It leaves out one clue: a "
    "player who could not follow a call has no card with that combination."
)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _fresh_seed() -> int:
    return secrets.randbelow(_SEED_RANGE)


# --- the hand explorer ----------------------------------------------------------------------


class HandWidget(_Fallback, widgets.VBox):
    """A dealt hand as card pictures; select a card to see the chance that each of
    its four leads is unbeatable now, as cards are played.

    >>> w = HandWidget(players=4, seed=1)
    >>> w.select(1)   # card #1, as its button shows
    >>> w.table["chance"].tolist() == [
    ...     chance_unbeatable(w.hand[0], c, w.hand, 4) for c in w.hand[0].combinations]
    True

    Controls: *Seed* (type a number a class shares to get the same deal), *New deal*
    (a fresh seed), *Players* (2-10: the same hand at a bigger or smaller table, as in
    Lesson 4; a new seed deals for the table's size), one *select* button and one *played* checkbox
    per card, *Others' played cards* (notation such as ``3213 1111``), and
    *Compare with simulation* with the number of *Deals*.

    Args:
        players: 2 to 10, you included.
        seed: the deal's seed (a whole number >= 0); ``None`` picks one and shows it.
        trials: deals simulated when the comparison is on (100 to :data:`MAX_TRIALS`).

    Raises:
        XactikaError: if a number is out of range.

    Attributes:
        hand: the 8 cards dealt to you (player 0 of :func:`~xactika_edu.cards.deal` with
            the seed and the number of players when it was dealt).
        notice: what the last deal or change of *Players* did, in words (or ``""``).
        played: your cards marked played; seen: others' cards typed as played
            (empty while the box holds a problem); seen_error: that problem, or ``None``.
        selected: the selected card, or ``None``.
        table: the :func:`lead_table` shown, or ``None``.
        error: the error line; last_error: the last error shown (or ``None``).
    """

    def __init__(self, players: int = 4, seed: int | None = None, *, trials: int = 2000) -> None:
        super().__init__()
        self.add_class("xe-hand")
        players = check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        seed = _fresh_seed() if seed is None else check_whole(seed, "seed", 0, 2**32 - 1)
        trials = check_whole(trials, "trials", 100, MAX_TRIALS)
        self.last_error: BaseException | None = None
        self.hand: Hand = Hand()
        self.played: frozenset[Card] = frozenset()
        self.seen: Hand = Hand()
        self.seen_error: XactikaError | None = None
        self.selected: Card | None = None
        self.table: pd.DataFrame | None = None
        self.notice = ""
        self._dealt_players = players
        self._quiet = False

        self.error = _ErrorLine()
        self.seed_box = widgets.BoundedIntText(
            value=seed,
            min=0,
            max=2**32 - 1,
            description="Seed",
            tooltip="The deal's number: the same seed gives everyone the same hand",
        )
        self.new_button = widgets.Button(
            description="New deal",
            icon="random",
            tooltip="Deal a new hand with a fresh seed",
        )
        self.players_box = widgets.BoundedIntText(
            value=players,
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            description="Players",
            tooltip="Number of players at the table, you included (2 to 10)",
        )
        self.seen_box = widgets.Text(
            value="",
            description="Others' played cards",
            continuous_update=False,
            placeholder="e.g. 3213 1111 (balls, cubes, cones, stars)",
            tooltip="Cards other players have played, 4 digits each; press Enter",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="32em"),
        )
        self.simulate_box = widgets.Checkbox(
            value=False,
            description="Compare with simulation",
            indent=False,
            tooltip="Also estimate each chance by dealing the unseen cards at random",
        )
        self.trials_box = widgets.BoundedIntText(
            value=trials,
            min=100,
            max=MAX_TRIALS,
            step=1000,
            description="Deals",
            tooltip=f"How many random deals to simulate (100 to {MAX_TRIALS:,})",
        )
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("xe-cards")
        self.status = widgets.HTML()
        self.status.add_class("xe-status")
        self.chances = widgets.HTML()
        self.chances.add_class("xe-chances-panel")
        self.card_buttons: list[widgets.Button] = []
        self.played_boxes: list[widgets.Checkbox] = []
        self.pictures: list[widgets.HTML] = []

        self.new_button.on_click(self._on_new)
        self.seed_box.observe(self._on_seed, names="value")
        self.players_box.observe(self._on_players, names="value")
        self.seen_box.observe(self._on_seen, names="value")
        self.simulate_box.observe(self._on_simulate, names="value")
        self.trials_box.observe(self._on_simulate, names="value")

        controls = widgets.HBox([self.seed_box, self.new_button, self.players_box])
        controls.add_class("xe-controls")
        simulation = widgets.HBox([self.simulate_box, self.trials_box])
        self.children = [
            controls,
            self.cards_box,
            self.seen_box,
            simulation,
            self.error,
            self.status,
            self.chances,
        ]
        self._deal()

    # state changes -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players (the *Players* box)."""
        return int(self.players_box.value)

    @property
    def seed(self) -> int:
        """The deal's seed (the *Seed* box)."""
        return int(self.seed_box.value)

    @property
    def current_hand(self) -> Hand:
        """The cards you still hold: the hand without the cards marked played."""
        return Hand(card for card in self.hand if card not in self.played)

    @property
    def all_seen(self) -> Hand:
        """Every card played so far: yours marked played, then others' typed."""
        return Hand([*(c for c in self.hand if c in self.played), *self.seen])

    def _deal(self) -> None:
        cleared = bool(self.played or self.seen_box.value.strip())
        self.hand = deal(self.players, seed=self.seed)[0]
        self._dealt_players = self.players
        self.notice = (
            f"New hand from seed {self.seed}: your ticks and the Others' played cards box "
            "were cleared, because they were for the old hand."
            if cleared
            else ""
        )
        self.played = frozenset()
        self.seen = Hand()
        self.selected = None
        self._quiet = True
        try:
            self.seen_box.value = ""
        finally:
            self._quiet = False
        if not self.card_buttons:
            self._build_cards()
        self._refresh()

    def _build_cards(self) -> None:
        """One column per card: picture, select button, played checkbox. Built once;
        a new deal only relabels them (see :meth:`_draw`)."""
        columns = []
        for i in range(len(self.hand)):
            picture = widgets.HTML()
            picture.add_class("xe-card")
            button = widgets.Button(description="", layout=widgets.Layout(width="86px"))
            button.add_class("xe-select")
            button.on_click(lambda _b, i=i: self._on_select(i))
            box = widgets.Checkbox(
                value=False,
                description="played",
                indent=False,
                layout=widgets.Layout(width="86px"),
            )
            box.add_class("xe-played")
            box.observe(lambda change, i=i: self._on_played(i, change), names="value")
            self.pictures.append(picture)
            self.card_buttons.append(button)
            self.played_boxes.append(box)
            column = widgets.VBox([picture, button, box], layout=widgets.Layout(margin="2px"))
            column.add_class("xe-card-column")
            columns.append(column)
        self.cards_box.children = columns

    def select(self, card: int | Card | str) -> None:
        """Select a card and show its four leads, as its button does.

        ``card`` is the card's number as its button shows it (``#1`` to ``#8``, so
        ``select(8)`` is the last card), or the card itself (``"2131"``).

        >>> w = HandWidget(players=4, seed=11)
        >>> w.select(8); w.selected == w.hand[-1]
        True
        >>> w.select(0)
        Traceback (most recent call last):
        ...
        xactika_edu.errors.XactikaError: card number must be from 1 to 8 (as on the buttons), got 0

        Raises:
            XactikaError: if there is no such card in the hand, or it is marked played
                (also shown on the widget's error line).
        """
        try:
            self.error.clear()
            self._select(self._card_index(card))
        except XactikaError as error:
            self.last_error = error
            self.error.show(error)
            raise

    def mark_played(self, card: int | Card | str, played: bool = True) -> None:
        """Tick (or, with ``played=False``, untick) a card's *played* box, as a click
        does; ``card`` as in :meth:`select`.

        >>> w = HandWidget(players=4, seed=11)
        >>> w.mark_played(1); w.played == {w.hand[0]}
        True

        Raises:
            XactikaError: if there is no such card in the hand.
        """
        self.played_boxes[self._card_index(card)].value = bool(played)

    def _card_index(self, card: int | Card | str) -> int:
        """The place in :attr:`hand` (from 0) of a card given by its number as shown
        (``#1`` to ``#8``) or by the card itself."""
        if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
            number = int(card)
            if not 1 <= number <= len(self.hand):
                raise XactikaError(
                    f"card number must be from 1 to {len(self.hand)} (as on the buttons), "
                    f"got {number}"
                )
            return number - 1
        if isinstance(card, (Card, str)):
            chosen = as_card(card)
            if chosen not in self.hand:
                raise XactikaError(f"card {chosen} is not in this hand {self.hand}")
            return self.hand.index(chosen)
        raise XactikaError(
            f"give a card number 1 to {len(self.hand)} or a card like '3213', got {card!r}"
        )

    @_guard
    def _on_select(self, index: int) -> None:
        self._select(index)

    def _select(self, index: int) -> None:
        card = self.hand[index]
        if card in self.played:
            raise XactikaError(f"{card} is marked played; select a card you still hold")
        self.selected = card
        self._refresh()

    @_guard
    def _on_new(self, _button: object = None) -> None:
        seed = _fresh_seed()
        while seed == self.seed:
            seed = _fresh_seed()
        self.seed_box.value = seed  # deals through _on_seed

    @_guard
    def _on_seed(self, _change: object = None) -> None:
        self._deal()

    @_guard
    def _on_players(self, _change: object = None) -> None:
        # the same hand at a bigger or smaller table (Lesson 4); deal(players, seed)
        # deals other cards for another number of players, so this hand is kept instead
        self.notice = (
            f"Same hand, now {self.players} players: your cards, ticks and typed cards stay. "
            f"Seed {self.seed} dealt it for {self._dealt_players} players; press New deal "
            f"for a hand dealt for {self.players}."
            if self.players != self._dealt_players
            else ""
        )
        self._refresh()

    def _on_played(self, index: int, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._set_played(index, bool(change["new"]))

    @_guard
    def _set_played(self, index: int, played: bool) -> None:
        card = self.hand[index]
        before = self.played
        fine_before = self.seen_error is None
        self.notice = ""
        self.played = before | {card} if played else before - {card}
        self._refresh()
        problem = self.seen_error
        if fine_before and problem is not None:
            # this box made the situation impossible (the others' cards did not): undo it
            self.played = before
            self._quiet = True
            try:
                self.played_boxes[index].value = card in before
            finally:
                self._quiet = False
            self._refresh()
            raise problem

    def _on_seen(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._set_seen(change["new"])

    @_guard
    def _set_seen(self, _text: str) -> None:
        self.notice = ""
        self._refresh()  # reads the box
        if self.seen_error is not None:
            raise self.seen_error  # also kept as last_error

    @_guard
    def _on_simulate(self, _change: object = None) -> None:
        self._refresh()

    # drawing --------------------------------------------------------------------------

    def _read_seen(self, held: Hand) -> tuple[Hand, XactikaError | None]:
        """The cards in the *Others' played cards* box, or the problem with them (bad
        cards, or more cards than the opponents' hands leave unseen)."""
        try:
            seen = parse_seen(self.seen_box.value, self.hand)
            if held:  # enough unseen cards for the opponents' hands
                check_room(self.players, len(held), len(self.played) + len(seen))
        except XactikaError as error:
            return Hand(), error
        return seen, None

    def _refresh(self) -> None:
        """Read the others' box, recompute the table, then redraw. While the box holds
        something wrong, no chance is shown (the chances wait for a fix) and the
        problem stays on the error line, whatever else is clicked."""
        held = self.current_hand
        self.seen, self.seen_error = self._read_seen(held)
        table = None
        if self.seen_error is not None:
            self.error.show(self.seen_error)
        elif self.selected is not None and self.selected in held:
            trials = int(self.trials_box.value) if self.simulate_box.value else 0
            table = lead_table(
                held,
                self.players,
                self.all_seen,
                card=self.selected,
                trials=trials,
                seed=self.seed,
            )
        if self.selected is not None and self.selected not in held:
            self.selected = None
        self.table = table
        self._draw(held)

    def _draw(self, held: Hand) -> None:
        best = None
        if self.table is not None:
            best = self.table.loc[self.table["best"], "combination"].iloc[0]
        for i, card in enumerate(self.hand):
            is_played = card in self.played
            is_selected = card == self.selected
            self.pictures[i].value = str(
                svg.card(card, dimmed=is_played, highlight=best if is_selected else None)
            )
            label = card_label(i + 1, card)
            button = self.card_buttons[i]
            button.description = label + (" ✓" if is_selected else "")
            button.button_style = "info" if is_selected else ""
            button.disabled = is_played
            button.tooltip = (
                f"{card.title} (played)"
                if is_played
                else f"{card.title} (selected)"
                if is_selected
                else f"Show the chances for {card.title}"
            )
            self.played_boxes[i].tooltip = (
                f"Unmark {card.title}: not played" if is_played else f"Mark {card.title} as played"
            )
            self._quiet = True
            try:
                self.played_boxes[i].value = is_played
            finally:
                self._quiet = False
        seed = f"Seed {self.seed}" + (
            f" (dealt for {self._dealt_players} players)"
            if self._dealt_players != self.players
            else ""
        )
        lines = [self.notice] if self.notice else []
        if self.seen_error is not None:
            lines.append(
                f"{seed}, {self.players} players. You hold {_count(len(held), 'card')}. The "
                "counts of played and unseen cards wait for a fix to the Others' played "
                "cards box."
            )
            self.status.value = "".join(_note_html(line) for line in lines)
            self.chances.value = _note_html(
                "The chances wait for a fix to the Others' played cards box (the problem is above)."
            )
            return
        mine, others = len(self.played), len(self.seen)
        lines.append(
            f"{seed}, {self.players} players. "
            + situation_text(self.players, len(held), mine, others)
        )
        hint = situation_hint(self.players, mine, others)
        self.status.value = "".join(_note_html(line) for line in lines) + (
            f"<div class='xe-hint' role='status'><b>Check:</b> {escape(hint)}</div>" if hint else ""
        )
        if self.table is None:
            self.chances.value = _note_html(
                "Select a card (its button under the picture) to see its four leads."
                if held
                else "All your cards are played."
            )
            return
        chosen = self.selected
        assert chosen is not None  # a table is only made for a selected card
        caption = (
            f"If you lead your {chosen.value} ({chosen}) now: the chance nobody can beat each "
            f"call ({self.players} players)"
        )
        note = f"<p class='xe-method'>{escape(_METHOD)}</p>"
        self.chances.value = render_lead_table(self.table, caption=caption) + note

    def static_html(self) -> str:
        """The widget as it looks now, as plain HTML (no controls)."""
        pictures = "".join(p.value for p in self.pictures)
        return (
            f"<div class='xe-hand'>{self.status.value}<div>{pictures}</div>"
            f"{self.error.value}{self.chances.value}</div>"
        )

    def __str__(self) -> str:
        played = " ".join(str(c) for c in self.hand if c in self.played) or "none"
        others = (
            f"needs a fix ({self.seen_box.value!r})" if self.seen_error else self.seen or "none"
        )
        return (
            f"HandWidget(players={self.players}, seed={self.seed}): hand {self.hand}; "
            f"played {played}; others' played {others}"
        )

    @property
    def readout(self) -> list[tuple[str, str, str]]:
        """The chances shown now, as ``(combination, fraction, percent)`` rows."""
        if self.table is None:
            return []
        return [
            (str(r.combination), format_fraction(r.chance), r.percent)
            for r in self.table.itertuples()
        ]


# --- the deck explorer ------------------------------------------------------------------------


# "any" is 0, not None: an ipywidgets Dropdown whose value is None shows no label.
_ANY = 0
_COUNT_OPTIONS = [("any", _ANY), ("1", 1), ("2", 2), ("3", 3)]


class DeckExplorer(_Fallback, widgets.VBox):
    """Filter the 81 cards by face value and shape counts; see the matching cards,
    how many there are, their relative frequency and a bar graph or pie chart.

    >>> explorer = DeckExplorer(plot=False)
    >>> explorer.cubes.value = 1
    >>> explorer.values.value = (10, 12)
    >>> explorer.selection
    Hand.parse('3133')

    Args:
        plot: draw the graph (``False`` skips matplotlib, for speed in tests).

    Attributes:
        values: the face-value range slider; balls, cubes, cones, stars: one
            dropdown per shape (any/1/2/3); chart: bar graph or pie chart.
        selection: the matching cards (:func:`filter_deck`).
    """

    def __init__(self, *, plot: bool = True) -> None:
        super().__init__()
        self.add_class("xe-deck")
        self.last_error: BaseException | None = None
        self.plot = bool(plot)
        self.selection: Hand = Hand(DECK)
        self.error = _ErrorLine()
        self.values = widgets.IntRangeSlider(
            value=(FACE_VALUES[0], FACE_VALUES[-1]),
            min=FACE_VALUES[0],
            max=FACE_VALUES[-1],
            description="Face value",
            tooltip="Lowest and highest face value to show",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.shape_boxes: dict[Shape, widgets.Dropdown] = {}
        for shape in Shape:
            box = widgets.Dropdown(
                options=_COUNT_OPTIONS,
                value=_ANY,
                description=shape.plural.capitalize(),
                tooltip=f"Show only cards with this many {shape.plural} (or any)",
                layout=widgets.Layout(width="11em"),
                style={"description_width": "4em"},
            )
            box.add_class(f"xe-{shape.plural}")
            self.shape_boxes[shape] = box
        self.balls, self.cubes, self.cones, self.stars = self.shape_boxes.values()
        self.chart = widgets.ToggleButtons(
            options=[("bar graph", "bar"), ("pie chart", "pie")],
            value="bar",
            description="Graph",
            tooltips=["Bar graph of face values", "Pie chart of face values"],
        )
        self.reset_button = widgets.Button(
            description="Show all", tooltip="Clear the filters: all 81 cards"
        )
        self.summary = widgets.HTML()
        self.summary.add_class("xe-summary")
        self.cards_view = widgets.HTML()
        self.cards_view.add_class("xe-cards")
        self.graph = widgets.HTML()
        self.graph.add_class("xe-graph")
        for control in (self.values, *self.shape_boxes.values(), self.chart):
            control.observe(self._on_change, names="value")
        self.reset_button.on_click(self._on_reset)
        self.children = [
            widgets.HBox([self.values, self.reset_button]),
            widgets.HBox(list(self.shape_boxes.values())),
            self.chart,
            self.error,
            self.summary,
            self.graph,
            self.cards_view,
        ]
        self._update()

    @_guard
    def _on_change(self, _change: object = None) -> None:
        self._update()

    @_guard
    def _on_reset(self, _button: object = None) -> None:
        self.values.value = (FACE_VALUES[0], FACE_VALUES[-1])
        for box in self.shape_boxes.values():
            box.value = _ANY

    def static_html(self) -> str:
        """The widget as it looks now, as plain HTML (no controls)."""
        return (
            f"<div class='xe-deck'>{self.summary.value}{self.graph.value}"
            f"{self.cards_view.value}</div>"
        )

    def __str__(self) -> str:
        low, high = self.values.value
        shapes = ", ".join(
            f"{box.value} {shape.name_for(box.value)}"
            for shape, box in self.shape_boxes.items()
            if box.value != _ANY
        )
        return (
            f"DeckExplorer(face value {low} to {high}{', ' + shapes if shapes else ''}): "
            f"{selection_summary(self.selection)}"
        )

    def _update(self) -> None:
        counts = {
            shape.plural: (box.value if box.value != _ANY else None)
            for shape, box in self.shape_boxes.items()
        }
        self.selection = filter_deck(tuple(self.values.value), **counts)
        self.summary.value = _note_html(selection_summary(self.selection))
        if not self.selection:
            self.cards_view.value = _note_html("No card matches these filters.")
            self.graph.value = ""
            return
        self.cards_view.value = str(svg.hand(self.selection, per_row=9, scale=0.6))
        if self.plot:
            self.graph.value = _plot_html(self.selection, self.chart.value)


# --- the play table ---------------------------------------------------------------------------


class PlayTable(_Fallback, widgets.VBox):
    """Play a game of Xactika against computer players: bid, lead (a card and a call)
    or follow, and watch the tricks, the scores and the score sheet.

    Only legal choices are offered: the bid list leaves out the dealer's forbidden
    bid, a follower's card list holds only the cards that may be played, and a
    leader's call list holds the four combinations on the chosen card.

    >>> table = PlayTable(players=3, seed=2)
    >>> table.round.current_player == 0 and table.round.phase
    'bid'

    Args:
        players: 2 to 10; you are player 0 ("You"), the others computer players.
        seed: the game's seed (``None``: a fresh one, shown); same seed, same deals.
        coach: show the coach panel (chances of your leads and bid advice).
        bots: one bot per other seat; default :class:`~xactika_edu.bots.HeuristicBot`.
        hands: hands in the game (8 by the rules).
        coach_trials: simulated deals for the bid advice.

    Attributes:
        game: the :class:`~xactika_edu.game.Game`; round: its current round.
        bid_box, bid_button: your bid; card_box, call_box, play_button: your play;
        next_button: the next hand; coach_box: the coach on/off.
    """

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        coach: bool = False,
        *,
        bots: Sequence[SupportsBot] | None = None,
        hands: int = HANDS_PER_GAME,
        coach_trials: int = 500,
    ) -> None:
        super().__init__()
        self.add_class("xe-table")
        self.last_error: BaseException | None = None
        seed = _fresh_seed() if seed is None else seed
        self.game = Game.new(players, seed=seed, hands=hands)
        others = [HeuristicBot() for _ in range(players - 1)] if bots is None else list(bots)
        if len(others) != players - 1:
            raise XactikaError(f"give one bot per other player ({players - 1}), got {len(others)}")
        self.bots: list[SupportsBot | None] = [None, *others]
        self.names = ["You", *(f"Bot {s}" for s in range(1, players))]
        self.coach_trials = check_whole(coach_trials, "coach_trials", 1, 100_000)
        # (heading, events) per hand: the log keeps every event of the game
        self.hands_log: list[tuple[str, list[str]]] = []
        self._advice: dict[tuple[int, int], pd.DataFrame] = {}

        self.error = _ErrorLine()
        self.info = widgets.HTML()
        self.info.add_class("xe-info")
        self.hand_view = widgets.HTML()
        self.hand_view.add_class("xe-your-hand")
        self.trick_view = widgets.HTML()
        self.trick_view.add_class("xe-trick")
        self.log_view = widgets.HTML()
        self.log_view.add_class("xe-log")
        self.scores_view = widgets.HTML()
        self.scores_view.add_class("xe-scores")
        self.coach_view = widgets.HTML()
        self.coach_view.add_class("xe-coach")

        self.bid_box = widgets.Dropdown(
            description="Your bid", tooltip="How many tricks you expect to take"
        )
        self.bid_button = widgets.Button(description="Bid", tooltip="Make the bid chosen")
        self.bid_button.add_class("xe-bid")
        self.card_box = widgets.Dropdown(
            description="Card",
            tooltip="The card to play (only cards you may play are listed)",
            layout=widgets.Layout(width="28em"),
        )
        self.call_box = widgets.Dropdown(
            description="Call", tooltip="The combination you call when you lead"
        )
        self.play_button = widgets.Button(description="Play", tooltip="Play the card chosen")
        self.play_button.add_class("xe-play")
        self.next_button = widgets.Button(
            description="Next hand", tooltip="Deal the next hand of the game"
        )
        self.next_button.add_class("xe-next")
        self.coach_box = widgets.Checkbox(
            value=bool(coach),
            description="Coach",
            indent=False,
            tooltip="Show the chances of your leads and advice for your bid",
        )

        self.bid_button.on_click(self._on_bid)
        self.play_button.on_click(self._on_play)
        self.next_button.on_click(self._on_next)
        self.card_box.observe(self._on_card, names="value")
        self.coach_box.observe(self._on_coach, names="value")

        self.bid_row = widgets.HBox([self.bid_box, self.bid_button])
        self.play_row = widgets.HBox([self.card_box, self.call_box, self.play_button])
        self.children = [
            self.info,
            self.error,
            self.hand_view,
            self.bid_row,
            self.play_row,
            self.trick_view,
            widgets.HBox([self.next_button, self.coach_box]),
            self.coach_view,
            self.log_view,
            self.scores_view,
        ]
        self._start_round()

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.game.current_round

    @property
    def history(self) -> list[str]:
        """Every line of the log, in order: each hand's heading, then its events."""
        return [line for heading, events in self.hands_log for line in (heading, *events)]

    def static_html(self) -> str:
        """The table as it looks now, as plain HTML (no controls), with the coach (if
        on) and the whole log."""
        return (
            f"<div class='xe-table'>{self.info.value}{self.hand_view.value}"
            f"{self.trick_view.value}{self.coach_view.value}{self.scores_view.value}"
            f"{self.log_view.value}</div>"
        )

    def __str__(self) -> str:
        return f"PlayTable(players={self.game.players}, seed={self.game.seed})\n{self.round}"

    # actions --------------------------------------------------------------------------

    @_guard
    def _start_round(self) -> None:
        number = len(self.game.rounds)
        heading = f"Hand {number} of {self.game.hands}: player {self.round.dealer} deals."
        self.hands_log.append((self._named(heading), []))
        self._advance()

    def _record(self, line: str) -> None:
        self.hands_log[-1][1].append(self._named(line))

    def _advance(self) -> None:
        for line in play_bots(self.round, self.bots, human=0):
            self._record(line)
        self._refresh()

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _named(self, line: str) -> str:
        for seat in range(len(self.names) - 1, -1, -1):
            line = line.replace(f"player {seat}", self.names[seat])
        for verb in ("bids", "leads", "plays", "wins", "deals"):
            line = line.replace(f"You {verb}", f"You {verb[:-1]}")
        return line

    @_guard
    def _on_bid(self, _button: object = None) -> None:
        bid = self.bid_box.value
        if bid is None:
            raise XactikaError("it is not your turn to bid")
        self.round.bid(int(bid), player=0)
        self._record(f"You bid {bid}")
        self._advance()

    @_guard
    def _on_play(self, _button: object = None) -> None:
        card = self.card_box.value
        if card is None:
            raise XactikaError("it is not your turn to play")
        call = self.call_box.value if not self.round.current_trick else None
        before = len(self.round.tricks)
        play = Play(card, call)
        self.round.play(play, player=0)
        self._record(play_line(0, play))
        for line in trick_lines(self.round, before):
            self._record(line)
        self._advance()

    @_guard
    def _on_next(self, _button: object = None) -> None:
        self.game.next_round()
        self._start_round()

    @_guard
    def _on_card(self, _change: object = None) -> None:
        self._fill_calls()

    @_guard
    def _on_coach(self, _change: object = None) -> None:
        self._draw_coach()

    # drawing --------------------------------------------------------------------------

    def _fill_calls(self) -> None:
        card = self.card_box.value
        leading = self.round.phase == "play" and self.round.current_player == 0
        leading = leading and not self.round.current_trick
        if card is None or not leading:
            _set_options(self.call_box, [])
            self.call_box.disabled = True
            return
        _set_options(self.call_box, [(str(c), c) for c in card.combinations])
        self.call_box.disabled = False

    def _refresh(self) -> None:
        rnd = self.round
        view = rnd.view(0)
        my_turn = rnd.current_player == 0
        # bids
        legal_bids = rnd.legal_bids() if my_turn else []
        _set_options(self.bid_box, [(str(b), b) for b in legal_bids])
        self.bid_box.disabled = self.bid_button.disabled = not legal_bids
        self.bid_row.layout.display = None if legal_bids else "none"
        # plays
        plays = rnd.legal_plays() if my_turn else []
        cards = list(dict.fromkeys(play.card for play in plays))
        _set_options(self.card_box, [(c.title, c) for c in cards])
        self.card_box.disabled = self.play_button.disabled = not cards
        self.play_row.layout.display = None if cards else "none"
        self._fill_calls()
        # texts
        self.hand_view.value = (
            f"<div><b>Your hand</b> ({len(view.hand)} cards)</div>" + str(svg.hand(view.hand))
            if view.hand
            else "<div><b>Your hand</b>: no cards left</div>"
        )
        self.info.value = _note_html(self._status_text())
        self.trick_view.value = self._trick_html()
        self.log_view.value = log_html(self.hands_log)
        self.next_button.disabled = not (rnd.is_over and not self.game.is_over)
        self.scores_view.value = self._scores_html()
        self._draw_coach()

    def _status_text(self) -> str:
        rnd = self.round
        number = len(self.game.rounds)
        head = f"Hand {number} of {self.game.hands}, seed {self.game.seed}. "
        head += f"Dealer: {self._name(rnd.dealer)}. "
        # "Bot 1: 2", not "Bot 1 2": a name may end in a number
        bids = ", ".join(
            f"{self._name(s)}: {'not yet' if b is None else b}" for s, b in enumerate(rnd.bids)
        )
        won = ", ".join(f"{self._name(s)}: {n}" for s, n in enumerate(rnd.tricks_won))
        head += f"Bids — {bids}. Tricks taken — {won}. "
        if rnd.is_over:
            if self.game.is_over:
                winners = " and ".join(self._name(s) for s in self.game.winners())
                return head + f"The game is over: {winners} won."
            return head + "The hand is over: see the scores, then press Next hand."
        if rnd.phase == BID:
            text = head + "Your turn to bid."
            if rnd.dealer == 0:
                total = sum(b for b in rnd.bids if b is not None)
                forbidden = rnd.cards_per_hand - total
                if 0 <= forbidden <= rnd.cards_per_hand:
                    text += (
                        f" As dealer you may not bid {forbidden}: the bids would total "
                        f"{rnd.cards_per_hand}, the number of tricks."
                    )
            return text
        if rnd.current_trick:
            return head + f"Your turn: follow {rnd.call} if you can."
        return head + "Your turn to lead: choose a card and the combination to call."

    def _trick_html(self) -> str:
        rnd = self.round
        parts = []
        if rnd.tricks:
            last = rnd.tricks[-1]
            caption = self._named(
                f"Last trick (trick {len(rnd.tricks)}): "
                + trick_result(last, self._name(last.winner))
            )
            parts.append(trick_html(last.plays, self.names, caption=caption, winner=last.winner))
        if rnd.current_trick and rnd.call is not None:
            parts.append(trick_html(rnd.current_trick, self.names, caption="This trick"))
        return "".join(parts)

    def _scores_html(self) -> str:
        parts = []
        if self.round.is_over:
            parts.append(hand_scores_html(hand_scores(self.round, self.names)))
        if any(r.is_over for r in self.game.rounds):
            parts.append(score_sheet_html(score_table(self.game, self.names)))
        return "".join(parts)

    def _draw_coach(self) -> None:
        if not self.coach_box.value:
            self.coach_view.value = ""
            return
        rnd = self.round
        if rnd.is_over or rnd.current_player != 0:
            self.coach_view.value = _note_html("Coach: waiting for your turn.")
            return
        view = rnd.view(0)
        if rnd.phase == BID:
            key = (len(self.game.rounds), 0)
            if key not in self._advice:
                from .simulate import suggest_bid

                made = [b for s in rnd.bidding_order if (b := rnd.bids[s]) is not None]
                self._advice[key] = suggest_bid(
                    view.hand,
                    rnd.players,
                    0,
                    trials=self.coach_trials,
                    seed=self.game.seed + len(self.game.rounds),
                    dealer=rnd.dealer,
                    bids_so_far=made,
                )
            advice = self._advice[key]
            rows = "".join(
                f"<tr><td>{bid}</td><td>{escape(describe_chance(r['probability']))}</td>"
                f"<td>{r['expected score']:+.2f}</td><td>"
                + ("★ recommended" if r["recommended"] else "" if r["legal"] else "not allowed")
                + "</td></tr>"
                for bid, r in advice.to_dict("index").items()
            )
            self.coach_view.value = _padded(
                "<table class='xe-advice'><caption style='text-align:left'>Coach: bid advice "
                f"from {advice.attrs['trials']} simulated deals (computer players play "
                "for everyone)</caption><thead><tr><th scope='col'>bid</th><th scope='col'>"
                "chance to take exactly that many</th><th scope='col'>expected score</th>"
                f"<th scope='col'>note</th></tr></thead><tbody>{rows}</tbody></table>"
            )
            return
        if rnd.current_trick:
            self.coach_view.value = _note_html(
                f"Coach: you follow {rnd.call}. Chances are shown when you lead."
            )
            return
        table = lead_table(view.hand, rnd.players, view.played_cards)
        top = table["chance"].max()
        table["best"] = table["chance"] == top
        self.coach_view.value = render_lead_table(
            table,
            caption="Coach: the chance nobody can beat each lead. " + _METHOD,
        )
