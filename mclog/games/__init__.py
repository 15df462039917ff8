"""The registry of games: a record's ``[Game "..."]`` tag (Million Club when absent) names
the folder that reads and plays it.

This is the only place that names the games, as strings: a game's folder is imported on
first use, and the shared parts of mclog never import a game.

>>> from mclog.games import game
>>> game("millionenspiel").name, game(None).name
('Millionenspiel', 'Million Club')
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from ..errors import MclogError
from ..protocol import Game

#: Each game's name (as a ``Game`` tag gives it) and the module that holds its ``GAME``.
GAMES = {
    "Million Club": "mclog.games.millionclub",
    "Millionenspiel": "mclog.games.millionenspiel",
}
#: The game of a record without a ``Game`` tag (every record before there were two).
DEFAULT = "Million Club"


class UnknownGame(MclogError):
    """A game name mclog does not know."""

    code = "header"


def _key(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


_BY_KEY = {_key(name): name for name in GAMES}


@lru_cache(maxsize=64)
def game(name: str | None) -> Game:
    """The game called ``name`` (any case; spaces and dashes ignored: ``million-club``);
    Million Club for ``None``.  ``UnknownGame`` names the games there are.  (Asked for
    every game read, replayed and written: the answer is kept.)"""
    full = DEFAULT if name is None else _BY_KEY.get(_key(name))
    if full is None:
        raise UnknownGame(f"mclog knows no game called {name!r}: the games are "
                          f"{', '.join(GAMES)}")
    return importlib.import_module(GAMES[full]).GAME


def names() -> list[str]:
    return list(GAMES)


__all__ = ["game", "names", "GAMES", "DEFAULT", "UnknownGame"]
