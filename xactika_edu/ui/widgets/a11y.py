"""Whether every control of a widget has a name that a screen reader can say, and
what a keyboard user can reach: the rules our widgets follow, checked without a
browser (the browser audit is tests/test_browser_a11y.py, with axe-core).

UI layer (``ipywidgets`` 8). How ipywidgets 8 names a control on the page:

* a box, a dropdown, a checkbox or a row of toggle buttons gets its ``description``
  as its ``<label>``; a button is named by its text (``description``) or, when it
  shows only an icon, by its ``tooltip``; each toggle button by its option's label;
* a slider's handles get **no** name at all (ipywidgets never gives noUiSlider the
  handle attributes that would hold one), so axe-core reports them as "ARIA input
  fields must have an accessible name" (serious): our widgets use no slider.

A coloured button's text is white on the theme's colour for its ``button_style``:
only :data:`READABLE_BUTTON_STYLES` reach the 4.5:1 contrast that WCAG AA asks of
text (:func:`unreadable_buttons`).

>>> import ipywidgets as widgets
>>> unnamed_controls(widgets.VBox([widgets.Text(), widgets.Button(icon="plus")]))
['Text with no description', 'Button with no text or tooltip']
>>> unnamed_controls(widgets.HBox([widgets.IntSlider(description="Size")]))
["IntSlider 'Size': a slider's handles have no name on the page"]
>>> unnamed_controls(widgets.Dropdown(options=["a"], description="Letter"))
[]
>>> unreadable_buttons(widgets.HBox([widgets.Button(description="Go", button_style="info")]))
["Button 'Go': style 'info'"]
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets

__all__ = [
    "READABLE_BUTTON_STYLES",
    "SLIDERS",
    "controls",
    "unnamed_controls",
    "unreadable_buttons",
]

#: Button styles whose white text has a contrast of at least 4.5:1 on the button's
#: colour (WCAG 2 AA, normal text) in the JupyterLab light theme, whose colours the
#: Solara app uses too: "" (dark text on light grey), "primary" (white on #1976d2:
#: 4.6:1) and "danger" (white on #d32f2f: 5.0:1). Not "success" (#388e3c: 4.1:1),
#: "info" (#0097a7: 3.5:1) or "warning" (#f57c00: 2.7:1).
READABLE_BUTTON_STYLES = ("", "primary", "danger")

#: ipywidgets' sliders: their handles carry no accessible name on the page.
SLIDERS: tuple[type[widgets.Widget], ...] = (
    widgets.IntSlider,
    widgets.FloatSlider,
    widgets.FloatLogSlider,
    widgets.IntRangeSlider,
    widgets.FloatRangeSlider,
    widgets.SelectionSlider,
    widgets.SelectionRangeSlider,
)
#: Widgets that show text or pictures only: nothing to press or fill in.
_SHOWN_ONLY: tuple[type[widgets.Widget], ...] = (
    widgets.HTML,
    widgets.HTMLMath,
    widgets.Label,
    widgets.Image,
    widgets.Output,
    widgets.Valid,
    widgets.IntProgress,
    widgets.FloatProgress,
)


def controls(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget inside ``root`` (``root`` too) that a student can press, type in
    or choose from, in the order a keyboard's Tab reaches them (the order of the
    children), hidden ones included.

    >>> row = widgets.HBox([widgets.HTML("hi"), widgets.Button(description="Go")])
    >>> [type(w).__name__ for w in controls(row)]
    ['Button']
    """
    if isinstance(root, widgets.Box):
        for child in root.children:
            yield from controls(child)
    elif isinstance(root, (widgets.Button, widgets.ValueWidget)) and not isinstance(
        root, _SHOWN_ONLY
    ):
        yield root


def _problem(control: widgets.Widget) -> str | None:
    kind = type(control).__name__
    description = str(getattr(control, "description", "") or "").strip()
    if isinstance(control, SLIDERS):
        return f"{kind} {description!r}: a slider's handles have no name on the page"
    if isinstance(control, widgets.Button):
        if description or str(control.tooltip or "").strip():
            return None
        return f"{kind} with no text or tooltip"
    if isinstance(control, widgets.ToggleButtons):
        labels = [o[0] if isinstance(o, tuple) else o for o in control.options]
        if not all(str(label).strip() for label in labels):
            return f"{kind} {description!r}: an option has no label"
    if not description:
        return f"{kind} with no description"
    return None


def unnamed_controls(root: widgets.Widget) -> list[str]:
    """The controls inside ``root`` that a screen reader could not name, each as a
    short sentence (``[]``: every control has a name).

    Args:
        root: a widget, usually one of ours (:class:`~xactika_edu.ui.widgets.HandWidget`
            ...) after it has drawn itself.

    Returns:
        one line per control without a name, in Tab order.
    """
    return [problem for control in controls(root) if (problem := _problem(control))]


def unreadable_buttons(root: widgets.Widget) -> list[str]:
    """The buttons inside ``root`` whose style is not one of
    :data:`READABLE_BUTTON_STYLES` (their text is too faint on their colour), each
    as ``"Button 'text': style 'name'"``; ``[]`` if none. Toggle buttons count too.
    """
    return [
        f"{type(control).__name__} {str(control.description)!r}: style {control.button_style!r}"
        for control in controls(root)
        if isinstance(control, (widgets.Button, widgets.ToggleButtons))
        and control.button_style not in READABLE_BUTTON_STYLES
    ]
