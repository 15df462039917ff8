"""Disc IV, the Stock Exchange (R17) and its privilege, Hostile takeover (R18)."""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .board import STOCK
from .cards import DEPENDS_ON
from .common import distinct, require_opponent, require_owned
from .flow import handler, push, step
from .interning import interned
from .moves import Move, Pass, Takeover
from .state import Decision, State, ask

TAKEOVER: Final = "takeover"


def pawn_earnings(state: State, sector: str) -> int:
    """R17: what one pawn in ``sector`` is worth now: price(A) - price(B)."""
    return state.prices[sector] - state.prices[DEPENDS_ON[sector]]


@step("disc IV")
def stock_exchange(state: State, frame: tuple) -> None:
    """R17: each player's pawns are settled together; a shortfall is forgiven."""
    totals: dict[int, int] = {}
    for seat, sector in state.pawns[STOCK]:
        assert sector is not None   # (a pawn on the Stock Exchange stands on a sector)
        totals[seat] = totals.get(seat, 0) + pawn_earnings(state, sector)
    for seat, amount in totals.items():
        state.money[seat] = max(0, state.money[seat] + amount)
    push(state, ("takeover",))


def _targets(state: State, seat: int) -> list[Takeover]:
    money = state.money[seat]
    return [interned(Takeover, seat, other, card)
            for other in state.opponents(seat)
            for card in distinct(state.industries[other])
            if 3 * card.value <= money]


@step("takeover")
def takeover(state: State, frame: tuple) -> None:
    holder = state.privilege_holder(STOCK)
    state.privileges[STOCK] = holder
    if holder is not None and _targets(state, holder):
        state.decision = ask(TAKEOVER, holder, disc=STOCK)


def _legal(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [*_targets(state, seat), interned(Pass, seat)]


def _apply_takeover(state: State, d: Decision, move: Takeover) -> None:
    seat, owner, card = move.player, move.owner, move.industry
    require_opponent(state, seat, owner, "R18")
    require_owned(state, owner, card, "R18")
    price = 3 * card.value
    if state.money[seat] < price:
        raise RuleError(
            f"{state.name(seat)} cannot take over {state.name(owner)}'s {card.describe()}: "
            f"it costs 3 x {card.value} = {price} million and {state.name(seat)} has "
            f"{state.money[seat]}", "R18")
    state.money[seat] -= price
    state.money[owner] += price
    state.remove_industry(owner, card)
    state.add_industry(seat, card)


def _apply_pass(state: State, d: Decision, move: Pass) -> None:
    pass


handler(TAKEOVER, "use the Hostile takeover privilege or pass", "R18", _legal,
        {Takeover: _apply_takeover, Pass: _apply_pass})
