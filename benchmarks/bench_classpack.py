"""Time of the whole class pack (``xactika-edu class-pack``), per step and in all.

Two ways to measure:

* this checkout (the default): :func:`build_class_pack` is called here with
  ``timings``; per step, the wall time from its first job's start to its last job's end
  and the processor (CPU) time of its jobs, their kernels included, then the writing
  of each step's files in this process; the total wall and CPU time (this process and
  every process it waited for: the workers and the lessons' kernels);
* ``--commit REV``: another version (``git archive REV``, e.g. the code before issue
  12), run as the command in a subprocess. Its steps are read from the times of its
  progress lines, and their CPU time from the process tree in ``/proc`` at those times
  (Linux); the total CPU time from the finished process.

Goal (issue 12): the whole pack under 60 s wall on a quiet 2-core machine. The machine
may be shared: the load average is printed before and after, and a busy machine
stretches the wall times (the CPU times move less). Run from the repository root::

    python benchmarks/bench_classpack.py [--students 30] [--jobs N] [--commit 82b80b2]
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import platform
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import xactika_edu
from xactika_edu.outputs.classpack import build_class_pack
from xactika_edu.outputs.parallel import JobTiming, cores, cpu_seconds

ROOT = Path(__file__).resolve().parent.parent


def machine() -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
        f"{platform.system()} {platform.machine()}, {cores()} cores, load average {load}; "
        f"Python {platform.python_version()}, xactika-edu {xactika_edu.__version__}"
    )


def table(rows: list[tuple[str, float, float | None]], wall: float, cpu: float) -> None:
    print(f"{'step':<34} {'wall s':>8} {'CPU s':>8}")
    for name, step_wall, step_cpu in rows:
        shown = "n/a" if step_cpu is None else f"{step_cpu:.1f}"
        print(f"{name:<34} {step_wall:>8.1f} {shown:>8}")
    print(f"{'total':<34} {wall:>8.1f} {cpu:>8.1f}")


def this_checkout(students: int, jobs: int | None) -> None:
    timings: list[JobTiming] = []
    with tempfile.TemporaryDirectory(prefix="bench-classpack-") as folder:
        started, cpu = time.perf_counter(), cpu_seconds()
        build_class_pack(
            Path(folder) / "pack", students=students, progress=None, jobs=jobs, timings=timings
        )
        wall, cpu = time.perf_counter() - started, cpu_seconds() - cpu
    steps: dict[str, list[JobTiming]] = defaultdict(list)
    for timing in timings:
        writing = timing.job.label.endswith(": written")
        steps[f"{timing.job.step}{' (writing)' if writing else ''}"].append(timing)
    rows = [
        (
            f"{name} ({len(items)} jobs)" if "(writing)" not in name else name,
            max(t.end for t in items) - min(t.start for t in items),
            sum(t.cpu for t in items),
        )
        for name, items in steps.items()
    ]
    workers = "one per core" if jobs is None else f"{jobs} at a time"
    print(f"this checkout, {students} students, jobs {workers}:")
    table(rows, wall, cpu)


def _tree_cpu(pid: int) -> float | None:
    """CPU seconds of ``pid`` and its descendants, alive or waited for (/proc)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # after the name: state ppid ... utime(12) stime(13) cutime(14) cstime(15)
        stats[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick)
    children: dict[int, list[int]] = defaultdict(list)
    for child, (parent, _) in stats.items():
        children[parent].append(child)
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        if current in stats:
            total += stats[current][1]
        todo += children.get(current, [])
    return total


# the progress lines of the code before issue 12 (one step after another)
_START = re.compile(r"^\[\d+/\d+\] (?:lesson \S+: running|worksheets \S+ with their keys)")
_DONE = re.compile(r"^\[\d+/\d+\] (?:lesson \S+: rendered|worksheets \S+: \d+ PDF files)")


def other_commit(commit: str, students: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-classpack-") as folder:
        source = Path(folder) / "src"
        source.mkdir()
        archive = subprocess.run(
            ["git", "archive", commit], cwd=ROOT, capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(source, filter="data")
        env = {**os.environ, "PYTHONPATH": str(source)}
        check = [sys.executable, "-c", "import xactika_edu; print(xactika_edu.__file__)"]
        used = subprocess.run(check, env=env, cwd=folder, capture_output=True, text=True)
        if not used.stdout.startswith(str(source)):
            sys.exit(f"could not run {commit}: Python imports {used.stdout.strip()}")
        command = [sys.executable, "-m", "xactika_edu.outputs.cli", "class-pack"]
        command += ["--students", str(students), "--out", str(Path(folder) / "pack")]
        started = time.perf_counter()
        # cwd: not this checkout, whose xactika_edu would come first on the path
        process = subprocess.Popen(command, env=env, cwd=folder, stdout=subprocess.PIPE, text=True)
        marks: list[tuple[str, float, float | None]] = [("start", 0.0, 0.0)]
        assert process.stdout is not None
        for line in process.stdout:
            if _START.match(line) or _DONE.match(line) or "index.html written" in line:
                marks.append((line.strip(), time.perf_counter() - started, _tree_cpu(process.pid)))
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        cpu = usage.ru_utime + usage.ru_stime  # the command and what it waited for
        if status != 0:
            sys.exit(f"the class pack of {commit} failed (status {status})")
    spans: dict[str, list[tuple[float, float | None]]] = defaultdict(list)
    previous = marks[0]
    for line, at, tree in marks[1:]:
        step = "lessons" if " lesson " in f" {line}" else "worksheets"
        if "index.html" in line:
            step = "writing the index"
        spent = None if tree is None or previous[2] is None else tree - previous[2]
        spans[step].append((at - previous[1], spent))
        previous = (line, at, tree)
    rows = []
    for step, parts in spans.items():
        step_cpu = None if any(c is None for _, c in parts) else sum(c or 0.0 for _, c in parts)
        rows.append((step, sum(w for w, _ in parts), step_cpu))
    if not any(line.startswith("[") for line, _, _ in marks):  # side by side: no steps
        rows = []
    print(f"commit {commit}, {students} students:")
    table(rows, wall, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=None, help="jobs at a time (default: cores)")
    parser.add_argument("--commit", help="measure this git revision instead, as a command")
    args = parser.parse_args()
    print(machine())
    if args.commit:
        other_commit(args.commit, args.students)
    else:
        this_checkout(args.students, args.jobs)
    print(machine())


if __name__ == "__main__":
    main()
