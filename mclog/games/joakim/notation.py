"""Joakim's notation: its verb table (``mclog.record.verbs``) and its two field kinds, a
square (``c3``: column c, row 3 of the board) and a kind of property (``gold``, ``oil``,
``diamond``, ``aeroplane``, ``bank``, ``shipping``).  ``docs/joakim/format.md`` is the
spec.

>>> from mclog.games.joakim.rules.moves import Buy, Start
>>> VERBS.item(Buy(0, "gold", 7), ("Ann", "Ben"))
'buy Ann gold 7'
>>> VERBS.read(["start", "Ben", "oil", "5", "Bank", "1"], {"Ann": 0, "Ben": 1})
Start(player=1, gold=None, oil=5, diamond=None, aeroplane=None, bank=1, shipping=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from mclog.errors import a_or_an
from mclog.printable import as_json
from mclog.record.framing import whole_number
from mclog.record.names import closest, suggestion
from mclog.record.verbs import EVERYONE, Choice, Keyed, Number, Seat, Verb, Verbs, Word

from .rules.components import SQUARE
from .rules.moves import (CROWN_USES, KINDS, Buy, Change, Choose, ClubCard, Crown, Draw,
                          Exercise, JoakimCard, Move, News, Option, Pass, Peek, Place, Roll, Sell,
                          Sold, Start, Swap, Take, Unsold, Value, Home, Land, Values, Earn,
                          Pay, Give, Get, Auction, Closed, Shuffle, kind_count, Tips, Tip,
                          Lot, Bid, Raise, Borrow, Repay, Deal, Inspect, Disbelieve, Keep,
                          Rumour, Interest, KEPT)
from .rules.components import SQUARE_KINDS


@dataclass(frozen=True)
class Square:
    """A square of the board: its column letter and row number (``c3``)."""

    name: str
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> str:
        square = _square(word)
        if square is None:
            raise ValueError(f"'{word}' cannot be a square: a square is its column letter "
                             "and row number (c3)")
        return square

    def write(self, value: str, names: Sequence[str]) -> str:
        return value

    def check(self, value: Any, players: int) -> str | None:
        if not isinstance(value, str) or not SQUARE.match(value):
            return f"{as_json(value)} is not a square (c3)"
        return None


@dataclass(frozen=True)
class Kind:
    """A kind of property, by its word (``gold``; any case)."""

    name: str
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> str:
        kind = _KIND_WORDS.get(word) or _KIND_WORDS.get(word.lower())
        if kind is None:
            meant = closest(word.lower(), _KIND_WORDS)
            raise ValueError(f"'{word}' is no kind of property (they are "
                             f"{', '.join(KINDS)}){suggestion(meant)}")
        return kind

    def write(self, value: str, names: Sequence[str]) -> str:
        return value

    def check(self, value: Any, players: int) -> str | None:
        if value not in KINDS:
            return f"{as_json(value)} is not a kind of property ({', '.join(KINDS)})"
        return None


@lru_cache(maxsize=1024)
def _square(word: str) -> str | None:
    """A square's name as written (``C3`` is ``c3``), or None: read once per spelling (a
    record names the same thirty squares thousands of times)."""
    lower = word.lower()
    return lower if SQUARE.match(lower) else None


#: Each kind by its word (``gold``, ``Gold``): most are written so, and looked up at once.
_KIND_WORDS = {w: k for k in KINDS for w in (k, k.capitalize())}


@dataclass(frozen=True)
class Seen:
    """A card's number, or ``?`` (``None``) for one the record's seat did not see (a
    newspaper peeked at, an Affärstipskort drawn or inspected); where ``none`` says so,
    ``-`` (``0``) for no card (a hand of fewer than three)."""

    name: str
    what: str = "newspaper"
    none: bool = False
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> int | None:
        if word == "?":
            return None
        if word == "-" and self.none:
            return 0
        try:
            return Number(self.what, 1, 99).read(word, seats)
        except ValueError as exc:   # (``???``, ``unknown``: how a seat's record writes it)
            raise ValueError(f"{exc}, or ? for one the record's seat did not see") from None

    def write(self, value: int | None, names: Sequence[str]) -> str:
        return "?" if value is None else "-" if value == 0 and self.none else str(value)

    def check(self, value: Any, players: int) -> str | None:
        if value is None or (value == 0 and self.none and type(value) is int):
            return None
        return Number(self.what, 1, 99).check(value, players)


@dataclass(frozen=True)
class SquareKind:
    """The kind of square a pawn lands on, where the record has no board (``gold``,
    ``exchange``, ``news``, ``joakim``, ``club``)."""

    name: str
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> str:
        lower = word.lower()
        if lower not in SQUARE_KINDS:
            raise ValueError(f"'{word}' is no kind of square (they are "
                             f"{', '.join(SQUARE_KINDS)})"
                             f"{suggestion(closest(lower, SQUARE_KINDS))}")
        return lower

    def write(self, value: str, names: Sequence[str]) -> str:
        return value

    def check(self, value: Any, players: int) -> str | None:
        return None if value in SQUARE_KINDS else f"{as_json(value)} is not a kind of square"


@dataclass(frozen=True)
class Signed:
    """A number that moves a market value: ``+2``, ``-1``, with its sign.  A bare number
    is refused, not read as a rise: ``values gold 7 oil 5`` is how a check of the values
    is written after its ``check`` (the values the table counted), and a check with its
    first word left out must not move the market (``counted``: a number that may be a
    value itself, told how a value is written; Joakim's ``values`` item)."""

    name: str
    counted: bool = False
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> int:
        sign = -1 if word.startswith("-") else 1
        value = whole_number(word[1:] if word[:1] in "+-" else word)
        if value is None or value > 99:   # (plain digits 0 to 9: ²  or ٣ is no move)
            raise ValueError(f"'{word}' is not a move of a market value: +2 or -1"
                             + _sign_hint(word))
        if word[:1] not in "+-":
            counted = (f"; a market value itself is written 'value {self.name} {word}' as "
                       f"the game starts, and 'check values {self.name} {word} ...' where "
                       "the table counted it") if self.counted else ""
            raise ValueError(f"'{word}' is not a move of a market value: +{word} or "
                             f"-{word} (a move is written with its sign{counted})")
        return sign * value

    def write(self, value: int, names: Sequence[str]) -> str:
        return f"{value:+d}"

    def check(self, value: Any, players: int) -> str | None:
        if type(value) is not int or not -99 <= value <= 99:
            return f"{as_json(value)} is not a move of a market value (-99 to 99)"
        return None


def _sign_hint(word: str) -> str:
    """How a move of a market value is typed, where ``word`` is one typed another way: a
    sign apart from its number (``- 1``), or a phone's or a word processor's minus or
    dash (``−1``, ``–1``)."""
    if word in ("+", "-"):
        return " (a sign and its number are one word: '+2', '-1')"
    if word[:1] in "\u2212\u2013\u2014" and whole_number(word[1:]) is not None:
        return f" (the minus is typed '-': '-{word[1:]}')"
    return ""


@dataclass(frozen=True)
class Everyone:
    """A player's name, or ``all`` (``None``): everyone still in the game."""

    name: str
    optional: ClassVar[bool] = False
    #: (no player may be called so: ``Verbs.name_words``)
    reserved: ClassVar[frozenset[str]] = frozenset({"all"})

    def read(self, word: str, seats: dict[str, int]) -> int | None:
        low = word.lower()
        if low == "all":
            return None
        if low in EVERYONE:
            raise ValueError(f"'{word}' is written all: everyone still in the game")
        return Seat(self.name).read(word, seats)

    def write(self, value: int | None, names: Sequence[str]) -> str:
        return "all" if value is None else names[value]

    def check(self, value: Any, players: int) -> str | None:
        return None if value is None else Seat(self.name).check(value, players)


def _values(move: Values, names: Sequence[str]) -> str:
    parts = [f"{k} {getattr(move, k):+d}" for k in (*KINDS, "all")
             if getattr(move, k) is not None]
    return "the market values move: " + ", ".join(parts)


def _money_said(verb: str):
    def say(move, names: Sequence[str]) -> str:
        who = "everyone" if move.player is None else names[move.player]
        return f"{who} {verb} {move.amount}"
    return say


def _peek(move: Peek, names: Sequence[str]) -> str:
    cards = [c for c in (move.first, move.second) if c is not None]
    seen = " and ".join(map(str, cards)) if cards else "cards unseen"
    return f"{names[move.player]} peeks at the top of Ankeborgstidningen: {seen}"


def _start(move: Start, names: Sequence[str]) -> str:
    parts = [kind_count(k, n) for k, n in move.counts().items()]
    return f"{names[move.player]} takes " + (", ".join(parts) or "nothing")


def _cards(verb: str):
    def say(move, names: Sequence[str]) -> str:
        cards = "" if move.fives is None else \
            f" ({move.fives} 5-card{'s' if move.fives != 1 else ''})"
        return f"{names[move.player]} {verb} {kind_count(move.kind, move.count)}{cards}"
    return say


def _crown(move: Crown, names: Sequence[str]) -> str:
    who = names[move.player]
    return {"before": f"{who} uses the lucky crown to go before in the turn order",
            "double": f"{who} uses the lucky crown: a property sold at double value",
            "go": f"{who} uses the lucky crown to go to {move.square or 'any square'}",
            "gets": f"{who} borrows the lucky crown"}[move.use]


def _tips(move: Tips, names: Sequence[str]) -> str:
    cards = [c for c in move.cards if c is not None]
    return (f"{names[move.player]} draws three Affärstipskort"
            + (f": {', '.join(map(str, cards))}" if cards else ""))


def _inspect(move: Inspect, names: Sequence[str]) -> str:
    cards = [c for c in move.cards if c is not None]
    return (f"{names[move.player]} inspects {names[move.other]}'s Affärstipskort"
            + (f": {', '.join(map(str, cards))}" if cards else ""))


def joins(previous, move) -> bool:
    """Whether ``move`` is written on the line of ``previous``: a turn a line (the die,
    the move, the square's business, the cards and what they bring); the pawns placed
    on one line, each player's six properties on a line of their own, the six starting
    market values on one line.

    >>> joins(Roll(0, 4), Move(0, "c3")), joins(Pass(0), Roll(1, 2))
    (True, False)
    """
    kind = type(move)
    if kind is Place:
        return type(previous) is Place
    if kind in (Start, Roll):
        return False
    if kind is Value:
        return type(previous) is Value
    if kind is Crown:
        return move.use == "double"
    return type(previous) not in (Place, Start)


#: The rulebook counts in millions ("4 M (M means millions)"): a sum written ``4M`` is told
#: to be written ``4``.
MILLIONS = "mM"

VERBS = Verbs([
    Verb("place", Place, (Seat("player"), Square("square")),
         "{player} places their pawn on {square}"),
    Verb("start", Start, (Seat("player"), *(Keyed(k, Number(k, 1, 6)) for k in KINDS)),
         _start),
    Verb("value", Value, (Kind("kind"), Number("pips", 1, 6)),
         "the starting market value of {kind}: {pips}"),
    Verb("roll", Roll, (Seat("player"), Number("pips", 1, 6)), "{player} rolls {pips}"),
    Verb("home", Home, (Number("pips", 1, 6),),
         lambda m, names: f"Farbror Joakim's die: {m.pips} ("
                          + ("at home" if m.pips >= 4 else "away travelling") + ")"),
    Verb("move", Move, (Seat("player"), Square("square")), "{player} moves to {square}"),
    Verb("buy", Buy, (Seat("player"), Kind("kind"), Number("count", 1, 99),
                      Keyed("fives", Number("fives", 0, 19)),
                      Keyed("price", Number("price", 0, 10 ** 6, MILLIONS))),
         _cards("buys")),
    Verb("sell", Sell, (Seat("player"), Kind("kind"), Number("count", 1, 999),
                        Keyed("fives", Number("fives", 0, 199)),
                        Keyed("price", Number("price", 0, 10 ** 6, MILLIONS))),
         _cards("sells")),
    Verb("pass", Pass, (Seat("player"),), "{player} passes"),
    Verb("news", News, (Number("card", 1, 99),), "Ankeborgstidningen number {card}"),
    Verb("joakim", JoakimCard, (Number("card", 1, 99),), "Joakim card {card}"),
    Verb("club", ClubCard, (Number("card", 1, 99),), "Miljardärsklubben card {card}"),
    Verb("choose", Choose, (Seat("player"), Kind("kind")), "{player} chooses {kind}"),
    Verb("swap", Swap, (Seat("player"), Kind("gives"), Seat("other"), Kind("takes")),
         "{player} gives {other} a {gives} property for one of their {takes}"),
    Verb("take", Take, (Seat("player"), Seat("other"), Kind("kind"),
                        Keyed("price", Number("price", 0, 10 ** 6, MILLIONS))),
         "{player} takes a {kind} property from {other}"),
    Verb("sold", Sold, (Seat("player"), Number("price", 1, 10 ** 9, MILLIONS)),
         "{player} wins the auction for {price}"),
    Verb("unsold", Unsold, (), "nobody bids: the auction's card stays in the bank"),
    Verb("change", Change, (Seat("player"), Kind("gives"), Kind("takes")),
         "{player} exchanges a {gives} property with the bank for a {takes} one"),
    Verb("option", Option, (Seat("player"), Keyed("kind", Kind("kind")),
                            Keyed("cost", Number("cost", 0, 10 ** 6, MILLIONS)),
                            Keyed("price", Number("price", 0, 10 ** 6, MILLIONS))),
         "{player} buys the option card"),
    Verb("exercise", Exercise, (Seat("player"), Number("card", 1, 99)),
         "{player} uses option card {card}"),
    Verb("draw", Draw, (Seat("player"),), "{player} makes the extra draw"),
    Verb("land", Land, (Seat("player"), SquareKind("square")),
         lambda m, names: f"{names[m.player]} lands on {a_or_an(m.square)} square"),
    Verb("values", Values, tuple(Keyed(k, Signed(k, counted=k != "all"))
                                 for k in (*KINDS, "all")), _values),
    Verb("earn", Earn, (Everyone("player"), Number("amount", 0, 10 ** 6, MILLIONS)),
         _money_said("earns")),
    Verb("pay", Pay, (Everyone("player"), Number("amount", 0, 10 ** 6, MILLIONS)),
         _money_said("pays")),
    Verb("give", Give, (Seat("player"), Kind("kind")),
         "{player} gives a {kind} property back to the bank"),
    Verb("get", Get, (Seat("player"), Kind("kind"), Number("count", 1, 99)),
         "{player} gets {count} {kind} free from the bank"),
    Verb("auction", Auction, (Kind("kind"),), "an auction of {kind}"),
    Verb("closed", Closed, (), "the Billionaires' Club is closed"),
    Verb("shuffle", Shuffle, (), "the newspapers are shuffled"),
    Verb("peek", Peek, (Seat("player"), Seen("first"), Keyed("and", Seen("second"))), _peek),
    Verb("crown", Crown, (Seat("player"), Choice("use", CROWN_USES),
                          Keyed("to", Square("square"))), _crown),
    # the Business Sharks variant
    Verb("tips", Tips, (Seat("player"), *(Seen(n, "Affärstipskort") for n in
                                          ("first", "second", "third"))), _tips),
    Verb("tip", Tip, (Seat("player"), Number("card", 1, 99), Keyed("on", Seat("on"))),
         lambda m, names: f"{names[m.player]} plays Affärstipskort {m.card}"
                          + (f" on {names[m.on]}" if m.on is not None else "")),
    Verb("lot", Lot, (Seat("player"), Kind("kind"), Number("size", 1, 5)),
         lambda m, names: f"{names[m.player]} puts a {m.kind} {m.size}-card up for a closed "
                          "auction"),
    Verb("bid", Bid, (Seat("player"), Number("amount", 1, 10 ** 9, MILLIONS)),
         "{player} bids {amount} (closed)"),
    Verb("raise", Raise, (Seat("player"), Number("amount", 1, 10 ** 9, MILLIONS)),
         "{player} adds {amount} to their tied bid"),
    Verb("borrow", Borrow, (Seat("player"), Number("amount", 1, 99, MILLIONS)),
         "{player} borrows {amount}"),
    Verb("repay", Repay, (Seat("player"), Number("amount", 1, 99, MILLIONS)),
         "{player} repays their loan of {amount}"),
    Verb("deal", Deal, (Seat("player"), Seat("other"), Kind("kind"), Number("count", 1, 999),
                        Word("for"), Number("price", 0, 10 ** 9, MILLIONS),
                        Keyed("fives", Number("fives", 0, 199))),
         lambda m, names: f"{names[m.player]} sells {names[m.other]} "
                          f"{kind_count(m.kind, m.count)} for {m.price}"),
    Verb("inspect", Inspect, (Seat("player"), Seat("other"),
                              *(Seen(n, "Affärstipskort", none=True) for n in
                                ("first", "second", "third"))), _inspect),
    Verb("disbelieve", Disbelieve, (Seat("player"),),
         "{player} does not believe the rumour"),
    # ... the variant's cards written in the record (J30)
    Verb("keep", Keep, (Seat("player"), Choice("use", KEPT)),
         "{player} keeps the card, to {use} later"),
    Verb("rumour", Rumour, (Choice("kind", (*KINDS, "all")), Signed("by")),
         lambda m, names: f"a rumour: {m.kind} {m.by:+d}"),
    Verb("interest", Interest, (), "Farbror Joakim demands interest"),
])

__all__ = ["VERBS", "Square", "Kind", "joins"]
