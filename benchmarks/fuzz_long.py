"""The long fuzz run (issue 6): the same property as tests/test_fuzz.py, many more inputs.

    python benchmarks/fuzz_long.py [--examples 20000]      (or: make fuzz)

Prints how many inputs each strategy tried and how they ended (replayed, or
refused with which error code), and how long the slowest took.  Any input that raises
anything but a located ``RecordError`` fails the run with the input shown.  Two
more properties run long here (issue 13): comments inserted anywhere keep their text
and anchor through write and read, and ``import`` of mutated exports either imports
(text that reads back the same) or refuses with a message, never an internal error.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from fuzzing import (  # noqa: E402
    arbitrary_bytes, arbitrary_text, comment_round_trip, commented, mutated_exports,
    OTHER_GAMES, mutated_records, run_import,
    SLOWEST, run_input,
)
from hypothesis import HealthCheck, given, settings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20_000,
                        help="inputs per strategy (five, and four a game for the others)")
    args = parser.parse_args()
    total = 0
    t0 = time.perf_counter()
    strategies = [
        ("arbitrary text", arbitrary_text, run_input),
        ("arbitrary bytes", arbitrary_bytes, run_input),
        ("mutated records", mutated_records, run_input),
        ("comments", commented(), comment_round_trip),  # issue 13: anchors kept
        ("JSON imports", mutated_exports(), run_import)]  # issue 13: import checks
    for game in OTHER_GAMES:  # issues 16 and 26: the other games' readers, comments, import
        strategies += [
            (f"{game.name} mutated", game.mutated, run_input),
            (f"{game.name} words", game.words, run_input),
            (f"{game.name} comments", commented(game.paths), comment_round_trip),
            (f"{game.name} JSON imports", mutated_exports(game.paths),
             lambda data, name=game.name: run_import(data, name))]
    for name, strategy, check in strategies:
        outcomes: collections.Counter = collections.Counter()

        @settings(max_examples=args.examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def run(data):
            outcomes[check(data)] += 1

        run()
        n = sum(outcomes.values())
        total += n
        print(f"{name:16} {n:7,} inputs: " + ", ".join(
            f"{k} {v:,}" for k, v in outcomes.most_common()))
    print(f"total {total:,} inputs in {time.perf_counter() - t0:.0f} s: no unlocated error, "
          f"no other exception; the slowest input took {SLOWEST[0]:.2f} s")


if __name__ == "__main__":
    main()
