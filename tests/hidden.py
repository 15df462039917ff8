"""Rewrite a fully known game as a recorder in one seat would know it."""

from __future__ import annotations

from dataclasses import replace

from mclog.games.millionclub.rules.cards import CONTINENTS
from mclog.games.millionclub.rules.moves import Buy, BuyContract, Draw, Pick, SetAside, Swap, Target
from mclog.games.millionclub.notation.record import GameRecord, MoveEntry, RevealEntry


def as_seen_by(record: GameRecord, viewer: int, final) -> GameRecord:
    """Every colony drawn and every rival's colony choice becomes ``?``; the reveal ends it."""
    entries = []
    target = None  # the opponent named by the last Target: the viewer sees a deal with them
    for e in record.entries:
        if isinstance(e, MoveEntry):
            m = e.move
            if isinstance(m, Target):
                target = m.opponent
            sees = target == viewer
            if isinstance(m, Draw) and m.card in CONTINENTS:
                m = replace(m, card="?")
            elif isinstance(m, (Buy, SetAside, Pick)) and m.card in CONTINENTS \
                    and m.player != viewer:
                m = replace(m, card="?")
            elif isinstance(m, BuyContract) and m.player != viewer and not sees:
                m = replace(m, continent="?")
            elif isinstance(m, Swap) and m.player != viewer and not sees:
                m = replace(m, give="?", take="?")
            e = replace(e, move=m)
        entries.append(e)
    for seat in range(record.table.players):
        shown = tuple(sorted(c for c in CONTINENTS for _ in range(final.colonies[seat][c])))
        entries.append(RevealEntry(seat, shown))
    return GameRecord(dict(record.tags), record.table, entries)
