"""A range of whole numbers chosen with two labelled dropdowns, *lowest* and
*highest*: what a range slider does, with controls a keyboard and a screen reader
can use (an ipywidgets slider's handles have no name on the page:
:mod:`xactika_edu.ui.widgets.a11y`).

UI layer (``ipywidgets`` 8).

>>> face = NumberRange([4, 5, 6, 7], "face value")
>>> face.value
(4, 7)
>>> face.low_box.value = 6; face.value
(6, 7)
>>> face.high_box.value = 5; face.value   # the lowest follows, as a slider's handles would
(5, 5)
>>> face.value = (4, 9)
Traceback (most recent call last):
...
xactika_edu.XactikaError: face value can be from 4 to 7, lowest first; got (4, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ...base.errors import XactikaError
from ...base.language import gettext as _

__all__ = ["NumberRange"]


class NumberRange(widgets.HBox):
    """Two dropdowns, *Lowest ...* and *Highest ...*, and their range as
    :attr:`value` ``(lowest, highest)``, observable like a slider's value (one
    change per choice).

    Choosing a lowest number above the highest moves the highest up to it, and a
    highest below the lowest moves the lowest down: the range is never empty.

    Args:
        choices: the numbers offered, smallest first.
        what: what the numbers are, for the labels ("face value": *Lowest face
            value*, *Highest face value*) and for messages.
        value: the first range; default all of ``choices``.
        tooltip: the tooltip of both dropdowns.
        lowest, highest: the dropdowns' names, as whole phrases a translation can
            order (default: "Lowest" and "Highest" before ``what``).

    Attributes:
        low_box, high_box: the two dropdowns.

    Raises:
        XactikaError: (when :attr:`value` is set) if the range is not two of
            ``choices``, lowest first.
    """

    value = traitlets.Tuple(traitlets.Int(), traitlets.Int())

    def __init__(
        self,
        choices: Sequence[int],
        what: str,
        *,
        value: tuple[int, int] | None = None,
        tooltip: str = "",
        lowest: str | None = None,
        highest: str | None = None,
    ) -> None:
        self.choices = tuple(int(number) for number in choices)
        self.what = what
        options = [(str(number), number) for number in self.choices]
        style = {"description_width": "initial"}
        self.low_box = widgets.Dropdown(
            options=options,
            description=lowest or _("Lowest {what}").format(what=what),
            tooltip=tooltip,
            style=style,
        )
        self.high_box = widgets.Dropdown(
            options=options,
            description=highest or _("Highest {what}").format(what=what),
            tooltip=tooltip,
            style=style,
        )
        for box in (self.low_box, self.high_box):
            box.layout.width = "13em"
        self._showing = False
        super().__init__([self.low_box, self.high_box])
        self.add_class("xe-range")
        self.observe(self._show, names="value")
        self.value = value if value is not None else (self.choices[0], self.choices[-1])
        self.low_box.observe(self._on_low, names="value")
        self.high_box.observe(self._on_high, names="value")

    @traitlets.validate("value")
    def _check(self, proposal: dict[str, Any]) -> tuple[int, int]:
        low, high = proposal["value"]
        if low not in self.choices or high not in self.choices or low > high:
            raise XactikaError(
                _("{what} can be from {low} to {high}, lowest first; got {got}").format(
                    what=self.what, low=self.choices[0], high=self.choices[-1], got=(low, high)
                )
            )
        return (low, high)

    def _show(self, _change: object = None) -> None:
        self._showing = True
        try:
            self.low_box.value, self.high_box.value = self.value
        finally:
            self._showing = False

    def _on_low(self, change: dict[str, Any]) -> None:
        if not self._showing:
            low = int(change["new"])
            self.value = (low, max(low, self.value[1]))

    def _on_high(self, change: dict[str, Any]) -> None:
        if not self._showing:
            high = int(change["new"])
            self.value = (min(self.value[0], high), high)
