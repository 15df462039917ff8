"""Issue 27: reading + validating + replaying Joakim von Ankas fantastiska affärer's
records, in moves per second, beside Million Club's (target: at least as many).

    python benchmarks/joakim_speed.py [--games 60] [--repeat 5]

Simulated games of each (Joakim: 2 to 5 players, trader bots, 50 in cash, a winning
limit of 500 so that a game is some hundreds of turns, every third game the Business
Sharks variant; Million Club: 4 players, random bots) are written as canonical text; the timed work is ``mclog.parse_one`` (the framing
and the notation) plus ``mclog.replay`` (every move through the rules, checks and
snapshots).  Moves counted: every move the replay plays, chance included.  The games of
the two are timed in turn, interleaved; best of ``--repeat`` per game (a shared VM), the
garbage collector paused, median over games.
"""

from __future__ import annotations

import argparse
import statistics

from mclog.games import game
from timing import best_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    joakim, mc = game("Joakim"), game("Million Club")
    texts = [joakim.simulated_text(2 + seed % 4, seed, "trader",
                                   {"cash": "50", "limit": "500",
                                    "variant": "sharks" if seed % 3 == 2 else "basic"})
             for seed in range(args.games)]
    mc_texts = [mc.simulated_text(4, seed, "random", {}) for seed in range(args.games)]
    both, both_moves = best_times([t for pair in zip(texts, mc_texts) for t in pair],
                                  args.repeat)
    rate = statistics.median(m / t for m, t in zip(both_moves[0::2], both[0::2]))
    mc_rate = statistics.median(m / t for m, t in zip(both_moves[1::2], both[1::2]))
    print(f"Joakim:       {rate:,.0f} moves/s ({statistics.mean(both_moves[0::2]):.0f} "
          f"moves a game, {args.games} games)")
    print(f"Million Club: {mc_rate:,.0f} moves/s ({statistics.mean(both_moves[1::2]):.0f} "
          f"moves a game, {args.games} games)")
    print(f"ratio: {rate / mc_rate:.2f}x (target: at least 1)")


if __name__ == "__main__":
    main()
