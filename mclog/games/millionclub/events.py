"""The events of a replayed game: each move, and each automatic step after it.

``play`` carries out a move and then runs the procedure that follows until
the next question, so one move can trigger, say, the whole Stock Exchange
settlement.  To credit points and money to what really caused them, a
``Capture`` watches ``play`` (``flow.Watch``): it is told of the move's own
effect, then of each procedure step, and notes the state after each.  An
event is kept when it changed some player's money or provisional score.

The capture watches the replay that checks the record (``replay(record,
events=True)``: the game is played once); for a game replayed without it,
``events(game)`` plays the game's moves again under a capture.  Points are
counted on what the record settles of its unknown cards, which only its end
tells: once a card is unknown, the capture keeps a copy of the state at each
candidate event and counts them when the record is done (``Capture.finish``).

The first event (index 0) is the setup: the starting money and cards.
Analysis (``mclog.games.millionclub.analysis``) builds its attribution and money tables on
these events; the command line's ``mclog replay`` prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mclog.engine import by_fields

from .rules.board import INTRIGUE, STOCK
from .rules.flow import play
from .rules.scoring import (
    CATEGORIES, WEALTH_STEP, Holdings, bonuses, dominance_bonuses, holdings, leader_bonuses,
    points_of_holdings, seat_points,
)
from .rules.moves import (
    Choose, Draw, Move, MovePawn, Pass, Place, SetAside, StartPlayer, Target,
    UsePrivilege,
)
from .rules.state import Decision, State

if TYPE_CHECKING:
    from .replayed import GameReplay, MoveFacts
from .notation.text import move_text

#: Procedure steps that change money or points on their own, and what a reader calls them.
AUTOMATIC = {
    "disc IV": "Stock Exchange settlement",
    "intrigue": "Intrigue card",
}
#: ... their names, the procedure steps a capture is told of (``flow.Watch.steps``).
SETTLING = frozenset(AUTOMATIC)


@dataclass(slots=True)
class Event:
    """What changed one game's money and provisional scores, and why."""

    step: int             # the move (1-based) it belongs to; 0 for the setup
    round: int
    phase: str
    disc: int | None
    label: str
    actor: int | None     # who decided (None: chance or the rules themselves)
    card: str | None      # the Intrigue card being carried out, if any
    cause: str            # the move's text, or what the rules did
    automatic: bool
    money: list[int]      # each player's money change
    #: Each player's score by category before it and after it (the same dict for a
    #: player it did not change): ``points`` and ``point_change`` tell the change.
    points_before: list[dict[str, int]]
    money_after: list[int]
    points_after: list[dict[str, int]]
    #: For what the rules did on their own after a move (``settlements``): which of the
    #: procedure steps a capture is told of after the move it was (0: the first), so that
    #: the state just before it can be made again when asked (``state_before``) rather
    #: than copied for every game a corpus notes.
    settles: int | None = None
    #: False where the points after it depend on unknown colonies the record leaves open:
    #: they are then counted with one naming of them that fits the whole record
    #: (``GameReplay.hindsight_points``), so the events still add up to the final score,
    #: but which event earned those points is not settled.
    exact: bool = True

    def __init__(self, step: int, round: int, phase: str, disc: int | None, label: str,
                 actor: int | None, card: str | None, cause: str, automatic: bool,
                 money: list[int], points_before: list[dict[str, int]],
                 money_after: list[int], points_after: list[dict[str, int]],
                 settles: int | None = None, exact: bool = True) -> None:
        # (written out: about 80 are made a game, a corpus's hot path; see ``__init__``
        # in mclog/compiled.py)
        self.step = step
        self.round = round
        self.phase = phase
        self.disc = disc
        self.label = label
        self.actor = actor
        self.card = card
        self.cause = cause
        self.automatic = automatic
        self.money = money
        self.points_before = points_before
        self.money_after = money_after
        self.points_after = points_after
        self.settles = settles
        self.exact = exact

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)

    @property
    def points(self) -> list[dict[str, int]]:
        """Each player's score change by category (made when asked: a corpus reads only
        each player's total change).

        >>> before = dict.fromkeys(CATEGORIES, 2)
        >>> after = {**before, "industries": 9}
        >>> event = Event(1, 1, "resolve", 4, "disc IV", None, None, "", True, [0, 0],
        ...               [before, before], [0, 0], [after, before])
        >>> event.points[0]["industries"], sum(event.points[1].values())
        (7, 0)
        >>> event.point_change(0), event.point_change(1)
        (7, 0)
        """
        return [dict.fromkeys(CATEGORIES, 0) if new is old else
                {c: new[c] - old[c] for c in CATEGORIES}
                for new, old in zip(self.points_after, self.points_before)]

    def point_change(self, seat: int) -> int:
        """How much it changed the score of ``seat`` (0-based), all categories together."""
        new, old = self.points_after[seat], self.points_before[seat]
        return 0 if new is old else sum(new.values()) - sum(old.values())


@dataclass(slots=True)
class Noted:
    """What a capture noted of one game: its events, and the price markers and money at
    the end of each round (round 0: the setup) for the timeline."""

    events: list[Event]
    round_ends: dict[int, tuple[dict[str, int], list[int]]]


class _Counted:
    """The points as last counted, with what they were counted from: after a move or a
    procedure step only what changed is counted again.  A player's points are made anew
    only where something of theirs changed (their cards, a bonus that compares the
    players, their wealth), and a bonus only when the counts it compares changed (an
    industry turned changes none).  A corpus notes about 80 events a game, most of them
    one player's card or money (issue 29)."""

    def __init__(self, state: State) -> None:
        self.industries = [list(cards) for cards in state.industries]
        self.colonies = [dict(held) for held in state.colonies]
        self.holdings: list[Holdings] = [holdings(state, seat)
                                         for seat in range(state.players)]
        self.leaders, self.dominance = bonuses(self.holdings)
        self.wealth = [money // WEALTH_STEP for money in state.money]
        self.points = points_of_holdings(self.holdings, state.money)

    def count(self, state: State) -> list[dict[str, int]]:
        """Each player's points now (``scoring.points(state)``): the list counted last
        if nothing changed, and otherwise a new list, holding the same dict as before
        for each player whose points did not change."""
        stale = set()   # (the players whose points are counted again)
        industries_counted = colonies_counted = False   # (what the bonuses compare)
        # (the whole table's cards compared at once first: a fifth of the steps noted
        # change only money)
        if state.industries != self.industries or state.colonies != self.colonies:
            for seat, (cards, held) in enumerate(zip(state.industries, state.colonies)):
                if cards == self.industries[seat] and held == self.colonies[seat]:
                    continue
                self.industries[seat], self.colonies[seat] = list(cards), dict(held)
                before, now = self.holdings[seat], holdings(state, seat)
                self.holdings[seat] = now
                stale.add(seat)
                industries_counted = industries_counted or \
                    now.industry_counts != before.industry_counts
                colonies_counted = colonies_counted or \
                    now.colony_counts != before.colony_counts
        if industries_counted:
            leaders = leader_bonuses(self.holdings)
            stale.update(_changed(self.leaders, leaders))
            self.leaders = leaders
        if colonies_counted:
            dominant = dominance_bonuses(self.holdings)
            stale.update(_changed(self.dominance, dominant))
            self.dominance = dominant
        wealth = [money // WEALTH_STEP for money in state.money]
        if wealth != self.wealth:
            stale.update(_changed(self.wealth, wealth))
            self.wealth = wealth
        if stale:
            self.points = points = list(self.points)
            for seat in stale:
                points[seat] = seat_points(self.holdings[seat], self.leaders[seat],
                                           self.dominance[seat], state.money[seat])
        return self.points


def _changed(old: list[int], new: list[int]) -> list[int]:
    """The players (by seat) whose value differs from ``old`` to ``new``."""
    return [seat for seat, (a, b) in enumerate(zip(old, new)) if a != b]


#: Moves whose own effect cannot change money or holdings (their consequences, if any,
#: come from the procedure steps after them): no need to score the state after them.
_INERT = frozenset({Place, Pass, UsePrivilege, Target, MovePawn, Choose, SetAside, StartPlayer})


def events(game: GameReplay) -> list[Event]:
    """Every event of a replayed game (``mclog.replay(...)``), in order (kept on the game:
    the tables of one game share it)."""
    return noted(game).events


def noted(game: GameReplay) -> Noted:
    """What was noted of a replayed game as it played: at its replay (``events=True``), or
    now, by playing its moves again under a capture (kept on the game)."""
    if game.noted is None:
        replay = game.replay
        state = replay.state(0)
        capture = Capture(state)
        for move, facts in zip(replay.moves, replay.infos):
            capture.play(state, move, facts)
        game.noted = capture.finish(game, state)
    return game.noted


def settlements(game: GameReplay) -> list[Event]:
    """What the rules did on their own after a move that moved money (the Stock Exchange
    settlement, an Intrigue card's payment): the replay widget makes each a step of its
    own, drawn from the state just before it (``state_before``)."""
    return [e for e in events(game) if e.settles is not None]


def state_before(game: GameReplay, event: Event) -> State:
    """The state just before a settlement (one of ``settlements(game)``), as the replay
    had it (unknown cards as handles): its move played again from the state before the
    move, up to that procedure step."""
    if event.settles is None:
        raise ValueError(f"event {event.cause!r} is no settlement: it has no state of its own")
    state = game.replay.state(event.step - 1)
    watch = _Before(event.settles)
    play(state, game.replay.moves[event.step - 1], watch)
    assert watch.state is not None   # (the step was noted as this move was played)
    return watch.state


class _Before:
    """A ``flow.Watch`` that keeps a copy of the state before the procedure step of
    ``SETTLING`` that comes ``nth`` (0: the first) after the move."""

    steps = SETTLING

    def __init__(self, nth: int) -> None:
        self.nth = nth
        self.state: State | None = None

    def moved(self, state: State) -> None:
        pass

    def stepping(self, state: State, frame: tuple) -> None:
        if self.nth == 0:
            self.state = state.copy()
        self.nth -= 1

    def stepped(self, state: State, frame: tuple) -> None:
        pass


def _unknown(state: State) -> bool:
    return any(state.hidden.values())


class Capture:
    """Notes a game's events as its moves are played (a ``flow.Watch``).

    ``play(state, move, facts)`` plays one move with what the replay noted of it
    (``MoveFacts``); ``finish(game, state)`` gives what was noted, once the record is
    done.  Until then an event has no text: a move's is made for the events kept, and
    names a ``?`` card the record settles (``game.steps``).

    >>> import mclog
    >>> game = mclog.replay(mclog.read_one("sample_games/millionclub/duel-2p.mclog"), events=True)
    >>> game.noted.events[0].cause
    'setup: starting money and cards'
    """

    #: The procedure steps it notes (``flow.Watch.steps``): what the rules do on their
    #: own that moves money.
    steps = SETTLING

    def __init__(self, state: State) -> None:
        self.n = state.players
        self.counted = _Counted(state)
        self.money, self.points = list(state.money), self.counted.points
        nothing = dict.fromkeys(CATEGORIES, 0)
        self.out = [Event(0, 0, "setup", None, "setup", None, None,
                          "setup: starting money and cards", True, self.money,
                          [nothing] * self.n, self.money, self.points)]
        self.round = state.round
        self.round_ends: dict[int, tuple[dict[str, int], list[int]]] = {}
        #: Once a card is unknown: each candidate event with a copy of the state after it,
        #: counted at ``finish`` on what the record settles of the card.
        self.pending: list[tuple[Callable[[], Event], State]] | None = None
        self.moves = 0
        #: The move being played, what the replayer knows of it, and the question it answers.
        self._move: Any = None
        self._facts: Any = None
        self._decision: Decision | None = None
        #: How many procedure steps it was told of since the move (``Event.settles``).
        self._stepped = 0

    # --- as the game plays ----------------------------------------------------------------

    def play(self, state: State, move: Move, facts: MoveFacts) -> None:
        """Play ``move`` on ``state`` (``flow.play``, which checks it) and note what it did."""
        if facts.round != self.round:  # the state after the last move of a round
            self.round_ends[self.round] = (dict(state.prices), list(state.money))
            self.round = facts.round
        self.moves += 1
        self._move, self._facts, self._decision = move, facts, state.decision
        self._stepped = 0
        play(state, move, self)

    def moved(self, state: State) -> None:
        move, d, kind = self._move, self._decision, type(self._move)
        assert d is not None   # (every move answers a question)
        if kind in _INERT or (kind is Draw and d.dest == "hand"):
            return
        index, (round_, phase, _, _, disc, label) = self.moves, self._facts
        card = move.card if kind is Draw and d.dest == "machiavelli" else d.card or None

        def event() -> Event:
            return Event(index, round_, phase, disc, label, d.actor, card, "", False,
                         [], [], [], [])

        self._note(state, event)

    def stepping(self, state: State, frame: tuple) -> None:   # (one of ``steps``)
        pass

    def stepped(self, state: State, frame: tuple) -> None:
        name = frame[0]
        index, (round_, _, _, _, _, label) = self.moves, self._facts
        nth, self._stepped = self._stepped, self._stepped + 1
        intrigue = name == "intrigue"
        actor, card = (frame[2], frame[1]) if intrigue else (None, None)
        cause = f"{AUTOMATIC[name]}: {card}" if card else AUTOMATIC[name]

        def event() -> Event:
            return Event(index, round_, "resolve", INTRIGUE if intrigue else STOCK, label,
                         actor, card, cause, True, [], [], [], [], settles=nth)

        self._note(state, event)

    def _note(self, state: State, event: Callable[[], Event]) -> None:
        if self.pending is None and _unknown(state):
            self.pending = []
        if self.pending is not None:
            self.pending.append((event, state.copy()))
            return
        points = self.counted.count(state)
        if points is self.points and state.money == self.money:
            return   # (nothing changed: no event)
        self.money, self.points = _note(self.out, self.money, self.points, list(state.money),
                                        points, self.n, event)

    # --- once the record is done ----------------------------------------------------------

    def finish(self, game: GameReplay, state: State) -> Noted:
        """What was noted, ``state`` being the last one (``game``: the replayed record,
        which now tells what its unknown cards are)."""
        self.round_ends[self.round] = (dict(state.prices), list(state.money))
        out, n = self.out, self.n
        for event, after in self.pending or ():
            # counted in hindsight: the colonies the whole record settles, and one naming
            # that fits it where it does not (so a reveal at the end changes no score)
            view = game.known_view(after)
            exact = game.totals_settled(view)
            kept = len(out)
            self.money, self.points = _note(out, self.money, self.points, list(view.money),
                                            game.hindsight_points(view), n, event)
            if len(out) > kept and not exact:
                out[-1].exact = False
        moves = game.replay.moves
        if game.revealed and moves:  # what the reveal tells of colonies no move named
            last, round_ = len(moves), game.replay.infos[-1].round
            view = game.known_view(state.copy(), final=True)
            _note(out, self.money, self.points, list(view.money), game.hindsight_points(view),
                  n, lambda: Event(last, round_, "game over", None, "reveal", None, None,
                                   "reveal: the colonies shown at the end", True, [], [], [], []))
        table, steps = game.record.table, game.steps if game.took else None
        for e in out:
            if not e.automatic:  # (a ? the record settles is named, as in steps)
                e.cause = steps[e.step - 1].text if steps else move_text(moves[e.step - 1], table)
        return Noted(out, self.round_ends)


def _note(out: list[Event], money: list[int], points: list[dict[str, int]],
          new_money: list[int], new_points: list[dict[str, int]], n: int,
          make_event: Callable[[], Event]) -> tuple[list[int], list[dict[str, int]]]:
    """Append the event ``make_event()`` if the money or points changed from ``money`` and
    ``points`` to ``new_money`` and ``new_points``; return the new ones.  (The event is
    made only when kept: its text costs something.)"""
    if new_money == money and new_points == points:
        return money, points
    # (something changed: an event; its points by category are told when asked)
    event = make_event()
    event.money = [new_money[p] - money[p] for p in range(n)]
    event.points_before = points
    event.money_after, event.points_after = new_money, new_points
    out.append(event)
    return new_money, new_points
