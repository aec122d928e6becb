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
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from xactika_edu.core.game import BID, Round
    from xactika_edu.engines.bots import HeuristicBot, MonteCarloBot

    print(f"MonteCarloBot(samples={args.samples}) in seat 0 of {args.hands} hands, 4 x 8")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}"
    )
    plays: list[float] = []
    bids: list[float] = []
    for hand in range(args.hands):
        bot = MonteCarloBot(seed=args.seed + hand, samples=args.samples)
        others = HeuristicBot()
        rnd = Round.deal(players=4, dealer=hand % 4, seed=args.seed * 1000 + hand)
        while not rnd.is_over:
            seat = rnd.current_player
            assert seat is not None
            view = rnd.view(seat)
            if view.phase == BID:
                if seat == 0:
                    start = time.perf_counter()
                    choice_bid = bot.bid(view)
                    bids.append(time.perf_counter() - start)
                else:
                    choice_bid = others.bid(view)
                rnd.bid(choice_bid)
                continue
            if seat == 0:
                single = len(view.legal_plays()) == 1
                start = time.perf_counter()
                choice = bot.play(view)
                if not single:
                    plays.append(time.perf_counter() - start)
            else:
                choice = others.play(view)
            rnd.play(choice)
    print(
        f"  plays timed: {len(plays)}; median {statistics.median(plays):.3f} s per play "
        f"(mean {statistics.mean(plays):.3f} s)"
    )
    print(f"  bids timed: {len(bids)}; median {statistics.median(bids):.3f} s per bid")


if __name__ == "__main__":
    main()
