"""The replay widget for Millionenspiel: a slider and Play button over the steps, the
table drawn (``draw.state_html``), the move in words, and the money chart (log scale)
with a marker at the step shown.  Each step draws one state (``GameReplay.state`` jumps
from the nearest snapshot), so a step costs a few milliseconds at any point of a game."""

from __future__ import annotations

from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from mclog.widget_shell import MarkedChart

from .analysis import money
from .draw import state_html
from .replayer import GameReplay
from .terminal import move_text


def money_chart(game: GameReplay) -> go.Figure:
    """Each player's money over the steps, on a log scale (5 to 1,000,000)."""
    table = money(game)
    fig = go.Figure()
    for name, rows in table.groupby("player", sort=False):
        fig.add_trace(go.Scatter(x=rows.step, y=rows.money.clip(lower=1), mode="lines",
                                 name=escape(str(name)), line_shape="hv"))
    fig.update_layout(yaxis_type="log", yaxis_title="money (log scale)", xaxis_title="step",
                      height=320, margin=dict(l=50, r=10, t=30, b=40),
                      title=escape(game.record.tags.get("Event", "Millionenspiel")))
    return fig


class ReplayWidget(w.VBox):
    def __init__(self, game: GameReplay) -> None:
        self.game = game
        n = len(game)
        self.slider = w.IntSlider(0, 0, n, description="step")
        self.play = w.Play(value=0, min=0, max=n, interval=400)
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.board = w.HTML()
        self.move = w.HTML()
        fig = money_chart(game)
        fig.add_vline(x=0, line_dash="dot")
        self.chart = MarkedChart(fig)
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([w.HBox([self.play, self.slider]), self.move, self.board,
                          self.chart.view])
        self.show(0)

    def show(self, step: int) -> None:
        state = self.game.state(step)
        self.board.value = state_html(state)
        if step:
            before = self.game.state(step - 1)
            text = move_text(self.game.replay.moves[step - 1], self.game.record.names,
                              before) or "keeps the throw"
            self.move.value = f"Step {step} of {len(self.game)}: {escape(text)}"
        else:
            self.move.value = f"Step 0 of {len(self.game)}: the start"
        self.chart.show(step)


def replay_widget(game: GameReplay) -> ReplayWidget:
    """The widget for ``game`` (display it as a notebook cell's last value)."""
    return ReplayWidget(game)
