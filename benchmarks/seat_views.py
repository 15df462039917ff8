"""Issue 12: every seat's view of many random games, and what unknown cards cost.

    python benchmarks/seat_views.py [--games 500] [--timing-games 200] [--repeat 5]

1. The seat-view property over ``--games`` random games (2 to 6 players, both setups,
   both readings of the privileges, R16), for every seat: the record as that seat would
   write it (``mclog.seat_view``) validates; after the reveal its scores and ranks equal
   the full record's; before the reveal each score range holds the true score; at every
   step it shows no colony a player does not hold, and the same money, prices and
   industries.  Prints the failures and how many records were checked.
2. The slowest search for identities of the ? cards (``Problem.first_conflict``) over all
   of those records and the sample games' seat views (target: under 100 ms).
3. Validating (read + replay) a 6-player record hidden from seat 0 against the full
   record, over ``--timing-games`` games: the median ratio (target: at most 2x).  Each
   text is timed ``--repeat`` times in interleaved sweeps and its best time kept (the
   VM's speed swings), with the garbage collector paused.
4. Issue 23: every seat's view ends as a game night ends, with the reveal and the
   table's ``check score`` of the true totals: how many validate (target: all), how
   many of the same with one player's total one point off are refused at that line
   (target: all), and, at every step, that each score the seat's record shows is the
   full record's where it is exact and holds it where it is a range (``score_at``, what
   every view shows).  Timing as in 3: the seat's view with its count against the full
   record (target: median at most 2x, 6 players).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

# the seat-view test's own helpers: a random legal game replayed, a record without its
# reveal, a player's named colonies
from test_seat_view import full_game, known_colonies, without_reveal  # noqa: E402

import mclog  # noqa: E402
from mclog import parse_one, read_one, replay, seat_view, write  # noqa: E402


def check(full, slowest: list) -> list[str]:
    """The seat-view property for every seat of ``full``; returns what failed."""
    failures = []
    truth = [(r.total, r.rank) for r in full.scores()]
    states = [full.state(i) for i in range(len(full) + 1)]
    for seat in range(full.record.table.players):
        where = f"{full.record.tags.get('Event', '?')} seat {seat}"
        try:
            hidden = seat_view(full, seat)
            game = replay(hidden)
            t = time.perf_counter()
            game.problem.first_conflict()
            slowest.append((time.perf_counter() - t, where))
            if [(r.total, r.rank) for r in game.scores()] != truth:
                failures.append(f"{where}: scores differ after the reveal")
            for row, (total, _) in zip(replay(without_reveal(hidden)).scores(), truth):
                lo, hi = row.total_range
                if not lo <= total <= hi:
                    failures.append(f"{where}: range {lo}-{hi} misses {total}")
            for i in range(0, len(game) + 1, 5):
                got, true = game.state(i), states[i]
                if got.money != true.money or got.prices != true.prices:
                    failures.append(f"{where}: step {i} money or prices differ")
                for p in range(true.players):
                    if known_colonies(got, p) - known_colonies(true, p):
                        failures.append(f"{where}: step {i} shows a colony {p} does not hold")
            failures += _night_ending(full, hidden, where)
        except mclog.MclogError as exc:
            failures.append(f"{where}: {exc}")
    return failures


def count_line(record, totals) -> str:
    """The table's count, as the seat writes it at the end of the night."""
    names = record.table.names
    return "check      score " + " ".join(f"{names[s]} {t}" for s, t in enumerate(totals))


def _night_ending(full, hidden, where: str) -> list[str]:
    """Issue 23's properties of one seat's record (see the module text, 4)."""
    failures = []
    truth = [r.total for r in full.scores()]
    text = write(hidden)
    try:
        game = replay(parse_one(text + count_line(hidden, truth) + "\n"))
        NIGHT["accepted"] += 1
    except mclog.MclogError as exc:
        return [f"{where}: the true count is refused: {exc}"]
    off = list(truth)
    off[0] += 1
    wrong = text + count_line(hidden, off) + "\n"
    try:
        replay(parse_one(wrong))
        failures.append(f"{where}: a count one point off is accepted")
    except mclog.RecordError as exc:
        if exc.line == len(wrong.splitlines()):
            NIGHT["refused"] += 1
        else:
            failures.append(f"{where}: a count one point off is refused at line {exc.line}")
    for i in range(0, len(game) + 1, 3):
        for mine, true in zip(game.score_at(i), full.score_at(i)):
            lo, hi = mine.total_range
            t_lo, t_hi = true.total_range
            if not lo <= t_lo <= t_hi <= hi or (mine.exact and (lo, hi) != (t_lo, t_hi)):
                failures.append(f"{where}: step {i} shows {mine.name} {lo}-{hi}, the full "
                                f"record {t_lo}-{t_hi}")
    return failures


#: How many seat's records with the night's count validated, and how many one point off
#: were refused at the count's line.
NIGHT = {"accepted": 0, "refused": 0}


def best_times(texts: list[str], repeat: int) -> list[float]:
    best = [float("inf")] * len(texts)
    for _ in range(repeat):
        for i, text in enumerate(texts):
            gc.disable()
            t = time.perf_counter()
            replay(parse_one(text))
            best[i] = min(best[i], time.perf_counter() - t)
            gc.enable()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--timing-games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    start = time.perf_counter()
    failures, slowest, records = [], [], 0
    for seed in range(args.games):
        players = 2 + seed % 5
        full = full_game(seed, players, "alternative" if seed % 3 == 0 else "standard",
                         seed % 4 == 1)
        failures += check(full, slowest)
        records += players
    for path in sorted((ROOT / "sample_games" / "millionclub").glob("*.mclog")):
        full = replay(read_one(path))
        failures += check(full, slowest)
        records += full.record.table.players
    for line in failures[:20]:
        print("FAILED", line)
    print(f"seat views: {records} records from {args.games} random games and the samples, "
          f"{len(failures)} failures ({time.perf_counter() - start:.0f} s)")
    print(f"ending with the reveal and the table's count: {NIGHT['accepted']} of {records} "
          f"accepted; one point off refused at the count's line: {NIGHT['refused']} of "
          f"{records}")
    worst, where = max(slowest)
    print(f"slowest search for the ? cards' identities: {worst * 1e3:.1f} ms ({where}); "
          f"median {statistics.median(s for s, _ in slowest) * 1e3:.2f} ms")

    fulls, hiddens = [], []
    for seed in range(args.timing_games):
        full = full_game(10_000 + seed, 6, "standard", False)
        fulls.append(write(full.record, full))
        hiddens.append(write(seat_view(full, 0)))
    t_full = best_times(fulls, args.repeat)
    t_hidden = best_times(hiddens, args.repeat)
    ratios = [h / f for h, f in zip(t_hidden, t_full)]
    print(f"validate a 6-player record: full {statistics.median(t_full) * 1e3:.2f} ms, hidden "
          f"from one seat {statistics.median(t_hidden) * 1e3:.2f} ms (median of "
          f"{args.timing_games}); ratio median {statistics.median(ratios):.2f}x, "
          f"max {max(ratios):.2f}x")
    counted = []
    for seed, text in enumerate(hiddens):
        full = full_game(10_000 + seed, 6, "standard", False)
        counted.append(text + count_line(full.record, [r.total for r in full.scores()]) + "\n")
    t_counted = best_times(counted, args.repeat)
    ratios = [c / f for c, f in zip(t_counted, t_full)]
    print(f"validate a 6-player seat's record ending with the table's count: "
          f"{statistics.median(t_counted) * 1e3:.2f} ms; against the full record: ratio "
          f"median {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x")


if __name__ == "__main__":
    main()
