"""The ZXT knock game (seed 004, "ZXT Games"): the hand value, the round, the game."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xactika_edu.base.errors import IllegalPlayError, NotationError, XactikaError
from xactika_edu.core.chances.knock import rank_patterns
from xactika_edu.core.knock import (
    KnockAction,
    card_points,
    hand_value,
    holds_group,
    knock_penalty,
)
from xactika_edu.core.knock_game import KnockGame, first_dealer_by_cut
from xactika_edu.core.knock_round import END_KNOCK, END_STOCK, END_ZERO, KnockRound
from xactika_edu.core.playing_cards import RANKS, STANDARD_DECK, PlayingCard, parse_cards

# The points of each rank as the seed lists them (ace 1, 3-10 face, J/Q/K 11/12/13), and
# a 2 left alone scores 2 (docs/other-games.md): written out here, independently.
POINTS = {14: 1, 11: 11, 12: 12, 13: 13, **{rank: rank for rank in range(2, 11)}}
LABELS = (14, *range(2, 14))  # what a wild 2 may stand for: any of the 13 ranks


def brute_value(cards: tuple[PlayingCard, ...]) -> int:
    """The least total over every rank each 2 may stand for (independent of the module)."""
    naturals = [card.rank for card in cards if card.rank != 2]
    wilds = len(cards) - len(naturals)
    best = None
    for labels in itertools.product(LABELS, repeat=wilds):
        count = {rank: naturals.count(rank) + labels.count(rank) for rank in LABELS}
        total = sum(POINTS[rank] for rank in naturals if count[rank] < 3)
        total += sum(2 for label in labels if count[label] < 3)
        best = total if best is None else min(best, total)
    assert best is not None
    return best


# the seed's examples ---------------------------------------------------------------------


def test_seed_examples() -> None:
    assert hand_value("7C 7D 7H 7S 2C") == 0  # "four 7s and a 2 ... worth zero total"
    assert hand_value("7C 7D 7H AS KS") == 1 + 13  # three 7s score 0
    assert hand_value("7C 7D 7H 2S 9S") == 9  # the 2 joins the 7s
    assert hand_value("AC 3D 4H 5S 6S") == 1 + 3 + 4 + 5 + 6  # ace 1, face values
    assert hand_value("JC QD KH 10S 9S") == 11 + 12 + 13 + 10 + 9  # J, Q, K 11, 12, 13
    assert [card_points(card) for card in ("AS", "JD", "QC", "KH", "10S", "3C")] == [
        1,
        11,
        12,
        13,
        10,
        3,
    ]


def test_wild_choices() -> None:
    assert hand_value("2C 2D 7H KS QS") == 7 + 12  # two 2s make three kings (the best use)
    assert hand_value("2C 2D 7H 4S 3S") == 3 + 4  # two 2s and a 7 are three of a kind
    assert hand_value("2C 7H KS QS JS") == 2 + 7 + 13 + 12 + 11  # a lone 2 scores 2
    assert hand_value("2C 2D 2H KS QS") == 12  # two 2s join the king, the third too
    assert hand_value("2C 2D 2H 2S 9S") == 0
    assert hand_value("7C 7D KC KD 2S") == 14  # the 2 completes the kings, not the 7s
    assert holds_group("2C 2D 7H KS QS") and not holds_group("2C 7H KS QS JS")


def test_hand_value_against_brute_force_every_pattern() -> None:
    # Every rank pattern of 5 cards (all 6,175 of them; suits do not matter).
    for counts, _ways in rank_patterns(5):
        hand = tuple(
            PlayingCard(suit, rank)
            for rank, count in zip(RANKS, counts, strict=True)
            for suit in range(count)
        )
        assert hand_value(hand) == brute_value(hand), hand


def test_hand_value_against_brute_force_random_hands() -> None:
    # Hands of 1 to 7 cards (6 is a hand after a draw), biased to hold 2s.
    rng = np.random.default_rng(15)
    twos = [card for card in STANDARD_DECK if card.rank == 2]
    others = [card for card in STANDARD_DECK if card.rank != 2]
    for trial in range(400):
        size = int(rng.integers(1, 8))
        wild = int(rng.integers(0, min(3, size) + 1))  # 4 2s: in the every-pattern test
        cards = [twos[i] for i in rng.permutation(4)[:wild]]
        cards += [others[i] for i in rng.permutation(48)[: size - wild]]
        assert hand_value(cards) == brute_value(tuple(cards)), (trial, cards)


def test_knock_penalties() -> None:
    # Seed: 1st invalid knock a star only; 2nd +10; 3rd +20; +10 more per star.
    assert [knock_penalty(stars) for stars in range(1, 6)] == [0, 10, 20, 30, 40]
    with pytest.raises(XactikaError, match="stars must be 1 or more"):
        knock_penalty(0)


def test_action_notation_round_trip() -> None:
    actions = [KnockAction.parse(text) for text in ("draw stock", "draw pile", "knock")]
    actions += [KnockAction.parse(f"discard {card}") for card in STANDARD_DECK]
    for action in actions:
        assert KnockAction.parse(str(action)) == action
        assert eval(repr(action)) == action
    with pytest.raises(NotationError, match="cannot read action 'draw'"):
        KnockAction.parse("draw")


# rounds from fixed cards ------------------------------------------------------------------


def small_round(hands: list[str], stock: str, pile: str, **kwargs: object) -> KnockRound:
    return KnockRound(hands, stock, pile, **kwargs)  # type: ignore[arg-type]


def test_turn_and_knock_valid_with_a_tie() -> None:
    # Player 1 deals; player 0 (its left) plays first and knocks with 15; player 1 ends
    # on 15 as well: a tie, so the knock is valid (seed: "ties are okay").
    rnd = small_round(["AC 3C 4C 3D 4D", "AD 3H 4H 3S KS"], "4S 9C", "QC", dealer=1)
    assert rnd.current_player == 0
    rnd.apply("knock")
    assert rnd.current_player == 1 and rnd.knocker == 0
    rnd.apply("draw stock")
    rnd.apply("discard K♠")
    assert rnd.is_over and rnd.end_reason == END_KNOCK
    assert rnd.values() == (15, 15) and rnd.knock_valid() and rnd.scores() == (15, 15)
    assert rnd.stars == (0, 0)


def test_invalid_knock_star_and_penalty() -> None:
    # Player 0 knocks with 15 while player 1 ends on 12: invalid; its 3rd star: +20.
    rnd = small_round(["AC 3C 4C 3D 4D", "QC QD QH 5S 7S"], "2S 9C", "KC", dealer=1, stars=[2, 0])
    rnd.apply("knock")
    rnd.apply("draw stock")
    rnd.apply("discard 7♠")
    assert rnd.values() == (15, 5)
    assert rnd.knock_valid() is False
    assert rnd.stars == (3, 0) and rnd.scores() == (15 + 20, 5)
    assert "invalid" in str(rnd)


def test_final_turns_one_each_then_reveal() -> None:
    hands = ["AC 3C 4C 3D 4D", "5C 6C 8C 9C 10C", "5D 6D 8D 9D 10D"]
    rnd = small_round(hands, "JC JD JH JS QC QD", "KC", dealer=0)
    order = [rnd.current_player]
    rnd.apply("knock")  # player 1 knocks; players 2 and 0 get one final turn each
    for _turn in range(2):
        order.append(rnd.current_player)
        rnd.apply("draw stock")
        rnd.apply(rnd.legal_actions()[0])
    assert order == [1, 2, 0] and rnd.is_over and rnd.end_reason == END_KNOCK
    assert rnd.stock_size == 4


def test_zero_ends_the_round_at_once() -> None:
    rnd = small_round(["7C 7D 7H 2S KS", "5C 6C 8C 9C 10C"], "JC", "7S", dealer=1)
    rnd.apply("draw pile")
    rnd.apply("discard K♠")
    assert rnd.is_over and rnd.end_reason == END_ZERO and rnd.zero_seat == 0
    assert rnd.scores() == (0, 38) and rnd.next_dealer() == 0


def test_deal_worth_zero_ends_before_any_turn() -> None:
    rnd = small_round(["5C 6C 8C 9C 10C", "7C 7D 7H 7S 2S"], "JC", "KS", dealer=1)
    assert rnd.is_over and rnd.end_reason == END_ZERO and rnd.zero_seat == 1
    assert rnd.legal_actions() == [] and rnd.actions == ()


def test_stock_runs_out_when_its_last_card_is_drawn() -> None:
    rnd = small_round(["AC 3C 4C 3D 4D", "5C 6C 8C 9C 10C"], "JC", "KS", dealer=1)
    rnd.apply("draw stock")
    assert not rnd.is_over  # the drawer still discards: hands stay at 5
    rnd.apply("discard J♣")
    assert rnd.is_over and rnd.end_reason == END_STOCK and rnd.stock_size == 0


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    rnd = small_round(["AC 3C 4C 3D 4D", "5C 6C 8C 9C 10C"], "JC QC", "KS", dealer=1)
    cases = [
        ("discard A♣", "must first draw"),
        ("draw stock", None),
        ("draw pile", "has drawn: now discard"),
        ("discard K♠", "does not hold K♠"),
    ]
    for action, message in cases:
        before = rnd.to_record()
        if message is None:
            rnd.apply(action)
            continue
        with pytest.raises(IllegalPlayError, match=message):
            rnd.apply(action)
        assert rnd.to_record() == before
    rnd.apply("discard J♣")
    rnd.apply("draw pile")  # player 1 takes the J♣ just discarded: allowed
    with pytest.raises(IllegalPlayError, match="just taken from the discard pile"):
        rnd.apply("discard J♣")
    rnd.apply("discard 10♣")
    rnd.apply("knock")
    rnd.apply("draw stock")
    rnd.apply("discard Q♣")
    with pytest.raises(IllegalPlayError, match="the round is over"):
        rnd.apply("knock")


def test_one_knock_a_round() -> None:
    hands = ["AC 3C 4C 3D 4D", "5C 6C 8C 9C 10C", "5D 6D 8D 9D 10D"]
    rnd = small_round(hands, "JC JD JH", "KC", dealer=2)
    rnd.apply("knock")
    assert [str(action) for action in rnd.legal_actions()] == ["draw stock", "draw pile"]
    with pytest.raises(IllegalPlayError, match="player 0 has already knocked"):
        rnd.apply("knock")


def test_bad_rounds_refused() -> None:
    with pytest.raises(XactikaError, match="2 to 5 hands of 5 cards"):
        small_round(["AC 3C 4C 3D", "5C 6C 8C 9C 10C"], "JC", "KS")
    with pytest.raises(XactikaError, match="given twice"):
        small_round(["AC 3C 4C 3D 4D", "5C 6C 8C 9C AC"], "JC", "KS")
    with pytest.raises(XactikaError, match="players must be from 2 to 5"):
        KnockRound.deal(players=6)


# the move generator against a brute force ---------------------------------------------

EVERY_ACTION = [KnockAction.parse(text) for text in ("draw stock", "draw pile", "knock")] + [
    KnockAction.parse(f"discard {card}") for card in STANDARD_DECK
]


def leaves_by_generator(rnd: KnockRound, depth: int) -> int:
    if depth == 0 or rnd.is_over:
        return 1
    total = 0
    for action in rnd.legal_actions():
        child = rnd.copy()
        child.apply(action)
        total += leaves_by_generator(child, depth - 1)
    return total


def leaves_by_trying(rnd: KnockRound, depth: int) -> int:
    """Try all 55 conceivable actions; count those the round accepts."""
    if depth == 0 or rnd.is_over:
        return 1
    total = 0
    for action in EVERY_ACTION:
        child = rnd.copy()
        try:
            child.apply(action)
        except IllegalPlayError:
            continue
        total += leaves_by_trying(child, depth - 1)
    return total


def test_move_counts_against_brute_force() -> None:
    rnd = small_round(["AC 3C 4C 3D 4D", "5C 6C 8C 9C 10C"], "JC QC KC", "KS", dealer=1)
    # By hand: stock, pile or knock; then 6 discards after the stock, 5 after the pile
    # (not the card taken), and after the knock player 1 draws from the stock or pile.
    assert leaves_by_generator(rnd, 1) == 3
    assert leaves_by_generator(rnd, 2) == 6 + 5 + 2
    for depth in (1, 2, 3, 4):
        assert leaves_by_generator(rnd, depth) == leaves_by_trying(rnd, depth)


# views, records, seeds ------------------------------------------------------------------


def test_view_hides_other_hands_and_the_stock() -> None:
    rnd = KnockRound.deal(players=3, dealer=0, seed=8)
    view = rnd.view(2)
    assert view.hand == rnd.hands[2] and view.revealed is None and view.scores is None
    assert view.stock_size == 36 and view.hand_sizes == (5, 5, 5) and view.pile == rnd.pile
    assert set(view.__slots__) & {"hands", "stock"} == set()
    assert view.legal_actions() == [] and rnd.view(1).legal_actions() == rnd.legal_actions()
    top = rnd.pile[-1]
    rnd.apply("draw pile")
    assert rnd.view(1).taken == top and top in rnd.view(1).hand and rnd.view(1).pile == ()
    assert rnd.view(2).taken is None and top not in rnd.view(2).hand


def test_round_record_round_trip_and_tampering() -> None:
    rnd = KnockRound.deal(players=4, dealer=2, seed=11)
    for _step in range(5):
        rnd.apply(rnd.legal_actions()[-1])
    again = KnockRound.from_record(rnd.to_record())
    assert again == rnd and str(again) == str(rnd) and eval(repr(rnd)) == rnd
    tampered = rnd.to_record()
    tampered["actions"] = ["discard A♣", *tampered["actions"]]
    with pytest.raises(IllegalPlayError):
        KnockRound.from_record(tampered)
    with pytest.raises(XactikaError, match="missing"):
        KnockRound.from_record({"players": 2})


def test_seeds() -> None:
    assert KnockRound.deal(3, seed=5) == KnockRound.deal(3, seed=5)
    assert KnockRound.deal(3, seed=5) != KnockRound.deal(3, seed=6)
    assert KnockGame.new(3, seed=5) == KnockGame.new(3, seed=5)
    assert KnockGame.new(3, seed=5).current_round != KnockGame.new(3, seed=6).current_round
    assert {KnockGame.new(5, seed=seed).first_dealer for seed in range(40)} == set(range(5))


def test_the_first_dealer_cuts_the_highest_card_by_points() -> None:
    # The game cuts with its own points (king high, ace 1), ties by suit; written out here.
    for seed in range(30):
        drawn = np.random.default_rng([seed, 0]).choice(52, size=4, replace=False)
        cards = [STANDARD_DECK[int(i)] for i in drawn]
        best = max(range(4), key=lambda seat: (card_points(cards[seat]), cards[seat].suit))
        assert KnockGame.new(4, seed=seed).first_dealer == best
    assert first_dealer_by_cut(4, seed=7, aces_high=False) in range(4)


def test_next_dealer_tie_breaks() -> None:
    # A tie at 15 between the knocker (0) and player 1: the knocker deals.
    rnd = small_round(["AC 3C 4C 3D 4D", "AD 3H 4H 3S KS"], "4S 9C", "QC", dealer=1)
    for action in ("knock", "draw stock", "discard K♠"):
        rnd.apply(action)
    assert rnd.next_dealer() == 0 and rnd.next_dealer(among=[1]) == 1
    # No knock, a tie at 0 by groups: the cards worth less before groups deal (3s < 7s).
    rnd = small_round(["3C 3D 3H 2S 2D", "7C 7D 7H 7S 2C"], "JC", "KS", dealer=1)
    assert rnd.scores() == (0, 0) and rnd.next_dealer() == 0


# whole games: invariants over many random games ------------------------------------------


def check_round_invariants(rnd: KnockRound) -> None:
    cards = [*itertools.chain(*rnd.hands), *rnd.stock, *rnd.pile]
    assert sorted(cards) == sorted(STANDARD_DECK)  # all 52, each once
    for seat, hand in enumerate(rnd.hands):
        acting = rnd.phase == "discard" and seat == rnd.current_player
        assert len(hand) == (6 if acting else 5)


def check_round_end(rnd: KnockRound) -> None:
    values = rnd.values()
    reason = rnd.end_reason
    assert reason in (END_KNOCK, END_STOCK, END_ZERO)
    if reason == END_STOCK:
        assert rnd.stock_size == 0
    if reason == END_ZERO:
        assert rnd.zero_seat is not None and values[rnd.zero_seat] == 0
    if reason == END_KNOCK:
        knock_at = [action for _seat, action in rnd.actions].index(KnockAction.parse("knock"))
        assert len(rnd.actions) - knock_at - 1 == 2 * (rnd.players - 1)
    expected, stars = list(values), list(rnd.to_record()["stars"])
    if rnd.knocker is not None and values[rnd.knocker] > min(values):  # invalid: a star
        stars[rnd.knocker] += 1
        expected[rnd.knocker] += 10 * (stars[rnd.knocker] - 1)
    assert rnd.scores() == tuple(expected) and rnd.stars == tuple(stars)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_random_games_keep_the_rules(players: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    game = KnockGame.new(players, seed=seed)
    while not game.is_over:
        rnd = game.current_round
        check_round_invariants(rnd)
        actions = game.legal_actions()
        # knock rarely, so that rounds also end by the stock and by a hand of 0
        weights = np.array([0.05 if str(action) == "knock" else 1.0 for action in actions])
        game.apply(actions[int(rng.choice(len(actions), p=weights / weights.sum()))])
    for rnd in game.rounds:
        check_round_invariants(rnd)
        check_round_end(rnd)
    # the totals are the sums of the round scores; the out are over 100; the winner not
    totals = [0] * players
    for seats, rnd in zip(_round_seats(game), game.rounds, strict=True):
        for round_seat, score in enumerate(rnd.scores()):
            totals[seats[round_seat]] += score
    assert tuple(totals) == game.totals()
    assert all(game.totals()[seat] > 100 for seat in game.eliminated)
    left = [seat for seat in range(players) if seat not in game.eliminated]
    assert len(left) <= 1 and all(game.totals()[seat] <= 100 for seat in left)
    assert game.winners() == (tuple(left) if left else ())
    assert (game.circles() >= 1) == bool(game.winners())
    assert KnockGame.from_record(game.to_record()) == game


def _round_seats(game: KnockGame) -> list[tuple[int, ...]]:
    """Each round's seats, read back by replaying the record round by round."""
    replay = KnockGame(game.players, game.seed, game.first_dealer)
    seats = []
    for actions in game.to_record()["rounds"]:
        seats.append(replay.round_seats)
        for action in actions:
            replay.apply(action)
    return seats


def test_elimination_winner_and_transcript() -> None:
    game = KnockGame.new(3, seed=5)
    rng = np.random.default_rng(1)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    # Seeded, so fixed: players 0 and 1 went over 100 in round 4; player 2 won on 92.
    assert game.eliminated == (0, 1) and game.winners() == (2,) and game.totals()[2] == 92
    assert game.circles() == 1  # the winner was not below 50 when they went out
    text = str(game)
    assert "out (over 100): player 0, player 1" in text and "player 2 wins with 92" in text


def test_players_out_sit_out_and_nobody_may_win() -> None:
    game = KnockGame.new(4, seed=36)
    rng = np.random.default_rng(1)
    while not game.eliminated:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    # Seeded, so fixed: player 2 went over 100 in round 3; round 4 is for the others.
    assert game.eliminated == (2,) and game.round_number == 4 and game.round_seats == (0, 1, 3)
    assert game.current_round.players == 3 and game.totals()[2] > 100
    with pytest.raises(XactikaError, match="out of the game"):
        game.view(2)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    assert sorted(game.eliminated) == [0, 1, 2, 3] and game.winners() == ()
    assert game.circles() == 0 and "nobody wins" in str(game)


def test_game_record_refuses_extra_rounds() -> None:
    game = KnockGame.new(2, seed=3)
    record = game.to_record()
    record["rounds"] = [[], ["knock"]]
    with pytest.raises(XactikaError, match="round 2 was never dealt"):
        KnockGame.from_record(record)
    assert parse_cards("AS")[0] in STANDARD_DECK
