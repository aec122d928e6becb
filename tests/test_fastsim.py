"""The fast engine against the reference engine: the same rules, the same results.

* Deterministic: the same deal and the same choices give the same trick winners,
  tricks and scores in both engines, in both directions (reference rounds replayed by
  the fast engine; fast rounds replayed by the reference engine), and the two engines
  offer the same legal plays at every step. The heuristic policy makes the same bid
  and play as :class:`~xactika_edu.engines.bots.HeuristicBot` at every decision.
* In distribution: with random players the fast engine's statistics match the
  reference engine driven by uniformly random legal choices (two-sample tests, stated
  tolerance below), and match exact values computed here from the rules.
* Invariants on every simulated round, seed reproducibility, bad input.

Every rule checked here is recomputed from the card counts (RULES.md), not through
the engines' helpers.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from _support import play_randomly
from scipy import stats

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, NotationError, XactikaError
from xactika_edu.core import rules
from xactika_edu.core.cards import COMBINATIONS, DECK, Card, Combination, Hand
from xactika_edu.core.game import BID, Play, Round
from xactika_edu.engines import batch_state, fastsim
from xactika_edu.engines.batch_engine import run
from xactika_edu.engines.batch_policies import ReplayPolicy
from xactika_edu.engines.batch_state import BatchState
from xactika_edu.engines.batch_views import position_of
from xactika_edu.engines.bots import HeuristicBot
from xactika_edu.engines.fastsim import (
    COLUMNS,
    card_ids,
    cards_from_ids,
    deal_rounds,
    play_rounds,
    replay_rounds,
    simulate_rounds,
)

# Every (players, cards per hand) shape the rules allow.
SHAPES = [(p, c) for p in range(2, 11) for c in range(1, 9)]

# Significance level of each distributional test. A test fails only if p < ALPHA;
# with the 18 tests below the chance of a false alarm is < 18 x 0.001 < 2%, and since
# every sample is seeded the outcome is fixed (no flakiness).
ALPHA = 0.001


# --- independent statements of the rules ---------------------------------------------


def shows(card: Card, call: Combination) -> bool:
    return card.counts[int(call.shape)] == call.count


def winner_position(cards: list[Card], call: Combination) -> int:
    """Highest face value among cards showing the call; ties to the card played last."""
    return max((card.value, i) for i, card in enumerate(cards) if shows(card, call))[1]


def expected_score(bid: int, tricks: int) -> int:
    return tricks if tricks == bid else -abs(tricks - bid)


def play_heuristic(rnd: Round) -> Round:
    bot = HeuristicBot()
    while not rnd.is_over:
        view = rnd.view(rnd.current_player)
        if rnd.phase == BID:
            rnd.bid(bot.bid(view))
        else:
            rnd.play(bot.play(view))
    return rnd


def assert_same_round(fast: fastsim.FastRounds, index: int, rnd: Round) -> None:
    """The fast engine's round ``index`` and the reference round agree on everything."""
    assert tuple(fast.bids[index]) == rnd.bids
    assert [t.leader for t in rnd.tricks] == fast.leaders[index].tolist()
    assert [t.winner for t in rnd.tricks] == fast.winners[index].tolist()
    assert [COMBINATIONS.index(t.call) for t in rnd.tricks] == fast.calls[index].tolist()
    plays = [[str(card) for card in cards_from_ids(trick)] for trick in fast.plays[index]]
    assert plays == [[str(card) for card in t.cards] for t in rnd.tricks]
    assert tuple(fast.tricks[index]) == rnd.tricks_won
    assert tuple(fast.scores[index]) == rnd.scores()


# --- the deck as numbers ----------------------------------------------------------------


def test_card_numbers_round_trip_over_the_deck():
    ids = card_ids(DECK)
    assert ids.tolist() == list(range(81))
    assert cards_from_ids(ids) == DECK
    assert card_ids(str(card) for card in DECK).tolist() == list(range(81))


def test_lookup_tables_match_the_cards():
    for i, card in enumerate(DECK):
        assert rules.CARD_VALUES[i] == card.value
        shown = {COMBINATIONS[k] for k in np.flatnonzero(rules.SHOWS[i])}
        assert shown == {c for c in COMBINATIONS if shows(card, c)}
        for v in range(13):
            gains = batch_state.GE_STEP[i, :, v]
            assert gains.tolist() == [int(shows(card, c) and card.value >= v) for c in COMBINATIONS]
    # each combination is on 27 cards (RULES.md); the sorted order is Card's order
    assert rules.SHOWS.sum(axis=0).tolist() == [27] * 12
    assert [DECK[i] for i in batch_state.BY_RANK] == sorted(DECK)


# --- deterministic equivalence with the reference engine ------------------------------


def test_reference_rounds_replayed_by_the_fast_engine_agree():
    """Same deal, same choices: 360 random reference rounds, every shape 2-10 x 1-8."""
    rng = np.random.default_rng(2024)
    checked = 0
    for players, cards in SHAPES:
        rounds = [
            play_randomly(
                Round.deal(
                    players, dealer=int(rng.integers(players)), seed=rng, cards_per_hand=cards
                ),
                rng,
            )
            for _ in range(5)
        ]
        fast = replay_rounds(rounds)
        for index, rnd in enumerate(rounds):
            assert_same_round(fast, index, rnd)
            checked += 1
    assert checked == 360


def test_fast_rounds_replayed_by_the_reference_engine_agree():
    """Every fast round is legal for the reference engine, with the same outcome."""
    for players, cards in SHAPES:
        fast = play_rounds(6, players, "random", seed=players * 10 + cards, cards_per_hand=cards)
        for index in range(len(fast)):
            rnd = fast.round(index)  # raises if the reference engine refuses a play
            assert_same_round(fast, index, rnd)


class RecordingReplay(ReplayPolicy):
    """Replays choices and records the cards the fast engine offers as legal."""

    def __init__(self, *args: np.ndarray) -> None:
        super().__init__(*args)
        self.offered: dict[tuple[int, int], list[set[int]]] = {}

    def _slot(self, table, rows, legal):
        hand = table.hand[table.base[rows] + table.seat[rows]]
        self.offered[table.trick, table.position] = [
            {int(hand[i, s]) for s in range(table.cards) if legal[i] >> s & 1}
            for i in range(len(rows))
        ]
        return super()._slot(table, rows, legal)


def test_both_engines_offer_the_same_legal_plays():
    rng = np.random.default_rng(7)
    for players, cards in [(2, 3), (3, 8), (4, 8), (5, 6), (7, 4), (10, 8)]:
        rounds = [
            play_randomly(Round.deal(players, seed=rng, cards_per_hand=cards), rng)
            for _ in range(6)
        ]
        fast = replay_rounds(rounds)
        policy = RecordingReplay(fast.bids, fast.plays, fast.calls)
        run(BatchState.deal(fast.hands, fast.dealer, track=False), [policy] * players)
        for index, done in enumerate(rounds):
            rnd = Round.from_hands(done.starting_hands, dealer=done.dealer)
            for seat in rnd.bidding_order:
                rnd.bid(done.bids[seat])
            for t, trick in enumerate(done.tricks):
                for position, (_, play) in enumerate(trick.plays):
                    legal = {card_ids([p.card])[0] for p in rnd.legal_plays()}
                    assert policy.offered[t, position][index] == legal
                    if position == 0:  # a leader may call any of the card's 4 combinations
                        assert len(rnd.legal_plays()) == 4 * len(legal)
                    rnd.play(play)


def test_heuristic_policy_matches_heuristic_bot_exactly():
    """The same deals: every bid and play of the fast heuristic equals HeuristicBot's."""
    rng = np.random.default_rng(11)
    checked = 0
    for players, cards in SHAPES:
        hands = deal_rounds(6, players, cards_per_hand=cards, seed=rng)
        fast = play_rounds(hands=hands, bots="heuristic", dealer=int(rng.integers(players)))
        for index in range(len(fast)):
            rnd = Round.from_hands(
                [cards_from_ids(hand) for hand in hands[index]], dealer=int(fast.dealer[index])
            )
            assert_same_round(fast, index, play_heuristic(rnd))
            checked += 1
    assert checked == 432


def test_forced_bids_with_heuristic_play_match_heuristic_bot():
    """Bids given in advance (as when advising on a bid), the rest bid and played by
    the heuristic: the same as HeuristicBot playing after those bids."""
    rng = np.random.default_rng(12)
    bot = HeuristicBot()
    for players, cards in [(2, 3), (4, 8), (5, 7), (9, 8)]:
        hands = deal_rounds(30, players, cards_per_hand=cards, seed=rng)
        forced = np.where(
            rng.random((30, players)) < 0.5, rng.integers(0, cards + 1, (30, players)), -1
        )
        dealer = players - 1
        forced[:, dealer] = -1  # the dealer's bid is the bot's (a forced one could be forbidden)
        fast = play_rounds(hands=hands, bots="heuristic", dealer=dealer, bids=forced)
        for index in range(30):
            rnd = Round.from_hands([cards_from_ids(h) for h in hands[index]], dealer=dealer)
            for seat in rnd.bidding_order:
                given = int(forced[index, seat])
                rnd.bid(given if given >= 0 else bot.bid(rnd.view(seat)))
            assert_same_round(fast, index, play_heuristic(rnd))


def test_forced_bids_are_checked():
    hands = deal_rounds(3, 2, cards_per_hand=2, seed=1)
    with pytest.raises(IllegalBidError, match=r"round 1: the dealer \(player 0\) may not bid 2"):
        play_rounds(hands=hands, bots="random", dealer=0, bids=[[-1, -1], [2, 0], [-1, -1]], seed=1)
    with pytest.raises(XactikaError, match=r"got 3 for round 0, seat 1"):
        play_rounds(hands=hands, bots="random", bids=[[-1, 3], [0, 0], [0, 0]])
    with pytest.raises(XactikaError, match=r"bids must have shape .* got \(2,\)"):
        play_rounds(hands=hands, bots="random", bids=[0, 0])


def test_heuristic_seats_decide_like_heuristic_bot_among_random_players():
    """Mixed tables reach other positions (random players show odd voids): at every
    decision of a heuristic seat, HeuristicBot given the same view chooses the same."""
    bot = HeuristicBot()
    for players, cards in [(2, 8), (3, 5), (4, 8), (6, 8), (10, 8)]:
        bots = ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
        fast = play_rounds(12, players, bots, cards_per_hand=cards, seed=players)
        for index in range(len(fast)):
            rnd = Round.from_hands(
                [cards_from_ids(h) for h in fast.hands[index]], dealer=int(fast.dealer[index])
            )
            for seat in rnd.bidding_order:
                if bots[seat] == "heuristic":
                    assert bot.bid(rnd.view(seat)) == fast.bids[index, seat]
                rnd.bid(int(fast.bids[index, seat]))
            for t in range(cards):
                for position in range(players):
                    seat = rnd.current_player
                    card = DECK[int(fast.plays[index, t, position])]
                    call = COMBINATIONS[int(fast.calls[index, t])] if position == 0 else None
                    if bots[seat] == "heuristic":
                        assert bot.play(rnd.view(seat)) == Play(card, call)
                    rnd.play(Play(card, call))
            assert_same_round(fast, index, rnd)


def test_worked_example_through_the_fast_engine():
    """Seed 002's example (RULES.md): Tim wins the tie, Anne +1, Tim -1."""
    rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    rnd.bid(1)
    rnd.bid(1)
    for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
        rnd.play(play)
    fast = replay_rounds([rnd])
    assert fast.winners[0].tolist() == [1, 1, 0]
    assert fast.tricks[0].tolist() == [1, 2]
    assert fast.scores[0].tolist() == [1, -1]


def test_replay_refuses_illegal_records():
    """Tampered choices are refused by the fast engine, naming round, player and card."""
    rnd = Round.from_hands(["2332 1312", "2233 1212"], dealer=1)
    rnd.bid(0)
    rnd.bid(1)
    for play in ["2332:2ba", "2233", "1212:2cu", "1312"]:
        rnd.play(play)
    fast = replay_rounds([rnd])

    def replay(bids: np.ndarray, plays: np.ndarray, calls: np.ndarray) -> None:
        policy = ReplayPolicy(bids, plays, calls)
        run(BatchState.deal(fast.hands, fast.dealer, track=False), [policy] * 2)

    plays = fast.plays.copy()
    plays[0, 0, 1] = card_ids(["1212"])[0]  # player 1 holds 2233, showing 2 balls
    with pytest.raises(IllegalPlayError, match=r"round 0, trick 1: player 1 may not play 1212"):
        replay(fast.bids, plays, fast.calls)
    plays = fast.plays.copy()
    plays[0, 0, 0] = card_ids(["2233"])[0]  # not player 0's card
    with pytest.raises(IllegalPlayError, match=r"player 0 may not play 2233"):
        replay(fast.bids, plays, fast.calls)
    calls = fast.calls.copy()
    calls[0, 0] = COMBINATIONS.index(Combination.parse("1 ball"))
    with pytest.raises(IllegalPlayError, match=r"card 2332 does not show"):
        replay(fast.bids, fast.plays, calls)
    bids = fast.bids.copy()
    bids[0, 1] = 2  # the dealer's forbidden bid: 0 + 2 = 2 cards
    with pytest.raises(IllegalBidError, match=r"round 0: player 1 may not bid 2 \(the dealer"):
        replay(bids, fast.plays, fast.calls)


# --- in distribution: random play ----------------------------------------------------


def two_sample_chi2(a: np.ndarray, b: np.ndarray) -> float:
    """p-value of a chi-square test that two samples of whole numbers share a
    distribution; neighbouring values are pooled until every expected count is >= 5."""
    values = np.union1d(a, b)
    table = np.array([[np.sum(a == v) for v in values], [np.sum(b == v) for v in values]])
    merged: list[np.ndarray] = []
    current = np.zeros(2)
    for column in table.T:
        current = current + column
        expected = current.sum() * table.sum(axis=1) / table.sum()
        if expected.min() >= 5:
            merged.append(current)
            current = np.zeros(2)
    if current.sum():
        merged[-1] = merged[-1] + current
    return float(stats.chi2_contingency(np.array(merged).T)[1])


def per_round_play(leaders, winners, calls, plays) -> dict[str, np.ndarray]:
    """Statistics of the play, one value per round (so rounds are independent):
    tricks kept by their leader, follows off the call, total face value of the
    winning cards. ``plays`` holds Card objects; arrays have shape (rounds, tricks...)."""
    values = np.vectorize(lambda card: card.value)(plays)
    off = np.vectorize(lambda card, call: not shows(card, call))(plays[:, :, 1:], calls[:, :, None])
    position = (winners - leaders) % plays.shape[2]
    winning = np.take_along_axis(values, position[:, :, None], axis=2)[:, :, 0]
    return {
        "kept": (winners == leaders).sum(axis=1),
        "off_call": off.sum(axis=(1, 2)),
        "winning_value": winning.sum(axis=1),
    }


@pytest.fixture(scope="module")
def random_samples() -> tuple[pd.DataFrame, pd.DataFrame, dict, dict]:
    """400 reference rounds and 40,000 fast rounds, 4 players x 8 cards, dealer rotating:
    a row per round and seat, and per-round statistics of the play."""
    rng = np.random.default_rng(123)
    rows, rounds = [], []
    for i in range(400):
        rnd = play_randomly(Round.deal(4, dealer=i % 4, seed=rng), rng)
        rounds.append(rnd)
        for seat in range(4):
            rows.append(
                (i, seat, rnd.dealer, rnd.bids[seat], rnd.tricks_won[seat], rnd.scores()[seat])
            )
    reference = pd.DataFrame(rows, columns=["round", "seat", "dealer", "bid", "tricks", "score"])
    reference_play = per_round_play(
        np.array([[t.leader for t in rnd.tricks] for rnd in rounds]),
        np.array([[t.winner for t in rnd.tricks] for rnd in rounds]),
        np.array([[t.call for t in rnd.tricks] for rnd in rounds], dtype=object),
        np.array([[t.cards for t in rnd.tricks] for rnd in rounds], dtype=object),
    )
    fast = play_rounds(40_000, 4, "random", seed=321)
    n = len(fast)
    fast_rows = pd.DataFrame(
        {
            "round": np.repeat(np.arange(n), 4),
            "seat": np.tile(np.arange(4), n),
            "dealer": np.repeat(fast.dealer, 4),
            "bid": fast.bids.ravel(),
            "tricks": fast.tricks.ravel(),
            "score": fast.scores.ravel(),
        }
    )
    fast_play = per_round_play(
        fast.leaders,
        fast.winners,
        np.array(COMBINATIONS, dtype=object)[fast.calls],
        np.array(DECK, dtype=object)[fast.plays],
    )
    for table in (reference, fast_rows):
        table["after_dealer"] = (table["seat"] - table["dealer"] - 1) % 4  # 0 bids/leads first
    return reference, fast_rows, reference_play, fast_play


@pytest.mark.parametrize("after_dealer", range(4))
def test_mean_tricks_by_seat_match_the_reference(random_samples, after_dealer):
    """Welch two-sample t-test per seat relative to the dealer (one value per round,
    so the samples are independent): p >= ALPHA. With 400 reference rounds it detects
    a shift of about 0.3 tricks."""
    reference, fast, _, _ = random_samples
    a = reference.loc[reference["after_dealer"] == after_dealer, "tricks"]
    b = fast.loc[fast["after_dealer"] == after_dealer, "tricks"]
    assert stats.ttest_ind(a, b, equal_var=False).pvalue >= ALPHA


@pytest.mark.parametrize(
    ("column", "after_dealer"), [("tricks", 0), ("bid", 3), ("score", 0), ("score", 3)]
)
def test_distributions_match_the_reference(random_samples, column, after_dealer):
    """Chi-square two-sample tests: the first leader's tricks, the dealer's bid (the
    dealer rule), first bidder's and dealer's scores; p >= ALPHA."""
    reference, fast, _, _ = random_samples
    a = reference.loc[reference["after_dealer"] == after_dealer, column].to_numpy()
    b = fast.loc[fast["after_dealer"] == after_dealer, column].to_numpy()
    assert two_sample_chi2(a, b) >= ALPHA


@pytest.mark.parametrize("statistic", ["kept", "off_call", "winning_value"])
def test_play_statistics_match_the_reference(random_samples, statistic):
    """Chi-square two-sample tests, p >= ALPHA, on how the tricks go: tricks kept by
    their leader, follows that could not follow the call, and the total face value
    of the winning cards (per round)."""
    _, _, reference, fast = random_samples
    assert two_sample_chi2(reference[statistic], fast[statistic]) >= ALPHA


def test_random_choices_are_uniform_among_the_legal_ones():
    """Every decision of the random policy, checked against the exact law: a lead is
    each held card with chance 1/m and each of its 4 combinations with chance 1/4; a
    follow is each legal card (held cards showing the call, or else all held cards)
    with chance 1/m. Pooled chi-square goodness of fit over 20,000 rounds, p >= ALPHA.
    Legality is recomputed here from the card counts."""
    fast = play_rounds(20_000, 4, "random", seed=77)
    n, players, cards = fast.hands.shape
    show = np.array([[shows(card, combo) for combo in COMBINATIONS] for card in DECK])
    # the trick in which each card of each hand was played
    seat_at = (fast.leaders[:, :, None] + np.arange(players)) % players  # (n, tricks, position)
    when = np.full((n, players, cards), -1)
    for t in range(cards):
        for position in range(players):
            seat = seat_at[:, t, position]
            slot = (fast.hands[np.arange(n), seat] == fast.plays[:, t, position][:, None]).argmax(1)
            when[np.arange(n), seat, slot] = t
    assert (when >= 0).all()
    counts: dict[int, np.ndarray] = {}  # m -> how often the k-th legal card was chosen
    shapes = np.zeros(4, dtype=int)
    for t in range(cards):
        call = fast.calls[:, t]
        for position in range(players):
            seat = seat_at[:, t, position]
            hand = fast.hands[np.arange(n), seat]  # (n, cards) card numbers
            held = when[np.arange(n), seat] >= t
            chosen = when[np.arange(n), seat] == t
            if position == 0:
                legal = held
                shapes += np.bincount(call // 3, minlength=4)
            else:
                able = held & show[hand, call[:, None]]
                legal = np.where(able.any(axis=1)[:, None], able, held)
            assert (chosen & legal).sum(axis=1).tolist() == [1] * n  # a legal card, once
            m = legal.sum(axis=1)
            k = (np.cumsum(legal, axis=1) * chosen).sum(axis=1) - 1
            for size in np.unique(m):
                if size > 1:
                    table = counts.setdefault(int(size), np.zeros(size, dtype=int))
                    table += np.bincount(k[m == size], minlength=size)
    observed = np.concatenate([table for table in counts.values()] + [shapes])
    expected = np.concatenate(
        [np.full(len(t), t.sum() / len(t)) for t in counts.values()] + [np.full(4, n * cards / 4)]
    )
    groups = len(counts) + 1
    assert stats.chisquare(observed, expected, ddof=groups - 1).pvalue >= ALPHA


def test_first_trick_chance_matches_exact_value():
    """2 players, 1 card: the chance the leader wins, exact, against 200,000 fast rounds.

    The leader holds a, calls one of a's 4 combinations k (each 1/4); the other
    player holds b (any of the other 80 cards) and wins iff b shows k with face value
    >= a's (ties go to the later card). Tolerance: 4 standard errors.
    """
    wins = 0
    for a, b in itertools.permutations(DECK, 2):
        wins += sum(not (shows(b, k) and b.value >= a.value) for k in a.combinations)
    exact = Fraction(wins, 81 * 80 * 4)
    fast = play_rounds(200_000, 2, "random", seed=9, cards_per_hand=1)
    leader_wins = fast.winners[:, 0] == (fast.dealer + 1) % 2
    estimate = leader_wins.mean()
    se = np.sqrt(float(exact) * (1 - float(exact)) / len(fast))
    assert abs(estimate - float(exact)) < 4 * se
    # with one card the dealer is forced to copy the first bid (bids may not total 1)
    assert (fast.bids[:, 0] == fast.bids[:, 1]).all()


@pytest.mark.parametrize(("players", "cards"), [(4, 8), (3, 2), (10, 1)])
def test_random_bids_follow_the_exact_distribution(players, cards):
    """Chi-square goodness of fit, p >= ALPHA: non-dealers bid uniformly on 0..cards;
    the dealer uniformly among the legal bids. Exact law: with T the others' total,
    the dealer may not bid cards - T when T <= cards."""
    fast = play_rounds(30_000, players, "random", seed=players + cards, cards_per_hand=cards)
    seat = (fast.dealer.astype(int) + 1) % players
    first = fast.bids[np.arange(len(fast)), seat]
    observed = np.bincount(first, minlength=cards + 1)
    assert stats.chisquare(observed).pvalue >= ALPHA
    # exact law of the dealer's bid: convolve the others' uniform bids
    others = {0: Fraction(1)}
    for _ in range(players - 1):
        step: dict[int, Fraction] = {}
        for total, p in others.items():
            for bid in range(cards + 1):
                step[total + bid] = step.get(total + bid, 0) + p / (cards + 1)
        others = step
    law = [Fraction(0)] * (cards + 1)
    for total, p in others.items():
        allowed = [b for b in range(cards + 1) if b != cards - total]
        for bid in allowed:
            law[bid] += p / len(allowed)
    assert sum(law) == 1
    dealer_bids = fast.bids[np.arange(len(fast)), fast.dealer]
    observed = np.bincount(dealer_bids, minlength=cards + 1)
    expected = np.array([float(p) for p in law]) * len(fast)
    assert stats.chisquare(observed, expected).pvalue >= ALPHA


# --- invariants -------------------------------------------------------------------------


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_every_round_obeys_the_rules(bots):
    for players, cards in SHAPES:
        fast = play_rounds(20, players, bots, cards_per_hand=cards, seed=players * 100 + cards)
        n = len(fast)
        assert fast.dealer.tolist() == [i % players for i in range(n)]  # the deal passes left
        # every card dealt is played exactly once
        assert (
            np.sort(fast.plays.reshape(n, -1), 1) == np.sort(fast.hands.reshape(n, -1), 1)
        ).all()
        assert (fast.tricks.sum(axis=1) == cards).all()
        assert (fast.bids.sum(axis=1) != cards).all()  # the dealer rule
        assert ((fast.bids >= 0) & (fast.bids <= cards)).all()
        expected = np.vectorize(expected_score)(fast.bids, fast.tricks)
        assert (fast.scores == expected).all()
        for r in range(n):
            hands = [set(cards_from_ids(h)) for h in fast.hands[r]]
            leader = (int(fast.dealer[r]) + 1) % players
            for t in range(cards):
                assert fast.leaders[r, t] == leader
                call = COMBINATIONS[int(fast.calls[r, t])]
                played = list(cards_from_ids(fast.plays[r, t]))
                assert shows(played[0], call)
                for position, card in enumerate(played):
                    seat = (leader + position) % players
                    assert card in hands[seat]
                    if position and not shows(card, call):  # followers follow when able
                        assert not any(shows(c, call) for c in hands[seat])
                    hands[seat].remove(card)
                leader = (leader + winner_position(played, call)) % players
                assert fast.winners[r, t] == leader


def test_fixed_dealer_and_batches(monkeypatch):
    monkeypatch.setattr(fastsim, "BATCH", 7)  # many small batches
    fast = play_rounds(30, 3, dealer=2, cards_per_hand=2, seed=1)
    assert (fast.dealer == 2).all() and len(fast) == 30
    rotating = play_rounds(30, 4, cards_per_hand=3, seed=1)
    assert rotating.dealer.tolist() == [i % 4 for i in range(30)]
    assert (rotating.tricks.sum(axis=1) == 3).all()


def test_deal_with_a_fixed_hand():
    hand = Hand.parse("3133 1111 2222")
    deals = deal_rounds(500, 5, hand=hand, seat=3, seed=2)
    assert deals.shape == (500, 5, 3)
    assert (deals[:, 3] == card_ids(hand)).all()
    others = np.delete(deals, 3, axis=1).reshape(500, -1)
    assert not np.isin(others, card_ids(hand)).any()
    assert all(len(set(row)) == 12 for row in others.tolist())
    # the other 78 cards are all dealt sometimes, about equally often
    counts = np.bincount(others.ravel(), minlength=81)
    assert (counts[card_ids(hand)] == 0).all() and (np.delete(counts, card_ids(hand)) > 40).all()


# --- seeds and tables ------------------------------------------------------------------------


def test_same_seed_same_rounds():
    a = play_rounds(3000, 5, ["random", "heuristic"] * 2 + ["random"], cards_per_hand=6, seed=8)
    b = play_rounds(3000, 5, ["random", "heuristic"] * 2 + ["random"], cards_per_hand=6, seed=8)
    for field in ("hands", "dealer", "bids", "tricks", "scores", "plays", "calls", "winners"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
    c = play_rounds(3000, 5, cards_per_hand=6, seed=9)
    assert not np.array_equal(a.hands, c.hands)
    assert simulate_rounds(500, seed=4).equals(simulate_rounds(500, seed=4))
    assert np.array_equal(deal_rounds(50, seed=3), deal_rounds(50, seed=np.random.default_rng(3)))


def test_heuristic_play_is_deterministic_given_the_deal():
    hands = deal_rounds(200, 4, seed=5)
    a = play_rounds(hands=hands, bots="heuristic", seed=1)
    b = play_rounds(hands=hands, bots="heuristic", seed=2)
    assert np.array_equal(a.plays, b.plays) and np.array_equal(a.bids, b.bids)


def test_table_columns_and_types():
    table = simulate_rounds(1000, 3, ["heuristic", "random", "random"], cards_per_hand=5, seed=1)
    assert tuple(table.columns) == COLUMNS
    assert len(table) == 3000
    assert table["round"].tolist()[:6] == [1, 1, 1, 2, 2, 2]
    assert table["seat"].tolist()[:6] == [0, 1, 2, 0, 1, 2]
    assert table.loc[table["seat"] == 0, "bot"].eq("heuristic").all()
    assert table.groupby("round")["dealer"].sum().eq(1).all()
    assert table.loc[table["round"] == 5, "dealer"].tolist() == [False, True, False]
    assert (table["made"] == (table["bid"] == table["tricks"])).all()
    assert table.groupby("round")["tricks"].sum().eq(5).all()
    # the heuristic bot beats random players clearly
    means = table.groupby("bot", observed=True)["score"].mean()
    assert means["heuristic"] > means["random"] + 1


def test_table_is_a_drop_in_for_the_reference_simulator():
    from xactika_edu.engines import simulate

    for bots in ("random", ["heuristic", "random", "heuristic"], None):
        reference = simulate.simulate_rounds(4, 3, bots, 5, 2)
        fast = simulate_rounds(4, 3, bots, 5, 2)
        assert list(fast.columns) == list(reference.columns)
        assert fast.dtypes.equals(reference.dtypes)
        for column in ("round", "seat", "bot", "dealer"):
            assert fast[column].equals(reference[column])


def test_progress_bar_is_silent_by_default(capsys):
    quiet = simulate_rounds(50, 2, "random", 3, 2)
    assert capsys.readouterr().err == ""
    shown = simulate_rounds(50, 2, "random", 3, 2, True)
    assert "50/50" in capsys.readouterr().err
    assert shown.equals(quiet)


def test_a_fast_round_as_a_transcript():
    text = str(play_rounds(1, 2, cards_per_hand=3, seed=1).round(0))
    assert text.startswith("2 players, 3 cards each; dealer: player 0")
    assert text.count("trick ") == 3 and "scores:" in text


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: play_rounds(10, players=11), r"players must be from 2 to 10, got 11"),
        (lambda: play_rounds(10, players=1), r"players must be from 2 to 10, got 1"),
        (lambda: play_rounds(10, cards_per_hand=9), r"cards_per_hand must be from 1 to 8, got 9"),
        (lambda: play_rounds(0), r"n \(rounds\) must be from 1 to 10000000, got 0"),
        (lambda: play_rounds(2.5), r"n \(rounds\) must be a whole number .* got 2.5"),
        (lambda: play_rounds(True), r"got True"),
        (lambda: play_rounds(), r"give n"),
        (lambda: play_rounds(5, bots="smart"), r"unknown bot 'smart'"),
        (lambda: play_rounds(5, 3, bots=["random", "random"]), r"one bot per player \(3\)"),
        (lambda: play_rounds(5, bots=7), r"bots must be a policy name .* got 7"),
        (lambda: play_rounds(5, dealer=4), r"dealer must be from 0 to 3, got 4"),
        (lambda: play_rounds(5, seed=-1), r"seed must be .* got -1"),
        (lambda: play_rounds(5, seed="x"), r"seed must be .* got 'x'"),
        (lambda: play_rounds(hands=np.zeros((2, 3))), r"got shape \(2, 3\)"),
        (
            lambda: play_rounds(hands=np.zeros((1, 2, 1), dtype=int)),
            r"card 1111 is dealt twice in round 0",
        ),
        (lambda: play_rounds(hands=[[[0], [81]]]), r"card numbers are 0 to 80, got 81"),
        (lambda: play_rounds(hands=[[[0.5], [1.0]]]), r"got dtype float64"),
        (lambda: play_rounds(hands=np.zeros((1, 11, 1))), r"players .* got 11"),
        (lambda: play_rounds(3, hands=deal_rounds(2)), r"n is 3 but hands hold 2 rounds"),
        (lambda: deal_rounds(5, 12), r"players must be from 2 to 10, got 12"),
        (lambda: deal_rounds(5, hand=["1111", "1111"]), r"card 1111 is in the hand twice"),
        (lambda: deal_rounds(5, hand=["1111"], cards_per_hand=3), r"cards_per_hand is 3 but"),
        (lambda: deal_rounds(5, hand=["1111"], seat=4), r"seat must be from 0 to 3, got 4"),
        (lambda: cards_from_ids([81]), r"card numbers are 0 to 80, got 81"),
        (lambda: replay_rounds([]), r"at least one round"),
        (lambda: replay_rounds([Round.deal(2, seed=1)]), r"round 0 is not over \(bid phase\)"),
        (lambda: play_rounds(2, 2, cards_per_hand=1, seed=1).round(2), r"round index .* got 2"),
    ],
)
def test_bad_input_names_the_value(call, message):
    with pytest.raises(XactikaError, match=message):
        call()


def test_bad_notation_is_a_notation_error():
    with pytest.raises(NotationError, match="'4111'"):
        card_ids(["4111"])
    with pytest.raises(NotationError, match="'9999'"):
        deal_rounds(5, hand="9999")


def test_replay_needs_one_shape():
    rng = np.random.default_rng(1)
    a = play_randomly(Round.deal(2, seed=1, cards_per_hand=1), rng)
    b = play_randomly(Round.deal(3, seed=1, cards_per_hand=1), rng)
    with pytest.raises(XactikaError, match=r"same shape, got \[\(2, 1\), \(3, 1\)\]"):
        replay_rounds([a, b])


def test_module_functions_name_input_that_is_not_a_list():
    # Before: TypeError / AttributeError / numpy's ValueError (issue #9, item 19).
    with pytest.raises(XactikaError, match="cards must be a list like"):
        fastsim.card_ids(None)
    with pytest.raises(XactikaError, match="card numbers must be a list of 0 to 80"):
        fastsim.cards_from_ids([[1, 2], [3]])
    with pytest.raises(XactikaError, match="rounds must be a list like"):
        fastsim.replay_rounds(None)
    with pytest.raises(XactikaError, match="replay_rounds needs Round objects, got 'x'"):
        fastsim.replay_rounds(["x"])


# --- starting the batch engine mid-hand ------------------------------------------------


class Stop(Exception):
    """Raised by StopAt to leave the batch engine at a given step."""


class StopAt(ReplayPolicy):
    """Replays a round and stops the engine before play number ``at`` (0 = first lead)."""

    def __init__(self, at: int, *args: np.ndarray) -> None:
        super().__init__(*args)
        self.at = at

    def _slot(self, state, rows, legal):
        if state.played == self.at:
            raise Stop
        return super()._slot(state, rows, legal)


@pytest.mark.parametrize("players, cards", [(2, 3), (4, 8), (5, 6), (10, 8)])
def test_a_state_built_mid_hand_is_the_state_reached_by_playing(players, cards):
    """BatchState.at(position of a view, the real hands) holds exactly what the engine
    holds after playing the same bids and cards from the deal."""
    rng = np.random.default_rng(players * 100 + cards)
    for _ in range(8):
        stop = int(rng.integers(0, players * cards))
        rnd = Round.deal(players, dealer=int(rng.integers(players)), seed=rng, cards_per_hand=cards)
        done = play_randomly(rnd, rng)
        fast = replay_rounds([done])
        played = Round.from_hands(done.starting_hands, dealer=done.dealer)
        for seat in played.bidding_order:
            played.bid(done.bids[seat])
        for play in done.plays[:stop]:
            played.play(play)
        reached = BatchState.deal(fast.hands, fast.dealer)
        with pytest.raises(Stop):
            run(reached, [StopAt(stop, fast.bids, fast.plays, fast.calls)] * players)
        view = played.view(played.current_player)
        built = BatchState.at(position_of(view), fast.hands)
        assert (built.trick, built.position, built.bidding) == (
            reached.trick,
            reached.position,
            reached.bidding,
        )
        for name in ("hand", "held", "showing", "bids", "won", "played_ge", "private_ge",
                     "voids", "void_count", "seat", "leader"):  # fmt: skip
            assert np.array_equal(getattr(built, name), getattr(reached, name)), name
        if built.position:
            for name in ("call", "best", "winner"):
                assert np.array_equal(getattr(built, name), getattr(reached, name)), name
        t = built.trick
        assert np.array_equal(built.plays[:, :t], reached.plays[:, :t])
        assert np.array_equal(built.winners[:, :t], reached.winners[:, :t])
        assert np.array_equal(
            built.plays[:, t, : built.position], reached.plays[:, t, : built.position]
        )
