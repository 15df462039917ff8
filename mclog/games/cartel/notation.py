"""Cartel's notation: its verb table (``mclog.record.verbs``), and its two field kinds, a
company (``krupp``, or ``?`` for a card the record's seat did not see) and a bid (a
number, or ``X``).

>>> from mclog.games.cartel.rules.moves import Pay
>>> VERBS.item(Pay(0, 20, 1, 5), ("Ann", "Ben"))
'pay Ann bond 20 stock 1 cash 5'
>>> VERBS.read(["pay", "Ben", "stock", "2"], {"Ann": 0, "Ben": 1})
Pay(player=1, bond=None, stock=2, cash=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from mclog.printable import as_json
from mclog.record.verbs import Keyed, Number, Seat, Verb, Verbs, Word

from .rules.components import ARTICLES, WORD
from .rules.moves import (NO_CARD, Bid, Bury, Buy, Discard, Draw, Dummy, EndYear, Keep,
                          Offer, Pass, Pay, Pool, Repurchase, Start, Trade)


@dataclass(frozen=True)
class Company:
    """A company's word (the component file names them); ``?`` (``None``) where
    ``unseen`` allows a card the record's seat did not see."""

    name: str
    unseen: bool = False
    #: ``-`` for no card (a trade that gives only money)
    none: bool = False
    optional: ClassVar[bool] = False
    #: Any word of a company's shape reads (the component file, not the notation, says
    #: which are companies): a word after a whole item is not taken for a second one.
    any_word: ClassVar[bool] = True

    def read(self, word: str, seats: dict[str, int]) -> str | None:
        if _is_word(word):   # (neither ? nor - is a company's word, nor an article)
            return word
        if word.lower() in ARTICLES:   # (``draw Ben a card``)
            raise ValueError(f"'{word}' cannot be a company: a card is written by its word "
                             "alone" + (", or ? for a card you did not see" if self.unseen
                                        else ""))
        if word == "?" and self.unseen:
            return None
        if word == NO_CARD and self.none:
            return NO_CARD
        if word == "?":   # (a start, the Pool, a purchase, an offer, a discard: all shown)
            raise ValueError("'?' cannot be a company here: the whole table sees this card, "
                             "so the record names it (its word in the component file)")
        lower = word.lower()  # (Krupp as the table says it: the file's word is krupp)
        if not WORD.match(lower):
            raise ValueError(f"'{word}' cannot be a company: a company is its word in the "
                             "component file (lowercase: krupp)"
                             + (", or ? for a card you did not see" if self.unseen else ""))
        return lower

    def write(self, value: str | None, names: Sequence[str]) -> str:
        return "?" if value is None else value

    def check(self, value: Any, players: int) -> str | None:
        if (value is None and self.unseen) or (value == NO_CARD and self.none):
            return None
        if not isinstance(value, str) or not WORD.match(value):
            lower = f' (lowercase: "{value.lower()}")' if isinstance(value, str) and \
                WORD.match(value.lower()) else ""
            return f"{as_json(value)} is not a company's word{lower}" + (
                " (or null: unseen)" if self.unseen else "")
        return None


@lru_cache(maxsize=4096)
def _is_word(word: str) -> bool:
    """Whether ``word`` is written as a company's word is (``krupp``): asked once per
    spelling, as a record names the same few dozen companies hundreds of times."""
    return WORD.match(word) is not None and word not in ARTICLES


#: Cartel counts in millions of dollars ("a bid of $15 indicates 15 million dollars"): a
#: sum written ``15M`` is told to be written ``15``.
MILLIONS = "mM"


@dataclass(frozen=True)
class Amount:
    """A bid: millions (``35``), or ``X`` for no bid (``None``)."""

    name: str
    optional: ClassVar[bool] = False
    #: Words a table says for no bid, which this field's reader tells as a slip of ``X``
    #: (``bid Ben pass``): the kit reads them so, not as the next item (``pass`` is a
    #: verb too), as it does a field's ``slip_words``.
    slip_words: ClassVar[frozenset[str]] = frozenset({"pass", "passes", "no", "none", "-"})

    @cached_property
    def _millions(self) -> Number:
        return Number(self.name, 1, 10 ** 6, MILLIONS)

    def read(self, word: str, seats: dict[str, int]) -> int | None:
        if word in ("X", "x"):
            return None
        if word.lower() in self.slip_words:
            raise ValueError(f"'{word}' cannot be the {self.name}: no bid is written X "
                             "('bid <player> X')")
        try:
            return self._millions.read(word, seats)
        except ValueError as exc:
            raise ValueError(f"{exc}, or X for no bid") from None

    def write(self, value: int | None, names: Sequence[str]) -> str:
        return "X" if value is None else str(value)

    def check(self, value: Any, players: int) -> str | None:
        return None if value is None else self._millions.check(value, players)


def _pay(move: Pay, names: Sequence[str]) -> str:
    parts = [f"a ${move.bond} million bond"] if move.bond else []
    if move.stock:
        parts.append(f"{move.stock} stock block{'s' if move.stock > 1 else ''}")
    if move.cash is not None:
        parts.append(f"{move.cash} in cash")
    elif not parts:
        parts.append("cash")
    return f"{names[move.player]} pays with " + " and ".join(
        [", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


def _bid(move: Bid, names: Sequence[str]) -> str:
    return f"{names[move.player]} " + ("bids X (no bid)" if move.amount is None
                                      else f"bids {move.amount}")


def _draw(move: Draw, names: Sequence[str]) -> str:
    return f"{names[move.player]} draws " + ("a card (unseen)" if move.company is None
                                            else move.company)


def _pass(move: Pass, names: Sequence[str]) -> str:
    return f"{names[move.player]} passes" + (f" (and borrows a ${move.borrow} million bond)"
                                             if move.borrow else "")


def joins(previous, move) -> bool:
    """Whether ``move`` is written on the line of ``previous``: a turn a line (a purchase
    with its payment and draw, a pass with its draws and discards), an auction's bids on
    the offer's line and its payment, draw and discard on the next, a year's end with
    its repurchases and the dummy Cartel's card; at the start, the starting companies,
    each player's deal and the Pool on a line each.

    >>> joins(Buy(0, "krupp"), Pay(0, None, 2, None)), joins(Pay(0, None, 2), Buy(1, "x"))
    (True, False)
    """
    kind = type(move)
    if kind in (Buy, Offer, Pass, EndYear, Trade):
        return False
    if kind is Start:
        return type(previous) is Start
    if kind is Pool:
        return type(previous) is Pool
    if kind is Draw and type(previous) in (Start, Pool):
        return False
    if kind is Draw and type(previous) is Draw:
        return previous.player == move.player
    if kind is Pay:
        return type(previous) is not Bid
    return type(previous) not in (Start, Pool)


def _trade(move: Trade, names: Sequence[str]) -> str:
    def card(word):
        return "a card" if word is None else word

    who, other = names[move.player], names[move.other]
    money = f" and {move.cash} in cash" if move.cash else ""
    if move.gives == NO_CARD:
        return f"{who} takes {other}'s {card(move.takes)} for " + (
            f"{move.cash} in cash" if move.cash else "nothing")
    if move.takes == NO_CARD:
        return f"{who} gives {card(move.gives)}{money} to {other}"
    return f"{who} trades {card(move.gives)}{money} for {other}'s {card(move.takes)}"


VERBS = Verbs([
    Verb("start", Start, (Seat("player"), Company("company")),
         "{player} starts with {company}"),
    Verb("draw", Draw, (Seat("player"), Company("company", unseen=True)), _draw),
    Verb("pool", Pool, (Company("company"),), "{company} is dealt into the Pool"),
    Verb("buy", Buy, (Seat("player"), Company("company")),
         "{player} buys {company} from the hand"),
    Verb("offer", Offer, (Seat("player"), Company("company")),
         "{player} puts {company} up for auction"),
    Verb("bid", Bid, (Seat("player"), Amount("amount")), _bid),
    Verb("pay", Pay, (Seat("player"), Keyed("bond", Number("bond", 1, 10 ** 6, MILLIONS)),
                      Keyed("stock", Number("stock", 1, 99)),
                      Keyed("cash", Number("cash", 0, 10 ** 9, MILLIONS))), _pay),
    Verb("pass", Pass, (Seat("player"), Keyed("borrow", Number("borrow", 1, 10 ** 6,
                                                               MILLIONS))),
         _pass),
    Verb("discard", Discard, (Seat("player"), Company("company")),
         "{player} discards {company} into the Pool"),
    Verb("bury", Bury, (Seat("player"), Company("company")),
         "{player} discards {company} face down: out of play"),
    Verb("end", EndYear, (Word("year"), Number("year", 1, 10)), "the end of year {year}"),
    Verb("dummy", Dummy, (Company("company"),), "{company} goes to an unused Cartel"),
    Verb("trade", Trade, (Seat("player"), Company("gives", unseen=True, none=True),
                          Seat("other"), Company("takes", unseen=True, none=True),
                          Keyed("cash", Number("cash", 1, 10 ** 9, MILLIONS))), _trade),
    Verb("repurchase", Repurchase, (Seat("player"),), "{player} buys back a stock block"),
    Verb("keep", Keep, (Seat("player"),), "{player} buys back no stock"),
])

__all__ = ["VERBS", "Company", "Amount"]
