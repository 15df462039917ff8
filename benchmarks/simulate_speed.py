"""Issue 4: complete 4-player random-bot games simulated, written and re-validated
per second, on one core.

    python benchmarks/simulate_speed.py [--games 300]

Each game: simulate (every decision by a random bot, every draw from the
seeded shuffle), write its canonical record, then read that text back and
replay it through the rules engine (what `mclog validate` does).  One process;
the garbage collector paused while timing (as ``timeit`` does); best of
``--repeat`` sweeps.
"""

from __future__ import annotations

import argparse
import gc
import time

from mclog import read_one, replay, write
from mclog.millionclub.simulator import bots_from_names, simulate


def one(seed: int) -> None:
    game = simulate(bots_from_names("random", 4, seed), seed=seed)
    text = write(game.record, game)
    again = replay(read_one(text))
    assert again.complete


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = float("inf")
    for _ in range(args.repeat):
        gc.disable()
        t0 = time.perf_counter()
        for seed in range(args.games):
            one(seed)
        best = min(best, time.perf_counter() - t0)
        gc.enable()
    print(f"{args.games / best:.0f} games per second on one core "
          f"({best / args.games * 1e3:.2f} ms per game: simulate + write + read + replay)")


if __name__ == "__main__":
    main()
