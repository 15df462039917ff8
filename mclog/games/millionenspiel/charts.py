"""Plotly figures of Millionenspiel's tables (``analysis``): where the money came from,
and what a corpus of simulated games says.  Every text from a record is escaped."""

from __future__ import annotations

from html import escape

import pandas as pd
import plotly.graph_objects as go

from .draw import FILL

_CAUSE_COLOUR = {**FILL, "pension": "#888888", "pension card": "#bbbbbb",
                 "start": "#dddddd"}


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


def attribution_chart(summary: pd.DataFrame) -> go.Figure:
    """Each player's money by cause (``analysis.attribution_summary``), stacked: gains up,
    losses down; a player's bars add up to their final money."""
    fig = go.Figure()
    for cause, rows in summary.groupby("cause", sort=False):
        colour = _CAUSE_COLOUR.get(str(cause).split()[0], "#555555")
        fig.add_trace(go.Bar(x=[escape(str(p)) for p in rows.player], y=rows.amount,
                             name=escape(str(cause)), marker_color=colour))
    fig.update_layout(barmode="relative", title="Where each player's money came from",
                      yaxis_title="money", height=360, margin=dict(l=60, r=10, t=40, b=40))
    return fig


def game_length_chart(table: pd.DataFrame) -> go.Figure:
    """How many throws the games of a corpus lasted (``analysis.corpus``)."""
    fig = go.Figure(go.Histogram(x=table.throws, nbinsx=30))
    fig.update_layout(title="How long games last", xaxis_title="throws", yaxis_title="games",
                      height=300, margin=dict(l=50, r=10, t=40, b=40))
    return fig


def win_share_chart(table: pd.DataFrame) -> go.Figure:
    """Which betting policy wins (``analysis.corpus``): the share of finished games won
    by a seat of each bot."""
    finished = table[table.finished]
    share = finished["winner bot"].value_counts(normalize=True).sort_index()
    fig = go.Figure(go.Bar(x=[escape(str(b)) for b in share.index], y=share.values))
    fig.update_layout(title="Games won, by betting policy", yaxis_tickformat=".0%",
                      height=300, margin=dict(l=50, r=10, t=40, b=40))
    return fig
