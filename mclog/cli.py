"""The ``mclog`` command: validate, replay, score, fmt and export records.

Errors go to stderr, one per line, as ``file:line:col: message`` (the form
editors understand); the exit status is 0 only when everything was fine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields
from pathlib import Path

from .errors import MclogError, RecordError
from .record.files import Comparison, FileError, iter_lines, read_source, replacing, write_new
from .millionclub.board import DISC_NAMES
from .millionclub.cards import INDUSTRY_TYPES
from .millionclub.flow import describe_decision
from .millionclub.reader import iter_lenient, read_bytes_lenient, unnumbered
from .millionclub.replayer import GameReplay, replay
from .millionclub.scoring import CATEGORIES, CATEGORY_NAMES
from .millionclub.seat_view import seat_view
from .millionclub.record import Marker
from .millionclub.writer import kept_entries, to_json, write


def _shown(text: str) -> str:
    """Text from a record, safe to print on a terminal: control characters (an escape
    sequence in a name or a tag) are shown as ``\x1b`` rather than obeyed."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _err(message: str) -> None:
    print(_shown(message), file=sys.stderr)


def _say(text: str) -> None:
    print(_shown(text))


def cmd_validate(args) -> int:
    """Replay every game of every file, one game at a time, and report each file on its
    own (a file that cannot be read does not stop the others)."""
    bad = 0
    for path in args.files:
        games = errors = 0
        for item in _each(path, strict=not args.lenient):
            found = [item] if isinstance(item, MclogError) else _checked(item, args)
            games += not isinstance(item, MclogError)
            errors += len(found)
            for e in found:
                _err(str(e))
        bad += errors
        if not errors:
            name = "<stdin>" if path == "-" else path
            _say(f"{name}: {games} game{'s' if games != 1 else ''} OK")
    return 1 if bad else 0


def _checked(game: GameReplay, args) -> list[MclogError]:
    """What ``validate`` finds in one replayed game: its errors, its warnings (printed
    here, or errors with ``--strict``), and an unfinished game without ``--partial``."""
    errors: list[MclogError] = list(game.errors)
    for w in game.warnings:
        if args.strict:
            errors.append(w)
        else:
            _err(f"{w.located().replace(': ', ': warning: ', 1)}")
    if not game.complete and not args.partial:
        state = game.replay.current
        line = game.steps[-1].line if game.steps else game.record.start_line
        errors.append(game.record.error(
            f"the record ends in round {state.round} (next: {describe_decision(state)}); a "
            "complete game ends after round 9 (use --partial to accept games in progress)",
            line, 1, code="incomplete"))
    return errors


def cmd_replay(args) -> int:
    status = 0
    for item in _each(args.file):
        if isinstance(item, MclogError):
            _err(str(item))
            status = 1
        else:
            _say(_render_replay(item))
    return status


def _render_replay(game: GameReplay) -> str:
    """The game round by round: each line of moves, then the money and prices it changed.

    Money changes come from the game's events (``mclog.millionclub.events``), so what the
    rules do on their own (the Stock Exchange settlement) is shown on a line of its own
    rather than credited to the move before it.
    """
    from .millionclub.events import events

    names = game.record.table.names
    out = [f"{game.record.tags.get('Event', 'Game')}: {', '.join(names)}"]
    automatic: dict[int, list] = {}
    own: dict[int, list] = {}
    for e in events(game)[1:]:
        (automatic if e.automatic else own).setdefault(e.step, []).append(e)
    states = game.replay.states()
    before = next(states)
    key = None
    lines: list[str] = []
    money = [0] * len(names)

    def flush(after) -> None:
        if lines:
            out.append(_group_text(key, lines, _changes(before_group, after, names, money)))

    before_group = before
    heading = None
    for step, after in zip(game.steps, states):
        k = (step.round, step.label, step.disc)
        if k != key:
            flush(before)
            if step.round != heading:
                out.append(f"\nRound {step.round}" if step.round else "\nSetup")
                heading = step.round
            key, lines, money, before_group = k, [], [0] * len(names), before
        lines.append(step.text)
        for e in own.get(step.index, []):
            money = [m + d for m, d in zip(money, e.money)]
        for e in automatic.get(step.index, []):
            flush(after)
            out.append(_group_text((step.round, "rules", None), [e.cause],
                                   _changes(after, after, names, e.money)))
            key, lines, money, before_group = None, [], [0] * len(names), after
        before = after
    flush(before)
    if game.final.finished:
        out.append("\nFinal scores: " + ", ".join(
            f"{r.name} {r.total}" for r in sorted(game.scores(), key=lambda r: r.rank)))
    return "\n".join(out)


def _group_text(key, moves: list[str], changes: str) -> str:
    _, label, disc = key
    title = DISC_NAMES.get(disc, label) if label == "privilege" else label
    text = f"  {title:<11} {'; '.join(moves)}"
    return text + (f"\n  {'':<11} -> {changes}" if changes else "")


def _changes(before, after, names, money) -> str:
    parts = [f"{name} {delta:+d}" for name, delta in zip(names, money) if delta]
    for kind in INDUSTRY_TYPES:
        if after.prices[kind] != before.prices[kind]:
            parts.append(f"{kind} {before.prices[kind]}->{after.prices[kind]}")
    return ", ".join(parts)


def cmd_score(args) -> int:
    """The score table of each game, as the file is read.  ``--json``: an array with one
    array of rows per game (the same shape for one game or many)."""
    status = 0
    opened = False
    for item in _each(args.file):
        if isinstance(item, MclogError):
            _err(str(item))
            status = 1
            continue
        if args.json:
            sys.stdout.write(",\n" if opened else "[\n")
            sys.stdout.write(json.dumps([row.as_dict() for row in item.scores()], indent=2))
            opened = True
        else:
            _score_table(item)
    if args.json:
        sys.stdout.write("\n]\n" if opened else "[]\n")
    return status


def _score_table(game: GameReplay) -> None:
    """One game's score table on the terminal, with ranges where unknown colonies leave
    the points open."""
    rows = game.scores()
    if not game.complete:
        print(f"(provisional: the record ends in round {game.replay.current.round})")
    headers = ["", *[CATEGORY_NAMES[c] for c in CATEGORIES], "Total", "Money", "Rank"]
    table = [[r.name, *[_points(r, c) for c in CATEGORIES], _points(r, "total"),
              str(r.money), str(r.rank)] for r in rows]
    widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
    _say("  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in
                    enumerate(zip(headers, widths))))
    for row in table:
        _say("  ".join(v.rjust(w) if i else v.ljust(w) for i, (v, w) in
                        enumerate(zip(row, widths))))
    if not all(r.exact for r in rows):
        print("(a range such as 12-15: the points depend on colonies not revealed yet)")


def _points(row, category: str) -> str:
    """A score cell: the points, or their range where unknown colonies could change them."""
    if category in row.ranges:
        lo, hi = row.ranges[category]
        return f"{lo}-{hi}"
    return str(getattr(row, category))


def cmd_fmt(args) -> int:
    """Rewrite each file in canonical form, game by game as it is read (``_fmt``)."""
    status = 0
    for path in args.files:
        try:
            status |= _fmt(path, args.check)
        except MclogError as exc:
            _err(str(exc))
            status = 1
    return status


def _fmt(path: str, check: bool) -> int:
    """Format one file: each game is replayed and written in canonical form as the file is
    read, to a temporary file beside it (``--check``: only compared with it), so memory
    holds one game whatever the file's size; the file is replaced only if it had no
    mistake, changes, and the temporary reads back as the same games (``_same_games``).
    Standard input is written to standard output once all of it is read."""
    if path == "-":
        texts = []
        for item in _each(path):
            if isinstance(item, MclogError):
                _err(str(item))
                return 1
            texts.append(write(item.record, item))
        sys.stdout.write("\n".join(texts))
        return 0
    errors = 0
    fingerprints: list[bytes] = []
    with (Comparison(path) if check else replacing(path)) as new:
        for item in _each(path):
            if isinstance(item, MclogError):
                _err(str(item))
                errors += 1
            elif not errors:  # (after a mistake, the rest is only checked)
                new.write(("\n" if fingerprints else "") + write(item.record, item))
                fingerprints.append(_fingerprint(item.record.tags, _kept(item)))
        if errors:
            _err(f"{path}: not formatted: the record has mistakes (the file is unchanged)")
            return 1
        if new.unchanged():
            return 0
        if check:
            _err(f"{path}: not in canonical form (run: mclog fmt {path})")
            return 1
        new.commit(verify=_same_games(path, fingerprints))
    _say(f"{path}: formatted")
    return 0


def _kept(game: GameReplay) -> list:
    """What ``fmt`` writes of a record (``writer.kept_entries``), as a record compares."""
    return [e for e in kept_entries(game.record, game.redundant) if not isinstance(e, Marker)]


def _fingerprint(tags: dict[str, str], entries: list) -> bytes:
    """A digest of a record as records compare (tags, and each entry's compared fields),
    so that ``fmt`` can check the games it wrote without holding them."""
    digest = hashlib.sha256(repr(sorted(tags.items())).encode())
    for e in entries:
        digest.update(repr((type(e).__name__, *(getattr(e, f.name) for f in fields(e)
                                                 if f.compare))).encode())
    return digest.digest()


def _same_games(path: str, fingerprints: list[bytes]):
    """What ``fmt`` checks before it replaces a file: the text it wrote (read as it goes)
    reads back to the same records (every move, check, reveal and comment, less the
    redundant items), and they replay."""
    def verify(written: str) -> None:
        same = True
        count = 0
        for count, item in iter_lenient(iter_lines(written), path):
            same = (not isinstance(item, RecordError) and count <= len(fingerprints)
                    and _fingerprint(item.tags, item.content) == fingerprints[count - 1])
            if same:
                try:
                    replay(item)
                except RecordError:
                    same = False
            if not same:
                break
        if not same or count != len(fingerprints):
            raise FileError(f"{path}: not formatted: the canonical form would not read back "
                            "as the same record (a comment or an item would be lost or "
                            "changed); the file is unchanged. Please report this record.")
    return verify


def _each(path: str, strict: bool = True) -> Iterator[GameReplay | MclogError]:
    """Each game of the file ``path`` (``-``: standard input) replayed, or each error, as
    the file is read: one game at a time, so that memory does not grow with the number of
    games.  A path is always a path, never record text.  An error in a file's only game
    is not numbered (game 1's are held until a second game shows that the file has
    several)."""
    name = "<stdin>" if path == "-" else path
    held: list[GameReplay | MclogError] = []
    number = 0
    try:
        for number, item in iter_lenient(iter_lines(path), name):
            if not isinstance(item, RecordError):
                try:
                    item = replay(item, strict=strict)
                except RecordError as exc:
                    item = exc
            if number == 1:
                held.append(item)
                continue
            yield from held
            held = []
            yield item
    except (FileError, RecordError) as exc:  # the file cannot be read on
        held.append(exc)
    if number == 0 and not held:
        held.append(FileError(f"{name}: no game in this file (a game starts with its tags, "
                              '[Players "..."])'))
    for item in held:
        yield unnumbered(item) if number == 1 and isinstance(item, RecordError) else item


def _checked_first(path: str, problem=None) -> Iterator[GameReplay] | None:
    """The games of ``path`` for a command that prints nothing if any game has a mistake
    (``problem(game)``: a further mistake, as a message, or None): the file is checked
    one game at a time, then read again as it is printed, so memory holds one game
    (standard input, which can be read only once, is held).  None, once the mistakes are
    reported."""
    def mistake(item: GameReplay | MclogError) -> MclogError | None:
        if isinstance(item, MclogError):
            return item
        message = problem(item) if problem else None
        return FileError(message) if message else None

    held = list(_each(path)) if path == "-" else None
    errors = [e for e in map(mistake, held if held is not None else _each(path)) if e]
    for e in errors:
        _err(str(e))
    if errors:
        return None
    return _games_only(held if held is not None else _each(path))


def _games_only(items: Iterable[GameReplay | MclogError]) -> Iterator[GameReplay]:
    """The games of a file checked already (a mistake now: the file changed meanwhile)."""
    for item in items:
        if isinstance(item, MclogError):
            raise item
        yield item


def cmd_hide(args) -> int:
    """The record as the player in one seat would have written it (``seat_view``), game by
    game as the file is read."""
    def not_at_table(game: GameReplay) -> str | None:
        names = game.record.table.names
        if args.seat in names:
            return None
        where = f"{args.file}: game {game.record.number}" if game.record.number > 1 \
            else args.file
        return f"{where}: {args.seat!r} is not a player of this game: the players are " \
               f"{', '.join(names)}"

    games = _checked_first(args.file, not_at_table)
    if games is None:
        return 1
    for i, game in enumerate(games):
        hidden = seat_view(game, game.record.table.names.index(args.seat))
        sys.stdout.write(("\n" if i else "") + write(hidden))
    return 0


def cmd_export(args) -> int:
    """The records as JSON, as the file is read: one shape for one game or many, an array
    of records (as ``score --json`` gives an array of score tables); ``import`` reads an
    array or a single record.  Nothing is printed for a file with a mistake."""
    games = _checked_first(args.file)
    if games is None:
        return 1
    sys.stdout.write("[\n")
    for i, game in enumerate(games):
        sys.stdout.write((",\n" if i else "") + json.dumps(to_json(game.record), indent=1,
                                                            ensure_ascii=False))
    sys.stdout.write("\n]\n")
    return 0


def cmd_import(args) -> int:
    """A JSON record (``export``'s form) as .mclog text, checked (``json_import.py``);
    the text is printed only once it reads back as the same records."""
    from .millionclub.json_import import MAX_JSON, records_from_json

    name = "<stdin>" if args.file == "-" else args.file
    records = records_from_json(read_source(args.file, MAX_JSON, "a JSON record"), name)
    text = write(records)
    back, errors = read_bytes_lenient(text.encode("utf-8"), name)
    if errors or back != records:
        _err(f"{name}: the record cannot be written as .mclog text that reads back the same "
             "(please report this file)")
        return 1
    sys.stdout.write(text)
    return 0


def cmd_simulate(args) -> int:
    """Play games with bots and write each as a canonical record."""
    from multiprocessing import get_context

    from tqdm import tqdm

    from .millionclub.bots import make_bot
    from .millionclub.simulator import _simulated_text

    for name in args.bots.split(","):
        make_bot(name.strip() or "random")  # an unknown name fails before any game is played
    seeds = range(args.seed, args.seed + args.games)
    jobs = [(args.players, args.setup, args.bots, seed) for seed in seeds]
    out = Path(args.out) if args.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    bar = tqdm(total=len(jobs), unit="game", disable=args.games < 2 or None, file=sys.stderr)
    texts: dict[int, str] = {}
    if args.jobs > 1 and len(jobs) > 1:
        with get_context("spawn").Pool(args.jobs) as pool:
            for seed, text in pool.imap_unordered(_simulated_text, jobs, chunksize=8):
                texts[seed] = text
                bar.update()
    else:
        for job in jobs:
            seed, text = _simulated_text(job)
            texts[seed] = text
            bar.update()
    bar.close()
    for seed in seeds:
        if out:
            write_new(str(out / f"game-{args.players}p-{seed:06d}.mclog"), texts[seed])
        else:
            sys.stdout.write(texts[seed] + ("\n" if seed != seeds[-1] else ""))
    if out:
        print(f"{len(jobs)} games written to {out}/", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mclog", description="Record, replay and analyse games "
                                "of Million Club (.mclog records).")
    from . import __version__

    p.add_argument("--version", action="version", version=f"mclog {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="replay every game; exit 0 when all are legal")
    v.add_argument("files", nargs="+")
    v.add_argument("--lenient", action="store_true",
                   help="report every failed check, not just the first")
    v.add_argument("--partial", action="store_true", help="accept games still in progress")
    v.add_argument("--strict", action="store_true",
                   help="count warnings (items that decline a question never asked) as errors")
    v.set_defaults(func=cmd_validate)
    r = sub.add_parser("replay", help="print the game round by round")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("score", help="print the final score table by category, with ranks")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_score)
    f = sub.add_parser("fmt", help="rewrite records in canonical form")
    f.add_argument("files", nargs="+")
    f.add_argument("--check", action="store_true",
                   help="change nothing; exit 1 if a file is not canonical")
    f.set_defaults(func=cmd_fmt)
    h = sub.add_parser("hide", help="print the record as the player in one seat would have "
                                    "written it: ? for every card that seat did not see")
    h.add_argument("--seat", required=True, help="the player's name, as in the Players tag")
    h.add_argument("file")
    h.set_defaults(func=cmd_hide)
    e = sub.add_parser("export", help="print the record as JSON")
    e.add_argument("file")
    e.add_argument("--json", action="store_true", default=True, help="(the default)")
    e.set_defaults(func=cmd_export)
    i = sub.add_parser("import", help="print a JSON record (from export) as .mclog text")
    i.add_argument("file")
    i.set_defaults(func=cmd_import)
    m = sub.add_parser("simulate", help="play games with bots and write their records")
    m.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N")
    m.add_argument("--setup", choices=["standard", "alternative"], default="standard")
    m.add_argument("--bots", default="random",
                   help="bots by seat, e.g. greedy,random (the last one fills the table)")
    m.add_argument("--seed", type=int, required=True)
    m.add_argument("--games", type=int, default=1)
    m.add_argument("--out", help="folder for one .mclog per game (default: print them)")
    m.add_argument("--jobs", type=int, default=1, help="processes to use (e.g. 2)")
    m.set_defaults(func=cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except MclogError as exc:
        _err(str(exc))
        return 1
    except OSError as exc:
        _err(f"{getattr(exc, 'filename', '') or 'mclog'}: {exc.strerror or exc}")
        return 1
    except json.JSONDecodeError as exc:
        _err(f"{args.file}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}")
        return 1
    except ValueError as exc:  # an unknown bot name
        _err(f"mclog: {exc}")
        return 2
    except KeyboardInterrupt:
        _err("mclog: interrupted")
        return 130
    except Exception as exc:  # a bug in mclog itself: say so in one line, no traceback
        if os.environ.get("MCLOG_DEBUG"):
            raise
        _err(f"mclog: internal error ({type(exc).__name__}: {exc}); this is a bug in mclog, "
             "please report it with the record (MCLOG_DEBUG=1 shows the details)")
        return 3


if __name__ == "__main__":
    sys.exit(main())
