"""Widgets without a browser: the pure functions behind them, then each widget built,
clicked (``.click()``) and set (``.value``), checking what it shows against the
library (``chance_unbeatable``, ``filter_deck``, the rules engine)."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from html import escape
from html.parser import HTMLParser

import ipywidgets
import numpy as np
import pytest

from xactika_edu import DECK, Hand, chance_unbeatable, deal, value_distribution
from xactika_edu.base.errors import IllegalBidError, NotationError, XactikaError
from xactika_edu.base.formatting import plural, simulated_percent
from xactika_edu.core.cards import LARGEST_SEED, Combination
from xactika_edu.core.game import Game, Round
from xactika_edu.core.probability import lead_chances, threats
from xactika_edu.engines.advice import bid_advice as play_each_bid_advice
from xactika_edu.engines.bots import HeuristicBot, RandomBot
from xactika_edu.teaching.views.handview import readout
from xactika_edu.teaching.views.scoreboard import (
    format_points,
    hand_scores,
    hand_scores_html,
    log_html,
    score_sheet_html,
    trick_html,
)
from xactika_edu.teaching.views.tableview import advice_reason
from xactika_edu.ui.widgets import (
    DeckExplorer,
    HandWidget,
    PlayTable,
    card_label,
    describe_chance,
    filter_deck,
    format_fraction,
    lead_table,
    parse_seen,
    play_bots,
    render_lead_table,
    score_table,
    selection_summary,
    trick_lines,
)

HAND = deal(players=4, seed=1)[0]


def controls(widget: ipywidgets.Widget) -> list[ipywidgets.Widget]:
    """Every control (a widget a student can operate) inside ``widget``."""
    found = []
    stack = [widget]
    while stack:
        current = stack.pop()
        if isinstance(current, ipywidgets.Box):
            stack.extend(current.children)
        elif isinstance(current, ipywidgets.ValueWidget | ipywidgets.Button) and not isinstance(
            current, ipywidgets.HTML
        ):
            found.append(current)
    return found


def has_error(widget: ipywidgets.Widget) -> bool:
    return "Problem:" in widget.error.value


def error_text(widget: ipywidgets.Widget) -> str:
    return html.unescape(widget.error.value)


class _TableReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self.cell: dict | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append({"caption": "", "rows": [], "in_caption": False})
        elif tag == "caption":
            self.tables[-1]["in_caption"] = True
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self.cell = {"tag": tag, "text": "", **dict(attrs)}
            self.tables[-1]["rows"][-1].append(self.cell)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "caption":
            self.tables[-1]["in_caption"] = False

    def handle_data(self, data: str) -> None:
        if self.tables and self.tables[-1]["in_caption"]:
            self.tables[-1]["caption"] += data
        elif self.cell is not None:
            self.cell["text"] += data


def tables(markup: str) -> list[dict]:
    """The HTML tables in ``markup``: each a dict with its ``caption`` and its ``rows``,
    a row being a list of cells (dicts with ``tag``, ``text`` and the attributes)."""
    reader = _TableReader()
    reader.feed(markup)
    for table in reader.tables:
        for row in table["rows"]:
            for cell in row:
                cell["text"] = " ".join(cell["text"].split())
    return reader.tables


def texts(row: list[dict]) -> list[str]:
    return [cell["text"] for cell in row]


# --- pure functions -----------------------------------------------------------------


def test_format_fraction_and_describe_chance() -> None:
    assert format_fraction(Fraction(805, 1027)) == "805/1027"
    assert format_fraction(Fraction(0)) == "0"
    assert format_fraction(Fraction(1)) == "1"
    # whole percent, halves up, but never a false certainty or a false impossibility
    assert describe_chance(Fraction(1, 8)) == "13%"
    assert describe_chance(Fraction(995, 1000)) == "> 99%"
    assert describe_chance(Fraction(1, 1000)) == "< 1%"
    assert describe_chance(Fraction(1)) == "100%" and describe_chance(0) == "0%"
    assert card_label(1, "1111") == "#1: 4"


def test_lead_table_equals_chance_unbeatable_for_every_lead() -> None:
    seen = deal(players=4, seed=1)[1][:3]
    table = lead_table(HAND, players=4, seen=seen)
    assert len(table) == 4 * len(HAND)
    for row in table.itertuples():
        assert row.chance == chance_unbeatable(row.card, row.combination, HAND, 4, seen)
        assert row.threats == len(threats(row.card, row.combination, HAND, seen))
        assert row.percent == describe_chance(row.chance)
    # the library's own table agrees too
    assert table["chance"].tolist() == lead_chances(HAND, 4, seen)["chance"].tolist()
    # best: the highest chance of each card (all of them when tied)
    for card, part in table.groupby(table["card"].map(str)):
        assert part["best"].tolist() == (part["chance"] == part["chance"].max()).tolist(), card
    assert table.attrs["unseen"] == 81 - 8 - 3 and table.attrs["opponent cards"] == 24


def test_lead_table_one_card_and_simulation() -> None:
    hand = ["1111", "2213"]
    exact = chance_unbeatable("2213", "1 cone", hand, 2)
    assert exact == Fraction(805, 1027)  # the doctest value of chance_unbeatable
    table = lead_table(hand, players=2, card="2213", trials=4000, seed=3)
    assert table["card"].map(str).tolist() == ["2213"] * 4
    row = table[table["combination"].map(str) == "1 cone"].iloc[0]
    # tolerance: 4 standard errors (a seeded run; false alarm chance < 1 in 10,000)
    assert abs(row["simulated"] - float(exact)) < 4 * row["standard error"]
    again = lead_table(hand, players=2, card="2213", trials=4000, seed=3)
    assert again["simulated"].tolist() == table["simulated"].tolist()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"card": "3333"}, "not in your hand"),
        ({"trials": -1}, "trials"),
        ({"seen": ["1111"]}, "both in the hand and among the seen"),
        ({"seen": [c for c in DECK if str(c) not in ("1111", "2213")][3:]}, "unseen"),
    ],
)
def test_lead_table_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(XactikaError, match=message):
        lead_table(["1111", "2213"], players=4, **kwargs)


def test_render_lead_table_shows_fraction_percent_bar_and_best_in_words() -> None:
    table = lead_table(["3133", "1111"], players=4, card="3133")
    html = render_lead_table(table)
    assert "xe-chances" in html
    for row in table.itertuples():
        assert format_fraction(row.chance) in html
    assert html.count("best lead") == int(table["best"].sum()) == 1
    assert "sure winner" in html  # 3133 calling 1 cube: the only 10 with one cube
    assert html.count("xe-bar") == 4
    simulated = render_lead_table(lead_table(["3133", "1111"], 4, card="3133", trials=500))
    assert "simulated (500 deals)" in simulated and "xe-sim-note" in simulated


def test_parse_seen() -> None:
    assert parse_seen("3213, 1111;2222") == Hand(["3213", "1111", "2222"])
    assert parse_seen("   ") == Hand()
    with pytest.raises(NotationError, match="'32x3'"):
        parse_seen("3213 32x3")
    with pytest.raises(XactikaError, match="one of your cards"):
        parse_seen("1111", hand=["1111", "2222"])
    with pytest.raises(XactikaError, match="twice"):
        parse_seen("1111 1111")


def test_filter_deck_counts_match_the_deck_table() -> None:
    assert filter_deck() == Hand(sorted(DECK))
    distribution = value_distribution()
    for value in range(4, 13):
        assert len(filter_deck(values=(value, value))) == distribution.loc[value, "frequency"]
    for shape in ("balls", "cubes", "cones", "stars"):
        for count in (1, 2, 3):
            assert len(filter_deck(**{shape: count})) == 27  # 3 x 3 x 3 other counts
    # the fact of RULES.md: exactly one 10 shows one cube
    assert filter_deck(values=(10, 10), cubes=1) == Hand(["3133"])


def test_filter_deck_against_brute_force() -> None:
    rng = np.random.default_rng(4)
    choices = [None, 1, 2, 3]
    for _ in range(200):
        low, high = sorted(int(v) for v in rng.integers(4, 13, size=2))
        counts = [choices[int(i)] for i in rng.integers(0, 4, size=4)]
        expected = [
            card
            for card in DECK
            if low <= card.value <= high
            and all(c is None or c == n for c, n in zip(counts, card.counts, strict=True))
        ]
        assert set(filter_deck((low, high), *counts)) == set(expected)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"values": (9, 5)}, "above the highest"),
        ({"values": (3, 12)}, "lowest face value"),
        ({"values": "4-12"}, "values must be"),
        ({"stars": 0}, "stars"),
    ],
)
def test_filter_deck_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(XactikaError, match=message):
        filter_deck(**kwargs)


def test_selection_summary() -> None:
    assert selection_summary(filter_deck(cubes=3)).startswith("27 of the 81 cards match")
    assert "1/3" in selection_summary(filter_deck(cubes=3))
    assert selection_summary([]) == "0 of the 81 cards match: relative frequency 0/81 = 0%"
    # "1 of the 81 cards matches", not "1 of the 81 card matches" (issue 10, a reviewer)
    assert selection_summary(["3133"]).startswith("1 of the 81 cards matches: ")
    assert "card matches" not in str(DeckExplorer(plot=False))


def test_play_bots_stops_at_the_human_and_reports_tricks() -> None:
    rnd = Round.deal(players=3, seed=5)
    bots = [None, HeuristicBot(), RandomBot(seed=1)]
    events = play_bots(rnd, bots, human=0)
    assert rnd.current_player == 0  # seat 1 bids first, then 2, then the human
    assert events == [f"player {s} bids {rnd.bids[s]}" for s in (1, 2)]
    rnd.bid(rnd.legal_bids()[0])
    events = play_bots(rnd, bots, human=0)
    assert rnd.current_player == 0 or rnd.is_over
    assert all(line.startswith(("player", "trick")) for line in events)
    with pytest.raises(XactikaError, match="no computer player"):
        play_bots(rnd, [None, None, None], human=1)


def test_trick_lines_and_score_table() -> None:
    game = Game.new(players=2, seed=1, hands=2, cards_per_hand=2)
    rnd = game.current_round
    play_bots(rnd, [HeuristicBot(), HeuristicBot()], human=-1)
    lines = trick_lines(rnd)
    assert len(lines) == 2
    assert lines[0].startswith("trick 1: player ")
    table = score_table(game, ["You", "Bot 1"])
    assert list(table.index) == ["1", "total"]
    sheet = game.score_sheet()
    assert table.loc["1", ("dealer", "")] == ["You", "Bot 1"][rnd.dealer]
    for seat, name in enumerate(["You", "Bot 1"]):
        row = sheet[sheet["player"] == seat].iloc[0]
        assert table.loc["1", name].tolist() == [row.bid, row.tricks, row.score]
        assert table.loc["total", (name, "points")] == game.totals()[seat]
        assert table.loc["total", [(name, "bid"), (name, "took")]].isna().all()


# --- HandWidget -------------------------------------------------------------------------


def test_hand_widget_shows_the_seeded_hand_as_labelled_pictures() -> None:
    w = HandWidget(players=4, seed=1)
    assert "xe-hand" in w._dom_classes
    assert w.hand == HAND and w.seed_box.value == 1
    assert [b.description for b in w.card_buttons] == [
        f"#{i}: {card.value}" for i, card in enumerate(HAND, start=1)
    ]
    for picture, card in zip(w.pictures, HAND, strict=True):
        assert "xe-card" in picture._dom_classes
        assert f"<title>{card.title}</title>" in picture.value
    assert not has_error(w) and w.readout == []


def test_selecting_a_card_shows_its_four_exact_chances() -> None:
    w = HandWidget(players=4, seed=1)
    card = HAND[5]
    w.card_buttons[5].click()
    assert w.selected == card
    assert "✓" in w.card_buttons[5].description  # selection said in text, not only colour
    expected = [chance_unbeatable(card, c, HAND, players=4) for c in card.combinations]
    assert w.table["chance"].tolist() == expected
    assert [fraction for _, fraction, _ in w.readout] == [format_fraction(e) for e in expected]
    for e in expected:
        assert format_fraction(e) in w.chances.value
    assert "best lead" in w.chances.value
    best = w.table.loc[w.table["best"], "combination"].iloc[0]
    assert "stroke-dasharray" in w.pictures[5].value  # best call marked on the picture
    # review 5: each card's 4-digit name is printed under its picture
    assert all(p.value.endswith(f"<br>{c}</span>") for p, c in zip(w.pictures, w.hand, strict=True))
    assert str(best) in w.chances.value


def test_marking_cards_played_changes_the_chances_as_the_library_says() -> None:
    w = HandWidget(players=4, seed=1)
    card = HAND[7]
    w.card_buttons[7].click()
    before = w.table["chance"].tolist()
    w.played_boxes[0].value = True
    w.played_boxes[2].value = True
    held = HAND.without([HAND[0], HAND[2]])
    expected = [
        chance_unbeatable(card, c, held, players=4, seen=[HAND[0], HAND[2]])
        for c in card.combinations
    ]
    assert w.table["chance"].tolist() == expected != before
    assert w.card_buttons[0].disabled and 'fill-opacity="0.6"' in w.pictures[0].value
    assert "(played)" in w.card_buttons[0].tooltip
    # others' cards typed as played are seen too
    others = deal(players=4, seed=1)[1][:2]
    w.seen_box.value = " ".join(str(c) for c in others)
    expected = [
        chance_unbeatable(card, c, held, players=4, seen=[HAND[0], HAND[2], *others])
        for c in card.combinations
    ]
    assert w.table["chance"].tolist() == expected and not has_error(w)
    # unmarking restores
    w.played_boxes[0].value = False
    assert w.current_hand == HAND.without([HAND[2]])


def test_a_weak_lead_becomes_a_sure_winner_when_its_threats_are_seen() -> None:
    # the seed's teaching point: once every card that beats it is played, a lead is sure
    w = HandWidget(players=2, seed=1)
    card = w.hand[0]
    combination = card.combinations[0]
    beaters = threats(card, combination, w.hand)
    assert len(beaters) > 1
    w.card_buttons[0].click()
    assert w.table["chance"].iloc[0] < 1
    w.seen_box.value = " ".join(str(c) for c in beaters)
    assert not has_error(w)
    assert w.table["chance"].iloc[0] == 1
    assert "sure winner" in w.chances.value


@pytest.mark.parametrize(
    ("text", "message"),
    [("3213 32x3", "is not a card"), ("1111 1111", "twice"), ("1231", "one of your cards")],
)
def test_bad_seen_text_shows_a_message_and_no_chance(text: str, message: str) -> None:
    w = HandWidget(players=4, seed=1)  # 1231 is in this hand
    w.card_buttons[3].click()
    w.seen_box.value = "3333"
    assert w.readout
    w.seen_box.value = text
    assert has_error(w) and message in w.error.value
    assert 'role="alert"' in w.error.value and "Traceback" not in w.error.value
    # no chance for cards other than those typed: the chances wait for a fix
    assert w.readout == [] and w.table is None and w.seen == Hand()
    assert "wait for a fix" in w.chances.value and "cards unseen" not in w.status.value
    w.seen_box.value = "3333 2222"  # fixing it clears the message
    assert not has_error(w) and w.seen == Hand(["3333", "2222"])
    card = HAND[3]
    assert w.table["chance"].tolist() == [
        chance_unbeatable(card, c, HAND, 4, seen=["3333", "2222"]) for c in card.combinations
    ]


def test_parse_seen_reports_every_bad_card() -> None:
    with pytest.raises(NotationError) as error:
        parse_seen("3213 4444 12")
    assert "'4444' and '12' are not cards" in str(error.value)
    with pytest.raises(XactikaError) as error:
        parse_seen("1111 1111 2222 2222 1231 32x3", hand=HAND)
    for card in ("1111 and 2222 are typed twice", "1231 is one of your cards", "'32x3'"):
        assert card in str(error.value)
    assert parse_seen("3213; 1111,2222") == Hand(["3213", "1111", "2222"])


def test_bad_seen_text_stays_reported_whatever_else_is_clicked() -> None:
    w = HandWidget(players=4, seed=1)
    w.card_buttons[0].click()
    w.seen_box.value = "3213 4444 12"
    assert "'4444'" in error_text(w) and "'12'" in error_text(w)
    # ticking a box, selecting a card, turning on the simulation: the problem stays
    # on the error line and no chance is shown while the box says something wrong
    w.played_boxes[1].value = True
    assert w.played == {HAND[1]}
    w.card_buttons[2].click()
    w.simulate_box.value = True
    for _ in range(2):
        assert has_error(w) and "'4444'" in error_text(w) and "'12'" in error_text(w)
        assert w.readout == [] and "wait for a fix" in w.chances.value
        assert "needs a fix" in str(w)
        w.played_boxes[1].value = False
    w.simulate_box.value = False
    w.seen_box.value = "3213"
    assert not has_error(w) and w.selected == HAND[2]
    assert w.table["chance"].tolist() == [
        chance_unbeatable(HAND[2], c, HAND, 4, seen=["3213"]) for c in HAND[2].combinations
    ]


def test_an_impossible_situation_is_refused_in_words() -> None:
    w = HandWidget(players=10, seed=2)
    w.card_buttons[0].click()
    others = [c for c in DECK if c not in w.hand][:5]
    w.seen_box.value = " ".join(map(str, others))  # 9 opponents x 8 cards need 72 unseen
    assert has_error(w) and "unseen" in w.error.value
    assert w.readout == [] and w.seen == Hand() and "wait for a fix" in w.chances.value
    # marking a card played leaves the opponents 7 cards each: now it is possible
    w.played_boxes[7].value = True
    assert not has_error(w) and w.seen == Hand(others) and w.readout
    # unmarking it would make it impossible again: refused, the box unticked back
    w.played_boxes[7].value = False
    assert has_error(w) and "unseen" in w.error.value
    assert w.played_boxes[7].value and w.played == {w.hand[7]} and w.readout


def test_select_takes_the_card_number_shown_on_its_button() -> None:
    w = HandWidget(players=4, seed=1)
    w.select(8)  # "#8" on the last button
    assert w.selected == HAND[7] and "✓" in w.card_buttons[7].description
    assert w.card_buttons[7].description.startswith("#8:")
    w.select(1)
    assert w.selected == HAND[0]
    w.select(str(HAND[4]))  # or the card itself
    assert w.selected == HAND[4]
    for bad in (0, 9, -1):
        with pytest.raises(XactikaError, match=f"card number must be from 1 to 8.*got {bad}"):
            w.select(bad)
        assert has_error(w) and w.selected == HAND[4]
    with pytest.raises(XactikaError, match="not in this hand"):
        w.select("3333" if "3333" not in HAND else "1111")
    w.mark_played(5)
    assert w.played == {HAND[4]} and w.selected is None
    with pytest.raises(XactikaError, match="marked played"):
        w.select(5)


def test_selecting_a_played_card_is_refused_and_all_played_is_calm() -> None:
    w = HandWidget(players=4, seed=1)
    w.card_buttons[1].click()
    w.played_boxes[1].value = True
    assert w.selected is None and "Select a card" in w.chances.value
    w.card_buttons[1].click()
    assert has_error(w) and "marked played" in w.error.value
    for box in w.played_boxes:
        box.value = True
    assert not has_error(w) and "All your cards are played" in w.chances.value


def test_seed_players_and_new_deal() -> None:
    w = HandWidget(players=4, seed=1)
    w.played_boxes[0].value = True
    w.seed_box.value = 7  # a class shares seed 7
    assert w.hand == deal(players=4, seed=7)[0] and w.played == frozenset()
    w.players_box.value = 6  # "Keep the same hand, but imagine more people" (Lesson 4)
    assert w.hand == deal(players=4, seed=7)[0]
    w.card_buttons[0].click()
    card = w.hand[0]
    assert w.table["chance"].tolist() == [
        chance_unbeatable(card, c, w.hand, players=6) for c in card.combinations
    ]
    w.new_button.click()
    assert w.seed_box.value != 7 and w.hand == deal(players=6, seed=w.seed_box.value)[0]
    assert "dealt for" not in w.status.value  # a new deal is dealt for the table's size
    assert not has_error(w)
    assert HandWidget(players=3, seed=9).hand == HandWidget(players=3, seed=9).hand


def test_simulation_sits_next_to_the_exact_value() -> None:
    w = HandWidget(players=3, seed=4, trials=3000)
    w.card_buttons[6].click()
    assert "simulated" not in w.table.columns
    w.simulate_box.value = True
    assert "simulated (3,000 deals)" in w.chances.value
    for row in w.table.to_dict("records"):
        # 4 standard errors (seeded); at least 4/3000 when the estimate is 0 or 1
        tolerance = max(4 * row["standard error"], 4 / 3000)
        assert abs(row["simulated"] - row["probability"]) <= tolerance
    w.trials_box.value = 500
    assert "simulated (500 deals)" in w.chances.value


def test_hand_widget_controls_are_labelled() -> None:
    # (speed is measured, not asserted, here: tests/test_browser.py reports the
    # click-to-readout latency in a real browser, and benchmarks/ holds the goals)
    w = HandWidget(players=4, seed=1)
    for control in controls(w):
        assert control.description or control.tooltip, control


# --- DeckExplorer ------------------------------------------------------------------------


def test_deck_explorer_counts_equal_the_filter() -> None:
    d = DeckExplorer(plot=False)
    assert "xe-deck" in d._dom_classes
    assert d.selection == filter_deck() and "81 of the 81 cards" in d.summary.value
    assert d.cards_view.value.count("<title>") == 81
    d.values.value = (6, 9)
    d.cubes.value = 2
    d.stars.value = 1
    expected = filter_deck((6, 9), cubes=2, stars=1)
    assert d.selection == expected
    assert d.cards_view.value.count("<title>") == len(expected)
    assert selection_summary(expected) in d.summary.value.replace("&#x27;", "'")
    assert f"{len(expected)} of the 81" in d.summary.value
    d.balls.value = 3
    d.cones.value = 3
    d.values.value = (4, 5)
    assert d.selection == Hand() and "No card matches" in d.cards_view.value
    assert not has_error(d)
    d.reset_button.click()
    assert d.selection == filter_deck() and d.cubes.label == "any"


def test_deck_explorer_graph_and_labels() -> None:
    d = DeckExplorer()
    assert "<svg" in d.graph.value and "Bar graph" in d.graph.value
    d.values.value = (8, 8)
    assert "Cards per value: 8: 19" in d.graph.value
    d.chart.value = "pie"
    assert "Pie chart" in d.graph.value and "<svg" in d.graph.value
    for control in controls(d):
        assert control.description or control.tooltip, control
    assert not has_error(d)


# --- PlayTable ------------------------------------------------------------------------------


def play_hand_through_controls(t: PlayTable, *, choose: int = 0) -> int:
    """Drive the current hand to its end with the widget's controls only, checking at
    every step that exactly the legal choices are offered. Returns the human's turns."""
    turns = 0
    rnd = t.round
    while not rnd.is_over:
        assert rnd.current_player == 0 and not has_error(t), t.error.value
        turns += 1
        offered_bids = [value for _, value in t.bid_box.options]
        if rnd.phase == "bid":
            assert offered_bids == rnd.legal_bids() and not t.bid_button.disabled
            assert t.card_box.options == () and t.play_button.disabled
            t.bid_box.value = offered_bids[choose % len(offered_bids)]
            t.bid_button.click()
            continue
        assert offered_bids == [] and t.bid_button.disabled
        legal = rnd.legal_plays()
        cards = [value for _, value in t.card_box.options]
        assert cards == list(dict.fromkeys(play.card for play in legal))
        t.card_box.value = cards[choose % len(cards)]
        if not rnd.current_trick:  # leading: the four combinations of the card
            calls = [value for _, value in t.call_box.options]
            assert calls == list(t.card_box.value.combinations) and not t.call_box.disabled
            t.call_box.value = calls[(choose + turns) % 4]
        else:
            assert t.call_box.disabled
        t.play_button.click()
    return turns


def test_play_table_plays_a_hand_to_the_scores() -> None:
    t = PlayTable(players=4, seed=3)
    assert "xe-table" in t._dom_classes
    rnd = t.round
    assert rnd.dealer == 0 and rnd.phase == "bid" and rnd.current_player == 0
    # the dealer (you) bids last: the forbidden bid is not offered, and is said in words
    forbidden = 8 - sum(b for b in rnd.bids if b is not None)
    offered = [value for _, value in t.bid_box.options]
    assert 0 <= forbidden <= 8 and forbidden not in offered
    assert f"may not bid {forbidden}" in t.info.value
    # names that end in a number are kept apart from the numbers that follow them
    assert "Bids — You: not yet, Bot 1: " in t.info.value
    assert "Tricks taken — You: 0, Bot 1: 0, Bot 2: 0, Bot 3: 0." in t.info.value
    turns = play_hand_through_controls(t)
    assert turns == 9  # one bid, eight plays
    assert rnd.is_over and sum(rnd.tricks_won) == 8
    scores, sheet = tables(t.scores_view.value)
    assert scores["caption"] == "Scores this hand"
    for seat, points in enumerate(rnd.scores()):
        name = t.names[seat] + (" (dealer)" if seat == rnd.dealer else "")
        assert texts(scores["rows"][seat + 1]) == [
            name,
            str(rnd.bids[seat]),
            str(rnd.tricks_won[seat]),
            format_points(points),
            "exact bid: 1 point a trick"
            if rnd.bids[seat] == rnd.tricks_won[seat]
            else f"missed by {plural(abs(rnd.bids[seat] - rnd.tricks_won[seat]), 'trick')}: "
            "-1 point for each trick missed",
        ]
    assert sheet["caption"] == "Score sheet" and "xe-score-sheet" in t.scores_view.value
    assert sum("wins with" in line or "win with" in line for line in t.history) == 8
    assert "Last trick (trick 8)" in t.trick_view.value
    assert not t.next_button.disabled and t.bid_button.disabled and t.play_button.disabled


def test_play_table_plays_a_full_game_with_the_score_sheet() -> None:
    t = PlayTable(players=3, seed=11, bots=[RandomBot(seed=1), HeuristicBot()])
    for number in range(1, 9):
        assert len(t.game.rounds) == number
        play_hand_through_controls(t, choose=number)
        if number < 8:
            assert not t.next_button.disabled
            t.next_button.click()
            assert t.round.dealer == number % 3  # the deal passes to the left
    assert t.game.is_over and t.next_button.disabled
    assert "The game is over" in t.info.value
    sheet = score_table(t.game, t.names)
    assert list(sheet.index) == [str(n) for n in range(1, 9)] + ["total"]
    shown = tables(t.scores_view.value)[-1]["rows"]
    assert texts(shown[-1]) == ["total", ""] + [
        text for total in t.game.totals() for text in ("", "", format_points(total))
    ]
    t.next_button.click()  # one hand too many: a message, no traceback
    assert has_error(t) and "the game is over" in t.error.value


def test_play_table_refuses_out_of_turn_actions_in_words() -> None:
    t = PlayTable(players=2, seed=5)
    assert t.round.current_player == 0 and t.round.phase == "bid"
    t.play_button.click()  # bidding, not playing
    assert has_error(t) and "not your turn to play" in t.error.value
    t.next_button.click()
    assert has_error(t) and "not over" in t.error.value
    rnd_before = t.round.copy()
    # a stale value: the engine refuses it and the round is unchanged
    t.bid_box.options = [("9", 9)]
    t.bid_box.value = 9
    t.bid_button.click()
    assert has_error(t) and "may not bid 9" in t.error.value
    assert t.round == rnd_before
    assert isinstance(t.last_error, IllegalBidError)


def test_play_table_coach() -> None:
    t = PlayTable(players=4, seed=3, coach=True, coach_trials=60)
    assert "Coach: bid advice" in t.coach_view.value
    rows = re.findall(r"<tr><td[^>]*>(\d)</td>", t.coach_view.value)
    assert rows == [str(b) for b in range(9)]
    assert t.coach_view.value.count("★ recommended") == 1
    assert "not allowed" in t.coach_view.value  # the dealer's forbidden bid
    # issue 11: the advice plays each bid (bid_advice), and says why in its numbers
    rnd = t.round
    made = [b for s in rnd.bidding_order if (b := rnd.bids[s]) is not None]
    advice = play_each_bid_advice(
        rnd.hand(0), 4, 0, trials=60, seed=3 + 1, dealer=rnd.dealer, bids_so_far=made
    )
    best = advice.attrs["recommended"]
    assert re.search(
        rf"<td[^>]*>{best}</td>(<td[^>]*>[^<]*</td>){{2}}<td[^>]*>★", t.coach_view.value
    )
    assert escape(advice_reason(advice)) in t.coach_view.value
    t.bid_box.value = t.bid_box.options[0][1]
    t.bid_button.click()
    checked = voids_used = False
    while not rnd.is_over:
        if not rnd.current_trick:  # our lead: the chances shown are the library's
            view = rnd.view(0)
            table = lead_chances(voids=view)  # with the voids seen this hand
            for chance in table["chance"]:
                assert format_fraction(chance) in t.coach_view.value
            # the coach says what the lead is (W7): never "best", a won trick may hurt
            assert "best lead" not in t.coach_view.value
            assert re.search("★ sure(st)? winner", t.coach_view.value)
            if any(view.voids[1:]):
                plain = lead_chances(view.hand, 4, view.played_cards)
                voids_used |= list(plain["chance"]) != list(table["chance"])
                assert "could not follow" in html.unescape(t.coach_view.value)
            checked = True
        else:
            assert "you follow" in t.coach_view.value
        t.play_button.click()
    assert checked, "choose a seed where you lead at least once"
    assert voids_used, "choose a seed where a void changes a chance at your lead"
    t.coach_box.value = False
    assert t.coach_view.value == ""


def test_play_table_controls_are_labelled() -> None:
    t = PlayTable(players=2, seed=5)
    for control in controls(t):
        assert control.description or control.tooltip, control
    for name in ("xe-bid", "xe-play", "xe-next"):
        assert any(name in c._dom_classes for c in controls(t))


def test_play_table_shows_the_last_trick_and_the_story() -> None:
    t = PlayTable(players=2, seed=5)
    play_hand_through_controls(t)
    last = t.round.tricks[-1]
    assert str(last.winning_card) in t.trick_view.value
    verb = "win" if last.winner == 0 else "wins"  # "You win", "Bot 1 wins"
    card = last.winning_card
    said = f"{t.names[last.winner]} {verb} with {card} ({card.value}); the call was {last.call}"
    assert t.history[0] == "Hand 1 of 8: You deal."
    assert t.history[1].startswith("Bot 1 bids")
    assert "xe-log" in t.log_view._dom_classes and "What happened" in t.log_view.value
    # the trick: a column per player, the name above the card, what they did below
    (trick,) = tables(t.trick_view.value)
    assert trick["caption"] == f"Last trick (trick 8): {said}"
    names, cards, notes = trick["rows"]
    assert [c["tag"] for c in names] == ["th", "th"] and all(c["scope"] == "col" for c in names)
    assert texts(names) == [t.names[seat] for seat, _ in last.plays]
    for cell, (_seat, play) in zip(cards, last.plays, strict=True):  # the card pictures
        assert cell["text"].startswith(play.card.title)  # the picture's <title>
    for cell, (seat, play) in zip(notes, last.plays, strict=True):  # one note a cell
        what = f"led, calling {last.call}" if play.is_lead else "played"
        assert cell["text"] == what + (" (won)" if seat == last.winner else "")
    widths = {c["style"].split(";")[0] for row in trick["rows"] for c in row}
    assert widths == {"width:120px"}  # evenly spaced


def test_play_table_log_keeps_every_event_hand_by_hand() -> None:
    t = PlayTable(players=4, seed=3)
    play_hand_through_controls(t)
    t.next_button.click()
    play_hand_through_controls(t, choose=1)
    first, second = t.hands_log
    assert first[0] == "Hand 1 of 8: You deal." and second[0] == "Hand 2 of 8: Bot 1 deals."
    events = len(first[1]) + len(second[1])
    assert events > 40 and len(t.history) == events + 2
    html = t.log_view.value
    assert html.count("<li>") == events and f"({events} events)" in html
    assert re.findall(r"<h3[^>]*>([^<]*)</h3>", html) == [first[0], second[0]]
    # numbered through the game: hand 2 goes on from hand 1
    assert re.findall(r"<ol start='(\d+)'", html) == ["1", str(len(first[1]) + 1)]
    assert "overflow-y:auto" in html and "max-height" in html  # scrolls when long
    for line in first[1][:3] + second[1][-3:]:
        assert f"<li>{line}</li>" in html


def test_scoreboard_tables_have_header_cells_and_aligned_columns() -> None:
    game = Game.new(players=3, seed=4, hands=3, cards_per_hand=2)
    bots = [HeuristicBot()] * 3
    for number in range(2):
        play_bots(game.current_round, bots, human=-1)
        if number == 0:
            game.next_round()
    names = ["You", "Bot 1", "Bot 2"]
    rnd = game.current_round
    (scores,) = tables(hand_scores_html(hand_scores(rnd, names)))
    head, *rows = scores["rows"]
    assert [(c["tag"], c["scope"]) for c in head] == [("th", "col")] * 5
    assert all(row[0]["tag"] == "th" and row[0]["scope"] == "row" for row in rows)
    assert [int(row[3]["text"]) for row in rows] == list(rnd.scores())
    with pytest.raises(XactikaError, match="not over"):
        hand_scores(game.next_round() or game.current_round, names)
    (sheet,) = tables(score_sheet_html(score_table(game, names)))
    top, sub, *body = sheet["rows"]
    assert [c["text"] for c in top] == ["hand", "dealer", *names]
    assert [c.get("colspan") for c in top[2:]] == ["3"] * 3
    assert texts(sub) == ["bid", "took", "points"] * 3
    assert len(body) == 3 and all(len(row) == 2 + 3 * 3 for row in body)  # every row as wide
    totals = body[-1]
    for seat in range(3):
        points = [int(row[2 + 3 * seat + 2]["text"]) for row in body[:-1]]
        assert int(totals[2 + 3 * seat + 2]["text"]) == sum(points) == game.totals()[seat]
    assert trick_html(rnd.tricks[0].plays, names, caption="x").count("<th scope='col'") == len(
        rnd.tricks[0].plays
    )
    assert log_html([]).count("<li>") == 0


def test_static_fallback_for_exported_notebooks() -> None:
    w = HandWidget(players=4, seed=1)
    w.card_buttons[0].click()
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"].count("<svg") == 8 and "★ best" in bundle["text/html"]
    assert bundle["text/plain"].startswith("HandWidget(players=4, seed=1): hand 1121")
    d = DeckExplorer(plot=False)
    d.cubes.value = 1
    assert str(d).startswith("DeckExplorer(face value 4 to 12, 1 cube): 27 of the 81")
    assert "xe-deck" in d._repr_mimebundle_()["text/html"]
    t = PlayTable(players=2, seed=5)
    assert str(t).startswith("PlayTable(players=2, seed=5)\n2 players, 8 cards each")
    assert "Your hand" in t._repr_mimebundle_()["text/html"]
    coached = PlayTable(players=2, seed=5, coach=True)
    assert coached.coach_view.value and coached.coach_view.value in coached.static_html()
    # An exported notebook keeps the whole log of what happened, not only the scores.
    assert t.history and all(
        escape(line) in t._repr_mimebundle_()["text/html"] for line in t.history
    )


def test_a_new_deal_relabels_the_same_controls() -> None:
    w = HandWidget(players=4, seed=1)
    buttons = list(w.card_buttons)
    w.seed_box.value = 2
    assert w.card_buttons == buttons  # reused: no widgets pile up in the kernel
    hand = deal(players=4, seed=2)[0]
    for button, box, picture, card in zip(
        w.card_buttons, w.played_boxes, w.pictures, hand, strict=True
    ):
        assert button.description == card_label(hand.index(card) + 1, card)
        assert card.title in button.tooltip and card.title in box.tooltip
        assert f"<title>{card.title}</title>" in picture.value


def test_deck_explorer_shape_filters_show_any_at_start():
    # A Dropdown whose value is None shows an empty box; "any" must be visible.
    explorer = DeckExplorer(plot=False)
    assert [box.label for box in explorer.shape_boxes.values()] == ["any"] * 4
    assert len(explorer.selection) == 81


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: format_points("3"), "whole number, got '3'"),
        (lambda: format_points(True), "whole number, got True"),
        (lambda: hand_scores(None), "the hand must be a Round, got None"),
        (lambda: score_table("game"), "the game must be a Game, got 'game'"),
        (lambda: score_table(Game.new(players=2, seed=1), ["You"]), "one name per player"),
        (lambda: play_bots(Round.deal(players=3, seed=5), [None]), "one bot (or None) per seat"),
        (lambda: trick_lines(Round.deal(players=3, seed=5), -1), "got -1"),
        (lambda: trick_html([(0, "1111")], ["You"], caption="x"), "(seat, Play) pair"),
        (lambda: log_html([("Hand 1", 5)]), "(heading, [events])"),
    ],
)
def test_scoreboard_bad_input_is_a_clear_error(call, message: str) -> None:
    with pytest.raises(XactikaError) as error:
        call()
    assert message in str(error.value)


# --- plain words for a 12-year-old (STUDENT-REVIEW items 1-8, 14, 16) -----------------


def test_the_long_form_is_not_advertised_and_gets_its_digits() -> None:
    # item 1: the box reads 4-digit cards only; the long form gets its digits, once
    w = HandWidget(players=4, seed=1)
    w.seen_box.value = "3 balls, 2 cubes, 1 cone, 3 stars"
    message = error_text(w)
    assert "long form" not in message and "cannot be taken" not in message
    assert "is the card 3213: type it as 3213" in message
    assert message.count("4 digits") == 1
    w.seen_box.value = "3213"
    assert not has_error(w) and w.seen == Hand(["3213"])


def test_bad_entries_are_listed_once_with_the_rule_once() -> None:
    # item 2: "3 2 1 3" is four entries; the rule is said once, in plain words
    w = HandWidget(players=4, seed=1)
    w.seen_box.value = "3 2 1 3"
    message = str(w.seen_error)
    assert message in error_text(w)
    assert message.startswith(
        "'3 2 1 3' is one card with spaces in it: type it as 3213. Type each card as 4 digits"
    )
    assert message.count("Type each card") == 1 and "1-3" not in message
    assert "cannot be taken" not in message and "cannot read" not in message


def test_an_own_card_in_the_box_says_to_delete_it_and_tick_it() -> None:
    # item 3: ticking alone cannot clear it (the card stays in the box): say both steps
    w = HandWidget(players=4, seed=1)
    w.seen_box.value = str(HAND[0])
    assert f"{HAND[0]} is one of your cards. Delete it from this box and tick 'played'" in (
        error_text(w)
    )
    w.seen_box.value = ""
    w.played_boxes[0].value = True
    assert not has_error(w) and w.played == {HAND[0]}


def test_an_impossible_count_says_its_likely_cause() -> None:
    # item 4: too many others' cards for the unseen ones: the own cards were not ticked
    w = HandWidget(players=10, seed=2)
    others = [c for c in DECK if c not in w.hand][:6]
    w.seen_box.value = " ".join(map(str, others))
    message = str(w.seen_error)
    assert message in error_text(w)
    assert "9 opponents with 8 cards each need 72 cards, but only 67 cards are unseen" in message
    assert message.endswith("Did you tick your own played cards too?")


def test_more_others_cards_than_possible_at_a_lead_gets_a_hint_and_true_counts() -> None:
    # item 5: at your lead each opponent has played as many cards as you
    w = HandWidget(players=4, seed=1)
    w.seen_box.value = "3213 1111"  # neither is in HAND
    assert not has_error(w)
    status = html.unescape(w.status.value)
    assert "xe-hint" in status and "ticked 0 of yours" in status
    assert "Did you tick your own played cards too?" in status
    assert "The chances are for your lead: then each of the 3 opponents holds 8 cards" in status
    assert "2 cards played; 71 cards unseen" in status
    w.played_boxes[0].value = True  # one trick played: the 3 others may have played 3
    status = html.unescape(w.status.value)
    assert "xe-hint" not in status and "holds 7 cards, like you" in status
    assert "3 cards played (1 yours, 2 others')" in status


def test_changing_players_keeps_the_hand_and_a_new_seed_says_what_it_cleared() -> None:
    # item 6: Lesson 4 says "Keep the same hand, but imagine more people"
    w = HandWidget(players=4, seed=1)
    w.played_boxes[0].value = True
    w.seen_box.value = "3213"
    w.select(3)
    w.players_box.value = 6
    assert w.hand == HAND and w.played == {HAND[0]} and w.seen == Hand(["3213"])
    assert w.selected == HAND[2] and w.seen_box.value == "3213"
    assert deal(players=6, seed=1)[0] != HAND  # why the hand is kept, not dealt again
    status = html.unescape(w.status.value)
    assert "Same hand, now 6 players" in status and "dealt for 4 players" in status
    assert w.table["chance"].tolist() == [
        chance_unbeatable(HAND[2], c, HAND.without([HAND[0]]), 6, seen=[HAND[0], "3213"])
        for c in HAND[2].combinations
    ]
    w.seed_box.value = 2  # a new deal clears what belonged to the old hand, and says so
    assert w.played == frozenset() and w.seen_box.value == "" and w.selected is None
    assert "your ticks, the Others' played cards box and the voids were cleared" in html.unescape(
        w.status.value
    )
    w.seed_box.value = 3  # nothing to clear: nothing said
    assert "cleared" not in w.status.value


def test_chances_lead_with_the_percent_and_say_threats() -> None:
    # item 7: the lessons' words; the percent first, the exact fraction kept but smaller
    w = HandWidget(players=4, seed=11)
    w.select(8)
    card = w.hand[7]
    panel = html.unescape(w.chances.value)
    assert f"If you lead your {card.value} ({card}) now: the chance nobody can beat" in panel
    (chances,) = tables(panel)
    assert "threats" in texts(chances["rows"][0])
    assert "failing to follow" not in panel and "hypergeometric" not in panel
    assert not re.search(r"<t[dh][^>]*style=[^>]*style=", panel)  # one style per cell
    assert "could not follow a call has no card with that combination" in panel
    assert panel.index("xe-percent") < panel.index("xe-fraction")
    for row in w.table.itertuples():  # a long fraction is folded under "exact" (W10)
        exact = format_fraction(row.chance)
        shown = exact if len(exact) <= 13 else f"<details><summary>exact</summary>{exact}"
        assert f"<small>{shown}" in panel
    t = PlayTable(players=3, seed=2, coach=True)
    assert "failing to follow" not in t.coach_view.value


def test_a_simulated_zero_is_never_shown_as_plus_or_minus_zero() -> None:
    # item 8: 0 of 2000 deals: the range is a Wilson interval, not 0.0% ± 0.0%
    table = lead_table(HAND, players=4, trials=2000, seed=1)
    zeros = table[(table["simulated"] == 0) & (table["chance"] > 0)]
    assert len(zeros)  # this seed has leads the simulation never saw win
    for row in zeros.itertuples():
        assert row.low == 0 < float(row.chance) < row.high  # the exact chance is inside
    shown = render_lead_table(table)
    assert "±" not in shown and "usually" not in shown
    assert "0 of 2,000 deals (0.0% to 0.2%)" in shown and "19 of 20 simulations" in shown
    assert "<b>&lt; 1%</b>" in shown  # "< 1%" written as text, not as the start of a tag


def test_a_simulated_none_or_all_is_a_count_not_an_impossible_percent() -> None:
    # issue 10, a reviewer: "0.0%" beside an exact "< 1%" reads as impossible; 0 of N
    # and N of N deals are shown as counts, every other estimate as a percent
    table = lead_table(HAND, players=4, trials=2000, seed=1)
    cells = re.findall(r"<td[^>]*class='xe-simulated'>([^<]*)</td>", render_lead_table(table))
    assert len(cells) == len(table)
    for cell, row in zip(cells, table.itertuples(), strict=True):
        shown = cell.split(" (")[0]
        if row.simulated in (0, 1):
            assert shown == f"{round(row.simulated * 2000):,} of 2,000 deals"
        else:
            assert shown == simulated_percent(row.simulated)
    assert any(c.startswith("0 of 2,000 deals (") for c in cells)
    assert not any(c.startswith(("0.0%", "100.0%")) for c in cells)
    sure = lead_table(["3133", "1111"], players=4, card="3133", trials=500, seed=1)
    assert sure["simulated"].max() == 1  # 1 cube on a 10: nobody can beat it
    assert "500 of 500 deals" in render_lead_table(sure)


def test_score_table_shows_itself_as_the_score_sheet() -> None:
    # item 14: in a notebook, blanks not <NA>; points signed as on the PlayTable
    names = ["Ana", "Ben", "Cat", "Dev"]
    game = Game.new(players=4, seed=7, hands=1)
    play_bots(game.current_round, [HeuristicBot(seed=s) for s in range(4)], human=-1)
    table = score_table(game, names)
    shown = table._repr_html_()
    assert "NA" not in shown and "NA" not in repr(table)
    assert shown == score_sheet_html(table)  # one layout, one number format
    (sheet,) = tables(shown)
    assert texts(sheet["rows"][-1]) == ["total", ""] + [
        text for total in game.totals() for text in ("", "", format_points(total))
    ]
    assert shown.count("<tr") == 4  # two header rows (names; bid, took, points), 2 rows
    for total in game.totals():
        assert format_points(total) in repr(table)
    # still data for code: whole numbers in, a plain DataFrame out of a slice
    assert int(table.loc["total", ("Ana", "points")]) == game.totals()[0]
    assert type(table.loc[["1"]]).__name__ == "DataFrame"


def test_the_coach_says_the_hand_and_the_game_are_over() -> None:
    # issue 10, a reviewer: "Coach: waiting for your turn." when no turn is coming
    t = PlayTable(players=3, seed=4, coach=True, hands=2, coach_trials=20)
    play_hand_through_controls(t)
    assert "Coach: this hand is over. Press Next hand" in t.coach_view.value
    t.next_button.click()
    play_hand_through_controls(t)
    assert t.game.is_over and "Coach: the game is over" in t.coach_view.value
    assert "waiting for your turn" not in t.static_html()


def test_log_lines_say_lead_face_values_and_the_call() -> None:
    # item 16: "Bot 1 leads 3331 (10), calling 1 star"; plays show their face value
    t = PlayTable(players=3, seed=4)
    play_hand_through_controls(t)
    lines = t.history
    leads = [line for line in lines if " lead" in line]
    tricks = [line for line in lines if line.startswith("trick ")]
    plays = [line for line in lines if " play" in line and line not in tricks]
    assert len(leads) == 8 and len(plays) == 16 and len(tricks) == 8
    pattern = r"(You lead|Bot \d leads) [123]{4} \(\d+\), calling [123] \w+"
    assert all(re.fullmatch(pattern, line) for line in leads)
    assert all(re.fullmatch(r"(You play|Bot \d plays) [123]{4} \(\d+\)", line) for line in plays)
    trick_pattern = (
        r"trick \d: (You win|Bot \d wins) with [123]{4} \(\d+\); the call was [123] \w+"
        r"(\. It tied with [123]{4} \(\d+\)( and [123]{4} \(\d+\))*, and a tie goes to "
        r"the card played last)?"
    )
    assert all(re.fullmatch(trick_pattern, line) for line in tricks)
    assert not any(" on " in line for line in tricks)


def test_the_lead_table_says_what_threats_are_and_never_praises_a_hopeless_lead() -> None:
    # A student read: "threats" was never explained, and "★ best lead" stood beside a
    # lead with under 1% (every call of a 5 in a 10-player deal).
    html = render_lead_table(lead_table(["3133", "1111"], players=4, card="3133"))
    assert "Threats: unseen cards with the called combination" in html
    assert "★ best lead" in html
    hand = deal(10, seed=1)[0]  # a 5 among 10 players: 72 of the 73 unseen cards are held
    hopeless = lead_table(hand, players=10, card=hand[0])
    assert hopeless["chance"].max() < Fraction(1, 100)
    html = render_lead_table(hopeless)
    assert "★ best lead" not in html and "still very unlikely" in html


# --- numbers out of range, seat names in print (issue 10, item d) ----------------------


def test_the_seed_box_takes_every_seed_a_deal_takes() -> None:
    # issue 10, a reviewer: the Seed box refused 5,000,000,000, which deal() takes; the
    # box's largest seed is the library's (LARGEST_SEED), written with commas
    w = HandWidget(players=4, seed=11)
    w.seed_box.value = 5_000_000_000
    assert not has_error(w) and w.hand == deal(players=4, seed=5_000_000_000)[0]
    assert HandWidget(players=4, seed=LARGEST_SEED).hand == deal(4, seed=LARGEST_SEED)[0]
    w.seed_box.value = LARGEST_SEED + 1
    assert (
        "Seed must be a whole number from 0 to 18,446,744,073,709,551,615; got "
        "18446744073709551616. The box is back to 5,000,000,000."
    ) in error_text(w)
    assert "2**" not in error_text(w) and w.seed == 5_000_000_000
    with pytest.raises(XactikaError, match="seed must be a whole number 0 or more, like 7; got -3"):
        HandWidget(players=4, seed=-3)


@pytest.mark.parametrize(
    ("box", "typed", "message"),
    [
        ("players_box", 12, "Players can be from 2 to 10, not 12. The box is back to 4."),
        ("players_box", 1, "Players can be from 2 to 10, not 1."),
        (
            "seed_box",
            -1,
            "Seed must be a whole number 0 or more, like 7; got -1. The box is back to 11.",
        ),
        ("trials_box", 50, "Deals can be from 100 to 100,000, not 50."),
    ],
)
def test_a_number_out_of_range_is_refused_in_words_not_clamped(
    box: str, typed: int, message: str
) -> None:
    # BoundedIntText made 12 players into 10 without a word; the box now says why
    w = HandWidget(players=4, seed=11)
    w.mark_played(2)
    w.select(1)
    shown = w.static_html()
    getattr(w, box).value = typed
    assert message in error_text(w)
    assert getattr(w, box).value == {"players_box": 4, "seed_box": 11, "trials_box": 2000}[box]
    assert w.hand == deal(players=4, seed=11)[0] and w.played == {w.hand[1]}  # nothing lost
    assert w.static_html().replace(w.error.value, "") == shown  # the same chances
    getattr(w, box).value = getattr(w, box).value + 1  # a good number clears the problem
    assert not has_error(w)


def test_print_of_a_play_table_names_the_seats_as_the_table_does() -> None:
    t = PlayTable(players=3, seed=2)
    t.bid_button.click()
    t.play_button.click()
    text = str(t)
    assert "player 0" not in text and "player 1" not in text
    assert "dealer: You" in text and "Bot 1 bids" in text and "You bid " in text
    assert text.splitlines()[-1].endswith("You to play")


def test_the_hand_explorer_counts_the_voids_a_student_adds() -> None:
    # issue 11 item 2 in the hand explorer: "Player 2 could not follow: 2 balls" gives
    # the exact void-aware chance, says how voids change it, and Clear voids undoes it
    w = HandWidget(players=4, seed=1)
    w.select(1)
    card = HAND[0]
    plain = w.table["chance"].tolist()
    assert w.voids_row.player_box.value == 1  # Player 1 (plays right after you) at the start
    w.voids_row.combination_box.value = card.combinations[1]
    w.voids_row.add_button.click()
    w.voids_row.add(2, card.combinations[0])  # Player 2, as the controls would
    voids = {1: [card.combinations[1]], 2: [card.combinations[0]]}
    assert w.table["chance"].tolist() == [
        chance_unbeatable(card, c, HAND, 4, voids=voids) for c in card.combinations
    ]
    assert w.table["chance"].tolist() != plain
    words = html.unescape(w.voids_row.words.value)
    assert f"Player 1 could not follow: {card.combinations[1]}." in words
    assert f"Player 2 could not follow: {card.combinations[0]}." in words
    panel = html.unescape(w.chances.value)
    assert "with the voids" in panel and "cannot beat a lead that calls it" in panel
    said = panel.split("Without the voids: ")[1].split(".")[0]
    before = readout(lead_table(HAND, 4, card=card))
    for c, new, old, (_, _, old_percent) in zip(
        card.combinations, w.table["chance"], plain, before, strict=True
    ):
        assert (f"{c} {old_percent}" in said) == (new != old)
    assert w.last_error is None and w.voids_error is None
    w.voids_row.clear_button.click()
    assert w.table["chance"].tolist() == plain and "Without the voids" not in w.chances.value
    # the simulation draws from the deals that fit the voids: a void in the call wins
    w.voids_row.add(1, card.combinations[2])
    w.voids_row.add(2, card.combinations[2])
    w.voids_row.add(3, card.combinations[2])
    w.simulate_box.value = True
    row = w.table.iloc[2]
    assert row["chance"] == 1 and row["simulated"] == 1


@pytest.mark.parametrize(
    ("voids", "players", "message"),
    [
        # a player cannot lack every count of a shape
        ({1: ["1 ball", "2 balls", "3 balls"]}, 4, "Player 1 cannot lack 1, 2 and 3 balls"),
        # a void for a player who is not at the table (after Players went down)
        ({5: ["2 balls"]}, 4, "Player 5 is not at this table of 4 players"),
        # no deal fits: 9 opponents hold 72 of the 73 unseen cards; 3 of them lack
        # every card showing 1 ball or 2 cubes or 3 stars: too few cards are left
        (
            {k: ["1 ball", "2 cubes", "3 stars", "3 cones"] for k in (1, 2, 3)},
            10,
            "No way to deal the unseen cards fits these voids",
        ),
        # too many different voids to count every deal exactly
        (
            {
                k: [c]
                for k, c in enumerate(
                    ["1 ball", "2 cubes", "3 stars", "1 cone", "2 balls", "3 cones"], 1
                )
            },
            10,
            "Too many players have different voids to count every deal",
        ),
    ],
)
def test_voids_that_cannot_be_true_are_refused_in_words(voids, players, message) -> None:
    w = HandWidget(players=max(players, 6), seed=1)
    w.select(1)
    for offset, combos in voids.items():
        for combo in combos:
            w.voids_row.add(offset, combo)
    w.players_box.value = players
    assert message in html.unescape(w.error.value)
    assert "Traceback" not in w.error.value and w.table is None
    assert "wait for a fix to the voids" in w.chances.value
    w.voids_row.clear()
    assert w.voids_error is None and w.table is not None and not w.error.value


# --- issue 11 review: the hand explorer and the coach, read by a student and a teacher


def test_players_are_named_by_their_place_after_you_everywhere() -> None:
    # W1: the explorer said "You are Player 1; Player 2 plays right after you", the
    # lessons and voids= say Player 1 (offset 1) plays right after you
    w = HandWidget(players=4, seed=1)
    assert w.voids_row.player_box.options == (("Player 1", 1), ("Player 2", 2), ("Player 3", 3))
    w.select(1)
    w.voids_row.add(1, HAND[0].combinations[0])
    words = html.unescape(w.voids_row.words.value)
    assert f"Player 1 could not follow: {HAND[0].combinations[0]}." in words
    assert "Player 1 plays right after you" in words and "Player 3" in words
    assert "You are Player" not in html.unescape(w.static_html())
    assert "Player 4" not in words  # nobody past the table
    # the play table: Bot k is seat k, and seat 1 plays right after you (seat 0)
    t = PlayTable(players=4, seed=46, coach=True, coach_trials=50)
    assert t.names == ["You", "Bot 1", "Bot 2", "Bot 3"]
    order = list(t.round.bidding_order)
    assert all(order[(order.index(s) + 1) % 4] == (s + 1) % 4 for s in range(4))
    t.bid_box.value = t.bid_box.options[0][1]
    t.bid_button.click()
    rnd = t.round
    while not rnd.is_over:
        view = rnd.view(0)
        if not rnd.current_trick and any(view.voids[1:]):
            said = html.unescape(t.coach_view.value)
            for k, combos in enumerate(view.voids):  # the offset is the seat: Bot k
                if k and combos:
                    assert f"Bot {k} could not follow: {', '.join(map(str, combos))}." in said
            break
        t.play_button.click()
    else:
        pytest.fail("choose a seed where a bot shows a void before your lead")


def test_the_coach_never_calls_a_lead_best_when_winning_loses_points() -> None:
    # W7: seed 46, you bid 0; at trick 8 you have 3 tricks and the coach said
    # "★ best lead, sure winner"
    t = PlayTable(seed=46, coach=True, coach_trials=50)
    t.bid_box.value = 0
    t.bid_button.click()
    rnd = t.round
    seen_over = False
    while not rnd.is_over:
        if not rnd.current_trick:
            said = html.unescape(t.coach_view.value)
            assert "best lead" not in said
            taken = rnd.tricks_won[0]
            if taken > 0:
                trick = plural(taken, "trick")
                assert f"You bid 0 and have taken {trick}: winning more loses points." in said
                seen_over = True
            assert re.search("★ (surest|sure) winner", said)
        t.play_button.click()
    assert seen_over, "choose a seed where you take a trick after bidding 0"


def test_a_long_exact_fraction_is_a_detail_under_the_percent() -> None:
    # W10: "161068268761727/49050185428688073500" stood in the table; the percent and
    # "about 1 in N" lead, and a long fraction is folded under "exact"
    w = HandWidget(players=4, seed=1)
    w.select("1121")  # 1 cube: 150226993/28151572435975
    panel = w.chances.value
    long = [c for c in w.table["chance"] if len(format_fraction(c)) > 13]
    assert long, "choose a hand with a long fraction"
    for chance in w.table["chance"]:
        exact = format_fraction(chance)
        if chance in long:
            assert f"<details><summary>exact</summary>{exact}</details>" in panel
        else:
            assert f"<small>{exact}</small>" in panel
    assert "(about 1 in " in panel


def test_the_void_is_defined_once_in_plain_words() -> None:
    # W11: the panel defined a void twice and said "every way to deal the unseen
    # cards that fits ... counts the same"
    w = HandWidget(players=4, seed=1)
    w.select(1)
    w.voids_row.add(1, HAND[0].combinations[1])
    panel = html.unescape(w.chances.value)
    assert panel.count("could not follow a call") == 1
    assert "counts the same" not in panel
    assert "the computer counts every way the hidden cards could be dealt" in panel
    assert "Each way is equally likely." in panel
    assert "so they are more likely to hold those" in panel
    # the void is said what it is before the sentence that uses the word
    assert panel.index("A void: a player") < panel.index("A player with a void")
    t = PlayTable(players=3, seed=2, coach=True, coach_trials=50)
    t.bid_box.value = t.bid_box.options[0][1]
    t.bid_button.click()
    while t.round.current_trick and not t.round.is_over:
        t.play_button.click()
    assert "counts the same" not in t.coach_view.value


def test_a_void_added_twice_says_so_and_the_last_void_can_be_removed() -> None:
    # W12: adding the same void twice did nothing silently; Clear voids was the
    # only undo
    w = HandWidget(players=4, seed=1)
    w.select(1)
    plain = w.table["chance"].tolist()
    w.voids_row.add(2, "1 cube")
    with_one = w.table["chance"].tolist()
    w.voids_row.combination_box.value = HAND[0].combinations[2]
    w.voids_row.player_box.value = 1
    w.voids_row.add_button.click()
    w.voids_row.add(2, "1 cube")
    assert "Player 2 is already known to have no 1 cube." in html.unescape(w.voids_row.words.value)
    assert w.voids_row.voids == {1: {HAND[0].combinations[2]}, 2: {Combination.parse("1 cube")}}
    w.voids_row.remove_button.click()
    assert w.voids_row.voids == {2: {Combination.parse("1 cube")}}
    assert w.table["chance"].tolist() == with_one
    w.voids_row.remove_button.click()
    assert w.voids_row.voids == {} and w.table["chance"].tolist() == plain
    assert "already known" not in w.voids_row.words.value


def test_voids_no_deal_fits_say_why_with_the_count() -> None:
    # W12: "the players could not hold their cards" -> why, with numbers
    w = HandWidget(players=10, seed=1)
    w.select(1)
    lacking = ["1 ball", "2 cubes", "3 stars", "3 cones"]
    for k in (1, 2, 3):
        for combo in lacking:
            w.voids_row.add(k, combo)
    fit = [
        c for c in DECK if c not in w.hand and not any(c.has(x) for x in lacking)
    ]  # the unseen cards these players may hold: too few for two of them already
    assert 8 <= len(fit) < 2 * 8
    said = html.unescape(w.error.value)
    assert (
        "There aren't enough unseen cards without those combinations for Player 1 "
        f"and Player 2 to hold 8 cards each: only {len(fit)} fit." in said
    )
    assert "Remove last void" in said
