"""Games of Millionenspiel played by bots on the illustrative track (not the printed
board: see ``rules.track``), written as records with the track in a ``Track`` tag so
that every landing is checked when they are read back.

>>> text = simulated_text(3, seed=1, bots="chance")
>>> text.splitlines()[0], "lands" in text
('[Game "Millionenspiel"]', True)
"""

from __future__ import annotations

import random

from .bots import Bot, make_bot
from .notation.record import FORMAT, MoveEntry, Record
from .notation.writer import write_game
from .rules.engine import play
from .rules.moves import Accept, Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw
from .rules.state import (
    ACCEPT, BET, DIE, LAND, PENSION_CARDS, START, THROW, State, new_game,
)
from .rules.track import ILLUSTRATIVE, landing

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo")
#: A game that has not ended after this many throws is stopped (a record in progress).
MAX_THROWS = 2_000


def simulate(bots: list[Bot], seed: int, track=ILLUSTRATIVE) -> Record:
    """The record of a game played by ``bots`` (one per seat), chance from ``seed``."""
    rng = random.Random(seed)
    names = NAMES[:len(bots)]
    # (more than five players play the house rule of one pension card each more, M1)
    cards = max(PENSION_CARDS, len(names))
    state = new_game(names, track, cards)
    tags = {"Game": "Millionenspiel", "Event": "Simulated game", "Format": FORMAT,
            "Players": ", ".join(names), "Track": " ".join(track)}
    if cards != PENSION_CARDS:
        tags["PensionCards"] = str(cards)
    entries: list[MoveEntry] = []

    def do(move, written: bool = True) -> None:
        play(state, move)
        if written:
            entries.append(MoveEntry(Refuse(None) if isinstance(move, Refuse) else move))

    while not state.finished and state.throw <= MAX_THROWS:
        d = state.decision
        if d.kind == START:
            do(StartPlayer(rng.randrange(len(bots))))
        elif d.kind == BET:
            if not state.bets:  # between throws: pension cards first
                for seat, bot in enumerate(bots):
                    value = bot.buy(state, seat)
                    if value is not None:
                        do(BuyPension(seat, value))
                if state.decision.kind != BET:
                    continue
                d = state.decision
            do(Bet(d.actor, bots[d.actor].bet(state, d.actor)))
        elif d.kind == THROW:
            do(Throw((rng.randint(1, 6), rng.randint(1, 6))))
        elif d.kind == ACCEPT:
            refuse = bots[d.actor].refuse(state, d.actor)
            do(Refuse(d.actor) if refuse else Accept(d.actor), written=refuse)
        elif d.kind == LAND:
            spaces = sum(t.spaces for t in state.throws)
            _, colour, passed = landing(state.track, state.position, spaces)
            do(Land(colour, passed))
        elif d.kind == DIE:
            do(Die(rng.randint(1, 6)))
    return Record(tags, names, tuple(track), entries, pension_cards=cards)


def bots_from_names(names: str, players: int, seed: int) -> list[Bot]:
    """Bots by seat from ``random,chance`` (the last name fills the table)."""
    listed = [n.strip() or "random" for n in names.split(",")]
    listed += [listed[-1]] * (players - len(listed))
    return [make_bot(name, seed * 100 + seat) for seat, name in enumerate(listed[:players])]


def simulated_text(players: int, seed: int, bots: str = "random") -> str:
    """The canonical record of one simulated game (what ``mclog simulate`` writes)."""
    return write_game(simulate(bots_from_names(bots, players, seed), seed))


__all__ = ["simulate", "simulated_text", "bots_from_names", "NAMES", "State"]
