"""Setting up a game (rulebook "Setup", "Alternative Setup"; R2, R3, R30).

``new_game`` checks the table (2 to 6 players, colours, setup kind) and
returns the state at the first question: chance deals each player a Colony
card, then an Industry card, then picks the start player.  In the alternative
setup the Colonist and the Entrepreneur then pick an extra card, and the
Schemer, who sets up after everyone, picks both starting cards and names the
start player.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from mclog.engine import seat_name
from mclog.errors import RuleError, SetupError
from .board import (
    ALTERNATIVE, COLONIST, COLOURS, ENTREPRENEUR, MAX_PLAYERS, MIN_PLAYERS, ROLE_START_MONEY,
    SCHEMER, SETUPS, START_MONEY, STANDARD,
)
from .cards import COLONY_DECK, INDUSTRY_DECK
from .decks import PICK
from .flow import advance, handler, push, step
from .interning import interned
from .moves import StartPlayer
from .state import Decision, State, Table, ask, new_state

START: Final = "start player"


def default_colours(players: int, setup: str) -> tuple[str, ...]:
    """Colours in rulebook order; without green in an alternative game of fewer than 6 (R2)."""
    pool = COLOURS if setup == STANDARD or players == MAX_PLAYERS else COLOURS[:-1]
    return tuple(pool[:players])


def check_table(table: Table) -> None:
    n = table.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise SetupError(f"Million Club is for 2 to 6 players, not {n} (R2)")
    if table.setup not in SETUPS:
        raise SetupError(f"The setup is 'standard' or 'alternative', not {table.setup!r}")
    if len(set(table.names)) != n or not all(name.strip() for name in table.names):
        raise SetupError("Every player needs a name of their own")
    if len(table.colours) != n:
        raise SetupError(f"{n} players need {n} colours, got {len(table.colours)}")
    for colour in table.colours:
        if colour not in COLOURS:
            raise SetupError(f"{colour!r} is not a colour of the game: {', '.join(COLOURS)} (R2)")
    if len(set(table.colours)) != n:
        raise SetupError("Each colour can be used by one player only (R2)")
    if table.setup == ALTERNATIVE and "green" in table.colours and n != MAX_PLAYERS:
        raise SetupError("Green (the Schemer) plays only in a 6-player alternative game (R2)")


def new_game(names: Sequence[str], colours: Sequence[str] | None = None, *,
             setup: str = STANDARD, privilege_pick: bool = False,
             seat: int | None = None) -> State:
    """A new game at its first question.  Seats go clockwise in the order of ``names``;
    ``seat`` is the seat a record is written from, if it is (``Table.seat``).

    >>> s = new_game(["Ann", "Ben", "Cleo"])
    >>> s.money, s.decision.kind, s.decision.deck
    ([7, 7, 7], 'draw', 'colony')
    """
    names = tuple(names)
    table = Table(names, tuple(colours) if colours else default_colours(len(names), setup),
                  setup, privilege_pick, seat)
    check_table(table)
    roles = table.roles
    state = new_state(table, [ROLE_START_MONEY.get(role, START_MONEY) for role in roles])
    dealt = [s for s in range(table.players) if roles[s] != SCHEMER]
    frames: list[tuple] = [("draw", COLONY_DECK, 1, "deal", s) for s in dealt]
    frames += [("setup_pick", COLONY_DECK, table.seat_of_role(r)) for r in (COLONIST, SCHEMER)]
    frames += [("draw", INDUSTRY_DECK, 1, "deal", s) for s in dealt]
    frames += [("setup_pick", INDUSTRY_DECK, table.seat_of_role(r))
               for r in (ENTREPRENEUR, SCHEMER)]
    push(state, *frames, ("start_player",), ("round", 1))
    advance(state)
    return state


@step("setup_pick")
def setup_pick(state: State, frame: tuple) -> None:
    """R30: the Colonist, Entrepreneur and Schemer choose a card from the deck."""
    _, deck, seat = frame
    if seat is not None:
        state.decision = ask(PICK, seat, deck=deck, dest="deal", recipient=seat)


@step("start_player")
def start_player(state: State, frame: tuple) -> None:
    """Rulebook setup 7: at random; the Schemer names the start player instead (R30)."""
    state.decision = ask(START, state.table.seat_of_role(SCHEMER))


def _legal_start(state: State, d: Decision) -> list:
    return [interned(StartPlayer, seat, d.actor) for seat in range(state.players)]


def _apply_start(state: State, d: Decision, move: StartPlayer) -> None:
    seat_name(state.table.names, move.seat, "R30")
    state.start = move.seat


handler(START, "choose the start player", "R30", _legal_start, {StartPlayer: _apply_start})
