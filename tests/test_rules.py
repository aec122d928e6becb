"""Tests for xactika_edu.core.rules: the rules written once, on one round and on batches.

Each rule function is checked on plain values against a direct reading of RULES.md,
on arrays against itself on plain values, and a ruleset other than XACTIKA is
shown to change both engines (the reference Round and the batch engine) the same way.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

from xactika_edu.core import rules
from xactika_edu.core.cards import COMBINATIONS, DECK, Card, Combination
from xactika_edu.core.game import Round
from xactika_edu.core.rules import XACTIKA
from xactika_edu.engines.batch_engine import run
from xactika_edu.engines.batch_policies import ReplayPolicy
from xactika_edu.engines.batch_state import BatchState
from xactika_edu.engines.fastsim import replay_rounds


def test_xactika_is_the_game_of_rules_md():
    assert XACTIKA.deck == tuple(DECK) and len(XACTIKA.deck) == 81
    assert XACTIKA.cards_per_hand == 8 and XACTIKA.players == (2, 10)
    assert XACTIKA.must_follow and XACTIKA.ties_to_later and XACTIKA.dealer_rule
    with pytest.raises(dataclasses.FrozenInstanceError):
        XACTIKA.dealer_rule = False  # type: ignore[misc]


def test_score_on_values_and_batches():
    # RULES.md step 4: exact bid +tricks (bid 0, took 0: 0); a miss -|tricks - bid|
    for bid, took in itertools.product(range(9), repeat=2):
        expected = took if took == bid else -abs(took - bid)
        assert rules.score(bid, took) == expected
    bids, tricks = np.meshgrid(np.arange(9), np.arange(9))
    batch = rules.score(bids.ravel(), tricks.ravel())
    assert batch.tolist() == [
        rules.score(int(b), int(t)) for b, t in zip(bids.ravel(), tricks.ravel(), strict=True)
    ]


def test_forbidden_bid_and_legal_bids():
    # seed 002: Anne bids 1 with 3 cards each, so Tim (the dealer) may not bid 2
    assert rules.forbidden_bid(1, 3) == 2
    assert rules.legal_bids(1, True, 3) == [0, 1, 3]
    assert rules.legal_bids(1, False, 3) == [0, 1, 2, 3]
    # if the number is outside 0 to cards, the dealer is unrestricted
    assert rules.forbidden_bid(9, 8) == -1 and rules.legal_bids(9, True, 8) == list(range(9))
    totals = np.arange(0, 20)
    assert rules.forbidden_bid(totals, 8).tolist() == [
        rules.forbidden_bid(int(t), 8) for t in totals
    ]
    no_hook = dataclasses.replace(XACTIKA, dealer_rule=False)
    assert rules.legal_bids(1, True, 3, no_hook) == [0, 1, 2, 3]
    assert rules.forbidden_bid(totals, 8, no_hook).tolist() == [-1] * 20


def test_trick_winner_ties_go_to_the_later_card():
    assert rules.trick_winner([10, 10], [True, True]) == 1  # seed 002's first trick
    assert rules.trick_winner([6, 7], [True, False]) == 0  # a card without the call cannot win
    earlier = dataclasses.replace(XACTIKA, ties_to_later=False)
    assert rules.trick_winner([10, 10], [True, True], earlier) == 0
    rng = np.random.default_rng(1)
    values = rng.integers(4, 13, size=(500, 5))
    shows = rng.random((500, 5)) < 0.5
    shows[:, 0] = True  # the lead shows its call
    batch = rules.trick_winner(values, shows)
    one_by_one = [
        rules.trick_winner(v.tolist(), s.tolist()) for v, s in zip(values, shows, strict=True)
    ]
    assert batch.tolist() == one_by_one


def test_legal_follows_on_cards_and_on_slot_masks():
    rng = np.random.default_rng(2)
    for _ in range(300):
        hand = [DECK[i] for i in rng.choice(81, size=int(rng.integers(1, 9)), replace=False)]
        call = COMBINATIONS[int(rng.integers(12))]
        legal = rules.legal_follows(hand, call)
        able = [card for card in hand if card.has(call)]
        assert legal == (able or hand)  # must follow the call if you can
        held = np.uint8((1 << len(hand)) - 1)
        showing = np.uint8(sum(1 << i for i, card in enumerate(hand) if card.has(call)))
        mask = int(rules.legal_follow_slots(np.array([held]), np.array([showing]))[0])
        assert [card for i, card in enumerate(hand) if mask >> i & 1] == legal
        assert rules.reveals_void(bool(able)) is (not able)


def test_card_tables():
    for card, i in rules.CARD_INDEX.items():
        assert DECK[i] == card and rules.CARD_VALUES[i] == card.value
        assert [COMBINATIONS[k] for k in rules.CARD_CALLS[i]] == list(card.combinations)
        assert {COMBINATIONS[k] for k in np.flatnonzero(rules.SHOWS[i])} == set(card.combinations)


class EarlierTiesRound(Round):
    """A variant: ties go to the card played first (a ruleset, not a new engine)."""

    __slots__ = ()
    rules = dataclasses.replace(XACTIKA, name="earlier ties", ties_to_later=False)


def test_a_ruleset_changes_both_engines_the_same_way():
    # seed 002's first trick: Anne leads 2332 calling 2 balls, Tim follows with 2233
    hands = ["2332", "2233"]
    standard = Round.from_hands(hands, dealer=1)
    variant = EarlierTiesRound.from_hands(hands, dealer=1)
    for rnd in (standard, variant):
        rnd.bid(1)
        rnd.bid(1)
        rnd.play("2332:2ba")
        rnd.play("2233")
    # the two 10s showing 2 balls: the later card wins by the rules, the earlier in the variant
    assert standard.tricks[0].winner == 1 and variant.tricks[0].winner == 0
    assert standard.scores() == (-1, 1) and variant.scores() == (1, -1)
    # the batch engine, given the variant ruleset, replays the same hand to the same end
    fast = replay_rounds([standard])
    for ruleset, rnd in ((XACTIKA, standard), (EarlierTiesRound.rules, variant)):
        state = BatchState.deal(fast.hands, fast.dealer, track=False, rules=ruleset)
        run(state, [ReplayPolicy(fast.bids, fast.plays, fast.calls)] * 2)
        assert state.winners[0].tolist() == [trick.winner for trick in rnd.tricks]
        assert state.won[0].tolist() == list(rnd.tricks_won)


def test_the_engines_take_their_rules_from_rules_py():
    # the follow rule: a ruleset without it lets the batch engine and Round accept any card
    free = dataclasses.replace(XACTIKA, name="no follow rule", must_follow=False)

    class FreeRound(Round):
        __slots__ = ()
        rules = free

    rnd = FreeRound.from_hands(["2332 1312", "2233 1212"], dealer=1)
    rnd.bid(0)
    rnd.bid(0)
    rnd.play("2332:2ba")
    assert {str(p) for p in rnd.legal_plays()} == {"2233", "1212"}
    rnd.play("1212")  # refused under Xactika's rules: 2233 shows 2 balls
    assert rnd.view(1).voids[1] == ()  # not following shows nothing without the rule
    slots = rules.legal_follow_slots(np.array([3], np.uint8), np.array([1], np.uint8), free)
    assert int(slots[0]) == 3  # both slots, though slot 0 shows the call


def test_the_combination_numbers():
    assert all(rules.COMBINATION_INDEX[c] == k for k, c in enumerate(COMBINATIONS))
    assert rules.COMBINATION_INDEX[Combination.parse("3 stars")] == 11
    assert rules.CARD_INDEX[Card.parse("3213")] == 65


def _trump_winner_by_reading(values, suits, trumps, led):
    """Seed 004's sentence, read directly: "Highest trump wins. If no trump, highest
    card of leading suit wins" (ranks within a suit are distinct)."""
    trumped = [i for i, is_trump in enumerate(trumps) if is_trump]
    pool = trumped or [i for i, suit in enumerate(suits) if suit == led]
    return max(pool, key=lambda i: values[i])


def test_trick_winner_with_trumps_matches_the_seed_on_every_small_trick():
    # Every trick of 3 cards from 2 suits x 3 ranks (suit 1 trump or no trump), each
    # card once: the shared rule on plain values and on one batch equals the reading.
    cards = [(suit, rank) for suit in (0, 1) for rank in (2, 3, 4)]
    tricks, expected = [], []
    no_ties = dataclasses.replace(XACTIKA, ties_to_later=False)
    for trick in itertools.permutations(cards, 3):
        values = [rank for _, rank in trick]
        suits = [suit for suit, _ in trick]
        for trump_suit in (None, 1):
            trumps = [suit == trump_suit for suit in suits]
            follows = [suit == suits[0] for suit in suits]
            want = _trump_winner_by_reading(values, suits, trumps, suits[0])
            given = None if trump_suit is None else trumps
            assert rules.trick_winner(values, follows, no_ties, given) == want
            tricks.append((values, follows, trumps))
            expected.append(want)
    values, follows, trumps = (np.array([t[k] for t in tricks]) for k in range(3))
    batch = rules.trick_winner(values, follows, no_ties, trumps)
    assert batch.tolist() == expected
    # no trump given: the Xactika rule, unchanged
    assert rules.trick_winner([9, 12, 11], [True, False, True], no_ties) == 2
