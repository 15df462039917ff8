"""The rules' procedure: ``play(state, move)`` changes the state in place, or raises
``RuleError`` naming the rule (M1..M18, docs/millionenspiel/rules.md) in a player's words
and leaves the state as it was.

>>> s = new_game(["Ann", "Ben"])
>>> for move in (StartPlayer(0), Bet(1, 3), Bet(0, 5), Throw((4, 3)), Accept(0),
...              Land("yellow")):
...     play(s, move)
>>> s.money, s.roller
([55, 35], 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mclog.engine import Watch, seat_name
from mclog.errors import RuleError

from .moves import Accept, Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw
from .state import (
    ACCEPT, BET, DIE, LAND, MILLION, PENSION_CARDS, PENSION_PRICE, PENSIONS, START, THROW,
    Decision, State, new_game,
)
from .track import COLOURS, WINS, landing

#: How many may play with the box's pension cards (M1), and with more cards, a house rule
#: the record names (``[PensionCards "8"]``: eight of each value).
PLAYERS = range(2, PENSION_CARDS + 1)
HOUSE_PLAYERS = range(2, 11)


def check_players(names: tuple[str, ...], pension_cards: int = PENSION_CARDS) -> None:
    """M1: every player starts with a pension card of 5, so there are as many players as
    cards at most: the box's five make 2 to 5; a table of up to ten states its house
    rule's supply."""
    n = len(names)
    if n not in HOUSE_PLAYERS:
        raise RuleError(f"Millionenspiel is played here by {HOUSE_PLAYERS.start} to "
                        f"{HOUSE_PLAYERS.stop - 1} players, not {n}", "M1")
    if n > pension_cards:
        if pension_cards == PENSION_CARDS:
            raise RuleError(f"the box holds five pension cards of each value, so "
                            f"Millionenspiel is for 2 to 5 players, not {n}: a table of {n} "
                            f'plays a house rule with more cards ([PensionCards "{n}"])', "M1")
        raise RuleError(f"every player starts with a pension card of 5: {n} players need "
                        f"{n} of them, not {pension_cards}", "M1")


def describe_decision(state: State) -> str:
    """The next question in words."""
    d = state.decision
    if d is None:
        return "the game is over"
    who = state.names[d.actor] if d.actor is not None else None
    roller = state.names[state.rolling] if state.roller is not None else "?"
    return {
        START: "chance: the roll-off's winner, who rolls first",
        BET: f"{who} bets (or passes)",
        THROW: f"chance: {roller} throws the dice",
        ACCEPT: f"{who} keeps or refuses the first throw",
        LAND: "chance: where the pawn lands",
        DIE: f"chance: {roller} throws one die for the black space",
    }[d.kind]


def play(state: State, move: object, watch: Watch | None = None) -> None:
    """Play ``move`` on ``state`` (in place).  ``watch`` (a ``mclog.engine.Watch``) hears
    every change of money with its cause, as the rules make it (``money_moved``)."""
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise RuleError(f"{move!r} is not a move of Millionenspiel", "M8")
    handler(state, move, watch)


def apply(state: State, move: object) -> State:
    """The state after ``move`` (``state`` is left as it was)."""
    after = state.copy()
    play(after, move)
    return after


def _expect(state: State, kind: str, what: str) -> None:
    d = state.decision
    if d is None:
        raise RuleError(f"the game is over: {what} comes too late", "M16")
    if d.kind != kind:
        raise RuleError(f"{what} is out of turn: next is {describe_decision(state)}",
                        _RULE_OF[d.kind])


_RULE_OF = {START: "M3", BET: "M4", THROW: "M5", ACCEPT: "M6", LAND: "M8", DIE: "M9"}


def _start(state: State, move: StartPlayer, watch: Watch | None = None) -> None:
    _expect(state, START, "the start player")
    _seat(state, move.player)
    state.roller = move.player
    _begin_throw(state)


def _begin_throw(state: State) -> None:
    """Bets from the roller's left, clockwise, the roller last; a player with no money has
    nothing to bet and is not asked (M4)."""
    n = state.players
    state.throw += 1
    state.bets = {}
    order = [(state.rolling + i) % n for i in range(1, n + 1)]
    state.to_bet = [seat for seat in order if state.money[seat] > 0]
    state.throws = []
    state.refused = False
    _next_bettor(state)


def _next_bettor(state: State) -> None:
    state.decision = Decision(BET, state.to_bet[0]) if state.to_bet else Decision(THROW)


def _bet(state: State, move: Bet, watch: Watch | None = None) -> None:
    _seat(state, move.player)
    name = state.names[move.player]
    d = state.decision
    if d is not None and state.money[move.player] == 0 and d.kind in (BET, THROW):
        raise RuleError(f"{name} has no money and is not asked to bet", "M4")
    if d is not None and d.kind == BET and d.actor != move.player:
        if move.player in state.bets:
            raise RuleError(f"{name} has bet already on this throw", "M4")
        bettor = "nobody" if d.actor is None else state.names[d.actor]
        raise RuleError(f"it is {bettor}'s turn to bet, not {name}'s: bets go clockwise "
                        "from the roller's left, the roller last", "M4")
    _expect(state, BET, f"{name}'s bet")
    if move.amount < 0:
        raise RuleError(f"{name} cannot bet a negative amount", "M4")
    if move.amount > state.money[move.player]:
        raise RuleError(f"{name} cannot bet {move.amount}: {name} has "
                        f"{state.money[move.player]}", "M4")
    state.bets[move.player] = move.amount
    state.to_bet.pop(0)
    _next_bettor(state)


def _throw(state: State, move: Throw, watch: Watch | None = None) -> None:
    _expect(state, THROW, "a throw of the dice")
    for die in move.dice:
        if die is not None and not 1 <= die <= 6:
            raise RuleError(f"a die shows 1 to 6, not {die}", "M5")
    state.throws.append(move)
    if len(state.throws) == 1 and not state.refused:
        state.decision = Decision(ACCEPT, state.roller)
    else:
        _after_kept_throw(state)


def _after_kept_throw(state: State) -> None:
    """A double must be rolled again (M7); otherwise the pawn moves.  An unseen die
    leaves it open: the next item (another throw, or the landing) tells (M18)."""
    last = state.throws[-1]
    state.decision = Decision(THROW) if last.double else Decision(LAND)


def _accept(state: State, move: Accept, watch: Watch | None = None) -> None:
    _expect(state, ACCEPT, "keeping the throw")
    _is_roller(state, move.player)
    _after_kept_throw(state)


def _refuse(state: State, move: Refuse, watch: Watch | None = None) -> None:
    d = state.decision
    if d is not None and d.kind in (THROW, LAND) and state.refused:
        raise RuleError(f"{state.names[state.rolling]} has refused a throw already: only the "
                        "first throw of a turn may be refused", "M6")
    if d is not None and d.kind in (THROW, LAND) and state.throws:
        raise RuleError("only the first throw may be refused; this one was kept", "M6")
    _expect(state, ACCEPT, "refusing the throw")
    _is_roller(state, move.player)
    state.refused = True
    state.throws = []
    state.decision = Decision(THROW)


def _throw_after_unseen(state: State) -> bool:
    """Whether a throw now follows a throw with an unseen die (it was a double, M18)."""
    d = state.decision
    return d is not None and d.kind == LAND and state.throws[-1].double is None


def _land(state: State, move: Land, watch: Watch | None = None) -> None:
    d = state.decision
    if d is not None and d.kind == THROW and state.throws and state.throws[-1].double:
        dice = " ".join(map(str, state.throws[-1].dice))
        raise RuleError(f"{state.names[state.rolling]} rolled a double ({dice}): a double is "
                        "rolled again, and the throws add up", "M7")
    _expect(state, LAND, "where the pawn lands")
    if move.colour not in COLOURS:
        raise RuleError(f"{move.colour!r} is not a colour of the board", "M8")
    spaces = _spaces(state)
    if state.track is not None and state.position is not None and spaces is not None:
        new, colour, passed = landing(state.track, state.position, spaces)
        if colour != move.colour:
            raise RuleError(f"{spaces} spaces from space {state.position} the track puts the "
                            f"pawn on {colour} (space {new}), not on {move.colour}", "M12")
        if passed != move.past_arrow:
            said = ("does not reach" if not passed else "passes" if passed == 1 else
                    f"passes {_times(passed)}")
            write = ("" if not passed else ": write 'past arrow'" if passed == 1 else
                     f": write 'past arrow {_times(passed)}'")
            raise RuleError(f"{spaces} spaces from space {state.position} the pawn {said} the "
                            f"arrow on this track{write}", "M12")
        state.position = new
    else:
        state.position = None
        if state.track is None:   # (what the record shows of the board: M20)
            state.landings.append((tuple(t.dice for t in state.throws), move.colour,
                                   move.past_arrow))
    for time in range(move.past_arrow):  # each time it reaches or passes it (M14)
        _pay_pensions(state, "the pawn passed the arrow" + (
            f" ({_times(time + 1, ordinal=True)} time)" if move.past_arrow > 1 else ""), watch)
    n = state.players
    bets = [state.bet(seat) for seat in range(n)]
    if move.colour in WINS:
        factor = WINS[move.colour]
        _change(state, f"{move.colour}: every bet wins {factor}x", [factor * b for b in bets],
                watch)
    elif move.colour == "beige":
        _change(state, "beige: every bet is lost", [-b for b in bets], watch)
    elif move.colour == "green":
        _change(state, "green: all money not bet is lost",
                [-(state.money[s] - bets[s]) for s in range(n)], watch)
    else:
        state.decision = Decision(DIE, None)
        return
    _end_throw(state, watch)


def _times(n: int, ordinal: bool = False) -> str:
    """``twice``, ``3 times``; or ``second``, ``3rd``."""
    if ordinal:
        return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _spaces(state: State) -> int | None:
    total = 0
    for throw in state.throws:
        if throw.spaces is None:
            return None
        total += throw.spaces
    return total


def _die(state: State, move: Die, watch: Watch | None = None) -> None:
    _expect(state, DIE, "the black space's die")
    if not 1 <= move.value <= 6:
        raise RuleError(f"a die shows 1 to 6, not {move.value}", "M9")
    n, roller = state.players, state.rolling
    bets = [state.bet(seat) for seat in range(n)]
    deltas = [0] * n
    if move.value == 1:
        deltas[roller] = -state.money[roller]
        cause = "black, 1: the roller loses all their money"
    elif move.value == 2:
        deltas[roller] = 1_000
        cause = "black, 2: the roller wins 1,000"
    elif move.value == 3:
        deltas[roller] = -bets[roller]
        cause = "black, 3: the roller loses their bet"
    elif move.value == 4:
        for seat in range(n):
            if seat != roller:
                deltas[seat] = -bets[seat]
        deltas[roller] = -sum(deltas)
        cause = "black, 4: the roller wins the others' bets"
    elif move.value == 5:
        deltas[roller] = -(state.money[roller] - bets[roller])
        cause = "black, 5: the roller loses all money not bet"
    else:
        for seat in range(n):
            if seat != roller:
                deltas[seat] = -(state.money[seat] - bets[seat])
        deltas[roller] = -sum(deltas)
        cause = "black, 6: the roller wins the money the others did not bet"
    _change(state, cause, deltas, watch)
    _end_throw(state, watch)


def _end_throw(state: State, watch: Watch | None = None) -> None:
    """After the payouts: everyone broke (M13), the end (M16), or the next roller (M5)."""
    n = state.players
    if not any(state.money):
        if state.track is not None:
            state.position = 0
        _pay_pensions(state, "everyone was broke: the pawn to the arrow", watch)
    rich = [seat for seat in range(n) if state.money[seat] >= MILLION]
    if rich:
        order = [(state.rolling + i) % n for i in range(1, n + 1)]
        best = max(state.money[seat] for seat in rich)
        state.winner = next(seat for seat in order if state.money[seat] == best)
        state.decision = None
        return
    state.roller = (state.rolling + 1) % n
    _begin_throw(state)


def _pay_pensions(state: State, cause: str, watch: Watch | None = None) -> None:
    _change(state, f"pensions: {cause}", list(state.pension), watch)


def _change(state: State, cause: str, deltas: list[int], watch: Watch | None = None) -> None:
    """Each seat's money changed by its delta, for ``cause`` (told to ``watch``)."""
    for seat, delta in enumerate(deltas):
        state.money[seat] += delta
        if delta and watch is not None:
            watch.money_moved(seat, delta, cause)


def next_pension(state: State, seat: int) -> int | None:
    """The pension card ``seat`` may buy next: they are bought in sequence (M15); None once
    the player holds the last."""
    have = state.pension[seat]
    return PENSIONS[PENSIONS.index(have) + 1] if have != PENSIONS[-1] else None


def pension_refused(state: State, move: BuyPension) -> RuleError | None:
    """Why the rules refuse ``move`` now (M15, M16), or None if they allow it: what
    ``play`` raises, and what the legal moves are listed by."""
    _seat(state, move.player)
    name = state.names[move.player]
    if state.decision is None:
        return RuleError(f"the game is over: {name} can no longer buy a pension card", "M16")
    if state.decision.kind not in (BET, THROW) or state.throws:
        return RuleError(f"{name} can buy a pension card only before the dice are thrown "
                         "(\"You must buy a pension card before the pawn passes the arrow\")",
                         "M15")
    if move.value not in PENSION_PRICE:
        return RuleError(f"pension cards are bought for 50 or 500, not {move.value}", "M15")
    have, wanted = state.pension[move.player], next_pension(state, move.player)
    if move.value != wanted:
        return RuleError(f"{name} holds the pension card of {have}: cards are bought in "
                         + (f"sequence, so the next is {wanted}" if wanted else
                            "sequence, and 500 is the last"), "M15")
    price = PENSION_PRICE[move.value]
    free = state.money[move.player] - state.bet(move.player)  # a bet lies on the board
    if free < price:
        has = f"{name} has {state.money[move.player]:,}" + (
            f", of which {state.bet(move.player):,} is bet" if state.bet(move.player) else "")
        return RuleError(f"{name} cannot pay {price:,} for the pension card of "
                         f"{move.value}: {has}", "M15")
    held = sum(1 for card in state.pension if card == move.value)
    if held >= state.pension_cards:
        return RuleError(f"every pension card of {move.value} is held already (there are "
                         f"{state.pension_cards})", "M15")
    return None


def _buy_pension(state: State, move: BuyPension, watch: Watch | None = None) -> None:
    refused = pension_refused(state, move)
    if refused is not None:
        raise refused
    name, price = state.names[move.player], PENSION_PRICE[move.value]
    state.pension[move.player] = move.value
    deltas = [0] * state.players
    deltas[move.player] = -price
    _change(state, f"{name} buys the pension card of {move.value}", deltas, watch)
    if state.money[move.player] == 0 and move.player in state.to_bet:
        state.to_bet.remove(move.player)
        _next_bettor(state)


def _seat(state: State, seat: int | None) -> None:
    seat_name(state.names, seat, "M1")


def _is_roller(state: State, seat: int | None) -> None:
    _seat(state, seat)
    assert seat is not None   # (_seat refuses anything but a seat)
    if seat != state.roller:
        raise RuleError(f"{state.names[seat]} is not rolling: {state.names[state.rolling]} "
                        "is", "M5")


def _throw_or_double(state: State, move: Throw, watch: Watch | None = None) -> None:
    """A throw: the expected one, or one after a throw with an unseen die, which shows
    that throw was a double (M18)."""
    if _throw_after_unseen(state):
        state.decision = Decision(THROW)
    _throw(state, move, watch)


#: (Each handler takes the move of its type: a dispatch by type, Any to the checker.)
_HANDLERS: dict[type, Callable[[State, Any, Watch | None], None]] = {
    StartPlayer: _start, Bet: _bet, Throw: _throw_or_double, Accept: _accept,
    Refuse: _refuse, Land: _land, Die: _die, BuyPension: _buy_pension,
}

__all__ = ["play", "apply", "describe_decision", "new_game", "PLAYERS", "check_players",
           "next_pension", "pension_refused"]
