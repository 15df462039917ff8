"""A recorded game of Millionenspiel: its tags, its players, the track if given, and the
body as entries in the order they were written (moves, checks and comments).

Source positions never count for equality, so ``parse(write(record)) == record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from mclog.errors import RecordError
from mclog.record.framing import SourceLine

from ..rules.moves import Move

FORMAT = "mclog millionenspiel 1"
#: Canonical order of the tags the format knows; others follow in their own order.
TAG_ORDER = ("Game", "Event", "Site", "Date", "Format", "Players", "Track")


@dataclass(slots=True)
class MoveEntry:
    """A move as written.  ``subject``: the seat of the name written before an item that
    needs none (``Ann rolls``, ``Ann refuses``), which the replayer checks."""

    move: Move
    subject: int | None = field(default=None, compare=False)
    #: The source line and the index of the item's first word in it: the line number and
    #: column are worked out when a message needs them (most moves never need them).
    source: SourceLine | None = field(default=None, compare=False, repr=False)
    word: int = field(default=0, compare=False, repr=False)

    @property
    def line(self) -> int:
        return self.source.number if self.source is not None else 0

    @property
    def col(self) -> int:
        return self.source.col(self.word) if self.source is not None else 0


@dataclass(slots=True)
class CheckEntry:
    """``check money Ann 40 Ben 3`` / ``check pension Ann 50``: what the table showed."""

    what: str
    values: tuple[tuple[int, int], ...]
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


@dataclass(slots=True)
class CommentEntry:
    """A comment: on a line of its own (``own_line``), or after the item before it."""

    text: str
    brace: bool = False
    own_line: bool = False
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


Entry = MoveEntry | CheckEntry | CommentEntry


@dataclass(slots=True, eq=False)
class Record:
    """One game: its tags (in order), players, track and body."""

    game: ClassVar[str] = "Millionenspiel"
    tags: dict[str, str]
    names: tuple[str, ...]
    track: tuple[str, ...] | None = None
    entries: list[Entry] = field(default_factory=list)
    file: str | None = None
    number: int = 1
    start_line: int = 1

    @property
    def moves(self) -> list[Move]:
        return [e.move for e in self.entries if isinstance(e, MoveEntry)]

    @property
    def content(self) -> list[Entry]:
        return self.entries

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self.tags == other.tags and self.entries == other.entries

    def error(self, message: str, line: int, col: int, **kw) -> RecordError:
        return RecordError(message, line=line, col=col, file=self.file,
                           game=self.number if self.number > 1 else None, **kw)


def canonical_tags(tags: dict[str, str]) -> dict[str, str]:
    out = {name: tags[name] for name in TAG_ORDER if name in tags}
    out.update((k, v) for k, v in tags.items() if k not in out)
    return out
