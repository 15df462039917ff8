"""Game review by rollouts, for any game on the engine interface: how each decision
changed each player's chance to win, as lichess shows a chess game's evaluation graph and
the moves that threw a win away.

A **rollout** plays the game out from a position to its end: every decision to the
game's bots (``Game.bot_registry``; by default ``Game.review_bots``, the game's strongest),
every chance to the engine's ``chance``.  The winner of each rollout is read from ``Game.outcome`` (a tie for
first shares the win).  So a win chance is the bots' verdict, not the truth: a review says
which bots played its rollouts.

- ``chances(played, index)``: each player's chance to win from the position after
  ``index`` moves (the win-chance graph is this at every step);
- ``position(played, index)``: the decision taken there, each option played first and
  then rolled out the same number of times.  **Common random numbers**: rollout ``r`` of
  every option uses the same seed (the same dice, deals and bots' choices as far as the
  options let them be the same), so the options' differences are the decision's, not
  luck's.  The rollouts run in batches; after each, an option whose 95% interval lies
  wholly below the best option's is dropped (a sequential rule: the best option's
  interval, Wilson's, must clear it), and the rest go on, up to ``rollouts`` each;
- ``review(played, seat)``: every decision of ``seat`` (or of every seat), with the
  loss of each (the best option's win chance less the played one's) and the biggest
  losses first.

Everything is deterministic for a seed: the same record, step and seed give the same
figures, on one process or several (``jobs``: rollouts on processes forked from this
one; ``client``: on a Dask cluster's workers, each replaying the record's text once).  A
position is made once; each rollout starts from a copy of it.  What a record's positions
gave is kept while the record lives: asking again (stepping back in a widget, a curve
over the steps a review weighed) plays nothing twice.  Hidden cards:
a position from a seat's record is filled in by the game for each rollout
(``Game.rollout_state``: Cartel draws the cards the seat did not see among those the
record allows; a game that cannot says so).

>>> import mclog
>>> from mclog.review import chances
>>> played = mclog.replay(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
>>> chances(played, len(played), rollouts=4)   # the game is over: Ben won
[0.0, 1.0]
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .arguments import processes, seat_number, whole
from .errors import MclogError, ReviewError, RuleError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
from .games import game as _game_named
from .record.names import written_from
from .simulate import make_bots, moves_of

#: Rollouts are played in batches of this many between the checks of the sequential rule.
BATCH = 20
#: Z of a 95% interval.
Z = 1.96
#: The most options of one decision a review plays (a bet of any amount has a million):
#: the one played, and others spread evenly over the rest.
MAX_OPTIONS = 8
#: The most rollouts a position is given (a review asked for more would run for days).
MAX_ROLLOUTS = 100_000


@dataclass(frozen=True)
class Estimate:
    """A win chance from ``n`` rollouts: ``wins`` (a shared first place counts a share),
    its share, its 95% interval (Wilson's) and the mean final score."""

    wins: float
    n: int
    score: float = 0.0

    @property
    def chance(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if not self.n:
            return (0.0, 1.0)
        p, n = self.chance, self.n
        centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
        half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
        low = 0.0 if self.wins <= 0 else max(0.0, centre - half)
        high = 1.0 if self.wins >= n else min(1.0, centre + half)
        return (low, high)


@dataclass
class Option:
    """One option of a decision: the move, in words, and its estimate for the decider."""

    move: Any
    text: str
    estimate: Estimate
    played: bool = False


@dataclass
class Position:
    """A decision reviewed: after ``index`` moves, ``seat`` chose among ``options`` (best
    first); ``loss`` is how much win chance the move played gave away against the best."""

    index: int
    seat: int
    question: str
    options: list[Option]
    bots: str

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def played(self) -> Option:
        return next(o for o in self.options if o.played)

    @property
    def loss(self) -> float:
        return max(0.0, self.best.estimate.chance - self.played.estimate.chance)

    def as_dict(self, names: Sequence[str]) -> dict:
        return {"step": self.index + 1, "player": names[self.seat], "question": self.question,
                "played": self.played.text, "best": self.best.text,
                "loss": round(self.loss, 4), "bots": self.bots,
                "options": [{"move": o.text, "chance": round(o.estimate.chance, 4),
                             "low": round(o.estimate.interval[0], 4),
                             "high": round(o.estimate.interval[1], 4),
                             "rollouts": o.estimate.n, "score": round(o.estimate.score, 2),
                             "played": o.played} for o in self.options]}


@dataclass
class Review:
    """A game's review: the decisions reviewed (in order) and each player's win chance
    after every step reviewed (``curve``: step -> chances by seat)."""

    names: tuple[str, ...]
    positions: list[Position] = field(default_factory=list)
    curve: dict[int, list[float]] = field(default_factory=dict)
    bots: str = "random"
    rollouts: int = 0
    seed: int = 0
    #: What the rollouts assume beyond the record (``Game.rollout_note``), or None.
    note: str | None = None

    def blunders(self, count: int = 5) -> list[Position]:
        """The decisions that gave away the most win chance, worst first."""
        lost = [p for p in self.positions if p.loss > 0]
        return sorted(lost, key=lambda p: (-p.loss, p.index))[:count]

    def as_dict(self) -> dict:
        return {"players": list(self.names), "bots": self.bots, "rollouts": self.rollouts,
                "seed": self.seed, **({"note": self.note} if self.note else {}),
                "chances": [{"step": i, **{n: round(c[s], 4) for s, n in
                                           enumerate(self.names)}}
                            for i, c in sorted(self.curve.items())],
                "decisions": [p.as_dict(self.names) for p in self.positions],
                "blunders": [p.index + 1 for p in self.blunders()]}


# --- rolling out ---------------------------------------------------------------------------

def _seed(*parts: int) -> int:
    """A seed from a few numbers (stable across runs, unlike ``hash`` of a tuple)."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = (value ^ (part & 0xFFFFFFFFFFFF)) * 0x100000001B3 % (1 << 61)
    return value


def _winners(outcome: list) -> list[float]:
    best = max(outcome)
    first = [seat for seat, value in enumerate(outcome) if value == best]
    return [1 / len(first) if seat in first else 0.0 for seat in range(len(outcome))]


def _score(value) -> float:
    """A seat's outcome as one number (its first part, where the game ranks by several)."""
    return float(value[0] if isinstance(value, tuple) else value)


def rollout(game, state, bots_spec: str, seed: int, first=None) -> list:
    """One game played out from ``state`` (changed in place), ``first`` (if given) played
    before anything else; returns ``Game.outcome`` of its end."""
    engine = game.engine
    if first is not None:
        engine.play(state, first)
    players = len(game.outcome(state))
    bots = make_bots(bots_spec, players, seed, game.bot_registry)
    for _, move in moves_of(engine, state, bots, random.Random(seed), limit=200_000):
        engine.play(state, move)
    if engine.decision(state) is not None:
        raise ReviewError("a rollout did not reach the end of the game in 200,000 moves")
    return game.outcome(state)


def _game(played):
    """The game of a replayed record."""
    return _game_named(played.record.game)


def settled(game, bots: str | None, rollouts: int, seed: int, every: int = 1,
            players: int | None = None) -> str:
    """The bots a review's rollouts are played by (``bots``, or the game's ``review_bots``),
    once every setting is checked: a slip in a notebook (``rollouts="10"``, a bot the game
    has not, more bots than the ``players`` of the record) is said in words before any
    rollout is played, not met on a thread.  (The command line checks its options by the
    same bound, named as typed: ``--rollouts``.)"""
    whole(rollouts, "rollouts", 1, MAX_ROLLOUTS)
    whole(seed, "seed")
    whole(every, "every", 1)
    if bots is not None and not isinstance(bots, str):
        raise TypeError(f"bots are named in a str ('random, greedy'), not "
                        f"{type(bots).__name__}")
    chosen = bots or game.review_bots
    game.check_bots(chosen, players)
    return chosen


#: What a forked worker plays its rollouts on (the game, the replayed record, the bots,
#: the positions made so far): set before the workers are forked, so they have it
#: without its being sent.
_SHARED: dict[str, tuple] = {}


def _play(job: tuple, task: tuple) -> list:
    """One rollout: ``task`` is (the position's index, the option played first or None,
    the rollout's seed).  The position is made once (``positions``), and each rollout
    starts from a copy of it, filled in by the game (``Game.rollout_state``)."""
    game, played, bots, positions = job
    index, first, seed = task
    if index not in positions:
        positions[index] = played.state(index)
    start = game.rollout_state(played, index, game.engine.copy(positions[index]),
                               random.Random(seed))
    try:
        return rollout(game, start, bots, seed, first)
    except RuleError as exc:   # (a bot or the position is at fault, not the record)
        raise ReviewError(f"step {index + 1}: a rollout from this position was refused by "
                          f"the rules ({exc}); the record itself is read and replayed as "
                          "it is: this is mclog's fault, and worth reporting") from None


def _play_shared(task: tuple) -> list:
    return _play(_SHARED["job"], task)


#: On a Dask worker: each record it has replayed (by its text), with its positions.
_REPLAYED: dict[tuple, tuple] = {}


def _replayed_on_worker(record: tuple) -> tuple:
    """On a Dask worker: ``record`` is (the game, the record's canonical text, its file),
    replayed once on each worker (a worker may be another machine: it gets the text, not
    this process's objects); returns (the game, the replayed record, its positions)."""
    if record not in _REPLAYED:
        from .record.reading import parse_one

        name, text, file = record
        game = _game_named(name)
        _REPLAYED.clear()   # (one review at a time: a worker keeps the last record)
        # (the rollouts play from its positions: no failed check's slip is looked for)
        _REPLAYED[record] = (game, game.replay(parse_one(text, file), strict=False,
                                               slips=False), {})
    return _REPLAYED[record]


def _play_on_worker(record: tuple, bots: str, tasks: list[tuple]) -> list[list]:
    """Rollouts on a Dask worker."""
    game, played, positions = _replayed_on_worker(record)
    return [_play((game, played, bots, positions), task) for task in tasks]


def _review_on_worker(record: tuple, bots: str, index: int, rollouts: int, seed: int,
                      curve_rollouts: int) -> tuple:
    """A whole decision weighed on a Dask worker (its batches and the sequential rule
    there too, so the client waits once a decision, not once a batch), with the players'
    chances at it: the same figures as weighed here."""
    game, played, positions = _replayed_on_worker(record)
    return _weighed_here((game, played, bots, positions), index, rollouts, seed,
                         curve_rollouts)


def _review_shared(task: tuple) -> tuple:
    """The same on a local process forked with the record (``_SHARED``)."""
    return _weighed_here(_SHARED["job"], *task)


def _weighed_here(job: tuple, index: int, rollouts: int, seed: int,
                  curve_rollouts: int) -> tuple:
    runner = _Runner(*job[:3])
    runner.job = job
    return (_position(runner, index, rollouts, seed),
            _chances(runner, index, curve_rollouts, seed))


class _Runner:
    """Plays rollouts here, across ``jobs`` local processes (forked from this one, so each
    has the record already), or on a Dask cluster (``client``: each worker replays the
    record's text once).  The results come back in the order asked, so a review is the
    same on any number of processes or workers."""

    def __init__(self, game, played, bots: str, jobs: int = 1, client=None) -> None:
        self.job: tuple[Any, Any, str, dict] = (game, played, bots, {})
        self.jobs = processes(jobs, "jobs")
        self.pool: ProcessPoolExecutor | None = None
        self.client = client
        #: What this record's positions gave before (``_cached``).
        self.cache = played.review_cache
        if client is not None:
            self.record = (played.record.game, game.write(played.record),
                           played.record.file)
            self.workers = max(1, len(client.scheduler_info().get("workers", {})))
        elif self.jobs > 1:
            import multiprocessing
            from concurrent import futures

            _SHARED["job"] = self.job
            # (the objects made so far kept out of the collector's sweeps, so that a
            # forked worker's collections do not touch, and copy, every page it shares)
            gc.freeze()
            self.pool = futures.ProcessPoolExecutor(self.jobs,
                                                    mp_context=multiprocessing.get_context("fork"))

    def outcomes(self, tasks: list[tuple]) -> list[list]:
        if len(tasks) >= 2 and self.client is not None:
            size = max(1, -(-len(tasks) // (2 * self.workers)))
            chunks = [tasks[i:i + size] for i in range(0, len(tasks), size)]
            futures = self.client.map(_play_on_worker, [self.record] * len(chunks),
                                      [self.job[2]] * len(chunks), chunks, pure=False)
            return [outcome for chunk in self.client.gather(futures) for outcome in chunk]
        if len(tasks) >= 2 and self.pool is not None:
            chunk = max(1, len(tasks) // (4 * self.jobs))
            return list(self.pool.map(_play_shared, tasks, chunksize=chunk))
        return [_play(self.job, task) for task in tasks]

    def __enter__(self) -> "_Runner":
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            gc.unfreeze()


def chances(played, index: int, *, rollouts: int = 100, seed: int = 0,
            bots: str | None = None, jobs: int = 1, client=None) -> list[float]:
    """Each player's chance to win from the position after ``index`` moves, by
    ``rollouts`` games played out by ``bots`` (the game's ``review_bots`` if None), on
    ``jobs`` processes (or on a Dask ``client``'s workers)."""
    game = _game(played)
    bots = settled(game, bots, rollouts, seed, players=len(played.record.players))
    with _Runner(game, played, bots, jobs, client) as runner:
        return _chances(runner, index, rollouts, seed)


def _chances_key(index: int, rollouts: int, seed: int, bots: str) -> tuple:
    """What a position's win chances are kept under in a record's cache."""
    return ("chances", index, rollouts, seed, bots)


def _position_key(index: int, rollouts: int, seed: int, bots: str,
                  max_options: int = MAX_OPTIONS) -> tuple:
    """What a decision's weighed options are kept under in a record's cache."""
    return ("position", index, rollouts, seed, bots, max_options)


def _chances(runner: _Runner, index: int, rollouts: int, seed: int) -> list[float]:
    key = _chances_key(index, rollouts, seed, runner.job[2])
    if key not in runner.cache:
        outcomes = runner.outcomes([(index, None, _seed(seed, index, r))
                                    for r in range(rollouts)])
        shares = [_winners(outcome) for outcome in outcomes]
        runner.cache[key] = [sum(column) / rollouts for column in zip(*shares)] \
            if shares else []
    return list(runner.cache[key])


def _options(engine, state, played_move, limit: int) -> list:
    """The options a review plays: every legal move (up to ``limit``, spread evenly over
    a longer list), the one played always among them."""
    moves = engine.legal(state)
    if moves is None:
        return [played_move]
    n = len(moves)
    if n <= limit:
        chosen = [moves[i] for i in range(n)]
    else:
        chosen = [moves[round(i * (n - 1) / (limit - 2))] for i in range(limit - 1)]
    if played_move not in chosen:
        chosen.append(played_move)
    unique = []
    for move in chosen:
        if move not in unique:
            unique.append(move)
    return unique


def position(played, index: int, *, rollouts: int = 200, seed: int = 0,
             bots: str | None = None, max_options: int = MAX_OPTIONS,
             jobs: int = 1, client=None, seat: int | None = None) -> Position:
    """The decision taken after ``index`` moves, reviewed (see the module text), its
    rollouts on ``jobs`` processes (or on a Dask ``client``'s workers).  ``seat``: the
    player whose decision it is meant to be (``mclog review --seat Ben --step 22``); a
    step that is another's, or chance's, is then a ``ReviewError`` naming that player's
    nearest decisions, not a review of someone else's move."""
    game = _game(played)
    bots = settled(game, bots, rollouts, seed, players=len(played.record.players))
    if seat is not None and 0 <= index < len(played):   # (before the workers start)
        _decision(game.engine, played, index, seat)
    with _Runner(game, played, bots, jobs, client) as runner:
        return _position(runner, index, rollouts, seed, max_options)


def options_table(played, index: int, *, rollouts: int = 60, seed: int = 0,
                  bots: str | None = None):
    """The decision after ``index`` moves reviewed by rollouts (``position``), as a table
    a notebook shows: each option in words, its chance to win for the player deciding
    with its 95% interval, its mean final score, and which was played (best first).  A
    position no rollout can start from is a ``ReviewError`` in words."""
    import pandas as pd

    found = position(played, index, rollouts=rollouts, seed=seed, bots=bots)
    names = played.record.players
    rows = [{"move": o.text, "chance to win": round(o.estimate.chance, 3),
             "95% from": round(o.estimate.interval[0], 3),
             "95% to": round(o.estimate.interval[1], 3),
             "mean final score": round(o.estimate.score, 1), "rollouts": o.estimate.n,
             "played": "played" if o.played else ""} for o in found.options]
    table = pd.DataFrame(rows)
    table.attrs["question"] = (f"{found.question} (by {found.bots} bots; the move "
                               f"played gave away {found.loss:.0%} of {names[found.seat]}'s "
                               "chance)")
    return table


def _position(runner: _Runner, index: int, rollouts: int, seed: int,
              max_options: int = MAX_OPTIONS) -> Position:
    key = _position_key(index, rollouts, seed, runner.job[2], max_options)
    if key not in runner.cache:
        runner.cache[key] = _weighed(runner, index, rollouts, seed, max_options)
    return runner.cache[key]


def _weighed(runner: _Runner, index: int, rollouts: int, seed: int,
             max_options: int) -> Position:
    """The decision after ``index`` moves, each option rolled out (see ``position``)."""
    game, played, bots, _ = runner.job
    engine = game.engine
    if not 0 <= index < len(played):
        raise ReviewError(f"there is no step {index + 1}: a decision is reviewed at a step "
                          f"of the record, 1 to {len(played)}")
    state, actor = _decision(engine, played, index)
    if not game.options_known(played, index, actor):
        raise ReviewError(f"step {index + 1}: {played.record.players[actor]}'s options "
                          "hang on cards this record's seat did not see")
    played_move = played.steps[index].move
    moves = _options(engine, state, played_move, max_options)
    texts = _texts(game, played, index, moves)
    wins = {i: 0.0 for i in range(len(moves))}
    scores = {i: 0.0 for i in range(len(moves))}
    counts = {i: 0 for i in range(len(moves))}
    alive = set(range(len(moves)))
    r = 0
    while r < rollouts and len(alive) > 1 or (r < rollouts and r < BATCH):
        batch = range(r, min(rollouts, r + BATCH))
        tasks = [(i, (index, moves[i], _seed(seed, index, k)))
                 for i in sorted(alive) for k in batch]
        for (i, _), outcome in zip(tasks, runner.outcomes([t for _, t in tasks])):
            wins[i] += _winners(outcome)[actor]
            scores[i] += _score(outcome[actor])
            counts[i] += 1
        r = batch.stop
        estimates = {i: Estimate(wins[i], counts[i]) for i in alive}
        best_low = max(e.interval[0] for e in estimates.values())
        alive = {i for i in alive if estimates[i].interval[1] >= best_low
                 or moves[i] == played_move}
        if len(alive) == 1:
            break
    options = [Option(m, texts[i], Estimate(wins[i], counts[i],
                                            scores[i] / counts[i] if counts[i] else 0.0),
                      m == played_move) for i, m in enumerate(moves)]
    options.sort(key=lambda o: (-o.estimate.chance, -o.estimate.n, o.text))
    return Position(index, actor, engine.describe(state), options, bots)


def _decision(engine, played, index: int, seat: int | None = None) -> tuple[Any, int]:
    """The position after ``index`` moves and the player who decides there (the player in
    ``seat``, if given); else a ``ReviewError`` in words: whose step it is instead, and
    where the nearest decisions are."""
    state = played.state(index)
    d = engine.decision(state)
    if d is not None and d.actor is not None and seat in (None, d.actor):
        return state, d.actor
    names = played.record.players
    whose = (f"{names[d.actor]}'s decision" if d is not None and d.actor is not None
             else f"chance's ({engine.describe(state)})")
    wanted = "a player's decision" if seat is None else f"{names[seat]}'s"
    raise ReviewError(f"step {index + 1} is {whose}, not {wanted}"
                      f"{_nearest_decisions(engine, played, index, seat)}")


def _nearest_decisions(engine, played, index: int, seat: int | None = None) -> str:
    """Where the decisions nearest step ``index + 1`` are, in words, for a step that is
    not one to review: the step before it and the step after it that a player decided
    (the player in ``seat``, if given)."""

    def decided(i: int) -> bool:
        d = engine.decision(played.state(i))
        return d is not None and d.actor is not None and seat in (None, d.actor)

    before = next((i for i in range(index - 1, -1, -1) if decided(i)), None)
    after = next((i for i in range(index + 1, len(played)) if decided(i)), None)
    steps = [str(i + 1) for i in (before, after) if i is not None]
    name = None if seat is None else played.record.players[seat]
    if not steps:
        return f": {'no player' if name is None else name} decides anything in this record"
    if len(steps) == 1:
        nearest = "the nearest player's" if name is None else f"{name}'s nearest"
        return f"; {nearest} decision is at step {steps[0]}"
    nearest = "the nearest players'" if name is None else f"{name}'s nearest"
    return f"; {nearest} decisions are at steps {steps[0]} and {steps[1]}"


def _texts(game, played, index: int, moves: list) -> list[str]:
    """Each option in words, as the steps are said."""
    return [game.move_text(played, index, m) for m in moves]


def review(played, seat: int | str | None = None, *, rollouts: int = 100, seed: int = 0,
           bots: str | None = None, curve_rollouts: int | None = None,
           progress: Callable[[int, int], None] | None = None, jobs: int = 1,
           client=None) -> Review:
    """Every decision of ``seat`` (a seat number or a player's name; every seat's if
    None) reviewed, and the win-chance curve at each of those steps and at the end;
    ``progress(done, total)`` is told as it goes."""
    game = _game(played)
    engine = game.engine
    bots = settled(game, bots, rollouts, seed, players=len(played.record.players))
    if seat is not None:
        seat = seat_number(seat, played.record.players)
    if curve_rollouts is not None:
        whole(curve_rollouts, "curve_rollouts", 1, MAX_ROLLOUTS)
    todo = []
    for index, step in enumerate(played.steps):
        if step.actor is None or (seat is not None and step.actor != seat):
            continue
        if not game.options_known(played, index, step.actor):
            continue  # (another's hand the record's seat did not see)
        moves = engine.legal(played.state(index))
        if moves is not None and len(moves) < 2:
            continue  # (no choice: nothing to review)
        todo.append(index)
    result = Review(tuple(played.record.players), bots=bots, rollouts=rollouts, seed=seed,
                    note=game.rollout_note(played))
    total = len(todo)
    with _Runner(game, played, bots, jobs, client) as runner:
        spread = _spread(runner, todo, rollouts, seed, curve_rollouts or rollouts, progress)
        for done, index in enumerate(todo):
            result.positions.append(_position(runner, index, rollouts, seed))
            result.curve[index] = _chances(runner, index, curve_rollouts or rollouts, seed)
            if progress is not None and not spread:
                progress(done + 1, total)
        # (at the end of a finished game one rollout says who won)
        result.curve[len(played)] = _chances(runner, len(played), 1 if played.complete
                                             else curve_rollouts or rollouts, seed)
    return result


def as_seen(played, seat: int):
    """``played`` as the player in ``seat`` saw it: the game's view of the record from that
    seat (``Game.seat_view``), replayed, so that a review from it draws what the seat did
    not see rather than knowing it.  A game that hides nothing, or a record already
    written from that seat, is itself; a record written from another seat cannot be seen
    from this one (``ReviewError``)."""
    game = _game(played)
    names = list(played.record.players)
    written = written_from(played.record.tags, names)
    if not game.hidden_information or written == seat:
        return played
    if written is not None:
        raise ReviewError(f"this record is written from {names[written]}'s seat: it cannot "
                          f"be seen as {names[seat]} saw it")
    try:
        return game.replay(game.seat_view(played, seat))
    except (MclogError, ValueError) as exc:
        raise ReviewError(f"this record cannot be seen as {names[seat]} saw it ({exc}): "
                          "review it with everything it knows") from None


def _spread(runner: _Runner, todo: list[int], rollouts: int, seed: int,
            curve_rollouts: int, progress: Callable[[int, int], None] | None) -> bool:
    """On a Dask cluster or local processes, each decision not weighed before is weighed
    whole by a worker, as many at once as there are workers: none waits for a batch of
    another decision's (the review's figures are the same; they land in the record's
    cache).  ``progress`` is told as they finish; returns whether they were spread."""
    bots = runner.job[2]
    keys = {index: (_position_key(index, rollouts, seed, bots),
                    _chances_key(index, curve_rollouts, seed, bots)) for index in todo}
    missing = [i for i in todo if not all(k in runner.cache for k in keys[i])]
    if len(missing) < 2:
        return False
    results: Iterator[tuple[int, Any]]
    if runner.client is not None:
        from dask.distributed import as_completed

        futures = runner.client.map(_review_on_worker, [runner.record] * len(missing),
                                    [bots] * len(missing), missing,
                                    [rollouts] * len(missing), [seed] * len(missing),
                                    [curve_rollouts] * len(missing), pure=False)
        index_of = {future.key: index for future, index in zip(futures, missing)}
        results = ((index_of[f.key], f.result()) for f in as_completed(futures))
    elif runner.pool is not None:
        results = zip(missing, runner.pool.map(
            _review_shared, [(i, rollouts, seed, curve_rollouts) for i in missing]))
    else:
        return False
    done = len(todo) - len(missing)
    for index, (found, shares) in results:
        position_key, chances_key = keys[index]
        runner.cache[position_key] = found
        runner.cache[chances_key] = shares
        done += 1
        if progress is not None:
            progress(done, len(todo))
    return True


def curve(played, *, rollouts: int = 30, seed: int = 0, bots: str | None = None,
          every: int = 1, progress: Callable[[int, int], None] | None = None,
          jobs: int = 1, client=None) -> dict[int, list[float]]:
    """Each player's win chance after every ``every``-th step and at the end (step ->
    chances by seat), for the win-chance graph."""
    game = _game(played)
    bots = settled(game, bots, rollouts, seed, every, len(played.record.players))
    steps = curve_steps(len(played), every)
    out = {}
    with _Runner(game, played, bots, jobs, client) as runner:
        for done, index in enumerate(steps):
            out[index] = _chances(runner, index, rollouts, seed)
            if progress is not None:
                progress(done + 1, len(steps))
    return out


def curve_steps(moves: int, every: int) -> list[int]:
    """The steps a win-chance curve is drawn at: every ``every``-th of a game of ``moves``
    moves, and its end.

    >>> curve_steps(25, 10)
    [0, 10, 20, 25]
    """
    return sorted({*range(0, moves, every), moves})


def curve_chart(played, points: dict[int, list[float]], bots: str):
    """The win-chance graph: a line a player over the steps (plotly; the report draws it
    as SVG with its marker following the step)."""
    import plotly.graph_objects as go
    from html import escape

    fig = go.Figure()
    steps = sorted(points)
    for seat, name in enumerate(played.record.players):
        fig.add_trace(go.Scatter(x=steps, y=[points[i][seat] for i in steps], mode="lines",
                                 line_shape="hv", name=escape(name)))
    fig.update_layout(xaxis_title="step", yaxis_title=f"chance to win ({escape(bots)} bots)",
                      yaxis_range=[0, 1], height=320, margin=dict(l=50, r=10, t=30, b=40))
    return fig


__all__ = ["as_seen", "curve", "curve_chart", "Estimate", "Option", "Position", "Review",
           "ReviewError", "chances", "position", "options_table", "review", "rollout"]
