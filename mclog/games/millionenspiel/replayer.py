"""A Millionenspiel record played through the rules: every state by step, with the
record's checks compared and each mistake located at its line.

The record does not write what the rules can work out: keeping the first throw
(``Accept``) is played here when the record goes on without ``refuses``, and a refusal
is given the roller's seat.  A name written before ``rolls`` or ``refuses`` must be the
roller's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, SupportsIndex, cast

from mclog.engine import Watch, by_fields, required
from mclog.errors import RecordError, RuleError
from mclog.record.entries import FromSource
from mclog.replay import Replay, Step, facts_maker, played_repr
from mclog.slips import (
    Slip, allows, checked_after, confirmed, entry_place, find_slips, in_words, refused_with,
    written_as,
)

from .notation.record import CheckEntry, Entry, MoveEntry, Record
from .notation.verbs import VERBS, amount
from .rules.flow import describe_decision, play
from .rules.moves import Accept, Bet, BuyPension, Land, Refuse, Throw
from .rules.track import COLOURS
from .rules.state import ACCEPT, BET, THROW, State, new_game


@dataclass(frozen=True, slots=True)
class MoneyEvent:
    """A change of one player's money as the rules made it: at move ``step`` (1-based), in
    throw ``throw`` rolled by ``roller``, ``amount`` to ``seat`` for ``cause`` (the rules'
    words: ``yellow: every bet wins 2x``), by ``move``."""

    step: int
    throw: int
    roller: int | None
    seat: int
    amount: int
    cause: str
    #: A move of rules/moves.py: typed Any, as mypyc cannot compile a dataclass field
    #: annotated ``object``.
    move: Any

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


class _Noting(Watch):
    """The watch (``mclog.engine.Watch``) that notes each change of money of a replay."""

    def __init__(self, out: list[MoneyEvent]) -> None:
        self.out = out
        self.step, self.throw = 0, 0
        self.roller: int | None = None
        self.move: object = None

    def before(self, state: State, move: object) -> None:
        self.step += 1
        self.throw, self.roller, self.move = state.throw, state.roller, move

    def money_moved(self, seat: int, amount: int, why: str) -> None:
        self.out.append(MoneyEvent(self.step, self.throw, self.roller, seat, amount, why,
                                   self.move))


@dataclass(slots=True)
class ScoreRow:
    """A player's result: money (the score: M16), pension card, rank."""

    name: str
    seat: int
    money: int
    pension: int
    rank: int
    winner: bool

    @property
    def total(self) -> int:
        return self.money

    def as_dict(self) -> dict:
        """A row of ``mclog score --json``, shaped as every game's (the seat, the name, the
        total and the rank), the total being the money."""
        return {"seat": self.seat, "name": self.name, "money": self.money,
                "pension": self.pension, "total": self.total, "rank": self.rank,
                "winner": self.winner}


class GameReplay:
    """A replayed record: ``state(i)`` after ``i`` moves, ``steps``, ``scores()``."""

    def __init__(self, record: Record, replay: Replay, errors: list[RecordError],
                 warnings: list[RecordError] | None = None,
                 redundant: set[int] | None = None, agreed: dict[str, int] | None = None,
                 played_as: tuple[bool, bool] = (True, True)) -> None:
        self.record, self.replay, self.errors = record, replay, errors
        self.review_cache: dict = {}   # (``mclog.protocol.Played``)
        #: Items that say what the rules already say (a broke player's ``pass``, M4): each
        #: with a warning (``validate --strict``: an error), and the entries themselves
        #: (``fmt`` leaves them out).
        self.warnings: list[RecordError] = warnings or []
        self.redundant: set[int] = redundant or set()
        self._money_events: list[MoneyEvent] | None = None
        #: The moves played when a check of each kind last agreed (where a failed check's
        #: search for its slip starts), and whether the replay was strict and named slips:
        #: what a replay of the record with lines added goes on from (``goes_on_to``).
        self.agreed: dict[str, int] = agreed or {}
        self.played_as = played_as

    def goes_on_to(self, record: Record) -> bool:
        """Whether ``record`` goes on from this replay's record (``continued_by``, each
        entry compared by ``_same``; the track and the pension cards are its tags'), so
        that its replay (strict, naming slips) may go on from this one (``replay(...,
        after=self)``): this one strict and naming slips too, played without a mistake
        and with no item left out."""
        return (self.played_as == (True, True) and not self.errors and not self.warnings
                and self.record.continued_by(record, _same))

    @property
    def money_events(self) -> list[MoneyEvent]:
        """Every change of money with its cause, in order (the analysis's attribution):
        noted in the replay itself when it was asked for its events, else by playing the
        moves once more with the same watch, the first time it is read."""
        if self._money_events is None:
            events: list[MoneyEvent] = []
            noting = _Noting(events)
            state = self.replay.state(0)
            for move in self.replay.moves:
                noting.before(state, move)
                play(state, move, noting)
            self._money_events = events
        return self._money_events

    def __repr__(self) -> str:
        return played_repr(self)

    def __len__(self) -> int:
        return len(self.replay)

    @property
    def steps(self) -> list[Step]:
        return self.replay.steps

    def state(self, index: SupportsIndex) -> State:
        return self.replay.state(index)

    def __getitem__(self, index: SupportsIndex) -> State:
        return self.state(index)

    @property
    def final(self) -> State:
        return self.replay.current.copy()

    @property
    def complete(self) -> bool:
        return self.replay.current.finished

    def scores(self) -> list[ScoreRow]:
        """Money at the end (or now, for a game in progress), ranked: the winner first
        (M16: the most money; a tie goes to who bet first in the last throw settled, the
        one whose payouts made the money shown; before any, in the first throw)."""
        s = self.replay.current
        n = s.players
        first = last_roller(s)
        order = [(first + i) % n for i in range(1, n + 1)]  # betting order: ties
        ranked = sorted(range(n), key=lambda seat: (-s.money[seat], order.index(seat)))
        rank = {seat: i + 1 for i, seat in enumerate(ranked)}
        return [ScoreRow(s.names[seat], seat, s.money[seat], s.pension[seat], rank[seat],
                         s.winner == seat) for seat in range(n)]


def last_roller(state: State) -> int:
    """Who rolled the last throw settled (M16's tie-break, M19): at the end, the last
    roller; in a game in progress, the one before the roller now (the dice pass left after
    every throw, M5); before any throw is settled, the first roller."""
    n = state.players
    if state.roller is None:
        return n - 1  # (no start player yet: the table's order from the first seat)
    if state.finished or state.throw <= 1:
        return state.roller
    return (state.roller - 1) % n


class MoveFacts(NamedTuple):
    """What the replayer noted of a move as it played it (``Replay.infos``): the throw,
    the kind of decision it answered (``"over"``: none), who decided, who was rolling
    (the writer names them: ``Ann rolls 4 3``), and the entry it was read from (a throw
    kept, which is not written, is the next item's)."""

    throw: int
    phase: str
    actor: int | None
    roller: int | None
    entry: MoveEntry


#: ``MoveFacts`` from a tuple of its fields, in their order (``mclog.replay.facts_maker``).
move_facts = facts_maker(MoveFacts)


def _make_step(index: int, move: object, facts: MoveFacts, comments: list[str]) -> Step:
    """A step from what the replayer noted, the entry's line and column worked out only
    now (most replays never ask)."""
    return Step(index, move, facts.throw, facts.phase, facts.actor, facts.entry.line,
                facts.entry.col, comments)


def _same(old: Entry, new: Entry) -> bool:
    """Whether an entry of a new reading plays as its old reading played: equal, and a
    move with the name written before it (``Ann rolls``, which the replay checks and
    equality does not compare) the same, or none (nothing to check: the canonical form
    writes ``Ann rolls 6 6, refuses``, where ``Ann refuses`` was typed)."""
    return old == new and (not isinstance(old, MoveEntry) or
                           cast(MoveEntry, new).subject in (None, old.subject))


def replay(record: Record, *, strict: bool = True, snapshot_every: int = 32,
           events: bool = False, slips: bool = True,
           after: GameReplay | None = None) -> GameReplay:
    """Play ``record``.  A move the rules refuse ends the replay with a located
    ``RecordError``; a check that fails is one too, or, with ``strict=False``, is kept
    in ``errors`` and the replay goes on.  ``events``: note every change of money with
    its cause as the moves are played (``GameReplay.money_events``).  ``slips``: name
    the landing a failed check may come from (``_slip``; off in the replays that try
    one).  ``after``: a strict replay of a record that ``record`` goes on from
    (``GameReplay.goes_on_to``), whose moves are not played again: only the entries
    added since are (the recorder's line; strict, naming slips, with no events)."""
    start = 0   # the first entry to play
    if after is None:
        state = new_game(record.names, record.track, record.pension_cards)
        steps = Replay(state, State.copy, play, snapshot_every, _make_step)
        #: The moves played when a check of money, and one of pensions, last agreed
        #: (none: 0).
        agreed: dict[str, int] = {}
    else:
        if not (strict and slips) or events or not after.goes_on_to(record):
            raise ValueError("a replay goes on from another only where its record goes on "
                             "from that one's, strict and naming slips")
        start = len(after.record.entries)
        # (each move played is given its entry in this reading, which its messages and
        # the slips' search point into)
        new_of = {id(old): new for old, new in zip(after.record.entries, record.entries)}
        steps = after.replay.fork([facts._replace(entry=new_of[id(facts.entry)])
                                   for facts in after.replay.infos])
        agreed = dict(after.agreed)
    errors: list[RecordError] = []
    warnings: list[RecordError] = []
    redundant: set[int] = set()
    current = steps.current
    playing = None  # the entry whose move is being played (for a rule's refusal)
    trying: object = None   # the move being played

    def fail(message: str, entry: FromSource | CheckEntry, rule: str | None = None,
             code: str = "illegal-move") -> RecordError:
        error = record.error(message, entry.line, entry.col, rule=rule, code=code)
        error.entry = entry   # (a JSON record has no lines: its import names the entry)
        return error

    def plays() -> Iterator[tuple[object, MoveFacts]]:
        nonlocal playing, trying
        for entry in record.entries[start:]:
            if isinstance(entry, CheckEntry):
                problem = _check(current, entry, record)
                if problem is None:
                    agreed[entry.what] = len(steps.moves)
                else:
                    if slips and not errors:   # (later failures follow from the first)
                        problem += _slip(steps, agreed.get(entry.what, 0),
                                         lambda state: _check(state, entry, record) is None,
                                         record, entry)
                    error = fail(problem, entry, code="check")
                    if strict:
                        raise error
                    errors.append(error)
                continue
            if not isinstance(entry, MoveEntry):
                continue
            playing = entry
            move = entry.move
            d = current.decision
            if isinstance(move, Bet) and move.amount == 0 and d is not None and \
                    d.kind in (BET, THROW) and current.money[move.player] == 0 and \
                    0 <= move.player < current.players:
                name = record.names[move.player]
                warnings.append(fail(f"{name} passes is redundant: {name} has no money and is "
                                     "not asked to bet (M4)", entry, "M4", code="redundant"))
                redundant.add(id(entry))
                continue
            if d is not None and d.kind == ACCEPT and not isinstance(move, Refuse):
                roller = required(current.roller, "a throw to keep with nobody rolling")
                yield Accept(roller), move_facts((current.throw, d.kind, d.actor, roller,
                                                  entry))
                d = current.decision
            if isinstance(move, Refuse):
                move = Refuse(current.roller)
            if entry.subject is not None and isinstance(entry.move, (Throw, Refuse)) \
                    and current.roller is not None and entry.subject != current.roller:
                raise fail(f"{record.names[entry.subject]} is not rolling: the dice are "
                           f"{record.names[current.roller]}'s this throw", entry, "M5")
            actor = d.actor if d is not None else None
            trying = move
            yield move, move_facts((current.throw, d.kind if d else "over", actor,
                                    current.roller, entry))

    noted: list[MoneyEvent] = []
    noting = _Noting(noted)

    def play_noting(state: State, move: object, info: object) -> None:
        noting.before(state, move)
        play(state, move, noting)

    try:
        try:
            steps.extend(plays(), play=play_noting if events else None)
        except RuleError as exc:
            refused = required(playing, "a rule refused a move before any was read")
            slip = _slip(steps, agreed.get("money", 0), lambda state: allows(play, state, trying),
                         record, refused, "the rules would allow it") if slips and isinstance(
                             trying, (Bet, BuyPension)) else ""
            raise fail(refused_with(exc.reason, exc.rule, slip)
                       + _a_count_read_as_bets(refused, record.names), refused,
                       exc.rule) from None
    except RecordError as exc:
        raise exc.relocate(file=record.file,
                           game=record.number if record.number > 1 else None) from None
    played = GameReplay(record, steps, errors, warnings, redundant, agreed, (strict, slips))
    if events:
        played._money_events = noted
    return played


def _a_count_read_as_bets(entry: FromSource, names: tuple[str, ...]) -> str:
    """What to add to the refusal of a bet read from a line that names every player once,
    each with a sum (``Ann 10 Ben 5 Cleo 1005``): a table's count of money with its
    ``check money`` left out, which reads as bets (a name and a sum is a bet wherever it
    stands), or ""."""
    if not isinstance(entry, MoveEntry) or type(entry.move) is not Bet or entry.source is None:
        return ""
    text = entry.source.text.split(";")[0]
    words = text.replace(",", " ").split()
    if "{" in text or len(words) != 2 * len(names) or sorted(words[0::2]) != sorted(names) \
            or any(amount(word) is None for word in words[1::2]):
        return ""
    return ("; is the line the table's count of money? A name and a sum is a bet wherever "
            f"it stands, and a count is written 'check money {' '.join(words)}'")


def _slip(steps: Replay, agreed: int, fits: Callable[[State], bool], record: Record,
          at: CheckEntry | FromSource, outcome: str = "the record would agree with it") -> str:
    """Where a failed check's difference, or a move the rules refuse, may come from, in
    words to add to its message, or "" (``mclog.slips``): the landings since the last
    check that agreed (``agreed`` moves), each written with the arrow passed once more or
    once less, or on another colour.  A table without a ``[Track]`` writes both by hand,
    and a 'past arrow' left out is a slip the rules cannot see until the money is counted
    or runs short (M12).  Every passing pays the same pensions, so a 'past arrow' left
    out often fits at several landings: those are named together, however many.  Each
    is played on with the rest of the record (``mclog.slips.confirmed``).  ``at``: the
    failed check, or the entry of the move refused, which is searched only where a check
    of money follows it (most refusals are the move's own slip, and only the table's
    later counts can tell one that comes from earlier)."""
    entries = record.entries
    vouched = checked_after(entries, at, (at.what,) if isinstance(at, CheckEntry) else
                            ("money",))   # (a later count of the same)
    if not isinstance(at, CheckEntry) and not vouched:
        return ""

    def holds(slip: Slip) -> bool:
        again = replace(record, entries=written_as(entries, steps.infos[slip.index].entry,
                                                   slip.meant))
        try:
            return not replay(again, strict=False, slips=False).errors
        except RecordError:
            return False

    found = confirmed(find_slips(steps, agreed, fits, _other_landings, play,
                                 considers=lambda move: isinstance(move, Land)),
                      holds, PASSINGS)

    def where(slip: Slip) -> str:
        return entry_place(steps.infos[slip.index].entry, entries)

    def text(move: object) -> str:
        return VERBS.item(move, record.names)

    said = []   # (the 'past arrow' slips, each kind in one phrase)
    single = [slip for slip in found if slip.meant.colour != slip.written.colour]
    for more, word, question in ((1, "more", "a 'past arrow' left out"),
                                 (-1, "less", "a 'past arrow' too many")):
        passes = [s for s in found if s.meant.colour == s.written.colour and
                  s.meant.past_arrow - s.written.past_arrow == more]
        if len(passes) == 1:
            single += passes
        elif passes:
            said.append(f"the pawn passed the arrow once {word} at any of "
                        f"{_places([where(s) for s in passes])} ({question}?)")
    return in_words(sorted(single, key=lambda s: s.index), where, text, outcome, said,
                    unconfirmed=not vouched)


#: The most slips a failed check plays the whole record on with (``mclog.slips.confirmed``):
#: more than the shared limit, as a 'past arrow' left out is named at any number of
#: landings (seldom more than this since the last check).
PASSINGS = 40


def _places(places: list[str]) -> str:
    """``line 4, line 9 or line 12``; past eight of them, where they run from and to."""
    if len(places) > 8:
        return f"the {len(places)} landings from {places[0]} to {places[-1]}"
    return f"{', '.join(places[:-1])} or {places[-1]}"


def _other_landings(state: State, written: Land) -> list[Land]:
    """The landings a table may have meant instead of ``written``: the arrow passed once
    more or once less, or another colour (black, which a die follows, only where it
    was)."""
    passes = [n for n in (written.past_arrow + 1, written.past_arrow - 1) if n >= 0]
    return [Land(written.colour, n) for n in passes] + [
        Land(colour, written.past_arrow) for colour in COLOURS
        if colour not in (written.colour, "black") and written.colour != "black"]


def _check(state: State, entry: CheckEntry, record: Record) -> str | None:
    table = state.money if entry.what == "money" else state.pension
    wrong = [f"{record.names[seat]} has {table[seat]:,}, not {value:,}"
             for seat, value in entry.values
             if isinstance(seat, int) and table[seat] != value]   # (checks go by seat)
    if wrong:
        return f"check {entry.what} failed: " + "; ".join(wrong)
    return None


__all__ = ["replay", "GameReplay", "ScoreRow", "MoneyEvent", "describe_decision"]
