"""Issue 5's numbers: all analysis tables of a 6-player game; a corpus of 1,000 games on
this machine's two cores; one step of the replay widget.

    python benchmarks/analysis_speed.py [--games 1000]

The corpus games are 4-player simulated games (greedy and random bots) written
to a temporary folder first (not timed).  Times are wall-clock, best of
``--repeat`` (the tables and the widget step: median over many).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from multiprocessing import get_context
from pathlib import Path

import mclog
from mclog.games.millionclub.analysis import (
    attribution, corpus, final_scores, money_flows, prices, timeline,
)
from mclog.games.millionclub.simulator import _simulated_text

SIX = (Path(__file__).parent.parent / "sample_games" / "millionclub"
       / "six-players-alternative-schemer.mclog")


def tables_time(repeat: int) -> float:
    text = SIX.read_text()
    times = []
    for _ in range(repeat):
        game = mclog.replay(mclog.parse_one(text))  # a fresh game: nothing cached
        t0 = time.perf_counter()
        timeline(game), prices(game), final_scores(game), attribution(game), money_flows(game)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def widget_step_time(n: int) -> float:
    from mclog.games.millionclub.widget import replay_widget

    game = mclog.replay(mclog.read_one(SIX))
    widget = replay_widget(game)
    times = []
    for i in range(n):
        step = (i * 37) % len(game)
        t0 = time.perf_counter()
        widget.slider.value = step  # what a drag of the slider does, board and chart
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"all tables, 6-player game ({SIX.name}): median "
          f"{tables_time(21) * 1e3:.1f} ms (timeline, prices, final_scores, attribution, "
          "money_flows)")
    print(f"widget step (slider to board + chart): median {widget_step_time(200) * 1e3:.2f} ms")
    with tempfile.TemporaryDirectory() as folder:
        jobs = [(4, "standard", "greedy,random", seed) for seed in range(args.games)]
        with get_context("spawn").Pool(2) as pool:
            for seed, text in pool.imap_unordered(_simulated_text, jobs, chunksize=16):
                Path(folder, f"g{seed:05d}.mclog").write_text(text)
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            result = corpus(folder, jobs=2)
            best = min(best, time.perf_counter() - t0)
        assert not result.errors and len(result.players) == 4 * args.games
        print(f"corpus over {args.games} games, 2 processes: {best:.2f} s "
              f"(players table {result.players.shape}, discs table {result.discs.shape})")


if __name__ == "__main__":
    main()
