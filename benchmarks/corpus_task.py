"""Issue 29, a corpus task beside a plain validate: one chunk of a corpus built in this
process (``build_chunk``: read, replay with events, rows, Parquet), and ``mclog
validate`` of the same games in the same process, timed in alternate rounds.

    python benchmarks/corpus_task.py [--games 500] [--rounds 5]

``corpus_scale.py`` measures the whole build, Dask's processes included, whose fixed
costs and background work blur a change of the task itself; this measures the task
alone.  The games are simulated 4-player games (seed 1 on).  CPU time of this process,
medians of the rounds, after one round unmeasured (the first chunk imports pyarrow).
Target: a task at most 1.5x a plain validate.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path

from mclog.cli import main as mclog
from mclog.corpus.build import build_chunk
from mclog.corpus.sources import file_digest, plan
from mclog.games.millionclub.simulator import simulated_text


def cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "games.mclog"
        games.write_text("\n".join(simulated_text(4, "standard", "greedy,random", seed)
                                   for seed in range(1, args.games + 1)), encoding="utf-8")
        path = str(games)
        [chunk] = plan([path], {path: file_digest(path)[0]}, args.games, {}, [])

        def task() -> None:
            out = tempfile.mkdtemp(dir=tmp)
            result = build_chunk(chunk, out)
            assert result["games"] == args.games and not result["errors"], result["errors"]

        def validate() -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                assert mclog(["validate", path]) == 0

        times: dict[str, list[float]] = {"task": [], "validate": []}
        for round_ in range(args.rounds + 1):
            for name, work in (("task", task), ("validate", validate)):
                spent = cpu(work)
                if round_:
                    times[name].append(spent / args.games * 1000)
    task_ms, validate_ms = (statistics.median(times[k]) for k in ("task", "validate"))
    print(f"task    : {task_ms:.2f} ms of CPU a game (a chunk of {args.games:,} games: read, "
          f"replay with events, rows, Parquet; rounds "
          f"{', '.join(f'{t:.2f}' for t in times['task'])})")
    print(f"validate: {validate_ms:.2f} ms of CPU a game (mclog validate of the same file)")
    print(f"ratio   : {task_ms / validate_ms:.2f}x a plain validate (target 1.5x)")


if __name__ == "__main__":
    main()
