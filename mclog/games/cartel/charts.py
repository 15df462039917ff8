"""Plotly figures of Cartel's tables (``analysis``): the stock prices (the game's price
markers), money, the final worth by part, what each company brought, and the auctions.
Every text from a record or a component file is escaped."""

from __future__ import annotations

from html import escape

import plotly.graph_objects as go

from mclog.arguments import draws, of_game, table_given

from .board_svg import COLOURS

_PART_COLOUR = {"cash": "#7f8c8d", "companies": "#2e86c1", "stock": "#28b463",
                "bonds": "#cb4335"}
_LAYOUT = dict(height=320, margin=dict(l=50, r=10, t=30, b=40))


def _by_player(played, column: str, title: str, table=None) -> go.Figure:
    """``column`` of the timeline (``analysis.timeline``, made here if not given) a line a
    player, over the steps."""
    from .analysis import timeline

    table = table_given(table, "timeline(played)", lambda: timeline(played))
    fig = go.Figure()
    for seat, name in enumerate(played.record.names):
        rows = table[table.player == name]
        fig.add_trace(go.Scatter(x=rows.step, y=rows[column], mode="lines", line_shape="hv",
                                 name=escape(name), line=dict(color=COLOURS[seat % 4])))
    fig.update_layout(xaxis_title="step", yaxis_title=title, **_LAYOUT)
    return fig


@of_game
def price_chart(played, table=None) -> go.Figure:
    """Each Cartel's stock price over the game (it moves at each year's end)."""
    return _by_player(played, "price", "stock price", table)


@of_game
def money_chart(played, table=None) -> go.Figure:
    return _by_player(played, "money", "money (millions)", table)


@of_game
def profits_chart(played) -> go.Figure:
    """The profits each Cartel was paid at each year's end (none in a penalty year), a
    group of bars a year."""
    from .analysis import years

    table = years(played)
    fig = go.Figure()
    for seat, name in enumerate(played.record.names):
        rows = table[table.player == name]
        fig.add_trace(go.Bar(x=[str(y) for y in rows.year], y=list(rows.paid),
                             name=escape(name), marker=dict(color=COLOURS[seat % 4])))
    fig.update_layout(barmode="group", xaxis_title="year", yaxis_title="profits paid",
                      **_LAYOUT)
    return fig


@of_game
def worth_chart(played) -> go.Figure:
    """The worth by part, a stacked bar a player: cash, companies and unsold stock up,
    the bonds' repayment down; the bar's top less its bottom is the worth."""
    from .analysis import worth

    table = worth(played)
    fig = go.Figure()
    for part, colour in _PART_COLOUR.items():
        fig.add_trace(go.Bar(x=[escape(p) for p in table.player], y=table[part],
                             name=part, marker=dict(color=colour)))
    fig.update_layout(barmode="relative", yaxis_title="millions", xaxis_title="player",
                      **_LAYOUT)
    return fig


@of_game
def companies_chart(played) -> go.Figure:
    """What the companies brought each player over the years they were paid for: their
    own profits, and the Bonus and Special Profits they completed."""
    from .analysis import companies

    table = companies(played)
    earned = table.assign(own=table.own * table.years_paid,
                          bonus=table.bonus * table.years_paid,
                          special=table.special * table.years_paid)
    sums = earned.groupby("player", sort=False)[["own", "bonus", "special"]].sum()
    sums = sums.reindex(list(played.record.names), fill_value=0)
    fig = go.Figure()
    for part, colour in (("own", "#2e86c1"), ("bonus", "#f39c12"), ("special", "#8e44ad")):
        fig.add_trace(go.Bar(x=[escape(p) for p in sums.index], y=sums[part],
                             name=f"{part} profits", marker=dict(color=colour)))
    fig.update_layout(barmode="relative", yaxis_title="profits paid (millions)",
                      xaxis_title="player", **_LAYOUT)
    return fig


@of_game
def auction_chart(played) -> go.Figure:
    """Each auction's price against the company's value, by winner."""
    from .analysis import auctions

    table = auctions(played)
    fig = go.Figure()
    for seat, name in enumerate(played.record.names):
        rows = table[table.winner == name]
        if rows.empty:
            continue
        fig.add_trace(go.Scatter(x=rows.value, y=rows.price, mode="markers",
                                 name=escape(name), marker=dict(color=COLOURS[seat % 4],
                                                                size=9),
                                 text=[escape(c) for c in rows.company]))
    top = max([10, *table.price, *table.value]) if len(table) else 10
    fig.add_trace(go.Scatter(x=[0, top], y=[0, top], mode="lines", name="price = value",
                             line=dict(color="#999", dash="dot")))
    fig.update_layout(xaxis_title="value", yaxis_title="price paid", **_LAYOUT)
    return fig


@draws('by_bot(games)')
def bot_chart(table) -> go.Figure:
    """Each bot's share of the wins (``analysis.by_bot``), with its fair share (its share
    of the seats) as a line across its bar."""
    fig = go.Figure()
    fig.add_trace(go.Bar(x=list(table.bot), y=list(table.win_share), name="share of wins",
                         marker=dict(color="#2e86c1")))
    fig.add_trace(go.Scatter(x=list(table.bot), y=list(table.fair_share), mode="markers",
                             name="fair share", marker=dict(color="#000", size=14,
                                                            symbol="line-ew-open")))
    fig.update_layout(yaxis_title="share of the wins", xaxis_title="bot", **_LAYOUT)
    return fig


__all__ = ["bot_chart", "profits_chart", "price_chart", "money_chart", "worth_chart",
           "companies_chart", "auction_chart"]
