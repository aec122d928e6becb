"""What every worksheet kind prints, at every level, reads as a student writes it and
says only what is true: no "the chance it wins" for the chance nobody can beat a lead,
no fraction over 1 ("9/1"), no Python words (True, False, None, Fraction(...)), every
rounded percent a whole percent, and the worksheet README cites each Common Core
standard for what its activity meets (issue 12, errors 1, 2 and 4)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from xactika_edu.outputs.worksheets import _BUILDERS, KINDS, probability_worksheet
from xactika_edu.outputs.worksheets.levels import LEVELS

PDFTOTEXT = shutil.which("pdftotext")
README = Path(__file__).resolve().parents[1] / "worksheets" / "README.md"


def _text(data: bytes, tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    out = subprocess.run([PDFTOTEXT, str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


def _pages(kind: str, level: str, seed: int, tmp_path: Path) -> dict[str, str]:
    sheet = _BUILDERS[kind](seed, level=level)
    return {
        "student sheet": _text(sheet.student_pdf(), tmp_path, f"{kind}-{level}-{seed}.pdf"),
        "key": _text(sheet.key_pdf(), tmp_path, f"{kind}-{level}-{seed}-key.pdf"),
    }


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", KINDS)
def test_pages_print_no_fraction_over_one_no_python_and_whole_percents(tmp_path, kind, level):
    for seed in (1, 2, 12):
        for which, text in _pages(kind, level, seed, tmp_path).items():
            where = f"{kind} {level} seed {seed} {which}"
            # "27 × 27/81 = 9/1": a whole number is written without /1
            assert not re.search(r"(?<![\d/])\d+/1(?![\d.,/])", text), where
            for word in ("True", "False", "None", "Fraction(", "nan"):
                assert not re.search(rf"\b{re.escape(word)}", text), (where, word)
            # a rounded percent is rounded to the nearest whole percent
            assert not re.search(r"about \d+\.\d+%", text), where


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("level", LEVELS)
def test_probability_sheet_teaches_nobody_can_beat_it_not_it_wins(tmp_path, level):
    # A player holding a threat may follow with a lower card that has the call, so a
    # lead can win when the chance nobody can beat it is 0: that chance is only how
    # often it wins at least.
    assert "win?" not in probability_worksheet(1).title
    for which, text in _pages("probability", level, 1, tmp_path).items():
        lowered = text.lower()
        assert "nobody can beat" in lowered, which
        assert "at least" in lowered, which
        for wrong in ("will my lead win", "you win if", "more likely to win", "wins more often"):
            assert wrong not in lowered, (which, wrong)


def test_readme_cites_7b_only_for_developing_a_model_from_data():
    # 7.SP.C.7b: "Develop a probability model (which may not be uniform) by observing
    # frequencies in data generated from a chance process"; comparing a model with
    # observed frequencies is the 7.SP.C.7 stem.
    text = README.read_text(encoding="utf-8")
    for match in re.finditer(r"7\.SP\.C\.7b \(([^)]*)\)", text):
        assert match.group(1).startswith("develop a probability model"), match.group(0)
    for match in re.finditer(r"7\.SP\.C\.7 \(([^)]*)\)", text):
        assert "compare" in match.group(1), match.group(0)


def test_keys_give_the_whole_percent_next_to_a_percent_with_decimals():
    """The lessons' one rounding rule (nearest whole percent) in every key: '3/16 =
    18.75%, about 19%', never 18.75% alone (the new-teacher review of issue 12)."""
    for kind in ("bar-graph", "simulation"):
        for level in LEVELS:
            for seed in range(1, 13):
                sheet = _BUILDERS[kind](seed, level=level)
                text = " ".join(" ".join(item) for item in sheet.worked_questions())
                alone = re.findall(r"\d+\.\d+%(?!, about \d+%)", text)
                assert not alone, f"{kind} {level} seed {seed}: {alone}"
