"""The moves of Millionenspiel: one frozen dataclass per action, decisions and chance.

A seat is a player's index in the ``Players`` tag (clockwise).  Chance (the roll-off,
the dice, where the pawn lands, the black die) has no ``player``: the replayer checks the
name written before it against the player who rolls.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StartPlayer:
    """Chance: the winner of the roll-off, who rolls first (M3).  The roll-off's own dice
    are not recorded."""

    player: int


@dataclass(frozen=True, slots=True)
class Bet:
    """A decision: ``amount`` of the player's money bet on this throw (0: "I pass")."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Throw:
    """Chance: one throw of both dice by the roller.  ``None`` for a die the recorder did
    not see (written ``?``)."""

    dice: tuple[int | None, int | None]

    @property
    def double(self) -> bool | None:
        """Whether it is a double (None: a die was not seen)."""
        a, b = self.dice
        return None if a is None or b is None else a == b

    @property
    def spaces(self) -> int | None:
        a, b = self.dice
        return None if a is None or b is None else a + b


@dataclass(frozen=True, slots=True)
class Accept:
    """A decision: the roller keeps the first throw (not written: a record that does not
    say ``refuses`` kept it)."""

    player: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """A decision: the roller refuses the first throw and rolls again (M6).  A record
    reads it as ``Refuse(None)`` (only the roller may refuse); the replayer puts the
    roller's seat in."""

    player: int | None


@dataclass(frozen=True, slots=True)
class Land:
    """Chance: where the throws took the pawn: the colour of its space, and how often it
    reached or passed the arrow on the way (pensions are paid each time, M14): 0, 1, or
    more after a long run of doubles."""

    colour: str
    past_arrow: int = 0


@dataclass(frozen=True, slots=True)
class Die:
    """Chance: the roller's one-die throw after landing on black (M9)."""

    value: int


@dataclass(frozen=True, slots=True)
class BuyPension:
    """A decision: a player buys the next pension card, 50 (for 1,000) or 500 (for
    10,000), between throws (M15)."""

    player: int
    value: int


Move = StartPlayer | Bet | Throw | Accept | Refuse | Land | Die | BuyPension
MOVE_TYPES = {cls.__name__: cls for cls in
              (StartPlayer, Bet, Throw, Accept, Refuse, Land, Die, BuyPension)}
