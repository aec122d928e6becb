"""Time of ``lead_chances`` (all 32 leads of an 8-card hand) without and with voids.

* reference: ``lead_chances`` as it was before issue 11 (commit b7f05e2, loaded from git
  under another name), hypergeometric, no voids;
* ``lead_chances(hand, 4)``: the same numbers by the new code (no voids: the same
  hypergeometric formula, checked equal here);
* ``lead_chances(hand, 4, voids={...})``: exact counts of the consistent deals
  (``ConsistentDeals``), with 1, 2 and 3 opponents void in one or two combinations
  (3 opponents each with a different void: the hardest case for 4 players, 3 void
  groups of 8 cards);
* the same at 10 players (9 opponents with 8 cards), 1 to 5 opponents each with a
  different void (4 groups: 6,561 counts kept, modulo primes; 5 groups in Python ints;
  6 are refused, ``MOST_STATES``);
* real positions: 4-player rounds played at random; at each lead where an opponent has
  shown a void, ``lead_chances(voids=view)``;
* exact sampling at the same positions: ``sample_consistent_hands(view)`` (one deal,
  the counts built each call) and ``ConsistentDeals.sample`` reusing the counts (the
  cost of each further deal), against the approximate ``sample_hands(view)``.

Every timing uses a different hand (a different deal seed), so the counts' caches do
not help: they are "cold" timings, the median over ``--hands`` hands. Goals (issue 11):
under 2 ms without voids and under 10 ms with voids. Run from the repository root::

    python benchmarks/bench_voids.py [--hands 40]
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import xactika_edu
from xactika_edu.core.cards import deal
from xactika_edu.core.chances import ConsistentDeals
from xactika_edu.core.game import Round
from xactika_edu.core.leads import lead_chances, view_voids
from xactika_edu.engines.sampling import sample_consistent_hands, sample_hands

BEFORE = "b7f05e2"
VOIDS = {
    "1 opponent void in 2 balls": {1: ["2 balls"]},
    "2 opponents void (2 balls; 1 cube, 3 stars)": {1: ["2 balls"], 2: ["1 cube", "3 stars"]},
    "3 opponents, each a different void (2 balls; 1 cube; 2 cones)": {
        1: ["2 balls"],
        2: ["1 cube"],
        3: ["2 cones"],
    },
    "3 opponents void (2 balls; 1 cube, 3 stars; 2 cones)": {
        1: ["2 balls"],
        2: ["1 cube", "3 stars"],
        3: ["2 cones"],
    },
}


def old_lead_chances():
    """lead_chances as of commit BEFORE, imported as xactika_edu.core.leads_before."""
    source = subprocess.run(
        ["git", "show", f"{BEFORE}:xactika_edu/core/leads.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    name = "xactika_edu.core.leads_before"
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "xactika_edu.core"
    sys.modules[name] = module
    exec(compile(source, "leads_before.py", "exec"), module.__dict__)
    return module.lead_chances


def ms(run) -> float:
    start = time.perf_counter()
    run()
    return 1000 * (time.perf_counter() - start)


def real_positions(count: int, seed: int):
    """(view, cards in hand) at leads where some opponent has shown a void."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        rnd = Round.deal(players=4, seed=rng.randrange(2**32))
        for _ in range(4):
            rnd.bid(rng.choice(rnd.view(rnd.current_player).legal_bids()))
        while not rnd.is_over:
            view = rnd.view(rnd.current_player)
            opponents = [v for s, v in enumerate(view.voids) if s != view.seat]
            if not view.current_trick and any(opponents) and len(found) < count:
                found.append(view)
            rnd.play(rng.choice(view.legal_plays()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per figure")
    args = parser.parse_args()
    print(
        f"{datetime.date.today()}, {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, numpy {np.__version__}, "
        f"xactika_edu from {os.path.dirname(xactika_edu.__file__)}"
    )
    before = old_lead_chances()
    hands = [deal(players=4, seed=1000 + i)[0] for i in range(args.hands)]
    lead_chances(hands[0], 4)
    before(hands[0], 4)  # imports and caches warm
    old, new = [], []
    for hand in hands:  # alternate, same hands
        old.append(ms(lambda hand=hand: before(hand, 4)))
        new.append(ms(lambda hand=hand: lead_chances(hand, 4)))
        assert list(before(hand, 4)["chance"]) == list(lead_chances(hand, 4)["chance"])
    reference = statistics.median(old)
    print(f"\n32 leads of an 8-card hand, 4 players, median of {args.hands} hands (cold)")
    print(f"  reference, lead_chances before issue 11   {reference:7.2f} ms")
    print(
        f"  lead_chances, no voids                    {statistics.median(new):7.2f} ms"
        f"  ({statistics.median(new) / reference:.2f}x the reference; goal < 2 ms)"
    )
    for label, voids in VOIDS.items():
        times = [
            ms(lambda hand=hand, voids=voids: lead_chances(hand, 4, voids=voids)) for hand in hands
        ]
        print(
            f"  with voids: {label:<52} median {statistics.median(times):7.2f} ms, "
            f"max {max(times):7.2f} ms  ({statistics.median(times) / reference:.1f}x; "
            "goal < 10 ms)"
        )
    print("\n32 leads of an 8-card hand, 10 players (9 opponents with 8 cards)")
    ten = [deal(players=10, seed=3000 + i)[0] for i in range(max(3, args.hands // 10))]
    combos = ["2 balls", "1 cube", "2 cones", "3 stars", "1 star"]
    for groups in (1, 2, 3, 4, 5):
        voids = {seat + 1: [combos[seat]] for seat in range(groups)}
        times = [
            ms(lambda hand=hand, voids=voids: lead_chances(hand, 10, voids=voids)) for hand in ten
        ]
        print(
            f"  {groups} opponent(s), each a different void: median "
            f"{statistics.median(times):8.2f} ms, max {max(times):8.2f} ms"
        )
    views = real_positions(args.hands, seed=11)
    times = [ms(lambda view=view: lead_chances(voids=view)) for view in views]
    sizes = [len(view.hand) for view in views]
    void_seats = [
        sum(1 for s, v in enumerate(view.voids) if v and s != view.seat) for view in views
    ]
    print(
        f"\nreal positions (random play, 4 players, a void shown): {len(views)} leads, "
        f"{min(sizes)}-{max(sizes)} cards in hand, 1-{max(void_seats)} opponents void"
    )
    print(
        f"  lead_chances(voids=view): median {statistics.median(times):.2f} ms, "
        f"max {max(times):.2f} ms  ({statistics.median(times) / reference:.1f}x the reference)"
    )
    one, again, approximate = [], [], []
    for i, view in enumerate(views):
        one.append(ms(lambda view=view, i=i: sample_consistent_hands(view, seed=i)))
        deals = ConsistentDeals(view.unseen_cards(), *view_voids(view))
        rng = np.random.default_rng(i)
        deals.sample(rng)
        again.append(ms(lambda deals=deals, rng=rng: [deals.sample(rng) for _ in range(64)]) / 64)
        approximate.append(ms(lambda view=view, i=i: sample_hands(view, seed=i)))
    reference = statistics.median(approximate)
    print("\nsampling the hidden hands at the same positions, median ms per deal")
    print(f"  sample_hands (approximate, sweeps=3)       {reference:7.3f} ms")
    print(
        f"  sample_consistent_hands (exact, one deal)  {statistics.median(one):7.3f} ms"
        f"  ({statistics.median(one) / reference:.1f}x)"
    )
    print(
        f"  ConsistentDeals.sample, counts reused      {statistics.median(again):7.3f} ms"
        f"  ({statistics.median(again) / reference:.1f}x)"
    )


if __name__ == "__main__":
    main()
