"""The student rules card (xactika_edu.outputs.rules_card): the rules of RULES.md and
how to read a card's four-digit name, on one clean page.

Issue 12, item 4: "a one-page student rules card (the rules and how to read the
four-digit card names)".
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.outputs.rules_card import (
    EXAMPLE_CARD,
    rules_card_layout,
    rules_card_pdf,
    rules_text,
    write_rules_card,
)
from xactika_edu.outputs.worksheets.layout import layout_problems

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_clean_page(paper: str) -> None:
    page = rules_card_layout(paper)
    assert page.page == 1
    assert layout_problems(page.elements, page.area) == []


def test_rules_name_every_step_with_computed_numbers() -> None:
    text = " ".join(t for _, t in rules_text())
    headings = [h for h, _ in rules_text()]
    assert headings == [
        "The deck",
        "A trick",
        "1. Deal",
        "2. Bid",
        "3. Lead and call",
        "4. Follow",
        "5. Win the trick",
        "6. Score",
    ]
    assert "81 cards" in text and "4 to 12" in text and "on 27 cards" in text
    assert "the dealer may not bid 3" in text  # 5 + 3 = 8 tricks
    assert "A tie goes to the card played later" in text
    assert "bid 3, took 5: -2" in text and "bid 0, took 0: 0" in text
    # RULES.md, "A game": "Highest total score wins; equal totals share the win."
    # (review 12: the card left out the tie)
    assert "The highest total wins; equal totals share the win." in text


def test_rules_card_words_a_student_can_follow() -> None:
    # review 5: "lose the difference" read as "lose -2" when the difference is negative;
    # "(Others bid 5 in all ...)" was too short; "the best card" came before step 5 said
    # what the best card is
    text = " ".join(t for _, t in rules_text())
    assert "difference" not in text
    assert "lose 1 point for each trick you are off" in text
    assert "bid 3, took 1: -2" in text  # off by 2 on the low side too
    dealer = "If the other players' bids add up to 5, the dealer may not bid 3, because 5 + 3 = 8."
    assert dealer in text
    assert "the winning card (step 5) takes them all" in text and "best card" not in text


@pytest.mark.skipif(PDFINFO is None or PDFTOTEXT is None, reason="poppler-utils missing")
def test_pdf_reads_the_example_card(tmp_path: Path) -> None:
    path = write_rules_card(tmp_path / "rules.pdf", paper="a4")
    info = subprocess.run([PDFINFO, str(path)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE) and "A4" in info
    out = subprocess.run([PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True)
    text = " ".join(out.stdout.split())
    assert str(EXAMPLE_CARD) == "2213"
    assert "2213 means 2 balls, 2 cubes, 1 cone and 3 stars." in text
    assert "Its face value is 2 + 2 + 1 + 3 = 8." in text
    assert "balls, cubes, cones, stars" in text
    assert rules_card_pdf("a4") == path.read_bytes()
    with pytest.raises(XactikaError, match="already exists; nothing was written"):
        write_rules_card(path)
    with pytest.raises(XactikaError, match="unknown paper size"):
        rules_card_pdf("legal")
