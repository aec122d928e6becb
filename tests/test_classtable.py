"""The class table (xactika_edu.teaching.classdata.classtable): students play each other
at one table with computer players in the other seats; finished hands reach the class
store in the score-sheet format. Source: issue 13, item 4."""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd
import pytest

from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, XactikaError
from xactika_edu.core.cards import Card, Hand
from xactika_edu.core.game import Play, PlayerView, Trick
from xactika_edu.core.rules import forbidden_bid
from xactika_edu.teaching.classdata.classtable import (
    ClassTable,
    HandRecord,
    SeatHandle,
    SeatView,
    store_hands,
)
from xactika_edu.teaching.classdata.scoresheet import load_scores
from xactika_edu.teaching.classdata.store import ClassStore

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def make_move(handle: SeatHandle, rng: random.Random) -> bool:
    """A student's move, chosen at random among the legal ones their view offers."""
    view = handle.view()
    if not view.your_turn:
        return False
    if view.phase == "bid":
        handle.bid(rng.choice(view.legal_bids()))
    else:
        play = rng.choice(view.legal_plays())
        handle.play(play.card, play.call)
    return True


def play_hand(table: ClassTable, handles: Sequence[SeatHandle], rng: random.Random) -> None:
    """The students move in turn until the hand is over (computers move by themselves)."""
    for _ in range(200):
        if table.view(0).hand_over:
            return
        assert any(make_move(handle, rng) for handle in handles), "no one could move"
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("students", [2, 3, 4])
def test_students_play_a_full_hand_with_computers_in_the_empty_seats(students: int) -> None:
    table = ClassTable(seats=4, seed=7, hands=1)
    handles = [table.sit(name) for name in NAMES[:students]]
    table.start()
    view = handles[0].view()
    assert view.computer == tuple(seat >= students for seat in range(4))
    assert view.names[students:] == tuple(f"Computer {s + 1}" for s in range(students, 4))
    play_hand(table, handles, random.Random(students))
    (record,) = table.records
    assert record.players == (*NAMES[:students], *view.names[students:])
    assert sum(record.tricks) == 8
    assert record.computer == view.computer  # no student left, so only the empty seats
    rnd = table.round
    assert rnd is not None and rnd.is_over
    assert record.bids == rnd.bids and record.tricks == rnd.tricks_won
    assert record.dealer == rnd.dealer == 0
    assert table.view(1).game_over and len(table.view(1).winners) >= 1


def test_only_legal_moves_are_offered_and_illegal_ones_are_refused_unchanged() -> None:
    table = ClassTable(seats=2, seed=3, hands=1)
    ana, ben = table.sit("Ana"), table.sit("Ben")
    table.start()  # Ana (seat 0) deals, so Ben bids first
    ben.bid(5)
    view = ana.view()
    assert forbidden_bid(5, 8) == 3 and view.legal_bids() == [0, 1, 2, 4, 5, 6, 7, 8]
    with pytest.raises(IllegalBidError, match="dealer \\(Ana\\) may not bid 3"):
        ana.bid(3)
    assert ana.view().player is not None and ana.view().player.bids == (None, 5)  # type: ignore[union-attr]
    ana.bid(2)
    # Ben leads a call Ana holds on some cards but not all: she must follow it
    hand = ana.view().player.hand  # type: ignore[union-attr]
    lead = next(
        play
        for play in ben.view().legal_plays()
        if 0 < sum(card.has(play.call) for card in hand) < len(hand)  # type: ignore[arg-type]
    )
    ben.play(lead)
    follows = ana.view().legal_plays()
    assert follows == table.round.legal_plays()  # type: ignore[union-attr]
    assert {p.card for p in follows} == {c for c in hand if c.has(lead.call)}  # type: ignore[arg-type]
    other = next(card for card in hand if not card.has(lead.call))  # type: ignore[arg-type]
    with pytest.raises(IllegalPlayError, match="Ana must follow"):
        ana.play(other)
    with pytest.raises(IllegalPlayError, match="Ana does not hold"):
        ana.play(next(iter(table.round.hand(1))))  # type: ignore[union-attr]
    assert ana.view().player.current_trick == ((1, lead),)  # type: ignore[union-attr]


def test_a_move_from_the_wrong_seat_is_refused_with_names() -> None:
    table = ClassTable(seats=3, seed=1, hands=1)
    ana, ben, cy = (table.sit(name) for name in ("Ana", "Ben", "Cy"))
    table.start()  # Ana deals: Ben bids first
    before = table.view(0).version
    with pytest.raises(IllegalBidError, match="it is Ben's turn to bid, not Cy's"):
        cy.bid(1)
    with pytest.raises(IllegalPlayError, match="bidding is not finished"):
        ben.play(ben.view().player.hand[0], "1 ball")  # type: ignore[union-attr]
    assert table.round is not None and table.round.bids == (None, None, None)
    assert table.view(0).version == before  # nothing changed, nobody was told
    ben.bid(1)
    cy.bid(1)
    ana.bid(1)
    with pytest.raises(IllegalPlayError, match="it is Ben's turn to play, not Ana's"):
        ana.play(ana.view().legal_plays()[0] if ana.view().legal_plays() else "1111:1ba")


def test_a_student_who_leaves_mid_trick_is_replaced_and_nothing_is_lost(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    code, _ = store.create_class("Period 3")
    table = ClassTable(seats=4, seed=11, hands=2, on_hand=store_hands(store, code))
    handles = [table.sit(name) for name in NAMES]
    table.start()
    rng = random.Random(5)
    # play until a trick has started and it is Cy's turn in it
    for _ in range(200):
        view = handles[2].view()
        if view.phase == "play" and view.your_turn and view.player.current_trick:  # type: ignore[union-attr]
            break
        assert any(make_move(h, rng) for h in handles)
    else:
        raise AssertionError("Cy never had to follow")
    handles[2].leave()  # Cy's page closes mid-trick: the computer plays her card at once
    view = handles[0].view()
    assert view.computer == (False, False, True, False) and view.away == (False, False, True, False)
    assert view.names[2] == "Cy"
    assert not handles[2].is_seated
    with pytest.raises(XactikaError, match="not at this table"):
        handles[2].bid(0)
    handles[2].leave()  # leaving twice does nothing
    play_hand(table, [handles[0], handles[1], handles[3]], rng)
    assert table.records[0].computer == (False, False, True, False)
    # Cy comes back before the next hand: her own seat, held for her
    with pytest.raises(XactikaError, match="playing a game"):
        table.sit("Eve")
    cy = table.sit("cy")
    assert cy.seat == 2 and cy.name == "Cy" and table.view(0).computer == (False,) * 4
    table.next_hand(after=1)
    table.next_hand(after=1)  # a second press by another student changes nothing
    assert table.view(0).hand_number == 2
    play_hand(table, [handles[0], handles[1], cy, handles[3]], rng)
    records = table.records
    assert [r.hand for r in records] == [1, 2] and table.unsaved == []
    assert records[1].computer == (False,) * 4
    scores = store.scores(code)
    assert set(scores["hand"]) == {2}  # hand 1: a computer played part of Cy's seat
    for record in records[1:]:
        rows = scores[scores["hand"] == record.hand].set_index("player")
        for seat, player in enumerate(record.players):
            assert rows.loc[player, "bid"] == record.bids[seat]
            assert rows.loc[player, "tricks"] == record.tricks[seat]
            assert bool(rows.loc[player, "dealer"]) == (seat == record.dealer)
    store.close()


@pytest.mark.parametrize("students", [2, 4])
def test_a_full_game_lands_in_the_class_scores_as_load_scores_reads_them(
    tmp_path: Path, students: int
) -> None:
    store = ClassStore(tmp_path)
    code, _ = store.create_class("Period 3")
    table = ClassTable(seats=4, seed=2, on_hand=store_hands(store, code))
    handles = [table.sit(name) for name in NAMES[:students]]
    table.start()
    rng = random.Random(0)
    for hand in range(1, 9):
        play_hand(table, handles, rng)
        if hand < 8:
            table.next_hand(after=hand)
    view = handles[0].view()
    assert view.game_over and view.hand_number == 8 and len(table.records) == 8
    assert view.score_sheet is not None and view.score_sheet.index.tolist()[-1] == "total"
    scores = store.scores(code)
    assert len(scores) == 8 * 4 and set(scores["game"]) == {1}
    assert scores.groupby("hand")["tricks"].sum().tolist() == [8] * 8
    totals = scores.groupby("player")["score"].sum()
    assert [totals[name] for name in view.names] == list(view.totals)
    # the same data written as a score-sheet CSV reads back identically with load_scores
    path = tmp_path / "scores.csv"
    scores[["game", "hand", "player", "dealer", "bid", "tricks"]].to_csv(path, index=False)
    read = load_scores(path)
    pd.testing.assert_frame_equal(
        read.reset_index(drop=True), scores.reset_index(drop=True), check_like=True
    )
    # a new game: its hands go to a new game in the store
    table.start()
    play_hand(table, handles, rng)
    assert set(store.scores(code)["game"]) == {1, 2}
    store.close()


def _cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from ``value`` (a view's fields, tricks, plays, hands)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (Hand, tuple, list)):
        for item in value:
            yield from _cards_in(item)
    elif isinstance(value, (Play, Trick, PlayerView, SeatView)):
        for part in dataclasses.fields(value):
            yield from _cards_in(getattr(value, part.name))
    elif isinstance(value, pd.DataFrame):
        for cell in value.astype(str).to_numpy().ravel():
            if len(cell) == 4 and set(cell) <= set("123"):  # card notation, like 3213
                yield Card.parse(cell)


def test_a_seat_never_sees_another_seats_cards() -> None:
    table = ClassTable(seats=4, seed=9, hands=1)
    handles = [table.sit(name) for name in NAMES[:2]]
    table.start()
    rng = random.Random(1)
    seen_moments = 0
    while not table.view(0).hand_over:
        rnd = table.round
        assert rnd is not None
        for seat in range(4):
            view = table.view(seat)
            player = view.player
            assert player is not None
            played = set(player.played_cards)
            others = {card for s in range(4) if s != seat for card in rnd.hand(s)}
            visible = set(_cards_in(view))
            assert set(player.hand) == set(rnd.hand(seat))
            assert visible <= set(player.hand) | played
            assert not visible & others
            text = str(view) + str(player)
            assert not any(str(card) in text for card in others)
        seen_moments += 1
        assert any(make_move(h, rng) for h in handles)
    assert seen_moments > 8


def test_the_same_seed_deals_the_same_hands_and_another_seed_others() -> None:
    def first_hands(seed: int) -> tuple[Hand, ...]:
        table = ClassTable(seats=5, seed=seed, hands=1)
        ana = table.sit("Ana")
        table.start()
        assert ana.view().seed == seed
        assert table.round is not None
        return table.round.starting_hands

    assert first_hands(12) == first_hands(12)
    assert first_hands(12) != first_hands(13)
    table = ClassTable(seats=3, hands=1)  # no seed: a fresh one, kept and shown
    table.sit("Ana").leave()
    table.sit("Ben")
    table.start()
    assert table.view(0).seed is not None and table.view(0).seed == table.view(2).seed


def test_listeners_hear_every_change_with_newer_views() -> None:
    table = ClassTable(seats=3, seed=4, hands=1)
    ana, ben = table.sit("Ana"), table.sit("Ben")
    heard: dict[str, list[SeatView]] = {"Ana": [], "Ben": []}
    stop = ana.subscribe(heard["Ana"].append)
    ben.subscribe(heard["Ben"].append)
    table.start()
    assert heard["Ana"][-1].started and heard["Ana"][-1].seat == 0
    assert heard["Ben"][-1].seat == 1 and heard["Ben"][-1].player is not None
    rng = random.Random(2)
    assert make_move(ben, rng) or make_move(ana, rng)
    versions = [view.version for view in heard["Ben"]]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    stop()
    count = len(heard["Ana"])
    play_hand(table, [ana, ben], rng)
    assert len(heard["Ana"]) == count and heard["Ben"][-1].hand_over
    # a new page for Ben (same name) takes over: the old one is stale, its listener dropped
    old_count = len(heard["Ben"])
    ben2 = table.sit("Ben")
    assert ben2.seat == ben.seat and not ben.is_seated and ben2.is_seated
    ben.leave()  # the old page closing later does not unseat the new one
    assert ben2.is_seated
    table.start()
    assert len(heard["Ben"]) == old_count


def test_a_broken_listener_or_store_does_not_stop_the_table() -> None:
    def broken(_: object) -> None:
        raise RuntimeError("page gone")

    saved: list[HandRecord] = []

    def flaky(record: HandRecord) -> None:
        if not saved:
            saved.append(record)
            raise OSError("disk full")

    table = ClassTable(seats=2, seed=5, hands=2, on_hand=flaky)
    ana = table.sit("Ana")
    ana.subscribe(broken)
    table.start()
    play_hand(table, [ana], random.Random(3))
    assert [r.hand for r in table.unsaved] == [1] and len(table.records) == 1


def test_seat_and_start_mistakes_are_clear_messages() -> None:
    table = ClassTable(seats=2, seed=1, hands=1)
    with pytest.raises(XactikaError, match="No one sits at this table"):
        table.start()
    with pytest.raises(XactikaError, match="not started"):
        dataclasses.replace(table.sit("Ana"), session=1).bid(1)
    with pytest.raises(XactikaError, match="Seat 1 is taken by Ana"):
        table.sit("Ben", seat=0)
    table.sit("Ben")
    with pytest.raises(XactikaError, match="full: all 2 seats"):
        table.sit("Cy")
    with pytest.raises(XactikaError, match="seat must be"):
        table.view(2)
    with pytest.raises(XactikaError, match="seats must be"):
        ClassTable(seats=11)
    with pytest.raises(XactikaError, match="No game is being played"):
        table.next_hand()
    table.start()
    with pytest.raises(XactikaError, match="already being played"):
        table.start()
    with pytest.raises(XactikaError, match="not over yet"):
        table.next_hand()
    with pytest.raises(XactikaError, match="name"):
        table.sit("")


def test_a_student_named_like_a_computer_keeps_the_names_apart() -> None:
    table = ClassTable(seats=3, seed=2, hands=1)
    table.sit("Computer 3")
    table.start()
    names = table.view(0).names
    assert names == ("Computer 3", "Computer 2", "Computer player 3")


def test_students_in_threads_finish_a_game_together() -> None:
    """Four sessions in four threads, each moving when its listener says it is its
    turn: the lock keeps every move legal and the game ends with every hand recorded."""
    table = ClassTable(seats=4, seed=21, hands=3)
    handles = [table.sit(name) for name in NAMES]
    turns = [threading.Event() for _ in handles]
    for handle, turn in zip(handles, turns, strict=True):
        handle.subscribe(lambda view, turn=turn: turn.set())
    errors: list[BaseException] = []

    def student(handle: SeatHandle, turn: threading.Event, seed: int) -> None:
        rng = random.Random(seed)
        try:
            while not handle.view().game_over:
                turn.wait(0.05)
                turn.clear()
                view = handle.view()
                if view.hand_over and not view.game_over:
                    table.next_hand(after=view.hand_number)
                else:
                    make_move(handle, rng)
        except BaseException as error:  # reported by the test
            errors.append(error)

    table.start()
    threads = [
        threading.Thread(target=student, args=(h, t, k))
        for k, (h, t) in enumerate(zip(handles, turns, strict=True))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == [] and not any(thread.is_alive() for thread in threads)
    assert [r.hand for r in table.records] == [1, 2, 3]
    assert all(sum(r.tricks) == 8 for r in table.records)
