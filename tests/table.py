"""Test helpers for building Million Club positions and playing moves."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from mclog.games.millionclub.rules import (
    Draw, Industry, Move, Place, StartPlayer, State, legal_moves, new_game, play,
)
from mclog.games.millionclub.rules.cards import COLONY_DECK, DECK_OF, INDUSTRY_DECK

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn")
ANN, BEN, CLEO, DAN, EVE, FINN = range(6)


def game(players: int = 3, **kw) -> State:
    return new_game(NAMES[:players], **kw)


def ind(text: str) -> Industry:
    """``"F2"`` -> Industry("F", 2, 0); ``"T3+1"`` -> Industry("T", 3, 1)."""
    kind, rest = text[0], text[1:]
    level, _, bonus = rest.partition("+")
    return Industry(kind, int(level), int(bonus or 0))


def dealt(players: int = 3, colonies: Sequence[str] | None = None,
          industries: Sequence[str] | None = None, start: int = 0, **kw) -> State:
    """A standard game after its setup deals: by default everyone has Asia and a factory."""
    s = game(players, **kw)
    for card in colonies or ["asia"] * players:
        play(s, Draw(card))
    for card in industries or ["F"] * players:
        play(s, Draw(card))
    play(s, StartPlayer(start))
    return s


def position(s: State, *, money: dict[int, int] | None = None,
             industries: dict[int, Iterable[str]] | None = None,
             colonies: dict[int, dict[str, int]] | None = None) -> State:
    """Replace players' money, industries or colonies; cards come from / go to the decks."""
    for seat, amount in (money or {}).items():
        s.money[seat] = amount
    for seat, cards in (industries or {}).items():
        for card in list(s.industries[seat]):
            s.remove_industry(seat, card)
            s.decks[INDUSTRY_DECK][card.kind] += 1
        for text in cards:
            card = ind(text)
            s.decks[INDUSTRY_DECK][card.kind] -= 1
            s.add_industry(seat, card)
    for seat, held in (colonies or {}).items():
        for continent, count in s.colonies[seat].items():
            s.decks[COLONY_DECK][continent] += count
            s.colonies[seat][continent] = 0
        for continent, count in held.items():
            s.decks[COLONY_DECK][continent] -= count
            s.colonies[seat][continent] = count
    assert all(v >= 0 for d in s.decks.values() for v in d.values()), "more cards than exist"
    return s


def run(s: State, *moves: Move) -> State:
    for move in moves:
        play(s, move)
    return s


def place(s: State, *spots: tuple) -> State:
    """Place pawns in placement order: each spot is ``disc`` or ``(disc, sector)``."""
    for spot in spots:
        disc, sector = spot if isinstance(spot, tuple) else (spot, None)
        play(s, Place(s.decision.actor, disc, sector))
    return s


def draws(s: State, *cards: str) -> State:
    for card in cards:
        assert s.decision.kind == "draw", s.decision
        play(s, Draw(card))
    return s


def kinds(s: State) -> str:
    return s.decision.kind if s.decision else "game over"





def random_game(seed: int, players: int, setup: str = "standard",
                privilege_pick: bool = False) -> tuple[State, list[Move]]:
    """A random legal game; the invariants (tests/invariants.py) are checked at every move."""
    from invariants import check_move, check_state

    rng = random.Random(seed)
    s = new_game(NAMES[:players], setup=setup, privilege_pick=privilege_pick)
    check_state(s)
    moves = []
    while s.decision is not None:
        move = rng.choice(legal_moves(s))
        moves.append(move)
        before = s.copy()
        play(s, move)
        check_move(before, move, s)
    return s, moves


__all__ = ["DECK_OF"]
