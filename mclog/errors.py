"""The project's own error types.

Every error a user can cause is one of these, so that callers (the command
line, the notebooks, the fuzz tests) can catch ``MclogError`` and never show a
traceback.  This module knows nothing about any particular game.
"""

from __future__ import annotations

from .printable import one_line_path


#: The longest message said whole: past it, its middle is cut (``readable``).
MAX_SAID = 2_000


def readable(message: str) -> str:
    """``message`` as a reader can take it in: one that quotes a huge value (a tag line
    may hold a million characters, to carry a component set) keeps its start and its
    end, and says how much of its middle is left out.

    >>> readable("short")
    'short'
    >>> said = readable("[Seat] '" + "x" * 5000 + "' is not a player")
    >>> len(said) < MAX_SAID, said.endswith("xx' is not a player"), "3,625 characters" in said
    (True, True, True)
    """
    if len(message) <= MAX_SAID:
        return message
    head, tail = message[:1200], message[-200:]
    return f"{head} ... ({len(message) - 1400:,} characters left out) ... {tail}"


class MclogError(Exception):
    """Base of every error mclog raises on purpose.

    ``code`` is a short stable identifier (documented in docs/errors.md once
    the record format exists); ``message`` is written for a player (and, past
    ``MAX_SAID`` characters, cut in its middle: ``readable``).
    """

    code = "error"

    def __init__(self, message: str) -> None:
        message = readable(message)
        super().__init__(message)
        self.message = message


class SetupError(MclogError):
    """A game cannot be set up as asked (player count, colours, setup kind)."""

    code = "setup"


class RuleError(MclogError):
    """A move that the rules forbid at this point of the game.

    ``rule`` names the rulebook section or ruling (``R15``) that forbids it, so
    the message can be checked against the rules by the player.

    >>> str(RuleError("Ben cannot buy the Transport card: he has 3 million and it costs 4", "R15"))
    'Ben cannot buy the Transport card: he has 3 million and it costs 4 (R15)'
    """

    code = "illegal-move"

    def __init__(self, reason: str, rule: str, field: str | None = None,
                 due: tuple[str, int | None] | None = None) -> None:
        self.reason = reason = readable(reason)
        self.rule = rule
        #: The move's field the rules refuse, where it is one (``company``: no company of
        #: this board): a record's message then points at that word, not at its item.
        self.field = field
        #: Where the move is of no kind that can come now: the decision the rules wait for
        #: (its kind and the seat it is about), so that a record's message can add how that
        #: is written, in the notation's words the rules do not hold.
        self.due = due
        super().__init__(f"{reason} ({rule})")

    def __reduce__(self):  # crosses process boundaries whole (corpora run in a pool)
        return (RuleError, (self.reason, self.rule, self.field, self.due))


class RecordError(MclogError):
    """A mistake in a record, located in its source: ``file:line:col: message``.

    ``rule`` is set when the mistake breaks a rule of the game (the move is
    well written but illegal); ``game`` is the game's number (1-based) when
    the file holds several.  ``code`` says which kind of mistake it is (see
    docs/errors.md): ``syntax``, ``header``, ``illegal-move``, ``check``,
    ``reveal``, ``unknown``, ``incomplete``, ``encoding``, ``too-large``; ``redundant``
    for a warning; ``seat`` when a seat's record cannot be made from this one (``hide``).
    """

    #: The record's entry at fault, where a replayer knows it (a JSON record has no lines
    #: to point at: its import names the entry instead).
    entry: object = None

    def __init__(self, message: str, *, line: int = 0, col: int = 0, file: str | None = None,
                 rule: str | None = None, game: int | None = None, code: str = "syntax") -> None:
        self.reason = readable(message)
        self.line, self.col, self.file = line, col, file
        self.rule, self.game = rule, game
        self.code = code
        super().__init__(self.located())

    def __reduce__(self):  # crosses process boundaries whole (corpora run in a pool)
        return (_record_error, (self.reason, self.line, self.col, self.file, self.rule,
                                self.game, self.code))

    def located(self, warning: bool = False) -> str:
        """``file:line:col: reason``; with ``warning``, said as one (``file:line:col:
        warning: reason``: a legal item that says nothing, ``validate`` says so)."""
        where = f"{one_line_path(self.file) if self.file else '<text>'}:{self.line}:{self.col}"
        game = f"game {self.game}: " if self.game else ""
        return f"{where}: {'warning: ' if warning else ''}{game}{self.told()}"

    def told(self) -> str:
        """The reason with the rule it breaks, said once: ``... costs 4 (R15)``, where a
        reason that goes on past its rule (a slip named after it) already holds it."""
        rule = f" ({self.rule})" if self.rule and f"({self.rule})" not in self.reason else ""
        return f"{self.reason}{rule}"

    def __str__(self) -> str:
        return self.located()

    def relocate(self, *, file: str | None = None, game: int | None = None) -> "RecordError":
        """The same error, told where it is (the reader knows the file and game number)."""
        told = RecordError(self.reason, line=self.line, col=self.col,
                           file=file if file is not None else self.file,
                           rule=self.rule, game=game if game is not None else self.game,
                           code=self.code)
        told.entry = self.entry
        return told


def _record_error(reason, line, col, file, rule, game, code) -> RecordError:
    return RecordError(reason, line=line, col=col, file=file, rule=rule, game=game, code=code)


class ReviewError(MclogError):
    """A position a review by rollouts cannot weigh, in words (``mclog.review``)."""

    code = "review"


def a_kind(value: object) -> str:
    """What ``value`` is, in words, for a ``TypeError`` that says what was given instead
    (``not a str``): ``None``, ``a str``, ``an int``.

    >>> a_kind(None), a_kind("10"), a_kind(2)
    ('None', 'a str', 'an int')
    """
    if value is None:
        return "None"
    return a_or_an(type(value).__name__)


def a_or_an(noun: str) -> str:
    """``noun`` with its article: ``a seat``, ``an amount``.

    >>> a_or_an("amount"), a_or_an("bid")
    ('an amount', 'a bid')
    """
    return f"{'an' if noun[:1] in tuple('aeiouAEIOU') else 'a'} {noun}"
