"""Game-independent record machinery: the framing of a record file.

A record file holds one or more games; each game is a block of PGN-style tag
pairs (``[Name "value"]``) and a body of lines.  This layer knows nothing of
any game's notation: it yields tags, and body lines as words (whose columns are
worked out when asked), and comments (``; to end of line`` or ``{ ... }``), so that a
game's notation module can give each token its meaning.
"""

from .framing import Comment, RawGame, RawLine, Tag, split_games

__all__ = ["Comment", "RawGame", "RawLine", "Tag", "split_games"]
