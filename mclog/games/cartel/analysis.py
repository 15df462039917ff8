"""Cartel's tables (pandas): what each Cartel was worth and why.

- ``timeline``: every step's stock price, money, profits and worth, by player;
- ``years``: each year's end: profits paid (0 in a penalty year), price, money;
- ``worth``: the final worth by part (cash, companies, unsold stock, bonds);
- ``companies``: per company owned, what it brought: its own profit (halved under a
  bond), the Bonus and Special Profits it completed, the years it was paid for, and what
  that came to;
- ``auctions``: every auction, with the bids, the price against the value and who
  overpaid;
- ``money_flow``: where each Cartel's money came from and went, by cause (profits,
  stock sold, bonds, purchases).

Every table is exact on a seat's record too: a card the seat did not see never changes
money, profits, prices or worth (``rules.py``).

>>> import mclog
>>> played = mclog.replay(mclog.read_one("sample_games/cartel/kitchen-table-3p.mclog"))
>>> first = worth(played).iloc[0]
>>> first.player, int(first.worth)
('Ann', 759)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import mclog
from mclog.arguments import of_game, of_games
from mclog.engine import Watch
from mclog.kit import KitGame
from mclog.lazy import LazyModule
from mclog.simulate import seat_bots

from .rules.engine import YEARS
from .rules.moves import EndYear

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)


@of_game
def timeline(played) -> pd.DataFrame:
    """Every step (0: before the first move): year, player, price, money, profits (the
    total the next year's end pays), worth."""
    names = played.record.names
    rows = []
    for index, state in enumerate(played.replay.states()):
        parts = played.game.score_parts(state)
        for seat, cartel in enumerate(state.cartels):
            rows.append({"step": index, "year": state.year, "player": names[seat],
                         "price": cartel.price, "money": cartel.money,
                         "profits": cartel.profits + cartel.new,
                         "worth": sum(parts[seat].values())})
    return pd.DataFrame(rows)


@of_game
def years(played) -> pd.DataFrame:
    """Each year's end so far: profits paid (none in a penalty year), and the stock price
    and money in the state the year's end left."""
    names = played.record.names
    ends = [(step.move.year, played.state(step.index)) for step in played.steps
            if isinstance(step.move, EndYear)]
    rows = [{"year": year, "player": name, "paid": state.cartels[seat].paid[-1],
             "penalty": state.cartels[seat].paid[-1] == 0,
             "price": state.cartels[seat].price, "money": state.cartels[seat].money}
            for seat, name in enumerate(names) for year, state in ends]
    return pd.DataFrame(rows, columns=["year", "player", "paid", "penalty", "price",
                                       "money"])


@of_game
def worth(played) -> pd.DataFrame:
    """The worth by part now (the final worth once the game is over), best first."""
    rows = [r.as_dict() for r in played.scores()]   # (score --json's rows)
    frame = pd.DataFrame(rows).drop(columns=["seat", "name"]).rename(
        columns={"total": "worth"})
    return frame.sort_values(["rank", "player"]).reset_index(drop=True)


@of_game
def companies(played) -> pd.DataFrame:
    """Per company owned: when and how it came, its value and price, the new profits it
    brought (own, bonus, special; own halved under a bond), the year-ends that paid them
    so far, and what they came to."""
    state = played.final
    board = state.board
    rows = []
    for seat, cartel in enumerate(state.cartels):
        paid_years = [y for y, paid in enumerate(cartel.paid, 1) if paid]
        for line in cartel.sheet:
            n = sum(1 for y in paid_years if y >= line.year)
            rows.append({"player": played.record.names[seat], "company": line.company,
                         "name": board.companies[line.company].name, "year": line.year,
                         "how": line.source, "value": board.companies[line.company].value,
                         "price": line.price, "bond": line.bond, "own": line.base,
                         "bonus": line.bonus, "special": line.special,
                         "profits": line.total, "years_paid": n,
                         "earned": line.total * n})
    return pd.DataFrame(rows, columns=["player", "company", "name", "year", "how", "value",
                                       "price", "bond", "own", "bonus", "special",
                                       "profits", "years_paid", "earned"])


@of_game
def auctions(played) -> pd.DataFrame:
    """Every auction: the bids (``X`` for none; a re-bid after a tie follows a ``/``),
    the winner, the price against the value and the overpayment."""
    names = played.record.names
    rows = []
    for a in played.final.auctions:
        bids = " / ".join(", ".join(f"{names[s]} {'X' if v is None else v}" for s, v in r)
                          for r in a.rounds)
        rows.append({"year": a.year, "company": a.company, "value": a.value,
                     "offerer": names[a.offerer], "bids": bids, "winner": names[a.buyer],
                     "price": a.price, "over": a.price - a.value, "paid": not a.penalty})
    return pd.DataFrame(rows, columns=["year", "company", "value", "offerer", "bids",
                                       "winner", "price", "over", "paid"])


class _Money(Watch):
    def __init__(self) -> None:
        self.rows: list[tuple[int, int, str]] = []

    def money_moved(self, seat, amount, why):
        self.rows.append((seat, amount, why))


@of_game
def money_flow(played) -> pd.DataFrame:
    """Where each Cartel's money came from and went, by cause: one row a player, one
    column a cause (profits, stock sold, bond, ..., bought), and the cash at the end."""
    engine, names = played.game.engine, played.record.names
    watch = _Money()
    state = engine.new_state(played.game.table(played.record))
    for move in played.replay.moves:
        engine.play(state, move, watch)
    frame = pd.DataFrame(watch.rows, columns=["seat", "amount", "why"])
    frame["why"] = frame["why"].map(lambda w: "bought" if w.startswith("bought") else w)
    table = frame.pivot_table(index="seat", columns="why", values="amount", aggfunc="sum",
                              fill_value=0).reindex(range(len(names)), fill_value=0)
    table.insert(0, "start", state.board.starting_money)
    table["cash"] = [c.money for c in state.cartels]
    table.insert(0, "player", list(names))
    return table.reset_index(drop=True).rename_axis(columns=None)


def simulated(games: int, players: int = 3, bots: str = "profit,thrifty,profit",
              seed: int = 0, advanced: str = "none") -> list:
    """``games`` simulated games (replayed), the bots' seats turned by one each game so
    that every bot plays from every seat; each game's ``Bots`` tag says who sat where."""
    from . import GAME

    names = [b.strip() for b in bots.split(",")]
    if len(names) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(names)}")
    out = []
    for k in range(games):
        turn = k % players
        seats = ",".join(names[turn:] + names[:turn])
        text = GAME.simulated_text(players, seed + k, seats, {"advanced": advanced})
        out.append(mclog.replay(mclog.parse_one(text)))
    return out


@of_games
def by_bot(games: list) -> pd.DataFrame:
    """Each bot's results over ``games`` (replayed simulated games): seats played, wins (a
    shared first place counts a share), its share of the wins against the fair share (its
    share of the seats), the mean worth and the mean number of bonds taken."""
    rows = []
    for played in games:
        bots = seat_bots(played.record.tags, len(played.record.names))
        scores = played.scores()
        firsts = [r for r in scores if r.rank == 1]
        for r in scores:
            rows.append({"bot": bots[r.seat], "win": (r.rank == 1) / len(firsts),
                         "worth": r.total,
                         "bonds": len(played.final.cartels[r.seat].bonds)})
    frame = pd.DataFrame(rows)
    table = frame.groupby("bot").agg(seats=("win", "size"), wins=("win", "sum"),
                                     worth=("worth", "mean"), bonds=("bonds", "mean"))
    table["win_share"] = table.wins / table.wins.sum()
    table["fair_share"] = table.seats / table.seats.sum()
    return table.reset_index().round({"wins": 2, "worth": 1, "bonds": 2, "win_share": 3,
                                      "fair_share": 3})


def corpus_rows(played, game_id: str, source: str) -> dict:
    """The corpus rows: a ``games`` row, and a ``players`` row per Cartel with its worth
    by part, companies, bonds and final price."""
    base = KitGame.corpus_rows(played.game, played, game_id, source)
    state = played.final
    parts = played.game.score_parts(state)
    players = base["players"]
    for key in ("cash", "companies", "stock", "bonds"):
        players[key] = [p[key] for p in parts]
    players["owned"] = [len(c.companies) for c in state.cartels]
    players["bonds_taken"] = [len(c.bonds) for c in state.cartels]
    players["price"] = [c.price for c in state.cartels]
    players["treasurer"] = [seat == state.table.treasurer for seat in range(len(parts))]
    base["games"]["years"] = [min(state.year, YEARS)]
    return base


CORPUS_EXTRA = {"games": [("years", "int8")],
                "players": [("cash", "int64"), ("companies", "int64"), ("stock", "int64"),
                            ("bonds", "int64"), ("owned", "int8"), ("bonds_taken", "int8"),
                            ("price", "int32"), ("treasurer", "bool")]}

__all__ = ["timeline", "years", "worth", "companies", "auctions", "money_flow",
           "simulated", "by_bot", "corpus_rows"]
