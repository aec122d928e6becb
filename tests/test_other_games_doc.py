"""docs/other-games.md states measured numbers; they are played again here."""

from __future__ import annotations

from pathlib import Path

import pytest

from xactika_edu import HeuristicBlackoutBot, RandomBlackoutBot, play_blackout_game

DOC = Path(__file__).resolve().parent.parent / "docs" / "other-games.md"


@pytest.mark.slow
def test_blackout_bot_totals_are_the_documented_ones():
    """40 whole four-player games, seeds 0-39, heuristic in seats 0 and 2, random in
    seats 1 and 3 (seeds ``seed`` and ``100 + seed``): the mean totals the doc gives."""
    totals = [0, 0, 0, 0]
    for seed in range(40):
        bots = [
            HeuristicBlackoutBot(),
            RandomBlackoutBot(seed=seed),
            HeuristicBlackoutBot(),
            RandomBlackoutBot(seed=100 + seed),
        ]
        game = play_blackout_game(bots, seed=seed)
        totals = [total + won for total, won in zip(totals, game.totals(), strict=True)]
    means = [f"{total / 40:g}" for total in totals]
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    stated = (
        f"mean totals per game {means[0]} and {means[2]} for the heuristic players, "
        f"{means[1]} and {means[3]} for the random ones"
    )
    assert stated in text, stated
