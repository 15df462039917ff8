"""The ``mclog`` command: validate, replay, score, fmt and export records of any game.

Each game of a file is read and played by the game its ``[Game]`` tag names (through the
registry, ``mclog.games``; the command line imports no game itself).  Errors go to
stderr, one per line, as ``file:line:col: message`` (the form editors understand); the
exit status is 0 only when everything was fine.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import gc
import io
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, NoReturn

from . import games, seat_refusal, seat_view
from .arguments import processes, whole
from .errors import MclogError, RecordError, ReviewError, readable
from .printable import counted, printable
from .protocol import Game, Played, without_redundant
from .record.files import (
    MAX_STREAM, Comparison, FileError, check_not_replacing, check_writable, iter_lines, lines_of,
    parting, read_source, replacing, utf8_text, write_new,
)
from .lazy import LazyModule
from .record.names import not_a_player, numbered, seat_named
from .record.reading import iter_lenient, recorded_game, unnumbered

#: Imported when a command first reads or writes JSON: ``mclog validate`` and most
#: commands need neither (issue 29, instant start).
json = LazyModule("json")
json_form = LazyModule("mclog.record.json_form")


def _err(message: str) -> None:
    print(printable(readable(message)), file=sys.stderr)


def _say(text: str) -> None:
    print(printable(text))


def cmd_validate(args) -> int:
    """Replay every game of every file, one game at a time, and report each file on its
    own (a file that cannot be read does not stop the others)."""
    bad = 0
    for path in args.files:
        games = errors = 0
        for index, (item, several) in enumerate(_with_several(
                _each(path, strict=not args.lenient))):
            found = [item] if isinstance(item, MclogError) else \
                _checked(item, args, numbered=several and index == 0)
            games += not isinstance(item, MclogError)
            errors += len(found)
            for e in found:
                _err(str(e))
        bad += errors
        if not errors:
            name = "<stdin>" if path == "-" else path
            _say(f"{name}: {counted(games, 'game')} OK")
    return 1 if bad else 0


def _checked(game: Played, args, numbered: bool = False) -> list[MclogError]:
    """What ``validate`` finds in one replayed game: its errors, its warnings (printed
    here, or errors with ``--strict``), and an unfinished game without ``--partial``.
    ``numbered``: the game is game 1 of a file of several (``game 1:``)."""
    errors: list[MclogError] = list(game.errors)
    for w in game.warnings:
        if args.strict:
            errors.append(w)
        else:
            _err(w.located(warning=True))
    if not game.complete and not args.partial:
        line = game.steps[-1].line if game.steps else game.record.start_line
        unfinished = game.record.error(
            f"{_game(game).unfinished(game)} (use --partial to accept games in progress)",
            line, 1, code="incomplete")
        errors.append(numbered_one(unfinished) if numbered else unfinished)
    return errors


def cmd_replay(args) -> int:
    status = 0
    shown = False
    for item, several in _with_several(_each(args.file, events=True)):
        if isinstance(item, MclogError):
            _err(str(item))
            status = 1
            continue
        if several:   # (a heading names each game of a file of several)
            _say(_heading(item, shown))
        _say(_game(item).replay_text(item))
        shown = True
    return status


def _heading(item: Played, after_another: bool) -> str:
    """The line that names a game of a file of several, before its table or its replay:
    ``game 2: Cartel, Sunday duel`` (a blank line before it when a game came before)."""
    event = item.record.tags.get("Event")
    return (("\n" if after_another else "") + f"game {item.record.number}: "
            f"{_game(item).name}{', ' + event if event else ''}")


def cmd_score(args) -> int:
    """The score table of each game, as the file is read.  ``--json``: an array with one
    array of rows per game (the same shape for one game or many); each row of a game the
    record stops in before its end has ``"provisional": true``."""
    status = 0
    opened = shown = False
    for item, several in _with_several(_each(args.file)):
        if isinstance(item, MclogError):
            _err(str(item))
            status = 1
            continue
        if args.json:
            sys.stdout.write(",\n" if opened else "[\n")
            # (a game the record stops in before its end is scored where it stops: each
            # row says so, as the table's first line does)
            said = {} if item.complete else {"provisional": True}
            sys.stdout.write(json.dumps([row.as_dict() | said for row in item.scores()],
                                        indent=2))
            opened = True
        else:
            if several:   # (a heading names each game of a file of several)
                _say(_heading(item, shown))
            for line in _game(item).score_lines(item):
                _say(line)
            shown = True
    if args.json:
        sys.stdout.write("\n]\n" if opened else "[]\n")
    return status


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
        return _fmt_stdin(check)
    errors = 0
    fingerprints: list[bytes] = []
    left_out: list[RecordError] = []
    with (Comparison(path) if check else replacing(path)) as new:
        for item in _each(path):
            if isinstance(item, MclogError):
                _err(str(item))
                errors += 1
            elif not errors:  # (after a mistake, the rest is only checked)
                text, fingerprint = _canonical(item)
                new.write(("\n" if fingerprints else "") + text)
                fingerprints.append(fingerprint)
                left_out += item.warnings
        if errors:
            _err(f"{path}: not formatted: the record has mistakes (the file is unchanged)")
            return 1
        if new.unchanged():
            return 0
        if isinstance(new, Comparison):   # (--check)
            _say_left_out(left_out, "fmt leaves it out")
            _err(f"{path}: not in canonical form: {new.difference} (run: mclog fmt {path})")
            return 1
        new.commit(verify=_same_games(path, fingerprints))
    _say_left_out(left_out, "left out")
    _say(f"{path}: formatted")
    return 0


def _say_left_out(warnings: list[RecordError], note: str) -> None:
    """Each item the canonical form leaves out (one that declines a question never asked:
    ``Played.warnings``), said as ``validate`` says it, with ``note``: the record loses
    it in words, as ``import`` says it too, never in silence."""
    for warning in warnings:
        _err(f"{warning.located(warning=True)} ({note})")


def _game(played: Played) -> Game:
    """The game a replayed record is of."""
    return games.game(played.record.game)


def _fmt_stdin(check: bool) -> int:
    """``fmt -``: standard input written to standard output in canonical form, once all of
    it is read; with ``--check``, only compared with it (read whole first, since it cannot
    be read twice), and said where they part."""
    read = sys.stdin.buffer.read(MAX_STREAM + 1) if check else None
    canonical = []
    left_out: list[RecordError] = []
    for item in _each("-", lines=None if read is None else lines_of(read, "<stdin>")):
        if isinstance(item, MclogError):
            _err(str(item))
            return 1
        canonical.append(_canonical(item))
        left_out += item.warnings
    if read is None:
        _print_once_read_back(canonical, "<stdin>", "not formatted")
        _say_left_out(left_out, "left out")
        return 0
    difference = parting(read, "\n".join(text for text, _ in canonical).encode("utf-8"))
    if difference is not None:
        _say_left_out(left_out, "fmt leaves it out")
        _err(f"<stdin>: not in canonical form: {difference} (mclog fmt - writes it)")
        return 1
    return 0


def _canonical(played: Played) -> tuple[str, bytes]:
    """The canonical text of a replayed game, and the fingerprint of the record it must
    read back to (``_reads_back``)."""
    game = _game(played)
    return (game.write(played.record, played),
            _fingerprint(played.record.tags, game.kept(played)))


def _print_once_read_back(canonical: list[tuple[str, bytes]], name: str, doing: str) -> None:
    """Print the games' canonical texts (``_canonical``'s, in order) once they read back as
    the same records, as a file is replaced only then; else a ``FileError`` (``doing``:
    what was not done) and nothing printed."""
    text = "\n".join(text for text, _ in canonical)
    _reads_back(lines_of(text.encode("utf-8"), name), name,
                [fingerprint for _, fingerprint in canonical], left="nothing is printed",
                doing=doing)
    sys.stdout.write(text)


def _fingerprint(tags: dict[str, str], entries: list) -> bytes:
    """A digest of a record as records compare (tags, and each entry's compared fields),
    so that ``fmt`` can check the games it wrote without holding them."""
    import hashlib

    digest = hashlib.sha256(repr(sorted(tags.items())).encode())
    for e in entries:
        digest.update(repr((type(e).__name__, *(getattr(e, f.name) for f in fields(e)
                                                 if f.compare))).encode())
    return digest.digest()


def _same_games(path: str, fingerprints: list[bytes]):
    """What ``fmt`` checks before it replaces a file: the temporary it wrote reads back to
    the same records (``_reads_back``)."""
    def verify(temporary: str) -> None:
        _reads_back(iter_lines(temporary), path, fingerprints)
    return verify


def _reads_back(lines: Iterable[str], path: str, fingerprints: list[bytes],
                left: str = "the file is unchanged", doing: str = "not formatted") -> None:
    """That the canonical text ``fmt`` wrote of ``path`` (its ``lines``, read as they
    come) reads back to the same records (every move, check, reveal and comment, less the
    redundant items: ``fingerprints``), and that they replay; a ``FileError`` that says
    why not otherwise (``doing``: what was then not done), and what is ``left``."""
    same = True
    count = 0
    unread: RecordError | None = None   # (why the text did not read back, if it did not)
    for count, item in iter_lenient(lines, path):
        if isinstance(item, RecordError):
            unread = item
        same = (unread is None and count <= len(fingerprints)
                and _fingerprint(item.tags, item.content) == fingerprints[count - 1])
        if same:
            try:
                games.game(item.game).replay(item)
            except RecordError:
                same = False
        if not same:
            break
    if unread is not None and unread.code == "too-large":   # (the record's, not a bug)
        raise FileError(f"{path}: {doing}: the canonical form of game {count} would "
                        f"be too large to read back ({unread.reason}): it spaces out what "
                        f"the record writes close together; {left}")
    if not same or count != len(fingerprints):
        raise FileError(f"{path}: {doing}: the canonical form would not read back "
                        "as the same record (a comment or an item would be lost or "
                        f"changed); {left}. Please report this record.")


def _with_several(items: Iterator[Played | MclogError]
                  ) -> Iterator[tuple[Played | MclogError, bool]]:
    """Each of ``items`` (``_each``'s) with whether there are several: the first is given
    once the second is read, or the file is done (two games held at once, not all)."""
    first = next(items, None)
    if first is None:
        return
    second = next(items, None)
    yield first, second is not None
    if second is not None:
        yield second, True
        for item in items:
            yield item, True


def _each(path: str, strict: bool = True, events: bool = False,
          lines: Iterator[str] | None = None) -> Iterator[Played | MclogError]:
    """Each game of the file ``path`` (``-``: standard input) replayed, or each error, as
    the file is read: one game at a time, so that memory does not grow with the number of
    games.  A path is always a path, never record text.  An error in a file's only game
    is not numbered (game 1's are held until a second game shows that the file has
    several).  ``events``: for a command that prints the games' events (``Game.replay``).
    ``lines``: the file's lines where they were read already (``lines_of``)."""
    name = "<stdin>" if path == "-" else path
    held: list[Played | MclogError] = []
    number = 0
    try:
        for number, item in iter_lenient(iter_lines(path) if lines is None else lines, name):
            if not isinstance(item, RecordError):
                try:
                    item = games.game(item.game).replay(item, strict=strict, events=events)
                except RecordError as exc:
                    item = exc
            if number == 1:
                held.append(item)
                continue
            yield from map(_of_game_one, held)   # (the file holds several games)
            held = []
            yield item
    except (FileError, RecordError) as exc:  # the file cannot be read on
        held.append(exc)
    if number == 0 and not held:
        held.append(FileError(f"{name}: no game in this file (a game starts with its tags, "
                              '[Players "..."])'))
    for item in held:
        yield unnumbered(item) if number == 1 and isinstance(item, RecordError) else item


def _of_game_one(item: Played | MclogError) -> Played | MclogError:
    """Game 1 of a file of several, or its error, with each of its errors numbered as the
    other games' are (``game 1:``): they were made before a second game was read."""
    if isinstance(item, RecordError):
        return numbered_one(item)
    if not isinstance(item, MclogError):
        item.errors[:] = map(numbered_one, item.errors)
        item.warnings[:] = map(numbered_one, item.warnings)
    return item


def numbered_one(error: RecordError) -> RecordError:
    """``error`` of game 1, numbered so (``game 1:``) where it has no number yet."""
    return error if error.game is not None else error.relocate(game=1)


def _checked_first(path: str, problem=None) -> Iterator[Played] | None:
    """The games of ``path`` for a command that prints nothing if any game has a mistake
    (``problem(game)``: a further mistake, as a message told with the file, and the game's
    number where the file holds several; or as a located error; or None): the file is
    checked one game at a time, then read again as it is printed, so memory holds one
    game (standard input, which can be read only once, is held).  None, once the
    mistakes are reported."""
    held = list(_each(path)) if path == "-" else None
    errors: list[tuple[int, str]] = []   # (the game, the mistake)
    count = 0
    for item in held if held is not None else _each(path):
        count += 1
        if isinstance(item, MclogError):
            errors.append((0, str(item)))   # (located already)
        elif problem is not None and (message := problem(item)):
            located = isinstance(message, MclogError)
            errors.append((0 if located else item.record.number, str(message)))
    name = "<stdin>" if path == "-" else path
    for number, message in errors:
        _err(f"{name}: game {number}: {message}" if number and count > 1 else
             f"{name}: {message}" if number else message)
    if errors:
        return None
    return _games_only(held if held is not None else _each(path))


def _games_only(items: Iterable[Played | MclogError]) -> Iterator[Played]:
    """The games of a file checked already (a mistake now: the file changed meanwhile)."""
    for item in items:
        if isinstance(item, MclogError):
            raise item
        yield item


def cmd_hide(args) -> int:
    """The record as the player in one seat would have written it (``seat_view``), game by
    game as the file is read."""
    def not_at_table(played: Played) -> str | MclogError | None:
        names = played.record.players
        seat = seat_named(args.seat, names)
        if seat is None:
            return not_a_player(args.seat, names) + _seat_by_number(args.seat, names)
        return seat_refusal(played.record, names[seat])   # (written from another seat)

    checked = _checked_first(args.file, not_at_table)
    if checked is None:
        return 1
    for i, played in enumerate(checked):
        seat = seat_named(args.seat, played.record.players)
        assert seat is not None   # (each game's players were asked first: not_at_table)
        hidden = seat_view(played, seat)
        sys.stdout.write(("\n" if i else "") + _game(played).write(hidden))
        _say_left_out(played.warnings, "left out, as fmt leaves it out")
    return 0


def cmd_export(args) -> int:
    """The records as JSON, as the file is read: one shape for one game or many, an array
    of records (as ``score --json`` gives an array of score tables); ``import`` reads an
    array or a single record.  Nothing is printed for a file with a mistake."""
    checked = _checked_first(args.file)
    if checked is None:
        return 1
    sys.stdout.write("[\n")
    for i, played in enumerate(checked):
        data = _game(played).to_json(without_redundant(played))
        sys.stdout.write((",\n" if i else "") + json.dumps(data, indent=1, ensure_ascii=False))
        _say_left_out(played.warnings, "left out, as fmt leaves it out")
    sys.stdout.write("\n]\n")
    return 0


def cmd_import(args) -> int:
    """A JSON record (``export``'s form) as .mclog text, checked by its game
    (``Game.records_from_json``): the game ``--game`` names, or else the one each record's
    ``"game"`` field names (Million Club without one; a file that ``export`` made of a
    record mixing games holds both).  The text is printed only once it reads back as the
    same records."""
    name = "<stdin>" if args.file == "-" else args.file
    data = read_source(args.file, json_form.MAX_JSON, "a JSON record")
    named = [args.game] if args.game is not None else _json_games(data, name)
    array = utf8_text(data).lstrip().startswith("[")
    chosen = []
    for i, g in enumerate(named):
        try:
            chosen.append(games.game(g))
        except games.UnknownGame as exc:   # (said at the record that names it: --game
            # is checked as the command line is read)
            raise json_form.failure(name)(f"[{i}].game" if array else "game",
                                          str(exc)) from None
    if len({g.name for g in chosen}) == 1:
        records = chosen[0].records_from_json(data, name)
    else:  # each record by its own game (its errors named by its place in the array)
        _, items = json_form.load_json(data, name)
        records = []
        for i, (item, game) in enumerate(zip(items, chosen)):
            records += game.records_from_json(json.dumps(item).encode("utf-8"),
                                              f"{name} [{i}]")
    # (written as fmt writes a text: an item that declines a question never asked is left
    # out, with a warning, and the text must read back as the record without it)
    played = [games.game(r.game).replay(r) for r in records]
    for number, one in enumerate(played):
        for warning in one.warnings:
            where = json_form.entry_path(f"[{number}]" if array else "", one.record.entries,
                                         warning.entry)
            _err(f"{name}: {where + ': ' if where else ''}warning: {warning.reason}"
                 " (left out of the text, as fmt leaves it out)")
    _print_once_read_back([_canonical(game) for game in played], name, "not imported")
    return 0


def _json_games(data: bytes, name: str) -> list[str | None]:
    """The game each record of a JSON file names in its ``"game"`` field (None: none
    named), read with the shared loader's care (``load_json``)."""
    value, records = json_form.load_json(data, name)
    named = []
    for i, r in enumerate(records):
        try:
            named.append(games.json_game(r))
        except ValueError as exc:
            raise json_form.failure(name)(f"[{i}].game" if isinstance(value, list) else "game",
                                          str(exc)) from None
    return named


def _not_a_player(where: str, name: str, names) -> str:
    return f"{where}: {not_a_player(name, names)}{_seat_by_number(name, names)}"


def _seat_by_number(seat: str, names) -> str:
    """``: --seat takes the player's name (--seat Ben)`` where a seat is given by its
    number (``--seat 2``), else nothing."""
    meant = numbered(seat, names)
    return f": --seat takes the player's name (--seat {meant})" if meant else ""


def _rollouts(count: int, option: str) -> int:
    """``count`` rollouts, checked as the review checks them (``ValueError`` naming
    ``option``)."""
    from .review import MAX_ROLLOUTS

    return whole(count, option, 1, MAX_ROLLOUTS)


def _one_game(path: str, number: int) -> Played | None:
    """Game ``number`` of the file, replayed; None once a mistake in it (or in the file) or
    its absence is reported.  A mistake in another game of the file is no matter here."""
    chosen = _one_of(path, number)
    return None if chosen is None else chosen[0]


def _one_of(path: str, number: int) -> tuple[Played, bool] | None:
    """``_one_game``, and whether the file holds a game after it (read as far as that
    game's tags: game 1's next is read already, to number the file's errors)."""
    if number < 1:
        _err(f"{path}: there is no game {number}: the games of a file are numbered from 1")
        return None
    count = 0
    items = _each(path)
    for item in items:
        count += 1
        if isinstance(item, MclogError):
            game = getattr(item, "game", None)  # (None: the file's, or its only game's)
            if game is None or game == number:
                _err(str(item))
                return None
            continue
        if item.record.number == number:
            after = next(items, None)   # (another game, or a mistake in one; not the file's)
            file_wide = isinstance(after, MclogError) and getattr(after, "game", None) is None
            return item, after is not None and not file_wide
    _err(f"{path}: there is no game {number} in this file: it holds "
         f"{'one game' if count == 1 else f'{count} games'}")
    return None


def cmd_report(args) -> int:
    """One self-contained HTML page of one game (``mclog.report``), written safely to
    ``-o`` (never over the record itself)."""
    from .report import report_html

    if args.out is None:
        page = "game" if args.file == "-" else os.path.splitext(os.path.basename(args.file))[0]
        _name_the_out("report writes a page", "report", [args.file], page + ".html")
    _check_out(args.out, args.file, "a report page", "page", _a_page)
    found = _one_of(args.file, args.number)
    if found is None:
        return 1
    chosen, more = found
    extra = []
    if args.review is not None:
        from .review import curve, curve_chart

        _rollouts(args.review, "--review")
        game = _game(chosen)
        bots = args.bots or game.review_bots
        game.check_bots(bots, len(chosen.record.players))
        with _about(args.file):
            points = curve(chosen, rollouts=args.review, seed=args.seed, bots=bots,
                           every=max(1, len(chosen) // 100), jobs=os.cpu_count() or 1)
        note = game.rollout_note(chosen)
        each = counted(args.review, "rollout")
        extra.append((f"Chances to win ({each} a step by the {bots} bots)"
                      + (f"; {note}" if note else ""), curve_chart(chosen, points, bots)))
    write_new(args.out, report_html(chosen, extra))  # (- is the standard output)
    if args.out != "-":
        which = f"game {args.number} of the file, " if more or args.number > 1 else ""
        more_said = " (--number N reports another)" if more else ""
        _say(f"{args.out}: the report of {which}"
             f"{chosen.record.tags.get('Event') or 'the game'}{more_said}")
    return 0


def _name_the_out(what: str, command: str, paths: Sequence[str], out: str) -> None:
    """Refuse a command run without the ``-o`` it needs, saying the whole command that names
    one (``what``: what it writes), quoted as a shell takes it.  (argparse's "the following
    arguments are required: -o/--out" said nothing of what to write; mclog never chooses a
    file to write on its own, which could be one of the user's.)"""
    import shlex

    raise ValueError(f"{what}: name it with -o (mclog {command} "
                     f"{printable(' '.join(map(shlex.quote, paths)))} -o "
                     f"{printable(shlex.quote(out))})")


def _check_out(out: str, record: str, what: str, name: str, same_kind) -> None:
    """What ``-o`` names (``what``: a review, or ``name`` for short), checked before the
    work (a review's rollouts may take hours): not the record read (``-``, standard
    output, never is), never a file of another kind (``check_not_replacing``), and
    somewhere ``write_new`` can write."""
    if out != "-" and os.path.realpath(out) == os.path.realpath(record):
        raise FileError(f"{out}: this is the record itself; give the {name} another name")
    check_not_replacing(out, what, same_kind)
    check_writable(out)


def _a_page(start: bytes) -> bool:
    """Whether a file's first bytes are an HTML page's (an earlier report, which ``report
    -o`` may replace)."""
    return start.lstrip().lower().startswith((b"<!doctype html", b"<html"))


def _a_review(start: bytes) -> bool:
    """Whether a file's first bytes are a review's JSON (an earlier ``review -o``): an
    object naming the bots of its rollouts, which no record's JSON form holds."""
    return start.lstrip().startswith(b"{") and b'"bots":' in start


def cmd_review(args) -> int:
    """A review of one game by rollouts (``mclog.review``): each decision of the seat
    asked for (or of every seat), what each option's rollouts won, the loss of the move
    played, and the worst decisions first; ``-o`` writes it all as JSON."""
    _rollouts(args.rollouts, "--rollouts")
    processes(args.jobs, "--jobs")
    if args.out:
        _check_out(args.out, args.file, "a review", "review", _a_review)
    found = _one_of(args.file, args.number)
    if found is None:
        return 1
    chosen, more = found
    which = None   # (which game of a file of several is reviewed, as report says it)
    if more or args.number > 1:
        which = f"{args.file}: game {args.number} of the file" + (
            " (--number N reviews another)" if more else "")
    game = _game(chosen)
    names = list(chosen.record.players)
    seat = None
    if args.seat is not None:
        seat = seat_named(args.seat, names)
        if seat is None:
            _err(_not_a_player(args.file, args.seat, names))
            return 1
    if args.as_seen:
        if seat is None:
            raise ValueError("--as-seen reviews one player's decisions as they saw the game: "
                             "name the player with --seat")
        from .review import as_seen

        with _about(args.file):
            chosen = as_seen(chosen, seat)
    bots = args.bots or game.review_bots
    game.check_bots(bots, len(chosen.record.players))
    with contextlib.ExitStack() as stack:
        client = None
        if args.scheduler:
            from .corpus.build import dask_client

            client = stack.enter_context(dask_client(args.scheduler))
        with _about(args.file):
            return _review(args, chosen, game, seat, bots, client, which)


@contextlib.contextmanager
def _about(file: str):
    """A review's refusal said of the file it reviews (``friday.mclog: a review of ...``)."""
    try:
        yield
    except ReviewError as exc:
        raise ReviewError(f"{file}: {exc}") from None


def _time_left(seconds: float) -> str:
    """A wait in words, as a person says it (a review of a long game takes hours).

    >>> _time_left(20), _time_left(400), _time_left(7900)
    ('under a minute', 'about 7 min', 'about 2 h 12 min')
    """
    minutes = round(seconds / 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60:02d} min"


def _review(args, chosen, game, seat, bots, client, which: str | None) -> int:
    """``mclog review``'s work, on ``client``'s workers if one is given."""
    from .review import position, review

    names = list(chosen.record.players)
    if args.step is not None:
        found = position(chosen, args.step - 1, rollouts=args.rollouts, seed=args.seed,
                         bots=bots, jobs=args.jobs, client=client, seat=seat)
        data = found.as_dict(names)
        width = max(len(o.text) for o in found.options)   # (the chances in one column)
        lines = [f"step {args.step}: {found.question}"] + [
            f"  {o.text:<{width}} {o.estimate.chance:6.1%}  "
            f"({o.estimate.interval[0]:.0%} to {o.estimate.interval[1]:.0%}, "
            f"{counted(o.estimate.n, 'rollout')}){'  <- played' if o.played else ''}"
            for o in found.options]
    else:
        started = time.monotonic()

        def progress(done: int, total: int) -> None:
            if not sys.stderr.isatty():
                return
            said = f"reviewing: {done} of {counted(total, 'decision')}"
            spent = time.monotonic() - started
            if 0 < done < total and spent >= 5:   # (a few decisions in: the pace is known)
                said += f", {_time_left(spent / done * (total - done))} left"
            sys.stderr.write(f"\r{said:<64}")   # (blanks over a longer line before)
            sys.stderr.flush()

        reviewed = review(chosen, seat, rollouts=args.rollouts, seed=args.seed, bots=bots,
                          progress=progress, jobs=args.jobs, client=client)
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        data = reviewed.as_dict()
        player = chosen.record.players[seat] if seat is not None else None
        who = f"{player}'s" if player else "every player's"
        seen = f" as {player} saw the game" if args.as_seen else ""
        lines = [f"Review of {who} decisions{seen}: {len(reviewed.positions)} reviewed, "
                 f"{counted(args.rollouts, 'rollout')} an option by the {bots} bots, seed "
                 f"{args.seed}"]
        worst = reviewed.blunders()
        lines.append("The decisions that cost the most:" if worst else
                     "No decision cost a measurable chance to win.")
        for p in worst:
            lines.append(f"  step {p.index + 1}, {names[p.seat]}: played {p.played.text} "
                         f"({p.played.estimate.chance:.0%}); best {p.best.text} "
                         f"({p.best.estimate.chance:.0%}): -{p.loss:.0%}")
        last = max(reviewed.curve)
        lines.append("Chances to win at the end of the record: " + ", ".join(
            f"{n} {c:.0%}" for n, c in zip(names, reviewed.curve[last])))
    note = game.rollout_note(chosen)
    if note:   # (what the rollouts assume beyond the record, said with their figures)
        lines.append(f"Note: {note}.")
        data["note"] = note
    if which:
        lines.insert(0, which)
    if args.out:
        write_new(args.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    if args.out != "-":
        _say("\n".join(printable(line) for line in lines))
    return 0


def cmd_record(args) -> int:
    """Record a game at the table (the game's recorder): a new record, or the next
    decision of an unfinished one."""
    name = recorded_game(args.file, args.game)
    game = games.game(name)
    tags = {k: v for k, v in (("Event", args.event), ("Site", args.site),
                              ("Date", args.date)) if v}
    chosen = game.checked_options(_options(args.option, **_option_flags(args)),
                                  defaults=False)
    options = {"game": args.game, "players": args.players, **chosen, "seat": args.seat,
               "tags": tags}
    try:
        from .recording.terminal import record

        return record(game, args.file, options)
    except NotImplementedError as exc:
        _err(f"{args.file}: {exc}")
        return 1


def cmd_corpus_build(args) -> int:
    """Build (or bring up to date) a Parquet corpus of record files on Dask."""
    from .corpus import build
    from .corpus.build import checked_chunk_games

    if args.out is None:
        _name_the_out("corpus build writes a folder of tables", "corpus build", args.paths,
                      "corpus")
    checked_chunk_games(args.chunk_games, "--chunk-games")
    processes(args.jobs, "--jobs")
    report = build(args.paths, args.out, scheduler=args.scheduler, jobs=args.jobs,
                   chunk_games=args.chunk_games, progress=not args.quiet)
    for said in (*report.same, *report.errors):
        _err(said)
    _say(f"{args.out}: {report}")
    return 1 if report.errors else 0


def cmd_simulate(args) -> int:
    """Play games with bots and write each as a canonical record: to standard output in
    seed order as they come, to one file per game, or to shards of ``--shard-size``
    games.  With ``--jobs`` above 1 (or a ``--scheduler``) the shards are played as Dask
    tasks; game ``i`` has seed ``--seed + i`` however the work is split, so the same
    command gives the same bytes on any number of workers."""
    from tqdm import tqdm

    game = games.game(args.game)
    game.check_players(args.players)
    for name, value in (("--games", args.games), ("--shard-size", args.shard_size)):
        whole(value, name, 1)
    processes(args.jobs, "--jobs")
    game.check_bots(args.bots, args.players)  # (fails before any game is played)
    options = game.checked_options(_options(args.option, **_option_flags(args)))
    seeds = range(args.seed, args.seed + args.games)   # (a range: --games may be huge)
    # (``--out -`` is standard output, as ``-o -`` is for the other commands: the games
    # printed, as with no --out, not a folder called -)
    out = Path(args.out) if args.out and args.out != "-" else None
    # (a record file's name, games.mclog: the games written into that one file, as they
    # are printed; a folder of that name would be refused as a record by every command)
    one_file = out is not None and out.suffix.lower() == ".mclog" and not out.is_dir()
    if one_file:
        assert out is not None
        if args.shard_size > 1:
            raise ValueError(f"--shard-size splits the games among the files of a folder, "
                             f"and {out} is a record file's name: name a folder")
        check_not_replacing(str(out), "games mclog simulated", _simulated)
        check_writable(str(out))
    elif out:
        if out.exists() and not out.is_dir():
            raise FileError(f"{out}: is a file; --out is a folder for the games (one file "
                            "each, or shards), or a new .mclog file for them all")
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileError(f"{out}: the folder cannot be made: "
                            f"{exc.strerror or exc}") from None
    from .corpus.simulate import in_order, joined, tasks_for   # (only here: Dask's)

    folder = str(out) if out and not one_file else None
    shard_size = args.shard_size if args.shard_size > 1 else None
    tasks = tasks_for(game.name, args.players, seeds, args.bots, options, folder, shard_size)
    bar = tqdm(total=len(seeds), unit="game", disable=args.games < 2 or None, file=sys.stderr)
    unfinished: list[int] = []

    def texts() -> Iterator[str]:
        """The games' text as the tasks play them, in seed order (none where each game
        went to a file of its own)."""
        for task, played in in_order(tasks, jobs=args.jobs, scheduler=args.scheduler):
            unfinished.extend(played.unfinished)
            bar.update(len(task.seeds))
            if played.text is not None:
                yield played.text

    if one_file:   # (written as they come, and put in place whole once all are played)
        write_new(str(out), joined(texts()))
    else:
        for text in joined(texts()):
            sys.stdout.write(text)
    bar.close()
    if unfinished:
        print(_unfinished_note(game, args.bots, len(seeds), unfinished), file=sys.stderr)
    if one_file:
        print(f"{counted(len(seeds), 'game')} written to {out}", file=sys.stderr)
    elif out:
        shards = -(-len(seeds) // args.shard_size)   # (rounded up)
        what = f"{counted(shards, 'shard')} of up to {args.shard_size}" \
            if args.shard_size > 1 else "one file per game"
        print(f"{counted(len(seeds), 'game')} written to {out}/ ({what})", file=sys.stderr)
    return 0


def _simulated(start: bytes) -> bool:
    """Whether a file's first bytes are games ``mclog simulate`` wrote (the bots and the
    seed in its tags), which ``simulate -o`` may write over; a record of a real game has
    neither."""
    return b'\n[Bots "' in start and b'\n[Seed "' in start


def _options(given: list[str] | None, **named: list[str] | None) -> dict[str, str]:
    """``--option name=value`` (repeated) as a dict, with the options that have flags of
    their own (``--setup``, each value given) where given; ``ValueError`` for a malformed
    one, and for an option given twice with two values (``--limit 800 --option
    limit=1000``), which would otherwise keep the last unsaid.

    >>> _options(["setup=alternative"], privileges=["pick", "pick"])
    {'privileges': 'pick', 'setup': 'alternative'}
    >>> _options(["limit=1000"], limit=["800"])
    Traceback (most recent call last):
    ...
    ValueError: limit is given twice, with two values: --limit 800, --option limit=1000; ...
    """
    said: dict[str, list[tuple[str, str]]] = {}   # (each option's values, as typed)
    for name, values in named.items():
        for value in values or []:
            said.setdefault(name, []).append((value, f"--{name} {value}"))
    for item in given or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"--option is written name=value (setup=alternative), not "
                             f"{item!r}")
        said.setdefault(name.strip(), []).append((value.strip(), f"--option {item.strip()}"))
    for name, typed in said.items():
        if len({value for value, _ in typed}) > 1:
            raise ValueError(f"{name} is given twice, with two values: "
                             f"{', '.join(as_typed for _, as_typed in typed)}; give it once")
    return {name: typed[0][0] for name, typed in said.items()}


class _Version(argparse._VersionAction):
    """``--version``: the version and the build in use (``mclog.compiled``), worked out
    only when asked (finding the modules costs a few milliseconds every command would
    pay)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None
                 ) -> None:
        from .compiled import build_name

        self.version = f"{self.version} ({build_name()})"
        super().__call__(parser, namespace, values, option_string)


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's help formatter, told the terminal's width rather than asking
    ``shutil`` for it: argparse makes one for every argument declared, and importing
    ``shutil`` (with its archive modules) is a few milliseconds of every start.  The
    width is found as ``shutil.get_terminal_size`` finds it: ``COLUMNS``, else the
    terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            stdout = sys.__stdout__   # (None where Python runs without one)
            columns = os.get_terminal_size(stdout.fileno()).columns if stdout else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return argparse.HelpFormatter(prog, width=(columns or 80) - 2)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, one of ``COMMANDS``, only that
    command's arguments are declared (``mclog validate`` starts without building the
    parsers of eleven commands it does not run: each is an ``ArgumentParser`` with its
    own help formatter)."""
    p = argparse.ArgumentParser(
        prog="mclog", formatter_class=_formatter,
        description=f"Record, replay and analyse real played board games as .mclog records: "
                    f"{', '.join(games.GAMES)} (the [Game] tag of a record says which).")
    from . import __version__

    p.add_argument("--version", action=_Version, version=f"mclog {__version__}",
                   help="say mclog's version and build (pure Python, or compiled), and exit")
    # (with one command declared, the usage still names them all, as the whole parser's)
    sub = p.add_subparsers(dest="command", required=True, metavar=None if command is None
                           else "{" + ",".join(COMMANDS) + "}")
    for name, (help_text, arguments) in COMMANDS.items():
        if command is None or command == name:
            arguments(sub.add_parser(name, help=help_text, description=_sentence(help_text),
                                     formatter_class=_formatter))
    return p


def _command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, if it names one before any option (``mclog validate
    ...``); None for anything else (``mclog --help``, a misspelt command), which the whole
    parser answers."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def _no_command(argv: list[str]) -> int:
    """``mclog`` alone (the commands, as ``--help`` lists them), ``mclog help [COMMAND]``
    (as ``--help`` would), or a word that is no command (the one meant, where a slip
    stands out): argparse would say only that a command is required, or list every
    choice in one long line."""
    from .record.names import closest, suggestion

    if not argv:
        sys.stderr.write(build_parser().format_help())
        _err("mclog: say which command to run (mclog COMMAND --help for its options)")
        return 2
    if argv == ["help"]:
        _say(build_parser().format_help().rstrip())
        return 0
    if argv[0] == "help" and len(argv) == 2 and argv[1] in COMMANDS:
        build_parser(argv[1]).parse_args([argv[1], "--help"])   # (says it, and exits 0)
    word = argv[1] if argv[0] == "help" else argv[0]
    hint = suggestion(closest(word.lower(), list(COMMANDS)))
    if not hint and (word.endswith((".mclog", ".json")) or os.path.isfile(word)):
        hint = f": a record is named after the command (mclog validate {printable(word)})"
    _err(f"mclog: '{printable(word)}' is not a command of mclog (the commands are "
         f"{', '.join(COMMANDS)}){hint}")
    return 2


def _later_words(args: argparse.Namespace, extra: list[str]) -> argparse.Namespace:
    """``args`` with the words ``extra`` that argparse did not take: files written after an
    option (``mclog validate a.mclog --partial b.mclog``) go with the others, where the
    command reads several.  Anything else ends the run, said under the command's own
    usage (argparse would say it under the usage of the whole of mclog, with no word of
    what was meant): an option a slip away from one of the command's (``--strcit``:
    ``--strict``; ``-o``: ``--out``), one written before the command, or a word more than
    it takes (a second file)."""
    from .record.names import near

    command = args.command
    parser = argparse.ArgumentParser(prog=f"mclog {command}", formatter_class=_formatter)
    COMMANDS[command][1](parser)
    for action in parser._actions:   # (``mclog corpus build``: the action's own parser)
        if isinstance(action, argparse._SubParsersAction) and action.dest:
            command = f"{command} {getattr(args, action.dest)}"
            parser = action.choices[getattr(args, action.dest)]
            parser.prog = f"mclog {command}"
            break
    named = [a for a in parser._actions if not a.option_strings]
    words = [w for w in extra if not w.startswith("-") or w == "-"]
    if len(words) == len(extra) and len(named) == 1 and named[0].nargs == "+":
        setattr(args, named[0].dest, [*getattr(args, named[0].dest), *words])
        return args
    options = sorted(o for o in parser._option_string_actions if o.startswith("--"))
    word = extra[0].split("=", 1)[0]
    if not word.startswith("-") or word == "-":
        takes = ": it takes its options alone" if not named else \
            f": it reads one {named[0].dest} (run it once for each)" \
            if len(named) == 1 and named[0].nargs is None else ""
        parser.error(f"'{printable(word)}' is one word more than mclog {command} takes{takes}")
    if word in options:   # (``mclog --strict validate``)
        parser.error(f"'{printable(word)}' is an option of mclog {command}, written after "
                     f"the command: mclog {command} {word} ...")
    if word.startswith("--"):   # (the nearest, and any as near: --gmaes, --games or --game)
        ranked = near(word, options)
        meant = [o for o, how in ranked if how > ranked[0][1] - 0.1][:3]
    else:
        meant = [o for o in options if o[2:3] == word[1:2] and len(word) == 2]
    hint = f" (did you mean {' or '.join(meant)}?)" if meant else \
        f" (mclog {command} --help lists its options)"
    parser.error(f"'{printable(word)}' is not an option of mclog {command}{hint}")


def _sentence(help_text: str) -> str:
    """A command's help as the first line of its own ``-h``: a sentence."""
    return help_text[0].upper() + help_text[1:] + "."


#: The help of a command's record file, and of its record files.
_FILE_HELP = "a record file (.mclog); - reads standard input"
_FILES_HELP = "record files (.mclog); - reads standard input"


def _validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", help=_FILES_HELP)
    parser.add_argument("--lenient", action="store_true",
                        help="report every failed check, not just the first")
    parser.add_argument("--partial", action="store_true", help="accept games still in progress")
    parser.add_argument("--strict", action="store_true",
                        help="count warnings (items that decline a question never asked) "
                             "as errors")
    parser.set_defaults(func=cmd_validate)


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    parser.set_defaults(func=cmd_replay)


def _score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    parser.add_argument("--json", action="store_true",
                        help="print JSON: an array with one score table for each game")
    parser.set_defaults(func=cmd_score)


def _fmt_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", help="record files (.mclog), each rewritten in "
                                                 "place; - prints standard input's rewritten")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a file is not canonical")
    parser.set_defaults(func=cmd_fmt)


def _hide_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", required=True, help="the player's name, as in the Players tag")
    parser.add_argument("file", help=_FILE_HELP)
    parser.set_defaults(func=cmd_hide)


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    parser.add_argument("--json", action="store_true", default=True, help="(the default)")
    parser.set_defaults(func=cmd_export)


def _game_name(text: str) -> str:
    """``--game``: a game mclog knows, by any name it answers to (its canonical name is
    kept); any other is a mistake of the command line, said as argparse says one."""
    try:
        return games.game(text).name
    except games.UnknownGame as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a JSON record, as mclog export writes it; - reads "
                                     "standard input")
    parser.add_argument("--game", default=None, type=_game_name,
                        help="the game the JSON record is of (default: the game its \"game\" "
                             "field names, or Million Club)")
    parser.set_defaults(func=cmd_import)


def _report_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    parser.add_argument("-o", "--out", help="the page to write (game.html): required")
    parser.add_argument("--number", type=int, default=1,
                        help="which game of the file (default: the first)")
    parser.add_argument("--review", type=int, metavar="ROLLOUTS",
                        help="add the win-chance graph: ROLLOUTS games played out from each "
                             "step (at most a hundred steps, spread over the game)")
    parser.add_argument("--seed", type=int, default=0, help="the review's seed (with --review)")
    parser.add_argument("--bots", help="the review's bots (default: the game's strongest)")
    parser.set_defaults(func=cmd_report)


def _review_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    parser.add_argument("--seat", help="review this player's decisions (default: every player's)")
    parser.add_argument("--as-seen", action="store_true",
                        help="with --seat: review from what that player saw (the cards their "
                             "seat did not see drawn for each rollout), not from the whole "
                             "record")
    parser.add_argument("--step", type=int, help="review only the decision at this step")
    parser.add_argument("--rollouts", type=int, default=100,
                        help="games played out from each option (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same review")
    parser.add_argument("--bots", help="the bots that play the rollouts (default: the game's "
                                       f"strongest: {_bot_names(strongest=True)})")
    parser.add_argument("--number", type=int, default=1,
                        help="which game of the file (default: the first)")
    parser.add_argument("-o", "--out", help="write the review as JSON here (- : standard output)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes to play the rollouts on (default: the cores); the "
                             "review is the same on any number")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786): the "
                                            "rollouts run on its workers (the review is the "
                                            "same)")
    parser.set_defaults(func=cmd_review)


def _game_option_flags(parser: argparse.ArgumentParser) -> None:
    """``--NAME VALUE`` for each option a registered game declares (``--setup
    alternative`` for Million Club's ``setup``): the same as ``--option NAME=VALUE``,
    checked against the game chosen.  The games say their options; this module names
    none."""
    owners: dict[str, list[str]] = {}
    for name in games.names():
        for declared in games.game(name).options:
            owners.setdefault(declared.name, []).append(name)
    flags = []
    for option, by in owners.items():
        try:
            parser.add_argument(f"--{option}", dest=f"game_option_{option}", default=None,
                                action="append", metavar=option.upper(),
                                help=f"({', '.join(by)}) --option {option}=...")
        except argparse.ArgumentError:   # (a game's option named as one of mclog's flags)
            continue
        flags.append(option)
    parser.set_defaults(game_option_flags=tuple(flags))


def _unfinished_note(game, bots: str, played: int, unfinished: list[int]) -> str:
    """What ``simulate`` says of the games its bots did not end: how many, their seeds,
    and the game's strongest bots, which end more games than random ones."""
    several = len(unfinished) > 1
    seeds = ", ".join(map(str, unfinished[:10])) + (", ..." if len(unfinished) > 10 else "")
    which = "the game" if played == 1 else f"{len(unfinished)} of the {played} games"
    hint = f"; the game's strongest bots end more games: --bots {game.review_bots}" \
        if bots.strip() != game.review_bots else ""
    return (f"mclog: {which} did not end (seed{'s' if several else ''} {seeds}): the bots "
            f"played the game's limit of moves, and {'each such' if several else 'its'} "
            "record ends in progress, with a comment saying so (mclog validate --partial "
            f"reads it){hint}")


def _bot_names(strongest: bool = False) -> str:
    """Each registered game's bots, for a help text: ``Million Club's greedy, random;
    ...``, or with ``strongest`` the bots a review plays by default (``Million Club's
    greedy; ...``).  (The games say their bots; this module names none.)"""
    said = []
    for name in games.names():
        game = games.game(name)
        said.append(f"{name}'s " + (game.review_bots if strongest else
                                    ", ".join(sorted(game.bot_registry))))
    return "; ".join(said)


def _option_flags(args: argparse.Namespace) -> dict[str, list[str] | None]:
    """The game options given by their own flags (``_game_option_flags``), each with the
    values given (a flag may be typed twice: ``_options`` refuses two values)."""
    return {option: getattr(args, f"game_option_{option}")
            for option in getattr(args, "game_option_flags", ())}


def _record_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record to write (an unfinished one goes on)")
    parser.add_argument("--game", default=None, type=_game_name, help="the game of a new record "
                        f"(default: {games.DEFAULT})")
    parser.add_argument("--players", help='a new record\'s players in seat order, clockwise: '
                        '"Ann yellow, Ben blue, Cleo red" (asked if not given)')
    parser.add_argument("--option", action="append", metavar="NAME=VALUE",
                        help="a choice of the game's table (repeatable): Million Club's "
                             "setup=alternative, privileges=pick")
    _game_option_flags(parser)
    parser.add_argument("--seat", help="your name: the record is written from your seat, ? for "
                                       "what you cannot see")
    parser.add_argument("--event", help="a new record's [Event] tag: the occasion")
    parser.add_argument("--site", help="a new record's [Site] tag: where it was played")
    parser.add_argument("--date", help="a new record's [Date] tag (2026.11.28)")
    parser.set_defaults(func=cmd_record)


def _corpus_arguments(parser: argparse.ArgumentParser) -> None:
    ksub = parser.add_subparsers(dest="action", required=True)
    kb = ksub.add_parser("build", help="replay every game of the record files once and "
                                       "write its tables; a re-run builds only what changed",
                         formatter_class=_formatter)
    kb.add_argument("paths", nargs="+", help="record files, or folders of them")
    kb.add_argument("-o", "--out", help="the corpus folder: required")
    kb.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786); "
                                        "default: a local cluster")
    kb.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="worker processes of the local cluster (default: the cores)")
    kb.add_argument("--chunk-games", type=int, default=500, metavar="N",
                    help="about N games to a task and to a Parquet file")
    kb.add_argument("--quiet", action="store_true", help="no progress bar")
    kb.set_defaults(func=cmd_corpus_build)


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=games.DEFAULT, type=_game_name,
                        help=f"the game to play: {', '.join(games.names())} "
                             "(default: %(default)s)")
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help="players at each table (default: %(default)s)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE",
                        help="a choice of the game's table (repeatable): Million Club's "
                             "setup=alternative")
    _game_option_flags(parser)
    parser.add_argument("--bots", default="random",
                        help="bots by seat, e.g. greedy,random (the last one fills the table; "
                             f"default: %(default)s): {_bot_names()}")
    parser.add_argument("--seed", type=int, required=True,
                        help="the same seed plays the same games")
    parser.add_argument("--games", type=int, default=1,
                        help="how many games (default: %(default)s)")
    parser.add_argument("-o", "--out", help="a folder for one .mclog per game, or one .mclog "
                                            "file for them all (default, or -: print them)")
    parser.add_argument("--shard-size", type=int, default=1, metavar="N",
                        help="with --out: N games to a file (shards), for large runs")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (a Dask local cluster; e.g. 2)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786) to "
                                            "play the games on its workers")
    parser.set_defaults(func=cmd_simulate)


#: Each command: its help, and the function that declares its arguments.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "validate": ("replay every game; exit 0 when all are legal", _validate_arguments),
    "replay": ("print the game round by round", _replay_arguments),
    "score": ("print the final score table by category, with ranks", _score_arguments),
    "fmt": ("rewrite records in canonical form", _fmt_arguments),
    "hide": ("print the record as the player in one seat would have written it: ? for "
             "every card that seat did not see", _hide_arguments),
    "export": ("print the record as JSON", _export_arguments),
    "import": ("print a JSON record (from export) as .mclog text", _import_arguments),
    "report": ("write one self-contained HTML page of a game: board stepper, score, "
               "charts and the record", _report_arguments),
    "review": ("weigh each decision by rollouts: the chance to win of each option, the "
               "loss of the move played", _review_arguments),
    "record": ("record a game at the table: asks each decision, completes the legal "
               "answers, saves every line", _record_arguments),
    "corpus": ("many games' tables as a Parquet dataset (on Dask)", _corpus_arguments),
    "simulate": ("play games with bots and write their records", _simulate_arguments),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] == "help" or not argv[0].startswith("-") and \
            argv[0] not in COMMANDS:
        return _no_command(argv)
    args, extra = build_parser(_command(argv)).parse_known_args(argv)
    if extra:
        args = _later_words(args, extra)
    try:
        return args.func(args)
    except MclogError as exc:
        _err(str(exc))
        return 1
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as Unix tools do
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")
        return 141
    except OSError as exc:
        _err(f"{getattr(exc, 'filename', '') or 'mclog'}: {exc.strerror or exc}")
        return 1
    except json.JSONDecodeError as exc:
        _err(f"{args.file}:{exc.lineno}:{exc.colno}: not JSON: {json_form.not_json(exc)}")
        return 1
    except ValueError as exc:  # an unknown bot name, a number of players out of range
        _err(f"mclog: {exc}")
        return 2
    except KeyboardInterrupt:
        _err("mclog: interrupted")
        return 130
    except MemoryError:  # not a bug to report: the machine has less memory than the game asks
        # (simulate and corpus read no record of the user's: what they hold is what was
        # asked of them at once)
        held = {"simulate": "--shard-size", "corpus": "--chunk-games"}.get(args.command)
        advice = (f"ask for less at once: fewer --jobs, or a smaller {held}" if held else
                  "a game of a record is at most 10 MB, but one that large with very many "
                  "short lines (comments) can take a few gigabytes: split it into several "
                  "games")
        _err(f"mclog: this machine ran out of memory for mclog {args.command}"
             f"{' of ' + str(args.file) if getattr(args, 'file', None) else ''}; {advice}")
        return 1
    except Exception as exc:  # a bug in mclog itself: say so in one line, no traceback
        if os.environ.get("MCLOG_DEBUG"):
            raise
        _err(f"mclog: internal error ({type(exc).__name__}: {exc}); this is a bug in mclog, "
             "please report it with the record (MCLOG_DEBUG=1 shows the details)")
        return 3


def run() -> NoReturn:
    """The ``mclog`` command (and ``python -m mclog``): :func:`main` on the process's
    arguments, then the exit with its status.

    Before the exit every object is frozen out of the garbage collector's sight
    (``gc.freeze``): Python's exit would otherwise walk them all once more in search of
    reference cycles, memory the operating system takes back anyway, and that walk is
    about a tenth of a short command's time (``mclog validate`` of one small file;
    ``benchmarks/startup.py``).  Every file mclog writes is closed before main returns,
    so nothing waits on a finaliser.  (Not in :func:`main`: a program or a test that
    calls it goes on, and its garbage must stay collectable.)
    """
    _utf8_output()
    status = main()
    gc.freeze()
    sys.exit(status)


def _utf8_output() -> None:
    """Records and their JSON form are UTF-8 text (docs/format.md), whatever the locale
    says: what mclog prints into a file or a pipe (``mclog export game.mclog > game.json``)
    is UTF-8, not the locale's encoding (an ISO-8859 locale, Windows' code page), which
    cannot write every name (``Søren``, ``陳``): the command stopped half way through its
    output.  A terminal whose encoding cannot show a character shows its escape
    (``\xf8``) instead, as the error messages do."""
    out = sys.stdout
    if out is None or not isinstance(out, io.TextIOWrapper) or \
            codecs.lookup(out.encoding).name == "utf-8":
        return
    if out.isatty():
        out.reconfigure(errors="backslashreplace")
    else:
        out.reconfigure(encoding="utf-8")


if __name__ == "__main__":
    run()
