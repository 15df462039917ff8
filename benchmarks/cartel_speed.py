"""Issue 26: reading + validating + replaying Cartel records, in moves per second, beside
Million Club's (target: at least as many); and a seat's record against the full record
(target: it validates in at most twice the time, median).

    python benchmarks/cartel_speed.py [--games 100] [--repeat 5]

Simulated games of each (Cartel: 2 to 4 players, the profit bot, a third of them with the
Advanced rules; Million Club: 4 players, random bots) are written as canonical text; the
timed work is ``mclog.parse_one`` (the framing and the notation) plus ``mclog.replay``
(every move through the rules, checks and snapshots).  Moves counted: every move the
replay plays, chance included.  The games of the two are timed in turn, interleaved;
best of ``--repeat`` per game (a shared VM), garbage
collector paused, median over games.  The seat's records are each full record as every
seat in turn wrote it (``mclog hide --seat``: every other player's draw is ``?``).
"""

from __future__ import annotations

import argparse
import statistics

import mclog
from mclog.games import game
from timing import best_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cartel, mc = game("Cartel"), game("Million Club")
    advanced = ("none", "none", "repurchase,raising,defensive")
    texts = [cartel.simulated_text(2 + seed % 3, seed, "profit",
                                   {"advanced": advanced[seed % 3]})
             for seed in range(args.games)]
    mc_texts = [mc.simulated_text(4, seed, "random", {}) for seed in range(args.games)]
    # Interleaved, a Cartel game then a Million Club one, so that a shared VM's swings
    # of speed fall on both alike (timed one after the other, the ratio swung from 0.76
    # to 1.08 between runs).
    both, both_moves = best_times([t for pair in zip(texts, mc_texts) for t in pair],
                                  args.repeat)
    full, mc_full = both[0::2], both[1::2]
    moves, mc_moves = both_moves[0::2], both_moves[1::2]
    rate = statistics.median(m / t for m, t in zip(moves, full))
    mc_rate = statistics.median(m / t for m, t in zip(mc_moves, mc_full))
    print(f"Cartel:       {rate:,.0f} moves/s ({statistics.mean(moves):.0f} moves a game, "
          f"{args.games} games)")
    print(f"Million Club: {mc_rate:,.0f} moves/s ({statistics.mean(mc_moves):.0f} moves a "
          f"game, {args.games} games)")
    print(f"ratio: {rate / mc_rate:.2f}x (target: at least 1)")
    seats, full_of_seat = [], []
    for text, t in zip(texts, full):
        played = mclog.replay(mclog.parse_one(text))
        for seat in range(len(played.record.names)):
            seats.append(cartel.write(cartel.seat_view(played, seat)))
            full_of_seat.append(t)
    seat_times, _ = best_times(seats, args.repeat)
    ratios = [s / f for s, f in zip(seat_times, full_of_seat)]
    print(f"a seat's record against the full one: median {statistics.median(ratios):.2f}x, "
          f"max {max(ratios):.2f}x over {len(ratios)} seats (target: median at most 2)")


if __name__ == "__main__":
    main()
