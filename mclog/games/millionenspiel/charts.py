"""Plotly figures of Millionenspiel's tables (``analysis``): where the money came from,
and what a corpus of simulated games says.  Every text from a record is escaped."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from mclog.arguments import draws, of_game
from mclog.lazy import LazyModule
from mclog.printable import counted

from .draw import FILL

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)

_CAUSE_COLOUR = {**FILL, "pension": "#888888", "pension card": "#bbbbbb",
                 "start": "#dddddd"}


@of_game
def money_chart(game) -> go.Figure:
    """Each player's money over the steps, on a log scale (5 to 1,000,000)."""
    from .analysis import money

    table = money(game)
    fig = go.Figure()
    for name, rows in table.groupby("player", sort=False):
        fig.add_trace(go.Scatter(x=rows.step, y=rows.money.clip(lower=1), mode="lines",
                                 name=escape(str(name)), line_shape="hv"))
    fig.update_layout(yaxis_type="log", yaxis_title="money (log scale)", xaxis_title="step",
                      height=320, margin=dict(l=50, r=10, t=30, b=40),
                      title=escape(game.record.tags.get("Event", "Millionenspiel")))
    return fig


@draws('attribution_summary(game)')
def attribution_chart(summary: pd.DataFrame) -> go.Figure:
    """Each player's money by cause (``analysis.attribution_summary``), a bar a cause, on a
    log scale: money spans 5 to a million, and on a linear axis the losers' bars vanish
    beside the winner's.  A loss is drawn by its size, hatched; the hover says each
    amount with its sign, and each player's causes add up to their final money."""
    fig = go.Figure()
    for cause, rows in summary.groupby("cause", sort=False):
        rows = rows[rows.amount != 0]
        if rows.empty:
            continue
        colour = _CAUSE_COLOUR.get(str(cause).split()[0], "#555555")
        fig.add_trace(go.Bar(
            x=[escape(str(p)) for p in rows.player], y=rows.amount.abs(),
            name=escape(str(cause)), marker_color=colour,
            marker_pattern_shape=["/" if a < 0 else "" for a in rows.amount],
            customdata=rows.amount,
            hovertemplate="%{x}: %{customdata:+,}<extra>" + escape(str(cause)) + "</extra>"))
    fig.update_layout(barmode="group", yaxis_type="log",
                      title="Where each player's money came from (log scale; hatched: lost)",
                      yaxis_title="money", height=380, margin=dict(l=60, r=10, t=40, b=40))
    return fig


@draws('corpus(games, bots)')
def game_length_chart(table: pd.DataFrame) -> go.Figure:
    """How many throws the games of a corpus lasted (``analysis.corpus``)."""
    fig = go.Figure(go.Histogram(x=table.throws, nbinsx=30))
    fig.update_layout(title="How long games last", xaxis_title="throws", yaxis_title="games",
                      height=300, margin=dict(l=50, r=10, t=40, b=40))
    return fig


@draws('corpus(games, bots)')
def win_shares(table: pd.DataFrame) -> pd.DataFrame:
    """Per betting policy of a corpus (``analysis.corpus``): ``won`` (finished games won by
    a seat of it), ``games`` (finished games), ``share`` (won / games) and ``fair`` (the
    share its seats would win if every seat were equal: one seat of three, a third)."""
    finished = table[table.finished]
    rows = []
    for bot in sorted({b for seats in finished.bots for b in seats.split(", ")}):
        fair = sum(seats.split(", ").count(bot) / n
                   for seats, n in zip(finished.bots, finished.players))
        won = int((finished["winner bot"] == bot).sum())
        games = len(finished)
        rows.append({"bot": bot, "won": won, "games": games,
                     "share": won / games if games else 0.0,
                     "fair": fair / games if games else 0.0})
    return pd.DataFrame(rows, columns=["bot", "won", "games", "share", "fair"])


@draws('corpus(games, bots)')
def win_share_chart(table: pd.DataFrame) -> go.Figure:
    """Which betting policy wins (``analysis.corpus``): the share of finished games won
    by a seat of each bot, each bar with its count of games and the fair share its seats
    would win if every seat were equal (a policy on one seat of three: a third)."""
    shares = win_shares(table)
    names = [escape(str(b)) for b in shares.bot]
    fig = go.Figure(go.Bar(x=names, y=shares.share, name="won",
                           text=[f"{w} of {counted(g, 'game')}" for w, g in zip(shares.won, shares.games)],
                           textposition="outside"))
    fig.add_trace(go.Scatter(x=names, y=shares.fair, mode="markers", name="fair share",
                             marker=dict(symbol="line-ew-open", size=40,
                                         line=dict(width=3, color="#444"))))
    fig.update_layout(title="Games won, by betting policy (line: its seats' fair share)",
                      yaxis_tickformat=".0%", yaxis_range=[0, 1], height=320,
                      margin=dict(l=50, r=10, t=40, b=40))
    return fig
