"""The events of a replayed game: each move, and each automatic step after it.

``play`` carries out a move and then runs the procedure that follows until
the next question, so one move can trigger, say, the whole Stock Exchange
settlement.  To credit points and money to what really caused them, this
module replays the game with the engine's own pieces, one at a time: the
move's handler, then each procedure step, noting the state after each.  An
event is kept when it changed some player's money or provisional score.

The first event (index 0) is the setup: the starting money and cards.
Analysis (``mclog.games.millionclub.analysis``) builds its attribution and money tables on
these events; the command line's ``mclog replay`` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules.board import INTRIGUE, STOCK
from .rules.flow import HANDLERS, STEPS
from .rules.scoring import CATEGORIES, points
from .rules.moves import (
    Choose, Draw, MovePawn, Pass, Place, SetAside, StartPlayer, Target, Turn, UsePrivilege,
)
from .rules.state import State
from .notation.text import move_text

#: Procedure steps that change money or points on their own, and what a reader calls them.
AUTOMATIC = {
    "disc IV": "Stock Exchange settlement",
    "intrigue": "Intrigue card",
}


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
    points: list[dict[str, int]]  # each player's score change by category
    money_after: list[int]
    points_after: list[dict[str, int]] | None = None  # each player's score by category
    #: For what the rules did on their own: the state just before it (``settlements``).
    before: State | None = None


def _snapshot(state: State) -> tuple[list[int], list[dict[str, int]]]:
    return list(state.money), points(state)


#: Moves whose own effect cannot change money or holdings (their consequences, if any,
#: come from the procedure steps after them): no need to score the state after them.
_INERT = frozenset({Place, Pass, UsePrivilege, Target, MovePawn, Choose, SetAside, StartPlayer})


def events(game) -> list[Event]:
    """Every event of a replayed game (``mclog.replay(...)``), in order (kept on the game:
    the tables of one game share it)."""
    cached = getattr(game, "_events", None)
    if cached is not None:
        return cached
    out = _events(game, keep_before=True)  # (a dozen states a game, for ``settlements``)
    game._events = out
    return out


def settlements(game) -> list[Event]:
    """What the rules did on their own that moved money (the Stock Exchange settlement,
    an Intrigue card's payment), each with the state just before it (``before``): the
    replay widget makes each a step of its own."""
    return [e for e in events(game) if e.before is not None]


def _events(game, after_step=None, keep_before: bool = False) -> list[Event]:
    """The events; ``after_step(index, move, facts, state)``, if given, sees the state
    after each move and the procedure it set off (the corpus reads prices and placements
    there, so that this walk through the game is the only one besides the replay).

    The walk reads the moves and what the replay noted of each (``MoveFacts``), not
    ``game.steps``, which it would have to build first; a move's text is made only for
    the events kept."""
    state = game.replay.state(0)
    # Points are counted on what the record settles of its unknown cards, never a guess.
    view = (lambda s: game.known_view(s.copy())) if game.variables else (lambda s: s)
    money, points = _snapshot(view(state))
    n = state.players
    out = [Event(0, 0, "setup", None, "setup", None, None, "setup: starting money and cards",
                 True, money, points, money, points)]
    table = game.record.table

    def text(index: int, move) -> str:  # (a ? the record settles is named, as in steps)
        return game.steps[index - 1].text if game.took else move_text(move, table)

    replay = game.replay
    for index, (move, facts) in enumerate(zip(replay.moves, replay.infos), 1):
        round_, phase, _, _, disc_of, label = facts
        d = state.decision
        card = d.card if d.card else None
        kind = type(move)
        if kind is Choose or (kind is Draw and d.dest == "machiavelli"):
            card = move.card
        # the move's own effect
        state.decision = None
        if kind is Turn:
            holding = len(state.industries[move.player])
        HANDLERS[d.kind].moves[kind](state, d, move)
        if kind is Turn and not game.variables and len(state.industries[move.player]) == holding:
            # (an industry turn changes one card's level and the player's money, nothing
            # else: only that player's industries and wealth are counted again, the most
            # common scoring of a game at a fraction of the cost)
            money, points = _note(out, state, money, points, n, lambda: Event(
                index, round_, phase, disc_of, label, d.actor, card, text(index, move),
                False, [], [], []), turned=move.player)
        elif kind not in _INERT and not (kind is Draw and d.dest == "hand"):
            money, points = _note(out, view(state), money, points, n, lambda: Event(
                index, round_, phase, disc_of, label, d.actor, card, text(index, move),
                False, [], [], []))
        # then the procedure, one step at a time
        agenda = state.agenda
        while state.decision is None and agenda:
            frame = agenda.pop()
            name = frame[0]
            before = state.copy() if keep_before and name in AUTOMATIC else None
            STEPS[name](state, frame)
            if name in AUTOMATIC:
                actor = frame[2] if name == "intrigue" else None
                fcard = frame[1] if name == "intrigue" else None
                cause = (f"{AUTOMATIC[name]}: {fcard}" if fcard else AUTOMATIC[name])
                disc = INTRIGUE if name == "intrigue" else STOCK
                money, points = _note(out, state, money, points, n, lambda: Event(
                    index, round_, "resolve", disc, label, actor, fcard, cause,
                    True, [], [], [], before=before), money_only=True)
        if after_step is not None:
            after_step(index, move, facts, state)
    if game.revealed and replay.moves:  # what the reveal tells of colonies no move named
        last = len(replay.moves)
        _note(out, game.known_view(state.copy(), final=True), money, points, n, lambda: Event(
            last, replay.infos[-1].round, "game over", None, "reveal", None, None,
            "reveal: the colonies shown at the end", True, [], [], []))
    return out


def _note(out, state, money, points, n, make_event, money_only: bool = False,
          turned: int | None = None):
    """Append the event ``make_event()`` if the state changed; return the new money and
    points.  (The event is made only when kept: its text costs something.)  The
    automatic steps only move money (the Stock Exchange, a Racket, Capitalisation),
    so for them only the wealth is counted again; after an industry turn of the seat
    ``turned`` (its cards the same, one level changed), only that seat's industries and
    wealth."""
    if money_only:
        new_money = list(state.money)
        if new_money == money:
            return money, points
        new_points = [dict(p, wealth=m // 4) for p, m in zip(points, new_money)]
    elif turned is not None:
        new_money = list(state.money)
        new_points = list(points)
        new_points[turned] = dict(
            points[turned], wealth=new_money[turned] // 4,
            industries=sum(c.level + c.bonus for c in state.industries[turned]))
    else:
        new_money, new_points = _snapshot(state)
    if new_money == money and new_points == points:
        return money, points
    dm = [new_money[p] - money[p] for p in range(n)]
    dp = [{c: new_points[p][c] - points[p][c] for c in CATEGORIES} for p in range(n)]
    if any(dm) or any(v for d in dp for v in d.values()):
        event = make_event()
        event.money, event.points, event.money_after = dm, dp, new_money
        event.points_after = new_points
        out.append(event)
    return new_money, new_points
