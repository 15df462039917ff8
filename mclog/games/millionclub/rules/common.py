"""Helpers that several phases share: owning a card, industry turns (R5), wording.

An industry turn (develop or draw capital) happens in the Lobby (R11), with
Expansion (R25) and at the end of the round (R19); all three use these.
"""

from __future__ import annotations

from typing import Final

from mclog.engine import seat_name
from mclog.errors import RuleError
from .cards import Industry
from .interning import interned
from .moves import CAPITAL, DEVELOP, Turn
from .state import State


def distinct(cards: list[Industry]) -> list[Industry]:
    """The different cards among ``cards``, sorted: identical cards are one choice."""
    return sorted(set(cards))


def require_owned(state: State, seat: int, card: Industry, rule: str) -> None:
    if not isinstance(card, Industry):
        raise RuleError(f"{card!r} is not an industry (type, level, bonus)", rule)
    if card not in state.industries[seat]:
        name = state.name(seat)
        owned = sorted(state.industries[seat])
        has = (f"{name} owns " + _and([str(c) for c in owned])) if owned else \
            f"{name} owns no industry"
        raise RuleError(f"{name} has no {card.describe()} card, written {card}: {has}", rule)


def _and(words: list[str]) -> str:
    """``F2``, ``F2 and T1``, ``F2, T1 and R3``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def require_opponent(state: State, seat: int, other: int, rule: str) -> None:
    seat_name(state.table.names, other, rule)
    if other == seat:
        raise RuleError(f"{state.name(seat)} must name an opponent, not themself", rule)


def require_card(card: str, kinds: object, what: str, rule: str) -> None:
    """``card`` must be one of ``kinds`` (a deck's card kinds), else name what was expected."""
    if card not in kinds:  # type: ignore[operator]
        raise RuleError(f"{card!r} is not {what}", rule)


def check_turn(state: State, seat: int, card: Industry, action: str, rule: str) -> Industry:
    """Validate one industry turn and return the card as it will be afterwards (R5)."""
    require_owned(state, seat, card, rule)
    if action == DEVELOP:
        if not card.can_develop:
            raise RuleError(
                f"{state.name(seat)} cannot develop the {card.describe()}: it is already at "
                "level 4", "R5")
        return Industry(card.kind, card.level + 1, card.bonus)
    if action == CAPITAL:
        if not card.can_draw_capital:
            raise RuleError(
                f"{state.name(seat)} cannot draw capital from the {card.describe()}: its level "
                "is 1", "R5")
        return Industry(card.kind, card.level - 1, card.bonus)
    raise RuleError(f"An industry turn is 'develop' or 'capital', not {action!r}", "R5")


def do_turn(state: State, seat: int, card: Industry, new: Industry) -> None:
    """Carry out a checked industry turn: drawing capital pays the value first (R5)."""
    if new.level < card.level:
        state.money[seat] += card.value
    state.replace_industry(seat, card, new)


def turn_moves(state: State, seat: int, cards: list[Industry]) -> list[Turn]:
    """Every legal industry turn on the given cards (each distinct card once)."""
    key = (seat, *cards)
    moves = _TURN_MOVES.get(key)
    if moves is None:
        found: list[Turn] = []
        for card in distinct(cards):
            if card.level < 4:
                found.append(interned(Turn, seat, card, DEVELOP))
            if card.level > 1:
                found.append(interned(Turn, seat, card, CAPITAL))
        moves = tuple(found)
        if len(_TURN_MOVES) < 1 << 16:  # the same hands of cards come back again and again
            _TURN_MOVES[key] = moves
    return list(moves)


#: The turns open to a seat holding these cards (in this order): the end of every round
#: and each Lobby turn ask for them, in a game and in the simulator's next game.
_TURN_MOVES: Final[dict[tuple, tuple[Turn, ...]]] = {}


__all__ = [
    "distinct", "require_owned", "require_opponent", "require_card", "check_turn", "do_turn",
    "turn_moves",
]
