"""A framed game of Million Club read into a record (``parse_record``), and a record's
JSON form read back (``from_json``).  Reading files of any game is shared:
``mclog.record.reading``."""

from __future__ import annotations

from dataclasses import fields

from mclog.errors import RecordError
from mclog.record.entries import as_read
from mclog.record.framing import RawGame
from ..rules.cards import Industry
from ..rules.moves import MOVE_TYPES
from .parse import parse_game
from .record import FORMAT, CheckEntry, CommentEntry, GameRecord, MoveEntry, RevealEntry
from .vocabulary import parse_industry


def parse_record(raw: RawGame, file: str | None = None, number: int = 1) -> GameRecord:
    """The record of one framed game of Million Club (``Game.parse``): its tags and body
    read (``parse.parse_game``), the format's tag filled in."""
    record = parse_game(raw, file, number)
    record.tags.setdefault("Format", FORMAT)
    return record


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
    record.entries = as_read(record.entries)   # (its comments as its text would hold them)
    return record


__all__ = ["parse_record", "from_json", "Industry"]
