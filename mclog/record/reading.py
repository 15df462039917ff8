"""Read records of any game: from a file (``read``, ``read_one``: always a path) or from
text (``parse``, ``parse_one``), one game or many, lazily, one game at a time.

Each framed game's ``[Game "..."]`` tag (Million Club when absent) picks the game from
the registry (``mclog.games``), whose ``parse`` gives the body its meaning.

>>> text = '[Players "Ann yellow, Ben black"]\\nsetup Ann asia, Ben india\\n'
>>> rec = next(parse(text))
>>> rec.table.names, rec.moves[0]
(('Ann', 'Ben'), Draw(card='asia', player=None))
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

from ..errors import MclogError, RecordError
from ..protocol import FRAMING_TAGS
from .files import FileError, checked_text, decode, iter_lines, without_marks
from .framing import RawGame, split_games


def file_lines(source: str | os.PathLike) -> tuple[Iterator[str], str]:
    """(the lines, as they are read, and the file name) of the file ``source``: always a
    path, never record text (for text, ``parse``).  Read as UTF-8 within the limits of
    ``mclog.record.files`` (a line, a game, a file read as it goes)."""
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"a record file's path is a str or a Path, not {type(source).__name__}")
    if isinstance(source, str) and "\n" in source:
        raise TypeError("this is record text, not a file's path: read it with "
                        "mclog.parse(text) or mclog.parse_one(text)")
    path = str(source)
    return iter_lines(path), "<stdin>" if path == "-" else path


def game_of(raw: RawGame):
    """The game (``mclog.protocol.Game``) a framed game names in its ``Game`` tag."""
    from ..games import game

    tag = next((t for t in raw.tags if t.name.lower() == "game"), None)   # (any case)
    try:
        return game(tag.value if tag is not None else None)
    except MclogError as exc:
        raise RecordError(f"[Game] {exc}", line=tag.line if tag is not None else 0, col=1,
                          code="header") from None


def _games(text: str | Iterable[str], file: str | None
           ) -> Iterator[tuple[int, RawGame | RecordError]]:
    """Each framed game, or the framing error that ended the reading.  A text's byte order
    marks at the start of its lines are skipped, as a file's are (a record read in Python
    with ``encoding="utf-8"`` rather than ``"utf-8-sig"`` keeps its mark).  A JSON file
    that fails to frame (an export, a component file) is told as JSON, not by the brace
    or bracket that the framing first stumbled on."""
    head: list[str] = []   # (a file's first lines, read ahead; a text's are at hand)
    number = 0
    try:
        if isinstance(text, str):
            text = without_marks(text)
        else:
            head, text = _peek(text)
        for raw in split_games(text):
            number += 1
            yield number, raw
    except RecordError as exc:
        if number == 0:
            json_line = json_start(text[:_SNIFFED].splitlines() if isinstance(text, str)
                                   else head)
            if json_line:
                exc = RecordError(_JSON_SAID, line=json_line, col=1, code="header")
        yield number + 1, exc.relocate(file=file, game=None)


#: How much of a text's or a file's start is looked at to tell JSON (its first two lines
#: that are not blank), in characters.
_SNIFFED: Final = 65536
#: A first line as JSON starts (``[``, ``{``, ``[{``, ``[]``, ``[[1``, ``{"name":``), and
#: the second as an array's item or an object's member does: a record starts with a tag
#: (``[Game "..."]``, or mistyped ``[[Game``) or a comment (``{...}``, ``;``), and one
#: that starts so anyway is read as a record first.
_JSON_FIRST: Final = re.compile(
    r'^(?:\[\s*(?:[{\]]|\[\s*(?:$|[^\sA-Za-z])|$)|\{\s*(?:"[^"]*"\s*:|$))')
_JSON_MEMBER: Final = re.compile(r'^"[^"]*"\s*:')
_JSON_ITEM: Final = re.compile(r'^(?:[{"\]]|\[\s*(?:$|[^\sA-Za-z]))')   # (not a tag's [Name)
_JSON_SAID: Final = (
    "This is JSON, not a record's text (which starts with its tags, [Game \"...\"]): a "
    "record that 'mclog export' wrote is read back with 'mclog import', and a component "
    "file is named by a record's [Components \"...\"] tag")


def json_start(lines: Iterable[str]) -> int | None:
    """The number of the line on which ``lines`` (a file's first) start as JSON does, or
    None.

    >>> json_start(["", "[", ' {"format": "mclog 1",']), json_start(['{"name": "box"}'])
    (2, 1)
    >>> json_start(["{", "Ann played well"]), json_start(["[", '[Game "Cartel"]'])
    (None, None)
    >>> json_start(['[[Game "Cartel"]']), json_start(["[[1, 2], [3, 4]]"])
    (None, 1)
    """
    found = [(number, line.strip()) for number, line in enumerate(lines, 1)
             if line.strip()][:2]
    if not found or not _JSON_FIRST.match(found[0][1]):
        return None
    first = found[0][1]
    if first in ("{", "["):   # (a comment's brace alone on its line, or a stray bracket)
        second = found[1][1] if len(found) > 1 else ""
        if not (_JSON_MEMBER if first == "{" else _JSON_ITEM).match(second):
            return None
    return found[0][0]


def _peek(lines: Iterable[str]) -> tuple[list[str], Iterator[str]]:
    """(the first lines, up to the second that is not blank, at most ``_SNIFFED``
    characters; all the lines again, as they are read)."""
    lines = iter(lines)
    head: list[str] = []
    full = size = 0
    for line in lines:
        head.append(line)
        full += bool(line.strip())
        size += len(line)
        if full == 2 or size > _SNIFFED:
            break
    return head, itertools.chain(head, lines)


def _record(raw: RawGame, file: str | None, number: int) -> Any:
    try:
        _after_a_game(raw, number)
        game = game_of(raw)
        return game.parse(raw.spelt(game.tag_names), file, number)
    except RecordError as exc:
        raise exc.relocate(file=file, game=number if number > 1 else None) from None


def _after_a_game(raw: RawGame, number: int) -> None:
    """A ``RecordError`` for tags with no ``Players`` after another game's moves: a result
    added at the end of a file (``[Result "Ann"]``), or a tag written among a game's moves
    (``[Site "Zoe's kitchen"]`` remembered in round 2).  A tag there starts a game of its
    own, which the games would refuse only as a game without players, at its first line
    if it names neither its format nor its event, and the game above as one that ends
    where the tag stands."""
    if number == 1 or not raw.tags or any(t.name.lower() == "players" for t in raw.tags):
        return
    one = len(raw.tags) == 1
    names = " and ".join(f"[{t.name}]" for t in raw.tags[:2]) + ("" if len(raw.tags) < 3
                                                                  else " ...")
    it = "it" if one else "them"
    if any(line.words for line in raw.lines):   # (a tag among the game's moves)
        none_after, whose = "", f" (the moves after {it} are then that game's)"
    else:                                       # (a tag after its last move)
        none_after, whose = f", with none after {it}", ""
    raise RecordError(f"{names} {'stands' if one else 'stand'} after game {number - 1}'s "
                      f"moves{none_after}: a tag there starts a new game{whose}, which needs "
                      f"its [Players \"...\"]; a tag of game {number - 1}'s goes with its "
                      "other tags, before its moves", line=raw.tags[0].line, col=1,
                      code="header")


def read(source: str | os.PathLike) -> Iterator[Any]:
    """Every game of the file at ``source`` (a path: a name is never taken for record
    text), parsed lazily.  Raises ``RecordError`` at the first mistake, located as
    ``file:line:col``."""
    lines, file = file_lines(source)
    yield from read_text(lines, file)


def read_text(text: str | Iterable[str], file: str | None = None) -> Iterator[Any]:
    """Every game of ``text`` (never taken for a file name; or its lines as a file is
    read), parsed lazily, one game at a time."""
    for number, raw in _games(text, file):
        if isinstance(raw, RecordError):
            raise raw
        yield _record(raw, file, number)


def read_bytes(data: bytes, file: str | None = None) -> Iterator[Any]:
    """Every game of raw bytes: checked for UTF-8 and line length first."""
    return read_text(decode(data, file), file)


def read_one(source: str | os.PathLike) -> Any:
    """The game of the file at ``source``: its first, if it holds several (``read`` gives
    each); an error if it holds none."""
    return _one(read(source))


def parse(text: str, file: str | None = None) -> Iterator[Any]:
    """Every game of record ``text`` (never taken for a file name), parsed lazily.

    >>> [r.table.names for r in parse('[Players "Ann yellow, Ben black"]\\n')]
    [('Ann', 'Ben')]
    """
    if isinstance(text, os.PathLike) or (isinstance(text, str) and "\n" not in text
                                         and os.path.isfile(text)):
        raise TypeError("this is a file's path, not record text: read it with "
                        "mclog.read_one(path) or mclog.read(path)")
    if not isinstance(text, str):
        raise TypeError(f"record text is a str, not {type(text).__name__}")
    return _checked_games(text, file)


def _checked_games(text: str, file: str | None) -> Iterator[Any]:
    """``read_text`` of ``text`` checked first as a file is (``checked_text``): a NUL, a
    lone CR or an overlong line is refused in the words ``mclog validate`` uses for it."""
    yield from read_text(checked_text(text, file), file)


def parse_one(text: str, file: str | None = None) -> Any:
    """The game of record ``text``: its first, if it holds several (``parse`` gives each);
    an error if it holds none."""
    return _one(parse(text, file))


def _one(records: Iterator[Any]) -> Any:
    for record in records:
        return record
    raise RecordError("This holds no game: a record starts with its tags", line=1, col=1,
                      code="header")


def read_headers(source: str | os.PathLike) -> Iterator[dict[str, str]]:
    """The tags of every game, without reading the moves (the fast path for catalogues):
    those every game reads (``protocol.FRAMING_TAGS``: ``Game``, ``Players``, ``Event``
    ...) spelt so whatever their case, as a game reads them."""
    lines, file = file_lines(source)
    for number, raw in _games(lines, file):
        if isinstance(raw, RecordError):
            raise raw
        try:
            tags, _ = raw.spelt(FRAMING_TAGS).tag_values()
        except RecordError as exc:
            raise exc.relocate(file=file, game=number if number > 1 else None) from None
        yield tags


def recorded_game(path: str | os.PathLike, default: str | None) -> str | None:
    """The game a record file to go on with is of (its ``[Game]`` tag; Million Club
    without one), or ``default`` for a new or empty file.  A file of several games is
    refused: a recorder writes one game to a file."""
    path = os.fspath(path)
    if not (os.path.exists(path) and os.path.getsize(path) > 0):
        return default
    headers = list(read_headers(path))
    if len(headers) != 1:
        raise FileError(f"{path}: holds {len(headers)} games; the recorder writes one game "
                        "to a file")
    from ..games import DEFAULT

    return headers[0].get("Game") or DEFAULT


def read_lenient(source: str | os.PathLike) -> tuple[list[Any], list[RecordError]]:
    """Every game that can be read, and every error found; one bad game does not stop
    the reading of the next."""
    lines, file = file_lines(source)
    return read_text_lenient(lines, file)


def read_bytes_lenient(data: bytes, file: str | None) -> tuple[list[Any], list[RecordError]]:
    """``read_lenient`` of a file's bytes (checked for UTF-8 and line length first)."""
    try:
        text = decode(data, file)
    except RecordError as exc:
        return [], [exc]
    return read_text_lenient(text, file)


def read_text_lenient(text: str | Iterable[str], file: str | None
                      ) -> tuple[list[Any], list[RecordError]]:
    """``read_lenient`` of text (never taken for a file name)."""
    records: list[Any] = []
    errors: list[RecordError] = []
    games = 0
    for games, item in iter_lenient(text, file):
        (errors if isinstance(item, RecordError) else records).append(item)
    if games == 1:  # one game: no need to number it
        errors = [unnumbered(e) for e in errors]
    return records, errors


def unnumbered(error: RecordError) -> RecordError:
    """The error without its game number (a file of one game)."""
    return RecordError(error.reason, line=error.line, col=error.col, file=error.file,
                       rule=error.rule, code=error.code)


def iter_lenient(text: str | Iterable[str], file: str | None
                 ) -> Iterator[tuple[int, Any]]:
    """Each game of ``text`` (the text, or its lines as a file is read) in turn, as
    ``(number, record)`` or ``(number, error)``: one game at a time, so that a file of
    many games is read in bounded memory."""
    for number, raw in _games(text, file):
        if isinstance(raw, RecordError):
            yield number, raw
            continue
        try:
            record = _record(raw, file, number)
        except RecordError as exc:
            yield number, exc if exc.game else exc.relocate(game=number)
            continue
        yield number, record


__all__ = ["read", "read_one", "read_headers", "read_lenient", "parse", "parse_one",
           "file_lines", "iter_lenient", "read_text", "read_bytes", "game_of"]
