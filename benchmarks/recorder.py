"""Issue 15's recorder numbers.

1. **Games typed in, stopped and resumed.**  ``--games`` simulated games (2 to 6 players,
   both setups), each from one seat (its seat view: ``?`` for what the seat cannot see),
   typed at the terminal recorder as keystrokes through prompt_toolkit's pipe input:
   numbers where the answer is listed, words elsewhere, Enter at every end-of-round
   check.  Each is stopped at a random point (its input ends: only the file is left) and
   resumed by a new recording opened from the file.  The file must equal the seat's
   record after ``fmt``.
2. **Prompt latency**: from an answer to the next prompt's text (the answer checked,
   written and synced to the disk, the table summarised), over every answer of part 1;
   and end to end in a real terminal (a pty), for one 4-player game.
3. **Keystrokes** to record a 4-player game from seat 1 with completion (an answer's
   number and Enter when it is listed; else the shortest prefix that Tab completes, Tab
   and Enter), against the characters of the same record typed by hand, over
   ``--keystroke-games`` games.

    python benchmarks/recorder.py [--games 100] [--keystroke-games 100]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import mclog
from mclog.recording import terminal
from mclog.games.millionclub.recorder.script import table_options, typed_lines
from mclog.games.millionclub import GAME
from mclog.recording import LISTED
from mclog.games.millionclub.recorder.session import Recording
from mclog.games.millionclub.simulator import bots_from_names, simulate


def seat_record(seed: int, players: int, setup: str, seat: int):
    game = simulate(bots_from_names("greedy,random", players, seed), seed=seed, setup=setup)
    view = mclog.seat_view(game, seat)
    text = mclog.write(view)
    return mclog.parse_one(text), text


def keys_for(record, folder: str) -> tuple[list[str], list[float]]:
    """The lines a person types for ``record`` (worked out on a shadow recording), and
    how long each answer took from Enter to the next prompt's text."""
    shadow = Recording.start(GAME, os.path.join(folder, "shadow.mclog"), **table_options(record))
    keys, waits = [], []
    for kind, text in typed_lines(record):
        if shadow.check_due():
            keys.append("")
            shadow.respond("")
        offered = [a.text for a in shadow.answers()]
        listed = kind == "move" and text in offered and len(offered) <= LISTED
        keys.append(str(offered.index(text) + 1) if listed else text)
        start = time.perf_counter()
        shadow.respond(text)
        terminal.summary(shadow)
        waits.append(time.perf_counter() - start)
    while shadow.mode() in ("check", "reveal"):
        keys.append("done" if shadow.mode() == "reveal" else "")
        shadow.respond(keys[-1])
    return keys, waits


def type_at_terminal(recording: Recording, keys: list[str]) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:
        pipe.send_text("".join(k + "\r" for k in keys))
        pipe.close()
        terminal.run(recording, input=pipe, output=DummyOutput(), out=io.StringIO())


def part1(games: int) -> list[float]:
    rng = random.Random(15)
    equal, waits, started = 0, [], time.perf_counter()
    for seed in range(games):
        players, setup = 2 + seed % 5, ("standard", "alternative")[seed // 5 % 2]
        seat = rng.randrange(players)
        record, text = seat_record(seed, players, setup, seat)
        canonical = mclog.write(record)
        with tempfile.TemporaryDirectory() as folder:
            keys, answer_waits = keys_for(record, folder)
            waits += answer_waits
            path = os.path.join(folder, "game.mclog")
            cut = rng.randrange(1, len(keys))
            type_at_terminal(Recording.start(GAME, path, **table_options(record)), keys[:cut])
            resumed = Recording.resume(GAME, path)  # what is left after a kill: the file
            rest = keys_after(resumed, keys, cut)
            type_at_terminal(resumed, rest)
            same = Path(path).read_text() == canonical
            equal += same
            if not same:
                print(f"  seed {seed} ({players}p {setup}, seat {seat}): differs", flush=True)
    print(f"1. {equal} of {games} games typed in (2-6 players, both setups, one seat each), "
          f"stopped at a random point and resumed, equal the seat's record after fmt "
          f"({time.perf_counter() - started:.0f} s)")
    return waits


def keys_after(resumed: Recording, keys: list[str], cut: int) -> list[str]:
    """The keys still to type after a stop at ``cut``: a resumed recording asks its
    check again only for a round not yet checked, so a blank line for a check it does
    not ask is dropped."""
    rest = keys[cut:]
    if rest and rest[0] == "" and not resumed.check_due():
        rest = rest[1:]
    return rest


def part2(waits: list[float]) -> None:
    waits = sorted(waits)
    print(f"2. prompt latency over {len(waits)} answers (checked, written with fsync, "
          f"summarised): median {statistics.median(waits) * 1000:.1f} ms, p95 "
          f"{waits[int(len(waits) * 0.95)] * 1000:.1f} ms, max {waits[-1] * 1000:.0f} ms "
          "(target: median under 50 ms)", flush=True)
    try:
        import pexpect
    except ImportError:
        print("   (pexpect missing: no end-to-end figure)")
        return
    record, _ = seat_record(7, 4, "standard", 0)
    with tempfile.TemporaryDirectory() as folder:
        keys, _ = keys_for(record, folder)
        path = os.path.join(folder, "pty.mclog")
        Recording.start(GAME, path, **table_options(record))
        child = pexpect.spawn(str(Path(sys.executable).parent / "mclog"), ["record", path],
                              env={**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1"},
                              encoding="utf-8", timeout=30, dimensions=(50, 120))
        child.delaybeforesend = None
        child.expect(r"[a-z)]>")
        ends = []
        for key in keys:
            start = time.perf_counter()
            child.sendline(key)
            child.expect([r"recorded: [^\r\n]*\r\n", r"agreed\r\n", r"no more reveals\r\n",
                          r"Not recorded[^\r\n]*\r\n"])
            child.expect([r"[a-z)]>", pexpect.EOF])
            ends.append(time.perf_counter() - start)
        child.close()
        print(f"   in a real terminal (pty), one 4-player game, {len(ends)} answers: median "
              f"{statistics.median(ends) * 1000:.1f} ms, p95 "
              f"{sorted(ends)[int(len(ends) * 0.95)] * 1000:.1f} ms from Enter to the next "
              "prompt")


def keystrokes(recording: Recording, text: str) -> int:
    """Keystrokes for one answer: its number and Enter when listed; else the shortest
    prefix Tab completes to it, Tab and Enter (or the whole text and Enter)."""
    offered = [a.text for a in recording.answers()]
    if text in offered and len(offered) <= LISTED:
        return len(str(offered.index(text) + 1)) + 1
    names = recording.names
    forms = [t.partition(" ")[2] if t.partition(" ")[0] in names else t for t in offered]
    head = text.partition(" ")
    form = head[2] if head[0] in names else text
    if form in forms:
        for n in range(1, len(form) + 1):
            if sum(f.startswith(form[:n]) for f in forms) == 1:
                return min(n + 2, len(form) + 1)
    return len(text) + 1


def part3(games: int) -> None:
    ratios, typed, by_hand, compact = [], [], [], []
    for seed in range(games):
        record, text = seat_record(1000 + seed, 4, "standard", 1)
        body = text.split("\n\n", 1)[1]
        hand = len(re.sub(r" +", " ", body))  # a person types one space, not the padding
        with tempfile.TemporaryDirectory() as folder:
            rec = Recording.start(GAME, os.path.join(folder, "k.mclog"), **table_options(record))
            keys = 0
            for kind, line in typed_lines(record):
                if rec.check_due():
                    keys += 1
                    rec.respond("")
                keys += keystrokes(rec, line) if kind == "move" else len(line) + 1
                rec.respond(line)
        typed.append(keys)
        by_hand.append(len(body))
        compact.append(hand)
        ratios.append(keys / hand)
    print(f"3. keystrokes to record a 4-player game from one seat, median over {games} "
          f"games: {statistics.median(typed):.0f} with the recorder (numbers, Tab "
          f"completion, Enter at each check), against {statistics.median(compact):.0f} "
          f"characters typed by hand ({statistics.median(by_hand):.0f} in the canonical "
          f"form, with its padding): {statistics.median(ratios):.2f} of hand typing")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--keystroke-games", type=int, default=100)
    args = parser.parse_args()
    waits = part1(args.games)
    part2(waits)
    part3(args.keystroke_games)


if __name__ == "__main__":
    main()
