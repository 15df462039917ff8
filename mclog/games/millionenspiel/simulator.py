"""Games of Millionenspiel played by bots on the illustrative track (not the printed
board: see ``rules.track``), written as records with the track in a ``Track`` tag so
that every landing is checked when they are read back.

>>> text = simulated_text(3, seed=1, bots="chance")
>>> text.splitlines()[0], "lands" in text
('[Game "Millionenspiel"]', True)
"""

from __future__ import annotations

import random

from mclog.simulate import make_bots, moves_of, stopped_note

from .bots import BOTS, Bot
from .rules.engine import ENGINE
from .notation.record import FORMAT, Entry, MoveEntry, Record
from .notation.writer import write_game
from .rules.moves import Accept, Refuse
from .rules.state import PENSION_CARDS, State, new_game
from .rules.track import ILLUSTRATIVE

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo")
#: A game that has not ended after this many throws is stopped: a record in progress,
#: which ends with a comment that says so.
MAX_THROWS = 2_000


def simulate(bots: list[Bot], seed: int, track=ILLUSTRATIVE) -> Record:
    """The record of a game played by ``bots`` (one per seat), chance from ``seed``."""
    rng = random.Random(seed)
    names = NAMES[:len(bots)]
    # (more than five players play the house rule of one pension card each more, M1)
    cards = max(PENSION_CARDS, len(names))
    state = new_game(names, track, cards)
    tags = {"Game": "Millionenspiel", "Event": "Simulated game", "Format": FORMAT,
            "Players": ", ".join(names), "Track": " ".join(track),
            "Bots": ", ".join(bot.name for bot in bots), "Seed": str(seed)}
    if cards != PENSION_CARDS:
        tags["PensionCards"] = str(cards)
    entries: list[Entry] = []
    # (the shared loop, ``mclog.simulate.moves_of``: each decision to its seat's bot, each
    # chance to the engine; keeping the first throw goes without saying in a record)
    for _, move in moves_of(ENGINE, state, bots, rng):
        if state.throw > MAX_THROWS:   # (the record says why it ends in progress)
            entries.append(stopped_note(f"{MAX_THROWS:,} throws"))
            break
        ENGINE.play(state, move)
        if not isinstance(move, Accept):
            entries.append(MoveEntry(Refuse(None) if isinstance(move, Refuse) else move))
    return Record(tags, names, tuple(track), entries, pension_cards=cards)


def bots_from_names(names: str, players: int, seed: int) -> list[Bot]:
    """Bots by seat from ``random,chance`` (the last name fills the table)."""
    return make_bots(names, players, seed, BOTS)


def simulated_text(players: int, seed: int, bots: str = "random") -> str:
    """The canonical record of one simulated game (what ``mclog simulate`` writes)."""
    return write_game(simulate(bots_from_names(bots, players, seed), seed))


__all__ = ["simulate", "simulated_text", "bots_from_names", "NAMES", "State"]
