"""Tests for the blank score sheet and its place in the class pack."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.outputs import classpack, worksheets
from xactika_edu.outputs.worksheets import score_sheet_pdf, write_score_sheet

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")


def info(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run([PDFINFO, str(path)], capture_output=True, text=True, check=True).stdout


def text(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        [PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True, check=True
    )
    return " ".join(out.stdout.split())


@pytest.mark.skipif(PDFINFO is None, reason="pdfinfo (poppler-utils) is not installed")
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_one_landscape_page(tmp_path, players, paper):
    out = info(score_sheet_pdf(players=players, paper=paper), tmp_path)
    assert re.search(r"^Pages:\s+1$", out, re.MULTILINE)
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", out).groups())
    assert width > height
    assert ("A4" in out) == (paper == "a4")


def test_same_arguments_same_bytes():
    assert score_sheet_pdf(6) == score_sheet_pdf(6)
    assert score_sheet_pdf(6) != score_sheet_pdf(7)


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("players", [3, 8])
def test_columns_rows_and_reminders(tmp_path, players):
    words = text(score_sheet_pdf(players=players), tmp_path)
    for k in range(1, players + 1):
        assert f"Player {k}" in words
    assert f"Player {players + 1}" not in words
    for label in ("Bid", "Tricks", "Score", "Total"):
        assert words.count(label) >= players
    assert "Bids total (never 8)" in words
    assert "Dealer" in words and "Game no." in words
    # the class-data columns, so a sheet can be typed in line by line
    # review 8: the sheet's player columns are not in bidding order, so the dealer is typed
    assert "game, hand, player, dealer, bid, tricks" in words
    assert "Dealer: yes for the player in the Dealer column, no for the others." in words
    assert "-|tricks - bid|" in words
    assert "may not make the bids total exactly 8" in words
    assert "Total 1 2 3 4 5 6 7 8 Bids:" in words  # the 8 hand rows


@pytest.mark.parametrize("players", [1, 9, 2.5, "6", True])
def test_bad_players_are_refused(players):
    with pytest.raises(XactikaError, match=re.escape(str(players))):
        score_sheet_pdf(players=players)


def test_bad_paper_is_refused():
    with pytest.raises(XactikaError, match="'legal'"):
        score_sheet_pdf(paper="legal")


def test_write_never_overwrites(tmp_path):
    target = tmp_path / "score-sheet.pdf"
    assert write_score_sheet(target, players=4) == target
    assert target.read_bytes() == score_sheet_pdf(players=4)
    target.write_bytes(b"keep me")
    with pytest.raises(XactikaError, match=re.escape(str(target))):
        write_score_sheet(target)
    assert target.read_bytes() == b"keep me"
    with pytest.raises(XactikaError, match="does not exist"):
        write_score_sheet(tmp_path / "missing" / "score-sheet.pdf")


def test_class_pack_has_the_score_sheet(tmp_path, monkeypatch):
    # no lessons and one worksheet kind keep this fast; the wiring is what is tested
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: [])
    monkeypatch.setattr(worksheets, "KINDS", ("bar-graph",))
    out = tmp_path / "pack"
    index = classpack.build_class_pack(out, students=1, seed=5, paper="a4", progress=None)
    sheet = out / "worksheets" / "score-sheet.pdf"
    assert sheet.read_bytes() == score_sheet_pdf(players=classpack.SCORE_SHEET_PLAYERS, paper="a4")
    page = index.read_text()
    assert 'href="worksheets/score-sheet.pdf"' in page
    for link in re.findall(r'href="([^"]+)"', page):
        assert (out / link).exists(), link
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["score sheet"] == "worksheets/score-sheet.pdf"
