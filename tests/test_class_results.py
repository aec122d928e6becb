"""The class's pooled results (cards drawn or rolled) and the four-dice card (issue 12)."""

from __future__ import annotations

import io
from collections import Counter
from fractions import Fraction

import pytest

from xactika_edu import (
    DECK,
    Card,
    ClassResultsError,
    XactikaError,
    card_from_dice,
    class_face_values,
    class_vs_deck_plot,
    example_class_results,
    load_class_results,
    roll_dice_cards,
    student_means,
)
from xactika_edu.core.dice_cards import DIE_TO_COUNT, card_chance

GOOD = "student,activity,card\nAna,draw,3213\nAna,draw,1111\nBen,dice,2222\n"


def test_a_class_file_is_read_with_face_values():
    results = load_class_results(io.StringIO(GOOD))
    assert results["student"].tolist() == ["Ana", "Ana", "Ben"]
    assert results["card"].tolist() == [Card.parse("3213"), Card.parse("1111"), Card.parse("2222")]
    assert results["face value"].tolist() == [9, 4, 8]
    table = class_face_values(results, activity="draw")
    assert table.loc[9, "class frequency"] == 1 and table.loc[4, "class frequency"] == 1
    assert table["class frequency"].sum() == 2 and table.loc[8, "deck frequency"] == 19
    assert student_means(results).to_dict() == {"Ana": 6.5, "Ben": 8.0}


def test_a_file_from_disk_in_a_spreadsheet_encoding(tmp_path):
    path = tmp_path / "draws.csv"
    path.write_bytes(("\ufeff" + GOOD.replace("Ana", "Zoë")).encode("utf-8"))
    assert load_class_results(path)["student"].iloc[0] == "Zoë"
    assert load_class_results(path).attrs["source"] == "draws.csv"


def test_every_problem_is_listed_by_line():
    bad = "student,activity,card\n,draw,3213\nAna,shuffle,3213\nBen,draw,4444\n"
    with pytest.raises(ClassResultsError) as caught:
        load_class_results(io.StringIO(bad))
    message = str(caught.value)
    assert "3 problems" in message
    assert "line 2, column 'student': empty" in message
    assert "line 3, column 'activity': 'shuffle' is not one of draw, dice" in message
    assert "line 4, column 'card'" in message and "4444" in message


@pytest.mark.parametrize(
    "text, message",
    [
        ("name,card\nAna,3213\n", "the first line must be student,activity,card"),
        ("student,activity,card\n", "no rows"),
    ],
)
def test_a_file_that_is_not_class_results_is_named(text, message):
    with pytest.raises(ClassResultsError, match=message):
        load_class_results(io.StringIO(text))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ClassResultsError, match=r"cannot read .*nothing\.csv"):
        load_class_results(tmp_path / "nothing.csv")


def test_example_class_is_seeded_and_says_it_is_simulated():
    first = example_class_results(students=5, cards_each=3, seed=4)
    assert first.equals(example_class_results(students=5, cards_each=3, seed=4))
    assert not first.equals(example_class_results(students=5, cards_each=3, seed=5))
    assert "simulated" in first.attrs["source"] and len(first) == 15
    with pytest.raises(XactikaError, match="activity must be one of draw, dice, got 'roll'"):
        example_class_results(activity="roll")


def test_a_big_simulated_class_matches_the_deck():
    # 81,000 uniform cards: each face value's share within 0.01 of the deck's
    table = class_face_values(example_class_results(students=1000, cards_each=81, seed=2))
    gap = (table["class relative frequency"] - table["deck relative frequency"]).abs().max()
    assert gap < 0.01


def test_the_plot_shows_both_sets_of_bars():
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    class_vs_deck_plot(example_class_results(seed=1), ax=ax)
    assert len(ax.patches) == 18
    assert "simulated class" in ax.get_legend().get_texts()[0].get_text()


def test_four_dice_make_every_card_with_the_same_chance():
    # each count comes from 2 of the 6 faces, so each card has chance (1/3)^4 = 1/81
    assert Counter(DIE_TO_COUNT.values()) == {1: 2, 2: 2, 3: 2}
    assert card_from_dice([1, 4, 6, 2]) == Card.parse("1231")
    made = Counter(
        card_from_dice(dice) for dice in __import__("itertools").product(range(1, 7), repeat=4)
    )
    assert set(made) == set(DECK) and set(made.values()) == {16}  # 6^4 / 81 each
    assert card_chance("3213") == Fraction(1, 81)


@pytest.mark.parametrize("dice", [[1, 2, 3], [1, 2, 3, 7], "1234", [0, 1, 2, 3], [True, 1, 1, 1]])
def test_bad_dice_are_named(dice):
    with pytest.raises(XactikaError, match=r"dice|die"):
        card_from_dice(dice)


def test_rolls_are_seeded():
    first = roll_dice_cards(20, seed=3)
    assert first.equals(roll_dice_cards(20, seed=3))
    assert not first.equals(roll_dice_cards(20, seed=4))
    assert all(
        card_from_dice(map(int, d.split())) == c
        for d, c in zip(first["dice"], first["card"], strict=True)
    )


def test_the_plot_legend_covers_no_bar_and_the_axis_is_in_percent():
    # issue 12 review: the legend covered the tallest bars at 8; the lesson calls a
    # relative frequency a part (19/81, about 23%), so the axis reads in percent
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.0, 4.2))
    ax = figure.subplots()
    class_vs_deck_plot(example_class_results(seed=12), ax=ax)
    renderer = figure._get_renderer()
    box = ax.get_legend().get_window_extent(renderer)
    for bar in ax.patches:
        if bar.get_height() > 0:
            assert not box.overlaps(bar.get_window_extent(renderer)), bar.get_x()
    formatter = ax.yaxis.get_major_formatter()
    labels = [formatter(tick) for tick in ax.get_yticks()]
    assert labels and all(text.endswith("%") for text in labels), labels
    assert "percent" in ax.get_ylabel()
