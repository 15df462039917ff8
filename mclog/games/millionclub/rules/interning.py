"""One shared object per distinct move.

Moves are immutable, so the hot paths (the reader, ``legal_moves``, the simulator) hand
out one shared object per distinct move: a frozen dataclass costs several times more to
build than to look up.  This module is compiled in the compiled build (``moves.py``, whose
dataclasses are the record's values, is not), so that the look-up is too: it is made for
every answer ``legal_moves`` gives and every move the reader reads.

>>> from mclog.games.millionclub.rules.moves import Pass
>>> interned(Pass, 1) is interned(Pass, 1)
True
"""

from __future__ import annotations

from typing import Any, Final

_INTERNED: Final[dict[tuple, Any]] = {}


def interned(cls: type, *args: object) -> Any:
    """The shared ``cls(*args)``."""
    key = (cls, args)
    move = _INTERNED.get(key)
    if move is None:
        move = _INTERNED[key] = cls(*args)
    return move


__all__ = ["interned"]
