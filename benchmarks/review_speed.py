"""Issue 28: how fast a review by rollouts is, and how far its verdicts hold.

    python benchmarks/review_speed.py [--rollouts 200] [--games 40]
    python benchmarks/review_speed.py --only calibration --games 1000 [--game "Million Club"]

1. One decision of a 4-player Million Club game with 6 options or more (the first such
   decision past round 3 of a simulated game), 200 rollouts an option by the random and
   by the greedy bots, common random numbers, on one process and on two: its time
   (target: under 5 s on 2 cores), beside one game simulated by the same bots (the
   yardstick, timed in the same run).
2. A whole-game review of one seat of a 2-player Cartel sample (profit bots, 50 rollouts
   an option): its time (target: under 2 minutes); the same of one seat of a 5-player
   Million Club game from that seat's record (``--only seat``: Ben's view of a sample,
   his unseen cards drawn for each rollout, greedy bots, 20 rollouts an option); and the
   Cartel review (30 rollouts) on a local Dask cluster of one worker and of two: the
   speed-up (near-linear: close to 2x); and (``--only untracked``) Millionenspiel's duel
   sample, which names no board, reviewed whole as ``mclog review`` does it; and
   (``--only joakim``) the rollouts of a Joakim review: from every 13th step of the
   4-player sample, by the trader bots, beside a Million Club game simulated (the
   yardstick).
3. Calibration: over ``--games`` simulated games of ``--game`` (2-player Cartel by
   default; Million Club 4 players, Millionenspiel 3, Joakim 3) between the game's review
   bots (the ones its rollouts play), the win chance the rollouts give at each of 8
   player decisions a game (40 rollouts, ``--calibration-rollouts``) against who won, in deciles (target: within 5
   points where a decile holds 50 positions or more).  (Games between the profit and the random bot are lopsided: nearly
   every position is under 10% or over 90%, and the few between are too few to judge;
   rolled out by the profit bots for the random player too, such a game is off by up to
   12 points, which measures how unlike the bots the player is, not the rollouts.)
4. Precision: over an eighth as many such games, every decision of both players
   reviewed; of each game's ten costliest decisions, the share that are the weak (random)
   bot's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import mclog
from mclog.games import game
from mclog.review import chances, position, review


def _calibrated(name: str, size: int, seeds: list[int], rollouts: int) -> tuple[dict, dict]:
    """The observed wins and the predicted chances of ``seeds``' games, by decile."""
    played_game = game(name)
    bins: dict[int, list[float]] = {}
    predicted: dict[int, list[float]] = {}
    for seed in seeds:
        players = played_game.review_bots   # (the review's own bots at every seat)
        text = played_game.simulated_text(size, 1000 + seed, players, {})
        played = mclog.replay(mclog.parse_one(text))
        first = [r.rank == 1 for r in played.scores()]
        won = [1 / sum(first) if f else 0.0 for f in first]
        rng = random.Random(seed)
        decisions = [i for i, s in enumerate(played.steps) if s.actor is not None]
        for index in rng.sample(decisions, min(8, len(decisions))):
            shares = chances(played, index, rollouts=rollouts, seed=seed, bots=players)
            for seat, p in enumerate(shares):
                decile = min(9, int(p * 10))
                bins.setdefault(decile, []).append(won[seat])
                predicted.setdefault(decile, []).append(p)
    return bins, predicted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default="Cartel",
                        help="the game of the calibration (Cartel, Million Club, ...)")
    parser.add_argument("--calibration-rollouts", type=int, default=40,
                        help="rollouts a position in the calibration (the review's own "
                             "default is 100)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for the calibration (its games split among them)")
    parser.add_argument("--only", choices=["calibration", "precision", "dask", "seat",
                                           "untracked", "joakim"],
                        help="run this part alone (the calibration over 1,000 games: "
                             "--only calibration --games 1000)")
    args = parser.parse_args()
    if args.only:
        {"calibration": lambda: calibration(game(args.game), args.games, args.jobs,
                                            args.calibration_rollouts),
         "precision": lambda: precision(game("Cartel"), args.games),
         "dask": dask_speedup, "seat": seat_review, "untracked": untracked_review,
         "joakim": joakim_rollouts}[args.only]()
        return
    mc = game("Million Club")
    text = mc.simulated_text(4, 7, "greedy", {})
    played = mclog.replay(mclog.parse_one(text))
    index = next(i for i, s in enumerate(played.steps) if s.actor is not None
                 and played.state(i).round >= 3 and len(mc.engine.legal(played.state(i))) >= 6)
    for bots, jobs in (("random", 1), ("random", 2), ("greedy", 1), ("greedy", 2)):
        played = mclog.replay(mclog.parse_one(text))   # (a replay keeps what it weighed)
        start = time.perf_counter()
        found = position(played, index, rollouts=args.rollouts, seed=1, bots=bots,
                         jobs=jobs)
        took = time.perf_counter() - start
        start = time.perf_counter()
        for seed in range(20):
            mc.simulated_text(4, seed, bots, {})
        one_game = (time.perf_counter() - start) / 20
        print(f"Million Club, one decision by {bots} bots on {jobs} process(es) "
              f"({len(found.options)} options, "
              f"up to {args.rollouts} rollouts each, "
              f"{sum(o.estimate.n for o in found.options)} played): {took:.2f} s (target: "
              f"under 5 s); one {bots} game simulated and written: {one_game * 1e3:.1f} ms, "
              f"so {took / one_game:.0f} games' time")
    cartel = game("Cartel")
    duel = mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
    start = time.perf_counter()
    whole = review(duel, 0, rollouts=50, seed=1, jobs=2)
    print(f"Cartel, Ann's whole game ({len(whole.positions)} decisions, 50 rollouts an "
          f"option, 2 processes): {time.perf_counter() - start:.1f} s (target: under 120 s)")
    seat_review()
    untracked_review()
    dask_speedup()
    calibration(cartel, args.games)
    precision(cartel, max(4, args.games // 8))


def seat_review() -> None:
    """Ben's decisions in a 5-player Million Club sample, reviewed from his seat's view of
    it (``as_seen``: the cards he did not see drawn for each rollout), on 2 processes."""
    from mclog.review import as_seen

    full = mclog.replay(mclog.read_one(
        "sample_games/millionclub/five-players-every-intrigue-card.mclog"))
    ben = as_seen(full, 1)
    start = time.perf_counter()
    whole = review(ben, 1, rollouts=20, seed=1, jobs=2)
    print(f"Million Club, Ben's whole game from his seat's record ({len(whole.positions)} "
          f"decisions, 20 rollouts an option by the greedy bots, his unseen cards drawn, 2 "
          f"processes): {time.perf_counter() - start:.1f} s (target: under 120 s)")


def untracked_review() -> None:
    """Every decision of Millionenspiel's duel sample, which names no board (``[Track]``):
    each rollout plays on a board of its own, drawn to fit the landings up to its step
    (M20), and the chance bots work out the odds of every board they meet.  The review as
    ``mclog review`` makes it (100 rollouts an option, the chance bots, 2 processes)."""
    duel = mclog.replay(mclog.read_one("sample_games/millionenspiel/duel-2p.mclog"))
    start = time.perf_counter()
    whole = review(duel, None, rollouts=100, seed=1, jobs=2)
    print(f"Millionenspiel, the duel sample (no [Track]) reviewed whole ({len(whole.positions)}"
          f" decisions, 100 rollouts an option, 2 processes): "
          f"{time.perf_counter() - start:.1f} s")


def joakim_rollouts() -> None:
    """What a Joakim review spends its time on: rollouts (a whole review of the 4-player
    sample plays about 148,000).  20 rollouts from each 13th step of it, on one process,
    beside a yardstick that Joakim's code does not touch (one 4-player Million Club game
    simulated by random bots), best of 3 rounds."""
    mc = game("Million Club")
    played = mclog.replay(mclog.read_one("sample_games/joakim/once-4p.mclog"))
    steps = range(0, len(played), 13)
    rollouts = 20 * len(steps)
    best_rollouts, best_game = float("inf"), float("inf")
    for rounds in range(3):
        start = time.perf_counter()
        for index in steps:
            chances(mclog.replay(played.record), index, rollouts=20, seed=rounds)
        best_rollouts = min(best_rollouts, time.perf_counter() - start)
        start = time.perf_counter()
        for seed in range(40):
            mc.simulated_text(4, seed, "random", {})
        best_game = min(best_game, (time.perf_counter() - start) / 40)
    each = best_rollouts / rollouts
    print(f"Joakim, once-4p: {rollouts} rollouts (20 from each of {len(steps)} steps) in "
          f"{best_rollouts:.1f} s: {each * 1000:.1f} ms a rollout; one 4-player Million "
          f"Club game simulated by random bots: {best_game * 1000:.1f} ms (yardstick); a "
          f"rollout costs {each / best_game:.2f}x it")


def dask_speedup() -> None:
    """The same whole-game review (Cartel, Ann's, 30 rollouts an option) on a local Dask
    cluster of one worker process and of two: the speed-up (near-linear: close to 2)."""
    from mclog.corpus.build import dask_client

    times = {}
    for workers in (1, 2):
        with dask_client(jobs=workers) as client:
            duel = mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
            chances(duel, 0, rollouts=2, seed=9, client=client)   # (the workers warmed)
            start = time.perf_counter()
            review(duel, 0, rollouts=30, seed=1, client=client)
            times[workers] = time.perf_counter() - start
    print(f"Cartel, Ann's whole game on a Dask cluster: {times[1]:.1f} s on one worker, "
          f"{times[2]:.1f} s on two: {times[1] / times[2]:.2f}x")


def precision(cartel, games: int) -> None:
    """How far the review's blunder lists point at the weak player: in 2-player Cartel
    games between the profit bot and the random one, every decision of both reviewed (20
    rollouts an option, profit bots rolling out); of each game's ten costliest, the share
    that are the random bot's (target: most)."""
    shares = []
    for seed in range(games):
        strong_first = seed % 2 == 0
        bots = "profit,random" if strong_first else "random,profit"
        played = mclog.replay(mclog.parse_one(cartel.simulated_text(2, 2000 + seed, bots, {})))
        weak = 1 if strong_first else 0
        found = review(played, None, rollouts=20, seed=seed, curve_rollouts=1, jobs=2)
        top = found.blunders(10)
        if top:
            shares.append(sum(p.seat == weak for p in top) / len(top))
    print(f"precision at the top 10 over {len(shares)} games (profit against random): "
          f"{statistics.mean(shares):.0%} of the costliest decisions are the random bot's "
          f"(lowest game {min(shares):.0%})")


#: The table size each game's calibration plays.
TABLE = {"Cartel": 2, "Million Club": 4, "Millionenspiel": 3}


def calibration(played_game, games: int, jobs: int = 1, rollouts: int = 40) -> None:
    """Predicted win chances against who won, by decile.  A first place shared (points
    and money alike, in 6% of Million Club's games between greedy bots) counts for each
    of its k players as 1/k of a win, as a rollout counts it (``review._winners``): counted
    as a whole win each, the 50-60% decile read 10 points off, the tied players' shares
    of a half each being set against a whole win each."""
    size = TABLE.get(played_game.name, 3)
    start = time.perf_counter()
    seeds = list(range(games))
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.starmap(_calibrated, [(played_game.name, size, seeds[k::jobs],
                                                rollouts) for k in range(jobs)])
    else:
        parts = [_calibrated(played_game.name, size, seeds, rollouts)]
    bins: dict[int, list[float]] = {}
    predicted: dict[int, list[float]] = {}
    for part_bins, part_predicted in parts:
        for decile in part_bins:
            bins.setdefault(decile, []).extend(part_bins[decile])
            predicted.setdefault(decile, []).extend(part_predicted[decile])
    print(f"calibration of {played_game.name}, {games} games of {size} players, {rollouts} "
          "rollouts a position "
          f"({time.perf_counter() - start:.0f} s; predicted win chance against observed, "
          "by decile):")
    worst = 0.0
    for decile in sorted(bins):
        n = len(bins[decile])
        p, o = statistics.mean(predicted[decile]), statistics.mean(bins[decile])
        flag = "" if n < 50 else f"  off by {abs(p - o) * 100:.1f} points"
        if n >= 50:
            worst = max(worst, abs(p - o))
        print(f"  {decile * 10:>3}-{decile * 10 + 10:<3}%  {n:>4} positions  predicted "
              f"{p:5.1%}  observed {o:5.1%}{flag}")
    print(f"worst decile with 50 positions or more: {worst * 100:.2f} points (target: 5)")


if __name__ == "__main__":
    main()
