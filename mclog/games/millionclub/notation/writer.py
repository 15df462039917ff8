"""Write a game record in the canonical .mclog form (what ``mclog fmt`` prints).

The writer replays the game to know where each move stands, and lays the
moves out one phase per line, as a person at the table would: the setup
deals, the start player, each round's placements, each player's Lobby turns,
each draft's draws and each pawn's choice on a line of its own, the
privileges, the Stock Exchange takeover and the end-of-round turns.  A name
is written where the player changes.  ``parse(write(record)) == record``, and
``write(parse(text)) == text`` for every canonical text.
"""

from __future__ import annotations

from dataclasses import fields, replace

from mclog.errors import MclogError
from mclog.record.entries import ends_its_line, inline_comments_length
from mclog.record.files import MAX_LINE, line_limit, over_limit
from mclog.record.checks import check_text
from mclog.record.framing import comment_text, escape_brace, escape_tag
from ..rules.cards import Industry
from ..rules.moves import Buy, Choose, Draw, SetAside, StartPlayer
from .record import (
    FORMAT, CheckEntry, CommentEntry, GameRecord, Marker, MoveEntry, RevealEntry,
    canonical_tags,
)
from ..replayed import GameReplay
from ..replayer import replay
from .parse import CHECKS
from .text import item_words
from .verbs import card_text

_DRAFT_LABELS = ("intrigue", "colonies", "industries")
_DRAFT_CHOICES = (Choose, Buy, SetAside)
#: The labels whose moves may go on several lines within one phase (see ``_breaks``).
_BREAKING = frozenset({*_DRAFT_LABELS, "lobby", "privilege"})
_PAD = 11  # labels are padded to this width (one more than "industries"), so items line up


class _Line:
    def __init__(self, label: str, key: tuple) -> None:
        self.label, self.key = label, key
        self.parts: list[str] = []
        self.subject: int | None = None
        self.last_draw = False

    def add(self, words: str, name: str | None = None) -> None:
        """One item, with its subject's name in front when the subject changes."""
        self.parts.append(f"{name} {words}" if name else words)

    def long(self, coming: int = 0) -> bool:
        """Whether the line is long enough that the next item (and the comments after it:
        ``coming`` characters) goes on a new one: a line is never longer than the reader
        takes, ``MAX_LINE``."""
        return _PAD + sum(map(len, self.parts)) + 2 * len(self.parts) + coming > \
            MAX_LINE - 100

    def text(self) -> str:
        body = ", ".join(self.parts)
        return f"{self.label:<{_PAD}}{body}".rstrip() if self.label else body


def write_game(record: GameRecord, played: GameReplay | None = None) -> str:
    """The canonical text of one game (ending with a newline)."""
    played = played or replay(record)
    table = record.table
    names = table.names
    out: list[str] = [f'[{k} "{escape_tag(v)}"]' for k, v in canonical_tags(record.tags).items()]
    out.append("")
    facts = iter(played.facts())
    line: _Line | None = None
    last_round = 0
    #: After a round line of the record, until its first placement: the comments written
    #: on that round line, and those on lines of their own just after it.
    round_notes: list[CommentEntry] | None = None
    round_mark: Marker | None = None

    def close() -> None:
        nonlocal line
        if line is not None and line.parts:
            out.append(line.text())
        line = None

    def comment(entry: CommentEntry) -> None:
        """A comment where it was anchored: after its item on the same line (which a ``;``
        comment, or one that spans lines, ends: ``ends_its_line``), or on a line of its
        own."""
        text = entry.text
        brace = entry.brace or "\n" in text
        if not entry.own_line and line is not None and line.parts:
            if brace:
                line.parts[-1] += " {" + escape_brace(text) + "}"
                line.last_draw = False
            else:
                line.parts[-1] += f" ; {text}".rstrip()
            if ends_its_line(entry):   # (the next item starts a line, named)
                close()
            return
        close()
        out.extend(comment_text(text, entry.brace, True).split("\n"))

    entries = kept_entries(record, played.redundant)
    for index, entry in enumerate(entries):
        if type(entry) is MoveEntry:
            fact = next(facts)
            round_, d, disc, label = fact.round, fact.decision, fact.disc, fact.label
            move = entry.move  # as recorded: a ? stays a ?, even once the reveal tells it
            if label == "place" and round_ != last_round:
                close()
                out.append("")
                line = _Line("", ("round", round_))  # "round N", unpadded
                line.parts.append(f"round {round_}")
                for note in round_notes or ():
                    comment(note)
                close()
                round_notes = None
                last_round = round_
            key = (label, round_, disc, d.deck if label == "setup" else None)
            if line is None or line.key != key or (label in _BREAKING
                                                    and _breaks(label, d.actor, move, line)) \
                    or line.long(60 + inline_comments_length(entries, index)):
                close()  # (a phase may go on on a line of its own, rather than make a line
                line = _Line(label, key)  # longer than MAX_LINE, the reader's limit)
            if type(move) is Draw:
                if label == "setup":
                    name = None
                    if d.recipient is not None and line.subject != d.recipient:
                        name, line.subject = names[d.recipient], d.recipient
                    line.add(card_text(move.card), name)
                elif line.last_draw:
                    line.parts[-1] += f" {card_text(move.card)}"
                else:
                    drawer = entry.subject  # the name the recorder wrote before "draws"
                    if drawer is not None and drawer != line.subject:
                        line.subject = drawer
                        line.add(f"{names[drawer]} draws {card_text(move.card)}")
                    else:
                        line.add(f"draws {card_text(move.card)}")
                line.last_draw = True
            else:
                words = item_words(move, table)
                player = move.player
                if player is not None and player != line.subject \
                        and type(move) is not StartPlayer:
                    line.subject = player
                    words = f"{names[player]} {words}"
                line.parts.append(words)
                line.last_draw = False
        elif isinstance(entry, CommentEntry):
            if round_notes is not None:
                round_notes.append(entry)
            else:
                comment(entry)
        elif isinstance(entry, Marker):
            if entry.label == "round":
                round_notes, round_mark = [], entry
        elif isinstance(entry, CheckEntry):
            close()
            line = _Line("check", ("check",))
            line.parts.append(check_text(entry, names, CHECKS).removeprefix("check "))
        elif isinstance(entry, RevealEntry):
            close()
            shown = " ".join(entry.colonies) if entry.colonies else "none"
            line = _Line("reveal", ("reveal",))
            line.parts.append(f"{names[entry.seat]} {shown}")
    if round_notes and round_mark is not None:  # a partial record that ends on a round line
        # with comments: keep them
        close()
        out.append("")
        line = _Line("", ("round", round_mark.number))
        line.parts.append(f"round {round_mark.number}")
        for note in round_notes:
            comment(note)
    close()
    for i, text in enumerate(out):
        if over_limit(text):   # (a safeguard: the lines break before this can be)
            where = f"{record.file}: " if record.file else ""
            game = f"game {record.number}: " if record.number > 1 else ""
            raise MclogError(
                f"{where}{game}line {i + 1} of the canonical text would be "
                f"{len(text)} characters long, over the {line_limit(text)} a record may have: "
                f"{text[:60]}...; put the long comment on a line of its own")
    return "\n".join(out) + "\n"


def kept_entries(record: GameRecord, redundant: set[int]) -> list:
    """The entries the canonical form writes: all but the redundant items (``redundant``:
    their ids; see ``redundant.py``), a comment that followed one of them then standing on
    a line of its own.  What ``fmt`` reads back must be exactly these."""
    if not redundant:
        return record.entries
    kept, orphaned = [], False
    for entry in record.entries:
        if isinstance(entry, MoveEntry) and id(entry) in redundant:
            orphaned = True
            continue
        if isinstance(entry, CommentEntry):
            if orphaned and not entry.own_line:
                entry = replace(entry, own_line=True)
        elif not isinstance(entry, Marker):
            orphaned = False
        kept.append(entry)
    return kept


def _breaks(label: str, actor: int | None, move, line: _Line) -> bool:
    """Within one phase, where a new line starts."""
    if label in _DRAFT_LABELS:
        if isinstance(move, Draw):
            return not line.last_draw
        return isinstance(move, _DRAFT_CHOICES)
    if label in ("lobby", "privilege"):
        return move.player is not None and actor != line.subject and line.subject is not None
    return False


def write(records, played=None) -> str:
    """The canonical text of one record or of several (separated by a blank line)."""
    if isinstance(records, GameRecord):
        return write_game(records, played)
    return "\n".join(write_game(r) for r in records)


# --- JSON ------------------------------------------------------------------------


def to_json(record: GameRecord) -> dict:
    """The record as JSON-ready data: tags, players and 18xx-style entries.

    Moves are ``{"type": "Buy", "player": 1, "card": "F"}`` (players are seat
    numbers, chance is ``null``; industries are written as in the notation,
    ``"T3+1"``); checkpoints, the reveal and comments are entries too, so the
    text can be written back from the JSON without loss.
    """
    entries = []
    for e in record.entries:
        if isinstance(e, MoveEntry):
            item: dict = {"type": type(e.move).__name__}
            for f in fields(e.move):
                value = getattr(e.move, f.name)
                item[f.name] = str(value) if isinstance(value, Industry) else value
            entries.append(item)
        elif isinstance(e, CheckEntry):
            entries.append({"type": "check", "what": e.what,
                            "values": [[k, v] for k, v in e.values]})
        elif isinstance(e, RevealEntry):
            entries.append({"type": "reveal", "player": e.seat, "colonies": list(e.colonies)})
        elif isinstance(e, CommentEntry):
            item = {"type": "comment", "text": e.text, "brace": e.brace}
            if e.own_line:
                item["own_line"] = True
            entries.append(item)
    return {"format": FORMAT, "tags": dict(record.tags), "players": list(record.table.names),
            "entries": entries}
