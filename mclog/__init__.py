"""mclog: record, replay and analyse real played board games: Million Club, Millionenspiel,
Cartel and Joakim von Ankas fantastiska affärer.

>>> import mclog
>>> path = "sample_games/millionclub/thursday-club-3p.mclog"
>>> game = mclog.replay(mclog.read_one(path))  # doctest: +SKIP
>>> game.scores()[0].total                                                     # doctest: +SKIP

Every function here works for any game: a record's ``[Game "..."]`` tag (Million Club
when absent) names the game, and the registry (``mclog.games``) finds its folder.  The
shared parts (errors, the framing and reading of record files, replay with snapshots)
live beside ``mclog/games/``; each game's rules, notation and views live in its folder.
"""

from __future__ import annotations

from . import replay as _replay_module  # noqa: F401  (imported first: see replay() below)
from .arguments import game_of_record as _game_of_record, replayed as _replayed
from .arguments import seat_number as _seat_number
from .errors import MclogError, RecordError, RuleError, SetupError
from .games import game as _game
from .record.names import seat_named as _seat_named, written_from as _written_from
from .record.reading import (
    parse, parse_one, read, read_headers, read_lenient, read_one,
)

__version__ = "0.1.0"


# The module ``mclog.replay`` (replay with snapshots) is imported above, before this
# function takes its name in the package: a first import of the module later would
# otherwise put the module in the function's place.
def replay(record, *, strict: bool = True, events: bool = False, slips: bool = True):
    """The record played through its game's rules (``Game.replay``): every state by step,
    the scores, and the record's mistakes.  ``events``: note the game's events as it
    plays, for the analysis tables that read them (they are noted when first asked for
    otherwise, by playing the game again).  ``slips``: a failed check or a refused move
    names the move it may come from (off where nobody reads the message)."""
    return _game_of_record(record, "replay").replay(record, strict=strict, events=events,
                                                    slips=slips)


def write(records, played=None) -> str:
    """The canonical text of one record, or of several (separated by a blank line)."""
    if isinstance(records, (list, tuple)):
        return "\n".join(_game_of_record(r, "write").write(r) for r in records)
    return _game_of_record(records, "write").write(records, played)


def to_json(record) -> dict:
    """The record as JSON-ready data (``mclog export``)."""
    return _game_of_record(record, "to_json").to_json(record)


def from_json(data: dict, file: str | None = None, game: str | None = None):
    """The record of ``to_json``'s data, for the game ``game`` (by default the game the
    data names in its ``"game"``, else Million Club)."""
    from .games import game as named, json_game
    from .record.json_form import failure

    if game is None:
        try:
            game = json_game(data)
        except ValueError as exc:
            raise failure(file or "<data>")("game", str(exc)) from None
    return named(game).record_from_json(data, file)


def seat_view(played, seat: int | str):
    """The record as the player in ``seat`` (their seat number from 0, or their name)
    would have written it: in a game with hidden information (Million Club, Cartel,
    Joakim), ``?`` for what that seat did not see; in one without (Millionenspiel), the
    record itself with its ``[Seat]`` tag.  A record written from that seat already (its
    ``[Seat]``) is that record, as it stands; one written from another seat does not hold
    what this one saw (``RecordError``, code ``seat``: ``seat_refusal``)."""
    record = _replayed(played, "mclog.seat_view").record
    seat = _seat_number(seat, record.players)
    refusal = seat_refusal(record, record.players[seat])
    if refusal is not None:
        raise refusal
    if _written_from(record.tags, record.players) == seat:
        return record
    return _game(record.game).seat_view(played, seat)


def seat_refusal(record, name: str) -> RecordError | None:
    """Why the record of the player called ``name`` cannot be made from ``record``: it is
    written from another player's seat, which did not see what theirs did (at the game's
    first line, code ``seat``); None if it can.  (Seats are compared, as the tag reads:
    ``[Seat " Ben "]`` is Ben's, and so is a name whose accent is typed apart.)"""
    names = record.players
    written = _written_from(record.tags, names)
    if written is None or written == _seat_named(name, names) \
            or not _game(record.game).hidden_information:
        return None   # (in a game that hides nothing, every seat saw what this one did)
    return record.error(f"{name}'s record cannot be made from this one: it is written from "
                        f"{names[written]}'s seat ([Seat \"{record.tags['Seat']}\"]), which "
                        f"did not see what {name} saw", record.start_line, 1, code="seat")


__all__ = [
    "MclogError", "RecordError", "RuleError", "SetupError", "read", "read_one", "read_headers",
    "parse", "parse_one", "read_lenient", "from_json", "replay", "seat_view", "seat_refusal",
    "write",
    "to_json", "__version__",
]
