"""Issue 29, a corpus task beside a plain validate: one chunk of a corpus built in this
process (``build_chunk``: read, replay with events, rows, Parquet), and ``mclog
validate`` of the same games in the same process, timed in alternate rounds.

    python benchmarks/corpus_task.py [--games 500] [--rounds 5] [--parts]

``corpus_scale.py`` measures the whole build, Dask's processes included, whose fixed
costs and background work blur a change of the task itself; this measures the task
alone.  The games are simulated 4-player games (seed 1 on).  CPU time of this process,
medians of the rounds, after one round unmeasured (the first chunk imports pyarrow).
Target: a task at most 1.5x a plain validate.  ``--parts`` also times the task's
parts on the same games, each stage on top of the one before (reading; then replaying;
then noting the events as it replays; then the rows), with the collector off as the
task has it tuned, to say where a task's time goes.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import statistics
import tempfile
import time
from pathlib import Path

from mclog import games as registry
from mclog.cli import main as mclog
from mclog.corpus.build import build_chunk
from mclog.corpus.sources import file_digest, plan
from mclog.games.millionclub.simulator import simulated_text
from mclog.record.reading import iter_lenient


def cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--parts", action="store_true",
                        help="also time the task's parts: read, replay, events, rows")
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
        parted = parts(path, args.games, args.rounds) if args.parts else ""
    task_ms, validate_ms = (statistics.median(times[k]) for k in ("task", "validate"))
    print(f"task    : {task_ms:.2f} ms of CPU a game (a chunk of {args.games:,} games: read, "
          f"replay with events, rows, Parquet; rounds "
          f"{', '.join(f'{t:.2f}' for t in times['task'])})")
    print(f"validate: {validate_ms:.2f} ms of CPU a game (mclog validate of the same file)")
    print(f"ratio   : {task_ms / validate_ms:.2f}x a plain validate (target 1.5x)")
    if args.parts:
        print(parted)


def parts(path: str, count: int, rounds: int) -> str:
    """Each stage of a task (reading, replaying, noting events, making rows), timed on top
    of the ones before it; the line of what each adds, in ms of CPU a game."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    game = registry.game("Million Club")

    def upto(stage: int) -> None:   # (0 reads; 1 replays too; 2 notes events; 3 rows)
        for _, record in iter_lenient(text, path):
            if stage:
                played = game.replay(record, events=stage >= 2)
                if stage == 3:
                    game.corpus_rows(played, "id", path)

    spent: dict[int, list[float]] = {stage: [] for stage in range(4)}
    for round_ in range(rounds + 1):
        for stage in spent:
            gc.collect()
            gc.disable()
            try:
                took = cpu(lambda: upto(stage))
            finally:
                gc.enable()
            if round_:
                spent[stage].append(took / count * 1000)
    total = [statistics.median(spent[stage]) for stage in spent]
    added = [total[0], *(b - a for a, b in zip(total, total[1:]))]
    return ("parts   : " + ", ".join(f"{name} {ms:.2f}" for name, ms in zip(
        ("reading", "replaying", "events", "rows"), added)) + " ms of CPU a game (the "
        "task adds Parquet and the chunk's bookkeeping)")


if __name__ == "__main__":
    main()
