"""Game-independent replay: the states of a game after every move, kept cheaply.

A ``Replay`` holds the initial state, the moves, one ``Step`` of facts per move
(source line, round, phase, actor...) and a snapshot of the state every
``snapshot_every`` moves.  Jumping to any step copies the nearest snapshot at
or before it and plays at most ``snapshot_every - 1`` moves: it never replays
from the start, and it keeps memory small (a 6-player game keeps about 25
snapshots instead of 330 states).

The game supplies two functions: ``copy(state)`` and ``play(state, move)``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, SupportsIndex, TypeVar

from .errors import a_kind
from .printable import counted

S = TypeVar("S")
M = TypeVar("M")


@dataclass(slots=True)
class Step:
    """What is known about one move of a replayed game.

    ``index`` counts moves from 1; ``state(index)`` is the state after it.
    ``round`` and ``phase`` place it in the game; ``actor`` is who decided
    (``None`` for chance); ``line`` is its source line (0 if not recorded).
    """

    index: int
    move: Any
    round: int
    phase: str
    actor: int | None
    line: int = 0
    col: int = 0
    comments: list[str] = field(default_factory=list)


class Replay(Generic[S, M]):
    """States of a game, navigable by step index, with snapshots for fast jumps."""

    def __init__(self, initial: S, copy: Callable[[S], S], play: Callable[[S, M], None],
                 snapshot_every: int = 32,
                 make_step: Callable[[int, M, Any, list[str]], Step] | None = None) -> None:
        self._copy, self._play = copy, play
        self.every = snapshot_every
        self.moves: list[M] = []
        #: What the game noted about each move when it was played (cheap tuples);
        #: ``steps`` turns them into ``Step`` objects the first time it is read.
        self.infos: list[Any] = []
        self.comments: dict[int, list[str]] = {}
        self._make_step = make_step or (lambda i, move, info, notes: info)
        self._steps: list[Step] | None = None
        self._snapshots: list[S] = [copy(initial)]
        self._current = copy(initial)
        #: The state ``state`` made last, by its index (a copy of its own, never handed
        #: out): a step forward from it plays one move, not up to ``snapshot_every - 1``
        #: from a snapshot, so that going over a game step by step (a report drawing
        #: every board, a widget stepping on) plays each move once.
        self._last: tuple[int, S] | None = None

    # --- building -------------------------------------------------------------

    def push(self, move: M, info: Any) -> None:
        """Play ``move`` on the running state (raises the game's error if illegal)."""
        self.extend(((move, info),))

    def extend(self, plays: Iterable[tuple[M, Any]],
               play: Callable[[S, M, Any], None] | None = None) -> None:
        """Play each ``(move, info)`` of ``plays`` in turn, as ``push`` would.

        A game's reader or simulator is written as a generator: it looks at ``current``
        (the state the last move left), decides or checks the next move, and yields it;
        this loop plays it and keeps it.  One loop for a whole game costs less than a
        call of ``push`` for each of its hundreds of moves.  The game's error for an
        illegal move comes out of here, and the generator knows which move that was.

        ``play(state, move, info)``, if given, plays each move instead of the game's own
        function: one that also notes what the move did, as it is played (the events of a
        game, noted in its one replay).  Jumping to a step later uses the game's own.
        """
        state, every = self._current, self.every
        if play is None:
            play = _ignoring_info(self._play)
        moves, infos = self.moves, self.infos
        for move, info in plays:
            play(state, move, info)
            moves.append(move)
            infos.append(info)
            if len(moves) % every == 0:
                self._snapshots.append(self._copy(state))

    def fork(self, infos: list[Any]) -> Replay[S, M]:
        """A replay of the same moves that goes on by itself: moves played on it leave this
        one as it is.  A record read again with lines added (the recorder's next line)
        plays only those, from here, rather than the whole game again.  ``infos``: what
        the new reading noted of each move already played, one a move (its own entries,
        which its messages point into).

        The snapshots are shared, as nothing changes a snapshot once it is taken (a jump
        plays on a copy of it); the running state is copied.  (Made by ``__init__``, not
        ``copy.copy``: the compiled build's class keeps no ``__dict__`` to copy.)

        >>> replay = Replay([], list, lambda state, move: state.append(move))
        >>> replay.extend([("a", 1), ("b", 2)])
        >>> other = replay.fork([10, 20])
        >>> other.push("c", 30)
        >>> replay.current, other.current, other.infos
        (['a', 'b'], ['a', 'b', 'c'], [10, 20, 30])
        """
        if len(infos) != len(self.moves):
            raise ValueError(f"a fork of {counted(len(self.moves), 'move')} takes as many "
                             f"infos, not {len(infos)}")
        other = Replay(self._snapshots[0], self._copy, self._play, self.every,
                       self._make_step)
        other.moves, other.infos = list(self.moves), list(infos)
        other.comments = {index: list(notes) for index, notes in self.comments.items()}
        other._snapshots = list(self._snapshots)
        other._current = self._copy(self._current)
        return other

    def comment(self, text: str) -> None:
        """Attach a comment to the last move pushed."""
        if self.moves:
            self.comments.setdefault(len(self.moves), []).append(text)
            self._steps = None

    @property
    def steps(self) -> list[Step]:
        if self._steps is None or len(self._steps) != len(self.moves):  # built, or moves added
            self._steps = [self._make_step(i, move, info, self.comments.get(i, []))
                           for i, (move, info) in enumerate(zip(self.moves, self.infos), 1)]
        return self._steps

    @property
    def current(self) -> S:
        """The running state (after the last move pushed).  Do not change it."""
        return self._current

    # --- reading --------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.moves)

    def state(self, step: SupportsIndex) -> S:
        """The state after ``step`` moves (0: the initial state; -1: the last), as a fresh
        copy.  A step not in the game is an ``IndexError`` naming the step asked for, and
        one that is no whole number a ``TypeError`` (a notebook's ``'3'`` or ``2.0``)."""
        n = len(self.moves)
        index = asked = whole_step(step)
        if index < 0:
            index += n + 1
        if not 0 <= index <= n:
            raise IndexError(f"step {asked} is outside 0..{n}" + (
                f" (or -{n + 1}..-1, counted from the end)" if asked < 0 else ""))
        if index == n:  # the running state: the final one, or the last one so far
            return self._copy(self._current)
        base = index // self.every
        start, origin = base * self.every, self._snapshots[base]
        last = self._last
        if last is not None and start <= last[0] <= index:   # (a step forward from it)
            start, origin = last
        state = self._copy(origin)
        for move in self.moves[start:index]:
            self._play(state, move)
        self._last = (index, self._copy(state))
        return state

    @property
    def final(self) -> S:
        return self.state(len(self.moves))

    def states(self) -> Iterator[S]:
        """Every state from the initial one to the final one, in one pass."""
        state = self._copy(self._snapshots[0])
        yield self._copy(state)
        for move in self.moves:
            self._play(state, move)
            yield self._copy(state)

    def first_step(self, predicate: Callable[[Step], bool]) -> int:
        """The index of the first step (1-based) that satisfies ``predicate``."""
        for step in self.steps:
            if predicate(step):
                return step.index
        raise KeyError("no such step")


def facts_maker(kind: type) -> Callable[[tuple], Any]:
    """What makes a game's named tuple ``kind`` (what its replayer notes of each move,
    ``Replay.infos``) from a tuple of its fields in their order, at C speed: the named
    tuple's own constructor is a Python call, 7% of Million Club's replay at one a move
    (measured with benchmarks/record_speed.py), and this costs a tenth of that.

    >>> from typing import NamedTuple
    >>> class Facts(NamedTuple):
    ...     round: int
    ...     actor: int | None
    >>> facts_maker(Facts)((3, None))
    Facts(round=3, actor=None)
    """
    return partial(tuple.__new__, kind)


def _ignoring_info(play: Callable[[S, M], None]) -> Callable[[S, M, Any], None]:
    def play_move(state: S, move: M, info: Any) -> None:
        play(state, move)

    return play_move


def played_repr(played: Any) -> str:
    """What a notebook or a console shows of a replayed record, in every game (its
    replayed class's ``__repr__``): the game, the players, how far it went and how many
    mistakes were found, where the fields in full would fill the screen.

    >>> import mclog
    >>> mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
    <Cartel game: Ann, Ben; complete after 99 moves>
    """
    record = played.record
    mistakes = f"; {counted(len(played.errors), 'mistake')}" if played.errors else ""
    return (f"<{record.game} game: {', '.join(record.players)}; "
            f"{'complete' if played.complete else 'in progress'} after "
            f"{counted(len(played), 'move')}{mistakes}>")


def whole_step(step: object) -> int:
    """``step`` as a whole number: Python's or a library's (NumPy's ``int64``, which a
    table's column gives), else a ``TypeError`` in words."""
    if type(step) is int:   # (as nearly every step is asked for)
        return step
    try:
        return operator.index(step)   # type: ignore[arg-type]   # (what it checks)
    except TypeError:
        raise TypeError(f"a step is a whole number, not {a_kind(step)}") from None
