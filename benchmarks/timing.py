"""What the reading benchmarks share: each record text read, validated and replayed
(``mclog.parse_one`` then ``mclog.replay``), best of ``repeat`` per text (a shared VM's
speed swings), the garbage collector paused while timed."""

from __future__ import annotations

import gc
import statistics
import time

import mclog


def best_times(texts: list[str], repeat: int) -> tuple[list[float], list[int]]:
    """(each text's best time in seconds, each one's moves)."""
    best = [float("inf")] * len(texts)
    moves = [0] * len(texts)
    for _ in range(repeat):
        for i, text in enumerate(texts):
            gc.disable()
            start = time.perf_counter()
            played = mclog.replay(mclog.parse_one(text))
            elapsed = time.perf_counter() - start
            gc.enable()
            best[i] = min(best[i], elapsed)
            moves[i] = len(played)
    return best, moves


def rate(texts: list[str], repeat: int) -> tuple[float, float]:
    """(median moves per second over the texts, mean moves per text)."""
    best, moves = best_times(texts, repeat)
    return (statistics.median(m / t for m, t in zip(moves, best)), statistics.mean(moves))


def p95(values: list[float]) -> float:
    """The 95th percentile of ``values`` (the nearest rank)."""
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]
