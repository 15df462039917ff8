"""Issue 17's corpus numbers, on this machine.

1. ``mclog simulate`` of ``--games`` 4-player games to shards of 1,000, with ``--jobs 2``
   (wall time, peak memory of any one process), and the speed-up of ``--jobs 2`` over
   ``--jobs 1`` on the first ``--speedup-games`` of them;
2. ``mclog corpus build`` of those games on a local cluster of 2 workers: wall time, CPU
   per game (the workers' and the driver's), peak memory of any one process;
3. the same build again with nothing changed;
4. a query of one column over the whole dataset (the mean score of every player).

Each command runs in a child of a small launcher, whose ``RUSAGE_CHILDREN`` peak is the
largest resident size of any one process below it (Dask's workers included).

    python benchmarks/corpus_scale.py [--games 100000] [--speedup-games 20000] [--keep DIR]
    python benchmarks/corpus_scale.py --keep DIR --built-games   # parts 2-4 again
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MCLOG = [sys.executable, "-m", "mclog.cli"]
LAUNCH = """
import resource, subprocess, sys, time, json
start = time.perf_counter()
code = subprocess.call(sys.argv[1:])
child = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": code, "wall": time.perf_counter() - start,
                  "cpu": child.ru_utime + child.ru_stime, "peak_mb": child.ru_maxrss / 1024}))
"""


def measured(args: list[str]) -> dict:
    """Run ``args`` under the launcher; its wall time, CPU and peak memory."""
    out = subprocess.run([sys.executable, "-c", LAUNCH, *args], capture_output=True,
                         text=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if result["code"] not in (0,):
        raise SystemExit(f"{' '.join(args)} failed: {out.stderr[-2000:]}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--speedup-games", type=int, default=20_000)
    parser.add_argument("--keep", help="a folder to keep the games and corpus in")
    parser.add_argument("--built-games", action="store_true",
                        help="use the games a run with --keep simulated (parts 2 to 4 only)")
    args = parser.parse_args()
    folder = Path(args.keep or tempfile.mkdtemp(prefix="mclog-corpus-"))
    games, corpus = folder / "games", folder / "corpus"
    for f in ((corpus,) if args.built_games else (games, corpus, folder / "one",
                                                  folder / "two")):
        shutil.rmtree(f, ignore_errors=True)
    n = args.games
    if not args.built_games:
        simulate_part(folder, games, args)
    build_part(games, corpus, n)
    if not args.keep:
        shutil.rmtree(folder)


def simulate_part(folder: Path, games: Path, args) -> None:
    n = args.games
    common = ["simulate", "--players", "4", "--seed", "1", "--bots", "greedy,random",
              "--shard-size", "1000"]
    one = measured(MCLOG + common + ["--games", str(args.speedup_games), "--out",
                                     str(folder / "one")])
    two = measured(MCLOG + common + ["--games", str(args.speedup_games), "--out",
                                     str(folder / "two"), "--jobs", "2"])
    print(f"1. simulate {args.speedup_games:,} games: --jobs 1 {one['wall']:.1f} s, --jobs 2 "
          f"{two['wall']:.1f} s: {one['wall'] / two['wall']:.2f}x (target 1.6x); peak "
          f"{two['peak_mb']:.0f} MB in any one process", flush=True)
    sim = measured(MCLOG + common + ["--games", str(n), "--out", str(games), "--jobs", "2"])
    print(f"   simulate {n:,} games to {n // 1000} shards, --jobs 2: {sim['wall']:.0f} s, "
          f"peak {sim['peak_mb']:.0f} MB in any one process (target under 500 MB)",
          flush=True)
    shutil.rmtree(folder / "one")
    shutil.rmtree(folder / "two")


def build_part(games: Path, corpus: Path, n: int) -> None:
    built = measured(MCLOG + ["corpus", "build", str(games), "-o", str(corpus), "--jobs",
                              "2", "--quiet"])
    size = sum(p.stat().st_size for p in corpus.rglob("*.parquet")) / 1e6
    # (the games the build found: with --built-games, those an earlier run simulated,
    # whatever --games says now)
    manifest = json.loads((corpus / "_manifest.json").read_text())
    n = sum(chunk["games"] for chunk in manifest["chunks"].values())
    print(f"2. corpus build of {n:,} games on a local cluster of 2 workers: "
          f"{built['wall']:.0f} s wall, {built['cpu'] / n * 1000:.2f} ms of CPU per game "
          f"(every process; target 6 ms), peak {built['peak_mb']:.0f} MB in any one "
          f"process (target 1.5 GB); {size:.0f} MB of Parquet", flush=True)
    # the yardstick: a plain validate of the same games (one process, every file)
    plain = measured(MCLOG + ["validate", *sorted(map(str, games.glob("*.mclog")))])
    print(f"   a plain validate of the same games: {plain['cpu'] / n * 1000:.2f} ms of CPU "
          f"per game: the build costs {built['cpu'] / plain['cpu']:.2f}x it (target 1.5x)",
          flush=True)
    again = measured(MCLOG + ["corpus", "build", str(games), "-o", str(corpus), "--jobs",
                              "2", "--quiet"])
    print(f"3. the same build again, nothing changed: {again['wall']:.1f} s (target 10 s)",
          flush=True)
    query = measured([sys.executable, "-c", (
        "import sys, time; t = time.perf_counter(); import mclog.analysis as a; "
        f"c = a.corpus({str(corpus)!r}); s = c.table('players', columns=['total']); "
        "print(len(s), s.total.mean(), time.perf_counter() - t, file=sys.stderr)")])
    print(f"4. one column over the whole dataset (players.total, {n * 4:,} rows) read into "
          f"pandas: {query['wall']:.2f} s, the interpreter's start included (target 2 s)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    main()
