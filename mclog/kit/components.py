"""Reading a game's component files: what its rulebook describes but does not print (a
board's layout, card texts), typed once by a game's owner as JSON and named in a record's
``[Components]`` tag.  The tag names ``illustrative`` (the set mclog ships, made up and
labelled so; the default), a JSON file's path (relative to the record), or the JSON
itself, embedded in the tag so that the record carries its components wherever it goes.

Whatever the tag names is input like any other: a device, a pipe or a folder is refused
at once, and JSON too large or too deep is refused in words.  The JSON is checked
against the game's JSON Schema here (with ``fastjsonschema``, which compiles a schema in
a tenth of a second: importing ``jsonschema`` took a second or two, longer than all else
a command does), then the game checks what it holds against its rulebook
(``check(data, shown)``, raising its ``ComponentError``).  The set mclog ships is checked
against the schema by the tests, not at every start.

>>> files = ComponentFiles(lambda data, shown: (data, shown), "/nowhere.json")
>>> files.load('{"name": "mine"}')
({'name': 'mine'}, 'written in the tag')
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from mclog.record.files import utf8_text
from mclog.printable import as_json
from mclog.record.json_form import (HugeNumber, careful_loads, extra_words, is_record_text,
                                     not_json, shown as cut, value_words)

#: The tag's word for the set mclog ships.
ILLUSTRATIVE = "illustrative"
#: The largest component set read (an illustrative one is some 15 kB).
MAX_SIZE = 4_000_000


class ComponentError(ValueError):
    """A component file that cannot be used, in words, with where in it."""


class ComponentFiles:
    """The component sets of one game: ``check(data, shown)`` makes the game's checked
    components of a file's JSON data, valid under ``schema`` (the path of its JSON
    Schema), or raises ``error`` (``shown``: how the file is named in messages);
    ``illustrative`` is the path of the set mclog ships."""

    def __init__(self, check: Callable[[Any, str], Any], illustrative: str | Path,
                 error: type[ValueError] = ComponentError,
                 schema: str | Path | None = None) -> None:
        self.check, self.illustrative, self.error = check, str(illustrative), error
        self.schema = schema
        self._cached = lru_cache(maxsize=16)(self._read)
        self._embedded = lru_cache(maxsize=16)(
            lambda text: self._parsed(text, "written in the tag", True))

    def load(self, name: str, beside: str | None = None):
        """The component set a record's ``[Components]`` tag names: ``illustrative``
        (mclog's own), a JSON file's path (relative to the record's folder, ``beside``),
        or the JSON itself."""
        if name.strip().lower() in ("", ILLUSTRATIVE):
            return self._load_path(self.illustrative, ILLUSTRATIVE, trusted=True)
        if name.lstrip().startswith("{"):  # embedded in the tag: the record carries it
            return self._embedded(name)
        path = Path(name)
        if not path.is_absolute() and beside:
            path = Path(beside).parent / path
        return self._load_path(str(path), cut(name, 200))

    def _read(self, path: str, stamp: float, shown: str, trusted: bool = False):
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_SIZE + 1)
        except OSError as exc:
            raise self.error(f"{shown}: cannot read the component file "
                             f"({exc.strerror or exc})") from None
        try:
            text = utf8_text(raw)
        except ValueError as exc:
            raise self.error(f"{shown}: the component file is {exc}") from None
        return self._parsed(text, shown, not trusted)

    def _parsed(self, text: str, shown: str, schema: bool = True):
        """The checked components of a file's or a tag's JSON text."""
        if len(text) > MAX_SIZE:
            raise self.error(f"{shown}: a component set is a few kilobytes, not over 4 MB")
        try:
            data = careful_loads(text, "a component set")
        except json.JSONDecodeError as exc:
            if is_record_text(text):
                raise self.error(f"{shown}: this is a record's text, not a component file "
                                 "(a JSON file of the game's board and cards)") from None
            raise self.error(f"{shown}: line {exc.lineno}, column {exc.colno}: not JSON "
                             f"({not_json(exc)})") from None
        except ValueError as exc:
            raise self.error(f"{shown}: {exc}") from None
        return self.checked(data, shown, schema)

    def checked(self, data, shown: str, schema: bool = True):
        """The game's components of JSON ``data`` (a file's, already read), checked against
        the JSON Schema (unless ``schema`` is False), then against the rulebook."""
        if schema and self.schema is not None:
            from fastjsonschema import JsonSchemaValueException

            try:
                self._validator(data)
            except JsonSchemaValueException as exc:
                raise self.error(f"{shown}: {_said(exc)}") from None
        return self.check(data, shown)

    @cached_property
    def _validator(self):
        import fastjsonschema

        schema = json.loads(Path(self.schema).read_text(encoding="utf-8"))
        return fastjsonschema.compile(schema)

    def _load_path(self, path: str, shown: str, trusted: bool = False):
        try:
            st = os.stat(path)
        except OSError:
            apart = ""
            if "\\" in path and os.sep == "/":   # (``our\box.json``, as Windows types it)
                apart = " (here a path's folders are set apart by '/', not '\\')"
            raise self.error(f"{shown}: no component file there (looked for "
                             f"{cut(path, 300)}){apart}") from None
        if not stat.S_ISREG(st.st_mode):  # (a device or a pipe could be read for ever)
            raise self.error(f"{shown}: is not a file (a folder, a device or a pipe): a "
                             "component file is a JSON file")
        return self._cached(path, st.st_mtime, shown, trusted)


def _said(exc) -> str:
    """A schema's complaint as mclog words one: ``news[3].you[0]: has 'amount', which is no
    field here`` (fastjsonschema says ``data.news[3].you[0] must not contain {'amount'}
    properties``)."""
    where = ""
    for part in list(getattr(exc, "path", ["data"]))[1:]:
        where += f"[{part}]" if str(part).isdigit() else (f".{part}" if where else str(part))
    if isinstance(getattr(exc, "value", None), HugeNumber):   # (kept as its text, so the
        # schema calls it no integer: it is one, too long for any count of a box)
        return f"{where or 'the file'}: {exc.value!r}, far out of any range"
    message = _in_words(exc)
    if message is None:
        message = str(getattr(exc, "message", exc))
        name = getattr(exc, "name", "")
        if name and message.startswith(name):
            message = message[len(name):].strip()
    message = message if len(message) < 200 else message[:200] + "..."
    return f"{where or 'the file'}: {message}"


def _in_words(exc) -> str | None:
    """What the schema's rule ``exc.rule`` says of ``exc.value``, as the records' JSON
    checks say it (``has no 'properties'``, ``5 is not an object``), or None for a rule
    told in fastjsonschema's own words."""
    rule, bound, value = (getattr(exc, k, None) for k in ("rule", "rule_definition", "value"))
    if rule == "required" and isinstance(value, dict) and isinstance(bound, list):
        missing = [repr(k) for k in bound if k not in value]
        return f"has no {' or '.join(missing)}" if missing else None
    if rule == "type" or (rule == "enum" and isinstance(bound, list)) or (
            rule in ("minimum", "maximum") and isinstance(value, (int, float))):
        return value_words(rule, bound, cut(as_json(value), 60))
    if rule == "additionalProperties" and isinstance(value, dict):
        known = (getattr(exc, "definition", None) or {}).get("properties", {})
        extra = [name for name in value if name not in known]
        return extra_words(extra) if extra else None
    if rule in ("minItems", "maxItems") and isinstance(value, list):
        return (f"has {len(value)} item{'s' if len(value) != 1 else ''}: "
                f"{'at least' if rule == 'minItems' else 'at most'} {bound}")
    return None


__all__ = ["ComponentFiles", "ComponentError", "ILLUSTRATIVE", "MAX_SIZE"]
