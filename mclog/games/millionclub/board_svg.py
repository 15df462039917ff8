"""The Million Club table drawn as SVG: what the replay widget, a notebook's state and
the report page show (issue 14: "a board that looks like the table").

The five discs as in the rulebook's illustration: sectors (Factories, Transport, Raw
materials) on I and IV, numbered spaces on II, III and V, each pawn in its player's
colour with the player's initial, the unavailable disc greyed; the three price markers
on a track, with what a Stock Exchange pawn earns in each sector; and a row per player:
money, provisional score and rank, industries as cards (type colour, level, +bonus),
colonies as continent chips, privileges.  A legend says what the signs mean.  The SVG
scales to its width (``viewBox``), readable at 1,000 and 1,400 px; every name escaped.
"""

from __future__ import annotations

import math
from html import escape

from mclog.protocol import PlayerLine

from .draw import COLOUR_CSS, colonies_text, privileges_held
from .rules.board import DISC_NAMES, DISCS, PRIVILEGE_NAMES, ROMAN, unavailable_disc
from .rules.cards import CONTINENTS, DEPENDS_ON, INDUSTRY_NAMES, INDUSTRY_TYPES, is_handle
from .rules.scoring import score
from .rules.state import State

WIDTH = 960
TYPE_FILL = {"F": "#c9d6ea", "T": "#f6dcb8", "R": "#cde8d5"}
TYPE_INK = {"F": "#4c6a92", "T": "#b86a0c", "R": "#2f7d4a"}
CONTINENT_FILL = {"africa": "#e0a458", "america": "#d96c6c", "asia": "#e8d35a",
                  "india": "#9c7fd1", "oceania": "#5fb0c9"}
_DISC_Y = 105
_DISC_R = 62


def _ink(colour: str) -> str:
    """A pawn's text colour: dark on light pawns, white on dark ones."""
    return "#000" if colour in ("yellow", "white") else "#fff"


def _pawn(x: float, y: float, state: State, seat: int, r: float = 11) -> str:
    colour = state.table.colours[seat]
    name = state.name(seat)
    return (f'<g class="pawn"><title>{escape(name)}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{COLOUR_CSS.get(colour, "#999")}"'
            f' stroke="#333" stroke-width="1.2"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" '
            f'font-weight="bold" fill="{_ink(colour)}">{escape(name[:1])}</text></g>')


def _disc(state: State, disc: int, cx: float) -> str:
    off = state.round and disc == unavailable_disc(state.round)
    cy, r = _DISC_Y, _DISC_R
    parts = [f'<g class="disc{" off" if off else ""}">']
    pawns = state.pawns[disc]
    if disc in (1, 4):  # three sectors
        for i, kind in enumerate(INDUSTRY_TYPES):
            a0, a1 = -math.pi / 2 + i * 2 * math.pi / 3, -math.pi / 2 + (i + 1) * 2 * math.pi / 3
            x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
            x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
            fill = "#e6e6e6" if off else TYPE_FILL[kind]
            parts.append(f'<path d="M{cx},{cy} L{x0:.1f},{y0:.1f} A{r},{r} 0 0,1 '
                         f'{x1:.1f},{y1:.1f} Z" fill="{fill}" stroke="#777"/>')
            mid = (a0 + a1) / 2
            lx, ly = cx + 0.78 * r * math.cos(mid), cy + 0.78 * r * math.sin(mid)
            parts.append(f'<text x="{lx:.1f}" y="{ly + 4:.1f}" text-anchor="middle" '
                         f'font-size="11" fill="{TYPE_INK[kind]}">{kind}</text>')
            here = [s for s, sec in pawns if sec == kind]
            for j, seat in enumerate(here):
                px = cx + 0.45 * r * math.cos(mid) + (j - (len(here) - 1) / 2) * 16 * \
                    math.sin(mid)
                py = cy + 0.45 * r * math.sin(mid) - (j - (len(here) - 1) / 2) * 16 * \
                    math.cos(mid)
                parts.append(_pawn(px, py, state, seat, 9))
    else:  # numbered spaces, one per player
        n = state.players
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" '
                     f'fill="{"#e6e6e6" if off else "#f4f1e8"}" stroke="#777"/>')
        for i in range(n):
            a = -math.pi / 2 + i * 2 * math.pi / n
            sx, sy = cx + 0.66 * r * math.cos(a), cy + 0.66 * r * math.sin(a)
            parts.append(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="12" fill="#fff" '
                         f'stroke="#aaa"/><text x="{sx:.1f}" y="{sy + 4:.1f}" '
                         f'text-anchor="middle" font-size="10" fill="#999">{i + 1}</text>')
            if i < len(pawns):
                parts.append(_pawn(sx, sy, state, pawns[i][0]))
    label = f"{ROMAN[disc]} " + ("unavailable" if off else DISC_NAMES[disc])
    parts.append(f'<text x="{cx}" y="{cy + r + 18}" text-anchor="middle" font-size="13" '
                 f'font-weight="bold" fill="{"#999" if off else "#222"}">{label}</text>')
    holder = state.privileges.get(disc)
    if holder is not None:
        parts.append(f'<text x="{cx}" y="{cy + r + 33}" text-anchor="middle" font-size="11">'
                     f"{PRIVILEGE_NAMES[disc]}: {escape(state.name(holder))}</text>")
    parts.append("</g>")
    return "".join(parts)


def _prices(state: State, y: float) -> str:
    """The price track (0 to 12, or to the highest price) with the three markers, and
    what a Stock Exchange pawn earns in each sector."""
    top = max(12, *state.prices.values())
    x0 = 60
    step = min(34, 520 / (top + 1))
    parts = [f'<text x="10" y="{y + 4}" font-size="12" font-weight="bold">Prices</text>']
    for v in range(top + 1):
        parts.append(f'<rect x="{x0 + v * step}" y="{y - 12}" width="{step - 2}" height="24" '
                     f'fill="#f4f4f4" stroke="#ccc"/><text x="{x0 + v * step + step / 2 - 1}" '
                     f'y="{y + 24 + 10}" text-anchor="middle" font-size="10" fill="#777">{v}'
                     "</text>")
    at_price: dict[int, list[str]] = {}  # markers sharing a price stand side by side
    for kind in INDUSTRY_TYPES:
        at_price.setdefault(max(0, state.prices[kind]), []).append(kind)
    for price, kinds in at_price.items():
        for j, kind in enumerate(kinds):
            cx = x0 + price * step + step / 2 - 1 + (j - (len(kinds) - 1) / 2) * 12
            parts.append(f'<circle cx="{cx:.1f}" cy="{y}" r="7" fill="{TYPE_INK[kind]}"/>'
                         f'<text x="{cx:.1f}" y="{y + 3.5}" text-anchor="middle" '
                         f'font-size="9" fill="#fff">{kind}</text>')
    for i, kind in enumerate(INDUSTRY_TYPES):
        spread = state.prices[kind] - state.prices[DEPENDS_ON[kind]]
        parts.append(f'<text x="{x0 + (top + 1) * step + 14}" y="{y - 10 + 14 * i}" '
                     f'font-size="12" fill="{TYPE_INK[kind]}">{INDUSTRY_NAMES[kind]} '
                     f"{state.prices[kind]} (IV pawn {spread:+d})</text>")
    return "".join(parts)


def _player(state: State, seat: int, y: float, points: tuple[str, str] | None,
            held: list[str]) -> str:
    name = state.name(seat)
    start = " \u2605" if seat == state.start and state.round else ""
    parts = [_pawn(22, y, state, seat, 12),
             f'<text x="42" y="{y + 5}" font-size="14" font-weight="bold">'
             f"{escape(name)}{start}</text>",
             f'<text x="160" y="{y + 5}" font-size="13">{state.money[seat]} million</text>']
    if points is not None:
        total, rank = points
        unit = "point" if total == "1" else "points"
        parts.append(f'<text x="242" y="{y + 5}" font-size="13">{total} {unit} '
                     f"{rank}</text>")
    x = 380
    for card in sorted(state.industries[seat]):
        text = str(card)
        w = 14 + 7 * len(text)
        parts.append(f'<g class="industry"><title>{card.describe()}</title>'
                     f'<rect x="{x}" y="{y - 12}" width="{w}" height="24" rx="3" '
                     f'fill="{TYPE_FILL[card.kind]}" stroke="{TYPE_INK[card.kind]}"/>'
                     f'<text x="{x + w / 2}" y="{y + 4}" text-anchor="middle" font-size="12" '
                     f'fill="{TYPE_INK[card.kind]}">{text}</text></g>')
        x += w + 4
    x = max(x + 10, 600)
    colonies = state.colonies[seat]
    for continent in [*CONTINENTS, "?"]:
        count = colonies.get(continent, 0) if continent != "?" else sum(
            n for c, n in colonies.items() if is_handle(c))
        if not count:
            continue
        label = continent[:3] + (f" {count}" if count > 1 else "")
        w = 14 + 7 * len(label)
        parts.append(f'<g class="colony"><title>{count} {escape(continent)}</title>'
                     f'<rect x="{x}" y="{y - 11}" width="{w}" height="22" rx="11" '
                     f'fill="{CONTINENT_FILL.get(continent, "#ddd")}" stroke="#666"/>'
                     f'<text x="{x + w / 2}" y="{y + 4}" text-anchor="middle" font-size="11">'
                     f"{escape(label)}</text></g>")
        x += w + 4
    if held:
        parts.append(f'<text x="{WIDTH - 10}" y="{y + 5}" text-anchor="end" font-size="11">'
                     f"{', '.join(held)}</text>")
    return "".join(parts)


def player_lines(state: State, scores: list) -> list[PlayerLine]:
    """What the board's rows say of each player, in words, for the list under the board
    on a narrow screen: money, points and place (``scores``: as the whole record settles
    them, a range where it leaves them open), industries, colonies and privileges."""
    points = {r.seat: score_cells(r) for r in scores}
    held = privileges_held(state)
    out = []
    for seat in range(state.players):
        facts = [f"{state.money[seat]} million"]
        if seat in points:
            total, rank = points[seat]
            facts.append(f"{total} {'point' if total == '1' else 'points'} {rank}")
        industries = " ".join(map(str, sorted(state.industries[seat])))
        facts.append("industries " + (industries or "none"))
        facts.append("colonies " + (colonies_text(state.colonies[seat]) or "none"))
        if held.get(seat):
            facts.append(", ".join(held[seat]))
        start = " \u2605" if seat == state.start and state.round else ""
        out.append(PlayerLine(state.name(seat) + start,
                              COLOUR_CSS.get(state.table.colours[seat], "#999"),
                              " · ".join(facts)))
    return out


def score_cells(row) -> tuple[str, str]:
    """A player's points and place as the board shows them: ``12`` and ``(#2)``, or a range
    ``12-15`` and the places it allows, ``(#1-3)`` (``Score.rank_text``)."""
    return row.total_text, f"(#{row.rank_text})"


LEGEND = ("\u2605 start player \u00b7 F2+1: a level-2 factory with a Capital Increase of 1 "
          "\u00b7 (IV pawn +4): what a Stock Exchange pawn in that sector earns",
          "grey: the disc unavailable this round \u00b7 points (#rank): the final scoring "
          "applied now (12-15: colonies not yet known leave it open) \u00b7 hover a card "
          "or chip for its name")


def board_svg(state: State, caption: str = "", next_question: str = "",
              scores: list | None = None) -> str:
    """The table in ``state`` (see the module text); the caption is ``caption``, or the
    round and ``next_question``.  ``scores``: the players' scores to show, as the game's
    whole record settles them (``GameReplay.scores_of``: a range such as ``12-15`` where
    unknown colonies leave them open); by default the state's own, which a state with
    unknown colonies can only guess at, so a replayed game always passes its own."""
    rows = score(state) if scores is None else scores
    points = {r.seat: score_cells(r) for r in rows}
    held = privileges_held(state)
    prices_y = _DISC_Y + _DISC_R + 62
    players_y = prices_y + 62
    height = players_y + 34 * state.players + 40
    parts = [f'<svg class="mclog-svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
             f'style="max-width:{WIDTH}px;font-family:sans-serif" role="img">']
    for i, disc in enumerate(DISCS):
        parts.append(_disc(state, disc, 95 + i * 192))
    parts.append(_prices(state, prices_y))
    for seat in range(state.players):
        parts.append(_player(state, seat, players_y + 34 * seat, points.get(seat),
                             held.get(seat, [])))
    for i, line in enumerate(LEGEND):
        parts.append(f'<text x="10" y="{height - 26 + 15 * i}" font-size="11" fill="#555">'
                     f"{line}</text>")
    parts.append("</svg>")
    where = f"Round {state.round}" if state.round else "Setup"
    title = escape(caption) if caption else where + (
        f" &mdash; next: {escape(next_question)}" if next_question else "")
    return (f'<div class="mclog-board"><div class="caption" style="font-family:sans-serif;'
            f'font-size:14px;margin:4px 0">{title}</div>{"".join(parts)}</div>')
