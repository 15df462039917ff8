"""Put tests/ on the path so test modules share the helpers in tests/table.py; register
the inner loop's Hypothesis profile (``make test-fast`` runs with
``--hypothesis-profile=inner``: ``fuzzing.examples`` reads it); mark ``slow`` the tests
``slow_tests.txt`` lists; a browser test that fails reports what its notebook pages showed
and said, and the lab's log."""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("inner")

#: The tests left out of ``make test-fast`` for how long they run, as last measured by
#: ``benchmarks/test_times.py`` (which switches the list off to time them all).
SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark ``slow`` each test ``slow_tests.txt`` lists, before ``-m "not slow"`` leaves
    the slow ones out.  A test slow for what it is carries the mark in its own file; one
    slow only for how long it runs (a measurement that changes as the code does, and may
    hold for one parameter of a test and not its siblings) is listed there."""
    if os.environ.get("MCLOG_SLOW_LIST") == "off" or not SLOW_LIST.exists():
        return
    listed = {line.strip() for line in SLOW_LIST.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)


#: How many lines of each page snapshot Playwright puts in a failed expectation are kept
#: (the whole page's tree, hundreds of lines: a CI log cut short lost what followed it).
SNAPSHOT_LINES = 25
#: How many lines of the lab's log are kept (the last ones: the kernels' stacks among them).
LOG_LINES = 160


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report starts with, for each notebook page still open,
    the text of each cell's output and what the page's console said, then the lab's log
    without its routine lines, where each kernel still running has written where its
    threads stand; then the failure, each page snapshot in it cut short.
    What a CI failure needs to be understood where it cannot be run again comes first,
    where a log cut short still holds it."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed or "browser" not in item.keywords:
        return
    import labserver

    told: list[str] = []
    for n, (page, said, traffic) in enumerate(labserver.PAGES):
        try:
            shown = "" if page.is_closed() else labserver.what_it_shows(page)
        except Exception as exc:   # (a page that broke: what it said is still worth it)
            shown = f"(its outputs could not be read: {exc})"
        told += [f"--- notebook page {n + 1}: each cell's output, then its console", shown,
                 *said, "its last kernel requests and replies:", *traffic]
    # (each kernel still running writes where its threads stand to the log: a cell whose
    # output never came says why, where the failure cannot be run again)
    stacks = labserver.kernel_stacks()
    for log in labserver.LOGS:
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        told += ["--- the lab's log, but its [I ...] lines"
                 + (f" (with the stacks of its {stacks} kernels)" if stacks else ""),
                 *[line for line in lines if not line.startswith("[I ")][-LOG_LINES:]]
    text = "\n".join([*told, "--- the failure"])
    try:
        _told_first(report, text)
    except Exception:   # (pytest's repr changed shape: told after the failure instead)
        report.sections.append(("what the pages showed and said", text))


def _told_first(report, text: str) -> None:
    """``text`` put before the failure's traceback, and each page snapshot in the failure
    cut short (in the traceback and in the one-line summary CI prints of it).  Through
    pytest's own repr of the failure (what xdist sends from a worker); one it does not
    know is turned into plain text."""
    from _pytest._code.code import ReprEntryNative

    longrepr = report.longrepr
    chain = getattr(longrepr, "chain", None)
    tracebacks = ([tb for tb, _, _ in chain] if chain
                  else [getattr(longrepr, "reprtraceback", None)])
    if not tracebacks or any(tb is None for tb in tracebacks):
        report.longrepr = text + "\n" + "\n".join(_cut(report.longreprtext.splitlines(), "E "))
        return
    for traceback in tracebacks:
        for entry in traceback.reprentries:
            if not isinstance(entry, ReprEntryNative):
                entry.lines = _cut(list(entry.lines), "E ")
    for crash in [c for _, c, _ in chain] if chain else [getattr(longrepr, "reprcrash", None)]:
        if crash is not None:
            crash.message = "\n".join(_cut(crash.message.splitlines(), ""))
    first = tracebacks[0]
    first.reprentries = [ReprEntryNative([text + "\n"]), *first.reprentries]


def _cut(lines: list[str], mark: str) -> list[str]:
    """``lines`` with each page snapshot in them cut to its first ``SNAPSHOT_LINES``
    lines: a snapshot follows ``Aria snapshot:`` and ends the expectation's message, its
    lines those that start with ``mark`` (``E `` in a traceback)."""
    out: list[str] = []
    kept = None   # (lines of the snapshot kept so far; None: not in one)
    for line in lines:
        if kept is not None and line.startswith(mark):
            kept += 1
            if kept == SNAPSHOT_LINES + 1:
                out.append(f"{mark}      (the rest of the snapshot left out)")
            if kept > SNAPSHOT_LINES:
                continue
        else:
            kept = 0 if "Aria snapshot:" in line else None
        out.append(line)
    return out
