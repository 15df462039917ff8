"""Which tests the inner loop leaves out: the fast suite timed test by test, and the tests
over a threshold written to ``tests/slow_tests.txt`` (issue 24: ``make test-fast`` under a
minute on two cores).

    python benchmarks/test_times.py [--threshold 0.5] [--write]

A test marked ``slow`` in its own file is left out of ``make test-fast`` for what it is
(a notebook, a browser, a corpus).  Others are slow only for how long they run, and that
is a measurement, not a property of the test: it changes as the code does, one case of a
parametrised test may take seconds where its siblings take milliseconds.  So they are
listed in ``tests/slow_tests.txt``, one test id a line, and ``tests/conftest.py`` marks
them ``slow`` as they are collected.  This script makes that list: it runs everything
``make test-fast`` would with the list switched off (``MCLOG_SLOW_LIST=off``), as
``make test-fast`` runs it (two workers, the inner Hypothesis profile), and lists each test
whose setup, call and teardown took ``--threshold`` seconds or more.  ``make test`` and
CI run every test, listed or not.

The figures printed: the suite's time on this machine, the tests over the threshold and
what they took, and what the fast loop keeps, beside a yardstick timed in the same run
(ten million additions in a Python loop), since this machine's speed swings.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow_tests.txt"
#: One line of pytest's ``--durations`` table: seconds, phase, test id (which may hold
#: spaces: a parameter such as ``Million Club``).
DURATION = re.compile(r"^(\d+\.\d+)s (setup|call|teardown)\s+(\S.*)$")
HEADER = """\
# The tests `make test-fast` leaves out for how long they run: each took {threshold} s or
# more of setup, call and teardown when the fast suite last ran here, with this list
# switched off (the yardstick, ten million additions in a Python loop, took {yardstick:.2f} s).
# Made by `python benchmarks/test_times.py --write`; tests/conftest.py marks each `slow`.
# `make test` and CI run them all.  One pytest test id a line.
"""


def yardstick() -> float:
    """Seconds for ten million additions in a Python loop: this machine's speed now."""
    start = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - start


def timed() -> tuple[dict[str, float], float]:
    """Each test's seconds (setup, call and teardown) in the fast suite with the list
    switched off, and the suite's wall time."""
    command = [sys.executable, "-m", "pytest", "-q", "-n", "auto", "--dist", "loadgroup",
               "-m", "not slow", "--hypothesis-profile=inner", "-p", "no:randomly",
               "--durations=0", "--durations-min=0.01"]
    env = {**os.environ, "MCLOG_SLOW_LIST": "off", "PYTHONDONTWRITEBYTECODE": ""}
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(done.stdout[-4000:] + "\nthe fast suite failed: no list written")
    seconds: dict[str, float] = defaultdict(float)
    for line in done.stdout.splitlines():
        found = DURATION.match(line)
        if found:
            seconds[found[3]] += float(found[1])
    return seconds, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=float, default=0.5,
                        help="seconds from which a test is listed (default 0.5)")
    parser.add_argument("--write", action="store_true",
                        help=f"write the list to {LIST.relative_to(ROOT)}")
    args = parser.parse_args()
    before = yardstick()
    seconds, wall = timed()
    speed = (before + yardstick()) / 2
    slow = sorted(test for test, s in seconds.items() if s >= args.threshold)
    total = sum(seconds.values())
    left_out = sum(seconds[test] for test in slow)
    print(f"yardstick (ten million additions): {speed:.2f} s")
    print(f"the fast suite with no list: {wall:.0f} s on the clock, {total:.0f} s of tests")
    print(f"tests of {args.threshold} s or more: {len(slow)}, {left_out:.0f} s of tests; "
          f"the fast loop keeps {total - left_out:.0f} s of tests")
    if args.write:
        LIST.write_text(HEADER.format(threshold=args.threshold, yardstick=speed)
                        + "".join(f"{test}\n" for test in slow), encoding="utf-8")
        print(f"written: {LIST.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
