"""One round (the seed's "hand") of Lost Heir (xactika_edu.core.lostheir), checked against
seed 004's sentences.

The brute-force checks below are written again here from the seed, not with the
engine's code: "Following Suit: Players must follow suit if able. If not, they may play
a trump or discard another city card." and "Highest card of led suit wins, unless trump
is played (highest trump wins)."
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xactika_edu import IllegalBidError, IllegalPlayError, NotationError, XactikaError
from xactika_edu.core.lostheir import (
    Action,
    LostHeirRound,
    bidder_score,
    hand_points,
)
from xactika_edu.core.lostheir_cards import LOST_HEIR, LOST_HEIR_DECK, WRONG_BOY, LostHeirCard

# North holds all Winnipeg, East all Toronto, South all Montreal, West all Halifax.
ONE_CITY_EACH = ["0W 1W 2W 3W 4W 5W 6W 7W", "0T 1T 2T 3T 4T 5T 6T 7T",
                 "0M 1M 2M 3M 4M 5M 6M 7M", "0H 1H 2H 3H 4H 5H 6H 7H"]  # fmt: skip
# A deal where North/South can take 7 tricks and the Lost Heir but not the Wrong Boy.
TWELVE = ["0W 1W 2W 3W 4W 5W 6W 1M", "7W 1T 2T 3T 4T 5T 6T 7H",
          "0M 2M 3M 4M 5M 6M 7M 7T", "0T 0H 1H 2H 3H 4H 5H 6H"]  # fmt: skip
TWELVE_PLAY = (
    "bid 12, pass, pass, pass, "  # West deals: North bids first
    "6W 7W 0M 0T, 1T 7T 0H 0W, 5W 2T 2M 1H, 4W 3T 3M 2H, 3W 4T 4M 3H, 2W 5T 5M 4H, "
    "1W 6T 6M 5H, 1M 7H 7M 6H"
)


def _apply_all(rnd: LostHeirRound, actions: str) -> LostHeirRound:
    """Apply actions written one per comma; a group of four cards is written with spaces."""
    for chunk in actions.split(","):
        chunk = chunk.strip()
        words = chunk.split()
        if words and all(len(word) == 2 for word in words):
            for word in words:
                rnd.apply(word)
        else:
            rnd.apply(chunk)
    return rnd


# --- scoring: the seed's own examples -------------------------------------------------------


def test_the_seeds_maximum_12_and_all_8_tricks_with_both_boys_10():
    assert hand_points(7, heir=True, wrong_boy=False) == 12
    assert hand_points(8, heir=True, wrong_boy=True) == 10
    best = max(
        hand_points(tricks, heir, boy)
        for tricks in range(9)
        for heir in (False, True)
        for boy in (False, True)
        if tricks or not (heir or boy)  # a boy is captured only in a trick won
        if not (tricks == 8 and not (heir and boy))  # all 8 tricks hold both boys
    )
    assert best == 12


def test_a_real_deal_where_a_side_scores_the_maximum_12():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), TWELVE_PLAY)
    assert rnd.phase == "over" and rnd.declarer == 0 and rnd.contract == 12
    assert [trick.winner for trick in rnd.tricks] == [1, 0, 0, 0, 0, 0, 0, 2]
    assert LOST_HEIR in rnd.captured(0) and WRONG_BOY in rnd.captured(1)
    assert rnd.points() == (12, -2)  # East/West: 1 trick - 3 for the Wrong Boy
    assert rnd.scores() == (12, -2)  # the bid of 12 made; the others score what they earned


def test_a_real_deal_where_a_side_takes_all_8_tricks_and_both_boys_scores_10():
    rnd = LostHeirRound(ONE_CITY_EACH, dealer=3)
    _apply_all(rnd, "bid 10, pass, pass, pass")
    for rank in range(7, -1, -1):  # North leads its Winnipeg (trump), the others discard
        rnd.apply(f"{rank}W")
        for _ in range(3):
            rnd.apply(rnd.legal_actions()[0])
    assert rnd.trump == 3 and all(trick.winner == 0 for trick in rnd.tricks)
    assert rnd.points() == (10, 0)
    assert rnd.scores() == (10, 0)


def test_the_bidders_risk_a_failed_bid_loses_the_bid_the_others_keep_their_points():
    assert bidder_score(4, 4) == 4 and bidder_score(4, 12) == 12 and bidder_score(9, 8) == -9
    rnd = LostHeirRound(ONE_CITY_EACH, dealer=3)
    _apply_all(rnd, "bid 11, pass, pass, pass")
    while rnd.phase != "over":
        rnd.apply(rnd.legal_actions()[0])
    assert rnd.points() == (10, 0) and rnd.scores() == (-11, 0)
    # the opponents score their points, even when the declarer makes the bid
    made = _apply_all(LostHeirRound(TWELVE, dealer=3), TWELVE_PLAY)
    assert made.scores()[1] == made.points()[1] == -2


def test_scores_wait_for_the_end_of_the_hand():
    with pytest.raises(XactikaError, match="not over"):
        LostHeirRound(ONE_CITY_EACH).scores()


# --- bidding and the dealer's refusal -------------------------------------------------------


def _bids(rnd: LostHeirRound) -> list[str]:
    return [str(action) for action in rnd.legal_actions()]


def test_bidding_starts_left_of_the_dealer_minimum_4_maximum_12_each_bid_beats_the_last():
    rnd = LostHeirRound(ONE_CITY_EACH, dealer=1)
    assert rnd.current_player == 2
    assert _bids(rnd) == ["pass"] + [f"bid {n}" for n in range(4, 13)]
    rnd.apply("bid 6")
    assert _bids(rnd) == ["pass"] + [f"bid {n}" for n in range(7, 13)]
    before = rnd.to_record()
    for bad in ("bid 6", "bid 3", "bid 13", "refuse", "raise", "7W"):
        with pytest.raises(IllegalBidError):
            rnd.apply(bad)
        assert rnd.to_record() == before  # unchanged by an illegal action


def test_the_dealer_refuses_and_the_bidder_gives_the_bid_at_the_same_price():
    rnd = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "bid 5, pass, pass")
    assert "refuse" in _bids(rnd)  # only the dealer, only against another seat's bid
    rnd.apply("refuse")
    assert rnd.current_player == 1 and _bids(rnd) == ["raise", "give"]
    rnd.apply("give")
    assert (rnd.phase, rnd.declarer, rnd.contract, rnd.current_player) == ("play", 0, 5, 0)


def test_the_refusal_goes_on_until_one_side_lets_the_other_have_it():
    rnd = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "pass, bid 7, pass, refuse, raise")
    assert rnd.current_player == 0 and _bids(rnd) == ["accept", "refuse"] and rnd.high_bid == 8
    _apply_all(rnd, "refuse, raise, accept")
    assert (rnd.declarer, rnd.contract, rnd.current_player) == (2, 9, 2)
    assert "raises to 9, North accepts" in str(rnd).replace("\n", " ")


def test_at_12_a_refused_bidder_can_only_give():
    rnd = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "bid 12, pass, pass, refuse")
    assert _bids(rnd) == ["give"]
    with pytest.raises(IllegalBidError, match="raise"):
        rnd.apply("raise")
    rnd.apply("give")
    assert (rnd.declarer, rnd.contract) == (0, 12)


def test_no_refusal_without_another_seats_bid_and_none_from_other_seats():
    rnd = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "pass, pass, pass")
    assert "refuse" not in _bids(rnd)  # everyone else passed: the dealer bids or passes
    rnd.apply("bid 4")
    assert (rnd.declarer, rnd.contract) == (0, 4)
    other = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "bid 5")
    with pytest.raises(IllegalBidError, match="only the dealer refuses"):
        other.apply("refuse")
    # the dealer may also simply bid more, which ends the bidding
    outbid = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=0), "bid 5, pass, pass, bid 6")
    assert (outbid.declarer, outbid.contract) == (0, 6)


def test_all_four_pass_the_hand_is_thrown_in():
    rnd = _apply_all(LostHeirRound(ONE_CITY_EACH, dealer=2), "pass, pass, pass, pass")
    assert rnd.phase == "over" and rnd.passed_out and rnd.current_player is None
    assert rnd.scores() == (0, 0) and rnd.legal_actions() == []
    with pytest.raises(IllegalBidError, match="over"):
        rnd.apply("pass")
    with pytest.raises(IllegalPlayError, match="over"):
        rnd.apply("7W")
    assert "thrown in" in str(rnd)


# --- play: trump, following, take a lead -------------------------------------------------


def test_the_declarers_first_card_names_trump_and_take_a_lead_is_never_on_the_first_trick():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), "bid 12, pass, pass, pass")
    assert rnd.trump is None and "take a lead" not in _bids(rnd)
    with pytest.raises(IllegalPlayError, match="first trick"):
        rnd.apply("take a lead")
    with pytest.raises(IllegalBidError, match="bidding is over"):
        _apply_all(LostHeirRound(TWELVE, dealer=3), "bid 12, pass, pass, pass, pass")
    rnd.apply("6W")
    assert rnd.trump == 3


def test_follow_the_led_city_if_able_else_any_card():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), "bid 12, pass, pass, pass, 6W")
    assert _bids(rnd) == ["7W"]  # East must follow Winnipeg with its only one
    with pytest.raises(IllegalPlayError, match="must follow Winnipeg"):
        rnd.apply("1T")
    with pytest.raises(IllegalPlayError, match="does not hold"):
        rnd.apply("5W")
    rnd.apply("7W")
    assert len(_bids(rnd)) == 8  # South has no Winnipeg: any card


def test_an_illegal_play_or_junk_leaves_the_hand_unchanged():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), "bid 12, pass, pass, pass, 6W")
    before = rnd.to_record()
    cases = [("1T", IllegalPlayError), ("6W", IllegalPlayError), ("bid 5", IllegalBidError),
             (5, NotationError), (None, NotationError), ("bid five", NotationError),
             (Action("bid", bid=4), IllegalBidError)]  # fmt: skip
    for bad, error in cases:
        with pytest.raises(error):
            rnd.apply(bad)
        assert rnd.to_record() == before
    for kind, bid, card in (("bid", 4.0, None), ("bid", True, None), ("play", None, "7W"),
                            ("jump", None, None), ("pass", 4, None)):  # fmt: skip
        with pytest.raises(XactikaError, match="not a Lost Heir action"):
            Action(kind, bid=bid, card=card)


def test_take_a_lead_passes_the_lead_to_the_partner_once():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), "bid 12, pass, pass, pass, 6W 7W 0M 0T")
    assert rnd.current_player == 1 and _bids(rnd)[0] == "take a lead"  # East won trick 1
    rnd.apply("take a lead")
    assert rnd.current_player == 3 and "take a lead" not in _bids(rnd)
    with pytest.raises(IllegalPlayError, match="passed already"):
        rnd.apply("take a lead")
    _apply_all(rnd, "0H 5W 7H 7T")  # West leads; trick 2 is won by North's trump
    assert rnd.tricks[1].passed and rnd.tricks[1].leader == 3 and rnd.tricks[1].winner == 0
    rnd.apply("0W")
    with pytest.raises(IllegalPlayError, match="has been led"):
        rnd.apply("take a lead")


# --- move generator against a brute force written from the seed ---------------------------


def _seed_winner(cards: list[LostHeirCard], trump: int) -> int:
    """Position of the winning card, from the seed's sentence."""
    trumps = [i for i, card in enumerate(cards) if card.city == trump]
    pool = trumps or [i for i, card in enumerate(cards) if card.city == cards[0].city]
    return max(pool, key=lambda i: cards[i].rank)


def _brute_sequences(hands: list[list[LostHeirCard]], leader: int, trump: int, passed_ok: bool):
    """Every (sequence, North/South tricks) of the tricks left, with "take a lead" (T)."""
    if not hands[0]:
        yield (), 0
        return
    starts = [(leader, ())]
    if passed_ok:
        starts.append(((leader + 2) % 4, ("T",)))
    for first, said in starts:
        for sequence, cards in _tricks(hands, first):
            rest = [[c for c in hand if c not in cards] for hand in hands]
            winner = (first + _seed_winner(list(cards), trump)) % 4
            for tail, ns in _brute_sequences(rest, winner, trump, True):
                yield said + sequence + tail, ns + (winner % 2 == 0)


def _tricks(hands, first):
    def go(seat_index, played):
        if seat_index == 4:
            yield tuple(str(c) for c in played), tuple(played)
            return
        seat = (first + seat_index) % 4
        hand = hands[seat]
        if played:
            same = [c for c in hand if c.city == played[0].city]
            choices = same or hand  # follow if able, else any card (a trump or a discard)
        else:
            choices = hand
        for card in choices:
            yield from go(seat_index + 1, [*played, card])

    yield from go(0, [])


def _engine_sequences(rnd: LostHeirRound):
    if rnd.phase == "over":
        yield (), sum(1 for trick in rnd.tricks[-2:] if trick.winner % 2 == 0)
        return
    for action in rnd.legal_actions():
        after = rnd.copy()
        after.apply(action)
        word = "T" if action.kind == "take" else str(action)
        for tail, ns in _engine_sequences(after):
            yield (word, *tail), ns


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_last_two_tricks_legal_sequences_match_a_brute_force(seed):
    rnd = LostHeirRound.deal(dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    while len(rnd.tricks) < 6:  # play to the last two tricks, never passing the lead
        rnd.apply(rng.choice([a for a in rnd.legal_actions() if a.kind != "take"]))
    engine = sorted(_engine_sequences(rnd))
    hands = [list(cards) for cards in rnd.hands]
    assert rnd.trump is not None
    brute = sorted(_brute_sequences(hands, rnd.current_player, rnd.trump, True))
    assert engine == brute
    assert len(engine) > 2


# --- invariants over many random hands ----------------------------------------------------


def _random_hand(deal_seed: int, play_seed: int) -> LostHeirRound:
    rnd = LostHeirRound.deal(dealer=deal_seed % 4, seed=deal_seed)
    rng = random.Random(play_seed)
    while rnd.phase != "over":
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_hands_keep_the_rules(deal_seed, play_seed):
    rnd = _random_hand(deal_seed, play_seed)
    if rnd.passed_out:
        assert rnd.tricks == () and rnd.scores() == (0, 0)
        return
    tricks = rnd.tricks
    assert len(tricks) == 8
    played = [card for trick in tricks for card in trick.cards]
    assert sorted(played) == sorted(LOST_HEIR_DECK)  # every card played once
    assert tricks[0].leader == rnd.declarer and tricks[0].cards[0].city == rnd.trump
    assert not tricks[0].passed
    held = [set(cards) for cards in rnd.start_hands]
    leader = rnd.declarer
    for number, trick in enumerate(tricks):
        expected_leader = (leader + 2) % 4 if trick.passed else leader
        assert trick.leader == expected_leader
        led = trick.cards[0].city
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            assert card in held[seat]
            if card.city != led:  # a card off the led city only when void in it
                assert all(c.city != led for c in held[seat]), (number, seat, card)
            held[seat].discard(card)
        assert trick.winner == trick.seats[_seed_winner(list(trick.cards), rnd.trump)]
        leader = trick.winner
    for team in (0, 1):
        won = [t for t in tricks if t.winner % 2 == team]
        cards = {c for t in won for c in t.cards}
        expected = len(won) + 5 * (LOST_HEIR in cards) - 3 * (WRONG_BOY in cards)
        assert rnd.points()[team] == expected
    side = rnd.declarer % 2
    made = rnd.points()[side] >= rnd.contract
    assert rnd.scores()[side] == (rnd.points()[side] if made else -rnd.contract)
    assert rnd.scores()[1 - side] == rnd.points()[1 - side]
    assert sum(rnd.points()) in (5, 8, 10, 13)  # 8 tricks, +5 and -3 to someone


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 40))
def test_records_replay_at_any_point_and_views_hide_the_other_hands(deal_seed, play_seed, stop):
    rnd = LostHeirRound.deal(dealer=deal_seed % 4, seed=deal_seed)
    rng = random.Random(play_seed)
    for _ in range(stop):
        if rnd.phase == "over":
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    again = LostHeirRound.from_record(rnd.to_record())
    assert again == rnd and str(again) == str(rnd) and eval(repr(rnd)) == rnd
    for seat in range(4):
        view = rnd.view(seat)
        assert view.hand == rnd.hands[seat]
        assert len(view.unseen) == sum(view.cards_held) - len(view.hand)
        assert not set(view.unseen) & set(view.hand)
        mine = seat == rnd.current_player
        assert view.legal_actions() == (rnd.legal_actions() if mine else [])
        other_cards = {c for s in range(4) if s != seat for c in rnd.hands[s]}
        assert set(view.unseen) == other_cards
        # the view holds no card of another hand: every card in it is mine or was played
        assert _cards_in(view) <= set(view.hand) | set(view.played)


def _cards_in(value) -> set[LostHeirCard]:
    if isinstance(value, LostHeirCard):
        return {value}
    if hasattr(value, "__dataclass_fields__"):
        return set().union(*(_cards_in(getattr(value, f)) for f in value.__dataclass_fields__))
    if isinstance(value, tuple):
        return set().union(*(_cards_in(item) for item in value))
    return set()


def test_a_different_deal_seed_gives_a_different_hand():
    assert LostHeirRound.deal(seed=1) == LostHeirRound.deal(seed=1)
    assert LostHeirRound.deal(seed=1) != LostHeirRound.deal(seed=2)


def test_actions_notation_round_trips_and_bad_records_are_refused():
    for text in ("pass", "bid 4", "bid 12", "refuse", "raise", "give", "accept", "take a lead"):
        assert str(Action.parse(text)) == text and eval(repr(Action.parse(text))) == Action.parse(
            text
        )
    for card in LOST_HEIR_DECK:
        assert Action.parse(str(card)).card == card
    with pytest.raises(NotationError, match="cannot read Lost Heir action"):
        Action.parse("bid lots")
    record = _random_hand(5, 5).to_record()
    tampered = {**record, "actions": ["take a lead", *record["actions"]]}
    with pytest.raises(IllegalBidError):
        LostHeirRound.from_record(tampered)
    with pytest.raises(XactikaError, match="missing"):
        LostHeirRound.from_record({"dealer": 0, "hands": record["hands"]})
    with pytest.raises(XactikaError, match="4 hands of 8"):
        LostHeirRound(ONE_CITY_EACH[:3])
    with pytest.raises(XactikaError, match="every card once"):
        LostHeirRound([ONE_CITY_EACH[0]] * 4)


def test_the_transcript_tells_the_hand():
    rnd = _apply_all(LostHeirRound(TWELVE, dealer=3), TWELVE_PLAY)
    text = str(rnd)
    assert text.splitlines()[0] == "Lost Heir hand: West deals"
    assert "North (North/South) plays for 12." in text
    assert "Trick 1: North 6W, East 7W, South 0M, West 0T; East wins (trump: Winnipeg)" in text
    assert "Points: North/South 12, East/West -2." in text
    assert "(North/South made the bid of 12)" in text


def test_junk_gets_the_librarys_own_error():
    from xactika_edu.core.lostheir_cards import seat_name, team_name
    from xactika_edu.engines.lostheir_bots import play_lostheir_round

    calls = [
        lambda: hand_points("7", True, False),
        lambda: hand_points(9, True, False),
        lambda: bidder_score(13, 5),
        lambda: bidder_score(6, None),
        lambda: seat_name(4),
        lambda: team_name("x"),
        lambda: LostHeirRound(None),
        lambda: LostHeirRound([None] * 4),
        lambda: LostHeirRound(ONE_CITY_EACH, dealer=4),
        lambda: LostHeirRound(ONE_CITY_EACH).view(-1),
        lambda: LostHeirRound.from_record([1, 2]),
        lambda: LostHeirRound.deal(seed=-1),
        lambda: play_lostheir_round(LostHeirRound(ONE_CITY_EACH), None),
        lambda: play_lostheir_round("hand", []),
    ]
    for call in calls:
        with pytest.raises(XactikaError):
            call()
