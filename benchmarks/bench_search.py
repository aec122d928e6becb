"""SearchBot's decision time, against MonteCarloBot's measured in the same run.

Plays ``--hands`` 4-player 8-card hands (seeded deals, the dealer rotating), the
timed bot in seat 0 and HeuristicBots elsewhere, once with SearchBot (default
settings) and once with MonteCarloBot (default settings) on the same deals, and
times every decision of seat 0 with ``time.perf_counter``. Plays with a single legal
choice are answered without search and left out. Prints the median and mean per
play (all plays, early plays and endgame plays) and per bid, and SearchBot / Monte
Carlo ratios. Run from the repository root on one core::

    taskset -c 0 python benchmarks/bench_search.py [--hands 20] [--seed 1] [--bid-pool 512]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time


def timings(make, hands: int, seed: int) -> dict[str, list[float]]:
    """Seconds per decision of the bot made by ``make(seed)`` in seat 0."""
    from xactika_edu.core.game import BID, Round
    from xactika_edu.engines.bots import HeuristicBot

    out: dict[str, list[float]] = {"bid": [], "early": [], "endgame": []}
    others = HeuristicBot()
    for hand in range(hands):
        bot = make(seed + hand)
        rnd = Round.deal(players=4, dealer=hand % 4, seed=seed * 1000 + hand)
        while not rnd.is_over:
            seat = rnd.current_player
            assert seat is not None
            view = rnd.view(seat)
            if view.phase == BID:
                if seat == 0:
                    start = time.perf_counter()
                    choice = bot.bid(view)
                    out["bid"].append(time.perf_counter() - start)
                else:
                    choice = others.bid(view)
                rnd.bid(choice)
                continue
            if seat == 0:
                single = len(view.legal_plays()) == 1
                start = time.perf_counter()
                play = bot.play(view)
                if not single:
                    kind = "endgame" if len(view.hand) <= 3 else "early"
                    out[kind].append(time.perf_counter() - start)
            else:
                play = others.play(view)
            rnd.play(play)
    return out


def describe(times: list[float]) -> str:
    if not times:
        return "none"
    return (
        f"{len(times)}: median {1000 * statistics.median(times):.1f} ms, "
        f"mean {1000 * statistics.mean(times):.1f} ms, max {1000 * max(times):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bid-pool", type=int, help="SearchBot's bid_pool (default: its own)")
    args = parser.parse_args()

    from xactika_edu.engines.bots import MonteCarloBot
    from xactika_edu.engines.search import SearchBot

    print(f"seat 0 of {args.hands} hands, 4 players x 8 cards, HeuristicBots elsewhere")
    print(
        f"date {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
        f"affinity {sorted(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else '?'}"
        f"; Python {platform.python_version()}; load {os.getloadavg()[0]:.2f}"
    )

    def search(seed: int) -> SearchBot:
        if args.bid_pool is None:
            return SearchBot(seed=seed)
        return SearchBot(seed=seed, bid_pool=args.bid_pool)

    for make in (search, MonteCarloBot):  # one warm-up hand each: tables and caches
        timings(lambda seed, make=make: make(seed=seed), 1, args.seed + 10_000)
    results = {}
    for name, make in (("SearchBot", search), ("MonteCarloBot", MonteCarloBot)):
        times = timings(lambda seed, make=make: make(seed=seed), args.hands, args.seed)
        times["play"] = times["early"] + times["endgame"]
        results[name] = times
        print(f"{name} {make(seed=0)!r}")
        for kind in ("play", "early", "endgame", "bid"):
            print(f"  {kind:8} {describe(times[kind])}")
    print("ratios SearchBot / MonteCarloBot:")
    for kind in ("play", "early", "endgame", "bid"):
        a, b = results["SearchBot"][kind], results["MonteCarloBot"][kind]
        if a and b:
            print(
                f"  {kind:8} median {statistics.median(a) / statistics.median(b):.1f}x, "
                f"mean {statistics.mean(a) / statistics.mean(b):.1f}x"
            )


if __name__ == "__main__":
    main()
