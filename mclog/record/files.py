"""Files: reading a record's bytes within bounds, and replacing a file without damage.

A record is a person's only copy of an evening.  Whatever mclog reads is judged by the
bytes actually read (a pipe, a FIFO or a device reports no useful size), and whatever
it writes goes to a temporary file beside the original, is read back and checked, and
only then takes the original's place by a rename, with the original's mode (and owner,
where permitted), through a symbolic link to its target.  What each writer promises
(``docs/files.md``):

* the file is the old record or the new one, never a mix, whenever the process stops;
* a file that changed while mclog wrote its new form (a line appended by another
  program) is left as it is, with a message: nothing appended is lost;
* a file with other hard links is replaced under this name by the rename (a copy into
  the shared file could be stopped half way); the other names keep the old record;
* a device or a FIFO is written into, never replaced (``/dev/null``, a pipe a reader
  waits on), and ``-`` is the standard output;
* a read-only file is refused, and the temporary file is removed on every failure,
  signals included.

This module knows no game.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator

from ..errors import MclogError, RecordError
from ..printable import printable

#: One game of a record is at most 10 MB (``too-large`` past it; the framing counts it).
MAX_GAME = 10 * 1024 * 1024
#: What a file read as it goes may hold: 1 GB, however many games.
MAX_STREAM = 1024 * 1024 * 1024
#: A line of a record is at most this many characters (``too-large`` past it).
MAX_LINE = 10_000
#: ... and a tag line this many: a component set embedded in its tag (``[Components
#: "{...}"]``, the JSON that a record carries wherever it goes: some 15 to 25 kB for a
#: game's whole set, its quotes escaped) is one line.
MAX_TAG_LINE = 1_000_000


def line_limit(line: str | bytes) -> int:
    """The most characters ``line`` may hold: ``MAX_TAG_LINE`` for a tag line (one that
    starts with ``[``, as the framing reads it), else ``MAX_LINE``.

    >>> line_limit('[Components "{}"]'), line_limit("start Ann"), line_limit(b"  [Game")
    (1000000, 10000, 1000000)
    """
    return MAX_TAG_LINE if line.lstrip()[:1] in ("[", b"[") else MAX_LINE


def over_limit(line: str) -> bool:
    """Whether ``line`` holds more than its ``line_limit`` (asked of every line a writer
    writes: a line within ``MAX_LINE`` is not looked at again).

    >>> over_limit("x" * 10_001), over_limit("[Components " + "x" * 10_001 + "]")
    (True, False)
    """
    return len(line) > MAX_LINE and len(line) > line_limit(line)


def too_long(number: int, limit: int, name: str | None, length: int | None = None
             ) -> RecordError:
    """The error of line ``number``, ``length`` characters long (None: still being read,
    and over its ``line_limit``, ``limit``, already)."""
    which = "a tag line" if limit == MAX_TAG_LINE else "a line of a record"
    size = f"over {limit}" if length is None else str(length)
    return RecordError(f"Line {number} is {size} characters long; {which} is at most "
                       f"{limit}", line=number, col=limit + 1, file=name, code="too-large")


class FileError(MclogError):
    """A file that cannot be read or written as asked: ``path: reason``."""

    code = "file"


def read_source(path: str, limit: int, what: str = "such a file") -> bytes:
    """The whole of ``path`` (``-``: standard input), for what cannot be read as it goes
    (a JSON document): at most ``limit`` + 1 bytes are read, and more than ``limit`` is
    refused however the file reports its size."""
    with _opened(path) as (f, name):
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise FileError(f"{name}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise RecordError(f"This file is over {limit} bytes; {what} is read whole, and "
                          f"is at most {limit // (1024 * 1024)} MB", line=1, col=1,
                          file=name, code="too-large")
    return data


def _a_folder(path: str) -> str:
    """A folder given for a record: said, with how to name the records in it, or in the
    folders in it (a folder of games sorted by game, as ``sample_games``), where there
    are any."""
    import glob   # (a slip's only)

    for pattern in ("*.mclog", os.path.join("*", "*.mclog")):
        if next(glob.iglob(os.path.join(glob.escape(path), pattern)), None) is not None:
            where = "in it" if pattern == "*.mclog" else "in its folders"
            return (f"{path}: is a folder, not a record file (the records {where}: "
                    f"{os.path.join(path, pattern)})")
    return f"{path}: is a folder, not a record file (and holds no .mclog record)"


@contextlib.contextmanager
def _opened(path: str) -> Iterator[tuple]:
    """The binary file ``path`` open for reading (``-``: standard input, left open), with
    the name messages give it; a ``FileError`` for what cannot be opened."""
    if path == "-":
        yield sys.stdin.buffer, "<stdin>"
        return
    if not path:
        raise FileError("'': an empty name is no file")
    try:
        if os.path.isdir(path):
            raise FileError(_a_folder(path))
        f = open(path, "rb")
    except OSError as exc:
        raise FileError(f"{path}: cannot be read: {exc.strerror or exc}"
                        f"{_home_meant(path, exc)}") from None
    with f:
        yield f, path


def _home_meant(path: str, exc: OSError) -> str:
    """Where ``path`` starts with ``~`` and names no file, but the same path in the home
    folder does, the hint that ``~`` is read as it is written (a shell turns it into the
    home folder; Python, a quoted name and a notebook do not)."""
    home = os.path.expanduser(path) if path.startswith("~") else path
    if isinstance(exc, FileNotFoundError) and home != path and os.path.exists(home):
        return f" (~ is not the home folder here: the file there is {printable(home)})"
    return ""


def decode(data: bytes, file: str | None = None) -> str:
    """UTF-8 text of ``data``, checked as a record's text: no NUL, no line over
    ``MAX_LINE`` characters, each mistake located (the byte offset for bad UTF-8)."""
    return "\n".join(_checked_block(data, 0, 0, file))


def lines_of(data: bytes, name: str) -> Iterator[str]:
    """The lines of ``data``, a record file's bytes read already (standard input that
    ``fmt --check`` compares once read), checked as ``iter_lines`` checks a file's."""
    return _lines(io.BytesIO(data), name, MAX_STREAM)


def iter_lines(path: str, limit: int = MAX_STREAM) -> Iterator[str]:
    """The lines of the record file ``path`` (``-``: standard input), decoded one by one as
    they are read, so that memory holds one line, not the file: each checked as
    ``decode`` checks a whole text (UTF-8, no NUL, at most ``MAX_LINE`` characters), and
    at most ``limit`` bytes in all.  Errors are located ``RecordError``s (``FileError``
    for a file that cannot be read)."""
    with _opened(path) as (f, name):
        yield from _lines(f, name, limit)


def _lines(f, name: str, limit: int) -> Iterator[str]:
    """The checked lines of the open binary file ``f``, read a block at a time (each block
    decoded and checked at once: a line at a time would cost a third of a replay)."""
    offset = 0  # bytes before ``rest``
    number = 0  # lines yielded
    rest = b""
    while True:
        try:
            chunk = f.read(1 << 20)
        except OSError as exc:
            raise FileError(f"{name}: cannot be read: {exc.strerror or exc}") from None
        if offset + len(rest) + len(chunk) > limit:
            raise RecordError(f"This file is over {limit} bytes; a file is read up to "
                              f"{limit // (1024 * 1024)} MB", line=number + 1, col=1,
                              file=name, code="too-large")
        if not chunk:
            if rest:
                yield from _checked_block(rest, number, offset, name)
            return
        block, cut, rest = (rest + chunk).rpartition(b"\n")
        if not cut:  # no end of line yet: the line so far must not be too long
            rest = block + rest
            longest = line_limit(rest[:64])
            if len(rest) > 4 * longest:  # a UTF-8 character is 4 bytes at most
                raise too_long(number + 1, longest, name)
            continue
        lines = _checked_block(block, number, offset, name)
        number += len(lines)
        offset += len(block) + 1
        yield from lines


def piece_lines(data: bytes, name: str, first_line: int = 1, offset: int = 0) -> list[str]:
    """The lines of ``data``, a piece of the file ``name`` that starts ``offset`` bytes in,
    on its line ``first_line`` (a corpus builds a file in pieces), checked as ``read``
    checks a whole file's: UTF-16 at the file's start, bytes that are not UTF-8, a NUL, a
    lone CR, a line over ``MAX_LINE``; a ``RecordError`` located in the whole file.  So
    a corpus refuses what ``mclog validate`` refuses, in the same words.

    >>> piece_lines(b"[Players \\"Ann, Ben\\"]\\nstart Ann\\n", "g.mclog")
    ['[Players "Ann, Ben"]', 'start Ann', '']
    >>> try:
    ...     piece_lines(b"start Ann\\rpool x\\n", "g.mclog", first_line=40, offset=900)
    ... except RecordError as exc:
    ...     print(exc.line, exc.col, exc.reason[:36])
    40 10 A carriage return (CR) stands inside
    """
    return _checked_block(data, first_line - 1, offset, name)


def without_marks(text: str) -> str:
    """``text`` without a byte order mark (U+FEFF, unseen in an editor) at the start of a
    line: a file's own at its start, and those that joining files (``cat *.mclog``) leaves
    at the start of each file after the first.  It is no part of a record (even at the start
    of a comment's second line); anywhere else in a line (in a comment) it is kept."""
    if "\ufeff" not in text:
        return text
    return text.removeprefix("\ufeff").replace("\n\ufeff", "\n")


def utf8_text(data: bytes) -> str:
    """The text of a whole file's ``data`` that is not a record (a JSON record, a
    component file), its byte order mark left out as a record's is; ``ValueError`` in
    words for UTF-16 or bytes that are not UTF-8."""
    if _utf16(data):
        raise ValueError(f"{UTF16}: save it as UTF-8")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start})") from None


#: What a file saved as UTF-16 is, in words (a record's, a JSON file's, a component file's).
UTF16 = "UTF-16 text (what Windows Notepad saves as 'Unicode'), not UTF-8"


def _utf16(start: bytes) -> bool:
    """Whether a file starting with ``start`` is UTF-16: its byte order mark, or a zero
    byte beside each of its first two ASCII characters (a record starts with ``[`` or a
    word)."""
    return start[:2] in (b"\xff\xfe", b"\xfe\xff") or (
        len(start) >= 4 and (start[1] == start[3] == 0) != (start[0] == start[2] == 0))


def _checked_block(block: bytes, number: int, offset: int, name: str | None) -> list[str]:
    """The lines of ``block`` (whole lines; ``number`` lines and ``offset`` bytes come
    before it), checked as ``decode`` checks a text."""
    if offset == 0 and _utf16(block):
        raise RecordError(f"This is {UTF16}: save the record as UTF-8", line=1, col=1,
                          file=name, code="encoding")
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = block[:exc.start]
        line = number + before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise RecordError(f"This is not UTF-8 text: byte {offset + exc.start} "
                          f"(0x{block[exc.start]:02x}) cannot be read; save the record as UTF-8",
                          line=line, col=col, file=name, code="encoding") from None
    return _checked_lines(without_marks(text), number, name)


def checked_text(text: str, file: str | None = None) -> list[str]:
    """The lines of a record's ``text`` given in Python (``mclog.parse``), checked as a
    file's are when ``read`` reads it: a NUL, a lone CR, a line over ``MAX_LINE`` are each
    refused in the same words, located (a text read from a file with ``open()`` has had its
    line ends made LF; one made otherwise may hold anything).

    >>> checked_text('[Players "Ann, Ben"]\\r\\nstart Ann')
    ['[Players "Ann, Ben"]\\r', 'start Ann']
    >>> try:
    ...     checked_text('[Players "Ann, Ben"]\\nstart\\x00Ann', "<text>")
    ... except RecordError as exc:
    ...     print(exc)
    <text>:2:6: This file holds binary data (a NUL character), not a record
    """
    return _checked_lines(without_marks(text), 0, file)


def _checked_lines(text: str, number: int, name: str | None) -> list[str]:
    """The lines of ``text`` (``number`` lines come before it), checked as ``decode``
    checks a text once it is UTF-8."""
    lines = text.split("\n")
    if "\x00" in text:
        at = next(i for i, line in enumerate(lines) if "\x00" in line)
        raise RecordError("This file holds binary data (a NUL character), not a record",
                          line=number + at + 1, col=lines[at].index("\x00") + 1, file=name,
                          code="encoding")
    # (a CR ends a line only before its LF: CR LF, as Windows writes; the lines are looked
    # through only where a CR stands anywhere else)
    if "\r" in text and "\r" in text.replace("\r\n", "\n"):
        for at, content in enumerate(lines):
            inside = content.rstrip("\r").find("\r")
            if inside >= 0:
                raise RecordError(
                    "A carriage return (CR) stands inside this line: a record's lines end "
                    "with LF or CR LF; a file whose lines end with CR alone (the old Mac "
                    "form) must be saved with either", line=number + at + 1, col=inside + 1,
                    file=name, code="encoding")
    if max(map(len, lines)) > MAX_LINE:
        for at, line in enumerate(lines):
            if over_limit(line):
                raise too_long(number + at + 1, line_limit(line), name, len(line))
    return lines


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While a file is being replaced, a terminating signal unwinds (so the temporary file
    is removed) instead of killing the process where it stands.  (``signal`` is imported
    here, by the commands that replace a file: ``mclog validate`` starts without it.)"""
    import signal

    def stop(number, frame):
        raise SystemExit(128 + number)

    saved = {}
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                saved[sig] = signal.signal(sig, stop)
            except (ValueError, OSError):  # not the main thread: nothing to install
                pass
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


class Comparison:
    """Whether the text written to it, piece by piece, is exactly the file ``path`` (read
    alongside, so that neither is held whole): ``fmt --check`` and ``fmt`` of a file that is
    already canonical change nothing.  Where they part is kept (``difference``), for
    ``fmt --check`` to say."""

    def __init__(self, path: str):
        try:
            _must_be_regular(path, os.stat(path))  # (opening a pipe would wait for a writer)
            self._file = open(path, "rb")
        except OSError as exc:
            raise FileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
        self.same = True
        #: The lines written so far, all the same as the file's.
        self._lines = 0
        #: Where the file parts from the text written, in words ("" while it has not).
        self.difference = ""

    def write(self, text: str) -> None:
        if self.same:
            data = text.encode("utf-8")
            read = self._file.read(len(data))
            if read == data:
                self._lines += data.count(b"\n")
                return
            self.same = False
            self.difference = parting(read, data, first_line=self._lines + 1) or ""

    def unchanged(self) -> bool:
        """True if the file holds exactly what was written (and nothing more)."""
        with self._file:
            if self.same and self._file.read(1):
                self.same = False
                self.difference = (f"from line {self._lines + 1}: the file goes on after "
                                   "the record's last line")
            return self.same

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Comparison:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def parting(read: bytes, written: bytes, first_line: int = 1) -> str | None:
    """Where the bytes ``read`` part from the canonical text ``written`` (which starts on
    ``first_line``), in words, or None where they are the same: ``fmt --check`` of a file
    (``Comparison``, a piece at a time) and of standard input (whole).

    >>> parting(b"a\\nb\\n", b"a\\nc\\n"), parting(b"a\\n", b"a\\n")
    ('from line 2', None)
    """
    if read == written:
        return None
    at = next((i for i, (a, b) in enumerate(zip(written, read)) if a != b),
              min(len(written), len(read)))
    line = first_line + written.count(b"\n", 0, at)
    if at == len(written):
        return f"from line {line}: the file goes on after the record's last line"
    return _parting(read, at, line)


def _parting(read: bytes, at: int, line: int) -> str:
    """Where a file parts from its canonical text, at byte ``at`` of ``read`` (the file's
    bytes there), on ``line``: said as a line end or a byte order mark where one is the
    cause, which an editor does not show."""
    if read.startswith(b"\xef\xbb\xbf", at):
        return f"a byte order mark at line {line}"
    if read.startswith(b"\r\n", at):
        return f"its lines end with CR LF (from line {line}; the canonical text's with LF)"
    return f"from line {line}"


def _must_be_regular(path: str, st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise FileError(_a_folder(path))
    if not stat.S_ISREG(st.st_mode):
        raise FileError(f"{path}: is not a regular file (a pipe or a device); only a file "
                        "can be compared with its canonical form and rewritten")


class Replacement:
    """The new contents of a file, written piece by piece (``write``) to a temporary file
    beside it; ``commit`` puts them in the file's place (see ``replacing``)."""

    def __init__(self, path: str):
        self.path = path
        self.target = os.path.realpath(path)  # through a symbolic link, to the file itself
        try:
            self._stat = os.stat(self.target)
        except OSError as exc:
            raise FileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
        _must_be_regular(path, self._stat)
        import hashlib   # (a write's, not a read's: mclog validate starts without it)

        self._digest = hashlib.sha256()
        self.temporary, self._file = _temporary_beside(self.target)
        self.committed = False
        try:
            self._compared = Comparison(self.target)
        except FileError:
            self.discard()
            raise

    def write(self, text: str) -> None:
        data = text.encode("utf-8")
        self._file.write(data)
        self._digest.update(data)
        self._compared.write(text)

    def unchanged(self) -> bool:
        """Whether what was written is exactly what the file holds (then it need not be
        replaced).  Ends the writing."""
        self._close()
        return self._compared.unchanged()

    def commit(self, verify: Callable[[str], None] | None = None) -> None:
        """Check what was written and put it in the file's place.  ``verify(temporary)``
        (the path of what was written, to read as it goes) raises an ``MclogError`` if it
        is not what it should be; the file is then left untouched."""
        path, st = self.path, self._stat
        if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            raise FileError(f"{path}: the file is read-only; it was left unchanged (make it "
                            "writable to let mclog rewrite it)")
        self._close()
        import hashlib

        back = hashlib.sha256()
        with open(self.temporary, "rb") as f:
            while chunk := f.read(1 << 20):
                back.update(chunk)
        if back.digest() != self._digest.digest():
            raise FileError(f"{path}: what was written did not read back the same; the "
                            "file was left unchanged")
        if verify is not None:
            verify(self.temporary)
        os.chmod(self.temporary, stat.S_IMODE(st.st_mode))
        with contextlib.suppress(OSError):  # the owner too, where permitted
            os.chown(self.temporary, st.st_uid, st.st_gid)
        self._still_the_same()
        # (a file with other hard links too: a copy into the shared file could be stopped
        # half way, new text over the old one's tail under every name; the rename gives
        # this name the new record whole, and the other names keep the old one whole)
        os.replace(self.temporary, self.target)
        _sync_folder(self.target)
        self.committed = True

    def _still_the_same(self) -> None:
        """The file is the one read, as it was read: another program may have appended to
        it (a recorder still writing) while its new form was made; replacing it would lose
        what it added."""
        try:
            now = os.stat(self.target)
        except OSError as exc:
            raise FileError(f"{self.path}: cannot be read any more: "
                            f"{exc.strerror or exc}; nothing was written") from None
        was = self._stat
        if (now.st_ino, now.st_dev, now.st_size, now.st_mtime_ns) != \
                (was.st_ino, was.st_dev, was.st_size, was.st_mtime_ns):
            raise FileError(f"{self.path}: the file changed while mclog was writing its new "
                            "form (another program wrote to it); it was left as it is now: "
                            "run the command again")

    def _close(self) -> None:
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()

    def discard(self) -> None:
        """Forget what was written (the file stays as it was): the temporary goes."""
        with contextlib.suppress(OSError):
            self._file.close()
        with contextlib.suppress(OSError, AttributeError):  # (AttributeError: never opened)
            self._compared.close()
        if not self.committed:
            with contextlib.suppress(OSError):
                os.unlink(self.temporary)


@contextlib.contextmanager
def replacing(path: str) -> Iterator[Replacement]:
    r"""A ``Replacement`` of the file ``path``: what is written to it replaces the file only
    on ``commit``; on leaving the block otherwise (an error, a signal, a return) the file
    is as it was and the temporary file is gone.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "game.mclog"; _ = p.write_text("old\n")
    >>> with replacing(str(p)) as new:
    ...     new.write("new\n")
    ...     new.commit()
    >>> p.read_text(), [f.name for f in p.parent.iterdir()]
    ('new\n', ['game.mclog'])
    """
    with _signals_raise():
        new = Replacement(path)
        try:
            yield new
        finally:
            new.discard()


def replace_file(path: str, text: str, verify: Callable[[str], None] | None = None) -> None:
    """Replace the contents of ``path`` with ``text``, safely (see the module text and
    ``Replacement.commit`` for ``verify``)."""
    with replacing(path) as new:
        new.write(text)
        new.commit(verify)


def write_new(path: str, text: str | Iterable[str]) -> None:
    """Write a new file (or replace one mclog made, such as a simulated game) all at once:
    never half a file, and with the permissions a new file gets (not a temporary's 0600).
    ``-`` is the standard output, and a device or a FIFO is written into, never replaced
    (``write_into``).

    ``text`` may come in pieces, written as they come (``mclog simulate -o games.mclog``
    of a million games holds one shard of them at a time, not the file): the file is
    still put in place whole, once the last piece is written, and a failure on the way
    leaves what was there before."""
    pieces = (text,) if isinstance(text, str) else text
    if path == "-":
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    st = _stat_or_none(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        write_into(path, st, pieces)
        return
    with _signals_raise():
        tmp = _written_beside(os.path.realpath(path), pieces)
        try:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, os.path.realpath(path))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def check_writable(path: str) -> None:
    """Fail now, in ``write_new``'s words, where ``write_new(path, ...)`` could not write:
    a folder, what is no file, a device or a pipe, a folder that is not there or not
    writable.  A command whose work takes minutes or hours (a review by rollouts) asks it
    first, so that a mistyped ``-o`` is said before the work, not after it.  (It writes,
    and removes, a temporary file beside ``path``, as the write will.)"""
    if path == "-":
        return
    st = _stat_or_none(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        _can_be_written_into(path, st.st_mode)
        return   # (a device or a pipe is written into when the work is done)
    tmp, f = _temporary_beside(os.path.realpath(path))
    f.close()
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def check_not_replacing(path: str, what: str, same_kind: Callable[[bytes], bool]) -> None:
    """Refuse, in words, to write ``what`` (a page, a review) over an existing file that
    holds something else: ``-o`` replaces an earlier file of its own kind (``same_kind``
    of the file's first 64 kB), never a record, its JSON form, a component file or any
    other file a person keeps (a record is a person's only copy of an evening).  An
    empty file, a device and ``-`` are written as they always are."""
    st = _stat_or_none(path) if path != "-" else None
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        return
    try:
        with open(path, "rb") as f:
            start = f.read(1 << 16)
    except OSError:
        return   # (``check_writable`` and the writer say why it cannot be written)
    if not same_kind(start):
        raise FileError(f"{path}: holds something other than {what} (a record? a component "
                        "file?), and is not written over: name another file, or remove this "
                        "one first")


def write_into(path: str, st: os.stat_result, pieces: Iterable[str]) -> None:
    """Write the text of ``pieces`` into an existing device or FIFO (``/dev/null``,
    ``/dev/stdout``, a pipe a reader waits on): never a rename over it, which would put a
    plain file in its place (as root, over the system's ``/dev/null``).  A folder, a
    socket or a block device is refused, and so is a FIFO no program reads (waiting for
    one would hang)."""
    mode = st.st_mode
    _can_be_written_into(path, mode)
    flags = os.O_WRONLY | (os.O_NONBLOCK if stat.S_ISFIFO(mode) else 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if stat.S_ISFIFO(mode) and exc.errno == errno.ENXIO:
            raise FileError(f"{path}: is a pipe that no program is reading; nothing was "
                            "written") from None
        raise FileError(f"{path}: cannot be written: {exc.strerror or exc}") from None
    try:
        os.set_blocking(fd, True)
        with os.fdopen(fd, "wb", closefd=False) as f:
            for piece in pieces:
                f.write(piece.encode("utf-8"))
            f.flush()
    except OSError as exc:
        raise FileError(f"{path}: cannot be written: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _stat_or_none(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _can_be_written_into(path: str, mode: int) -> None:
    """What is there and no plain file: a folder, a socket or a block device is refused
    (a character device or a FIFO is written into)."""
    if stat.S_ISDIR(mode):
        raise FileError(f"{path}: is a folder; give the name of a file to write")
    if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        raise FileError(f"{path}: is not a file, a character device or a pipe; nothing "
                        "was written")


def _temporary_beside(target: str):
    """(path, open binary file) of a new temporary file in ``target``'s folder, named with
    this process's id (``.mclog-<pid>-....tmp``): what a process killed outright (no
    clean-up runs then) left there is removed by the next write into that folder
    (``_remove_orphans``)."""
    folder = os.path.dirname(target) or "."
    _remove_orphans(folder)
    try:
        import tempfile   # (a write's only)

        fd, tmp = tempfile.mkstemp(prefix=f".mclog-{os.getpid()}-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileError(f"{target}: cannot write beside it in {folder}: "
                        f"{exc.strerror or exc}") from None
    return tmp, os.fdopen(fd, "wb")


#: The folders whose orphans this process has removed already (once a folder is enough:
#: ``simulate --out`` writes thousands of files into one).
_CLEANED: set[str] = set()


def _remove_orphans(folder: str) -> None:
    """Remove the temporary files of mclog processes that are no longer running (a kill
    -9, a power cut): never another running process's, never anything else."""
    key = os.path.realpath(folder)
    if key in _CLEANED:
        return
    _CLEANED.add(key)
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if not (name.startswith(".mclog-") and name.endswith(".tmp")):
                continue
            pid = name[len(".mclog-"):].partition("-")[0]
            if not pid.isascii() or not pid.isdigit() or _alive(int(pid)):
                continue
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))


def clear_orphans_beside(path: str) -> None:
    """Remove what killed mclog processes left in ``path``'s folder (``_remove_orphans``):
    for a command that may end without writing there (a recording resumed and left)."""
    _remove_orphans(os.path.dirname(path) or ".")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` is running (and may still write the temporary it named).
    A process killed a moment ago whose parent has not reaped it yet (a corpus build's
    worker, its whole process group killed) is a zombie: it writes nothing any more."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's process: alive)
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether ``pid`` has ended and waits to be reaped (Linux's ``/proc/PID/stat`` says
    ``Z``; where there is no ``/proc``, no process is taken for one)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat_line = f.read()
    except OSError:
        return False
    # (the state follows the command's name, in parentheses that may hold any character)
    fields = stat_line.rpartition(b")")[2].split()
    return bool(fields) and fields[0] == b"Z"


def _written_beside(target: str, pieces: Iterable[str]) -> str:
    """A temporary file in ``target``'s folder holding the text of ``pieces``, flushed to
    the disk."""
    tmp, f = _temporary_beside(target)
    try:
        with f:
            for piece in pieces:
                f.write(piece.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _sync_folder(target: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(os.path.dirname(target) or ".", os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
