"""The search player and its exact endgame solver (issue 11, item 4).

The solver is checked against a brute-force max^n written here from RULES.md with
the card objects and the rule functions (no transposition table, no equivalent
calls, no early stop): on small positions both must give every play the same value.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

import xactika_edu
from xactika_edu.base.errors import XactikaError
from xactika_edu.core.cards import DECK, Card
from xactika_edu.core.game import BID, Play, Round
from xactika_edu.core.rules import CARD_INDEX, COMBINATION_INDEX, legal_follows, score, trick_winner
from xactika_edu.engines.bots import HeuristicBot
from xactika_edu.engines.endgame import Endgame, sorted_hands
from xactika_edu.engines.search import SearchBot, play_key
from xactika_edu.engines.simulate import BOTS, simulate_rounds

SMALL = functools.partial(SearchBot, samples=6, endgame_samples=6, bid_trials=40, bid_pool=24)

# --- brute force ------------------------------------------------------------------------


def brute(hands, leader, won, bids, trick=(), call=None):
    """Every seat's final score under max^n play: the player to act takes the first
    play (cards in sorted order, calls in shape order) best for itself."""
    players = len(hands)
    if len(trick) == players:
        cards = [card for _, card in trick]
        at = trick_winner([c.value for c in cards], [c.has(call) for c in cards])
        winner = trick[at][0]
        won = tuple(w + (s == winner) for s, w in enumerate(won))
        return brute(hands, winner, won, bids)
    if not trick and not hands[leader]:
        return tuple(score(b, w) for b, w in zip(bids, won, strict=True))
    return _first_best(hands, leader, won, bids, trick, call)


def brute_options(hands, leader, won, bids, trick=(), call=None):
    """``{play: scores}`` for each play of the seat to act, in the fixed order."""
    players = len(hands)
    seat = (leader + len(trick)) % players
    out = {}
    hand = sorted(hands[seat])
    if not trick:
        moves = [(card, combo) for card in hand for combo in card.combinations]
    else:
        moves = [(card, call) for card in legal_follows(hand, call)]
    for card, combo in moves:
        rest = list(hands)
        rest[seat] = tuple(c for c in hands[seat] if c != card)
        play = Play(card, combo) if not trick else Play(card)
        out[play] = brute(tuple(rest), leader, won, bids, (*trick, (seat, card)), combo)
    return out


def _first_best(hands, leader, won, bids, trick, call):
    seat = (leader + len(trick)) % len(hands)
    best = None
    for result in brute_options(hands, leader, won, bids, trick, call).values():
        if best is None or result[seat] > best[seat]:
            best = result
    return best


def random_position(rng: np.random.Generator, players: int, cards: int):
    """Hands of ``cards`` each, bids, tricks won and part of a trick played legally."""
    deck = [DECK[i] for i in rng.permutation(len(DECK))[: players * cards]]
    hands = [tuple(deck[s * cards : (s + 1) * cards]) for s in range(players)]
    bids = tuple(int(b) for b in rng.integers(0, 4, players))
    won = tuple(int(w) for w in rng.integers(0, 2, players))
    leader = int(rng.integers(players))
    trick: list[tuple[int, Card]] = []
    call = None
    for k in range(int(rng.integers(0, players))):
        seat = (leader + k) % players
        if k == 0:
            card = hands[seat][int(rng.integers(cards))]
            call = card.combinations[int(rng.integers(4))]
        else:
            options = legal_follows(list(hands[seat]), call)
            card = options[int(rng.integers(len(options)))]
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick.append((seat, card))
    return tuple(hands), leader, won, bids, tuple(trick), call


def ids(hands):
    return tuple(tuple(CARD_INDEX[c] for c in hand) for hand in hands)


@pytest.mark.parametrize(("players", "cards"), [(2, 1), (2, 3), (3, 2), (3, 3), (4, 2), (4, 3)])
def test_endgame_values_equal_brute_force(players, cards):
    rng = np.random.default_rng(100 * players + cards)
    for _ in range(12 if players * cards <= 9 else 4):
        hands, leader, won, bids, trick, call = random_position(rng, players, cards)
        solver = Endgame(players, bids)
        got = solver.move_values(
            ids(hands),
            leader,
            won,
            [(s, CARD_INDEX[c]) for s, c in trick],
            -1 if call is None else COMBINATION_INDEX[call],
        )
        seat = (leader + len(trick)) % players
        expected = {
            play_key(play): result[seat]
            for play, result in brute_options(hands, leader, won, bids, trick, call).items()
        }
        assert got == expected, (hands, leader, won, bids, trick, call)
        if not trick:  # the value of the whole position, every seat's score
            assert solver.value(sorted_hands(ids(hands)), leader, won) == brute(
                hands, leader, won, bids
            )


def test_endgame_makes_the_bid_exactly_rather_than_take_more():
    # Seat 0 bid 1 and has taken 1: it must lose both last tricks. Leading 3133
    # takes a trick whatever the call (calling 1 cube, 1112 must follow with 5
    # against 10; no card of seat 1 shows 3 balls, 3 cones or 3 stars); leading 1111
    # calling 1 ball, 1 cube or 1 cone lets 1112 win, then seat 1 (bid 2, none taken)
    # wins with 2222: seat 0 scores +1, exactly. A player that takes every trick it
    # can would lead 3133.
    mine, theirs = Card.parse("3133"), Card.parse("1111")
    hands = ((mine, theirs), (Card.parse("2222"), Card.parse("1112")))
    values = Endgame(2, bids=(1, 2)).move_values(ids(hands), leader=0, won=(1, 0))
    lose = [theirs.combinations[shape] for shape in range(3)]  # 1 ball, 1 cube, 1 cone
    for combo in lose:
        assert values[play_key(Play(theirs, combo))] == 1
    # 3133 calling 1 cube: 1112 must follow, then 1111 wins too (-2); calling 3
    # balls, seat 1 keeps 1112 to win the last trick, seat 0 takes 2 (-1)
    assert [values[play_key(Play(mine, combo))] for combo in mine.combinations] == [-1, -2, -1, -1]
    assert max(values.values()) == 1


def test_endgame_refuses_bad_positions():
    with pytest.raises(XactikaError, match="bids must give one bid per seat"):
        Endgame(3, bids=(1, 2))
    with pytest.raises(XactikaError, match="a bid must be from 0 to 8, got 9"):
        Endgame(2, bids=(9, 0))
    solver = Endgame(2, bids=(1, 0))
    with pytest.raises(XactikaError, match="hold a card twice"):
        solver.move_values(((0, 1), (1, 2)), leader=0, won=(0, 0))
    with pytest.raises(XactikaError, match="do not fit the trick"):
        solver.move_values(((0, 1), (2,)), leader=0, won=(0, 0))


# --- the player -----------------------------------------------------------------------


def drive(rnd: Round, bots) -> list[str]:
    """Play ``rnd`` out, checking every choice is legal; the choices as text."""
    out = []
    while not rnd.is_over:
        seat = rnd.current_player
        view = rnd.view(seat)
        if rnd.phase == BID:
            choice = bots[seat].bid(view)
            assert choice in view.legal_bids()
            rnd.bid(choice)
        else:
            play = bots[seat].play(view)
            assert play in view.legal_plays()
            rnd.play(play)
            choice = play
        out.append(str(choice))
    return out


@pytest.mark.parametrize(("players", "cards", "seed"), [(2, 3, 1), (3, 4, 2), (4, 5, 3)])
def test_search_bot_makes_only_legal_moves(players, cards, seed):
    rnd = Round.deal(players, dealer=seed % players, seed=seed, cards_per_hand=cards)
    bots = [SMALL(seed=seed + s) if s % 2 == 0 else HeuristicBot() for s in range(players)]
    drive(rnd, bots)
    assert sum(rnd.tricks_won) == cards


def test_search_bot_same_seed_same_choices_other_seed_other_choices():
    def choices(seed: int) -> list[str]:
        rnd = Round.deal(4, dealer=1, seed=5, cards_per_hand=6)
        return drive(rnd, [SMALL(seed=seed), HeuristicBot(), SMALL(seed=seed + 1), HeuristicBot()])

    first = choices(1)
    assert choices(1) == first
    assert any(choices(seed) != first for seed in (2, 3, 4))


def test_search_bot_solves_the_endgame_with_the_exact_sampler(monkeypatch):
    # with few cards the play is the solver's: one solver per sampled deal
    made: list[int] = []
    original = Endgame.__init__

    def spy(self, *args, **kwargs):
        made.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Endgame, "__init__", spy)
    rnd = Round.deal(3, dealer=0, seed=4, cards_per_hand=3)
    for seat in (1, 2, 0):
        rnd.bid(HeuristicBot().bid(rnd.view(seat)))
    view = rnd.view(1)
    play = SearchBot(seed=1, endgame_cards=3, endgame_samples=5).play(view)
    assert play in view.legal_plays()
    assert len(made) == (5 if len(view.legal_plays()) > 1 else 0)


def test_search_bot_bids_the_bid_advice_recommendation():
    from xactika_edu.engines.advice import bid_advice

    rnd = Round.deal(4, dealer=3, seed=46)
    bot = SearchBot(seed=7, bid_trials=300)
    advice = bid_advice(rnd.hand(0), 4, 0, trials=300, seed=np.random.default_rng(7), dealer=3)
    assert bot.bid(rnd.view(0)) == advice.attrs["recommended"]


def test_search_bot_by_name_and_export():
    assert BOTS["search"] is SearchBot is xactika_edu.SearchBot
    table = simulate_rounds(1, players=3, bots=["search", "heuristic", "heuristic"], seed=2,
                            cards_per_hand=3)  # fmt: skip
    assert table["bot"].tolist()[0] == "search"
    assert repr(SearchBot(seed=3)) == (
        "SearchBot(seed=3, samples=64, endgame_cards=1, endgame_samples=32, bid_trials=500, "
        "bid_inference=0.0, bid_pool=512)"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, "seed must be a whole number 0 or more, like 7; got -1"),
        ({"seed": "x"}, "seed must be a whole number 0 or more, like 7; got 'x'"),
        ({"samples": 0}, "samples must be from 1 to 10000, got 0"),
        ({"endgame_samples": 10_001}, "endgame_samples must be from 1 to 10000, got 10001"),
        ({"endgame_cards": 9}, "endgame_cards must be from 0 to 8, got 9"),
        ({"bid_trials": 0}, "bid_trials must be from 1 to 1000000, got 0"),
        ({"samples": 2.5}, "samples must be a whole number from 1 to 10000, got 2.5"),
        ({"bid_inference": -1}, "bid_inference must be a number from 0 to 20, got -1"),
        ({"bid_pool": -5}, "bid_pool must be from 0 to 100000, got -5"),
    ],
)
def test_search_bot_refuses_bad_settings(kwargs, message):
    with pytest.raises(XactikaError, match=message.replace("(", r"\(")):
        SearchBot(**kwargs)


def test_search_bot_refuses_a_turn_that_is_not_its_own():
    rnd = Round.deal(3, dealer=0, seed=1, cards_per_hand=2)
    with pytest.raises(XactikaError, match="player 2 cannot bid now"):
        SearchBot(seed=1).bid(rnd.view(2))
    with pytest.raises(XactikaError, match="a bot needs a PlayerView"):
        SearchBot(seed=1).play(rnd)  # type: ignore[arg-type]


def test_every_call_of_equivalent_leads_gets_a_value():
    rng = np.random.default_rng(9)
    trick: tuple = (None,)
    while trick:  # a position at the start of a trick
        hands, leader, won, bids, trick, _ = random_position(rng, 3, 2)
    values = Endgame(3, bids).move_values(ids(hands), leader, won)
    keys = {CARD_INDEX[c] * 4 + shape for c in hands[leader] for shape in range(4)}
    assert set(values) == keys
    assert all(isinstance(v, int) for v in values.values())


def test_the_real_deal_explains_the_heuristic_bids():
    # Three HeuristicBots bid; on the real deal the heuristic's bids are the real ones,
    # so the deal weighs 1; a deal that explains them worse weighs less.
    rnd = Round.deal(4, dealer=2, seed=12)
    for _ in range(4):
        rnd.bid(HeuristicBot().bid(rnd.view(rnd.current_player)))
    rnd.play(HeuristicBot().play(rnd.view(rnd.current_player)))
    view = rnd.view(rnd.current_player)
    real = [[CARD_INDEX[c] for c in rnd.hand(s)] for s in range(4)]
    from xactika_edu.engines.rollouts import heuristic_bids
    from xactika_edu.engines.sampling import sample_hidden_hands

    guesses = sample_hidden_hands(view, 30, np.random.default_rng(1))
    bids = heuristic_bids(view, [real, *guesses])
    assert bids[0].tolist() == list(rnd.bids)
    weights = SearchBot(seed=1, bid_inference=1.0)._weights(view, [real, *guesses])
    assert weights[0] == 1.0 and weights.min() < 1.0
    assert (SearchBot(seed=1)._weights(view, guesses) == 1.0).all()


def test_a_bid_pool_keeps_the_deals_that_best_explain_the_bids():
    rnd = Round.deal(4, dealer=1, seed=21)
    for _ in range(4):
        rnd.bid(HeuristicBot().bid(rnd.view(rnd.current_player)))
    view = rnd.view(rnd.current_player)
    bot = SearchBot(seed=2, bid_pool=200)
    kept = bot.guess_deals(view, 20)
    rng_again = SearchBot(seed=2)  # the same generator draws the same pool
    from xactika_edu.engines.sampling import sample_hidden_hands

    pool = sample_hidden_hands(view, 200, rng_again.rng)
    misses = bot._misses(view, pool)
    assert sorted(bot._misses(view, kept).tolist()) == sorted(misses.tolist())[:20]
    assert bot.play(view) in view.legal_plays()


def test_guess_deals_refuses_bad_input():
    rnd = Round.deal(3, dealer=0, seed=1, cards_per_hand=2)
    for seat in (1, 2, 0):
        rnd.bid(0 if seat else 1)
    bot = SearchBot(seed=1)
    with pytest.raises(XactikaError, match="n must be from 1 to 10000, got 0"):
        bot.guess_deals(rnd.view(1), 0)
    with pytest.raises(XactikaError, match="player 2 cannot play now"):
        bot.guess_deals(rnd.view(2), 5)
    assert len(bot.guess_deals(rnd.view(1), 5)) == 5
