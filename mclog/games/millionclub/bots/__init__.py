"""Bots: players that choose among ``legal_moves`` at each decision of their seat.

A bot is any object with one method, ``choose(state, moves) -> move``; it is
asked only for its own decisions (chance is the simulator's job).  Writing one
in a notebook takes a few lines:

>>> from mclog.games.millionclub.bots import Bot
>>> class Hoarder(Bot):
...     '''Never spends: passes or sets aside whenever it may.'''
...     name = "hoarder"
...     def choose(self, state, moves):
...         thrifty = [m for m in moves if type(m).__name__ in ("Pass", "SetAside")]
...         return (thrifty or moves)[0]
>>> from mclog.games.millionclub.simulator import simulate
>>> game = simulate([Hoarder(), RandomBot(1)], seed=3)
>>> game.final.finished
True
"""

from __future__ import annotations

import random
from typing import Protocol

from ..rules.moves import Move
from ..rules.state import State


class Bot:
    """Base class of a bot: override ``choose``; ``name`` goes into the record's tags."""

    name = "bot"

    def choose(self, state: State, moves: list[Move]) -> Move:  # pragma: no cover
        raise NotImplementedError


class Chooser(Protocol):
    def choose(self, state: State, moves: list[Move]) -> Move: ...


def below(rng: random.Random, n: int) -> int:
    """A uniform whole number from 0 to ``n - 1``, drawn as ``rng.randrange(n)`` and
    ``rng.choice`` draw it (the same numbers from the same seed).

    The algorithm (``getrandbits`` of n's bit length until the number is below n) is
    written out with the public ``getrandbits``: the simulator draws at every move, and
    the library's layers of calls around it cost more than the draw itself.

    >>> below(random.Random(5), 10) == random.Random(5).randrange(10)
    True
    """
    if n <= 0:
        raise ValueError(f"no whole number is below {n}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


class RandomBot(Bot):
    """Chooses uniformly among the legal moves, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, moves: list[Move]) -> Move:
        return moves[below(self.rng, len(moves))]  # (what rng.choice(moves) picks)


from .greedy import GreedyBot  # noqa: E402

#: The bots the command line knows by name.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(BOTS)}") from None


__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot"]
