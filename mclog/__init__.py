"""mclog: record, replay and analyse real played games of Million Club.

>>> import mclog
>>> game = mclog.replay(mclog.read_one("sample_games/thursday-club-3p.mclog"))  # doctest: +SKIP
>>> game.scores()[0].total                                                     # doctest: +SKIP

The rules engine lives in ``mclog.millionclub``; the game-independent parts
(errors, the framing of record files, replay with snapshots) live beside it.
"""

from .errors import MclogError, RecordError, RuleError, SetupError
from .millionclub.reader import (
    from_json, parse, parse_one, read, read_headers, read_lenient, read_one,
)
from .millionclub.replayer import GameReplay, replay
from .millionclub.seat_view import seat_view
from .millionclub.writer import to_json, write

__version__ = "0.1.0"
__all__ = [
    "MclogError", "RecordError", "RuleError", "SetupError", "read", "read_one", "read_headers",
    "parse", "parse_one",
    "read_lenient", "from_json", "replay", "GameReplay", "seat_view", "write", "to_json",
    "__version__",
]
