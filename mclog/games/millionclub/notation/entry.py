"""A move as written in a Million Club record: ``MoveEntry``.

The commonest object of a read: one is made for every item of a record and read at every
move of its replay.  So it is a module of its own, which the compiled build compiles
(``mclog/compiled.py``): there it is a native class, made and read without the
interpreter.  A native class cannot build on the interpreted ``FromSource`` that the other
games' move entries build on, so it says where it was read in the same two properties,
and the record names it as its ``move_entry``, which the shared parts ask rather than
``FromSource``.

>>> from mclog.games.millionclub.rules.moves import Draw
>>> entry = MoveEntry(Draw("asia"), label="setup")
>>> entry == MoveEntry(Draw("asia")), entry.line, entry.col   # (no source: not read)
(True, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mclog.engine import by_fields
from mclog.record.framing import SourceLine
from ..rules.moves import Move


@dataclass(slots=True)
class MoveEntry:
    """A move as written.  ``subject`` is the name written before it, if any: for a
    decision the player (it is the move's own ``player``), for a chance draw the
    person who drew, which the replayer checks against the table."""

    move: Move
    subject: int | None = field(default=None, compare=False)
    label: str | None = field(default=None, compare=False)
    #: The source line (a ``SourceLine``) and the index of the move's first word in it, from
    #: which the line number and the column are worked out when a message needs them.
    #: A move that was not read from text (JSON, a simulated game) has no source.
    source: SourceLine | None = field(default=None, compare=False, repr=False)
    word: int = field(default=0, compare=False, repr=False)

    def __init__(self, move: Move, subject: int | None = None, label: str | None = None,
                 source: SourceLine | None = None, word: int = 0) -> None:
        # (written out: one is made for every item read; see ``__init__`` in
        # mclog/compiled.py)
        self.move = move
        self.subject = subject
        self.label = label
        self.source = source
        self.word = word

    @property
    def line(self) -> int:
        return self.source.number if self.source is not None else 0

    @property
    def col(self) -> int:
        return self.source.col(self.word) if self.source is not None else 0

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)
