"""Moves in the words of the .mclog notation: ``Ann buys F``, ``Ben up T2``.

>>> from mclog.games.millionclub.rules.state import Table
>>> from mclog.games.millionclub.rules.moves import Place, Dump
>>> from mclog.games.millionclub.rules.cards import Industry
>>> t = Table(("Ann", "Ben"), ("yellow", "black"))
>>> move_text(Place(0, 4, "T"), t), item_words(Dump(1, Industry("F", 2), 0, Industry("T", 3, 1)), t)
('Ann IV:T', 'dumps F2 Ann T3+1')
"""

from __future__ import annotations

from ..rules.moves import Move, StartPlayer
from ..rules.state import Table
from .verbs import VERBS


def item_words(move: Move, table: Table) -> str:
    """The words of one item, without the subject's name, as its row of the verb table
    writes them."""
    return VERBS.item(move, table.names)


def move_text(move: Move, table: Table) -> str:
    """The move as a line of a record would say it, with its player's name."""
    words = item_words(move, table)
    if move.player is None or isinstance(move, StartPlayer):
        return f"start {words}" if isinstance(move, StartPlayer) else words
    return f"{table.names[move.player]} {words}"
