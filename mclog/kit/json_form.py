"""The JSON form of a kit game's record (``mclog export`` / ``mclog import``), from the
verb table: a move is ``{"move": "<verb>", "<field>": value, ...}``; a check is
``{"check": "score", "values": [[seat, number], ...]}``; a comment ``{"comment": text,
"own_line": bool}``.  Reading it back checks every value and names where a wrong one
stands (``entries[3].die: 7 is not a die (1 to 6)``).
"""

from __future__ import annotations

from mclog.errors import RecordError
from mclog.games import names_game
from mclog.printable import as_json
from mclog.record.entries import CheckEntry, CommentEntry, as_read
from mclog.record.json_form import (TAG_NAME, TAG_VALUE, BadValue, json_path, records_in,
                                     players_differ, shown, spelt_tags)

from mclog.record.names import suggestion
from mclog.record.verbs import Verbs
from .notation import CHECKS, KitRecord, MoveEntry


def to_json(record: KitRecord, verbs: Verbs) -> dict:
    entries = []
    for entry in record.entries:
        if isinstance(entry, MoveEntry):
            verb = verbs.by_type[type(entry.move)]
            entries.append({"move": verb.word, **{
                f.name: getattr(entry.move, f.name) for f in verb.fields
                if f.name and not (f.optional and getattr(entry.move, f.name) is None)}})
        elif isinstance(entry, CheckEntry):
            entries.append({"check": entry.what, "values": [list(v) for v in entry.values]})
        else:
            entries.append({"comment": entry.text, "own_line": entry.own_line,
                            "brace": entry.brace})
    return {"game": record.game, "tags": dict(record.tags), "players": list(record.names),
            "entries": entries}


def record_from_json(game, data, where: str = "", file: str | None = None) -> KitRecord:
    """The record of ``to_json``'s data; ``BadValue(where, message)`` for a malformed
    value."""
    def at(*parts) -> str:
        return json_path([where, *parts] if where else parts)

    if not isinstance(data, dict):
        raise BadValue(where, "a record is a JSON object")
    for key in ("tags", "players", "entries"):
        if key not in data:
            raise BadValue(where, f"the record has no \"{key}\"")
    unknown = set(data) - {"game", "tags", "players", "entries"}
    if unknown:
        raise BadValue(at(sorted(unknown)[0]), "is not a field of a record")
    if not names_game(data.get("game", game.name), game):   # (in any of its spellings)
        raise BadValue(at("game"), shown(f"{as_json(data['game'])} is not {game.name}"))
    tags = data["tags"]
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise BadValue(at("tags"), "the tags are an object of strings")
    for name, value in tags.items():
        if not TAG_NAME.match(name):
            raise BadValue(at("tags"), shown(f"{as_json(name)} is not a tag name"))
        if not TAG_VALUE.match(value):
            raise BadValue(at(f"tags.{name}"), shown(f"{as_json(value)} is not one line of text"))
    try:
        tags = spelt_tags(tags, game.tag_names)
    except ValueError as exc:
        raise BadValue(at("tags"), str(exc)) from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadValue(at("players"), "the players are an array of names")
    try:
        names = game.check_names(players)
    except ValueError as exc:
        raise BadValue(at("players"), shown(str(exc))) from None
    if "Players" in tags:   # (the two ways a record names its players agree)
        differ = players_differ(players, [n.strip() for n in tags["Players"].split(",")])
        if differ:
            raise BadValue(at("players"), differ)
    tags = {"Game": _game_tag(game, tags.get("Game")),
            **{k: v for k, v in tags.items() if k != "Game"}, "Players": ", ".join(names)}
    record = KitRecord(game.name, tags, names, [], file)
    entries = data["entries"]
    if not isinstance(entries, list):
        raise BadValue(at("entries"), "the entries are an array")
    for i, item in enumerate(entries):
        record.entries.append(_entry(game.verbs, item, len(names),
                                     lambda *p: at("entries", i, *p), tuple(game.checks),
                                     game.named_checks))
    record.entries = as_read(record.entries)   # (its comments as its text would hold them)
    return record


def _entry(verbs: Verbs, item, players: int, at, checks=CHECKS, named=None):
    if not isinstance(item, dict):
        raise BadValue(at(), "an entry is an object")
    if "move" in item:
        verb = verbs.by_word.get(item["move"]) if isinstance(item["move"], str) else None
        if verb is None:
            meant = verbs.meant(item["move"]) if isinstance(item["move"], str) else None
            raise BadValue(at("move"), shown(f"{as_json(item['move'])} is not a move "
                                        f"({', '.join(v.word for v in verbs.rows)})"
                                        + suggestion(as_json(meant) if meant else None)))
        named = [f for f in verb.fields if f.name]
        extra = set(item) - {f.name for f in named} - {"move"}
        if extra:
            raise BadValue(at(sorted(extra)[0]), f"is not a field of '{verb.word}'")
        fields: dict[str, object] = {}
        for spec in named:
            if spec.name not in item:
                if spec.optional:
                    fields[spec.name] = None
                    continue
                raise BadValue(at(), f"'{verb.word}' needs its \"{spec.name}\"")
            wrong = spec.check(item[spec.name], players)
            if wrong:
                raise BadValue(at(spec.name), shown(wrong))
            fields[spec.name] = item[spec.name]
        return MoveEntry(verb.move(**fields))
    if "check" in item:
        if item["check"] not in checks:
            raise BadValue(at("check"), shown(f"{as_json(item['check'])} is not a check "
                                         f"({', '.join(checks)})"))
        values = item.get("values")
        keys = (named or {}).get(item["check"])
        if not isinstance(values, list) or not values or not all(
                isinstance(v, list) and len(v) == 2 and
                (type(v[0]) is int and 0 <= v[0] < players if keys is None else
                 v[0] in keys) and type(v[1]) is int and 0 <= v[1] < 10 ** 16
                for v in values):
            raise BadValue(at("values"), "a check's values are [seat, number] pairs" if
                           keys is None else f"a check's values are [word, number] pairs, "
                           f"each word one of {', '.join(keys)}")
        return CheckEntry(item["check"], tuple((s, n) for s, n in values))
    if "comment" in item:
        if not isinstance(item["comment"], str):
            raise BadValue(at("comment"), "a comment is a string")
        if "\r" in item["comment"] or "\x00" in item["comment"]:
            raise BadValue(at("comment"), "a comment holds no carriage return (CR) or NUL, "
                           "which no line of a record holds")
        return CommentEntry(item["comment"], bool(item.get("brace")),
                            bool(item.get("own_line")))
    raise BadValue(at(), "an entry is a move, a check or a comment")


def _game_tag(game, said) -> str:
    """The record's ``Game`` tag as written, where it names this game in another way
    (``Joakim``): an export and import give the record back as it was."""
    return said if names_game(said, game) else game.name


def records_from_json(game, data: bytes, file: str) -> list[KitRecord]:
    """The records of a JSON file's bytes, each checked and replayed (a move the rules
    refuse is named by its entry: ``entries[12]``)."""
    def replayed(item, prefix: str) -> KitRecord:
        record = record_from_json(game, item, prefix, file)
        try:
            played = game.replay(record, strict=False)
        except RecordError as exc:   # (a table the tags cannot set: a component file)
            raise BadValue(f"{prefix}.tags" if prefix else "tags", shown(exc.reason)) \
                from None
        if played.errors:
            field = played.error_fields[0]
            raise BadValue(f"{prefix}{'.' if prefix else ''}entries"
                           f"[{played.error_entries[0]}]{'.' + field if field else ''}",
                           shown(played.errors[0].told()))
        return record

    return records_in(data, file, replayed)


__all__ = ["to_json", "record_from_json", "records_from_json"]
