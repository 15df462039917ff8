"""Reading Cartel's component files (``rules/components.py`` says what one holds and
checks it against the rulebook): the set a record's ``[Components]`` tag names, which is
``illustrative`` (mclog's own, the default), a JSON file's path (relative to the record),
or the JSON itself, embedded in the tag so that the record carries its board wherever it
goes.  Whatever the tag names is input like any other: a device, a pipe or a folder is
refused at once, JSON too large or too deep is refused in words.

>>> board = load("illustrative")
>>> len(board.companies), board.source
(52, 'illustrative')
"""

from __future__ import annotations

import json
import os
import stat
from functools import lru_cache
from pathlib import Path

from mclog.record.json_form import careful_loads, shown

from .rules.components import HERE, ILLUSTRATIVE, ComponentError, Components, check

#: The largest component set read (the illustrative one is 15 kB).
MAX_SIZE = 4_000_000


def load(name: str, beside: str | None = None) -> Components:
    """The component set a record's ``[Components]`` tag names: ``illustrative`` (mclog's
    own), or a JSON file's path (relative to the record's folder, ``beside``)."""
    if name.strip().lower() in ("", ILLUSTRATIVE):
        return _load_path(str(HERE / "illustrative.json"), ILLUSTRATIVE)
    if name.lstrip().startswith("{"):  # embedded in the tag: the record carries its board
        return _embedded(name)
    path = Path(name)
    if not path.is_absolute() and beside:
        path = Path(beside).parent / path
    return _load_path(str(path), shown(name, 200))


@lru_cache(maxsize=16)
def _cached(path: str, stamp: float, shown: str) -> Components:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SIZE + 1)
    except OSError as exc:
        raise ComponentError(f"{shown}: cannot read the component file "
                             f"({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ComponentError(f"{shown}: the component file is not UTF-8 text") from None
    return _parsed(text, shown)


@lru_cache(maxsize=16)
def _embedded(text: str) -> Components:
    return _parsed(text, "the [Components] tag")


def _parsed(text: str, shown: str) -> Components:
    """The checked components of a file's or a tag's JSON text."""
    if len(text) > MAX_SIZE:
        raise ComponentError(f"{shown}: a component set is a few kilobytes, not over 4 MB")
    try:
        data = careful_loads(text, "a component set")
    except json.JSONDecodeError as exc:
        raise ComponentError(f"{shown}: line {exc.lineno}, column {exc.colno}: not JSON "
                             f"({exc.msg})") from None
    except ValueError as exc:
        raise ComponentError(f"{shown}: {exc}") from None
    return check(data, shown)


def _load_path(path: str, shown: str) -> Components:
    try:
        st = os.stat(path)
    except OSError:
        raise ComponentError(f"{shown}: no component file there (looked for {path})") \
            from None
    if not stat.S_ISREG(st.st_mode):  # (a device or a pipe could be read for ever)
        raise ComponentError(f"{shown}: is not a file (a folder, a device or a pipe): a "
                             "component file is a JSON file")
    return _cached(path, st.st_mtime, shown)


__all__ = ["load", "MAX_SIZE"]
