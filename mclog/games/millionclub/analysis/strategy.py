"""Strategy questions answered over a corpus (``mclog.analysis.corpus``), with 95%
confidence intervals, for notebook 08.

* ``points_per_pawn``: which disc's pawns gain the most points per pawn, by round and
  player count.  A player's gain on a disc in a round is the change of their
  provisional score that the disc's events made (``events`` table: money counts through
  its wealth points, and what an opponent's Intrigue card took counts against it),
  divided by the pawns they placed there that round (``placements``).
* ``start_player``: what the start player's seat is worth, by player count: its win
  rate against the fair share (1 / players), with a Wilson interval, and its score
  against the table's average, with a normal interval.

Both count only the games whose record settles what they ask: a seat's record that leaves
colonies open has a range for a total, a winner only where no naming of the cards could
change it, and points no one event can be credited with (``exact`` false in the
``players`` and ``events`` tables, ``docs/corpus.md``).  Its lowest totals, or a game
with no winner named, would pull the figures down: such games are left out.

Both read only the columns they need, so they run on a corpus of any size (with a Dask
client, on its cluster).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mclog.arguments import of_corpus
from mclog.lazy import LazyModule

from ..rules.board import DISC_NAMES, ROMAN

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)

Z = 1.96  # a two-sided 95% interval


@of_corpus
def points_per_pawn(corpus, settled_only: bool = True) -> pd.DataFrame:
    """One row per (players, round, disc): ``disc`` (its name), ``pawns`` (how many
    (player, disc, round) holdings the mean is over), ``mean`` points per pawn, ``low``
    and ``high`` (its 95% interval).

    A game with an event whose points its record leaves open (``exact`` false: which of
    a seat's unseen colonies a player held when) is left out, as which disc earned those
    points is not settled.  A seat's record often has one even after its reveal (Zoe's
    duel: Yann's starting colony is any of three); ``settled_only=False`` counts such
    games too, each event's points as one naming of the colonies that fits the whole
    record gives them (``Event.exact``)."""
    unsettled = _unsettled(corpus, "events") if settled_only else set()
    events = corpus.table("events", columns=["game_id", "round", "disc", "seat", "points"],
                          filters=[("disc", ">", 0)])
    events = events[~events["game_id"].isin(unsettled)]
    placed = corpus.table("placements", columns=["game_id", "players", "round", "seat",
                                                 "disc"])
    placed = placed[~placed["game_id"].isin(unsettled)]
    pawns = placed.groupby(["game_id", "players", "round", "disc", "seat"]).size() \
        .rename("pawns").reset_index()
    gains = events.groupby(["game_id", "round", "disc", "seat"])["points"].sum() \
        .rename("gain").reset_index()
    held = pawns.merge(gains, how="left", on=["game_id", "round", "disc", "seat"])
    held["gain"] = held["gain"].fillna(0)
    held["per_pawn"] = held["gain"] / held["pawns"]
    out = held.groupby(["players", "round", "disc"])["per_pawn"].agg(
        ["mean", "std", "count"]).reset_index()
    half = Z * out["std"].fillna(0) / out["count"].pow(0.5)
    out["low"], out["high"] = out["mean"] - half, out["mean"] + half
    out["disc"] = out["disc"].map(lambda d: f"{ROMAN[d]} {DISC_NAMES[d]}")
    return out.rename(columns={"count": "pawns"})[
        ["players", "round", "disc", "pawns", "mean", "low", "high"]]


@of_corpus
def start_player(corpus) -> pd.DataFrame:
    """One row per player count: ``games``, the start player's ``win_rate`` (``low``,
    ``high``: Wilson 95%), the ``fair`` share, and ``score_edge``: the start player's
    score minus the table's mean, with ``edge_low``/``edge_high``.  Only complete games
    whose every total the record settles count (``exact``): a range's lowest would bias
    the edge, and a game whose winner is open would count as lost."""
    placed = corpus.table("placements", columns=["game_id", "round", "order", "seat"],
                          filters=[("round", "==", 1), ("order", "==", 1)])
    starts = placed[["game_id", "seat"]].rename(columns={"seat": "start"})
    players = corpus.table("players", columns=["game_id", "players", "seat", "total", "win"])
    games = corpus.table("games", columns=["game_id", "complete"])
    players = players[~players["game_id"].isin(_unsettled(corpus, "players"))]
    players = players.merge(games[games.complete], on="game_id").merge(starts, on="game_id")
    players["edge"] = players["total"] - players.groupby("game_id")["total"].transform("mean")
    first = players[players.seat == players.start]
    rows = []
    for n, group in first.groupby("players"):
        count, wins = len(group), int(group["win"].sum())
        low, high = wilson(wins, count)
        sd = group["edge"].std() if count > 1 else 0.0
        half = Z * (sd or 0.0) / math.sqrt(count)
        rows.append({"players": n, "games": count, "win_rate": wins / count, "low": low,
                     "high": high, "fair": 1 / n, "score_edge": group["edge"].mean(),
                     "edge_low": group["edge"].mean() - half,
                     "edge_high": group["edge"].mean() + half})
    return pd.DataFrame(rows)


def _unsettled(corpus, table: str) -> set[str]:
    """The games with a row of ``table`` that their record leaves open (``exact`` false:
    a seat's record that does not settle every colony, before its reveal or, for an
    event, even after it)."""
    return set(corpus.table(table, columns=["game_id"],
                            filters=[("exact", "==", False)])["game_id"])


def wilson(wins: int, count: int) -> tuple[float, float]:
    """The Wilson score interval of a share (95%): sound near 0 and 1 and for few games.

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if count == 0:
        return 0.0, 1.0
    p = wins / count
    centre = (p + Z * Z / (2 * count)) / (1 + Z * Z / count)
    half = Z * math.sqrt(p * (1 - p) / count + Z * Z / (4 * count * count)) / (1 + Z * Z / count)
    return centre - half, centre + half


__all__ = ["points_per_pawn", "start_player", "wilson"]
