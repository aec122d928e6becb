"""Issue 13 review r1: hands a computer played for a student never reach the class's
scores, and a table where no student is present pauses instead of playing on."""

from __future__ import annotations

import random
from pathlib import Path

from tests.test_classtable import NAMES, make_move, play_hand
from xactika_edu.teaching.classdata.classtable import ClassTable, store_hands
from xactika_edu.teaching.classdata.store import ClassStore


def test_a_table_with_no_student_present_pauses_and_stores_nothing(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    code, _ = store.create_class("Period 3")
    table = ClassTable(seats=2, seed=4, hands=1, on_hand=store_hands(store, code))
    ana = table.sit("Ana")
    table.start()
    ana.leave()  # Ana alone closes her tab: the computer must not play her hand out
    assert table.records == [] and not table.view(0).hand_over
    assert store.scores(code).empty
    ana = table.sit("Ana")  # she comes back: the same hand, waiting for her
    assert ana.seat == 0 and not table.view(0).hand_over
    play_hand(table, [ana], random.Random(1))
    assert len(table.records) == 1 and table.records[0].computer == (False, True)
    assert sorted(store.scores(code)["player"]) == ["Ana", "Computer 2"]
    store.close()


def test_stopping_mid_hand_stores_no_hand_a_computer_played(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    code, _ = store.create_class("Period 3")
    table = ClassTable(seats=4, seed=11, hands=1, on_hand=store_hands(store, code))
    handles = [table.sit(name) for name in NAMES]
    table.start()
    rng = random.Random(2)
    for _ in range(3):  # a few moves, then the app stops: every page leaves in turn
        assert any(make_move(h, rng) for h in handles)
    for handle in handles:
        handle.leave()
    assert store.scores(code).empty and not table.view(0).hand_over


def test_a_hand_a_computer_played_for_a_student_is_left_out_of_the_scores(
    tmp_path: Path,
) -> None:
    store = ClassStore(tmp_path)
    code, _ = store.create_class("Period 3")
    table = ClassTable(seats=3, seed=6, hands=2, on_hand=store_hands(store, code))
    ana, ben = table.sit("Ana"), table.sit("Ben")
    table.start()
    rng = random.Random(4)
    ben.leave()  # Ana plays on; a computer holds Ben's seat
    play_hand(table, [ana], rng)
    assert table.records[0].computer == (False, True, True)
    assert store.scores(code).empty  # Ben's seat was played by a computer
    ben = table.sit("Ben")
    table.next_hand(after=1)
    play_hand(table, [ana, ben], rng)
    scores = store.scores(code)
    assert scores["hand"].tolist() == [2, 2, 2]
    assert sorted(scores["player"]) == ["Ana", "Ben", "Computer 3"]
    store.close()


def test_the_bids_line_marks_the_dealer() -> None:
    from xactika_edu.teaching.views.seatview import board_text

    table = ClassTable(seats=3, seed=4, hands=1)
    ana, _ = table.sit("Ana"), table.sit("Ben")
    table.start()
    view = ana.view()
    dealer = view.player.dealer  # type: ignore[union-attr]
    text = board_text(view)
    assert text.count("(dealer)") == 1
    assert f"{'You' if dealer == 0 else view.names[dealer]} (dealer): " in text
