"""Millionenspiel's rules behind the shared engine interface (``mclog.engine``): what the
shared simulator, the bots and the recorder ask of the game.

A bet is any amount from nothing to all a player has, so ``legal`` gives the bets as a
lazy sequence (``Bets``): a random bot picks one of a million by index, and nothing lists
them.

>>> import random
>>> from mclog.games.millionenspiel.rules.engine import ENGINE, Table
>>> state = ENGINE.new_state(Table(("Ann", "Ben")))
>>> ENGINE.describe(state)
"chance: the roll-off's winner, who rolls first"
>>> ENGINE.play(state, ENGINE.chance(state, random.Random(2)))
>>> ENGINE.describe(state), len(ENGINE.legal(state))
('Ben bets (or passes)', 6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from mclog.engine import Decision, Watch, by_fields, required

from .flow import describe_decision, next_pension, pension_refused, play
from .moves import Accept, Bet, BuyPension, Die, Land, Move, Refuse, StartPlayer, Throw
from .state import (
    ACCEPT, BET, DIE, LAND, PENSION_CARDS, START, THROW, State, new_game,
)
from .track import landing


@dataclass(frozen=True)
class Table:
    """Who plays, on which track (None: the record says where the pawn lands), with how
    many pension cards of each value."""

    names: tuple[str, ...]
    track: tuple[str, ...] | None = None
    pension_cards: int = PENSION_CARDS

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


class Bets(Sequence):
    """Every bet ``seat`` may make, 0 (a pass) to ``most``, without listing them."""

    def __init__(self, seat: int, most: int) -> None:
        self.seat, self.most = seat, most

    def __len__(self) -> int:
        return self.most + 1

    @overload
    def __getitem__(self, i: int) -> Bet: ...

    @overload
    def __getitem__(self, i: slice) -> list[Bet]: ...

    def __getitem__(self, i: int | slice) -> Bet | list[Bet]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i <= self.most:
            raise IndexError(i)
        return Bet(self.seat, i)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Bet) and move.player == self.seat and 0 <= move.amount <= self.most


class Choices(Sequence):
    """Some single moves, then a lazy run of bets: what a bettor may do."""

    def __init__(self, first: list, bets: Bets) -> None:
        self.first, self.bets = first, bets

    def __len__(self) -> int:
        return len(self.first) + len(self.bets)

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        return self.first[i] if i < len(self.first) else self.bets[i - len(self.first)]

    def __contains__(self, move: object) -> bool:
        return move in self.first or move in self.bets


def pension_offer(state: State, seat: int) -> BuyPension | None:
    """The pension card ``seat`` could buy now, if the rules allow it (M15), else None."""
    wanted = next_pension(state, seat)
    if wanted is None:
        return None
    move = BuyPension(seat, wanted)
    return move if pension_refused(state, move) is None else None


class MillionenspielEngine:
    """The engine interface of Millionenspiel (its ``table`` is a ``Table``)."""

    def new_state(self, table: Table) -> State:
        return new_game(table.names, table.track, table.pension_cards)

    def decision(self, state: State) -> Decision | None:
        """The state's own decision, as the engine interface words it (whose, what kind)."""
        d = state.decision
        return None if d is None else Decision(d.actor, d.kind)

    def describe(self, state: State) -> str:
        return describe_decision(state)

    def legal(self, state: State) -> Sequence | None:
        """A bettor's pension card (if one can be bought) and bets; the roller's keeping or
        refusing; at chance, the roll-off's winners and the black space's die (what the
        recorder offers as buttons), and None for a throw of two dice (36 outcomes, and a
        die a seat did not see is written ``?``) and the landing (the track decides it
        when known; a record without one says where the pawn landed)."""
        d = state.decision
        if d is None:
            return None
        if d.actor is None:
            if d.kind == START:
                return [StartPlayer(seat) for seat in range(state.players)]
            if d.kind == DIE:
                return [Die(pips) for pips in range(1, 7)]
            return None
        if d.kind == ACCEPT:
            return [Accept(d.actor), Refuse(d.actor)]
        offer = pension_offer(state, d.actor)
        return Choices([offer] if offer else [], Bets(d.actor, state.money[d.actor]))

    def play(self, state: State, move: object, watch: Watch | None = None) -> None:
        """The move played; ``watch`` hears each seat's money that moved, with its cause,
        as the rules move it."""
        play(state, move, watch)

    def chance(self, state: State, rng: random.Random) -> Move:
        """The roll-off's winner, a throw of two fair dice, the one die of a black space, or
        where the throws take the pawn (on a known track)."""
        kind = required(state.decision, "chance's move of a game that is over").kind
        if kind == START:
            return StartPlayer(rng.randrange(state.players))
        if kind == THROW:
            return Throw((rng.randint(1, 6), rng.randint(1, 6)))
        if kind == DIE:
            return Die(rng.randint(1, 6))
        if kind == LAND:
            if state.track is None or state.position is None:
                raise ValueError("where the pawn lands can be drawn only on a known track")
            spaces = sum(t.spaces for t in state.throws)
            _, colour, passed = landing(state.track, state.position, spaces)
            return Land(colour, passed)
        raise ValueError(f"{describe_decision(state)} is no chance")

    def copy(self, state: State) -> State:
        return state.copy()


ENGINE = MillionenspielEngine()

__all__ = ["ENGINE", "MillionenspielEngine", "Table", "Bets", "pension_offer", "BET"]
