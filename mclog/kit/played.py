"""A kit game's record played through its engine: the states after every move (``Replay``),
each move's mistake located at its item, and the checks compared with the rules.

A move the rules refuse ends the replay there (``errors``); a check the rules do not
reach is an error at its line, and the game goes on (later mistakes are still found).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import SupportsIndex

from mclog.errors import RecordError, RuleError
from mclog.record.entries import CheckEntry
from mclog.replay import Replay, Step, played_repr
from mclog.slips import (
    BUDGET, REFUSAL_BUDGET, Slip, allows, checked_after, confirmed, entry_place, find_slips,
    in_words, refused_with, written_as,
)

from .notation import KitRecord, MoveEntry


@dataclass(frozen=True)
class ScoreRow:
    """One player's result: points by category (the game's names), total, rank (1: first;
    tied players share a rank)."""

    name: str
    seat: int
    parts: dict
    total: int
    rank: int

    @property
    def exact(self) -> bool:
        return True

    def as_dict(self) -> dict:
        """A row of ``mclog score --json``: every game's row starts with the seat (0: the
        first in ``Players``, as in the record's JSON) and the name, and has the total and
        the rank.  (``player``, the name again, is what a kit game's rows said before
        they had the others' keys: kept for a program that reads it.)"""
        return {"seat": self.seat, "name": self.name, "player": self.name, **self.parts,
                "total": self.total, "rank": self.rank}


#: The most answers to one question a failed check's search tries for a move (``_slip``):
#: a question of more (a bid of any amount) is not one a table mishears as another.
OTHERS = 40

#: A snapshot of the state every so many moves, for a jump to any step: a kit game's move
#: replays in a few microseconds, so a jump replays at most 63 of them (well under a
#: millisecond) and a replay makes half the copies it would at Replay's 32.
SNAPSHOT_EVERY = 64


class KitPlayed:
    """A kit game's record replayed (``mclog.protocol.Played``)."""

    def __init__(self, game, record: KitRecord, *, strict: bool = True,
                 slips: bool = True, after: KitPlayed | None = None) -> None:
        """``after``: a replay of a record that ``record`` goes on from (``goes_on_to``),
        whose moves are not played again: only the entries added since are."""
        self.game, self.record = game, record
        self.errors: list[RecordError] = []
        self.warnings: list[RecordError] = []
        #: The index in ``record.entries`` of each error's entry (for a JSON record, whose
        #: entries have no lines: ``entries[12]``).
        self.error_entries: list[int] = []
        #: ... and the field of that entry's move the rules refused, where they named one
        #: (``entries[12].company``); None for a whole move or a check.
        self.error_fields: list[str | None] = []
        self.review_cache: dict = {}   # (``mclog.protocol.Played``)
        self._steps: list[Step] | None = None
        self._strict = strict
        self._at = 0  # the entry being played
        #: Whether a failed check names the move it may come from (``_slip``; not while
        #: such a move is being tried), and how many moves were played when a check of
        #: each kind last agreed (where the search for a check of that kind starts: a
        #: check of profits that agreed says nothing of the money).
        self._slips = slips
        start = 0   # the first entry to play
        if after is None:
            engine = game.engine
            self.replay = Replay(engine.new_state(game.table(record)), engine.copy,
                                 engine.play, snapshot_every=SNAPSHOT_EVERY)
            self._agreed: dict[str, int] = {}
        else:
            if after.game is not game or not after.goes_on_to(record, strict, slips):
                raise ValueError("the record does not go on from this replay's record")
            start = len(after.record.entries)
            # (the moves played are the same as this record's first ones: each is given
            # its entry in this record, which its messages and steps point into)
            self.replay = after.replay.fork([e for e in record.entries[:start]
                                             if type(e) is MoveEntry])
            self._agreed = dict(after._agreed)
        try:
            self._play_all(start)
        except RuleError as exc:  # (the move of entry ``_at``: the rules refused it)
            entry = record.entries[self._at]
            reason = exc.reason + game.refusal_hint(self, exc)
            if slips:   # (refused for its values, or as no move of its kind can come now:
                # an earlier slip may have left a player short, or changed the question)
                slip = self._slip(lambda state: allows(game.engine.play, state, entry.move),
                                  self._at, self._kind("money"), "the rules would allow it",
                                  REFUSAL_BUDGET)
                reason = refused_with(reason, exc.rule, slip)
            error = record.error(reason, entry.line, self._col(entry, exc.field),
                                 rule=exc.rule, code="illegal-move")
            if strict:
                raise error from None
            self.errors.append(error)
            self.error_entries.append(self._at)
            self.error_fields.append(exc.field)

    def _col(self, entry: MoveEntry, field: str | None) -> int:
        """The column a refusal of ``entry``'s move points at: the word of the field the
        rules refused (``'zzz9' is no company of this board``), else the item's first."""
        verb = self.game.verbs.by_type.get(type(entry.move))
        at = verb.field_word(field) if field is not None and verb is not None else None
        if at is None or entry.source is None:
            return entry.col
        return entry.source.col(entry.word + at)

    def goes_on_to(self, record: KitRecord, strict: bool = True, slips: bool = True) -> bool:
        """Whether ``record`` goes on from this replay's record (``continued_by``: a
        component file is found beside the record, so the file is the same too), so that
        its replay (with ``strict`` and ``slips`` as given) may go on from this one
        (``after``): this one played without a mistake, as that one is to be played."""
        return (strict == self._strict and slips == self._slips and not self.errors
                and self.record.continued_by(record))

    def _play_all(self, start: int = 0) -> None:
        """Every move of the record played, and each check compared with the rules where
        it stands (the state the moves before it left).  The moves between two other
        entries go to ``Replay.extend`` as one run: a record has a check or a comment
        every few dozen moves, or none, and one loop over a run costs less than a step of
        a generator per move.  (What each step says, its round, kind and actor, is worked
        out when the steps are first asked for: validating a record never needs them.)
        ``start``: the first entry to play, those before it being played already
        (``after``)."""
        entries = self.record.entries
        first = start   # the first entry of the run of moves not played yet
        for number, entry in enumerate(entries[start:], start):
            if type(entry) is MoveEntry:
                continue
            self._play_run(first, number)
            first = number + 1
            if isinstance(entry, CheckEntry):
                wrong = self._check(entry)
                if wrong is None:
                    self._agreed[self._kind(entry.what)] = len(self.replay.moves)
                else:
                    if self._slips and not self.errors:   # (later ones follow from it)
                        wrong += self._slip(lambda state: self._check(entry, state) is None,
                                            number, self._kind(entry.what))
                    error = self.record.error(wrong, entry.line, entry.col, code="check")
                    if self._strict:
                        raise error
                    self.errors.append(error)
                    self.error_entries.append(number)
                    self.error_fields.append(None)
        self._play_run(first, len(entries))

    def _play_run(self, start: int, end: int) -> None:
        """The moves of entries ``start`` to ``end`` played; where the rules refuse one,
        ``_at`` is its entry."""
        run = self.record.entries[start:end]
        played = len(self.replay.moves)
        try:
            self.replay.extend(zip([entry.move for entry in run], run))
        except RuleError:
            self._at = start + len(self.replay.moves) - played
            raise

    def _check(self, entry: CheckEntry, state=None) -> str | None:
        """What ``entry`` finds wrong with ``state`` (by default, the game now), or None
        where it agrees."""
        state = self.replay.current if state is None else state
        counting = self.game.checks.get(entry.what)
        if counting is None:
            return f"{self.game.name} has no {entry.what} to check"
        counted = counting(state)
        names = self.record.names
        wrong = [f"{names[key] if type(key) is int else key} has {counted[key]}, not {value}"
                 for key, value in entry.values if counted[key] != value]
        if not wrong:
            return None
        verb = "do" if entry.what.endswith("s") else "does"
        return f"the {entry.what} {verb} not match the rules: " + "; ".join(wrong) + \
            self._pending(state)

    def _words(self, what: str) -> list[str]:
        """Every word of the check ``what``: those that count the same (``cash`` and
        ``money``)."""
        checks = self.game.checks   # (bound methods: equal, not the same object)
        counting = checks.get(what)
        return [word for word, other in checks.items() if other == counting] or [what]

    def _kind(self, what: str) -> str:
        """What a check counts, the same for each word of it (its first word)."""
        return self._words(what)[0]

    def _slip(self, fits, number: int, kind: str,
              outcome: str = "the record would agree with it", budget: int = BUDGET) -> str:
        """The move since the last check of ``kind`` that agreed that, written as another
        legal answer to its question, would leave a state that ``fits`` where the record's
        ``number``-th entry stands (a check that agrees there, a move the rules allow),
        played on with the rest of the record, in words to add to its message
        (``mclog.slips``), or "".  A move with a card the record's seat did not see
        (``?``) is not tried, and neither is one of more than ``OTHERS`` answers (a bid of
        any amount).  A move refused looks from the last check of the money (what a move
        runs short of most often), and only where a check follows it: most refusals are
        the move's own slip, and only the table's later counts can tell one that comes
        from earlier."""
        engine, names = self.game.engine, self.record.names
        entries = self.record.entries
        counted = isinstance(entries[number], CheckEntry)   # (else a move refused)
        vouched = checked_after(entries, entries[number], self._words(kind))
        if not counted and not vouched:
            return ""   # (nothing later could tell a slip before it from its own)

        def text(move) -> str:
            return self.game.verbs.item(move, names)

        def others(state, written) -> list:
            legal = engine.legal(state)
            if legal is None or len(legal) > OTHERS:
                return []
            return [move for move in legal if "?" not in text(move)]

        def holds(slip: Slip) -> bool:
            again = replace(self.record, entries=written_as(
                entries, self.replay.infos[slip.index], slip.meant))
            try:
                return not KitPlayed(self.game, again, strict=False, slips=False).errors
            except RecordError:
                return False

        found = find_slips(self.replay, self._agreed.get(kind, 0), fits, others, engine.play,
                           considers=lambda move: "?" not in text(move), budget=budget)
        return in_words(confirmed(found, holds),
                        lambda slip: entry_place(self.replay.infos[slip.index], entries),
                        text, outcome, unconfirmed=not vouched)

    def _pending(self, state) -> str:
        """Where a failed check stands before a step the rules make with no choice in it
        (Cartel's year's end), the hint that its line may be missing: the table counted
        after that step, the record stops before it."""
        engine = self.game.engine
        d = engine.decision(state)
        if d is None or d.actor is not None:
            return ""
        legal = engine.legal(state)
        if legal is None or len(legal) != 1:
            return ""
        return f" (the record stands before {engine.describe(state)}: is its line missing?)"

    # --- the replayed game ---------------------------------------------------------

    def __repr__(self) -> str:
        return played_repr(self)

    def __len__(self) -> int:
        return len(self.replay.moves)

    @property
    def steps(self) -> list[Step]:
        """Every move with where it stands in the game: its round (``Game.round_of``),
        the decision it answered (kind, actor) and its line, made in one pass over the
        states the first time they are asked for."""
        if self._steps is None or len(self._steps) != len(self.replay.moves):
            engine, game = self.game.engine, self.game
            state = self.replay.state(0)
            steps = []
            for index, (move, entry) in enumerate(zip(self.replay.moves, self.replay.infos),
                                                  1):
                d = engine.decision(state)
                steps.append(Step(index, move, game.round_of(state), d.kind if d else "",
                                  d.actor if d else None, entry.line, entry.col, []))
                engine.play(state, move)
            self._steps = steps
        return self._steps

    def state(self, index: SupportsIndex):
        return self.replay.state(index)

    def __getitem__(self, index: SupportsIndex):
        return self.state(index)   # (``played[12]``, as every game's replayed record)

    @property
    def final(self):
        return self.replay.current

    @property
    def complete(self) -> bool:
        return self.game.engine.decision(self.replay.current) is None

    def scores(self, index: int | None = None) -> list[ScoreRow]:
        """Each player's points after ``index`` moves (default: now), ranked."""
        state = self.replay.current if index is None else self.state(index)
        parts = self.game.score_parts(state)
        totals = [sum(p.values()) for p in parts]
        keys = self.game.standing(state, totals)
        return [ScoreRow(name, seat, parts[seat], totals[seat],
                         1 + sum(k > keys[seat] for k in keys))
                for seat, name in enumerate(self.record.names)]


__all__ = ["KitPlayed", "ScoreRow"]
