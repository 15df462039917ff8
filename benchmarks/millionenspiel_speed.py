"""Issue 16: reading + validating + replaying Millionenspiel records, in moves per second,
beside Million Club's (target: at least as many); and the replay widget's step.

    python benchmarks/millionenspiel_speed.py [--games 100] [--repeat 3]

Simulated games of each (Millionenspiel: 2 to 6 players, the chance bot, the illustrative
track, so every landing is also checked against the track; Million Club: 4 players,
random bots) are written as canonical text; the timed work is ``mclog.parse_one`` (the
framing and the notation) plus ``mclog.replay`` (every move through the rules, checks
and snapshots).  Moves counted: every move the replay plays, chance included.  Best of
``--repeat`` per game (a shared VM), garbage collector paused, median over games.
"""

from __future__ import annotations

import argparse
import statistics
import time

import mclog
from mclog.games import game
from timing import rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    me, mc = game("Millionenspiel"), game("Million Club")
    me_texts = [me.simulated_text(2 + seed % 5, seed, "chance", {})
                for seed in range(args.games)]
    mc_texts = [mc.simulated_text(4, seed, "random", {}) for seed in range(args.games)]
    me_rate, me_moves = rate(me_texts, args.repeat)
    mc_rate, mc_moves = rate(mc_texts, args.repeat)
    print(f"Millionenspiel: {me_rate:,.0f} moves/s ({me_moves:.0f} moves a game, "
          f"{args.games} games)")
    print(f"Million Club:   {mc_rate:,.0f} moves/s ({mc_moves:.0f} moves a game, "
          f"{args.games} games)")
    print(f"ratio: {me_rate / mc_rate:.2f}x (target: at least 1)")
    widget_step(me_texts[0])


def widget_step(text: str) -> None:
    """The replay widget's step (slider to board, move text and chart marker), median over
    every step of a simulated game."""
    import mclog.widgets

    played = mclog.replay(mclog.parse_one(text))
    widget = mclog.widgets.replay(played)
    times = []
    for step in range(len(played) + 1):
        start = time.perf_counter()
        widget.slider.value = step
        times.append(time.perf_counter() - start)
    print(f"widget step: median {statistics.median(times) * 1e3:.2f} ms, max "
          f"{max(times) * 1e3:.2f} ms ({len(played)} steps)")


if __name__ == "__main__":
    main()
