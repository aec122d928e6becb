"""Random-policy rounds per second: the fast engine against OpenSpiel's ``oh_hell``.

Every engine plays 4 players x 8 cards with uniformly random legal bids and plays,
in this one run, on this machine:

* ``xactika_edu.engines.fastsim.play_rounds`` (NumPy, many rounds at once; arrays out) and
  ``fastsim.simulate_rounds`` (the same plus the tidy DataFrame);
* OpenSpiel's ``oh_hell`` (``players=4, num_tricks_fixed=8``) with its C++
  uniform-random bots, one ``pyspiel.evaluate_bots`` call per round (the deal is
  its chance nodes, sampled by the same call);
* the reference engine: ``xactika_edu.engines.simulate.simulate_rounds`` with RandomBot
  (a real :class:`~xactika_edu.core.game.Round` per hand).

Goal (issue 3): fastsim at least 2x OpenSpiel's rate. Run from the repository root::

    python -m pip install -e ".[bench]"      # open_spiel
    python benchmarks/bench_random_rounds.py [--rounds 200000] [--openspiel-rounds 20000]

Each rate is the best of ``--repeats`` timed runs (after a warm-up), rounds per
second of wall time. Without ``open_spiel`` the script says so and reports the rest.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time
from collections.abc import Callable
from importlib import metadata

import numpy as np

PLAYERS, CARDS = 4, 8


def best_rate(run: Callable[[int], object], rounds: int, repeats: int) -> float:
    """Rounds per second: the fastest of ``repeats`` runs of ``run(seed)``."""
    times = []
    for seed in range(repeats):
        start = time.perf_counter()
        run(seed)
        times.append(time.perf_counter() - start)
    return rounds / min(times)


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def openspiel_rate(rounds: int, repeats: int) -> float | str:
    """OpenSpiel oh_hell rounds per second, or why it could not be measured."""
    try:
        import pyspiel
    except ImportError as error:
        return f"not measured: cannot import pyspiel ({error}); pip install open_spiel"
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": CARDS})
    parameters = game.get_parameters()
    assert parameters["players"] == PLAYERS and parameters["num_tricks_fixed"] == CARDS
    # one game by hand: 4 bids + 32 card plays, as in a 4 x 8 Xactika round
    rng = np.random.default_rng(0)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    assert moves == PLAYERS + PLAYERS * CARDS, moves
    bots = [pyspiel.make_uniform_random_bot(player, 1234 + player) for player in range(PLAYERS)]

    def run(seed: int) -> None:
        for i in range(rounds):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * rounds + i)

    run(0)  # warm-up
    return best_rate(run, rounds, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="fastsim rounds per run")
    parser.add_argument("--openspiel-rounds", type=int, default=20_000)
    parser.add_argument("--reference-rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    from xactika_edu.engines import fastsim, simulate

    print(f"random-policy rounds, {PLAYERS} players x {CARDS} cards")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}, numpy {np.__version__}, "
        f"pandas {version('pandas')}, open_spiel {version('open_spiel')}"
    )
    fastsim.play_rounds(2_000, PLAYERS, "random", seed=0)  # warm-up
    fast = best_rate(
        lambda seed: fastsim.play_rounds(args.rounds, PLAYERS, "random", seed=seed),
        args.rounds,
        args.repeats,
    )
    table = best_rate(
        lambda seed: fastsim.simulate_rounds(args.rounds, PLAYERS, "random", seed),
        args.rounds,
        args.repeats,
    )
    spiel = openspiel_rate(args.openspiel_rounds, args.repeats)
    reference = best_rate(
        lambda seed: simulate.simulate_rounds(
            args.reference_rounds, PLAYERS, "random", seed, engine="reference"
        ),
        args.reference_rounds,
        1,
    )
    rows = [
        (f"fastsim.play_rounds (arrays), best of {args.repeats} x {args.rounds:,}", fast),
        (f"fastsim.simulate_rounds (DataFrame), best of {args.repeats} x {args.rounds:,}", table),
        (
            f"OpenSpiel oh_hell, evaluate_bots, best of {args.repeats} x {args.openspiel_rounds:,}",
            spiel,
        ),
        (f"reference Round engine (simulate, RandomBot), {args.reference_rounds:,}", reference),
    ]
    for label, rate in rows:
        shown = f"{rate:>12,.0f} rounds/s" if isinstance(rate, float) else rate
        print(f"  {label:<62} {shown}")
    if isinstance(spiel, float):
        ratio = fast / spiel
        verdict = "met" if ratio >= 2 else "NOT met"
        print(f"ratio fastsim / OpenSpiel: {ratio:.1f}x (arrays), {table / spiel:.1f}x (DataFrame)")
        print(f"goal: fastsim >= 2x OpenSpiel: {verdict}")
    else:
        print("ratio fastsim / OpenSpiel: not measured (OpenSpiel unavailable)")
    print(f"ratio fastsim / reference engine: {fast / reference:,.0f}x")


if __name__ == "__main__":
    main()
