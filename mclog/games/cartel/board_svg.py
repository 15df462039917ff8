"""The Cartel board as SVG, "diamond-wise" as it lies on the table: each company on its
square with its value and yearly profit, filled in its owner's colour; the Bonus and
Special Profits drawn where a player earns them; each player's area at a corner with the
stock price, the stock blocks left, the bonds, the money and the profits; above it, the
cards in hand the record knows.

Every text from a record or a component file is escaped.  A board drawn from the
illustrative components says so above it.
"""

from __future__ import annotations

from html import escape

from mclog.printable import counted
from mclog.protocol import PlayerLine

#: The Cartels' colours, by seat (as the four colours of markers).
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b")
OUT_OF_PLAY = "#9aa0a6"
H = 34           # half the diagonal of a company's square, in pixels
TOP = 70         # room above the diamond for the top corner's area
SIDE = 170       # room either side for the side corners' areas


def _centre(row: int, col: int, size: int) -> tuple[float, float]:
    return SIDE + (col - row + size - 1) * H + H, TOP + (col + row) * H + H


def board_svg(state) -> str:
    board = state.board
    size = 1 + max(max(c.row, c.col) for c in board.companies.values())
    width = 2 * SIDE + 2 * size * H
    height = 2 * TOP + 2 * size * H
    owner = {w: seat for seat, cartel in enumerate(state.cartels) for w in cartel.companies}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" class="cartel-board" '
           'font-family="sans-serif" style="max-width:100%;height:auto">',
           f"<title>Cartel, year {state.year}</title>"]
    for word, c in sorted(board.companies.items()):
        x, y = _centre(c.row, c.col, size)
        seat = owner.get(word)
        if seat is not None:
            fill, ink = COLOURS[seat % len(COLOURS)], "#fff"
        elif word in state.out_of_play or word in state.buried:
            fill, ink = OUT_OF_PLAY, "#fff"
        else:
            fill, ink = "#f8f6ef", "#222"
        stroke = ' stroke="#000" stroke-width="3"' if word in state.pool else \
            ' stroke="#777" stroke-width="1"'
        points = f"{x},{y - H + 1} {x + H - 1},{y} {x},{y + H - 1} {x - H + 1},{y}"
        what = ("owned by " + escape(state.names[seat]) if seat is not None else
                "in the Pool" if word in state.pool else
                "out of play" if word in state.out_of_play or word in state.buried else "")
        out.append(f'<g class="company" data-company="{escape(word)}">'
                   f"<title>{escape(c.name)}: value {c.value}, profit {c.profit}"
                   f"{', ' + what if what else ''}</title>"
                   f'<polygon points="{points}" fill="{fill}"{stroke}/>'
                   f'<text x="{x}" y="{y - 3}" font-size="8.5" text-anchor="middle" '
                   f'fill="{ink}">{escape(c.name[:11])}</text>'
                   f'<text x="{x}" y="{y + 9}" font-size="9" text-anchor="middle" '
                   f'fill="{ink}" font-weight="bold">{c.value} · {c.profit}</text></g>')
    for pair, profit in board.bonus.items():
        a, b = sorted(pair)
        if owner.get(a) is not None and owner.get(a) == owner.get(b):
            (x1, y1), (x2, y2) = (_centre(board.companies[w].row, board.companies[w].col,
                                          size) for w in (a, b))
            out.append(f'<g class="bonus"><circle cx="{(x1 + x2) / 2}" cy="{(y1 + y2) / 2}" '
                       f'r="7" fill="#fff" stroke="{COLOURS[owner[a] % 4]}"/>'
                       f'<text x="{(x1 + x2) / 2}" y="{(y1 + y2) / 2 + 3}" font-size="8" '
                       f'text-anchor="middle">+{profit}</text></g>')
    for quad, profit in board.special.items():
        seats = {owner.get(w) for w in quad}
        held_by = next(iter(seats))
        if len(seats) == 1 and held_by is not None:
            xs, ys = zip(*(_centre(board.companies[w].row, board.companies[w].col, size)
                           for w in quad))
            cx, cy = sum(xs) / 4, sum(ys) / 4
            out.append(f'<g class="special"><circle cx="{cx}" cy="{cy}" r="10" fill="#ffd" '
                       f'stroke="{COLOURS[held_by % 4]}" stroke-width="2"/>'
                       f'<text x="{cx}" y="{cy + 3.5}" font-size="10" text-anchor="middle" '
                       f'font-weight="bold">{profit}</text></g>')
    corners = [(width / 2, 14, "middle"), (width - 6, height / 2 - 40, "end"),
               (width / 2, height - 56, "middle"), (6, height / 2 - 40, "start")]
    for seat in range(len(state.cartels)):
        x, y, anchor = corners[seat % 4]
        lines = [escape(line) for line in _area(state, seat)]
        head = (f'font-size="12" font-weight="bold" fill="{COLOURS[seat % 4]}"',
                'font-size="11" fill="#222"')
        out.append(f'<g class="area" data-seat="{seat}">' + "".join(
            f'<text x="{x}" y="{y + 13 * k}" text-anchor="{anchor}" {head[k > 0]}>{line}'
            "</text>" for k, line in enumerate(lines)) + "</g>")
    out.append("</svg>")
    return "".join(out)


def _area(state, seat: int, hand_named: bool = False) -> list[str]:
    """A player's area in words, as the board prints it: the name (with ▶ on the player
    whose turn it is), then the stock price and blocks, the cash and profits, the bonds
    and the hand: its size, or with ``hand_named`` the cards the record knows in it (a
    corner of the board has no room for them)."""
    cartel = state.cartels[seat]
    turn = seat == state.turn and not state.over and state.stage == "turn"
    hand = f"hand {hand_of(state, seat)}" if hand_named and cartel.hand else \
        f"hand {cartel.hand_size}"
    return [f"{'▶ ' if turn else ''}{state.names[seat]}"
            f"{' · out of play' if cartel.out else ''}",
            f"price {cartel.price} · {counted(cartel.blocks, 'block')}",
            f"cash {cartel.money} · profits {cartel.profits + cartel.new}",
            f"bonds {'+'.join(map(str, cartel.bonds)) or 'none'} · {hand}"]


def hand_of(state, seat: int) -> str:
    """The cards in a player's hand as the record knows them: each one seen by its name,
    ``?`` for each the record's seat did not see (``Ironside, Dunmore, ?``).  A player
    reviewing their game sees what they held when they chose."""
    cartel = state.cartels[seat]
    return ", ".join([state.board.companies[word].name for word in cartel.hand]
                     + ["?"] * (cartel.hand_size - len(cartel.hand)))


def player_lines(state) -> list[PlayerLine]:
    """Each player's area in words, for the list under the board on a narrow screen."""
    out = []
    for seat, name in enumerate(state.names):
        head, *facts = _area(state, seat, hand_named=True)
        out.append(PlayerLine(head, COLOURS[seat % 4], " · ".join(facts)))
    return out


def table_html(state) -> str:
    """The board with what lies beside it: the year, the Pool, the pile, and the label of
    illustrative components."""
    board = state.board
    pool = ", ".join(escape(board.companies[w].name) for w in state.pool) or "empty"
    where = "the game is over" if state.over else f"year {state.year} of 10"
    note = ('<p class="cartel-note" style="color:#a04000;margin:2px 0">Illustrative '
            "components: not the printed Cartel board.</p>" if board.illustrative else "")
    held = " · ".join(f"{escape(name)}: {escape(hand_of(state, seat))}"
                      for seat, name in enumerate(state.names) if state.cartels[seat].hand)
    hands = f'<p class="cartel-hands" style="margin:2px 0">In hand: {held}</p>' if held else ""
    return (f'<div class="cartel">{note}<p style="margin:2px 0">{where} · Pool: {pool} · '
            f"pile {counted(state.pile, 'card')}</p>{hands}{board_svg(state)}</div>")


__all__ = ["board_svg", "table_html", "player_lines", "hand_of", "COLOURS"]
