"""The same tables across many games, read in parallel.

``corpus(paths)`` answers questions over many records: win rate by seat, by
role (alternative setup) or by bot, score distributions, which discs pay.
Each file is read and replayed in a worker process; a record with a mistake is
left out and its error kept in ``errors`` (never a silent half-result).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING

from mclog.errors import MclogError
from mclog.lazy import LazyModule

from ..rules.board import ROLE_OF_COLOUR, STANDARD
from ..rules.scoring import CATEGORIES

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)


@dataclass
class Corpus:
    """``players``: one row per (game, player); ``discs``: the points each player's
    score owes to each disc or phase (from ``attribution``); ``errors``: the records
    that could not be replayed, as ``file:line:col: message``; ``same``: the files left
    out as the same bytes as a file read (``_once``), each said."""

    players: pd.DataFrame
    discs: pd.DataFrame
    errors: list[str] = field(default_factory=list)
    same: list[str] = field(default_factory=list)

    def win_rate(self, by: str) -> pd.Series:
        """Share of games won (rank 1), grouped by a column: ``seat``, ``role``, ``bot``.
        ``attrs["games"]``: how many players' games each share is of; ``attrs["fair"]``:
        the share each group would win if every player were as good (1 / players, on
        average over its games)."""
        groups = self.players.groupby(by)
        rates = groups["win"].mean().sort_index()
        rates.attrs["games"] = groups.size().reindex(rates.index).to_dict()
        share = 1 / self.players["players"]  # a player's fair share of one game
        rates.attrs["fair"] = share.groupby(self.players[by]).mean().reindex(
            rates.index).to_dict()
        return rates


def _one_file(path: str) -> tuple[list[dict], list[dict], list[str]]:
    from mclog.record.reading import read_lenient
    from ..replayer import replay
    from .tables import points_by_disc

    players, discs, errors = [], [], []
    records, problems = read_lenient(path)
    errors += [str(e) for e in problems]
    for record in records:
        if record.game != "Million Club":   # (a folder may hold records of other games)
            errors.append(f"{path}: game {record.number}: a {record.game} record, left out "
                          "(this corpus is of Million Club games)")
            continue
        try:
            game = replay(record, events=True)
        except MclogError as exc:
            errors.append(str(exc))
            continue
        if not game.complete:
            errors.append(f"{path}: game {record.number}: incomplete, left out")
            continue
        table = record.table
        bots = [b.strip() for b in record.tags.get("Bots", "").split(",") if b.strip()]
        key = f"{Path(path).name}#{record.number}"
        for r in game.scores():
            players.append({
                "game": key, "file": path, "players": table.players, "setup": table.setup,
                "seat": r.seat + 1, "name": r.name, "colour": table.colours[r.seat],
                "role": ROLE_OF_COLOUR[table.colours[r.seat]] if table.setup != STANDARD
                else None,
                "bot": bots[r.seat] if len(bots) == table.players else None,
                **{c: getattr(r, c) for c in CATEGORIES}, "total": r.total, "money": r.money,
                "rank": r.rank, "win": r.rank == 1})
        for (player, disc), points in points_by_disc(game).items():
            discs.append({"game": key, "player": player, "disc": disc, "points": points})
    return players, discs, errors


def corpus(paths, jobs: int | None = None) -> Corpus:
    """Read and replay every record file in ``paths`` (files or folders of .mclog)."""
    files: list[str] = []
    if not isinstance(paths, (str, os.PathLike, list, tuple)):
        raise TypeError(f"corpus reads a file or folder's path, or a list of them, not "
                        f"{type(paths).__name__}")
    for p in map(Path, [paths] if isinstance(paths, (str, os.PathLike)) else paths):
        files += sorted(map(str, p.glob("*.mclog"))) if p.is_dir() else [str(p)]
    files, same = _once(files)
    jobs = jobs or min(os.cpu_count() or 1, 8)
    if jobs > 1 and len(files) > 1:
        # The platform's own way of starting workers: on Linux a fork, which starts in
        # milliseconds with pandas and mclog already imported (a spawn re-imports them).
        with ProcessPoolExecutor(jobs, mp_context=get_context()) as pool:
            results = list(pool.map(_one_file, files, chunksize=max(1, len(files) // (4 * jobs))))
    else:
        results = [_one_file(f) for f in files]
    players = [row for r in results for row in r[0]]
    discs = [row for r in results for row in r[1]]
    errors = [e for r in results for e in r[2]]
    return Corpus(pd.DataFrame(players), pd.DataFrame(discs), errors, same)


def _once(files: list[str]) -> tuple[list[str], list[str]]:
    """``files`` with each file's bytes once, and what is said of each file left out: the
    same file named twice (a folder and a file in it), or a copy of one, holds the same
    games, which would count twice in every rate (as ``mclog corpus build`` does)."""
    from mclog.corpus.sources import file_digest, first_of_each

    digests = {}
    for path in files:
        try:
            digests[path] = file_digest(path)[0]
        except OSError:   # (read by ``_one_file``, which says why it cannot be)
            digests[path] = path   # (bytes of its own)
    kept, copies = first_of_each(files, digests)
    return kept, [f"{path}: holds the same bytes as {first}: its games are counted once, as "
                  "that file's" for path, first in copies]
