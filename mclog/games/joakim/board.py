"""Joakim's drawing: the board's squares with the pawns and the tray of market values
(SVG), the piles, and each player's cash and property cards; the market values' chart.
Every text from a record or a component file is escaped."""

from __future__ import annotations

from html import escape

from mclog.arguments import of_game
from mclog.protocol import PlayerLine

from .rules.components import BILLIONAIRES, EXCHANGE, NEWSPAPER, UNCLE
from .rules.moves import KINDS
from .rules.sharks import owed

#: The pawns' colours, seat by seat, and the marker pins' (the rulebook's: yellow,
#: black, white, red, green, blue; white drawn grey to show on white).
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
PINS = {"gold": "#d4ac0d", "oil": "#222222", "diamond": "#9e9e9e", "aeroplane": "#c0392b",
        "bank": "#1e8449", "shipping": "#2471a3"}
_LABEL = {EXCHANGE: "Börsen +1", NEWSPAPER: "Tidningen", UNCLE: "Joakim",
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
            worth = p.cash - owed(p) + sum(p.held(k) * state.values[k] for k in KINDS)
            facts = " · ".join(filter(None, [
                f"cash {p.cash}", f"worth {worth}", _holding(p),
                f"on {p.square}" if p.square else "",
                "holds the lucky crown" if state.crown == seat else "",
                f"options {', '.join(map(str, p.options))}" if p.options else "",
                *(_sharks(state, p) if state.table.sharks else ())]))
        out.append(PlayerLine(name, COLOURS[seat % len(COLOURS)], facts))
    return out


def _label(state, kind: str) -> str:
    """A square's label: the Stock Exchange pays a million in the basic game, and deals
    Affärstipskort in the Business Sharks variant."""
    if kind == EXCHANGE and state.table.sharks:
        return "Börsen: tips"
    return _LABEL.get(kind, kind)


def _sharks(state, p) -> list[str]:
    """What the Business Sharks variant adds to a player: loans, Affärstipskort (those
    the record's seat did not see as a count), the Joakim cards kept, the Beagle Boys."""
    tips = [str(c) for c in sorted(p.tips)] + ["?"] * p.tips_unseen
    kept = [state.board.joakim[n].title.split(" (")[0] for n in p.keeps]
    return [f"loans {' + '.join(map(str, p.loans))} (repaid with {owed(p)})" if p.loans
            else "",
            f"Affärstipskort {' '.join(tips)}" if tips else "",
            f"keeps {', '.join(kept)}" if kept else "",
            "the Beagle Boys: misses the next move" if p.beagle is not None else ""]


#: A square's size in the drawing, and the tray's lines.
CELL_W, CELL_H, TRAY_LINE = 92, 58, 15


def _board(state) -> str:
    """The board as SVG: each square with its name and kind (a band in its kind's
    colour), the pawns as discs in their players' colours with their initials."""
    grid = state.board.grid
    if not grid:
        return ('<p class="joakim-no-board" style="margin:2px 0">No board file: each square '
                "landed on is stated in the record.</p>")
    pawns = {p.square: seat for seat, p in enumerate(state.players) if p.square and not p.out}
    width, height = CELL_W * max(len(r) for r in grid), CELL_H * len(grid)
    out = [f'<svg class="joakim-board" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" style="max-width:100%;height:auto" role="img" '
           f'aria-label="the board">']
    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            if square is None:
                continue
            x, y = c * CELL_W, r * CELL_H
            kind = state.board.squares[square]
            colour = PINS.get(kind, "#777")
            closed = kind == BILLIONAIRES and state.closed
            out.append(f'<g class="square" data-square="{square}">'
                       f'<rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" '
                       f'height="{CELL_H - 2}" fill="{"#eee" if closed else "#fff"}" '
                       f'stroke="#bbb"/><rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" '
                       f'height="5" fill="{colour}"/>'
                       f'<text x="{x + 5}" y="{y + 18}" font-size="10" fill="#888">{square}'
                       f'</text><text x="{x + 5}" y="{y + 31}" font-size="11" '
                       f'font-weight="bold" fill="{colour}">'
                       f'{escape(_label(state, kind))}</text>')
            if closed:
                out.append(f'<text x="{x + 5}" y="{y + 44}" font-size="10" fill="#a00">'
                           "closed</text>")
            if square in pawns:
                seat = pawns[square]
                name = state.names[seat]
                out.append(f'<circle cx="{x + CELL_W - 18}" cy="{y + CELL_H - 18}" r="12" '
                           f'fill="{COLOURS[seat % len(COLOURS)]}"><title>{escape(name)}'
                           f'</title></circle><text x="{x + CELL_W - 18}" '
                           f'y="{y + CELL_H - 14}" font-size="11" fill="#fff" '
                           f'text-anchor="middle">{escape(name[:2])}</text>')
            out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _tray(state) -> str:
    """The tray of market values as SVG: a line a kind from 1 to 25, its marker pin at
    the value (none before the setup has rolled it)."""
    left, right = 82, 540
    height = TRAY_LINE * len(KINDS) + 6
    out = [f'<svg class="joakim-values" viewBox="0 0 552 {height}" width="552" '
           f'height="{height}" style="max-width:100%;height:auto" role="img" '
           f'aria-label="the market values">']
    for i, k in enumerate(KINDS):
        y = 10 + i * TRAY_LINE
        value = state.values[k]
        out.append(f'<text x="0" y="{y + 4}" font-size="11">{k}</text>'
                   f'<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="#ddd"/>')
        if value:
            x = left + (right - left) * (value - 1) / 24
            out.append(f'<circle class="pin" data-kind="{k}" cx="{x:.1f}" cy="{y}" r="5" '
                       f'fill="{PINS[k]}" stroke="#333" stroke-width="0.5"/>'
                       f'<text x="{x + 8:.1f}" y="{y + 4}" font-size="10">{value}</text>')
    out.append("</svg>")
    return "".join(out)


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
    # (the newspapers on top that an advance tip showed, J18: what the one who peeked
    # knew of the next draws, ? where the record's seat did not see them)
    peeked = (f" (on top: {', '.join('?' if c is None else str(c) for c in state.peeked)})"
              if state.peeked else "")
    piles = ("" if board.inline else
             f" · newspaper pile {len(state.news)}{peeked} · Joakim {len(state.joakim)} · "
             f"club {len(state.club)}") + (" · the club is closed" if state.closed else "")
    if state.table.sharks:
        piles += (f" · Affärstipskort {state.tips_fresh + len(state.tips_under)} · loan "
                  "cards " + ", ".join(f"{n}×{a}" for a, n in sorted(state.loans_left.items())
                                       if n))
    return (f'<div class="joakim" style="max-width:560px">{note}'
            f'<p style="margin:2px 0">{where}{piles}</p>'
            f"{_tray(state)}{_board(state)}{_players(state)}</div>")


@of_game
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
