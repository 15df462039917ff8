"""The kit a game is built from when it brings only its rules, its notation and its
drawing: ``KitGame`` (``kit.game``) makes a whole ``mclog.protocol.Game`` of an engine
(``mclog.engine``), a verb table (``kit.notation``) and a ``draw`` function.

The kit is shared: it knows no game.  ``docs/adding-a-game.md`` walks through a game
built on it.
"""

from .game import KitGame
from .notation import Choice, Keyed, KitRecord, Number, Seat, Verb, Verbs, Word
from .played import KitPlayed, ScoreRow

__all__ = ["KitGame", "KitPlayed", "KitRecord", "ScoreRow", "Verb", "Verbs", "Seat",
           "Number", "Choice", "Keyed", "Word"]
