"""Disc I, the Lobby (R11) and its privilege, the Lobbyist (R12).

Each pawn in sector S gives its owner as many industry turns on industries of
type S as there are pawns (everyone's) in S.  The turns are asked one at a
time (``Turn``), with ``Pass`` to stop early; a player's remaining turns are
kept per sector in ``Decision.budget`` (Factories, Transport, Raw materials).
Turns for a type the player does not own are lost, so such a player is not
asked at all.
"""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .board import DISC_NAMES, LOBBY
from .cards import INDUSTRY_NAMES, INDUSTRY_TYPES
from .common import check_turn, do_turn, turn_moves
from .flow import handler, push, step
from .interning import interned
from .moves import Move, MovePawn, Pass, Turn
from .placement import check_destination, destinations
from .state import Decision, State, ask

LOBBY_TURNS: Final = "lobby"
LOBBYIST: Final = "lobbyist"


@step("disc I")
def lobby(state: State, frame: tuple) -> None:
    """The Lobby's players in seat order from the start player (R32), then the Lobbyist.
    A player with no pawn on the Lobby has no turns there and is not asked."""
    present = {seat for seat, _ in state.pawns[LOBBY]}
    push(state, *[("lobby_player", seat) for seat in state.seats_from(state.start)
                  if seat in present], ("lobbyist",))


def _usable(state: State, seat: int, budget: tuple[int, ...]) -> bool:
    """Has the player turns left for a type they own?  (Turns for other types are lost.)"""
    for card in state.industries[seat]:
        if budget[INDUSTRY_TYPES.index(card.kind)]:
            return True
    return False


@step("lobby_player")
def lobby_player(state: State, frame: tuple) -> None:
    """R11, R32: one player's Lobby turns, in seat order from the start player."""
    _, seat = frame
    own = [0, 0, 0]
    total = [0, 0, 0]
    for s, sector in state.pawns[LOBBY]:
        i = INDUSTRY_TYPES.index(sector)
        total[i] += 1
        if s == seat:
            own[i] += 1
    budget = (own[0] * total[0], own[1] * total[1], own[2] * total[2])
    if _usable(state, seat, budget):
        state.decision = Decision(LOBBY_TURNS, seat, disc=LOBBY, budget=budget)


def _legal_turns(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    kinds = {kind for kind, n in zip(INDUSTRY_TYPES, d.budget) if n}
    cards = [c for c in state.industries[seat] if c.kind in kinds]
    return [*turn_moves(state, seat, cards), interned(Pass, seat)]


def _apply_turn(state: State, d: Decision, move: Turn) -> None:
    card = move.industry
    i = INDUSTRY_TYPES.index(card.kind) if card.kind in INDUSTRY_TYPES else -1
    if i < 0 or not d.budget[i]:
        left = ", ".join(f"{n} for {INDUSTRY_NAMES[k]}"
                         for k, n in zip(INDUSTRY_TYPES, d.budget) if n)
        raise RuleError(
            f"{state.name(move.player)} has no Lobby turns for "
            f"{INDUSTRY_NAMES.get(card.kind, card.kind)}, only {left}", "R11")
    new = check_turn(state, move.player, card, move.action, "R11")
    do_turn(state, move.player, card, new)
    turns_left = list(d.budget)
    turns_left[i] -= 1
    budget = tuple(turns_left)
    if _usable(state, move.player, budget):
        state.decision = Decision(LOBBY_TURNS, move.player, disc=LOBBY, budget=budget)


def _apply_pass(state: State, d: Decision, move: Pass) -> None:
    pass


handler(LOBBY_TURNS, "make a Lobby industry turn", "R11", _legal_turns,
        {Turn: _apply_turn, Pass: _apply_pass})


@step("lobbyist")
def lobbyist(state: State, frame: tuple) -> None:
    """R12: the privilege holder may move one Lobby pawn to another available disc."""
    holder = state.privilege_holder(LOBBY)
    state.privileges[LOBBY] = holder
    if holder is not None and destinations(state, holder, exclude=LOBBY):
        state.decision = ask(LOBBYIST, holder, disc=LOBBY)


def _legal_lobbyist(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [*(interned(MovePawn, seat, disc, sector)
              for disc, sector in destinations(state, seat, exclude=LOBBY)),
            interned(Pass, seat)]


def _apply_move(state: State, d: Decision, move: MovePawn) -> None:
    if move.disc == LOBBY:
        raise RuleError(f"The Lobbyist moves a pawn to another disc, not within the "
                        f"{DISC_NAMES[LOBBY]}", "R12")
    check_destination(state, move.disc, move.sector, "R12")
    pawns = state.pawns[LOBBY]
    # Which of the holder's Lobby pawns moves has no effect once the Lobby is
    # resolved; the last one placed is taken (docs/millionclub/rules.md).
    last = max(i for i, (seat, _) in enumerate(pawns) if seat == move.player)
    del pawns[last]
    state.pawns[move.disc].append((move.player, move.sector))


handler(LOBBYIST, "use the Lobbyist privilege (move a Lobby pawn) or pass", "R12",
        _legal_lobbyist, {MovePawn: _apply_move, Pass: _apply_pass})
