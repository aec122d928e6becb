"""Strength table of the computer players: exact-bid rate and mean score per hand, with
95% confidence intervals, for each bot against each other bot.

Every table is 4 players x 8 cards on the reference engine (``simulate.simulate_rounds``:
real ``Round`` objects, bots given views only); the dealer rotates. Each line gives a
bot's results in one table composition. Because the deals depend only on the seed
(not on the bots), tables run with the same seed share their deals, so the script
also prints *paired* differences: seat 0's score with one bot minus its score with
another on the very same deals (much tighter intervals).

Run from the repository root::

    python benchmarks/strength.py [--rounds 10000] [--mc-rounds 2000] [--jobs 2] [--seed 1]

MonteCarloBot costs about 0.1 s per hand it plays, so its tables use ``--mc-rounds``
hands (split over ``--jobs`` processes). Prints a markdown table.

For the look-ahead players (MonteCarloBot, SearchBot) the sharper comparison is on
duplicate deals, each player in the same seat of the same deals with the same
opponents, the seat rotating: ``benchmarks/duplicate.py`` (issue 11).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd
from scipy import stats

from xactika_edu.engines.simulate import simulate_rounds, strength_table

CHUNK = 250  # rounds per job


def _chunk(args: tuple[tuple[str, ...], int, int]) -> pd.DataFrame:
    bots, n, seed = args
    # The reference engine for every table, so that tables with the same seed share
    # their deals and can be compared pair by pair (the fast engine deals differently).
    table = simulate_rounds(n, players=4, bots=bots, seed=seed, engine="reference")
    table["chunk"] = seed
    return table


def run(bots: tuple[str, ...], rounds: int, seed: int, jobs: int) -> tuple[pd.DataFrame, float]:
    """Simulate ``rounds`` hands in chunks (chunk k has seed ``seed * 100_000 + k``)."""
    sizes = [CHUNK] * (rounds // CHUNK) + ([rounds % CHUNK] if rounds % CHUNK else [])
    tasks = [(bots, size, seed * 100_000 + k) for k, size in enumerate(sizes)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_chunk, tasks))
    else:
        parts = [_chunk(task) for task in tasks]
    elapsed = time.perf_counter() - start
    table = pd.concat(parts, ignore_index=True)
    # make round numbers unique across chunks (strength_table groups by round)
    table["round"] = table.groupby(["chunk", "round"], sort=False).ngroup() + 1
    return table.drop(columns="chunk"), elapsed


def paired(a: pd.DataFrame, b: pd.DataFrame) -> tuple[float, float, float, int]:
    """Mean of seat 0's score in ``a`` minus in ``b`` (same deals), with a 95% t interval."""
    x = a[a["seat"] == 0]["score"].to_numpy(float) - b[b["seat"] == 0]["score"].to_numpy(float)
    n = len(x)
    sem = x.std(ddof=1) / np.sqrt(n)
    low, high = stats.t.interval(0.95, df=n - 1, loc=x.mean(), scale=sem)
    return float(x.mean()), float(low), float(high), n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="hands per table (no MC)")
    parser.add_argument("--mc-rounds", type=int, default=2_000, help="hands per MC table")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    r, h, m = "random", "heuristic", "montecarlo"
    plain = [
        ("4 random", (r, r, r, r)),
        ("4 heuristic", (h, h, h, h)),
        ("heuristic vs 3 random", (h, r, r, r)),
        ("random vs 3 heuristic", (r, h, h, h)),
        ("2 heuristic, 2 random", (h, r, h, r)),
    ]
    with_mc = [
        ("montecarlo vs 3 heuristic", (m, h, h, h)),
        ("montecarlo vs 3 random", (m, r, r, r)),
        ("2 montecarlo, 2 heuristic", (m, h, m, h)),
    ]
    tables: dict[str, pd.DataFrame] = {}
    times: dict[str, float] = {}
    for label, bots in plain:
        tables[label], times[label] = run(bots, args.rounds, args.seed, args.jobs)
    for label, bots in with_mc:
        tables[label], times[label] = run(bots, args.mc_rounds, args.seed, args.jobs)
    # same deals as the MC tables, for the paired comparisons
    for label, bots in [("4 heuristic (MC deals)", (h, h, h, h)),
                        ("heuristic vs 3 random (MC deals)", (h, r, r, r))]:  # fmt: skip
        tables[label], times[label] = run(bots, args.mc_rounds, args.seed, args.jobs)

    print(f"Strength table, 4 players x 8 cards, reference engine; seed {args.seed}; "
          f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.jobs} jobs.\n")  # fmt: skip
    print("| table | bot | hands (rounds) | exact-bid rate [95% CI] | mean score per hand "
          "[95% CI] | time |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for label in [label for label, _ in plain + with_mc]:
        strength = strength_table(tables[label])
        for bot, row in strength.iterrows():
            print(
                f"| {label} | {bot} | {int(row['hands']):,} ({int(row['rounds']):,}) | "
                f"{row['exact bid rate']:.3f} [{row['exact low']:.3f}, {row['exact high']:.3f}] | "
                f"{row['mean score']:+.3f} [{row['score low']:+.3f}, {row['score high']:+.3f}] | "
                f"{times[label]:.0f} s |"
            )
    print("\nPaired differences (seat 0 only, same deals): mean score per hand, 95% t interval.\n")
    print("| seat 0 plays | instead of | in a table with | hands | difference [95% CI] |")
    print("|---|---|---|---|---|")
    pairs = [
        ("heuristic", "random", "3 random", "heuristic vs 3 random", "4 random"),
        ("heuristic", "random", "3 heuristic", "4 heuristic", "random vs 3 heuristic"),
        ("montecarlo", "heuristic", "3 heuristic", "montecarlo vs 3 heuristic",
         "4 heuristic (MC deals)"),
        ("montecarlo", "heuristic", "3 random", "montecarlo vs 3 random",
         "heuristic vs 3 random (MC deals)"),
    ]  # fmt: skip
    for mine, other, company, a, b in pairs:
        mean, low, high, n = paired(tables[a], tables[b])
        print(f"| {mine} | {other} | {company} | {n:,} | {mean:+.3f} [{low:+.3f}, {high:+.3f}] |")


if __name__ == "__main__":
    main()
