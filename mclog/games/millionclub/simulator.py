"""Play complete games with bots; chance comes from a seeded shuffle.

``simulate(bots, seed=...)`` plays one game: each decision goes to the bot of
the deciding seat, each card drawn comes off the deck as a real shuffle would
give it (a card kind with probability proportional to how many are left),
and the start player is drawn at random.  The game is kept as a replay (the
same object the record reader builds), so writing its record needs no second
pass, and the same seed always gives the same game and the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mclog.replay import Replay
from mclog.simulate import make_bots, moves_of

from .bots import BOTS, Bot
from .rules.engine import ENGINE
from .notation.record import MoveEntry, record_from_moves
from .replayed import GameReplay, move_facts, step_maker
from .replayer import phase_label
from .rules.board import COLOURS, MAX_PLAYERS
from .rules.flow import play
from .rules.setup import new_game
from .rules.state import State

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn")


#: The move a shuffled deck (or a random start player) gives: the engine's.
chance = ENGINE.chance


def simulate(bots: Sequence[Bot], *, seed: int, setup: str = "standard",
             names: Sequence[str] | None = None, tags: dict[str, str] | None = None,
             privilege_pick: bool = False) -> GameReplay:
    """Play one complete game; the record's tags name the bots and the seed.

    In the alternative setup the colours (and so the roles) are dealt at random
    from the seed, as the rulebook says; green only at a 6-player table.
    """
    n = len(bots)
    names = tuple(names or NAMES[:n])
    rng = random.Random(seed)
    colours = None
    if setup == "alternative":
        pool = list(COLOURS if n == MAX_PLAYERS else COLOURS[:-1])
        rng.shuffle(pool)
        colours = pool[:n]
    state = new_game(names, colours, setup=setup, privilege_pick=privilege_pick)
    record = record_from_moves(state.table, [], {
        "Event": "Simulated game", **(tags or {}),
        "Bots": ", ".join(getattr(b, "name", type(b).__name__) for b in bots),
        "Seed": str(seed)})
    replay = Replay(state, State.copy, play, make_step=step_maker(record.table))
    replay.extend(_plays(replay.current, bots, rng, record.entries))
    return GameReplay(record, replay)


def _plays(current: State, bots: Sequence[Bot], rng: random.Random, entries: list):
    """Each decision to its seat's bot and each draw to chance (the shared loop,
    ``mclog.simulate.moves_of``), with the move's ``MoveFacts``, for the replay to play
    on ``current`` (the same object all game)."""
    for d, move in moves_of(ENGINE, current, bots, rng):
        entry = MoveEntry(move)
        entries.append(entry)
        yield move, move_facts((current.round, current.phase, current.decision, entry,
                                current.resolving, phase_label(current)))


def bots_from_names(spec: str, players: int, seed: int) -> list[Bot]:
    """``"greedy,random"`` -> one bot per seat (the last name repeats to fill the table);
    each bot's generator is seeded from the game's seed and its seat."""
    return make_bots(spec, players, seed, BOTS)


def simulated_text(players: int, setup: str, bots: str, seed: int,
                   privileges: str = "draw") -> str:
    """The canonical record of one simulated game (what ``mclog simulate`` writes)."""
    from .notation.writer import write_game

    game = simulate(bots_from_names(bots, players, seed), seed=seed, setup=setup,
                    privilege_pick=privileges == "pick")
    return write_game(game.record, game)


def _simulated_text(args: tuple) -> tuple[int, str]:  # for a process pool
    players, setup, bots, seed = args
    return seed, simulated_text(players, setup, bots, seed)


__all__ = ["simulate", "chance", "bots_from_names", "simulated_text", "record_from_moves"]
