"""Reading the JSON form of records (``mclog import``): checked before it is believed.

A JSON file is checked in layers, each with a located message: its size and nesting
(bounded before any parsing), the JSON syntax (line and column), the record's JSON Schema
(``record.schema.json``, also ``docs/millionclub/record.schema.json``), the seat numbers against the
table, and finally the replay of the game through the rules engine.  A message names
where the problem is as a path into the data: ``game.json: entries[12].player: 99 is not
a seat (0 to 2)``.
"""

from __future__ import annotations

from pathlib import Path

from mclog.errors import RecordError
from mclog.games import spelt_json
from mclog.record.json_form import (BadValue, entry_path, json_path, players_differ,
                                     records_in, schema_error, schema_validator, schema_words)
from .. import GAME
from .reader import from_json
from .record import GameRecord
from ..replayer import replay

#: The fields of an entry that hold a seat number.
_SEAT_FIELDS = ("player", "seat", "owner", "opponent")


def records_from_json(data: bytes, file: str) -> list[GameRecord]:
    """The records of a JSON file's bytes (one record object, or an array of them), each
    checked as the module text says and replayed.  Raises ``JsonRecordError``."""
    return records_in(data, file, lambda game, prefix: _replayed(game, prefix, file))


def _replayed(game, prefix: str, file: str) -> GameRecord:
    """The record of one JSON game (``prefix``: its place in an array, or ""), checked in
    layers and replayed; ``BadValue`` with the path to what is wrong."""
    game = spelt_json(game, GAME, prefix)   # (game and tags in any spelling)
    error = schema_error(_validator(), game)
    if error is not None:
        raise BadValue(json_path([*_at(prefix), *error.absolute_path]), schema_words(error))
    _check_seats(game, prefix)
    try:
        record = from_json(game, file)
    except RecordError as exc:
        raise BadValue(prefix, exc.reason) from None
    differ = players_differ(game.get("players"), record.players)
    if differ:
        raise BadValue(json_path([*_at(prefix), "players"]), differ)
    try:
        replay(record)
    except RecordError as exc:
        raise BadValue(entry_path(prefix, record.entries, getattr(exc, "entry", None)),
                       exc.told()) from None
    return record


def _check_seats(game: dict, prefix: str) -> None:
    """Seat numbers are seats of this table: 0 to the number of players less one."""
    players = [p for p in game["tags"]["Players"].split(",") if p.strip()]
    top = len(players) - 1
    for i, entry in enumerate(game["entries"]):
        seats = [(name, entry.get(name)) for name in _SEAT_FIELDS]
        if entry["type"] == "check" and entry["what"] != "prices":
            seats += [(f"values[{j}][0]", pair[0]) for j, pair in enumerate(entry["values"])]
        for name, seat in seats:
            if isinstance(seat, int) and not 0 <= seat <= top:
                raise BadValue(json_path([*_at(prefix), "entries", i, name]),
                               f"{seat} is not a seat (0 to {top})")


def _at(prefix: str) -> list[str]:
    """The path's start: the record's place in an array of them (``[0]``), if any."""
    return [prefix] if prefix else []


def _validator():
    return schema_validator(str(Path(__file__).parent / "record.schema.json"))
