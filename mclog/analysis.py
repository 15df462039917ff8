"""The tables every game has (shared: it knows no game): each player's money after every
step.  A game's own tables live in its folder (``mclog.games.<game>.analysis``).

>>> import mclog
>>> game = mclog.replay(mclog.read_one("sample_games/millionenspiel/duel-2p.mclog"))
>>> table = money(game)
>>> table[table.step == len(game)].set_index("player").money.to_dict()
{'Zoe': 1000000, 'Yann': 190000}
"""

from __future__ import annotations

import pandas as pd


def money(played) -> pd.DataFrame:
    """Long form: ``step`` (0: the start), ``round`` (the game's count of rounds, throws
    ...: 0 before the first), ``player``, ``money``; from any replayed game whose states
    keep the players' ``money`` in seat order."""
    names = played.record.players
    rounds = [0, *(step.round for step in played.steps)]
    rows = []
    for step, state in enumerate(played.replay.states()):
        for name, amount in zip(names, state.money):
            rows.append((step, rounds[step], name, amount))
    return pd.DataFrame(rows, columns=["step", "round", "player", "money"])


def corpus(path, game: str = "Million Club", client=None):
    """A built corpus (``mclog corpus build``), read lazily: ``corpus(out).table("players",
    columns=[...], filters=[...])``; with a Dask ``client`` the reads run on its cluster."""
    from .corpus import Corpus

    return Corpus(path, game, client)
