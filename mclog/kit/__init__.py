"""The kit a game is built from when it brings only its rules, its notation and its
drawing: ``KitGame`` (``kit.game``) makes a whole ``mclog.protocol.Game`` of an engine
(``mclog.engine``), a verb table (``mclog.record.verbs``) and a ``draw`` function.

The kit is shared: it knows no game.  ``docs/adding-a-game.md`` walks through a game
built on it.

Its names are imported from their modules when first asked for (``from mclog.kit import
KitGame``): ``mclog validate`` of a record starts without the parts of the kit its game
does not use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import KitGame
    from mclog.record.verbs import Choice, Keyed, Number, Seat, Verb, Verbs, Word
    from .notation import KitRecord
    from .played import KitPlayed, ScoreRow

#: Each name the kit gives, and the module it is in (a relative name: the kit's own).
_HOME = {"KitGame": ".game", "KitPlayed": ".played", "ScoreRow": ".played",
         "KitRecord": ".notation",
         **{name: "mclog.record.verbs" for name in ("Verb", "Verbs", "Seat", "Number",
                                                    "Choice", "Keyed", "Word")}}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'mclog.kit' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value   # (asked once)
    return value


__all__ = ["KitGame", "KitPlayed", "KitRecord", "ScoreRow", "Verb", "Verbs", "Seat",
           "Number", "Choice", "Keyed", "Word"]
