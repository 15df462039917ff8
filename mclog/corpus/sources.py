"""The sources of a corpus: record files found, keyed by their content, cut into chunks.

A corpus is rebuilt often (a club adds the week's games, a tournament adds a shard), so
its work is planned from the files' contents: each file is known by the SHA-256 of its
bytes (hashed again only when its size or modification time changed), and the files
are cut into **chunks** of about ``chunk_games`` games whose identity is the hash of
their members.  A chunk already built is never built again; a changed or new file
changes only its own chunk.  Chunk boundaries are content-defined (a chunk ends after a
file whose hash falls on a boundary, as rsync cuts blocks), so adding a file in the
middle of a folder does not shift the chunks after it.  A file of many games is cut
into pieces at game boundaries (a tag line after a body), each a chunk of its own.

This module knows no game.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mclog.errors import RecordError
from mclog.record.files import FileError
from mclog.record.framing import split_games


@dataclass(frozen=True)
class Piece:
    """Part of a source file: bytes ``start`` to ``end`` (``end`` -1: to the end), holding
    about ``games`` games; ``digest`` is the file's content hash."""

    path: str
    digest: str
    start: int = 0
    end: int = -1
    games: int = 1
    #: The number in its file of the piece's first game, and the line it starts on.
    first_game: int = 1
    first_line: int = 1

    def key(self) -> str:
        return f"{self.path}\0{self.digest}:{self.start}:{self.end}"


@dataclass(frozen=True)
class Chunk:
    """Pieces built together by one task; ``id`` names its output files."""

    id: str
    pieces: tuple[Piece, ...]

    @property
    def games(self) -> int:
        return sum(p.games for p in self.pieces)


def record_files(paths, skipped: list[str] | None = None) -> list[str]:
    """Every record file of ``paths`` (files, or folders searched for ``*.mclog`` at any
    depth), sorted; a path that does not exist is an error.  What is named like a record
    but cannot be one (a link to nothing, a FIFO or a device, an empty file) is left out
    and said in ``skipped``, as ``validate`` names each one: never passed over without a
    word (issue 30)."""
    found: list[str] = []
    for p in map(Path, [paths] if isinstance(paths, (str, os.PathLike)) else paths):
        if p.is_dir():
            candidates = sorted(p.rglob("*.mclog"))
        elif p.exists() or p.is_symlink():
            candidates = [p]
        else:
            raise FileError(f"{p}: no such file or folder")
        for f in candidates:
            why = _not_a_record(f)
            if why is None:
                found.append(str(f))
            elif skipped is not None:
                skipped.append(f"{f}: {why}; left out of the corpus")
    return sorted(set(found))


def _not_a_record(path: Path) -> str | None:
    """Why ``path`` cannot be read as a record file, or ``None``."""
    if path.is_dir():
        return "is a folder named like a record"
    if path.is_symlink() and not path.exists():
        return "is a link to nothing"
    try:
        st = path.stat()
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if not stat.S_ISREG(st.st_mode):
        return "is not a file (a FIFO or a device)"
    if st.st_size == 0:
        return "is empty: it holds no game"
    return None


def file_digest(path: str, known: dict | None = None) -> tuple[str, int, int]:
    """``(sha256, size, mtime_ns)`` of a file; taken from ``known`` (a previous build's
    ``{path: [digest, size, mtime_ns]}``) when the size and time are unchanged."""
    st = os.stat(path)
    old = (known or {}).get(path)
    if old and old[1] == st.st_size and old[2] == st.st_mtime_ns:
        return old[0], st.st_size, st.st_mtime_ns
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest(), st.st_size, st.st_mtime_ns


def first_of_each(files: list[str], digests: dict[str, str]
                  ) -> tuple[list[str], list[tuple[str, str]]]:
    """``files`` with each file's bytes (``digests``) once, the first of them kept, and
    each other file with the one kept in its place: the same file named twice, a link to
    it or a copy of it holds the same games, which a corpus would count twice.

    >>> first_of_each(["a", "b", "c"], {"a": "1", "b": "2", "c": "1"})
    (['a', 'b'], [('c', 'a')])
    """
    first: dict[str, str] = {}
    kept, copies = [], []
    for path in files:
        digest = digests[path]
        if digest in first:
            copies.append((path, first[digest]))
        else:
            first[digest] = path
            kept.append(path)
    return kept, copies


def game_starts(path: str) -> list[tuple[int, int]]:
    """``(byte offset, line number)`` of each game of a file, where the record's own
    framing (``split_games``) starts one: a tag line after a body, never a ``[`` inside a
    comment.  The first game starts at the file's start.  Past a mistake the framing
    cannot read on (a comment never closed), the rest of the file is one piece: its
    build reports the mistake, located."""
    offsets: dict[int, int] = {}  # line -> byte offset, of the lines a game may start on

    def lines() -> Iterator[str]:
        offset = 0
        with open(path, "rb") as f:
            for number, raw in enumerate(f, 1):
                if raw.lstrip()[:1] == b"[":
                    offsets[number] = offset
                offset += len(raw)
                yield raw.decode("utf-8", "replace").rstrip("\n")

    starts = [(0, 1)]
    try:
        for index, game in enumerate(split_games(lines())):
            if index:
                starts.append((offsets[game.start], game.start))
            for line in [n for n in offsets if n <= game.start]:  # (memory: a game's worth)
                del offsets[line]
    except RecordError:
        pass
    return starts


#: A file larger than this holds several games: it is cut at game boundaries into pieces
#: of ``chunk_games`` games (a game's record is a few kilobytes).
SPLIT_BYTES = 64 * 1024


def plan(files: list[str], digests: dict[str, str], chunk_games: int,
         starts_of: dict[str, list] | None = None,
         skipped: list[str] | None = None) -> list[Chunk]:
    """The chunks of the corpus (see the module text).  ``starts_of``: the game starts
    of large files by content hash, from an earlier build (filled in here).  A file
    that vanishes while it is planned is left out and said in ``skipped``."""
    chunks: list[Chunk] = []
    run: list[Piece] = []
    starts_of = {} if starts_of is None else starts_of

    def close() -> None:
        if run:
            chunks.append(_chunk(tuple(run)))
            run.clear()

    for path in files:
        digest = digests[path]
        try:
            large = os.path.getsize(path) > SPLIT_BYTES
            if large and digest not in starts_of:
                starts_of[digest] = game_starts(path)
        except OSError as exc:  # deleted or moved since it was listed (issue 30)
            if skipped is not None:
                skipped.append(f"{path}: could not be read ({exc.strerror or exc}); left out "
                               "of the corpus")
            continue
        if large:
            close()
            starts = [tuple(s) for s in starts_of[digest]]
            for i in range(0, len(starts), chunk_games):
                part = starts[i:i + chunk_games]
                end = starts[i + chunk_games][0] if i + chunk_games < len(starts) else -1
                chunks.append(_chunk((Piece(path, digest, part[0][0], end, len(part),
                                            i + 1, part[0][1]),)))
            continue
        run.append(Piece(path, digest))
        # a content-defined boundary: on average one file in ``chunk_games`` ends a chunk
        # (and a chunk never grows past four times that)
        if int(digest[:8], 16) % chunk_games == 0 or len(run) >= 4 * chunk_games:
            close()
    close()
    return chunks


def _chunk(pieces: tuple[Piece, ...]) -> Chunk:
    h = hashlib.sha256()
    for p in pieces:
        h.update(p.key().encode() + b"\n")
    return Chunk(h.hexdigest()[:24], pieces)


__all__ = ["Piece", "Chunk", "record_files", "file_digest", "first_of_each", "game_starts",
           "plan"]
