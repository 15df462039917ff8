"""Cartel's components: what the rulebook describes but does not print.

The rulebook says there are 52 companies on a board with four player areas, each company
with a value and a yearly profit, a Bonus Profit between each pair of horizontally or
vertically adjacent companies, a Special Profit in each square block of four, a Stock
Price Index per player, and Bonds with repayment prices.  It prints none of the numbers.
So they come from a **component file** (JSON) that a game's owner types once from their
own board (read by ``cartel/component_files.py``, named in a record's ``[Components]``
tag).  mclog ships one *illustrative* set (``illustrative.json``): made up for simulation
and tests, and labelled so everywhere it is drawn.

A file is checked against the schema (``components.schema.json``) and then against what
the rulebook does say (:func:`check`): 52 companies, ten of $10 million and ten of $20
million, each on its own square of a grid, a Bonus Profit for exactly the adjacent pairs
and a Special Profit for exactly the squares of four, a Stock Price Index that starts at
10 (the rulebook's "first space (marked 10)").  Each problem is a ``ComponentError``
naming the file and where in it (``companies[3].value: ...``).

>>> import json
>>> board = check(json.loads((HERE / "illustrative.json").read_text()), "illustrative")
>>> len(board.companies), board.illustrative, board.price(0)
(52, True, 10)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

HERE = Path(__file__).parent
ILLUSTRATIVE = "illustrative"
#: What the rulebook prints: the number of companies, of $10 and of $20 million ones.
COMPANIES, TENS, TWENTIES = 52, 10, 10
WORD = re.compile(r"[a-z][a-z0-9-]*$")
#: Words of the notation a company may not be called (``x`` is "no bid"), and the articles
#: a table may say a card with (``draw Ben a card``: told, not read as a company "a").
ARTICLES = frozenset({"a", "an", "one", "the"})
RESERVED = frozenset({"x", "year", "bond", "stock", "cash", "borrow", "check"}) | ARTICLES


class ComponentError(ValueError):
    """A component file that cannot be used, in words, with where in it."""


@dataclass(frozen=True)
class Company:
    """One company: its word in records, its name, value and yearly profit (millions) and
    its square on the board's grid."""

    word: str
    name: str
    value: int
    profit: int
    row: int
    col: int


@dataclass(frozen=True)
class Bond:
    """A denomination of bond: its value (what it lends), how many the Treasury holds,
    and its repayment price at the game's end."""

    value: int
    count: int
    repay: int


@dataclass(frozen=True)
class Components:
    """A checked component set (see the module text)."""

    name: str
    illustrative: bool
    companies: dict[str, Company]
    #: Bonus Profit by the pair of adjacent companies (a frozenset of two words).
    bonus: dict[frozenset, int]
    #: Special Profit by the square of four companies (a frozenset of four words).
    special: dict[frozenset, int]
    #: ``(least total profits, price)`` rows, by rising profits.
    index: tuple[tuple[int, int], ...]
    bonds: dict[int, Bond]
    stock_blocks: int = 9
    markers: int = 12
    starting_money: int = 10
    player_areas: int = 4
    source: str = ILLUSTRATIVE
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    squares: dict[str, tuple[frozenset, ...]] = field(default_factory=dict, compare=False)

    def price(self, profits: int) -> int:
        """The Stock Price Index's price for a total of yearly profits: the price of the
        last row whose least profits it reaches (the first row's below them all)."""
        row = bisect_right(self._least, profits) - 1
        return self.index[max(row, 0)][1]

    @cached_property
    def _least(self) -> tuple[int, ...]:
        return tuple(least for least, _ in self.index)

    @cached_property
    def cheap(self) -> frozenset[str]:
        """The $10 and $20 million companies: the packet the Private Offerings and the
        Pool are dealt from."""
        return frozenset(w for w, c in self.companies.items() if c.value <= 20)

    @cached_property
    def _bonus_with(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each company's adjacent companies, each with the Bonus Profit of the pair."""
        return {w: tuple((n, self.bonus[frozenset((w, n))]) for n in ns)
                for w, ns in self.neighbours.items()}

    @cached_property
    def _squares_with(self) -> dict[str, tuple[tuple[frozenset, int], ...]]:
        """Each company's squares of four: the three other companies, and the Special
        Profit of the square."""
        return {w: tuple((q - {w}, self.special[q]) for q in qs)
                for w, qs in self.squares.items()}

    def joining(self, word: str, owned) -> tuple[int, int]:
        """(the Bonus Profits, the Special Profits) that ``word`` completes when it joins
        the companies ``owned`` (words, ``word`` not among them).

        >>> import json
        >>> board = check(json.loads((HERE / "illustrative.json").read_text()), "x")
        >>> a, b = board.neighbours["redwood"][:2]
        >>> board.joining("redwood", []), board.joining("redwood", [a])[0] > 0
        ((0, 0), True)
        >>> (others, profit), = board._squares_with["ardent"]   # (its one square of four)
        >>> board.joining("ardent", others)[1] == profit   # (the other three: exactly those)
        True
        """
        owned = set(owned)
        bonus = special = 0
        for neighbour, profit in self._bonus_with[word]:   # (loops: this runs at every
            if neighbour in owned:                          # purchase and every bot's look)
                bonus += profit
        for others, profit in self._squares_with[word]:
            if others <= owned:
                special += profit
        return bonus, special

    @property
    def most_companies(self) -> int:
        """How many companies a player may own: a marker is the stock price's, the other
        eleven mark companies (the rulebook: "he only has eleven Markers available")."""
        return self.markers - 1


def check(data, shown: str = "components") -> Components:
    """The ``Components`` of a component file's data, valid under its JSON Schema
    (``components.schema.json``, which the reader, ``../component_files.py``, checks
    first), or the first ``ComponentError``."""
    def fail(where, message):
        raise ComponentError(f"{shown}: {where}: {message}")

    companies: dict[str, Company] = {}
    at: dict[tuple[int, int], str] = {}
    for i, c in enumerate(data["companies"]):
        if not WORD.match(c["word"]) or c["word"] in RESERVED:
            fail(f"companies[{i}].word", f"{c['word']!r} cannot be written in a record: one "
                 "lowercase word, starting with a letter, and none of "
                 f"{', '.join(sorted(RESERVED))}")
        if c["word"] in companies:
            fail(f"companies[{i}].word", f"{c['word']!r} names two companies")
        cell = (c["row"], c["col"])
        if cell in at:
            fail(f"companies[{i}]", f"row {cell[0]}, column {cell[1]} holds {at[cell]} "
                 "already")
        at[cell] = c["word"]
        companies[c["word"]] = Company(c["word"], c["name"], c["value"], c["profit"], *cell)
    if len(companies) != COMPANIES:
        fail("companies", f"the board has {COMPANIES} companies, not {len(companies)}")
    values = [c.value for c in companies.values()]
    for value, wanted in ((10, TENS), (20, TWENTIES)):
        if values.count(value) != wanted:
            fail("companies", f"the rulebook deals {wanted} companies of ${value} million; "
                 f"this file has {values.count(value)}")
    pairs = {frozenset((w, at[(r + dr, c + dc)])) for (r, c), w in at.items()
             for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in at}
    quads = {frozenset(at[x] for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
             for (r, c) in at if all(x in at for x in ((r, c + 1), (r + 1, c),
                                                       (r + 1, c + 1)))}
    bonus = _profits(data["bonus"], "bonus", "between", pairs, companies, fail,
                     lambda words: f"{' and '.join(words)} are not horizontally or "
                                   "vertically adjacent",
                     lambda key: f"a second Bonus Profit between {' and '.join(sorted(key))}",
                     lambda place: f"no Bonus Profit between {place[0]} and {place[1]}: the "
                                   "rulebook prints one between each pair of adjacent "
                                   "companies")
    special = _profits(data["special"], "special", "around", quads, companies, fail,
                       lambda words: f"{', '.join(words)} do not form a square of four",
                       lambda key: "a second Special Profit in the same square",
                       lambda place: f"no Special Profit in the square {', '.join(place)}: "
                                     "the rulebook prints one in each block of four")
    index = tuple((row["profits"], row["price"]) for row in data["stock_price_index"])
    if index[0] != (0, 10):
        fail("stock_price_index[0]", "the index starts at profits 0 and price 10 (the "
             "rulebook: \"the first space (marked 10)\")")
    for k in range(1, len(index)):
        if index[k][0] <= index[k - 1][0] or index[k][1] < index[k - 1][1]:
            fail(f"stock_price_index[{k}]", "the rows go by rising profits, and a price is "
                 "never below the one before")
    bonds: dict[int, Bond] = {}
    for i, b in enumerate(data["bonds"]):
        if b["value"] in bonds:
            fail(f"bonds[{i}].value", f"two rows for the ${b['value']} million bond")
        if b["repay"] <= b["value"]:
            fail(f"bonds[{i}].repay", "the repayment price \"is greater than their initial "
                 "value\"")
        bonds[b["value"]] = Bond(b["value"], b["count"], b["repay"])
    neighbours = {w: tuple(sorted(next(iter(p - {w})) for p in bonus if w in p))
                  for w in companies}
    squares = {w: tuple(q for q in special if w in q) for w in companies}
    return Components(data.get("name", shown), bool(data.get("illustrative", False)),
                      companies, bonus, special, index, bonds, data["stock_blocks"],
                      data["markers"], data["starting_money"], data["player_areas"], shown,
                      neighbours, squares)


def _profits(rows: list, section: str, field: str, places: set, companies: dict, fail,
             misplaced, twice, missing) -> dict[frozenset, int]:
    """The profits of ``section`` by the companies they stand between (``field``), each
    checked: companies of the file, at one of ``places`` (the adjacent pairs, the squares
    of four), given once; and every place given one.  The three messages are the
    section's own."""
    out: dict[frozenset, int] = {}
    for i, row in enumerate(rows):
        key = frozenset(row[field])
        unknown = [w for w in row[field] if w not in companies]
        if unknown:
            fail(f"{section}[{i}].{field}", f"{unknown[0]!r} is no company of this file")
        if key not in places:
            fail(f"{section}[{i}]", misplaced(row[field]))
        if key in out:
            fail(f"{section}[{i}]", twice(key))
        out[key] = row["profit"]
    if len(out) != len(places):
        fail(section, missing(sorted(sorted(p) for p in places - set(out))[0]))
    return out


__all__ = ["Components", "Company", "Bond", "ComponentError", "check", "HERE", "ILLUSTRATIVE"]
