"""Tests of the parts of the shared round engine (xactika_edu.core.trick_parts): reading a
deal for a ruleset, a game's totals and winners, and the shared view."""

from __future__ import annotations

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.blackout import BlackoutRound
from xactika_edu.core.cards import Hand, whole_seed
from xactika_edu.core.game import Round
from xactika_edu.core.playing_cards import parse_cards
from xactika_edu.core.rules import BLACKOUT, XACTIKA
from xactika_edu.core.trick_parts import (
    TrickView,
    best_seats,
    play_text,
    read_hands,
    round_totals,
    totals_text,
)


def _hand(text: str) -> Hand:
    return Hand.parse(text)


@pytest.mark.parametrize(
    ("hands", "rules", "read", "message"),
    [
        ("1111 2222", XACTIKA, _hand, "must be a list of hands"),
        (["1111"], XACTIKA, _hand, "needs 2 to 10 hands"),
        (["1111 2222", "3333"], XACTIKA, _hand, "same number of cards, got 2, 1"),
        (["1111", "1111"], XACTIKA, _hand, "1111 is dealt twice: to player 0 and 1"),
        (["AS"] * 1, BLACKOUT, parse_cards, "needs 2 to 8 hands"),
        ([f"{r}S" for r in "23456789T"][:9], BLACKOUT, parse_cards, "needs 2 to 8 hands"),
        (["AS", "AS"], BLACKOUT, parse_cards, "A♠ is dealt twice"),
    ],
)
def test_read_hands_checks_the_deal_against_the_ruleset(hands, rules, read, message) -> None:
    with pytest.raises(XactikaError, match=message):
        read_hands(hands, read, rules)


def test_read_hands_keeps_what_each_game_reads() -> None:
    assert read_hands(["1111", "2222"], _hand, XACTIKA) == (_hand("1111"), _hand("2222"))
    hands = read_hands(["AS 2H", "KS 3H"], parse_cards, BLACKOUT)
    assert [len(hand) for hand in hands] == [2, 2]


def test_totals_and_winners_over_rounds() -> None:
    done = Round.from_hands(["1111", "2222"], dealer=1)
    for action in (0, 0, "1111:1ba", "2222"):
        done.apply(action)
    going = Round.from_hands(["1112", "2221"], dealer=0)
    assert done.scores() == (-1, 0)
    assert round_totals([done, going], 2) == (-1, 0)  # the round in progress adds nothing
    assert best_seats((-1, 0)) == (1,) and best_seats((4, 4, 2)) == (0, 1)
    text = totals_text((-1, 0), (1,), lambda seat: "AB"[seat])
    assert text == "totals: A -1; B 0\nwinner(s): B"
    assert totals_text((0, 0), (), str) == "totals: 0 0; 1 0"


def test_the_shared_view() -> None:
    rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    view = rnd.view(0)
    assert isinstance(view, TrickView) and isinstance(Round.deal(2, seed=1).view(0), TrickView)
    assert view.is_my_turn and view.cards_held == (2, 2) and view.legal_bids() == [0, 1, 2]
    rnd.apply(1)
    rnd.apply(0)
    rnd.apply("AS")
    follower = rnd.view(1)
    assert follower.cards_held == (1, 2)
    assert follower.legal_actions() == list(parse_cards("KS"))  # follow suit
    assert rnd.view(0).legal_actions() == []  # not its turn


def test_play_text_and_whole_seed() -> None:
    assert play_text(parse_cards("AS")[0]) == "A♠" and play_text("2332:2ba") == "2332:2ba"
    assert play_text(["x"] * 3) == "['x', 'x', 'x']"
    # the same seed gives the same whole number; other seeds (None) give others
    assert whole_seed(11) == 11
    assert whole_seed(None) != whole_seed(None)
    with pytest.raises(XactikaError):
        whole_seed(-1)
