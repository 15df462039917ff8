"""Moves in the words of the .mclog notation: ``Ann buys F``, ``Ben up T2``.

>>> from mclog.games.millionclub.rules.state import Table
>>> from mclog.games.millionclub.rules.moves import Place, Dump
>>> from mclog.games.millionclub.rules.cards import Industry
>>> t = Table(("Ann", "Ben"), ("yellow", "black"))
>>> move_text(Place(0, 4, "T"), t), item_words(Dump(1, Industry("F", 2), 0, Industry("T", 3, 1)), t)
('Ann IV:T', 'dumps F2 Ann T3+1')
"""

from __future__ import annotations

from ..rules.moves import (
    CAPITAL, Buy, BuyContract, CapitalIncrease, Choose, Draw, Dump, Lower, Move, MovePawn, Pass,
    Pick, Place, Raise, SetAside, StartPlayer, Swap, Takeover, Target, Turn, UsePrivilege,
)
from ..rules.state import Table
from .vocabulary import UNKNOWN, spot_word


def card_text(card: str) -> str:
    """Unknown cards (``?3`` inside the replayer) are written ``?``."""
    return UNKNOWN if card.startswith(UNKNOWN) else card


def item_words(move: Move, table: Table) -> str:
    """The words of one item, without the subject's name."""
    names = table.names
    match move:  # the commonest moves first
        case Place(disc=disc, sector=sector):
            return spot_word(disc, sector)
        case Turn(industry=card, action=action):
            return f"{'cash' if action == CAPITAL else 'up'} {card}"
        case Pass():
            return "pass"
        case Draw(card=card):
            return f"draws {card_text(card)}"
        case Buy(card=card):
            return f"buys {card_text(card)}"
        case SetAside(card=card):
            return f"sets {card_text(card)}"
        case Choose(card=card):
            return f"plays {card_text(card)}"
        case UsePrivilege():
            return "uses"
        case MovePawn(disc=disc, sector=sector):
            return f"moves {spot_word(disc, sector)}"
        case StartPlayer(seat=seat):
            return names[seat]
        case Pick(card=card):
            return f"picks {card_text(card)}"
        case Takeover(owner=owner, industry=card):
            return f"takeover {names[owner]} {card}"
        case Target(opponent=other):
            return f"targets {names[other]}"
        case BuyContract(continent=card):
            return f"takes {card_text(card)}"
        case Swap(give=give, take=take):
            return f"swaps {card_text(give)} {card_text(take)}"
        case Raise(industry=card):
            return f"raises {card}"
        case Lower(owner=owner, industry=card):
            return f"lowers {names[owner]} {card}"
        case Dump(give=give, owner=owner, take=take):
            return f"dumps {give} {names[owner]} {take}"
        case CapitalIncrease(industry=card):
            return f"invests {card}"
    raise TypeError(f"not a move: {move!r}")


def move_text(move: Move, table: Table) -> str:
    """The move as a line of a record would say it, with its player's name."""
    words = item_words(move, table)
    if move.player is None or isinstance(move, StartPlayer):
        return f"start {words}" if isinstance(move, StartPlayer) else words
    return f"{table.names[move.player]} {words}"
