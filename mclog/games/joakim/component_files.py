"""Reading Joakim's component files (``rules/components.py`` says what one holds and
checks it against the rulebook) through the kit's reader (``mclog.kit.components``): the
set a record's ``[Components]`` tag names, ``illustrative`` (mclog's own, made up; the
default), a JSON file's path (relative to the record), or the JSON itself.

>>> board = load("illustrative")
>>> len(board.squares), len(board.news), board.source
(30, 40, 'illustrative')
"""

from __future__ import annotations

from mclog.kit.components import ComponentFiles

from .rules.components import HERE, ComponentError, check

FILES = ComponentFiles(check, HERE / "illustrative.json", ComponentError)


def load(name: str, beside: str | None = None):
    """The component set a record's ``[Components]`` tag names (see the module text)."""
    return FILES.load(name, beside)


__all__ = ["load"]
