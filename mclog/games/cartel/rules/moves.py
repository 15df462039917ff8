"""Cartel's moves: one frozen dataclass per thing said or done at the table.

A seat is an ``int`` (the order of the ``Players`` tag, clockwise); a company is its word
in the component file (``krupp``); ``None`` for a card is one the record's seat did not
see (``?``), and for a bid, no bid (``X``).  Chance's moves (a card dealt or drawn, the
year's end) are written too: a record holds every draw.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Start:
    """The Treasurer deals ``player`` a $10 million company face up: their starting
    company, free."""

    player: int
    company: str


@dataclass(frozen=True, slots=True)
class Draw:
    """``player`` takes a card into their hand: a Private Offering dealt at the start, or
    a draw (``None``: the record's seat did not see it)."""

    player: int
    company: str | None


@dataclass(frozen=True, slots=True)
class Pool:
    """A card dealt face up into the Pool at the start."""

    company: str


@dataclass(frozen=True, slots=True)
class Buy:
    """``player`` buys ``company`` from their hand (Private Offering)."""

    player: int
    company: str


@dataclass(frozen=True, slots=True)
class Offer:
    """``player`` puts ``company`` from the Pool up for auction (Public Offering)."""

    player: int
    company: str


@dataclass(frozen=True, slots=True)
class Bid:
    """``player``'s secret bid, as revealed (``None``: "X", no bid)."""

    player: int
    amount: int | None


@dataclass(frozen=True, slots=True)
class Pay:
    """How ``player`` pays for the company they just bought: a bond of half its printed
    value, stock blocks sold at their price, and cash (``None``: the rest, as the rules
    work it out; written, it must be that)."""

    player: int
    bond: int | None = None
    stock: int | None = None
    cash: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """``player`` passes: draws two and discards two.  ``borrow``: under Raising Cash, the
    bond taken after the discards."""

    player: int
    borrow: int | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` discards ``company`` face up onto its space: it joins the Pool."""

    player: int
    company: str


@dataclass(frozen=True, slots=True)
class Bury:
    """Defensive Discarding: ``player`` discards ``company`` face down onto its space;
    it is out of play."""

    player: int
    company: str


@dataclass(frozen=True, slots=True)
class EndYear:
    """The year's end: profits paid, stock prices adjusted."""

    year: int


@dataclass(frozen=True, slots=True)
class Dummy:
    """Two players: the top card of the pile goes to an unused Cartel, out of play."""

    company: str


#: In a trade, no card given (only money).
NO_CARD = "-"


@dataclass(frozen=True, slots=True)
class Trade:
    """Trading Company Cards (C18): ``player`` gives ``gives`` (a card of their hand;
    ``None``: one the record's seat did not see; ``NO_CARD``: none) and ``cash`` to
    ``other``, and takes ``takes`` from ``other``'s hand, before the turn of one of
    them."""

    player: int
    gives: str | None
    other: int
    takes: str | None
    cash: int | None = None


@dataclass(frozen=True, slots=True)
class Repurchase:
    """Stock Repurchase: ``player`` buys back one stock block at the year's end."""

    player: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Stock Repurchase offered: ``player`` buys none back this year."""

    player: int


__all__ = ["Start", "Draw", "Pool", "Buy", "Offer", "Bid", "Pay", "Pass", "Discard", "Bury",
           "EndYear", "Dummy", "Trade", "NO_CARD", "Repurchase", "Keep"]
