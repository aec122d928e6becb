"""Two widgets for the bell curve and the law of large numbers (Lessons 3 and 5):

* :class:`DrawHistogram`: **Draw 1**, **Draw 10**, **Draw 100** and **Reset** buttons;
  the drawn cards' relative frequencies grow toward the deck's bars (like PhET's
  *Plinko Probability*);
* :class:`SamplingView`: the mean face value of n cards (n = 1, 4 or 16), one sample
  after another (**Add 1**, **Add 10**, **Add 100**, **Reset**); the means build a bell
  around the deck's mean, 8, narrower for bigger n.

Both are seeded (a seed box; the same seed gives the same cards) and thin: the counts
and means come from :mod:`xactika_edu.teaching.views.draws`, the pictures from
:mod:`xactika_edu.teaching.plots.draws`. In a page without a kernel each shows a
picture of itself that says it is a picture of the app and where to try it.

>>> view = DrawHistogram(seed=1)
>>> view.buttons[10].click()
>>> view.draws, int(view.table["drawn frequency"].sum())
(10, 10)
>>> view.reset_button.click()
>>> view.draws
0

UI layer (``ipywidgets`` 8). Root classes ``xe-draws`` and ``xe-sampling``; parts
``xe-graph``, ``xe-summary``, ``xe-error``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ...base.errors import XactikaError
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import check_seed
from ...core.face_values import face_value_mean
from ...teaching.alt_text import figure_html
from ...teaching.plots.draws import draws_graph, sample_means_graph, sample_means_panels
from ...teaching.views.draws import (
    DRAW_STEPS,
    MAX_DRAWS,
    MAX_SAMPLES,
    SAMPLE_SIZES,
    draw_summary,
    draw_table,
    drawn_values,
    means_table,
    sample_means,
    sampling_summary,
    sizes_summary,
)
from ...teaching.views.htmlparts import note_html
from .controls import SEED_RANGE, ErrorLine, Fallback, NumberBox, guard

__all__ = ["DrawHistogram", "SamplingView"]

#: Where to try a widget, as its picture says when no kernel runs it.
TRY_IT = N_("open this lesson in Jupyter and run the cell")


def _svg(draw: Callable[..., object], panels: int = 1) -> str:
    """A widget's graph as inline SVG described in words (:func:`figure_html`)."""
    return figure_html(draw, size=(7.0 if panels == 1 else 9.0, 3.6), panels=panels)


def _picture_html(name: str, summary: str, graph: str, where: str) -> str:
    """The static picture of a widget: it says it is a picture, and where to try it."""
    title = _("A picture of the app “{name}”.").format(name=escape(_(name)))
    how = _("Here it cannot move. To press its buttons, {where}.").format(where=escape(_(where)))
    return (
        f"<figure class='xe-picture' role='group' style='margin:0.5em 0;border:1px dashed "
        f"#888;padding:0.3em 1em'><p><b>{title}</b> {how}</p>"
        f"{graph}<figcaption>{escape(summary)}</figcaption></figure>"
    )


class _Seeded(Fallback, widgets.VBox):
    """What both widgets share: a seed box, a summary line, a graph and an error line."""

    name = N_("app")

    def __init__(self, seed: int, where: str) -> None:
        super().__init__()
        check_seed(seed)
        self.where = where
        self.error = ErrorLine()
        self.last_error: BaseException | None = None
        self.seed_box = NumberBox(
            int(seed),
            0,
            SEED_RANGE - 1,
            _("The seed"),
            check=check_seed,
            description=_("Seed"),
            layout=widgets.Layout(width="12em"),
        )
        self.seed_box.observe(self._on_seed, names="value")
        self.summary = widgets.HTML()
        self.summary.add_class("xe-summary")
        self.graph = widgets.HTML()
        self.graph.add_class("xe-graph")
        self.reset_button = widgets.Button(description=_("Reset"), tooltip=_("Start again"))
        self.reset_button.on_click(lambda _: self._reset())

    @property
    def seed(self) -> int:
        """The seed of the cards drawn."""
        return self.seed_box.accepted

    @guard
    def _on_seed(self, _change: object = None) -> None:
        if self.seed_box.putting_back:
            return
        self.seed_box.accept()
        self._restart()

    @guard
    def _reset(self) -> None:
        self._restart()

    def _restart(self) -> None:
        """Start again from nothing drawn. Each widget below defines it (the draw
        histogram clears its cards, the sampling view its samples); the shared seed box
        and Reset button call it."""
        raise NotImplementedError(f"{type(self).__name__} must define _restart")

    def static_html(self) -> str:
        """The picture of the widget as it is now, saying it is a picture (HTML)."""
        return _picture_html(self.name, self._summary_text, self.graph.value, self.where)

    def __str__(self) -> str:
        return (
            _("A picture of the app “{name}”.").format(name=_(self.name)) + f" {self._summary_text}"
        )

    _summary_text = ""


class DrawHistogram(_Seeded):
    """Draw cards (each put back) 1, 10 or 100 at a time and watch their relative
    frequencies grow toward the deck's bars.

    Args:
        seed: the seed of the cards (0 to 99,999); the same seed, the same cards.
        draws: cards already drawn when the widget appears (0 to 100,000).
        where: where to try the app, as its picture says ("open this lesson ...").

    Attributes:
        buttons: the Draw buttons by step (1, 10, 100); reset_button; seed_box.
        draws: the cards drawn so far; values: their face values; table: the
            :func:`~xactika_edu.teaching.views.draws.draw_table`.

    Raises:
        XactikaError: if the seed or ``draws`` is out of range.
    """

    name = N_("Draw cards")

    def __init__(self, seed: int = 1, draws: int = 0, *, where: str = TRY_IT) -> None:
        super().__init__(seed, where)
        self.values = drawn_values(draws, self.seed)
        self.draws = draws
        self.buttons = {
            step: widgets.Button(
                description=_("Draw {count}").format(count=step),
                button_style="primary",
                tooltip=ngettext(
                    "Draw {count} more card, each put back",
                    "Draw {count} more cards, each put back",
                    step,
                ).format(count=step),
            )
            for step in DRAW_STEPS
        }
        for step, button in self.buttons.items():
            button.on_click(lambda _, step=step: self._draw(step))
        self.children = [
            widgets.HBox([*self.buttons.values(), self.reset_button, self.seed_box]),
            self.error,
            self.summary,
            self.graph,
        ]
        self.add_class("xe-draws")
        self._show()

    @guard
    def _draw(self, step: int) -> None:
        self.draws = min(self.draws + step, MAX_DRAWS)
        self._show()

    def _restart(self) -> None:
        self.draws = 0
        self._show()

    def _show(self) -> None:
        self.values = drawn_values(self.draws, self.seed)
        self.table = draw_table(self.values)
        self._summary_text = draw_summary(self.values)
        self.summary.value = note_html(self._summary_text)
        self.graph.value = _svg(lambda ax: draws_graph(self.table, ax=ax))


class SamplingView(_Seeded):
    """The mean face value of n cards, sample after sample: a bell around 8.

    Args:
        seed: the seed of the cards (0 to 99,999); the same seed, the same samples.
        size: the cards in each sample, n: 1, 4 or 16.
        samples: samples already taken when the widget appears (0 to 100,000).
        where: where to try the app, as its picture says.

    Attributes:
        size_buttons: the n = 1, 4, 16 choice; buttons: the Add buttons by step;
        reset_button; seed_box; means: the samples' means (Fractions); table: the
        :func:`~xactika_edu.teaching.views.draws.means_table`.

    Raises:
        XactikaError: if the seed, ``size`` or ``samples`` is out of range.
    """

    name = N_("Means of n cards")

    def __init__(
        self, seed: int = 1, size: int = 4, samples: int = 0, *, where: str = TRY_IT
    ) -> None:
        super().__init__(seed, where)
        if size not in SAMPLE_SIZES:
            raise XactikaError(_("n can be 1, 4 or 16 cards, not {size!r}").format(size=size))
        self.samples = samples
        self.means = sample_means(samples, size, self.seed)
        self.size_buttons = widgets.ToggleButtons(
            options=[(f"n = {n}", n) for n in SAMPLE_SIZES],
            value=size,
            description=_("Cards in a sample"),
            style={"description_width": "initial"},
        )
        self.size_buttons.observe(self._on_size, names="value")
        self.buttons = {
            step: widgets.Button(
                description=ngettext("Add {count} sample", "Add {count} samples", step).format(
                    count=step
                ),
                button_style="primary",
                tooltip=ngettext(
                    "Draw {count} more sample of n cards",
                    "Draw {count} more samples of n cards",
                    step,
                ).format(count=step),
            )
            for step in DRAW_STEPS
        }
        for step, button in self.buttons.items():
            button.on_click(lambda _, step=step: self._add(step))
        self.children = [
            self.size_buttons,
            widgets.HBox([*self.buttons.values(), self.reset_button, self.seed_box]),
            self.error,
            self.summary,
            self.graph,
        ]
        self.add_class("xe-sampling")
        self._show()

    @property
    def size(self) -> int:
        """The cards in each sample, n."""
        return int(self.size_buttons.value)

    @guard
    def _on_size(self, _change: object = None) -> None:
        # the same number of samples, now of n cards: compare n = 1 and n = 16 at once
        self._show()

    @guard
    def _add(self, step: int) -> None:
        self.samples = min(self.samples + step, MAX_SAMPLES)
        self._show()

    def _restart(self) -> None:
        self.samples = 0
        self._show()

    def static_html(self) -> str:
        """The picture of the widget: the same number of samples, the same seed, for
        n = 1, 4 and 16 side by side (one small graph each, on the same scales), so a
        page without a kernel can compare the bells' widths (HTML)."""
        tables = {n: means_table(sample_means(self.samples, n, self.seed), n) for n in SAMPLE_SIZES}
        graph = _svg(lambda axes: sample_means_panels(tables, axes), panels=len(tables))
        summary = sizes_summary(self.samples, self.seed)
        if self.samples:
            summary += " " + _("The dashed line is the deck's mean, {mean}.").format(
                mean=face_value_mean()
            )
        return _picture_html(self.name, summary, graph, self.where)

    def __str__(self) -> str:
        title = _("A picture of the app “{name}”.").format(name=_(self.name))
        return f"{title} {sizes_summary(self.samples, self.seed)}"

    def _show(self) -> None:
        self.means = sample_means(self.samples, self.size, self.seed)
        self.table = means_table(self.means, self.size)
        self._summary_text = sampling_summary(self.means, self.size)
        self.summary.value = note_html(self._summary_text)
        self.graph.value = _svg(lambda ax: sample_means_graph(self.table, self.size, ax=ax))
