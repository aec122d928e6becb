"""The worksheets print numbers through :mod:`xactika_edu.base.formatting`."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction

import pytest

from xactika_edu.base.formatting import percent
from xactika_edu.outputs.worksheets import estimation_worksheet

PDFTOTEXT = shutil.which("pdftotext")
# Private names and sizes: tests/test_layers.py, for the whole package.


@pytest.mark.skipif(PDFTOTEXT is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("seed", [0, 2])
def test_estimation_key_prints_a_tiny_chance_as_the_lessons_do(tmp_path, seed):
    # A chance that rounds to 0% prints "< 1%", as in the plots and widgets
    # (formatting.percent), not in a worksheet's own words ("under 1%").
    sheet = estimation_worksheet(seed)
    tiny = [row for row in sheet.card_table() if 0 < row["chance"] < Fraction(1, 200)]
    assert tiny, "the seed should deal a card with a chance under 0.5%"
    assert {percent(row["chance"]) for row in tiny} == {"< 1%"}
    path = tmp_path / "key.pdf"
    path.write_bytes(sheet.key_pdf())
    text = subprocess.run(
        [PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "under 1%" not in text
    # one "< 1%" a tiny card, and one a printed chance of making a bid that is rare
    advice = sheet.advice()
    printed = {sheet.bid(), advice.attrs["recommended"]}
    rare = [b for b in printed if 0 < advice.loc[b, "chance of making it"] < 0.005]
    assert text.count("< 1%") == len(tiny) + len(rare)
