"""Issue 16: the move to mclog/games/ changed nothing a Million Club user sees.

    python benchmarks/framework_move.py [--before 8835e2f] [--games 200]

Checks out the release before the move (``--before``, a commit) beside this one and
compares, byte for byte, what both write for every Million Club sample and for
``--games`` simulated games (2 to 6 players, both setups, in one file): ``fmt -``,
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
            texts = []
            for seed in range(1, args.games + 1):
                players, setup = 2 + seed % 5, ("standard", "alternative")[seed % 2]
                texts.append(run(before, ["simulate", "--players", str(players), "--setup",
                                          setup, "--bots", "greedy,random", "--seed",
                                          str(seed)]).split(b"\n--- stderr ---\n")[0])
            many.write_bytes(b"\n".join(texts))
            files = sorted(ROOT.glob("sample_games/*.mclog")) + [many]
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
                  f"({len(files) - 1} samples and {args.games} simulated games)")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
