"""Files: reading a record's bytes within bounds, and replacing a file without damage.

A record is a person's only copy of an evening.  Whatever mclog reads is judged by the
bytes actually read (a pipe, a FIFO or a device reports no useful size), and whatever
it writes goes to a temporary file beside the original, is read back and checked, and
only then takes the original's place, with the original's mode (and owner, where
permitted), through a symbolic link to its target, and into the same file where other
hard links share it.  A read-only file is refused, and the temporary file is removed on
every failure, signals included.  This module knows no game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator

from ..errors import MclogError

#: What one read may hold: a record file is at most 10 MB (``too-large`` past it).
MAX_BYTES = 10 * 1024 * 1024


class FileError(MclogError):
    """A file that cannot be read or written as asked: ``path: reason``."""

    code = "file"


def read_source(path: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` (``-``: standard input), reading at most ``limit`` + 1 bytes:
    more than ``limit`` is refused however the file reports its size."""
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        name = "<stdin>"
    else:
        name = path
        if not path:
            raise FileError("'': an empty name is no file")
        try:
            if os.path.isdir(path):
                raise FileError(f"{path}: is a folder, not a record file")
            with open(path, "rb") as f:
                data = f.read(limit + 1)
        except OSError as exc:
            raise FileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FileError(f"{name}: more than {limit} bytes; a record file is at most "
                        f"{limit // (1024 * 1024)} MB")
    return data


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While a file is being replaced, a terminating signal unwinds (so the temporary file
    is removed) instead of killing the process where it stands."""
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


def replace_file(path: str, text: str, verify: Callable[[str], None] | None = None) -> None:
    """Replace the contents of ``path`` with ``text``, safely (see the module text).

    ``verify(text_read_back)`` raises (an ``MclogError`` saying why) if what was written
    is not what it should be; the original is then left untouched.
    """
    target = os.path.realpath(path)  # through a symbolic link, to the file itself
    try:
        st = os.stat(target)
    except OSError as exc:
        raise FileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise FileError(f"{path}: the file is read-only; it was left unchanged (make it "
                        "writable to let mclog rewrite it)")
    with _signals_raise():
        tmp = _written_beside(target, text)
        try:
            with open(tmp, encoding="utf-8", newline="") as f:
                back = f.read()
            if back != text:
                raise FileError(f"{path}: what was written did not read back the same; the "
                                "file was left unchanged")
            if verify is not None:
                verify(back)
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
            with contextlib.suppress(OSError):  # the owner too, where permitted
                os.chown(tmp, st.st_uid, st.st_gid)
            if st.st_nlink > 1:  # other names share this file: write into it, keep them
                with open(target, "r+", encoding="utf-8", newline="") as f:
                    f.write(text)
                    f.truncate()
                    f.flush()
                    os.fsync(f.fileno())
                os.unlink(tmp)
            else:
                os.replace(tmp, target)
                _sync_folder(target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def write_new(path: str, text: str) -> None:
    """Write a new file (or replace one mclog made, such as a simulated game) all at once:
    never half a file, and with the permissions a new file gets (not a temporary's 0600)."""
    with _signals_raise():
        tmp = _written_beside(os.path.realpath(path), text)
        try:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, os.path.realpath(path))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def _written_beside(target: str, text: str) -> str:
    """A temporary file in ``target``'s folder holding ``text``, flushed to the disk."""
    folder = os.path.dirname(target) or "."
    fd, tmp = tempfile.mkstemp(prefix=".mclog-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
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
