"""Joakim von Ankas fantastiska affärer's moves: one frozen dataclass a move, as a
player at the table says it (the notation's verbs, ``../notation.py``).

A seat is a player's index in the ``Players`` tag; a square is its name on the board
(``c3``: column c, row 3); a kind of property is one of ``KINDS``.  Fields a record may
leave out default to ``None`` (``fives``: how many of the cards are 5-cards, as many as
can be when left out).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The six kinds of property, in the order the setup rolls their market values (the
#: rulebook: "from left to right ... gold mines, oil wells, diamond mines, aeroplane
#: companies, banks and shipping companies").
KINDS = ("gold", "oil", "diamond", "aeroplane", "bank", "shipping")
#: Each kind in a player's words (one, several).
KIND_NAMES = {"gold": ("gold mine", "gold mines"), "oil": ("oil well", "oil wells"),
              "diamond": ("diamond mine", "diamond mines"),
              "aeroplane": ("aeroplane company", "aeroplane companies"),
              "bank": ("bank", "banks"),
              "shipping": ("shipping company", "shipping companies")}


def kind_count(kind: str, count: int) -> str:
    """``3 gold mines``, ``1 bank``."""
    return f"{count} {KIND_NAMES[kind][count != 1]}"


@dataclass(frozen=True, slots=True)
class Place:
    """Setup: a player puts their pawn on a square of their choice."""

    player: int
    square: str


@dataclass(frozen=True, slots=True)
class Start:
    """Setup: a player takes their six properties, of the kinds they choose."""

    player: int
    gold: int | None = None
    oil: int | None = None
    diamond: int | None = None
    aeroplane: int | None = None
    bank: int | None = None
    shipping: int | None = None

    def counts(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in KINDS if getattr(self, k)}


@dataclass(frozen=True, slots=True)
class Value:
    """Setup, chance: the die that sets a kind's starting market value (the kinds in
    ``KINDS`` order, "from left to right")."""

    kind: str
    pips: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the die of a player's move."""

    player: int
    pips: int


@dataclass(frozen=True, slots=True)
class Home:
    """Chance: the die at Farbror Joakim's square (4 to 6: he is at home, a card)."""

    pips: int


@dataclass(frozen=True, slots=True)
class Move:
    """A player moves their pawn the die's number of squares, ending on ``square``."""

    player: int
    square: str


@dataclass(frozen=True, slots=True)
class Buy:
    """A player buys ``count`` properties of ``kind`` from the bank (at a property
    square, or as a card says; ``price``: each property's, as a card written inline
    says)."""

    player: int
    kind: str
    count: int
    fives: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Sell:
    """A player sells ``count`` properties of ``kind`` to the bank (at a property square,
    as a card says, or to pay a debt at half value; ``price``: each property's, as a
    card written inline says)."""

    player: int
    kind: str
    count: int
    fives: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """A player lets a chance go: no trade at a property square, no card bought, no extra
    draw."""

    player: int


@dataclass(frozen=True, slots=True)
class News:
    """Chance: the next number of Ankeborgstidningen, by its number."""

    card: int


@dataclass(frozen=True, slots=True)
class JoakimCard:
    """Chance: a Joakim card, by its number."""

    card: int


@dataclass(frozen=True, slots=True)
class ClubCard:
    """Chance: a Miljardärsklubben card, by its number."""

    card: int


@dataclass(frozen=True, slots=True)
class Choose:
    """A player says which kind of property a card means ("you always choose yourself
    which type of property is meant")."""

    player: int
    kind: str


@dataclass(frozen=True, slots=True)
class Swap:
    """EXCHANGE PROPERTY: ``player`` gives one ``gives`` to ``other`` and takes one of
    their ``takes``."""

    player: int
    gives: str
    other: int
    takes: str


@dataclass(frozen=True, slots=True)
class Take:
    """OVERPRICED PROPERTY: ``player`` takes one ``kind`` from ``other`` (paying its owner
    ``price``, where the card is written inline)."""

    player: int
    other: int
    kind: str
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Sold:
    """An auction's end: ``player`` bid the most, ``price``."""

    player: int
    price: int


@dataclass(frozen=True, slots=True)
class Unsold:
    """An auction where nobody bid."""


@dataclass(frozen=True, slots=True)
class Change:
    """EXCHANGE ONE (Miljardärsklubben): ``player`` gives the bank one ``gives`` and takes
    one ``takes``, paying the difference."""

    player: int
    gives: str
    takes: str


@dataclass(frozen=True, slots=True)
class Option:
    """A player buys the OPTION card just drawn (written inline: its ``kind``, what the
    card costs, ``cost``, and the five properties' ``price``)."""

    player: int
    kind: str | None = None
    cost: int | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Exercise:
    """A player uses their OPTION card ``card`` (its number): its five properties at its
    price."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """A player takes the EXTRA DRAW a card allows."""

    player: int


@dataclass(frozen=True, slots=True)
class Peek:
    """ADVANCE TIP: what ``player`` saw on top of the newspaper pile, its first card and
    (where the card allows two) the second; ``None`` for a card the record's seat did not
    see (another player's peek, or none taken)."""

    player: int
    first: int | None
    second: int | None = None


#: The lucky crown's three uses, by the word a record gives them, and ``gets``: a card
#: written inline lends it.
CROWN_USES = ("before", "double", "go", "gets")


@dataclass(frozen=True, slots=True)
class Crown:
    """A player uses Farbror Joakim's lucky crown: ``before`` (go before in the turn
    order), ``double`` (sell one property of the square at double market value) or
    ``go`` (to any ``square``, without rolling)."""

    player: int
    use: str
    square: str | None = None


# --- a card's effects written in the record (no card file: ``[Components "inline"]``) ---


@dataclass(frozen=True, slots=True)
class Land:
    """Without a board file: the kind of square ``player``'s pawn ends on (a kind of
    property, ``exchange``, ``news``, ``joakim`` or ``club``), stated and trusted."""

    player: int
    square: str


@dataclass(frozen=True, slots=True)
class Values:
    """A card's market values moved, by kind (``values gold +2 oil -1``; ``all``: every
    kind)."""

    gold: int | None = None
    oil: int | None = None
    diamond: int | None = None
    aeroplane: int | None = None
    bank: int | None = None
    shipping: int | None = None
    all: int | None = None


@dataclass(frozen=True, slots=True)
class Earn:
    """A card's money from the bank to ``player`` (``None``: everyone)."""

    player: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class Pay:
    """A card's money from ``player`` (``None``: everyone) to the bank."""

    player: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class Give:
    """WORTHLESS PROPERTY: ``player`` gives one ``kind`` back to the bank."""

    player: int
    kind: str


@dataclass(frozen=True, slots=True)
class Get:
    """A card's property, free from the bank (``count`` of ``kind``)."""

    player: int
    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class Auction:
    """A newspaper's auction of ``kind`` (the drawer's choice); its end follows."""

    kind: str


@dataclass(frozen=True, slots=True)
class Closed:
    """Miljardärsklubben stängd: the club closes until the next shuffle."""


@dataclass(frozen=True, slots=True)
class Shuffle:
    """SHUFFLE: the drawn newspapers go back into the pile."""


# --- the Business Sharks variant (``[Variant "Business Sharks"]``) ---------------------

#: The loan cards' sums, what each is repaid with, and its interest (the rulebook:
#: "repaid with 12, 30 or 60 million"; "2 million on a 10-million loan, 5 on a
#: 25-million loan, and 10 on a 50-million loan").
LOANS = (10, 25, 50)
REPAY = {10: 12, 25: 30, 50: 60}
INTEREST = {10: 2, 25: 5, 50: 10}
#: A hand of Affärstipskort, drawn at once at a Stock Exchange square.
TIP_HAND = 3


@dataclass(frozen=True, slots=True)
class Tips:
    """Chance: the three Affärstipskort ``player`` draws at a Stock Exchange square, by
    number; ``None`` for a card the record's seat did not see (another player's)."""

    player: int
    first: int | None
    second: int | None
    third: int | None

    @property
    def cards(self) -> tuple[int | None, ...]:
        return (self.first, self.second, self.third)


@dataclass(frozen=True, slots=True)
class Tip:
    """``player`` plays the Affärstipskort ``card`` from their hand (``on``: the player a
    BEAGLE BOYS card is placed in front of)."""

    player: int
    card: int
    on: int | None = None


@dataclass(frozen=True, slots=True)
class Lot:
    """CLOSED AUCTION: the property card ``player`` chooses in the bank, a 1-card or a
    5-card (``size``) of ``kind``."""

    player: int
    kind: str
    size: int


@dataclass(frozen=True, slots=True)
class Bid:
    """A closed auction's bid, shown with the others at once (``amount`` in cash)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Raise:
    """A tied bidder's secret addition to their bid, shown at once (the second round)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Borrow:
    """YOU MAY BORROW MONEY: ``player`` takes a loan card of ``amount`` (10, 25 or 50)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Repay:
    """``player`` repays a loan of ``amount`` (with 12, 30 or 60)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Deal:
    """A trade between players: ``player`` sells ``count`` properties of ``kind`` to
    ``other`` for ``price`` in all (the price they agreed)."""

    player: int
    other: int
    kind: str
    count: int
    price: int
    fives: int | None = None


@dataclass(frozen=True, slots=True)
class Inspect:
    """YOU MAY INSPECT: ``player`` looks at ``other``'s Affärstipskort: the cards seen
    (``None``: not seen by the record's seat), ``0`` where the hand holds fewer."""

    player: int
    other: int
    first: int | None
    second: int | None = 0
    third: int | None = 0

    @property
    def cards(self) -> tuple[int | None, ...]:
        return tuple(c for c in (self.first, self.second, self.third) if c != 0)


@dataclass(frozen=True, slots=True)
class Disbelieve:
    """DON'T BELIEVE ALL THE RUMOURS: ``player`` cancels the rumour just played."""

    player: int


# --- the variant's cards written in the record (``[Components "inline"]``, J30) ----------


#: What a Joakim card with a shark that is kept may do.
KEPT = ("inspect", "disbelieve")


@dataclass(frozen=True, slots=True)
class Keep:
    """A Joakim card "And keep the card": ``player`` keeps it, to ``use`` later
    (``inspect`` or ``disbelieve``)."""

    player: int
    use: str


@dataclass(frozen=True, slots=True)
class Rumour:
    """A RUMOUR IN THE BUSINESS WORLD: ``kind``'s market value moves ``by`` (``all``: every
    kind), unless another player disbelieves it."""

    kind: str
    by: int


@dataclass(frozen=True, slots=True)
class Interest:
    """FARBROR JOAKIM DEMANDS INTEREST: everyone pays on each loan card."""
