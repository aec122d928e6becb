"""The rules engine: the seed's worked example, rule invariants over random rounds,
move-generator counts against brute force, bad input, views, records and games.

Every rule checked here is recomputed in the test from the card counts themselves
(never through the engine's own helpers). Source of the rules: RULES.md.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from _support import play_randomly, reachable_objects
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, NotationError, XactikaError
from xactika_edu.core.cards import DECK, Card, Combination, Hand, Shape, deal
from xactika_edu.core.game import (
    BID,
    OVER,
    PLAY,
    Game,
    Play,
    PlayerView,
    Round,
    Trick,
    score,
    trick_winner,
)

# --- independent re-statements of the rules (from RULES.md, not from the engine) ------


def shows(card: Card, call: Combination) -> bool:
    return card.counts[int(call.shape)] == call.count


def expected_winner_position(cards: list[Card], call: Combination) -> int:
    """Highest face value among cards showing the call; among equals, the last played."""
    eligible = [(card.value, position) for position, card in enumerate(cards) if shows(card, call)]
    return max(eligible)[1]  # max value, then max position: the later card wins ties


def expected_score(bid: int, tricks: int) -> int:
    if bid == tricks:
        return tricks
    return -abs(tricks - bid)


def expected_legal_plays(hand: Hand, call: Combination | None) -> set[Play]:
    if call is None:
        return {
            Play(card, Combination(shape, card.counts[shape])) for card in hand for shape in Shape
        }
    able = [card for card in hand if shows(card, call)]
    return {Play(card) for card in (able or hand)}


def expected_legal_bids(bids_so_far: list[int], is_dealer: bool, cards: int) -> set[int]:
    allowed = set(range(cards + 1))
    if is_dealer:
        allowed.discard(cards - sum(bids_so_far))
    return allowed


# --- the worked example (seed 002) -------------------------------------------------

# Seed 002 ("UN EJEMPLO") shows the cards only as pictures, so we choose concrete cards
# that fit every step of its story. Anne is player 0; Tim is player 1 and deals, so
# Anne (the dealer's left) bids and leads first.
#   Anne: 2332 (a 10 with 2 balls), 1312 (a 7 without 2 cubes: 3 cubes),
#         3122 (an 8 with 2 stars; 1 cube). No card of Anne's shows 2 cubes, so she
#         cannot follow Tim's "2 cubes" in trick 2.
#   Tim:  2233 (a 10 with 2 balls), 1212 (a 6 with 2 cubes), 1112 (a 5 with 2 stars).
#         2233 is Tim's only card with 2 balls, so his follow in trick 1 is forced.
# Anne's 10 is spent in trick 1, so it cannot take a later trick; in trick 3 her
# 3122 is her only 2-star card, so her follow is forced too, and 8 beats Tim's 5.
ANNE = Hand.parse("2332 1312 3122")
TIM = Hand.parse("2233 1212 1112")


def worked_example() -> Round:
    return Round.from_hands([ANNE, TIM], dealer=1)


def test_worked_example_cards_fit_the_story():
    assert [card.value for card in ANNE] == [10, 7, 8]
    assert [card.value for card in TIM] == [10, 6, 5]
    two_balls, two_cubes, two_stars = (Combination.parse(t) for t in ("2ba", "2cu", "2st"))
    assert shows(ANNE[0], two_balls) and shows(TIM[0], two_balls)
    assert not any(shows(card, two_cubes) for card in ANNE)
    assert shows(TIM[1], two_cubes) and shows(TIM[2], two_stars) and shows(ANNE[2], two_stars)


def test_worked_example_replayed_exactly():
    rnd = worked_example()
    assert (rnd.phase, rnd.current_player, rnd.bidding_order) == (BID, 0, (0, 1))
    rnd.bid(1)  # Anne: "she has a 10, so she bids 1"
    # Tim may not bid 2: 1 + 2 = 3, the number of cards.
    assert rnd.legal_bids() == [0, 1, 3]
    with pytest.raises(IllegalBidError, match=r"^dealer \(player 1\) may not bid 2: the bids "):
        rnd.bid(2)
    rnd.bid(1)
    assert rnd.bids == (1, 1) and rnd.phase == PLAY and rnd.current_player == 0

    # trick 1: Anne leads her 10 calling 2 balls; Tim's only 2-ball card is his 10.
    rnd.play("2332", "2 balls")
    assert rnd.legal_plays() == [Play.parse("2233")]
    rnd.play("2233")
    assert rnd.tricks[0].winner == 1  # the tie goes to the later card
    # trick 2: Tim leads his 6 calling 2 cubes; Anne has none and may play anything.
    assert rnd.current_player == 1
    rnd.play(Play.parse("1212:2cu"))
    assert set(rnd.legal_plays()) == {Play.parse("1312"), Play.parse("3122")}
    rnd.play("1312")
    assert rnd.tricks[1].winner == 1
    # trick 3: Tim leads his 5 calling 2 stars; Anne must follow with her 8 and wins.
    rnd.play(Card.parse("1112"), Combination.parse("2 stars"))
    assert rnd.legal_plays() == [Play.parse("3122")]
    rnd.play("3122")
    assert rnd.tricks[2].winner == 0

    assert rnd.is_over and rnd.phase == OVER and rnd.current_player is None
    assert rnd.tricks_won == (1, 2)
    assert rnd.scores() == (1, -1)  # Anne: exact, +1; Tim: took 2 of bid 1, -1
    assert rnd.transcript(names=["Anne", "Tim"]) == (
        "2 players, 3 cards each; dealer: Tim\n"
        "bids: Anne bids 1; Tim bids 1\n"
        "trick 1: Anne leads 2332 calling 2 balls; Tim plays 2233; Tim wins\n"
        "trick 2: Tim leads 1212 calling 2 cubes; Anne plays 1312; Tim wins\n"
        "trick 3: Tim leads 1112 calling 2 stars; Anne plays 3122; Anne wins\n"
        "scores: Anne +1 (bid 1, took 1); Tim -1 (bid 1, took 2)"
    )
    assert rnd.view(1).voids == ((Combination.parse("2 cubes"),), ())


# --- notation ------------------------------------------------------------------------


def test_play_notation_round_trips_over_the_deck():
    for card in DECK:
        plays = [Play(card)] + [Play(card, combination) for combination in card.combinations]
        for play in plays:
            assert Play.parse(str(play)) == play
            assert eval(repr(play)) == play
    assert str(Play("3213", "2 cubes")) == "3213:2cu"
    assert str(Play("3213")) == "3213"
    assert Play.parse("3213:2 cubes") == Play.parse("3213:2cu") == Play("3213", "two cubes")


@pytest.mark.parametrize("text", ["", "3213:", "3214:2cu", "3213:5cu", "3213:2xx", "3213 2cu"])
def test_play_parse_rejects_bad_notation_quoting_it(text):
    with pytest.raises(NotationError, match=re.escape(repr(text))):
        Play.parse(text)


def test_trick_repr_rebuilds():
    rnd = worked_example()
    rnd.bid(1)
    rnd.bid(1)
    rnd.play("2332:2ba")
    rnd.play("2233")
    trick = rnd.tricks[0]
    assert eval(repr(trick)) == trick
    assert trick.cards == (Card.parse("2332"), Card.parse("2233"))
    assert trick.winning_card == Card.parse("2233")


def test_score_and_trick_winner_helpers():
    for bid, tricks in itertools.product(range(9), repeat=2):
        assert score(bid, tricks) == expected_score(bid, tricks)
    assert score(3, 5) == -2 and score(0, 0) == 0  # RULES.md's examples
    rng = np.random.default_rng(0)
    for _ in range(300):
        cards = [DECK[i] for i in rng.choice(81, size=rng.integers(1, 11), replace=False)]
        call = cards[0].combinations[rng.integers(4)]
        assert trick_winner(cards, call) == expected_winner_position(cards, call)
    with pytest.raises(XactikaError, match="the lead 1111 does not show 2 cubes"):
        trick_winner(["1111", "2222"], "2 cubes")


# --- properties over random rounds ----------------------------------------------------


@st.composite
def random_rounds(draw):
    players = draw(st.integers(2, 10))
    cards = draw(st.integers(1, 8))
    dealer = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    policy = draw(st.integers(0, 2**32 - 1))
    return Round.deal(players, dealer=dealer, seed=seed, cards_per_hand=cards), policy


PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(random_rounds())
def test_random_rounds_obey_the_rules(case):
    rnd, policy = case
    rng = np.random.default_rng(policy)
    n, k, dealer = rnd.players, rnd.cards_per_hand, rnd.dealer
    start = rnd.starting_hands
    assert len({card for hand in start for card in hand}) == n * k

    # bidding: from the dealer's left, clockwise; the dealer may not make the total k
    bids_made: list[int] = []
    for position in range(n):
        seat = (dealer + 1 + position) % n
        assert rnd.phase == BID and rnd.current_player == seat
        legal = rnd.legal_bids()
        assert set(legal) == expected_legal_bids(bids_made, seat == dealer, k)
        assert rnd.view(seat).legal_bids() == legal
        bid = int(legal[rng.integers(len(legal))])
        rnd.bid(bid)
        bids_made.append(bid)
    assert sum(bids_made) != k
    assert rnd.phase == PLAY

    # play: legal plays match the rule restated here; a random legal one is played
    held = {seat: list(start[seat]) for seat in range(n)}
    while not rnd.is_over:
        seat = rnd.current_player
        assert rnd.hand(seat) == Hand(held[seat])
        legal = rnd.legal_plays()
        assert len(legal) == len(set(legal))
        assert set(legal) == expected_legal_plays(Hand(held[seat]), rnd.call)
        assert rnd.view(seat).legal_plays() == legal
        choice = legal[rng.integers(len(legal))]
        rnd.play(choice)
        held[seat].remove(choice.card)

    # every card dealt is played exactly once
    played = [play.card for trick in rnd.tricks for _, play in trick.plays]
    assert Counter(played) == Counter(card for hand in start for card in hand)
    assert len(rnd.tricks) == k

    # tricks: clockwise from the leader; followers follow when able; winner and ties
    leader = (dealer + 1) % n
    hands_now = {seat: set(start[seat]) for seat in range(n)}
    for trick in rnd.tricks:
        assert trick.leader == leader
        assert [seat for seat, _ in trick.plays] == [(leader + j) % n for j in range(n)]
        lead = trick.plays[0][1]
        assert lead.call == trick.call and shows(lead.card, trick.call)
        for seat, play in trick.plays[1:]:
            assert play.call is None
            if any(shows(card, trick.call) for card in hands_now[seat]):
                assert shows(play.card, trick.call)
        cards = [play.card for _, play in trick.plays]
        assert trick.winner == trick.plays[expected_winner_position(cards, trick.call)][0]
        for seat, play in trick.plays:
            hands_now[seat].remove(play.card)
        leader = trick.winner

    # tricks won sum to the hand size; scores follow the formula
    won = Counter(trick.winner for trick in rnd.tricks)
    assert rnd.tricks_won == tuple(won[seat] for seat in range(n))
    assert sum(rnd.tricks_won) == k
    bids = rnd.bids
    assert rnd.scores() == tuple(expected_score(bids[s], rnd.tricks_won[s]) for s in range(n))

    # the JSON record replays the same round
    record = json.loads(json.dumps(rnd.to_record()))
    again = Round.from_record(record)
    assert again == rnd
    assert again.to_record() == rnd.to_record()
    assert str(again) == str(rnd)
    assert eval(repr(rnd)) == rnd


@PROPERTY_SETTINGS
@given(random_rounds(), st.integers(0, 80))
def test_partial_records_replay_and_copies_are_independent(case, steps):
    rnd, policy = case
    play_randomly(rnd, np.random.default_rng(policy), stop_after=steps)
    again = Round.from_record(json.loads(json.dumps(rnd.to_record())))
    assert again == rnd and again.transcript() == rnd.transcript()
    if not rnd.is_over:
        before = rnd.copy()
        branch = rnd.copy()
        play_randomly(branch, np.random.default_rng(policy + 1))
        assert branch.is_over
        assert rnd == before  # acting on a copy leaves the original alone


def illegal_actions(rnd: Round) -> list[tuple[type[Exception], object]]:
    """Actions that break a rule now, each with the error it must raise."""
    n = rnd.players
    actions: list[tuple[type[Exception], object]] = []
    seat = rnd.current_player
    others_cards = [
        card for other in range(n) if other != seat for card in rnd.starting_hands[other]
    ]
    if rnd.phase == OVER:
        return [
            (IllegalBidError, lambda r: r.bid(0)),
            (IllegalPlayError, lambda r: r.play(r.starting_hands[0][0])),
        ]
    wrong_seat = (seat + 1) % n
    if rnd.phase == BID:
        top = rnd.cards_per_hand
        actions += [
            (IllegalBidError, lambda r: r.bid(top + 1)),
            (IllegalBidError, lambda r: r.bid(-1)),
            (IllegalBidError, lambda r: r.bid(1.0)),
            (IllegalBidError, lambda r: r.bid(0, player=wrong_seat)),
            (IllegalPlayError, lambda r: r.play(r.hand(seat)[0])),
        ]
        if seat == rnd.dealer:
            forbidden = top - sum(b for b in rnd.bids if b is not None)
            if 0 <= forbidden <= top:
                actions.append((IllegalBidError, lambda r: r.bid(forbidden)))
        return actions
    hand = rnd.hand(seat)
    actions += [
        (IllegalBidError, lambda r: r.bid(0)),
        (IllegalPlayError, lambda r: r.play(others_cards[0], others_cards[0].combinations[0])),
        (IllegalPlayError, lambda r: r.play(rnd.legal_plays()[0], player=wrong_seat)),
    ]
    call = rnd.call
    if call is None:
        card = hand[0]
        missing = next(
            c for c in (Combination(Shape.BALLS, n) for n in (1, 2, 3)) if c.count != card.balls
        )
        actions += [
            (IllegalPlayError, lambda r: r.play(card)),
            (IllegalPlayError, lambda r: r.play(card, missing)),
        ]
    else:
        actions.append((IllegalPlayError, lambda r: r.play(hand[0], call)))
        able = [card for card in hand if shows(card, call)]
        unable = [card for card in hand if not shows(card, call)]
        if able and unable:
            actions.append((IllegalPlayError, lambda r: r.play(unable[0])))
    return actions


@PROPERTY_SETTINGS
@given(random_rounds())
def test_rejected_actions_leave_the_round_unchanged(case):
    rnd, policy = case
    rng = np.random.default_rng(policy)
    while True:
        snapshot = rnd.copy()
        record = rnd.to_record()
        view = rnd.view(0)
        for error, action in illegal_actions(rnd):
            with pytest.raises(error):
                action(rnd)
            assert rnd == snapshot
            assert rnd.to_record() == record and rnd.view(0) == view
        if rnd.is_over:
            break
        play_randomly(rnd, rng, stop_after=1)


# --- perft: counting complete play sequences two independent ways ----------------------


def perft(rnd: Round) -> int:
    """Leaves of the play tree walked through legal_plays() (as chess engines count)."""
    plays = rnd.legal_plays()
    if not plays:
        assert rnd.is_over
        return 1
    total = 0
    for play in plays:
        child = rnd.copy()
        child.play(play)
        total += perft(child)
    return total


def brute_force_sequences(hands: list[Hand], first_leader: int) -> int:
    """Count play sequences without the engine.

    Every player plays exactly one card per trick, so a complete sequence is fixed by
    the order in which each player plays their cards (a permutation of each hand) and
    the shape the leader calls in each trick (4 choices); distinct choices give
    distinct sequences. Enumerate all of them and keep those that obey the follow
    rule, deciding each trick's winner (and so the next leader) from the card counts.
    """
    n, k = len(hands), len(hands[0])
    count = 0
    for orders in itertools.product(*(itertools.permutations(hand) for hand in hands)):
        for shapes in itertools.product(range(4), repeat=k):
            leader, legal = first_leader, True
            for t in range(k):
                shape = shapes[t]
                lead = orders[leader][t]
                need = lead.counts[shape]
                best_seat, best_value = leader, lead.value
                for j in range(1, n):
                    seat = (leader + j) % n
                    card = orders[seat][t]
                    follows = card.counts[shape] == need
                    still_held = orders[seat][t:]
                    if not follows and any(c.counts[shape] == need for c in still_held):
                        legal = False
                        break
                    if follows and card.value >= best_value:
                        best_seat, best_value = seat, card.value
                if not legal:
                    break
                leader = best_seat
            count += legal
    return count


PERFT_DEALS = [
    # (hands, dealer, bids, expected count). The counts were computed both ways below
    # and are pinned so that a change to the move generator shows up as a number.
    (["2222", "1111"], 0, [0, 0], 4),  # by hand: 4 calls, the follow is forced
    # 40 by hand too: player 0 leads; 2332 allows 1 + 2 + 1 + 1 follows over its four
    # calls (no 3-cube card opposite: either card), 1312 likewise 1 + 2 + 1 + 1; the last
    # trick has 4 calls and a forced follow: (5 + 5) x 4 = 40.
    (["2332 1312", "2233 1212"], 1, [0, 0], 40),
    (["2221 1322", "2231 3212", "1112 1233"], 2, [1, 0, 0], 92),
    (["2332 1312 3122", "2233 1212 1112"], 1, [1, 1], 1168),
    (["2121 1223 3312", "2212 3123 1133", "1222 2311 3231"], 0, [0, 0, 0], 1576),
]


@pytest.mark.parametrize(("hands", "dealer", "bids", "expected"), PERFT_DEALS)
def test_perft_matches_brute_force(hands, dealer, bids, expected):
    rnd = Round.from_hands(hands, dealer=dealer)
    for seat in rnd.bidding_order:
        rnd.bid(bids[seat])
    assert rnd.phase == PLAY
    walked = perft(rnd)
    brute = brute_force_sequences([Hand.parse(h) for h in hands], (dealer + 1) % len(hands))
    assert walked == brute == expected


@pytest.mark.parametrize(("players", "cards", "seed"), [(2, 2, 1), (4, 2, 2), (2, 3, 3)])
def test_perft_on_seeded_deals(players, cards, seed):
    rnd = Round.deal(players, dealer=players - 1, seed=seed, cards_per_hand=cards)
    while rnd.phase == BID:
        rnd.bid(rnd.legal_bids()[0])
    assert perft(rnd) == brute_force_sequences(list(rnd.starting_hands), 0)


# --- bad input: each refusal names the rule and the values ------------------------------


def three_player_round() -> Round:
    # Player 2 holds 1312 (3 cubes) and 2111 (1 cube); player 0 will lead 2331 calling
    # 3 cubes, player 1 has no 3-cube card.
    rnd = Round.from_hands(["2331 1111", "1121 2212", "1312 2111"], dealer=2)
    rnd.bid(0)
    rnd.bid(0)
    rnd.bid(0)
    return rnd


@pytest.mark.parametrize(
    ("setup", "action", "error", "message"),
    [
        ("bid", lambda r: r.bid(4), IllegalBidError, "player 0 may not bid 4: bids are 0 to 3"),
        ("bid", lambda r: r.bid(-1), IllegalBidError, "player 0 may not bid -1"),
        ("bid", lambda r: r.bid("2"), IllegalBidError, "must bid a whole number from 0 to 3"),
        ("bid", lambda r: r.bid(True), IllegalBidError, "got True"),
        (
            "bid",
            lambda r: r.bid(1, player=1),
            IllegalBidError,
            "it is player 0's turn to bid, not player 1's",
        ),
        (
            "bid",
            lambda r: r.play("2332:2ba"),
            IllegalPlayError,
            r"bidding is not finished: it is player 0's turn to bid \(play 2332:2ba refused\)",
        ),
        ("play", lambda r: r.bid(1), IllegalBidError, "bidding is over: no more bids"),
        (
            "play",
            lambda r: r.play("2332:2ba", player=1),
            IllegalPlayError,
            "it is player 0's turn to play, not player 1's",
        ),
        ("play", lambda r: r.play("2233:2ba"), IllegalPlayError, "player 0 does not hold 2233"),
        ("play", lambda r: r.play("2332:1ba"), IllegalPlayError, "card 2332 does not show 1 ball"),
        (
            "play",
            lambda r: r.play("2332"),
            IllegalPlayError,
            "player 0 leads and must call a combination on 2332: play 2332:2ba or 2332:3cu",
        ),
        ("play", lambda r: r.play("9999"), NotationError, "cannot read play '9999'"),
        ("play", lambda r: r.play("2332", "4 cubes"), NotationError, "'4 cubes'"),
        (
            "play",
            lambda r: r.play(Play.parse("2332:2ba"), "2 balls"),
            XactikaError,
            "give the call once",
        ),
        (
            "trick",
            lambda r: r.play("1212"),
            IllegalPlayError,
            "player 1 must follow 2 balls: holds 2233",
        ),
        (
            "trick",
            lambda r: r.play("2233:2ba"),
            IllegalPlayError,
            "player 1 follows and may not call a combination: 2 balls was called",
        ),
        ("over", lambda r: r.bid(0), IllegalBidError, "the round is over: no more bids"),
        (
            "over",
            lambda r: r.play("2332"),
            IllegalPlayError,
            "the round is over: all 3 tricks are played",
        ),
    ],
)
def test_illegal_actions_name_the_rule_and_values(setup, action, error, message):
    rnd = worked_example()
    if setup != "bid":
        rnd.bid(1)
        rnd.bid(1)
    if setup == "trick":
        rnd.play("2332:2ba")
    if setup == "over":
        for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
            rnd.play(play)
    before = rnd.copy()
    with pytest.raises(error, match=message):
        action(rnd)
    assert rnd == before


def test_must_follow_message_lists_the_cards_that_follow():
    rnd = three_player_round()
    rnd.play("2331:3cu")
    rnd.play("1121")  # player 1 holds no 3-cube card: free to play anything
    with pytest.raises(IllegalPlayError, match=r"^player 2 must follow 3 cubes: holds 1312$"):
        rnd.play("2111")
    rnd.play("1312")
    assert rnd.tricks[0].winner == 0  # 2331 (9) beats 1312 (7); 1121 cannot win
    assert rnd.view(2).voids[1] == (Combination.parse("3 cubes"),)


def test_errors_are_value_errors():
    assert issubclass(IllegalBidError, XactikaError) and issubclass(IllegalPlayError, ValueError)
    assert not issubclass(IllegalPlayError, IllegalBidError)


@pytest.mark.parametrize(
    ("hands", "dealer", "message"),
    [
        (["1111"], 0, "a round needs 2 to 10 hands, one per player, got 1"),
        ([[c] for c in DECK[:11]], 0, "got 11"),
        (["1111 2222", "3333"], 0, "every hand must have the same number of cards, got 2, 1"),
        (["1111", "1111"], 0, "card 1111 is dealt twice: to player 0 and 1"),
        ([" ".join(map(str, DECK[:9])), " ".join(map(str, DECK[9:18]))], 0, "got 9"),
        (["", ""], 0, "a hand has 1 to 8 cards, got 0"),
        (["1111", "2222"], 2, "dealer must be from 0 to 1, got 2"),
        ("1111 2222", 0, "hands must be a list of hands"),
    ],
)
def test_from_hands_rejects_bad_deals(hands, dealer, message):
    with pytest.raises(XactikaError, match=re.escape(message)):
        Round.from_hands(hands, dealer=dealer)


def test_other_bad_requests():
    rnd = worked_example()
    with pytest.raises(XactikaError, match="the round is not over"):
        rnd.scores()
    with pytest.raises(XactikaError, match="seat must be from 0 to 1, got 2"):
        rnd.view(2)
    with pytest.raises(XactikaError, match="players must be from 2 to 10, got 11"):
        Round.deal(11)
    with pytest.raises(XactikaError, match="give one name per player"):
        rnd.transcript(names=["Anne"])


def test_round_accepts_hands_in_any_form():
    as_text = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    as_hands = Round.from_hands([ANNE, TIM], dealer=1)
    as_lists = Round([list(map(str, ANNE)), list(TIM)], dealer=1)
    assert as_text == as_hands == as_lists
    dealt = deal(players=3, seed=4, cards_per_hand=5)
    assert Round.deal(3, seed=4, cards_per_hand=5) == Round.from_hands(dealt)
    assert Round.deal(3, seed=4, cards_per_hand=5).starting_hands == tuple(dealt)


def test_dealer_restriction_lifts_when_the_forbidden_bid_is_out_of_range():
    # 2 players, 3 cards: after a bid of 3 the dealer may not bid 0.
    rnd = worked_example()
    rnd.bid(3)
    assert rnd.legal_bids() == [1, 2, 3]  # 0 is forbidden: 3 + 0 = 3
    rnd = Round.from_hands(["2332 1312 3122", "2233 1212 1112", "1111 2222 3333"], dealer=2)
    rnd.bid(3)
    rnd.bid(3)
    assert rnd.legal_bids() == [0, 1, 2, 3]  # would need -3: no restriction


# --- views ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(random_rounds(), st.integers(0, 80))
def test_a_view_holds_no_hidden_cards(case, steps):
    rnd, policy = case
    play_randomly(rnd, np.random.default_rng(policy), stop_after=steps)
    for seat in range(rnd.players):
        view = rnd.view(seat)
        hidden = {card for other in range(rnd.players) if other != seat for card in rnd.hand(other)}
        reachable = reachable_objects(view)
        assert not any(isinstance(obj, Round) for obj in reachable)
        assert not any(isinstance(obj, Card) and obj in hidden for obj in reachable)
        assert not hasattr(view, "__dict__")  # slots: nothing can be tucked on
        tokens = set(re.findall(r"\b[1-3]{4}\b", repr(view) + str(view)))
        assert not tokens & {str(card) for card in hidden}
        # what the view does show
        assert view.hand == rnd.hand(seat)
        assert view.bids == rnd.bids and view.tricks_won == rnd.tricks_won
        assert view.tricks == rnd.tricks and view.current_trick == rnd.current_trick
        assert view.current_player == rnd.current_player and view.phase == rnd.phase
        assert view.cards_held == tuple(len(rnd.hand(s)) for s in range(rnd.players))
        unseen = view.unseen_cards()
        played = {play.card for play in rnd.plays}
        assert set(unseen) == set(DECK) - set(rnd.hand(seat)) - played
        assert hidden <= set(unseen)


@PROPERTY_SETTINGS
@given(random_rounds())
def test_voids_are_exactly_the_calls_not_followed(case):
    rnd, policy = case
    play_randomly(rnd, np.random.default_rng(policy))
    expected: list[set[Combination]] = [set() for _ in range(rnd.players)]
    for trick in rnd.tricks:
        for seat, play in trick.plays[1:]:
            if not shows(play.card, trick.call):
                expected[seat].add(trick.call)
                # a void is real: from that trick on, the seat held no card with the call
                later = [p.card for t in rnd.tricks for s, p in t.plays if s == seat]
                assert not any(shows(card, trick.call) for card in later[rnd.tricks.index(trick) :])
    view = rnd.view(0)
    assert [set(v) for v in view.voids] == expected
    assert all(list(v) == sorted(v) for v in view.voids)


def test_view_is_frozen_and_readable():
    rnd = worked_example()
    rnd.bid(1)
    view = rnd.view(1)
    assert isinstance(view, PlayerView)
    with pytest.raises(AttributeError):
        view.hand = ANNE  # type: ignore[misc]
    assert view.legal_bids() == [0, 1, 3] and rnd.view(0).legal_bids() == []
    assert view.legal_plays() == []
    assert str(view).splitlines()[0] == "player 1 (dealer) holds 2233 1212 1112"


# --- records ---------------------------------------------------------------------------


def finished_example_record() -> dict:
    rnd = worked_example()
    rnd.bid(1)
    rnd.bid(1)
    for play in ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"]:
        rnd.play(play)
    return rnd.to_record()


def test_round_record_is_compact_json():
    record = finished_example_record()
    assert record == {
        "players": 2,
        "dealer": 1,
        "hands": ["2332 1312 3122", "2233 1212 1112"],
        "bids": [1, 1],
        "plays": ["2332:2ba", "2233", "1212:2cu", "1312", "1112:2st", "3122"],
    }
    assert Round.from_record(json.loads(json.dumps(record))).scores() == (1, -1)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda r: r["bids"].__setitem__(1, 2), IllegalBidError, r"dealer \(player 1\) may not"),
        (lambda r: r["plays"].__setitem__(1, "1212"), IllegalPlayError, "must follow 2 balls"),
        (lambda r: r["plays"].__setitem__(0, "2332"), IllegalPlayError, "must call"),
        (lambda r: r["plays"].append("2332:2ba"), IllegalPlayError, "the round is over"),
        (
            lambda r: r["plays"].__setitem__(2, "1312:3cu"),
            IllegalPlayError,
            "player 1 does not hold 1312",
        ),
        (lambda r: r.__setitem__("bids", [None, 1]), XactikaError, "out of turn"),
        (lambda r: r.__setitem__("bids", [1, None]), IllegalPlayError, "bidding is not finished"),
        (lambda r: r.__setitem__("hands", ["2332 1312 3122"]), XactikaError, "one hand per"),
        (lambda r: r.__delitem__("plays"), XactikaError, "missing 'plays'"),
        (lambda r: r["plays"].__setitem__(0, "23x2:2ba"), NotationError, "cannot read play"),
    ],
)
def test_tampered_round_records_are_refused(change, error, message):
    record = finished_example_record()
    change(record)
    with pytest.raises(error, match=message):
        Round.from_record(record)


# --- games -------------------------------------------------------------------------------


def play_game(game: Game, policy: int) -> Game:
    rng = np.random.default_rng(policy)
    while True:
        play_randomly(game.current_round, rng)
        if game.is_over:
            return game
        game.next_round()


def test_game_deal_passes_left_and_is_reproducible():
    game = play_game(Game.new(players=4, seed=11, first_dealer=2), policy=1)
    assert game.is_over and len(game.rounds) == 8
    assert [rnd.dealer for rnd in game.rounds] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [rnd.bidding_order[0] for rnd in game.rounds] == [3, 0, 1, 2, 3, 0, 1, 2]
    assert all(rnd.cards_per_hand == 8 and rnd.is_over for rnd in game.rounds)
    deals = [rnd.starting_hands for rnd in game.rounds]
    assert len(set(deals)) == 8  # fresh shuffles each hand
    again = play_game(Game.new(players=4, seed=11, first_dealer=2), policy=1)
    assert [rnd.starting_hands for rnd in again.rounds] == deals and again == game
    other = Game.new(players=4, seed=12, first_dealer=2)
    assert other.current_round.starting_hands != deals[0]


def test_score_sheet_totals():
    game = play_game(Game.new(players=3, seed=5), policy=2)
    sheet = game.score_sheet()
    assert list(sheet.columns) == ["hand", "player", "dealer", "bid", "tricks", "score", "total"]
    assert len(sheet) == 8 * 3
    assert sheet["hand"].tolist() == [h for h in range(1, 9) for _ in range(3)]
    assert sheet.groupby("hand")["dealer"].sum().tolist() == [1] * 8
    assert sheet.groupby("hand")["tricks"].sum().tolist() == [8] * 8
    assert sheet.groupby("hand")["bid"].sum().ne(8).all()  # the dealer restriction
    recomputed = [expected_score(b, t) for b, t in zip(sheet["bid"], sheet["tricks"], strict=True)]
    assert sheet["score"].tolist() == recomputed
    cumulative = sheet.groupby("player")["score"].cumsum()
    pd.testing.assert_series_equal(sheet["total"], cumulative, check_names=False)
    final = sheet[sheet["hand"] == 8].sort_values("player")["total"].tolist()
    assert tuple(final) == game.totals()
    assert game.winners() == tuple(s for s, t in enumerate(final) if t == max(final))


def test_winners_share_ties():
    # Two players, two one-card hands, everyone bids 0 where legal: search seeds for a
    # game that ends level (each player took one trick: -1 each) and one that does not.
    tied = untied = None
    for seed in range(60):
        game = Game.new(players=2, seed=seed, hands=2, cards_per_hand=1)
        while True:
            rnd = game.current_round
            while rnd.phase == BID:
                rnd.bid(rnd.legal_bids()[0])
            while not rnd.is_over:
                rnd.play(rnd.legal_plays()[0])
            if game.is_over:
                break
            game.next_round()
        totals = game.totals()
        if totals[0] == totals[1]:
            tied = tied or game
        else:
            untied = untied or game
    assert tied is not None and untied is not None
    assert tied.winners() == (0, 1)
    totals = untied.totals()
    assert untied.winners() == (totals.index(max(totals)),)
    assert "winner(s): player 0, player 1" in str(tied)


def test_game_refuses_out_of_order_requests():
    game = Game.new(players=2, seed=1, hands=2, cards_per_hand=2)
    with pytest.raises(XactikaError, match="hand 1 of 2 is not over yet"):
        game.next_round()
    with pytest.raises(XactikaError, match="the game is not over: hand 1 of 2 is being played"):
        game.winners()
    play_game(game, policy=3)
    with pytest.raises(XactikaError, match="the game is over: all 2 hands are played"):
        game.next_round()
    with pytest.raises(XactikaError, match="hands must be from 1 to 8, got 9"):
        Game.new(players=2, hands=9)
    with pytest.raises(XactikaError, match="first_dealer must be from 0 to 2, got 3"):
        Game.new(players=3, first_dealer=3)


def test_game_seed_from_generator_or_none_is_kept_whole():
    game = Game.new(players=2, seed=np.random.default_rng(3))
    assert isinstance(game.seed, int)
    assert Game.new(players=2, seed=game.seed) == game
    assert isinstance(Game.new(players=2).seed, int)


def test_game_record_replays_exactly():
    game = play_game(Game.new(players=5, seed=21, hands=3, cards_per_hand=4), policy=4)
    record = json.loads(json.dumps(game.to_record()))
    again = Game.from_record(record)
    assert again == game and again.is_over
    assert again.score_sheet().equals(game.score_sheet())
    assert str(again) == str(game)
    # a game in progress replays too
    partial = Game.new(players=3, seed=8, hands=2, cards_per_hand=2)
    play_randomly(partial.current_round, np.random.default_rng(0), stop_after=5)
    assert Game.from_record(json.loads(json.dumps(partial.to_record()))) == partial
    assert eval(repr(partial)) == partial


def test_tampered_game_records_are_refused():
    game = play_game(Game.new(players=2, seed=21, hands=2, cards_per_hand=3), policy=4)
    record = game.to_record()
    changed = json.loads(json.dumps(record))
    changed["seed"] = 22
    with pytest.raises(XactikaError, match="differ from the deal by seed 22"):
        Game.from_record(changed)
    changed = json.loads(json.dumps(record))
    changed["rounds"][1]["dealer"] = 0
    with pytest.raises(XactikaError, match="game record hand 2: dealer 0 differ"):
        Game.from_record(changed)
    changed = json.loads(json.dumps(record))
    changed["rounds"][0]["plays"] = changed["rounds"][0]["plays"][:-1]
    with pytest.raises(XactikaError, match="hand 1 of 2 is not over yet"):
        Game.from_record(changed)
    changed = json.loads(json.dumps(record))
    plays = changed["rounds"][1]["plays"]
    plays[0], plays[1] = plays[1], plays[0]
    with pytest.raises(IllegalPlayError):
        Game.from_record(changed)


def test_game_transcript_has_every_hand():
    game = play_game(Game.new(players=2, seed=2, hands=2, cards_per_hand=2), policy=0)
    text = game.transcript(names=["Ann", "Ben"])
    assert text.startswith("hand 1 of 2\n2 players, 2 cards each; dealer: Ann\n")
    assert "hand 2 of 2\n2 players, 2 cards each; dealer: Ben\n" in text
    assert text.splitlines()[-2].startswith("totals: Ann ")


def test_trick_is_a_frozen_value():
    trick = Trick(0, Combination.parse("2 balls"), ((0, Play.parse("2332:2ba")),), winner=0)
    with pytest.raises(AttributeError):
        trick.winner = 1  # type: ignore[misc]


# --- bad input gets one library error naming it (issue #9, items 13, 14 and 19) -----


def _deep(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


_JUNK = (
    None,
    -1,
    10**5000,
    0.5,
    float("nan"),
    "",
    "x" * 5000,
    b"1111",
    [],
    {},
    {"players": 2},
    [[[["1111"]]]],
    _deep(3000),
)


def _places(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place inside a record: a path of keys and indexes."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


def test_mutated_game_records_get_one_library_error():
    # As the fuzzer did: 600 records, each with one value replaced by junk.
    # Before the fix 7 of 600 raised RecursionError (a list nested thousands deep).
    game = play_game(Game.new(players=3, seed=4, hands=2, cards_per_hand=2), policy=1)
    record = game.to_record()
    places = [place for place in _places(record) if place]
    rng = np.random.default_rng(600)
    for _ in range(600):
        changed = json.loads(json.dumps(record))
        *parents, last = places[rng.integers(len(places))]
        node = changed
        for key in parents:
            node = node[key]
        node[last] = _JUNK[rng.integers(len(_JUNK))]
        try:
            Game.from_record(changed)
        except XactikaError as error:
            assert len(str(error)) < 500
        # anything else (RecursionError, TypeError, ValueError) fails the test


def test_a_record_nested_too_deeply_is_refused_naming_the_place():
    game = play_game(Game.new(players=2, seed=21, hands=2, cards_per_hand=3), policy=4)
    record = json.loads(json.dumps(game.to_record()))
    record["rounds"][1]["hands"][0] = _deep(3000)
    with pytest.raises(
        XactikaError, match=r"game record \['rounds'\]\[1\]\['hands'\]\[0\] is nested too deeply"
    ):
        Game.from_record(record)
    record = json.loads(json.dumps(game.to_record()))
    record["rounds"][0]["plays"] = ["2332"] * 200_000
    with pytest.raises(XactikaError, match="game record is too big: more than 100,000 values"):
        Game.from_record(record)
    record = json.loads(json.dumps(game.to_record()))
    record["rounds"][0]["bids"][0] = 1.0
    with pytest.raises(
        XactikaError, match=r"\['rounds'\]\[0\]\['bids'\]\[0\] must be a whole number"
    ):
        Game.from_record(record)
    with pytest.raises(XactikaError, match=r"round record \['hands'\]\[0\] is nested too deeply"):
        Round.from_record({"players": 2, "dealer": 0, "hands": [["1111"]], "bids": [], "plays": []})


@pytest.mark.parametrize("key", ["players", "seed", "hands", "first_dealer", "cards_per_hand"])
def test_a_huge_number_in_a_record_is_named_not_printed(key):
    record = Game.new(players=2, seed=1, hands=1, cards_per_hand=1).to_record()
    record[key] = 10**5000  # str() of it raises ValueError: "Exceeds the limit (4300 digits)"
    with pytest.raises(XactikaError, match="5,001 digits"):
        Game.from_record(record)


@pytest.mark.parametrize(
    ("bid", "tricks", "message"),
    [
        (None, None, "bid must be a whole number from 0 to 8, got None"),
        ("3", 3, "bid must be a whole number from 0 to 8, got '3'"),
        (3, "3", "tricks must be a whole number from 0 to 8, got '3'"),
        (-5, 100, "bid must be from 0 to 8, got -5"),
        (2, 100, "tricks must be from 0 to 8, got 100"),
        (2.0, 2, "bid must be a whole number from 0 to 8, got 2.0"),
    ],
)
def test_score_checks_its_numbers(bid, tricks, message):
    # Before: score(None, None) returned None, score(-5, 100) returned -105, and text
    # raised a raw TypeError.
    with pytest.raises(XactikaError, match=re.escape(message)):
        score(bid, tricks)
    assert score(np.int64(3), np.int64(3)) == 3


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([5, 6], "a hand must be a list like ['3213', '1111'], got 5"),
        ([None, None], "a hand must be a list like ['3213', '1111'], got None"),
        (None, "hands must be a list of hands, one per player, got None"),
        (5, "hands must be a list of hands, one per player, got 5"),
    ],
)
def test_round_from_hands_names_a_hand_that_is_not_a_list(hands, message):
    with pytest.raises(XactikaError, match=re.escape(message)):
        Round.from_hands(hands)


def test_names_are_checked_where_a_transcript_uses_them():
    game = play_game(Game.new(players=2, seed=2, hands=2, cards_per_hand=2), policy=0)
    for names in (3, ["Ann"], ["Ann", 5], "AB"):
        with pytest.raises(XactikaError, match="name"):
            game.transcript(names=names)
    trick = game.rounds[0].tricks[0]
    for names in ([], {}, -2):
        with pytest.raises(XactikaError, match="name"):
            trick.describe(names=names)
    assert trick.describe(names=["Ann", "Ben"]).startswith(("Ann leads", "Ben leads"))


def test_a_seat_given_as_junk_is_named_in_the_message():
    rnd = Round.deal(players=3, seed=1, cards_per_hand=2)
    with pytest.raises(IllegalBidError, match=r"not player \[\[\[\[\.\.\.\]\]\]\]'s"):
        rnd.bid(0, player=_deep(3000))
    with pytest.raises(IllegalPlayError, match="5,001 digits"):
        rnd.play([10**5000])
