"""Work a widget does in a thread of its own, stopped cleanly when Python exits.

A widget fills in what takes time (exact score ranges, win chances) in a daemon thread,
so that the page is drawn at once.  Python does not wait for a daemon thread at exit:
it freezes it wherever it stands.  One that stands inside CP-SAT, whose solver runs its
own C++ threads, then takes the whole process down as it ends (``terminate called
without an active exception``, exit status 134): a script that made two replay widgets
and ended, or a kernel shut down while the ranges were still being found.

So each such thread is started here with a way to ask it to stop soon (``stop``: the
score ranges' budget spent, the rollouts' loop told to end), and at exit every one still
running is asked, then waited for, a bounded time each.

>>> import threading
>>> asked = threading.Event()
>>> thread = start(asked.wait, name="example", stop=asked.set)
>>> thread.daemon, thread in _running
(True, True)
>>> _running[thread](); thread.join(); thread in _running   # (as exit asks it)
False
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable

#: How long exit waits for each thread once asked to stop, in seconds: longer than one
#: CP-SAT question may take (a score range's budget) on a busy machine.
EXIT_WAIT = 20.0

_running: dict[threading.Thread, Callable[[], None]] = {}
_lock = threading.Lock()


def start(target: Callable[[], object], *, name: str,
          stop: Callable[[], None]) -> threading.Thread:
    """Run ``target`` in a daemon thread called ``name``; ``stop()`` asks it to end soon
    (called from another thread, at exit)."""
    def run() -> None:
        try:
            target()
        finally:
            with _lock:
                _running.pop(thread, None)

    thread = threading.Thread(target=run, name=name, daemon=True)
    with _lock:
        _running[thread] = stop
    thread.start()
    return thread


def stop_all(wait: float = EXIT_WAIT) -> None:
    """Ask every thread started here that still runs to stop, then wait for each (at most
    ``wait`` seconds each)."""
    with _lock:
        running = list(_running.items())
    for _, stop in running:
        stop()
    for thread, _ in running:
        thread.join(wait)


atexit.register(stop_all)
