"""A command's start on a game that reads a component file (Cartel, Joakim): `mclog
validate` of a Cartel sample (the illustrative set) and of a Joakim sample naming its own
component file, each in a fresh process, beside ``python -c pass`` timed in the same run.

    python benchmarks/component_start.py [--tree DIR] [--runs 9]

``--tree`` times another checkout of mclog (an older commit's worktree) with this
machine's Python: the before and after of a change.  Medians of ``--runs`` starts each,
bytecode cached (a first, untimed, start writes it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def median_start(command: list[str], tree: Path, runs: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree),
               PYTHONPYCACHEPREFIX=f"/tmp/mclog-bench-pyc/{abs(hash(str(tree)))}")
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # (cached bytecode, as an installed package's)
    subprocess.run(command, cwd=tree, env=env, capture_output=True, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=tree, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    tree = args.tree.resolve()
    python = sys.executable
    bare = median_start([python, "-c", "pass"], tree, args.runs)
    print(f"python -c pass: {bare * 1000:.0f} ms")
    cases = [("Cartel, illustrative components", ["sample_games/cartel/duel-2p.mclog"]),
             ("Joakim, its own component file",
              ["--partial", "sample_games/joakim/cabin-5p.mclog"])]
    for label, rest in cases:
        if not (tree / rest[-1]).exists():
            print(f"{label}: not in this tree")
            continue
        took = median_start([python, "-m", "mclog", "validate", *rest], tree, args.runs)
        print(f"mclog validate, {label}: {took * 1000:.0f} ms ({took / bare:.1f}x python -c "
              "pass)")


if __name__ == "__main__":
    main()
