"""The greedy bot: one step of look-ahead, valued the way a careful player counts.

For every legal move the bot plays it on a copy of the state and values the
result for its seat:

    value = own provisional score (the final scoring applied now, R20)
          + (money mod 4) / 4     wealth not yet worth a point still counts a little
          - 0.5 x the best rival's provisional score

so buying a colony (+1 point, dominance perhaps, -2 million), developing an
industry (+1 point and a higher price marker), a Racket (+3 for it, -3 for
each rival) or a takeover are compared on one scale.  Moves whose worth shows
only later are valued by estimate:

* placing a pawn: each disc is worth what it is likely to bring this round: a
  Lobby sector, its industry turns (one point each, only for types the bot
  owns); Intrigue, about a point; Colonies, a colony if it can pay 2; the
  Stock Exchange, a quarter of the sector's spread (price of the type minus
  the type it depends on, R17) and nothing when the spread is negative;
  Industries, a card if it can pay 4.  A second pawn on a disc where it
  already has one is worth a little more (the privilege, R10).
* the end-of-round and Lobby turns: develop while the game is long, draw
  capital when the level is high and money is short, develop in round 9.

Ties are broken by the bot's own seeded generator, so games are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules.board import COLONIES, INDUSTRIES, INTRIGUE, LOBBY, STOCK
from ..rules.cards import DEPENDS_ON
from ..rules.flow import play
from ..rules.moves import Move, Place
from ..rules.scoring import score
from ..rules.state import State


def value(state: State, seat: int) -> float:
    rows = score(state)
    own = rows[seat].total + (state.money[seat] % 4) / 4
    rival = max((r.total for r in rows if r.seat != seat), default=0)
    return own - 0.5 * rival


def placement_value(state: State, seat: int, move: Place) -> float:
    disc, sector = move.disc, move.sector
    money = state.money[seat]
    mine = sum(1 for s, _ in state.pawns[disc] if s == seat)
    bonus = 0.4 * mine  # towards the privilege
    if disc == LOBBY:
        owned = [c for c in state.industries[seat] if c.kind == sector]
        if not owned:
            return -1.0
        pawns = sum(1 for _, sec in state.pawns[LOBBY] if sec == sector) + 1
        room = sum(4 - c.level for c in owned)
        return min(pawns * (mine + 1), room + 1) * 0.9 + bonus
    if disc == INTRIGUE:
        return 1.2 + bonus
    if disc == COLONIES:
        return (1.6 if money >= 2 else 0.2) + bonus
    if disc == STOCK and sector is not None:   # (a Stock Exchange space is a sector's)
        spread = state.prices[sector] - state.prices[DEPENDS_ON[sector]]
        return spread / 4 + bonus if spread > 0 else spread / 2
    if disc == INDUSTRIES:
        return (1.8 if money >= 4 else 0.2) + bonus
    return 0.0


class GreedyBot:
    """One-step greedy play (see the module docstring for how it values a move)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        d = state.decision
        assert d is not None   # (a bot is asked only a player's question)
        seat = d.seat
        scored: list[tuple[float, Move]] = []
        if isinstance(moves[0], Place):
            scored = [(placement_value(state, seat, m), m) for m in moves
                      if isinstance(m, Place)]
        else:
            for move in moves:
                after = state.copy()
                play(after, move)
                scored.append((value(after, seat), move))
        best = max(v for v, _ in scored)
        return self.rng.choice([m for v, m in scored if v >= best - 1e-9])
