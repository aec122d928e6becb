"""Numbers on a graph said the way its axis shows them, for figure descriptions.

A person describing a graph reads its numbers off the axes: on an axis marked
``0%, 20%, ... 100%`` a point is "63%", not "0.627"; on an axis marked every 50
draws it is "at 300 draws", not "at 300"; and nobody says "0.00396" when the ticks
go 0.005, 0.01, 0.02. :func:`say_value` rounds a number to a tenth of the axis's
tick step (2 significant figures on a log axis) and writes it with the axis's own
tick formatter (percent, or a formatter the plot set); :func:`say_place` adds the
axis label's words ("300 draws", "face value 8").

>>> from matplotlib.figure import Figure
>>> from matplotlib.ticker import PercentFormatter
>>> ax = Figure().subplots()
>>> _ = ax.plot([1, 300], [1.0, 0.6267]), ax.set_xlabel("number of draws so far (trials)")
>>> ax.yaxis.set_major_formatter(PercentFormatter(xmax=1))
>>> ax.figure.draw_without_rendering()
>>> say_value(ax, "y", 0.6267), say_place(ax, "x", 300), say_place(ax, "x", 1)
('63%', '300 draws', '1 draw')

matplotlib is imported only by the functions that need it.
"""

from __future__ import annotations

import math
import re
from itertools import pairwise
from typing import TYPE_CHECKING

from ..base.language import gettext as _
from ..base.language import language

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.text import Text

__all__ = [
    "axis_name",
    "axis_notes",
    "resolution",
    "roundest",
    "say_number",
    "say_place",
    "say_value",
    "text_point",
]

#: Significant figures of a number on a log axis, or on an axis without ticks.
LOG_FIGURES = 2
#: An axis label of at most this many words is said before a number: "face value 8".
_SHORT_LABEL = 3
_NUMBER_OF = re.compile(
    r"^(?:(?:the\s+)?number\s+of|(?:el\s+)?n[úu]mero\s+de)\s+([\w-]+)", re.IGNORECASE
)
_BRACKETS = re.compile(r"\s*\([^)]*\)")


def _axis(ax: Axes, which: str) -> Axis:
    return ax.xaxis if which == "x" else ax.yaxis


def say_number(value: float, step: float | None = None) -> str:
    """``value`` rounded to a multiple of ``step`` (a power of ten), with thousands
    separators and no trailing zeros; to 3 significant figures if ``step`` is None.

    >>> say_number(0.6267, 0.01), say_number(9600.4, 1), say_number(0.003961)
    ('0.63', '9,600', '0.00396')
    """
    if not math.isfinite(value):
        return str(value)
    if step is None or step <= 0:
        if value == 0:
            return "0"
        step = 10.0 ** (math.floor(math.log10(abs(value))) - 2)
    places = max(0, -math.floor(math.log10(step) + 1e-9))
    text = f"{round(value / step) * step:,.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def roundest(low: float, high: float, near: float) -> tuple[float, float]:
    """The roundest number in [``low``, ``high``] (the fewest significant digits; the
    one nearest ``near`` among those) and its step, a power of ten: where a curve
    drawn through sample points peaks, say, "40" rather than the sample "39.9".

    >>> roundest(39.7, 40.1, 39.9), roundest(0.233, 0.263, 0.248)
    ((40.0, 1.0), (0.25, 0.01))
    """
    low, high = min(low, high), max(low, high)
    width = max(high - low, abs(near) * 1e-12, 1e-300)
    exponent = math.floor(math.log10(width)) + 1
    for power in range(exponent, exponent - 3, -1):
        step = 10.0**power
        first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
        if first <= last:
            best = min(range(first, last + 1), key=lambda k: abs(k * step - near))
            return best * step, step
    return near, 10.0 ** (exponent - 3)


def resolution(ax: Axes, which: str, value: float, parts: int = 5) -> float | None:
    """The step ``value`` is rounded to on axis ``which`` ("x" or "y"): a power of
    ten at most 1/``parts`` of the step between the axis's major ticks (ticks every
    20% give whole percents); on a log axis, the step that leaves 2 significant
    figures. None if the axis has fewer than two ticks in view (then numbers keep 3
    significant figures).
    """
    axis = _axis(ax, which)
    if axis.get_scale() == "log":
        if value == 0 or not math.isfinite(value):
            return None
        return 10.0 ** (math.floor(math.log10(abs(value))) - LOG_FIGURES + 1)
    low, high = sorted(axis.get_view_interval())
    ticks = sorted(t for t in axis.get_majorticklocs() if low - 1e-9 <= t <= high + 1e-9)
    steps = [b - a for a, b in pairwise(ticks) if b > a]
    if not steps:
        return None
    return 10.0 ** math.floor(math.log10(min(steps) / parts) + 1e-9)


def say_value(ax: Axes, which: str, value: float, parts: int = 5, step: float | None = None) -> str:
    """``value`` as axis ``which`` ("x" or "y") of ``ax`` would show it: rounded as
    :func:`resolution` says (``parts``) unless a ``step`` is given, in percent on a
    percent axis, through the axis's own formatter if the plot set one (a function
    or format string), and "nearly 0" for a number that rounds to 0 but is not 0.
    Tick labels are as last drawn.
    """
    from matplotlib.ticker import (
        FormatStrFormatter,
        FuncFormatter,
        PercentFormatter,
        StrMethodFormatter,
    )

    if not math.isfinite(value):
        return str(value)
    if step is None:
        step = resolution(ax, which, value, parts)
        if step is not None and step > 1 and value == round(value):
            step = 1.0  # a count is said exactly: 311 cards, not "310"
    formatter = _axis(ax, which).get_major_formatter()
    if isinstance(formatter, PercentFormatter):
        scale = 100.0 / formatter.xmax
        shown = say_number(value * scale, None if step is None else step * scale)
        text = f"{shown}{formatter.symbol or ''}"
    else:
        shown = say_number(value, step)
        text = shown
        if isinstance(formatter, FuncFormatter | StrMethodFormatter | FormatStrFormatter):
            try:
                own = str(formatter(float(shown.replace(",", ""))))
            except (TypeError, ValueError, KeyError, IndexError):
                own = ""
            if any(c.isdigit() for c in own):
                text = own.replace("\N{MINUS SIGN}", "-")
    if shown == "0" and value != 0:
        return _("nearly {value}").format(value=text)
    return text


def axis_name(ax: Axes, which: str) -> str:
    """The axis label's first line (what the axis measures), or ``""``."""
    label = (ax.get_xlabel() if which == "x" else ax.get_ylabel()).strip()
    return " ".join(label.split("\n")[0].split())


def axis_notes(ax: Axes, which: str) -> str:
    """The axis label's further lines (a key written under the axis), joined by
    ``"; "``, or ``""``."""
    label = (ax.get_xlabel() if which == "x" else ax.get_ylabel()).strip()
    return "; ".join(" ".join(line.split()) for line in label.split("\n")[1:] if line.strip())


def _singular(noun: str) -> str:
    if language() == "es":  # "lanzamientos", "extracciones", "ensayos"
        if noun.endswith("ciones"):
            return noun[:-5] + "ión"
        if noun.endswith("es") and len(noun) > 3 and noun[-3] in "lnrdzj":
            return noun[:-2]
        return noun[:-1] if noun.endswith("s") else noun
    if noun.endswith(("sses", "ches", "shes", "xes")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def say_place(ax: Axes, which: str, value: float, step: float | None = None) -> str:
    """A place along axis ``which`` in the words of its label: ``"300 draws"`` (a
    label "number of draws ..."), ``"face value 8"`` (a short label), or the number
    alone (a long label, or none), as :func:`say_value` writes it, to a tenth of a
    tick step (a place is read more finely than a height: "13 draws"), or to
    ``step`` if given.
    """
    number = say_value(ax, which, value, parts=10, step=step)
    name = _BRACKETS.sub("", axis_name(ax, which)).strip()
    counted = _NUMBER_OF.match(name)
    if counted:
        noun = counted.group(1)
        return f"{number} {_singular(noun) if number == '1' else noun}"
    if name and len(name.split()) <= _SHORT_LABEL and not any(c.isdigit() for c in name):
        return f"{name} {number}"
    return number


def text_point(ax: Axes, text: Text) -> tuple[float, float] | None:
    """Where an annotation points (or a text stands), in data numbers; None if it is
    placed otherwise (in axes or figure coordinates) or cannot be read."""
    xy = getattr(text, "xy", None)
    if xy is None:
        xy = text.get_position()
        if text.get_transform() != ax.transData:
            return None
    elif getattr(text, "xycoords", "data") != "data":
        return None
    try:
        x = float(ax.xaxis.convert_units(xy[0]))
        y = float(ax.yaxis.convert_units(xy[1]))
    except (TypeError, ValueError):
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None
