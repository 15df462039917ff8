"""The move list beside the board (issue 25, as lichess shows the moves): the record's
own lines, comments included, each with the step it starts at, for the report and the
replay widgets to show, highlight and jump from.

The lines are the record's canonical text (what ``mclog fmt`` writes), so the list reads
as the record does; the step of each line comes from reading that text back and replaying
it, which works for any game whose steps know their line.

>>> import mclog
>>> played = mclog.replay(mclog.read_one("sample_games/millionenspiel/duel-2p.mclog"))
>>> lines = record_lines(played)
>>> lines[0], next(line for line in lines if line[1] == 1)
(('[Game "Millionenspiel"]', None), ('start Zoe', 1))
"""

from __future__ import annotations

from . import games
from .errors import MclogError


def record_lines(played) -> list[tuple[str, int | None]]:
    """``(line, step)`` for each line of the record's canonical text: ``step`` is the first
    step (1-based) the line holds, or None for a line that holds none (tags, a comment on
    a line of its own, a check)."""
    from .record.reading import parse

    game = games.game(played.record.game)
    text = game.write(played.record, played)
    lines = text.rstrip("\n").split("\n")
    try:
        # (only where each move stands is read: no failed check's slip is looked for)
        again = game.replay(next(parse(text)), strict=False, slips=False)
        first: dict[int, int] = {}
        for index, step in enumerate(again.steps, 1):
            if step.line and step.line not in first:
                first[step.line] = index
    except MclogError:  # (a record that does not read back: the lines alone, no steps)
        first = {}
    return [(line, first.get(number)) for number, line in enumerate(lines, 1)]


__all__ = ["record_lines"]
