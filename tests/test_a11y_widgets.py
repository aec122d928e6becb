"""Every control of our widgets has a name a screen reader can say, without a
browser (:mod:`xactika_edu.ui.widgets.a11y`); the browser audit with axe-core is
tests/test_browser_a11y.py."""

from __future__ import annotations

import re

import pytest

from xactika_edu.teaching.selfcheck import Question
from xactika_edu.teaching.views.scoreboard import log_html
from xactika_edu.ui.widgets import (
    DeckExplorer,
    DrawHistogram,
    HandWidget,
    PlayTable,
    SamplingView,
    answer_box,
)
from xactika_edu.ui.widgets.a11y import SLIDERS, controls, unnamed_controls, unreadable_buttons


def _hand_with_everything_shown() -> HandWidget:
    hand = HandWidget(players=4, seed=3)
    hand.select(2)
    hand.mark_played(5)
    hand.voids_row.add()
    hand.simulate_box.value = True
    return hand


WIDGETS = {
    "hand explorer": _hand_with_everything_shown,
    "play table": lambda: PlayTable(players=4, seed=5, coach=True),
    "deck explorer": lambda: DeckExplorer(plot=False),
    "draw histogram": DrawHistogram,
    "sampling view": SamplingView,
}


@pytest.mark.parametrize("name", list(WIDGETS))
def test_every_control_has_a_name(name: str) -> None:
    widget = WIDGETS[name]()
    found = list(controls(widget))
    assert len(found) >= 3, found  # the walk finds the controls at all
    assert unnamed_controls(widget) == []


@pytest.mark.parametrize("name", list(WIDGETS))
def test_no_widget_uses_a_slider(name: str) -> None:
    """ipywidgets' sliders have handles without a name (axe-core: serious)."""
    assert not [c for c in controls(WIDGETS[name]()) if isinstance(c, SLIDERS)]


def test_the_answer_box_entry_has_a_name() -> None:
    assert (
        unnamed_controls(
            answer_box(Question("How many cards are in the deck?", 81, hint="Count."), 1)
        )
        == []
    )


@pytest.mark.parametrize("name", list(WIDGETS))
def test_every_button_is_readable(name: str) -> None:
    """White text on the button's colour reaches 4.5:1 (a selected card's button was
    white on teal, 3.5:1: axe-core's "color-contrast", serious)."""
    assert unreadable_buttons(WIDGETS[name]()) == []


def test_the_face_value_dropdowns_filter_the_deck() -> None:
    explorer = DeckExplorer(plot=False)
    explorer.values.low_box.value = 11
    assert explorer.values.value == (11, 12)
    assert {card.value for card in explorer.selection} == {11, 12}
    explorer.values.high_box.value = 5  # below the lowest: the lowest follows
    assert explorer.values.value == (5, 5)
    assert {card.value for card in explorer.selection} == {5}
    explorer.reset_button.click()
    assert explorer.values.low_box.value == 4 and explorer.values.high_box.value == 12
    assert len(explorer.selection) == 81


def test_every_box_that_scrolls_is_a_named_region_a_keyboard_reaches() -> None:
    """A box that scrolls (the play table's log, a wide score sheet) takes the
    keyboard's focus so arrow keys scroll it, and says what it is (axe-core's
    "scrollable-region-focusable", serious, once the log is longer than its box)."""
    table = PlayTable(players=10, seed=4)
    while not table.round.is_over:  # a whole hand, through the buttons
        button = table.play_button if table.bid_button.disabled else table.bid_button
        button.click()
    pages = {"log": table.log_view.value, "scores": table.scores_view.value}
    for name, html in pages.items():
        boxes = re.findall(r"<div[^>]*overflow[^>]*>", html)
        assert boxes, name
        for box in boxes:
            assert "tabindex='0'" in box and "role='region'" in box, (name, box)
            assert re.search(r"aria-label='[^']+'", box), (name, box)


def test_the_log_headings_follow_the_page_sections() -> None:
    """The page's sections are <h2>: each hand of the log is an <h3> (axe-core's
    "heading-order": levels go down one at a time)."""
    html = log_html([("Hand 1 of 8: You deal.", ["Bot 1 bids 2"])])
    assert re.findall(r"<h(\d)", html) == ["3"]
