"""Tests for the package itself: the public names, and a light start-up."""

from __future__ import annotations

import subprocess
import sys

import pytest

import xactika_edu


def test_every_public_name_has_a_module():
    assert set(xactika_edu.__all__) == set(xactika_edu._EXPORTS)
    assert len(xactika_edu.__all__) == len(set(xactika_edu.__all__))


@pytest.mark.parametrize("name", xactika_edu.__all__)
def test_every_public_name_resolves(name):
    value = getattr(xactika_edu, name)
    module = xactika_edu._EXPORTS[name]
    assert getattr(sys.modules[f"xactika_edu.{module}"], name) is value
    assert name in dir(xactika_edu)


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="'xactika_edu' has no attribute 'dael'"):
        xactika_edu.dael  # noqa: B018


def test_the_command_starts_without_the_heavy_libraries():
    # So a Ctrl-C right after starting `xactika-edu` reaches the command's own handler
    # (exit 130, one line) instead of interrupting an import with a traceback.
    code = (
        "import sys, xactika_edu.outputs.cli; print(sorted({'numpy', 'pandas'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_other_games_are_imported_on_first_use_only():
    # The knock game, Lost Heir and Blackout's activities are public names too, and
    # stay lazy: `import xactika_edu` loads none of them; asking for one loads its module.
    code = (
        "import sys, xactika_edu\n"
        "games = ('knock', 'lostheir', 'blackout', 'playing_cards')\n"
        "print(sorted(m for m in sys.modules if any(g in m for g in games)))\n"
        "from xactika_edu import KnockGame, LostHeirGame, compare_bid_scoring\n"
        "print('xactika_edu.core.knock_game' in sys.modules,"
        " 'xactika_edu.core.lostheir_game' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True True"]
