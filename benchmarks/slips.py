"""How surely a failed check names its slip (``mclog.slips``), and how often a miscount is
taken for one, on random Million Club games.

    python benchmarks/slips.py [--games 60]

Each game is played by random legal moves (2 to 6 players), and its record is written
with a ``check money`` at every round's end, as a table counts.

* **slips**: one move written as another legal answer to its question (the moves after
  it still legal, the money at some round's end changed): how often the first failed
  check names the move written otherwise.
* **miscounts**: the record as played, one player's money at one round's end counted
  1 or 2 off: how often a move is named all the same (a false lead), with the checks at
  every round's end, and with one check at the game's end only (there the message adds
  "or if the count is wrong (no later check tells)").
* the longest a replay that found a failed check took, search included, against the
  replay of the same record with no check (the yardstick, timed in the same run).
"""

from __future__ import annotations

import argparse
import random
import re
import time

from mclog import parse_one, replay, write
from mclog.errors import RuleError
from mclog.games.millionclub.notation.record import record_from_moves
from mclog.games.millionclub.rules import legal_moves, new_game, play

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def random_moves(rng: random.Random, players: int) -> list:
    state, moves = new_game(NAMES[:players]), []
    while state.decision is not None:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        play(state, move)
    return moves


def round_ends(moves: list, players: int) -> list[list[int]]:
    """Each player's money after each round (a RuleError where the moves are no game)."""
    state, ends = new_game(NAMES[:players]), []
    for move in moves:
        before = state.round
        play(state, move)
        if (state.round != before and before > 0) or state.decision is None:
            ends.append(list(state.money))
    return ends


def checked(moves: list, players: int, counted: list[list[int]], every_round: bool = True) -> str:
    text = write(record_from_moves(new_game(NAMES[:players]).table, moves))
    checks = ["check money " + " ".join(f"{n} {m}" for n, m in zip(NAMES, money))
              for money in counted]
    lines = []
    for line in text.splitlines():
        if every_round and re.fullmatch(r"round\s+[2-9]", line.strip()):
            lines.append(checks[int(line.split()[1]) - 2])
        lines.append(line)
    return "\n".join([*lines, checks[-1], ""])


def first_error(text: str) -> tuple[str, object, float]:
    start = time.perf_counter()
    played = replay(parse_one(text), strict=False)
    return played.errors[0].reason if played.errors else "", played, \
        time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    games = parser.parse_args().games
    named = slipped = 0
    false_round = false_end = miscounts = 0
    slowest = (0.0, 0.0)
    for seed in range(games):
        rng = random.Random(seed)
        players = 2 + seed % 5
        moves = random_moves(rng, players)
        truth = round_ends(moves, players)
        # a slip
        states = [new_game(NAMES[:players])]
        for move in moves:
            states.append(states[-1].copy())
            play(states[-1], move)
        order = list(range(len(moves)))
        rng.shuffle(order)
        for index in order:
            others = [m for m in legal_moves(states[index]) if m != moves[index]]
            if not others:
                continue
            written = [*moves[:index], rng.choice(others), *moves[index + 1:]]
            try:
                if round_ends(written, players) == truth:
                    continue
            except RuleError:
                continue
            reason, played, took = first_error(checked(written, players, truth))
            plain = time.perf_counter()
            replay(parse_one(write(record_from_moves(new_game(NAMES[:players]).table,
                                                     written))), strict=False)
            plain = time.perf_counter() - plain
            slowest = max(slowest, (took, plain))
            slipped += 1
            named += f"line {played.steps[index].line} read" in reason
            break
        # a miscount
        counted = [list(money) for money in truth]
        at, seat = rng.randrange(len(counted)), rng.randrange(players)
        counted[at][seat] += rng.choice([-2, -1, 1, 2])
        if counted[at][seat] < 0:
            continue
        miscounts += 1
        false_round += " if " in first_error(checked(moves, players, counted))[0]
        at_end = [list(money) for money in truth]
        at_end[-1][seat] += 1
        false_end += " if " in first_error(checked(moves, players, at_end, False))[0]
    print(f"slips     : the move written otherwise named in {named} of {slipped} games")
    print(f"miscounts : a move named all the same in {false_round} of {miscounts} games "
          f"checked at each round's end; in {false_end} of {miscounts} checked at the end "
          f"only (said with 'or if the count is wrong')")
    print(f"time      : the slowest search {slowest[0] * 1000:.0f} ms, replay and search, "
          f"{slowest[0] / slowest[1]:.1f}x the same record's replay without checks")


if __name__ == "__main__":
    main()
