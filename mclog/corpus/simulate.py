"""Simulated games by the thousand: shards played as tasks, in this process or on Dask.

``simulate(out, ...)`` (and ``mclog simulate``) cuts the seeds into tasks, each a
``SimulationTask`` that plays its games and writes them (one shard file, or a file per
game) or returns their text.  Game ``i`` has seed ``seed + i`` however the work is
split, so the same call gives the same bytes on one process or on a cluster.  Results
come back in the tasks' order with only a few tasks per worker in flight, so printing a
million games to standard output holds a few shards in memory, not the million.

This module knows no game: games are found by the registry.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice

from mclog import games
from mclog.arguments import processes, whole
from mclog.record.files import write_new
from mclog.simulate import stopped


@dataclass(frozen=True)
class SimulationTask:
    """Games to play, by seed: written to ``out`` (one shard file, or a file per game), or
    returned as text.  Plain data, so that a Dask worker or this process runs it alike."""

    game: str
    players: int
    seeds: tuple[int, ...]
    bots: str
    options: dict = field(default_factory=dict)
    out: str | None = None
    shard: bool = False

    @property
    def shard_path(self) -> str:
        """The shard file the task writes (with ``shard``)."""
        if self.out is None:
            raise ValueError("a task that returns its games as text writes no shard")
        return os.path.join(self.out, f"{self._prefix}-{self.seeds[0]:06d}-"
                                      f"{self.seeds[-1]:06d}.mclog")

    @property
    def _prefix(self) -> str:
        return f"{games.game(self.game).file_prefix}-{self.players}p"

    def run(self) -> Simulated:
        """Play the games, each written as it is played (a shard of a million games is
        never held whole), and say which the bots did not end."""
        game = games.game(self.game)
        unfinished: list[int] = []

        def played() -> Iterator[tuple[int, str]]:
            for seed in self.seeds:
                text = game.simulated_text(self.players, seed, self.bots, self.options)
                if stopped(text):
                    unfinished.append(seed)
                yield seed, text

        if self.out is None:
            text = "\n".join(text for _, text in played())
            return Simulated(text, tuple(unfinished))
        if self.shard:
            write_new(self.shard_path, joined(text for _, text in played()))
        else:
            for seed, text in played():
                write_new(os.path.join(self.out, f"{self._prefix}-{seed:06d}.mclog"), text)
        return Simulated(None, tuple(unfinished))


def joined(texts: Iterable[str]) -> Iterator[str]:
    """The pieces of ``"\n".join(texts)``, as each text comes: games written one after
    another, a blank line between two (each ends with its newline)."""
    for index, text in enumerate(texts):
        yield text if index == 0 else "\n" + text


@dataclass(frozen=True)
class Simulated:
    """What a ``SimulationTask`` played: its games' text (``None`` once written to files),
    and the seeds of the games its bots did not end (each stopped at the game's limit, its
    record in progress: ``mclog.simulate.stopped_note``), for ``mclog simulate`` to say."""

    text: str | None
    unfinished: tuple[int, ...] = ()


def tasks_for(game: str, players: int, seeds: Sequence[int], bots: str, options: dict,
              out: str | None, shard_size: int | None) -> Iterator[SimulationTask]:
    """The tasks that play ``seeds``: shards of ``shard_size`` games to files in ``out``,
    or (no shard size) groups of 100 games, written a file each to ``out`` or returned
    as text.  Each is made as it is reached (``seeds`` may be a ``range`` of a billion:
    ten million tasks, never all held at once)."""
    shard = out is not None and shard_size is not None
    size = shard_size if out is not None and shard_size is not None else 100
    for i in range(0, len(seeds), size):
        yield SimulationTask(game, players, tuple(seeds[i:i + size]), bots, options, out, shard)


def _run(task: SimulationTask) -> Simulated:
    return task.run()


def in_order(tasks: Iterable[SimulationTask], *, jobs: int = 1, scheduler: str | None = None,
             client=None) -> Iterator[tuple[SimulationTask, Simulated]]:
    """``(task, result)`` in the tasks' order: in this process for one job, else as Dask
    tasks (on ``client``, the scheduler at ``scheduler``, or a local cluster of ``jobs``
    processes) with four tasks per worker in flight.  ``tasks`` are taken from as they
    are needed, a few ahead of the one waited for."""
    if client is None and jobs <= 1 and not scheduler:
        for task in tasks:
            yield task, task.run()
        return
    if client is None:
        from .build import dask_client

        with dask_client(scheduler, jobs) as own:
            yield from in_order(tasks, client=own)
        return
    window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    coming = iter(tasks)

    def submitted(task: SimulationTask) -> tuple:
        return task, client.submit(_run, task, pure=False, retries=1)

    # (while one is waited for, it and the window's others after it are in flight)
    pending = deque(map(submitted, islice(coming, window)))
    while pending:
        task, future = pending.popleft()
        result = future.result()
        future.release()
        pending.extend(map(submitted, islice(coming, 1)))
        yield task, result


def simulate(out: str | os.PathLike, *, players: int, games_count: int, seed: int,
             bots: str = "random", game: str = "Million Club", shard_size: int = 500,
             options: dict | None = None, client=None, jobs: int = 1) -> list[str]:
    """Play ``games_count`` games (seeds ``seed`` on) and write them to shards of
    ``shard_size`` in ``out``; returns the shard files' paths."""
    played = games.game(game)
    played.check_players(players)   # (each checked before a folder is made or a game played)
    whole(games_count, "games_count", 1)
    whole(seed, "seed")
    whole(shard_size, "shard_size", 1)
    processes(jobs, "jobs")
    played.check_bots(bots, players)
    options = played.checked_options(options or {})
    out = os.fspath(out)
    os.makedirs(out, exist_ok=True)
    tasks = tasks_for(played.name, players, range(seed, seed + games_count), bots, options,
                      out, shard_size)
    return [task.shard_path for task, _ in in_order(tasks, jobs=jobs, client=client)]


__all__ = ["Simulated", "SimulationTask", "in_order", "joined", "simulate", "tasks_for"]
