"""Moves: every decision of a game of Million Club, and every random draw.

One class per action, in the manner of the 18xx.games engine.  A played game is
fully described by its sequence of moves; random events are moves made by
*chance* (``player is None``): which card comes off a deck (``Draw``) and who
starts (``StartPlayer``).

Players are seat numbers (0 = first seat; the table goes clockwise).  A move
that names an industry names it as a player sees it on the table: its type,
printed level and bonus (``Industry("F", 2, 0)`` is "a level-2 factory"), and
for another player's card also its owner.  Cards of the same type, level and
bonus are interchangeable in every rule, so this is never ambiguous.

Each decision point asks for one atomic choice; a move that ends a sequence
early ("no more Lobby turns", "do not use the privilege", "do not buy") is
``Pass``.

A move is a frozen dataclass without ``__slots__``: the reader and the engine hand out one
object per distinct move (``interning.py``), so slots would save no memory, and a
dataclass with slots is built twice over (its class is made anew), which every command
pays as it starts (issue 29).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .cards import Industry

#: The two industry turns (rulebook "Industry turns", R5).
DEVELOP: Final = "develop"
CAPITAL: Final = "capital"


@dataclass(frozen=True)
class Move:
    """Base class of every move.

    Every move has a ``player`` field: the seat that decides, ``None`` for
    chance.  (It is declared by each subclass, so that chance moves can give
    it a default and put their own fields first.)
    """

    if TYPE_CHECKING:   # (for the type checker only: a field here would come first)
        @property
        def player(self) -> int | None: ...



# --- chance ------------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Move):
    """Chance: the next card off the deck being drawn from is ``card``."""

    card: str
    player: int | None = None


@dataclass(frozen=True)
class StartPlayer(Move):
    """Who takes the start player tile for round 1: by chance, or the Schemer (R30)."""

    seat: int
    player: int | None = None


# --- setup -------------------------------------------------------------------


@dataclass(frozen=True)
class Pick(Move):
    """Take a card of one's choice from a deck.

    Used by the Colonist, Entrepreneur and Schemer at setup (R30), and by a
    privilege holder when the table plays the Japanese summary's reading (R16).
    """

    player: int
    card: str


# --- placement ---------------------------------------------------------------


@dataclass(frozen=True)
class Place(Move):
    """Place a pawn on ``disc``; on Lobby and Stock Exchange, in ``sector`` (R8)."""

    player: int
    disc: int
    sector: str | None = None


# --- sequences and privileges --------------------------------------------------


@dataclass(frozen=True)
class Pass(Move):
    """End a sequence early: no more industry turns, decline a privilege or a buy."""

    player: int


@dataclass(frozen=True)
class UsePrivilege(Move):
    """Machiavelli, Acquisition, Opportunity: draw the extra card (R10, R14, R15)."""

    player: int


@dataclass(frozen=True)
class Turn(Move):
    """One industry turn on one of the player's own industries: develop or draw capital."""

    player: int
    industry: Industry
    action: str


@dataclass(frozen=True)
class MovePawn(Move):
    """Lobbyist privilege (R12): move a Lobby pawn to another available disc."""

    player: int
    disc: int
    sector: str | None = None


# --- drafts ------------------------------------------------------------------


@dataclass(frozen=True)
class Choose(Move):
    """Intrigue draft: choose this card from the hand and carry it out (R14)."""

    player: int
    card: str


@dataclass(frozen=True)
class Buy(Move):
    """Colonies or Industries: buy this card from the hand (R15)."""

    player: int
    card: str


@dataclass(frozen=True)
class SetAside(Move):
    """Colonies or Industries: set this card aside face down instead of buying (R15)."""

    player: int
    card: str


@dataclass(frozen=True)
class Takeover(Move):
    """Hostile takeover (R18): buy ``owner``'s ``industry`` for three times its value."""

    player: int
    owner: int
    industry: Industry


# --- intrigue cards -------------------------------------------------------------


@dataclass(frozen=True)
class Target(Move):
    """Buy a colonial contract, Colonial Unrest: name the opponent (R23, R24)."""

    player: int
    opponent: int


@dataclass(frozen=True)
class BuyContract(Move):
    """Buy a colonial contract: buy one of the named opponent's colonies for 3 (R23)."""

    player: int
    continent: str


@dataclass(frozen=True)
class Swap(Move):
    """Colonial Unrest: give one own colony for one of the named opponent's (R24)."""

    player: int
    give: str
    take: str


@dataclass(frozen=True)
class Raise(Move):
    """Unfair competition: raise one own industry by one level (R27)."""

    player: int
    industry: Industry


@dataclass(frozen=True)
class Lower(Move):
    """Unfair competition: lower one of ``owner``'s industries of the raised type (R27)."""

    player: int
    owner: int
    industry: Industry


@dataclass(frozen=True)
class Dump(Move):
    """Dumping: swap own ``give`` for ``owner``'s ``take``; values differ by at most 1 (R28)."""

    player: int
    give: Industry
    owner: int
    take: Industry


@dataclass(frozen=True)
class CapitalIncrease(Move):
    """Capital Increase: put a bank note under one own industry, bonus + 1 (R29)."""

    player: int
    industry: Industry


#: Every move class by name, for the JSON form and the record format.
MOVE_TYPES: Final[dict[str, type[Move]]] = {
    cls.__name__: cls
    for cls in (
        Draw, StartPlayer, Pick, Place, Pass, UsePrivilege, Turn, MovePawn, Choose,
        Buy, SetAside, Takeover, Target, BuyContract, Swap, Raise, Lower, Dump,
        CapitalIncrease,
    )
}

#: How a message names a move of each class ("... not an industry turn").
MOVE_PHRASES: Final[dict[type[Move], str]] = {
    Draw: "a card draw",
    StartPlayer: "choosing the start player",
    Pick: "picking a card from the deck",
    Place: "placing a pawn",
    Pass: "passing",
    UsePrivilege: "using a privilege",
    Turn: "an industry turn",
    MovePawn: "moving a Lobby pawn",
    Choose: "choosing an Intrigue card",
    Buy: "buying a card",
    SetAside: "setting a card aside",
    Takeover: "a hostile takeover",
    Target: "naming an opponent",
    BuyContract: "buying a colonial contract",
    Swap: "swapping colonies",
    Raise: "raising an industry",
    Lower: "lowering an industry",
    Dump: "dumping",
    CapitalIncrease: "a Capital Increase",
}
