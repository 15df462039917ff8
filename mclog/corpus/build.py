"""Build a corpus: every game of the sources replayed once, its rows written as Parquet.

``build(paths, out)`` plans the chunks (``sources.plan``), keeps every chunk an earlier
build already wrote, and runs the others as Dask tasks (``client.map``): each task
reads its pieces, replays each game through its own game's rules, asks the game for
its rows (``Game.corpus_rows``) and writes one Parquet file per table,
``out/<game>/<table>/<chunk>.parquet``, and one ``out/_errors/<chunk>.json`` with every
game that could not be replayed, as ``file:line:col: message``.  Then the manifest
(``out/_manifest.json``: the files' hashes and the chunks built) is written, and the
chunks of files that are gone or changed are removed.  On a real cluster the workers
must see the sources and ``out`` at the same paths (a shared file system).

Dask does the scheduling, retries and the progress bar; nothing here is home-made.
This module knows no game: games are found by the registry.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from mclog.arguments import processes, whole
from mclog.errors import MclogError, RecordError
from mclog.printable import counted
from mclog.record.files import FileError, piece_lines, write_new
from .sources import Chunk, file_digest, first_of_each, plan, record_files

MANIFEST = "_manifest.json"
ERRORS = "_errors"
FORMAT = "mclog corpus 1"


def slug(game_name: str) -> str:
    """The folder of a game's tables: ``millionclub``."""
    return "".join(c for c in game_name.lower() if c.isalnum())


@dataclass
class BuildReport:
    """What a build did: games in the corpus, chunks built and kept, the records that
    failed (located), and the time and CPU it took (the workers' CPU included)."""

    games: int = 0
    built: int = 0
    kept: int = 0
    removed: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    #: The files left out as the same bytes as another file of the build (said, no error).
    same: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        copies = f", {counted(len(self.same), 'file')} the same as another (counted once)" \
            if self.same else ""
        return (f"{counted(self.games, 'game')} ({counted(self.built, 'chunk')} built, "
                f"{self.kept} kept, {self.removed} removed), "
                f"{counted(len(self.errors), 'record')} with mistakes{copies}, "
                f"{self.seconds:.1f} s")


#: A young-generation collection once this many objects more are made than freed, while
#: a chunk is built (Python's default is 700).
CHUNK_THRESHOLD = 50_000


class _CollectorTuning:
    """The garbage collector tuned for chunks, as long as one is built in this process
    (a worker may build several at once, in threads).

    A chunk makes millions of small objects (states, events, rows) that all live until
    its tables are written: the collector's passes over them free next to nothing, and
    took a fifth of a chunk's time (issue 29).  The objects made before (the modules, the
    worker's own) are frozen out of its passes, and a young pass waits for
    ``CHUNK_THRESHOLD`` new objects; both are as they were once the last chunk is done."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.chunks = 0
        self.saved = gc.get_threshold()

    def __enter__(self) -> None:
        with self.lock:
            if self.chunks == 0:
                self.saved = gc.get_threshold()
                gc.freeze()
                gc.set_threshold(CHUNK_THRESHOLD, *self.saved[1:])
            self.chunks += 1

    def __exit__(self, *exc) -> None:
        with self.lock:
            self.chunks -= 1
            if self.chunks == 0:
                gc.set_threshold(*self.saved)
                gc.unfreeze()


_collector_tuned = _CollectorTuning()


def build_chunk(chunk: Chunk, out: str) -> dict:
    """Read, replay and write one chunk (a Dask task: plain data in and out), the garbage
    collector tuned meanwhile (``_collector_tuned``)."""
    with _collector_tuned:
        return _build_chunk(chunk, out)


def _build_chunk(chunk: Chunk, out: str) -> dict:
    from mclog import games
    from mclog.record.reading import iter_lenient

    cpu = time.process_time()
    tables: dict[tuple[str, str], dict[str, list]] = {}
    schemas: dict[str, dict] = {}
    errors: list[str] = []
    count = 0
    for piece in chunk.pieces:
        try:
            with open(piece.path, "rb") as f:
                f.seek(piece.start)
                data = f.read() if piece.end < 0 else f.read(piece.end - piece.start)
        except OSError as exc:  # deleted or moved since the build was planned (issue 30)
            errors.append(f"{piece.path}: could not be read during the build "
                          f"({exc.strerror or exc}); left out")
            continue
        try:   # (checked as mclog validate checks a file: the same refusals, located)
            lines = piece_lines(data, piece.path, piece.first_line, piece.start)
        except RecordError as exc:
            errors.append(str(exc))
            continue
        # (a whole file's game 1 is numbered as mclog validate numbers it: once a second
        # game shows the file holds several; its errors wait for that at their places)
        whole = piece.start == 0 and piece.end < 0
        first: list[tuple[int, Exception]] = []
        number = 0
        for number, item in iter_lenient(lines, piece.path):
            if isinstance(item, MclogError):
                failed: Exception | None = item
            else:
                record = item
                record.number = piece.first_game + number - 1
                failed = None
                try:
                    game = games.game(record.game)
                    played = game.replay(record, events=True)
                    rows = game.corpus_rows(played, f"{piece.digest[:16]}-{record.number}",
                                            piece.path)
                except (MclogError, NotImplementedError) as exc:
                    failed = exc
            if failed is not None:
                if whole and number == 1:
                    first.append((len(errors), failed))
                errors.append(_said(failed, piece, number, single=False))
                continue
            count += 1
            name = slug(game.name)
            schemas[name] = game.corpus_schema()
            for table, columns in rows.items():
                into = tables.get((name, table))
                if into is None:   # (the chunk's first rows of the table)
                    tables[name, table] = {c: list(v) for c, v in columns.items()}
                    continue
                for column, values in columns.items():
                    into[column].extend(values)
        for at, failed in first if number == 1 else ():   # (the file's only game)
            errors[at] = _said(failed, piece, 1, single=True)
    written = _write(out, chunk.id, tables, schemas)
    os.makedirs(os.path.join(out, ERRORS), exist_ok=True)
    errors_file = os.path.join(out, ERRORS, f"{chunk.id}.json")
    write_new(errors_file, json.dumps(errors))
    written[os.path.relpath(errors_file, out)] = _sha256(errors_file)
    return {"id": chunk.id, "games": count, "errors": errors, "files": written,
            "cpu": time.process_time() - cpu}


def _said(exc: Exception, piece, number: int, single: bool) -> str:
    """What is said of the game ``number`` of a piece that failed, as ``mclog validate``
    says it: located in the whole file, and numbered there unless the file holds
    ``single`` game."""
    game = None if single else piece.first_game + number - 1
    if isinstance(exc, RecordError):
        line = exc.line + piece.first_line - 1 if exc.line else 0
        return str(RecordError(exc.reason, line=line, col=exc.col, file=piece.path,
                               rule=exc.rule, game=game, code=exc.code))
    return f"{piece.path}: {'' if game is None else f'game {game}: '}{exc}"


def _write(out: str, chunk_id: str, tables: dict, schemas: dict) -> dict[str, str]:
    """Write a chunk's tables; returns each file written (relative to ``out``) with its
    SHA-256, which the manifest keeps: a re-run checks them, and builds again a chunk
    whose file was damaged or removed since (issue 30)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    written = {}
    for (game, table), columns in tables.items():
        schema = pa.schema([(c, pa.type_for_alias(t)) for c, t in schemas[game][table]])
        folder = os.path.join(out, game, table)
        os.makedirs(folder, exist_ok=True)
        data = pa.Table.from_pydict(columns, schema=schema)
        tmp = os.path.join(folder, f".{chunk_id}.parquet.tmp")
        pq.write_table(data, tmp, compression="zstd")
        final = os.path.join(folder, f"{chunk_id}.parquet")
        os.replace(tmp, final)  # never half a file
        written[os.path.relpath(final, out)] = _sha256(final)
    return written


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest()


#: How long a scheduler given by address may take to have a worker, in seconds.
WORKER_WAIT = 60


@contextmanager
def dask_client(scheduler: str | None = None, jobs: int | None = None) -> Iterator:
    """A Dask client: of the scheduler at ``scheduler`` (``tcp://host:8786``), or of a
    ``LocalCluster`` of ``jobs`` single-threaded worker processes on this machine."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError, ValueError) as exc:   # (none there, or no address)
            raise FileError(f"{scheduler}: no Dask scheduler answered there ({exc}); start "
                            "one with 'dask scheduler', or give its tcp://host:port") from None
        try:
            # (a scheduler with no worker would take the tasks and never run them: the
            # command would wait for ever)
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except TimeoutError:
                raise FileError(f"{scheduler}: the scheduler has no worker (waited "
                                f"{WORKER_WAIT} s): start one with 'dask worker "
                                f"{scheduler}'") from None
            yield client
        finally:
            client.close()
        return
    with LocalCluster(n_workers=jobs or os.cpu_count() or 1, threads_per_worker=1,
                      processes=True, dashboard_address=":0", silence_logs=40) as cluster, \
            Client(cluster) as client:
        yield client


#: The most games a chunk may hold (``--chunk-games``): a chunk's rows stay in its worker
#: until its tables are written, some 50 KB a 4-player Million Club game, so this many
#: hold about half a gigabyte in each worker (measured: 500 games 139 MB, 2,000 games
#: 214 MB, pyarrow and the rest some 115 MB of it).
MOST_CHUNK_GAMES = 10_000


def checked_chunk_games(value, name: str) -> int:
    """``value``, the games a chunk holds (``chunk_games``, or ``--chunk-games`` as
    ``name``), checked: a whole number from 1 to ``MOST_CHUNK_GAMES``, else an error in
    words that says why there is a most."""
    whole(value, name, 1)
    if value > MOST_CHUNK_GAMES:
        raise ValueError(f"{name} is at most {MOST_CHUNK_GAMES:,} (a chunk's rows are held "
                         f"until its tables are written, some 50 KB a game), not {value:,}")
    return value


def build(paths, out: str | os.PathLike, *, client=None, scheduler: str | None = None,
          jobs: int | None = None, chunk_games: int = 500, progress: bool = False
          ) -> BuildReport:
    """Build (or bring up to date) the corpus of the record files ``paths`` in ``out``
    (see the module text).  ``client``: a Dask client to use; else one of ``scheduler``,
    or a local cluster of ``jobs`` processes."""
    started = time.perf_counter()
    checked_chunk_games(chunk_games, "chunk_games")   # (checked before anything is made)
    if jobs is not None:
        processes(jobs, "jobs")
    if not isinstance(paths, (str, os.PathLike, list, tuple)):
        raise TypeError(f"build reads record files and folders (a path, or a list of "
                        f"them), not {type(paths).__name__}")
    out = os.fspath(out)
    if out == "-":   # (standard output, for the commands that print)
        raise FileError("-: a corpus is a folder of Parquet files, not standard output: "
                        "name a folder")
    if os.path.exists(out) and not os.path.isdir(out):
        raise FileError(f"{out}: is a file; a corpus is a folder: give a new or empty "
                        "folder, or a corpus folder to bring up to date")
    skipped: list[str] = []
    files = record_files(paths, skipped)   # (a source that is not there: said before
    os.makedirs(out, exist_ok=True)        # anything is made)
    manifest = _read_manifest(out)
    if not manifest:  # a new corpus: say so first, so that a build killed before its end
        # leaves a folder the next build knows as its own (and finishes)
        write_new(os.path.join(out, MANIFEST), json.dumps({"format": FORMAT, "files": {},
                                                           "chunks": {}}))
    known = manifest.get("files", {})
    digests, stats = {}, {}
    for path in list(files):
        try:
            digest, size, mtime = file_digest(path, known)
        except OSError as exc:  # deleted or moved since it was listed
            skipped.append(f"{path}: could not be read ({exc.strerror or exc}); left out of "
                           "the corpus")
            files.remove(path)
            continue
        digests[path], stats[path] = digest, [digest, size, mtime]
    # (the same file named twice, or a copy of it: its games would be in the corpus twice,
    # under the same game_id)
    files, copies = first_of_each(files, digests)
    same = [f"{path}: holds the same bytes as {first}: its games are in the corpus once, as "
            "that file's" for path, first in copies]
    starts_of = manifest.get("starts", {})
    chunks = plan(files, digests, chunk_games, starts_of, skipped)
    rows = rows_made_by()
    # (chunks written by another mclog, or with other columns, are built again: a
    # dataset holds one version's rows, never some of each)
    done = manifest.get("chunks", {}) if manifest.get("rows") == rows else {}
    todo = [c for c in chunks
            if c.id not in done or not _present(out, c.id, done[c.id].get("files"))]
    building = {c.id for c in todo}
    report = BuildReport(same=same)
    report.errors += skipped
    results = {c.id: done[c.id] for c in chunks if c.id not in building}
    report.kept = len(results)
    if todo:
        if client is None:
            with dask_client(scheduler, jobs) as own:
                _run(own, todo, out, results, progress)
        else:
            _run(client, todo, out, results, progress)
    report.built = len(todo)
    wanted = {c.id for c in chunks}
    report.removed = _remove_others(out, wanted)
    for c in chunks:
        r = results[c.id]
        report.games += r["games"]
        report.errors += r["errors"]
        report.cpu_seconds += r.get("cpu", 0.0) if c.id in building else 0.0
    write_new(os.path.join(out, MANIFEST), json.dumps({
        "format": FORMAT, "rows": rows, "files": stats,
        "starts": {d: v for d, v in starts_of.items() if d in set(digests.values())},
        "chunks": {c.id: {"games": results[c.id]["games"], "errors": results[c.id]["errors"],
                          "files": results[c.id].get("files", {}),
                          "pieces": [[p.path, p.digest, p.start, p.end] for p in c.pieces]}
                   for c in chunks}}))
    report.seconds = time.perf_counter() - started
    return report


def rows_made_by() -> str:
    """What the rows are made by: mclog's version and every registered game's tables and
    columns (``Game.corpus_schema``).  The manifest keeps it; a build by anything else
    builds every chunk again rather than keep rows that another version made, or files
    without a column that the others have."""
    from mclog import __version__, games

    tables: dict[str, dict[str, list[tuple[str, str]]] | None] = {}
    for name in sorted(games.names()):
        try:
            tables[name] = games.game(name).corpus_schema()
        except NotImplementedError:   # (a game with no corpus tables yet)
            tables[name] = None
    text = json.dumps([__version__, tables], sort_keys=True)
    return f"mclog {__version__} {hashlib.sha256(text.encode()).hexdigest()[:16]}"


def _run(client, todo: list[Chunk], out: str, results: dict, progress: bool) -> None:
    from dask.distributed import as_completed

    futures = client.map(build_chunk, todo, out=out, retries=1, pure=False)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=sum(c.games for c in todo), unit="game", desc="corpus")
    for future in as_completed(futures):
        r = future.result()
        results[r["id"]] = {"games": r["games"], "errors": r["errors"], "cpu": r["cpu"],
                            "files": r["files"]}
        if bar is not None:
            bar.update(r["games"] + len(r["errors"]))
    if bar is not None:
        bar.close()


def _read_manifest(out: str) -> dict:
    path = os.path.join(out, MANIFEST)
    if not os.path.exists(path):
        if any(Path(out).iterdir()):
            raise FileError(f"{out}: is not empty and holds no corpus ({MANIFEST} is "
                            "missing); give an empty or new folder")
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise FileError(f"{path}: cannot be read as a corpus manifest ({exc}); remove the "
                        "folder to build it again") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileError(f"{path}: is not a {FORMAT} manifest; remove the folder to build "
                        "it again")
    return data


def _present(out: str, chunk_id: str, files: dict[str, str] | None = None) -> bool:
    """Whether a chunk built before is still whole: each file it wrote is there with the
    checksum the manifest kept (a manifest of an older build, without checksums: its
    errors file is there)."""
    if files is None:
        return os.path.exists(os.path.join(out, ERRORS, f"{chunk_id}.json"))
    for name, digest in files.items():
        path = os.path.join(out, name)
        if not os.path.isfile(path) or _sha256(path) != digest:
            return False
    return True


def _remove_others(out: str, wanted: set[str]) -> int:
    """Remove the files of chunks no longer in the plan; how many chunks went."""
    gone = set()
    for path in Path(out).glob("*/*/.*.parquet.tmp"):  # what a killed build left half-written
        path.unlink()
    for path in Path(out).glob("*/**/*.parquet"):
        if path.stem not in wanted:
            gone.add(path.stem)
            path.unlink()
    errors = Path(out) / ERRORS
    if errors.is_dir():
        for path in errors.glob("*.json"):
            if path.stem not in wanted:
                gone.add(path.stem)
                path.unlink()
    for folder in sorted(Path(out).glob("*/*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            shutil.rmtree(folder, ignore_errors=True)
    return len(gone)


__all__ = ["build", "build_chunk", "BuildReport", "dask_client", "slug", "MANIFEST"]
