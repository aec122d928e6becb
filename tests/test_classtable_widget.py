"""The seat widget (xactika_edu.ui.widgets.classtable) and its words
(xactika_edu.teaching.views.seatview): students at one class table, in-process, clicking
their own widgets; each page updates when anyone moves. Source: issue 13, item 4."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from xactika_edu.core.rules import forbidden_bid
from xactika_edu.teaching.classdata.classtable import ClassTable
from xactika_edu.teaching.views.seatview import board_text, seat_status
from xactika_edu.ui.widgets.classtable import SeatWidget


def shown_bids(widget: SeatWidget) -> list[int]:
    return [
        int(button.description)
        for button in widget.bid_buttons
        if button.layout.display != "none" and not button.disabled
    ]


def click_a_move(widget: SeatWidget, rng: random.Random) -> bool:
    """Move by clicking, as a student would: a bid button, or a card, a call and Play."""
    if not widget.view.your_turn:
        return False
    bids = shown_bids(widget)
    if bids:
        widget.bid_buttons[rng.choice(bids)].click()
        return True
    widget.card_box.value = rng.choice([value for _, value in widget.card_box.options])
    if not widget.call_box.disabled:
        widget.call_box.value = rng.choice([value for _, value in widget.call_box.options])
    widget.play_button.click()
    assert widget.last_error is None or widget.error.value == "", widget.error.value
    return True


Pair = tuple[ClassTable, SeatWidget, SeatWidget]


@pytest.fixture
def pair() -> Pair:
    table = ClassTable(seats=3, seed=6, hands=2)
    ana, ben = SeatWidget(table.sit("Ana")), SeatWidget(table.sit("Ben"))
    return table, ana, ben


def test_a_click_in_one_widget_updates_the_other(pair: Pair) -> None:
    table, ana, ben = pair
    assert "Waiting to start: 2 of 3 seats" in ana.status.value
    ben.start_button.click()
    assert ana.start_button.layout.display == "none"
    # Ana deals (seat 0): Ben bids first, then the computer in seat 3, then Ana
    assert "Your turn to bid" in ben.status.value and "Waiting for Ben to bid" in ana.status.value
    assert shown_bids(ana) == []
    status_before = ana.status.value
    ben.bid_buttons[2].click()
    assert ana.status.value != status_before and "Your turn to bid" in ana.status.value
    assert "Ben: 2" in ana.board.value and "You: 2" in ben.board.value
    # the computer bid too: the dealer's forbidden bid has no button
    bids = table.view(0).player.bids  # type: ignore[union-attr]
    forbidden = forbidden_bid(bids[1] + bids[2], 8)
    expected = [bid for bid in range(9) if bid != forbidden]
    assert shown_bids(ana) == expected
    if forbidden >= 0:
        assert f"You deal, so you may not bid {forbidden}" in ana.status.value
    ana.bid_buttons[expected[0]].click()
    assert ana.last_error is None and table.view(0).phase == "play"
    assert ana.view.version == ben.view.version == table.view(0).version


def test_two_widgets_play_a_whole_game_by_clicks_and_see_only_their_own_cards(pair: Pair) -> None:
    table, ana, ben = pair
    ana.start_button.click()
    rng = random.Random(4)
    for hand in (1, 2):
        for _ in range(100):
            if ana.view.hand_over:
                break
            for widget, other in ((ana, 1), (ben, 0)):
                rnd = table.round
                assert rnd is not None
                hidden = [card for seat in (other, 2) for card in rnd.hand(seat)]
                html = widget.static_html()
                assert not any(card.title in html or f">{card}<" in html for card in hidden)
            assert click_a_move(ana, rng) or click_a_move(ben, rng)
        assert ana.view.hand_over and "Scores this hand" in ben.scores_view.value
        if hand == 1:
            assert ben.next_button.layout.display is None
            ben.next_button.click()
            ana.next_button.click()  # pressed a moment later: no second deal
            assert ana.last_error is None and table.view(0).hand_number == 2
    assert ana.view.game_over and "The game is over" in ben.status.value
    assert ana.start_button.description == "Start a new game"
    assert [record.hand for record in table.records] == [1, 2]
    assert "Score sheet" in ana.scores_view.value


def test_a_wrong_click_is_a_message_not_a_traceback(pair: Pair) -> None:
    _, ana, _ = pair
    ana.next_button.click()
    assert "No game is being played" in ana.error.value
    ana.start_button.click()
    before = ana.handle.view().version
    ana._on_bid(1)  # a stale page's click (or a double click): not Ana's turn, Ben bids first
    ana.play_button.click()  # nothing to play yet
    assert not ana.error.value  # ignored: no "Problem" box
    assert ana.handle.view().version == before  # and nothing happened


def test_leaving_hands_the_seat_to_a_computer_and_the_others_see_it(pair: Pair) -> None:
    table, ana, ben = pair
    ben.start_button.click()
    ben.leave()  # Ben's page closes while it is his turn: the computer bids for him
    assert "You left the table" in ben.status.value and all(b.disabled for b in ben.bid_buttons)
    ben.leave()  # the app may call it again
    assert "Ben (away: a computer plays for now)" in ana.board.value
    assert "Your turn to bid" in ana.status.value
    version = ben.view.version
    ana.bid_buttons[shown_bids(ana)[0]].click()
    assert ben.view.version == version  # a page that left is no longer told
    back = SeatWidget(table.sit("Ben"))
    assert back.handle.seat == 1 and "away" not in ana.board.value


def test_the_seat_words_are_short_sentences_all_through_a_game() -> None:
    """Every status line and board line seen in a game: sentences of at most 15 words."""
    table = ClassTable(seats=3, seed=3, hands=2)
    ana, ben = SeatWidget(table.sit("Ana")), SeatWidget(table.sit("Ben"))
    seen = {seat_status(ana.view), board_text(ana.view)}
    assert board_text(ana.view).startswith("Seats: You, Ben, Computer 3 (free seat).")
    ana.start_button.click()
    rng = random.Random(8)
    while not ana.view.game_over:
        for widget in (ana, ben):
            seen |= {seat_status(widget.view), board_text(widget.view)}
        if ana.view.hand_over:
            ana.next_button.click()
        else:
            assert click_a_move(ana, rng) or click_a_move(ben, rng)
    seen.add(seat_status(ben.view))
    assert any(text.startswith("Bids: You ") for text in seen)
    assert any("You deal, so you may not bid" in text for text in seen)
    assert any(text.startswith("Your turn to lead") for text in seen)
    assert any(text.startswith("Waiting for Computer 3 to") for text in seen) is False
    for text in seen:
        for sentence in re.split(r"(?<=[.?!:])\s", text):
            assert len(sentence.split()) <= 15, sentence


def test_a_newcomer_after_a_game_sees_the_last_game_as_someone_elses() -> None:
    table = ClassTable(seats=2, seed=1, hands=1)
    ana, ben = SeatWidget(table.sit("Ana")), SeatWidget(table.sit("Ben"))
    ana.start_button.click()
    rng = random.Random(2)
    while not ana.view.game_over:
        assert click_a_move(ana, rng) or click_a_move(ben, rng)
    ben.leave()  # after the game: Ben's seat is free for someone else
    cy = SeatWidget(table.sit("Cy"))
    assert cy.handle.seat == 1 and cy.view.name == "Cy" and cy.view.names == ("Ana", "Ben")
    assert "Ben" in cy.status.value or "You" not in cy.status.value
    assert "You " not in cy.board.value and "Ben" in cy.board.value
    cy.start_button.click()
    assert cy.view.names == ("Ana", "Cy") and cy.view.game == 2
    assert "You:" in cy.board.value


def test_changes_from_other_sessions_go_through_deliver() -> None:
    """A server can run another session's updates in this page's own context."""
    table = ClassTable(seats=2, seed=1, hands=1)
    waiting: list[Callable[[], None]] = []
    ana = SeatWidget(table.sit("Ana"), deliver=waiting.append)
    ben = SeatWidget(table.sit("Ben"))
    ben.start_button.click()
    assert waiting and "Waiting to start" in ana.status.value  # not redrawn yet
    for redraw in waiting:
        redraw()
    assert "Waiting to start" not in ana.status.value and ana.view.started


def test_a_hand_a_computer_played_for_a_student_says_it_is_not_in_the_class_scores() -> None:
    """Review r2: the table's score sheet counts every hand, the class's scores only
    those the students played themselves; the page says which hands are left out."""
    kept: list[object] = []
    table = ClassTable(seats=3, seed=6, hands=2, on_hand=kept.append)
    ana, ben = SeatWidget(table.sit("Ana")), SeatWidget(table.sit("Ben"))
    ana.start_button.click()
    ben.leave()  # Ben's tab closes: a computer plays his seat for the rest of hand 1
    rng = random.Random(2)
    while not ana.view.hand_over:
        assert click_a_move(ana, rng)
    assert kept == [] and ana.view.not_saved == (1,)
    assert "Hand 1 is not in the class&#x27;s scores: a computer played for a student" in (
        ana.scores_view.value
    )
    again = SeatWidget(table.sit("Ben"))  # back before hand 2: it is kept
    ana.next_button.click()
    while not ana.view.hand_over:
        assert click_a_move(ana, rng) or click_a_move(again, rng)
    assert len(kept) == 1 and ana.view.not_saved == (1,)


def test_without_a_class_store_no_hand_is_called_left_out(pair: Pair) -> None:
    _, ana, ben = pair
    ana.start_button.click()
    ben.leave()
    rng = random.Random(3)
    while not ana.view.hand_over:
        assert click_a_move(ana, rng)
    assert ana.view.not_saved == () and "not in the class" not in ana.scores_view.value


def test_your_turn_stands_out_and_waiting_does_not(pair: Pair) -> None:
    """Review r2: 'Your turn' was small plain text, easy to miss."""
    _, ana, ben = pair
    ana.start_button.click()
    turn, other = (ana, ben) if ana.view.your_turn else (ben, ana)
    assert "xe-call" in turn.status.value and "Your turn to bid" in turn.status.value
    assert "xe-call" not in other.status.value and "Waiting for" in other.status.value


def test_a_follower_is_told_to_play_any_card_when_they_have_none_with_the_call() -> None:
    """Review r3: 'play a card with 1 cone if you have one' to a student who had none."""
    table = ClassTable(seats=4, seed=11, hands=8)
    seats = [SeatWidget(table.sit(name)) for name in ("Ana", "Ben", "Cy", "Dee")]
    seats[0].start_button.click()
    rng = random.Random(5)
    told = {"has": 0, "none": 0}
    while not seats[0].view.game_over:
        if seats[0].view.hand_over:
            seats[0].next_button.click()
            continue
        for seat in seats:
            player = seat.view.player
            if seat.view.your_turn and seat.view.phase == "play" and player.call is not None:
                status = seat_status(seat.view)
                if any(card.has(player.call) for card in player.hand):
                    assert status == f"Your turn: play a card with {player.call}."
                    told["has"] += 1
                else:
                    assert (
                        status
                        == f"Your turn: you have no card with {player.call}, so play any card."
                    )
                    told["none"] += 1
        assert any(click_a_move(seat, rng) for seat in seats)
    assert told["has"] > 0 and told["none"] > 0


def test_a_student_who_left_sees_no_old_hand_or_trick(pair: Pair) -> None:
    """Review r3: after Leave the page kept showing the hand and trick of that moment."""
    _, ana, ben = pair
    ana.start_button.click()
    assert ben.hand_view.value
    ben.leave()
    assert not ben.hand_view.value and not ben.trick_view.value and not ben.board.value
    assert ben.play_row.layout.display == "none" and ben.bid_row.layout.display == "none"
    assert "You left the table" in ben.status.value
