"""Reading Cartel's component files (``rules/components.py`` says what one holds and
checks it against the rulebook) through the kit's reader (``mclog.kit.components``): the
set a record's ``[Components]`` tag names, which is ``illustrative`` (mclog's own, the
default), a JSON file's path (relative to the record), or the JSON itself.

>>> board = load("illustrative")
>>> len(board.companies), board.source
(52, 'illustrative')
"""

from __future__ import annotations

from mclog.kit.components import MAX_SIZE, ComponentFiles

from .rules.components import HERE, ComponentError, check

FILES = ComponentFiles(check, HERE / "illustrative.json", ComponentError,
                       HERE / "components.schema.json")


def load(name: str, beside: str | None = None):
    """The component set a record's ``[Components]`` tag names (see the module text)."""
    return FILES.load(name, beside)


__all__ = ["load", "MAX_SIZE"]
