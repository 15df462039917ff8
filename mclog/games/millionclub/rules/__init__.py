"""The Million Club rules engine.

The whole rulebook with the project's rulings R1..R32 (docs/millionclub/rules.md links
each ruling to its code and test).  The API:

* ``new_game(names, colours=None, setup="standard")`` -> ``State`` at its first question;
* ``legal_moves(state)`` -> every legal answer to the current question;
* ``apply(state, move)`` -> the next ``State`` (``play`` does it in place),
  or ``RuleError`` naming the rule and the reason;
* ``state.decision`` (``describe_decision(state)`` in words): whose decision
  it is and of what kind; ``None`` once the game is over;
* ``score(state)`` -> each player's score by category and rank.

>>> from mclog.games.millionclub.rules import new_game, legal_moves, play, Draw
>>> s = new_game(["Ann", "Ben"])
>>> describe_decision(s)
'chance: draw a Colony card'
>>> play(s, Draw("asia")); s.colonies[0]["asia"]
1
"""

from __future__ import annotations

# The phase modules register their steps and handlers on import.
from . import decks, drafts, intrigue, lobby, placement, round_end, setup, stock  # noqa: F401
from .board import ALTERNATIVE, STANDARD
from .cards import Industry
from .flow import apply, describe_decision, legal_moves, play
from .moves import (
    CAPITAL, DEVELOP, Buy, BuyContract, CapitalIncrease, Choose, Draw, Dump, Lower, Move,
    MovePawn, Pass, Pick, Place, Raise, SetAside, StartPlayer, Swap, Takeover, Target, Turn,
    UsePrivilege,
)
from .scoring import CATEGORIES, Score, score
from .setup import new_game
from .state import Decision, State, Table

__all__ = [
    "ALTERNATIVE", "STANDARD", "Industry", "apply", "describe_decision", "legal_moves", "play",
    "CAPITAL", "DEVELOP", "Buy", "BuyContract", "CapitalIncrease", "Choose", "Draw", "Dump",
    "Lower", "Move", "MovePawn", "Pass", "Pick", "Place", "Raise", "SetAside", "StartPlayer",
    "Swap", "Takeover", "Target", "Turn", "UsePrivilege", "CATEGORIES", "Score", "score",
    "new_game", "Decision", "State", "Table",
]
