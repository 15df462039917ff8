"""Issue 26: reading + validating + replaying Cartel records, in moves per second, beside
Million Club's (target: at least as many); and a seat's record against the full record
(target: it validates in at most twice the time, median).

    python benchmarks/cartel_speed.py [--games 100] [--repeat 5]

Simulated games of each (Cartel: 2 to 4 players, the profit bot, a third of them with the
Advanced rules; Million Club: 4 players, random bots) are written as canonical text; the
timed work is ``mclog.parse_one`` (the framing and the notation) plus ``mclog.replay``
(every move through the rules, checks and snapshots).  Moves counted: every move the
replay plays, chance included.  Best of ``--repeat`` per game (a shared VM), garbage
collector paused, median over games.

The two games are timed in runs of ``--run`` games each, one game's run then the
other's, so that a shared VM's swings of speed fall on both alike (timed one after the
other, the ratio swung from 0.76 to 1.08 between runs), and each game is read as a file
of its records is, after others of its kind.  Alternating game by game instead, each is
read with the caches of the other game's code: that costs the shorter games (Cartel's
153 moves against 233) the most, and it is printed too, as the harsher figure (on one
run: 1.05-1.07x game by game, 1.27-1.30x in runs of 10).

The seat's records are each full record as every seat in turn wrote it (``mclog hide
--seat``: every other player's draw is ``?``).
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
    parser.add_argument("--run", type=int, default=10,
                        help="games of one kind timed in a row (default 10)")
    args = parser.parse_args()
    cartel, mc = game("Cartel"), game("Million Club")
    advanced = ("none", "none", "repurchase,raising,defensive")
    texts = [cartel.simulated_text(2 + seed % 3, seed, "profit",
                                   {"advanced": advanced[seed % 3]})
             for seed in range(args.games)]
    mc_texts = [mc.simulated_text(4, seed, "random", {}) for seed in range(args.games)]
    full, moves, mc_full, mc_moves = _timed(texts, mc_texts, args.run, args.repeat)
    rate = statistics.median(m / t for m, t in zip(moves, full))
    mc_rate = statistics.median(m / t for m, t in zip(mc_moves, mc_full))
    print(f"Cartel:       {rate:,.0f} moves/s ({statistics.mean(moves):.0f} moves a game, "
          f"{args.games} games, in runs of {args.run})")
    print(f"Million Club: {mc_rate:,.0f} moves/s ({statistics.mean(mc_moves):.0f} moves a "
          f"game, {args.games} games, in runs of {args.run})")
    print(f"ratio: {rate / mc_rate:.2f}x (target: at least 1)")
    one, one_moves, mc_one, mc_one_moves = _timed(texts, mc_texts, 1, args.repeat)
    harsh = statistics.median(m / t for m, t in zip(one_moves, one)) / \
        statistics.median(m / t for m, t in zip(mc_one_moves, mc_one))
    print(f"ratio alternating game by game (each read after the other game's): {harsh:.2f}x")
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


def _timed(texts: list[str], mc_texts: list[str], run: int, repeat: int):
    """(Cartel's times, its moves, Million Club's times, its moves), the two timed in
    turn in runs of ``run`` games."""
    order, cartel = [], []
    for start in range(0, len(texts), run):
        for kind, games in ((True, texts), (False, mc_texts)):
            chunk = games[start:start + run]
            order += chunk
            cartel += [kind] * len(chunk)
    times, moves = best_times(order, repeat)
    pick = [(t, m) for t, m, k in zip(times, moves, cartel) if k]
    mc_pick = [(t, m) for t, m, k in zip(times, moves, cartel) if not k]
    return ([t for t, _ in pick], [m for _, m in pick], [t for t, _ in mc_pick],
            [m for _, m in mc_pick])


if __name__ == "__main__":
    main()
