"""The replay widget: step through a game on a drawn board, with the score story.

``replay_widget(game)`` returns a ``ReplayWidget`` (an ipywidgets ``VBox``): a Play
button with its tempo and a step slider, previous/next move and previous/next round
buttons, a round/disc selector that follows the step, the move with its source line,
its comment and what the rules then did on their own, the board
(``mclog.games.millionclub.draw``), every player's provisional score and rank (the
winner and the ranking at the end), and one chart of the score and the prices over the
whole game with a marker at the current step (a click on a point jumps there).
Everything it shows is computed by ``show(step)``, which the slider's observer calls,
so tests set ``widget.slider.value`` and read ``widget.board.value``,
``widget.move.value`` and ``widget.chart``.
"""

from __future__ import annotations

from html import escape


import ipywidgets as w

from .analysis import player_colours, prices, timeline
from .rules.board import DISC_NAMES
from .board_svg import board_svg
from .rules.flow import describe_decision
from .viz import story_chart
from mclog.widget_shell import MarkedChart


def _automatic(game) -> dict[int, list[str]]:
    """What the rules did on their own after each step, with what it changed: "Stock
    Exchange settlement: Ann +3, Cleo +3, Ben -2" (the game's automatic events)."""
    from .events import events

    names = game.record.table.names
    out: dict[int, list[str]] = {}
    for e in events(game):
        if e.automatic and any(e.money):
            changes = ", ".join(f"{n} {d:+d}" for n, d in zip(names, e.money) if d)
            out.setdefault(e.step, []).append(f"{e.cause}: {changes} (million)")
    return out


def _stops(game) -> list[tuple[str, int]]:
    """(label, step) for the start of every round and of every disc resolved in it, and
    for every settlement the rules make on their own (the Stock Exchange's, say: jump to
    the step after which it happened)."""
    from .events import events

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
        stops.append((f"Round {step.round}: {what}", step.index - 1))
    labels = {at: label for label, at in stops}
    for e in events(game):  # what the rules did just before a stop, or a stop of its own
        if e.automatic and e.step and any(e.money):
            before = labels.get(e.step)
            labels[e.step] = (f"{before} ({e.cause} done)" if before else
                              f"Round {e.round}: {e.cause} (after step {e.step})")
    return [(label, at) for at, label in sorted(labels.items())]


class ReplayWidget(w.VBox):
    """A game on a board, one step at a time (see the module docstring)."""

    def __init__(self, game, *, interval_ms: int = 600) -> None:
        self.game = game
        n = len(game)
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step",
                                  continuous_update=True, layout=w.Layout(width="380px"))
        self.play = w.Play(value=0, min=0, max=n, interval=interval_ms, description="Play")
        w.jslink((self.play, "value"), (self.slider, "value"))
        # Outside a browser jslink does nothing; keep the two in step from Python too.
        self.play.observe(self._from_play, names="value")
        button = w.Layout(width="auto", min_width="96px")
        self.prev_move = w.Button(description="◀ move", layout=button)
        self.next_move = w.Button(description="move ▶", layout=button)
        self.prev_round = w.Button(description="◀◀ round", layout=button)
        self.next_round = w.Button(description="round ▶▶", layout=button)
        self.stops = _stops(game)
        self.selector = w.Dropdown(options=self.stops, value=0, description="jump to",
                                   layout=w.Layout(width="auto"))
        self.board = w.HTML()
        self.move = w.HTML(layout=w.Layout(min_height="44px"))  # (two lines: no jump)
        self.prices = prices(game)
        #: Every player's provisional score after every step.
        self.timeline = timeline(game)
        self.totals = self.timeline.pivot(index="step", columns="player", values="total")
        self.money = self.timeline.pivot(index="step", columns="player", values="money")
        self.score = w.HTML()
        #: The score graph and the price chart, one figure with one step marker
        #: (``layout.shapes[0]`` of ``chart``): a step moves one shape.
        self.marked = MarkedChart(story_chart(self.timeline, self.prices,
                                              player_colours(game)))
        self.chart = self.marked.figure
        self.chart_view = self.marked.view
        for trace in self.chart.data:  # a click on a point jumps there
            trace.on_click(lambda trace, points, selector: points.xs and
                           self.go(int(points.xs[0])))
        self._following = False  # (the jump list is being set to follow the step)
        #: What the rules did on their own after each step (a settlement), in words.
        self.automatic = _automatic(game)
        self.prev_move.on_click(lambda _: self.go(self.slider.value - 1))
        self.next_move.on_click(lambda _: self.go(self.slider.value + 1))
        self.prev_round.on_click(lambda _: self.go(self._round_edge(-1)))
        self.next_round.on_click(lambda _: self.go(self._round_edge(+1)))
        self.selector.observe(self._from_selector, names="value")
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        #: Play's tempo: the time between two steps (the Play button's interval).
        self.speed = w.Dropdown(options=[("slow", 1200), ("normal", 600), ("fast", 300),
                                         ("fastest", 150)],
                                value=min((1200, 600, 300, 150),
                                          key=lambda ms: abs(ms - interval_ms)),
                                description="tempo", layout=w.Layout(width="160px"))
        self.speed.observe(lambda change: setattr(self.play, "interval", change["new"]),
                           names="value")
        controls = w.HBox([self.play, self.speed, self.slider, self.prev_round,
                           self.prev_move, self.next_move, self.next_round],
                          layout=w.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.selector, self.move, self.board, self.score,
                          self.chart_view],
                         layout=w.Layout(min_height="1250px"))  # (no jump while stepping)
        self.show(0)

    # --- navigation -----------------------------------------------------------

    def go(self, step: int) -> None:
        """Move to ``step`` (clamped to the game)."""
        self.slider.value = max(0, min(len(self.game), step))

    def _from_selector(self, change) -> None:
        if not self._following:
            self.go(change["new"])

    def _from_play(self, change) -> None:
        if self.slider.value != change["new"]:
            self.slider.value = change["new"]

    def _round_edge(self, direction: int) -> int:
        """The start of the next round, or of this round (or the previous one)."""
        starts = [0] + [s for label, s in self.stops if label.endswith("placement")]
        here = self.slider.value
        if direction > 0:
            later = [s for s in starts if s > here]
            return later[0] if later else len(self.game)
        earlier = [s for s in starts if s < here]
        return earlier[-1] if earlier else 0

    # --- drawing --------------------------------------------------------------------

    def show(self, step: int) -> None:
        """Draw the state after ``step`` moves: board, move text, chart marker."""
        state = self.game.state(step)
        self.board.value = board_svg(state, next_question=describe_decision(state))
        self.move.value = self.move_html(step)
        self.score.value = self.score_html(step)
        self.marked.show(step)
        if self.play.value != step:
            self.play.value = step
        here = max(s for _, s in self.stops if s <= step)  # the jump list follows
        if self.selector.value != here:
            self._following = True
            try:
                self.selector.value = here
            finally:
                self._following = False

    def score_html(self, step: int) -> str:
        """Every player's provisional score and rank after ``step`` (ties: money, R21);
        at the end of a complete game, the winner and the final ranking."""
        if step == len(self.game) and self.game.complete:
            rows = sorted(self.game.scores(), key=lambda r: r.rank)
            ranking = " &middot; ".join(
                f"{r.rank}. {escape(r.name)} {r.total}" + (
                    "" if r.exact else f" ({r.total_range[0]}-{r.total_range[1]})")
                for r in rows)
            return (f"<b>{escape(rows[0].name)} wins.</b> Final ranking: {ranking} "
                    "(equal scores: the richer ranks first, R21)")
        totals, money = self.totals.loc[step], self.money.loc[step]
        order = sorted(totals.index, key=lambda name: (-totals[name], -money[name]))
        ranking = " &middot; ".join(f"{i}. {escape(name)} {totals[name]}"
                                    for i, name in enumerate(order, 1))
        return f"Provisional score (the final scoring applied now): {ranking}"

    def move_html(self, step: int) -> str:
        if step == 0:
            return "<b>Setup</b>: the table before the first move"
        s = self.game.steps[step - 1]
        where = f"line {s.line}" if s.line else "simulated"
        comment = "".join(f" <i>{{{escape(c)}}}</i>" for c in s.comments)
        then = "".join(f"<br>&rarr; then the rules: {escape(text)}"
                       for text in self.automatic.get(step, []))
        return (f"<b>Step {step}</b> of {len(self.game)} &middot; {where} &middot; "
                f"<code>{escape(s.text)}</code>{comment}{then}")


def replay_widget(game, **kw) -> ReplayWidget:
    """The replay widget of a replayed game (``mclog.replay(record)``)."""
    return ReplayWidget(game, **kw)


__all__ = ["ReplayWidget", "replay_widget"]
