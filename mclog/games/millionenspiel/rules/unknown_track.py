"""Where the pawn lands on a board the record does not describe (M20), for a review's
rollouts.

A record without a ``[Track]`` tag states each landing's colour and each passing of the
arrow, which is all the rules need (M12); but a rollout must move the pawn on past the
record's end, and for that it needs the board.  So a rollout plays on a board drawn among
those that agree with everything the record showed **up to its step** (never later:
that would be peeking): every landing's colour on the space it stood on, every passing
of the arrow, the arrow's space black.

Drawn in proportion, not merely among those that agree: a board's length is any from 13
(two dice move the pawn up to 12 spaces) to ``LONGEST``, each as likely beforehand, and
each space's colour is drawn in the proportions of mclog's illustrative board
(``track.ILLUSTRATIVE``: a guess, as the rulebook prints no board).  So a length on which
the landings stood on fewer new spaces, each of a likely colour, is likelier, as a board
making those landings likelier should be.  A throw whose dice were not seen (M18) moved
the pawn by any sum its dice allow (a double where another throw followed), weighted by
how many ways the dice make it.  The review says what it assumed
(``Game.rollout_note``).

And every board drawn holds a space of each colour the rulebook gives a meaning to (blue,
yellow, red, beige, green, black): a board is printed with them all, and on a board
drawn without red and yellow a game has no way to a million but a long walk of bets won
and lost, which a rollout could play for hundreds of thousands of throws.  Drawn so by
rejection: a board and its unseen spaces are drawn as above, and drawn again while a
colour is missing (a draw conditioned exactly on holding every colour).

The pawn moved 7, 8 and 9 spaces, passing the arrow on the third move: the board has 16
to 23 spaces, but not 17 (the third move would end on the yellow space of the first) nor
24 (it would end on the arrow's black space, not on red):

>>> landings = (((3, 4),), "yellow", 0), (((2, 6),), "blue", 0), (((4, 5),), "red", 1)
>>> sorted({board.length for board in boards_allowed(landings)})
[16, 18, 19, 20, 21, 22, 23]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from mclog.engine import by_fields

from .moves import Throw
from .track import ILLUSTRATIVE

#: The lengths a board is drawn among (13: the shortest loop two dice cannot jump; the
#: longest a guess, above the illustrative board's 40).
SHORTEST, LONGEST = 13, 60
#: The most ways of placing the pawn a search weighs (many throws unseen: refused).
MOST_WAYS = 50_000
#: A landing as a state keeps it: (the turn's dice, a pair a throw, ``None`` for a die
#: not seen; the colour landed on; how often the pawn reached or passed the arrow).
Landing = tuple[tuple[tuple[int | None, int | None], ...], str, int]

#: Each colour's share of the illustrative board's spaces past the arrow.
_SPACES = ILLUSTRATIVE[1:]
_SHARE = {colour: n / len(_SPACES) for colour, n in Counter(_SPACES).items()}
#: The colours every board holds: each has its meaning in the rulebook.
EVERY_COLOUR = frozenset(ILLUSTRATIVE)
#: The most boards drawn for one holding every colour (each draw is likely enough that
#: this is never reached where a board can hold them all: a bound on a loop, not a limit).
MOST_DRAWS = 100_000


@dataclass(frozen=True)
class Board:
    """A way the record's landings happened: the board's length, the colours they show
    on it (by space, from the arrow), where the pawn stands now, and how likely this way
    is beside the others (a weight)."""

    length: int
    seen: tuple[tuple[int, str], ...]
    position: int
    weight: float

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


def _pairs(die_a: int | None, die_b: int | None,
           double: bool | None) -> Iterator[tuple[int, int]]:
    """The dice a throw may have shown: the seen dice as they were, a double where
    another throw followed it, not a double where the pawn then moved."""
    for a, b in product(range(1, 7), repeat=2):
        if die_a not in (None, a) or die_b not in (None, b):
            continue
        if double is not None and (a == b) != double:
            continue
        yield a, b


def _sums(dice: tuple) -> dict[int, int]:
    """How many ways a landed turn's throws make each total (every throw but the last was
    a double; the last, where the pawn moved, was not)."""
    totals = {0: 1}
    for i, (a, b) in enumerate(dice):
        double = i < len(dice) - 1
        moves = Counter(x + y for x, y in _pairs(a, b, double))
        totals = dict(Counter({t + m: ways * n for t, ways in totals.items()
                               for m, n in moves.items()}))
    return totals


@lru_cache(maxsize=256)
def boards_allowed(landings: tuple[Landing, ...]) -> tuple[Board, ...]:
    """Every way the landings could have happened on a board of ``SHORTEST`` to ``LONGEST``
    spaces, each with its weight (asked once per position: a review's rollouts from one
    step all ask the same).  ``ValueError`` past ``MOST_WAYS`` ways."""
    sums = [_sums(dice) for dice, _, _ in landings]
    out: list[Board] = []
    for length in range(SHORTEST, LONGEST + 1):
        ways = [(0, {0: "black"}, 1.0)]
        for (dice, colour, passed), totals in zip(landings, sums):
            after = []
            for position, seen, weight in ways:
                for total, count in totals.items():
                    end = position + total
                    space = end % length
                    if end // length != passed:
                        continue
                    known = seen.get(space)
                    if known is not None:
                        if known == colour:
                            after.append((space, seen, weight * count))
                    elif colour in _SHARE:
                        after.append((space, {**seen, space: colour},
                                      weight * count * _SHARE[colour]))
            ways = after
            if len(ways) > MOST_WAYS:
                raise ValueError("too many throws were not seen to place the pawn")
        out += [Board(length, tuple(sorted(seen.items())), position, weight)
                for position, seen, weight in ways]
    return tuple(out)


def _may_hold_every_colour(board: Board) -> bool:
    """Whether the spaces the landings did not see are enough for the colours they did
    not show."""
    missing = EVERY_COLOUR - {colour for _, colour in board.seen}
    return board.length - len(board.seen) >= len(missing)


def board_drawn(landings: tuple[Landing, ...], rng: random.Random) -> tuple[tuple[str, ...],
                                                                            int]:
    """(a board holding every colour, the pawn's space on it) drawn as the module text
    says; ``ValueError`` in words where none can be."""
    allowed = boards_allowed(landings)
    if not allowed:
        raise ValueError(f"no board of {SHORTEST} to {LONGEST} spaces has the landings this "
                         "record shows")
    boards = [b for b in allowed if _may_hold_every_colour(b)]
    if not boards:
        raise ValueError(f"no board of {SHORTEST} to {LONGEST} spaces with a space of every "
                         "colour has the landings this record shows")
    weights = [b.weight for b in boards]
    for _ in range(MOST_DRAWS):
        board = rng.choices(boards, weights=weights)[0]
        seen = dict(board.seen)
        track = tuple(seen.get(space) or _SPACES[rng.randrange(len(_SPACES))]
                      for space in range(board.length))
        if EVERY_COLOUR.issubset(track):
            return track, board.position
    raise ValueError(f"no board of {SHORTEST} to {LONGEST} spaces with a space of every colour "
                     f"was drawn in {MOST_DRAWS:,} tries")


def dice_drawn(throws: list, rng: random.Random) -> list:
    """This turn's throws with each die not seen drawn (every throw but the last was a
    double, as another followed it), each pair as likely as another."""
    out = []
    for i, throw in enumerate(throws):
        if throw.spaces is None:
            die_a, die_b = throw.dice
            pairs = list(_pairs(die_a, die_b, True if i < len(throws) - 1 else None))
            throw = Throw(pairs[rng.randrange(len(pairs))])
        out.append(throw)
    return out


__all__ = ["Board", "boards_allowed", "board_drawn", "dice_drawn", "EVERY_COLOUR", "SHORTEST",
           "LONGEST"]
