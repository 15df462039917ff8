"""End of round (R19, R9) and the end of the game after round 9."""

from __future__ import annotations

from typing import Final

from .board import ROUNDS
from .common import check_turn, do_turn, turn_moves
from .flow import handler, push, step
from .interning import interned
from .moves import Move, Pass, Turn
from .state import Decision, State, ask

ROUND_TURN: Final = "round turn"


@step("round_turn")
def round_turn(state: State, frame: tuple) -> None:
    """R19: from the start player clockwise, one optional industry turn each."""
    _, i = frame
    n = len(state.money)
    if i >= n:
        return
    state.phase = "round end"
    state.resolving = None
    state.agenda.append(("round_turn", i + 1))
    seat = (state.start + i) % n
    if state.industries[seat]:
        state.decision = ask(ROUND_TURN, seat)


def _legal(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [*turn_moves(state, seat, state.industries[seat]), interned(Pass, seat)]


def _apply_turn(state: State, d: Decision, move: Turn) -> None:
    new = check_turn(state, move.player, move.industry, move.action, "R19")
    do_turn(state, move.player, move.industry, new)


def _apply_pass(state: State, d: Decision, move: Pass) -> None:
    pass


handler(ROUND_TURN, "make the end-of-round industry turn", "R19", _legal,
        {Turn: _apply_turn, Pass: _apply_pass})


@step("end_round")
def end_round(state: State, frame: tuple) -> None:
    """Pawns come home, the start player tile passes clockwise (R9); after round 9, scoring."""
    for pawns in state.pawns.values():
        pawns.clear()
    state.start = (state.start + 1) % state.players
    if state.round >= ROUNDS:
        state.phase = "game over"
        state.resolving = None
    else:
        push(state, ("round", state.round + 1))
