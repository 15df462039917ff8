"""The engine's mechanism: procedure steps, decision handlers, ``play`` and ``legal_moves``.

The rules are written as two kinds of pieces, each registered here by the
module of the phase it belongs to (setup, placement, Lobby, drafts, Stock
Exchange, Intrigue cards, end of round):

* a **step** runs a piece of procedure that needs no one's decision (pay the
  Stock Exchange, hand out a privilege, pass the start player tile).  It is
  called with the state and its own agenda frame, ``(name, *arguments)``, and
  unpacks the arguments itself: a call through ``*args`` would cost several
  times a plain call, and some five hundred steps run in a game.  It may push
  further steps on the agenda, or stop and ask a question by setting
  ``state.decision``;
* a **handler** answers one kind of question: it lists the legal moves, and
  it checks and carries out a move.  Each handler validates everything before
  it changes anything, so a rejected move leaves the state untouched.

``play`` gives a move to the handler of the current decision, then runs steps
until the next question (or the end of the game).  An onlooker (a ``Watch``) can be
told of each of these pieces as it happens: that is how the events of a game (what
caused each change of money and score) are noted while the game is replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple, Protocol

from mclog.engine import seat_name
from mclog.errors import RuleError
from .board import PRIVILEGE_NAMES
from .cards import DECK_NAMES, UNKNOWN, article
from .moves import MOVE_PHRASES, Draw, Move
from .state import Decision, State

StepFn = Callable[[State, tuple], None]
#: (Its move is of the type it is registered under: the dispatch by type cannot be written
#: as a type, so the move is Any to the checker.)
ApplyFn = Callable[[State, Decision, Any], None]
LegalFn = Callable[[State, Decision], list[Move]]

STEPS: Final[dict[str, StepFn]] = {}


class Handler(NamedTuple):
    """How one kind of decision is answered.

    ``what`` completes "Ann must ... now" in messages; ``rule`` is the rule
    that governs the question, cited when a move does not fit it at all.
    """

    kind: str
    what: str
    rule: str
    legal: LegalFn
    moves: dict[type[Move], ApplyFn]


HANDLERS: Final[dict[str, Handler]] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a procedure step under ``name`` (the first item of its agenda frame)."""

    def register(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return register


def handler(kind: str, what: str, rule: str, legal: LegalFn,
            moves: dict[type[Move], ApplyFn]) -> None:
    HANDLERS[kind] = Handler(kind, what, rule, legal, moves)


class Watch(Protocol):
    """What ``play`` tells an onlooker of a move, piece by piece (``events.Capture``).

    ``steps``: the names of the procedure steps it is told of (``stepping``,
    ``stepped``); ``None``: every one.  A game runs several hundred steps, most of which
    an onlooker has nothing to note of: a call to say so costs more than the step."""

    @property
    def steps(self) -> frozenset[str] | None: ...

    def moved(self, state: State) -> None:
        """The move's own effect is done; the procedure it sets off has not run yet."""

    def stepping(self, state: State, frame: tuple) -> None:
        """The procedure step ``frame`` is about to run."""

    def stepped(self, state: State, frame: tuple) -> None:
        """The procedure step ``frame`` has run."""


def advance(state: State, watch: Watch | None = None) -> None:
    """Run procedure steps until a decision is needed or the agenda is empty (telling
    ``watch`` of each, if given)."""
    agenda, steps = state.agenda, STEPS
    if watch is None:
        while state.decision is None and agenda:
            frame = agenda.pop()
            steps[frame[0]](state, frame)
        return
    told = watch.steps
    while state.decision is None and agenda:
        frame = agenda.pop()
        if told is not None and frame[0] not in told:
            steps[frame[0]](state, frame)
            continue
        watch.stepping(state, frame)
        steps[frame[0]](state, frame)
        watch.stepped(state, frame)


def push(state: State, *frames: tuple) -> None:
    """Schedule ``frames`` to run in the order given, before anything already scheduled."""
    state.agenda.extend(reversed(frames))


def actor_name(state: State, seat: int | None, rule: str = "R1") -> str:
    """Who answers a question, or who a move says answers it (``rule``: what a move of a
    seat no player sits in is refused by, as ``seat_name`` says)."""
    return "chance" if seat is None else seat_name(state.table.names, seat, rule)


def what(state: State, d: Decision) -> str:
    """What the question asks, in a player's words: ``draw a Colony card``."""
    text = HANDLERS[d.kind].what
    if "{" not in text:
        return text
    deck = DECK_NAMES.get(d.deck or "", "")
    if "a {deck}" in text:  # an Industry card, an Intrigue card, a Colony card
        text = text.replace("a {deck}", article(deck) if deck else "a")
        return text.format(privilege=PRIVILEGE_NAMES.get(d.disc or 0, ""))
    return text.format(deck=deck, privilege=PRIVILEGE_NAMES.get(d.disc or 0, ""))


def describe_decision(state: State) -> str:
    """Whose decision it is and of what kind, in a player's words.

    ``"Ann: place a pawn"``, ``"chance: draw a Colony card"``, ``"game over"``.
    """
    d = state.decision
    if d is None:
        return "game over"
    return f"{actor_name(state, d.actor)}: {what(state, d)}"


def _draft_draws(state: State, d: Decision, move: Move) -> str:
    """How far a draft's draws have come, for a record that gives too few or too many
    (the commonest slip of a ``draws`` line, and the first of a seat's record that names
    only the cards its seat saw): `` (the draft draws 2 cards, 1 of them so far; a card
    not seen is drawn as ?)``."""
    if not state.hand or state.phase != "resolve":
        return ""
    if d.kind == "draw" and d.dest == "hand":
        drawn = len(state.hand)
        top = state.agenda[-1] if state.agenda else None
        total = drawn + 1 + (top[2] if top is not None and top[0] == "draw" else 0)
        return (f" (the draft draws {total} cards, {drawn} of them so far; a card not seen "
                f"is drawn as {UNKNOWN})")
    if type(move) is Draw:
        return " (the draft's cards are all drawn)"
    return ""


def play(state: State, move: Move, watch: Watch | None = None) -> None:
    """Carry out ``move`` on ``state`` in place, or raise ``RuleError`` and change nothing.

    ``watch``, if given, is told of the move's own effect and of each procedure step
    after it, as they happen."""
    d = state.decision
    if d is None:
        raise RuleError("The game is over: no more moves can be made", "R20")
    h = HANDLERS[d.kind]
    apply_fn = h.moves.get(type(move))
    if apply_fn is None:
        where = _draft_draws(state, d, move)
        raise RuleError(
            f"next is {actor_name(state, d.actor)}: {what(state, d)} now{where}, "
            f"not {MOVE_PHRASES.get(type(move), type(move).__name__)}", h.rule)
    if move.player != d.actor:
        raise RuleError(
            f"It is {actor_name(state, d.actor)}'s decision ({what(state, d)}), not "
            f"{actor_name(state, move.player, h.rule)}'s", h.rule)
    state.decision = NO_QUESTION
    try:
        apply_fn(state, d, move)
    except RuleError:
        state.decision = d
        raise
    if watch is not None:
        watch.moved(state)
    if state.decision is None:   # (the move asked no question of its own)
        advance(state, watch)


#: No question: what ``play`` sets while a move is carried out, which the move may replace
#: by a question of its own.  (Typed as ``State.decision`` is, not as None: a type checker
#: would otherwise take ``state.decision`` for None after the move too, and the compiled
#: build checks the types it reads.)
NO_QUESTION: Final[Decision | None] = None


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is not changed.  Raises ``RuleError``.

    >>> from mclog.games.millionclub.rules import new_game, legal_moves
    >>> s = new_game(["Ann", "Ben"])
    >>> t = apply(s, legal_moves(s)[0])
    >>> s is t, s.decision == t.decision
    (False, False)
    """
    new = state.copy()
    play(new, move)
    return new


def legal_moves(state: State) -> list[Move]:
    """Every legal answer to the current decision (empty once the game is over)."""
    d = state.decision
    if d is None:
        return []
    return HANDLERS[d.kind].legal(state, d)
