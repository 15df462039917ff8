"""Million Club's rules behind the shared engine interface (``mclog.engine``): what the
shared simulator, the bots and the recorder ask of the game.

>>> import random
>>> from mclog.games.millionclub.rules.engine import ENGINE, Table
>>> state = ENGINE.new_state(Table(("Ann", "Ben"), ("yellow", "blue")))
>>> d = ENGINE.decision(state)
>>> d.actor, d.kind, ENGINE.describe(state)
(None, 'draw', 'chance: draw a Colony card')
>>> ENGINE.play(state, ENGINE.chance(state, random.Random(1)))
>>> ENGINE.decision(state).actor is None, len(ENGINE.legal(state)) > 0
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from mclog.engine import Watch, below

from .decks import DRAW_OF
from .flow import describe_decision, legal_moves, play
from .moves import Move, StartPlayer
from .setup import new_game
from .state import State, Table


class MillionClubEngine:
    """The engine interface of Million Club (its ``table`` is a ``rules.board.Table``)."""

    def new_state(self, table: Table) -> State:
        return new_game(table.names, table.colours, setup=table.setup,
                        privilege_pick=table.privilege_pick, seat=table.seat)

    def decision(self, state: State) -> Any:
        """The state's own decision (``rules.state.Decision``: it has the interface's
        ``actor`` and ``kind``, and more), or None once the game is over."""
        return state.decision

    def describe(self, state: State) -> str:
        return describe_decision(state)

    def legal(self, state: State) -> list:
        return legal_moves(state)

    def play(self, state: State, move: Move, watch: Watch | None = None) -> None:
        """The move played; ``watch`` hears each seat's money that moved, with the
        decision it answered as the reason (the steps' own causes are the events' job:
        ``events.Capture``)."""
        if watch is None:
            play(state, move)
            return
        before, why = list(state.money), describe_decision(state)
        play(state, move)
        for seat, (was, now) in enumerate(zip(before, state.money)):
            if now != was:
                watch.money_moved(seat, now - was, why)

    def chance(self, state: State, rng: random.Random) -> Move:
        """The card a shuffled deck gives (a kind with probability proportional to how
        many are left), or a start player drawn at random."""
        d = state.decision
        assert d is not None and d.actor is None   # (chance's question)
        if d.kind == "start player":
            return StartPlayer(rng.randrange(state.players))
        assert d.deck is not None   # (any other of chance's questions is a draw)
        pile = state.decks[d.deck]
        pick = below(rng, sum(pile.values()))
        for card, n in pile.items():
            if pick < n:
                return DRAW_OF[card]
            pick -= n
        raise AssertionError("empty deck")

    def copy(self, state: State) -> State:
        return state.copy()


ENGINE = MillionClubEngine()

__all__ = ["ENGINE", "MillionClubEngine", "Table"]
