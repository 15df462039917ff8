"""The long fuzz run (issue 6): the same property as tests/test_fuzz.py, many more inputs.

    python benchmarks/fuzz_long.py [--examples 20000]      (or: make fuzz)

Prints how many inputs each strategy tried and how they ended (replayed, or
refused with which error code).  Any input that raises anything but a located
``RecordError``, or takes over a second, fails the run with the input shown.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from fuzzing import arbitrary_bytes, arbitrary_text, mutated_records, run_input  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20_000,
                        help="inputs per strategy (three strategies)")
    args = parser.parse_args()
    total = 0
    t0 = time.perf_counter()
    for name, strategy in [("arbitrary text", arbitrary_text), ("arbitrary bytes",
                           arbitrary_bytes), ("mutated records", mutated_records)]:
        outcomes: collections.Counter = collections.Counter()

        @settings(max_examples=args.examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def run(data):
            outcomes[run_input(data)] += 1

        run()
        n = sum(outcomes.values())
        total += n
        print(f"{name:16} {n:7,} inputs: " + ", ".join(
            f"{k} {v:,}" for k, v in outcomes.most_common()))
    print(f"total {total:,} inputs in {time.perf_counter() - t0:.0f} s: no unlocated error, "
          "no other exception, none over a second")


if __name__ == "__main__":
    main()
