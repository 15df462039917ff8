"""Figures of a game, drawn with plotly from the analysis tables.

Every function takes tables from ``mclog.games.millionclub.analysis`` and returns a
``go.Figure``; notebooks only call them.  Industry types keep one colour
throughout (Factories grey-blue, Transport orange, Raw materials green), and
players are drawn in their own table colours.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from mclog.arguments import draws
from mclog.lazy import LazyModule
from mclog.printable import counted

from .draw import COLOUR_CSS

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)

TYPE_COLOURS = {"F": "#4c6a92", "T": "#e08a1e", "R": "#3a9a5b"}
TYPE_NAMES = {"F": "Factories", "T": "Transport", "R": "Raw materials"}
DISC_ORDER = ["setup", "Lobby", "Intrigue", "Colonies", "Stock Exchange", "Industries", "end"]
DISC_COLOURS = {"setup": "#9e9e9e", "Lobby": "#8e6cbf", "Intrigue": "#c2185b",
                "Colonies": "#2e7d9a", "Stock Exchange": "#f2a900", "Industries": "#5d8a3a",
                "end": "#6d6d6d"}


#: What a reader calls the parts of the game that are not discs.
DISC_LABELS = {"setup": "starting money", "end": "final scoring"}


def _label(disc) -> str:
    return _text(DISC_LABELS.get(disc, disc))


def _text(value) -> str:
    """Text from a record (a player's name, a tag, a comment) as plotly must show it:
    plotly reads ``<b>``, ``<a href=...>`` and entities in titles, legends, axis labels
    and hover text, so the record's ``<`` and ``&`` are escaped."""
    return escape(str(value), quote=False)


def _player_colour(colour: str) -> str:
    css = COLOUR_CSS.get(colour, "#888")
    return "#bbbbbb" if css == "#ffffff" else css  # a white line would not show


def _round_starts(df: pd.DataFrame) -> list[tuple[int, int]]:
    starts = df[df["round"] != df["round"].shift()][["step", "round"]]
    return [(int(s), int(r)) for s, r in starts.itertuples(index=False) if r > 0]


@draws('prices(game)')
def price_chart(prices: pd.DataFrame, step: int | None = None) -> go.Figure:
    """The three price markers over the game, one trace each, with round boundaries.

    Hovering shows the disc being resolved.  ``step`` draws a marker line at
    that step (the replay widget moves it).
    """
    fig = go.Figure()
    hover = prices["disc"].fillna(prices["label"]).astype(str).map(_text)
    for kind in ("F", "T", "R"):
        fig.add_trace(go.Scatter(
            x=prices["step"], y=prices[kind], name=TYPE_NAMES[kind], mode="lines",
            line={"color": TYPE_COLOURS[kind], "width": 2, "shape": "hv"},
            customdata=list(zip(prices["round"], hover)),
            hovertemplate="step %{x}, round %{customdata[0]}<br>%{customdata[1]}<br>"
                          f"{TYPE_NAMES[kind]}: %{{y}}<extra></extra>"))
    fig.add_shape(type="line", x0=step or 0, x1=step or 0, y0=0, y1=1, yref="paper",
                  line={"color": "#d00", "width": 2}, visible=step is not None, name="step")
    for s, r in _round_starts(prices):
        fig.add_shape(type="line", x0=s, x1=s, y0=0, y1=1, yref="paper",
                      line={"color": "#ccc", "width": 1, "dash": "dot"})
        fig.add_annotation(x=s, y=1, yref="paper", text=f"R{r}", showarrow=False,
                           xanchor="left", yanchor="bottom", font={"size": 10})
    fig.update_layout(title="Price markers", xaxis_title="step (move)",
                      yaxis_title="price (the sum of the cards' values, R6)",
                      hovermode="x unified", height=360, margin={"t": 60, "b": 40})
    return fig


@draws('prices(game)')
def spreads_chart(prices: pd.DataFrame) -> go.Figure:
    """What one Stock Exchange pawn in each sector would earn, over the game (R17)."""
    fig = go.Figure()
    for kind, other in (("F", "R"), ("R", "T"), ("T", "F")):
        fig.add_trace(go.Scatter(
            x=prices["step"], y=prices[f"spread_{kind}"], name=f"{kind} - {other}",
            mode="lines", line={"color": TYPE_COLOURS[kind], "shape": "hv"}))
    fig.add_hline(y=0, line={"color": "#888", "width": 1})
    fig.update_layout(title="Stock Exchange: what a pawn in each sector earns",
                      xaxis_title="step", yaxis_title="million per pawn", height=340)
    return fig


@draws('timeline(game)')
def money_chart(timeline: pd.DataFrame, colours: dict[str, str] | None = None) -> go.Figure:
    """Each player's money after every move."""
    fig = go.Figure()
    for name, rows in timeline.groupby("player", sort=False):
        fig.add_trace(go.Scatter(x=rows["step"], y=rows["money"], name=_text(name), mode="lines",
                                 line={"shape": "hv", "color": _player_colour(
                                     (colours or {}).get(name, ""))}))
    fig.update_layout(title="Money", xaxis_title="step", yaxis_title="million", height=340)
    return fig


@draws('timeline(game)')
def score_race(timeline: pd.DataFrame, colours: dict[str, str] | None = None) -> go.Figure:
    """The provisional score (final scoring applied now) at the end of every round."""
    ends = timeline[timeline["round"] != timeline["round"].shift(-len(
        timeline["player"].unique()), fill_value=-1)]
    fig = go.Figure()
    for name, rows in ends.groupby("player", sort=False):
        colour = _player_colour((colours or {}).get(name, ""))
        for trace in score_traces(rows, _text(name), colour, x="round", shape="linear"):
            fig.add_trace(trace)
    fig.update_layout(title="Score race (provisional score at the end of each round)",
                      xaxis={"title": "round", "dtick": 1}, yaxis_title="points", height=360)
    return fig


def score_traces(rows: pd.DataFrame, name: str, colour: str, x: str = "step",
                 shape: str = "hv") -> list[go.Scatter]:
    """One player's provisional score over the steps: a line where the record settles
    it, and where it leaves unknown colonies open a shaded band from its lowest to its
    highest (no line: no single number is shown where the range is wider).  The line is
    the first trace (a click on it jumps to the step)."""
    exact = rows["exact"] if "exact" in rows else pd.Series(True, index=rows.index)
    traces = [go.Scatter(
        x=rows[x], y=rows["total"].where(exact), name=name, mode="lines",
        line={"color": colour, "shape": shape}, connectgaps=False, legendgroup=name,
        hovertemplate="%{y} points<extra>" + name + "</extra>")]
    if not exact.all():
        low = rows["total_low"].where(~exact)
        high = rows["total_high"].where(~exact)
        traces.append(go.Scatter(x=rows[x], y=low, mode="lines", line={"width": 0,
                                 "shape": shape}, showlegend=False, legendgroup=name,
                                 hoverinfo="skip", connectgaps=False))
        traces.append(go.Scatter(
            x=rows[x], y=high, mode="lines", fill="tonexty", line={"width": 0.5,
            "color": colour, "shape": shape, "dash": "dot"}, fillcolor=_translucent(colour),
            showlegend=False, legendgroup=name, connectgaps=False,
            customdata=rows["total_low"], name=name + " (range)",
            hovertemplate="%{customdata}-%{y} points (colonies not known)<extra>" + name
                          + "</extra>"))
    return traces


def _translucent(colour: str) -> str:
    """A player's colour at a quarter of its strength, for a band."""
    c = colour.lstrip("#")
    if len(c) == 6:
        r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
        return f"rgba({r},{g},{b},0.25)"
    return "rgba(128,128,128,0.25)"


@draws('timeline(game)')
def score_graph(timeline: pd.DataFrame, colours: dict[str, str] | None = None,
                step: int = 0) -> go.Figure:
    """The provisional score of every player after every step (the final scoring applied
    now), lichess-style: one line per player in their colour, the rounds marked on the
    x axis, and a marker (``layout.shapes[0]``) at ``step``."""
    fig = go.Figure()
    for name, rows in timeline.groupby("player", sort=False):
        colour = _player_colour((colours or {}).get(name, ""))
        for trace in score_traces(rows, _text(name), colour):
            fig.add_trace(trace)
    firsts = timeline.drop_duplicates("round")
    starts = firsts[firsts["round"] > 0]
    fig.add_vline(x=step, line_dash="dot", line_color="#444")
    fig.update_layout(
        title="Provisional score (the final scoring applied at every step; click to jump)",
        xaxis={"title": "round", "tickvals": list(starts["step"]),
               "ticktext": [str(r) for r in starts["round"]]},
        yaxis_title="points", height=300, margin={"l": 50, "r": 10, "t": 40, "b": 40},
        legend={"orientation": "h", "y": -0.25})
    return fig


@draws('timeline(game)')
def story_chart(timeline: pd.DataFrame, prices: pd.DataFrame,
                colours: dict[str, str] | None = None, step: int = 0) -> go.Figure:
    """The replay widget's chart: the provisional score of every player (above) and the
    three price markers (below) after every step, on one x axis of steps with the rounds
    marked, and one marker (``layout.shapes[0]``) across both at ``step``: a step moves
    one shape of one figure."""
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.1,
                        subplot_titles=("Provisional score (the final scoring applied at "
                                        "every step; click to jump)",
                                        "Price markers (the sum of the cards' values, R6)"))
    for trace in score_graph(timeline, colours).data:
        fig.add_trace(trace, row=1, col=1)
    for trace in price_chart(prices).data:
        fig.add_trace(trace, row=2, col=1)
    fig.add_shape(type="line", x0=step, x1=step, y0=0, y1=1, xref="x", yref="paper",
                  line={"color": "#d00", "width": 2}, name="step")
    firsts = timeline.drop_duplicates("round")
    starts = firsts[firsts["round"] > 0]
    fig.update_xaxes(tickvals=list(starts["step"]),
                     ticktext=[str(r) for r in starts["round"]], showgrid=True)
    fig.update_xaxes(title_text="round", row=2, col=1)
    # Fixed ranges: moving the marker then re-lays-out nothing else (no autorange to
    # work out again at every step).
    last = int(timeline["step"].max())
    fig.update_xaxes(range=[-0.5, last + 0.5], autorange=False)
    top = float(timeline["total_high" if "total_high" in timeline else "total"].max())
    fig.update_yaxes(title_text="points", row=1, col=1, autorange=False,
                     range=[min(0.0, float(timeline["total"].min())) - 1, top + 2])
    high = float(prices[["F", "T", "R"]].max().max())
    fig.update_yaxes(title_text="price", row=2, col=1, autorange=False,
                     range=[-0.5, high + 1])
    fig.update_layout(height=620, margin={"l": 50, "r": 10, "t": 40, "b": 40},
                      legend={"orientation": "h", "y": -0.12}, hovermode="x unified")
    return fig


@draws('attribution(game)')
def attribution_bars(attribution: pd.DataFrame) -> go.Figure:
    """Each player's points by the disc or phase that earned them, in one bar whose height
    is the score: the gains stacked up from zero, then the losses hanging down from the
    top of the gains, hatched, so that the bar ends where the score is."""
    table = attribution.groupby(["player", "disc"], sort=False)["points"].sum().unstack(
        fill_value=0)
    players = list(dict.fromkeys(attribution["player"]))
    discs = [d for d in DISC_ORDER if d in table.columns] + [
        d for d in table.columns if d not in DISC_ORDER]
    value = {(p, d): float(table.loc[p, d]) if p in table.index else 0.0
             for p in players for d in discs}
    gains = {p: sum(max(value[p, d], 0) for d in discs) for p in players}
    up = {p: 0.0 for p in players}       # the top of each player's gains so far
    down = dict(gains)                   # the bottom of each player's losses so far
    fig = go.Figure()
    for disc in discs:
        bases, heights, hatched = [], [], False
        for p in players:
            v = value[p, disc]
            if v >= 0:
                bases.append(up[p])
                up[p] += v
            else:
                down[p] += v
                bases.append(down[p])
                hatched = True
            heights.append(abs(v))
        fig.add_trace(go.Bar(
            x=[_text(p) for p in players], y=heights, base=bases, name=_label(disc),
            marker_color=DISC_COLOURS.get(disc),
            marker_pattern_shape=["/" if value[p, disc] < 0 else "" for p in players]
            if hatched else None,
            customdata=[value[p, disc] for p in players],
            hovertemplate="%{x}: %{customdata:+g} points<extra>" + _label(disc) + "</extra>"))
    totals = attribution.groupby("player")["points"].sum()
    fig.add_trace(go.Scatter(x=[_text(p) for p in players], y=[totals[p] for p in players],
                             mode="markers+text",
                             text=[f"{totals[p]:g}" for p in players], textposition="top center",
                             marker={"symbol": "line-ew-open", "size": 20, "color": "#000"},
                             name="final score"))
    fig.update_layout(barmode="overlay", height=380,
                      title="Where the points came from, by disc (hatched: points lost; "
                            "each bar ends at the score)", yaxis_title="points")
    return fig


#: What a player's score may be built up by, in ``waterfall``: columns of ``attribution``.
WATERFALL_BY = ("disc", "round", "card", "actor", "category")


@draws('attribution(game)')
def waterfall(attribution: pd.DataFrame, player: str, by: str = "disc") -> go.Figure:
    """One player's final score built up step by step from its sources (``by`` a column:
    ``disc``, ``round``, ``card``, ``actor``, ``category``)."""
    players = list(dict.fromkeys(attribution["player"]))
    if player not in players:   # (it drew an empty chart)
        raise ValueError(f"{player!r} is not a player of this table (the players are "
                         f"{', '.join(players)})")
    if by not in WATERFALL_BY:
        raise ValueError(f"by is one of {', '.join(WATERFALL_BY)}, not {by!r}")
    rows = attribution[attribution["player"] == player]
    # (the points with no card, or no actor, are a bar of their own: without them the
    # bars by card added up to the cards' points alone, shown as the final score)
    parts = rows.groupby(by, sort=False, dropna=False)["points"].sum()
    if by == "disc":
        parts = parts.reindex([d for d in DISC_ORDER if d in parts.index] + [
            d for d in parts.index if d not in DISC_ORDER])
    labels = [f"no {by}" if pd.isna(k) or k == "" else _label(k) if by == "disc" else _text(k)
              for k in parts.index]
    fig = go.Figure(go.Waterfall(
        x=[*labels, "final score"], y=[*parts.values, 0],
        measure=["relative"] * len(parts) + ["total"],
        text=[f"{v:+g}" for v in parts.values] + [f"{parts.sum():g}"],
        connector={"line": {"color": "#999"}}))
    fig.update_layout(title=f"{_text(player)}'s score by {_text(by)}", yaxis_title="points",
                      height=360,
                      showlegend=False)
    return fig


@draws('money_flows(game)')
def stock_exchange_chart(flows: pd.DataFrame, colours: dict[str, str] | None = None
                         ) -> go.Figure:
    """What the Stock Exchange paid (or took from) each player, round by round, in the
    players' colours (``analysis.player_colours``)."""
    rows = flows[flows["cause"] == "Stock Exchange settlement"].copy()
    rows["signed"] = rows["amount"].where(rows["payee"] != "bank", -rows["amount"])
    rows["player"] = rows["payee"].where(rows["payee"] != "bank", rows["payer"])
    table = rows.groupby(["round", "player"])["signed"].sum().unstack(fill_value=0)
    fig = go.Figure([go.Bar(x=table.index, y=table[p], name=_text(p),
                            marker_color=_player_colour((colours or {}).get(p, "")),
                            marker_line={"color": "#444", "width": 1})
                     for p in table.columns])
    fig.update_layout(barmode="group", title="Stock Exchange: earned (+) or paid (-) per round",
                      xaxis={"title": "round", "dtick": 1}, yaxis_title="million", height=340)
    return fig


@draws('corpus(paths).players')
def score_distribution(players: pd.DataFrame, by: str = "players") -> go.Figure:
    """Final scores of many games (a ``corpus(...).players`` table), one box per group."""
    fig = go.Figure([go.Box(y=rows["total"], name=_text(key), boxmean=True)
                     for key, rows in players.groupby(by)])
    fig.update_layout(title=f"Final scores by {by}", yaxis_title="points", height=360)
    return fig


@draws('corpus(paths).win_rate("seat")')
def win_rate_chart(rates: pd.Series, title: str = "Win rate") -> go.Figure:
    """A win-rate series (``Corpus.win_rate(by)``) as bars, each with the number of games
    it is of, and the fair share (what it would be if every player were as good) marked."""
    games = rates.attrs.get("games", {})
    fair = rates.attrs.get("fair", {})
    labels = [_text(k) for k in rates.index]
    fig = go.Figure(go.Bar(
        x=labels, y=rates.values, name="share won",
        text=[f"{v:.0%} of {games[k]}" if k in games else f"{v:.0%}"
              for k, v in rates.items()], textposition="outside"))
    if fair:
        fig.add_trace(go.Scatter(x=labels, y=[fair.get(k) for k in rates.index],
                                 mode="markers", name="fair share",
                                 marker={"symbol": "line-ew-open", "size": 40,
                                         "color": "#c00", "line": {"width": 2}}))
    total = sum(games.values()) if games else None
    fig.update_layout(title=_text(title) + (f" ({total} player-games)" if total else ""),
                      yaxis={"title": "share of games won", "tickformat": ".0%"},
                      height=340)
    return fig


@draws('corpus(paths).discs')
def disc_payoff_chart(discs: pd.DataFrame) -> go.Figure:
    """Average points per player and game that each disc or phase brought (a corpus)."""
    games = discs.groupby(["game", "player"]).ngroups or 1
    mean = discs.groupby("disc")["points"].sum() / games
    order = [d for d in DISC_ORDER if d in mean.index] + [d for d in mean.index
                                                          if d not in DISC_ORDER]
    fig = go.Figure(go.Bar(x=order, y=[mean[d] for d in order],
                           marker_color=[DISC_COLOURS.get(d, "#888") for d in order]))
    fig.update_layout(title="Which discs pay: points per player per game",
                      yaxis_title="points", height=340)
    return fig


__all__ = ["stock_exchange_chart", "score_distribution", "win_rate_chart",
           "disc_payoff_chart", "price_chart", "spreads_chart", "money_chart", "score_race",
           "attribution_bars", "score_graph", "story_chart",
           "waterfall", "TYPE_COLOURS"]


@draws('points_per_pawn(corpus)')
def points_per_pawn_chart(table: pd.DataFrame, players: int) -> go.Figure:
    """Points per pawn by round for each disc at a ``players`` table, with the 95%
    interval as a band (``strategy.points_per_pawn``)."""
    fig = go.Figure()
    rows = table[table.players == players]
    for disc, group in rows.groupby("disc"):
        name = disc.split(" ", 1)[1]
        colour = DISC_COLOURS.get(name, "#888")
        group = group.sort_values("round")
        fig.add_trace(go.Scatter(
            x=group["round"], y=group["mean"], mode="lines+markers", name=disc,
            line={"color": colour},
            error_y={"type": "data", "symmetric": False,
                     "array": group["high"] - group["mean"],
                     "arrayminus": group["mean"] - group["low"], "thickness": 1},
            customdata=group["pawns"],
            hovertemplate=f"{escape(disc)}, round %{{x}}: %{{y:.2f}} points per pawn "
                          "(%{customdata} holdings)<extra></extra>"))
    games = int(rows["pawns"].sum())
    fig.update_layout(title=f"Points per pawn, {players} players (95% intervals; "
                            f"{games:,} holdings)",
                      xaxis={"title": "round", "dtick": 1},
                      yaxis={"title": "points per pawn (provisional score)"},
                      height=420, margin={"l": 60, "r": 20, "t": 60, "b": 50})
    return fig


@draws('start_player(corpus)')
def start_player_chart(table: pd.DataFrame) -> go.Figure:
    """The start player's win rate by player count, with its Wilson 95% interval and the
    fair share marked (``strategy.start_player``)."""
    counts = [f"{n} players ({counted(g, 'game')})"
              for n, g in zip(table["players"], table["games"])]
    fig = go.Figure(go.Bar(
        x=counts, y=table["win_rate"], name="start player's win rate", marker_color="#2e7d9a",
        error_y={"type": "data", "symmetric": False,
                 "array": table["high"] - table["win_rate"],
                 "arrayminus": table["win_rate"] - table["low"]}))
    fig.add_trace(go.Scatter(
        x=counts, y=table["fair"], mode="markers", name="fair share (1 / players)",
        marker={"symbol": "line-ew-open", "size": 40, "color": "#b00020",
                "line": {"width": 3}}))
    fig.update_layout(title="Is the start player's seat worth something? (95% intervals)",
                      yaxis={"title": "share of games won", "tickformat": ".0%"},
                      height=380, margin={"l": 60, "r": 20, "t": 60, "b": 50})
    return fig
