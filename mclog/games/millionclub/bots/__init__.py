"""Bots: players that choose among ``legal_moves`` at each decision of their seat (the
shared contract and the random bot are ``mclog.simulate``'s).

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

from collections.abc import Callable

from mclog.simulate import Bot, Chooser, RandomBot, below
from mclog.simulate import make_bot as _make_bot

from .greedy import GreedyBot  # noqa: E402

#: The bots the command line knows by name.
BOTS: dict[str, Callable[[int | None], Chooser]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = None) -> Chooser:
    """The bot called ``name``, seeded (``ValueError`` naming the bots there are)."""
    return _make_bot(name, seed, BOTS)


__all__ = ["Bot", "Chooser", "RandomBot", "GreedyBot", "BOTS", "make_bot", "below"]
