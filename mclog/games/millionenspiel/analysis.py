"""Tables of a replayed Millionenspiel game (pandas), for notebooks and reports.

* ``money``: each player's money after every step (a log scale suits it: 5 to 1,000,000);
* ``throws``: one row per throw: roller, dice, where the pawn landed, each bet and gain;
* ``attribution``: where each player's money came from: the colour landed (and the black
  die's number), pensions, pension cards bought, split into the player's own throws and
  the others' throws.  It adds up: start money + the rows = final money.
* ``corpus``: simulated games by bot policy: how long they last and who wins.

>>> from mclog import read_one, replay
>>> game = replay(read_one("sample_games/millionenspiel/duel-2p.mclog"))
>>> table = attribution(game)
>>> int(table[table.player == "Zoe"].amount.sum()) + 5
1000000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mclog.analysis import money as shared_money
from mclog.arguments import of_game, of_games
from mclog.lazy import LazyModule
from mclog.simulate import seat_bots

from .replayer import GameReplay
from .rules.moves import Bet, BuyPension, Die, Land, Refuse, Throw
from .rules.state import START_MONEY

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)


@of_game
def money(game: GameReplay) -> pd.DataFrame:
    """Long form: step, throw, player, money (step 0: the start): the shared table
    (``mclog.analysis.money``), whose rounds are Millionenspiel's throws."""
    return shared_money(game).rename(columns={"round": "throw"})


@of_game
def throws(game: GameReplay) -> pd.DataFrame:
    """One row per throw played: ``throw``, ``roller``, ``dice`` (as written), ``spaces``
    (None if a die was not seen), ``refused``, ``past_arrow``, ``colour``, ``die`` (the
    black space's, or None), then ``bet <name>`` and ``gain <name>`` for every player."""
    names = game.record.names
    rows: list[dict] = []
    row: dict | None = None
    before = game.replay.state(0)   # (the state before the throw a row is of)
    states = list(game.replay.states())
    for move, state_before, state_after in zip(game.replay.moves, states, states[1:]):
        if row is None and isinstance(move, (Bet, Throw)):
            before = state_before
            row = {"throw": state_before.throw, "roller": names[state_before.roller],
                   "dice": [], "refused": False, "past_arrow": False, "colour": None,
                   "die": None}
        if row is None:
            continue
        if isinstance(move, Throw):
            row["dice"].append(" ".join("?" if d is None else str(d) for d in move.dice))
        elif isinstance(move, Refuse):
            row["refused"], row["dice"] = True, []
        elif isinstance(move, Land):
            row["colour"], row["past_arrow"] = move.colour, move.past_arrow
        elif isinstance(move, Die):
            row["die"] = move.value
        if state_after.throw != state_before.throw or state_after.finished:
            dice = row["dice"]
            row["spaces"] = None if any("?" in d for d in dice) else sum(
                int(a) + int(b) for a, b in (d.split() for d in dice))
            row["dice"] = ", ".join(dice)
            for seat, name in enumerate(names):
                row[f"bet {name}"] = state_before.bets.get(seat, 0)
                row[f"gain {name}"] = state_after.money[seat] - before.money[seat]
            rows.append(row)
            row = None
    columns = ["throw", "roller", "dice", "spaces", "refused", "past_arrow", "colour", "die",
               *[f"bet {n}" for n in names], *[f"gain {n}" for n in names]]
    return pd.DataFrame(rows, columns=columns).astype({"spaces": "Int64", "die": "Int64"})


@of_game
def attribution(game: GameReplay) -> pd.DataFrame:
    """Every change of money with its cause: ``player``, ``throw``, ``cause`` (``yellow``,
    ``black 4``, ``pension``, ``pension card``), ``whose throw`` (``own`` or ``others'``),
    ``amount``.  The rules tell each change as they make it (``GameReplay.money_events``,
    noted by the engine's watch)."""
    names = game.record.names
    rows = []
    for e in game.money_events:
        whose = "own" if e.seat == e.roller or isinstance(e.move, BuyPension) else "others'"
        rows.append((names[e.seat], e.throw, _kind(e.cause, e.move), whose, e.amount))
    return pd.DataFrame(rows, columns=["player", "throw", "cause", "whose throw", "amount"])


def _kind(cause: str, move) -> str:
    if cause.startswith("pensions"):
        return "pension"
    if isinstance(move, BuyPension):
        return "pension card"
    if isinstance(move, Die):
        return f"black {move.value}"
    return cause.split(":")[0]


@of_game
def attribution_summary(game: GameReplay) -> pd.DataFrame:
    """``attribution`` summed: one row per player and cause, with the start money, so
    that each player's rows add up to their final money."""
    table = attribution(game)
    summary = table.groupby(["player", "cause"], sort=False, as_index=False)["amount"].sum()
    start = pd.DataFrame({"player": list(game.record.names), "cause": "start",
                          "amount": START_MONEY})
    return pd.concat([start, summary], ignore_index=True)


@of_games
def corpus(games: list[GameReplay], bots: Sequence[Sequence[str | None]] | None = None
           ) -> pd.DataFrame:
    """One row per simulated game: ``throws`` (how long it lasted), ``finished``,
    ``winner``, ``winner bot`` (the policy of the winner's seat), ``players`` and
    ``bots`` (every seat's policy, ``chance, random, random``): each game's ``bots``, or
    the bots its record names (its ``Bots`` tag, as ``mclog simulate`` writes it)."""
    if bots is None:
        bots = [seat_bots(g.record.tags, len(g.record.names)) for g in games]
    if len(bots) != len(games):   # (zip would leave the games past the shorter out)
        raise ValueError(f"bots name the seats of {len(bots)} games, not of the "
                         f"{len(games)} games given")
    for number, (game, seats) in enumerate(zip(games, bots), 1):
        if len(seats) != len(game.record.names):
            raise ValueError(f"bots of game {number}: {len(seats)} names for its "
                             f"{len(game.record.names)} players")
    rows = []
    for game, seats in zip(games, bots):
        final = game.replay.current
        winner = final.winner
        rows.append({"throws": final.throw, "finished": final.finished,
                     "players": final.players,
                     "winner": game.record.names[winner] if winner is not None else None,
                     "winner bot": seats[winner] if winner is not None else None,
                     # (None for a record no bots played)
                     "bots": ", ".join(s for s in seats if s) or None})
    return pd.DataFrame(rows)


#: The corpus tables of Millionenspiel (``mclog corpus build``): one row per game, and one
#: per player (its money and pension at the end, whether it won).
CORPUS_SCHEMA = {
    "games": [("game_id", "string"), ("source", "string"), ("number", "int32"),
              ("players", "int8"), ("event", "string"), ("bots", "string"),
              ("seed", "string"), ("complete", "bool"), ("throws", "int32"),
              ("winner", "string")],
    "players": [("game_id", "string"), ("players", "int8"), ("seat", "int8"),
                ("name", "string"), ("bot", "string"), ("money", "int64"),
                ("pension", "int64"), ("win", "bool")],
}


def corpus_rows(game: GameReplay, game_id: str, source: str) -> dict[str, dict[str, object]]:
    """One game's corpus rows, as columns (``CORPUS_SCHEMA``)."""
    record, final = game.record, game.replay.current
    names = record.names
    n = len(names)
    bots = seat_bots(record.tags, n)
    winner = names[final.winner] if final.winner is not None else None
    games = {"game_id": [game_id], "source": [source], "number": [record.number],
             "players": [n], "event": [record.tags.get("Event")],
             "bots": [record.tags.get("Bots")], "seed": [record.tags.get("Seed")],
             "complete": [final.finished],
             "throws": [final.throw], "winner": [winner]}
    players = {"game_id": [game_id] * n, "players": [n] * n,
               "seat": list(range(1, n + 1)), "name": list(names),
               "bot": bots,
               "money": list(final.money), "pension": list(final.pension),
               "win": [final.winner == i for i in range(n)]}
    return {"games": games, "players": players}


__all__ = ["money", "throws", "attribution", "attribution_summary", "corpus", "corpus_rows",
           "CORPUS_SCHEMA"]
