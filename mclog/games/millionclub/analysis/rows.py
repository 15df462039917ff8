"""A game's rows for a corpus (``mclog corpus build``): columns of plain values, one table
at a time, with their types (``SCHEMA``), so that any Parquet tool reads the dataset.

One game gives:

* ``games``: one row: its table, tags and result;
* ``players``: a row per player: final (or provisional) score by category, rank, win;
* ``events``: a row per (event, player it changed): what changed each player's money
  and score, by which disc, round and actor (``events.py``), including what the rules did
  on their own;
* ``placements``: a row per pawn placed: round, seat, disc, sector, order;
* ``timeline``: a row per (round end, player): money and provisional score after round
  0 (the setup) to 9;

A seat's record is scored as every view scores it (``GameReplay.scores_of``): exact in
hindsight where the whole record settles the unknown colonies, else a range, ``total``
(its lowest) to ``total_high`` with ``exact`` false (a ranged category, dominance or
globalisation, shows its lowest, and ``dominance_high``/``globalisation_high`` its
highest: it may range where the total does not), and the places it allows,
``rank_best`` to ``rank_worst`` (``rank`` goes by the lowest totals); an event whose
points depend on colonies the record leaves open has ``exact`` false (``Event.exact``),
and a winner is named only when no naming of them could change it.
* ``prices``: a row per round end: the three price markers.

Every table has ``game_id`` and ``players`` (the table's size, to group by without a
join).  The rows come from what the game's one replay noted as it played (``replay(record,
events=True)``: the events, and the price markers and money at each round's end) and
from its moves; the final state is the replay's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mclog.simulate import seat_bots

from ..events import noted
from ..rules.board import ROLE_OF_COLOUR, STANDARD
from ..rules.moves import Place
from ..rules.scoring import CATEGORIES, sure_winners
from .tables import HIGHS, highs

if TYPE_CHECKING:
    from ..replayed import GameReplay

SCHEMA: dict[str, list[tuple[str, str]]] = {
    "games": [("game_id", "string"), ("source", "string"), ("number", "int32"),
              ("players", "int8"), ("setup", "string"), ("privileges", "string"),
              ("event", "string"), ("bots", "string"), ("seed", "string"),
              ("complete", "bool"), ("rounds", "int8"), ("moves", "int32"),
              ("winner", "string")],
    "players": [("game_id", "string"), ("players", "int8"), ("setup", "string"),
                ("seat", "int8"), ("name", "string"), ("colour", "string"),
                ("role", "string"), ("bot", "string"),
                *((c, "int16") for c in CATEGORIES),
                *((high, "int16") for high in HIGHS), ("total", "int16"),
                ("total_high", "int16"), ("exact", "bool"), ("money", "int16"),
                ("rank", "int8"), ("rank_best", "int8"), ("rank_worst", "int8"),
                ("win", "bool")],
    "events": [("game_id", "string"), ("players", "int8"), ("event", "int32"),
               ("step", "int32"), ("round", "int8"), ("disc", "int8"),
               ("label", "string"), ("actor", "int8"), ("automatic", "bool"),
               ("cause", "string"), ("seat", "int8"), ("money", "int16"),
               ("points", "int16"), ("exact", "bool")],
    "placements": [("game_id", "string"), ("players", "int8"), ("round", "int8"),
                   ("order", "int8"), ("seat", "int8"), ("disc", "int8"),
                   ("sector", "string")],
    "timeline": [("game_id", "string"), ("players", "int8"), ("round", "int8"),
                 ("seat", "int8"), ("money", "int16"), ("total", "int16"),
                 ("total_high", "int16"), ("exact", "bool")],
    "prices": [("game_id", "string"), ("players", "int8"), ("round", "int8"),
               ("price_F", "int8"), ("price_T", "int8"), ("price_R", "int8")],
}


def corpus_rows(game: GameReplay, game_id: str, source: str) -> dict[str, dict[str, list]]:
    """The corpus rows of one replayed game (``mclog.replay``, with ``events=True`` to play
    it once), table by table, as columns.

    Seats count from 1 (``seat``), as players say them; ``actor`` is the seat of who
    decided (0: chance or the rules).  ``disc`` is 1 to 5 (0: setup or end of round).
    """
    record, table = game.record, game.record.table
    n = table.players
    out: dict[str, dict[str, list]] = {name: {column: [] for column, _ in columns}
                                       for name, columns in SCHEMA.items()}
    prices = out["prices"]
    what = noted(game)
    events, round_ends = what.events, what.round_ends
    placed: list[tuple] = []   # (a row per pawn: a game places about 150)
    order, last = 0, None
    for move, facts in zip(game.replay.moves, game.replay.infos):
        if type(move) is not Place:
            continue
        order = order + 1 if facts.round == last else 1
        last = facts.round
        placed.append((game_id, n, last, order, move.player + 1, move.disc, move.sector))
    _extend(out["placements"], placed)
    for ended in sorted(round_ends):
        p, _ = round_ends[ended]
        _add(prices, game_id=game_id, players=n, round=ended, price_F=p["F"],
             price_T=p["T"], price_R=p["R"])
    changes: list[tuple] = []   # (the corpus's largest table: about 80 rows a game)
    totals: dict[int, list[int]] = {}   # (where each round's totals and money stand)
    moneys: dict[int, list[int]] = {}
    # (each event's totals counted once: an event's points before it are, as a rule, the
    # list of points after the event before, and a player it did not change keeps the
    # same dict)
    counted: list[dict[str, int]] | None = None   # (the points after the event before)
    after: list[int] = []
    for i, e in enumerate(events):
        actor = 0 if e.actor is None else e.actor + 1
        before = after if e.points_before is counted else \
            [sum(p.values()) for p in e.points_before]
        after = [total if new is old else sum(new.values())
                 for total, new, old in zip(before, e.points_after, e.points_before)]
        counted = e.points_after
        for seat in range(n):
            points = after[seat] - before[seat]
            if e.money[seat] or points:
                changes.append((game_id, n, i, e.step, e.round, e.disc or 0, e.label, actor,
                                e.automatic, e.cause, seat + 1, e.money[seat], points, e.exact))
        totals[e.round], moneys[e.round] = after, e.money_after
    _extend(out["events"], changes)
    ranged = _round_end_ranges(game) if game.variables else {}
    standings: list[tuple] = []
    last_total, last_money = totals.get(0, [0] * n), moneys.get(0, [0] * n)
    for round_ in range(0, max(round_ends) + 1):
        last_total = totals.get(round_, last_total)
        last_money = round_ends[round_][1] if round_ in round_ends else \
            moneys.get(round_, last_money)
        for seat in range(n):
            low, high = ranged[round_][seat] if round_ in ranged else (last_total[seat],) * 2
            standings.append((game_id, n, round_, seat + 1, last_money[seat], low, high,
                              low == high))
    _extend(out["timeline"], standings)
    bots = seat_bots(record.tags, n)
    rows = game.scores()
    winners = {r.seat for r in sure_winners(rows)} if game.complete else set()
    for r in rows:
        low, high = r.total_range
        _add(out["players"], game_id=game_id, players=n, setup=table.setup,
             seat=r.seat + 1, name=r.name, colour=table.colours[r.seat],
             role=ROLE_OF_COLOUR[table.colours[r.seat]] if table.setup != STANDARD else None,
             bot=bots[r.seat],
             **{c: getattr(r, c) for c in CATEGORIES},
             **highs(r), total=low, total_high=high,
             exact=r.exact, money=r.money, rank=r.rank, rank_best=r.rank_range[0],
             rank_worst=r.rank_range[1], win=r.seat in winners)
    state = game.replay.current
    winner = " and ".join(r.name for r in rows if r.seat in winners) or None
    _add(out["games"], game_id=game_id, source=source, number=record.number, players=n,
         setup=table.setup, privileges="pick" if table.privilege_pick else "draw",
         event=record.tags.get("Event"), bots=record.tags.get("Bots"),
         seed=record.tags.get("Seed"), complete=game.complete, rounds=state.round,
         moves=len(game), winner=winner)
    return out


def _round_end_ranges(game: GameReplay) -> dict[int, list[tuple[int, int]]]:
    """Each player's total range at the end of each round of a record with unknown cards
    (``GameReplay.score_at``), by round (0: the setup)."""
    ends: dict[int, int] = {}
    for index, facts in enumerate(game.replay.infos):
        ends[facts.round] = index + 1  # the state after the round's last move
    return {r: [row.total_range for row in game.score_at(i)] for r, i in ends.items()}


def _add(table: dict[str, list], **row: object) -> None:
    for column, values in table.items():
        values.append(row[column])


def _extend(table: dict[str, list], rows: list[tuple]) -> None:
    """Append ``rows``, each a tuple of the table's columns in ``SCHEMA``'s order (a table
    with many rows a game: one pass a column rather than one call a row)."""
    for values, column in zip(table.values(), zip(*rows)):
        values.extend(column)


__all__ = ["SCHEMA", "corpus_rows"]
