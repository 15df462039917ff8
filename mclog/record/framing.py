"""Split record text into games, tag pairs, body lines, words and comments.

Comments: ``;`` runs to the end of the line and holds any text; ``{...}`` may
stand anywhere (and span lines) and escapes ``}`` inside it as ``\\}``, and a
backslash as ``\\\\`` where it comes before another, before ``}`` or at the end (any
other stands as it is: ``C:\\games``), so that any comment text survives a round trip.

>>> g = next(split_games('[Event "Club"]\\n\\nplace Ann III, Ben V {good} ; a note\\n'))
>>> g.tags[0].name, g.tags[0].value
('Event', 'Club')
>>> g.lines[0].words, [c.text for c in g.lines[0].comments]
(['place', 'Ann', 'III', 'Ben', 'V'], ['good', 'a note'])
>>> escape_brace('a } b \\\\ c \\\\')
'a \\\\} b \\\\ c \\\\\\\\'
"""

from __future__ import annotations

import io
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from ..engine import by_fields
from ..errors import RecordError, a_or_an
from .files import MAX_GAME

#: A tag's name, as the text and a record's JSON form (``json_form.TAG_NAME``) both read it.
TAG_NAME_PATTERN: Final = r"[A-Za-z][A-Za-z0-9_]*"
_TAG: Final = re.compile(r'\[\s*(' + TAG_NAME_PATTERN + r')\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
#: Commas typed in an East Asian input method (full-width ``，``, ideographic ``、``):
#: read as the comma they stand for, between items as between words.
WIDE_COMMAS: Final = "\uff0c\u3001"
_TOKEN_END: Final = re.compile(r"[\s,;{" + WIDE_COMMAS + "]")
#: A tag's start (``[Event "``) where a line's words stand: two files joined by ``cat``,
#: the first without a line end at its end, put the second's first tag on the first's
#: last line.
_TAG_START: Final = re.compile(r'\[\s*(' + TAG_NAME_PATTERN + r')\s+"')
_WORD: Final = re.compile(r"[^\s,;{}" + WIDE_COMMAS + "]+")


# A comment and a tag are named tuples: values, made for every one a record holds, whose
# classes Python makes in a sixth of a frozen dataclass's time (every command makes them as
# it starts: issue 29).


class Comment(NamedTuple):
    """A comment and where it stood: after ``after`` tokens of its line."""

    text: str
    brace: bool  # {...} rather than ; to end of line
    line: int
    col: int
    after: int = 0


class Tag(NamedTuple):
    """A tag pair, ``[Name "value"]``, and the line it stands on (where a message about
    its value points)."""

    name: str
    value: str
    line: int


@dataclass(slots=True, eq=False)
class SourceLine:
    """Where an item was read: its line's number and text.  This is what a record keeps of
    its source (not the line's word list, which would double a kept record's size); the
    column of a word is worked out from the text when a message needs it."""

    number: int
    text: str
    _cols: list[int] | None = None  # 1-based start of each word, once worked out

    def __init__(self, number: int, text: str, _cols: list[int] | None = None) -> None:
        # (written out: one is made for every line an item is read from; see ``__init__``
        # in mclog/compiled.py)
        self.number = number
        self.text = text
        self._cols = _cols

    def col(self, i: int) -> int:
        """The 1-based column of word ``i`` (past the end: just after the last word)."""
        if self._cols is None:  # a line without comments: every word is a token
            self._cols = [m.start() + 1 for m in _WORD.finditer(self.text)]
        cols = self._cols
        if i < len(cols):
            return cols[i]
        if not cols:
            return 1
        end = _TOKEN_END.search(self.text, cols[-1] - 1)
        return (end.start() if end else len(self.text)) + 1

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


@dataclass(slots=True)
class RawLine:
    """One body line: its words, and where each stands.

    A plain line (no comment on it) keeps only its words, split by ``str.split``;
    the columns are worked out when something asks for them (an error message),
    since most lines never need them.
    """

    number: int
    #: The words, once split (None: a plain line not split yet; ``words`` splits it when
    #: first asked, so a game's lines waiting to be parsed hold their text only)
    _words: list[str] | None = None
    comments: list[Comment] = field(default_factory=list)
    text: str = ""
    _cols: list[int] | None = None  # set by the scan of a line with comments
    _source: SourceLine | None = None

    def __init__(self, number: int, _words: list[str] | None = None,
                 comments: list[Comment] | None = None, text: str = "",
                 _cols: list[int] | None = None, _source: SourceLine | None = None) -> None:
        # (written out: one is made for every line read; see ``__init__`` in
        # mclog/compiled.py.  ``comments``: a new list where none is given)
        self.number = number
        self._words = _words
        self.comments = [] if comments is None else comments
        self.text = text
        self._cols = _cols
        self._source = _source

    @property
    def words(self) -> list[str]:
        if self._words is None:
            self._words = self.text.replace(",", " ").split()
        return self._words

    def source(self) -> SourceLine:
        """The line as a record keeps it (one object, shared by the line's items)."""
        if self._source is None:
            self._source = SourceLine(self.number, self.text, self._cols)
        return self._source

    def col(self, i: int) -> int:
        """The 1-based column of word ``i`` (past the end: just after the last word)."""
        if i == 0 and self._cols is None and self.words:  # a label: no scan of the line
            return self.text.find(self.words[0]) + 1  # only separators stand before it
        return self.source().col(i)

    def ends(self) -> str:
        """How a message says that the line ends: where a ``{...}`` comment that spans
        lines ends it, it says so, since its writer sees the line go on after the
        comment's ``}`` (read as a line of its own)."""
        last = self.comments[-1] if self.comments else None
        if last is not None and last.brace and "\n" in last.text and \
                last.after == len(self.words):
            return ("the line ends at a { comment that spans lines, and the words after its } "
                    "are read as a new line")
        return "the line ends"

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


@dataclass(slots=True)
class RawGame:
    """One game's tags and body lines, with the line it starts on (1-based)."""

    start: int
    tags: list[Tag] = field(default_factory=list)
    lines: deque[RawLine] = field(default_factory=deque)
    end: int = 0

    def take_lines(self) -> Iterator[RawLine]:
        """The body's lines in order, each let go once the parser has it (a game's lines
        are then never all held beside the record parsed from them)."""
        lines = self.lines
        while lines:
            yield lines.popleft()

    def spelt(self, names: Iterable[str]) -> RawGame:
        """This game with each tag whose name is one of ``names`` in another case
        (``[players "..."]``) spelt as there (``Players``); itself where none is."""
        spelling = {name.lower(): name for name in names}
        if all(spelling.get(tag.name.lower(), tag.name) == tag.name for tag in self.tags):
            return self
        tags = [Tag(spelling.get(tag.name.lower(), tag.name), tag.value, tag.line)
                for tag in self.tags]
        return RawGame(self.start, tags, self.lines, self.end)

    def tag_values(self) -> tuple[dict[str, str], dict[str, int]]:
        """(each tag's value, each tag's line), in the order written; a tag given twice is
        a mistake at its second line."""
        values: dict[str, str] = {}
        lines: dict[str, int] = {}
        for tag in self.tags:
            if tag.name in values:
                raise RecordError(f"The tag [{tag.name}] is given twice", line=tag.line,
                                  col=1, code="header")
            values[tag.name] = tag.value
            lines[tag.name] = tag.line
        return values, lines


#: Quotes a word processor or a keyboard writes for ``"``.
_TYPOGRAPHIC: Final = "“”„‟«»‘’‚″"


def _tag_mistake(line: str) -> str:
    """Why ``line``, which starts with ``[``, is no tag pair, as near as can be said."""
    said = 'A tag pair is written [Name "value"], with the value in double quotes'
    typographic = "".join(dict.fromkeys(c for c in line if c in _TYPOGRAPHIC))
    if typographic:
        return (f"{said}: this line has {typographic}, a word processor's quotes, where "
                'the straight " goes')
    if re.match(r"\[\s*[A-Za-z]\w*\s+'", line):
        return f"{said}, not single ones"
    if re.match(r"\[\s*[A-Za-z]\w*\s*[:=]", line):
        return f"{said}: the name and the value are written apart, with no ':' or '='"
    named = re.match(r'\[\s*([^\s"\]]+)\s+"', line)
    if named and not re.fullmatch(TAG_NAME_PATTERN, named.group(1)):
        return (f"{said}: '{named.group(1)}' is no tag name, which is a letter A to Z, "
                "then letters A to Z, digits or _")
    after = re.match(r'\[\s*[A-Za-z]\w*\s+"(?:[^"\\]|\\.)*"\s*\]\s*([;{])', line)
    if after:   # (``[Players "Ann, Ben"] ; Ann was late``)
        mark = "; ..." if after.group(1) == ";" else "{...}"
        return (f"{said}, alone on its line: a comment ({mark}) after a tag goes on a line "
                "of its own, after the tags")
    if not line.endswith("]"):
        return f"{said}: this line does not end with ]"
    if line.count('"') > 2:
        return f'{said}: a " inside the value is written \\"'
    return said


#: How other notations start a comment: a word starting so is told how a record writes one.
_OTHER_COMMENTS: Final = ("#", "//", "--", "/*", "%", "(")


#: The marks a word may carry at its end by a slip of the pen (``Ben:``, ``krupp.``,
#: ``Ann=``), by name.
MARKS: Final = {":": "colon", ".": "point", "=": "equals sign", ",": "comma"}


def _unmarked(word: str, reads: Callable[[str], bool]) -> tuple[str, str] | None:
    """``word`` without the marks at its end and the first mark's name (``("Ben",
    "colon")`` for ``Ben:``), where it reads so (``reads(word)``); else None."""
    bare = word.rstrip("".join(MARKS))
    if not bare or bare == word or not reads(bare):
        return None
    return bare, MARKS[word[len(bare)]]


def mark_hint(word: str, reads: Callable[[str], bool]) -> str:
    """`` (write it without the colon: 'Ben')`` where ``word`` reads (``reads(word)``)
    without the marks at its end, else nothing: every reader words this slip alike.

    >>> mark_hint("Ben:", lambda word: word == "Ben"), mark_hint("Bem:", str.isdigit)
    (" (write it without the colon: 'Ben')", '')
    """
    found = _unmarked(word, reads)
    return "" if found is None else f" ({_without(*found)})"


def stray_mark(word: str, reads: Callable[[str], bool]) -> str | None:
    """Why ``word`` does not read, where it does without the mark at its end (``Ben:``
    for ``Ben``: ``reads(word)`` says whether a word reads); else None: ``mark_hint``'s
    advice, as the whole reason.

    >>> stray_mark("Ben:", lambda word: word == "Ben")
    "'Ben:' ends in a colon (write it without the colon: 'Ben')"
    >>> stray_mark("Bem:", lambda word: word == "Ben") is None
    True
    """
    found = _unmarked(word, reads)
    if found is None:
        return None
    return f"'{word}' ends in {a_or_an(found[1])} ({_without(*found)})"


def _without(bare: str, mark: str) -> str:
    return f"write it without the {mark}: '{bare}'"


#: A card not seen written otherwise than ``?``: several marks in one word (``??``), a
#: count (``2``, ``?x2``, ``x3``, ``3?``), or a word for it.
_UNSEEN_COUNTED: Final = re.compile(r"^(?:\?{2,}|\?*[x×*]?[0-9]+\??|[0-9]+[x×*]?\?*)$")
_UNSEEN_WORDS: Final = frozenset({"unknown", "hidden", "unseen", "facedown", "-", "_", "*",
                                  "x", "xx", "xxx", "none?"})


#: How every game's record writes a card its seat did not see, said where one is missing
#: or written otherwise.
UNSEEN_SAID: Final = " (a card not seen is written ?)"


def unseen_hint(word: str, one: bool = False) -> str:
    """`` (a card not seen is ? ...)`` where ``word`` stands for cards not seen written
    another way (``draws ??``, ``draws 2 ?``, ``draws ? x2``, ``buys unknown``), else
    nothing: in every game a seat's record writes each card its seat did not see as one
    ``?``.  ``one``: the word stands where one card goes (``buys ??``).

    >>> unseen_hint("?x2")
    " (each card is a word of its own, ? for one not seen: '? ?', not a count)"
    >>> unseen_hint("hidden"), unseen_hint("asia")
    (' (a card not seen is written ?)', '')
    """
    low = word.lower()
    if _UNSEEN_COUNTED.match(low) and not one:
        count = re.search(r"[0-9]+", low)
        n = int(count[0]) if count else len(low)
        cards = " ".join("?" * n) if 1 <= n <= 6 else "? ? ? ..."
        return f" (each card is a word of its own, ? for one not seen: '{cards}', not a count)"
    if low in _UNSEEN_WORDS or (one and _UNSEEN_COUNTED.match(low) and "?" in low):
        return UNSEEN_SAID
    return ""


def comment_hint(word: str) -> str:
    """`` (a comment ...)``, how a record writes a comment, where ``word`` starts as a
    comment does in another notation (``# a note``, ``// a note``); else nothing."""
    if word.startswith(_OTHER_COMMENTS):
        return (": a comment starts with ; and runs to the line's end, or stands in { } "
                "(see docs/format-framing.md)")
    return ""


def whole_number(word: str) -> int | None:
    """The number a word of plain ASCII digits stands for, or None: for any other word
    (a superscript digit is no number), and for more than 16 digits (no table counts
    so high, and Python refuses to convert over 4,300).

    >>> whole_number("42"), whole_number("4²"), whole_number("9" * 5000)
    (42, None, None)
    """
    if len(word) > 16 or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


def repeated(words: Sequence[str], at: int) -> str | None:
    """``'draws' is written twice``, where ``words[at]`` is the word before it again (in
    any case: ``Roll roll``), else None: a slip of the pen every reader tells alike.

    >>> repeated(["check", "money", "money", "Ann"], 2), repeated(["rolls", "3", "3"], 2)
    ("'money' is written twice", "'3' is written twice")
    >>> repeated(["check", "money", "Ann"], 2) is None
    True
    """
    if 0 < at < len(words) and words[at].lower() == words[at - 1].lower():
        return f"'{words[at - 1]}' is written twice"
    return None


def repeated_hint(words: Sequence[str], at: int) -> str:
    """`` ('draws' is written twice)`` where ``words[at]`` is the word before it again,
    else nothing: ``repeated``'s sentence, as a hint after a reader's own.

    >>> repeated_hint(["draws", "draws", "asia"], 1), repeated_hint(["draws", "asia"], 1)
    (" ('draws' is written twice)", '')
    """
    twice = repeated(words, at)
    return f" ({twice})" if twice else ""


def bare_sum(word: str, units: str = "") -> str | None:
    """The number of a sum written with its unit (``15M``, ``$15``, ``15€``), which a
    record writes bare (``15``: each game says its unit once, in its rules), or None.
    ``units``: the letters of a unit that a sum may end in (a game that counts in
    millions: ``M``; one that counts in single coins says none, so that ``5M`` is not
    told to be ``5``).

    >>> [bare_sum(word, units="mM") for word in ("15M", "$15", "€15m", "15", "M")]
    ['15', '15', '15', None, None]
    >>> bare_sum("5M"), bare_sum("$500"), bare_sum("#12")   # (a card's number: news #12)
    (None, '500', '12')
    """
    bare = word.lstrip(_CURRENCY + "#№").rstrip(units).rstrip(_CURRENCY)
    return bare if bare != word and whole_number(bare) is not None else None


#: The currency signs a sum may be written with (bare_sum).
_CURRENCY = "$€£¥"

#: Numbers a table may write in words (a record writes them in figures: ``in_figures``).
_NUMBER_WORDS: Final = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())} | {
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "thousand": 1000}


def in_figures(word: str) -> str:
    """`` (a number is written in figures: '5')`` for a number written in words (``five``,
    ``Twenty``), which the notation does not read; else nothing.

    >>> in_figures("five"), in_figures("Forty"), in_figures("fiver")
    (" (a number is written in figures: '5')", " (a number is written in figures: '40')", '')
    """
    number = _NUMBER_WORDS.get(word.lower())
    return f" (a number is written in figures: '{number}')" if number is not None else ""


def escape_tag(value: str) -> str:
    """A tag's value as written between its quotes (``unescape`` reads it back)."""
    return _escaped(value, '"')


def escape_brace(text: str) -> str:
    """A ``{...}`` comment's text as written between its braces (``unescape`` reads it
    back)."""
    return _escaped(text, "}")


def _escaped(text: str, closing: str) -> str:
    r"""``text`` with ``closing`` (the quote of a tag, the brace of a comment) escaped,
    and a backslash doubled only where a reader would take it for an escape: before
    another, before ``closing`` or at the end.  Any other backslash is written as it
    stands, so that a record's ``C:\games\notes.txt`` or ``:-\ sad`` goes through
    ``fmt`` unchanged.

    >>> print(_escaped(r'C:\games\ "x" \\ end\\', '"'))
    C:\games\ \"x\" \\\ end\\\\
    """
    if "\\" not in text and closing not in text:
        return text
    doubled = re.sub(r"\\(?=[\\" + closing + r"]|$)", r"\\\\", text)
    return doubled.replace(closing, "\\" + closing)


def unescape(text: str, closing: str) -> str:
    r"""The text of a tag's value or a ``{...}`` comment as written: ``\\`` is a
    backslash, and a backslash before ``closing`` (a tag's quote, a comment's brace) is
    that character; any other backslash is itself (``C:\games`` was read as
    ``C:games``, and ``fmt`` wrote it so).

    >>> print(unescape(r'C:\games \} \\ \" :-\ sad', "}"))
    C:\games } \ \" :-\ sad
    """
    if "\\" not in text:
        return text
    return re.sub(r"\\([\\" + closing + r"])", r"\1", text)


def comment_text(text: str, brace: bool, own_line: bool) -> str:
    r"""A comment as the canonical writers put it: ``{...}`` for a brace comment, and for
    one of several lines after an item (a ``;`` comment cannot hold a second line);
    otherwise ``; text``, a line each for a run of ``;`` comment lines (which the reader
    keeps as one comment of several lines).

    >>> print(comment_text("first\nsecond", False, True))
    ; first
    ; second
    >>> comment_text("a } b", True, False)
    '{a \\} b}'
    """
    if brace or ("\n" in text and not own_line):
        return "{" + escape_brace(text) + "}"
    return "\n".join(f"; {part}".rstrip() for part in text.split("\n"))


class _CommentRun:
    """A run of ``;`` comment lines being read: kept as one comment (text joined by new
    lines), so a game of a million comment lines holds one object, not a million."""

    def __init__(self, raw: RawLine) -> None:
        self.raw = raw
        self.text = io.StringIO()
        self.text.write(raw.comments[0].text)
        self.lines = 1

    def add(self, text: str) -> None:
        self.text.write("\n")
        self.text.write(text)
        self.lines += 1

    def close(self) -> None:
        if self.lines > 1:
            first = self.raw.comments[0]
            self.raw.comments[0] = Comment(self.text.getvalue(), False, first.line, first.col,
                                           first.after)


def _lone_semicolon(raw: RawLine) -> bool:
    """A line holding only a ``;`` comment."""
    return not raw.words and len(raw.comments) == 1 and not raw.comments[0].brace


def split_games(text: str | Iterable[str], *, first_line: int = 1) -> Iterator[RawGame]:
    """Yield each game of ``text`` lazily.  A tag line after a body starts a new game.

    ``text`` is the whole text, or its lines one by one (a file read as it goes: then
    memory holds one game at a time, however many games the file has).  A run of ``;``
    comment lines is one comment of several lines (``comment_text`` writes it back the
    same)."""
    game: RawGame | None = None
    run: _CommentRun | None = None  # the run of ``;`` comment lines being read
    in_body = False
    pending_brace: tuple[list[str], int, int, RawLine] | None = None  # open {...}
    lines = text.split("\n") if isinstance(text, str) else text
    chars = 0  # characters read so far (a line and its end of line)
    game_from = 0  # ... when the current game began
    for number, line in enumerate(lines, first_line):
        line_from = chars
        chars += len(line) + 1
        if chars - game_from > MAX_GAME and game is not None:
            raise RecordError(f"This game is over {MAX_GAME} characters (10 MB); one game of "
                              "a record is at most 10 MB (a file may hold many games)",
                              line=game.start, col=1, code="too-large")
        if pending_brace is None and "[" not in line and ";" not in line and "{" not in line \
                and "}" not in line and "\uff0c" not in line and "\u3001" not in line:
            # The common line: words only, split by str.split (four times faster than the
            # regular expression _WORD, and the same words on such a line; their columns
            # are worked out if ever needed).  (WIDE_COMMAS is spelt out above: a test of
            # each of its two characters costs nothing on a line of plain ASCII.)
            if line and not line.replace(",", " ").isspace():
                if game is None:
                    game, game_from = RawGame(start=number), line_from
                if run is not None:
                    run.close()
                    run = None
                game.lines.append(RawLine(number, None, [], line))
                in_body = True
                game.end = number
            continue
        line = line.rstrip("\r")
        checked: RawLine | None = None  # a check line a comment that spans lines ends in
        if pending_brace is not None:
            parts, bline, bcol, owner = pending_brace
            end = _brace_end(line, 0)
            if end < 0:
                parts.append(line)
                continue
            parts.append(line[:end])
            owner.comments.append(Comment(unescape("\n".join(parts), "}"), True, bline, bcol,
                                          len(owner.words)))
            pending_brace = None
            rest_start = end + 1
            if owner.words and owner.words[0].lower() == "check":
                checked = owner
        else:
            rest_start = 0
            if not line or line.isspace():
                continue
        stripped = line.strip()
        if rest_start == 0 and stripped[:1] == "[":
            match = _TAG.match(stripped)
            if match is None:
                col = line.index("[") + 1
                raise RecordError(_tag_mistake(stripped), line=number, col=col,
                                  code="header")
            if run is not None:
                run.close()
                run = None
            if game is None or in_body:
                if game is not None:
                    yield game
                game, game_from = RawGame(start=number), line_from
                in_body = False
            game.tags.append(Tag(match.group(1), unescape(match.group(2), '"'), number))
            game.end = number
            continue
        if game is None:
            if not stripped:
                continue
            game, game_from = RawGame(start=number), line_from
        if run is not None and rest_start == 0 and stripped[:1] == ";":
            # (the next line of a run of ``;`` comment lines: its text, and nothing more
            # to make of it, so a million such lines cost a million strings, no more)
            run.add(stripped[1:].strip())
            game.end = number
            continue
        raw = RawLine(number, [], text=line)
        pending_brace = _scan(line, rest_start, number, raw)
        if checked is not None and raw.words:
            raise _check_cut_short(checked, raw)
        if pending_brace is None and _lone_semicolon(raw):   # (also what is left of a
            # line after a comment that spans lines closes on it: a line of its own)
            if run is not None:  # (one more line of the run, written ", ; note": the
                run.add(raw.comments[0].text)  # plain ones are taken above, as text)
                game.end = number
                continue
            game.lines.append(raw)
            run = _CommentRun(raw)
            game.end = number
            continue
        if run is not None:
            run.close()
            run = None
        if raw.words or raw.comments or pending_brace is not None:  # (a comment still open
            # on this line belongs to it: it is added when its } comes)
            game.lines.append(raw)
            in_body = in_body or bool(raw.words)
            game.end = number
    if run is not None:
        run.close()
    if pending_brace is not None:
        _, bline, bcol, _ = pending_brace
        raise RecordError("This { comment is never closed with }", line=bline, col=bcol)
    if game is not None:
        yield game


def _brace_end(line: str, start: int) -> int:
    """Index of the closing } from ``start``, skipping escapes; -1 if none on this line."""
    i = start
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c == "}":
            return i
        i += 1
    return -1


def _scan(line: str, i: int, number: int, raw: RawLine
          ) -> tuple[list[str], int, int, RawLine] | None:
    raw._cols = []
    n = len(line)
    while i < n:
        c = line[i]
        if c.isspace() or c == "," or c in WIDE_COMMAS:
            i += 1
        elif c == ";":
            raw.comments.append(Comment(line[i + 1:].strip(), False, number, i + 1,
                                        len(raw.words)))
            return None
        elif c == "{":
            end = _brace_end(line, i + 1)
            if end < 0:
                return ([line[i + 1:]], number, i + 1, raw)
            raw.comments.append(Comment(unescape(line[i + 1:end], "}").strip(), True, number, i + 1,
                                        len(raw.words)))
            i = end + 1
        elif c == "}":
            raise RecordError("This } closes no { comment", line=number, col=i + 1)
        else:
            m = _TOKEN_END.search(line, i)
            end = m.start() if m else n
            word = line[i:end]
            if "[" in word:
                _no_tag_inside(line, i + word.index("["), number)
            raw.words.append(word)
            raw._cols.append(i + 1)
            i = end
    return None


def _check_cut_short(check: RawLine, raw: RawLine) -> RecordError:
    """The error for words on the line where a ``{...}`` comment that opened on ``check``,
    a check line, ends (``check money Ann 12 {a long\nnote} Ben 3``): the words after a
    comment that spans lines are read as a line of their own, so the check would end at
    the comment and its last values be read as something else (in Millionenspiel, ``Ben
    3`` is a bet wherever it stands: the record was read as another game, in silence)."""
    return RecordError(
        f"'{raw.words[0]}' follows a {{ comment that opened on the check line {check.number} "
        "and spans lines: what follows such a comment is read as a new line, so the check "
        "would end at the comment; put the comment after the check's last value, or on a "
        "line of its own", line=raw.number, col=raw.col(0))


def _no_tag_inside(line: str, at: int, number: int) -> None:
    """Refuse a tag that stands after a line's words (``..., Ben 562[Event "Sunday"]``):
    read as words, it was told as the item's wrong value (``found '562[Event'``)."""
    tag = _TAG_START.match(line, at)
    if tag is not None:
        raise RecordError(f"A tag ([{tag.group(1)} \"...\"]) stands inside this line, after "
                          "its items: a tag is a line of its own (were two records joined, "
                          "the first without a line end at its end?)", line=number,
                          col=at + 1, code="header")
