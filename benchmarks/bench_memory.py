"""Peak memory of a 100,000-round simulation with the fast engine.

Each measurement runs in a fresh Python process, so one does not inherit another's
peak. The child reports:

* ``tracemalloc`` peak: the most memory Python and NumPy allocated at once during
  the simulation (NumPy reports its arrays to tracemalloc);
* ``ru_maxrss`` (``resource.getrusage``): the process's peak resident memory, the
  interpreter and imported libraries included, before and after the simulation.

Goal (issue 3): under 500 MB. Run from the repository root::

    python benchmarks/bench_memory.py [--rounds 100000]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import time

GOAL_MB = 500
CONFIGS = {
    "random, 4 x 8, simulate_rounds (DataFrame)": ("random", 4, 8),
    "heuristic, 4 x 8, simulate_rounds (DataFrame)": ("heuristic", 4, 8),
    "random, 10 x 8, simulate_rounds (DataFrame)": ("random", 10, 8),
}


def maxrss_mb() -> float:
    """Peak resident memory of this process in MB (Linux reports kB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def child(config: str, rounds: int) -> None:
    import tracemalloc

    from xactika_edu.engines import fastsim

    bots, players, cards = CONFIGS[config]
    fastsim.simulate_rounds(100, players, bots, 0, cards)  # imports and one-time tables
    before = maxrss_mb()
    tracemalloc.start()
    start = time.perf_counter()
    table = fastsim.simulate_rounds(rounds, players, bots, 1, cards)
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        json.dumps(
            {
                "rows": len(table),
                "table_mb": table.memory_usage(deep=True).sum() / 2**20,
                "tracemalloc_mb": peak / 2**20,
                "rss_before_mb": before,
                "rss_peak_mb": maxrss_mb(),
                "seconds": seconds,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.rounds)
        return
    print(f"peak memory of a {args.rounds:,}-round simulation (fresh process each)")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}"
    )
    worst = 0.0
    for config in CONFIGS:
        out = subprocess.run(
            [sys.executable, __file__, "--child", config, "--rounds", str(args.rounds)],
            check=True,
            capture_output=True,
            text=True,
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
        worst = max(worst, r["tracemalloc_mb"], r["rss_peak_mb"])
        print(
            f"  {config:<48} tracemalloc peak {r['tracemalloc_mb']:6.1f} MB; "
            f"process peak {r['rss_peak_mb']:6.1f} MB (before: {r['rss_before_mb']:.1f} MB); "
            f"table {r['rows']:,} rows, {r['table_mb']:.1f} MB; {r['seconds']:.2f} s"
        )
    verdict = "met" if worst < GOAL_MB else "NOT met"
    print(f"goal: peak under {GOAL_MB} MB: {verdict} (largest figure {worst:.1f} MB)")


if __name__ == "__main__":
    main()
