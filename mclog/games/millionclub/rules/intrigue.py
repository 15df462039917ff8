"""The eight Intrigue cards (rulebook "The Intrigue Cards"; R22-R29, R31).

A chosen card is carried out at once "if possible" (R14, R31).  The engine
asks a question only when the card can change something and the player has a
say in how: a card whose effect is impossible does nothing and asks nothing.

* Racket, Capitalisation: simply happen.
* Buy a colonial contract, Colonial Unrest: ``Target`` an opponent, then
  ``BuyContract``/``Swap`` or ``Pass`` (the "may").
* Expansion: up to two ``Turn`` on one industry, ``Pass`` to stop.
* Unfair competition: ``Raise`` one own industry, then one ``Lower`` per
  opponent who has an industry of that type above level 1 (compulsory).
* Dumping: one ``Dump`` (compulsory when any pair qualifies).
* Capital Increase: one ``CapitalIncrease`` (compulsory when the player has
  an industry).
"""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .cards import (
    CAPITALISATION, COLONY_DECK, CONTINENTS, CONTRACT, DUMPING, EXPANSION, INCREASE,
    INDUSTRY_SINGULAR,
    RACKET, UNFAIR, UNREST, Industry, card_name,
)
from .common import (
    check_turn, distinct, do_turn, require_card, require_opponent, require_owned, turn_moves,
)
from .flow import handler, push, step
from .interning import interned
from .moves import (
    BuyContract, CapitalIncrease, Dump, Lower, Move, Pass, Raise, Swap, Target, Turn,
)
from .state import Decision, State
from .unknown import UNKNOWN, is_handle, resolve

TARGET: Final = "target"
CONTRACT_BUY: Final = "contract"
UNREST_SWAP: Final = "unrest"
EXPAND: Final = "expansion"
RAISE: Final = "raise"
LOWER: Final = "lower"
DUMP: Final = "dumping"
CAPITAL_INCREASE: Final = "increase"

CONTRACT_PRICE: Final = 3
RACKET_GAIN: Final = 3
RACKET_TOLL: Final = 3
CAPITALISATION_GAIN: Final = 6


def _someone_else_has_colonies(state: State, seat: int) -> bool:
    return any(state.colony_count(o) for o in state.opponents(seat))


@step("intrigue")
def carry_out(state: State, frame: tuple) -> None:
    """Carry out ``card`` for ``seat``; ask a question only if the player has a say."""
    _, card, seat = frame
    if card == RACKET:  # R22
        state.money[seat] += RACKET_GAIN
        for other in state.opponents(seat):
            state.money[other] -= min(RACKET_TOLL, state.money[other])
    elif card == CAPITALISATION:  # R26
        state.money[seat] += CAPITALISATION_GAIN
    elif card == CONTRACT:  # R23
        if state.money[seat] >= CONTRACT_PRICE and _someone_else_has_colonies(state, seat):
            state.decision = Decision(TARGET, seat, card=CONTRACT)
    elif card == UNREST:  # R24
        if state.colony_count(seat) and _someone_else_has_colonies(state, seat):
            state.decision = Decision(TARGET, seat, card=UNREST)
    elif card == EXPANSION:  # R25
        if state.industries[seat]:
            state.decision = Decision(EXPAND, seat, card=EXPANSION, turns=2)
    elif card == UNFAIR:  # R27
        if any(c.can_develop for c in state.industries[seat]):
            state.decision = Decision(RAISE, seat, card=UNFAIR)
    elif card == DUMPING:  # R28
        if _dumps(state, seat):
            state.decision = Decision(DUMP, seat, card=DUMPING)
    elif card == INCREASE:  # R29
        if state.industries[seat]:
            state.decision = Decision(CAPITAL_INCREASE, seat, card=INCREASE)


def _pass(state: State, d: Decision, move: Pass) -> None:
    pass


# --- Buy a colonial contract, Colonial Unrest: name an opponent -----------------


def _legal_target(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [interned(Target, seat, other) for other in state.opponents(seat)]


def _apply_target(state: State, d: Decision, move: Target) -> None:
    rule = "R23" if d.card == CONTRACT else "R24"
    require_opponent(state, move.player, move.opponent, rule)
    if state.colony_count(move.opponent):  # else: allowed, and nothing happens
        kind = CONTRACT_BUY if d.card == CONTRACT else UNREST_SWAP
        state.decision = Decision(kind, move.player, card=d.card, target=move.opponent)


handler(TARGET, "name an opponent for the Intrigue card", "R23", _legal_target,
        {Target: _apply_target})


def _held(state: State, seat: int) -> list[str]:
    """The colonies a player holds, each kind once; unknown ones (``?3``) after them."""
    held = state.colonies[seat]
    return [c for c in CONTINENTS if held[c]] + sorted(c for c in held
                                                       if is_handle(c) and held[c])


def _legal_contract(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [*(interned(BuyContract, seat, c) for c in _held(state, d.opponent)),
            interned(Pass, seat)]


def _colony(state: State, seat: int, continent: str, rule: str) -> str:
    """The colony of ``seat`` a move names (``?`` for one the record did not see; see
    ``unknown.py``), as it stands among the seat's colonies."""
    if not (continent == UNKNOWN or is_handle(continent)):
        require_card(continent, CONTINENTS, "a continent (" + ", ".join(CONTINENTS) + ")", rule)
    held = state.colonies[seat]
    if not held.get(continent) and (continent == UNKNOWN or any(
            is_handle(c) and n for c, n in held.items())):
        items = [c for c, n in held.items() for _ in range(n)]

        def put(new: list[str]) -> None:
            for c in items:
                held[c] -= 1
                if is_handle(c):
                    del held[c]
            for c in new:
                held[c] = 1

        continent = resolve(state, items, continent, COLONY_DECK, put)
    if not held.get(continent):
        raise RuleError(f"{state.name(seat)} has no {card_name(continent)} colony", rule)
    return continent


def _apply_contract(state: State, d: Decision, move: BuyContract) -> None:
    seat, other = move.player, d.opponent
    continent = _colony(state, other, move.continent, "R23")
    if state.money[seat] < CONTRACT_PRICE:  # cannot happen: checked before asking
        raise RuleError(f"{state.name(seat)} cannot pay 3 million for a colonial contract", "R23")
    state.money[seat] -= CONTRACT_PRICE
    state.money[other] += CONTRACT_PRICE
    _move_colony(state, other, seat, continent)


handler(CONTRACT_BUY, "buy one of the opponent's colonies for 3 million, or pass", "R23",
        _legal_contract, {BuyContract: _apply_contract, Pass: _pass})


def _legal_swap(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [*(interned(Swap, seat, give, take)
              for give in _held(state, seat) for take in _held(state, d.opponent)),
            interned(Pass, seat)]


def _apply_swap(state: State, d: Decision, move: Swap) -> None:
    seat, other = move.player, d.opponent
    give = _colony(state, seat, move.give, "R24")
    take = _colony(state, other, move.take, "R24")
    _move_colony(state, seat, other, give)
    _move_colony(state, other, seat, take)


def _move_colony(state: State, giver: int, taker: int, card: str) -> None:
    state.colonies[giver][card] -= 1
    if is_handle(card) and not state.colonies[giver][card]:
        del state.colonies[giver][card]
    state.colonies[taker][card] = state.colonies[taker].get(card, 0) + 1


handler(UNREST_SWAP, "swap one own colony for one of the opponent's, or pass", "R24",
        _legal_swap, {Swap: _apply_swap, Pass: _pass})


# --- Expansion -----------------------------------------------------------------


def _legal_expand(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    cards = [d.industry] if d.industry else state.industries[seat]
    return [*turn_moves(state, seat, cards), interned(Pass, seat)]


def _apply_expand(state: State, d: Decision, move: Turn) -> None:
    if d.industry is not None and move.industry != d.industry:
        raise RuleError(
            f"Expansion gives both turns to one industry: {state.name(move.player)}'s second "
            f"turn must be on the {d.industry.describe()}, written {d.industry}", "R25")
    new = check_turn(state, move.player, move.industry, move.action, "R25")
    do_turn(state, move.player, move.industry, new)
    if d.turns > 1:
        state.decision = Decision(EXPAND, move.player, card=EXPANSION, industry=new, turns=1)


handler(EXPAND, "make an Expansion industry turn or pass", "R25", _legal_expand,
        {Turn: _apply_expand, Pass: _pass})


# --- Unfair competition --------------------------------------------------------


def _legal_raise(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [interned(Raise, seat, c) for c in distinct(state.industries[seat]) if c.can_develop]


def _apply_raise(state: State, d: Decision, move: Raise) -> None:
    seat, card = move.player, move.industry
    new = check_turn(state, seat, card, "develop", "R27")
    state.replace_industry(seat, card, new)
    push(state, *[("unfair_lower", seat, card.kind, other) for other in state.opponents(seat)])


handler(RAISE, "raise one own industry (Unfair competition)", "R27", _legal_raise,
        {Raise: _apply_raise})


def _lowerable(state: State, other: int, kind: str) -> list[Industry]:
    return [c for c in distinct(state.industries[other]) if c.kind == kind and c.level > 1]


@step("unfair_lower")
def unfair_lower(state: State, frame: tuple) -> None:
    """R27: one of ``other``'s industries of ``kind`` loses a level, if one can."""
    _, seat, kind, other = frame
    if _lowerable(state, other, kind):
        state.decision = Decision(LOWER, seat, card=UNFAIR, target=other, sector=kind)


def _legal_lower(state: State, d: Decision) -> list[Move]:
    seat, owner, kind = d.seat, d.opponent, d.sector
    assert kind is not None   # (the industry kind the card lowers)
    return [interned(Lower, seat, owner, c) for c in _lowerable(state, owner, kind)]


def _apply_lower(state: State, d: Decision, move: Lower) -> None:
    owner, card, kind = move.owner, move.industry, d.sector
    assert kind is not None   # (the industry kind the card lowers)
    if owner != d.target:
        raise RuleError(
            f"Unfair competition now lowers one of {state.name(d.opponent)}'s "
            f"{INDUSTRY_SINGULAR[kind]} industries", "R27")
    require_owned(state, owner, card, "R27")
    if card.kind != kind or card.level <= 1:
        raise RuleError(
            f"Unfair competition lowers a {INDUSTRY_SINGULAR[kind]} industry above level 1, "
            f"not the {card.describe()}", "R27")
    state.replace_industry(owner, card, card._replace(level=card.level - 1))


handler(LOWER, "lower an opponent's industry (Unfair competition)", "R27", _legal_lower,
        {Lower: _apply_lower})


# --- Dumping --------------------------------------------------------------------


def _dumps(state: State, seat: int) -> list[Dump]:
    own = distinct(state.industries[seat])
    return [interned(Dump, seat, give, other, take)
            for give in own
            for other in state.opponents(seat)
            for take in distinct(state.industries[other])
            if abs(give.value - take.value) <= 1]


def _legal_dump(state: State, d: Decision) -> list[Move]:
    return list(_dumps(state, d.seat))


def _apply_dump(state: State, d: Decision, move: Dump) -> None:
    seat, other = move.player, move.owner
    require_owned(state, seat, move.give, "R28")
    require_opponent(state, seat, other, "R28")
    require_owned(state, other, move.take, "R28")
    if abs(move.give.value - move.take.value) > 1:
        raise RuleError(
            f"Dumping swaps industries whose values differ by at most 1: {move.give} is worth "
            f"{move.give.value} and {move.take} is worth {move.take.value}", "R28")
    state.remove_industry(seat, move.give)
    state.remove_industry(other, move.take)
    state.add_industry(seat, move.take)
    state.add_industry(other, move.give)


handler(DUMP, "swap one own industry for an opponent's (Dumping)", "R28", _legal_dump,
        {Dump: _apply_dump})


# --- Capital Increase -------------------------------------------------------------


def _legal_increase(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [CapitalIncrease(seat, c) for c in distinct(state.industries[seat])]


def _apply_increase(state: State, d: Decision, move: CapitalIncrease) -> None:
    require_owned(state, move.player, move.industry, "R29")
    card = move.industry
    state.replace_industry(move.player, card, card._replace(bonus=card.bonus + 1))


handler(CAPITAL_INCREASE, "put the Capital Increase note under one own industry", "R29",
        _legal_increase, {CapitalIncrease: _apply_increase})
