"""Issue 29, instant start: each way into mclog timed in a fresh process, beside the
yardstick of the same run, ``python -c pass``.

    python benchmarks/startup.py [--runs 15] [--against OTHER_CHECKOUT]

Targets: ``mclog validate`` of one small file within 3x ``python -c pass``; the replay
widget's import cell (notebook 01's) under 0.5 s.  ``mclog import`` of the same game's
JSON is timed beside them (it checks the JSON against the game's JSON Schema).

``python -c`` of the import cell is the strict figure: a notebook's kernel has IPython,
traitlets and comm imported before any cell runs, and a bare Python has not.  So the
cell is also timed where a user runs it, in a fresh kernel (``--kernels``, 0 to skip):
notebook 01's import lines, and its whole first cell, which also makes the game picker
(whose "Use this game" button is an anywidget).
Bytecode is cached first in a folder of its own (``PYTHONPYCACHEPREFIX``), as an
installed package's is: without it every start compiles mclog's sources again (this
machine sets PYTHONDONTWRITEBYTECODE).
Medians of interleaved runs.  ``--against`` times ``mclog validate`` of another checkout
of mclog (a ``git worktree`` of an older commit) in the same rounds: a change's effect on
the start, measured beside its yardstick.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
SAMPLE = str(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog")
STARTS = {
    "python -c pass": ["-c", "pass"],
    "mclog validate (one small file)": ["-m", "mclog", "validate", SAMPLE],
    "the replay widget's import cell": [
        "-c", "from mclog.analysis import shown; import mclog; "
              "from mclog.widget_shell import game_picker; "
              "from mclog.games.millionclub.widget import replay_widget"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--kernels", type=int, default=5,
                        help="fresh kernels that time notebook 01's first cell (0: none)")
    parser.add_argument("--against", help="another checkout of mclog whose mclog validate "
                                          "is timed in the same rounds")
    args = parser.parse_args()
    starts = {name: (ROOT, argv) for name, argv in STARTS.items()}
    if args.against:
        starts[f"mclog validate ({args.against})"] = (
            Path(args.against), STARTS["mclog validate (one small file)"])
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache, "PYTHONDONTWRITEBYTECODE": ""}
        env.pop("PYTHONDONTWRITEBYTECODE")
        exported = Path(cache) / "duel-2p.json"   # (the same game as JSON, for import)
        exported.write_bytes(subprocess.run([sys.executable, "-m", "mclog", "export", SAMPLE],
                                            cwd=ROOT, check=True, capture_output=True).stdout)
        starts["mclog import (its JSON)"] = (ROOT, ["-m", "mclog", "import", str(exported)])
        times: dict[str, list[float]] = {name: [] for name in starts}
        for run in range(args.runs + 1):   # (the first run writes the bytecode: not counted)
            for name, (cwd, argv) in starts.items():
                start = time.perf_counter()
                subprocess.run([sys.executable, *argv], cwd=cwd, env=env, check=True,
                               stdout=subprocess.DEVNULL)
                if run:
                    times[name].append(time.perf_counter() - start)
    yardstick = statistics.median(times["python -c pass"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:34} median {median * 1000:6.1f} ms   {median / yardstick:5.2f}x "
              "python -c pass")
    print("targets: mclog validate within 3x python -c pass; the import cell under 500 ms")
    if args.kernels:
        for name, spent in in_a_kernel(args.kernels).items():
            print(f"{name:34} median {statistics.median(spent) * 1000:6.1f} ms   (in a fresh "
                  f"kernel, {len(spent)} kernels)")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        shares = [subprocess.run([sys.executable, "-c", DATACLASS_SHARE, SAMPLE], cwd=ROOT,
                                 env=env, check=True, capture_output=True, text=True).stdout
                  for _ in range(args.runs + 1)][1:]
    whole = statistics.median(float(s.split()[0]) for s in shares)
    built = statistics.median(float(s.split()[1]) for s in shares)
    print(f"where mclog validate's own time goes: {whole:.0f} ms in the process after Python "
          f"has started, of which {built:.0f} ms build its {shares[0].split()[2]} dataclasses "
          "(each method of a dataclass is compiled from text when its class is made)")


def in_a_kernel(kernels: int) -> dict[str, list[float]]:
    """Notebook 01's import lines and its whole first cell, each timed in ``kernels`` fresh
    kernels (in turn), from the request to the kernel's reply: what a user waits for."""
    import json
    import shutil

    from jupyter_client.manager import KernelManager

    notebook = json.loads((ROOT / "notebooks" / "01-replay.ipynb").read_text("utf-8"))
    first = "".join(next(c for c in notebook["cells"] if c["cell_type"] == "code")["source"])
    cells = {"notebook 01's import lines": "\n".join(
                 line for line in first.splitlines() if line.startswith(("from ", "import "))),
             "notebook 01's first cell": first}
    spent: dict[str, list[float]] = {name: [] for name in cells}
    for _ in range(kernels):
        for name, code in cells.items():
            sockets = tempfile.mkdtemp(prefix="mclog-kernel-")
            km = KernelManager(kernel_name="python3", transport="ipc",
                               ip=os.path.join(sockets, "k"))
            km.start_kernel(cwd=str(ROOT / "notebooks"))
            client = km.client()
            client.start_channels()
            try:
                client.wait_for_ready(timeout=120)   # (then the cell is its first, as a user's is)
                start = time.perf_counter()
                reply = client.execute_interactive(code, timeout=120,
                                                   output_hook=lambda message: None)
                spent[name].append(time.perf_counter() - start)
                assert reply["content"]["status"] == "ok", reply["content"]
            finally:
                client.stop_channels()
                km.shutdown_kernel(now=True)
                shutil.rmtree(sockets, ignore_errors=True)
    return spent


#: ``mclog validate`` in one process, the time that dataclasses.dataclass takes counted
#: apart: prints the whole time, the dataclasses' time (ms) and how many were built.
DATACLASS_SHARE = """
import contextlib, dataclasses, io, sys, time
build = dataclasses._process_class
spent = [0.0, 0]
def timed(*args, **kwargs):
    start = time.perf_counter()
    try:
        return build(*args, **kwargs)
    finally:
        spent[0] += time.perf_counter() - start
        spent[1] += 1
dataclasses._process_class = timed
start = time.perf_counter()
sys.argv = ["mclog", "validate", sys.argv[1]]
import mclog.cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        mclog.cli.main()
    except SystemExit:
        pass
print(1e3 * (time.perf_counter() - start), 1e3 * spent[0], spent[1])
"""


if __name__ == "__main__":
    main()
