"""The *Others' played cards* box in words (xactika_edu.teaching.views.seenbox): every bad entry
listed, the rule said once, and the counts the chances use, checked against the deck."""

from __future__ import annotations

import pytest

from xactika_edu import DECK, Hand
from xactika_edu.base.errors import NotationError, XactikaError
from xactika_edu.teaching.views.seenbox import (
    CARD_RULE,
    check_room,
    parse_seen,
    situation_hint,
    situation_text,
)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("3 2 1 3", "'3 2 1 3' is one card with spaces in it: type it as 3213."),
        ("3 2 1", "'3', '2' and '1' are not cards."),
        (
            "1 1 1 1 2 2 2 2 x",
            "'1 1 1 1' and '2 2 2 2' are cards with spaces in them: type "
            "them as 1111 and 2222. 'x' is not a card.",
        ),
        ("3213 4444", "'4444' is not a card."),
        (
            "3 balls, 2 cubes, 1 cone, 3 stars",
            "'3 balls, 2 cubes, 1 cone, 3 stars' is the card 3213: type it as 3213.",
        ),
    ],
)
def test_unreadable_entries_are_listed_and_the_rule_said_once(text: str, start: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_seen(text)
    message = str(error.value)
    assert message.startswith(start) and message.count(CARD_RULE) == 1
    assert "long form" not in message and "1-3" not in message


def test_own_and_repeated_cards_say_what_to_do() -> None:
    with pytest.raises(XactikaError) as error:
        parse_seen("1111 2222 3333 3333", hand=["1111", "2222"])
    assert str(error.value) == (
        "1111 and 2222 are your cards. Delete them from this box and tick 'played' under "
        "each instead. 3333 is typed twice. Delete one."
    )
    assert parse_seen("3213;1111, 2222") == Hand(["3213", "1111", "2222"])


@pytest.mark.parametrize("players", range(2, 11))
def test_check_room_matches_the_deck(players: int) -> None:
    # with your own played cards ticked (the others played players - 1 per trick),
    # the opponents' hands always fit in the unseen cards: 81 >= players x 8
    for mine in range(9):
        held = 8 - mine
        check_room(players, held, mine * players)
    # one card too many is refused, with the likely cause
    held = 8
    unseen_needed = (players - 1) * held
    too_many = len(DECK) - held - unseen_needed + 1
    with pytest.raises(XactikaError, match="Did you tick your own played cards too"):
        check_room(players, held, too_many)
    check_room(players, held, too_many - 1)


def test_situation_text_and_hint() -> None:
    text = situation_text(4, 7, 1, 3)
    assert text.startswith("You hold 7 cards; 4 cards played (1 yours, 3 others'); 70 cards")
    assert "each of the 3 opponents holds 7 cards, like you (21 of the unseen cards)" in text
    assert "the opponent holds 8 cards" in situation_text(2, 8, 0, 0)
    assert situation_hint(4, 1, 3) is None and situation_hint(4, 1, 4) is not None
    assert "the opponent has played as many cards as you (1), 1 card in all, not 2" in (
        situation_hint(2, 1, 2) or ""
    )
    # The hint never says the opponents have played fewer cards than were typed as if
    # it were a fact, and it names typed cards that cannot all have been played.
    assert "have played 0 cards in all" not in (situation_hint(4, 0, 2) or "")
    assert "more than the 3 opponents play in a whole hand (24)" in (situation_hint(4, 1, 25) or "")
    assert "whole hand" not in (situation_hint(4, 1, 24) or "")
