"""A recorded game of Million Club: tags, table, and the body as entries.

The body is a list of entries in the order they were written: moves (chance
draws included), checkpoints, the end-of-game reveal, and comments.  Round
lines and line labels (``intrigue``, ``end`` ...) are kept as markers: the
replayer checks them, but they carry nothing the rules cannot work out, so
two records that differ only in them are equal.  Source positions never
count for equality either: ``parse(write(record)) == record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from mclog.errors import RecordError
from mclog.record.framing import WIDE_COMMAS
from mclog.record.entries import CheckEntry, CommentEntry, RecordBase
from mclog.record.names import (BETWEEN_NAMES, closest, name_problem, seat_of, seat_problem,
                                suggestion, twice)
from ..rules.board import ALTERNATIVE, COLOURS, STANDARD
from ..rules.setup import check_table, default_colours
from ..rules.state import Table
from .entry import MoveEntry
from .vocabulary import is_reserved

FORMAT = "mclog 1"
#: Canonical order of the tags the format knows; others follow in their own order.
TAG_ORDER = ("Game", "Event", "Site", "Date", "Format", "Setup", "Privileges", "Players")


@dataclass(slots=True)
class RevealEntry:
    """``reveal Ben india africa``: the colonies a player shows at the end (R20)."""

    seat: int
    colonies: tuple[str, ...]
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        # In one order, whoever made the entry (the reader, ``hide``, JSON, the recorder):
        # the order a player lays the cards out in says nothing, and ``fmt`` of a record
        # ``hide`` wrote must change nothing.
        self.colonies = tuple(sorted(self.colonies))


@dataclass(slots=True)
class Marker:
    """A round line or a line label as written; checked by the replayer, never compared."""

    label: str
    number: int | None = None
    line: int = 0
    col: int = 0


Entry = MoveEntry | CheckEntry | RevealEntry | CommentEntry | Marker


@dataclass(slots=True, eq=False, repr=False)
class GameRecord(RecordBase):
    """One game: its tags (in order), the table they describe, and the body."""

    #: The game's name, as a ``Game`` tag gives it (the registry's key: ``mclog.games``).
    game: ClassVar[str] = "Million Club"
    move_entry: ClassVar[type[Any]] = MoveEntry
    tags: dict[str, str]
    table: Table
    entries: list[Entry] = field(default_factory=list)
    file: str | None = None
    number: int = 1
    start_line: int = 1

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.table.names

    @property
    def content(self) -> list[Entry]:
        """The entries that make the record what it is (markers left out)."""
        return [e for e in self.entries if not isinstance(e, Marker)]


def record_from_moves(table: Table, moves, tags: dict[str, str] | None = None) -> GameRecord:
    """A record of a game known as a list of moves (a simulated game, say)."""
    all_tags = {"Format": FORMAT}
    if table.setup != STANDARD:
        all_tags["Setup"] = table.setup
    if table.privilege_pick:
        all_tags["Privileges"] = "pick"
    all_tags["Players"] = ", ".join(f"{n} {c}" for n, c in zip(table.names, table.colours))
    if table.seat is not None:
        all_tags["Seat"] = table.names[table.seat]
    all_tags.update(tags or {})
    entries: list[Entry] = [MoveEntry(m, subject=getattr(m, "player", None)) for m in moves]
    return GameRecord(canonical_tags(all_tags), table, entries)


#: What a table may write between a player's name and colour (``Ann - red``, ``Ann: red``),
#: where the tag sets them apart by a space alone.
_BETWEEN_NAME_AND_COLOUR: Final = frozenset({":", "-", "\u2013", "\u2014", "=", "/"})


def table_from_tags(tags: dict[str, str], tag_lines: dict[str, int]) -> Table:
    """Read the Players, Setup and Privileges tags into a ``Table``."""

    def fail(message: str, tag: str) -> RecordError:
        return RecordError(message, line=tag_lines.get(tag, 1), col=1, code="header")

    fmt = tags.get("Format")
    if fmt is not None and fmt != FORMAT:
        raise fail(f'This reader knows [Format "{FORMAT}"], not "{fmt}"', "Format")
    setup = tags.get("Setup", STANDARD).strip().lower()
    if setup not in (STANDARD, ALTERNATIVE):
        raise fail(f'[Setup] is "standard" or "alternative", not "{tags["Setup"]}"', "Setup")
    privileges = tags.get("Privileges", "draw").strip().lower()
    if privileges not in ("draw", "pick"):
        raise fail('[Privileges] is "draw" (the rulebook) or "pick" (the Japanese summary, '
                   f'R16), not "{tags["Privileges"]}"', "Privileges")
    if "Players" not in tags:
        raise RecordError('A game needs a [Players "Ann yellow, Ben blue, ..."] tag: the '
                          "players in seat order, clockwise", col=1, code="header",
                          line=min(tag_lines.values(), default=1))   # (its first tag)
    names: list[str] = []
    colours: list[str] = []
    for part in tags["Players"].split(","):
        words = part.split()
        if not words:
            raise fail("[Players] has an empty entry: write 'Name colour' between commas",
                       "Players")
        if len(words) > 2:
            wide = next((mark for mark in WIDE_COMMAS if mark in part), None)
            if wide:
                apart = f" (a plain comma separates the players, not '{wide}': 'Ann yellow, " \
                    "Ben blue')"
            elif any(mark in part for mark in ";/&") or \
                    any(w.lower() in BETWEEN_NAMES for w in words):
                apart = " (commas separate the players: 'Ann yellow, Ben blue')"
            elif len(words) == 3 and words[1] in _BETWEEN_NAME_AND_COLOUR:   # (``Ann - red``)
                apart = f" (a space alone sets them apart: '{words[0]} {words[2]}')"
            else:
                apart = ""
            raise fail(f"[Players] entry '{part.strip()}' should be a name and a colour"
                       + apart, "Players")
        name = words[0]
        if len(words) == 2 and name[-1] in _BETWEEN_NAME_AND_COLOUR and \
                words[1].lower() in COLOURS:   # (``Ann: yellow``: a name and its colour)
            raise fail(f"[Players] entry '{part.strip()}': a space alone sets a name and its "
                       f"colour apart ('{name[:-1]} {words[1]}')", "Players")
        if len(words) == 2 and name.lower() in COLOURS and words[1].lower() not in COLOURS:
            raise fail(f"[Players] entry '{part.strip()}': the name comes first, then the "
                       f"colour ('{words[1]} {name}')", "Players")
        problem = name_problem(name, is_reserved, one_word=False)
        if problem:
            raise fail(f"[Players] {problem}", "Players")
        problem = twice([*names, name])
        if problem:
            raise fail(f"[Players] {problem}", "Players")
        names.append(name)
        if len(words) == 2:
            colour = words[1].lower()
            if colour not in COLOURS:
                bare = colour.strip("()[]<>'\"")
                meant = bare if bare in COLOURS else closest(colour, COLOURS)
                raise fail(f"'{words[1]}' is not a colour of the game: {', '.join(COLOURS)} "
                           f"(R2){suggestion(meant)}", "Players")
            colours.append(colour)
    if colours and len(colours) != len(names):
        raise fail("Give every player a colour, or none", "Players")
    problem = seat_problem(tags, names)
    if problem:
        raise fail(problem, "Seat")
    table = Table(tuple(names), tuple(colours) or default_colours(len(names), setup), setup,
                  privileges == "pick", seat_of(tags["Seat"], names) if "Seat" in tags else None)
    try:
        check_table(table)
    except Exception as exc:  # SetupError: re-located on the Players tag
        raise fail(str(exc), "Players") from None
    return table


def canonical_tags(tags: dict[str, str]) -> dict[str, str]:
    out = {name: tags[name] for name in TAG_ORDER if name in tags}
    out.update((k, v) for k, v in tags.items() if k not in out)
    return out
