"""Put tests/ on the path so test modules share the helpers in tests/table.py; register
the inner loop's Hypothesis profile (``make test-fast`` runs with
``--hypothesis-profile=inner``: ``fuzzing.examples`` reads it); a browser test that
fails reports what its notebook pages showed and said, and the lab's log."""

import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("inner")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report gets, for each notebook page still open, the text
    of each cell's output and what the page's console said, then the end of the lab's
    log: what a CI failure needs to be understood where it cannot be run again."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed or "browser" not in item.keywords:
        return
    import labserver

    for n, (page, said) in enumerate(labserver.PAGES):
        try:
            shown = "" if page.is_closed() else labserver.what_it_shows(page)
        except Exception as exc:   # (a page that broke: what it said is still worth it)
            shown = f"(its outputs could not be read: {exc})"
        report.sections.append((f"notebook page {n + 1}", "\n".join([shown, *said])))
    for log in labserver.LOGS:
        text = log.read_text(errors="replace") if log.exists() else ""
        report.sections.append(("the lab's log, its end", text[-4000:]))
