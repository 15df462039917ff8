"""The tables every game has (shared: it knows no game): each player's money after every
step; and ``shown(table)``, any table as a notebook shows it to a reader.  A game's own
tables live in its folder (``mclog.games.<game>.analysis``).

>>> import mclog
>>> game = mclog.replay(mclog.read_one("sample_games/millionenspiel/duel-2p.mclog"))
>>> table = money(game)
>>> table[table.step == len(game)].set_index("player").money.to_dict()
{'Zoe': 1000000, 'Yann': 190000}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mclog.arguments import replayed
from mclog.lazy import LazyModule

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)



def money(played) -> pd.DataFrame:
    """Long form: ``step`` (0: the start), ``round`` (the game's count of rounds, throws
    ...: 0 before the first), ``player``, ``money``; from any replayed game of a game
    that counts money (``Game.money``: Cartel's cartels' money, Joakim's cash).

    >>> import mclog
    >>> cartel = mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
    >>> money(cartel).groupby("player").money.last().to_dict()
    {'Ann': 147, 'Ben': 234}
    """
    from .games import game as game_named

    record = replayed(played, "mclog.analysis.money").record
    game = game_named(record.game)
    rounds = [0, *(step.round for step in played.steps)]
    rows = []
    for step, state in enumerate(played.replay.states()):
        amounts = game.money(state)
        if amounts is None:
            raise ValueError(f"{game.name} counts no money: it has no money table")
        for name, amount in zip(record.players, amounts):
            rows.append((step, rounds[step], name, amount))
    return pd.DataFrame(rows, columns=["step", "round", "player", "money"])


#: What a missing value reads as in a shown table (pandas prints ``NaN`` or ``<NA>``).
MISSING = "–"


def shown(table: pd.DataFrame, units: dict[str, str] | None = None):
    """``table`` as a reader should see it in a notebook: a missing value as a dash (not
    ``NaN`` or ``<NA>``), whole numbers with thousands separators, fractions to two places,
    and a column's unit in its header (``units={"money": "million"}``: ``money
    (million)``).  A pandas ``Styler``: the table itself is unchanged.

    >>> table = pd.DataFrame({"player": ["Ann", "Ben"], "die": pd.array([4, None], "Int64"),
    ...                       "money": [1200.0, float("nan")]})
    >>> html = shown(table, {"money": "million"}).to_html()
    >>> "NaN" in html or "&lt;NA&gt;" in html, "money (million)" in html, "1,200" in html
    (False, True, True)
    >>> "1,200" in shown(table.set_index("player").money).to_html()   # (a Series too)
    True
    >>> shown(None)
    Traceback (most recent call last):
    TypeError: shown takes a table (a pandas DataFrame or Series), not None
    """
    if isinstance(table, pd.Series):   # (a column or a groupby's sum: shown as its table)
        table = table.to_frame()
    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"shown takes a table (a pandas DataFrame or Series), not "
                        f"{'None' if table is None else type(table).__name__}")
    units = units or {}
    named = table.rename(columns={c: f"{c} ({units[c]})" for c in table.columns
                                  if c in units})

    def number(value) -> str:
        if value is None or value is pd.NA or (isinstance(value, float) and value != value):
            return MISSING
        if isinstance(value, float) and not value.is_integer():
            return f"{value:,.2f}"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{int(value):,}"
        return str(value)

    numeric = [c for c in named.columns if pd.api.types.is_numeric_dtype(named[c])
               and not pd.api.types.is_bool_dtype(named[c])]
    # (the class pandas gives a table it prints, which JupyterLab's styles know)
    return named.style.format(number, subset=numeric, na_rep=MISSING).format(
        na_rep=MISSING, subset=[c for c in named.columns if c not in numeric]
    ).set_table_attributes('class="dataframe"')


def corpus(path, game: str = "Million Club", client=None):
    """A built corpus (``mclog corpus build``), read lazily: ``corpus(out).table("players",
    columns=[...], filters=[...])``; with a Dask ``client`` the reads run on its cluster."""
    from .corpus import Corpus

    return Corpus(path, game, client)
