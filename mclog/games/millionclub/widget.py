"""The replay widget: step through a game on a drawn board, with the score story.

``replay_widget(game)`` returns a ``ReplayWidget``, the shared replay widget
(``mclog.widget_shell.StepWidget``) with Million Club's hooks: a Play button with its
tempo and a step slider, previous/next move and previous/next round
buttons, a round/disc selector that follows the step, the move with its source line,
its comment and what the rules then did on their own, the board
(``mclog.games.millionclub.draw``), every player's provisional score and rank (the
winner and the ranking at the end), and one chart of the score and the prices over the
whole game with a marker at the current step (a click on a point jumps there).
What the rules do on their own (the Stock Exchange settlement, an Intrigue card's
payment) is a step of its own: the slider, the buttons and the jump list go through
**positions**, each a move or a settlement after it (``Position``), and the board before
a settlement shows the table as the move left it, the settlement then moving the money.
Everything it shows is computed by ``show(position)``, which the slider's observer
calls, so tests set ``widget.slider.value`` (a position; ``go(step)`` goes to a move)
and read ``widget.board.value``, ``widget.move.value`` and ``widget.chart``.

On a seat's record whose unknown colonies leave scores open, the page is drawn at once
with safe bounds where a range needs a search, and drawn again with the exact ranges
once a background thread has found them (``ranges_ready``; ``scores_at`` and
``score_html`` asked from Python are exact at any time).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from html import escape
from typing import Any

from mclog.arguments import of_game

from .analysis import player_colours, prices, timeline
from .rules.board import DISC_NAMES
from .board_svg import board_svg
from .events import settlements, state_before
from .rules.common import _and
from .rules.flow import describe_decision
from .rules.scoring import ranked, sure_winners
from .viz import story_chart
from mclog import background
from mclog.widget_shell import MarkedChart, Shown, StepWidget


#: What a score whose ranges are still safe bounds says, until the exact ones come.
FINDING = "(narrowing the ranges: the exact ones follow in a moment)"


@dataclass(frozen=True)
class Position:
    """A place the replay can stand: after move ``step`` (0: the setup), or after the
    ``settlement``-th thing the rules did on their own after that move."""

    step: int
    settlement: int | None = None


def _positions(game, settled: dict[int, list]) -> list[Position]:
    out = [Position(0)]
    for step in range(1, len(game) + 1):
        out.append(Position(step))
        out += [Position(step, k) for k in range(len(settled.get(step, ())))]
    return out


def _changes(names, event) -> str:
    return ", ".join(f"{n} {d:+d}" for n, d in zip(names, event.money) if d)


def _stops(game, positions: list[Position], settled: dict[int, list]) -> list[tuple[str, int]]:
    """(label, position) for the start of every round and of every disc resolved in it,
    and for every settlement the rules make on their own."""
    at = {p: i for i, p in enumerate(positions)}

    def after(step: int) -> int:  # the position after a move and all it set off
        n = len(settled.get(step, ()))
        return at[Position(step, n - 1)] if n else at[Position(step)]

    stops: list[tuple[str, int]] = [("Setup", 0)]
    seen = set()
    for step in game.steps:
        if step.round == 0:
            continue
        key = (step.round, step.disc if step.phase == "resolve" else step.phase)
        if key in seen:
            continue
        seen.add(key)
        what = DISC_NAMES[step.disc] if step.phase == "resolve" else {
            "placement": "placement", "round end": "end of round"}.get(step.phase, step.phase)
        stops.append((f"Round {step.round}: {what}", after(step.index - 1)))
    labels: dict[int, str] = {}
    for label, position in stops:
        labels[position] = label
    for step, events in settled.items():
        for k, e in enumerate(events):
            position = at[Position(step, k)]
            then = labels.get(position)  # a disc that starts once the rules are done
            what = e.cause + (f", then {then.split(': ', 1)[1]}" if then else "")
            labels[position] = f"Round {e.round}: {what}"
    if game.complete:  # the end: the final scores, after all the rules did
        labels[len(positions) - 1] = "Final scores"
    return sorted(((label, position) for position, label in labels.items()),
                  key=lambda s: s[1])


class ReplayWidget(StepWidget):
    """A game on a board, one step at a time (see the module docstring): the shared
    replay widget, whose positions are the moves and the settlements after them, with
    a jump list by round and disc, round buttons, the score story beside the board and
    the score and price chart under it."""

    parts = ["move", "board", "score"]
    step_word = "move"

    def __init__(self, game, *, interval_ms: int = 600, wait_for_ranges: bool = False
                 ) -> None:
        #: What the page shows first: where a score range takes a search (colonies a
        #: seat's record leaves unknown), the record with safe bounds instead (true, maybe
        #: wider: ``GameReplay.with_safe_ranges``), drawn at once; the exact ranges are
        #: found in the background and the page then shows them (``ranges_ready`` is set).
        #: ``wait_for_ranges``: find them first (the widget is built with them).
        shown = game.with_safe_ranges() if game.variables and not wait_for_ranges else game
        self.shown_game = shown
        #: What the rules did on their own after each move, with the state before each.
        self.settled: dict[int, list] = {}
        self._settled_states: dict[tuple, Any] = {}   # (``_before``'s, once made)
        for e in settlements(shown):
            self.settled.setdefault(e.step, []).append(e)
        names = game.record.table.names
        #: What the rules did on their own after each step, in words (for the move's text).
        self.automatic = {step: [f"{e.cause}: {_changes(names, e)} (million)" for e in events]
                          for step, events in self.settled.items()}
        self.score = Shown()
        self.prices = prices(game)
        #: Every player's provisional score after every step.
        self.timeline = timeline(shown)
        from . import GAME

        super().__init__(GAME, game, interval_ms=interval_ms)
        self.chart, self.chart_view = self.story.figure, self.story.view
        #: Set once every step shows its exact score ranges: at once where none takes a
        #: search, else when the background finds them (``ranges_error``: what stopped it,
        #: the safe bounds then staying).
        self.ranges_ready = threading.Event()
        self.ranges_error: Exception | None = None
        if shown is not game and shown.range_budget.spent:
            background.start(self._exact_ranges, name="mclog score ranges",
                             stop=game.range_budget.end)
        else:
            self.ranges_ready.set()

    # --- the hooks of the shared widget ---------------------------------------------

    def make_positions(self) -> list:
        """Every move, and every settlement after a move."""
        positions = _positions(self.played, self.settled)
        self.position_of = {p: i for i, p in enumerate(positions)}
        return positions

    def step_of(self, position: int) -> int:
        return self.positions[position].step

    def position_at(self, step: int) -> int:
        return self.position_of[Position(step)]

    def make_stops(self) -> list[tuple[str, int]]:
        return _stops(self.played, self.positions, self.settled)

    def make_round_starts(self) -> list[int]:
        return [s for label, s in self.stops if label.endswith("placement")]

    def make_chart(self, chart: tuple | None) -> MarkedChart:
        """The score graph and the price chart, one figure; a click on a point jumps
        there (in the page: the stepper hears the chart's clicks)."""
        #: (the same as ``marked``, which a game without a chart has not)
        self.story = MarkedChart(story_chart(self.timeline, self.prices,
                                             player_colours(self.played)))
        return self.story

    def frame(self, position: int) -> list[str]:
        return self._frame(position, self.shown_game)

    def shown(self, position: int) -> None:
        _, self.board.value, self.score.value = self.frames[position]
        self.move.value = self.step_html(position)

    # --- the exact ranges, found in the background --------------------------------

    def _exact_ranges(self) -> None:
        """Every step drawn again with its exact score ranges (a search each, in the
        background, the page showing the safe bounds meanwhile), then shown."""
        try:
            try:
                table = timeline(self.played)
                frames = [self._frame(p, self.played) for p in range(len(self.positions))]
                self.story.redraw(story_chart(table, self.prices,
                                              player_colours(self.played)))
                self.timeline = table
            except Exception as exc:   # (the safe bounds stay, true if wider, and say so)
                self.ranges_error = exc
                said = escape(f"(safe bounds: the exact ranges could not be found: {exc})")
                frames = [[move, board, score.replace(FINDING, said)]
                          for move, board, score in self.frames]
            self.frames = frames
            self.stepper.redraw(frames)
            _, self.board.value, self.score.value = frames[self.slider.value]
        finally:
            self.ranges_ready.set()

    # --- drawing --------------------------------------------------------------------

    def _to_come(self, position: int) -> list:
        """The settlements after ``position``'s move still to come there (none once they
        are all done)."""
        p = self.positions[position]
        return self.settled.get(p.step, [])[0 if p.settlement is None else p.settlement + 1:]

    def _before(self, settlement):
        """The state just before ``settlement`` (one of ``settled``), as a copy of its own
        (the views change what they are given): made again from its move when first
        asked (``events.state_before``), then kept."""
        key = (settlement.step, settlement.settles)
        state = self._settled_states.get(key)
        if state is None:
            state = self._settled_states[key] = state_before(self.played, settlement)
        return state.copy()

    def state_at(self, position: int, game=None):
        """The table at ``position``: after a move, before what the rules did on their
        own after it; after a settlement, before the next one (if any).  (``game``: the
        record to ask, by default the widget's.)"""
        game = self.played if game is None else game
        to_come = self._to_come(position)
        if to_come:
            return game.known_view(self._before(to_come[0]))
        return game.state(self.positions[position].step)

    def scores_at(self, position: int, game=None) -> list:
        """Every player's score at ``position`` as the whole record settles it, a range
        where it leaves unknown colonies open (``GameReplay.scores_of``: the one answer
        every view gives; asked here, it is exact whatever the page shows so far)."""
        game = self.played if game is None else game
        to_come = self._to_come(position)
        if to_come:
            return game.scores_of(self._before(to_come[0]))
        return game.score_at(self.positions[position].step)

    def _frame(self, position: int, game) -> list[str]:
        """The move's text, the board and the score at ``position``, as HTML, as ``game``
        (the widget's record, or the one with safe ranges) tells them."""
        state = self.state_at(position, game)
        rows = self.scores_at(position, game)
        to_come = self._to_come(position)
        next_question = (f"the rules: {to_come[0].cause}" if to_come
                         else describe_decision(state))
        score = self.score_html(position, rows)
        if game is not self.played and game.range_budget.spent and \
                not all(r.exact for r in rows):   # (some range so far was a safe bound)
            score += f" <i>{FINDING}</i>"
        return [f'<div style="min-height:2.8em">{self.step_html(position)}</div>',
                board_svg(state, next_question=next_question, scores=rows), score]

    def score_html(self, position: int, rows=None) -> str:
        """Every player's provisional score and rank at ``position`` (ties: money, R21), a
        range where the record leaves unknown colonies open; at the end of a complete
        game, the final ranking, and the winner when no naming of the unknown colonies
        could change who wins."""
        rows = rows if rows is not None else self.scores_at(position)
        ranking = " &middot; ".join(
            f"{r.rank_text}. {escape(r.name)} {r.total_text}" for r in ranked(rows))
        open_ = "" if all(r.exact for r in rows) else (
            " (a range such as 12-15: colonies the record does not name leave it open)")
        if position == len(self.positions) - 1 and self.played.complete:
            winners = sure_winners(rows)
            said = (f"<b>{_and([escape(r.name) for r in winners])} "
                    f"{'wins' if len(winners) == 1 else 'share first place'}.</b> "
                    if winners else "<b>The record does not settle who wins yet.</b> ")
            return (f"{said}Final ranking: {ranking}{open_} "
                    "(equal scores: the richer ranks first, R21)")
        return f"Provisional score (the final scoring applied now): {ranking}{open_}"

    def step_html(self, position: int) -> str:
        """What the step ``position`` is, in words.  A step is a place the slider stops
        (each move, and each settlement the rules make on their own after one): the
        slider, this text and the jump list count the same steps; the move's own number
        is said beside."""
        p = self.positions[position]
        last = len(self.positions) - 1
        head = f"<b>Step {position} of {last}</b>"
        if p.step == 0:
            return f"{head} &middot; Setup: the table before the first move"
        s = self.played.steps[p.step - 1]
        where = f"line {s.line}" if s.line else "simulated"
        if p.settlement is not None:
            e = self.settled[p.step][p.settlement]
            names = self.played.record.table.names
            return (f"{head} &middot; <b>Round {e.round}: {escape(e.cause)}</b> &middot; the "
                    f"rules, after move {p.step} &middot; {escape(_changes(names, e))} "
                    "(million)")
        comment = "".join(f" <i>{{{escape(c)}}}</i>" for c in s.comments)
        then = "".join(f"<br>&rarr; then the rules: {escape(text)}"
                       for text in self.automatic.get(p.step, []))
        return (f"{head} &middot; move {p.step} of {len(self.played)} &middot; {where} &middot; "
                f"<code>{escape(s.text)}</code>{comment}{then}")


@of_game
def replay_widget(game, **kw) -> ReplayWidget:
    """The replay widget of a replayed game (``mclog.replay(record)``); any game's is
    ``mclog.widgets.replay``."""
    return ReplayWidget(game, **kw)


__all__ = ["ReplayWidget", "replay_widget"]
