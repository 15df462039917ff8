"""Notebook widgets for any game: ``replay(game)`` steps through a replayed game,
``review(game)`` does too with a win-chance graph filling in as its rollouts finish, and
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
import threading
import time
from html import escape

from . import background
from .arguments import replayed
from .errors import MclogError
from .games import game as _game
from .record.reading import recorded_game


def replay(played, *, chances: dict | None = None, bots: str = ""):
    """The replay widget of a replayed game (``mclog.replay(...)``), whatever its game: the
    game's own if it has a richer one (``Game.replay_widget``), else the shared
    ``widget_shell.StepWidget``.  With ``chances`` (``mclog.review.curve``: step ->
    each player's chance to win, by ``bots``' rollouts) the shared widget's chart is the
    win-chance graph, its marker at the step shown."""
    from .widget_shell import StepWidget

    game = _game(replayed(played, "mclog.widgets.replay").record.game)
    if chances is not None:
        return _with_chances(game, played, _curve(chances, played), bots or game.review_bots)
    return game.replay_widget(played) or StepWidget(game, played)


def _curve(chances, played) -> dict:
    """``chances``, a win-chance curve (``mclog.review.curve``: step -> each player's
    chance), checked: each step one of the game's (0 to its moves), each a number for
    every player (``TypeError`` or ``ValueError`` in words: a list, or a step's chance
    alone, was met by Python's own words deep in the chart)."""
    names = played.record.players
    if not isinstance(chances, dict):
        raise TypeError(f"chances are a win-chance curve, a dict of step -> each player's "
                        f"chance (mclog.review.curve), not {type(chances).__name__}")
    for step, row in chances.items():
        if type(step) is not int or not 0 <= step <= len(played):
            raise ValueError(f"chances: {step!r} is not a step of the game (0 to "
                             f"{len(played)})")
        if not isinstance(row, (list, tuple)) or len(row) != len(names) or not all(
                isinstance(c, (int, float)) and not isinstance(c, bool) for c in row):
            raise ValueError(f"chances at step {step}: {row!r} is not a chance for each of "
                             f"the {len(names)} players ({', '.join(names)})")
    return chances


def _with_chances(game, played, points: dict, bots: str, rollouts: str = ""):
    """The shared replay widget whose chart is the win-chance graph of ``points`` (step
    -> chances by seat), over the whole game's steps however few it holds yet."""
    from .review import curve_chart
    from .widget_shell import StepWidget

    figure = curve_chart(played, points, bots)
    figure.update_layout(xaxis_range=[0, len(played)])
    title = f"Chances to win ({bots} bots' rollouts{rollouts})"
    return StepWidget(game, played, chart=(title, figure))


def review(played, *, rollouts: int = 30, seed: int = 0, bots: str | None = None,
           every: int = 1, start: bool = True):
    """The replay widget with a win-chance graph that fills in as its rollouts finish
    (``mclog.review.chances`` at every ``every``-th step and at the end), the steps
    nearest the one shown first: move the slider and the rollouts follow it.  The
    rollouts run on a thread of this kernel (``start=False``: not yet; ``widget.chances``
    is the ``LazyChances`` that fills it)."""
    from .review import settled

    game = _game(replayed(played, "mclog.widgets.review").record.game)
    bots = settled(game, bots, rollouts, seed, every, len(played.record.players))
    widget = _with_chances(game, played, {}, bots, f", {rollouts} a step")
    widget.chances = LazyChances(widget, played, rollouts=rollouts, seed=seed, bots=bots,
                                 every=every)
    if start:
        widget.chances.start()
    return widget


class LazyChances:
    """Fills a replay widget's win-chance graph, a step at a time, nearest the step the
    slider shows first, and draws what is done at most every ``redraw`` seconds (a chart
    drawn anew at every step would keep the browser busy).  ``fill_one()`` does one step
    here; ``start()`` fills them all on a thread, ``stop()`` ends it, ``wait()`` waits
    for it.  Each step's chances are ``mclog.review.chances``: the same for a seed
    whatever the order they are filled in, and kept with the replay (asked again, never
    played twice)."""

    def __init__(self, widget, played, *, rollouts: int, seed: int, bots: str,
                 every: int = 1, redraw: float = 0.5) -> None:
        self.widget, self.played = widget, played
        self.rollouts, self.seed, self.bots, self.redraw = rollouts, seed, bots, redraw
        from .review import curve_steps

        self.steps = curve_steps(len(played), max(1, every))
        #: Each step's chances, by seat, once its rollouts are done.
        self.points: dict[int, list[float]] = {}
        self._drawn_at = 0.0
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        #: Why the graph stopped filling, if a position could not be weighed.
        self.error: str | None = None

    def next_step(self) -> int | None:
        """The step not yet filled nearest the one shown (the earlier on a tie)."""
        here = self.widget.slider.value
        left = [s for s in self.steps if s not in self.points]
        return min(left, key=lambda s: (abs(s - here), s)) if left else None

    def fill_one(self) -> bool:
        """Play the rollouts of the next step and note them; False when all are done."""
        from .review import chances

        step = self.next_step()
        if step is None:
            return False
        self.points[step] = chances(self.played, step, rollouts=self.rollouts,
                                    seed=self.seed, bots=self.bots)
        if len(self.points) == len(self.steps) or \
                time.monotonic() - self._drawn_at >= self.redraw:
            self.draw()
        return True

    def draw(self) -> None:
        """The graph as far as it is filled."""
        steps = sorted(self.points)
        marked = self.widget.marked
        for seat, trace in enumerate(marked.figure.data):
            trace.x = steps
            trace.y = [self.points[s][seat] for s in steps]
        marked.redraw()
        self._drawn_at = time.monotonic()

    def start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._stopping.clear()
            self._thread = background.start(self._run, name="mclog win chances",
                                            stop=self.stop)

    def _run(self) -> None:
        try:
            while not self._stopping.is_set() and self.fill_one():
                pass
        except MclogError as exc:   # (a position the review cannot weigh: said on the graph)
            self.error = str(exc)
            marked = self.widget.marked
            title = marked.figure.layout.title
            title.text = (f"{title.text} — stopped at step {self.next_step()}: "
                          f"{escape(self.error)}")
            self.draw()

    def stop(self) -> None:
        self._stopping.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread; True once every step is filled."""
        if self._thread is not None:
            self._thread.join(timeout)
        return len(self.points) == len(self.steps)


def recorder(path: str | os.PathLike, *, game: str | None = None,
             players: str | list[str] | None = None, seat: str | None = None,
             **keywords: str):
    """The recorder widget of the record ``path``: a new record (say who plays:
    ``players="Ann yellow, Ben blue"``, or a list of them, and ``seat`` to record from
    your seat, by the player's name), or an unfinished one, which goes on at its next
    decision.  Other keywords are the game's options (Million Club's
    ``setup="alternative"``, as ``--option`` on the command line) or tags
    (``Event="Thursday club"``, one line of text each).  What is given wrong is said in
    words, before a file is written."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"the recorder writes to a file's path (a str or a Path), not "
                        f"{type(path).__name__}")
    if isinstance(players, (list, tuple)):   # (["Ann yellow", "Ben blue"])
        players = ", ".join(map(str, players))
    for name, value in (("players", players), ("seat", seat), *keywords.items()):
        if value is not None and not isinstance(value, str):
            what = "the player's name (seat='Ann')" if name == "seat" else \
                f"text ({name}='...')"
            raise TypeError(f"{name} is {what}, not {type(value).__name__}")
    path = os.fspath(path)
    chosen = _game(recorded_game(path, game))
    own = {option.name for option in chosen.options}
    given = {k: v for k, v in keywords.items() if k in own}
    options = {"game": _game(game).name if game else None, "players": players, "seat": seat,
               **chosen.checked_options(given, defaults=False),
               "tags": {k: v for k, v in keywords.items() if k not in own}}
    from .recording.widget import recorder as widget

    return widget(chosen, path, options)


__all__ = ["replay", "review", "recorder", "LazyChances"]
