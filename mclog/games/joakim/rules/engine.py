"""The rules of Joakim von Ankas fantastiska affärer, the basic game
(``../shared/rules/joakim-von-ankas-fantastiska-affarer.en.txt``), behind the engine
interface (``mclog.engine``); the Business Sharks variant's additions are in
``sharks.py``, called from here where the variant changes a step.

Errors name the rulebook's section (``Movement``, ``Property Squares``, ``General
Rules``) or one of mclog's readings of a point it leaves open (``J1``..;
``docs/joakim/rules.md``).

A turn is a queue of **tasks**: the die, the move, the square's business, a card's
effects, a debt.  Each task is either done by the rules at once (a market value moves,
money is paid) or waits for a decision (a player's, or chance's: the die, a card).  A
card's effects become tasks in the order printed: the large heading (everyone) first,
then the small one (the drawer).  When the queue is empty the turn passes clockwise.
Everything drawn is shown to all (the rulebook: "All cards that are drawn (except for
the times you get to peek at upcoming numbers of the Ankeborgstidningen) must be shown
openly"): the one thing a seat may not see is another player's ADVANCE TIP, the top
newspapers they peeked at (``Peek``, ``None`` for a card unseen).  A peeked card is the
next one drawn, so the record says what it was at the next draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from mclog.engine import Decision, Watch, by_fields, fresh_copy, required, seat_name
from mclog.errors import RuleError

from . import sharks
from .components import (BILLIONAIRES, EXCHANGE, JOAKIM as JOAKIM_CARDS, NEWSPAPER, TIPS,
                         UNCLE, Card, Components, Effect, given)
from .moves import (KINDS, ClubCard, Change, Choose, Crown, Draw, Exercise, JoakimCard,
                    Move, News, Option, Pass, Peek, Place, Roll, Sell, Sold, Start, Swap,
                    Take, Buy, Unsold, Value, Home, Land, Values, Earn, Pay, Give, Get,
                    Auction, Closed, Shuffle, kind_count, Tips, Tip, Lot, Bid, Raise,
                    Borrow, Repay, Deal, Inspect, Disbelieve, Keep, Rumour, Interest)

#: Market values never leave these bounds (the rulebook's General Rules).
LOWEST, HIGHEST = 1, 25
#: At most ten properties a trade at a property square.
MOST = 10
#: The properties each player takes at the setup.
STARTING = 6
#: The die roll from which Farbror Joakim is at home.
AT_HOME = 4
#: The winning limits the rulebook names (any other is allowed too).
LIMIT = 1000
DIVIDEND_RULES = ("full", "cap", "out", "once")
NEWSPAPER_RULES = ("reshuffle", "once")
#: The cap of "von Anka demands a dividend" where the table limits it.
DIVIDEND_CAP = 100


@dataclass(frozen=True)
class Table:
    """What a game's setup needs: the players (clockwise, the first named plays first),
    the components, the winning limit and the table's choices of the rulebook's options:
    ``dividend`` (``full``, ``cap`` at 100 M, ``out`` of the game, ``once``) and
    ``newspapers`` (``reshuffle``, or ``once``: 40 one-time cards, the most cash wins)."""

    names: tuple[str, ...]
    board: Components
    limit: int = LIMIT
    dividend: str = "full"
    newspapers: str = "reshuffle"
    #: Each player's cash at the start: none in the rulebook's setup (J14).
    cash: int = 0
    #: The Business Sharks variant (``sharks.py``).
    sharks: bool = False
    #: The seat the record is written from (its ``Seat`` tag), if it says: what that
    #: seat could not see must then be ``?`` (J31).
    seat: int | None = None

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


@dataclass
class Player:
    """One player: cash, property cards by kind (1-cards and 5-cards), the pawn's square,
    OPTION cards held, and whether they have left the game; in the Business Sharks
    variant also the Affärstipskort in hand (``tips``, those the record names, and
    ``tips_unseen``, how many it does not), the loan cards (by sum), the Joakim cards
    kept until used (``keeps``) and a BEAGLE BOYS card in front of them (its number)."""

    cash: int = 0
    ones: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    fives: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    square: str | None = None
    options: list[int] = field(default_factory=list)
    out: bool = False
    tips: list[int] = field(default_factory=list)
    tips_unseen: int = 0
    loans: list[int] = field(default_factory=list)
    keeps: list[int] = field(default_factory=list)
    beagle: int | None = None   # (the BEAGLE BOYS card in front of them)

    @property
    def hand(self) -> int:
        """How many Affärstipskort the player holds."""
        return len(self.tips) + self.tips_unseen

    def held(self, kind: str) -> int:
        """How many properties of ``kind`` (a 5-card counts five)."""
        return self.ones[kind] + 5 * self.fives[kind]

    @property
    def standing_on(self) -> str:
        """The square the pawn stands on (asked once the pawns are placed)."""
        return required(self.square, "the pawn is not on the board yet")

    def copy(self) -> "Player":
        new = fresh_copy(self)
        new.ones, new.fives = dict(self.ones), dict(self.fives)
        new.options, new.tips, new.loans, new.keeps = list(self.options), \
            list(self.tips), list(self.loans), list(self.keeps)
        return new


@dataclass(frozen=True, slots=True)
class Task:
    """Something the turn still has to do: its ``kind`` (the decision's, or an automatic
    step's), whose it is, and what it needs (an effect, a kind of property, an amount)."""

    kind: str
    player: int | None
    effect: Effect | None = None
    card: Card | None = None
    what: str | None = None
    amount: int = 0
    creditor: int | None = None
    why: str = ""
    deck: str = ""

    @property
    def seat(self) -> int:
        """The player the task is for (a player's task always names one)."""
        return required(self.player, "the task %r is no player's", self.kind)

    @property
    def act(self) -> Effect:
        """The effect the task carries out (a task of an effect always has one)."""
        return required(self.effect, "the task %r carries out no effect", self.kind)

    @property
    def of_card(self) -> Card:
        """The card the task comes from (a task of a card always has one)."""
        return required(self.card, "the task %r comes from no card", self.kind)

    @property
    def word(self) -> str:
        """What the task needs in a word: a kind of property, a deck (a task that needs
        one always has it)."""
        return required(self.what, "the task %r needs no word", self.kind)

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


#: The task kinds a player decides (the others are chance's, or the rules' own).
DECISIONS = frozenset({"place", "start", "move", "trade", "choose", "auction", "swap",
                       "take", "buy", "extra", "change", "option", "debt", "inline",
                       "end", "borrow", "lot", "bid", "raise", "rumour"})
CHANCE = frozenset({"value", "roll", "news", "joakim", "club", "joakim die", "peek", "tips"})


@dataclass
class State:
    """The game between two moves."""

    table: Table
    players: list[Player]
    values: dict[str, int]
    bank_ones: dict[str, int]
    bank_fives: dict[str, int]
    tasks: list[Task]
    turn: int = 0                   # whose turn it is
    turns: int = 0                  # turns begun (the setup is turn 0)
    news: list[int] = field(default_factory=list)       # the newspaper's cards to draw
    news_used: list[int] = field(default_factory=list)  # drawn, back at the next shuffle
    news_gone: set[int] = field(default_factory=set)    # one-time cards drawn for good
    joakim: list[int] = field(default_factory=list)     # the Joakim pile
    club: list[int] = field(default_factory=list)       # the Miljardärsklubben pile
    crown: int | None = None        # who holds the lucky crown
    crown_since: int = 0            # the turn it was received in
    closed: bool = False            # "Miljardärsklubben stängd" face up
    news_drawn: int = 0             # newspaper cards drawn (the one-time variant)
    #: The top newspapers someone peeked at, in order (``None``: a card the record's seat
    #: did not see); the next draws take them.
    peeked: list[int | None] = field(default_factory=list)
    #: Options bought from cards written inline: (kind, the five's price) by card.
    inline_options: dict[int, tuple[str, int]] = field(default_factory=dict)
    #: Joakim cards kept from cards written inline: what each does, by card (J30).
    inline_keeps: dict[int, str] = field(default_factory=dict)
    winner: int | None = None
    over: bool = False
    fresh: bool = False             # the turn has not begun: a lucky crown may step in
    # --- the Business Sharks variant (``sharks.py``) ---
    #: Affärstipskort never drawn yet, on top of the pile, in an order nobody knows...
    tips_fresh: int = 0
    #: ... and under them those played since, in the order played ("placed at the bottom
    #: of the pile").
    tips_under: list[int] = field(default_factory=list)
    #: The Affärstipskort whose place the record does not know (the fresh ones and the
    #: cards in hands it did not see): ``tips_fresh`` plus every ``tips_unseen``.
    tips_unknown: set[int] = field(default_factory=set)
    loans_left: dict[int, int] = field(default_factory=dict)   # loan cards in the bank
    tip_played: bool = False        # the player moving has played an Affärstipskort
    ended: bool = False             # ... and has been asked for the end of their move
    #: What was just done that a card played out of turn may answer: ("bought", seat,
    #: kind, 1-cards, 5-cards), cleared by the next move.
    just: tuple | None = None
    sealed: sharks.Sealed | None = None   # a closed auction under way
    #: The players the Beagle Boys made miss the move just passed over (J27): a die
    #: written for one of them is told so.
    missed: tuple[int, ...] = ()

    @property
    def board(self) -> Components:
        return self.table.board

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    def active(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if not p.out]

    def _repr_html_(self) -> str:
        """The board, the tray and the players, drawn (a state shown in a notebook cell,
        as every game's is; the drawing, a view of the state, is imported when asked)."""
        from ..board import table_html

        return table_html(self)

    def become(self, other: State) -> None:
        """Take on every field of ``other``: a copy played ahead of this state, kept once
        it was legal (field by field: a state of the compiled build has no ``__dict__``)."""
        for f in fields(self):
            setattr(self, f.name, getattr(other, f.name))


class JoakimRules:
    """The engine interface (``mclog.engine``) of the basic game."""

    # --- the interface -----------------------------------------------------------------

    def new_state(self, table: Table) -> State:
        board = table.board
        n = len(table.names)
        tasks = [] if board.inline else [Task("place", s) for s in range(n)]
        tasks += [Task("start", s) for s in range(n)] + \
            [Task("value", None, what=k) for k in KINDS]
        if board.inline:   # (no card file: any number may be drawn, J19)
            gone: set[int] = set()
            news, joakim, club = list(range(1, 41)), list(range(1, 20)), list(range(1, 20))
        else:
            gone = {c for c in board.news if table.dividend == "out" and
                    _is_dividend(board.news[c])}   # ("sort it out of the game")
            news = [c for c in board.news if c not in gone]
            joakim = list(board.joakim) if table.sharks else list(board.basic_joakim())
            club = list(board.club)
        state = State(table, [Player(table.cash) for _ in range(n)],
                      dict.fromkeys(KINDS, 0),
                      {k: v[0] for k, v in board.properties.items()},
                      {k: v[1] for k, v in board.properties.items()}, tasks,
                      news=news, news_gone=gone, joakim=joakim, club=club)
        if table.sharks:   # (without a card file, J30: the rulebook's 31 and 29 cards)
            state.tips_unknown = set(board.tips or range(1, TIPS + 1))
            state.tips_fresh = len(state.tips_unknown)
            state.loans_left = dict(board.loans)
            if board.inline:
                state.joakim = list(range(1, JOAKIM_CARDS + 1))
        return state

    def decision(self, state: State) -> Decision | None:
        if state.over:
            return None
        task = state.tasks[0]
        return Decision(None if task.kind in CHANCE else task.player, task.kind)

    def describe(self, state: State) -> str:
        return _describe(state)

    def legal(self, state: State) -> Sequence | None:
        if state.over:
            return None
        task = state.tasks[0]
        return _LEGAL[task.kind](state, task)

    def play(self, state: State, move: Any, watch: Watch | None = None) -> None:
        if state.over:
            raise RuleError("the game is over", "Who Wins?")
        task = state.tasks[0]
        just = state.just
        if type(move) is Tip and sharks.out_of_turn(state, move):   # (on another's move, J25)
            _seated(state, move)
            sharks.play_out_of_turn(state, move, watch)
            _advance(state, watch)
            return
        if task.kind == "inline" and type(move) not in _INLINE and not (
                isinstance(move, Crown) and move.use == "gets"):
            # (the card's effects end with the first item that is none of them: that
            # item is played after them, on a copy, so that a refused one leaves the
            # state as it was)
            after = self.copy(state)
            after.tasks.pop(0)
            _advance(after, watch)
            self.play(after, move, watch)
            state.become(after)
            return
        if _declinable(task) and not _fits(task, move):
            # (J20: a choice the player may decline, and the record goes on without it:
            # declined, and the move played after it, on a copy as above)
            after = self.copy(state)
            _pass(after, after.tasks[0], Pass(task.seat), watch)
            _advance(after, watch)
            if after.over:
                raise RuleError("the game is over", "Who Wins?")
            self.play(after, move, watch)
            state.become(after)
            return
        if isinstance(move, Crown):
            _seated(state, move)
            if move.use == "gets":
                _inline_effect(state, task, move, watch)
            else:
                _crown(state, task, move, watch)
        elif task.kind == "inline":
            _seated(state, move)
            _inline_effect(state, task, move, watch)
        else:
            handler = _PLAY.get((task.kind, type(move)))
            if handler is None:
                raise RuleError(f"{_wanted(state, task)}, not {_said(state, move)}",
                                "How the Game Is Played", due=(task.kind, task.player))
            if task.kind in DECISIONS and task.kind not in ANYONE and type(move) is not Deal:
                if move.player != task.player:   # (the question is one player's)
                    raise RuleError(
                        f"it is {state.names[task.seat]}'s decision ({self.describe(state)}),"
                        f" not {seat_name(state.names, move.player, _HOW)}'s", _HOW)
                if len(_seat_fields(type(move))) > 1:   # (the other player of an exchange)
                    _seated(state, move)
            else:   # (a card drawn, a sale, a payment: the move says whose)
                _seated(state, move)
            handler(state, task, move, watch)
        if state.just is just:   # (what a card out of turn may answer lasts one move)
            state.just = None
        _advance(state, watch)

    def chance(self, state: State, rng: random.Random) -> Any:
        task = state.tasks[0]
        if task.kind == "value":
            return Value(task.word, rng.randint(1, 6))
        if task.kind == "roll":
            return Roll(task.seat, rng.randint(1, 6))
        if task.kind == "joakim die":
            return Home(rng.randint(1, 6))
        if task.kind == "peek":   # (the top of a shuffled pile: any cards, in some order)
            cards = rng.sample(sorted(state.news), min(task.amount, len(state.news)))
            return Peek(task.seat, *cards)
        if task.kind == "tips":
            return sharks.chance_tips(state, task, rng)
        answers = required(_LEGAL[task.kind](state, task), "chance's %r lists no answers",
                           task.kind)
        return answers[rng.randrange(len(answers))]

    def copy(self, state: State) -> State:
        new = fresh_copy(state)
        new.players = [p.copy() for p in state.players]
        new.values, new.bank_ones, new.bank_fives = dict(state.values), \
            dict(state.bank_ones), dict(state.bank_fives)
        new.tasks, new.news, new.joakim, new.club = list(state.tasks), list(state.news), \
            list(state.joakim), list(state.club)
        new.news_gone, new.news_used = set(state.news_gone), list(state.news_used)
        new.peeked = list(state.peeked)
        new.inline_options, new.inline_keeps = dict(state.inline_options), \
            dict(state.inline_keeps)
        if state.table.sharks:
            new.tips_under, new.tips_unknown = list(state.tips_under), set(state.tips_unknown)
            new.loans_left = dict(state.loans_left)
            if state.sealed is not None:
                new.sealed = state.sealed.copy()
        return new


#: The decisions a player other than the task's may answer: an auction's bidder, the
#: holder of DON'T BELIEVE ALL THE RUMOURS.
ANYONE = frozenset({"auction", "rumour"})


def _declinable(task: Task) -> bool:
    """A decision the player may let go: a trade at a property square, a card's "you
    may" (buy, an extra draw, an option, an exchange with the bank); in the Business
    Sharks variant the end of a move, a loan, a closed bid and a rumour left believed."""
    return task.kind in ("trade", "extra", "option", "change", "end", "borrow", "bid",
                         "raise", "rumour") or (
        task.kind == "buy" and task.effect is not None and task.effect.may)


def _fits(task: Task, move: Any) -> bool:
    """Whether ``move`` answers ``task`` (right or wrong), rather than coming after it."""
    if isinstance(move, Crown):
        return move.use == "double" and move.player == task.player
    if task.kind == "rumour":
        return isinstance(move, Disbelieve) or move == Pass(task.seat)
    if type(move) is Deal and (task.kind, Deal) in _PLAY:
        return True
    return (task.kind, type(move)) in _PLAY and getattr(move, "player", None) == task.player


def _describe(state: State) -> str:
    """The next question in a player's words (the engine's ``describe``, and the head of
    a refusal: "now comes: ...")."""
    if state.over:
        return "the game is over"
    task = state.tasks[0]
    names = state.names
    who = names[task.player] if task.player is not None else ""
    if task.kind == "buy":
        return f"{who} buys {_effect_words(task.effect)}" + (
            " (or passes)" if task.act.may else "")
    if task.kind == "debt":
        return (f"{who} owes {task.amount} and has {state.players[task.seat].cash}: "
                "sells properties at half market value")
    if task.kind == "inline":
        extra = "borrow, keep, rumour, interest, lot, " if state.table.sharks else ""
        return (f"what {who}'s card does, item by item (values, earn, pay, buy, "
                f"sell, give, get, swap, take, auction, {extra}...), then the next turn")
    if task.kind == "move" and state.board.inline:
        squares = _count(task.amount, "square") if task.amount else "to any square"
        return f"{who} moves {squares}: the kind of square landed on"
    if task.kind == "choose":
        return f"{who} chooses the kind of property ({_effect_words(task.effect)})"
    said = sharks.describe(state, task)
    if said is not None:
        return said
    return {
        "place": f"{who} places their pawn on a square",
        "start": f"{who} takes their {STARTING} properties",
        "value": f"the die for the starting market value of {task.what}",
        "roll": f"{who}'s die (or a lucky crown: before, or go to a square)",
        "move": f"{who} moves {_count(task.amount, 'square')}",
        "trade": f"{who} buys or sells {task.what}, or passes",
        "news": f"the next number of Ankeborgstidningen, for {who}",
        "joakim": f"a Joakim card, for {who}",
        "club": f"a Miljardärsklubben card, for {who}",
        "joakim die": f"{who}'s die at Farbror Joakim's (4 to 6: he is at home)",
        "peek": f"{who} peeks at the top {task.amount} newspaper"
                + ("s" if task.amount > 1 else "") + " (? for what you did not see)",
        "auction": f"the auction of {task.what}: who bid the most (or unsold)",
        "swap": f"{who} exchanges a property with another player",
        "take": f"{who} takes a property from another player",
        "extra": f"{who} makes an extra draw, or passes",
        "change": f"{who} exchanges one property with the bank, or passes",
        "option": f"{who} buys the option card, or passes",
    }[task.kind]


# --- words -------------------------------------------------------------------------------

def _why(card: Card | None) -> str:
    """What a card's money is told to a watch as: its deck, number and heading
    (``news 21: Shipping boom``), so that an analysis can group it by deck.  Money that
    a trade of one kind moves says the kind last (``bought gold``, ``a forced sale of
    oil``, ``news 6: Oil crash: bought bank``), so that an analysis can group it by
    kind."""
    if card is None:
        return "a card written in the record"
    return f"{card.deck} {card.number}: {card.title}"


def _is_dividend(card: Card) -> bool:
    return any(e.do == "dividend" for e in card.all)


def _effect_words(effect: Effect | None) -> str:
    if effect is None:
        return ""
    kind = "a property of your choice" if effect.kind in (None, "any") else effect.kind
    if effect.do in ("buy", "obtain", "sell") and effect.kind not in (None, "any"):
        kind = kind_count(effect.kind, effect.count or 1)
    return {"value": f"its market value moves by {effect.by}",
            "rumour": f"the rumour's market value moves by {effect.by}",
            "give": "the worthless property given back", "auction": "the auction",
            "buy": f"{kind}", "obtain": f"{kind}, free", "sell": f"{kind} sold"}.get(
        effect.do, effect.do)


#: The record's word for a move whose class is named otherwise (every other move's word is
#: its class's name in lowercase: ``Roll`` is ``roll``).
_WORD_OF = {JoakimCard: "joakim", ClubCard: "club"}


def _seated(state: State, move: Any) -> None:
    """Refuse a move that names a seat no player sits in (in any of its fields that name
    one, ``_seat_fields``), as ``seat_name`` says.  ``play`` asks it wherever the move's
    player is not compared with the player whose question it is: the seat of a card
    drawn, a sale or a payment is the move's to say, and a seat of -1 would otherwise be
    the last player's."""
    for field in _seat_fields(type(move)):
        who = getattr(move, field)
        if who is not None:
            seat_name(state.names, who, _HOW)


def _seat_fields(kind: type) -> tuple[str, ...]:
    """The fields of a kind of move that name a seat: its player first, then the other
    player of a deal, an exchange or an inspection, the player a BEAGLE BOYS card is
    placed in front of (found at its first move, then kept: many moves ask)."""
    fields = _SEAT_FIELDS.get(kind)
    if fields is None:
        named = getattr(kind, "__dataclass_fields__", {})
        fields = _SEAT_FIELDS[kind] = tuple(f for f in ("player", "other", "on")
                                            if f in named)
    return fields


#: ``_seat_fields`` by kind of move.
_SEAT_FIELDS: dict[type, tuple[str, ...]] = {}
#: The section of the rulebook that seats the players and says whose turn it is.
_HOW = "How the Game Is Played"


def _said(state: State, move: Any) -> str:
    """A move as a refusal names it, in the record's words: a card drawn as the record
    writes it (``'joakim 3'``), a player's move by its word (``'borrow' by Ann``); never a
    class's name (the player wrote ``joakim``, not ``JoakimCard``)."""
    word = _WORD_OF.get(type(move), type(move).__name__.lower())
    who = getattr(move, "player", None)
    if who is not None:
        return f"'{word}' by {seat_name(state.names, who, _HOW)}"
    card = getattr(move, "card", None)
    return f"'{word} {card}'" if isinstance(card, int) else f"'{word}'"


def _wanted(state: State, task: Task) -> str:
    return f"now comes: {_describe(state)}"


# --- money and properties -------------------------------------------------------------------

def clamp(value: int) -> int:
    """A market value, or a price above or below it, kept within 1 to 25 (General
    Rules: "a property can NEVER become worth more than 25 million or less than 1")."""
    return LOWEST if value < LOWEST else HIGHEST if value > HIGHEST else value


def _money(state: State, seat: int, amount: int, why: str, watch: Watch | None) -> None:
    state.players[seat].cash += amount
    if watch is not None and amount:
        watch.money_moved(seat, amount, why)


def _made_of(n: int, ones_there: int, fives_there: int) -> tuple[int, int] | None:
    """(1-cards, 5-cards) that make ``n`` properties from the cards there, as many 5-cards
    as can be (J2), or None where they cannot: "you may never exchange".  (The legal
    moves ask this thousands of times a game: it raises nothing.)"""
    fives = min(fives_there, n // 5)   # (fewer 5-cards would only need more 1-cards)
    ones = n - 5 * fives
    return (ones, fives) if ones <= ones_there else None


def _cards(n: int, fives: int | None, ones_there: int, fives_there: int, where: str,
           kind: str) -> tuple[int, int]:
    """(1-cards, 5-cards) that make ``n`` properties of ``kind`` from ``where``'s cards:
    as many 5-cards as can be unless ``fives`` says how many (J2).  The rulebook: "you
    may never exchange", so ``n`` must be made of the cards there."""
    if fives is None:
        made = _made_of(n, ones_there, fives_there)
        if made is not None:
            return made
        fives = min(fives_there, n // 5)
    if 5 * fives > n:
        raise RuleError(f"{fives} 5-cards are more than {n} {kind} properties", "J2")
    ones = n - 5 * fives
    if fives > fives_there or ones > ones_there:
        with_fives = f" with {_count(fives, '5-card')}" if fives else ""
        raise RuleError(f"{where} has no cards that make {kind_count(kind, n)}{with_fives}"
                        f" ({_count(ones_there, '1-card')}, {_count(fives_there, '5-card')})"
                        "; nobody makes change (\"you may never exchange\")",
                        "Property Squares")
    return ones, fives


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def _from_bank(state: State, seat: int, kind: str, ones: int, fives: int) -> None:
    p = state.players[seat]
    state.bank_ones[kind] -= ones
    state.bank_fives[kind] -= fives
    p.ones[kind] += ones
    p.fives[kind] += fives


def _to_bank(state: State, seat: int, kind: str, ones: int, fives: int) -> None:
    _from_bank(state, seat, kind, -ones, -fives)


def _lot_from_bank(state: State, seat: int, kind: str) -> None:
    """Five properties of ``kind`` to ``seat``: an auction's lot, an option's five (a
    5-card where the bank has one)."""
    ones, fives = _cards(5, None, state.bank_ones[kind], state.bank_fives[kind], "the bank",
                         kind)
    _from_bank(state, seat, kind, ones, fives)


def _bank_can(state: State, kind: str, n: int) -> bool:
    return _made_of(n, state.bank_ones[kind], state.bank_fives[kind]) is not None


def _one_card(p: Player, kind: str) -> tuple[int, int] | None:
    """The card a player gives up for "a property" without compensation: a 1-card, or a
    5-card where they hold no 1 (General Rules)."""
    if p.ones[kind]:
        return 1, 0
    if p.fives[kind]:
        return 0, 1
    return None


def _half(state: State, kind: str) -> int:
    """What the bank pays for a property in a forced sale: half the market value, rounded
    down (General Rules: "to your own disadvantage")."""
    return state.values[kind] // 2


def _charge(state: State, seat: int, amount: int, creditor: int | None, why: str,
            watch: Watch | None, front: list[Task]) -> None:
    """``seat`` pays ``amount`` (to ``creditor``, or the bank): at once when the cash is
    there; else a debt (a task of forced sales, J6), added to ``front``; and where even
    selling everything would not cover it, the player leaves the game (General Rules).
    The last player in the game pays nothing more: they have won (J7), even where the
    others left a moment ago, on the card that charges ``seat`` now."""
    if amount <= 0 or state.active() == [seat]:
        return
    p = state.players[seat]
    if p.cash >= amount:
        _money(state, seat, -amount, why, watch)
        if creditor is not None:
            _money(state, creditor, amount, why, watch)
        return
    worth = p.cash + sum(p.held(k) * _half(state, k) for k in KINDS)
    if worth < amount:
        _leave(state, seat, creditor, why, watch)
        return
    front.append(Task("debt", seat, amount=amount, creditor=creditor, why=why))


def _leave(state: State, seat: int, creditor: int | None, why: str,
           watch: Watch | None) -> None:
    """A player who cannot pay leaves the game: everything they had goes to whom they
    owed (the properties to the bank, sold at half value for it; J7)."""
    p = state.players[seat]
    total = p.cash + sum(p.held(k) * _half(state, k) for k in KINDS)
    _money(state, seat, -p.cash, why, watch)
    if creditor is not None and total:
        _money(state, creditor, total, why, watch)
    for k in KINDS:
        _to_bank(state, seat, k, p.ones[k], p.fives[k])
    state.club.extend(p.options)
    p.options = []
    p.out, p.square = True, None
    if state.crown == seat:
        state.crown = None
    if state.table.sharks:
        sharks.leave(state, seat)
    state.tasks = [t for t in state.tasks if t.player != seat or
                   (t.kind == "effect" and t.what == "all")]


# --- the squares -------------------------------------------------------------------------

def _reachable(state: State, start: str, steps: int) -> set[str] | frozenset[str]:
    """The squares a pawn may end on from ``start`` after exactly ``steps`` squares: up,
    down, left or right, never entering a square twice (nor its start), never ending on
    another pawn (jumping over one is allowed), never on a closed club's square."""
    board = state.board
    ends = board.ends(start, steps) - {p.square for p in state.players if not p.out}
    if state.closed:
        return {s for s in ends if board.squares[s] != BILLIONAIRES}
    return ends


def _land(state: State, seat: int, square: str, watch: Watch | None) -> list[Task]:
    """What the square a pawn ends on brings, as tasks."""
    kind = state.board.squares.get(square, square)   # (inline: the kind itself)
    if kind == EXCHANGE:
        if state.table.sharks:   # (Affärstipskort instead of the million)
            return sharks.at_exchange(state, seat)
        _money(state, seat, 1, "the Stock Exchange", watch)
        return []
    if kind == NEWSPAPER:
        return [Task("news", seat)]
    if kind == UNCLE:
        return [Task("joakim die", seat)]
    if kind == BILLIONAIRES:
        return [Task("club", seat)]
    return [Task("trade", seat, what=kind)]


def _occupied(state: State, square: str, seat: int) -> str | None:
    for s, p in enumerate(state.players):
        if s != seat and not p.out and p.square == square:
            return state.names[s]
    return None


def _square(state: State, square: str | None) -> None:
    if square not in state.board.squares:
        raise RuleError(f"there is no square {square} on this board (its squares are "
                        f"{_squares_said(state)})", "Movement")


def _squares_said(state: State) -> str:
    names = list(state.board.squares)
    return f"{names[0]} to {names[-1]}"


# --- setup ----------------------------------------------------------------------------------

def _place(state: State, task: Task, move: Place, watch: Watch | None) -> None:
    _square(state, move.square)
    who = _occupied(state, move.square, move.player)
    if who:
        raise RuleError(f"{who}'s pawn is on {move.square} already", "J1")
    state.players[move.player].square = move.square
    state.tasks.pop(0)


def _start(state: State, task: Task, move: Start, watch: Watch | None) -> None:
    counts = move.counts()
    total = sum(counts.values())
    if total != STARTING:
        raise RuleError(f"each player takes {STARTING} properties at the setup, not "
                        f"{total}", "Setup")
    taken = {k: _cards(n, None, state.bank_ones[k], state.bank_fives[k], "the bank", k)
             for k, n in counts.items()}
    for k, (ones, fives) in taken.items():
        _from_bank(state, move.player, k, ones, fives)
    state.tasks.pop(0)


def _value(state: State, task: Task, move: Value, watch: Watch | None) -> None:
    _die(move)
    if move.kind != task.what:
        raise RuleError(f"the starting market values are rolled from left to right: "
                        f"{task.what} now, not {move.kind}", "Setup")
    state.values[task.what] = move.pips
    state.tasks.pop(0)
    if not any(t.kind == "value" for t in state.tasks):
        state.turns = 1
        state.fresh = True
        state.tasks.append(Task("roll", 0))


def _die(move: Any) -> None:
    if not 1 <= move.pips <= 6:
        raise RuleError(f"a die shows 1 to 6, not {move.pips}", "How the Game Is Played",
                        "pips")


# --- a turn ---------------------------------------------------------------------------------

def _roll(state: State, task: Task, move: Roll, watch: Watch | None) -> None:
    _die(move)
    if move.player != task.player:
        name = state.names[move.player]
        # (the way a player moves out of turn, said where this one could have taken it)
        could = state.crown == move.player and state.crown_since < state.turns and \
            state.fresh
        raise RuleError(f"it is {state.names[task.seat]}'s move, not {name}'s" +
                        _why_not(state, move.player, could), "How the Game Is Played")
    state.fresh = False
    ends = state.board.inline or _reachable(state, state.players[task.seat].standing_on,
                                            move.pips)
    # (J3: with no square to end on, the pawn stays where it is and the turn ends)
    state.tasks[0:1] = [Task("move", task.player, amount=move.pips)] if ends else []


def _why_not(state: State, seat: int, could: bool) -> str:
    """Why the die of ``seat`` is not the one the record needs now, where there is more to
    say than whose move it is: a player out of the game, a move the Beagle Boys took away
    (both are easily forgotten at the table), a lucky crown that could go before."""
    name = state.names[seat]
    if state.players[seat].out:
        return f": {name} is out of the game"
    if seat in state.missed:
        return f": {name} misses this move, for THE BEAGLE BOYS (J27)"
    return f" (the lucky crown goes before: 'crown {name} before')" if could else ""


def _move(state: State, task: Task, move: Move, watch: Watch | None) -> None:
    if state.board.inline:
        raise RuleError("this record has no board file ([Components \"inline\"]): say "
                        f"the kind of square: 'land {state.names[task.seat]} news'", "J19")
    _square(state, move.square)
    p = state.players[task.seat]
    ends = _reachable(state, p.standing_on, task.amount)
    if move.square not in ends:
        who = _occupied(state, move.square, task.seat)
        why = (f"{who}'s pawn is there" if who else
               "the Billionaires' Club is closed" if state.closed and
               state.board.squares[move.square] == BILLIONAIRES else
               f"no path of exactly {_count(task.amount, 'square')} (up, down, left or right, "
               f"never the same square twice) leads there from {p.square}")
        raise RuleError(f"{state.names[task.seat]} cannot end on {move.square}: {why}",
                        "J3" if state.closed and state.board.squares[move.square] ==
                        BILLIONAIRES else "Movement", "square")
    p.square = move.square
    state.tasks[0:1] = _land(state, task.seat, move.square, watch)


def _land_on(state: State, task: Task, move: Land, watch: Watch | None) -> None:
    """Without a board: the square's kind, stated and trusted (J19)."""
    if not state.board.inline:
        raise RuleError(f"this record's board names the squares: say which, 'move "
                        f"{state.names[task.seat]} c3'", "J19")
    if move.square == "club" and state.closed:
        raise RuleError("the Billionaires' Club is closed", "J3")
    state.tasks[0:1] = _land(state, task.seat, move.square, watch)


def _trade_buy(state: State, task: Task, move: Buy, watch: Watch | None) -> None:
    kind = task.what
    if move.kind != kind:
        raise RuleError(f"on a {kind} square only {kind} properties are bought or sold, not "
                        f"{move.kind}", "Property Squares")
    _buy_cards(state, move, state.values[kind], watch, "Property Squares")
    state.tasks.pop(0)
    if state.table.sharks:
        sharks.trade_moves_value(state, kind, move.count, up=True)


def _buy_cards(state: State, move: Buy, price: int, watch: Watch | None, rule: str,
               most: int = MOST) -> None:
    if move.count > most:
        raise RuleError(f"at most {most} properties at a time, not {move.count}", rule,
                        "count")
    ones, fives = _cards(move.count, move.fives, state.bank_ones[move.kind],
                         state.bank_fives[move.kind], "the bank", move.kind)
    cost = move.count * price
    p = state.players[move.player]
    if cost > p.cash:
        raise RuleError(f"{kind_count(move.kind, move.count)} at {price} cost {cost}; "
                        f"{state.names[move.player]} has {p.cash}", rule)
    _money(state, move.player, -cost, f"bought {move.kind}", watch)
    _from_bank(state, move.player, move.kind, ones, fives)
    state.just = ("bought", move.player, move.kind, ones, fives)


def _trade_sell(state: State, task: Task, move: Sell, watch: Watch | None) -> None:
    kind = task.what
    if move.kind != kind:
        raise RuleError(f"on a {kind} square only {kind} properties are bought or sold, not "
                        f"{move.kind}", "Property Squares")
    if move.count > MOST:
        raise RuleError(f"at most {MOST} properties at a time, not {move.count}",
                        "Property Squares", "count")
    _sell_cards(state, move, state.values[kind], watch, f"sold {kind}")
    state.tasks.pop(0)
    if state.table.sharks:
        sharks.trade_moves_value(state, kind, move.count, up=False)


def _sell_cards(state: State, move: Sell, price: int, watch: Watch | None, why: str) -> None:
    p = state.players[move.player]
    ones, fives = _cards(move.count, move.fives, p.ones[move.kind], p.fives[move.kind],
                         state.names[move.player], move.kind)
    _to_bank(state, move.player, move.kind, ones, fives)
    _money(state, move.player, move.count * price, why, watch)


def _pass(state: State, task: Task, move: Pass, watch: Watch | None) -> None:
    if task.kind == "buy" and not task.act.may:
        raise RuleError(f"the card says {state.names[task.seat]} buys: it is no "
                        "choice", "Farbror Joakim")
    if task.kind == "option":
        state.club.append(task.of_card.number)   # (back at the bottom of the pile)
    if task.kind == "rumour":   # (nobody disbelieves it)
        sharks.believe(state, task.act, task.word)
    state.tasks.pop(0)


def _exercise(state: State, task: Task, move: Exercise, watch: Watch | None) -> None:
    p = state.players[move.player]
    if move.card not in p.options:
        raise RuleError(f"{state.names[move.player]} holds no option card {move.card}",
                        "The Miljardärsklubben")
    effect = _option_effect(state, move.card)
    kind, price = given(effect.kind, "kind"), given(effect.price, "price")
    if kind != task.what:
        raise RuleError(f"option card {move.card} is for {kind}, and this square is "
                        f"for {task.what}", "The Miljardärsklubben")
    if not _bank_can(state, kind, 5):
        raise RuleError(f"the bank has not 5 {kind} properties for the option",
                        "The Miljardärsklubben")
    if p.cash < price:
        raise RuleError(f"the option's 5 {kind} cost {price}; "
                        f"{state.names[move.player]} has {p.cash}", "The Miljardärsklubben")
    _money(state, move.player, -price, f"an option used on {kind}", watch)
    _lot_from_bank(state, move.player, kind)
    p.options.remove(move.card)
    state.club.append(move.card)
    state.tasks.pop(0)


def _option_effect(state: State, number: int) -> Effect:
    """The OPTION of a club card a player holds: its file's text, or what the record
    wrote when it was bought (inline)."""
    if number in state.inline_options:
        kind, price = state.inline_options[number]
        return Effect("option", kind=kind, price=price)
    return next(e for e in state.board.club[number].you if e.do == "option")


# --- cards ----------------------------------------------------------------------------------

def _draw_card(state: State, task: Task, move: Any, watch: Watch | None) -> None:
    deck = task.kind
    if state.board.inline:   # (J19: the card's number, then what it did, item by item)
        top = {"news": 40, "joakim": 29, "club": 19}[deck]
        if not 1 <= move.card <= top:
            raise RuleError(f"the box holds {top} of these cards, numbered 1 to {top}",
                            "Setup")
        if deck == "news":
            if state.peeked:
                if state.peeked[0] not in (None, move.card):
                    raise RuleError(f"the top newspaper is number {state.peeked[0]}: it "
                                    "was peeked at with an advance tip", "J18")
                state.peeked.pop(0)
            state.news_drawn += 1
        state.tasks[0] = Task("inline", task.player, deck=deck, amount=move.card)
        return
    pile = {"news": state.news, "joakim": state.joakim, "club": state.club}[deck]
    if move.card not in pile:
        cards = {"news": state.board.news, "joakim": state.board.joakim,
                 "club": state.board.club}[deck]
        what = {"news": "Ankeborgstidningen", "joakim": "Joakim",
                "club": "Miljardärsklubben"}[deck]
        if move.card not in cards:
            raise RuleError(f"there is no {what} card {move.card} (they are numbered "
                            f"{min(cards)} to {max(cards)})", "Setup", "card")
        why = ("a shark card: the basic game sets it aside" if deck == "joakim" and
               cards[move.card].shark else
               "it is out of the game (a one-time card)" if move.card in state.news_gone
               else "it has been drawn since the last shuffle" if deck == "news" else
               "a player holds it")
        raise RuleError(f"{what} card {move.card} cannot be drawn now: {why}",
                        "J4" if deck == "news" else "J5")
    card = {"news": state.board.news, "joakim": state.board.joakim,
            "club": state.board.club}[deck][move.card]
    if deck == "news" and state.peeked:
        peeked = state.peeked[0]
        if peeked is not None and peeked != move.card:
            raise RuleError(f"the top newspaper is number {peeked}: it was peeked at with an "
                            f"advance tip", "J18")
        state.peeked.pop(0)
    pile.remove(move.card)
    if deck == "news":
        state.news_drawn += 1
        if state.table.newspapers == "once" or (state.table.dividend == "once" and
                                                _is_dividend(card)):
            state.news_gone.add(move.card)   # (one-time: out of the game once followed)
        else:
            state.news_used.append(move.card)   # (face up until the next shuffle: J4)
    elif deck == "joakim":
        if not card.does("inspect", "disbelieve"):   # ("And keep the card")
            state.joakim.append(move.card)   # (J5: back at the bottom of the pile)
    elif not any(e.do == "option" for e in card.you):
        state.club.append(move.card)
    state.tasks[0:1] = [Task("effect", task.player, e, card, what=heading, deck=deck)
                        for heading, effects in (("all", card.all), ("you", card.you))
                        for e in effects]


def _peek(state: State, task: Task, move: Peek, watch: Watch | None) -> None:
    """ADVANCE TIP (J18): the cards seen must be in the pile, distinct, and as many as
    the card allows; they are the next ones drawn."""
    if move.player != task.player:
        raise RuleError(f"the advance tip is {state.names[task.seat]}'s, not "
                        f"{state.names[move.player]}'s", "Farbror Joakim")
    cards = [move.first] + ([move.second] if move.second is not None or task.amount > 1
                            else [])
    if len(cards) != task.amount:
        raise RuleError(f"the card lets {state.names[task.player]} peek at {task.amount} "
                        f"newspaper{'s' if task.amount > 1 else ''}: 'peek "
                        f"{state.names[task.player]} "
                        + ("17 and 23'" if task.amount > 1 else "17'")
                        + " (? for a card you did not see)", "J18")
    known = [c for c in cards if c is not None]
    watcher = state.table.seat
    if known and watcher not in (None, move.player):
        raise RuleError(f"the record is written from {state.names[watcher]}'s seat, and "
                        f"{state.names[watcher]} does not see what "
                        f"{state.names[move.player]} peeked at: write 'peek "
                        f"{state.names[move.player]} ?'", "J31")
    for c in known:
        if c not in state.news:
            raise RuleError(f"newspaper {c} is not in the pile to be peeked at", "J18")
    if len(set(known)) != len(known):
        raise RuleError("the two peeked newspapers are two cards", "J18")
    state.peeked = cards
    state.tasks.pop(0)


def _joakim_die(state: State, task: Task, move: Home, watch: Watch | None) -> None:
    _die(move)
    state.tasks[0:1] = [Task("joakim", task.player)] if move.pips >= AT_HOME else []


def _shuffle(state: State) -> None:
    """The drawn newspaper cards back into the pile (not the one-time ones): the
    "Billionaires' Club is closed" card with them, so the club opens again (J8).  With
    one-time newspapers there is no shuffle ("ignoring the text Shuffle")."""
    if state.table.newspapers == "once":
        return
    state.news.extend(sorted(state.news_used))
    state.news_used = []
    state.peeked = []   # (the pile shuffled: what was on top is no longer known)
    state.closed = False


def _effect(state: State, task: Task, watch: Watch | None) -> list[Task]:
    """An effect's tasks: done at once where the rules need no choice, or a decision."""
    e, seat = task.act, task.seat
    everyone = task.what == "all"
    order = _clockwise(state, seat)
    out: list[Task] = []
    if e.do == "value":
        if e.kind == "any":
            return [Task("choose", seat, e, task.card)]
        by = given(e.by, "by")
        for k in (KINDS if e.kind == "all" else (given(e.kind, "kind"),)):
            state.values[k] = clamp(state.values[k] + by)
        return []
    if e.do in ("earn", "pay", "earn_each", "pay_each"):
        each = e.do.endswith("each")
        for s in (order if everyone else [seat]):
            amount = given(e.amount, "amount") * (
                state.players[s].held(given(e.kind, "kind")) if each else 1)
            if e.do.startswith("earn"):
                _money(state, s, amount, _why(task.card), watch)
            else:
                _charge(state, s, amount, None, _why(task.card), watch, out)
        return out
    if e.do == "dividend":
        for s in order:
            amount = state.players[s].cash * given(e.percent, "percent") // 100
            if state.table.dividend == "cap":
                amount = min(amount, DIVIDEND_CAP)
            _charge(state, s, amount, None, _why(task.card), watch, out)
        return out
    if e.do == "closed":
        state.closed = True
        return []
    if e.do == "shuffle":
        _shuffle(state)
        return []
    if e.do == "crown":
        state.crown, state.crown_since = seat, state.turns
        return []
    if e.do == "next":
        return [Task("news", seat)]
    if e.do == "tip":   # (the top card, or two, of a pile that has them)
        cards = min(given(e.cards, "cards"), len(state.news))
        return [Task("peek", seat, amount=cards)] if cards else []
    if e.do == "extra":
        return [Task("extra", seat)] if state.news or _can_reshuffle(state) else []
    if e.do == "auction":
        return [Task("choose", seat, e, task.card)] if _auction_kinds(state) else []
    if e.do in ("give", "buy", "obtain", "sell"):
        kinds = _kinds_for(state, seat, e)
        if not kinds:
            return []
        if e.do == "buy":
            return [Task("buy", seat, e, task.card)]
        if e.kind == "any":
            return [Task("choose", seat, e, task.card)]
        return _apply_kind(state, seat, e, given(e.kind, "kind"), task.of_card, watch)
    if e.do == "swap":
        return [Task("swap", seat, e, task.card)] if _swaps(state, seat) else []
    if e.do == "take":
        return [Task("take", seat, e, task.card)] if _takes(state, seat) else []
    if e.do == "change":
        return [Task("change", seat, e, task.card)] if _changes(state, seat) else []
    if e.do == "option":
        return [Task("option", seat, e, task.card)]
    if e.do == "rumour":
        if e.kind == "any":
            return [Task("choose", seat, e, task.card)]
        return sharks.rumour(state, seat, e, given(e.kind, "kind"), task.of_card)
    if e.do == "borrow":
        return [Task("borrow", seat)] if any(state.loans_left.values()) else []
    if e.do in ("inspect", "disbelieve"):
        return sharks.keep(state, task, watch)
    if e.do == "interest":
        return sharks.interest(state, task, watch)
    if e.do == "sealed":
        return sharks.sealed(state, task, watch)
    raise AssertionError(e.do)  # (the component file's schema admits no other)


def _can_reshuffle(state: State) -> bool:
    return state.table.newspapers != "once" and bool(state.news_used)


def _clockwise(state: State, seat: int | None) -> list[int]:
    n = len(state.players)
    first = 0 if seat is None else seat
    return [s for s in ((first + i) % n for i in range(n)) if not state.players[s].out]


def _kinds_for(state: State, seat: int, e: Effect) -> list[str]:
    """The kinds a card's property may be: those that can be done at all (J9: "if
    there is no card with 1 property in the bank ... nothing happens")."""
    p = state.players[seat]
    kinds = KINDS if e.kind == "any" else (given(e.kind, "kind"),)
    if e.do in ("give", "sell"):
        return [k for k in kinds if p.held(k)]
    return [k for k in kinds if _bank_can(state, k, e.count or 1)]


def _apply_kind(state: State, seat: int, e: Effect, kind: str, card: Card,
                watch: Watch | None) -> list[Task]:
    """A card's effect on one kind of property, once the kind is known."""
    p = state.players[seat]
    if e.do == "value":
        state.values[kind] = clamp(state.values[kind] + given(e.by, "by"))
    elif e.do == "rumour":
        return sharks.rumour(state, seat, e, kind, card)
    elif e.do == "give":
        given_up = _one_card(p, kind)
        assert given_up is not None   # (_kinds_for offers only the kinds held)
        ones, fives = given_up
        _to_bank(state, seat, kind, ones, fives)
    elif e.do == "obtain":
        ones, fives = _cards(given(e.count, "count"), None, state.bank_ones[kind],
                             state.bank_fives[kind], "the bank", kind)
        _from_bank(state, seat, kind, ones, fives)
    elif e.do == "sell":
        n = min(given(e.count, "count"), p.held(kind))
        price = _card_price(state, e, kind)
        made = _made_of(n, p.ones[kind], p.fives[kind])
        ones, fives = made or (min(n, p.ones[kind]), 0)   # (a 5-card is never split: J9)
        n = ones + 5 * fives
        _to_bank(state, seat, kind, ones, fives)
        _money(state, seat, n * price, f"{_why(card)}: sold {kind}", watch)
    elif e.do == "auction":
        return [Task("auction", seat, e, card, what=kind)]
    return []


def _card_price(state: State, e: Effect, kind: str) -> int:
    """A property's price as a card says: its fixed price, or the market value (times
    what the card says), kept within 1 to 25 (J15)."""
    return e.price if e.price is not None else clamp(state.values[kind] * (e.times or 1))


def _choose(state: State, task: Task, move: Choose, watch: Watch | None) -> None:
    e = task.act
    allowed = _auction_kinds(state) if e.do == "auction" else \
        list(KINDS) if e.do in ("value", "rumour") else _kinds_for(state, task.seat, e)
    if move.kind not in allowed:
        raise RuleError(f"the card cannot mean {move.kind} now (it may mean "
                        f"{', '.join(allowed)})", "J9", "kind")
    state.tasks[0:1] = _apply_kind(state, task.seat, e, move.kind, task.of_card, watch)


def _auction_kinds(state: State) -> list[str]:
    """The kinds an auction may be held for: "if at that moment there are not 5 such
    properties in the bank, there is of course no auction" (J10)."""
    return [k for k in KINDS if _bank_can(state, k, 5)]


def _auction_sold(state: State, task: Task, move: Sold, watch: Watch | None) -> None:
    p = state.players[move.player]
    if p.out:
        raise RuleError(f"{state.names[move.player]} has left the game", "General Rules")
    if move.price < 1 or move.price > p.cash:
        raise RuleError(f"a bid is paid in cash: {state.names[move.player]} has {p.cash}, "
                        f"and bid {move.price}", "J10")
    _money(state, move.player, -move.price, f"won the auction of {task.what}", watch)
    _lot_from_bank(state, move.player, task.word)
    state.tasks.pop(0)


def _auction_unsold(state: State, task: Task, move: Unsold, watch: Watch | None) -> None:
    state.tasks.pop(0)


def _card_buy(state: State, task: Task, move: Buy, watch: Watch | None) -> None:
    e = task.act
    kinds = _kinds_for(state, task.seat, e)
    if move.kind not in kinds:
        raise RuleError(f"the card's property cannot be {move.kind} now (it may be "
                        f"{', '.join(kinds)})", "J9", "kind")
    if move.count != e.count:
        raise RuleError(f"the card says {e.count}, not {move.count}", "Farbror Joakim",
                        "count")
    price = _card_price(state, e, move.kind)
    p = state.players[move.player]
    ones, fives = _cards(move.count, move.fives, state.bank_ones[move.kind],
                         state.bank_fives[move.kind], "the bank", move.kind)
    cost = price * move.count
    out: list[Task] = []
    if e.may and cost > p.cash:
        raise RuleError(f"{kind_count(move.kind, move.count)} at {price} cost {cost}; "
                        f"{state.names[move.player]} has {p.cash} (a card that says 'you "
                        "may buy' is no debt)", "J6")
    _from_bank(state, move.player, move.kind, ones, fives)
    state.just = ("bought", move.player, move.kind, ones, fives)
    _charge(state, move.player, cost, None, f"{_why(task.card)}: bought {move.kind}", watch,
            out)
    state.tasks[0:1] = out


def _swap(state: State, task: Task, move: Swap, watch: Watch | None) -> None:
    if (move.gives, move.other, move.takes) not in _swaps(state, task.seat):
        raise RuleError(f"{state.names[task.seat]} cannot give a {move.gives} 1-card for "
                        f"{state.names[move.other]}'s {move.takes} (each gives one property, "
                        "a 1-card: nobody makes change)", "J9")
    _to_bank(state, task.seat, move.gives, 1, 0)
    _from_bank(state, move.other, move.gives, 1, 0)
    _to_bank(state, move.other, move.takes, 1, 0)
    _from_bank(state, task.seat, move.takes, 1, 0)
    state.tasks.pop(0)


def _swaps(state: State, seat: int) -> list[tuple[str, int, str]]:
    me = state.players[seat]
    return [(g, o, t) for g in KINDS if me.ones[g] for o in state.active() if o != seat
            for t in KINDS if state.players[o].ones[t]]


def _take(state: State, task: Task, move: Take, watch: Watch | None) -> None:
    if (move.other, move.kind) not in _takes(state, task.seat):
        raise RuleError(f"{state.names[move.other]} has no {move.kind} 1-card to take",
                        "J9")
    times = task.act.times
    price = clamp(state.values[move.kind] * times) if times else 0
    _to_bank(state, move.other, move.kind, 1, 0)
    _from_bank(state, task.seat, move.kind, 1, 0)
    out: list[Task] = []
    _charge(state, task.seat, price, move.other, f"{_why(task.card)}: took {move.kind}",
            watch, out)
    state.tasks[0:1] = out


def _takes(state: State, seat: int) -> list[tuple[int, str]]:
    return [(o, k) for o in state.active() if o != seat for k in KINDS
            if state.players[o].ones[k]]


def _change(state: State, task: Task, move: Change, watch: Watch | None) -> None:
    if (move.gives, move.takes) not in _changes(state, task.seat):
        raise RuleError(f"{state.names[task.seat]} cannot give the bank a {move.gives} "
                        f"1-card for a {move.takes} one", "J11")
    cost = max(0, state.values[move.takes] - state.values[move.gives])
    if cost > state.players[task.seat].cash:
        raise RuleError(f"the exchange costs {cost}; {state.names[task.seat]} has "
                        f"{state.players[task.seat].cash}", "J11")
    _to_bank(state, task.seat, move.gives, 1, 0)
    _from_bank(state, task.seat, move.takes, 1, 0)
    _money(state, task.seat, -cost, _why(task.card), watch)
    state.tasks.pop(0)


def _changes(state: State, seat: int) -> list[tuple[str, str]]:
    me = state.players[seat]
    return [(g, t) for g in KINDS if me.ones[g] for t in KINDS
            if t != g and state.bank_ones[t]]


def _option(state: State, task: Task, move: Option, watch: Watch | None) -> None:
    price = given(task.act.card, "card")   # (an option card's price)
    p = state.players[move.player]
    if p.cash < price:
        raise RuleError(f"the option card costs {price}; {state.names[move.player]} has "
                        f"{p.cash}", "The Miljardärsklubben")
    _money(state, move.player, -price, "an option card", watch)
    p.options.append(task.of_card.number)
    state.tasks.pop(0)


def _extra(state: State, task: Task, move: Draw, watch: Watch | None) -> None:
    state.tasks[0] = Task("news", task.player)


def _debt_sell(state: State, task: Task, move: Sell, watch: Watch | None) -> None:
    p = state.players[task.seat]
    on = state.board.squares.get(p.square or "")
    if on in KINDS and p.held(on) and move.kind != on:
        raise RuleError(f"{state.names[task.seat]} is on a {on} square and holds {on}: "
                        f"those are sold first", "General Rules")
    need = task.amount - p.cash
    half = _half(state, move.kind)
    ones, fives = _cards(move.count, move.fives, p.ones[move.kind], p.fives[move.kind],
                         state.names[task.seat], move.kind)
    smallest = 1 if ones else 5
    if (move.count - smallest) * half >= need:
        raise RuleError(f"{state.names[task.seat]} sells only what the debt needs: "
                        f"{need} more, and {move.count - smallest} would do", "General Rules")
    _to_bank(state, task.seat, move.kind, ones, fives)
    _money(state, task.seat, move.count * half, f"a forced sale of {move.kind}", watch)
    _settle(state, task, watch)


def _settle(state: State, task: Task, watch: Watch | None) -> None:
    """After a sale to pay a debt: paid, once the cash is there; the player leaves the
    game where even selling everything left could no longer pay it."""
    p = state.players[task.seat]
    if p.cash >= task.amount:
        out: list[Task] = []
        _charge(state, task.seat, task.amount, task.creditor, task.why, watch, out)
        state.tasks.pop(0)
    elif p.cash + sum(p.held(k) * _half(state, k) for k in KINDS) < task.amount:
        state.tasks.pop(0)
        _leave(state, task.seat, task.creditor, task.why, watch)


# --- the lucky crown ------------------------------------------------------------------------

def _crown(state: State, task: Task, move: Crown, watch: Watch | None) -> None:
    names = state.names
    if state.crown != move.player:
        holder = "nobody" if state.crown is None else names[state.crown]
        raise RuleError(f"{names[move.player]} does not hold the lucky crown ({holder} "
                        "does)", "Farbror Joakim's Lucky Crown")
    if state.crown_since >= state.turns:
        raise RuleError("the lucky crown is never used on the move it was received",
                        "Farbror Joakim's Lucky Crown")
    if (move.square is None) != (move.use != "go") and not (
            state.board.inline and move.use == "go" and move.square is None):
        raise RuleError("'crown ... go' names the square ('crown Ann go to c3'); the other "
                        "uses name none", "Farbror Joakim's Lucky Crown")
    if move.use == "before":
        if not (task.kind == "roll" and state.fresh) or task.player == move.player:
            raise RuleError("the lucky crown goes before in the turn order as soon as "
                            "another player has finished their move, before the next one "
                            "rolls", "Farbror Joakim's Lucky Crown")
        state.tasks[0] = Task("roll", move.player)
        state.turn = move.player
    elif move.use == "go":
        if not (task.kind == "roll" and task.player == move.player):
            raise RuleError(f"the lucky crown takes {names[move.player]} to any square "
                            "instead of their die, at the start of their own move",
                            "Farbror Joakim's Lucky Crown")
        if state.board.inline:   # (no board: the kind of square comes next, J19)
            state.fresh = False
            state.tasks[0] = Task("move", move.player, amount=0)
            state.crown = None
            return
        square = move.square
        _square(state, square)
        assert square is not None   # (_square refuses anything but a square)
        who = _occupied(state, square, move.player)
        if who or (state.closed and state.board.squares[square] == BILLIONAIRES) or \
                square == state.players[move.player].square:
            raise RuleError(f"{names[move.player]} cannot go to {square}: "
                            + (f"{who}'s pawn is there" if who else
                               "the Billionaires' Club is closed" if state.closed and
                               state.board.squares[square] == BILLIONAIRES else
                               "the pawn is there already"), "J12")
        state.fresh = False
        state.players[move.player].square = square
        state.tasks[0:1] = _land(state, move.player, square, watch)
    else:  # double
        if not (task.kind == "trade" and task.player == move.player):
            raise RuleError("the lucky crown sells at double value on a property square, "
                            "on the player's own move, instead of a trade",
                            "Farbror Joakim's Lucky Crown")
        p = state.players[move.player]
        card = _one_card(p, task.word)
        if card is None or card != (1, 0):
            raise RuleError(f"{names[move.player]} has no {task.what} 1-card to sell at "
                            "double value (a 5-card is never split)", "J12")
        _to_bank(state, move.player, task.word, 1, 0)
        _money(state, move.player, clamp(2 * state.values[task.word]),
               f"the lucky crown's sale of {task.word}", watch)
        state.tasks.pop(0)
    state.crown = None


# --- a card written in the record (no card file) ----------------------------------------------

#: What may follow a card drawn without a card file: its effects, item by item (J19).
_INLINE = frozenset({Values, Earn, Pay, Give, Get, Buy, Sell, Swap, Take, Auction, Closed,
                     Shuffle, Draw, Peek, Option, Change,
                     Borrow, Keep, Rumour, Interest, Lot})   # (the last five: J30)
_SHARKS_INLINE = frozenset({Borrow, Keep, Rumour, Interest, Lot})


def _inline_effect(state: State, task: Task, move: Any, watch: Watch | None) -> None:
    """One effect of a card whose text the record writes (J19), played as the card's
    text would be; a debt it makes comes before the card's next effect."""
    drawer = task.player
    why = f"{task.deck} {task.amount}: written in the record"
    kind = type(move)
    out: list[Task] = []
    if kind in _SHARKS_INLINE:
        if not state.table.sharks:
            raise RuleError(f"{_said(state, move)} is the Business Sharks variant's, and "
                            "this game is the basic one", "J30")
        _sharks_inline(state, task, move, watch, out)
        state.tasks[0:0] = out
        return
    if kind is Values:
        changes = {k: getattr(move, k) for k in KINDS if getattr(move, k) is not None}
        if not changes and move.all is None:
            raise RuleError("'values' names a kind and how far it moves: 'values gold +2 "
                            "oil -1' (or 'values all +1')", "J19")
        for k in KINDS:
            state.values[k] = clamp(state.values[k] + changes.get(k, 0) + (move.all or 0))
    elif kind in (Earn, Pay):
        seats = _clockwise(state, drawer) if move.player is None else [move.player]
        _not_out(state, seats)
        for s in seats:
            if kind is Earn:
                _money(state, s, move.amount, why, watch)
            else:
                _charge(state, s, move.amount, None, why, watch, out)
    elif kind is Give:
        _not_out(state, [move.player])
        card = _one_card(state.players[move.player], move.kind)
        if card is None:
            raise RuleError(f"{state.names[move.player]} holds no {move.kind} to give back",
                            "J9")
        _to_bank(state, move.player, move.kind, *card)
    elif kind is Get:
        _not_out(state, [move.player])
        ones, fives = _cards(move.count, None, state.bank_ones[move.kind],
                             state.bank_fives[move.kind], "the bank", move.kind)
        _from_bank(state, move.player, move.kind, ones, fives)
    elif kind is Buy:
        _not_out(state, [move.player])
        price = state.values[move.kind] if move.price is None else move.price
        ones, fives = _cards(move.count, move.fives, state.bank_ones[move.kind],
                             state.bank_fives[move.kind], "the bank", move.kind)
        _from_bank(state, move.player, move.kind, ones, fives)
        _charge(state, move.player, price * move.count, None, f"{why}: bought {move.kind}",
                watch, out)
    elif kind is Sell:
        _not_out(state, [move.player])
        price = state.values[move.kind] if move.price is None else move.price
        _sell_cards(state, move, price, watch, f"{why}: sold {move.kind}")
    elif kind is Swap:
        _swap(state, replace(task, player=move.player), move, watch)
        state.tasks.insert(0, task)   # (``_swap`` took its task off: the card goes on)
    elif kind is Take:
        if (move.other, move.kind) not in _takes(state, move.player):
            raise RuleError(f"{state.names[move.other]} has no {move.kind} 1-card to take",
                            "J9")
        _to_bank(state, move.other, move.kind, 1, 0)
        _from_bank(state, move.player, move.kind, 1, 0)
        _charge(state, move.player, move.price or 0, move.other, f"{why}: took {move.kind}",
                watch, out)
    elif kind is Auction:
        if move.kind not in _auction_kinds(state):
            raise RuleError(f"the bank has not 5 {move.kind} properties: no auction", "J10")
        out.append(Task("auction", drawer, what=move.kind))
    elif kind is Closed:
        state.closed = True
    elif kind is Shuffle:
        _shuffle(state)
    elif kind is Crown:   # (``crown Ann gets``: the card lends the lucky crown)
        state.crown, state.crown_since = move.player, state.turns
    elif kind is Draw:    # (an extra draw, or the next number)
        out.append(Task("news", move.player))
    elif kind is Peek:
        cards = 1 if move.second is None else 2
        _peek(state, Task("peek", move.player, amount=cards), move, watch)
        state.tasks.insert(0, task)
    elif kind is Option:
        if task.deck != "club" or None in (move.kind, move.cost, move.price):
            raise RuleError("an option is bought from a Miljardärsklubben card, written "
                            f"with its kind and prices: 'option {state.names[move.player]} "
                            "kind gold cost 4 price 30'", "J19")
        if state.players[move.player].cash < move.cost:
            raise RuleError(f"the option card costs {move.cost}; "
                            f"{state.names[move.player]} has "
                            f"{state.players[move.player].cash}", "The Miljardärsklubben")
        _money(state, move.player, -move.cost, "an option card", watch)
        state.players[move.player].options.append(task.amount)
        state.inline_options[task.amount] = (move.kind, move.price)
    elif kind is Change:
        _change(state, replace(task, player=move.player), move, watch)
        state.tasks.insert(0, task)
    state.tasks[0:0] = out


def _sharks_inline(state: State, task: Task, move: Any, watch: Watch | None,
                   out: list[Task]) -> None:
    """One of the variant's effects, written after its card (J30): a loan, a Joakim card
    kept, a rumour, interest, a closed auction's card."""
    kind = type(move)
    if kind in (Borrow, Keep) and task.deck != "joakim":
        raise RuleError("a loan and a card kept come from a Joakim card", "J30")
    if kind in (Rumour, Interest, Lot) and task.deck != "tips":
        raise RuleError("a rumour, interest and a closed auction come from an "
                        "Affärstipskort", "J30")
    if kind is Borrow:
        sharks.take_loan(state, move, watch)
    elif kind is Keep:
        if move.player != task.player:
            raise RuleError(f"the card is {state.names[task.seat]}'s to keep", "J30")
        state.players[move.player].keeps.append(task.amount)
        state.inline_keeps[task.amount] = move.use
        if task.amount in state.joakim:
            state.joakim.remove(task.amount)
    elif kind is Rumour:
        out += sharks.rumour(state, task.seat, Effect("rumour", kind=move.kind, by=move.by),
                             move.kind, None)
    elif kind is Interest:
        out += sharks.interest(state, task, watch)
    else:   # (Lot: the closed auction's card)
        if move.player != task.player:
            raise RuleError(f"{state.names[task.seat]} chooses the closed auction's card",
                            "J26")
        out += sharks.bidding(state, move)


def _not_out(state: State, seats: Iterable[int]) -> None:
    for s in seats:
        if state.players[s].out:
            raise RuleError(f"{state.names[s]} has left the game", "J7")


# --- after each move --------------------------------------------------------------------------

def _advance(state: State, watch: Watch | None) -> None:
    """The rules' own steps until a decision (a player's or chance's) or the game's end:
    effects done, the turn passed on, the winner found."""
    while True:
        _find_winner(state)
        if state.over:
            return
        if state.tasks:
            task = state.tasks[0]
            if task.player is not None and state.players[task.player].out and not (
                    task.kind == "effect" and task.what == "all"):
                state.tasks.pop(0)
                continue
            if task.kind == "effect":
                state.tasks[0:1] = _effect(state, task, watch)
                continue
            if task.kind == "sealed":   # (a closed auction's bids shown)
                state.tasks[0:1] = sharks.settle_sealed(state, task, watch)
                continue
            if task.kind in ("news",) and not state.news:
                if _can_reshuffle(state):
                    _shuffle(state)    # (J4: an empty pile is shuffled again)
                else:
                    state.tasks.pop(0)
                continue
            return
        if state.table.sharks and not state.ended and not state.players[state.turn].out:
            state.ended = True     # (the end of the move: a card, a loan, a trade)
            state.tasks.append(Task("end", state.turn))
            return
        if state.table.newspapers == "once" and not state.news:
            state.over = True      # (the 40 newspapers drawn: the most cash wins)
            _find_winner(state, end=True)
            return
        nxt, missed = _next_player(state), []
        while state.table.sharks and sharks.skip_beagled(state, nxt):
            state.turn = nxt       # (J27: the Beagle Boys' victim misses this move)
            missed.append(nxt)
            nxt = _next_player(state)
        state.missed = tuple(missed)
        state.turn, state.turns, state.fresh = nxt, state.turns + 1, True
        state.ended = state.tip_played = False
        state.tasks.append(Task("roll", nxt))
        return


def _next_player(state: State) -> int:
    n = len(state.players)
    for i in range(1, n + 1):
        s = (state.turn + i) % n
        if not state.players[s].out:
            return s
    return state.turn


def _someone_won(state: State) -> bool:
    """Whether a player shows the limit in cash, or is the last in the game."""
    limit, left = state.table.limit, 0
    for p in state.players:
        if not p.out:
            if p.cash >= limit and not p.loans:   # (J23: loans repaid first)
                return True
            left += 1
    return left < 2


def _find_winner(state: State, end: bool = False) -> None:
    """The first to show the limit in cash wins (J13: checked after every move; where
    two reach it together, the one with more, then the one whose turn comes first)."""
    if state.tasks and state.tasks[0].kind in ("place", "start", "value"):
        return
    if not end and not _someone_won(state):
        return   # (asked after every move: answered cheaply when nobody has)
    active = state.active()
    order = _clockwise(state, state.turn)
    if len(active) == 1:
        state.winner, state.over = active[0], True
        return
    rich = [s for s in order if sharks.wins(state.players[s], state.table.limit)]
    if end and not rich:
        rich = order

    def net(s: int) -> int:   # (J23: unpaid loans are repaid from the cash shown)
        return state.players[s].cash - sharks.owed(state.players[s])
    if rich:
        best = max(net(s) for s in rich)
        state.winner = next(s for s in rich if net(s) == best)
        state.over = True


# --- the legal answers ----------------------------------------------------------------------

class Sales(Sequence):
    """The answers to an auction (``Unsold``, then every active player at every price
    their cash allows), listed lazily: a rich table's bids run to thousands."""

    def __init__(self, state: State) -> None:
        self.bidders = [(s, state.players[s].cash) for s in state.active()
                        if state.players[s].cash > 0]
        self.total = 1 + sum(cash for _, cash in self.bidders)

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.total))]
        if i < 0:
            i += self.total
        if not 0 <= i < self.total:
            raise IndexError(i)
        if i == 0:
            return Unsold()
        i -= 1
        for seat, cash in self.bidders:
            if i < cash:
                return Sold(seat, i + 1)
            i -= cash
        raise IndexError(i)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Unsold):
            return True
        return isinstance(move, Sold) and any(s == move.player and 1 <= move.price <= c
                                              for s, c in self.bidders)


def _legal_place(state: State, task: Task) -> list[Any]:
    taken = {p.square for p in state.players}
    return [Place(task.seat, s) for s in state.board.squares if s not in taken]


def _splits(total: int, kinds: int) -> Iterator[tuple[int, ...]]:
    if kinds == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _splits(total - first, kinds - 1):
            yield (first, *rest)


def _legal_start(state: State, task: Task) -> list[Any]:
    out = []
    for split in _splits(STARTING, len(KINDS)):
        if all(_bank_can(state, k, n) for k, n in zip(KINDS, split) if n):
            out.append(Start(task.seat, *(n or None for n in split)))
    return out


def _legal_trade(state: State, task: Task) -> list[Any]:
    p, kind, value = state.players[task.seat], task.word, state.values[task.word]
    out: list = [Pass(task.seat)]
    out += [Buy(task.seat, kind, n) for n in range(1, MOST + 1)
            if n * value <= p.cash and _bank_can(state, kind, n)]
    out += [Sell(task.seat, kind, n) for n in range(1, min(MOST, p.held(kind)) + 1)
            if _made_of(n, p.ones[kind], p.fives[kind]) is not None]
    if state.crown == task.player and state.crown_since < state.turns and p.ones[kind]:
        out.append(Crown(task.seat, "double"))
    for number in p.options:
        e = _option_effect(state, number)
        if e.kind == kind and p.cash >= given(e.price, "price") and _bank_can(state, kind, 5):
            out.append(Exercise(task.seat, number))
    return out


def _legal_debt(state: State, task: Task) -> list[Any]:
    out = []
    p = state.players[task.seat]
    on = state.board.squares.get(p.square or "")
    kinds = [on] if on in KINDS and p.held(on) else [k for k in KINDS if p.held(k)]
    need = task.amount - p.cash
    for k in kinds:
        half = _half(state, k)
        for n in range(1, p.held(k) + 1):
            made = _made_of(n, p.ones[k], p.fives[k])
            if made is None:
                continue
            ones, fives = made
            if (n - (1 if ones else 5)) * half < need:
                out.append(Sell(task.seat, k, n))
    return out


def _legal_cards(deck: str) -> Callable[[State, Task], list[Any]]:
    move = {"news": News, "joakim": JoakimCard, "club": ClubCard}[deck]

    def legal(state: State, task: Task) -> list[Any]:
        pile = {"news": state.news, "joakim": state.joakim, "club": state.club}[deck]
        if deck == "news" and state.peeked and state.peeked[0] is not None:
            return [move(state.peeked[0])]
        return [move(c) for c in sorted(pile)]
    return legal


def _legal_choose(state: State, task: Task) -> list[Any]:
    e = task.act
    kinds = _auction_kinds(state) if e.do == "auction" else \
        list(KINDS) if e.do in ("value", "rumour") else _kinds_for(state, task.seat, e)
    return [Choose(task.seat, k) for k in kinds]


def _legal_buy(state: State, task: Task) -> list[Any]:
    e = task.act
    p = state.players[task.seat]
    out: list = [Pass(task.seat)] if e.may else []
    count = given(e.count, "count")
    for k in _kinds_for(state, task.seat, e):
        price = _card_price(state, e, k)
        if not e.may or price * count <= p.cash:
            out.append(Buy(task.seat, k, count))
    return out or [Pass(task.seat)]


def _legal_option(state: State, task: Task) -> list[Any]:
    out: list = [Pass(task.seat)]
    if state.players[task.seat].cash >= given(task.act.card, "card"):
        out.append(Option(task.seat))
    return out


def _legal_change(state: State, task: Task) -> list[Any]:
    cash = state.players[task.seat].cash
    return [Pass(task.seat)] + [
        Change(task.seat, g, t) for g, t in _changes(state, task.seat)
        if max(0, state.values[t] - state.values[g]) <= cash]


#: Each task kind's legal answers (None: chance's or the record's, too many to list).
_LEGAL: dict[str, Callable[[State, Task], Sequence[Any] | None]] = {
    "place": _legal_place, "start": _legal_start,
    "value": lambda s, t: [Value(t.word, p) for p in range(1, 7)],
    "roll": lambda s, t: [Roll(t.seat, p) for p in range(1, 7)],
    "joakim die": lambda s, t: [Home(p) for p in range(1, 7)],
    "move": lambda s, t: [Land(t.seat, k) for k in (*KINDS, EXCHANGE, NEWSPAPER, UNCLE,
                                                    BILLIONAIRES)
                          if not (k == BILLIONAIRES and s.closed)]
    if s.board.inline else [Move(t.seat, q) for q in sorted(_reachable(
        s, required(s.players[t.seat].square, "a pawn moved from no square"), t.amount))],
    "trade": _legal_trade, "debt": _legal_debt,
    "news": _legal_cards("news"), "joakim": _legal_cards("joakim"),
    "club": _legal_cards("club"),
    "choose": _legal_choose, "auction": lambda s, t: Sales(s),
    "swap": lambda s, t: [Swap(t.seat, g, o, k) for g, o, k in _swaps(s, t.seat)],
    "take": lambda s, t: [Take(t.seat, o, k) for o, k in _takes(s, t.seat)],
    "buy": _legal_buy, "extra": lambda s, t: [Draw(t.seat), Pass(t.seat)],
    "change": _legal_change, "option": _legal_option,
    "peek": lambda s, t: None,   # (chance: the pile's order, too many to list)
    "inline": lambda s, t: None,   # (what a card did: the record says)
    "tips": lambda s, t: None,     # (chance: three cards of the pile)
    "end": sharks.legal_end, "borrow": sharks.legal_borrow, "lot": sharks.legal_lot,
    "bid": sharks.legal_bid, "raise": sharks.legal_bid, "rumour": sharks.legal_rumour,
}

#: (Each handler takes the move of its type: a dispatch by type, Any to the checker.)
_PLAY: dict[tuple[str, type], Callable[[State, Task, Any, Any], Any]] = {
    ("place", Place): _place, ("start", Start): _start, ("value", Value): _value,
    ("roll", Roll): _roll, ("move", Move): _move,
    ("trade", Buy): _trade_buy, ("trade", Sell): _trade_sell, ("trade", Pass): _pass,
    ("trade", Exercise): _exercise,
    ("news", News): _draw_card, ("joakim", JoakimCard): _draw_card,
    ("club", ClubCard): _draw_card, ("joakim die", Home): _joakim_die,
    ("peek", Peek): _peek, ("move", Land): _land_on,
    ("choose", Choose): _choose, ("auction", Sold): _auction_sold,
    ("auction", Unsold): _auction_unsold, ("swap", Swap): _swap, ("take", Take): _take,
    ("buy", Buy): _card_buy, ("buy", Pass): _pass, ("extra", Draw): _extra,
    ("extra", Pass): _pass, ("change", Change): _change, ("change", Pass): _pass,
    ("option", Option): _option, ("option", Pass): _pass, ("debt", Sell): _debt_sell,
    # the Business Sharks variant (``sharks.py``)
    ("tips", Tips): sharks.draw_tips, ("end", Pass): _pass, ("borrow", Borrow): sharks.borrow,
    ("borrow", Pass): _pass, ("lot", Lot): sharks.lot, ("bid", Bid): sharks.bid,
    ("bid", Pass): _pass, ("raise", Raise): sharks.bid, ("raise", Pass): _pass,
    ("rumour", Disbelieve): sharks.disbelieve, ("rumour", Pass): _pass,
    ("debt", Deal): sharks.deal,
    **{(kind, Tip): sharks.play_tip for kind in sharks.OWN_MOVE_AT},
    **{(kind, Repay): sharks.repay for kind in sharks.OWN_MOVE_AT},
    **{(kind, Deal): sharks.deal for kind in sharks.OWN_MOVE_AT},
    **{(kind, Inspect): sharks.inspect for kind in sharks.OWN_MOVE_AT},
}

__all__ = ["JoakimRules", "State", "Table", "Player", "Task", "clamp", "LIMIT", "_settle",
           "DIVIDEND_RULES", "NEWSPAPER_RULES", "Sales"]
