"""The rules of Cartel (``../shared/rules/cartel.en.txt``), behind the engine interface
(``mclog.engine``).

Errors name the rulebook's section (``Paying``, ``Limitations``) or one of mclog's
readings of a point the rulebook leaves open (``C1``..; ``docs/cartel/rules.md``).

What a seat cannot see is ``None``: another player's draw.  Such a card is an *unknown
slot* in that player's hand; it becomes known when it is bought or discarded.  The state
keeps the set of companies whose place the record does not know (``unseen``: the pile
and every unknown slot) and checks, at every reveal and every card seen drawn, that some
deal still fits the record.  The Private Offerings are dealt from the $10 and $20
million companies only (the rulebook's setup), so a slot dealt then holds a cheap
company: a deal fits exactly while the cheap unseen companies are at least as many as
those slots (the only constraint the slots have; every other slot may hold any unseen
company).  No search is needed.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mclog.engine import Decision, Watch, by_fields, fresh_copy, required, seat_name
from mclog.errors import RuleError

from .components import Components
from .moves import (NO_CARD, Bid, Bury, Buy, Discard, Draw, Dummy, EndYear, Keep, Offer,
                    Pass, Pay, Pool, Repurchase, Start, Trade)

YEARS = 10
HAND = 3
#: The Advanced Cartel rules, by the word a record's ``Advanced`` tag uses.
ADVANCED = {"repurchase": "Stock Repurchase", "raising": "Raising Cash",
            "defensive": "Defensive Discarding", "trading": "Trading Company Cards"}


@dataclass(frozen=True)
class Table:
    """What a game's setup needs: the players (clockwise), the Treasurer's seat, the
    components and the Advanced rules in effect."""

    names: tuple[str, ...]
    treasurer: int
    board: Components
    advanced: frozenset[str] = frozenset()
    #: The seat the record is written from (its ``Seat`` tag), if it says.
    seat: int | None = None

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


@dataclass
class Sheet:
    """One line of a player's Financial Report Sheet: a company bought, in which year, and
    the new profits it brought (its own, halved if a bond paid for it; the Bonus and
    Special Profits it completed)."""

    year: int
    company: str
    base: int
    bonus: int
    special: int
    bond: bool
    price: int = 0           # what was paid (0: the starting company, free)
    source: str = "start"    # "start", "hand" or "pool"

    @property
    def total(self) -> int:
        return self.base + self.bonus + self.special


@dataclass
class Cartel:
    """One player's Cartel: money, stock, profits, companies, bonds and hand."""

    money: int
    blocks: int
    price: int = 10
    profits: int = 0        # current profits: the total carried from year to year
    new: int = 0            # new profits gained this year
    companies: list[str] = field(default_factory=list)
    bonds: list[int] = field(default_factory=list)       # the values borrowed
    repay: list[int] = field(default_factory=list)       # their repayment prices
    hand: list[str] = field(default_factory=list)        # the cards the record knows
    dealt_unseen: int = 0   # unknown slots dealt at the start (a $10 or $20 company)
    drawn_unseen: int = 0   # unknown slots drawn later (any company)
    penalty: bool = False   # bought and could not pay this year: no profits paid
    out: bool = False       # eleven companies: out of play
    sheet: list[Sheet] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)        # profits paid, year by year

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.dealt_unseen + self.drawn_unseen

    def copy(self) -> "Cartel":
        new = fresh_copy(self)
        new.companies, new.bonds, new.repay = list(self.companies), list(self.bonds), \
            list(self.repay)
        new.hand, new.sheet, new.paid = list(self.hand), list(self.sheet), list(self.paid)
        return new




@dataclass
class Auction:
    """A Pool company up for bids: the offerer, who bids now (``waiting``), the bids of
    this round, and (in a re-bid after a tie) the amount to beat."""

    company: str
    offerer: int
    waiting: list[int]
    bids: dict[int, int | None] = field(default_factory=dict)
    beat: int | None = None
    rounds: list[dict[int, int | None]] = field(default_factory=list)


@dataclass(frozen=True)
class AuctionResult:
    """A finished auction, for the analysis: the company and its value, the offerer,
    each round's bids by seat (``None``: X), the buyer and the price, and whether the
    buyer could pay (``penalty``: not)."""

    year: int
    company: str
    value: int
    offerer: int
    rounds: tuple[tuple[tuple[int, int | None], ...], ...]
    buyer: int
    price: int
    penalty: bool = False

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


@dataclass
class Purchase:
    """A company bought and not paid for yet: by whom, for how much, from where."""

    buyer: int
    company: str
    price: int
    source: str   # "hand" or "pool"


@dataclass
class State:
    """The table: every Cartel, the Pool, the pile, the Treasury's bonds, the year and
    what happens next (``todo``: the steps of the turn still to come)."""

    table: Table
    cartels: list[Cartel]
    pool: list[str] = field(default_factory=list)
    pile: int = 0                     # cards in the draw pile
    #: The companies whose place the record does not know (the pile and every unknown
    #: slot), and how many of them are cheap ($10 or $20 million): changed only by
    #: ``_seen`` and ``_unseen_again``, which keep the two together.
    unseen: set[str] = field(default_factory=set)
    cheap_unseen: int = 0
    bonds_left: dict[int, int] = field(default_factory=dict)
    out_of_play: list[str] = field(default_factory=list)   # dummy Cartels', buried
    buried: list[str] = field(default_factory=list)
    year: int = 1
    turn: int = 0
    #: What comes next, in order: (kind, seat) pairs; ``turn`` when empty.
    todo: list[tuple[str, int | None]] = field(default_factory=list)
    auction: Auction | None = None
    purchase: Purchase | None = None
    stage: str = "setup"              # "setup", "turn" or "year end"
    acting: bool = False              # the player on turn has chosen (the turn's steps follow)
    passing: bool = False             # ... and chose to pass
    buried_this_turn: bool = False
    traded: bool = False              # a trading session is under way (C18)
    over: bool = False
    auctions: list[AuctionResult] = field(default_factory=list)

    #: The table's players and components, at hand (read at nearly every move).
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    board: Components = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.names, self.board = self.table.names, self.table.board

    def next_seat(self) -> int | None:
        """The seat the step ahead is for: the player on turn when no step waits; None for
        a step that is no seat's (the year's end, a Pool card)."""
        return self.todo[0][1] if self.todo else self.turn

    def owner(self, company: str) -> int | None:
        for seat, cartel in enumerate(self.cartels):
            if company in cartel.companies:
                return seat
        return None

    def _repr_html_(self) -> str:
        """The board, drawn (a state shown in a notebook cell)."""
        from ..board_svg import table_html

        return table_html(self)

    def copy(self) -> "State":
        new = fresh_copy(self)
        new.cartels = [c.copy() for c in self.cartels]
        new.pool, new.unseen, new.bonds_left = list(self.pool), set(self.unseen), \
            dict(self.bonds_left)
        new.out_of_play, new.buried = list(self.out_of_play), list(self.buried)
        new.todo, new.auctions = list(self.todo), list(self.auctions)
        if self.auction is not None:
            new.auction = replace(self.auction, waiting=list(self.auction.waiting),
                                  bids=dict(self.auction.bids),
                                  rounds=list(self.auction.rounds))
        if self.purchase is not None:
            new.purchase = replace(self.purchase)
        return new

    @property
    def open_auction(self) -> Auction:
        """The auction under way (asked only while one is)."""
        return required(self.auction, "no auction is under way")

    @property
    def open_purchase(self) -> Purchase:
        """The purchase being paid for (asked only while one is)."""
        return required(self.purchase, "no purchase is being paid for")


def _seat_name(state: State, seat: int | None) -> str:
    return "nobody" if seat is None else state.names[seat]


def _step_seat(state: State) -> int:
    """The seat the step ahead is for: the player on turn when no step waits (a step of
    the year's end or of the Pool is no seat's, and is never asked this)."""
    if not state.todo:
        return state.turn
    kind, seat = state.todo[0]
    return required(seat, "the step %r is no seat's", kind)


def first_player(table: Table) -> int:
    """The player to the Treasurer's left plays first (clockwise: the next seat)."""
    return (table.treasurer + 1) % len(table.names)


def order(table: Table) -> list[int]:
    """The seats in playing order: from the Treasurer's left round to the Treasurer."""
    n = len(table.names)
    return [(table.treasurer + 1 + k) % n for k in range(n)]


def new_state(table: Table) -> State:
    board = table.board
    cartels = [Cartel(board.starting_money, board.stock_blocks) for _ in table.names]
    state = State(table, cartels, pile=len(board.companies), unseen=set(board.companies),
                  cheap_unseen=len(board.cheap),
                  bonds_left={v: b.count for v, b in board.bonds.items()})
    seats = order(table)
    state.todo = ([("start", s) for s in seats] + [("deal", s) for s in seats
                                                   for _ in range(HAND)]
                  + [("pool", None)] * HAND)
    state.turn = seats[0]
    return state


def cheap(board: Components, company: str) -> bool:
    """A company of the packet the Private Offerings and the Pool are dealt from."""
    return company in board.cheap


#: The steps the rules or the cards decide, not a player.
_CHANCE = frozenset({"start", "deal", "pool", "draw", "year end", "dummy"})

#: The steps that are asked as they stand: nothing for ``_advance`` to settle first.
_ASKED = frozenset({"start", "deal", "pool", "bid", "year end", "repurchase"})

#: The watch of a move nobody watches (it hears every event and does nothing).
_UNWATCHED = Watch()


class CartelRules:
    """Cartel behind the engine interface (``mclog.engine.Engine``)."""

    # --- what comes next ---------------------------------------------------------------

    def new_state(self, table: Table) -> State:
        return new_state(table)

    def decision(self, state: State) -> Decision | None:
        if state.over:
            return None
        if not state.todo:
            return Decision(state.turn, "turn")
        kind, seat = state.todo[0]
        if kind in _CHANCE:
            return Decision(None, kind)
        return Decision(seat, kind)

    def describe(self, state: State) -> str:
        d = self.decision(state)
        if d is None:
            return "the game is over"
        names = state.names
        who = names[d.actor] if d.actor is not None else None
        seat = state.next_seat()
        said = {
            "start": f"the Treasurer deals {names[seat] if seat is not None else ''}'s "
                     "starting company",
            "deal": f"a Private Offering is dealt to {names[seat] if seat is not None else ''}",
            "pool": "a card is dealt face up into the Pool",
            "draw": f"{names[seat] if seat is not None else ''} draws a card",
            "year end": f"the end of year {state.year}",
            "dummy": "the top card goes to an unused Cartel",
            "turn": f"{who} buys from the hand, offers a Pool company, or passes",
            "bid": f"{who} bids for {state.auction.company if state.auction else ''} "
                   "(or X)",
            "pay": f"{who} pays for {state.purchase.company if state.purchase else ''}",
            "discard": f"{who} discards",
            "repurchase": f"{who} buys back a stock block, or keeps none",
        }
        return said.get(d.kind, d.kind)

    # --- the legal moves ---------------------------------------------------------------

    def legal(self, state: State) -> list[Any] | None:
        d = self.decision(state)
        if d is None:
            return None
        board = state.board
        kind = d.kind
        if kind == "start":
            seat = _step_seat(state)
            return [Start(seat, c) for c in sorted(state.unseen)
                    if board.companies[c].value == 10]
        if kind in ("deal", "draw"):
            seat = _step_seat(state)
            dealt = kind == "deal"
            if state.table.seat not in (None, seat):
                return [Draw(seat, None)]
            return ([] if seat == state.table.seat else [Draw(seat, None)]) + [
                Draw(seat, c) for c in sorted(state.unseen)
                if (not dealt or cheap(board, c)) and _fits_after_seen(state, c)]
        if kind == "pool":
            return [Pool(c) for c in sorted(state.unseen)
                    if cheap(board, c) and _fits_after_seen(state, c)]
        if kind == "dummy":
            return [Dummy(c) for c in sorted(state.unseen) if _fits_after_seen(state, c)]
        if kind == "year end":
            return [EndYear(state.year)]
        seat = d.seat   # (a player's question from here on)
        cartel = state.cartels[seat]
        moves: list[Any]
        if kind == "turn":
            moves = [Buy(seat, c) for c in _hand_choices(state, seat)]
            moves += [Offer(seat, c) for c in state.pool]
            if state.pile:
                moves.append(Pass(seat))
                if "raising" in state.table.advanced:
                    moves += [Pass(seat, v) for v in sorted(state.bonds_left)
                              if state.bonds_left[v] and v <= cartel.price]
            return moves
        if kind == "bid":
            auction = state.open_auction
            low = board.companies[auction.company].value if auction.beat is None \
                else auction.beat + 1
            high = max(low, can_raise(state, seat, auction.company))
            moves = [] if seat == auction.offerer and auction.beat is None \
                else [Bid(seat, None)]
            return moves + [Bid(seat, a) for a in range(low, high + 1)]
        if kind == "pay":
            return _payments(state)
        if kind == "discard":
            moves = [Discard(seat, c) for c in _hand_choices(state, seat)]
            if "defensive" in state.table.advanced and not state.buried_this_turn \
                    and state.todo[0][1] == seat and state.passing:
                moves += [Bury(seat, c) for c in _hand_choices(state, seat)]
            return moves
        if kind == "repurchase":
            return [Repurchase(seat), Keep(seat)]
        return []

    def chance(self, state: State, rng: random.Random) -> Any:
        moves = required(self.legal(state), "chance's move of a game that is over")
        known = [m for m in moves if getattr(m, "company", "") is not None]
        return rng.choice(known or moves)

    def copy(self, state: State) -> State:
        return state.copy()

    # --- playing a move ----------------------------------------------------------------

    def play(self, state: State, move: Any, watch: Watch | None = None) -> None:
        """Play ``move``; a ``RuleError`` (the state untouched) if the rules refuse it."""
        if state.over:
            raise RuleError("the game is over: the tenth year has ended", "Winning the Game")
        kind = state.todo[0][0] if state.todo else "turn"
        handler = _HANDLERS.get((kind, type(move)))
        seat = state.next_seat()
        if handler is None:
            raise RuleError(f"{_said(state, move)} cannot come now: next, "
                            f"{self.describe(state)}", "The Play", due=(kind, seat))
        if getattr(move, "player", seat) != seat and type(move) is not Trade:
            rule = "Preliminaries" if kind in ("start", "deal") else "The Play"
            named = seat_name(state.names, move.player, rule)
            if kind in _CHANCE:   # (a card dealt to one seat, written to another)
                wrong = _NOT_THEIRS.get(kind, "{}").format(named)
                watcher = state.table.seat
                unseen = "" if watcher in (None, seat) or kind == "start" else (
                    f" (every card is written, ? for one {state.names[watcher]} did not "
                    "see)")   # (the slip of a seat's record that leaves out the others')
                raise RuleError(f"{self.describe(state)} now, not {wrong}{unseen}", rule)
            if kind == "bid" and state.auction is not None:   # (C9: the order revealed)
                order = ", ".join(state.names[s] for s in state.auction.waiting)
                raise RuleError(f"it is {_seat_name(state, seat)}'s bid, not {named}'s: the "
                                "bids are written in the order they are revealed, from the "
                                f"offerer's left ({order})", "C9")
            raise RuleError(f"it is {_seat_name(state, seat)}'s move, not {named}'s: "
                            f"{self.describe(state)}", "The Play")
        watch = watch or _UNWATCHED
        handler(state, move, watch)
        todo = state.todo
        if not todo or todo[0][0] not in _ASKED:   # (else a player is asked at once)
            _advance(state, watch)


#: How a card dealt or drawn for another seat than the one whose it is, is named after
#: ``describe``: "the Treasurer deals Ann's starting company now, not Ben's", "a Private
#: Offering is dealt to Ann now, not to Ben", "Ann draws a card now, not Ben".
_NOT_THEIRS = {"start": "{}'s", "deal": "to {}"}


_KINDS = {"Start": "starting company", "Draw": "draw", "Pool": "Pool card", "Buy": "purchase",
          "Offer": "offer", "Bid": "bid", "Pay": "payment", "Pass": "pass",
          "Discard": "discard", "Bury": "face-down discard", "EndYear": "year's end",
          "Dummy": "unused Cartel's card", "Repurchase": "stock repurchase",
          "Keep": "answer to the stock repurchase", "Trade": "trade"}


def _said(state: State, move: Any) -> str:
    """A move named for a message: "Ann's draw", "a year's end"."""
    kind = _KINDS.get(type(move).__name__, "move")
    player = getattr(move, "player", None)
    if isinstance(player, int) and 0 <= player < len(state.names):
        return f"{state.names[player]}'s {kind}"
    if kind.startswith("year"):
        return f"the {kind}"
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


# --- what a seat can be asked to reveal --------------------------------------------------

def _hand_choices(state: State, seat: int) -> list[str]:
    """The companies ``seat`` may show from their hand: those known there, and (if they
    hold unknown cards) any unseen company a deal still allows."""
    cartel = state.cartels[seat]
    out = list(cartel.hand)
    if cartel.dealt_unseen or cartel.drawn_unseen:
        out += [c for c in sorted(state.unseen) if _slot_for(state, seat, c) is not None]
    return out


def _slot_for(state: State, seat: int, company: str) -> str | None:
    """Which of ``seat``'s unknown slots ``company`` can come from so that a deal still
    fits (``"dealt"`` or ``"drawn"``), or None.  A cheap company uses a dealt slot first:
    that is never worse for the rest of the deal."""
    cartel, board = state.cartels[seat], state.board
    if company not in state.unseen:
        return None
    if cheap(board, company) and cartel.dealt_unseen:
        return "dealt"
    if cartel.drawn_unseen and _fits_after_seen(state, company):
        return "drawn"
    return None


def deal_unseen(state: State, rng: random.Random) -> None:
    """Name every unknown card in the hands at random among the deals the record allows,
    each such deal equally likely: the cards dealt unseen at the start from the cheap
    unseen companies, then the cards drawn unseen from the rest.  (Every deal that fits
    what the record saw was equally likely, as the pile's order was: so a uniform choice
    among them is the right one, not merely a possible one.)  For a rollout: the state is
    then one of full information."""
    board = state.board
    for slots, among in (("dealt_unseen", lambda c: cheap(board, c)),
                         ("drawn_unseen", lambda c: True)):
        pool = sorted(c for c in state.unseen if among(c))
        rng.shuffle(pool)
        for cartel in state.cartels:
            for _ in range(getattr(cartel, slots)):
                card = pool.pop()
                cartel.hand.append(card)
                _seen(state, card)
            setattr(cartel, slots, 0)


def _cheap_spare(state: State) -> int:
    """How many more cheap unseen companies there are than slots dealt at the start
    (a deal fits while this is not negative)."""
    return state.cheap_unseen - sum([c.dealt_unseen for c in state.cartels])


def _seen(state: State, company: str) -> None:
    """``company``'s place is known from now on."""
    state.unseen.remove(company)
    if company in state.board.cheap:
        state.cheap_unseen -= 1


def _unseen_again(state: State, companies: Iterable[str]) -> None:
    """``companies`` (a hand shuffled into the pile) are unseen again."""
    for company in companies:
        state.unseen.add(company)
        state.cheap_unseen += cheap(state.board, company)


def _fits_after_seen(state: State, company: str) -> bool:
    """Whether ``company`` may be seen leaving the pile now, a deal still fitting: any
    unseen company may, except the last cheap ones the slots dealt unseen need (the
    spare is never negative: every move that could make it so is refused)."""
    if company not in state.unseen:
        return False
    return company not in state.board.cheap or _cheap_spare(state) > 0


def _blocks(count: int) -> str:
    """``1 stock block``, ``3 stock blocks``."""
    return f"{count} stock block{'' if count == 1 else 's'}"


def can_raise(state: State, seat: int, company: str) -> int:
    """The most ``seat`` could pay for ``company``: cash, every stock block and the bond
    its value allows (a bid above it can only end in the penalty)."""
    cartel = state.cartels[seat]
    return cartel.money + cartel.blocks * cartel.price + _bond_for(state, company)


def _bond_for(state: State, company: str) -> int:
    """The bond ``company`` may be paid with now (0: none)."""
    value = state.board.companies[company].value
    half, odd = divmod(value, 2)
    if value <= 10 or odd or not state.bonds_left.get(half):
        return 0
    return half


def _payments(state: State) -> list[Pay]:
    """Every way the buyer may pay (bond, then stock, then cash: C4)."""
    p = state.open_purchase
    cartel = state.cartels[p.buyer]
    out = []
    bond = _bond_for(state, p.company)
    for b in ([None, bond] if bond else [None]):
        owed = p.price - (b or 0)
        most = min(cartel.blocks, -(-owed // cartel.price))
        for n in range(0, most + 1):
            cash = max(0, owed - n * cartel.price)
            if cash <= cartel.money:
                out.append(Pay(p.buyer, b, n or None, cash or None))
    return out


# --- the handlers, one per kind of move ----------------------------------------------------

def _company(state: State, word: str) -> str:
    """``word``, a company of this table's board (the component file's): else the rules
    refuse the move's company."""
    if word not in state.board.companies:
        close = difflib.get_close_matches(word, list(state.board.companies), n=1, cutoff=0.75)
        raise RuleError(f"'{word}' is no company of this board ({state.board.source})"
                        + (f": did you mean {close[0]}?" if close else ""), "Equipment",
                        "company")
    return word


def _where(state: State, company: str) -> str:
    """Where a company the record has placed is, in words."""
    owner = state.owner(company)
    if owner is not None:
        return f"{state.names[owner]} owns it"
    if company in state.pool:
        return "it is in the Pool"
    if company in state.buried:
        return "it lies face down on its space, out of play"
    if company in state.out_of_play:
        return "an unused Cartel holds it, out of play"
    for seat, cartel in enumerate(state.cartels):
        if company in cartel.hand:
            return f"it is in {state.names[seat]}'s hand"
    return "the record has placed it already"


def _take_seen(state: State, company: str, dealt: bool, what: str,
               seat: int | None = None) -> None:
    """``company`` seen leaving the pile (or the packet): checked, then placed.  ``what``
    it is, for a message: ``seat``'s ``what``, if a seat is given (put into words only
    when something is wrong: this runs at every card seen drawn)."""
    board = state.board
    if company not in state.unseen:
        reason, rule = None, "Equipment"
    elif dealt and company not in board.cheap:
        reason, rule = ("the Private Offerings and the Pool are dealt from the $10 and $20 "
                        "million companies only", "Preliminaries")
    elif not _fits_after_seen(state, company):
        reason, rule = ("every $10 and $20 million company left must be among the cards "
                        "dealt unseen at the start", "C21")
    else:
        _seen(state, company)
        state.pile -= 1
        return
    if reason is None:
        _company(state, company)
        reason = _where(state, company)
    who = f"{state.names[seat]}'s {what}" if seat is not None else what
    raise RuleError(f"{who} cannot be {company}: {reason}", rule)


def _start(state: State, move: Start, watch: Watch) -> None:
    seat = move.player
    _company(state, move.company)
    if state.board.companies[move.company].value != 10:
        raise RuleError(f"a starting company is one of the ten $10 million companies, not "
                        f"{move.company} (${state.board.companies[move.company].value} "
                        "million)", "Preliminaries")
    _take_seen(state, move.company, True, "starting company", seat)
    cartel = state.cartels[seat]
    cartel.companies.append(move.company)
    cartel.profits = state.board.companies[move.company].profit
    cartel.sheet.append(Sheet(1, move.company, cartel.profits, 0, 0, False))
    state.todo.pop(0)


def _draw(state: State, move: Draw, watch: Watch) -> None:
    kind, seat = state.todo[0][0], _step_seat(state)
    dealt = kind == "deal"
    cartel = state.cartels[seat]
    if move.company is not None and state.table.seat not in (None, seat):
        watcher = state.names[state.table.seat]
        raise RuleError(f"the record is written from {watcher}'s seat, and {watcher} does "
                        f"not see {state.names[seat]}'s cards: write ?", "C23")
    if move.company is None:
        if seat == state.table.seat:
            raise RuleError(f"the record is written from {state.names[seat]}'s seat: "
                            f"{state.names[seat]} sees this card, so name it", "C23")
        if dealt and _cheap_spare(state) < 1:  # (a card dealt now is a cheap one)
            raise RuleError("no $10 or $20 million company is left unseen to deal", "C21")
        state.pile -= 1
        if dealt:
            cartel.dealt_unseen += 1
        else:
            cartel.drawn_unseen += 1
        watch.card_drawn_unseen(seat, "pile", "?")
    else:
        _take_seen(state, move.company, dealt, "card", seat)
        cartel.hand.append(move.company)
    state.todo.pop(0)


def _pool(state: State, move: Pool, watch: Watch) -> None:
    _take_seen(state, move.company, True, "a Pool card")
    state.pool.append(move.company)
    state.todo.pop(0)


def _from_hand(state: State, seat: int, company: str, what: str,
               rule: str = "A Player's Three Options") -> None:
    """``company`` leaves ``seat``'s hand (a known card, or an unknown slot revealed)."""
    cartel = state.cartels[seat]
    if company in cartel.hand:
        cartel.hand.remove(company)
        return
    _company(state, company)
    name = state.names[seat]
    if not cartel.dealt_unseen and not cartel.drawn_unseen:
        held = ", ".join(cartel.hand) or "no card"
        raise RuleError(f"{name} cannot {what} {company}: {name}'s hand holds {held}", rule)
    slot = _slot_for(state, seat, company)
    if slot is None:
        if company not in state.unseen:
            reason = _where(state, company)
        else:
            reason = (f"{name}'s unknown cards were dealt from the $10 and $20 million "
                      "companies" if not cartel.drawn_unseen else
                      "every $10 and $20 million company left must be among the cards "
                      "dealt unseen at the start")
        raise RuleError(f"{name} cannot {what} {company}: {reason}", "C21")
    _seen(state, company)
    if slot == "dealt":
        cartel.dealt_unseen -= 1
    else:
        cartel.drawn_unseen -= 1


def _playing(state: State, rule: str) -> None:
    """A ``RuleError`` unless the table plays the Advanced rule ``rule``."""
    if rule not in state.table.advanced:
        raise RuleError(f"{ADVANCED[rule]} is an Advanced rule this game does not play (its "
                        "[Advanced] tag does not name it)", "Advanced Cartel")


def _borrow(state: State, seat: int, value: int, why: str, watch: Watch) -> None:
    """A bond of ``value`` from the Treasury to ``seat`` (its cash with it), to be repaid
    at the end at its repayment price."""
    cartel = state.cartels[seat]
    state.bonds_left[value] -= 1
    cartel.bonds.append(value)
    cartel.repay.append(state.board.bonds[value].repay)
    cartel.money += value
    watch.money_moved(seat, value, why)


def _turn_player(state: State, seat: int) -> None:
    """``seat`` may act: in play, and (after a trading session) no hand over three."""
    cartel = state.cartels[seat]
    if cartel.out:
        raise RuleError(f"{state.names[seat]} owns eleven companies and is out of play",
                        "Limitations")
    if state.traded:
        for other, c in enumerate(state.cartels):
            if c.hand_size > HAND:
                raise RuleError(f"{state.names[other]} holds {c.hand_size} cards after "
                                f"the trades: a trading session ends with at most {HAND} "
                                "cards in each hand", "C18")


def _act(state: State, todo: Sequence[tuple[str, int | None]]) -> None:
    """The player on turn has chosen (a purchase, an offer, a pass): the turn's steps
    ``todo`` follow, and any trading session before it is over."""
    state.todo = list(todo)
    state.acting = True
    state.traded = False


def _trade(state: State, move: Trade, watch: Watch) -> None:
    """Trading Company Cards (C18): cards and money change hands before a turn."""
    names = state.names
    _playing(state, "trading")
    a, b = move.player, move.other
    for seat in (a, b):
        seat_name(names, seat, "C18")
    if a == b:
        raise RuleError(f"{names[a]} cannot trade with {names[a]}", "C18")
    if state.turn not in (a, b):
        raise RuleError(f"a trade comes before the turn of one of its players: it is "
                        f"{names[state.turn]}'s turn, not {names[a]}'s or {names[b]}'s",
                        "C18")
    for seat in (a, b):
        if state.cartels[seat].out:
            raise RuleError(f"{names[seat]} owns eleven companies and is out of play",
                            "Limitations")
    if move.gives == NO_CARD and move.takes == NO_CARD:
        raise RuleError("a trade moves a card at least (money alone buys nothing)", "C18")
    cash = move.cash or 0
    if cash > state.cartels[a].money:
        raise RuleError(f"{names[a]} has {state.cartels[a].money} in cash, not the {cash} "
                        "offered in the trade", "C18")
    before = [state.cartels[a].copy(), state.cartels[b].copy()]
    unseen, cheap_unseen = set(state.unseen), state.cheap_unseen
    try:
        _hand_over(state, a, b, move.gives)
        _hand_over(state, b, a, move.takes)
    except RuleError:  # (nothing changes when a trade is refused)
        state.cartels[a], state.cartels[b] = before
        state.unseen, state.cheap_unseen = unseen, cheap_unseen
        raise
    if cash:
        state.cartels[a].money -= cash
        state.cartels[b].money += cash
        watch.money_moved(a, -cash, "trade")
        watch.money_moved(b, cash, "trade")
    state.traded = True


def _hand_over(state: State, giver: int, taker: int, card: str | None) -> None:
    """``card`` leaves ``giver``'s hand for ``taker``'s.  A card the seat did not see
    goes as an unknown card drawn later (any company): which of the giver's unknown
    cards it was is not known, so the record is held to less, never to more."""
    if card == NO_CARD:
        return
    giving, taking = state.cartels[giver], state.cartels[taker]
    if card is None:
        if giving.drawn_unseen:
            giving.drawn_unseen -= 1
        elif giving.dealt_unseen:
            giving.dealt_unseen -= 1
        else:
            raise RuleError(f"{state.names[giver]} holds no card unseen by the record's seat "
                            f"to trade (their hand: {', '.join(giving.hand) or 'empty'})",
                            "C18")
        taking.drawn_unseen += 1
        return
    _from_hand(state, giver, card, "trade", "C18")
    taking.hand.append(card)


def _buy(state: State, move: Buy, watch: Watch) -> None:
    _turn_player(state, move.player)
    if state.cartels[move.player].hand_size == 0:
        raise RuleError(f"{state.names[move.player]} holds no card to buy from the hand",
                        "C22")
    _from_hand(state, move.player, move.company, "buy")
    value = state.board.companies[move.company].value
    state.purchase = Purchase(move.player, move.company, value, "hand")
    _act(state, [("pay", move.player), ("draw", move.player)])


def _offer(state: State, move: Offer, watch: Watch) -> None:
    _turn_player(state, move.player)
    _company(state, move.company)
    if move.company not in state.pool:
        where = "it is not in the Pool" if move.company in state.unseen else \
            _where(state, move.company)
        raise RuleError(f"{state.names[move.player]} cannot offer {move.company}: {where}",
                        "A Player's Three Options")
    n = len(state.names)
    bidders = [(move.player + 1 + k) % n for k in range(n)]
    state.auction = Auction(move.company, move.player,
                            [s for s in bidders if not state.cartels[s].out])
    _act(state, [("bid", s) for s in state.open_auction.waiting])


def _bid(state: State, move: Bid, watch: Watch) -> None:
    auction = state.open_auction
    name = state.names[move.player]
    value = state.board.companies[auction.company].value
    if move.amount is None:
        if move.player == auction.offerer and auction.beat is None:
            raise RuleError(f"{name} offered {auction.company} and must bid", "A Player's "
                            "Three Options")
    elif auction.beat is not None and move.amount <= auction.beat:
        raise RuleError(f"{name} is tied at {auction.beat}: the new bid must be higher, "
                        f"not {move.amount}", "C8")
    elif move.amount < value:
        raise RuleError(f"{name}'s bid of {move.amount} is below {auction.company}'s value "
                        f"({value}): a bid is at least the value, or X",
                        "A Player's Three Options")
    auction.bids[move.player] = move.amount
    state.todo.pop(0)
    if state.todo:
        return
    auction.rounds.append(dict(auction.bids))
    if auction.beat is not None and all(a is None for a in auction.bids.values()):
        best, tied = auction.beat, auction.waiting[:1]   # (C8: nobody went higher)
    else:
        best = max(a for a in auction.bids.values() if a is not None)
        tied = [s for s in auction.waiting if auction.bids[s] == best]
    if len(tied) > 1:
        auction.waiting, auction.bids, auction.beat = tied, {}, best
        state.todo = [("bid", s) for s in tied]
        return
    buyer = tied[0]
    state.auctions.append(AuctionResult(
        state.year, auction.company, value, auction.offerer,
        tuple(tuple(r.items()) for r in auction.rounds), buyer, best))
    state.purchase = Purchase(buyer, auction.company, best, "pool")
    state.pool.remove(auction.company)
    state.todo = [("pay", buyer), ("draw", auction.offerer), ("discard", auction.offerer)]


def _pay(state: State, move: Pay, watch: Watch) -> None:
    p = state.open_purchase
    board = state.board
    cartel = state.cartels[p.buyer]
    name = state.names[p.buyer]
    company = board.companies[p.company]
    bond = move.bond or 0
    if bond:
        half = company.value // 2
        if company.value <= 10:
            raise RuleError(f"{name} cannot pay for {p.company} with a bond: no $5 million "
                            "bonds exist, so $10 million companies are paid without one",
                            "Paying")
        if bond != half or company.value % 2:
            raise RuleError(f"{name}'s bond for {p.company} is half its printed value, "
                            f"{half}, not {bond}", "Paying")
        if not state.bonds_left.get(half):
            raise RuleError(f"{name} cannot borrow a ${half} million bond for {p.company}: "
                            "none is left in the Treasury", "C7")
    owed = p.price - bond
    stock = move.stock or 0
    if stock > cartel.blocks:
        raise RuleError(f"{name} has {_blocks(cartel.blocks)} left, not {stock}", "Paying")
    if stock and (stock - 1) * cartel.price >= owed:
        raise RuleError(f"{name} sells {_blocks(stock)} at {cartel.price} for {owed} "
                        f"owed: one fewer would do (a purchase sells no spare block)", "C4")
    cash = max(0, owed - stock * cartel.price)
    if move.cash is not None and move.cash != cash:
        raise RuleError(f"{name} owes {cash} in cash after "
                        f"{'the bond and ' if bond else ''}{_blocks(stock)}, not "
                        f"{move.cash} (price {p.price}"
                        f"{f', bond {bond}' if bond else ''}"
                        f"{f', stock {stock} x {cartel.price}' if stock else ''})", "C4")
    if cash > cartel.money:
        raise RuleError(f"{name} has {cartel.money} in cash, not the {cash} still owed for "
                        f"{p.company}: sell more stock or take the bond", "Paying")
    if bond:
        _borrow(state, p.buyer, bond, "bond", watch)
    if stock:
        cartel.blocks -= stock
        watch.money_moved(p.buyer, stock * cartel.price, "stock sold")
    cartel.money += stock * cartel.price - p.price
    watch.money_moved(p.buyer, -p.price, f"bought {p.company}")
    _acquire(state, p.buyer, p.company, bool(bond), p.price, p.source)
    state.todo.pop(0)
    state.purchase = None


def _acquire(state: State, seat: int, word: str, bond: bool, price: int,
             source: str) -> None:
    """``word`` joins ``seat``'s companies: the new profits it brings, and out of play at
    the eleventh."""
    board = state.board
    cartel = state.cartels[seat]
    company = board.companies[word]
    base = company.profit // 2 if bond else company.profit
    bonus, special = board.joining(word, cartel.companies)
    cartel.companies.append(word)
    cartel.sheet.append(Sheet(state.year, word, base, bonus, special, bond, price, source))
    cartel.new += base + bonus + special
    if len(cartel.companies) >= board.most_companies:
        cartel.out = True
        state.pile += cartel.hand_size
        _unseen_again(state, cartel.hand)
        cartel.hand.clear()
        cartel.dealt_unseen = cartel.drawn_unseen = 0


def _penalty(state: State) -> None:
    """The buyer cannot pay in full: the card goes back to its space, no profits this
    year (Paying: Penalty)."""
    p = state.open_purchase
    state.cartels[p.buyer].penalty = True
    if p.source == "pool":
        state.auctions[-1] = replace(state.auctions[-1], penalty=True)
    state.pool.append(p.company)
    state.todo.pop(0)
    state.purchase = None


def _pass(state: State, move: Pass, watch: Watch) -> None:
    _turn_player(state, move.player)
    name = state.names[move.player]
    if not state.pile:
        raise RuleError(f"{name} cannot pass: the draw pile is exhausted", "Limitations")
    if move.borrow is not None:
        cartel = state.cartels[move.player]
        _playing(state, "raising")
        if not state.bonds_left.get(move.borrow):
            raise RuleError(f"{name} cannot borrow a ${move.borrow} million bond: none is "
                            "left in the Treasury", "C7")
        if move.borrow > cartel.price:
            raise RuleError(f"{name} cannot borrow a ${move.borrow} million bond: its value "
                            f"is above {name}'s stock price ({cartel.price})", "C16")
        _borrow(state, move.player, move.borrow, "bond (raising cash)", watch)
    state.passing, state.buried_this_turn = True, False
    _act(state, [("draw", move.player)] * 2 + [("discard", move.player)] * 2)


def _discard(state: State, move: Discard | Bury, watch: Watch) -> None:
    name = state.names[move.player]
    if isinstance(move, Bury):
        _playing(state, "defensive")
        if not state.passing:
            raise RuleError(f"{name} may discard face down only when passing",
                            "Advanced Cartel")
        if state.buried_this_turn:
            raise RuleError(f"{name} has discarded one card face down this turn already: "
                            "the other goes face up", "C17")
    _from_hand(state, move.player, move.company, "discard")
    if isinstance(move, Bury):
        state.buried.append(move.company)
        state.buried_this_turn = True
    else:
        state.pool.append(move.company)
    state.todo.pop(0)


def _end_year(state: State, move: EndYear, watch: Watch) -> None:
    if move.year != state.year:
        raise RuleError(f"this is the end of year {state.year}, not {move.year}",
                        "Year's End", "year")
    for seat, cartel in enumerate(state.cartels):
        total = cartel.profits + cartel.new
        paid = 0 if cartel.penalty else total
        cartel.money += paid
        cartel.paid.append(paid)
        if paid:
            watch.money_moved(seat, paid, "profits")
        cartel.profits, cartel.new, cartel.penalty = total, 0, False
    state.todo.pop(0)
    if "repurchase" in state.table.advanced:
        state.todo[:0] = [("repurchase", s) for s in order(state.table)
                          if state.cartels[s].blocks < state.board.stock_blocks
                          and state.cartels[s].money >= state.cartels[s].price]
    state.todo.append(("prices", None))


def _repurchase(state: State, move: Repurchase | Keep, watch: Watch) -> None:
    if isinstance(move, Repurchase):
        cartel = state.cartels[move.player]
        cartel.money -= cartel.price
        cartel.blocks += 1
        watch.money_moved(move.player, -cartel.price, "stock repurchased")
    state.todo.pop(0)


def _dummy(state: State, move: Dummy, watch: Watch) -> None:
    _take_seen(state, move.company, False, "the unused Cartel's card")
    state.out_of_play.append(move.company)
    state.todo.pop(0)


#: (Each handler takes the move of its type: a dispatch by type, Any to the checker.)
_HANDLERS: dict[tuple[str, type], Callable[[State, Any, Watch], None]] = {
    ("start", Start): _start, ("deal", Draw): _draw, ("draw", Draw): _draw,
    ("pool", Pool): _pool, ("turn", Buy): _buy, ("turn", Offer): _offer,
    ("turn", Pass): _pass, ("turn", Trade): _trade, ("bid", Bid): _bid, ("pay", Pay): _pay,
    ("discard", Discard): _discard, ("discard", Bury): _discard,
    ("year end", EndYear): _end_year, ("dummy", Dummy): _dummy,
    ("repurchase", Repurchase): _repurchase, ("repurchase", Keep): _repurchase,
}


# --- between moves: what the rules do by themselves --------------------------------------

def _advance(state: State, watch: Watch) -> None:
    """Carry the game to its next decision: skip what cannot happen (a draw from an empty
    pile and the discard it owed, C10; the draws of a player out of play, C12), apply the
    penalty of a buyer who cannot pay, adjust the prices, and end the turn, the year and
    the game."""
    if state.todo and state.todo[0][0] in _ASKED:
        return
    for _ in range(10_000):
        if state.todo:
            kind = state.todo[0][0]
            if kind in ("draw", "discard", "pay"):   # (a seat's steps)
                seat = _step_seat(state)
                if kind == "draw" and (state.pile == 0 or state.cartels[seat].out):
                    state.todo.pop(0)
                    if ("discard", seat) in state.todo:
                        state.todo.remove(("discard", seat))
                    continue
                if kind == "discard" and (state.cartels[seat].out
                                          or state.cartels[seat].hand_size == 0):
                    state.todo.pop(0)
                    continue
                if kind == "pay" and can_raise(state, seat, state.open_purchase.company) \
                        < state.open_purchase.price:
                    _penalty(state)
                    continue
            if kind == "prices":
                for cartel in state.cartels:   # (C3: a price never falls)
                    cartel.price = max(cartel.price, state.board.price(cartel.profits))
                state.todo.pop(0)
                if len(state.names) == 2 and state.year < YEARS and state.pile:
                    state.todo.append(("dummy", None))
                continue
            if kind == "dummy" and not state.pile:
                state.todo.pop(0)
                continue
            return
        if state.stage == "setup":
            state.stage, state.turn, state.acting = "turn", first_player(state.table), False
        elif state.stage == "year end":
            if state.year == YEARS:
                state.over = True
                return
            state.year += 1
            state.stage, state.turn, state.acting = "turn", first_player(state.table), False
        elif state.acting:   # the turn is over
            state.acting = state.passing = False
            state.auction = None
            _next_turn(state)
        elif state.cartels[state.turn].out or not _has_option(state, state.turn):
            _next_turn(state)   # (C11, C12: a player with nothing to do is passed over)
        else:
            return
    raise AssertionError("the game does not move on")  # (never: each pass moves on)


def _has_option(state: State, seat: int) -> bool:
    return bool(state.cartels[seat].hand_size or state.pool or state.pile)


def _next_turn(state: State) -> None:
    """The next player clockwise; after the Treasurer, the year's end."""
    if state.turn == state.table.treasurer:
        state.stage = "year end"
        state.todo = [("year end", None)]
    else:
        state.turn = (state.turn + 1) % len(state.names)
