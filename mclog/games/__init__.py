"""The registry of games: a record's ``[Game "..."]`` tag (Million Club when absent) names
the folder that reads and plays it.

This is the only place that names the games, as strings: a game's folder is imported on
first use, and the shared parts of mclog never import a game.

A game may also live in a folder of its own, outside mclog: ``MCLOG_GAMES`` lists such
folders (separated as ``PATH`` is: ``:`` here), each a Python package whose
``__init__.py`` defines ``GAME``; ``register(folder)`` does the same from Python.  Such a
game is a drop-in: every command, view and corpus works on it with no edit here
(``docs/adding-a-game.md``).

>>> from mclog.games import game
>>> game("millionenspiel").name, game(None).name
('Millionenspiel', 'Million Club')
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from functools import lru_cache
from typing import Any

from ..errors import MclogError
from ..protocol import Game

#: Each game's name (as a ``Game`` tag gives it) and the module that holds its ``GAME``.
GAMES = {
    "Million Club": "mclog.games.millionclub",
    "Millionenspiel": "mclog.games.millionenspiel",
    "Cartel": "mclog.games.cartel",
    "Joakim von Ankas fantastiska affärer": "mclog.games.joakim",
}
#: Shorter names a ``Game`` tag may give (as a table says them).
ALIASES = {"Joakim": "Joakim von Ankas fantastiska affärer",
           "Joakim von Ankas fantastiska affarer": "Joakim von Ankas fantastiska affärer"}
#: The game of a record without a ``Game`` tag (every record before there were two).
DEFAULT = "Million Club"


class UnknownGame(MclogError):
    """A game name mclog does not know."""

    code = "header"


def _key(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


_BY_KEY = {_key(name): name for name in GAMES} | {_key(a): n for a, n in ALIASES.items()}
#: Games registered from a folder: name -> the ``Game`` object.
_FOLDER_GAMES: dict[str, Game] = {}
_LOADED_FOLDERS: set[str] = set()


def register(folder: str | os.PathLike) -> Game:
    """The game of ``folder`` (a package whose ``__init__.py`` defines ``GAME``), added to
    the registry under its ``GAME.name``.  ``UnknownGame`` in words if the folder holds no
    game."""
    path = os.path.abspath(os.fspath(folder))
    init = os.path.join(path, "__init__.py")
    if not os.path.isfile(init):
        raise UnknownGame(f"{folder}: no game folder here (a game folder is a Python "
                          "package: an __init__.py defining GAME)")
    module_name = "mclog_game_" + "".join(c if c.isalnum() else "_"
                                          for c in os.path.basename(path))
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, init,
                                                      submodule_search_locations=[path])
        if spec is None or spec.loader is None:   # (an __init__.py always has a loader)
            raise UnknownGame(f"{folder}: its __init__.py cannot be loaded")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[module_name]
            raise
    found = getattr(module, "GAME", None)
    if not isinstance(found, Game):
        raise UnknownGame(f"{folder}: its __init__.py defines no GAME (a mclog.protocol.Game)")
    if found.name in GAMES and GAMES[found.name] != module_name:
        raise UnknownGame(f"{folder}: {found.name} is a game of mclog already")
    _FOLDER_GAMES[found.name] = found
    _BY_KEY[_key(found.name)] = found.name
    game.cache_clear()
    return found


def _load_folders() -> None:
    """The folders ``MCLOG_GAMES`` lists, registered once each."""
    for folder in os.environ.get("MCLOG_GAMES", "").split(os.pathsep):
        if folder and folder not in _LOADED_FOLDERS:
            _LOADED_FOLDERS.add(folder)
            register(folder)


@lru_cache(maxsize=64)
def game(name: str | None) -> Game:
    """The game called ``name`` (any case; spaces and dashes ignored: ``million-club``);
    Million Club for ``None``.  ``UnknownGame`` names the games there are.  (Asked for
    every game read, replayed and written: the answer is kept.)"""
    _load_folders()
    if name is None:
        name = DEFAULT
    full = _BY_KEY.get(_key(name))
    if full is None:
        raise UnknownGame(f"mclog knows no game called {name!r}{_meant(name)}: the games "
                          f"are {', '.join(names())}")
    if full in _FOLDER_GAMES:
        return _FOLDER_GAMES[full]
    return importlib.import_module(GAMES[full]).GAME


def json_game(data: object) -> str | None:
    """The game a JSON record names in its ``"game"`` (None where it names none: Million
    Club's); ``ValueError`` in words for a ``"game"`` that is there but no string, which
    is not read as none (its record would then be refused for fields it never meant).

    >>> json_game({"game": "Cartel"}), json_game({"players": []})
    ('Cartel', None)
    """
    if not isinstance(data, dict) or "game" not in data:
        return None
    if not isinstance(data["game"], str):
        from mclog.printable import as_json

        raise ValueError(f"{as_json(data['game'])} is not a game's name: the games are "
                         f"{', '.join(names())}")
    return data["game"]


def _meant(name: str) -> str:
    """``(did you mean Cartel?)`` for a name spelt nearly as a game's (``Kartel``, the
    German spelling), or nothing."""
    from difflib import get_close_matches

    key = _key(name)
    near = [k for k in _BY_KEY if len(key) >= 4 and k.startswith(key)] or \
        get_close_matches(key, list(_BY_KEY), n=1, cutoff=0.75)
    return f" (did you mean {_BY_KEY[near[0]]}?)" if near else ""


def spelt_json(data: Any, which: Game, at: str = "") -> Any:
    """A JSON record with its ``game`` and ``tags`` spelt as ``which`` spells them (a
    copy: the caller's data is left as it is), to check against the game's schema (which
    asks for its own name and ``Players``): a ``game`` that names it as a ``Game`` tag may
    (``joakim``, ``million club``), and its tags as a text's are read
    (``record.json_form.respell``: ``BadValue`` at ``tags`` for a tag given twice so)."""
    from ..record.json_form import respell   # (JSON only: a record is read without it)

    if isinstance(data, dict) and names_game(data.get("game"), which):
        data = {**data, "game": which.name}
    return respell(data, which.tag_names, at)


def names_game(said: object, which: Game) -> bool:
    """Whether ``said`` names ``which`` as a ``Game`` tag may (``Joakim``, in any case)."""
    try:
        return isinstance(said, str) and game(said) is which
    except UnknownGame:
        return False


def names() -> list[str]:
    """Every game mclog knows: its own, then those registered from folders."""
    _load_folders()
    return list(GAMES) + [n for n in _FOLDER_GAMES if n not in GAMES]


__all__ = ["game", "names", "names_game", "json_game", "spelt_json", "register", "GAMES",
           "DEFAULT", "UnknownGame"]
