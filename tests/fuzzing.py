"""Fuzzing the reader and the replayer (issue 6): strategies and the property.

Every input either replays or raises ``RecordError`` carrying a line and a
column; no other exception escapes; each input is handled within a second.
Used by tests/test_fuzz.py (bounded) and benchmarks/fuzz_long.py (long).
"""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st

from mclog import MclogError, RecordError, parse_one, read_one, replay, to_json, write
from mclog import games
from mclog.record.reading import read_bytes, read_text

SAMPLES = [p.read_text() for p in sorted(
    (Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))]
WORDS = sorted({w for text in SAMPLES for w in text.replace(",", " ").split()} | {
    "?", "round", "0", "10", "F4+9", "IV:", "check", "reveal", "money", "prices", "none"})


def examples(full: int) -> int:
    """How many inputs a heavy property test tries: ``full`` in ``make test`` (and CI), a
    quarter of them in ``make test-fast`` (its ``--hypothesis-profile=inner``), whose
    inner loop must stay under a minute.

    The quick loop still tries every property, on fewer inputs; the whole suite tries
    them all before anything lands.  (A profile cannot say it by itself: a test's own
    ``max_examples`` wins over any profile's.)"""
    if settings.get_current_profile_name() == "inner":
        return max(10, full // 4)
    return full


#: The slowest input so far, in seconds (``benchmarks/fuzz_long.py`` reports it; a test
#: asserts no wall-clock time: a loaded machine is slow, issue 30).
SLOWEST = [0.0]


def run_input(data: bytes | str) -> str:
    """Read and replay every game of ``data``; return "ok" or the error's code."""
    start = time.perf_counter()
    try:
        games = read_bytes(data) if isinstance(data, bytes) else read_text(data)
        for record in games:
            game = replay(record, events=True)  # (the events noted as it plays, too)
            write(record, game)
        outcome = "ok"
    except RecordError as exc:
        assert exc.line >= 0 and exc.col >= 0, exc
        assert str(exc).startswith("<text>:"), exc
        outcome = exc.code
    except MclogError as exc:  # every error from a record's content is located
        raise AssertionError(f"unlocated error: {exc!r}") from None
    SLOWEST[0] = max(SLOWEST[0], time.perf_counter() - start)
    return outcome


def slip(text: str, kind: int, i: int, j: int, word: str) -> str:
    """``text`` with one slip at its line ``i`` (modulo its length): by ``kind``, the line
    dropped (0), written twice (1), swapped with the next (2), its word ``j`` made
    ``word`` (3), or one of its digits changed (4).  (``benchmarks/every_view.py``
    makes such slips too.)"""
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
        text = slip(text, kind, i, j, word)
    return text


#: Millionenspiel (issue 16): its samples mutated the same way, and its words at random.
class GameFuzz:
    """A game's fuzzing strategies: its samples (``sample_games/<folder>/``) mutated as
    Million Club's are (``mutated``), and its words at random behind its tags
    (``words``): the samples' words and ``extra`` ones."""

    def __init__(self, name: str, folder: str, extra: set[str]) -> None:
        self.name = name
        self.paths = sorted((Path(__file__).parent.parent / "sample_games" / folder)
                            .glob("*.mclog"))
        samples = [p.read_text() for p in self.paths]
        vocabulary = sorted({w for text in samples for w in text.replace(",", " ").split()}
                            | extra)
        self.mutated = st.builds(
            lambda base, edits: _apply_all(base, edits),
            st.sampled_from(samples),
            st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10_000),
                               st.integers(0, 50), st.sampled_from(vocabulary)),
                     min_size=1, max_size=3))
        self.words = st.lists(st.sampled_from(vocabulary), max_size=60).map(
            lambda ws: f'[Game "{name}"]\n[Players "Ann, Ben, Cleo"]\n' + " ".join(ws))

    def __repr__(self) -> str:
        return self.name


#: Millionenspiel (issue 16) and Cartel (issue 26).
MILLIONENSPIEL = GameFuzz("Millionenspiel", "millionenspiel", {
    "?", "0", "7", "10k", "1_000", "past", "arrow", "refuses", "die", "check", "pension",
    "money", "black", "green"})
CARTEL = GameFuzz("Cartel", "cartel", {
    "?", "X", "0", "500", "bond", "stock", "cash", "borrow", "year", "vantage", "krupp",
    "check", "worth", "price", "profits", "-", "trade"})
#: Joakim (issue 27): its words, a signed value, a square off the board, a card past the
#: deck, inline effects.
JOAKIM = GameFuzz("Joakim", "joakim", {
    "?", "0", "+3", "-25", "z9", "a1", "99", "all", "fives", "price", "gold", "values",
    "land", "news", "peek", "and", "crown", "before", "go", "to", "check", "cash",
    # the Business Sharks variant (its tag, and its words)
    '[Variant "Business Sharks"]\n', "tips", "tip", "on", "lot", "bid", "raise", "borrow",
    "repay", "deal", "for", "inspect", "disbelieve", "-", "25", "loans"})
OTHER_GAMES = [MILLIONENSPIEL, CARTEL, JOAKIM]
ME_PATHS = MILLIONENSPIEL.paths

#: (a) arbitrary text (often behind a valid tag line) and arbitrary bytes.
arbitrary_text = st.one_of(
    st.text(max_size=400),
    st.text(max_size=400).map(lambda t: '[Players "Ann yellow, Ben blue"]\n' + t),
    st.lists(st.sampled_from(WORDS), max_size=60).map(
        lambda ws: '[Players "Ann yellow, Ben blue, Cleo red"]\n' + " ".join(ws)),
)
arbitrary_bytes = st.binary(max_size=400)


# --- comments (issue 13): inserted anywhere, they must keep their text and anchor ----------

SAMPLE_PATHS = sorted(
    (Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))

#: Comment texts: any printable text, braces and backslashes included; multi-line braces.
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)


@st.composite
def commented(draw, paths=None):
    """A canonical sample record (of ``paths``: Million Club's samples by default) with
    comments inserted between words and on lines of their own: ``;`` comments end a
    line, ``{...}`` ones may span lines."""
    path = draw(st.sampled_from(paths or SAMPLE_PATHS))
    base = write(read_one(path))
    lines = base.splitlines()
    body = next(i for i, line in enumerate(lines) if not line.startswith("[")) + 1
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(body, len(lines) - 1))
        text = draw(texts)
        escaped = text.replace("\\", "\\\\").replace("}", "\\}")
        how = draw(st.sampled_from(["own ;", "own {}", "end ;", "inside {}", "multi {}"]))
        line = lines[at]
        if how == "own ;":
            lines.insert(at, f"; {text}".rstrip())
        elif how == "own {}":
            lines.insert(at, "{" + escaped + "}")
        elif how == "end ;" and line.strip() and "{" not in line and ";" not in line:
            lines[at] = f"{line} ; {text}".rstrip()
        elif how in ("inside {}", "multi {}") and line.strip() and not line.startswith(
                ("[", ";", "{")) and ";" not in line:
            words = line.split(" ")
            cut = draw(st.integers(1, len(words)))
            note = escaped if how == "inside {}" else escaped + "\nand more"
            lines[at] = " ".join(words[:cut] + ["{" + note + "}"] + words[cut:])
    return "\n".join(lines) + "\n"



def comment_round_trip(text: str) -> str:
    """``text`` (from ``commented``) reads, writes and reads back to the same record, every
    comment with its text and anchor, and writing it again changes nothing; "skipped" when
    a comment split an item over two lines (then it is no record)."""
    try:
        record = parse_one(text)
    except RecordError:
        return "skipped"
    written = write(record)
    back = parse_one(written)
    assert back == record
    assert write(back) == written
    game = games.game(record.game)   # (what fmt foretells its text reads back as)
    assert game.kept(game.replay(record)) == back.content

    def notes(r):
        return [(c.text, c.brace, c.own_line) for c in r.entries
                if type(c).__name__ == "CommentEntry"]

    assert notes(back) == notes(record)
    return "ok"


# --- the JSON form (issue 13): import believes nothing it has not checked ----------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=6)


@st.composite
def mutated_exports(draw, paths=None) -> bytes:
    """A sample's export (of ``paths``: Million Club's by default) with one to three
    arbitrary JSON values put in its entries, its tags or at its top level."""
    import json

    record = to_json(read_one(draw(st.sampled_from(paths or SAMPLE_PATHS))))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["entry", "tags", "top"]))
        value = draw(_json_values)
        entries, tags = record.get("entries"), record.get("tags")
        if where == "entry" and isinstance(entries, list) and entries:
            entry = entries[draw(st.integers(0, len(entries) - 1))]
            key = draw(st.sampled_from(["type", "player", "card", "disc", "industry", "values",
                                        "what", "text", "colonies", "x", "amount", "dice",
                                        "colour", "value", "past_arrow"]))
            if isinstance(entry, dict):
                entry[key] = value
        elif where == "tags" and isinstance(tags, dict):
            tags[draw(st.sampled_from(["Players", "Event", "Setup"]))] = value
        else:
            record[draw(st.sampled_from(["format", "tags", "entries", "players"]))] = value
    return json.dumps(record).encode()


def run_import(data: bytes, game: str = "Million Club") -> str:
    """Import ``data`` as a record of ``game``: "ok" (its text reads back as the same
    records) or "refused" (a ``JsonRecordError`` naming the file); anything else fails."""
    from mclog.games import game as named
    from mclog.record.json_form import JsonRecordError

    start = time.perf_counter()
    try:
        records = named(game).records_from_json(data, "game.json")
    except JsonRecordError as exc:
        assert str(exc).startswith("game.json"), exc
        return "refused"
    text = write(records)
    assert list(read_text(text)) == records
    SLOWEST[0] = max(SLOWEST[0], time.perf_counter() - start)
    return "ok"
