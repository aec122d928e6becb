"""Time of ``bid_advice`` (every legal bid of an 8-card hand played on 2,000 deals),
against references measured in the same run.

* ``bid_advice(hand, players=4, seat=..., trials=2000)``: the advice that plays each
  bid (issue 11, item 1); its games share their beginnings
  (``xactika_edu/engines/advice/bid_plays.py``, ``method="shared"``);
* the same table with every bid played from the deal (``method="direct"``): the
  same numbers (tests/test_advice.py), the plain way;
* ``fixed_play_advice(hand, ..., trials=2000)``: the one-distribution advice (one
  game per deal; ``suggest_bid`` before issue 11), the unit of the ratios.

Goal (issue 11): all bids of an 8-card hand, 2,000 deals per bid, under 150 ms on one
core. The process pins itself to one core where the system allows it. Run from the
repository root::

    python benchmarks/bench_bid_advice.py [--trials 2000] [--repeats 5]

Figures are the median over several hands and seats of the best of ``--repeats``
calls (warm caches); the very first call (cold caches) is shown too.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time

from bench_suggest_bid import best_ms  # the one timing helper (this folder is on sys.path)

GOAL_MS = 150.0
LESSON6 = "2111 1123 1312 2122 1223 2331 3133 3333"  # deal(players=4, seed=46)[0]
CASES = [  # (hand, seat, dealer, bids so far in bidding order)
    (LESSON6, 0, 3, ()),
    ("3133 3333 1111 2222 1213 3212 2321 1123", 1, 0, ()),
    ("1111 1112 1121 1211 2111 1113 1131 1311", 0, 3, ()),
    ("3333 3332 3323 3233 2333 3331 3313 3133", 3, 3, (2, 1, 3)),
    ("2222 2213 3122 1322 2231 3212 1232 2123", 2, 3, (1, 2)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    pinned = "not pinned"
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        pinned = f"pinned to core {min(os.sched_getaffinity(0))}"

    from xactika_edu.engines.advice import bid_advice, fixed_play_advice

    print(f"bid_advice with {args.trials:,} deals per bid, 4 players x 8 cards ({pinned})")
    print(
        f"date {datetime.date.today()}; {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores; Python {platform.python_version()}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    hand, seat, dealer, made = CASES[0]
    start = time.perf_counter()
    bid_advice(hand, 4, seat, trials=args.trials, seed=0, dealer=dealer, bids_so_far=made)
    print(f"  first call (cold caches): bid_advice {1000 * (time.perf_counter() - start):.0f} ms")

    figures: dict[str, list[float]] = {"shared": [], "direct": [], "fixed_play_advice": []}
    for hand, seat, dealer, made in CASES:
        common = {"trials": args.trials, "dealer": dealer, "bids_so_far": made}
        shared, advice = best_ms(
            lambda s, h=hand, st=seat, c=common: bid_advice(h, 4, st, seed=s, **c), args.repeats
        )
        direct, plain = best_ms(
            lambda s, h=hand, st=seat, c=common: bid_advice(h, 4, st, seed=s, method="direct", **c),
            args.repeats,
        )
        reference, _ = best_ms(
            lambda s, h=hand, st=seat, c=common: fixed_play_advice(h, 4, st, seed=s, **c),
            args.repeats,
        )
        same = advice.equals(plain)
        figures["shared"].append(shared)
        figures["direct"].append(direct)
        figures["fixed_play_advice"].append(reference)
        print(
            f"  hand {hand} seat {seat}: {len(advice)} bids; bid_advice {shared:6.1f} ms, "
            f"direct {direct:6.1f} ms, fixed_play_advice {reference:5.1f} ms; "
            f"recommended {advice.attrs['recommended']}; same table both ways: {same}"
        )
    shared, direct, reference = (statistics.median(figures[k]) for k in figures)
    print(
        f"median: bid_advice {shared:.1f} ms; direct {direct:.1f} ms; "
        f"fixed_play_advice {reference:.1f} ms"
    )
    print(
        f"ratios: bid_advice / fixed_play_advice {shared / reference:.2f}; "
        f"direct / fixed_play_advice {direct / reference:.2f}; direct / bid_advice "
        f"{direct / shared:.2f}"
    )
    verdict = "met" if shared < GOAL_MS else "NOT met"
    print(f"goal: every bid, {args.trials:,} deals each, under {GOAL_MS:g} ms: {verdict}")


if __name__ == "__main__":
    main()
