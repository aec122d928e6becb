"""10,000 heuristic-bot rounds: the fast engine against the reference engine.

* ``xactika_edu.engines.fastsim.simulate_rounds(10_000, 4, "heuristic")``: the vectorized
  HeuristicBot, which makes exactly HeuristicBot's choices (``tests/test_fastsim.py``);
* ``xactika_edu.engines.simulate.simulate_rounds`` with
:class:`~xactika_edu.engines.bots.HeuristicBot`
  on real :class:`~xactika_edu.core.game.Round` objects, timed on fewer rounds and scaled.

Goal (issue 3): 10,000 heuristic-bot rounds under 2 s. Run from the repository root::

    python benchmarks/bench_heuristic.py [--rounds 10000] [--reference-rounds 500]

The fast figure is the best of ``--repeats`` runs after a warm-up (the warm-up
builds the chance table once, about 0.05 s); the first, cold call is shown too.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time

GOAL_SECONDS = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--reference-rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    from xactika_edu.engines import fastsim, simulate

    print(f"{args.rounds:,} heuristic-bot rounds, 4 players x 8 cards")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}"
    )
    start = time.perf_counter()
    fastsim.simulate_rounds(args.rounds, 4, "heuristic", 0)
    cold = time.perf_counter() - start
    times = []
    for seed in range(1, args.repeats + 1):
        start = time.perf_counter()
        fastsim.simulate_rounds(args.rounds, 4, "heuristic", seed)
        times.append(time.perf_counter() - start)
    fast = min(times)
    start = time.perf_counter()
    simulate.simulate_rounds(args.reference_rounds, 4, "heuristic", 1, engine="reference")
    per_round = (time.perf_counter() - start) / args.reference_rounds
    reference = per_round * args.rounds
    print(
        f"  fastsim.simulate_rounds, best of {args.repeats}: {fast:8.2f} s "
        f"({args.rounds / fast:,.0f} rounds/s); first call {cold:.2f} s"
    )
    print(
        f"  reference (simulate + HeuristicBot), {args.reference_rounds:,} rounds scaled to "
        f"{args.rounds:,}: {reference:8.2f} s ({1 / per_round:,.0f} rounds/s)"
    )
    print(f"ratio reference / fastsim: {reference / fast:.0f}x")
    verdict = "met" if fast < GOAL_SECONDS else "NOT met"
    print(f"goal: {args.rounds:,} rounds under {GOAL_SECONDS:g} s: {verdict}")


if __name__ == "__main__":
    main()
