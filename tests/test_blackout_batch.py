"""Blackout on the batch engine (xactika_edu.engines.blackout_batch), checked against the
reference engine (xactika_edu.core.blackout) in both directions."""

from __future__ import annotations

import numpy as np
import pytest

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, XactikaError
from xactika_edu.core.blackout import BlackoutRound, blackout_deck
from xactika_edu.core.playing_cards import STANDARD_SUITS, PlayingCard
from xactika_edu.core.rules import BLACKOUT
from xactika_edu.engines.batch_engine import run
from xactika_edu.engines.batch_policies import ReplayPolicy
from xactika_edu.engines.batch_state import BatchState
from xactika_edu.engines.blackout_batch import (
    blackout_round,
    deal_blackout_rounds,
    play_blackout_deals,
    play_blackout_rounds,
    replay_blackout_rounds,
)
from xactika_edu.engines.blackout_bots import RandomBlackoutBot


@pytest.mark.parametrize(("players", "cards"), [(2, 1), (2, 26), (3, 5), (4, 13), (5, 9), (8, 6)])
def test_batch_rounds_replay_on_the_reference_engine(players: int, cards: int) -> None:
    rounds = play_blackout_rounds(60, players, cards, seed=players * 100 + cards)
    assert rounds["hands"].shape == (60, players, cards)
    assert (rounds["tricks"].sum(axis=1) == cards).all()
    assert (rounds["bids"].sum(axis=1) != cards).all()  # the dealer's trap
    for index in range(60):
        rnd = blackout_round(rounds, index)  # every action re-checked by the reference
        assert rnd.is_over
        assert rnd.tricks_won == tuple(rounds["tricks"][index].tolist())
        assert rnd.scores() == tuple(rounds["scores"][index].tolist())
        assert [t.winner for t in rnd.tricks] == rounds["winners"][index].tolist()
        assert [t.leader for t in rnd.tricks] == rounds["leaders"][index].tolist()


@pytest.mark.parametrize(("players", "cards"), [(2, 3), (2, 26), (4, 13), (4, 5), (7, 7)])
def test_reference_rounds_replay_on_the_batch_engine(players: int, cards: int) -> None:
    rounds = []
    for seed in range(30):
        rnd = BlackoutRound.deal(players, cards, dealer=seed % players, seed=seed)
        bots = [RandomBlackoutBot(seed=seed * 10 + s) for s in range(players)]
        while not rnd.is_over:
            seat = rnd.current_player
            assert seat is not None
            rnd.apply(bots[seat].act(rnd.view(seat)))
        rounds.append(rnd)
    batch = replay_blackout_rounds(rounds)
    for index, rnd in enumerate(rounds):
        assert tuple(batch["tricks"][index].tolist()) == rnd.tricks_won
        assert tuple(batch["scores"][index].tolist()) == rnd.scores()
        assert batch["winners"][index].tolist() == [t.winner for t in rnd.tricks]


def test_the_batch_engine_refuses_a_revoke() -> None:
    # player 0 leads A♠, player 1 holds K♠ but plays 3♥ (trump): not following suit
    ace, king, two, three = (PlayingCard.parse(c).index for c in ("AS", "KS", "2H", "3H"))
    hands = np.array([[[ace, two], [king, three]]])
    state = BatchState.deal(hands, np.array([1]), track=False, rules=BLACKOUT, trumps=np.array([2]))
    plays = np.array([[[ace, three], [two, king]]], dtype=np.int8)
    replay = ReplayPolicy(np.array([[1, 0]]), plays, np.array([[3, 2]], dtype=np.int8))
    with pytest.raises(IllegalPlayError, match="may not play 3♥"):
        run(state, [replay, replay])
    # the same round played legally: A♠ K♠, then 2♥ 3♥ (the higher trump wins)
    state = BatchState.deal(hands, np.array([1]), track=False, rules=BLACKOUT, trumps=np.array([2]))
    plays = np.array([[[ace, king], [two, three]]], dtype=np.int8)
    run(state, [ReplayPolicy(np.array([[1, 0]]), plays, np.array([[3, 2]], dtype=np.int8))] * 2)
    assert state.winners.tolist() == [[0, 1]] and state.won.tolist() == [[1, 1]]


def test_deal_uses_the_blackout_deck_and_turns_up_the_next_card() -> None:
    hands, turned = deal_blackout_rounds(500, players=7, cards_per_hand=3, seed=4)
    allowed = {card.index for card in blackout_deck(7)}
    assert set(np.unique(hands).tolist()) <= allowed
    assert set(turned.tolist()) <= allowed
    flat = np.sort(np.concatenate([hands.reshape(500, -1), turned[:, None]], axis=1), axis=1)
    assert not (flat[:, 1:] == flat[:, :-1]).any()  # no card twice, the trump card included
    _, none = deal_blackout_rounds(5, players=7, cards_per_hand=7, seed=4)
    assert (none == -1).all()  # the max round: every card dealt, no trump


def test_seeds() -> None:
    one = play_blackout_rounds(200, 4, 6, seed=9)
    two = play_blackout_rounds(200, 4, 6, seed=9)
    other = play_blackout_rounds(200, 4, 6, seed=10)
    assert all((one[key] == two[key]).all() for key in one)
    assert not (one["hands"] == other["hands"]).all()


def test_random_play_agrees_with_the_reference_random_player() -> None:
    # Mean score per seat per round, 4 players, 3 cards, random bids and plays.
    # Batch: 40,000 rounds; reference: 2,000 rounds. Scores are 0 or 10-13 with
    # standard deviation about 5.6, so the reference mean has standard error about
    # 5.6 / sqrt(8,000) = 0.063; the tolerance 0.3 is over 4 standard errors.
    batch = play_blackout_rounds(40_000, 4, 3, seed=1)["scores"].mean()
    total, count = 0, 0
    for seed in range(2000):
        rnd = BlackoutRound.deal(4, 3, dealer=seed % 4, seed=seed)
        bots = [RandomBlackoutBot(seed=seed * 4 + s) for s in range(4)]
        while not rnd.is_over:
            seat = rnd.current_player
            assert seat is not None
            rnd.apply(bots[seat].act(rnd.view(seat)))
        total += sum(rnd.scores())
        count += 4
    assert abs(batch - total / count) < 0.3


def test_trumps_and_tracking_are_refused_where_they_do_not_apply() -> None:
    hands = np.array([[[0, 1], [2, 3]]])
    with pytest.raises(XactikaError, match="no trumps"):
        BatchState.deal(hands, np.array([0]), track=False, trumps=np.array([1]))
    with pytest.raises(XactikaError, match="tracks"):
        BatchState.deal(hands, np.array([0]), track=True, rules=BLACKOUT)


def test_bad_arguments() -> None:
    with pytest.raises(XactikaError):
        play_blackout_rounds(10, 4, 14)
    with pytest.raises(XactikaError):
        play_blackout_rounds(10, 9, 1)
    with pytest.raises(XactikaError):
        blackout_round(play_blackout_rounds(2, 2, 1, seed=1), 2)
    assert STANDARD_SUITS.shape == (52,)


def test_play_blackout_deals_is_play_blackout_rounds_on_the_same_deals() -> None:
    # deal_blackout_rounds and play_blackout_rounds draw the same deals from one seed
    hands, turned = deal_blackout_rounds(300, 4, 5, seed=8)
    given = play_blackout_deals(hands, turned, dealer=2)
    played = play_blackout_rounds(300, 4, 5, bots="heuristic", dealer=2, seed=8)
    assert given.keys() == played.keys()
    for key in given:
        assert (given[key] == played[key]).all(), key


def test_play_blackout_deals_forces_bids_and_replays_on_the_reference() -> None:
    hands, turned = deal_blackout_rounds(40, 3, 6, seed=5)
    forced = np.full((40, 3), -1)
    forced[:, 1] = 4
    rounds = play_blackout_deals(hands, turned, dealer=0, bids=forced)
    assert (rounds["bids"][:, 1] == 4).all()
    assert (rounds["bids"].sum(axis=1) != 6).all()  # the dealer (seat 0) avoids the trap
    for index in range(40):
        assert blackout_round(rounds, index).scores() == tuple(rounds["scores"][index].tolist())


def test_play_blackout_deals_max_round_has_no_trump() -> None:
    hands, turned = deal_blackout_rounds(5, 4, 13, seed=1)
    assert (turned == -1).all()
    rounds = play_blackout_deals(hands, turned, dealer=0)
    assert (rounds["trumps"] == -1).all() and (rounds["tricks"].sum(axis=1) == 13).all()


def test_play_blackout_deals_refuses_bad_deals_and_bids() -> None:
    hands, turned = deal_blackout_rounds(3, 4, 2, seed=1)
    twice = hands.copy()
    twice[0, 1, 0] = twice[0, 0, 0]
    with pytest.raises(XactikaError, match="distinct cards"):
        play_blackout_deals(twice, turned, dealer=0)
    with pytest.raises(XactikaError, match="distinct cards"):  # the turned card in a hand
        play_blackout_deals(hands, hands[:, 0, 0].copy(), dealer=0)
    with pytest.raises(XactikaError, match="distinct cards"):  # cards left, none turned
        play_blackout_deals(hands, np.full(3, -1), dealer=0)
    full, none = deal_blackout_rounds(2, 4, 13, seed=1)
    with pytest.raises(XactikaError, match="distinct cards"):  # a trump in the max round
        play_blackout_deals(full, full[:, 3, 12].copy(), dealer=0)
    five, _up = deal_blackout_rounds(2, 5, 3, seed=1)
    five[0, 0, 0] = PlayingCard.parse("2C").index  # 5 players play without 2♣
    with pytest.raises(XactikaError, match="distinct cards"):
        play_blackout_deals(five, _up, dealer=0)
    with pytest.raises(XactikaError, match="shape"):
        play_blackout_deals(hands[0], turned, dealer=0)
    with pytest.raises(XactikaError, match="bids must have shape"):
        play_blackout_deals(hands, turned, dealer=0, bids=np.full((3, 4), 3))
    with pytest.raises(XactikaError, match="dealer"):
        play_blackout_deals(hands, turned, dealer=4)
    forced = np.full((3, 4), -1)
    forced[:, 1:] = [[1, 0, 0], [1, 0, 0], [1, 0, 0]]
    forced[:, 0] = 1  # dealer 0 bids last: 1 + 0 + 0 + 1 = 2 cards, the trap
    with pytest.raises(IllegalBidError):
        play_blackout_deals(hands, turned, dealer=0, bids=forced)
    assert none.shape == (2,)
