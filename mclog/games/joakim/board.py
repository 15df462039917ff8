"""Joakim's drawing: the board's squares with the pawns, the tray of market values, the
piles, and each player's cash and property cards; the market values' chart.  Every text
from a record or a component file is escaped."""

from __future__ import annotations

from html import escape

from mclog.protocol import PlayerLine

from .rules.components import BILLIONAIRES, EXCHANGE, NEWSPAPER, UNCLE
from .rules.moves import KINDS

#: The pawns' colours, seat by seat, and the marker pins' (the rulebook's: yellow,
#: black, white, red, green, blue; white drawn grey to show on white).
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
PINS = {"gold": "#d4ac0d", "oil": "#222222", "diamond": "#9e9e9e", "aeroplane": "#c0392b",
        "bank": "#1e8449", "shipping": "#2471a3"}
_LABEL = {EXCHANGE: "Börsen +1", NEWSPAPER: "Tidningen", UNCLE: "Farbror Joakim",
          BILLIONAIRES: "Klubben"}


def _holding(p) -> str:
    parts = []
    for k in KINDS:
        if p.held(k):
            cards = f" ({p.fives[k]}×5)" if p.fives[k] else ""
            parts.append(f"{k} {p.held(k)}{cards}")
    return ", ".join(parts) or "no property"


def player_lines(state) -> list[PlayerLine]:
    """Each player in words, for the list under the board on a narrow screen."""
    out = []
    for seat, (name, p) in enumerate(zip(state.names, state.players)):
        if p.out:
            facts = "has left the game"
        else:
            worth = p.cash + sum(p.held(k) * state.values[k] for k in KINDS)
            facts = " · ".join(filter(None, [
                f"cash {p.cash}", f"worth {worth}", _holding(p),
                f"on {p.square}" if p.square else "",
                "holds the lucky crown" if state.crown == seat else "",
                f"options {', '.join(map(str, p.options))}" if p.options else ""]))
        out.append(PlayerLine(name, COLOURS[seat % len(COLOURS)], facts))
    return out


def _board(state) -> str:
    pawns = {p.square: (seat, name) for seat, (name, p) in
             enumerate(zip(state.names, state.players)) if p.square and not p.out}
    rows = []
    for row in state.board.grid:
        cells = []
        for square in row:
            if square is None:
                cells.append("<td></td>")
                continue
            kind = state.board.squares[square]
            label = _LABEL.get(kind, kind)
            colour = PINS.get(kind, "#555")
            closed = " (closed)" if kind == BILLIONAIRES and state.closed else ""
            pawn = ""
            if square in pawns:
                seat, name = pawns[square]
                pawn = (f'<div style="background:{COLOURS[seat % len(COLOURS)]};color:#fff;'
                        f'border-radius:8px;padding:0 4px">{escape(name)}</div>')
            cells.append(f'<td title="{square}" style="border:1px solid #ccc;padding:2px;'
                         f'vertical-align:top;font-size:11px;overflow-wrap:anywhere">'
                         f'<span style="color:#888">{square}</span> '
                         f'<b style="color:{colour}">{escape(label)}{closed}</b>{pawn}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ('<table class="joakim-board" style="border-collapse:collapse;width:100%;'
            'max-width:560px;table-layout:fixed">' + "".join(rows) + "</table>")


def _tray(state) -> str:
    cells = "".join(f'<td style="padding:1px 6px;border-left:4px solid {PINS[k]}">{k} '
                    f"<b>{state.values[k] or '–'}</b></td>" for k in KINDS)
    return f'<table class="joakim-values" style="margin:4px 0"><tr>{cells}</tr></table>'


def _players(state) -> str:
    rows = []
    for line in player_lines(state):
        rows.append(f'<tr><td style="color:{line.colour};font-weight:bold;padding-right:8px">'
                    f"{escape(line.name)}</td><td>{escape(line.facts)}</td></tr>")
    return '<table class="joakim-players">' + "".join(rows) + "</table>"


def table_html(state) -> str:
    """The board, the tray of market values, the piles and the players, with the label
    of illustrative components."""
    board = state.board
    note = ('<p class="joakim-note" style="color:#a04000;margin:2px 0">Illustrative '
            "components: not the printed board or cards.</p>" if board.illustrative else "")
    if state.over:
        where = "the game is over"
    elif state.turns == 0:
        where = "the setup"
    else:
        where = f"turn {state.turns}: {escape(state.names[state.turn])} moves"
    piles = (f"newspaper pile {len(state.news)} · Joakim {len(state.joakim)} · "
             f"club {len(state.club)}" + (" · the club is closed" if state.closed else ""))
    return (f'<div class="joakim">{note}<p style="margin:2px 0">{where} · {piles}</p>'
            f"{_tray(state)}{_board(state)}{_players(state)}</div>")


def value_chart(played):
    """The six market values over the game, in their marker pins' colours."""
    import plotly.graph_objects as go

    states = list(played.replay.states())
    fig = go.Figure()
    for k in KINDS:
        fig.add_trace(go.Scatter(x=list(range(len(states))), y=[s.values[k] for s in states],
                                 mode="lines", line_shape="hv", name=k,
                                 line=dict(color=PINS[k])))
    fig.update_layout(xaxis_title="step", yaxis_title="market value (millions)",
                      yaxis_range=[0, 26], height=320, margin=dict(l=50, r=10, t=30, b=40))
    return fig


__all__ = ["table_html", "player_lines", "value_chart", "COLOURS", "PINS"]
