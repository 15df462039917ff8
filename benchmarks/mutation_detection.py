"""Issue 6's mutation-detection figure: how many one-line slips a replay catches.

    python benchmarks/mutation_detection.py [--mutations 10000] [--seed 0]

Each sample record gets single-line mutations (a line deleted, duplicated,
swapped with its neighbour, a word replaced by another word of the records, a
number changed).  Mutations that leave the same game (the same table, moves and
reveal once parsed: a change inside a comment or to a checkpoint that still
holds, two identical lines swapped) are not counted; others are drawn until ``--mutations`` are counted.  Each is then:

* rejected at the mutated line or earlier,
* rejected later (a checkpoint, the reveal, or the end of the record), or
* replayed silently as a different legal, complete game.

The whole is done twice: on the samples as written (with their checkpoints and
reveals) and with every ``check`` line removed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from mclog import MclogError, RecordError, replay  # noqa: E402
from mclog.record.reading import read_text  # noqa: E402

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))


def mutate(text: str, rng: random.Random, words: list[str]) -> tuple[str, int]:
    """One single-line mutation; returns the text and the last line it touched (1-based)."""
    lines = text.split("\n")
    while True:
        i = rng.randrange(len(lines))
        kind = rng.randrange(5)
        new = list(lines)
        if kind == 0:
            del new[i]
            return "\n".join(new), i + 1
        if kind == 1:
            new.insert(i, lines[i])
            return "\n".join(new), i + 2
        if kind == 2 and i + 1 < len(lines):
            new[i], new[i + 1] = lines[i + 1], lines[i]
            return "\n".join(new), i + 2
        if kind == 3 and lines[i].split():
            parts = lines[i].split(" ")
            spots = [k for k, w in enumerate(parts) if w]
            parts[rng.choice(spots)] = rng.choice(words)
            new[i] = " ".join(parts)
            return "\n".join(new), i + 1
        if kind == 4 and any(c.isdigit() for c in lines[i]):
            ks = [k for k, c in enumerate(lines[i]) if c.isdigit()]
            k = rng.choice(ks)
            new[i] = lines[i][:k] + str((int(lines[i][k]) + rng.randrange(1, 10)) % 10) \
                + lines[i][k + 1:]
            return "\n".join(new), i + 1


def outcome(text: str, original, touched: int) -> str | None:
    try:
        records = list(read_text(text))
    except RecordError as exc:
        return "at or before" if exc.line <= touched else "later"
    if len(records) == len(original) and all(
            _game(a) == _game(b) for a, b in zip(records, original)):
        return None  # the same game (comments and checkpoints are not the game)
    try:
        for record in records:
            game = replay(record)
            if not game.complete:
                return "later"  # the record ends before the game does
    except RecordError as exc:
        return "at or before" if exc.line <= touched else "later"
    except MclogError:
        return "later"
    return "silent"


def _game(record) -> tuple:
    """What makes a game: its table, its moves and its reveal."""
    return (record.table, record.moves,
            [e for e in record.entries if type(e).__name__ == "RevealEntry"])


def measure(texts: list[str], n: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    words = sorted({w for t in texts for w in t.replace(",", " ").split()})
    originals = [list(read_text(t)) for t in texts]
    counts = {"at or before": 0, "later": 0, "silent": 0}
    tried = 0
    while sum(counts.values()) < n:
        k = rng.randrange(len(texts))
        text, touched = mutate(texts[k], rng, words)
        tried += 1
        result = outcome(text, originals[k], touched)
        if result is not None:
            counts[result] += 1
    counts["same game (not counted)"] = tried - n
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutations", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with_checks = [p.read_text() for p in SAMPLES]
    without = ["\n".join(line for line in t.split("\n") if not line.startswith("check"))
               for t in with_checks]
    for name, texts in (("with checkpoints", with_checks), ("without checkpoints", without)):
        counts = measure(texts, args.mutations, args.seed)
        n = args.mutations
        print(f"{name}: {n:,} mutations that change the game")
        for key in ("at or before", "later", "silent"):
            print(f"  {key:<22} {counts[key]:6,}  {100 * counts[key] / n:5.1f}%")
        print(f"  ({counts['same game (not counted)']:,} more left the same game)")


if __name__ == "__main__":
    main()
