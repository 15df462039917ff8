"""A record as the lines a recorder types to write it again: for tests and benchmarks
that drive the recorders, and for anyone who wants to feed an existing record into one.

``typed_lines(record)`` gives, entry by entry, what is typed at the recorder's prompt:
each move as its answer's words (``Ben buys asia``; a comment written after it on its
line goes with it), each comment on a line of its own as ``; text`` or ``{text}``, each
checkpoint and reveal as its line.  Typed into a new recording of the same table, they
give the record's canonical text back (``tests/test_recorder.py``).
"""

from __future__ import annotations

from mclog.record.framing import comment_text, escape_brace
from ..notation.record import CheckEntry, CommentEntry, GameRecord, Marker, MoveEntry, RevealEntry
from ..replayer import replay
from .answers import answer_text


def _comment(entry: CommentEntry) -> str:
    return "{" + escape_brace(entry.text) + "}" if entry.brace or "\n" in entry.text \
        else "; " + entry.text


def typed_lines(record: GameRecord) -> list[tuple[str, str]]:
    """``(kind, text)`` for every line typed to write ``record``: kind is ``move``,
    ``comment``, ``check`` or ``reveal``."""
    game = replay(record)
    facts = iter(game.facts())
    names, table = record.table.names, record.table
    entries = [e for e in record.entries if not isinstance(e, Marker)
               and not (isinstance(e, MoveEntry) and id(e) in game.redundant)]
    out: list[tuple[str, str]] = []
    for entry in entries:
        if isinstance(entry, CommentEntry) and not entry.own_line and out:
            kind, text = out[-1]
            out[-1] = (kind, f"{text} {_comment(entry)}")
            continue
        if isinstance(entry, MoveEntry):
            out.append(("move", answer_text(entry.move, next(facts).decision, table)))
        elif isinstance(entry, CommentEntry) and not entry.brace:
            # (a run of ``;`` lines is one comment: typed a line at a time)
            out += [("comment", line) for line in comment_text(entry.text, False, True)
                    .split("\n")]
        elif isinstance(entry, CommentEntry):
            out.append(("comment", _comment(entry)))
        elif isinstance(entry, CheckEntry):
            values = (" ".join(f"{k}{v}" for k, v in entry.values) if entry.what == "prices"
                      else " ".join(f"{names[k] if isinstance(k, int) else k} {v}"
                                    for k, v in entry.values))
            out.append(("check", f"check {entry.what} {values}"))
        elif isinstance(entry, RevealEntry):
            out.append(("reveal", f"reveal {names[entry.seat]} "
                                  f"{' '.join(entry.colonies) or 'none'}"))
    return out


def table_options(record: GameRecord) -> dict:
    """What ``Recording.start`` needs to record a game at ``record``'s table: its
    players, and its tags but those the recorder writes itself."""
    tags = record.tags
    return {"players": tags["Players"],
            "tags": {k: v for k, v in tags.items() if k not in ("Players", "Format", "Game")}}


__all__ = ["typed_lines", "table_options"]
