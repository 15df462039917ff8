"""Fuzzing the reader and the replayer (issue 6): strategies and the property.

Every input either replays or raises ``RecordError`` carrying a line and a
column; no other exception escapes; each input is handled within a second.
Used by tests/test_fuzz.py (bounded) and benchmarks/fuzz_long.py (long).
"""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import strategies as st

from mclog import MclogError, RecordError, replay, write
from mclog.millionclub.reader import read_bytes, read_text

SAMPLES = [p.read_text() for p in sorted(
    (Path(__file__).parent.parent / "sample_games").glob("*.mclog"))]
WORDS = sorted({w for text in SAMPLES for w in text.replace(",", " ").split()} | {
    "?", "round", "0", "10", "F4+9", "IV:", "check", "reveal", "money", "prices", "none"})


def run_input(data: bytes | str) -> str:
    """Read and replay every game of ``data``; return "ok" or the error's code."""
    start = time.perf_counter()
    try:
        games = read_bytes(data) if isinstance(data, bytes) else read_text(data)
        for record in games:
            game = replay(record)
            write(record, game)
        outcome = "ok"
    except RecordError as exc:
        assert exc.line >= 0 and exc.col >= 0, exc
        assert str(exc).startswith("<text>:"), exc
        outcome = exc.code
    except MclogError as exc:  # every error from a record's content is located
        raise AssertionError(f"unlocated error: {exc!r}") from None
    assert time.perf_counter() - start < 1.0, "an input took over a second"
    return outcome


def _mutate(text: str, kind: int, i: int, j: int, word: str) -> str:
    lines = text.split("\n")
    i %= len(lines)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == 3:
        words = lines[i].split(" ")
        words[j % len(words)] = word
        lines[i] = " ".join(words)
    else:
        digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
        if digits:
            k = digits[j % len(digits)]
            lines[i] = lines[i][:k] + str((int(lines[i][k]) + 1 + j) % 10) + lines[i][k + 1:]
    return "\n".join(lines)


#: (b) valid records mutated: a line deleted, duplicated, swapped with its neighbour,
#: a word replaced by another word of the notation, a number changed; up to three times.
mutated_records = st.builds(
    lambda base, edits: _apply_all(base, edits),
    st.sampled_from(SAMPLES),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10_000), st.integers(0, 50),
                       st.sampled_from(WORDS)), min_size=1, max_size=3),
)


def _apply_all(text: str, edits) -> str:
    for kind, i, j, word in edits:
        text = _mutate(text, kind, i, j, word)
    return text


#: (a) arbitrary text (often behind a valid tag line) and arbitrary bytes.
arbitrary_text = st.one_of(
    st.text(max_size=400),
    st.text(max_size=400).map(lambda t: '[Players "Ann yellow, Ben blue"]\n' + t),
    st.lists(st.sampled_from(WORDS), max_size=60).map(
        lambda ws: '[Players "Ann yellow, Ben blue, Cleo red"]\n' + " ".join(ws)),
)
arbitrary_bytes = st.binary(max_size=400)
