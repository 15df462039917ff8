"""A round's placement of pawns (rulebook "Placing pawns", "Placement order"; R7, R8).

A round begins by turning over the unavailable disc; then, from the start
player clockwise, each player places one pawn, twice round.
"""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .board import (
    DISC_NAMES, DISCS, NUMBERED_DISCS, ROMAN, SECTOR_DISCS, unavailable_disc,
)
from .cards import INDUSTRY_TYPES
from .flow import handler, push, step
from .interning import interned
from .moves import Move, Place
from .state import Decision, State, ask

PLACE: Final = "place"
_SECTORS: Final = "Factories (F), Transport (T) or Raw materials (R)"


@step("round")
def begin_round(state: State, frame: tuple) -> None:
    _, number = frame
    state.round = number
    state.phase = "placement"
    state.placed = 0
    state.privileges = {}
    state.resolving = None
    push(state, ("placement",), *[("resolve", disc) for disc in DISCS],
         ("round_turn", 0), ("end_round",))


#: The placement question of each seat (shared, see ``ask``), looked up by seat.
_ASK_PLACE: Final = tuple(ask(PLACE, seat) for seat in range(6))


@step("placement")
def placement(state: State, frame: tuple) -> None:
    """Ask for the next pawn, clockwise from the start player, two rounds of the table.

    The step stays on the agenda while placements remain: a placement asks for the
    next one itself (``_apply``), and the step ends the placement once all are made.
    """
    if _ask_next_pawn(state):
        state.agenda.append(("placement",))


def _ask_next_pawn(state: State) -> bool:
    """Ask the next seat for a pawn, if any pawn is still to be placed this round."""
    n = len(state.money)
    if state.placed < 2 * n:
        state.decision = _ASK_PLACE[(state.start + state.placed) % n]
        return True
    return False


def check_destination(state: State, disc: int, sector: str | None, rule: str) -> None:
    """Can a pawn go to ``disc`` (and ``sector``) this round? (R7, R8, and R12 for the Lobbyist)."""
    if disc not in DISCS:
        raise RuleError(f"There is no disc {disc!r}: the discs are I to V", rule)
    if disc == unavailable_disc(state.round):
        raise RuleError(f"The {disc_name(disc)} is unavailable in round {state.round}", "R7")
    if disc in SECTOR_DISCS:
        if sector not in INDUSTRY_TYPES:
            raise RuleError(f"A pawn on the {disc_name(disc)} stands in a sector: {_SECTORS}",
                            rule)
    else:
        if sector is not None:
            raise RuleError(f"The {disc_name(disc)} has numbered spaces, not sectors", rule)
        if len(state.pawns[disc]) >= len(state.money):  # one space per player
            raise RuleError(
                f"All {state.players} spaces of the {disc_name(disc)} are taken", rule)


def disc_name(disc: int) -> str:
    """``Stock Exchange disc (IV)``: how messages name a disc."""
    return f"{DISC_NAMES[disc]} disc ({ROMAN[disc]})"


def destinations(state: State, seat: int, exclude: int | None = None) -> list[tuple]:
    """Every (disc, sector) a pawn of ``seat`` may go to now."""
    out: list[tuple] = []
    off = unavailable_disc(state.round)
    for disc in DISCS:
        if disc == off or disc == exclude:
            continue
        if disc in NUMBERED_DISCS:
            if len(state.pawns[disc]) < state.players:
                out.append((disc, None))
        else:
            out.extend((disc, sector) for sector in INDUSTRY_TYPES)
    return out


#: The placements open to a seat depend only on the round (its unavailable disc) and on
#: which numbered discs are full, so each such list is worked out once: the simulator asks
#: for it at every placement.
_LEGAL_PLACES: Final[dict[tuple, tuple[Move, ...]]] = {}
_N1, _N2, _N3 = sorted(NUMBERED_DISCS)


def _legal(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    n, pawns = len(state.money), state.pawns
    key = (seat, state.round, len(pawns[_N1]) < n, len(pawns[_N2]) < n, len(pawns[_N3]) < n)
    moves = _LEGAL_PLACES.get(key)
    if moves is None:
        moves = _LEGAL_PLACES[key] = tuple(
            interned(Place, seat, disc, sector) for disc, sector in destinations(state, seat))
    return list(moves)


def _apply(state: State, d: Decision, move: Place) -> None:
    check_destination(state, move.disc, move.sector, "R8")
    state.pawns[move.disc].append((move.player, move.sector))
    state.placed += 1
    _ask_next_pawn(state)  # here rather than by a round trip to the step


handler(PLACE, "place a pawn", "R8", _legal, {Place: _apply})


#: The step that carries out each disc (``disc II`` ...), registered by the disc's module.
_DISC_STEP: Final = {disc: (f"disc {ROMAN[disc]}",) for disc in DISCS}


@step("resolve")
def resolve(state: State, frame: tuple) -> None:
    """Carry out one disc's actions and privilege (resolved I to V)."""
    _, disc = frame
    state.phase = "resolve"
    state.resolving = disc
    state.privileges[disc] = None
    if disc != unavailable_disc(state.round) and state.pawns[disc]:
        state.agenda.append(_DISC_STEP[disc])
