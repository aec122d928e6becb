"""The batch heuristic's integer chance ranks order the chances exactly as the floats."""

from __future__ import annotations

import numpy as np

from xactika_edu.core.chances import chance_table
from xactika_edu.engines.batch_policies import chance_ranks


def test_chance_ranks_keep_the_order_and_the_ties_of_the_chances() -> None:
    chances, ranks = chance_table().reshape(-1), chance_ranks().reshape(-1)
    assert ranks.shape == chances.shape and ranks.dtype == np.int32
    order = np.argsort(chances, kind="stable")
    by_chance, by_rank = chances[order], ranks[order]
    # sorted by chance, ranks never fall, and they rise exactly where the chance rises
    assert (np.diff(by_rank) >= 0).all()
    assert ((np.diff(by_rank) > 0) == (np.diff(by_chance) > 0)).all()
    # rank 0 is the chance 0.0 (the heuristic's "cannot win"); ranks are multiples of 16
    assert (ranks[chances == 0.0] == 0).all() and (ranks[chances > 0.0] > 0).all()
    assert (ranks % 16 == 0).all() and int(ranks.max()) < 2**30 // 16
    assert not chance_ranks().flags.writeable
