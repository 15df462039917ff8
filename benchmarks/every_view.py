"""Every view of every game on the records a table writes: each sample and simulated game,
each seat's view of it (``mclog hide``), prefixes of those (a game stopped, a record not
finished) and one-line slips in them.  A long run, as ``fuzz_long.py`` is (``make fuzz``
runs both); the suite runs the same views on the samples alone.

    python benchmarks/every_view.py [--seeds 2] [--cuts 6] [--game NAME] [--seed 7] [--options]
                                     [--bots random]

``--options`` simulates each game at each value of each of its options too (Million
Club's alternative setup, Joakim's Business Sharks, Cartel's Advanced rules...), one
at a time.  For each record that reads, the game's views are made through ``mclog.protocol.Game``
(the replay text, the score lines, each of six spread steps drawn with its players, the
final text, the report's charts, the corpus rows, the replay widget) and through the
command line (``validate``, ``replay``, ``score`` and ``score --json``, ``fmt`` twice,
which must give the same text, ``export`` and ``import`` back, ``report``); a record that
does not read must be refused in words.  A failure is an exception that is no
``MclogError`` in a view, or the command line's exit 3 (an internal error): each kind is
told once, with the record that raised it written to ``--out`` (default: a folder in
/tmp).  The run fails when one is found.  Prints how many records of each kind were
tried and read, per game.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

os.environ["MCLOG_DEBUG"] = "1"   # (the command line raises what it would call a bug)

import mclog  # noqa: E402
from mclog import games as registry  # noqa: E402
from mclog.cli import main as mclog_main  # noqa: E402
from mclog.errors import MclogError  # noqa: E402
from mclog.record.reading import read_text  # noqa: E402

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from fuzzing import slip  # noqa: E402
from ipywidgets import Widget  # noqa: E402


def command(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``mclog ARGS`` in this process: its exit status, standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    kept = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = mclog_main(args)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdin = kept
    return status, out.getvalue(), err.getvalue()


class Sweep:
    """The failures found, each kind once, with the record that showed it."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.failures: dict[tuple[str, str, str], Path] = {}

    def fail(self, where: str, text: str, problem: str) -> None:
        key = (where, problem.split(":")[0], problem[:80])
        if key in self.failures:
            return
        path = self.out / f"failure-{len(self.failures) + 1}.mclog"
        path.write_text(text, encoding="utf-8")
        self.failures[key] = path
        print(f"FAILURE in {where}: {problem[:300]} (the record: {path})", flush=True)

    def views(self, text: str, folder: Path) -> bool:
        """Every view of each game of ``text`` made through the game's own methods;
        whether a game of it read and replayed."""
        try:
            records = list(read_text(text, str(folder / "g.mclog")))
        except MclogError:
            return False
        replayed = False
        for record in records:
            game = registry.game(record.game) if isinstance(record.game, str) else record.game
            try:
                played = game.replay(record, strict=False, events=True)
            except MclogError:
                continue
            replayed = True
            try:
                count = len(played.steps)
                game.step_texts(played)
                for index in sorted({0, 1, count // 3, count // 2, count - 1, count}):
                    if 0 <= index <= count:
                        game.draw_step(played, index)
                        game.step_players(played, index)
                game.final_text(played)
                game.score_lines(played)
                game.replay_text(played)
                game.report_charts(played)
                game.corpus_rows(played, "g", "g.mclog")
                for row in played.scores():
                    row.as_dict()
                game.replay_widget(played)
                # (closed once made, with every widget inside it: ipywidgets keeps each
                # until it is, and the sweep makes thousands, which held gigabytes)
                Widget.close_all()
                game.unfinished(played)
            except MclogError:
                pass
            except Exception:   # (a view that breaks: what the sweep looks for)
                self.fail(f"{game.name}'s views", text, traceback.format_exc(limit=-3))
        return replayed

    def commands(self, text: str, folder: Path) -> None:
        """The command line's views of ``text``, as a file in ``folder``."""
        path = folder / "g.mclog"
        path.write_text(text, encoding="utf-8")
        runs: list[tuple[list[str], str | None]] = [
            (["validate", str(path)], None), (["replay", str(path)], None),
            (["score", str(path)], None), (["score", "--json", str(path)], None),
            (["fmt", "-"], text), (["export", str(path)], None),
            (["report", "-o", str(folder / "g.html"), str(path)], None)]
        for args, stdin in runs:
            try:
                status, out, err = command(args, stdin)
            except Exception:
                self.fail(f"mclog {args[0]}", text, traceback.format_exc(limit=-3))
                continue
            if status == 3:
                self.fail(f"mclog {args[0]}", text, err)
            elif status == 0 and args[0] == "fmt":
                again = command(["fmt", "-"], out)[1]
                if again != out:
                    self.fail("mclog fmt", text, "fmt of fmt's text is another text")
            elif status == 0 and args[0] == "export":
                exported = folder / "g.json"
                exported.write_text(out, encoding="utf-8")
                status, _, err = command(["import", str(exported)])
                if status != 0:
                    self.fail("mclog import of an export", text, err)


#: Values to try of the options a game takes as free text (``GameOption.choices`` empty),
#: beside each value of the options that list theirs.
FREE_VALUES = {"advanced": ("repurchase, raising, defensive, trading",),
               "limit": ("200",), "cash": ("50",)}


def option_sets(game) -> list[dict[str, str]]:
    """The table without options, then each option of the game at each value other than
    its default, one at a time (``--options``)."""
    sets: list[dict[str, str]] = [{}]
    for option in game.options:
        for value in option.choices or FREE_VALUES.get(option.name, ()):
            if value != option.default:
                sets.append({option.name: value})
    return sets


def bases(names: list[str], seeds: int, options: bool = False,
          bots: str = "random") -> list[tuple[str, str, Path]]:
    """The samples of the games named, and ``seeds`` simulated games of each (2 to 6
    players, as the game allows, played by ``bots``), with each of the game's options too
    (``options``): (game, text, the folder its component files are in)."""
    out = []
    for path in sorted((ROOT / "sample_games").glob("*/*.mclog")):
        record = mclog.read_one(path)
        if record.game in names:
            out.append((record.game, path.read_text(encoding="utf-8"), path.parent))
    for name in names:
        game = registry.game(name)
        for chosen in option_sets(game) if options else [{}]:
            for seed in range(1, seeds + 1):
                players = next(n for n in ((seed % 5) + 2, *range(2, 7)) if n in game.players)
                try:
                    text = game.simulated_text(players, seed, bots, chosen)
                except NotImplementedError:
                    break
                out.append((name, text, ROOT))
    return out


def seat_views(sweep: Sweep, text: str, folder: Path) -> list[str]:
    """Each seat's record of ``text`` (``mclog hide``), where the game hides anything."""
    path = folder / "full.mclog"
    path.write_text(text, encoding="utf-8")
    try:
        players = next(read_text(text, str(path))).players
    except MclogError:
        return []
    views = []
    for name in players:
        status, out, err = command(["hide", "--seat", name, str(path)])
        if status == 3:
            sweep.fail("mclog hide", text, err)
        elif status == 0:
            views.append(out)
    return views


def body_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if line.strip()
            and not line.startswith("[")]


def prefixes(text: str, cuts: int, rng: random.Random) -> list[str]:
    """``cuts`` records of ``text`` stopped after a line of its body chosen at random."""
    lines, body = text.split("\n"), body_lines(text)
    return ["\n".join(lines[:at]) + "\n" for at in sorted(rng.sample(body, min(cuts,
                                                                              len(body))))]


def slips(text: str, cuts: int, rng: random.Random) -> list[str]:
    """``cuts`` records of ``text`` each with one slip in a line of its body, as the
    suite's fuzzing makes them (``tests/fuzzing.py``): a line dropped, written twice or
    swapped with the next, a word made ``?``, a digit changed."""
    body = body_lines(text)
    return [slip(text, rng.randrange(5), rng.choice(body), rng.randrange(50), "?")
            for _ in range(cuts if body else 0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2,
                        help="simulated games of each game, beside its samples")
    parser.add_argument("--cuts", type=int, default=6,
                        help="prefixes and slips of each record and seat's record")
    parser.add_argument("--game", help="only this game (default: every registered one)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--options", action="store_true",
                        help="also simulate each game at each of its options' values")
    parser.add_argument("--out", type=Path, help="where failing records are written")
    parser.add_argument("--bots", default="random",
                        help="the bots of the simulated games, as `mclog simulate --bots` "
                        "takes them (random bots in Joakim seldom reach the billion: "
                        "their games stop at the simulator's 20,000 moves, and take long "
                        "to sweep; its `trader` ends them)")
    args = parser.parse_args()
    names = [registry.game(args.game).name] if args.game else registry.names()
    out = args.out or Path(tempfile.mkdtemp(prefix="every-view-"))
    out.mkdir(parents=True, exist_ok=True)
    sweep, rng = Sweep(out), random.Random(args.seed)
    tried: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    with tempfile.TemporaryDirectory() as tmp:
        every = bases(names, args.seeds, args.options, args.bots)
        for done, (name, text, folder) in enumerate(every, 1):
            work = Path(tmp) / "work"
            work.mkdir(exist_ok=True)
            for component_file in folder.glob("*.json"):   # (a record names its own)
                (work / component_file.name).write_bytes(component_file.read_bytes())
            records = [("whole", text), *(("seat's", v) for v in seat_views(sweep, text, work))]
            for kind, record in list(records):
                records += [(f"{kind} stopped", p) for p in prefixes(record, args.cuts, rng)]
                records += [(f"{kind} with a slip", s) for s in slips(record, args.cuts, rng)]
            for kind, record in records:
                read = sweep.views(record, work)
                tried[name][kind] += 1
                tried[name][f"{kind} read"] += read
                if read or "slip" not in kind:
                    sweep.commands(record, work)
            print(f"{done} of {len(every)} records and their views done ({name})",
                  file=sys.stderr, flush=True)
    for name, counts in tried.items():
        kinds = [k for k in counts if not k.endswith(" read")]
        print(f"{name}: " + ", ".join(f"{counts[k]} {k} ({counts[k + ' read']} replayed)"
                                      for k in kinds))
    print(f"failures: {len(sweep.failures)}" + (f" (records in {out})" if sweep.failures
                                                 else ""))
    sys.exit(1 if sweep.failures else 0)


if __name__ == "__main__":
    main()
