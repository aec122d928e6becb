"""MonteCarloBot's decision time: the median seconds per play (and per bid).

Plays ``--hands`` 4-player 8-card hands (seeded deals), one MonteCarloBot
(``samples=64``, the default) in seat 0 and HeuristicBots elsewhere, and times every
decision the MonteCarloBot makes with ``time.perf_counter``. Plays with a single
legal choice are answered without simulation and are left out of the play median.
Run from the repository root, on one core (e.g. ``taskset -c 0``)::

    python benchmarks/bench_montecarlo.py [--hands 10] [--samples 64]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from bench_search import timings  # the one timing loop (this folder is on sys.path)

    from xactika_edu.engines.bots import MonteCarloBot

    print(f"MonteCarloBot(samples={args.samples}) in seat 0 of {args.hands} hands, 4 x 8")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}"
    )
    times = timings(
        lambda seed: MonteCarloBot(seed=seed, samples=args.samples), args.hands, args.seed
    )
    plays, bids = times["early"] + times["endgame"], times["bid"]
    print(
        f"  plays timed: {len(plays)}; median {statistics.median(plays):.3f} s per play "
        f"(mean {statistics.mean(plays):.3f} s)"
    )
    print(f"  bids timed: {len(bids)}; median {statistics.median(bids):.3f} s per bid")


if __name__ == "__main__":
    main()
