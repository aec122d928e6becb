"""Tests of Blackout (seed 004): the deck, the schedule, one round and a whole game.

The rules quoted are from /work/shared/seeds/004 (Blackout): "Setup", "Dealing & Trump",
"Bidding" ("The Dealer's Trap"), "Gameplay" and "Scoring (The "Blackout")".
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, XactikaError
from xactika_edu.core.blackout import BlackoutRound, blackout_deck, max_round, round_schedule
from xactika_edu.core.blackout_game import BlackoutGame, first_dealer_by_cut
from xactika_edu.core.blackout_parts import check_players
from xactika_edu.core.playing_cards import STANDARD_DECK, PlayingCard, parse_cards
from xactika_edu.core.rules import BLACKOUT, blackout_score, legal_bids, score

# --- scoring: "If exact, you get a '1' in front of your bid" -------------------------------


def test_seed_scoring_examples() -> None:
    # "Bid 0, won 0 = 10", "Bid 3, won 3 = 13", "Bid 11, won 11 = 111"
    assert score(0, 0, BLACKOUT) == 10
    assert score(3, 3, BLACKOUT) == 13
    assert score(11, 11, BLACKOUT) == 111
    # "If you win more or fewer tricks than you bid ... you receive 0 points"
    assert score(3, 2, BLACKOUT) == 0
    assert score(3, 4, BLACKOUT) == 0
    assert score(0, 1, BLACKOUT) == 0


def test_scoring_is_the_one_written_in_front_for_every_bid() -> None:
    bids = np.arange(27)
    for bid in range(27):
        assert blackout_score(bid, bid) == int("1" + str(bid))
        for took in range(27):
            if took != bid:
                assert blackout_score(bid, took) == 0
    # the array version agrees with the plain one, element by element
    took = np.array([b if b % 3 else b + 1 for b in range(27)])
    plain = [blackout_score(int(b), int(t)) for b, t in zip(bids, took, strict=True)]
    assert blackout_score(bids, took).tolist() == plain


# --- the deck and the schedule -------------------------------------------------------------


def test_seed_deck_examples() -> None:
    # "with 4 players, max round is 13; 5 players, max round 10"
    # "4 players x 13 max round = 52 cards; 5 players x 10 max round = 50 cards"
    assert max_round(4) == 13 and len(blackout_deck(4)) == 52
    assert max_round(5) == 10 and len(blackout_deck(5)) == 50


@pytest.mark.parametrize("players", range(2, 9))
def test_deck_removes_the_lowest_cards_first(players: int) -> None:
    deck = blackout_deck(players)
    assert len(deck) == players * (52 // players)
    assert len(set(deck)) == len(deck)
    removed = [card for card in STANDARD_DECK if card not in deck]
    assert len(removed) == 52 % players
    # every removed card is no higher than every kept card ("Remove ... 2s first")
    if removed:
        assert max(card.rank for card in removed) <= min(card.rank for card in deck)
        assert all(card.rank == 2 for card in removed)  # at most 4 removed: always 2s


def test_schedule_goes_up_and_back_down() -> None:
    assert round_schedule(4) == (*range(1, 14), *range(12, 0, -1))
    for players in range(2, 9):
        top = 52 // players
        schedule = round_schedule(players)
        assert schedule[0] == schedule[-1] == 1
        assert max(schedule) == top and schedule.count(top) == 1
        assert len(schedule) == 2 * top - 1


@pytest.mark.parametrize("bad", [1, 9, "4", 4.0, True])
def test_player_count_out_of_range(bad: object) -> None:
    with pytest.raises(XactikaError):
        check_players(bad)


# --- the deal and trump --------------------------------------------------------------------


def test_trump_is_the_next_card_except_in_the_max_round() -> None:
    for players in (3, 4, 5):
        top = max_round(players)
        for size in (1, 2, top - 1):
            rnd = BlackoutRound.deal(players, size, seed=size)
            dealt = {card for hand in rnd.starting_hands for card in hand}
            assert rnd.trump_card is not None and rnd.trump_card not in dealt
            assert rnd.trump_card in blackout_deck(players)
        full = BlackoutRound.deal(players, top, seed=1)
        assert full.trump_card is None and full.trump_suit is None
        dealt = sorted(card for hand in full.starting_hands for card in hand)
        assert tuple(dealt) == blackout_deck(players)  # "the entire deck is dealt"


def test_same_seed_same_round_different_seed_different_round() -> None:
    assert BlackoutRound.deal(4, 5, seed=11) == BlackoutRound.deal(4, 5, seed=11)
    assert BlackoutRound.deal(4, 5, seed=11) != BlackoutRound.deal(4, 5, seed=12)
    assert BlackoutGame(4, seed=3).to_record() == BlackoutGame(4, seed=3).to_record()
    assert BlackoutGame(4, seed=3).to_record() != BlackoutGame(4, seed=4).to_record()


def test_bad_deals_are_refused() -> None:
    with pytest.raises(XactikaError, match="same number"):
        BlackoutRound(["AS 2H", "KS"])
    with pytest.raises(XactikaError, match="twice"):
        BlackoutRound(["AS 2H", "AS 3H"])
    with pytest.raises(XactikaError, match="trump card"):
        BlackoutRound(["AS 2H", "KS 3H"], trump="2H")
    with pytest.raises(XactikaError):
        BlackoutRound.deal(4, 14)
    with pytest.raises(XactikaError, match="removed from the 5-player deck"):
        BlackoutRound(["2C", "3C", "4C", "5C", "6C"])  # 5 players: 2♣ and 2♦ are out
    with pytest.raises(XactikaError, match="removed"):
        BlackoutRound(["3C", "4C", "5C", "6C", "7C"], trump="2D")


# --- bidding: the dealer's trap ------------------------------------------------------------


def test_dealers_trap_in_the_seeds_words() -> None:
    # "The total sum of all bids cannot equal the total tricks available. The dealer
    # (bidding last) must bid to ensure the sum is over or under."
    rnd = BlackoutRound.deal(4, 5, dealer=3, seed=2)
    for bid in (1, 2, 0):
        assert rnd.legal_actions() == [0, 1, 2, 3, 4, 5]  # only the dealer is trapped
        rnd.apply(bid)
    assert rnd.current_player == 3
    assert rnd.legal_actions() == [0, 1, 3, 4, 5]  # 2 would make the total 5
    before = rnd.to_record()
    with pytest.raises(IllegalBidError, match=r"dealer \(player 3\) may not bid 2: .* total 5"):
        rnd.apply(2)
    assert rnd.to_record() == before  # an illegal action leaves the round unchanged
    rnd.apply(3)
    assert sum(b for b in rnd.bids if b is not None) != 5


def test_bid_sequences_match_a_brute_force_count() -> None:
    # Every bid sequence of 0..k per player, except those totalling k (the trap).
    for players, size in ((2, 1), (2, 3), (3, 2), (4, 1)):
        brute = sum(
            1 for bids in itertools.product(range(size + 1), repeat=players) if sum(bids) != size
        )
        rnd = BlackoutRound.deal(players, size, seed=0)
        assert _count_bids(rnd) == brute


def _count_bids(rnd: BlackoutRound) -> int:
    if rnd.phase != "bid":
        return 1
    total = 0
    for bid in rnd.legal_actions():
        branch = rnd.copy()
        branch.apply(bid)
        total += _count_bids(branch)
    return total


def test_illegal_bids() -> None:
    rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H")
    for bad in (3, -1, "1", 1.0, True):
        with pytest.raises(IllegalBidError):
            rnd.bid(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalPlayError, match="bidding"):
        rnd.apply("2H")
    rnd.apply(1)
    rnd.apply(0)
    with pytest.raises(IllegalBidError, match="over"):
        rnd.apply(1)


# --- play: a brute force straight from the seed's sentences --------------------------------


def _brute_sequences(
    hands: list[list[PlayingCard]], leader: int, trump: int | None, won: tuple[int, ...]
) -> Counter[tuple[int, ...]]:
    """Complete legal play sequences, counted by the tricks each player ends with.

    "You must follow the leading suit if possible. If you cannot follow suit, you may
    play a trump or discard. Highest trump wins. If no trump, highest card of leading
    suit wins (Aces high). Winner leads next."
    """
    if not hands[0]:
        return Counter({won: 1})
    players = len(hands)
    out: Counter[tuple[int, ...]] = Counter()

    def trick(seat: int, played: list[tuple[int, PlayingCard]]) -> None:
        if len(played) == players:
            led = played[0][1].suit
            trumped = [p for p in played if p[1].suit == trump]
            pool = trumped or [p for p in played if p[1].suit == led]
            winner = max(pool, key=lambda p: p[1].rank)[0]
            rest = [[c for c in h if all(c != q for _, q in played)] for h in hands]
            tally = tuple(n + (s == winner) for s, n in enumerate(won))
            out.update(_brute_sequences(rest, winner, trump, tally))
            return
        hand = hands[seat]
        if played:
            same = [c for c in hand if c.suit == played[0][1].suit]
            choices = same if same else hand
        else:
            choices = hand
        for card in choices:
            trick((seat + 1) % players, [*played, (seat, card)])

    trick(leader, [])
    return out


def _engine_sequences(rnd: BlackoutRound) -> Counter[tuple[int, ...]]:
    if rnd.is_over:
        return Counter({rnd.tricks_won: 1})
    out: Counter[tuple[int, ...]] = Counter()
    for action in rnd.legal_actions():
        branch = rnd.copy()
        branch.apply(action)
        out.update(_engine_sequences(branch))
    return out


@pytest.mark.parametrize(
    ("hands", "trump"),
    [
        (["AS 2H", "KS 3H"], "4H"),
        (["AS 2H 5D", "KS 3H 9D"], "4C"),
        (["AS 10S 5D", "KS 3H 9C"], "4H"),
        (["AS 10S 5D", "KS 3H 9C"], None),
        (["QH 10S 5D", "KS 3D 9C", "AH 2S 4C"], "7C"),
        (["QH 10S 5D 6H", "KS 3D 9C 8S"], "7S"),
    ],
)
def test_play_sequences_match_the_brute_force(hands: list[str], trump: str | None) -> None:
    rnd = BlackoutRound(hands, trump=trump, dealer=len(hands) - 1)
    for _ in hands:
        rnd.apply(0 if rnd.current_player != rnd.dealer else rnd.legal_actions()[0])
    read = [list(parse_cards(hand)) for hand in hands]
    trump_suit = None if trump is None else PlayingCard.parse(trump).suit
    brute = _brute_sequences(read, 0, trump_suit, (0,) * len(hands))
    assert _engine_sequences(rnd) == brute


def test_a_small_count_worked_by_hand() -> None:
    # Player 0 holds A♠ 2♥, player 1 holds K♠ 3♥, hearts trump, player 0 leads.
    # Lead A♠: player 1 must follow with K♠ (A♠ wins), then 2♥ vs 3♥: 3♥ wins -> (1, 1).
    # Lead 2♥: player 1 must follow with 3♥ (wins), leads K♠, A♠ wins -> (1, 1).
    # Two complete sequences, each leaving one trick apiece.
    rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    rnd.apply(0)
    rnd.apply(0)
    assert _engine_sequences(rnd) == Counter({(1, 1): 2})


def test_follow_suit_and_trump() -> None:
    rnd = BlackoutRound(["AS 2H", "KS 3H", "9C 10C"], trump="4C", dealer=2)
    for bid in (0, 0, 1):
        rnd.apply(bid)
    rnd.apply("2H")
    before = rnd.to_record()
    with pytest.raises(IllegalPlayError, match="follow suit"):
        rnd.apply("KS")
    with pytest.raises(IllegalPlayError, match="does not hold"):
        rnd.apply("AS")
    assert rnd.to_record() == before
    rnd.apply("3H")
    assert rnd.legal_actions() == list(parse_cards("9C 10C"))  # void in hearts: anything
    rnd.apply("9C")  # a trump takes it from the higher heart
    assert rnd.tricks[0].winner == 2
    rnd.apply("10C")
    rnd.apply("AS")
    rnd.apply("KS")
    assert rnd.tricks[1].winner == 2  # the trump lead: A♠ and K♠ are discards
    assert rnd.scores() == (10, 10, 0)  # player 2 bid 1, took 2: blacked out


# --- invariants over many random rounds ----------------------------------------------------


@settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    players=st.integers(2, 8),
    fraction=st.floats(0, 1),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 7),
)
def test_random_rounds_keep_the_rules(
    players: int, fraction: float, seed: int, dealer: int
) -> None:
    size = 1 + int(fraction * (max_round(players) - 1))
    rnd = BlackoutRound.deal(players, size, dealer=dealer % players, seed=seed)
    rng = np.random.default_rng(seed)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.apply(legal[int(rng.integers(len(legal)))])
    # every card dealt is played exactly once
    played = [card for trick in rnd.tricks for _, card in trick.plays]
    dealt = [card for hand in rnd.starting_hands for card in hand]
    assert sorted(played) == sorted(dealt) and len(set(played)) == len(played)
    # follow suit held, checked against what each player still held
    held = [set(hand) for hand in rnd.starting_hands]
    for trick in rnd.tricks:
        led = trick.plays[0][1].suit
        for seat, card in trick.plays[1:]:
            if any(c.suit == led for c in held[seat]):
                assert card.suit == led
        for seat, card in trick.plays:
            held[seat].remove(card)
    # tricks sum to the round number; each trick's winner by the seed's sentence
    assert sum(rnd.tricks_won) == size == len(rnd.tricks)
    for trick in rnd.tricks:
        led = trick.plays[0][1].suit
        trumps = [p for p in trick.plays if p[1].suit == rnd.trump_suit]
        pool = trumps or [p for p in trick.plays if p[1].suit == led]
        assert trick.winner == max(pool, key=lambda p: p[1].rank)[0]
    # bids never total the tricks; scores as the rule says
    bids = [b for b in rnd.bids if b is not None]
    assert len(bids) == players and sum(bids) != size
    for bid, won, points in zip(bids, rnd.tricks_won, rnd.scores(), strict=True):
        assert points == (int(f"1{bid}") if bid == won else 0)
    # the record replays to the same round
    assert BlackoutRound.from_record(rnd.to_record()) == rnd


# --- views, records, text ------------------------------------------------------------------


def test_view_hides_the_other_hands() -> None:
    rnd = BlackoutRound.deal(4, 3, dealer=0, seed=9)
    view = rnd.view(2)
    assert view.hand == rnd.hand(2) and view.legal_actions() == []
    assert rnd.view(1).legal_actions() == rnd.legal_actions() == [0, 1, 2, 3]
    others = {card for seat in (0, 1, 3) for card in rnd.hand(seat)}
    assert not others & set(view.hand)
    assert not any(
        isinstance(value, tuple) and others & {c for c in value if isinstance(c, PlayingCard)}
        for value in (getattr(view, field.name) for field in dataclasses.fields(view))
    )
    assert view.trump_card == rnd.trump_card


def test_record_round_trip_and_tampering() -> None:
    rnd = BlackoutRound.deal(3, 4, dealer=1, seed=5)
    rng = np.random.default_rng(5)
    for _ in range(7):
        legal = rnd.legal_actions()
        rnd.apply(legal[int(rng.integers(len(legal)))])
    record = rnd.to_record()
    assert BlackoutRound.from_record(record) == rnd
    assert eval(repr(rnd), {"BlackoutRound": BlackoutRound}) == rnd
    tampered = dict(
        record, actions=[*record["actions"][:3], "A♠" if "A♠" not in record["hands"][2] else "2♣"]
    )
    with pytest.raises((IllegalPlayError, XactikaError)):
        BlackoutRound.from_record(tampered)
    with pytest.raises(XactikaError, match="not a Blackout"):
        BlackoutRound.from_record(dict(record, game="Xactika"))


def test_transcript() -> None:
    rnd = BlackoutRound(["AS 2H", "KS 3H"], trump="4H", dealer=1)
    assert rnd.transcript().splitlines() == [
        "Blackout: 2 players, 2 cards each; dealer: player 1; trump card 4♥",
        "player 0 holds 2♥ A♠",
        "player 1 holds 3♥ K♠",
        "bids: player 0 to bid",
    ]
    for action in (1, 0, "AS", "KS", "2H"):
        rnd.apply(action)
    text = str(rnd)
    assert "bids: player 0 bids 1; player 1 bids 0" in text
    assert "trick 1: player 0 leads A♠; player 1 plays K♠; player 0 wins" in text
    assert "trick 2: player 0 leads 2♥; player 1 to play" in text
    rnd.apply("3H")
    # player 0 bid 1 and took 1: "a 1 in front of the bid", 11; player 1 bid 0 and took 1: 0
    assert str(rnd).endswith("scores: player 0 +11 (bid 1, took 1); player 1 0 (bid 0, took 1)")
    named = rnd.transcript(names=["Ana", "Ben"])
    assert "dealer: Ben" in named and "trick 1: Ana leads A♠; Ben plays K♠; Ana wins" in named
    with pytest.raises(XactikaError, match="one name per player"):
        rnd.transcript(names=["Ana"])


# --- the whole game ------------------------------------------------------------------------


def _play_random(game: BlackoutGame, seed: int) -> None:
    rng = np.random.default_rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_a_whole_game(players: int) -> None:
    game = BlackoutGame(players, seed=players)
    _play_random(game, players)
    assert [r.cards_per_hand for r in game.rounds] == list(round_schedule(players))
    dealers = [r.dealer for r in game.rounds]
    assert dealers == [(game.first_dealer + k) % players for k in range(len(dealers))]
    totals = [sum(r.scores()[seat] for r in game.rounds) for seat in range(players)]
    assert list(game.totals()) == totals
    assert game.winners() == tuple(s for s in range(players) if totals[s] == max(totals))
    rebuilt = BlackoutGame.from_record(game.to_record())
    assert rebuilt == game and rebuilt.is_over
    assert "winner(s): player" in str(game)
    assert game.transcript(names=[f"P{s}" for s in range(players)]).count("round 1 of") == 1
    with pytest.raises(XactikaError, match="over"):
        game.apply(0)


def test_a_rebuilt_game_deals_on_as_the_original() -> None:
    game, twin = BlackoutGame(3, seed=8), BlackoutGame(3, seed=8)
    rng = np.random.default_rng(0)
    while len(game.rounds) < 4:
        legal = game.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        game.apply(action)
        twin.apply(action)
    rebuilt = BlackoutGame.from_record(game.to_record())
    assert rebuilt == twin
    _play_random(rebuilt, 1)
    _play_random(twin, 1)
    assert rebuilt == twin


def test_game_records_that_break_the_order_are_refused() -> None:
    game = BlackoutGame(3, seed=2, first_dealer=0)
    record = game.to_record()
    with pytest.raises(XactikaError, match="breaks the game"):
        BlackoutGame.from_record(dict(record, first_dealer=1))
    assert game.winners() == ()  # nobody has won while the game is on


def test_first_dealer_by_cut_is_the_highest_card() -> None:
    seen = {first_dealer_by_cut(4, seed=s) for s in range(40)}
    assert seen == {0, 1, 2, 3}
    rng = np.random.default_rng(7)
    drawn = rng.choice(52, size=4, replace=False)
    cards = [STANDARD_DECK[int(i)] for i in drawn]
    best = max(range(4), key=lambda s: (cards[s].rank, cards[s].suit))
    assert first_dealer_by_cut(4, seed=7) == best


def test_legal_bids_in_rules_is_the_trap() -> None:
    assert legal_bids(3, True, 5, BLACKOUT) == [0, 1, 3, 4, 5]
    assert legal_bids(6, True, 5, BLACKOUT) == [0, 1, 2, 3, 4, 5]


@settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_random_whole_games_keep_the_rules(players: int, seed: int) -> None:
    game = BlackoutGame(players, seed=seed)
    _play_random(game, seed)
    assert game.is_over and [r.cards_per_hand for r in game.rounds] == list(game.schedule)
    for number, rnd in enumerate(game.rounds):
        assert rnd.dealer == (game.first_dealer + number) % players
        assert sum(rnd.tricks_won) == rnd.cards_per_hand
        assert sum(b for b in rnd.bids if b is not None) != rnd.cards_per_hand
        played = sorted(c for trick in rnd.tricks for _, c in trick.plays)
        assert played == sorted(c for hand in rnd.starting_hands for c in hand)
        assert (rnd.trump_card is None) == (rnd.cards_per_hand == max_round(players))
    assert sum(game.totals()) == sum(sum(r.scores()) for r in game.rounds)
