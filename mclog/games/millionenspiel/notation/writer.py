"""Canonical text and JSON of a Millionenspiel record.

Each item is written by its row of the verb table (``verbs.py``); this module lays the
items out in lines, one per part of a throw: the start player, each throw's bets, each
throw's dice and landing (with the roller's name), each pension card bought, each check.  A comment stays
where it was anchored: on a line of its own, or after its item (``{...}`` when items
follow on the line, ``; ...`` at its end).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from mclog.errors import RecordError, RuleError
from mclog.record.entries import ends_its_line, inline_comments_length
from mclog.record.files import MAX_LINE, line_limit, over_limit
from mclog.record.checks import check_text
from mclog.record.framing import comment_text, escape_tag

from ..rules.flow import play
from ..rules.moves import (
    MOVE_TYPES, Accept, Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw,
)
from ..rules.state import ACCEPT, new_game
from .record import FORMAT, CheckEntry, CommentEntry, MoveEntry, Record, canonical_tags
from .verbs import VERBS

_GROUP = {StartPlayer: "start", Bet: "bets", Throw: "roll", Refuse: "roll", Land: "roll",
          Die: "roll", BuyPension: "pension"}


def write_game(record: Record, played=None) -> str:
    """The canonical text of one game (ending with a newline).  ``played``: its replay,
    whose redundant items (a broke player's ``pass``) are left out."""
    names = record.names
    redundant = played.redundant if played is not None else set()
    out = [f'[{k} "{escape_tag(v)}"]' for k, v in canonical_tags(record.tags).items()]
    out.append("")
    line = _Line(out)
    rollers = _rollers(record, redundant, played)
    for index, entry in enumerate(record.entries):
        if isinstance(entry, CommentEntry):
            if entry.own_line or line.empty:
                line.close()
                out.append(comment_text(entry.text, entry.brace, True))
            else:
                line.comment(entry)
            continue
        if isinstance(entry, CheckEntry):
            line.close()
            line.start("check")
            line.item(check_text(entry, names))
            continue
        if id(entry) in redundant:
            continue
        move = entry.move
        group = _GROUP[type(move)]
        roller = rollers.get(id(entry))
        item = _item(move, names, roller, first=line.empty)
        if group != line.group or group in ("start", "pension", "check") or \
                (isinstance(move, Throw) and line.landed) or \
                len(line.text) + len(item) + inline_comments_length(record.entries, index) \
                > MAX_LINE - 100:
            line.close()  # (a group goes on on a line of its own rather than be too long)
            item = _item(move, names, roller, first=True)
        if line.empty:
            line.start(group)
        line.item(item)
        line.landed = isinstance(move, (Land, Die))
    line.close()
    text = "\n".join(out) + "\n"
    _check_lines(text, record)
    return text


class _Line:
    """The line being written: its items and inline comments, and its group (a line holds
    one start, one throw's bets, one throw's dice and landing, one pension card, or one
    check)."""

    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.text = ""
        self.group: str | None = None
        self.landed = False

    @property
    def empty(self) -> bool:
        return not self.text

    def start(self, group: str) -> None:
        self.group = group
        if group == "bets":
            self.text = "bets"

    def item(self, text: str) -> None:
        self.text += (", " if self.text and self.text != "bets" else " " if self.text
                      else "") + text

    def comment(self, entry: CommentEntry) -> None:
        """After the item before it: ``{...}``, or ``; ...``, which ends the line, as a
        ``{...}`` that spans lines does (``ends_its_line``)."""
        self.text += " " + _comment(entry)
        if ends_its_line(entry):
            group = self.group
            self.close()
            self.group = group  # (the next item of this group starts a new line)

    def close(self) -> None:
        if self.text and self.text != "bets":
            self.out.append(self.text)
        self.text, self.group, self.landed = "", None, False


def _comment(entry: CommentEntry) -> str:
    """A comment after an item, on its line."""
    return comment_text(entry.text, entry.brace, False)


def _rollers(record: Record, redundant: AbstractSet[int] = frozenset(), played=None
             ) -> dict[int, int | None]:
    """The roller at each throw of the record (by entry), for writing 'Ann rolls': as
    ``played``, the record's replay, noted it (``MoveFacts``: the recorder writes its
    record at every line, and plays nothing again), else played as far as the record
    plays (a record with a mistake is still written as it is)."""
    rollers: dict[int, int | None] = {}
    if played is not None and played.record is record:
        for facts in played.replay.infos:   # (a throw kept is noted with the item after
            rollers.setdefault(id(facts.entry), facts.roller)   # it: the roller before)
        return rollers
    state = new_game(record.names, record.track, record.pension_cards)
    try:
        for entry in record.entries:
            if not isinstance(entry, MoveEntry) or id(entry) in redundant:
                continue
            move = entry.move
            rollers[id(entry)] = state.roller
            if state.decision is not None and state.decision.kind == ACCEPT and \
                    not isinstance(move, Refuse):
                play(state, Accept(state.rolling))
            play(state, Refuse(state.roller) if isinstance(move, Refuse) else move)
    except RuleError:  # (the rest is written without names)
        pass
    return rollers


def _item(move, names, roller: int | None, first: bool) -> str:
    """The item of ``move`` as the table writes it, with the roller's name where it starts
    a line (``Ann rolls 4 3``)."""
    return VERBS.item(move, names, names[roller] if first and roller is not None else None)


def answer_line(move, names, state) -> str | None:
    """``move`` as a line of its own in a record (the recorder's answers): ``bets Ann 3``,
    ``Cleo rolls 4 3``, ``Cleo refuses``; None for keeping a throw, which is not written."""
    if isinstance(move, Accept):
        return None
    roller = state.roller
    if isinstance(move, Bet):
        return "bets " + _item(move, names, roller, first=True)
    if isinstance(move, Refuse):
        return f"{names[roller]} refuses"
    return _item(move, names, roller, first=True)


def _check_lines(text: str, record: Record) -> None:
    for number, line in enumerate(text.split("\n"), 1):
        if over_limit(line):
            raise RecordError(f"The canonical form of this game would have a line of "
                              f"{len(line)} characters (line {number}), over the "
                              f"{line_limit(line)} a "
                              "record may have: a comment written beside an item is too long "
                              "(put it on a line of its own)", line=record.start_line, col=1,
                              file=record.file, code="too-large")


def to_json(record: Record) -> dict:
    """The record as JSON-ready data: tags, players and one object per entry."""
    entries: list[dict[str, object]] = []
    for e in record.entries:
        if isinstance(e, MoveEntry):
            item: dict[str, object] = {"type": type(e.move).__name__}
            for name in e.move.__slots__:
                value = getattr(e.move, name)
                item[name] = list(value) if isinstance(value, tuple) else value
            entries.append(item)
        elif isinstance(e, CheckEntry):
            entries.append({"type": "check", "what": e.what,
                            "values": [list(v) for v in e.values]})
        else:
            entries.append({"type": "comment", "text": e.text, "brace": e.brace,
                            "own_line": e.own_line})
    return {"format": FORMAT, "game": record.game, "tags": dict(record.tags),
            "players": list(record.names), "entries": entries}


__all__ = ["write_game", "to_json", "MOVE_TYPES"]
