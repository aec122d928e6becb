"""Tests of the one round engine (xactika_edu.core.trick_round) that Xactika's Round and
Blackout's BlackoutRound share: the same machinery driven the same way, for both rulesets.

Rules quoted: RULES.md ("A hand (round)", step 2: the dealer may not make the bids total
the cards; step 3: the winner leads); seed 004, Blackout ("The Dealer's Trap", "Winner
leads next").
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, XactikaError
from xactika_edu.core.blackout import BlackoutRound
from xactika_edu.core.game import Round
from xactika_edu.core.trick_round import TrickRound, TrickState
from xactika_edu.engines.blackout_bots import RandomBlackoutBot
from xactika_edu.engines.bots import HeuristicBot, RandomBot


def _rounds(seed: int) -> list[TrickRound]:
    return [
        Round.deal(players=2 + seed % 9, dealer=seed % 2, seed=seed, cards_per_hand=1 + seed % 8),
        BlackoutRound.deal(2 + seed % 7, 1 + seed % 6, dealer=seed % 2, seed=seed),
    ]


def test_both_games_are_the_one_engine() -> None:
    for rnd in _rounds(3):
        assert isinstance(rnd, TrickRound) and isinstance(rnd, TrickState)
        # the machinery is inherited, not written again (Blackout's copy only adds its trump)
        for name in ("bid", "legal_bids", "legal_actions", "apply", "scores", "transcript"):
            assert getattr(type(rnd), name) is getattr(TrickRound, name)
    assert Round.rules.name == "Xactika" and BlackoutRound.rules.name == "Blackout"


@pytest.mark.parametrize("seed", range(12))
def test_one_loop_plays_both_games_and_keeps_the_invariants(seed: int) -> None:
    for rnd in _rounds(seed):
        rng = np.random.default_rng(seed)
        order = rnd.bidding_order
        assert order[0] == (rnd.dealer + 1) % rnd.players and order[-1] == rnd.dealer
        while not rnd.is_over:
            seat = rnd.current_player
            legal = rnd.legal_actions()
            assert legal and rnd.view(seat).legal_actions() == legal  # the view agrees
            others = [s for s in range(rnd.players) if s != seat]
            assert all(rnd.view(s).legal_actions() == [] for s in others)
            if rnd.phase == "bid":
                assert legal == rnd.legal_bids() and rnd.legal_plays() == []
            else:
                assert legal == rnd.legal_plays() and rnd.legal_bids() == []
            before = len(rnd.tricks)
            rnd.apply(legal[int(rng.integers(len(legal)))])
            if len(rnd.tricks) > before and not rnd.is_over:
                assert rnd.current_player == rnd.leader == rnd.tricks[-1].winner  # winner leads
        bids = [bid for bid in rnd.bids if bid is not None]
        assert len(bids) == rnd.players and sum(bids) != rnd.cards_per_hand  # the dealer's rule
        assert sum(rnd.tricks_won) == rnd.cards_per_hand == len(rnd.tricks)
        assert rnd.legal_actions() == [] and rnd.current_player is None and rnd.phase == "over"
        assert len(rnd.scores()) == rnd.players


def test_the_dealer_rule_refuses_the_same_bid_in_both_games() -> None:
    xactika = Round.from_hands(["2332 1312", "2233 1212"], dealer=1)
    blackout = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    for rnd in (xactika, blackout):
        rnd.apply(1)
        assert rnd.legal_actions() == [0, 2]  # 1 would make the bids total 2, the cards
        with pytest.raises(IllegalBidError, match=r"dealer \(player 1\) may not bid 1"):
            rnd.apply(1)
        with pytest.raises(IllegalBidError, match="whole number"):
            rnd.apply(True)  # an int to Python, but not a bid
        with pytest.raises(IllegalPlayError, match="bidding is not finished"):
            rnd.play(rnd.hand(1)[0])
        with pytest.raises(IllegalBidError, match="turn to bid, not player 0's"):
            rnd.bid(0, player=0)
        for player in (np.array([[1, 2], [3, 4]]), True, 1.0):  # never a ValueError
            with pytest.raises(IllegalBidError, match="turn to bid, not player"):
                rnd.bid(0, player=player)  # type: ignore[arg-type]
        rnd.apply(np.int64(0))
        assert rnd.bids == (1, 0) and rnd.phase == "play"
        with pytest.raises(IllegalPlayError, match="turn to play, not player 1's"):
            rnd.play(rnd.hand(0)[0], player=1)
        with pytest.raises(IllegalPlayError, match="turn to play, not player array"):
            rnd.play(rnd.hand(0)[0], player=np.array([0, 0]))  # type: ignore[arg-type]


def test_copies_are_independent_and_equal_until_changed() -> None:
    for rnd in _rounds(5):
        rnd.apply(rnd.legal_actions()[0])
        twin = rnd.copy()
        assert twin == rnd and copy.copy(rnd) == rnd and type(twin) is type(rnd)
        twin.apply(twin.legal_actions()[0])
        assert twin != rnd and len(twin.actions()) == len(rnd.actions()) + 1
    assert _rounds(5)[0] != _rounds(5)[1]  # an Xactika round never equals a Blackout one


@pytest.mark.parametrize("seed", range(6))
def test_actions_replay_to_the_same_round(seed: int) -> None:
    for rnd in _rounds(seed):
        rng = np.random.default_rng(seed + 50)
        for _ in range(int(rng.integers(1, 3 * rnd.players))):
            if rnd.is_over:
                break
            legal = rnd.legal_actions()
            rnd.apply(legal[int(rng.integers(len(legal)))])
        fresh = (
            Round(rnd.starting_hands, rnd.dealer)
            if isinstance(rnd, Round)
            else BlackoutRound(rnd.starting_hands, rnd.trump_card, rnd.dealer)
        )
        for action in rnd.actions():
            fresh.apply(action)
        assert fresh == rnd
        assert type(rnd).from_record(rnd.to_record()) == rnd
        assert repr(rnd).startswith(f"{type(rnd).__name__}.from_record(")


def test_scores_wait_for_the_end_in_both_games() -> None:
    for rnd in _rounds(1):
        with pytest.raises(XactikaError, match="the round is not over"):
            rnd.scores()
        with pytest.raises(IllegalPlayError):
            rnd.apply("not a card")


def test_transcripts_share_their_form() -> None:
    xactika = Round.from_hands(["2332", "2233"], dealer=1)
    blackout = BlackoutRound(["AS", "KS"], trump="4H", dealer=1)
    for rnd, lead in ((xactika, "2332:2ba"), (blackout, "AS")):
        for action in (0, 0, lead):
            rnd.apply(action)
        lines = rnd.transcript(names=["Ana", "Ben"]).splitlines()
        assert "2 players, 1 card each; dealer: Ben" in lines[0]
        assert "bids: Ana bids 0; Ben bids 0" in lines
        assert lines[-1].startswith("trick 1: Ana leads ") and lines[-1].endswith("; Ben to play")
    assert str(blackout).splitlines()[0].endswith("; trump card 4♥")


def test_bots_act_on_the_views_of_both_games() -> None:
    rnd = Round.deal(players=3, seed=4, cards_per_hand=3)
    bot = HeuristicBot()
    while not rnd.is_over:
        view = rnd.view(rnd.current_player)
        action = bot.act(view)
        expected = bot.bid(view) if view.phase == "bid" else bot.play(view)
        assert action == expected and action in view.legal_actions()
        rnd.apply(action)
    with pytest.raises(XactikaError, match="cannot play now"):
        RandomBot(seed=1).act(rnd.view(0))
    blackout = BlackoutRound.deal(3, 4, seed=4)
    bots = [RandomBlackoutBot(seed=s) for s in range(3)]
    while not blackout.is_over:
        seat = blackout.current_player
        blackout.apply(bots[seat].act(blackout.view(seat)))
    assert sum(blackout.tricks_won) == 4
