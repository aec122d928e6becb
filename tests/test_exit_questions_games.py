"""Lesson 8's exit ticket (xactika_edu.outputs.exit_questions_games): where a card is, a
bid scored with Blackout's and Xactika's scoring, and the best Blackout bid from a table.

Every answer is worked out again here, from the deck and the rules as RULES.md and seed
004 state them, not by calling the module's helpers. Lesson 8's notebook is not in this
branch, so these tests call lesson "8" directly (the tests of tests/test_exit_tickets.py
that read every notebook need it).
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from spanish_leaks import english_leaks

from xactika_edu.base.language import use_language
from xactika_edu.core.cards import deal
from xactika_edu.outputs import exit_tickets
from xactika_edu.outputs.exit_questions import QUESTIONS, ticket_questions
from xactika_edu.outputs.exit_tickets import class_tickets, draw_ticket, exit_ticket, tickets_pdf
from xactika_edu.outputs.worksheets.page import new_pdf

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")
#: A class set of 30 tickets and its neighbour.
SEEDS = range(1, 32)
#: The title Lesson 8's notebook will have (the layout test prints it).
TITLE = "Same question, different deck"
#: The deck, counted here: every card shows each of 4 shapes 1, 2 or 3 times (RULES.md).
DECK_SIZE = len(list(itertools.product((1, 2, 3), repeat=4)))
HAND = 8
_NUMBER = re.compile(r"\d+(?:[.,/]\d+)*")


def _worked(seed: int) -> list[tuple[str, str, str]]:
    return list(ticket_questions("8", seed).questions)


def _rounded(part: Fraction) -> int:
    """The nearest whole percent, halves up (the lessons' rule)."""
    return int(part * 100 + Fraction(1, 2))


def _decimal(value: Fraction) -> str:
    """An exact number of at most two decimals as the key writes it: ``4.1``, ``3``."""
    cents = value * 100
    assert cents.denominator == 1, value
    whole, rest = divmod(int(cents), 100)
    return str(whole) if rest == 0 else f"{whole}.{rest:02d}".rstrip("0")


def test_lesson_8_is_registered_and_seeds_give_different_tickets() -> None:
    assert QUESTIONS["8"] is not None
    assert _worked(5) == _worked(5)
    assert exit_ticket("8", 5).worked_questions() == _worked(5)
    tickets = {tuple(_worked(seed)) for seed in range(1, 11)}
    assert len(tickets) == 10
    tables = {ticket_questions("8", seed).table for seed in range(1, 11)}
    assert len(tables) == 10


def test_neighbouring_tickets_share_no_answer() -> None:
    # a class set: student k gets seed s + k - 1, so neighbours are seeds n and n + 1
    for seed in SEEDS:
        ours, theirs = _worked(seed), _worked(seed + 1)
        for part in range(3):
            assert ours[part][1] != theirs[part][1], (seed, part)


def test_a_where_is_the_card_recomputed() -> None:
    seen = set()
    for seed in SEEDS:
        question, answer, working = _worked(seed)[0]
        found = re.search(
            r"Xactika with (\d+) players: you hold your 8 cards and have seen no other card\. "
            r"The card (\d{4}) is not one of yours\. "
            r"What is the chance that the card \2 is (in another player's hand|set aside)",
            question,
        )
        assert found, question
        players, card, where = int(found.group(1)), found.group(2), found.group(3)
        assert players in (3, 5, 6)  # 4 players is the lesson's own example (24/73)
        # a card of the deck that the player does not hold
        assert all(d in "123" for d in card)
        assert card not in [str(c) for c in deal(players, seed=seed)[0]]
        unseen = DECK_SIZE - HAND
        held = HAND * (players - 1)
        # the card is one of the `held` cards of the other hands with C(U-1, H-1) / C(U, H)
        in_hands = Fraction(comb(unseen - 1, held - 1), comb(unseen, held))
        assert in_hands == Fraction(held, unseen)
        chance = in_hands if where == "in another player's hand" else 1 - in_hands
        count = held if where == "in another player's hand" else DECK_SIZE - HAND * players
        assert answer == f"{chance.numerator}/{chance.denominator}, about {_rounded(chance)}%"
        assert f"{DECK_SIZE} − {HAND} = {unseen} unseen cards" in working
        assert working.endswith(f": {count}/{unseen}, about {_rounded(chance)}%.")
        assert "Round to the nearest whole percent." in question
        # never the lesson's own numbers: 24/73 (4 players), its complement, or 1/3
        assert chance not in (Fraction(24, 73), Fraction(49, 73), Fraction(1, 3))
        seen.add((players, where))
    assert len(seen) == 6


def test_b_a_bid_scored_both_ways_recomputed() -> None:
    exact_zero = False
    for seed in SEEDS:
        question, answer, working = _worked(seed)[1]
        bid, took = map(
            int, re.search(r"You bid (\d+) and take (\d+) tricks?\.", question).groups()
        )
        assert "What is your score with Blackout's scoring? And with Xactika's?" in question
        # seed 004, Blackout: an exact bid scores a 1 written in front of it (bids below 10
        # here, so 10 + bid), a miss 0. RULES.md, Xactika: exact, the tricks; else minus
        # the difference
        assert bid < 10
        blackout = 10 + bid if took == bid else 0
        xactika = took if took == bid else -abs(took - bid)
        shown = f"{xactika:+d}" if xactika else "0"
        assert answer == f"Blackout: {blackout}; Xactika: {shown}"
        assert (took == bid) == (seed % 2 == 0)  # neighbours: one exact, one missed
        assert (bid, took) != (2, 2)  # the lesson's check: bid 2, take 2 scores 12
        if took == bid:
            assert (
                working.startswith("An exact bid.")
                and f"1 in front of the bid: {blackout}" in working
            )
        else:
            assert working.startswith(f"Missed by {abs(took - bid)} trick")
            assert 1 <= abs(took - bid) <= 3
        exact_zero = exact_zero or (bid, took) == (0, 0)
    assert exact_zero  # the lesson's point: Blackout's exact 0 scores 10, Xactika's nothing


def test_c_best_blackout_bid_recomputed() -> None:
    best_bids, traps = set(), 0
    for seed in SEEDS:
        table = ticket_questions("8", seed).table
        assert table is not None
        assert "Blackout with 2 cards each" in table.caption and table.caption.startswith("For c)")
        heading, chances = (list(row) for row in table.rows)
        assert heading == ["Tricks taken", "0", "1", "2"] and chances[0] == "Chance"
        percents = [int(cell.rstrip("%")) for cell in chances[1:]]
        assert sum(percents) == 100 and all(10 <= p <= 70 for p in percents)
        # the expected Blackout score of bid b: P(exactly b) x (the 1 in front of b)
        expected = [Fraction(p, 100) * (10 + b) for b, p in enumerate(percents)]
        best = max(range(3), key=lambda b: expected[b])
        ranked = sorted(expected, reverse=True)
        assert ranked[0] - ranked[1] >= Fraction(1, 10)  # no near-tie
        question, answer, working = _worked(seed)[2]
        assert "Which bid, 0, 1 or 2, has the highest expected score" in question
        assert answer == f"Bid {best}"
        products = "; ".join(
            f"bid {b}: {p}% × {10 + b} = {_decimal(expected[b])}" for b, p in enumerate(percents)
        )
        assert working == f"{products}. The highest is bid {best}."
        best_bids.add(best)
        traps += percents.index(max(percents)) != best  # the likeliest count is not the best
    assert best_bids == {0, 1, 2}
    assert 5 <= traps <= 20  # some tickets need the products, not a glance at the table


def test_spanish_ticket_has_no_english_and_the_same_numbers() -> None:
    def text(seed: int) -> tuple[str, list[str]]:
        ticket, worked = exit_ticket("8", seed), ticket_questions("8", seed)
        assert worked.table is not None
        parts = [ticket.label, worked.table.caption]
        parts += [cell for row in worked.table.rows for cell in row]
        parts += [t for question, _, working in worked.questions for t in (question, working)]
        return "\n".join(parts), [answer for _, answer, _ in worked.questions]

    for seed in (1, 2, 3, 4):
        english, english_answers = text(seed)
        with use_language("es"):
            spanish, spanish_answers = text(seed)
        assert english_leaks(spanish + "\n" + "\n".join(spanish_answers)) == []
        assert _NUMBER.findall(spanish) == _NUMBER.findall(english), seed
        for ours, theirs in zip(spanish_answers, english_answers, strict=True):
            assert _NUMBER.findall(ours) == _NUMBER.findall(theirs)
        # the glossary: apuesta, baza, mano; Blackout and Xactika keep their names
        assert "Apuestas" in spanish and "baza" in spanish and "ronda de Blackout" in spanish
        assert "Bazas ganadas" in spanish and "Probabilidad" in spanish
        assert spanish_answers[2].startswith("La apuesta ")
        assert text(seed) == (english, english_answers)  # English again after Spanish


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_ticket_fits_half_a_page(paper: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # with the lesson's title (from its notebook when it comes; here given)
    monkeypatch.setattr(exit_tickets, "lesson_title", lambda lesson: TITLE)
    for language in ("en", "es"):
        with use_language(language):
            for key in (False, True):
                for seed in range(0, 40, 3):
                    pdf = new_pdf(paper)
                    pdf.add_page()
                    bottom = draw_ticket(pdf, exit_ticket("8", seed), 0.0, key=key)
                    assert bottom <= pdf.h / 2 - 5.0, (language, key, seed)


@pytest.mark.skipif(PDFINFO is None or PDFTOTEXT is None, reason="poppler-utils missing")
def test_a_class_set_prints_two_tickets_a_page(tmp_path: Path) -> None:
    tickets = class_tickets("8", students=4, seed=1)
    path = tmp_path / "key.pdf"
    path.write_bytes(tickets_pdf(tickets, key=True, paper="a4"))
    info = subprocess.run([PDFINFO, str(path)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+2$", info, re.MULTILINE)
    text = subprocess.run(
        [PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True
    ).stdout
    assert text.count("ANSWER KEY") == 4 and "seed 4" in text
    for ticket in tickets:
        for _, answer, _ in ticket.worked_questions():
            assert answer in text


def test_a_best_bid_no_table_can_have_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # a "trap" where bid 0 is best needs a likeliest count below 0: no table has it, and
    # the maker says so instead of looping or printing a wrong key
    from xactika_edu.base.errors import XactikaError
    from xactika_edu.outputs import exit_questions_games

    monkeypatch.setattr(exit_questions_games, "_BEST", ((0, True),))
    with pytest.raises(XactikaError, match="lesson 8 ticket 3: no trick chances with best bid 0"):
        exit_questions_games.lesson_8_questions(3)
