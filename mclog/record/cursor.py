"""One body line read item by item: the word cursor a game's notation reads with, and
where each comment of the line is anchored.

A game whose items have a fixed number of words is read by its verb table alone
(``mclog.kit.notation.parse_body``); one whose items take fillers, lists or a name before
the verb (Millionenspiel's ``Ann rolls 4 3``, ``lands on red``, ``bets Ann 3, Ben pass``)
reads them with this cursor, its table's readers taking the words they need.

Comments follow one rule in every game: a comment belongs to the item before it on its
line, and ``fmt`` keeps it after that item; one with no item before it on its line (on a
line of its own, or before the line's first item) stays on a line of its own.

>>> from mclog.record.framing import RawLine
>>> out = []
>>> line = Cursor(RawLine(7, ["rolls", "4", "3"], text="rolls 4 3"), out)
>>> line.take("a verb"), line.peek(), line.at
('rolls', '4', 1)
>>> line.optional("on"), line.at
(False, 1)
>>> str(line.error("a die shows 1 to 6", 2))
'<text>:7:9: a die shows 1 to 6'
"""

from __future__ import annotations

from mclog.errors import RecordError

from .entries import CommentEntry
from .framing import Comment, RawLine, SourceLine


class LineComments:
    """The comments of one line, each put into ``out`` (the record's entries) as the
    reading of the line passes it, anchored by the one rule."""

    __slots__ = ("out", "first", "pending")

    def __init__(self, raw: RawLine, out: list) -> None:
        self.out = out
        self.first = len(out)  # (the entries before it are other lines')
        self.pending: list[Comment] = sorted(raw.comments, key=lambda c: c.after) \
            if raw.comments else []

    def before(self, at: int) -> None:
        """Put in the comments written before word ``at``, each after the item before it
        (a comment between two bets of a list stays after the first)."""
        pending = self.pending
        while pending and pending[0].after <= at:
            self.put(pending.pop(0))

    def rest(self) -> None:
        """Put in the comments after the line's last item."""
        for c in self.pending:
            self.put(c)
        self.pending = []

    def put(self, c: Comment) -> None:
        """The one rule: on a line of its own unless an item comes before it on its line
        (a comment read before is no item)."""
        own_line = c.after == 0 or all(isinstance(e, CommentEntry)
                                       for e in self.out[self.first:])
        self.out.append(CommentEntry(c.text, c.brace, own_line, c.line, c.col))


class Cursor:
    """The words of one line, read left to right (``at``: the index of the next word),
    and its comments (``comments``), put into ``out`` as the reading passes them."""

    __slots__ = ("raw", "words", "at", "out", "comments", "_source")

    def __init__(self, raw: RawLine, out: list) -> None:
        self.raw, self.words, self.out = raw, raw.words, out
        self.at = 0
        self.comments = LineComments(raw, out)
        self._source: SourceLine | None = None

    @property
    def source(self) -> SourceLine:
        """The line as an entry keeps it (one object, shared by the line's items)."""
        if self._source is None:
            self._source = self.raw.source()
        return self._source

    def peek(self) -> str | None:
        """The next word, or None at the end of the line."""
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, what: str) -> str:
        """The next word, which must be there: ``what`` says what was expected."""
        word = self.peek()
        if word is None:
            raise self.error(f"Expected {what}, but the line ends")
        self.at += 1
        return word

    def optional(self, word: str) -> bool:
        """Skip ``word`` (in any case) if it comes next: a filler a person may write
        (``lands on red``, ``past the arrow``)."""
        following = self.peek()
        if following is not None and following.lower() == word:
            self.at += 1
            return True
        return False

    def col(self, at: int) -> int:
        return self.raw.col(at)

    def error(self, message: str, at: int | None = None) -> RecordError:
        """``message`` located at word ``at`` (default: the next one)."""
        return RecordError(message, line=self.raw.number,
                           col=self.raw.col(self.at if at is None else at))

    def comments_so_far(self) -> None:
        """Put in the comments written before the cursor."""
        self.comments.before(self.at)


__all__ = ["Cursor", "LineComments"]
