"""The JSON form of a kit game's record (``mclog export`` / ``mclog import``), from the
verb table: a move is ``{"move": "<verb>", "<field>": value, ...}``; a check is
``{"check": "score", "values": [[seat, number], ...]}``; a comment ``{"comment": text,
"own_line": bool}``.  Reading it back checks every value and names where a wrong one
stands (``entries[3].die: 7 is not a die (1 to 6)``).
"""

from __future__ import annotations

import re

from mclog.record.entries import CheckEntry, CommentEntry
from mclog.record.json_form import failure, load_json, shown

from .notation import CHECKS, KitRecord, MoveEntry, Verbs

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*$")


class Bad(Exception):
    """(where, message) of a malformed value."""


def to_json(record: KitRecord, verbs: Verbs) -> dict:
    entries = []
    for entry in record.entries:
        if isinstance(entry, MoveEntry):
            verb = verbs.by_type[type(entry.move)]
            entries.append({"move": verb.word, **{f.name: getattr(entry.move, f.name)
                                                  for f in verb.fields}})
        elif isinstance(entry, CheckEntry):
            entries.append({"check": entry.what, "values": [list(v) for v in entry.values]})
        else:
            entries.append({"comment": entry.text, "own_line": entry.own_line,
                            "brace": entry.brace})
    return {"game": record.game, "tags": dict(record.tags), "players": list(record.names),
            "entries": entries}


def record_from_json(game, data, where: str = "", file: str | None = None) -> KitRecord:
    """The record of ``to_json``'s data; ``Bad(where, message)`` for a malformed value."""
    def at(*parts) -> str:
        out = where
        for p in parts:
            out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
        return out

    if not isinstance(data, dict):
        raise Bad(where, "a record is a JSON object")
    for key in ("tags", "players", "entries"):
        if key not in data:
            raise Bad(where, f"the record has no \"{key}\"")
    unknown = set(data) - {"game", "tags", "players", "entries"}
    if unknown:
        raise Bad(at(sorted(unknown)[0]), "is not a field of a record")
    if data.get("game", game.name) != game.name:
        raise Bad(at("game"), shown(f"{data['game']!r} is not {game.name}"))
    tags = data["tags"]
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise Bad(at("tags"), "the tags are an object of strings")
    for name in tags:
        if not _TAG_NAME.match(name):
            raise Bad(at("tags"), shown(f"{name!r} is not a tag name"))
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Bad(at("players"), "the players are an array of names")
    try:
        names = game.check_names(players)
    except ValueError as exc:
        raise Bad(at("players"), shown(str(exc))) from None
    tags = {"Game": game.name, **{k: v for k, v in tags.items() if k != "Game"},
            "Players": ", ".join(names)}
    record = KitRecord(game.name, tags, names, [], file)
    entries = data["entries"]
    if not isinstance(entries, list):
        raise Bad(at("entries"), "the entries are an array")
    for i, item in enumerate(entries):
        record.entries.append(_entry(game.verbs, item, len(names), lambda *p: at("entries", i, *p)))
    return record


def _entry(verbs: Verbs, item, players: int, at):
    if not isinstance(item, dict):
        raise Bad(at(), "an entry is an object")
    if "move" in item:
        verb = verbs.by_word.get(item["move"]) if isinstance(item["move"], str) else None
        if verb is None:
            raise Bad(at("move"), shown(f"{item['move']!r} is not a move "
                                        f"({', '.join(v.word for v in verbs.rows)})"))
        wanted = {f.name for f in verb.fields}
        extra = set(item) - wanted - {"move"}
        if extra:
            raise Bad(at(sorted(extra)[0]), f"is not a field of '{verb.word}'")
        values = {}
        for spec in verb.fields:
            if spec.name not in item:
                raise Bad(at(), f"'{verb.word}' needs its \"{spec.name}\"")
            wrong = spec.check(item[spec.name], players)
            if wrong:
                raise Bad(at(spec.name), shown(wrong))
            values[spec.name] = item[spec.name]
        return MoveEntry(verb.move(**values))
    if "check" in item:
        if item["check"] not in CHECKS:
            raise Bad(at("check"), shown(f"{item['check']!r} is not a check "
                                         f"({', '.join(CHECKS)})"))
        values = item.get("values")
        if not isinstance(values, list) or not values or not all(
                isinstance(v, list) and len(v) == 2 and type(v[0]) is int and
                0 <= v[0] < players and type(v[1]) is int and 0 <= v[1] < 10 ** 16
                for v in values):
            raise Bad(at("values"), "a check's values are [seat, number] pairs")
        return CheckEntry(item["check"], tuple((s, n) for s, n in values))
    if "comment" in item:
        if not isinstance(item["comment"], str):
            raise Bad(at("comment"), "a comment is a string")
        return CommentEntry(item["comment"], bool(item.get("brace")),
                            bool(item.get("own_line")))
    raise Bad(at(), "an entry is a move, a check or a comment")


def records_from_json(game, data: bytes, file: str) -> list[KitRecord]:
    """The records of a JSON file's bytes, each checked and replayed."""
    fail = failure(file)
    value, items = load_json(data, file)
    records = []
    for number, item in enumerate(items):
        prefix = f"[{number}]" if isinstance(value, list) else ""
        try:
            record = record_from_json(game, item, prefix, file)
        except Bad as exc:
            where, message = exc.args
            raise fail(where or "the record", message) from None
        played = game.replay(record, strict=False)
        if played.errors:
            rule = f" ({played.errors[0].rule})" if played.errors[0].rule else ""
            raise fail(f"{prefix}entries[{played.error_entries[0]}]",
                       shown(played.errors[0].reason) + rule)
        records.append(record)
    return records


__all__ = ["to_json", "record_from_json", "records_from_json", "Bad"]
