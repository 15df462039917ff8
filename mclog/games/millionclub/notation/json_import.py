"""Reading the JSON form of records (``mclog import``): checked before it is believed.

A JSON file is checked in layers, each with a located message: its size and nesting
(bounded before any parsing), the JSON syntax (line and column), the record's JSON Schema
(``record.schema.json``, also ``docs/record.schema.json``), the seat numbers against the
table, and finally the replay of the game through the rules engine.  A message names
where the problem is as a path into the data: ``game.json: entries[12].player: 99 is not
a seat (0 to 2)``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from mclog.errors import MclogError, RecordError
from .reader import from_json
from .record import GameRecord
from ..replayer import replay

#: How deep JSON may nest: a record is four levels deep; much deeper is not a record.
MAX_DEPTH = 32
#: The fields of an entry that hold a seat number.
_SEAT_FIELDS = ("player", "seat", "owner", "opponent")


#: A JSON file is parsed whole (not as it is read), so it is bounded: 10 MB.
MAX_JSON = 10 * 1024 * 1024

class JsonRecordError(MclogError):
    """A JSON record that cannot be imported: ``file: path: message``."""

    code = "json"


def records_from_json(data: bytes, file: str) -> list[GameRecord]:
    """The records of a JSON file's bytes (one record object, or an array of them), each
    checked as the module text says and replayed.  Raises ``JsonRecordError``."""
    def fail(where: str, message: str) -> JsonRecordError:
        return JsonRecordError(f"{file}: {where + ': ' if where else ''}{message}")

    if len(data) > MAX_JSON:
        raise fail("", f"more than {MAX_JSON} bytes; a JSON record is at most 10 MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail("", f"not UTF-8 text (byte {exc.start})") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise fail("", f"nested {depth} levels deep; a record is at most {MAX_DEPTH}")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonRecordError(f"{file}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    value = _integral(value)
    games = value if isinstance(value, list) else [value]
    if not games:
        raise fail("", "an empty array: no game in this file")
    validator = _validator()
    records = []
    for number, game in enumerate(games):
        prefix = f"[{number}]" if isinstance(value, list) else ""
        errors = sorted(validator.iter_errors(game), key=lambda e: list(e.absolute_path))
        if errors:
            error = _deepest(errors[0])
            raise fail(prefix + _path(error.absolute_path) or "the record", error.message)
        _check_seats(game, prefix, fail)
        try:
            record = from_json(game, file)
        except RecordError as exc:
            raise fail(prefix or "the record", exc.reason) from None
        try:
            replay(record)
        except RecordError as exc:
            entry = getattr(exc, "entry", None)
            index = next((i for i, e in enumerate(record.entries) if e is entry), None)
            where = f"{prefix}entries[{index}]" if index is not None else prefix
            raise fail(where or "the record", exc.reason) from None
        records.append(record)
    return records


def _check_seats(game: dict, prefix: str, fail) -> None:
    """Seat numbers are seats of this table: 0 to the number of players less one."""
    players = [p for p in game["tags"]["Players"].split(",") if p.strip()]
    top = len(players) - 1
    for i, entry in enumerate(game["entries"]):
        seats = [(name, entry.get(name)) for name in _SEAT_FIELDS]
        if entry["type"] == "check" and entry["what"] != "prices":
            seats += [(f"values[{j}][0]", pair[0]) for j, pair in enumerate(entry["values"])]
        for name, seat in seats:
            if isinstance(seat, int) and not 0 <= seat <= top:
                raise fail(f"{prefix}entries[{i}].{name}", f"{seat} is not a seat (0 to {top})")


def _integral(value):
    """JSON's ``1.0`` is the number 1 (and the schema counts it an integer): made an int,
    so that it can stand for a seat or a disc."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral(v) for k, v in value.items()}
    return value


def _path(parts) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _deepest(error):
    """The most specific of an error and its causes (a failed ``allOf`` names the field)."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def _depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator

    schema = json.loads((Path(__file__).parent / "record.schema.json").read_text())
    return Draft202012Validator(schema)
