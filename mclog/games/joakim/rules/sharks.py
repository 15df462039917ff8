"""The Business Sharks variant (the rulebook's "Variant för avancerade affärshajar"): what
it adds to the basic game's rules (``engine.py``, imported here as ``basic``), which call
in here where the variant changes a step.  A record names it with
``[Variant "Business Sharks"]``; the readings are J21 to J30 (``docs/joakim/rules.md``).

- **Trades move the market.**  Buying or selling 4 to 7 properties at a property square
  moves its market value one step, 8 to 10 two steps (J21).
- **Trades between players** (``deal``), on the move of one of the two: at its start, on
  a property square, or at its end; or by a player selling to pay a debt (J22).
- **Loans** of 10, 25 or 50 million from a Joakim card (``borrow``), repaid with 12, 30
  or 60 on one's own move (``repay``); a player with a loan does not win (J23).
- **Affärstipskort**: three drawn at a Stock Exchange square by a player who holds none
  (no million there any more), **hidden** from the other players until played; one
  played a move, on one's own move (``tip``), and two of them out of turn (J24, J25).
  The pile's order is followed: the cards never drawn lie on top in an order nobody
  knows, and each card played goes under them in the order played.
- **The closed auction** (``lot``, ``bid``, ``raise``), **rumours** and DON'T BELIEVE
  ALL THE RUMOURS (``disbelieve``), the **Beagle Boys** (``tip Ann 21 on Ben``), interest,
  and YOU MAY INSPECT (``inspect``) (J26 to J28); a player leaving (J29); the variant
  without a component file (J30).

A seat's record writes another player's three cards as ``tips Ben ? ? ?``: the state keeps
how many cards each hand holds that the record does not name, and the set of cards whose
place it does not know; a card played from such a hand must be one of those.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mclog.engine import required
from mclog.errors import RuleError

from . import engine as basic   # (the basic game's helpers; it imports this module too,
#                                 and each uses the other's names only when called)
from .components import OUT_OF_TURN, TIPS, Card, Effect, given
from .moves import (INTEREST, KINDS, LOANS, REPAY, TIP_HAND, Bid, Borrow, Deal, Disbelieve,
                    Inspect, Lot, Pass, Raise, Repay, Tip, Tips)

if TYPE_CHECKING:   # (the types only: the engine imports this module)
    import random

    from mclog.engine import Watch

    from .engine import Player, State, Task

#: A trade at a property square of at least this many properties moves its market value
#: one step, and of the second two steps (the variant's "Buying and Selling Property").
ONE_STEP, TWO_STEPS = 4, 8
#: What each of the tied top bidders of a closed auction pays when still tied.
TIE_PENALTY = 2
#: Where a player plays a tip, repays a loan, trades with a player or inspects, on their
#: own move: before the die (``roll``), on a property square before or after its trade
#: (``trade``: "first lower the market value of aeroplane companies and then immediately
#: buy a number of them"), or once the square's business is done (``end``).
OWN_MOVE_AT = ("roll", "trade", "end")


@dataclass
class Sealed:
    """A closed auction under way: the card (its kind, and ``size``: a 1-card or a
    5-card), the bids shown (by seat), and the round (2: the tied bidders raising)."""

    kind: str
    size: int
    bids: dict[int, int] = field(default_factory=dict)
    round: int = 1

    def copy(self) -> "Sealed":
        return Sealed(self.kind, self.size, dict(self.bids), self.round)


# --- market values and the Stock Exchange --------------------------------------------------

def steps(count: int) -> int:
    """How far a trade of ``count`` properties at a property square moves the market
    value (J21).

    >>> [steps(n) for n in (1, 3, 4, 7, 8, 10)]
    [0, 0, 1, 1, 2, 2]
    """
    return 2 if count >= TWO_STEPS else 1 if count >= ONE_STEP else 0


def trade_moves_value(state: State, kind: str, count: int, up: bool) -> None:
    """The market value after a trade at a property square ("the change takes effect
    immediately AFTER the transaction"), kept within 1 to 25."""
    by = steps(count)
    if by:
        state.values[kind] = basic.clamp(state.values[kind] + (by if up else -by))


def at_exchange(state: State, seat: int) -> list:
    """A Stock Exchange square: no million; three Affärstipskort for a player who holds
    none, nothing for one who holds some (J24)."""
    return [] if state.players[seat].hand else [basic.Task("tips", seat)]


# --- the Affärstipskort ------------------------------------------------------------------

def draw_tips(state: State, task: Task, move: Tips, watch: Watch | None) -> None:
    """Three cards from the top of the pile: from the cards never drawn while there are
    some (any of those the record has not placed), then the ones played, in the order
    they went under."""
    names = state.names
    if move.player != task.player:
        raise RuleError(f"the Affärstipskort are {names[task.seat]}'s to draw, not "
                        f"{names[move.player]}'s", "J24")
    p = state.players[task.seat]
    named = [c for c in move.cards if c is not None]
    if len(set(named)) != len(named):
        raise RuleError("three Affärstipskort are three cards", "J24")
    fresh = min(state.tips_fresh, len(move.cards))   # (the first cards: never drawn)
    under = state.tips_under[:len(move.cards) - fresh]   # (then those played, in order)
    if fresh + len(under) < len(move.cards):
        raise RuleError("the pile of Affärstipskort is empty", "J24")
    watcher = state.table.seat
    if watcher not in (None, task.player) and any(move.cards[:fresh]):
        raise RuleError(f"the record is written from {names[watcher]}'s seat, and "
                        f"{names[watcher]} does not see {names[task.player]}'s "
                        f"Affärstipskort: write 'tips {names[task.player]} ? ? ?'", "J31")
    for i, card in enumerate(move.cards):   # (every card checked before any is taken)
        if card is not None and card not in _numbers(state):
            raise _no_such(state, card)
        if i < fresh and card is not None and card not in state.tips_unknown:
            raise RuleError(f"Affärstipskort {card} cannot be drawn now: "
                            f"{_where(state, card)}", "J24")
        if i >= fresh and card not in (None, under[i - fresh]):
            raise RuleError(f"the next Affärstipskort is number {under[i - fresh]}: the "
                            "cards played go under the pile in the order played, and every "
                            "other card has been drawn", "J24")
    for card in move.cards[:fresh]:
        if card is None:
            p.tips_unseen += 1
        else:
            state.tips_unknown.remove(card)
            p.tips.append(card)
    state.tips_fresh -= fresh
    p.tips += under
    del state.tips_under[:len(under)]
    state.tasks.pop(0)


def _numbers(state: State) -> range | dict:
    """The Affärstipskort's numbers: the component file's, or 1 to 31 where the record
    writes what each card does (J30)."""
    return state.board.tips or range(1, TIPS + 1)


def _no_such(state: State, card: int) -> RuleError:
    numbers = _numbers(state)
    return RuleError(f"there is no Affärstipskort {card} (they are numbered "
                     f"{min(numbers)} to {max(numbers)})", "Setup")


def _does(state: State, card: int, what: str) -> bool:
    """Whether Affärstipskort ``card``'s text does ``what`` (never, where the record
    writes what cards do: J30)."""
    text = state.board.tips.get(card)
    return text is not None and text.does(what)


def _where(state: State, card: int) -> str:
    for seat, p in enumerate(state.players):
        if card in p.tips:
            return f"{state.names[seat]} holds it"
        if card == p.beagle:
            return f"it lies before {state.names[seat]} (the Beagle Boys)"
    if card in state.tips_under:
        return "it was played, and lies under the cards not drawn yet"
    return "the record has placed it already"


def _take_tip(state: State, seat: int, card: int, beagle: bool = False) -> None:
    """``card`` out of ``seat``'s hand (one the record named there, or one of those it did
    not see), under the pile (a BEAGLE BOYS card lies before its victim first)."""
    p, names = state.players[seat], state.names
    if card not in _numbers(state):
        raise _no_such(state, card)
    if card in p.tips:
        p.tips.remove(card)
    elif p.tips_unseen and card in state.tips_unknown:
        p.tips_unseen -= 1
        state.tips_unknown.remove(card)
    else:
        held = "holds no Affärstipskort" if not p.hand else \
            f"does not hold Affärstipskort {card} ({_where(state, card)})"
        raise RuleError(f"{names[seat]} {held}", "J24")
    if not beagle:
        state.tips_under.append(card)


def play_tip(state: State, task: Task, move: Tip, watch: Watch | None) -> None:
    """An Affärstipskort played on its player's own move: at its start (before the die),
    on a property square before or after the trade, or at its end; one a move (J25).  Its
    effects come before the rest of the move."""
    names = state.names
    _own_move(state, task, move, "an Affärstipskort is played")
    if state.tip_played:
        raise RuleError(f"{names[move.player]} has played an Affärstipskort this move "
                        "already (\"only one in each move\")", "How You Play Out "
                        "Affärstipskort")
    card = state.board.tips.get(move.card)
    if card is not None and card.does(*OUT_OF_TURN):
        raise RuleError(f"Affärstipskort {move.card} ({card.title}) is played on another "
                        "player's move, as its text says", "J25")
    # (without the cards' texts, J30, a card placed before a player is the Beagle Boys)
    beagle = card.does("beagle") if card is not None else move.on is not None
    _beagle(state, move, beagle, card)
    _take_tip(state, move.player, move.card, beagle)
    if beagle:
        state.players[required(move.on, "the Beagle Boys placed before no one")].beagle = \
            move.card
    _begun(state, task)
    state.tip_played = True
    if card is None:   # (the card's effects follow it in the record, J30)
        if not beagle:
            state.tasks.insert(0, basic.Task("inline", move.player, deck="tips",
                                             amount=move.card))
        return
    state.tasks[0:0] = [basic.Task("effect", move.player, e, card, what=heading,
                                    deck="tips")
                        for heading, effects in (("all", card.all), ("you", card.you))
                        for e in effects if e.do != "beagle"]


def _beagle(state: State, move: Tip, beagle: bool, card: Card | None) -> None:
    """THE BEAGLE BOYS: the card is placed in front of another player (``on``), who
    misses their next move (the lucky crown does not help).  Checked here; placed once
    the card has left the hand."""
    names = state.names
    if not beagle:
        if move.on is not None:
            said = "?" if card is None else f"{card.number} ({card.title})"
            raise RuleError(f"Affärstipskort {said} is placed in "
                            "front of nobody: write it without 'on'", "J27")
        return
    if move.on is None or move.on == move.player or state.players[move.on].out or \
            state.players[move.on].beagle is not None:
        raise RuleError("the Beagle Boys are placed in front of another player in the "
                        "game, who has none before them yet: 'tip "
                        f"{names[move.player]} {move.card} on "
                        f"{names[(move.player + 1) % len(names)]}'", "J27")


def out_of_turn(state: State, move: Any) -> bool:
    """Whether ``move`` is one of the two Affärstipskort played on another player's move
    (FARBROR JOAKIM IS AWAY, A NEWLY BOUGHT PROPERTY TURNS OUT TO BE WORTHLESS): by its
    text, or, where the record writes what cards do (J30), by when it comes: another
    player's card while the mover stands at Farbror Joakim's, or right after a purchase."""
    if type(move) is not Tip or not state.table.sharks or move.player == state.turn:
        return False
    if not state.board.inline:
        card = state.board.tips.get(move.card)
        return card is not None and card.does(*OUT_OF_TURN)
    return move.on is None and (_away_now(state, move) or _worthless_now(state, move))


def _away_now(state: State, move: Any) -> bool:
    task = state.tasks[0] if state.tasks else None
    return task is not None and task.kind in ("joakim die", "joakim") and \
        task.player != move.player


def _worthless_now(state: State, move: Any) -> bool:
    just = state.just
    return just is not None and just[0] == "bought" and just[1] != move.player


def play_out_of_turn(state: State, move: Tip, watch: Watch | None) -> None:
    """FARBROR JOAKIM IS AWAY: played when another player's pawn stands on Farbror
    Joakim's square, before his card is drawn: no card.  A NEWLY BOUGHT PROPERTY TURNS
    OUT TO BE WORTHLESS: played right after another player bought properties from the
    bank: one of the cards just bought goes back to the bank, unpaid (J25)."""
    away = _does(state, move.card, "away") if not state.board.inline else \
        _away_now(state, move)
    if away:
        if not _away_now(state, move):
            raise RuleError("FARBROR JOAKIM IS AWAY is played when another player stands "
                            "on Farbror Joakim's square, before his card is drawn", "J25")
        _take_tip(state, move.player, move.card)
        state.tasks.pop(0)
    else:
        if not _worthless_now(state, move):
            raise RuleError("A NEWLY BOUGHT PROPERTY TURNS OUT TO BE WORTHLESS is played "
                            "right after another player bought properties", "J25")
        _take_tip(state, move.player, move.card)
        _, buyer, kind, ones, fives = required(state.just, "no purchase to answer")
        # (J9: "a property" is one 1-card; a 5-card where the purchase held no 1-card)
        basic._to_bank(state, buyer, kind, 1 if ones else 0, 0 if ones else 1)
        state.just = None


def _own_move(state: State, task: Task, move: Any, what: str) -> None:
    """A move made on the player's own move: at its start (the die not rolled), on a
    property square before or after the trade, or at its end (J25)."""
    if task.kind not in OWN_MOVE_AT or move.player != task.player or \
            not _mover(state, move.player):
        raise RuleError(f"{what} on the player's own move, at its start (before the die), "
                        "on a property square before or after the trade, or at its end",
                        "J25")


def _mover(state: State, seat: int) -> bool:
    return state.turn == seat


def _begun(state: State, task: Task) -> None:
    """Something done at the start of a move begins it: the lucky crown can no longer go
    before (J12: "before the next one rolls" is before this player does anything)."""
    if task.kind == "roll":
        state.fresh = False


# --- YOU MAY INSPECT and DON'T BELIEVE ALL THE RUMOURS (Joakim cards kept) -----------------

def keep(state: State, task: Task, watch: Watch | None) -> list:
    """A Joakim card "And keep the card": in front of its drawer until used."""
    state.players[task.seat].keeps.append(task.of_card.number)
    return []


def _kept_does(state: State, number: int, what: str) -> bool:
    """Whether the Joakim card ``number``, kept, does ``what`` (by its text, or as the
    record wrote it, J30)."""
    if state.board.inline:
        return state.inline_keeps.get(number) == what
    return state.board.joakim[number].does(what)


def _use_kept(state: State, seat: int, what: str, rule: str) -> None:
    """``seat`` uses a kept Joakim card that does ``what``: back under the Joakim pile."""
    p = state.players[seat]
    for number in p.keeps:
        if _kept_does(state, number, what):
            p.keeps.remove(number)
            state.joakim.append(number)
            return
    title = {"inspect": "YOU MAY INSPECT", "disbelieve": "DON'T BELIEVE ALL THE RUMOURS"}
    raise RuleError(f"{state.names[seat]} holds no {title[what]} card", rule)


def inspect(state: State, task: Task, move: Inspect, watch: Watch | None) -> None:
    """YOU MAY INSPECT: the player looks at another's Affärstipskort, on their own move.
    The cards seen are written (``?`` from a seat that did not see them); a card named
    from a hand the record did not see is placed there from then on (J28)."""
    names = state.names
    _own_move(state, task, move, "YOU MAY INSPECT is used")
    other = state.players[move.other]
    if move.other == move.player or other.out:
        raise RuleError("YOU MAY INSPECT looks at another player's Affärstipskort", "J28")
    seen = move.cards
    if len(seen) != other.hand:
        raise RuleError(f"{names[move.other]} holds {other.hand} Affärstipskort, not "
                        f"{len(seen)} (write - for no card: 'inspect {names[move.player]} "
                        f"{names[move.other]} 3 17 -')", "J28")
    named = [c for c in seen if c is not None]
    if len(set(named)) != len(named):
        raise RuleError("the cards seen are different cards", "J28")
    watcher = state.table.seat
    if named and watcher not in (None, move.player, move.other):
        raise RuleError(f"the record is written from {names[watcher]}'s seat, and "
                        f"{names[watcher]} does not see what {names[move.player]} saw in "
                        f"{names[move.other]}'s hand: write ? for each card", "J31")
    new = [c for c in named if c not in other.tips]   # (cards the record learns of)
    for card in new:
        if card not in state.tips_unknown or len(new) > other.tips_unseen:
            raise RuleError(f"{names[move.other]} does not hold Affärstipskort {card} "
                            f"({_where(state, card)})", "J28")
    _use_kept(state, move.player, "inspect", "J28")
    _begun(state, task)
    for card in new:
        other.tips_unseen -= 1
        state.tips_unknown.remove(card)
        other.tips.append(card)


def rumour(state: State, seat: int, e: Effect, kind: str, card: Card | None) -> list:
    """A RUMOUR IN THE BUSINESS WORLD about ``kind``: it waits for a DON'T BELIEVE ALL THE
    RUMOURS card where another player holds one, and is done at once otherwise."""
    if any(s != seat and not p.out and _holds(state, p, "disbelieve")
           for s, p in enumerate(state.players)):
        return [basic.Task("rumour", seat, e, card, what=kind)]
    believe(state, e, kind)
    return []


def believe(state: State, e: Effect, kind: str) -> None:
    """The rumour's market value moves (every kind's, for a rumour about ``all``)."""
    for k in (KINDS if kind == "all" else (kind,)):
        state.values[k] = basic.clamp(state.values[k] + given(e.by, "by"))


def _holds(state: State, p: Player, what: str) -> bool:
    return any(_kept_does(state, n, what) for n in p.keeps)


def disbelieve(state: State, task: Task, move: Disbelieve, watch: Watch | None) -> None:
    """DON'T BELIEVE ALL THE RUMOURS, played at once by another player: the rumour changes
    nothing, and both cards go under their piles (J26)."""
    if move.player == task.player:
        raise RuleError("DON'T BELIEVE ALL THE RUMOURS cancels another player's rumour",
                        "J26")
    _use_kept(state, move.player, "disbelieve", "J26")
    state.tasks.pop(0)


# --- loans ----------------------------------------------------------------------------------

def borrow(state: State, task: Task, move: Borrow, watch: Watch | None) -> None:
    take_loan(state, move, watch)
    state.tasks.pop(0)


def take_loan(state: State, move: Borrow, watch: Watch | None) -> None:
    """A loan card from the bank, and its money."""
    if move.amount not in LOANS:
        raise RuleError(f"a loan card is of {', '.join(map(str, LOANS))}, not "
                        f"{move.amount}", "Loans")
    if state.loans_left.get(move.amount, 0) < 1:
        left = [a for a in LOANS if state.loans_left.get(a)]
        raise RuleError(f"no loan card of {move.amount} is left in the bank (there are "
                        f"{', '.join(map(str, left)) or 'none'})", "Loans")
    state.loans_left[move.amount] -= 1
    state.players[move.player].loans.append(move.amount)
    basic._money(state, move.player, move.amount, f"loan {move.amount} taken", watch)


def repay(state: State, task: Task, move: Repay, watch: Watch | None) -> None:
    """A loan repaid, on the player's own move (at its start or end), in cash (J23)."""
    _own_move(state, task, move, "a loan is repaid")
    p = state.players[move.player]
    if move.amount not in p.loans:
        name = state.names[move.player]
        # (the sum paid back named for the loan: a loan of 25 is repaid with 30)
        meant = [a for a in sorted(set(p.loans)) if REPAY[a] == move.amount]
        named = f": the loan of {meant[0]} is repaid with {move.amount}, and named by its " \
                f"card, {meant[0]}" if meant else ""
        raise RuleError(f"{name} has no loan of {move.amount} ({name}'s loan cards: "
                        f"{', '.join(map(str, p.loans)) or 'none'}){named}", "Loans")
    due = REPAY[move.amount]
    if p.cash < due:
        raise RuleError(f"a loan of {move.amount} is repaid with {due}; "
                        f"{state.names[move.player]} has {p.cash}", "Loans")
    p.loans.remove(move.amount)
    state.loans_left[move.amount] += 1
    _begun(state, task)
    basic._money(state, move.player, -due, f"loan {move.amount} repaid", watch)


def interest(state: State, task: Task, watch: Watch | None) -> list:
    """FARBROR JOAKIM DEMANDS INTEREST: every player with a loan card pays 2, 5 or 10 on
    each (a debt where the cash is short)."""
    out: list = []
    for s in basic._clockwise(state, task.player):
        due = sum(INTEREST[a] for a in state.players[s].loans)
        basic._charge(state, s, due, None, "interest on loans", watch, out)
    return out


def owed(p: Player) -> int:
    """What a player's loans are repaid with."""
    return sum(REPAY[a] for a in p.loans)


# --- trades between players -----------------------------------------------------------------

def deal(state: State, task: Task, move: Deal, watch: Watch | None) -> None:
    """A trade between players at a price they agree (J22): on the mover's move, at its
    start or end, with the mover one of the two; or a player in debt selling to another
    player rather than to the bank.  Market values do not move."""
    names = state.names
    seller, buyer = state.players[move.player], state.players[move.other]
    if move.other == move.player or buyer.out:
        raise RuleError("a trade between players is between two players in the game",
                        "J22")
    if task.kind == "debt":
        if move.player != task.player:
            raise RuleError(f"{names[task.seat]} is selling to pay a debt: only they "
                            "sell now", "J22")
    elif task.kind not in OWN_MOVE_AT or state.turn not in (move.player, move.other) \
            or task.player != state.turn:
        raise RuleError("players trade on the move of the player whose turn it is, who is "
                        f"one of the two ({names[state.turn]} now), at its start, on a "
                        "property square, or at its end", "J22")
    ones, fives = basic._cards(move.count, move.fives, seller.ones[move.kind],
                                seller.fives[move.kind], names[move.player], move.kind)
    if buyer.cash < move.price:
        raise RuleError(f"{names[move.other]} has {buyer.cash}, not the {move.price} agreed",
                        "J22")
    basic._to_bank(state, move.player, move.kind, ones, fives)
    basic._from_bank(state, move.other, move.kind, ones, fives)
    basic._money(state, move.other, -move.price, f"traded {move.kind}", watch)
    basic._money(state, move.player, move.price, f"traded {move.kind}", watch)
    _begun(state, task)
    if task.kind == "debt":
        basic._settle(state, task, watch)


# --- the closed auction ---------------------------------------------------------------------

def sealed(state: State, task: Task, watch: Watch | None) -> list:
    """CLOSED AUCTION: its player chooses a card in the bank (``lot``), if there is one."""
    if any(state.bank_ones[k] or state.bank_fives[k] for k in KINDS):
        return [basic.Task("lot", task.player, task.effect, task.card)]
    return []


def lot(state: State, task: Task, move: Lot, watch: Watch | None) -> None:
    """The card auctioned, then a secret bid from each player who wants to (clockwise
    from the card's player; one who does not is left out of the record, J20), shown at
    once (J26)."""
    state.tasks[0:1] = bidding(state, move)


def bidding(state: State, move: Lot) -> list:
    """The closed auction of ``move``'s card begun: its bids to come."""
    if move.size not in (1, 5):
        raise RuleError("the closed auction is of one property card, a 1 or a 5", "J26")
    if not (state.bank_ones if move.size == 1 else state.bank_fives)[move.kind]:
        raise RuleError(f"the bank has no {move.kind} {move.size}-card", "J26")
    state.sealed = Sealed(move.kind, move.size)
    return [basic.Task("bid", s) for s in basic._clockwise(state, move.player)
            if state.players[s].cash > 0] + [basic.Task("sealed", move.player)]


def _under_way(state: State) -> Sealed:
    """The closed auction under way (a bid, its settling and its legal bids come only
    while one is)."""
    return required(state.sealed, "no closed auction is under way")


def bid(state: State, task: Task, move: Bid | Raise, watch: Watch | None) -> None:
    p = state.players[move.player]
    auction = _under_way(state)
    total = move.amount + auction.bids.get(move.player, 0)
    if move.amount < 1 or total > p.cash:
        raise RuleError(f"a bid is cash in hand: {state.names[move.player]} has {p.cash}, "
                        f"and bid {total}", "J26")
    auction.bids[move.player] = total
    state.tasks.pop(0)


def settle_sealed(state: State, task: Task, watch: Watch | None) -> list:
    """The bids shown: the highest gets the card and pays; a tie is bid again, the tied
    adding to what lies on the table; still tied, the card stays unsold and each of the
    tied pays 2 (the rulebook's CLOSED AUCTION)."""
    auction = _under_way(state)
    bids = {s: b for s, b in auction.bids.items() if not state.players[s].out}
    if not bids:
        state.sealed = None
        return []
    best = max(bids.values())
    tied = [s for s in basic._clockwise(state, task.player) if bids.get(s) == best]
    if len(tied) == 1:
        winner = tied[0]
        state.sealed = None
        basic._money(state, winner, -best, f"won the closed auction of {auction.kind}",
                      watch)
        basic._from_bank(state, winner, auction.kind, 1 if auction.size == 1 else 0,
                          1 if auction.size == 5 else 0)
        return []
    if auction.round == 1:
        auction.round = 2
        auction.bids = {s: bids[s] for s in tied}
        return [basic.Task("raise", s) for s in tied] + [basic.Task("sealed", task.player)]
    state.sealed = None
    out: list = []
    for s in tied:
        basic._charge(state, s, TIE_PENALTY, None, "tied at the closed auction", watch, out)
    return out


# --- the end of a move, and the table's turn -------------------------------------------------

def skip_beagled(state: State, seat: int) -> bool:
    """Whether ``seat`` misses this move (a BEAGLE BOYS card before them): "after which the
    card is placed at the bottom of the pile"."""
    p = state.players[seat]
    if p.beagle is None:
        return False
    state.tips_under.append(p.beagle)
    p.beagle = None
    return True


def leave(state: State, seat: int) -> None:
    """A player who leaves the game: the loan cards back to the bank, the Affärstipskort
    shuffled into the cards not drawn (J29), the kept Joakim cards under their pile."""
    p = state.players[seat]
    for amount in p.loans:
        state.loans_left[amount] += 1
    state.tips_fresh += p.hand
    state.tips_unknown.update(p.tips)
    state.joakim.extend(p.keeps)
    if p.beagle is not None:
        state.tips_under.append(p.beagle)
    p.loans, p.tips, p.tips_unseen, p.keeps, p.beagle = [], [], 0, [], None


def wins(p: Player, limit: int) -> bool:
    """Showing the limit wins only with every loan repaid (J23)."""
    return p.cash >= limit and not p.loans


# --- the legal answers (for bots and the recorder) -------------------------------------------

def legal_end(state: State, task: Task) -> list:
    seat = task.seat
    p = state.players[seat]
    out: list = [Pass(seat)]
    if not state.tip_played:
        for number in sorted(p.tips):
            if any(_does(state, number, what) for what in OUT_OF_TURN):
                continue
            if _does(state, number, "beagle"):
                out += [Tip(seat, number, o) for o in state.active()
                        if o != seat and state.players[o].beagle is None]
            else:
                out.append(Tip(seat, number))
    out += [Repay(seat, a) for a in sorted(set(p.loans)) if p.cash >= REPAY[a]]
    if _holds(state, p, "inspect"):
        for o in state.active():
            other = state.players[o]
            if o != seat and other.hand and not other.tips_unseen:
                cards = (*sorted(other.tips), 0, 0)[:TIP_HAND]
                out.append(Inspect(seat, o, *cards))
    return out


def legal_borrow(state: State, task: Task) -> list:
    return [Pass(task.seat), *(Borrow(task.seat, a) for a in LOANS
                               if state.loans_left.get(a))]


def legal_lot(state: State, task: Task) -> list:
    return [Lot(task.seat, k, size) for k in KINDS for size in (1, 5)
            if (state.bank_ones if size == 1 else state.bank_fives)[k]]


def legal_bid(state: State, task: Task) -> list:
    p = state.players[task.seat]
    already = _under_way(state).bids.get(task.seat, 0)
    move = Bid if task.kind == "bid" else Raise
    return [Pass(task.seat), *(move(task.seat, n) for n in range(1, p.cash - already + 1))]


def legal_rumour(state: State, task: Task) -> list:
    return [Pass(task.seat), *(Disbelieve(s) for s, p in enumerate(state.players)
                               if s != task.seat and not p.out and
                               _holds(state, p, "disbelieve"))]


def chance_tips(state: State, task: Task, rng: random.Random) -> Tips:
    """Three cards from the top: the cards never drawn, shuffled, then those played."""
    fresh = sorted(state.tips_unknown)
    rng.shuffle(fresh)
    under = list(state.tips_under)
    cards = [fresh.pop() if i < state.tips_fresh else under.pop(0)
             for i in range(TIP_HAND)]
    return Tips(task.seat, *cards)


def deal_unseen(state: State, rng: random.Random) -> None:
    """Every hand's unseen Affärstipskort named at random among the cards the record has
    not placed (each as likely as another), for a rollout: the rest are the pile's."""
    pool = sorted(state.tips_unknown)
    rng.shuffle(pool)
    for p in state.players:
        for _ in range(p.tips_unseen):
            card = pool.pop()
            p.tips.append(card)
            state.tips_unknown.remove(card)
        p.tips_unseen = 0


def describe(state: State, task: Task) -> str | None:
    names = state.names
    who = names[task.player] if task.player is not None else ""
    if task.kind == "tips":
        return f"{who} draws three Affärstipskort (? for cards you did not see)"
    if task.kind == "end":
        return (f"the end of {who}'s move: an Affärstipskort, a loan repaid, a trade "
                "with another player, or the next move")
    if task.kind == "borrow":
        return f"{who} borrows 10, 25 or 50, or passes"
    if task.kind == "lot":
        return f"{who} chooses the closed auction's card in the bank (a 1 or a 5)"
    if task.kind == "bid":
        return f"{who}'s closed bid (or none)"
    if task.kind == "raise":
        return f"{who} adds to their tied bid (or not)"
    if task.kind == "rumour":
        return (f"{who}'s rumour about {task.what}: believed, unless someone plays DON'T "
                "BELIEVE ALL THE RUMOURS")
    return None


__all__ = ["Sealed", "steps", "trade_moves_value", "at_exchange", "draw_tips", "play_tip",
           "out_of_turn", "play_out_of_turn", "keep", "inspect", "rumour", "believe",
           "disbelieve", "borrow", "repay", "interest", "owed", "deal", "sealed", "lot",
           "bid", "settle_sealed", "skip_beagled", "leave", "wins", "OWN_MOVE_AT",
           "legal_end", "legal_borrow", "legal_lot", "legal_bid", "legal_rumour",
           "chance_tips", "deal_unseen", "describe", "take_loan", "bidding"]
