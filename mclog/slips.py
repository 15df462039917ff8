"""The slip a disagreement comes from: which move, written otherwise, would make a record
agree with what the table counted.

A ``check`` that fails says that the record and the table parted, not where.  Between the
last check that agreed and this one, each move is tried written otherwise (what the game
says a table may have meant: by default every other legal answer to the same question),
and the moves after it are played as written; where the check then agrees, that move is
a slip that would explain it.  A move the rules refuse because of something earlier (a
bet the money no longer covers) is searched the same way, with "the move is allowed" in
place of "the check agrees".

Only a slip of one move is looked for: one is the common case, and the search stays
cheap (each move's alternatives, each followed by the moves after it).  Each slip found
is then played on with the rest of the record (``confirmed``): the table's later checks
were counted on the game as it was played, so a slip every one of them contradicts was
a miscount, and is not named.  A search that
would play more than ``BUDGET`` moves gives up rather than keep a user waiting on an
error message.  What it finds is said as it is, a condition ("the record would agree
with it if line 12 read ..."): the table may as well have counted wrong, and then no
move explains the count.

>>> from mclog.replay import Replay
>>> def play(total, move):                # a game of adding numbers, one list of them
...     total.append(total[-1] + move)
>>> game = Replay([0], list, play)
>>> for move in (3, 4, 5):
...     game.push(move, None)
>>> found = find_slips(game, 0, lambda total: total[-1] == 10,
...                    lambda total, written: [written - 2, written + 2], play)
>>> [(slip.index, slip.written, slip.meant) for slip in found]
[(0, 3, 1), (1, 4, 2), (2, 5, 3)]
>>> in_words(found[:1], lambda slip: f"line {slip.index + 1}", str)
"; the record would agree with it if line 1 read '1' (not '3')"
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .errors import RuleError
from .record.entries import CheckEntry
from .replay import Replay

#: The most moves one search plays (every alternative with the moves after it): about a
#: second of the slowest game's rules on a slow machine.
BUDGET = 150_000

#: The most moves played looking for the slip behind a move the rules refuse: less than a
#: failed check's search, as most refusals are the move's own slip, and a recorder asks
#: again at every answer typed.
REFUSAL_BUDGET = 30_000

#: The most slips found that are each played on with the whole record (``confirmed``).
CONFIRMED = 8

#: The most moves a message names as the slip, and the most ways of writing one of them:
#: more would point nowhere.
NAMED = 3


@dataclass(frozen=True, slots=True)
class Slip:
    """A move of a replay (``index``, from 0) written ``written`` that, written ``meant``,
    would make the record agree."""

    index: int
    written: Any
    meant: Any


def find_slips(replay: Replay, start: int, fits: Callable[[Any], bool],
               others: Callable[[Any, Any], Iterable[Any]],
               play: Callable[[Any, Any], None], *,
               considers: Callable[[Any], bool] | None = None,
               budget: int = BUDGET) -> list[Slip] | None:
    """Each move of ``replay`` from index ``start`` on that, written as one of
    ``others(state_before_it, written)`` with the moves after it played as written, leaves
    a state that ``fits``; None where that takes more than ``budget`` moves played.
    ``considers(written)``: whether a move is tried otherwise at all (every move, by
    default), which spares making the state before the others."""
    moves = replay.moves
    found: list[Slip] = []
    spent = 0
    for index in range(start, len(moves)):
        written = moves[index]
        if considers is not None and not considers(written):
            continue
        for meant in others(replay.state(index), written):
            if meant == written:
                continue
            if spent > budget:
                return None
            state = replay.state(index)
            try:
                spent += 1
                play(state, meant)
                for move in moves[index + 1:]:
                    spent += 1
                    play(state, move)
            except RuleError:
                continue
            if fits(state):
                found.append(Slip(index, written, meant))
    return found


def confirmed(found: Sequence[Slip] | None, holds: Callable[[Slip], bool],
              most: int = CONFIRMED) -> list[Slip]:
    """The slips of ``found`` (``find_slips``'s answer) after which the rest of the record
    still ``holds`` (its later moves legal, its later checks agreeing, the record played
    on with the slip's move written as meant); none where the search gave up, or where it
    found more than ``most`` (too many to point anywhere: the whole record is not played
    again for each).  The table counted its later checks on the game as it was played,
    so they speak for a slip and against a miscount: a count that one move would explain
    but every later count contradicts was a miscount.  (Where nothing of the record
    follows, every slip holds.)"""
    if not found or len(found) > most:
        return []
    return [slip for slip in found if holds(slip)]


def allows(play: Callable[[Any, Any], None], state: Any, move: Any) -> bool:
    """Whether the rules (``play``) allow ``move`` on ``state``, which it changes: what a
    slip behind a refused move must make true."""
    try:
        play(state, move)
    except RuleError:
        return False
    return True


def written_as(entries: Sequence[Any], written: Any, meant: Any) -> list[Any]:
    """A record's ``entries`` with the move of the entry ``written`` (one of them, by
    identity) as ``meant``: the record a slip says the table meant, to play on with
    (``confirmed``)."""
    return [replace(entry, move=meant) if entry is written else entry for entry in entries]


def checked_after(entries: Sequence[Any], at: Any, kinds: Collection[str] = ()) -> bool:
    """Whether a check follows the entry ``at`` (one of ``entries``, by identity), of one
    of ``kinds`` (any kind where none is given): what can tell a slip from a miscount,
    or from a move's own slip (``confirmed``)."""
    start = next((i for i, entry in enumerate(entries) if entry is at), len(entries)) + 1
    return any(isinstance(entry, CheckEntry) and (not kinds or entry.what in kinds)
               for entry in entries[start:])


def in_words(found: Sequence[Slip], where: Callable[[Slip], str], text: Callable[[Any], str],
             outcome: str = "the record would agree with it",
             said: Sequence[str] = (), unconfirmed: bool = False) -> str:
    """The slips ``found`` as words to add to a message (``; the record would agree with
    it if line 12 read 'Ben IV:T' (not 'Ben IV:F')``), or "" where none is found, or
    more than ``NAMED`` moves (moves of one line written alike and meant alike count as
    one), or ways of writing one of them.  ``where`` says where a
    slip's move stands (``line 12``), ``text`` how a move is written; ``said``: slips
    the game put in words of its own (several moves that are one slip), each counted as
    one, named first; ``unconfirmed``: no later check of the record could tell a slip
    from a miscount (``confirmed``), which the words then say."""
    moves: dict[int, list[Slip]] = {}
    for slip in found:
        moves.setdefault(slip.index, []).append(slip)
    if any(len(ways) > NAMED for ways in moves.values()):
        return ""
    phrases = list(said)
    for slips in moves.values():
        meant = " or ".join(f"'{text(slip.meant)}'" for slip in slips)
        phrases.append(f"{where(slips[0])} read {meant} (not '{text(slips[0].written)}')")
    # (moves of one line written alike read alike, as two discs on one sector, or four
    # cards of one draw, any of which may be the one meant otherwise: one phrase, one slip)
    phrases = list(dict.fromkeys(phrases))
    if not phrases or len(phrases) > NAMED:
        return ""
    doubt = ", or if the count is wrong (no later check tells)" if unconfirmed else ""
    return f"; {outcome} if " + ", or if ".join(phrases) + doubt


def refused_with(reason: str, rule: str | None, slip: str) -> str:
    """A refusal's words with the slip it may come from (``in_words``), or its words alone
    where none is named: the rule it breaks is said before the slip, since a message
    says it at the end otherwise (``RecordError.told``) and it belongs to the reason
    (``... costs 4 (R15); the rules would allow it if ...``)."""
    return f"{reason} ({rule}){slip}" if slip and rule else reason + slip


def entry_place(entry: Any, entries: Sequence[Any]) -> str:
    """Where a record's entry stands, for a message: ``line 12``, or in a record read from
    JSON, which has no lines, ``entries[30]`` (``entries``: the record's)."""
    if entry.line:
        return f"line {entry.line}"
    index = next((i for i, e in enumerate(entries) if e is entry), None)
    return "the move" if index is None else f"entries[{index}]"
