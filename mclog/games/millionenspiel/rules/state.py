"""The state of a game of Millionenspiel: money, pension cards, the pawn, this throw's
bets and dice, and the question that comes next (``decision``).

Money is what a player owns, bets included: a bet stays the player's until the throw
decides it (M10).  ``position`` is the pawn's space from the arrow when the record gives
a track and every die was seen; otherwise ``None`` (the record's ``lands`` says where).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from mclog.engine import required

# What a decision asks for.
START = "start"      # chance: the roll-off's winner
BET = "bet"          # a player's bet
THROW = "throw"      # chance: the roller's dice
ACCEPT = "accept"    # the roller keeps or refuses the first throw
LAND = "land"        # chance: where the pawn lands (and whether it passed the arrow)
DIE = "die"          # chance: the black space's one-die throw

#: Starting capital and pension (M2); the pension cards and their prices (M15).
START_MONEY = 5
PENSIONS = (5, 50, 500)
PENSION_PRICE = {50: 1_000, 500: 10_000}
#: The box's pension cards of each value: "15 Pension cards, five each in the values 5,
#: 50 and 500" (M1: so 2 to 5 players; more play a house rule with more cards).
PENSION_CARDS = 5
#: The goal (M16).
MILLION = 1_000_000


class Decision(NamedTuple):
    """The next question: its kind and whose it is (``None``: chance)."""

    kind: str
    actor: int | None = None


@dataclass(slots=True)
class State:
    names: tuple[str, ...]
    track: tuple[str, ...] | None = None
    money: list[int] = field(default_factory=list)
    pension: list[int] = field(default_factory=list)
    position: int | None = None
    #: Who rolls this throw, and the throws' count (1 for the first).
    roller: int | None = None
    throw: int = 0
    #: This throw's bets in the order they were made, and who is still to bet.
    bets: dict[int, int] = field(default_factory=dict)
    to_bet: list[int] = field(default_factory=list)
    #: This throw's dice (after a refused first throw: from the new throw on).
    throws: list = field(default_factory=list)
    refused: bool = False
    decision: Decision | None = Decision(START)
    winner: int | None = None
    #: How many pension cards of each value there are (M1, M15).
    pension_cards: int = PENSION_CARDS
    #: Where the record names no track: each landing so far, as (the turn's dice, the
    #: colour, the passings of the arrow), from which a review's rollout draws a board
    #: that agrees with them (M20, ``unknown_track.py``).
    landings: list = field(default_factory=list)


    @property
    def rolling(self) -> int:
        """The seat rolling this throw (the game has begun: the roll-off named one)."""
        return required(self.roller, "nobody rolls before the roll-off")
    @property
    def finished(self) -> bool:
        return self.decision is None

    @property
    def players(self) -> int:
        return len(self.names)

    def bet(self, seat: int) -> int:
        return self.bets.get(seat, 0)

    def copy(self) -> State:
        return State(self.names, self.track, list(self.money), list(self.pension),
                     self.position, self.roller, self.throw, dict(self.bets),
                     list(self.to_bet), list(self.throws), self.refused, self.decision,
                     self.winner, self.pension_cards, list(self.landings))

    def _repr_html_(self) -> str:  # a notebook shows the board
        from ..draw import state_html

        return state_html(self)


def new_game(names: Iterable[str], track: Iterable[str] | None = None,
             pension_cards: int = PENSION_CARDS) -> State:
    """The state before the roll-off: each player with 5 and a pension card of 5, the
    pawn on the arrow (M2); ``pension_cards`` of each value (M1: a table of more than
    five plays with more, a house rule its record names)."""
    from .flow import check_players

    seated = tuple(names)
    check_players(seated, pension_cards)
    n = len(seated)
    return State(seated, tuple(track) if track else None, [START_MONEY] * n, [PENSIONS[0]] * n,
                 0 if track else None, pension_cards=pension_cards)
