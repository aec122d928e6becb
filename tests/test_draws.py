"""The draw histogram and the sampling view (issue 12, item 5): the pure counts and
means (teaching/views/draws.py), their graphs, and the widgets' wiring by .click()."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from matplotlib.figure import Figure

from xactika_edu import XactikaError
from xactika_edu.core.cards import DECK
from xactika_edu.teaching.plots.draws import draws_graph, sample_means_graph
from xactika_edu.teaching.views.draws import (
    draw_summary,
    draw_table,
    drawn_values,
    means_table,
    sample_means,
    sampling_summary,
)
from xactika_edu.widgets import DrawHistogram, SamplingView


def test_draws_are_seeded_and_a_longer_draw_begins_with_a_shorter_one():
    assert drawn_values(50, seed=3).tolist() == drawn_values(50, seed=3).tolist()
    assert drawn_values(50, seed=3).tolist() != drawn_values(50, seed=4).tolist()
    # Draw 10 once is Draw 1 ten times: the first draws of the stream
    assert drawn_values(10, seed=3).tolist() == drawn_values(111, seed=3)[:10].tolist()
    assert set(drawn_values(2000, seed=1).tolist()) == set(range(4, 13))


def test_draw_table_counts_and_the_deck_beside_them():
    table = draw_table([8, 8, 4, 12])
    assert table.loc[8, "drawn frequency"] == 2 and table.loc[5, "drawn frequency"] == 0
    assert table.loc[8, "drawn relative frequency"] == 0.5
    # the deck: 1, 4, 10, 16, 19, 16, 10, 4, 1 cards (RULES.md)
    assert table["deck frequency"].tolist() == [1, 4, 10, 16, 19, 16, 10, 4, 1]
    assert table["deck relative frequency"].sum() == pytest.approx(1)
    empty = draw_table([])
    assert empty["drawn relative frequency"].tolist() == [0.0] * 9
    with pytest.raises(XactikaError, match="face value"):
        draw_table([3])


def test_many_draws_come_close_to_the_deck():
    # the law of large numbers: 20,000 draws put every bar within 2 percentage points
    table = draw_table(drawn_values(20_000, seed=5))
    gaps = (table["drawn relative frequency"] - table["deck relative frequency"]).abs()
    assert gaps.max() < 0.02
    assert "percentage point" in draw_summary(drawn_values(20_000, seed=5))
    assert draw_summary([]) == "No cards drawn yet. Press a Draw button."


def test_sample_means_are_exact_and_seeded():
    means = sample_means(5, 4, seed=2)
    values = drawn_values(20, seed=2).reshape(5, 4)
    assert means == [Fraction(int(row.sum()), 4) for row in values]
    assert sample_means(5, 4, seed=2) == means
    assert sample_means(5, 4, seed=9) != means
    with pytest.raises(XactikaError, match="size"):
        sample_means(5, 0)


def test_means_pile_up_around_8_and_narrow_with_n():
    # the central limit theorem seen: the means of 16 cards stay closer to 8
    spread = {}
    for size in (1, 4, 16):
        means = np.array([float(m) for m in sample_means(2000, size, seed=1)])
        assert abs(means.mean() - 8) < 0.1
        spread[size] = np.abs(means - 8).mean()
    assert spread[1] > 1.8 * spread[4] > 1.8 * 1.8 * spread[16]
    assert abs(spread[1] - float(Fraction(104, 81))) < 0.05  # the deck's MAD, 104/81


def test_means_table_and_summary():
    table = means_table([Fraction(8), Fraction(33, 4), Fraction(8)], 4)
    assert len(table) == 33 and table["samples"].sum() == 3
    assert table.loc[Fraction(8), "samples"] == 2
    with pytest.raises(XactikaError, match="not a mean"):
        means_table([Fraction(1, 3)], 4)
    assert sampling_summary([Fraction(8), Fraction(10)], 1) == (
        "2 samples of 1 card. Their means go from 8 to 10; 50% of them are from 7 to 9."
    )


def test_graphs_draw_the_bars():
    ax = draws_graph(draw_table(drawn_values(30, seed=1)), ax=Figure().subplots())
    heights = [bar.get_height() for bar in ax.patches]
    assert heights[:9] == pytest.approx([n / len(DECK) for n in (1, 4, 10, 16, 19, 16, 10, 4, 1)])
    assert sum(heights[9:]) == pytest.approx(1)
    ax = sample_means_graph(means_table(sample_means(40, 4, seed=1), 4), 4, ax=Figure().subplots())
    assert sum(bar.get_height() for bar in ax.patches) == 40
    with pytest.raises(XactikaError):
        draws_graph("not a table")
    table = means_table([Fraction(8), Fraction(8), Fraction(33, 4)], 4)
    ax = sample_means_graph(table, 4, ax=Figure().subplots(), what="student", counts=True)
    assert sorted(t.get_text() for t in ax.texts if t.get_text()) == ["1", "2"]
    assert ax.get_ylabel() == "number of students"


def test_draw_histogram_buttons():
    view = DrawHistogram(seed=7)
    assert view.draws == 0
    view.buttons[1].click()
    view.buttons[10].click()
    view.buttons[100].click()
    assert view.draws == 111
    assert view.values.tolist() == drawn_values(111, seed=7).tolist()
    assert "111 cards drawn" in view.summary.value
    view.reset_button.click()
    assert view.draws == 0 and "No cards drawn" in view.summary.value
    view.seed_box.value = -5  # refused in words, the box goes back
    assert "Seed" in view.error.value and view.seed == 7


def test_sampling_view_buttons_and_sizes():
    view = SamplingView(seed=2, size=4)
    view.buttons[10].click()
    assert view.samples == 10 and view.means == sample_means(10, 4, seed=2)
    view.size_buttons.value = 16  # the same number of samples, of 16 cards now
    assert view.samples == 10 and view.means == sample_means(10, 16, seed=2)
    view.reset_button.click()
    assert view.samples == 0
    with pytest.raises(XactikaError, match="1, 4 or 16"):
        SamplingView(size=5)


@pytest.mark.parametrize(
    "make", [lambda: DrawHistogram(draws=20), lambda: SamplingView(samples=20)]
)
def test_static_picture_says_it_is_a_picture_and_where_to_try_it(make):
    widget = make()
    bundle = widget._repr_mimebundle_()
    html = bundle["text/html"]
    assert "A picture of the" in html and "open this lesson in Jupyter" in html
    assert "<svg" in html and "20 " in html
    # the picture in words, too (the sampling view's: n = 1, 4 and 16 side by side)
    assert "role='img' aria-label=\"Bar graph" in html or 'aria-label="3 bar graphs' in html
    assert str(widget).startswith("A picture of the")


def test_sampling_picture_shows_n_1_4_and_16_side_by_side():
    # issue 12 review: check 3 asks about n = 16 and n = 1, but the page showed n = 4
    html = SamplingView(seed=1, size=4, samples=100).static_html()
    assert "3 bar graphs side by side" in html
    for size in (1, 4, 16):
        assert f"n = {size}: means of {size} card" in html
    assert "100 samples each of 1, 4 and 16 cards" in html


def test_a_class_graph_has_a_tick_under_every_mean():
    # issue 12 review: "what part have a mean from 7 to 9?" on ticks 4, 5, ... only
    table = means_table([Fraction(7), Fraction(29, 4), Fraction(9)], 4)
    ax = sample_means_graph(table, 4, ax=Figure().subplots(), what="student", counts=True)
    ticks = {round(float(t), 2) for t in ax.get_xticks(minor=True)} | set(ax.get_xticks())
    assert {7.25, 8.75} <= ticks and len(ticks) == 33  # 4, 4.25, ..., 12
    ax = sample_means_graph(table, 4, ax=Figure().subplots(), legend=False)
    assert ax.get_legend() is None


def test_a_class_graph_shades_7_to_9_and_says_simulated():
    # issue 12 third read: the band of check 4 shaded, the line behind the bars, and
    # "a simulated class" in the key when it is one
    table = means_table([Fraction(7), Fraction(29, 4), Fraction(9)], 4)
    ax = sample_means_graph(
        table, 4, ax=Figure().subplots(), what="student", counts=True, simulated=True
    )
    keys = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "a simulated class: 3 students, 4 cards each" in keys
    assert "means from 7 to 9" in keys
    line = next(ln for ln in ax.get_lines() if "mean" in ln.get_label())
    assert line.get_zorder() < min(b.get_zorder() for b in ax.containers[0])
    plain = sample_means_graph(table, 4, ax=Figure().subplots(), what="student", counts=True)
    assert not any(t.get_text().startswith("a simulated") for t in plain.get_legend().get_texts())
