"""How surely a failed check names its slip (``mclog.slips``), and how often a miscount is
taken for one, on random Million Club games.

    python benchmarks/slips.py [--games 60]

Each game is played by random legal moves (2 to 6 players), and its record is written
with a ``check money`` at every round's end, as a table counts (the records of
``tests/test_slips.py``, made by its own helpers).

* **slips**: one move written as another legal answer to its question (the moves after
  it still legal, the money at some round's end changed): how often the first failed
  check names the move written otherwise.
* **miscounts**: the record as played, one player's money at one round's end counted
  1 or 2 off: how often a move is named all the same (a false lead), with the checks at
  every round's end, and with one check at the game's end only (there the message adds
  "or if the count is wrong (no later check tells)").
* **refusals**: one move written as another legal answer after which a later move is
  refused (by the rules, or as its line's label no longer fits the game): how often
  the refusal names the move written otherwise, where the refusal is the record's first
  error.
* **scores**: one move written otherwise that changes no money counted, only the final
  score (a colony, a last industry turn), with ``check score`` at the end: how often the
  failed score check names it; and the game as played with one player's final score
  counted 1 off: how often a move is named all the same (always said with "or if the
  count is wrong", as nothing is counted after it).
* **omissions**: the record as played with one move left out (a slip no move written
  otherwise can be): how often the refusal that follows names a move all the same.
* the longest a replay that found a failed check took, search included, against the
  replay of the same record with no check (the yardstick, timed in the same run).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

# the slip test's own helpers: a random game with one move written otherwise, its record
# checked at each round's end, a record with a miscount
from test_slips import (  # noqa: E402
    _checked, _final_scores, _miscounted, _refused_later, _round_ends, _score_slipped, _slipped,
)
from table import NAMES, random_game  # noqa: E402

from mclog import RecordError, parse_one, replay  # noqa: E402
from mclog.games.millionclub.notation.record import MoveEntry  # noqa: E402
from mclog.slips import written_as  # noqa: E402


def first_reason(text: str) -> tuple[str, object, float]:
    """The first error of ``text`` replayed past its failed checks, the game, the time."""
    start = time.perf_counter()
    played = replay(parse_one(text), strict=False)
    return (played.errors[0].reason if played.errors else "", played,
            time.perf_counter() - start)


def refused(record) -> tuple[RecordError | None, float]:
    """The error ``record`` (a parsed game) is refused with, if any, and the time."""
    start = time.perf_counter()
    try:
        replay(record)
    except RecordError as error:
        return error, time.perf_counter() - start
    return None, time.perf_counter() - start


def refusals(seed: int, players: int) -> tuple[int, int, int, int, float]:
    """For the game of ``seed``: whether a slip's refusal came first and named it, whether
    the record with a move left out was refused, and named a move, and the longest."""
    truth, moves, index, other = _refused_later(seed, players)
    record = parse_one(_checked(moves, players, truth))
    entry = replay(record).replay.infos[index].entry
    error, took = refused(replace(record, entries=written_as(record.entries, entry, other)))
    first = error is not None and error.code == "illegal-move"
    named = first and f"line {entry.line} read" in error.reason
    moves_at = [n for n, e in enumerate(record.entries) if type(e) is MoveEntry]
    left_out = random.Random(seed).choice(moves_at[5:])
    error, took_too = refused(replace(record, entries=[
        e for n, e in enumerate(record.entries) if n != left_out]))
    omitted = error is not None and error.code == "illegal-move"
    lead = omitted and " would allow it" in error.reason
    return first, named, omitted, lead, max(took, took_too)


def score_miscounted(seed: int, players: int) -> str:
    """The record of the game of ``seed`` as played, checked at each round's end, with
    ``check score`` at the end counting one player's score 1 off."""
    rng = random.Random(seed)
    moves = random_game(seed, players)[1]
    scores = _final_scores(moves, players)
    scores[rng.randrange(players)] += rng.choice([1, -1])
    counted = " ".join(f"{name} {score}" for name, score in zip(NAMES, scores))
    return _checked(moves, players, _round_ends(moves, players)) + f"check score {counted}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    games = parser.parse_args().games
    named = slipped = false_round = false_end = miscounts = 0
    slowest = (0.0, 0.0)
    first = named_refusals = omitted = leads = scored = named_scores = score_false = 0
    slowest_refusal = 0.0
    for seed in range(games):
        parts = refusals(seed, 2 + seed % 5)
        first, named_refusals = first + parts[0], named_refusals + parts[1]
        omitted, leads = omitted + parts[2], leads + parts[3]
        slowest_refusal = max(slowest_refusal, parts[4])
        score_slip = _score_slipped(seed, 2 + seed % 5)
        if score_slip is not None:
            scored += 1
            named_scores += f"line {score_slip[1]} read" in first_reason(score_slip[0])[0]
        score_false += " if " in first_reason(score_miscounted(seed, 2 + seed % 5))[0]
        players = 2 + seed % 5
        found = _slipped(seed, players)
        if found is not None:
            truth, written, index = found
            text = _checked(written, players, truth)
            reason, played, took = first_reason(text)
            plain = first_reason("\n".join(line for line in text.splitlines()
                                           if not line.startswith("check")))[2]
            slowest = max(slowest, (took, plain))
            slipped += 1
            named += f"line {played.steps[index].line} read" in reason
        rng = random.Random(seed)
        rounds = len(_round_ends(random_game(seed, players)[1], players))
        check, seat, off = rng.randrange(rounds), rng.randrange(players), rng.choice([1, 2])
        miscounts += 1
        false_round += " if " in first_reason(_miscounted(seed, players, check, seat=seat,
                                                          off=off))[0]
        false_end += " if " in first_reason(_miscounted(seed, players, -1, True, seat,
                                                        off))[0]
    print(f"slips     : the move written otherwise named in {named} of {slipped} games")
    print(f"miscounts : a move named all the same in {false_round} of {miscounts} games "
          f"checked at each round's end; in {false_end} of {miscounts} checked at the end "
          f"only (said with 'or if the count is wrong')")
    print(f"refusals  : the move written otherwise named in {named_refusals} of {first} "
          f"games refused first for it")
    print(f"scores    : the move written otherwise named in {named_scores} of {scored} "
          f"games whose final score alone it changed; a miscount of the final score taken "
          f"for a slip in {score_false} of {games}")
    print(f"omissions : a move named all the same in {leads} of {omitted} games refused "
          f"for a move left out")
    print(f"time      : the slowest refusal {slowest_refusal * 1000:.0f} ms, replay and "
          f"search")
    print(f"time      : the slowest search {slowest[0] * 1000:.0f} ms, replay and search, "
          f"{slowest[0] / slowest[1]:.1f}x the same record's replay without checks")


if __name__ == "__main__":
    main()
