"""The JSON form of records, read with care (``mclog import``): what every game's import
shares.  A JSON file is checked in layers before anything believes it: its size and
nesting (bounded before any parsing), its encoding, its syntax (line and column); the
game then checks the values (its JSON Schema, its seats) and replays the records.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..errors import MclogError, RecordError
from ..printable import as_json
from .files import utf8_text
from .framing import TAG_NAME_PATTERN
from .names import closest, seats_by_name, suggestion

#: A JSON file is parsed whole (not as it is read), so it is bounded: 10 MB.
MAX_JSON = 10 * 1024 * 1024
#: How deep JSON may nest: a record is four levels deep; much deeper is not a record.
MAX_DEPTH = 32


class JsonRecordError(MclogError):
    """A JSON record that cannot be imported: ``file: path: message``."""

    code = "json"


def failure(file: str) -> Callable[[str, str], JsonRecordError]:
    """``fail(where, message)``: the error for a problem at ``where`` (a path into the
    data such as ``entries[12].player``, or "") of ``file``."""
    def fail(where: str, message: str) -> JsonRecordError:
        return JsonRecordError(f"{file}: {where + ': ' if where else ''}{message}")
    return fail


def load_json(data: bytes, file: str) -> tuple[object, list]:
    """(the value, its games) of a JSON file's bytes: one record object, or an array of
    them (the games, as a list either way).  ``JsonRecordError`` for what is too large,
    too deep, not UTF-8, not JSON, or an empty array."""
    fail = failure(file)
    if len(data) > MAX_JSON:
        raise fail("", f"more than {MAX_JSON} bytes; a JSON record is at most 10 MB")
    try:
        text = utf8_text(data)
    except ValueError as exc:
        raise fail("", str(exc)) from None
    try:
        value = careful_loads(text, "a record")
    except json.JSONDecodeError as exc:
        if is_record_text(text):
            raise JsonRecordError(f"{file}:{exc.lineno}:1: {_TEXT_SAID}") from None
        raise JsonRecordError(f"{file}:{exc.lineno}:{exc.colno}: not JSON: {not_json(exc)}"
                              ) from None
    except ValueError as exc:
        raise fail("", str(exc)) from None
    games = value if isinstance(value, list) else [value]
    if not games:
        raise fail("", "an empty array: no game in this file")
    return value, games


#: A record's text, as it starts (with a tag, after any blank lines): given where JSON goes.
_A_TAG = re.compile(r'\s*\[\s*[A-Za-z]\w*\s+"')
_TEXT_SAID = ("This is a record's text, not JSON: it is read as it is (mclog validate, "
              "replay, score...), and 'mclog import' reads a JSON record, as 'mclog export' "
              "writes one")


def is_record_text(text: str) -> bool:
    """Whether ``text``, given where JSON goes, starts as a record's text does (with a
    tag): said so, rather than by the JSON reader's 'Expecting value'.

    >>> is_record_text('\\n[Game "Cartel"]\\n'), is_record_text('[{"game": "Cartel"}]')
    (True, False)
    """
    return _A_TAG.match(text) is not None


def careful_loads(text: str, what: str = "JSON"):
    """``json.loads`` as mclog reads any JSON it is given: nesting deeper than
    ``MAX_DEPTH`` refused before parsing (``ValueError`` in words: ``what`` names what the
    JSON should be), an integer too long for any count kept as its text (``HugeNumber``),
    ``1.0`` made ``1``.  A ``json.JSONDecodeError`` is json's own, with its place."""
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise ValueError(f"nested {depth} levels deep; {what} is at most {MAX_DEPTH}")
    twice: list[tuple[dict, str]] = []   # (an object that gives a key twice, and the key)

    def object_of(pairs: list[tuple[str, Any]]) -> dict:
        value = dict(pairs)
        if len(value) < len(pairs) and not twice:
            twice.append((value, _given_twice(pairs)))
        return value

    value = json.loads(text, parse_int=_whole, object_pairs_hook=object_of)
    if twice:
        where = json_path(_path_to(value, twice[0][0]) or ())
        raise ValueError(f"{where + ': ' if where else ''}the key '{twice[0][1]}' is given "
                         "twice in one object: JSON would keep the last and drop the other "
                         "unsaid, so write it once, with the value meant")
    return _integral(value)


def _given_twice(pairs: list[tuple[str, Any]]) -> str:
    """The first key of an object's ``pairs`` that comes again."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    raise ValueError("no key is given twice")   # (asked only of pairs that have one)


def _path_to(value: Any, target: dict, path: tuple = ()) -> tuple | None:
    """The keys and indexes from ``value`` to the object ``target`` (by identity), or None.

    >>> inner = {"a": 1}
    >>> _path_to({"entries": [{}, inner]}, inner)
    ('entries', 1)
    """
    if value is target:
        return path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _path_to(item, target, (*path, key))
        if found is not None:
            return found
    return None


def not_json(exc: json.JSONDecodeError) -> str:
    r"""json's reason for refusing a text, with what a person typing JSON by hand (a
    component file, a record edited in an editor) most often meant there: a comment, a
    comma after the last item, single quotes, Python's ``True``, a key without quotes, a
    comma left out at a line's end.

    >>> def said(text):
    ...     try:
    ...         json.loads(text)
    ...     except json.JSONDecodeError as exc:
    ...         return not_json(exc).split("; ")
    >>> said('{"a": 1,\n}')[1]
    "a comma stands before this '}', and JSON takes none after the last item"
    >>> said('{"a": 1\n "b": 2}')
    ["Expecting ',' delimiter", 'is a comma left out at the end of the line before?']
    >>> said('[1, 2] x')
    ['Extra data']
    """
    doc, pos, reason = exc.doc, exc.pos, exc.msg
    here, before = doc[pos:pos + 6], doc[:pos]
    if here.startswith(("//", "/*", "#")):
        hint = "JSON has no comments: take it out (a note may go in a string field)"
    elif here[:1] in ("]", "}") and before.rstrip().endswith(","):
        hint = f"a comma stands before this '{here[0]}', and JSON takes none after the last item"
    elif here[:1] == "'":
        hint = "JSON writes a string in double quotes, \"...\""
    elif re.match(r"(True|False|None)\b", here):
        hint = "JSON writes true, false and null, in lowercase"
    elif reason.startswith("Expecting property name") and here[:1].isalpha():
        hint = "a key is written in double quotes, \"name\": ..."
    elif reason == "Expecting ',' delimiter" and "\n" in before[len(before.rstrip()):]:
        hint = "is a comma left out at the end of the line before?"
    else:
        return reason
    return f"{reason}; {hint}"


class HugeNumber(str):
    """A JSON integer too long for any record (more than 18 digits): kept as its text, so
    that the check of its field says where it is, rather than Python refusing to convert
    more than 4,300 digits with no place named."""

    def __repr__(self) -> str:
        return f"a number of {len(self.lstrip('-'))} digits"


def _whole(text: str):
    return int(text) if len(text) <= 19 else HugeNumber(text)


#: The largest number of 19 digits (``_whole`` keeps a longer one as its text).
_WHOLE_MAX = 10 ** 19 - 1


def shown(message: str, limit: int = 300) -> str:
    """A message about a value, cut to ``limit`` characters: a check of a large value (an
    array of 20,000 entries) would otherwise print all of it."""
    return message if len(message) <= limit else message[:limit] + " ... (cut)"


def _integral(value):
    """JSON's ``1.0`` is the number 1 (and the schema counts it an integer): made an int,
    so that it can stand for a seat or a disc; ``1e300`` is a number too long for any
    count, as the 301 digits it stands for would be (``HugeNumber``), so that a message
    about it says so rather than print them.

    >>> _integral([2.0, 2.5, -0.0]), _integral({"amount": 1e300})
    ([2, 2.5, 0], {'amount': a number of 301 digits})
    """
    if isinstance(value, float) and value.is_integer():
        whole = int(value)
        return whole if abs(whole) <= _WHOLE_MAX else HugeNumber(str(whole))
    if isinstance(value, list):
        return [_integral(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral(v) for k, v in value.items()}
    return value


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


def json_path(parts) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def entry_path(prefix: str, entries: Sequence, entry: object) -> str:
    """Where ``entry`` (one of a record's ``entries``, by identity) stands in a JSON file:
    ``[2].entries[14]`` (``prefix``: the record's place in an array of them, or ""); the
    record's own place where it is none of them (a refusal of the whole record).

    >>> kept = ["start", "bet", "roll"]
    >>> entry_path("[2]", kept, kept[1]), entry_path("", kept, kept[0]), entry_path("", kept, "x")
    ('[2].entries[1]', 'entries[0]', '')
    """
    index = next((i for i, e in enumerate(entries) if e is entry), None)
    if index is None:
        return prefix
    return json_path([*([prefix] if prefix else []), "entries", index])


def deepest(error):
    """The most specific of a JSON Schema error (``jsonschema``) and its causes: a failed
    ``allOf`` or ``anyOf`` names the field."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


@lru_cache(maxsize=None)
def schema_validator(path: str):
    """The JSON Schema validator (``jsonschema``, Draft 2020-12) of the schema file at
    ``path``: a game's ``record.schema.json``, read once a process.

    jsonschema is imported without the checker of the ``iri`` format that its
    ``format-nongpl`` extra (which Jupyter installs) adds: that checker's module,
    ``rfc3987_syntax``, builds 38 grammars as it is imported, a second or more, ten times
    all the rest of an ``mclog import``.  No record schema names a format, and a validator
    made without a format checker checks none, so nothing mclog asks is lost.  The module
    is hidden only while jsonschema is first imported, so that a program that imports it
    afterwards gets it as usual."""
    hide = "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules
    if hide:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # (its import fails,
        # which jsonschema allows: it then checks no iri)
    try:
        from jsonschema import Draft202012Validator
    finally:
        if hide:
            del sys.modules["rfc3987_syntax"]
    with open(path, encoding="utf-8") as f:
        return Draft202012Validator(json.load(f))


def schema_error(validator, data):
    """The first problem of ``data`` under a JSON Schema ``validator`` (``jsonschema``), the
    first in the data's order, as its most specific cause; None where there is none."""
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    return deepest(errors[0]) if errors else None


#: The JSON Schema keywords of a size, with what they count and how they bound it.
_SIZES = {"maxLength": ("characters", "at most"), "minLength": ("characters", "at least"),
          "maxItems": ("items", "at most"), "minItems": ("items", "at least")}


def schema_words(error) -> str:
    """A JSON Schema error in words: what the value is not, by the ``description`` of the
    part of the schema it fails (``7 is not a die (1 to 6)``), where that part has one;
    a missing or an unexpected field, and a value that must be one thing, as such."""
    error = deepest(error)
    if error.validator == "required":
        return f"has no {error.message.split(' is a required')[0]}"
    if error.validator == "const":
        return f"expected {json.dumps(error.validator_value)}"
    description = error.schema.get("description") if isinstance(error.schema, dict) else None
    if isinstance(error.instance, HugeNumber) and not description:
        # (kept as its text, so the schema finds a string where a number goes: it is a
        # number, too large for the field)
        return f"{error.instance!r}, far out of any range"
    said = repr(error.instance) if error.validator in _SIZES else ""
    if said and isinstance(error.instance, (str, list)) and (len(said) > 40 or not description):
        # (said by its size, the value shown in part: a 200,000-character comment's own
        # message is the comment, and the reason came after it, cut off)
        unit, bound = _SIZES[error.validator]
        size = len(error.instance)
        return (f"{said if len(said) <= 40 else said[:40] + '…'} has {size:,} "
                f"{unit if size != 1 else unit[:-1]}: {bound} {error.validator_value:,}")
    if description and error.validator not in ("additionalProperties", "maxProperties"):
        return shown(f"{as_json(error.instance)} is not {description}")
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        of: str | None = "a record"
        if error.absolute_path:   # (an entry, named by its kind: Place, Bet, check...)
            kind = error.instance.get("type")
            ok = isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20
            of = f"a {kind} entry" if ok else None
        return shown(extra_words([name for name in error.instance if name not in known], of))
    worded = value_words(error.validator, error.validator_value, as_json(error.instance))
    if worded is None:
        return shown(error.message)
    if error.validator == "enum":   # (a word meant, where one stands out)
        words = [v for v in error.validator_value if isinstance(v, str)]
        meant = closest(error.instance, words) if isinstance(error.instance, str) else None
        worded += suggestion(as_json(meant) if meant is not None else None)
    return shown(worded)


def value_words(rule: str, bound: Any, value: str) -> str | None:
    """What a JSON Schema keyword ``rule`` (``type``, ``enum``, ``minimum``, ``maximum``)
    with ``bound`` says of a value written ``value`` (as JSON), in words, whichever library
    found it (a record's ``jsonschema``, a component file's ``fastjsonschema``); None for
    another keyword.

    >>> value_words("type", ["integer", "null"], '"five"')
    '"five" is not a whole number or null'
    >>> value_words("enum", ["gold", True], '"silver"')
    '"silver" is not one of "gold", true'
    >>> value_words("maximum", 5, "9")
    '9 is above 5, the most it may be'
    """
    if rule == "enum":   # (its values as JSON writes them, not as Python does: true, null)
        return f"{value} is not one of " + ", ".join(as_json(v) for v in bound)
    if rule == "type":
        kinds = bound if isinstance(bound, list) else [bound]
        return f"{value} is not " + " or ".join(_JSON_TYPES.get(str(k), str(k)) for k in kinds)
    if rule == "minimum":
        return f"{value} is below {as_json(bound)}, the least it may be"
    if rule == "maximum":
        return f"{value} is above {as_json(bound)}, the most it may be"
    return None


def extra_words(names: Sequence[str], of: str | None = None) -> str:
    """An object's fields that its schema does not have, in words, whichever library found
    them (JSON Schema's ``additionalProperties``); ``of`` says what the object is, where
    the caller knows (``a Place entry``).

    >>> extra_words(["colour"], "a Place entry"), extra_words(["a", "b"])
    ("has 'colour', which is no field of a Place entry", "has 'a', 'b', which are no fields here")
    """
    listed = ", ".join(repr(name) for name in names)
    return (f"has {listed}, which {'are no fields' if len(names) > 1 else 'is no field'} "
            + (f"of {of}" if of else "here"))


#: JSON Schema's types, as a message names them.
_JSON_TYPES = {"integer": "a whole number", "number": "a number", "string": "a string",
               "boolean": "true or false", "array": "a list", "object": "an object",
               "null": "null"}


#: A tag's name, as a JSON record gives it (the text's framing reads the same names).
#: (``\Z``, not ``$``: ``$`` also matches before a final line break, and a name or value
#: with one would be written as a tag line that does not read back.)
TAG_NAME = re.compile(TAG_NAME_PATTERN + r"\Z")
#: A tag's value: one line of text.
TAG_VALUE = re.compile(r"[^\n\r]*\Z")


def spelt_tags(tags: dict[str, str], names: Sequence[str]) -> dict[str, str]:
    """A JSON record's tags as a text's are read (``RawGame.spelt``): each tag the game
    reads (``names``: ``Game.tag_names``) in another case spelt as the game spells it, in
    the order given; ``ValueError`` in words for a tag given twice so."""
    spelling = {name.lower(): name for name in names}
    out: dict[str, str] = {}
    for name, value in tags.items():
        name = spelling.get(name.lower(), name)
        if name in out:
            raise ValueError(f"the tag [{name}] is given twice")
        out[name] = value
    return out


def respell(data: Any, tag_names: Sequence[str], at: str = "") -> Any:
    """A JSON record with its ``tags`` spelt as ``spelt_tags`` spells them (a copy: the
    caller's data is left as it is), to check against a schema that asks for ``Players``;
    ``BadValue`` at ``tags`` for a tag given twice so.  What is no record is given back
    as it is, for the schema to name."""
    if not (isinstance(data, dict) and isinstance(data.get("tags"), dict)):
        return data
    try:
        return {**data, "tags": spelt_tags(data["tags"], tag_names)}
    except ValueError as exc:
        raise BadValue(f"{at}.tags" if at else "tags", str(exc)) from None


def players_differ(given: object, names: Sequence[str]) -> str | None:
    """Why a JSON record's ``players`` (``given``, where there is one) are not the players
    its ``Players`` tag names, in their seats (which would the record mean?), or None.  A
    name is read as a record's body reads it: ``Zoë`` with her accent typed apart is Zoë.

    >>> players_differ(["Zoe\\u0308", "Ben"], ["Zo\\u00eb", "Ben"]) is None
    True
    >>> players_differ(["Ben", "Zoe"], ["Zoe", "Ben"])[:40]
    "['Ben', 'Zoe'] are not the players the t"
    """
    if given is None or given == list(names):
        return None
    seats = seats_by_name(names)
    if isinstance(given, list) and len(given) == len(names) and all(
            isinstance(name, str) and seats.get(name) == seat for seat, name in enumerate(given)):
        return None
    return shown(f"{given!r} are not the players the tags name, in their seats "
                 f"([Players] {', '.join(names)}): make the two agree")


class BadValue(Exception):
    """A malformed value of a JSON record: ``(where, message)``, ``where`` a path into the
    data (``entries[3].amount``), or "" for the record as a whole."""


def records_in(data: bytes, file: str, read: Callable[[object, str], object]) -> list:
    """The records of a JSON file's bytes (one record or an array), each read by the
    game's ``read(item, prefix)`` (``prefix``: ``[2]`` in an array, else ""), which checks
    and replays it and raises ``BadValue`` where it is wrong: ``JsonRecordError`` with the
    path into the data."""
    fail = failure(file)
    value, items = load_json(data, file)
    records = []
    for number, item in enumerate(items):
        prefix = f"[{number}]" if isinstance(value, list) else ""
        try:
            records.append(read(item, prefix))
        except BadValue as exc:
            where, message = exc.args
            raise fail(where or "the record", message) from None
    return records


def record_error(exc: BadValue, file: str | None) -> RecordError:
    """A record given as data (``record_from_json``) that is malformed, as a record error."""
    where, message = exc.args
    return RecordError(f"JSON record: {where + ': ' if where else ''}{message}", line=1,
                       col=1, file=file)
