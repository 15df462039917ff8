"""A kit game's record played through its engine: the states after every move (``Replay``),
each move's mistake located at its item, and the checks compared with the rules.

A move the rules refuse ends the replay there (``errors``); a check the rules do not
reach is an error at its line, and the game goes on (later mistakes are still found).
"""

from __future__ import annotations

from dataclasses import dataclass

from mclog.errors import RecordError, RuleError
from mclog.record.entries import CheckEntry
from mclog.replay import Replay, Step

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
        return {"player": self.name, **self.parts, "total": self.total, "rank": self.rank}


class KitPlayed:
    """A kit game's record replayed (``mclog.protocol.Played``)."""

    def __init__(self, game, record: KitRecord, *, strict: bool = True) -> None:
        self.game, self.record = game, record
        self.errors: list[RecordError] = []
        self.warnings: list[RecordError] = []
        #: The index in ``record.entries`` of each error's entry (for a JSON record, whose
        #: entries have no lines: ``entries[12]``).
        self.error_entries: list[int] = []
        engine = game.engine
        self.replay = Replay(engine.new_state(game.table(record)), engine.copy, engine.play,
                             make_step=_step)
        self._strict = strict
        self._at = 0  # the entry being played
        try:
            self.replay.extend(self._plays())
        except RuleError as exc:  # (the move of entry ``_at``: the rules refused it)
            entry = record.entries[self._at]
            error = record.error(exc.reason, entry.line, entry.col, rule=exc.rule,
                                 code="illegal-move")
            if strict:
                raise error from None
            self.errors.append(error)
            self.error_entries.append(self._at)

    def _plays(self):
        """Each move of the record with what its step will say (its round, the decision's
        kind and actor, its entry), for ``Replay.extend`` to play; each check compared
        with the rules where it stands (the state the moves before it left)."""
        engine, game, replay = self.game.engine, self.game, self.replay
        for number, entry in enumerate(self.record.entries):
            if isinstance(entry, MoveEntry):
                current = replay.current
                d = engine.decision(current)
                self._at = number
                yield entry.move, (game.round_of(current), d.kind if d else "",
                                   d.actor if d else None, entry)
            elif isinstance(entry, CheckEntry):
                wrong = self._check(entry)
                if wrong:
                    error = self.record.error(wrong, entry.line, entry.col, code="check")
                    if self._strict:
                        raise error
                    self.errors.append(error)
                    self.error_entries.append(number)

    def _check(self, entry: CheckEntry) -> str | None:
        state = self.replay.current
        counting = self.game.checks.get(entry.what)
        if counting is None:
            return f"{self.game.name} has no {entry.what} to check"
        counted = counting(state)
        names = self.record.names
        wrong = [f"{names[seat]} has {counted[seat]}, not {value}"
                 for seat, value in entry.values if counted[seat] != value]
        return f"the {entry.what} does not match the rules: " + "; ".join(wrong) \
            if wrong else None

    # --- the replayed game ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.replay.moves)

    @property
    def steps(self) -> list[Step]:
        return self.replay.steps

    def state(self, index: int):
        return self.replay.state(index)

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
        return [ScoreRow(name, seat, parts[seat], totals[seat],
                         1 + sum(t > totals[seat] for t in totals))
                for seat, name in enumerate(self.record.names)]


def _step(index: int, move, info, notes: list[str]) -> Step:
    """A step of the replay, made when first asked for (its column is worked out from its
    line's text only then)."""
    round_, kind, actor, entry = info
    return Step(index, move, round_, kind, actor, entry.line, entry.col, notes)


__all__ = ["KitPlayed", "ScoreRow"]
