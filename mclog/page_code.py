"""What a page is sent and runs to show a game's steps, shared by the report page
(``mclog.report``) and the replay widget's stepper (``mclog.page_widgets``): every step's
boards packed small (``packed``), and the scripts that unpack them and make the record's
lines follow the step.  It needs nothing of Jupyter's, so that the report's start does not
load the widgets.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator


def packed(value) -> str:
    """``value`` as gzipped JSON in base64: what a page or a widget unpacks with the
    browser's own ``DecompressionStream`` (safe inside a ``<script>``: base64 holds no
    ``<``), and small: a 6-player game's 340 boards are 6 MB as text and ~100 kB so.

    A list may be given as an iterator (a generator of every step's board): it is
    compressed as it comes, so that only the gzip of a long game's boards is ever held,
    not the boards (20,000 boards of a Joakim game are 800 MB as text, 3 MB gzipped).

    >>> import base64, gzip, json
    >>> text = packed({"boards": (f"<svg>{i}</svg>" for i in range(3)), "round": [0, 1]})
    >>> json.loads(gzip.decompress(base64.b64decode(text)))
    {'boards': ['<svg>0</svg>', '<svg>1</svg>', '<svg>2</svg>'], 'round': [0, 1]}
    """
    gz = zlib.compressobj(9, zlib.DEFLATED, 31)   # (31: a gzip stream, as gzip.compress)
    out: list[bytes] = []
    waiting: list[str] = []
    size = 0
    for text in _json_text(value):
        waiting.append(text)
        size += len(text)
        if size >= 1 << 16:   # (compressed by the 64 kB: not a call per comma)
            out.append(gz.compress("".join(waiting).encode("utf-8")))
            waiting, size = [], 0
    out.append(gz.compress("".join(waiting).encode("utf-8")) + gz.flush())
    return base64.b64encode(b"".join(out)).decode("ascii")


def _json_text(value) -> Iterator[str]:
    """``json.dumps(value)`` in pieces, an iterator written as a list as it comes."""
    if isinstance(value, dict):
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield (", " if i else "") + json.dumps(str(key)) + ": "
            yield from _json_text(item)
        yield "}"
    elif isinstance(value, (list, tuple, Iterator)):
        yield "["
        for i, item in enumerate(value):
            if i:
                yield ", "
            yield from _json_text(item)
        yield "]"
    else:
        yield json.dumps(value)


#: What unpacks ``packed`` in the page: ``await unpack(b64)`` (the stepper's and the
#: report's).
UNPACK_JS = """
async function unpack(b64) {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
"""

#: What makes a move list follow the step, in the page (the stepper's and the report's):
#: ``follow = moveListFollower(list, rows, mark)`` with ``rows`` the ``[line, step]`` of
#: each line (step null: no move on it); ``follow(i)`` marks the line of step ``i`` with
#: the class ``mark`` and scrolls it into view.
MOVE_LIST_JS = """
function moveListFollower(list, rows, mark) {
  let marked = null;
  return index => {
    let here = null;
    for (const [line, at] of rows) { if (at !== null && at <= index) here = line; }
    if (here === marked) return;
    if (marked) marked.classList.remove(mark);
    marked = here;
    if (!here) return;
    here.classList.add(mark);
    const top = here.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20)
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  };
}
"""
