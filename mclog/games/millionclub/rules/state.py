"""The game state: everything on the table at one moment, plus what happens next.

A ``State`` is plain data.  ``apply(state, move)`` returns a new one;
``play(state, move)`` changes one in place (the replayer and the simulator use
it, keeping copies where they need them).  What the rules will do next is kept
as data too: ``decision`` is the question the game is waiting on (whose
decision it is, and of what kind), and ``agenda`` is the stack of procedure
steps still to run this round, each an immutable tuple.  Keeping the
continuation as data is what lets a state be copied, compared and resumed at
any point, where a generator-based engine could not be.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, NamedTuple

from mclog.engine import by_fields

from .board import DISCS, ROLE_OF_COLOUR, STANDARD
from .cards import (
    CONTINENTS, DECK_OF, DECK_TOTALS, DECKS, INDUSTRY_TYPES, Industry, is_handle,
)


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for a whole game: who sits where and which rules are played.

    Seats go clockwise from seat 0.  ``privilege_pick`` selects the Japanese
    summary's reading of the Intrigue, Colonies and Industries privileges (R16):
    the holder picks a card from the deck instead of drawing one.  ``seat`` is the seat
    a record is written from (its ``[Seat]`` tag), or None: what that seat saw of a
    draft hand tells which cards the pawns before it took (``drafts._in_hand``).
    """

    names: tuple[str, ...]
    colours: tuple[str, ...]
    setup: str = STANDARD
    privilege_pick: bool = False
    seat: int | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def roles(self) -> tuple[str | None, ...]:
        """R2: the alternative setup's role of each seat (``None`` in the standard setup)."""
        if self.setup == STANDARD:
            return (None,) * len(self.names)
        return tuple(ROLE_OF_COLOUR[c] for c in self.colours)

    def seat_of_role(self, role: str) -> int | None:
        roles = self.roles
        return roles.index(role) if role in roles else None

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


class Decision(NamedTuple):
    """The question the game is waiting on.

    ``kind`` says what is asked (see ``mclog.games.millionclub.rules.flow`` for the list);
    ``actor`` is the seat that answers, or ``None`` when chance does (a card is
    drawn, the start player is chosen at random).  The other fields carry what
    the question needs: the deck drawn from, the disc being resolved, the
    remaining Lobby turns per sector, the Intrigue card being carried out...
    (A NamedTuple rather than a frozen dataclass: one is made at every
    question, and this is four times cheaper to build.)
    """

    kind: str
    actor: int | None
    deck: str | None = None
    dest: str | None = None
    recipient: int | None = None
    disc: int | None = None
    card: str | None = None
    sector: str | None = None
    target: int | None = None
    industry: Industry | None = None
    budget: tuple[int, ...] = ()
    turns: int = 0

    # (``mclog.engine.required``'s check written out: these are asked at every legal
    # move of a simulation, in the compiled build, where a call into it costs more)
    @property
    def seat(self) -> int:
        """The player who answers: a player's question always names one (chance's asks
        no seat for it)."""
        if self.actor is None:
            raise TypeError(f"chance answers {self.kind!r}: it has no player's seat")
        return self.actor

    @property
    def opponent(self) -> int:
        """The player an Intrigue card is played against (its question names one)."""
        if self.target is None:
            raise TypeError(f"{self.kind!r} is asked against no player")
        return self.target


_ASKED: Final[dict[tuple, Decision]] = {}


def ask(kind: str, actor: int | None, *, deck: str | None = None, dest: str | None = None,
        recipient: int | None = None, disc: int | None = None) -> Decision:
    """``Decision(kind, actor, deck=..., dest=..., recipient=..., disc=...)``, made once
    and then shared.

    The engine asks the same few questions all game long (whose placement, which
    card to draw, who drafts), and a decision is immutable, so these are looked
    up rather than built (a tenth of the cost).  The fields after ``actor`` are
    keywords, named as ``Decision`` names them, so that no call can put a deck where
    a disc belongs.

    >>> ask("draft", 1, disc=3) is ask("draft", 1, disc=3)
    True
    """
    key = (kind, actor, disc, deck, dest, recipient)
    d = _ASKED.get(key)
    if d is None:
        d = _ASKED[key] = Decision(kind, actor, deck=deck, dest=dest, recipient=recipient,
                                   disc=disc)
    return d


#: ``_CLOCKWISE[n][first]``: the seats of an n-player table clockwise from ``first``.
_CLOCKWISE: Final = [[tuple((first + i) % n for i in range(n)) for first in range(n)]
                     for n in range(7)]


def _full_deck(deck: str) -> dict[str, int]:
    return dict(DECK_TOTALS[deck])


def _empty(deck: str) -> dict[str, int]:
    return dict.fromkeys(DECK_TOTALS[deck], 0)


@dataclass(slots=True, eq=False)
class State:
    """One moment of a game.  Seats are ints; money in millions.

    ``industries[p]`` lists player p's Industry cards (unordered);
    ``colonies[p]`` counts their Colony cards per continent.  ``decks`` and
    ``set_aside`` count cards per kind for each deck (R1); ``hand`` holds the
    cards of the draft being passed round.  ``prices`` are the three price
    markers (R6), kept equal to the sum of the values at every change.
    ``pawns[disc]`` lists ``(seat, sector)`` in order of arrival, which is the
    numbering of the spaces on Intrigue, Colonies and Industries.
    """

    table: Table
    money: list[int]
    industries: list[list[Industry]]
    colonies: list[dict[str, int]]
    decks: dict[str, dict[str, int]] = field(
        default_factory=lambda: {d: _full_deck(d) for d in DECKS})
    set_aside: dict[str, dict[str, int]] = field(
        default_factory=lambda: {d: _empty(d) for d in DECKS})
    hand: list[str] = field(default_factory=list)
    prices: dict[str, int] = field(default_factory=lambda: dict.fromkeys(INDUSTRY_TYPES, 0))
    pawns: dict[int, list[tuple[int, str | None]]] = field(
        default_factory=lambda: {d: [] for d in DISCS})
    #: Unknown cards (``?1``, ``?2``... written ``?`` in a record) taken from each deck and
    #: not yet identified: the deck holds ``sum(decks[d].values()) - hidden[d]`` cards.
    hidden: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DECKS, 0))
    #: The holder of each disc's privilege this round, once that disc is resolved.
    privileges: dict[int, int | None] = field(default_factory=dict)
    round: int = 0
    start: int = 0
    placed: int = 0
    #: ``setup``, ``placement``, ``resolve`` (see ``resolving``), ``round end``, ``game over``.
    phase: str = "setup"
    resolving: int | None = None
    decision: Decision | None = None
    agenda: list[tuple] = field(default_factory=list)
    #: How many unknown-card handles have been made (``?3.5``: see ``unknown.py``).
    unknowns: int = 0
    #: Where the engine reports what it did with unknown cards, when someone listens (the
    #: replayer sets a list on its running state; a copy never listens): one
    #: ``unknown.UnknownEvent`` each (``Drawn``, ``Taken``, ``Identified``...).
    log: list | None = None

    # --- reading ------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.money)

    @property
    def finished(self) -> bool:
        return self.phase == "game over"

    def name(self, seat: int) -> str:
        return self.table.names[seat]

    def seats_from(self, first: int) -> list[int]:
        """All seats clockwise, starting with ``first``."""
        return list(_CLOCKWISE[len(self.money)][first])

    def opponents(self, seat: int) -> list[int]:
        """The other seats, clockwise from the one after ``seat``."""
        return self.seats_from(seat)[1:]

    def deck_size(self, deck: str) -> int:
        """How many cards ``deck`` holds now."""
        return sum(self.decks[deck].values()) - self.hidden[deck]

    def colony_count(self, seat: int) -> int:
        return sum(self.colonies[seat].values())

    def privilege_holder(self, disc: int) -> int | None:
        """R10: the one player with strictly more pawns on ``disc`` than every other."""
        counts: dict[int, int] = {}
        for seat, _ in self.pawns[disc]:
            counts[seat] = counts.get(seat, 0) + 1
        best, holder = 0, None
        for seat, count in counts.items():
            if count > best:
                best, holder = count, seat
            elif count == best:  # a tie for the most: no one holds the privilege
                holder = None
        return holder

    def _repr_html_(self) -> str:
        """Notebooks draw the table (``mclog.games.millionclub.draw``, imported here lazily:
        the drawing is a view of the state, not part of the rules)."""
        from ..board_svg import board_svg
        from .flow import describe_decision

        return board_svg(self, next_question=describe_decision(self))

    # --- copying --------------------------------------------------------------

    def copy(self) -> State:
        """A deep copy, written out by hand because it is on the replayer's hot path."""
        s = State.__new__(State)
        s.table = self.table
        s.money = self.money[:]
        s.industries = [cards[:] for cards in self.industries]
        s.colonies = [c.copy() for c in self.colonies]
        s.decks = {d: c.copy() for d, c in self.decks.items()}
        s.set_aside = {d: c.copy() for d, c in self.set_aside.items()}
        s.hand = self.hand[:]
        s.prices = self.prices.copy()
        s.pawns = {d: p[:] for d, p in self.pawns.items()}
        s.hidden = self.hidden.copy()
        s.privileges = self.privileges.copy()
        s.round = self.round
        s.start = self.start
        s.placed = self.placed
        s.phase = self.phase
        s.resolving = self.resolving
        s.decision = self.decision
        s.agenda = self.agenda[:]
        s.unknowns = self.unknowns
        s.log = None
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple:
        return (
            self.table, self.money, [sorted(c) for c in self.industries], self.colonies,
            self.decks, self.set_aside, sorted(self.hand), self.prices, self.pawns, self.hidden,
            self.privileges, self.round, self.start, self.placed, self.phase,
            self.resolving, self.decision, self.agenda, self.unknowns,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # --- changing (every change of an industry goes through here, R6) ----------

    def add_industry(self, seat: int, card: Industry) -> None:
        self.industries[seat].append(card)
        self.prices[card.kind] += card.value

    def remove_industry(self, seat: int, card: Industry) -> None:
        self.industries[seat].remove(card)
        self.prices[card.kind] -= card.value

    def replace_industry(self, seat: int, old: Industry, new: Industry) -> None:
        cards = self.industries[seat]
        cards[cards.index(old)] = new
        self.prices[old.kind] -= old.value
        self.prices[new.kind] += new.value

    def reshuffle(self, deck: str) -> None:
        """Set-aside cards and any card left in the hand go back into ``deck``.

        An unknown card going back is simply no longer missing from the deck.
        """
        pile, back = self.decks[deck], self.set_aside[deck]
        for card, count in list(back.items()):
            if is_handle(card):
                self.hidden[deck] -= count
                del back[card]
            elif count:
                pile[card] += count
                back[card] = 0
        for card in self.hand:
            if is_handle(card):
                self.hidden[deck] -= 1
            else:
                pile[card] += 1
        self.hand.clear()

    def identify(self, unknown: str, kind: str) -> None:
        """The unknown card ``unknown`` (``?3.5``) turns out to be a ``kind``.

        The caller checks that the deck still counts such a card (R1).
        """
        deck = DECK_OF[kind]
        self.decks[deck][kind] -= 1
        self.hidden[deck] -= 1
        self.hand = [kind if c == unknown else c for c in self.hand]
        for pile in (self.set_aside[deck], *self.colonies):
            if unknown in pile:
                pile[kind] = pile.get(kind, 0) + pile.pop(unknown)


def new_state(table: Table, money: list[int]) -> State:
    n = table.players
    return State(
        table=table,
        money=money,
        industries=[[] for _ in range(n)],
        colonies=[dict.fromkeys(CONTINENTS, 0) for _ in range(n)],
    )
