"""Replay a recorded game of Million Club through the rules engine.

Every move is checked by the engine; besides, the replayer checks what the
recorder wrote that the rules can work out: the round lines, the line labels
(a ``colonies`` line holds Colonies moves), who drew a card, the
checkpoints, and the end-of-game reveal.  The first mistake stops the replay
with a ``RecordError`` at its line and column; in lenient mode checkpoint
mismatches are collected and the replay goes on (an illegal move still stops
the game: what follows it cannot be known without guessing).

Unknown cards (``?``) are followed by the engine as handles (``unknown.py``),
moves are played exactly as recorded, and what the record tells of the unknown
cards (a card named later, a reveal, how many cards of a kind exist) becomes a
constraint problem (``mclog.unknowns``).  The record fits if some identities of
its ``?`` cards meet every constraint; a card is shown as known only when every
such assignment agrees on it, never by a guess.
"""

from __future__ import annotations

import copy
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from mclog.errors import RecordError, RuleError
from mclog.unknowns import SAT_SECONDS, Problem, Rule, TooHard
from mclog.replay import Replay, Step, played_repr
from .rules.board import COLONIES, DISC_NAMES, INDUSTRIES, INTRIGUE, LOBBY, ROMAN, STOCK
from .rules.cards import CONTINENTS, DECK_NAMES, DECK_TOTALS, INDUSTRY_NAMES, article, card_name
from .rules.decks import hand_of
from .rules.flow import describe_decision, play
from .rules.moves import (
    CapitalIncrease, Choose, Draw, Dump, Lower, Move, Pass, Raise, Takeover, Target, Turn,
)
from .notation.record import (
    CheckEntry, CommentEntry, Entry, GameRecord, Marker, MoveEntry, RevealEntry,
)
from .redundant import not_asked
from .rules.score_range import Budget, ColonyScoring, exact_ranges, totals_rule
from .rules.scoring import Score, places, ranks, score
from .rules.setup import new_game
from .rules.state import Decision, State, Table
from .notation.text import move_text
from .rules.unknown import (
    Drawn, Identified, OffDeck, OutOfDeck, Relabelled, Taken, is_handle, out_handles,
)
from .notation.vocabulary import SHORT

if TYPE_CHECKING:
    from .deals import Deals
    from .events import Noted

DISC_LABEL: Final = {INTRIGUE: "intrigue", COLONIES: "colonies", INDUSTRIES: "industries"}
#: The work (CP-SAT's deterministic seconds) the exact score ranges of one record may take
#: in all, every step of every view included (issue 30: a record crafted to be slow once
#: took seconds a question, with no bound on the record).
RANGE_SECONDS: Final = 1.5
#: Moves that name an industry, with each industry field and the field of its owner.
_NAMES_INDUSTRY: Final = {
    Turn: (("industry", "player"),), Raise: (("industry", "player"),),
    CapitalIncrease: (("industry", "player"),), Takeover: (("industry", "owner"),),
    Lower: (("industry", "owner"),), Dump: (("give", "player"), ("take", "owner")),
}


def phase_label(state: State) -> str:
    """The label of the line a move belongs to, worked out from the state before it.

    On Intrigue, Colonies and Industries the moves after the draft are the
    privilege's: they start once the privilege step has named a holder (the disc's
    entry in ``state.privileges`` is ``None`` until then; with no holder, the disc
    has no more moves).
    """
    phase = state.phase
    if phase == "resolve":
        disc = state.resolving
        if disc == LOBBY:
            d = state.decision
            return "lobbyist" if d is not None and d.kind == "lobbyist" else "lobby"
        if disc == STOCK:
            return "stock"
        assert disc is not None   # (a disc is resolved in the resolve phase)
        return DISC_LABEL[disc] if state.privileges.get(disc) is None else "privilege"
    if phase == "placement":
        return "place"
    if phase == "round end":
        return "end"
    d = state.decision
    return "start" if d is not None and d.kind == "start player" else "setup"


def drawer(state: State) -> int | None:
    """Who physically draws the card the state asks chance for."""
    d = state.decision
    if d is not None and d.recipient is not None:
        return d.recipient
    pawns = state.pawns.get(state.resolving or 0) or []
    return pawns[0][0] if pawns else None


@dataclass(slots=True)
class MillionClubStep(Step):
    """A step of a Million Club game: adds the disc being resolved and the line label."""

    disc: int | None = None
    label: str = ""
    kind: str = ""
    deck: str | None = None
    recipient: int | None = None
    table: Table | None = None
    #: What each ``?`` word of the move turned out to be, as far as the record settles it
    #: (``GameReplay.card_shown``); ``None`` until the game has said.
    shown: tuple[str, ...] | None = None

    @property
    def text(self) -> str:
        """The move in the notation's words, with its player: ``Ann buys F``; a ``?`` card
        the record settles is named (``Ben buys india``), never guessed."""
        assert self.table is not None   # (set for every step the replayer makes)
        text = move_text(self.move, self.table)
        if self.shown:
            words, shown = text.split(" "), iter(self.shown)
            text = " ".join(next(shown, w) if w == "?" else w for w in words)
        return text


class MoveFacts(NamedTuple):
    """What the replayer (and the simulator) note of each move as it is played, from the
    state before it: a named tuple, cheap to make, because a game has hundreds of moves
    and few are ever read as steps (``step_maker``) or by the writer."""

    round: int
    phase: str
    decision: Decision           # the question the move answers
    entry: MoveEntry             # the record's entry (its line)
    disc: int | None             # the disc being resolved, if any
    label: str                   # the line label the move belongs under


#: ``MoveFacts`` from a tuple of its fields, in their order, made at C speed: the named
#: tuple's own constructor is a Python call, 7% of a replay at one per move (measured
#: with benchmarks/record_speed.py); this costs a tenth of that.
move_facts = partial(tuple.__new__, MoveFacts)


def step_maker(table: Table) -> Callable[[int, Move, MoveFacts, list[str]], MillionClubStep]:
    """The function that turns a move's ``MoveFacts`` into a ``MillionClubStep`` when one
    is read."""

    def make(index: int, move: Move, info: MoveFacts, comments: list[str]
             ) -> MillionClubStep:
        round_, phase, d, entry, disc, label = info
        # (no column: working it out costs a scan of the line, and a step rarely needs it;
        # ``record.entries`` has it.)
        return MillionClubStep(
            index=index, move=move, round=round_, phase=phase, actor=d.actor, line=entry.line,
            comments=comments, disc=disc, label=label, kind=d.kind, deck=d.deck,
            recipient=d.recipient, table=table)

    return make


@dataclass
class DealHistory:
    """What the replay noted of the unknown cards, each with the step (moves played) it
    came at: the cards off a deck that weigh a deal, the re-labelled places, and the step
    of each constraint of the record's ``Problem``."""

    draws: list[tuple[int, OffDeck]] = field(default_factory=list)
    relabels: list[tuple[int, Relabelled]] = field(default_factory=list)
    constraint_steps: list[int] = field(default_factory=list)

    def mark(self, problem: Problem, step: int) -> None:
        """The constraints added since the last mark came at ``step`` (one taken back in
        lenient mode is gone from the list too)."""
        count = len(problem.constraints)
        del self.constraint_steps[count:]
        self.constraint_steps += [step] * (count - len(self.constraint_steps))


@dataclass(repr=False)   # (``played_repr``: the fields in full would fill a screen)
class GameReplay:
    """A recorded game replayed: the record, its states, and what was found."""

    record: GameRecord
    replay: Replay
    errors: list[RecordError] = field(default_factory=list)
    #: The identities of the unknown cards as a constraint problem, and each handle's
    #: variable in it (see ``mclog.unknowns``).
    problem: Problem = field(default_factory=Problem)
    variables: dict[str, int] = field(default_factory=dict)
    #: The colonies each player showed at the reveal that the record had not named.
    revealed: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: Items that decline a question the rules never asked (``redundant.py``): each with a
    #: warning, and the entries themselves (``fmt`` leaves them out).
    warnings: list[RecordError] = field(default_factory=list)
    redundant: set[int] = field(default_factory=set)
    #: For each step with ``?`` words, the unknown cards (handles) they meant, in order.
    took: dict[int, list[str]] = field(default_factory=dict)
    #: The game's events and round ends, noted as it played (``events.py``): at the replay
    #: (``replay(record, events=True)``), or when first asked for.
    noted: Noted | None = field(default=None, repr=False)
    _scores: list | None = field(default=None, repr=False)
    _scores_at: dict = field(default_factory=dict, repr=False)
    _identified: dict[str, str] | None = field(default=None, repr=False)
    _ranges: dict = field(default_factory=dict, repr=False)
    #: What the review's positions gave (``mclog.protocol.Played``).
    review_cache: dict = field(default_factory=dict, repr=False)
    #: The work the search for exact score ranges may take over the whole record
    #: (``RANGE_SECONDS``); once spent, ranges are safe bounds, true but wider.
    range_budget: Budget = field(default_factory=lambda: Budget(RANGE_SECONDS), repr=False)
    _example: dict | None | bool = field(default=False, repr=False)
    #: When each card came off a deck, each place was re-labelled and each constraint
    #: came: what a review's deals at a step are drawn from (``deals.py``).
    history: DealHistory = field(default_factory=DealHistory, repr=False)
    _deals: dict = field(default_factory=dict, repr=False)
    #: Held while a range is worked out: a widget finds them in the background while the
    #: notebook may ask for a score (``with_safe_ranges``).
    _ranges_lock: threading.RLock = field(default_factory=threading.RLock, repr=False,
                                          compare=False)

    @property
    def identified(self) -> dict[str, str]:
        """Each unknown card (handle) that every fitting assignment names alike: its kind
        (worked out once: every view of every step asks)."""
        if self._identified is None:
            possible = self.problem.possible() if self.variables else {}
            self._identified = {h: next(iter(possible[x])) for h, x in self.variables.items()
                                if len(possible[x]) == 1}
        return self._identified

    def known_view(self, state: State, final: bool = False,
                   colonies_only: bool = False) -> State:
        """``state`` with every unknown card that the record settles shown as what it is
        (in place).  At the end, a player's colonies are what the reveal showed.
        ``colonies_only``: the colonies players hold are all the caller reads (a score):
        once the reveal has named them, the cards elsewhere are left as they are, and
        what the record settles of them is not worked out (a search, on some records)."""
        if not any(state.hidden.values()):
            return state
        if final:  # a revealed player's unknown colonies are what the reveal showed
            for seat, shown in self.revealed.items():
                held = state.colonies[seat]
                handles = sorted(h for h, n in held.items() if n and is_handle(h))
                for handle, kind in zip(handles, sorted(shown)):
                    state.identify(handle, kind)
            if colonies_only and not any(n and is_handle(h) for held in state.colonies
                                         for h, n in held.items()):
                return state
        known = self.identified
        for handle in sorted({h for deck in DECK_NAMES for h in out_handles(state, deck, True)}):
            if handle in known:
                state.identify(handle, known[handle])
        return state

    # --- navigation ----------------------------------------------------------

    def __repr__(self) -> str:
        return played_repr(self)

    def __len__(self) -> int:
        return len(self.replay)

    @property
    def steps(self) -> list[MillionClubStep]:
        steps = cast(list[MillionClubStep], self.replay.steps)   # (all this game's)
        if self.took and steps and steps[0].shown is None:  # say what the ? cards were
            for step in steps:
                step.shown = ()
            for index, handles in self.took.items():
                steps[index - 1].shown = tuple(self.card_shown(h) for h in handles)
        return steps

    def card_shown(self, handle: str) -> str:
        """An unknown card as the replay tells it: its name when every fitting assignment
        agrees, ``? (India or Africa)`` when few names remain, else ``?``."""
        if not is_handle(handle):  # a card the place held alone: named; or a draw: "?"
            return handle or "?"
        if handle not in self.variables:
            return "?"
        x = self.variables[handle]
        can_be = self.problem.possible()[x]
        if len(can_be) == 1:
            return next(iter(can_be))
        if 1 < len(can_be) <= 3 and len(can_be) < len(self.problem.domains[x]):
            return "? (" + " or ".join(card_name(c) for c in sorted(can_be)) + ")"
        return "?"

    def state(self, index: int) -> State:
        """The state after ``index`` moves, with what the record settles of unknown cards."""
        n = len(self.replay)
        state = self.replay.state(index)
        return self.known_view(state, final=index in (n, -1))

    def __getitem__(self, index: int) -> State:
        return self.state(index)

    @property
    def final(self) -> State:
        return self.state(len(self.replay))

    @property
    def complete(self) -> bool:
        return self.replay.current.finished

    def round_start(self, number: int) -> int:
        """The step index at the start of round ``number`` (before its first placement)."""
        return self.replay.first_step(lambda s: s.round == number) - 1

    def disc_start(self, number: int, disc: int) -> int:
        """The step index just before the first move of ``disc`` in round ``number``."""
        return self.replay.first_step(
            lambda s: s.round == number and cast(MillionClubStep, s).disc == disc
            and s.phase == "resolve") - 1

    def scores(self) -> list[Score]:
        """Each player's score now (final once the game is complete), by category and
        rank, as the whole record settles it (``scores_of``)."""
        if self._scores is None:
            self._scores = self.score_at(len(self.replay))
        return list(self._scores)

    def score_at(self, index: int) -> list[Score]:
        """Each player's score after ``index`` moves, given everything the record says
        (``scores_of``): every view of a step asks this, so none can disagree."""
        key = (index, len(self.replay))   # (a replay still growing scores anew)
        rows = self._scores_at.get(key)
        if rows is None:   # (the board and the list of players under it both ask)
            rows = self._scores_at[key] = self.scores_of(
                self.replay.state(index), final=index in (len(self.replay), -1))
        return list(rows)

    def scores_of(self, state: State, final: bool = False) -> list[Score]:
        """The score of a state of this game *in hindsight*: with every unknown colony
        that the whole record settles named (a reveal at the end settles the colonies
        each player ends with, so it changes no earlier score it settles), and, where the
        record leaves them open, the exact range of each category the unknown colonies
        still held could change (``Score.ranges``).  A rank goes by the lowest totals, and
        where the ranges allow other places its range says which (``ranges["rank"]``,
        ``scoring.places``); a winner is named only when no naming of the cards could
        change it (``sure_winners``)."""
        state = self.known_view(state, final=final, colonies_only=True)
        rows = score(state)
        ranges = self.ranges_of(state, categories=final)
        if ranges is None:
            return rows
        out = []
        for row, r in zip(rows, ranges):
            base = row.total - row.dominance - row.globalisation  # the exact categories
            lo, hi = r["total"]
            settled = {c: v for c, v in r.items() if c != "total" and v[0] != v[1]}
            if lo != hi or settled:  # (a category's lowest is no part of the total then)
                settled["total"] = (base + lo, base + hi)
            # a category the unknown cards cannot change has its one value; one they can
            # shows its lowest (with its range beside it)
            out.append(replace(row, dominance=r["dominance"][0],
                               globalisation=r["globalisation"][0], ranges=settled))
        out = [replace(r, rank=place)
               for r, place in zip(out, ranks([(r.total_range[0], r.money) for r in out]))]
        # (the places a range allows, where it allows more than one: ``Score.rank_text``)
        allowed = [places(r, out) for r in out]
        return [replace(r, ranges={**r.ranges, "rank": (best, worst)}) if best != worst else r
                for r, (best, worst) in zip(out, allowed)]

    def ranges_of(self, state: State, categories: bool = False
                  ) -> list[dict[str, tuple[int, int]]] | None:
        """The total ranges of ``state`` (a known view) over every naming of its unknown
        colonies that fits the whole record, with the dominance and globalisation ranges
        (exact with ``categories``, else safe bounds: ``exact_ranges``), or ``None`` when
        it holds none.  Kept by the colonies each player holds: most steps of a game
        change none, and a range costs a search."""
        if not self.variables:
            return None
        held_now = tuple(tuple(sorted((c, k) for c, k in held.items() if k))
                         for held in state.colonies)
        if not any(is_handle(c) for held in held_now for c, _ in held):
            return None
        key = (held_now, categories)
        if key not in self._ranges:
            with self._ranges_lock:   # (asked again inside: another thread may have)
                if key not in self._ranges:
                    # (with a reveal most scores are settled, and one question, "can it
                    # differ from this fitting naming's?", settles each; without one most
                    # are ranges, and that question would only add to the two bounds)
                    example = self.example
                    named = None if example is None else {
                        h: example[x] for h, x in self.variables.items() if x in example}
                    self._ranges[key] = exact_ranges(
                        state, self.problem, self.variables, named, categories,
                        self.range_budget, ask_first=bool(self.revealed))
        return self._ranges[key]

    def with_safe_ranges(self) -> GameReplay:
        """This record as a view can show it at once: every score range not worked out
        yet is its safe bounds (``safe_ranges``: true, but maybe wider than the exact
        range, which takes a search).  A copy that shares the record, its replay and what
        is settled of its cards, with caches of its own, so nothing it shows is kept
        here; its ``range_budget.spent`` says whether any range it gave was a safe bound
        (if none was, everything it showed is exact).  The replay widget draws itself
        from it, then again from this record once the exact ranges are found."""
        # (what the record settles of its cards is exact, and every view needs it: worked
        # out here, once, for the copy and this record alike)
        _ = self.identified, self.example
        quick = copy.copy(self)
        quick._scores, quick._scores_at = None, {}
        quick._ranges = dict(self._ranges)
        quick.range_budget = Budget(0)
        quick._ranges_lock = threading.RLock()
        return quick

    def hindsight_points(self, state: State) -> list[dict[str, int]]:
        """Each player's points by category in ``state`` (a known view), counted with one
        naming of its unknown colonies that fits the whole record, the same naming at every
        step: exact wherever the record settles the points (``ranges_of``), and one story
        that adds up to the final score where it does not (events and attribution mark
        those: ``Event.exact``)."""
        scoring = ColonyScoring(state)
        handles = scoring.handles
        if not handles:
            return scoring.points
        example = self.example
        if example is None or any(h not in self.variables for h in handles):
            return scoring.points  # (no naming found in time: the unknown ones count as none)
        return scoring.points_if({h: example[self.variables[h]] for h in handles})

    @property
    def example(self) -> dict[int, str] | None:
        """One naming of every unknown card that fits the whole record (``None`` if the
        search runs out of time), found once."""
        if self._example is False:
            try:
                self._example = self.problem.solve() if self.variables else None
            except TooHard:
                self._example = None
        return self._example if isinstance(self._example, dict) else None

    def deals(self, index: int) -> Deals:
        """The deals of the unknown cards this record allows after ``index`` moves, with
        the position as its seat knew it then (made once a step: ``deals.py``)."""
        if index not in self._deals:
            from .deals import Deals   # (a review's only)

            self._deals[index] = Deals(self.problem, self.variables, self.history, index,
                                       self.replay.state(index), seed=index)
        return self._deals[index]

    def facts(self) -> list[MoveFacts]:
        """What was noted of each move as it was played.  The writer reads these rather
        than ``steps``, which it would have to build first."""
        return self.replay.infos


class _Reader:
    def __init__(self, record: GameRecord, strict: bool, snapshot_every: int,
                 events: bool = False) -> None:
        self.record = record
        self.strict = strict
        t = record.table
        self.initial = new_game(t.names, t.colours, setup=t.setup, privilege_pick=t.privilege_pick)
        self.replay: Replay = Replay(self.initial, State.copy, play, snapshot_every,
                                     step_maker(record.table))
        self.errors: list[RecordError] = []
        self.problem = Problem()
        self.var: dict[str, int] = {}
        self.history = DealHistory()
        self.revealed: dict[int, tuple[str, ...]] = {}
        self.replay.current.log = []
        self.last_entry: Entry | None = None
        self.last_card: tuple | None = None  # (seat, card) of the last Intrigue card played
        self.warnings: list[RecordError] = []
        self.redundant: set[int] = set()
        self.took: dict[int, list[str]] = {}  # step -> the unknown cards its ? words meant
        self.round_mark: Marker | None = None
        self.entry: MoveEntry | None = None  # the move being played
        #: What a comment that follows a check or the reveal on its line is about ("after
        #: the check"): such a comment is no move's, and is shown so on the step before it.
        self.after_entry: str | None = None
        #: Notes the events as the moves are played, if asked to.
        if events:
            from .events import Capture   # (the analysis's: mclog validate starts without it)

            self.capture: Capture | None = Capture(self.replay.current)
        else:
            self.capture = None

    def fail(self, message: str, line: int, col: int, **kw: Any) -> RecordError:
        return self.record.error(message, line, col, **kw)

    # --- entries ------------------------------------------------------------------

    def run(self, entries: list[Entry]) -> None:
        """Play every entry in order; an illegal move is reported at its own line."""
        try:
            self.replay.extend(self.plays(entries),
                               self.capture.play if self.capture is not None else None)
        except RuleError as exc:
            entry = self.entry
            assert entry is not None   # (a rule is broken by the move being played)
            self.replay.current.log.clear()
            self.settle(entry)  # an unknown card that stopped fitting earlier is the first slip
            error = self.fail(exc.reason, entry.line, entry.col, rule=exc.rule,
                              code="illegal-move")
            error.entry = entry  # which entry (a JSON record has no lines to point at)
            raise error from None
        except RecordError as exc:
            log = self.replay.current.log
            if log and self.entry is not None:
                self.note_unknowns(self.entry)
            self.settle()
            exc.entry = self.last_entry
            raise
        if self.replay.current.log and self.entry is not None:
            self.note_unknowns(self.entry)
        if self.problem.constraints or self.var:
            self.note_end(self.last_entry)
        self.settle()

    def plays(self, entries: list[Entry]) -> Iterator[tuple[Move, MoveFacts]]:
        """Check each move against what the record says of it, and yield it with its facts
        (see ``step_maker``) for the replay to play.  Entries that are not moves are dealt
        with here, between the moves (a few hundred a game: this loop is written out)."""
        state = self.replay.current  # played in place: the same object all game long
        for entry in entries:
            if state.log and self.entry is not None:   # (the unknown cards a move told of)
                self.note_unknowns(self.entry)
            self.last_entry = entry
            if type(entry) is not MoveEntry:
                self.other(entry)
                continue
            self.after_entry = None
            d = state.decision
            move = entry.move
            if d is None:
                raise self.fail(f"The game is over after round 9, but the record goes on: "
                                f"{move_text(move, self.record.table)}", entry.line, entry.col,
                                code="illegal-move")
            if self.round_mark is not None:
                self.check_round(state)
            label = phase_label(state)
            kind = type(move)
            if (kind is Pass or kind is Target) and (
                    entry.label not in (None, label) or move.player != d.actor
                    or (kind is Target and d.kind != "target")):
                reason = not_asked(state, move, entry.label or label, self.last_card)
                if reason is not None:
                    self.warnings.append(self.fail(
                        f"{move_text(move, self.record.table)} is redundant: {reason}",
                        entry.line, entry.col, code="redundant"))
                    self.redundant.add(id(entry))
                    continue
            if kind is Choose or (kind is Draw and d.dest == "machiavelli"):
                self.last_card = (d.actor if kind is Choose else d.recipient,
                                  cast("Choose | Draw", move).card)
            if entry.label != label and entry.label is not None:
                raise self.fail(
                    f"{move_text(move, self.record.table)} is on "
                    f"{'an' if entry.label[0] in 'aeiou' else 'a'} '{entry.label}' line, but "
                    f"the game is {_when(state)}: next is {describe_decision(state)} (a "
                    f"'{label}' line)", entry.line, entry.col, code="illegal-move")
            if kind in _NAMES_INDUSTRY:
                move = self.complete(move, state, entry)
            if d.actor is None and kind is Draw and entry.subject is not None:
                self.check_drawer(state, entry)
            self.entry = entry
            yield move, move_facts((state.round, state.phase, d, entry, state.resolving,
                                    label))

    def other(self, entry: Entry) -> None:
        """An entry that is not a move: a comment, a round line, a checkpoint, a reveal."""
        if isinstance(entry, CommentEntry):
            about = self.after_entry if not entry.own_line else None
            self.replay.comment(f"{about}: {entry.text}" if about else entry.text)
            return
        self.after_entry = None
        if isinstance(entry, Marker):
            if entry.label == "round":
                self.round_mark = entry
        elif isinstance(entry, CheckEntry):
            self.check(entry)
            self.after_entry = "after the check"
        elif isinstance(entry, RevealEntry):
            self.reveal(entry)
            self.after_entry = "at the reveal"
        self.history.mark(self.problem, len(self.replay.moves))

    def complete(self, move: Move, state: State, entry: MoveEntry) -> Move:
        """An industry written by its type alone (``Kim cash R``, ``SHORT``) is the player's
        only one of that type, or one of several identical ones: written out in full, in
        the move and in the record (so ``fmt`` and ``export`` write the full name)."""
        changes = {}
        for name, owner_field in _NAMES_INDUSTRY[type(move)]:
            card = getattr(move, name)
            if card.level != SHORT:
                continue
            owner = getattr(move, owner_field)
            owned = sorted({c for c in state.industries[owner] if c.kind == card.kind})
            who = self.record.table.names[owner]
            if not owned:
                raise self.fail(f"{who} owns no {INDUSTRY_NAMES[card.kind]} industry",
                                entry.line, entry.col, code="illegal-move")
            if len(owned) > 1:
                raise self.fail(
                    f"Which {INDUSTRY_NAMES[card.kind]} industry? {who} owns "
                    f"{' and '.join(map(str, owned))}: write the one meant in full",
                    entry.line, entry.col, code="illegal-move")
            changes[name] = owned[0]
        if changes:
            move = replace(move, **changes)
            entry.move = move
        return move

    def check_round(self, state: State) -> None:
        """The first move after a round line: the round must start here."""
        mark, self.round_mark = self.round_mark, None
        assert mark is not None   # (asked only after a round line)
        if state.phase != "placement" or state.placed or state.round != mark.number:
            raise self.fail(
                f"The record says round {mark.number} starts here, but the game is "
                f"{'in round ' + str(state.round) if state.round else 'still in its setup'}"
                f" ({describe_decision(state)}): a move is missing or one too many",
                mark.line, mark.col, code="illegal-move")

    def check_drawer(self, state: State, entry: MoveEntry) -> None:
        """R13: the player the record says draws a card is the one who does."""
        who = drawer(state)
        if who is not None and who != entry.subject:
            names = self.record.table.names
            named = "nobody" if entry.subject is None else names[entry.subject]
            raise self.fail(f"{names[who]} draws this card, not {named}",
                            entry.line, entry.col, code="illegal-move", rule="R13")

    # --- unknown cards -----------------------------------------------------------------

    def note_unknowns(self, entry: MoveEntry) -> None:
        """Turn what the engine did with unknown cards during the last move (``unknown.py``)
        into constraints on their identities, tagged with the move's entry."""
        log = self.replay.current.log
        for event in log:
            match event:
                case Drawn(handle, deck, in_draft):
                    self.var[handle] = self.problem.variable(DECK_TOTALS[deck])
                    # Cards drawn unseen into a draft hand are alike, and which of them a
                    # later move names is not known: the draw itself stays "?" (a dealt
                    # card is itself).
                    self.took.setdefault(len(self.replay.moves), []).append(
                        "" if in_draft else handle)
                case Taken(handle):
                    self.took.setdefault(len(self.replay.moves), []).append(handle)
                case Identified(handle, kind):
                    self.problem.fix(self.var[handle], kind, tag=(entry, "is", kind))
                case Relabelled(deck, new, old):
                    for handle in new:
                        self.var[handle] = self.problem.variable(DECK_TOTALS[deck])
                    known = Counter(c for c in old if not is_handle(c))
                    self.problem.same([self.var[h] for h in new],
                                      [self.var[h] for h in old if is_handle(h)], known,
                                      tag=(entry, "same", deck))
                    self.history.relabels.append((len(self.replay.moves), event))
                case OutOfDeck(deck, handles, caps):
                    self.problem.at_most([self.var[h] for h in handles], caps,
                                         tag=(entry, "out", deck))
                case OffDeck():
                    self.history.draws.append((len(self.replay.moves), event))
        log.clear()
        self.history.mark(self.problem, len(self.replay.moves))

    def note_end(self, entry: Entry | None) -> None:
        """At the end of the record, the cards out of each deck are bounded as well (R1)."""
        state = self.replay.current
        for deck in DECK_NAMES:
            if state.hidden[deck]:
                handles = out_handles(state, deck, hand_of(state, deck))
                self.problem.at_most([self.var[h] for h in handles], dict(state.decks[deck]),
                                     tag=(entry, "out", deck))
        self.history.mark(self.problem, len(self.replay.moves))

    def settle(self, failed_at: Entry | None = None) -> None:
        """Check that some identities of the unknown cards fit the whole record; if none
        does, report the first line after which none remains."""
        if not self.problem.constraints:
            return
        try:
            index = self.problem.first_conflict_index()
        except TooHard:
            entry = failed_at or self.last_entry
            raise self.fail(
                f"Too many unknown cards to check (no answer in {SAT_SECONDS:g} seconds of "
                f"search): name some of the ? cards", *_where(entry), code="unknown") from None
        if index is None:
            return
        # (each constraint's tag: the entry that set it, what it says, and a detail)
        entry, what, detail = cast(tuple[Any, str, Any],
                                   self.problem.constraints[index].tag)
        names = self.record.table.names
        kinds: list[str]
        if what == "is":
            kinds = [detail]
            message = (f"The unknown cards cannot be named to fit this line: no way of naming "
                       f"the ? cards recorded so far leaves {article(card_name(detail))} card "
                       f"here")
        elif what == "check":
            kinds = []
            message = ("The unknown cards cannot be named to fit this check: no way of naming "
                       "the ? cards recorded so far gives these scores")
        elif what == "reveal":
            kinds = sorted(set(entry.colonies))
            message = (f"{names[entry.seat]} cannot show {_list(list(entry.colonies))}: no way "
                       f"of naming the ? cards recorded so far gives {names[entry.seat]} these "
                       f"colonies")
        else:
            kinds = [str(kind) for kind in self.problem.kinds_at_fault(index)] \
                if what == "out" else []
            which = _and([f"{card_name(k)}" for k in kinds]) + " cards" if kinds else \
                "cards of a kind"
            message = (f"The unknown cards cannot be named to fit this line: however the ? cards "
                       f"recorded so far are named, more {which} would be out of the "
                       f"{DECK_NAMES[detail]} deck than it holds")
        seen = self.named_at(kinds, entry.line)
        if seen:
            message += f" ({seen})"
        raise self.fail(message, *_where(entry), rule="R1", code="unknown")

    def named_at(self, kinds: Sequence[str], upto: int) -> str:
        """Where the record names cards of ``kinds`` up to line ``upto``, for a message:
        ``Asia cards named at lines 12, 30 and 41``."""
        parts = []
        for kind in kinds:
            lines = []
            for e in self.record.entries:
                if e.line > upto and upto:
                    break
                if isinstance(e, MoveEntry):
                    m = e.move
                    if kind in (getattr(m, "card", None), getattr(m, "continent", None),
                                getattr(m, "give", None), getattr(m, "take", None)):
                        lines.append(e.line)
                elif isinstance(e, RevealEntry) and kind in e.colonies:
                    lines.append(e.line)
            if lines:
                lines = sorted(set(lines))
                at = _and([str(n) for n in lines[:12]]) + (" ..." if len(lines) > 12 else "")
                parts.append(f"{card_name(kind)} cards named at line{'s' if len(lines) > 1 else ''}"
                             f" {at}")
        return "; ".join(parts)

    # --- checkpoints and the reveal --------------------------------------------------------

    def check(self, entry: CheckEntry) -> None:
        """A checkpoint: what the table counted.  Money and prices are compared as they
        stand (nothing unknown enters them); a score that unknown colonies can change is
        evidence about them (``check_score``)."""
        state = self.replay.current
        names = self.record.table.names
        if entry.what == "score":
            self.check_score(entry, state)
            return
        for key, expected in entry.values:
            if isinstance(key, str):   # (prices go by industry, money by seat)
                actual, what = state.prices[key], f"the {card_name(key)} price is"
            else:
                actual, what = state.money[key], f"{names[key]} has"
            if actual != expected:
                unit = " million" if entry.what == "money" else ""
                self.check_failed(entry, f"check failed {_when(state)}: {what} {actual}{unit} "
                                         f"by the rules, but the record says {expected}")

    def check_failed(self, entry: CheckEntry, message: str) -> None:
        err = self.fail(message, entry.line, entry.col, code="check")
        if self.strict:
            raise err
        self.errors.append(err)

    def check_score(self, entry: CheckEntry, state: State) -> None:
        """``check score``: a condition on the unknown colonies held now, added to the
        constraint problem (``ColonyScoring``).  It fails only when no naming of the ``?``
        cards fits it together with everything before it, and then says, for each player
        counted, what the rules allow; a true check may settle cards (every view then shows
        them as known)."""
        scoring = ColonyScoring(state)
        handles = scoring.handles
        expected = {seat: value for seat, value in entry.values
                    if isinstance(seat, int)}   # (the reader gives a score check by seat)
        shown = self.shown_at_reveal(scoring)
        if shown is not None:  # (nothing unknown: the count is compared as it stands)
            exact = scoring.totals(shown)
            for seat, value in expected.items():
                if exact[seat] != value:
                    self.check_failed(entry, f"check failed {_when(state)}: "
                                             f"{self.record.table.names[seat]}'s score is "
                                             f"{exact[seat]} by the rules, but the record says "
                                             f"{value}")
            return
        self.problem.rule([self.var[h] for h in handles], Rule(*totals_rule(scoring, expected)),
                          tag=(entry, "check", None))
        try:
            fits = self.problem.part_fits()
        except TooHard:
            raise self.fail(f"Too many unknown cards to check (no answer in {SAT_SECONDS:g} "
                            f"seconds of search): name some of the ? cards", entry.line,
                            entry.col, code="unknown") from None
        if fits:
            return
        self.problem.drop_last()
        self.settle(entry)  # a line before it that no naming fits is the first slip
        self.check_failed(entry, self.score_mismatch(state, expected))

    def shown_at_reveal(self, scoring: ColonyScoring) -> dict[str, str] | None:
        """What the unknown colonies held count as when the reveal has shown them all (the
        night's last count comes after it): each player's unknown colonies are what they
        showed beyond the named ones, in whatever order, so the scores are settled and
        nothing is left to search.  ``None`` while some are not shown."""
        out: dict[str, str] = {}
        for seat, held in enumerate(scoring.held):
            if not held:
                continue
            shown = self.revealed.get(seat)
            if shown is None or len(shown) != len(held):
                return None
            out.update(zip(sorted(held), sorted(shown)))
        return out

    def score_mismatch(self, state: State, expected: dict[int, int]) -> str:
        """Why a ``check score`` fits no naming of the unknown colonies: the players whose
        count is out of the range the rules allow, or, if each alone is within it, that the
        counts cannot all hold at once."""
        names = self.record.table.names
        ranges = exact_ranges(state, self.problem, self.var)
        fixed = ColonyScoring(state).base  # (the categories no colony changes)
        allowed = {}
        for seat in expected:
            lo, hi = ranges[seat]["total"]
            allowed[seat] = (fixed[seat] + lo, fixed[seat] + hi)

        def can_be(seat: int) -> str:
            lo, hi = allowed[seat]
            return (f"{names[seat]}'s score is {lo}" if lo == hi else
                    f"{names[seat]}'s score can be {lo} to {hi}")

        out = [s for s, v in expected.items() if not allowed[s][0] <= v <= allowed[s][1]]
        if out:
            parts = [f"{can_be(s)} by the rules, but the record says {expected[s]}" for s in out]
            return f"check failed {_when(state)}: " + "; ".join(parts)
        parts = [f"{can_be(s)}" for s in expected]
        said = _and([f"{names[s]} {v}" for s, v in expected.items()])
        return (f"check failed {_when(state)}: these scores cannot all be true at once "
                f"({said}): by the rules {_and(parts)}, but no naming of the ? cards "
                f"recorded so far gives them together")

    def reveal(self, entry: RevealEntry) -> None:
        state = self.replay.current
        name = self.record.table.names[entry.seat]
        if not state.finished:
            raise self.fail(f"The colonies are revealed at the end of the game, but it is "
                            f"still round {state.round} ({describe_decision(state)})",
                            entry.line, entry.col, code="reveal")
        held = state.colonies[entry.seat]
        known = [c for c in CONTINENTS for _ in range(held[c])]
        unknown = [c for c, n in held.items() if n and is_handle(c)]
        shown = list(entry.colonies)
        rest = list(shown)
        for c in known:
            if c in rest:
                rest.remove(c)
            else:
                raise self.fail(
                    f"{name} shows {_list(shown)}, but the game gives {name} "
                    f"{_list(known + ['?'] * len(unknown))}: {card_name(c)} is missing",
                    entry.line, entry.col, code="reveal")
        if len(rest) != len(unknown):
            raise self.fail(
                f"{name} shows {len(shown)} colonies ({_list(shown)}), but the game gives "
                f"{name} {len(known) + len(unknown)} ({_list(known + ['?'] * len(unknown))})",
                entry.line, entry.col, code="reveal")
        if unknown:
            self.problem.exactly([self.var[h] for h in unknown], Counter(rest),
                                 tag=(entry, "reveal", None))
        self.revealed[entry.seat] = tuple(rest)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _list(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"


def replay(record: GameRecord, *, strict: bool = True, snapshot_every: int = 32,
           events: bool = False) -> GameReplay:
    """Replay ``record`` through the engine.  Raises ``RecordError`` at the first mistake
    (in lenient mode, failed checkpoints are collected in ``.errors`` instead).

    ``events``: note the game's events as it plays (``game.noted``), for a caller that
    will read them (analysis, the corpus): the game is then played once, not twice."""
    reader = _Reader(record, strict, snapshot_every, events)
    reader.run(record.entries)
    current = reader.replay.current
    current.log = None
    game = GameReplay(record, reader.replay, reader.errors, reader.problem, reader.var,
                      reader.revealed, reader.warnings, reader.redundant, reader.took,
                      history=reader.history)
    if reader.capture is not None:
        game.noted = reader.capture.finish(game, current)
    return game


def _when(state: State) -> str:
    """Where the game stands, in a player's words: ``after round 3``."""
    r = state.round
    if state.finished:
        return "at the end of the game"
    if state.phase == "setup":
        return "during the setup"
    if state.phase == "placement":
        if not state.placed:
            return f"after round {r - 1}" if r > 1 else "before round 1"
        return f"during the placements of round {r}"
    if state.phase == "round end":
        return f"at the end-of-round turns of round {r}"
    disc = state.resolving
    assert disc is not None   # (the resolve phase: a disc is being resolved)
    return f"in round {r}, at the {DISC_NAMES[disc]} ({ROMAN[disc]})"


def _where(entry: Entry | None) -> tuple[int, int]:
    return (entry.line, entry.col) if entry is not None else (0, 0)
