"""Analysis: pandas tables of replayed games, score attribution, corpora.

Every function takes a replayed game (``mclog.replay(record)``) and returns a
tidy DataFrame; nothing here draws.  Figures are in ``mclog.games.millionclub.viz``.  The tables
of attribution and money are built on the game's events
(``mclog.games.millionclub.events``).
"""

from mclog.arguments import of_game

from ..events import Event, events
from .corpus import Corpus, corpus
from .tables import attribution, final_scores, money_flows, points_by_disc, prices, timeline
from .teaching import chosen_step, consequences, decisions


@of_game
def player_colours(game) -> dict[str, str]:
    """Each player's table colour, by name (the figures draw players in them)."""
    table = game.record.table
    return dict(zip(table.names, table.colours))


__all__ = ["Corpus", "corpus", "Event", "events", "attribution", "final_scores",
           "money_flows", "points_by_disc", "prices", "timeline", "consequences", "decisions",
           "chosen_step",
           "player_colours"]
