"""The components of Million Club: card kinds, the three decks and Industry cards.

Decks are kept as counts per card kind (R1), never as ordered lists: the order
of a shuffled deck is unknown at the table, so the engine must not pretend to
know it.  Which card comes off a deck is a *chance move* (``Draw``) recorded in
the game, exactly as a person at the table would write it down.

>>> Industry("F", 2, 1).value
3
>>> str(Industry("T", 4, 0)), str(Industry("R", 1, 2))
('T4', 'R1+2')
"""

from __future__ import annotations

from typing import Final, NamedTuple

# --- a card the record's seat did not see -------------------------------------------------

#: What a record writes for a card its seat did not see.
UNKNOWN: Final = "?"


def unseen(card: str) -> bool:
    """A card a move does not name: the bare ``?``, or a handle the engine follows."""
    return card[:1] == UNKNOWN


def is_handle(card: object) -> bool:
    """A followed unknown card (``?3.5``), as opposed to a named one or the bare ``?`` a
    move writes.

    >>> is_handle("?3.5"), is_handle("?"), is_handle("asia")
    (True, False, False)
    """
    return isinstance(card, str) and card[:1] == UNKNOWN and len(card) > 1

# --- industries -----------------------------------------------------------

FACTORIES: Final = "F"
TRANSPORT: Final = "T"
RAW: Final = "R"
#: The three industry types, in the order of the price board.
INDUSTRY_TYPES: Final[tuple[str, ...]] = (FACTORIES, TRANSPORT, RAW)
INDUSTRY_NAMES: Final = {FACTORIES: "Factories", TRANSPORT: "Transport", RAW: "Raw materials"}
#: Singular names, for messages about one card ("Ann's level-2 factory").
INDUSTRY_SINGULAR: Final = {FACTORIES: "factory", TRANSPORT: "transport", RAW: "raw-materials"}

#: R17: the industry type whose price each type depends on at the Stock Exchange.
DEPENDS_ON: Final = {FACTORIES: RAW, RAW: TRANSPORT, TRANSPORT: FACTORIES}

MIN_LEVEL: Final = 1
MAX_LEVEL: Final = 4


class Industry(NamedTuple):
    """An Industry card as a player sees it on the table: type, printed level, bonus.

    ``bonus`` counts the Capital Increase banknotes under the card (R4).  Two
    cards with the same type, level and bonus are interchangeable in every rule,
    which is why a move names an industry by these three values and not by an
    internal id ("Ann's level-2 factory").
    """

    kind: str
    level: int
    bonus: int = 0

    @property
    def value(self) -> int:
        """Level plus bonus: what counts "for all purposes" (R4)."""
        return self.level + self.bonus

    def __str__(self) -> str:
        return f"{self.kind}{self.level}" + (f"+{self.bonus}" if self.bonus else "")

    def describe(self) -> str:
        """A player's wording: ``level-2 factory (+1)``."""
        text = f"level-{self.level} {INDUSTRY_SINGULAR[self.kind]}"
        return text + (f" with {self.bonus} Capital Increase" if self.bonus else "")

    @property
    def can_develop(self) -> bool:
        """R5: the printed level (the card's rotation) must be below 4."""
        return self.level < MAX_LEVEL

    @property
    def can_draw_capital(self) -> bool:
        """R5: the printed level must be above 1."""
        return self.level > MIN_LEVEL


# --- colonies ---------------------------------------------------------------

CONTINENTS: Final[tuple[str, ...]] = ("africa", "asia", "america", "india", "oceania")
CONTINENT_NAMES: Final = {c: c.capitalize() for c in CONTINENTS}

# --- intrigue ---------------------------------------------------------------

RACKET: Final = "racket"
CONTRACT: Final = "contract"
UNREST: Final = "unrest"
EXPANSION: Final = "expansion"
CAPITALISATION: Final = "capitalisation"
UNFAIR: Final = "unfair"
DUMPING: Final = "dumping"
INCREASE: Final = "increase"
INTRIGUE_CARDS: Final[tuple[str, ...]] = (
    RACKET, CONTRACT, UNREST, EXPANSION, CAPITALISATION, UNFAIR, DUMPING, INCREASE,
)
INTRIGUE_NAMES: Final = {
    RACKET: "Racket",
    CONTRACT: "Buy a colonial contract",
    UNREST: "Colonial Unrest",
    EXPANSION: "Expansion",
    CAPITALISATION: "Capitalisation",
    UNFAIR: "Unfair competition",
    DUMPING: "Dumping",
    INCREASE: "Capital Increase",
}

# --- decks (R1) -------------------------------------------------------------

INDUSTRY_DECK: Final = "industry"
COLONY_DECK: Final = "colony"
INTRIGUE_DECK: Final = "intrigue"
DECKS: Final[tuple[str, ...]] = (INDUSTRY_DECK, COLONY_DECK, INTRIGUE_DECK)

#: R1: how many cards of each kind exist.
DECK_TOTALS: Final[dict[str, dict[str, int]]] = {
    INDUSTRY_DECK: {k: 13 for k in INDUSTRY_TYPES},
    COLONY_DECK: {c: 6 for c in CONTINENTS},
    INTRIGUE_DECK: {c: 1 for c in INTRIGUE_CARDS},
}

#: Every card kind names its own deck: the kinds of the three decks never overlap.
DECK_OF: Final[dict[str, str]] = {
    card: deck for deck, kinds in DECK_TOTALS.items() for card in kinds}

DECK_NAMES: Final = {INDUSTRY_DECK: "Industry", COLONY_DECK: "Colony", INTRIGUE_DECK: "Intrigue"}


def card_name(card: str) -> str:
    """The name printed on a card kind, for messages: ``F`` -> ``Factories``.

    A card the record's seat did not see is ``unseen`` (never the handle the engine
    follows it by, ``?3.5``, which no player wrote); an unknown kind is quoted as given,
    so a message about a mistyped card still reads well.

    >>> card_name("R"), card_name("?3.5"), card_name("asai")
    ('Raw materials', 'unseen', "'asai'")
    """
    if unseen(card):
        return "unseen"
    return (INDUSTRY_NAMES.get(card) or CONTINENT_NAMES.get(card) or INTRIGUE_NAMES.get(card)
            or repr(card))


def article(noun: str) -> str:
    """``an America``, ``a Racket``: the indefinite article a message needs."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
