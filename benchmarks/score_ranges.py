"""Issue 29: the exact score ranges of a 6-player seat's record, before and after the
reveal (target: p95 under 0.5 s), beside the time to validate the same record.

    python benchmarks/score_ranges.py [--games 60] [--seed 0]

Random 6-player games (both setups (standard, alternative), both readings of the privileges) are written from
seat 0 (``mclog.seat_view``: every other player's draw is ``?``).  For each record:

- *before the reveal* (the record cut where a game night's ends, before each player shows
  their colonies): the time of ``scores()`` on the replayed record, the final ranges that
  every view shows first;
- *after the reveal* (the whole record): the same, and whether CP-SAT was asked at all
  (the reveal settles every colony a player ends with: it should not be);
- *a step's score in hindsight*: ``scores_of`` of every state of the record cut before
  the reveal, once its ranges are found (what every view asks at every step: the board,
  the score table, the widget's frames), per step, beside a validate's time per move;
- *the events in hindsight* (the whole record): the time to note its events, each after
  an unknown colony marked exact or not (``events.noted``: what ``mclog replay`` prints
  and the corpus rows hold), with the CP-SAT questions it asked.

The yardstick is the record's validation (read + replay) in the same run: the ratio says
what a view waits for beyond the replay it already paid.

For the first ``--widgets`` records cut before the reveal, the replay widget is built
twice: as it is (drawn at once with safe bounds where a range needs a search, the exact
ranges following in the background) and told to wait for the exact ranges
(``wait_for_ranges=True``): the time until each can be shown.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_seat_view import full_game, without_reveal  # noqa: E402

from mclog import parse_one, replay, seat_view, write  # noqa: E402
from timing import p95  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--widgets", type=int, default=10)
    args = parser.parse_args()
    from mclog.games.millionclub.events import noted
    from mclog.games.millionclub.widget import replay_widget

    from ortools.sat.python import cp_model

    calls = [0]
    original = cp_model.CpSolver.solve   # (``Solve``, deprecated, calls it: mclog calls it)

    def counted(self, *a, **k):
        calls[0] += 1
        return original(self, *a, **k)

    cp_model.CpSolver.solve = counted
    before, after, validate, after_solves, at_once, waited = [], [], [], [], [], []
    noting, noting_solves, per_step, per_move = [], [], [], []
    replay_widget(full_game(args.seed, 6, "standard", False))   # (the imports, once)
    for i in range(args.games):
        seed = args.seed + i
        full = full_game(seed, 6, "alternative" if seed % 3 == 0 else "standard", seed % 4 == 1)
        hidden = seat_view(full, 0)
        cut = write(without_reveal(hidden))
        whole = write(hidden)
        t = time.perf_counter()
        played = replay(parse_one(cut))
        validate.append(time.perf_counter() - t)
        t = time.perf_counter()
        played.scores()
        before.append(time.perf_counter() - t)
        # every step's score as the views ask it, its ranges found (the line above found
        # the last step's; most steps hold the same unknown colonies, whose ranges are kept)
        states = [played.state(step) for step in range(len(played.replay) + 1)]
        for state in states:
            played.scores_of(state)
        t = time.process_time()
        for state in states:
            played.scores_of(state)
        per_step.append((time.process_time() - t) / len(states))
        per_move.append(validate[-1] / len(played.replay))
        if i < args.widgets:
            for wait, into in ((False, at_once), (True, waited)):
                fresh = replay(parse_one(cut))
                t = time.perf_counter()
                widget = replay_widget(fresh, wait_for_ranges=wait)
                into.append(time.perf_counter() - t)
                widget.ranges_ready.wait()
        played = replay(parse_one(whole))
        calls[0] = 0
        t = time.perf_counter()
        rows = played.scores()
        after.append(time.perf_counter() - t)
        after_solves.append(calls[0])
        assert all(r.exact for r in rows)
        played = replay(parse_one(whole))
        calls[0] = 0
        t = time.perf_counter()
        noted(played)
        noting.append(time.perf_counter() - t)
        noting_solves.append(calls[0])
    ms = 1000
    print(f"{args.games} six-player records from seat 0")
    print(f"validate (yardstick): median {statistics.median(validate) * ms:.0f} ms, "
          f"p95 {p95(validate) * ms:.0f} ms")
    print(f"ranges before the reveal: median {statistics.median(before) * ms:.0f} ms, "
          f"p95 {p95(before) * ms:.0f} ms, max {max(before) * ms:.0f} ms "
          f"(p95 {p95(before) / statistics.median(validate):.1f}x a validate; target p95 "
          f"under 500 ms)")
    print(f"a step's score in hindsight, its ranges known (what every view asks at every "
          f"step): median {statistics.median(per_step) * 1e6:.0f} us of CPU, "
          f"{statistics.median(per_step) / statistics.median(per_move):.1f}x a validate's "
          f"time a move")
    if at_once:
        print(f"the replay widget of {len(at_once)} of them, shown: median "
              f"{statistics.median(at_once) * ms:.0f} ms (safe bounds, the exact ranges "
              f"following); waiting for the exact ranges: median "
              f"{statistics.median(waited) * ms:.0f} ms")
    print(f"scores after the reveal: median {statistics.median(after) * ms:.0f} ms, "
          f"p95 {p95(after) * ms:.0f} ms; records that asked CP-SAT: "
          f"{sum(1 for s in after_solves if s)} of {args.games} (target: none)")
    print(f"events in hindsight: median {statistics.median(noting) * ms:.0f} ms, "
          f"p95 {p95(noting) * ms:.0f} ms; CP-SAT questions: median "
          f"{statistics.median(noting_solves):.0f}, max {max(noting_solves)}")


if __name__ == "__main__":
    main()
