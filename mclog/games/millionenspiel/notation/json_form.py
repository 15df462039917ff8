"""The JSON form of a Millionenspiel record (``mclog export`` / ``mclog import``), read
back with every value checked: each problem is a message with a path into the data
(``game.json: entries[3].amount: -2 is not a sum of money``), never an internal error.
"""

from __future__ import annotations

from mclog.errors import RecordError
from mclog.record.framing import RawGame, Tag
from mclog.record.json_form import (
    TAG_NAME, BadValue, record_error, records_in, shown,
)

from ..rules.moves import MOVE_TYPES
from ..rules.track import COLOURS, parse_track
from .parse import parse_game
from .record import FORMAT, CheckEntry, CommentEntry, MoveEntry, Record



def _key(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())

#: Each move's fields and what each holds.
_FIELDS = {
    "StartPlayer": {"player": "seat"}, "Bet": {"player": "seat", "amount": "money"},
    "Throw": {"dice": "dice"}, "Accept": {"player": "seat"},
    "Refuse": {"player": "seat-or-null"}, "Land": {"colour": "colour", "past_arrow": "times"},
    "Die": {"value": "die"}, "BuyPension": {"player": "seat", "value": "money"},
}


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
    except RecordError as exc:
        raise BadValue(prefix, exc.reason) from None
    return record


def _record(data, at: str) -> Record:
    if not isinstance(data, dict):
        raise BadValue(at, "a record is a JSON object")
    if data.get("format") != FORMAT:
        raise BadValue(f"{at}.format" if at else "format", f'expected "{FORMAT}"')
    tags = data.get("tags")
    if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             and "\n" not in v for k, v in tags.items()):
        raise BadValue(f"{at}.tags" if at else "tags", "an object of one-line strings")
    for name in tags:
        if not TAG_NAME.match(name):
            raise BadValue(f"{at}.tags" if at else "tags", f"{name!r} is not a tag name (a letter, "
                       "then letters, digits or _)")
    if _key(tags.get("Game", "Millionenspiel")) != "millionenspiel":
        raise BadValue(f"{at}.tags.Game" if at else "tags.Game",
                   f"{tags['Game']!r}: this is not a Millionenspiel record")
    raw = RawGame(1, [Tag(k, v, 1) for k, v in tags.items()])
    try:
        header = parse_game(raw, None, 1)  # the tags checked as the text's are
    except RecordError as exc:
        raise BadValue(f"{at}.tags" if at else "tags", exc.reason) from None
    n = len(header.names)
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise BadValue(f"{at}.entries" if at else "entries", "a list of entries")
    out = []
    for i, item in enumerate(entries):
        where = f"{at}.entries[{i}]" if at else f"entries[{i}]"
        out.append(_entry(item, where, n))
    track = parse_track(tags["Track"]) if "Track" in tags else None
    return Record(header.tags, header.names, track, out, pension_cards=header.pension_cards)


def _entry(item, where: str, n: int):
    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        raise BadValue(where, "each entry is an object with a type")
    kind = item["type"]
    if kind == "comment":
        if not isinstance(item.get("text"), str):
            raise BadValue(f"{where}.text", "a comment's text is a string")
        return CommentEntry(item["text"], item.get("brace") is True,
                            item.get("own_line") is True)
    if kind == "check":
        what, values = item.get("what"), item.get("values")
        if what not in ("money", "pension"):
            raise BadValue(f"{where}.what", f"{what!r} is not money or pension")
        if not isinstance(values, list) or not values:
            raise BadValue(f"{where}.values", "a list of [seat, number] pairs")
        pairs = []
        for j, pair in enumerate(values):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise BadValue(f"{where}.values[{j}]", "a [seat, number] pair")
            pairs.append((_value(pair[0], "seat", f"{where}.values[{j}][0]", n),
                          _value(pair[1], "money", f"{where}.values[{j}][1]", n)))
        return CheckEntry(what, tuple(pairs))
    if kind not in _FIELDS or kind == "Accept":
        raise BadValue(f"{where}.type", f"{kind!r} is not an entry of a Millionenspiel record")
    args = {name: _value(item.get(name), sort, f"{where}.{name}", n)
            for name, sort in _FIELDS[kind].items()}
    move = MOVE_TYPES[kind](**args)
    return MoveEntry(move)


def _value(value, sort: str, where: str, n: int):
    ok = {
        "seat": lambda v: _int(v) and 0 <= v < n,
        "seat-or-null": lambda v: v is None,
        "money": lambda v: _int(v) and 0 <= v < 10**12,
        "die": lambda v: _int(v) and 1 <= v <= 6,
        "colour": lambda v: v in COLOURS,
        "bool": lambda v: isinstance(v, bool),
        # how often the arrow was passed: a count (an older export wrote true or false)
        "times": lambda v: isinstance(v, bool) or (_int(v) and 0 <= v <= 99),
        "dice": lambda v: isinstance(v, list) and len(v) == 2 and all(
            d is None or (_int(d) and 1 <= d <= 6) for d in v),
    }[sort]
    if not ok(value):
        wanted = {"seat": f"a seat (0 to {n - 1})", "seat-or-null": "null (the roller)",
                  "money": "a sum of money", "die": "a die (1 to 6)",
                  "colour": f"a colour ({', '.join(COLOURS)})", "bool": "true or false",
                  "times": "how often the pawn passed the arrow (0 to 99)",
                  "dice": "two dice, each 1 to 6 or null"}[sort]
        raise BadValue(where, shown(f"{value!r} is not {wanted}"))
    if sort == "times":
        return int(value)
    return tuple(value) if sort == "dice" else value


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


__all__ = ["record_from_json", "records_from_json"]
