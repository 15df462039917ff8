"""Notebook widgets for any game: ``replay(game)`` steps through a replayed game, and
``recorder(FILE)`` records a game at the table.

The game is the one the file's ``[Game]`` tag names (a new file: ``game=``, Million Club
by default), found through the registry, so this module imports no game.

>>> import tempfile, os, mclog.widgets
>>> path = os.path.join(tempfile.mkdtemp(), "tonight.mclog")
>>> rec = mclog.widgets.recorder(path, players="Ann yellow, Ben blue", seat="Ann")
>>> rec.answer("Ann india")
True
>>> open(path).read().splitlines()[-1]
'setup      Ann india'
"""

from __future__ import annotations

import os

from .games import game as _game
from .record.reading import recorded_game


def replay(played, *, chances: dict | None = None, bots: str = ""):
    """The replay widget of a replayed game (``mclog.replay(...)``), whatever its game: the
    game's own if it has a richer one (``Game.replay_widget``), else the shared
    ``widget_shell.StepWidget``.  With ``chances`` (``mclog.review.curve``: step ->
    each player's chance to win, by ``bots``' rollouts) the shared widget's chart is the
    win-chance graph, its marker at the step shown."""
    from .widget_shell import StepWidget

    game = _game(played.record.game)
    if chances is not None:
        from .review import curve_chart

        title = f"Chances to win ({bots or game.review_bots} bots' rollouts)"
        return StepWidget(game, played, chart=(title, curve_chart(
            played, chances, bots or game.review_bots)))
    return game.replay_widget(played) or StepWidget(game, played)


def recorder(path: str | os.PathLike, *, game: str | None = None, players: str | None = None,
             setup: str | None = None, privileges: str | None = None,
             seat: str | None = None, **tags: str):
    """The recorder widget of the record ``path``: a new record (say who plays:
    ``players="Ann yellow, Ben blue"``, and ``seat`` to record from your seat), or an
    unfinished one, which goes on at its next decision.  Other keywords are tags
    (``Event="Thursday club"``)."""
    path = os.fspath(path)
    name = recorded_game(path, game)
    options = {"players": players, "setup": setup, "privileges": privileges, "seat": seat,
               "tags": tags}
    return _game(name).recorder_widget(path, options)


__all__ = ["replay", "recorder"]
