"""Strength on duplicate deals: paired score differences between computer players.

Each deal (4 players x 8 cards, dealer ``deal % 4``) is played 4 times per player,
the *tested seat* rotating over the 4 seats; at each rotation the tested seat is
played once by each player named in ``--players`` with the same opponents
(``--opponents``, HeuristicBots by default: deterministic, so the only difference
between the games is the tested player). A *hand* is one (deal, tested seat): every
player plays every hand, so each pair of players gives one paired score difference
per hand. The script prints, per player, the mean score and the exact-bid rate of
the tested seat, and per pair the mean difference per hand, each with a 95%
interval (t interval over the hands; for the exact-bid rate a Wilson interval).

Every hand's result is appended to ``--out`` (CSV) as soon as its chunk finishes,
so a run stopped early still leaves its hands; ``--summarize FILE ...`` prints the
tables from such files (runs with the same seed and opponents pair up hand by hand,
so a player can be added later). Run from the repository root, at low priority on a
shared machine::

    nice -n 10 python benchmarks/duplicate.py --deals 2500 --jobs 2 --seed 11 \\
        --out strength-hands.csv > strength-out.txt

The bots are the names of :data:`xactika_edu.engines.simulate.BOTS`, with their
default settings, or with settings after colons (``search:samples=128:bid_trials=1000``);
seat ``s`` of deal ``d`` gets bot seed ``seed * 10**7 + 4 * d + s``.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import itertools
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np
from scipy import stats

FIELDS = ["deal", "seat", "player", "bid", "tricks", "score", "seconds"]
CHUNK = 5  # deals per task


def make_bot(spec: str, seed: int) -> object:
    """The bot named by ``spec`` (``name`` or ``name:key=value:...``, whole numbers)."""
    from xactika_edu.engines.simulate import BOTS

    name, *settings = spec.split(":")
    options = {
        key: float(value) if "." in value else int(value)
        for key, value in (item.split("=") for item in settings)
    }
    return BOTS[name](seed=seed, **options)


def play_chunk(args: tuple[int, int, int, tuple[str, ...], str]) -> list[dict[str, object]]:
    """Every hand of deals ``first .. first + count - 1``, for every player."""
    first, count, seed, players, opponents = args
    from xactika_edu.core.game import Round
    from xactika_edu.engines.simulate import play_round

    rows: list[dict[str, object]] = []
    for deal in range(first, first + count):
        for seat in range(4):
            for name in players:
                rnd = Round.deal(players=4, dealer=deal % 4, seed=seed * 10**7 + deal)
                bots = [make_bot(opponents, seed * 10**7 + 4 * deal + s) for s in range(4)]
                bots[seat] = make_bot(name, seed * 10**7 + 4 * deal + seat)
                start = time.process_time()
                play_round(rnd, bots)
                elapsed = time.process_time() - start
                bid, tricks = rnd.bids[seat], rnd.tricks_won[seat]
                rows.append(
                    {
                        "deal": deal,
                        "seat": seat,
                        "player": name,
                        "bid": bid,
                        "tricks": tricks,
                        "score": rnd.scores()[seat],
                        "seconds": round(elapsed, 4),
                    }
                )
    return rows


def wilson(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a proportion."""
    z = 1.959963984540054
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def t_interval(x: np.ndarray) -> tuple[float, float, float]:
    """Mean of ``x`` with a 95% t interval."""
    mean = float(x.mean())
    if len(x) < 2:
        return mean, math.nan, math.nan
    half = float(stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return mean, mean - half, mean + half


def summarize(paths: list[str]) -> str:
    """The markdown tables of the hands in the CSVs at ``paths`` (complete hands only:
    those every player has played; files of runs with the same seed and opponents
    pair up hand by hand)."""
    rows = []
    for path in paths:
        with open(path, newline="", encoding="utf-8") as handle:
            rows += list(csv.DictReader(handle))
    players = list(dict.fromkeys(row["player"] for row in rows))
    by_hand: dict[tuple[int, int], dict[str, dict[str, str]]] = {}
    for row in rows:
        by_hand.setdefault((int(row["deal"]), int(row["seat"])), {})[row["player"]] = row
    hands = sorted(key for key, got in by_hand.items() if len(got) == len(players))
    lines = [
        f"{len(hands):,} hands (deals x tested seats; {len({d for d, _ in hands}):,} deals), "
        f"4 players x 8 cards; from {', '.join(paths)}.",
        "",
        "| player (tested seat) | hands | mean score per hand [95% CI] | exact-bid rate [95% CI] "
        "| mean CPU s per hand |",
        "|---|---|---|---|---|",
    ]
    scores = {}
    for name in players:
        x = np.array([float(by_hand[h][name]["score"]) for h in hands])
        made = sum(by_hand[h][name]["bid"] == by_hand[h][name]["tricks"] for h in hands)
        seconds = np.mean([float(by_hand[h][name]["seconds"]) for h in hands])
        scores[name] = x
        mean, low, high = t_interval(x)
        rate_low, rate_high = wilson(made, len(hands))
        lines.append(
            f"| {name} | {len(hands):,} | {mean:+.3f} [{low:+.3f}, {high:+.3f}] | "
            f"{made / len(hands):.3f} [{rate_low:.3f}, {rate_high:.3f}] | {seconds:.3f} |"
        )
    lines += [
        "",
        "| player | instead of | hands | mean score difference per hand [95% CI] |",
        "|---|---|---|---|",
    ]
    for a, b in itertools.combinations(players, 2):
        mean, low, high = t_interval(scores[a] - scores[b])
        lines.append(f"| {a} | {b} | {len(hands):,} | {mean:+.3f} [{low:+.3f}, {high:+.3f}] |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2500, help="deals (4 hands each)")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal")
    parser.add_argument("--players", default="search,montecarlo,heuristic")
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", default="strength-hands.csv", help="CSV of every hand")
    parser.add_argument(
        "--summarize", metavar="FILE", nargs="+", help="only print the tables of these CSVs"
    )
    args = parser.parse_args()
    if args.summarize:
        print(summarize(args.summarize))
        return
    players = tuple(args.players.split(","))
    for spec in players:  # fail now, not in a worker
        make_bot(spec, 0)
    print(
        f"Duplicate deals: {args.deals:,} deals from {args.first} x 4 tested seats; players "
        f"{', '.join(players)}; opponents {args.opponents}; seed {args.seed}; "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {args.jobs} jobs; "
        f"Python {platform.python_version()}\n  command: {' '.join(sys.argv)}",
        flush=True,
    )
    tasks = [
        (start, min(CHUNK, args.first + args.deals - start), args.seed, players, args.opponents)
        for start in range(args.first, args.first + args.deals, CHUNK)
    ]
    fresh = not os.path.exists(args.out)
    begin = time.perf_counter()
    done = 0
    with open(args.out, "a", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        if fresh:
            writer.writeheader()
        with ProcessPoolExecutor(args.jobs) as pool:
            for future in as_completed([pool.submit(play_chunk, task) for task in tasks]):
                writer.writerows(future.result())
                handle.flush()
                done += 1
                if done % 20 == 0 or done == len(tasks):
                    elapsed = time.perf_counter() - begin
                    print(
                        f"  {done}/{len(tasks)} chunks, {elapsed:.0f} s, "
                        f"about {elapsed / done * (len(tasks) - done):.0f} s left",
                        flush=True,
                    )
    print(f"\nwall time {time.perf_counter() - begin:.0f} s\n")
    print(summarize([args.out]))


if __name__ == "__main__":
    main()
