"""Issue 3's numbers: reading + validating + replaying records, side by side with
python-chess on PGN; jumping to any step; memory of a replayed 6-player game.

    python benchmarks/record_speed.py [--games 200]

mclog: random 4-player games (chance moves included) are written as canonical
.mclog text; the timed work is ``read`` (framing, notation) + ``replay``
(every move through the rules engine with full validation, round lines,
labels, and the snapshots the replay keeps).  Moves counted: every recorded
move, chance draws included.

python-chess: random legal games of similar length are written as PGN by
python-chess itself; the timed work is ``chess.pgn.read_game`` (which parses
each SAN move against the board, i.e. validates it) plus pushing the mainline
moves on a board.  Moves counted: plies.

Both run in this one process on the same machine, interleaved in sweeps, best
of ``--repeat`` per game (the machine is a shared VM), median over games.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import chess  # noqa: E402  (benchmark-only dependency: pip install -e '.[bench]')
import chess.pgn  # noqa: E402
from engine_speed import NAMES, random_moves  # noqa: E402

from mclog import parse_one, replay, write  # noqa: E402
from mclog.games.millionclub.rules import new_game  # noqa: E402
from mclog.games.millionclub.notation.record import record_from_moves  # noqa: E402


def mclog_texts(n: int, players: int) -> list[str]:
    texts = []
    for seed in range(n):
        moves = random_moves(seed, players)
        table = new_game(NAMES[:players]).table
        texts.append(write(record_from_moves(table, moves, {"Event": f"bench {seed}"})))
    return texts


def pgn_texts(n: int, plies: int) -> list[str]:
    rng = random.Random(1)
    texts = []
    for i in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"bench {i}"
        node = game
        while not board.is_game_over() and board.ply() < plies:
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result(claim_draw=False)
        texts.append(str(game))
    return texts


def time_mclog(text: str) -> tuple[float, int]:
    gc.disable()
    t0 = time.perf_counter()
    game = replay(parse_one(text))
    t = time.perf_counter() - t0
    gc.enable()
    return t, len(game)


def time_pgn(text: str) -> tuple[float, int]:
    gc.disable()
    t0 = time.perf_counter()
    game = chess.pgn.read_game(io.StringIO(text))
    board = game.board()
    n = 0
    for move in game.mainline_moves():
        board.push(move)
        n += 1
    t = time.perf_counter() - t0
    gc.enable()
    return t, n


def sweep(pairs, repeat):
    """Time mclog game i and chess game i one after the other, ``repeat`` sweeps; keep each
    game's best.  Interleaving puts both sides under the same machine weather."""
    n = len(pairs)
    best = {k: [float("inf")] * n for k in ("mclog", "chess")}
    counts = {k: [0] * n for k in ("mclog", "chess")}
    for _ in range(repeat):
        for i, (mc, pg) in enumerate(pairs):
            for key, fn, text in (("mclog", time_mclog, mc), ("chess", time_pgn, pg)):
                t, counts[key][i] = fn(text)
                best[key][i] = min(best[key][i], t)
    return best, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    mc = mclog_texts(args.games, 4)
    mean_moves = statistics.mean(len(parse_one(t).moves) for t in mc[:20])
    pg = pgn_texts(args.games, plies=int(mean_moves))
    best, counts = sweep(list(zip(mc, pg)), args.repeat)
    mc_t, mc_n, pg_t, pg_n = best["mclog"], counts["mclog"], best["chess"], counts["chess"]
    mc_rate = sum(mc_n) / sum(mc_t)
    pg_rate = sum(pg_n) / sum(pg_t)
    print(f"mclog        : {mc_rate:10,.0f} moves/s  ({statistics.mean(mc_n):.0f} moves/game, "
          f"median {statistics.median(mc_t) * 1e3:.2f} ms/game; read + validate + replay)")
    print(f"python-chess : {pg_rate:10,.0f} moves/s  ({statistics.mean(pg_n):.0f} plies/game, "
          f"median {statistics.median(pg_t) * 1e3:.2f} ms/game; read_game + mainline push)")
    print(f"ratio        : {mc_rate / pg_rate:.2f}x  (chess {chess.__version__})")

    # jumping: a 6-player game, every step, state(i) from the snapshots
    text6 = mclog_texts(1, 6)[0]
    game = replay(parse_one(text6))
    jumps = []
    rng = random.Random(2)
    for _ in range(2000):
        i = rng.randint(0, len(game))
        t0 = time.perf_counter()
        game.state(i)
        jumps.append(time.perf_counter() - t0)
    print(f"jump to any step (6 players, {len(game)} moves): median "
          f"{statistics.median(jumps) * 1e3:.3f} ms, max {max(jumps) * 1e3:.3f} ms")

    # memory: the whole replay object (record, moves, steps, snapshots) of a 6-player game
    tracemalloc.start()
    base = tracemalloc.take_snapshot()
    record = parse_one(text6)
    kept = replay(record)
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(base, "filename"))
    every = list(kept.replay.states())
    after_all = tracemalloc.take_snapshot()
    size_all = sum(s.size_diff for s in after_all.compare_to(after, "filename"))
    tracemalloc.stop()
    print(f"memory, replayed 6-player game: {size / 1e6:.2f} MB (record + steps + snapshots, "
          f"any state on demand); every one of its {len(every)} states materialised as well: "
          f"+{size_all / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
