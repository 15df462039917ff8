"""The shared recorder's time per line over a whole game, for each game it records.

    python benchmarks/shared_recorder.py [--moves 400] [--rounds 3] [--against CHECKOUT]

Each game's review bots play ten games at its largest table, and the first ``--moves``
moves of the longest are typed at the shared recorder, a line each, as the record writes
them; each line is timed from the answer typed to the record written and read back
(``Recording.enter``).
Printed per game: the median line near the start (the first 50) and near the end (the
last 50), and their ratio, this run's yardstick: a recorder that plays the whole record
again at every line takes longer the longer the game, one that plays the line alone does
not (the reading and the writing of the record still grow with it).  Medians over
``--rounds``.  ``--against``: the same in another checkout of mclog (a ``git worktree``
of an older commit, first on ``PYTHONPATH``), in alternate rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mclog
from mclog.games import game as game_named
from mclog.games import names

EDGE = 50   # the lines at the start and at the end whose median is taken


def shared_games() -> list[str]:
    """The games the shared recorder records as it is (Million Club has its own)."""
    return [name for name in names() if game_named(name).recording_class is None]


def longest(name: str, seeds: int = 10):
    """The longest of the games its review bots play at its largest table, seeds 1 on."""
    game = game_named(name)
    players = max(game.players)
    games = [mclog.parse_one(game.simulated_text(players, seed, game.review_bots, {}))
             for seed in range(1, seeds + 1)]
    return max(games, key=lambda record: len(record.moves))


def line_times(name: str, moves: int) -> list[float]:
    """Seconds each line took, typing the first ``moves`` moves of a bots' game of
    ``name`` at the shared recorder."""
    from mclog.recording import Recording

    game = game_named(name)
    record = longest(name)
    played = [e.move for e in record.entries if isinstance(e, record.move_entry)][:moves]
    tags = {k: v for k, v in record.tags.items() if k not in ("Game", "Players")}
    times = []
    with tempfile.TemporaryDirectory() as folder:
        rec = Recording.start(game, os.path.join(folder, "game.mclog"),
                              players=record.tags["Players"], tags=tags)
        for move in played:
            text = game.answer_text(rec.played, move)
            if text is None:   # (a move the next item says: keeping a throw)
                continue
            start = time.perf_counter()
            rec.enter(text)
            times.append(time.perf_counter() - start)
    return times


def measured(moves: int) -> dict[str, list[float]]:
    """Each game's line times (``line_times``)."""
    return {name: line_times(name, moves) for name in shared_games()}


def elsewhere(checkout: str, moves: int) -> dict[str, list[float]]:
    """``measured`` in ``checkout``'s mclog (this script, run there)."""
    env = {**os.environ, "PYTHONPATH": checkout}
    out = subprocess.run([sys.executable, __file__, "--moves", str(moves), "--json"],
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", help="another checkout of mclog, timed alike")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measured(args.moves)))
        return
    runs: dict[str, list[dict[str, list[float]]]] = {"this checkout": []}
    if args.against:
        runs[args.against] = []
    for _ in range(args.rounds):
        runs["this checkout"].append(measured(args.moves))
        if args.against:
            runs[args.against].append(elsewhere(args.against, args.moves))
    for where, rounds in runs.items():
        print(f"{where}:")
        for name in rounds[0]:
            lines = len(rounds[0][name])
            first = statistics.median(statistics.median(r[name][:EDGE]) for r in rounds)
            last = statistics.median(statistics.median(r[name][-EDGE:]) for r in rounds)
            print(f"  {name}: {lines} lines; a line near the start {first * 1000:.1f} ms, "
                  f"near the end {last * 1000:.1f} ms: ratio {last / first:.2f}")


if __name__ == "__main__":
    main()
