"""The memo behind the pictures many pages share (base/memo.py): bounded, least
recently used dropped first, one computation per key however many threads ask."""

from __future__ import annotations

import threading
import time

import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.base.memo import Memo


def test_memo_keeps_at_most_its_size_dropping_the_least_recently_used() -> None:
    memo: Memo[str] = Memo(size=3)
    made: list[int] = []

    def make(n: int) -> str:
        made.append(n)
        return f"picture {n}"

    for n in range(3):
        assert memo.get(n, lambda n=n: make(n)) == f"picture {n}"
    assert memo.get(0, lambda: make(0)) == "picture 0"  # kept: 0 is now the most recent
    for n in range(3, 10):
        memo.get(n, lambda n=n: make(n))
        assert len(memo) <= 3
    assert len(memo) == 3
    assert made == list(range(10))  # 0 was made once before it was dropped
    memo.get(9, lambda: make(9))
    assert made == list(range(10)) and memo.hits == 2 and memo.misses == 10
    memo.get(0, lambda: make(0))  # dropped long ago: made again
    assert made[-1] == 0 and len(memo) == 3
    memo.clear()
    assert len(memo) == 0
    assert "0 of 3 kept" in repr(memo)


@pytest.mark.parametrize("size", [0, -1, 2.5, "4", True, 100_001])
def test_memo_refuses_a_bad_size(size: object) -> None:
    with pytest.raises(XactikaError, match="memo size must be"):
        Memo(size)  # type: ignore[arg-type]


def test_threads_asking_for_one_key_share_one_computation() -> None:
    memo: Memo[str] = Memo(size=4)
    calls: list[int] = []
    start = threading.Barrier(8)

    def slow() -> str:
        calls.append(1)
        time.sleep(0.2)  # long enough that the other threads ask meanwhile
        return "".join(["the ", "picture"])  # a new object each call

    results: list[str] = []

    def ask() -> None:
        start.wait()
        results.append(memo.get("key", slow))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1 and len(results) == 8
    assert all(result is results[0] for result in results)
    assert memo.misses == 1 and len(memo) == 1


def test_an_error_reaches_every_waiting_thread_and_is_not_kept() -> None:
    memo: Memo[str] = Memo(size=2)
    start = threading.Barrier(4)
    calls: list[int] = []

    def broken() -> str:
        calls.append(1)
        time.sleep(0.2)
        raise ValueError("no cards to draw")

    errors: list[BaseException] = []

    def ask() -> None:
        start.wait()
        try:
            memo.get("key", broken)
        except ValueError as error:
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1 and len(errors) == 4
    assert all(str(error) == "no cards to draw" for error in errors)
    assert len(memo) == 0
    assert memo.get("key", lambda: "drawn") == "drawn"  # the next call tries again
