"""Whether the tests pin the rules' boundaries: each comparison in a game's rules flipped
to its neighbour (``<`` and ``<=``, ``>`` and ``>=``), one at a time, and the fast suite
run on it.  A flip no test notices is a boundary the tests never reach (a player with
exactly the price, an industry at exactly level 1) or one no game can reach.

    python benchmarks/rule_mutants.py [--mutants 40] [--seed 0] [--game cartel] [--list]
    python benchmarks/rule_mutants.py --again earlier-run.txt   # (its missed flips only)

``mutation_detection.py`` mutates records and asks whether a replay catches the slip;
this mutates the rules and asks whether a test catches the change ("a test that cannot
fail is a defect").  The comparisons are found by Python's own tokenizer, so none in a
string, a comment or a docstring is taken.  The work is done in a copy of the working
copy's tracked files, in a temporary folder: the working copy is never changed, even by
a run stopped half way.  Each mutant runs ``pytest -m "not slow" -x`` on two workers
(about 40 s on 2 cores; a caught flip stops at its first failure).  The figure printed
is how many flips the suite caught; each survivor is listed with its line, to be pinned
by a test or judged out of reach of any game.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Each comparison and the one it is flipped to: the same test, one step off at the boundary.
FLIPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
SUITE = ["-m", "pytest", "-q", "-x", "-m", "not slow", "-n", "2",
         "--hypothesis-profile=inner", "-p", "no:cacheprovider"]


@dataclass(frozen=True)
class Mutant:
    """The comparison ``old`` at ``line`` (1-based), ``col`` (0-based) of ``path`` (relative
    to the repository), to be written ``new``; ``code``: that line, as the tokenizer read
    it."""

    path: str
    line: int
    col: int
    old: str
    new: str
    code: str

    def applied(self, text: str) -> str:
        lines = text.split("\n")
        row = lines[self.line - 1]
        assert row[self.col:self.col + len(self.old)] == self.old, (self, row)
        lines[self.line - 1] = row[:self.col] + self.new + row[self.col + len(self.old):]
        return "\n".join(lines)

    def where(self) -> str:
        return f"{self.path}:{self.line}: {self.code}  [{self.old} -> {self.new}]"


def mutants(game: str | None) -> list[Mutant]:
    """Every comparison in the rules of every game (or of ``game``'s folder), in order."""
    found = []
    for path in sorted((ROOT / "mclog" / "games").glob("*/rules/*.py")):
        if game and path.parent.parent.name != game:
            continue
        with tokenize.open(path) as f:
            for token in tokenize.generate_tokens(f.readline):
                if token.type == tokenize.OP and token.string in FLIPS:
                    line, col = token.start
                    found.append(Mutant(str(path.relative_to(ROOT)), line, col, token.string,
                                        FLIPS[token.string], token.line.strip()))
    return found


def missed_in(output: str) -> set[tuple[str, str, str]]:
    """(path, code, comparison) of each flip an earlier run's ``output`` says it missed
    (its lines ``  missed: path:line: code  [old -> new]``): by the line's code, not its
    number, so that a line moved since, by a docstring grown above it, is found again."""
    found = set()
    for line in output.splitlines():
        if line.startswith("  missed: "):
            path, _, rest = line[len("  missed: "):].split(":", 2)
            code, _, flip = rest.strip().rpartition("  [")
            found.add((path, code, flip.split(" -> ")[0]))
    return found


def copy_of_working_copy(into: Path) -> None:
    """The tracked files as they are in the working copy (uncommitted edits included)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def suite(copy: Path, timeout: float) -> str:
    """``passed``, ``failed`` or ``timed out``: the fast suite on ``copy``."""
    env = {**os.environ, "PYTHONPATH": str(copy)}   # (before the editable install's finder)
    try:
        done = subprocess.run([sys.executable, *SUITE], cwd=copy, env=env,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timed out"
    return "passed" if done.returncode == 0 else "failed"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=40, help="how many flips to run")
    parser.add_argument("--seed", type=int, default=0, help="which flips (a random sample)")
    parser.add_argument("--game", help="only this game's folder (millionclub, cartel, ...)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds a run may take")
    parser.add_argument("--list", action="store_true", help="list the flips, run nothing")
    parser.add_argument("--again", metavar="OUTPUT",
                        help="run only the flips an earlier run's output says it missed")
    args = parser.parse_args()
    every = mutants(args.game)
    if args.list:
        for m in every:
            print(m.where())
        print(f"{len(every)} comparisons")
        return 0
    if args.again:
        try:
            missed = missed_in(Path(args.again).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            parser.error(f"--again {args.again}: cannot be read ({exc})")
        chosen = [m for m in every if (m.path, m.code, m.old) in missed]
    else:
        chosen = random.Random(args.seed).sample(every, min(args.mutants, len(every)))
    with tempfile.TemporaryDirectory(prefix="mclog-mutants-") as tmp:
        copy = Path(tmp)
        copy_of_working_copy(copy)
        start = time.perf_counter()
        if suite(copy, args.timeout) != "passed":
            print("the fast suite fails on the working copy itself: fix that first")
            return 1
        print(f"{len(chosen)} of {len(every)} comparisons, each run on the fast suite "
              f"(unmutated: {time.perf_counter() - start:.0f} s)")
        survivors = []
        for m in chosen:
            path = copy / m.path
            text = path.read_text(encoding="utf-8")
            path.write_text(m.applied(text), encoding="utf-8")
            try:
                outcome = suite(copy, args.timeout)
            finally:
                path.write_text(text, encoding="utf-8")
            said = {"failed": "caught", "timed out": "caught (timed out)"}.get(outcome, "MISSED")
            print(f"{said:<19}{m.where()}", flush=True)
            if outcome == "passed":
                survivors.append(m.where())
    caught = len(chosen) - len(survivors)
    print(f"\ncaught {caught} of {len(chosen)} flips ({caught / max(1, len(chosen)):.0%})")
    for line in survivors:
        print(f"  missed: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
