"""Cartel's bots beyond the shared random one: ``profit`` and ``thrifty``.

A company bought at its value leaves a Cartel's worth where it was (the money becomes a
company of the same printed value), and then earns its new profits every year that is
left.  So the bot values a company by those profits (its own, the Bonus Profits with the
bot's neighbouring companies and the Special Profits it completes) times the years left,
and:

- buys or offers the company worth most to it that it can pay for without the penalty
  (with a hunch: each valuation is scaled by a random 0.7 to 1.3), and half the time
  passes instead when that company would not earn its value back;
- bids the value plus up to half of what the company is worth to it, within what it can
  pay (X when it cannot pay the value);
- pays in cash where it can, takes a bond early in the game rather than sell stock (the
  rulebook's strategy tips: "Save as much Stock as possible", "Use Bonds early");
- discards what is worth least to it; under the Advanced rules, buries a discard that
  would earn an opponent twice its value, borrows when passing short of cash early on,
  and buys a stock block back when it has 20 to spare.
"""

from __future__ import annotations

from mclog.simulate import Bot

from .rules.moves import Bid, Bury, Buy, Discard, Keep, Offer, Pass, Pay, Repurchase
from .rules.engine import YEARS, State, can_raise


def gain(state: State, seat: int, word: str) -> int:
    """The new profits ``word`` would bring ``seat`` now (without a bond)."""
    board = state.board
    return board.companies[word].profit + sum(board.joining(word,
                                                           state.cartels[seat].companies))


def worth_to(state: State, seat: int, word: str) -> int:
    """What ``word`` would earn ``seat`` over the years left."""
    return gain(state, seat, word) * (YEARS - state.year + 1)


class ProfitBot(Bot):
    name = "profit"

    def choose(self, state: State, moves):
        first = moves[0]
        seat = first.player
        if isinstance(first, (Buy, Offer, Pass)):
            return self._turn(state, seat, moves)
        if isinstance(first, Bid):
            return self._bid(state, seat, moves)
        if isinstance(first, Pay):
            return min(moves, key=lambda m: self._cost(state, m))
        if isinstance(first, Discard):
            return self._discard(state, seat, moves)
        if isinstance(first, (Repurchase, Keep)):
            cartel = state.cartels[seat]
            buy_back = cartel.money >= cartel.price + 20
            return next(m for m in moves if isinstance(m, Repurchase if buy_back else Keep))
        return moves[0]

    @staticmethod
    def _discard(state: State, seat: int, moves):
        """The card worth least to the bot; buried (where the table plays Defensive
        Discarding) if it would earn an opponent twice its value."""
        def threat(word: str) -> int:
            return max((worth_to(state, s, word) for s in range(len(state.names))
                        if s != seat and not state.cartels[s].out), default=0)

        buries = {m.company: m for m in moves if isinstance(m, Bury)}
        for m in moves:
            if m.company in buries and threat(m.company) >= 2 * \
                    state.board.companies[m.company].value:
                return buries[m.company]
        return min((m for m in moves if isinstance(m, Discard)),
                   key=lambda m: (worth_to(state, seat, m.company), m.company))

    def _turn(self, state: State, seat: int, moves):
        board = state.board
        options = [m for m in moves if isinstance(m, (Buy, Offer))
                   and can_raise(state, seat, m.company) >= board.companies[m.company].value]
        plain = [m for m in moves if isinstance(m, Pass) and m.borrow is None]
        # (a hunch on top of the sums: the same table never plays the same game twice)
        hunch = {m: worth_to(state, seat, m.company) * (0.7 + 0.6 * self.rng.random())
                 for m in options}
        best = max(options, key=lambda m: (hunch[m], isinstance(m, Buy), m.company),
                   default=None)
        if best is None or (plain and hunch[best] < board.companies[best.company].value
                            and self.rng.random() < 0.5):
            cartel = state.cartels[seat]
            borrow = [m for m in moves if isinstance(m, Pass) and m.borrow
                      and cartel.money < 25 and state.year <= YEARS // 2]
            return borrow[-1] if borrow else plain[0] if plain else best or moves[0]
        return best

    def _bid(self, state: State, seat: int, moves):
        word = state.open_auction.company
        value = state.board.companies[word].value
        amounts = [m for m in moves if m.amount is not None]
        most = min(can_raise(state, seat, word), value + worth_to(state, seat, word) // 2)
        fitting = [m for m in amounts if m.amount <= most]
        if fitting:
            return fitting[-1] if fitting[-1].amount <= value + 1 else \
                fitting[self.rng.randrange(len(fitting) // 2, len(fitting))]
        no_bid = [m for m in moves if m.amount is None]
        return no_bid[0] if no_bid else amounts[0]

    def _cost(self, state: State, pay: Pay) -> tuple:
        early = state.year <= YEARS // 2
        stock = pay.stock or 0
        bond = bool(pay.bond)
        return (stock, bond != early, pay.cash or 0)


class ThriftyBot(ProfitBot):
    """The profit bot that takes a bond only when it cannot pay otherwise (sells stock
    first): the other side of the question "do bonds pay?"."""

    name = "thrifty"

    def _cost(self, state: State, pay: Pay) -> tuple:
        return (bool(pay.bond), pay.stock or 0, pay.cash or 0)


__all__ = ["ProfitBot", "ThriftyBot", "gain", "worth_to"]
