"""Reading Joakim's component files (``rules/components.py`` says what one holds and
checks it against the rulebook) through the kit's reader (``mclog.kit.components``): the
set a record's ``[Components]`` tag names, ``illustrative`` (mclog's own, made up; the
default), a JSON file's path (relative to the record), the JSON itself, or ``inline``
(none: the record writes each card's effects).

>>> board = load("illustrative")
>>> len(board.squares), len(board.news), board.source
(30, 40, 'illustrative')
"""

from __future__ import annotations

from mclog.kit.components import ComponentFiles

from functools import lru_cache

from .rules.components import HERE, INLINE, ComponentError, check, inline_set

FILES = ComponentFiles(check, HERE / "illustrative.json", ComponentError,
                       HERE / "components.schema.json")


def load(name: str, beside: str | None = None):
    """The component set a record's ``[Components]`` tag names (see the module text), or
    ``inline``: no component file, the record writing what each card did."""
    if name.strip().lower() == INLINE:
        return _inline()
    return FILES.load(name, beside)


@lru_cache(maxsize=1)
def _inline():
    return inline_set()


__all__ = ["load"]
