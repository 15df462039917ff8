"""A benchmark's ratio in this checkout beside the same ratio in another (an older commit's
``git worktree``), in alternate runs, so that both meet the same machine weather.

    python benchmarks/against.py OTHER_CHECKOUT [--runs 5] [--benchmark record_speed.py]
        [--figure ratio] [-- ARGS...]

Each run starts a fresh process of ``benchmarks/<benchmark>`` in each checkout, with that
checkout's ``mclog`` first on the path (``PYTHONPATH``, ahead of an editable install),
and reads the first number on the output's line that starts with ``--figure``: for
``record_speed.py`` its ``ratio`` to python-chess, measured in the same process.  The
medians and every run's figures are printed; the other checkout runs its own copy of the
benchmark, so a figure's meaning must be the same in both (issue 29: "the pure-Python
build no slower than today").
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def figure(checkout: Path, benchmark: str, label: str, args: list[str]) -> float:
    """One run of ``benchmark`` in ``checkout``: the first number on its ``label`` line."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, str(checkout / "benchmarks" / benchmark), *args],
                         cwd=checkout, env=env, check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        if line.startswith(label):
            found = NUMBER.search(line[len(label):])
            if found:
                return float(found.group())
    raise SystemExit(f"{checkout}: no line starting with {label!r} and a number in:\n{out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other checkout (a git worktree)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--benchmark", default="record_speed.py")
    parser.add_argument("--figure", default="ratio",
                        help="the start of the output line that holds the figure")
    # (the benchmark's own arguments follow ``--``, taken off before argparse sees them:
    # argparse reads ``OTHER --runs 7 -- --games 80`` as two lists of positionals)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    args.args = argv[cut + 1:]
    if args.runs < 1:
        parser.error("--runs is 1 or more")
    checkouts = {"this": ROOT, "other": args.other.resolve()}
    figures: dict[str, list[float]] = {name: [] for name in checkouts}
    for _ in range(args.runs):
        for name, checkout in checkouts.items():
            figures[name].append(figure(checkout, args.benchmark, args.figure, args.args))
    for name, values in figures.items():
        print(f"{name:5} ({checkouts[name]}): median {statistics.median(values):.2f}   "
              f"runs {', '.join(f'{v:.2f}' for v in values)}")
    ratio = statistics.median(figures["this"]) / statistics.median(figures["other"])
    print(f"this / other: {ratio:.3f} (the medians' ratio of '{args.figure}', "
          f"{args.benchmark})")


if __name__ == "__main__":
    main()
