"""A Millionenspiel game read: its tags, then its body by the verb table (``verbs.py``),
each mistake located.

A line holds items, separated by spaces or commas::

    start Cleo
    bets Ann 3, Ben pass, Cleo 5
    Cleo rolls 4 3, refuses, rolls 2 2, rolls 5 1, past arrow, lands yellow
    Ann buys pension 50
    check money Ann 40 Ben 3 Cleo 60

>>> from mclog import parse_one
>>> rec = parse_one('[Game "Millionenspiel"]\\n[Players "Ann, Ben"]\\nstart Ben\\n'
...                 'bets Ann 2, Ben pass\\nBen rolls 4 3, lands blue\\n')
>>> [type(m).__name__ for m in rec.moves]     # (keeping the throw is not written)
['StartPlayer', 'Bet', 'Bet', 'Throw', 'Land']
"""

from __future__ import annotations

from mclog.errors import RecordError, RuleError
from mclog.record.cursor import Cursor
from mclog.record.framing import RawGame, whole_number
from mclog.record.names import name_problem, seat_problem, seats_by_name, twice

from ..rules.flow import HOUSE_PLAYERS, check_players
from ..rules.state import PENSION_CARDS
from ..rules.track import parse_track
from .record import FORMAT, Record
from .verbs import RESERVED, Reading, amount, read_line


def parse_game(raw: RawGame, file: str | None, number: int) -> Record:
    """The record of one framed game (``RecordError`` located at its first mistake)."""
    tags, lines = raw.tag_values()
    fmt = tags.get("Format")
    if fmt is not None and fmt != FORMAT:
        raise RecordError(f'This reader knows [Format "{FORMAT}"], not "{fmt}"',
                          line=lines["Format"], col=1, code="header")
    tags.setdefault("Format", FORMAT)
    cards = _pension_cards(tags, lines)
    names = _players(tags, lines, raw, cards)
    problem = seat_problem(tags, names)   # (every seat sees everything, but is a player's)
    if problem:
        raise RecordError(problem, line=lines["Seat"], col=1, code="header")
    track = None
    if "Track" in tags:
        try:
            track = parse_track(tags["Track"])
        except RuleError as exc:
            raise RecordError(f"[Track] {exc.reason}", line=lines["Track"], col=1,
                              code="header", rule=exc.rule) from None
    record = Record(tags, names, track, [], file, number, raw.start, cards)
    context = Reading(seats_by_name(names))
    cursor = Cursor()   # (one for the game's lines)
    for line in raw.take_lines():
        cursor.start(line, record.entries)
        read_line(cursor, context)
    if context.past_arrow is not None:
        raise RecordError("'past arrow' is followed by where the pawn lands ('lands "
                          "yellow'), but the record ends", line=context.past_arrow[0],
                          col=context.past_arrow[1])
    return record


def _pension_cards(tags: dict[str, str], lines: dict[str, int]) -> int:
    """``[PensionCards "8"]``: the house rule of a table of more than five, eight pension
    cards of each value (M1); without it, the box's five."""
    if "PensionCards" not in tags:
        return PENSION_CARDS
    value = whole_number(tags["PensionCards"].strip())
    if value is None or not PENSION_CARDS <= value <= HOUSE_PLAYERS.stop - 1:
        raise RecordError(f'[PensionCards] is how many pension cards of each value the table '
                          f'plays with, {PENSION_CARDS} (the box) to {HOUSE_PLAYERS.stop - 1}, '
                          f'not "{tags["PensionCards"]}"', line=lines["PensionCards"], col=1,
                          code="header", rule="M1")
    return value


def _players(tags: dict[str, str], lines: dict[str, int], raw: RawGame,
             cards: int = PENSION_CARDS) -> tuple[str, ...]:
    def fail(message: str) -> RecordError:
        return RecordError(message, line=lines.get("Players", raw.start), col=1,
                           code="header")

    if "Players" not in tags:
        raise fail('A game needs a [Players "Ann, Ben, Cleo"] tag: the players in seat '
                   "order, clockwise")
    names = [part.strip() for part in tags["Players"].split(",")]
    for name in names:
        if not name:
            raise fail("[Players] has an empty entry: write the names between commas")
        problem = name_problem(name, RESERVED.__contains__)
        if problem:
            raise fail(f"[Players] {problem}")
    problem = twice(names)
    if problem:
        raise fail(f"[Players] {problem}")
    try:
        check_players(tuple(names), cards)
    except RuleError as exc:
        raise fail(f"{exc.reason[0].upper()}{exc.reason[1:]} (M1)") from None
    return tuple(names)


__all__ = ["parse_game", "amount"]
