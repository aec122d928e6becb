"""Chance experiments: events are sets of cards with exact probabilities, simulated
experiments are seeded and consistent, the error shrinks like 1/sqrt(n), and the
normal-approximation sample sizes match their textbook values."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from xactika_edu import COMBINATIONS, DECK, Card, value_distribution
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.core.experiments import (
    Event,
    as_event,
    draw_experiment,
    error_by_trials,
    exact_probability,
    margin_of_error,
    trials_needed,
)

EVENT = "face value 8 or more"
Z95 = stats.norm.ppf(0.975)  # 1.959964...

# --- events ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", range(4, 13))
def test_face_value_events_add_up_the_value_distribution(value):
    fractions = value_distribution()["fraction"]
    assert exact_probability(f"face value {value}") == fractions.loc[value]
    assert exact_probability(f"face value {value} or more") == sum(fractions.loc[value:])
    assert exact_probability(f"face value {value} or less") == sum(fractions.loc[:value])


def test_face_value_8_or_more_is_50_of_81():
    # 19 + 16 + 10 + 4 + 1 cards have face value 8 to 12 (RULES.md deck table).
    assert Event.parse(EVENT).probability == Fraction(50, 81)
    assert len(Event.parse(EVENT).cards) == 50


@pytest.mark.parametrize("combination", COMBINATIONS, ids=str)
def test_every_combination_is_a_third_of_the_deck(combination):
    # Each combination is on 27 of the 81 cards (RULES.md).
    event = as_event(combination)
    assert len(event.cards) == 27
    assert event.probability == Fraction(1, 3)
    assert all(card.has(combination) for card in event.cards)
    assert event.name == str(combination)


@pytest.mark.parametrize(
    "text, name",
    [
        ("3cu", "3 cubes"),
        ("Three Cubes", "3 cubes"),
        ("VALUE 8 OR HIGHER", "face value 8 or more"),
        ("face value 6 or lower", "face value 6 or less"),
        ("  face  value 9 ", "face value 9"),
    ],
)
def test_notation_variants_read_to_one_name(text, name):
    assert Event.parse(text) == Event.parse(name)
    assert str(Event.parse(text)) == name


def test_repr_rebuilds_parsed_events_and_names_others():
    for text in ("3 cubes", "face value 8 or more", "face value 4"):
        event = Event.parse(text)
        assert eval(repr(event), {"Event": Event}) == event
    custom = Event.where(lambda card: card.balls == 3, "3 balls by hand")
    assert repr(custom) == "Event.where(..., '3 balls by hand')"


def test_event_tests_cards_and_notation():
    event = Event.parse(EVENT)
    assert event("3213") and event(Card.parse("2222"))
    assert not event("1111")
    assert event.mask.sum() == 50
    assert [card for card, inside in zip(DECK, event.mask, strict=True) if inside] == list(
        event.cards
    )


def test_where_names_and_checks_the_test():
    def three_stars(card):
        return card.stars == 3

    assert Event.where(three_stars).name == "three stars"
    assert Event.where(three_stars).cards == Event.parse("3 stars").cards
    assert Event.where(lambda card: card.value > 10).name == "your event"
    assert Event.where(lambda card: np.bool_(card.value > 10)).probability == Fraction(5, 81)
    assert Event.where(lambda card: False, "never").probability == 0
    with pytest.raises(XactikaError, match="True or False, got 4 for card 1111"):
        Event.where(lambda card: card.value)
    with pytest.raises(XactikaError, match="function of a card, got 7"):
        Event.where(7)  # type: ignore[arg-type]


def test_a_function_is_an_event_too():
    assert exact_probability(lambda card: card.value >= 8) == Fraction(50, 81)


@pytest.mark.parametrize(
    "bad, quoted",
    [("face value 13", "'face value 13'"), ("face value 3 or more", "3"), ("big", "'big'")],
)
def test_unreadable_events_raise_notation_error_quoting_them(bad, quoted):
    with pytest.raises(NotationError, match=quoted):
        Event.parse(bad)


@pytest.mark.parametrize("bad", [5, None, 2.5, ["3 cubes"]])
def test_as_event_rejects_other_things(bad):
    with pytest.raises(XactikaError, match="an event is text"):
        as_event(bad)


def test_event_needs_a_name():
    with pytest.raises(XactikaError, match="name"):
        Event("  ", DECK)


# --- draw_experiment -----------------------------------------------------------------


def test_experiment_table_is_consistent():
    table = draw_experiment(EVENT, trials=400, runs=3, seed=5)
    assert table.columns.tolist() == [
        "run",
        "trial",
        "card",
        "success",
        "frequency",
        "relative frequency",
    ]
    assert len(table) == 1200
    assert table["run"].tolist() == [1] * 400 + [2] * 400 + [3] * 400
    assert table["trial"].tolist() == list(range(1, 401)) * 3
    event = Event.parse(EVENT)
    assert table["success"].tolist() == [event(card) for card in table["card"]]
    for _, rows in table.groupby("run"):
        assert rows["frequency"].tolist() == rows["success"].cumsum().tolist()
    np.testing.assert_allclose(table["relative frequency"], table["frequency"] / table["trial"])
    assert table.attrs == {"event": EVENT, "probability": Fraction(50, 81)}


def test_same_seed_same_experiment_and_runs_differ():
    first = draw_experiment("3 cubes", trials=50, runs=4, seed=11)
    pd.testing.assert_frame_equal(first, draw_experiment("3 cubes", trials=50, runs=4, seed=11))
    other = draw_experiment("3 cubes", trials=50, runs=4, seed=12)
    assert first["card"].tolist() != other["card"].tolist()
    runs = [rows["card"].tolist() for _, rows in first.groupby("run")]
    assert len({tuple(map(str, run)) for run in runs}) == 4


def test_a_generator_continues_where_it_left_off():
    rng = np.random.default_rng(3)
    a = draw_experiment(EVENT, trials=20, seed=rng)
    b = draw_experiment(EVENT, trials=20, seed=rng)
    assert a["card"].tolist() != b["card"].tolist()


def test_every_card_is_equally_likely():
    # 81,000 draws: about 1,000 of each card; a chi-square test of uniformity.
    table = draw_experiment(EVENT, trials=81_000, seed=1)
    counts = table["card"].value_counts().reindex(list(DECK), fill_value=0)
    assert stats.chisquare(counts.to_numpy()).pvalue > 0.001


def test_law_of_large_numbers():
    # After 100,000 draws the relative frequency is within 4 standard errors of 50/81.
    p = 50 / 81
    table = draw_experiment(EVENT, trials=100_000, seed=2)
    final = table["relative frequency"].iloc[-1]
    assert abs(final - p) < 4 * math.sqrt(p * (1 - p) / 100_000)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"trials": 0}, "trials must be from 1"),
        ({"trials": 2.5}, "trials must be a whole number"),
        ({"trials": 10, "runs": 0}, "runs must be from 1"),
        ({"trials": 1_000_000, "runs": 3}, "at most 2,000,000"),
        ({"trials": 10, "seed": -1}, "seed must be"),
    ],
)
def test_draw_experiment_rejects_bad_input(kwargs, message):
    with pytest.raises(XactikaError, match=message):
        draw_experiment(EVENT, **kwargs)


# --- error_by_trials ------------------------------------------------------------------


@pytest.fixture(scope="module")
def errors():
    return error_by_trials(EVENT, (25, 100, 400, 1600), repeats=4000, seed=1)


def test_error_table_shape_and_exact_columns(errors):
    assert errors.index.name == "trials"
    assert errors.index.tolist() == [25, 100, 400, 1600]
    p = 50 / 81
    expected = [math.sqrt(p * (1 - p) / n) for n in errors.index]
    np.testing.assert_allclose(errors["standard error"], expected)
    np.testing.assert_allclose(
        errors["predicted mean absolute error"], np.sqrt(2 / np.pi) * np.array(expected)
    )
    np.testing.assert_allclose(
        errors["mean absolute error x sqrt(n)"],
        errors["mean absolute error"] * np.sqrt(errors.index),
    )
    assert errors.attrs == {"event": EVENT, "probability": Fraction(50, 81), "repeats": 4000}


def test_simulated_errors_match_the_theory(errors):
    # E[(f - p)^2] = p (1 - p) / n exactly, so the RMS error is near the standard
    # error; the mean absolute error is near sqrt(2/pi) times it (normal
    # approximation; 4,000 repeats give about 2% noise, n = 25 is a little lumpy).
    np.testing.assert_allclose(
        errors["root-mean-square error"], errors["standard error"], rtol=0.05
    )
    np.testing.assert_allclose(
        errors["mean absolute error"], errors["predicted mean absolute error"], rtol=0.1
    )


def test_four_times_the_trials_halves_the_error(errors):
    ratios = errors["mean absolute error"].to_numpy()[:-1] / errors["mean absolute error"].iloc[1:]
    assert np.all((ratios > 1.8) & (ratios < 2.2))


def test_error_by_trials_is_seeded():
    a = error_by_trials("3 cubes", (10, 100), repeats=50, seed=4)
    pd.testing.assert_frame_equal(a, error_by_trials("3 cubes", (10, 100), repeats=50, seed=4))


def test_large_experiments_are_drawn_in_batches():
    # 300 x 10,000 draws is more than one batch of 2,000,000; still exact counts.
    table = error_by_trials(EVENT, (10_000,), repeats=300, seed=1)
    assert table.loc[10_000, "mean absolute error"] < 0.02


@pytest.mark.parametrize(
    "counts, repeats, message",
    [
        ((100, 10), 50, "increasing"),
        ((10, 10), 50, "increasing"),
        ((), 50, "increasing"),
        ((0, 10), 50, "each trial count must be from 1"),
        ("100", 50, "list of whole numbers"),
        ((10, 100), 1, "repeats must be from 2"),
    ],
)
def test_error_by_trials_rejects_bad_input(counts, repeats, message):
    with pytest.raises(XactikaError, match=message):
        error_by_trials(EVENT, counts, repeats=repeats, seed=1)


# --- margin of error and trials needed ---------------------------------------------------


@pytest.mark.parametrize(
    "p, margin, confidence, n",
    [
        (0.5, 0.05, 0.95, 385),  # textbook: 1.96^2 x 0.25 / 0.05^2 = 384.16 -> 385
        (0.5, 0.01, 0.95, 9604),  # textbook: 9,603.6 -> 9,604
        (0.5, 0.03, 0.95, 1068),  # the "3 points" of opinion polls
        (0.5, 0.05, 0.99, 664),  # z = 2.5758: 663.5 -> 664
    ],
)
def test_trials_needed_textbook_values(p, margin, confidence, n):
    assert trials_needed(p, margin, confidence) == n


def test_trials_needed_for_the_class_event():
    # 1.96^2 x (50/81)(31/81) / 0.05^2 = 363.0... -> 364.
    p = Fraction(50, 81)
    assert trials_needed(p, 0.05) == math.ceil(Z95**2 * float(p * (1 - p)) / 0.05**2) == 364
    assert trials_needed(EVENT, 0.05) == 364
    assert trials_needed(0, 0.05) == 1


@pytest.mark.parametrize("p", [Fraction(50, 81), Fraction(1, 3), 0.1, 0.5])
@pytest.mark.parametrize("margin", [0.1, 0.05, 0.02])
def test_trials_needed_is_the_smallest_n_with_that_margin(p, margin):
    n = trials_needed(p, margin)
    assert margin_of_error(p, n) <= margin + 1e-12
    if n > 1:
        assert margin_of_error(p, n - 1) > margin


def test_margin_of_error_value_and_coverage():
    # 30 students x 10 draws: 1.96 x sqrt((50/81)(31/81) / 300) = 0.0550.
    p = Fraction(50, 81)
    margin = margin_of_error(p, 300)
    assert margin == pytest.approx(Z95 * math.sqrt(float(p * (1 - p)) / 300))
    assert round(margin, 3) == 0.055
    # Exact binomial check of the normal approximation: the chance that 300 draws
    # land within the margin is close to 95%.
    low, high = math.ceil(300 * (float(p) - margin)), math.floor(300 * (float(p) + margin))
    coverage = stats.binom.cdf(high, 300, float(p)) - stats.binom.cdf(low - 1, 300, float(p))
    assert 0.93 < coverage < 0.97


def test_margin_shrinks_like_one_over_root_n():
    assert margin_of_error(0.3, 400) == pytest.approx(margin_of_error(0.3, 100) / 2)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: trials_needed(0.5, 0), XactikaError, "margin must be between 0 and 1"),
        (lambda: trials_needed(0.5, 1), XactikaError, "margin must be between 0 and 1"),
        (lambda: trials_needed(0.5, True), XactikaError, "margin must be"),
        (lambda: trials_needed(0.5, 0.05, 1), XactikaError, "confidence must be between"),
        (lambda: trials_needed(0.5, 0.05, "95%"), XactikaError, "confidence must be a number"),
        (lambda: trials_needed(1.5, 0.05), XactikaError, "from 0 to 1, got 1.5"),
        (lambda: trials_needed(None, 0.05), XactikaError, "a probability from 0 to 1 or an"),
        (lambda: trials_needed("big cards", 0.05), NotationError, "'big cards'"),
        (lambda: margin_of_error(0.5, 0), XactikaError, "trials must be from 1"),
    ],
)
def test_bad_input_raises_naming_it(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --- bad input gets one library error naming it (issue #9, item 19) -----------------


def test_trials_needed_for_a_tiny_margin_is_exact_not_a_division_by_zero():
    # Before: ZeroDivisionError (1e-300 squared is 0.0 as a float).
    needed = trials_needed(0.5, 1e-300)
    expected = Fraction(Z95**2 / 4) / Fraction(1e-300) ** 2
    assert needed == math.ceil(expected)
    assert trials_needed(0.5, Fraction(1, 10**5000)) > 10**9999
    assert trials_needed(0.5, 0.01) == 9604  # unchanged for ordinary margins


@pytest.mark.parametrize(
    "text",
    [10**5000, "face value " + "9" * 5000 + " or more", [10**5000]],
    ids=["10**5000", "face value 99...9 or more", "[10**5000]"],
)
def test_event_parse_names_a_huge_number(text):
    # Before: ValueError "Exceeds the limit (4300 digits)" while building the message.
    with pytest.raises(NotationError, match="cannot read event"):
        Event.parse(text)
