"""A recorded game of Millionenspiel: its tags, its players, the track if given, and the
body as entries in the order they were written (moves, checks and comments).

Source positions never count for equality, so ``parse(write(record)) == record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from mclog.record.entries import CheckEntry, CommentEntry, FromSource, RecordBase
from mclog.record.framing import SourceLine

from ..rules.moves import Move
from ..rules.state import PENSION_CARDS

FORMAT = "mclog millionenspiel 1"
#: Canonical order of the tags the format knows; others follow in their own order.
TAG_ORDER = ("Game", "Event", "Site", "Date", "Format", "Players", "PensionCards", "Track")


@dataclass(slots=True)
class MoveEntry(FromSource):
    """A move as written.  ``subject``: the seat of the name written before an item that
    needs none (``Ann rolls``, ``Ann refuses``), which the replayer checks."""

    move: Move
    subject: int | None = field(default=None, compare=False)
    #: The source line and the index of the item's first word in it: the line number and
    #: column are worked out when a message needs them (most moves never need them).
    source: SourceLine | None = field(default=None, compare=False, repr=False)
    word: int = field(default=0, compare=False, repr=False)


Entry = MoveEntry | CheckEntry | CommentEntry


@dataclass(slots=True, eq=False, repr=False)
class Record(RecordBase):
    """One game: its tags (in order), players, track and body."""

    game: ClassVar[str] = "Millionenspiel"
    tags: dict[str, str]
    names: tuple[str, ...]
    track: tuple[str, ...] | None = None
    entries: list[Entry] = field(default_factory=list)
    file: str | None = None
    number: int = 1
    start_line: int = 1
    #: Pension cards of each value: the box's five, or a house rule's (``PensionCards``).
    pension_cards: int = PENSION_CARDS

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.names


def canonical_tags(tags: dict[str, str]) -> dict[str, str]:
    out = {name: tags[name] for name in TAG_ORDER if name in tags}
    out.update((k, v) for k, v in tags.items() if k not in out)
    return out
