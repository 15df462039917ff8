"""The Millionenspiel rules engine: the whole rulebook with the readings M1..M18
(docs/millionenspiel/rules.md).

* ``new_game(names, track=None)`` -> ``State`` before the roll-off;
* ``play(state, move)`` in place (``apply`` returns a new state), or ``RuleError``
  naming the reading;
* ``state.decision``: the next question (``describe_decision`` in words), ``None`` at
  the end; ``state.winner``.
"""

from .moves import (
    MOVE_TYPES, Accept, Bet, BuyPension, Die, Land, Move, Refuse, StartPlayer, Throw,
)
from .flow import PLAYERS, apply, describe_decision, play
from .state import MILLION, Decision, State, new_game
from .track import COLOURS, ILLUSTRATIVE, parse_track

__all__ = ["MOVE_TYPES", "Accept", "Bet", "BuyPension", "Die", "Land", "Move", "Refuse",
           "StartPlayer", "Throw", "PLAYERS", "apply", "describe_decision", "play",
           "MILLION", "Decision", "State", "new_game", "COLOURS", "ILLUSTRATIVE",
           "parse_track"]
