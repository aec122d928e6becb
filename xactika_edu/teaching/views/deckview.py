"""The deck explorer's pure side: the cards matching a filter, how many they are in
words, their picture, and their graph as inline SVG with a text alternative.

Teaching layer: pure functions, no widgets (:class:`~xactika_edu.ui.widgets.DeckExplorer`
wires its controls to them). The pictures and graphs drawn are kept in bounded memos
(:data:`CARD_PICTURES`, :data:`GRAPHS`): the class server builds every student's page
in one process, and every page opens on the same ones.

>>> len(filter_deck(values=(10, 12), cubes=1))
1
>>> selection_summary(filter_deck(cubes=3))
'27 of the 81 cards match: relative frequency 27/81 = 1/3 ≈ 33%'
"""

from __future__ import annotations

import io
import os
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from html import escape

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import fraction, percent
from ...base.language import N_, language, ngettext
from ...base.language import gettext as _
from ...base.memo import Memo
from ...core import svg
from ...core.cards import COUNTS, DECK, Card, Hand, Shape
from ...core.probability import FACE_VALUES

__all__ = [
    "CARD_PICTURES",
    "GRAPHS",
    "PLOT_KINDS",
    "cards_html",
    "deck_filter_text",
    "filter_deck",
    "plot_html",
    "selection_summary",
]

#: The graphs the deck explorer draws: kind -> (what it is called, figure size in inches).
PLOT_KINDS: dict[str, tuple[str, tuple[float, float]]] = {
    "bar": (N_("Bar graph"), (6.4, 3.6)),
    "pie": (N_("Pie chart"), (6.8, 4.6)),
}

#: The graphs :func:`plot_html` has drawn, kept by everything that decides one (the
#: cards, the kind, the language, Matplotlib's settings): every student's deck explorer opens on the
#: same graph, and drawing it cost the class server most of a page's CPU time. At
#: most 32 graphs of 23-44 kB of HTML each: under 1.5 MB.
GRAPHS: Memo[str] = Memo(size=32)
#: The pictures of the matching cards :func:`cards_html` has drawn, by the cards and
#: the language (their text alternative): at
#: most 32 of at most 152 kB (the whole deck): under 5 MB.
CARD_PICTURES: Memo[str] = Memo(size=32)


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
    xactika_edu.XactikaError: balls must be from 1 to 3, got 4

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
        raise XactikaError(
            _("values must be (lowest, highest), like (4, 12); got {values}").format(
                values=repr(values)
            )
        )
    low = check_whole(values[0], "lowest face value", FACE_VALUES[0], FACE_VALUES[-1])
    high = check_whole(values[1], "highest face value", FACE_VALUES[0], FACE_VALUES[-1])
    if low > high:
        raise XactikaError(
            _("the lowest face value {low} is above the highest {high}").format(low=low, high=high)
        )
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
    >>> selection_summary([])
    '0 of the 81 cards match: relative frequency 0/81 = 0%'
    >>> selection_summary(["3133"])
    '1 of the 81 cards matches: relative frequency 1/81 ≈ 1%'
    """
    n = len(Hand(cards))
    part = Fraction(n, len(DECK))
    simplified = "" if part.denominator == len(DECK) or n == 0 else f" = {fraction(part)}"
    return (
        ngettext(  # "1 of the 81 cards matches"
            "{count} of the {total} cards matches: relative frequency "
            "{count}/{total}{simplified} ≈ {percent}",
            "{count} of the {total} cards match: relative frequency "
            "{count}/{total}{simplified} ≈ {percent}",
            n,
        )
        .format(count=n, total=len(DECK), simplified=simplified, percent=percent(part))
        .replace("≈ 0%", "= 0%")
        .replace("≈ 100%", "= 100%")
    )


def deck_filter_text(values: tuple[int, int], counts: Mapping[Shape, int | None]) -> str:
    """The filter and its summary in one line, as ``print`` shows a deck explorer.

    >>> print(deck_filter_text((10, 12), {Shape.CUBES: 1}))
    DeckExplorer(face value 10 to 12, 1 cube): 1 of the 81 cards matches: relative
    frequency 1/81 ≈ 1%

    Args:
        values: lowest and highest face value; counts: shape -> count (``None``: any).
    """
    low, high = values
    chosen = {shape: count for shape, count in counts.items() if count is not None}
    shapes = ", ".join(f"{count} {shape.name_for(count)}" for shape, count in chosen.items())
    selection = filter_deck((low, high), **{shape.key: n for shape, n in chosen.items()})
    return _("DeckExplorer(face value {low} to {high}{shapes}): {summary}").format(
        low=low,
        high=high,
        shapes=", " + shapes if shapes else "",
        summary=selection_summary(selection),
    )


def cards_html(cards: Iterable[Card | str]) -> str:
    """The cards as the deck explorer shows them: a picture, 9 cards to a row at 0.6
    scale (:func:`~xactika_edu.core.svg.hand`), kept (:data:`CARD_PICTURES`) so that
    the whole deck, every student's first view, is drawn once.

    >>> cards_html(filter_deck(values=(12, 12))).count("<title>")
    1
    >>> cards_html(filter_deck()) is cards_html(filter_deck())
    True

    Args:
        cards: the cards to show (a :class:`~xactika_edu.core.cards.Hand`: at most the
            81 of the deck, each once).

    Returns:
        an SVG picture as text (``<svg ...>``), with a text alternative.

    Raises:
        XactikaError: if a card is not valid notation, or a card is given twice.
    """
    pile = Hand(cards)
    return CARD_PICTURES.get(
        (tuple(pile), language()), lambda: str(svg.hand(pile, per_row=9, scale=0.6))
    )


def plot_html(cards: Iterable[Card | str], kind: str = "bar") -> str:
    """The cards' face values as a bar graph or pie chart, inline SVG in a ``<figure>``
    whose text alternative and caption give the count of each face value.

    A graph drawn once is kept (:data:`GRAPHS`): the same cards, kind and Matplotlib
    settings give the same text again without drawing (its SVG date and ids are the
    first drawing's).

    >>> plot_html(filter_deck(cubes=3)) is plot_html(filter_deck(cubes=3))
    True

    Args:
        cards: one or more cards (:func:`~xactika_edu.teaching.plots.value_bar_graph`).
        kind: ``"bar"`` or ``"pie"`` (:data:`PLOT_KINDS`).

    Returns:
        HTML ``<figure class='xe-plot' role='img'>`` with the SVG and a caption.

    Raises:
        XactikaError: if ``kind`` is not a known graph or there are no cards.
    """
    if kind not in PLOT_KINDS:
        raise XactikaError(
            _("kind must be one of {kinds}; got {kind}").format(
                kinds=", ".join(PLOT_KINDS), kind=repr(kind)
            )
        )
    pile = Hand(cards)
    key = (kind, tuple(pile), language(), _drawing_settings())
    return GRAPHS.get(key, lambda: _draw_html(pile, kind))


def _drawing_settings() -> Hashable:
    """What else decides a graph's SVG text: Matplotlib's settings (style, fonts, the
    SVG id salt) and ``SOURCE_DATE_EPOCH`` (the date written in the SVG)."""
    import matplotlib

    settings = sorted((name, repr(value)) for name, value in matplotlib.rcParams.items())
    return (tuple(settings), os.environ.get("SOURCE_DATE_EPOCH"))


def _draw_html(pile: Hand, kind: str) -> str:
    """:func:`plot_html` drawn afresh."""
    from matplotlib.figure import Figure

    from ...core.probability import value_distribution
    from ..plots import value_bar_graph, value_pie_chart

    name, size = PLOT_KINDS[kind]
    figure = Figure(figsize=size, layout="constrained")
    ax = figure.subplots()
    if kind == "bar":
        value_bar_graph(pile, ax=ax)
    else:
        value_pie_chart(pile, ax=ax)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    picture = buffer.getvalue()
    picture = picture[picture.find("<svg") :]
    counts = value_distribution(pile)["frequency"]
    words = ", ".join(f"{value}: {int(n)}" for value, n in counts.items() if n)
    label = _("{graph} of face values. Cards per value: {counts}").format(
        graph=_(name), counts=words
    )
    return (
        f"<figure class='xe-plot' role='img' aria-label='{escape(label)}' "
        f"style='margin:0'>{picture}<figcaption>{escape(label)}</figcaption></figure>"
    )
