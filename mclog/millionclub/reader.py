"""Read .mclog records: from a file (``read``, ``read_one``: always a path) or from
text (``parse``, ``parse_one``), one game or many, lazily.

>>> text = '[Players "Ann yellow, Ben black"]\\nsetup Ann asia, Ben india\\n'
>>> rec = next(parse(text))
>>> rec.table.names, rec.moves[0]
(('Ann', 'Ben'), Draw(card='asia', player=None))
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import fields

from ..errors import RecordError
from ..record.files import decode, iter_lines  # (the limits live there)
from ..record.framing import RawGame, split_games
from .cards import Industry
from .moves import MOVE_TYPES
from .notation import parse_game, parse_tags
from .record import FORMAT, CheckEntry, CommentEntry, GameRecord, MoveEntry, RevealEntry
from .vocabulary import parse_industry

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


def _games(text: str | Iterable[str], file: str | None
           ) -> Iterator[tuple[int, RawGame | RecordError]]:
    """Each framed game, or the framing error that ended the reading."""
    number = 0
    try:
        for raw in split_games(text):
            number += 1
            yield number, raw
    except RecordError as exc:
        yield number + 1, exc.relocate(file=file, game=None)


def read(source: str | os.PathLike) -> Iterator[GameRecord]:
    """Every game of the file at ``source`` (a path: a name is never taken for record
    text), parsed lazily.  Raises ``RecordError`` at the first mistake, located as
    ``file:line:col``."""
    lines, file = file_lines(source)
    yield from read_text(lines, file)


def read_text(text: str | Iterable[str], file: str | None = None) -> Iterator[GameRecord]:
    """Every game of ``text`` (never taken for a file name; or its lines as a file is
    read), parsed lazily, one game at a time."""
    for number, raw in _games(text, file):
        if isinstance(raw, RecordError):
            raise raw
        record = parse_game(raw, file, number)
        record.tags.setdefault("Format", FORMAT)
        yield record


def read_bytes(data: bytes, file: str | None = None) -> Iterator[GameRecord]:
    """Every game of raw bytes: checked for UTF-8 and line length first."""
    return read_text(decode(data, file), file)


def read_one(source: str | os.PathLike) -> GameRecord:
    """The single game of the file at ``source`` (an error if it holds none)."""
    return _one(read(source))


def parse(text: str, file: str | None = None) -> Iterator[GameRecord]:
    """Every game of record ``text`` (never taken for a file name), parsed lazily.

    >>> [r.table.names for r in parse('[Players "Ann yellow, Ben black"]\\n')]
    [('Ann', 'Ben')]
    """
    if not isinstance(text, str):
        raise TypeError(f"record text is a str, not {type(text).__name__}")
    return read_text(text, file)


def parse_one(text: str, file: str | None = None) -> GameRecord:
    """The single game of record ``text`` (an error if it holds none)."""
    return _one(parse(text, file))


def _one(records: Iterator[GameRecord]) -> GameRecord:
    for record in records:
        return record
    raise RecordError("This holds no game: a record starts with its tags", line=1, col=1,
                      code="header")


def read_headers(source: str | os.PathLike) -> Iterator[dict[str, str]]:
    """The tags of every game, without reading the moves (the fast path for catalogues)."""
    lines, file = file_lines(source)
    for number, raw in _games(lines, file):
        if isinstance(raw, RecordError):
            raise raw
        try:
            tags, _ = parse_tags(raw)
        except RecordError as exc:
            raise exc.relocate(file=file, game=number if number > 1 else None) from None
        yield tags


def read_lenient(source: str | os.PathLike) -> tuple[list[GameRecord], list[RecordError]]:
    """Every game that can be read, and every error found; one bad game does not stop
    the reading of the next."""
    lines, file = file_lines(source)
    return read_text_lenient(lines, file)


def read_bytes_lenient(data: bytes, file: str | None) -> tuple[list[GameRecord],
                                                                list[RecordError]]:
    """``read_lenient`` of a file's bytes (checked for UTF-8 and line length first)."""
    try:
        text = decode(data, file)
    except RecordError as exc:
        return [], [exc]
    return read_text_lenient(text, file)


def read_text_lenient(text: str | Iterable[str], file: str | None) -> tuple[list[GameRecord],
                                                             list[RecordError]]:
    """``read_lenient`` of text (never taken for a file name)."""
    records: list[GameRecord] = []
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
                 ) -> Iterator[tuple[int, GameRecord | RecordError]]:
    """Each game of ``text`` (the text, or its lines as a file is read) in turn, as
    ``(number, record)`` or ``(number, error)``: one game at a time, so that a file of
    many games is read in bounded memory."""
    for number, raw in _games(text, file):
        if isinstance(raw, RecordError):
            yield number, raw
            continue
        try:
            record = parse_game(raw, file, number)
        except RecordError as exc:
            yield number, exc if exc.game else exc.relocate(game=number)
            continue
        record.tags.setdefault("Format", FORMAT)
        yield number, record


# --- JSON ---------------------------------------------------------------------------


def from_json(data: dict, file: str | None = None) -> GameRecord:
    """The record of ``to_json``'s data; raises ``RecordError`` on anything malformed."""
    from .record import table_from_tags

    def bad(message: str, index: int | None = None) -> RecordError:
        where = f"entry {index + 1}: " if index is not None else ""
        return RecordError(f"JSON record: {where}{message}", line=1, col=1, file=file)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(f'expected an object with "format": "{FORMAT}"')
    tags = data.get("tags")
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise bad('"tags" must be an object of strings')
    table = table_from_tags(dict(tags), {})
    record = GameRecord(dict(tags), table, [], file)
    for i, item in enumerate(data.get("entries", [])):
        if not isinstance(item, dict) or "type" not in item:
            raise bad("each entry is an object with a type", i)
        kind = item["type"]
        try:
            if kind == "check":
                values = tuple((k, int(v)) for k, v in item["values"])
                record.entries.append(CheckEntry(item["what"], values))
            elif kind == "reveal":
                record.entries.append(RevealEntry(int(item["player"]),
                                                  tuple(item["colonies"])))
            elif kind == "comment":
                record.entries.append(CommentEntry(str(item["text"]), bool(item["brace"]),
                                                   bool(item.get("own_line", False))))
            elif kind in MOVE_TYPES:
                cls = MOVE_TYPES[kind]
                args = {}
                for f in fields(cls):
                    value = item.get(f.name)
                    if f.name in ("industry", "give", "take") and isinstance(value, str) \
                            and (card := parse_industry(value)) is not None:
                        value = card
                    args[f.name] = value
                move = cls(**args)
                record.entries.append(MoveEntry(move, subject=getattr(move, "player", None)))
            else:
                raise bad(f"unknown type {kind!r}", i)
        except (KeyError, TypeError, ValueError) as exc:
            raise bad(f"malformed {kind}: {exc}", i) from None
    return record


__all__ = ["read", "read_one", "read_headers", "read_lenient", "from_json", "file_lines",
           "decode", "Industry"]
