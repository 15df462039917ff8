"""The entries every game's record shares: comments, checks, and where an item was read.

A game's record is a list of entries in the order they were written; the moves are the
game's own (``MoveEntry`` in each game's notation; Million Club's in ``notation/entry.py``),
built on ``FromSource`` or with its fields (a record's ``move_entry`` names the class).
Source positions never count for equality: ``parse(write(record)) == record``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import RecordError
from .framing import comment_text

if TYPE_CHECKING:
    from .framing import SourceLine


class FromSource:
    """The line and column of an item kept as its source line (``source``: a
    ``framing.SourceLine``, or None for an item not read from text) and the index of its
    first word (``word``): worked out only when a message asks.

    A game's move entry is built on it, or, where the entry is a compiled class (which
    cannot build on an interpreted one: Million Club's), has the same fields and
    properties; a record's ``move_entry`` is its game's class."""

    __slots__ = ()
    # (declared for the type checker: the game's move entry has these fields)
    source: SourceLine | None
    word: int
    move: Any

    @property
    def line(self) -> int:
        return self.source.number if self.source is not None else 0

    @property
    def col(self) -> int:
        return self.source.col(self.word) if self.source is not None else 0


@dataclass(slots=True)
class CheckEntry:
    """``check money Ann 12 Ben 0``: what the recorder saw at the table.  ``values`` pairs
    what is checked (a seat, or what the game checks by name) with the number seen."""

    what: str
    values: tuple[tuple[int | str, int], ...]
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


@dataclass(slots=True)
class CommentEntry:
    """A comment, and what it is anchored to (docs/millionclub/format.md, "Comments"): a comment on a
    line of its own (``own_line``) stays on a line of its own at that place; any other
    belongs to the item it follows on its line."""

    text: str
    brace: bool = False
    own_line: bool = False
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


def ends_its_line(comment: CommentEntry) -> bool:
    """Whether nothing more of its line can follow ``comment``, written after an item: a
    ``;`` comment runs to the line's end, and the words after a ``{...}`` that spans lines
    are read as a line of their own (``mclog.record.framing``).  Every writer starts a new
    line after such a comment, and ``as_read`` reads one that follows it on a line of its
    own.

    >>> ends_its_line(CommentEntry("a")), ends_its_line(CommentEntry("a", brace=True))
    (True, False)
    >>> ends_its_line(CommentEntry("two\\nlines", brace=True))
    True
    """
    return not comment.brace or "\n" in comment.text


def as_read(entries: list) -> list:
    """``entries`` as the text the canonical writers make of them reads back (for a JSON
    record, which may hold what its text cannot): a comment of one line without the
    spaces at its ends, a ``;`` comment's lines each so, and a run of ``;`` comments on
    lines of their own joined into one, as the reader joins a run of ``;`` lines; one
    after no item, or after a ``;`` comment or one of several lines, on a line of its own,
    and one of several lines after an item in braces, as the writers put them
    (``record.framing.comment_text`` writes each; the framing reads them).

    >>> [(e.text, e.brace) for e in as_read([CommentEntry(" a ", own_line=True),
    ...     CommentEntry("b ", own_line=True), CommentEntry(" c ", brace=True)])]
    [('a\\nb', False), ('c', True)]
    """
    out: list = []
    for entry in entries:
        if type(entry) is not CommentEntry:
            out.append(entry)
            continue
        if not entry.own_line and (not out or type(out[-1]) is CommentEntry and (
                out[-1].own_line or ends_its_line(out[-1]))):
            # (after no item, the writers put it on a line of its own, and it reads so after
            # a comment that ends its line; after an item's ``{...}`` of one line, it stays
            # on the item's line)
            entry = CommentEntry(entry.text, entry.brace, True, entry.line, entry.col)
        text, brace = entry.text, entry.brace
        if brace or ("\n" in text and not entry.own_line):   # (written in braces)
            text, brace = (text if "\n" in text else text.strip()), True
        else:
            text = "\n".join(part.strip() for part in text.split("\n"))
            last = out[-1] if out else None
            if entry.own_line and type(last) is CommentEntry and last.own_line and \
                    not last.brace:   # (the line after a ; comment's)
                out[-1] = CommentEntry(f"{last.text}\n{text}", False, True, last.line,
                                       last.col)
                continue
        out.append(entry if (text, brace) == (entry.text, entry.brace) else
                   CommentEntry(text, brace, entry.own_line, entry.line, entry.col))
    return out


class RecordBase:
    """What every game's record offers the shared parts (its dataclass has ``tags``,
    ``entries``, ``file`` and ``number``): its moves, equality by tags and content (never
    by source positions), and errors located in its file and game."""

    __slots__ = ()
    # (declared for the type checker: the game's record dataclass has these fields)
    tags: dict[str, str]
    entries: list
    file: str | None
    number: int
    #: The class of the game's move entries (a game whose entry is not built on
    #: ``FromSource`` names its own).
    move_entry: ClassVar[type[Any]] = FromSource

    @property
    def moves(self) -> list:
        kind = self.move_entry
        return [e.move for e in self.entries if isinstance(e, kind)]

    @property
    def content(self) -> list:
        """The entries that make the record what it is (a game may leave some out)."""
        return self.entries

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.tags == other.tags and self.content == other.content

    __hash__ = None  # type: ignore[assignment]  # (records are mutable)

    def continued_by(self, other: RecordBase,
                     same: Callable[[Any, Any], bool] = operator.eq) -> bool:
        """Whether ``other`` is this record with entries added after its own: the same
        game, tags, players and file, and this record's entries as its first ones, each
        compared by ``same`` (a game whose entries hold what equality leaves out, and its
        replay reads, compares that too).  The recorder reads its record again at every
        line typed, with the line added, and a game's replay may then go on from the last
        (``Game.replay_after``)."""
        count = len(self.entries)
        return (type(other) is type(self) and getattr(other, "game", None) ==
                getattr(self, "game", None) and other.tags == self.tags
                and other.players == self.players and other.file == self.file
                and len(other.entries) >= count
                and all(map(same, self.entries, other.entries)))

    @property
    def players(self) -> tuple[str, ...]:   # (the game's record says)
        raise NotImplementedError

    def __repr__(self) -> str:
        """What a notebook or a console shows of a record: its game, players and size,
        and where it was read (a record's fields in full would fill the screen).

        >>> import mclog
        >>> mclog.read_one("sample_games/cartel/duel-2p.mclog")
        <Cartel record: Ann, Ben; 114 entries, 99 of them moves (sample_games/cartel/duel-2p.mclog)>
        """
        where = f" ({self.file}{f', game {self.number}' if self.number > 1 else ''})" \
            if self.file else ""
        game = getattr(self, "game")   # (a class's constant, or the kit record's field)
        return (f"<{game} record: {', '.join(self.players)}; {len(self.entries)} "
                f"entries, {len(self.moves)} of them moves{where}>")

    def error(self, message: str, line: int, col: int, **kw) -> RecordError:
        return RecordError(message, line=line, col=col, file=self.file,
                           game=self.number if self.number > 1 else None, **kw)


def inline_comments_length(entries: list, index: int) -> int:
    """How long the comments written after ``entries[index]`` on its line are (0: none):
    a writer that joins items on a line asks it before it joins one, so that no line it
    writes is longer than a record may have."""
    length = 0
    # (by index: a slice copied the rest of a long record at every item written, and
    # ``islice`` walks every entry before ``index``, which made writing quadratic)
    for following in range(index + 1, len(entries)):
        entry = entries[following]
        if not isinstance(entry, CommentEntry) or entry.own_line:
            break
        length += 3 + len(comment_text(entry.text, entry.brace, False).split("\n")[0])
    return length
