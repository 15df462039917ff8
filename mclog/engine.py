"""The engine interface: what the shared machinery needs of a game's rules, and nothing
more (as sgfmill's ``sgf_board_interface.py`` names what its consumers need of a board).

A game's folder supplies one object with these methods (``Game.engine``).  On it, and on
nothing else of the rules, stand the shared simulator (``mclog.simulate``), the bots'
contract, the recorder (``mclog.recording``) and the kit a small game is built from
(``mclog.kit``).  States and moves are the game's own objects: the shared parts never
look inside them, except through these methods.

- ``new_state(table)``: the state before the first move, for the game's ``table`` (its
  players and whatever the game's setup needs);
- ``decision(state)``: what comes next, or ``None`` once the game is over: whose it is
  (``actor``, a seat; ``None`` for chance) and its kind (``kind``, a short word the game
  defines), as a ``Decision`` or the game's own object with those two attributes (asked
  at every move of a simulated game, so it should cost nothing);
- ``describe(state)``: the next question in a player's words (``"Ann bets (or
  passes)"``), for the recorder and for messages;
- ``legal(state)``: every legal move at the decision, as a sequence (a game may give a
  lazy one: a bet of any amount up to a million is a ``range``-like sequence, not a list
  of a million moves); at chance, what chance may give, where it can be listed (the
  recorder offers them); ``None`` where the moves cannot be listed;
- ``play(state, move, watch=None)``: the move played on ``state`` in place, or a
  ``RuleError`` saying in a player's words why it cannot be (a move made in Python for a
  seat no player sits in too: ``seat_name``); ``watch`` hears what it did;
- ``chance(state, rng)``: at a decision of chance (``actor is None``), the move a fair
  shuffle or die would give, drawn from ``rng`` (a ``random.Random``);
- ``copy(state)``: an independent copy.

>>> from mclog.engine import Decision
>>> Decision(0, "bet").actor, Decision(None, "throw").kind
(0, 'throw')
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from .errors import RuleError

if TYPE_CHECKING:   # (a type only: a record's reading imports this module, not random)
    import random

T = TypeVar("T")


def required(value: T | None, missing: str, *about: object) -> T:
    """``value``, which the game's state guarantees at this point (a player's question has
    a seat, an auction under way is there): where it is missing after all, a mistake of
    mclog's, said as ``missing % about`` (formatted only then).

    >>> required(3, "no seat")
    3
    >>> required(None, "the task %r is no player's", "news")
    Traceback (most recent call last):
    TypeError: the task 'news' is no player's
    """
    if value is None:
        raise TypeError(missing % about if about else missing)
    return value


def seat_name(names: Sequence[str], seat: object, rule: str) -> str:
    """The name of the player in ``seat``, for a move's message; a ``RuleError`` citing
    ``rule`` where no player sits there.  A record's reader names only the players at the
    table, but a move made in Python can name any number, and ``names[-1]`` would be the
    last player's, not a refusal.

    >>> seat_name(("Ann", "Ben"), 1, "M1")
    'Ben'
    >>> seat_name(("Ann", "Ben"), -1, "M1")
    Traceback (most recent call last):
    mclog.errors.RuleError: -1 is not a seat at this table (0 to 1) (M1)
    """
    if type(seat) is not int or not 0 <= seat < len(names):
        raise RuleError(f"{seat!r} is not a seat at this table (0 to {len(names) - 1})", rule)
    return names[seat]


class Decision(NamedTuple):
    """The next question of a game: whose it is (a seat; ``None``: chance) and its kind
    (a short word the game defines, ``"bet"``).  (A NamedTuple: one is made at every
    move, and it is the cheapest object to build.)"""

    actor: int | None
    kind: str

    @property
    def seat(self) -> int:
        """The player who answers: a player's question always names one (chance's has
        none to give)."""
        return required(self.actor, "chance answers %r: it has no player's seat", self.kind)


class Watch:
    """An observer of what a move does, one named method per kind of event; each does
    nothing here, so a watcher overrides only what it follows.  ``play`` calls them as the
    rules do the thing, so a watcher sees causes, not only differences of states."""

    def money_moved(self, seat: int, amount: int, why: str) -> None:
        """``seat`` gained ``amount`` (negative: paid), for the reason ``why``."""

    def card_drawn_unseen(self, seat: int | None, deck: str, label: str) -> None:
        """A card went from ``deck`` to ``seat`` unseen by the record's seat, known from
        now on by ``label`` until it is identified."""

    def card_identified(self, label: str, card: str) -> None:
        """The unseen card ``label`` turned out to be ``card``."""

    def relabelled(self, old: str, new: str) -> None:
        """The unseen card ``old`` is called ``new`` from now on."""

    def score_changed(self, seat: int, points: int, why: str) -> None:
        """``seat`` scored ``points`` (negative: lost them), for the reason ``why``."""


class Engine(Protocol):
    """What a game's rules offer the shared machinery (see the module text)."""

    def new_state(self, table: Any) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def describe(self, state: Any) -> str: ...

    def legal(self, state: Any) -> Sequence | None: ...

    def play(self, state: Any, move: Any, watch: Watch | None = None) -> None: ...

    def chance(self, state: Any, rng: random.Random) -> Any: ...

    def copy(self, state: Any) -> Any: ...


def below(rng: random.Random, n: int) -> int:
    """A uniform whole number from 0 to ``n - 1``, drawn as ``rng.randrange(n)`` and
    ``rng.choice`` draw it (the same numbers from the same seed): what an engine's
    ``chance`` draws a card or a die with, and a random bot its move.

    The algorithm (``getrandbits`` of n's bit length until the number is below n) is
    written out with the public ``getrandbits``: a simulator draws at every move, and
    the library's layers of calls around it cost more than the draw itself.
    """
    if n <= 0:
        raise ValueError(f"no whole number is below {n}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def fresh_copy(thing: Any) -> Any:
    """A shallow copy of a dataclass instance (its fields' values shared), for a ``copy``
    that then gives the copy its own lists.

    Why not ``copy.copy`` or ``__dict__.update``: an instance whose attributes were set
    one by one (as ``__init__`` sets them) keeps the attribute layout Python shares
    between the instances of a class, and reads them at full speed.  A copy whose
    dictionary was filled at once has a dictionary of its own, and every attribute read
    on it is slower: Cartel's rules ran a third slower on the copies a replay plays on.
    So the copy sets each field in turn, by a function written once per class (as
    ``dataclasses`` writes ``__init__``): four times quicker than calling the
    constructor, and a replay copies its state at every snapshot, a review at every
    rollout.  Only fields are copied (an attribute set outside them is not).

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Pile:
    ...     cards: list = field(default_factory=list)
    ...     top: int = 0
    >>> pile = Pile([3, 1], 3)
    >>> copy = fresh_copy(pile)
    >>> copy == pile and copy is not pile and copy.cards is pile.cards
    True
    """
    kind: type = type(thing)
    return _copier(kind)(thing)


@functools.cache
def _copier(kind: type) -> Callable[[Any], Any]:
    """The function that copies a ``kind`` field by field (see ``fresh_copy``)."""
    lines = [f"    new.{f.name} = thing.{f.name}" for f in dataclasses.fields(kind)]
    source = "def copy(thing):\n    new = new_object(kind)\n" + "\n".join(lines) + \
        "\n    return new\n"
    # (the class's own ``__new__``: a class the compiled build compiles refuses
    # ``object.__new__``; a plain class's is ``object.__new__``)
    namespace: dict[str, Any] = {"new_object": kind.__new__, "kind": kind}
    exec(source, namespace)   # (trusted: the names are the dataclass's own fields)
    return namespace["copy"]


def by_fields(value: Any) -> tuple[type, tuple]:
    """How a dataclass instance ``value`` is pickled as the call that makes it,
    ``Type(*fields)``: what its ``__reduce__`` returns.

    A dataclass the compiled build compiles (``mclog/compiled.py``) is otherwise pickled
    by mypyc, which sets its fields back one by one through ``__setattr__`` (which a
    frozen dataclass refuses) on an object made by calling ``__init__`` with nothing
    (which an ``__init__`` written out refuses): a record or a state read in the compiled
    build could not be sent to another process.  The call works the same in both builds.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Card:
    ...     kind: str
    ...     level: int = 1
    >>> by_fields(Card("F", 2))
    (<class 'mclog.engine.Card'>, ('F', 2))
    """
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


__all__ = ["Decision", "Engine", "Watch", "below", "by_fields", "fresh_copy", "required",
           "seat_name"]
