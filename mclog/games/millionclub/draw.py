"""A compact HTML drawing of a Million Club table, for notebooks.

``board_html(state)`` is a pure function of the state (the tests assert on its
text): the five discs with their pawns in the players' colours (the
unavailable disc greyed), the price board with the Stock Exchange spreads,
and one row per player with money, industries (type, level, bonus), colonies
and the privileges held this round.  ``State._repr_html_`` calls it, so a
notebook shows a state with no extra code.
"""

from __future__ import annotations

from html import escape

from .rules.board import DISC_NAMES, DISCS, PRIVILEGE_NAMES, ROMAN, unavailable_disc
from .rules.cards import CONTINENTS, DEPENDS_ON, INDUSTRY_NAMES, INDUSTRY_TYPES, is_handle
from .rules.state import State

#: Pawn colours as drawn; white pawns get a dark outline.
COLOUR_CSS = {
    "yellow": "#f2c300", "black": "#222222", "blue": "#2a6fd6",
    "white": "#ffffff", "red": "#d63333", "green": "#2a9d3a",
}
_STYLE = (
    "<style>.mcb{font-family:sans-serif;font-size:13px;border-collapse:collapse}"
    ".mcb td,.mcb th{border:1px solid #ccc;padding:3px 6px;vertical-align:top}"
    ".mcb .off{background:#eee;color:#999}.mcb .pawn{display:inline-block;width:11px;"
    "height:11px;border-radius:50%;border:1px solid #555;margin:0 1px;vertical-align:middle}"
    ".mcb .ind{display:inline-block;border:1px solid #888;border-radius:3px;padding:0 3px;"
    "margin:1px;background:#f6f6f0}</style>"
)


def pawn(colour: str, title: str = "") -> str:
    return (f'<span class="pawn" title="{escape(title)}" '
            f'style="background:{COLOUR_CSS.get(colour, "#999")}"></span>')


def _discs(state: State) -> str:
    off = unavailable_disc(state.round) if state.round else None
    cells = []
    for disc in DISCS:
        pawns = state.pawns[disc]
        if disc in (1, 4):
            inner = "<br>".join(
                f"{kind}: " + "".join(pawn(state.table.colours[s], state.name(s))
                                     for s, sec in pawns if sec == kind)
                for kind in INDUSTRY_TYPES)
        else:
            inner = "".join(f"{i}.{pawn(state.table.colours[s], state.name(s))} "
                            for i, (s, _) in enumerate(pawns, 1)) or "&nbsp;"
        holder = state.privileges.get(disc)
        priv = (f"<br><small>{PRIVILEGE_NAMES[disc]}: {escape(state.name(holder))}</small>"
                if holder is not None else "")
        cls = ' class="off"' if disc == off else ""
        label = "unavailable" if disc == off else DISC_NAMES[disc]
        cells.append(f"<td{cls}><b>{ROMAN[disc]}</b> {label}<br>{inner}{priv}</td>")
    return "<tr>" + "".join(cells) + "</tr>"


def _prices(state: State) -> str:
    cells = []
    for kind in INDUSTRY_TYPES:
        spread = state.prices[kind] - state.prices[DEPENDS_ON[kind]]
        cells.append(f"<td>{INDUSTRY_NAMES[kind]} <b>{state.prices[kind]}</b> "
                     f"<small>(IV pawn {spread:+d})</small></td>")
    return "<tr>" + "".join(cells) + "</tr>"


def _industry(card) -> str:
    return f'<span class="ind" title="{card.describe()}">{card}</span>'


def colonies_text(held: dict[str, int]) -> str:
    """A player's colonies in words (``asia 2, india, ? 3``; "" for none): the unknown
    ones, whatever their handles, counted together."""
    parts = [f"{c} {held[c]}" if held[c] > 1 else c for c in CONTINENTS if held.get(c)]
    unknown = sum(n for c, n in held.items() if is_handle(c))
    if unknown:
        parts.append(f"? {unknown}" if unknown > 1 else "?")
    return ", ".join(parts)


def privileges_held(state: State) -> dict[int, list[str]]:
    """The privileges each seat holds, by name."""
    held: dict[int, list[str]] = {}
    for disc, seat in state.privileges.items():
        if seat is not None:
            held.setdefault(seat, []).append(PRIVILEGE_NAMES[disc])
    return held


def _players(state: State) -> str:
    rows = ["<tr><th>player</th><th>money</th><th>industries</th><th>colonies</th>"
            "<th>privileges</th></tr>"]
    held_by = privileges_held(state)
    for seat, name in enumerate(state.table.names):
        start = " &#9733;" if seat == state.start and state.round else ""
        cards = "".join(_industry(c) for c in sorted(state.industries[seat])) or "&ndash;"
        rows.append(
            f"<tr><td>{pawn(state.table.colours[seat])} {escape(name)}{start}</td>"
            f"<td>{state.money[seat]}</td><td>{cards}</td>"
            f"<td>{colonies_text(state.colonies[seat]) or '&ndash;'}</td>"
            f"<td>{', '.join(held_by.get(seat, [])) or '&ndash;'}</td></tr>")
    return "".join(rows)


def board_html(state: State, caption: str = "", next_question: str = "") -> str:
    """The table as HTML: discs and pawns, price board, players.  The caption is
    ``caption``, or the round and ``next_question`` (the caller's wording of the state's
    decision: ``describe_decision``; the drawing knows nothing of the rules' flow)."""
    where = f"Round {state.round}" if state.round else "Setup"
    title = escape(caption) if caption else where + (
        f" &mdash; next: {escape(next_question)}" if next_question else "")
    return (
        f'{_STYLE}<div class="mclog-board"><table class="mcb"><caption>{title}</caption>'
        f"{_discs(state)}</table>"
        f'<table class="mcb">{_prices(state)}</table>'
        f'<table class="mcb">{_players(state)}</table></div>'
    )
