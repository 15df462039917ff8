"""Bots for Joakim, beyond the shared random one: ``trader`` buys a kind when its market
value is low against the tray's average and sells when it is high, bids at the auction's
worth when that is a bargain, and pays a debt with the fewest cards.  It is a sparring partner for simulations and reviews, not a
strategy: random bots spend everything and most of their games end with one player left,
while traders reach the winning limit."""

from __future__ import annotations

from mclog.simulate import Bot

from .rules.moves import (KINDS, REPAY, Bid, Buy, Change, Crown, Disbelieve, Draw,
                          Exercise, Move, Pass, Raise, Repay, Sell, Sold, Start, Tip, Unsold)

#: A trader buys a kind at or below this share of the tray's average market value, and
#: sells at or above the other.
CHEAP, DEAR = 0.75, 1.4


#: What a trader makes of a square that is not a kind's: where it may land next.
SQUARE_WORTH = {"exchange": 1, "news": 1.5, "joakim": 1.2}


def _cheap(state, kind: str, average: float) -> bool:
    return state.values[kind] <= CHEAP * average


def _dear(state, kind: str, average: float) -> bool:
    return state.values[kind] >= DEAR * average


def _average(state) -> float:
    """The tray's average market value (worked out once a decision: a rollout asks the
    trader thousands of times)."""
    return sum(state.values[k] for k in KINDS) / len(KINDS)


class TraderBot(Bot):
    name = "trader"

    def choose(self, state, moves):
        first = moves[0]
        if isinstance(first, Unsold) or isinstance(first, Sold):
            return self._bid(state, moves)
        if state.table.sharks:
            move = self._shark(state, moves)
            if move is not None:
                return move
        kinds = {type(m) for m in moves[:50]}
        if Start in kinds:
            return self._start(state, moves)
        if Move in kinds:
            return self._move(state, moves)
        sells = [m for m in moves if isinstance(m, Sell)]
        buys = [m for m in moves if isinstance(m, Buy)]
        if sells and not buys and not any(isinstance(m, Pass) for m in moves):
            return min(sells, key=lambda m: (m.count, state.values[m.kind]))  # (a debt)
        for m in moves:
            if isinstance(m, (Exercise, Crown)):
                return m
        average = _average(state)
        dear = [m for m in sells if _dear(state, m.kind, average)]
        if dear:
            return max(dear, key=lambda m: m.count)
        cash = state.players[first.player].cash if hasattr(first, "player") else 0
        cheap = [m for m in buys if _cheap(state, m.kind, average) and
                 m.count * state.values[m.kind] <= cash * 0.6]
        if cheap:
            return max(cheap, key=lambda m: m.count)
        for m in moves:
            if isinstance(m, Draw):
                return m
        for m in moves:
            if isinstance(m, Pass):
                return m
        if buys:
            return min(buys, key=lambda m: state.values[m.kind])
        changes = [m for m in moves if isinstance(m, Change)]
        if changes:
            return changes[0]
        return moves[self.rng.randrange(len(moves))]

    def _shark(self, state, moves):
        """The Business Sharks' decisions: a tip that helps (a rumour up on a kind it
        holds or down on one it does not, money, the Beagle Boys on the richest, a closed
        auction when it has cash), a loan repaid when cash is plenty, a closed bid at a
        bargain, a rumour against its holdings disbelieved; no loans taken."""
        kinds = {type(m) for m in moves}
        task = state.tasks[0]
        me = state.players[task.player] if task.player is not None else None
        if Repay in kinds:
            for m in moves:
                if isinstance(m, Repay) and me.cash >= 3 * REPAY[m.amount]:
                    return m
        if Tip in kinds:
            good = [m for m in moves if isinstance(m, Tip) and self._helps(state, m)]
            if good:
                return max(good, key=lambda m: (m.on is None or
                                                state.players[m.on].cash, -m.card))
        if task.kind in ("bid", "raise"):
            lot = state.sealed
            worth = state.values[lot.kind] * lot.size
            offer = max(1, worth * 3 // 4) - lot.bids.get(task.player, 0)
            bid = (Bid if task.kind == "bid" else Raise)(task.player, offer)
            bargain = _cheap(state, lot.kind, _average(state))
            return bid if bargain and offer > 0 and bid in moves else Pass(task.player)
        if task.kind == "rumour":
            hurts = task.effect.by < 0 and any(
                state.players[m.player].held(task.what) for m in moves
                if isinstance(m, Disbelieve))
            mine = [m for m in moves if isinstance(m, Disbelieve) and
                    state.players[m.player].held(task.what)]
            return mine[0] if hurts and mine else Pass(task.player)
        if task.kind == "lot":
            return min(moves, key=lambda m: (state.values[m.kind], -m.size))
        return None

    def _helps(self, state, move) -> bool:
        me = state.players[move.player]
        card = state.board.tips[move.card]
        for e in (*card.all, *card.you):
            if e.do == "rumour":
                if e.kind in KINDS:
                    return (e.by > 0) == bool(me.held(e.kind))
                return e.by > 0
            if e.do in ("earn", "beagle"):
                return True
            if e.do == "sealed":
                return me.cash >= 30
            if e.do == "interest":
                return not me.loans
        return False

    def _start(self, state, moves):
        return moves[self.rng.randrange(len(moves))]

    def _move(self, state, moves):
        me = state.players[moves[0].player]
        average = _average(state)

        def worth(m):
            kind = state.board.squares[m.square]
            if kind in KINDS:
                value = state.values[kind]
                if _dear(state, kind, average) and me.held(kind):
                    return 3
                return 2 if _cheap(state, kind, average) and me.cash >= 2 * value else 0
            return SQUARE_WORTH.get(kind, 0.5)
        worths = [worth(m) for m in moves]
        best = max(worths)
        good = [m for m, w in zip(moves, worths) if w == best]
        return good[self.rng.randrange(len(good))]

    def _bid(self, state, moves):
        task = state.tasks[0]
        worth = 5 * state.values[task.what]
        rich = max((s for s in state.active()), key=lambda s: state.players[s].cash)
        price = worth
        bargain = _cheap(state, task.what, _average(state))
        if not bargain or 2 * price > state.players[rich].cash:
            return Unsold()   # (only a bargain is worth its cash)
        move = Sold(rich, price)
        return move if move in moves else Unsold()


__all__ = ["TraderBot"]
