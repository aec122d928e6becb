"""A small memo for pictures that many pages show alike: bounded and thread-safe.

The class server builds every student's page in one process, on a thread per page
(:mod:`xactika_edu.ui.app`), and most of a page's cost was drawing pictures that are
the same for every student (the deck explorer's first graph). A renderer keeps one
:class:`Memo` and asks it for a picture by a key made of everything that decides the
picture; only the first page pays for the drawing.

>>> drawn = []
>>> memo = Memo(size=2)
>>> memo.get("bar", lambda: drawn.append("bar") or "<svg>bar</svg>")
'<svg>bar</svg>'
>>> memo.get("bar", lambda: drawn.append("bar") or "<svg>bar</svg>")
'<svg>bar</svg>'
>>> drawn, len(memo)
(['bar'], 1)
>>> Memo(size=0)
Traceback (most recent call last):
...
xactika_edu.XactikaError: memo size must be from 1 to 100000, got 0
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

from .checks import check_whole
from .language import language

__all__ = ["Memo"]

V = TypeVar("V")
#: The largest size a memo may have (a guard against a size typed wrong).
_MOST = 100_000


class Memo(Generic[V]):
    """At most ``size`` values by key, the least recently used dropped first.

    Thread-safe: threads asking for a key that another thread is computing wait for
    that result instead of computing it again (a class opening the app at the bell
    draws the shared picture once). If the computation raises, every waiting thread
    gets the same error and nothing is kept, so the next call tries again.

    Values must not be changed after they are stored (use immutable values, e.g.
    strings): every caller gets the same object.

    Args:
        size: the most values kept (a whole number from 1 to 100,000). The memory held is at
            most ``size`` times the largest value.

    Raises:
        XactikaError: if ``size`` is not a whole number from 1 to 100,000.
    """

    def __init__(self, size: int) -> None:
        self.size = check_whole(size, "memo size", 1, _MOST)
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._pending: dict[Hashable, Future[V]] = {}

    def __len__(self) -> int:
        """How many values are kept now (at most :attr:`size`)."""
        return len(self._values)

    def __repr__(self) -> str:
        return f"<Memo {len(self)} of {self.size} kept, {self.hits} hits, {self.misses} misses>"

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()``, kept for the next call.

        The current language (:func:`~xactika_edu.base.language.language`) is part of
        every key: a picture with English words is never handed to a Spanish page.

        Args:
            key: a hashable value naming everything that decides the value (the
                language aside).
            make: computes the value (called at most once at a time per key).

        Returns:
            the kept value, or the new one.

        Raises:
            whatever ``make`` raises (nothing is kept then).
        """
        key = (language(), key)
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                self.hits += 1
                return self._values[key]
            pending = self._pending.get(key)
            mine = pending is None
            if pending is None:
                pending = self._pending[key] = Future()
                self.misses += 1
        if not mine:
            return pending.result()
        try:
            value = make()
        except BaseException as error:
            with self._lock:
                del self._pending[key]
            pending.set_exception(error)
            raise
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
            del self._pending[key]
        pending.set_result(value)
        return value

    def clear(self) -> None:
        """Forget every kept value (values being computed are still handed out)."""
        with self._lock:
            self._values.clear()
