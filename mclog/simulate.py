"""Games played by bots, for any game with an engine (``mclog.engine``): the bots'
contract, a random bot, and the loop that gives each decision to its seat's bot and each
chance to the game's ``chance``.

A bot is any object with ``choose(state, moves) -> move``: ``moves`` is the engine's
``legal(state)`` at the bot's own decision (a sequence, perhaps a lazy one), and ``state``
is there to read, never to change.  Chance is never a bot's: a shuffled deck or a die
is the engine's ``chance(state, rng)``, from the game's one seeded generator, so the same
seed gives the same game, move for move, byte for byte.

>>> from mclog.simulate import RandomBot, below
>>> import random
>>> RandomBot(3).choose(None, ["hold", "roll"]) in ("hold", "roll")
True
>>> below(random.Random(5), 10) == random.Random(5).randrange(10)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from .engine import Engine, below
from .record.entries import CommentEntry


class Chooser(Protocol):
    def choose(self, state: Any, moves: Sequence) -> Any: ...


class Bot:
    """Base class of a bot: override ``choose``; ``name`` goes into the record's tags."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, moves: Sequence) -> Any:  # pragma: no cover
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal moves, from its own seeded generator (a lazy
    sequence of a million bets costs it one index, not a list)."""

    name = "random"

    def choose(self, state: Any, moves: Sequence) -> Any:
        return moves[below(self.rng, len(moves))]  # (what rng.choice(moves) picks)


def moves_of(engine: Engine, state: Any, bots: Sequence[Chooser], rng: random.Random,
             *, limit: int | None = None) -> Iterator[tuple[Any, Any]]:
    """Each decision of the game from ``state`` on, with the move that answers it: the
    seat's bot's choice, or chance's.  The caller plays each move on ``state`` before
    asking for the next (so that a replay can play it and note it at once).  ``limit``:
    stop after that many moves, a game still in progress (a game of pure chance may
    never end)."""
    count = 0
    while (d := engine.decision(state)) is not None:
        if limit is not None and count >= limit:
            return
        if d.actor is None:
            move = engine.chance(state, rng)
        else:
            moves = engine.legal(state)
            if not moves:
                raise RuntimeError(f"the engine lists no legal move for "
                                   f"{engine.describe(state)!r}")
            move = bots[d.actor].choose(state, moves)
        count += 1
        yield d, move


def play_out(engine: Engine, state: Any, bots: Sequence[Chooser], rng: random.Random,
             *, limit: int | None = None) -> list:
    """The moves of a game played from ``state`` (which is played on, to the end or to
    ``limit`` moves)."""
    played = []
    for _, move in moves_of(engine, state, bots, rng, limit=limit):
        engine.play(state, move)
        played.append(move)
    return played


#: How the comment of a simulated game stopped at its limit starts (``stopped_note``).
STOPPED = "stopped here, in progress"


def stopped_note(count: str) -> CommentEntry:
    """The comment a simulated game stopped at its limit ends with (``count``: "20,000
    moves"), on a line of its own: the record says itself why it ends in progress, where
    ``mclog validate`` without ``--partial`` refuses it.

    >>> stopped_note("3 moves").text
    'stopped here, in progress: after 3 moves the bots had not ended the game (mclog simulate stops there); mclog validate --partial reads it'
    """
    return CommentEntry(f"{STOPPED}: after {count} the bots had not ended "
                        "the game (mclog simulate stops there); mclog validate --partial "
                        "reads it", own_line=True)


def stopped(text: str) -> bool:
    """Whether the canonical text of one simulated game (``Game.simulated_text``) ends
    with ``stopped_note``: the bots did not end it (bots write no comment of their own).

    >>> stopped("roll Ann 3, move Ann e5\\n; stopped here, in progress: after ...\\n")
    True
    >>> stopped("roll Ann 3, move Ann e5\\n")
    False
    """
    last = text.rstrip().rpartition("\n")[2].lstrip("; {")
    return last.startswith(STOPPED)


def bot_names(spec: str, players: int) -> list[str]:
    """``"greedy,random"`` -> a bot's name for each seat (the last name fills the table;
    no name at all is ``random``)."""
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["random"]
    names += [names[-1]] * (players - len(names))
    return names[:players]


def seat_bots(tags: Mapping[str, str], players: int) -> list[str | None]:
    """The bot in each seat of a simulated game's record, from its ``Bots`` tag: a name per
    seat, or names whose last fills the table, as ``--bots`` takes them and ``bot_names``
    reads them; ``None`` for every seat of a record no bots played.

    >>> seat_bots({"Bots": "greedy, random, random"}, 3), seat_bots({"Bots": "profit"}, 2)
    (['greedy', 'random', 'random'], ['profit', 'profit'])
    >>> seat_bots({}, 2)
    [None, None]
    """
    spec = tags.get("Bots", "")
    if not spec.strip():
        return [None] * players
    return list(bot_names(spec, players))   # (as a list of ``str | None``)


def make_bot(name: str, seed: int | None,
             known: Mapping[str, Callable[[int | None], Chooser]]) -> Chooser:
    """The bot called ``name`` among a game's ``known`` ones, seeded; ``ValueError``
    naming the bots there are for an unknown name."""
    if name not in known:
        raise _unknown_bot(name, known)
    return known[name](seed)


def _unknown_bot(name: str, known: Mapping[str, Any]) -> ValueError:
    return ValueError(f"unknown bot {name!r}: the bots are {', '.join(known)}")


def make_bots(spec: str, players: int, seed: int,
              known: Mapping[str, Callable[[int | None], Chooser]]) -> list:
    """One bot per seat from ``spec``, each with its own generator seeded from the game's
    seed and its seat; ``ValueError`` naming the bots there are for an unknown name."""
    check_bots(spec, known)
    return [make_bot(name, seed * 100 + seat, known)
            for seat, name in enumerate(bot_names(spec, players))]


def check_bots(spec: str, known: Mapping[str, Any], players: int | None = None) -> None:
    """``ValueError`` in words if ``spec`` names a bot there is not (naming the bots there
    are), leaves a name out between two commas, or names more bots than the table of
    ``players`` has seats (where known): ``bot_names`` would otherwise drop the name and
    seat the bots after it one place too early, or drop the bots past the table, unsaid.

    >>> def said(spec, players=None):
    ...     try:
    ...         check_bots(spec, {"greedy": 1, "random": 2}, players)
    ...     except ValueError as exc:
    ...         return str(exc).split(" (")[0]
    >>> said("greedy, random", 2) is None
    True
    >>> said("greedy,,random")
    "bots 'greedy,,random': seat 2's bot is not named"
    >>> said("greedy,random,random", 2)
    "bots 'greedy,random,random' name 3 bots, for a table of 2 players"
    """
    names = [name.strip() for name in spec.split(",")]
    if spec.strip() and "" in names:
        raise ValueError(f"bots {spec!r}: seat {names.index('') + 1}'s bot is not named (a "
                         "name for each seat, with a comma between two names)")
    if players is not None and len(names) > players:
        raise ValueError(f"bots {spec!r} name {len(names)} bots, for a table of {players} "
                         "players (a name for each seat, the last filling the table)")
    for name in bot_names(spec, len(names)):
        if name not in known:
            raise _unknown_bot(name, known)


__all__ = ["Bot", "RandomBot", "Chooser", "STOPPED", "below", "moves_of", "play_out",
           "make_bot", "make_bots", "check_bots", "bot_names", "seat_bots", "stopped",
           "stopped_note"]
