"""Issue 2's numbers: a complete random game through the engine, and legal_moves.

    python benchmarks/engine_speed.py [--games 200]

For each player count, games are played by seeded random choice among
``legal_moves``; their move lists (chance moves included) are then applied to
a fresh game with full validation and timed, one core, median over games.
``play`` changes a state in place (what the replayer and simulator use);
``apply`` returns a new state each move (copying), reported for comparison.
``legal_moves`` is timed at every decision point of the 4-player games.

Method (that of ``timeit``): the garbage collector is paused while a game is
timed, each game is timed ``--repeat`` times, in sweeps over all the games, and
its best time kept (the machine is a shared VM; the best run is the one
least disturbed), and the
figure reported is the median over games.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from mclog.games.millionclub.rules import apply, legal_moves, new_game, play

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn")


def random_moves(seed: int, players: int) -> list:
    rng = random.Random(seed)
    s = new_game(NAMES[:players])
    moves = []
    while s.decision is not None:
        move = rng.choice(legal_moves(s))
        moves.append(move)
        play(s, move)
    return moves


def time_games(players: int, games: list[list], copying: bool, repeat: int) -> list[float]:
    """Best of ``repeat`` times per game; the repeats sweep all games in turn, so that a
    slow spell of the machine touches one repeat of a game, not all of them."""
    best = [float("inf")] * len(games)
    for _ in range(repeat):
        for i, moves in enumerate(games):
            best[i] = min(best[i], time_game(players, moves, copying))
    return best


def time_game(players: int, moves: list, copying: bool) -> float:
    return _time_once(players, moves, copying)


def _time_once(players: int, moves: list, copying: bool) -> float:
    gc.disable()
    t0 = time.perf_counter()
    s = new_game(NAMES[:players])
    if copying:
        for move in moves:
            s = apply(s, move)
    else:
        for move in moves:
            play(s, move)
    elapsed = time.perf_counter() - t0
    gc.enable()
    assert s.finished
    return elapsed


def time_legal_moves(games: list[list], players: int) -> list[float]:
    samples = []
    for moves in games:
        s = new_game(NAMES[:players])
        for move in moves:
            t0 = time.perf_counter()
            legal_moves(s)
            samples.append(time.perf_counter() - t0)
            play(s, move)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'players':>7} {'moves/game':>10} {'play median':>12} {'apply median':>13}"
          f" {'us/move':>8}")
    for players in (2, 4, 6):
        games = [random_moves(seed, players) for seed in range(args.games)]
        for moves in games[:5]:  # warm up
            time_game(players, moves, False)
        inplace = time_games(players, games, False, args.repeat)
        copying = time_games(players, games, True, args.repeat)
        n_moves = statistics.mean(len(m) for m in games)
        med = statistics.median(inplace)
        print(f"{players:>7} {n_moves:>10.0f} {med * 1e3:>9.2f} ms {statistics.median(copying) * 1e3:>10.2f} ms"
              f" {med / n_moves * 1e6:>8.2f}")
        if players == 4:
            lm = time_legal_moves(games[:50], players)
    print(f"legal_moves, 4 players, every decision point: median {statistics.median(lm) * 1e6:.1f} us,"
          f" p99 {sorted(lm)[int(len(lm) * 0.99)] * 1e6:.1f} us, max {max(lm) * 1e6:.1f} us"
          f" ({len(lm)} points)")
    yardstick(args.games, args.repeat)


def _random_game(seed: int) -> float:
    """A random 4-player game played by choosing among ``legal_moves`` (the simulator's
    work, without its bots' thinking), timed."""
    gc.disable()
    t0 = time.perf_counter()
    random_moves(seed, 4)
    elapsed = time.perf_counter() - t0
    gc.enable()
    return elapsed


def yardstick(games: int, repeat: int) -> None:
    """The engine beside python-chess in the same run (issue 29): a random 4-player game
    (chosen among ``legal_moves`` and played) and its replay (``play`` alone), each as a
    multiple of python-chess reading and playing one 88-ply PGN game; interleaved game by
    game, best of ``repeat``, medians.  Skipped without python-chess (``.[bench]``)."""
    try:
        from record_speed import pgn_texts, time_pgn
    except ImportError:
        print("(python-chess is not installed: pip install -e '.[bench]' for the yardstick)")
        return
    pgns = pgn_texts(games, 88)
    moves = [random_moves(seed, 4) for seed in range(games)]
    best = {k: [float("inf")] * games for k in ("random", "replay", "chess")}
    for _ in range(repeat):
        for i in range(games):
            best["random"][i] = min(best["random"][i], _random_game(i))
            best["replay"][i] = min(best["replay"][i], time_game(4, moves[i], False))
            best["chess"][i] = min(best["chess"][i], time_pgn(pgns[i])[0])
    chess_median = statistics.median(best["chess"])
    print(f"yardstick: python-chess reads and plays an 88-ply PGN game in "
          f"{chess_median * 1e3:.2f} ms (median)")
    # (a line each, so that benchmarks/against.py can read either: --figure "random game")
    print(f"random game: {statistics.median(best['random']) / chess_median:.2f}x that "
          f"(a random 4-player game, chosen among legal_moves and played)")
    print(f"replay: {statistics.median(best['replay']) / chess_median:.2f}x that "
          f"(the same game's moves played again)")


if __name__ == "__main__":
    main()
