"""Issues 14 and 25's report numbers: ``mclog report`` of the 6-player sample (target:
under 1 s), the page's size (issue 25: under 1.5 MB), and its first paint from
``file://`` in Chromium (under 1 s), median of five loads.

    python benchmarks/report_speed.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import mclog
from mclog.report import report_html

SAMPLE = (Path(__file__).parent.parent / "sample_games"
          / "millionclub" / "six-players-alternative-schemer.mclog")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        page = report_html(mclog.replay(mclog.read_one(SAMPLE)))
        times.append(time.perf_counter() - start)
    print(f"report of {SAMPLE.name}: median {statistics.median(times):.2f} s to read, replay "
          f"and write; {len(page.encode()) / 1e6:.2f} MB")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        out = Path(tmp) / "game.html"
        out.write_text(page)
        browser = p.chromium.launch(executable_path=args.chromium,
                                    args=["--no-sandbox", "--disable-gpu"])
        paints, ready = [], []
        for _ in range(5):
            tab = browser.new_page()
            tab.goto(out.as_uri())
            tab.wait_for_function("data !== null && document.querySelectorAll("
                                  "'svg.mclog-chart').length === 3")
            paints.append(tab.evaluate(
                "performance.getEntriesByName('first-contentful-paint')[0].startTime"))
            ready.append(tab.evaluate("performance.now()"))
            tab.close()
        browser.close()
    print(f"first paint from file:// (the title, the stepper and the first board): median "
          f"{statistics.median(paints):.0f} ms; every step and chart ready by "
          f"{statistics.median(ready):.0f} ms (the boards unpacked)")


if __name__ == "__main__":
    main()
