"""Issue 4: does the greedy bot clearly beat the random one?

    python benchmarks/bot_strength.py [--games 1000] [--jobs 2]

Plays seeded 4-player games with one greedy seat against three random seats;
the greedy seat moves round the table (game g puts it in seat g mod 4) so
that no seat advantage is counted as skill.  A win is rank 1 (a shared first
place counts, R21).
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import get_context


def one_game(seed: int) -> tuple[int, int]:
    from mclog.games.millionclub.bots import GreedyBot, RandomBot
    from mclog.games.millionclub.simulator import simulate

    seat = seed % 4
    bots = [RandomBot(seed * 10 + s) for s in range(4)]
    bots[seat] = GreedyBot(seed)
    rows = simulate(bots, seed=seed).scores()
    return seat, int(rows[seat].rank == 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    t0 = time.perf_counter()
    with get_context("spawn").Pool(args.jobs) as pool:
        results = pool.map(one_game, range(args.games), chunksize=20)
    wins = sum(w for _, w in results)
    by_seat = [sum(w for s, w in results if s == seat) for seat in range(4)]
    print(f"greedy vs 3 random, {args.games} four-player games: greedy wins {wins} "
          f"({100 * wins / args.games:.1f}%; random's share would be 25%)")
    print("  wins by greedy's seat: " + ", ".join(
        f"seat {s + 1}: {w}/{args.games // 4}" for s, w in enumerate(by_seat)))
    print(f"  ({time.perf_counter() - t0:.0f} s with {args.jobs} processes)")


if __name__ == "__main__":
    main()
