"""How fast the class store writes: draws per second, each its own committed transaction,
with ``synchronous=FULL`` (the store's setting) and, for comparison, ``NORMAL``; and
finished hands per second; and how long reading the pool back takes.

    python benchmarks/bench_class_store.py [--draws 500] [--students 30]

Each figure is one run on this machine's drive, in a fresh temporary folder (a laptop's
SSD is usually faster than a virtual machine's disk; a USB stick much slower).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time

from xactika_edu.core.cards import DECK
from xactika_edu.teaching.classdata.store import ClassStore


def _draws(store: ClassStore, code: str, names: list[str], count: int) -> float:
    started = time.perf_counter()
    for n in range(count):
        store.record_draw(code, names[n % len(names)], DECK[n % 81])
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=500)
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, ClassStore(folder, rng=random.Random(1)) as store:
        code = store.create_class("Benchmark")[0]
        names = [store.join(code, f"Student {k + 1}") for k in range(args.students)]
        store.start_experiment(code)
        for mode in ("FULL", "NORMAL"):
            store.db.connection.execute(f"PRAGMA synchronous = {mode}")
            rate = _draws(store, code, names, args.draws)
            print(f"draws, synchronous={mode}: {rate:,.0f} per second ({args.draws} commits)")
        store.db.connection.execute("PRAGMA synchronous = FULL")
        players = names[:4]
        started = time.perf_counter()
        hands = 0
        for _game in range(10):
            game = store.new_game(code)
            for hand in range(1, 9):
                store.record_hand(
                    code, game, hand, players, [2, 2, 2, 3], [2, 2, 2, 2], dealer=(hand - 1) % 4
                )
                hands += 1
        print(
            f"finished hands (4 players), FULL: "
            f"{hands / (time.perf_counter() - started):,.0f} per second"
        )
        started = time.perf_counter()
        pooled = store.draws(code)
        counts = store.student_counts(code)
        running = store.running_frequency(code)
        took = (time.perf_counter() - started) * 1000
        print(
            f"read back {len(pooled):,} draws (pool, counts, running frequency): {took:.0f} ms"
            f" ({len(counts)} students, last frequency "
            f"{running['relative frequency'].iloc[-1]:.3f})"
        )


if __name__ == "__main__":
    main()
