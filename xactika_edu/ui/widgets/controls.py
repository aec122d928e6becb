"""What every widget here shares: the error line, the guard that shows a callback's
error on it, the static fallback for exported notebooks, a number box that refuses
out-of-range numbers in words, dropdown and seed helpers, and what the play table and
a class seat share: HTML panes and the row that plays a card.

UI layer (``ipywidgets`` 8).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...base.language import pgettext
from ...core.game import Play
from ...teaching.views.htmlparts import error_html

__all__ = [
    "SEED_RANGE",
    "ErrorLine",
    "Fallback",
    "NumberBox",
    "PlayRow",
    "fresh_seed",
    "guard",
    "html_pane",
    "set_options",
]

#: Fresh seeds are below this: short numbers a class can read out.
SEED_RANGE = 100_000
_log = logging.getLogger("xactika_edu.ui.widgets")


class ErrorLine(widgets.HTML):
    """The one-line message area: empty, or a problem in words."""

    def __init__(self) -> None:
        super().__init__(value="")
        self.add_class("xe-error")

    def show(self, error: BaseException | str) -> None:
        """Show a problem: an :class:`~xactika_edu.base.errors.XactikaError`'s message, a
        text, or (for a bug) its kind and message, never a traceback."""
        if isinstance(error, XactikaError):
            message = str(error)
        elif isinstance(error, str):
            message = error
        else:  # a bug: still shown, in words, never a traceback
            message = _("something went wrong ({kind}: {error}); please tell us").format(
                kind=type(error).__name__, error=error
            )
        self.value = error_html(message)

    def clear(self) -> None:
        """Show nothing."""
        self.value = ""


def guard(method: Callable[..., None]) -> Callable[..., None]:
    """Run a widget callback; show any error on the widget's error line (``self.error``)
    and keep it as ``self.last_error``; a bug's traceback goes to the log."""

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            self.error.clear()
            method(self, *args, **kwargs)
        except Exception as error:  # shown to the user, never swallowed
            if not isinstance(error, XactikaError):
                _log.exception("widget callback %s failed", method.__name__)
            self.last_error = error
            self.error.show(error)

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


class Fallback:
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


class NumberBox(widgets.IntText):
    """A box for a whole number from ``low`` to ``high``. Unlike ``BoundedIntText`` it
    never changes a number silently: :meth:`accept` refuses a number out of range in
    words and puts back the last number it accepted.

    Args:
        value: the first number (already checked by the widget).
        low, high: the smallest and largest number allowed.
        what: what the number is, as the message calls it (``"Players"``).
        check: the library's own check of such a number (``check_seed``), if it has
            one: its message is the box's, so the box and the library say the same.
        kwargs: passed to ``ipywidgets.IntText`` (description, tooltip, ...).
    """

    value: int  # the IntText trait, for the type checker

    def __init__(
        self,
        value: int,
        low: int,
        high: int,
        what: str,
        *,
        check: Callable[[int], object] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(value=value, **kwargs)
        self.low, self.high, self.what, self.check = low, high, what, check
        self.accepted = value
        #: True while :meth:`accept` puts the last number back (observers ignore that change)
        self.putting_back = False

    def accept(self) -> int:
        """The number in the box, if from :attr:`low` to :attr:`high`.

        Raises:
            XactikaError: naming the number typed and the range, after putting the
                last accepted number back in the box.
        """
        typed: int = self.value
        problem = self._problem(typed)
        if problem is not None:
            self.putting_back = True
            try:
                self.value = self.accepted
            finally:
                self.putting_back = False
            raise XactikaError(
                _("{problem} The box is back to {number}.").format(
                    problem=problem, number=f"{self.accepted:,}"
                )
            )
        self.accepted = int(typed)
        return self.accepted

    def _problem(self, typed: int) -> str | None:
        """What is wrong with ``typed``, as a sentence, or ``None``."""
        if self.check is not None:
            try:
                self.check(typed)
            except XactikaError as error:
                message = str(error)
                return f"{message[:1].upper()}{message[1:]}."
        try:
            check_whole(typed, self.what, self.low, self.high)
        except XactikaError:
            return _("{what} can be from {low} to {high}, not {typed}.").format(
                what=self.what, low=f"{self.low:,}", high=f"{self.high:,}", typed=f"{typed:,}"
            )
        return None


def set_options(box: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give a dropdown new options, keeping its value if still offered, else the first."""
    before = box.value
    box.options = options
    values = [value for _, value in options]
    if options and box.value not in values:
        box.value = values[0]
    elif before in values:
        box.value = before


def fresh_seed(avoid: int | None = None) -> int:
    """A fresh seed below :data:`SEED_RANGE`, other than ``avoid``."""
    seed = secrets.randbelow(SEED_RANGE)
    while seed == avoid:
        seed = secrets.randbelow(SEED_RANGE)
    return seed


def html_pane(css_class: str) -> widgets.HTML:
    """An empty HTML pane with the CSS class ``css_class`` (for example ``"xe-trick"``)."""
    pane = widgets.HTML()
    pane.add_class(css_class)
    return pane


class PlayRow(widgets.HBox):
    """The row that plays a card: ``card_box`` lists only the cards that may be played,
    ``call_box`` the four combinations on the card when leading, then ``play_button``.

    The owner wires ``play_button`` and ``card_box`` to its own actions and calls
    :meth:`show_plays` and :meth:`fill_calls` when the hand changes.

    >>> from xactika_edu.core.game import Round
    >>> row = PlayRow()
    >>> row.show_plays(Round.deal(players=3, seed=2).legal_plays())   # bidding: no play
    >>> row.layout.display, row.play_button.disabled
    ('none', True)
    """

    def __init__(self) -> None:
        super().__init__()
        self.card_box = widgets.Dropdown(layout=widgets.Layout(width="28em"))
        self.call_box = widgets.Dropdown()
        self.play_button = widgets.Button()
        self.play_button.add_class("xe-play")
        self.children = [self.card_box, self.call_box, self.play_button]
        self.label()

    def label(self) -> None:
        """The controls' names and tooltips, in the current language."""
        self.card_box.description = _("Card")
        self.card_box.tooltip = _("The card to play (only cards you may play are listed)")
        self.call_box.description = pgettext("the combination called", "Call")
        self.call_box.tooltip = _("The combination you call when you lead")
        self.play_button.description = pgettext("verb", "Play")
        self.play_button.tooltip = _("Play the card chosen")

    def show_plays(self, plays: Iterable[Play]) -> None:
        """Offer the cards of ``plays`` (the legal plays now; none hides the row)."""
        cards = list(dict.fromkeys(play.card for play in plays))
        set_options(self.card_box, [(c.title, c) for c in cards])
        self.card_box.disabled = self.play_button.disabled = not cards
        self.layout.display = None if cards else "none"

    def fill_calls(self, leading: bool) -> None:
        """Offer the combinations on the chosen card if ``leading``; else none."""
        card = self.card_box.value
        if card is None or not leading:
            set_options(self.call_box, [])
            self.call_box.disabled = True
            return
        set_options(self.call_box, [(str(c), c) for c in card.combinations])
        self.call_box.disabled = False
