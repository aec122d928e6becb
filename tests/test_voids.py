"""Exact chances with the voids opponents have shown (issue 11, item 2).

The dynamic program of :class:`~xactika_edu.core.chances.ConsistentDeals` is checked
against brute-force enumeration of every consistent deal on small cases (most of the
deck "seen", 8 to 10 cards unseen), against the hypergeometric formula when the voids
exclude nothing, and on the direction a void moves a chance.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import COMBINATIONS, DECK, Card, Combination, Hand
from xactika_edu.core.chances import ConsistentDeals, chance_no_threat, count_class_deals
from xactika_edu.core.chances.dealcount import FAST_STATES, MOST_STATES, DealCounter, add_class
from xactika_edu.core.game import Round
from xactika_edu.core.leads import chance_unbeatable, lead_chances, threats
from xactika_edu.core.plays import Play, Trick
from xactika_edu.core.views import PlayerView
from xactika_edu.engines.sampling import sample_consistent_hands


def _brute(unseen, held, voids, threat_cards=()):
    """(consistent deals, those where no opponent holds a threat), by enumeration."""
    unseen = list(unseen)
    threat_cards = set(threat_cards)
    total = good = 0

    def deal(i, left, any_threat):
        nonlocal total, good
        if i == len(held):
            total += 1
            good += not any_threat
            return
        allowed = [c for c in left if not set(c.combinations) & set(voids[i])]
        for hand in itertools.combinations(allowed, held[i]):
            rest = [c for c in left if c not in hand]
            deal(i + 1, rest, any_threat or bool(threat_cards & set(hand)))

    deal(0, unseen, False)
    return total, good


def _small_case(rng: random.Random, players: int, unseen_count: int, hand_size: int):
    """A hand, the cards seen (the rest of the deck but ``unseen_count`` cards) and
    random voids (each opponent void in 0 to 2 combinations)."""
    cards = list(DECK)
    rng.shuffle(cards)
    hand = Hand(cards[:hand_size])
    unseen = cards[hand_size : hand_size + unseen_count]
    seen = Hand(cards[hand_size + unseen_count :])
    voids = {
        offset: rng.sample(list(COMBINATIONS), rng.randint(0, 2)) for offset in range(1, players)
    }
    return hand, seen, Hand(unseen), voids


@pytest.mark.parametrize("case", range(12))
def test_every_lead_equals_brute_force_enumeration(case):
    # (a) players 3 or 4, hands of 2 cards, 8 to 10 cards unseen: at most
    # C(10,2) C(8,2) C(6,2) = 18,900 deals to enumerate.
    rng = random.Random(case)
    players = 3 + case % 2
    hand, seen, unseen, voids = _small_case(rng, players, 8 + case % 3, 2)
    held = (len(hand),) * (players - 1)
    void_lists = tuple(tuple(voids[o]) for o in range(1, players))
    total, _ = _brute(unseen, held, void_lists)
    if total == 0:
        with pytest.raises(XactikaError, match="no deal of the unseen cards fits the voids"):
            chance_unbeatable(hand[0], hand[0].combinations[0], hand, players, seen, voids=voids)
        return
    assert ConsistentDeals(unseen, held, void_lists).count() == total
    table = lead_chances(hand, players, seen, voids=voids)
    for row in table.itertuples():
        beaten_by = threats(row.card, row.combination, hand, seen)
        total, good = _brute(unseen, held, void_lists, beaten_by)
        assert row.chance == Fraction(good, total), (row.card, row.combination)
        assert row.threats == len(beaten_by)
        assert row.chance == chance_unbeatable(
            row.card, row.combination, hand, players, seen, voids=voids
        )


def test_brute_force_with_hands_of_different_sizes():
    # a view mid-trick: opponents hold different numbers of cards
    rng = random.Random(99)
    unseen = Hand(rng.sample(list(DECK), 9))
    held = (3, 2, 2)
    voids = ((Combination.parse("2 balls"),), (), (Combination.parse("3 cubes"),))
    deals = ConsistentDeals(unseen, held, voids)
    total, _ = _brute(unseen, held, voids)
    assert deals.count() == total
    for threat in itertools.combinations(unseen, 2):
        total, good = _brute(unseen, held, voids, threat)
        assert deals.chance_none_held(threat) == Fraction(good, total)


def _python_int_count(classes, needs):
    """The same count by the Python-int program of the sampler's tables."""
    import numpy as np

    state = np.zeros(tuple(need + 1 for need in needs), dtype=object)
    state[(0,) * len(needs)] = 1
    for mask, n in classes:
        state = add_class(state, mask, n, tuple(needs))
    return int(state[tuple(needs)])


@pytest.mark.parametrize("seed", range(12))
def test_count_class_deals_modulo_primes_equals_the_python_int_program(seed):
    # counts near 2^100 (3 void groups of 8 cards from 70 cards), the case the primes
    # must reconstruct exactly; and 4 groups, where classes of 3 groups go entry by entry
    rng = random.Random(seed)
    groups = 3 + seed % 2
    needs = [rng.randint(5, 8) for _ in range(groups)]
    classes = [(mask, rng.randint(0, 18)) for mask in range(1, 2**groups)]
    assert count_class_deals(classes, needs) == _python_int_count(classes, needs)


@pytest.mark.parametrize("seed", range(6))
def test_cards_taken_out_by_the_series_equal_counting_again(seed):
    # DealCounter takes t cards out of a class by (1 + s)^-t; the same as counting the
    # smaller classes from scratch (3 and 4 groups: the split of big classes too)
    rng = random.Random(100 + seed)
    groups = 3 + seed % 2
    needs = [rng.randint(3, 6) for _ in range(groups)]
    classes = {mask: rng.randint(0, 12) for mask in range(1, 2**groups)}
    counter = DealCounter(list(classes.items()), needs)
    removals = [
        {mask: rng.randint(0, n) for mask, n in classes.items() if rng.random() < 0.5}
        for _ in range(8)
    ]
    expected = [
        _python_int_count([(m, n - cut.get(m, 0)) for m, n in classes.items()], needs)
        for cut in removals
    ]
    assert counter.count_each(removals) == expected
    assert [counter.count(cut) for cut in removals] == expected  # memoised: the same


def test_five_void_groups_are_counted_in_python_ints_the_same():
    # above FAST_STATES (five groups of 5: 6^5 counts) the counter runs class by class
    rng = random.Random(5)
    needs = [5] * 5
    classes = {mask: rng.randint(0, 3) for mask in range(1, 2**5)}
    counter = DealCounter(list(classes.items()), needs)
    cut = {mask: 1 for mask, n in classes.items() if n and mask % 3 == 0}
    assert MOST_STATES >= math.prod(n + 1 for n in needs) > FAST_STATES
    assert counter.count_each([{}, cut]) == [
        _python_int_count(list(classes.items()), needs),
        _python_int_count([(m, n - cut.get(m, 0)) for m, n in classes.items()], needs),
    ]


def test_five_void_groups_of_six_cards_are_refused_not_left_running():
    # 7^5 = 16,807 counts took about 6 s for a hand's leads: refused at once, typed
    from xactika_edu.base.errors import TooManyToCount

    classes = [(mask, 2) for mask in range(1, 2**5)]
    with pytest.raises(TooManyToCount, match=r"5 opponents .* \[6, 6, 6, 6, 6\]"):
        count_class_deals(classes, [6] * 5)


def test_too_many_void_groups_is_an_error_naming_them():
    # 9 opponents with different voids and 8 cards each: 9^9 counts to keep
    classes = [(mask, 1) for mask in range(1, 2**9, 7)]
    with pytest.raises(XactikaError, match=r"9 opponents .* \[8, 8, 8, 8, 8, 8, 8, 8, 8\]"):
        count_class_deals(classes, [8] * 9)


def test_count_class_deals_small_values():
    # (1 + x)^4: C(4, 2); (1 + x + y)^4 at x y^2: 4! / (1! 2! 1!) = 12
    assert count_class_deals([(1, 4)], [2]) == 6
    assert count_class_deals([(3, 4)], [1, 2]) == 12
    # two singletons and a shared class: sum over splits, by hand:
    # x^1 y^1 in (1+x)^1 (1+y)^1 (1+x+y)^1 = 1 (x from first, y from second, shared aside)
    # + 1 (x first, y shared) + 1 (y second, x shared) = 3
    assert count_class_deals([(1, 1), (2, 1), (3, 1)], [1, 1]) == 3


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    hand_size=st.integers(1, 8),
    played=st.integers(0, 20),
)
def test_no_voids_equals_the_hypergeometric_formula(seed, players, hand_size, played):
    # (b) voids that exclude no unseen card leave every deal possible, so the dynamic
    # program must give C(U - T, H) / C(U, H) exactly; and voids=None or {} is today's value.
    rng = random.Random(seed)
    void = rng.choice(COMBINATIONS)
    showing = [card for card in DECK if card.has(void)]
    others = [card for card in DECK if not card.has(void)]
    rng.shuffle(others)
    hand = Hand(others[:hand_size])
    seen = Hand(showing + others[hand_size : hand_size + played])
    unseen = [c for c in DECK if c not in set(hand) | set(seen)]
    if (players - 1) * hand_size > len(unseen):
        return
    voids = {o: [void] for o in range(1, players) if rng.random() < 0.6}
    held = (hand_size,) * (players - 1)
    deals = ConsistentDeals(
        Hand(unseen), held, tuple(tuple(voids.get(o, ())) for o in range(1, players))
    )
    for card in hand:
        for combination in card.combinations:
            beaten_by = threats(card, combination, hand, seen)
            exact = chance_no_threat(len(unseen), len(beaten_by), sum(held))
            assert deals.chance_none_held(beaten_by) == exact
            assert chance_unbeatable(card, combination, hand, players, seen, voids=voids) == exact
            assert chance_unbeatable(card, combination, hand, players, seen, voids={}) == exact
            assert chance_unbeatable(card, combination, hand, players, seen) == exact


def test_a_void_in_the_call_makes_that_opponent_harmless():
    # (c) 2 players: 2213 calling 1 cone has 9 threats (tests/test_probability.py);
    # an opponent void in 1 cone holds none of them: the lead is sure.
    hand = ["1111", "2213"]
    before = chance_unbeatable("2213", "1 cone", hand, 2)
    assert before == Fraction(805, 1027)
    assert chance_unbeatable("2213", "1 cone", hand, 2, voids={1: "1 cone"}) == 1
    # 3 players: only opponent 1 is void; the chance rises but stays below 1
    three = chance_unbeatable("2213", "1 cone", hand, 3)
    one_void = chance_unbeatable("2213", "1 cone", hand, 3, voids={1: ["1 cone"]})
    assert three < one_void < 1
    # both opponents void in the call: sure again
    both = chance_unbeatable("2213", "1 cone", hand, 3, voids={1: "1co", 2: "one cone"})
    assert both == 1


def test_a_void_elsewhere_makes_the_threats_more_likely():
    # (c) an opponent void in 3 balls draws only from cards without 3 balls; the 9
    # threats of 2213 calling 1 cone include 3 cards with 3 balls (3113, 3212, 3213 ...),
    # so take a call whose threats show no 3 balls: 1111 calling 1 ball. Its threats are
    # the cards with 1 ball (all of value >= 4), none with 3 balls: the void opponent
    # holds cards from a pool where threats are denser, so the chance falls.
    hand = ["1111", "3333"]
    plain = chance_unbeatable("1111", "1 ball", hand, 3)
    void = chance_unbeatable("1111", "1 ball", hand, 3, voids={2: "3 balls"})
    assert 0 < void < plain


def _view_with_voids(seed: int) -> PlayerView:
    """A real 4-player round played at random until the leader to move sees a void."""
    rng = random.Random(seed)
    for _ in range(200):
        rnd = Round.deal(players=4, seed=rng.randrange(2**32))
        for _ in range(4):
            rnd.bid(rng.choice(rnd.view(rnd.current_player).legal_bids()))
        while not rnd.is_over:
            view = rnd.view(rnd.current_player)
            others = [v for s, v in enumerate(view.voids) if s != view.seat]
            if not view.current_trick and any(others):
                return view
            rnd.play(rng.choice(view.legal_plays()))
    raise AssertionError("no void seen")  # pragma: no cover


@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_gives_the_same_chance_as_its_facts(seed):
    view = _view_with_voids(seed)
    offsets = {offset: view.voids[(view.seat + offset) % 4] for offset in range(1, 4)}
    seen = view.played_cards
    by_view = lead_chances(voids=view)
    by_facts = lead_chances(view.hand, 4, seen, voids=offsets)
    assert list(by_view["chance"]) == list(by_facts["chance"])
    card, combination = by_view["card"][0], by_view["combination"][0]
    assert chance_unbeatable(card, combination, voids=view) == by_view["chance"][0]
    # agreeing values may be given too; clashing ones are named
    assert (
        chance_unbeatable(card, combination, view.hand, 4, seen, voids=view)
        == (by_view["chance"][0])
    )
    with pytest.raises(XactikaError, match="players 3 differs from the view's 4"):
        chance_unbeatable(card, combination, players=3, voids=view)
    # voids change some chance of this hand (they are used)
    plain = lead_chances(view.hand, 4, seen)
    assert list(plain["chance"]) != list(by_view["chance"])


def _hand_made_view(voids) -> PlayerView:
    """Seat 0 to lead trick 3 of 2 players; seat 1 followed 2 balls in trick 1 with a
    card without it, then played 2213 (2 balls) in trick 2."""
    tricks = (
        Trick(0, Combination.parse("2 balls"), ((0, Play.parse("2332:2ba")), (1, Play("1111"))), 0),
        Trick(0, Combination.parse("1 star"), ((0, Play.parse("3131:1st")), (1, Play("2213"))), 0),
    )
    return PlayerView(
        seat=0,
        players=2,
        dealer=1,
        cards_per_hand=4,
        hand=Hand.parse("3333 1212"),
        bids=(1, 1),
        tricks=tricks,
        current_trick=(),
        tricks_won=(2, 0),
        current_player=0,
        phase="play",
        voids=voids,
    )


def test_bad_input_is_named():
    # (d) a void that contradicts the plays the view shows
    view = _hand_made_view(((), (Combination.parse("2 balls"),)))
    with pytest.raises(XactikaError, match="seat 1 is void in 2 balls, but played 2213"):
        chance_unbeatable("3333", "3 balls", voids=view)
    # the same view without that void is fine
    assert 0 < chance_unbeatable("3333", "3 balls", voids=_hand_made_view(((), ()))) <= 1
    # a void for a seat that does not exist (offsets 1 to players - 1)
    for bad in (0, 4, -1, "1", 1.0, True):
        with pytest.raises(XactikaError, match="does not exist; with 4 players"):
            chance_unbeatable("3333", "3 balls", ["3333"], 4, voids={bad: "2 balls"})
    with pytest.raises(XactikaError, match="opponent 4 does not exist; with 4 players"):
        chance_unbeatable("3333", "3 balls", ["3333"], 4, voids={4: "2 balls"})
    with pytest.raises(XactikaError, match="voids must be a mapping"):
        chance_unbeatable("3333", "3 balls", ["3333"], 4, voids=["2 balls"])
    with pytest.raises(XactikaError, match="2 bals"):
        chance_unbeatable("3333", "3 balls", ["3333"], 4, voids={1: "2 bals"})
    # more cards seen than the deck holds
    with pytest.raises(XactikaError, match="need 3 cards, but only 0 are unseen"):
        chance_unbeatable(
            "3333", "3 balls", ["3333"], 4, [c for c in DECK if c != Card.parse("3333")]
        )
    with pytest.raises(XactikaError, match="162 cards seen, but the deck holds only 81"):
        chance_unbeatable("3333", "3 balls", ["3333"], 4, list(DECK) * 2)
    with pytest.raises(XactikaError, match="card 1111 is among the seen cards twice"):
        chance_unbeatable("3333", "3 balls", ["3333"], 4, ["1112", "1111", "1111"])
    # a card both held and seen
    with pytest.raises(XactikaError, match="card 1111 is both in the hand and among the seen"):
        chance_unbeatable("3333", "3 balls", ["3333", "1111"], 4, ["1111"], voids={1: "2 balls"})
    # voids no deal fits: the opponent is void in every count of balls
    with pytest.raises(XactikaError, match="opponent 1: 1 ball, 2 balls, 3 balls"):
        chance_unbeatable("3333", "3 balls", ["3333"], 2, voids={1: ["1 ball", "2ba", "3ba"]})


_ENTRIES = {
    "chance_unbeatable": lambda view: chance_unbeatable("3333", "3 balls", voids=view),
    "lead_chances": lambda view: lead_chances(voids=view),
    "sample_consistent_hands": lambda view: sample_consistent_hands(view, seed=1),
}


@pytest.mark.parametrize("entry", sorted(_ENTRIES))
@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a void that contradicts a play of that seat
        (
            {"voids": ((), (Combination.parse("2 balls"),))},
            "seat 1 is void in 2 balls, but played 2213",
        ),
        # a void list for a seat that does not exist, or one missing
        (
            {"voids": ((), (), (Combination.parse("2 balls"),))},
            r"voids for 3 seat\(s\) \(seat 2: 2 balls\), but it has 2 players",
        ),
        ({"voids": ((),)}, r"voids for 1 seat\(s\), but it has 2 players"),
        # cards the view cannot hold: a played card in the hand, too many cards
        ({"hand": Hand.parse("3333 2213")}, "card 2213 is both in the view's hand and played"),
        (
            {"hand": Hand.parse("3333 1212 1113")},
            "hand 3333 1212 1113 has 3 cards, but seat 0 holds 2",
        ),
    ],
)
def test_a_bad_view_is_named_by_every_entry_point(entry, change, message):
    view = dataclasses.replace(_hand_made_view(((), ())), **change)
    with pytest.raises(XactikaError, match=message):
        _ENTRIES[entry](view)


def test_bad_facts_are_named_by_lead_chances_too():
    with pytest.raises(XactikaError, match="opponent 3 does not exist; with 3 players"):
        lead_chances(["3333"], 3, voids={3: "2 balls"})
    with pytest.raises(XactikaError, match="162 cards seen, but the deck holds only 81"):
        lead_chances(["3333"], 4, list(DECK) * 2, voids={1: "2 balls"})
    with pytest.raises(XactikaError, match="need 3 cards, but only 0 are unseen"):
        lead_chances(["3333"], 4, [c for c in DECK if c != Card.parse("3333")])
    with pytest.raises(XactikaError, match="opponent 1: 1 ball, 2 balls, 3 balls"):
        lead_chances(["3333"], 2, voids={1: ["1 ball", "2ba", "3ba"]})


def test_deals_check_their_shape():
    unseen = Hand.parse("1111 1112 1113")
    with pytest.raises(XactikaError, match="2 opponents' hand sizes but 1 void lists"):
        ConsistentDeals(unseen, (1, 1), ((),))
    with pytest.raises(XactikaError, match="hold 4 cards, but only 3 cards are unseen"):
        ConsistentDeals(unseen, (2, 2), ((), ()))
