"""What the package's functions are given, checked in words: a record (``mclog.replay``,
``write``, ``to_json``) or a replayed game (the replay widgets).  In a notebook the one is
easily given for the other, or a file's path for either, and Python's own words for it
(``'str' object has no attribute 'game'``) say nothing of what was meant.

>>> game_of_record("game.mclog", "replay")  # doctest: +ELLIPSIS
Traceback (most recent call last):
TypeError: mclog.replay takes a record, not a str: read it with mclog.read_one(path) or ...
>>> replayed(None, "replay_widget")  # doctest: +ELLIPSIS
Traceback (most recent call last):
TypeError: replay_widget takes a replayed game, not None: give it mclog.replay(record)
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from .errors import a_kind

F = TypeVar("F", bound=Callable[..., Any])


def game_of_record(record: Any, function: str):
    """The game (``mclog.protocol.Game``) of ``record``, which ``mclog.<function>`` was
    given; a ``TypeError`` in words for anything else (a path, a text, a replayed game)."""
    from .games import game

    name = getattr(record, "game", None)
    if isinstance(name, str):
        return game(name)
    if _is_replayed(record):
        raise TypeError(f"mclog.{function} takes a record, not a replayed game: give it the "
                        "game's .record")
    raise TypeError(f"mclog.{function} takes a record, not {a_kind(record)}: read it with "
                    "mclog.read_one(path) or mclog.parse_one(text)")


def replayed(played: Any, function: str) -> Any:
    """``played``, a replayed game (``mclog.replay(record)``), which ``function`` was
    given; a ``TypeError`` in words for anything else (a record, a path)."""
    if _is_replayed(played):
        return played
    if isinstance(getattr(played, "game", None), str):   # (a record)
        raise TypeError(f"{function} takes a replayed game, not a record: give it "
                        "mclog.replay(record)")
    raise TypeError(f"{function} takes a replayed game, not {a_kind(played)}: give it "
                    "mclog.replay(record)")


def of_game(function: F) -> F:
    """A table or chart of its own game's replayed games: of the game whose folder
    (``mclog/games/<game>/``, its package's ``GAME``) the decorated function is in.  Its
    first argument is checked as ``replayed`` checks it, and a replayed game of another
    game is said so, with where that game's own tables are (each game's were met with
    ``'KitRecord' object has no attribute 'table'``).

    >>> import mclog
    >>> from mclog.games.millionclub.analysis import attribution
    >>> attribution(mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog")))
    Traceback (most recent call last):
    TypeError: attribution is for Million Club games, not for Cartel: Cartel's tables and charts are in mclog.games.cartel
    """
    @functools.wraps(function)
    def checked(played: Any, *args: Any, **kwargs: Any) -> Any:
        return function(_of(played, function), *args, **kwargs)

    return cast(F, checked)


def of_games(function: F) -> F:
    """``of_game`` for a table over many games: its first argument is a list of replayed
    games of its own game, each checked so.

    >>> from mclog.games.cartel.analysis import by_bot
    >>> by_bot("games.mclog")
    Traceback (most recent call last):
    TypeError: by_bot takes a list of replayed games, not a str
    """
    @functools.wraps(function)
    def checked(games: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(games, (list, tuple)):
            raise TypeError(f"{function.__name__} takes a list of replayed games, not "
                            f"{a_kind(games)}")
        return function([_of(g, function) for g in games], *args, **kwargs)

    return cast(F, checked)


def draws(made_by: str) -> Callable[[F], F]:
    """A chart of a table: the decorated function's first argument is checked to be one
    (a pandas DataFrame or Series), and anything else is said with the call that makes the
    table (``made_by``), as a notebook easily gives the replayed game itself (which met
    ``'GameReplay' object has no attribute 'groupby'``).

    >>> @draws("prices(game)")
    ... def price_chart(prices):
    ...     return "the chart"
    >>> price_chart(None)
    Traceback (most recent call last):
    TypeError: price_chart draws a table, not None: give it prices(game)
    """
    def decorate(function: F) -> F:
        @functools.wraps(function)
        def checked(table: Any, *args: Any, **kwargs: Any) -> Any:
            import pandas as pd   # (a chart draws with it: imported already, or now)

            if not isinstance(table, (pd.DataFrame, pd.Series)):
                raise TypeError(f"{function.__name__} draws a table, not {a_kind(table)}: give "
                                f"it {made_by}")
            return function(table, *args, **kwargs)

        return cast(F, checked)

    return decorate


def table_given(table: Any, made_by: str, make: Callable[[], Any]) -> Any:
    """A chart's ``table=`` (a table made once for several charts): ``make()`` where none
    is given, else the table given, checked to be one (``made_by``: the call that makes it).

    >>> table_given(5, "timeline(played)", lambda: None)
    Traceback (most recent call last):
    TypeError: table is timeline(played), made once for several charts, not an int
    """
    if table is None:
        return make()
    import pandas as pd   # (a chart draws with it: imported already, or now)

    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"table is {made_by}, made once for several charts, not {a_kind(table)}")
    return table


def of_corpus(function: F) -> F:
    """A table of a corpus (``mclog.analysis.corpus(folder)``): its first argument checked
    to be one, as a notebook easily gives the folder's path or a replayed game (which met
    ``'str' object has no attribute 'table'``).

    >>> @of_corpus
    ... def start_player(corpus):
    ...     return "the table"
    >>> start_player("corpus/")
    Traceback (most recent call last):
    TypeError: start_player reads a corpus, not a str: give it mclog.analysis.corpus(folder)
    """
    @functools.wraps(function)
    def checked(corpus: Any, *args: Any, **kwargs: Any) -> Any:
        if not (callable(getattr(corpus, "table", None)) and hasattr(corpus, "tables")):
            raise TypeError(f"{function.__name__} reads a corpus, not {a_kind(corpus)}: give it "
                            "mclog.analysis.corpus(folder)")
        return function(corpus, *args, **kwargs)

    return cast(F, checked)


def _of(played: Any, function: Callable[..., Any]) -> Any:
    """``played``, a replayed game of the game whose folder ``function`` is in
    (``of_game``)."""
    name = _own_game(function.__module__)
    of = replayed(played, function.__name__).record.game
    if of != name:
        from .games import game

        raise TypeError(f"{function.__name__} is for {name} games, not for {of}: {of}'s "
                        f"tables and charts are in {type(game(of)).__module__}")
    return played


def _own_game(module: str) -> str:
    """The name of the game whose folder holds the module ``module``: the ``GAME`` of the
    nearest package above it that has one (every game's folder defines it)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        found = getattr(sys.modules.get(".".join(parts[:end])), "GAME", None)
        if found is not None:
            return found.name
    raise LookupError(f"{module} is in no game's folder: its tables name no game")


def seat_number(seat: Any, names: Sequence[str]) -> int:
    """The seat a function was given: a seat number (0: the first in ``Players``) or a
    player's name, as a notebook user gives either; ``ValueError`` or ``TypeError`` in
    words for anything else.

    >>> seat_number("Ben", ("Ann", "Ben")), seat_number(0, ("Ann", "Ben"))
    (1, 0)
    >>> seat_number(2, ("Ann", "Ben"))
    Traceback (most recent call last):
    ValueError: seat 2 is no player's: the seats are 0 to 1 (Ann, Ben)
    """
    if isinstance(seat, str):
        from .record.names import seat_of

        return seat_of(seat, names)
    if type(seat) is not int:
        raise TypeError(f"a seat is a player's name or a seat number, not {a_kind(seat)}")
    if not 0 <= seat < len(names):
        raise ValueError(f"seat {seat} is no player's: the seats are 0 to {len(names) - 1} "
                         f"({', '.join(names)})")
    return seat


def whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value``, a whole number a function was given as ``name`` (from ``low`` to
    ``high`` where given); a ``TypeError`` or ``ValueError`` in words otherwise (``True``,
    ``"10"`` and ``2.5`` are no counts).

    >>> whole(30, "rollouts", 1, 100_000)
    30
    >>> whole(0, "rollouts", 1, 100_000)
    Traceback (most recent call last):
    ValueError: rollouts is from 1 to 100000, not 0
    >>> whole("10", "rollouts", 1)
    Traceback (most recent call last):
    TypeError: rollouts is a whole number, not a str
    """
    if type(value) is not int:
        raise TypeError(f"{name} is a whole number, not {a_kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise ValueError(f"{name} is {bounds}, not {value}")
    return value


def processes(value: Any, name: str) -> int:
    """``value``, a count of worker processes (``--jobs``), checked as ``whole`` checks a
    count and bounded by this machine: four a processor at the most (and 4 on any).  The
    work is the processors', so more processes only share them, and each holds its own
    Python and mclog (some 100 MB): ``--jobs 500`` on a laptop would fill its memory before
    the first game.

    >>> processes(2, "--jobs")
    2
    >>> processes(10_000, "--jobs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: --jobs is at most ... on this machine (four processes a processor: ...
    """
    whole(value, name, 1)
    most = most_processes()
    if value > most:
        raise ValueError(f"{name} is at most {most} on this machine (four processes a "
                         f"processor: more would only share them, and fill its memory), not "
                         f"{value}")
    return value


def most_processes() -> int:
    """The most worker processes ``processes`` allows here: four a processor, at least 4."""
    return max(4, 4 * (os.cpu_count() or 1))


def _is_replayed(value: Any) -> bool:
    return hasattr(value, "record") and hasattr(value, "steps")


__all__ = ["draws", "game_of_record", "of_corpus", "of_game", "of_games", "replayed",
           "seat_number", "table_given", "whole"]
