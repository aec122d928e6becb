"""The one colour palette used by card pictures, plots, widgets and worksheets.

Okabe & Ito's colour-blind-safe palette (Okabe, M. and Ito, K., "Color Universal
Design", 2008). Colour never carries meaning on its own here: cards are told apart by
their glyphs, plots by labels and hatching.
"""

from __future__ import annotations

__all__ = ["INK", "OKABE_ITO", "PAPER", "REST", "SERIES", "SHAPE_COLORS"]

OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
    "black": "#000000",
}

#: Fill colour of each shape's glyph, in shape order: balls, cubes, cones, stars.
SHAPE_COLORS: tuple[str, str, str, str] = (
    OKABE_ITO["vermillion"],
    OKABE_ITO["blue"],
    OKABE_ITO["bluish green"],
    OKABE_ITO["orange"],
)

#: Colours for data series in plots, most distinct first.
SERIES: tuple[str, ...] = (
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["bluish green"],
    OKABE_ITO["vermillion"],
    OKABE_ITO["reddish purple"],
    OKABE_ITO["sky blue"],
    OKABE_ITO["yellow"],
)

INK = "#000000"
PAPER = "#FFFFFF"
#: A light grey for "all the other cards" beside a group shown in its own color.
REST = "#D9D9D9"
