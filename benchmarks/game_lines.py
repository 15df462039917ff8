"""Issue 24's figure: the lines each game folder holds outside its rules, its verb tables
and its drawings, beside the issue's target (about half of what each held when it was
filed).

    python benchmarks/game_lines.py [--then 278f9f0]

A game folder is meant to hold its rules, its notation and its drawings, nothing more;
whatever else it holds is machinery the framework could have given it, or the game's own
analysis.  The lines are every line of the folder's Python files (docstrings and comments
too: a game's author writes and keeps them), now and at a commit (by default the one main
stood at when the issue was filed).  A file is sorted by where it stands and what it
is named, as ``kind`` says; every other file is "the rest", the figure.  Charts
(plotly figures, SVG charts) are drawings too, but are shown apart, since a reader may
count them either way.
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "mclog" / "games"

#: The kind of a file by its name (a file under ``rules/`` is of the rules, and a kit
#: game's ``notation.py`` is its verb table); every other file is the rest.
KINDS = {"verbs.py": "verbs", "vocabulary.py": "verbs", "draw.py": "drawing",
         "board_svg.py": "drawing", "board.py": "drawing", "charts.py": "charts",
         "viz.py": "charts"}
COLUMNS = ("rules", "verbs", "drawing", "charts", "rest")

#: The commit main stood at when issue 24 was filed (its target: about half the rest then).
FILED = "278f9f0"


def kind(path: Path, folder: Path) -> str:
    """The kind of the game file ``path``: one of ``COLUMNS``."""
    parts = path.relative_to(folder).parts
    if parts[0] == "rules":
        return "rules"
    if parts == ("notation.py",):
        return "verbs"
    return KINDS.get(path.name, "rest")


def counted(folder: Path, commit: str | None = None) -> dict[str, int]:
    """The lines of each kind of file in a game folder, now or at ``commit`` (git)."""
    lines = dict.fromkeys(COLUMNS, 0)
    for path, text in _files(folder, commit):
        lines[kind(path, folder)] += len(text.splitlines())
    return lines


def _files(folder: Path, commit: str | None):
    if commit is None:
        for path in sorted(folder.rglob("*.py")):
            yield path, path.read_text(encoding="utf-8")
        return
    inside = folder.relative_to(ROOT).as_posix()
    names = _git("ls-tree", "-r", "--name-only", commit, inside).split()
    for name in names:
        if name.endswith(".py"):
            yield ROOT / name, _git("show", f"{commit}:{name}")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--then", default=FILED,
                        help=f"the commit to compare with (default {FILED}, the filing)")
    then = parser.parse_args().then
    print(f"{'game':16}" + "".join(f"{k:>{max(7, len(k) + 2)}}" for k in COLUMNS)
          + f"   the rest at {then}, and the target")
    for folder in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists()):
        lines, filed = counted(folder), counted(folder, then)["rest"]
        aim = (f"{filed:,} -> about {filed // 2:,}; now {lines['rest'] / filed:.2f}x of then"
               if filed else "(no such folder then)")
        print(f"{folder.name:16}" + "".join(
            f"{lines[k]:>{max(7, len(k) + 2)},}" for k in COLUMNS) + f"   {aim}")


if __name__ == "__main__":
    main()
