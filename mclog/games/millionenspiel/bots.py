"""Bots for Millionenspiel: a bot answers its own seat's questions (``bet``, ``refuse``,
``buy``); chance is the simulator's.

``RandomBot`` is the shared one (``mclog.simulate``): any legal answer, uniformly (so a
bet of any amount up to all its money).  ``ChanceBot`` bets by the odds: with a
track it knows, it works out, for the throw ahead, the chance of each colour (two dice,
doubles rolled again), and bets a part of its money that grows with the expected gain of
a unit bet (the Kelly idea, capped); without a track it bets a small fixed part.

>>> from .rules.track import ILLUSTRATIVE
>>> odds = colour_odds(ILLUSTRATIVE, 0)
>>> round(sum(odds.values()), 6), max(odds, key=odds.get) in ("blue", "beige")
(1.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from mclog.simulate import Bot as SharedBot
from mclog.simulate import RandomBot

from .rules.flow import next_pension
from .rules.moves import Accept, Bet, BuyPension, Refuse
from .rules.state import ACCEPT, MILLION, PENSION_PRICE, State
from .rules.track import WINS


class Bot(SharedBot):
    """A player of Millionenspiel, on the shared contract (``choose(state, moves)``): a
    bettor first buys the pension card ``buy`` wants, then bets what ``bet`` says; the
    roller refuses a first throw when ``refuse`` says so."""

    name = "bot"

    def choose(self, state: State, moves: Sequence) -> Any:
        d = state.decision
        assert d is not None and d.actor is not None   # (a player's question)
        seat = d.actor
        if d.kind == ACCEPT:
            return Refuse(seat) if self.refuse(state, seat) else Accept(seat)
        value = self.buy(state, seat)
        if value is not None and BuyPension(seat, value) in moves:
            return BuyPension(seat, value)
        return Bet(seat, self.bet(state, seat))

    def bet(self, state: State, seat: int) -> int:
        raise NotImplementedError

    def refuse(self, state: State, seat: int) -> bool:
        return False

    def buy(self, state: State, seat: int) -> int | None:
        """The next pension card, once the money is ten times its price."""
        wanted = next_pension(state, seat)
        if wanted is None:
            return None
        return wanted if state.money[seat] >= 10 * PENSION_PRICE[wanted] else None


class ChanceBot(Bot):
    """Bets by the odds of the track (see the module text)."""

    name = "chance"

    def bet(self, state: State, seat: int) -> int:
        money = state.money[seat]
        if state.track is None or state.position is None:
            return money // 10
        odds = colour_odds(state.track, state.position)
        gain = sum(odds.get(c, 0) * f for c, f in WINS.items()) - odds.get("beige", 0)
        risk_green = odds.get("green", 0)
        if gain <= 0:
            return 0
        # Kelly for a bet that wins ``gain`` on average; a green lands on money not bet,
        # so a bot facing a likely green bets more (what it bets is safe from green).
        part = min(0.5, gain / 10 + risk_green)
        goal = MILLION - money  # no need to bet more than the million asks
        return max(0, min(money, int(money * part), goal))

    def refuse(self, state: State, seat: int) -> bool:
        """Refuses a first throw that lands on beige or black (when the track is known)."""
        if state.track is None or state.position is None or not state.throws:
            return False
        spaces = state.throws[0].spaces
        if spaces is None or state.throws[0].double:
            return False
        colour = state.track[(state.position + spaces) % len(state.track)]
        return colour in ("beige", "black") or (colour == "green" and state.bet(seat) == 0)


#: How many doubles in a row the odds follow (a fifth double is counted as the throw
#: that moves the pawn: it comes once in 60 million throws).
DOUBLES_FOLLOWED = 4


def _totals() -> dict[int, int]:
    """Each total the pawn may move in one turn (doubles rolled again), with the number
    of ways it comes out of ``36 ** (DOUBLES_FOLLOWED + 1)``: a turn ending after ``d``
    doubles is one way in ``36 ** (d + 1)``.  Integers, so that each colour's chance is
    one correctly rounded division."""
    ways: dict[int, int] = {}

    def walk(spaces: int, weight: int, depth: int) -> None:
        for a in range(1, 7):
            for b in range(1, 7):
                total = spaces + a + b
                if a == b and depth < DOUBLES_FOLLOWED:
                    walk(total, weight // 36, depth + 1)
                else:
                    ways[total] = ways.get(total, 0) + weight

    walk(0, 36 ** DOUBLES_FOLLOWED, 0)
    return ways


#: The turn's totals and their ways, worked out once: they do not depend on the board.
_TOTALS = _totals()
_ALL_WAYS = 36 ** (DOUBLES_FOLLOWED + 1)


@lru_cache(maxsize=256)
def colour_odds(track: tuple[str, ...], position: int) -> dict[str, float]:
    """The chance of each colour at the end of the next throw from ``position`` (doubles
    rolled again, as often as they come; at most four in a row counted).  A review's
    rollouts each play on a board of their own (M20), so this is asked of many boards:
    the totals are counted once (``_TOTALS``), and a board only says each one's colour."""
    ways: dict[str, int] = {}
    length = len(track)
    for total, count in _TOTALS.items():
        colour = track[(position + total) % length]
        ways[colour] = ways.get(colour, 0) + count
    return {colour: count / _ALL_WAYS for colour, count in ways.items()}


BOTS = {"random": RandomBot, "chance": ChanceBot}

