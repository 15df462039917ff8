"""Issues 16 and 24: a change of the framework changes nothing a user sees.

    python benchmarks/framework_move.py [--before 8835e2f] [--games 200]

Checks out an earlier commit (``--before``) beside this one and compares, byte for byte,
what both write for every sample of every game and for ``--games`` simulated games of
each game (Million Club: 2 to 6 players, both setups; Millionenspiel: 2 to 5 players;
each game's simulated games in one file, played by the earlier commit): ``fmt -``,
``export`` and ``score --json``.  Prints each comparison and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def run(tree: Path, args: list[str], stdin: bytes | None = None) -> bytes:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-m", "mclog.cli", *args], input=stdin,
                          capture_output=True, env=env, cwd=tree)
    return done.stdout + b"\n--- stderr ---\n" + done.stderr + f"\nexit {done.returncode}".encode()


def played(tree: Path, runs: list[list[str]]) -> list[bytes]:
    """The records ``mclog simulate`` of ``tree`` prints for each of ``runs``' options."""
    return [run(tree, ["simulate", *options]).split(b"\n--- stderr ---\n")[0]
            for options in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="8835e2f")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(before), args.before],
                       cwd=ROOT, check=True)
        try:
            for tree in (before, ROOT):  # each run imports its own tree's mclog
                found = subprocess.run([sys.executable, "-c",
                                        "import mclog; print(mclog.__file__)"],
                                       capture_output=True, text=True, cwd=tree,
                                       env=dict(os.environ, PYTHONPATH=str(tree))).stdout
                assert found.startswith(str(tree)), (tree, found)
            many = Path(tmp) / "simulated.mclog"
            many.write_bytes(b"\n".join(played(before, [
                ["--players", str(2 + seed % 5), "--setup",
                 ("standard", "alternative")[seed % 2], "--bots", "greedy,random", "--seed",
                 str(seed)] for seed in range(1, args.games + 1)])))
            other = Path(tmp) / "simulated-millionenspiel.mclog"
            other.write_bytes(b"\n".join(played(before, [
                ["--game", "millionenspiel", "--players", str(2 + seed % 4), "--bots",
                 "chance,random", "--seed", str(seed)] for seed in range(1, args.games + 1)])))
            files = sorted(ROOT.glob("sample_games/**/*.mclog")) + [many, other]
            differences = 0
            for path in files:
                for command in (["fmt", "-"], ["export", str(path)],
                                ["score", "--json", str(path)]):
                    stdin = path.read_bytes() if command[1] == "-" else None
                    old, new = run(before, command, stdin), run(ROOT, command, stdin)
                    same = old == new
                    differences += not same
                    print(f"{'same' if same else 'DIFFERENT':9} {' '.join(command[:2]):12} "
                          f"{path.name} ({len(new):,} bytes)")
            print(f"{differences} differences in {3 * len(files)} comparisons "
                  f"({len(files) - 2} samples and {args.games} simulated games of each "
                  "game)")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
