"""The table of a Millionenspiel game as HTML: the track as a ring of coloured spaces with
the pawn (when the record gives a track and the pawn's space is known), and each
player's money, pension card and bet on the throw.  A pure function of the state, every
name escaped."""

from __future__ import annotations

import math
from html import escape

from .rules.state import State

#: How each colour of the board is drawn.
FILL = {"blue": "#3b6fd6", "yellow": "#f2c230", "red": "#d63b3b", "beige": "#d9c7a3",
        "green": "#3fa34d", "black": "#222222"}

_STYLE = """<style>
.me-board{font-family:sans-serif;font-size:13px;display:flex;gap:16px;align-items:center}
.me-board table{border-collapse:collapse}
.me-board td,.me-board th{padding:2px 8px;text-align:right}
.me-board td:first-child,.me-board th:first-child{text-align:left}
.me-board .roller{font-weight:bold}
</style>"""


def track_svg(state: State, size: int = 220) -> str:
    """The track as a ring of spaces from the arrow (space 0, at the top), clockwise, the
    pawn drawn on its space; without a known track, a note saying where it last landed."""
    if state.track is None:
        return ('<div class="me-track" style="max-width:180px;color:#555">No track given '
                "(a <code>Track</code> tag): the record states each landing.</div>")
    n = len(state.track)
    c = size / 2
    r = size / 2 - 18
    parts = [f'<svg class="me-track" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}">']
    for i, colour in enumerate(state.track):
        angle = 2 * math.pi * i / n - math.pi / 2
        x, y = c + r * math.cos(angle), c + r * math.sin(angle)
        ring = ' stroke="#000" stroke-width="2"' if i == 0 else ""
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{max(3, 70 / n * 2):.1f}" '
                     f'fill="{FILL[colour]}"{ring}><title>space {i}: {colour}</title>'
                     "</circle>")
    if state.position is not None:
        angle = 2 * math.pi * state.position / n - math.pi / 2
        x, y = c + (r - 16) * math.cos(angle), c + (r - 16) * math.sin(angle)
        parts.append(f'<circle class="me-pawn" cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fff" '
                     f'stroke="#000" stroke-width="2"><title>the pawn, space '
                     f"{state.position}</title></circle>")
    else:
        parts.append(f'<text x="{c - 50:.0f}" y="{c:.0f}">pawn: space unknown</text>')
    parts.append(f'<text x="{c - 8:.0f}" y="14">&#8595;</text></svg>')
    return "".join(parts)


def state_html(state: State, caption: str = "") -> str:
    """The whole table: the track, and the players' money, pension cards and bets."""
    rows = []
    for seat, name in enumerate(state.names):
        roller = ' class="roller"' if seat == state.roller else ""
        bet = state.bets.get(seat)
        rows.append(f"<tr{roller}><td>{escape(name)}{' (rolls)' if roller else ''}</td>"
                    f"<td>{state.money[seat]:,}</td><td>{state.pension[seat]}</td>"
                    f"<td>{'' if bet is None else f'{bet:,}'}</td></tr>")
    title = escape(caption) if caption else (
        f"Throw {state.throw}" if state.throw else "Before the roll-off")
    if state.finished and state.winner is not None:
        title += f" &mdash; {escape(state.names[state.winner])} is the first millionaire"
    return (f'{_STYLE}<div class="me-board">{track_svg(state)}<table><caption>{title}'
            "</caption><tr><th>player</th><th>money</th><th>pension</th><th>bet</th></tr>"
            f'{"".join(rows)}</table></div>')
