"""A replayed game of Million Club: what ``replayer.replay`` gives once a record is read.

The replayer (``replayer.py``) reads a record, checks it and plays its moves; what it
makes is a ``GameReplay``: the record, its states step by step, and what the record
settles of its unknown cards.  Every view of a game (the terminal, the report, the
widget, the tables, a review) reads the game from here, so that none can tell a step
differently from another: a state is shown with every ``?`` card the whole record
settles named (``known_view``), and a score is the exact one or, where the record
leaves colonies open, the exact range of what they could still make it
(``scores_of``).

Each move is noted as it is played in a ``MoveFacts`` (cheap: a game has hundreds of
moves), and made into a ``MillionClubStep`` only when a view reads that step.
"""

from __future__ import annotations

import copy
from _thread import RLock
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final, NamedTuple, SupportsIndex, cast

from mclog.errors import RecordError
from mclog.unknowns import Problem, TooHard
from mclog.replay import Replay, Step, facts_maker, played_repr, whole_step
from .rules.cards import DECK_NAMES, card_name
from .rules.moves import Move
from .notation.record import GameRecord, MoveEntry
from .rules.score_range import Budget, ColonyScoring, exact_ranges, totals_settled
from .rules.scoring import Score, places_of, ranks, score
from .rules.state import Decision, State, Table
from .notation.text import move_text
from .rules.unknown import OffDeck, Relabelled, is_handle, out_handles

if TYPE_CHECKING:
    from .deals import Deals
    from .events import Noted

#: The work (CP-SAT's deterministic seconds) the exact score ranges of one record may take
#: in all, every step of every view included (issue 30: a record crafted to be slow once
#: took seconds a question, with no bound on the record).
RANGE_SECONDS: Final = 1.5

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


#: ``MoveFacts`` from a tuple of its fields, in their order (``mclog.replay.facts_maker``).
move_facts = facts_maker(MoveFacts)


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


def _totals_exact(ranges: list[dict[str, tuple[int, int]]]) -> bool:
    """Whether every player's total in ``ranges`` (``ranges_of``) is one number."""
    return all(r["total"][0] == r["total"][1] for r in ranges)


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
    #: notebook may ask for a score (``with_safe_ranges``).  (The lock ``threading.RLock``
    #: makes, taken from ``_thread``: mclog validate makes one, and importing threading
    #: would cost its start half a millisecond: issue 29.)
    _ranges_lock: RLock = field(default_factory=RLock, repr=False, compare=False)

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

    def state(self, step: SupportsIndex) -> State:
        """The state after ``step`` moves, with what the record settles of unknown cards."""
        index = whole_step(step)
        n = len(self.replay)
        state = self.replay.state(index)
        return self.known_view(state, final=index in (n, -1))

    def __getitem__(self, index: SupportsIndex) -> State:
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

    def score_at(self, index: int, state: State | None = None) -> list[Score]:
        """Each player's score after ``index`` moves, given everything the record says
        (``scores_of``): every view of a step asks this, so none can disagree.  Kept:
        the board, the list of players under it, the timeline and the widget's chart all
        ask it.  (``state``: the state after ``index`` moves, for a caller going through
        them all, which need not be made again.)"""
        key = (index, len(self.replay))   # (a replay still growing scores anew)
        rows = self._scores_at.get(key)
        if rows is None:
            rows = self._scores_at[key] = self.scores_of(
                self.replay.state(index) if state is None else state,
                final=index in (len(self.replay), -1))
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
        settled_ranges, totals = [], []
        for row, r in zip(rows, ranges):
            base = row.total - row.dominance - row.globalisation  # the exact categories
            lo, hi = r["total"]
            settled = {c: v for c, v in r.items() if c != "total" and v[0] != v[1]}
            if lo != hi or settled:  # (a category's lowest is no part of the total then)
                settled["total"] = (base + lo, base + hi)
            settled_ranges.append(settled)
            totals.append(((base + lo, base + hi), row.money))
        # (the rank by the lowest totals, R21, and the places the ranges allow)
        rank_by_low = ranks([(low, money) for (low, _), money in totals])
        out = []
        for row, r, settled, rank, (best, worst) in zip(rows, ranges, settled_ranges,
                                                        rank_by_low, places_of(totals)):
            if best != worst:   # (the places a range allows: ``Score.rank_text``)
                settled["rank"] = (best, worst)
            # a category the unknown cards cannot change has its one value; one they can
            # shows its lowest (with its range beside it)
            out.append(replace(row, dominance=r["dominance"][0],
                               globalisation=r["globalisation"][0], rank=rank,
                               ranges=settled))
        return out

    def ranges_of(self, state: State, categories: bool = False
                  ) -> list[dict[str, tuple[int, int]]] | None:
        """The total ranges of ``state`` (a known view) over every naming of its unknown
        colonies that fits the whole record, with the dominance and globalisation ranges
        (exact with ``categories``, else safe bounds: ``exact_ranges``), or ``None`` when
        it holds none.  Kept by the colonies each player holds: most steps of a game
        change none, and a range costs a search."""
        held_now = self._held_unknown(state)
        if held_now is None:
            return None
        key = (held_now, categories)
        if key not in self._ranges:
            with self._ranges_lock:   # (asked again inside: another thread may have)
                if key not in self._ranges:
                    # (with a reveal most scores are settled, and one question, "can it
                    # differ from this fitting naming's?", settles each; without one most
                    # are ranges, and that question would only add to the two bounds)
                    self._ranges[key] = exact_ranges(
                        state, self.problem, self.variables, self._named(), categories,
                        self.range_budget, ask_first=bool(self.revealed))
        return self._ranges[key]

    def _held_unknown(self, state: State) -> tuple | None:
        """The colonies each player holds in ``state``, as ranges are kept by them, or
        None where no unknown one is held (nothing is open)."""
        if not self.variables:
            return None
        held_now = tuple(tuple(sorted((c, k) for c, k in held.items() if k))
                         for held in state.colonies)
        if not any(is_handle(c) for held in held_now for c, _ in held):
            return None
        return held_now

    def _named(self) -> dict[str, str] | None:
        """The example naming (``example``) by handle, or None."""
        example = self.example
        return None if example is None else {
            h: example[x] for h, x in self.variables.items() if x in example}

    def totals_settled(self, state: State) -> bool:
        """Whether the whole record settles every player's total in ``state`` (a known
        view): ``ranges_of``'s totals all exact, asked as one question (``score_range.
        totals_settled``), and kept by the colonies each player holds, as the ranges are."""
        held_now = self._held_unknown(state)
        if held_now is None:
            return True
        ranges = self._ranges.get((held_now, False)) or self._ranges.get((held_now, True))
        if ranges is not None:   # (a view asked for the ranges already)
            return _totals_exact(ranges)
        key = (held_now, "settled")
        if key not in self._ranges:
            with self._ranges_lock:
                if key not in self._ranges:
                    settled = totals_settled(state, self.problem, self.variables,
                                             self._named(), self.range_budget)
                    if settled is None:   # (no naming to ask about: the ranges say)
                        ranges = self.ranges_of(state)
                        settled = ranges is None or _totals_exact(ranges)
                    self._ranges[key] = settled
        return bool(self._ranges[key])

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
        quick._ranges_lock = RLock()
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


