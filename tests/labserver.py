"""A JupyterLab server and a notebook run in it, driven by Playwright: what the browser
tests (tests/test_browser.py) and the latency benchmark (benchmarks/widget_latency.py)
share.  The server runs on 127.0.0.1 with a random free port and a token, on a copy of
the notebooks and sample games (the repository's notebooks are never run or saved)."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parent.parent


#: Every notebook page opened here, with what its console said (errors and warnings)
#: and what it threw: a browser test that fails shows them with the lab's log
#: (tests/conftest.py); after each test ``close_notebooks`` closes them and their
#: kernels, so that every test's notebook starts on a new kernel, as when a person
#: opens it, and a page a failure left open does not stay beside the next test's.
PAGES: list[tuple[object, list[str]]] = []
#: The log of each JupyterLab server running (its kernels' stderr included).
LOGS: list[Path] = []
#: The process of each JupyterLab server running (its kernels are its children).
SERVERS: list[subprocess.Popen] = []

#: What each kernel of a lab here runs first (an IPython startup file): on SIGUSR1 it
#: writes where every thread of it stands to its stderr, the lab's log, without stopping.
#: A browser test that fails asks it (``kernel_stacks``), so that a kernel that hung (a
#: cell that never showed its output) says where, in a CI log that cannot be run again.
_STACKS_ON_SIGNAL = ("import faulthandler, signal, sys\n"
                     "faulthandler.register(signal.SIGUSR1, file=sys.__stderr__, "
                     "all_threads=True)\n")


def kernel_stacks(wait: float = 2.0) -> int:
    """Ask every kernel of every lab running here to write its threads' stacks to the
    lab's log (see ``_STACKS_ON_SIGNAL``); how many were asked.  Linux's ``/proc`` names
    a server's children; elsewhere none are asked."""
    import signal

    servers = {proc.pid for proc in SERVERS}
    asked = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid, rest = stat.read_text().split(" ", 1)
            parent = int(rest.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent in servers:
            with contextlib.suppress(OSError):
                os.kill(int(pid), signal.SIGUSR1)
                asked += 1
    if asked:
        time.sleep(wait)
    return asked


#: How many of a page's last kernel requests and replies its report keeps.
TRAFFIC = 40

#: The kernel messages a failure's report lists (a cell's run, asked and answered).
_TOLD = {"execute_request", "execute_input", "execute_reply", "error"}


def _message(payload) -> dict | None:
    """The Jupyter message a page's websocket frame carries: JSON text, or JupyterLab's
    binary framing (``v1.kernel.websocket.jupyter.org``: a count, that many 8-byte
    offsets, then the channel, header, parent header, metadata and content)."""
    try:
        if isinstance(payload, str):
            return json.loads(payload)
        count = int.from_bytes(payload[:8], "little")
        if not 5 <= count < 64:
            return None
        offsets = [int.from_bytes(payload[8 + 8 * i:16 + 8 * i], "little")
                   for i in range(count)] + [len(payload)]
        parts = [payload[offsets[i]:offsets[i + 1]] for i in range(5)]
        channel, *rest = parts
        header, parent, metadata, content = (json.loads(part) for part in rest)
        return {"channel": channel.decode(), "header": header, "parent_header": parent,
                "metadata": metadata, "content": content}
    except (ValueError, UnicodeDecodeError):
        return None


def _plain(text: str) -> str:
    """``text`` without its terminal colours (a kernel's traceback)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _traffic(direction: str, payload, kept: collections.deque) -> None:
    """A cell's run a page's websocket carried, as one line: asked (with the cell's id),
    begun (its count), answered (``ok``, ``error`` or ``aborted``).  A notebook whose
    cells below the picker never ran (a CI failure) says so here: never asked, asked
    and never begun, or aborted by the kernel."""
    message = _message(payload)
    if not isinstance(message, dict):
        return
    kind = message.get("header", {}).get("msg_type")
    if kind not in _TOLD:
        return
    content = message.get("content") or {}
    ids = message["header"].get("msg_id", "")[-12:]
    parent = (message.get("parent_header") or {}).get("msg_id", "")[-12:]
    said = {"execute_request": f"{ids} cell {(message.get('metadata') or {}).get('cellId')}",
            "execute_input": f"for {parent}, count {content.get('execution_count')}",
            "execute_reply": f"for {parent}: {content.get('status')}",
            "error": f"for {parent}: {content.get('ename')}: {content.get('evalue')}\n"
                     + _plain("\n".join(content.get("traceback") or [])[-1500:])}[kind]
    kept.append(f"{time.strftime('%H:%M:%S')} {direction} {kind} {said}")


def watched(page):
    """``page``, its console's errors and warnings, its uncaught errors and its last
    kernel requests and replies kept in ``PAGES`` for a failure's report."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"console.{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: said.append(f"uncaught: {error}"))
    traffic: collections.deque = collections.deque(maxlen=TRAFFIC)

    def on_socket(socket) -> None:
        socket.on("framesent", lambda payload: _traffic("sent", payload, traffic))
        socket.on("framereceived", lambda payload: _traffic("got", payload, traffic))

    page.on("websocket", on_socket)
    PAGES.append((page, said, traffic))
    return page


def close_notebooks(lab) -> None:
    """Close every notebook page opened since the last call, then shut down every kernel
    of ``lab`` (through the server's sessions API, as *Shut Down All Kernels* does)."""

    for page, *_ in PAGES:
        if not page.is_closed():
            page.close()
    PAGES.clear()
    base, token = lab
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=30) as answer:
        sessions = json.load(answer)
    for session in sessions:
        request = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}",
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=60).close()


def what_it_shows(page) -> str:
    """The text of each cell's output in the notebook ``page`` shows, and each code
    cell's execution count and state (a failure's report: which output is missing, or
    says 'Error displaying widget', and whether its cell ran).  Its
    ``textContent``: JupyterLab skips drawing the cells out of view, whose ``innerText``
    is then empty."""
    return page.evaluate("""() => {
        const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
        const models = w && w.content && w.content.widgets
            ? w.content.widgets.map(c => c.model) : [];
        return [...document.querySelectorAll('.jp-Cell')].map((c, i) => {
            const out = c.querySelector('.jp-OutputArea');
            const text = out ? out.textContent.replace(/\\s+/g, ' ').slice(0, 300) : '';
            const m = models[i];
            const state = m && m.type === 'code'
                ? ` (count ${m.executionCount}, ${m.executionState})` : '';
            return `cell ${i}${state}: ${text}`;
        }).join('\\n');
    }""")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def jupyter_lab(work: Path) -> Iterator[tuple[str, str]]:
    """(base URL, token) of a JupyterLab server on a copy of the notebooks in ``work``;
    stopped whatever happens."""
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    shutil.copytree(ROOT / "sample_games", work / "sample_games")
    startup = work / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-stacks-on-signal.py").write_text(_STACKS_ON_SIGNAL)
    port, token = free_port(), secrets.token_hex(16)
    # The kernels are reached over local sockets (``ipc``), not TCP ports (a port picked
    # free may be taken by another process before the kernel binds it: the notebook
    # tests lost a kernel so, tests/test_notebooks.py); the sockets lie beside each
    # kernel's connection file, in a runtime folder with a short path (a socket's path
    # may not pass 107 characters, and pytest's folders are long).
    runtime = tempfile.mkdtemp(prefix="mclog-lab-")
    log = open(work / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={work / 'notebooks'}", "--LabApp.expose_app_in_browser=True",
         f"--LabApp.workspaces_dir={work / 'workspaces'}", "--LabApp.news_url=",
         "--ServerApp.port_retries=0", "--KernelManager.transport=ipc", "--allow-root"],
        stdout=log, stderr=subprocess.STDOUT, cwd=work / "notebooks",
        env={**os.environ, "JUPYTER_RUNTIME_DIR": runtime,
             "JUPYTER_CONFIG_DIR": str(work / "config"), "IPYTHONDIR": str(work / "ipython")})
    base = f"http://127.0.0.1:{port}"
    LOGS.append(work / "lab.log")
    SERVERS.append(proc)
    try:
        deadline = time.time() + 120  # the first start of JupyterLab is slow
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    log.flush()
                    raise RuntimeError("JupyterLab did not start:\n"
                                       + (work / "lab.log").read_text()[-3000:]) from None
                time.sleep(0.5)
        yield base, token
    finally:
        stop([proc])
        log.close()
        LOGS.remove(work / "lab.log")
        SERVERS.remove(proc)
        shutil.rmtree(runtime, ignore_errors=True)


def stop(procs: list[subprocess.Popen]) -> None:
    """Stop each process: asked first, killed if it has not ended 20 seconds later."""
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run_command(page, command: str, active_cell: int | None = None) -> None:
    """Run a JupyterLab command (after making ``active_cell`` the active cell) and wait
    until it has finished, as a person waits for the cells of *Run All* to run.

    The command's promise is kept on ``window`` and Playwright polls a flag that it sets
    when done, rather than awaiting the promise itself: a run's promise waits on the
    kernel for minutes, and Chromium may collect a promise that Playwright awaits
    ("Resulting promise was garbage collected", a CI failure)."""
    page.evaluate("""([command, active]) => {
        const w = window.jupyterapp.shell.currentWidget;
        if (active !== null) { w.content.activeCellIndex = active; }
        window.__mclogCommand = {done: false, error: null};
        window.__mclogCommand.promise = window.jupyterapp.commands.execute(command)
            .catch(error => { window.__mclogCommand.error = String(error); })
            .finally(() => { window.__mclogCommand.done = true; });
    }""", [command, active_cell])
    page.wait_for_function("window.__mclogCommand.done", timeout=600_000, polling=500)
    error = page.evaluate("window.__mclogCommand.error")
    if error:
        raise AssertionError(f"JupyterLab's {command} failed: {error}")


def run_notebook(browser, lab, name: str):
    """Open ``name`` in JupyterLab, run all cells, wait until done; return the page."""
    base, token = lab
    page = watched(browser.new_page(viewport={"width": 1280, "height": 900}))
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{name}?token={token}&reset")
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.context", timeout=90_000)
    page.wait_for_function("""() => {
        const w = window.jupyterapp.shell.currentWidget;
        const k = w.sessionContext && w.sessionContext.session
                  && w.sessionContext.session.kernel;
        return k && k.status === 'idle';
    }""", timeout=240_000)   # (a kernel's start: slow on a loaded 2-core machine)
    run_command(page, "notebook:run-all-cells")
    page.wait_for_function("""() => {
        const w = window.jupyterapp.shell.currentWidget;
        const cells = w.content.widgets.filter(c => c.model.type === 'code');
        const k = w.sessionContext.session.kernel;
        return k.status === 'idle' && cells.every(c => c.model.executionCount !== null);
    }""", timeout=600_000, polling=500)  # (a bound for a hang: a loaded machine is slow)
    no_thanks = page.get_by_role("button", name="No", exact=True)  # JupyterLab's news prompt
    if no_thanks.count():
        no_thanks.first.click()
    return page




def put_notebook(lab, name: str, cells: list[str]) -> str:
    """A notebook of code ``cells`` saved as ``name`` in the lab's folder (through the
    server's contents API, as JupyterLab saves one); returns ``name`` for ``run_notebook``."""
    base, token = lab
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": f"cell{i}", "metadata": {}, "outputs": [],
                   "execution_count": None, "source": source}
                  for i, source in enumerate(cells)]}
    body = json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode()
    request = urllib.request.Request(f"{base}/api/contents/{name}?token={token}", data=body,
                                     method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).close()
    return name


def lab_file(lab, name: str) -> str:
    """The text of the file ``name`` in the lab's folder, as the server reads it now."""
    base, token = lab
    with urllib.request.urlopen(f"{base}/api/contents/{name}?token={token}&content=1"
                                "&type=file&format=text", timeout=30) as response:
        return json.load(response)["content"]
