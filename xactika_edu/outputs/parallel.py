"""Jobs run side by side in worker processes, at most one per core, and stopped cleanly.

The class pack's lessons (each on its own kernel) and its worksheets are independent
jobs: :func:`run_jobs` runs them in a pool of worker processes, the heaviest first,
and gives their results back in the order of the jobs, so the output does not depend
on which job finished first.

>>> import operator
>>> run_jobs([Job("two plus three", operator.add, (2, 3))], workers=1)
[5]

Stopping: on a job's error, or Ctrl-C in the terminal, the jobs not yet started are
dropped, the running ones are waited for (a lesson's kernel is shut down, not left
behind) and the error (or ``KeyboardInterrupt``) is raised. Workers leave Ctrl-C to
what they run: the notebook client answers it by shutting its kernel down. A worker
whose parent process is killed stops its job the same way and exits.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Job", "JobTiming", "cores", "cpu_seconds", "run_jobs"]

#: How long a worker whose parent died may take to stop its job before it exits.
_ORPHAN_GRACE = 20.0
_busy = threading.Event()  # in a worker: a job is running


@dataclass(frozen=True)
class Job:
    """One piece of work: ``function(*args, **kwargs)`` in a worker process.

    ``function`` must be a module-level function and the arguments and the result
    things that pickle (they travel between processes). ``weight`` is a rough cost
    (seconds, say): heavier jobs start first, so the pool ends together.
    """

    label: str
    function: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    weight: float = 1.0
    #: the part of a bigger task it belongs to (the class pack's step), for reports
    step: str = ""


@dataclass(frozen=True)
class JobTiming:
    """How long a job took: ``wall`` seconds from its start to its end, and ``cpu``
    seconds of processor time used by it, its kernel and any other process it waited
    for; ``start`` and ``end`` in seconds since :func:`run_jobs` began."""

    job: Job
    start: float
    end: float
    cpu: float

    @property
    def wall(self) -> float:
        """Seconds from the job's start to its end."""
        return self.end - self.start


def cores() -> int:
    """The processor cores this process may use (at least 1)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def cpu_seconds() -> float:
    """Processor seconds used so far by this process and the processes it waited for
    (its workers, their kernels)."""
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def _timed(function: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    """Run a job, in a worker or here: (result, wall-clock start and end, CPU seconds)."""
    start, cpu = time.time(), cpu_seconds()
    _busy.set()
    try:
        result = function(*args, **kwargs)
    finally:
        _busy.clear()
        if multiprocessing.parent_process() is not None:
            _ignore_stops()  # the notebook client puts Python's own Ctrl-C handler back
    return result, start, time.time(), cpu_seconds() - cpu


def _ignore_stops() -> None:
    """A worker ignores Ctrl-C between jobs: the parent stops the pool (no traceback
    from a worker waiting for work); a job may answer it (nbclient does)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _start_worker() -> None:
    _ignore_stops()
    parent = os.getppid()  # this process (fork), or its fork server

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        # The parent is gone (killed): stop the job as Ctrl-C would, then exit.
        if _busy.is_set():
            os.kill(os.getpid(), signal.SIGINT)
            deadline = time.monotonic() + _ORPHAN_GRACE
            while _busy.is_set() and time.monotonic() < deadline:
                time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="xactika-orphan-watch", daemon=True).start()


def _context() -> Any:
    """Fork (fast: nothing to import again) when this process runs no other thread;
    else the platform's safe way to start a process."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1 and sys.platform != "darwin":
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def run_jobs(
    jobs: Sequence[Job],
    *,
    workers: int | None = None,
    done: Callable[[JobTiming, Any], None] | None = None,
) -> list[Any]:
    """Run ``jobs`` side by side; their results, in the order of ``jobs``.

    Args:
        jobs: what to run.
        workers: worker processes, at most :func:`cores` (None: that many, or fewer
            if there are fewer jobs); 1 runs the jobs here, one after another.
        done: called here with each job's :class:`JobTiming` and result as it ends.

    Returns:
        each job's result.

    Raises:
        BaseException: the first error of a job (after the running jobs ended), or
            ``KeyboardInterrupt`` for Ctrl-C.
    """
    began = time.time()
    count = min(cores(), len(jobs)) if workers is None else min(workers, cores(), len(jobs))
    results: list[Any] = [None] * len(jobs)

    def finished(index: int, outcome: Any) -> None:
        result, start, end, cpu = outcome
        results[index] = result
        if done is not None:
            done(JobTiming(jobs[index], start - began, end - began, cpu), result)

    if count <= 1:
        for index, job in enumerate(jobs):
            finished(index, _timed(job.function, job.args, job.kwargs))
        return results
    order = sorted(range(len(jobs)), key=lambda index: -jobs[index].weight)
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=count,
        mp_context=_context(),
        initializer=_start_worker,
    )
    try:
        futures = {
            pool.submit(_timed, jobs[index].function, jobs[index].args, jobs[index].kwargs): index
            for index in order
        }
        for future in concurrent.futures.as_completed(futures):
            finished(futures[future], future.result())
    finally:
        # On an error or Ctrl-C: drop what has not started, wait for what runs.
        pool.shutdown(wait=True, cancel_futures=True)
    return results
