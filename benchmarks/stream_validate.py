"""Issue 13: ``mclog validate`` streams files of many games in bounded memory.

    python benchmarks/stream_validate.py [--games 10000] [--files 1000]

Each case runs ``mclog validate`` in a child process and reports its peak memory
(maximum resident set size) and CPU time:

1. one file of ``--games`` simulated 4-player games (about 36 MB for 10,000): peak
   memory (target: under 100 MB) and CPU per game, against
2. the first ``--files`` of those games one per file, and the same games streamed from
   one file: CPU per game of each (target: streamed no more), the interpreter's start
   (measured on an empty run) taken off both, best of three interleaved runs;
3. 10 MB of minimal two-line games (about 350,000): time and memory (targets: under
   30 s and 200 MB);
4. 9.9 MB of comment lines in one game: time and memory (targets: under 5 s, 200 MB);
5. ``fmt`` of the file of case 1 with a space at the end of every line (so every game is
   rewritten, game by game, to a temporary file that is read back before it replaces the
   file), and ``hide`` of it: peak memory (target: that of ``validate``, not growing with
   the file).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

MCLOG = [sys.executable, "-m", "mclog.cli"]


#: Runs a command and prints its wall time, CPU time and peak memory.  It is a process of
#: its own, started small: Linux gives a child the peak memory of the process it was
#: forked from, so a child forked from this benchmark (which holds the test files) would
#: report at least this benchmark's own peak.
MEASURE = """
import os, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = proc.stderr.read()
_, status, usage = os.wait4(proc.pid, 0)
if os.waitstatus_to_exitcode(status):
    sys.exit(err[:500].decode(errors="replace"))
print(time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)
"""


def run(args: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak memory in MB) of ``mclog ARGS`` in a child."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *MCLOG, *args],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"mclog {' '.join(args[:2])} failed: {done.stderr}")
    wall, cpu, rss = map(float, done.stdout.split())
    return wall, cpu, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = folder / "many.mclog"
        with open(big, "w") as out:
            subprocess.run(MCLOG + ["simulate", "--players", "4", "--games", str(args.games),
                                    "--seed", "1", "--jobs", "2"], stdout=out, check=True,
                           stderr=subprocess.DEVNULL)
        # the first --files of those games, one file each, and the same games in one file
        apart = folder / "apart"
        apart.mkdir()
        games = big.read_text().split("\n\n[")
        games = [games[0]] + ["[" + g for g in games[1:args.files]]
        for i, text in enumerate(games):
            (apart / f"game-{i:05d}.mclog").write_text(text.rstrip("\n") + "\n")
        together = folder / "together.mclog"
        together.write_text("\n".join(g.rstrip("\n") + "\n" for g in games))
        empty = folder / "one.mclog"
        empty.write_text('[Players "Al red, Bo blue"]\n')
        _, start_cpu, _ = run(["validate", "--partial", str(empty)])

        wall, cpu, rss = run(["validate", str(big)])
        per_game = (cpu - start_cpu) / args.games * 1e3
        print(f"one file of {args.games} games ({big.stat().st_size / 1e6:.1f} MB): "
              f"{wall:.1f} s, peak memory {rss:.0f} MB, {per_game:.2f} ms CPU per game")
        files = sorted(str(p) for p in apart.glob("*.mclog"))
        best = {}
        for _ in range(3):  # interleaved, best of three (the VM's speed swings)
            for key, call in (("apart", ["validate", *files]),
                              ("together", ["validate", str(together)])):
                best[key] = min(best.get(key, float("inf")), run(call)[1] - start_cpu)
        apart_ms, together_ms = (best[k] / len(files) * 1e3 for k in ("apart", "together"))
        print(f"the first {len(files)} of those games: {apart_ms:.2f} ms CPU per game one "
              f"game per file, {together_ms:.2f} ms streamed from one file "
              f"({together_ms / apart_ms:.2f}x)")

        minimal = folder / "minimal.mclog"
        game = '[Players "Al, Bo"]\nsetup Al ?\n'
        count = (10 * 1024 * 1024 - 100) // len(game)
        minimal.write_text(game * count)
        wall, cpu, rss = run(["validate", "--partial", str(minimal)])
        print(f"{count} minimal games in 10 MB: {wall:.1f} s, peak memory {rss:.0f} MB")

        comments = folder / "comments.mclog"
        line = "; " + "x" * 60 + "\n"
        comments.write_text('[Players "Al red, Bo blue"]\n' + line * int(9.9 * 2**20 // len(line)))
        wall, cpu, rss = run(["validate", "--partial", str(comments)])
        print(f"9.9 MB of comment lines: {wall:.1f} s, peak memory {rss:.0f} MB")

        messy = folder / "messy.mclog"
        with open(big) as source, open(messy, "w") as out:
            for line in source:
                out.write(line.rstrip("\n") + " \n")
        wall, cpu, rss = run(["fmt", str(messy)])
        assert messy.read_bytes() == big.read_bytes(), "fmt did not give the canonical text"
        print(f"fmt of those {args.games} games, each rewritten: {wall:.1f} s, peak memory "
              f"{rss:.0f} MB")
        wall, cpu, rss = run(["hide", "--seat", "Ann", str(big)])
        print(f"hide of those {args.games} games: {wall:.1f} s, peak memory {rss:.0f} MB")


if __name__ == "__main__":
    main()
