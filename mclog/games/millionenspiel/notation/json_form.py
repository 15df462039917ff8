"""The JSON form of a Millionenspiel record (``mclog export`` / ``mclog import``), read
back with every value checked against the record's JSON Schema (``record.schema.json``,
also ``docs/millionenspiel/record.schema.json``), then its seats against the table and
its tags as a text's are read: each problem is a message with a path into the data
(``game.json: entries[3].amount: -2 is not a sum of money``), never an internal error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mclog.errors import RecordError
from mclog.games import spelt_json
from mclog.record.entries import as_read
from mclog.record.framing import RawGame, Tag
from mclog.record.json_form import (
    BadValue, entry_path, json_path, players_differ, record_error, records_in, schema_error,
    schema_validator, schema_words,
)

from ..rules.moves import MOVE_TYPES
from ..rules.track import parse_track
from .parse import parse_game
from .record import CheckEntry, CommentEntry, MoveEntry, Record


def record_from_json(data: dict, file: str | None = None) -> Record:
    """The record of ``to_json``'s data (``RecordError`` saying what is malformed)."""
    try:
        return _record(data, "")
    except BadValue as exc:
        raise record_error(exc, file) from None


def records_from_json(data: bytes, file: str) -> list[Record]:
    """The records of a JSON file's bytes (one record or an array), each checked and
    replayed.  ``JsonRecordError`` with a path into the data."""
    return records_in(data, file, _replayed)


def _replayed(item, prefix: str) -> Record:
    from ..replayer import replay

    record = _record(item, prefix)
    try:
        replay(record)
    except RecordError as exc:   # (at the entry the rules refused, or the check that failed)
        raise BadValue(entry_path(prefix, record.entries, exc.entry), exc.told()) from None
    return record


def _record(data, at: str) -> Record:
    from .. import GAME

    data = spelt_json(data, GAME, at)   # (game and tags in any spelling, as a text's)
    error = schema_error(_validator(), data)
    if error is not None:
        raise BadValue(json_path([at, *error.absolute_path] if at else error.absolute_path),
                       schema_words(error))
    tags = data["tags"]
    if "".join(c for c in tags.get("Game", "Millionenspiel").lower() if c.isalnum()) != \
            "millionenspiel":
        raise BadValue(f"{at}.tags.Game" if at else "tags.Game",
                       f"{tags['Game']!r}: this is not a Millionenspiel record")
    raw = RawGame(1, [Tag(k, v, 1) for k, v in tags.items()])
    try:
        header = parse_game(raw, None, 1)  # the tags checked as the text's are
    except RecordError as exc:
        raise BadValue(f"{at}.tags" if at else "tags", exc.reason) from None
    differ = players_differ(data.get("players"), header.names)
    if differ:
        raise BadValue(f"{at}.players" if at else "players", differ)
    top = len(header.names) - 1
    out = []
    for i, item in enumerate(data["entries"]):
        where = f"{at}.entries[{i}]" if at else f"entries[{i}]"
        seats = [("player", item.get("player"))] if item["type"] != "check" else \
            [(f"values[{j}][0]", pair[0]) for j, pair in enumerate(item["values"])]
        for name, seat in seats:
            if isinstance(seat, int) and seat > top:
                raise BadValue(f"{where}.{name}", f"{seat} is not a seat (0 to {top})")
        out.append(_entry(item))
    track = parse_track(tags["Track"]) if "Track" in tags else None
    # (its comments as its text would hold them)
    return Record(header.tags, header.names, track, as_read(out),
                  pension_cards=header.pension_cards)


def _entry(item: dict):
    """The entry of a JSON entry the schema has checked."""
    kind = item["type"]
    if kind == "comment":
        return CommentEntry(item["text"], item.get("brace", False), item.get("own_line", False))
    if kind == "check":
        return CheckEntry(item["what"], tuple((seat, value) for seat, value in item["values"]))
    fields: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v)
                              for k, v in item.items() if k != "type"}
    if "past_arrow" in fields:   # (how often: an older export wrote true or false)
        fields["past_arrow"] = int(fields["past_arrow"])
    return MoveEntry(MOVE_TYPES[kind](**fields))


def _validator():
    return schema_validator(str(Path(__file__).parent / "record.schema.json"))


__all__ = ["record_from_json", "records_from_json"]
