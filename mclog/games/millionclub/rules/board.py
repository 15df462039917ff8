"""The table: action discs, player colours and the alternative-setup roles.

>>> DISC_NAMES[unavailable_disc(4)]
'Stock Exchange'
>>> [ROMAN[unavailable_disc(r)] for r in range(1, 10)]
['I', 'II', 'III', 'IV', 'V', 'IV', 'III', 'II', 'I']
"""

from __future__ import annotations

from typing import Final

LOBBY: Final = 1
INTRIGUE: Final = 2
COLONIES: Final = 3
STOCK: Final = 4
INDUSTRIES: Final = 5
#: The five action discs, in the order they are resolved (I to V).
DISCS: Final[tuple[int, ...]] = (LOBBY, INTRIGUE, COLONIES, STOCK, INDUSTRIES)
ROMAN: Final = {LOBBY: "I", INTRIGUE: "II", COLONIES: "III", STOCK: "IV", INDUSTRIES: "V"}
DISC_NAMES: Final = {
    LOBBY: "Lobby",
    INTRIGUE: "Intrigue",
    COLONIES: "Colonies",
    STOCK: "Stock Exchange",
    INDUSTRIES: "Industries",
}
#: R8: on these discs each pawn stands in a sector (an industry type); no limit.
SECTOR_DISCS: Final = frozenset({LOBBY, STOCK})
#: R8: these discs have numbered spaces, as many as there are players.
NUMBERED_DISCS: Final = frozenset({INTRIGUE, COLONIES, INDUSTRIES})

PRIVILEGE_NAMES: Final = {
    LOBBY: "Lobbyist",
    INTRIGUE: "Machiavelli",
    COLONIES: "Acquisition",
    STOCK: "Hostile takeover",
    INDUSTRIES: "Opportunity",
}

ROUNDS: Final = 9
#: R7: the disc that is turned over (unavailable) in rounds 1..9.
UNAVAILABLE: Final = (LOBBY, INTRIGUE, COLONIES, STOCK, INDUSTRIES,
                      STOCK, COLONIES, INTRIGUE, LOBBY)


def unavailable_disc(round_number: int) -> int:
    """R7: which disc is turned over in this round (1-based)."""
    return UNAVAILABLE[round_number - 1]


# --- colours and roles (R2) --------------------------------------------------

COLOURS: Final[tuple[str, ...]] = ("yellow", "black", "blue", "white", "red", "green")

LOBBYIST: Final = "Lobbyist"
CAPITALIST: Final = "Capitalist"
COLONIST: Final = "Colonist"
HEIR: Final = "Heir"
ENTREPRENEUR: Final = "Entrepreneur"
SCHEMER: Final = "Schemer"
#: R2: in the alternative setup each colour brings its role.
ROLE_OF_COLOUR: Final = {
    "yellow": LOBBYIST,
    "black": CAPITALIST,
    "blue": COLONIST,
    "white": HEIR,
    "red": ENTREPRENEUR,
    "green": SCHEMER,
}

STANDARD: Final = "standard"
ALTERNATIVE: Final = "alternative"
SETUPS: Final = (STANDARD, ALTERNATIVE)

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

#: R3: starting money; the Heir and the Schemer start richer.
START_MONEY: Final = 7
ROLE_START_MONEY: Final[dict[str | None, int]] = {HEIR: 11, SCHEMER: 9}   # (None: no role)
