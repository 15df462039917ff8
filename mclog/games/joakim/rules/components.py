"""Joakim von Ankas fantastiska affärer's components: what the rulebook describes but
does not print.

The rulebook counts the pieces (a board of 30 squares, 196 property cards, 40
Ankeborgstidningen cards, 29 Joakim cards of which 10 carry a shark, 19
Miljardärsklubben cards; for the Business Sharks variant 31 Affärstipskort and 8 loan
cards of 10, 25 and 50 million) and names the kinds of card text (MISINVESTMENT, EXCHANGE
PROPERTY, OPTION, RUMOUR IN THE BUSINESS WORLD, ...), but prints neither the board's
layout, nor a single card, nor how many loan cards are of each sum.  So they
come from a **component file** (JSON) that a game's owner types once from their own box,
named in a record's ``[Components]`` tag (read by ``../component_files.py``).  mclog ships
one *illustrative* set (``illustrative.json``): made up, for simulation and tests, and
labelled so wherever it is drawn.

A card's text is a list of **effects** from a small vocabulary (``docs/joakim/format.md``
lists them): ``{"do": "value", "kind": "gold", "by": 3}`` moves a market value,
``{"do": "pay", "amount": 5}`` is a MISINVESTMENT, ``{"do": "swap"}`` an EXCHANGE
PROPERTY, and so on.  A newspaper card has two lists: ``all`` (the large heading, for
everyone) and ``you`` (the small heading, for the drawer).

A file is checked against the schema (``components.schema.json``), then against what the
rulebook says: the counts above, 30 squares each beside another, every kind of square on
the board.  Each problem is a ``ComponentError`` naming the file and where in it.

>>> board = check(json.loads((HERE / "illustrative.json").read_text()), "illustrative")
>>> len(board.squares), board.squares["a1"], board.illustrative
(30, 'exchange', True)
>>> board.neighbours["a1"]
('a2', 'b1')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from mclog.engine import required

from .moves import KINDS

HERE = Path(__file__).parent
ILLUSTRATIVE = "illustrative"
#: What the rulebook prints of the box: squares, property cards, and each deck's cards.
SQUARES, PROPERTY_CARDS, NEWS, JOAKIM, SHARKS, CLUB = 30, 196, 40, 29, 10, 19
TIPS, LOAN_CARDS = 31, 8
#: The squares that are not property squares.
EXCHANGE, NEWSPAPER, UNCLE, BILLIONAIRES = "exchange", "news", "joakim", "club"
SQUARE_KINDS = (EXCHANGE, NEWSPAPER, UNCLE, BILLIONAIRES) + KINDS
#: What a large heading (everyone) may do; a small heading may do anything else too.
FOR_EVERYONE = frozenset({"value", "earn", "pay", "earn_each", "pay_each", "auction",
                          "closed", "dividend", "interest"})
#: The effects of the Business Sharks' cards, each on its own deck only: the Joakim cards
#: with a shark (kept until used, or a loan) and the Affärstipskort.
SHARK_JOAKIM = frozenset({"borrow", "inspect", "disbelieve"})
TIP_ONLY = frozenset({"sealed", "beagle", "rumour", "away", "worthless", "interest"})
#: The Affärstipskort that may be played out of turn (the rulebook's two exceptions).
OUT_OF_TURN = frozenset({"away", "worthless"})
SQUARE = re.compile(r"[a-z][1-9][0-9]?$")


class ComponentError(ValueError):
    """A component file that cannot be used, in words, with where in it."""


@dataclass(frozen=True)
class Effect:
    """One instruction of a card's text (see ``docs/joakim/format.md``): what it does
    (``do``) and its values; those a kind of effect does not use stay ``None``."""

    do: str
    kind: str | None = None
    by: int | None = None
    amount: int | None = None
    times: int | None = None
    price: int | None = None
    count: int | None = None
    may: bool = False
    cards: int | None = None
    percent: int | None = None
    card: int | None = None


T = TypeVar("T")


def given(value: T | None, name: str) -> T:
    """The value ``name`` of an effect whose kind requires it: the component file's schema
    has checked that it is there (``mclog.engine.required``)."""
    return required(value, "an effect that needs its %r has none", name)


@dataclass(frozen=True)
class Card:
    """A card: its number (what a record writes), its heading, and its effects: ``all``
    for everyone (a newspaper's large heading), ``you`` for the drawer."""

    number: int
    title: str
    you: tuple[Effect, ...]
    all: tuple[Effect, ...] = ()
    shark: bool = False
    #: Its deck: ``news``, ``joakim``, ``club`` or ``tips``.
    deck: str = ""

    def does(self, *what: str) -> bool:
        """Whether one of the card's effects is one of ``what``."""
        return any(e.do in what for e in (*self.all, *self.you))


@dataclass(frozen=True)
class Components:
    """A checked component set (see the module text)."""

    name: str
    illustrative: bool
    #: Each square's kind by its name (``a1``: column a, row 1, from the top left).
    squares: dict[str, str]
    #: Each kind of property's cards in the bank at the start: (1-cards, 5-cards).
    properties: dict[str, tuple[int, int]]
    news: dict[int, Card]
    joakim: dict[int, Card]
    club: dict[int, Card]
    source: str = ILLUSTRATIVE
    #: The squares beside each square (up, down, left, right), by name.
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    #: The board's rows of square names, ``None`` where a row has no square.
    grid: tuple[tuple[str | None, ...], ...] = field(default=(), compare=False)
    #: The walks' ends worked out so far (``ends``).
    _ends: dict = field(default_factory=dict, compare=False, repr=False)
    #: The Business Sharks' Affärstipskort (empty: a file for the basic game only).
    tips: dict[int, Card] = field(default_factory=dict)
    #: The loan cards in the bank at the start, by sum (10, 25, 50).
    loans: dict[int, int] = field(default_factory=dict)

    def ends(self, start: str, steps: int) -> frozenset[str]:
        """The squares a walk of exactly ``steps`` squares from ``start`` may end on: up,
        down, left or right, never entering a square twice nor its start (the rulebook's
        Movement).  Pawns on the way do not matter (a pawn jumps over them), so the
        answer is the board's alone, worked out once.

        >>> board = check(json.loads((HERE / "illustrative.json").read_text()), "x")
        >>> sorted(board.ends("a1", 1)), "a1" in board.ends("a1", 2)
        (['a2', 'b1'], False)
        """
        key = (start, steps)
        found = self._ends.get(key)
        if found is None:
            out: set[str] = set()

            def walk(square: str, left: int, seen: frozenset) -> None:
                if left == 0:
                    out.add(square)
                    return
                for nxt in self.neighbours[square]:
                    if nxt not in seen:
                        walk(nxt, left - 1, seen | {nxt})

            walk(start, steps, frozenset({start}))
            found = self._ends[key] = frozenset(out)
        return found

    @property
    def inline(self) -> bool:
        """No board and no card texts: the record states each square landed on and
        writes what each card did (``[Components "inline"]``)."""
        return not self.squares

    def basic_joakim(self) -> tuple[int, ...]:
        """The Joakim cards of the basic game: those without a shark."""
        return tuple(n for n, c in self.joakim.items() if not c.shark)


def check(data, shown: str = "components") -> Components:
    """The ``Components`` of a component file's data, valid under its JSON Schema
    (``components.schema.json``, which the reader, ``../component_files.py``, checks
    first), or the first ``ComponentError``."""
    def fail(where, message):
        raise ComponentError(f"{shown}: {where}: {message}")

    squares, grid = _board(data["board"], fail)
    neighbours = _neighbours(grid)
    lonely = [s for s in squares if not neighbours[s]]
    if lonely:
        fail("board", f"square {lonely[0]} has no square beside it: a pawn could never "
             "leave it")
    missing = [k for k in SQUARE_KINDS if k not in squares.values()]
    if missing:
        fail("board", f"no {missing[0]} square: the rulebook's board has every kind")
    properties = {k: (v["ones"], v["fives"]) for k, v in data["properties"].items()}
    total = sum(a + b for a, b in properties.values())
    if total != PROPERTY_CARDS:
        fail("properties", f"the box holds {PROPERTY_CARDS} property cards, not {total}")
    news = _deck(data["news"], "news", NEWS, fail)
    joakim = _deck(data["joakim"], "joakim", JOAKIM, fail)
    club = _deck(data["club"], "club", CLUB, fail)
    sharks = sum(c.shark for c in joakim.values())
    if sharks != SHARKS:
        fail("joakim", f"{SHARKS} Joakim cards carry a shark (the Business Sharks' "
             f"cards), not {sharks}")
    tips = _deck(data["tips"], "tips", TIPS, fail) if "tips" in data else {}
    loans = {int(k): v for k, v in data["loans"].items()} if "loans" in data else {}
    if loans and sum(loans.values()) != LOAN_CARDS:
        fail("loans", f"the box holds {LOAN_CARDS} loan cards, not {sum(loans.values())}")
    return Components(data.get("name", shown), bool(data.get("illustrative", False)),
                      squares, properties, news, joakim, club, shown, neighbours, grid,
                      tips=tips, loans=loans)


INLINE = "inline"


def inline_set() -> Components:
    """The components of a record written without a component file: no board (each
    square landed on is stated), no card texts (each card's effects are written after
    it), and the bank's property cards and loan cards split as the illustrative set's
    (J19, J30: the rulebook counts 196 property cards and 8 loan cards, but not how many
    are 5s, nor of which sums)."""
    data = json.loads((HERE / "illustrative.json").read_text(encoding="utf-8"))
    properties = {k: (v["ones"], v["fives"]) for k, v in data["properties"].items()}
    return Components("cards written in the record", False, {}, properties, {}, {}, {},
                      INLINE, loans={int(k): v for k, v in data["loans"].items()})


def _board(rows: list[str], fail) -> tuple[dict[str, str], tuple]:
    """The squares of the board's rows (each a line of words, ``-`` for no square),
    named by column letter and row number, and the grid of names."""
    squares: dict[str, str] = {}
    grid = []
    for r, row in enumerate(rows):
        words = row.split()
        if len(words) > 26:
            fail(f"board[{r}]", "a row has at most 26 squares (a to z)")
        names: list[str | None] = []
        for c, word in enumerate(words):
            if word == "-":
                names.append(None)
                continue
            if word not in SQUARE_KINDS:
                fail(f"board[{r}]", f"'{word}' is no kind of square (they are "
                     f"{', '.join(SQUARE_KINDS)}, or - for none)")
            name = f"{chr(ord('a') + c)}{r + 1}"
            squares[name] = word
            names.append(name)
        grid.append(tuple(names))
    if len(squares) != SQUARES:
        fail("board", f"the board has {SQUARES} squares, not {len(squares)}")
    return squares, tuple(grid)


def _neighbours(grid) -> dict[str, tuple[str, ...]]:
    at = {(r, c): name for r, row in enumerate(grid) for c, name in enumerate(row) if name}
    return {name: tuple(sorted(at[(r + dr, c + dc)] for dr, dc in
                               ((-1, 0), (1, 0), (0, -1), (0, 1)) if (r + dr, c + dc) in at))
            for (r, c), name in at.items()}


def _deck(cards: list[dict], deck: str, wanted: int, fail) -> dict[int, Card]:
    out: dict[int, Card] = {}
    for i, raw in enumerate(cards):
        number = raw["number"]
        if number in out:
            fail(f"{deck}[{i}].number", f"two cards numbered {number}")
        for heading in ("all", "you"):
            for k, effect in enumerate(raw.get(heading, ())):
                if effect["do"] == "dividend" and heading == "you":
                    fail(f"{deck}[{i}].you[{k}]", "a dividend is demanded of everyone: "
                         "it goes in 'all'")
                if effect["do"] in SHARK_JOAKIM and not (deck == "joakim" and
                                                         raw.get("shark")):
                    fail(f"{deck}[{i}].{heading}[{k}]", f"'{effect['do']}' is a Joakim "
                         "card's with a shark (the Business Sharks')")
                if effect["do"] in TIP_ONLY and deck != "tips":
                    fail(f"{deck}[{i}].{heading}[{k}]", f"'{effect['do']}' is an "
                         "Affärstipskort's")
                if heading == "all" and effect["do"] not in FOR_EVERYONE:
                    fail(f"{deck}[{i}].all[{k}]", f"'{effect['do']}' is for the drawer "
                         f"alone (the small heading, 'you'); everyone may only "
                         f"{', '.join(sorted(FOR_EVERYONE))}")
        out[number] = Card(number, raw["title"],
                           tuple(Effect(**e) for e in raw.get("you", ())),
                           tuple(Effect(**e) for e in raw.get("all", ())),
                           bool(raw.get("shark", False)), deck)
    if len(out) != wanted:
        fail(deck, f"the box holds {wanted} of these cards, not {len(out)}")
    return out


__all__ = ["Components", "Card", "Effect", "ComponentError", "check", "HERE", "INLINE",
           "inline_set",
           "ILLUSTRATIVE", "SQUARE_KINDS", "OUT_OF_TURN", "EXCHANGE", "NEWSPAPER", "UNCLE",
           "BILLIONAIRES", "SQUARE"]
