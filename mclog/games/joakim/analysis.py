"""Joakim's tables and charts: each player's cash and worth over the game, and where
their money came from, told by the rules' own watch (``mclog.engine.Watch``) in one
replay, not worked out from differences of states.

>>> import mclog
>>> played = mclog.replay(mclog.read_one("sample_games/joakim/friday-at-cleos-3p.mclog"))
>>> sources = money_sources(played)
>>> int(sources.loc["Ann", "newspapers"]), int(sources.loc["Ben", "Joakim cards"])
(63, 50)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from mclog.arguments import of_game, of_games, table_given
from mclog.engine import Watch
from mclog.lazy import LazyModule

from .board import COLOURS
from .rules.moves import KINDS

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")

#: The sources in the order a chart shows them.
SOURCES = ("trading", "newspapers", "Joakim cards", "Miljardärsklubben", "the Stock Exchange",
           "the lucky crown", "auctions", "forced sales", "Affärstipskort",
           "trades between players", "loans")


def source_of(why: str) -> str:
    """The source a watch's reason belongs to (``news 21: Shipping boom`` is
    ``newspapers``; ``sold gold`` is ``trading``)."""
    if why in _EXACT:
        return _EXACT[why]
    return _BY_FIRST_WORD.get(why.split(" ", 1)[0], why)


#: The reasons the rules give (``rules/engine.py``), by source.
_EXACT = {"the Stock Exchange": "the Stock Exchange", "an option card": "Miljardärsklubben"}
_BY_FIRST_WORD = {"news": "newspapers", "joakim": "Joakim cards", "club": "Miljardärsklubben",
                  "bought": "trading", "sold": "trading", "won": "auctions",
                  "a": "forced sales", "an": "Miljardärsklubben", "the": "the lucky crown",
                  # the Business Sharks variant
                  "tips": "Affärstipskort", "traded": "trades between players",
                  "loan": "loans", "interest": "loans", "tied": "auctions"}


class _Books(Watch):
    """Each player's money as the rules tell it moving: by source (``source_of``), and by
    the kind of property a trade was of (the rules say the kind last: ``sold gold``,
    ``a forced sale of oil``, ``news 6: Oil crash: bought bank``)."""

    def __init__(self, players: int) -> None:
        self.sources: list[dict[str, int]] = [{} for _ in range(players)]
        self.kinds: list[dict[str, int]] = [{} for _ in range(players)]

    def money_moved(self, seat: int, amount: int, why: str) -> None:
        source = source_of(why)
        self.sources[seat][source] = self.sources[seat].get(source, 0) + amount
        kind = why.rsplit(" ", 1)[-1]
        if kind in KINDS:
            self.kinds[seat][kind] = self.kinds[seat].get(kind, 0) + amount


def _books(played) -> _Books:
    """The game played again from its start with the books kept (``_Books``)."""
    engine = played.game.engine
    state = played.state(0)
    books = _Books(len(played.record.names))
    for move in played.replay.moves:
        engine.play(state, move, books)
    return books


@of_game
def money_sources(played):
    """Each player's money by source over the game (a row a player, a column a source;
    what they paid is negative)."""
    by_seat = _books(played).sources
    columns = [s for s in SOURCES if any(s in b for b in by_seat)]
    columns += sorted({s for b in by_seat for s in b} - set(columns))
    return pd.DataFrame([[b.get(c, 0) for c in columns] for b in by_seat],
                        index=pd.Index(played.record.names, name="player"), columns=columns)


@of_game
def by_kind(played):
    """What each kind of property brought each player: sales less purchases (at a
    square, by a card, at an auction, by an option, in a forced sale), plus what they
    still hold at the final market value.  A row a player and kind."""
    gains = _books(played).kinds
    final = played.final
    rows = []
    for seat, name in enumerate(played.record.names):
        p = final.players[seat]
        for kind in KINDS:
            rows.append((name, kind, gains[seat].get(kind, 0),
                         p.held(kind) * final.values[kind]))
    table = pd.DataFrame(rows, columns=["player", "kind", "traded", "held"])
    table["brought"] = table.traded + table.held
    return table


def simulated(games: int, players: int = 3, bots: str = "trader", seed: int = 1,
              options: dict | None = None) -> list:
    """``games`` simulated games (replayed), seeds from ``seed``: for a question over
    many games, on the illustrative components."""
    import mclog

    from . import GAME

    options = {"cash": "50", "limit": "500", **(options or {})}
    return [mclog.replay(mclog.parse_one(GAME.simulated_text(players, seed + i, bots,
                                                             options)))
            for i in range(games)]


@of_games
def kinds_over_games(games):
    """Which kind of property pays best to hold: over the games, what each kind brought a
    player on average (traded and still held), and what it brought the winners."""
    rows = []
    for played in games:
        table = by_kind(played)
        winners = {r.name for r in played.scores() if r.rank == 1}
        table["winner"] = table.player.isin(winners)
        rows.append(table)
    every = pd.concat(rows, ignore_index=True)
    out = every.groupby("kind").agg(brought=("brought", "mean"), traded=("traded", "mean"))
    out["brought by winners"] = every[every.winner].groupby("kind").brought.mean()
    out = out.reindex(list(KINDS)).fillna(0).round(1)
    return out.sort_values("brought", ascending=False)


@of_game
def timeline(played):
    """Each player's cash and worth (cash and properties at market value) after every
    step: a row a step and player."""
    rows = []
    names = played.record.names
    for step, state in enumerate(played.replay.states()):
        for seat, p in enumerate(state.players):
            rows.append((step, names[seat], p.cash,
                         p.cash + sum(p.held(k) * state.values[k] for k in KINDS)))
    return pd.DataFrame(rows, columns=["step", "player", "cash", "worth"])


@of_game
def wealth_chart(played, table=None):
    """Cash (solid) and worth (dotted) of each player over the game."""
    import plotly.graph_objects as go

    table = table_given(table, "timeline(played)", lambda: timeline(played))
    fig = go.Figure()
    for seat, name in enumerate(played.record.names):
        rows = table[table.player == name]
        colour = COLOURS[seat % len(COLOURS)]
        fig.add_trace(go.Scatter(x=rows.step, y=rows.cash, mode="lines", line_shape="hv",
                                 name=f"{escape(name)} cash", line=dict(color=colour)))
        fig.add_trace(go.Scatter(x=rows.step, y=rows.worth, mode="lines", line_shape="hv",
                                 name=f"{escape(name)} worth",
                                 line=dict(color=colour, dash="dot")))
    fig.update_layout(xaxis_title="step", yaxis_title="millions", height=320,
                      margin=dict(l=50, r=10, t=30, b=40))
    return fig


@of_game
def sources_chart(played):
    """Where each player's money came from (and went): a bar a source, a group a
    player."""
    import plotly.graph_objects as go

    table = money_sources(played)
    fig = go.Figure()
    for source in table.columns:
        fig.add_trace(go.Bar(x=[escape(n) for n in table.index], y=table[source].tolist(),
                             name=escape(source)))
    fig.update_layout(barmode="relative", yaxis_title="millions", height=320,
                      margin=dict(l=50, r=10, t=30, b=40))
    return fig


__all__ = ["money_sources", "timeline", "wealth_chart", "sources_chart", "source_of",
           "SOURCES", "by_kind", "simulated", "kinds_over_games"]
