"""How surely a failed check names its slip (``mclog.slips``), and how often a miscount is
taken for one, on random Million Club games.

    python benchmarks/slips.py [--games 60]

Each game is played by random legal moves (2 to 6 players), and its record is written
with a ``check money`` at every round's end, as a table counts (the records of
``tests/test_slips.py``, made by its own helpers).

* **slips**: one move written as another legal answer to its question (the moves after
  it still legal, the money at some round's end changed): how often the first failed
  check names the move written otherwise.
* **miscounts**: the record as played, one player's money at one round's end counted
  1 or 2 off: how often a move is named all the same (a false lead), with the checks at
  every round's end, and with one check at the game's end only (there the message adds
  "or if the count is wrong (no later check tells)").
* the longest a replay that found a failed check took, search included, against the
  replay of the same record with no check (the yardstick, timed in the same run).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

# the slip test's own helpers: a random game with one move written otherwise, its record
# checked at each round's end, a record with a miscount
from test_slips import _checked, _miscounted, _round_ends, _slipped  # noqa: E402
from table import random_game  # noqa: E402

from mclog import parse_one, replay  # noqa: E402


def first_reason(text: str) -> tuple[str, object, float]:
    """The first error of ``text`` replayed past its failed checks, the game, the time."""
    start = time.perf_counter()
    played = replay(parse_one(text), strict=False)
    return (played.errors[0].reason if played.errors else "", played,
            time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    games = parser.parse_args().games
    named = slipped = false_round = false_end = miscounts = 0
    slowest = (0.0, 0.0)
    for seed in range(games):
        players = 2 + seed % 5
        found = _slipped(seed, players)
        if found is not None:
            truth, written, index = found
            text = _checked(written, players, truth)
            reason, played, took = first_reason(text)
            plain = first_reason("\n".join(line for line in text.splitlines()
                                           if not line.startswith("check")))[2]
            slowest = max(slowest, (took, plain))
            slipped += 1
            named += f"line {played.steps[index].line} read" in reason
        rng = random.Random(seed)
        rounds = len(_round_ends(random_game(seed, players)[1], players))
        check, seat, off = rng.randrange(rounds), rng.randrange(players), rng.choice([1, 2])
        miscounts += 1
        false_round += " if " in first_reason(_miscounted(seed, players, check, seat=seat,
                                                          off=off))[0]
        false_end += " if " in first_reason(_miscounted(seed, players, -1, True, seat,
                                                        off))[0]
    print(f"slips     : the move written otherwise named in {named} of {slipped} games")
    print(f"miscounts : a move named all the same in {false_round} of {miscounts} games "
          f"checked at each round's end; in {false_end} of {miscounts} checked at the end "
          f"only (said with 'or if the count is wrong')")
    print(f"time      : the slowest search {slowest[0] * 1000:.0f} ms, replay and search, "
          f"{slowest[0] / slowest[1]:.1f}x the same record's replay without checks")


if __name__ == "__main__":
    main()
