"""One body line read item by item: the word cursor a game's notation reads with, and
where each comment of the line is anchored.

A game whose items have a fixed number of words is read by its verb table alone
(``mclog.kit.notation.parse_body``); one whose items take fillers, lists or a name before
the verb (Millionenspiel's ``Ann rolls 4 3``, ``lands on red``, ``bets Ann 3, Ben pass``;
Million Club's labels, subjects and cards) reads them with this cursor, its table's
readers taking the words they need.

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
>>> line.at = 3
>>> line.take("a colour")
Traceback (most recent call last):
mclog.errors.RecordError: <text>:7:10: Expected a colour after '3', but the line ends
"""

from __future__ import annotations

from mclog.errors import RecordError

from .entries import CommentEntry
from .framing import Comment, RawLine, SourceLine


class LineComments:
    """The comments of one line, each put into ``out`` (the record's entries) as the
    reading of the line passes it, anchored by the one rule."""

    def __init__(self, raw: RawLine, out: list) -> None:
        self.out = out
        self.pending: list[Comment] = sorted(raw.comments, key=lambda c: c.after) \
            if raw.comments else []
        #: Whether an item of this line is among the entries yet, and how far they have
        #: been looked at (the entries before ``len(out)`` now are other lines'): each is
        #: looked at once, however many comments the line holds.
        self.item_read = False
        self.looked = len(out)

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
        out = self.out
        while not self.item_read and self.looked < len(out):
            self.item_read = not isinstance(out[self.looked], CommentEntry)
            self.looked += 1
        own_line = c.after == 0 or not self.item_read
        out.append(CommentEntry(c.text, c.brace, own_line, c.line, c.col))


class Cursor:
    """The words of one line, read left to right (``at``: the index of the next word),
    and its comments (``comments``, None on a line without any), put into ``out`` as the
    reading passes them.  One cursor may serve a whole game, line after line
    (``start``)."""

    def __init__(self, raw: RawLine | None = None, out: list | None = None) -> None:
        self.raw = RawLine(0)
        self.words: list[str] = []
        self.at = 0
        self.out: list = []
        self.comments: LineComments | None = None
        #: The line as an entry keeps it (one object, shared by the line's items).
        self.source: SourceLine = self.raw.source()
        if raw is not None:
            self.start(raw, [] if out is None else out)

    def start(self, raw: RawLine, out: list) -> None:
        """Start reading ``raw`` into ``out`` (the record's entries)."""
        self.raw, self.words, self.out = raw, raw.words, out
        self.at = 0
        self.comments = LineComments(raw, out) if raw.comments else None
        self.source = raw.source()

    def peek(self) -> str | None:
        """The next word, or None at the end of the line."""
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, what: str, hint: str = "") -> str:
        """The next word, which must be there: ``what`` says what was expected, and
        ``hint`` what a line that ends before it may have meant (`` (a card not seen is
        written ?)``)."""
        at = self.at
        if at >= len(self.words):
            ends = self.raw.ends()
            if at == 0:
                raise self.error(f"Expected {what}, but {ends}{hint}", 0)
            raise self.error(f"Expected {what} after '{self.words[at - 1]}', but {ends}{hint}",
                             at - 1, end=True)
        self.at = at + 1
        return self.words[at]

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

    def error(self, message: str, at: int | None = None, end: bool = False) -> RecordError:
        """``message`` located at word ``at`` (default: the next one), or just after it
        (``end``)."""
        at = self.at if at is None else at
        col = self.raw.col(at) + (len(self.words[at]) if end else 0)
        return RecordError(message, line=self.raw.number, col=col)

    def add(self, entry: object, word: int) -> None:
        """An entry read from the item at word ``word``, after the comments before it."""
        if self.comments is not None:
            self.comments.before(word)
        self.out.append(entry)

    def end(self) -> None:
        """The line is read: the comments after its last item."""
        if self.comments is not None:
            self.comments.rest()


__all__ = ["Cursor", "LineComments"]
