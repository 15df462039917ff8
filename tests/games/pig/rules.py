"""The rules of Pig, a made-up test game (not shipped): on your turn roll a die as often
as you like, adding the pips to your turn's total; a 1 loses the turn's total and ends the
turn; ``hold`` banks the total.  The first to bank ``GOAL`` points wins."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from mclog.engine import Decision, Watch, seat_name
from mclog.errors import RuleError

GOAL = 30


@dataclass(frozen=True)
class Roll:
    player: int


@dataclass(frozen=True)
class Hold:
    player: int


@dataclass(frozen=True)
class Die:
    pips: int


@dataclass
class State:
    names: tuple[str, ...]
    banked: list[int] = field(default_factory=list)
    turn: int = 0           # whose turn
    pending: int = 0        # the turn's total, not banked yet
    rolling: bool = False   # a die is in the air (chance decides next)


class PigEngine:
    def new_state(self, names) -> State:
        return State(tuple(names), [0] * len(names))

    def decision(self, state: State) -> Decision | None:
        if max(state.banked) >= GOAL:
            return None
        return Decision(None, "die") if state.rolling else Decision(state.turn, "roll or hold")

    def describe(self, state: State) -> str:
        d = self.decision(state)
        if d is None:
            return "the game is over"
        who = state.names[state.turn]
        return f"chance: {who}'s die" if d.actor is None else f"{who} rolls or holds"

    def legal(self, state: State):
        d = self.decision(state)
        if d is None:
            return None
        return [Die(pips) for pips in range(1, 7)] if d.actor is None else \
            [Roll(d.actor), Hold(d.actor)]

    def play(self, state: State, move, watch: Watch | None = None) -> None:
        d = self.decision(state)
        if d is None:
            raise RuleError("the game is over", "P1")
        who = state.names[state.turn]
        if isinstance(move, Die):
            if not state.rolling:
                raise RuleError(f"no die is rolling: {who} rolls or holds", "P2")
            state.rolling = False
            if move.pips == 1:
                state.pending = 0
                state.turn = (state.turn + 1) % len(state.names)
            else:
                state.pending += move.pips
            return
        if state.rolling:
            raise RuleError(f"{who}'s die is rolling: its pips come next", "P2")
        if move.player != state.turn:
            other = seat_name(state.names, move.player, "P2")   # (-1 is no seat)
            raise RuleError(f"it is {who}'s turn, not {other}'s", "P2")
        if isinstance(move, Roll):
            state.rolling = True
        else:
            state.banked[state.turn] += state.pending
            if watch is not None and state.pending:
                watch.score_changed(state.turn, state.pending, "held")
            state.pending = 0
            state.turn = (state.turn + 1) % len(state.names)

    def chance(self, state: State, rng: random.Random):
        return Die(rng.randint(1, 6))

    def copy(self, state: State) -> State:
        return State(state.names, list(state.banked), state.turn, state.pending, state.rolling)
